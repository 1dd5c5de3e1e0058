"""Benchmark the rules engine: legality checks (dead-end look-ahead included) and whole games.

    python bench/bench_rules.py [--positions 10000] [--games 20] [--seed 1]

Positions are random mid-game cities (random mats, random legal play to a random point of
rounds 1-3, 20% beginner); each gets one random candidate placement of the right kind.  Every
check is timed cold (the look-ahead's memo cleared first) and again warm.  Games are 7-player
standard games of random bots.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver.twocities.bots import make_bots  # noqa: E402
from solver.twocities.game.components import load_components  # noqa: E402
from solver.twocities.game.pool import Placement  # noqa: E402
from solver.twocities.game.rulesets import load_ruleset  # noqa: E402
from solver.twocities.game.tiles import Building, Duplex  # noqa: E402
from solver.twocities.rules.game import new_game, play_game  # noqa: E402
from solver.twocities.rules.legality import candidates, check  # noqa: E402
from solver.twocities.rules.moves import legal_moves  # noqa: E402
from solver.twocities.rules.position import Position  # noqa: E402
from solver.twocities.rules.squares import feasible  # noqa: E402

ANY = Building("factory")


def random_tile(pos: Position, rng: random.Random):
    if pos.next_kind() == "duplex":
        if pos.revealed:
            return rng.choice(pos.revealed)
        return Duplex(ANY, ANY, rng.random() < 0.5)
    return ANY


def positions(n: int, rng: random.Random) -> list[tuple[Position, object, tuple[int, int]]]:
    """``n`` (position, tile, candidate) triples from random legal play."""
    comps = load_components()
    out = []
    while len(out) < n:
        beginner = rng.random() < 0.2
        rules = load_ruleset("essential", "beginner" if beginner else "standard")
        mat = None if beginner else comps.mats[rng.choice(sorted(comps.mats))]
        pos = Position.start(rules, mat)
        while not pos.finished and len(out) < n:
            if pos.next_kind() == "duplex" and not pos.revealed:
                pos = pos.reveal(tuple(Duplex(ANY, ANY, rng.random() < 0.5) for _ in
                                       range(pos.remaining()[1])))
            tile = random_tile(pos, rng)
            if pos.placed:
                out.append((pos, tile, rng.choice(candidates(pos, tile))))
            legal = legal_moves(pos, tile) or legal_moves(pos, tile, "permissive")
            if not legal:
                break
            pos = pos.play(Placement(tile, rng.choice(legal)))
    return out


def percentiles(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    def q(p: float) -> float:
        return xs[min(len(xs) - 1, int(p * len(xs)))]
    return {"median": statistics.median(xs), "p90": q(0.90), "p99": q(0.99), "max": xs[-1],
            "mean": statistics.fmean(xs)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=10_000)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    run = record.start()
    rng = random.Random(args.seed)
    sample = positions(args.positions, rng)

    cold, warm, deep, dead = [], [], [], 0
    late, late_dead = 0, 0
    for pos, tile, at in sample:
        feasible.cache_clear()
        t = time.perf_counter()
        verdict = check(pos, tile, at)
        cold.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        check(pos, tile, at)
        warm.append((time.perf_counter() - t) * 1000)
        looked = verdict.rule in ("legal", "dead-end", "cut-off")
        if looked:
            deep.append(cold[-1])
        dead += verdict.rule in ("dead-end", "cut-off")
        if looked and pos.round == 1 and pos.remaining()[0] <= 3:
            late += 1
            late_dead += verdict.rule in ("dead-end", "cut-off")

    moves = []
    for pos, tile, _ in sample[: max(1, len(sample) // 20)]:
        feasible.cache_clear()
        t = time.perf_counter()
        legal_moves(pos, tile)
        moves.append((time.perf_counter() - t) * 1000)

    games = []
    for seed in range(args.games):
        t = time.perf_counter()
        game = new_game(load_ruleset(), 7, seed)
        play_game(game, make_bots(["random"], game.players))
        games.append(time.perf_counter() - t)

    report = {
        "positions": len(sample), "seed": args.seed, "dead_ends": dead,
        "late_round_1_placements": late, "late_round_1_dead_ends": late_dead,
        "check_ms_cold": percentiles(cold), "check_ms_warm": percentiles(warm),
        "check_ms_cold_look_ahead": percentiles(deep),
        "moves_ms_cold": percentiles(moves),
        "game_7p_random_s": percentiles(games),
    }
    run.save(report, suite="rules")
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{len(sample)} random mid-game positions (seed {args.seed}); "
          f"{dead} candidate placements were dead ends only the look-ahead sees")
    print(f"late round 1 (last 3 singles): {late_dead} of {late} placements that pass the plain "
          f"rules and fit a square are dead ends ({100 * late_dead / max(1, late):.1f}%)")
    for key in ("check_ms_cold", "check_ms_warm", "check_ms_cold_look_ahead", "moves_ms_cold",
                "game_7p_random_s"):
        stats = report[key]
        print(f"{key:25} " + "  ".join(f"{k} {v:.3f}" for k, v in stats.items()))


if __name__ == "__main__":
    main()
