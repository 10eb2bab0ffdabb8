"""The JupyterLite site's build (``zuzlab.lite``), without the network: what the browser
installs, the notebooks the site holds, its settings and the refusals. The site itself,
built and run in Chromium, is ``test_lite.py``."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from zuzlab import lite, texts
from zuzlab.notebooks import project_notebooks

ROOT = Path(__file__).resolve().parents[1]
BROWSER = lite.browser_environment("3.12.7")


def kit_requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [Requirement(line) for line in project["dependencies"]]


def in_browser(requirement: Requirement) -> bool:
    return requirement.marker is None or requirement.marker.evaluate(BROWSER)


def test_the_browser_leaves_out_the_server_its_kernel_and_the_process_pool():
    names = {requirement.name for requirement in kit_requirements() if in_browser(requirement)}
    everywhere = {requirement.name for requirement in kit_requirements()
                  if requirement.marker is None or requirement.marker.evaluate()}
    assert {"jupyterlab", "ipykernel", "loky", "jupyterlab-language-pack-de-DE"} <= everywhere - names
    assert {"networkx", "bokeh", "jupyter_bokeh", "ipywidgets", "ipycanvas", "pandas", "scipy"} <= names


def pyodide_with(**packages: str) -> lite.Pyodide:
    return lite.Pyodide(url=None, folder=Path("/nowhere"), packages=packages, python="3.12.7")


def test_what_the_pyodide_or_its_kernel_brings_is_not_fetched(tmp_path):
    fetched = lite.browser_wheels(["numpy>=1.16", "ipykernel>=6.29", "loky>=3.4; sys_platform != 'emscripten'",
                                   "widgetsnbextension~=4.0.16"], pyodide_with(numpy="2.0.2"), tmp_path,
                                  say=pytest.fail)
    assert fetched == [] and list(tmp_path.iterdir()) == []


def test_a_package_wanted_in_a_version_the_pyodide_lacks_is_refused_by_name(tmp_path):
    texts.set_language("en")
    with pytest.raises(texts.InputError, match=r"numpy is wanted as numpy>=3.*already has 2\.0\.2"):
        lite.browser_wheels(["numpy>=3"], pyodide_with(numpy="2.0.2"), tmp_path, say=lambda line: None)


def test_each_notebook_of_each_language_is_in_the_site_with_the_kit_installed_first(tmp_path):
    written = lite.stage_notebooks(tmp_path)
    expected = {f"{language}/{path.name}" for language in texts.LANGUAGES
                for path in (project_notebooks() / language).glob("*.ipynb")}
    assert {path.relative_to(tmp_path).as_posix() for path in written} == expected
    assert lite.START in expected
    original = json.loads((project_notebooks() / lite.START).read_text(encoding="utf-8"))
    staged = json.loads((tmp_path / lite.START).read_text(encoding="utf-8"))
    install = "".join(staged["cells"][0]["source"]).splitlines()
    assert install == ["# In the browser, Python starts without the kit: this installs it from this site "
                       "(some seconds, once per notebook).", "%pip install zuzlab"]
    assert staged["cells"][1:] == original["cells"] and staged["metadata"] == original["metadata"]
    german = json.loads((tmp_path / "de" / "00_start_here.ipynb").read_text(encoding="utf-8"))
    assert "".join(german["cells"][0]["source"]).startswith("# Im Browser startet Python ohne das Kit")


def test_an_offline_site_serves_its_own_pyodide_and_never_asks_pypi():
    offline = lite.site_settings(pyodide_with())
    kernel = offline["jupyter-config-data"]["litePluginSettings"][lite.KERNEL_SETTINGS]
    assert kernel == {"disablePyPIFallback": True}  # the build points at the site's static/pyodide
    online = lite.site_settings(lite.Pyodide(lite.CDN_PYODIDE + "pyodide.js", None, {}, "3.14.2"))
    kernel = online["jupyter-config-data"]["litePluginSettings"][lite.KERNEL_SETTINGS]
    assert kernel == {"disablePyPIFallback": False, "pyodideUrl": lite.CDN_PYODIDE + "pyodide.js"}


def test_the_front_page_opens_the_start_notebook_and_keeps_the_settings_block():
    page = lite.ROOT_PAGE.format(start=f"lab/index.html?path={lite.START}")
    assert 'id="jupyter-config-data"' in page and 'data-jupyter-lite-root="."' in page
    assert f'url=lab/index.html?path={lite.START}"' in page


def test_a_folder_without_pyodide_is_refused_by_name(tmp_path):
    texts.set_language("en")
    with pytest.raises(texts.InputError, match=r"is no Pyodide distribution: it needs pyodide.js"):
        lite.pyodide_from(tmp_path)


def test_the_site_is_never_written_over_a_folder_that_holds_something_else(tmp_path):
    texts.set_language("en")
    (tmp_path / "thesis.tex").write_text("mine")
    with pytest.raises(texts.InputError, match="is not empty and holds no site built before"):
        lite.build(tmp_path, pyodide=tmp_path)
    assert [path.name for path in tmp_path.iterdir()] == ["thesis.tex"]
