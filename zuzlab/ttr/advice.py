"""What a Ticket to Ride move does for the player's tickets: the words of a hint, read from
the player's position and ticket plan alone.

A hint's adviser (a strategy bot, or a search bot) chooses the move; why it is good is said
from here, so the words stay right whichever bot chose it:

- the **plan**: for each of the player's tickets the cheapest way still to claim, in trains,
  through their own routes (free) and the open ones (``TicketPlan``);
- the ticket a claimed route serves: of the tickets whose planned way uses the route or its
  other track, the one that way scores the most for;
- what a drawn card is for (the cards the plan still lacks), why draw tickets, what kept
  tickets need, and what a route off the plan brings (its points, the longest route);
- the tickets that can no longer be completed (no way left through the player's and the
  open routes, or more trains than they have), and in Europe what a station could still do
  for them (``station_rescue``);
- the claim that serves the plan, which a hint advises rather than a draw (``serving_claim``).

The strategy bots play by the same plan and rules (``cards_wanted``, ``best_claim``), and
their reasons are these.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, cast

from .. import texts
from ..algorithms import Pieces, longest_trail_length
from ..tickets import DrawTickets, KeepTickets
from ..train_cards import DrawBlind, DrawFaceUp
from .actions import BuildStation, ClaimRoute, GiveUpTunnel, PayTunnel
from .claim_rules import double_route_problem, route_prices
from .maps import Map, Route, Ticket
from .plans import Planner
from .state import TunnelPayment

#: a reason: the name of a ``[bot]`` text and its parameters
Reason = tuple[str, dict]


def route_trains(route: Route) -> float:
    """What a route still to claim costs the player's plan: its trains."""
    return route.length


class TicketPlan:
    """The tickets of the player to move and the cheapest way still to claim for each
    (``plans.Planner``, trains as the cost): what a hint marks on the map and reasons from.
    ``more`` adds tickets about to be kept."""

    def __init__(self, game, more: Iterable[int] = ()):
        self.game = game
        self.player = game.player_to_move()
        self.tickets = list(dict.fromkeys([*game.tickets[self.player], *more]))
        planner = Planner(game, self.player, route_trains)
        #: ticket id → the routes still to claim ([] complete, None: no way left)
        self.paths = {ticket: planner.path(game, ticket) for ticket in self.tickets}

    @classmethod
    def for_move(cls, game, action: Any) -> TicketPlan:
        """The plan a move works towards: the player's, with the tickets it keeps."""
        return cls(game, more=action.tickets if isinstance(action, KeepTickets) else ())

    def routes(self) -> list[Route]:
        """The routes still to claim, each once (two tickets' ways may share one)."""
        return list({route.id: route for path in self.paths.values() for route in path or ()}.values())

    def trains_needed(self) -> int:
        return sum(route.length for route in self.routes())

    def tracks(self) -> set[int]:
        """The planned routes' ids, with the other tracks of each planned double or triple route."""
        board = self.game.map
        planned = {route.id for route in self.routes()}
        return {track for r in planned for track in board.route(r).tracks}

    def served(self, route: Route) -> Ticket | None:
        """Of the tickets whose planned way uses ``route`` or its other track, the one the
        way would score the most for (the first held of equals); None when it is on no
        ticket's way."""
        tracks = set(route.tracks)
        serving = [t for t, path in self.paths.items() if path and any(r.id in tracks for r in path)]
        best = max(serving, key=self.points, default=None)
        return None if best is None else self.game.map.ticket(best)

    def points(self, ticket_id: int) -> int:
        """What the ticket scores once its planned way is claimed: its value, or for a
        country ticket (Switzerland) the most of the countries the way joins it to."""
        board, ticket = self.game.map, self.game.map.ticket(ticket_id)
        own = [board.route(r) for r, owner in self.game.claimed.items() if owner == self.player]
        pieces: Pieces[str] = Pieces()
        pieces.join_all((route.a, route.b) for route in [*own, *(self.paths[ticket_id] or ())])
        start = {pieces.find(place) for place in board.places(ticket.origin)}
        reached = [value for name, value in zip(ticket.destinations, ticket.values)
                   if any(pieces.find(place) in start for place in board.places(name))]
        return max(reached, default=ticket.points)

    def lost(self) -> list[Ticket]:
        """The tickets that can no longer be completed: no way is left through the
        player's routes and the open ones, or the cheapest takes more trains than they have."""
        trains = self.game.trains[self.player]
        return [self.game.map.ticket(t) for t, path in self.paths.items()
                if path is None or sum(r.length for r in path) > trains]

    def open_tickets(self) -> list[int]:
        """The tickets with routes still to claim, and a way they can be claimed on."""
        lost = {ticket.id for ticket in self.lost()}
        return [t for t, path in self.paths.items() if path and t not in lost]

    def wanted(self) -> Counter:
        """How many more cards of each colour the planned routes need (``cards_wanted``)."""
        return cards_wanted(self.game, self.routes())

    def serving_claim(self) -> ClaimRoute | None:
        """The claim a hint advises rather than a draw: of the legal claims of planned
        routes (or their other tracks), the one ``best_claim`` picks; None if none."""
        return best_claim(self.game.map, self.game.claim_actions(self.tracks()), self.wanted())


def _cards_needed(game, routes: Iterable[Route]) -> tuple[Counter, list[tuple[str, int]]]:
    """The cards of each colour ``routes`` need (a route that several colours pay for, a
    gray one, takes the colour held most, after the needs of the routes only one colour
    pays for), and of those the gray routes' (colour, length) that found no card of their
    colour left in the hand: any one colour would do for them."""
    hand, rules = game.hands[game.player_to_move()], game.rules
    prices = route_prices(game.map, rules)
    need: Counter = Counter()
    any_of = []  # (length, the colours that pay)
    for route in routes:
        length, colors, _, _ = prices[route.id]
        if len(colors) == 1:
            need[colors[0]] += length
        else:
            any_of.append((length, colors))
    spare = Counter({c: hand[c] - need[c] for c in rules.colors})
    open_colour = []
    for length, colors in sorted(any_of, reverse=True):
        color = max(colors, key=lambda c: (spare[c], c))
        if spare[color] <= 0:
            open_colour.append((color, length))
        need[color] += length
        spare[color] -= length
    return need, open_colour


def cards_wanted(game, routes: Iterable[Route]) -> Counter:
    """How many more cards of each colour the player to move needs for ``routes`` (the
    colour a gray route takes: see ``_cards_needed``): what the strategy bots draw for."""
    need, _ = _cards_needed(game, routes)
    hand = game.hands[game.player_to_move()]
    return Counter({c: n - hand[c] for c, n in need.items() if n > hand[c]})


def cards_lacking(game, routes: Iterable[Route]) -> tuple[Counter, list[int]]:
    """The cards ``routes`` still lack, as a hint says them: of each colour, and for each
    gray route no held colour is left for, its length in cards of any one colour."""
    need, open_colour = _cards_needed(game, routes)
    hand = game.hands[game.player_to_move()]
    for color, length in open_colour:
        need[color] -= length
    return Counter({c: n - hand[c] for c, n in need.items() if n > hand[c]}), [n for _, n in open_colour]


def best_claim(board: Map, claims: Sequence[ClaimRoute], wanted: Counter) -> ClaimRoute | None:
    """Among claims, the longest route, paid with the fewest wild cards and the colour
    least needed elsewhere (None for none)."""
    if not claims:
        return None
    return min(claims, key=lambda a: (-board.route(cast(int, a.route)).length, a.wilds, wanted.get(a.color, 0),
                                      a.route, a.color or ""))


# --- why a move ---------------------------------------------------------------------------

def said(text: str, **params: Any) -> Reason:
    """A reason: the ``[bot]`` text ``text`` with its parameters."""
    return text, params


def reason(game, action: Any, plan: TicketPlan) -> Reason:
    """Why ``action`` is good for the player to move, from their position and ``plan``
    (``TicketPlan.for_move``): the name of a ``[bot]`` text and its parameters."""
    board = game.map
    if isinstance(action, ClaimRoute):
        return claim_reason(game, board.route(cast(int, action.route)), plan)
    if isinstance(action, (DrawFaceUp, DrawBlind)):
        return _card_reason(game, action, plan)
    if isinstance(action, DrawTickets):
        return _more_tickets_reason(game, plan)
    if isinstance(action, KeepTickets):
        return _keep_reason(game, action, plan)
    if isinstance(action, (PayTunnel, GiveUpTunnel)):
        return _tunnel_reason(game, action, plan)
    if isinstance(action, BuildStation):
        return _station_reason(game, action, plan)
    return said("nothing_better")


def claim_reason(game, route: Route, plan: TicketPlan) -> Reason:
    """A step on the planned way of the ticket it serves (``TicketPlan.served``); off the
    plan: its points, and the longest route where it makes the player's longer, or that
    the game is ending."""
    ticket = plan.served(route)
    if ticket is not None:
        return said("planned", route=route, ticket=ticket)
    points = texts.quantity("point", game.rules.points_for_length(route.length))
    bonus = game.rules.longest_route_bonus
    if bonus:
        board, player = game.map, plan.player
        own = [board.route(r) for r, owner in game.claimed.items() if owner == player]
        longest = longest_trail_length(own + [route])
        if longest > longest_trail_length(own):
            others = max((longest_trail_length([board.route(r) for r, owner in game.claimed.items() if owner == p])
                          for p in range(game.players) if p != player), default=0)
            return said("points_longest", route=route, points=points, length=texts.quantity("train", longest),
                        others=texts.quantity("train", others), bonus=texts.quantity("point", bonus))
    if game.final_turns_left is not None:
        return said("end_points", route=route, points=points)
    return said("points", route=route, points=points)


def _card_reason(game, action: DrawFaceUp | DrawBlind, plan: TicketPlan) -> Reason:
    """What the card is for: the cards the plan still lacks (``cards_lacking``)."""
    if not plan.routes():
        return said("cards_no_plan")
    by_colour, any_colour = cards_lacking(game, plan.routes())
    wild = game.rules.wild
    if isinstance(action, DrawFaceUp):
        if action.color == wild:
            return said("wild_card", wild=wild)
        if by_colour[action.color] > 0:
            return said("useful_card", cards=texts.cards(action.color, by_colour[action.color]))
        if any_colour:
            return said("any_colour_card", card=texts.card(action.color),
                        cards=texts.Phrase("bot.any_colour", {"count": max(any_colour)}))
        return said("other_card", card=texts.card(action.color))
    helpful = {*by_colour, wild} | (set(game.rules.colors) if any_colour else set())
    if (by_colour or any_colour) and not helpful & set(game.cards.face_up):
        lacking = [texts.cards(color, n) for color, n in sorted(by_colour.items())]
        lacking += [texts.Phrase("bot.any_colour", {"count": n}) for n in any_colour]
        return said("blind", cards=texts.listing(lacking), count=sum(by_colour.values()) + sum(any_colour))
    return said("blind_unseen")


def _more_tickets_reason(game, plan: TicketPlan) -> Reason:
    """Every ticket is complete, or every one that can still be completed is, or none
    can; or the plan leaves trains to spare."""
    if plan.open_tickets():
        return said("more_tickets_spare", needed=plan.trains_needed(),
                    trains=texts.quantity("train", game.trains[plan.player]))
    lost = len(plan.lost())
    if plan.tickets and lost == len(plan.tickets):
        return said("more_tickets_all_lost")
    return said("more_tickets_lost" if lost else "more_tickets")


def _keep_reason(game, action: KeepTickets, plan: TicketPlan) -> Reason:
    """What the kept tickets' ways need, with the tickets already held, against the trains."""
    needed, trains = plan.trains_needed(), game.trains[plan.player]
    if needed > trains:
        return said("keep_over", needed=texts.quantity("train", needed), trains=texts.quantity("train", trains))
    held = len(plan.tickets) > len(action.tickets)
    return said("keep_with" if held else "keep", count=len(action.tickets), needed=needed,
                trains=texts.quantity("train", trains))


def _tunnel_reason(game, action: PayTunnel | GiveUpTunnel, plan: TicketPlan) -> Reason:
    """Pay for a tunnel on the plan (or for its points); give it up when it cannot be paid."""
    route = game.map.route(cast(TunnelPayment, game.pending).route)
    if isinstance(action, GiveUpTunnel):
        can_pay = any(isinstance(a, PayTunnel) for a in game.legal_actions())
        return said("tunnel_give_up_choice" if can_pay else "tunnel_give_up", route=route)
    ticket = plan.served(route)
    if ticket is not None:
        return said("tunnel_pay_planned", route=route, ticket=ticket)
    return said("tunnel_pay", route=route, points=texts.quantity("point", game.rules.points_for_length(route.length)))


def _station_reason(game, action: BuildStation, plan: TicketPlan) -> Reason:
    """The lost ticket a station in this city could still complete, or what a station does."""
    for ticket in plan.lost():
        for hosts, route in station_rescue(game, plan.player, ticket) or ():
            if action.city in hosts:
                return said("station_saves", city=action.city, route=route, owner=game.claimed[route.id],
                            ticket=ticket)
    return said("station", city=action.city, unused=texts.quantity("point", game.rules.unused_station_points))


# --- what a station could still do (Europe) --------------------------------------------------

def station_rescue(game, player: int, ticket: Ticket) -> list[tuple[tuple[str, ...], Route]] | None:
    """How stations could still complete ``ticket``: the routes of other players to
    borrow, each with the cities where a station could use it (one of the player's own
    stations there, else its ends that have no station yet), on the way that borrows the
    fewest routes of those the player's trains still reach; None when stations cannot save
    it (none to use, or no such way), and when it needs none.

    A station uses one route of another player into its city at the end of the game. The
    search counts stations but does not check that two borrowed routes are not left to
    the same station (a way needing that is rare)."""
    rules, board = game.rules, game.map
    own_stations = {city for city, owner in game.stations.items() if owner == player}
    to_build = rules.stations_per_player - game.stations_built(player)
    usable = to_build + len(own_stations)
    claimed, trains, players = game.claimed, game.trains[player], game.players

    def hosts(route: Route) -> tuple[str, ...]:
        """The ends of ``route`` where a station of the player could use it."""
        mine = tuple(city for city in route.cities if city in own_stations)
        return mine or (tuple(city for city in route.cities if city not in game.stations) if to_build else ())

    steps: dict[str, list[tuple[str, int, int, Route]]] = {}  # city → (other city, borrows, trains, route)
    for route in board.routes:
        owner = claimed.get(route.id)
        if owner is None:
            if route.length > trains or double_route_problem(rules, players, claimed, route, player):
                continue
            borrows, length = 0, route.length
        elif owner == player:
            borrows, length = 0, 0
        elif usable and hosts(route):
            borrows, length = 1, 0
        else:
            continue
        for a, b in ((route.a, route.b), (route.b, route.a)):
            steps.setdefault(a, []).append((b, borrows, length, route))
    # Dijkstra's search by trains over (place, routes borrowed so far), at most ``usable`` borrowed
    targets = {place for name in ticket.destinations for place in board.places(name)}
    frontier: list[tuple[int, int, int, str, tuple[Route, ...]]] = [
        (0, 0, n, place, ()) for n, place in enumerate(board.places(ticket.origin))]
    heapq.heapify(frontier)
    done: set[tuple[str, int]] = set()
    pushed, fewest = len(frontier), None
    while frontier:
        cost, borrowed, _, city, way = heapq.heappop(frontier)
        if cost > trains:
            break
        if (city, borrowed) in done:
            continue
        done.add((city, borrowed))
        if city in targets:
            if fewest is None or len(fewest) > borrowed:
                fewest = [route for route in way if claimed.get(route.id) not in (None, player)]
            continue
        for other, more, more_cost, route in steps.get(city, ()):
            if borrowed + more <= usable and (other, borrowed + more) not in done:
                heapq.heappush(frontier, (cost + more_cost, borrowed + more, pushed, other, (*way, route)))
                pushed += 1
    if not fewest:
        return None
    return [(hosts(route), route) for route in fewest]
