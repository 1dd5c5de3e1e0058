"""Benchmark the Cities USA solver on seeded suites of random 3x3 pools (a script, not a test).

Suites (20 pools each by default, drawn from the sample components with a seeded generator):

- ``nine``: a starting tile and exactly 8 city tiles: the city uses them all;
- ``choose``: a starting tile and 11 city tiles: the solver picks 8.

Each pool also holds 2 bridges, 3 feature tiles, 3-6 pieces of two colours and a top, 2
scoring cards and one achievement, as a player's haul in a game might be.

Usage::

    python bench/bench_usa.py [--suite nine|choose|all] [--count 20] [--time-limit 60]
        [--workers 2] [--seed 1] [--json FILE] [--categories buildings,cards,...]
        [--deterministic-time D] [--light-only] [--pools 2,4,5]

Prints one row per suite: pools, proven, the median, p95 and largest seconds to proof
(unproven pools count at the time limit).

``--deterministic-time D`` (with ``--workers 1``) bounds each proof by CP-SAT's deterministic
work instead of the clock, as the daily puzzle's proof is bounded: which pools are proven
within D, their scores and bounds, are the same on a loaded machine as on a quiet one.
With ``--workers 1`` the light search has half the limits, then the strong one hinted with
its city (``solve_pool``'s default, ``then_strong``); ``--light-only``: the light search alone
(``then_strong=False``). What was measured and tried, with its figures, is in
``bench/results/usa.jsonl`` (``bench/report.py`` renders docs/benchmarks.md from it).

``--pools 2,4,5`` solves only those pools of each suite (the same pools as in a full run).

``--categories`` profiles instead: each pool's model with only those scoring categories
(``build_model(pool, categories=...)``), solved as ``solve_pool`` solves (the same race), and
the points of those categories alone: which family of constraints the search struggles with.
Such answers are not re-scored (the scorer scores every category).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.common.status import Status  # noqa: E402
from solver.usa.cpsat.categories import CATEGORY_MODELS  # noqa: E402
from solver.usa.cpsat.race import race  # noqa: E402
from solver.usa.cpsat.solve import SolveResult, build_model, solve_pool  # noqa: E402
from solver.usa.game.components import Components, load_components  # noqa: E402
from solver.usa.game.pool import pool_from_json  # noqa: E402
from solver.usa.game.vocab import COLORS  # noqa: E402

SUITES = {"nine": 8, "choose": 11}


def random_pool(rng: random.Random, comps: Components, tiles: int,
                size: tuple[int, int] = (3, 3)) -> dict[str, Any]:
    """A seeded pool: a starting tile, ``tiles`` city tiles, and a player's other haul."""
    features = [f for f, x in sorted(comps.features.items()) for _ in range(x.copies)]
    colors = rng.sample(COLORS, 2)
    achievements = sorted(comps.achievements)
    aid = rng.choice(achievements)
    return {"game": "cities-usa", "size": list(size),
            "start": rng.choice(sorted(comps.starting_tiles)),
            "tiles": rng.sample(sorted(comps.city_tiles), tiles),
            "bridges": 2,
            "features": rng.sample(features, 3),
            "pieces": {c: rng.randint(3, 6) for c in colors},
            "tops": [colors[0]],
            "cards": rng.sample(sorted(comps.cards), 2),
            "achievements": [{"achievement": aid,
                              "points": comps.achievements[aid].points[0]}]}


def solve_categories(pool: Any, categories: list[str], time_limit: float,
                     workers: int) -> SolveResult:
    """The pool's model with only ``categories``: its best points, bound and status."""
    began = time.monotonic()
    cm = build_model(pool, categories=categories)
    out = race(cm.m, time_limit, workers, None, None, began)
    score = None if out.solver is None else round(out.solver.ObjectiveValue())
    status = out.status if out.status != Status.OPTIMAL or score is not None else Status.UNKNOWN
    return SolveResult(status, score, out.bound, time.monotonic() - began)


def run_suite(name: str, count: int, seed: int, time_limit: float,
              workers: int, categories: list[str] | None = None,
              deterministic_time: float | None = None,
              then_strong: bool = True, only: set[int] | None = None) -> dict[str, Any]:
    comps = load_components()
    rng = random.Random(f"{seed}-{name}")
    rows = []
    for i in range(count):
        # Every pool is drawn, so pool i is the same pool whichever pools are solved.
        pool = pool_from_json(random_pool(rng, comps, SUITES[name]), comps)
        if only is not None and i not in only:
            continue
        began = time.monotonic()
        result = (solve_pool(pool, time_limit=None if deterministic_time else time_limit,
                             workers=workers, deterministic_time=deterministic_time,
                             then_strong=then_strong)
                  if categories is None
                  else solve_categories(pool, categories, time_limit, workers))
        seconds = time.monotonic() - began
        rows.append({"pool": i, "status": str(result.status), "score": result.score,
                     "bound": result.bound, "seconds": round(seconds, 3)})
        print(f"  {name} {i:3d} {result.status:10s} score {result.score} bound {result.bound} "
              f"{seconds:6.2f} s", file=sys.stderr, flush=True)
    times = sorted(r["seconds"] if r["status"] == "optimal" else time_limit for r in rows)
    p95 = times[min(len(times) - 1, max(0, round(0.95 * len(times)) - 1))]
    return {"suite": name, "pools": len(rows),
            "proven": sum(r["status"] == "optimal" for r in rows),
            "median": round(statistics.median(times), 2), "p95": round(p95, 2),
            "max": round(times[-1], 2), "rows": rows}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", choices=[*SUITES, "all"], default="all")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--categories", help="profile: only these scoring categories (commas)")
    ap.add_argument("--deterministic-time", type=float,
                    help="bound each proof by CP-SAT deterministic work (with --workers 1)")
    ap.add_argument("--light-only", action="store_true",
                    help="one worker: the light search alone (no strong search after it)")
    ap.add_argument("--pools", help="solve only these pools of the first --count (indices, "
                    "commas; e.g. the unproven ones)")
    args = ap.parse_args()
    if args.light_only and args.workers != 1:
        ap.error("--light-only needs --workers 1")
    if args.deterministic_time is not None and args.workers != 1:
        ap.error("--deterministic-time needs --workers 1 (a race of two is not reproducible)")
    run = record.start()
    categories = None if args.categories is None else args.categories.split(",")
    unknown = sorted(set(categories or ()) - set(CATEGORY_MODELS))
    if unknown:
        ap.error(f"unknown categories {unknown}; known: {', '.join(CATEGORY_MODELS)}")
    suites = list(SUITES) if args.suite == "all" else [args.suite]
    only = None
    if args.pools is not None:
        try:
            only = {int(i) for i in args.pools.split(",")}
        except ValueError:
            ap.error(f"--pools: pool indices separated by commas, not {args.pools!r}")
        if not only <= set(range(args.count)):
            ap.error(f"--pools: indices from 0 to {args.count - 1} (--count {args.count})")
    results = [run_suite(s, args.count, args.seed, args.time_limit, args.workers, categories,
                         args.deterministic_time, not args.light_only, only) for s in suites]
    print(f"{'suite':8s} {'pools':>5s} {'proven':>6s} {'median s':>8s} {'p95 s':>7s} "
          f"{'max s':>7s}")
    for r in results:
        print(f"{r['suite']:8s} {r['pools']:5d} {r['proven']:6d} {r['median']:8.2f} "
              f"{r['p95']:7.2f} {r['max']:7.2f}")
    for r in results:
        run.save({**r, "time_limit": args.time_limit, "workers": args.workers,
                  "categories": categories}, suite=f"usa-{r['suite']}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
