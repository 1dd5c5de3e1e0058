"""The game's words: space kinds, colours, arms, quadrants and the scoring categories."""

from __future__ import annotations

COLORS = ("black", "blue", "white", "yellow")
"""Building colours (pieces, building spaces and skyscraper tops)."""

SPACE_KINDS = ("water", "park", *COLORS, "site", "truck")
"""How a printed space is written: ``site`` is a construction site, ``truck`` a food truck."""

CITY_KINDS = frozenset((*COLORS, "site", "truck", "wild"))
"""City spaces (grey on the tile); ``wild`` is a building space under a building feature."""


def area_kind(kind: str) -> str:
    """The kind of area a space belongs to: ``water``, ``park`` or ``city``.

    >>> area_kind("blue"), area_kind("park"), area_kind("truck")
    ('city', 'park', 'city')
    """
    return kind if kind in ("water", "park") else "city"


ARMS = ("N", "E", "S", "W")
"""A tile's arms, clockwise: from its centre to the midpoint of that edge."""

QUADRANTS = ("NW", "NE", "SW", "SE")
"""A tile's spaces, in the order a tile lists them."""

QUADRANT_OFFSET = {"NW": (0, 0), "NE": (0, 1), "SW": (1, 0), "SE": (1, 1)}
"""Where a quadrant lies in its tile's 2x2 block of spaces."""

ARM_STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
"""The neighbouring tile an arm points to."""

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}

ARM_BETWEEN = {"N": ("NW", "NE"), "E": ("NE", "SE"), "S": ("SW", "SE"), "W": ("NW", "SW")}
"""The two spaces of a tile an arm separates."""

ROTATIONS = (0, 90, 180, 270)
"""Clockwise rotations a tile may be placed in."""

CATEGORIES = (
    "buildings",
    "achievements",
    "cards",
    "construction_sites",
    "dead_ends",
    "yachts_and_benches",
    "ferries_and_beacons",
    "swings_and_slides",
    "food_trucks",
)
"""The scoring categories, in the rulebook's order; penalties are negative numbers."""


def labelled(name: str, source: str) -> str:
    """A component's name as a user sees it: a sample or reconstruction says so.

    >>> labelled("Corporate Towers", "sample"), labelled("Corporate Towers", "printed")
    ('Corporate Towers (sample)', 'Corporate Towers')
    """
    return f"{name} ({source})" if source in ("sample", "reconstructed") else name
