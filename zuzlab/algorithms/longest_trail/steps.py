"""The search as a lesson shows it: a stream of steps of the plain backtracking search.

This is the teaching version: it starts from every odd city of each piece (fact 2; from
one city if none is odd, fact 1: an Euler circuit walks it all) and cuts a branch when
the trail so far plus every route not yet used cannot beat the best trail found. It ends
with the same length as ``longest_trail``; the tests hold the two to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from .pieces import connected_pieces, read_routes


@dataclass(frozen=True)
class TrailStep:
    """One step of the backtracking search, for a lesson.

    ``kind``: "start" (a new first city), "extend" (walk a route), "back" (undo it),
    "better" (a new longest trail), "prune" (what is left cannot beat the best) or
    "done". ``trail`` is the trail being walked (the caller's items), ``best`` the best
    so far and ``unexplored`` the routes not on the current trail.
    """

    texts_family = "trail"  # the [step] texts that word it (read by narration.describe_step)
    kind: str
    city: str | None
    trail: tuple[Any, ...]
    length: int
    best: tuple[Any, ...]
    best_length: int
    unexplored: tuple[Any, ...] = ()


def longest_trail_steps(items: Iterable[Any]) -> Iterator[TrailStep]:
    """The backtracking search as a stream of steps; the last one ("done") carries the
    longest trail and its length, the same length ``longest_trail`` finds."""
    items = list(items)
    edges = read_routes(items)
    neighbours: dict[str, list[tuple[int, str]]] = {}
    for index, edge in enumerate(edges):
        neighbours.setdefault(edge.a, []).append((index, edge.b))
        neighbours.setdefault(edge.b, []).append((index, edge.a))
    total = sum(edge.length for edge in edges)
    starts = []
    for piece in connected_pieces(edges):
        cities = sorted(piece.cities)
        odd = [c for c in cities if len(neighbours[c]) % 2]
        starts += odd or cities[:1]  # a piece without odd cities is walked whole from anywhere
    best: tuple[int, ...] = ()
    best_length = 0
    trail: list[int] = []
    used: set[int] = set()

    def step(kind: str, city: str | None, length: int) -> TrailStep:
        return TrailStep(kind, city, tuple(items[i] for i in trail), length, tuple(items[i] for i in best),
                         best_length, tuple(items[i] for i in range(len(items)) if i not in used))

    def walk(city: str, length: int) -> Iterator[TrailStep]:
        nonlocal best, best_length
        if length > best_length:
            best, best_length = tuple(trail), length
            yield step("better", city, length)
        if length + (total - sum(edges[i].length for i in used)) <= best_length:
            yield step("prune", city, length)
            return
        for index, other in neighbours[city]:
            if index in used:
                continue
            used.add(index)
            trail.append(index)
            yield step("extend", other, length + edges[index].length)
            yield from walk(other, length + edges[index].length)
            trail.pop()
            used.discard(index)
            yield step("back", city, length)

    for start in starts:
        if best_length == total:
            break
        yield step("start", start, 0)
        yield from walk(start, 0)
    yield step("done", None, best_length)
