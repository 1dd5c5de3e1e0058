"""Which solved category caps lower the counted caps, on the solver benchmark's pools (a
script, not a test).

For each pool of a suite (``bench_solver.random_pool``), every category's cap is solved on
one worker within CP-SAT's deterministic work (``caps.category_caps``) and compared with the
cap its tile counts give (``values.city_values(...).caps()``): the categories whose solved
cap is lower are the ones worth solving beside the descent (``caps.REFINED``).

    python bench/bench_caps.py [--suite standard] [--count 50] [--seed 1]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_solver import random_pool  # noqa: E402

from solver.twocities.cpsat.caps import category_caps  # noqa: E402
from solver.twocities.cpsat.values import city_values  # noqa: E402
from solver.twocities.game.components import load_components  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="standard", choices=("standard", "beginner"))
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1, help="first pool number")
    args = parser.parse_args(argv)
    comps = load_components()
    lowered: Counter[str] = Counter()
    pools_lowered = 0
    for seed in range(args.seed, args.seed + args.count):
        pool = random_pool(args.suite, seed, comps)
        counted = city_values(pool).caps()
        start = time.monotonic()
        solved = category_caps(pool, workers=1, deterministic=True)
        lower = {k: (counted[k], v) for k, v in solved.items() if v < counted[k]}
        lowered.update(lower)
        pools_lowered += bool(lower)
        print(f"{args.suite} {seed}: counted {sum(counted.values())}, with solved caps "
              f"{sum(min(v, solved.get(k, v)) for k, v in counted.items())} "
              f"{lower or ''} ({time.monotonic() - start:.1f} s)", flush=True)
    print(f"pools where a solved cap is lower: {pools_lowered}/{args.count}; by category: "
          f"{dict(lowered) or 'none'}")


if __name__ == "__main__":
    main()
