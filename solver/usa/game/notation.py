"""The one-line notation of a city's tiles and streets, for tests and the Python API.

Tiles row by row, rows separated by ``/``, tiles by spaces. A tile is its four spaces as they
lie (NW NE SW SE), then ``:`` and its arms: upper case a printed street, lower case a bridge.
``.`` is a place with no tile. An optional leading ``RxC`` gives the city's size (default: the
grid written). Spaces: ``w`` water, ``p`` park, ``K`` black, ``B`` blue, ``W`` white,
``Y`` yellow, ``s`` construction site, ``t`` food truck.

>>> city = parse_city("3x3 wwpp:EW KBsY:Ns / . ppww")
>>> city.size, sorted(city.tiles), sorted(city.bridges)
((3, 3), [(0, 0), (0, 1), (1, 1)], [((0, 1), 'S')])
>>> format_city(city)
'3x3 wwpp:EW KBsY:Ns . / . ppww . / . . .'
"""

from __future__ import annotations

from solver.common.errors import CitiesError
from solver.usa.game.city import City, Place, PlacedTile
from solver.usa.game.components import Components, load_components
from solver.usa.game.tiles import Tile
from solver.usa.game.vocab import ARMS

LETTER = {"water": "w", "park": "p", "black": "K", "blue": "B", "white": "W", "yellow": "Y",
          "site": "s", "truck": "t"}
KIND = {v: k for k, v in LETTER.items()}


def parse_tile_token(token: str, field: str = "tile") -> tuple[Tile, frozenset[str]]:
    """One tile token: the tile as it lies (an inline tile) and the arms bridged."""
    spaces, _, arms = token.partition(":")
    if len(spaces) != 4 or any(ch not in KIND for ch in spaces):
        raise CitiesError(f"{token!r}: expected 4 space letters from "
                          f"{''.join(KIND)} (NW NE SW SE)", field=field)
    if any(a.upper() not in ARMS for a in arms) or len(set(arms.upper())) != len(arms):
        raise CitiesError(f"{token!r}: arms are N, E, S, W (lower case: a bridge), "
                          "each once", field=field)
    tile = Tile("", "inline tile", tuple(KIND[ch] for ch in spaces),  # type: ignore[arg-type]
                frozenset(a for a in arms if a.isupper()), source="inline")
    return tile, frozenset(a.upper() for a in arms if a.islower())


def parse_city(text: str, components: Components | None = None) -> City:
    """A city from its notation (tiles, streets and bridges only)."""
    words = text.split()
    size = None
    if words and "x" in words[0] and words[0].replace("x", "").isdigit():
        r, _, c = words.pop(0).partition("x")
        size = (int(r), int(c))
    rows = [row.split() for row in " ".join(words).split("/")]
    tiles: dict[Place, PlacedTile] = {}
    bridges = set()
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if token == ".":
                continue
            tile, bridged = parse_tile_token(token, f"row {r + 1}, tile {c + 1}")
            tiles[(r, c)] = PlacedTile(tile)
            bridges |= {((r, c), a) for a in bridged}
    size = size or (len(rows), max((len(row) for row in rows), default=0))
    if any(r >= size[0] or c >= size[1] for r, c in tiles):
        raise CitiesError(f"tiles outside the {size[0]}x{size[1]} city", field="notation")
    return City(size, tiles, frozenset(bridges),
                components=components or load_components())


def format_city(city: City) -> str:
    """The notation of a city (its tiles as they lie; ids and rotations are not kept)."""
    rows = []
    for r in range(city.size[0]):
        tokens = []
        for c in range(city.size[1]):
            if (r, c) not in city.tiles:
                tokens.append(".")
                continue
            laid = city.laid((r, c))
            arms = "".join(a if a in laid.streets else a.lower() for a in ARMS
                           if a in city.arms((r, c)))
            tokens.append("".join(LETTER[k] for k in laid.spaces) + (f":{arms}" if arms else ""))
        rows.append(" ".join(tokens))
    return f"{city.size[0]}x{city.size[1]} " + " / ".join(rows)
