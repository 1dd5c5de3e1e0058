"""One Table job in a process of its own (``puzzles.web.table_jobs``).

``python -m puzzles.web.table_worker PARENT`` reads one task (a JSON object with ``kind``)
on its standard input, runs it, and writes one JSON line per event on its standard output:
``{"progress": ...}`` as the work goes, then ``{"result": ...}`` (what the CLI's ``--json``
prints) or ``{"error": TEXT, "field": F}``.  It dies with ``PARENT`` (the server).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from solver.common.errors import CitiesError
from solver.common.workers import die_with_parent

Say = Callable[[dict[str, Any]], None]


def _say(event: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(event) + "\n")
    sys.stdout.flush()


def run(task: dict[str, Any], say: Say) -> Any:
    """The task's result (``kind`` names the work: see ``table.TASKS``, ``table_usa.TASKS``)."""
    from puzzles.web.table import TASKS
    from puzzles.web.table_usa import TASKS as USA_TASKS

    work = {**TASKS, **USA_TASKS}.get(str(task.get("kind")))
    if work is None:
        raise CitiesError(f"unknown job {task.get('kind')!r}", field="kind")
    return work(task, say)


def main(argv: list[str]) -> int:
    die_with_parent(int(argv[0]))
    try:
        task = json.loads(sys.stdin.readline())
        _say({"result": run(task, _say)})
    except CitiesError as err:
        _say({"error": str(err), "field": err.field})
        return 2
    except Exception as err:  # a bug, not bad input: one line, no traceback
        _say({"error": f"internal error ({type(err).__name__}: {err})", "field": None,
              "status": 500})
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
