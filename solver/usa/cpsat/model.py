"""The whole model of a pool's best city: ``build_model``.

The layout (``layout``), feature tiles and buildings (``pieces``), and every scoring category
(``categories``), maximising the total. Proven caps (``caps``) may bound the categories: each
category never scores more than its cap, and the total never more than their sum (implied
constraints, which tighten the relaxation's bound).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solver.usa.cpsat.categories import CATEGORY_MODELS
from solver.usa.cpsat.layout import CityModel, new_city_model
from solver.usa.cpsat.pieces import building_stacks, feature_tiles
from solver.usa.game.pool import Pool

Layout = tuple[tuple[Any, bool], ...]


def build_model(pool: Pool, excluded: Sequence[Layout] = (),
                categories: Sequence[str] | None = None,
                caps: Mapping[str, int] | None = None) -> CityModel:
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
    total = sum(cm.categories.values())
    if caps:
        for name, cap in caps.items():
            if name in cm.categories and not isinstance(cm.categories[name], int):
                cm.m.Add(cm.categories[name] <= cap)
        if set(caps) >= set(cm.categories):
            cm.m.Add(total <= sum(caps[name] for name in cm.categories))
    cm.m.Maximize(total)
    return cm


def cm_lit(cm: CityModel, key: Any) -> Any:
    return cm.placed[key[1:]] if key[0] == "placed" else cm.bridge[key[1:]]
