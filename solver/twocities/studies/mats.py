"""``mats``: the distribution of optimal scores on each landscape mat.

Each run deals one city's tiles from the shuffled box (the standard game: 16 singles and 2
duplexes, civic tiles in the box) and solves the same tiles on every mat of the components,
so the mats are compared on equal deals.  The table gives each mat's mean optimum; the
JSON rows add the spread (lowest and highest optimum over the runs).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.common.fields import bool_field, int_field, object_field, str_list
from solver.common.stats import interval
from solver.twocities.game.components import load_components
from solver.twocities.studies.base import Study, run_rng
from solver.twocities.studies.solving import best_city, shuffled_box

NAME, VERSION = "mats", 1
EDITION, VARIANT, SINGLES, DUPLEXES = "essential", "standard", 16, 2


def mat_names() -> list[str]:
    return sorted(load_components().mats)


def run(seed: int, index: int) -> dict[str, Any]:
    """One deal solved on every mat: the optimum per mat."""
    singles, duplexes = shuffled_box(run_rng(NAME, VERSION, seed, index))
    tiles = singles[:SINGLES] + duplexes[:DUPLEXES]
    scores: dict[str, int] = {}
    proven = True
    for mat in mat_names():
        scores[mat], ok = best_city({"edition": EDITION, "variant": VARIANT, "mat": mat,
                                     "tiles": tiles})
        proven &= ok
    return {"tiles": tiles, "optimum": scores, "proven": proven}


def check(result: Any) -> None:
    """A run's result as ``run`` returns it: the tiles, an optimum for every mat, proven.

    >>> check({"tiles": ["F"], "optimum": 5, "proven": True})
    Traceback (most recent call last):
    solver.common.errors.BadField: optimum: expected an object, got 5
    """
    result = object_field(result, "result")
    str_list(result.get("tiles"), "tiles", nonempty=True)
    optimum = object_field(result.get("optimum"), "optimum")
    for mat in mat_names():
        int_field(optimum.get(mat), f"optimum.{mat}")
    bool_field(result.get("proven"), "proven")


def table(results: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per mat: the mean optimum with its interval, and the lowest and highest."""
    rows = []
    for mat in mat_names():
        scores = [r["optimum"][mat] for r in results]
        rows.append({"label": mat, **interval(scores), "min": min(scores), "max": max(scores),
                     "unproven_runs": sum(not r["proven"] for r in results)})
    return sorted(rows, key=lambda row: (-row["mean"], row["label"]))


MATS = Study(NAME, VERSION, "the optimal score of the same deal on each mat", run, table,
             "Optimal score per mat, same deals (95% interval)", "optimal score",
             solves_per_run=len(mat_names()), check=check)
