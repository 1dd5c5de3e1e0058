"""cities: exact scoring, optimal cities and rules for Between Two Cities.

>>> import solver
>>> city = solver.City.from_notation("F S S / P P ~ / H O Tm")
>>> solver.score_city(city).total
25

The names are loaded when first asked for, so that code of one game (Cities USA's, say) that
imports from ``solver`` does not load the other game's modules.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solver.common.errors import CitiesError
    from solver.twocities.game.city import City, Context, District
    from solver.twocities.game.cityfile import load_city, save_city
    from solver.twocities.game.components import Components, Mat, load_components
    from solver.twocities.game.rulesets import Ruleset, load_ruleset
    from solver.twocities.game.tiles import LANDSCAPE, Building, Civic, Duplex, parse_tile
    from solver.twocities.scoring.categories import Score, score_city

#: Each name of the Python API and the module that owns it.
_OWNERS = {
    "CitiesError": "solver.common.errors",
    **dict.fromkeys(("City", "Context", "District"), "solver.twocities.game.city"),
    **dict.fromkeys(("load_city", "save_city"), "solver.twocities.game.cityfile"),
    **dict.fromkeys(("Components", "Mat", "load_components"), "solver.twocities.game.components"),
    **dict.fromkeys(("Ruleset", "load_ruleset"), "solver.twocities.game.rulesets"),
    **dict.fromkeys(("LANDSCAPE", "Building", "Civic", "Duplex", "parse_tile"),
                    "solver.twocities.game.tiles"),
    **dict.fromkeys(("Score", "score_city"), "solver.twocities.scoring.categories"),
}

__all__ = [
    "LANDSCAPE", "Building", "CitiesError", "City", "Civic", "Components", "Context", "District",
    "Duplex", "Mat", "Ruleset", "Score", "load_city", "load_components", "load_ruleset",
    "parse_tile", "save_city", "score_city",
]


def __getattr__(name: str) -> Any:
    if name not in _OWNERS:
        raise AttributeError(f"module 'solver' has no attribute {name!r}")
    value = getattr(importlib.import_module(_OWNERS[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_OWNERS})
