"""Railroad Ink with the Deep Blue river and lake dice: a 7 × 7 board each, dice shared
by all players, and scoring that can also be watched step by step.

    >>> from zuzlab import ink
    >>> board = ink.Board.from_anu("A4A10A4B10")
    >>> ink.score(board).total
    >>> game = ink.play_random_game(seed=1, expansion="lake")

This package imports no plotting or widget library.
"""

from __future__ import annotations

from typing import Iterable

from ..core import Event, RuleViolation, apply_all, play_randomly
from . import bots, rules, steps, tiles
from .board import CENTRE, EXITS, Board, Placement, legal_placements, square_index, square_name
from .rules import InkRules
from .scoring import Error, Network, River, Score, score
from .state import FinalScores, FinishRound, Game, Place
from .tiles import FACES, Face, Variant, variant


def new_game(rules: str | InkRules | None = "ink", players: int = 1, seed: int | str = 0,
             expansion: str | None = None) -> Game:
    """A new game: ``rules`` is a ruleset name or an ``InkRules``; ``expansion`` ("river"
    or "lake") picks the Deep Blue ruleset instead."""
    return Game(expansion if expansion is not None else rules, players, seed)


def play_random_game(seed: int | str = 0, expansion: str | None = None, players: int = 1) -> Game:
    """A finished game in which every decision was a uniformly random legal action."""
    return play_randomly(new_game(players=players, seed=seed, expansion=expansion), seed)


def play_greedy_game(seed: int | str = 0, expansion: str | None = None, players: int = 1) -> Game:
    """A finished game in which every player drew the best immediate gain (``bots.greedy_action``)."""
    return bots.play(new_game(players=players, seed=seed, expansion=expansion), bots.greedy_action, seed)


def replay(rules: str | InkRules | None, players: int, seed: int | str, actions: Iterable) -> Game:
    """Rebuild a game from its seed and its list of actions (objects or saved dicts)."""
    return apply_all(new_game(rules, players, seed), actions)


def load_game(text: str) -> Game:
    return Game.from_json(text)


__all__ = [
    "CENTRE", "EXITS", "bots", "play_greedy_game", "Board", "Error", "Event", "FACES", "Face", "FinalScores", "FinishRound", "Game", "InkRules",
    "Network", "Place", "Placement", "River", "RuleViolation", "Score", "Variant", "legal_placements", "load_game",
    "new_game", "play_random_game", "replay", "rules", "score", "square_index", "square_name", "steps", "tiles", "variant",
]
