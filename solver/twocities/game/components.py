"""The box's contents, loaded from a JSON data file (``data/components.json`` by default).

What no public source shows (civic tiles, landscape mats, district cards) is this project's
reconstruction and carries ``source: "reconstructed"``; point ``load_components`` (or the CLI's
``--components``) at a file of the printed set to replace it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from solver.common.errors import BadField, CitiesError
from solver.common.fields import (
    int_field,
    list_field,
    load_file,
    object_field,
    str_field,
)
from solver.common.jsonio import source_name
from solver.twocities.game.tiles import (
    LANDSCAPE,
    Building,
    Cell,
    Civic,
    Duplex,
    check_civic_types,
    parse_cell,
    parse_tile,
)
from solver.twocities.game.vocab import BUILDING_TYPES, CIVIC, TAVERN, TAVERN_KINDS

DEFAULT_PATH = Path(__file__).parent.parent / "data" / "components.json"

Coord = tuple[int, int]
Bridge = tuple[Coord, Coord]


@dataclass(frozen=True)
class Mat:
    """A landscape mat: landscape spaces (``~``), open building spaces (``.``) and bridges.

    Coordinates are the mat's own: its top-left cell is (0, 0).

    >>> mat = load_components().mat("river-bend")
    >>> mat.height, mat.width, len(mat.landscape), mat.label
    (3, 3, 5, 'River Bend (reconstructed)')
    """

    id: str
    name: str
    grid: tuple[tuple[Cell, ...], ...]
    bridges: tuple[Bridge, ...]
    source: str = "reconstructed"

    @property
    def height(self) -> int:
        return len(self.grid)

    @property
    def width(self) -> int:
        return len(self.grid[0]) if self.grid else 0

    @property
    def landscape(self) -> tuple[Coord, ...]:
        return tuple(
            (r, c) for r, row in enumerate(self.grid) for c, x in enumerate(row) if x is LANDSCAPE
        )

    @property
    def open_spaces(self) -> tuple[Coord, ...]:
        return tuple(
            (r, c) for r, row in enumerate(self.grid) for c, x in enumerate(row) if x is None
        )

    @property
    def label(self) -> str:
        return f"{self.name} ({self.source})" if self.source == "reconstructed" else self.name


@dataclass(frozen=True)
class Components:
    """Everything in the box: single-tile counts, duplexes, civics, mats, districts."""

    name: str
    singles: Counter[str]  # token -> count; tavern kinds as Tf/Td/Tm/Tb, civics as C:<id>
    duplexes: tuple[Duplex, ...]
    civics: dict[str, Civic]
    mats: dict[str, Mat]
    district_cards: tuple[str, ...]
    district_scoring_tiles: tuple[tuple[int, int], ...]
    forbidden_district_pairs: tuple[frozenset[str], ...]
    source: str = field(default=str(DEFAULT_PATH))

    def mat(self, mat_id: str) -> Mat:
        """The mat called ``mat_id``; a CitiesError names the known ones otherwise."""
        if mat_id not in self.mats:
            raise CitiesError(f"unknown mat {mat_id!r} (known: {', '.join(self.mats)})")
        return self.mats[mat_id]

    def single_pool(self, *, civics: bool = True) -> Counter[str]:
        """The box's single tiles as token counts (civics optional)."""
        return Counter({t: n for t, n in self.singles.items() if civics or not t.startswith("C")})


def parse_mat(data: Any, where: str = "mat") -> Mat:
    """A mat from its JSON object: ``{"id", "name", "grid": [rows], "bridges": [...]}``."""
    if not isinstance(data, dict):
        raise CitiesError("expected an object with grid and bridges", field=where)
    grid_rows = list_field(data.get("grid"), f"{where}.grid")
    rows: list[tuple[Cell, ...]] = []
    for r, text in enumerate(grid_rows):
        if not isinstance(text, str):
            raise CitiesError("expected a string of tokens", field=f"{where}.grid row {r}")
        cells = []
        for c, tok in enumerate(text.split()):
            if tok not in ("~", "."):
                raise CitiesError(
                    f"a mat holds only ~ (landscape) and . (open space), not {tok!r}",
                    field=f"{where}.grid row {r}, column {c}",
                )
            cells.append(parse_cell(tok))
        rows.append(tuple(cells))
    if not rows or any(len(row) != len(rows[0]) for row in rows) or not rows[0]:
        raise CitiesError("rows must all have the same number of tokens", field=f"{where}.grid")
    h, w = len(rows), len(rows[0])
    bridges = parse_bridges(data.get("bridges", []), h, w, f"{where}.bridges")
    for i, (a, b) in enumerate(bridges):
        for end in (a, b):
            if rows[end[0]][end[1]] is LANDSCAPE:
                raise CitiesError(
                    f"cell {list(end)} is landscape; a bridge joins two building spaces",
                    field=f"{where}.bridges[{i}]",
                )
    check_bridge_lines(rows, bridges, f"{where}.bridges")
    return Mat(
        id=str(data.get("id", "custom")),
        name=str(data.get("name", data.get("id", "custom mat"))),
        grid=tuple(rows),
        bridges=bridges,
        source=str(data.get("source", "given")),
    )


def check_bridge_lines(grid: Any, bridges: tuple[Bridge, ...], where: str = "bridges") -> None:
    """A bridge crosses landscape in a straight line: its ends share a row or a column and
    every space between them is landscape (at least one).

    >>> check_bridge_lines([[".", "~", "."]], (((0, 0), (0, 2)),)) is None
    True
    """
    for i, (a, b) in enumerate(bridges):
        if a[0] != b[0] and a[1] != b[1]:
            raise CitiesError(f"{list(a)} and {list(b)} are not in one row or column; a bridge "
                              "crosses landscape in a straight line", field=f"{where}[{i}]")
        between = [(r, c) for r in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
                   for c in range(min(a[1], b[1]), max(a[1], b[1]) + 1) if (r, c) not in (a, b)]
        if not between or any(grid[r][c] not in (LANDSCAPE, "~") for r, c in between):
            raise CitiesError(f"the spaces between {list(a)} and {list(b)} are not all "
                              "landscape; a bridge crosses landscape", field=f"{where}[{i}]")


def parse_bridges(data: Any, height: int, width: int, where: str = "bridges") -> tuple[Bridge, ...]:
    """Validate ``[[[r, c], [r, c]], ...]`` against a height x width grid."""
    if not isinstance(data, list):
        raise CitiesError("expected a list of [[r, c], [r, c]] pairs", field=where)
    out: list[Bridge] = []
    for i, pair in enumerate(data):
        ok = isinstance(pair, list) and len(pair) == 2 and all(
            isinstance(p, list) and len(p) == 2 and all(type(v) is int for v in p) for p in pair
        )
        if not ok:
            raise CitiesError("expected [[r, c], [r, c]]", field=f"{where}[{i}]")
        ends = (tuple(pair[0]), tuple(pair[1]))
        for r, c in ends:
            if not (0 <= r < height and 0 <= c < width):
                raise CitiesError(
                    f"cell [{r}, {c}] is off the {height}x{width} grid", field=f"{where}[{i}]"
                )
        if ends[0] == ends[1]:
            raise CitiesError("a bridge joins two different cells", field=f"{where}[{i}]")
        out.append((ends[0], ends[1]))  # type: ignore[arg-type]
    return tuple(out)


def parse_components(data: Any, source: str) -> Components:
    """Build Components from the JSON data of a components file (errors name the field;
    ``source`` is where they came from, kept as ``Components.source``)."""
    if not isinstance(data, dict):
        raise CitiesError("expected a JSON object")
    civics: dict[str, Civic] = {}
    for i, c in enumerate(list_field(data.get("civics"), "civics")):
        where = f"civics[{i}]"
        object_field(c, where)
        cid = str_field(c.get("id"), f"{where}.id")
        raw_likes = list_field(c.get("likes"), f"{where}.likes")
        if not all(isinstance(t, str) for t in raw_likes):
            raise CitiesError("expected a list of type names", field=f"{where}.likes")
        likes = frozenset(raw_likes)
        dislikes = str_field(c.get("dislikes"), f"{where}.dislikes")
        try:
            check_civic_types(likes, dislikes)
        except CitiesError as err:
            raise err.located(field=where) from None
        if cid in civics:
            raise CitiesError(f"civic id {cid!r} appears twice", field=where)
        civics[cid] = Civic(cid, str(c.get("name", cid)), likes, dislikes, str(c.get("source", "")))

    singles: Counter[str] = Counter()
    for t, n in object_field(data.get("singles"), "singles").items():
        if t not in BUILDING_TYPES:
            raise CitiesError(f"unknown type {t!r}", field=f"singles.{t}")
        if t == TAVERN:
            if not isinstance(n, dict) or set(n) - set(TAVERN_KINDS):
                raise CitiesError("expected counts per tavern kind", field="singles.tavern")
            for kind, k in n.items():
                token = Building(TAVERN, tavern=kind).token
                singles[token] = int_field(k, f"singles.tavern.{kind}", 0)
        elif t == CIVIC:
            continue  # one of each civic tile listed under "civics"
        else:
            singles[Building(t).token] = int_field(n, f"singles.{t}", 0)
    for cid in civics:
        singles[f"C:{cid}"] = 1

    duplexes: list[Duplex] = []
    for i, d in enumerate(list_field(data.get("duplexes"), "duplexes", nonempty=True)):
        where = f"duplexes[{i}]"
        token = d.get("tile") if isinstance(d, dict) else d
        if not isinstance(token, str):
            raise CitiesError("expected a duplex token like 'F|O' or 'F/O'", field=where)
        try:
            tile = parse_tile(token, civics)
        except CitiesError as err:
            raise err.located(field=where) from None
        if not isinstance(tile, Duplex):
            raise CitiesError(f"{token!r} is not a duplex", field=where)
        duplexes.append(tile)

    mats: dict[str, Mat] = {}
    for i, m in enumerate(list_field(data.get("mats"), "mats")):
        mat = parse_mat(m, f"mats[{i}]")
        if len(mat.landscape) != 5 or mat.height > 5 or mat.width > 5:
            raise CitiesError("a mat has 5 landscape spaces and fits a 5x5 square",
                              field=f"mats[{i}]")
        if mat.id in mats:
            raise BadField(f"mat id {mat.id!r} twice", field=f"mats[{i}].id")
        mats[mat.id] = mat

    cards = []
    for i, card in enumerate(list_field(data.get("district_cards", []), "district_cards")):
        t = card.get("type") if isinstance(card, dict) else card
        if not isinstance(t, str) or t not in BUILDING_TYPES:
            raise CitiesError(f"unknown type {t!r}", field=f"district_cards[{i}]")
        cards.append(t)
    tiles = []
    key = "district_scoring_tiles"
    for i, p in enumerate(list_field(data.get(key, []), key)):
        if not (isinstance(p, list) and len(p) == 2):
            raise CitiesError("expected [first, second] points",
                              field=f"district_scoring_tiles[{i}]")
        tiles.append(tuple(int_field(v, f"district_scoring_tiles[{i}]", 0) for v in p))
    forbidden = []
    key = "forbidden_district_pairs"
    for i, p in enumerate(list_field(data.get(key, []), key)):
        if not (isinstance(p, list) and len(p) == 2 and all(
                isinstance(t, str) and t in BUILDING_TYPES for t in p)):
            raise CitiesError("expected two type names", field=f"forbidden_district_pairs[{i}]")
        forbidden.append(frozenset(p))
    return Components(
        name=str(data.get("name", source)),
        singles=singles,
        duplexes=tuple(duplexes),
        civics=civics,
        mats=mats,
        district_cards=tuple(cards),
        district_scoring_tiles=tuple(tiles),  # type: ignore[arg-type]
        forbidden_district_pairs=tuple(forbidden),
        source=source,
    )


@cache
def _default_components() -> Components:
    return load_components_file(DEFAULT_PATH)


def load_components(path: str | Path | None = None) -> Components:
    """Load the components file (the shipped one by default).

    >>> len(load_components().duplexes)
    24
    """
    if path is None:
        return _default_components()
    return load_components_file(path)


def load_components_file(path: str | Path) -> Components:
    """A components file, read afresh."""
    return load_file(path, "components file",
                     lambda data: parse_components(data, source_name(path)))
