"""Where a pair proof spends its work (a script, not a test): ``prove_pair`` on one pool of
a ``bench_solver`` pair suite, one worker, a deterministic budget, with CP-SAT's work summed
by the kind of solve the split search asked for (``pair.descent._solve_split`` a split,
``solve_city`` a city alone, ``reach`` a level's short check, ``by_standings`` a split's
district standings, ``_joint`` the two cities together; a kind called from within another
is counted under both, its path joined by ``/``).  Work units, not seconds, so the
machine's load does not count.

    python bench/bench_pairwork.py --seed 1 --work 100
    python bench/bench_pairwork.py --suite pair-choose --seed 0 --work 50
    python bench/bench_pairwork.py --date 2026-12-27 --attempt 0 --work 8
    python bench/bench_pairwork.py --seed 3 --work 60 --trace

``--trace`` also prints each split asked, in order: its bound, the pair it was asked to
beat, whether it was settled, the pair it gave and its work.

``--set NAME=VALUE`` sets a field of ``ProofSettings`` (``--set standings_witnessed=0``,
``--set reach_margin=3``) or a constant of ``pairdescent``, ``paircity`` or ``pairwitness``
(``--set CLIMB_STEPS=0``: no witness climbs a step) first (an integer or a float), to compare
a setting by work units.

``--date`` takes a daily puzzle's pair candidate instead (``puzzles.draw``), started from the
greedy pair as the daily generator's proof starts (``puzzles.prove``: one worker, its work
budget).
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import record  # noqa: E402
from bench_solver import random_pool  # noqa: E402

from puzzles.draw import draw_candidate  # noqa: E402
from solver.common.sat import Budget  # noqa: E402
from solver.twocities.cpsat.pair import city as paircity  # noqa: E402
from solver.twocities.cpsat.pair import descent as pairdescent  # noqa: E402
from solver.twocities.cpsat.pair import standings as pairstandings  # noqa: E402
from solver.twocities.cpsat.pair import witness as pairwitness  # noqa: E402
from solver.twocities.cpsat.pair.quick import greedy_pair  # noqa: E402
from solver.twocities.cpsat.settings import ProofSettings  # noqa: E402

#: Each kind of solve, and the modules that call it (each binds it by name).
KINDS = {"_solve_split": (pairdescent,), "by_standings": (pairdescent,),
         "solve_city": (pairdescent, pairstandings), "reach": (pairdescent,),
         "_joint": (pairdescent,)}


class Tally:
    """Calls, work units and seconds per path of kinds (``_solve_split/solve_city``)."""

    def __init__(self) -> None:
        self.rows: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
        self.stack: list[str] = []

    def wrap(self, name: str, f: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kw: Any) -> Any:
            budget = next(a for a in (*args, *kw.values()) if isinstance(a, Budget))
            used, start = budget.used, time.monotonic()
            self.stack.append(name)
            try:
                out = f(*args, **kw)
            finally:
                path = "/".join(self.stack)
                self.stack.pop()
            row = self.rows[path]
            row[0] += 1
            row[1] += budget.used - used
            row[2] += time.monotonic() - start
            status = getattr(out, "status", None)
            if status is not None:  # a city's answer: optimal, infeasible or unknown
                by_status = self.rows[f"{path}:{status.value}"]
                by_status[0] += 1
                by_status[1] += budget.used - used
                by_status[2] += time.monotonic() - start
            return out
        return counted


def traced(solve_split: Callable[..., Any]) -> Callable[..., Any]:
    """``pair.descent._solve_split``, printing each split asked."""
    def split_asked(pool: Any, splits: Any, k: int, value: tuple[int, int], budget: Budget,
                    *rest: Any, **kw: Any) -> Any:
        used = budget.used
        pair, settled = solve_split(pool, splits, k, value, budget, *rest, **kw)
        print(f"  split {k} bound {splits.bound(k)} against {value}: "
              f"{'settled' if settled else 'open'}, pair "
              f"{pair.value() if pair is not None else None}, {budget.used - used:.2f} units",
              flush=True)
        return pair, settled
    return split_asked


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", choices=("pair", "pair-choose"), default="pair")
    parser.add_argument("--seed", type=int, default=1, help="the suite's pool number")
    parser.add_argument("--work", type=float, default=100.0, help="deterministic budget")
    parser.add_argument("--date", type=dt.date.fromisoformat, help="a daily pair candidate's")
    parser.add_argument("--attempt", type=int, default=0, help="the candidate's number")
    parser.add_argument("--trace", action="store_true", help="print each split asked")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a field of ProofSettings, or a constant of pairdescent, "
                             "paircity or pairwitness")
    args = parser.parse_args(argv)
    run = record.start()
    settings = ProofSettings()
    for setting in args.set:
        name, _, value = setting.partition("=")
        if name in {f.name for f in fields(ProofSettings)}:
            kind = type(getattr(settings, name))
            settings = replace(settings, **{name: kind(float(value))})
            continue
        module = next((m for m in (pairdescent, paircity, pairwitness) if hasattr(m, name)),
                      None)
        if module is None:
            parser.error(f"no constant {name}")
        setattr(module, name, type(getattr(module, name))(float(value)))
    seed = None
    if args.date is None:
        pool = random_pool(args.suite, args.seed)
        what = f"{args.suite} pool {args.seed}"
    else:
        candidate = draw_candidate(args.date, args.attempt)
        if candidate is None or candidate.pool.cities != 2:
            parser.error(f"{args.date} candidate {args.attempt} is not a pair")
        pool = candidate.pool
        seed = greedy_pair(pool)
        what = f"{args.date} candidate {args.attempt}"
    tally = Tally()
    for name, callers in KINDS.items():
        for module in callers:
            setattr(module, name, tally.wrap(name, getattr(module, name)))
    if args.trace:
        pairdescent._solve_split = traced(pairdescent._solve_split)
    start = time.monotonic()
    out = pairdescent.prove_pair(pool, Budget.start(None, args.work), start=seed, workers=1,
                                 settings=settings)
    pair = out.best.value() if out.best is not None else None
    print(f"{what}, {args.work:g} work units, one worker: pair {pair}, "
          f"proven {out.proven}, bound {out.bound}, splits solved {out.splits_solved}, "
          f"{time.monotonic() - start:.1f} s")
    print(f"{'kind of solve':50s} {'calls':>6s} {'work':>8s} {'seconds':>8s}")
    for path, (calls, work, seconds) in sorted(tally.rows.items()):
        print(f"{path:50s} {calls:6d} {work:8.2f} {seconds:8.1f}")
    run.save({"pool": what, "work_limit": args.work, "settings": args.set, "pair": pair,
              "proven": out.proven, "bound": out.bound, "splits_solved": out.splits_solved,
              "seconds": round(time.monotonic() - start, 1),
              "by_kind": {path: {"calls": calls, "work": round(work, 2),
                                 "seconds": round(seconds, 1)}
                          for path, (calls, work, seconds) in sorted(tally.rows.items())}},
             suite=args.suite if args.date is None else "daily-pair")


if __name__ == "__main__":
    main()
