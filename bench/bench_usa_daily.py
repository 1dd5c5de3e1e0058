"""Benchmark: the Cities USA daily puzzle generated and proven as `cities daily --game usa`
makes a date the archive does not hold (median and percentiles over several dates), with the
candidates each date tried and why the ones before the published one were passed over.

    python bench/bench_usa_daily.py                       # 20 dates from 2027-02-01, one at a time
    python bench/bench_usa_daily.py --dates 20 --jobs 2   # two dates at a time, one core each
    python bench/bench_usa_daily.py --dates 7 --start 2027-03-01 --json out.json

Dates default to 2027-02-01 on, past the shipped archive (puzzles/archive/usa/ ends
2027-01-31), so every date is generated here, never read.  Each date runs `generate_usa`, the
function `cities daily --game usa` calls: candidates in attempt order, each proven on one
worker within the generator's deterministic budget, until one is proven and the greedy builder
does not already solve it.  With ``--jobs N`` dates run N at a time in worker processes, as
`cities daily --game usa --from ... --to ... --jobs N` makes an archive; a date's seconds are
still its own.  Wall seconds depend on the machine's load; CPU seconds are the date's process
(every thread); what a date publishes depends on neither.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402
from bench_solver import percentile  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzles.common.days import date_range, parse_date  # noqa: E402
from puzzles.usa.generate import MAX_ATTEMPTS, PROOF_BUDGET, generate_usa  # noqa: E402
from solver.common.errors import CitiesError  # noqa: E402
from solver.common.executors import InlineExecutor, LocalExecutor  # noqa: E402
from solver.common.tasks import Task, run_tasks  # noqa: E402

#: Why a candidate was passed over, by the start of the reason ``generate_usa`` records.
REASONS = {"unproven": "not proven within the budget", "not_positive": "optimum ",
           "greedy_solved": "the greedy builder scores"}


def reason_kind(reason: str) -> str:
    """The kind of a passed-over candidate's reason.

    >>> reason_kind("not proven within the budget (feasible)")
    'unproven'
    >>> reason_kind("the greedy builder scores 13 of the optimum 13 (0% below)")
    'greedy_solved'
    """
    return next(kind for kind, start in REASONS.items() if reason.startswith(start))


def one_date(date_text: str) -> dict[str, Any]:
    """Generate one date's puzzle (in this process, or a worker's) and time it."""
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        puzzle = generate_usa(parse_date(date_text))
    except CitiesError as err:  # no candidate within MAX_ATTEMPTS: the date fails, alone
        return {"date": date_text, "failed": str(err), "candidates": MAX_ATTEMPTS,
                "cpu_s": round(time.process_time() - cpu, 1),
                "wall_s": round(time.perf_counter() - wall, 1)}
    passed = [reason_kind(r) for r in puzzle.passed_over]
    return {"date": date_text, "candidates": puzzle.attempt + 1,
            **{kind: passed.count(kind) for kind in REASONS},
            "optimum": puzzle.optimum, "greedy": puzzle.difficulty.greedy,
            "gap": puzzle.difficulty.gap_percent, "rating": puzzle.difficulty.rating,
            "cpu_s": round(time.process_time() - cpu, 1),
            "wall_s": round(time.perf_counter() - wall, 1)}


def summarize(rows: list[dict[str, Any]], jobs: int) -> dict[str, Any]:
    """The figures of a run: seconds a date (median, p90, p95, max), candidates a date, and
    the passed-over candidates by reason."""
    found: dict[str, Any] = {"dates": len(rows), "jobs": jobs, "proof_budget": PROOF_BUDGET,
                             "max_attempts": MAX_ATTEMPTS,
                             "failed": sum("failed" in r for r in rows)}
    for clock in ("wall", "cpu"):
        secs = [float(r[f"{clock}_s"]) for r in rows]
        found |= {f"{clock}_median_s": round(statistics.median(secs), 1),
                  f"{clock}_p90_s": percentile(secs, 0.90),
                  f"{clock}_p95_s": percentile(secs, 0.95), f"{clock}_max_s": max(secs)}
    tried = [int(r["candidates"]) for r in rows]
    found |= {"candidates": sum(tried), "candidates_median": statistics.median(tried),
              "candidates_max": max(tried),
              "passed_over": {kind: sum(r.get(kind, 0) for r in rows) for kind in REASONS},
              "ratings": {n: sum(r.get("rating") == n for r in rows) for n in range(1, 6)}}
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dates", type=int, default=20, help="dates generated")
    parser.add_argument("--start", default="2027-02-01",
                        help="first date (default: the day after the shipped archive)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="dates at a time, one process and one core each (default 1)")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    if args.dates < 1 or args.jobs < 1:
        raise SystemExit("--dates and --jobs must be at least 1")
    run = record.start()
    first = parse_date(args.start, "--start")
    dates = date_range(first, first + dt.timedelta(days=args.dates - 1))
    tasks = [Task(d.isoformat(), one_date, (d.isoformat(),)) for d in dates]
    executor = InlineExecutor() if args.jobs == 1 else LocalExecutor(args.jobs)
    print(f"{'date':<11} {'tried':>5} {'unproven':>8} {'greedy':>6} {'opt':>4} {'rating':>6} "
          f"{'wall s':>7} {'cpu s':>7}")

    def show(_task: Task, row: dict[str, Any], _kept: bool) -> None:
        if "failed" in row:
            print(f"{row['date']:<11} failed: {row['failed']}", flush=True)
            return
        print(f"{row['date']:<11} {row['candidates']:>5} {row['unproven']:>8} "
              f"{row['greedy_solved']:>6} {row['optimum']:>4} {row['rating']:>6} "
              f"{row['wall_s']:>7.1f} {row['cpu_s']:>7.1f}", flush=True)

    rows = run_tasks(tasks, executor, on_done=show)
    summary = summarize(rows, args.jobs)
    print(f"\none date, generated and proven: median {summary['wall_median_s']:g} s, p90 "
          f"{summary['wall_p90_s']:g} s, p95 {summary['wall_p95_s']:g} s, max "
          f"{summary['wall_max_s']:g} s over {len(rows)} dates ({args.jobs} at a time); "
          f"{summary['candidates']} candidates tried, passed over: "
          f"{summary['passed_over']['unproven']} unproven, "
          f"{summary['passed_over']['greedy_solved']} greedy-solved")
    print(json.dumps(summary))
    run.save({**summary, "rows": rows}, suite="usa-daily")
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "summary": summary}, indent=2) + "\n")


if __name__ == "__main__":
    main()
