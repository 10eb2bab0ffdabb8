"""Europe's stations at the end of a game: each station may use one route of another
player into its city, for its owner's tickets. Which routes should they use?

With at most three stations and a handful of routes each, trying every choice is quick
and exact. Two things make it quicker still: a route whose two ends already lie in one
piece of the player's network joins nothing new, and routes joining the same two pieces
do the same; each such group is tried once. Among equally good choices the one that
borrows the fewest routes wins.

``best_station_use`` is the fast function; ``station_choice_steps`` tries the same
choices one step at a time for a lesson.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator

from .longest_trail import Pieces


@dataclass(frozen=True)
class StationChoice:
    """The best choice: each ticket's (reached destinations, points) and the borrowed
    routes as (station city, route)."""

    tickets: tuple[tuple[tuple[str, ...], int], ...]
    borrowed: tuple[tuple[str, Any], ...]

    @property
    def points(self) -> int:
        return sum(points for _, points in self.tickets)


@dataclass(frozen=True)
class StationStep:
    texts_family = "station"  # the [step] texts that word it (read by narration.describe_step)
    kind: str  # "try", "better" or "done"
    borrowed: tuple[tuple[str, Any], ...]
    points: int
    best: int
    result: StationChoice | None = None


def component_labels(routes: Iterable[Any]) -> dict[str, str]:
    """Each city of the network, labelled with one city of its connected piece (the
    pieces the longest route finds too)."""
    pieces: Pieces[str] = Pieces()
    for route in routes:
        pieces.join(route.a, route.b)
    return {city: pieces.find(city) for city in pieces.piece_of}


def _itself(piece):
    return piece


class _Problem:
    """The player's network in pieces, the tickets as pieces to join, and each station's
    distinct options (None: borrow nothing)."""

    def __init__(self, places: Callable[[str], Iterable[str]], own: list, tickets: list,
                 station_cities: list[str], foreign: list):
        labels = component_labels(own)
        self.piece: Callable[[str], str] = lambda city: labels.get(city, city)  # off the network: a piece of its own
        self.station_cities = list(station_cities)

        def pieces(name: str) -> set:
            return {self.piece(place) for place in places(name)}  # a country has several border points

        self.plans = [(pieces(t.origin), [(d, v, pieces(d)) for d, v in zip(t.destinations, t.values)], t.penalty)
                      for t in tickets]
        self.options = []
        for city in self.station_cities:
            distinct: dict[frozenset, Any] = {}
            for route in foreign:
                ends = frozenset((self.piece(route.a), self.piece(route.b)))
                if city in (route.a, route.b) and len(ends) == 2:
                    distinct.setdefault(ends, route)
            self.options.append([None, *distinct.values()])

    def choices(self) -> Iterator[tuple]:
        return itertools.product(*self.options)

    def evaluate(self, choice: tuple) -> tuple[tuple, tuple[int, int]]:
        """Each ticket's (reached, points) with these borrowed routes, and the sort key:
        the most points, then the fewest borrowed routes."""
        links: Pieces[str] = Pieces()
        for route in choice:
            if route is not None:
                links.join(self.piece(route.a), self.piece(route.b))
        root = links.find if links.piece_of else _itself  # borrowing nothing joins nothing
        results = []
        for origin, targets, penalty in self.plans:
            roots = {root(p) for p in origin}
            reached = [(d, v) for d, v, target in targets if any(root(p) in roots for p in target)]
            results.append((tuple(d for d, _ in reached), max(v for _, v in reached) if reached else -penalty))
        return tuple(results), (sum(p for _, p in results), -sum(route is not None for route in choice))

    def borrowed(self, choice: tuple) -> tuple[tuple[str, Any], ...]:
        return tuple((city, route) for city, route in zip(self.station_cities, choice) if route is not None)


#: Why the loops below always find a best choice (without stations, borrowing nothing is the
#: one choice there is).
_ALWAYS_A_CHOICE = "choices() offers borrowing nothing at every station"


def best_station_use(places: Callable[[str], Iterable[str]], own: list, tickets: list, station_cities: list[str],
                     foreign: list) -> StationChoice:
    """The best use of the stations (see the module text). ``places(name)`` gives the
    board points a ticket name stands for; tickets have ``.origin``, ``.destinations``,
    ``.values`` and ``.penalty``; routes ``.a`` and ``.b``."""
    problem = _Problem(places, own, tickets, station_cities, foreign)
    best_key: tuple[int, int] | None = None
    best: tuple[tuple, tuple] | None = None
    for choice in problem.choices():
        results, key = problem.evaluate(choice)
        if best_key is None or key > best_key:
            best_key, best = key, (results, choice)
    assert best is not None, _ALWAYS_A_CHOICE
    return StationChoice(best[0], problem.borrowed(best[1]))


def station_choice_steps(places: Callable[[str], Iterable[str]], own: list, tickets: list,
                         station_cities: list[str], foreign: list) -> Iterator[StationStep]:
    problem = _Problem(places, own, tickets, station_cities, foreign)
    best_key: tuple[int, int] | None = None
    best: tuple[tuple, tuple] | None = None
    for choice in problem.choices():
        results, key = problem.evaluate(choice)
        yield StationStep("try", problem.borrowed(choice), key[0], best_key[0] if best_key else key[0])
        if best_key is None or key > best_key:
            best_key, best = key, (results, choice)
            yield StationStep("better", problem.borrowed(choice), key[0], key[0])
    assert best is not None, _ALWAYS_A_CHOICE
    result = StationChoice(best[0], problem.borrowed(best[1]))
    yield StationStep("done", result.borrowed, result.points, result.points, result)
