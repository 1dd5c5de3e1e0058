"""A choice's sampled values and their confidence interval: what the race, the solver's
finishing and the play-outs all record into, kept apart so that each can fill one."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from statistics import NormalDist, mean, stdev

from solver.twocities.advice.choices import Choice


@dataclass
class Estimate:
    """A choice's sampled final scores and what they say."""

    choice: Choice
    values: list[int] = field(default_factory=list)
    keys: list[float] = field(default_factory=list)  # what the race compares (tie-break in)
    dropped: bool = False
    solved: Estimate | None = None  # the same samples finished by the solver (``solve``)
    bounds: list[int] = field(default_factory=list)  # solved: the solver's proven bounds
    proven: int = 0  # solved: samples whose every city was proven optimal
    rolled: Estimate | None = None  # the rest of the game played out (``rollout``)

    @property
    def key(self) -> float:
        return mean(self.keys)

    @property
    def samples(self) -> int:
        return len(self.values)

    @property
    def expected(self) -> float:
        return mean(self.values)

    def interval(self) -> tuple[float, float]:
        """95 % confidence interval of the mean (Student t; a point with one sample)."""
        n = len(self.values)
        if n < 2:
            return self.expected, self.expected
        half = _t95(n - 1) * stdev(self.values) / math.sqrt(n)
        return self.expected - half, self.expected + half


def _t95(df: int) -> float:
    """Two-sided 95 % Student t quantile (table to 30 degrees of freedom, then normal)."""
    table = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16,
             2.14, 2.13, 2.12, 2.11, 2.10, 2.09, 2.09, 2.08, 2.07, 2.07, 2.06, 2.06, 2.06, 2.05,
             2.05, 2.05, 2.04)
    return table[df - 1] if df <= len(table) else NormalDist().inv_cdf(0.975)


def _record(e: Estimate, value: tuple[int, float]) -> None:
    e.values.append(value[0])
    e.keys.append(value[1])
