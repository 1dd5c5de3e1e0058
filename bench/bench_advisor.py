"""The advisor bot against the greedy and solver bots over seeded three-player standard games
(a script, not a test): the advisor sits in one seat (rotating with the seed), the other two
seats are the opponent bot.  Prints one line per game, then the advisor's win rate (first
place, ties shared), its mean final score against the opponents', and the per-game difference
(its score minus its two opponents' mean) with a 95 % interval.  Each game depends on its seed
alone, so runs over slices of seeds (``--first``) add up to one run.

Usage::

    python bench/bench_advisor.py [--games N] [--opponent greedy|solver] [--first SEED]
"""
import argparse
import math
import sys
import time
from pathlib import Path
from statistics import mean, stdev

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from solver.twocities.advice import make_bots  # noqa: E402
from solver.twocities.game.rulesets import load_ruleset  # noqa: E402
from solver.twocities.rules.game import new_game, play_game  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--games", type=int, default=10)
parser.add_argument("--opponent", default="greedy")
parser.add_argument("--first", type=int, default=0)
args = parser.parse_args()

wins, own, others, diffs = 0.0, [], [], []
for seed in range(args.first, args.first + args.games):
    game = new_game(load_ruleset(), 3, seed)
    seat = seed % 3
    names = [args.opponent] * 3
    names[seat] = "advisor"
    me = game.players[seat]
    start = time.monotonic()
    play_game(game, make_bots(names, game.players))
    result = game.table()
    finals = {s.player: s.final for s in result.standings}
    firsts = [s.player for s in result.standings if s.place == 1]
    wins += (me in firsts) / len(firsts)
    own.append(finals[me])
    rivals = [v for p, v in finals.items() if p != me]
    others.extend(rivals)
    diffs.append(finals[me] - mean(rivals))
    print(f"seed {seed}: advisor {me} {finals[me]}, {args.opponent} "
          f"{sorted(v for p, v in finals.items() if p != me)}, first {firsts}, "
          f"{time.monotonic() - start:.0f} s", flush=True)
n = len(own)
half = 1.96 * stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
print(f"advisor vs {args.opponent}: {n} games, win rate {wins / n:.2f} (a seat's fair share "
      f"0.33), mean score {mean(own):.1f} vs {mean(others):.1f}, per game "
      f"{mean(diffs):+.2f} ± {half:.2f} (95 %)")
