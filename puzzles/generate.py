"""Generate a date's puzzle: draw candidates in order until one is proven within budget.

The puzzle is the *first* candidate, in attempt order, whose optimum is proven.  With
``jobs`` above one the next candidates are proven at the same time on other cores
(speculatively): a later candidate is published only once every earlier one has been
rejected, so the answer is the one-by-one answer, just sooner.

>>> import datetime as dt
>>> generate(dt.date(2026, 12, 7)).kind            # doctest: +SKIP
'full'
"""

from __future__ import annotations

import datetime as dt
import multiprocessing
import os
from collections.abc import Callable, Generator
from typing import Any

from puzzles.difficulty import rate
from puzzles.draw import draw_candidate
from puzzles.plan import TRIES_PER_PLAN, WEEK
from puzzles.prove import prove
from puzzles.puzzle import Puzzle
from solver.common.errors import CitiesError
from solver.common.workers import die_with_parent, interrupt_on_sigterm
from solver.twocities.rules.greedy import greedy

#: Candidates drawn before giving up on a date (each is proven or rejected in turn): enough
#: for a Sunday to step back through the week to Monday's kind, which proves in seconds.
MAX_ATTEMPTS = TRIES_PER_PLAN * len(WEEK) + 1
#: The most candidates proven at a time by default (``ahead_on_this_machine``).
MOST_AHEAD = 4

Progress = Callable[[str], Any]
#: One candidate's verdict: the puzzle, or why it was rejected.
Verdict = Puzzle | str


def try_candidate(date: dt.date, attempt: int, progress: Progress | None = None) -> Verdict:
    """Candidate number ``attempt`` for ``date``: its puzzle if its optimum is proven within
    the budget, else the reason it is rejected (a pure function of both)."""
    say = progress or (lambda _text: None)
    candidate = draw_candidate(date, attempt)
    if candidate is None:
        return "the draw cannot make the day's kind"
    say(f"candidate {attempt + 1}: proving the optimum ({candidate.plan.kind})")
    try:
        proof = prove(candidate.pool, _solver_progress(say, attempt))
    except CitiesError as err:  # the solver refuses the candidate: never publish it
        return f"refused by the solver ({err})"
    if proof is None:
        return "not proven within budget"
    say(f"candidate {attempt + 1}: optimum {proof.optimum} proven; rating difficulty")
    difficulty = rate(proof.optimum, greedy(candidate.pool).score, proof.layouts)
    return Puzzle(date, candidate.plan.kind, candidate.pool, proof.optimum, proof.city_scores,
                  difficulty, proof.cities, attempt)


def generate(date: dt.date, progress: Progress | None = None, jobs: int = 1) -> Puzzle:
    """The puzzle for ``date``: the first candidate whose optimum is proven within budget.

    ``progress`` (optional) receives one line of text per step; ``jobs`` processes prove
    candidates ahead (the result does not depend on it).
    """
    say = progress or (lambda _text: None)
    if jobs > 1:
        say(f"proving candidates in order, {jobs} at a time")
    verdicts = _ahead(date, jobs) if jobs > 1 else _one_after_another(date, say)
    try:
        for attempt, verdict in enumerate(verdicts):
            if isinstance(verdict, Puzzle):
                return verdict
            say(f"candidate {attempt + 1}: {verdict}, drawing the next")
    finally:
        verdicts.close()  # stops the processes still proving later candidates
    raise CitiesError(f"no candidate puzzle for {date} was proven within the generator's "
                      f"budget in {MAX_ATTEMPTS} attempts")


def ahead_on_this_machine() -> int:
    """Candidates to prove at a time when nobody says: one per core, at most ``MOST_AHEAD``
    (each process holds its own model; later candidates are rarely needed)."""
    return max(1, min(os.cpu_count() or 1, MOST_AHEAD))


def _one_after_another(date: dt.date,
                       say: Progress | None = None) -> Generator[Verdict, None, None]:
    """Every candidate's verdict in attempt order, each proven when it is asked for."""
    return (try_candidate(date, attempt, say) for attempt in range(MAX_ATTEMPTS))


def _ahead(date: dt.date, jobs: int) -> Generator[Verdict, None, None]:
    """Every candidate's verdict in attempt order, ``jobs`` of them proven at a time; the
    processes still proving are stopped when the caller stops reading."""
    try:
        # spawn: OR-Tools runs threads, which fork does not copy safely.
        workers = multiprocessing.get_context("spawn").Pool(
            min(jobs, MAX_ATTEMPTS), initializer=die_with_parent, initargs=(os.getpid(),))
    except OSError:  # no processes here (a sandbox): one candidate after another
        yield from _one_after_another(date)
        return
    try:
        with interrupt_on_sigterm():
            # The pool takes tasks in submission order, so the earliest candidates run first.
            pending = [workers.apply_async(try_candidate, (date, attempt))
                       for attempt in range(MAX_ATTEMPTS)]
            for result in pending:
                yield result.get()
    finally:
        workers.terminate()
        workers.join()


def _solver_progress(say: Progress, attempt: int) -> Callable[[int | None, int, float], None]:
    def report(best: int | None, bound: int, seconds: float) -> None:
        found = "no city yet" if best is None else f"best {best}"
        say(f"candidate {attempt + 1}: {found}, bound {bound} ({seconds:.0f} s)")
    return report
