"""JSON files in and out, for every file kind of both games.

Reading is bounded (size, nesting depth, integer digits) so that no file can blow the stack or
the memory, and every failure is one ``CitiesError`` line naming the file. Writing is atomic: a
reader never sees half a file.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "x.json"
>>> write_json_atomic(path, {"a": [1, 2]})
>>> read_json(path)
{'a': [1, 2]}
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from solver.common.errors import CitiesError

MAX_BYTES = 20_000_000
"""The largest JSON file read (20 MB: the largest shipped file is under 100 kB)."""
MAX_DEPTH = 64
"""The deepest nesting of arrays and objects read (the file formats need at most 6)."""
MAX_INT_DIGITS = 30
"""The longest integer read; longer ones are refused rather than parsed."""


def source_name(path: str | Path) -> str:
    """How a path is named in errors: ``-`` is standard input."""
    return "<stdin>" if str(path) == "-" else str(path)


def _nesting_depth(text: str) -> int:
    """The deepest bracket nesting outside strings, counted without recursion."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"an integer of {len(digits.lstrip('-'))} digits")
    return int(digits)


def parse_json_text(text: str, source: str) -> Any:
    """Parse JSON text within the limits above; errors name ``source``.

    >>> parse_json_text("[[[1]]]", "x.json")
    [[[1]]]
    >>> parse_json_text("[" * 100 + "]" * 100, "x.json")
    Traceback (most recent call last):
    solver.common.errors.CitiesError: x.json: JSON nested deeper than 64 levels
    """
    if len(text) > MAX_BYTES:
        raise CitiesError(f"file larger than {MAX_BYTES // 1_000_000} MB", source=source)
    if _nesting_depth(text) > MAX_DEPTH:
        raise CitiesError(f"JSON nested deeper than {MAX_DEPTH} levels", source=source)
    try:
        return json.loads(text, parse_int=_bounded_int)
    except json.JSONDecodeError as err:
        raise CitiesError(
            f"not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})", source=source
        ) from None
    except ValueError as err:
        raise CitiesError(f"number out of range ({err})", source=source) from None
    except RecursionError:
        raise CitiesError("JSON nested too deeply", source=source) from None


def read_json(path: str | Path, what: str = "file") -> Any:
    """Read a JSON file (``-`` is stdin); any failure becomes a one-line CitiesError."""
    source = source_name(path)
    try:
        if str(path) == "-":
            text = sys.stdin.read(MAX_BYTES + 1)
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read(MAX_BYTES + 1)
    except IsADirectoryError:
        raise CitiesError(f"cannot read {what}: it is a directory", source=source) from None
    except OSError as err:
        raise CitiesError(f"cannot read {what}: {err.strerror or err}", source=source) from None
    except UnicodeDecodeError:
        raise CitiesError(f"{what} is not UTF-8 text", source=source) from None
    return parse_json_text(text, source)


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    """Write a file so that a reader never sees half of it: a temporary file, then a rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        # mkstemp creates 0600; a data file others read (an archive) wants the usual 0644.
        os.chmod(tmp, 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json_atomic(path: str | Path, data: Any) -> None:
    """Write JSON atomically (``write_bytes_atomic``), indented, with a final newline."""
    write_bytes_atomic(path, (json.dumps(data, indent=2) + "\n").encode("utf-8"))
