"""The best city a pool can build, proven: ``solve_pool``.

The model (``layout``, ``pieces``, ``groups``, ``requirements``, ``categories``) maximises the
score. Every answer is then

- re-scored by the scorer (``scoring.categories.score_city``): category by category the model
  must agree, or the solve raises ``ModelMismatch``;
- read back as a city file (``cityfile``), so ``cities usa score`` accepts it unchanged;
- played: ``rules.order.play_order`` finds an order of play the rules allow. A layout no order
  can build is excluded and the search goes on, so ``optimal`` stays a proof.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ortools.sat.python import cp_model

from solver.common.errors import ModelMismatch
from solver.common.status import Progress, Status
from solver.usa.cpsat.categories import CATEGORY_MODELS
from solver.usa.cpsat.layout import CityModel, new_city_model
from solver.usa.cpsat.pieces import building_stacks, feature_tiles
from solver.usa.cpsat.race import light, race
from solver.usa.game.city import Building, City, PlacedTile
from solver.usa.game.cityfile import city_from_json, city_to_json
from solver.usa.game.pool import Pool
from solver.usa.rules.order import play_order
from solver.usa.scoring.categories import Score, score_city
from solver.usa.scoring.requirements import achievement_met


@dataclass(frozen=True)
class SolveResult:
    """What a solve settled: status, score, proven bound, seconds, the city and its order."""

    status: Status
    score: int | None
    bound: int | None
    seconds: float
    city: City | None = None
    breakdown: Score | None = None
    order: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "score": self.score, "bound": self.bound,
                "seconds": round(self.seconds, 3),
                "city": city_to_json(self.city) if self.city is not None else None,
                "order": list(self.order)}


Layout = tuple[tuple[Any, bool], ...]


def build_model(pool: Pool, excluded: Sequence[Layout] = (),
                categories: Sequence[str] | None = None) -> CityModel:
    """The whole model: layout, feature tiles, buildings, and every scoring category (or only
    ``categories``: the others are not modelled and score nothing, which shows where a
    search spends its time; such a model's answers are not the scorer's cities' scores)."""
    cm = new_city_model(pool)
    feature_tiles(cm)
    building_stacks(cm)
    for name, make in CATEGORY_MODELS.items():
        if categories is None or name in categories:
            make(cm)
    for layout in excluded:
        cm.m.AddBoolOr([cm_lit(cm, key).Not() if on else cm_lit(cm, key)
                        for key, on in layout])
    cm.m.Maximize(sum(cm.categories.values()))
    return cm


def cm_lit(cm: CityModel, key: Any) -> Any:
    return cm.placed[key[1:]] if key[0] == "placed" else cm.bridge[key[1:]]


def _layout(cm: CityModel, solver: cp_model.CpSolver) -> Layout:
    """The tiles, rotations and bridges of an answer, to exclude it."""
    return tuple([(("placed", *k), True) for k, v in cm.placed.items() if solver.Value(v)]
                 + [(("bridge", *k), bool(solver.Value(v))) for k, v in cm.bridge.items()])


def read_city(cm: CityModel, solver: cp_model.CpSolver) -> City:
    """The city an answer builds, as a city file reads it back (checked like any city file)."""
    pool, comps = cm.pool, cm.pool.components
    tall = comps.rules["max_height"]
    tiles = {p: PlacedTile(comps.tile(t), r) for (t, p, r), v in cm.placed.items()
             if solver.Value(v)}
    bridges = frozenset(k for k, v in cm.bridge.items() if solver.Value(v))
    claimed = cm.cache.get("claimed", {})
    city = City(pool.size, tiles, bridges,
                buildings={s: Building(c, min(h, tall), h > tall)
                           for (s, c, h), v in cm.building.items() if solver.Value(v)},
                features={s: f for (s, f), v in cm.feature.items() if solver.Value(v)},
                cards=pool.cards,
                achievements=tuple((a, p) for a, p in pool.achievements
                                   if solver.Value(claimed[a])),
                bridges_left=pool.bridges - len(bridges), components=comps)
    return city_from_json(city_to_json(city), comps)


def _value(solver: cp_model.CpSolver, expr: Any) -> int:
    return expr if isinstance(expr, int) else int(solver.Value(expr))


def _model_categories(cm: CityModel, solver: cp_model.CpSolver) -> dict[str, int]:
    return {name: _value(solver, expr) for name, expr in cm.categories.items()}


def exact_categories(city: City, pool: Pool) -> dict[str, int]:
    """The model's categories for a fixed city: every choice the city makes is fixed, and the
    model counts all it can (what a best answer counts)."""
    cm = build_model(pool)
    m = cm.m
    fixed = {**{("placed", *k): v for k, v in cm.placed.items()},
             **{("bridge", *k): v for k, v in cm.bridge.items()}}
    for key, lit in fixed.items():
        if key[0] == "placed":
            _, t, p, r = key
            on = p in city.tiles and city.tiles[p].tile.id == t and city.tiles[p].rotation == r
        else:
            on = (key[1], key[2]) in city.bridges
        m.Add(lit == int(on))
    for (s, f), lit in cm.feature.items():
        m.Add(lit == int(city.features.get(s) == f))
    tall = pool.components.rules["max_height"]
    for (s, c, h), lit in cm.building.items():
        b = city.buildings.get(s)
        m.Add(lit == int(b is not None and b.color == c and b.stories == h
                         and (h <= tall or b.top)))
    solver = cp_model.CpSolver()
    light(solver.parameters, 30.0, None)
    if solver.Solve(m) != cp_model.OPTIMAL:
        raise ModelMismatch("the model cannot rebuild its own answer")
    return _model_categories(cm, solver)


def claim_met(city: City, pool: Pool) -> City:
    """The city claiming every achievement of the pool it meets: a search stopped before its
    optimum may leave one unclaimed, which ``exact_categories``, the model's best for the
    city, claims (the re-score would then disagree)."""
    met = tuple((a, p) for a, p in pool.achievements
                if achievement_met(city.components.achievements[a], city))
    return city.with_changes(achievements=met)


def rescore(city: City, model: dict[str, int]) -> Score:
    """The scorer's breakdown, which must agree with the model's category by category."""
    score = score_city(city)
    wrong = {k: (model[k], v) for k, v in score.categories.items() if model[k] != v}
    if wrong:
        raise ModelMismatch(f"model and scorer disagree (model, scorer): {wrong}")
    for aid, _ in city.achievements:
        if not achievement_met(city.components.achievements[aid], city):
            raise ModelMismatch(f"the model claims {aid}, which the city does not meet")
    return score


def solve_pool(pool: Pool, *, time_limit: float | None = 60.0, workers: int = 2,
               deterministic_time: float | None = None,
               progress: Progress | None = None, then_strong: bool = True,
               hold: Callable[[CityModel], None] | None = None,
               order_of: Callable[[City], list[dict[str, Any]] | None] | None = None
               ) -> SolveResult:
    """The best city the pool can build (``optimal``), or the best found and the bound
    (``then_strong``, the default: with one worker, the strong search after the light one,
    which proves more 3x3 pools within a deterministic budget; see ``race``).

    A city in progress (``finish``): ``hold`` adds its fixed choices to each model, and
    ``order_of`` finds an answer's order of play from it (default: from nothing)."""
    began = time.monotonic()
    excluded: list[Layout] = []
    bound: int | None = None
    while True:
        cm = build_model(pool, excluded)
        if hold is not None:
            hold(cm)
        left = None if time_limit is None else time_limit - (time.monotonic() - began)
        outcome = race(cm.m, left, workers, deterministic_time, progress, began,
                       then_strong=then_strong)
        status, solver = outcome.status, outcome.solver
        # Only layouts no order of play builds were excluded: this bound holds for every
        # legal city.
        bound = outcome.bound
        if solver is None:
            return SolveResult(status, None, bound, time.monotonic() - began)
        city = read_city(cm, solver)
        order = (order_of(city) if order_of is not None else
                 play_order(city, pool.bridges))
        if order is None:
            excluded.append(_layout(cm, solver))
            if time_limit is not None and time.monotonic() - began >= time_limit:
                return SolveResult(Status.UNKNOWN, None, bound, time.monotonic() - began)
            continue
        if status != Status.OPTIMAL:
            city = claim_met(city, pool)
        model = (_model_categories(cm, solver) if status == Status.OPTIMAL
                 else exact_categories(city, pool))
        score = rescore(city, model)
        seconds = time.monotonic() - began
        return SolveResult(status, score.total, score.total if status == Status.OPTIMAL
                              else max(bound, score.total), seconds, city, score, tuple(order))
