"""Reading data files: one loader wrapper and the typed field readers every loader uses.

``load_file(path, what, parse)`` reads a JSON file (bounded, ``-`` for standard input), hands
its contents to ``parse`` and names the file in whatever ``parse`` refuses, so each loader of
either game is ``load_file(path, "pool file", pool_from_json)``.  The readers check one
value each and raise ``BadField`` naming the field; a loader builds its field names
(``tiles[3].id``) and the reader says what was wrong.

>>> int_field(3, "bridges", 0, 3)
3
>>> int_field(True, "bridges", 0, 3)
Traceback (most recent call last):
solver.common.errors.BadField: bridges: expected a whole number 0-3, got True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from pathlib import Path
from typing import Any, TypeVar

from solver.common.errors import BadField, CitiesError
from solver.common.jsonio import read_json, source_name

T = TypeVar("T")


def load_file(path: str | Path, what: str, parse: Callable[[Any], T]) -> T:
    """Read the JSON file at ``path`` (``-``: standard input) and ``parse`` its contents;
    every refusal names the file (``<stdin>`` for standard input), ``what`` it was read as,
    and the field.

    >>> load_file("examples/usa/pool-small.json", "pool file", lambda data: data["size"])
    [2, 2]
    >>> load_file("examples/usa/pool-small.json", "pool file",
    ...           lambda data: str_field(data["size"], "size"))
    Traceback (most recent call last):
    solver.common.errors.BadField: examples/usa/pool-small.json: size: expected a non-empty ...
    """
    data = read_json(path, what)
    try:
        return parse(data)
    except CitiesError as err:
        raise err.located(source=source_name(path)) from None


#: The ``game`` field each file of Cities USA carries; Between Two Cities' files carry none.
CITIES_USA = "cities-usa"
_READERS = {CITIES_USA: "cities usa score, solve, play", None: "cities score, solve, play"}


def game_field(data: dict[str, Any], game: str | None) -> None:
    """Refuse a file of the other game (``game``: this file's, None for Between Two Cities),
    saying which commands read it.

    >>> game_field({"grid": []}, CITIES_USA)
    Traceback (most recent call last):
    solver.common.errors.BadField: game: expected "cities-usa" (a Between Two Cities file? ...)
    >>> game_field({"game": "cities-usa"}, None)
    Traceback (most recent call last):
    solver.common.errors.BadField: game: a Cities USA file: cities usa score, solve, play ...
    """
    found = data.get("game")
    if game is None and found == CITIES_USA:
        raise BadField(f"a Cities USA file: {_READERS[CITIES_USA]} read those", field="game")
    if game is not None and found != game:
        hint = (f" (a Between Two Cities file? {_READERS[None]} read those)"
                if "game" not in data else "")
        raise BadField(f'expected "{game}"{hint}', field="game")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def int_field(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    """An integer (never a boolean) within ``low``-``high`` when they are given.

    >>> int_field(-4, "seed")
    -4
    >>> int_field(4.0, "copies", 1)
    Traceback (most recent call last):
    solver.common.errors.BadField: copies: expected a whole number, 1 or more, got 4.0
    """
    if type(value) is not int or (low is not None and value < low) or (
            high is not None and value > high):
        if low is None and high is None:
            wanted = "an integer"
        elif high is None:
            wanted = f"a whole number, {low} or more"
        elif low is None:
            wanted = f"an integer, {high} or less"
        else:
            wanted = f"a whole number {low}-{high}"
        raise BadField(f"expected {wanted}, got {_shown(value)}", field=field)
    return value


def str_field(value: Any, field: str, *, empty: bool = False) -> str:
    """A string, non-empty unless ``empty`` allows it.

    >>> str_field("", "id")
    Traceback (most recent call last):
    solver.common.errors.BadField: id: expected a non-empty string, got ''
    """
    if not isinstance(value, str) or (not value and not empty):
        raise BadField(f"expected a {'' if empty else 'non-empty '}string, got {_shown(value)}",
                       field=field)
    return value


def bool_field(value: Any, field: str) -> bool:
    """``true`` or ``false``.

    >>> bool_field(1, "top")
    Traceback (most recent call last):
    solver.common.errors.BadField: top: expected true or false, got 1
    """
    if not isinstance(value, bool):
        raise BadField(f"expected true or false, got {_shown(value)}", field=field)
    return value


def object_field(value: Any, field: str | None) -> dict[str, Any]:
    """A JSON object.

    >>> object_field([], "rules")
    Traceback (most recent call last):
    solver.common.errors.BadField: rules: expected an object, got []
    """
    if not isinstance(value, dict):
        raise BadField(f"expected an object, got {_shown(value)}", field=field)
    return value


def list_field(value: Any, field: str, *, nonempty: bool = False,
               length: int | None = None) -> list[Any]:
    """A list: non-empty when the game needs at least one, of ``length`` items when given.

    >>> list_field([], "starting_tiles", nonempty=True)
    Traceback (most recent call last):
    solver.common.errors.BadField: starting_tiles: expected a non-empty list, got []
    >>> list_field([1], "points", length=2)
    Traceback (most recent call last):
    solver.common.errors.BadField: points: expected a list of 2, got [1]
    """
    if (not isinstance(value, list) or (nonempty and not value)
            or (length is not None and len(value) != length)):
        wanted = (f"a list of {length}" if length is not None else
                  "a non-empty list" if nonempty else "a list")
        raise BadField(f"expected {wanted}, got {_shown(value)}", field=field)
    return value


def choice_field(value: Any, allowed: Collection[str], field: str, what: str = "") -> str:
    """One of ``allowed``; the refusal lists them (``what`` names the kind of thing).

    >>> choice_field("grey", ("black", "blue"), "color", "colour")
    Traceback (most recent call last):
    solver.common.errors.BadField: color: unknown colour 'grey' (one of black, blue)
    """
    if not isinstance(value, str) or value not in allowed:
        known = ", ".join(allowed)
        if len(known) > 120:
            known = known[:117] + "..."
        raise BadField(f"unknown {what + ' ' if what else ''}{_shown(value)} (one of {known})",
                       field=field)
    return value


def str_list(value: Any, field: str, allowed: Collection[str] | None = None, *,
             nonempty: bool = False) -> list[str]:
    """A list of strings, each one of ``allowed`` when given.

    >>> str_list(["a", 3], "players")
    Traceback (most recent call last):
    solver.common.errors.BadField: players: expected a list of strings, got ['a', 3]
    >>> str_list(["a", "z"], "tops", {"a"})
    Traceback (most recent call last):
    solver.common.errors.BadField: tops[1]: unknown 'z'
    """
    if (not isinstance(value, list) or not all(isinstance(x, str) for x in value)
            or (nonempty and not value)):
        raise BadField(f"expected a {'non-empty ' if nonempty else ''}list of strings, "
                       f"got {_shown(value)}", field=field)
    if allowed is not None:
        for i, x in enumerate(value):
            if x not in allowed:
                raise BadField(f"unknown {_shown(x)}", field=f"{field}[{i}]")
    return list(value)


def unique_ids(ids: Iterable[str], field: str, what: str = "id") -> None:
    """Refuse an id given twice (the field of the second one is named).

    >>> unique_ids(["a", "b", "a"], "cards", "card id")
    Traceback (most recent call last):
    solver.common.errors.BadField: cards[2]: card id 'a' twice
    """
    seen: set[str] = set()
    for i, x in enumerate(ids):
        if x in seen:
            raise BadField(f"{what} {_shown(x)} twice", field=f"{field}[{i}]")
        seen.add(x)


def int_pair(value: Any, field: str, low: int = -99, high: int = 99,
             what: str = "[row, col]") -> tuple[int, int]:
    """Two integers, each within ``low``-``high`` (a place, a space, a size).

    >>> int_pair([3, 5], "size", 1, 5, "[rows, cols], 1 to 5 each")
    (3, 5)
    >>> int_pair([0, 1.5], "at")
    Traceback (most recent call last):
    solver.common.errors.BadField: at: expected [row, col], got [0, 1.5]
    """
    if not (isinstance(value, list) and len(value) == 2
            and all(type(v) is int and low <= v <= high for v in value)):
        raise BadField(f"expected {what}, got {_shown(value)}", field=field)
    return value[0], value[1]


def object_list(value: Any, field: str) -> list[dict[str, Any]]:
    """A list of JSON objects.

    >>> object_list([{}, 2], "tiles")
    Traceback (most recent call last):
    solver.common.errors.BadField: tiles[1]: expected an object, got 2
    """
    for i, item in enumerate(list_field(value, field)):
        object_field(item, f"{field}[{i}]")
    return value
