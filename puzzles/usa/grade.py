"""Grading a Cities USA answer: is the city legal and built from the puzzle's pool, what does it
score, how close is it to the proven optimum, and the share line (as for Between Two Cities).

An answer is a Cities USA city file or a ``cities usa solve --json`` object (its ``city``).
The puzzle's scoring cards score, and its achievement scores when the city meets it, whatever
cards and claims the answer carries.  An answer no order of play builds names the first step
the rules engine refuses (``rules.order.first_refusal``), with the rule's reason; what no city
file may hold (a feature on a space of another kind, say) is refused by the file's reader.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from puzzles.common.share import category_bars, percent_of, share_head, share_text
from puzzles.usa.puzzle import UsaPuzzle
from solver.common.errors import CitiesError, ModelMismatch
from solver.usa.game.city import City
from solver.usa.game.cityfile import city_from_json, city_to_json
from solver.usa.rules.greedy import claimed
from solver.usa.rules.order import first_refusal, play_order
from solver.usa.scoring.categories import Score, score_city


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer."""

    puzzle: UsaPuzzle
    city: City  # with the puzzle's cards, and its achievement when met
    breakdown: Score
    problems: tuple[str, ...]

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def score(self) -> int:
        return self.breakdown.total

    @property
    def percent(self) -> int:
        return percent_of(self.score, self.puzzle.optimum)

    def share(self, address: str | None = None) -> str:
        """The head (date, stars, score/optimum, percent), a bar per scoring category and the
        page's ``address`` when given: nothing of the layout, so sharing a 100 % does not give
        the day away."""
        head = share_head("Cities USA", self.puzzle.date.isoformat(),
                          self.puzzle.difficulty.stars, self.score, self.puzzle.optimum,
                          legal=self.legal)
        return share_text(head, category_bars(self.breakdown.categories), address)

    def to_json(self, address: str | None = None) -> dict[str, Any]:
        return {"date": self.puzzle.date.isoformat(), "legal": self.legal,
                "problems": list(self.problems), "score": self.score,
                "optimum": self.puzzle.optimum, "percent": self.percent,
                "share": self.share(address),
                "breakdown": self.breakdown.categories}


def _pool_problems(city: City, puzzle: UsaPuzzle) -> list[str]:
    """What the city uses beyond the puzzle's pool, or leaves unbuilt."""
    pool = puzzle.pool
    problems = []
    if city.size != pool.size:
        return [f"a city is {pool.size[0]}x{pool.size[1]} tiles; this one is "
                f"{city.size[0]}x{city.size[1]}"]
    ids = Counter(p.tile.id for p in city.tiles.values())
    if len(city.tiles) != pool.places:
        unplaced = sorted(Counter(pool.tiles) - ids)
        problems.append(f"the city is not finished: {pool.places - len(city.tiles)} empty "
                        f"place(s)" + (f", tiles to place: {', '.join(unplaced)}"
                                       if unplaced else ""))
    if ids[pool.start] != 1:
        problems.append(f"the city must hold the starting tile {pool.start} once")
    extra = _tiles_beyond(city, puzzle)
    if extra:
        problems.append(f"tiles not in the puzzle: {', '.join(map(str, extra))}")
    if len(city.bridges) > pool.bridges:
        problems.append(f"{len(city.bridges)} bridges; the puzzle has {pool.bridges}")
    features = sorted(Counter(city.features.values()) - Counter(pool.features))
    if features:
        problems.append(f"feature tiles beyond the puzzle's: {', '.join(features)}")
    for color in sorted(pool.pieces):
        used = sum(b.height for b in city.buildings.values() if b.color == color)
        if used > pool.pieces[color]:
            problems.append(f"{used} {color} pieces; the puzzle has {pool.pieces[color]}")
    tops = sorted(Counter(b.color for b in city.buildings.values() if b.top)
                  - Counter(pool.tops))
    if tops:
        problems.append(f"skyscraper tops beyond the puzzle's: {', '.join(tops)}")
    return problems


def _tiles_beyond(city: City, puzzle: UsaPuzzle) -> list[str]:
    """The city's tiles (by id; an inline tile has none) beyond the puzzle's."""
    ids = Counter(p.tile.id for p in city.tiles.values())
    return sorted((ids - Counter({puzzle.pool.start: 1})) - Counter(puzzle.pool.tiles))


def as_graded(city: City, puzzle: UsaPuzzle) -> City:
    """The city as the grade scores it: the puzzle's scoring cards, and each of its
    achievements the city meets claimed (whatever cards and claims the city carries)."""
    pool = puzzle.pool
    return claimed(city.with_changes(cards=pool.cards, achievements=()), pool)


def grade(puzzle: UsaPuzzle, data: Any) -> Grade:
    """Grade an answer file object against the puzzle."""
    pool = puzzle.pool
    inner = isinstance(data, dict) and "city" in data and "tiles" not in data
    try:
        city = city_from_json(data["city"] if inner else data, pool.components)
    except CitiesError as err:
        raise err.located(field="city" if inner else None) from None
    city = as_graded(city, puzzle)
    problems = _pool_problems(city, puzzle)
    # The order search is bounded by the pool's tiles: an answer of another size or with
    # other tiles is refused by those problems alone.
    refused = None if city.size != pool.size or _tiles_beyond(city, puzzle) else \
        first_refusal(city, pool.bridges)
    if refused is not None:
        problems.append(f"no order of play builds this city: the rules refuse "
                        f"{refused.describe()}")
    return Grade(puzzle, city, score_city(city), tuple(problems))


def solution_json(puzzle: UsaPuzzle) -> dict[str, Any]:
    """What ``cities daily --game usa --solution --json`` prints: the optimal city graded (the
    puzzle's cards, its achievement when met) with ``order``: its tiles and bridges as tile and
    bridge actions in an order the rules engine accepts (``rules.order.play_order``), from the
    puzzle's bridges in hand; its buildings and features follow in any order."""
    city = grade(puzzle, city_to_json(puzzle.solution)).city
    order = play_order(city, puzzle.pool.bridges)
    if order is None:
        raise ModelMismatch(f"no order of play builds the solution of {puzzle.date}")
    return {**city_to_json(city), "order": order}
