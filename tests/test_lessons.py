"""The lessons' checker: it runs a student's function in a worker process on hidden cases
and explains each kind of wrong code (wrong answer, wrong type, exception, endless loop,
not written yet) in the reader's language. Where no process can be started (the browser)
it runs the function in the kernel: the tests with ``where`` check both ways alike. Each
lesson's own tasks are tested in ``tests/test_lesson_NN.py``; this file tests the checker
itself and what every task owes."""

import dataclasses
import os
import re
import time

import pytest

from zuzlab import lessons, notebooks, texts, ttr
from zuzlab.lessons import TASKS, check
from zuzlab.lessons.longest_route import network_cases
from zuzlab.lessons.solutions import longest_route_reference


@pytest.fixture(params=["worker", "kernel"])
def where(request):
    """Where the check runs the student's function: in a worker process, or in the kernel
    as in the browser (``no_processes``: a worker started all the same fails the test)."""
    if request.param == "kernel":
        request.getfixturevalue("no_processes")
    return request.param


def test_reference_passes_and_counts_every_case():
    result = check("longest_route", longest_route_reference)
    assert result.passed, [f.message for f in result.failures]
    assert result.cases_run == result.cases_total == len(network_cases())
    assert "all 23 hidden cases passed" in result.summary()


def test_fast_version_passes_and_task_object_accepted():
    assert check(TASKS["longest_route"], ttr.longest_route).passed


def test_hidden_cases_are_seeded_and_cover_edges_and_both_maps():
    cases = network_cases()
    names = [case.name for case in cases]
    assert {"no routes", "one route", "a loop", "both tracks of a double route", "two pieces"} <= set(names)
    assert {case.board for case in cases} == {"usa", "europe"}
    assert network_cases() == cases


def test_wrong_answer_rejected_with_clear_message(where):
    result = check("longest_route", lambda routes: sum(r.length for r in routes))
    assert not result.passed
    failure = next(f for f in result.failures if f.case.name == "a branch")
    assert (failure.expected, failure.got, failure.kind) == (9, 13, "wrong")
    assert failure.message == ("Case “three routes from one city”: the longest trail is 9 trains long; "
                               "your function returned 13.")


def test_exception_names_the_error_and_the_line_of_the_students_code(where):
    def broken(routes):
        seen = {}
        return seen["Paris"]  # line 3 of this function

    result = check("longest_route", broken)
    assert len(result.failures) == result.cases_run == result.cases_total
    first = result.failures[0]
    line = broken.__code__.co_firstlineno + 2
    assert first.kind == "error"
    assert first.message == ("Case “no routes at all”: your function raised KeyError: 'Paris' "
                             f"(line {line} of your cell)")


def test_wrong_type_rejected():
    result = check("longest_route", lambda routes: str(longest_route_reference(routes)))
    assert "it should return a whole number of trains (an int)" in result.failures[0].message
    assert "(a str)" in result.failures[0].message


def test_not_written_yet_is_said_once():
    def longest_route(routes):
        raise NotImplementedError

    result = check("longest_route", longest_route)
    assert [f.kind for f in result.failures] == ["not_written"] and result.cases_run == 1
    assert "write its body first" in result.failures[0].message
    assert result.summary() == "… longest_route: not written yet."
    assert not result.passed


def too_slow(kind: str):
    """An endless function of each kind (made in a function, so that cloudpickle sends it
    to a worker by value, as it sends one from a notebook cell)."""
    def endless(routes):
        while True:
            pass

    def sleepy(routes):
        time.sleep(60)

    def catches_everything(routes):  # even the kernel's stop (time_limit.Stopped)
        while True:
            try:
                pass
            except BaseException:
                pass

    def bare_except(routes):
        while True:
            try:
                routes = list(routes)
            except:  # noqa: E722 - what a student writes
                continue

    def keeps_what_it_catches(routes):
        caught = []
        while True:
            try:
                while True:
                    pass
            except BaseException as error:
                caught.append(error)

    return {"endless loop": endless, "sleep": sleepy, "catches everything": catches_everything,
            "bare except": bare_except, "keeps what it catches": keeps_what_it_catches}[kind]


#: endless functions, and where each is stopped: in the kernel a trace function stops it
#: (not a C call such as time.sleep: ``time_limit``), in a worker the kill stops anything
TOO_SLOW = [("worker", "endless loop"), ("worker", "sleep"), ("kernel", "endless loop"),
            ("kernel", "catches everything"), ("kernel", "bare except"), ("kernel", "keeps what it catches")]


@pytest.mark.parametrize("where, kind", TOO_SLOW, indirect=["where"])
def test_too_slow_is_stopped_in_time_and_no_worker_left(where, kind, ends_or_dies):
    task = dataclasses.replace(TASKS["longest_route"], time_limit=0.3)
    start = time.monotonic()
    result = check(task, too_slow(kind))
    assert time.monotonic() - start < (5 if where == "worker" else 1.0)
    assert [f.kind for f in result.failures] == ["timeout"] and result.cases_run == 1
    assert "did not finish within 0.3 s" in result.failures[0].message
    assert not _workers_alive()


def _workers_alive() -> list[str]:
    """The check workers this test process started that still run (another test run on
    the same machine has its own)."""
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    is_worker = b"zuzlab.lessons.worker" in f.read()
                with open(f"/proc/{pid}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])  # after "pid (name) state"
            except OSError:
                continue
            if is_worker and parent == os.getpid():
                found.append(pid)
    return found


def test_what_the_function_prints_shows_under_the_cell(where, capsys):
    def chatty(routes):
        print("routes:", len(routes))
        return longest_route_reference(routes)

    assert check("longest_route", chatty).passed
    printed = capsys.readouterr().out.splitlines()
    assert printed[:2] == ["routes: 0", "routes: 1"] and len(printed) == len(network_cases())


def test_a_function_that_changes_its_list_spoils_no_later_case(where):
    def greedy(routes):
        answer = longest_route_reference(routes)
        routes.clear()
        return answer

    assert check("longest_route", greedy).passed


def test_a_function_that_exits_the_worker_is_reported(where):
    def leave(routes):
        raise SystemExit(3)

    result = check("longest_route", leave)
    assert result.failures[0].kind == "error" and "SystemExit" in result.failures[0].message


def test_messages_follow_the_language():
    texts.set_language("de")
    try:
        result = check("longest_route", lambda routes: sum(r.length for r in routes))
        assert result.summary().startswith("✗ longest_route: 23 von 23 verdeckten Testfällen geprüft")
        failure = next(f for f in result.failures if f.case.name == "a branch")
        assert failure.message == ("Testfall „drei Strecken aus einer Stadt“: Der längste Kantenzug ist 9 Wagen lang; "
                                   "deine Funktion hat 13 zurückgegeben.")
    finally:
        texts.set_language("en")


def refusal(attempt) -> texts.InputError:
    """The kit's error ``attempt()`` raises: an ``InputError``, which a notebook shows as its
    message and the reader's line (``viz.errors``), not as a traceback through the kit."""
    with pytest.raises(texts.InputError) as raised:
        attempt()
    return raised.value


def shown_briefly(error: texts.InputError) -> list[str]:
    from zuzlab.viz import errors

    return errors.brief(error, error.__traceback__)


TASK_LIST = ", ".join(sorted(TASKS))  # as the message lists them: every task of every lesson, by name


def test_a_misspelt_task_is_refused_briefly_with_the_tasks_and_the_close_one():
    misspelt = refusal(lambda: check("odd_citys", print))
    assert str(misspelt) == ("There is no task called “odd_citys”: did you mean “odd_cities”? "
                             f"The tasks are: {TASK_LIST}.")
    assert misspelt.in_language("de") == (f"Es gibt keine Aufgabe „odd_citys“: Meinst du „odd_cities“? Die Aufgaben "
                                          f"heißen: {TASK_LIST}.")
    lines = shown_briefly(misspelt)
    assert len(lines) == 2 and "check(\"odd_citys\", print)" in lines[1] and "zuzlab/" not in "\n".join(lines)
    far = refusal(lambda: check("dijkstra", print))  # close to no task: the list alone
    assert str(far) == f"There is no task called “dijkstra”; the tasks are: {TASK_LIST}."
    assert far.in_language("de") == f"Es gibt keine Aufgabe „dijkstra“; die Aufgaben heißen: {TASK_LIST}."
    assert str(refusal(lambda: check("red", print))).startswith("There is no task called “red”")
    assert refusal(lambda: check("red", print)).in_language("de").startswith("Es gibt keine Aufgabe „red“")  # as typed
    assert refusal(lambda: lessons.SolutionFold("odd_citys")).key == "check.unknown_task_close"


def test_something_else_than_a_function_is_refused_briefly():
    answer = refusal(lambda: check("odd_cities", 5))
    assert str(answer) == "check() needs your function itself (its name without brackets), not 5 (an int)."
    assert answer.in_language("de") == ("check() braucht deine Funktion selbst (ihren Namen ohne Klammern), nicht 5 "
                                        "(eine ganze Zahl vom Typ int).")
    cities = refusal(lambda: check("odd_cities", {"Omaha", "Denver"} | {f"city {i}" for i in range(30)}))
    assert str(cities).endswith("… (a set).") and len(str(cities)) < 160  # a long answer is cut, and says so
    swapped = refusal(lambda: check(longest_route_reference, "longest_route"))
    assert str(swapped) == ("check() takes the task's name first (a text such as \"odd_cities\"), then your function; "
                            "here the first is longest_route_reference.")
    assert swapped.in_language("de") == ("check() bekommt zuerst den Namen der Aufgabe (einen Text wie \"odd_cities\") "
                                         "und dann deine Funktion; "
                                         "hier steht an erster Stelle longest_route_reference.")
    assert len(shown_briefly(answer)) == 2 and len(shown_briefly(swapped)) == 2


def test_the_first_failing_case_is_drawn_with_a_legend():
    result = check("longest_route", lambda routes: 0)
    picture = result.drawing()
    legend, caption = picture.children[1].value, picture.children[2].value
    assert "the case&#x27;s routes" in legend and "the expected answer" in legend
    assert "your answer" not in legend  # the legend names only what is drawn: no pink here
    assert "Your function returned 0" in caption
    assert check("longest_route", longest_route_reference).drawing() is None


@pytest.mark.parametrize("name", sorted(TASKS))
def test_every_task_has_texts_in_every_language_and_a_lesson(name):
    task = TASKS[name]
    assert task.lesson in notebooks.lesson_sources(), f"lesson {task.lesson} of {name} has no student notebook"
    for lang in texts.LANGUAGES:
        assert texts.text(f"task.{name}", lang) and texts.text(task.returns_key, lang)
        assert texts.text(task.timeout, lang, seconds=texts.number(task.time_limit, 1))
    assert name in [task.name for task in lessons.tasks_of(task.lesson)]


@pytest.mark.parametrize("lesson, source", [pytest.param(lesson, source, id=source.stem)
                                            for lesson, source in notebooks.lesson_sources().items()])
def test_every_student_notebook_checks_each_task_of_its_lesson_and_no_other(lesson, source):
    """A lesson's tasks are found through ``tasks.LESSON_MODULES``, a lesson checked by steps
    through ``tasks.STEP_LESSONS``: a student's notebook whose lesson is in neither, or that
    checks another lesson's task or step or one of no lesson, is named here."""
    from zuzlab.lessons.tasks import steps_of

    text = source.read_text(encoding="utf-8")
    tasks, steps = [task.name for task in lessons.tasks_of(lesson)], steps_of(lesson)
    assert tasks or steps, (f"{source.name}: lesson {lesson} has no task (is its module in "
                            f"lessons.tasks.LESSON_MODULES, or in STEP_LESSONS for a lesson checked by steps?)")
    assert not (tasks and steps), f"lesson {lesson} has both tasks and steps"
    assert sorted(set(re.findall(r'\bcheck\("(\w+)"', text))) == sorted(tasks), source.name
    assert sorted(set(re.findall(r'\bcheck_bot\("(\w+)"', text))) == sorted(steps), source.name
    assert set(re.findall(r'solution_fold\("(\w+)"', text)) <= set(tasks), source.name


def test_every_lesson_checked_by_steps_has_a_student_notebook_steps_and_no_task():
    from zuzlab.lessons.tasks import STEP_LESSONS, steps_of

    for lesson in STEP_LESSONS:
        assert lesson in notebooks.lesson_sources(), f"lesson {lesson} has no student notebook"
        assert steps_of(lesson) and not lessons.tasks_of(lesson), lesson
    assert steps_of("05") == []


def test_a_task_name_two_lesson_modules_use_is_refused(monkeypatch):
    from zuzlab.lessons import tasks

    monkeypatch.setattr(tasks, "LESSON_MODULES", (*tasks.LESSON_MODULES, "longest_route"))
    tasks.all_tasks.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"task 'odd_cities' is in both lessons\.longest_route and lessons\."):
            tasks.all_tasks()
    finally:
        monkeypatch.undo()
        tasks.all_tasks.cache_clear()
    assert tasks.all_tasks() == TASKS


def test_every_solution_fold_shows_teaching_versions_that_exist():
    from zuzlab.lessons import folds, solutions

    assert set(folds.SHOWN) <= set(TASKS), "SHOWN names no task"
    for name in TASKS:
        missing = [function for function in folds.shown(name) if not callable(getattr(solutions, function, None))]
        assert not missing, f"the fold of {name} shows {missing}, which solutions does not define"
    assert folds.shown("odd_cities") == ("odd_cities_reference",)  # a task's own solution, unless SHOWN says more
    assert folds.shown("shortest_route") == ("distances_from", "shortest_route_teaching")


def test_a_function_not_written_yet_gets_no_drawing():
    def longest_route(routes):
        raise NotImplementedError

    assert check("longest_route", longest_route).drawing() is None


@pytest.mark.parametrize("name", sorted(TASKS))
def test_every_task_stops_an_endless_loop_with_a_clear_message(name, where):
    def endless(*args):
        while True:
            pass

    start = time.monotonic()
    result = check(dataclasses.replace(TASKS[name], time_limit=0.3), endless)
    assert time.monotonic() - start < 8
    assert [f.kind for f in result.failures] == ["timeout"] and not result.passed
    assert "did not finish within 0.3 s" in result.failures[0].message


# --- what a verdict says and draws -------------------------------------------------------------

@pytest.mark.parametrize("where", [pytest.param("worker", marks=pytest.mark.slow), "kernel"], indirect=True)
def test_prints_are_capped_and_what_came_before_an_endless_loop_is_shown(where, capsys):
    def chatty(routes):
        for line in range(30):
            print("walking", line)
        return longest_route_reference(routes)

    assert check("longest_route", chatty).passed
    printed = capsys.readouterr().out.splitlines()
    assert printed[:50] == [f"walking {line % 30}" for line in range(50)]
    assert printed[50:] == [f"… and {23 * 30 - 50} more lines printed, not shown."]

    def stuck(routes):
        print("before the loop")
        while True:
            pass

    result = check(dataclasses.replace(TASKS["longest_route"], time_limit=0.5), stuck)
    assert result.failures[0].kind == "timeout" and capsys.readouterr().out == "before the loop\n"
    texts.set_language("de")
    try:
        check("longest_route", chatty)
        assert capsys.readouterr().out.splitlines()[-1] == "… und 640 weitere ausgegebene Zeilen, nicht gezeigt."
    finally:
        texts.set_language("en")


def test_a_timeout_is_too_slow_or_endless_and_its_drawing_keeps_the_answer():
    def endless(routes):
        while True:
            pass

    fast = TASKS["longest_route_fast"]
    big = next(case for case in fast.cases() if case.name.startswith("busy usa"))
    result = check(dataclasses.replace(fast, cases=lambda: [big], time_limit=0.3), endless)
    failure = result.failures[0]
    assert "Finishing in time is the point of this task" in failure.message and "endless loop" in failure.message
    assert "trains" not in failure.message  # the case's title does not give the sum of its trains either
    picture = result.drawing()
    legend, caption = picture.children[1].value, picture.children[2].value
    assert caption == "<div>Your function did not finish within 0.3 s on this case; the answer is not shown.</div>"
    assert "the expected answer" not in legend and "the case&#x27;s routes" in legend
    slow = check(dataclasses.replace(TASKS["longest_route"], time_limit=0.3), endless).failures[0].message
    assert "did not finish within 0.3 s: is it too slow, or in an endless loop?" in slow


def test_a_value_that_cannot_be_sent_back_gets_what_to_return_in_the_readers_language(where):
    texts.set_language("de")
    try:
        message = check("longest_route", lambda routes: (r.length for r in routes)).failures[0].message
        assert message == ("Testfall „gar keine Strecken“: Deine Funktion hat etwas zurückgegeben, "
                           "das der Prüfer nicht zurücklesen kann (ein Generator); "
                           "sie soll eine ganze Zahl von Wagen (int) zurückgeben.")
        typed = check("longest_route", lambda routes: [r.length for r in routes]).failures[0].message
        assert "Deine Funktion hat [] zurückgegeben (eine Liste vom Typ list)" in typed and "(ein list)" not in typed
        none = check("longest_route", lambda routes: None).failures[0].message
        assert none.endswith("Deine Funktion hat None zurückgegeben (fehlt ein return?); sie soll eine ganze Zahl "
                             "von Wagen (int) zurückgeben.")
    finally:
        texts.set_language("en")


def test_a_small_case_is_drawn_zoomed_and_an_empty_one_said_in_words():
    from zuzlab.viz.ttr_map import map_figure

    result = check("longest_route", lambda routes: 1)
    assert result.failures[0].case.name == "no routes"
    assert result.drawing().value == ("<div><i>This case has no routes at all: there is nothing to draw. "
                                      "Your function returned 1.</i></div>")
    loop = next(case for case in TASKS["longest_route"].cases() if case.name == "a loop")
    drawn = check(dataclasses.replace(TASKS["longest_route"], cases=lambda: [loop]), lambda routes: 8).drawing()
    assert drawn.children[2].value == "<div>Green: a longest trail, 9 trains. Your function returned 8.</div>"
    whole, shown = map_figure("usa", width=700, height=440), drawn.zuzlab_figure
    assert shown.x_range.end - shown.x_range.start < (whole.x_range.end - whole.x_range.start) / 3


def test_a_case_drawing_brings_its_own_colours_and_leaves_the_step_views_their_own():
    from zuzlab.lessons.drawing import LAYERS, map_case
    from zuzlab.widgets.views import OVERLAY, MapStepView

    routes = ttr.load_map("usa").routes
    step_colours = dict(OVERLAY)
    first = map_case("usa", network=routes[:3], expected=routes[:2], yours=routes[:1])
    assert OVERLAY == step_colours  # the algorithms' colours, as they were
    with pytest.raises(KeyError, match="expected"):  # a step view knows no case layer: none leaked into it
        MapStepView("usa").overlay({"expected": routes[:1]})
    second = map_case("usa", network=routes[:2], cities={"cities": ["Denver"]})
    for drawing, layers in ((first, ["network"] * 3 + ["expected"] * 2 + ["yours"]), (second, ["network"] * 2)):
        lines = drawing.zuzlab_figure.select_one({"name": "overlay"}).data_source.data
        assert lines["color"] == [LAYERS[layer] for layer in layers]


def test_messages_name_no_python_slips_in_german():
    texts.set_language("de")
    try:
        result = check("odd_cities", lambda routes: set())
        first_network = next(f for f in result.failures if f.case.name.startswith("usa network"))
        assert "auf dem USA-Plan" in first_network.message and "Karte" not in first_network.message
        even = next(case for case in TASKS["odd_cities"].cases() if case.name == "a loop")
        picture = check(dataclasses.replace(TASKS["odd_cities"], cases=lambda: [even]), lambda routes: {"Omaha"})
        assert picture.drawing().children[2].value == ("<div>Grüne Kreise: die ungeraden Städte (keine). Pinkfarbene "
                                                       "Kreise: deine Antwort. Deine Funktion hat Omaha zurückgegeben."
                                                       "</div>")
    finally:
        texts.set_language("en")


def test_a_function_that_changes_its_input_or_leans_on_a_library_is_told_so():
    def emptying(routes):
        answer = longest_route_reference(list(routes))
        while routes:
            routes.pop()
        return answer

    result = check("longest_route", emptying)
    assert result.passed and result.notes == [
        "Note: your function changes what it is given: routes had 1 entry before and 0 entries after (first in the "
        "case “one route”). The checker gives each case a fresh copy, so the answers above are judged as usual; but "
        "a game that calls your function would find its own data changed afterwards, a bug that shows up much later. "
        "Work on a copy instead: routes = list(routes).",
        "Note for you and your teacher: your function leans on the lesson's solutions (longest_route_reference). "
        "The checker judges the answers as usual, but the task is to write the algorithm yourself."]
    assert "changes what it is given" in result._repr_html_()
    leaning = check("longest_route", lambda routes: ttr.longest_trail(routes).length)
    assert leaning.passed and leaning.notes == [
        "Note for you and your teacher: your function leans on the kit's own algorithms (longest_trail). The checker "
        "judges the answers as usual, but the task is to write the algorithm yourself."]
    assert check("whole_map", lambda both_tracks: 0).notes == []  # the task hands out ttr.longest_trail itself


# --- the solution folds: they open after a try in earnest --------------------------------------

@pytest.fixture
def nothing_tried(monkeypatch):
    """No task tried in this test's kernel yet (what a check opens is kept per kernel)."""
    from zuzlab.lessons import checker

    monkeypatch.setattr(checker, "_tried", set())


def test_a_fixed_answer_opens_no_solution_fold(nothing_tried):
    fold = lessons.SolutionFold("ink_errors")
    zero = check("ink_errors", lambda board: 0)
    assert zero.cases_run == zero.cases_total and zero.cases_run > len(zero.failures)  # it ran, right on a few
    assert not fold.open and "count_errors" not in fold.body.value
    assert "half of the hidden cases" in fold.body.value
    always = check("connected", lambda routes, a, b: True)
    assert always.cases_run - len(always.failures) > always.cases_total / 2  # right on most cases …
    assert not lessons.SolutionFold("connected").open  # … with one answer for every case


def test_half_of_the_cases_right_opens_the_fold_and_it_fills_itself(nothing_tried):
    from zuzlab.lessons.solutions import count_errors

    fold = lessons.SolutionFold("ink_errors")
    eleven = check("ink_errors", lambda board: count_errors(board) if len(board.filled()) < 29 else -1)
    assert (eleven.cases_total, eleven.cases_total - len(eleven.failures)) == (23, 11)
    assert not fold.open  # 11 of 23 is less than half
    thirteen = check("ink_errors", lambda board: count_errors(board) if len(board.filled()) < 30 else -1)
    assert thirteen.cases_total - len(thirteen.failures) == 13 and not thirteen.passed
    assert fold.open and "def count_errors" in re.sub("<[^>]+>", "", fold.body.value)  # filled when it opened
    assert lessons.SolutionFold("ink_errors").open and not lessons.SolutionFold("ink_networks").open


def test_a_passed_check_opens_the_fold(nothing_tried):
    assert check("longest_route", longest_route_reference).passed
    fold = lessons.SolutionFold("longest_route")
    assert fold.open and "def longest_route_reference" in re.sub("<[^>]+>", "", fold.body.value)  # its solution


# --- numpy's numbers are the numbers they are --------------------------------------------------

def test_numpys_whole_numbers_are_whole_numbers_and_its_truth_values_truth_values():
    import numpy as np

    from zuzlab.lessons.checker import python_answer

    assert [(python_answer(v), type(python_answer(v))) for v in (np.int64(13), np.uint8(2), np.True_, 7, True, 12.5)] \
        == [(13, int), (2, int), (True, bool), (7, int), (True, bool), (12.5, float)]
    assert python_answer([np.int32(3), np.int64(1)]) == [3, 1] and type(python_answer((np.int8(1),))[0]) is int
    assert python_answer({np.int64(1)}) == {1} and python_answer("Omaha") == "Omaha"
    nested = []
    nested.append(nested)
    assert python_answer(nested) == [nested]  # one level deep: a list that holds itself does no harm


@pytest.mark.slow
def test_numpys_numbers_pass_the_checks_and_a_truth_value_is_still_no_count():
    import numpy as np

    from zuzlab.lessons.solutions import connected_teaching, count_errors, network_exits, shortest_route_teaching

    assert check("longest_route", lambda routes: np.int64(longest_route_reference(routes))).passed
    assert check("ink_errors", lambda board: np.uint8(count_errors(board))).passed
    assert check("ink_networks", lambda board: [np.int32(n) for n in network_exits(board)]).passed
    assert check("shortest_route", lambda routes, a, b: None if shortest_route_teaching(routes, a, b) is None
                 else np.int64(shortest_route_teaching(routes, a, b))).passed
    assert check("connected", lambda routes, a, b: np.bool_(connected_teaching(routes, a, b))).passed
    off_by_one = check("longest_route", lambda routes: np.int64(longest_route_reference(routes)) + 1)
    assert off_by_one.failures[0].message == ("Case “no routes at all”: the longest trail is 0 trains long; "
                                              "your function returned 1.")  # 1, not np.int64(1)
    truth = check("longest_route", lambda routes: np.bool_(True))  # a truth value is still no count
    assert truth.failures[0].message == ("Case “no routes at all”: your function returned True (a bool); it should "
                                         "return a whole number of trains (an int).")
    assert check("longest_route", lambda routes: True).failures[0].message == truth.failures[0].message
    assert check("connected", lambda routes, a, b: np.int64(1)).failures[0].message.endswith(
        "your function returned 1 (an int); it should return True or False.")


def test_a_long_answer_is_cut_and_ends_in_an_ellipsis():
    from zuzlab import ttr
    from zuzlab.algorithms import longest_trail
    from zuzlab.lessons.checker import wrong_type
    from zuzlab.lessons.drawing import shown

    trail = longest_trail(ttr.load_map("usa").routes[:8])  # what whole_map's trial returned
    message = wrong_type(trail, "task.longest_route_returns")
    assert message.startswith("your function returned Trail(length=19, cities=('Miami', 'Atlanta'")
    assert "'New Orleans… (a Trail)" in message and repr(trail)[:79] + "…" in message
    # short: whole
    assert wrong_type(12.0, "task.longest_route_returns").startswith("your function returned 12.0 (a float)")
    assert shown(list(range(100))) == repr(list(range(100)))[:199] + "…"
    result = check("longest_route", lambda routes: "x" * 500)
    assert f"returned '{'x' * 78}… (a str)" in result.failures[0].message
