"""Benchmark: one daily puzzle generated and proven (median over several dates), and an archive
run's puzzles per minute on all cores.

    python bench/bench_daily.py                  # 7 dates one by one, then a 4-date archive
    python bench/bench_daily.py --dates 14 --archive 8 --start 2027-03-01
    python bench/bench_daily.py --ahead 1        # candidates one after another, one core
    python bench/bench_daily.py --archive 0 --baseline   # ahead 1 and all cores, same dates

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

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzles.archive import build_archive  # noqa: E402
from puzzles.common.days import date_range, parse_date  # noqa: E402
from puzzles.generate import ahead_on_this_machine, generate  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def one_by_one(dates: list[dt.date], ahead: int,
               baseline: bool = False) -> list[dict[str, object]]:
    """Each date generated as ``cities daily`` does (``ahead`` candidates at a time); with
    ``baseline``, each date first one candidate after another, in the same process."""
    rows = []
    print(f"{'date':<11} {'day':<4} {'kind':<9} {'try':>3} {'opt':>4} {'diff':>4} "
          f"{'layouts':<8} {'seconds':>8}" + (f" {'ahead 1':>8}" if baseline else ""))
    for date in dates:
        before = None
        if baseline:
            start = time.perf_counter()
            first = generate(date, jobs=1)
            before = time.perf_counter() - start
        start = time.perf_counter()
        p = generate(date, jobs=ahead)
        seconds = time.perf_counter() - start
        if baseline and first.to_json() != p.to_json():
            raise SystemExit(f"{date}: proving ahead changed the puzzle")
        row = {"date": date.isoformat(), "kind": p.kind, "attempt": p.attempt,
               "optimum": p.optimum, "rating": p.difficulty.rating, "layouts": p.layouts,
               "seconds": round(seconds, 2)}
        if before is not None:
            row["seconds_ahead_1"] = round(before, 2)
        rows.append(row)
        print(f"{date.isoformat():<11} {date.strftime('%a'):<4} {p.kind:<9} {p.attempt + 1:>3} "
              f"{p.optimum:>4} {p.difficulty.rating:>4} {p.layouts:<8} {seconds:>8.1f}"
              + (f" {before:>8.1f}" if before is not None else ""), flush=True)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--start", default="2027-01-04")
    ap.add_argument("--dates", type=int, default=7, help="dates generated one by one")
    ap.add_argument("--archive", type=int, default=4, help="dates in the archive run")
    ap.add_argument("--jobs", type=int, default=None, help="archive processes (all cores)")
    ap.add_argument("--ahead", type=int, default=ahead_on_this_machine(),
                    help="one by one: candidates proven at a time, as `cities daily` does "
                         "(all cores; 1 = one after another)")
    ap.add_argument("--baseline", action="store_true",
                    help="one by one: also generate each date with --ahead 1 first, in the same "
                         "process, and print the ratio of the medians")
    args = ap.parse_args()
    run = record.start()
    first = parse_date(args.start, "--start")
    dates = date_range(first, first + dt.timedelta(days=args.dates - 1)) if args.dates else []
    summary: dict[str, object] = {}
    if dates:
        rows = one_by_one(dates, args.ahead, args.baseline)
        secs = [float(r["seconds"]) for r in rows]  # type: ignore[arg-type]
        print(f"\none puzzle, generated and proven: median {statistics.median(secs):.1f} s, "
              f"p95 {percentile(secs, 0.95):.1f} s, max {max(secs):.1f} s over {len(secs)} "
              f"dates ({args.ahead} candidates at a time)")
        if args.baseline:
            base = [float(r["seconds_ahead_1"]) for r in rows]  # type: ignore[arg-type]
            print(f"one candidate at a time: median {statistics.median(base):.1f} s, p95 "
                  f"{percentile(base, 0.95):.1f} s; median speed-up "
                  f"{statistics.median(base) / statistics.median(secs):.2f}x (same process, "
                  "same puzzles)")
        summary.update(one_by_one=rows, median_seconds=round(statistics.median(secs), 2),
                       p95_seconds=round(percentile(secs, 0.95), 2),
                       max_seconds=round(max(secs), 2), candidates_at_a_time=args.ahead)
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
    print(json.dumps(summary, default=str))
    run.save(summary, suite="daily")


if __name__ == "__main__":
    main()
