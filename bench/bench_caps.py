"""Which solved category caps lower the counted caps, on the solver benchmark's pools (a
script, not a test).

For each pool of a suite (``bench_solver.random_pool``), every category's cap is solved on
one worker within CP-SAT's deterministic work (``caps.category_caps``) and compared with the
cap its tile counts give (``values.city_values(...).caps()``): the categories whose solved
cap is lower are the ones worth solving beside the descent (``ProofSettings.refined``).  For the
``choose`` suite the same is done for each pool's compositions with the highest bounds
(``--top`` of them, ``cpsat.city.compositions``): would solved caps lower those bounds?

``--refined``: the caps the descent solves beside its first checks (``caps.solved_caps``),
on every pool (``before``) and only where they may fall (``now``, ``caps.may_fall``): the
caps each finds, and the CP-SAT work (deterministic time) and CPU seconds of their solves.

    python bench/bench_caps.py [--suite standard|choose] [--count 50] [--seed 1] [--top 6]
    python bench/bench_caps.py --refined [--count 50] [--seed 1]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import record  # noqa: E402
from bench_solver import percentile, random_pool  # noqa: E402
from ortools.sat.python import cp_model  # noqa: E402

from solver.twocities.cpsat.city import caps as caps_module  # noqa: E402
from solver.twocities.cpsat.city.caps import category_caps  # noqa: E402
from solver.twocities.cpsat.city.compositions import Compositions  # noqa: E402
from solver.twocities.cpsat.model.values import city_values  # noqa: E402
from solver.twocities.cpsat.settings import ProofSettings  # noqa: E402
from solver.twocities.game.components import load_components  # noqa: E402
from solver.twocities.game.pool import Pool  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="standard",
                        choices=("standard", "beginner", "choose"))
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1, help="first pool number")
    parser.add_argument("--top", type=int, default=6,
                        help="choose suite: the compositions with the highest bounds")
    parser.add_argument("--refined", action="store_true")
    args = parser.parse_args(argv)
    run = record.start()
    comps = load_components()
    if args.refined:
        run.save(_refined(args.suite, args.seed, args.count), suite=args.suite)
        return
    lowered: Counter[str] = Counter()
    pools_lowered = 0
    for seed in range(args.seed, args.seed + args.count):
        pools = [(f"{args.suite} {seed}", random_pool(args.suite, seed, comps))]
        if args.suite == "choose":
            choices = Compositions(pools[0][1])
            tops, level = [], choices.top()
            while level is not None and level >= 0 and len(tops) < args.top:
                tops += choices.at(level)
                level -= 1
            pools = [(f"{pools[0][0]} composition {c.singles} {c.duplexes} bound {c.bound}",
                      c.pool(pools[0][1])) for c in tops[:args.top]]
        for name, pool in pools:
            pools_lowered += _compare(name, pool, lowered)
    print(f"pools where a solved cap is lower: {pools_lowered}; by category: "
          f"{dict(lowered) or 'none'}")
    run.save({"pools": args.count, "first": args.seed, "pools_lowered": pools_lowered,
              "lowered_by_category": dict(lowered)}, suite=args.suite)


def _refined(suite: str, first: int, count: int) -> dict[str, Any]:
    """``solved_caps`` on every pool and where the caps may fall: the same caps, their work
    (the figures returned)."""
    work = [0.0]
    solve = cp_model.CpSolver.Solve

    def counted(self: cp_model.CpSolver, *args: object, **kwargs: object) -> object:
        code = solve(self, *args, **kwargs)
        work[0] += self.deterministic_time
        return code

    cp_model.CpSolver.Solve = counted  # type: ignore[method-assign]
    sums = {"before": [0.0, 0.0], "now": [0.0, 0.0]}
    works: dict[str, list[float]] = {"before": [], "now": []}  # each pool's
    for seed in range(first, first + count):
        pool = random_pool(suite, seed)
        found = {}
        for config in ("before", "now") if seed % 2 else ("now", "before"):
            settings = ProofSettings(shops_where_they_may_fall=config == "now",
                                     offices_where_they_may_fall=config == "now")
            work[0], cpu = 0.0, time.process_time()
            found[config] = caps_module.solved_caps(pool, lambda solver: None,
                                                    settings=settings)
            sums[config][0] += work[0]
            sums[config][1] += time.process_time() - cpu
            works[config].append(work[0])
        counted_caps = city_values(pool).caps()
        capped = {c: sum(min(v, f.get(k, v)) for k, v in counted_caps.items())
                  for c, f in found.items()}
        if capped["before"] != capped["now"]:
            print(f"{suite} {seed}: the caps' sum {capped['before']} on every pool, "
                  f"{capped['now']} where they may fall", flush=True)
        print(f"  {suite} {seed}: {found['before']} -> {found['now']}  work "
              f"{works['before'][-1]:.3f} -> {works['now'][-1]:.3f}", file=sys.stderr,
              flush=True)
    for config, (w, cpu) in sums.items():
        print(f"{config:<7} work {w:.3f}  (a pool: median {percentile(works[config], 0.5):.3f}, "
              f"p95 {percentile(works[config], 0.95):.3f})  cpu {cpu:.2f} s")
    return {"pools": count, "first": first,
            **{config: {"work": round(w, 3), "cpu_s": round(cpu, 2),
                        "work_median": round(percentile(works[config], 0.5), 3),
                        "work_p95": round(percentile(works[config], 0.95), 3)}
               for config, (w, cpu) in sums.items()}}


def _compare(name: str, pool: Pool, lowered: Counter[str]) -> bool:
    """Print the counted and solved caps' sums of one pool; True if a solved cap is lower."""
    counted = city_values(pool).caps()
    start = time.monotonic()
    solved = category_caps(pool, workers=1, deterministic=True)
    lower = {k: (counted[k], v) for k, v in solved.items() if v < counted[k]}
    lowered.update(lower)
    print(f"{name}: counted {sum(counted.values())}, with solved caps "
          f"{sum(min(v, solved.get(k, v)) for k, v in counted.items())} "
          f"{lower or ''} ({time.monotonic() - start:.1f} s)", flush=True)
    return bool(lower)


if __name__ == "__main__":
    main()
