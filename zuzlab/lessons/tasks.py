"""Every lesson task by its name: the table ``lessons.TASKS`` is made from."""

from __future__ import annotations

import functools

from .. import texts
from .checker import Task


@functools.cache
def all_tasks() -> dict[str, Task]:
    """Every task by name, in the order of the lessons (warm-up, core, stretch). Made
    when first asked for: the check worker imports the lessons package too, and needs none
    of the lessons' modules (they load maps, the Railroad Ink engine, networkx)."""
    from . import connecting, ink_scoring, longest_route

    return {**longest_route.TASKS, **connecting.TASKS, **ink_scoring.TASKS}


def get_task(task: str | Task) -> Task:
    """A task by its name (or the task itself); an unknown name is refused with the list."""
    if isinstance(task, Task):
        return task
    if task not in all_tasks():
        raise ValueError(texts.text("check.unknown_task", name=task, known=sorted(all_tasks())))
    return all_tasks()[task]


def tasks_of(lesson: str) -> list[Task]:
    """The tasks of one lesson ("05", "06", "10"), warm-up first."""
    return [task for task in all_tasks().values() if task.lesson == lesson]
