"""Where a standard pool's wall time goes as ``cities solve`` runs it (a script, not a test):
the model's build, each cap the refining thread solves, and each check (its total and case,
when it started, how long it took, CP-SAT's work, and the seconds presolve took before the
search began, read from CP-SAT's log), timed by wrapping the descent's functions.

    python bench/bench_profile.py [--suite standard] [--seed 1] [--count 50] [--workers 2]
    python bench/bench_profile.py --suite choose --seed 30 --count 1 --work 100 [--as-before]

One line per pool (status, score, the tiles' own bound, wall seconds), then its events in
order (a check's ``bound``: its space's, a composition's own for a pool with tiles to
choose), then each total's checks by outcome (how many, CP-SAT's work); a summary of the
suite at the end.  Logging CP-SAT's search costs a little time.  ``--work W``: each pool
solved reproducibly instead (one worker, a work limit of W units), so the work of each
check does not depend on the machine's load.  ``--as-before``: a choose pool's compositions
all checked, in their listed order (``ProofSettings.alike`` and ``sure_first`` off).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_solver import random_pool  # noqa: E402
from ortools.sat.python import cp_model  # noqa: E402

from solver.twocities.cpsat.city import caps, descent  # noqa: E402
from solver.twocities.cpsat.city.solve import solve_pool  # noqa: E402
from solver.twocities.cpsat.model.values import city_values  # noqa: E402
from solver.twocities.cpsat.settings import ProofSettings  # noqa: E402

_lock = threading.Lock()
_events: list[dict[str, Any]] = []
_start = [0.0]


def _record(kind: str, began: float, **what: Any) -> None:
    with _lock:
        _events.append({"kind": kind, "at": round(began - _start[0], 3),
                        "s": round(time.perf_counter() - began, 3), **what})


def _patch() -> None:
    real_check, real_build, real_cap = (descent._Descent._check, descent.build_model,
                                        caps.category_cap)
    real_solve = cp_model.CpSolver.Solve

    def check(self: descent._Descent, task: descent._Task) -> Any:
        began = time.perf_counter()
        out = real_check(self, task)
        solver = task.solver
        _record("check", began, total=task.total, case=f"{task.case}/{task.cases}",
                bound=sum(task.space.values.caps().values()),
                splits=len(task.splits), status=str(out[0]),
                work=round(solver.deterministic_time, 3) if solver else None,
                presolve=getattr(solver, "presolve_s", None))
        return out

    def build(*args: Any, **kw: Any) -> Any:
        began = time.perf_counter()
        out = real_build(*args, **kw)
        _record("build", began)
        return out

    def cap(pool: Any, name: str, **kw: Any) -> Any:
        began = time.perf_counter()
        out = real_cap(pool, name, **kw)
        _record("cap", began, category=name, cap=out)
        return out

    def solve(self: cp_model.CpSolver, model: cp_model.CpModel, *args: Any) -> Any:
        lines: list[str] = []
        self.parameters.log_search_progress = True
        self.parameters.log_to_stdout = False
        self.log_callback = lines.append
        code = real_solve(self, model, *args)
        found = re.search(r"Starting search at ([\d.]+)s", "\n".join(lines))
        self.presolve_s = float(found.group(1)) if found else None  # type: ignore[attr-defined]
        return code

    descent._Descent._check = check  # type: ignore[method-assign]
    descent.build_model = build
    caps.category_cap = cap
    cp_model.CpSolver.Solve = solve  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="standard", choices=("standard", "choose"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--work", type=float, default=None,
                        help="one worker and this work limit (reproducible) instead of 60 s")
    parser.add_argument("--as-before", action="store_true",
                        help="ProofSettings.alike and sure_first off")
    args = parser.parse_args()
    run = record.start()
    settings = ProofSettings(alike=False, sure_first=False) if args.as_before else ProofSettings()
    _patch()
    walls, builds, firsts, at_top = [], [], [], 0
    for seed in range(args.seed, args.seed + args.count):
        pool = random_pool(args.suite, seed)
        _events.clear()
        _start[0] = time.perf_counter()
        if args.work is None:
            result = solve_pool(pool, time_limit=60, workers=args.workers, settings=settings)
        else:
            result = solve_pool(pool, time_limit=None, workers=1, deterministic_time=args.work,
                                settings=settings)
        wall = time.perf_counter() - _start[0]
        top = sum(city_values(pool).caps().values()) if pool.uses_all else None
        at_top += result.score == top
        walls.append(wall)
        builds += [e["s"] for e in _events if e["kind"] == "build"]
        firsts += [e["at"] for e in _events if e["kind"] == "check"][:1]
        print(f"{args.suite} {seed}: {result.status} {result.score} (tiles' bound {top}) "
              f"{wall:.2f} s", flush=True)
        for e in sorted(_events, key=lambda e: e["at"]):
            print("   ", " ".join(f"{k}={v}" for k, v in e.items()), flush=True)
        by_total: dict[tuple[int, str], list[float]] = {}
        for e in _events:
            if e["kind"] == "check":
                by_total.setdefault((e["total"], e["status"]), []).append(e["work"] or 0.0)
        for (total, status), works in sorted(by_total.items(), reverse=True):
            print(f"  total {total} {status}: {len(works)} checks, {sum(works):.2f} units",
                  flush=True)
    print(f"pools {len(walls)}: wall median {statistics.median(walls):.2f} s; "
          f"model build median {statistics.median(builds):.3f} s; first check starts at "
          f"median {statistics.median(firsts):.3f} s; best city at the tiles' bound: {at_top}")
    run.save({"pools": len(walls), "first": args.seed, "work_limit": args.work,
              "wall_median_s": round(statistics.median(walls), 2),
              "build_median_s": round(statistics.median(builds), 3),
              "first_check_median_s": round(statistics.median(firsts), 3),
              "at_the_tiles_bound": at_top}, suite=args.suite)


if __name__ == "__main__":
    main()
