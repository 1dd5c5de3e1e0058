"""Cities ranked against each other: factories and districts compare a city with its rivals.

The one place that turns "these other cities" into a city's context.  A table
(``scoring.table``), a pair of cities from one pool (``cpsat.city.solve``) and the daily puzzles'
pairs all rank through ``with_rivals``.

>>> from solver.twocities.game.city import City
>>> a, b = against_each_other([City.from_notation("F F / S S"), City.from_notation("F P / P P")])
>>> a.context.rival_factories, b.context.rival_factories
((1,), (2,))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from solver.twocities.game.city import City, Context
from solver.twocities.game.vocab import FACTORY
from solver.twocities.scoring.categories import district_size, score_city


def with_rivals(context: Context, others: Sequence[City]) -> Context:
    """``context`` with ``others`` added, in order, to the rivals of factories and districts."""
    factories = (*context.rival_factories, *(len(c.of_type(FACTORY)) for c in others))
    districts = tuple(replace(d, rivals=(*d.rivals, *(district_size(c, d.types) for c in others)))
                      for d in context.districts)
    return Context(factories, districts)


def against_each_other(cities: Sequence[City]) -> list[City]:
    """Every city with all the others (in order) as further rivals."""
    return [city.with_context(with_rivals(city.context, [*cities[:i], *cities[i + 1:]]))
            for i, city in enumerate(cities)]


def pair_scores(a: City, b: City) -> tuple[int, int]:
    """The two cities' totals, scored against each other and their rivals.  Each city's total
    is remembered: a search's move changes one city, and the other's score only when the move
    changes what it ranks against."""
    ra, rb = against_each_other([a, b])
    return _total(ra), _total(rb)


@lru_cache(maxsize=1 << 14)
def _total(city: City) -> int:
    return score_city(city).total
