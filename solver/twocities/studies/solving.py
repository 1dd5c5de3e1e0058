"""The reproducible solve every study makes, and the box's tiles it deals from."""

from __future__ import annotations

import random
from typing import Any

from solver.common.errors import CitiesError
from solver.twocities.cpsat import solve_pool
from solver.twocities.game.components import load_components
from solver.twocities.game.pool import pool_from_json
from solver.twocities.studies.base import SOLVER_WORKERS

#: CP-SAT work units (deterministic time) per solve: a limit, never wall-clock seconds, so a
#: loaded machine and an idle one give the same answer.
WORK_LIMIT = 20.0


def shuffled_box(r: random.Random, civics: bool = True) -> tuple[list[str], list[str]]:
    """The box's single tiles and duplexes as tokens, each shuffled by ``r``."""
    comps = load_components()
    singles = sorted(comps.single_pool(civics=civics).elements())
    duplexes = [d.token for d in comps.duplexes]
    r.shuffle(singles)
    r.shuffle(duplexes)
    return singles, duplexes


def best_city(data: dict[str, Any]) -> tuple[int, bool]:
    """The optimum of a pool (pool-file data): the score and whether it is proven (else the
    best city found within ``WORK_LIMIT``)."""
    pool = pool_from_json(data, load_components())
    result = solve_pool(pool, time_limit=None, workers=SOLVER_WORKERS,
                        deterministic_time=WORK_LIMIT)
    if result.score is None:
        raise CitiesError(f"no city found within the work limit ({result.status})",
                          field="study")
    return result.score, result.proven
