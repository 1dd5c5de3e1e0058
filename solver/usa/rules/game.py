"""A whole game of Cities USA: seats, the board's four rows, workers, the star token, cities,
achievements claimed during play, end-of-game scoring with the tie-break. Every variant is a
ruleset (``data/rulesets.json``); the engine asks its fields, never its name.

A game moves in steps (``play_turn``): first each player picks a starting tile (from the
player to the right of the start player, counter-clockwise), then the rounds: each turn one
worker takes the items of one worker space and the player places them. Every placement is an
action judged by ``legality.check`` (the one owner of placement rules); each city's actions are
logged so a city can be rebuilt, and re-checked, from nothing. In the solo game the Builders
Guild of America (``BGA``) takes turns by flipping solo cards.

Every random step draws from ``rng(game, purpose...)``, a generator seeded by the game's seed
and the step, so a game replays exactly and a saved game continues exactly as the unsaved one.

>>> from solver.usa.game.rulesets import load_ruleset
>>> game = new_game(load_ruleset("standard"), 3, seed=4)
>>> game.players, game.star, game.round, len(game.starting)
(('P1', 'P2', 'P3'), 'P1', 0, 4)
>>> game.choosers()
['P3', 'P2', 'P1']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from solver.common.errors import CitiesError
from solver.usa.game.city import City
from solver.usa.game.components import Components, load_components
from solver.usa.game.rulesets import ROWS, Ruleset, load_ruleset, variants
from solver.usa.rules.board import Board, WorkerSpace, deal, workers_in
from solver.usa.rules.legality import Verdict, check
from solver.usa.rules.moves import legal_moves
from solver.usa.rules.turn import voluntary_bridge_may_follow
from solver.usa.scoring.categories import Score, score_city
from solver.usa.scoring.requirements import achievement_met

BGA = "BGA"
"""The Builders Guild of America: the solo game's opponent (not a seat, it builds nothing)."""

Slot = tuple[str, int]
"""A worker space: (row, index from the left)."""

FALLBACKS = (
    "discard-tile",  # a city tile with no legal place (cannot happen with the box's counts)
    "empty-space",  # no space with items is left for a worker the player must place
)
"""Named fallbacks, counted per game, for situations the rulebook's counts never produce."""


class Bot(Protocol):
    name: str

    def start(self, game: Game, player: str, tiles: list[str], r: random.Random) -> str: ...

    def choose(self, game: Game, player: str, options: list[Slot],
               r: random.Random) -> Slot: ...

    def place(self, game: Game, player: str, slot: Slot, items: list[str],
              r: random.Random) -> list[dict[str, Any]]: ...


@dataclass
class Game:
    """Everything a game needs to continue; ``round`` 0 is the choice of starting tiles."""

    rules: Ruleset
    seed: int
    players: tuple[str, ...]  # seats, clockwise
    achievements: tuple[str, ...]  # the achievement board side in play
    board_city: str
    cities: dict[str, City]
    decks: dict[str, list[str]]  # cards, tiles, features, pieces (the bag); drawn from the end
    board: Board
    tops: list[list[str]]  # skyscraper tops on each pieces space (they stay between rounds)
    starting: list[str]  # starting tiles not yet chosen
    star: str
    round: int = 0
    turn: int = 0
    rings: dict[str, dict[int, str]] = field(default_factory=dict)
    solo_deck: list[str] = field(default_factory=list)
    actions: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    log: list[dict[str, Any]] = field(default_factory=list)
    fallbacks: Counter[str] = field(default_factory=Counter)
    bots: dict[str, str] = field(default_factory=dict)  # the bot named for each seat, if known
    components: Components = field(default_factory=load_components, repr=False)

    @property
    def over(self) -> bool:
        return self.round > self.rules.rounds

    def order(self) -> list[str]:
        """Seats clockwise from the star holder."""
        i = self.players.index(self.star)
        return [*self.players[i:], *self.players[:i]]

    def choosers(self) -> list[str]:
        """Who picks a starting tile, in order: from the start player's right, anticlockwise."""
        i = self.players.index(self.star)
        return [self.players[(i - 1 - k) % len(self.players)] for k in range(len(self.players))]

    def movers(self) -> list[str]:
        """Who takes each turn of the round, in order (the BGA between the solo player's)."""
        if self.rules.solo:
            me = self.players[0]
            pair = [me, BGA] if self.star == me else [BGA, me]
            return pair * self.rules.workers
        return self.order() * self.rules.workers

    def to_move(self) -> str:
        if self.round == 0:
            return self.choosers()[self.turn]
        return self.movers()[self.turn]

    def visible(self, slot: Slot) -> list[str] | None:
        """What a player sees on a worker space: None while it is face down."""
        s = self.board[slot[0]][slot[1]]
        return None if s.face_down else list(s.items)

    def options(self, player: str) -> list[Slot]:
        """The worker spaces the player may take now."""
        free = [(row, i) for row in ROWS for i, s in enumerate(self.board[row])
                if s.open and self._may_use_row(player, row)]
        if free:
            return free
        return [(row, i) for row in ROWS for i, s in enumerate(self.board[row])
                if s.worker is None and self._may_use_row(player, row)]

    def _may_use_row(self, player: str, row: str) -> bool:
        had = workers_in(self.board, player, row)
        if had >= self.rules.workers_per_row:
            return False
        if had and self.rules.second_worker_needs_every_row:
            return all(workers_in(self.board, player, r) for r in ROWS)
        return True

    def score(self, player: str) -> Score:
        return score_city(self.cities[player])

    def standings(self) -> list[dict[str, Any]]:
        """Players by score, ties broken by the points of their achievements (rulebook)."""
        rows = []
        for p in self.players:
            s = self.score(p)
            rows.append({"player": p, "score": s.total,
                         "achievements": s.categories["achievements"],
                         "categories": dict(s.categories)})
        rows.sort(key=lambda x: (-x["score"], -x["achievements"]))
        for i, x in enumerate(rows):
            ahead = rows[i - 1] if i else None
            same = ahead is not None and (ahead["score"], ahead["achievements"]) == (
                x["score"], x["achievements"])
            x["place"] = ahead["place"] if same else i + 1
        if self.rules.solo:
            claimed = len(self.cities[self.players[0]].achievements)
            rows[0]["won"] = claimed >= self.rules.solo_achievements_needed
        return rows

    def play(self, bots: dict[str, Bot], until_round: int | None = None,
             on_round: Callable[[int], None] | None = None) -> Game:
        """Play steps until the game is over (or ``until_round`` starts); ``on_round(n)``
        is called as each round ``n`` ends (the choice of starting tiles, round 0, is not
        a round of play and is not reported)."""
        while not self.over and (until_round is None or self.round < until_round):
            before = self.round
            play_turn(self, bots)
            if on_round is not None and self.round != before and before > 0:
                on_round(before)
        return self

    def summary(self) -> dict[str, Any]:
        """Where the game stands, as JSON: variant, seed, round, the achievement board, the
        standings (final once ``over``) and the fallbacks used."""
        return {"variant": self.rules.variant, "seed": self.seed, "over": self.over,
                "round": self.round, "players": list(self.players),
                "achievement_board": {"city": self.board_city,
                                      "achievements": list(self.achievements)},
                "standings": self.standings(),
                "fallbacks": dict(sorted(self.fallbacks.items()))}


def rng(game: Game, *purpose: object) -> random.Random:
    """The generator for one random step: seeded by the game's seed and the step's name."""
    return random.Random("/".join(str(p) for p in (game.seed, *purpose)))


def new_game(rules: Ruleset, players: int, seed: int = 0,
             components: Components | None = None) -> Game:
    """Set up a game: the shuffled decks and bag, tops, an achievement board side, the star."""
    comps = components or load_components()
    low, high = rules.players
    if not low <= players <= high:
        fits = [v for v in variants()
                if load_ruleset(v).players[0] <= players <= load_ruleset(v).players[1]]
        hint = "" if not fits else f": try --variant {fits[0]}" + (
            f" (or {', '.join(fits[1:])})" if fits[1:] else "")
        raise CitiesError(f"the {rules.variant} variant takes {low}-{high} player(s), not "
                          f"{players}{hint}", field="players")
    if len(comps.starting_tiles) < players:
        raise CitiesError(f"{players} players each choose a starting tile; the components have "
                          f"{len(comps.starting_tiles)}", field="starting_tiles")
    names = tuple(f"P{i + 1}" for i in range(players))
    setup = random.Random(f"{seed}/setup")
    decks = {
        "cards": sorted(c.id for c in comps.cards.values() for _ in range(c.copies)),
        "tiles": sorted(comps.city_tiles),
        "features": sorted(f.id for f in comps.features.values() for _ in range(f.copies)),
        "pieces": sorted(c for c, n in comps.pieces.items() for _ in range(n)),
    }
    for row in ROWS:
        setup.shuffle(decks[row])
    tops = sorted(c for c, n in comps.tops.items() for _ in range(n))
    setup.shuffle(tops)
    per = rules.board.tops_per_space
    tops_at = [tops[i * per:(i + 1) * per] for i in range(rules.board.width("pieces"))]
    if not comps.boards:
        raise CitiesError("the components have no achievement board", field="achievement_boards")
    side = setup.choice(comps.boards).sides[setup.randrange(2)]
    empty = City(rules.size, {}, components=comps)
    game = Game(rules, seed, names, side.achievements, side.city,
                {p: empty for p in names}, decks, {}, tops_at, sorted(comps.starting_tiles),
                setup.choice(names), components=comps)
    game.rings = {a: {} for a in side.achievements}
    game.actions = {p: [] for p in names}
    return game


def _apply(game: Game, player: str, action: dict[str, Any]) -> Verdict:
    """One action on the player's city, judged by legality; an illegal one is refused."""
    verdict = check(game.cities[player], action)
    if not verdict.legal or verdict.city is None:
        raise CitiesError(f"{player}: illegal action {action}: {verdict.reason}")
    game.cities[player] = verdict.city
    game.actions[player].append(action)
    return verdict


def play_turn(game: Game, bots: dict[str, Bot]) -> None:
    """One step: a starting tile chosen, a worker placed with its items, or a BGA card."""
    if game.over:
        raise CitiesError("the game is over")
    player = game.to_move()
    r = rng(game, "turn", game.round, game.turn)
    if game.round == 0:
        tile = bots[player].start(game, player, list(game.starting), r)
        game.starting.remove(tile)
        _apply(game, player, {"action": "tile", "tile": tile, "at": [0, 0], "rotation": 0,
                              "bridges": []})
        game.log.append({"round": 0, "player": player, "start": tile})
        _advance(game, len(game.players))
        return
    if player == BGA:
        _bga_turn(game)
    else:
        _worker_turn(game, player, bots[player], r)
    _advance(game, len(game.movers()))


def _advance(game: Game, turns: int) -> None:
    game.turn += 1
    done = game.turn >= turns or (game.round > 0 and all(
        sum(workers_in(game.board, p, row) for row in ROWS) == game.rules.workers
        for p in game.players))
    if not done:
        return
    if game.round > 0:
        game.star = _star_taker(game)
    game.round += 1
    game.turn = 0
    if not game.over:
        _start_round(game)


def _star_taker(game: Game) -> str:
    """Solo: the player leads only from the star space itself; else the rightmost worker of
    the star row takes the star."""
    row = game.board["pieces"]
    if game.rules.solo:
        me = game.players[0]
        return me if row[-1].worker == me else BGA
    placed = [s.worker for s in row if s.worker is not None]
    return placed[-1] if placed else game.star


def _start_round(game: Game) -> None:
    game.board = deal(game.rules.board, game.decks)
    if game.rules.solo:
        deck = [c.id for c in game.rules.solo_cards]
        rng(game, "solo", game.round).shuffle(deck)
        game.solo_deck = deck


def _worker_turn(game: Game, player: str, bot: Bot, r: random.Random) -> None:
    options = game.options(player)
    if not options:
        raise CitiesError(f"{player} has no worker space to take")
    if not any(game.board[row][i].open for row, i in options):
        game.fallbacks["empty-space"] += 1
    slot = bot.choose(game, player, options, r)
    if slot not in options:
        raise CitiesError(f"{player} chose {slot}, not a worker space it may take")
    row, i = slot
    space = game.board[row][i]
    items = list(space.items)
    if space.bag:
        items = [game.decks["pieces"].pop() for _ in range(game.rules.board.bag_draw)
                 if game.decks["pieces"]]
    space.items, space.face_down, space.worker = [], False, player
    before = len(game.actions[player])
    must_place = row == "tiles" and bool(items)
    if must_place and not legal_moves(game.cities[player], items[0]):
        game.fallbacks["discard-tile"] += 1
        plan: list[dict[str, Any]] = []
        must_place = False
    elif row == "cards":
        plan = [{"action": "card", "card": c} for c in items]
    else:
        plan = bot.place(game, player, slot, items, r)
    _carry_out(game, player, slot, items, plan, must_place)
    claimed = _claim_achievements(game, player)
    game.log.append({"round": game.round, "player": player, "row": row, "space": i,
                     "took": items, "actions": game.actions[player][before:],
                     "claimed": claimed})


def _carry_out(game: Game, player: str, slot: Slot, items: list[str],
               plan: list[dict[str, Any]], must_place: bool) -> None:
    """Apply a bot's plan after checking it uses only what the player took."""
    row = slot[0]
    left = Counter(items)
    kinds = {"cards": ("card",), "tiles": ("tile", "bridge"), "features": ("feature",),
             "pieces": ("building", "top")}[row]
    tiles = bridges = 0
    for a in plan:
        kind = a.get("action") if isinstance(a, dict) else None
        if kind not in kinds:
            raise CitiesError(f"{player}: a {kind} action after taking from the {row} row")
        if kind == "tile":
            tiles += 1
            if tiles > 1 or left[a.get("tile")] < 1:
                raise CitiesError(f"{player}: places a tile it did not take")
            left[a["tile"]] -= 1
        elif kind == "bridge":
            if not voluntary_bridge_may_follow(tiles, bridges):
                raise CitiesError(f"{player}: one voluntary bridge, after the tile")
            bridges += 1
        elif kind == "top":
            tops = game.tops[slot[1]]
            if a.get("color") not in tops:
                raise CitiesError(f"{player}: no {a.get('color')} top on that space")
            tops.remove(a["color"])
        else:
            key = {"card": "card", "feature": "feature", "building": "color"}[kind]
            if left[a.get(key)] < 1:
                raise CitiesError(f"{player}: uses a {a.get(key)} it did not take")
            left[a[key]] -= 1
        _apply(game, player, a)
    if must_place and tiles == 0:
        raise CitiesError(f"{player}: a city tile taken must be placed")


def ring_points(game: Game, player: str, achievement: str) -> int | None:
    """The ring value the player would take now: the highest vacant space (solo: by the
    tiles in the city), or None when no space is left."""
    ach = game.components.achievements[achievement]
    if game.rules.solo:
        tiles = len(game.cities[player].tiles)
        band = sum(1 for limit in game.rules.solo_ring_by_tiles if tiles > limit)
        return ach.points[band]
    taken = game.rings[achievement]
    vacant = [i for i in game.rules.ring_spaces if i not in taken]
    return ach.points[vacant[0]] if vacant else None


def _claim_achievements(game: Game, player: str) -> list[str]:
    """At the end of a turn: a ring on every achievement the city meets (once per game)."""
    city = game.cities[player]
    claimed = []
    for aid in game.achievements:
        if any(a == aid for a, _ in city.achievements):
            continue
        points = ring_points(game, player, aid)
        if points is None or not achievement_met(game.components.achievements[aid], city):
            continue
        _apply(game, player, {"action": "achievement", "achievement": aid, "points": points})
        city = game.cities[player]
        if not game.rules.solo:
            vacant = [i for i in game.rules.ring_spaces if i not in game.rings[aid]]
            game.rings[aid][vacant[0]] = player
        claimed.append(aid)
    return claimed


def _bga_turn(game: Game) -> None:
    """Flip a solo card; remove what it marks, never the last items of a row the player has
    not yet taken from."""
    if not game.solo_deck:
        return
    card_id = game.solo_deck.pop()
    card = next(c for c in game.rules.solo_cards if c.id == card_id)
    me = game.players[0]
    removed = []
    for row, spaces in card.remove.items():
        for i in spaces:
            s = game.board[row][i]
            if s.worker is not None or not s.items:
                continue
            others = [x for j, x in enumerate(game.board[row]) if j != i and x.open]
            if not others and not workers_in(game.board, me, row):
                continue
            removed.append({"row": row, "space": i, "items": list(s.items)})
            s.items, s.face_down = [], False
    game.log.append({"round": game.round, "player": BGA, "card": card_id, "removed": removed})


def play_game(game: Game, bots: dict[str, Bot]) -> Game:
    """Play the game to its end: ``Game.play``."""
    return game.play(bots)


__all__ = ["BGA", "FALLBACKS", "Bot", "Game", "WorkerSpace", "new_game", "play_game",
           "play_turn", "ring_points", "rng"]
