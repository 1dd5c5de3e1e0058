"""The ``cities`` command: the commands of each game and of the daily puzzles, assembled.

Each command lives beside the code it drives, as the top layer of its part: Between Two
Cities in ``solver/twocities/commands/``, Cities USA in ``solver/usa/commands.py`` (``cities
usa ...``), the daily puzzles and the browser page in ``puzzles/commands.py``.  What they
share (option types, one-line errors, JSON output) is ``solver/frontend/``.
"""

from __future__ import annotations

from puzzles.commands import app as puzzle_commands
from solver.frontend.app import new_app
from solver.frontend.pictures import register as register_picture
from solver.twocities.commands import app as twocities_commands
from solver.usa.commands import app as usa_commands
from solver.usa.svg import file_picture as usa_picture

ABOUT = ("Between Two Cities and Cities USA: exact scoring, proven-optimal cities, legal moves, "
         "games with bots, daily puzzles.")

app = new_app(ABOUT, group=True)
app.add_typer(twocities_commands)
app.add_typer(puzzle_commands)
app.add_typer(usa_commands, name="usa")
register_picture("cities-usa", usa_picture)  # cities render draws Cities USA files too


def main() -> None:
    app()


if __name__ == "__main__":
    main()
