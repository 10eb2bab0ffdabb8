"""Facts 1, 3 and 4: the shape of a piece, before any search.

1. If a piece has at most two cities of odd degree, an Euler trail walks all of its
   routes (``euler_walk``, Hierholzer's algorithm).
3. A best trail passes a city of degree 2 on both of its routes or not at all (it ends at
   odd cities), so a run through such cities counts as one long chain
   (``contract_chains``).
4. Every route of a tree hanging from the network is a bridge: a trail that enters the
   tree cannot come back, so it ends there. Of the arms hanging at a city only the two
   longest matter (a trail has two ends); each kept arm becomes one chain. A trail may also
   stay inside a tree: its longest path there is a candidate too (``trim_hanging_trees``).

Everything after this works on ``Chains``, whose cities are numbered (lists, not dicts,
in the loops that follow: Dijkstra and the searches); ``unfold`` turns a walk over chains
back into the caller's routes and cities.
"""

from __future__ import annotations

from typing import Collection, Generic, Iterable, NamedTuple, Sequence

from .pieces import City, Piece, Route


class Chains(Generic[City]):
    """Chains of routes through cities of degree 2, each walked as one, as parallel lists
    (a chain is an index ``k``): chain ``k`` runs from city ``start[k]`` to city ``end[k]``
    (equal for a loop), ``length[k]`` trains, over the caller's routes ``routes[k]``
    (their indices, in walking order from ``start[k]``; empty for an arm cut short without
    them). Cities are numbers: ``names[city]`` is a city's name and ``at[city]`` the chains
    at it (a loop twice). Parallel lists cost no object per chain, and every call makes
    a dozen or two chains (3 µs of a 50 µs call as named tuples). Only ``unfold`` looks
    a name up: the facts past contraction take a ``Chains`` of any cities."""

    __slots__ = ("names", "start", "end", "length", "routes", "at")

    def __init__(self, names: list[City], start: list[int], end: list[int], length: list[int],
                 routes: list[tuple[int, ...]]):
        self.names, self.start, self.end, self.length, self.routes = names, start, end, length, routes
        self.at: list[list[int]] = [[] for _ in names]
        for k, (a, b) in enumerate(zip(start, end)):
            self.at[a].append(k)
            self.at[b].append(k)

    def __len__(self) -> int:
        return len(self.start)

    def add(self, start: int, end: int, length: int, routes: tuple[int, ...]) -> None:
        """Add a chain (the next index) from ``start`` to ``end``."""
        self.at[start].append(len(self.start))
        self.at[end].append(len(self.start))
        self.start.append(start)
        self.end.append(end)
        self.length.append(length)
        self.routes.append(routes)

    def other_end(self, k: int, city: int) -> int:
        """The city at the other end of chain ``k`` from ``city``."""
        return self.end[k] if self.start[k] == city else self.start[k]

    def odd_cities(self) -> list[int]:
        """The cities where an odd number of chains meet."""
        return [city for city, ends in enumerate(self.at) if len(ends) % 2]

    def only(self, kept: Iterable[int]) -> Chains[City]:
        """The ``kept`` chains (renumbered in that order), over the same cities."""
        kept = list(kept)
        return Chains(self.names, [self.start[k] for k in kept], [self.end[k] for k in kept],
                      [self.length[k] for k in kept], [self.routes[k] for k in kept])


class Step(NamedTuple):
    """One chain of a walk, walked from its start (``forward``) or from its end."""

    chain: int
    forward: bool


class Walk(NamedTuple):
    """A trail over chains: its length, its first city and its chains in walking order."""

    length: int
    start: int
    steps: tuple[Step, ...]


def single_chains(routes: Sequence[Route[City]], piece: Piece[City]) -> Chains[City]:
    """Each route of a piece as a chain of its own."""
    number = {city: n for n, city in enumerate(piece.cities)}
    indices = sorted({i for city in piece.cities for i in piece.touching[city]})
    return Chains(list(piece.cities), [number[routes[i].a] for i in indices], [number[routes[i].b] for i in indices],
                  [routes[i].length for i in indices], [(i,) for i in indices])


def contract_chains(routes: Sequence[Route[City]], piece: Piece[City]) -> Chains[City]:
    """Fact 3: the runs through cities of degree 2 of a piece (one of its cities is of
    another degree), each as one chain. The other cities are numbered as they are met."""
    touching = piece.touching
    number: dict[City, int] = {}
    start_of: list[int] = []
    end_of: list[int] = []
    length_of: list[int] = []
    routes_of: list[tuple[int, ...]] = []
    seen: set[int] = set()
    for anchor in piece.cities:
        ends = touching[anchor]
        if len(ends) == 2:
            continue
        start = number.setdefault(anchor, len(number))
        for first in ends:
            if first in seen:
                continue
            seen.add(first)
            route = routes[first]
            city = route.b if route.a == anchor else route.a
            run: tuple[int, ...]
            if len(touching[city]) != 2:  # the common case in a dense network: a chain of one route
                length, run = route.length, (first,)
            else:
                walked, edge, city, length = [], first, anchor, 0
                while True:  # walk on while the city reached has degree 2
                    seen.add(edge)
                    route = routes[edge]
                    city = route.b if route.a == city else route.a
                    walked.append(edge)
                    length += route.length
                    onward = touching[city]
                    if len(onward) != 2:
                        break
                    edge = onward[0] if onward[1] == edge else onward[1]
                run = tuple(walked)
            start_of.append(start)
            end_of.append(number.setdefault(city, len(number)))
            length_of.append(length)
            routes_of.append(run)
    return Chains(list(number), start_of, end_of, length_of, routes_of)


def trim_hanging_trees(chains: Chains[City], unfold_arms: bool = True) -> tuple[Chains[City], Walk | None]:
    """Fact 4: the chains with each hanging tree cut down to its two longest arms at each
    city, and the longest path inside a tree (None without trees). If the whole piece is
    a tree, no chains are left and that path is the answer. Without ``unfold_arms`` the
    chains made of arms leave out their routes (only a trail walked out needs them).

    The chains are returned as they are if there is nothing to cut: no tree, or each tree
    one chain at a city with at most two (most dense networks: no chains made anew)."""
    at = chains.at
    leaves = [city for city, ends in enumerate(at) if len(ends) == 1]
    if not leaves:
        return chains, None
    degree = [len(ends) for ends in at]
    start_of, end_of, length_of = chains.start, chains.end, chains.length
    cut: set[int] = set()
    dropped = False  # whether a city lost an arm (it had more than two)
    # the arms hanging at each city, longest first: (length, steps walking down the arm)
    arms: dict[int, list[tuple[int, list[Step]]]] = {}
    while leaves:  # peel leaf after leaf: each peeled chain grows the arm at its parent
        city = leaves.pop()
        if degree[city] != 1:
            continue  # the last city of a piece that is one tree
        for k in at[city]:
            if k not in cut:
                break
        cut.add(k)
        start = start_of[k]
        parent = start if end_of[k] == city else end_of[k]
        degree[city] = 0
        degree[parent] -= 1
        if degree[parent] == 1:
            leaves.append(parent)
        longest, steps = arms[city][0] if city in arms else (0, [])
        arm = (longest + length_of[k], [Step(k, start == parent), *steps])
        at_parent = arms.get(parent)
        if at_parent is None:
            arms[parent] = [arm]
        else:
            dropped = dropped or len(at_parent) == 2
            if len(at_parent) == 1 or arm[0] > at_parent[1][0]:  # one of the two longest, after equals
                at_parent.insert(0 if arm[0] > at_parent[0][0] else 1, arm)
                del at_parent[2:]
    if not dropped and all(degree[city] >= 2 and all(len(steps) == 1 for _, steps in hanging)
                           for city, hanging in arms.items()):
        core = chains  # each tree is one chain, at a city that stays, with at most two: nothing to cut
    else:
        core = chains.only(k for k in range(len(chains)) if k not in cut)
    deepest: tuple[int, list] | None = None  # the longest path inside a tree: down one arm at a city, up the other
    for city, hanging in arms.items():
        length = hanging[0][0] + (hanging[1][0] if len(hanging) > 1 else 0)
        if deepest is None or length > deepest[0]:
            deepest = (length, hanging)
        if degree[city] >= 2 and core is not chains:  # a city that stays in the network: its arms become chains
            for length, steps in hanging:
                k, forward = steps[-1]
                routes = unfold_routes(chains, steps) if unfold_arms else ()
                core.add(city, end_of[k] if forward else start_of[k], length, tuple(routes))
    if deepest is None:
        return core, None
    length, ((_, steps), *other) = deepest
    walk = [Step(k, not forward) for k, forward in reversed(other[0][1])] + steps if other else steps
    k, forward = walk[0]
    return core, Walk(length, start_of[k] if forward else end_of[k], tuple(walk))


def euler_walk(chains: Chains, left_out: Collection[int] = ()) -> Walk:
    """Fact 1: every chain but those ``left_out``, which meet in at most two odd cities and
    hang together, in one trail from an odd city: Hierholzer's algorithm."""
    ends_at = [[k for k in ends if k not in left_out] for ends in chains.at]
    met = [city for k in range(len(chains)) if k not in left_out for city in (chains.start[k], chains.end[k])]
    start = next((city for city in met if len(ends_at[city]) % 2), met[0])  # the first odd city the chains meet
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
            stack.append((chains.other_end(k, city), k))
        else:  # a dead end: this chain is final, back to front
            stack.pop()
            if via >= 0:
                steps.append(Step(via, chains.end[via] == city))  # it arrived here
                length += chains.length[via]
    steps.reverse()
    return Walk(length, start, tuple(steps))


def unfold_routes(chains: Chains, steps: Iterable[Step]) -> list[int]:
    """The route indices of a walk over chains, in walking order."""
    indices: list[int] = []
    for k, forward in steps:
        indices.extend(chains.routes[k] if forward else reversed(chains.routes[k]))
    return indices


def unfold(chains: Chains[City], walk: Walk, routes: Sequence[Route[City]]) -> tuple[tuple[City, ...], list[int]]:
    """The cities and route indices of a walk over chains, in walking order."""
    indices = unfold_routes(chains, walk.steps)
    city = chains.names[walk.start]
    cities = [city]
    for i in indices:
        route = routes[i]
        city = route.b if route.a == city else route.a
        cities.append(city)
    return tuple(cities), indices
