"""The ``cities`` commands of Between Two Cities, the top layer of this game: ``cities.py``
(score, check, moves, render), ``games.py`` (play, advise, analyze), ``solve.py`` (solve).
Each parses its options (``solver.frontend``), calls the layers below and renders."""

from __future__ import annotations

from solver.frontend.app import new_app
from solver.twocities.commands import cities, games, solve

app = new_app("Between Two Cities.")
for part in (cities, games, solve):
    app.add_typer(part.app)

__all__ = ["app"]
