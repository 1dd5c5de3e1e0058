"""Batch studies on the task runner: the same results on every executor (a real local Dask
cluster among them), resumed runs skip kept tasks, an interrupted run leaves no half-written
file, and bad arguments are one line with exit status 2."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cli
from solver.common import executors
from solver.common.executors import InlineExecutor, LocalExecutor
from solver.common.tasks import JsonStore, Task, run_tasks
from solver.twocities.studies.runner import analyze

runner = CliRunner()


def _count_call(marks: str, n: int) -> int:
    """A task that leaves a mark for every call."""
    Path(marks, f"{n}-{len(os.listdir(marks))}").touch()
    return n * n


def _outputs(directory: Path, study: str) -> dict[str, object]:
    tasks = {p.name: json.loads(p.read_text()) for p in sorted((directory / "tasks").iterdir())}
    return {"tasks": tasks, "table": json.loads((directory / f"{study}.json").read_text()),
            "csv": (directory / f"{study}.csv").read_text(),
            "svg": (directory / f"{study}.svg").read_bytes()}


@pytest.mark.cluster
def test_a_real_dask_cluster_gives_the_local_executors_results(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    local = analyze("first-player", 2, 5, LocalExecutor(2), tmp_path / "local")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        dask = analyze("first-player", 2, 5, executors.DaskExecutor(cluster.scheduler_address),
                       tmp_path / "dask")
    assert (local.ran, dask.ran) == (2, 2)
    assert dask.rows == local.rows and len(local.rows) == 3  # one row per seat
    assert _outputs(tmp_path / "dask", "first-player") == _outputs(tmp_path / "local",
                                                                    "first-player")


def test_a_rerun_skips_the_kept_tasks(tmp_path: Path) -> None:
    marks = tmp_path / "marks"
    marks.mkdir()
    store = JsonStore(tmp_path / "tasks")
    tasks = [Task(f"t{n}", _count_call, (str(marks), n)) for n in range(5)]
    assert run_tasks(tasks[:3], InlineExecutor(), store) == [0, 1, 4]
    assert len(list(marks.iterdir())) == 3
    kept: list[bool] = []
    assert run_tasks(tasks, InlineExecutor(), store,
                     on_done=lambda _t, _r, k: kept.append(k)) == [0, 1, 4, 9, 16]
    assert len(list(marks.iterdir())) == 5  # only the two new tasks ran
    assert sorted(kept) == [False, False, True, True, True]


def test_a_longer_study_reuses_the_runs_it_has(tmp_path: Path) -> None:
    first = analyze("first-player", 1, 0, InlineExecutor(), tmp_path)
    again = analyze("first-player", 2, 0, InlineExecutor(), tmp_path)
    assert (first.ran, first.kept, again.ran, again.kept) == (1, 0, 1, 1)
    assert again.rows[0]["n"] == 2


def _interrupt_after(n: int) -> int:
    if n == 2:
        raise KeyboardInterrupt
    return n


def test_an_interrupted_run_leaves_whole_files_only(tmp_path: Path) -> None:
    store = JsonStore(tmp_path)
    tasks = [Task(f"t{n}", _interrupt_after, (n,)) for n in range(4)]
    with pytest.raises(KeyboardInterrupt):
        run_tasks(tasks, InlineExecutor(), store)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t0.json", "t1.json"]
    assert store.load("t1") == 1


def test_a_write_stopped_halfway_leaves_nothing(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    store = JsonStore(tmp_path)

    def stopped(*_args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", stopped)
    with pytest.raises(KeyboardInterrupt):
        run_tasks([Task("t0", abs, (-1,))], InlineExecutor(), store)
    assert list(tmp_path.iterdir()) == []


def test_a_damaged_result_is_run_again(tmp_path: Path) -> None:
    store = JsonStore(tmp_path)
    (tmp_path / "t0.json").write_text('{"key": "t0", "res')
    assert run_tasks([Task("t0", abs, (-4,))], InlineExecutor(), store) == [4]
    assert store.load("t0") == 4


@pytest.mark.parametrize("args,words", [
    (["nope"], "STUDY: unknown study 'nope'"),
    (["mats", "--runs", "0"], "--runs: expected 1 to"),
    (["mats", "--runs", "x"], "--runs"),
    (["mats", "--seed", "-1"], "--seed: expected a seed of 0 or more"),
    (["mats", "--executor", "ray"], "--executor: unknown executor 'ray'"),
    (["mats", "--executor", "dask"], "--address: the dask executor needs"),
    (["mats", "--address", "tcp://h:8786"], "--address: only the dask executor"),
    (["mats", "--executor", "dask", "--address", "tcp://127.0.0.1:9"], "cannot reach"),
    (["mats", "--out", "{file}/sub"], "results directory"),
])
def test_bad_arguments_are_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    args: list[str], words: str) -> None:
    monkeypatch.setattr(executors, "CONNECT_SECONDS", 1)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file").write_text("not a directory")
    args = [a.replace("{file}", str(tmp_path / "file")) for a in args]
    result = runner.invoke(cli.app, ["analyze", *args])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], lines
    assert not (tmp_path / "analysis").exists()
