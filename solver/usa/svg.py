"""Cities USA pictures as SVG: one drawing for ``cities render`` and the web page
(presentation only).

A tile is its four spaces with its streets on top: grey roads with a dashed centre line from
the tile's centre to its edges, bridges as wooden planks on their arm, a dead end as a red
barrier where the street stops.  Building spaces show their colour's lot and its word, so a
picture reads without colour too; a building is a stack of its pieces (a skyscraper top as a
spire) with its colour and height written under it; a feature tile is a token with its symbol
and word.  The starting tile has a gold frame.  Tiles are ``<g class="tile" data-r data-c>``
and spaces ``<g class="space KIND" data-r data-c>`` groups so a page can find them; sample
components are labelled "(sample)" in words and hover titles, as the text views do.

>>> from solver.usa.game.notation import parse_city
>>> svg = city_svg(parse_city("wwpp:E KBsY"))
>>> svg.startswith("<svg") and 'class="tile"' in svg and "dead end" in svg
True
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import drawsvg as draw

from solver.common.errors import CitiesError
from solver.usa.game.city import Building, City, place_of
from solver.usa.game.cityfile import city_from_json
from solver.usa.game.components import Components, Feature, load_components
from solver.usa.game.geometry import dead_ends
from solver.usa.game.pool import Pool, pool_from_json
from solver.usa.game.requirements import describe
from solver.usa.game.tiles import Tile
from solver.usa.game.vocab import ARMS, COLORS, QUADRANT_OFFSET, QUADRANTS

S = 72  # one space, in SVG units; a tile is 2S square
GAP = 8  # between tiles
ROAD = 12  # a street's width
PAD = 7  # a space's content keeps this far from its edges, where the streets run
M = 12  # the picture's margin
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK, PAPER = "#1f2328", "#fbf8f1"

WATER, PARK, GROUND = "#8ec9e8", "#9fd68c", "#e2ded4"
TREE, STREET, BRIDGE, RAIL, DEAD, START = "#2e7d32", "#62625f", "#9a6632", "#4d3117", \
    "#d62828", "#c9a227"
#: A building colour's fill, and the outline that shows it on the grey ground.
FILL = {"black": "#2b2b2b", "blue": "#2f6fd1", "white": "#ffffff", "yellow": "#f2c12e"}
EDGE = {"black": "#000000", "blue": "#173d7a", "white": "#6b6b6b", "yellow": "#8a6a00"}

#: Symbols on a 24x24 grid: (kind, data) with kind "p" path, "c" circle (cx, cy, r).
SYMBOL: dict[str, list[tuple[str, Any]]] = {
    "tree": [("c", (12, 9, 7)), ("p", "M11 14h2v8h-2z")],
    "truck": [("p", "M1 6h13v11H1zM15 9h4.5l3.5 4.5V17h-8z"), ("c", (5.5, 18.5, 2.5)),
              ("c", (18, 18.5, 2.5))],
    "yacht": [("p", "M11 1v14H3zM13 4l7 11h-7zM1 16h22l-4 5H5z")],
    "ferry": [("p", "M1 14h22l-3 7H4zM5 8h14v5H5zM8 4h3v3H8z")],
    "beacon": [("p", "M8 4l4-3 4 3zM8 5h8v3H8zM9 9h6l2 13H7z"),
               ("p", "M2 5l5 1.2v1.6L2 9zM22 5l-5 1.2v1.6L22 9z")],
    "bench": [("p", "M3 6h18v3H3zM2 11h20v3H2zM4 14h2.5v6H4zM17.5 14H20v6h-2.5z")],
    "swing": [("p", "M3 22L7.5 2h9L21 22h-2.4L15 4.5H9L5.4 22zM10 5h1v10h-1zM13 5h1v10h-1z"
                    "M8.5 15h7v2h-7z")],
    "slide": [("p", "M3 22V5h2.2v17zM3 9h5v1.6H3zM3 14h5v1.6H3zM6 5h3l13 14v3h-3.5L6 8z")],
    "star": [("p", "M12 1.5l3 7.2h7.7l-6.2 4.6 2.4 7.6L12 16.3l-6.9 4.6 2.4-7.6L1.3 8.7H9z")],
    "cone": [("p", "M9.5 3h5l5 16h-15zM2 19h20v3H2z")],
    "feature": [("c", (12, 12, 8))],
}
SYMBOL_COLOUR = {"tree": TREE, "truck": "#b23a2e", "yacht": "#1d4e89", "ferry": "#1d4e89",
                 "beacon": "#b23a2e", "bench": "#6d4c2f", "swing": "#6d4c2f", "slide": "#b23a2e",
                 "star": "#ffffff", "cone": "#e8741c", "feature": "#555555"}


def _symbol(key: str, x: float, y: float, size: float, colour: str | None = None) -> draw.Group:
    g = draw.Group(transform=f"translate({x:.1f},{y:.1f}) scale({size / 24:.3f})",
                   fill=colour or SYMBOL_COLOUR[key], fill_rule="evenodd")
    for kind, data in SYMBOL[key]:
        g.append(draw.Path(d=data) if kind == "p" else draw.Circle(*data))
    return g


def _text(text: str, x: float, y: float, size: float = 9.5, fill: str = INK,
          anchor: str = "middle", bold: bool = True) -> draw.Text:
    return draw.Text(text, size, x, y, text_anchor=anchor, fill=fill, font_family=FONT,
                     font_weight="bold" if bold else "normal")


# --- features ---------------------------------------------------------------------------------


def feature_symbol(f: Feature) -> str:
    """Which symbol a feature tile carries (a user's own components: by what it does)."""
    for key in ("yacht", "ferry", "beacon", "bench", "swing", "slide"):
        if f.id.startswith(key):
            return key
    becomes = f.scoring.get("becomes")
    return "star" if becomes == "wild" else "truck" if becomes == "truck" else "feature"


def feature_word(f: Feature) -> str:
    """The short word on a feature token: "yacht 2", "bench 4+", "ferry", "any colour"."""
    size = f.scoring.get("area_size")
    key = feature_symbol(f)
    if key in ("yacht", "bench") and isinstance(size, int):
        return f"{key} {size}{'+' if f.scoring.get('or_more') else ''}"
    if key == "star":
        return "any colour"
    if key == "truck":
        return "food truck"
    return f.name.lower()[:12] if key == "feature" else key


def feature_title(f: Feature) -> str:
    where = {"water": "a water space", "park": "a park space"}.get(f.placed_on, "a city space")
    return f"feature tile {f.label}: on {where}"


def _token(f: Feature, x: float, y: float, word: bool = True) -> draw.Group:
    """A feature tile lying on the space whose top-left is (x, y) (its word unless a
    building stands on it)."""
    key = feature_symbol(f)
    wild = key == "star"
    g = draw.Group(class_="feature", data_feature=f.id)
    rect = draw.Rectangle(x + PAD, y + PAD, S - 2 * PAD, S - 2 * PAD, rx=9,
                          fill="#7b3fa0" if wild else "#fffaf0", stroke="#4a4a4a",
                          stroke_width=1.5)
    rect.append_title(feature_title(f))
    g.append(rect)
    g.append(_symbol(key, x + S / 2 - 14, y + PAD + 4, 28))
    if word:
        g.append(_text(feature_word(f), x + S / 2, y + S - PAD - 6, 9,
                       "#ffffff" if wild else INK))
    return g


# --- spaces, buildings, streets ----------------------------------------------------------------


def _building(b: Building, x: float, y: float) -> draw.Group:
    """A stack of ``b.height`` pieces (and a spire for a top) on the space at (x, y), its
    colour and height written under it."""
    g = draw.Group(class_="building", data_color=b.color, data_height=b.height)
    fill, edge = FILL[b.color], EDGE[b.color]
    w, h, base = 34, 7, y + S - PAD - 14
    for i in range(b.height):
        g.append(draw.Rectangle(x + (S - w) / 2, base - (i + 1) * (h + 1.2), w, h, rx=1.5,
                                fill=fill, stroke=edge, stroke_width=1.3))
    top = base - b.height * (h + 1.2)
    if b.top:
        cx = x + S / 2
        g.append(draw.Path(d=f"M{cx - 10} {top}h20l-4 -5h-12zM{cx - 5} {top - 5}l5 -9 5 9z",
                           fill=fill, stroke=START, stroke_width=1.8))
    words = f"{b.color} {b.height}{'+top' if b.top else ''}"
    g.append(_text(words, x + S / 2, y + S - PAD - 3, 9 if b.top else 10))
    g.append_title(f"{b.color} building: {b.height} piece{'s' if b.height > 1 else ''}"
                   + (" and a skyscraper top" if b.top else "") + f" ({b.stories} high)")
    return g


def _ground(kind: str, x: float, y: float, built: bool) -> list[draw.DrawingElement]:
    """A space as printed: water, park, a building lot of its colour (its word unless a
    building stands on it), a construction site, a food truck."""
    bottom = y + S - PAD - 3  # the baseline of a space's word
    if kind == "water":
        out: list[draw.DrawingElement] = [draw.Rectangle(x, y, S, S, fill=WATER)]
        for k in (0.3, 0.55, 0.8):
            out.append(draw.Path(d=f"M{x + 9} {y + S * k}q{S / 8} -5 {S / 4} 0t{S / 4} 0"
                                   f"t{S / 4} 0", stroke="#ffffffb0", stroke_width=2, fill="none"))
        return out
    if kind == "park":
        return [draw.Rectangle(x, y, S, S, fill=PARK),
                _symbol("tree", x + PAD + 3, y + PAD + 2, 20),
                _symbol("tree", x + S - PAD - 26, y + S - PAD - 28, 24)]
    out = [draw.Rectangle(x, y, S, S, fill=GROUND)]
    if kind in COLORS:
        out.append(draw.Rectangle(x + PAD + 4, y + PAD + 3, S - 2 * PAD - 8, S - 2 * PAD - 17, rx=4,
                                  fill=FILL[kind], fill_opacity=0.2 if built else 0.45,
                                  stroke=FILL[kind], stroke_width=4))
        out.append(draw.Rectangle(x + PAD + 2, y + PAD + 1, S - 2 * PAD - 4, S - 2 * PAD - 13, rx=5,
                                  fill="none", stroke=EDGE[kind], stroke_width=1))
        if not built:
            out.append(_text(kind, x + S / 2, bottom, 10))
    elif kind == "site":
        out.append(_symbol("cone", x + S / 2 - 15, y + PAD + 3, 30))
        out.append(_text("site", x + S / 2, bottom, 10))
    elif kind == "truck":
        out.append(_symbol("truck", x + S / 2 - 16, y + PAD + 5, 32))
        out.append(_text("food truck", x + S / 2, bottom, 9))
    return out


SPACE_TITLE = {"water": "water", "park": "park", "site": "construction site",
               "truck": "food truck space"}


def _space(city: City, space: tuple[int, int], x: float, y: float) -> draw.Group:
    printed = city.printed_kind(space)
    g = draw.Group(class_=f"space {city.kind(space)}", data_r=space[0], data_c=space[1])
    fid = city.features.get(space)
    building = city.buildings.get(space)
    for part in _ground(printed, x, y, building is not None):
        g.append(part)
    if fid is not None:
        g.append(_token(city.components.feature(fid), x, y, building is None))
    if building is not None:
        g.append(_building(building, x, y))
    hover = draw.Rectangle(x, y, S, S, fill="#ffffff", fill_opacity=0)
    hover.append_title(f"space [{space[0]}, {space[1]}]: "
                       + SPACE_TITLE.get(printed, f"{printed} building space"))
    g.append(hover)
    return g


#: Where an arm runs in a tile whose top-left is (0, 0): from the centre to an edge.
ARM_END = {"N": (S, 0), "E": (2 * S, S), "S": (S, 2 * S), "W": (0, S)}


def _arm(x0: float, y0: float, arm: str, bridge: bool) -> draw.Group:
    """One arm of a tile: a street, or a bridge (planks and rails)."""
    (ex, ey), cx, cy = ARM_END[arm], x0 + S, y0 + S
    ex, ey = x0 + ex, y0 + ey
    across = arm in "EW"
    x, y = min(cx, ex), min(cy, ey)
    w, h = (S, ROAD) if across else (ROAD, S)
    x, y = (x, y - ROAD / 2) if across else (x - ROAD / 2, y)
    g = draw.Group(class_="bridge" if bridge else "street", data_arm=arm)
    if bridge:
        g.append(draw.Rectangle(x, y, w, h, fill=BRIDGE, stroke=RAIL, stroke_width=2))
        steps = range(4, S, 7)
        for k in steps:
            g.append(draw.Line(x + k, y, x + k, y + h, stroke=RAIL, stroke_width=1) if across
                     else draw.Line(x, y + k, x + w, y + k, stroke=RAIL, stroke_width=1))
        g.append_title(f"bridge on arm {arm}")
    else:
        g.append(draw.Rectangle(x, y, w, h, fill=STREET))
        g.append(draw.Line(cx, cy, ex, ey, stroke="#ffffff", stroke_width=1.5,
                           stroke_dasharray="5 4"))
    return g


def _dead_end(x0: float, y0: float, arm: str, penalty: int) -> draw.Group:
    """A red barrier at the tile's edge, where a street meets a tile with no street."""
    ex, ey = ARM_END[arm]
    ex, ey = x0 + ex, y0 + ey
    dx, dy = {"N": (0, 1), "S": (0, -1), "E": (-1, 0), "W": (1, 0)}[arm]
    bx, by = ex + dx * 3, ey + dy * 3
    g = draw.Group(class_="dead-end", data_arm=arm)
    half = ROAD / 2 + 5
    g.append(draw.Line(bx - half * abs(dy), by - half * abs(dx), bx + half * abs(dy),
                       by + half * abs(dx), stroke=DEAD, stroke_width=5))
    cx, cy = ex + dx * 14, ey + dy * 14
    g.append(draw.Circle(cx, cy, 7.5, fill=DEAD, stroke="#ffffff", stroke_width=1.5))
    g.append(draw.Path(d=f"M{cx - 3.2} {cy - 3.2}l6.4 6.4M{cx + 3.2} {cy - 3.2}l-6.4 6.4",
                       stroke="#ffffff", stroke_width=2))
    g.append_title(f"dead end on arm {arm}: the street stops here (-{penalty} points)")
    return g


def _tile(city: City, place: tuple[int, int], x0: float, y0: float,
          dead: set[tuple[tuple[int, int], str]]) -> draw.Group:
    placed = city.tiles[place]
    tile = placed.tile
    g = draw.Group(class_="tile start" if tile.start else "tile", data_r=place[0],
                   data_c=place[1], data_tile=tile.id, data_rotation=placed.rotation)
    for q in QUADRANTS:
        dr, dc = QUADRANT_OFFSET[q]
        space = (2 * place[0] + dr, 2 * place[1] + dc)
        g.append(_space(city, space, x0 + dc * S, y0 + dr * S))
    arms = city.arms(place)
    streets = city.laid(place).streets
    for arm in ARMS:
        if arm in arms:
            g.append(_arm(x0, y0, arm, arm not in streets))
    if arms:
        g.append(draw.Rectangle(x0 + S - ROAD / 2, y0 + S - ROAD / 2, ROAD, ROAD,
                                fill=STREET))
    penalty = city.components.rules["dead_end_penalty"]
    for arm in ARMS:
        if (place, arm) in dead:
            g.append(_dead_end(x0, y0, arm, penalty))
    frame = draw.Rectangle(x0, y0, 2 * S, 2 * S, rx=6, fill="none",
                           stroke=START if tile.start else "#3d3d3d",
                           stroke_width=5 if tile.start else 2)
    name = tile.label if tile.id else "a tile given by its spaces"
    frame.append_title(f"{'starting tile ' if tile.start else 'tile '}"
                       f"{tile.id + ' ' if tile.id else ''}{name}, turned {placed.rotation}°")
    g.append(frame)
    if tile.start:  # a tab on the frame, clear of the spaces' contents
        g.append(draw.Rectangle(x0 + 8, y0 - 7, 46, 14, rx=4, fill=START))
        g.append(_text("★ start", x0 + 31, y0 + 3.5, 9, INK))
    return g


def city_group(city: City) -> tuple[draw.Group, float, float]:
    """The city's frame of places (empty ones dashed), its tiles and streets: group, width,
    height."""
    rows, cols = city.size
    dead = set(dead_ends(city))
    d = draw.Group(class_="city")
    for r in range(rows):
        for c in range(cols):
            x0, y0 = c * (2 * S + GAP), r * (2 * S + GAP)
            if (r, c) in city.tiles:
                d.append(_tile(city, (r, c), x0, y0, dead))
            else:
                d.append(draw.Rectangle(x0 + 2, y0 + 2, 2 * S - 4, 2 * S - 4, rx=8,
                                        fill="#f1ede3", stroke="#c9c0ad", stroke_width=1.5,
                                        stroke_dasharray="5 4", class_="place empty",
                                        data_r=r, data_c=c))
    return d, cols * (2 * S + GAP) - GAP, rows * (2 * S + GAP) - GAP


# --- whole pictures -----------------------------------------------------------------------------


class Sheet:
    """A picture built top to bottom: titles, lines of words, groups at the current height."""

    def __init__(self, width: float) -> None:
        self.width, self.y = width, float(M)
        self.parts: list[draw.DrawingElement] = []

    def title(self, text: str) -> None:
        self.parts.append(_text(text, M, self.y + 15, 15, anchor="start"))
        self.y += 24

    def line(self, text: str, fill: str = INK, size: float = 11.5) -> None:
        """Words, wrapped to the picture's width (a character is about 0.6 em wide)."""
        width = max(20, int((self.width - 2 * M) / (0.55 * size)))
        for i, part in enumerate(textwrap.wrap(text, width)):
            self.parts.append(_text(part if i == 0 else "    " + part, M, self.y + size, size,
                                    fill, "start", bold=False))
            self.y += size + 5

    def place(self, group: draw.DrawingElement, height: float, x: float = M) -> None:
        self.parts.append(draw.Group([group], transform=f"translate({x},{self.y})"))
        self.y += height + 10

    def svg(self) -> str:
        d = draw.Drawing(self.width, self.y + M)
        d.append(draw.Rectangle(0, 0, self.width, self.y + M, fill=PAPER))
        for part in self.parts:
            d.append(part)
        text = d.as_svg()
        return text[text.index("<svg"):]  # no XML declaration: it also goes inline in HTML


def _legend(dead_end_penalty: int) -> tuple[draw.Group, float]:
    """What the marks mean: street, bridge, dead end, starting tile."""
    g = draw.Group(class_="legend")
    x = 0.0
    g.append(draw.Rectangle(x, 4, 26, 10, fill=STREET))
    g.append(draw.Line(x, 9, x + 26, 9, stroke="#ffffff", stroke_width=1.5,
                       stroke_dasharray="5 4"))
    g.append(_text("street", x + 31, 13, 10.5, anchor="start", bold=False))
    x += 80
    g.append(draw.Rectangle(x, 4, 26, 10, fill=BRIDGE, stroke=RAIL, stroke_width=1.5))
    g.append(_text("bridge", x + 31, 13, 10.5, anchor="start", bold=False))
    x += 82
    g.append(draw.Circle(x + 7, 9, 7, fill=DEAD))
    g.append(_text(f"dead end (-{dead_end_penalty} each)", x + 19, 13, 10.5, anchor="start",
                   bold=False))
    x += 150
    g.append(draw.Rectangle(x, 1, 24, 16, rx=3, fill="none", stroke=START, stroke_width=3))
    g.append(_text("starting tile", x + 30, 13, 10.5, anchor="start", bold=False))
    return g, 18


def _card_lines(sheet: Sheet, comps: Components, cards: Sequence[str],
                achievements: Sequence[tuple[str, int]]) -> None:
    for cid, n in sorted(Counter(cards).items()):
        card = comps.card(cid)
        sheet.line(f"card {card.label}{f' x{n}' if n > 1 else ''}: {card.points} per "
                   f"{describe(card.requirement)}", "#8e2b77")
    for aid, points in achievements:
        ach = comps.achievement(aid)
        sheet.line(f"achievement {ach.label}: {points} for at least {ach.at_least} "
                   f"{describe(ach.requirement)}", "#1d5f73")


def city_svg(city: City, title: str | None = None) -> str:
    """A city (complete or in progress) with its cards and achievements, and a legend."""
    group, w, h = city_group(city)
    sheet = Sheet(max(w + 2 * M, 520))
    if title:
        sheet.title(title)
    sheet.place(group, h)
    sheet.place(_legend(city.components.rules["dead_end_penalty"])[0], 18)
    _card_lines(sheet, city.components, city.cards, city.achievements)
    if city.bridges_left is not None:
        sheet.line(f"bridges left: {city.bridges_left}")
    return sheet.svg()


def tile_group(tile: Tile, rotation: int = 0,
               comps: Components | None = None) -> tuple[draw.Group, float, float]:
    """One tile alone, turned ``rotation`` degrees: group, width, height."""
    from solver.usa.game.city import PlacedTile

    city = City((1, 1), {(0, 0): PlacedTile(tile, rotation)},
                components=comps or load_components())
    return city_group(city)


def tile_svg(tile: Tile, rotation: int = 0, comps: Components | None = None) -> str:
    group, w, h = tile_group(tile, rotation, comps)
    d = draw.Drawing(w + 2, h + 10)  # room for the starting tile's tab above it
    d.append(draw.Group([group], transform="translate(1,9)"))
    text = d.as_svg()
    return text[text.index("<svg"):]


def _tray(sheet: Sheet, tiles: Sequence[Tile], comps: Components) -> None:
    """Tiles side by side (as printed, turned 0°), each with its name and id under it."""
    per_row = max(1, int((sheet.width - 2 * M + 16) // (2 * S + 16)))
    sheet.y += 8  # room for the starting tile's tab
    for first in range(0, len(tiles), per_row):
        row = draw.Group()
        for i, tile in enumerate(tiles[first:first + per_row]):
            group, _, _ = tile_group(tile, 0, comps)
            x = i * (2 * S + 16)
            row.append(draw.Group([group], transform=f"translate({x},0)"))
            name = tile.label
            size = 9.5 if len(name) <= 26 else 8
            row.append(_text(name, x + S, 2 * S + 14, size, bold=False))
            row.append(_text(tile.id, x + S, 2 * S + 26, 9, "#6b6b6b", bold=False))
        sheet.place(row, 2 * S + 30)


def _supplies(pool: Pool) -> tuple[draw.Group, float]:
    """Bridges, building pieces and tops, and the feature tiles, as small pictures."""
    comps = pool.components
    g = draw.Group(class_="supplies")
    x = 0.0
    g.append(draw.Rectangle(x + 10, 20, 36, 12, fill=BRIDGE, stroke=RAIL, stroke_width=1.5))
    g.append(_text(f"{pool.bridges} bridge{'s' if pool.bridges != 1 else ''}", x + 28, 50, 10))
    x += 80
    for color in COLORS:
        n = pool.pieces.get(color, 0)
        tops = pool.tops.count(color)
        if not n and not tops:
            continue
        shown = min(n, 4)
        for i in range(shown):
            g.append(draw.Rectangle(x + 5, 34 - i * 8.5, 26, 7.5, rx=1.5, fill=FILL[color],
                                    stroke=EDGE[color], stroke_width=1.3))
        if tops:
            top = 34 - (shown - 1) * 8.5
            g.append(draw.Path(d=f"M{x + 8} {top}h20l-4 -5h-12zM{x + 13} {top - 5}l5 -9 5 9z",
                               fill=FILL[color], stroke=START, stroke_width=1.8))
        words = f"{n} {color}" + (f", {tops} top{'s' if tops > 1 else ''}" if tops else "")
        g.append(_text(words, x + 18, 50, 10))
        x += max(70, 6.5 * len(words) + 8)
    for fid, n in sorted(Counter(pool.features).items()):
        g.append(draw.Group([_token(comps.feature(fid), x - PAD, -PAD)]))
        if n > 1:
            g.append(_text(f"x{n}", x + S - 2 * PAD + 4, 34, 12, anchor="start"))
        x += S - 2 * PAD + (30 if n > 1 else 10)
    return g, 56


def pool_svg(pool: Pool, title: str | None = None) -> str:
    """A pool or puzzle: the starting tile, the tiles to place, the bridges, pieces, tops and
    feature tiles, the scoring cards and the achievement."""
    comps = pool.components
    sheet = Sheet(5 * (2 * S + 16) + 2 * M)
    rows, cols = pool.size
    sheet.title(title or f"Cities USA pool: a {rows}x{cols} city")
    sheet.line(f"build a {rows}x{cols} city from the starting tile and "
               + (f"exactly these {len(pool.tiles)} tiles" if len(pool.tiles) + 1 == pool.places
                  else f"{pool.places - 1} of these {len(pool.tiles)} tiles")
               + " (any order the rules allow, any rotation)")
    sheet.title("starting tile")
    _tray(sheet, [comps.tile(pool.start)], comps)
    sheet.title(f"tiles to place ({len(pool.tiles)})")
    _tray(sheet, [comps.tile(t) for t in pool.tiles], comps)
    sheet.title("bridges, building pieces and feature tiles")
    sheet.place(*_supplies(pool))
    _card_lines(sheet, comps, pool.cards, pool.achievements)
    return sheet.svg()


def _puzzle_title(data: dict[str, Any]) -> str | None:
    """A daily puzzle file's heading (its date and proven optimum), if it is one."""
    import datetime as dt

    if data.get("kind") != "cities-usa" or not isinstance(data.get("date"), str):
        return None
    try:
        day = dt.date.fromisoformat(data["date"])
    except ValueError:
        raise CitiesError(f"{data['date']!r} is not a date YYYY-MM-DD", field="date") from None
    optimum = data.get("optimum")
    best = f" · optimum {optimum} (proven)" if type(optimum) is int else ""
    return f"Cities USA daily puzzle · {day.strftime('%A')} {day.isoformat()}{best}"


def picture(data: Any, components: Components | None = None) -> str:
    """The SVG of a Cities USA file object: a pool or daily puzzle file (``start``: its tiles
    to place), ``cities usa solve --json`` output (its ``city``), a game file (each player's
    city) or a city file."""
    comps = components or load_components()
    if not isinstance(data, dict):
        raise CitiesError("expected a Cities USA city, pool, puzzle or game object")
    if "start" in data:
        return pool_svg(pool_from_json(data, comps), _puzzle_title(data))
    if "actions" in data and "players" in data:
        return _game_svg(data, comps)
    if "city" in data and "tiles" not in data:
        if data["city"] is None:
            raise CitiesError("the solver found no city to draw", field="city")
        try:
            city = city_from_json(data["city"], comps)
        except CitiesError as err:
            raise err.located(field="city") from None
        score = data.get("score")
        return city_svg(city, f"score {score}" if type(score) is int else None)
    return city_svg(city_from_json(data, comps))


def file_picture(data: Any, components: Path | None = None) -> str:
    """``cities render``'s drawing of a Cities USA file (``components``: the
    ``--components`` file given, None for the shipped set)."""
    return picture(data, load_components(components))


def _game_svg(data: dict[str, Any], comps: Components) -> str:
    """A game file: every player's city as the rules engine rebuilds it, one under another."""
    from solver.usa.rules.gamefile import game_from_json

    game = game_from_json(data, comps)
    groups = [(p, *city_group(c)) for p, c in game.cities.items()]
    sheet = Sheet(max([w for _, _, w, _ in groups] + [400]) + 2 * M)
    sheet.title(f"Cities USA game ({game.rules.variant}): "
                + ("final" if game.over else f"before round {game.round}"))
    for player, group, _, h in groups:
        sheet.title(f"{player}: {game.score(player).total} points")
        sheet.place(group, h)
    sheet.place(_legend(comps.rules["dead_end_penalty"])[0], 18)
    return sheet.svg()


__all__ = ["city_group", "city_svg", "file_picture", "picture", "place_of", "pool_svg", "tile_svg"]
