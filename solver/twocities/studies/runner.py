"""Run a study: its tasks on an executor, kept under ``OUT/tasks/``, then the table and plot.

``OUT`` then holds ``STUDY.csv`` and ``STUDY.json`` (the rows, with the run's settings) and
``STUDY.png`` and ``STUDY.svg`` (the plot).  Running again with the same seed reuses every kept
run; more runs add to them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solver.common.errors import CitiesError
from solver.common.jsonio import check_writable_dir
from solver.common.report import write_plot, write_table
from solver.common.tasks import Executor, JsonStore, Task, run_tasks
from solver.twocities.studies import STUDIES, Study, study_tasks

#: The most runs one command asks for.
MAX_RUNS = 100_000


@dataclass(frozen=True)
class Analysis:
    study: Study
    rows: list[dict[str, Any]]
    files: list[Path]
    ran: int  # runs computed now
    kept: int  # runs found on disk
    seconds: float


def find_study(name: str) -> Study:
    if name not in STUDIES:
        raise CitiesError(f"unknown study {name!r} (known: {', '.join(sorted(STUDIES))})",
                          field="STUDY")
    return STUDIES[name]


def check_request(name: str, runs: int, seed: int, out: Path) -> Study:
    """The study, once the request is known to be sound (else a one-line error)."""
    study = find_study(name)
    if not 1 <= runs <= MAX_RUNS:
        raise CitiesError(f"expected 1 to {MAX_RUNS} runs, not {runs}", field="--runs")
    if seed < 0:
        raise CitiesError(f"expected a seed of 0 or more, not {seed}", field="--seed")
    check_writable_dir(Path(out) / "tasks", "results directory")
    return study


def analyze(name: str, runs: int, seed: int, executor: Executor, out: Path,
            on_done: Callable[[Task, Any, bool], Any] | None = None) -> Analysis:
    """Every run of the study (kept or computed now), summarised into ``out``."""
    study = check_request(name, runs, seed, out)
    store = JsonStore(Path(out) / "tasks", check=study.check)
    counts = {True: 0, False: 0}

    def done(task: Task, result: Any, kept: bool) -> None:
        counts[kept] += 1
        if on_done:
            on_done(task, result, kept)

    start = time.perf_counter()
    results = run_tasks(study_tasks(study, runs, seed), executor, store, on_done=done)
    seconds = time.perf_counter() - start
    rows = study.table(results)
    meta = {"study": study.name, "version": study.version, "summary": study.summary,
            "runs": runs, "seed": seed}
    files = write_table(Path(out), study.name, rows, meta)
    files += write_plot(Path(out), study.name, rows, title=f"{study.title}, {runs} runs",
                        ylabel=study.ylabel)
    return Analysis(study, rows, files, counts[False], counts[True], seconds)
