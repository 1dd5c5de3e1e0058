"""Benchmark runs as data: each bench script appends one JSON line a run to
``bench/results/<name>.jsonl`` (shared by the scripts, not a script itself).

A record holds what a figure needs to be read later: the command line, the commit (and whether
the tree had changes beside it), the date, the machine (cores, CPU model, Python, OR-Tools), the
load average before and after the run, and the figures themselves::

    run = record.start("solver")          # before the work: notes the load and the clock
    ...
    run.save({"median_s": 0.19, ...}, suite="standard")

``bench/report.py`` renders docs/benchmarks.md's tables from these files.  The environment
variable ``CITIES_BENCH_RESULTS`` names another folder for the records, or ``off`` for none.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import shlex
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"


def results_dir() -> Path | None:
    """Where records go: ``$CITIES_BENCH_RESULTS`` if set (``off``: nowhere), else
    ``bench/results/``."""
    chosen = os.environ.get("CITIES_BENCH_RESULTS")
    if chosen is None:
        return RESULTS
    return None if chosen.strip().lower() in ("off", "0", "") else Path(chosen)


def command_line() -> str:
    """The command as typed, from the repository's root: ``python bench/x.py --flag value``
    (the arguments as given, before a script takes any out of ``sys.argv``)."""
    typed = list(getattr(sys, "orig_argv", sys.argv))
    script = Path(sys.argv[0]).resolve()
    args = next((typed[i:] for i, a in enumerate(typed) if Path(a).resolve() == script),
                sys.argv)
    try:
        shown = Path(args[0]).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        shown = args[0]
    return " ".join(["python", shown, *(shlex.quote(a) for a in args[1:])])


def _git(*args: str) -> str | None:
    try:
        done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True,
                              timeout=10, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip()


def commit() -> dict[str, Any]:
    """The checked-out commit (short hash) and whether tracked files differ from it."""
    changes = _git("status", "--porcelain", "--untracked-files=no")
    return {"commit": _git("rev-parse", "--short", "HEAD"), "dirty": bool(changes)}


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> dict[str, Any]:
    """Cores, CPU model, Python and OR-Tools versions."""
    try:
        ortools = metadata.version("ortools")
    except metadata.PackageNotFoundError:
        ortools = None
    return {"cores": os.cpu_count(), "cpu": _cpu_model(),
            "python": platform.python_version(), "ortools": ortools}


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages, where the system gives them."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


class Run:
    """One run of a bench script, from its start (load before) to ``save`` (load after)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.command = command_line()
        self.started = dt.datetime.now(dt.UTC)
        self.load_before = load_average()

    def record(self, figures: dict[str, Any], *, suite: str | None = None,
               notes: str | None = None) -> dict[str, Any]:
        """The record ``save`` appends (figures as given, made JSON-safe)."""
        ended = dt.datetime.now(dt.UTC)
        found: dict[str, Any] = {"suite": suite or self.name, "command": self.command,
                                 **commit(), "date": self.started.isoformat(timespec="seconds"),
                                 "seconds": round((ended - self.started).total_seconds(), 1),
                                 "machine": machine(),
                                 "load": {"before": self.load_before, "after": load_average()},
                                 "source": "run", "figures": figures}
        if notes:
            found["notes"] = notes
        return json.loads(json.dumps(found, default=str))

    def save(self, figures: dict[str, Any], *, suite: str | None = None,
             notes: str | None = None) -> Path | None:
        """Append the run's record to ``<results>/<name>.jsonl``; returns the file (None when
        recording is off)."""
        folder = results_dir()
        if folder is None:
            return None
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{self.name}.jsonl"
        line = json.dumps(self.record(figures, suite=suite, notes=notes), sort_keys=False)
        with path.open("a", encoding="utf-8") as out:
            out.write(line + "\n")
        print(f"recorded in {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}",
              file=sys.stderr)
        return path


def script_name() -> str:
    """The running script's name without ``bench_``: ``bench/bench_refine.py`` -> ``refine``."""
    return Path(sys.argv[0]).stem.removeprefix("bench_")


def start(name: str | None = None) -> Run:
    """Begin recording a run; its records go to ``<name>.jsonl`` (by default the script's
    name, ``script_name``)."""
    return Run(name or script_name())


def read(name: str, folder: Path | None = None) -> list[dict[str, Any]]:
    """Every record of ``<name>.jsonl``, oldest first."""
    path = (folder or RESULTS) / f"{name}.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]
