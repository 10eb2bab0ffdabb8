"""A toy race, the fourth engine of the tests: the worked example of CONTRIBUTING.md's
*A new engine*. It is not shipped and no user sees it: ``tests/test_toy_engine.py``
registers it (and its texts) for its own tests only.

    >>> import toy_engine
    >>> game = toy_engine.new_game(players=3, seed=1)
    >>> toy_engine.play_game(players=3, seed=1, bots="runner").final_scores()
"""

from __future__ import annotations

from pathlib import Path

from zuzlab.core import Engine

from . import bots, rules
from .actions import Draw, Keep, KeepOne, Move
from .rules import ToyRules
from .state import FinalScores, Game, score_parts

#: The toy race, described once
ENGINE = Engine("toy", "Toy race", Game, ToyRules, rules.VARIANTS, default_variant="toy", default_players=2,
                bots=bots.BOTS, strategies=("runner", "random"), score_parts=score_parts,
                scored_only=frozenset({"name", "finish_bonus"}))
new_game, play_game, play_random_game, replay, load_game, make_bot = ENGINE.entry_points()

#: the toy's text files (``en_toy.toml`` …): a shipped engine keeps them in ``zuzlab/texts/``
TEXTS = Path(__file__).parent / "texts"

__all__ = ["Draw", "ENGINE", "FinalScores", "Game", "Keep", "KeepOne", "Move", "TEXTS", "ToyRules", "bots",
           "load_game", "make_bot", "new_game", "play_game", "play_random_game", "replay", "rules"]
