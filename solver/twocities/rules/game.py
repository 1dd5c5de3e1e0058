"""A whole game: seating, cities, the box, rounds of drafting, placement, end-of-game scoring.

Seats run clockwise; city ``i`` lies between seat ``i`` (its left city) and seat ``i + 1`` (their
right city).  Round 1 passes hands left (seat i to seat i + 1), round 3 right.  The variants:

- standard / beginner (3-7 players): one city per pair of neighbours.
- two-player-standard: four cities, each player builds two alone; every round is played twice
  (1a, 1b, 2a, 2b, 3a, 3b), hands pass to the opponent; the final score is the sum.
- two-player-advanced: three seats, the third is the dummy player Jamey.  Each turn the human
  to Jamey's left (round 3: right) draws two of Jamey's tiles at random and sends one to each
  of Jamey's cities; the human sharing a city with Jamey places Jamey's tile there.  Round 2
  starts with Jamey's four duplexes: each human gets two at random, keeps one for the city they
  share with Jamey and discards the other.

Every random step draws from ``rng(game, purpose...)``, a generator seeded by the game's seed and
the step, so a game replays exactly and a saved game continues exactly as the unsaved one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from solver.common.errors import CitiesError
from solver.twocities.game.city import District
from solver.twocities.game.components import Components, Coord, load_components
from solver.twocities.game.pool import Placement
from solver.twocities.game.rulesets import Ruleset
from solver.twocities.game.tiles import Duplex, Tile, parse_tile
from solver.twocities.rules.legality import (
    PERMISSIVE,
    Verdict,
    candidates,
    check,
    check_basic,
    windows,
)
from solver.twocities.rules.position import Position
from solver.twocities.scoring.table import TableResult, score_table

JAMEY = "Jamey"
CITY_NAMES = ("Cairo", "Rome", "St. Louis", "Agra", "Paris", "Birmingham", "Kyoto")

#: Named fallbacks, in the order they are tried when a tile has no legal position (docs/rulings.md:
#: "A game never deadlocks").  Simulations count how often each fires.
FALLBACKS = (
    "permissive",  # the safe reading left no position: accept one that works for some orientation
    "bounding-box",  # no look-ahead at all: any position that keeps the city inside a square
    "discard",  # no position even so: the tile is discarded and the city stays short of a tile
)


@dataclass
class GameCity:
    name: str
    builders: tuple[str, ...]
    position: Position


@dataclass
class Game:
    """Everything a game needs to continue: seats, cities, the box, hands, the clock."""

    rules: Ruleset
    seed: int
    players: tuple[str, ...]  # seats, clockwise; Jamey included in two-player-advanced
    cities: list[GameCity]
    districts: tuple[District, ...] = ()
    bag: list[str] = field(default_factory=list)  # single tiles, drawn from the end
    duplex_stack: list[str] = field(default_factory=list)
    hands: dict[str, list[str]] = field(default_factory=dict)
    round: int = 1  # 4 once the game is over
    part: int = 0  # two-player-standard plays each round twice: part 0 (a) and 1 (b)
    turn: int = 0  # turns taken in this round part
    discards: list[str] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    fallbacks: Counter[str] = field(default_factory=Counter)
    bots: dict[str, str] = field(default_factory=dict)  # the bot named for each seat, if known

    @property
    def over(self) -> bool:
        return self.round > 3

    @property
    def humans(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p != JAMEY)

    def cities_of(self, player: str) -> tuple[int, int]:
        """(left city, right city) of a player: the cities their two tiles go to."""
        if self.rules.cities == "own":
            i = self.players.index(player)
            return (2 * i, 2 * i + 1)
        i = self.players.index(player)
        return (i, (i - 1) % len(self.players))

    def parts(self) -> int:
        return 2 if self.rules.cities == "own" else 1

    def table(self, components: Components | None = None) -> TableResult:
        """End-of-game (or current) scores through the table scorer, tie-breaks included."""
        entries = [(c.name, c.builders, c.position.to_city()) for c in self.cities]
        return score_table(entries, self.districts, self.rules)

    def play(self, bots: dict[str, Bot], until_round: int | None = None,
             on_round: Callable[[int], None] | None = None) -> Game:
        """Play turns until the game is over (or ``until_round`` starts); ``on_round(n)``
        is called as each round ``n`` ends (both parts of a two-player round)."""
        while not self.over and (until_round is None or self.round < until_round):
            before = self.round
            play_turn(self, bots)
            if on_round is not None and self.round != before:
                on_round(before)
        return self

    def summary(self) -> dict[str, Any]:
        """The game's result as JSON: the table's standings and the fallbacks used."""
        return {**self.table().to_json(), "fallbacks": dict(self.fallbacks)}


def rng(game: Game, *purpose: object) -> random.Random:
    """The generator for one random step: seeded by the game's seed and the step's name."""
    return random.Random("/".join(str(p) for p in (game.seed, *purpose)))


def new_game(rules: Ruleset, players: int, seed: int = 0, *, districts: bool = False,
             components: Components | None = None) -> Game:
    """Set up a game: seats, a random mat per city, districts, the shuffled box."""
    comps = components or load_components()
    low, high = rules.players
    if not low <= players <= high:
        raise CitiesError(f"the {rules.variant} variant takes {low}-{high} players, not {players}",
                          field="players")
    names = tuple(f"P{i + 1}" for i in range(players))
    if rules.dummy:
        names = (*names, rules.dummy)
    if rules.cities == "own":
        builders = [(names[0],), (names[0],), (names[1],), (names[1],)]
    else:
        builders = [(names[i], names[(i + 1) % len(names)]) for i in range(len(names))]
    setup = random.Random(f"{seed}/setup")
    mats: list[Any] = [None] * len(builders)
    if rules.modules["mats"]:
        pool = sorted(comps.mats)
        if len(pool) < len(builders):
            raise CitiesError(f"{len(builders)} cities need {len(builders)} landscape mats; "
                              f"the components have {len(pool)}")
        mats = [comps.mats[m] for m in setup.sample(pool, len(builders))]
    # Jamey's cities get his duplex first and the human's later: one at a time.
    cities = [GameCity(CITY_NAMES[i % len(CITY_NAMES)], b,
                       Position.start(rules, mats[i], "one-at-a-time" if JAMEY in b else ""))
              for i, b in enumerate(builders)]
    bag = sorted(comps.single_pool(civics=rules.modules["civics"]).elements())
    setup.shuffle(bag)
    stack = [d.token for d in comps.duplexes]
    setup.shuffle(stack)
    chosen = deal_districts(comps, setup) if districts else ()
    game = Game(rules.with_modules(districts=districts), seed, names, cities, chosen, bag,
                stack)
    _start_part(game)
    return game


def deal_districts(comps: Components, r: random.Random) -> tuple[District, ...]:
    """Three pairs of district cards (000): never a house+factory pair; on such a draw the
    second card is discarded and another drawn."""
    cards = list(comps.district_cards)
    r.shuffle(cards)
    out = []
    for points in comps.district_scoring_tiles[:3]:
        first = cards.pop()
        second = cards.pop()
        while frozenset({first, second}) in comps.forbidden_district_pairs:
            second = cards.pop()
        out.append(District(frozenset({first, second}), (points[0], points[1])))
    return tuple(out)


# --- the round clock --------------------------------------------------------------------------


def _draw(game: Game, n: int, duplexes: bool) -> list[str]:
    source = game.duplex_stack if duplexes else game.bag
    if len(source) < n:
        raise CitiesError(f"the box ran out of {'duplexes' if duplexes else 'tiles'}")
    drawn = source[-n:]
    del source[-n:]
    return drawn


def _start_part(game: Game) -> None:
    """Deal the hands for the current round part."""
    game.turn = 0
    size = game.rules.hands[game.round - 1]
    if game.round == 2:
        game.hands = {p: _draw(game, size, True) for p in game.humans}
        if JAMEY in game.players:
            game.hands[JAMEY] = _draw(game, 4, True)
    else:
        game.hands = {p: _draw(game, size, False) for p in game.players}


def _end_part(game: Game) -> None:
    for hand in game.hands.values():
        game.discards.extend(hand)
    game.hands = {}
    if game.part + 1 < game.parts():
        game.part += 1
    else:
        game.part = 0
        game.round += 1
    if not game.over:
        _start_part(game)


# --- players --------------------------------------------------------------------------------


class Options:
    """The positions a bot may pick for one tile in one city, under the reading in force."""

    def __init__(self, position: Position, tile: Tile, reading: str | None):
        self.position = position
        self.tile = tile
        self.reading = reading
        self.candidates = candidates(position, tile)

    def legal(self, at: Coord) -> bool:
        return self.verdict(at).legal

    def verdict(self, at: Coord) -> Verdict:
        if self.reading == "bounding-box":
            basic = check_basic(self.position, self.tile, at)
            if basic is not None:
                return basic
            cells = [*self.position.occupied, *Placement(self.tile, at).cells]
            ok = bool(windows(self.position, cells))
            return Verdict(ok, "inside a square (fallback)", "bounding-box" if ok else "square")
        return check(self.position, self.tile, at, self.reading)

    def all(self) -> list[Coord]:
        return [at for at in self.candidates if self.legal(at)]


class Bot(Protocol):
    name: str

    def choose(self, game: Game, player: str, hand: list[str], r: random.Random) -> list[int]:
        """Indices of the two tiles of ``hand`` to play (round 2 in 2p-advanced's Jamey step:
        one)."""
        ...

    def assign(self, game: Game, player: str, tiles: list[str], targets: tuple[int, int],
               r: random.Random) -> list[str]:
        """``tiles`` reordered so that tile k goes to city ``targets[k]``."""
        ...

    def place(self, game: Game, player: str, city: int, options: Options,
              r: random.Random) -> Coord | None:
        """A legal position from ``options`` (None: there is none)."""
        ...


# --- one turn -------------------------------------------------------------------------------


def play_turn(game: Game, bots: dict[str, Bot]) -> None:
    """Choose, reveal, place; pass the hands or end the round part."""
    if game.over:
        raise CitiesError("the game is over")
    rnd, part, turn = game.round, game.part, game.turn
    incoming: dict[int, list[tuple[str, str]]] = {i: [] for i in range(len(game.cities))}
    if rnd == 2 and JAMEY in game.players and JAMEY in game.hands:
        _jamey_duplexes(game, bots, incoming)
    else:
        chosen = {}
        for p in game.humans:
            hand = game.hands[p]
            picks = bots[p].choose(game, p, list(hand), rng(game, "choose", rnd, part, turn, p))
            if len(set(picks)) != 2 or not all(0 <= i < len(hand) for i in picks):
                raise CitiesError(f"bot {bots[p].name} chose {picks} from a hand of {len(hand)}")
            chosen[p] = [hand[i] for i in picks]
            for i in sorted(picks, reverse=True):
                del hand[i]
        if JAMEY in game.hands:
            hand = game.hands[JAMEY]
            r = rng(game, "jamey", rnd, part, turn)
            picks = r.sample(range(len(hand)), 2)
            chosen[JAMEY] = [hand[i] for i in picks]
            for i in sorted(picks, reverse=True):
                del hand[i]
        for p, tiles in chosen.items():
            decider = _jamey_helper(game) if p == JAMEY else p
            targets = game.cities_of(p)
            order = bots[decider].assign(game, decider, list(tiles), targets,
                                         rng(game, "assign", rnd, part, turn, p))
            if sorted(order) != sorted(tiles):
                raise CitiesError(f"bot {bots[decider].name} assigned tiles it was not given")
            for k, tile in enumerate(order):
                placer = p if p != JAMEY else _jamey_partner(game, targets[k])
                incoming[targets[k]].append((placer, tile))
        _pass_hands(game)
    _place_all(game, bots, incoming)
    game.turn += 1
    if rnd == 2 and JAMEY in game.players and JAMEY in game.hands:
        game.discards.extend(game.hands.pop(JAMEY))
    elif not game.hands or max(len(h) for h in game.hands.values()) <= 1:
        _end_part(game)


def _jamey_helper(game: Game) -> str:
    """The human who picks Jamey's tiles: to Jamey's left in round 1, right in round 3."""
    i = game.players.index(JAMEY)
    return game.players[(i + 1) % 3] if game.round == 1 else game.players[(i - 1) % 3]


def _jamey_partner(game: Game, city: int) -> str:
    return next(b for b in game.cities[city].builders if b != JAMEY)


def _jamey_duplexes(game: Game, bots: dict[str, Bot],
                    incoming: dict[int, list[tuple[str, str]]]) -> None:
    jamey = game.hands[JAMEY]
    r = rng(game, "jamey-duplexes")
    r.shuffle(jamey)
    pairs = [jamey[2 * k:2 * k + 2] for k in range(len(game.humans))]
    for p, two in zip(game.humans, pairs, strict=True):
        keep = bots[p].choose(game, p, list(two), rng(game, "jamey-keep", p))[0]
        shared = next(i for i in game.cities_of(p) if JAMEY in game.cities[i].builders)
        incoming[shared].append((p, two[keep]))
        jamey.remove(two[keep])


def _pass_hands(game: Game) -> None:
    if game.round == 2:
        return  # round 2: the third duplex is discarded, not passed
    seats = game.players  # two seats (two-player standard): the hands simply swap
    step = -1 if game.round == 1 else 1  # round 1: seat i receives from seat i - 1
    game.hands = {p: game.hands[seats[(i + step) % len(seats)]] for i, p in enumerate(seats)}


def _place_all(game: Game, bots: dict[str, Bot],
               incoming: dict[int, list[tuple[str, str]]]) -> None:
    for i, arrivals in incoming.items():
        city = game.cities[i]
        if game.round == 2:
            city.position = city.position.reveal(tuple(_tile(t) for _, t in arrivals))
            arrivals = _duplex_order(city.position, arrivals)
        for placer, token in arrivals:
            _place_one(game, bots, i, placer, _tile(token))


def _duplex_order(pos: Position, arrivals: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Both duplexes of a city are revealed before either is placed, so the partners may
    place them in either order: put first one that has a legal position."""
    if len(arrivals) == 2:
        first = Options(pos, _tile(arrivals[0][1]), None)
        if not any(first.legal(at) for at in first.candidates):
            return [arrivals[1], arrivals[0]]
    return arrivals


def _tile(token: str) -> Tile:
    return parse_tile(token, load_components().civics)


def _place_one(game: Game, bots: dict[str, Bot], i: int, placer: str, tile: Tile) -> None:
    city = game.cities[i]
    pos = city.position
    readings: list[str | None] = [None, PERMISSIVE, "bounding-box"]
    for step, reading in enumerate(readings):
        options = Options(pos, tile, reading)
        r = rng(game, "place", game.round, game.part, game.turn, i, placer, step)
        at = bots[placer].place(game, placer, i, options, r)
        if at is None:
            continue
        verdict = options.verdict(at)
        if not verdict.legal:
            raise CitiesError(f"bot {bots[placer].name} made an illegal move: {tile.token} at "
                              f"{list(at)} in {city.name}: {verdict.reason}")
        if step:
            game.fallbacks[FALLBACKS[step - 1]] += 1
        city.position = pos.play(Placement(tile, at))
        game.log.append({"round": game.round, "part": game.part, "turn": game.turn,
                         "city": i, "player": placer, "tile": tile.token, "at": list(at),
                         **({"fallback": FALLBACKS[step - 1]} if step else {})})
        return
    game.fallbacks["discard"] += 1
    game.discards.append(tile.token)
    if isinstance(tile, Duplex) and tile in pos.revealed:
        rest = list(pos.revealed)
        rest.remove(tile)
        city.position = replace(pos, revealed=tuple(rest))
    game.log.append({"round": game.round, "part": game.part, "turn": game.turn, "city": i,
                     "player": placer, "tile": tile.token, "at": None, "fallback": "discard"})


def check_in_game(game: Game, city: int, tile: Tile, at: Coord) -> Verdict:
    """``check`` plus the hand: the tile must be in the hand of one of the city's builders
    (Jamey's hand for his cities) or already revealed for this city."""
    c = game.cities[city]
    holders = [b for b in c.builders if b in game.hands]
    held = {t for b in holders for t in game.hands[b]}
    if tile.token not in held and tile not in c.position.revealed and not game.over:
        names = " or ".join(holders) or "anyone"
        return Verdict(False, f"{tile.token} is not in the hand of {names}", "hand")
    return check(c.position, tile, at)


def play_game(game: Game, bots: dict[str, Bot], until_round: int | None = None) -> Game:
    """Play turns until the game is over (or ``until_round`` starts): ``Game.play``."""
    return game.play(bots, until_round)
