"""Notebooks 07 and 08 as a learner uses them: play in a Railroad Ink game view (a few
drawings with the hint and a take-back, or the whole game and then take-backs), then run
every cell below it, as notebook 00 tells them to. No cell may fail: the checks under a
view check what its cell set up, not how far the learner has played.

Each notebook runs in a real kernel (nbclient) with a cell that plays inserted after each
game view; the browser test (``test_browser.py``) plays the views by clicking."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]

#: played through the view's own API, as its buttons and clicks do
PLAY = {  # each view once (the output cache names a displayed view a second time)
    "a few drawings, a hint and a take-back": """
import re
from zuzlab import ink
from zuzlab.widgets import InkGameView
for view in {id(v): v for v in list(globals().values()) if isinstance(v, InkGameView) and not v.game.history}.values():
    view.hint_button.click()  # the expert's drawing, chosen for a click on its square
    square = re.search(r"draw on ([A-G][0-6]):", view.message.value)
    assert square, view.message.value
    square = square.group(1)
    assert view.act(ink.Place(view.chosen, square, view.orientation)), view.message.value
    for _ in range(6):  # more drawings in this round (once it is finished, the next dice are seen: no take back)
        action = ink.bots.greedy_action(view.game, view.rng)
        if isinstance(action, ink.FinishRound):
            break
        assert view.act(action)
    played = len(view.game.history)
    assert view.undo() and 0 < len(view.game.history) < played
    assert view.act(ink.bots.greedy_action(view.game, view.rng))
""",
    "the whole game, then take-backs": """
from zuzlab import ink
from zuzlab.widgets import InkGameView
for view in {id(v): v for v in list(globals().values()) if isinstance(v, InkGameView) and not v.game.history}.values():
    while not view.game.is_over:
        assert view.act(ink.bots.greedy_action(view.game, view.rng))
    assert view.undo() and view.undo() and not view.game.is_over
""",
}


def with_play_after_each_view(path: Path, play: str) -> nbformat.NotebookNode:
    notebook = nbformat.read(path, as_version=4)
    cells = []
    for cell in notebook.cells:
        cells.append(cell)
        if cell.cell_type == "code" and "InkGameView(" in cell.source and "check" not in cell.metadata.get("tags", []):
            cells.append(nbformat.v4.new_code_cell(play))
    notebook.cells = cells
    return notebook


@pytest.mark.notebooks
@pytest.mark.parametrize("play", PLAY, ids=["few", "whole"])
@pytest.mark.parametrize("name", ["07_railroad_ink", "08_deep_blue"])
def test_every_cell_after_an_ink_game_view_runs_after_play_and_take_back(name, play):
    path = ROOT / "notebooks" / "en" / f"{name}.ipynb"
    notebook = with_play_after_each_view(path, PLAY[play])
    played = [cell for cell in notebook.cells if cell.source == PLAY[play]]
    assert len(played) == {"07_railroad_ink": 1, "08_deep_blue": 2}[name]  # one after each game view
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()  # a failing cell raises
    for cell in played:
        assert not [o for o in cell.outputs if o.output_type == "error"]
