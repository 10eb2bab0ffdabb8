"""Rulesets: every rule that differs between boards, or that a user may want to change,
as a named parameter of one frozen dataclass.

A variant is a ruleset plus a map. Explore a rule change with ``dataclasses.replace``::

    from dataclasses import replace
    from zuzlab.ttr import rulesets, new_game
    bigger_bonus = replace(rulesets.USA, longest_route_bonus=20)
    game = new_game(bigger_bonus, players=4, seed=1)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Mapping

from .maps import TRAIN_COLORS

TIE_BREAKERS = ("completed_tickets", "fewest_stations_used", "longest_route")


@dataclass(frozen=True)
class Ruleset:
    name: str
    map: str  # a built-in map name or a path to a map file
    min_players: int = 2
    max_players: int = 5
    trains_per_player: int = 45

    # --- the train cards
    colors: tuple[str, ...] = TRAIN_COLORS
    cards_per_color: int = 12
    wild: str = "locomotive"  # the name of the wild card
    wild_cards: int = 14
    face_up_count: int = 5
    #: A face-up wild card counts as two cards: only as the first card, and it ends the draw.
    face_up_wild_counts_double: bool = True
    #: This many wild cards among the face-up cards → discard all, deal new ones.
    face_up_reset_wilds: int = 3
    initial_hand: int = 4

    # --- destination tickets
    initial_tickets: int = 3
    initial_keep_min: int = 2
    ticket_draw: int = 3
    ticket_keep_min: int = 1
    #: Where returned tickets go: "bottom" of the ticket deck, or "removed" from the game.
    returned_tickets: str = "bottom"

    # --- routes and scoring
    #: With at least this many players both tracks of a double route can be claimed
    #: (by different players); with fewer, claiming one closes the other.
    double_routes_min_players: int = 4
    route_points: Mapping[int, int] = ((1, 1), (2, 2), (3, 4), (4, 7), (5, 10), (6, 15))
    longest_route_bonus: int = 10
    #: A player ending a turn with this many trains or fewer starts the last round.
    last_round_trains: int = 2
    tie_breakers: tuple[str, ...] = ("completed_tickets", "longest_route")

    def __post_init__(self):
        # Accept a dict for the points table; store it as sorted pairs so the ruleset
        # stays frozen and hashable.
        pairs = tuple(sorted(dict(self.route_points).items()))
        object.__setattr__(self, "route_points", pairs)
        object.__setattr__(self, "colors", tuple(self.colors))
        object.__setattr__(self, "tie_breakers", tuple(self.tie_breakers))
        problems = []
        if not 1 <= self.min_players <= self.max_players:
            problems.append(f"players {self.min_players}–{self.max_players} is not a range")
        if self.returned_tickets not in ("bottom", "removed"):
            problems.append(f"returned_tickets must be 'bottom' or 'removed', not {self.returned_tickets!r}")
        if self.wild in self.colors:
            problems.append(f"the wild card {self.wild!r} cannot also be a colour")
        if not 0 <= self.ticket_keep_min <= self.ticket_draw:
            problems.append("ticket_keep_min must lie between 0 and ticket_draw")
        if not 0 <= self.initial_keep_min <= self.initial_tickets:
            problems.append("initial_keep_min must lie between 0 and initial_tickets")
        for key in self.tie_breakers:
            if key not in TIE_BREAKERS:
                problems.append(f"unknown tie-breaker {key!r} (known: {', '.join(TIE_BREAKERS)})")
        if any(length < 1 or pts < 0 for length, pts in pairs):
            problems.append("route_points needs lengths ≥ 1 and points ≥ 0")
        if problems:
            raise ValueError(f"ruleset {self.name!r}: " + "; ".join(problems))

    @property
    def total_cards(self) -> int:
        return self.cards_per_color * len(self.colors) + self.wild_cards

    def points_for_length(self, length: int) -> int:
        for route_length, points in self.route_points:  # type: ignore[misc]
            if route_length == length:
                return points
        raise ValueError(f"ruleset {self.name!r} has no points for a route of length {length}")

    def to_dict(self) -> dict:
        data = asdict(self)
        data["route_points"] = {str(k): v for k, v in self.route_points}  # type: ignore[misc]
        data["colors"] = list(self.colors)
        data["tie_breakers"] = list(self.tie_breakers)
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "Ruleset":
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown ruleset parameters: {', '.join(sorted(unknown))}")
        values = dict(data)
        if "route_points" in values:
            values["route_points"] = {int(k): v for k, v in dict(values["route_points"]).items()}
        return cls(**values)


#: Ticket to Ride, the base game (seed 000 and the printed rules).
USA = Ruleset(name="usa", map="usa")

RULESETS: dict[str, Ruleset] = {USA.name: USA}


def get(name_or_ruleset: str | Ruleset) -> Ruleset:
    """A ruleset by name (``"usa"``), or the ruleset itself."""
    if isinstance(name_or_ruleset, Ruleset):
        return name_or_ruleset
    try:
        return RULESETS[name_or_ruleset]
    except KeyError:
        raise ValueError(
            f"no ruleset called {name_or_ruleset!r}; known: {', '.join(sorted(RULESETS))}"
        ) from None
