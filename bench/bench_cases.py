"""A total's only check asked whole, or as cases across the workers (``descent._cases``: the
mat's positions shared among them), on a suite of ``bench_solver`` (a script, not a test).

Two measures:

- on the clock (default): each pool solved twice in one process (``bench/ab.py``), ``before``
  (every check whole) and ``now`` (as ``cities solve`` runs), the order alternating;
- ``--work``: the sequential descent (one worker) of each pool, then each of its checks asked
  again as two cases, one after the other; a check's *path* is the work of the case that
  finds a city first (the least), or of the slower case when both refute it: what two
  threads would wait for.  CP-SAT's deterministic work, so the machine's load does not count.

    python bench/bench_cases.py [--suite standard] [--count 50] [--seed 1] [--time-limit 60]
    python bench/bench_cases.py --work [--count 50] [--seed 0]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import record  # noqa: E402
from ab import run_ab  # noqa: E402
from bench_solver import percentile, random_pool  # noqa: E402
from ortools.sat.python import cp_model  # noqa: E402

from solver.common.sat import Budget  # noqa: E402
from solver.common.status import Status  # noqa: E402
from solver.twocities.cpsat.city import descent  # noqa: E402
from solver.twocities.cpsat.city.caps import caps_within  # noqa: E402
from solver.twocities.cpsat.model.values import city_values  # noqa: E402

NOW = descent._Descent._cases


def _configure(config: str) -> None:
    descent._Descent._cases = (lambda self, tasks: tasks) if config == "before" else NOW


def _work(suite: str, first: int, count: int) -> None:
    """Each pool's checks, whole and as two cases (module doc): their work summed per pool."""
    checks: list[tuple[descent._Descent, descent._Task, Status, float]] = []
    real = descent._Descent._check

    def logged(self: descent._Descent, task: descent._Task) -> tuple:
        status, answer = real(self, task)
        assert task.solver is not None
        checks.append((self, task, status, task.solver.deterministic_time))
        return status, answer

    recorded = record.start()
    descent._Descent._check = logged  # type: ignore[method-assign]
    wholes, paths = [], []
    for seed in range(first, first + count):
        checks.clear()
        pool = random_pool(suite, seed)
        counted = city_values(pool).caps()
        found = caps_within(pool, 1, 60.0, None)
        caps = {k: min(v, found.get(k, v)) for k, v in counted.items()}
        outcome = descent.descend(pool, caps, Budget.start(60.0, None), 1)
        whole = path = 0.0
        for run, task, status, work in list(checks):
            cases = []
            for k in range(2):
                case = descent._Task(task.space, task.splits, task.total, case=k, cases=2)
                case.solver = cp_model.CpSolver()
                cases.append((real(run, case)[0], case.solver.deterministic_time))
            holding = [w for s, w in cases if s == Status.OPTIMAL]
            whole += work
            path += min(holding) if holding else max(w for _, w in cases)
            print(f"  {suite} {seed} total {task.total}: {status} {work:.3f} whole, cases "
                  + ", ".join(f"{s} {w:.3f}" for s, w in cases), file=sys.stderr, flush=True)
        wholes.append(whole)
        paths.append(path)
        print(f"{suite} {seed}: {outcome.status} {outcome.bound}  work whole {whole:.3f}  "
              f"cases' path {path:.3f}", flush=True)
    figures = {}
    for name, found in (("whole", wholes), ("cases", paths)):
        print(f"{name:<6} work per pool: median {percentile(found, 0.5):.3f}  "
              f"p90 {percentile(found, 0.9):.3f}  p95 {percentile(found, 0.95):.3f}  "
              f"max {max(found):.3f}  sum {sum(found):.2f}")
        figures[name] = {"work_median": round(percentile(found, 0.5), 3),
                         "work_p90": round(percentile(found, 0.9), 3),
                         "work_p95": round(percentile(found, 0.95), 3),
                         "work_max": round(max(found), 3), "work_sum": round(sum(found), 2),
                         "work_by_pool": [round(w, 3) for w in found]}
    recorded.save({"pools": count, "first": first, **figures}, suite=suite)


if __name__ == "__main__":
    if "--work" in sys.argv:
        parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
        parser.add_argument("--work", action="store_true")
        parser.add_argument("--suite", default="standard", choices=("standard", "choose"))
        parser.add_argument("--count", type=int, default=50)
        parser.add_argument("--seed", type=int, default=0)
        args = parser.parse_args()
        _work(args.suite, args.seed, args.count)
    else:
        run_ab(__doc__.splitlines()[0], _configure)
