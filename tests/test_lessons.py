import time

import pytest

from zuzlab import ttr
from zuzlab.lessons import R, TASKS, Task, check, longest_route_cases, longest_route_reference


def test_reference_passes():
    result = check("longest_route", longest_route_reference)
    assert result.passed, result.failures
    assert result.cases_run == len(longest_route_cases())


def test_fast_version_passes_and_task_object_accepted():
    assert check(TASKS["longest_route"], ttr.longest_route).passed


def test_hidden_cases_cover_edges_and_both_maps():
    names = [case.name for case in longest_route_cases()]
    assert "no routes" in names and "one route" in names and "a loop" in names
    assert any("usa" in n for n in names) and any("europe" in n for n in names)
    assert longest_route_cases() == longest_route_cases()  # seeded: always the same


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_teaching_version_agrees_with_fast_one(name):
    board = ttr.load_map(name)
    for seed in range(40):
        for trains in (5, 12, 18, 25):
            network = board.random_network(trains=trains, seed=seed)
            assert longest_route_reference(network) == ttr.longest_route(network), (name, seed, trains)


def test_small_hand_examples():
    assert longest_route_reference([]) == 0
    assert longest_route_reference([R("A", "B", 3), R("B", "C", 2), R("B", "D", 5)]) == 8
    assert longest_route_reference([R("A", "B", 2), R("B", "C", 3), R("C", "A", 4)]) == 9


def test_wrong_answer_rejected_with_clear_message():
    result = check("longest_route", lambda routes: sum(r.length for r in routes))
    assert not result.passed
    failure = next(f for f in result.failures if f.case == "a branch")
    assert failure.expected == 8 and failure.got == 10
    assert "for these 3 routes" in failure.message
    assert "the longest trail is 8 trains; your function returned 10" in failure.message


def test_exception_rejected_with_clear_message():
    def broken(routes):
        return {}["Paris"]

    result = check("longest_route", broken)
    assert not result.passed
    assert len(result.failures) == result.cases_run
    assert "raised KeyError" in result.failures[0].message
    assert "case: no routes" in result.failures[0].message


def test_wrong_type_rejected():
    result = check("longest_route", lambda routes: str(longest_route_reference(routes)))
    assert not result.passed
    assert "of type str" in result.failures[0].message


@pytest.mark.parametrize("slow", ["sleep", "endless loop"])
def test_too_slow_rejected_quickly(slow):
    def sleepy(routes):
        time.sleep(30)

    def endless(routes):
        # busy like an endless loop, but only for a few seconds: a stuck thread cannot be
        # stopped, and one spinning for the rest of the session would slow every test after it
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            pass

    task = Task("quick", "test", longest_route_cases, longest_route_reference, time_limit=0.3)
    start = time.monotonic()
    result = check(task, sleepy if slow == "sleep" else endless)
    assert time.monotonic() - start < 5
    assert not result.passed
    assert "did not finish within 0.3 s" in result.failures[-1].message


def test_default_limit_check_returns_within_a_few_seconds():
    start = time.monotonic()
    result = check("longest_route", lambda routes: time.sleep(60))
    assert time.monotonic() - start < 5 and not result.passed


def test_unknown_task_name():
    with pytest.raises(ValueError, match="unknown task 'longest_path'.*longest_route"):
        check("longest_path", longest_route_reference)
