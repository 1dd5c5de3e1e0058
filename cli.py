"""The ``cities`` command: parse arguments, call the solver package, render.  No rules here."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console

from solver.common import options
from solver.common.errors import CitiesError

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
) -> None:
    """Score a city (coloured grid and breakdown) or a whole table (final standings)."""
    from solver.common.jsonio import read_json
    from solver.twocities.game.components import load_components
    from solver.twocities.scoring.table import is_table, score_table_data

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
        from solver.common.jsonio import source_name
        from solver.twocities.game.city import city_from_json
        from solver.twocities.scoring.categories import score_city

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
    from solver.twocities.show import explain, render_breakdown, render_city

    console.print(render_city(city))
    civic_notes = sorted({b.civic.name + (" (reconstructed)" if b.civic.reconstructed else "")
                          for _, b in city.buildings() if b.type == "civic" and b.civic})
    if civic_notes:
        console.print("civics: " + ", ".join(civic_notes), style="magenta")
    console.print(f"\n[bold]Score[/bold] ({city.edition} edition)")
    console.print(render_breakdown(result, notes=explain(city, result)))


def _render_table(result: Any) -> None:
    from rich.table import Table

    from solver.twocities.show import render_breakdown, render_city

    for entry in result.cities:
        console.print(f"[bold]{entry.name}[/bold] (built by {', '.join(entry.builders)})")
        console.print(render_city(entry.city))
        console.print(render_breakdown(entry.score))
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
    from solver.twocities.game.components import load_components
    from solver.twocities.game.tiles import parse_tile
    from solver.twocities.rules.gamefile import load_state

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
    from solver.twocities.rules.game import check_in_game
    from solver.twocities.rules.legality import check as check_move

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
    from solver.twocities.rules.legality import legal_positions

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
    json_out: JsonOption = False,
) -> None:
    """Today's puzzle: the tiles, mat, rivals and districts, and the proven optimum to reach."""
    import datetime as dt

    from puzzles.plan import parse_date

    def run() -> None:
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
            from solver.common.jsonio import read_json
            answer = read_json(check_file, "answer file")
        puzzle = _daily_puzzle(day)
        if template:
            from puzzles.template import answer_template, readable_json
            sys.stdout.write(readable_json(answer_template(puzzle)) + "\n")
        elif check_file:
            _daily_check(puzzle, check_file, json_out, answer)
        elif solution:
            _daily_solution(puzzle, json_out)
        elif json_out:
            print_json(puzzle.to_json(solution=False))
        else:
            from puzzles.show import render_puzzle

            console.print(render_puzzle(puzzle))
            console.print(f"\nto answer: cities daily --date {day} --template > answer.json, "
                          f"fill in its grid, then: cities daily --date {day} --check "
                          "answer.json", style="dim")

    guarded(run)


def _daily_puzzle(day: Any) -> Any:
    from puzzles.archive import puzzle_for

    with err_console.status(f"generating and proving the puzzle for {day}...") as status:
        return puzzle_for(day, lambda text: status.update(f"{day}: {text}"))


def _daily_check(puzzle: Any, path: str, json_out: bool, data: Any = None) -> None:
    from puzzles.grade import grade
    from solver.common.jsonio import read_json, source_name

    data = read_json(path, "answer file") if data is None else data
    try:
        result = grade(puzzle, data)
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
        from puzzles.show import render_grade

        console.print(render_grade(result))


def _daily_solution(puzzle: Any, json_out: bool) -> None:
    from puzzles.pairs import against_each_other

    cities = [c.with_context(puzzle.pool.context) for c in puzzle.solution]
    if len(cities) == 2:
        cities = list(against_each_other(*cities))
    if json_out:
        print_json(cities[0].to_json() if len(cities) == 1 else
                   {"date": puzzle.date.isoformat(), "cities": [c.to_json() for c in cities]})
        return
    from solver.twocities.game.components import load_components
    from solver.twocities.scoring.categories import score_city

    for i, city in enumerate(cities):
        if len(cities) > 1:
            console.print(f"[bold]city {i + 1}[/bold]")
        _render_city(city, score_city(city), load_components())
        console.print()
    console.print(f"optimum {puzzle.optimum} (proven; {puzzle.layouts} optimal layout"
                  f"{'s' if puzzle.layouts == 'several' else ''})")


def _daily_archive(first: Any, last: Any, out: Path, jobs: int | None, json_out: bool) -> None:
    import time

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from puzzles.archive import build_archive, prepare_directory
    from puzzles.plan import date_range

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


@app.command()
def play(
    players: Annotated[int, typer.Option("--players", help="Number of players.")],
    variant: Annotated[str, typer.Option("--variant", help="standard, beginner, "
                                         "two-player-standard or two-player-advanced.")]
    = "standard",
    seed: Annotated[int, typer.Option("--seed", help="Seed: the same seed replays the game.")]
    = 0,
    bots: Annotated[str, typer.Option("--bots", help="Bots per seat, cycled: random, greedy, "
                                      "solver (e.g. greedy,random).")] = "random",
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
    from solver.twocities.game.rulesets import load_ruleset
    from solver.twocities.rules.bots import make_bots
    from solver.twocities.rules.game import new_game, play_turn
    from solver.twocities.rules.gamefile import save_game

    def run() -> None:
        if save is not None:
            from solver.common.jsonio import check_writable_file
            check_writable_file(save, "game file")  # before the game, not after it
        rules = load_ruleset(edition, variant)
        game = new_game(rules, players, seed, districts=districts)
        seats = make_bots([b.strip() for b in bots.split(",") if b.strip()], game.players)
        if not (quiet or json_out):
            _render_setup(game, seats)
        while not game.over:
            before = game.round
            play_turn(game, seats)
            if game.round != before and not (quiet or json_out):
                _render_cities(game, f"After round {before}")
        result = game.table()
        if save is not None:
            save_game(game, save)
        if json_out:
            print_json({**result.to_json(), "fallbacks": dict(game.fallbacks)})
            return
        _render_standings(game, result)

    guarded(run)


def _render_setup(game: Any, seats: dict[str, Any]) -> None:
    who = ", ".join(f"{p} ({seats[p].name})" if p != "Jamey" else p for p in game.players)
    console.print(f"[bold]{game.rules.variant}[/bold] game, seed {game.seed}: {who}")
    for d in game.districts:
        console.print(f"district {' + '.join(sorted(d.types))}: {d.points[0]}/{d.points[1]}")


def _render_cities(game: Any, title: str) -> None:
    from rich.columns import Columns
    from rich.panel import Panel

    from solver.twocities.show import render_city

    panels = []
    for c in game.cities:
        mat = c.position.mat.id if c.position.mat else "no mat"
        panels.append(Panel(render_city(c.position.to_city()), expand=False,
                            title=c.name, subtitle=f"{'-'.join(c.builders)}, {mat}"))
    console.rule(title)
    console.print(Columns(panels))


def _render_standings(game: Any, result: Any) -> None:
    from rich.table import Table

    scores = Table(title="Cities")
    for col in ("city", "by", *(k[:4] for k in result.cities[0].score.categories), "total"):
        scores.add_column(col, justify="right" if col not in ("city", "by") else "left")
    for c in result.cities:
        scores.add_row(c.name, "-".join(c.builders),
                       *(str(v) for v in c.score.categories.values()), str(c.score.total))
    console.print(scores)
    standings = Table(title=f"Final standings ({'sum' if result.rule == 'sum' else 'lower'} "
                      "of each player's cities)")
    for col in ("place", "player", "final", "cities", "tie-break"):
        standings.add_column(col)
    order = ("higher city, " if result.rule != "sum" else "") + ", ".join(
        game.rules.tie_break_order)
    for s in result.standings:
        standings.add_row(str(s.place), s.player, str(s.final),
                          " / ".join(str(v) for v in s.city_scores),
                          " ".join(str(v) for v in s.tie_break))
    console.print(standings)
    console.print(f"tie-break order: {order}", style="dim")
    fired = {k: v for k, v in game.fallbacks.items() if v}
    if fired:
        console.print(f"fallbacks used: {fired}", style="yellow")


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
    from solver.twocities.cpsat.solve import box_pool, solve_pair, solve_pool
    from solver.twocities.game.components import load_components
    from solver.twocities.game.pool import load_pool

    def run() -> None:
        comps = load_components(components)
        show = _solve_progress() if not json_out else None
        if box:
            if pool_file is not None:
                raise CitiesError("give a pool file or --box, not both")
            from solver.twocities.game.rulesets import load_ruleset
            rules = load_ruleset(edition, variant)
            mats = [mat] if mat or not rules.modules["mats"] else sorted(comps.mats)
            results = []
            import time
            deadline = time.monotonic() + time_limit  # the whole run's, shared by the mats
            for i, m in enumerate(mats):
                pool = box_pool(edition, variant, m, comps)
                share = max(0.1, (deadline - time.monotonic()) / (len(mats) - i))
                result = solve_pool(pool, time_limit=share, workers=workers, progress=show)
                results.append((m, result))
                if not json_out:
                    _render_solve(result, f"box, {edition} {variant}" + (f", mat {m}" if m else ""))
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
                _render_solve(r, f"city {i + 1} of the pair")
            console.print(_status_line(pr.status, pr.score, pr.bound, pr.seconds,
                                       "lower city of the pair"))
            return
        result = solve_pool(pool, time_limit=time_limit, workers=workers, progress=show)
        if json_out:
            print_json(result.to_json())
        else:
            _render_solve(result, "")

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


def _status_line(status: str, score: Any, bound: Any, seconds: float, what: str) -> str:
    if status == "optimal":
        return f"[bold green]optimal[/]: {what} scores {score}, proven in {seconds:.2f} s"
    if status == "feasible":
        limit = "no bound proven" if bound is None else f"no city scores more than {bound}"
        return (f"[bold yellow]not proven[/]: best {what} found scores {score}; {limit} "
                f"(time limit, {seconds:.1f} s)")
    if status == "infeasible":
        return f"[bold red]infeasible[/]: no legal city from this pool ({seconds:.2f} s)"
    return f"[bold red]unknown[/]: no city found within the time limit ({seconds:.1f} s)"


def _render_solve(result: Any, title: str) -> None:
    from solver.twocities.show import render_breakdown, render_city

    if sys.stderr.isatty():
        sys.stderr.write("\r" + " " * 60 + "\r")
    if title:
        console.print(f"[bold]{title}[/bold]")
    if result.city is not None:
        console.print(render_city(result.city))
        console.print(render_breakdown(result.breakdown, title="Score"))
    console.print(_status_line(result.status, result.score, result.bound, result.seconds,
                               "the city"))


def main() -> None:
    app()


if __name__ == "__main__":
    main()
