"""The whole box as a pool: the best city every tile of the game can make on a mat."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from solver.common.errors import CitiesError
from solver.common.status import Progress
from solver.twocities.cpsat.city.solve import SolveResult, solve_pool
from solver.twocities.game.pool import Pool


def box_pool(edition: str = "essential", variant: str = "standard", mat: str | None = None,
             components: Any = None) -> Pool:
    """The whole box as a pool: every single tile and every duplex, around ``mat``.

    >>> box_pool(variant="beginner").to_choose()
    (12, 2)
    """
    from solver.twocities.game.components import load_components
    from solver.twocities.game.pool import pool_from_json
    from solver.twocities.game.rulesets import load_ruleset

    comps = components or load_components()
    rules = load_ruleset(edition, variant)
    singles = comps.single_pool(civics=rules.modules["civics"])
    data: dict[str, Any] = {"edition": edition, "variant": variant,
                            "tiles": [t for t, n in sorted(singles.items()) for _ in range(n)]
                            + [d.token for d in comps.duplexes]}
    if rules.modules["mats"]:
        data["mat"] = mat or sorted(comps.mats)[0]
    elif mat:
        raise CitiesError(f"the {variant} variant uses no landscape mats", field="--mat")
    return pool_from_json(data, comps)


def box_pools(edition: str = "essential", variant: str = "standard", mat: str | None = None,
              components: Any = None) -> list[tuple[str | None, Pool]]:
    """The whole box as pools, one per mat: ``mat`` alone when given, else every mat of the
    components (none when the variant plays without mats).

    >>> [m for m, _ in box_pools(variant="beginner")]
    [None]
    """
    from solver.twocities.game.components import load_components
    from solver.twocities.game.rulesets import load_ruleset

    comps = components or load_components()
    mats: list[str | None] = [mat]
    if mat is None and load_ruleset(edition, variant).modules["mats"]:
        mats = sorted(comps.mats)
    return [(m, box_pool(edition, variant, m, comps)) for m in mats]


def solve_box(edition: str = "essential", variant: str = "standard", mat: str | None = None,
              components: Any = None, *, time_limit: float = 60.0, workers: int = 2,
              progress: Progress | None = None) -> Iterator[tuple[str | None, SolveResult]]:
    """The best city the whole box makes on each mat (``box_pools``), one mat after another;
    the mats share ``time_limit``, each taking an even part of what is left when it starts.

    A short limit still answers with a city and the bound it could not beat (proving the
    beginner box's 69 takes about 30 s of CPU):

    >>> [(m, r.status.found, r.score <= r.bound)
    ...  for m, r in solve_box(variant="beginner", time_limit=5, workers=1)]
    [(None, True, True)]
    """
    deadline = time.monotonic() + time_limit
    pools = box_pools(edition, variant, mat, components)
    for i, (m, pool) in enumerate(pools):
        share = max(0.1, (deadline - time.monotonic()) / (len(pools) - i))
        yield m, solve_pool(pool, time_limit=share, workers=workers, progress=progress)
