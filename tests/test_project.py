"""The project's promises about itself: the README's commands, clean notebooks."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    return re.findall(r"```bash\n(.+?)\n```", (ROOT / "README.md").read_text(encoding="utf-8"))


def test_readme_opens_with_the_two_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first, second = readme_commands()[:2]
    assert text.index(first) < text.index("---")  # both come before anything else
    assert "jupyter lab --allow-root " in first  # as root too (containers)
    assert "pytest" in second


def test_the_launch_serves_every_notebook_a_link_points_to():
    """JupyterLab serves only its root folder: the launch command's root must hold both sets,
    so that a notebook's links (the other language, the notebook list of 00) open."""
    import re
    import shlex

    words = shlex.split(readme_commands()[0].split("&&")[-1])
    root = ROOT / next(w.split("=", 1)[1] for w in words if w.startswith("--ServerApp.root_dir="))
    opened = ROOT / words[-1]
    assert opened.is_file() and root in opened.parents
    links = 0
    for path in NOTEBOOKS:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                for target in re.findall(r"\]\(([^)#:]+\.ipynb)\)", "".join(cell["source"])):
                    linked = (path.parent / target).resolve()
                    assert linked.is_file() and root.resolve() in linked.parents, (path.name, target)
                    links += 1
    assert links > 40


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert readme_commands()[1] in ci.splitlines()
    options = readme_commands()[1].split("-m pytest", 1)[1].split()
    assert options == ["-n", "2", "--dist", "loadfile"] and "PYTEST_ADDOPTS" not in ci  # no -m or -k: every test runs


NOTEBOOKS = sorted((ROOT / "notebooks").glob("*/*.ipynb"))


def test_notebooks_are_committed_without_outputs():
    assert NOTEBOOKS
    for path in NOTEBOOKS:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, path.name


def test_every_map_loads():
    from zuzlab import ttr
    from zuzlab.ttr.maps import builtin_maps

    assert "usa" in builtin_maps()
    for name in builtin_maps():
        assert ttr.load_map(name).name == name


def test_every_package_is_listed_for_installation():
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "zuzlab").rglob("__init__.py")}
    assert on_disk | {"zuzlab.maps"} == listed


def test_readme_has_a_binder_and_a_browser_link_for_every_notebook():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for path in NOTEBOOKS:
        binder = f"/HEAD?urlpath=lab/tree/notebooks/{path.parent.name}/{path.name})"
        site = f"/lab/index.html?path={path.parent.name}/{path.name})"  # the site's layout (zuzlab.lite)
        assert binder in text and site in text, (binder, site)
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.12"
    assert "-e ." in (ROOT / "binder" / "requirements.txt").read_text().splitlines()


def test_every_notebook_starts_its_language_switch_in_its_own_language():
    for path in NOTEBOOKS:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        first_code = next(cell for cell in cells if cell["cell_type"] == "code")
        assert f'language_switch("{path.parent.name}")' in "".join(first_code["source"]), path


def test_every_languages_notebooks_are_made_from_their_sources():
    """``python -m zuzlab.notebooks`` writes them; an edited source or text without a
    rebuild fails here."""
    from zuzlab.notebooks import build_all

    built = build_all(ROOT / "notebooks")
    assert sorted(built) == NOTEBOOKS, "a notebook without a source, or a source not built"
    for path, text in built.items():
        assert path.read_text(encoding="utf-8") == text, f"{path} is out of date: run python -m zuzlab.notebooks"


def test_a_lesson_reads_before_it_runs_in_every_language():
    """The lesson text is in markdown cells, in the notebook's language (GitHub and
    nbviewer show it): every [explain] text a notebook names is there in full."""
    from zuzlab import texts

    for path in NOTEBOOKS:
        lang = path.parent.name
        markdown = "\n".join("".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
                             if c["cell_type"] == "markdown")
        source = (ROOT / "notebooks" / "source" / f"{path.stem}.py").read_text(encoding="utf-8")
        keys = re.findall(r"^# %% \[markdown\] text (\S+)", source, re.M)
        assert keys, path
        for key in keys:
            assert texts.raw(f"explain.{key}", lang).strip() in markdown, (path, key)
        assert "zw.explain(\"" + keys[0] not in markdown


def test_the_readme_protocol_example_runs(capsys):
    """The README's example of the one protocol is real code: it runs, and what its
    comments promise holds."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Using the engines: one protocol")
    example = re.search(r"```python\n(.+?)```", text[start:], re.S).group(1)
    scope: dict = {}
    exec(compile(example, "README.md", "exec"), scope)
    assert scope["again"] == scope["finished"] and scope["lake"].round == 2
    assert scope["cards"].yards[1]["red"] == [] and str(scope["game"].map.route_between("Denver", "Omaha")).startswith(
        "Denver–Omaha (4 pink)")
    assert "Winner" in capsys.readouterr().out


def test_the_start_notebook_lists_every_notebook_of_its_set():
    from zuzlab import texts

    for lang in texts.LANGUAGES:
        start = json.loads((ROOT / "notebooks" / lang / "00_start_here.ipynb").read_text(encoding="utf-8"))
        linked = set(re.findall(r"\]\((\d\d_\w+\.ipynb)\)", "".join("".join(c["source"]) for c in start["cells"])))
        others = {path.name for path in (ROOT / "notebooks" / lang).glob("*.ipynb")} - {"00_start_here.ipynb"}
        assert others <= linked, (lang, others - linked)


def test_a_source_without_a_cell_for_every_language_is_refused_by_its_line(monkeypatch, tmp_path):
    """A title written for some languages only would silently be missing in the others'
    notebooks: the build names the line (for a language added to the kit too)."""
    from zuzlab import notebooks, texts

    monkeypatch.setattr(texts, "LANGUAGES", {"en": "English", "de": "Deutsch"})
    source = "# %% [markdown] en\n# # Title\n# %% [markdown] de\n# # Titel\n# %%\nx = 1\n"
    assert [option for _, option, _ in notebooks.parse(source)] == ["en", "de", ""]
    with pytest.raises(ValueError, match="line 1: .* each language of the kit, not 1 for en, none for de"):
        notebooks.parse("# %% [markdown] en\n# # Title\n# %%\nx = 1\n")
    monkeypatch.setitem(texts.LANGUAGES, "xx", "Xx")
    with pytest.raises(ValueError, match="line 1: .* not 1 for en, 1 for de, none for xx"):
        notebooks.parse(source)
    (tmp_path / "01_title.py").write_text(source, encoding="utf-8")
    with pytest.raises(ValueError, match=r"^01_title.py: line 1: .* not 1 for en, 1 for de, none for xx"):
        notebooks.build(tmp_path / "01_title.py", "xx")
    with pytest.raises(ValueError, match=r"'text KEY' or a language of the kit \(en, de, xx\), not 'fr'"):
        notebooks.parse("# %% [markdown] fr\n# Titre\n")


def test_the_package_says_what_the_kit_is():
    """``help(zuzlab)`` names every engine (each package with a ``new_game``) and no game
    that is not there."""
    import importlib

    import zuzlab

    packages = [path for path in sorted((ROOT / "zuzlab").iterdir()) if (path / "__init__.py").is_file()]
    engines = [path.name for path in packages if "new_game" in (path / "__init__.py").read_text(encoding="utf-8")
               and hasattr(importlib.import_module(f"zuzlab.{path.name}"), "new_game")]  # (the figures not imported)
    from zuzlab.engines import ENGINES

    assert engines == sorted(engine.game.__module__.split(".")[1] for engine in ENGINES)
    assert all(f"``zuzlab.{name}``" in zuzlab.__doc__ for name in engines)
    assert "Ticket to Ride USA" not in zuzlab.__doc__ and "Railroad Ink" in zuzlab.__doc__


def test_nothing_cites_notes_that_are_not_in_the_repository():
    """The rules notes and rule texts the kit was built from stay outside the repository;
    code, tests, notebooks and the README point at what a reader has (the README's rules
    decisions, a test) or say the fact itself."""
    outside = re.compile(r"RULES[-_ ]NOTES|\bseed[- _]?00\d|§\s*\d", re.I)
    files = [ROOT / "README.md", *(ROOT / "zuzlab").rglob("*.py"), *(ROOT / "zuzlab").rglob("*.toml"),
             *(ROOT / "tests").glob("*.py"), *(ROOT / "notebooks" / "source").glob("*.py")]
    cited = [f"{path.relative_to(ROOT)}:{number}" for path in files if path.name != "test_project.py"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if outside.search(line)]
    assert not cited


@pytest.mark.slow
def test_the_quick_loop_leaves_out_every_notebook_run_and_the_browser():
    """``-m "not slow"`` (the README's quick loop) selects none of them; ``-m notebooks``
    and ``-m browser`` select them (nbval's notebooks are marked by tests/conftest.py)."""
    import subprocess
    import sys

    runs = ["notebooks/en/00_start_here.ipynb", "tests/test_notebook_outputs.py", "tests/test_ink_notebooks.py",
            "tests/test_browser.py"]

    def selected(marks: str) -> list[str]:
        listed = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", marks, *runs],
                                capture_output=True, text=True, cwd=ROOT).stdout
        return [line.split("::")[0] for line in listed.splitlines() if "::" in line]

    assert selected("not slow") == []
    assert set(selected("notebooks")) == set(runs) - {"tests/test_browser.py"}
    assert set(selected("browser")) == {"tests/test_browser.py"}
