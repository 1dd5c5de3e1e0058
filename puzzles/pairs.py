"""Two cities from one pool: each is ranked against the other as well as the rivals.

>>> from solver.twocities.game.city import City
>>> a, b = against_each_other(City.from_notation("F F / S S"), City.from_notation("F P / P P"))
>>> a.context.rival_factories, b.context.rival_factories
((1,), (2,))
"""

from __future__ import annotations

from dataclasses import replace

from solver.twocities.game.city import City, Context
from solver.twocities.game.vocab import FACTORY
from solver.twocities.scoring.categories import district_size, score_city


def _with_rival(context: Context, other: City) -> Context:
    factories = (*context.rival_factories, len(other.of_type(FACTORY)))
    districts = tuple(replace(d, rivals=(*d.rivals, district_size(other, d.types)))
                      for d in context.districts)
    return Context(factories, districts)


def against_each_other(a: City, b: City) -> tuple[City, City]:
    """Both cities, each with the other added to its context's rivals."""
    return a.with_context(_with_rival(a.context, b)), b.with_context(_with_rival(b.context, a))


def pair_scores(a: City, b: City) -> tuple[int, int]:
    """The two cities' totals, scored against each other and the rivals."""
    ra, rb = against_each_other(a, b)
    return score_city(ra).total, score_city(rb).total
