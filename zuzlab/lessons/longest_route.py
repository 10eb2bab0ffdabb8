"""Lesson 05, the longest route: student tasks and the teaching versions of their answers.

- ``longest_route`` (core): the length of the longest trail of a player's routes."""

from __future__ import annotations

from .. import texts
from .checker import Case, Task


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


def network_cases() -> list[Case]:
    """Edge cases first (on the USA map), then seeded player networks (8 to 25 trains)
    from the USA and Europe maps; seeded, so always the same cases."""
    from ..ttr import load_map

    usa = load_map("usa")
    cases = []
    for name, pairs in HAND_CASES:
        routes = tuple(usa.routes_between(a, b)[0] if colour is None else usa.route_between(a, b, colour)
                       for a, b, colour in pairs)
        cases.append(Case(name, (list(routes),), texts.Phrase(f"task.case_{name.replace(' ', '_')}"), "usa"))
    for board_name in ("usa", "europe"):
        board = load_map(board_name)
        for i, seed in enumerate(NETWORK_SEEDS):
            trains = 8 + 17 * i // (len(NETWORK_SEEDS) - 1)
            network = board.random_network(trains=trains, seed=seed)
            cases.append(Case(f"{board_name} network, {trains} trains, seed {seed}", (network,),
                              texts.Phrase("task.case_network", {"map": texts.Phrase(f"task.board_{board_name}", {}),
                                                                 "trains": trains, "routes": len(network)}),
                              board_name))
    return cases


def judge_trains(case: Case, expected: int, got) -> str | None:
    """A whole number of trains, and the right one."""
    if isinstance(got, bool) or not isinstance(got, int):
        return texts.text("check.want_int", got=repr(got), kind=type(got).__name__)
    if got != expected:
        return texts.text("task.longest_route_wrong", expected=expected, got=got)
    return None


def draw_longest(failure):
    """The network, one longest trail (green) and the student's number in the caption."""
    from ..algorithms import longest_trail
    from .drawing import map_case

    (routes,) = failure.case.args
    trail = longest_trail(routes)
    caption = texts.text("task.longest_route_caption", expected=failure.expected,
                         got="–" if failure.got is None else repr(failure.got))
    return map_case(failure.case.board, network=routes, expected=trail.edges, caption=caption)


TASKS = {
    "longest_route": Task("longest_route", "05", network_cases, longest_route_reference, judge_trains,
                          draw_longest, time_limit=1.0),
}
