"""How many splits of a pair pool the split search must answer, level by level (a script, not
a test): ``pair.splits.Splits`` for a pool whose two cities take every tile, or
``pair.choose.ChooseSplits`` from a floor for one with tiles to spare, with the listing's
limits (``ProofSettings.most_candidates``, ``most_splits``) as given.  Prints the splits at
each lower-city bound, the best bound, and the seconds the listing took.

    python bench/bench_pairlist.py --suite pair --seed 0
    python bench/bench_pairlist.py --suite pair-choose --seed 0 --floor 95 --candidates 500000
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import record  # noqa: E402
from bench_solver import random_pool  # noqa: E402

from solver.twocities.cpsat.pair import choose as pairchoose  # noqa: E402
from solver.twocities.cpsat.pair.splits import SplitBounds, Splits  # noqa: E402
from solver.twocities.cpsat.settings import DEFAULT_SETTINGS, ProofSettings  # noqa: E402


def listing(suite: str, seed: int, floor: int,
            settings: ProofSettings = DEFAULT_SETTINGS) -> SplitBounds:
    pool = random_pool(suite, seed)
    if suite == "pair":
        return Splits(pool)
    return pairchoose.ChooseSplits(pool, floor, settings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="pair", choices=("pair", "pair-choose"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--floor", type=int, default=0,
                        help="pair-choose: the least lower-city score listed")
    parser.add_argument("--candidates", type=int, default=DEFAULT_SETTINGS.most_candidates,
                        help="pair-choose: most compositions of one city kept")
    parser.add_argument("--splits", type=int, default=DEFAULT_SETTINGS.most_splits,
                        help="pair-choose: most splits listed")
    parser.add_argument("--levels", type=int, default=6, help="levels printed from the top")
    args = parser.parse_args()
    run = record.start()
    settings = ProofSettings(most_candidates=args.candidates, most_splits=args.splits)
    start = time.perf_counter()
    splits = listing(args.suite, args.seed, args.floor, settings)
    seconds = time.perf_counter() - start
    at = Counter(int(x) for x in splits.low)
    best = splits.bound(int(splits.order[0])) if len(splits) else None
    print(f"{args.suite} pool {args.seed}: {len(splits)} splits, best bound {best}, "
          f"{seconds:.1f} s")
    listed = getattr(splits, "listed_from", None)
    if listed is not None:
        print(f"  floor asked {args.floor}, listed from {listed}, "
              f"{len(splits.rows)} compositions of one city kept")
    for level in sorted(at, reverse=True)[:args.levels]:
        print(f"  lower city bound {level}: {at[level]} splits")
    run.save({"seed": args.seed, "splits": len(splits), "best_bound": best,
              "seconds": round(seconds, 1), "floor": args.floor, "listed_from": listed,
              "splits_by_lower_bound": {str(level): at[level]
                                        for level in sorted(at, reverse=True)[:args.levels]}},
             suite=args.suite)


if __name__ == "__main__":
    main()
