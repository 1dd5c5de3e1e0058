"""Command-line values checked the same way by every command: one short line when refused.

The parsers raise ``typer.BadParameter`` (Typer's option ``parser=`` takes them), so a bad value
is reported like any other bad option, and ``OneLineErrors`` (the app's command group) reports
every usage error as one line, exit status 2, instead of a usage box.  ``one_line`` makes any
message a single short line, with long values (a pasted file, a 1 MB token) cut down rather
than echoed back whole.

>>> time_limit("2.5"), workers("3")
(2.5, 3)
>>> try:
...     time_limit("nan")
... except typer.BadParameter as err:
...     print(err.message)
'nan' is not a positive, finite number of seconds
>>> one_line("unknown token '" + "z" * 500 + "'")[-30:]
'zzzzzzzzzz... (502 characters)'
"""

from __future__ import annotations

import math
import re
import sys
from typing import Any

import typer
from typer.core import TyperGroup

MAX_WORKERS = 64
"""The most CP-SAT workers or processes a command starts (each holds its own model)."""
LONG_WORD = 200
"""Longer runs of non-blank characters in a message are cut to their start and their length."""
MAX_LINE = 600
"""The longest error line printed."""

_WORD = re.compile(rf"\S{{{LONG_WORD + 1},}}")


def shorten(text: str, keep: int = 40) -> str:
    """``text`` itself when short, else its first ``keep`` characters and its length.

    >>> shorten("abc"), shorten("y" * 100, 5)
    ('abc', 'yyyyy... (100 characters)')
    """
    if len(text) <= keep:
        return text
    return f"{text[:keep]}... ({len(text)} characters)"


def one_line(message: str) -> str:
    """``message`` on one line: whitespace collapsed, long words and long lines cut."""
    text = _WORD.sub(lambda m: shorten(m.group(0), 80), " ".join(message.split()))
    return text if len(text) <= MAX_LINE else text[:MAX_LINE] + "..."


def _number(value: object, kind: type, what: str) -> float:
    if isinstance(value, kind) and not isinstance(value, bool):
        return value  # type: ignore[return-value]  # a default, already parsed
    text = str(value).strip()
    try:
        return kind(text)  # type: ignore[no-any-return]
    except (ValueError, OverflowError):
        raise typer.BadParameter(f"{shorten(text)!r} is not {what}") from None


def time_limit(value: object) -> float:
    """Seconds: a positive, finite number (``nan``, ``inf``, 0 and negatives are refused)."""
    what = "a positive, finite number of seconds"
    seconds = _number(value, float, what)
    if not math.isfinite(seconds) or seconds <= 0:
        raise typer.BadParameter(f"{shorten(str(value).strip())!r} is not {what}")
    return seconds


def count(value: object, least: int = 1, most: int = MAX_WORKERS, what: str = "workers") -> int:
    """A whole number from ``least`` to ``most``.

    >>> try:
    ...     count("0")
    ... except typer.BadParameter as err:
    ...     print(err.message)
    expected 1 to 64 workers, not 0
    """
    n = int(_number(value, int, f"a whole number of {what}"))
    if not least <= n <= most:
        raise typer.BadParameter(f"expected {least} to {most} {what}, not {n}")
    return n


def workers(value: object) -> int:
    """CP-SAT workers: 1 to ``MAX_WORKERS``."""
    return count(value)


def jobs(value: object) -> int:
    """Processes: 1 to ``MAX_WORKERS``."""
    return count(value, what="processes")


def error_line(message: str) -> str:
    """The line a refused command prints on stderr."""
    return f"cities: error: {one_line(message)}\n"


class OneLineErrors(TyperGroup):
    """The app's command group: a usage error (a bad or missing option, a non-number where a
    number goes) is one line on stderr and exit status 2, not a usage box.  ``cities`` alone
    still shows the help."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except typer.TyperException as err:
            if type(err).__name__ == "NoArgsIsHelpError":  # no arguments: the help, as before
                return super().main(*args, standalone_mode=True, **kwargs)
            sys.stderr.write(error_line(err.format_message()))
            sys.exit(2)
        except typer.Abort:
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)
