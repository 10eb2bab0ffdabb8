"""Lesson 05, the longest route: its student tasks (hidden cases, judging, drawing a
failing case) and what the lesson shows besides (the longest path against the trail, the
work of the search as a network grows).

- ``odd_cities`` (warm-up): the cities where an odd number of a network's routes meet,
  the key to the Euler shortcut.
- ``longest_route`` (core): the length of the longest trail of a player's routes.
- ``longest_route_fast`` (stretch): the same within the time limit also on big networks,
  which plain backtracking cannot meet; the Euler shortcut can.
- ``whole_map`` (challenge): the longest continuous route on the whole USA map, once if
  one player could hold both tracks of every double route, once under the real rule
  (one track each).

The answers are in ``zuzlab.lessons.solutions`` (the student's notebook imports this
module, not those); the kit's fast search is ``zuzlab.algorithms.longest_trail``, and the
tests check that both agree.
"""

from __future__ import annotations

import random

from .. import texts
from .checker import Case, Task, wrong_type
from .drawing import caption, map_case, nothing_to_draw


# --- for the lesson's figures: a path against a trail, the work of the search -------------

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
    (every city a start, never cut) or as the fast teaching version searches (the Euler
    shortcut, odd cities as starts, a walk cut when the unused routes it can still reach
    cannot beat the best trail); None once it passes ``limit`` (too many to wait for)."""
    routes = list(routes)
    touching: dict[str, list[int]] = {}
    for i, route in enumerate(routes):
        touching.setdefault(route.a, []).append(i)
        touching.setdefault(route.b, []).append(i)
    odd = [city for city, ids in touching.items() if len(ids) % 2]
    if pruning and len(odd) <= 2:
        return 0
    used, best, steps = [False] * len(routes), 0, 0

    def reachable(city: str) -> int:
        seen, todo, trains = {city}, [city], 0
        while todo:
            for i in touching[todo.pop()]:
                if not used[i]:
                    trains += routes[i].length
                    for end in (routes[i].a, routes[i].b):
                        if end not in seen:
                            seen.add(end)
                            todo.append(end)
        return trains // 2  # each unused route was counted from both its cities

    def walk(city: str, length: int) -> bool:
        nonlocal best, steps
        best = max(best, length)
        if pruning and length + reachable(city) <= best:
            return True
        for i in touching[city]:
            if used[i]:
                continue
            steps += 1
            if steps > limit:
                return False
            used[i], route = True, routes[i]
            finished = walk(route.b if city == route.a else route.a, length + route.length)
            used[i] = False
            if not finished:
                return False
        return True

    for city in (odd if pruning else touching):
        if not walk(city, 0):
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
    ("two pieces", (("Seattle", "Portland", None), ("Portland", "San Francisco", None), ("Miami", "Atlanta", None),
                    ("Atlanta", "Nashville", None), ("Nashville", "Saint Louis", None))),
)
#: the hand cases in more than one piece: the stretch task is for a network in one piece
IN_PIECES = ("two pieces",)


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
    """A network case; its title counts routes, not trains (on a big network with few odd
    cities the trains are the answer, and a title is shown also when time runs out)."""
    title = texts.Phrase("task.case_network", {"map": texts.Phrase(f"task.board_{board_name}", {}),
                                               "routes": len(network)})
    return Case(name, (network,), title, board_name)


def network_cases() -> list[Case]:
    """Edge cases first (on the USA map), then seeded player networks (8 to 35 trains, up
    to 12 routes: a search that tries every order of the routes, 12! of them, runs out of
    time) from the USA and Europe maps; seeded, so always the same cases."""
    from ..ttr import load_map

    cases = hand_cases()
    for board_name in ("usa", "europe"):
        board = load_map(board_name)
        for i, seed in enumerate(NETWORK_SEEDS):
            trains = 8 + 27 * i // (len(NETWORK_SEEDS) - 1)
            network = board.random_network(trains=trains, seed=seed)
            cases.append(_network_case(board_name, network, f"{board_name} network, {trains} trains, seed {seed}"))
    return cases


def drawn_network_cases(seed: int) -> list[Case]:
    """Two player networks on each of the USA and Europe maps (8 to 35 trains, as the fixed
    ones) drawn from ``seed``: the cases a grader's hidden test adds (``Task.drawn``)."""
    from ..ttr import load_map

    rng = random.Random(f"{seed}/drawn networks")
    cases = []
    for board_name in ("usa", "europe"):
        board = load_map(board_name)
        for _ in range(2):
            trains, network_seed = rng.randint(8, 35), rng.randrange(10 ** 9)
            network = board.random_network(trains=trains, seed=network_seed)
            cases.append(_network_case(board_name, network, f"{board_name} network, {trains} trains, drawn"))
    return cases


def busy_network(board_name: str, reach: int, odd_left: int, seed: int) -> list:
    """A big network in one piece with few odd cities, as a player might hold late in a
    long game: every route (one track each) within ``reach`` trains of a seeded city,
    thinned by taking away routes between odd cities until at most ``odd_left`` remain."""
    import networkx as nx

    from ..ttr import load_map
    from .solutions import odd_cities_reference, one_track_each

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
#: 44 to 60 routes with at most two odd cities, so the Euler shortcut answers each, and
#: plain backtracking needs far longer than the time limit on each (tests/test_lesson_05.py)
BUSY_NETWORKS = (("usa", 12, 0, 4), ("usa", 16, 2, 0), ("europe", 10, 2, 0), ("europe", 12, 2, 4))
#: networks of 40 and 33 routes with 4 and 6 odd cities: the Euler shortcut must not be
#: taken on them (their longest trail is shorter than all their trains), and the search
#: from the odd cities answers each in a tenth of a second or two. (A network as big as
#: those above with 4 to 6 odd cities takes the teaching searches far too long: starting
#: at the odd cities saves only 3 to 5 times the work, measured on 200 seeded networks.)
ODD_BUSY_NETWORKS = (("europe", 14, 4, 0), ("europe", 12, 6, 11))


def fast_cases() -> list[Case]:
    """The core task's cases in one piece (small networks with odd cities: the search still
    has to be right), big networks with at most two odd cities, then networks of over 30
    routes with 4 and 6 odd cities."""
    cases = [case for case in network_cases() if case.name not in IN_PIECES]
    for board_name, reach, odd_left, seed in BUSY_NETWORKS + ODD_BUSY_NETWORKS:
        network = busy_network(board_name, reach, odd_left, seed)
        cases.append(_network_case(board_name, network, f"busy {board_name} network, reach {reach}, "
                                                        f"{odd_left} odd, seed {seed}"))
    return cases


def odd_cases() -> list[Case]:
    """Networks where every city is even, one with the two tracks of a double route, and
    seeded player networks."""
    return network_cases() + [
        _network_case(board, busy_network(board, reach, 0, seed), f"busy {board} network, no odd city")
        for board, reach, seed in (("usa", 12, 4), ("europe", 10, 0))]


#: the two versions of the whole-map challenge: may one player hold both tracks of a double route?
WHOLE_MAP_CASES = (("both tracks", True), ("one track", False))


def whole_map_cases() -> list[Case]:
    return [Case(name, (both,), texts.Phrase(f"task.whole_map_case_{name.replace(' ', '_')}"), "usa")
            for name, both in WHOLE_MAP_CASES]


def whole_map_drawing(result):
    """After the whole-map check has passed: the one-track winner on the map, numbered so
    it can be traced; before, only a word that it comes after passing."""
    import ipywidgets as widgets

    from ..algorithms import longest_trail
    from ..ttr import load_map
    from ..viz import bokeh_widget
    from ..viz.lesson_plots import trail_figure
    from .solutions import one_track_each

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
        return wrong_type(got, "task.longest_route_returns")
    if got != expected:
        return texts.text("task.longest_route_wrong", expected=expected, got=got)
    return None


def judge_odd(case: Case, expected: set, got) -> str | None:
    """A set (or a list or tuple naming each city once) of city names, and the right
    ones: say which are missing or extra."""
    if not isinstance(got, (set, frozenset, list, tuple)) or not all(isinstance(c, str) for c in got):
        return wrong_type(got, "task.odd_cities_returns")
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
    from .solutions import whole_map_reference

    if isinstance(got, bool) or not isinstance(got, int):
        return wrong_type(got, "task.longest_route_returns")
    if got == expected:
        return None
    if got == whole_map_reference(not case.args[0]):
        return texts.text("task.whole_map_other_rule_" + ("both" if case.args[0] else "one"), got=got)
    return texts.text("task.whole_map_wrong", got=got)


def draw_longest(failure):
    """The network, one longest trail (green) and what the function did in the caption;
    after a timeout the network alone."""
    from ..algorithms import longest_trail

    (routes,) = failure.case.args
    if not routes:
        return nothing_to_draw(caption(failure, texts.text("task.nothing_to_draw")))
    if failure.kind == "timeout":
        return map_case(failure.case.board, network=routes, caption=caption(failure))
    words = texts.text("task.longest_route_caption", expected=failure.expected)
    return map_case(failure.case.board, network=routes, expected=longest_trail(routes).edges,
                    caption=caption(failure, words))


def draw_odd(failure):
    """The network, the odd cities (green dots) and the student's cities (pink dots)."""
    (routes,) = failure.case.args
    if not routes:
        return nothing_to_draw(caption(failure, texts.text("task.nothing_to_draw")))
    got = failure.got if failure.kind == "wrong" else None
    yours = [c for c in got if isinstance(c, str)] if isinstance(got, (set, frozenset, list, tuple)) else []
    odd = sorted(failure.expected) if failure.kind != "timeout" else []
    words = texts.text("task.odd_cities_caption", expected=texts.listing(odd) if odd else texts.text("task.no_cities"))
    return map_case(failure.case.board, network=routes, cities={"expected": odd, "yours": yours},
                    caption=caption(failure, words))


TASKS = {
    "odd_cities": Task("odd_cities", "05", odd_cases, "odd_cities_reference", judge_odd, draw_odd,
                       drawn=drawn_network_cases),
    "longest_route": Task("longest_route", "05", network_cases, "longest_route_reference", judge_trains,
                          draw_longest, drawn=drawn_network_cases),
    "longest_route_fast": Task("longest_route_fast", "05", fast_cases, "longest_route_fast_reference",
                               judge_trains, draw_longest, timeout="task.longest_route_fast_timeout",
                               returns="task.longest_route_returns", drawn=drawn_network_cases),
    "whole_map": Task("whole_map", "05", whole_map_cases, "whole_map_reference", judge_whole_map, None,
                      time_limit=10.0, timeout="task.whole_map_timeout",
                      tools=("longest_trail", "longest_route"), returns="task.longest_route_returns"),
}
