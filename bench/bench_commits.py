"""Two commits of the Between Two Cities solver on one suite, in one run (a script, not a test).

Each commit is checked out into a temporary worktree; each pool is solved on one worker within
a deterministic work limit (``solve_pool(..., deterministic_time=W)``), so which pools are
proven, and their scores and bounds, do not depend on the machine's load.  The two commits
alternate in chunks of pools (each chunk a fresh process), so a change of load falls on both
alike; the CPU seconds of each solve are summed.  A restructure that claims no change of
behaviour must show the same status, score and bound on every pool and a CPU ratio near 1.

    python bench/bench_commits.py BEFORE AFTER [--suite standard] [--count 50] [--work 20]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CHUNK = 10

#: Run inside a worktree: solve pools ``first`` .. ``first + count - 1`` and print JSON lines.
SOLVE = """
import json, sys, time
tree, suite, first, count, work = sys.argv[1:6]
sys.path[:0] = [tree, tree + "/bench"]
from bench_solver import random_pool
try:
    from solver.twocities.cpsat import solve_pool
except ImportError:  # before the solver was grouped by problem
    from solver.twocities.cpsat.solve import solve_pool
for seed in range(int(first), int(first) + int(count)):
    clock = time.process_time()
    r = solve_pool(random_pool(suite, seed), time_limit=None, workers=1,
                   deterministic_time=float(work))
    print(json.dumps({"pool": seed, "status": str(r.status), "score": r.score,
                      "bound": r.bound, "cpu": time.process_time() - clock}))
"""


def _solve(tree: Path, suite: str, first: int, count: int, work: float) -> list[dict]:
    done = subprocess.run([sys.executable, "-c", SOLVE, str(tree), suite, str(first),
                           str(count), str(work)], capture_output=True, text=True, check=True)
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--suite", default="standard")
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--work", type=float, default=20.0, help="deterministic work per pool")
    args = ap.parse_args()
    run = record.start()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {}
        for name in ("before", "after"):
            trees[name] = Path(tmp) / name
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q",
                            str(trees[name]), getattr(args, name)], check=True)
        try:
            rows: dict[str, list[dict]] = {"before": [], "after": []}
            for first in range(0, args.count, CHUNK):
                for name in ("before", "after"):
                    rows[name] += _solve(trees[name], args.suite, first,
                                         min(CHUNK, args.count - first), args.work)
        finally:
            for tree in trees.values():
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                                str(tree)], check=False)
    same = sum((a["status"], a["score"], a["bound"]) == (b["status"], b["score"], b["bound"])
               for a, b in zip(rows["before"], rows["after"], strict=True))
    cpu = {name: [r["cpu"] for r in rows[name]] for name in rows}
    proven = {name: sum(r["status"].endswith("optimal") for r in rows[name]) for name in rows}
    figures = {"before": args.before, "after": args.after, "pools": args.count,
               "same_answers": same, "work": args.work,
               "proven_before": proven["before"], "proven_after": proven["after"],
               "cpu_median_before": round(statistics.median(cpu["before"]), 3),
               "cpu_median_after": round(statistics.median(cpu["after"]), 3),
               "cpu_ratio": round(sum(cpu["after"]) / sum(cpu["before"]), 3)}
    print(f"{args.suite}: {args.count} pools, the same status, score and bound on {same}; "
          f"proven {proven['before']} -> {proven['after']}; CPU median "
          f"{figures['cpu_median_before']} -> {figures['cpu_median_after']} s, "
          f"sum ratio {figures['cpu_ratio']}")
    run.save(figures, suite=args.suite)


if __name__ == "__main__":
    main()
