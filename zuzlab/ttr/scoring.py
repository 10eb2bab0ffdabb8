"""Final scoring: route points, every ticket ±, the longest-route bonus, the winner.

A ticket is complete when its two ends are joined by the player's own routes. For a
ticket with several destinations (Switzerland) the best reached value counts; if none
is reached the ticket costs its lowest value.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

import networkx as nx

from ..algorithms import Trail, longest_trail
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

    @property
    def ticket_points(self) -> int:
        return sum(t.points for t in self.tickets)

    @property
    def completed_tickets(self) -> int:
        return sum(t.completed for t in self.tickets)


@dataclass(frozen=True)
class FinalScores:
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
             "longest": s.longest_route.length, "bonus": s.longest_route_bonus, "total": s.total,
             "place": self.ranking.index(s.player) + 1}
            for s in self.players
        ]

    def __str__(self) -> str:
        header = ["player", "routes", "tickets", "completed", "longest", "bonus", "total", "place"]
        rows = [[str(r[h]) for h in header] for r in self.rows()]
        widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
        lines = ["  ".join(h.rjust(w) for h, w in zip(header, widths))]
        lines += ["  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in rows]
        names = " and ".join(f"player {w}" for w in self.winners)
        lines.append(f"Winner: {names}")
        for s in self.players:
            lines.append(f"player {s.player} tickets: " + ", ".join(
                f"{t.ticket} {'+' if t.points > 0 else ''}{t.points}" for t in s.tickets) or "none")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = self.rows()
        header = "".join(f"<th>{html.escape(h)}</th>" for h in rows[0])
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in r.values()) + "</tr>" for r in rows
        )
        names = " and ".join(f"player {w}" for w in self.winners)
        return f"<table><tr>{header}</tr>{body}</table><p>Winner: {html.escape(names)}</p>"


def component_labels(routes: list[Route]) -> dict[str, int]:
    """Each city of the network, labelled with the number of its connected piece."""
    graph = nx.Graph()
    graph.add_edges_from((r.a, r.b) for r in routes)
    return {city: i for i, part in enumerate(nx.connected_components(graph)) for city in part}


def ticket_result(ticket: Ticket, board: Map, components: dict[str, int]) -> TicketResult:
    """Score one ticket against a player's network (see ``component_labels``)."""

    def joined(a: str, b: str) -> bool:
        return any(
            x in components and components.get(x) == components.get(y)
            for x in board.places(a) for y in board.places(b)
        )

    reached = tuple(d for d in ticket.destinations if joined(ticket.origin, d))
    if reached:
        points = max(v for d, v in zip(ticket.destinations, ticket.values) if d in reached)
    else:
        points = -ticket.penalty
    return TicketResult(ticket, reached, points)


def score_game(game) -> FinalScores:
    """Score a finished game (``zuzlab.ttr.Game``)."""
    rules, board = game.rules, game.map
    partial = []
    for player in range(game.players):
        routes = game.routes_of(player)
        components = component_labels(routes)
        tickets = tuple(ticket_result(board.ticket(t), board, components) for t in game.tickets[player])
        partial.append((player, tickets, longest_trail(routes)))
    best_length = max(trail.length for _, _, trail in partial)
    players = []
    for player, tickets, trail in partial:
        bonus = rules.longest_route_bonus if best_length > 0 and trail.length == best_length else 0
        total = game.scores[player] + sum(t.points for t in tickets) + bonus
        players.append(PlayerScore(player, game.scores[player], tickets, trail, bonus, total))
    ranking, winners = rank(players, rules.tie_breakers)
    return FinalScores(tuple(players), ranking, winners, rules.tie_breakers)


def tie_break_value(score: PlayerScore, key: str) -> int:
    if key == "completed_tickets":
        return score.completed_tickets
    if key == "longest_route":
        return int(score.longest_route_bonus > 0)
    raise ValueError(f"unknown tie-breaker {key!r}")


def rank(players: list[PlayerScore], tie_breakers: tuple[str, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Order players by total, then by each tie-breaker; winners share the best key."""
    def key(score: PlayerScore) -> tuple[int, ...]:
        return (score.total, *(tie_break_value(score, k) for k in tie_breakers))

    ordered = sorted(players, key=key, reverse=True)
    best = key(ordered[0])
    return tuple(s.player for s in ordered), tuple(s.player for s in ordered if key(s) == best)
