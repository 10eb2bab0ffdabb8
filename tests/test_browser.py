"""Every notebook in a real browser: JupyterLab on a loopback port, opened in headless
Chromium (Debian's ``chromium``, driven by Python ``playwright``), all cells run.

A notebook fails if it shows an error output or a traceback, a widget that did not
render ("Error displaying widget"), a JavaScript error, Bokeh that did not load or a
figure drawn blank, or an ipycanvas canvas left blank. In English, every notebook with a
game view is then played: each view a few moves by clicking, then every cell below the
first view again, as a learner who plays and presses Shift+Enter; no error may show
either. Screenshots of every cell that
shows something land in ``test-output/browser/`` (ignored by git) for a person to look at.

The test is skipped when playwright or Chromium is missing, unless
``ZUZLAB_REQUIRE_BROWSER=1`` (as in ``.ci/run``), which turns the skip into a failure.
The notebooks are copied to a scratch folder first, so running them never writes into
the repository.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import warnings
from pathlib import Path
from typing import Callable

import pytest

pytestmark = pytest.mark.browser  # (slow too: tests/conftest.py)

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*/*.ipynb"))  # en/ and de/
SCREENSHOTS = ROOT / "test-output" / "browser"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run"]
TOKEN = "zuzlab-browser-test"
RUN_TIMEOUT_MS = 120_000

# What each notebook must at least draw: (Bokeh figures, ipycanvas canvases). A figure
# or canvas that fails to appear is caught here even when no error is shown.
MUST_DRAW = {
    "00_start_here": (1, 0),
    "01_usa": (1, 0),
    "02_europe": (1, 0),
    "03_switzerland": (1, 0),
    "04_cardgame": (1, 0),
    "05_lesson_longest_route": (4, 0),
    "05_teacher_longest_route": (2, 0),
    "06_lesson_connecting_tickets": (3, 0),
    "06_teacher_connecting_tickets": (1, 0),
    "07_railroad_ink": (0, 1),
    "08_deep_blue": (0, 1),
    "09_rule_explorer": (6, 0),
    "10_lesson_railroad_ink_scoring": (0, 4),
    "10_teacher_railroad_ink_scoring": (0, 1),
    "11_playtesting": (9, 0),
    "12_lesson_writing_bots": (1, 0),
    "12_teacher_writing_bots": (3, 0),
    "13_your_own_board": (3, 0),  # the boards side by side are drawn in layouts, not counted here
}

# JupyterLab settings for a quiet, fully rendered, read-only session: every cell stays in
# the page (no windowing), no news fetched, and nothing autosaved.
LAB_SETTINGS = {
    "notebook-extension/tracker": {"windowingMode": "none"},
    "apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    "docmanager-extension/plugin": {"autosave": False},
}


def _browser_missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Python playwright is not installed"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A JupyterLab server on a free loopback port, serving a scratch copy of notebooks/."""
    missing = _browser_missing()
    if missing:
        if os.environ.get("ZUZLAB_REQUIRE_BROWSER") == "1":
            pytest.fail(f"browser test required but {missing}")
        pytest.skip(missing)
    scratch = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", scratch / "notebooks")
    settings = scratch / "settings"
    for name, values in LAB_SETTINGS.items():
        extension, plugin = name.split("/")
        path = settings / "@jupyterlab" / extension / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(settings),
               JUPYTERLAB_WORKSPACES_DIR=str(scratch / "workspaces"))
    url = f"http://127.0.0.1:{port}"
    with open(scratch / "lab.log", "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
             "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
             f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={scratch}"],
            cwd=scratch, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            _wait_until_up(f"{url}/api/status?token={TOKEN}", server, scratch / "lab.log")
            yield url
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()


def _wait_until_up(status_url: str, server: subprocess.Popen, log: Path, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"JupyterLab stopped at start:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(status_url, timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    pytest.fail(f"JupyterLab did not answer within {seconds} s:\n{log.read_text()[-3000:]}")


@pytest.fixture(scope="module")
def browser(lab):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


# Runs in the page: a report of everything the checks look at.
REPORT_JS = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const text = sel => [...panel.querySelectorAll(sel)].map(e => e.innerText.trim());
  const inShadow = (root, sel) => {
    const found = [...root.querySelectorAll(sel)];
    for (const e of root.querySelectorAll('*')) if (e.shadowRoot) found.push(...inShadow(e.shadowRoot, sel));
    return found;
  };
  // distinct colours on a canvas (sampled): a blank or single-colour canvas has one or two
  const colours = canvas => {
    if (!canvas.width || !canvas.height) return 0;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set();
    for (let i = 0; i < data.length && seen.size < 50; i += 4 * 7) seen.add(data.slice(i, i + 4).join());
    return seen.size;
  };
  const figures = [...panel.querySelectorAll('.bk-Figure')];
  return {
    errors: text('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]'),
    stderr: text('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'),
    broken_widgets: text('.jp-OutputArea-output').filter(t => t.includes('Error displaying widget')).length,
    js_errors: text('.jp-OutputArea-output').filter(t => t.includes('Click to show javascript error')).length,
    bokeh_loaded: typeof window.Bokeh === 'object',
    bokeh_not_loaded_notice: text('.jp-OutputArea-output')
      .some(t => t.includes('BokehJS does not appear to have successfully loaded')),
    // the busiest canvas layer of each figure (the others are overlays, blank by design)
    figures: figures.map(f => Math.max(0, ...inShadow(f.shadowRoot || f, 'canvas').map(colours))),
    canvases: [...panel.querySelectorAll('.jp-OutputArea canvas')].map(colours),
  };
}"""

# 'done' when every cell has run (or one failed: a failing cell stops Run All and the
# cells after it never get a number); 'stalled' when for some seconds no cell has been
# queued or running although some never ran (their executions were lost, as when the
# page's kernel was replaced at start); otherwise keep waiting.
ALL_CELLS_RAN_JS = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  if (!panel) return false;
  const outputs = [...panel.querySelectorAll('.jp-OutputArea-output')];
  if (outputs.some(o => o.innerText.includes('Traceback (most recent call last)'))) return 'done';
  const prompts = [...panel.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')].map(p => p.textContent.trim());
  if (prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:$/.test(p))) return 'done';
  if (prompts.some(p => p === '[*]:')) { window.zuzlabIdleSince = null; return false; }
  window.zuzlabIdleSince = window.zuzlabIdleSince || Date.now();
  return Date.now() - window.zuzlabIdleSince > 8000 ? 'stalled' : false;
}"""


def _name(notebook: Path) -> str:
    return f"{notebook.parent.name}-{notebook.stem}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[_name(path) for path in NOTEBOOKS])
def test_notebook_runs_and_renders_in_the_browser(lab, browser, notebook):
    assert notebook.stem in MUST_DRAW, f"add {notebook.stem} to MUST_DRAW in {Path(__file__).name}"
    play = _play_views_and_run_below if notebook.parent.name == "en" else None  # (German: the same views)
    report = _run_in_browser(lab, browser, notebook, play)
    if isinstance(report, StillRunning):  # once more on a fresh kernel, saying so
        warnings.warn(f"{_name(notebook)}: {report}; running it again", stacklevel=2)
        report = _run_in_browser(lab, browser, notebook, play)
        if isinstance(report, StillRunning):
            pytest.fail(f"{_name(notebook)}: {report}")
    page_errors = report["page_errors"]

    assert not report["errors"], "error output:\n" + "\n---\n".join(report["errors"])
    tracebacks = [t for t in report["stderr"] if "Traceback" in t or "Error" in t or "Warning" in t]
    assert not tracebacks, "stderr:\n" + "\n---\n".join(tracebacks)
    assert report["broken_widgets"] == 0, f"{report['broken_widgets']} widget(s): Error displaying widget"
    assert report["js_errors"] == 0, f"JavaScript errors in outputs; page errors: {page_errors}"
    figures_needed, canvases_needed = MUST_DRAW[notebook.stem]
    if figures_needed:
        assert report["bokeh_loaded"] and not report["bokeh_not_loaded_notice"], "BokehJS did not load"
    assert len(report["figures"]) >= figures_needed, f"Bokeh figures drawn: {len(report['figures'])}"
    assert all(colours > 2 for colours in report["figures"]), f"blank Bokeh figure: {report['figures']}"
    assert len(report["canvases"]) >= canvases_needed, f"canvases drawn: {len(report['canvases'])}"
    assert all(colours > 2 for colours in report["canvases"]), f"blank canvas: {report['canvases']}"
    after_play = report.get("then") or []
    assert not after_play, "error output after playing the game views:\n" + "\n---\n".join(after_play)


class StillRunning(str):
    """Cells unfinished: still running when the time ran out, or stalled with nothing
    queued (their prompts say which)."""


def _run_in_browser(lab: str, browser, notebook: Path, then: Callable | None = None) -> dict | StillRunning:
    """Open the notebook, run all its cells and report what the page shows; then, if
    given, ``then(page, name)`` (its answer is the report's ``then``)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page_errors: list[str] = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    try:
        page.goto(f"{lab}/lab/tree/notebooks/{notebook.parent.name}/{notebook.name}?reset&token={TOKEN}")
        page.wait_for_selector(".jp-Notebook >> visible=true", timeout=60_000)
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
        _wait_for_one_steady_kernel(lab)
        _run_all_cells(page, _name(notebook))
        try:
            outcome = page.wait_for_function(ALL_CELLS_RAN_JS, timeout=RUN_TIMEOUT_MS, polling=500).json_value()
        except PlaywrightTimeout:
            outcome = f"still running after {RUN_TIMEOUT_MS // 1000} s"
        if outcome != "done":
            _save_screenshots(page, _name(notebook))
            page.screenshot(path=str(SCREENSHOTS / f"{_name(notebook)}-not-finished.png"))
            prompts = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-InputArea-prompt").all_inner_texts()
            return StillRunning(f"cells {outcome}; prompts: {prompts}; page errors: {page_errors}")
        page.wait_for_timeout(2000)  # widgets and figures finish drawing
        report = page.evaluate(REPORT_JS)
        _save_screenshots(page, _name(notebook))
        if then is not None:
            report["then"] = then(page, _name(notebook))
    finally:
        page.close()
        _shut_down_kernels(lab)
    return dict(report, page_errors=page_errors)


STARTED_JS = """() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-InputArea-prompt')]
  .some(p => /^\\[(\\*|\\d+)\\]:$/.test(p.textContent.trim()))"""


def _run_all_cells(page, name: str, attempts: int = 3) -> None:
    """Run > Run All Cells, checked: on a freshly opened page the first click can land
    before the menu is ready, so try again until a cell has started."""
    for _ in range(attempts):
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_text("Run All Cells", exact=True).click()
        try:
            page.wait_for_function(STARTED_JS, timeout=15_000, polling=250)
            return
        except Exception:
            page.keyboard.press("Escape")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-not-started.png"))
    pytest.fail(f"Run All Cells did not start {name} (see {name}-not-started.png)")


def _wait_for_one_steady_kernel(lab: str, seconds: float = 60) -> None:
    """Opening a notebook can start two kernels and shut the first down a moment later;
    cells run into that switch get lost. Go on once one idle kernel has stayed for 2 s."""
    deadline, steady, since, kernels = time.monotonic() + seconds, None, 0.0, []
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{lab}/api/kernels?token={TOKEN}", timeout=10) as answer:
                kernels = json.load(answer)
        except OSError as problem:  # the server can answer 500 while a kernel starts or stops
            kernels = [{"error": str(problem)}]
        now = [k["id"] for k in kernels if k.get("execution_state") == "idle"]
        if len(kernels) == 1 and now:
            if steady != now[0]:
                steady, since = now[0], time.monotonic()
            elif time.monotonic() - since >= 2:
                return
        else:
            steady = None
        time.sleep(0.25)
    pytest.fail(f"no single idle kernel within {seconds} s: {kernels}")


def _shut_down_kernels(lab: str) -> None:
    """Each notebook gets the machine to itself: stop the kernels the last one started."""
    with urllib.request.urlopen(f"{lab}/api/sessions?token={TOKEN}", timeout=10) as answer:
        sessions = json.load(answer)
    for session in sessions:
        request = urllib.request.Request(f"{lab}/api/sessions/{session['id']}?token={TOKEN}", method="DELETE")
        urllib.request.urlopen(request, timeout=30).close()


def _save_screenshots(page, name: str) -> None:
    """One picture per code cell that shows output, for a person to look at."""
    folder = SCREENSHOTS / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    cells = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell")
    for index in range(cells.count()):
        cell = cells.nth(index)
        if cell.locator(".jp-OutputArea-output").count() == 0:
            continue
        cell.scroll_into_view_if_needed()
        cell.screenshot(path=str(folder / f"cell-{index:02d}.png"))


# --- clicking in the game views ------------------------------------------------------------------

INTERACTIONS = [
    "from zuzlab import widgets as zw, viz, ttr, cardgame\nviz.setup_notebook()",
    # a position: the opening is over and you hold four pink cards, enough for Denver–Omaha
    "game = ttr.new_game('usa', players=2, seed=4)\n"
    "game.set_up(hands={0: {'pink': 4}}, current=0)\n"
    "view = zw.TtrGameView(game, human=0)\n"
    "route = game.map.route_between('Denver', 'Omaha').id\n"
    "x, y = viz.route_pixel(view.figure, route)\n"
    "print(f'ROUTE-PIXEL {x:.1f} {y:.1f}')\n"
    "view",
    "cards = zw.CardGameView(cardgame.new_game(players=2, seed=3), human=0)\ncards",
]


def _put_notebook(lab: str, path: str, sources: list[str]) -> None:
    """Write a notebook into the server's folder through its contents API."""
    cells = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": source}
             for source in sources]
    model = {"type": "notebook", "format": "json", "content": {
        "cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4, "nbformat_minor": 5}}
    request = urllib.request.Request(f"{lab}/api/contents/{path}?token={TOKEN}", data=json.dumps(model).encode(),
                                     method="PUT", headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=30).close()


def test_the_game_views_answer_clicks(lab, browser):
    """A click on a route of the USA map picks it and offers its payment; "claim the route"
    claims it; "take back" undoes it; "hint" advises; the Card Game shows your tickets
    once you keep them."""
    _put_notebook(lab, "notebooks/interactions.ipynb", INTERACTIONS)
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    try:
        page.goto(f"{lab}/lab/tree/notebooks/interactions.ipynb?reset&token={TOKEN}")
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
        _wait_for_one_steady_kernel(lab)
        _run_all_cells(page, "interactions")
        assert page.wait_for_function(ALL_CELLS_RAN_JS, timeout=RUN_TIMEOUT_MS, polling=500).json_value() == "done"
        page.wait_for_timeout(2000)
        cell = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell").nth(1)
        x, y = map(float, cell.locator(".jp-OutputArea-output pre").first.inner_text().split()[1:3])
        figure = cell.locator(".bk-Figure").first
        figure.scroll_into_view_if_needed()
        box = figure.bounding_box()
        page.mouse.click(box["x"] + x, box["y"] + y)
        page.wait_for_timeout(1200)  # Bokeh waits to rule out a double tap, then Python answers
        _save_cell(page, cell, "interactions", "1-route-clicked")
        chosen = [menu.locator("option:checked").inner_text().replace("\xa0", " ")
                  for menu in cell.locator("select").all()]
        assert "Denver–Omaha" in chosen[0] and chosen[1] == "4 pink", chosen
        cell.get_by_role("button", name="claim the route").click()
        page.wait_for_function("() => document.body.innerText.includes('Player 0 claims Denver–Omaha')", timeout=10_000)
        _save_cell(page, cell, "interactions", "2-claimed")
        cell.get_by_role("button", name="take back").click()
        page.wait_for_timeout(1500)
        _save_cell(page, cell, "interactions", "3a-undone")
        page.wait_for_function("() => !document.body.innerText.includes('Player 0 claims Denver–Omaha')",
                               timeout=10_000)
        cell.get_by_role("button", name="hint").click()
        page.wait_for_function("() => document.body.innerText.includes('The expert would')", timeout=20_000)
        _save_cell(page, cell, "interactions", "3-undone-hint")
        cards = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell").nth(2)
        cards.scroll_into_view_if_needed()
        assert cards.get_by_role("button", name="keep").is_disabled()  # no ticket is ticked for you
        cards.get_by_role("checkbox").first.check()
        page.wait_for_timeout(500)
        cards.get_by_role("button", name="keep").click()
        page.wait_for_timeout(1500)
        _save_cell(page, cards, "interactions", "4-card-game-tickets")
        assert "Your tickets" in cards.inner_text() and "–" in cards.inner_text().split("Your tickets")[1]
    finally:
        page.close()
        _shut_down_kernels(lab)


def _save_cell(page, cell, name: str, step: str) -> None:
    folder = SCREENSHOTS / name
    folder.mkdir(parents=True, exist_ok=True)
    cell.scroll_into_view_if_needed()
    cell.screenshot(path=str(folder / f"{step}.png"))


# --- playing every game view, then running the cells below it ---------------------------------

# A game view's cell: one that shows the view's "hint" button (every game view has one).
VIEW_CELLS = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell:has(.jp-OutputArea button:text-is('hint'))"

# The execution counts of the code cells (0 for a cell not run yet, -1 while it runs).
COUNTS_JS = """() => [...document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt')]
  .map(p => { const t = p.textContent.trim(); return t === '[*]:' ? -1 : (parseInt(t.slice(1)) || 0); })"""


def _play_views_and_run_below(page, name: str) -> list[str]:
    """Play each game view a few moves by clicking (tickets ticked and kept, taken back, a
    claim taken back, cards drawn, the tunnel given up, taken back and paid, Railroad Ink
    drawn where the hint says, the hint asked), then run every cell after the first view
    again, as a learner who plays and then presses Shift+Enter: the errors it shows (none
    without a game view)."""
    views = page.locator(VIEW_CELLS)
    if views.count() == 0:
        return []
    for number in range(views.count()):
        view = views.nth(number)
        before = view.inner_text()
        _play(page, view)
        assert view.inner_text() != before, "the clicks changed nothing"
        _save_cell(page, view, f"{name}-played-views", f"view-{number}")
    cells = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell")
    first = cells.evaluate_all("(cells, view) => cells.indexOf(view)", views.first.element_handle())
    counts = page.evaluate(COUNTS_JS)
    if first + 1 < len(counts):  # a view in the last cell has nothing below it
        cells.nth(first + 1).locator(".jp-InputPrompt").first.click()
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_text("Run Selected Cell and All Below", exact=True).click()
        page.wait_for_function(f"""() => {{ const now = ({COUNTS_JS})(); const before = {json.dumps(counts)};
            return now.slice({first + 1}).every(n => n > Math.max(...before))
                || [...document.querySelectorAll('.jp-OutputArea-output')]
                       .some(o => o.innerText.includes('Traceback (most recent call last)')); }}""",
                               timeout=RUN_TIMEOUT_MS, polling=500)
        page.wait_for_timeout(1500)
    report = page.evaluate(REPORT_JS)
    _save_screenshots(page, f"{name}-played")
    return report["errors"] + [t for t in report["stderr"] if "Traceback" in t or "Error" in t]


def _click(page, view, text: str, required: bool = True) -> bool:
    """Click the view's enabled button that reads ``text`` and wait until the kernel has
    answered; False when there is none. A ``required`` button may take a while to become
    enabled on a busy machine (Python answers the click before it), so it is waited for."""
    button = view.locator(f"button:text-is('{text}'):enabled")
    if required:
        try:
            button.first.wait_for(state="visible", timeout=20_000)
        except Exception:
            return False
    elif button.count() == 0:
        return False
    button.first.click()
    page.wait_for_timeout(400)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
    return True


def _play(page, view) -> None:
    """A few moves in one game view, of whichever kind it is."""
    view.scroll_into_view_if_needed()
    if view.locator("button:text-is('give the tunnel up')").count():  # Europe's tunnel decision
        assert _click(page, view, "give the tunnel up")
        assert _click(page, view, "take back")  # back to the decision
        assert _click(page, view, "pay")
    boxes = view.get_by_role("checkbox")
    if boxes.count():  # the tickets offered: none is ticked for you
        assert not any(boxes.nth(i).is_checked() for i in range(boxes.count()))
        for i in range(min(2, boxes.count())):
            boxes.nth(i).check()
        page.wait_for_timeout(500)
        assert _click(page, view, "keep the ticked tickets")
        assert _click(page, view, "take back")  # keeping tickets can be taken back
        for i in range(min(2, boxes.count())):
            boxes.nth(i).check()
        assert _click(page, view, "keep the ticked tickets")
    assert _click(page, view, "hint")
    if view.locator("button:text-is('finish the round')").count():  # Railroad Ink: draw what the hint chose
        for _ in range(2):
            _click(page, view, "hint", required=False)
            square = re.search(r"click ([A-G][0-6])", view.inner_text())
            if not square:  # the hint says to finish the round
                break
            canvases = view.locator("canvas").all()
            board = max(canvases, key=lambda c: (c.bounding_box() or {"width": 0})["width"])  # not the preview
            board.scroll_into_view_if_needed()
            box = board.bounding_box()
            scale = box["width"] / (2 * 0.7 + 7)  # the board's margin and squares (viz.ink_canvas)
            row, col = "ABCDEFG".index(square.group(1)[0]), int(square.group(1)[1])
            page.mouse.click(box["x"] + (0.7 + col + 0.5) * scale, box["y"] + (0.7 + row + 0.5) * scale)
            page.wait_for_timeout(1200)
        _click(page, view, "take back", required=False)
        return
    menu = view.locator("select").first  # the route menu (if any): no route is picked for you, so pick the first
    if view.locator("button:text-is('claim the route')").count() and menu.locator("option").count() > 1:
        menu.select_option(index=1)  # index 0 is the prompt
        page.wait_for_timeout(400)
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
    if _click(page, view, "claim the route", required=False):  # the route the menu offers first, then taken back
        _click(page, view, "take back", required=False)  # unless a bot's move turned a card up since (then locked)
    for _ in range(2):  # two cards from the deck: a whole turn, then the bots play
        assert _click(page, view, "draw from the deck")
    _click(page, view, "take back", required=False)  # refused now (the card was seen): the button is disabled
