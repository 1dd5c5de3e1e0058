"""The advisor bot's play-outs: the greedy bot's own choice is always weighed, and successive
halving gives the survivors the most deals."""

from solver.twocities.advice import advise
from solver.twocities.advice.choices import greedy_choice
from solver.twocities.bots import GreedyBot
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.rules.game import new_game, play_turn


class _Watcher(GreedyBot):
    """The greedy bot, noting what ``greedy_choice`` says it will do."""

    def __init__(self):
        self.said: dict[tuple[int, int], list[tuple[str, int]]] = {}

    def choose(self, game, player, hand, r):
        if hand == game.hands.get(player):
            c = greedy_choice(game, player)
            self.said[(game.round, game.turn)] = sorted(
                (m.tile, m.city) for m in (c.keep, c.other) if m is not None)
        return super().choose(game, player, hand, r)


def test_greedy_choice_is_what_the_greedy_bot_does():
    for seed in range(3):
        game = new_game(load_ruleset(), 3, seed)
        bots = {p: GreedyBot() for p in game.players}
        bots["P2"] = watcher = _Watcher()
        while not game.over:
            play_turn(game, bots)
        assert len(watcher.said) == 9
        for (rnd, turn), said in watcher.said.items():
            taken = sorted((m["tile"], m["city"]) for m in game.log
                           if (m["round"], m["turn"]) == (rnd, turn) and m["player"] == "P2")
            assert said == taken


def test_halving_plays_the_survivors_most():
    game = new_game(load_ruleset(), 3, seed=4)
    bots = {p: GreedyBot() for p in game.players}
    while (game.round, game.turn) < (3, 2):  # late: the play-outs are short
        play_turn(game, bots)
    a = advise(game, "P1", samples=3, positions=1, seed=1, rollouts=4, rollout_samples=4,
               halve=True, greedy=True)
    # 4 choices on 1 deal, the better 2 on 2, then on 4
    assert [e.rolled.samples for e in a.choices[:4]] == [4, 4, 1, 1]
    first, second = a.choices[0].rolled, a.choices[1].rolled
    assert first.key >= second.key
    assert any(e.choice == greedy_choice(game, "P1") for e in a.choices[:4])
    assert all(e.rolled is None for e in a.choices[4:])
    again = advise(game, "P1", samples=3, positions=1, seed=1, rollouts=4, rollout_samples=4,
                   halve=True, greedy=True)
    assert [e.choice for e in again.choices] == [e.choice for e in a.choices]
