"""Facts 1, 3 and 4: the shape of a piece, before any search.

1. If a piece has at most two cities of odd degree, an Euler trail walks all of its
   routes (``euler_walk``, Hierholzer's algorithm).
3. A best trail passes a city of degree 2 on both of its routes or not at all (it ends at
   odd cities), so a run through such cities counts as one long ``Chain``
   (``contract_chains``).
4. Every route of a tree hanging from the network is a bridge: a trail that enters the
   tree cannot come back, so it ends there. Of the arms hanging at a city only the two
   longest matter (a trail has two ends); each kept arm becomes one chain. A trail may also
   stay inside a tree: its longest path there is a candidate too (``trim_hanging_trees``).

Everything after this works on chains; ``unfold`` turns a walk over chains back into the
caller's routes.
"""

from __future__ import annotations

import functools
from typing import Collection, NamedTuple, Sequence

from .pieces import Edge


class Chain(NamedTuple):
    """Routes through cities of degree 2, walked as one: from ``start`` to ``end`` (equal
    for a loop), ``length`` trains, its ``cities`` and ``edges`` (indices of the caller's
    routes) in walking order from ``start``."""

    start: str
    end: str
    length: int
    cities: tuple[str, ...]
    edges: tuple[int, ...]


#: Makes a Chain from a tuple as cheaply as a tuple (see ``pieces._edge``).
_chain = functools.partial(tuple.__new__, Chain)


class Step(NamedTuple):
    """One chain of a walk, walked from its start (``forward``) or from its end."""

    chain: int
    forward: bool


#: Makes a Step from a tuple as cheaply as a tuple (see ``pieces._edge``).
_step = functools.partial(tuple.__new__, Step)


class Walk(NamedTuple):
    """A trail over chains: its length, its first city and its chains in walking order."""

    length: int
    start: str
    steps: tuple[Step, ...]


def chains_at(chains: Sequence[Chain], kept: Collection[int] | None = None) -> dict[str, list[int]]:
    """The chains at each city (a loop twice), of all chains or only those ``kept``."""
    ends_at: dict[str, list[int]] = {}
    for k, (start, end, _, _, _) in enumerate(chains):
        if kept is None or k in kept:
            ends_at.setdefault(start, []).append(k)
            ends_at.setdefault(end, []).append(k)
    return ends_at


def odd_cities(ends_at: dict[str, list[int]]) -> list[str]:
    """The cities where an odd number of chains (or routes) meet."""
    return [city for city, ends in ends_at.items() if len(ends) % 2]


def single_edges(edges: Sequence[Edge], indices: Sequence[int]) -> list[Chain]:
    """Each route of a piece as a chain of its own."""
    return [_chain((a, b, length, (a, b), (i,))) for i in indices for a, b, length in (edges[i],)]


def contract_chains(edges: Sequence[Edge], touching: dict[str, list[int]]) -> list[Chain]:
    """Fact 3: the runs through cities of degree 2 of a piece, each as one chain. (A piece
    that is one closed ring of such cities has an odd city at most: fact 1 walks it.)"""
    seen: set[int] = set()
    chains = []
    for anchor, ends in touching.items():
        if len(ends) == 2:
            continue
        for first in ends:
            if first in seen:
                continue
            seen.add(first)
            a, b, length = edges[first]
            city = b if anchor == a else a
            if len(touching[city]) != 2:  # the common case in a dense network: a chain of one route
                chains.append(_chain((anchor, city, length, (anchor, city), (first,))))
                continue
            run, cities, edge, city, length = [], [anchor], first, anchor, 0
            while True:  # walk on while the city reached has degree 2
                seen.add(edge)
                a, b, n = edges[edge]
                city = b if city == a else a
                run.append(edge)
                cities.append(city)
                length += n
                onward = touching[city]
                if len(onward) != 2:
                    break
                edge = onward[0] if onward[1] == edge else onward[1]
            chains.append(_chain((anchor, city, length, tuple(cities), tuple(run))))
    return chains


def trim_hanging_trees(chains: list[Chain], ends_at: dict[str, list[int]], unfold_arms: bool = True
                       ) -> tuple[list[Chain], Walk | None]:
    """Fact 4: the chains (``ends_at``: the chains at each city) with each hanging tree cut
    down to its two longest arms at each city, and the longest path inside a tree (None
    without trees: then the chains are returned as they are). If the whole piece is a
    tree, no chains are left and that path is the answer. Without ``unfold_arms`` the
    chains made of arms leave out their cities and routes (only a trail walked out needs
    them)."""
    degree = {city: len(ends) for city, ends in ends_at.items()}
    leaves = [city for city, d in degree.items() if d == 1]
    if not leaves:
        return chains, None
    cut: set[int] = set()
    # the arms hanging at each city, longest first: (length, steps walking down the arm)
    arms: dict[str, list[tuple[int, list[Step]]]] = {}
    while leaves:  # peel leaf after leaf: each peeled chain grows the arm at its parent
        city = leaves.pop()
        if degree[city] != 1:
            continue  # the last city of a piece that is one tree
        k = next(k for k in ends_at[city] if k not in cut)
        cut.add(k)
        start, end, length, _, _ = chains[k]
        parent = start if end == city else end
        degree[city] = 0
        degree[parent] -= 1
        if degree[parent] == 1:
            leaves.append(parent)
        longest, steps = arms[city][0] if city in arms else (0, [])
        arm = (longest + length, [_step((k, start == parent))] + steps)
        at_parent = arms.get(parent)
        if at_parent is None:
            arms[parent] = [arm]
        elif len(at_parent) == 1 or arm[0] > at_parent[1][0]:  # one of the two longest, after equals
            at_parent.insert(0 if arm[0] > at_parent[0][0] else 1, arm)
            del at_parent[2:]
    core = [chain for k, chain in enumerate(chains) if k not in cut]
    deepest: tuple[int, list] | None = None  # the longest path inside a tree: down one arm at a city, up the other
    for city, hanging in arms.items():
        length = hanging[0][0] + (hanging[1][0] if len(hanging) > 1 else 0)
        if deepest is None or length > deepest[0]:
            deepest = (length, hanging)
        if degree[city] >= 2:  # a city that stays in the network: its arms become chains
            for length, steps in hanging:
                if unfold_arms:
                    cities, run = unfold(chains, Walk(length, city, tuple(steps)))
                    core.append(_chain((city, cities[-1], length, cities, tuple(run))))
                else:
                    k, forward = steps[-1]
                    core.append(_chain((city, chains[k].end if forward else chains[k].start, length, (), ())))
    if deepest is None:
        return core, None
    length, ((_, steps), *other) = deepest
    walk = [Step(k, not forward) for k, forward in reversed(other[0][1])] + steps if other else steps
    first = chains[walk[0].chain]
    return core, Walk(length, first.start if walk[0].forward else first.end, tuple(walk))


def euler_walk(chains: Sequence[Chain], kept: Collection[int] | None = None) -> Walk:
    """Fact 1: every chain (or every ``kept`` chain), which meet in at most two odd cities
    and hang together, in one trail from an odd city: Hierholzer's algorithm."""
    ends_at = chains_at(chains, kept)
    odd = odd_cities(ends_at)
    start = odd[0] if odd else next(iter(ends_at))
    used: set[int] = set()
    stack = [(start, -1)]  # (city, chain that led there)
    steps: list[Step] = []
    length = 0
    while stack:
        city, via = stack[-1]
        ends = ends_at[city]
        while ends and ends[-1] in used:
            ends.pop()
        if ends:
            k = ends.pop()
            used.add(k)
            chain = chains[k]
            stack.append((chain.end if city == chain.start else chain.start, k))
        else:  # a dead end: this chain is final, back to front
            stack.pop()
            if via >= 0:
                chain = chains[via]
                steps.append(Step(via, chain.end == city))  # it arrived here
                length += chain.length
    steps.reverse()
    return Walk(length, start, tuple(steps))


def unfold(chains: Sequence[Chain], walk: Walk) -> tuple[tuple[str, ...], list[int]]:
    """The cities and route indices of a walk over chains, in walking order."""
    cities, indices = [walk.start], []
    for k, forward in walk.steps:
        chain = chains[k]
        cities.extend(chain.cities[1:] if forward else chain.cities[-2::-1])
        indices.extend(chain.edges if forward else reversed(chain.edges))
    return tuple(cities), indices
