"""Pool files: what a player has to build a Cities USA city from (``cities usa solve``).

```json
{"game": "cities-usa", "size": [3, 3], "start": "start-1", "tiles": ["city-01", ...],
 "bridges": 3, "features": ["yacht-2", ...],
 "pieces": {"black": 4, "blue": 2, "white": 0, "yellow": 1}, "tops": ["blue"],
 "cards": ["nature-trails"], "achievements": [{"achievement": "green-lake", "points": 5}]}
```

The city fills its size: the starting tile and ``rows x cols - 1`` of the tiles (more tiles
than places: the solver also chooses). Features, pieces, tops and bridges are at most what the
city uses; every card scores; an achievement scores its ring value when the city meets it.
Extra keys are allowed.

>>> pool = load_pool("examples/usa/pool-small.json")
>>> pool.size, pool.start, len(pool.tiles), pool.bridges
((2, 2), 'start-1', 3, 3)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solver.common.errors import CitiesError
from solver.common.fields import CITIES_USA, game_field, int_field, load_file, str_list
from solver.usa.game.cityfile import city_size
from solver.usa.game.components import Components, load_components
from solver.usa.game.vocab import COLORS


@dataclass(frozen=True)
class Pool:
    """A checked pool: tile ids (the starting tile apart), and what else the city may use."""

    size: tuple[int, int]
    start: str
    tiles: tuple[str, ...]
    bridges: int
    features: tuple[str, ...] = ()
    pieces: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COLORS, 0))
    tops: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    achievements: tuple[tuple[str, int], ...] = ()
    components: Components = field(default_factory=load_components, compare=False, repr=False)

    @property
    def places(self) -> int:
        return self.size[0] * self.size[1]

    def to_json(self) -> dict[str, Any]:
        return {"game": "cities-usa", "size": list(self.size), "start": self.start,
                "tiles": list(self.tiles), "bridges": self.bridges,
                "features": list(self.features), "pieces": dict(self.pieces),
                "tops": list(self.tops), "cards": list(self.cards),
                "achievements": [{"achievement": a, "points": p} for a, p in self.achievements]}


def _within_box(ids: list[str], key: str, copies: dict[str, int], what: str) -> None:
    for i, x in enumerate(ids):
        if x not in copies:
            raise CitiesError(f"unknown {what} {x!r}", field=f"{key}[{i}]")
    for x, n in Counter(ids).items():
        if n > copies[x]:
            raise CitiesError(f"{n} x {x}: the box has {copies[x]}", field=key)


def pool_from_json(data: Any, comps: Components | None = None) -> Pool:
    """Build and check a pool from parsed JSON (no file name: the caller adds it)."""
    comps = comps or load_components()
    if not isinstance(data, dict):
        raise CitiesError("expected a JSON object (a Cities USA pool file)")
    game_field(data, CITIES_USA)
    size = city_size(data.get("size", [3, 3]))
    start = data.get("start")
    if not isinstance(start, str) or start not in comps.starting_tiles:
        raise CitiesError(f"expected a starting tile id ({', '.join(comps.starting_tiles)})",
                          field="start")
    tiles = str_list(data.get("tiles", []), "tiles")
    for i, t in enumerate(tiles):
        if t not in comps.city_tiles:
            raise CitiesError(f"unknown city tile {t!r}", field=f"tiles[{i}]")
    if len(set(tiles)) != len(tiles):
        raise CitiesError("a tile is listed twice", field="tiles")
    places = size[0] * size[1]
    if len(tiles) + 1 < places:
        raise CitiesError(f"{len(tiles)} tiles and the starting tile cannot fill a "
                          f"{size[0]}x{size[1]} city", field="tiles")
    bridges = int_field(data.get("bridges", comps.rules["bridges_per_player"]), "bridges",
                        0, comps.rules["bridges_per_player"])
    features = str_list(data.get("features", []), "features")
    _within_box(features, "features", {f.id: f.copies for f in comps.features.values()},
                "feature")
    pieces_in = data.get("pieces", {})
    if not isinstance(pieces_in, dict):
        raise CitiesError(f"expected {{colour: count}} for {', '.join(COLORS)}", field="pieces")
    for c in pieces_in:
        if c not in COLORS:
            raise CitiesError(f"unknown colour {c!r} (expected {', '.join(COLORS)})",
                              field="pieces")
    pieces = {c: int_field(pieces_in.get(c, 0), f"pieces.{c}", 0, comps.pieces[c]) for c in COLORS}
    tops = str_list(data.get("tops", []), "tops")
    _within_box(tops, "tops", comps.tops, "colour")
    cards = str_list(data.get("cards", []), "cards")
    _within_box(cards, "cards", {c.id: c.copies for c in comps.cards.values()}, "scoring card")
    achievements = _achievements(data.get("achievements", []), comps)
    return Pool((size[0], size[1]), start, tuple(tiles), bridges, tuple(features), pieces,
                tuple(tops), tuple(cards), achievements, comps)


def _achievements(value: Any, comps: Components) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, list):
        raise CitiesError("expected a list", field="achievements")
    out: list[tuple[str, int]] = []
    for i, a in enumerate(value):
        f = f"achievements[{i}]"
        if not isinstance(a, dict):
            raise CitiesError("expected {\"achievement\": id, \"points\": n}", field=f)
        try:
            ach = comps.achievement(a.get("achievement"))  # type: ignore[arg-type]
        except CitiesError as err:
            raise err.located(field=f"{f}.achievement") from None
        if any(aid == ach.id for aid, _ in out):
            raise CitiesError(f"{ach.id} is listed twice", field=f)
        out.append((ach.id, ach.ring_value(a.get("points"), f"{f}.points")))
    return tuple(out)


def load_pool(path: str | Path, comps: Components | None = None) -> Pool:
    """Load a pool file (``-`` for stdin); every error names the file and the field."""
    return load_file(path, "pool file", lambda data: pool_from_json(data, comps))
