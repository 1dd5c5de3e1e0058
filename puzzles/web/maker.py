"""One puzzle made in a process of its own, for the server's generation pool.

``python -m puzzles.web.maker DATE PARENT [GAME]`` makes ``DATE``'s puzzle (``puzzle_for``,
or ``usa_puzzle_for`` for ``GAME`` ``usa``: kept in the cache) and writes one JSON line per
event on standard output: ``{"progress": TEXT}`` for each step, then ``{"puzzle": {...}}`` or
``{"error": TEXT}``.  The candidates are proven one after another in this one process, so the
server's bound on generations is a bound on cores, and a kill of this process (the server's
cancellation) stops all of the work.  It dies with ``PARENT`` (the server).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from puzzles.archive import puzzle_for
from puzzles.common.days import parse_date
from solver.common.errors import CitiesError
from solver.common.workers import die_with_parent


def _say(event: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(event) + "\n")
    sys.stdout.flush()


def main(argv: list[str]) -> int:
    day, parent = parse_date(argv[0]), int(argv[1])
    game = argv[2] if len(argv) > 2 else "twocities"
    die_with_parent(parent)

    def say(text: str) -> None:
        _say({"progress": str(text)})

    try:
        if game == "usa":
            from puzzles.usa.archive import usa_puzzle_for
            puzzle: Any = usa_puzzle_for(day, say)
        else:
            puzzle = puzzle_for(day, say, jobs=1)
    except CitiesError as err:
        _say({"error": str(err)})
        return 2
    except Exception as err:  # a bug, not bad input: one line, no traceback
        _say({"error": f"internal error ({type(err).__name__}: {err})"})
        return 1
    _say({"puzzle": puzzle.to_json()})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
