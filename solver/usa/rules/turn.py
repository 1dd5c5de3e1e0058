"""A turn's city tile and its bridges, in the order the rulebook plays them.

Bridges come only after a city tile: the forced ones for the dead ends that tile made (inside
the tile's action, judged by ``legality.place_tile``), then at most one voluntary bridge.
The starting tile is laid in the setup, which grants none. The game engine checks a player's
turn against this rule and the order search builds its turns by it.

>>> voluntary_bridge_may_follow(tiles_laid=1, voluntary_bridges=0)
True
>>> voluntary_bridge_may_follow(tiles_laid=0, voluntary_bridges=0)
False
>>> voluntary_bridge_may_follow(tiles_laid=1, voluntary_bridges=1)
False
>>> voluntary_bridge_may_follow(tiles_laid=1, voluntary_bridges=0, starting_tile=True)
False
"""

from __future__ import annotations

VOLUNTARY_BRIDGES_A_TURN = 1


def voluntary_bridge_may_follow(tiles_laid: int, voluntary_bridges: int, *,
                                starting_tile: bool = False) -> bool:
    """Whether a voluntary bridge may come next in a turn that has laid ``tiles_laid`` city
    tiles and built ``voluntary_bridges`` voluntary bridges (its forced ones not counted);
    ``starting_tile``: the turn is the setup's, which lays the starting tile."""
    return (not starting_tile and tiles_laid == 1
            and voluntary_bridges < VOLUNTARY_BRIDGES_A_TURN)


__all__ = ["VOLUNTARY_BRIDGES_A_TURN", "voluntary_bridge_may_follow"]
