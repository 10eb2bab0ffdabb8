"""A time limit for a student's code run in the kernel itself. Where no worker process can
be started (the browser: JupyterLite, Pyodide; ``runtime``), a lesson check runs the
student's function here (``checker._run_here``) and a class's tournament its bots
(``entrants.BotInKernel``).

A worker can be killed; the kernel cannot. So a trace function (``sys.settrace``) reads
the clock at every line of the student's code (``worker.is_student_file``) and at every
call of a Python function, and once the time is up raises ``Stopped`` there: a
``BaseException``, which ``except Exception`` does not catch. Python removes a trace
function that raised, and code that catches even ``Stopped`` (``except BaseException``,
a bare ``except:``) would then run on unwatched. So the student's code that lets go of a
``Stopped`` (its handler ends) or calls any function after it was raised sets the trace
function again, and the next line raises again, until one raises where no handler of the
student's catches it (in the handler, at the loop's own line): such a loop ends too.

What the kernel cannot stop, where a worker would be killed:

- a long call into C: ``sum(range(10**12))``, ``time.sleep(60)``, a sort of a huge
  list. No line of Python runs until it returns, so it is stopped only then;
- memory: there is no memory limit in the browser (no RLIMIT), and code that fills the
  memory takes the kernel down;
- ``os._exit()``, which ends the kernel; a loop that catches every ``Stopped``, keeps it
  and calls nothing (never let go, never a call), which nothing sets watching again; and
  a recursion that catches everything at Python's recursion limit and recurses again.

Watched code runs slower, as a trace function is called at each of its lines and calls:
the lessons' teaching versions 3 to 10 times (CPython 3.11 and Pyodide alike), so a time
limit in the kernel is tighter than a worker's for the same code.
"""

from __future__ import annotations

import sys
from time import monotonic
from types import FrameType
from typing import Any, Callable

from .worker import is_student_file

#: a trace function: ``trace(frame, event, arg)`` gives the frame's local trace function or None
TraceFunction = Callable[[FrameType, str, Any], Callable | None]


class Stopped(BaseException):
    """Raised in a student's code that ran out of time: by a ``TimeLimit`` in the kernel, or
    by the tournament's ``SIGUSR1`` in a bot's worker (``bot_worker``). A BaseException:
    ``except Exception`` does not catch it. Code that catches it anyway and lets it go
    gives the ``limit`` that raised it its trace function back (the module's text)."""

    def __init__(self, limit: TimeLimit | None = None):
        super().__init__()
        self.limit = limit

    def __del__(self) -> None:
        if self.limit is not None:
            self.limit.watch_again(sys._getframe(1))


class TimeLimit:
    """``with TimeLimit(seconds):`` around a call of a student's code stops it once
    ``seconds`` are up (the module's text); ``ran_out`` says afterwards whether they were.
    ``inner`` is a trace function of the caller's that still sees every event it asks for
    (``bot_worker.returning_line``); ``seconds=None``: no limit, ``inner`` alone. The trace
    and profile functions that were set before are set again after."""

    def __init__(self, seconds: float | None, inner: TraceFunction | None = None):
        self.seconds, self.inner = seconds, inner
        self.deadline = float("inf")
        self.armed = False  # between the ``with``'s start and end
        self.ran_out = False
        self._home: FrameType | None = None  # the frame of the ``with``
        self._before: tuple[Any, Any] = (None, None)
        self._local = self._lines()  # the local trace function of each of the student's frames

    def __enter__(self) -> TimeLimit:
        self._before = (sys.gettrace(), sys.getprofile())
        self._home = sys._getframe(1)
        self.ran_out = False
        if self.seconds is None:
            sys.settrace(self.inner)
            return self
        self.deadline = monotonic() + self.seconds
        self._local = self._lines()
        self.armed = True
        sys.settrace(self._calls)
        return self

    def __exit__(self, *exception: Any) -> None:
        self.armed = False  # first: the calls below set nothing again
        sys.setprofile(self._before[1])
        sys.settrace(self._before[0])
        self.ran_out = monotonic() > self.deadline
        self._home = None

    def _stop(self) -> None:
        """The time is up: raise ``Stopped`` where the student's code is now. From here on
        any call sets the trace function again, should the student's code have caught it."""
        sys.setprofile(self._on_call)
        raise Stopped(self)

    def _calls(self, frame: FrameType, event: str, arg: Any) -> Callable | None:
        """The trace function of a new frame: the clock read at the call, and the frame's
        lines watched if it is the student's (or ``inner`` asks for them)."""
        if frame.f_code.co_filename == __file__:  # this module's own calls (``__exit__``) are never stopped
            return None
        if monotonic() > self.deadline:
            self._stop()
        inner = self.inner(frame, event, arg) if self.inner is not None else None
        if inner is not None:
            return self._lines_and(inner)
        return self._local if is_student_file(frame.f_code.co_filename) else None

    def _lines(self) -> Callable:
        """A frame's local trace function: the clock read at each line (called at every
        line of the student's code, so kept to the least)."""
        deadline, stop = self.deadline, self._stop

        def local(frame: FrameType, event: str, arg: Any) -> Callable:
            if event == "line" and monotonic() > deadline:
                stop()
            return local

        return local

    def _lines_and(self, inner: Callable | None) -> Callable:
        """``_lines`` that also hands every event to ``inner``'s local trace function."""
        lines = self._lines()

        def local(frame: FrameType, event: str, arg: Any) -> Callable:
            nonlocal inner
            lines(frame, event, arg)
            if inner is not None:
                inner = inner(frame, event, arg)
            return local

        return local

    def _on_call(self, frame: FrameType, event: str, arg: Any) -> None:
        """The profile function once the time is up: a call from the student's code, or of
        it, sets the trace function again (Python removed it when it raised)."""
        if event == "c_call" or (event == "call" and is_student_file(frame.f_code.co_filename)):
            self.watch_again(frame)
        elif event == "call":
            self.watch_again(frame.f_back)

    def watch_again(self, frame: FrameType | None) -> None:
        """Set the trace function again, if it is gone while the student's code runs at
        ``frame`` (not the kit's: its handlers that caught ``Stopped`` go on unwatched),
        with every frame of the student's from there to the ``with`` watched line by line."""
        if not self.armed or sys.gettrace() is not None or frame is None \
                or not is_student_file(frame.f_code.co_filename):
            return
        while frame is not None and frame is not self._home:
            if frame.f_trace is None and is_student_file(frame.f_code.co_filename):
                frame.f_trace = self._local
            frame = frame.f_back
        sys.settrace(self._calls)
