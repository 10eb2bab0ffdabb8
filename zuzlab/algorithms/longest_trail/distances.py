"""Shortest distances over the chains, for fact 5: one Dijkstra (``dijkstra``) finds both
the nearest odd city of every city (from all odd cities at once) and the distances
between the odd cities (from each, in ``odd_distances``).

It is written here rather than taken from networkx because it runs in almost every
longest-route call: it walks the chains' own lists of numbered cities, where networkx's
Dijkstra first needs them as a graph of its own. On 45-train and dense 20-route networks
the nearest odd cities take 5 µs here against 34 µs for ``multi_source_dijkstra`` with
its graph, and the distances between the odd cities 27 µs against 154 µs (a whole call
takes 45 µs).
"""

from __future__ import annotations

import heapq
from typing import Collection, NamedTuple, Sequence

from .chains import Chains

#: Longer than any trail or pairing: "no way there".
UNREACHABLE = 1 << 62


class Reached(NamedTuple):
    """What Dijkstra found for each city: its distance to the nearest source (for a city
    not settled, the shortest way found so far), which source that is (its place among
    the sources; -1 if not settled) and the chain it came by (-1 for a source)."""

    distance: list[int]
    source: list[int]
    came_by: list[int]


def dijkstra(chains: Chains, sources: Sequence[int], stop_once: Collection[int] = ()) -> Reached:
    """Dijkstra over the chains from all ``sources`` at once; with ``stop_once``, it stops
    as soon as those cities are settled."""
    count = len(chains.names)
    start_of, end_of, length_of, at = chains.start, chains.end, chains.length, chains.at
    push, pop = heapq.heappush, heapq.heappop
    distance, source_of, came_by = [UNREACHABLE] * count, [-1] * count, [-1] * count
    heap = []  # (distance, source, city, chain)
    for i, city in enumerate(sources):
        distance[city] = 0
        heap.append((0, i, city, -1))
    to_find = len(stop_once) or -1
    while heap and to_find:
        d, source, city, chain = pop(heap)
        if source_of[city] >= 0:
            continue
        source_of[city], came_by[city] = source, chain
        if city in stop_once:
            to_find -= 1
        for k in at[city]:
            other = end_of[k] if start_of[k] == city else start_of[k]
            way = d + length_of[k]
            if way < distance[other]:  # a longer way to a city is not queued at all
                distance[other] = way
                push(heap, (way, source, other, k))
    return Reached(distance, source_of, came_by)


def path_back(chains: Chains, reached: Reached, city: int) -> list[int]:
    """The chains of the shortest path from ``city`` back to the source that reached it."""
    found = []
    came_by, start_of, end_of = reached.came_by, chains.start, chains.end
    while (k := came_by[city]) >= 0:
        found.append(k)
        city = end_of[k] if start_of[k] == city else start_of[k]
    return found


class Distances(NamedTuple):
    """The shortest distances between the odd cities (``matrix``, in the order of ``odd``:
    the ends of arms first) and what it takes to walk each shortest path: the arm of each
    end of an arm, and the Dijkstra from each other odd city (see ``odd_distances``)."""

    matrix: list[list[int]]
    chains: Chains
    odd: list[int]
    arms: list[tuple[int, int]]  # for odd[i], i < len(arms): (the place in odd of the city it hangs at, the arm)
    reached: list[Reached | None]

    def path(self, i: int, j: int) -> list[int]:
        """The chains of a shortest path between the odd cities ``odd[i]`` and ``odd[j]``."""
        found = []
        ends = []
        for end in (i, j):
            if end < len(self.arms):
                end, arm = self.arms[end]
                found.append(arm)
            ends.append(end)
        i, j = sorted(ends)
        if i != j:
            reached = self.reached[i]
            assert reached is not None, "a Dijkstra runs from every odd city but the last that is no arm's end"
            found += path_back(self.chains, reached, self.odd[j])
        return found


def odd_distances(chains: Chains, odd: list[int]) -> Distances:
    """The shortest distances between the odd cities, by a Dijkstra from each (distances
    are symmetric: each search goes on only until the odd cities after its own are
    settled). An odd city at the end of an arm (its one chain leads to an odd city with
    other chains) needs none: every way from it runs along its arm, so its distances are
    its arm's length plus those of the city it hangs at (on dense 20-route networks, one
    odd city in five, and a fifth of these Dijkstras). The ends of arms come first."""
    start_of, end_of, length_of, at = chains.start, chains.end, chains.length, chains.at
    odd_set = set(odd)
    hanging: dict[int, tuple[int, int]] = {}  # end of an arm: (the city it hangs at, the arm)
    for city in odd:
        if len(at[city]) == 1:
            k = at[city][0]
            there = end_of[k] if start_of[k] == city else start_of[k]
            if there in odd_set and len(at[there]) > 1:
                hanging[city] = (there, k)
    odd = [*hanging, *(city for city in odd if city not in hanging)]
    place = {city: i for i, city in enumerate(odd)}
    count, first = len(odd), len(hanging)
    distance = [[0] * count for _ in range(count)]
    reached: list[Reached | None] = [None] * count
    for i in range(first, count - 1):
        found = reached[i] = dijkstra(chains, odd[i:i + 1], stop_once=frozenset(odd[i + 1:]))
        row = found.distance
        for j in range(i + 1, count):
            distance[i][j] = distance[j][i] = row[odd[j]]
    arms = [(place[there], k) for there, k in hanging.values()]
    for i, (there, k) in enumerate(arms):
        for j in range(first, count):
            distance[i][j] = distance[j][i] = length_of[k] + distance[there][j]
        for j, (elsewhere, other) in enumerate(arms):
            if j != i:
                distance[i][j] = length_of[k] + distance[there][elsewhere] + length_of[other]
    return Distances(distance, chains, odd, arms, reached)
