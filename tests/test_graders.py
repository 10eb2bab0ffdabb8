"""A lesson exported for a school's grader (``zuzlab.lessons.graders``) and graded by the
real tools, offline: otter-grader (``otter assign``, then ``otter run``, its mode without
Docker) and nbgrader (``generate_assignment``, then ``autograde``). A right submission
gets every point, a wrong one fewer, with the kit's message as the feedback."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from zuzlab import texts
from zuzlab.lessons import graders, tasks_of

#: the tools' commands come with the test extras, next to this Python
BIN = Path(sys.executable).parent
SEED = 4242
WRONG_ODD_CITIES = "def odd_cities(routes):\n    return set()\n"


def run(command: list[str], folder: Path) -> None:
    """Run a grader's command in ``folder``; nbgrader finds its helper ``alembic`` on PATH."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"


def with_cell(notebook: Path, target: Path, start: str, source: str) -> None:
    """A copy of ``notebook`` whose cell starting with ``start`` reads ``source``."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))
    changed = [cell for cell in cells["cells"] if "".join(cell["source"]).startswith(start)]
    assert len(changed) == 1, f"{notebook.name}: {len(changed)} cells start with {start!r}"
    changed[0]["source"] = source
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(cells), encoding="utf-8")


# --- the refusals: quick, and nothing written ----------------------------------------------------

@pytest.mark.parametrize("call, key", [
    (dict(lesson="07"), "error.grader_unknown_lesson"),
    (dict(tool="moodle"), "error.grader_unknown_tool"),
    (dict(language="xx"), "error.no_language"),
    (dict(points={"odd_city": 2}), "error.grader_points_task"),
    (dict(points={"odd_cities": 0}), "error.grader_points"),
    (dict(points={"odd_cities": True}), "error.grader_points"),
])
def test_a_bad_export_is_refused_by_name_and_writes_nothing(tmp_path, call, key):
    folder = tmp_path / "assignment"
    with pytest.raises(texts.InputError) as refused:
        graders.export(**{"lesson": "05", "tool": "otter", "folder": folder, **call})
    assert refused.value.key == key
    assert not folder.exists()


def test_a_lesson_checked_by_steps_is_refused_with_its_steps_and_the_lessons_with_tasks(tmp_path):
    """Lesson 12 has a student notebook but no tasks (its steps are tournaments of a bot):
    refused by name, not as an unknown lesson, and nothing written."""
    folder = tmp_path / "assignment"
    with pytest.raises(texts.InputError) as refused:
        graders.export("12", "otter", folder)
    assert refused.value.key == "error.grader_steps_lesson"
    message = str(refused.value)
    assert "beat_random, beat_tickets, beat_agents, ink_score" in message and "05, 06, 10" in message
    assert not folder.exists()


def test_a_folder_with_files_in_it_is_refused_and_left_as_it_was(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(texts.InputError) as refused:
        graders.export("05", "nbgrader", tmp_path)
    assert str(tmp_path) in refused.value.in_language("en") and str(tmp_path) in refused.value.in_language("de")
    assert [path.name for path in tmp_path.iterdir()] == ["notes.txt"]


def test_the_command_names_the_problem_in_the_readers_language(tmp_path, capsys):
    with pytest.raises(SystemExit):
        graders.main(["05", "moodle", str(tmp_path / "a"), "--language", "de"])
    assert texts.text("error.grader_unknown_tool", tool=texts.Word("moodle"), known="otter, nbgrader") \
        in capsys.readouterr().err


def test_each_task_is_a_graded_part_with_points_warm_up_fewest_and_the_kit_pinned(tmp_path):
    master = graders.export("05", "otter", tmp_path / "otter", points={"whole_map": 5}, seed=SEED)
    source = "".join("".join(cell["source"]) for cell in json.loads(master.read_text())["cells"])
    names = [task.name for task in tasks_of("05")]
    for name, points in zip(names, (1, 2, 3, 5)):
        assert f"# BEGIN QUESTION\nname: {name}\npoints: {points}\n" in source
        assert f"graded_check({name!r}, {name}, 'en', seed={SEED})" in source
    assert (tmp_path / "otter" / "requirements.txt").read_text() == f"zuzlab=={metadata.version('zuzlab')}\n"


# --- graded by the real tools ----------------------------------------------------------------------

@pytest.mark.slow
def test_otter_grades_a_right_submission_full_and_a_wrong_one_less_with_the_kits_message(tmp_path):
    master = graders.export("05", "otter", tmp_path, seed=SEED)
    run([str(BIN / "otter"), "assign", master.name, "dist"], tmp_path)
    student = (tmp_path / "dist" / "student" / master.name).read_text(encoding="utf-8")
    assert "graded_check" not in student and str(SEED) not in student and "zuzlab.lessons.solutions" not in student
    autograder = next((tmp_path / "dist" / "autograder").glob("*.zip"))
    right = tmp_path / "dist" / "autograder" / master.name  # the solutions
    wrong = tmp_path / "wrong" / master.name
    with_cell(right, wrong, "def odd_cities(", WRONG_ODD_CITIES)
    scores = {}
    for name, submission in (("right", right), ("wrong", wrong)):
        (tmp_path / name).mkdir(exist_ok=True)
        run([str(BIN / "otter"), "run", "-a", str(autograder), "-o", str(tmp_path / name), str(submission)], tmp_path)
        results = json.loads((tmp_path / name / "results.json").read_text())["tests"]
        scores[name] = {test["name"]: (test["score"], test["max_score"]) for test in results if "score" in test}
        feedback = {test["name"]: test["output"] for test in results}
    assert scores["right"] == {"odd_cities": (1, 1), "longest_route": (2, 2), "longest_route_fast": (3, 3),
                               "whole_map": (3, 3)}
    assert scores["wrong"] == {**scores["right"], "odd_cities": (0, 1)}
    assert "the cities Denver and Omaha are odd but missing from your answer" in feedback["odd_cities"]


@pytest.mark.slow
def test_nbgrader_grades_a_right_submission_full_and_a_wrong_one_less_with_the_kits_german_message(tmp_path):
    source = graders.export("05", "nbgrader", tmp_path, language="de", seed=SEED)
    run([str(BIN / "nbgrader"), "generate_assignment", "lesson05"], tmp_path)
    released = (tmp_path / "release" / "lesson05" / source.name).read_text(encoding="utf-8")
    assert "graded_check" not in released and str(SEED) not in released and "zuzlab.lessons.solutions" not in released
    assert "Der bewertete Test von odd_cities ist verborgen" in released
    submitted = tmp_path / "submitted"
    (submitted / "right" / "lesson05").mkdir(parents=True)
    shutil.copy(source, submitted / "right" / "lesson05")  # the solutions
    with_cell(source, submitted / "wrong" / "lesson05" / source.name, "def odd_cities(", WRONG_ODD_CITIES)
    run([str(BIN / "nbgrader"), "autograde", "lesson05"], tmp_path)
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gradebook:
        scores = {student: (gradebook.find_submission("lesson05", student).score,
                            gradebook.find_submission("lesson05", student).max_score) for student in ("right", "wrong")}
    assert scores == {"right": (9, 9), "wrong": (8, 9)}
    graded = json.loads((tmp_path / "autograded" / "wrong" / "lesson05" / source.name).read_text())
    test = next(cell for cell in graded["cells"] if cell["metadata"].get("nbgrader", {}).get("grade_id")
                == "test_odd_cities")
    assert "Die Städte Denver und Omaha sind ungerade, fehlen aber in deiner Antwort" in test["outputs"][0]["evalue"]


# --- the cases drawn from the hidden tests' seed ---------------------------------------------------

def test_the_drawn_cases_are_the_same_for_a_seed_and_others_for_another_seed():
    from zuzlab.lessons.longest_route import drawn_network_cases

    def networks(seed):
        return [[route.id for route in case.args[0]] for case in drawn_network_cases(seed)]

    assert networks(SEED) == networks(SEED) and networks(SEED) != networks(SEED + 1)
    assert len(networks(SEED)) == 4


@pytest.mark.slow
def test_every_teaching_version_passes_the_cases_drawn_from_a_seed_too():
    from zuzlab.lessons import TASKS, check, solutions

    drawing = [task for task in TASKS.values() if task.drawn is not None]
    assert {task.lesson for task in drawing} == {"05", "06", "10"}
    for task in drawing:
        result = check(task, getattr(solutions, task.solution), seed=SEED)
        assert result.passed, f"{task.name}: {result.failures[0].message}"
        assert result.cases_total == len(task.cases()) + len(task.drawn(SEED)) > len(task.cases())
