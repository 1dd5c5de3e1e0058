"""An answer to fill in (``cities daily --game usa --template``): a Cities USA city file holding
the starting tile, with the pool's pieces still to place listed beside it.

The template is itself a city file (``cities usa score`` and ``cities daily --game usa
--check`` read it; the keys a city file does not know are left alone).  As written it is a
city of one tile: ``--check`` refuses it as not finished, naming the empty places.

>>> import datetime as dt
>>> from puzzles.usa.archive import archived_usa
>>> template = usa_answer_template(archived_usa(dt.date(2026, 11, 29)))
>>> template["tiles"], template["bridges"]
([{'tile': 'start-2', 'at': [1, 1], 'rotation': 0}], [])
>>> template["to_place"]["tiles"][:2], template["to_place"]["pieces"]
(['city-05', 'city-19'], {'white': 3, 'yellow': 3})
"""

from __future__ import annotations

from typing import Any

from puzzles.usa.puzzle import UsaPuzzle

HOW = [
    "Add each tile of to_place.tiles to tiles as {{\"tile\": ID, \"at\": [row, col], "
    "\"rotation\": 0, 90, 180 or 270}}: rows 0-{last_row}, columns 0-{last_col}; the "
    "starting tile may move.",
    "Bridges go in bridges as {{\"at\": [row, col], \"arm\": \"N\", \"E\", \"S\" or \"W\"}}, "
    "at most {bridges}; the city must be one an order of play builds: each tile fully "
    "adjacent, the dead ends it makes fixed while bridges last, then at most one voluntary "
    "bridge a turn (none after the starting tile).",
    "Features go in features as {{\"feature\": ID, \"space\": [R, C]}}, building pieces in "
    "buildings as {{\"space\": [R, C], \"color\": C, \"height\": N, \"top\": false}}: a space "
    "[R, C] lies on the tile [R // 2, C // 2] (the tile's spaces are NW, NE, SW, SE).",
    "Then: cities daily --game usa --date {date} --check THIS_FILE (cities usa score "
    "THIS_FILE scores it alone).",
]


def usa_answer_template(puzzle: UsaPuzzle) -> dict[str, Any]:
    """The answer file to fill in for ``puzzle``: its starting tile at the city's centre (or
    the nearest place to it), the rest of the pool under ``to_place``."""
    pool = puzzle.pool
    rows, cols = pool.size
    return {
        "game": "cities-usa",
        "date": puzzle.date.isoformat(),
        "how": [line.format(last_row=rows - 1, last_col=cols - 1, bridges=pool.bridges,
                            date=puzzle.date.isoformat()) for line in HOW],
        "size": [rows, cols],
        "tiles": [{"tile": pool.start, "at": [(rows - 1) // 2, (cols - 1) // 2],
                   "rotation": 0}],
        "bridges": [],
        "features": [],
        "buildings": [],
        "to_place": {
            "tiles": list(pool.tiles),
            "bridges": pool.bridges,
            "features": list(pool.features),
            "pieces": {color: n for color, n in pool.pieces.items() if n},
            "tops": list(pool.tops),
        },
    }
