"""Card Game players for simulations: the random player (the registry has the shape of
every engine's: name → a maker of a fresh player)."""

from __future__ import annotations

from typing import Callable

from ..core import Bot, random_bot

BOTS: dict[str, Callable[[], Bot]] = {"random": lambda: random_bot}
