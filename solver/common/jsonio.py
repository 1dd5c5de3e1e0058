"""JSON files in and out, for every file kind of both games.

Reading is bounded (size, nesting depth, integer digits) so that no file can blow the stack or
the memory, and every failure is one ``CitiesError`` line naming the file. Writing is atomic: a
reader never sees half a file; a symbolic link is written through (its target replaced), a
device, FIFO, socket or directory is refused, and ``-`` is standard output.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "x.json"
>>> write_json_atomic(path, {"a": [1, 2]})
>>> read_json(path)
{'a': [1, 2]}
"""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

from solver.common.errors import CitiesError, NotJson, UnreadableFile

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


class _NotANumber(ValueError):
    """NaN or Infinity: Python's JSON reader takes them, JSON does not."""


def _no_constant(name: str) -> Any:
    raise _NotANumber(name)


def parse_json_text(text: str, source: str) -> Any:
    """Parse JSON text within the limits above; errors name ``source``.  ``NaN`` and
    ``Infinity`` are refused (they are not JSON, and no field of any file takes them).

    >>> parse_json_text("[[[1]]]", "x.json")
    [[[1]]]
    >>> parse_json_text('{"optimum": NaN}', "x.json")
    Traceback (most recent call last):
    solver.common.errors.NotJson: x.json: not valid JSON (NaN is not a JSON number)
    >>> parse_json_text("[" * 100 + "]" * 100, "x.json")
    Traceback (most recent call last):
    solver.common.errors.NotJson: x.json: JSON nested deeper than 64 levels
    """
    if len(text) > MAX_BYTES:
        raise UnreadableFile(f"file larger than {MAX_BYTES // 1_000_000} MB", source=source)
    if _nesting_depth(text) > MAX_DEPTH:
        raise NotJson(f"JSON nested deeper than {MAX_DEPTH} levels", source=source)
    try:
        return json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)
    except _NotANumber as err:
        raise NotJson(f"not valid JSON ({err} is not a JSON number)", source=source) from None
    except json.JSONDecodeError as err:
        raise NotJson(
            f"not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})", source=source
        ) from None
    except ValueError as err:
        raise NotJson(f"number out of range ({err})", source=source) from None
    except RecursionError:
        raise NotJson("JSON nested too deeply", source=source) from None


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
        raise UnreadableFile(f"cannot read {what}: it is a directory", source=source) from None
    except OSError as err:
        raise UnreadableFile(f"cannot read {what}: {err.strerror or err}",
                             source=source) from None
    except UnicodeDecodeError:
        raise UnreadableFile(f"{what} is not UTF-8 text", source=source) from None
    return parse_json_text(text, source)


def _nearest_existing(path: Path) -> Path:
    for parent in (path, *path.parents):
        if parent.exists():
            return parent
    return Path(".")


def check_writable_dir(path: str | Path, what: str = "directory") -> None:
    """Refuse, before any work, a directory that cannot be made or written to.

    >>> check_writable_dir("/dev/null/x", "archive")
    Traceback (most recent call last):
    solver.common.errors.CitiesError: /dev/null/x: cannot make the archive there: ...
    """
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise CitiesError(f"cannot write {what}: it exists and is not a directory",
                          source=str(path))
    base = _nearest_existing(path)
    if not base.is_dir():
        raise CitiesError(f"cannot make the {what} there: {base} is not a directory",
                          source=str(path))
    if not os.access(base, os.W_OK | os.X_OK):
        raise CitiesError(f"cannot write {what}: {base} is not writable", source=str(path))


STDOUT = "-"
"""The output path that means standard output (every picture and file option takes it)."""


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def output_target(path: str | Path, what: str = "file") -> Path:
    """The file a write to ``path`` replaces: a symbolic link is followed (the link stays a
    link and its target is replaced); an existing path that is not a regular file (a device,
    a FIFO, a socket, a directory) is refused in one line, never replaced.

    >>> output_target("/dev/null", "picture")
    Traceback (most recent call last):
    solver.common.errors.CitiesError: /dev/null: cannot write the picture: it is a character \
device, not a regular file (- writes to standard output)
    """
    path = Path(path)
    try:
        mode: int | None = os.stat(path).st_mode  # through any links: what is written into
    except FileNotFoundError:  # nothing there yet (or a link to nothing yet)
        mode = None
    except OSError as err:
        problem = "a loop of symbolic links" if err.errno == errno.ELOOP else (
            err.strerror or str(err))
        raise CitiesError(f"cannot write the {what}: {problem}", source=str(path)) from None
    if mode is not None and not stat.S_ISREG(mode):
        raise CitiesError(f"cannot write the {what}: it is {_kind(mode)}, not a regular file"
                          f" ({STDOUT} writes to standard output)", source=str(path))
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    if target.is_symlink():  # realpath stops at a loop
        raise CitiesError(f"cannot write the {what}: a loop of symbolic links",
                          source=str(path))
    return target


def check_writable_file(path: str | Path, what: str = "file") -> None:
    """Refuse, before any work, a file path that cannot be written (a directory, a device,
    a path under a file, a read-only directory); ``-`` (standard output) is always fine."""
    if str(path) == STDOUT:
        return
    name = str(path)
    path = output_target(path, what)
    if path.exists() and not os.access(path, os.W_OK):
        raise CitiesError(f"cannot write the {what}: permission denied", source=name)
    check_writable_dir(path.parent, "directory")
    try:  # the only sure test: make the directory and a temporary file in it
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                     suffix=TEMP_SUFFIX)
        os.close(fd)
        os.unlink(probe)
    except OSError as err:
        raise CitiesError(f"cannot write the {what}: {err.strerror or err}",
                          source=name) from None


def write_bytes_atomic(path: str | Path, data: bytes, what: str = "file") -> None:
    """Write a file so that a reader never sees half of it: a temporary file, then a rename
    onto the target (``output_target``: through a symbolic link, never onto a device).
    ``-`` writes to standard output.  A path that cannot be written is a one-line
    CitiesError."""
    if str(path) == STDOUT:
        try:
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        except AttributeError:  # a text-only stdout (a test's capture)
            sys.stdout.write(data.decode("utf-8", errors="replace"))
        return
    name = str(path)
    path = output_target(path, what)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    except OSError as err:
        raise CitiesError(f"cannot write the {what}: {err.strerror or err}",
                          source=name) from None
    try:
        # mkstemp creates 0600; a data file others read (an archive) wants the usual 0644,
        # and a file replaced keeps its own permissions.
        os.chmod(tmp, stat.S_IMODE(path.stat().st_mode) if path.exists() else 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError as err:
        Path(tmp).unlink(missing_ok=True)
        raise CitiesError(f"cannot write the {what}: {err.strerror or err}",
                          source=name) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json_atomic(path: str | Path, data: Any, what: str = "file") -> None:
    """Write JSON atomically (``write_bytes_atomic``), indented, with a final newline."""
    write_bytes_atomic(path, (json.dumps(data, indent=2) + "\n").encode("utf-8"), what)


TEMP_SUFFIX = ".tmp"
"""What the atomic writers' temporary files end with (``.NAME.<random>.tmp``)."""


def remove_stale_temps(directory: str | Path) -> int:
    """Remove temporary files a killed writer left in ``directory``; how many were removed."""
    removed = 0
    for stale in Path(directory).glob(f".*.json.*{TEMP_SUFFIX}"):
        stale.unlink(missing_ok=True)
        removed += 1
    return removed
