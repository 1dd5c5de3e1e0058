"""Two settings of the solver on one suite of ``bench_solver``, solved pool by pool in one
process (shared by the A/B scripts, not a script itself).

Each pool is solved twice, the order alternating pool by pool so both settings see the same
machine load: ``before`` and ``now`` (as ``cities solve`` runs).  Both must agree on every
proven score; a summary per setting follows: wall seconds, and the CPU seconds of every
thread (the work a loaded machine has to fit in, less sensitive to the load than the wall).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import record  # noqa: E402
from bench_solver import percentile, random_pool, summary  # noqa: E402

from solver.twocities.cpsat.city.solve import solve_pool  # noqa: E402
from solver.twocities.cpsat.settings import ProofSettings  # noqa: E402
from solver.twocities.game.components import load_components  # noqa: E402


def run_ab(description: str, configure: Callable[[str], ProofSettings | None],
           argv: list[str] | None = None) -> None:
    """Solve the suite under ``configure("before")`` and ``configure("now")``, interleaved,
    each solve with the settings ``configure`` returns (None: the solver's own);
    ``configure("now")`` is left in force."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--suite", default="standard", choices=("standard", "choose"))
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1, help="first pool number")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    run = record.start()
    comps = load_components()
    rows: dict[str, list[dict[str, Any]]] = {"before": [], "now": []}
    for seed in range(args.seed, args.seed + args.count):
        pool = random_pool(args.suite, seed, comps)
        for config in ("before", "now") if seed % 2 else ("now", "before"):
            settings = configure(config) or ProofSettings()
            start, cpu = time.monotonic(), time.process_time()
            result = solve_pool(pool, time_limit=args.time_limit, workers=args.workers,
                                settings=settings)
            seconds, cpu = time.monotonic() - start, time.process_time() - cpu
            rows[config].append({"seed": seed, "status": result.status, "score": result.score,
                                 "bound": result.bound, "seconds": round(seconds, 3),
                                 "cpu": round(cpu, 3)})
            print(f"  {args.suite} {seed} {config}: {result.status} {result.score}/"
                  f"{result.bound} {seconds:.2f}s (cpu {cpu:.2f}s)", file=sys.stderr, flush=True)
    configure("now")
    for before, now in zip(rows["before"], rows["now"], strict=True):
        if before["status"] == now["status"] == "optimal" and before["score"] != now["score"]:
            raise SystemExit(f"pool {now['seed']}: proven {before['score']} before, "
                             f"{now['score']} now")
    figures: dict[str, Any] = {"description": description}
    for config, found in rows.items():
        r = summary(args.suite, config, found, args.time_limit, args.workers)
        print(f"{config:<7} proven {r['proven']}/{r['pools']}  median {r['median_s']:.2f}  "
              f"p90 {r['p90_s']:.2f}  p95 {r['p95_s']:.2f}  max {r['max_s']:.2f}  "
              f"mean {r['mean_s']:.2f}  (s; time limit {args.time_limit:g} s, "
              f"{args.workers} workers)")
        cpu = [row["cpu"] for row in found]
        print(f"{'':<7} cpu (every thread) median {percentile(cpu, 0.5):.2f}  "
              f"p95 {percentile(cpu, 0.95):.2f}  sum {sum(cpu):.1f}")
        figures[config] = {**r, "cpu_median_s": round(percentile(cpu, 0.5), 2),
                           "cpu_p95_s": round(percentile(cpu, 0.95), 2),
                           "cpu_sum_s": round(sum(cpu), 1)}
    run.save(figures, suite=args.suite)
