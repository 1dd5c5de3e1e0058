"""docs/benchmarks.md's headline tables, rendered from the records in ``bench/results/``.

Each suite has one command that measures it; its headline is the newest record of that
command (options in any order; ``--json FILE``, ``--out FILE`` and ``--quiet`` aside).  A
record from the page as it was before the records existed (``"source": "docs"``) has a date
but no time of day; among records of one date the one marked ``"headline"`` wins, then the
later line.  Records without figures (a passage of the old page kept as notes) are history
only.

    python bench/report.py            # print every table
    python bench/report.py --write    # rewrite the tables in docs/benchmarks.md
    python bench/report.py --check    # exit 1 if the page's tables differ from the records

The page holds each table between ``<!-- report: NAME -->`` and ``<!-- /report -->``.
"""

from __future__ import annotations

import argparse
import re
import shlex
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402

PAGE = record.ROOT / "docs" / "benchmarks.md"
#: options that change where a run's output goes, not what it measures
IGNORED = {"--json": 1, "--out": 1, "--quiet": 0}

Record = dict[str, Any]


def options(command: str) -> tuple[str, tuple[tuple[str, ...], ...]]:
    """A command's program and its options as a sorted tuple, for matching.

    >>> options("python bench/x.py --b 2 --a 1 --json out.json")
    ('python bench/x.py', (('--a', '1'), ('--b', '2')))
    """
    words = shlex.split(command)
    head = next((i for i, w in enumerate(words) if w.startswith("--")), len(words))
    program, rest = " ".join(words[:head]), words[head:]
    found: list[tuple[str, ...]] = []
    i = 0
    while i < len(rest):
        word = rest[i]
        takes = 1 if i + 1 < len(rest) and not rest[i + 1].startswith("--") else 0
        if word not in IGNORED:
            found.append(tuple(rest[i:i + 1 + takes]))
        i += 1 + takes
    return program, tuple(sorted(found))


def newest(records: list[Record], command: str, suite: str | None = None) -> Record | None:
    """The newest record of ``command`` (of ``suite`` among those it measures, if given; see
    the module's doc)."""
    wanted = options(command)
    matching = [(r.get("date") or "", bool(r.get("headline")), i, r)
                for i, r in enumerate(records) if r.get("figures") and r.get("command")
                and options(r["command"]) == wanted
                and (suite is None or r.get("suite") == suite)]
    return max(matching, key=lambda m: m[:3])[3] if matching else None


def _load(r: Record) -> str:
    load = r.get("load") or {}
    if "doc" in load:
        return str(load["doc"])
    before, after = load.get("before"), load.get("after")
    return f"{before[0]:g}-{after[0]:g}" if before and after else ""


def _when(r: Record) -> str:
    return f"{r['date'][:10]}" + (f", {r['commit']}" if r.get("commit") else "")


def _seconds(x: Any) -> str:
    return "" if x is None else f"{x:.2f}"


@dataclass(frozen=True)
class Suite:
    """One row of a table: the suite, the command that measures it, and its target."""

    name: str
    file: str
    command: str
    target: str
    suite: str | None = None  # the record's suite, when one command measures several


@dataclass(frozen=True)
class Table:
    """A table of the page: its columns (header, the cell from a suite's record)."""

    name: str
    suites: tuple[Suite, ...]
    columns: tuple[tuple[str, Callable[[Record], str]], ...]


def _proven(r: Record) -> str:
    f = r["figures"]
    return f"{f['proven']}/{f['pools']}"


def _gap(r: Record) -> str:
    """The median gap (bound minus score) of the pools not proven, from the record's rows
    when it does not state it."""
    f = r["figures"]
    if f["proven"] == f["pools"]:
        return ""
    if "median_gap_unproven" in f:
        return str(f["median_gap_unproven"])
    gaps = [row["bound"] - row["score"] for row in f.get("rows", ())
            if row["status"] != "optimal" and row["score"] is not None
            and row["bound"] is not None]
    return f"{statistics.median(gaps):g}" if gaps else ""


def _first_pair(r: Record) -> str:
    f = r["figures"]
    parts = [f.get(k) for k in ("first_pair_median_s", "first_pair_p95_s", "first_pair_max_s")]
    return " / ".join(_seconds(p) for p in parts if p is not None)


SOLVER = Table("solver", (
    Suite("standard, 50 pools", "solver",
          "python bench/bench_solver.py --suite standard --count 50 --time-limit 60 --workers 2",
          "all proven; median at most 0.3 s, p95 at most 1 s"),
    Suite("choose, 50 pools", "solver",
          "python bench/bench_solver.py --suite choose --count 50 --time-limit 60 --workers 2",
          "all proven within 60 s; median at most 1 s"),
    Suite("beginner, 50 pools", "solver",
          "python bench/bench_solver.py --suite beginner --count 50 --time-limit 60",
          "all proven; median at most 0.2 s"),
), (("proven", _proven), ("median", lambda r: _seconds(r["figures"].get("median_s"))),
    ("p90", lambda r: _seconds(r["figures"].get("p90_s"))),
    ("p95", lambda r: _seconds(r["figures"].get("p95_s"))),
    ("max", lambda r: _seconds(r["figures"].get("max_s"))),
    ("gap of the unproven", _gap)))

PAIRS = Table("pairs", (
    Suite("pair, 50 pools", "solver",
          "python bench/bench_solver.py --suite pair --count 50 --time-limit 120 --workers 2",
          "all proven within 120 s; median at most 10 s"),
    Suite("pair-choose, 20 pools", "solver",
          "python bench/bench_solver.py --suite pair-choose --seed 0 --count 20 --time-limit 300 "
          "--workers 2", "all proven within 300 s"),
), (("proven", _proven),
    ("lower city proven", lambda r: str(r["figures"].get("lower_proven", ""))),
    ("median of the proven", lambda r: _seconds(r["figures"].get("p50_proven_s"))
     if r["figures"]["proven"] else ""),
    ("gap of the unproven", _gap),
    ("first pair: median / p95 / max", _first_pair)))

USA_COMMAND = "python bench/bench_usa.py --suite all --count 20 --time-limit 60 --workers 2"
USA_BUDGET = ("python bench/bench_usa.py --suite all --count 20 --seed 1 --workers 1 "
              "--deterministic-time 20")

USA = Table("usa", (
    Suite("nine, 20 pools", "usa", USA_COMMAND,
          "all proven within 60 s; median at most 5 s, then 2 s", "usa-nine"),
    Suite("choose, 20 pools", "usa", USA_COMMAND,
          "all proven within 60 s; median at most 5 s, then 2 s", "usa-choose"),
), (("proven", _proven), ("median", lambda r: _seconds(r["figures"].get("median"))),
    ("p95", lambda r: _seconds(r["figures"].get("p95"))),
    ("gap of the unproven", _gap)))

USA_WORK = Table("usa-work", (
    Suite("nine, 20 pools", "usa", USA_BUDGET, "", "usa-nine"),
    Suite("choose, 20 pools", "usa", USA_BUDGET, "", "usa-choose"),
), (("proven", _proven), ("gap of the unproven", _gap)))

USA_GAME = Table("usa-games", (
    Suite("four greedy bots, standard", "usa_game",
          "python bench/bench_usa_game.py --seeds 10", "a game in at most 1 s"),
), (("games", lambda r: str(r["figures"]["games"])),
    ("median wall", lambda r: _seconds(r["figures"]["wall_median_s"])),
    ("p95 wall", lambda r: _seconds(r["figures"]["wall_p95_s"])),
    ("median CPU", lambda r: _seconds(r["figures"]["cpu_median_s"])),
    ("p95 CPU", lambda r: _seconds(r["figures"]["cpu_p95_s"]))))


def _ms(r: Record, key: str) -> str:
    s = r["figures"][key]
    return f"{s['median']:.3f} / {s['p99']:.3f}"


RULES = Table("rules", (
    Suite("Between Two Cities, 10,000 positions", "rules", "python bench/bench_rules.py",
          "a check's median at most 5 ms, p99 at most 50 ms; a 7-player game at most 2 s"),
), (("check, cold: median / p99 ms", lambda r: _ms(r, "check_ms_cold")),
    ("check, warm", lambda r: _ms(r, "check_ms_warm")),
    ("legal positions of a tile", lambda r: _ms(r, "moves_ms_cold")),
    ("7-player random game: median / p99 s", lambda r: _ms(r, "game_7p_random_s"))))


def _daily(r: Record) -> str:
    f = r["figures"]
    if "median_seconds" in f:
        return (f"one puzzle: median {f['median_seconds']:g} s, p95 {f['p95_seconds']:g} s, "
                f"max {f['max_seconds']:g} s over {f['dates']} dates")
    if "wall_median_s" in f:  # the Cities USA daily: seconds a date, candidates, passed over
        passed = f["passed_over"]
        return (f"one date: median {f['wall_median_s']:g} s, p90 {f['wall_p90_s']:g} s, "
                f"p95 {f['wall_p95_s']:g} s, max {f['wall_max_s']:g} s over {f['dates']} "
                f"dates; candidates a date: median {f['candidates_median']:g}, at most "
                f"{f['candidates_max']}; passed over: {passed['unproven']} unproven, "
                f"{passed['greedy_solved']} greedy-solved"
                + (f"; {f['failed']} failed" if f["failed"] else ""))
    version = f.get("generator_version")
    return (f"{f['archive_puzzles']} puzzles in {f['archive_minutes']:g} min: "
            f"{f['puzzles_per_minute']:g} a minute"
            + (f" (generator version {version})" if version else ""))


DAILY = Table("daily", (
    Suite("one daily puzzle, generated and proven", "daily",
          "python bench/bench_daily.py --dates 7 --archive 0", ""),
    Suite("the shipped archive, 32 dates", "daily",
          "cities daily --from 2026-11-29 --to 2026-12-30 --out puzzles/archive --jobs 2",
          ""),
    Suite("Cities USA, one date, generated and proven", "usa_daily",
          "python bench/bench_usa_daily.py --dates 20 --jobs 1", ""),
), (("result", _daily),))


def _advisor(r: Record) -> str:
    return "; ".join(
        f"{f['games']} games against {opponent}: paired uplift {f['paired_uplift']}, first in "
        f"{f['first']:g}, {f['cpu_per_game_s']} CPU s a game"
        for opponent, f in r["figures"].items())


ADVISOR = Table("advisor", (
    Suite("advisor against greedy bots, three players", "advisor",
          "python bench/bench_advisor.py --combine a.jsonl b.jsonl",
          ""),
    Suite("advisor against solver bots", "advisor",
          "python bench/bench_advisor.py --games 8 --first 0 --opponent solver",
          ""),
), (("result", _advisor),))

def _median_max(r: Record, key: str) -> str:
    f = r["figures"]
    return f"{_seconds(f[key + '_median_s'])} / {_seconds(f[key + '_max_s'])}"


PAGES = Table("pages", (
    Suite("the Table page, laptop", "table", "python bench/bench_table.py --runs 5",
          "a first legality answer within 1 s of opening the page"),
    Suite("the Table page, phone", "table", "python bench/bench_table.py --runs 5 --phone",
          "a first legality answer within 1 s of opening the page"),
), (("first legality answer: median / max", lambda r: _median_max(r, "first_legality")),
    ("proven best finish: median / max", lambda r: _median_max(r, "best_finish"))))


def _commits(r: Record) -> str:
    f = r["figures"]
    return (f"{f['before']} -> {f['after']}: the same status, score and bound on "
            f"{f['same_answers']} of {f['pools']} pools (proven {f['proven_before']} -> "
            f"{f['proven_after']}); CPU median {f['cpu_median_before']:g} -> "
            f"{f['cpu_median_after']:g} s, sum ratio {f['cpu_ratio']:g}")


COMMITS = Table("commits", (
    Suite("standard, two commits", "commits",
          "python bench/bench_commits.py 2579515 f04cf8a --suite standard --count 50 --work 20",
          "the same answers, CPU ratio within noise"),
    Suite("choose, two commits", "commits",
          "python bench/bench_commits.py 2579515 f04cf8a --suite choose --count 50 --work 20",
          "the same answers, CPU ratio within noise"),
), (("result", _commits),))

TABLES = (SOLVER, PAIRS, USA, USA_WORK, USA_GAME, RULES, DAILY, ADVISOR, PAGES, COMMITS)


def render_table(table: Table, folder: Path | None = None) -> str:
    """One table as markdown: a row per suite, from its newest record."""
    head = ["suite", *(h for h, _ in table.columns), "measured", "load", "target"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for suite in table.suites:
        found = newest(record.read(suite.file, folder), suite.command, suite.suite)
        if found is None:
            cells = ["no record"] * len(table.columns) + ["", ""]
        else:
            cells = [cell(found) for _, cell in table.columns] + [_when(found), _load(found)]
        lines.append("| " + " | ".join([suite.name, *cells, suite.target or "none set"]) + " |")
    return "\n".join(lines)


def render_box(folder: Path | None = None) -> str:
    """The whole box: each mat's newest record of ``cities solve --box``."""
    by_mat: dict[str, Record] = {}
    for r in record.read("box", folder):
        if r.get("suite") == "box" and "mat" in r.get("figures", {}):
            mat = r["figures"]["mat"]
            if r.get("date", "") >= by_mat.get(mat, {}).get("date", ""):
                by_mat[mat] = r
    lines = ["| mat | status | best city | bound | seconds | measured | command |",
             "|---|---|---|---|---|---|---|"]
    for mat, r in sorted(by_mat.items()):
        f = r["figures"]
        lines.append(f"| {mat} | {f['status']} | {f['best']} | {f['bound']} | "
                     f"{f['seconds']:g} | {_when(r)} | `{r['command']}` |")
    return "\n".join(lines)


def commands() -> str:
    """Each suite's command, to reproduce its row."""
    lines = []
    for table in TABLES:
        for suite in table.suites:
            lines.append(f"- {suite.name}: `{suite.command}`")
    return "\n".join(lines)


def blocks(folder: Path | None = None) -> dict[str, str]:
    """Every generated block of the page, by name."""
    out = {t.name: render_table(t, folder) for t in TABLES}
    out["box"] = render_box(folder)
    out["commands"] = commands()
    return out


# A block's body never runs into the next block (an empty block is reported, not swallowed).
BLOCK = re.compile(r"(<!-- report: (?P<name>[\w-]+) -->\n)"
                   r"(?P<body>(?:(?!<!-- report: ).)*?)(\n<!-- /report -->)", re.DOTALL)


def rewrite(page: str, folder: Path | None = None) -> str:
    """The page with each block replaced by its rendering."""
    rendered = blocks(folder)
    return BLOCK.sub(lambda m: m.group(1) + rendered[m.group("name")] + m.group(4), page)


def differences(page: str, folder: Path | None = None) -> list[str]:
    """The blocks whose text differs from their rendering (and any block never placed)."""
    rendered = blocks(folder)
    placed = {m.group("name"): m.group("body") for m in BLOCK.finditer(page)}
    return sorted(name for name in rendered if placed.get(name) != rendered[name])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    page = PAGE.read_text(encoding="utf-8")
    if args.write:
        PAGE.write_text(rewrite(page), encoding="utf-8")
    elif args.check:
        stale = differences(page)
        if stale:
            raise SystemExit(f"docs/benchmarks.md: tables differ from bench/results/: "
                             f"{', '.join(stale)} (python bench/report.py --write)")
    else:
        for name, text in blocks().items():
            print(f"<!-- report: {name} -->\n{text}\n<!-- /report -->\n")


if __name__ == "__main__":
    main()
