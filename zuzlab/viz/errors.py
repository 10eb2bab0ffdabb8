"""How the kit's errors show in a notebook.

An ``InputError`` (a refusal of the rules, a position or save that cannot be, an unknown
name, a broken map file) is about what the reader typed, not about the kit: it shows as
its message in the reader's language and the line of the reader's own code that led to
it, not as a traceback through the kit's files. Every other exception (a bug, in the
reader's code or the kit's) keeps IPython's full traceback. The engines never import
IPython: ``show_briefly`` is called by ``viz.setup_notebook()``, the first cell of every
notebook.
"""

from __future__ import annotations

import linecache
import sysconfig
import traceback
from pathlib import Path
from types import TracebackType
from typing import Any

from .. import texts

#: The kit's own files: frames in them are not shown.
KIT = Path(__file__).resolve().parents[1]
#: Python's and the installed libraries' files: the reader's code calls the kit through them
#: at times (``dataclasses.replace`` making a rules value), and is found behind them.
LIBRARIES = tuple(Path(sysconfig.get_paths()[kind]).resolve() for kind in ("stdlib", "purelib", "platlib"))
RED, RESET = "\x1b[0;31m", "\x1b[0m"  # how IPython colours an exception's name


def show_briefly(shell: Any = None) -> None:
    """From now on show ``InputError``s briefly in this IPython shell (outside IPython:
    nothing to do)."""
    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
    if shell is not None:
        shell.set_custom_exc((texts.InputError,), _show)


def _show(shell: Any, kind: type, error: BaseException, tb: TracebackType, tb_offset: Any = None) -> list[str]:
    """IPython's handler for the kit's errors: sends the brief lines as the cell's error."""
    lines = brief(error, tb, shell)
    shell._showtraceback(kind, error, lines)
    return lines


def brief(error: BaseException, tb: TracebackType | None, shell: Any = None) -> list[str]:
    """The lines a reader sees for ``error``: its kind and message, then the line of the
    reader's code that called the kit."""
    lines = [f"{RED}{type(error).__name__}{RESET}: {error}"]
    caller = _readers_frame(tb, shell)
    if caller is not None:
        filename, line = caller
        code = linecache.getline(filename, line).strip()
        cell = _cell_name(filename, shell)
        where = (texts.text("error.shown_in_cell", cell=cell, line=line, code=code) if cell
                 else texts.text("error.shown_in_file", file=filename, line=line, code=code))
        lines.append(where)
    return lines


def _readers_frame(tb: TracebackType | None, shell: Any = None) -> tuple[str, int] | None:
    """Where the reader's code called into the kit: before the first frame in the kit's
    files, the last that is the reader's (not Python's or a library's, not code Python
    made up such as a dataclass's ``__init__``); the innermost of the reader's frames if
    the kit's files are not in the traceback."""
    frames = [(frame.f_code.co_filename, line) for frame, line in traceback.walk_tb(tb)]
    first_in_kit = next((index for index, (filename, _) in enumerate(frames) if _within(filename, (KIT,))),
                        len(frames))
    readers = [(filename, line) for filename, line in frames[:first_in_kit] if _is_readers(filename, shell)]
    return readers[-1] if readers else None


def _is_readers(filename: str, shell: Any) -> bool:
    if _cell_name(filename, shell):
        return True
    return not filename.startswith("<") and not _within(filename, LIBRARIES)


def _within(filename: str, folders: tuple[Path, ...]) -> bool:
    try:
        path = Path(filename).resolve()
    except (OSError, ValueError):
        return False
    return any(path.is_relative_to(folder) for folder in folders)


def _cell_name(filename: str, shell: Any) -> str | None:
    """A notebook cell's name as IPython gives it ("In[3]"), or None for a file."""
    compiler = getattr(shell, "compile", None)
    named = compiler.format_code_name(filename) if hasattr(compiler, "format_code_name") else None
    return named[1] if named else None
