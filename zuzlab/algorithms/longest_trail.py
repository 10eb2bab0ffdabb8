"""The longest continuous route: the longest *trail* in a multigraph.

A trail uses every edge at most once but may pass through a city several times; its
length is the sum of the edge lengths (trains). Finding it is NP-hard in general, so
this is an exhaustive search, made fast by two facts worth teaching:

1. If a connected piece has at most two cities of odd degree, an Euler trail walks all
   of its edges: the answer is the whole piece, no search needed.
2. Otherwise the best trail starts and ends at odd-degree cities. (A trail ending at an
   even-degree city has an unused edge there and could be extended; a closed trail
   that misses an edge could be opened and extended at that edge.) So the search only
   starts from odd-degree cities, and branches are cut as soon as the length so far
   plus every unused edge cannot beat the best trail found.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

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


def route_multigraph(items: Iterable[Any]) -> nx.MultiGraph:
    """A multigraph with one edge per item (key = its position, attributes length and item)."""
    graph = nx.MultiGraph()
    for index, item in enumerate(items):
        a, b, length = as_edge(item)
        graph.add_edge(a, b, key=index, length=length, item=item)
    return graph


def longest_trail(items: Iterable[Any]) -> Trail:
    """The longest trail through the given routes (route objects or ``(a, b, length)``)."""
    graph = route_multigraph(items)
    best = Trail(0)
    for component in nx.connected_components(graph):
        piece = graph.subgraph(component)
        total = sum(length for _, _, length in piece.edges(data="length"))
        if total <= best.length:
            continue
        odd = [city for city, degree in piece.degree() if degree % 2]
        if len(odd) <= 2:
            best = _euler_trail(piece, odd, total)
        else:
            best = _search(piece, odd, total, best)
    return best


def longest_trail_length(items: Iterable[Any]) -> int:
    """Just the length of ``longest_trail(items)``."""
    return longest_trail(items).length


def _euler_trail(piece: nx.MultiGraph, odd: list[str], total: int) -> Trail:
    steps = list(nx.eulerian_path(piece, source=odd[0] if odd else None, keys=True))
    cities = (steps[0][0],) + tuple(v for _, v, _ in steps)
    return Trail(total, cities, tuple(piece.edges[u, v, k]["item"] for u, v, k in steps))


def _search(piece: nx.MultiGraph, odd: list[str], total: int, best: Trail) -> Trail:
    """Depth-first search over trails from each odd-degree city, with the bound above."""
    keys = sorted({k for _, _, k in piece.edges(keys=True)})
    bit = {key: 1 << i for i, key in enumerate(keys)}
    # Longest edges first: good trails are found early, so the bound cuts more.
    neighbours = {
        city: sorted(
            ((bit[k], other, data["length"], k) for _, other, k, data in piece.edges(city, keys=True, data=True)),
            key=lambda entry: -entry[2],
        )
        for city in piece
    }
    best_length, best_cities, best_keys = best.length, best.cities, None
    cities: list[str] = []
    used_keys: list[int] = []

    def extend(city: str, length: int, used: int, unused_length: int) -> None:
        nonlocal best_length, best_cities, best_keys
        if length > best_length:
            best_length, best_cities, best_keys = length, tuple(cities), tuple(used_keys)
            if unused_length == 0:
                return
        for edge_bit, other, edge_length, key in neighbours[city]:
            if used & edge_bit:
                continue
            if length + unused_length <= best_length:
                return
            cities.append(other)
            used_keys.append(key)
            extend(other, length + edge_length, used | edge_bit, unused_length - edge_length)
            cities.pop()
            used_keys.pop()

    for start in odd:
        if best_length >= total:
            break
        cities.append(start)
        extend(start, 0, 0, total)
        cities.pop()

    if best_keys is None:
        return best
    items = {k: data["item"] for _, _, k, data in piece.edges(keys=True, data=True)}
    return Trail(best_length, best_cities, tuple(items[k] for k in best_keys))
