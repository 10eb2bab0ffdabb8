"""Destination Hungry's ticket networks: the backbone between the two ticket cities farthest
apart, every other ticket city joined to its nearer end, and the choice among the ways to
keep offered tickets (the agents that evaluate tickets choose so too)."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Iterable, cast

import networkx as nx

from ...tickets import ChooseTickets, KeepTickets
from ..maps import Map, Route, Ticket
from ..plans import OpenGraph

#: what networkx's Dijkstra without a target finds: each city's distance and its path
Paths = tuple[dict[str, float], dict[str, list[str]]]


class Distances:
    """Cheapest paths on an agent's graph (``plans.OpenGraph``) by networkx's Dijkstra,
    from each city once: distances from every ticket city, paths from two only."""

    def __init__(self, graph: OpenGraph):
        self.open_graph = graph
        self.graph: nx.Graph[str] = nx.Graph()
        self.graph.add_weighted_edges_from((a, b, cost) for a, neighbours in graph.items()
                                           for b, (cost, _) in neighbours.items() if a < b)
        self._distances: dict[str, dict[str, float]] = {}
        self._paths: dict[str, dict[str, list[str]]] = {}

    def reach(self, city: str) -> dict[str, float]:
        """Each city's distance from ``city``."""
        if city not in self._distances:
            self._distances[city] = (nx.single_source_dijkstra_path_length(self.graph, city)
                                     if city in self.graph else {})
        return self._distances[city]

    def routes_on(self, start: str, end: str) -> list[Route]:
        """The routes still to claim on the cheapest path from ``start`` to ``end``."""
        if start not in self._paths:
            self._distances[start], self._paths[start] = cast(Paths, nx.single_source_dijkstra(self.graph, start))
        cities = self._paths[start][end]
        steps = (self.open_graph[u][v] for u, v in itertools.pairwise(cities))
        return [route for cost, route in steps if cost > 0]

    def ticket_ends(self, board: Map, ticket: Ticket) -> tuple[str, str, int] | None:
        """The two places the ticket joins, to the nearest target (ties: places' order),
        and that target's value; None when no path joins them."""
        best = None
        for origin in board.places(ticket.origin):
            distance = self.reach(origin)
            for target, value in zip(ticket.destinations, ticket.values):
                for place in board.places(target):
                    if place in distance and (best is None or distance[place] < best[0]):
                        best = (distance[place], origin, place, value)
        return best[1:] if best else None


@dataclass(frozen=True)
class Network:
    """A plan of Destination Hungry: the routes still to claim, their trains and points,
    the points of the tickets it joins and the tickets it cannot join."""

    routes: tuple[Route, ...] = ()
    trains: int = 0
    route_points: int = 0
    ticket_points: int = 0
    unjoined: frozenset[int] = frozenset()


def plan_network(distances: Distances, game, tickets: Iterable[int]) -> Network:
    """The two ticket cities farthest apart joined by a shortest path (the backbone), every
    other ticket city joined to the nearer end; tickets complete already add only points."""
    board, points = game.map, 0
    ends: dict[int, tuple[str, str, int]] = {}  # ticket → the places it joins and its value
    unjoined = set()  # the tickets no path can join
    for ticket_id in tickets:
        found = distances.ticket_ends(board, board.ticket(ticket_id))
        if found is None:
            unjoined.add(ticket_id)
        elif distances.reach(found[0])[found[1]] == 0:
            points += found[2]  # complete
        else:
            ends[ticket_id] = found
    cities = sorted({city for origin, target, _ in ends.values() for city in (origin, target)})
    distance = {(a, b): distances.reach(a).get(b, math.inf) for a, b in itertools.combinations(cities, 2)}
    reachable = [(d, pair) for pair, d in distance.items() if d < math.inf]
    if not reachable:  # (each ticket left joins two places a path joins)
        return Network(ticket_points=points, unjoined=frozenset(unjoined))
    _, (first, last) = max(reachable, key=lambda item: item[0])  # the first pair of the farthest
    routes = {route.id: route for route in distances.routes_on(first, last)}
    joined = {first, last}
    for city in cities:
        near = min((first, last), key=lambda end: distances.reach(end).get(city, math.inf))
        if city not in joined and city in distances.reach(near):
            routes.update((route.id, route) for route in distances.routes_on(near, city))
            joined.add(city)
    done = [ticket for ticket, (origin, target, _) in ends.items() if {origin, target} <= joined]
    planned = tuple(routes[r] for r in sorted(routes))
    route_points = sum(game.rules.points_for_length(route.length) for route in planned)
    return Network(planned, sum(route.length for route in planned), route_points,
                   points + sum(ends[ticket][2] for ticket in done), frozenset(unjoined | (set(ends) - set(done))))


def ticket_options(game, offer: ChooseTickets, distances: Distances) -> list[tuple[KeepTickets, Network]]:
    """Each way to keep the offered tickets, with the network it would plan (the held
    tickets' cities in it too)."""
    held = list(game.tickets[game.player_to_move()])
    return [(keep, plan_network(distances, game, held + list(keep.tickets)))
            for keep in game.legal_actions().of_type(KeepTickets)]


def best_option(game, options: list[tuple[KeepTickets, Network]]) -> tuple[KeepTickets, Network]:
    """The option with the best (ticket + route points) per train among those needing at
    most trains − 5, else the cheapest one that joins its tickets with the trains left,
    else the one worth fewest points (ties: the first, fewest tickets first)."""
    trains_left, board = game.trains[game.player_to_move()], game.map
    doable = [(keep, plan) for keep, plan in options
              if not plan.unjoined.intersection(keep.tickets) and plan.trains <= trains_left]
    roomy = [(keep, plan) for keep, plan in doable if plan.trains <= trains_left - 5]
    if roomy:
        return max(roomy, key=lambda option: (option[1].ticket_points + option[1].route_points)
                   / option[1].trains if option[1].trains else math.inf)
    if doable:
        return min(doable, key=lambda option: option[1].trains)
    return min(options, key=lambda option: sum(board.ticket(t).points for t in option[0].tickets))

