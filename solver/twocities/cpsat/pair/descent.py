"""Pairs by proof: every way to split the pool's tiles between the two cities, bounded, and
the lower city's score descended level by level, one city of a split at a time.

When the two cities take every tile of the pool, the tiles the first city takes (its
*composition*, ``cpsat.city.compositions``) decide the second's, so a pair is a *split* and the
optimum is the best split's best pair.  The search:

1. **Bounds** (``cpsat.pair.splits``): each split's counted bound, the districts shared
   between the two cities, best first.
2. **The lower city, level by level.** From the best bound down, each level L asks every
   split that may still reach it whether both its cities reach L (``pair.city.solve_city``:
   the descent from the city's counted caps, ``min_score`` L, so a refutation starts just
   above L and is quick).  The first level where a split holds a pair is the lower city's optimum.
   Where only a city at the level is wanted (the stronger city's short check, a standing
   case at a level), a witness climbed without a solve (``cpsat.pair.witness``) comes first.
3. **Districts couple the cities**: each city alone ranks against the rivals only, an upper
   bound only when a further rival never raises a city's district points
   (``rivals_never_help``, checked before the search).  When both cities alone reach L,
   ``cpsat.pair.standings`` asks them again at every standing (which city's region is larger
   in each district, ``cpsat.pair.ranks``) and refutes the split when in every case one city
   falls short; where a case holds, its cities (and each solved against the other) offer a
   pair, and the pair model with each city's tiles fixed (``_joint``) has a short try.  Once
   the standings have refuted ``standings_first_after`` splits whose cities alone both
   reached their level, a level's split asks them before the stronger city's own optimum (a
   long descent), and a case's side a city already found makes is not solved.
4. **The higher city.** Then every split that may still beat the best pair is asked (first
   for a city above the best pair's higher one), best bound first.  **Proven** when every
   split is settled; otherwise the answer is the best pair with the highest lower-city bound
   of the splits left.

Each city's solve takes the pair's workers.  With a deterministic limit (``Budget.work``) it
takes one, every solve takes its work from the budget and nothing depends on the clock, so
the search is reproducible.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import numpy as np
from ortools.sat.python import cp_model

from solver.common.errors import CitiesError
from solver.common.sat import Budget, configure
from solver.common.status import Status
from solver.twocities.cpsat.city.descent import Outcome
from solver.twocities.cpsat.model import build_model
from solver.twocities.cpsat.model.answers import (
    Answer,
    exclude_layouts,
    forbid_assignment,
    layout_literals,
    read_city,
)
from solver.twocities.cpsat.model.answers import rescore as rescore_city
from solver.twocities.cpsat.pair.choose import ChooseSplits, below_listed
from solver.twocities.cpsat.pair.city import (
    MEMO,
    SPLIT_WORK,
    TOP,
    Memo,
    reach,
    seconds_for,
    solve_city,
    work_for,
)
from solver.twocities.cpsat.pair.quick import Pair
from solver.twocities.cpsat.pair.splits import SplitBounds, Splits, Value
from solver.twocities.cpsat.pair.standings import by_standings
from solver.twocities.cpsat.settings import DEFAULT_SETTINGS, ProofSettings
from solver.twocities.game.city import City, Context
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import Tile
from solver.twocities.rules.greedy import greedy
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import score_city
from solver.twocities.scoring.rivals import against_each_other

#: The most work units or seconds one split's joint solve (both cities in one model) may
#: take: a short try, since it settles small pools at once but a full-size pair's rarely
#: within seconds.
JOINT_WORK = 1.0
JOINT_SECONDS = 2.0
#: The most work units the descent of a level's stronger city takes once a city of it at
#: the level is known (its optimum is then asked only for the standings and the pair):
#: such a descent often runs to the full ``SPLIT_WORK`` without settling, and a fifth of
#: it leaves the level the work to ask more splits (``bench/bench_pairwork.py``).
WITNESSED_WORK = 1.0


@dataclass
class PairOutcome:
    """What the search settled: the best pair (None: none found), whether it is proven, and
    the highest lower-city score a split left unsettled could still reach.  ``higher``:
    where that bound is the best pair's lower score (the lower city proven: a player's
    score), the most the higher city can score beside it (None: not known)."""

    best: Pair | None
    proven: bool
    bound: int | None
    splits_solved: int = 0
    higher: int | None = None


def prove_pair(pool: Pool, budget: Budget, *,
               start: Pair | None = None, exclude: Sequence[Sequence[City]] = (),
               min_score: int | None = None, workers: int = 1,
               settings: ProofSettings = DEFAULT_SETTINGS) -> PairOutcome:
    """The best pair by splits (module doc), within ``budget``; ``start`` is a pair already
    known (it must not be excluded).  ``min_score``: the lower city's least score.
    ``workers``: each city's descent (one with a deterministic limit, which keeps it
    reproducible).  ``settings``: how the search and each city's solve go about it."""
    if budget.work is not None:
        workers = 1
    floor = max(start.value()[0] if start is not None else 0, min_score or 0)
    splits = (Splits(pool, settings.most_compositions) if pool.uses_all
              else ChooseSplits(pool, floor, settings))
    search = _Search(pool, splits, budget, exclude, workers, start,
                     (min_score - 1, TOP) if min_score is not None else (-1, -1), settings)
    token = MEMO.set(Memo())
    try:
        search.levels()
        search.rest()
    finally:
        MEMO.reset(token)
    outcome = search.outcome()
    return outcome if pool.uses_all else below_listed(outcome, splits)



class _Search:
    """The search's state: the best pair, and for each split the most its lower city, and
    then its higher, can still score (``cap``: its counted bound, lowered as its cities are
    refuted or solved).  A split left unsettled by its budget is ``open``."""

    def __init__(self, pool: Pool, splits: SplitBounds, budget: Budget,
                 exclude: Sequence[Sequence[City]], workers: int, start: Pair | None,
                 floor: Value, settings: ProofSettings = DEFAULT_SETTINGS):
        self.pool, self.splits, self.budget = pool, splits, budget
        self.settings = settings
        self.exclude, self.workers = exclude, workers
        self.best = start
        self.value = max(start.value(), floor) if start is not None else floor
        self.low, self.high = splits.low.copy(), splits.high.copy()
        self.open = np.zeros(len(splits), dtype=bool)
        self.solved = 0
        self.order = np.fromiter(splits.best_first(), dtype=np.int64, count=len(splits))
        self.order_low = splits.low[self.order]
        self.order_high = splits.high[self.order]

    def beats(self, k: int) -> bool:
        return (int(self.low[k]), int(self.high[k])) > self.value

    def levels(self) -> None:
        """Step 2a: the lower city's score L from the best bound down.  At each L, every
        split that might still reach it asks its cities for L (the weaker bound first); a
        refutation there is quick, as the descent starts just above L.  The first L where
        both cities of a split reach it is the lower city's optimum."""
        while not self.budget.exhausted():
            live = self._candidates()
            level = int(self.low[live].max()) if len(live) else -1
            if level <= self.value[0]:
                return
            for k in self._live(live):
                if self.splits.low[k] < level:
                    break  # the splits below are bounded below this level
                if self.low[k] < level:
                    continue
                if self.budget.exhausted():
                    return
                self._split(k, (level - 1, TOP))
                if self.value[0] >= level:
                    return  # a pair at this level: the lower city's optimum

    def rest(self) -> None:
        """Step 2b: every split that may still beat the best pair, best bound first: the
        bound as the levels left it (most splits' lower city refuted down to the best
        pair's, so mostly the higher city's bound), so a high higher city is found early
        and the splits bounded below it are settled without a solve."""
        live = self._candidates()
        live = live[np.lexsort((-self.high[live], -self.low[live]))]  # stable: best first
        for k in live.tolist():
            if self.budget.exhausted():
                return
            while self.beats(k) and self._split(k, self.value) \
                    and not self.budget.exhausted():
                pass  # a better pair from this split: ask it to beat that one

    def _candidates(self) -> np.ndarray:
        """The splits not yet settled whose counted bound and own bound can still beat the
        best pair, best counted bound first (numpy: hundreds of thousands of splits)."""
        v0, v1 = self.value
        lo, hi = self.order_low, self.order_high
        below = (lo < v0) | ((lo == v0) & (hi <= v1))
        cut = int(below.argmax()) if below.any() else len(below)
        ks = self.order[:cut]
        low, high = self.low[ks], self.high[ks]
        beats = (low > v0) | ((low == v0) & (high > v1))
        return ks[beats & ~self.open[ks]]

    def _live(self, candidates: np.ndarray | None = None) -> Iterator[int]:
        """The splits not yet settled, best counted bound first, while their bound can
        beat the best pair (``candidates``: as ``_candidates`` found them; a split leaves
        the live ones only, as the best pair rises and bounds fall)."""
        for k in (self._candidates() if candidates is None else candidates).tolist():
            if self.splits.bound(k) <= self.value:
                return
            if not self.open[k] and self.beats(k):
                yield k

    def _split(self, k: int, value: Value) -> bool:
        """Split ``k`` asked to beat ``value``, what it settles noted.  True: it found a
        better pair but did not settle, so it is worth asking again."""
        self.solved += 1
        found, settled = _solve_split(self.pool, self.splits, k, value, self.budget,
                                      self.exclude, self.workers, int(self.low[k]),
                                      self.settings)
        better = found is not None and found.value() > self.value
        if better:
            self.best, self.value = Pair(found.cities, found.placed), found.value()
        if not settled:
            if isinstance(found, _LowerProven):
                self.low[k] = found.value()[0]  # the higher city is still to be asked
            if not better:
                self.open[k] = True
            return better
        elif found is None:  # no pair of this split beats ``value``
            if (int(self.low[k]), int(self.high[k])) > value:
                self.low[k] = value[0]
                self.high[k] = min(value[1], int(self.splits.higher(k, value[0])))
        else:  # the split's best pair (or one at least as good as the rest of the split)
            self.low[k], self.high[k] = found.value()
        return False

    def outcome(self) -> PairOutcome:
        v0, v1 = self.value
        beats = (self.low > v0) | ((self.low == v0) & (self.high > v1))
        left = np.concatenate((np.flatnonzero(self.open & beats), self._candidates()))
        lows = self.low[left].tolist() + ([v0] if self.best is not None else [])
        bound = max(lows) if lows else None
        higher = None
        if self.best is not None and bound == v0:  # (low, high) bounds a split's pairs
            higher = max([v1, *self.high[left][self.low[left] == v0].tolist()])
        return PairOutcome(self.best, not len(left), bound, self.solved, higher)


def _greedy_city(alone: Pool, i: int, context: Context) -> dict[int, Answer]:
    """The greedy placer's city of exactly these tiles (``rules.greedy``), where the exact
    solve ran out of time before any city: the pair still gets a city from the split."""
    try:
        found = greedy(alone)
    except CitiesError:  # a dead end at every position tried
        return {}
    city = found.cities[0].with_context(context)
    return {i: Answer(city, found.placements[0], score_city(city))}


def _unproven(pool: Pool, found: dict[int, Answer], value: Value,
              exclude: Sequence[Sequence[City]]) -> Pair | None:
    """The pair of the two cities found when a city's solve was not proven, if it is an
    answer that beats ``value`` (the split stays unsettled either way)."""
    if len(found) < 2:
        return None
    pair = Pair((found[0].city, found[1].city), (found[0].placements, found[1].placements))
    usable = not pair.listed(exclude) and pair.buildable(pool)
    return pair if usable and pair.value() > value else None


def _solve_split(pool: Pool, splits: SplitBounds, k: int, value: Value, budget: Budget,
                 exclude: Sequence[Sequence[City]], workers: int, most_low: int | None = None,
                 settings: ProofSettings = DEFAULT_SETTINGS) -> tuple[Pair | None, bool]:
    """Split ``k``'s best pair if it beats ``value`` (None: it cannot, or it was not
    found), and whether the split is settled.  ``most_low``: the most the split's lower
    city can score, where known."""
    tiles = splits.tiles(k)
    order = sorted((0, 1), key=lambda i: int(splits.bounds[k][i]))  # weaker city first
    # both cities must reach the best pair's lower score; more, unless the split's higher
    # bound could beat the best pair's higher city
    need = value[0] + (0 if splits.higher(k, value[0]) > value[1] else 1)
    optima: dict[int, tuple[int, Answer]] = {}
    found: dict[int, Answer] = {}  # each city's best, proven or not
    alones: dict[int, Pool] = {}
    for i in order:
        ctx = Context((*pool.context.rival_factories, int(splits.factories[k][1 - i])),
                      pool.context.districts)
        alones[i] = replace(pool, mats=(pool.mats[i],), tiles=tiles[i], context=ctx)
    known: dict[int, Outcome] = {}
    stronger = False  # the stronger city witnessed at the level
    if most_low is not None and most_low <= value[0] == need:
        # the lower city cannot pass the best pair's: only a higher city above the best
        # pair's beats it, asked of the stronger city first (a question just below its bound)
        for i in reversed(order):
            known[i] = solve_city(alones[i], budget, workers, value[1] + 1, settings=settings)
            if known[i].status != Status.INFEASIBLE:
                break
        else:
            return None, True
    for i in order:
        alone = alones[i]
        if i == order[1] and value[1] == TOP and i not in known \
                and _standings_first(settings) \
                and by_standings(pool, alones, optima, need, value, budget, workers,
                                 settings=settings) is None:
            # a level asked where the standings have refuted splits whose cities alone both
            # reached it: they often do without the stronger city's own optimum (a long
            # descent), so they come first
            return None, True
        # a level asked (step 2a): the stronger city need only reach the weaker's optimum,
        # or the split's lower bound if less, worth a short check when its bound lies far
        # above (a long descent)
        target = min(optima[order[0]][0], TOP if most_low is None else most_low) \
            if i == order[1] and value[1] == TOP else TOP
        if target < TOP and i not in known \
                and int(splits.bounds[k][i]) - target >= settings.reach_margin:
            reached, stronger = _reach_pair(pool, alones[i], i, optima[order[0]][1], target,
                                            value, budget, exclude, settings)
            if reached is not None:
                return reached, False
            if stronger and settings.standings_witnessed and not _standings_first(settings):
                # the stronger city makes the level but the pair falls short: the standings
                # may refute the split without the stronger city's optimum (a long descent;
                # its cases at the level are mostly witnessed, ``pair.standings``)
                ranked = by_standings(pool, alones, optima, need, value, budget, workers,
                                      unsolved=i, settings=settings)
                if ranked is None:
                    return None, True
                if ranked is not True and ranked.value() > value \
                        and not ranked.listed(exclude) and ranked.buildable(pool):
                    return ranked, False
        result = known.get(i)
        if result is None or result.status == Status.INFEASIBLE:  # not above the best
            result = solve_city(alone, budget, workers, max(need, 0),  # pair's higher city
                                WITNESSED_WORK if i == order[1] and stronger else SPLIT_WORK,
                                settings)
        if result.status == Status.INFEASIBLE:
            return None, True  # this city cannot reach what the split needs to beat the best
        if result.best is not None:
            city, placed, scored = result.best
            found[i] = Answer(city.with_context(pool.context), placed, scored)
        else:
            found.update(_greedy_city(alone, i, pool.context))
        if result.status != Status.OPTIMAL:
            return _unproven(pool, found, value, exclude), False
        optima[i] = (result.best.score.total, found[i])
    top = (min(optima[0][0], optima[1][0]), max(optima[0][0], optima[1][0]))
    if top <= value:
        return None, True
    pair = Pair((optima[0][1].city, optima[1][1].city),
                (optima[0][1].placements, optima[1][1].placements))
    usable = not pair.listed(exclude) and pair.buildable(pool)
    if usable and pair.value() == top:
        return pair, True
    if budget.exhausted():
        return (pair if usable and pair.value() > value else None), False
    ranked = by_standings(pool, alones, optima, need, value, budget, workers,
                          settings=settings)
    if ranked is None:
        if value[1] == TOP:
            _noted_standings()
        return None, True  # ranked against each other, no pair of the split beats ``value``
    if ranked is not True and ranked.value() > value and not ranked.listed(exclude) \
            and ranked.buildable(pool):
        return ranked, False  # a pair all the same; the split may hold a better one
    if budget.exhausted():
        return (pair if usable and pair.value() > value else None), False
    joint, settled = _joint(pool, tiles, pair, top, value, budget, exclude,
                            settings.root_chain)
    if joint is None and usable and pair.value() > value:
        return pair, settled  # the two optima ranked against each other: a pair all the same
    return joint, settled


@dataclass(frozen=True)
class _LowerProven(Pair):
    """A pair whose lower score is its split's lower optimum; the split's higher city is
    not yet proven (``_reach_pair``)."""


def _reach_pair(pool: Pool, alone: Pool, i: int, answer: Answer, target: int, value: Value,
                budget: Budget, exclude: Sequence[Sequence[City]], settings: ProofSettings
                ) -> tuple[Pair | None, bool]:
    """The weaker city's optimum with a stronger city ``i`` that scores at least ``target``
    (the weaker city's optimum, or the most the split's lower city can score if less), if a
    short check finds one (``pair.city.reach``) and the pair, ranked against each other, keeps a
    lower score of ``target``: that score is then the split's lower optimum, though the
    split's higher city is not yet known.  Also whether the stronger city was found."""
    if target <= value[0]:
        return None, False
    stronger = reach(alone, budget, target, settings)
    if stronger is None:
        return None, False
    cities = [answer.city, answer.city]
    placements = [answer.placements, answer.placements]
    cities[i] = stronger.city.with_context(pool.context)
    placements[i] = stronger.placements
    pair = _LowerProven((cities[0], cities[1]), (placements[0], placements[1]))
    if pair.value()[0] < target or pair.listed(exclude) or not pair.buildable(pool):
        return None, True
    return pair, True


def _joint(pool: Pool, tiles: tuple[tuple[Tile, ...], tuple[Tile, ...]], hint: Pair,
           top: Value, value: Value, budget: Budget, exclude: Sequence[Sequence[City]],
           root_chain: bool = True) -> tuple[Pair | None, bool]:
    """The split solved as one pair model, each city's tiles fixed (module doc, step 3)."""
    cm = build_model(pool, root_chain=root_chain)
    for g, mine in zip(cm.grids, tiles, strict=True):
        counts = Counter(t.token for t in mine)
        for token in {t.token for t in pool.singles}:
            cm.model.Add(g.single_count(token) == counts[token])
        for token in {t.token for t in pool.duplexes}:
            cm.model.Add(g.duplex_count(token) == counts[token])
    a, b = cm.total(0), cm.total(1)
    scale = 1000
    low = cm.model.NewIntVar(0, scale - 1, "lower_city")
    high = cm.model.NewIntVar(0, scale - 1, "higher_city")
    cm.model.AddMinEquality(low, [a, b])
    cm.model.AddMaxEquality(high, [a, b])
    cm.model.Add(low <= top[0])
    cm.model.Add(high <= top[1])
    cm.model.Add(scale * low + high >= scale * value[0] + value[1] + 1)
    for pair in exclude:
        exclude_layouts(cm.model, cm.grids, pair)
    for lit, v in layout_literals(cm.grids, list(zip(hint.cities, hint.placed, strict=True))):
        cm.model.AddHint(lit, v)
    cm.model.Maximize(scale * low + high)
    while True:
        solver = cp_model.CpSolver()
        configure(solver.parameters, seconds_for(budget, JOINT_SECONDS), 1,
                  work_for(budget, JOINT_WORK))
        code = solver.Solve(cm.model)
        budget.spend(solver.deterministic_time)
        if code == cp_model.INFEASIBLE:
            return None, True
        if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None, False
        found = [read_city(solver, g, pool) for g in cm.grids]
        ranked = against_each_other([c for c, _ in found])
        problems = [order_problems(city, pool, placed, which=i)
                    for i, (city, placed) in enumerate(found)]
        if not any(problems):
            for i, city in enumerate(ranked):
                rescore_city(solver, cm, i, city, pool, Status.FEASIBLE)  # raises on a mismatch
            pair = Pair((found[0][0], found[1][0]), (found[0][1], found[1][1]))
            return pair, code == cp_model.OPTIMAL
        # legal play cannot build it: rule that city out and solve again, as ``solve`` does
        for g, problem in zip(cm.grids, problems, strict=True):
            if problem:
                forbid_assignment(cm.model, solver, g)
        if budget.exhausted():
            return None, False



def _standings_first(settings: ProofSettings) -> bool:
    """Whether a level's split asks the standings before the stronger city's own optimum:
    once ``settings.standings_first_after`` splits were refuted by the standings after both
    cities alone reached their level (each such stronger city's descent was work lost)."""
    memo = MEMO.get()
    return memo is not None and memo.by_standings >= settings.standings_first_after


def _noted_standings() -> None:
    memo = MEMO.get()
    if memo is not None:
        memo.by_standings += 1
