"""A worker process the kernel can stop, and the messages to and from it: what the checker
(``checker``) and the tournament (``entrants``) share.

The worker is a plain ``python -m <module>`` process: it needs nothing of the notebook's
or script's main module, and ``kill`` stops even an endless loop. Messages are pickled and
framed by ``worker.write_message``; a reader thread turns the worker's into a queue, so
waiting for one can time out while the kernel stays responsive."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from typing import Any

from .worker import read_message, write_message

#: what ``receive`` gives when the time ran out
TIMED_OUT = ("timeout",)
#: what ``receive`` gives when the worker has gone (it ran out of memory, called exit() …)
GONE = ("gone",)


class WorkerChannel:
    """One worker process (``python -m module``) and its messages."""

    def __init__(self, module: str):
        # one thread for numpy's maths: a worker per bot, many at once, on a class's machine
        environment = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
        self.process = subprocess.Popen([sys.executable, "-m", module], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=environment)
        self.messages: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True, name=f"zuzlab-{module}-reader").start()

    def _read(self) -> None:
        try:
            while True:
                self.messages.put(read_message(self.process.stdout))
        except Exception:  # noqa: BLE001 - the worker has gone, or sent what cannot be read
            self.messages.put(GONE)

    def send(self, message: Any) -> bool:
        """Send ``message``; False if the worker has gone."""
        try:
            write_message(self.process.stdin, message)
            return True
        except (BrokenPipeError, OSError, ValueError):
            return False

    def receive(self, seconds: float) -> tuple:
        """The worker's next message, ``TIMED_OUT`` after ``seconds``, or ``GONE``."""
        try:
            return self.messages.get(timeout=max(0.0, seconds))
        except queue.Empty:
            return TIMED_OUT

    def close(self) -> None:
        """Stop the worker, whatever it is doing."""
        self.process.kill()
        self.process.wait(5)
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:  # a pipe the killed worker left half-written
                pass
