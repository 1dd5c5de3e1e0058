"""Reading and writing city files: JSON in, City out, one-line errors naming file and field."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from solver.city import City, city_from_json
from solver.components import Components, load_components, read_json
from solver.errors import CitiesError


def source_name(path: str | Path) -> str:
    return "<stdin>" if str(path) == "-" else str(path)


def load_city(path: str | Path, components: Components | None = None) -> City:
    """Load a city file (``-`` for stdin).

    >>> load_city("examples/rulebook-shops.json").size
    5
    """
    data = read_json(path, "city file")
    try:
        return city_from_json(data, (components or load_components()).civics)
    except CitiesError as err:
        raise err.located(source=source_name(path)) from None


def write_json_atomic(path: str | Path, data: Any) -> None:
    """Write JSON so that a reader never sees half a file: temp file, then rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        # mkstemp creates 0600; a data file others read (an archive) wants the usual 0644.
        os.chmod(tmp, 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2)
            f.write("\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_city(city: City, path: str | Path) -> None:
    """Write a city file that ``load_city`` reads back unchanged.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "city.json"
    >>> save_city(load_city("examples/rulebook-shops.json"), path)
    >>> load_city(path) == load_city("examples/rulebook-shops.json")
    True
    """
    write_json_atomic(path, city.to_json())
