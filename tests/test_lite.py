"""The kit in the browser with no server: the JupyterLite site (``zuzlab.lite``) built to run
offline (``lite_site``: the older JupyterLite stack with Pyodide 0.27.7 copied in), served on a
loopback port and opened in headless Chromium, with no request leaving the machine.

In the page the kit installs from the site's own index, and a notebook of checks runs:
a Ticket to Ride map and game view, a route claimed by a click, a Railroad Ink board, a
lesson check that rejects a wrong function and stops an endless loop, and a 20-game
simulation. The test fails on any JavaScript error, any Python error, any request to
another host, or a figure or canvas drawn blank. Screenshots land in ``test-output/lite/``
(ignored by git).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from lite_site import (build_cdn_site, build_offline_site, chromium_browser, new_page, notebook_of, offline_context,
                       run_notebook, served)
from test_browser import MUST_DRAW, REPORT_JS, _browser_missing

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "test-output" / "lite"
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



def _need_the_browser() -> None:
    missing = _browser_missing()
    if missing:
        if os.environ.get("ZUZLAB_REQUIRE_BROWSER") == "1":
            pytest.fail(f"the browser test is required here: {missing}")
        pytest.skip(missing)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The offline site with the notebook of checks, served: its address."""
    _need_the_browser()
    scratch = tmp_path_factory.mktemp("lite")
    built = build_offline_site(scratch / "site", [notebook_of(scratch / "lite_check.ipynb", CHECK_CELLS)])
    with served(built) as address:
        yield address


@pytest.fixture(scope="module")
def chromium():
    _need_the_browser()
    with chromium_browser() as browser:
        yield browser


@pytest.fixture(scope="module")
def browser_context(chromium, site):
    with offline_context(chromium, site) as context:
        yield context


@pytest.fixture
def page(browser_context):
    """A page of the site, closed after the test (each holds a Python of its own)."""
    opened = new_page(browser_context)
    yield opened
    opened.close()


def _assert_ran_clean(page, outcome: str) -> dict:
    """Every cell ran with no error, no widget broken, no figure or canvas left blank."""
    report = page.evaluate(REPORT_JS)
    assert outcome == "done", outcome
    assert not report["errors"], "error output:\n" + "\n---\n".join(report["errors"])
    # (the Pyodide kernel writes a Python error's traceback to stderr)
    tracebacks = [t for t in report["stderr"] if "Traceback" in t or "Error" in t or "Warning" in t]
    assert not tracebacks, "stderr:\n" + "\n---\n".join(tracebacks)
    assert report["broken_widgets"] == 0 and report["js_errors"] == 0, report
    if report["figures"]:
        assert report["bokeh_loaded"] and not report["bokeh_not_loaded_notice"], "BokehJS did not load"
    assert all(colours > 2 for colours in report["figures"]), f"blank Bokeh figure: {report['figures']}"
    assert all(colours > 2 for colours in report["canvases"]), f"blank canvas: {report['canvases']}"
    return report


def test_the_kit_runs_offline_in_the_browser(site, browser_context, page):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    outcome, ran = run_notebook(page, site, "lite_check.ipynb", RUN_TIMEOUT_MS)
    page.wait_for_timeout(2000)  # widgets and figures finish drawing
    page.screenshot(path=str(SCREENSHOTS / "checks.png"), full_page=True)
    report = _assert_ran_clean(page, outcome)
    assert len(report["figures"]) >= 1 and len(report["canvases"]) >= 1, report

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

    assert browser_context.outside == [], f"requests that left the machine: {browser_context.outside[:5]}"
    assert page.errors == [], "JavaScript errors:\n" + "\n---\n".join(page.errors + browser_context.failed)
    print(f"site ran the checks in {ran:.0f} s; 20 games simulated in {simulated} s")


def test_a_users_site_opens_on_the_start_notebook_with_python_from_the_cdn(chromium, tmp_path):
    """The site as published (the current pair, Pyodide 314 from its CDN) opens on
    ``en/00_start_here`` with the kit's install cell first; with the CDN out of reach here,
    Pyodide itself is the only thing the page asks another host for."""
    from zuzlab import lite

    built = build_cdn_site(tmp_path / "site")
    with served(built) as address, offline_context(chromium, address) as context:
        page = new_page(context)
        page.goto(f"{address}/")
        page.wait_for_selector(".jp-Notebook >> visible=true", timeout=60_000)
        assert page.locator(".lm-TabBar-tab.jp-mod-current").first.inner_text().strip() == lite.START.split("/")[-1]
        page.wait_for_function(  # rendered, not only placed (a busy machine renders the markdown later)
            "() => (document.querySelector('.jp-Notebook .jp-MarkdownOutput') || {}).innerText", timeout=30_000)
        first_cell = page.locator(".jp-Notebook .jp-Cell").first.inner_text()
        assert "%pip install zuzlab" in first_cell
        assert "zuzlab – start here" in page.locator(".jp-Notebook .jp-MarkdownOutput").first.inner_text()
        page.wait_for_timeout(3000)  # the kernel tries to start
        page.screenshot(path=str(SCREENSHOTS / "cdn-site.png"))
        assert set(context.outside) == {lite.CDN_PYODIDE + "pyodide.js"}, context.outside


#: the site's notebooks run here whose paths differ most in the browser: the rule explorer's
#: simulations in the kernel, and a student's bot checked by short tournaments in the kernel;
#: every notebook of both languages runs with ``benchmarks/bench_lite.py --notebooks all``
NOTEBOOKS_RUN_HERE = ["en/09_rule_explorer.ipynb", "de/12_lesson_writing_bots.ipynb"]


@pytest.mark.parametrize("notebook", NOTEBOOKS_RUN_HERE)
def test_a_notebook_of_the_site_runs_top_to_bottom(site, browser_context, page, notebook):
    outcome, seconds = run_notebook(page, site, notebook, RUN_TIMEOUT_MS)
    page.wait_for_timeout(2000)
    page.screenshot(path=str(SCREENSHOTS / notebook.replace("/", "-").replace(".ipynb", ".png")), full_page=True)
    report = _assert_ran_clean(page, outcome)
    figures, canvases = MUST_DRAW[Path(notebook).stem]  # what the notebook draws at least (test_browser)
    assert len(report["figures"]) >= figures and len(report["canvases"]) >= canvases, report
    assert browser_context.outside == [] and page.errors == [], (browser_context.outside, page.errors,
                                                                 browser_context.failed)
