"""The requirement vocabulary: what a scoring card or an achievement counts, written as data.

A requirement is a JSON object whose ``per`` names what is counted; the other keys filter it.
Every number is a minimum unless its key says ``exact`` (the rulebook: "all number requirements
are a minimum, not exact (unless stated)").

- ``{"per": "building", "color": C, "height": H, "exact_height": H}``: buildings (by the colour
  of their pieces; height counts a skyscraper top).
- ``{"per": "space", "kind": K, "adjacent_to": K2}``: spaces of kind K (with at least one
  adjacent space of kind K2).
- ``{"per": "area", "kind": "water"|"park"|"city", "size": N, "exact_size": N}``: areas.
- ``{"per": "neighbourhood", "only": [K...], "with": {K: n}, "size": N, "exact_size": N,
  "enclosed": true}``: neighbourhoods whose every space is one of ``only``, holding at least n
  spaces of each kind in ``with``; ``enclosed`` ones touch no outer edge of the city (a block).
- ``{"per": "feature", "features": [ids]}``: feature tiles of those kinds.
- ``{"per": "set", "of": [requirement, ...]}``: complete sets, one of each (the least count).
- Any requirement may add ``"group": n``: every n occurrences count once.

Space kinds K: ``water park city building black blue white yellow site truck wild``
(``building`` is any building space; a colour matches its own spaces and, as the rulebook says of
building features, a wild space; ``site``/``truck`` count only visible ones).

>>> r = parse_requirement({"per": "neighbourhood", "with": {"park": 1, "water": 1}})
>>> r.per, r.with_
('neighbourhood', (('park', 1), ('water', 1)))
>>> describe(r)
'neighbourhood with at least 1 park and 1 water'
>>> parse_requirement({"per": "tree"})
Traceback (most recent call last):
solver.common.errors.BadField: per: unknown 'tree' (one of building, space, area, \
neighbourhood, feature, set)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.common.errors import CitiesError
from solver.common.fields import choice_field, int_field
from solver.usa.game.vocab import COLORS

PER = ("building", "space", "area", "neighbourhood", "feature", "set")
SPACE_FILTERS = ("water", "park", "city", "building", *COLORS, "site", "truck", "wild")
AREA_KINDS = ("water", "park", "city")

_KEYS = {
    "building": {"color", "height", "exact_height"},
    "space": {"kind", "adjacent_to"},
    "area": {"kind", "size", "exact_size"},
    "neighbourhood": {"only", "with", "size", "exact_size", "enclosed"},
    "feature": {"features"},
    "set": {"of"},
}


@dataclass(frozen=True)
class Requirement:
    """One parsed requirement (see the module's documentation for the keys)."""

    per: str
    color: str | None = None
    kind: str | None = None
    adjacent_to: str | None = None
    height: int = 1
    exact_height: int | None = None
    size: int = 1
    exact_size: int | None = None
    only: frozenset[str] | None = None
    with_: tuple[tuple[str, int], ...] = ()
    enclosed: bool = False
    features: frozenset[str] = frozenset()
    of: tuple[Requirement, ...] = ()
    group: int = 1


def parse_requirement(data: Any, field: str = "", feature_ids: frozenset[str] | None = None
                      ) -> Requirement:
    """Parse and check one requirement; errors name the field inside it."""
    pre = f"{field}." if field else ""
    if not isinstance(data, dict):
        raise CitiesError("expected a requirement object", field=field or None)
    per = choice_field(data.get("per"), PER, f"{pre}per")
    extra = set(data) - _KEYS[per] - {"per", "group"}
    if extra:
        raise CitiesError(f"not a key of a 'per {per}' requirement", field=f"{pre}{min(extra)}")
    kw: dict[str, Any] = {"per": per}
    if "group" in data:
        kw["group"] = int_field(data["group"], f"{pre}group", 1, 99)
    if "color" in data:
        kw["color"] = choice_field(data["color"], COLORS, f"{pre}color")
    for key in ("height", "exact_height"):
        if key in data:
            kw[key] = int_field(data[key], f"{pre}{key}", 1, 99)
            if kw[key] > 5:
                raise CitiesError("a building is at most 5 high", field=f"{pre}{key}")
    for key in ("size", "exact_size"):
        if key in data:
            kw[key] = int_field(data[key], f"{pre}{key}", 1, 99)
    if "kind" in data:
        kw["kind"] = choice_field(data["kind"], AREA_KINDS if per == "area" else SPACE_FILTERS,
                             f"{pre}kind")
    elif per in ("space", "area"):
        raise CitiesError("missing", field=f"{pre}kind")
    if "adjacent_to" in data:
        kw["adjacent_to"] = choice_field(data["adjacent_to"], SPACE_FILTERS, f"{pre}adjacent_to")
    if "only" in data:
        if not isinstance(data["only"], list) or not data["only"]:
            raise CitiesError("expected a list of space kinds", field=f"{pre}only")
        kw["only"] = frozenset(choice_field(k, SPACE_FILTERS, f"{pre}only") for k in data["only"])
    if "with" in data:
        if not isinstance(data["with"], dict) or not data["with"]:
            raise CitiesError("expected {kind: count}", field=f"{pre}with")
        kw["with_"] = tuple(sorted(
            (choice_field(k, SPACE_FILTERS, f"{pre}with"), int_field(n, f"{pre}with.{k}", 1, 99))
            for k, n in data["with"].items()))
    if "enclosed" in data:
        if not isinstance(data["enclosed"], bool):
            raise CitiesError("expected true or false", field=f"{pre}enclosed")
        kw["enclosed"] = data["enclosed"]
    if per == "feature":
        ids = data.get("features")
        if not isinstance(ids, list) or not ids:
            raise CitiesError("expected a list of feature ids", field=f"{pre}features")
        for i in ids:
            if feature_ids is not None and i not in feature_ids:
                raise CitiesError(f"unknown feature {i!r}", field=f"{pre}features")
        kw["features"] = frozenset(ids)
    if per == "set":
        parts = data.get("of")
        if not isinstance(parts, list) or len(parts) < 2:
            raise CitiesError("expected a list of at least 2 requirements", field=f"{pre}of")
        kw["of"] = tuple(parse_requirement(p, f"{pre}of[{i}]", feature_ids)
                         for i, p in enumerate(parts))
    return Requirement(**kw)


def describe(r: Requirement) -> str:
    """The requirement in words, for the terminal and the docs.

    >>> describe(parse_requirement({"per": "building", "color": "blue"}))
    'blue building'
    >>> describe(parse_requirement({"per": "space", "kind": "park", "adjacent_to": "water"}))
    'park space adjacent to water'
    """
    if r.per == "building":
        words = [r.color or "", "building"]
        if r.exact_height:
            words.append(f"exactly {r.exact_height} high")
        elif r.height > 1:
            words.append(f"at least {r.height} high")
        text = " ".join(w for w in words if w)
    elif r.per == "space":
        text = f"{r.kind} space" + (f" adjacent to {r.adjacent_to}" if r.adjacent_to else "")
    elif r.per in ("area", "neighbourhood"):
        text = f"{r.kind} area" if r.per == "area" else (
            ("enclosed " if r.enclosed else "") + "neighbourhood")
        if r.exact_size:
            text += f" of exactly {r.exact_size} spaces"
        elif r.size > 1:
            text += f" of at least {r.size} spaces"
        if r.only:
            text += f" of only {' and '.join(sorted(r.only))} spaces"
        if r.with_:
            text += " with at least " + " and ".join(f"{n} {k}" for k, n in r.with_)
    elif r.per == "feature":
        text = " or ".join(sorted(r.features))
    else:
        text = "set of (" + "; ".join(describe(p) for p in r.of) + ")"
    return text if r.group == 1 else f"{r.group} x {text}"
