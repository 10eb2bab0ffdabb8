"""Which library functions a student's function leans on: networkx, the kit's own
algorithms (``zuzlab.algorithms``, ``ttr.longest_trail``, ``ink.score`` …) or the lessons'
solutions. A function that calls ``nx.shortest_path_length`` answers ``shortest_route``
right, and the checker accepts it (the answer is right, and knowing a library is worth
something); but the lesson is about writing the algorithm, so the verdict says what it
leaned on, for the student and for the teacher walking past.

The functions are found by reading the student's code, not by running it: the names it
loads (``nx.connected_components``, ``ttr.longest_trail``, an ``import networkx`` inside
the function) and, in the same way, the student's own helper functions it calls. A
library called some other way (a method of a networkx graph made elsewhere) is not seen;
a note is a hint for the teacher, not a verdict.
"""

from __future__ import annotations

import dis
import sys
import types
from typing import Any, Callable, Iterable

from .. import texts
from .worker import is_student_file

#: the libraries a note names: a module (or the start of its name) → the group it belongs to
WATCHED = {
    "networkx": "networkx",
    "zuzlab.algorithms": "kit",
    "zuzlab.ink.scoring": "kit",
    "zuzlab.ink.steps": "kit",
    "zuzlab.lessons.solutions": "solutions",
}
#: the kit's one-call answers that an engine module hands out under its own name
WATCHED_NAMES = {("zuzlab.ttr", "longest_route"): "kit", ("zuzlab.ttr", "longest_trail"): "kit"}


def _group(module_name: str) -> str | None:
    for start, group in WATCHED.items():
        if module_name == start or module_name.startswith(start + "."):
            return group
    return None


def _name_of(value: Any) -> tuple[str, str] | None:
    """(group, name) of a watched library function or class, else None."""
    if isinstance(value, types.ModuleType):
        return None
    if isinstance(value, type) and issubclass(value, BaseException):
        return None  # catching a library's exception is not leaning on it
    module, name = getattr(value, "__module__", None) or "", getattr(value, "__name__", "")
    group = WATCHED_NAMES.get((module, name)) or (_group(module) if callable(value) else None)
    return (group, name) if group else None


def _is_own_function(value: Any) -> bool:
    return isinstance(value, types.FunctionType) and is_student_file(value.__code__.co_filename)


def borrowed(function: Callable) -> dict[str, list[str]]:
    """The watched library functions ``function`` (and the student's own functions it
    uses) loads, by group ("networkx", "kit", "solutions") → sorted names."""
    found: dict[str, set[str]] = {}
    visited: set[int] = set()

    def note(value: Any) -> None:
        named = _name_of(value)
        if named:
            found.setdefault(named[0], set()).add(named[1])
        elif _is_own_function(value):
            visit(value)

    def visit(fn: types.FunctionType) -> None:
        if id(fn) in visited:
            return
        visited.add(id(fn))
        cells = {name: cell.cell_contents for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ())
                 if _filled(cell)}
        read(fn.__code__, fn.__globals__, cells)
        for value in list(cells.values()) + list(fn.__defaults__ or ()):
            note(value)

    def read(code: types.CodeType, names: dict, cells: dict) -> None:
        local: dict[str, Any] = {}  # names bound inside the function to something watched or own
        importing: Any = None  # the module of the import statement being read
        last: Any = None  # what the instruction before loaded, when it is known
        for instruction in dis.get_instructions(code):
            op, arg = instruction.opname, instruction.argval
            value: Any = None
            if op in ("LOAD_GLOBAL", "LOAD_NAME"):
                value = names.get(arg)
            elif op in ("LOAD_DEREF", "LOAD_CLASSDEREF"):
                value = cells.get(arg)
            elif op == "LOAD_FAST":
                value = local.get(arg)
            elif op in ("LOAD_ATTR", "LOAD_METHOD") and isinstance(last, types.ModuleType):
                value = getattr(last, arg, None)
            elif op == "IMPORT_NAME":
                value = importing = _imported(arg)
            elif op == "IMPORT_FROM" and importing is not None:
                value = getattr(importing, arg, None)
            elif op in ("STORE_FAST", "STORE_NAME", "STORE_DEREF") and last is not None:
                local[arg] = last
            if value is not None:
                note(value)
            last = value
        for constant in code.co_consts:
            if isinstance(constant, types.CodeType):
                read(constant, names, cells)

    if _is_own_function(function):  # the kit's own functions (a teacher's check) lean on nothing
        visit(function)
    return {group: sorted(names) for group, names in found.items()}


def _filled(cell) -> bool:
    try:
        _ = cell.cell_contents  # an empty cell has none: reading it raises
    except ValueError:
        return False
    return True


def _imported(name: str) -> Any:
    """The module an ``import name`` inside the function means, if it is loaded."""
    top = name.split(".")[0]
    return sys.modules.get(top) if name.startswith(tuple(WATCHED)) or top == "zuzlab" else None


def borrowed_note(function: Callable, tools: Iterable[str] = ()) -> str | None:
    """The note a verdict carries when ``function`` leans on a library, or None; the
    ``tools`` a task itself hands out (names as ``borrowed`` gives them) are not noted."""
    found = {group: [name for name in names if name not in tools] for group, names in borrowed(function).items()}
    parts = [texts.text(f"check.library_{group}", names=", ".join(names))
             for group, names in sorted(found.items()) if names]
    return texts.text("check.leans_on", libraries=texts.listing(parts)) if parts else None
