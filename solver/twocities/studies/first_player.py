"""``first-player``: how often each seat wins a game between equal bots.

Each run plays one seeded three-player standard game between greedy bots (the game's seed is
the run's) through the rules engine, and scores the table with the rulebook's tie-breaks.  A
seat's win rate is the share of games it placed first in (a shared first place counts for
each seat that holds it); its interval is the normal approximation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.common.errors import BadField
from solver.common.fields import int_field, object_field, str_list
from solver.common.stats import interval
from solver.twocities.bots import make_bots
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.rules.game import new_game, play_game
from solver.twocities.studies.base import Study, run_rng

NAME, VERSION = "first-player", 1
PLAYERS, BOT = 3, "greedy"


def run(seed: int, index: int) -> dict[str, Any]:
    """One game: each seat's final score and whether it placed first."""
    game_seed = run_rng(NAME, VERSION, seed, index).randrange(2**31)
    game = new_game(load_ruleset("essential", "standard"), PLAYERS, seed=game_seed)
    play_game(game, make_bots([BOT], game.players))
    standings = game.table().standings
    return {"game_seed": game_seed,
            "final": {s.player: s.final for s in standings},
            "first": sorted(s.player for s in standings if s.place == 1)}


def check(result: Any) -> None:
    """A run's result as ``run`` returns it: every seat's final score, the seats placed first.

    >>> check({"game_seed": 1, "final": {"P1": 30, "P2": 31, "P3": 29}, "first": ["P2"]})
    >>> check({"game_seed": 1, "final": {"P1": 30}, "first": ["P4"]})
    Traceback (most recent call last):
    solver.common.errors.BadField: final: expected the final score of each of 3 seats
    """
    result = object_field(result, "result")
    int_field(result.get("game_seed"), "game_seed", 0)
    final = object_field(result.get("final"), "final")
    if len(final) != PLAYERS:
        raise BadField(f"expected the final score of each of {PLAYERS} seats", field="final")
    for seat, score in final.items():
        int_field(score, f"final.{seat}")
    str_list(result.get("first"), "first", set(final), nonempty=True)


def table(results: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per seat: its win rate, and its mean final score."""
    seats = sorted({p for r in results for p in r["final"]})
    rows = []
    for seat in seats:
        finals = [r["final"][seat] for r in results]
        rows.append({"label": seat, **interval([float(seat in r["first"]) for r in results]),
                     "mean_final": round(sum(finals) / len(finals), 3)})
    return rows


FIRST_PLAYER = Study(NAME, VERSION, f"win rate by seat, {BOT} bots, {PLAYERS} players", run,
                     table, f"Win rate by seat ({BOT} bots, {PLAYERS} players, 95% interval)",
                     "win rate", solves_per_run=1, check=check)
