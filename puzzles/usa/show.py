"""The Cities USA puzzle and its grade on a terminal.  Presentation only."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group
from rich.text import Text

from puzzles.usa.grade import Grade
from puzzles.usa.puzzle import UsaPuzzle
from solver.usa.game.requirements import describe
from solver.usa.show import render_breakdown, render_city


def _tile_line(tile: Any) -> str:
    streets = "".join(a for a in "NESW" if a in tile.streets) or "none"
    return (f"  {tile.id}: {tile.label}, spaces NW/NE/SW/SE {'/'.join(tile.spaces)}, "
            f"streets {streets}")


def render_puzzle(puzzle: UsaPuzzle) -> Group:
    pool, comps = puzzle.pool, puzzle.pool.components
    pieces = ", ".join(f"{n} {c}" for c, n in pool.pieces.items() if n) or "none"
    features = ", ".join(f"{n}x {comps.feature(f).label}" if n > 1 else comps.feature(f).label
                         for f, n in sorted(Counter(pool.features).items())) or "none"
    lines: list[Any] = [
        Text(f"Cities USA daily puzzle · {puzzle.date.strftime('%A')} "
             f"{puzzle.date.isoformat()}", style="bold"),
        f"build a {pool.size[0]}x{pool.size[1]} city from the starting tile and exactly these "
        f"{len(pool.tiles)} tiles (any order of play the rules allow, any rotation)",
        f"difficulty: {puzzle.difficulty.describe()}",
        f"optimum: {puzzle.optimum} (proven)",
        "",
        Text("starting tile:", style="bold"),
        _tile_line(comps.tile(pool.start)),
        Text("tiles:", style="bold"),
        *(_tile_line(comps.tile(t)) for t in pool.tiles),
        f"bridges: {pool.bridges}",
        f"building pieces: {pieces}",
        f"skyscraper tops: {', '.join(pool.tops) or 'none'}",
        f"feature tiles: {features}",
    ]
    for cid, n in sorted(Counter(pool.cards).items()):
        card = comps.card(cid)
        lines.append(Text(f"card {card.label}{f' x{n}' if n > 1 else ''}: {card.points} per "
                          f"{describe(card.requirement)}", style="magenta"))
    for aid, points in pool.achievements:
        ach = comps.achievement(aid)
        lines.append(Text(f"achievement {ach.label}: {points} for at least {ach.at_least} "
                          f"{describe(ach.requirement)}", style="cyan"))
    if puzzle.passed_over:
        lines.append(Text(f"(candidate {puzzle.attempt + 1}: the earlier ones were passed over: "
                          f"{'; '.join(puzzle.passed_over)})", style="dim"))
    return Group(*lines)


def render_grade(grade: Grade) -> Group:
    """A legal answer's verdict: the city, its score, the optimum, the share line."""
    return Group(
        Text("legal: yes, built from the puzzle's pool in an order the rules allow",
             style="green"),
        render_city(grade.city),
        render_breakdown(grade.breakdown, "Score"),
        f"score: {grade.score}",
        f"optimum: {grade.puzzle.optimum} (proven)",
        Text(f"{grade.percent}% of the optimum", style="bold"),
        "",
        Text("share:", style="dim"),
        grade.share(),
    )
