"""Reading and writing city files: JSON in, City out, one-line errors naming file and field."""

from __future__ import annotations

from pathlib import Path

from solver.common.fields import load_file
from solver.common.jsonio import write_json_atomic
from solver.twocities.game.city import City, city_from_json
from solver.twocities.game.components import Components, load_components


def load_city(path: str | Path, components: Components | None = None) -> City:
    """Load a city file (``-`` for stdin).

    >>> load_city("examples/rulebook-shops.json").size
    5
    """
    civics = (components or load_components()).civics
    return load_file(path, "city file", lambda data: city_from_json(data, civics))


def save_city(city: City, path: str | Path) -> None:
    """Write a city file that ``load_city`` reads back unchanged.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "city.json"
    >>> save_city(load_city("examples/rulebook-shops.json"), path)
    >>> load_city(path) == load_city("examples/rulebook-shops.json")
    True
    """
    write_json_atomic(path, city.to_json())
