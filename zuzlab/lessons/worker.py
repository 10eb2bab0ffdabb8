"""The checker's worker: ``python -m zuzlab.lessons.worker`` runs a student's function on
the hidden cases it is sent, in a process of its own that the checker can stop.

It reads one message from its standard input, ``(function, argument lists)`` pickled with
cloudpickle, and writes one pickled message per line of work to its standard output:
``("ready", None, "")`` once the function is loaded, then ``(status, value, printed)`` per
case, ``printed`` being what the function printed (the checker shows it under the cell).
"""

from __future__ import annotations

import contextlib
import io
import pickle
import struct
import sys
import sysconfig
import traceback
from pathlib import Path

#: files that are not the student's: the kit's own and Python's
_NOT_STUDENT = (str(Path(__file__).resolve().parent.parent),
                *{sysconfig.get_paths()[key] for key in ("stdlib", "purelib", "platlib")})


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


def where_in_student_code(error: BaseException) -> int | None:
    """The line in the student's own code where the error came from: the deepest frame
    that is neither the kit's nor Python's (a notebook cell counts its lines from 1)."""
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__)
             if not frame.filename.startswith(_NOT_STUDENT)]
    return lines[-1] if lines else None


def run_one(function, args) -> tuple:
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            value = function(*args)
        outcome = ("ok", value)
    except NotImplementedError:
        outcome = ("not_written", None)
    except BaseException as error:  # noqa: BLE001 - report anything the student raises
        outcome = ("error", (type(error).__name__, str(error), where_in_student_code(error)))
    return (*outcome, printed.getvalue())


def main() -> None:
    channel = sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing the function prints outside a case may spoil the channel
    import cloudpickle

    try:
        function_bytes, argument_lists = read_message(sys.stdin.buffer)
        function = cloudpickle.loads(function_bytes)
    except BaseException as error:  # noqa: BLE001 - tell the notebook, whatever it is
        write_message(channel, ("unloadable", f"{type(error).__name__}: {error}", ""))
        return
    write_message(channel, ("ready", None, ""))
    for args in argument_lists:
        outcome = run_one(function, args)
        try:
            write_message(channel, outcome)
        except Exception as error:  # noqa: BLE001 - a value that cannot be sent back
            write_message(channel, ("unsendable", f"{type(outcome[1]).__name__}: {error}", outcome[2]))


if __name__ == "__main__":
    main()
