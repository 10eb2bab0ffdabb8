"""Ticket to Ride (USA, Europe, Switzerland): one exact rules engine, with each board's
rules as a ``TtrRules``.

    >>> from zuzlab import ttr
    >>> game = ttr.new_game("usa", players=4, seed=7)
    >>> game.legal_actions()[:2]            # the first player chooses tickets
    >>> game.apply(game.legal_actions()[0]) # → the events it caused
    >>> game.undo()                         # and back

The entry points are those of every zuzlab engine (``zuzlab.core.Engine``); this
package imports no plotting or widget library.
"""

from __future__ import annotations

from typing import Iterable

from ..algorithms import Trail, longest_trail_length
from ..algorithms import longest_trail as _longest_trail
from ..core import Engine, Event, Pass, RuleViolation
from ..tickets import ChooseTickets, DrawTickets, KeepTickets
from ..train_cards import DrawBlind, DrawFaceUp, SecondCard
from . import bots, rules
from .actions import BuildStation, ClaimRoute, GiveUpTunnel, PayTunnel
from .maps import City, Map, MapError, Route, Ticket, load_map
from .rules import TtrRules
from .scoring import FinalScores, score_parts
from .state import Game, TunnelPayment

#: Ticket to Ride, described once (``map=`` may replace the rules' board: a name, a path or a ``Map``)
ENGINE = Engine(
    "ttr", "Ticket to Ride", Game, TtrRules, rules.VARIANTS, default_variant="usa", default_players=4,
    bots=bots.BOTS, strategies=("tickets", "long_routes", "balanced"), score_parts=score_parts,
    scored_only=frozenset({"name", "route_points", "longest_route_bonus", "unused_station_points", "tie_breakers"}),
    searching_bots=frozenset({"expert"}))
new_game, play_game, play_random_game, replay, load_game, make_bot = ENGINE.entry_points()


def longest_route(routes: Iterable) -> int:
    """Length in trains of the longest continuous trail through ``routes``
    (route objects or ``(city, city, length)`` tuples); branches do not count."""
    return longest_trail_length(routes)


def longest_trail(routes: Iterable) -> Trail:
    """The longest continuous trail itself: ``.length``, ``.cities`` in order, ``.edges``."""
    return _longest_trail(routes)


__all__ = [
    "BuildStation", "ChooseTickets", "City", "ClaimRoute", "DrawBlind", "DrawFaceUp", "DrawTickets", "ENGINE", "Event",
    "FinalScores", "Game", "GiveUpTunnel", "KeepTickets", "Map", "MapError", "Pass", "PayTunnel", "Route",
    "RuleViolation", "TtrRules", "SecondCard", "Ticket", "Trail", "TunnelPayment", "bots", "load_game", "load_map",
    "longest_route", "longest_trail", "make_bot", "new_game", "play_game", "play_random_game", "replay", "rules",
]
