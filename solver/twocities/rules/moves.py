"""Every legal place for a tile: the anchors ``legality.check`` accepts, look-ahead included.

>>> from solver.twocities.game.components import load_components
>>> from solver.twocities.game.rulesets import load_ruleset
>>> from solver.twocities.game.tiles import parse_tile
>>> from solver.twocities.rules.position import Position
>>> mat = load_components().mat("river-bend")
>>> legal_moves(Position.start(load_ruleset(), mat), parse_tile("F")) == sorted(mat.open_spaces)
True
"""

from __future__ import annotations

from solver.twocities.game.components import Coord
from solver.twocities.game.tiles import Tile
from solver.twocities.rules.legality import candidates, check
from solver.twocities.rules.position import Position


def legal_moves(pos: Position, tile: Tile, reading: str | None = None) -> list[Coord]:
    """Every legal anchor for ``tile`` (mat coordinates; a duplex by its top-left half)."""
    return [at for at in candidates(pos, tile) if check(pos, tile, at, reading).legal]
