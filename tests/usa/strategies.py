"""Random Cities USA cities for property tests (built directly, every piece where it may go)."""

from __future__ import annotations

from hypothesis import strategies as st

from solver.usa.game.city import Building, City, PlacedTile
from solver.usa.game.components import load_components
from solver.usa.game.tiles import Tile
from solver.usa.game.vocab import ARMS, COLORS, ROTATIONS, SPACE_KINDS

COMPS = load_components()
WATER_FEATURES = [f for f, x in COMPS.features.items() if x.placed_on == "water"]
PARK_FEATURES = [f for f, x in COMPS.features.items() if x.placed_on == "park"]
KINDS = st.sampled_from([*SPACE_KINDS, "water", "park", "water", "park"])


@st.composite
def tiles(draw: st.DrawFn) -> Tile:
    spaces = tuple(draw(KINDS) for _ in range(4))
    streets = frozenset(a for a in ARMS if draw(st.booleans()))
    return Tile("", "inline tile", spaces, streets, source="inline")  # type: ignore[arg-type]


@st.composite
def cities(draw: st.DrawFn, max_rows: int = 3, max_cols: int = 3, holes: bool = True) -> City:
    """A random city; with ``holes`` some places may be empty (a city in progress)."""
    rows = draw(st.integers(1, max_rows))
    cols = draw(st.integers(1, max_cols))
    places = [(r, c) for r in range(rows) for c in range(cols)]
    keep = [p for p in places if not holes or draw(st.integers(0, 3))] or places[:1]
    placed = {p: PlacedTile(draw(tiles()), draw(st.sampled_from(ROTATIONS))) for p in keep}
    city = City((rows, cols), placed, components=COMPS)
    bridges = set()
    for p in sorted(placed):
        for arm in ARMS:
            if arm not in city.laid(p).streets and len(bridges) < 3 and draw(
                    st.integers(0, 5)) == 0:
                bridges.add((p, arm))
    city = city.with_changes(bridges=frozenset(bridges))
    features: dict = {}
    buildings: dict = {}
    for s in city.spaces():
        kind = city.printed_kind(s)
        roll = draw(st.integers(0, 3))
        if kind == "water" and roll:
            features[s] = draw(st.sampled_from(WATER_FEATURES))
        elif kind == "park" and roll:
            features[s] = draw(st.sampled_from(PARK_FEATURES))
        elif kind not in ("water", "park") and roll == 1:
            features[s] = draw(st.sampled_from(["wild", "food-truck"]))
        if kind in COLORS and roll >= 2 or features.get(s) == "wild" and roll:
            color = kind if kind in COLORS else draw(st.sampled_from(COLORS))
            height = draw(st.integers(1, 4))
            buildings[s] = Building(color, height, height == 4 and draw(st.booleans()))
    cards = tuple(draw(st.lists(st.sampled_from(sorted(COMPS.cards)), max_size=6)))
    return city.with_changes(features=features, buildings=buildings, cards=cards)
