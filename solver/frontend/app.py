"""How every command runs and reports: a Typer app whose usage errors are one line, a command
body whose bad input is one line (``guarded``), JSON on stdout, the solvers' progress line.

Bad input (a ``CitiesError``, a refused option) is one line on stderr and exit status 2; a bug
is one line and exit status 1 (``CITIES_DEBUG=1`` shows the traceback); a broken pipe or
Ctrl-C is exit status 130.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer
from rich.console import Console
from typer.core import TyperGroup

from solver.common.errors import CitiesError
from solver.common.jsonio import check_writable_file
from solver.common.options import error_line

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

T = TypeVar("T")


def usage_line(err: Exception) -> str:
    """A usage error as the project writes errors: ``--OPTION: problem`` for a bad value."""
    param = getattr(err, "param", None)
    if type(err) is typer.BadParameter and param is not None and getattr(param, "opts", None):
        return f"{' / '.join(param.opts)}: {err.message}"  # type: ignore[attr-defined]
    return err.format_message()  # type: ignore[attr-defined]


class OneLineErrors(TyperGroup):
    """A command group whose usage errors (a bad or missing option, a non-number where a
    number goes) are one line on stderr and exit status 2, not a usage box.  The group
    alone still shows the help."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except typer.TyperException as err:
            if type(err).__name__ == "NoArgsIsHelpError":  # no arguments: the help, as before
                return super().main(*args, standalone_mode=True, **kwargs)
            sys.stderr.write(error_line(usage_line(err)))
            sys.exit(2)
        except typer.Abort:
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def new_app(help: str, *, group: bool = False) -> typer.Typer:
    """A Typer app of commands: the top-level ``cities`` app (``group``: it reports usage
    errors in one line) or a set of commands to add to it."""
    return typer.Typer(cls=OneLineErrors if group else None, help=help,
                       no_args_is_help=True, add_completion=False,
                       pretty_exceptions_enable=False)


def check_output(path: Any, what: str, option: str) -> None:
    """Refuse, before any work, an output path ``option`` names that cannot be written (the
    error names the option, then the file)."""
    try:
        check_writable_file(path, what)
    except CitiesError as err:
        raise CitiesError(str(err), source=option) from None


def fail(message: str) -> typer.Exit:
    """Print one line on stderr and return the exit to raise (status 2: bad input)."""
    sys.stderr.write(error_line(message))
    return typer.Exit(2)


def guarded(fn: Callable[[], T]) -> T:
    """Run ``fn``; bad input becomes one line and exit status 2, never a traceback."""
    try:
        return fn()
    except CitiesError as err:
        raise fail(str(err)) from None
    except (BrokenPipeError, KeyboardInterrupt):
        raise typer.Exit(130) from None
    except (typer.Exit, typer.Abort):
        raise
    except OSError as err:  # standard output full or failing (> /dev/full): not a bug
        raise fail(f"cannot write the output: {err.strerror or err}") from None
    except Exception as err:  # a bug, not bad input: still one line (CITIES_DEBUG=1 shows all)
        if os.environ.get("CITIES_DEBUG"):
            raise
        sys.stderr.write(error_line(f"internal error ({type(err).__name__}: {err}); "
                                    "rerun with CITIES_DEBUG=1 for the details"))
        raise typer.Exit(1) from None


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def solve_progress() -> Callable[[int | None, int, float], None] | None:
    """Best score and bound on one rewritten stderr line, only on a terminal."""
    if not sys.stderr.isatty():
        return None

    def show(best: int | None, bound: int, seconds: float) -> None:
        found = "-" if best is None else best
        sys.stderr.write(f"\r  {seconds:6.1f}s  best {found}  bound {bound}   ")
        sys.stderr.flush()

    return show


def print_answer(answer: Any) -> None:
    """Print a solver's answer, the progress line rubbed out first."""
    if sys.stderr.isatty():
        sys.stderr.write("\r" + " " * 60 + "\r")
    console.print(answer)
