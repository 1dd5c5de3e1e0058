"""What the web app's endpoints compute: each one calls the same library function as the CLI
(scorer, rules engine, grader), so the page and ``cities ... --json`` always agree.

>>> from puzzles.archive import archived
>>> import datetime as dt
>>> puzzle = archived(dt.date(2026, 12, 1))
>>> view = board_json(puzzle, [])
>>> view["next"], view["remaining"], len(view["state"]["placed"])
('duplex', [0, 2, 8], 8)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from puzzles.decompose import decompositions
from puzzles.grade import grade
from puzzles.puzzle import Puzzle
from solver.common.errors import CitiesError
from solver.twocities.game.city import City
from solver.twocities.game.components import Coord, Mat, load_components
from solver.twocities.game.layout import shift
from solver.twocities.game.pool import placements_from_json
from solver.twocities.game.tiles import LANDSCAPE, Building, Duplex, Tile, parse_tile
from solver.twocities.rules.position import Position, round_one_singles, validate
from solver.twocities.svg import city_svg, mat_cells, mat_svg, tile_svg


def score_json(data: Any) -> dict[str, Any]:
    """``cities score FILE --json``: a city's breakdown, or a table's standings."""
    from solver.twocities.game.city import city_from_json
    from solver.twocities.scoring.categories import score_city
    from solver.twocities.scoring.table import is_table, score_table_data

    comps = load_components()
    if is_table(data):
        return score_table_data(data, comps, source="body").to_json()
    return score_city(city_from_json(data, comps.civics)).to_json()


def check_json(puzzle: Puzzle, answer: Any, address: str | None = None) -> dict[str, Any]:
    """``cities daily --check ANSWER --json``: the grade (``legal`` false lists the problems);
    the page's ``address`` ends its share line."""
    try:
        return grade(puzzle, answer).to_json(address)
    except CitiesError as err:
        raise err.located(field="answer") from None


def address_shape(address: Any) -> str | None:
    """The page's address for the share line: an http(s) URL of at most 200 characters."""
    if address is None:
        return None
    if not (isinstance(address, str) and len(address) <= 200
            and address.startswith(("http://", "https://")) and address.isprintable()
            and " " not in address):
        raise CitiesError("expected the page's http(s) address", field="address")
    return address


def answer_shape(answer: Any) -> Any:
    """An answer's shape, checked before its puzzle is looked up or made (a city object, or
    ``{"cities": [...]}`` of city objects); the grader checks the rest."""
    if not isinstance(answer, dict):
        raise CitiesError("expected a city file object", field="answer")
    cities = answer.get("cities")
    if cities is not None and not (isinstance(cities, list)
                                   and all(isinstance(c, dict) for c in cities)):
        raise CitiesError("expected a list of city objects", field="answer.cities")
    return answer


def placed_shape(placed: Any) -> Any:
    """The tiles placed, checked before the puzzle is looked up or made: a list of
    ``{"tile": T, "at": [r, c]}`` (the rules engine checks the rest)."""
    if not isinstance(placed, list):
        raise CitiesError("expected a list of {\"tile\": T, \"at\": [r, c]}", field="placed")
    for i, item in enumerate(placed):
        at = item.get("at") if isinstance(item, dict) else None
        if not (isinstance(at, list) and len(at) == 2 and all(type(v) is int for v in at)
                and isinstance(item.get("tile"), str)):
            raise CitiesError("expected {\"tile\": T, \"at\": [r, c]}", field=f"placed[{i}]")
    return placed


def _state_tile(state: Any, tile: Any, city: Any) -> tuple[Position, Tile, Any]:
    """The city in progress (of a game file: city ``city``, 1-based), the tile, the game."""
    from solver.twocities.rules.gamefile import game_from_json, is_game
    from solver.twocities.rules.position import position_from_json

    comps = load_components()
    game = None
    try:
        if is_game(state):
            game = game_from_json(state, comps)
            if type(city) is not int or not 1 <= city <= len(game.cities):
                raise CitiesError(f"a game holds {len(game.cities)} cities: give \"city\": N "
                                  "(1-based) beside the state", field="city")
            pos = game.cities[city - 1].position
        else:
            pos = position_from_json(state, comps)
    except CitiesError as err:
        raise err.located(field="state" if err.field != "city" else None) from None
    if not isinstance(tile, str):
        raise CitiesError("expected a tile token such as 'F', 'Tm', 'F|O' or 'P/H'", field="tile")
    try:
        parsed = parse_tile(tile, comps.civics)
    except CitiesError as err:
        raise err.located(field="tile") from None
    return pos, parsed, game


def moves_json(state: Any, tile: Any, city: Any = None) -> dict[str, Any]:
    """``cities moves STATE --tile T --json``: every legal anchor (mat coordinates)."""
    from solver.twocities.rules.moves import legal_moves

    pos, parsed, _ = _state_tile(state, tile, city)
    return {"positions": [list(p) for p in legal_moves(pos, parsed)]}


def verdict_json(state: Any, tile: Any, at: Any, city: Any = None) -> dict[str, Any]:
    """``cities check STATE --tile T --at R,C --json``: legal or not, the reason, the rule."""
    from solver.twocities.rules.game import check_in_game
    from solver.twocities.rules.legality import check

    if not (isinstance(at, list) and len(at) == 2 and all(type(v) is int for v in at)):
        raise CitiesError("expected [r, c] in mat coordinates (a duplex: its top-left half)",
                          field="at")
    pos, parsed, game = _state_tile(state, tile, city)
    where = (at[0], at[1])
    verdict = check(pos, parsed, where) if game is None else \
        check_in_game(game, city - 1, parsed, where)
    return verdict.to_json()


def building_words(b: Building) -> str:
    """A building in words: ``factory``, ``drink tavern``, a civic's name.

    >>> building_words(parse_tile("Td"))
    'drink tavern'
    """
    if b.type == "tavern":
        return f"{b.tavern or 'food'} tavern"
    if b.type == "civic" and b.civic is not None:
        return f"{b.civic.name} (civic)"
    return b.type


def tile_words(tile: Tile) -> str:
    """A tile in words, for screen readers: ``factory``, ``shop | music tavern duplex``.

    >>> tile_words(parse_tile("P/H"))
    'park / house duplex'
    """
    if isinstance(tile, Duplex):
        mark = "|" if tile.horizontal else "/"
        return f"{building_words(tile.first)} {mark} {building_words(tile.second)} duplex"
    return building_words(tile)


def solution_json(puzzle: Puzzle) -> dict[str, Any]:
    """``cities daily --solution --json``."""
    return puzzle.solution_json()


def solution_svg(puzzle: Puzzle, which: str = "0") -> str:
    """The proven optimal city (a pair's city ``which``: 0 or 1), its duplexes drawn whole
    (the first reading of its tiles)."""
    cities = puzzle.solution_cities()
    if which not in [str(i) for i in range(len(cities))]:
        raise CitiesError(f"expected a city number, 0 to {len(cities) - 1}", field="city")
    city = cities[int(which)]
    pool = puzzle.pool
    tiles = Counter(pool.tiles) + Counter(p.tile for p in pool.fixed)
    reading = next(iter(decompositions(city, tiles, pool.rules.duplexes, frozenset())), [])
    return city_svg(city, reading)


def tile_picture(token: str) -> str:
    try:
        return tile_svg(parse_tile(token, load_components().civics))
    except CitiesError as err:
        raise err.located(field="tile") from None


def display_range(puzzle: Puzzle, which: int = 0) -> tuple[range, range]:
    """Every mat-coordinate row and column some city square around the mat can use."""
    n, mat = puzzle.pool.rules.size, _mat(puzzle, which)
    h, w = (mat.height, mat.width) if mat else (1, 1)
    return range(h - n, n), range(w - n, n)


def _mat(puzzle: Puzzle, which: int) -> Mat | None:
    """City ``which``'s mat (0-based: a pair's second city is 1)."""
    pool = puzzle.pool
    return pool.mats[which] if pool.mats else None


def position_of(puzzle: Puzzle, placed: Any, which: int = 0) -> Position:
    """The puzzle's city ``which`` (a pair's 0 or 1) with the fixed tiles and the player's
    ``placed`` list, validated."""
    pool, comps = puzzle.pool, load_components()
    if type(which) is not int or not 0 <= which < pool.cities:
        raise CitiesError(f"this puzzle builds {pool.cities} cities: expected 0"
                          + (f" to {pool.cities - 1}" if pool.cities > 1 else ""), field="city")
    mine = placements_from_json(placed, comps, pool.rules, "placed")
    over = Counter(p.tile for p in mine) - Counter(pool.tiles)
    if over:
        names = ", ".join(sorted(t.token for t in over))
        raise CitiesError(f"uses more {names} than the puzzle's tiles hold", field="placed")
    rules = pool.rules
    every = (*pool.fixed, *mine)
    singles = sum(not isinstance(p.tile, Duplex) for p in every)
    duplexes = len(every) - singles
    rnd = 1 if singles < round_one_singles(rules) else 2 if duplexes < rules.duplexes else 3
    pos = Position(rules, _mat(puzzle, which), tuple(every), rnd)
    try:
        validate(pos)
    except CitiesError as err:
        raise err.located(field="placed") from None
    return pos


def board_json(puzzle: Puzzle, placed: Any, which: int = 0) -> dict[str, Any]:
    return _view(puzzle, placed, which)[0]


def _view(puzzle: Puzzle, placed: Any, which: int = 0) -> tuple[dict[str, Any], City]:
    """The page's view of the city being built: the picture (mat coordinates, every space a
    square could still use), the city-in-progress object for ``/api/moves``, and the city file
    object (city coordinates, with the puzzle's rivals and the placements) for ``/api/score``
    and ``/api/check``; ``which`` names a pair's city (0 or 1)."""
    pos = position_of(puzzle, placed, which)
    rows, cols = display_range(puzzle, which)
    n = pos.size
    top, left, bottom, right = pos.bounds()
    # only the rows and columns some square around what is there can still use
    rows = range(max(rows[0], bottom - n + 1), min(rows[-1], top + n - 1) + 1)
    cols = range(max(cols[0], right - n + 1), min(cols[-1], left + n - 1) + 1)
    classes: dict[Coord, str] = {}
    fixed = {cell for p in puzzle.pool.fixed for cell in p.cells}
    for cell in fixed:
        classes[cell] = "fixed"
    names = {f"{r},{c}": "landscape" if cell is LANDSCAPE else building_words(cell)
             for (r, c), cell in mat_cells(pos.mat, pos.placed).items()
             if r in rows and c in cols and cell is not None}
    city = pos.to_city().with_context(puzzle.pool.context)
    city_json = city.to_json()
    city_json["placements"] = [{"tile": p.tile.token,
                                "cells": [list(shift(c, (-top, -left))) for c in p.cells]}
                               for p in pos.placed]
    view = {
        "svg": mat_svg(pos.mat, pos.placed, rows, cols, classes),
        "rows": [rows[0], rows[-1]], "cols": [cols[0], cols[-1]],
        "state": pos.to_json(),
        "city": city_json,
        "next": pos.next_kind(),
        "remaining": list(pos.remaining()),
        "finished": pos.finished,
        "names": names,
        "tiles": {t.token: tile_words(t) for t in puzzle.pool.tiles},
    }
    return view, city


def pair_json(puzzle: Puzzle, placed: Any) -> dict[str, Any]:
    """A pair's two cities being built (``placed``: one list per city, together at most the
    pool's tiles): each city's view as ``board_json`` gives it, and their scores against each
    other and the rivals, as the grader scores a pair (the lower one is the player's)."""
    from solver.twocities.scoring.categories import score_city
    from solver.twocities.scoring.rivals import against_each_other

    if puzzle.pool.cities != 2:
        raise CitiesError("this puzzle builds one city: send \"placed\", not \"cities\"",
                          field="cities")
    if not (isinstance(placed, list) and len(placed) == 2):
        raise CitiesError("expected two lists of {\"tile\": T, \"at\": [r, c]}",
                          field="cities")
    views = [_view(puzzle, placed_shape(p), i) for i, p in enumerate(placed)]
    over = (Counter(p["tile"] for lst in placed for p in lst)
            - Counter(t.token for t in puzzle.pool.tiles))
    if over:
        names = ", ".join(sorted(over))
        raise CitiesError(f"the two cities use more {names} than the puzzle's tiles hold",
                          field="cities")
    scores = [score_city(c).to_json() for c in against_each_other([c for _, c in views])]
    return {"cities": [v for v, _ in views], "scores": scores,
            "score": min(s["total"] for s in scores)}
