"""``tile-values``: what one more tile of each type is worth to an optimal city.

Each run deals a city's tiles from the shuffled box (the beginner city: 12 singles and 2
duplexes, no mat, with the civic module on so civic tiles are in the box) and solves it; then
solves it again once per building type with one more tile of that type added (a tavern or a
civic of the first kind the shuffled box still holds).  A type's value in the run is the
optimum with the tile minus the optimum without: what being offered that tile is worth, since
the city may take it in place of any of its own.  The table averages the runs.

>>> result = run(0, 0)
>>> sorted(result["with"]) == sorted(TYPES) and len(result["tiles"]) == 14
True
>>> all(result["with"][t] >= result["without"] for t in TYPES)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.common.fields import bool_field, int_field, object_field, str_list
from solver.common.stats import interval
from solver.twocities.studies.base import Study, run_rng
from solver.twocities.studies.solving import best_city, shuffled_box

NAME, VERSION = "tile-values", 1
EDITION, VARIANT, SINGLES, DUPLEXES = "essential", "beginner", 12, 2
TYPES = ("factory", "shop", "tavern", "park", "office", "house", "civic")
#: The token of a tile of each type; taverns and civics come in kinds, drawn from the box.
TOKENS = {"factory": "F", "shop": "S", "park": "P", "office": "O", "house": "H"}
KIND_PREFIX = {"tavern": "T", "civic": "C:"}


def run(seed: int, index: int) -> dict[str, Any]:
    """One deal: its tiles, the optimum without an extra tile and with one of each type."""
    singles, duplexes = shuffled_box(run_rng(NAME, VERSION, seed, index))
    tiles = singles[:SINGLES] + duplexes[:DUPLEXES]
    rest = singles[SINGLES:]
    scores: dict[str, int] = {}
    proven = True
    base, ok = best_city(_pool(tiles))
    proven &= ok
    for kind in TYPES:
        extra = TOKENS.get(kind) or next(t for t in rest if t.startswith(KIND_PREFIX[kind]))
        scores[kind], ok = best_city(_pool([extra, *tiles]))
        proven &= ok
    return {"tiles": tiles, "without": base, "with": scores, "proven": proven}


def _pool(tiles: list[str]) -> dict[str, Any]:
    return {"edition": EDITION, "variant": VARIANT, "modules": {"civics": True},
            "tiles": tiles}


def check(result: Any) -> None:
    """A run's result as ``run`` returns it: the tiles, the optimum without an extra tile and
    with one of every type, proven.

    >>> check({"tiles": ["F"], "without": 10, "with": {"shop": 12}, "proven": True})
    Traceback (most recent call last):
    solver.common.errors.BadField: with.factory: expected an integer, got None
    """
    result = object_field(result, "result")
    str_list(result.get("tiles"), "tiles", nonempty=True)
    int_field(result.get("without"), "without")
    scores = object_field(result.get("with"), "with")
    for kind in TYPES:
        int_field(scores.get(kind), f"with.{kind}")
    bool_field(result.get("proven"), "proven")


def table(results: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per type: the mean gain of one more tile of it, most valuable first."""
    rows = [{"label": kind, **interval([r["with"][kind] - r["without"] for r in results]),
             "unproven_runs": sum(not r["proven"] for r in results)} for kind in TYPES]
    return sorted(rows, key=lambda row: (-row["mean"], row["label"]))


TILE_VALUES = Study(NAME, VERSION, "the optimum's gain from one more tile of each type",
                    run, table, "One more tile: the optimal city's gain (95% interval)",
                    "points gained", solves_per_run=1 + len(TYPES), check=check)
