"""Racing a check (``cpsat.descent``): a thread with no split left runs a copy of the oldest
running check with a seed of its own; the first copy to settle it counts, once.

Each test holds the descent's first check back until a copy of it has finished, so the race
happens whatever the machine's speed, and the answer must still be exhaustive search's.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator

import pytest

import solver.twocities.cpsat.descent as descent_module
from solver.common.sat import Budget
from solver.common.status import Status
from solver.twocities.cpsat.descent import descend
from solver.twocities.cpsat.values import city_values
from solver.twocities.game.city import Context, District
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import parse_tile
from tests.test_solver_bruteforce import brute_force_best, tiny_rules


@pytest.fixture
def raced(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, Status]]]:
    """The copies' (total, status), with a racing descent's first check held back until one
    copy of it has finished (at most 20 s)."""
    original = descent_module._Descent._check
    copies: list[tuple[int, Status]] = []
    held: list[object] = []
    finished = threading.Event()

    def check(self, task):  # noqa: ANN001, ANN202 - the descent's own method, wrapped
        if task.seed is None and not held and self.racing:
            held.append(task)
            finished.wait(timeout=20)
        status, answer = original(self, task)
        if task.seed is not None:
            copies.append((task.total, status))
            finished.set()
        return status, answer

    monkeypatch.setattr(descent_module._Descent, "_check", check)
    yield copies


def _district(*types: str) -> tuple[District, ...]:
    return (District(frozenset(types), (9, 3), (3,)),)


def test_a_raced_check_gives_exhaustive_searchs_optimum(
        raced: list[tuple[int, Status]]) -> None:
    pool = Pool(tiny_rules(3, 5), (), tuple(parse_tile(t) for t in
                                             ["S", "S", "P", "H", "O", "S|S", "P/H"]),
                Context((2,), _district("shop", "office")))
    outcome = descend(pool, city_values(pool).caps(), Budget.start(60, None), workers=2)
    best = brute_force_best(pool)
    assert (outcome.status, outcome.bound, outcome.best.score.total) == ("optimal", best, best)
    assert raced and raced[0][1] in (Status.INFEASIBLE, Status.OPTIMAL)


def test_a_raced_check_among_compositions_gives_exhaustive_searchs_optimum(
        raced: list[tuple[int, Status]]) -> None:
    tiles = tuple(parse_tile(t) for t in
                  ["S", "S", "S", "P", "P", "H", "F", "S|S", "P/H", "F|O"])
    pool = Pool(tiny_rules(3, 5), (), tiles, Context((2,), _district("shop", "office")))
    outcome = descend(pool, {}, Budget.start(60, None), workers=2)
    best = brute_force_best(pool)
    assert (outcome.status, outcome.bound, outcome.best.score.total) == ("optimal", best, best)
    assert raced and raced[0][1] in (Status.INFEASIBLE, Status.OPTIMAL)
    used = Counter(p.tile.token for p in outcome.best.placements)
    assert used <= Counter(t.token for t in tiles)


def test_one_worker_never_races(raced: list[tuple[int, Status]]) -> None:
    pool = Pool(tiny_rules(3, 5), (), tuple(parse_tile(t) for t in
                                             ["S", "S", "P", "H", "O", "S|S", "P/H"]),
                Context((2,), _district("shop", "office")))
    outcome = descend(pool, city_values(pool).caps(), Budget.start(60, None),
                                  workers=1)
    assert outcome.status == "optimal" and raced == []
