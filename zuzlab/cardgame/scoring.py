"""Card Game scoring: the best choice of tickets for each on-the-track pile, the Big City
bonuses (every tied player scores), the first round's points with 4 players, the winner."""

from __future__ import annotations

from dataclasses import dataclass

from .. import texts
from ..algorithms import Fulfilment, best_fulfilment
from ..scoretable import ScoreTable, rank


@dataclass(frozen=True)
class PlayerScore:
    player: int
    fulfilment: Fulfilment  # the final scoring's best choice of tickets
    bonuses: tuple[tuple[str, int], ...]  # the Big City cards won: (city, points)
    first_round: int = 0  # points of the first scoring (4 players)
    first_round_fulfilled: int = 0

    @property
    def ticket_points(self) -> int:
        return self.fulfilment.score

    @property
    def bonus_points(self) -> int:
        return sum(points for _, points in self.bonuses)

    @property
    def total(self) -> int:
        return self.first_round + self.ticket_points + self.bonus_points

    @property
    def fulfilled_tickets(self) -> int:
        return self.first_round_fulfilled + len(self.fulfilment.fulfilled)


@dataclass(frozen=True)
class FinalScores(ScoreTable):
    players: tuple[PlayerScore, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    places: tuple[int, ...]
    two_rounds: bool = False
    tie_breakers: tuple[str, ...] = ()

    def __getitem__(self, player: int) -> PlayerScore:
        return self.players[player]

    @property
    def totals(self) -> list[int]:
        return [s.total for s in self.players]

    def rows(self) -> list[dict]:
        return [
            {"player": s.player, **({"round 1": s.first_round} if self.two_rounds else {}),
             "tickets": s.ticket_points,
             "fulfilled": f"{len(s.fulfilment.fulfilled)}/{len(s.fulfilment.fulfilled) + len(s.fulfilment.unfulfilled)}",
             "big cities": s.bonus_points, "total": s.total, "place": self.places[s.player]}
            for s in self.players
        ]

    def tie_break_value(self, player: int, key: str) -> int:
        return tie_break_value(self.players[player], key)

    def details(self) -> list[str]:
        """Each player's tickets fulfilled and not (the colours in the reader's language)
        and the Big City cards won."""
        def listed(tickets, sign: str) -> str:
            return ", ".join(texts.text("score.ticket_points", ticket=texts.render(t), points=f"{sign}{t.points}")
                             for t in tickets) or texts.text("score.none")

        lines = []
        for s in self.players:
            lines.append(texts.text("score.fulfilled_line", player=s.player, done=listed(s.fulfilment.fulfilled, "+"),
                                    missed=listed(s.fulfilment.unfulfilled, "-")))
            lines += [texts.text("score.big_city", player=s.player, city=city, points=points)
                      for city, points in s.bonuses]
        return lines


def ticket_fulfilment(game, player: int) -> Fulfilment:
    """The best choice of ``player``'s tickets for the cards on their on-the-track pile."""
    return best_fulfilment([game.data.ticket(t) for t in game.tickets[player]], game.track[player])


def big_city_winners(fulfilments: list[Fulfilment], big_cities: dict[str, int]) -> list[list[tuple[str, int]]]:
    """For each player the Big City cards won: the most fulfilled tickets naming the city
    (at least one); every tied player scores."""
    won: list[list[tuple[str, int]]] = [[] for _ in fulfilments]
    for city, points in big_cities.items():
        counts = [sum(city in t.cities for t in f.fulfilled) for f in fulfilments]
        most = max(counts)
        for player, count in enumerate(counts):
            if most > 0 and count == most:
                won[player].append((city, points))
    return won


def score_game(game) -> FinalScores:
    fulfilments = [ticket_fulfilment(game, p) for p in range(game.players)]
    bonuses = big_city_winners(fulfilments, game.data.big_cities)
    first = game.first_round or [{"points": 0, "fulfilled": []}] * game.players
    players = [PlayerScore(p, fulfilments[p], tuple(bonuses[p]), first[p]["points"], len(first[p]["fulfilled"]))
               for p in range(game.players)]
    ranking = rank(players, key=lambda s: (s.total, *(tie_break_value(s, k) for k in game.rules.tie_breakers)),
                   player=lambda s: s.player)
    return FinalScores(tuple(players), *ranking, two_rounds=game.first_round is not None,
                       tie_breakers=game.rules.tie_breakers)


def tie_break_value(score: PlayerScore, key: str) -> int:
    """A player's value for a tie-breaker (more ranks first): fulfilled tickets, or Big City cards."""
    return score.fulfilled_tickets if key == "fulfilled_tickets" else len(score.bonuses)
