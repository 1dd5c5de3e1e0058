"""The whole box by classes of counts (``cpsat.box.classes``): what each class of the first
split settles against a score known to be reached (a script, not a test).

The box around ``--mat`` is split by the count of the first ``--order`` type; each class is
asked, within ``--class-work`` CP-SAT work units on one worker, for a city scoring more
than ``--floor``, with the civic capacity cut (``--no-cut``: without).  Prints each class's
status, bound and work, then the outcome.  ``--root`` also solves the whole box first (one
class) within the same work.  ``--class civic=8`` solves that one class alone (as the
search solves a class: asked to beat the floor, then maximised) within ``--class-work``;
``--caps S`` instead solves each category's cap on the box alone (``caps.category_cap``, at
most S seconds each).

    python bench/bench_box.py --mat lake --floor 97 --order civic --class-work 8 \\
        --work 400 [--no-cut] [--root]
    python bench/bench_box.py --mat lake --floor 97 --class civic=8 --class-work 25
    python bench/bench_box.py --mat lake --floor 97 --root --class-work 15 --work 15 [--no-cut]
    python bench/bench_box.py --mat lake --caps 60
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.common.sat import Budget  # noqa: E402
from solver.twocities.cpsat.box.classes import (  # noqa: E402
    _solve_class,
    add_civic_capacity,
    solve_by_classes,
)
from solver.twocities.cpsat.box.solve import box_pool  # noqa: E402
from solver.twocities.cpsat.city.caps import category_cap  # noqa: E402
from solver.twocities.cpsat.model import build_model  # noqa: E402
from solver.twocities.game.vocab import CATEGORIES  # noqa: E402


def one_class(args: argparse.Namespace, run: record.Run) -> None:
    pool = box_pool(mat=args.mat)
    cm = build_model(pool)
    if not args.no_cut:
        add_civic_capacity(cm)
    t, k = args.one.split("=")
    start = time.monotonic()
    status, bound, answer, work = _solve_class(
        cm, pool, ((t, int(k)),), args.floor, Budget.start(None, args.class_work),
        args.class_work, 1)
    found = answer.score.total if answer else None
    refuted = str(status) == "infeasible" or (bound is not None and bound <= args.floor)
    print(f"{t} == {k}: {status}{' (refuted)' if refuted else ''} bound={bound} "
          f"city above the floor={found} "
          f"work={work:.2f} seconds={time.monotonic() - start:.0f}")
    run.save({"mat": args.mat, "class": args.one, "floor": args.floor, "status": str(status),
              "refuted": refuted, "bound": bound, "city_above_floor": found,
              "work": round(work, 2), "seconds": round(time.monotonic() - start, 1)},
             suite="box-class")


def caps(args: argparse.Namespace, run: record.Run) -> None:
    pool = box_pool(mat=args.mat)
    found = {}
    for name in CATEGORIES:
        start = time.monotonic()
        cap = category_cap(pool, name, time_limit=args.caps)
        print(f"{name}: {cap} ({time.monotonic() - start:.0f} s)", flush=True)
        found[name] = {"cap": cap, "seconds": round(time.monotonic() - start, 1)}
    run.save({"mat": args.mat, "time_limit": args.caps, "caps": found}, suite="box-caps")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mat", default="lake")
    parser.add_argument("--floor", type=int, default=97)
    parser.add_argument("--order", default="civic", help="types to split by, comma-separated")
    parser.add_argument("--class-work", type=float, default=8.0)
    parser.add_argument("--work", type=float, default=400.0)
    parser.add_argument("--no-cut", action="store_true")
    parser.add_argument("--root", action="store_true")
    parser.add_argument("--class", dest="one", default="", help="one class alone: TYPE=N")
    parser.add_argument("--caps", type=float, default=0.0,
                        help="each category's cap alone, at most this many seconds each")
    args = parser.parse_args()
    run = record.start()
    if args.one:
        return one_class(args, run)
    if args.caps:
        return caps(args, run)
    pool = box_pool(mat=args.mat)
    start = time.monotonic()
    outcome = solve_by_classes(
        pool, Budget.start(None, args.work), floor_score=args.floor,
        order=tuple(args.order.split(",")), class_work=args.class_work, workers=1,
        root=args.root, cut=not args.no_cut, report=lambda r: print(
            f"{dict(r.counts)} {r.status} bound={r.bound} work={r.work:.2f} "
            f"t={time.monotonic() - start:.0f}s", flush=True))
    best = outcome.best.score.total if outcome.best else None
    print(f"outcome: {outcome.status} best={best} bound={outcome.bound} "
          f"work={outcome.work:.1f} seconds={time.monotonic() - start:.0f}")
    run.save({"mat": args.mat, "floor": args.floor, "order": args.order,
              "class_work": args.class_work, "status": str(outcome.status), "best": best,
              "bound": outcome.bound, "work": round(outcome.work, 1),
              "seconds": round(time.monotonic() - start, 1)}, suite="box-classes")


if __name__ == "__main__":
    main()
