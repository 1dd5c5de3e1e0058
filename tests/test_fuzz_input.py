"""Hostile input on every command that reads a file or a number: malformed JSON of every file
kind and bad option values give exit status 2 and one line on stderr, never a traceback."""

from __future__ import annotations

import functools
import json
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import cli
from tests.support.fuzz import changed as changed_json
from tests.support.fuzz import json_values as values_of
from tests.support.refusals import refused_in_one_line

# hypothesis on every command's input, many examples each
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DAY = "2026-12-08"  # in the shipped archive
runner = CliRunner()
fuzz = settings(suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow], deadline=None)

CITY = {"edition": "essential",
        "grid": ["F S ~ P H", "O Tm ~ C:library S", "H P ~ F O", "S S H P Tb", "F O P H S"],
        "bridges": [[[0, 1], [0, 3]]],
        "context": {"rival_factories": [2, 3],
                    "districts": [{"types": ["office", "shop"], "points": [9, 3],
                                   "rivals": [2]}]}}


def _load(name: str) -> Any:
    return json.loads((EXAMPLES / name).read_text())


def _answer() -> Any:
    result = runner.invoke(cli.app, ["daily", "--date", DAY, "--solution", "--json"])
    return json.loads(result.stdout)


def _usa_template() -> Any:
    result = runner.invoke(cli.app, ["daily", "--game", "usa", "--date", DAY, "--template"])
    return json.loads(result.stdout)


@functools.cache
def _usa_game() -> Any:
    """A two-player Cities USA game saved before round 2."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        runner.invoke(cli.app, ["usa", "play", "--variant", "two-player", "--stop-after", "1",
                                "--save", str(path), "--quiet"])
        return json.loads(path.read_text())


USA_QUICK = ["--time-limit", "0.5", "--workers", "1", "--json"]


#: Each file kind: a valid file (or what makes one), and the command that reads it (FILE
#: stands for the path).
KINDS: dict[str, tuple[Any, list[str]]] = {
    "city": (CITY, ["score", "FILE", "--json"]),
    "table": (_load("table-districts.json"), ["score", "FILE", "--json"]),
    "pool": (_load("pool-beginner.json"),
             ["solve", "FILE", "--json", "--time-limit", "0.5", "--workers", "1"]),
    "state": (_load("state-river-bend.json"), ["moves", "FILE", "--tile", "F", "--json"]),
    "game": (_load("game-standard-3p-round2.json"),
             ["moves", "FILE", "--city", "1", "--tile", "F|S", "--json"]),
    "components": (json.loads((ROOT / "solver" / "twocities" / "data" / "components.json")
                              .read_text()),
                   ["score", str(EXAMPLES / "rulebook-shops.json"), "--components", "FILE",
                    "--json"]),
    "answer": (_answer, ["daily", "--date", DAY, "--check", "FILE"]),
    "usa-city": (_load("usa/in-progress.json"), ["usa", "score", "FILE", "--json"]),
    "usa-finish": (_load("usa/in-progress.json"),
                   ["usa", "solve", "FILE", "--tiles", "city-20,city-21,city-22,city-23,city-24",
                    "--pieces", "blue=1", *USA_QUICK]),
    "usa-pool": (_load("usa/pool-small.json"), ["usa", "solve", "FILE", *USA_QUICK]),
    "usa-game": (_usa_game, ["usa", "play", "--resume", "FILE", "--stop-after", "2", "--quiet",
                             "--json"]),
    "usa-answer": (_usa_template, ["daily", "--game", "usa", "--date", DAY, "--check", "FILE"]),
}


def invoke(args: list[str]) -> Any:
    return runner.invoke(cli.app, args, catch_exceptions=True)


def refused_or_fine(result: Any) -> None:
    """A changed file may still be valid: then it is answered; else it is refused as above."""
    if result.exit_code == 0:
        assert result.exception is None
        return
    refused_in_one_line(result)


def _base(kind: str) -> Any:
    data, _ = KINDS[kind]
    return data() if callable(data) else data


def _run(kind: str, path: Path) -> Any:
    _, args = KINDS[kind]
    return invoke([str(path) if a == "FILE" else a for a in args])


json_values = values_of(["F", "~", ".", "F|O|P", "C:nowhere", "CHM", "Tz", "-1", ""])


@fuzz
@pytest.mark.parametrize("kind", sorted(KINDS))
@given(data=st.data())
def test_changed_files_are_answered_or_refused_in_one_line(tmp_path: Path, kind: str,
                                                           data: st.DataObject) -> None:
    changed = data.draw(changed_json(_base(kind), json_values))
    path = tmp_path / f"{kind}.json"
    path.write_text(json.dumps(changed))
    refused_or_fine(_run(kind, path))


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@fuzz
@pytest.mark.parametrize("kind", sorted(KINDS))
@given(data=st.data())
def test_broken_json_is_refused_in_one_line(tmp_path: Path, kind: str,
                                            data: st.DataObject) -> None:
    text = json.dumps(_base(kind))
    broken = data.draw(st.one_of(
        st.integers(1, len(text) - 1).map(lambda n: text[:n]),  # cut short
        st.integers(65, 200_000).map(_deep),  # nested beyond the limit
        st.integers(31, 6000).map(lambda n: text[:-1] + f', "n": {"7" * n}}}'),  # huge int
        st.just("\ufeff" + text[:-1]), st.just(""), st.just("null"), st.just("\x00\x01"),
        st.binary(min_size=1, max_size=40).map(lambda b: b.decode("latin-1")),
    ))
    path = tmp_path / f"{kind}.json"
    path.write_text(broken, encoding="utf-8", errors="surrogatepass")
    result = _run(kind, path)
    if kind in ("city", "state", "pool") and result.exit_code == 0:
        pytest.skip("a binary that happens to parse")  # pragma: no cover
    refused_in_one_line(result)


def test_not_utf8_a_directory_and_a_huge_token(tmp_path: Path) -> None:
    path = tmp_path / "city.json"
    path.write_bytes(b'{"grid": ["\xff\xfe"]}')
    refused_in_one_line(invoke(["score", str(path)]))
    refused_in_one_line(invoke(["score", str(tmp_path)]))
    path.write_text(json.dumps({"grid": ["X" * 1_000_000]}))
    result = invoke(["score", str(path)])
    refused_in_one_line(result)
    assert "(1000002 characters)" in result.stderr  # the token and its quotes, cut


# --- option values ----------------------------------------------------------------------------

POOL = str(EXAMPLES / "pool-beginner.json")
STATE = str(EXAMPLES / "state-river-bend.json")
bad_seconds = st.one_of(
    st.sampled_from(["-1", "nan", "NaN", "inf", "-inf", "0", "-0", "abc", "", " ", "1e999",
                     "1" * 5000, "0x10", "1,5"]),
    st.floats(max_value=0).map(repr),
    st.text(st.characters(blacklist_categories=["Nd"]), min_size=1, max_size=30))
bad_counts = st.one_of(
    st.integers(max_value=0).map(str), st.integers(min_value=65).map(str),
    st.sampled_from(["x", "", "1.5", "nan", "9" * 5000]))


@fuzz
@given(value=bad_seconds)
def test_bad_time_limits(value: str) -> None:
    for args in (["solve", POOL], ["solve", "--box", "--variant", "beginner"],
                 ["usa", "solve", str(EXAMPLES / "usa" / "pool-small.json")],
                 ["advise", str(EXAMPLES / "game-standard-3p-round1.json")]):
        refused_in_one_line(invoke([*args, "--time-limit", value]))


@fuzz
@given(value=bad_counts)
def test_bad_worker_and_job_counts(value: str) -> None:
    refused_in_one_line(invoke(["solve", POOL, "--workers", value]))
    refused_in_one_line(invoke(["daily", "--from", "2026-12-01", "--to", "2026-12-02",
                                "--out", "unused", "--jobs", value]))


@fuzz
@given(value=st.text(max_size=40) | st.sampled_from(["~", ".", "F|O|P", "F|", "|", "C:",
                                                     "C+PP-T", "X" * 100_000]))
def test_any_tile(value: str) -> None:
    refused_or_fine(invoke(["moves", STATE, "--tile", value, "--json"]))
    refused_or_fine(invoke(["check", STATE, "--tile", value, "--at", "0,0", "--json"]))


@fuzz
@given(value=st.text(max_size=30) | st.sampled_from(["1" * 5000 + ",0", "0,0,0", "-99999,3",
                                                     "10**9,1", ","]))
def test_any_position(value: str) -> None:
    refused_or_fine(invoke(["check", STATE, "--tile", "F", "--at", value, "--json"]))


_DATE = re.compile(r"^\s*\d{4}-\d{1,2}-\d{1,2}\s*$")


@fuzz
@given(value=st.text(max_size=30).filter(lambda t: not _DATE.match(t))
       | st.sampled_from(["2026-02-30", "0000-01-01", "9999-99-99", "2026-12-08" * 1000]))
def test_any_date(value: str) -> None:
    refused_in_one_line(invoke(["daily", "--date", value]))


@fuzz
@given(bots=st.text(",; ", max_size=6) | st.text(max_size=10).filter(
    lambda t: not {b.strip() for b in t.split(",") if b.strip()} <= {"random", "greedy",
                                                                     "solver", "advisor"}),
       players=st.sampled_from(["0", "-1", "1", "99", "x", "9" * 5000]))
def test_bad_play_options(bots: str, players: str) -> None:
    refused_in_one_line(invoke(["play", "--players", "3", "--bots", bots, "--quiet"]))
    refused_in_one_line(invoke(["play", "--players", players, "--quiet"]))


@pytest.mark.parametrize("args", [
    ["solve", POOL, "--mat", "lake"],
    ["solve", "--box", "--mat", "no-such-mat"],
    ["solve", "--box", "--variant", "deluxe"],
    ["solve", "--box", "--edition", "x" * 10_000],
    ["play", "--players", "3", "--variant", "two-player-standard", "--quiet"],
    ["play", "--players", "3", "--save", "/dev/null/x.json", "--quiet"],
    ["check", STATE, "--tile", "F", "--at", "0,0", "--city", "2"],
    ["moves", STATE, "--tile", "F", "--city", "-1"],
    ["advise", str(EXAMPLES / "game-standard-3p-final.json")],
    ["advise", str(EXAMPLES / "game-standard-3p-round2.json"), "--positions", "0"],
    ["advise", str(EXAMPLES / "state-river-bend.json")],
    ["daily", "--from", "2026-12-01", "--to", "2026-12-02", "--out", "/dev/null/x"],
    ["score", "--components", "/dev/null", str(EXAMPLES / "rulebook-shops.json")],
    ["no-such-command"],
    ["score", str(EXAMPLES / "rulebook-shops.json"), "--no-such-option"],
])
def test_bad_invocations(args: list[str]) -> None:
    refused_in_one_line(invoke(args))
