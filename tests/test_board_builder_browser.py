"""The board builder view in a real browser (JupyterLab in headless Chromium, as
``test_browser.py`` runs the notebooks, with its JupyterLab and Chromium): cities placed by
typing a name and tapping the map, routes and a double route by tapping two cities, a city
dragged, tickets made and the board saved by the buttons; a cell then loads the saved file
and finds what the clicks made, and a game view on it is played a few moves by clicking.
Screenshots of the view land in ``test-output/browser/board-builder/`` for a person to look at."""

from __future__ import annotations

import json

import pytest

import test_browser
from test_browser import (
    ALL_CELLS_RAN_JS, RUN_TIMEOUT_MS, TOKEN, _click, _put_notebook, _run_all_cells, _save_cell, _shut_down_kernels,
    _wait_for_one_steady_kernel,
)

#: test_browser's fixtures (module-scoped: each module that uses them starts its own JupyterLab and Chromium)
lab, browser = test_browser.lab, test_browser.browser

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: the cities placed by clicks, where the printed USA board has them
CITIES = ("Denver", "Omaha", "Kansas City", "Chicago")
#: the city pairs tapped in "add a route" mode: three routes, then Denver–Omaha's second track
PAIRS = (("Denver", "Omaha"), ("Omaha", "Chicago"), ("Kansas City", "Denver"), ("Omaha", "Denver"))

CELLS = [
    "from zuzlab import ttr, viz\nfrom zuzlab.widgets import BoardBuilderView\nviz.setup_notebook()",
    # where each city is on the figure's canvas, then the view
    "usa = ttr.load_map('usa')\n"
    "view = BoardBuilderView(name='clicks', around='usa')\n"
    f"for name in {CITIES!r}:\n"
    "    print('PIXEL', name, *(round(v, 1) for v in view.map.pixel(usa.cities[name].lat, usa.cities[name].lon)),"
    " sep='|')\n"
    "view",
    # run again once the clicks have saved the board
    "import os\n"
    "if os.path.exists('clicks.json'):\n"
    "    board = ttr.load_map('clicks.json')\n"
    "    print('LOADED', json.dumps({'cities': sorted(board.cities), 'tickets': len(board.tickets),\n"
    "                                'routes': sorted(sorted((r.a, r.b)) for r in board.routes),\n"
    "                                'chicago moved': [board.cities['Chicago'].lat - usa.cities['Chicago'].lat,\n"
    "                                                  board.cities['Chicago'].lon - usa.cities['Chicago'].lon]}))\n"
    "else:\n"
    "    print('NOT SAVED YET')",
    # the saved board played: you against a bot, one ticket dealt each (a board of four cities has few)
    "from dataclasses import replace\n"
    "from zuzlab.widgets import TtrGameView\n"
    "if os.path.exists('clicks.json'):\n"
    "    rules = replace(ttr.rules.USA, name='clicks', map='clicks.json', max_players=2, initial_tickets=1,\n"
    "                    initial_keep_min=1)\n"
    "    game_view = TtrGameView(ttr.new_game(rules, players=2, seed=1), human=0, bots='random')\n"
    "    display(game_view)",
    "if 'game_view' in globals():\n"
    "    print('MOVES', len(game_view.game.history), game_view.game.map.name)",
]


def run_cell(page, number: int, printed: str | None = None):
    """Run code cell ``number`` again (Shift+Enter); the text it prints that holds ``printed``,
    or, with none asked for, the cell."""
    cell = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell").nth(number)
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    if printed is None:
        return cell
    answer = cell.locator(".jp-OutputArea-output pre", has_text=printed)
    answer.wait_for(timeout=30_000)
    return answer.inner_text()


def test_a_board_is_made_by_clicks_saved_and_loaded_and_played(lab, browser):
    cells = [CELLS[0], CELLS[1], "import json\n" + CELLS[2], *CELLS[3:]]
    _put_notebook(lab, "notebooks/board_builder.ipynb", cells)
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{lab}/lab/tree/notebooks/board_builder.ipynb?reset&token={TOKEN}")
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
        _wait_for_one_steady_kernel(lab)
        _run_all_cells(page, "board_builder")
        assert page.wait_for_function(ALL_CELLS_RAN_JS, timeout=RUN_TIMEOUT_MS, polling=500).json_value() == "done"
        cell = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell").nth(1)
        lines = cell.locator(".jp-OutputArea-output pre").first.inner_text().splitlines()
        pixel = {name: (float(x), float(y)) for _, name, x, y in (line.split("|") for line in lines)}
        figure = cell.locator(".bk-Figure").first
        figure.wait_for(state="visible", timeout=30_000)
        figure.scroll_into_view_if_needed()
        page.wait_for_timeout(1000)
        box = figure.bounding_box()

        def settle() -> None:
            page.wait_for_timeout(700)  # Bokeh waits to rule out a double tap, then Python answers
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=30_000)

        def tap(name: str) -> None:
            page.mouse.click(box["x"] + pixel[name][0], box["y"] + pixel[name][1])
            settle()

        def status() -> str:
            return cell.locator(".widget-html").first.inner_text()

        for name in CITIES:
            cell.get_by_placeholder("its name, then tap the map").fill(name)
            settle()
            tap(name)
            assert f"{name} placed at" in status(), status()
        cell.locator("button:text-is('add a route')").click()
        settle()
        for a, b in PAIRS:
            tap(a)
            tap(b)
            assert "added" in status(), status()
        assert "double route" in status(), status()
        _save_cell(page, cell, "board-builder", "routes")
        cell.locator("button:text-is('move a city')").click()
        settle()
        x, y = box["x"] + pixel["Chicago"][0], box["y"] + pixel["Chicago"][1]
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 15, y + 10, steps=8)
        page.mouse.up()
        settle()
        assert "Chicago moved to" in status(), status()
        cell.locator("button:text-is('make tickets')").click()
        settle()
        assert "tickets made" in status() or "ticket made" in status(), status()
        cell.locator("button:text-is('save')").click()
        settle()
        assert "Saved as clicks.json." in status(), status()
        _save_cell(page, cell, "board-builder", "view")

        board = json.loads(run_cell(page, 2, "LOADED").split("LOADED", 1)[1])
        assert board["cities"] == sorted(CITIES)
        assert board["routes"] == sorted(sorted(pair) for pair in PAIRS)  # Denver–Omaha twice: the double route
        assert board["tickets"] >= 1
        south, east = board["chicago moved"]  # dragged right and down: south-east of where it was placed
        assert south < 0 < east

        played = run_cell(page, 3)  # the game view on the board just saved
        played.locator("button:text-is('hint')").wait_for(timeout=30_000)
        before = played.inner_text()
        played.get_by_role("checkbox").first.check()  # the one ticket offered, kept
        page.wait_for_timeout(500)
        assert _click(page, played, "keep the ticked tickets")
        assert _click(page, played, "hint")
        for _ in range(2):  # two cards from the deck: a whole turn, then the bot plays
            assert _click(page, played, "draw from the deck")
        assert played.inner_text() != before
        _save_cell(page, played, "board-builder", "played")
        _, count, name = run_cell(page, 4, "MOVES").split()
        assert name == "clicks" and int(count) >= 5  # both players' tickets, two cards, then the bot's turn
        assert not errors, errors
    finally:
        page.close()
        _shut_down_kernels(lab)
