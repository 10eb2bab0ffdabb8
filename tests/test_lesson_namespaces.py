"""No solution one Tab away: after a student's lesson notebook has run (its stubs checked,
its solution folds shown), nothing the notebook's namespace holds leads to a solution.

A student looks around with Tab: the notebook's names, and the attributes of what they
hold. So the names (public ones: Tab shows no ``_private`` names unless asked) must not be
a solution (``zuzlab.lessons.solutions``) or one of the kit's functions that answer a task
in one call (``ttr.longest_trail``, ``algorithms.shortest_route``, ``ink.score`` …: those
are the kit's library, reached through its modules, and the checker notes when a function
leans on them); and from the names, through modules, dictionaries, lists and the kit's
objects (a task, a check's result …), no solution may be reachable at all, by where it
is defined or by its code (a copy elsewhere is found too). A function leads on through its
``__globals__`` (the namespace of the module that defines it), its closure and its
defaults, as a student who knows Python follows them. The same walk finds the solutions
once the ``zuzlab.lessons`` package itself is bound (it lists every submodule loaded,
``solutions`` among them after a check), and from a function made in the package's
namespace (as ``solution_fold`` once was): so the test can fail both ways.

Each notebook runs in a real kernel (nbclient), which is slow."""

from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from zuzlab import notebooks, texts

ROOT = Path(__file__).resolve().parents[1]
#: every student's lesson notebook (``NN_lesson_<topic>``) in every language
STUDENT_NOTEBOOKS = [ROOT / "notebooks" / lang / f"{source.stem}.ipynb" for lang in texts.LANGUAGES
                     for source in notebooks.lesson_sources().values()]

#: run in the kernel after the notebook: what in its namespace leads to a solution
WALK = '''
def _leads_to_solutions(names, depth=6):
    import types
    from collections import deque
    from zuzlab.lessons import solutions
    from zuzlab.core import PlayerView
    from zuzlab.lessons.libraries import _name_of

    # a solution by where it is defined, or by its code (a copy of it elsewhere is one too)
    codes = {value.__code__.co_code for value in vars(solutions).values()
             if isinstance(value, types.FunctionType) and value.__module__ == solutions.__name__}

    def is_solution(value):
        return value is solutions or getattr(value, "__module__", None) == solutions.__name__ or \\
            (isinstance(value, types.FunctionType) and value.__code__.co_code in codes)

    def kit_object(value):
        if isinstance(value, types.ModuleType):
            module = value.__name__
        elif isinstance(value, (type, types.FunctionType)):
            module = value.__module__
        else:
            module = type(value).__module__
        return (module or "").startswith("zuzlab")

    def filled(cell):
        try:
            cell.cell_contents
        except ValueError:
            return False
        return True

    def inside(value):
        if isinstance(value, types.FunctionType):  # only the kit's: a student's own lead back to the notebook
            cells = [cell.cell_contents for cell in value.__closure__ or () if filled(cell)]
            return ([(".__globals__", value.__globals__)]
                    + [(f".__closure__[{i}]", item) for i, item in enumerate(cells)]
                    + [(f".__defaults__[{i}]", item) for i, item in enumerate(value.__defaults__ or ())])
        if isinstance(value, dict):
            return [(f"[{key!r}]", item) for key, item in value.items()]
        if isinstance(value, (list, tuple, set, frozenset)):
            return [(f"[{i}]", item) for i, item in enumerate(value)]
        if isinstance(value, (types.ModuleType, type)) or kit_object(value):
            attributes = getattr(value, "__dict__", {})
            fields = getattr(value, "__dataclass_fields__", {})
            return [(f".{name}", getattr(value, name, None)) for name in list(attributes) + list(fields)
                    if not name.startswith("_")]
        return []

    found, seen = [], set()
    # a player's view (lesson 12) refuses every read of what its player may not see, and the
    # game behind it holds positions, not functions: it leads nowhere
    roots = [(name, value) for name, value in names.items()
             if not name.startswith("_") and not isinstance(value, PlayerView)]
    found += [f"global {name}: the kit's one-call answer" for name, value in roots
              if not isinstance(value, types.ModuleType) and (_name_of(value) or ("", ""))[0] == "kit"]
    todo = deque((name, value, 0) for name, value in roots)  # breadth first: each value at its shortest path
    while todo:
        path, value, level = todo.popleft()
        if id(value) in seen or isinstance(value, (str, bytes, int, float, bool, type(None))):
            continue
        seen.add(id(value))
        if is_solution(value):
            found.append(path)
            continue
        if level >= depth:
            continue
        if isinstance(value, (types.ModuleType, type, types.FunctionType)) and not kit_object(value):
            continue  # another library (networkx, ipywidgets …), or the student's own: not the kit's to answer for
        todo += [(path + step, item, level + 1) for step, item in inside(value)]
    return sorted(found)

print(__import__("json").dumps(_leads_to_solutions(dict(globals()))))
'''


def _leaks(notebook) -> list[list[str]]:
    """What each of the walk's cells printed (the paths that lead to a solution)."""
    return [json.loads("".join(out["text"] for out in cell["outputs"] if out.get("output_type") == "stream"))
            for cell in notebook.cells if cell.source.startswith("# walk")]


@pytest.mark.notebooks
@pytest.mark.parametrize("path", STUDENT_NOTEBOOKS, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_no_solution_is_reachable_from_a_students_namespace(path, tmp_path):
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell("# walk\n" + WALK))
    # the probes: a function made in the lessons package's namespace leads to its solutions through
    # its globals, and so does the package itself, bound (the walk can find a leak both ways)
    notebook.cells.append(nbformat.v4.new_code_cell(
        "import types as _types, zuzlab.lessons as _package\n"
        "probe = _types.FunctionType((lambda: None).__code__, vars(_package))"))
    notebook.cells.append(nbformat.v4.new_code_cell("# walk\n" + WALK))
    notebook.cells.append(nbformat.v4.new_code_cell("import zuzlab.lessons as lessons_package"))
    notebook.cells.append(nbformat.v4.new_code_cell("# walk\n" + WALK))
    os.environ["ZUZLAB_LANG"] = path.parent.name
    try:
        NotebookClient(notebook, timeout=300, kernel_name="python3",
                       resources={"metadata": {"path": str(tmp_path)}}).execute()
    finally:
        del os.environ["ZUZLAB_LANG"]
    student, through_globals, through_the_package = _leaks(notebook)
    assert student == [], f"{path.name}: a solution is reachable: {student}"
    assert through_globals == ["probe.__globals__['solutions']"]
    assert "lessons_package.solutions" in through_the_package
