"""One city of a split, for the pair search (``cpsat.pair.descent``): its solve by descent
(``solve_city``), the short check that it reaches a score (``reach``), and what the search
has settled about each city it asked (``Memo``)."""

from __future__ import annotations

from contextvars import ContextVar

from ortools.sat.python import cp_model

from solver.common.sat import Budget, feasibility
from solver.common.status import Status
from solver.twocities.cpsat.city.descent import Outcome, descend
from solver.twocities.cpsat.model import build_model
from solver.twocities.cpsat.model.answers import Answer, buildable_city
from solver.twocities.cpsat.model.values import city_values
from solver.twocities.cpsat.pair.witness import Known, city_witness
from solver.twocities.cpsat.settings import DEFAULT_SETTINGS, ProofSettings
from solver.twocities.game.pool import Pool

#: Above any one city's score: a pair value (L - 1, TOP) asks for a lower city of L.
TOP = 999
#: The most work units (deterministic; charged in full, as ``solve_pool`` reports none) or
#: seconds one city's solve may take.
SPLIT_WORK = 5.0
SPLIT_SECONDS = 10.0
#: The same for one check "does the stronger city of a split reach L?" (``reach``): a
#: city found settles the lower city without descending the stronger to its optimum.
#: A check that fails is wasted (refuting a bound on the sum is slow: ``cpsat.city.descent``), so
#: it is short and asked only where the stronger city's bound is ``reach_margin`` above
#: (``ProofSettings``).
REACH_WORK = 0.3
REACH_SECONDS = 0.6


class Memo:
    """What the search has settled about each city it solved (the same tiles, mat and
    rivals, standings included): its optimum, or the least score it was refuted at.  A city
    refuted at L cannot reach L + 1, and an optimum answers every score asked: the levels
    ask the same splits again one score lower, and a split's standing cases repeat."""

    def __init__(self) -> None:
        self.optimum: dict[Pool, Outcome] = {}
        self.refuted: dict[Pool, int] = {}
        #: every city found, by mat: where a witness starts (``cpsat.pair.witness``)
        self.cities = Known()
        #: splits at a level refuted by the standings once both cities alone reached it
        self.by_standings = 0

    def known(self, alone: Pool, need: int) -> Outcome | None:
        best = self.optimum.get(alone)
        if best is not None:
            if best.best is not None and best.best.score.total >= need:
                return best
            return Outcome(Status.INFEASIBLE, None, best.bound, best.caps, 0)
        if need >= self.refuted.get(alone, TOP + 1):
            return Outcome(Status.INFEASIBLE, None, None, {}, 0)
        return None

    def bound(self, alone: Pool) -> int | None:
        """The most a city of ``alone`` is known to score (None: nothing known)."""
        best = self.optimum.get(alone)
        if best is not None and best.best is not None:
            return best.best.score.total
        least = self.refuted.get(alone)
        return None if least is None else least - 1

    def note(self, alone: Pool, need: int, outcome: Outcome) -> None:
        if outcome.best is not None:
            self.cities.add(alone.mats[0].name, outcome.best.city, outcome.best.placements)
        if outcome.status == Status.OPTIMAL and outcome.best is not None:
            self.optimum[alone] = outcome
            return
        least = need if outcome.status == Status.INFEASIBLE else None
        if outcome.bound is not None:  # every city of these tiles scores at most the bound
            least = min(outcome.bound + 1, least if least is not None else TOP + 1)
        if least is not None:
            self.refuted[alone] = min(least, self.refuted.get(alone, TOP + 1))


#: The search under way's memo (``prove_pair`` sets it; None: none kept).
MEMO: ContextVar[Memo | None] = ContextVar("pair_memo", default=None)


def solve_city(alone: Pool, budget: Budget, workers: int, need: int,
               most: float = SPLIT_WORK, settings: ProofSettings = DEFAULT_SETTINGS
               ) -> Outcome:
    """One city of a split, exactly its tiles: its optimum if it reaches ``need``
    (``cpsat.city.descent`` from the tiles' counted caps, within ``SPLIT_SECONDS`` and
    ``SPLIT_WORK``), else infeasible; what a city settled is kept (``Memo``).  The counted
    caps alone: solving each category's cap first took about 1.1 s of a city's 1.4 s on
    pair pool 0 and rarely lowers the bound."""
    memo = MEMO.get()
    known = memo.known(alone, need) if memo is not None else None
    if known is not None:
        return known
    caps = city_values(alone).caps()
    if sum(caps.values()) < need:  # refuted by the counts alone: no model to build
        return Outcome(Status.INFEASIBLE, None, None, caps, 0)
    part = Budget.start(seconds_for(budget, SPLIT_SECONDS * most / SPLIT_WORK),
                        work_for(budget, most))
    outcome = descend(alone, caps, part, workers, min_score=need, settings=settings)
    budget.spend(part.used)
    if memo is not None:
        memo.note(alone, need, outcome)
    return outcome


def reach(alone: Pool, budget: Budget, need: int,
          settings: ProofSettings = DEFAULT_SETTINGS) -> Answer | None:
    """A city of exactly ``alone``'s tiles scoring at least ``need``, if one short check
    (the model's total at least ``need``, no objective) finds it: a bound on the sum is a
    slow refutation (``cpsat.city.descent``), but finding a city is often quick when the
    city's optimum lies well above ``need``.  A city a climb finds from a known city, or
    the greedy placer's, comes first (``cpsat.pair.witness``: no CP-SAT work at all)."""
    memo = MEMO.get()
    witness = city_witness(alone, need, memo.cities if memo is not None else None)
    if witness is not None:
        return witness
    cm = build_model(alone, root_chain=settings.root_chain)
    cm.model.Add(cm.total(0) >= need)
    solver = cp_model.CpSolver()
    feasibility(solver.parameters, seconds_for(budget, REACH_SECONDS))
    work = work_for(budget, REACH_WORK)
    if work is not None:
        solver.parameters.max_deterministic_time = work

    def solve() -> int:
        code = solver.Solve(cm.model)
        budget.spend(solver.deterministic_time)
        return code

    found = buildable_city(solve, solver, cm, cm.model, alone, budget.exhausted)[1]
    if found is not None and memo is not None:
        memo.cities.add(alone.mats[0].name, found.city, found.placements)
    return found


def seconds_for(budget: Budget, most: float = SPLIT_SECONDS) -> float | None:
    """A solve's wall-clock limit: ``most`` at most, unless the budget counts work (then
    the clock is only the caller's safety net, so the solve stays reproducible)."""
    left = budget.seconds_left()
    if left is None:
        return None
    return max(0.01, left) if budget.work is not None else min(most, max(0.01, left))


def work_for(budget: Budget, most: float = SPLIT_WORK) -> float | None:
    left = budget.work_left()
    return None if left is None else min(most, max(0.01, left))
