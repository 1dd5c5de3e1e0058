"""The best finish of a city in progress: ``solve_finish``.

The city's pool (``game.finish.finish_pool``: what it holds and what is still to come) is
solved as any pool (``solve.solve_pool``) with the city held: every tile at its place and
rotation, every bridge, feature, building (which may grow taller while pieces remain, as
``legality.place_piece`` allows) and claimed achievement. The city may lie anywhere in the
finished city's frame (a city started in a corner may grow on every side): one choice of
offset holds it all. The answer is re-scored as always, and its ``order`` continues the city
as it stands (its turn over): only the new tiles' turns, in the coordinates the rules engine
gives the city step by step, so ``cities usa check`` accepts each action in turn.

The model lays a square city's starting tile unturned (a longer one's unturned or a quarter
turned): the city is turned to match, solved, and its answer turned back.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from solver.common.errors import AgainstTheRules, ModelMismatch
from solver.common.status import Progress
from solver.usa.cpsat.layout import CityModel, rotations
from solver.usa.cpsat.solve import SolveResult, solve_pool
from solver.usa.game.city import City, Place, rotate_city
from solver.usa.game.pool import Pool
from solver.usa.rules.order import in_frame_of, play_order
from solver.usa.scoring.categories import score_city
from solver.usa.scoring.requirements import achievement_met


@dataclass(frozen=True)
class FinishResult(SolveResult):
    """A solve's answer, and ``shift``: the city as it stood lies moved by it in ``city``."""

    shift: Place | None = None

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(),
                "shift": list(self.shift) if self.shift is not None else None}


def check_in_progress(city: City, time_limit: float | None = None) -> None:
    """Refuse a city no legal play reaches: tiles and bridges no order of play builds from
    its bridges, an achievement claimed that it does not meet. ``time_limit`` bounds the
    order search (``OutOfTime`` past it)."""
    if play_order(city, len(city.bridges) + city.remaining_bridges,
                  time_limit=time_limit) is None:
        raise AgainstTheRules("no order of play builds these tiles and bridges (with "
                              f"{len(city.bridges) + city.remaining_bridges} bridges)",
                              field="tiles")
    for i, (aid, _) in enumerate(city.achievements):
        if not achievement_met(city.components.achievements[aid], city):
            raise AgainstTheRules(f"{aid} is claimed and not met",
                                  field=f"achievements[{i}]")


def _start(city: City) -> Place:
    return next(p for p, t in city.tiles.items() if t.tile.start)


def _offset(answer: City, held: City) -> Place:
    (r1, c1), (r0, c0) = _start(answer), _start(held)
    return (r1 - r0, c1 - c0)


def _canonical(city: City, place: Place) -> int:
    """The rotation the model offers for the tile at ``place`` (a symmetric tile offers the
    first of those laying it alike)."""
    laid = city.tiles[place]
    same = laid.tile.rotated(laid.rotation)
    return next(r for r in rotations(laid.tile)
                if (laid.tile.rotated(r).spaces, laid.tile.rotated(r).streets)
                == (same.spaces, same.streets))


def _turned(city: City) -> tuple[City, int]:
    """The city turned (quarter turns, clockwise) so the model can lay its starting tile."""
    square = city.size[0] == city.size[1]
    for turns in ((0, 1, 2, 3) if square else (0, 2)):
        turned = city
        for _ in range(turns):
            turned = rotate_city(turned)
        if _canonical(turned, _start(turned)) in ((0,) if square else (0, 90)):
            return turned, turns
    raise ModelMismatch("no turn of the city lays its starting tile as the model does")


def _holding(held: City) -> Any:
    """The constraints holding ``held`` in a model, at one of the offsets it fits."""
    rows, cols = held.size
    top = min(r for r, _ in held.tiles)
    left = min(c for _, c in held.tiles)
    bottom = max(r for r, _ in held.tiles)
    right = max(c for _, c in held.tiles)
    shifts = [(dr, dc) for dr in range(-top, rows - bottom) for dc in range(-left, cols - right)]
    def hold(cm: CityModel) -> None:
        m = cm.m
        chosen = {d: m.NewBoolVar(f"held_at[{d}]") for d in shifts}
        m.AddExactlyOne(chosen.values())
        for shift, on in chosen.items():
            _hold_at(cm, held, shift, on)
        claimed = cm.cache.get("claimed", {})
        for aid, _ in held.achievements:
            m.Add(claimed[aid] == 1)
    return hold


def _hold_at(cm: CityModel, held: City, shift: Place, on: Any) -> None:
    """``on``: ``held`` lies moved by ``shift`` (its buildings at least as tall)."""
    m, (dr, dc) = cm.m, shift
    tall = held.components.rules["max_height"]
    for (r, c), laid in held.tiles.items():
        key = (laid.tile.id, (r + dr, c + dc), _canonical(held, (r, c)))
        m.AddImplication(on, cm.placed[key]) if key in cm.placed else m.Add(on == 0)
    for (r, c), arm in held.bridges:
        m.AddImplication(on, cm.bridge[(r + dr, c + dc), arm])
    for (sr, sc), fid in held.features.items():
        m.AddImplication(on, cm.feature[(sr + 2 * dr, sc + 2 * dc), fid])
    for (sr, sc), b in held.buildings.items():
        taller = [v for (t, c, h), v in cm.building.items()
                  if t == (sr + 2 * dr, sc + 2 * dc) and c == b.color and h >= b.stories
                  and (h > tall or not b.top)]
        m.AddBoolOr(taller).OnlyEnforceIf(on)


def _restored(answer: City, held: City, shift: Place) -> City:
    """The answer with the held tiles in their own rotations (a symmetric tile's rotation the
    model chose lays it alike)."""
    tiles = dict(answer.tiles)
    for (r, c), laid in held.tiles.items():
        at = (r + shift[0], c + shift[1])
        mine = tiles.get(at)
        if (mine is None or mine.tile.id != laid.tile.id
                or mine.laid.spaces != laid.laid.spaces or mine.laid.streets != laid.laid.streets):
            raise ModelMismatch(f"the answer does not hold {laid.tile.id} at {list(at)}")
        tiles[at] = laid
    return answer.with_changes(tiles=tiles)


def _turned_back(answer: City, city: City, turns: int) -> tuple[City, Place]:
    """The model's answer (of the city turned ``turns`` times) in the city's own turn, its
    held tiles in their own rotations, and the shift the city lies moved by in it."""
    for _ in range((4 - turns) % 4):
        answer = rotate_city(answer)
    shift = _offset(answer, city)
    return _restored(answer, city, shift), shift


def _order_from(city: City, turns: int, answer: City) -> list[dict[str, Any]] | None:
    """The order of play continuing ``city`` to the model's ``answer``, in the city's turn."""
    back, shift = _turned_back(answer, city, turns)
    return play_order(back, start=city.shifted(*shift))


def solve_finish(city: City, pool: Pool, *, time_limit: float | None = 60.0, workers: int = 2,
                 deterministic_time: float | None = None,
                 progress: Progress | None = None) -> FinishResult:
    """The best finish of ``city`` from ``pool`` (``finish_pool``'s), proven optimal or the
    best found and its bound; ``city`` is first checked (``check_in_progress``, within the
    time limit)."""
    began = time.monotonic()
    check_in_progress(city, time_limit)
    left = None if time_limit is None else max(time_limit - (time.monotonic() - began), 0.01)
    turned, turns = _turned(city)
    found = solve_pool(pool, time_limit=left, workers=workers,
                       deterministic_time=deterministic_time, progress=progress,
                       hold=_holding(turned),
                       order_of=lambda answer: _order_from(city, turns, answer))
    if found.city is None or found.breakdown is None:
        return FinishResult(found.status, found.score, found.bound, found.seconds)
    answer, shift = _turned_back(found.city, city, turns)
    score = score_city(answer)
    if score.categories != found.breakdown.categories:
        raise ModelMismatch("the finish turned back scores differently")
    try:
        steps = in_frame_of(city, list(found.order), shift)
    except ValueError as err:
        raise ModelMismatch(f"the order does not continue the city: {err}") from None
    return FinishResult(found.status, found.score, found.bound, found.seconds, answer, score,
                        tuple(steps), shift)
