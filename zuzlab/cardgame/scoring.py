"""Card Game scoring: the best choice of tickets for each on-the-track pile, the Big City
bonuses (every tied player scores), the first round's points with 4 players, the winner.

A player counts the choice of tickets with the highest total: ticket points plus the Big
City points it wins against the other players' choices (then the most tickets, then the
lowest ticket ids). As each choice moves the others' Big City counts, the players are
settled one after another against the others' current choices until no choice changes.
"""

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
    most_ticket_points: Fulfilment | None = None  # the choice for ticket points alone, where it differs
    its_bonuses: tuple[tuple[str, int], ...] = ()  # the Big City cards that choice would have won

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
    choices_came_back_after: int = 0  # rounds of settling the ticket choices, where they went in a circle

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
            if s.most_ticket_points is not None:  # why these tickets count, not those with the most points
                other = s.most_ticket_points
                lines.append(texts.text(
                    "score.choice_for_big_cities", player=s.player, other=texts.listing([texts.render(t) for t in other.fulfilled]),
                    tickets=texts.quantity("point", s.ticket_points), cities=texts.quantity("point", s.bonus_points),
                    other_tickets=texts.quantity("point", other.score),
                    other_cities=texts.quantity("point", sum(points for _, points in s.its_bonuses))))
        if self.choices_came_back_after:
            lines.append(texts.text("score.choices_came_back", rounds=self.choices_came_back_after))
        return lines


def ticket_fulfilment(game, player: int) -> Fulfilment:
    """The best choice of ``player``'s tickets for the cards on their on-the-track pile,
    for ticket points alone (the first scoring with 4 players has no Big City cards)."""
    return best_fulfilment([game.data.ticket(t) for t in game.tickets[player]], game.track[player])


@dataclass(frozen=True)
class Settlement:
    """Every player's counted choice of tickets, and how it was reached."""

    fulfilments: tuple[Fulfilment, ...]
    most_ticket_points: tuple[Fulfilment, ...]  # each player's choice for ticket points alone
    rounds: int  # passes over the players, the last one changing nothing (or coming back)
    came_back: bool = False  # the choices went round in a circle: each counts the most ticket points


def settle_fulfilments(hands: list[list], piles: list[dict], big_cities: dict[str, int]) -> Settlement:
    """Each player's choice of tickets for the final scoring (see the module's docstring).

    The start is every player's choice for ticket points alone. The choices can go round in
    a circle (one player wants to match another's count of tickets naming a Big City, the
    other to outdo it; 3 of 900 random games did): then no choice is best against the
    others', and every player counts the start, their choice for ticket points alone.
    """
    most_points = [best_fulfilment(hand, pile) for hand, pile in zip(hands, piles)]
    choices = list(most_points)
    seen = {_choice_ids(choices)}
    rounds = 0
    while True:
        rounds += 1
        changed = False
        for player, (hand, pile) in enumerate(zip(hands, piles)):
            others = choices[:player] + choices[player + 1:]
            to_win = {city: (points, max([1] + [_naming(f, city) for f in others]))
                      for city, points in big_cities.items()}
            choice = best_fulfilment(hand, pile, to_win)
            if choice.fulfilled != choices[player].fulfilled:
                choices[player], changed = choice, True
        if not changed:
            return Settlement(tuple(choices), tuple(most_points), rounds)
        if _choice_ids(choices) in seen:
            return Settlement(tuple(most_points), tuple(most_points), rounds, came_back=True)
        seen.add(_choice_ids(choices))


def _naming(fulfilment: Fulfilment, city: str) -> int:
    return sum(city in t.cities for t in fulfilment.fulfilled)


def _choice_ids(choices: list[Fulfilment]) -> tuple:
    return tuple(tuple(t.id for t in f.fulfilled) for f in choices)


def settle_game(game) -> Settlement:
    """The counted choices of tickets of a Card Game's players, as it stands."""
    return settle_fulfilments([[game.data.ticket(t) for t in game.tickets[p]] for p in range(game.players)],
                              [game.track[p] for p in range(game.players)], game.data.big_cities)


def big_city_winners(fulfilments: list[Fulfilment], big_cities: dict[str, int]) -> list[list[tuple[str, int]]]:
    """For each player the Big City cards won: the most fulfilled tickets naming the city
    (at least one); every tied player scores."""
    won: list[list[tuple[str, int]]] = [[] for _ in fulfilments]
    for city, points in big_cities.items():
        counts = [_naming(f, city) for f in fulfilments]
        most = max(counts)
        for player, count in enumerate(counts):
            if most > 0 and count == most:
                won[player].append((city, points))
    return won


def score_game(game) -> FinalScores:
    settled = settle_game(game)
    fulfilments = list(settled.fulfilments)
    bonuses = big_city_winners(fulfilments, game.data.big_cities)
    first = game.first_round or [{"points": 0, "fulfilled": []}] * game.players
    players = []
    for p in range(game.players):
        most_points = settled.most_ticket_points[p]
        if most_points.fulfilled == fulfilments[p].fulfilled:
            most_points, its_bonuses = None, []
        else:  # what the choice for ticket points alone would have won against the others
            its_bonuses = big_city_winners(fulfilments[:p] + [most_points] + fulfilments[p + 1:],
                                           game.data.big_cities)[p]
        players.append(PlayerScore(p, fulfilments[p], tuple(bonuses[p]), first[p]["points"], len(first[p]["fulfilled"]),
                                   most_points, tuple(its_bonuses)))
    ranking = rank(players, key=lambda s: (s.total, *(tie_break_value(s, k) for k in game.rules.tie_breakers)),
                   player=lambda s: s.player)
    return FinalScores(tuple(players), *ranking, two_rounds=game.first_round is not None,
                       tie_breakers=game.rules.tie_breakers,
                       choices_came_back_after=settled.rounds if settled.came_back else 0)


def tie_break_value(score: PlayerScore, key: str) -> int:
    """A player's value for a tie-breaker (more ranks first): fulfilled tickets, or Big City cards."""
    return score.fulfilled_tickets if key == "fulfilled_tickets" else len(score.bonuses)


def score_parts(game, scores: FinalScores, seat: int) -> dict:
    """A seat's score in parts, the columns of a simulation's table (``zuzlab.sim``)."""
    score = scores[seat]
    return {"first_round": score.first_round, "ticket_points": score.ticket_points,
            "tickets_fulfilled": len(score.fulfilment.fulfilled), "big_cities": score.bonus_points}
