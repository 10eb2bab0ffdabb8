"""The test session's own settings: the language a user chose for themselves (remembered
in their Jupyter data directory, or fixed by ``ZUZLAB_LANG``) must not change what the
tests see. Set before zuzlab is imported; notebook kernels and JupyterLab inherit it.

Markers (declared in ``pyproject.toml``): ``notebooks`` on every run of the kit's
notebooks (nbval's items are marked here, the other runs where they are written),
``browser`` on ``test_browser.py``, and ``slow`` on what takes seconds or more, each
notebook run and browser test included, so the quick inner loop ``pytest -m "not slow"``
leaves them all out."""

import faulthandler
import os
import tempfile

import pytest

os.environ["JUPYTER_DATA_DIR"] = tempfile.mkdtemp(prefix="zuzlab-test-data-")
os.environ.pop("ZUZLAB_LANG", None)


@pytest.hookimpl(tryfirst=True)  # before -m selects by the markers
def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.suffix == ".ipynb":  # a notebook run by nbval
            item.add_marker(pytest.mark.notebooks)
        if item.get_closest_marker("notebooks") or item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def no_processes(monkeypatch):
    """The browser's way on CPython: ``zuzlab.runtime`` says that no process can be started
    (as under Pyodide), and a worker process or the simulations' pool started all the same
    fails the test."""
    from zuzlab import runtime, sim
    from zuzlab.lessons.channel import WorkerChannel

    def started(*args, **keywords):
        raise AssertionError("a process was started where none can be")

    monkeypatch.setattr(runtime, "PROCESSES", False)
    monkeypatch.setattr(sim, "shared_pool", started)
    monkeypatch.setattr(WorkerChannel, "__init__", started)


@pytest.fixture
def ends_or_dies():
    """For a test that would hang for ever if it failed (a loop that the kernel did not
    stop): after 30 s the test process ends (pytest-xdist names the test it was running)
    and prints each thread's traceback."""
    faulthandler.dump_traceback_later(30, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()
