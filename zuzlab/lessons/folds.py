"""The solutions a lesson shows: the teaching versions as listings (``show_code``, for the
teacher's notebooks) and the solution folds of a student's notebook (``solution_fold``).

A fold holds a task's solution only once the student has tried the task in earnest
(``checker.tried``): before that the solution is not in the page at all. This module
imports ``solutions`` only inside the functions that show one, so no function here leads
to the solutions through its globals (a notebook binds ``solution_fold``; the lessons
package's own namespace lists ``solutions`` once it is loaded, which is why no function a
notebook binds is defined there).
"""

from __future__ import annotations

import inspect

from .. import texts

#: the teaching versions a task's solution fold shows (names in ``solutions``), in order,
#: for the tasks whose fold shows more than their solution (``Task.solution``, which the
#: checker takes the expected answers from) or other functions: helpers it calls, or the
#: teaching version that a solution scored by the kit stands in for
SHOWN = {
    "whole_map": ("one_track_each", "whole_map_reference"),
    "shortest_route": ("distances_from", "shortest_route_teaching"),
    "connect_three": ("distances_from", "connect_three_teaching"),
    "ink_errors": ("count_errors",), "ink_networks": ("network_exits",), "ink_longest_railway": ("longest_railway",),
}


def shown(task: str) -> tuple[str, ...]:
    """The teaching versions ``task``'s solution fold shows: those ``SHOWN`` names, else
    the task's solution."""
    from .tasks import get_task

    return SHOWN.get(task) or (get_task(task).solution,)


def listing(function) -> str:
    """A teaching version's source with its comments and docstrings in the reader's
    language (``texts.code``): the code a notebook shows is always the tested code."""
    from ..texts import code

    return code.in_language(inspect.getsource(function), texts.language())


def show_code(function):
    """A teaching version's source, highlighted, to display in a notebook (the teacher's
    notebook shows the solutions this way, so they are always the tested ones)."""
    from IPython.display import Code

    return Code(listing(function), language="python")


class SolutionFold:
    """A closed fold for a task's solution in a student's notebook. It holds the solution
    only once the student has tried the task in earnest in this kernel (``checker.tried``):
    before that it says what opens it, and the solution is not in the page at all. It
    fills itself when that check runs, and follows the language."""

    def __init__(self, task: str):
        import ipywidgets as widgets

        from ..widgets.narration import follow_language
        from .checker import on_tried
        from .tasks import get_task

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

    source = "\n\n".join(listing(getattr(solutions, name)) for name in shown(task))
    return highlight(source, PythonLexer(), HtmlFormatter(noclasses=True, nowrap=False))


def solution_fold(task: str):
    """The fold with ``task``'s solution (``SolutionFold``), as a widget."""
    return SolutionFold(task).widget
