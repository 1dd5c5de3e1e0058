"""Rulesets: an edition's scoring tables plus a variant's city size and hands, as data.

Everything here is read from ``solver/twocities/data/rulesets.json``; a new edition is a new table
there, not new code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from solver.common.errors import CitiesError

DEFAULT_PATH = Path(__file__).parent.parent / "data" / "rulesets.json"

#: Named ruleset options and their defaults (docs/rulings.md lists each).
OPTION_DEFAULTS: dict[str, Any] = {
    "bridges_extend_shop_lines": True,
    "duplex_orientation": "safe",
}


@dataclass(frozen=True)
class Ruleset:
    """The rules in force: edition tables, variant geometry, modules and named options.

    >>> r = load_ruleset("classic")
    >>> r.shop_sets, r.size
    ((2, 5, 10, 16), 5)
    """

    edition: str
    variant: str
    shop_sets: tuple[int, ...]
    park_groups: tuple[int, ...]
    park_extra_per_tile: int
    tavern_sets: tuple[int, ...]
    office_sets: tuple[int, ...]
    office_tavern_bonus: int
    house_next_to_factory: int
    civic_points: dict[str, int]
    factory_ranks: tuple[int, ...]
    tie_break_order: tuple[str, ...]
    size: int
    singles: int
    duplexes: int
    hands: tuple[int, int, int]
    players: tuple[int, int]
    final_score: str  # "lower" (lower of a player's two cities) or "sum"
    modules: dict[str, bool]
    cities: str = "shared"  # "shared": a city between each two neighbours; "own": two each
    dummy: str | None = None  # a seat no one plays (two-player advanced: Jamey)
    reveal: str = "together"  # round 2 duplexes: "together" or "one-at-a-time"
    options: dict[str, Any] = field(default_factory=lambda: dict(OPTION_DEFAULTS))

    def __hash__(self) -> int:
        return hash((self.edition, self.variant, tuple(sorted(self.modules.items())),
                     tuple(sorted(self.options.items()))))

    def option(self, name: str) -> Any:
        return self.options.get(name, OPTION_DEFAULTS[name])

    def with_options(self, **options: Any) -> Ruleset:
        unknown = set(options) - set(OPTION_DEFAULTS)
        if unknown:
            raise CitiesError(f"unknown ruleset option {sorted(unknown)[0]!r}")
        return replace(self, options={**self.options, **options})

    def with_modules(self, **modules: bool) -> Ruleset:
        return replace(self, modules={**self.modules, **modules})


@cache
def _data() -> dict[str, Any]:
    return json.loads(DEFAULT_PATH.read_text(encoding="utf-8"))


def editions() -> tuple[str, ...]:
    return tuple(_data()["editions"])


def variants() -> tuple[str, ...]:
    return tuple(_data()["variants"])


def _edition_table(name: str) -> dict[str, Any]:
    table = _data()["editions"].get(name)
    if table is None:
        raise CitiesError(f"unknown edition {name!r} (expected {' or '.join(editions())})",
                          field="edition")
    parent = table.get("inherits")
    return {**(_edition_table(parent) if parent else {}), **table}


@cache
def load_ruleset(edition: str = "essential", variant: str = "standard") -> Ruleset:
    """The ruleset for an edition and a variant (modules and options at their defaults)."""
    e = _edition_table(edition)
    v = _data()["variants"].get(variant)
    if v is None:
        raise CitiesError(f"unknown variant {variant!r} (expected one of {', '.join(variants())})",
                          field="variant")
    return Ruleset(
        edition=edition,
        variant=variant,
        shop_sets=tuple(e["shop_sets"]),
        park_groups=tuple(e["park_groups"]),
        park_extra_per_tile=int(e["park_extra_per_tile"]),
        tavern_sets=tuple(e["tavern_sets"]),
        office_sets=tuple(e["office_sets"]),
        office_tavern_bonus=int(e["office_tavern_bonus"]),
        house_next_to_factory=int(e["house_next_to_factory"]),
        civic_points=dict(e["civic_points"]),
        factory_ranks=tuple(e["factory_ranks"]),
        tie_break_order=tuple(e["tie_break_order"]),
        size=int(v["size"]),
        singles=int(v["singles"]),
        duplexes=int(v["duplexes"]),
        hands=tuple(v["hands"]),  # type: ignore[arg-type]
        players=tuple(v["players"]),  # type: ignore[arg-type]
        final_score=str(v["final_score"]),
        modules=dict(v["modules"]),
        cities=str(v["cities"]),
        dummy=v["dummy"],
        reveal=str(v["reveal"]),
    )
