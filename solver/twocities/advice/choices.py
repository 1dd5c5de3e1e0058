"""The player's choices: which tile to keep, for which city, at which cell, and the tile sent
to the other city; also the tiles the player has not seen, from which futures are drawn.  The
ground every other advice module stands on."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from solver.common.errors import CitiesError
from solver.twocities.bots import GreedyBot, city_score
from solver.twocities.game.components import Coord, load_components
from solver.twocities.game.pool import Placement
from solver.twocities.game.tiles import Duplex, Tile, parse_tile
from solver.twocities.rules.game import Game, Options
from solver.twocities.rules.position import Position

#: Default of ``cities advise``: positions per tile and city.
POSITIONS = 3

_GREEDY = GreedyBot()


def _tile(token: str) -> Tile:
    return parse_tile(token, load_components().civics)


@dataclass(frozen=True)
class Move:
    """One tile into one city (0-based index) at one mat cell."""

    tile: str
    city: int
    at: Coord

    def to_json(self, game: Game) -> dict[str, Any]:
        return {"tile": self.tile, "city": self.city + 1, "city_name": game.cities[self.city].name,
                "at": list(self.at)}


@dataclass(frozen=True)
class Choice:
    keep: Move
    other: Move | None  # the tile for the player's other city (None: it has no legal place)




def hand_of(game: Game, player: str) -> list[str]:
    """The hand ``player`` chooses from now (a one-line error when there is none)."""
    if game.over:
        raise CitiesError("the game is over: there is no hand to advise on", field="round")
    if player not in game.humans:
        raise CitiesError(f"{player!r} is not a player ({', '.join(game.humans)})",
                          field="--player")
    hand = game.hands.get(player, [])
    if len(hand) < 2:
        raise CitiesError(f"{player} holds {len(hand)} tile(s): nothing to choose",
                          field=f"hands.{player}")
    return list(hand)


def _ready(pos: Position, tile: Tile) -> Position:
    """The city as it stands when ``tile`` is placed: a round-2 duplex is revealed first."""
    if isinstance(tile, Duplex) and tile not in pos.revealed:
        return pos.reveal((tile,))
    return pos


def places(pos: Position, token: str, k: int) -> list[Coord]:
    """The ``k`` best legal positions of ``token`` by the city's immediate score (ties: the
    first in reading order), so that the race weighs a few distinct openings per tile."""
    tile = _tile(token)
    ready = _ready(pos, tile)
    scored = [(-city_score(ready.play(Placement(tile, at))), at)
              for at in Options(ready, tile, None).all()]
    return [at for _, at in sorted(scored)[:k]]


def _greedy_other(game: Game, city: int, hand: list[str]) -> Move | None:
    """The greedy bot's tile and position for ``city`` from ``hand``."""
    pos = game.cities[city].position
    best: tuple[int, str, Coord] | None = None
    for token in dict.fromkeys(hand):
        tile = _tile(token)
        score, at = _GREEDY.best(_ready(pos, tile), tile)
        if at is not None and (best is None or score > best[0]):
            best = (score, token, at)
    return Move(best[1], city, best[2]) if best else None


def choices(game: Game, player: str, positions: int = POSITIONS) -> list[Choice]:
    """Every choice for the player's hand: each distinct tile, each of the player's cities,
    its ``positions`` best legal cells; the other tile greedy (round 2: every pairing)."""
    hand = hand_of(game, player)
    targets = list(dict.fromkeys(game.cities_of(player)))
    out: list[Choice] = []
    for token in dict.fromkeys(hand):
        rest = list(hand)
        rest.remove(token)
        for city in targets:
            others = [c for c in targets if c != city]
            for at in places(game.cities[city].position, token, positions):
                keep = Move(token, city, at)
                if not others:
                    out.append(Choice(keep, None))
                elif game.round == 2:
                    for other in dict.fromkeys(rest):
                        move = _greedy_other(game, others[0], [other])
                        out.append(Choice(keep, move))
                else:
                    out.append(Choice(keep, _greedy_other(game, others[0], rest)))
    if not out:
        raise CitiesError(f"no tile of {player}'s hand has a legal position",
                          field=f"hands.{player}")
    return out


def greedy_choice(game: Game, player: str) -> Choice | None:
    """What the greedy bot would do with the player's hand, as a choice (its tiles, the cities
    it sends them to, its cells as the cities stand now); None when it has nowhere to keep a
    tile.  The advisor bot's play-outs always weigh it, so that the bot departs from the
    greedy play only where a play-out finds something better."""
    hand = hand_of(game, player)
    targets = game.cities_of(player)
    r = random.Random(0)  # the greedy bot draws nothing; its interface takes a generator
    tiles = [hand[i] for i in _GREEDY.choose(game, player, hand, r)]
    if len(set(targets)) == 2:
        tiles = _GREEDY.assign(game, player, tiles, targets, r)
    moves = []
    for token, city in zip(tiles, targets, strict=True):
        tile = _tile(token)
        at = _GREEDY.best(_ready(game.cities[city].position, tile), tile)[1]
        moves.append(Move(token, city, at) if at is not None else None)
    if len(set(targets)) < 2 or moves[0] is None:
        return Choice(moves[0], None) if moves[0] is not None else None
    return Choice(moves[0], moves[1])


def unseen(game: Game, player: str) -> tuple[list[str], list[str]]:
    """(singles, duplexes) of the box the player has not seen: not in a city, not in their
    hand.  Sorted: the caller shuffles with its own seed."""
    comps = load_components()
    singles = Counter(comps.single_pool(civics=game.rules.modules["civics"]).elements())
    duplexes = Counter(d.token for d in comps.duplexes)
    seen = Counter(game.hands.get(player, []))
    for c in game.cities:
        seen.update(p.tile.token for p in c.position.placed)
        seen.update(d.token for d in c.position.revealed)
    return sorted((singles - seen).elements()), sorted((duplexes - seen).elements())


class ChoiceBot(GreedyBot):
    """A greedy bot that can follow one ``Choice`` for a turn: which tiles it takes, which
    city each goes to and where; greedy wherever the choice has no say (Jamey's duplexes, a
    planned cell that another tile took)."""

    plan: dict[tuple[int, str], Coord]
    order: dict[str, int]

    def follow(self, choice: Choice, game: Game, player: str, hand: list[str],
               r: random.Random) -> list[int]:
        """The hand's indices to take for ``choice``; its cells and cities kept for
        ``assign`` and ``place``."""
        moves = [choice.keep] + ([choice.other] if choice.other else [])
        picks: list[int] = []
        for m in moves:
            picks.append(next(i for i, t in enumerate(hand) if t == m.tile and i not in picks))
        if len(picks) < 2:  # the other city has no legal place for any tile: greedy's pick
            picks.append(next(i for i in GreedyBot.choose(self, game, player, hand, r)
                              if i not in picks))
        self.plan = {(m.city, m.tile): m.at for m in moves}
        self.order = {m.tile: m.city for m in moves}
        return picks

    def assign(self, game: Game, player: str, tiles: list[str], targets: tuple[int, int],
               r: random.Random) -> list[str]:
        for order in (tiles, [tiles[1], tiles[0]]):
            fits = all(self.order.get(t, c) == c for t, c in zip(order, targets, strict=True))
            if fits and any(t in self.order for t in order):
                return order
        return super().assign(game, player, tiles, targets, r)

    def place(self, game: Game, player: str, city: int, options: Options,
              r: random.Random) -> Coord | None:
        at = self.plan.pop((city, options.tile.token), None)
        if at is not None and options.legal(at):
            return at
        return super().place(game, player, city, options, r)
