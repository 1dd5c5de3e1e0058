"""Feature tiles and building stacks, and what each space is once they lie on it.

Mirrors ``City.kind`` and ``cityfile.feature_misfit`` / ``building_misfit``.

Variables (each stated once):

- ``feature[(space, feature id)]``: that feature tile lies on the space.
- ``building[(space, colour, stories)]``: a building of that colour and that many stories
  (the most pieces a stack holds, plus one with a skyscraper top) stands on the space.
"""

from __future__ import annotations

from collections import Counter

from ortools.sat.python import cp_model

from solver.common.errors import CitiesError
from solver.usa.cpsat.layout import CityModel
from solver.usa.cpsat.literals import Lit, all_of, any_of, equal_to
from solver.usa.game.city import Space
from solver.usa.game.vocab import COLORS, SPACE_KINDS


def _becomes(cm: CityModel, what: str) -> list[str]:
    feats = cm.pool.components.features
    return sorted({f for f in cm.pool.features if feats[f].scoring.get("becomes") == what})


def feature_tiles(cm: CityModel) -> None:
    """Each of the pool's feature tiles at most once, on a space of its kind, one a space."""
    m, feats = cm.m, cm.pool.components.features
    for fid, copies in sorted(Counter(cm.pool.features).items()):
        on = feats[fid].placed_on
        if feats[fid].scoring.get("becomes") and on != "city":
            raise CitiesError(f"the model places {fid} (it changes its space) only on city "
                              "spaces", field="features")
        for s in cm.spaces:
            cm.feature[s, fid] = m.NewBoolVar(f"feature[{s},{fid}]")
            m.AddImplication(cm.feature[s, fid], cm.area[s, on])
        m.Add(sum(cm.feature[s, fid] for s in cm.spaces) <= copies)
    for s in cm.spaces:
        m.AddAtMostOne(v for (t, _), v in cm.feature.items() if t == s)


def changed(cm: CityModel, s: Space) -> Lit:
    """A feature tile that changes its space (``becomes`` wild or truck) lies on it."""
    key = ("changed", s)
    if key not in cm.cache:
        cm.cache[key] = any_of(cm.m, [turned_into(cm, s, "wild"), turned_into(cm, s, "truck")],
                               f"changed[{s}]")
    return cm.cache[key]


def turned_into(cm: CityModel, s: Space, what: str) -> Lit:
    """A feature tile that ``becomes`` ``wild`` (or ``truck``) lies on the space."""
    key = ("becomes", s, what)
    if key not in cm.cache:
        cm.cache[key] = equal_to(cm.m, sum(cm.feature[s, f] for f in _becomes(cm, what)),
                                 f"{what}[{s}]")
    return cm.cache[key]


def visible(cm: CityModel, s: Space, kind: str) -> Lit:
    """The space is of ``kind`` now (as ``City.kind``): printed so and not changed by a
    feature tile, or changed into it (``wild``, ``truck``)."""
    key = ("visible", s, kind)
    if key not in cm.cache:
        m = cm.m
        lits = []
        if kind in SPACE_KINDS:
            lits.append(all_of(m, [cm.kind[s, kind], changed(cm, s).Not()],
                               f"unchanged[{s},{kind}]"))
        if kind in ("wild", "truck"):
            lits.append(turned_into(cm, s, kind))
        cm.cache[key] = any_of(m, lits, f"visible[{s},{kind}]")
    return cm.cache[key]


def building_stacks(cm: CityModel) -> None:
    """At most one building a space, of its space's colour (any colour on a wild space), on no
    other feature tile; no more pieces and tops of a colour than the pool holds."""
    m = cm.m
    tall = cm.rules["max_height"]
    tops = Counter(cm.pool.tops)
    for s in cm.spaces:
        for c in COLORS:
            if not cm.pool.pieces[c]:
                continue
            stories = range(1, tall + (2 if tops[c] and cm.pool.pieces[c] >= tall else 1))
            here = []
            for h in stories:
                if min(h, tall) <= cm.pool.pieces[c]:
                    cm.building[s, c, h] = m.NewBoolVar(f"building[{s},{c},{h}]")
                    here.append(cm.building[s, c, h])
            m.Add(sum(here) <= cm.kind[s, c] + turned_into(cm, s, "wild"))
        stacks = [v for (t, _, _), v in cm.building.items() if t == s]
        others = [v for (t, f), v in cm.feature.items()
                  if t == s and cm.pool.components.features[f].scoring.get("becomes") != "wild"]
        m.Add(sum(stacks) + sum(others) <= 1)
    for c in COLORS:
        m.Add(sum(min(h, tall) * v for (_, k, h), v in cm.building.items() if k == c)
              <= cm.pool.pieces[c])
        m.Add(sum(v for (_, k, h), v in cm.building.items() if k == c and h > tall)
              <= tops[c])


def stories_of(cm: CityModel) -> list[tuple[str, int, Lit]]:
    """Every possible building: its colour, its stories, its literal."""
    return [(c, h, v) for (_, c, h), v in cm.building.items()]


__all__ = ["building_stacks", "changed", "cp_model", "feature_tiles", "stories_of",
           "turned_into", "visible"]
