"""A hostile Cities USA city for the order-of-play search: a full 5x5 city (the largest a city
file may be) built by legal play holding no bridge, so one of its streets ends in a dead end
no bridge fixes, entered as holding a bridge.  Legal play with a bridge in hand fixes every
dead end, so no order builds it; but only the placement that makes that dead end is refused,
and the search (``solver.usa.rules.order``) tries every other order of the other tiles first:
exponential in the tiles.  Found by placing random tiles of the box on their fewest dead ends
and timing ``play_order(city, 1)``; ``check_in_progress`` took 279 s to refuse it on
2026-12-03 (a loaded 2-core machine, ``nice -n 19``)."""

from __future__ import annotations

from typing import Any

LAYOUT = [  # (tile, row, column, rotation) in reading order
    ("city-05", 0, 0, 0), ("city-01", 0, 1, 0), ("city-24", 0, 2, 0), ("city-31", 0, 3, 90),
    ("city-20", 0, 4, 90), ("city-22", 1, 0, 0), ("city-02", 1, 1, 90), ("city-11", 1, 2, 90),
    ("city-17", 1, 3, 0), ("city-10", 1, 4, 0), ("city-16", 2, 0, 90), ("city-25", 2, 1, 180),
    ("start-1", 2, 2, 0), ("city-12", 2, 3, 0), ("city-28", 2, 4, 0), ("city-07", 3, 0, 0),
    ("city-30", 3, 1, 0), ("city-32", 3, 2, 180), ("city-19", 3, 3, 90), ("city-04", 3, 4, 90),
    ("city-27", 4, 0, 90), ("city-14", 4, 1, 90), ("city-09", 4, 2, 90), ("city-29", 4, 3, 0),
    ("city-23", 4, 4, 0)]


def hostile_city() -> dict[str, Any]:
    """The city file object (its tiles, no bridge built, one in hand)."""
    return {"game": "cities-usa", "size": [5, 5], "bridges_left": 1,
            "tiles": [{"tile": t, "at": [r, c], "rotation": rot} for t, r, c, rot in LAYOUT]}


def hostile_finish(time_limit: float, stream: bool) -> dict[str, Any]:
    """A best-finish body on the hostile city (nothing left to come)."""
    return {"state": hostile_city(), "tiles": [], "time_limit": time_limit, "stream": stream}
