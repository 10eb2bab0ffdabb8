"""Railroad Ink with the Deep Blue river and lake dice: a 7 × 7 board each, dice shared
by all players, and scoring that can also be watched step by step.

    >>> from zuzlab import ink
    >>> board = ink.Board.from_anu("A4A10A4B10")
    >>> ink.score(board).total
    >>> game = ink.play_game("lake", seed=1, bots="greedy")

The entry points are those of every zuzlab engine (``zuzlab.core.Engine``); this
package imports no plotting or widget library.
"""

from __future__ import annotations

from ..core import Engine, Event, RuleViolation
from . import bots, rules, steps, tiles
from .board import CENTRE, EXITS, Board, Placement, legal_placements, square_index, square_name
from .rules import InkRules
from .scoring import Error, Network, River, Score, score
from .state import FinalScores, FinishRound, Game, Place, score_parts
from .tiles import FACES, Face, TurnedTile, turned

#: Railroad Ink, described once (variants: "ink", "ink-river", "ink-lake" …, or "river" / "lake")
ENGINE = Engine("ink", "Railroad Ink", Game, InkRules, rules.VARIANTS, default_variant="ink", default_players=1,
                bots=bots.BOTS, strategies=("expert_quick",), score_parts=score_parts, turns_are_rounds=True,
                searching_bots=frozenset({"expert"}))
new_game, play_game, play_random_game, replay, load_game, make_bot = ENGINE.entry_points()


__all__ = [
    "CENTRE", "ENGINE", "EXITS", "Board", "Error", "Event", "FACES", "Face", "FinalScores", "FinishRound", "Game",
    "InkRules", "Network", "Place", "Placement", "River", "RuleViolation", "Score", "TurnedTile", "bots",
    "legal_placements", "load_game", "make_bot", "new_game", "play_game", "play_random_game", "replay", "rules",
    "score", "square_index", "square_name", "steps", "tiles", "turned",
]
