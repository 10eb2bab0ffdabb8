"""What the four agents of the NYU study share (the package text says what and why):
their view of the game, paths, claims, card draws, the station rescue and the last resort."""

from __future__ import annotations

import functools
import math
import random
from dataclasses import replace
from typing import Any, ClassVar, Iterable, Mapping, NamedTuple, Sequence, cast

from ...core import DecisionMemory, LegalActions
from ...tickets import ChooseTickets, KeepTickets
from ...train_cards import DrawBlind, DrawFaceUp
from ..actions import BuildStation, ClaimRoute, GiveUpTunnel, PayTunnel
from ..claim_rules import double_route_problem
from ..maps import Map, Route
from ..plans import Planner, RouteCost, open_graph, planner_for, ticket_path
from ..state import TunnelPayment
from .networks import Distances, best_option, ticket_options


def trains(route: Route) -> float:
    """A path counted in trains (as described)."""
    return route.length


def one_per_route(route: Route) -> float:
    """A path counted in routes (the published code of Route Focus and One Step Thinking)."""
    return 1


# --- the game as the agents plan on it ---------------------------------------------------------

class Seen(NamedTuple):
    """What ``plans.Planner`` reads of a game, as the agents read it: the rules with their
    view of double routes, and the routes their stations lend them counted as their own."""

    map: Map
    claimed: Mapping[int, int]
    trains: Sequence[int]
    rules: Any
    players: int


@functools.lru_cache(maxsize=16)
def agents_rules(rules):
    """The rules as the agents read them: in 2–3-player games both tracks of a double
    route are gone once one is owned."""
    return replace(rules, double_routes_min_players=max(4, rules.double_routes_min_players))


@functools.lru_cache(maxsize=16)
def routes_into(board: Map) -> dict[str, tuple[Route, ...]]:
    """Each city's routes (made once for each board)."""
    found: dict[str, list[Route]] = {}
    for route in board.routes:
        for city in route.cities:
            found.setdefault(city, []).append(route)
    return {city: tuple(routes) for city, routes in found.items()}


def seen_by(game, player: int) -> Seen:
    claimed = game.claimed
    stations = [city for city, owner in game.stations.items() if owner == player]
    if stations:  # a station lends its owner the other players' routes into its city
        into = routes_into(game.map)
        lent = {route.id for city in stations for route in into.get(city, ())
                if claimed.get(route.id, player) != player}
        claimed = {**claimed, **dict.fromkeys(lent, player)}
    return Seen(game.map, claimed, game.trains, agents_rules(game.rules), game.players)


def is_open(seen: Seen, route: Route, player: int) -> bool:
    """Whether the agent counts ``route`` as one it could still claim."""
    return (route.id not in seen.claimed and route.length <= seen.trains[player]
            and not double_route_problem(seen.rules, seen.players, seen.claimed, route, player))


def open_tracks(seen: Seen, route: Route, player: int) -> list[Route]:
    """The tracks between ``route``'s cities the agent could still claim."""
    tracks = [route, *map(seen.map.route, route.parallel)]
    return [track for track in tracks if is_open(seen, track, player)]


def collect_colour(tracks: Iterable[Route], hand: Mapping[str, int], colours: Sequence[str]) -> str:
    """The colour to collect for a route: of the colours that pay its tracks (any for a
    gray one), the one held most (ties: the rules' colour order)."""
    payable = [c for c in colours if any(t.is_gray or t.color == c for t in tracks)]
    return max(payable, key=lambda c: (hand[c], -colours.index(c)))


def paid_with_most_held(claims: Iterable[ClaimRoute], hand: Mapping[str, int]) -> ClaimRoute | None:
    """Of the claims of one route, the one paid with the colour held most (that can pay),
    then with the fewest locomotives."""
    return min(claims, key=lambda a: (-hand[a.color] if a.color else 0, a.wilds, a.route), default=None)


def longest(claims: Iterable[ClaimRoute], board: Map, hand: Mapping[str, int]) -> ClaimRoute | None:
    """The longest route of ``claims``, paid as ``paid_with_most_held`` says (then board order)."""
    return min(claims, key=lambda a: (-board.route(cast(int, a.route)).length, -hand[a.color] if a.color else 0,
                                      a.wilds, a.route), default=None)


def fewest_points(game, offer: ChooseTickets) -> KeepTickets:
    """The published code's keep (its evaluation crashed): the fewest tickets it may keep,
    those worth the fewest points (ties: ticket id)."""
    board = game.map
    return KeepTickets(tuple(sorted(offer.tickets, key=lambda t: (board.ticket(t).points, t))[:offer.keep_min]))


def draw_first_of(actions: LegalActions, wanted: Sequence[Iterable[str]], rng: random.Random):
    """A card of the first group of ``wanted`` that is face up (``rng`` picks among them),
    else the deck, else any face-up card; None when no card can be drawn."""
    face_up = {a.color: a for a in actions.of_type(DrawFaceUp)}
    for group in wanted:
        shown = sorted(c for c in set(group) if c in face_up)
        if shown:
            return face_up[shown[0] if len(shown) == 1 else rng.choice(shown)]
    if DrawBlind() in actions:
        return DrawBlind()
    return face_up[rng.choice(sorted(face_up))] if face_up else None


# --- the agents' base ------------------------------------------------------------------------

class Agent(DecisionMemory):
    """What the four agents share (see the package text): answering pending decisions,
    paths, claims, the station rescue and the last resort. A subclass says which tickets
    to keep (``keep_tickets``), what to do on its turn (``turn``) and which card to draw
    (``draw``)."""

    name: ClassVar[str] = ""

    def __init__(self, faithful: bool = False):
        self.faithful = faithful
        self._planners: dict[RouteCost, Planner] = {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}(faithful={self.faithful})"

    @property
    def reads_scoring(self) -> frozenset[str]:
        """The scoring rules its choices read (``core.scoring_read``): the route points,
        which its ticket plans weigh."""
        return frozenset({"route_points"})

    def __call__(self, game, rng: random.Random):
        with self.deciding():  # the same paths asked for several times, worked out once
            return self._decide(game, rng)

    def seen(self, game) -> Seen:
        return self.once("seen", lambda: seen_by(game, game.player_to_move()))

    def _decide(self, game, rng: random.Random):
        pending, actions = game.pending, game.legal_actions()
        if isinstance(pending, ChooseTickets):
            return self.keep_tickets(game, pending)
        if isinstance(pending, TunnelPayment):
            return min(actions.of_type(PayTunnel), key=lambda a: a.wilds, default=GiveUpTunnel())
        if pending is None:
            move = self.station_rescue(game, actions) or self.turn(game, actions, rng)
        else:  # the second card
            move = self.draw(game, actions, rng)
        return move if move is not None else self.last_resort(game, actions)

    # --- what a subclass says

    def keep_tickets(self, game, offer: ChooseTickets) -> KeepTickets:
        return KeepTickets(offer.tickets)  # all

    def turn(self, game, actions: LegalActions, rng: random.Random):
        raise NotImplementedError

    def draw(self, game, actions: LegalActions, rng: random.Random):
        raise NotImplementedError

    # --- paths and claims

    def path_cost(self) -> RouteCost:
        return trains

    def planner(self, game, cost: RouteCost | None = None) -> Planner:
        """The agent's plans (paths counted by ``cost``, by default its own), up to date."""
        cost = cost or self.path_cost()

        def brought_up_to_date() -> Planner:
            self._planners[cost] = planner_for(self._planners.get(cost), self.seen(game), game.player_to_move(), cost)
            return self._planners[cost]

        return self.once(cost, brought_up_to_date)

    def path_of(self, game, ticket_id: int) -> list[Route] | None:
        """The routes still to claim on the ticket's cheapest path, from its origin ([]:
        complete; None: no path left)."""
        path = self.planner(game).path(self.seen(game), ticket_id)
        return path if path is None or math.isfinite(sum(map(self.path_cost(), path))) else None

    def claims(self, game, routes: Iterable[Route] | None) -> list[ClaimRoute]:
        """The legal claims of ``routes`` (None: of every route) that the agent counts as open."""
        me, seen = game.player_to_move(), self.seen(game)
        wanted = None if routes is None else {r.id for r in routes}
        return [a for a in game.claim_actions(wanted) if is_open(seen, game.map.route(cast(int, a.route)), me)]

    def evaluated_keep(self, game, offer: ChooseTickets) -> KeepTickets:
        """The tickets kept as Destination Hungry evaluates them (``best_option``)."""
        return best_option(game, ticket_options(game, offer, Distances(self.planner(game, trains).graph)))[0]

    # --- stations and the last resort

    def station_rescue(self, game, actions: LegalActions) -> BuildStation | None:
        """A station for a ticket no path can connect any more, where the cheapest path
        with the other players' routes counted as free crosses exactly one of them."""
        me, board = game.player_to_move(), game.map
        if game.stations_built(me) >= game.rules.stations_per_player:
            return None
        planner, seen = self.planner(game, trains), self.seen(game)
        for ticket_id in game.tickets[me]:
            if planner.path(seen, ticket_id) is not None:
                continue
            mine = {r: owner for r, owner in seen.claimed.items() if owner == me}
            path = ticket_path(open_graph(seen._replace(claimed=mine), me, trains), board, board.ticket(ticket_id))
            theirs = [route for route in path or () if route.id in seen.claimed]
            if len(theirs) != 1:
                continue
            builds = [a for a in actions.of_type(BuildStation) if a.city in theirs[0].cities]
            hand = game.hands[me]
            if builds:
                return min(builds, key=lambda a: (theirs[0].cities.index(a.city), -hand[a.color] if a.color else 0,
                                                  a.wilds))
        return None

    def last_resort(self, game, actions: LegalActions):
        """When the agent's rule leaves it nothing legal: the longest route it can pay,
        else the first legal action."""
        claim = longest(actions.of_type(ClaimRoute), game.map, game.hands[game.player_to_move()])
        return claim or actions[0]

