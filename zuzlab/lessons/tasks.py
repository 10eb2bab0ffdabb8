"""Every lesson task by its name: the table ``lessons.TASKS`` is made from.

``LESSON_MODULES`` is the one list of the lessons: everything that lists lessons or tasks
reads ``all_tasks()`` (the checker, the solution folds, and the tests, which then check a
new lesson's tasks, texts and notebook without a list of their own)."""

from __future__ import annotations

import difflib
import functools
import importlib

from .. import texts
from .checker import Task
from .worker import shortened

#: the modules of ``zuzlab.lessons`` that hold the lessons' tasks, each in a ``TASKS`` table
#: (name → ``Task``), in the order of the lessons: a new lesson's module joins here
LESSON_MODULES = ("longest_route", "connecting", "ink_scoring")
#: the lessons checked by steps instead of tasks, by number → their module of ``zuzlab.lessons``,
#: which holds a ``STEPS`` table: a student writes a bot, and each step is a short tournament
#: of it (``check_bot``), not hidden cases with right answers, so no grader can score it
STEP_LESSONS = {"12": "writing_bots"}


@functools.cache
def all_tasks() -> dict[str, Task]:
    """Every task by name, in the order of the lessons (warm-up, core, stretch). Made
    when first asked for: the check worker imports the lessons package too, and needs none
    of the lessons' modules (they load maps, the Railroad Ink engine, networkx). A name
    two modules both use is refused (one task would silently hide the other)."""
    tasks: dict[str, Task] = {}
    found_in: dict[str, str] = {}
    for module in LESSON_MODULES:
        for name, task in importlib.import_module(f"{__package__}.{module}").TASKS.items():
            if name in tasks:
                raise ValueError(f"task {name!r} is in both lessons.{found_in[name]} and lessons.{module}")
            tasks[name], found_in[name] = task, module
    return tasks


def get_task(task: str | Task) -> Task:
    """A task by its name (or the task itself). An unknown name is refused with the list of
    names, and the one it is close to if there is one (a typing slip: "odd_citys")."""
    if isinstance(task, Task):
        return task
    if not isinstance(task, str):  # check(odd_cities, "odd_cities"): the two the wrong way round
        got = task.__name__ if callable(task) and hasattr(task, "__name__") else shortened(repr(task), 60)
        raise texts.InputError("check.task_not_a_name", got=texts.Word(got))
    if task not in all_tasks():
        known, name = ", ".join(sorted(all_tasks())), texts.Word(task)  # names as typed, not words to translate
        close = difflib.get_close_matches(task, all_tasks(), n=1)
        if close:
            raise texts.InputError("check.unknown_task_close", name=name, close=texts.Word(close[0]), known=known)
        raise texts.InputError("check.unknown_task", name=name, known=known)
    return all_tasks()[task]


def tasks_of(lesson: str) -> list[Task]:
    """The tasks of one lesson (by its number, "05"), warm-up first."""
    return [task for task in all_tasks().values() if task.lesson == lesson]


def steps_of(lesson: str) -> list[str]:
    """The steps of a lesson checked by steps (``STEP_LESSONS``), in order; none for a lesson of tasks."""
    if lesson not in STEP_LESSONS:
        return []
    return list(importlib.import_module(f"{__package__}.{STEP_LESSONS[lesson]}").STEPS)
