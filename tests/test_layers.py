"""The layers of the kit, read from the code: every import of every module under
``zuzlab/`` (at the top, inside a function, relative or absolute) goes to the module's
own layer or a layer below it, never up. The engines import no plotting, widget, lesson
or notebook code, so they run anywhere (a script, a worker, a server); the figures
import no widgets. The README's *Layers* table is this table."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from zuzlab.engines import ENGINES

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "zuzlab"

#: The layers, lowest first: name → the parts of ``zuzlab`` in it. A module may import
#: its own layer and the layers below, never one above. (``maps`` is the boards' data.)
#: the engines' packages: each registered engine's (zuzlab.engines.ENGINES), found, not listed
ENGINE_PACKAGES = tuple(engine.game.__module__.split(".")[1] for engine in ENGINES)
LAYERS: dict[str, tuple[str, ...]] = {
    "engines": ("texts", "datafiles", "runtime", "core", "scoretable", "train_cards", "tickets", "algorithms",
                *ENGINE_PACKAGES, "engines", "maps"),
    "simulation": ("sim", "playtest"),
    "viz": ("viz",),
    "widgets": ("widgets",),
    "lessons": ("lessons",),
    "notebooks": ("notebooks", "lite"),
}
LEVEL = {part: level for level, parts in enumerate(LAYERS.values()) for part in parts}
LAYER_OF = {part: name for name, parts in LAYERS.items() for part in parts}


def module_name(path: Path) -> str:
    """``zuzlab/viz/lesson_plots.py`` → ``zuzlab.viz.lesson_plots``; a package's
    ``__init__.py`` is the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(source: str, module: str, is_package: bool = False) -> list[tuple[str, int]]:
    """Every module of zuzlab that ``source`` (the module ``module``) imports, with its
    line: absolute and relative imports, at the top and inside functions; ``from .. import
    texts`` imports ``zuzlab.texts``."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[:len(package) - node.level + 1]) if node.level else ""
            origin = ".".join(filter(None, (base, node.module)))
            # each imported name may be a module of its own (``from .. import texts``)
            found += [(f"{origin}.{alias.name}", node.lineno) for alias in node.names]
    return [(name, line) for name, line in found if name == "zuzlab" or name.startswith("zuzlab.")]


def part_of(module: str) -> str | None:
    """The part of zuzlab a module belongs to (``zuzlab.ttr.state`` → ``ttr``); None for
    the package itself."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_the_import_reader_sees_every_form_of_import():
    source = ("import zuzlab.ttr\nfrom zuzlab import viz\nfrom . import errors\nfrom ..widgets.views import OVERLAY\n"
              "import json\ndef later():\n    from .. import texts\n    from ..lessons import check\n")
    found = [name for name, _ in imports_of(source, "zuzlab.viz.lesson_plots")]
    assert found == ["zuzlab.ttr", "zuzlab.viz", "zuzlab.viz.errors", "zuzlab.widgets.views.OVERLAY",
                     "zuzlab.texts", "zuzlab.lessons.check"]
    assert [part_of(name) for name in found] == ["ttr", "viz", "viz", "widgets", "texts", "lessons"]
    assert [n for n, _ in imports_of("from .board import Board\n", "zuzlab.ink", is_package=True)] == \
        ["zuzlab.ink.board.Board"]


def test_every_module_of_the_kit_has_a_layer():
    unplaced = sorted({str(path.relative_to(ROOT)) for path in modules()
                       if part_of(module_name(path)) not in (None, *LEVEL)})
    assert not unplaced, f"give these a layer in LAYERS (and the README's table): {unplaced}"


def test_no_import_runs_up_a_layer():
    """Any module may import its own layer and those below. The package's own
    ``__init__`` runs before every module, so it imports nothing of the kit."""
    upward = []
    imported = 0
    for path in modules():
        module = module_name(path)
        own = part_of(module)
        for name, line in imports_of(path.read_text(encoding="utf-8"), module, path.name == "__init__.py"):
            imported += 1
            target = part_of(name)
            if target is None or target == own:
                continue
            if own is None or LEVEL[target] > LEVEL[own]:
                upward.append(f"{path.relative_to(ROOT)}:{line} ({LAYER_OF.get(own, 'the package')}) imports "
                              f"{name} ({LAYER_OF[target]})")
    assert imported > 300  # the reader did read the imports
    assert not upward, "imports that run up a layer:\n" + "\n".join(upward)


def test_the_readme_shows_these_layers():
    """The README's *Layers* table lists the same layers, in the same order, with the same parts
    (the engines' packages it names are registered ones: an engine added later need not be named)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("\n## Layers"):]
    section = section[:section.index("\n## ", 1)]
    rows = re.findall(r"^\| (\w+) \| ([^|]+) \|", section, re.M)
    shown = {name: tuple(re.findall(r"`(?:zuzlab/)?(\w+)(?:\.py|/)?`", parts)) for name, parts in rows
             if name != "layer"}
    def without_engines(table: dict) -> dict:
        return {name: tuple(part for part in parts if part not in ENGINE_PACKAGES) for name, parts in table.items()}

    assert without_engines(shown) == without_engines(LAYERS)
