"""Command-line values checked the same way by every command, and the one-line error text.

These are the rules alone (ranges, parsing, messages), with no command-line library: a rule
takes the text given (or a default, already parsed) and returns the value or raises
``OptionError`` with a short message.  The front ends' option types (``solver.frontend``)
wrap them, so a bad value reads ``cities: error: --OPTION: message`` with exit status 2.
The limits are listed in docs/input-limits.md.

>>> time_limit("2.5"), WORKERS("3"), seed("7")
(2.5, 3, 7)
>>> try:
...     time_limit("nan")
... except OptionError as err:
...     print(err)
'nan' is not a positive, finite number of seconds
>>> one_line("unknown token '" + "z" * 500 + "'")[-30:]
'zzzzzzzzzz... (502 characters)'
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

MAX_WORKERS = 64
"""The most CP-SAT workers or processes a command starts (each holds its own model)."""
MAX_SEED = 2 ** 63 - 1
"""The largest seed (a game file keeps its seed, and JSON files hold at most 30 digits)."""
MAX_NAME = 40
"""The longest name a command takes (a player's)."""
LONG_WORD = 200
"""Longer runs of non-blank characters in a message are cut to their start and their length."""
MAX_LINE = 600
"""The longest error line printed."""

_WORD = re.compile(rf"\S{{{LONG_WORD + 1},}}")


class OptionError(ValueError):
    """A refused command-line value; its text is the one-line message."""


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


def error_line(message: str) -> str:
    """The line a refused command prints on stderr."""
    return f"cities: error: {one_line(message)}\n"


def _number(value: object, kind: type, what: str) -> float:
    if isinstance(value, kind) and not isinstance(value, bool):
        return value  # type: ignore[return-value]  # a default, already parsed
    text = str(value).strip()
    try:
        return kind(text)  # type: ignore[no-any-return]
    except (ValueError, OverflowError):
        raise OptionError(f"{shorten(text)!r} is not {what}") from None


def time_limit(value: object) -> float:
    """Seconds: a positive, finite number (``nan``, ``inf``, 0 and negatives are refused).

    >>> [_refusal(time_limit, v) for v in ("0", "-1", "inf", "x")]  # doctest: +NORMALIZE_WHITESPACE
    ["'0' is not a positive, finite number of seconds",
     "'-1' is not a positive, finite number of seconds",
     "'inf' is not a positive, finite number of seconds",
     "'x' is not a positive, finite number of seconds"]
    """
    what = "a positive, finite number of seconds"
    seconds = _number(value, float, what)
    if not math.isfinite(seconds) or seconds <= 0:
        raise OptionError(f"{shorten(str(value).strip())!r} is not {what}")
    return seconds


@dataclass(frozen=True)
class Count:
    """A whole number from ``least`` to ``most`` of ``what``.

    >>> PLAYERS("4"), _refusal(PLAYERS, "0"), _refusal(TOP, "-1")
    (4, 'expected 1 to 7 players, not 0', 'expected 1 to 1000 choices, not -1')
    """

    least: int
    most: int
    what: str

    def __call__(self, value: object) -> int:
        n = int(_number(value, int, f"a whole number of {self.what}"))
        if not self.least <= n <= self.most:
            raise OptionError(f"expected {self.least} to {self.most} {self.what}, not "
                              f"{shorten(str(n))}")
        return n


WORKERS = Count(1, MAX_WORKERS, "workers")
JOBS = Count(1, MAX_WORKERS, "processes")
PLAYERS = Count(1, 7, "players")  # the most any variant of either game seats
CITY = Count(1, 7, "cities (the city's number, 1-based)")
TOP = Count(1, 1000, "choices")
SAMPLES = Count(1, 10_000, "samples")
POSITIONS = Count(1, 100, "positions")
SOLVE = Count(0, 1000, "choices")
ROLLOUTS = Count(0, 1000, "choices")
ROLLOUT_SAMPLES = Count(1, 10_000, "deals")
STOP_AFTER = Count(0, 99, "rounds")
PORT = Count(0, 65535, "(a TCP port)")
GENERATIONS = Count(1, MAX_WORKERS, "puzzles made at a time")
CONNECTIONS = Count(1, 100_000, "connections")


def seed(value: object) -> int:
    """A seed: a whole number from 0 to ``MAX_SEED``.

    >>> _refusal(seed, "-1")
    'expected a seed of 0 or more (at most 2^63 - 1), not -1'
    """
    n = int(_number(value, int, "a whole number (a seed)"))
    if not 0 <= n <= MAX_SEED:
        raise OptionError(f"expected a seed of 0 or more (at most 2^63 - 1), not "
                          f"{shorten(str(n))}")
    return n


def name(value: object) -> str:
    """A name (a player's): not empty, at most ``MAX_NAME`` characters, printable.

    >>> name(" P2 "), _refusal(name, "")
    ('P2', 'expected a name, not an empty string')
    """
    text = str(value).strip()
    if not text:
        raise OptionError("expected a name, not an empty string")
    if len(text) > MAX_NAME or not text.isprintable():
        raise OptionError(f"{shorten(text)!r} is not a name (at most {MAX_NAME} printable "
                          "characters)")
    return text


def names(value: object) -> str:
    """A list of names separated by commas (bots per seat): at least one, each a ``name``;
    the list comes back tidied, one comma between names.

    >>> names(" greedy, ,random "), _refusal(names, ",,")
    ('greedy,random', 'expected at least one name (separated by commas)')
    """
    parts = [p.strip() for p in str(value).split(",") if p.strip()]
    if not parts:
        raise OptionError("expected at least one name (separated by commas)")
    return ",".join(name(p) for p in parts)


def path(value: object) -> str:
    """A file or directory path: not empty, no NUL character.

    >>> path("out/x.json"), _refusal(path, "")
    ('out/x.json', 'expected a path, not an empty string')
    """
    text = str(value)
    if not text.strip():
        raise OptionError("expected a path, not an empty string")
    if "\0" in text:
        raise OptionError("a path cannot hold a NUL character")
    return text


def _refusal(rule: object, value: str) -> str:
    """The message ``rule`` refuses ``value`` with (for the examples above)."""
    try:
        rule(value)  # type: ignore[operator]
    except OptionError as err:
        return str(err)
    return "accepted"
