"""cities: exact scoring, optimal cities and rules for Between Two Cities.

>>> import solver
>>> city = solver.City.from_notation("F S S / P P ~ / H O Tm")
>>> solver.score_city(city).total
25
"""

from solver.common.errors import CitiesError
from solver.twocities.game.city import City, Context, District
from solver.twocities.game.cityfile import load_city, save_city
from solver.twocities.game.components import Components, Mat, load_components
from solver.twocities.game.rulesets import Ruleset, load_ruleset
from solver.twocities.game.tiles import LANDSCAPE, Building, Civic, Duplex, parse_tile
from solver.twocities.scoring.categories import Score, score_city

__all__ = [
    "LANDSCAPE", "Building", "CitiesError", "City", "Civic", "Components", "Context", "District",
    "Duplex", "Mat", "Ruleset", "Score", "load_city", "load_components", "load_ruleset",
    "parse_tile", "save_city", "score_city",
]
