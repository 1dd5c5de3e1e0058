"""Building types, their letters, and tavern kinds: the game's vocabulary.

The seven building types are the only names a file may use for a type.
"""

from __future__ import annotations

FACTORY, SHOP, TAVERN, PARK, OFFICE, HOUSE, CIVIC = (
    "factory", "shop", "tavern", "park", "office", "house", "civic",
)
BUILDING_TYPES: tuple[str, ...] = (FACTORY, SHOP, TAVERN, PARK, OFFICE, HOUSE, CIVIC)

#: Types a house counts (civic never does, houses not themselves).
HOUSE_COUNTED_TYPES: tuple[str, ...] = (FACTORY, SHOP, TAVERN, PARK, OFFICE)

#: The types a civic tile can like or dislike.
CIVIC_PREFERENCE_TYPES: tuple[str, ...] = (FACTORY, SHOP, TAVERN, PARK, OFFICE, HOUSE)

LETTER_OF: dict[str, str] = {
    FACTORY: "F", SHOP: "S", TAVERN: "T", PARK: "P", OFFICE: "O", HOUSE: "H", CIVIC: "C",
}
TYPE_OF_LETTER: dict[str, str] = {letter: t for t, letter in LETTER_OF.items()}

TAVERN_KINDS: tuple[str, ...] = ("food", "drink", "music", "bed")
TAVERN_LETTER: dict[str, str] = {"food": "f", "drink": "d", "music": "m", "bed": "b"}
TAVERN_OF_LETTER: dict[str, str] = {v: k for k, v in TAVERN_LETTER.items()}

#: The category districts score in (not a building type).
DISTRICT = "district"

#: Score categories, in the order a breakdown lists them.
CATEGORIES: tuple[str, ...] = (
    FACTORY, SHOP, TAVERN, PARK, OFFICE, HOUSE, CIVIC, DISTRICT,
)


def check_type(name: object, field: str | None = None) -> str:
    """Return ``name`` if it is a building type, else raise a CitiesError naming ``field``."""
    from solver.common.errors import CitiesError

    if isinstance(name, str) and name in BUILDING_TYPES:
        return name
    raise CitiesError(
        f"unknown type {name!r} (expected one of {', '.join(BUILDING_TYPES)})", field=field
    )
