"""The ``cities`` command: parse arguments, call the solver package, render.  No rules here."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console

from solver.errors import CitiesError

app = typer.Typer(
    help="Between Two Cities: exact scoring, proven-optimal cities, legal moves, daily puzzles.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

T = TypeVar("T")


@app.callback()
def _root() -> None:
    """Between Two Cities: exact scoring, proven-optimal cities, legal moves, daily puzzles."""

ComponentsOption = Annotated[
    Path | None,
    typer.Option("--components", help="A components file to use instead of the shipped one."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


def fail(message: str) -> typer.Exit:
    """Print one line on stderr and return the exit to raise (status 2: bad input)."""
    sys.stderr.write(f"cities: error: {' '.join(message.split())}\n")
    return typer.Exit(2)


def guarded(fn: Callable[[], T]) -> T:
    """Run ``fn``; bad input becomes one line and exit status 2, never a traceback."""
    try:
        return fn()
    except CitiesError as err:
        raise fail(str(err)) from None
    except (BrokenPipeError, KeyboardInterrupt):
        raise typer.Exit(130) from None


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


# --- cities score ---------------------------------------------------------------------------


@app.command()
def score(
    file: Annotated[str, typer.Argument(help="A city file or a table file (JSON); - for stdin.")],
    json_out: JsonOption = False,
    components: ComponentsOption = None,
) -> None:
    """Score a city (coloured grid and breakdown) or a whole table (final standings)."""
    from solver.components import load_components, read_json
    from solver.table import is_table, score_table_data

    def run() -> None:
        comps = load_components(components)
        data = read_json(file, "city file")
        if is_table(data):
            result = score_table_data(data, comps, source=file)
            if json_out:
                print_json(result.to_json())
            else:
                _render_table(result)
            return
        from solver.city import city_from_json
        from solver.cityfile import source_name
        from solver.scoring import score_city

        try:
            city = city_from_json(data, comps.civics)
        except CitiesError as err:
            raise err.located(source=source_name(file)) from None
        result = score_city(city)
        if json_out:
            print_json(result.to_json())
            return
        _render_city(city, result, comps)

    guarded(run)


def _render_city(city: Any, result: Any, comps: Any) -> None:
    from solver.render import render_breakdown, render_city

    console.print(render_city(city))
    civic_notes = sorted({b.civic.name + (" (reconstructed)" if b.civic.reconstructed else "")
                          for _, b in city.buildings() if b.type == "civic" and b.civic})
    if civic_notes:
        console.print("civics: " + ", ".join(civic_notes), style="magenta")
    console.print()
    console.print(render_breakdown(result, title=f"Score ({city.edition} edition)"))


def _render_table(result: Any) -> None:
    from rich.table import Table

    from solver.render import render_breakdown, render_city

    for entry in result.cities:
        console.print(f"[bold]{entry.name}[/bold] (built by {', '.join(entry.builders)})")
        console.print(render_city(entry.city))
        console.print(render_breakdown(entry.score, title=""))
        console.print()
    standings = Table(title="Final standings")
    for col in ("place", "player", "final", "cities"):
        standings.add_column(col)
    for s in result.standings:
        standings.add_row(str(s.place), s.player, str(s.final),
                          " + ".join(str(v) for v in s.city_scores) if result.rule == "sum"
                          else " / ".join(str(v) for v in s.city_scores))
    console.print(standings)
    for line in result.notes:
        console.print(line, style="dim")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
