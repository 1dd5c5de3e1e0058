"""Bounds over classes of compositions against compositions one at a time, in CP-SAT work
units (one worker, so the machine's load does not decide).  A script, not a test.

For a pool with tiles to choose and each ``--levels`` total L, it measures:

* ``one by one``: the descent (``cpsat.city.descent``, one worker) asked for nothing below L, so
  it refutes every composition of bound L or more at every total from its bound down to L
  (or finds a city there): the work the proof spends above L today (cumulative from the top);
* ``class, caps`` (``--caps``): one model of the pool's own tiles (token counts variables),
  the counts restricted to a table of every composition of bound L or more, each category's
  points at most that composition's counted cap, the total at least L: infeasible would
  refute every total from L up at once;
* ``class, splits`` (``--extra K``): the compositions of bound L or more grouped so the
  tiles of a group together exceed a city by at most K, each group asked in its tiles'
  model for a city scoring exactly L whose composition and exact split (every category's
  points) are one row of a table of the group's compositions' splits of L;
* ``totals together`` (``--totals``): each composition of bound L or more asked its
  splits of every total from its bound down to L in one check (at most ``--batch`` splits a
  check, as ``descent._batch_model`` asks them) against a check a total (at most 16 splits
  each, as the descent asks on the clock): a class of one composition's totals;
* ``one by one`` both ways (``--one-by-one --alike``): every composition, and only one of
  each class alike but for its taverns' kinds (``ProofSettings.alike``);
* ``own bound`` (``--own K``): for each bound from the top down to L, K compositions of
  that bound, each asked once at its own bound (the descent's first check of it).

    python bench/bench_classes.py --suite choose --seed 7 --levels 109,108 --extra 0,2 --caps
    python bench/bench_classes.py --suite choose --seed 7 --levels 108,107 --totals
    python bench/bench_classes.py --suite choose --seed 7 --levels 104 --own 7
    python bench/bench_classes.py --suite choose --seed 7 --levels 107 --one-by-one --alike
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
import record  # noqa: E402
from bench_solver import random_pool  # noqa: E402
from ortools.sat.python import cp_model  # noqa: E402

from solver.common.sat import Budget, feasibility  # noqa: E402
from solver.twocities.cpsat.city.compositions import Compositions  # noqa: E402
from solver.twocities.cpsat.city.descent import _Descent, _Task, descend  # noqa: E402
from solver.twocities.cpsat.model import CityModel, build_model  # noqa: E402
from solver.twocities.cpsat.model.tables import as_var  # noqa: E402
from solver.twocities.cpsat.model.values import city_values, splits  # noqa: E402
from solver.twocities.cpsat.settings import DEFAULT_SETTINGS, ProofSettings  # noqa: E402

MOST_BATCHED = DEFAULT_SETTINGS.most_batched  # the splits a check asks for, as the descent
from solver.twocities.game.pool import Pool  # noqa: E402
from solver.twocities.game.vocab import CATEGORIES  # noqa: E402


def open_rows(choices: Compositions, level: int) -> tuple[list[str], list[bool], np.ndarray]:
    """Every composition of bound ``level`` or more: its token counts (a row each), the
    tokens and which are duplexes."""
    choices.top()
    tokens = [t for t, _, _ in choices.single_items] + [t for t, _, _ in choices.duplex_items]
    duplex = [False] * len(choices.single_items) + [True] * len(choices.duplex_items)
    parts = [np.hstack([choices.rows_s[keep], np.tile(d_row, (len(keep), 1))])
             for d_row, bounds in zip(choices.rows_d, choices.bounds, strict=True)
             if len(keep := np.flatnonzero(bounds >= level))]
    rows = np.vstack(parts) if parts else np.zeros((0, len(tokens)), dtype=np.int64)
    return tokens, duplex, rows


def counts_of(choices: Compositions, rows: np.ndarray) -> np.ndarray:
    """The count vectors (``choices.slots``) of token-count rows."""
    adds = [a for _, _, a in choices.single_items] + [a for _, _, a in choices.duplex_items]
    return rows @ np.array(adds, dtype=np.int64).reshape(len(adds), len(choices.slots)) \
        + np.array(choices.base)


def tiles_of(pool: Pool, tokens: list[str], row: np.ndarray) -> Pool:
    want = Counter(dict(zip(tokens, (int(x) for x in row), strict=True)))
    tiles = []
    for t in pool.tiles:
        if want[t.token] > 0:
            want[t.token] -= 1
            tiles.append(t)
    return replace(pool, tiles=tuple(tiles))


def solve(model: cp_model.CpModel, limit: float) -> tuple[str, float]:
    solver = cp_model.CpSolver()
    feasibility(solver.parameters, None)
    solver.parameters.max_deterministic_time = limit
    code = solver.Solve(model)
    return solver.StatusName(code), solver.deterministic_time


def count_vars(model: cp_model.CpModel, cm: CityModel, tokens: list[str], duplex: list[bool],
               table: np.ndarray) -> list[cp_model.IntVar]:
    grid = cm.grids[0]
    return [as_var(model, grid.duplex_count(t) if d else grid.single_count(t),
                   int(table[:, k].min()), int(table[:, k].max()), f"n_{t}")
            for k, (t, d) in enumerate(zip(tokens, duplex, strict=True))]


def class_by_caps(choices: Compositions, level: int, limit: float) -> tuple[str, float]:
    tokens, duplex, rows = open_rows(choices, level)
    caps = choices.category_bounds(counts_of(choices, rows))
    cm = build_model(choices.pool)
    model = cm.model.clone()
    variables = count_vars(model, cm, tokens, duplex, rows)
    for name in CATEGORIES:
        cap = model.NewIntVar(int(caps[name].min()), int(caps[name].max()), f"cap_{name}")
        model.Add(cm.points[0][name] <= cap)
        variables.append(cap)
    table = np.hstack([rows, *(caps[c].reshape(-1, 1) for c in CATEGORIES)])
    model.AddAllowedAssignments(variables, [tuple(int(x) for x in r) for r in table])
    model.Add(sum(cm.points[0].values()) >= level)
    return solve(model, limit)


def groups_of(rows: np.ndarray, size: int) -> list[tuple[np.ndarray, list[int]]]:
    """Rows grouped greedily (sorted order) while the group's union holds at most ``size``
    tiles."""
    groups: list[tuple[np.ndarray, list[int]]] = []
    for i in np.lexsort(rows.T[::-1]):
        for k, (union, members) in enumerate(groups):
            wider = np.maximum(union, rows[i])
            if wider.sum() <= size:
                groups[k] = (wider, [*members, int(i)])
                break
        else:
            groups.append((rows[i].copy(), [int(i)]))
    return groups


def class_by_splits(choices: Compositions, level: int, extra: int,
                    limit: float) -> tuple[int, float, list[str]]:
    pool = choices.pool
    tokens, duplex, rows = open_rows(choices, level)
    groups = groups_of(rows, sum(pool.to_choose()) + extra)
    work, statuses = 0.0, []
    for union, members in groups:
        cm = build_model(tiles_of(pool, tokens, union))
        keep = [k for k in range(len(tokens)) if union[k] > 0]
        table = set()
        for i in members:
            values = city_values(tiles_of(pool, tokens, rows[i]))
            for split in splits(values.values, values.caps(), level):
                table.add((*(int(rows[i, k]) for k in keep), *(split[c] for c in CATEGORIES)))
        if not table:
            statuses.append("none")
            continue
        model = cm.model.clone()
        ordered = np.array(sorted(table), dtype=np.int64)
        variables = count_vars(model, cm, [tokens[k] for k in keep],
                               [duplex[k] for k in keep], ordered)
        for j, name in enumerate(CATEGORIES):
            column = ordered[:, len(keep) + j]
            variables.append(as_var(model, cm.points[0][name], int(column.min()),
                                    int(column.max()), f"p_{name}"))
        model.AddAllowedAssignments(variables, sorted(table))
        status, spent = solve(model, limit)
        work += spent
        statuses.append(f"{len(members)}:{status}")
    return len(groups), work, statuses


def one_worker(pool: Pool) -> _Descent:
    return _Descent(pool, {}, Budget.start(None, None), (), None, None, 1)


def work(run: _Descent, space: object, asked: list[dict[str, int]],
         total: int) -> tuple[float, bool]:
    """The work of one check of ``asked`` (splits of ``total``), and whether it found a
    city."""
    before = run.budget.used
    _, answer = run._check(_Task(space, asked, total, solver=cp_model.CpSolver()))
    return run.budget.used - before, answer is not None


def own_bound(pool: Pool, level: int, most: int) -> dict[int, list[float]]:
    """For each bound from the top down to ``level``, the work of the first ``most``
    compositions of that bound asked at their own bound (the descent's first check of each,
    at most ``MOST_BATCHED`` splits a check)."""
    run = one_worker(pool)
    out: dict[int, list[float]] = {}
    for bound in range(run.top, level - 1, -1):
        for space in run._spaces_at(bound)[:most]:
            asked = splits(space.values.values, space.caps, bound)
            spent = sum(work(run, space, asked[i:i + MOST_BATCHED], bound)[0]
                        for i in range(0, len(asked), MOST_BATCHED))
            out.setdefault(bound, []).append(spent)
    return out


def totals_together(pool: Pool, level: int, batch: int) -> tuple[float, float, int]:
    """The work of each composition of bound ``level`` or more refuted a total at a time,
    and all its totals from its bound down to ``level`` together; and how many checks of
    either kind found a city."""
    run = one_worker(pool)
    apart = together = 0.0
    found = 0
    for bound in range(run.top, level - 1, -1):
        for space in run._spaces_at(bound):
            every = []
            for total in range(bound, level - 1, -1):
                asked = splits(space.values.values, space.caps, total)
                every += asked
                for i in range(0, len(asked), MOST_BATCHED):
                    spent, hit = work(run, space, asked[i:i + MOST_BATCHED], total)
                    apart, found = apart + spent, found + hit
            for i in range(0, len(every), batch):
                spent, hit = work(run, space, every[i:i + batch], level)
                together, found = together + spent, found + hit
    return apart, together, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="choose", choices=("standard", "choose"))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--levels", default="109,108")
    parser.add_argument("--extra", default="", help="comma-separated K for class, splits")
    parser.add_argument("--caps", action="store_true", help="also the class by caps")
    parser.add_argument("--one-by-one", action="store_true", help="also the descent's work")
    parser.add_argument("--alike", action="store_true",
                        help="one by one both ways: every composition, and those alike but "
                             "for their taverns' kinds once (ProofSettings.alike)")
    parser.add_argument("--limit", type=float, default=10.0, help="work units a class solve")
    parser.add_argument("--totals", action="store_true", help="also totals together")
    parser.add_argument("--batch", type=int, default=128, help="splits a check, together")
    parser.add_argument("--own", type=int, default=0,
                        help="also K compositions a bound, each asked at its own bound")
    args = parser.parse_args()
    run = record.start()
    pool = random_pool(args.suite, args.seed)
    choices = Compositions(pool)
    print(f"pool {args.suite} {args.seed}: top bound {choices.top()}", flush=True)
    levels: dict[str, dict] = {}
    for level in (int(x) for x in args.levels.split(",")):
        print(f"L={level}: {len(open_rows(choices, level)[2])} compositions of bound >= L")
        found = levels[str(level)] = {"compositions": len(open_rows(choices, level)[2])}
        if args.one_by_one:
            for alike in (False, True) if args.alike else (ProofSettings().alike,):
                budget = Budget.start(None, None)
                out = descend(pool, {}, budget, workers=1, min_score=level,
                              settings=ProofSettings(alike=alike))
                print(f"  one by one{', alike once' if alike else ''}: {out.status}, "
                      f"{out.checks} checks, {budget.used:.2f} units", flush=True)
                found["one_by_one" + ("_alike" if alike else "")] = {
                    "status": str(out.status), "checks": out.checks,
                    "work": round(budget.used, 2)}
        if args.caps:
            status, spent = class_by_caps(choices, level, args.limit)
            print(f"  class, caps: {status}, {spent:.2f} units", flush=True)
            found["class_caps"] = {"status": status, "work": round(spent, 2)}
        if args.totals:
            apart, together, cities = totals_together(pool, level, args.batch)
            print(f"  a total a check: {apart:.2f} units; totals together: {together:.2f} "
                  f"units; {cities} checks found a city", flush=True)
            found["totals"] = {"a_total_a_check": round(apart, 2),
                               "together": round(together, 2), "found_a_city": cities}
        if args.own:
            for bound, spent in own_bound(pool, level, args.own).items():
                print(f"  bound {bound}: {len(spent)} asked at their bound: "
                      f"{min(spent):.2f}-{max(spent):.2f} units, median "
                      f"{float(np.median(spent)):.2f}", flush=True)
                found[f"own_bound_{bound}"] = [round(w, 2) for w in spent]
        for extra in (int(x) for x in args.extra.split(",") if x):
            groups, spent, statuses = class_by_splits(choices, level, extra, args.limit)
            print(f"  class, splits, extra {extra}: {groups} groups, {spent:.2f} units "
                  f"{' '.join(statuses)}", flush=True)
            found[f"class_splits_extra_{extra}"] = {"groups": groups, "work": round(spent, 2),
                                                    "statuses": list(statuses)}
    run.save({"seed": args.seed, "top_bound": choices.top(), "levels": levels},
             suite=args.suite)


if __name__ == "__main__":
    main()
