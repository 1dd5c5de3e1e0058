"""Benchmark: how often a day plan's candidates are proven within the generator's budget.

Draws one candidate per date with a fixed plan (not the calendar's), proves its optimum the way
the generator does (one worker, ``puzzles.prove.PROOF_BUDGET`` deterministic units) and prints
how many were proven and how long each took.  This is how the weekly plan's days were chosen.

    python bench/bench_plans.py                        # every plan below, 6 dates each
    python bench/bench_plans.py --plans c6 full --dates 10 --start 2027-03-01
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import time
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import puzzles.draw as draw  # noqa: E402
from puzzles.common.days import parse_date  # noqa: E402
from puzzles.plan import DayPlan  # noqa: E402
from puzzles.prove import PROOF_BUDGET, WALL_LIMIT  # noqa: E402
from solver.twocities.cpsat.city.solve import solve_pool  # noqa: E402
from solver.twocities.cpsat.pair.solve import solve_pair  # noqa: E402

PLANS = {
    "c8": DayPlan("complete", fixed=8),
    "c6": DayPlan("complete", fixed=6),
    "c4": DayPlan("complete", fixed=4),
    "full": DayPlan("full"),
    "choose1": DayPlan("choose", extra_singles=1),
    "choose2": DayPlan("choose", extra_singles=2),
    "choose4+1": DayPlan("choose", extra_singles=4, extra_duplexes=1),
    "pair": DayPlan("pair"),
}


def run(plan: str, dates: list[dt.date]) -> dict[str, object]:
    """One plan's candidates on ``dates``, proven as the daily puzzles do (its figures)."""
    seconds, proven = [], 0
    with mock.patch.object(draw, "plan_for", lambda _date, _attempt: PLANS[plan]):
        for date in dates:
            candidate = draw.draw_candidate(date, 0)
            if candidate is None:
                print(f"{plan:<10} {date}  no candidate")
                continue
            solve = solve_pair if candidate.pool.cities == 2 else solve_pool
            start = time.perf_counter()
            result = solve(candidate.pool, time_limit=WALL_LIMIT, workers=1,
                           deterministic_time=PROOF_BUDGET)
            took = time.perf_counter() - start
            seconds.append(took)
            proven += result.status == "optimal"
            print(f"{plan:<10} {date}  {result.status:<9} {result.score}/{result.bound} "
                  f"{took:7.1f} s", flush=True)
    if seconds:
        median = statistics.median(seconds)
        print(f"{plan:<10} proven {proven}/{len(seconds)}, median {median:.1f} s")
    return {"candidates": len(seconds), "proven": proven,
            "median_s": round(statistics.median(seconds), 1) if seconds else None,
            "seconds": [round(s, 1) for s in seconds]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plans", nargs="+", default=list(PLANS), choices=list(PLANS))
    parser.add_argument("--dates", type=int, default=6)
    parser.add_argument("--start", default="2027-02-01")
    args = parser.parse_args(argv)
    recorded = record.start()
    first = parse_date(args.start, "--start")
    dates = [first + dt.timedelta(days=i) for i in range(args.dates)]
    found = {plan: run(plan, dates) for plan in args.plans}
    recorded.save({"dates": [d.isoformat() for d in dates], "plans": found}, suite="plans")


if __name__ == "__main__":
    main()
