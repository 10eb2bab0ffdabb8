"""Student tasks for the lessons, and the checker that runs them.

Each lesson keeps its tasks in a module of its own (``longest_route`` for lesson 05,
``connecting`` for 06, ``ink_scoring`` for 10), with the short teaching versions of its
algorithms. A student writes a function in a notebook cell and submits it::

    from zuzlab import lessons
    result = lessons.check("longest_route", my_longest_route)
    result.passed, result.failures

The result shows itself in the notebook: how many hidden cases passed and, for the first
one that did not, what went wrong, drawn on the map or board.
"""

from __future__ import annotations

from .checker import Case, CheckResult, Failure, Task, check
from . import longest_route as _lesson05, connecting as _lesson06, ink_scoring as _lesson10

#: every task by name, in the order of the lessons (warm-up, core, stretch)
TASKS: dict[str, Task] = {**_lesson05.TASKS, **_lesson06.TASKS, **_lesson10.TASKS}


def get_task(task: str | Task) -> Task:
    """A task by its name (or the task itself); an unknown name is refused with the list."""
    if isinstance(task, Task):
        return task
    if task not in TASKS:
        from .. import texts

        raise ValueError(texts.text("check.unknown_task", name=task, known=sorted(TASKS)))
    return TASKS[task]


def tasks_of(lesson: str) -> list[Task]:
    """The tasks of one lesson ("05", "06", "10"), warm-up first."""
    return [task for task in TASKS.values() if task.lesson == lesson]


def listing(function) -> str:
    """A teaching version's source with its comments and docstrings in the reader's
    language (``texts.code``): the code a notebook shows is always the tested code."""
    import inspect

    from .. import texts
    from ..texts import code

    return code.in_language(inspect.getsource(function), texts.language())


def show_code(function):
    """A teaching version's source, highlighted, to display in a notebook (the teacher's
    notebook shows the solutions this way, so they are always the tested ones)."""
    from IPython.display import Code

    return Code(listing(function), language="python")


def folded_code(function, title: str):
    """A teaching version's source in a closed fold titled ``title``: a student opens it
    after trying, it does not give the answer away on the page."""
    import ipywidgets as widgets
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer

    code = highlight(listing(function), PythonLexer(), HtmlFormatter(noclasses=True, nowrap=False))
    fold = widgets.Accordion(children=[widgets.HTML(code)], selected_index=None)
    fold.set_title(0, title)
    return fold


__all__ = ["Case", "CheckResult", "Failure", "TASKS", "Task", "check", "folded_code", "get_task", "listing", "show_code",
           "tasks_of"]
