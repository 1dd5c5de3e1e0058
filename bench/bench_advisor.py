"""The advisor bot against the greedy and solver bots over seeded three-player standard games
(a script, not a test): the advisor sits in one seat (rotating with the seed), the other two
seats are the opponent bot.  Each seed is played twice: once with the advisor in its seat, once
with the greedy bot there instead (the same deal, the same opponents), so that the advisor's
*paired uplift* (its final minus the greedy bot's final in the same seat on the same deal)
cancels the deal's luck.

Prints one line per game, then the summary: games, the paired uplift with a 95 % interval, the
advisor's win rate (first place, ties shared), its mean final score against the opponents', the
per-game difference (its score minus its two opponents' mean) with a 95 % interval, and the
processor time per advisor game.  Each game depends on its seed alone, so runs over slices of
seeds add up to one run: ``--out FILE`` appends one JSON line per game, ``--combine FILE...``
reads such files and prints the summary of them all (a seed played twice counts once).

Usage::

    python bench/bench_advisor.py [--games N] [--opponent greedy|solver] [--first SEED]
                                  [--out FILE]
    python bench/bench_advisor.py --combine FILE [FILE...]
"""
import argparse
import json
import math
import sys
import time
from pathlib import Path
from statistics import mean, stdev

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from solver.twocities.advice import make_bots  # noqa: E402
from solver.twocities.advice.estimates import _t95  # noqa: E402
from solver.twocities.game.rulesets import load_ruleset  # noqa: E402
from solver.twocities.rules.game import new_game, play_game  # noqa: E402


def play(seed: int, names: list[str]) -> tuple[dict[str, int], list[str], float]:
    """(finals by player, first places, processor seconds) of one seeded game."""
    game = new_game(load_ruleset(), 3, seed)
    start = time.process_time()
    play_game(game, make_bots(names, game.players))
    result = game.table()
    finals = {s.player: s.final for s in result.standings}
    firsts = [s.player for s in result.standings if s.place == 1]
    return finals, firsts, time.process_time() - start


def one_game(seed: int, opponent: str) -> dict:
    seat = seed % 3
    names = [opponent] * 3
    names[seat] = "advisor"
    finals, firsts, cpu = play(seed, names)
    names[seat] = "greedy"
    base, _, _ = play(seed, names)
    me = f"P{seat + 1}"
    return {"seed": seed, "opponent": opponent, "seat": me, "advisor": finals[me],
            "rivals": sorted(v for p, v in finals.items() if p != me),
            "first": me in firsts, "firsts": len(firsts), "greedy_in_seat": base[me],
            "cpu": round(cpu, 2)}


def interval(xs: list[float]) -> str:
    n = len(xs)
    half = _t95(n - 1) * stdev(xs) / math.sqrt(n) if n > 1 else 0.0
    return f"{mean(xs):+.2f} ± {half:.2f}"


def ranges(seeds: list[int]) -> str:
    """``[0, 1, 2, 5]`` -> ``"0-2, 5"``."""
    out: list[list[int]] = []
    for s in sorted(seeds):
        if out and s == out[-1][1] + 1:
            out[-1][1] = s
        else:
            out.append([s, s])
    return ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in out)


def figures(games: list[dict]) -> dict[str, dict]:
    """The summary's figures by opponent, for the run's record."""
    by_seed = {(g["opponent"], g["seed"]): g for g in games}
    out = {}
    for opponent in sorted({o for o, _ in by_seed}):
        gs = [g for (o, _), g in sorted(by_seed.items()) if o == opponent]
        uplift = [g["advisor"] - g["greedy_in_seat"] for g in gs]
        diffs = [g["advisor"] - mean(g["rivals"]) for g in gs]
        out[opponent] = {
            "games": len(gs), "seeds": ranges([g["seed"] for g in gs]),
            "paired_uplift": interval(uplift), "better": sum(u > 0 for u in uplift),
            "same": sum(u == 0 for u in uplift), "worse": sum(u < 0 for u in uplift),
            "first": round(sum(g["first"] / g["firsts"] for g in gs), 2),
            "advisor_mean": round(mean(g["advisor"] for g in gs), 1),
            "greedy_in_seat_mean": round(mean(g["greedy_in_seat"] for g in gs), 1),
            "opponents_mean": round(mean(v for g in gs for v in g["rivals"]), 1),
            "advisor_minus_opponents": interval(diffs),
            "cpu_per_game_s": round(mean(g["cpu"] for g in gs))}
    return out


def summary(games: list[dict]) -> str:
    by_seed = {(g["opponent"], g["seed"]): g for g in games}
    lines = []
    for opponent in sorted({o for o, _ in by_seed}):
        gs = [g for (o, _), g in sorted(by_seed.items()) if o == opponent]
        n = len(gs)
        wins = sum(g["first"] / g["firsts"] for g in gs)
        uplift = [g["advisor"] - g["greedy_in_seat"] for g in gs]
        diffs = [g["advisor"] - mean(g["rivals"]) for g in gs]
        lines.append(
            f"advisor vs {opponent}: {n} games (seeds {ranges([g['seed'] for g in gs])}), "
            f"paired uplift over greedy in its seat {interval(uplift)} (95 %, "
            f"{sum(u > 0 for u in uplift)} better, {sum(u < 0 for u in uplift)} worse), "
            f"win rate {wins:.1f}/{n} = {wins / n:.2f} (a seat's fair share 0.33), "
            f"mean score {mean(g['advisor'] for g in gs):.1f} (greedy in its seat "
            f"{mean(g['greedy_in_seat'] for g in gs):.1f}) vs opponents "
            f"{mean(v for g in gs for v in g['rivals']):.1f}, advisor minus opponents "
            f"{interval(diffs)} (95 %), {mean(g['cpu'] for g in gs):.0f} s CPU per advisor game")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--combine", type=Path, nargs="+")
    args = parser.parse_args()
    run = record.start()
    if args.combine:
        games = [json.loads(line) for f in args.combine for line in f.read_text().splitlines()
                 if line.strip()]
        print(summary(games))
        run.save(figures(games), suite="advisor")
        return
    games = []
    for seed in range(args.first, args.first + args.games):
        g = one_game(seed, args.opponent)
        games.append(g)
        print(f"seed {seed}: advisor {g['seat']} {g['advisor']} (greedy there "
              f"{g['greedy_in_seat']}), {args.opponent} {g['rivals']}, "
              f"{'first' if g['first'] else 'not first'}, {g['cpu']:.0f} s CPU", flush=True)
        if args.out:
            with args.out.open("a") as f:
                f.write(json.dumps(g) + "\n")
    print(summary(games))
    run.save(figures(games), suite="advisor")


if __name__ == "__main__":
    main()
