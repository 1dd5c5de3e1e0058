"""Benchmark: one daily puzzle generated and proven (median over several dates), and an archive
run's puzzles per minute on all cores.

    python bench/bench_daily.py                  # 7 dates one by one, then a 4-date archive
    python bench/bench_daily.py --dates 14 --archive 8 --start 2027-03-01

Dates default to a week from 2027-01-04 (a Monday), outside the shipped archive, so every
puzzle is generated and proven here.  Seconds are wall-clock on this machine; the proof
itself is bounded by deterministic time (one worker), so the puzzles do not depend on speed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzles.archive import build_archive  # noqa: E402
from puzzles.generate import generate  # noqa: E402
from puzzles.plan import date_range, parse_date  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def one_by_one(dates: list[dt.date]) -> list[dict[str, object]]:
    rows = []
    print(f"{'date':<11} {'day':<4} {'kind':<9} {'try':>3} {'opt':>4} {'diff':>4} "
          f"{'layouts':<8} {'seconds':>8}")
    for date in dates:
        start = time.perf_counter()
        p = generate(date)
        seconds = time.perf_counter() - start
        row = {"date": date.isoformat(), "kind": p.kind, "attempt": p.attempt,
               "optimum": p.optimum, "rating": p.difficulty.rating, "layouts": p.layouts,
               "seconds": round(seconds, 2)}
        rows.append(row)
        print(f"{date.isoformat():<11} {date.strftime('%a'):<4} {p.kind:<9} {p.attempt + 1:>3} "
              f"{p.optimum:>4} {p.difficulty.rating:>4} {p.layouts:<8} {seconds:>8.1f}",
              flush=True)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--start", default="2027-01-04")
    ap.add_argument("--dates", type=int, default=7, help="dates generated one by one")
    ap.add_argument("--archive", type=int, default=4, help="dates in the archive run")
    ap.add_argument("--jobs", type=int, default=None, help="archive processes (all cores)")
    args = ap.parse_args()
    first = parse_date(args.start, "--start")
    dates = date_range(first, first + dt.timedelta(days=args.dates - 1)) if args.dates else []
    summary: dict[str, object] = {}
    if dates:
        rows = one_by_one(dates)
        secs = [float(r["seconds"]) for r in rows]  # type: ignore[arg-type]
        print(f"\none puzzle, generated and proven: median {statistics.median(secs):.1f} s, "
              f"p95 {percentile(secs, 0.95):.1f} s, max {max(secs):.1f} s over {len(secs)} "
              "dates")
        summary.update(one_by_one=rows, median_seconds=round(statistics.median(secs), 2),
                       p95_seconds=round(percentile(secs, 0.95), 2))
    if args.archive:
        later = first + dt.timedelta(days=args.dates)
        span = date_range(later, later + dt.timedelta(days=args.archive - 1))
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            outcomes = build_archive(span, Path(tmp), args.jobs)
            minutes = (time.perf_counter() - start) / 60
        made = sum(o.status == "generated" for o in outcomes)
        rate = made / minutes if minutes else 0.0
        each = [o.seconds for o in outcomes if o.status == "generated"] or [0.0]
        print(f"archive run: {made} puzzles in {minutes:.2f} min on all cores: "
              f"{rate:.2f} puzzles per minute (each: median {statistics.median(each):.1f} s)")
        for o in outcomes:
            print(f"  {o.date} {o.status} {o.seconds:.1f} s {o.detail}")
        summary.update(archive_puzzles=made, archive_minutes=round(minutes, 2),
                       puzzles_per_minute=round(rate, 2))
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
