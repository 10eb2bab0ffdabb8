"""Final scoring: route points, every ticket ±, the longest-route bonus, stations, the winner.

A ticket is complete when its two ends are joined by the player's own routes (in Europe
also through one borrowed route per station). For a ticket with several destinations
(Switzerland) the best reached value counts; if none is reached the ticket costs its
lowest value.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import texts
from ..algorithms import Trail, longest_trail
from ..algorithms.stations import best_station_use
from ..scoretable import Ranking, ScoreTable
from ..scoretable import rank as rank_by
from .maps import Route, Ticket


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
    holds_longest_route: bool = False  # the longest route of the game (tied holders all hold it)
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
    places: tuple[int, ...]  # each player's place: level players share it (1, 1, 3)
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
             "total": s.total, "place": self.places[s.player]}
            for s in self.players
        ]

    def tie_break_value(self, player: int, key: str) -> int:
        return tie_break_value(self.players[player], key)

    @property
    def has_stations(self) -> bool:
        return any(s.stations_built or s.station_points for s in self.players)

    def details(self) -> list[str]:
        """Each player's tickets with their points, and the route each station uses, in
        the reader's language."""
        lines = []
        for s in self.players:
            tickets = [texts.text("score.ticket_points", ticket=str(t.ticket), points=f"{t.points:+d}")
                       for t in s.tickets]
            lines.append(texts.text("score.tickets_line", player=s.player,
                                    tickets=", ".join(tickets) or texts.text("score.none")))
            lines += [texts.text("score.station_uses", player=s.player, city=city, route=route)
                      for city, route in s.borrowed]
        return lines


def score_game(game) -> FinalScores:
    """Score a finished game (``zuzlab.ttr.Game``)."""
    rules, board = game.rules, game.map
    partial = []
    for player in range(game.players):
        routes = game.routes_of(player)
        tickets = [board.ticket(t) for t in game.tickets[player]]
        stations = [city for city, owner in game.stations.items() if owner == player]
        foreign = [board.route(r) for r, owner in game.claimed.items() if owner != player] if stations else []
        choice = best_station_use(board.places, routes, tickets, stations, foreign)
        results = tuple(TicketResult(t, reached, points) for t, (reached, points) in zip(tickets, choice.tickets))
        partial.append((player, results, choice.borrowed, longest_trail(routes)))
    best_length = max(trail.length for *_, trail in partial)
    players = []
    for player, tickets, borrowed, trail in partial:
        holds_longest = best_length > 0 and trail.length == best_length
        bonus = rules.longest_route_bonus if holds_longest else 0
        built = game.stations_built(player)
        station_points = (rules.stations_per_player - built) * rules.unused_station_points
        total = game.scores[player] + sum(t.points for t in tickets) + bonus + station_points
        players.append(PlayerScore(player, game.scores[player], tickets, trail, bonus, total,
                                   holds_longest, built, station_points, borrowed))
    return FinalScores(tuple(players), *rank(players, rules.tie_breakers), rules.tie_breakers)


def tie_break_value(score: PlayerScore, key: str) -> int:
    if key == "completed_tickets":
        return score.completed_tickets
    if key == "longest_route":
        return int(score.holds_longest_route)
    if key == "fewest_stations_used":
        return -score.stations_built
    raise ValueError(f"unknown tie-breaker {key!r}")


def rank(players: list[PlayerScore], tie_breakers: tuple[str, ...]) -> Ranking:
    """Order players by total, then by each tie-breaker of the ruleset."""
    return rank_by(players, key=lambda s: (s.total, *(tie_break_value(s, k) for k in tie_breakers)),
                   player=lambda s: s.player)


def score_parts(game, scores: FinalScores, seat: int) -> dict:
    """A seat's score in parts, the columns of a simulation's table (``zuzlab.sim``)."""
    score = scores[seat]
    return {
        "route_points": score.route_points, "ticket_points": score.ticket_points,
        "tickets_completed": score.completed_tickets, "tickets_failed": len(score.tickets) - score.completed_tickets,
        "longest_route": score.longest_route.length, "longest_route_bonus": score.longest_route_bonus,
        "station_points": score.station_points, "trains_left": game.trains[seat],
        "routes": tuple(sorted(route for route, owner in game.claimed.items() if owner == seat)),
    }
