"""The notebooks as a class receives them after running: with ``ZUZLAB_LANG=de`` every
notebook's outputs are German (no English word of the score tables and texts), and every
executed notebook is small enough to hand out (at most 2 MB).

Each notebook is executed headless once here (nbclient); nbval runs them too, checking
their cells' assertions."""

from __future__ import annotations

import os
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

pytestmark = pytest.mark.notebooks  # (slow too: tests/conftest.py)

ROOT = Path(__file__).resolve().parents[1]
GERMAN = sorted((ROOT / "notebooks" / "de").glob("*.ipynb"))
ENGLISH_NOTEBOOKS = sorted((ROOT / "notebooks" / "en").glob("*.ipynb"))
MAX_BYTES = 2 * 1024 * 1024
#: English words of the score tables and of the kit's texts that no German output may show
ENGLISH = ("player", "players", "winner", "routes", "tickets", "total", "place", "fulfilled", "exits", "points",
           "trains", "cards", "claims", "draws", "keeps", "round", "the", "and", "of")


def executed(path: Path, tmp_path: Path, language: str) -> tuple[dict, int]:
    """The notebook run top to bottom in ``language`` (as ``ZUZLAB_LANG``), and the size
    of its saved file."""
    notebook = nbformat.read(path, as_version=4)
    os.environ["ZUZLAB_LANG"] = language
    try:
        NotebookClient(notebook, timeout=300, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    finally:
        del os.environ["ZUZLAB_LANG"]
    saved = tmp_path / path.name
    nbformat.write(notebook, saved)
    return notebook, saved.stat().st_size


def shown_text(notebook: dict) -> list[str]:
    """What the outputs show a reader as text (widgets are drawn, not read here: their
    text/plain is a Python repr for other frontends; code a lesson shows is Python)."""
    shown = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                shown.append(output["text"])
            data = output.get("data", {})
            if "application/vnd.jupyter.widget-view+json" in data:
                continue
            if "text/html" in data and '<div class="highlight"' in "".join(data["text/html"]):
                continue  # source code shown (lessons.show_code): Python's words, not the reader's
            if "text/html" in data:
                page = re.sub(r"<style.*?</style>", " ", "".join(data["text/html"]), flags=re.S)  # CSS is not read
                if page.lstrip().startswith('<div class="highlight">'):
                    continue  # a listing of code (lessons.show_code): Python, not a text of the kit
                shown.append(re.sub(r"<[^>]+>", " ", page))
            elif "text/plain" in data:
                shown.append("".join(data["text/plain"]))
    return shown


ALL = GERMAN + ENGLISH_NOTEBOOKS


@pytest.mark.parametrize("path", ALL, ids=[f"{p.parent.name}-{p.stem}" for p in ALL])
def test_with_zuzlab_lang_de_a_notebook_shows_german_and_stays_small(path, tmp_path):
    """``ZUZLAB_LANG=de`` wins over a notebook's own language: a class that sets it gets
    German outputs from the English notebooks too."""
    notebook, size = executed(path, tmp_path, "de")
    assert size <= MAX_BYTES, f"{path.name} executed is {size / 1e6:.1f} MB"
    english = []
    for text in shown_text(notebook):
        # a name joined by _ (a step such as beat_tickets, a bot's function) is Python's, as code shown is
        words = {word for word in re.findall(r"[A-Za-z_]+", text.lower()) if "_" not in word}
        english += [word for word in ENGLISH if word in words]
    assert not english, f"English in the outputs of {path}: {sorted(set(english))}"
