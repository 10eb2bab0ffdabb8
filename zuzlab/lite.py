"""The kit as a static JupyterLite site: JupyterLab and Python (Pyodide) in the browser, so a
class opens the notebooks with a link, with nothing to install and no server to wait for.

``python -m zuzlab.lite build [FOLDER]`` (from a clone of the kit, with the ``lite`` extra:
``pip install -e ".[lite]"``) writes the site to ``FOLDER`` (``build/lite``):

- JupyterLab (``jupyterlite-core``) and its Python kernel (``jupyterlite-pyodide-kernel``),
  opening on ``en/00_start_here.ipynb``, with the English and German notebooks in ``en/``
  and ``de/``, each with a first cell that installs the kit (``%pip install zuzlab``);
- the site's own package index (``pypi/``): the kit's wheel and every package it needs that
  the site's Pyodide does not bring, as pure-Python wheels (``browser_wheels``), so the kit
  installs from the site itself; the views' JupyterLab extensions (ipywidgets, ipycanvas,
  jupyter_bokeh) from those same wheels, so each view's Python and JavaScript match;
- Pyodide: by default its CDN's (``CDN_PYODIDE``, loaded by the reader's browser), or with
  ``--pyodide FOLDER`` a Pyodide distribution copied into the site, which then runs with no
  network at all. BokehJS is always the site's own: the maps embed it (``viz.ttr_map``).

The packages the site's Pyodide brings (numpy, scipy, pandas …) are read from its
``pyodide-lock.json``; a package that neither it nor a pure-Python wheel provides is named
in a clear error. Two packages the kit needs have a pure-Python fallback but publish no
pure wheel (MarkupSafe, PyYAML): where the Pyodide lacks them, their wheel is made from the
source release (``PURE_FALLBACKS``).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import urllib.request
import zipfile
from dataclasses import dataclass
from email.parser import Parser
from pathlib import Path
from typing import Callable, Iterable

from . import texts
from .notebooks import project_notebooks

#: Pyodide from its CDN: the one jupyterlite-pyodide-kernel 0.8.6 (the ``lite`` extra) loads
CDN_PYODIDE = "https://cdn.jsdelivr.net/pyodide/v314.0.6/full/"
#: the notebook the site opens on, and the folders of notebooks it holds
START = "en/00_start_here.ipynb"
#: the packages whose wheels carry the views' JupyterLab extensions
LABEXTENSIONS = ("jupyterlab-widgets", "ipycanvas", "jupyter-bokeh")
#: what the Pyodide kernel brings itself (its own stand-ins of ipykernel and widgetsnbextension)
KERNEL_PROVIDES = frozenset({"ipykernel", "widgetsnbextension", "piplite", "pyodide-kernel"})
#: packages with a pure-Python fallback but no pure wheel: the folder of their source
#: release that holds the package, and the package's name
PURE_FALLBACKS = {"markupsafe": ("src", "markupsafe"), "pyyaml": ("lib", "yaml")}
#: what the first cell of each notebook in the site runs (after a comment saying why)
INSTALL_CELL = "%pip install zuzlab"
#: the name of the site's settings file (JupyterLite's)
SETTINGS = "jupyter-lite.json"
#: the site's front page: it opens the start notebook, and holds the (empty) settings block
#: that JupyterLite's pages read from the site's root
ROOT_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>zuzlab</title><link rel="icon" href="favicon.ico">
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<meta http-equiv="refresh" content="0; url={start}">
</head><body><a href="{start}">zuzlab</a></body></html>
"""
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"


@dataclass(frozen=True)
class Pyodide:
    """The site's Python: ``url`` for the site's settings (None: the copy in the site's
    ``static/pyodide``), ``folder`` the local distribution to copy (or None), ``packages``
    what it brings (canonical name → version) and ``python`` its version ("3.12.7")."""

    url: str | None
    folder: Path | None
    packages: dict[str, str]
    python: str

    @property
    def offline(self) -> bool:
        return self.folder is not None


def pyodide_from(source: str | Path, lock_file: str | Path | None = None) -> Pyodide:
    """A Pyodide distribution: a URL (its CDN, loaded by the reader's browser) or a local
    folder (with ``pyodide.js`` and ``pyodide-lock.json``), copied into the site.
    ``lock_file``: the CDN's ``pyodide-lock.json`` read from a file instead (a build on a
    machine that cannot reach the CDN; npm's package ``pyodide`` holds it)."""
    from packaging.utils import canonicalize_name

    text = str(source)
    if text.startswith(("http://", "https://")):
        url = text if text.endswith("/") else text + "/"
        lock = read_lock(url + "pyodide-lock.json", lock_file)
        folder, url = None, url + "pyodide.js"
    else:
        folder = Path(source).resolve()
        if not (folder / "pyodide.js").is_file() or not (folder / "pyodide-lock.json").is_file():
            raise texts.InputError("error.lite_pyodide_folder", folder=str(folder))
        lock, url = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8")), None
    packages = {canonicalize_name(name): entry["version"] for name, entry in lock["packages"].items()}
    return Pyodide(url, folder, packages, lock["info"]["python"])


def read_lock(url: str, lock_file: str | Path | None) -> dict:
    """A CDN Pyodide's package list: from ``url``, or from ``lock_file`` where given."""
    try:
        if lock_file is not None:
            return json.loads(Path(lock_file).read_text(encoding="utf-8"))
        with urllib.request.urlopen(url, timeout=60) as answer:
            return json.load(answer)
    except (OSError, ValueError) as error:
        raise texts.InputError("error.lite_pyodide_unreachable", url=str(lock_file or url),
                               problem=str(error)) from None


def browser_environment(python: str) -> dict[str, str]:
    """The values of dependency markers in the browser (``; sys_platform != "emscripten"``)."""
    return {"sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
            "os_name": "posix", "implementation_name": "cpython", "platform_python_implementation": "CPython",
            "python_version": ".".join(python.split(".")[:2]), "python_full_version": python, "extra": ""}


def requirements_of(wheel: Path) -> list[str]:
    """The ``Requires-Dist`` lines of a wheel's metadata."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(name for name in archive.namelist() if name.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(archive.read(name).decode("utf-8"))
    return metadata.get_all("Requires-Dist") or []


def wheel_version(wheel: Path) -> str:
    """The version in a wheel's file name (``bokeh-3.9.2-py3-none-any.whl`` → "3.9.2")."""
    return wheel.name.split("-")[1]


def browser_wheels(requirements: Iterable[str], pyodide: Pyodide, folder: Path,
                   say: Callable[[str], None] = print) -> list[Path]:
    """Download into ``folder`` a wheel for every package that ``requirements`` need in the
    browser, and that neither the Pyodide nor its kernel brings: each one's pure-Python
    wheel (or ``PURE_FALLBACKS``' wheel from its source), following their own requirements
    with the browser's markers. A package that cannot be had, or is wanted in two versions
    that do not meet, is refused by name."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    environment = browser_environment(pyodide.python)
    wanted = [Requirement(line) for line in requirements]
    found: dict[str, Path] = {}
    while wanted:
        requirement = wanted.pop(0)
        if requirement.marker is not None and not requirement.marker.evaluate(environment):
            continue
        name = canonicalize_name(requirement.name)
        if name in KERNEL_PROVIDES:
            continue
        version = wheel_version(found[name]) if name in found else pyodide.packages.get(name)
        if version is not None:
            if not requirement.specifier.contains(version, prereleases=True):
                raise texts.InputError("error.lite_version_conflict", package=requirement.name,
                                       version=version, wanted=str(requirement))
            continue
        say(texts.text("lite.fetching", package=str(requirement)))
        wheel = pure_wheel(requirement, pyodide.python, folder)
        found[name] = wheel
        wanted += [Requirement(line) for line in requirements_of(wheel)]
    return sorted(found.values())


def pure_wheel(requirement, python: str, folder: Path) -> Path:
    """The newest pure-Python wheel that meets ``requirement`` (``pip download``), or, for
    a package of ``PURE_FALLBACKS``, one made from its source release."""
    from packaging.utils import canonicalize_name

    before = set(folder.glob("*.whl"))
    short = ".".join(python.split(".")[:2])
    done = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                           "--python-version", short, "--implementation", "py", "--abi", "none",
                           "--platform", "any", "--dest", str(folder), str(requirement)],
                          capture_output=True, text=True)
    if done.returncode == 0:
        return new_file(folder, before, ".whl")
    if canonicalize_name(requirement.name) in PURE_FALLBACKS:
        return wheel_from_source(requirement, folder)
    raise texts.InputError("error.lite_no_pure_wheel", package=str(requirement),
                           problem=(done.stderr.strip().splitlines() or [""])[-1])


def new_file(folder: Path, before: set[Path], suffix: str) -> Path:
    """The one file of ``folder`` ending in ``suffix`` that was not among ``before``."""
    (made,) = set(folder.glob(f"*{suffix}")) - before
    return made


def wheel_from_source(requirement, folder: Path) -> Path:
    """A pure-Python wheel of a ``PURE_FALLBACKS`` package, made from its source release:
    its Python package and its metadata, without the optional C speed-ups."""
    from packaging.utils import canonicalize_name
    from wheel.wheelfile import WheelFile

    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        done = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary=:all:",
                               "--dest", str(work), str(requirement)], capture_output=True, text=True)
        if done.returncode != 0:
            raise texts.InputError("error.lite_no_pure_wheel", package=str(requirement),
                                   problem=(done.stderr.strip().splitlines() or [""])[-1])
        (archive,) = work.glob("*.tar.gz")
        shutil.unpack_archive(archive, work / "source")
        (root,) = (work / "source").iterdir()
        metadata = (root / "PKG-INFO").read_text(encoding="utf-8")
        headers = Parser().parsestr(metadata)
        name, version = canonicalize_name(headers["Name"]).replace("-", "_"), headers["Version"]
        source_folder, package = PURE_FALLBACKS[canonicalize_name(requirement.name)]
        wheel = folder / f"{name}-{version}-py3-none-any.whl"
        with WheelFile(wheel, "w") as made:
            for path in sorted((root / source_folder / package).rglob("*")):
                if path.is_file() and path.suffix in (".py", ".pyi", ".typed"):
                    made.write(path, f"{package}/{path.relative_to(root / source_folder / package).as_posix()}")
            made.writestr(f"{name}-{version}.dist-info/METADATA", metadata)
            made.writestr(f"{name}-{version}.dist-info/WHEEL",
                          "Wheel-Version: 1.0\nGenerator: zuzlab.lite\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
    return wheel


def kit_wheel(folder: Path) -> Path:
    """The kit's own wheel, built from this clone (``pip wheel``)."""
    root = project_notebooks().parent
    if not (root / "pyproject.toml").is_file():
        raise texts.InputError("error.lite_no_clone", folder=str(root))
    before = set(folder.glob("*.whl"))
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(folder),
                           str(root)], capture_output=True, text=True)
    if done.returncode != 0:
        raise texts.InputError("error.lite_kit_wheel", problem=done.stderr.strip()[-500:])
    return new_file(folder, before, ".whl")


def site_notebook(notebook: dict, language: str) -> dict:
    """A notebook as the site holds it: a first cell that installs the kit from the site's
    own index (the browser's Python starts without it), saying so in the notebook's language."""
    source = f"# {texts.text('lite.install_comment', language)}\n{INSTALL_CELL}"
    install = {"cell_type": "code", "execution_count": None, "id": "zuzlab-install",
               "metadata": {"tags": ["zuzlab-install"]}, "outputs": [], "source": source.splitlines(keepends=True)}
    return {**notebook, "cells": [install, *notebook["cells"]]}


def stage_notebooks(files: Path) -> list[Path]:
    """The English and German notebooks, each with its install cell, under ``files``."""
    written = []
    for language in texts.LANGUAGES:
        for path in sorted((project_notebooks() / language).glob("*.ipynb")):
            target = files / language / path.name
            target.parent.mkdir(parents=True, exist_ok=True)
            notebook = site_notebook(json.loads(path.read_text(encoding="utf-8")), language)
            target.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            written.append(target)
    return written


def site_settings(pyodide: Pyodide, config: dict | None = None) -> dict:
    """The site's ``jupyter-lite.json``: where Pyodide is (a local copy is found by the
    build), and, for a site that runs offline, no fallback to PyPI; ``config``: more of
    JupyterLite's settings (``settingsOverrides`` of JupyterLab's …)."""
    kernel: dict = {"disablePyPIFallback": pyodide.offline}
    if pyodide.url is not None:
        kernel["pyodideUrl"] = pyodide.url
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"appName": "zuzlab", "litePluginSettings": {KERNEL_SETTINGS: kernel},
                                    **(config or {})}}


def copy_tree(source: Path, target: Path) -> None:
    """Copy a folder, by hard links where the disk allows (a Pyodide is some 80 MB)."""
    try:
        shutil.copytree(source, target, copy_function=_link_or_copy)
    except OSError:
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target)


def _link_or_copy(source: str, target: str) -> None:
    try:
        Path(target).hardlink_to(source)
    except OSError:
        shutil.copy2(source, target)


def build(output: str | Path = "build/lite", pyodide: str | Path = CDN_PYODIDE, lite_command: Iterable[str] = (),
          extra_contents: Iterable[Path] = (), config: dict | None = None, say: Callable[[str], None] = print,
          pyodide_lock: str | Path | None = None) -> Path:
    """Write the site to ``output`` (a new or empty folder, or a site built before) and
    return it. ``pyodide``: its CDN (the default) or a local distribution copied in;
    ``lite_command``: the ``jupyter lite`` to build with (by default this Python's
    ``jupyterlite_core``); ``extra_contents``: more files for the site's file browser;
    ``config``: more of JupyterLite's settings (``site_settings``); ``pyodide_lock``: the
    CDN Pyodide's package list from a file (``pyodide_from``)."""
    output = Path(output).resolve()
    if output.exists() and any(output.iterdir()) and not (output / SETTINGS).exists():
        raise texts.InputError("error.lite_output_not_site", folder=str(output))
    distribution = pyodide_from(pyodide, pyodide_lock)
    with tempfile.TemporaryDirectory(prefix="zuzlab-lite-") as scratch:
        lite_dir = Path(scratch)
        index = lite_dir / "pypi"
        index.mkdir()
        say(texts.text("lite.kit_wheel"))
        kit = kit_wheel(index)
        wheels = browser_wheels(requirements_of(kit), distribution, index, say)
        stage_notebooks(lite_dir / "files")
        for extra in extra_contents:
            shutil.copy2(extra, lite_dir / "files" / Path(extra).name)
        if distribution.folder is not None:
            copy_tree(distribution.folder, lite_dir / "static" / "pyodide")
        (lite_dir / SETTINGS).write_text(json.dumps(site_settings(distribution, config), indent=2), encoding="utf-8")
        extensions = [wheel for wheel in wheels if wheel.name.split("-")[0].replace("_", "-") in LABEXTENSIONS]
        command = [*(lite_command or [sys.executable, "-m", "jupyterlite_core"]), "build",
                   "--lite-dir", str(lite_dir), "--output-dir", str(output),
                   *[f"--LiteBuildConfig.federated_extensions={wheel}" for wheel in extensions]]
        say(texts.text("lite.building", count=len(wheels) + 1))
        done = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True)
        if done.returncode != 0:
            raise texts.InputError("error.lite_build_failed", problem=(done.stdout + done.stderr).strip()[-1500:])
    (output / "index.html").write_text(ROOT_PAGE.format(start=f"lab/index.html?path={START}"), encoding="utf-8")
    if (output / "lab" / "favicon.ico").exists():  # browsers ask the root for one before a page names its own
        shutil.copy2(output / "lab" / "favicon.ico", output / "favicon.ico")
    return output


def main(argv: list[str] | None = None) -> int:
    """``python -m zuzlab.lite build [FOLDER] [--pyodide URL-or-FOLDER] [--pyodide-lock FILE]
    [--jupyter-lite COMMAND]``"""
    parser = argparse.ArgumentParser(prog="python -m zuzlab.lite", description=texts.text("lite.description"))
    parser.add_argument("action", choices=["build"], help=texts.text("lite.help_action"))
    parser.add_argument("folder", nargs="?", default="build/lite", help=texts.text("lite.help_folder"))
    parser.add_argument("--pyodide", default=CDN_PYODIDE, help=texts.text("lite.help_pyodide", url=CDN_PYODIDE))
    parser.add_argument("--pyodide-lock", help=texts.text("lite.help_pyodide_lock"))
    parser.add_argument("--jupyter-lite", default="", help=texts.text("lite.help_jupyter_lite"))
    args = parser.parse_args(argv)
    try:
        site = build(args.folder, args.pyodide, args.jupyter_lite.split(), pyodide_lock=args.pyodide_lock)
    except texts.InputError as problem:
        parser.error(str(problem))
    print(texts.text("lite.done", folder=str(site)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
