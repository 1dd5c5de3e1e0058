"""docs/benchmarks.md's tables are the records' (bench/report.py), and every bench script
records its runs through bench/record.py."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _script(name: str) -> ModuleType:
    """A module of bench/ (scripts, not a package), loaded by path."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(f"bench_{name}_module", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_page_tables_are_the_records() -> None:
    report = _script("report")
    page = report.PAGE.read_text(encoding="utf-8")
    assert report.differences(page) == [], "python bench/report.py --write"


def test_every_record_has_its_command_date_and_figures() -> None:
    files = sorted((BENCH / "results").glob("*.jsonl"))
    assert files
    for path in files:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = json.loads(line)
            where = f"{path.name}:{n}"
            assert found["source"] in ("run", "docs"), where
            assert found["command"] and found["suite"], where
            assert re.match(r"20\d\d-\d\d-\d\d", found["date"]), where
            assert isinstance(found["figures"], dict), where
            assert found["figures"] or found.get("notes"), where


def test_every_bench_script_records_its_runs() -> None:
    """Each script starts a record itself or through the shared A/B runner."""
    for path in sorted(BENCH.glob("bench_*.py")):
        text = path.read_text(encoding="utf-8")
        assert "record.start(" in text or "run_ab(" in text, path.name
    assert "record.start(" in (BENCH / "ab.py").read_text(encoding="utf-8")


def test_a_run_appends_one_line_with_the_machine_and_the_load(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = _script("record")
    monkeypatch.setenv("CITIES_BENCH_RESULTS", str(tmp_path))
    monkeypatch.setattr(sys, "argv", [str(BENCH / "bench_solver.py"), "--suite", "beginner"])
    monkeypatch.setattr(sys, "orig_argv", ["python3", str(BENCH / "bench_solver.py"),
                                           "--suite", "beginner"])
    run = record.start()
    assert run.save({"median_s": 0.04}, suite="beginner") == tmp_path / "solver.jsonl"
    run.save({"median_s": 0.05}, suite="beginner")
    first, second = (json.loads(x) for x in (tmp_path / "solver.jsonl").read_text().splitlines())
    assert first["command"] == "python bench/bench_solver.py --suite beginner"
    assert first["figures"] == {"median_s": 0.04} and second["figures"] == {"median_s": 0.05}
    assert first["source"] == "run" and first["suite"] == "beginner"
    assert set(first["machine"]) == {"cores", "cpu", "python", "ortools"}
    assert set(first["load"]) == {"before", "after"}
    assert first["commit"] is None or re.fullmatch(r"[0-9a-f]{4,40}", first["commit"])


def test_recording_off_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = _script("record")
    monkeypatch.setenv("CITIES_BENCH_RESULTS", "off")
    assert record.start("x").save({"n": 1}) is None


def test_the_newest_record_of_a_command_heads_its_suite() -> None:
    report = _script("report")
    old = {"command": "python bench/x.py --a 1 --b 2", "date": "2026-12-01", "figures": {"n": 1}}
    new = {"command": "python bench/x.py --b 2 --a 1 --json out.json",
           "date": "2026-12-03T10:00:00+00:00", "figures": {"n": 2}}
    other = {"command": "python bench/x.py --a 1", "date": "2027-01-01", "figures": {"n": 3}}
    assert report.newest([old, new, other], "python bench/x.py --a 1 --b 2") is new
    assert report.newest([old], "python bench/y.py") is None
