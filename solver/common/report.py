"""A study's results on disk: a table (CSV and JSON) and a plot with its intervals (PNG, SVG).

Rows are dicts with a ``label``, ``n``, ``mean``, ``low`` and ``high`` (and any other columns).
Every file is written atomically; the plot carries no date, so the same rows give the same SVG.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from solver.common.jsonio import write_bytes_atomic, write_json_atomic


def write_table(directory: Path, name: str, rows: Sequence[dict[str, Any]],
                meta: dict[str, Any]) -> list[Path]:
    """``NAME.csv`` (one line per row) and ``NAME.json`` (``meta`` and the rows)."""
    columns: list[str] = []
    for row in rows:
        columns += [c for c in row if c not in columns]
    text = io.StringIO()
    writer = csv.DictWriter(text, columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    csv_path, json_path = directory / f"{name}.csv", directory / f"{name}.json"
    write_bytes_atomic(csv_path, text.getvalue().encode("utf-8"))
    write_json_atomic(json_path, {**meta, "rows": list(rows)})
    return [csv_path, json_path]


def write_plot(directory: Path, name: str, rows: Sequence[dict[str, Any]], *, title: str,
               ylabel: str) -> list[Path]:
    """``NAME.png`` and ``NAME.svg``: each row's mean as a point, its interval as a bar."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display
    from matplotlib.figure import Figure

    fig = Figure(figsize=(max(5.0, 0.7 * len(rows) + 2), 4), layout="constrained")
    ax = fig.add_subplot()
    xs = range(len(rows))
    means = [r["mean"] for r in rows]
    below = [r["mean"] - r["low"] for r in rows]
    above = [r["high"] - r["mean"] for r in rows]
    ax.errorbar(xs, means, yerr=[below, above], fmt="o", capsize=4)
    ax.set_xticks(list(xs), [str(r["label"]) for r in rows], rotation=30, ha="right")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    paths = []
    for ext, meta in (("png", {"Software": None}), ("svg", {"Date": None, "Creator": None})):
        buffer = io.BytesIO()
        with matplotlib.rc_context({"svg.hashsalt": name}):  # fixed ids: the same SVG
            fig.savefig(buffer, format=ext, dpi=120, metadata=meta)
        path = directory / f"{name}.{ext}"
        write_bytes_atomic(path, buffer.getvalue())
        paths.append(path)
    return paths
