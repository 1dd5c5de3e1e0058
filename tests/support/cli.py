"""The ``cities`` command run in process, for tests that compare an answer with the CLI's."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

import cli

runner = CliRunner()


def cli_json(*args: str) -> tuple[int, Any]:
    """(exit code, the JSON the command printed, or None)."""
    result = runner.invoke(cli.app, list(args))
    return result.exit_code, json.loads(result.stdout) if result.stdout.strip() else None
