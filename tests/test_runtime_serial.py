"""The kit where no process can be started, as in the browser (JupyterLite, Pyodide), taken
on CPython with the ``no_processes`` fixture (``tests/conftest.py``): simulations, studies
and the rule explorer play in this process, and a class's tournament plays the students'
bots in the kernel under a time limit (``lessons.time_limit``). The lesson checker's tests
run both ways in ``tests/test_lessons.py`` (``where``); ``workers=1`` is in ``tests/test_sim.py``."""

import sys
import warnings
from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest
from test_tournament import CLASS, assert_each_broken_file_named, assert_each_fault_named, cell_bot

from zuzlab import sim, texts
from zuzlab.lessons import check, load_bots, tournament
from zuzlab.lessons.solutions import longest_route_reference


def test_a_simulation_plays_here_and_gives_the_table_of_the_pool(request):
    pool = sim.simulate("usa", players=2, games=20, seed=1, workers=2, progress=False)
    request.getfixturevalue("no_processes")
    here = sim.simulate("usa", players=2, games=20, seed=1, progress=False)
    pd.testing.assert_frame_equal(here, pool)


def test_a_simulation_plays_here_as_it_would_on_threads(no_processes):
    """Cut into tasks as for a pool of workers (more than ``sim.CHUNK`` games), played here all the same."""
    with ThreadPoolExecutor(2) as threads:
        elsewhere = sim.simulate("switzerland", players=2, games=11, seed=2, executor=threads, progress=False)
    pd.testing.assert_frame_equal(sim.simulate("switzerland", players=2, games=11, seed=2, progress=False), elsewhere)


def test_workers_asked_for_are_played_here_and_said_once_in_the_readers_language(no_processes, monkeypatch):
    monkeypatch.setattr(sim, "_said_no_processes", False)
    monkeypatch.setitem(sys.modules, "loky", None)  # ``import loky`` fails: it is not installed in the browser
    with pytest.warns(UserWarning, match=r"workers=4: this Python \(in the browser\) cannot start processes"):
        asked = sim.simulate("switzerland", players=2, games=11, seed=2, workers=4, progress=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # said once: a second run says nothing
        again = sim.simulate("switzerland", players=2, games=11, seed=2, workers=4, progress=False)
    pd.testing.assert_frame_equal(asked, sim.simulate("switzerland", players=2, games=11, seed=2, workers=1,
                                                      progress=False))
    pd.testing.assert_frame_equal(asked, again)
    monkeypatch.setattr(sim, "_said_no_processes", False)
    texts.set_language("de")
    try:
        with pytest.warns(UserWarning, match=r"Dieses Python \(im Browser\) kann keine Prozesse starten"):
            sim.simulate("switzerland", players=2, games=11, seed=2, workers=2, progress=False)
    finally:
        texts.set_language("en")


def test_an_executor_given_is_still_used(no_processes):
    class Counted(ThreadPoolExecutor):
        tasks = 0

        def submit(self, *args, **keywords):
            Counted.tasks += 1
            return super().submit(*args, **keywords)

    with Counted(2) as threads:
        sim.simulate("switzerland", players=2, games=11, seed=2, executor=threads, progress=False)
    assert Counted.tasks > 1


def test_a_study_plays_here(no_processes, monkeypatch):
    from zuzlab import playtest

    monkeypatch.setattr(sim, "_said_no_processes", True)  # (said in the test above)
    study = playtest.study(boards=("switzerland",), players=[2], games=12, workers=2, progress=False)
    assert len(study.table) == 2 * 12


def test_the_rule_explorer_plays_here(no_processes):
    from zuzlab.widgets import RuleExplorer

    explorer = RuleExplorer("switzerland", games=11, players=2)
    explorer.controls["trains_per_player"].value = 30
    tables = explorer.simulate()
    assert [len(table) for table in tables.values()] == [22, 22]


def test_a_check_sets_the_trace_function_it_found_again(no_processes):
    """A debugger's or a coverage tool's trace function goes on after a check in the kernel."""
    def tracer(frame, event, arg):
        return None

    sys.settrace(tracer)
    try:
        assert check("longest_route", longest_route_reference).passed
        assert sys.gettrace() is tracer
    finally:
        sys.settrace(None)


def test_a_tournament_in_the_kernel_names_each_fault_as_its_workers_would(no_processes, tmp_path):
    for name in ("illegal", "crash", "loop"):
        (tmp_path / f"{name}.py").write_text(CLASS[name])
    found = load_bots(tmp_path)
    assert not found.problems
    result = tournament(found.entrants, "usa", players=2, rounds=1, seed=5, decision_seconds=0.3, progress=False)
    assert_each_fault_named(result, "0.3")


def test_a_bot_that_catches_every_stop_is_stopped_with_its_line(no_processes, ends_or_dies):
    stubborn = cell_bot("""
        def stubborn(game, rng):
            while True:
                try:
                    game.legal_actions()
                except BaseException:
                    pass
        """, "stubborn")
    result = tournament([stubborn], "usa", players=2, rounds=1, seed=1, decision_seconds=0.3, progress=False)
    faults = result.faults
    assert [fault.kind for fault in faults] == ["timeout", "timeout"]  # once a game, then safe moves
    assert faults[0].line in (3, 4, 5, 6, 7) and "line" in str(faults[0]) and "your cell" in str(faults[0])
    assert all(game.finished for game in result.played)


def test_a_folder_of_bots_is_loaded_in_the_kernel(no_processes, tmp_path):
    assert_each_broken_file_named(tmp_path, load_seconds=0.5)
