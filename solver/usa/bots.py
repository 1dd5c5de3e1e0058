"""Players for simulated games of Cities USA.

- ``random``: a random worker space, random legal placements (pieces and features dropped
  only when nothing is legal).
- ``greedy``: the worker space whose items raise its score most now (the scorer's total plus
  the ring value of any achievement the placement would meet), placed greedily. A face-down
  space, or the bag draw, is valued at the mean of the face-up ones in its row.
- ``solver``: values its best few spaces by the optimal-city solver over everything it holds
  plus the items (where it places them does not bind the solver: an optimistic value of what it
  takes), under a short deterministic limit on one worker (a 10 s wall-clock guard only for a
  search that keeps refusing layouts); placements as ``greedy``.

Every action a bot proposes is judged again by the game through ``legality``.

>>> from solver.usa.game.rulesets import load_ruleset
>>> from solver.usa.rules.game import new_game, play_game
>>> game = play_game(new_game(load_ruleset("two-player"), 2, seed=3), make_bots(["random"],
...     ("P1", "P2")))
>>> [len(c.tiles) for c in game.cities.values()]
[9, 9]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from statistics import mean
from typing import Any

from solver.common.errors import CitiesError
from solver.common.seats import Bots, bots_by_seat
from solver.usa.game.city import City
from solver.usa.game.pool import pool_from_json
from solver.usa.game.vocab import ARMS
from solver.usa.rules.game import Bot, Game, Slot, ring_points
from solver.usa.rules.legality import check
from solver.usa.rules.moves import legal_moves
from solver.usa.scoring.categories import score_city
from solver.usa.scoring.requirements import achievement_met

Action = dict[str, Any]
Chooser = Callable[[list[tuple[Action, City]]], int]
"""Picks one of (action, city after) candidates; -1 drops the item."""


def _tile_candidates(city: City, tile: str, r: random.Random,
                     limit: int | None) -> list[tuple[Action, City]]:
    """Legal placements of a tile as actions with the city after (forced bridges chosen)."""
    moves = legal_moves(city, tile)
    r.shuffle(moves)
    if limit is not None:  # the fewest dead ends first: those are the ones worth scoring
        moves = sorted(moves, key=lambda m: len(m.forced_bridges))[:limit]
    out = []
    for m in moves:
        chosen = sorted(r.sample(m.forced_bridges, m.must_fix))
        action = {"action": "tile", "tile": tile, "at": list(m.at), "rotation": m.rotation,
                  "bridges": [{"at": list(p), "arm": a} for p, a in chosen]}
        v = check(city, action)
        if v.legal and v.city is not None:
            out.append((action, v.city))
    return out


def _space_candidates(city: City, action: Action, limit: int | None,
                      r: random.Random) -> list[tuple[Action, City]]:
    spaces = city.spaces()
    r.shuffle(spaces)
    out = []
    for s in spaces:
        a = {**action, "space": list(s)}
        v = check(city, a)
        if v.legal and v.city is not None:
            out.append((a, v.city))
            if limit is not None and len(out) >= limit:
                break
    return out


def plan_items(game: Game, player: str, slot: Slot, items: list[str], r: random.Random,
               pick: Chooser, limit: int | None = None) -> tuple[list[Action], City]:
    """Actions placing the items one by one (each candidate judged by legality), chosen by
    ``pick``; then the space's skyscraper tops wherever one fits."""
    city = game.cities[player]
    plan: list[Action] = []

    def take(cands: list[tuple[Action, City]]) -> None:
        nonlocal city
        if cands:
            i = pick(cands)
            if i >= 0:
                plan.append(cands[i][0])
                city = cands[i][1]

    row = slot[0]
    for item in items:
        if row == "tiles":
            take(_tile_candidates(city, item, r, limit))
        elif row == "features":
            take(_space_candidates(city, {"action": "feature", "feature": item}, limit, r))
        elif row == "pieces":
            take(_piece_candidates(city, item, r))
    if row == "pieces":
        for color in list(game.tops[slot[1]]):
            take(_space_candidates(city, {"action": "top", "color": color}, None, r))
    return plan, city


def _piece_candidates(city: City, color: str, r: random.Random) -> list[tuple[Action, City]]:
    """Legal spaces for a piece, the tallest stack of its colour first (a taller building
    scores more and can take a top), then one empty space."""
    cands = _space_candidates(city, {"action": "building", "color": color}, None, r)

    def height(c: tuple[Action, City]) -> int:
        b = city.buildings.get(tuple(c[0]["space"]))  # type: ignore[call-overload]
        return b.height if b is not None else 0

    return sorted(cands, key=lambda c: -height(c))


def value(game: Game, player: str, city: City,
          memo: dict[tuple[object, ...], tuple[int, dict[str, bool]]] | None = None) -> int:
    """The city's score now, plus the ring value of every achievement it would claim.

    ``memo`` keeps, by city (``city_key``), its score and which achievements it meets: both
    depend on the city alone, and a bot meets the same cities again and again."""
    if memo is None:
        total, met = score_city(city).total, {}
    else:
        key = city_key(city)
        if key not in memo:
            memo[key] = (score_city(city).total, {})
        total, met = memo[key]
    claimed = {a for a, _ in city.achievements}
    for aid in game.achievements:
        if aid in claimed:
            continue
        points = ring_points(game, player, aid)
        if points is None:
            continue
        if aid not in met:
            met[aid] = achievement_met(game.components.achievements[aid], city)
        if met[aid]:
            total += points
    return total


def city_key(city: City) -> tuple[object, ...]:
    """Everything a city is (two cities with equal keys are equal), hashable."""
    return (city.size, frozenset(city.tiles.items()), city.bridges,
            frozenset(city.buildings.items()), frozenset(city.features.items()), city.cards,
            city.achievements, city.bridges_left)


class RandomBot:
    name = "random"

    def start(self, game: Game, player: str, tiles: list[str], r: random.Random) -> str:
        return r.choice(tiles)

    def choose(self, game: Game, player: str, options: list[Slot], r: random.Random) -> Slot:
        return r.choice(options)

    def place(self, game: Game, player: str, slot: Slot, items: list[str],
              r: random.Random) -> list[Action]:
        plan, city = plan_items(game, player, slot, items, r,
                                lambda cands: r.randrange(len(cands)))
        if slot[0] == "tiles" and plan and r.random() < 0.25:
            bridges = [({"action": "bridge", "at": list(p), "arm": a}, None)
                       for p in sorted(city.tiles) for a in ARMS]
            legal = [b for b, _ in bridges if check(city, b).legal]
            if legal:
                plan.append(r.choice(legal))
        return plan


class GreedyBot:
    name = "greedy"
    limit = 4  # tile placements and feature spaces scored per item

    def __init__(self) -> None:
        self.plans: dict[Slot, list[Action]] = {}  # this turn's plans, made while choosing
        # Scores by city over the game: turns and spaces often lead to the same city.
        self.scores: dict[tuple[object, ...], tuple[int, dict[str, bool]]] = {}

    def value(self, game: Game, player: str, city: City) -> int:
        return value(game, player, city, self.scores)

    def start(self, game: Game, player: str, tiles: list[str], r: random.Random) -> str:
        city = game.cities[player]
        scored = [(value(game, player, check(city, {"action": "tile", "tile": t, "at": [0, 0],
                                                    "rotation": 0}).city or city), t)
                  for t in tiles]
        best = max(s for s, _ in scored)
        return r.choice([t for s, t in scored if s == best])

    def _pick(self, game: Game, player: str) -> Chooser:
        def pick(cands: list[tuple[Action, City]]) -> int:
            if len(cands) == 1 or cands[0][0]["action"] in ("building", "top"):
                return 0  # pieces: the tallest stack first (see _piece_candidates)
            scores = [self.value(game, player, c) for _, c in cands]
            return scores.index(max(scores))
        return pick

    def gains(self, game: Game, player: str, options: list[Slot],
              r: random.Random) -> dict[Slot, float]:
        """Each visible space's gain (its items placed greedily); a face-down one: the mean
        of its row's visible gains."""
        base = self.value(game, player, game.cities[player])
        out: dict[Slot, float] = {}
        self.plans = {}
        for slot in options:
            items = game.visible(slot)
            if items is None or game.board[slot[0]][slot[1]].bag:
                continue
            if slot[0] == "cards":
                city = game.cities[player]
                for c in items:
                    city = check(city, {"action": "card", "card": c}).city or city
            else:
                self.plans[slot], city = plan_items(game, player, slot, items, r,
                                                    self._pick(game, player), self.limit)
            out[slot] = self.value(game, player, city) - base
        for slot in options:
            if slot not in out:
                seen = [g for (row, _), g in out.items() if row == slot[0]]
                out[slot] = mean(seen) if seen else 0.0
        return out

    def choose(self, game: Game, player: str, options: list[Slot], r: random.Random) -> Slot:
        gains = self.gains(game, player, options, r)
        best = max(gains.values())
        return r.choice([s for s in options if gains[s] == best])

    def place(self, game: Game, player: str, slot: Slot, items: list[str],
              r: random.Random) -> list[Action]:
        if slot in self.plans:  # planned while choosing (face-up items only)
            return self.plans.pop(slot)
        return plan_items(game, player, slot, items, r, self._pick(game, player),
                          self.limit)[0]


class SolverBot(GreedyBot):
    """Greedy, but its shortlist of spaces is valued by the solver (see the module)."""

    name = "solver"
    shortlist = 3
    deterministic_time = 0.05

    def __init__(self) -> None:
        super().__init__()
        self.cache: dict[str, int | None] = {}

    def choose(self, game: Game, player: str, options: list[Slot], r: random.Random) -> Slot:
        gains = self.gains(game, player, options, r)
        short = sorted(options, key=lambda s: -gains[s])[:self.shortlist]
        worth = {s: self.solved(game, player, s) for s in short}
        return max(short, key=lambda s: (worth[s] if worth[s] is not None else -999, gains[s]))

    def solved(self, game: Game, player: str, slot: Slot) -> int | None:
        """The best score the solver finds for what the player holds plus the slot's items."""
        items = game.visible(slot)
        if items is None:
            return None
        data = holdings(game, player)
        kind = slot[0]
        if kind == "tiles":
            data["tiles"] += items
        elif kind == "cards":
            data["cards"] += items
        elif kind == "features":
            data["features"] += items
        else:
            for c in items:
                data["pieces"][c] += 1
            data["tops"] += game.tops[slot[1]]
        _fit_size(data, game.rules.size)
        key = repr(sorted(data.items()))
        if key not in self.cache:
            try:
                pool = pool_from_json(data, game.components)
            except CitiesError:
                self.cache[key] = None
            else:
                # Imported here: OR-Tools takes about a second to load; only this bot needs it.
                from solver.usa.cpsat.solve import solve_pool

                result = solve_pool(pool, time_limit=10.0, workers=1,
                                    deterministic_time=self.deterministic_time)
                self.cache[key] = result.score
        return self.cache[key]


def holdings(game: Game, player: str) -> dict[str, Any]:
    """What the player has built, as a pool file's data (size fitted later)."""
    city = game.cities[player]
    start = next(p.tile.id for p in city.tiles.values() if p.tile.start)
    pieces = dict.fromkeys(("black", "blue", "white", "yellow"), 0)
    for b in city.buildings.values():
        pieces[b.color] += b.height
    achievements = [{"achievement": a, "points": p} for a, p in city.achievements]
    for aid in game.achievements:
        points = ring_points(game, player, aid)
        if points is not None and aid not in {a for a, _ in city.achievements}:
            achievements.append({"achievement": aid, "points": points})
    return {"game": "cities-usa", "start": start,
            "tiles": [p.tile.id for p in city.tiles.values() if not p.tile.start],
            "bridges": len(city.bridges) + city.remaining_bridges,
            "features": list(city.features.values()), "pieces": pieces,
            "tops": [b.color for b in city.buildings.values() if b.top],
            "cards": list(city.cards), "achievements": achievements}


def _fit_size(data: dict[str, Any], size: tuple[int, int]) -> None:
    """The largest rectangle within the game's city size that the tiles fill."""
    n = len(data["tiles"]) + 1
    shapes = [(a, b) for a in range(1, size[0] + 1) for b in range(1, size[1] + 1) if a * b <= n]
    data["size"] = list(max(shapes, key=lambda s: (s[0] * s[1], -abs(s[0] - s[1]))))


#: The bots by name.
BOTS: Bots[Bot] = {"random": RandomBot, "greedy": GreedyBot, "solver": SolverBot}


def make_bots(names: Sequence[str], players: Sequence[str],
              known: Bots[Bot] = BOTS) -> dict[str, Bot]:
    """One bot per seat from ``known``, the names cycled (``--bots greedy,random``)."""
    return bots_by_seat(names, players, known)
