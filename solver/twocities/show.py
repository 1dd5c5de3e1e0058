"""Terminal rendering with rich: coloured city grids and score breakdowns (presentation only)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from solver.twocities.game.city import City
from solver.twocities.game.tiles import (
    LANDSCAPE,
    Building,
    Cell,
    cell_token,
    civic_abbreviation,
)
from solver.twocities.game.vocab import CATEGORIES
from solver.twocities.scoring.categories import Score

STYLE = {
    "factory": "bold white on grey35",
    "shop": "bold black on yellow",
    "tavern": "bold white on red",
    "park": "bold white on green",
    "office": "bold white on blue",
    "house": "bold black on dark_orange",
    "civic": "bold white on magenta",
}
EMOJI = {"factory": "⬛", "shop": "🟨", "tavern": "🟥", "park": "🟩", "office": "🟦",
         "house": "🟧", "civic": "🟪"}


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


def emoji_grid(city: City) -> str:
    """A small shareable picture of the city: one emoji per space."""
    def one(cell: Cell) -> str:
        if isinstance(cell, Building):
            return EMOJI[cell.type]
        return "🌊" if cell is LANDSCAPE else "⬜"

    return "\n".join("".join(one(x) for x in row) for row in city.grid)


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
