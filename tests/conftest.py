"""The test session's own settings: the language a user chose for themselves (remembered
in their Jupyter data directory, or fixed by ``ZUZLAB_LANG``) must not change what the
tests see. Set before zuzlab is imported; notebook kernels and JupyterLab inherit it.

The quick inner loop, ``pytest -m "not slow"``, leaves out what takes minutes: every
notebook run (nbval, the headless German runs, the browser) and the tests marked slow."""

import os
import tempfile

import pytest

os.environ["JUPYTER_DATA_DIR"] = tempfile.mkdtemp(prefix="zuzlab-test-data-")
os.environ.pop("ZUZLAB_LANG", None)

#: test files that run whole notebooks (each takes seconds to minutes)
NOTEBOOK_RUNS = ("test_browser.py", "test_notebook_outputs.py")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.suffix == ".ipynb" or item.path.name in NOTEBOOK_RUNS:
            item.add_marker(pytest.mark.slow)
