"""A stopped archive run: no worker outlives it, no half-written file is left, a rerun resumes."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzles.archive import ARCHIVE_DIR, build_archive, prepare_directory
from puzzles.common.days import parse_date
from solver.common.jsonio import read_json

ROOT = Path(__file__).resolve().parent.parent
linux_only = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


def _stat(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent id, or None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1])


def _descendants(pid: int) -> set[int]:
    parent_of = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (st := _stat(int(entry.name))) is not None:
            parent_of[int(entry.name)] = st[1]
    found, frontier = set(), {pid}
    while frontier:
        frontier = {p for p, parent in parent_of.items() if parent in frontier} - found
        found |= frontier
    return found


def _alive(pid: int) -> bool:
    st = _stat(pid)
    return st is not None and st[0] != "Z"  # a zombie has stopped: only its entry remains


def _wait(condition: object, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.2)
    return bool(condition())  # type: ignore[operator]


@pytest.mark.slow
@linux_only
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_killed_archive_run_leaves_no_worker_and_no_partial_file(tmp_path: Path,
                                                                 sig: signal.Signals) -> None:
    out = tmp_path / "archive"
    log = tmp_path / "stderr.txt"
    with log.open("wb") as stderr_file:  # a file, not a pipe: an orphan would hold a pipe open
        run = subprocess.Popen(
            [sys.executable, str(ROOT / "cli.py"), "daily", "--from", "2027-03-01",
             "--to", "2027-03-04", "--out", str(out), "--jobs", "2"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stderr_file)
    try:
        # Both workers started and busy proving (a date takes many seconds).
        assert _wait(lambda: len(_descendants(run.pid)) >= 2, 60), "no workers started"
        time.sleep(3)
        workers = _descendants(run.pid)
        run.send_signal(sig)
        code = run.wait(timeout=30)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert "Traceback" not in log.read_text(errors="replace")
    if sig != signal.SIGKILL:
        assert code == 130
    assert _wait(lambda: not any(_alive(p) for p in workers), 2), \
        f"workers outlived the run: {[p for p in workers if _alive(p)]}"
    if sig != signal.SIGKILL:  # a SIGKILLed parent cannot clean up: the next run does
        assert not list(out.glob(".*")), "a temporary file was left"
    for path in out.glob("*.json"):
        read_json(path)  # every file there is whole


def test_rerun_resumes_and_clears_what_a_killed_run_left(tmp_path: Path) -> None:
    out = tmp_path / "archive"
    out.mkdir()
    shutil.copy(ARCHIVE_DIR / "2026-12-01.json", out / "2026-12-01.json")
    stale = out / ".2026-12-02.json.abc123.tmp"
    stale.write_text('{"date": "2026-12-0')  # what a kill in the middle of a write leaves
    prepare_directory(out)
    assert not stale.exists()
    outcomes = build_archive([parse_date("2026-12-01")], out, jobs=1)
    assert [(o.date, o.status) for o in outcomes] == [("2026-12-01", "skipped")]
    index = json.loads((out / "index.json").read_text())
    assert index["count"] == 1 and index["puzzles"][0]["date"] == "2026-12-01"
