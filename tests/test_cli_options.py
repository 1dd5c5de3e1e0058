"""Every command's options go through the shared option types (solver.frontend.options): each
time limit, count, seed, name and path is checked by one rule and refused the same way, in one
line with exit status 2.  The walk below finds the commands by introspection, so a command
added later is held to it too."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, get_type_hints

import pytest
import typer
from typer.models import OptionInfo
from typer.testing import CliRunner

import cli
from solver.common import options as rules
from solver.frontend import options as types
from solver.frontend.options import Checked
from solver.twocities.advice import advise
from solver.twocities.rules.gamefile import load_game

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
ROUND_ONE = str(EXAMPLES / "game-standard-3p-round1.json")
USA_POOL = str(EXAMPLES / "usa" / "pool-small.json")
runner = CliRunner()


def invoke(args: list[str]) -> Any:
    return runner.invoke(cli.app, args, catch_exceptions=True)


def refused_in_one_line(result: Any, *words: str) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert result.exit_code == 2, (result.exit_code, result.stdout[:300], result.stderr[:300])
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("cities: error: ")
    for w in words:
        assert w in result.stderr, result.stderr


# --- the walk over every command -------------------------------------------------------------


def commands(app: typer.Typer, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """(command path, callback) for every command of ``app`` and its sub-apps."""
    found = []
    for info in app.registered_commands:
        name = info.name or info.callback.__name__.replace("_", "-")
        found.append(((*path, name), info.callback))
    for group in app.registered_groups:
        found += commands(group.typer_instance, (*path, group.name) if group.name else path)
    return found


def option_infos(callback: Any) -> list[tuple[str, Any, OptionInfo]]:
    """(flag, annotation, OptionInfo) of every option of a command."""
    out = []
    for name, hint in get_type_hints(callback, include_extras=True).items():
        meta = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, OptionInfo)]
        if meta:
            # with Annotated, Typer takes the first name given as the option's default
            decls = [meta[0].default, *meta[0].param_decls]
            flag = next((d for d in decls if isinstance(d, str) and d.startswith("--")),
                        "--" + name.replace("_", "-"))
            out.append((flag, hint.__origin__, meta[0]))
    return out


ALL = commands(cli.app)
OPTIONS = [(path, flag, annotation, info) for path, callback in ALL
           for flag, annotation, info in option_infos(callback)]

#: The rule each option of these names must use, whichever command it belongs to.
RULES: dict[str, Any] = {
    "--time-limit": rules.time_limit, "--solve-limit": rules.time_limit,
    "--read-timeout": rules.time_limit, "--generations": rules.GENERATIONS,
    "--connections": rules.CONNECTIONS,
    "--workers": rules.WORKERS, "--jobs": rules.JOBS, "--players": rules.PLAYERS,
    "--top": rules.TOP, "--samples": rules.SAMPLES, "--positions": rules.POSITIONS,
    "--solve": rules.SOLVE, "--rollouts": rules.ROLLOUTS,
    "--rollout-samples": rules.ROLLOUT_SAMPLES, "--stop-after": rules.STOP_AFTER,
    "--city": rules.CITY, "--port": rules.PORT, "--seed": rules.seed,
    "--player": rules.name, "--bots": rules.names,
}
PATHS = {"--out", "--save", "--svg", "--png", "--components", "--resume", "--check"}


def test_the_walk_finds_every_command() -> None:
    names = {" ".join(path) for path, _ in ALL}
    assert names >= {"score", "check", "moves", "render", "play", "advise", "analyze", "solve",
                     "daily", "serve", "usa score", "usa show", "usa check", "usa moves",
                     "usa solve", "usa play"}
    assert len(OPTIONS) > 60


@pytest.mark.parametrize("path, flag, annotation, info", OPTIONS,
                         ids=[f"{' '.join(p)} {f}" for p, f, _, _ in OPTIONS])
def test_every_option_uses_the_shared_types(path: tuple[str, ...], flag: str, annotation: Any,
                                            info: OptionInfo) -> None:
    numeric = any(t in (int, float) for t in (annotation, *getattr(annotation, "__args__", ())))
    if flag in RULES:
        assert isinstance(info.parser, Checked), f"{flag} is not a shared type"
        assert info.parser.rule is RULES[flag], f"{flag} does not use its shared rule"
    elif flag in PATHS:
        assert info.parser in (types.PATH, types.FILE), f"{flag} is not a shared path type"
    elif flag == "--json":
        assert info.help == "Print one JSON object."
    elif numeric:  # another count (--runs: the studies' own most)
        assert isinstance(info.parser, Checked) and isinstance(info.parser.rule, rules.Count)
    else:  # a free text (a tile, a date, a variant): no number slips through unchecked
        assert not numeric, f"{' '.join(path)} {flag}: a number without a shared type"
        assert info.parser is None


def _bad_values(rule: Any) -> list[str]:
    if rule is rules.time_limit:
        return ["-1", "0", "nan", "inf", "-inf", "x"]
    if isinstance(rule, rules.Count):
        return [str(rule.least - 1), str(rule.most + 1), "x", "1.5"]
    if rule is rules.seed:
        return ["-1", str(rules.MAX_SEED + 1), "x"]
    if rule is rules.names:
        return [",,", ""]
    return [""]  # a name or a path


CHECKED = [(path, flag, value) for path, flag, _, info in OPTIONS
           if isinstance(info.parser, Checked)
           for value in _bad_values(info.parser.rule)]


@pytest.mark.parametrize("path, flag, value", CHECKED,
                         ids=[f"{' '.join(p)} {f} {v!r}" for p, f, v in CHECKED])
def test_every_checked_option_refuses_bad_values_in_one_line(path: tuple[str, ...], flag: str,
                                                             value: str) -> None:
    refused_in_one_line(invoke([*path, flag, value]), f"{flag}: ")


# --- the cases of the hostile corpus ----------------------------------------------------------


@pytest.mark.parametrize("value", ["-1", "0", "nan", "-inf"])
def test_usa_solve_refuses_a_time_limit_that_does_not_limit(value: str) -> None:
    refused_in_one_line(invoke(["usa", "solve", USA_POOL, "--time-limit", value]),
                        "--time-limit", "positive, finite number of seconds")


@pytest.mark.parametrize("value", ["-1", "0", "nan", "inf"])
def test_advise_refuses_a_time_limit_that_does_not_limit(value: str) -> None:
    refused_in_one_line(invoke(["advise", ROUND_ONE, "--time-limit", value]), "--time-limit")


def test_usa_play_refuses_no_players_and_leaves_the_save_alone(tmp_path: Path) -> None:
    save = tmp_path / "existing.json"
    save.write_text('{"kept": true}', encoding="utf-8")
    for players in ("0", "5"):
        refused_in_one_line(invoke(["usa", "play", "--players", players, "--quiet",
                                    "--save", str(save)]), "players")
    assert save.read_text(encoding="utf-8") == '{"kept": true}'


@pytest.mark.parametrize("args, words", [
    (["usa", "play", "--stop-after", "-1"], "--stop-after: expected 0 to"),
    (["analyze", "mats", "--out", ""], "--out: expected a path"),
    (["advise", ROUND_ONE, "--player", ""], "--player: expected a name"),
    (["advise", ROUND_ONE, "--top", "-1"], "--top: expected 1 to"),
    (["advise", ROUND_ONE, "--samples", str(rules.SAMPLES.most + 1)], "--samples"),
    (["advise", ROUND_ONE, "--samples", "1000000000000"], "--samples"),
    (["advise", ROUND_ONE, "--rollouts", "1000000000"], "--rollouts"),
    (["advise", ROUND_ONE, "--solve", "-1"], "--solve"),
])
def test_wrongly_accepted_options_are_refused(args: list[str], words: str) -> None:
    refused_in_one_line(invoke(args), words)


def test_the_time_limit_bounds_the_solve_phase_of_advice() -> None:
    """A limit of 2 s over a solve of every choice (which takes minutes): the advice ends
    near the limit (one solve may run on past it by its own remaining time), and the choices
    not solved by then have no solved value."""
    game = load_game(ROUND_ONE)
    start = time.monotonic()
    advice = advise(game, "P1", samples=2, time_limit=2, solve=1000)
    assert time.monotonic() - start < 2 + 8  # the machine may be loaded: a wide margin
    solved = [e for e in advice.choices if e.solved is not None]
    assert len(solved) < len(advice.choices)


def test_advise_passes_its_time_limit_to_every_phase() -> None:
    start = time.monotonic()
    result = invoke(["advise", ROUND_ONE, "--samples", "2", "--time-limit", "2", "--top", "2",
                     "--solve", "1000", "--json"])
    assert result.exit_code == 0, result.stderr
    assert time.monotonic() - start < 2 + 8
    data = json.loads(result.stdout)
    assert any("solved" not in c for c in data["choices"])


def test_the_time_limit_bounds_the_play_outs_of_advice() -> None:
    game = load_game(ROUND_ONE)
    start = time.monotonic()
    advice = advise(game, "P1", samples=2, time_limit=2, rollouts=rules.ROLLOUTS.most)
    assert time.monotonic() - start < 2 + 8
    rolled = [e for e in advice.choices if e.rolled is not None]
    assert len(rolled) < len(advice.choices)
    assert len({e.rolled.samples for e in rolled if e.rolled}) <= 1  # the same deals each
    json.dumps(advice.to_json(game))  # the choices not played out still report


# --- Cities USA's play: the variant that fits, the legend ------------------------------------


def test_usa_play_suggests_the_variant_that_fits() -> None:
    refused_in_one_line(invoke(["usa", "play", "--players", "2"]), "--variant two-player")


def test_usa_play_prints_the_legend_of_its_abbreviations() -> None:
    result = invoke(["usa", "play", "--variant", "two-player", "--bots", "random"])
    assert result.exit_code == 0
    assert "~~ water" in result.stdout and "yt yacht" in result.stdout


def test_daily_help_states_the_usa_puzzle_size() -> None:
    from puzzles.usa.draw import SIZE

    result = invoke(["daily", "--help"])
    assert f"{SIZE[0]}x{SIZE[1]} city" in " ".join(result.stdout.split())


def test_top_level_help_names_both_games() -> None:
    text = " ".join(invoke(["--help"]).stdout.split())
    assert "Between Two Cities" in text and "Cities USA" in text
