"""The project's promises about itself: the README's commands, clean notebooks."""

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    return re.findall(r"```bash\n(.+?)\n```", (ROOT / "README.md").read_text(encoding="utf-8"))


def test_readme_opens_with_the_two_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first, second = readme_commands()[:2]
    assert text.index(first) < text.index("---")  # both come before anything else
    assert "jupyter lab --allow-root notebooks/00_start_here.ipynb" in first  # as root too (containers)
    assert "pytest" in second


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert readme_commands()[1] in ci.splitlines()


def test_notebooks_are_committed_without_outputs():
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
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


def test_readme_has_a_binder_link_for_every_notebook():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"/HEAD?urlpath=lab/tree/notebooks/{path.name})" in text, path.name
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.12"
    assert "-e ." in (ROOT / "binder" / "requirements.txt").read_text().splitlines()


def test_every_notebook_has_a_language_switch_in_its_first_code_cell():
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        first_code = next(cell for cell in cells if cell["cell_type"] == "code")
        assert "language_switch()" in "".join(first_code["source"]), path.name


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
