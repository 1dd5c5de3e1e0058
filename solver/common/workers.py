"""Worker processes that never outlive the run that started them.

Two guards in each worker, set up by ``die_with_parent`` (the pools' initializer): on Linux the
kernel kills the worker the moment its parent dies (``prctl(PR_SET_PDEATHSIG)``), and on every
platform a watchdog thread ends it within ``WATCH_SECONDS`` of the parent's death (its parent
process id changes).  In the parent, ``interrupt_on_sigterm`` turns SIGTERM into the same
``KeyboardInterrupt`` as Ctrl-C, so the ``finally`` blocks that stop the pools run either way.

>>> with interrupt_on_sigterm():
...     pass
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

#: How often a worker's watchdog looks for its parent.
WATCH_SECONDS = 0.5
_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """Run first in every worker: end it when ``parent`` (the process that made it) dies."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the guard was set
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="parent-watchdog", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(1)


@contextlib.contextmanager
def interrupt_on_sigterm() -> Iterator[None]:
    """Within the block, SIGTERM raises ``KeyboardInterrupt`` (as SIGINT does), so cleanup
    runs; outside the main thread (where no handler can be set) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(_signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def kill_all(processes: Any) -> None:
    """Kill worker processes (``multiprocessing.Process`` objects) and reap them."""
    for process in list(processes):
        with contextlib.suppress(Exception):
            process.kill()
    for process in list(processes):
        with contextlib.suppress(Exception):
            process.join(timeout=5)
