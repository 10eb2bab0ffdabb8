"""Student tasks and an automatic checker for the lessons.

A :class:`Task` bundles a description, hidden test cases and a reference
solution.  :func:`check` runs a student's function on every hidden case and
explains each problem in plain words::

    result = check("longest_route", my_longest_route)
    result.passed, result.failures
"""
from __future__ import annotations

import threading
from collections import namedtuple
from dataclasses import dataclass, field
from typing import Any, Callable

#: A tiny route for hand-made cases; real map routes (``zuzlab.ttr.maps.Route``) work the same.
R = namedtuple("R", "a b length")


@dataclass(frozen=True)
class Case:
    name: str
    routes: tuple


@dataclass(frozen=True)
class Task:
    name: str
    description: str
    cases: Callable[[], list[Case]]  # hidden-case generator (seeded, so always the same cases)
    reference: Callable[[list], Any]
    time_limit: float = 1.0  # seconds per case


@dataclass(frozen=True)
class Failure:
    case: str
    routes: tuple
    expected: Any
    got: Any
    message: str


@dataclass
class CheckResult:
    task: str
    cases_run: int = 0
    failures: list[Failure] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


# --- task: longest_route --------------------------------------------------------------------

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


def longest_route_cases() -> list[Case]:
    """Edge cases first, then seeded player networks (small to medium) from the USA and Europe maps."""
    from zuzlab.ttr import load_map

    europe = load_map("europe")
    double = next(r for r in europe.routes if r.double_with is not None)
    twin = next(r for r in europe.routes if r.id == double.double_with)
    cases = [
        Case("no routes", ()),
        Case("one route", (R("Paris", "Bruxelles", 2),)),
        Case("a loop", (R("A", "B", 2), R("B", "C", 3), R("C", "A", 4))),
        Case("a loop with a tail", (R("A", "B", 2), R("B", "C", 3), R("C", "A", 4), R("C", "D", 1))),
        Case("both tracks of a double route", (double, twin)),
        Case("a branch", (R("A", "B", 3), R("B", "C", 2), R("B", "D", 5))),
    ]
    for name in ("usa", "europe"):
        board = load_map(name)
        for i, seed in enumerate(NETWORK_SEEDS):
            trains = 8 + 17 * i // (len(NETWORK_SEEDS) - 1)  # 8 .. 25 trains
            cases.append(Case(f"{name} network, {trains} trains, seed {seed}",
                              tuple(board.random_network(trains=trains, seed=seed))))
    return cases


TASKS: dict[str, Task] = {
    "longest_route": Task(
        name="longest_route",
        description="Given a list of routes (.a, .b, .length), return the length in trains "
                    "of the longest trail: each route used at most once, cities may repeat.",
        cases=longest_route_cases,
        reference=longest_route_reference,
        time_limit=1.0,
    ),
}


# --- the checker ----------------------------------------------------------------------------

def get_task(task: str | Task) -> Task:
    if isinstance(task, Task):
        return task
    if task not in TASKS:
        raise ValueError(f"unknown task {task!r}; the tasks are: {', '.join(sorted(TASKS))}")
    return TASKS[task]


def describe_routes(routes) -> str:
    if not routes:
        return "for an empty list of routes"
    shown = ", ".join(f"{r.a}–{r.b} ({r.length})" for r in routes[:6])
    more = f", … {len(routes) - 6} more" if len(routes) > 6 else ""
    word = "route" if len(routes) == 1 else "routes"
    return f"for these {len(routes)} {word} ({shown}{more})"


def _run_with_timeout(function, argument, limit: float):
    """Run ``function(argument)`` in a daemon worker thread and wait at most ``limit`` seconds.

    Why a thread and not just measuring the time?  Measuring only tells us the
    call was slow *after* it returns, and a student's infinite loop never
    returns.  A daemon thread lets us stop waiting after the limit; Python
    cannot kill the thread, but as a daemon it will not keep the program alive.
    Returns ``(status, value)`` with status ``"ok"``, ``"error"`` or ``"timeout"``.
    """
    outcome: list = []

    def work():
        try:
            outcome.append(("ok", function(argument)))
        except BaseException as error:  # noqa: BLE001 - report anything the student raises
            outcome.append(("error", error))

    worker = threading.Thread(target=work, daemon=True, name="zuzlab-check")
    worker.start()
    worker.join(limit)
    return outcome[0] if outcome else ("timeout", None)


def check(task: str | Task, function: Callable) -> CheckResult:
    """Run ``function`` on every hidden case of ``task`` and collect clear failure messages.

    Each case gets a fresh copy of the routes, so a function that changes its
    list cannot spoil later cases.  After a timeout the check stops: the slow
    call may still be running in the background and would slow down the rest.
    """
    task = get_task(task)
    result = CheckResult(task.name)
    for case in task.cases():
        expected = task.reference(list(case.routes))
        where = describe_routes(case.routes)
        status, got = _run_with_timeout(function, list(case.routes), task.time_limit)
        result.cases_run += 1
        if status == "timeout":
            result.failures.append(Failure(case.name, case.routes, expected, None,
                f"{where} your function did not finish within {task.time_limit:g} s "
                f"(case: {case.name}); is there an endless loop? Checking stopped here."))
            break
        if status == "error":
            result.failures.append(Failure(case.name, case.routes, expected, got,
                f"{where} your function raised {type(got).__name__}: {got} (case: {case.name})"))
        elif isinstance(got, bool) or not isinstance(got, int):
            result.failures.append(Failure(case.name, case.routes, expected, got,
                f"{where} your function returned {got!r} of type {type(got).__name__}; "
                f"it should return a whole number (int) of trains (case: {case.name})"))
        elif got != expected:
            result.failures.append(Failure(case.name, case.routes, expected, got,
                f"{where} the longest trail is {expected} trains; your function returned {got} "
                f"(case: {case.name})"))
    return result
