"""``cities daily`` (the daily puzzle of either game: the puzzle, its template, a grade, the
solution, an archive of dates) and ``cities serve`` (the browser page): the puzzles' front
end.  What the options ask is settled by ``request.daily_request``; the rest calls and
renders."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from puzzles.archive import archive_summary, build_archive, prepare_directory, puzzle_for
from puzzles.common.days import date_range
from puzzles.common.grade import Graded
from puzzles.grade import grade
from puzzles.request import DailyRequest, daily_request
from puzzles.show import optimum_line, render_grade, render_puzzle
from puzzles.template import answer_template, readable_json
from puzzles.usa.draw import SIZE as USA_SIZE
from solver.common import options as limits
from solver.common.errors import CitiesError
from solver.common.jsonio import read_json, source_name
from solver.frontend import options
from solver.frontend.app import console, err_console, guarded, new_app, print_json
from solver.twocities.scoring.categories import score_city
from solver.twocities.show import render_scored_city

app = new_app("Daily puzzles and the browser page.")

G = TypeVar("G", bound=Graded)  # either game's Grade


@app.command()
def daily(
    date: Annotated[str | None, typer.Option(
        "--date", metavar="YYYY-MM-DD", help="The puzzle's date (default: today).")] = None,
    check_file: Annotated[str | None, options.option(
        "--check", options.FILE, "Grade a city file (or `cities solve --json` output); - "
        "for stdin.", "ANSWER.json")] = None,
    solution: Annotated[bool, typer.Option(
        "--solution", help="Reveal an optimal city.")] = False,
    date_from: Annotated[str | None, typer.Option(
        "--from", metavar="YYYY-MM-DD", help="Archive: first date.")] = None,
    date_to: Annotated[str | None, typer.Option(
        "--to", metavar="YYYY-MM-DD", help="Archive: last date.")] = None,
    out: Annotated[Path | None, options.path(
        "--out", "Archive: directory for the puzzle files.", "DIR")] = None,
    template: Annotated[bool, typer.Option(
        "--template", help="Print an answer file to fill in (Between Two Cities: the mat "
        "placed in city coordinates; Cities USA: a city file holding the starting tile; and "
        "the pieces to place): cities daily --template > answer.json.")] = False,
    jobs: Annotated[int | None, options.count(
        "--jobs", limits.JOBS, "Archive: processes (default: all cores).")] = None,
    game: Annotated[str, typer.Option(
        "--game", metavar="GAME", help="twocities (Between Two Cities) or usa (Cities USA: "
        f"a {USA_SIZE[0]}x{USA_SIZE[1]} city from a pool drawn by date, from the shipped "
        "archive, else generated on demand and cached).")] = "twocities",
    json_out: options.Json = False,
) -> None:
    """Today's puzzle: the tiles, mat, rivals and districts, and the proven optimum to reach."""

    def run() -> None:
        asked = daily_request(game, date, check_file, solution, template, date_from, date_to,
                              out)
        if asked.mode == "archive":
            _archive(asked, jobs, json_out)
        elif asked.game == "usa":
            _daily_usa(asked, json_out)
        else:
            _daily(asked, json_out)

    guarded(run)


def _daily(asked: DailyRequest, json_out: bool) -> None:
    day = asked.day
    answer, puzzle = _answer_and_puzzle(asked, puzzle_for, "the puzzle")
    if asked.mode == "template":
        sys.stdout.write(readable_json(answer_template(puzzle)) + "\n")
    elif asked.mode == "check":
        _verdict(lambda: grade(puzzle, answer), asked.answer, json_out, render_grade)
    elif asked.mode == "solution":
        if json_out:
            print_json(puzzle.solution_json())
            return
        cities = puzzle.solution_cities()
        for i, city in enumerate(cities):
            if len(cities) > 1:
                console.print(f"[bold]city {i + 1}[/bold]")
            console.print(render_scored_city(city, score_city(city)))
            console.print()
        console.print(optimum_line(puzzle))
    elif json_out:
        print_json(puzzle.to_json(solution=False))
    else:
        console.print(render_puzzle(puzzle))
        console.print(f"\nto answer: cities daily --date {day} --template > answer.json, "
                      f"fill in its grid, then: cities daily --date {day} --check "
                      "answer.json", style="dim")


def _answer_and_puzzle(asked: DailyRequest, make: Callable[..., Any], what: str
                       ) -> tuple[Any, Any]:
    """The answer file (read first: a bad one is refused before the puzzle is made) and the
    day's puzzle, its making shown on stderr."""
    answer = read_json(asked.answer, "answer file") if asked.answer else None
    day = asked.day
    with err_console.status(f"generating and proving {what} for {day}...") as status:
        return answer, make(day, lambda text: status.update(f"{day}: {text}"))


def _verdict(grading: Callable[[], G], path: str | None, json_out: bool,
             render: Callable[[G], Any]) -> None:
    """A grade, either game's: its JSON, or one line and exit 2 if illegal, or its view."""
    try:
        result = grading()
    except CitiesError as err:
        raise err.located(source=source_name(path)) from None
    if json_out:
        print_json(result.to_json())
    if not result.legal:
        message = f"{source_name(path)}: not a legal answer: {'; '.join(result.problems)}"
        if json_out:
            raise typer.Exit(2)
        raise CitiesError(message)
    if not json_out:
        console.print(render(result))


def _daily_usa(asked: DailyRequest, json_out: bool) -> None:
    """``cities daily --game usa``: the puzzle, its template, its grade, or its solution."""
    from puzzles.usa import grade as usa_grade
    from puzzles.usa import show as usa_daily_view
    from puzzles.usa.archive import usa_puzzle_for
    from puzzles.usa.template import usa_answer_template
    from solver.usa import show as usa_view
    from solver.usa.game.cityfile import city_to_json

    day = asked.day
    answer, puzzle = _answer_and_puzzle(asked, usa_puzzle_for, "the Cities USA puzzle")
    if asked.mode == "template":
        sys.stdout.write(readable_json(usa_answer_template(puzzle)) + "\n")
    elif asked.mode == "check":
        _verdict(lambda: usa_grade.grade(puzzle, answer), asked.answer, json_out,
                 usa_daily_view.render_grade)
    elif asked.mode == "solution":
        if json_out:
            print_json(usa_grade.solution_json(puzzle))
            return
        result = usa_grade.grade(puzzle, city_to_json(puzzle.solution))
        console.print(usa_view.render_city(result.city))
        console.print(usa_view.render_tiles(result.city))
        console.print(usa_view.render_cards(result.city), end="")
        console.print(usa_view.render_breakdown(result.breakdown))
        console.print(f"optimum {puzzle.optimum} (proven)")
    elif json_out:
        print_json(puzzle.to_json(solution=False))
    else:
        console.print(usa_daily_view.render_puzzle(puzzle))
        console.print(f"\nto answer: cities daily --game usa --date {day} --template > "
                      f"answer.json, fill in its city, then: cities daily --game usa --date {day} "
                      "--check answer.json", style="dim")


def _archive(asked: DailyRequest, jobs: int | None, json_out: bool) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    assert asked.first and asked.last and asked.out
    dates = date_range(asked.first, asked.last)
    prepare_directory(asked.out)  # refused before the progress bar starts
    start = time.perf_counter()
    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(), console=err_console) as bar:
        task = bar.add_task("daily puzzles", total=len(dates))

        def done(outcome: Any) -> None:
            bar.advance(task)
            if outcome.status == "failed":
                bar.console.print(f"{outcome.date}: failed: {outcome.detail}", style="red")

        if asked.game == "usa":
            from puzzles.usa.archive import build_usa_archive
            outcomes = build_usa_archive(dates, asked.out, jobs, done)
        else:
            outcomes = build_archive(dates, asked.out, jobs, done)
    minutes = (time.perf_counter() - start) / 60
    summary = archive_summary(len(dates), outcomes, minutes * 60, asked.out)
    if json_out:
        print_json(summary)
    else:
        made = summary["generated"]
        console.print(f"{made} generated, {summary['skipped']} already there, "
                      f"{len(summary['failed'])} failed in {minutes:.1f} min"
                      + (f" ({summary['puzzles_per_minute']} puzzles/min)" if made else "")
                      + f"; index: {summary['index']}")
    if summary["failed"]:
        raise typer.Exit(1)


@app.command()
def serve(
    port: Annotated[int, options.count("--port", limits.PORT, "TCP port.")] = 8000,
    host: Annotated[str, typer.Option("--host", help="Address to listen on (127.0.0.1: this "
                                      "machine only).")] = "127.0.0.1",
    allowed_host: Annotated[list[str] | None, typer.Option(
        "--allowed-host", metavar="NAME", help="Also answer requests for this host name "
        "(repeat for more; loopback names always).")] = None,
    any_date: Annotated[bool, typer.Option("--any-date", help="Serve every date, not only "
                                           "the archive's first to tomorrow.")] = False,
    generations: Annotated[int, options.count("--generations", limits.GENERATIONS,
                                              "Puzzles made at a time (one core each).")] = 1,
    read_timeout: Annotated[float, options.time_limit(
        "Seconds a client has to send a whole request.", "--read-timeout")] = 10.0,
    connections: Annotated[int, options.count("--connections", limits.CONNECTIONS,
                                              "Connections open at once.")] = 100,
    prepare: Annotated[bool, typer.Option("--prepare/--no-prepare", help="Make today's and "
                                          "tomorrow's puzzles (both games) ahead when neither "
                                          "the archive nor the cache holds them.")] = True,
) -> None:
    """Play the daily puzzle in a browser: a local web page and its JSON API."""
    def run() -> int:
        from puzzles.web.server import Settings
        from puzzles.web.server import serve as serve_web

        return serve_web(Settings(host, port, any_date, generations, tuple(allowed_host or ()),
                                  read_timeout, connections, prepare), console.print)

    code = guarded(run)
    if code:
        raise typer.Exit(code)
