"""Drafting advice: rank a player's choices for the hand in front of them.

A *choice* is the tile kept for one of the player's cities and where it goes, plus the tile
sent to the other city (the best by immediate score in rounds 1 and 3; every pairing of the
duplexes in round 2).  Each choice is valued by sampled completions of the game: the tiles the
player has not seen are shuffled (seeded), each city takes what it still lacks from them, and
the city is finished greedily (``complete``).  The player's value is the lower city (the sum in
two-player standard).  Every choice is valued on the same samples, so differences between
choices are measured with little noise (common random numbers), and a choice drops out of the
race as soon as it is clearly behind the leader (``advise``).  See docs/advice.md.

The modules, lowest first: ``choices`` (what the player may do, the unseen tiles),
``estimates`` (sampled values and intervals), ``completions`` (a city finished greedily or
by the solver), ``memory`` (the other hands as the player saw them pass), ``rollouts``
(play-outs through the game engine), ``race`` (``advise``) and ``bot`` (the advisor bot).
Every name is re-exported here.

>>> from solver.twocities.game.rulesets import load_ruleset
>>> from solver.twocities.rules.game import new_game
>>> game = new_game(load_ruleset(), 3, seed=3)
>>> a = advise(game, "P1", samples=3, positions=1, seed=0)
>>> a.best is a.choices[0], a.best.samples >= 1
(True, True)
"""

from __future__ import annotations

from solver.twocities.advice.bot import BOT_DEALS, AdvisorBot, make_bots
from solver.twocities.advice.choices import (
    POSITIONS,
    Choice,
    Move,
    choices,
    greedy_choice,
    hand_of,
    places,
    unseen,
)
from solver.twocities.advice.choices import (
    _tile as _tile,  # the tests parse tiles as the advice does
)
from solver.twocities.advice.completions import SOLVE_LIMIT, complete, solved_city
from solver.twocities.advice.estimates import Estimate
from solver.twocities.advice.memory import Seen, known_hands
from solver.twocities.advice.race import MIN_SAMPLES, SAMPLES, TIE, Z_DROP, Advice, advise
from solver.twocities.advice.rollouts import (
    BOT_ROLLOUT_SAMPLES,
    BOT_ROLLOUTS,
    deal_unseen,
    rollout,
    rollout_value,
)

__all__ = ["BOT_DEALS", "BOT_ROLLOUTS", "BOT_ROLLOUT_SAMPLES", "MIN_SAMPLES", "POSITIONS",
           "SAMPLES", "SOLVE_LIMIT", "TIE", "Z_DROP", "Advice", "AdvisorBot", "Choice",
           "Estimate", "Move", "Seen", "advise", "choices", "complete", "deal_unseen",
           "greedy_choice", "hand_of", "known_hands", "make_bots", "places", "rollout",
           "rollout_value", "solved_city", "unseen"]
