"""Benchmark the optimal-city solver on seeded suites of random pools (a script, not a test).

Suites (50 pools each by default, drawn from the box with a seeded generator):

- ``standard``: exactly 16 singles (2-3 of them civic) + 2 duplexes around a random mat, with
  two rival cities' factory counts and 3 districts (pairs of district cards, never house with
  factory) whose rivals have random sizes;
- ``choose``: 26 singles + 4 duplexes around a mat, same context: the solver picks 16 + 2;
- ``beginner``: 12 singles + 2 duplexes, 4x4, classic edition, no rivals;
- ``pair``: two cities from one pool (``solve_pair``): 32 singles (2-3 civics for each city)
  + 4 duplexes split between two different random mats, the same context;
- ``pair-choose``: 20 pools of 40 singles + 6 duplexes, two mats: both cities choose.

Usage::

    python bench/bench_solver.py [--suite standard|choose|beginner|pair|pair-choose|all]
        [--count 50]
        [--time-limit 60] [--workers 2] [--seed 1] [--json FILE]
        [--baseline [caps-only|no-caps]]

``--baseline [CONFIG]`` solves every pool twice, in the same process, pool by pool: first as
CONFIG, then as ``solve_pool`` does by default, and prints the ratio of the medians.  CONFIG is
``caps-only`` (the default: category caps, ``cpsat.city.caps``, and the full solve maximising
under them, without the descent through exact scores, ``cpsat.city.descent``) or ``no-caps``.

Prints one row per suite: pools, proven, the median, p90, p95, largest and mean seconds to
proof (unproven pools count at the time limit), and the median gap (bound - score) of the
unproven ones.  The pair suites also print the seconds to the first pair (the pair the
solve would answer if stopped then: its progress reports, timed from the start) and the
pools left with no pair at all.  ``--count`` defaults to 50 pools (20 for pair-choose).

``--baseline full-model`` (pair suites) solves each pool with the full pair model alone
first (``solve_pair`` without its quick pair), in the same process.  ``--pool FILE`` solves
that pool file (``--count`` times, default once) instead of the suites.
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

from solver.twocities.cpsat.city.solve import solve_pool  # noqa: E402
from solver.twocities.cpsat.pair import solve as pairsolve  # noqa: E402
from solver.twocities.cpsat.pair.solve import solve_pair  # noqa: E402
from solver.twocities.game.components import Components, load_components  # noqa: E402
from solver.twocities.game.pool import Pool, load_pool, pool_from_json  # noqa: E402

SUITES = ("standard", "choose", "beginner", "pair", "pair-choose")
PAIR_SUITES = ("pair", "pair-choose")
#: Pools per suite unless ``--count`` says otherwise.
DEFAULT_COUNT = {"pair-choose": 20}
#: Solver configurations a run can compare: keyword arguments to ``solve_pool``
#: (``full-model``: ``solve_pair`` without its quick pair).
CONFIGS: dict[str, dict[str, Any]] = {"default": {}, "caps-only": {"descent": False},
                                      "no-caps": {"caps": False}, "full-model": {}}


def _bag(comps: Components, civics: bool) -> list[str]:
    return [t for t, n in sorted(comps.single_pool(civics=civics).items())
            if not t.startswith("C") for _ in range(n)]


def _context(rng: random.Random, comps: Components) -> dict[str, Any]:
    while True:
        cards = rng.sample(list(comps.district_cards), 6)
        pairs = [frozenset(cards[i:i + 2]) for i in (0, 2, 4)]
        if not any(p in comps.forbidden_district_pairs for p in pairs):
            break
    points = list(comps.district_scoring_tiles)
    return {"rival_factories": [rng.randint(0, 6) for _ in range(2)],
            "districts": [{"types": sorted(p), "points": list(points[i]),
                           "rivals": [rng.randint(0, 8) for _ in range(2)]}
                          for i, p in enumerate(pairs)]}


def random_pool(suite: str, seed: int, comps: Components | None = None) -> Pool:
    """The seeded pool number ``seed`` of a suite."""
    comps = comps or load_components()
    rng = random.Random(f"{suite}-{seed}")
    duplexes = [d.token for d in comps.duplexes]
    civics = sorted(t for t in comps.singles if t.startswith("C"))
    if suite == "beginner":
        return pool_from_json({"edition": "classic", "variant": "beginner",
                               "tiles": rng.sample(_bag(comps, False), 12)
                               + rng.sample(duplexes, 2)}, comps)
    singles, n_duplexes = {"standard": (16, 2), "choose": (26, 4), "pair": (32, 4),
                           "pair-choose": (40, 6)}[suite]
    cities = 2 if suite in PAIR_SUITES else 1
    n_civics = sum(rng.choice((2, 3)) for _ in range(cities))
    tiles = (rng.sample(_bag(comps, True), singles - n_civics) + rng.sample(civics, n_civics)
             + rng.sample(duplexes, n_duplexes))
    mats: dict[str, Any] = ({"mats": rng.sample(sorted(comps.mats), 2)} if cities == 2
                            else {"mat": rng.choice(sorted(comps.mats))})
    return pool_from_json({"edition": "essential", "variant": "standard", **mats,
                           "tiles": tiles, "context": _context(rng, comps)}, comps)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def run_suite(suite: str, count: int, time_limit: float, workers: int, first: int,
              verbose: bool, configs: tuple[str, ...] = ("default",),
              pool_file: Path | None = None) -> list[dict[str, Any]]:
    """One result per solver configuration (``CONFIGS``), the configurations interleaved
    pool by pool so all see the same machine load.  ``pool_file``: that pool, ``count``
    times, instead of the suite's."""
    comps = load_components()
    rows: dict[str, list[dict[str, Any]]] = {c: [] for c in configs}
    for seed in range(first, first + count):
        pool = load_pool(pool_file, comps) if pool_file else random_pool(suite, seed, comps)
        pair = pool.cities == 2
        for config in configs:
            start = time.monotonic()
            found_at: list[float] = []
            if pair:
                result = _solve_pair(pool, time_limit, workers, config, found_at, start)
            else:
                result = solve_pool(pool, time_limit=time_limit, workers=workers,
                                    **CONFIGS[config])
            seconds = time.monotonic() - start
            row = {"seed": seed, "status": result.status, "score": result.score,
                   "bound": result.bound, "seconds": round(seconds, 3)}
            if pair:
                row["first_pair_s"] = round(found_at[0], 3) if found_at else None
                row["lower_proven"] = result.lower_proven
            rows[config].append(row)
            if verbose:
                print(f"  {suite} {seed} {config}: {result.status} "
                      f"{result.score}/{result.bound} {seconds:.2f}s"
                      + (f" first pair {row['first_pair_s']} s" if pair
                         else ""), file=sys.stderr, flush=True)
    return [summary(suite, config, rows[config], time_limit, workers) for config in configs]


def _solve_pair(pool: Pool, time_limit: float, workers: int, config: str,
                first: list[float], start: float) -> Any:
    """``solve_pair``, noting in ``first`` when its first pair was known: the quick pair
    (timed as it is handed to the full model) or the full model's first report."""
    quick = pairsolve._quick_pair

    def timed(*args: Any, **kw: Any) -> Any:
        found = quick(*args, **kw)
        if found is not None and not first:
            first.append(time.monotonic() - start)
        return found

    def progress(score: int | None, bound: int, seconds: float) -> None:
        if score is not None and not first:
            first.append(time.monotonic() - start)

    if config == "full-model":
        pairsolve._quick_pair = lambda *args, **kw: None  # type: ignore[assignment]
    else:
        pairsolve._quick_pair = timed  # type: ignore[assignment]
    try:
        result = solve_pair(pool, time_limit=time_limit, workers=workers, progress=progress)
    finally:
        pairsolve._quick_pair = quick  # type: ignore[assignment]
    if result.score is not None and not first:  # found only as the solve returned
        first.append(time.monotonic() - start)
    return result


def summary(suite: str, config: str, rows: list[dict[str, Any]], time_limit: float,
            workers: int) -> dict[str, Any]:
    times = [r["seconds"] if r["status"] == "optimal" else time_limit for r in rows]
    gaps = [r["bound"] - r["score"] for r in rows
            if r["status"] != "optimal" and r["score"] is not None and r["bound"] is not None]
    return {"suite": suite, "config": config, "pools": len(rows),
            "proven": sum(r["status"] == "optimal" for r in rows),
            "median_s": round(statistics.median(times), 2),
            "p50_proven_s": round(statistics.median(
                [r["seconds"] for r in rows if r["status"] == "optimal"] or [0]), 2),
            "p90_s": round(percentile(times, 0.90), 2),
            "p95_s": round(percentile(times, 0.95), 2),
            "max_s": round(max(times), 2),
            "mean_s": round(statistics.fmean(times), 2),
            "median_gap_unproven": statistics.median(gaps) if gaps else 0,
            "gaps_unproven": gaps,
            **_first_pairs(rows),
            "time_limit": time_limit, "workers": workers, "rows": rows}


def _first_pairs(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Seconds to the first pair (pair suites): median, p95, largest, and pools with none;
    and the pools whose lower city (the player's score) is proven, the pair or not."""
    if not rows or "first_pair_s" not in rows[0]:
        return {}
    firsts = [r["first_pair_s"] for r in rows if r["first_pair_s"] is not None]
    return {"first_pair_median_s": round(statistics.median(firsts), 2) if firsts else None,
            "first_pair_p95_s": round(percentile(firsts, 0.95), 2) if firsts else None,
            "first_pair_max_s": round(max(firsts), 2) if firsts else None,
            "no_pair": sum(r["score"] is None for r in rows),
            "lower_proven": sum(r["lower_proven"] for r in rows)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--suite", default="all", choices=(*SUITES, "all"))
    parser.add_argument("--count", type=int, default=None,
                        help="pools per suite (default 50, pair-choose 20)")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1, help="first pool number of each suite")
    parser.add_argument("--json", type=Path, help="also write every row to this file")
    parser.add_argument("--baseline", nargs="?", const="caps-only",
                        choices=tuple(c for c in CONFIGS if c != "default"),
                        help="also solve every pool this way first, in the same process")
    parser.add_argument("--pool", type=Path,
                        help="solve this pool file (--count times) instead of the suites")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    run = record.start()
    suites = SUITES if args.suite == "all" else (args.suite,)
    if args.pool:
        suites = (args.pool.stem,)
    configs = (args.baseline, "default") if args.baseline else ("default",)
    results = [r for s in suites
               for r in run_suite(s, args.count or (1 if args.pool else DEFAULT_COUNT.get(s, 50)),
                                  args.time_limit, args.workers, args.seed, not args.quiet,
                                  configs, args.pool)]
    print(f"{'suite':<11} {'config':<10} {'pools':>5} {'proven':>6} {'median s':>9} "
          f"{'p90 s':>7} {'p95 s':>7} {'max s':>7} {'mean s':>7} {'gap*':>5}   "
          f"(time limit {args.time_limit:g} s, {args.workers} workers)")
    for r in results:
        print(f"{r['suite']:<11} {r['config']:<10} {r['pools']:>5} {r['proven']:>6} "
              f"{r['median_s']:>9.2f} {r['p90_s']:>7.2f} {r['p95_s']:>7.2f} "
              f"{r['max_s']:>7.2f} {r['mean_s']:>7.2f} {r['median_gap_unproven']:>5}")
    if args.baseline:
        for suite in suites:
            base, new = (next(r for r in results if r["suite"] == suite and r["config"] == c)
                         for c in configs)
            ratio = base["median_s"] / new["median_s"] if new["median_s"] else float("inf")
            print(f"{suite}: median speed-up over {args.baseline} {ratio:.2f}x "
                  "(same process, same pools)")
    for r in results:
        if "no_pair" in r:
            print(f"{r['suite']} {r['config']}: first pair median {r['first_pair_median_s']} s, "
                  f"p95 {r['first_pair_p95_s']} s, max {r['first_pair_max_s']} s; "
                  f"{r['no_pair']} pools with no pair; lower city proven in "
                  f"{r['lower_proven']}; gaps (bound - score) of the unproven: "
                  f"{sorted(r['gaps_unproven'])}")
    print("* median bound - score of the pools not proven; unproven pools count at the limit")
    for r in results:
        run.save(r, suite=r["suite"])
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
