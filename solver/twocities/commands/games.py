"""``cities play``, ``advise`` and ``analyze``: whole games with bots, advice on a hand, and
batch studies over many seeded games or solves."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from solver.common import options as limits
from solver.common.errors import CitiesError
from solver.common.jsonio import source_name
from solver.common.seats import resumed_bots, resumed_until
from solver.frontend import options
from solver.frontend.app import check_output, console, err_console, guarded, new_app, print_json
from solver.twocities.advice import BOT_ROLLOUT_SAMPLES, SAMPLES, SOLVE_LIMIT, advise, make_bots
from solver.twocities.advice.bot import BOTS
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.rules.game import JAMEY, new_game
from solver.twocities.rules.gamefile import load_game, save_game
from solver.twocities.show import render_advice, render_cities, render_game_end, render_setup
from solver.twocities.studies.runner import MAX_RUNS

app = new_app("Between Two Cities: games.")


@app.command()
def play(
    players: Annotated[int | None, options.count(
        "--players", limits.PLAYERS, "Number of players (not with --resume).")] = None,
    variant: Annotated[str, typer.Option("--variant", help="standard, beginner, "
                                         "two-player-standard or two-player-advanced.")]
    = "standard",
    seed: Annotated[int, options.seed("Seed: the same seed replays the game.")] = 0,
    bots: Annotated[str | None, options.option(
        "--bots", options.NAMES, "Bots per seat, cycled: random, greedy, solver, advisor "
        "(e.g. greedy,random; default random, or with --resume the bots the file "
        "records).")] = None,
    edition: Annotated[str, typer.Option("--edition", help="essential or classic.")]
    = "essential",
    districts: Annotated[bool, typer.Option("--districts", help="Play with districts.")]
    = False,
    resume: Annotated[Path | None, options.path(
        "--resume", "Continue a saved game file (its edition, variant, seed, players and "
        "bots).")] = None,
    stop_after: Annotated[int | None, options.count(
        "--stop-after", limits.STOP_AFTER, "Stop after this round (with --save: a game to "
        "resume).")] = None,
    save: Annotated[Path | None, options.path("--save", "Write the game state at the end "
                                              "(a game file, with its bots).")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Only the final standings.")] = False,
    json_out: options.Json = False,
) -> None:
    """Play a whole game with bots: each round's cities, then the standings with tie-breaks."""

    def run() -> None:
        if save is not None:
            check_output(save, "game file", "--save")  # before the game, not after it
        given = bots.split(",") if bots else None
        if resume is not None:
            if players is not None:
                raise CitiesError("--players goes with a new game (a saved game has its "
                                  "own)", field="--players")
            game = load_game(resume, known_bots=BOTS)
            seated = [p for p in game.players if p != JAMEY]
            names = resumed_bots(game.bots, given, seated, "random")
            until = resumed_until(stop_after, 0 if game.over else game.round)
        else:
            if players is None:
                raise CitiesError("missing --players (or --resume a saved game)")
            game = new_game(load_ruleset(edition, variant), players, seed, districts=districts)
            names = given or ["random"]
            until = None if stop_after is None else stop_after + 1
        seats = make_bots(names, game.players)
        game.bots = {p: b.name for p, b in seats.items() if p != JAMEY}  # the file keeps them
        talk = not (quiet or json_out)
        if talk:
            console.print(render_setup(game, seats))

        def after(round_: int) -> None:
            if talk:
                console.rule(f"After round {round_}")
                console.print(render_cities(game))

        game.play(seats, until, on_round=after)
        if save is not None:
            save_game(game, save)
        if json_out:
            print_json(game.summary())
            return
        if game.over:
            console.print(render_game_end(game, game.table()))
        else:
            console.print(f"stopped before round {game.round}"
                          + (f"; saved to {save}" if save else ""))

    guarded(run)


@app.command("advise")
def advise_cmd(
    game_file: Annotated[str, typer.Argument(help="A saved game file (cities play --save).")],
    player: Annotated[str | None, options.option("--player", options.NAME, "Whose hand "
                                                 "(default: the first player).")] = None,
    samples: Annotated[int, options.count("--samples", limits.SAMPLES, "Sampled completions "
                                          "per choice, at most.")] = SAMPLES,
    positions: Annotated[int, options.count("--positions", limits.POSITIONS, "Best legal "
                                            "positions weighed per tile and city.")] = 3,
    seed: Annotated[int, options.seed("Seed of the samples.")] = 0,
    time_limit: Annotated[float | None, options.time_limit(
        "Seconds for the whole advice (sampling, --solve and --rollouts): what is valued by "
        "then is shown.")] = None,
    solve: Annotated[int, options.count("--solve", limits.SOLVE, "Value the N best choices "
                                        "again with the solver finishing every city.")] = 0,
    solve_limit: Annotated[float, options.time_limit(
        "The solver's deterministic work limit per city.", "--solve-limit")] = SOLVE_LIMIT,
    rollouts: Annotated[int, options.count("--rollouts", limits.ROLLOUTS, "Value the N best "
                                           "choices again by playing out the rest of the "
                                           "game.")] = 0,
    rollout_samples: Annotated[int, options.count("--rollout-samples", limits.ROLLOUT_SAMPLES,
                                                  "Deals played out per choice.")]
    = BOT_ROLLOUT_SAMPLES,
    top: Annotated[int, options.count("--top", limits.TOP, "Choices shown (--json: all).")]
    = 10,
    json_out: options.Json = False,
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


@app.command()
def analyze(
    study: Annotated[str, typer.Argument(
        metavar="STUDY", help="tile-values, mats or first-player (docs/analysis.md).")],
    runs: Annotated[int, options.count("--runs", limits.Count(1, MAX_RUNS, "runs"),
                                       "Seeded runs (deals or games).")] = 200,
    executor: Annotated[str, typer.Option(
        "--executor", help="local (processes on this machine) or dask (a cluster: "
        "pip install -e '.[cluster]').")] = "local",
    address: Annotated[str | None, typer.Option(
        "--address", metavar="tcp://HOST:8786", help="dask: the scheduler's address.")] = None,
    out: Annotated[Path | None, options.path(
        "--out", "Results, kept runs, table and plot (default: analysis/STUDY).", "DIR")]
    = None,
    seed: Annotated[int, options.seed("Seed of the runs.")] = 0,
    jobs: Annotated[int | None, options.count(
        "--jobs", limits.JOBS, "local: processes (default: all cores).")] = None,
    json_out: options.Json = False,
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
