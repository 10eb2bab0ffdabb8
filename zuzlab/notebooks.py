"""The notebooks in each language of the kit (``texts.LANGUAGES``: English and German),
made from one source each.

A teacher who opens a notebook on GitHub or nbviewer, or hands it out through a school's
learning platform, sees the lesson before anything runs: its text is in markdown cells,
in the notebook's language. Each lesson is written once, in ``notebooks/source/NAME.py``
(cells in the "percent" format), and its prose lives in the text files
(``zuzlab/texts/en.toml``, ``de.toml`` …, section ``[explain]``), the same texts the
widgets show. ``python -m zuzlab.notebooks`` writes ``notebooks/<language>/NAME.ipynb`` for
each language (``notebooks/en/``, ``notebooks/de/``); a test fails when they are out of date.

A source cell starts with a line ``# %%``:

- ``# %%``: code, the same in every language; ``LANGUAGE`` in it becomes ``"en"``, ``"de"`` …,
  and its comments and docstrings are in the notebook's language (``zuzlab.texts.code``:
  the German ones are in ``de_code.toml``; a comment without one stops the build);
- ``# %% check``: code that checks what the cells above show (the tests run it), with
  its source folded away in JupyterLab, as a learner has no need to read it;
- ``# %% [markdown] text KEY``: the ``[explain]`` text ``KEY`` in the notebook's language;
- ``# %% [markdown] en`` / ``# %% [markdown] de``: markdown for one language only (its
  lines start with ``# ``), in cells one after another, as many for each language of
  ``texts.LANGUAGES`` (a source that lacks one is refused, naming the line).

The first markdown cell of each notebook links to the same notebook in the other languages.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import Counter
from pathlib import Path

from . import texts
from .texts import code as code_texts

LANGUAGE_TOKEN = "LANGUAGE"


def project_notebooks() -> Path:
    """The ``notebooks/`` folder of the project (next to the package)."""
    return Path(__file__).resolve().parent.parent / "notebooks"


def lesson_sources(root: Path | None = None) -> dict[str, Path]:
    """The sources of the students' lesson notebooks by lesson number: a student's notebook
    is ``NN_lesson_<topic>.py`` (``05_lesson_longest_route.py`` → "05"), its teacher's
    ``NN_teacher_<topic>.py``."""
    root = root or project_notebooks()
    return {path.name.partition("_")[0]: path for path in sorted((root / "source").glob("[0-9][0-9]_lesson_*.py"))}


def parse(source: str) -> list[tuple[str, str, str]]:
    """The cells of a source: (kind, option, body) with kind "code" or "markdown"."""
    cells: list[tuple[str, str, list[str]]] = []
    headers: list[int] = []  # the line of each cell's header
    for number, line in enumerate(source.splitlines(), 1):
        if line.startswith("# %%"):
            header = line[4:].strip()
            headers.append(number)
            if not header or header == "check":
                cells.append(("code", header, []))
            elif header.startswith("[markdown]"):
                option = header[len("[markdown]"):].strip()
                if not (option in texts.LANGUAGES or option.startswith("text ")):
                    raise ValueError(f"line {number}: a markdown cell is 'text KEY' or a language of the kit "
                                     f"({', '.join(texts.LANGUAGES)}), not {option!r}")
                cells.append(("markdown", option, []))
            else:
                raise ValueError(f"line {number}: unknown cell header {line!r}")
        elif not cells:
            if line.strip():
                raise ValueError(f"line {number}: text before the first '# %%'")
        else:
            cells[-1][2].append(line)
    _check_every_language_has_its_cell([(line, option) for line, (_, option, _) in zip(headers, cells)])
    return [(kind, option, "\n".join(body).strip("\n")) for kind, option, body in cells]


def _check_every_language_has_its_cell(cells: list[tuple[int, str]]) -> None:
    """Markdown for one language only (a title …) comes in cells one after another, as
    many for each language of ``texts.LANGUAGES`` (en, de, en, de): a language without its
    cells there would silently lose that text in its notebooks. ``cells``: each cell's
    header line and option."""
    runs: list[tuple[int, Counter]] = []  # the first line of each run, and its cells by language
    previous = ""
    for line, option in cells:
        if option in texts.LANGUAGES:
            if previous not in texts.LANGUAGES:
                runs.append((line, Counter()))
            runs[-1][1][option] += 1
        previous = option
    for line, said in runs:
        if len({said[lang] for lang in texts.LANGUAGES}) > 1:
            counts = ", ".join(f"{said[lang] or 'none'} for {lang}" for lang in texts.LANGUAGES)
            raise ValueError(f"line {line}: the markdown cells for one language each here need as many cells for "
                             f"each language of the kit, not {counts}")


def _markdown(option: str, body: str, lang: str) -> str | None:
    if option.startswith("text "):
        return texts.raw(f"explain.{option[5:].strip()}", lang).strip()
    if option != lang:
        return None
    lines = body.splitlines()
    for line in lines:
        if line and not line.startswith("#"):
            raise ValueError(f"a markdown line must start with '# ': {line!r}")
    return "\n".join(line[2:] if line.startswith("# ") else line[1:] for line in lines)


def _twin_links(name: str, lang: str) -> str:
    """Links to the same notebook in the other languages."""
    return " · ".join(f"[{texts.LANGUAGES[other]}](../{other}/{name}.ipynb)" for other in texts.LANGUAGES
                      if other != lang)


def build(source_path: Path, lang: str) -> dict:
    """The notebook (nbformat 4 JSON) of one source in one language, without outputs;
    cell ids are fixed by the content, so a rebuild changes nothing."""
    try:
        source = parse(source_path.read_text(encoding="utf-8"))
    except ValueError as problem:
        raise ValueError(f"{source_path.name}: {problem}") from None
    cells = []
    for kind, option, body in source:
        if kind == "code":
            try:
                text = code_texts.in_language(body.replace(LANGUAGE_TOKEN, json.dumps(lang)), lang)
            except KeyError as missing:
                raise ValueError(f"{source_path.name}: {missing.args[0]}") from None
        else:
            text = _markdown(option, body, lang)
        if text is None:
            continue
        if kind == "markdown" and not any(c["cell_type"] == "markdown" for c in cells):
            text += "\n\n" + _twin_links(source_path.stem, lang)
        digest = hashlib.sha1(f"{source_path.stem}/{lang}/{len(cells)}/{text}".encode()).hexdigest()[:8]
        metadata = {"jupyter": {"source_hidden": True}, "tags": ["check"]} if option == "check" else {}
        cell = {"cell_type": kind, "id": digest, "metadata": metadata, "source": text.splitlines(keepends=True)}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        cells.append(cell)
    return {"cells": cells, "metadata": {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}


def as_text(notebook: dict) -> str:
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def build_all(root: Path | None = None) -> dict[Path, str]:
    """Every generated notebook: its path → its text."""
    root = root or project_notebooks()
    return {root / lang / f"{source.stem}.ipynb": as_text(build(source, lang))
            for source in sorted((root / "source").glob("*.py")) for lang in texts.LANGUAGES}


def main(argv: list[str] | None = None) -> int:
    """Write the notebooks of every source (``python -m zuzlab.notebooks``)."""
    written = 0
    for path, text in build_all().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            written += 1
    print(f"{written} notebook(s) written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
