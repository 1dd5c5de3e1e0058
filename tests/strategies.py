"""Hypothesis strategies for random cities (shared by the property tests)."""

from __future__ import annotations

from hypothesis import strategies as st

from solver import City
from solver.twocities.game.components import load_components

CIVIC_IDS = sorted(load_components().civics)
BUILDING_TOKENS = ["F", "S", "P", "O", "H", "Tf", "Td", "Tm", "Tb"]


@st.composite
def tokens(draw: st.DrawFn, shop_weight: int = 1) -> str:
    kind = draw(st.integers(0, 9 + shop_weight))
    if kind <= 5:
        return draw(st.sampled_from(BUILDING_TOKENS))
    if kind == 6:
        return draw(st.sampled_from(["~", "."]))
    if kind == 7:
        return "C:" + draw(st.sampled_from(CIVIC_IDS))
    if kind == 8:
        letters = draw(st.permutations("FSTPOH"))
        return f"C+{letters[0]}{letters[1]}-{letters[2]}"
    return "S"


@st.composite
def cities(draw: st.DrawFn, min_size: int = 2, max_size: int = 5, shop_weight: int = 1,
           bridges: bool = True) -> City:
    """A random (possibly unfinished) square city, sometimes with bridges."""
    n = draw(st.integers(min_size, max_size))
    rows = [[draw(tokens(shop_weight)) for _ in range(n)] for _ in range(n)]
    text = " / ".join(" ".join(r) for r in rows)
    built = [(r, c) for r in range(n) for c in range(n) if rows[r][c] != "~"]
    ends: list[str] = []
    if bridges and len(built) >= 2:
        for _ in range(draw(st.integers(0, 2))):
            a, b = draw(st.permutations(built))[:2]
            ends.append(f"{a[0]},{a[1]}-{b[0]},{b[1]}")
    if ends:
        text += " ; bridges " + " ".join(ends)
    return City.from_notation(text)


def transpose(city: City) -> City:
    grid = tuple(tuple(city.grid[c][r] for c in range(city.size)) for r in range(city.size))
    bridges = tuple(((a[1], a[0]), (b[1], b[0])) for a, b in city.bridges)
    return City(grid, bridges, city.context, city.edition)


def mirror(city: City) -> City:
    n = city.size
    grid = tuple(tuple(reversed(row)) for row in city.grid)
    bridges = tuple(((a[0], n - 1 - a[1]), (b[0], n - 1 - b[1])) for a, b in city.bridges)
    return City(grid, bridges, city.context, city.edition)
