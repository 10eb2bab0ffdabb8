"""Lesson 05, the longest route: its tasks accept the reference solutions and reject
wrong answers, exceptions and slow code with clear messages; the teaching versions are
short and agree with the kit's fast search; the stretch task really needs the Euler
shortcut; the lesson's figures and the step player show what they say."""

import dataclasses
import inspect
import random
import time
from collections import Counter

import networkx as nx
import pytest

from zuzlab import texts, ttr
from zuzlab.algorithms import longest_trail, longest_trail_steps
from zuzlab.lessons import TASKS, check, tasks_of
from zuzlab.lessons import longest_route as lesson, solutions
from zuzlab.viz import lesson_plots

USA = ttr.load_map("usa")
EUROPE = ttr.load_map("europe")
TEACHING = (solutions.odd_cities_reference, solutions.longest_route_reference, solutions.longest_route_fast_reference)


def seeded_networks(count=24, low=6, high=30):
    """Player networks of both maps, seeded."""
    for seed in range(count):
        board = (USA, EUROPE)[seed % 2]
        yield board.random_network(trains=low + seed * (high - low) // count, seed=100 + seed)


# --- the teaching versions ------------------------------------------------------------------

@pytest.mark.parametrize("function", TEACHING, ids=lambda f: f.__name__)
def test_teaching_versions_are_short(function):
    assert len(inspect.getsource(function).splitlines()) <= 40


def test_odd_cities_agree_with_networkx_degrees():
    for network in list(seeded_networks()) + [USA.routes, EUROPE.routes]:
        graph = nx.MultiGraph([(r.a, r.b) for r in network])
        assert solutions.odd_cities_reference(network) == {c for c, d in graph.degree() if d % 2}
    # both tracks of a double route count twice
    assert solutions.odd_cities_reference(USA.routes_between("Kansas City", "Denver")) == set()


def test_teaching_searches_agree_with_the_fast_one():
    for network in seeded_networks():
        expected = longest_trail(network).length
        assert solutions.longest_route_reference(network) == expected
        assert solutions.longest_route_fast_reference(network) == expected
    for case in lesson.fast_cases():  # the big ones: only the fast teaching version
        assert solutions.longest_route_fast_reference(*case.args) == longest_trail(*case.args).length


def test_busy_networks_are_big_in_one_piece_with_few_odd_cities():
    for board, reach, odd_left, seed in lesson.BUSY_NETWORKS + lesson.ODD_BUSY_NETWORKS:
        network = lesson.busy_network(board, reach, odd_left, seed)
        assert (44 <= len(network) <= 60) if odd_left <= 2 else (31 <= len(network) <= 40)
        assert len(solutions.odd_cities_reference(network)) == odd_left or odd_left <= 2
        assert nx.is_connected(nx.Graph([(r.a, r.b) for r in network]))
        assert len({frozenset(r.cities) for r in network}) == len(network)  # one track each
    assert lesson.busy_network("usa", 12, 0, 4) == lesson.busy_network("usa", 12, 0, 4)  # seeded


# --- every task: reference passes; wrong, exception, too slow rejected ---------------------------

def test_the_lesson_has_warm_up_core_stretch_and_challenge():
    assert [task.name for task in tasks_of("05")] == ["odd_cities", "longest_route", "longest_route_fast",
                                                       "whole_map"]


@pytest.mark.parametrize("name", ["odd_cities", "longest_route", "longest_route_fast", "whole_map"])
def test_reference_passes(name):
    result = check(name, getattr(solutions, TASKS[name].solution))
    assert result.passed, [f.message for f in result.failures]
    assert result.cases_run == result.cases_total >= 2


WRONG = {
    "odd_cities": lambda routes: {r.a for r in routes},
    "longest_route": lambda routes: sum(r.length for r in routes),
    "longest_route_fast": lambda routes: sum(r.length for r in routes),
    "whole_map": lambda both_tracks: 100,
}
ARGUMENT = {"whole_map": "both_tracks"}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_wrong_answer_rejected(name):
    result = check(name, WRONG[name])
    assert not result.passed and result.failures[0].kind == "wrong"
    assert result.failures[0].message.startswith("Case “")


@pytest.mark.parametrize("name", sorted(WRONG))
def test_exception_rejected_with_its_line(name):
    def broken(arg):
        return {}["Paris"]

    result = check(name, broken)
    assert result.failures[0].kind == "error"
    assert f"KeyError: 'Paris' (line {broken.__code__.co_firstlineno + 1} of your cell)" in result.failures[0].message


def test_odd_cities_messages_name_the_missing_and_extra_cities():
    loop = lesson.hand_cases()[3]  # a loop with a tail: Denver and Santa Fe are odd
    assert loop.name == "a loop with a tail"
    task = dataclasses.replace(TASKS["odd_cities"], cases=lambda: [loop])
    assert check(task, lambda routes: {"Denver"}).failures[0].message == (
        "Case “a loop with a tail”: the city Santa Fe is odd but missing from your answer.")
    assert "the cities Kansas City and Omaha are in your answer but are not odd" in \
        check(task, lambda routes: {"Denver", "Santa Fe", "Omaha", "Kansas City"}).failures[0].message
    assert "missing from your answer: Santa Fe; in it but not odd: Omaha" in \
        check(task, lambda routes: ["Denver", "Omaha"]).failures[0].message
    assert "it should return a set of city names" in check(task, lambda routes: 2).failures[0].message
    assert check(task, lambda routes: ["Santa Fe", "Denver"]).passed  # a list will do


def test_odd_cities_failure_is_drawn_with_both_answers_and_speaks_german():
    result = check("odd_cities", lambda routes: {r.a for r in routes})
    picture = result.drawing()
    assert "your answer" in picture.children[1].value and "Green circles: the odd cities" in picture.children[2].value
    texts.set_language("de")
    try:
        message = check("odd_cities", lambda routes: set()).failures[0].message
        assert message == ("Testfall „eine Strecke“: Die Städte Denver und Omaha sind ungerade, "
                           "fehlen aber in deiner Antwort.")
    finally:
        texts.set_language("en")


@pytest.mark.slow
def test_plain_backtracking_is_too_slow_on_every_big_stretch_case_the_fast_version_is_not():
    """The stretch needs an idea: plain backtracking times out on each big network with at
    most two odd cities (it needs far more than 30 s on each, measured once); the teaching
    version with the Euler shortcut answers each in well under a tenth of the limit, even
    on a slower machine."""
    task = TASKS["longest_route_fast"]
    euler = {f"busy {board} network, reach {reach}, {odd} odd, seed {seed}"
             for board, reach, odd, seed in lesson.BUSY_NETWORKS}
    big = [case for case in task.cases() if case.name in euler]
    assert len(big) == len(lesson.BUSY_NETWORKS)
    for case in big:
        start = time.perf_counter()
        assert solutions.longest_route_fast_reference(*case.args) == longest_trail(*case.args).length
        assert time.perf_counter() - start < task.time_limit / 10
        result = check(dataclasses.replace(task, cases=lambda case=case: [case]), solutions.longest_route_reference)
        assert [f.kind for f in result.failures] == ["timeout"], case.name
    # and the plain version is right on every case it has time for
    small = dataclasses.replace(task, cases=lambda: [c for c in task.cases() if c.name not in euler])
    assert check(small, solutions.longest_route_reference).passed


def test_big_networks_with_four_and_six_odd_cities_need_the_search_and_get_it_in_time():
    """Over 30 routes and 4 or 6 odd cities: the sum of all trains is not the answer (so
    "a big network is an Euler network" fails), and the search from the odd cities
    answers each in a fraction of the time limit, whatever the order of the routes (a
    student's search may walk them in any order)."""
    task = TASKS["longest_route_fast"]
    cases = [case for case in task.cases() if case.name.startswith("busy") and
             len(solutions.odd_cities_reference(*case.args)) >= 4]
    assert sorted(len(solutions.odd_cities_reference(*case.args)) for case in cases) == [4, 6]
    for case in cases:
        (routes,) = case.args
        assert len(routes) > 30 and longest_trail(routes).length < sum(r.length for r in routes)
        for seed in range(3):
            shuffled = random.Random(seed).sample(routes, len(routes))
            start = time.perf_counter()
            assert solutions.longest_route_fast_reference(shuffled) == longest_trail(routes).length
            assert time.perf_counter() - start < task.time_limit / 2, case.name


def test_the_euler_shortcut_alone_is_not_enough():
    def always_everything(routes):
        return sum(r.length for r in routes)

    result = check("longest_route_fast", always_everything)
    assert result.failures and all(f.case.name != "no routes" for f in result.failures)


def test_whole_map_answers_and_the_hint_for_the_other_rule():
    both = longest_trail(USA.routes)
    one = longest_trail(solutions.one_track_each(USA.routes))
    assert (both.length, one.length) == (285, 235)
    for trail in (both, one):  # each is a real trail: consecutive cities, each route once
        assert sum(r.length for r in trail.edges) == trail.length and len(set(trail.edges)) == len(trail.edges)
        assert all({a, b} == {r.a, r.b} for a, b, r in zip(trail.cities, trail.cities[1:], trail.edges))
    assert len({frozenset(r.cities) for r in one.edges}) == len(one.edges)  # never both tracks
    assert solutions.whole_map_reference(True) == 285 and solutions.whole_map_reference(False) == 235
    swapped = check("whole_map", lambda both_tracks: 235 if both_tracks else 285)
    messages = [f.message for f in swapped.failures]
    assert "235 is the answer with one track per double route" in messages[0]
    assert "a player may hold only one track of each" in messages[1]
    wrong = check("whole_map", lambda both_tracks: 200).failures[0].message
    assert "200 is not right yet" in wrong and "285" not in wrong and "235" not in wrong  # no answer given away
    assert check("whole_map", lambda both_tracks: "285").failures[0].message.endswith("(an int).")


# --- what the lesson shows ------------------------------------------------------------------------

def test_search_steps_grow_fast_and_pruning_cuts_them():
    networks = lesson.growing_networks("europe", 3, range(4, 29, 4))
    sizes = [len(n) for n in networks]
    assert sizes == list(range(4, 29, 4))
    assert all(n[:len(m)] == m for m, n in zip(networks, networks[1:]))  # each grows the one before
    plain = [lesson.search_steps(n, pruning=False) for n in networks]
    pruned = [lesson.search_steps(n, pruning=True) for n in networks]
    assert plain[-1] > 100 * plain[0]
    assert all(p <= q for p, q in zip(pruned, plain))
    assert lesson.search_steps(networks[-1], pruning=False, limit=10) is None


def test_growth_figure_draws_both_lines_on_a_log_scale():
    fig = lesson_plots.growth_figure([4, 8, 12], [10, 1000, None], [5, 0, 40], limit=5000)
    assert fig.y_scale.__class__.__name__ == "LogScale"
    lines = [r for r in fig.renderers if r.glyph.__class__.__name__ == "Line"]
    assert [list(r.data_source.data["y"]) for r in lines] == [[10, 1000], [5, 1, 40]]
    legend = fig.legend[0]
    assert [item.label.value for item in legend.items] == [
        "plain backtracking", "plain backtracking stopped: over 5,000 routes walked",
        "with pruning and the Euler shortcut"]
    assert legend in fig.below and legend not in fig.center  # under the axis: it covers no line


def test_each_searchs_stop_marker_has_its_own_legend_entry_in_both_languages():
    def stops(fig):
        """Each stop triangle's colour, with the label of the legend entry that holds it."""
        return [(r.glyph.fill_color, item.label.value) for item in fig.legend[0].items for r in item.renderers
                if getattr(r.glyph, "marker", None) == "triangle"]

    both = lesson_plots.growth_figure([4, 8, 12], [10, None, None], [5, 40, None], limit=5000)
    assert stops(both) == [(lesson_plots.PLAIN_COLOR, "plain backtracking stopped: over 5,000 routes walked"),
                           (lesson_plots.PRUNED_COLOR, "with pruning stopped: over 5,000 routes walked")]
    texts.set_language("de")
    try:
        german = lesson_plots.growth_figure([4, 8, 12], [10, None, None], [5, 40, None], limit=5000)
        assert [label for _, label in stops(german)] == [
            "einfaches Backtracking abgebrochen: über 5.000 Strecken abgelaufen",
            "mit Beschneiden abgebrochen: über 5.000 Strecken abgelaufen"]
    finally:
        texts.set_language("en")


def test_trail_figure_numbers_the_routes_in_walking_order():
    trail = longest_trail(USA.random_network(trains=30, seed=4))
    fig = lesson_plots.trail_figure("usa", trail.edges, trail.cities)
    numbers = fig.select_one({"name": "order"}).data_source.data
    assert len(numbers["x"]) == len(trail.edges)
    whole = lesson_plots.map_figure("usa", width=460, height=330)
    assert fig.x_range.end - fig.x_range.start < whole.x_range.end - whole.x_range.start  # zoomed in
    with pytest.raises(ValueError, match="passes 3 cities, not 2"):
        lesson_plots.trail_figure("usa", trail.edges[:2], trail.cities[:2])


def test_step_player_jumps_to_each_better_trail_and_ends_without_blue():
    from zuzlab.widgets import MapStepView, StepPlayer
    from zuzlab.widgets.views import OVERLAY

    network = USA.random_network(trains=45, seed=2)
    view = MapStepView("usa")
    player = StepPlayer(longest_trail_steps(network), view, jump=lambda step: step.kind == "better",
                        jump_label="longest_next_better")
    assert player.next_mark.description == "next longer trail"
    betters = [i for i, s in enumerate(player.steps) if s.kind == "better"]
    for index in betters:
        player.go_to_next_mark()
        assert player.index == index and player.position.value == index + 1
    player.go_to_next_mark()
    assert player.step.kind == "done"
    colours = Counter(view.lines.data["color"])
    assert colours[OVERLAY["unexplored"]] == 0
    assert colours[OVERLAY["best"]] == len(player.step.best)
    assert colours[OVERLAY["left_out"]] == len(network) - len(player.step.best)
    legend = lesson_plots.with_legend(player).children[1].value
    assert "other routes of the network" in legend and OVERLAY["left_out"] in legend


def test_longest_path_never_repeats_a_city_and_is_shorter_than_the_trail_around_kansas_city():
    six = [USA.route_between("Denver", "Kansas City", "black"), USA.route_between("Denver", "Omaha"),
           USA.route_between("Chicago", "Omaha"), USA.route_between("Chicago", "Saint Louis", "green"),
           USA.route_between("Kansas City", "Saint Louis", "blue"), USA.routes_between("Kansas City", "Omaha")[0]]
    path, trail = lesson.longest_path(six), longest_trail(six)
    assert (trail.length, path.length) == (17, 14)
    assert len(set(path.cities)) == len(path.cities) and sum(r.length for r in path.edges) == path.length
    assert all({a, b} == {r.a, r.b} for a, b, r in zip(path.cities, path.cities[1:], path.edges))
    for network in seeded_networks(8, 6, 16):  # never longer than the trail
        assert lesson.longest_path(network).length <= longest_trail(network).length
