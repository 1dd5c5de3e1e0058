"""Draft memory: what a player knows of the other hands from the hands that passed through
theirs.  Each hand the player held was passed on; every tile taken from it since is on the
table, in the game's log under the player who placed it (in the games with one city per pair
of neighbours and in two-player standard, the player who took it).  So the hand the player
passed on is known, tile for tile, until it comes back or the round part ends (then what is
left of it was discarded).  Only what the player saw is used: the hands they held (``Seen``)
and the table.

>>> from solver.twocities.game.rulesets import load_ruleset
>>> from solver.twocities.rules.game import new_game
>>> game = new_game(load_ruleset(), 3, seed=3)
>>> seen = Seen()
>>> seen.record(game, "P1")
>>> known_hands(game, "P1", seen)  # the first turn: nothing has passed yet
({}, [])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from solver.twocities.rules.game import JAMEY, Game


@dataclass
class Seen:
    """The hands one player held: (round, part, turn) -> the hand at the start of that turn."""

    hands: dict[tuple[int, int, int], tuple[str, ...]] = field(default_factory=dict)

    def record(self, game: Game, player: str) -> None:
        """Remember the hand ``player`` holds now (call it when they choose from it)."""
        if player in game.hands:
            self.hands[(game.round, game.part, game.turn)] = tuple(game.hands[player])


def _step(rnd: int) -> int:
    """Seats a hand moves on at each pass: round 1 to the left (seat i to i + 1), round 3 to
    the right; round 2 is not passed."""
    return {1: 1, 3: -1}.get(rnd, 0)


def _turns(game: Game, rnd: int) -> int:
    """Turns in a round part: a hand is chosen from while it holds two tiles or more."""
    return game.rules.hands[rnd - 1] // 2


def known_hands(game: Game, player: str, seen: Seen) -> tuple[dict[str, list[str]], list[str]]:
    """(the other players' hands as they stood at the start of this turn, where the player
    knows them; the tiles the player knows were discarded).  Nothing where the game has
    Jamey (his tiles are taken at random by the players next to him)."""
    if JAMEY in game.players or player not in game.players:
        return {}, []
    seats = game.players
    n, me = len(seats), seats.index(player)
    taken: dict[tuple[int, int, int, str], Counter[str]] = {}
    for e in game.log:
        key = (e["round"], e["part"], e["turn"], e["player"])
        taken.setdefault(key, Counter())[e["tile"]] += 1
    now = (game.round, game.part, game.turn)
    latest: dict[tuple[int, int, int], tuple[int, tuple[str, ...]]] = {}
    for (rnd, part, turn), hand in seen.hands.items():
        if (rnd, part, turn) >= now:
            continue
        # A hand is named by the round part and the seat that was dealt it.
        name = (rnd, part, (me - _step(rnd) * turn) % n)
        if name not in latest or latest[name][0] < turn:
            latest[name] = (turn, hand)
    known: dict[str, list[str]] = {}
    discarded: Counter[str] = Counter()
    for (rnd, part, _), (turn, hand) in latest.items():
        left = Counter(hand) - taken.get((rnd, part, turn, player), Counter())
        seat, t = me, turn
        while True:  # ``left``: the hand as it leaves ``seat`` after turn ``t``
            if _step(rnd) == 0 or t + 1 >= _turns(game, rnd):
                discarded.update(left)  # the round part's last turn: what is left is discarded
                break
            t, seat = t + 1, (seat + _step(rnd)) % n
            if (rnd, part, t) == now:
                if seat != me:
                    known[seats[seat]] = sorted(left.elements())
                break
            left -= taken.get((rnd, part, t, seats[seat]), Counter())
    return known, sorted(discarded.elements())
