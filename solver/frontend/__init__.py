"""What the command-line front ends share: option types checked by ``solver.common.options``'
rules (``options``) and the way a command runs and reports (``app``: one line and exit status
2 for bad input, JSON on stdout, a progress line on a terminal).

This is the only layer besides the commands themselves that imports Typer; the layers below
the front ends never do (an import contract in pyproject.toml)."""
