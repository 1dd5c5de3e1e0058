"""What every study is made of (``Study``) and where its randomness comes from (``run_rng``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: CP-SAT workers per solve in a study: one, so a deterministic time limit gives the same
#: answer on every machine, and a process per core uses the cores.
SOLVER_WORKERS = 1


@dataclass(frozen=True)
class Study:
    name: str
    #: Bumped whenever a run's result would change, so kept results of older runs are not reused.
    version: int
    summary: str
    run: Callable[[int, int], Any]
    table: Callable[[Sequence[Any]], list[dict[str, Any]]]
    title: str
    ylabel: str
    #: Solves (or games) one run makes, for throughput figures.
    solves_per_run: int
    #: Refuses (raises a CitiesError) a result that is not of the shape ``run`` returns: a
    #: kept result is checked before it is reused, and run again when it is refused.
    check: Callable[[Any], Any]


def run_rng(study: str, version: int, seed: int, index: int) -> random.Random:
    """The generator of one run: seeded with a string (``hash()`` is salted per process).

    >>> run_rng("mats", 1, 0, 3).random() == run_rng("mats", 1, 0, 3).random()
    True
    """
    return random.Random(f"cities-study:{study}:{version}:{seed}:{index}")
