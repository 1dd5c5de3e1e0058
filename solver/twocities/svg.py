"""City pictures as SVG: one drawing for ``cities render`` and the web page (presentation only).

Every building type has its colour and a symbol with a word under it, so a picture reads
without colour too; tavern kinds and civic tiles carry their own symbol and name.  Landscape
is water, bridges are planks across it, a duplex is one tile over its two cells.  Cells are
``<g class="cell" data-r data-c>`` groups so a page can find them.

>>> from solver.twocities.game.city import City
>>> svg = city_svg(City.from_notation("F Tm / ~ C+PH-T"))
>>> svg.startswith("<svg") and 'data-r="1"' in svg and "music" in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import drawsvg as draw

from solver.common.errors import CitiesError
from solver.twocities.game.city import City, city_from_json
from solver.twocities.game.components import Bridge, Components, Coord, Mat, load_components
from solver.twocities.game.pool import (
    Placement,
    Pool,
    mat_from_json,
    placements_from_json,
    pool_from_json,
)
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import (
    LANDSCAPE,
    Building,
    Cell,
    Duplex,
    Tile,
    buildings_of,
    parse_tile,
)

CELL = 64  # one space, in SVG units
GAP = 3
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

#: Tile colours (the printed ones, roughly) and the colour of the symbol on them.
COLOUR = {"factory": "#6b7280", "shop": "#f2c12e", "tavern": "#c93c38", "park": "#3a9a4a",
          "office": "#2f6fd1", "house": "#e07b2a", "civic": "#8e44ad"}
INK = {"shop": "#3b2f05", "house": "#111111", "park": "#111111"}  # labels at WCAG AA (4.5:1)
WATER, EMPTY, BRIDGE = "#8ec9e8", "#f4efe4", "#8a5a2b"

#: Symbols on a 24x24 grid: (kind, data) with kind "p" path, "c" circle (cx, cy, r), "r" rect.
SYMBOL: dict[str, list[tuple[str, object]]] = {
    "factory": [("p", "M2 22V10l6 4v-4l6 4v-4l5 3V3h3v19z")],
    "shop": [("p", "M3 9l2-6h14l2 6z"), ("p", "M4 10h16v12h-6v-6h-4v6H4z")],
    "park": [("c", (12, 9, 7)), ("r", (11, 14, 2, 8))],
    "office": [("p", "M6 2h12v20h-4v-3h-4v3H6zM8 5v2h3V5zm5 0v2h3V5zM8 9v2h3V9zm5 0v2h3V9zM8 "
                     "13v2h3v-2zm5 0v2h3v-2z")],
    "house": [("p", "M2 12L12 3l10 9h-3v10h-5v-6h-4v6H5V12z")],
    "civic": [("p", "M2 9l10-6 10 6z"),
              ("p", "M4 10h3v9H4zm6.5 0h3v9h-3zm6.5 0h3v9h-3zM2 20h20v2H2z")],
    "food": [("c", (12, 13, 8)), ("c", (12, 13, 5)), ("r", (3, 3, 1.6, 7)),
             ("r", (19.4, 3, 1.6, 7))],
    "drink": [("p", "M6 3h12l-2 8q-4 4-8 0zM11 13h2v6h3v2H8v-2h3z")],
    "music": [("p", "M9 5l11-3v13.5a3 3 0 1 1-2-2.8V6.5L11 8.3v9.2a3 3 0 1 1-2-2.8z")],
    "bed": [("p", "M2 7h2v7h18v6h-2v-3H4v3H2zM6 10h5v3H6zm6-1h9v4h-9z")],
}


def label_of(b: Building) -> list[str]:
    """The words under a tile's symbol: its type, tavern kind or civic name (one or two lines)."""
    if b.type == "tavern":
        return [b.tavern or "food"]
    if b.type == "civic" and b.civic is not None:
        words = b.civic.name.split()
        if len(b.civic.name) <= 11 or len(words) == 1:
            return [b.civic.name[:12]]
        cut = max(range(1, len(words)), key=lambda i: -abs(len(" ".join(words[:i])) - 8))
        return [" ".join(words[:cut])[:12], " ".join(words[cut:])[:12]]
    return [b.type]


def title_of(b: Building) -> str:
    """The hover text: what the tile is, in full."""
    if b.type == "tavern":
        return f"tavern ({b.tavern})"
    if b.type == "civic" and b.civic is not None:
        note = " (reconstructed)" if b.civic.reconstructed else ""
        return (f"civic: {b.civic.name}{note}; likes {' and '.join(sorted(b.civic.likes))}, "
                f"dislikes {b.civic.dislikes}")
    return b.type


def _symbol(b: Building, x: float, y: float, size: float) -> draw.Group:
    key = b.tavern or "food" if b.type == "tavern" else b.type
    g = draw.Group(transform=f"translate({x:.1f},{y:.1f}) scale({size / 24:.3f})",
                   fill=INK.get(b.type, "#ffffff"), fill_rule="evenodd")
    for kind, data in SYMBOL[key]:
        if kind == "p":
            g.append(draw.Path(d=str(data)))
        elif kind == "c":
            cx, cy, r = data  # type: ignore[misc]
            g.append(draw.Circle(cx, cy, r, fill="none" if key == "food" else None,
                                 stroke=INK.get(b.type, "#ffffff") if key == "food" else None,
                                 stroke_width=1.6 if key == "food" else None))
        else:
            rx, ry, w, h = data  # type: ignore[misc]
            g.append(draw.Rectangle(rx, ry, w, h))
    return g


def _building(b: Building, x: float, y: float) -> list[draw.DrawingElement]:
    """The symbol and word of one building whose cell's top-left is (x, y)."""
    ink = INK.get(b.type, "#ffffff")
    words = label_of(b)
    size = CELL * (0.46 if len(words) == 1 else 0.36)
    out: list[draw.DrawingElement] = [_symbol(b, x + (CELL - size) / 2, y + 7, size)]
    font = 10.5 if b.type != "civic" else 8.5
    for i, line in enumerate(words):
        out.append(draw.Text(line, font, x + CELL / 2, y + CELL - 9 - (len(words) - 1 - i) * 9,
                             text_anchor="middle", fill=ink, font_family=FONT,
                             font_weight="bold"))
    return out


def _tile_shape(b: Building, x: float, y: float, w: float, h: float) -> draw.Rectangle:
    r = draw.Rectangle(x + GAP, y + GAP, w - 2 * GAP, h - 2 * GAP, rx=8, fill=COLOUR[b.type],
                       stroke="#00000055", stroke_width=1.5)
    r.append_title(title_of(b))
    return r


Pieces = Sequence[tuple[Tile, Sequence[Coord]]]


def board(cells: Mapping[Coord, Cell], rows: Sequence[int], cols: Sequence[int],
          bridges: Iterable[Bridge] = (), pieces: Pieces = (),
          classes: Mapping[Coord, str] | None = None) -> draw.Group:
    """A grid of spaces, ``rows`` x ``cols`` (any coordinates: city or mat), as a Drawing.

    ``cells`` holds what is on each space (missing: nothing, drawn as an empty space);
    ``pieces`` names the tiles over them, so a duplex is drawn as one tile on two cells;
    ``classes`` adds CSS classes to a cell's group (the page marks legal spaces this way).
    The group is ``len(cols) * CELL`` wide and ``len(rows) * CELL`` high."""
    top, left = rows[0], cols[0]
    d = draw.Group(class_="board")

    def xy(rc: Coord) -> tuple[float, float]:
        return (rc[1] - left) * CELL, (rc[0] - top) * CELL

    grouped = {c for _, where in pieces if len(where) == 2 for c in where}
    for r in rows:
        for c in cols:
            cell = cells.get((r, c))
            x, y = xy((r, c))
            extra = (classes or {}).get((r, c), "")
            kind = "landscape" if cell is LANDSCAPE else "built" if cell is not None else "empty"
            g = draw.Group(class_=f"cell {kind} {extra}".strip(), data_r=r, data_c=c)
            if cell is LANDSCAPE:
                g.append(draw.Rectangle(x, y, CELL, CELL, fill=WATER))
                for k in (0.3, 0.55, 0.8):
                    g.append(draw.Path(d=f"M{x + 10} {y + CELL * k}q{CELL / 8} -5 {CELL / 4} 0"
                                         f"t{CELL / 4} 0t{CELL / 4} 0", stroke="#ffffffaa",
                                       stroke_width=2, fill="none"))
            elif cell is None:
                g.append(draw.Rectangle(x + GAP, y + GAP, CELL - 2 * GAP, CELL - 2 * GAP, rx=8,
                                        fill=EMPTY, stroke="#d8cfbd", stroke_width=1.5,
                                        stroke_dasharray="4 3", class_="space"))
            elif (r, c) not in grouped:
                g.append(_tile_shape(cell, x, y, CELL, CELL))
            else:  # the duplex is drawn above; the space keeps an area a pointer can reach
                g.append(draw.Rectangle(x, y, CELL, CELL, fill="#ffffff", fill_opacity=0))
            d.append(g)
    # A duplex: one tile over both cells, a faint seam between its halves, drawn above cells.
    for tile, where in pieces:
        if not isinstance(tile, Duplex) or len(where) != 2:
            continue
        a, b = tuple(where)
        (xa, ya), (xb, yb) = xy(a), xy(b)
        x0, y0 = min(xa, xb), min(ya, yb)
        w, h = abs(xb - xa) + CELL, abs(yb - ya) + CELL
        g = draw.Group(class_="duplex")
        first, second = buildings_of(tile)
        # the whole tile in the second half's colour, then the first half over it: rounded
        # outside, square at the seam
        g.append(draw.Rectangle(x0 + GAP, y0 + GAP, w - 2 * GAP, h - 2 * GAP, rx=8,
                                fill=COLOUR[second.type]))
        across = yb == ya  # horizontal duplex
        g.append(draw.Rectangle(xa + GAP, ya + GAP, CELL - (GAP if across else 2 * GAP),
                                CELL - (2 * GAP if across else GAP), rx=8,
                                fill=COLOUR[first.type]))
        sx, sy = (xb - 10, ya + GAP) if yb == ya else (xa + GAP, yb - 10)
        g.append(draw.Rectangle(sx, sy, 10 if yb == ya else CELL - 2 * GAP,
                                CELL - 2 * GAP if yb == ya else 10, fill=COLOUR[first.type]))
        frame = draw.Rectangle(x0 + GAP, y0 + GAP, w - 2 * GAP, h - 2 * GAP, rx=8, fill="none",
                               stroke="#00000055", stroke_width=1.5)
        frame.append_title(f"duplex {tile.token}")
        g.append(frame)
        g.append(draw.Line(xb if xb != xa else x0 + 10, yb if yb != ya else y0 + 10,
                           xb if xb != xa else x0 + w - 10, yb if yb != ya else y0 + h - 10,
                           stroke="#ffffff99", stroke_width=2, stroke_dasharray="3 3"))
        d.append(g)
    for r in rows:
        for c in cols:
            cell = cells.get((r, c))
            if isinstance(cell, Building):
                d.extend(_building(cell, *xy((r, c))))
    for a, b in bridges:
        (xa, ya), (xb, yb) = xy(a), xy(b)
        d.append(_bridge(xa + CELL / 2, ya + CELL / 2, xb + CELL / 2, yb + CELL / 2))
    return d


def _bridge(x1: float, y1: float, x2: float, y2: float) -> draw.Group:
    """Planks across the water between two spaces' centres (drawn between their edges)."""
    horizontal = y1 == y2
    g = draw.Group(class_="bridge")
    g.append_title("bridge: these two spaces are adjacent")
    if horizontal:
        xa, xb = sorted((x1, x2))
        g.append(draw.Rectangle(xa + CELL / 2 - GAP, y1 - 9, xb - xa - CELL + 2 * GAP, 18,
                                fill=BRIDGE, stroke="#4d3117", stroke_width=1.5))
        for x in range(int(xa + CELL / 2 + 4), int(xb - CELL / 2), 8):
            g.append(draw.Line(x, y1 - 9, x, y1 + 9, stroke="#4d3117", stroke_width=1))
    else:
        ya, yb = sorted((y1, y2))
        g.append(draw.Rectangle(x1 - 9, ya + CELL / 2 - GAP, 18, yb - ya - CELL + 2 * GAP,
                                fill=BRIDGE, stroke="#4d3117", stroke_width=1.5))
        for y in range(int(ya + CELL / 2 + 4), int(yb - CELL / 2), 8):
            g.append(draw.Line(x1 - 9, y, x1 + 9, y, stroke="#4d3117", stroke_width=1))
    return g


def svg_text(d: draw.Drawing) -> str:
    """The drawing as an SVG document (no XML declaration: it also goes inline in HTML)."""
    text = d.as_svg()
    return text[text.index("<svg"):]


def drawing(group: draw.Group, rows: int, cols: int) -> str:
    """A board group alone in an SVG document."""
    d = draw.Drawing(cols * CELL, rows * CELL)
    d.append(group)
    return svg_text(d)


def pieces_of(placements: Iterable[Placement]) -> list[tuple[Tile, tuple[Coord, ...]]]:
    return [(p.tile, p.cells) for p in placements]


def city_svg(city: City, pieces: Pieces = ()) -> str:
    """A city (city coordinates); ``pieces`` (a placements list) shows its duplexes."""
    cells = {rc: city.at(rc) for rc in city.cells()}
    rng = range(city.size)
    return drawing(board(cells, rng, rng, city.bridges, pieces), city.size, city.size)


def mat_cells(mat: Mat | None, placed: Iterable[Placement]) -> dict[Coord, Cell]:
    """A mat's landscape and the buildings of tiles placed on or beside it (mat coordinates)."""
    cells: dict[Coord, Cell] = {}
    if mat is not None:
        cells.update({rc: LANDSCAPE for rc in mat.landscape})
    for p in placed:
        cells.update(zip(p.cells, p.buildings, strict=True))
    return cells


def tile_board(tile: Tile) -> tuple[draw.Group, int, int]:
    """One tile as printed (a duplex across two cells in its orientation): group, rows, cols."""
    parts = buildings_of(tile)
    if isinstance(tile, Duplex):
        second = (0, 1) if tile.horizontal else (1, 0)
        group = board({(0, 0): parts[0], second: parts[1]}, range(second[0] + 1),
                      range(second[1] + 1), pieces=[(tile, ((0, 0), second))])
        return group, second[0] + 1, second[1] + 1
    return board({(0, 0): tile}, range(1), range(1)), 1, 1


def tile_svg(tile: Tile) -> str:
    """One tile as an SVG document."""
    return drawing(*tile_board(tile))


def pool_svg(pool: Pool) -> str:
    """A pool or puzzle: each mat (with the tiles already built on it) above the tile tray."""
    parts: list[tuple[str, draw.Group, int, int]] = []
    for i, mat in enumerate(pool.mats or (None,)):
        cells = mat_cells(mat, pool.fixed)
        rs = [r for r, _ in cells] + ([0, mat.height - 1] if mat else [])
        cs = [c for _, c in cells] + ([0, mat.width - 1] if mat else [])
        rows, cols = range(min(rs, default=0), max(rs, default=0) + 1), \
            range(min(cs, default=0), max(cs, default=0) + 1)
        title = (f"city {i + 1}: " if len(pool.mats) > 1 else "") + \
            (f"mat {mat.label}" if mat else "no mat")
        group = board(cells, rows, cols, mat.bridges if mat else (), pieces_of(pool.fixed))
        parts.append((title, group, len(rows), len(cols)))
    # the tray flows left to right, wrapping at six spaces' width
    limit, x, y_row, row_h, spots = 6 * (CELL + 8), 0, 0, 0, []
    for tile in pool.tiles:
        group, rows_n, cols_n = tile_board(tile)
        w = cols_n * CELL + 8
        if x and x + w > limit:
            x, y_row, row_h = 0, y_row + row_h, 0
        spots.append((group, x, y_row))
        x, row_h = x + w, max(row_h, rows_n * CELL + 8)
    width = 16 + max([limit, *(c * CELL for _, _, _, c in parts)])
    height = 8 + sum(r * CELL + 34 for _, _, r, _ in parts) + 30 + y_row + row_h
    d = draw.Drawing(width, height)
    d.append(draw.Rectangle(0, 0, width, height, fill="#fbf8f1"))
    y = 8
    for title, group, rows_n, _ in parts:
        d.append(draw.Text(title, 15, 8, y + 16, font_family=FONT, font_weight="bold"))
        d.append(draw.Group([group], transform=f"translate(8,{y + 26})"))
        y += rows_n * CELL + 34
    d.append(draw.Text(f"tiles ({len(pool.tiles)}; duplexes as printed)", 15, 8, y + 16,
                       font_family=FONT, font_weight="bold"))
    y += 26
    for group, gx, gy in spots:
        d.append(draw.Group([group], transform=f"translate({8 + gx},{y + gy})"))
    return svg_text(d)


def mat_svg(mat: Mat | None, placed: Sequence[Placement], rows: Sequence[int] | None = None,
            cols: Sequence[int] | None = None, classes: Mapping[Coord, str] | None = None) -> str:
    """A city being built, in mat coordinates: the mat, the tiles placed on and beside it, and
    empty spaces over ``rows`` x ``cols`` (default: just around what is there)."""
    cells = mat_cells(mat, placed)
    if rows is None or cols is None:
        rs = [r for r, _ in cells] + ([0, mat.height - 1] if mat else [])
        cs = [c for _, c in cells] + ([0, mat.width - 1] if mat else [])
        rows = range(min(rs, default=0), max(rs, default=0) + 1)
        cols = range(min(cs, default=0), max(cs, default=0) + 1)
    group = board(cells, rows, cols, mat.bridges if mat else (), pieces_of(placed), classes)
    return drawing(group, len(rows), len(cols))


def _pieces_from_json(raw: object, components: Components) -> list[tuple[Tile, tuple[Coord, ...]]]:
    """A ``placements`` list (``{"tile": T, "cells": [[r, c], ...]}``, as ``cities solve
    --json`` writes it): which cells each tile covers, so duplexes are drawn whole."""
    if not isinstance(raw, list):
        raise CitiesError("expected a list of {tile, cells}", field="placements")
    out = []
    for i, p in enumerate(raw):
        cells = p.get("cells") if isinstance(p, dict) else None
        if not (isinstance(cells, list) and all(
                isinstance(c, list) and len(c) == 2 and all(type(v) is int for v in c)
                for c in cells)):
            raise CitiesError('expected {"tile": T, "cells": [[r, c], ...]}',
                              field=f"placements[{i}]")
        try:
            tile = parse_tile(str(p.get("tile")), components.civics)
        except CitiesError as err:
            raise err.located(field=f"placements[{i}].tile") from None
        out.append((tile, tuple((c[0], c[1]) for c in cells)))
    return out


def picture(data: object, components: Components | None = None) -> str:
    """The SVG of a file object: a pool or puzzle (``tiles``), a city in progress (``placed``),
    ``cities solve --json`` output (``city`` and ``placements``) or a city file."""
    comps = components or load_components()
    if not isinstance(data, dict):
        raise CitiesError("expected a city, city-in-progress, pool or puzzle object")
    if "tiles" in data:
        return pool_svg(pool_from_json(data, comps))
    if "placed" in data:
        mat = mat_from_json(data["mat"], comps) if "mat" in data else None
        rules = load_ruleset(str(data.get("edition", "essential")),
                             str(data.get("variant", "standard")))
        return mat_svg(mat, placements_from_json(data["placed"], comps, rules, "placed"))
    city_data = data.get("city", data)
    try:
        city = city_from_json(city_data, comps.civics)
    except CitiesError as err:
        raise err.located(field="city" if "city" in data else None) from None
    pieces = _pieces_from_json(data["placements"], comps) if "placements" in data else []
    return city_svg(city, pieces)


def png_bytes(svg: str) -> bytes:
    """The picture as PNG, through cairosvg (an optional dependency: ``pip install
    'cities[png]'``; it needs the cairo library, which most systems have)."""
    try:
        import cairosvg
    except (ImportError, OSError) as err:
        raise CitiesError("PNG output needs cairosvg and the cairo library (pip install "
                          f"'cities[png]'): {' '.join(str(err).split())[:120]}",
                          field="--png") from None
    return bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8")))
