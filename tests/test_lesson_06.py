"""Lesson 06, connecting tickets: its tasks (connected, shortest_route, connect_three), their
teaching versions against the fast networkx ones, and the checker's verdict on each kind
of wrong student code (wrong answer, wrong type, exception, too slow, not written)."""

import inspect
import random
import re
import sys
from collections import deque

import cloudpickle
import networkx as nx
import pytest

from zuzlab import lessons, texts, ttr
from zuzlab.algorithms import (
    PlanStep, connect_three, connected, connectivity_steps, route_graph, shortest_route, shortest_route_steps,
    ticket_plan, ticket_plan_steps,
)
from zuzlab.lessons import TASKS, check, connecting, solutions
from zuzlab.lessons.solutions import (
    connect_three_teaching, connected_teaching, distances_from, shortest_route_teaching,
)

USA, EUROPE = ttr.load_map("usa"), ttr.load_map("europe")
# the helpers below are sent to the checker's worker by value (it cannot import this file)
cloudpickle.register_pickle_by_value(sys.modules[__name__])
TEACHING = [connected_teaching, distances_from, shortest_route_teaching, connect_three_teaching]


def fast_shortest(routes, a, b):
    plan = shortest_route(routes, a, b)
    return None if plan is None else plan.length


def fast_three(routes, cities):
    return list(connect_three(routes, cities).routes)


def seeded_networks(count=60):
    """Players' routes on both maps, often in pieces, with two cities and three cities
    drawn from the map (so sometimes off the routes)."""
    for seed in range(count):
        board = (USA, EUROPE)[seed % 2]
        rng = random.Random(seed)
        routes = rng.sample(board.routes, rng.randint(0, 40))
        yield board, routes, rng.sample(sorted(board.cities), 3)


# --- the teaching versions -----------------------------------------------------------------

@pytest.mark.parametrize("function", TEACHING, ids=lambda f: f.__name__)
def test_teaching_versions_are_short(function):
    assert len(inspect.getsource(function).splitlines()) <= 40


def test_flood_fill_agrees_with_networkx():
    answers = set()
    for board, routes, (a, b, _) in seeded_networks():
        assert connected_teaching(routes, a, b) == connected(routes, a, b), (board.name, a, b)
        answers.add(connected_teaching(routes, a, b))
    assert answers == {True, False}


def test_dijkstra_agrees_with_networkx():
    for board, routes, (a, b, _) in seeded_networks():
        assert shortest_route_teaching(routes, a, b) == fast_shortest(routes, a, b), (board.name, a, b)
    for board in (USA, EUROPE):
        rng = random.Random(board.name)
        for a, b in (rng.sample(sorted(board.cities), 2) for _ in range(40)):
            assert shortest_route_teaching(board.routes, a, b) == fast_shortest(board.routes, a, b)


def test_meeting_city_agrees_with_networkx_and_beats_the_approximation():
    beaten = 0
    for board in (USA, EUROPE):
        rng = random.Random(board.name)
        for cities in (rng.sample(sorted(board.cities), 3) for _ in range(30)):
            mine = connect_three_teaching(board.routes, cities)
            best = connect_three(board.routes, cities)
            assert sum(r.length for r in mine) == best.length
            assert nx.is_tree(nx.Graph([r.cities for r in mine])) and set(cities) <= {c for r in mine for c in r.cities}
            # the exact optimum by brute force over meeting cities, with networkx's distances
            graph = route_graph(board.routes)
            reach = [nx.single_source_dijkstra_path_length(graph, c, weight="length") for c in cities]
            assert best.length == min(sum(d[m] for d in reach) for m in graph)
            approximation = ticket_plan(board.routes, cities).length
            assert approximation >= best.length
            beaten += approximation > best.length
    assert beaten  # the Steiner approximation is not always the best: a reason for the exact task


def test_connect_three_refuses_two_cities_and_answers_none_when_apart():
    with pytest.raises(ValueError, match="three different cities"):
        connect_three(USA.routes, ["Denver", "Denver", "Omaha"])
    apart = [USA.routes_between("Seattle", "Portland")[0], USA.routes_between("Miami", "Atlanta")[0]]
    assert connect_three(apart, ["Seattle", "Portland", "Miami"]) is None
    assert connect_three_teaching(apart, ["Seattle", "Portland", "Miami"]) is None


# --- the tasks: the reference and the fast versions pass ------------------------------------

def fast_connected(routes, a, b):
    """The kit's ``connected`` answers for tickets, whose two cities always differ: a city
    no route touches is not joined to itself there."""
    return a == b or connected(routes, a, b)


@pytest.mark.parametrize("name, fast", [("connected", fast_connected), ("shortest_route", fast_shortest),
                                        ("connect_three", fast_three)])
def test_reference_and_fast_versions_pass(name, fast):
    task = TASKS[name]
    assert task.lesson == "06"
    for function in (getattr(solutions, task.solution), fast):
        result = check(name, function)
        assert result.passed, [f.message for f in result.failures]
        assert result.cases_run == result.cases_total == len(task.cases()) >= 20


def test_tasks_step_up_warm_up_core_stretch():
    assert [task.name for task in lessons.tasks_of("06")] == ["connected", "shortest_route", "connect_three"]
    for task in lessons.tasks_of("06"):
        assert task.description and texts.text(f"task.{task.name}", "de") != task.description


def test_hidden_cases_are_seeded_and_cover_the_edges_and_both_maps():
    for task in lessons.tasks_of("06"):
        cases = task.cases()
        assert cases == task.cases()  # seeded: the same every time
        assert {case.board for case in cases} == {"usa", "europe"}
        assert len({case.name for case in cases}) == len(cases)
        assert all(case.describe() != case.name for case in cases)  # each has a title a student reads
    names = {case.name for case in connecting.connected_cases()}
    assert {"same city", "not connected", "a city in no route", "a double route", "no routes"} <= names
    answers = [connected_teaching(*case.args) for case in connecting.connected_cases()]
    assert 5 <= answers.count(False) <= len(answers) - 5
    shortest = [shortest_route_teaching(*case.args) for case in connecting.shortest_cases()]
    assert shortest.count(None) >= 4 and 0 in shortest


# --- wrong code is rejected, each kind with a clear message ----------------------------------

def test_connected_wrong_answers():
    result = check("connected", lambda routes, a, b: True)
    failure = next(f for f in result.failures if f.case.name == "not connected")
    assert failure.kind == "wrong"
    assert failure.message == ("Case “Seattle and Miami on two separate pieces”: the routes do not join Seattle "
                               "and Miami; your function returned True.")
    typed = check("connected", lambda routes, a, b: "yes")
    assert "it should return True or False" in typed.failures[0].message and "(a str)" in typed.failures[0].message


def fewest_routes(routes, a, b):
    """A typical mistake: breadth-first search counts routes, not trains."""
    seen, queue = {a: 0}, deque([a])
    while queue:
        city = queue.popleft()
        for route in routes:
            if city in route.cities:
                other = route.b if city == route.a else route.a
                if other not in seen:
                    seen[other] = seen[city] + route.length
                    queue.append(other)
    return seen.get(b)


def test_shortest_route_wrong_answers():
    result = check("shortest_route", fewest_routes)
    failure = next(f for f in result.failures if f.case.name == "the direct route is longer")
    assert failure.message == ("Case “Duluth and Toronto: the direct route is not the shortest way”: the fewest "
                               "trains joining Duluth and Toronto: 5 trains; your function returned 6.")
    zero = check("shortest_route", lambda routes, a, b: 0)
    apart = next(f for f in zero.failures if f.case.name == "not connected")
    assert "no routes join Seattle and Miami, so the answer is None; your function returned 0." in apart.message
    none = check("shortest_route", lambda routes, a, b: None)
    one = next(f for f in none.failures if f.case.name == "neighbours")
    assert "the routes do join Omaha and Denver (with 4 trains); your function returned None." in one.message
    typed = check("shortest_route", lambda routes, a, b: 3.0)
    assert "an int), or None" in typed.failures[0].message


@pytest.mark.slow
def test_connect_three_wrong_answers_say_which_check_failed():
    def check_three(function):
        return check("connect_three", function).failures[0].message

    approximate = check("connect_three", lambda r, c: list(ticket_plan(r, c).routes))
    assert "it can be done with" in approximate.failures[0].message
    assert "your routes do not join Denver to Kansas City, Saint Louis." in check_three(lambda r, c: [])
    stranger = check_three(lambda r, c: [ttr.Route(999, "Denver", "Omaha", 1, "gray")])
    assert "which is not one of the given routes" in stranger and "Denver–Omaha" in stranger
    twice = check_three(lambda r, c: fast_three(r, c) + fast_three(r, c)[:1])
    assert "twice" in twice
    assert "it should return a list of routes" in check_three(lambda r, c: 12)


def test_connect_three_accepts_any_best_tree_and_a_tuple():
    def other_order(routes, cities):
        return tuple(reversed(connect_three_teaching(routes, cities[::-1])))

    assert check("connect_three", other_order).passed


@pytest.mark.parametrize("name", ["connected", "shortest_route", "connect_three"])
def test_exception_is_reported_with_its_line(name):
    def broken(*args):
        cities = {}
        return cities["Denver"]

    first = check(name, broken).failures[0]
    assert first.kind == "error"
    assert f"KeyError: 'Denver' (line {broken.__code__.co_firstlineno + 2} of your cell)" in first.message


def test_not_written_stub():
    def connected(routes, a, b):
        raise NotImplementedError

    result = check("connected", connected)
    assert [f.kind for f in result.failures] == ["not_written"]


def test_messages_in_german():
    texts.set_language("de")
    try:
        failure = next(f for f in check("shortest_route", fewest_routes).failures
                       if f.case.name == "the direct route is longer")
        assert failure.message == ("Testfall „Duluth und Toronto: Die direkte Strecke ist nicht der kürzeste Weg“: "
                                   "Die wenigsten Wagen, die Duluth und Toronto verbinden: 5 Wagen; "
                                   "deine Funktion hat 6 zurückgegeben.")
    finally:
        texts.set_language("en")


# --- drawing the failing case --------------------------------------------------------------



def test_failing_cases_are_drawn_with_the_expected_path_or_tree():
    import ipywidgets

    result = check("shortest_route", fewest_routes)
    failure = next(f for f in result.failures if f.case.name == "the direct route is longer")
    picture = result.task.draw(failure)
    assert isinstance(picture, ipywidgets.VBox)
    caption = picture.children[-1].value
    assert "a shortest way from Duluth to Toronto, 5 trains" in caption and "returned 6" in caption
    three = check("connect_three", lambda r, c: list(ticket_plan(r, c).routes))
    drawn = three.drawing()
    assert drawn.children[-1].value.count("Pink: your routes") == 1
    apart = next(f for f in check("connected", lambda r, a, b: True).failures if f.case.name == "not connected")
    assert "do not join Seattle and Miami" in TASKS["connected"].draw(apart).children[-1].value


# --- the step streams carry what the views draw -------------------------------------------------

def test_flood_fill_steps_grow_the_reached_part_and_say_what_was_found():
    network = USA.random_network(trains=45, seed=6)
    start, goal = network[0].a, network[-1].b
    steps = list(connectivity_steps(network, start, goal))
    assert all(isinstance(s, PlanStep) for s in steps)
    walked = [len(s.detail["walked"]) for s in steps]
    assert walked == sorted(walked) and walked[-1] >= 1
    assert all(set(s.detail["frontier"]) <= set(s.detail["reached"]) for s in steps)
    done = steps[-1]
    assert done.detail["connected"] is True and done.detail["goal"] == goal
    assert set(done.detail["network"]) == set(network)


def test_dijkstra_steps_show_tentative_and_settled_distances():
    steps = list(shortest_route_steps(USA.routes, "Los Angeles", "New York"))
    for step in steps[:-1]:
        assert not set(step.detail["tentative"]) & set(step.detail["settled"])
        assert len(step.detail["tree"]) == len(step.detail["tentative"]) + len(step.detail["settled"]) - 1
    settle = next(s for s in steps if s.kind == "settle" and s.city == "Phoenix")
    assert settle.detail["settled"]["Phoenix"] == settle.distance == 3
    assert steps[-1].result.length == fast_shortest(USA.routes, "Los Angeles", "New York")


def test_steiner_steps_keep_the_regions_drawn_to_the_end():
    cities = ["Seattle", "Miami", "Denver", "Boston", "Los Angeles"]
    steps = list(ticket_plan_steps(USA.routes, cities))
    region_steps = [s for s in steps if s.kind == "region"]
    assert [s.distance for s in region_steps[:5]] == [0] * 5
    later = [s for s in steps if s.kind in ("bridge", "link", "path")]
    assert later and all(sum(len(c) for c in s.detail["regions"].values()) == len(USA.cities) for s in later)
    assert all(set(s.detail["regions"]) == set(cities) for s in later)


# --- the step views and their captions -------------------------------------------------------

def test_plan_view_draws_distances_at_the_cities_in_two_styles():
    from zuzlab.widgets import PlanStepView, StepPlayer
    from zuzlab.widgets.plan_views import COLOURS

    view = PlanStepView("usa")
    player = StepPlayer(shortest_route_steps(USA.routes, "Los Angeles", "New York"), view)
    settle = next(i for i, s in enumerate(player.steps) if s.kind == "settle" and s.city == "Phoenix")
    player.go(settle)
    step = player.step
    assert view.labels["settled"].data["text"] == [str(d) for d in step.detail["settled"].values()]
    assert len(view.labels["tentative"].data["text"]) == len(step.detail["tentative"]) > 0
    assert len(view.lines.data["x0"]) == len(step.detail["tree"])  # the whole map: no network lines
    assert "tentative distance" in view.legend.value and "settled distance" in view.legend.value
    player.go(len(player.steps) - 1)
    path = shortest_route(USA.routes, "Los Angeles", "New York").routes
    assert view.lines.data["color"].count(COLOURS["path"]) == len(path)


def test_plan_view_flood_fill_draws_the_network_and_the_frontier():
    from zuzlab.widgets import PlanStepView, StepPlayer
    from zuzlab.widgets.plan_views import COLOURS

    network = USA.random_network(trains=45, seed=6)
    view = PlanStepView("usa")
    player = StepPlayer(connectivity_steps(network, network[0].a, "Boston"), view)
    player.go(5)
    colours = view.lines.data["color"]
    assert colours.count(COLOURS["network"]) == len(network)
    assert colours.count(COLOURS["walked"]) == len(player.step.detail["walked"])
    assert view.dots.data["color"].count(COLOURS["frontier"]) == len(player.step.detail["frontier"])


def test_steiner_view_is_full_mid_way_and_names_each_region():
    from zuzlab.widgets import PlanStepView, StepPlayer

    cities = ["Seattle", "Miami", "Denver", "Boston"]
    view = PlanStepView("usa")
    player = StepPlayer(ticket_plan_steps(USA.routes, cities), view)
    player.go(next(i for i, s in enumerate(player.steps) if s.kind == "link"))
    assert len(view.dots.data["x"]) >= len(USA.cities)  # every city in its region's colour
    assert len(set(view.dots.data["color"])) >= 4 and len(view.bridges.data["x0"]) > 0
    assert all(f"region of {city}" in view.legend.value for city in cities)


def test_captions_read_well():
    from zuzlab.widgets.narration import describe_step

    cities = ["Seattle", "Miami", "Denver", "Boston"]
    captions = [describe_step(s) for s in ticket_plan_steps(USA.routes, cities)]
    assert captions[0] == "Boston starts its region."
    assert "Vancouver joins the region of Seattle: 1 train away." in captions
    network = USA.random_network(trains=45, seed=6)
    apart = [describe_step(s) for s in connectivity_steps(network, network[0].a, "Miami")]
    assert apart[-1].startswith(f"{network[0].a} and Miami are not connected: from {network[0].a} only")
    together = describe_step(list(connectivity_steps(network, network[0].a, "Boston"))[-1])
    assert together.startswith(f"{network[0].a} and Boston are connected:") and "cities reached" in together
    dijkstra = [describe_step(s) for s in shortest_route_steps(USA.routes, "Los Angeles", "New York")]
    assert dijkstra[-1].startswith("Done: the shortest way from Los Angeles to New York takes 20 trains")
    assert any(c.startswith("A shorter way to") for c in dijkstra)
    every = captions + apart + dijkstra
    assert not [c for c in every if re.search(r"\b1 (trains|cities)|region of .*, 0 trains", c)]
    german = describe_step(list(ticket_plan_steps(USA.routes, cities))[0], "de")
    assert german == "Um Boston beginnt ein Gebiet."
