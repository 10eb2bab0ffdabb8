"""Connecting tickets: is a ticket complete, what is the cheapest way to connect two
cities, and to connect several at once (a Steiner tree)?

The fast functions use networkx: connected components, Dijkstra's shortest paths and
Mehlhorn's Steiner-tree approximation. The ``…_steps`` generators show the same
algorithms working, step by step, for the lessons; tests hold their answers equal.

Routes are route objects (``.a``, ``.b``, ``.length``) or ``(city, city, length)`` tuples.
Between two cities only the shortest route counts (double routes have one length).
"""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, TypeAlias, cast

import networkx as nx
from networkx.utils import pairwise

from ..texts import InputError
from .longest_trail import as_edge

#: what networkx's Dijkstra without a target finds: each city's distance (whole trains, as
#: route lengths are) and its path (its stubs do not tell this from the answer with a
#: target, one distance and one path)
Reach: TypeAlias = tuple[dict[str, int], dict[str, list[str]]]


@dataclass(frozen=True)
class Plan:
    """Routes that connect some cities: their total length in trains."""

    length: int
    cities: tuple[str, ...]  # a path in walking order, or a tree's cities sorted
    routes: tuple[Any, ...]  # the caller's items


@dataclass(frozen=True)
class PlanStep:
    """One step of a connection algorithm, for a lesson.

    ``kind`` depends on the algorithm: "visit"/"reach" (flood fill), "settle"/"relax"
    (Dijkstra), "region"/"bridge"/"link"/"path"/"prune" (Steiner tree); "done" carries
    the ``result``.
    """

    texts_family = "plan"  # the [step] texts that word it (read by narration.describe_step)
    kind: str
    city: str | None = None
    other: str | None = None
    distance: int | None = None
    detail: dict = field(default_factory=dict, compare=False)
    result: Any = field(default=None, compare=False)


def route_graph(routes: Iterable[Any]) -> nx.Graph[str]:
    """A graph of cities; each edge keeps the shortest route between its two cities
    (attribute ``route``) and its ``length``."""
    graph: nx.Graph[str] = nx.Graph()
    for item in routes:
        a, b, length = as_edge(item)
        if not graph.has_edge(a, b) or graph[a][b]["length"] > length:
            graph.add_edge(a, b, length=length, route=item)
    return graph


# --- connectivity ---------------------------------------------------------------------------

def components(routes: Iterable[Any]) -> list[set[str]]:
    """The separate pieces of a network, largest first."""
    return sorted(nx.connected_components(route_graph(routes)), key=lambda c: (-len(c), sorted(c)))


def connected(routes: Iterable[Any], a: str, b: str) -> bool:
    """Whether the routes join city ``a`` to city ``b`` (a ticket is complete)."""
    graph = route_graph(routes)
    return a in graph and b in graph and nx.has_path(graph, a, b)


def connectivity_steps(routes: Iterable[Any], start: str, goal: str | None = None) -> Iterator[PlanStep]:
    """A breadth-first flood fill from ``start``: "visit" each city in turn, "reach" a new
    one along a route; it stops early at ``goal``. "done" carries the cities reached.

    Every step carries what the fill knows then (a view needs no memory of earlier
    steps): the ``network`` (all the routes), the cities ``reached``, the routes
    ``walked`` to reach them, and the ``frontier`` (reached, routes not yet looked at)."""
    routes = tuple(routes)
    graph = route_graph(routes)
    reached, queue = {start}, deque([start])
    walked: list[Any] = []  # the routes that reached a city

    def known(**more) -> dict:
        return {"network": routes, "start": start, "goal": goal, "reached": sorted(reached),
                "walked": list(walked), "frontier": list(queue), **more}

    while queue:
        city = queue.popleft()
        yield PlanStep("visit", city, detail=known())
        if city == goal:
            break
        for other in sorted(graph[city]) if city in graph else ():
            if other not in reached:
                reached.add(other)
                queue.append(other)
                walked.append(graph[city][other]["route"])
                yield PlanStep("reach", other, city, detail=known(route=walked[-1]))
    yield PlanStep("done", detail=known(connected=goal in reached if goal else None), result=frozenset(reached))


# --- the shortest connection ---------------------------------------------------------------

def shortest_route(routes: Iterable[Any], a: str, b: str) -> Plan | None:
    """The fewest trains joining ``a`` and ``b`` (networkx's Dijkstra), or None."""
    graph = route_graph(routes)
    try:
        cities = nx.dijkstra_path(graph, a, b, weight="length")
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return None
    return _path_plan(graph, cities)


def _path_plan(graph: nx.Graph, cities: list[str]) -> Plan:
    links = [graph[u][v] for u, v in pairwise(cities)]
    return Plan(sum(link["length"] for link in links), tuple(cities), tuple(link["route"] for link in links))


def shortest_route_steps(routes: Iterable[Any], a: str, b: str) -> Iterator[PlanStep]:
    """Dijkstra's algorithm: "settle" the nearest city not yet settled, "relax" each route
    from it that makes a neighbour nearer. "done" carries the Plan (or None).

    Every step carries the distances known then: ``settled`` (final) and ``tentative``
    (they may still shrink), and the ``tree`` of routes each city was last reached by."""
    routes = tuple(routes)
    graph = route_graph(routes)
    distance: dict[str, int] = {a: 0}
    came_from: dict[str, str | None] = {a: None}
    settled: dict[str, int] = {}
    queue: list[tuple[int, str]] = [(0, a)]

    def known(**more) -> dict:
        return {"network": routes, "start": a, "goal": b, "settled": dict(settled),
                "tentative": {c: d for c, d in distance.items() if c not in settled},
                "tree": [graph[c][f]["route"] for c, f in came_from.items() if f is not None],
                "reached": sorted(settled), **more}

    while queue:
        d, city = heapq.heappop(queue)
        if city in settled:
            continue
        settled[city] = d
        yield PlanStep("settle", city, came_from[city], d, known())
        if city == b:
            break
        for other in sorted(graph[city]) if city in graph else ():
            through = d + graph[city][other]["length"]
            if other not in settled and through < distance.get(other, float("inf")):
                before = distance.get(other)
                distance[other], came_from[other] = through, city
                heapq.heappush(queue, (through, other))
                yield PlanStep("relax", other, city, through, known(route=graph[city][other]["route"], before=before))
    if b not in settled:
        yield PlanStep("done", detail=known(), result=None)
        return
    cities = [b]
    while (previous := came_from[cities[-1]]) is not None:
        cities.append(previous)
    yield PlanStep("done", distance=distance[b], detail=known(), result=_path_plan(graph, cities[::-1]))


# --- connecting several cities: the Steiner tree --------------------------------------------

def connect_three(routes: Iterable[Any], cities: Iterable[str]) -> Plan | None:
    """The fewest trains joining three cities, exactly: the best tree of three cities has
    one "meeting city" m where its branches meet (m may be one of the three), so it is
    the m with the least d(a, m) + d(b, m) + d(c, m). None when no routes join them."""
    graph = route_graph(routes)
    terminals = list(dict.fromkeys(cities))
    if len(terminals) != 3:
        raise InputError("error.three_cities", count=len(terminals))
    if any(city not in graph for city in terminals):
        return None
    reach = [cast(Reach, nx.single_source_dijkstra(graph, city, weight="length")) for city in terminals]
    meetings = [city for city in graph if all(city in distance for distance, _ in reach)]
    if not meetings:
        return None
    meet = min(meetings, key=lambda m: (sum(distance[m] for distance, _ in reach), m))
    edges = {tuple(sorted(pair)) for _, paths in reach for pair in pairwise(paths[meet])}
    return _tree_plan(graph, edges)



def ticket_plan(routes: Iterable[Any], cities: Iterable[str]) -> Plan:
    """Routes joining all ``cities`` with few trains: networkx's Steiner-tree
    approximation (Mehlhorn's), at most twice the best possible."""
    graph = route_graph(routes)
    terminals = _reached(graph, cities)
    if len(terminals) < 2:
        return Plan(0, tuple(terminals), ())
    tree = nx.approximation.steiner_tree(graph, terminals, weight="length")
    return _tree_plan(graph, tree.edges())


def _tree_plan(graph: nx.Graph, edges) -> Plan:
    """A tree's Plan, its routes in a fixed order (by their cities) so that the same
    tree is the same Plan however the edges were found."""
    edges = sorted(tuple(sorted(edge)) for edge in edges)
    links = [graph[u][v] for u, v in edges]
    cities = sorted({c for edge in edges for c in edge})
    return Plan(sum(link["length"] for link in links), tuple(cities), tuple(link["route"] for link in links))


def _reached(graph: nx.Graph, cities: Iterable[str]) -> list[str]:
    """The ticket cities, sorted; a city no route reaches (often a misspelt one) is refused."""
    terminals = sorted(set(cities))
    missing = [repr(c) for c in terminals if c not in graph]
    if missing:
        raise InputError("error.cities_unreached", cities=", ".join(missing))
    return terminals


def ticket_plan_steps(routes: Iterable[Any], cities: Iterable[str]) -> Iterator[PlanStep]:
    """Mehlhorn's Steiner-tree approximation in its phases, as networkx runs it:

    1. "region": every city joins the region of its nearest ticket city;
    2. "bridge": each route between two regions offers a link between their ticket
       cities (the shortest one is kept);
    3. "link": the cheapest links that join all ticket cities (a spanning tree);
    4. "path": each link becomes its shortest path of routes;
    5. "prune": cities left dangling, not needed by any ticket, are cut off.

    Every step carries the ``regions`` grown so far (ticket city → its cities) and the
    ``region_routes`` that reach them; later phases keep them, add the ``bridges``
    found and the ``routes`` chosen. "done" carries the same Plan as ``ticket_plan``.
    """
    graph = route_graph(routes)
    terminals = _reached(graph, cities)
    if len(terminals) < 2:
        yield PlanStep("done", detail={"terminals": terminals}, result=Plan(0, tuple(terminals), ()))
        return
    distances, paths = cast(Reach, nx.multi_source_dijkstra(graph, terminals, weight="length"))
    nearest = {city: paths[city][0] for city in graph}
    regions: dict[str, list[str]] = {t: [] for t in terminals}
    region_routes: dict[str, list] = {t: [] for t in terminals}
    bridges: list = []
    placed: list[str] = []
    chosen: nx.Graph[str] = nx.Graph()

    def known(**more) -> dict:
        return {"terminals": terminals, "regions": {t: list(c) for t, c in regions.items()},
                "region_routes": {t: list(r) for t, r in region_routes.items()}, "bridges": list(bridges),
                "routes": [graph[u][v]["route"] for u, v in chosen.edges()], "reached": list(placed), **more}

    for city in sorted(graph, key=lambda c: (distances[c], c)):
        placed.append(city)
        regions[nearest[city]].append(city)
        if len(paths[city]) > 1:
            region_routes[nearest[city]].append(graph[paths[city][-2]][city]["route"])
        yield PlanStep("region", city, nearest[city], distances[city], known())
    links: nx.Graph[str] = nx.Graph()  # ticket city → ticket city, by the cheapest bridge between their regions
    for u, v, data in graph.edges(data=True):
        su, sv = nearest[u], nearest[v]
        through = distances[u] + data["length"] + distances[v]
        if not links.has_edge(su, sv) or through < links[su][sv]["weight_d1"]:
            links.add_edge(su, sv, weight_d1=through)
            if su != sv:
                bridges.append(data["route"])
                yield PlanStep("bridge", su, sv, through, known(route=data["route"]))
    for u, v, data in nx.minimum_spanning_edges(links, data=True, weight="weight_d1"):
        yield PlanStep("link", u, v, data["weight_d1"], known())
        path = nx.shortest_path(graph, u, v, weight="length")
        for n1, n2 in pairwise(path):
            chosen.add_edge(n1, n2, weight=graph[n1][n2]["length"])
        yield PlanStep("path", u, v, detail=known(cities=path))
    chosen = graph.edge_subgraph(nx.minimum_spanning_edges(chosen, data=False, weight="weight")).copy()
    dangling = [c for c in chosen if chosen.degree(c) == 1 and c not in terminals]
    while dangling:
        for city in dangling:
            chosen.remove_node(city)
            yield PlanStep("prune", city, detail=known())
        dangling = [c for c in chosen if chosen.degree(c) == 1 and c not in terminals]
    plan = _tree_plan(graph, chosen.edges())
    yield PlanStep("done", distance=plan.length, detail=known(routes=list(plan.routes)), result=plan)
