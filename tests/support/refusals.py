"""Bad input is refused in one line: exit status 2, ``cities: error: ...`` on stderr, no
traceback, nothing on stdout."""

from __future__ import annotations

from typing import Any


def one_line_error(code: int, err: str, *words: str) -> None:
    """Exit status ``code`` 2 and one error line ``err`` naming each of ``words``."""
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("cities: error: ")
    assert "Traceback" not in err
    for w in words:
        assert w in err


def refused_in_one_line(result: Any, *words: str) -> None:
    """A ``CliRunner`` result refused as above: nothing on stdout, no exception escaped, and
    the line short."""
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert result.exit_code == 2, (result.exit_code, result.stdout[:300], result.stderr[:300])
    assert result.stdout == ""
    assert len(result.stderr) < 700
    one_line_error(result.exit_code, result.stderr, *words)
