"""Lesson 06, connecting tickets: student tasks and the teaching versions of their answers.

- ``connected`` (warm-up): do a player's routes join two cities? (a flood fill)
- ``shortest_route`` (core): the fewest trains that join two cities (Dijkstra's algorithm)
- ``connect_three`` (stretch): routes joining three cities with the fewest trains (the
  best "meeting city")

The teaching versions below are short and plain on purpose; tests hold them equal to the
fast networkx-based ones in ``zuzlab.algorithms.planning``."""

from __future__ import annotations

import heapq
import random
from collections import deque

from .. import texts
from .checker import Case, Task


# --- the teaching versions ------------------------------------------------------------------

def connected_teaching(routes, a, b) -> bool:
    """Breadth-first flood fill: start in ``a``, reach every neighbour, then theirs …
    If ``b`` is ever reached, the two cities are connected."""
    neighbours = {}
    for route in routes:
        neighbours.setdefault(route.a, []).append(route.b)
        neighbours.setdefault(route.b, []).append(route.a)
    reached = {a}
    queue = deque([a])  # the frontier: reached, but its neighbours not looked at yet
    while queue:
        city = queue.popleft()
        if city == b:
            return True
        for other in neighbours.get(city, []):
            if other not in reached:
                reached.add(other)
                queue.append(other)
    return False


def distances_from(routes, start):
    """Dijkstra's algorithm: the fewest trains from ``start`` to every city it reaches,
    and for each city the route it is reached by (the shortest-path tree).

    The heap always gives the nearest city not yet settled; its distance can no longer
    improve (every other way is at least as long), so it is settled for good."""
    neighbours = {}
    for route in routes:
        neighbours.setdefault(route.a, []).append((route.b, route))
        neighbours.setdefault(route.b, []).append((route.a, route))
    distance, via = {start: 0}, {start: None}
    settled = set()
    heap = [(0, start)]
    while heap:
        d, city = heapq.heappop(heap)
        if city in settled:
            continue  # an old, longer entry for a city settled already
        settled.add(city)
        for other, route in neighbours.get(city, []):
            if d + route.length < distance.get(other, float("inf")):
                distance[other] = d + route.length  # tentative: may still improve
                via[other] = route
                heapq.heappush(heap, (distance[other], other))
    return distance, via


def shortest_route_teaching(routes, a, b):
    """The fewest trains joining ``a`` and ``b``, or None if the routes do not join them."""
    distance, _ = distances_from(routes, a)
    return distance.get(b)


def connect_three_teaching(routes, cities):
    """Routes joining three cities with the fewest trains.

    The best tree has one city where its three branches meet (it may be one of the three
    cities). So: Dijkstra from each city, pick the meeting city ``m`` with the least
    d(a, m) + d(b, m) + d(c, m), and walk back from ``m`` to each of the three."""
    trees = [distances_from(routes, city) for city in cities]
    meetings = [m for m in trees[0][0] if all(m in distance for distance, _ in trees)]
    if not meetings:
        return None
    meet = min(meetings, key=lambda m: sum(distance[m] for distance, _ in trees))
    chosen = []
    for (distance, via), city in zip(trees, cities):
        here = meet
        while here != city:  # back along the shortest-path tree of ``city``
            route = via[here]
            if route not in chosen:
                chosen.append(route)
            here = route.a if route.b == here else route.b
    return chosen


# --- hidden cases ---------------------------------------------------------------------------

#: hand-made cases on the USA map: (stable name, routes as city pairs with the track colour
#: of a double route, the cities asked about); "whole map" means every route of the map
HAND_PAIRS = (
    ("same city", (("Denver", "Omaha", None), ("Omaha", "Chicago", None)), ("Omaha", "Omaha")),
    ("neighbours", (("Denver", "Omaha", None),), ("Omaha", "Denver")),
    ("no routes", (), ("Denver", "Boston")),
    ("not connected", (("Seattle", "Portland", None), ("Portland", "San Francisco", None),
                       ("Miami", "Atlanta", None), ("Atlanta", "Nashville", None)), ("Seattle", "Miami")),
    ("a city in no route", (("Denver", "Omaha", None), ("Omaha", "Kansas City", None)), ("Denver", "Boston")),
    ("a double route", (("Kansas City", "Denver", "black"), ("Kansas City", "Denver", "orange"),
                        ("Denver", "Omaha", None)), ("Kansas City", "Omaha")),
    ("the direct route is longer", (("Duluth", "Toronto", None), ("Duluth", "Sault St. Marie", None),
                                    ("Sault St. Marie", "Toronto", None)), ("Duluth", "Toronto")),
    ("a long way round", (("Los Angeles", "Phoenix", None), ("Phoenix", "Santa Fe", None),
                          ("Santa Fe", "Denver", None), ("Denver", "Omaha", None), ("Omaha", "Chicago", None),
                          ("Chicago", "Pittsburgh", None), ("Pittsburgh", "New York", None)),
     ("Los Angeles", "New York")),
)

HAND_TRIPLES = (
    ("one city between the others", "usa", ("Denver", "Kansas City", "Saint Louis")),
    ("three neighbours", "usa", ("Seattle", "Portland", "Vancouver")),
    ("far apart", "usa", ("Miami", "Seattle", "Boston")),
    ("far apart", "europe", ("Lisboa", "Moskva", "Edinburgh")),
)

SEEDS = (1, 2, 3, 5, 8, 13, 21, 34)


def _hand_routes(board, pairs):
    return [board.routes_between(a, b)[0] if colour is None else board.route_between(a, b, colour)
            for a, b, colour in pairs]


def _board_phrase(name: str) -> texts.Phrase:
    return texts.Phrase(f"task.board_{name}", {})


def _pair_title(name, a, b, routes, board_name, whole_map=False) -> texts.Phrase:
    if name is not None:
        return texts.Phrase(f"task.l06_case_{name.replace(' ', '_')}", {"a": a, "b": b})
    if whole_map:
        return texts.Phrase("task.l06_case_whole_map", {"a": a, "b": b, "map": _board_phrase(board_name)})
    return texts.Phrase("task.l06_case_network", {"a": a, "b": b, "map": _board_phrase(board_name),
                                                  "routes": len(routes)})


def _player_routes(board, seed):
    """A player's routes, often in two pieces: two networks grown from two random cities."""
    first = board.random_network(trains=22, seed=seed)
    second = board.random_network(trains=18, seed=f"{seed}/second")
    pairs = {frozenset(r.cities) for r in first}
    return first + [r for r in second if frozenset(r.cities) not in pairs]


def pair_cases(whole_map: bool) -> list[Case]:
    """Hand-made edge cases first, then seeded cases on the USA and Europe maps: two
    cities of a player's routes (``connected``) or of the whole map (``shortest_route``
    also gets players' routes); sometimes a city is not on the routes at all."""
    from ..ttr import load_map

    usa = load_map("usa")
    cases = [Case(name, (_hand_routes(usa, pairs), a, b), _pair_title(name, a, b, pairs, "usa"), "usa")
             for name, pairs, (a, b) in HAND_PAIRS]
    for board_name in ("usa", "europe"):
        board = load_map(board_name)
        for seed in SEEDS:
            rng = random.Random(f"lesson06/{board_name}/{seed}")
            routes = _player_routes(board, seed)
            on_routes = sorted({c for r in routes for c in r.cities})
            a, b = rng.sample(on_routes, 2)
            if seed % 4 == 3:  # a city the routes never reach
                b = rng.choice(sorted(set(board.cities) - set(on_routes)))
            cases.append(Case(f"{board_name} player, seed {seed}", (routes, a, b),
                              _pair_title(None, a, b, routes, board_name), board_name))
            if whole_map:
                a, b = rng.sample(sorted(board.cities), 2)
                cases.append(Case(f"{board_name} whole map, seed {seed}", (list(board.routes), a, b),
                                  _pair_title(None, a, b, board.routes, board_name, whole_map=True), board_name))
    return cases


def connected_cases() -> list[Case]:
    return pair_cases(whole_map=False)


def shortest_cases() -> list[Case]:
    return pair_cases(whole_map=True)


def triple_cases() -> list[Case]:
    """Three cities: hand-made ones on the whole maps, seeded ones on the whole maps and on
    one player's connected network (with both tracks of a double route added)."""
    from ..ttr import load_map

    boards = {name: load_map(name) for name in ("usa", "europe")}
    cases = [Case(f"{name} ({board_name})", (list(boards[board_name].routes), list(cities)),
                  texts.Phrase("task.l06_case_triple_whole_map", {"cities": list(cities),
                                                                  "map": _board_phrase(board_name)}), board_name)
             for name, board_name, cities in HAND_TRIPLES]
    for board_name, board in boards.items():
        for seed in SEEDS:
            rng = random.Random(f"lesson06/three/{board_name}/{seed}")
            if seed % 2:
                routes = list(board.routes)
                title = "task.l06_case_triple_whole_map"
            else:
                routes = board.random_network(trains=45, seed=seed)
                routes += [board.route(r.double_with) for r in routes if r.double_with][:1]
                title = "task.l06_case_triple_network"
            cities = rng.sample(sorted({c for r in routes for c in r.cities}), 3)
            cases.append(Case(f"{board_name} three cities, seed {seed}", (routes, cities),
                              texts.Phrase(title, {"cities": cities, "map": _board_phrase(board_name),
                                                   "routes": len(routes)}), board_name))
    return cases


# --- judging --------------------------------------------------------------------------------

def judge_connected(case: Case, expected: bool, got) -> str | None:
    if not isinstance(got, bool):
        return texts.text("task.l06_want_bool", got=repr(got), kind=type(got).__name__)
    if got != expected:
        _, a, b = case.args
        return texts.text("task.l06_connected_wrong" if expected else "task.l06_not_connected_wrong",
                          a=a, b=b, got=repr(got))
    return None


def judge_shortest(case: Case, expected, got) -> str | None:
    _, a, b = case.args
    if got is not None and (isinstance(got, bool) or not isinstance(got, int)):
        return texts.text("task.l06_want_int_or_none", got=repr(got), kind=type(got).__name__)
    if got == expected:
        return None
    if expected is None:
        return texts.text("task.l06_shortest_none", a=a, b=b, got=repr(got))
    if got is None:
        return texts.text("task.l06_shortest_got_none", a=a, b=b, expected=texts.quantity("train", expected))
    return texts.text("task.l06_shortest_wrong", a=a, b=b, expected=texts.quantity("train", expected), got=got)


def judge_three(case: Case, expected, got) -> str | None:
    """The routes come from the list, join all three cities, and their total is the best."""
    routes, cities = case.args
    if not isinstance(got, (list, tuple, set, frozenset)):
        return texts.text("task.l06_want_list", got=repr(got)[:80], kind=type(got).__name__)
    got = list(got)
    strangers = [item for item in got if item not in routes]
    if strangers:
        return texts.text("task.l06_three_stranger", route=_words(strangers[0]))
    twice = next((item for i, item in enumerate(got) if item in got[:i]), None)
    if twice is not None:
        return texts.text("task.l06_three_twice", route=_words(twice))
    unjoined = [city for city in cities[1:] if not connected_teaching(got, cities[0], city)]
    if unjoined:
        return texts.text("task.l06_three_unjoined", first=cities[0], missing=unjoined)
    best, total = sum(r.length for r in expected), sum(r.length for r in got)
    if total != best:
        return texts.text("task.l06_three_longer", got=texts.quantity("train", total),
                          expected=texts.quantity("train", best))
    return None


def _words(item) -> str:
    return texts.render(item) if hasattr(item, "a") else repr(item)


# --- drawing a failing case -----------------------------------------------------------------

def _network_to_draw(case: Case, routes) -> list:
    """A player's routes are drawn; the whole map needs no extra lines (it is the map)."""
    from ..ttr import load_map

    return [] if len(routes) >= len(load_map(case.board).routes) else list(routes)


def draw_pair(failure):
    """The routes, a shortest way between the two cities (green) if there is one, both
    cities marked, and what the function returned in the caption."""
    from ..algorithms import shortest_route
    from .drawing import map_case

    if failure.kind == "not_written":
        return None  # nothing to compare yet
    routes, a, b = failure.case.args
    plan = shortest_route(routes, a, b)
    got = "–" if failure.kind != "wrong" else repr(failure.got)
    if plan is None:
        caption = texts.text("task.l06_caption_apart", a=a, b=b, got=got)
    else:
        caption = texts.text("task.l06_caption_path", a=a, b=b, length=texts.quantity("train", plan.length), got=got)
    return map_case(failure.case.board, network=_network_to_draw(failure.case, routes),
                    expected=plan.routes if plan else (), cities={"expected": [a, b]}, caption=caption)


def draw_three(failure):
    """The routes, a best tree (green), the student's routes (pink) and the three cities."""
    from .drawing import map_case
    from ..ttr import load_map

    if failure.kind == "not_written":
        return None
    routes, cities = failure.case.args
    board = load_map(failure.case.board)
    got = failure.got if isinstance(failure.got, (list, tuple, set, frozenset)) else []
    yours = [r for r in got if hasattr(r, "a") and hasattr(r, "b") and r.a in board.cities and r.b in board.cities]
    caption = texts.text("task.l06_caption_three", cities=list(cities),
                         length=texts.quantity("train", sum(r.length for r in failure.expected)))
    return map_case(failure.case.board, network=_network_to_draw(failure.case, routes), expected=failure.expected,
                    yours=yours, cities={"expected": list(cities)}, caption=caption)


TASKS = {
    "connected": Task("connected", "06", connected_cases, connected_teaching, judge_connected, draw_pair,
                      time_limit=1.0),
    "shortest_route": Task("shortest_route", "06", shortest_cases, shortest_route_teaching, judge_shortest,
                           draw_pair, time_limit=1.0),
    "connect_three": Task("connect_three", "06", triple_cases, connect_three_teaching, judge_three, draw_three,
                          time_limit=2.0),
}
