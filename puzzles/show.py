"""The puzzle on a terminal: kind, difficulty, the mat (with any tiles already built), the
tiles, civic tiles, rivals and districts.  Presentation only."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group
from rich.text import Text

from puzzles.difficulty import layouts_text
from puzzles.grade import Grade
from puzzles.plan import KIND_TEXT
from puzzles.puzzle import Puzzle
from solver.twocities.game.components import Coord, Mat
from solver.twocities.game.pool import Placement
from solver.twocities.game.tiles import Building, Cell
from solver.twocities.show import cell_text, render_breakdown


def mat_picture(mat: Mat, fixed: tuple[Placement, ...] = ()) -> Text:
    """The mat in its own coordinates, widened to show tiles already built around it."""
    cells: dict[Coord, Cell] = {rc: mat.grid[rc[0]][rc[1]]
                                for rc in ((r, c) for r in range(mat.height)
                                           for c in range(mat.width))}
    for p in fixed:
        for rc, b in zip(p.cells, p.buildings, strict=True):
            cells[rc] = b
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    out = Text()
    for r in range(min(rows), max(rows) + 1):
        for c in range(min(cols), max(cols) + 1):
            cell = cells.get((r, c))
            out.append_text(cell_text(cell) if (r, c) in cells else Text("    "))
            out.append(" ")
        out.append("\n")
    if mat.bridges:
        out.append("bridges (mat coordinates): " + ", ".join(
            f"{list(a)}-{list(b)}" for a, b in mat.bridges), style="cyan")
    return out


def tile_summary(puzzle: Puzzle) -> str:
    counts = Counter(t.token for t in puzzle.pool.tiles)
    return "  ".join(f"{n}x {tok}" if n > 1 else tok for tok, n in counts.items())


def optimum_line(puzzle: Puzzle) -> str:
    """Under a revealed solution: the proven optimum and how many layouts reach it."""
    return f"optimum {puzzle.optimum} (proven; {layouts_text(puzzle.layouts)})"


def render_puzzle(puzzle: Puzzle) -> Group:
    pool = puzzle.pool
    d = puzzle.difficulty
    lines: list[Text | str] = [
        Text(f"Between Two Cities daily puzzle · {puzzle.date.strftime('%A')} "
             f"{puzzle.date.isoformat()}", style="bold"),
        f"kind: {puzzle.kind} ({KIND_TEXT[puzzle.kind]})",
        f"difficulty: {d.describe()}",
        f"optimum: {puzzle.optimum} (proven)"
        + (" for the lower of your two cities" if pool.cities > 1 else ""),
        "",
    ]
    take_s, take_d = pool.to_choose()
    for i, mat in enumerate(pool.mats):
        title = f"city {i + 1}: " if pool.cities > 1 else ""
        lines.append(Text(f"{title}mat {mat.label}"
                          + (", tiles already built shown on it" if pool.fixed else ""),
                          style="bold"))
        lines.append(mat_picture(mat, pool.fixed))
    lines.append(Text(f"tiles ({len(pool.tiles)}; use {take_s} singles and {take_d} duplexes; "
                      "A|B horizontal, A/B vertical, as printed):", style="bold"))
    lines.append(tile_summary(puzzle))
    civics = sorted({t.civic for t in pool.tiles if isinstance(t, Building) and t.civic}
                    | {b.civic for p in pool.fixed for b in p.buildings if b.civic},
                    key=lambda c: c.name)
    for c in civics:
        note = " (reconstructed)" if c.reconstructed else ""
        lines.append(f"  C:{c.id} = {c.name}{note}: likes {' + '.join(sorted(c.likes))}, "
                     f"dislikes {c.dislikes}")
    ctx = pool.context
    rivals = ", ".join(map(str, ctx.rival_factories)) or "none"
    lines.append(f"rival cities' factories: {rivals}")
    for dist in ctx.districts:
        lines.append(f"district {' + '.join(sorted(dist.types))}: {dist.points[0]}/"
                     f"{dist.points[1]} points, rivals' largest: "
                     f"{', '.join(map(str, dist.rivals)) or 'none'}")
    if not ctx.districts:
        lines.append("no districts today")
    return Group(*lines)



def render_grade(grade: Grade) -> Group:
    """A legal answer's verdict: score, optimum, percentage and the shareable result."""
    p = grade.puzzle
    scores = " / ".join(map(str, grade.city_scores))
    lines: list[Any] = [
        Text("legal: yes, built from exactly the puzzle's tiles", style="green"),
        f"score: {grade.score}" + (f" (cities {scores}; the lower counts)"
                                   if len(grade.city_scores) > 1 else ""),
    ]
    for i, breakdown in enumerate(grade.breakdowns()):
        name = f"city {i + 1} " if len(grade.cities) > 1 else ""
        lines.append(Text(f"{name}by category, against the puzzle's rivals and districts:",
                          style="dim"))
        lines.append(render_breakdown(breakdown))
    lines += [
        f"optimum: {p.optimum} (proven)",
        Text(f"{grade.percent}% of the optimum", style="bold"),
        "",
        Text("share:", style="dim"),
        grade.share(),
    ]
    return Group(*lines)
