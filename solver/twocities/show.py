"""Terminal rendering with rich: cities, score breakdowns, tables and standings, games, solver
answers.  Presentation only: every figure comes from the scorer, the rules engine or the solver."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from solver.common.status import Status
from solver.twocities.game.city import City
from solver.twocities.game.tiles import (
    LANDSCAPE,
    Building,
    Cell,
    cell_token,
    civic_abbreviation,
)
from solver.twocities.game.vocab import CATEGORIES
from solver.twocities.rules.game import JAMEY
from solver.twocities.scoring.categories import Score
from solver.twocities.scoring.table import TableResult

if TYPE_CHECKING:  # the solver pulls in OR-Tools: only its result types are needed here
    from solver.twocities.cpsat import PairResult, SolveResult
    from solver.twocities.rules.game import Game

STYLE = {
    "factory": "bold white on grey35",
    "shop": "bold black on yellow",
    "tavern": "bold white on red",
    "park": "bold white on green",
    "office": "bold white on blue",
    "house": "bold black on dark_orange",
    "civic": "bold white on magenta",
}


def cell_text(cell: Cell, width: int = 4) -> Text:
    token = cell_token(cell)
    if isinstance(cell, Building) and cell.type == "civic" and cell.civic and cell.civic.id:
        token = civic_abbreviation(cell.civic.id)
    label = token[:width].center(width)
    if cell is LANDSCAPE:
        return Text(label, style="cyan on dark_blue")
    if isinstance(cell, Building):
        return Text(label, style=STYLE[cell.type])
    return Text(label, style="dim")


def render_city(city: City) -> Text:
    """The city as a coloured grid, one row per line, bridges listed below."""
    out = Text()
    for r, row in enumerate(city.grid):
        for c, cell in enumerate(row):
            out.append_text(cell_text(cell))
            if c < len(row) - 1:
                out.append(" ")
        if r < city.size - 1:
            out.append("\n")
    if city.bridges:
        out.append("\nbridges: " + ", ".join(f"{a}-{b}" for a, b in city.bridges), style="cyan")
    return out


def explain(city: City, score: Score) -> dict[str, str]:
    """Short notes on how the grouped categories were counted (shop sets, park groups)."""
    from solver.twocities.scoring.categories import park_groups

    notes = {}
    if score.shop_sets:
        sizes = sorted((len(run) for run in score.shop_sets), reverse=True)
        notes["shop"] = "sets of " + " + ".join(map(str, sizes))
    groups = park_groups(city)
    if groups:
        notes["park"] = "groups of " + " + ".join(map(str, groups))
    return notes


def render_breakdown(score: Score, title: str = "", notes: dict[str, str] | None = None) -> Table:
    """A table: category, points (and a note where one helps); total last."""
    notes = notes or {}
    table = Table(title=title or None, show_header=False, box=None, pad_edge=False)
    table.add_column("category", style="bold")
    table.add_column("points", justify="right")
    table.add_column("note", style="dim")
    for name in CATEGORIES:
        table.add_row(name, str(score.categories[name]), notes.get(name, ""))
    table.add_row(Text("total", style="bold"), Text(str(score.total), style="bold"), "")
    return table


def render_scored_city(city: City, score: Score) -> Group:
    """The city's grid, its civic tiles, and its breakdown with notes."""
    parts: list[RenderableType] = [render_city(city)]
    civic_notes = sorted({b.civic.name + (" (reconstructed)" if b.civic.reconstructed else "")
                          for _, b in city.buildings() if b.type == "civic" and b.civic})
    if civic_notes:
        parts.append(Text("civics: " + ", ".join(civic_notes), style="magenta"))
    parts.append(Text.from_markup(f"\n[bold]Score[/bold] ({city.edition} edition)"))
    parts.append(render_breakdown(score, notes=explain(city, score)))
    return Group(*parts)


def render_standings(result: TableResult) -> Group:
    """The final standings: place, player, final score, each city's score, the tie-break."""
    rule = "sum" if result.rule == "sum" else "lower"
    standings = Table(title=f"Final standings ({rule} of each player's cities)")
    for col in ("place", "player", "final", "cities", "tie-break"):
        standings.add_column(col)
    join = " + " if result.rule == "sum" else " / "
    for s in result.standings:
        standings.add_row(str(s.place), s.player, str(s.final),
                          join.join(str(v) for v in s.city_scores),
                          " ".join(str(v) for v in s.tie_break))
    order = ("higher city, " if result.rule != "sum" else "") + ", ".join(result.tie_break_order)
    notes = [Text(line, style="dim") for line in result.notes]
    return Group(standings, Text(f"tie-break order: {order}", style="dim"), *notes)


def render_table(result: TableResult) -> Group:
    """Every city of a table with its breakdown, then the standings."""
    parts: list[RenderableType] = []
    for entry in result.cities:
        parts += [Text.from_markup(f"[bold]{entry.name}[/bold] (built by "
                                   f"{', '.join(entry.builders)})"),
                  render_city(entry.city), render_breakdown(entry.score), Text()]
    parts.append(render_standings(result))
    return Group(*parts)


def render_setup(game: Game, seats: dict[str, Any]) -> Group:
    """Who plays (and as which bot), the variant, the seed and the districts."""
    who = ", ".join(p if p == JAMEY else f"{p} ({seats[p].name})" for p in game.players)
    lines = [Text.from_markup(f"[bold]{game.rules.variant}[/bold] game, seed {game.seed}: {who}")]
    lines += [Text(f"district {' + '.join(sorted(d.types))}: {d.points[0]}/{d.points[1]}")
              for d in game.districts]
    return Group(*lines)


def render_cities(game: Game) -> Columns:
    """Every city of a game side by side, with its builders and mat."""
    panels = []
    for c in game.cities:
        mat = c.position.mat.id if c.position.mat else "no mat"
        panels.append(Panel(render_city(c.position.to_city()), expand=False,
                            title=c.name, subtitle=f"{'-'.join(c.builders)}, {mat}"))
    return Columns(panels)


def render_game_end(game: Game, result: TableResult) -> Group:
    """A finished game: each city's categories, the standings, any rule fallbacks used."""
    scores = Table(title="Cities")
    for col in ("city", "by", *(k[:4] for k in result.cities[0].score.categories), "total"):
        scores.add_column(col, justify="right" if col not in ("city", "by") else "left")
    for c in result.cities:
        scores.add_row(c.name, "-".join(c.builders),
                       *(str(v) for v in c.score.categories.values()), str(c.score.total))
    parts: list[RenderableType] = [scores, render_standings(result)]
    fired = {k: v for k, v in game.fallbacks.items() if v}
    if fired:
        parts.append(Text(f"fallbacks used: {fired}", style="yellow"))
    return Group(*parts)


def status_line(status: Status, score: int | None, bound: int | None,
                seconds: float) -> Text:
    """One line saying what a city's solve settled, and how sure it is.

    >>> status_line(Status.FEASIBLE, 83, None, 2.04).plain
    'not proven: best city found scores 83; no bound proven yet (time limit, 2.0 s)'
    >>> status_line(Status.OPTIMAL, 58, 58, 0.26).plain
    'optimal: the city scores 58, proven in 0.26 s'
    """
    if status == Status.OPTIMAL:
        markup = f"[bold green]optimal[/]: the city scores {score}, proven in {seconds:.2f} s"
    elif status == Status.FEASIBLE:
        limit = (f"no city scores more than {bound}" if bound is not None
                 else "no bound proven yet")
        markup = (f"[bold yellow]not proven[/]: best city found scores {score}; {limit} "
                  f"(time limit, {seconds:.1f} s)")
    elif status == Status.INFEASIBLE:
        markup = f"[bold red]infeasible[/]: no legal city from this pool ({seconds:.2f} s)"
    else:
        markup = f"[bold red]unknown[/]: no city found within the time limit ({seconds:.1f} s)"
    return Text.from_markup(markup)


def pair_status_line(result: PairResult) -> Text:
    """``status_line`` for a pair, whose score is its lower city's (a player's final score,
    the higher city breaking ties): where that score is proven but the higher city is not,
    the line says so.

    >>> from solver.twocities.cpsat import PairResult
    >>> pair_status_line(PairResult(Status.FEASIBLE, 93, 93, 120.0, (), 101)).plain
    "lower city proven: it scores 93 and no pair's lower city scores more; the higher city \
is not proven: at most 101 (time limit, 120.0 s)"
    >>> pair_status_line(PairResult(Status.FEASIBLE, 82, 95, 120.0)).plain
    "not proven: best pair found: its lower city scores 82; no pair's lower city scores \
more than 95 (time limit, 120.0 s)"
    """
    status, score, bound, seconds = result.status, result.score, result.bound, result.seconds
    if status == Status.OPTIMAL:
        markup = (f"[bold green]optimal[/]: the pair's lower city scores {score} and the "
                  f"higher {result.higher}, proven in {seconds:.2f} s")
    elif result.lower_proven:
        most = f"at most {result.higher_bound}" if result.higher_bound is not None else \
            "no bound proven yet"
        markup = (f"[bold yellow]lower city proven[/]: it scores {score} and no pair's lower "
                  f"city scores more; the higher city is not proven: {most} (time limit, "
                  f"{seconds:.1f} s)")
    elif status == Status.FEASIBLE:
        limit = (f"no pair's lower city scores more than {bound}" if bound is not None
                 else "no bound proven yet")
        markup = (f"[bold yellow]not proven[/]: best pair found: its lower city scores "
                  f"{score}; {limit} (time limit, {seconds:.1f} s)")
    else:
        return status_line(status, score, bound, seconds)  # no pair found: as for a city
    return Text.from_markup(markup)


def render_solve(result: SolveResult, title: str, status: bool = True) -> Group:
    """A solver's answer: the city and its breakdown (if any), then the status line (not for
    a city of a pair, whose status is the pair's)."""
    parts: list[RenderableType] = [Text.from_markup(f"[bold]{title}[/bold]")] if title else []
    if result.city is not None and result.breakdown is not None:
        parts += [render_city(result.city), render_breakdown(result.breakdown, title="Score")]
    if status:
        parts.append(status_line(result.status, result.score, result.bound, result.seconds))
    return Group(*parts)


def render_advice(data: dict[str, Any], top: int = 10) -> Group:
    """Ranked choices from ``advice.Advice.to_json``: best first, each with its interval."""
    table = Table(title=f"{data['player']}, round {data['round']}: expected final score "
                        f"({data['score']})", title_justify="left")
    solved = any("solved" in c for c in data["choices"])
    rolled = any("rolled" in c for c in data["choices"])
    names = ["#", "keep", "city", "at", "other", "expected", "95 % CI", "n"]
    for name in names + (["solved"] if solved else []) + (["played out"] if rolled else []):
        table.add_column(name, justify="right" if name in ("#", "expected", "n") else "left")
    for i, c in enumerate(data["choices"][:top], 1):
        other = c["other"]
        sent = f"{other['tile']} {other['city_name']} {other['at'][0]},{other['at'][1]}" \
            if other else "-"
        row = [str(i), c["tile"], c["city_name"], f"{c['at'][0]},{c['at'][1]}", sent,
               f"{c['expected']:.1f}", f"{c['low']:.1f} - {c['high']:.1f}", str(c["samples"])]
        if solved:
            s = c.get("solved")
            row.append(f"{s['expected']:.1f} ({s['proven']}/{s['samples']}, {s['bound']:g})"
                       if s else "")
        if rolled:
            p = c.get("rolled")
            row.append(f"{p['expected']:.1f} ({p['low']:.1f} - {p['high']:.1f}, "
                       f"n {p['samples']})" if p else "")
        table.add_row(*row, style="bold" if i == 1 else "")
    shown = min(top, len(data["choices"]))
    note = Text(f"{shown} of {len(data['choices'])} choices shown; n: samples (at most "
                f"{data['samples']}), seed {data['seed']}, {data['seconds']:.1f} s"
                + ("; solved: mean (samples proven optimal, mean bound)" if solved else "")
                + ("; played out: the rest of the game by greedy players, mean (95 % CI, "
                   "deals)" if rolled else ""),
                style="dim")
    return Group(table, note)


def render_rows(rows: list[dict[str, Any]], title: str) -> Table:
    """A study's table: one line per row, its columns as the rows name them."""
    columns: list[str] = []
    for row in rows:
        columns += [c for c in row if c not in columns]
    table = Table(title=title, title_justify="left")
    for column in columns:
        table.add_column(column, justify="left" if column == "label" else "right")
    for row in rows:
        table.add_row(*(str(row.get(c, "")) for c in columns))
    return table
