"""Option types every command shares: each wraps one rule of ``solver.common.options``, so a
value is refused the same way wherever it is given (``cities: error: --OPTION: message``,
exit status 2).  A command states its option with one of these and its own help text:

    time_limit: Annotated[float, options.time_limit("Seconds before ...")] = 60.0
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from solver.common import options as rules


class Checked:
    """A command-line value checked by a rule of ``solver.common.options`` (an option's
    ``parser``): a refusal is Typer's ``BadParameter``, reported as one line."""

    def __init__(self, name: str, rule: Callable[[object], Any]):
        self.name = name
        self.rule = rule

    def __call__(self, value: Any) -> Any:
        try:
            return self.rule(value)
        except rules.OptionError as err:
            raise typer.BadParameter(str(err)) from None

    def __repr__(self) -> str:
        return f"Checked({self.name!r}, {getattr(self.rule, '__name__', self.rule)!r})"


SECONDS = Checked("SECONDS", rules.time_limit)
SEED = Checked("INTEGER", rules.seed)
NAME = Checked("NAME", rules.name)
NAMES = Checked("NAMES", rules.names)
PATH = Checked("PATH", lambda value: Path(rules.path(value)))
FILE = Checked("FILE", rules.path)  # a file to read, as given (- for stdin)


def counted(count: rules.Count) -> Checked:
    """The type of a whole-number option within ``count``'s range."""
    return Checked("INTEGER", count)


def option(flag: str, kind: Checked, help: str, metavar: str | None = None) -> Any:
    """``flag`` as an option of type ``kind`` (a ``Checked``)."""
    return typer.Option(flag, parser=kind, help=help, metavar=metavar or kind.name)


def time_limit(help: str, flag: str = "--time-limit") -> Any:
    return option(flag, SECONDS, help)


def count(flag: str, rule: rules.Count, help: str) -> Any:
    return option(flag, counted(rule), help)


def seed(help: str) -> Any:
    return option("--seed", SEED, help)


def path(flag: str, help: str, metavar: str | None = None) -> Any:
    return option(flag, PATH, help, metavar)


Workers = Annotated[int, count("--workers", rules.WORKERS, "CP-SAT workers (cores).")]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
Components = Annotated[Path | None, path(
    "--components", "A components file to use instead of the shipped one.")]
