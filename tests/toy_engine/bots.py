"""The toy race's players: name → a maker of a fresh player ``bot(game, rng) → action``."""

from __future__ import annotations

import random
from typing import Any, Callable

from zuzlab.core import Bot, random_bot

from .actions import Keep, Move


def runner(game: Any, rng: random.Random) -> Any:
    """Moves with its highest card, and keeps the higher card drawn; with no card, draws."""
    actions = game.legal_actions()
    cards = [action for action in actions if isinstance(action, (Move, Keep))]
    return max(cards, key=lambda action: action.card) if cards else actions[0]


BOTS: dict[str, Callable[[], Bot]] = {"random": lambda: random_bot, "runner": lambda: runner}
