"""The checker's worker: ``python -m zuzlab.lessons.worker`` runs a student's function on
the hidden cases it is sent, in a process of its own that the checker can stop.

It reads one message from its standard input, ``(function, argument lists, language)``
pickled with cloudpickle (the language of the notebook, so that what the kit's own code
raises there, a ``Tracks`` refusal say, is in the reader's language too), and writes
pickled messages to its standard output as it goes:

- ``("ready",)`` once the function is loaded (``("unloadable", reason)`` if it cannot be);
- ``("print", line)`` for each line the function prints, as it prints it, up to
  ``PRINTED_LINES`` lines in all; after them ``("hidden", count)`` says how many more
  lines it printed (now and then, and after each case), so that a notebook is not
  flooded and still sees what was printed before an endless loop;
- ``("case", status, value, changed)`` per case: ``status`` is "ok" (``value`` is the
  answer), "error" (``value`` is (name, message, line in the student's code)),
  "not_written" or "unsendable" (``value`` names the type that cannot be sent back);
  ``changed`` lists how the function changed its arguments (``Change``), if it did.
"""

from __future__ import annotations

import contextlib
import functools
import io
import pickle
import struct
import sys
import sysconfig
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NamedTuple

if TYPE_CHECKING:
    from .time_limit import TimeLimit

#: the lines of printed output a check shows at most (the rest is counted)
PRINTED_LINES = 50
#: the characters of one printed line a check shows at most
LINE_CHARACTERS = 300
#: how often, in seconds, the worker says how many lines it has left out
HIDDEN_EVERY = 0.25


def _library_folders() -> tuple[str, ...]:
    """Where code that is not the student's lives: the kit, Python's library and the
    installed packages; in the browser (Pyodide) also the zip of Python's library, and
    its folders written with a doubled leading slash ("//lib/python3.12")."""
    folders = {sysconfig.get_paths()[key] for key in ("stdlib", "purelib", "platlib")}
    folders |= {entry for entry in sys.path if entry.endswith(".zip")}
    return (str(Path(__file__).resolve().parent.parent), "<frozen ",
            *sorted({"/" + folder.lstrip("/") if folder.startswith("//") else folder for folder in folders}))


#: files that are not the student's: the kit's own, Python's and the frozen modules of its import system
_NOT_STUDENT = _library_folders()


class Change(NamedTuple):
    """How a function changed one of its arguments: which one, its type's name, its
    length before and after (None for a value without one), and whether only the order
    changed. (Sent as a plain tuple: the worker runs as ``__main__``.)"""

    index: int
    kind: str
    before: int | None
    after: int | None
    reordered: bool


def shortened(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending in "…" when it was cut (a printed
    line, a value's ``repr`` in a message), so a reader sees that more was left out."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def write_message(stream, message) -> None:
    data = pickle.dumps(message)
    stream.write(struct.pack("<I", len(data)) + data)
    stream.flush()


def read_message(stream):
    """One message, or raises EOFError when the other side has gone."""
    header = stream.read(4)
    if len(header) < 4:
        raise EOFError
    (size,) = struct.unpack("<I", header)
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    return pickle.loads(data)


def is_student_file(filename: str) -> bool:
    """Code the student wrote (a notebook cell, a script), not the kit's or Python's."""
    return not filename.startswith(_NOT_STUDENT)


def where_in_student_code(error: BaseException) -> int | None:
    """The line in the student's own code where the error came from: the deepest frame
    that is neither the kit's nor Python's (a notebook cell counts its lines from 1)."""
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__) if is_student_file(frame.filename)]
    return lines[-1] if lines else None


class Printed(io.TextIOBase):
    """Where the function's prints go: each whole line is sent on at once, up to
    ``PRINTED_LINES`` lines; after that the lines are only counted. ``send(message)``
    takes ``("print", line)`` and ``("hidden", count)``: to the checker's pipe in a
    worker, straight to the checker in the kernel (``checker._run_here``)."""

    def __init__(self, send: Callable[[tuple], object]):
        self.send = send
        self.shown = 0
        self.hidden = 0
        self.partial = ""  # the start of a line not ended yet
        self.reported = (0, time.monotonic())  # the hidden count last sent, and when

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.shown >= PRINTED_LINES:
            self.hidden += text.count("\n")
            self.partial = "…" if not text.endswith("\n") else ""
            self._report_hidden(now=False)
            return len(text)
        *lines, rest = (self.partial + text).split("\n")
        self.partial = rest[:LINE_CHARACTERS + 1]
        for line in lines:
            self._line(line)
        return len(text)

    def _line(self, line: str) -> None:
        if self.shown < PRINTED_LINES:
            self.shown += 1
            self.send(("print", shortened(line, LINE_CHARACTERS)))
        else:
            self.hidden += 1

    def end_case(self) -> None:
        """A case is over: a line left open counts as a line; say what was left out."""
        if self.partial:
            self._line(self.partial)
            self.partial = ""
        self._report_hidden(now=True)

    def _report_hidden(self, now: bool) -> None:
        count, when = self.reported
        if self.hidden != count and (now or time.monotonic() - when >= HIDDEN_EVERY):
            self.send(("hidden", self.hidden))
            self.reported = (self.hidden, time.monotonic())


def changes(before: list, after: tuple) -> list[tuple]:
    """How the arguments after a call differ from copies made before it."""
    found = []
    for index, (old, new) in enumerate(zip(before, after)):
        try:
            same = old == new
        except Exception:  # noqa: BLE001 - a value that cannot be compared is left alone
            same = True
        if same is True:
            continue
        sizes = [len(value) if hasattr(value, "__len__") else None for value in (old, new)]
        try:
            reordered = isinstance(old, (list, tuple)) and Counter(old) == Counter(new)
        except TypeError:  # items that cannot be counted
            reordered = False
        found.append(tuple(Change(index, type(old).__name__, *sizes, reordered)))
    return found


def run_one(function, args, printed: Printed, limit: TimeLimit | None = None) -> tuple:
    """One case: ``(status, value, changed)``. With a ``limit`` (in the kernel, where no
    worker could start) the function is stopped when its time is up: status "timeout",
    also when it caught the stop and returned late; an interrupt of the kernel is the
    reader's, not the function's error, and stops the check."""
    before = pickle.loads(pickle.dumps(args))
    try:
        with contextlib.redirect_stdout(printed), limit or contextlib.nullcontext():
            value = function(*args)
        outcome = ("ok", value)
    except NotImplementedError:
        outcome = ("not_written", None)
    except BaseException as error:  # noqa: BLE001 - report anything the student raises
        if limit is not None and isinstance(error, KeyboardInterrupt):
            raise  # in the kernel: the reader interrupted the check
        outcome = ("error", (type(error).__name__, str(error), where_in_student_code(error)))
    if limit is not None and limit.ran_out:  # stopped (``time_limit.Stopped``), or it caught that and returned late
        outcome = ("timeout", None)
    printed.end_case()
    return (*outcome, changes(before, args))


def main() -> None:
    channel = sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing the function prints outside a case may spoil the channel
    import cloudpickle

    try:
        function_bytes, argument_lists, language = read_message(sys.stdin.buffer)
        from .. import texts

        texts.set_language(language)
        function = cloudpickle.loads(function_bytes)
    except BaseException as error:  # noqa: BLE001 - tell the notebook, whatever it is
        write_message(channel, ("unloadable", f"{type(error).__name__}: {error}"))
        return
    write_message(channel, ("ready",))
    printed = Printed(functools.partial(write_message, channel))
    for args in argument_lists:
        status, value, changed = run_one(function, args, printed)
        try:
            write_message(channel, ("case", status, value, changed))
        except Exception:  # noqa: BLE001 - a value that cannot be sent back (a generator …)
            write_message(channel, ("case", "unsendable", type(value).__name__, changed))


if __name__ == "__main__":
    main()
