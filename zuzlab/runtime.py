"""What this Python can do beyond playing: start processes, or not.

In the browser (JupyterLite: Pyodide, ``sys.platform == "emscripten"``) there are no
processes and no threads. The kit then plays where a desktop kernel would start workers:
simulations and studies in this process (``sim``), a lesson check and a class's tournament
in the kernel under a time limit (``lessons.time_limit``). This module is the one place
that says which; a test sets ``PROCESSES = False`` to take the browser's paths on CPython.
"""

from __future__ import annotations

import sys

#: whether this Python can start processes (and threads): not in the browser
PROCESSES = sys.platform != "emscripten"


def can_start_processes() -> bool:
    """Whether the kit may start worker processes here (``PROCESSES``)."""
    return PROCESSES

