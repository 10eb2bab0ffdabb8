"""Ticket to Ride (USA, Europe, Switzerland): one exact rules engine, with each board's
rules as a ``Ruleset``.

    >>> from zuzlab import ttr
    >>> game = ttr.new_game("usa", players=4, seed=7)
    >>> game.legal_actions()[:2]            # the first player chooses tickets
    >>> game.apply(game.legal_actions()[0]) # → the events it caused

This package imports no plotting or widget library.
"""

from __future__ import annotations

from typing import Iterable

from ..algorithms import Trail, longest_trail_length
from ..algorithms import longest_trail as _longest_trail
from ..core import Event, Pass, RuleViolation, apply_all, play_randomly
from ..tickets import DrawTickets, KeepTickets
from ..train_cards import DrawBlind, DrawFaceUp
from . import bots, rulesets
from .actions import BuildStation, ClaimRoute, GiveUpTunnel, PayTunnel
from .maps import City, Map, MapError, Route, Ticket, load_map
from .rulesets import Ruleset
from .scoring import FinalScores
from .state import Game, Pending


def new_game(variant: str | Ruleset = "usa", players: int = 4, seed: int | str = 0, map: Map | str | None = None) -> Game:
    """A new game: ``variant`` is a ruleset name (``"usa"``) or a ``Ruleset``;
    ``map`` overrides the ruleset's map (a name, a path or a ``Map``)."""
    return Game(variant, players, seed, map)


def play_random_game(variant: str | Ruleset = "usa", players: int = 4, seed: int | str = 0) -> Game:
    """A finished game in which every decision was a uniformly random legal action."""
    return play_randomly(new_game(variant, players, seed), seed)


def replay(variant: str | Ruleset, players: int, seed: int | str, actions: Iterable, map: Map | str | None = None) -> Game:
    """Rebuild a game from its seed and its list of actions (objects or saved dicts)."""
    return apply_all(new_game(variant, players, seed, map), actions)


def load_game(text: str) -> Game:
    """A game saved with ``game.to_json()``."""
    return Game.from_json(text)


def longest_route(routes: Iterable) -> int:
    """Length in trains of the longest continuous trail through ``routes``
    (route objects or ``(city, city, length)`` tuples); branches do not count."""
    return longest_trail_length(routes)


def longest_trail(routes: Iterable) -> Trail:
    """The longest continuous trail itself: ``.length``, ``.cities`` in order, ``.edges``."""
    return _longest_trail(routes)


__all__ = [
    "BuildStation", "GiveUpTunnel", "PayTunnel", "City", "ClaimRoute", "DrawBlind", "DrawFaceUp", "DrawTickets", "Event", "FinalScores", "Game",
    "KeepTickets", "Map", "MapError", "Pass", "Pending", "Route", "RuleViolation", "Ruleset", "Ticket",
    "load_game", "load_map", "longest_route", "longest_trail", "new_game", "play_random_game", "replay",
    "bots", "rulesets", "Trail",
]
