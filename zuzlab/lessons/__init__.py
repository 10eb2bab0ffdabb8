"""Student tasks for the lessons, and the checker that runs them.

Each lesson keeps its tasks in a module of its own (``longest_route`` for lesson 05,
``connecting`` for 06, ``ink_scoring`` for 10): their hidden cases, how an answer is
judged and how a failing case is drawn, and what else the lesson shows. A student writes
a function in a notebook cell and submits it::

    from zuzlab.lessons import check
    result = check("longest_route", my_longest_route)
    result.passed, result.failures, result.notes

The result shows itself in the notebook: how many hidden cases passed and, for the first
one that did not, what went wrong, drawn on the map or board.

The answers are kept apart, in ``solutions``: no module a student's notebook imports
imports it, and a student's notebook binds ``check`` and the lesson's module, not this
package (whose attributes list every submodule loaded, ``solutions`` among them once a
check has run). A solution fold (``solution_fold``) shows a task's solution once the
student has checked a version of their own; the teacher's notebooks import
``solutions`` and show it (``show_code``).
"""

from __future__ import annotations

import functools

from .checker import Case, CheckResult, Failure, Task, check


@functools.cache
def _tasks() -> dict[str, Task]:
    """Every task by name, in the order of the lessons (warm-up, core, stretch). Made
    when first asked for: the check worker imports this package too, and needs none of
    the lessons' modules (they load maps, the Railroad Ink engine, networkx)."""
    from . import connecting, ink_scoring, longest_route

    return {**longest_route.TASKS, **connecting.TASKS, **ink_scoring.TASKS}


def __getattr__(name: str):
    if name == "TASKS":  # lessons.TASKS: every task by name (``_tasks``)
        return _tasks()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

#: the teaching versions a task's solution fold shows (names in ``solutions``), in order
SHOWN = {
    "odd_cities": ("odd_cities_reference",), "longest_route": ("longest_route_reference",),
    "longest_route_fast": ("longest_route_fast_reference",), "whole_map": ("one_track_each", "whole_map_reference"),
    "connected": ("connected_teaching",), "shortest_route": ("distances_from", "shortest_route_teaching"),
    "connect_three": ("distances_from", "connect_three_teaching"),
    "ink_errors": ("count_errors",), "ink_networks": ("network_exits",), "ink_longest_railway": ("longest_railway",),
}


def get_task(task: str | Task) -> Task:
    """A task by its name (or the task itself); an unknown name is refused with the list."""
    if isinstance(task, Task):
        return task
    if task not in _tasks():
        from .. import texts

        raise ValueError(texts.text("check.unknown_task", name=task, known=sorted(_tasks())))
    return _tasks()[task]


def tasks_of(lesson: str) -> list[Task]:
    """The tasks of one lesson ("05", "06", "10"), warm-up first."""
    return [task for task in _tasks().values() if task.lesson == lesson]


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


class SolutionFold:
    """A closed fold for a task's solution in a student's notebook. It holds the solution
    only once the student has checked a version of their own in this kernel (a check that
    ran their function, right or wrong): before that it says so, and the solution is not
    in the page at all. It fills itself when that check runs, and follows the language."""

    def __init__(self, task: str):
        import ipywidgets as widgets

        from ..widgets.narration import follow_language
        from .checker import on_tried

        self.task = get_task(task).name
        self.body = widgets.HTML()
        self.widget = widgets.Accordion(children=[self.body], selected_index=None)
        self.widget.zuzlab_fold = self  # the widget keeps this object (and its listeners) alive
        self.refresh()
        follow_language(self.refresh)
        on_tried(self._tried)

    @property
    def open(self) -> bool:
        from .checker import tried

        return tried(self.task)

    def refresh(self) -> None:
        from .. import texts

        if self.open:
            self.body.value = _highlighted(self.task)
            self.widget.set_title(0, texts.text("label.solution_open", task=self.task))
        else:
            self.body.value = f"<i>{texts.text('label.solution_wait', task=self.task)}</i>"
            self.widget.set_title(0, texts.text("label.solution_locked", task=self.task))

    def _tried(self, task: str) -> None:
        if task == self.task:
            self.refresh()


def _highlighted(task: str) -> str:
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer

    from . import solutions

    source = "\n\n".join(listing(getattr(solutions, name)) for name in SHOWN[task])
    return highlight(source, PythonLexer(), HtmlFormatter(noclasses=True, nowrap=False))


def solution_fold(task: str):
    """The fold with ``task``'s solution (``SolutionFold``), as a widget."""
    return SolutionFold(task).widget


__all__ = ["Case", "CheckResult", "Failure", "SHOWN", "SolutionFold", "TASKS", "Task", "check", "get_task", "listing",
           "show_code", "solution_fold", "tasks_of"]
