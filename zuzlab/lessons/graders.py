"""A lesson as an assignment of a school's grader: otter-grader (Gradescope, Canvas, or
``otter run`` on the teacher's machine) or nbgrader (JupyterHub).

``export("05", "otter", folder)`` (or ``python -m zuzlab.lessons.graders 05 otter folder``)
writes the student's lesson notebook in one language as the grader's source notebook:
each task of the lesson is a graded part with points, whose solution is the kit's
teaching version and whose graded test is the kit's own check (``graded_check``). The
test passes only when the check passes, and its failure is the kit's message in the
student's language, which both graders show as feedback. The student's notebook keeps its
``check(…)`` cells, so students check themselves as in class.

Why a seed?  The graded test runs the task's fixed hidden cases and cases drawn from a
seed chosen when the assignment is made (``Task.drawn``). The seed is written only into
the hidden tests, which both graders keep out of the student's notebook (otter: the
autograder zip; nbgrader: the gradebook), so an answer table for the fixed cases, which
anyone can make with the installed kit, does not pass. Grading again gives the same
score. What stays readable is said in the README (*Lessons in a school's grader*).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import secrets
import sys
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Mapping

from .. import texts

#: the graders an assignment can be made for
TOOLS = ("otter", "nbgrader")
#: the most points the default gives a task (the warm-up 1, the core task 2, the stretch 3)
MOST_DEFAULT_POINTS = 3


def default_points(lesson: str) -> dict[str, int]:
    """Points by task: the tasks come warm-up first, so each is worth one more than the one
    before, at most ``MOST_DEFAULT_POINTS`` (lesson 05: 1, 2, 3 and 3 for the challenge)."""
    from .tasks import tasks_of

    return {task.name: min(index + 1, MOST_DEFAULT_POINTS) for index, task in enumerate(tasks_of(lesson))}


def graded_check(task: str, function: Any, language: str, seed: int | None = None) -> None:
    """The graded test of a task: the kit's check in the student's language, with the cases
    drawn from ``seed`` (``lessons.check``). A check that does not pass raises
    ``AssertionError`` with the kit's verdict and its message on the first wrong case."""
    from .checker import check

    texts.set_language(language)
    result = check(task, function, seed=seed)
    if not result.passed:
        raise AssertionError(f"{result.summary()}\n{result.failures[0].message}")


def kit_requirement() -> str:
    """The line that installs this version of the kit (``zuzlab==0.1.0``)."""
    return f"zuzlab=={metadata.version('zuzlab')}"


def lesson_notebook(lesson: str, language: str, notebooks: Path | None = None) -> Path:
    """The student's notebook of a lesson in a language (``notebooks/en/05_lesson_….ipynb``
    of the kit's clone, or of ``notebooks``)."""
    folder = (notebooks or Path(__file__).resolve().parents[2] / "notebooks") / language
    found = sorted(folder.glob(f"{lesson}_lesson_*.ipynb"))
    if not found:
        raise texts.InputError("error.grader_no_notebook", lesson=lesson, folder=str(folder))
    return found[0]


def export(lesson: str, tool: str, folder: str | Path, language: str = "en", points: Mapping[str, int] | None = None,
           seed: int | None = None, notebooks: Path | None = None) -> Path:
    """Write a ready assignment of ``lesson`` for ``tool`` ("otter" or "nbgrader") into
    ``folder`` (new or empty), in ``language``; returns the notebook written. ``points``
    (task → points) changes the ``default_points`` of the tasks it names; ``seed`` is the
    hidden tests' seed (drawn at random when not given)."""
    from .tasks import STEP_LESSONS, all_tasks, steps_of, tasks_of

    lessons = sorted({task.lesson for task in all_tasks().values()})
    if lesson in STEP_LESSONS:  # a bot's steps are tournaments, not hidden cases a grader can score
        raise texts.InputError("error.grader_steps_lesson", lesson=texts.Word(str(lesson)),
                               steps=", ".join(steps_of(lesson)), known=", ".join(lessons))
    if lesson not in lessons:
        raise texts.InputError("error.grader_unknown_lesson", lesson=texts.Word(str(lesson)), known=", ".join(lessons))
    if tool not in TOOLS:
        raise texts.InputError("error.grader_unknown_tool", tool=texts.Word(str(tool)), known=", ".join(TOOLS))
    if language not in texts.LANGUAGES:
        raise texts.InputError("error.no_language", language=repr(language), languages=", ".join(texts.LANGUAGES))
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise texts.InputError("error.grader_folder_not_empty", folder=str(folder))
    names = [task.name for task in tasks_of(lesson)]
    scores = {**default_points(lesson), **_checked_points(points or {}, names, lesson)}
    source = lesson_notebook(lesson, language, notebooks)
    notebook = json.loads(source.read_text(encoding="utf-8"))
    seed = secrets.randbelow(10 ** 9) if seed is None else seed
    part = _Part(notebook, source.name, language, seed)
    cells = part.otter(names, scores) if tool == "otter" else part.nbgrader(names, scores)
    for index, cell in enumerate(cells):  # nbformat 4.5 wants an id on each cell; fixed by the content
        cell.setdefault("id", hashlib.sha1(f"{index}/{''.join(cell['source'])}".encode()).hexdigest()[:8])
    notebook["cells"] = cells
    assignment = f"lesson{lesson}"
    target = folder / source.name if tool == "otter" else folder / "source" / assignment / source.name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (folder / "requirements.txt").write_text(kit_requirement() + "\n", encoding="utf-8")
    if tool == "nbgrader":
        (folder / "nbgrader_config.py").write_text(NBGRADER_CONFIG, encoding="utf-8")
    return target


def _checked_points(points: Mapping[str, int], names: list[str], lesson: str) -> dict[str, int]:
    for name, value in points.items():
        if name not in names:
            raise texts.InputError("error.grader_points_task", task=texts.Word(str(name)), lesson=lesson,
                                   known=", ".join(names))
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise texts.InputError("error.grader_points", task=texts.Word(name), points=repr(value))
    return dict(points)


#: nbgrader's settings for the course folder: a solution region becomes nothing (the cell
#: keeps the lesson's own start of the function, which raises NotImplementedError)
NBGRADER_CONFIG = """c = get_config()  # noqa: F821 - nbgrader's config files are read with get_config defined
c.ClearSolutions.code_stub = {"python": ""}
"""


class _Part:
    """The lesson notebook's cells made into one grader's cells."""

    def __init__(self, notebook: dict, name: str, language: str, seed: int):
        self.cells, self.name, self.language, self.seed = notebook["cells"], name, language, seed

    def stub_cell(self, task: str) -> int:
        """The index of the cell where the student writes ``task``."""
        for index, cell in enumerate(self.cells):
            if cell["cell_type"] == "code" and "".join(cell["source"]).startswith(f"def {task}("):
                return index
        raise texts.InputError("error.grader_no_task_cell", task=texts.Word(task), notebook=self.name)

    def test_code(self, task: str) -> str:
        return ("from zuzlab.lessons.graders import graded_check\n"
                f"graded_check({task!r}, {task}, {self.language!r}, seed={self.seed})")

    def solution(self, task: str) -> str:
        """The solution: the kit's teaching version (the teacher's notebook shows its code)."""
        from .folds import shown

        return f"from zuzlab.lessons.solutions import {shown(task)[-1]} as {task}"

    def otter(self, names: list[str], points: dict[str, int]) -> list[dict]:
        """The master notebook of ``otter assign``: exception-based tests, each hidden."""
        config = {"name": self.name.split("_")[0], "requirements": "requirements.txt", "init_cell": False,
                  "check_all_cell": False, "export_cell": False, "tests": {"ok_format": False}}

        def question(task: str, stub: str) -> list[dict]:
            test = ('""" # BEGIN TEST CONFIG\nhidden: true\n""" # END TEST CONFIG\n'
                    f"def test_{task}({task}):\n" + _indented(self.test_code(task)))
            return [_raw(f"# BEGIN QUESTION\nname: {task}\npoints: {points[task]}\ncheck_cell: false"),
                    _raw("# BEGIN SOLUTION"),
                    _code(f"{stub}\n# BEGIN SOLUTION NO PROMPT\n{self.solution(task)}\n# END SOLUTION"),
                    _raw("# END SOLUTION"), _raw("# BEGIN TESTS"), _code(test), _raw("# END TESTS"),
                    _raw("# END QUESTION")]

        return [_raw("# ASSIGNMENT CONFIG\n" + _yaml(config)), *self.with_questions(names, question)]

    def nbgrader(self, names: list[str], points: dict[str, int]) -> list[dict]:
        """nbgrader's source notebook: a solution cell and a graded, locked test cell whose
        test is hidden (only the gradebook keeps it)."""

        def question(task: str, stub: str) -> list[dict]:
            hidden = texts.text("grader.hidden_test", self.language, task=texts.Word(task))
            return [_code(f"{stub}\n### BEGIN SOLUTION\n{self.solution(task)}\n### END SOLUTION",
                          nbgrader={"solution": True, "grade": False, "locked": False, "grade_id": task}),
                    _code(f"# {hidden}\n### BEGIN HIDDEN TESTS\n{self.test_code(task)}\n### END HIDDEN TESTS",
                          nbgrader={"solution": False, "grade": True, "locked": True, "grade_id": f"test_{task}",
                                    "points": points[task]})]

        return self.with_questions(names, question)

    def with_questions(self, names: list[str], question: Callable[[str, str], list[dict]]) -> list[dict]:
        """The lesson's cells, each task's stub cell (its function, raising NotImplementedError)
        replaced by ``question(task, stub)``: the grader's cells for that task."""
        questions = {self.stub_cell(task): task for task in names}
        cells: list[dict] = []
        for index, cell in enumerate(self.cells):
            task = questions.get(index)
            cells += [cell] if task is None else question(task, "".join(cell["source"]).rstrip("\n"))
        return cells


def _code(source: str, **nbgrader: dict) -> dict:
    metadata = {"nbgrader": {**nbgrader["nbgrader"], "schema_version": 3}} if nbgrader else {}
    return {"cell_type": "code", "execution_count": None, "metadata": metadata, "outputs": [],
            "source": source.splitlines(keepends=True)}


def _raw(source: str) -> dict:
    return {"cell_type": "raw", "metadata": {}, "source": source.splitlines(keepends=True)}


def _indented(code: str) -> str:
    return "".join(f"    {line}\n" for line in code.splitlines())


def _yaml(config: dict) -> str:
    """Otter's assignment config as YAML (JSON's values are YAML; nested tables one level)."""
    lines = []
    for key, value in config.items():
        if isinstance(value, dict):
            lines += [f"{key}:"] + [f"  {inner}: {json.dumps(item)}" for inner, item in value.items()]
        else:
            lines.append(f"{key}: {json.dumps(value)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """``python -m zuzlab.lessons.graders LESSON TOOL FOLDER [--language de] [--points TASK=N …] [--seed N]``"""
    parser = argparse.ArgumentParser(prog="python -m zuzlab.lessons.graders",
                                     description=texts.text("grader.description"))
    parser.add_argument("lesson", help=texts.text("grader.help_lesson"))
    parser.add_argument("tool", help=texts.text("grader.help_tool", tools=", ".join(TOOLS)))
    parser.add_argument("folder", type=Path, help=texts.text("grader.help_folder"))
    parser.add_argument("--language", default=texts.language(),
                        help=texts.text("grader.help_language", languages=", ".join(texts.LANGUAGES)))
    parser.add_argument("--points", action="append", default=[], metavar="TASK=N",
                        help=texts.text("grader.help_points"))
    parser.add_argument("--seed", type=int, help=texts.text("grader.help_seed"))
    args = parser.parse_args(argv)
    try:
        points = {}
        for given in args.points:
            name, _, value = given.partition("=")
            if not value.strip().isdigit():
                raise texts.InputError("error.grader_points", task=texts.Word(name), points=repr(value))
            points[name] = int(value)
        written = export(args.lesson, args.tool, args.folder, args.language, points, args.seed)
    except texts.InputError as problem:
        parser.error(str(problem))
    print(texts.text(f"grader.done_{args.tool}", notebook=str(written), folder=str(args.folder),
                     assignment=f"lesson{args.lesson}"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
