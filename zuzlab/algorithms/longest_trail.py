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

import itertools
from collections import Counter
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
    best = Trail(0)
    for piece in _pieces(edges):
        total = sum(edges[i][2] for i in piece)
        if total <= best.length:
            continue
        degree: Counter[str] = Counter()
        for i in piece:
            degree[edges[i][0]] += 1
            degree[edges[i][1]] += 1
        odd = [city for city, d in degree.items() if d % 2]
        if len(odd) <= 2:
            found = _euler_trail(edges, piece, odd)
        else:
            found, cap = None, total
            if len(piece) >= MATCHING_FROM:
                found, cap = _matching_shortcut(edges, piece, odd)
            if found is None:
                found = _search(edges, piece, degree, odd, best.length, cap)
        if found is not None and found[0] > best.length:
            best = Trail(found[0], found[1], tuple(items[i] for i in found[2]))
    return best


def longest_trail_length(items: Iterable[Any]) -> int:
    """Just the length of ``longest_trail(items)``."""
    return longest_trail(items).length


#: Pieces with this many routes or more try the matching shortcut first (see fact 6).
MATCHING_FROM = 25


def _matching_shortcut(edges, piece, odd) -> tuple[tuple | None, int]:
    """The longest trail found through a minimum-weight matching of the odd cities, and the
    ceiling it gives: (trail or None if the remaining routes fall apart, ceiling)."""
    graph = nx.MultiGraph()
    graph.add_edges_from((edges[i][0], edges[i][1], i, {"length": edges[i][2]}) for i in piece)
    shortest = nx.Graph()
    for u, v, length in graph.edges(data="length"):
        if not shortest.has_edge(u, v) or shortest[u][v]["length"] > length:
            shortest.add_edge(u, v, length=length)
    distance = dict(nx.all_pairs_dijkstra_path_length(shortest, weight="length"))
    pairing = nx.Graph()
    free_ends = ("free end 1", "free end 2")  # a trail's two ends need no partner
    for a, b in itertools.combinations(odd, 2):
        pairing.add_edge(a, b, weight=distance[a][b])
    for city in odd:
        pairing.add_edges_from([(city, end) for end in free_ends], weight=0)
    pairing.add_edge(*free_ends, weight=0)
    left_out: set[int] = set()  # routes on the pairing paths; used twice means not left out
    for a, b in nx.min_weight_matching(pairing):
        if a in free_ends or b in free_ends:
            continue
        cities = nx.dijkstra_path(shortest, a, b, weight="length")
        for u, v in zip(cities, cities[1:]):
            left_out ^= {min(graph[u][v], key=lambda k: graph[u][v][k]["length"])}
    kept = [i for i in piece if i not in left_out]
    ceiling = sum(edges[i][2] for i in kept)
    rest = nx.MultiGraph()
    rest.add_edges_from((edges[i][0], edges[i][1], i) for i in kept)
    if not nx.is_connected(rest):
        return None, ceiling
    ends = [city for city, d in rest.degree() if d % 2]
    return _euler_trail(edges, kept, ends), ceiling


def _pieces(edges: list[tuple[str, str, int]]) -> list[list[int]]:
    """The edge indices of each connected piece."""
    graph = nx.Graph()
    graph.add_edges_from((a, b) for a, b, _ in edges)
    piece_of = {city: n for n, cities in enumerate(nx.connected_components(graph)) for city in cities}
    pieces: dict[int, list[int]] = {}
    for i, (a, _, _) in enumerate(edges):
        pieces.setdefault(piece_of[a], []).append(i)
    return list(pieces.values())


def _euler_trail(edges, piece, odd):
    """Every edge of the piece, in Euler-trail order (networkx finds it)."""
    graph = nx.MultiGraph()
    graph.add_edges_from((edges[i][0], edges[i][1], i) for i in piece)
    steps = list(nx.eulerian_path(graph, source=odd[0] if odd else None, keys=True))
    cities = (steps[0][0],) + tuple(v for _, v, _ in steps)
    return sum(edges[i][2] for i in piece), cities, [k for _, _, k in steps]


def _chains(edges, piece, degree):
    """Contract runs through cities of degree 2 into single chains.

    A best trail ends at odd-degree cities, so it passes a degree-2 city on both of its
    routes or not at all: the run behaves like one long route. Each chain is
    ``(start, end, length, cities, edge indices)``.
    """
    touching: dict[str, list[int]] = {}
    for i in piece:
        touching.setdefault(edges[i][0], []).append(i)
        touching.setdefault(edges[i][1], []).append(i)
    seen: set[int] = set()
    chains = []
    for anchor in (city for city in touching if degree[city] != 2):
        for first in touching[anchor]:
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
                if degree[city] != 2:
                    break
                edge = next(e for e in touching[city] if e not in seen)
            chains.append((anchor, city, length, tuple(cities), tuple(run)))
    return chains


def _search(edges, piece, degree, odd, to_beat, cap=None):
    """Depth-first search over trails of chains, from each odd-degree city in turn; no
    trail is longer than ``cap`` (a ceiling known already)."""
    chains = _chains(edges, piece, degree)
    total = sum(chain[2] for chain in chains)
    # Each city's chains, longest first: good trails are found early, so the bound cuts more.
    neighbours: dict[str, list[tuple[int, str, int, int, bool]]] = {}
    for k, (start, end, length, _, _) in enumerate(chains):
        neighbours.setdefault(start, []).append((1 << k, end, length, k, True))
        if end != start:
            neighbours.setdefault(end, []).append((1 << k, start, length, k, False))
    for options in neighbours.values():
        options.sort(key=lambda option: -option[2])
    ceiling = _start_ceilings(chains, odd, total)
    if cap is not None:
        ceiling = {city: min(value, cap) for city, value in ceiling.items()}

    best_length, best_walk, best_start = to_beat, None, None
    walk: list[tuple[int, bool]] = []
    # The same routes walked in another order lead to the same city with the same length
    # and the same future: each (city, routes used) is explored once.
    explored: set[tuple[str, int]] = set()

    def extend(city: str, length: int, used: int, unused_length: int, stop: int) -> bool:
        """Grow the trail from ``city``; True once a trail as long as ``stop`` is found."""
        nonlocal best_length, best_walk
        if (city, used) in explored:
            return False
        explored.add((city, used))
        if length > best_length:
            best_length, best_walk = length, list(walk)
            if length >= stop:
                return True
        for bit, other, chain_length, k, forward in neighbours[city]:
            if used & bit:
                continue
            if length + unused_length <= best_length:
                return False
            walk.append((k, forward))
            done = extend(other, length + chain_length, used | bit, unused_length - chain_length, stop)
            walk.pop()
            if done:
                return True
        return False

    for start in sorted(odd, key=lambda city: -ceiling[city]):
        if best_length >= ceiling[start]:
            continue  # no trail from here can beat the best one found
        found_before = best_walk
        extend(start, 0, 0, total, ceiling[start])
        if best_walk is not found_before:
            best_start = start

    if best_walk is None:
        return None
    cities, indices = [best_start], []
    for k, forward in best_walk:
        _, _, _, chain_cities, run = chains[k]
        cities.extend(chain_cities[1:] if forward else chain_cities[-2::-1])
        indices.extend(run if forward else reversed(run))
    return best_length, tuple(cities), indices


def _start_ceilings(chains, odd, total) -> dict[str, float]:
    """For each odd-degree start, an upper bound on the trails from it.

    A best trail from ``s`` ends at another odd city ``e``, and the routes it leaves
    unused must meet every other odd city an odd number of times (a T-join). Such a set
    weighs at least half the sum, over those cities, of the distance to the nearest other
    odd city. Searching the most promising starts first and skipping starts whose
    ceiling is already reached removes most of the work on dense networks.
    """
    graph = nx.Graph()
    for start, end, length, _, _ in chains:
        if start != end and (not graph.has_edge(start, end) or graph[start][end]["length"] > length):
            graph.add_edge(start, end, length=length)
    nearest = {}
    for city in odd:
        distance = nx.single_source_dijkstra_path_length(graph, city, weight="length")
        nearest[city] = min(distance[other] for other in odd if other != city)
    ceilings = {}
    for start in odd:
        others = [nearest[city] for city in odd if city != start]
        ceilings[start] = total - (sum(others) - max(others)) / 2  # the farthest may be the end
    return ceilings


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
    for piece in _pieces(edges):
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
