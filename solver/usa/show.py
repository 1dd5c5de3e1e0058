"""Terminal rendering with rich: a city's spaces with its streets, bridges and dead ends, its
cards and rings (sample components labelled), and score breakdowns (presentation only)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from solver.usa.game.city import City, place_of, quadrant_of
from solver.usa.game.geometry import dead_ends
from solver.usa.game.requirements import describe
from solver.usa.game.vocab import CATEGORIES, QUADRANTS, labelled
from solver.usa.scoring.categories import Score

if TYPE_CHECKING:  # the solver loads OR-Tools, which showing a city never needs
    from solver.usa.cpsat.solve import SolveResult
    from solver.usa.rules.game import Game

W = 4  # characters per space

STYLE = {
    "water": "bold white on dark_blue",
    "park": "bold white on dark_green",
    "black": "bold white on grey23",
    "blue": "bold white on dodger_blue3",
    "white": "bold black on grey85",
    "yellow": "bold black on yellow3",
    "site": "bold black on orange3",
    "truck": "bold white on magenta",
    "wild": "bold white on purple4",
}
LETTER = {"black": "K", "blue": "B", "white": "W", "yellow": "Y"}
FEATURE = {"yacht-1": "yt1", "yacht-2": "yt2", "yacht-3": "yt3", "yacht-4+": "yt4+",
           "ferry": "fer", "beacon": "bcn", "bench-1": "bn1", "bench-2": "bn2", "bench-3": "bn3",
           "bench-4+": "bn4+", "swing": "swg", "slide": "sld", "wild": "wld",
           "food-truck": "trk"}
PLAIN = {"water": "~~", "park": "..", "site": "site", "truck": "trk", "wild": "wld"}
# Heavy box-drawing junctions at a tile's centre, by the arms present (N, E, S, W).
JUNCTION = {"": " ", "N": "╹", "S": "╻", "E": "╺", "W": "╸", "NS": "┃", "EW": "━",
            "EN": "┗", "NW": "┛", "ES": "┏", "SW": "┓", "ENS": "┣", "NSW": "┫",
            "ESW": "┳", "ENW": "┻", "ENSW": "╋"}


def space_label(city: City, space: tuple[int, int]) -> str:
    """What a space shows: a building (colour and height, ^ for a top), a feature, or its kind."""
    b = city.buildings.get(space)
    if b is not None:
        return f"{LETTER[b.color]}{b.stories}{'^' if b.top else ''}"
    fid = city.features.get(space)
    if fid is not None:
        return FEATURE.get(fid, fid[:W])
    kind = city.kind(space)
    return PLAIN.get(kind, LETTER.get(kind, "?").lower() + ".")


def _arm_style(city: City, place: tuple[int, int], arm: str, dead: set) -> str:
    if (place, arm) in dead:
        return "bold red"
    return "bold yellow" if arm not in city.laid(place).streets else "bold white"


def render_city(city: City) -> Text:
    """The city's 2R x 2C spaces; streets in white, bridges in yellow, dead ends in red."""
    rows, cols = 2 * city.size[0], 2 * city.size[1]
    dead = set(dead_ends(city))
    out = Text()
    for i in range(rows):
        for j in range(cols):
            space = (i, j)
            if city.has_space(space):
                out.append(space_label(city, space)[:W].center(W), style=STYLE[city.kind(space)])
            else:
                out.append(" ·  ", style="dim")
            if j == cols - 1:
                break
            place = place_of(space)
            if j % 2 == 0 and place in city.tiles:  # the N or S arm of this tile
                arm = "N" if i % 2 == 0 else "S"
                on = arm in city.arms(place)
                out.append("┃" if on else " ", style=_arm_style(city, place, arm, dead))
            else:
                out.append("│" if j % 2 else " ", style="dim")
        out.append("\n")
        if i == rows - 1:
            break
        for j in range(cols):
            place = place_of((i, j))
            if i % 2 == 0 and place in city.tiles:  # the W or E arm of this tile
                arm = "W" if j % 2 == 0 else "E"
                on = arm in city.arms(place)
                out.append(("━" if on else " ") * W, style=_arm_style(city, place, arm, dead))
            else:
                out.append(("─" if i % 2 else " ") * W, style="dim")
            if j == cols - 1:
                break
            if i % 2 == 0 and j % 2 == 0 and place in city.tiles:
                arms = "".join(sorted(city.arms(place)))
                out.append(JUNCTION[arms], style="bold white")
            else:
                out.append("┼" if i % 2 and j % 2 else ("│" if j % 2 else "─" if i % 2 else " "),
                           style="dim")
        out.append("\n")
    return out


def legend() -> Text:
    """The key to ``render_city``'s abbreviations."""
    return Text("K/B/W/Y black/blue/white/yellow building (height, ^ top), k./b./w./y. its "
                "empty space; ~~ water; .. park; site; trk food truck; wld wild feature; yt "
                "yacht, bn bench (its size), fer ferry, bcn beacon, swg swing, sld slide; white "
                "┃━ streets, yellow bridges, red dead ends", style="dim")


def render_tiles(city: City) -> Text:
    """Which tile lies where and how it is turned."""
    parts = []
    for (r, c), p in sorted(city.tiles.items()):
        name = p.tile.label if p.tile.id else "inline tile"
        parts.append(f"[{r},{c}] {name}" + (f" {p.rotation}°" if p.rotation else ""))
    return Text("tiles: " + "; ".join(parts), style="dim")


def render_cards(city: City) -> Text:
    """The scoring cards (copies counted) and the achievement rings, sample ones labelled."""
    comps = city.components
    out = Text()
    for cid, n in sorted(Counter(city.cards).items()):
        card = comps.cards[cid]
        out.append(f"card {card.label}{f' x{n}' if n > 1 else ''}: {card.points} per "
                   f"{describe(card.requirement)}\n", style="magenta")
    for aid, points in city.achievements:
        out.append(f"achievement {comps.achievements[aid].label}: {points}\n", style="cyan")
    return out


def render_breakdown(score: Score, title: str = "Score") -> Table:
    table = Table(title=title, show_header=False)
    table.add_column("category")
    table.add_column("points", justify="right")
    for name in CATEGORIES:
        value = score.categories[name]
        style = "red" if value < 0 else ""
        table.add_row(name.replace("_", " "), Text(str(value), style=style))
    table.add_row(Text("total", style="bold"), Text(str(score.total), style="bold"))
    return table


def status_line(result: SolveResult) -> Text:
    """One line saying what a solve settled, and how sure it is."""
    status, score, bound, seconds = result.status, result.score, result.bound, result.seconds
    if status == "optimal":
        markup = f"[bold green]optimal[/]: the city scores {score}, proven in {seconds:.2f} s"
    elif status == "feasible":
        markup = (f"[bold yellow]not proven[/]: best city found scores {score}; no city "
                  f"scores more than {bound} (time limit, {seconds:.1f} s)")
    elif status == "infeasible":
        markup = f"[bold red]infeasible[/]: no legal city from this pool ({seconds:.2f} s)"
    else:
        markup = f"[bold red]unknown[/]: no city found within the time limit ({seconds:.1f} s)"
    return Text.from_markup(markup)


def render_solve(result: SolveResult) -> Group:
    """A solver's answer: the city, its tiles, cards and breakdown, then the status line."""
    parts: list[RenderableType] = []
    if result.city is not None and result.breakdown is not None:
        parts += [render_city(result.city), render_tiles(result.city),
                  render_cards(result.city), render_breakdown(result.breakdown)]
    parts.append(status_line(result))
    return Group(*parts)


def render_setup(game: Game, bots: dict[str, str]) -> Text:
    """Who plays with which bot, the variant, the achievement board and the start player."""
    comps = game.components
    out = Text(f"Cities USA, {game.rules.variant}: {game.rules.description}\n", style="bold")
    out.append(f"seed {game.seed}; players: "
               + ", ".join(f"{p} ({bots[p]})" for p in game.players) + "\n")
    out.append(f"achievement board: {game.board_city}: "
               + "; ".join(f"{labelled(comps.achievements[a].name, comps.achievements[a].source)} "
                           f"{'/'.join(map(str, comps.achievements[a].points))}"
                           for a in game.achievements) + "\n", style="cyan")
    if comps.source in ("sample", "reconstructed"):
        out.append(f"components: the {comps.source} set (items are shown by id)\n", style="dim")
    if game.rules.board.source in ("sample", "reconstructed"):
        out.append(f"the board's layout is a {game.rules.board.source} reconstruction\n",
                   style="dim")
    if game.rules.solo:
        out.append(f"solo cards: {len(game.rules.solo_cards)} ({game.rules.solo_source})\n",
                   style="dim")
    out.append(f"start player: {game.star}", style="dim")
    return out


def render_round(game: Game, round_: int) -> Group:
    """What each player took in a round, then every city and its score so far."""
    parts: list[RenderableType] = []
    took = Text()
    for entry in game.log:  # a log read from a file may lack a key: show what is there
        if entry.get("round") != round_:
            continue
        who = entry.get("player", "?")
        if "card" in entry:
            removed = ", ".join("+".join(x.get("items", [])) for x in entry.get("removed", [])
                                if isinstance(x, dict)) or "nothing"
            card = labelled(str(entry["card"]), game.rules.solo_source)
            took.append(f"  {who}: solo card {card} removes {removed}\n", style="dim")
        elif "row" in entry:
            claimed = entry.get("claimed") or []
            note = f"; claims {', '.join(map(str, claimed))}" if claimed else ""
            space = entry.get("space")
            where = f" space {space + 1}" if isinstance(space, int) else ""
            items = ", ".join(map(str, entry.get("took") or [])) or "nothing"
            took.append(f"  {who}: {entry['row']}{where}: {items}{note}\n")
    parts.append(took)
    for p, city in game.cities.items():
        parts.append(Text(f"{p}: {game.score(p).total} points", style="bold"))
        parts.append(render_city(city))
    return Group(*parts)


def render_standings(game: Game) -> Group:
    """The final table: places (ties broken by achievement points), each category, and the
    solo verdict."""
    rows = game.standings()
    table = Table(title="Standings")
    table.add_column("")
    for x in rows:
        table.add_column(f"{x['place']}. {x['player']}", justify="right")
    for c in CATEGORIES:
        table.add_row(c.replace("_", " "), *(Text(str(x["categories"][c]),
                                                  style="red" if x["categories"][c] < 0 else "")
                                             for x in rows))
    table.add_row(Text("total", style="bold"), *(Text(str(x["score"]), style="bold")
                                                 for x in rows))
    parts: list[RenderableType] = [table]
    if game.rules.solo:
        verdict = ("completed at least "
                   f"{game.rules.solo_achievements_needed} achievements: the score stands"
                   if rows[0]["won"] else "fewer than "
                   f"{game.rules.solo_achievements_needed} achievements: failed as a city "
                   "planner")
        parts.append(Text(f"solo: {verdict}", style="bold"))
    if game.fallbacks:
        parts.append(Text("fallbacks: " + ", ".join(f"{k} x{v}" for k, v in
                                                     sorted(game.fallbacks.items())),
                          style="dim"))
    return Group(*parts)


__all__ = ["QUADRANTS", "legend", "quadrant_of", "render_breakdown", "render_cards",
           "render_city", "render_round", "render_setup", "render_solve", "render_standings",
           "render_tiles", "space_label", "status_line"]
