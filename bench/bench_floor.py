"""Where a pool's best city stands: the full model alone (maximise the total, no descent),
asked for a city of at least ``--floor`` points, one worker, each better city printed as it
comes; then, for a pool with tiles to choose, how many compositions have each bound from the
top down to the best city found (``cpsat.city.compositions``).  A script, not a test.

    python bench/bench_floor.py [--suite choose] [--seed 7] [--floor 90] [--time-limit 600]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
import record  # noqa: E402
from bench_solver import random_pool  # noqa: E402

from solver.common.sat import Budget  # noqa: E402
from solver.twocities.cpsat.city.compositions import Compositions  # noqa: E402
from solver.twocities.cpsat.city.solve import _maximise  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="choose", choices=("standard", "choose"))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--floor", type=int, default=90)
    parser.add_argument("--time-limit", type=float, default=600.0)
    args = parser.parse_args()
    run = record.start()
    pool = random_pool(args.suite, args.seed)
    start = time.monotonic()

    found: list[tuple[float, int | None, int]] = []

    def progress(best: int | None, bound: int, seconds: float) -> None:
        print(f"{time.monotonic() - start:8.1f} s  best {best}  bound {bound}", flush=True)
        found.append((round(time.monotonic() - start, 1), best, bound))

    budget = Budget.start(args.time_limit, None)
    status, bound, cities = _maximise(pool, {}, (), args.floor, budget, 1, progress)
    best = cities[0].score.total if cities else None
    print(f"{status}: best {best}, bound {bound}, {time.monotonic() - start:.1f} s, "
          f"{budget.used:.1f} work units", flush=True)
    figures = {"seed": args.seed, "floor": args.floor, "status": str(status), "best": best,
               "bound": bound, "seconds": round(time.monotonic() - start, 1),
               "work": round(budget.used, 1), "progress": found}
    if pool.uses_all:
        run.save(figures, suite=args.suite)
        return
    choices = Compositions(pool)
    choices.top()
    bounds = np.concatenate(choices.bounds)
    print(f"{len(bounds)} compositions; by bound (count, count at this bound or above):")
    above = 0
    for value in range(int(bounds.max()), (best or args.floor) - 1, -1):
        here = int((bounds == value).sum())
        above += here
        print(f"  {value}: {here}, {above}")
    run.save({**figures, "compositions": len(bounds)}, suite=args.suite)


if __name__ == "__main__":
    main()
