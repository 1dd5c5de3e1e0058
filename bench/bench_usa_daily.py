"""Benchmark: Cities USA daily puzzles generated one after another (what each date publishes,
how far the greedy builder lands below the optimum, and the time each took).

    python bench/bench_usa_daily.py                       # 14 dates from 2026-12-01
    python bench/bench_usa_daily.py --dates 7 --start 2027-01-04 --json out.json

CPU seconds are this process's; wall seconds depend on the machine's load.  What a date
publishes does not: the proof is bounded by deterministic time on one worker.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzles.common.days import parse_date  # noqa: E402
from puzzles.usa.generate import generate_usa  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dates", type=int, default=14)
    parser.add_argument("--start", default="2026-12-01")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    run = record.start()
    first = parse_date(args.start, "--start")
    rows = []
    for i in range(args.dates):
        date = first + dt.timedelta(days=i)
        wall, cpu = time.perf_counter(), time.process_time()
        puzzle = generate_usa(date)
        row = {"date": date.isoformat(), "attempt": puzzle.attempt,
               "passed_over": list(puzzle.passed_over), "optimum": puzzle.optimum,
               "greedy": puzzle.difficulty.greedy, "gap": puzzle.difficulty.gap_percent,
               "rating": puzzle.difficulty.rating,
               "cpu_s": round(time.process_time() - cpu, 1),
               "wall_s": round(time.perf_counter() - wall, 1)}
        rows.append(row)
        print(json.dumps(row), flush=True)
    cpu = sorted(r["cpu_s"] for r in rows)
    summary = {"dates": len(rows), "redrawn": sum(r["attempt"] > 0 for r in rows),
               "median_cpu_s": statistics.median(cpu), "max_cpu_s": cpu[-1],
               "ratings": {n: sum(r["rating"] == n for r in rows) for n in range(1, 6)}}
    print(json.dumps(summary))
    run.save({**summary, "rows": rows}, suite="usa-daily")
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "summary": summary}, indent=2) + "\n")


if __name__ == "__main__":
    main()
