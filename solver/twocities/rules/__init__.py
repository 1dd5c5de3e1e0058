"""The rules engine: cities in progress, placement legality with dead-end look-ahead, whole games.

- ``position``: a city in progress in mat coordinates (what it holds, what it will still get).
- ``legality``: may this tile go there?  Placement rules plus the look-ahead that proves some
  continuation still completes the square (docs/rulings.md, "Placement"); ``moves``: every
  legal place for a tile; ``order``: the order of play for a finished city.
- ``game``: seating, rounds, drafting, the variants; ``bots``: players; ``gamefile``: JSON.
"""

from solver.twocities.rules.legality import Verdict, check
from solver.twocities.rules.moves import legal_moves
from solver.twocities.rules.position import Position

__all__ = ["Position", "Verdict", "check", "legal_moves"]
