"""Game variants as data (``data/rulesets.json``): players, rounds, city size, the workers'
rules, ring spaces, solo; and the board's layout and the solo cards (both a sample
reconstruction, labelled so).

>>> rs = load_ruleset("two-player-long")
>>> rs.players, rs.rounds, rs.size, rs.workers_per_row, rs.ring_spaces
((2, 2), 7, (3, 5), 2, (0, 2))
>>> load_ruleset("solo").solo_cards[0].id, load_ruleset("solo").solo_source
('bga-1', 'sample')
>>> load_ruleset("standard").board.slots("features")
(2, 2, 1, 1)
>>> load_ruleset("chess")
Traceback (most recent call last):
solver.common.errors.CitiesError: variant: unknown variant 'chess' (standard, two-player, \
two-player-advanced, two-player-long, solo)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from solver.common.errors import CitiesError
from solver.common.fields import int_field, list_field
from solver.common.jsonio import read_json

PATH = Path(__file__).parent.parent / "data" / "rulesets.json"

ROWS = ("cards", "tiles", "features", "pieces")
"""The board's four rows, top to bottom."""


@dataclass(frozen=True)
class BoardLayout:
    """How many items each worker space of a row holds; the face-down space of each row;
    the space that draws pieces from the bag instead; skyscraper tops per pieces space."""

    spaces: dict[str, tuple[int, ...]]
    bag_draw: int
    face_down: dict[str, int]
    tops_per_space: int
    source: str

    def slots(self, row: str) -> tuple[int, ...]:
        return self.spaces[row]

    def width(self, row: str) -> int:
        return len(self.spaces[row])


@dataclass(frozen=True)
class SoloCard:
    """A Builders Guild of America card: the worker spaces whose items it removes, by row."""

    id: str
    remove: dict[str, tuple[int, ...]]


@dataclass(frozen=True)
class Ruleset:
    """One variant: everything the game engine asks (``if`` on a field, never on a name)."""

    variant: str
    description: str
    players: tuple[int, int]
    rounds: int
    size: tuple[int, int]
    workers_per_row: int
    second_worker_needs_every_row: bool
    ring_spaces: tuple[int, ...]
    solo: bool
    board: BoardLayout
    solo_ring_by_tiles: tuple[int, ...] = ()
    solo_achievements_needed: int = 0
    solo_cards: tuple[SoloCard, ...] = ()
    solo_source: str = "sample"

    @property
    def workers(self) -> int:
        return self.workers_per_row * len(ROWS)


def _ints(value: Any, field: str, length: int | None = None) -> tuple[int, ...]:
    """A list of whole numbers 0-99 (of ``length`` of them when given)."""
    return tuple(int_field(v, f"{field}[{i}]", 0, 99)
                 for i, v in enumerate(list_field(value, field, length=length)))


def _board(raw: Any) -> BoardLayout:
    if not isinstance(raw, dict):
        raise CitiesError("expected an object", field="board")
    spaces = {row: _ints(raw.get(row), f"board.{row}") for row in ROWS}
    face_down = raw.get("face_down", {})
    if not isinstance(face_down, dict):
        raise CitiesError("expected an object", field="board.face_down")
    for row, i in face_down.items():
        if row not in ROWS or type(i) is not int or not 0 <= i < len(spaces[row]):
            raise CitiesError(f"expected a worker space of {row}", field="board.face_down")
    return BoardLayout(spaces, int_field(raw.get("bag_draw", 2), "board.bag_draw", 0, 99),
                       dict(face_down),
                       int_field(raw.get("tops_per_space", 2), "board.tops_per_space", 0, 99),
                       str(raw.get("source", "sample")))


def _solo_cards(raw: Any, board: BoardLayout) -> tuple[tuple[SoloCard, ...], str]:
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), list):
        raise CitiesError("expected {\"cards\": [...]}", field="solo_cards")
    out = []
    for i, c in enumerate(raw["cards"]):
        f = f"solo_cards.cards[{i}]"
        if not isinstance(c, dict) or not isinstance(c.get("remove"), dict):
            raise CitiesError("expected {\"id\": ..., \"remove\": {row: [spaces]}}", field=f)
        remove = {}
        for row, spaces in c["remove"].items():
            if row not in ROWS:
                raise CitiesError(f"unknown row {row!r}", field=f"{f}.remove")
            remove[row] = _ints(spaces, f"{f}.remove.{row}")
            if any(s >= board.width(row) for s in remove[row]):
                raise CitiesError(f"the {row} row has {board.width(row)} spaces",
                                  field=f"{f}.remove.{row}")
        out.append(SoloCard(str(c.get("id", f"solo-{i + 1}")), remove))
    return tuple(out), str(raw.get("source", "sample"))


def ruleset_from_json(data: Any, variant: str) -> Ruleset:
    if not isinstance(data, dict) or not isinstance(data.get("variants"), dict):
        raise CitiesError("expected {\"variants\": {...}}")
    variants = data["variants"]
    if variant not in variants:
        raise CitiesError(f"unknown variant {variant!r} ({', '.join(variants)})",
                          field="variant")
    v = variants[variant]
    f = f"variants.{variant}"
    if not isinstance(v, dict):
        raise CitiesError("expected an object", field=f)
    board = _board(data.get("board"))
    players = _ints(v.get("players"), f"{f}.players", 2)
    size = _ints(v.get("size"), f"{f}.size", 2)
    solo = v.get("solo") is True
    cards, source = _solo_cards(data.get("solo_cards"), board) if solo else ((), "sample")
    return Ruleset(
        variant, str(v.get("description", "")), (players[0], players[1]),
        int_field(v.get("rounds"), f"{f}.rounds", 0, 99), (size[0], size[1]),
        int_field(v.get("workers_per_row"), f"{f}.workers_per_row", 0, 99),
        v.get("second_worker_needs_every_row") is True,
        _ints(v.get("ring_spaces"), f"{f}.ring_spaces"), solo, board,
        _ints(v.get("solo_ring_by_tiles", []), f"{f}.solo_ring_by_tiles"),
        int_field(v.get("solo_achievements_needed", 0), f"{f}.solo_achievements_needed", 0, 99),
        cards, source)


@cache
def _data() -> Any:
    return read_json(PATH, "rulesets file")


def variants() -> tuple[str, ...]:
    """The variant names, in the file's order."""
    return tuple(_data()["variants"])


def load_ruleset(variant: str = "standard") -> Ruleset:
    return ruleset_from_json(_data(), variant)
