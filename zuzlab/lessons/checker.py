"""The checker for student tasks: run a student's function on a task's hidden cases and
say, in the reader's language, what went wrong on the first case it got wrong.

Why a separate process?  A student's endless loop never returns, and Python cannot stop
a thread; a worker process can be stopped, so the kernel (and the notebook) stays
responsive, and a function that eats all memory takes down the worker, not the kernel.
The function is sent there with cloudpickle, which also carries the helper
functions and values it uses from the notebook. What the function prints is sent back and
printed under the cell, so print-debugging works as usual.
"""

from __future__ import annotations

import pickle
import queue
import struct
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from .. import texts
from .worker import read_message

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
    """A student task: hidden cases, the reference solution, and how to judge an answer.

    ``judge(case, expected, got)`` returns ``None`` for a right answer, otherwise a
    message in the reader's language saying what is wrong (a wrong type, a wrong value,
    a route that is not on the map …). ``draw(failure)`` returns a widget that shows the
    failing case (the network, the expected answer, the student's answer)."""

    name: str
    lesson: str
    cases: Callable[[], list[Case]]
    reference: Callable[..., Any]
    judge: Callable[[Case, Any, Any], str | None]
    draw: Callable[["Failure"], Any] | None = None
    time_limit: float = 1.0  # seconds per case

    @property
    def description(self) -> str:
        """What the student's function gets and returns (``[task] NAME``)."""
        return texts.text(f"task.{self.name}")


@dataclass(frozen=True)
class Failure:
    case: Case
    expected: Any
    got: Any
    message: str
    kind: str  # "wrong", "error", "timeout", "not_written", "unsendable"


@dataclass
class CheckResult:
    task: Task
    cases_run: int = 0
    cases_total: int = 0
    failures: list[Failure] = field(default_factory=list)

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
        return "<div class='zuzlab-check'>" + "".join(lines) + "</div>"

    def drawing(self):
        """The first failing case drawn (a widget), or None: nothing to draw when the
        function is not written yet or could not be run at all."""
        if not self.failures or self.task.draw is None or self.failures[0].kind in ("not_written", "unsendable"):
            return None
        return self.task.draw(self.failures[0])

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        display(HTML(self._repr_html_()))
        picture = self.drawing()
        if picture is not None:
            display(picture)


# --- running the student's function in a worker process ------------------------------------

def _run(function: Callable, argument_lists: list[tuple], time_limit: float):
    """Yields ``(status, value, printed)`` per case; after a timeout, stops the worker and
    yields ``("timeout", None, "")`` as the last item.

    The worker is a plain ``python -m zuzlab.lessons.worker`` process: it needs nothing of
    the notebook's or script's main module, and ``kill`` stops even an endless loop. A
    reader thread turns its answers into a queue, so waiting for one can time out."""
    import cloudpickle

    try:
        request = pickle.dumps((cloudpickle.dumps(function), argument_lists))
    except Exception as error:  # noqa: BLE001 - e.g. it uses an open file or a widget
        yield "unpicklable", f"{type(error).__name__}: {error}", ""
        return
    worker = subprocess.Popen([sys.executable, "-m", "zuzlab.lessons.worker"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    answers: queue.Queue = queue.Queue()

    def read_answers() -> None:
        try:
            while True:
                answers.put(read_message(worker.stdout))
        except (EOFError, OSError, pickle.UnpicklingError):
            answers.put(None)

    threading.Thread(target=read_answers, daemon=True, name="zuzlab-check-reader").start()
    try:
        worker.stdin.write(struct.pack("<I", len(request)) + request)
        worker.stdin.close()
        limits = [START_LIMIT] + [time_limit] * len(argument_lists)
        for index, limit in enumerate(limits):
            try:
                answer = answers.get(timeout=limit)
            except queue.Empty:
                yield "timeout", None, ""
                return
            if answer is None:  # the worker died (it ran out of memory, or called exit())
                yield "error", ("SystemExit", texts.text("check.worker_died"), None), ""
                return
            if index == 0 and answer[0] == "ready":
                continue
            yield answer
            if index == 0:
                return  # the function could not be loaded
    finally:
        worker.kill()
        worker.wait(5)
        worker.stdout.close()


def check(task: str | Task, function: Callable) -> CheckResult:
    """Run ``function`` on every hidden case of ``task``; the result has ``.passed`` and
    ``.failures`` (each with a clear message), and shows the first failing case drawn.

    After a timeout the check stops: the next cases would only wait as long again."""
    from . import get_task

    task = get_task(task)
    if not callable(function):
        raise TypeError(texts.text("check.not_a_function", got=type(function).__name__))
    cases = task.cases()
    result = CheckResult(task, cases_total=len(cases))
    outcomes = _run(function, [case.args for case in cases], task.time_limit)
    for case, (status, value, printed) in zip(cases, outcomes):
        if printed:
            print(printed, end="" if printed.endswith("\n") else "\n")
        if status in ("unpicklable", "unloadable"):
            result.failures.append(Failure(case, None, None, texts.text("check.unsendable_function", reason=value),
                                           "unsendable"))
            break
        expected = task.reference(*case.args)
        where = texts.text("check.case", case=case.describe())
        result.cases_run += 1
        if status == "timeout":
            message = texts.text("check.timeout", seconds=texts.number(task.time_limit, 1))
            result.failures.append(Failure(case, expected, None, f"{where}: {message}", "timeout"))
            break
        if status == "not_written":
            result.failures.append(Failure(case, expected, None, texts.text("check.not_written"), "not_written"))
            break
        if status == "error":
            name, detail, line = value
            key = "check.error_at" if line else "check.error"
            message = texts.text(key, error=name, detail=detail, line=line or 0)
            result.failures.append(Failure(case, expected, None, f"{where}: {message}", "error"))
        elif status == "unsendable":
            message = texts.text("check.unsendable_answer", kind=value)
            result.failures.append(Failure(case, expected, None, f"{where}: {message}", "unsendable"))
        else:
            problem = task.judge(case, expected, value)
            if problem is not None:
                result.failures.append(Failure(case, expected, value, f"{where}: {problem}", "wrong"))
    return result
