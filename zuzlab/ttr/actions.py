"""The actions only Ticket to Ride has, as small frozen values (hashable, JSON-ready).

Drawing train cards and tickets, and passing, work as in the Card Game: those actions
live in ``zuzlab.train_cards``, ``zuzlab.tickets`` and ``zuzlab.core``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import texts
from ..core import Action, is_whole_number, require


@dataclass(frozen=True)
class ClaimRoute(Action):
    """Claim ``route`` paying ``length - wilds`` cards of ``color`` and ``wilds`` wild cards.

    ``color`` is None exactly when the payment is wild cards only.
    """

    card_fields = ("color",)

    route: int | str | tuple[str, str]  # an id; or the two cities, where that is unambiguous
    color: str | None = None
    wilds: int = 0

    def __post_init__(self):
        if type(self.route) is int and type(self.wilds) is int and (self.color is None or type(self.color) is str):
            return  # the common case, checked fast: legal_actions() makes many of these
        given: Any = self.route  # as given: a saved game (JSON) names the two cities in a list
        if isinstance(given, list):
            object.__setattr__(self, "route", tuple(given))
        named = (isinstance(self.route, str) and ("–" in self.route or "-" in self.route)) or (
            isinstance(self.route, tuple) and len(self.route) == 2 and all(isinstance(c, str) for c in self.route))
        require(is_whole_number(self.route) or named, "ClaimRoute", "route_id", self.route)
        require(self.color is None or isinstance(self.color, str), "ClaimRoute", "colour_or_none", self.color)
        require(is_whole_number(self.wilds), "ClaimRoute", "wild_count", self.wilds)

    def __str__(self) -> str:
        return texts.text("action.claim", route=str(self.route), paid=_paid(self.color, self.wilds))


@dataclass(frozen=True)
class PayTunnel(Action):
    """Pay a tunnel's extra cards: ``wilds`` wild cards, the rest in the colour paid with."""

    wilds: int = 0

    def __post_init__(self):
        require(is_whole_number(self.wilds), "PayTunnel", "wild_count", self.wilds)

    def __str__(self) -> str:
        return texts.text("action.pay_tunnel", count=self.wilds)


@dataclass(frozen=True)
class GiveUpTunnel(Action):
    """Give up a tunnel: the laid cards go back to the hand and the turn ends."""

    def __str__(self) -> str:
        return texts.text("action.give_up")


@dataclass(frozen=True)
class BuildStation(Action):
    """Build a station in ``city`` paying its cost in ``color`` (plus ``wilds`` wild cards).

    ``color`` is None exactly when the payment is wild cards only.
    """

    card_fields = ("color",)

    city: str
    color: str | None = None
    wilds: int = 0

    def __post_init__(self):
        if type(self.city) is str and type(self.wilds) is int and (self.color is None or type(self.color) is str):
            return  # the common case, checked fast: legal_actions() makes many of these
        require(isinstance(self.city, str), "BuildStation", "city_name", self.city)
        require(self.color is None or isinstance(self.color, str), "BuildStation", "colour_or_none", self.color)
        require(is_whole_number(self.wilds), "BuildStation", "wild_count", self.wilds)

    def __str__(self) -> str:
        return texts.text("action.station", city=self.city, paid=_paid(self.color, self.wilds))


def _paid(color: str | None, wilds: int) -> texts.Phrase:
    """A payment in words: "red", "red + 2 wild", "3 wild cards"."""
    if color is None:
        return texts.Phrase("action.paid_wilds_only", {"count": wilds})
    return texts.Phrase("action.paid_wild" if wilds else "action.paid", {"color": color, "count": wilds})
