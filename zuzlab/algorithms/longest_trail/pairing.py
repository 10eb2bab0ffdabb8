"""Fact 2 and fact 5: the ceiling that settles most networks without a search.

2. A best trail starts and ends at odd cities, if there are any. (A trail ending at an
   even city has an unused chain there and could go on; a closed trail that misses a
   chain could be opened and extended at that chain.)
5. The chains a trail leaves unused touch every odd city except its two ends an odd
   number of times, so they contain paths that pair those cities up. Pairing the odd
   cities (all but two) along shortest paths as cheaply as possible therefore gives a
   ceiling: the total length minus the cheapest pairing. If the chains left after taking
   those paths away still hang together, their Euler trail (fact 1) reaches the ceiling:
   it *is* the answer.

The cheapest pairing is tried in three ways, cheapest first: each city with its nearest
odd city, which provably costs the least when it costs no more than ``pairing_floor``;
an exact search over who pairs with whom for a dozen odd cities or fewer; networkx's
minimum-weight matching for whole boards.

Both the nearest odd cities and the distances between them come from the one Dijkstra
of ``distances.py``.
"""

from __future__ import annotations

import functools
import itertools
from typing import NamedTuple

import networkx as nx

from .chains import Chains
from .distances import UNREACHABLE, Distances, dijkstra, odd_distances, path_back

#: Up to this many odd cities (not counting the ends of arms) the pairing is found by the
#: exact search over who pairs with whom (microseconds); above, by networkx's
#: minimum-weight matching (milliseconds).
PAIRING_BY_HAND_UP_TO = 12


class Pairing(NamedTuple):
    """The cheapest pairing of the odd cities: its total length and the chains on its
    paths (a chain on two paths cancels out: the trail may keep it)."""

    length: int
    left_out: frozenset[int]
    distances: Distances | None  # the shortest distances between the odd cities, if computed


def cheapest_pairing(chains: Chains, odd: list[int]) -> Pairing:
    """Fact 5: pair the odd cities, all but two (the trail's ends), along shortest paths at
    the least total length. The nearest pairing first (one Dijkstra from all odd cities at
    once); if it is not provably the cheapest, a Dijkstra from each odd city and an exact
    pairing over all their distances."""
    nearest = _nearest_pairing(chains, odd)
    if nearest is not None:
        return nearest
    distances = odd_distances(chains, odd)
    distance = distances.matrix
    by_hand = len(odd) - len(distances.arms) <= PAIRING_BY_HAND_UP_TO  # the ends of arms add few choices
    pairs = _pairs_by_hand(distances) if by_hand else matched_pairs(distance)
    left_out: set[int] = set()
    for i, j in pairs:
        left_out.symmetric_difference_update(distances.path(i, j))
    return Pairing(sum(distance[i][j] for i, j in pairs), frozenset(left_out), distances)


def _nearest_pairing(chains: Chains, odd: list[int]) -> Pairing | None:
    """Each odd city paired with its nearest odd city, if that provably costs the least.

    One Dijkstra from all odd cities at once tells each city its nearest odd city; a
    chain whose two ends heard of different odd cities joins those two, and among these
    joins is every odd city's way to its nearest other odd city. The closest joins, taken
    greedily, often cost no more than ``pairing_floor``: then no pairing costs less."""
    count = len(odd)
    reached = dijkstra(chains, odd)
    distance, source = reached.distance, reached.source
    joins = []
    nearest = [UNREACHABLE] * count
    for k, (a, b, length) in enumerate(zip(chains.start, chains.end, chains.length)):
        i, j = source[a], source[b]
        if i != j:
            via = distance[a] + length + distance[b]
            joins.append((via, i, j, k))
            if via < nearest[i]:
                nearest[i] = via
            if via < nearest[j]:
                nearest[j] = via
    floor = pairing_floor(nearest)
    joins.sort()
    length, paired, left_out = 0, set[int](), set[int]()
    for via, i, j, k in joins:
        if len(paired) == count - 2 or length + via > floor:
            break
        if i not in paired and j not in paired:
            paired.update((i, j))
            length += via
            left_out.symmetric_difference_update(
                [k, *path_back(chains, reached, chains.start[k]), *path_back(chains, reached, chains.end[k])])
    if len(paired) < count - 2:
        return None
    return Pairing(length, frozenset(left_out), None)


def pairing_floor(nearest: list[int]) -> int:
    """The least any pairing of the odd cities (all but two ends) can cost, from each odd
    city's distance to its nearest odd city: a pair costs at least the larger of its two
    cities' distances. The least such sum leaves out the two farthest cities as ends and
    pairs the rest in order of distance: the 3rd, 5th, 7th … largest distances."""
    return sum(sorted(nearest, reverse=True)[2::2])


def _pairs_by_hand(distances: Distances) -> list[tuple[int, int]]:
    """The cheapest pairing by the exact search, where the end of an arm (they come first)
    is an end of the trail, pairs with the city it hangs at or with another arm's end
    there (were it paired with anyone else, pairing it with its city and their partners
    with each other would cost no more): this leaves the search a third of its choices on
    dense 20-route networks."""
    arms = distances.arms
    partners = tuple((there, *(j for j in range(i + 1, len(arms)) if arms[j][0] == there))
                     for i, (there, _) in enumerate(arms)) if arms else ()
    return exact_pairs(distances.matrix, partners=partners)


def exact_pairs(distance: list[list[int]], free: int = 2, partners: tuple[tuple[int, ...], ...] = ()
                ) -> list[tuple[int, int]]:
    """The cheapest pairing with up to ``free`` cities left as ends, by the exact search over
    who pairs with whom (see ``_plan``); the first cities may pair only with their
    ``partners``."""
    plan = _plan(len(distance), free, partners)
    costs = _costs(distance, plan)
    pairs, state = [], len(plan)  # from the last state, follow the choices that give its length
    while state:
        first, if_free, partners = plan[state - 1]
        if if_free >= 0 and costs[if_free] == costs[state]:
            state = if_free
            continue
        row = distance[first]
        other, state = next((other, after) for other, after in partners if row[other] + costs[after] == costs[state])
        pairs.append((first, other))
    return pairs


def pairing_with_end(distance: list[list[int]], end: int) -> int:
    """The least length of a pairing in which odd city ``end`` is one of the trail's ends:
    exact up to ``PAIRING_BY_HAND_UP_TO`` odd cities, else the cheapest pairing of all
    (never more: a ceiling from it stays a ceiling)."""
    if len(distance) > PAIRING_BY_HAND_UP_TO:
        return sum(distance[a][b] for a, b in matched_pairs(distance))
    others = [row[:end] + row[end + 1:] for c, row in enumerate(distance) if c != end]
    return _costs(others, _plan(len(others), 1))[-1]


def _costs(distance: list[list[int]], plan) -> list[int]:
    """The least length of each state of the ``plan`` for these distances, children first
    (the last is the answer)."""
    costs = [0]
    for first, if_free, partners in plan:
        row = distance[first]
        least = costs[if_free] if if_free >= 0 else UNREACHABLE
        for other, after in partners:
            if row[other] + costs[after] < least:
                least = row[other] + costs[after]
        costs.append(least)
    return costs


@functools.cache
def _plan(count: int, free: int, partners: tuple[tuple[int, ...], ...] = ()
          ) -> tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]:
    """The exact pairing search for ``count`` cities, up to ``free`` of them left as ends,
    laid out once per size (it does not depend on the distances); city ``i`` may pair
    only with the cities ``partners[i]`` lists, if there is that entry.

    The cheapest pairing of a set of cities: its first city is either a free end or pairs
    with one of the others, and the rest is paired as cheaply as possible. The states
    (cities left, free ends left) are listed so that each comes after the states it needs:
    ``(first city, state if it is left free or -1, ((partner, state after pairing), ...))``.
    State 0 is "nobody left"; state k is the plan's (k-1)th entry; the last is the answer.
    """
    state_of: dict[tuple[frozenset[int], int], int] = {(frozenset(), left): 0 for left in range(free + 1)}
    plan: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []

    def visit(cities: frozenset[int], free: int) -> int:
        if (cities, free) not in state_of:
            first = min(cities)
            rest = cities - {first}
            if_free = visit(rest, free - 1) if free else -1
            allowed = sorted(rest) if first >= len(partners) else [other for other in partners[first] if other in rest]
            choices = tuple((other, visit(rest - {other}, free)) for other in allowed)
            plan.append((first, if_free, choices))
            state_of[cities, free] = len(plan)
        return state_of[cities, free]

    visit(frozenset(range(count)), free)
    return tuple(plan)


def matched_pairs(distance: list[list[int]]) -> list[tuple[int, int]]:
    """The cheapest pairing by networkx's minimum-weight matching; two extra "free end"
    nodes, joined to every city at no cost, take the trail's two ends."""
    graph: nx.Graph[int | str] = nx.Graph()
    free_ends = ("free end 1", "free end 2")
    for a, b in itertools.combinations(range(len(distance)), 2):
        graph.add_edge(a, b, weight=distance[a][b])
    for city in range(len(distance)):
        graph.add_edges_from([(city, end) for end in free_ends], weight=0)
    graph.add_edge(*free_ends, weight=0)
    return sorted(tuple(sorted((a, b))) for a, b in nx.min_weight_matching(graph)
                  if a not in free_ends and b not in free_ends)
