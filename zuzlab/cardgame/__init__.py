"""Ticket to Ride: The Card Game: rail yard, train wreck and on-the-track pile.

    >>> from zuzlab import cardgame
    >>> game = cardgame.new_game(players=3, seed=1)
    >>> game.legal_actions()[:3]
    >>> cardgame.best_fulfilment([(5, ["yellow"]), (6, ["yellow", "green"])], {"yellow": 1, "locomotive": 1})

The engine shares the train-card supply, the ticket offer, the state protocol and the
violation type with ``zuzlab.ttr``; it imports no plotting or widget library.
"""

from __future__ import annotations

from typing import Iterable

from ..algorithms import Fulfilment, best_fulfilment, best_fulfilment_steps
from ..core import Event, Pass, RuleViolation, apply_all, play_randomly
from ..tickets import DrawTickets, KeepTickets
from ..train_cards import DrawBlind, DrawFaceUp
from . import rules
from .actions import PlayMixed, PlaySet
from .data import CardGameData, Ticket, load_data
from .rules import CardGameRules
from .scoring import FinalScores
from .state import Game, Pending


def new_game(rules: str | CardGameRules = "cardgame", players: int = 2, seed: int | str = 0) -> Game:
    """A new Card Game; ``rules`` is a ruleset name or a ``CardGameRules``."""
    return Game(rules, players, seed)


def play_random_game(players: int = 4, seed: int | str = 0, rules: str | CardGameRules = "cardgame") -> Game:
    """A finished game in which every decision was a uniformly random legal action."""
    return play_randomly(new_game(rules, players, seed), seed)


def replay(rules: str | CardGameRules, players: int, seed: int | str, actions: Iterable) -> Game:
    """Rebuild a game from its seed and its list of actions (objects or saved dicts)."""
    return apply_all(new_game(rules, players, seed), actions)


def load_game(text: str) -> Game:
    return Game.from_json(text)


__all__ = [
    "CardGameData", "CardGameRules", "DrawBlind", "DrawFaceUp", "DrawTickets", "Event", "FinalScores", "Fulfilment",
    "Game", "KeepTickets", "Pass", "Pending", "PlayMixed", "PlaySet", "RuleViolation", "Ticket", "best_fulfilment",
    "best_fulfilment_steps", "load_data", "load_game", "new_game", "play_random_game", "replay", "rules",
]
