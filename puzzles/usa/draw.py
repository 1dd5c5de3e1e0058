"""The draw: a small Cities USA pool taken from the sample set, seeded by the date only.

Every random choice comes from ``random.Random(f"cities-usa-daily:{version}:{date}:{attempt}")``
(a string seed, never ``hash()``, which Python salts per process).  The city is the one every
player builds, 3x3 (the starting tile and exactly 8 city tiles); the rest of the pool is kept
small so the solver proves most draws on one worker within the budget: two feature tiles, six
building pieces in two colours, one or two scoring cards and one achievement (measured in
docs/daily.md).

>>> import datetime as dt
>>> pool = draw_pool(dt.date(2026, 12, 1))
>>> pool.size, len(pool.tiles), sum(pool.pieces.values())
((3, 3), 8, 6)
>>> draw_pool(dt.date(2026, 12, 1)) == pool
True
"""

from __future__ import annotations

import datetime as dt
import random

from solver.usa.game.components import Components, load_components
from solver.usa.game.pool import Pool
from solver.usa.game.vocab import COLORS

#: Bump when anything changes what a date generates (draws, budgets, rating, redraws).
USA_GENERATOR_VERSION = "3"
SIZE = (3, 3)
PIECES = 6  # building pieces, shared out between two colours
FEATURES = 2


def rng_for(date: dt.date, attempt: int) -> random.Random:
    return random.Random(f"cities-usa-daily:{USA_GENERATOR_VERSION}:{date.isoformat()}:{attempt}")


def _box(copies: dict[str, int]) -> list[str]:
    """Every copy in the box, in a fixed order, for drawing without replacement."""
    return [x for x in sorted(copies) for _ in range(copies[x])]


def draw_pool(date: dt.date, attempt: int = 0, comps: Components | None = None) -> Pool:
    """Candidate number ``attempt`` for ``date`` (a pure function of both)."""
    comps = comps or load_components()
    rng = rng_for(date, attempt)
    start = rng.choice(sorted(comps.starting_tiles))
    tiles = tuple(sorted(rng.sample(sorted(comps.city_tiles), SIZE[0] * SIZE[1] - 1)))
    features = tuple(sorted(rng.sample(_box({f.id: f.copies
                                             for f in comps.features.values()}), FEATURES)))
    colors = sorted(rng.sample(COLORS, 2))
    first = rng.randint(2, PIECES - 2)
    pieces = dict.fromkeys(COLORS, 0) | {colors[0]: first, colors[1]: PIECES - first}
    cards = tuple(sorted(rng.sample(_box({c.id: c.copies for c in comps.cards.values()}),
                                    rng.randint(1, 2))))
    side = rng.choice(rng.choice(comps.boards).sides)
    achievement = rng.choice(side.achievements)
    points = comps.achievement(achievement).points[0]
    return Pool(SIZE, start, tiles, comps.rules["bridges_per_player"], features, pieces, (),
                cards, ((achievement, points),), comps)
