"""What every daily puzzle's grade shares, whatever the game: the percentage of the optimum,
the share line's head, and a bar per scoring category (a picture of the score that gives away
nothing of the layout).

>>> percent_of(73, 80)
91
>>> share_head("Cities USA", "2026-12-01", "★★☆☆☆", 25, 25, legal=True)
'Cities USA daily 2026-12-01 (★★☆☆☆): 25/25 (100%) 🏆'
>>> print(category_bars({"factory": 12, "park": 0, "shop": 5}))
factory ▰▰▰▰▰▰ 12
park 0
shop ▰▰▰ 5
"""

from __future__ import annotations

from collections.abc import Mapping

POINTS_PER_BLOCK = 2
MOST_BLOCKS = 15


def percent_of(score: int, optimum: int) -> int:
    """The score as a percentage of the optimum, rounded down."""
    return 100 * score // optimum if optimum else 0


def share_head(game: str, date: str, detail: str, score: int, optimum: int, *,
               legal: bool) -> str:
    """The share line's first line: game, date, detail (kind, stars), score/optimum, percent,
    and a trophy for a legal answer at the optimum."""
    mark = " 🏆" if legal and score >= optimum else ""
    percent = percent_of(score, optimum)
    return f"{game} daily {date} ({detail}): {score}/{optimum} ({percent}%){mark}"


def category_bars(points: Mapping[str, int]) -> str:
    """One line per category: its name, a bar of one block per ``POINTS_PER_BLOCK`` points
    (rounded up, at most ``MOST_BLOCKS``) and the points (words, not emoji: they read the
    same in every font)."""
    lines = []
    for name, n in points.items():
        bar = "▰" * min(MOST_BLOCKS, -(-max(n, 0) // POINTS_PER_BLOCK))
        lines.append(" ".join(part for part in (name, bar, str(n)) if part))
    return "\n".join(lines)


def share_text(head: str, bars: str, address: str | None = None) -> str:
    """The whole share line: the head, the bars, and the page's address when there is one."""
    return "\n".join(part for part in (head, bars, address) if part)
