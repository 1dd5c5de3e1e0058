"""Means with 95 % confidence intervals, the one summary every study table uses.

The interval is the normal approximation ``mean ± 1.96 · s / √n`` (``s`` the sample standard
deviation): the studies average hundreds of independent runs, where it is accurate; for a
win rate (values 0 and 1) it is the Wald interval, clipped to [0, 1] by the caller's reading.

>>> interval([1, 2, 3, 4])
{'n': 4, 'mean': 2.5, 'low': 1.235, 'high': 3.765}
>>> interval([7])
{'n': 1, 'mean': 7.0, 'low': 7.0, 'high': 7.0}
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959964


def interval(values: Sequence[float], digits: int = 3) -> dict[str, float | int]:
    """``n``, ``mean`` and the 95 % interval ``low``..``high`` of ``values`` (rounded)."""
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = math.fsum(values) / n
    half = 0.0
    if n > 1:
        sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
        half = Z95 * sd / math.sqrt(n)
    return {"n": n, "mean": round(mean, digits), "low": round(mean - half, digits),
            "high": round(mean + half, digits)}
