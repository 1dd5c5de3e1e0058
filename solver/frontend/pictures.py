"""``cities render`` draws either game's files: a game's front end registers the drawing of
its files under the ``"game"`` field they carry (``cli.py`` assembles them), so the command
dispatches on the file without one game importing the other.

>>> register("example-game", lambda data, components: "<svg/>")
>>> drawing_for({"game": "example-game"})({}, None)
'<svg/>'
>>> drawing_for({"grid": ["F S", "P ~"]}) is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from solver.common.errors import CitiesError

#: A file object and the ``--components`` file given (None: the game's own) -> SVG text.
Drawing = Callable[[Any, Path | None], str]

_DRAWINGS: dict[str, Drawing] = {}


def register(game: str, drawing: Drawing) -> None:
    _DRAWINGS[game] = drawing


def drawing_for(data: Any) -> Drawing | None:
    """The registered drawing of a file naming its ``game``; None for a file naming none
    (the files of Between Two Cities)."""
    game = data.get("game") if isinstance(data, dict) else None
    if game is None:
        return None
    if not isinstance(game, str) or game not in _DRAWINGS:
        known = ", ".join(sorted(_DRAWINGS)) or "none"
        raise CitiesError(f"{game!r} is not a game drawn here ({known})", field="game")
    return _DRAWINGS[game]
