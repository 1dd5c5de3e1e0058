"""The whole box by classes of counts: a branch and bound over how many buildings of each
type the city holds, each class bounded by the full model with those counts fixed.

The box around a mat holds billions of compositions (``cpsat.city.compositions`` lists at most
millions), and the full model alone stalls about 10 points above its best city.  Fixing
how many buildings of one type the city holds (a *class*: ``civic == 3``) is one linear
constraint on the model's own counts, so no composition is listed.  So:

1. the whole pool is solved as one class first (``root``), then split by the count of the
   first type of ``SPLIT_ORDER`` (every count its tiles allow);
2. each class is asked for a city scoring more than the best known (the *floor*), within
   ``CLASS_WORK`` work units: first with the floor as a constraint (``FLOOR_WORK``), then
   maximised without it, stopped once its bound reaches the floor.  A class that holds
   none (infeasible, or its proven bound at most the floor) is refuted; a city found
   raises the floor for every class after it;
3. a class left open is split again by the next type's count, and so on down the order;
   a class with every type of the order fixed and still open keeps its bound.

No city scores more than the highest bound of a class left open, so the answer is proven
when every class is refuted.  Every city a class finds above the floor is read back,
checked by legal play (a layout it cannot build is forbidden and the class solved again)
and re-scored by the scorer.  The model carries one more cut, the civic capacity
(``add_civic_capacity``).  Around the lake (docs/benchmarks.md, "Whole box") the classes at
the edges of the civic count are refuted, but the middle ones, where the best cities are,
keep the whole box's bound: this proves small pools, not yet a 5x5 box.

>>> from solver.common.sat import Budget
>>> from solver.twocities.game.pool import pool_from_json
>>> pool = pool_from_json({"variant": "beginner", "tiles": ["P"] * 12 + ["P|P", "P/P"]})
>>> outcome = solve_by_classes(pool, Budget.start(None, 20.0))
>>> str(outcome.status), outcome.best.score.total, outcome.bound
('optimal', 25, 25)
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from solver.common.errors import ModelMismatch
from solver.common.sat import Budget, configure, whole
from solver.common.status import Progress, Status
from solver.twocities.cpsat.model import CityModel, build_model
from solver.twocities.cpsat.model.answers import (
    Answer,
    forbid_assignment,
    read_city,
    rescore,
)
from solver.twocities.cpsat.model.grid import CityGrid
from solver.twocities.game.components import Coord
from solver.twocities.game.pool import Pool
from solver.twocities.game.vocab import (
    BUILDING_TYPES,
    CIVIC,
    FACTORY,
    HOUSE,
    OFFICE,
    PARK,
    SHOP,
    TAVERN,
)
from solver.twocities.rules.order import order_problems

#: The types whose counts split the box, first split first: civics first, since a civic tile
#: is the box's most valuable cell (6 points next to both types it likes) and the relaxation
#: of the whole box leans on them.
SPLIT_ORDER = (CIVIC, HOUSE, OFFICE, TAVERN, PARK, SHOP, FACTORY)
#: CP-SAT work units one class's solve may take before the class is split further.
CLASS_WORK = 5.0

Counts = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class ClassReport:
    """One class's solve: its counts, what the solve settled, its proven bound (None: the
    class holds no city above the floor), and the work it took."""

    counts: Counts
    status: Status
    bound: int | None
    work: float


@dataclass
class ClassOutcome:
    """What the classes settled: ``bound`` bounds every city of the pool, ``best`` is the
    best city found (or the one handed in), ``classes`` every class solved, in order."""

    status: Status
    best: Answer | None
    bound: int | None
    classes: list[ClassReport] = field(default_factory=list)

    @property
    def work(self) -> float:
        return sum(c.work for c in self.classes)


def solve_by_classes(pool: Pool, budget: Budget, *, best: Answer | None = None,
                     floor_score: int | None = None, order: tuple[str, ...] = SPLIT_ORDER,
                     class_work: float = CLASS_WORK, workers: int = 1, root: bool = True,
                     cut: bool = True, progress: Progress | None = None,
                     report: Callable[[ClassReport], None] | None = None) -> ClassOutcome:
    """The best city of ``pool`` by classes of counts (module doc), within ``budget``.

    ``best``: a city already known (its score is the first floor); ``floor_score``: a
    score known to be reached (a class is then asked to beat it; the outcome is a proof
    only once a city is found, else its bound says no city scores more).  Each class gets at most
    ``class_work`` units (and what is left of ``budget``).  A class not yet solved has no
    bound of its own, so the outcome has a bound only once every class of the first split
    has been solved.  With a deterministic budget and one worker the answer is the same on
    every machine.  ``root``: solve the whole pool as one class first (False: start from
    the first split); ``cut``: add the civic capacity (``add_civic_capacity``); ``report``
    is handed each class's report as it is settled.
    """
    cm = build_model(pool)
    if cut:
        add_civic_capacity(cm)
    start = time.monotonic()
    # open classes, highest bound first: (-bound, sequence, counts); a class not yet solved
    # carries its parent's bound (UNBOUNDED for the first split's)
    heap: list[tuple[int, int, Counts]] = []
    order_of = itertools.count()
    reports: list[ClassReport] = []
    kept: list[int] = []  # classes still open with every type of the order fixed

    def floor() -> int:
        known = best.score.total if best is not None else -1
        return max(known, -1 if floor_score is None else floor_score)

    def split(counts: Counts, bound: int) -> None:
        depth = len(counts)
        if depth >= len(order):
            kept.append(bound)
            return
        t = order[depth]
        for k in range(most_of_type(pool, t), -1, -1):
            heapq.heappush(heap, (-bound, next(order_of), (*counts, (t, k))))

    def open_bound() -> int | None:
        bounds = [-b for b, _, _ in heap] + kept
        return max(bounds, default=None)

    if root:
        heapq.heappush(heap, (-UNBOUNDED, next(order_of), ()))  # the whole pool, one class
    else:
        split((), UNBOUNDED)
    while heap and -heap[0][0] > floor() and not budget.exhausted():
        parent, _, counts = heapq.heappop(heap)
        status, bound, answer, work = _solve_class(cm, pool, counts, floor(), budget,
                                                   class_work, workers)
        reports.append(ClassReport(counts, status, bound, work))
        if report is not None:
            report(reports[-1])
        if answer is not None and answer.score.total > floor():
            best = answer
        if status not in (Status.INFEASIBLE, Status.OPTIMAL):
            bound = -parent if bound is None else min(-parent, bound)
            if bound > floor():
                split(counts, bound)
        if progress is not None and (found := open_bound()) is not None \
                and found < UNBOUNDED:
            progress(best.score.total if best else None, max(found, floor()),
                     time.monotonic() - start)
    left = [b for b in [-b for b, _, _ in heap] + kept if b > floor()]
    bound = max(left, default=None)
    if bound is not None and bound >= UNBOUNDED:
        bound = None  # a class of the first split never solved: no bound known
        status = Status.FEASIBLE if best else Status.UNKNOWN
        return ClassOutcome(status, best, bound, reports)
    if best is None:
        if floor_score is not None and not left:
            bound = floor_score  # nothing beats the score handed in
        return ClassOutcome(Status.UNKNOWN if left or floor_score is not None
                            else Status.INFEASIBLE, None, bound, reports)
    bound = max(best.score.total, bound or 0)
    status = Status.OPTIMAL if bound == best.score.total else Status.FEASIBLE
    return ClassOutcome(status, best, bound, reports)


def most_of_type(pool: Pool, t: str) -> int:
    """The most buildings of type ``t`` a city of the pool holds: its fixed tiles', the
    singles it takes (at most the pool's of that type) and both halves of the duplexes it
    takes (at most the pool's halves of that type).

    >>> from solver.twocities.cpsat.box.solve import box_pool
    >>> most_of_type(box_pool(mat="lake"), "civic"), most_of_type(box_pool(mat="lake"), "shop")
    (16, 20)
    """
    singles, duplexes = pool.to_choose()
    fixed = sum(b.type == t for p in pool.fixed for b in p.buildings)
    own = sum(b.type == t for b in pool.singles)
    halves = sum((d.first.type == t) + (d.second.type == t) for d in pool.duplexes)
    return fixed + min(own, singles) + min(halves, 2 * duplexes)


#: The bound a class carries before any solve has bounded it or its parent.
UNBOUNDED = 1 << 30


#: The work of a class's first solve, asked only for a city above the floor: presolve alone
#: refutes some classes that way (``civic == 0`` around the lake in 0.21 units), but a
#: class it does not refute at once is bounded far better by maximising without the floor
#: (``civic == 14``, 15 units: bound 152 with the floor, 102 without; benchmarks).
FLOOR_WORK = 1.0


def _solve_class(cm: CityModel, pool: Pool, counts: Counts, floor: int, budget: Budget,
                 class_work: float, workers: int
                 ) -> tuple[Status, int | None, Answer | None, float]:
    """A city of the class ``counts`` scoring more than ``floor`` (status, proven bound or
    None, the city legal play can build or None, work): first asked with the floor as a
    constraint within ``FLOOR_WORK`` units, then maximised without it for the rest of
    ``class_work``, stopped once its bound is at most the floor."""
    model = cm.model.clone()
    grid = cm.grids[0]
    for t, k in counts:
        model.Add(grid.count_type(t) == k)
    total = cm.total(0)
    model.Maximize(total)
    above = model.clone()
    above.Add(total >= floor + 1)
    first = min(FLOOR_WORK, class_work)
    status, bound, answer, used = _maximise(cm, pool, above, floor, budget, first, workers)
    if status == Status.INFEASIBLE or answer is not None or used >= class_work:
        return status, bound, answer, used
    status, again, answer, more = _maximise(cm, pool, model, floor, budget,
                                            class_work - used, workers)
    if again is not None:
        bound = again if bound is None else min(bound, again)
    if status == Status.OPTIMAL and answer is None:
        status = Status.INFEASIBLE  # its optimum is at most the floor
    return status, bound, answer, used + more


def _maximise(cm: CityModel, pool: Pool, model: cp_model.CpModel, floor: int, budget: Budget,
              work: float, workers: int) -> tuple[Status, int | None, Answer | None, float]:
    """``model`` maximised within ``work`` units (and ``budget``), stopped once its bound is
    at most ``floor``: (status, bound or None, a city above the floor legal play can build
    or None, work).  A city above the floor that legal play cannot build is forbidden and
    the model solved again; the bound is the least of the solves' bounds (forbidding a
    layout only removes cities).  Presolve's probing is off: on the box it took several
    seconds of every solve before any search."""
    grid = cm.grids[0]
    used = 0.0
    bound: int | None = None
    while True:
        left = budget.work_left()
        limit = work - used if left is None else min(work - used, left)
        seconds = budget.seconds_left()
        if limit <= 0 or (seconds is not None and seconds <= 0):
            return Status.UNKNOWN, bound, None, used
        solver = cp_model.CpSolver()
        configure(solver.parameters, seconds, workers, limit)
        solver.parameters.cp_model_probing_level = 0
        below: list[float] = []  # a bound at or below the floor, once the search has one

        def at_floor(b: float, solver: cp_model.CpSolver = solver,
                     below: list[float] = below) -> None:
            if whole(b) <= floor:
                below.append(b)
                solver.StopSearch()

        solver.best_bound_callback = at_floor
        code = solver.Solve(model)
        used += solver.deterministic_time
        budget.spend(solver.deterministic_time)
        if code == cp_model.INFEASIBLE:
            return Status.INFEASIBLE, None, None, used
        if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.UNKNOWN):
            raise ModelMismatch(f"CP-SAT rejected the model: {solver.StatusName(code)}")
        found = whole(solver.BestObjectiveBound())
        if code == cp_model.UNKNOWN:
            # a solve stopped before its first bound reports 0: an unfinished solve's bound
            # is trusted above the floor, or as the bound that stopped it at the floor
            if below:
                found = whole(min(below))
            if below or found > floor + 1:
                bound = found if bound is None else min(bound, found)
            return Status.UNKNOWN, bound, None, used
        bound = found if bound is None else min(bound, found)
        status = Status.OPTIMAL if code == cp_model.OPTIMAL else Status.FEASIBLE
        if solver.ObjectiveValue() <= floor:
            return status, bound, None, used  # its city beats nothing known
        city, placed = read_city(solver, grid, pool)
        if order_problems(city, pool, placed):
            forbid_assignment(model, solver, grid)
            continue
        answer = Answer(city, placed, rescore(solver, cm, 0, city, pool, status))
        return status, bound, answer, used


def civic_slope(points: Mapping[str, int]) -> tuple[int, int]:
    """The civic capacity's terms from a ruleset's civic points, doubled to whole numbers:
    (2 x what a civic tile scores with no liked type next to it, 2 x the most each liked
    type next to it adds), so that twice a tile's points are at most the first plus the
    second times the liked types next to it (0, 1 or 2).

    >>> civic_slope({"none": 1, "one_liked": 3, "both_liked": 6, "disliked": 1})
    (2, 5)
    """
    base = max(points["none"], points["disliked"])
    return 2 * base, max(0, 2 * (points["one_liked"] - base), points["both_liked"] - base)


def civic_capacity_holds(civic_points: int, civics: int, neighbours_of_others: int,
                         points: Mapping[str, int]) -> bool:
    """The civic capacity (``add_civic_capacity``) in whole numbers, for the ruleset's civic
    ``points``: with the standard 1/3/6, twice the civic tiles' points are at most twice
    their number plus five times the neighbour cells of the city's other buildings (each
    cell counted once per building next to it).

    >>> standard = {"none": 1, "one_liked": 3, "both_liked": 6, "disliked": 1}
    >>> civic_capacity_holds(6, 1, 2, standard), civic_capacity_holds(12, 2, 2, standard)
    (True, False)
    """
    base, slope = civic_slope(points)
    return 2 * civic_points <= base * civics + slope * neighbours_of_others


def add_civic_capacity(cm: CityModel) -> None:
    """A cut the model implies but its linear relaxation does not see: civic tiles share
    their liked neighbours.

    A civic tile scores 1, plus 2 for each liked type next to it, plus 1 more when both are
    (the standard 1/3/6, 1 next to the disliked type; ``civic_slope`` for the ruleset's
    own), so at most 1 + 2.5 a liked type next to it.  Each liked type next to a civic tile
    is a building of another type on a cell next to it, and a building on cell n is next
    to at most deg(n) civic tiles (``neighbour_cells``).  So the civic points are at most
    the civic tiles plus 2.5 times the sum of deg(n) over the cells holding another type.
    The relaxation of the model's conjunctions lets every cell be part civic and part its
    neighbours' liked types at once; a civic-heavy class's bound drops by half with it."""
    grid = cm.grids[0]
    civic = cm.points[0][CIVIC]
    if isinstance(civic, int):
        return
    base, slope = civic_slope(grid.rules.civic_points)
    degree = neighbour_cells(grid)
    capacity = [degree[cell] * lit for cell in grid.cells for t in BUILDING_TYPES
                if t != CIVIC and (lit := grid.is_type(cell, t)) is not None]
    cm.model.Add(2 * civic <= base * grid.count_type(CIVIC) + slope * sum(capacity))


def neighbour_cells(grid: CityGrid) -> dict[Coord, int]:
    """The most cells next to each cell in any position of the mat: the cells sharing an
    edge with it that are not landscape there, and the bridges there (a cell that is
    landscape in every position: 0).

    >>> from solver.twocities.game.pool import pool_from_json
    >>> pool = pool_from_json({"variant": "beginner", "tiles": ["P"] * 12 + ["P|P", "P/P"]})
    >>> cm = build_model(pool)
    >>> [neighbour_cells(cm.grids[0])[(0, c)] for c in range(4)]
    [2, 3, 3, 2]
    """
    most = dict.fromkeys(grid.cells, 0)
    for offset in grid.offsets:
        count = dict.fromkeys(grid.cells, 0)
        bridges = [(a, b) for a, b in offset.bridges
                   if a not in offset.landscape and b not in offset.landscape]
        for a, b in [*((a, b) for a, b, _ in grid.plain_edges(offset.landscape)), *bridges]:
            count[a] += 1
            count[b] += 1
        for cell in grid.cells:
            if cell not in offset.landscape:
                most[cell] = max(most[cell], count[cell])
    return most
