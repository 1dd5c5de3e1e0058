"""Time whole Cities USA games of bots (a script, not a test): median and p95 seconds per game
over seeds, wall clock and CPU time of this process.

Usage::

    python bench/bench_usa_game.py [--variant standard] [--players 4] [--bots greedy]
                                   [--seeds 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.usa.bots import make_bots  # noqa: E402
from solver.usa.game.rulesets import load_ruleset  # noqa: E402
from solver.usa.rules.game import new_game, play_game  # noqa: E402


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--seeds", type=int, default=20)
    args = ap.parse_args()
    run = record.start()
    rules = load_ruleset(args.variant)
    play_game(new_game(rules, args.players, -1), make_bots(["random"], tuple(
        f"P{i + 1}" for i in range(args.players))))  # warm the caches and imports
    wall, cpu, scores = [], [], []
    for seed in range(args.seeds):
        game = new_game(rules, args.players, seed)
        bots = make_bots(args.bots.split(","), game.players)
        w, c = time.perf_counter(), time.process_time()
        play_game(game, bots)
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
        scores.append(game.standings()[0]["score"])
    print(f"{args.variant}, {args.players} players, bots {args.bots}, {args.seeds} seeds")
    print(f"wall s: median {statistics.median(wall):.2f}  p95 {p95(wall):.2f}  "
          f"max {max(wall):.2f}")
    print(f"cpu s:  median {statistics.median(cpu):.2f}  p95 {p95(cpu):.2f}  "
          f"max {max(cpu):.2f}")
    print(f"winning score: median {statistics.median(scores)}  min {min(scores)}  "
          f"max {max(scores)}")
    run.save({"variant": args.variant, "players": args.players, "bots": args.bots,
              "games": args.seeds, "wall_median_s": round(statistics.median(wall), 2),
              "wall_p95_s": round(p95(wall), 2), "wall_max_s": round(max(wall), 2),
              "cpu_median_s": round(statistics.median(cpu), 2), "cpu_p95_s": round(p95(cpu), 2),
              "cpu_max_s": round(max(cpu), 2), "winning_score_median": statistics.median(scores)},
             suite="usa-game")


if __name__ == "__main__":
    main()
