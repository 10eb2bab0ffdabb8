"""Lesson 05, the longest route: student tasks and the teaching versions of their answers.

- ``odd_cities`` (warm-up): the cities where an odd number of a network's routes meet,
  the key to the Euler shortcut.
- ``longest_route`` (core): the length of the longest trail of a player's routes.
- ``longest_route_fast`` (stretch): the same on big networks within the time limit, which
  plain backtracking cannot meet; the Euler shortcut (and pruning) can.
- ``whole_map`` (challenge): the longest continuous route on the whole USA map, once if
  one player could hold both tracks of every double route, once under the real rule
  (one track each).

The teaching versions are short on purpose (each is shown in the lesson); the kit's
fast search is ``zuzlab.algorithms.longest_trail``, and the tests check both agree.
"""

from __future__ import annotations

import random

from .. import texts
from .checker import Case, Task


# --- teaching versions ---------------------------------------------------------------------

def odd_cities_reference(routes) -> set:
    """The cities where an odd number of the routes meet.

    Each route adds one to the count of both its cities; a double route's two tracks
    count twice. Why care?  A trail passes through a city on two routes at a time (in and
    out), so only its two ends can use an odd number of a city's routes: with at most two
    odd cities, one trail can walk every route (an Euler trail)."""
    meeting = {}
    for route in routes:
        for city in (route.a, route.b):
            meeting[city] = meeting.get(city, 0) + 1
    return {city for city, count in meeting.items() if count % 2 == 1}


def longest_route_reference(routes) -> int:
    """Length in trains of the longest trail: each route used at most once, cities may repeat.

    Why plain backtracking?  The longest-trail problem is NP-hard, so there is no
    clever shortcut; but a player's network has only a handful of routes, so we
    can simply try every possibility: start from each city, walk along every
    unused route, and remember the longest walk.  When we come back from a
    route we "un-use" it so other walks may take it (that is the backtracking).
    """
    routes = list(routes)
    used = [False] * len(routes)

    def walk(city) -> int:
        best = 0
        for i, route in enumerate(routes):
            if used[i] or city not in (route.a, route.b):
                continue
            other = route.b if city == route.a else route.a
            used[i] = True
            best = max(best, route.length + walk(other))
            used[i] = False  # backtrack: free the route for other walks
        return best

    cities = {r.a for r in routes} | {r.b for r in routes}
    return max((walk(city) for city in cities), default=0)


def longest_route_fast_reference(routes) -> int:
    """The longest trail of a network in one piece, with three shortcuts to the search.

    1. Euler: with at most two odd cities one trail walks every route, so the answer
       is all the trains, no search at all.
    2. Otherwise a longest trail starts at an odd city (one that ends anywhere else
       leaves a route unused there, or could be opened up and made longer), so only
       odd cities are tried as starts.
    3. Pruning: a walk stops when even every route not yet used could not make it
       longer than the best trail found.
    """
    routes = list(routes)
    odd = odd_cities_reference(routes)
    total = sum(route.length for route in routes)
    if len(odd) <= 2:
        return total  # 1. the Euler shortcut
    used = [False] * len(routes)
    best = 0

    def walk(city, length, unused) -> None:
        nonlocal best
        best = max(best, length)
        for i, route in enumerate(routes):
            if used[i] or city not in (route.a, route.b):
                continue
            if length + unused <= best:
                return  # 3. pruning: what is left cannot beat the best trail
            used[i] = True
            other = route.b if city == route.a else route.a
            walk(other, length + route.length, unused - route.length)
            used[i] = False

    for city in odd:  # 2. only odd cities as starts
        walk(city, 0, total)
    return best


def longest_path(routes):
    """The longest *path*: like a trail, but no city visited twice (for the comparison in
    the lesson; fine for a handful of routes). A ``Trail`` with cities and routes in order."""
    from ..algorithms import Trail

    routes = list(routes)
    best = Trail(0)

    def walk(cities, edges, length) -> None:
        nonlocal best
        if length > best.length:
            best = Trail(length, tuple(cities), tuple(edges))
        for route in routes:
            if cities[-1] in (route.a, route.b):
                other = route.b if cities[-1] == route.a else route.a
                if other not in cities:
                    walk(cities + [other], edges + [route], length + route.length)

    for city in sorted({r.a for r in routes} | {r.b for r in routes}):
        walk([city], [], 0)
    return best


# --- counting the work, for the plot of "why it is hard" -----------------------------------

def search_steps(routes, pruning: bool, limit: int = 400_000) -> int | None:
    """How many routes the backtracking walks before it is sure of the answer: plain
    (every city a start, never cut) or with pruning (odd starts, cut when what is left
    cannot win, the Euler shortcut); None once it passes ``limit`` (too many to wait for)."""
    routes = list(routes)
    touching: dict[str, list[int]] = {}
    for i, route in enumerate(routes):
        touching.setdefault(route.a, []).append(i)
        touching.setdefault(route.b, []).append(i)
    odd = [city for city, ids in touching.items() if len(ids) % 2]
    if pruning and len(odd) <= 2:
        return 0
    used, best, steps = [False] * len(routes), 0, 0

    def walk(city: str, length: int, unused: int) -> bool:
        nonlocal best, steps
        best = max(best, length)
        for i in touching[city]:
            if used[i]:
                continue
            if pruning and length + unused <= best:
                return True
            steps += 1
            if steps > limit:
                return False
            used[i], route = True, routes[i]
            finished = walk(route.b if city == route.a else route.a, length + route.length, unused - route.length)
            used[i] = False
            if not finished:
                return False
        return True

    total = sum(route.length for route in routes)
    for city in (odd if pruning else touching):
        if not walk(city, 0, total):
            return None
    return steps


def growing_networks(board_name: str = "europe", seed: int = 3, sizes=range(4, 41, 3)) -> list[list]:
    """Networks that grow a few routes at a time: the first routes of one big random
    player network (each route touches the ones before, so every network is in one piece)."""
    from ..ttr import load_map

    big = load_map(board_name).random_network(trains=300, seed=seed)
    return [big[:size] for size in sizes if size <= len(big)]


# --- the hidden cases ------------------------------------------------------------------------

NETWORK_SEEDS = (1, 2, 3, 5, 8, 13, 21, 34)

#: hand-made cases on the USA map: (stable name, the routes as city pairs, track colour of a double route)
HAND_CASES = (
    ("no routes", ()),
    ("one route", (("Denver", "Omaha", None),)),
    ("a loop", (("Denver", "Omaha", None), ("Omaha", "Kansas City", None), ("Kansas City", "Denver", "black"))),
    ("a loop with a tail", (("Denver", "Omaha", None), ("Omaha", "Kansas City", None),
                            ("Kansas City", "Denver", "black"), ("Denver", "Santa Fe", None))),
    ("both tracks of a double route", (("Kansas City", "Denver", "black"), ("Kansas City", "Denver", "orange"))),
    ("a branch", (("Omaha", "Helena", None), ("Omaha", "Denver", None), ("Omaha", "Chicago", None))),
)


def hand_cases() -> list[Case]:
    """The edge cases, on the USA map."""
    from ..ttr import load_map

    usa = load_map("usa")
    cases = []
    for name, pairs in HAND_CASES:
        routes = tuple(usa.routes_between(a, b)[0] if colour is None else usa.route_between(a, b, colour)
                       for a, b, colour in pairs)
        cases.append(Case(name, (list(routes),), texts.Phrase(f"task.case_{name.replace(' ', '_')}"), "usa"))
    return cases


def _network_case(board_name: str, network: list, name: str) -> Case:
    trains = sum(route.length for route in network)
    title = texts.Phrase("task.case_network", {"map": texts.Phrase(f"task.board_{board_name}", {}),
                                               "trains": trains, "routes": len(network)})
    return Case(name, (network,), title, board_name)


def network_cases() -> list[Case]:
    """Edge cases first (on the USA map), then seeded player networks (8 to 25 trains)
    from the USA and Europe maps; seeded, so always the same cases."""
    from ..ttr import load_map

    cases = hand_cases()
    for board_name in ("usa", "europe"):
        board = load_map(board_name)
        for i, seed in enumerate(NETWORK_SEEDS):
            trains = 8 + 17 * i // (len(NETWORK_SEEDS) - 1)
            network = board.random_network(trains=trains, seed=seed)
            cases.append(_network_case(board_name, network, f"{board_name} network, {trains} trains, seed {seed}"))
    return cases


def one_track_each(routes) -> list:
    """The routes with only the first track of each double route: what one player may hold."""
    seen, kept = set(), []
    for route in routes:
        if frozenset((route.a, route.b)) not in seen:
            seen.add(frozenset((route.a, route.b)))
            kept.append(route)
    return kept


def busy_network(board_name: str, reach: int, odd_left: int, seed: int) -> list:
    """A big network in one piece with few odd cities, as a player might hold late in a
    long game: every route (one track each) within ``reach`` trains of a seeded city,
    thinned by taking away routes between odd cities until at most ``odd_left`` remain."""
    import networkx as nx

    from ..ttr import load_map

    routes = one_track_each(load_map(board_name).routes)
    rng = random.Random(f"{seed}/busy")
    lengths = nx.Graph([(r.a, r.b, {"length": r.length}) for r in routes])
    centre = rng.choice(sorted(lengths))
    near = nx.single_source_dijkstra_path_length(lengths, centre, weight="length", cutoff=reach)
    network = [r for r in routes if r.a in near and r.b in near]
    while True:
        graph = nx.Graph([(r.a, r.b) for r in network])
        if not network:
            raise ValueError(f"no busy network on {board_name} within {reach} trains of seed {seed}'s city")
        piece = max(nx.connected_components(graph), key=len)
        network = [r for r in network if r.a in piece]
        odd = sorted(odd_cities_reference(network))
        if len(odd) <= odd_left:
            return network
        path = nx.shortest_path(graph.subgraph(piece), *rng.sample(odd, 2))
        cut = {frozenset(pair) for pair in zip(path, path[1:])}
        network = [r for r in network if frozenset((r.a, r.b)) not in cut]


#: the big networks of the stretch task: (map, reach in trains, odd cities at most, seed);
#: plain backtracking needs far longer than the time limit on each (tests/test_lesson_05.py)
BUSY_NETWORKS = (("usa", 12, 0, 4), ("usa", 16, 2, 0), ("europe", 10, 2, 0), ("europe", 12, 2, 4))


def fast_cases() -> list[Case]:
    """The core task's cases (small networks with odd cities: the search still has to be
    right) and big networks with at most two odd cities."""
    cases = network_cases()
    for board_name, reach, odd_left, seed in BUSY_NETWORKS:
        network = busy_network(board_name, reach, odd_left, seed)
        cases.append(_network_case(board_name, network, f"busy {board_name} network, reach {reach}, "
                                                        f"{odd_left} odd, seed {seed}"))
    return cases


def odd_cases() -> list[Case]:
    """Networks where every city is even, one with the two tracks of a double route, and
    seeded player networks."""
    return network_cases() + [_network_case(board, busy_network(board, reach, 0, seed), f"busy {board} network, no odd city")
                              for board, reach, seed in (("usa", 12, 4), ("europe", 10, 0))]


#: the two versions of the whole-map challenge: may one player hold both tracks of a double route?
WHOLE_MAP_CASES = (("both tracks", True), ("one track", False))


def whole_map_cases() -> list[Case]:
    return [Case(name, (both,), texts.Phrase(f"task.whole_map_case_{name.replace(' ', '_')}"), "usa")
            for name, both in WHOLE_MAP_CASES]


def whole_map_reference(both_tracks: bool) -> int:
    """The longest continuous route on the whole USA map: with every route, or with one
    track of each double route (the kit's fast search; the teaching versions would take
    years on 100 routes)."""
    from ..algorithms import longest_trail
    from ..ttr import load_map

    routes = load_map("usa").routes
    return longest_trail(routes if both_tracks else one_track_each(routes)).length


def whole_map_drawing(result):
    """After the whole-map check has passed: the one-track winner on the map, numbered so
    it can be traced; before, only a word that it comes after passing."""
    import ipywidgets as widgets

    from ..algorithms import longest_trail
    from ..ttr import load_map
    from ..viz import bokeh_widget
    from ..viz.lesson_plots import trail_figure

    if not result.passed:
        return widgets.HTML(f"<i>{texts.text('say.longest_not_passed')}</i>")
    usa = load_map("usa")
    trail = longest_trail(one_track_each(usa.routes))
    words = texts.text("say.longest_your_trail", length=texts.quantity("train", trail.length),
                       routes=texts.quantity("route", len(trail.edges)), start=trail.cities[0], end=trail.cities[-1])
    figure = trail_figure(usa, trail.edges, trail.cities, width=900, height=560, zoom=False)
    return widgets.VBox([bokeh_widget(figure), widgets.HTML(f"<div>{words}</div>")])


# --- judging and drawing ----------------------------------------------------------------------

def judge_trains(case: Case, expected: int, got) -> str | None:
    """A whole number of trains, and the right one."""
    if isinstance(got, bool) or not isinstance(got, int):
        return texts.text("check.want_int", got=repr(got), kind=type(got).__name__)
    if got != expected:
        return texts.text("task.longest_route_wrong", expected=expected, got=got)
    return None


def judge_odd(case: Case, expected: set, got) -> str | None:
    """A set (or list) of city names, and the right ones: say which are missing or extra."""
    if not isinstance(got, (set, frozenset, list, tuple)) or not all(isinstance(c, str) for c in got):
        return texts.text("task.odd_cities_want_set", got=repr(got)[:80], kind=type(got).__name__)
    missing, extra = sorted(expected - set(got)), sorted(set(got) - expected)
    if missing and extra:
        return texts.text("task.odd_cities_both", missing=texts.listing(missing), extra=texts.listing(extra))
    if missing:
        return texts.text("task.odd_cities_missing", cities=texts.listing(missing), count=len(missing))
    if extra:
        return texts.text("task.odd_cities_extra", cities=texts.listing(extra), count=len(extra))
    if len(got) != len(set(got)):
        return texts.text("task.odd_cities_twice")
    return None


def judge_whole_map(case: Case, expected: int, got) -> str | None:
    """Right or wrong without the number (it is the challenge's answer); the other rule's
    number gets a hint which rule it answers."""
    if isinstance(got, bool) or not isinstance(got, int):
        return texts.text("check.want_int", got=repr(got), kind=type(got).__name__)
    if got == expected:
        return None
    if got == whole_map_reference(not case.args[0]):
        return texts.text("task.whole_map_other_rule_" + ("both" if case.args[0] else "one"), got=got)
    return texts.text("task.whole_map_wrong", got=got)


def draw_longest(failure):
    """The network, one longest trail (green) and the student's number in the caption."""
    from ..algorithms import longest_trail
    from .drawing import map_case

    (routes,) = failure.case.args
    trail = longest_trail(routes)
    caption = texts.text("task.longest_route_caption", expected=failure.expected,
                         got="–" if failure.got is None else repr(failure.got))
    return map_case(failure.case.board, network=routes, expected=trail.edges, caption=caption)


def draw_odd(failure):
    """The network, the odd cities (green dots) and the student's cities (pink dots)."""
    from .drawing import map_case

    (routes,) = failure.case.args
    yours = [c for c in failure.got if isinstance(c, str)] if isinstance(failure.got, (set, frozenset, list, tuple)) \
        else []
    caption = texts.text("task.odd_cities_caption", expected=texts.listing(sorted(failure.expected)),
                         got="–" if failure.got is None else repr(failure.got)[:200])
    return map_case(failure.case.board, network=routes, cities={"expected": sorted(failure.expected), "yours": yours},
                    caption=caption)


TASKS = {
    "odd_cities": Task("odd_cities", "05", odd_cases, odd_cities_reference, judge_odd, draw_odd, time_limit=1.0),
    "longest_route": Task("longest_route", "05", network_cases, longest_route_reference, judge_trains,
                          draw_longest, time_limit=1.0),
    "longest_route_fast": Task("longest_route_fast", "05", fast_cases, longest_route_fast_reference, judge_trains,
                               draw_longest, time_limit=1.0),
    "whole_map": Task("whole_map", "05", whole_map_cases, whole_map_reference, judge_whole_map, None,
                      time_limit=10.0),
}
