"""The table scorer: every city of a game at once, factories and districts ranked across the
table, each player's final score and the standings with the edition's tie-breaks.

Table file (extra keys allowed)::

    {"edition": "essential", "variant": "standard",
     "districts": [{"types": ["office", "shop"], "points": [9, 3]}, ...],   # optional
     "cities": [{"name": "Rome", "builders": ["Ann", "Bob"], "grid": [...], "bridges": [...]},
                ...]}

A city's rivals are the other cities at the table: each city is scored by ``score_city`` with a
context built from the others, so the per-city rules live in one place.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from solver.common.errors import CitiesError
from solver.twocities.game.city import City, Context, District, city_from_json, parse_context
from solver.twocities.game.components import Components, load_components
from solver.twocities.game.rulesets import Ruleset, load_ruleset
from solver.twocities.game.tiles import LANDSCAPE
from solver.twocities.scoring.categories import Score, score_city
from solver.twocities.scoring.rivals import with_rivals


@dataclass(frozen=True)
class TableCity:
    name: str
    builders: tuple[str, ...]
    city: City
    score: Score


@dataclass(frozen=True)
class Standing:
    place: int
    player: str
    final: int
    city_scores: tuple[int, ...]
    tie_break: tuple[int, ...]  # the values compared after the final score, in order


@dataclass(frozen=True)
class TableResult:
    rule: str  # "lower" or "sum"
    cities: tuple[TableCity, ...]
    standings: tuple[Standing, ...]
    notes: tuple[str, ...] = ()
    tie_break_order: tuple[str, ...] = ()  # the edition's, after the higher city

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "cities": [{"name": c.name, "builders": list(c.builders), **c.score.to_json()}
                       for c in self.cities],
            "standings": [{"place": s.place, "player": s.player, "final": s.final,
                           "cities": list(s.city_scores), "tie_break": list(s.tie_break)}
                          for s in self.standings],
        }


def is_table(data: Any) -> bool:
    """A table file is an object with a list of cities (a city file has a grid)."""
    return isinstance(data, dict) and isinstance(data.get("cities"), list) and "grid" not in data


def score_table(
    cities: list[tuple[str, tuple[str, ...], City]],
    districts: tuple[District, ...] = (),
    rules: Ruleset | None = None,
) -> TableResult:
    """Score a table: ``cities`` are (name, builders, city) in seating order.

    >>> a = City.from_notation("F F / H S"); b = City.from_notation("F S / H P")
    >>> r = score_table([("A", ("Ann", "Bob"), a), ("B", ("Bob", "Ann"), b)])
    >>> [c.score.categories["factory"] for c in r.cities]
    [8, 3]
    """
    rules = rules or load_ruleset(cities[0][2].edition if cities else "essential")
    plain = [c.with_context(Context()) for _, _, c in cities]
    base = Context((), tuple(District(d.types, d.points) for d in districts))
    scored = []
    for i, (name, builders, _) in enumerate(cities):
        ranked = plain[i].with_context(with_rivals(base, [*plain[:i], *plain[i + 1:]]))
        scored.append(TableCity(name, builders, ranked, score_city(ranked, rules)))
    return TableResult(rules.final_score, tuple(scored), _standings(scored, rules),
                       tie_break_order=rules.tie_break_order)


def _standings(cities: list[TableCity], rules: Ruleset) -> tuple[Standing, ...]:
    players: dict[str, list[TableCity]] = {}
    for c in cities:
        for p in c.builders:
            players.setdefault(p, []).append(c)
    rows = []
    for player, own in players.items():
        totals = sorted((c.score.total for c in own), reverse=True)
        counts: Counter[str] = Counter()
        for c in own:
            counts.update(b.type for _, b in c.city.buildings())
        by_type = tuple(counts[t] for t in rules.tie_break_order)
        if rules.final_score == "sum":
            final, tie = sum(totals), by_type
        else:
            final, tie = min(totals), (max(totals), *by_type)
        rows.append((player, final, tuple(totals), tie))
    rows.sort(key=lambda r: (r[1], r[3]), reverse=True)
    out: list[Standing] = []
    for i, (player, final, totals, tie) in enumerate(rows):
        same = out and (out[-1].final, out[-1].tie_break) == (final, tie)
        out.append(Standing(out[-1].place if same else i + 1, player, final, totals, tie))
    return tuple(out)


def score_table_data(data: Any, components: Components | None = None,
                     source: str = "table file") -> TableResult:
    """Validate a table file object and score it."""
    try:
        return _score_table_data(data, components or load_components())
    except CitiesError as err:
        raise err.located(source="<stdin>" if source == "-" else source) from None


def _check_variant(city: City, rules: Ruleset, where: str) -> None:
    """A table's cities are the variant's: its size, its edition, and no civic tiles or
    landscape where the variant has none."""
    what = f"the {rules.variant} variant"
    if city.size != rules.size:
        raise CitiesError(f"{what} builds {rules.size}x{rules.size} cities, this one is "
                          f"{city.size}x{city.size}", field=f"{where}.grid")
    if city.edition != rules.edition:
        raise CitiesError(f"the table is {rules.edition} edition, this city {city.edition}",
                          field=f"{where}.edition")
    if not rules.modules["civics"] and city.of_type("civic"):
        raise CitiesError(f"{what} has no civic tiles", field=f"{where}.grid")
    if not rules.modules["mats"] and any(city.at(rc) is LANDSCAPE for rc in city.cells()):
        raise CitiesError(f"{what} has no landscape mats", field=f"{where}.grid")


def _score_table_data(data: dict[str, Any], components: Components) -> TableResult:
    edition = str(data.get("edition", "essential"))
    rules = load_ruleset(edition, str(data.get("variant", "standard")))
    districts = parse_context({"districts": data.get("districts", [])}, "table").districts
    entries = []
    for i, raw in enumerate(data["cities"]):
        where = f"cities[{i}]"
        if not isinstance(raw, dict):
            raise CitiesError("expected a city object", field=where)
        builders = raw.get("builders")
        if (not isinstance(builders, list) or not builders
                or not all(isinstance(b, str) and b for b in builders)):
            raise CitiesError("expected a list of player names", field=f"{where}.builders")
        try:
            city = city_from_json({**raw, "edition": raw.get("edition", edition)},
                                  components.civics)
        except CitiesError as err:
            raise err.located(field=where) from None
        _check_variant(city, rules, where)
        entries.append((str(raw.get("name", f"city {i + 1}")), tuple(builders), city))
    if len(entries) < 2:
        raise CitiesError("a table has at least two cities", field="cities")
    built = Counter(p for _, builders, _ in entries for p in builders)
    for player, n in built.items():
        if n != 2:
            raise CitiesError(f"player {player!r} builds {n} cities; every player builds two",
                              field="cities")
    return score_table(entries, districts, rules)
