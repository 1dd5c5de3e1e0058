"""``cities usa ...``: the Cities USA commands, the top layer of this game (score, show,
check, moves, solve, play).  Each parses its options (``solver.frontend``), calls the layers
below and renders."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TypeVar

import typer

from solver.common import options as limits
from solver.common.errors import CitiesError
from solver.common.jsonio import parse_json_text, read_json, source_name
from solver.frontend import options
from solver.frontend.app import (
    check_output,
    console,
    guarded,
    new_app,
    print_answer,
    print_json,
    solve_progress,
)
from solver.usa import show as view
from solver.usa.game import notation
from solver.usa.game.city import City
from solver.usa.game.cityfile import load_city
from solver.usa.game.components import load_components
from solver.usa.rules import legality
from solver.usa.rules.moves import legal_moves
from solver.usa.scoring.categories import score_city

app = new_app("Cities USA: exact scoring, city display, legality of every action, legal moves, "
              "proven optimal cities, games with bots.")

T = TypeVar("T")
CityFile = Annotated[str, typer.Argument(help="A Cities USA city file (JSON); - for stdin.")]


def _city(file: str, components: Path | None) -> City:
    return load_city(file, load_components(components))


@app.command("score")
def usa_score(file: CityFile, json_out: options.Json = False,
              components: options.Components = None) -> None:
    """Score a Cities USA city: every category (penalties negative) and the total."""

    def run() -> None:
        city = _city(file, components)
        result = score_city(city)
        if json_out:
            print_json(result.to_json())
            return
        console.print(view.render_city(city))
        console.print(view.render_cards(city), end="")
        console.print(view.render_breakdown(result))

    guarded(run)


@app.command("show")
def usa_show(file: CityFile, components: options.Components = None) -> None:
    """Draw a Cities USA city with its streets, bridges and dead ends; its tiles and cards."""

    def run() -> None:
        city = _city(file, components)
        console.print(view.render_city(city))
        console.print(view.legend())
        console.print(view.render_tiles(city))
        console.print(view.render_cards(city), end="")
        console.print(f"notation: {notation.format_city(city)}", style="dim")
        console.print(f"bridges left: {city.remaining_bridges}", style="dim")

    guarded(run)


@app.command("check")
def usa_check(
    state: Annotated[str, typer.Argument(help="A city in progress (a city file).")],
    action: Annotated[str, typer.Option("--action", help="The action: a JSON file, or JSON "
                                        "text such as '{\"action\": \"bridge\", ...}'.")],
    json_out: options.Json = False,
    components: options.Components = None,
) -> None:
    """Is ACTION legal on the city (tile, bridge, feature, building, top, card, achievement)?"""

    def run() -> None:
        city = _city(state, components)
        text = action.strip()
        inline = text.startswith("{")
        source = "--action" if inline else source_name(action)
        data = parse_json_text(text, source) if inline else read_json(action, "action file")
        try:
            verdict = legality.check(city, data)
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


@app.command("moves")
def usa_moves(
    state: Annotated[str, typer.Argument(help="A city in progress (a city file).")],
    tile: Annotated[str, typer.Option("--tile", help="A tile id, e.g. city-07.")],
    json_out: options.Json = False,
    components: options.Components = None,
) -> None:
    """Every legal place and rotation of TILE, with the bridges each forces."""

    def run() -> None:
        city = _city(state, components)
        try:
            found = legal_moves(city, city.components.tile(tile))
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


ToCome = Annotated[str | None, typer.Option(
    "--tiles", help="With a city in progress: the city tiles still to come (e.g. "
    "city-03,city-07).")]


def _listed(value: str | None) -> list[str]:
    return [] if value is None else [v.strip() for v in value.split(",") if v.strip()]


def _counted(value: str | None, flag: str) -> dict[str, int]:
    """``black=2,blue=1`` (an option's ``name=number`` pairs)."""
    out: dict[str, int] = {}
    for part in _listed(value):
        name, _, n = (x.strip() for x in part.partition("="))
        if not (name and n.isascii() and n.isdigit() and len(n) <= 30):
            raise CitiesError(f"expected name=number pairs such as black=2, got {part!r}",
                              field=flag)
        if name in out:
            raise CitiesError(f"{name} is given twice", field=flag)
        out[name] = int(n)
    return out


def _in_file(path: str, run: Callable[[], T]) -> T:
    """``run()``, its refusals naming the file at ``path``."""
    try:
        return run()
    except CitiesError as err:
        raise err.located(source=source_name(path)) from None


@app.command("solve")
def usa_solve(
    pool_file: Annotated[str, typer.Argument(
        metavar="FILE", help="A Cities USA pool file (JSON, it names its start), or a city in "
        "progress (a city file) to finish; - for stdin.")],
    time_limit: Annotated[float, options.time_limit(
        "Seconds before giving up the proof (the best city so far is shown).")] = 60.0,
    workers: options.Workers = 2,
    tiles: ToCome = None,
    features: Annotated[str | None, typer.Option(
        "--features", help="With a city in progress: feature tiles to come.")] = None,
    pieces: Annotated[str | None, typer.Option(
        "--pieces", help="With a city in progress: building pieces to come, e.g. "
        "black=2,blue=1.")] = None,
    tops: Annotated[str | None, typer.Option(
        "--tops", help="With a city in progress: skyscraper tops to come (colours).")] = None,
    cards: Annotated[str | None, typer.Option(
        "--cards", help="With a city in progress: scoring cards to come.")] = None,
    achievements: Annotated[str | None, typer.Option(
        "--achievements", help="With a city in progress: achievements it may still claim, "
        "e.g. green-lake=5.")] = None,
    json_out: options.Json = False,
    components: options.Components = None,
) -> None:
    """The best city a Cities USA pool can build, proven optimal (or the best found and its
    bound); given a city in progress, its best finish holding every tile, bridge, feature and
    building where it lies, from what it holds and what is still to come."""
    # Imported here: OR-Tools takes about a second to load, which no other command needs.
    from solver.usa.cpsat.finish import solve_finish
    from solver.usa.cpsat.solve import solve_pool
    from solver.usa.game.cityfile import city_from_json
    from solver.usa.game.finish import TO_COME, finish_pool
    from solver.usa.game.pool import pool_from_json

    def run() -> None:
        comps = load_components(components)
        data = read_json(pool_file, "pool or city file")
        to_come = {"tiles": _listed(tiles), "features": _listed(features),
                   "pieces": _counted(pieces, "--pieces"), "tops": _listed(tops),
                   "cards": _listed(cards),
                   "achievements": [{"achievement": a, "points": n} for a, n in
                                    _counted(achievements, "--achievements").items()]}
        given = [f"--{k}" for k, v in to_come.items() if v]
        show = solve_progress() if not json_out else None
        if isinstance(data, dict) and "start" in data:
            if given:
                raise CitiesError(f"{given[0]} goes with a city in progress, not a pool file")
            pool = _in_file(pool_file, lambda: pool_from_json(data, comps))
            result = solve_pool(pool, time_limit=time_limit, workers=workers, progress=show)
        else:
            city = _in_file(pool_file, lambda: city_from_json(data, comps))
            pool = _in_file(pool_file, lambda: finish_pool(city, to_come,
                                                           {k: f"--{k}" for k in TO_COME}))
            result = _in_file(pool_file, lambda: solve_finish(
                city, pool, time_limit=time_limit, workers=workers, progress=show))
        if json_out:
            print_json(result.to_json())
            return
        print_answer(view.render_solve(result))

    guarded(run)


@app.command("play")
def usa_play(
    players: Annotated[int | None, options.count(
        "--players", limits.PLAYERS, "Number of players (default: the variant's most).")]
    = None,
    variant: Annotated[str, typer.Option("--variant", help="standard (3-4 players), two-player, "
                                         "two-player-advanced, two-player-long or solo.")]
    = "standard",
    seed: Annotated[int, options.seed("Seed: the same seed replays the game.")] = 0,
    bots: Annotated[str | None, options.option(
        "--bots", options.NAMES, "Bots per seat, cycled: random, greedy, solver (e.g. "
        "greedy,random; default greedy, or with --resume the bots the file records).")]
    = None,
    resume: Annotated[Path | None, options.path(
        "--resume", "Continue a saved game file (its variant, seed, players and bots).")]
    = None,
    stop_after: Annotated[int | None, options.count(
        "--stop-after", limits.STOP_AFTER, "Stop after this round (with --save: a game to "
        "resume).")] = None,
    save: Annotated[Path | None, options.path(
        "--save", "Write the game state at the end (a game file).")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Only the final standings.")] = False,
    json_out: options.Json = False,
    components: options.Components = None,
) -> None:
    """Play a whole Cities USA game with bots: each round, then the standings."""
    from solver.common.seats import resumed_bots, resumed_until
    from solver.usa.bots import BOTS, make_bots
    from solver.usa.game.rulesets import load_ruleset
    from solver.usa.rules.game import new_game
    from solver.usa.rules.gamefile import load_game, save_game

    def run() -> None:
        if save is not None:
            check_output(save, "game file", "--save")  # before the game, not after it
        comps = load_components(components)
        given = bots.split(",") if bots else None
        if resume is not None:
            game = load_game(resume, comps, known_bots=BOTS)
            names = resumed_bots(game.bots, given, game.players, "greedy")
            until = resumed_until(stop_after, 0 if game.over else game.round)
        else:
            rules = load_ruleset(variant)
            game = new_game(rules, rules.players[1] if players is None else players, seed,
                            comps)
            names = given or ["greedy"]
            until = None if stop_after is None else stop_after + 1
        seats = make_bots(names, game.players)
        game.bots = {p: b.name for p, b in seats.items()}  # the game file records them
        talk = not (quiet or json_out)
        if talk:
            console.print(view.render_setup(game, {p: b.name for p, b in seats.items()}))
            console.print(view.legend())

        def after(round_: int) -> None:
            if talk:
                console.rule(f"After round {round_}")
                console.print(view.render_round(game, round_))

        game.play(seats, until, after)
        if save is not None:
            save_game(game, save)
        if json_out:
            print_json(game.summary())
            return
        if game.over:
            console.print(view.render_standings(game))
        else:
            console.print(f"stopped before round {game.round}"
                          + (f"; saved to {save}" if save else ""))

    guarded(run)
