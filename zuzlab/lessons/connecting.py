"""Lesson 06, connecting tickets: its student tasks (hidden cases, judging, drawing a
failing case).

- ``connected`` (warm-up): do a player's routes join two cities? (a flood fill)
- ``shortest_route`` (core): the fewest trains that join two cities (Dijkstra's algorithm)
- ``connect_three`` (stretch): routes joining three cities with the fewest trains (the
  best "meeting city")

The answers are the short teaching versions in ``zuzlab.lessons.solutions``; tests hold
them equal to the fast networkx-based ones in ``zuzlab.algorithms.planning``."""

from __future__ import annotations

import functools
import random

from .. import texts
from .checker import Case, Task, wrong_type
from .drawing import caption, map_case
from .worker import shortened


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

#: a hand-made case of ``connected`` alone: a city that no route touches is still joined to
#: itself (a flood fill that only compares the neighbours it reaches with ``b`` says no).
#: ``shortest_route`` leaves it out: 0 trains or None for a city on no route asked against
#: itself is a question of words, not of the algorithm (networkx knows no such city).
CONNECTED_ONLY_PAIRS = (("same city on no route", (), ("Boston", "Boston")),)

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
    hand = HAND_PAIRS if whole_map else HAND_PAIRS[:1] + CONNECTED_ONLY_PAIRS + HAND_PAIRS[1:]
    cases = [Case(name, (_hand_routes(usa, pairs), a, b), _pair_title(name, a, b, pairs, "usa"), "usa")
             for name, pairs, (a, b) in hand]
    for board_name in ("usa", "europe"):
        board = load_map(board_name)
        for seed in SEEDS:
            cases += _seeded_pair_cases(board_name, board, seed, whole_map)
    return cases


def _seeded_pair_cases(board_name: str, board, seed: int, whole_map: bool) -> list[Case]:
    rng = random.Random(f"lesson06/{board_name}/{seed}")
    routes = _player_routes(board, seed)
    on_routes = sorted({c for r in routes for c in r.cities})
    a, b = rng.sample(on_routes, 2)
    if seed % 4 == 3:  # a city the routes never reach
        b = rng.choice(sorted(set(board.cities) - set(on_routes)))
    cases = [Case(f"{board_name} player, seed {seed}", (routes, a, b), _pair_title(None, a, b, routes, board_name),
                  board_name)]
    if whole_map:
        a, b = rng.sample(sorted(board.cities), 2)
        cases.append(Case(f"{board_name} whole map, seed {seed}", (list(board.routes), a, b),
                          _pair_title(None, a, b, board.routes, board_name, whole_map=True), board_name))
    return cases


def drawn_pair_cases(whole_map: bool, seed: int) -> list[Case]:
    """Two seeded cases of ``pair_cases`` on each map, their seeds drawn from ``seed``:
    the cases a grader's hidden test adds (``Task.drawn``)."""
    from ..ttr import load_map

    rng = random.Random(f"{seed}/drawn pairs")
    return [case for board_name in ("usa", "europe") for _ in range(2)
            for case in _seeded_pair_cases(board_name, load_map(board_name), rng.randrange(10 ** 9), whole_map)]


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
                routes += [board.route(r.parallel[0]) for r in routes if r.parallel][:1]
                title = "task.l06_case_triple_network"
            cities = rng.sample(sorted({c for r in routes for c in r.cities}), 3)
            cases.append(Case(f"{board_name} three cities, seed {seed}", (routes, cities),
                              texts.Phrase(title, {"cities": cities, "map": _board_phrase(board_name),
                                                   "routes": len(routes)}), board_name))
    return cases


# --- judging --------------------------------------------------------------------------------

def judge_connected(case: Case, expected: bool, got) -> str | None:
    _, a, b = case.args
    if not isinstance(got, bool):
        return wrong_type(got, "task.connected_returns")
    if got == expected:
        return None
    if a == b:
        return texts.text("task.l06_same_city_wrong", a=a, got=repr(got))
    return texts.text("task.l06_connected_wrong" if expected else "task.l06_not_connected_wrong",
                      a=a, b=b, got=repr(got))


def judge_shortest(case: Case, expected, got) -> str | None:
    _, a, b = case.args
    if got is not None and (isinstance(got, bool) or not isinstance(got, int)):
        return wrong_type(got, "task.shortest_route_returns")
    if got == expected:
        return None
    if a == b:
        return texts.text("task.l06_same_city_shortest", a=a, got=repr(got))
    if expected is None:
        return texts.text("task.l06_shortest_none", a=a, b=b, got=repr(got))
    if got is None:
        return texts.text("task.l06_shortest_got_none", a=a, b=b, expected=texts.quantity("train", expected))
    return texts.text("task.l06_shortest_wrong", a=a, b=b, expected=texts.quantity("train", expected), got=got)


def judge_three(case: Case, expected, got) -> str | None:
    """The routes come from the list, join all three cities, and their total is the best."""
    from ..algorithms import connected

    routes, cities = case.args
    if not isinstance(got, (list, tuple, set, frozenset)):
        return wrong_type(got, "task.connect_three_returns")
    got = list(got)
    strangers = [item for item in got if item not in routes]
    if strangers:
        return texts.text("task.l06_three_stranger", route=_words(strangers[0]))
    twice = next((item for i, item in enumerate(got) if item in got[:i]), None)
    if twice is not None:
        return texts.text("task.l06_three_twice", route=_words(twice))
    unjoined = [city for city in cities[1:] if not connected(got, cities[0], city)]
    if unjoined:
        return texts.text("task.l06_three_unjoined", first=cities[0], missing=unjoined)
    best, total = sum(r.length for r in expected), sum(r.length for r in got)
    if total != best:
        return texts.text("task.l06_three_longer", got=texts.quantity("train", total),
                          expected=texts.quantity("train", best))
    return None


def _words(item) -> str:
    return texts.render(item) if hasattr(item, "a") else shortened(repr(item), 80)


# --- drawing a failing case -----------------------------------------------------------------

def _network_to_draw(case: Case, routes) -> list:
    """A player's routes are drawn; the whole map needs no extra lines (it is the map)."""
    from ..ttr import load_map

    return [] if len(routes) >= len(load_map(case.board).routes) else list(routes)


def draw_pair(failure):
    """The routes, both cities marked, a shortest way between them (green) if there is
    one, and what the function did in the caption; after a timeout no answer is drawn."""
    from ..algorithms import shortest_route

    routes, a, b = failure.case.args
    network = _network_to_draw(failure.case, routes)
    if failure.kind == "timeout":
        return map_case(failure.case.board, network=network, cities={"cities": [a, b]}, caption=caption(failure))
    plan = shortest_route(routes, a, b)
    if a == b:
        words = texts.text("task.l06_caption_same_city", a=a)
    elif plan is None:
        words = texts.text("task.l06_caption_apart", a=a, b=b)
    else:
        words = texts.text("task.l06_caption_path", a=a, b=b, length=texts.quantity("train", plan.length))
    return map_case(failure.case.board, network=network, expected=plan.routes if plan else (),
                    cities={"expected": [a, b]}, caption=caption(failure, words))


def draw_three(failure):
    """The routes, a best tree (green), the student's routes (pink) and the three cities;
    after a timeout only the routes and the cities."""
    from ..ttr import load_map

    routes, cities = failure.case.args
    network = _network_to_draw(failure.case, routes)
    if failure.kind == "timeout":
        return map_case(failure.case.board, network=network, cities={"cities": list(cities)},
                        caption=caption(failure))
    board = load_map(failure.case.board)
    got = failure.got if isinstance(failure.got, (list, tuple, set, frozenset)) else []
    yours = [r for r in got if hasattr(r, "a") and hasattr(r, "b") and r.a in board.cities and r.b in board.cities]
    words = texts.text("task.l06_caption_three", cities=list(cities),
                       length=texts.quantity("train", sum(r.length for r in failure.expected)))
    if failure.kind == "wrong" and yours:
        words += " " + texts.text("task.l06_caption_yours",
                                  length=texts.quantity("train", sum(r.length for r in yours)))
        return map_case(failure.case.board, network=network, expected=failure.expected, yours=yours,
                        cities={"expected": list(cities)}, caption=words)
    return map_case(failure.case.board, network=network, expected=failure.expected,
                    cities={"expected": list(cities)}, caption=caption(failure, words))


TASKS = {
    "connected": Task("connected", "06", connected_cases, "connected_teaching", judge_connected, draw_pair,
                      drawn=functools.partial(drawn_pair_cases, False)),
    "shortest_route": Task("shortest_route", "06", shortest_cases, "shortest_route_teaching", judge_shortest,
                           draw_pair, drawn=functools.partial(drawn_pair_cases, True)),
    "connect_three": Task("connect_three", "06", triple_cases, "connect_three_teaching", judge_three, draw_three,
                          time_limit=2.0),
}
