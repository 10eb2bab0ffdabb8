"""Rules: every rule that differs between boards, or that a user may want to change,
as a named parameter of one frozen dataclass.

A variant is a named rules value (its board is one of its fields). Explore a rule change with ``dataclasses.replace``::

    from dataclasses import replace
    from zuzlab.ttr import rules, new_game
    bigger_bonus = replace(rules.USA, longest_route_bonus=20)
    game = new_game(bigger_bonus, players=4, seed=1)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Mapping, cast

from ..core import CheckedFields, explored
from ..tickets import ticket_offer_problems
from ..texts import InputError, Joined, Phrase
from .maps import TRAIN_COLORS

TIE_BREAKERS = ("completed_tickets", "fewest_stations_used", "longest_route")


@dataclass(frozen=True)
class TtrRules(CheckedFields):
    name: str
    map: str  # a built-in map name or a path to a map file
    min_players: int = 2
    max_players: int = 5
    trains_per_player: int = field(default=45, metadata=explored("slider", low=10, high=60))

    # --- the train cards
    colors: tuple[str, ...] = TRAIN_COLORS
    cards_per_color: int = 12
    wild: str = "locomotive"  # the name of the wild card
    wild_cards: int = 14
    #: Switzerland: tunnel cards are wild on tunnel routes only.
    wild_only_on_tunnels: bool = False
    face_up_count: int = 5
    #: A face-up wild card counts as two cards: only as the first card, and it ends the draw.
    face_up_wild_counts_double: bool = True
    #: This many wild cards among the face-up cards → discard all, deal new ones.
    face_up_reset_wilds: int = field(default=3, metadata=explored("slider", high=lambda rules: rules.face_up_count))
    initial_hand: int = 4

    # --- destination tickets
    initial_tickets: int = field(default=3, metadata=explored("slider", low=1, high=6))
    #: Europe: each player is also dealt this many tickets of the long deck; unkept
    #: (and undealt) long tickets leave the game.
    initial_long_tickets: int = 0
    long_ticket_deck: str = "long"
    initial_keep_min: int = field(default=2, metadata=explored("slider", high=6, at_most="initial_tickets"))
    ticket_draw: int = 3
    ticket_keep_min: int = 1
    #: Where returned tickets go: "bottom" of the ticket deck, or "removed" from the game.
    returned_tickets: str = "bottom"

    # --- routes and scoring
    #: With at least this many players both tracks of a double route can be claimed
    #: (by different players); with fewer, claiming one closes the other.
    double_routes_min_players: int = field(default=4, metadata=explored("slider", low=2, high=6))
    #: With at least this many players the third track of a triple route can be claimed
    #: too (a board of your own, the printed Germany board): one more player than the
    #: second track asks for, as more players open more tracks.
    triple_routes_min_players: int = 5
    route_points: Mapping[int, int] = field(default_factory=lambda: {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15},
                                            metadata=explored("points_table"))
    longest_route_bonus: int = field(default=10, metadata=explored("slider", high=40))
    #: Cards turned over from the deck after paying for a tunnel.
    tunnel_reveal: int = 3

    # --- stations (Europe)
    stations_per_player: int = 0
    station_costs: tuple[int, ...] = ()  # cards for the 1st, 2nd, 3rd … station
    unused_station_points: int = 0
    #: A player ending a turn with this many trains or fewer starts the last round.
    last_round_trains: int = 2
    tie_breakers: tuple[str, ...] = ("completed_tickets", "longest_route")

    def __post_init__(self):
        self.check_field_types()
        # Accept a dict for the points table; store it as sorted pairs so the rules
        # stay frozen and hashable.
        pairs = tuple(sorted(dict(self.route_points).items()))
        object.__setattr__(self, "route_points", pairs)
        object.__setattr__(self, "colors", tuple(self.colors))
        object.__setattr__(self, "tie_breakers", tuple(self.tie_breakers))
        object.__setattr__(self, "station_costs", tuple(self.station_costs))
        problems = []
        if not 1 <= self.min_players <= self.max_players:
            problems.append(Phrase("error.rules_players", {"low": self.min_players, "high": self.max_players}))
        if self.returned_tickets not in ("bottom", "removed"):
            problems.append(Phrase("error.rules_returned_tickets", {"value": repr(self.returned_tickets)}))
        if self.wild in self.colors:
            problems.append(Phrase("error.rules_wild_colour", {"wild": repr(self.wild)}))
        problems += ticket_offer_problems(self, self.initial_tickets + self.initial_long_tickets)
        for key in self.tie_breakers:
            if key not in TIE_BREAKERS:
                problems.append(Phrase("error.rules_tie_breaker",
                                       {"breaker": repr(key), "known": ", ".join(TIE_BREAKERS)}))
        if len(self.station_costs) < self.stations_per_player:
            problems.append(Phrase("error.rules_station_costs", {"stations": self.stations_per_player}))
        if any(length < 1 or pts < 0 for length, pts in pairs):
            problems.append(Phrase("error.rules_route_points", {}))
        if problems:
            raise InputError("error.rules", rules=repr(self.name), problems=Joined(tuple(problems)))

    @property
    def total_cards(self) -> int:
        return self.cards_per_color * len(self.colors) + self.wild_cards

    @property
    def points_table(self) -> tuple[tuple[int, int], ...]:
        """``route_points`` as the rules keep it: (length, points) pairs, shortest first
        (``__post_init__`` freezes the mapping it is given into them)."""
        return cast("tuple[tuple[int, int], ...]", self.route_points)

    def points_for_length(self, length: int) -> int:
        for route_length, points in self.points_table:
            if route_length == length:
                return points
        raise InputError("error.rules_no_points", rules=repr(self.name), length=length)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["route_points"] = {str(k): v for k, v in self.points_table}
        data["colors"] = list(self.colors)
        data["tie_breakers"] = list(self.tie_breakers)
        data["station_costs"] = list(self.station_costs)
        return data


#: Ticket to Ride, the base game (the printed rules).
USA = TtrRules(name="usa", map="usa")

#: Ticket to Ride: Europe as printed: tunnels, ferries, stations, 8-train routes, one long
#: ticket dealt with the three regular ones.
EUROPE = TtrRules(
    name="europe", map="europe",
    route_points={1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21},
    initial_long_tickets=1,
    stations_per_player=3, station_costs=(1, 2, 3), unused_station_points=4,
    tie_breakers=("completed_tickets", "fewest_stations_used", "longest_route"),
)

#: The Switzerland map for 2–3 players: tunnel cards instead of locomotives (wild on
#: tunnels only, a face-up one counts as one card), country tickets, returned tickets
#: leave the game, both tracks of a double route with 3 players.
SWITZERLAND = TtrRules(
    name="switzerland", map="switzerland", min_players=2, max_players=3, trains_per_player=40,
    wild="tunnel", wild_only_on_tunnels=True, face_up_wild_counts_double=False,
    initial_tickets=5, returned_tickets="removed", double_routes_min_players=3,
)

# Where the German rule text of Europe differs from the printed rules, its
# version is a preset, so the explorer can show what the difference does.
#: The German rule text: the face-up cards are reset only when all five are locomotives.
EUROPE_SEED_RESET = replace(EUROPE, name="europe-seed-reset", face_up_reset_wilds=5)
#: The German rule text: deal three regular tickets, keep two or three; no long tickets.
EUROPE_SEED_TICKETS = replace(EUROPE, name="europe-seed-tickets", initial_long_tickets=0)
#: Both differences of the German rule text together.
EUROPE_SEED = replace(EUROPE, name="europe-seed", face_up_reset_wilds=5, initial_long_tickets=0)

VARIANTS: dict[str, TtrRules] = {
    r.name: r for r in (USA, EUROPE, SWITZERLAND, EUROPE_SEED_RESET, EUROPE_SEED_TICKETS, EUROPE_SEED)
}


def get(name_or_rules: str | TtrRules) -> TtrRules:
    """A rules value by name (``"usa"``), or the rules value itself."""
    if isinstance(name_or_rules, TtrRules):
        return name_or_rules
    try:
        return VARIANTS[name_or_rules]
    except (KeyError, TypeError):
        if isinstance(name_or_rules, (str, Path)) and str(name_or_rules).endswith(".json"):
            raise InputError("error.variant_is_a_map", file=repr(str(name_or_rules))) from None
        raise InputError("error.no_ttr_variant", name=repr(name_or_rules), known=", ".join(sorted(VARIANTS))) from None
