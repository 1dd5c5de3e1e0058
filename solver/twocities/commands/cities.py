"""``cities score``, ``check``, ``moves`` and ``render``: one city, scored, judged or drawn."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from solver.common.errors import CitiesError
from solver.common.jsonio import (
    read_json,
    source_name,
    write_bytes_atomic,
)
from solver.common.options import CITY
from solver.frontend import options
from solver.frontend.app import check_output, console, guarded, new_app, print_json
from solver.frontend.pictures import drawing_for
from solver.twocities.game.city import city_from_json
from solver.twocities.game.components import load_components
from solver.twocities.game.tiles import parse_tile
from solver.twocities.rules.game import check_in_game
from solver.twocities.rules.gamefile import check_game_data, is_game, load_state
from solver.twocities.rules.legality import check as check_move
from solver.twocities.rules.moves import legal_moves
from solver.twocities.scoring.categories import score_city
from solver.twocities.scoring.table import is_table, score_table_data
from solver.twocities.show import render_scored_city, render_table
from solver.twocities.svg import picture, png_bytes

app = new_app("Between Two Cities: one city.")

CityOption = Annotated[int | None, options.count("--city", CITY,
                                                 "Which city of a game file (1-based).")]
TileOption = Annotated[str, typer.Option("--tile", help="The tile, e.g. F, Tm, F|O, P/H.")]


@app.command()
def score(
    file: Annotated[str, typer.Argument(help="A city file or a table file (JSON); - for stdin.")],
    json_out: options.Json = False,
    components: options.Components = None,
    svg_out: Annotated[Path | None, options.path("--svg", "Also draw the city as SVG.",
                                                 "OUT.svg")] = None,
) -> None:
    """Score a city (coloured grid and breakdown) or a whole table (final standings)."""

    def run() -> None:
        comps = load_components(components)
        data = read_json(file, "city file")
        if svg_out is not None:
            _write_picture(data, svg_out, None, components, file)
        if is_table(data):
            if is_game(data):
                check_game_data(data, file, comps)
            result = score_table_data(data, comps, source=file)
            if json_out:
                print_json(result.to_json())
            else:
                console.print(render_table(result))
            return
        try:
            city = city_from_json(data, comps.civics)
        except CitiesError as err:
            raise err.located(source=source_name(file)) from None
        scored = score_city(city)
        if json_out:
            print_json(scored.to_json())
            return
        console.print(render_scored_city(city, scored))

    guarded(run)


def _parse_at(text: str) -> tuple[int, int]:
    try:
        r, c = (int(v) for v in text.split(","))
    except ValueError:
        raise CitiesError(f"--at {text!r}: expected R,C such as 0,2 or -1,3") from None
    return r, c


def _state_tile(state: str, city: int | None, tile: str, components: Path | None) -> Any:
    comps = load_components(components)
    pos, game = load_state(state, city, comps)
    try:
        parsed = parse_tile(tile, comps.civics)
    except CitiesError as err:
        raise err.located(field="--tile") from None
    return pos, parsed, game


@app.command()
def check(
    state: Annotated[str, typer.Argument(help="A city-in-progress file or a game file.")],
    tile: TileOption,
    at: Annotated[str, typer.Option("--at", help="R,C in mat coordinates (a duplex: its "
                                     "top-left half).")],
    city: CityOption = None,
    json_out: options.Json = False,
    components: options.Components = None,
) -> None:
    """May TILE go AT?  Legal or illegal, with the reason (dead ends included).

    Exit status 0 for either verdict (read it from the output or --json "legal"); 2 for bad
    input.
    """

    def run() -> None:
        pos, parsed, game = _state_tile(state, city, tile, components)
        where = _parse_at(at)
        verdict = check_move(pos, parsed, where) if game is None else \
            check_in_game(game, (city or 1) - 1, parsed, where)
        if json_out:
            print_json(verdict.to_json())
            return
        style = "bold green" if verdict.legal else "bold red"
        word = "legal" if verdict.legal else "illegal"
        console.print(f"[{style}]{word}[/{style}]: {parsed.token} at {at}: {verdict.reason}")

    guarded(run)


@app.command()
def moves(
    state: Annotated[str, typer.Argument(help="A city-in-progress file or a game file.")],
    tile: TileOption,
    city: CityOption = None,
    json_out: options.Json = False,
    components: options.Components = None,
) -> None:
    """Every legal position for TILE (mat coordinates; a duplex by its top-left half)."""

    def run() -> None:
        pos, parsed, _ = _state_tile(state, city, tile, components)
        found = legal_moves(pos, parsed)
        if json_out:
            print_json({"positions": [list(p) for p in found]})
            return
        top, left = pos.bounds()[:2]
        console.print(str(pos.to_city()))
        console.print(f"(top-left cell above is mat [{top}, {left}])", style="dim")
        listed = ", ".join(f"{r},{c}" for r, c in found) or "none"
        console.print(f"{parsed.token}: {len(found)} legal position(s): {listed}")

    guarded(run)


def _write_bytes(path: Path, data: bytes, option: str) -> None:
    """Write a picture (``-``: standard output), the error naming the option and the file."""
    try:
        write_bytes_atomic(path, data, "picture")
    except CitiesError as err:
        raise CitiesError(str(err), source=option) from None


def _write_picture(data: Any, svg_out: Path | None, png_out: Path | None,
                   components: Path | None, source: str) -> None:
    for out, option in ((svg_out, "--svg"), (png_out, "--png")):
        if out is not None:  # refused before the drawing, not after it
            check_output(out, "picture", option)
    if is_table(data):
        raise CitiesError("a picture shows one city, pool or puzzle; this is a table file",
                          source=source_name(source))
    try:
        other_game = drawing_for(data)  # a file of another game (Cities USA) is drawn by it
        svg = other_game(data, components) if other_game is not None else \
            picture(data, load_components(components))
    except CitiesError as err:
        raise err.located(source=source_name(source)) from None
    png = png_bytes(svg) if png_out is not None else b""
    if svg_out is not None:
        _write_bytes(svg_out, svg.encode("utf-8"), "--svg")
    if png_out is not None:
        _write_bytes(png_out, png, "--png")


@app.command()
def render(
    file: Annotated[str, typer.Argument(help="A city file, city-in-progress file, pool or "
                                        "puzzle file, or `cities solve --json` output; - for "
                                        "stdin.")],
    svg_out: Annotated[Path | None, options.path("--svg", "Write the picture as SVG.",
                                                 "OUT.svg")] = None,
    png_out: Annotated[Path | None, options.path("--png", "Write the picture as PNG.",
                                                 "OUT.png")] = None,
    components: options.Components = None,
) -> None:
    """Draw a city (or a pool or puzzle: its mat and tile tray) as a picture."""

    def run() -> None:
        if svg_out is None and png_out is None:
            raise CitiesError("give --svg OUT.svg and/or --png OUT.png")
        _write_picture(read_json(file, "file"), svg_out, png_out, components, file)

    guarded(run)
