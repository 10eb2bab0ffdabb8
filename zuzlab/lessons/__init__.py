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
check has run). For the same reason the functions a notebook imports from here are
defined in modules of their own (``checker``, ``tasks``, ``folds``), not in this package:
a function's ``__globals__`` is the namespace of the module that defines it. A solution fold
(``solution_fold``) shows a task's solution once the student has tried it in earnest;
the teacher's notebooks import ``solutions`` and show it (``show_code``).
"""

from __future__ import annotations

from .checker import Case, CheckResult, Failure, Task, check
from .folds import SHOWN, SolutionFold, listing, show_code, solution_fold
from .tasks import get_task, tasks_of


def tournament(*args, **keywords):
    """A class's bot tournament (``lessons.league.tournament``; loaded when first played)."""
    from .league import tournament as play_tournament

    return play_tournament(*args, **keywords)


def load_bots(folder, limits=None):
    """A class's bots from a folder of ``.py`` files (``lessons.entrants.load_bots``)."""
    from .entrants import load_bots as load

    return load(folder, limits)


def __getattr__(name: str):
    if name == "TASKS":  # lessons.TASKS: every task by name (``tasks.all_tasks``), made when first asked for
        from .tasks import all_tasks

        return all_tasks()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Case", "CheckResult", "Failure", "SHOWN", "SolutionFold", "TASKS", "Task", "check", "get_task", "listing",
           "show_code", "solution_fold", "tasks_of", "tournament", "load_bots"]
