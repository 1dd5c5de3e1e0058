"""Tiles and the city notation's tokens.

A cell of a city holds ``None`` (empty space), ``LANDSCAPE``, or a ``Building``.
Tokens: ``F S P O H`` single buildings, ``Tf Td Tm Tb`` taverns (food, drink, music, bed),
``C:<id>`` a civic tile from the components file, ``C+XY-Z`` an explicit civic that likes
types X and Y and dislikes Z, ``~`` landscape, ``.`` empty.  Pools add duplexes: ``A|B``
(horizontal, A left) and ``A/B`` (vertical, A on top).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from solver.common.errors import CitiesError
from solver.twocities.game.vocab import (
    CIVIC,
    CIVIC_PREFERENCE_TYPES,
    LETTER_OF,
    TAVERN,
    TAVERN_LETTER,
    TAVERN_OF_LETTER,
    TYPE_OF_LETTER,
)


@dataclass(frozen=True)
class Civic:
    """A civic (municipal) tile: two liked types, one disliked type.

    >>> Civic("elementary-school", "Elementary School", frozenset({"park", "house"}), "tavern")
    Civic(id='elementary-school', ...)
    """

    id: str | None
    name: str
    likes: frozenset[str]
    dislikes: str
    source: str = "explicit"

    def __repr__(self) -> str:
        return f"Civic(id={self.id!r}, likes={sorted(self.likes)}, dislikes={self.dislikes!r})"

    @property
    def reconstructed(self) -> bool:
        return self.source == "reconstructed"


@dataclass(frozen=True)
class Building:
    """One building space's tile: its type, tavern kind (taverns) or civic card (civics).

    >>> Building("tavern", tavern="bed").token
    'Tb'
    """

    type: str
    tavern: str | None = None
    civic: Civic | None = None

    @property
    def token(self) -> str:
        """The notation token, e.g. ``F``, ``Tm``, ``C:library`` or ``C+PH-T``."""
        if self.type == TAVERN:
            return "T" + TAVERN_LETTER[self.tavern or "food"]
        if self.type == CIVIC and self.civic is not None:
            if self.civic.id:
                return f"C:{self.civic.id}"
            liked = "".join(sorted(LETTER_OF[t] for t in self.civic.likes))
            return f"C+{liked}-{LETTER_OF[self.civic.dislikes]}"
        return LETTER_OF[self.type]

    def __str__(self) -> str:
        return self.token


class _Landscape:
    """A landscape space of a mat: never built on, never a building."""

    _instance: _Landscape | None = None

    def __new__(cls) -> _Landscape:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "LANDSCAPE"

    def __reduce__(self) -> str:
        return "LANDSCAPE"


LANDSCAPE = _Landscape()
Cell = Building | _Landscape | None

_SIMPLE = {letter: Building(t) for letter, t in TYPE_OF_LETTER.items() if t not in (TAVERN, CIVIC)}
_EXPLICIT_CIVIC = re.compile(r"^C\+([FSTPOH])([FSTPOH])-([FSTPOH])$")


def parse_civic_spec(token: str) -> Civic:
    """Parse ``C+XY-Z`` into a Civic liking X and Y and disliking Z."""
    m = _EXPLICIT_CIVIC.match(token)
    if not m:
        raise CitiesError(f"bad civic token {token!r} (expected C:<id> or C+XY-Z, letters FSTPOH)")
    a, b, z = (TYPE_OF_LETTER[g] for g in m.groups())
    if len({a, b, z}) != 3:
        raise CitiesError(f"civic token {token!r} must name three different types")
    liked = "".join(sorted(LETTER_OF[t] for t in (a, b)))
    return Civic(None, f"C+{liked}-{LETTER_OF[z]}", frozenset({a, b}), z)


def parse_building(token: str, civics: Mapping[str, Civic] | None = None) -> Building:
    """Parse one building token (no landscape, no empty).

    >>> parse_building("Tm")
    Building(type='tavern', tavern='music', civic=None)
    """
    if token in _SIMPLE:
        return _SIMPLE[token]
    if len(token) == 2 and token[0] == "T" and token[1] in TAVERN_OF_LETTER:
        return Building(TAVERN, tavern=TAVERN_OF_LETTER[token[1]])
    if token.startswith("C:"):
        cid = token[2:]
        if civics is None or cid not in civics:
            raise CitiesError(f"unknown civic tile {cid!r} (not in the components file)")
        return Building(CIVIC, civic=civics[cid])
    if token.startswith("C+"):
        return Building(CIVIC, civic=parse_civic_spec(token))
    if _ABBREVIATION.match(token) and civics:
        found = [c for cid, c in civics.items() if civic_abbreviation(cid) == token]
        if len(found) == 1:
            return Building(CIVIC, civic=found[0])
        if found:
            named = " or ".join(f"C:{c.id}" for c in found)
            raise CitiesError(f"{token!r} could be {named}: write the one you mean")
    raise CitiesError(f"unknown token {token!r} (expected {_BUILDING_TOKENS})")


_BUILDING_TOKENS = "F S P O H, Tf Td Tm Tb, C:<id>, C+XY-Z or a civic's initials such as CTH"
_ABBREVIATION = re.compile(r"^C[A-Z]{1,3}$")


def civic_abbreviation(civic_id: str) -> str:
    """How a board shows a civic tile: C and the initials of its id's words (at most three).

    >>> civic_abbreviation("harbour-master")
    'CHM'
    """
    return "C" + "".join(w[0] for w in civic_id.split("-") if w).upper()[:3]


def parse_cell(token: str, civics: Mapping[str, Civic] | None = None) -> Cell:
    """Parse one grid token: a building, ``~`` landscape or ``.`` empty."""
    if token == "~":
        return LANDSCAPE
    if token == ".":
        return None
    try:
        return parse_building(token, civics)
    except CitiesError as err:
        if err.message.startswith("unknown token"):
            raise CitiesError(f"unknown token {token!r} (expected {_BUILDING_TOKENS}, "
                              "~ landscape or . empty)") from None
        raise


def cell_token(cell: Cell) -> str:
    """The token of a grid cell (inverse of ``parse_cell``)."""
    if cell is None:
        return "."
    if cell is LANDSCAPE:
        return "~"
    assert isinstance(cell, Building)
    return cell.token


def check_civic_types(likes: frozenset[str], dislikes: str) -> None:
    """A civic likes two types and dislikes a third, all building types other than civic."""
    names = [*sorted(likes), dislikes]
    for t in names:
        if t not in CIVIC_PREFERENCE_TYPES:
            raise CitiesError(
                f"civic preference {t!r} is not one of {', '.join(CIVIC_PREFERENCE_TYPES)}"
            )
    if len(likes) != 2 or dislikes in likes:
        raise CitiesError("a civic tile likes two different types and dislikes a third")


@dataclass(frozen=True)
class Duplex:
    """A duplex tile: two buildings joined, printed horizontal (``A|B``) or vertical (``A/B``).

    >>> duplex = parse_tile("P/H")
    >>> duplex.first.type, duplex.second.type, duplex.offset
    ('park', 'house', (1, 0))
    """

    first: Building
    second: Building
    horizontal: bool

    @property
    def token(self) -> str:
        return f"{self.first.token}{'|' if self.horizontal else '/'}{self.second.token}"

    @property
    def offset(self) -> tuple[int, int]:
        """Where the second half lies relative to the first."""
        return (0, 1) if self.horizontal else (1, 0)

    def __str__(self) -> str:
        return self.token


Tile = Building | Duplex


def buildings_of(tile: Tile) -> tuple[Building, ...]:
    """The buildings a tile puts on the city: a single's one, a duplex's two halves in order.

    >>> [b.token for b in buildings_of(parse_tile("F|O"))]
    ['F', 'O']
    """
    return (tile.first, tile.second) if isinstance(tile, Duplex) else (tile,)


def parse_tile(token: str, civics: Mapping[str, Civic] | None = None) -> Tile:
    """Parse a pool token: a single building or a duplex ``A|B`` / ``A/B``.

    >>> parse_tile("F|O").horizontal
    True
    """
    if token in ("~", "."):
        raise CitiesError(f"{token!r} is {'landscape' if token == '~' else 'an empty space'}, "
                          "not a tile")
    if token.count("|") + token.count("/") > 1:
        raise CitiesError(f"duplex {token!r}: a duplex joins exactly two buildings "
                          "(A|B horizontal or A/B vertical)")
    for sep, horizontal in (("|", True), ("/", False)):
        if sep in token:
            a, _, b = token.partition(sep)
            first, second = parse_building(a, civics), parse_building(b, civics)
            if CIVIC in (first.type, second.type):
                raise CitiesError(f"duplex {token!r}: no duplex carries a civic building")
            return Duplex(first, second, horizontal)
    return parse_building(token, civics)
