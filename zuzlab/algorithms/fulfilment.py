"""Which tickets can a pile of train cards fulfil? (Ticket to Ride: The Card Game)

Each ticket needs some train cards (one per coloured circle); a card serves one ticket
only; locomotives stand in for any colour. Fulfilled tickets score their points,
the others lose them, so the best choice maximises the points of the fulfilled tickets.

A set of tickets fits exactly when the locomotives cover the shortfall of every colour:

    sum over colours c of max(0, cards needed of c − cards held of c)  ≤  locomotives

That makes the problem a multi-dimensional knapsack: small here (a player rarely holds
more than 15 tickets), so a branch-and-bound search finds the exact best:

* tickets are tried in order of points per card, taking each one (if it still fits)
  before leaving it out;
* a branch stops when even a fractional filling of the cards left with the best
  remaining tickets (the knapsack bound) cannot reach the best choice found.

Choices of equal points are told apart by the most tickets, then the lowest ticket ids
(never by the order the tickets are held in). The final scoring also weighs the Big City
cards a choice wins (``city_bonuses``): a choice with fewer ticket points can win there.

``best_fulfilment`` is the fast search; ``best_fulfilment_steps`` yields every step of the
same search (ticket points only) for a lesson, its last step carrying the same result.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping, TypeAlias

WILD = "locomotive"
#: how good a choice is, best highest (``_Problem.rank``)
Rank: TypeAlias = tuple[float, int, tuple[Any, ...]]


@dataclass(frozen=True)
class Fulfilment:
    """The best choice: its score, the tickets fulfilled and which cards each one uses."""

    score: int  # + points of the fulfilled tickets, − points of the others
    fulfilled: tuple[Any, ...]  # the caller's own ticket items
    unfulfilled: tuple[Any, ...]
    assignment: tuple[dict[str, int], ...]  # for each fulfilled ticket, the cards it uses

    @property
    def points_fulfilled(self) -> int:
        return sum(_points(t) for t in self.fulfilled)


@dataclass(frozen=True)
class Step:
    """One step of the search, for a lesson.

    ``kind``: "take" (the ticket fits and is tried), "blocked" (it does not fit),
    "leave" (try without it), "prune" (the bound says stop), "better" (a new best
    choice), "tie" (as many points, but more tickets or lower ticket ids: it counts
    instead) or "done" (``result`` holds the answer).
    """

    texts_family = "fulfil"  # the [step] texts that word it (read by narration.describe_step)
    kind: str
    ticket: Any = None
    chosen: tuple[Any, ...] = ()
    points: int = 0  # points of the chosen tickets
    bound: float = 0.0  # the most this branch could still reach
    best: int = 0  # points of the best choice so far
    result: Fulfilment | None = field(default=None, compare=False)
    decided: int = 0  # how many tickets, in the order tried (``search_order``), are decided


def _points(ticket: Any) -> int:
    return ticket.points if hasattr(ticket, "points") else ticket[0]


def _needs(ticket: Any) -> list[str]:
    colours = ticket.colors if hasattr(ticket, "colors") else ticket[1]
    return list(colours)


def _ticket_ids(items: list[Any]) -> list[Any]:
    """Each ticket's id, which breaks the last ties; a ``(points, colours)`` pair has none,
    so its place in the list stands in."""
    return [getattr(item, "id", place) for place, item in enumerate(items)]


def search_order(tickets: Iterable[Any]) -> list[int]:
    """The order in which the search tries the tickets (their positions): the most points
    per card first, so good choices come early and the bound cuts more; equal ones by id."""
    items = list(tickets)
    ids = _ticket_ids(items)
    return sorted(range(len(items)), key=lambda i: (-_points(items[i]) / len(_needs(items[i])), ids[i]))


class _Problem:
    """Tickets, cards and city bonuses, read and checked once; shared by the fast search
    and the steps.

    Colours and bonus cities are numbered; ``needed`` (cards the chosen tickets need, per
    colour) and ``named`` (chosen tickets naming each bonus city) are lists of counts,
    which keeps the hot loop free of dictionary work.
    """

    def __init__(self, tickets: Iterable[Any], cards: Mapping[str, int],
                 city_bonuses: Mapping[str, tuple[int, int]] | None = None):
        self.items = list(tickets)
        for item in self.items:
            try:
                points, needs = _points(item), _needs(item)
            except (TypeError, IndexError, AttributeError, KeyError):
                raise ValueError(f"not a ticket: {item!r} "
                                 "(expected a ticket or a (points, [colour, …]) pair)") from None
            if isinstance(points, bool) or not isinstance(points, int) or not needs or WILD in needs:
                raise ValueError(f"ticket {item!r} needs whole points and at least one colour (not {WILD!r})")
        if not isinstance(cards, Mapping):
            raise ValueError(f"cards must map colour → count, not {cards!r}")
        for colour, count in cards.items():
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(f"cards: {colour!r} has count {count!r}; counts are whole numbers ≥ 0")
        self.colors = sorted({c for item in self.items for c in _needs(item)})
        number = {c: n for n, c in enumerate(self.colors)}
        self.have = [cards.get(c, 0) for c in self.colors]
        self.wilds = cards.get(WILD, 0)
        self.capacity = sum(cards.values())
        self.needs = [tuple(Counter(number[c] for c in _needs(item)).items()) for item in self.items]
        self.sizes = [len(_needs(item)) for item in self.items]
        self.points = [_points(item) for item in self.items]
        self.ids = _ticket_ids(self.items)
        self.order = search_order(self.items)
        self._read_city_bonuses(city_bonuses or {})

    def _read_city_bonuses(self, city_bonuses: Mapping[str, tuple[int, int]]) -> None:
        """``city_bonuses``: city → (bonus points, fulfilled tickets naming the city needed)."""
        if not isinstance(city_bonuses, Mapping):
            raise ValueError(f"city_bonuses must map city → (points, tickets needed), not {city_bonuses!r}")
        cities_named = [set(getattr(item, "cities", ())) for item in self.items]
        self.bonus_points: list[int] = []
        self.bonus_needed: list[int] = []
        self.naming: list[list[int]] = [[] for _ in self.items]  # per ticket: the bonus cities it names
        for city, bonus in city_bonuses.items():
            if (not isinstance(bonus, tuple) or len(bonus) != 2
                    or any(isinstance(n, bool) or not isinstance(n, int) for n in bonus)
                    or bonus[0] < 0 or bonus[1] < 1):
                raise ValueError(f"city_bonuses: {city!r} has {bonus!r}; expected (points ≥ 0, tickets needed ≥ 1)")
            number = len(self.bonus_points)
            self.bonus_points.append(bonus[0])
            self.bonus_needed.append(bonus[1])
            for i, named in enumerate(cities_named):
                if city in named:
                    self.naming[i].append(number)
        # still_naming[position][city]: tickets from ``position`` on in the order that name the city
        self.still_naming = [[0] * len(self.bonus_points) for _ in range(len(self.order) + 1)]
        for position in range(len(self.order) - 1, -1, -1):
            counts = self.still_naming[position] = list(self.still_naming[position + 1])
            for city_number in self.naming[self.order[position]]:
                counts[city_number] += 1

    def extra_shortfall(self, needed: list[int], i: int) -> int:
        """How many more locomotives the chosen tickets need if ticket ``i`` joins them."""
        more = 0
        for colour, count in self.needs[i]:
            over = needed[colour] - self.have[colour]
            if over >= 0:
                more += count  # this colour's own cards are used up already
            elif over + count > 0:
                more += over + count
        return more

    def bound(self, position: int, points: int, cards_left: int) -> float:
        """The fractional knapsack bound: fill the cards left with the remaining tickets in
        order of points per card, the last one in part."""
        for i in self.order[position:]:
            if self.sizes[i] <= cards_left:
                points += self.points[i]
                cards_left -= self.sizes[i]
            else:
                return points + self.points[i] * cards_left / self.sizes[i]
        return points

    def bonus(self, named: list[int], position: int | None = None) -> int:
        """The city bonuses the chosen tickets win, or (from ``position`` on) could still win."""
        if not named:
            return 0
        still = self.still_naming[position] if position is not None else [0] * len(named)
        return sum(points for points, needed, have, more in zip(self.bonus_points, self.bonus_needed, named, still)
                   if have + more >= needed)

    def rank(self, chosen: list[int], value: float) -> Rank:
        """How good a choice is, best highest: its value (twice its ticket points, as each
        ticket fulfilled also is not lost, plus its city bonuses), then the most tickets,
        then the lowest ticket ids."""
        return (value, len(chosen), tuple(-ticket_id for ticket_id in sorted(self.ids[i] for i in chosen)))

    def result(self, chosen: list[int]) -> Fulfilment:
        """The answer for the chosen tickets, with the cards handed out: each colour's own
        cards first, in ticket order, then locomotives for what is missing."""
        chosen_set = set(chosen)
        left = dict(zip(self.colors, self.have))
        assignment = []
        for i in sorted(chosen_set):
            used: Counter = Counter()
            for colour in _needs(self.items[i]):
                if left[colour] > 0:
                    left[colour] -= 1
                    used[colour] += 1
                else:
                    used[WILD] += 1
            assignment.append(dict(used))
        assert sum(a.get(WILD, 0) for a in assignment) <= self.wilds, "the chosen tickets do not fit the cards"
        fulfilled = tuple(self.items[i] for i in sorted(chosen_set))
        unfulfilled = tuple(item for i, item in enumerate(self.items) if i not in chosen_set)
        score = sum(self.points[i] for i in chosen_set) - sum(
            points for i, points in enumerate(self.points) if i not in chosen_set)
        return Fulfilment(score, fulfilled, unfulfilled, tuple(assignment))


def best_fulfilment(tickets: Iterable[Any], cards: Mapping[str, int],
                    city_bonuses: Mapping[str, tuple[int, int]] | None = None) -> Fulfilment:
    """The exact best choice of tickets to fulfil with ``cards``.

    ``tickets``: ticket objects (``.points``, ``.colors``, and ``.id`` and ``.cities`` where
    ties or bonuses need them) or ``(points, [colour, …])`` pairs; ``cards``: colour → count,
    with ``"locomotive"`` for the wild cards; ``city_bonuses``: city → (points, tickets
    needed), the points a choice wins when it fulfils that many tickets naming the city.
    """
    problem = _Problem(tickets, cards, city_bonuses)
    order, needs, sizes, points, naming = problem.order, problem.needs, problem.sizes, problem.points, problem.naming
    named = [0] * len(problem.bonus_points)
    best_rank, best_choice = problem.rank([], problem.bonus(named)), []
    chosen: list[int] = []
    needed = [0] * len(problem.colors)

    def search(position: int, taken_points: int, cards_left: int, shortfall: int) -> None:
        nonlocal best_rank, best_choice
        value = 2 * taken_points + problem.bonus(named)
        if value >= best_rank[0]:
            rank = problem.rank(chosen, value)
            if rank > best_rank:
                best_rank, best_choice = rank, list(chosen)
        if position == len(order) or (2 * problem.bound(position, taken_points, cards_left)
                                      + problem.bonus(named, position)) < best_rank[0]:
            return
        i = order[position]
        more = problem.extra_shortfall(needed, i)
        if shortfall + more <= problem.wilds:  # take ticket i
            chosen.append(i)
            for colour, count in needs[i]:
                needed[colour] += count
            for city in naming[i]:
                named[city] += 1
            search(position + 1, taken_points + points[i], cards_left - sizes[i], shortfall + more)
            for city in naming[i]:
                named[city] -= 1
            for colour, count in needs[i]:
                needed[colour] -= count
            chosen.pop()
        search(position + 1, taken_points, cards_left, shortfall)  # leave ticket i

    search(0, 0, problem.capacity, 0)
    return problem.result(best_choice)


def best_fulfilment_steps(tickets: Iterable[Any], cards: Mapping[str, int]) -> Iterator[Step]:
    """The search of ``best_fulfilment``, step by step; the last step is "done" with the result."""
    problem = _Problem(tickets, cards)
    items = problem.items
    best_points, best_rank, best_choice = 0, problem.rank([], 0), []

    def search(position: int, chosen: list[int], needed: list[int], cards_left: int,
               shortfall: int) -> Iterator[Step]:
        nonlocal best_points, best_rank, best_choice
        taken = sum(problem.points[i] for i in chosen)
        names = tuple(items[i] for i in chosen)
        rank = problem.rank(chosen, 2 * taken)
        if rank > best_rank:
            kind = "better" if taken > best_points else "tie"
            best_points, best_rank, best_choice = taken, rank, list(chosen)
            yield Step(kind, chosen=names, points=taken, best=taken, decided=position)
        if position == len(problem.order):
            return
        bound = problem.bound(position, taken, cards_left)
        if bound < best_points:
            yield Step("prune", chosen=names, points=taken, bound=bound, best=best_points, decided=position)
            return
        i = problem.order[position]
        more = problem.extra_shortfall(needed, i)
        if shortfall + more <= problem.wilds:
            yield Step("take", items[i], names, taken, bound, best_points, decided=position)
            grown = list(needed)
            for colour, count in problem.needs[i]:
                grown[colour] += count
            yield from search(position + 1, chosen + [i], grown, cards_left - problem.sizes[i], shortfall + more)
        else:
            yield Step("blocked", items[i], names, taken, bound, best_points, decided=position)
        yield Step("leave", items[i], names, taken, bound, best_points, decided=position)
        yield from search(position + 1, chosen, needed, cards_left, shortfall)

    yield from search(0, [], [0] * len(problem.colors), problem.capacity, 0)
    result = problem.result(best_choice)
    yield Step("done", chosen=result.fulfilled, points=best_points, best=best_points, result=result,
               decided=len(items))
