"""Players for simulated games.

- ``random``: random tiles, a random legal position.
- ``greedy``: the best immediate score, its lower city first (each city scored alone).
- ``solver``: plans each of its cities with the optimal-city solver on what it can see (the
  city, its hand, and the box's unseen tiles as filler) under a short deterministic time
  limit, and places tiles where the plan wants their type; greedy where the plan has no say.

>>> from solver.twocities.game.rulesets import load_ruleset
>>> from solver.twocities.rules.game import new_game, play_game
>>> bots = {p: RandomBot() for p in ("P1", "P2", "P3")}
>>> game = play_game(new_game(load_ruleset(), 3, seed=1), bots)
>>> [len(c.position.placed) for c in game.cities]
[18, 18, 18]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from solver.common.seats import Bots, bots_by_seat
from solver.twocities.game.components import Coord, load_components
from solver.twocities.game.pool import Placement
from solver.twocities.game.tiles import Duplex, Tile, parse_tile
from solver.twocities.rules.game import Bot, Game, Options
from solver.twocities.rules.position import Position
from solver.twocities.rules.squares import open_square
from solver.twocities.scoring.categories import score_city


def _tile(token: str) -> Tile:
    return parse_tile(token, load_components().civics)


class RandomBot:
    """Uniformly random among tiles and legal positions (checks lazily: first legal wins)."""

    name = "random"

    def choose(self, game: Game, player: str, hand: list[str], r: random.Random) -> list[int]:
        return r.sample(range(len(hand)), 2)

    def assign(self, game: Game, player: str, tiles: list[str], targets: tuple[int, int],
               r: random.Random) -> list[str]:
        r.shuffle(tiles)
        return tiles

    def place(self, game: Game, player: str, city: int, options: Options,
              r: random.Random) -> Coord | None:
        order = list(options.candidates)
        r.shuffle(order)
        return next((at for at in order if options.legal(at)), None)


def city_score(pos: Position) -> int:
    """The city so far, scored alone (no rivals)."""
    return score_city(pos.to_city(), pos.rules).total


class GreedyBot:
    """Best immediate score; where its two cities compete, the lower one is served first."""

    name = "greedy"
    #: Answers remembered (``best``, ``legal``) before the memory is cleared.
    MEMORY = 512

    def _memo(self, key: tuple[Any, ...], pos: Position, compute: Any) -> Any:
        """``compute()`` remembered for ``key`` (which starts with ``id(pos)``): the position
        is kept with the answer, so that its id cannot be another position's meanwhile."""
        memo: dict[tuple[Any, ...], tuple[Position, Any]] = self.__dict__.setdefault("_m", {})
        hit = memo.get(key)
        if hit is not None and hit[0] is pos:
            return hit[1]
        if len(memo) >= self.MEMORY:
            memo.clear()
        found = compute()
        memo[key] = (pos, found)
        return found

    def legal(self, pos: Position, tile: Tile, reading: str | None = None) -> list[Coord]:
        """The legal positions of ``tile`` (``Options.all``).  A single tile's legality
        depends on its cells alone, so every single tile shares one answer per city; a
        duplex is asked about by name (a revealed duplex may be placed where another may not)."""
        kind = tile.token if isinstance(tile, Duplex) else "single"
        return self._memo(("legal", id(pos), kind, reading), pos,
                          lambda: Options(pos, tile, reading).all())

    def best(self, pos: Position, tile: Tile, reading: str | None = None,
             options: list[Coord] | None = None) -> tuple[int, Coord | None]:
        """(score, position) of the best legal position for ``tile``; (-1, None) if none.

        Without ``options`` (every legal position under ``reading``) the answer is remembered,
        so that ``choose``, ``assign`` and ``place`` of one turn score a tile in a city once.
        """
        if options is not None:
            return self._best(pos, tile, options)
        return self._memo(("best", id(pos), tile.token, reading), pos,
                          lambda: self._best(pos, tile, self.legal(pos, tile, reading)))

    def _best(self, pos: Position, tile: Tile, options: list[Coord]) -> tuple[int, Coord | None]:
        best: tuple[int, Coord | None] = (-1, None)
        for at in options:
            s = city_score(pos.play(Placement(tile, at)))
            if s > best[0]:
                best = (s, at)
        return best

    def choose(self, game: Game, player: str, hand: list[str], r: random.Random) -> list[int]:
        cities = [game.cities[i].position for i in dict.fromkeys(game.cities_of(player))]
        cities.sort(key=city_score)
        picked: list[int] = []
        for pos in (cities * 2)[:2]:
            best = (-2, -1)
            for i, token in enumerate(hand):
                if i in picked:
                    continue
                score = self.best(pos, _tile(token))[0]
                if score > best[0]:
                    best = (score, i)
            picked.append(best[1])
        return picked

    def assign(self, game: Game, player: str, tiles: list[str], targets: tuple[int, int],
               r: random.Random) -> list[str]:
        def outcome(order: list[str]) -> tuple[int, int]:
            scores = [max(self.best(game.cities[c].position, _tile(t))[0], 0)
                      for t, c in zip(order, targets, strict=True)]
            return (min(scores), max(scores))

        flipped = [tiles[1], tiles[0]]
        return flipped if outcome(flipped) > outcome(tiles) else tiles

    def place(self, game: Game, player: str, city: int, options: Options,
              r: random.Random) -> Coord | None:
        return self.best(options.position, options.tile, options.reading)[1]


class SolverBot(GreedyBot):
    """Plans its cities with the optimal-city solver (short deterministic limit, one worker)."""

    name = "solver"

    def __init__(self, deterministic_time: float = 0.5):
        self.deterministic_time = deterministic_time
        self.plans: dict[int, dict[Coord, str]] = {}

    def plan(self, game: Game, player: str, city: int) -> dict[Coord, str]:
        """Mat cell -> the type the plan puts there; re-solved when the city leaves the plan."""
        pos = game.cities[city].position
        plan = self.plans.get(city)
        if plan is not None and all(plan.get(c) == b.type for c, b in pos.occupied.items()):
            return plan
        plan = solve_plan(game, player, city, self.deterministic_time)
        self.plans[city] = plan
        return plan

    def _want(self, game: Game, player: str, city: int, token: str) -> int:
        plan = self.plan(game, player, city)
        pos = game.cities[city].position
        tile = _tile(token)
        types = [b.type for b in (Placement(tile, (0, 0)).buildings)]
        open_types = Counter(t for c, t in plan.items() if c not in pos.occupied)
        return sum(min(open_types[t], 1) for t in types)

    def choose(self, game: Game, player: str, hand: list[str], r: random.Random) -> list[int]:
        picked: list[int] = []
        targets = list(dict.fromkeys(game.cities_of(player)))
        for city in (targets * 2)[:2]:
            scores = [(self._want(game, player, city, t), -i) for i, t in enumerate(hand)
                      if i not in picked]
            picked.append(-max(scores)[1])
        return picked

    def place(self, game: Game, player: str, city: int, options: Options,
              r: random.Random) -> Coord | None:
        legal = options.all()
        if not legal:
            return None
        plan = self.plan(game, player, city)
        tile = options.tile
        types = [b.type for b in Placement(tile, (0, 0)).buildings]
        fits = [at for at in legal
                if [plan.get(c) for c in Placement(tile, at).cells] == types]
        if fits:
            return self.best(options.position, tile, options=fits)[1]
        return self.best(options.position, tile, options=legal)[1]


def solve_plan(game: Game, player: str, city: int, deterministic_time: float) -> dict[Coord, str]:
    """Solve city ``city`` as the bot sees it: its tiles fixed, its hand, and unseen filler.

    Returns mat cell -> planned type ({} when the solver finds nothing in time).
    """
    from solver.twocities.cpsat import solve_pool
    from solver.twocities.game.pool import Pool

    pos = game.cities[city].position
    rules = pos.rules
    singles_left = rules.singles - pos.singles_placed
    duplexes_left = rules.duplexes - pos.duplexes_placed
    hand = [_tile(t) for t in game.hands.get(player, [])]
    seen_singles = [t for t in hand if not isinstance(t, Duplex)][:singles_left]
    seen_duplexes = (list(pos.revealed) + [t for t in hand if isinstance(t, Duplex)])
    seen_duplexes = seen_duplexes[:duplexes_left]
    singles_unseen, duplexes_unseen = unseen_tiles(game, player)
    filler = [_tile(t) for t in singles_unseen[:singles_left - len(seen_singles)]]
    dfill = [_tile(t) for t in duplexes_unseen[:duplexes_left - len(seen_duplexes)]]
    tiles = tuple(seen_singles + filler + seen_duplexes + dfill)
    mats = (pos.mat,) if pos.mat is not None else ()
    fixed = pos.placed
    if pos.mat is None and fixed:
        # Without a mat the solver's square starts at (0, 0): shift into a square that the
        # look-ahead still finds completable.
        square = open_square(pos)
        top, left = square.top, square.left
        fixed = tuple(Placement(p.tile, (p.at[0] - top, p.at[1] - left)) for p in fixed)
    pool = Pool(rules, mats, tiles, fixed=fixed)
    try:
        result = solve_pool(pool, time_limit=None, workers=1,
                            deterministic_time=deterministic_time)
    except Exception:  # noqa: BLE001 - a plan is advice; no plan falls back to greedy
        return {}
    if result.city is None:
        return {}
    return _to_mat_coords(pos, result.city)


def unseen_tiles(game: Game, player: str) -> tuple[list[str], list[str]]:
    """The box's tiles this player has not seen (not in any city, not in its hand), shuffled:
    what it can expect, without peeking at other hands or the order of the box."""
    comps = load_components()
    singles = Counter(comps.single_pool(civics=game.rules.modules["civics"]))
    duplexes = Counter(d.token for d in comps.duplexes)
    seen = Counter(game.hands.get(player, []))
    for c in game.cities:
        seen.update(p.tile.token for p in c.position.placed)
        seen.update(d.token for d in c.position.revealed)
    r = random.Random(f"{game.seed}/unseen/{player}/{game.round}/{game.part}/{game.turn}")
    out = []
    for box in (singles, duplexes):
        tiles = sorted((box - seen).elements())
        r.shuffle(tiles)
        out.append(tiles)
    return out[0], out[1]


def _to_mat_coords(pos: Position, city: Any) -> dict[Coord, str]:
    """The solved city's types keyed by mat cell: find the shift that matches the placed
    tiles (and the mat's landscape)."""
    from solver.twocities.game.tiles import LANDSCAPE, Building

    n = city.size
    top, left, bottom, right = pos.bounds()
    for dr in range(bottom - n + 1, top + 1):
        for dc in range(right - n + 1, left + 1):
            ok = all(0 <= r - dr < n and 0 <= c - dc < n for r, c in pos.occupied)
            ok = ok and all(isinstance(b2 := city.at((r - dr, c - dc)), Building)
                            and b2.type == b.type for (r, c), b in pos.occupied.items())
            ok = ok and all(0 <= r - dr < n and 0 <= c - dc < n
                            and city.at((r - dr, c - dc)) is LANDSCAPE
                            for r, c in pos.landscape)
            if ok:
                return {(r + dr, c + dc): b.type for (r, c), b in city.buildings()}
    return {}


#: The bots by name (the advisor, built above this module, is added in ``advice.bot``).
BOTS: Bots[Bot] = {"random": RandomBot, "greedy": GreedyBot, "solver": SolverBot}


def make_bots(names: Sequence[str], players: Sequence[str],
              known: Bots[Bot] = BOTS) -> dict[str, Bot]:
    """One bot per player from ``known``, cycling through ``names`` (e.g. ['greedy',
    'random'])."""
    from solver.twocities.rules.game import JAMEY

    out: dict[str, Bot] = bots_by_seat(names, [p for p in players if p != JAMEY], known)
    if JAMEY in players:
        out[JAMEY] = RandomBot()  # Jamey never decides: his picks are random draws
    return out
