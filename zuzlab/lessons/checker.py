"""The checker for student tasks: run a student's function on a task's hidden cases and
say, in the reader's language, what went wrong on the first case it got wrong.

Why a separate process?  A student's endless loop never returns, and Python cannot stop
a thread; a worker process can be stopped, so the kernel (and the notebook) stays
responsive, and a function that eats all memory takes down the worker, not the kernel.
The function is sent there with cloudpickle, which also carries the helper
functions and values it uses from the notebook. What the function prints comes back as
it prints it and shows under the cell (the first lines of it), so print-debugging works
as usual, also before an endless loop. In the browser no process can be started: there
the function runs in the kernel, on copies of the cases, under a time limit that stops
an endless loop but not everything a worker's end would (``time_limit``).

Besides right and wrong, a check notes two things a teacher wants to see: a function that
changes the data it was given (a bug that shows up much later in a game), and one that
leans on a library (networkx, the kit's own algorithms) for the very thing the task
asks for. Neither makes an answer wrong.
"""

from __future__ import annotations

import numbers
import pickle
import time
import weakref
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from .. import runtime, texts
from .channel import GONE, TIMED_OUT, WorkerChannel
from .time_limit import TimeLimit
from .worker import Change, Printed, run_one, shortened

#: the seconds the worker process may take to start before the first case's clock starts
START_LIMIT = 30.0


@dataclass(frozen=True)
class Case:
    """A hidden case: the arguments the student's function is called with.

    ``name`` is a stable English id (for tests); ``title`` is what a student reads
    (a ``texts.Phrase``, rendered in the reader's language; the name when missing);
    ``board`` is what a drawing needs to show the case (a map name, an Ink board …)."""

    name: str
    args: tuple
    title: Any = None
    board: Any = None

    def describe(self) -> str:
        return texts.render(self.title) if self.title is not None else self.name


@dataclass(frozen=True)
class Task:
    """A student task: hidden cases, the name of its solution, and how to judge an answer.

    ``solution`` names the function in ``zuzlab.lessons.solutions`` that gives the expected
    answers: a name, so that no object a student's notebook holds leads to the solution.
    ``judge(case, expected, got)`` returns ``None`` for a right answer, otherwise a
    message in the reader's language saying what is wrong (a wrong type, a wrong value,
    a route that is not on the map …). ``draw(failure)`` returns a widget that shows the
    failing case (the network, the expected answer, the student's answer). ``timeout``
    is the text a case that runs out of time gets; ``tools`` are the library functions
    the task itself hands the student (``libraries.borrowed`` names), not noted when used;
    ``returns`` is the text key of what the function returns ("a set of city names"),
    ``task.NAME_returns`` unless given. ``drawn(seed)`` gives more cases of the same kind
    drawn from a seed: a grader's hidden test adds them (``check(…, seed=…)``, the seed kept
    in the grader only), so that a table of the fixed cases' answers does not pass."""

    name: str
    lesson: str
    cases: Callable[[], list[Case]]
    solution: str
    judge: Callable[[Case, Any, Any], str | None]
    draw: Callable[["Failure"], Any] | None = None
    time_limit: float = 1.0  # seconds per case
    timeout: str = "check.timeout"
    tools: tuple[str, ...] = ()
    returns: str = ""
    drawn: Callable[[int], list[Case]] | None = None

    @property
    def returns_key(self) -> str:
        return self.returns or f"task.{self.name}_returns"

    @property
    def description(self) -> str:
        """What the student's function gets and returns (``[task] NAME``)."""
        return texts.text(f"task.{self.name}")


@dataclass(frozen=True)
class Failure:
    """The first wrong case (and later ones): ``kind`` is "wrong", "error", "timeout",
    "not_written" or "unsendable"; ``error`` names the exception of an "error", and
    ``seconds`` is the time limit a "timeout" ran into."""

    case: Case
    expected: Any
    got: Any
    message: str
    kind: str
    error: str = ""
    seconds: float = 0.0


@dataclass
class CheckResult:
    task: Task
    cases_run: int = 0
    cases_total: int = 0
    failures: list[Failure] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # said whether the answers are right or not

    @property
    def passed(self) -> bool:
        return not self.failures and self.cases_run == self.cases_total

    def summary(self) -> str:
        if self.passed:
            return texts.text("check.passed", count=self.cases_total, task=self.task.name)
        if self.failures and self.failures[0].kind == "not_written":
            return texts.text("check.waiting", task=self.task.name)
        return texts.text("check.failed", count=len(self.failures), run=self.cases_run,
                          total=self.cases_total, task=self.task.name)

    def _repr_html_(self) -> str:
        import html

        waiting = bool(self.failures) and self.failures[0].kind == "not_written"
        colour = "#1b5e20" if self.passed else "#795548" if waiting else "#b71c1c"
        lines = [f"<b style='color:{colour}'>{html.escape(self.summary())}</b>"]
        if self.failures:
            lines.append(f"<div>{html.escape(self.failures[0].message)}</div>")
            if len(self.failures) > 1:
                lines.append(f"<div><i>{html.escape(texts.text('check.more', count=len(self.failures) - 1))}</i></div>")
        lines += [f"<div style='color:#8d6e00'>{html.escape(note)}</div>" for note in self.notes]
        return "<div class='zuzlab-check'>" + "".join(lines) + "</div>"

    def drawing(self):
        """The first failing case drawn (a widget), or None: nothing to draw when the
        function is not written yet or its answer could not be read."""
        if not self.failures or self.task.draw is None or self.failures[0].kind in ("not_written", "unsendable"):
            return None
        return self.task.draw(self.failures[0])

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        display(HTML(self._repr_html_()))
        picture = self.drawing()
        if picture is not None:
            display(picture)


# --- what the judges say about a value of the wrong type -----------------------------------

def type_phrase(type_name: str) -> texts.Phrase:
    """A Python type in the reader's words ("a list" / "eine Liste vom Typ list"), as a
    parameter (an error's message renders it in the language it is shown in)."""
    try:
        texts.raw(f"pytype.{type_name}", "en")
    except KeyError:
        return texts.Phrase("pytype.other", {"name": type_name})
    return texts.Phrase(f"pytype.{type_name}")


def type_words(type_name: str) -> str:
    """A Python type in the reader's words now (``type_phrase``)."""
    return texts.render(type_phrase(type_name))


def wrong_type(got: Any, wanted: str) -> str:
    """The message for an answer of the wrong type; ``wanted`` is the text key of what the
    task returns ("task.odd_cities_returns": "a set of city names")."""
    if got is None:
        return texts.text("check.returned_none", wanted=texts.Phrase(wanted))
    return texts.text("check.wrong_type", got=shortened(repr(got), 80), kind=type_words(type(got).__name__),
                      wanted=texts.Phrase(wanted))


def python_answer(answer: Any) -> Any:
    """An answer with numpy's whole numbers and truth values as Python's own (``int``,
    ``bool``), also as the items of a list, tuple or set: a function that counts with
    numpy, pandas or networkx may return ``np.int64(13)``, which is the whole number 13.
    The judges then see the answer as a task describes it, so a truth value stays one
    (``np.True_`` is True, not the count 1), and a message shows 13, not ``np.int64(13)``."""
    if type(answer) in (list, tuple, set, frozenset):
        return type(answer)(_python_number(item) for item in answer)
    return _python_number(answer)


def _python_number(value: Any) -> Any:
    import numpy

    if isinstance(value, numpy.bool_):
        return bool(value)
    if isinstance(value, numbers.Integral) and not isinstance(value, int):
        return int(value)
    return value


# --- running the student's function in a worker process (or in the kernel) -----------------

def _run(function: Callable, argument_lists: list[tuple], time_limit: float, show_line: Callable[[str], None],
         count_hidden: Callable[[int], None]) -> Iterator[tuple]:
    """Yields ``(status, value, changed)`` per case; what the function prints goes to
    ``show_line`` as it comes, and the number of lines left out to ``count_hidden``.
    After a timeout, stops the worker and yields ``("timeout", None, [])`` as the last item.
    The worker is ``python -m zuzlab.lessons.worker`` (``channel.WorkerChannel``); where
    no process can be started (the browser), the kernel runs the function (``_run_here``)."""
    run = _run_in_worker if runtime.can_start_processes() else _run_here
    return run(function, argument_lists, time_limit, show_line, count_hidden)


def _run_in_worker(function: Callable, argument_lists: list[tuple], time_limit: float,
                   show_line: Callable[[str], None], count_hidden: Callable[[int], None]) -> Iterator[tuple]:
    """``_run`` in a worker process."""
    import cloudpickle

    try:
        request = (cloudpickle.dumps(function), argument_lists, texts.language())
    except Exception as error:  # noqa: BLE001 - e.g. it uses an open file or a widget
        yield "unpicklable", f"{type(error).__name__}: {error}", []
        return
    worker = WorkerChannel("zuzlab.lessons.worker")
    try:
        worker.send(request)
        for limit in [START_LIMIT] + [time_limit] * len(argument_lists):  # the start, then each case
            deadline = time.monotonic() + limit
            while True:  # prints may come first; the case's clock runs on
                message = worker.receive(deadline - time.monotonic())
                if message == TIMED_OUT:
                    yield "timeout", None, []
                    return
                if message == GONE:  # the worker died (it ran out of memory, or called exit())
                    yield "error", ("SystemExit", texts.text("check.worker_died"), None), []
                    return
                if message[0] == "print":
                    show_line(message[1])
                elif message[0] == "hidden":
                    count_hidden(message[1])
                else:
                    break
            if message[0] == "unloadable":
                yield "unloadable", message[1], []
                return
            if message[0] == "case":
                yield message[1:]
    finally:
        worker.close()


def _run_here(function: Callable, argument_lists: list[tuple], time_limit: float, show_line: Callable[[str], None],
              count_hidden: Callable[[int], None]) -> Iterator[tuple]:
    """``_run`` in the kernel: each case on a copy of its arguments (the function cannot
    spoil the hidden cases), under a ``time_limit.TimeLimit`` of ``time_limit`` seconds, its
    prints capped as a worker's (``worker.Printed``) and shown when the case ends, and its
    answer copied as a worker would send it back (one that cannot be is "unsendable")."""
    told: list[tuple] = []
    printed = Printed(told.append)
    for args in argument_lists:
        status, value, changed = run_one(function, pickle.loads(pickle.dumps(args)), printed,
                                         TimeLimit(time_limit))
        for kind, said in told:
            if kind == "print":
                show_line(said)
            else:
                count_hidden(said)
        told.clear()
        if status == "timeout":
            yield "timeout", None, []
            return
        try:
            outcome = pickle.loads(pickle.dumps((status, value, changed)))
        except Exception:  # noqa: BLE001 - a value a worker could not send back either (a generator …)
            outcome = ("unsendable", type(value).__name__, changed)
        yield outcome


# --- which tasks a student has tried in earnest: a solution fold opens then ----------------------

#: the share of a task's hidden cases a function must get right to open the task's solution fold
EARNEST_SHARE = 0.5

_tried: set[str] = set()
_on_tried: list[weakref.WeakMethod] = []


def tried(task_name: str) -> bool:
    """Has a check of this task in this kernel tried it in earnest (``in_earnest``)?"""
    return task_name in _tried


def in_earnest(result: CheckResult, answers: list) -> bool:
    """Does this check open the task's solution fold: did it pass, or did the student's
    function get at least half of the hidden cases right (``EARNEST_SHARE``), without
    giving every case the same answer (``answers``: those it gave)?

    Why not any check that ran?  ``return 0`` is a check too, and a class finds it at
    once. Why not only a passed one?  A nearly right function is where comparing with a
    solution helps most. A fixed answer is right on a few cases by luck (``return True``
    on most of ``connected``'s), so it opens nothing however many it gets right. A student
    far from an answer learns more from the verdict and its drawing, and the teacher shows
    the solutions in the discussion. The fold is a nudge, not a lock: ``solutions`` can
    always be imported."""
    if result.passed:
        return True
    right = result.cases_run - len(result.failures)
    return right >= EARNEST_SHARE * result.cases_total and not _all_the_same(answers)


def _all_the_same(answers: list) -> bool:
    try:
        return all(bool(answer == answers[0]) for answer in answers[1:])
    except Exception:  # noqa: BLE001 - answers that cannot be compared are not one fixed answer
        return False


def on_tried(method: Callable[[str], None]) -> None:
    """Call the bound ``method(task_name)`` when a task is tried for the first time
    (weakly held: a widget that is gone is forgotten)."""
    _on_tried.append(weakref.WeakMethod(method))


def _mark_tried(task_name: str) -> None:
    if task_name not in _tried:
        _tried.add(task_name)
        for reference in list(_on_tried):
            method = reference()
            if method is not None:
                method(task_name)


# --- the check -------------------------------------------------------------------------------

def _solution(task: Task) -> Callable:
    """The function that gives the task's expected answers (loaded only here)."""
    from . import solutions

    return getattr(solutions, task.solution)


def _change_note(function: Callable, case: Case, change) -> str:
    """What a student reads when their function changed an argument."""
    import inspect

    try:
        names = list(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        names = []
    name = names[change.index] if change.index < len(names) else f"#{change.index + 1}"
    if change.reordered:
        how = texts.text("check.changed_order", name=name)
    elif change.before is not None and change.before != change.after:
        how = texts.text("check.changed_size", name=name, before=texts.quantity("entry", change.before),
                         after=texts.quantity("entry", change.after))
    else:
        how = texts.text("check.changed_other", name=name)
    copy = {"list": f"{name} = list({name})", "Board": f"{name} = {name}.copy()"}.get(
        change.kind, f"{name} = copy.deepcopy({name})")
    return texts.text("check.changed_input", how=how, case=case.describe(), copy=copy)


def check(task: str | Task, function: Callable, seed: int | None = None) -> CheckResult:
    """Run ``function`` on every hidden case of ``task``; the result has ``.passed``,
    ``.failures`` (each with a clear message) and ``.notes``, and shows the first failing
    case drawn. With a ``seed`` (a grader's hidden test), the cases the task draws from it
    (``Task.drawn``) come after the fixed ones.

    After a timeout the check stops: the next cases would only wait as long again."""
    from .tasks import get_task
    from .libraries import borrowed_note

    task = get_task(task)
    if not callable(function):  # check("odd_cities", odd_cities(routes)): the answer, not the function
        raise texts.InputError("check.not_a_function", got=shortened(repr(function), 60),
                               kind=type_phrase(type(function).__name__))
    cases = task.cases() + (task.drawn(seed) if seed is not None and task.drawn is not None else [])
    result = CheckResult(task, cases_total=len(cases))
    expected_of = _solution(task)
    hidden = [0]

    def count_hidden(count: int) -> None:
        hidden[0] = count

    outcomes = _run(function, [case.args for case in cases], task.time_limit, print, count_hidden)
    changed_note = None
    answers = []  # what the function answered (whether it gives every case the same answer)
    for case, (status, value, changed) in zip(cases, outcomes):
        if status in ("unpicklable", "unloadable"):
            result.failures.append(Failure(case, None, None, texts.text("check.unsendable_function", reason=value),
                                           "unsendable"))
            break
        expected = expected_of(*case.args)
        where = texts.text("check.case", case=case.describe())
        result.cases_run += 1
        if changed and changed_note is None:
            changed_note = _change_note(function, case, Change(*changed[0]))
        if status == "timeout":
            message = texts.text(task.timeout, seconds=texts.number(task.time_limit, 1))
            result.failures.append(Failure(case, expected, None, f"{where}: {message}", "timeout",
                                           seconds=task.time_limit))
            break
        if status == "not_written":
            result.failures.append(Failure(case, expected, None, texts.text("check.not_written"), "not_written"))
            break
        if status == "error":
            name, detail, line = value
            key = "check.error_at" if line else "check.error"
            message = texts.text(key, error=name, detail=detail, line=line or 0)
            result.failures.append(Failure(case, expected, None, f"{where}: {message}", "error", error=name))
        elif status == "unsendable":
            message = texts.text("check.unsendable_answer", kind=type_words(value),
                                 wanted=texts.Phrase(task.returns_key))
            result.failures.append(Failure(case, expected, None, f"{where}: {message}", "unsendable"))
        else:
            value = python_answer(value)
            answers.append(value)
            problem = task.judge(case, expected, value)
            if problem is not None:
                result.failures.append(Failure(case, expected, value, f"{where}: {problem}", "wrong"))
    if hidden[0]:
        print(texts.text("check.more_printed", count=hidden[0], lines=texts.number(hidden[0])))
    result.notes += [note for note in (changed_note, borrowed_note(function, task.tools)) if note]
    if in_earnest(result, answers):
        _mark_tried(task.name)
    return result
