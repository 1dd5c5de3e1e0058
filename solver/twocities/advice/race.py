"""The race: every choice valued on the same sampled futures, one sample at a time, until
the leader is clear (``advise``); its result, ``Advice``, is what ``cities advise`` shows."""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from statistics import mean, stdev
from typing import Any

from solver.common.errors import CitiesError
from solver.common.sat import Budget
from solver.twocities.advice.choices import POSITIONS, choices, greedy_choice
from solver.twocities.advice.completions import SOLVE_LIMIT, _Sample, _solve_top
from solver.twocities.advice.estimates import Estimate, _record
from solver.twocities.advice.memory import Seen
from solver.twocities.advice.rollouts import BOT_ROLLOUT_SAMPLES, rollout
from solver.twocities.rules.game import Game

#: Default of ``cities advise``: samples per choice at most.
SAMPLES = 16
#: A choice drops out once the leader beats it by more than this many standard errors of the
#: paired difference (about 1 % one-sided under a normal approximation).
Z_DROP = 2.33
#: Points within which two choices count as equally good (the race stops splitting them).
TIE = 0.5
#: Samples every choice gets before any drops out.
MIN_SAMPLES = 3


@dataclass
class Advice:
    player: str
    choices: list[Estimate]  # best first
    samples: int  # samples drawn (the most any choice got)
    seconds: float
    seed: int

    @property
    def best(self) -> Estimate:
        return self.choices[0]

    def to_json(self, game: Game) -> dict[str, Any]:
        def numbers(e: Estimate) -> dict[str, Any]:
            low, high = e.interval()
            return {"expected": round(e.expected, 2), "low": round(low, 2),
                    "high": round(high, 2), "samples": e.samples}

        def one(e: Estimate) -> dict[str, Any]:
            out = {**e.choice.keep.to_json(game),
                   "other": e.choice.other.to_json(game) if e.choice.other else None,
                   **numbers(e)}
            if e.solved is not None:
                out["solved"] = {**numbers(e.solved), "proven": e.solved.proven,
                                 "bound": round(mean(e.solved.bounds), 2)}
            if e.rolled is not None:
                out["rolled"] = numbers(e.rolled)
            return out

        return {"player": self.player, "round": game.round, "seed": self.seed,
                "score": "sum of both cities" if game.rules.cities == "own" else "lower city",
                "choices": [one(e) for e in self.choices], "best": one(self.best),
                "samples": self.samples, "seconds": round(self.seconds, 2)}



def _settled(e: Estimate, leader: Estimate) -> bool:
    """Out of the race against the leader: clearly behind it (the paired difference's upper
    bound below zero), or as good as it (that difference's interval within ``TIE`` points
    either side of zero: racing on would only split hairs)."""
    n = e.samples
    diffs = [x - y for x, y in zip(e.keys, leader.keys, strict=True)]
    m = mean(diffs)
    half = Z_DROP * (stdev(diffs) if n > 1 else 0.0) / math.sqrt(n)
    return m + half < 0 or (m <= 0 and m - half >= -TIE and m + half <= TIE)



def advise(game: Game, player: str, *, samples: int = SAMPLES, positions: int = POSITIONS,
           seed: int = 0, time_limit: float | None = None, solve: int = 0,
           solve_limit: float = SOLVE_LIMIT, rollouts: int = 0,
           rollout_samples: int = BOT_ROLLOUT_SAMPLES, seen: Seen | None = None,
           halve: bool = False, greedy: bool = False) -> Advice:
    """Rank the player's choices by expected final score (see the module docstring).

    Samples are drawn one at a time and every choice still in the race is valued on each;
    after ``MIN_SAMPLES`` a choice drops out when the leader is ahead of it by more than
    ``Z_DROP`` standard errors of their paired difference.  The race ends when one choice is
    left, ``samples`` are drawn, or ``time_limit`` seconds have passed (then every choice
    still racing has the same number of samples).  ``time_limit`` bounds the whole advice:
    the solves and play-outs below stop when it runs out, and what was valued by then stands.

    ``solve``: the first ``solve`` choices of the ranking are valued again on their samples
    with every city finished by the solver instead (``solved_city``) and reordered by that.
    ``rollouts``: the first ``rollouts`` choices are then played out to the end of the game on
    ``rollout_samples`` deals each (``rollout``) and reordered by that; ``seen``: the hands
    the player held (their draft memory: the deals agree with it); ``halve``: the play-outs
    by successive halving; ``greedy``: the greedy bot's own choice (``greedy_choice``) is
    raced too and always among the choices played out.
    """
    if samples < 1:
        raise CitiesError("expected at least 1 sample", field="--samples")
    if solve < 0 or not solve_limit > 0:
        raise CitiesError("expected --solve of 0 or more and a positive --solve-limit",
                          field="--solve")
    if positions < 1:
        raise CitiesError("expected at least 1 position", field="--positions")
    if rollouts < 0 or rollout_samples < 1:
        raise CitiesError("expected --rollouts of 0 or more and at least 1 rollout sample",
                          field="--rollouts")
    start = time.monotonic()
    budget = Budget.start(time_limit, None)  # the whole advice: race, solves and play-outs
    offered = choices(game, player, positions)
    plain = greedy_choice(game, player) if greedy else None
    if plain is not None and plain not in offered:
        offered.append(plain)
    racing = [Estimate(c) for c in offered]
    everyone = list(racing)
    cities = list(dict.fromkeys(game.cities_of(player)))
    drawn = 0
    while drawn < samples and len(racing) > 1:
        sample = _Sample(game, player, random.Random(f"advice/{seed}/{drawn}"))
        for e in racing:
            _record(e, sample.value(e.choice, cities))
        drawn += 1
        if drawn >= MIN_SAMPLES:
            leader = max(racing, key=lambda e: e.key)
            for e in racing:
                e.dropped = e is not leader and _settled(e, leader)
            racing = [e for e in racing if not e.dropped]
        if budget.exhausted():
            break
    if drawn == 0:  # a single choice: value it once so that it has an estimate
        sample = _Sample(game, player, random.Random(f"advice/{seed}/0"))
        _record(racing[0], sample.value(racing[0].choice, cities))
        drawn = 1
    # Still racing first (more samples, not beaten), then by estimate; ties in choice order.
    order = sorted(range(len(everyone)),
                   key=lambda i: (everyone[i].dropped, -everyone[i].key, i))
    ranked = [everyone[i] for i in order]
    if solve > 0:
        ranked = _solve_top(game, player, ranked, solve, seed, solve_limit, budget)
    if rollouts > 0 and plain is not None:
        mine = next(e for e in ranked if e.choice == plain)
        if mine not in ranked[:rollouts]:
            ranked.remove(mine)
            ranked.insert(rollouts - 1, mine)
    if rollouts > 0:
        ranked = rollout(game, player, ranked, rollouts, rollout_samples, seed, seen, halve,
                         budget)
    return Advice(player, ranked, drawn, time.monotonic() - start, seed)

