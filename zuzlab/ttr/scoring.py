"""Final scoring: route points, every ticket ±, the longest-route bonus, stations, the winner.

A ticket is complete when its two ends are joined by the player's own routes (in Europe
also through one borrowed route per station). For a ticket with several destinations
(Switzerland) the best reached value counts; if none is reached the ticket costs its
lowest value.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
import networkx as nx
from networkx.utils import UnionFind

from ..algorithms import Trail, longest_trail
from ..scoretable import ScoreTable
from ..scoretable import rank as rank_by
from .maps import Map, Route, Ticket


@dataclass(frozen=True)
class TicketResult:
    ticket: Ticket
    reached: tuple[str, ...]  # the destinations joined to the origin
    points: int  # signed: + when complete, − when not

    @property
    def completed(self) -> bool:
        return bool(self.reached)


@dataclass(frozen=True)
class PlayerScore:
    player: int
    route_points: int
    tickets: tuple[TicketResult, ...]
    longest_route: Trail
    longest_route_bonus: int
    total: int
    stations_built: int = 0
    station_points: int = 0  # for stations never built
    borrowed: tuple[tuple[str, Route], ...] = ()  # (station city, the other player's route it uses)

    @property
    def ticket_points(self) -> int:
        return sum(t.points for t in self.tickets)

    @property
    def completed_tickets(self) -> int:
        return sum(t.completed for t in self.tickets)


@dataclass(frozen=True)
class FinalScores(ScoreTable):
    players: tuple[PlayerScore, ...]
    ranking: tuple[int, ...]  # players from first to last, tie-breakers applied
    winners: tuple[int, ...]  # more than one only if every tie-breaker is level
    tie_breakers: tuple[str, ...] = field(default=())

    def __getitem__(self, player: int) -> PlayerScore:
        return self.players[player]

    @property
    def totals(self) -> list[int]:
        return [p.total for p in self.players]

    def rows(self) -> list[dict]:
        """One row per player, ready for a table."""
        return [
            {"player": s.player, "routes": s.route_points, "tickets": s.ticket_points,
             "completed": f"{s.completed_tickets}/{len(s.tickets)}",
             "longest": s.longest_route.length, "bonus": s.longest_route_bonus,
             **({"stations": s.station_points} if self.has_stations else {}),
             "total": s.total, "place": self.ranking.index(s.player) + 1}
            for s in self.players
        ]

    @property
    def has_stations(self) -> bool:
        return any(s.stations_built or s.station_points for s in self.players)

    def details(self) -> list[str]:
        lines = []
        for s in self.players:
            lines.append(f"player {s.player} tickets: " + (", ".join(
                f"{t.ticket} {'+' if t.points > 0 else ''}{t.points}" for t in s.tickets) or "none"))
            lines += [f"player {s.player} station in {city} uses {route}" for city, route in s.borrowed]
        return lines


def component_labels(routes: list[Route]) -> dict[str, int]:
    """Each city of the network, labelled with the number of its connected piece."""
    graph = nx.Graph()
    graph.add_edges_from((r.a, r.b) for r in routes)
    return {city: i for i, part in enumerate(nx.connected_components(graph)) for city in part}


def best_station_use(board: Map, own: list[Route], tickets: list[Ticket], station_cities: list[str],
                     foreign: list[Route]) -> tuple[tuple[TicketResult, ...], tuple[tuple[str, Route], ...]]:
    """The tickets' results with the player's routes, where each station may use one other
    player's route into its city: every choice is tried (at most 3 stations, a handful
    of routes each) and the best total kept. Without stations this is plain scoring.

    Routes that would join nothing new (both ends already in one piece of the player's
    network) are left out, and routes joining the same two pieces count as one choice.
    """
    labels = component_labels(own)

    def piece(city: str) -> object:
        return labels.get(city, city)  # a city off the network is a piece of its own

    def pieces(name: str) -> set:
        return {piece(place) for place in board.places(name)}  # a country has several border points

    plans = [(pieces(t.origin), [(d, v, pieces(d)) for d, v in zip(t.destinations, t.values)], t.penalty)
             for t in tickets]

    def evaluate(links: UnionFind) -> list[tuple[tuple[str, ...], int]]:
        """Each ticket's reached destinations and points once ``links`` join pieces."""
        results = []
        for origin, targets, penalty in plans:
            roots = {links[p] for p in origin}
            reached = [(d, v) for d, v, target in targets if any(links[p] in roots for p in target)]
            results.append((tuple(d for d, _ in reached), max(v for _, v in reached) if reached else -penalty))
        return results

    options = []
    for city in station_cities:
        choices: dict[frozenset, Route] = {}
        for route in foreign:
            ends = frozenset((piece(route.a), piece(route.b)))
            if city in route.cities and len(ends) == 2:
                choices.setdefault(ends, route)
        options.append([None, *choices.values()])

    best: tuple[tuple[int, int], list, tuple] | None = None
    for choice in itertools.product(*options):
        links = UnionFind()
        for route in choice:
            if route is not None:
                links.union(piece(route.a), piece(route.b))
        results = evaluate(links)
        # the most points; among equals, the fewest borrowed routes
        key = (sum(p for _, p in results), -sum(route is not None for route in choice))
        if best is None or key > best[0]:
            best = (key, results, choice)
    _, results, choice = best
    borrowed = tuple((city, route) for city, route in zip(station_cities, choice) if route is not None)
    return tuple(TicketResult(t, reached, points) for t, (reached, points) in zip(tickets, results)), borrowed


def score_game(game) -> FinalScores:
    """Score a finished game (``zuzlab.ttr.Game``)."""
    rules, board = game.rules, game.map
    partial = []
    for player in range(game.players):
        routes = game.routes_of(player)
        tickets = [board.ticket(t) for t in game.tickets[player]]
        stations = [city for city, owner in game.stations.items() if owner == player]
        foreign = [board.route(r) for r, owner in game.claimed.items() if owner != player]
        results, borrowed = best_station_use(board, routes, tickets, stations, foreign)
        partial.append((player, results, borrowed, longest_trail(routes)))
    best_length = max(trail.length for *_, trail in partial)
    players = []
    for player, tickets, borrowed, trail in partial:
        bonus = rules.longest_route_bonus if best_length > 0 and trail.length == best_length else 0
        built = game.stations_built(player)
        station_points = (rules.stations_per_player - built) * rules.unused_station_points
        total = game.scores[player] + sum(t.points for t in tickets) + bonus + station_points
        players.append(PlayerScore(player, game.scores[player], tickets, trail, bonus, total,
                                   built, station_points, borrowed))
    ranking, winners = rank(players, rules.tie_breakers)
    return FinalScores(tuple(players), ranking, winners, rules.tie_breakers)


def tie_break_value(score: PlayerScore, key: str) -> int:
    if key == "completed_tickets":
        return score.completed_tickets
    if key == "longest_route":
        return int(score.longest_route_bonus > 0)
    if key == "fewest_stations_used":
        return -score.stations_built
    raise ValueError(f"unknown tie-breaker {key!r}")


def rank(players: list[PlayerScore], tie_breakers: tuple[str, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Order players by total, then by each tie-breaker of the ruleset."""
    return rank_by(players, key=lambda s: (s.total, *(tie_break_value(s, k) for k in tie_breakers)),
                   player=lambda s: s.player)
