"""The strategy bots' ticket plans: the cheapest routes still to claim for each ticket,
kept up to date claim by claim.

A plan is Dijkstra's cheapest path through the routes a player holds (free) or could
still claim (at the strategy's cost). Bots plan at every turn, and between two of their
turns the other players claim a route or two; so the graph of open routes is kept, not
made anew: another player's claim only takes routes away, and a plan that does not use
them stays the cheapest (it was cheapest with more routes to choose from). Only the
plans crossing a route just taken are searched again. The player's own claim makes its
route free and leaves fewer trains: the graph changes only there and at the routes now too
long to claim, but every plan is searched again (a free route may make another way the
cheapest). A route's cost must not change in any other way: ``route_cost`` reads the
route only.
"""

from __future__ import annotations

import functools
import heapq
import itertools
from typing import Any, Callable, Mapping, NamedTuple

from .claim_rules import double_route_problem
from .maps import Map, Route, Ticket

#: city → neighbour → (what the route still costs a plan, the route): plain dicts
OpenGraph = dict[str, dict[str, tuple[float, Route]]]
RouteCost = Callable[[Route], float]


@functools.lru_cache(maxsize=16)
def route_pairs(board: Map) -> dict[frozenset[str], tuple[Route, ...]]:
    """The board's routes by the two cities they join (two tracks for a double route),
    in board order (made once for each board)."""
    found: dict[frozenset[str], list[Route]] = {}
    for route in board.routes:
        found.setdefault(frozenset(route.cities), []).append(route)
    return {pair: tuple(routes) for pair, routes in found.items()}


@functools.lru_cache(maxsize=16)
def longest_track(board: Map) -> int:
    """The trains of the board's longest route (made once for each board)."""
    return max(route.length for route in board.routes)


class Claiming(NamedTuple):
    """What decides which tracks a player may still claim, read from the game once for a
    whole graph (a bot reads the game through its view, and every read there is checked)."""

    player: int
    claimed: Mapping[int, int]
    trains: int
    rules: Any
    players: int


def claiming(game, player: int) -> Claiming:
    return Claiming(player, game.claimed, game.trains[player], game.rules, game.players)


def cheapest_track(seen: Claiming, tracks: tuple[Route, ...], route_cost: RouteCost) -> tuple[float, Route] | None:
    """Of the tracks between two cities, the one the player holds (cost 0) or the first
    cheapest they could still claim, with its cost; None when none is theirs or open."""
    best = None
    player, claimed, trains, rules, players = seen
    for route in tracks:
        owner = claimed.get(route.id)
        if owner is None:
            if route.length > trains or double_route_problem(rules, players, claimed, route, player):
                continue
            cost = route_cost(route)
        elif owner == player:
            cost = 0
        else:
            continue
        if best is None or best[0] > cost:
            best = (cost, route)
    return best


def open_graph(game, player: int, route_cost: RouteCost) -> OpenGraph:
    """The routes ``player`` holds (cost 0) or could still claim (their ``route_cost``)."""
    graph: OpenGraph = {}
    seen = claiming(game, player)
    for tracks in route_pairs(game.map).values():
        best = cheapest_track(seen, tracks, route_cost)
        if best is not None:
            a, b = tracks[0].a, tracks[0].b
            graph.setdefault(a, {})[b] = graph.setdefault(b, {})[a] = best
    return graph


def in_board_order(graph: OpenGraph, board: Map) -> OpenGraph:
    """``graph`` with its cities in the order ``open_graph`` would give them now: a search
    over it (networkx's, the agents') breaks ties by that order, so a graph kept up to
    date plays as one made anew."""
    order: dict[str, None] = {}
    for tracks in route_pairs(board).values():
        a, b = tracks[0].a, tracks[0].b
        if b in graph.get(a, ()):
            order[a] = order[b] = None
    return {city: graph[city] for city in order}


def ticket_path(graph: OpenGraph, board: Map, ticket: Ticket) -> list[Route] | None:
    """The routes still to claim on the cheapest way to fulfil ``ticket`` ([] if it is
    complete, None if it cannot be fulfilled any more): Dijkstra's search from the
    origin (every border point of a country) to the nearest destination point, ties
    going to the destination point first in the alphabet."""
    targets = {p for name in ticket.destinations for p in board.places(name) if p in graph}
    if not targets:
        return None
    came_by: dict[str, tuple[str, Route, float] | None] = {}  # place → (from, by, cost); None: a start
    frontier: list[tuple[float, int, str, tuple[str, Route, float] | None]] = [
        (0.0, n, p, None) for n, p in enumerate(board.places(ticket.origin)) if p in graph]
    heapq.heapify(frontier)
    pushed, best, reached = len(frontier), None, []
    while frontier:
        cost, _, city, step = heapq.heappop(frontier)
        if city in came_by:
            continue
        if best is not None and cost > best:
            break
        came_by[city] = step
        if city in targets:
            best = cost
            reached.append(city)
            continue
        for other, (route_cost, route) in graph[city].items():
            if other not in came_by:
                heapq.heappush(frontier, (cost + route_cost, pushed, other, (city, route, route_cost)))
                pushed += 1
    if not reached:
        return None
    path, city = [], min(reached)
    while (step := came_by[city]) is not None:
        city, route, route_cost = step
        if route_cost > 0:
            path.append(route)
    return path[::-1]


class Planner:
    """One player's plans in one game (see the module text)."""

    def __init__(self, game, player: int, route_cost: RouteCost):
        self.player, self.route_cost = player, route_cost
        self.claimed, self.count, self.trains = game.claimed, len(game.claimed), game.trains[player]
        self.graph = open_graph(game, player, route_cost)
        self.paths: dict[int, list[Route] | None] = {}  # ticket id → its path (see ticket_path)

    def follows(self, game, player: int) -> bool:
        """Whether this planner can catch up with ``game``: the same player and game,
        with claims only added since (an undo or a set-up makes a new ``claimed``)."""
        claimed = game.claimed
        return (player == self.player and claimed is self.claimed and len(claimed) >= self.count
                and game.trains[player] <= self.trains)

    def catch_up(self, game) -> None:
        """Bring the graph's changed pairs of cities up to date (those whose routes were
        claimed since, and after the player's own claim those with a track too long for
        the trains left), and forget the plans that crossed them (all of them after the
        player's own claim)."""
        claimed, trains = game.claimed, game.trains[self.player]
        if len(claimed) == self.count and trains == self.trains:
            return  # no claim since (most calls)
        board, changed = game.map, set()
        pairs, seen = route_pairs(board), claiming(game, self.player)
        newly_claimed = [board.route(route_id).cities for route_id in itertools.islice(claimed, self.count, None)]
        shortened = trains < self.trains and trains < longest_track(board)  # a track may be too long now
        too_long = [tracks[0].cities for tracks in pairs.values()
                    if any(trains < track.length <= self.trains for track in tracks)] if shortened else []
        for cities in (*newly_claimed, *too_long):
            pair = frozenset(cities)
            if pair in changed:
                continue
            changed.add(pair)
            tracks = pairs[pair]
            a, b = tracks[0].a, tracks[0].b
            best = cheapest_track(seen, tracks, self.route_cost)
            if best is None:
                for city, other in ((a, b), (b, a)):
                    neighbours = self.graph.get(city, {})
                    neighbours.pop(other, None)
                    if not neighbours:
                        self.graph.pop(city, None)  # a city no route of theirs can reach any more
            else:
                self.graph.setdefault(a, {})[b] = self.graph.setdefault(b, {})[a] = best
        self.count = len(claimed)
        if trains < self.trains:
            self.trains, self.paths = trains, {}
            self.graph = in_board_order(self.graph, board)
        elif changed:
            self.paths = {ticket: path for ticket, path in self.paths.items()
                          if not path or not any(frozenset(route.cities) in changed for route in path)}

    def path(self, game, ticket_id: int) -> list[Route] | None:
        if ticket_id not in self.paths:
            self.paths[ticket_id] = ticket_path(self.graph, game.map, game.map.ticket(ticket_id))
        return self.paths[ticket_id]


def planner_for(known: Planner | None, game, player: int, route_cost: RouteCost) -> Planner:
    """``known`` brought up to date with ``game``, or a new planner when it cannot be."""
    if known is None or not known.follows(game, player):
        return Planner(game, player, route_cost)
    known.catch_up(game)
    return known
