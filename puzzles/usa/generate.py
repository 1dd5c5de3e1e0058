"""Generate a date's Cities USA puzzle: draw candidates in order until one is proven.

What is published depends on the date alone, never on the clock or the cores: each candidate
is solved on one worker with a deterministic budget (CP-SAT's own measure of work), and a
candidate the solver does not prove within it, whose optimum is not positive, or which the
greedy builder (``solver.usa.rules.greedy``) already solves (a puzzle rated "0 % below" asks
nothing of the player), is passed over for the next, and the reason kept in the puzzle file.
The wall-clock limit is only a safety net far above the budget: if it ever decides,
generation stops with an error rather than publish a puzzle the clock chose.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from puzzles.common.difficulty import gap_percent
from puzzles.usa.difficulty import rate_usa
from puzzles.usa.draw import draw_pool
from puzzles.usa.puzzle import UsaPuzzle
from solver.common.errors import CitiesError
from solver.common.status import Status
from solver.usa.game.pool import Pool
from solver.usa.rules.greedy import greedy
from solver.usa.scoring.categories import score_city

#: Deterministic-time budget for a proof (CP-SAT work units, generous for a 3x3 pool).
PROOF_BUDGET = 20.0
#: Wall-clock safety net: far above the deterministic budget, so it never decides.
WALL_LIMIT = 3600.0
#: Candidates drawn before giving up on a date: about half the 3x3 draws are proven within the
#: budget and one in five of those the greedy builder solves, so two in five are published;
#: one date of the shipped archive took 14 (docs/daily.md).
MAX_ATTEMPTS = 24

Say = Callable[[str], Any]


def prove(pool: Pool, say: Say | None = None) -> tuple[Any, str | None]:
    """The solver's answer on one worker within the budget, and why it is not publishable
    (None: it is)."""
    from solver.usa.cpsat.solve import solve_pool  # OR-Tools loads only when a proof is needed

    def report(best: int | None, bound: int, seconds: float) -> None:
        if say is not None:
            say(f"{'no city yet' if best is None else f'best {best}'}, bound {bound} "
                f"({seconds:.0f} s)")

    result = solve_pool(pool, time_limit=WALL_LIMIT, workers=1,
                        deterministic_time=PROOF_BUDGET, progress=report)
    if result.status != Status.OPTIMAL:
        if result.seconds >= WALL_LIMIT:
            raise CitiesError(f"the proof met the wall-clock safety net ({WALL_LIMIT:.0f} s) "
                              "before its deterministic budget: nothing published")
        return result, f"not proven within the budget ({result.status})"
    if result.score is None or result.score <= 0:
        return result, f"optimum {result.score} is not positive"
    return result, None


def generate_usa(date: dt.date, say: Say | None = None) -> UsaPuzzle:
    """The date's puzzle: the first candidate, in attempt order, that is proven and that the
    greedy builder does not already solve."""
    passed: list[str] = []
    for attempt in range(MAX_ATTEMPTS):
        pool = draw_pool(date, attempt)
        if say is not None:
            say(f"candidate {attempt + 1}: proving")
        result, why = prove(pool, None if say is None else
                            (lambda text, a=attempt: say(f"candidate {a + 1}: {text}")))
        if why is not None:
            passed.append(why)
            continue
        if score_city(result.city).total != result.score:  # the scorer has the last word
            raise RuntimeError(f"the scorer disagrees with the solver's optimum {result.score}")
        if say is not None:
            say(f"candidate {attempt + 1}: optimum {result.score}; the greedy builder plays")
        greedy_score = score_city(greedy(pool)).total
        if gap_percent(result.score, greedy_score) == 0:
            passed.append(f"the greedy builder scores {greedy_score} of the optimum "
                          f"{result.score} (0% below)")
            continue
        return UsaPuzzle(date, pool, result.score, rate_usa(result.score, greedy_score),
                         result.city, attempt, tuple(passed))
    raise CitiesError(f"no candidate Cities USA puzzle for {date} in {MAX_ATTEMPTS} attempts "
                      "was both proven within the generator's budget and above the greedy "
                      "builder")
