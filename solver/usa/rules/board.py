"""The game board of Cities USA: four rows of worker spaces, each holding items (face up or
face down), a worker or none; skyscraper tops on the building pieces spaces.

A row's layout (how many items each worker space holds, which space is face down, which draws
from the bag) is the ruleset's data (``data/rulesets.json``).

>>> from solver.usa.game.rulesets import load_ruleset
>>> board = deal(load_ruleset().board, {"cards": ["a", "b", "c", "d"],
...     "tiles": list("wxyz"), "features": list("123456"), "pieces": list("KKBBWWYYKB")})
>>> [s.items for s in board["features"]], board["features"][3].face_down
([['6', '5'], ['4', '3'], ['2'], ['1']], True)
>>> [len(s.items) for s in board["pieces"]], board["pieces"][3].bag
([4, 3, 3, 0], True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.usa.game.rulesets import ROWS, BoardLayout


@dataclass
class WorkerSpace:
    """Items on one worker space; ``bag``: the space that draws pieces from the bag."""

    items: list[str] = field(default_factory=list)
    face_down: bool = False
    worker: str | None = None
    bag: bool = False

    @property
    def open(self) -> bool:
        """Free for a worker and holding something to take."""
        return self.worker is None and (bool(self.items) or self.bag)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"items": list(self.items), "face_down": self.face_down,
                               "worker": self.worker}
        if self.bag:
            out["bag"] = True
        return out


Board = dict[str, list[WorkerSpace]]


def deal(layout: BoardLayout, decks: dict[str, list[str]]) -> Board:
    """Fill every row from its deck (drawing from the end); a short deck leaves spaces short."""
    board: Board = {}
    for row in ROWS:
        spaces = []
        for i, n in enumerate(layout.slots(row)):
            bag = row == "pieces" and n == 0
            items = [decks[row].pop() for _ in range(n) if decks[row]]
            spaces.append(WorkerSpace(items, layout.face_down.get(row) == i and not bag,
                                      None, bag))
        board[row] = spaces
    return board


def workers_in(board: Board, player: str, row: str) -> int:
    return sum(1 for s in board[row] if s.worker == player)


def board_to_json(board: Board) -> dict[str, list[dict[str, Any]]]:
    return {row: [s.to_json() for s in spaces] for row, spaces in board.items()}
