"""The single-city descent's model and check settings, each solved both ways on a suite of
``bench_solver``, in CP-SAT's own work (a script, not a test).

Each pool is solved reproducibly (one worker, a work limit: the caps first, then one check at
a time), ``before`` and ``now`` in one process, the order alternating pool by pool.  The
summed work (deterministic time) of every solve does not depend on the machine's load; the
CPU seconds are printed too.  Both must prove the same score; whether the city found is the
same is said per pool (a reproducible solve that finds another city changes a daily puzzle).

``--clock``: the same two settings on the clock instead, as ``cities solve`` runs (two
workers, ``bench/ab.py``'s interleaved A/B: wall and CPU seconds).

``--change``: what ``before`` leaves out:

- ``chain``: the district root's symmetry as a prefix chain (``ProofSettings.root_chain``);
- ``alike``: a choose pool's compositions alike but for their taverns' kinds checked once
  (``ProofSettings.alike``);
- ``sure``: a choose pool's level checked the compositions of the most points no layout
  changes first (``ProofSettings.sure_first``);
- ``choose``: ``alike`` and ``sure`` together.

    python bench/bench_checks.py --change chain [--count 50] [--seed 1] [--work 60]
    python bench/bench_checks.py --change chain --clock [--count 50] [--workers 2]
    python bench/bench_checks.py --change choose --suite choose [--work 30]
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import record  # noqa: E402
from ab import run_ab  # noqa: E402
from bench_solver import percentile, random_pool  # noqa: E402
from ortools.sat.python import cp_model  # noqa: E402

from solver.twocities.cpsat.city.solve import solve_pool  # noqa: E402
from solver.twocities.cpsat.settings import ProofSettings  # noqa: E402
from solver.twocities.game.components import load_components  # noqa: E402

_work = [0.0]
_solve = cp_model.CpSolver.Solve


def _counted(self: cp_model.CpSolver, *args: object, **kwargs: object) -> object:
    code = _solve(self, *args, **kwargs)
    _work[0] += self.deterministic_time
    return code


def _configure(change: str, config: str) -> ProofSettings:
    now = config == "now"
    settings = ProofSettings()
    if change == "chain":
        settings = replace(settings, root_chain=now)
    if change in ("alike", "choose"):
        settings = replace(settings, alike=now)
    if change in ("sure", "choose"):
        settings = replace(settings, sure_first=now)
    return settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--change", choices=("chain", "alike", "sure", "choose"),
                        required=True)
    parser.add_argument("--clock", action="store_true")
    parser.add_argument("--suite", default="standard")
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1, help="first pool number")
    parser.add_argument("--work", type=float, default=60.0, help="work limit a pool")
    args, rest = parser.parse_known_args()
    if args.clock:
        run_ab(__doc__ or "", lambda config: _configure(args.change, config),
               [*rest, "--suite", args.suite, "--count", str(args.count),
                "--seed", str(args.seed)])
        return
    run = record.start()
    cp_model.CpSolver.Solve = _counted  # type: ignore[method-assign]
    comps = load_components()
    sums = {"before": [0.0, 0.0], "now": [0.0, 0.0]}
    works: dict[str, list[float]] = {"before": [], "now": []}  # each pool's work
    fewer = more = 0
    for seed in range(args.seed, args.seed + args.count):
        pool = random_pool(args.suite, seed, comps)
        found = {}
        for config in ("before", "now") if seed % 2 else ("now", "before"):
            settings = _configure(args.change, config)
            _work[0] = 0.0
            cpu = time.process_time()
            result = solve_pool(pool, time_limit=None, workers=1, deterministic_time=args.work,
                                settings=settings)
            cpu = time.process_time() - cpu
            found[config] = (result.status, result.score, _work[0], cpu,
                             result.city.notation() if result.city else None)
            sums[config][0] += _work[0]
            works[config].append(_work[0])
            sums[config][1] += cpu
        (bs, b, bw, bc, bcity), (ns, n, nw, nc, ncity) = found["before"], found["now"]
        if bs == ns == "optimal" and b != n:
            raise SystemExit(f"pool {seed}: proven {b} before, {n} now")
        fewer += nw < bw
        more += nw > bw
        print(f"  {args.suite} {seed}: {ns} {n}  work {bw:.3f} -> {nw:.3f}  "
              f"cpu {bc:.2f} -> {nc:.2f}  {'same city' if bcity == ncity else 'another city'}",
              file=sys.stderr, flush=True)
    for config, (work, cpu) in sums.items():
        print(f"{config:<7} work {work:.2f}  (a pool: median "
              f"{percentile(works[config], 0.5):.3f}, p95 {percentile(works[config], 0.95):.3f})"
              f"  cpu {cpu:.1f} s")
    print(f"now less work on {fewer} pools, more on {more}")
    run.save({"change": args.change, "work_limit": args.work, "pools": args.count,
              "less_work_on": fewer, "more_work_on": more,
              **{config: {"work": round(work, 2), "cpu_s": round(cpu, 1),
                          "work_median": round(percentile(works[config], 0.5), 3),
                          "work_p95": round(percentile(works[config], 0.95), 3),
                          "work_by_pool": [round(w, 3) for w in works[config]]}
                 for config, (work, cpu) in sums.items()}}, suite=args.suite)


if __name__ == "__main__":
    main()
