"""Generate a date's puzzle: draw candidates in order until one is proven within budget.

>>> import datetime as dt
>>> generate(dt.date(2026, 12, 7)).kind            # doctest: +SKIP
'full'
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from puzzles.difficulty import rate
from puzzles.draw import draw_candidate
from puzzles.greedy import greedy
from puzzles.plan import OWN_ATTEMPTS, WEEK
from puzzles.prove import prove
from puzzles.puzzle import Puzzle
from solver.errors import CitiesError

#: Candidates drawn before giving up on a date (each is proven or rejected in turn): enough
#: for a Sunday to step back through the week to Monday's kind, which proves in seconds.
MAX_ATTEMPTS = OWN_ATTEMPTS + len(WEEK) + 1

Progress = Callable[[str], Any]


def generate(date: dt.date, progress: Progress | None = None) -> Puzzle:
    """The puzzle for ``date``: the first candidate whose optimum is proven within budget.

    ``progress`` (optional) receives one line of text per step.
    """
    say = progress or (lambda _text: None)
    for attempt in range(MAX_ATTEMPTS):
        candidate = draw_candidate(date, attempt)
        if candidate is None:
            continue
        say(f"candidate {attempt + 1}: proving the optimum ({candidate.plan.kind})")
        try:
            proof = prove(candidate.pool, _solver_progress(say, attempt))
        except CitiesError as err:  # the solver refuses the candidate: never publish it
            say(f"candidate {attempt + 1}: refused by the solver ({err})")
            continue
        if proof is None:
            say(f"candidate {attempt + 1}: not proven within budget, drawing the next")
            continue
        say(f"candidate {attempt + 1}: optimum {proof.optimum} proven; rating difficulty")
        difficulty = rate(proof.optimum, greedy(candidate.pool).score, proof.layouts)
        return Puzzle(date, candidate.plan.kind, candidate.pool, proof.optimum,
                      proof.city_scores, difficulty, proof.cities, attempt)
    raise CitiesError(f"no candidate puzzle for {date} was proven within the generator's "
                      f"budget in {MAX_ATTEMPTS} attempts")


def _solver_progress(say: Progress, attempt: int) -> Callable[[int, int, float], None]:
    def report(best: int, bound: int, seconds: float) -> None:
        say(f"candidate {attempt + 1}: best {best}, bound {bound} ({seconds:.0f} s)")
    return report
