"""Batch studies of Between Two Cities: many seeded solves (or games), one table and plot.

A study is a small function of one run (``run(seed, index) -> result``, JSON data, the same
on every machine: its randomness comes from ``run_rng``) and a summary of all runs' results
into table rows (``solver.common.stats.interval``: a mean and its 95 % interval per row).
``study_tasks`` splits a study into tasks for ``solver.common.tasks.run_tasks``.

>>> sorted(STUDIES)
['first-player', 'mats', 'tile-values']
>>> [t.key for t in study_tasks(STUDIES["mats"], runs=2, seed=7)]
['mats-v1-s7-r00000', 'mats-v1-s7-r00001']
"""

from __future__ import annotations

from solver.common.tasks import Task
from solver.twocities.studies.base import Study, run_rng
from solver.twocities.studies.first_player import FIRST_PLAYER
from solver.twocities.studies.mats import MATS
from solver.twocities.studies.tile_values import TILE_VALUES

STUDIES: dict[str, Study] = {s.name: s for s in (TILE_VALUES, MATS, FIRST_PLAYER)}

__all__ = ["STUDIES", "Study", "run_rng", "study_tasks"]


def study_tasks(study: Study, runs: int, seed: int) -> list[Task]:
    """One task per run; a key names the study's version, the seed and the run, so a rerun
    (or a longer one) finds the runs already done."""
    return [Task(f"{study.name}-v{study.version}-s{seed}-r{i:05d}", study.run, (seed, i))
            for i in range(runs)]
