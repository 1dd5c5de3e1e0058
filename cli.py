"""The ``cities`` command: parse arguments, call the solver package, render.  No rules here."""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console

from puzzles.archive import build_archive, prepare_directory, puzzle_for
from puzzles.grade import grade
from puzzles.plan import date_range, parse_date
from puzzles.show import optimum_line, render_grade, render_puzzle
from puzzles.template import answer_template, readable_json
from solver.common import options
from solver.common.errors import CitiesError
from solver.common.jsonio import (
    check_writable_file,
    parse_json_text,
    read_json,
    source_name,
    write_bytes_atomic,
)
from solver.twocities.advice import BOT_ROLLOUT_SAMPLES, SAMPLES, advise, make_bots
from solver.twocities.game.city import city_from_json
from solver.twocities.game.components import load_components
from solver.twocities.game.pool import load_pool
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import parse_tile
from solver.twocities.rules.game import check_in_game, new_game, play_turn
from solver.twocities.rules.gamefile import load_game, load_state, save_game
from solver.twocities.rules.legality import check as check_move
from solver.twocities.rules.legality import legal_positions
from solver.twocities.scoring.categories import score_city
from solver.twocities.scoring.rivals import against_each_other
from solver.twocities.scoring.table import is_table, score_table_data
from solver.twocities.show import (
    pair_status_line,
    render_advice,
    render_cities,
    render_game_end,
    render_scored_city,
    render_setup,
    render_solve,
    render_table,
)
from solver.twocities.svg import picture, png_bytes
from solver.usa import show as usa_view
from solver.usa.game import cityfile as usa_cityfile
from solver.usa.game import components as usa_components
from solver.usa.game import notation as usa_notation
from solver.usa.rules import legality as usa_legality
from solver.usa.rules import moves as usa_move_list
from solver.usa.scoring import categories as usa_scoring

app = typer.Typer(
    cls=options.OneLineErrors,
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
    sys.stderr.write(options.error_line(message))
    return typer.Exit(2)


def guarded(fn: Callable[[], T]) -> T:
    """Run ``fn``; bad input becomes one line and exit status 2, never a traceback."""
    try:
        return fn()
    except CitiesError as err:
        raise fail(str(err)) from None
    except (BrokenPipeError, KeyboardInterrupt):
        raise typer.Exit(130) from None
    except (typer.Exit, typer.Abort):
        raise
    except Exception as err:  # a bug, not bad input: still one line (CITIES_DEBUG=1 shows all)
        if os.environ.get("CITIES_DEBUG"):
            raise
        sys.stderr.write(options.error_line(f"internal error ({type(err).__name__}: {err}); "
                                            "rerun with CITIES_DEBUG=1 for the details"))
        raise typer.Exit(1) from None


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


# --- cities score ---------------------------------------------------------------------------


@app.command()
def score(
    file: Annotated[str, typer.Argument(help="A city file or a table file (JSON); - for stdin.")],
    json_out: JsonOption = False,
    components: ComponentsOption = None,
    svg_out: Annotated[Path | None, typer.Option("--svg", metavar="OUT.svg",
                                                 help="Also draw the city as SVG.")] = None,
) -> None:
    """Score a city (coloured grid and breakdown) or a whole table (final standings)."""

    def run() -> None:
        comps = load_components(components)
        data = read_json(file, "city file")
        if svg_out is not None:
            _write_picture(data, svg_out, None, components, file)
        if is_table(data):
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
        result = score_city(city)
        if json_out:
            print_json(result.to_json())
            return
        console.print(render_scored_city(city, result))

    guarded(run)


# --- cities check / moves / play (rules engine) ---------------------------------------------

CityOption = Annotated[
    int | None, typer.Option("--city", help="Which city of a game file (1-based).")
]
TileOption = Annotated[str, typer.Option("--tile", help="The tile, e.g. F, Tm, F|O, P/H.")]


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
    json_out: JsonOption = False,
    components: ComponentsOption = None,
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
    json_out: JsonOption = False,
    components: ComponentsOption = None,
) -> None:
    """Every legal position for TILE (mat coordinates; a duplex by its top-left half)."""

    def run() -> None:
        pos, parsed, _ = _state_tile(state, city, tile, components)
        found = legal_positions(pos, parsed)
        if json_out:
            print_json({"positions": [list(p) for p in found]})
            return
        top, left = pos.bounds()[:2]
        console.print(str(pos.to_city()))
        console.print(f"(top-left cell above is mat [{top}, {left}])", style="dim")
        listed = ", ".join(f"{r},{c}" for r, c in found) or "none"
        console.print(f"{parsed.token}: {len(found)} legal position(s): {listed}")

    guarded(run)


# --- cities daily (daily puzzles) ------------------------------------------------------------


@app.command()
def daily(
    date: Annotated[str | None, typer.Option(
        "--date", metavar="YYYY-MM-DD", help="The puzzle's date (default: today).")] = None,
    check_file: Annotated[str | None, typer.Option(
        "--check", metavar="ANSWER.json",
        help="Grade a city file (or `cities solve --json` output); - for stdin.")] = None,
    solution: Annotated[bool, typer.Option(
        "--solution", help="Reveal an optimal city.")] = False,
    date_from: Annotated[str | None, typer.Option(
        "--from", metavar="YYYY-MM-DD", help="Archive: first date.")] = None,
    date_to: Annotated[str | None, typer.Option(
        "--to", metavar="YYYY-MM-DD", help="Archive: last date.")] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", metavar="DIR", help="Archive: directory for the puzzle files.")] = None,
    template: Annotated[bool, typer.Option(
        "--template", help="Print an answer file to fill in (the mat placed in city "
        "coordinates, the tiles to place): cities daily --template > answer.json.")] = False,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", parser=options.jobs, help="Archive: processes (default: all cores).")] = None,
    game: Annotated[str, typer.Option(
        "--game", metavar="GAME", help="twocities (Between Two Cities) or usa (Cities USA: "
        "a 3x3 city from a small pool, generated on demand and cached).")] = "twocities",
    json_out: JsonOption = False,
) -> None:
    """Today's puzzle: the tiles, mat, rivals and districts, and the proven optimum to reach."""

    def run() -> None:
        if game not in ("twocities", "usa"):
            raise CitiesError(f"unknown game {game!r} (twocities or usa)", field="--game")
        if game == "usa":
            _daily_usa(date, check_file, solution, template, (date_from, date_to, out),
                       json_out)
            return
        archive = (date_from, date_to, out)
        if any(v is not None for v in archive):
            if None in archive:
                raise CitiesError("an archive run needs --from, --to and --out together")
            if date or check_file or solution or template:
                raise CitiesError("--from/--to/--out cannot be combined with --date, --check, "
                                  "--solution or --template")
            _daily_archive(parse_date(date_from, "--from"), parse_date(date_to, "--to"),
                           out, jobs, json_out)  # type: ignore[arg-type]
            return
        if sum(map(bool, (check_file, solution, template))) > 1:
            raise CitiesError("give one of --check, --solution and --template")
        day = parse_date(date) if date is not None else dt.date.today()
        answer = None
        if check_file:  # a bad answer file is refused before the puzzle is made
            answer = read_json(check_file, "answer file")
        puzzle = _daily_puzzle(day)
        if template:
            sys.stdout.write(readable_json(answer_template(puzzle)) + "\n")
        elif check_file:
            _daily_check(puzzle, check_file, json_out, answer)
        elif solution:
            _daily_solution(puzzle, json_out)
        elif json_out:
            print_json(puzzle.to_json(solution=False))
        else:

            console.print(render_puzzle(puzzle))
            console.print(f"\nto answer: cities daily --date {day} --template > answer.json, "
                          f"fill in its grid, then: cities daily --date {day} --check "
                          "answer.json", style="dim")

    guarded(run)


def _daily_puzzle(day: Any) -> Any:
    with err_console.status(f"generating and proving the puzzle for {day}...") as status:
        return puzzle_for(day, lambda text: status.update(f"{day}: {text}"))


def _daily_check(puzzle: Any, path: str, json_out: bool, data: Any = None) -> None:
    data = read_json(path, "answer file") if data is None else data
    try:
        result = grade(puzzle, data)
    except CitiesError as err:
        raise err.located(source=source_name(path)) from None
    _daily_verdict(result, path, json_out, render_grade)


def _daily_verdict(result: Any, path: str, json_out: bool, render: Callable[[Any], Any]) -> None:
    """A grade, either game's: its JSON, or one line and exit 2 if illegal, or its view."""
    if json_out:
        print_json(result.to_json())
    if not result.legal:
        message = f"{source_name(path)}: not a legal answer: {'; '.join(result.problems)}"
        if json_out:
            raise typer.Exit(2)
        raise CitiesError(message)
    if not json_out:
        console.print(render(result))


def _daily_solution(puzzle: Any, json_out: bool) -> None:

    cities = [c.with_context(puzzle.pool.context) for c in puzzle.solution]
    if len(cities) == 2:
        cities = list(against_each_other(cities))
    if json_out:
        print_json(cities[0].to_json() if len(cities) == 1 else
                   {"date": puzzle.date.isoformat(), "cities": [c.to_json() for c in cities]})
        return

    for i, city in enumerate(cities):
        if len(cities) > 1:
            console.print(f"[bold]city {i + 1}[/bold]")
        console.print(render_scored_city(city, score_city(city)))
        console.print()
    console.print(optimum_line(puzzle))


def _daily_usa(date: str | None, check_file: str | None, solution: bool, template: bool,
               archive: tuple[Any, ...], json_out: bool) -> None:
    """``cities daily --game usa``: the puzzle, its grade, or its solution."""
    from puzzles.usa.archive import usa_puzzle_for
    from puzzles.usa.grade import grade_usa
    from puzzles.usa.show import render_usa_grade, render_usa_puzzle

    if any(v is not None for v in archive):
        raise CitiesError("--from/--to/--out are for Between Two Cities; Cities USA puzzles "
                          "are generated on demand and cached", field="--game")
    if template:
        raise CitiesError("--template is for Between Two Cities; a Cities USA answer is a "
                          "city file (cities daily --game usa --solution --json shows one)",
                          field="--game")
    if check_file and solution:
        raise CitiesError("give one of --check and --solution")
    day = parse_date(date) if date is not None else dt.date.today()
    answer = read_json(check_file, "answer file") if check_file else None
    with err_console.status(f"generating and proving the Cities USA puzzle for {day}...") as st:
        puzzle = usa_puzzle_for(day, lambda text: st.update(f"{day}: {text}"))
    if check_file:
        try:
            result = grade_usa(puzzle, answer)
        except CitiesError as err:
            raise err.located(source=source_name(check_file)) from None
        _daily_verdict(result, check_file, json_out, render_usa_grade)
    elif solution:
        result = grade_usa(puzzle, usa_cityfile.city_to_json(puzzle.solution))
        if json_out:
            print_json(usa_cityfile.city_to_json(result.city))
            return
        console.print(usa_view.render_city(result.city))
        console.print(usa_view.render_tiles(result.city))
        console.print(usa_view.render_cards(result.city), end="")
        console.print(usa_view.render_breakdown(result.breakdown))
        console.print(f"optimum {puzzle.optimum} (proven)")
    elif json_out:
        print_json(puzzle.to_json(solution=False))
    else:
        console.print(render_usa_puzzle(puzzle))
        console.print(f"\nto answer: save your city as a Cities USA city file, then: cities daily "
                      f"--game usa --date {day} --check answer.json", style="dim")


def _daily_archive(first: Any, last: Any, out: Path, jobs: int | None, json_out: bool) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn


    dates = date_range(first, last)
    prepare_directory(out)  # refused before the progress bar starts
    start = time.perf_counter()
    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(), console=err_console) as bar:
        task = bar.add_task("daily puzzles", total=len(dates))

        def done(outcome: Any) -> None:
            bar.advance(task)
            if outcome.status == "failed":
                bar.console.print(f"{outcome.date}: failed: {outcome.detail}", style="red")

        outcomes = build_archive(dates, out, jobs, done)
    minutes = (time.perf_counter() - start) / 60
    made = sum(o.status == "generated" for o in outcomes)
    summary = {"dates": len(dates), "generated": made,
               "skipped": sum(o.status == "skipped" for o in outcomes),
               "failed": [o.date for o in outcomes if o.status == "failed"],
               "minutes": round(minutes, 2),
               "puzzles_per_minute": round(made / minutes, 2) if made and minutes else None,
               "index": str(out / "index.json"),
               "outcomes": [{"date": o.date, "status": o.status, "seconds": round(o.seconds, 1),
                             "detail": o.detail} for o in outcomes]}
    if json_out:
        print_json(summary)
    else:
        console.print(f"{summary['generated']} generated, {summary['skipped']} already there, "
                      f"{len(summary['failed'])} failed in {minutes:.1f} min"
                      + (f" ({summary['puzzles_per_minute']} puzzles/min)" if made else "")
                      + f"; index: {summary['index']}")
    if summary["failed"]:
        raise typer.Exit(1)


# --- cities analyze -------------------------------------------------------------------------


@app.command()
def analyze(
    study: Annotated[str, typer.Argument(
        metavar="STUDY", help="tile-values, mats or first-player (docs/analysis.md).")],
    runs: Annotated[int, typer.Option("--runs", help="Seeded runs (deals or games).")] = 200,
    executor: Annotated[str, typer.Option(
        "--executor", help="local (processes on this machine) or dask (a cluster: "
        "pip install -e '.[cluster]').")] = "local",
    address: Annotated[str | None, typer.Option(
        "--address", metavar="tcp://HOST:8786", help="dask: the scheduler's address.")] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", metavar="DIR", help="Results, kept runs, table and plot (default: "
        "analysis/STUDY).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the runs.")] = 0,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", parser=options.jobs, help="local: processes (default: all cores).")] = None,
    json_out: JsonOption = False,
) -> None:
    """A batch study over many seeded solves: a table (CSV, JSON) and a plot (PNG, SVG) with
    95% intervals.  Resumable: a rerun skips the runs already kept in DIR/tasks."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from solver.common.executors import make_executor
    from solver.twocities.show import render_rows
    from solver.twocities.studies.runner import analyze as run_study
    from solver.twocities.studies.runner import check_request

    def run() -> None:
        target = out if out is not None else Path("analysis") / study
        check_request(study, runs, seed, target)  # refused before the progress bar starts
        chosen = make_executor(executor, address, jobs)
        with Progress("[progress.description]{task.description}", BarColumn(),
                      MofNCompleteColumn(), TimeElapsedColumn(), console=err_console,
                      transient=json_out) as bar:
            task = bar.add_task(study, total=runs)
            result = run_study(study, runs, seed, chosen, target,
                               lambda *_: bar.advance(task))
        if json_out:
            print_json({"study": study, "runs": runs, "seed": seed, "ran": result.ran,
                        "kept": result.kept, "seconds": round(result.seconds, 1),
                        "rows": result.rows, "files": [str(f) for f in result.files]})
            return
        console.print(render_rows(result.rows, f"{study}: {result.study.summary}, {runs} runs"))
        console.print(f"{result.ran} runs computed, {result.kept} kept from before, in "
                      f"{result.seconds:.1f} s; files: "
                      + ", ".join(str(f) for f in result.files), style="dim")

    guarded(run)


@app.command()
def play(
    players: Annotated[int, typer.Option("--players", help="Number of players.")],
    variant: Annotated[str, typer.Option("--variant", help="standard, beginner, "
                                         "two-player-standard or two-player-advanced.")]
    = "standard",
    seed: Annotated[int, typer.Option("--seed", help="Seed: the same seed replays the game.")]
    = 0,
    bots: Annotated[str, typer.Option("--bots", help="Bots per seat, cycled: random, greedy, "
                                      "solver, advisor (e.g. greedy,random).")] = "random",
    edition: Annotated[str, typer.Option("--edition", help="essential or classic.")]
    = "essential",
    districts: Annotated[bool, typer.Option("--districts", help="Play with districts.")]
    = False,
    save: Annotated[Path | None, typer.Option("--save", help="Write the final game state.")]
    = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Only the final standings.")] = False,
    json_out: JsonOption = False,
) -> None:
    """Play a whole game with bots: each round's cities, then the standings with tie-breaks."""

    def run() -> None:
        if save is not None:
            check_writable_file(save, "game file")  # before the game, not after it
        rules = load_ruleset(edition, variant)
        game = new_game(rules, players, seed, districts=districts)
        seats = make_bots([b.strip() for b in bots.split(",") if b.strip()], game.players)
        if not (quiet or json_out):
            console.print(render_setup(game, seats))
        while not game.over:
            before = game.round
            play_turn(game, seats)
            if game.round != before and not (quiet or json_out):
                console.rule(f"After round {before}")
                console.print(render_cities(game))
        result = game.table()
        if save is not None:
            save_game(game, save)
        if json_out:
            print_json({**result.to_json(), "fallbacks": dict(game.fallbacks)})
            return
        console.print(render_game_end(game, result))

    guarded(run)


# --- cities advise ---------------------------------------------------------------------------


@app.command("advise")
def advise_cmd(
    game_file: Annotated[str, typer.Argument(help="A saved game file (cities play --save).")],
    player: Annotated[str, typer.Option("--player", help="Whose hand (default: the first "
                                        "player).")] = "",
    samples: Annotated[int, typer.Option("--samples", help="Sampled completions per choice, "
                                         "at most.")] = SAMPLES,
    positions: Annotated[int, typer.Option("--positions", help="Best legal positions weighed "
                                           "per tile and city.")] = 3,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the samples.")] = 0,
    time_limit: Annotated[float | None, typer.Option("--time-limit", help="Stop sampling "
                                                     "after S seconds.")] = None,
    solve: Annotated[int, typer.Option("--solve", help="Value the N best choices again with "
                                       "the solver finishing every city.")] = 0,
    solve_limit: Annotated[float, typer.Option("--solve-limit", help="The solver's "
                                               "deterministic work limit per city.")] = 0.5,
    rollouts: Annotated[int, typer.Option("--rollouts", help="Value the N best choices again "
                                          "by playing out the rest of the game.")] = 0,
    rollout_samples: Annotated[int, typer.Option("--rollout-samples", help="Deals played out "
                                                 "per choice.")] = BOT_ROLLOUT_SAMPLES,
    top: Annotated[int, typer.Option("--top", help="Choices shown (--json: all).")] = 10,
    json_out: JsonOption = False,
) -> None:
    """Rank the choices for a player's hand by expected final score, with 95 % intervals."""

    def run() -> None:
        game = load_game(game_file)
        who = player or game.humans[0]
        try:
            advice = advise(game, who, samples=samples, positions=positions, seed=seed,
                            time_limit=time_limit, solve=solve, solve_limit=solve_limit,
                            rollouts=rollouts, rollout_samples=rollout_samples)
        except CitiesError as err:
            raise err.located(source=source_name(game_file)) from None
        data = advice.to_json(game)
        if json_out:
            print_json(data)
            return
        console.print(render_advice(data, top))

    guarded(run)



# --- cities solve ---------------------------------------------------------------------------


@app.command()
def solve(
    pool_file: Annotated[str | None, typer.Argument(
        metavar="POOL", help="A pool file (JSON); - for stdin. Not with --box.")] = None,
    time_limit: Annotated[float, typer.Option("--time-limit", parser=options.time_limit,
                                              help="Seconds before giving up "
                                              "the proof (the best city so far is shown).")] = 60.0,
    workers: Annotated[int, typer.Option(
        "--workers", parser=options.workers, help="CP-SAT workers (cores): checks of exact "
        "scores run this many at a time, one thread each.")] = 2,
    pair: Annotated[bool, typer.Option("--pair", help="Split the pool between its two mats' "
                                       "cities: best lower city, then the higher.")] = False,
    box: Annotated[bool, typer.Option("--box",
                                      help="The best city the whole box can make.")] = False,
    edition: Annotated[str, typer.Option("--edition", help="With --box.")] = "essential",
    variant: Annotated[str, typer.Option("--variant", help="With --box.")] = "standard",
    mat: Annotated[str | None, typer.Option("--mat", help="With --box: one mat (default: "
                                            "every mat, one after another, sharing "
                                            "--time-limit).")] = None,
    json_out: JsonOption = False,
    components: ComponentsOption = None,
) -> None:
    """The best city a pool of tiles can make, proven optimal (or the best found and its bound).

    Status: optimal (proven), feasible (best found, not proven: the bound says how far it
    could be), infeasible (no legal city) or unknown (no city found within the time limit).
    """
    # Imported here: OR-Tools takes about a second to load, which no other command needs.
    from solver.twocities.cpsat import solve_pair, solve_pool
    from solver.twocities.cpsat.box.solve import solve_box

    def run() -> None:
        comps = load_components(components)
        show = _solve_progress() if not json_out else None
        if box:
            if pool_file is not None:
                raise CitiesError("give a pool file or --box, not both")
            results = []
            for m, result in solve_box(edition, variant, mat, comps, time_limit=time_limit,
                                       workers=workers, progress=show):
                results.append((m, result))
                if not json_out:
                    _print_solve(result, f"box, {edition} {variant}" + (f", mat {m}" if m else ""))
            if json_out:
                out = [{"mat": m, **r.to_json()} for m, r in results]
                print_json(out[0] if len(out) == 1 else out)
            return
        if pool_file is None:
            raise CitiesError("missing POOL (a pool file), or use --box")
        if mat is not None:
            raise CitiesError("--mat goes with --box (a pool file names its own mat)")
        pool = load_pool(pool_file, comps)
        if pair:
            pr = solve_pair(pool, time_limit=time_limit, workers=workers, progress=show)
            if json_out:
                print_json(pr.to_json())
                return
            for i, r in enumerate(pr.cities):
                _print_solve(r, f"city {i + 1} of the pair", status=False)
            console.print(pair_status_line(pr))
            return
        result = solve_pool(pool, time_limit=time_limit, workers=workers, progress=show)
        if json_out:
            print_json(result.to_json())
        else:
            _print_solve(result, "")

    guarded(run)


def _solve_progress() -> Callable[[int | None, int, float], None] | None:
    """Best score and bound on one rewritten stderr line, only on a terminal."""
    if not sys.stderr.isatty():
        return None

    def show(best: int | None, bound: int, seconds: float) -> None:
        found = "-" if best is None else best
        sys.stderr.write(f"\r  {seconds:6.1f}s  best {found}  bound {bound}   ")
        sys.stderr.flush()

    return show


def _print_solve(result: Any, title: str, status: bool = True) -> None:
    if sys.stderr.isatty():
        sys.stderr.write("\r" + " " * 60 + "\r")  # clear the progress line
    console.print(render_solve(result, title, status))


# --- cities usa (Cities USA) -------------------------------------------------------------

usa_app = typer.Typer(
    help="Cities USA: exact scoring, city display, legality of every action, legal moves, "
    "proven optimal cities.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(usa_app, name="usa")

UsaFile = Annotated[str, typer.Argument(help="A Cities USA city file (JSON); - for stdin.")]


def _usa_city(file: str, components: Path | None) -> Any:

    return usa_cityfile.load_city(file, usa_components.load_components(components))


@usa_app.command("score")
def usa_score(file: UsaFile, json_out: JsonOption = False,
              components: ComponentsOption = None) -> None:
    """Score a Cities USA city: every category (penalties negative) and the total."""

    def run() -> None:
        city = _usa_city(file, components)
        result = usa_scoring.score_city(city)
        if json_out:
            print_json(result.to_json())
            return
        console.print(usa_view.render_city(city))
        console.print(usa_view.render_cards(city), end="")
        console.print(usa_view.render_breakdown(result))

    guarded(run)


@usa_app.command("show")
def usa_show(file: UsaFile, components: ComponentsOption = None) -> None:
    """Draw a Cities USA city with its streets, bridges and dead ends; its tiles and cards."""

    def run() -> None:
        city = _usa_city(file, components)
        console.print(usa_view.render_city(city))
        console.print(usa_view.legend())
        console.print(usa_view.render_tiles(city))
        console.print(usa_view.render_cards(city), end="")
        console.print(f"notation: {usa_notation.format_city(city)}", style="dim")
        console.print(f"bridges left: {city.remaining_bridges}", style="dim")

    guarded(run)


@usa_app.command("check")
def usa_check(
    state: Annotated[str, typer.Argument(help="A city in progress (a city file).")],
    action: Annotated[str, typer.Option("--action", help="The action: a JSON file, or JSON "
                                        "text such as '{\"action\": \"bridge\", ...}'.")],
    json_out: JsonOption = False,
    components: ComponentsOption = None,
) -> None:
    """Is ACTION legal on the city (tile, bridge, feature, building, top, card, achievement)?"""

    def run() -> None:
        city = _usa_city(state, components)
        text = action.strip()
        source = "--action" if text.startswith("{") else source_name(action)
        data = parse_json_text(text, source) if text.startswith("{") else \
            read_json(action, "action file")
        try:
            verdict = usa_legality.check(city, data)
        except CitiesError as err:
            raise err.located(source=source) from None
        if json_out:
            print_json(verdict.to_json())
            return
        style = "bold green" if verdict.legal else "bold red"
        console.print(f"[{style}]{'legal' if verdict.legal else 'illegal'}[/{style}]: "
                      f"{verdict.reason}")
        for (r, c), arm in verdict.forced_bridges:
            console.print(f"  bridge to fix a dead end: tile [{r}, {c}] arm {arm}")

    guarded(run)


@usa_app.command("moves")
def usa_moves(
    state: Annotated[str, typer.Argument(help="A city in progress (a city file).")],
    tile: Annotated[str, typer.Option("--tile", help="A tile id, e.g. city-07.")],
    json_out: JsonOption = False,
    components: ComponentsOption = None,
) -> None:
    """Every legal place and rotation of TILE, with the bridges each forces."""

    def run() -> None:
        city = _usa_city(state, components)
        try:
            found = usa_move_list.legal_moves(city, city.components.tile(tile))
        except CitiesError as err:
            raise err.located(field="--tile") from None
        if json_out:
            print_json({"tile": tile, "moves": [m.to_json() for m in found]})
            return
        console.print(f"{city.components.tile(tile).label}: {len(found)} legal placement(s)")
        for m in found:
            forced = ", ".join(f"[{r}, {c}] {a}" for (r, c), a in m.forced_bridges)
            note = "" if not forced else (f"; forces bridge(s) {forced}" if
                                          m.must_fix == len(m.forced_bridges) else
                                          f"; fix {m.must_fix} of {forced}")
            console.print(f"  at [{m.at[0]}, {m.at[1]}] rotation {m.rotation}{note}")

    guarded(run)


@usa_app.command("solve")
def usa_solve(
    pool_file: Annotated[str, typer.Argument(metavar="POOL",
                                             help="A Cities USA pool file (JSON); - for stdin.")],
    time_limit: Annotated[float, typer.Option("--time-limit", help="Seconds before giving up "
                                              "the proof (the best city so far is shown).")] = 60.0,
    workers: Annotated[int, typer.Option("--workers", min=1, max=64,
                                         help="CP-SAT workers (cores).")] = 2,
    json_out: JsonOption = False,
    components: ComponentsOption = None,
) -> None:
    """The best city a Cities USA pool can build, proven optimal (or the best found and its
    bound)."""
    # Imported here: OR-Tools takes about a second to load, which no other command needs.
    from solver.usa.cpsat.solve import solve_pool
    from solver.usa.game.components import load_components as load_usa_components
    from solver.usa.game.pool import load_pool as load_usa_pool
    from solver.usa.show import render_solve

    def run() -> None:
        pool = load_usa_pool(pool_file, load_usa_components(components))
        result = solve_pool(pool, time_limit=time_limit, workers=workers,
                            progress=_solve_progress() if not json_out else None)
        if json_out:
            print_json(result.to_json())
            return
        if sys.stderr.isatty():
            sys.stderr.write("\r" + " " * 60 + "\r")  # clear the progress line
        console.print(render_solve(result))

    guarded(run)


@usa_app.command("play")
def usa_play(
    players: Annotated[int | None, typer.Option(
        "--players", help="Number of players (default: the variant's most).")] = None,
    variant: Annotated[str, typer.Option("--variant", help="standard (3-4 players), two-player, "
                                         "two-player-advanced, two-player-long or solo.")]
    = "standard",
    seed: Annotated[int, typer.Option("--seed", help="Seed: the same seed replays the game.")]
    = 0,
    bots: Annotated[str, typer.Option("--bots", help="Bots per seat, cycled: random, greedy, "
                                      "solver (e.g. greedy,random).")] = "greedy",
    resume: Annotated[Path | None, typer.Option(
        "--resume", help="Continue a saved game file (its variant, seed and players).")] = None,
    stop_after: Annotated[int | None, typer.Option(
        "--stop-after", help="Stop after this round (with --save: a game to resume).")] = None,
    save: Annotated[Path | None, typer.Option("--save", help="Write the game state at the "
                                              "end (a game file).")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Only the final standings.")] = False,
    json_out: JsonOption = False,
    components: ComponentsOption = None,
) -> None:
    """Play a whole Cities USA game with bots: each round, then the standings."""
    from solver.usa.bots import make_bots as make_usa_bots
    from solver.usa.game.rulesets import load_ruleset as load_usa_ruleset
    from solver.usa.rules.game import new_game as new_usa_game
    from solver.usa.rules.game import play_turn as play_usa_turn
    from solver.usa.rules.gamefile import game_to_json as usa_game_json
    from solver.usa.rules.gamefile import load_game as load_usa_game
    from solver.usa.rules.gamefile import save_game as save_usa_game

    def run() -> None:
        if save is not None:
            check_writable_file(save, "game file")  # before the game, not after it
        comps = usa_components.load_components(components)
        if resume is not None:
            game = load_usa_game(resume, comps)
        else:
            rules = load_usa_ruleset(variant)
            game = new_usa_game(rules, players or rules.players[1], seed, comps)
        names = [b.strip() for b in bots.split(",") if b.strip()]
        seats = make_usa_bots(names, game.players)
        talk = not (quiet or json_out)
        if talk:
            console.print(usa_view.render_setup(game, {p: b.name for p, b in seats.items()}))
        while not game.over and (stop_after is None or game.round <= stop_after):
            before = game.round
            play_usa_turn(game, seats)
            if game.round != before and before > 0 and talk:
                console.rule(f"After round {before}")
                console.print(usa_view.render_round(game, before))
        if save is not None:
            save_usa_game(game, save)
        if json_out:
            data = usa_game_json(game)
            print_json({"variant": game.rules.variant, "seed": game.seed, "over": game.over,
                        "round": game.round, "players": data["players"],
                        "achievement_board": data["achievement_board"],
                        "standings": game.standings(), "fallbacks": data["fallbacks"]})
            return
        if game.over:
            console.print(usa_view.render_standings(game))
        else:
            console.print(f"stopped before round {game.round}"
                          + (f"; saved to {save}" if save else ""))

    guarded(run)


# --- cities render / serve (pictures and the web page) -------------------------------------


def _write_bytes(path: Path, data: bytes, option: str) -> None:
    try:
        write_bytes_atomic(path, data)
    except OSError as err:
        raise CitiesError(f"cannot write {path}: {err.strerror or err}", field=option) from None


def _write_picture(data: Any, svg_out: Path | None, png_out: Path | None,
                   components: Path | None, source: str) -> None:

    if is_table(data):
        raise CitiesError("a picture shows one city, pool or puzzle; this is a table file",
                          source=source_name(source))
    try:
        svg = picture(data, load_components(components))
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
    svg_out: Annotated[Path | None, typer.Option("--svg", metavar="OUT.svg",
                                                 help="Write the picture as SVG.")] = None,
    png_out: Annotated[Path | None, typer.Option("--png", metavar="OUT.png",
                                                 help="Write the picture as PNG.")] = None,
    components: ComponentsOption = None,
) -> None:
    """Draw a city (or a pool or puzzle: its mat and tile tray) as a picture."""
    def run() -> None:
        if svg_out is None and png_out is None:
            raise CitiesError("give --svg OUT.svg and/or --png OUT.png")
        _write_picture(read_json(file, "file"), svg_out, png_out, components, file)

    guarded(run)


@app.command()
def serve(
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="TCP port.")] = 8000,
    host: Annotated[str, typer.Option("--host", help="Address to listen on (127.0.0.1: this "
                                      "machine only).")] = "127.0.0.1",
) -> None:
    """Play the daily puzzle in a browser: a local web page and its JSON API."""
    def run() -> None:
        import socket

        import uvicorn

        from puzzles.web.app import create_app

        try:  # say plainly when the address is taken or unknown (uvicorn would log and exit 1)
            with socket.create_server((host, port)):
                pass
        except OSError as err:
            raise CitiesError(f"cannot listen on {host}:{port}: {err.strerror or err}",
                              field="--host" if isinstance(err, socket.gaierror) else "--port"
                              ) from None
        console.print(f"cities: the daily puzzle at http://{host}:{port}/  (Ctrl+C stops)")
        uvicorn.run(create_app(), host=host, port=port, log_level="warning")

    guarded(run)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
