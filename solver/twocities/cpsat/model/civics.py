"""Civic tiles: 1 next to the disliked type, else 6/3/1 for both/one/no liked types
(``score_civics`` / ``civic_value``).

Every term is an exact conjunction of "the tile is on c" with which types are next to c
(``CityGrid.next_to``), so the sum is exactly the scorer's value.  Its parts: each civic
token's points (``solver.twocities.cpsat.model.values.civic_rows``).
"""

from __future__ import annotations

from solver.twocities.cpsat.model.grid import CityGrid
from solver.twocities.cpsat.model.scored import Scored
from solver.twocities.game.vocab import CIVIC


def score_civics(grid: CityGrid) -> Scored:
    """Linear in exact conjunctions: with ``calm`` = here and no disliked neighbour,
    value = disliked * here + (none - disliked) * calm + (one - none) * (liked1 + liked2)
    + (both - 2 * one + none) * both_liked, each term a conjunction with ``calm``."""
    pts = grid.rules.civic_points
    per_token = []
    for token in grid.tokens_of_type(CIVIC):
        civic = grid.building_of[token].civic
        assert civic is not None
        points: list = []
        for c in grid.cells:
            here = grid.has(c, [token])
            if here is None:
                continue
            points.append(pts["disliked"] * here)
            dis = grid.next_to(c, civic.dislikes)
            calm = here if dis is None else grid.bool_and([here, dis.Not()], f"calm_{token}_{c}")
            points.append((pts["none"] - pts["disliked"]) * calm)
            liked = [lit for t in sorted(civic.likes) if (lit := grid.next_to(c, t)) is not None]
            one = [grid.bool_and([calm, lit], f"liked_{token}_{c}_{i}")
                   for i, lit in enumerate(liked)]
            points.append((pts["one_liked"] - pts["none"]) * sum(one))
            if len(one) == 2:
                both = grid.bool_and(one, f"both_liked_{token}_{c}")
                points.append((pts["both_liked"] - 2 * pts["one_liked"] + pts["none"]) * both)
        per_token.append(sum(points))
    return Scored(sum(per_token), tuple(per_token))
