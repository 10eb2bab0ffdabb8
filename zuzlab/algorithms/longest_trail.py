"""The longest continuous route: the longest *trail* in a multigraph.

A trail uses every edge at most once but may pass through a city several times; its
length is the sum of the edge lengths (trains). Finding it is NP-hard in general, so
this is an exhaustive search, made fast by facts worth teaching:

1. If a connected piece has at most two cities of odd degree, an Euler trail walks all
   of its edges: the answer is the whole piece, no search needed.
2. Otherwise the best trail starts and ends at odd-degree cities. (A trail ending at an
   even-degree city has an unused edge there and could be extended; a closed trail
   that misses an edge could be opened and extended at that edge.) So the search only
   starts from odd-degree cities, and branches are cut as soon as the length so far
   plus every unused edge cannot beat the best trail found.
3. A best trail passes a city of degree 2 on both of its routes or not at all, so runs
   through such cities are searched as one long "chain".
4. The routes a trail leaves unused must touch every other odd city; that gives each
   start a ceiling (see ``_start_ceilings``): the search stops at it, and skips
   starts whose ceiling is already reached.
5. Walking the same routes in another order ends in the same city with the same length
   and the same future, so each (city, routes used) is explored only once.
6. For big pieces (a whole board) the best ceiling of all comes first: the fewest trains
   that leave at most two odd cities are found by pairing the odd cities as cheaply as
   possible (a minimum-weight matching, two cities left free to be the ends). If the
   routes that remain still hang together, their Euler trail *is* the answer.
"""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

import networkx as nx


@dataclass(frozen=True)
class Trail:
    """A trail: its length, the cities in walking order and the edges it uses."""

    length: int
    cities: tuple[str, ...] = ()
    edges: tuple[Any, ...] = ()  # the caller's own items (routes or tuples), in order

    def __len__(self) -> int:
        return len(self.edges)


def as_edge(item: Any) -> tuple[str, str, int]:
    """Read a route object (``.a``, ``.b``, ``.length``) or a ``(city, city, length)`` tuple."""
    if hasattr(item, "a") and hasattr(item, "b") and hasattr(item, "length"):
        a, b, length = item.a, item.b, item.length
    else:
        try:
            a, b, length = item
        except (TypeError, ValueError):
            raise ValueError(
                f"not a route: {item!r} (expected a route or a (city, city, length) tuple)"
            ) from None
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        raise ValueError(f"route {item!r} has length {length!r}; lengths are whole numbers ≥ 0")
    if a == b:
        raise ValueError(f"route {item!r} starts and ends in the same city")
    return a, b, length


def longest_trail(items: Iterable[Any]) -> Trail:
    """The longest trail through the given routes (route objects or ``(a, b, length)``)."""
    items = list(items)
    edges = [as_edge(item) for item in items]
    best = None
    best_length = 0
    for piece, touching in _pieces(edges):
        total = sum(edges[i][2] for i in piece)
        if total <= best_length:
            continue
        odd = [city for city, ends in touching.items() if len(ends) % 2]
        if len(odd) <= 2:
            found = _euler_trail(edges, touching, odd[0] if odd else edges[piece[0]][0])
        else:
            found = _longest_in_piece(edges, touching, odd, total, best_length)
        if found is not None and found[0] > best_length:
            best_length, best = found[0], found
    if best is None:
        return Trail(0)
    return Trail(best_length, best[1], tuple(items[i] for i in best[2]))


def longest_trail_length(items: Iterable[Any]) -> int:
    """Just the length of ``longest_trail(items)``."""
    return longest_trail(items).length


#: Up to this many odd cities the pairing (fact 6) is found by a small exact search over
#: who pairs with whom; bigger pieces (whole boards) use networkx's minimum-weight matching.
PAIRING_BY_HAND_UP_TO = 12


def _pieces(edges: list[tuple[str, str, int]]) -> list[tuple[list[int], dict[str, list[int]]]]:
    """Each connected piece: its edge indices (in input order) and the edges at each city."""
    touching: dict[str, list[int]] = {}
    for i, (a, b, _) in enumerate(edges):
        touching.setdefault(a, []).append(i)
        touching.setdefault(b, []).append(i)
    seen: set[str] = set()
    pieces = []
    for a, _, _ in edges:
        if a in seen:
            continue
        seen.add(a)
        frontier, cities = [a], {}
        while frontier:
            city = frontier.pop()
            cities[city] = touching[city]
            for i in touching[city]:
                x, y, _ = edges[i]
                other = y if x == city else x
                if other not in seen:
                    seen.add(other)
                    frontier.append(other)
        pieces.append((sorted({i for ends in cities.values() for i in ends}), cities))
    return pieces


def _euler_trail(edges, touching, start):
    """Every edge of a piece with at most two odd cities, in Euler-trail order from
    ``start`` (an odd city if there is one): Hierholzer's algorithm on plain dicts."""
    left = {city: list(ends) for city, ends in touching.items()}
    used: set[int] = set()
    stack = [(start, -1)]
    cities, walk, length = [], [], 0
    while stack:
        city, via = stack[-1]
        ends = left[city]
        while ends and ends[-1] in used:
            ends.pop()
        if ends:
            i = ends.pop()
            used.add(i)
            a, b, _ = edges[i]
            stack.append((b if city == a else a, i))
        else:  # a dead end: this city and the route that led here are final, back to front
            stack.pop()
            cities.append(city)
            if via >= 0:
                walk.append(via)
                length += edges[via][2]
    cities.reverse()
    walk.reverse()
    return length, tuple(cities), walk


def _chains(edges, touching):
    """Contract runs through cities of degree 2 into single chains.

    A best trail ends at odd-degree cities, so it passes a degree-2 city on both of its
    routes or not at all: the run behaves like one long route. Each chain is
    ``(start, end, length, cities, edge indices)``.
    """
    seen: set[int] = set()
    chains = []
    for anchor, ends in touching.items():
        if len(ends) == 2:
            continue
        for first in ends:
            if first in seen:
                continue
            city, run, cities, length, edge = anchor, [], [anchor], 0, first
            while True:
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
            chains.append((anchor, city, length, tuple(cities), tuple(run)))
    return chains


def _longest_in_piece(edges, touching, odd, total, to_beat):
    """The longest trail of a connected piece with more than two odd cities (facts 2–6),
    or None if it cannot beat ``to_beat``."""
    chains = _chains(edges, touching)
    distance, path = _odd_distances(chains, odd)
    left_out, left_out_length = _pairing(odd, distance, path)
    ceiling = total - left_out_length
    if ceiling <= to_beat:
        return None
    kept = [k for k in range(len(chains)) if k not in left_out]
    kept_touching: dict[str, list[int]] = {}
    for k in kept:
        for city in chains[k][3]:
            kept_touching.setdefault(city, [])
        for i in chains[k][4]:
            a, b, _ = edges[i]
            kept_touching[a].append(i)
            kept_touching[b].append(i)
    if _is_connected(edges, kept_touching):
        ends = [city for city, ends in kept_touching.items() if len(ends) % 2]
        return _euler_trail(edges, kept_touching, ends[0] if ends else next(iter(kept_touching)))
    nearest = {a: min(d for b, d in row.items() if b != a) for a, row in distance.items()}
    return _search(chains, odd, total, to_beat, _start_ceilings(nearest, total, ceiling))


def _is_connected(edges, touching) -> bool:
    """Whether the cities in ``touching`` hang together through its edges."""
    start = next(iter(touching))
    seen, frontier = {start}, [start]
    while frontier:
        city = frontier.pop()
        for i in touching[city]:
            a, b, _ = edges[i]
            other = b if a == city else a
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    return len(seen) == len(touching)


def _odd_distances(chains, odd):
    """Shortest distances between the odd cities over the chains (Dijkstra from each odd
    city, on plain dicts), and for each pair the chains of one shortest path."""
    graph: dict[str, list[tuple[int, str, int]]] = {}
    for k, (start, end, length, _, _) in enumerate(chains):
        if start != end:
            graph.setdefault(start, []).append((length, end, k))
            graph.setdefault(end, []).append((length, start, k))
    odd_set = set(odd)
    distance, path = {}, {}
    for source in odd:
        settled: dict[str, int] = {}
        came_by: dict[str, tuple[str, int]] = {}
        heap = [(0, 0, source, None, -1)]
        order = 0
        found = 0
        while heap and found < len(odd):
            d, _, city, previous, chain = heapq.heappop(heap)
            if city in settled:
                continue
            settled[city] = d
            if previous is not None:
                came_by[city] = (previous, chain)
            found += city in odd_set
            for length, other, k in graph[city]:
                if other not in settled:
                    order += 1
                    heapq.heappush(heap, (d + length, order, other, city, k))
        distance[source] = {city: settled[city] for city in odd}
        path[source] = came_by
    return distance, path


def _pairing(odd, distance, path) -> tuple[set[int], int]:
    """The cheapest set of chains to leave out so that at most two odd cities remain
    (fact 6): (the chains, their length)."""
    if len(odd) <= PAIRING_BY_HAND_UP_TO:
        pairs = _cheapest_pairing(odd, distance)
    else:
        pairing = nx.Graph()
        free_ends = ("free end 1", "free end 2")  # a trail's two ends need no partner
        for a, b in itertools.combinations(odd, 2):
            pairing.add_edge(a, b, weight=distance[a][b])
        for city in odd:
            pairing.add_edges_from([(city, end) for end in free_ends], weight=0)
        pairing.add_edge(*free_ends, weight=0)
        pairs = [(a, b) for a, b in nx.min_weight_matching(pairing) if a not in free_ends and b not in free_ends]
    left_out: set[int] = set()  # chains on the pairing paths; used twice means not left out
    for a, b in pairs:
        city = b
        while city != a:
            city, chain = path[a][city]
            left_out ^= {chain}
    return left_out, sum(distance[a][b] for a, b in pairs)


def _cheapest_pairing(odd, distance) -> list[tuple[str, str]]:
    """Pair the odd cities, all but at most two, at the least total distance: an exact
    search over subsets (the first unpaired city either pairs with one of the others or
    is a free end), remembered per (cities left, free ends left)."""
    d = [[distance[a][b] for b in odd] for a in odd]
    memo: dict[int, tuple[int, int]] = {}

    def cost(mask: int, free: int) -> int:
        if not mask:
            return 0
        key = mask << 2 | free
        if key in memo:
            return memo[key][0]
        first = (mask & -mask).bit_length() - 1
        rest = mask & (mask - 1)
        best, partner = (cost(rest, free - 1), -1) if free else (1 << 62, -1)
        row = d[first]
        others = rest
        while others:
            low = others & -others
            j = low.bit_length() - 1
            value = row[j] + cost(rest ^ low, free)
            if value < best:
                best, partner = value, j
            others ^= low
        memo[key] = best, partner
        return best

    mask = (1 << len(odd)) - 1
    free = 2
    cost(mask, free)
    pairs = []
    while mask:
        first = (mask & -mask).bit_length() - 1
        partner = memo[mask << 2 | free][1]
        mask &= mask - 1
        if partner < 0:
            free -= 1
        else:
            pairs.append((odd[first], odd[partner]))
            mask ^= 1 << partner
    return pairs


def _start_ceilings(nearest, total, ceiling) -> dict[str, int]:
    """For each odd-degree start, an upper bound on the trails from it.

    A best trail from ``s`` ends at another odd city ``e``, and the routes it leaves
    unused must meet every other odd city an odd number of times (a T-join). Such a set
    weighs at least half the sum, over those cities, of the distance to the nearest other
    odd city. No bound is above ``ceiling`` (fact 6 for the whole piece).
    """
    values = sorted(nearest.values(), reverse=True)
    whole = sum(values)
    ceilings = {}
    for start, own in nearest.items():
        farthest_other = values[1] if own == values[0] else values[0]  # the farthest may be the end
        ceilings[start] = min(ceiling, total - -(-(whole - own - farthest_other) // 2))
    return ceilings


def _search(chains, odd, total, to_beat, ceiling):
    """Depth-first search over trails of chains, from each odd-degree city in turn, for
    a trail longer than ``to_beat``; ``ceiling`` bounds the trails from each start."""
    number: dict[str, int] = {}
    for start, end, *_ in chains:
        number.setdefault(start, len(number))
        number.setdefault(end, len(number))
    cities = len(number)
    # Each city's chains, longest first: good trails are found early, so the bound cuts more.
    neighbours: list[list[tuple[int, int, int, int, bool]]] = [[] for _ in range(cities)]
    for k, (start, end, length, _, _) in enumerate(chains):
        neighbours[number[start]].append((1 << k, number[end], length, k, True))
        if end != start:
            neighbours[number[end]].append((1 << k, number[start], length, k, False))
    for options in neighbours:
        options.sort(key=lambda option: -option[2])
    top = max(ceiling.values())

    best_length, best_walk, best_start = to_beat, None, None
    walk: list[tuple[int, bool]] = []
    # The same routes walked in another order lead to the same city with the same length
    # and the same future: each (city, routes used) is explored once.
    explored: set[int] = set()

    def extend(city: int, length: int, used: int, stop: int) -> bool:
        """Grow the trail from ``city``; True once a trail as long as ``stop`` is found."""
        nonlocal best_length, best_walk
        state = used * cities + city
        if state in explored:
            return False
        explored.add(state)
        if length > best_length:
            best_length, best_walk = length, list(walk)
            if length >= stop:
                return True
        for bit, other, chain_length, k, forward in neighbours[city]:
            if used & bit:
                continue
            walk.append((k, forward))
            done = extend(other, length + chain_length, used | bit, stop)
            walk.pop()
            if done:
                return True
        return False

    for start in sorted(odd, key=lambda city: -ceiling[city]):
        if best_length >= ceiling[start]:
            continue  # no trail from here can beat the best one found
        found_before = best_walk
        reached = extend(number[start], 0, 0, ceiling[start])
        if best_walk is not found_before:
            best_start = start
        if reached and best_length >= top:
            break

    if best_walk is None:
        return None
    trail, indices = [best_start], []
    for k, forward in best_walk:
        _, _, _, chain_cities, run = chains[k]
        trail.extend(chain_cities[1:] if forward else chain_cities[-2::-1])
        indices.extend(run if forward else reversed(run))
    return best_length, tuple(trail), indices


# --- the same search, step by step -------------------------------------------------------

@dataclass(frozen=True)
class TrailStep:
    """One step of the backtracking search, for a lesson.

    ``kind``: "start" (a new first city), "extend" (walk a route), "back" (undo it),
    "better" (a new longest trail), "prune" (what is left cannot beat the best) or
    "done". ``trail`` is the trail being walked (the caller's items), ``best`` the best
    so far and ``unexplored`` the routes not on the current trail.
    """

    kind: str
    city: str | None
    trail: tuple[Any, ...]
    length: int
    best: tuple[Any, ...]
    best_length: int
    unexplored: tuple[Any, ...] = ()


def longest_trail_steps(items: Iterable[Any]) -> Iterator[TrailStep]:
    """The backtracking search as a stream of steps; the last one ("done") carries the
    longest trail and its length, the same length ``longest_trail`` finds.

    This is the plain teaching version: it starts from every odd-degree city of each
    piece (from one city if none is odd: an Euler circuit walks it all) and cuts a
    branch when the trail so far plus every route not yet used cannot beat the best
    trail found.
    """
    items = list(items)
    edges = [as_edge(item) for item in items]
    neighbours: dict[str, list[tuple[int, str]]] = {}
    for index, (a, b, _) in enumerate(edges):
        neighbours.setdefault(a, []).append((index, b))
        neighbours.setdefault(b, []).append((index, a))
    total = sum(length for _, _, length in edges)
    starts = []
    for piece, _ in _pieces(edges):
        cities = sorted({city for i in piece for city in edges[i][:2]})
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
        if length + (total - sum(edges[i][2] for i in used)) <= best_length:
            yield step("prune", city, length)
            return
        for index, other in neighbours[city]:
            if index in used:
                continue
            used.add(index)
            trail.append(index)
            yield step("extend", other, length + edges[index][2])
            yield from walk(other, length + edges[index][2])
            trail.pop()
            used.discard(index)
            yield step("back", city, length)

    for start in starts:
        if best_length == total:
            break
        yield step("start", start, 0)
        yield from walk(start, 0)
    yield step("done", None, best_length)


__all__ = ["Trail", "TrailStep", "as_edge", "longest_trail", "longest_trail_length", "longest_trail_steps"]
