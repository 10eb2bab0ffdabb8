"""The kit in the browser (JupyterLite, Python in Pyodide) against a local kernel: prints
its figures, asserts nothing.

    python benchmarks/bench_lite.py [--notebooks all|none|en/01_usa.ipynb …] [--games 100]

1. The same work in both: the kit installed and imported (the browser installs it from the
   site's own index on every new kernel), random USA games, the strategy bots' games through
   ``sim.simulate`` in this process, the expert's hint, the longest route of a whole map, and
   a Railroad Ink game of the quick expert and its hint. The browser runs them in the offline site of the tests
   (``tests/lite_site.py``: JupyterLite 0.5.1, Pyodide 0.27.7, Python 3.12) in headless
   Chromium; the local kernel is this Python.
2. With ``--notebooks``: each notebook of the site run top to bottom in the browser, its
   time and whether it showed an error (every notebook of both languages with ``all``).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from lite_site import build_offline_site, new_page, notebook_of, offline_browser, run_notebook, served  # noqa: E402

#: the work both Pythons time, each line printing "NAME seconds"
def timing_cells(games: int) -> list[str]:
    return [
        "import time\nstarted = time.perf_counter()\nimport zuzlab.sim, zuzlab.ttr, zuzlab.ink, zuzlab.widgets\n"
        "print('TIME import', time.perf_counter() - started)",
        "from zuzlab import sim, ttr, ink\nstarted = time.perf_counter()\n"
        f"for seed in range({games}):\n    ttr.play_game('usa', players=4, seed=seed, bots='random')\n"
        f"print('TIME random_games', (time.perf_counter() - started) / {games})",
        "started = time.perf_counter()\n"
        f"sim.simulate('usa', players=4, games={games}, seed=1, workers=1, progress=False)\n"
        f"print('TIME strategy_games', (time.perf_counter() - started) / {games})",
        "from zuzlab.widgets.ttr_game import hint_for\ngame = ttr.new_game('usa', players=2, seed=4)\n"
        "started = time.perf_counter()\nhint_for(game, 0, 'expert')\nprint('TIME hint', time.perf_counter() - started)",
        "from zuzlab.algorithms.longest_trail import longest_trail\nstarted = time.perf_counter()\n"
        "longest_trail(game.map.routes)\nprint('TIME longest_route_map', time.perf_counter() - started)",
        "started = time.perf_counter()\nink.play_game('ink', seed=1, bots='expert_quick')\n"
        "print('TIME ink_expert_game', time.perf_counter() - started)",
        # the first drawing of a game: the longest rollouts (locally shared among the CPUs, one in the browser)
        "from zuzlab.widgets.game_views import InkGameView\nview = InkGameView(ink.new_game(seed=2))\n"
        "view.hint()  # the worker processes started, where they can\nstarted = time.perf_counter()\nview.hint()\n"
        "print('TIME ink_hint', time.perf_counter() - started)",
    ]


def times_of(text: str) -> dict[str, float]:
    return {name: float(value) for name, value in re.findall(r"TIME (\w+) ([\d.e-]+)", text)}


def local_times(cells: list[str]) -> dict[str, float]:
    """The cells run one after another in a fresh local Python, their printed times read back."""
    done = subprocess.run([sys.executable, "-c", "\n".join(cells)], capture_output=True, text=True, check=True)
    return times_of(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--notebooks", nargs="*", default=[], help="all, or site paths such as en/01_usa.ipynb")
    parser.add_argument("--timeout", type=int, default=600, help="seconds a notebook may run")
    args = parser.parse_args()
    cells = timing_cells(args.games)
    with tempfile.TemporaryDirectory() as scratch:
        scratch_path = Path(scratch)
        started = time.perf_counter()
        site = build_offline_site(scratch_path / "site", [notebook_of(scratch_path / "timing.ipynb",
                                                                      ["%pip install zuzlab", *cells])])
        print(f"site built in {time.perf_counter() - started:.0f} s")
        local = local_times(cells)
        notebooks = ([f"{path.parent.name}/{path.name}" for path in sorted((site / "files").glob("*/*.ipynb"))]
                     if args.notebooks == ["all"] else args.notebooks)
        with served(site) as address, offline_browser(address) as context:
            page = new_page(context)
            outcome, seconds = run_notebook(page, address, "timing.ipynb", args.timeout * 1000)
            text = "\n".join(page.locator(".jp-OutputArea-output").all_inner_texts())
            browser = times_of(text)
            page.close()
            print(f"timing notebook: {outcome} in {seconds:.0f} s (the page opened, Python started, the kit installed)")
            print(f"{'work':<22}{'local (s)':>12}{'browser (s)':>14}{'ratio':>8}")
            for name, local_seconds in local.items():
                in_browser = browser.get(name)
                ratio = f"{in_browser / local_seconds:.1f}" if in_browser and local_seconds else "–"
                shown = f"{in_browser:.4f}" if in_browser is not None else "missing"
                print(f"{name:<22}{local_seconds:>12.4f}{shown:>14}{ratio:>8}")
            for notebook in notebooks:
                page = new_page(context)
                outcome, seconds = run_notebook(page, address, notebook, args.timeout * 1000)
                outputs = page.locator(".jp-OutputArea-output").all_inner_texts()
                errors = [text for text in outputs if "Traceback" in text or "Error displaying widget" in text]
                print(f"{notebook:<45}{outcome:<12}{seconds:>6.0f} s  "
                      f"{'errors: ' + errors[0][-300:].replace(chr(10), ' | ') if errors else 'no errors'}"
                      f"{'  page: ' + page.errors[0][:200] if page.errors else ''}", flush=True)
                page.close()
            print(f"requests that left the machine: {len(context.outside)}")


if __name__ == "__main__":
    main()
