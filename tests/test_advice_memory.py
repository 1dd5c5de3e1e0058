"""Draft memory: the hands a player knows from the hands that passed through theirs are the
hands the others really hold, and a deal made with it agrees with everything the player saw."""

from collections import Counter
from random import Random

import pytest

from solver.twocities.advice import deal_unseen, unseen
from solver.twocities.advice.memory import Seen, known_hands
from solver.twocities.bots import GreedyBot
from solver.twocities.game.components import load_components
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.rules.game import Game, new_game, play_turn


class _Watcher(GreedyBot):
    """The first seat: greedy; before it chooses (no one has chosen yet this turn) it
    remembers its hand and checks what it knows against the hands the others hold."""

    def __init__(self, checks: list):
        self.seen, self.checks = Seen(), checks

    def choose(self, game, player, hand, r):
        self.seen.record(game, player)
        known, discarded = known_hands(game, player, self.seen)
        truth = {p: sorted(h) for p, h in game.hands.items()}
        self.checks.append((game.round, game.turn, known, truth, discarded,
                            list(game.discards)))
        return super().choose(game, player, hand, r)


def _play(variant: str, players: int, seed: int) -> tuple[Game, list]:
    game = new_game(load_ruleset("essential", variant), players, seed)
    checks: list = []
    bots = {p: GreedyBot() for p in game.players}
    bots[game.players[0]] = _Watcher(checks)
    while not game.over:
        play_turn(game, bots)
    return game, checks


@pytest.mark.parametrize("variant, players, seed", [("standard", 3, 1), ("standard", 4, 2),
                                                    ("two-player-standard", 2, 3)])
def test_known_hands_are_the_hands_held(variant, players, seed):
    _, checks = _play(variant, players, seed)
    others = players - 1
    for rnd, turn, known, truth, discarded, discards in checks:
        assert all(known[p] == truth[p] for p in known)  # never a wrong hand
        assert not Counter(discarded) - Counter(discards)  # never a tile still in play
        if rnd in (1, 3):  # after a turn per seat, every hand has passed through the player's
            assert len(known) == min(turn, others)
        else:
            assert known == {}
    # by round 3, the player knows what was left of the hands they passed in round 1
    assert any(d for rnd, _, _, _, d, _ in checks if rnd == 3)


def test_deal_agrees_with_what_the_player_saw():
    """Mid-round, the dealt hands the player knows are the real ones; the rest, the bag and
    the duplex stack come from tiles the player never saw, and the box adds up."""
    game = new_game(load_ruleset(), 3, seed=7)
    seen = Seen()
    bots = {p: GreedyBot() for p in game.players}
    for _ in range(2):
        seen.record(game, "P1")
        play_turn(game, bots)
    seen.record(game, "P1")
    known, discarded = known_hands(game, "P1", seen)
    assert set(known) == {"P2", "P3"}
    for k in range(3):
        dealt = deal_unseen(game, "P1", Random(k), seen)
        assert {p: sorted(h) for p, h in dealt.hands.items()} == \
            {p: sorted(h) for p, h in game.hands.items()}
        singles, duplexes = unseen(game, "P1")
        held = Counter(t for p in ("P2", "P3") for t in dealt.hands[p])
        assert Counter(dealt.bag) == Counter(singles) - held
        assert Counter(dealt.duplex_stack) == Counter(duplexes)
    comps = load_components()
    box = Counter(comps.single_pool(civics=game.rules.modules["civics"]).elements())
    placed = Counter(p.tile.token for c in game.cities for p in c.position.placed)
    in_hands = Counter(t for h in dealt.hands.values() for t in h)
    assert placed + in_hands + Counter(dealt.bag) + Counter(game.discards) == box


def test_without_memory_a_deal_ignores_the_passed_hands():
    game = new_game(load_ruleset(), 3, seed=7)
    bots = {p: GreedyBot() for p in game.players}
    play_turn(game, bots)
    dealt = deal_unseen(game, "P1", Random(0))
    assert dealt.hands["P1"] == game.hands["P1"]
    assert len(dealt.bag) == len(unseen(game, "P1")[0]) - 2 * len(game.hands["P1"])
