"""Imports flow one way (the contracts in pyproject.toml) and no modules import each other."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_no_import_cycle_between_modules() -> None:
    graph = grimp.build_graph("solver", "puzzles")
    imports = nx.DiGraph()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            # A package's __init__ re-exporting its modules is not a cycle of logic.
            if not imported.startswith(module + "."):
                imports.add_edge(module, imported)
    cycles = [c for c in nx.simple_cycles(imports) if len(c) > 1]
    assert cycles == [], f"import cycles: {cycles[:3]}"


def test_layer_contracts_hold() -> None:
    lint = shutil.which("lint-imports")
    if lint is None:
        pytest.fail("lint-imports is not installed: pip install -e '.[test]'")
    run = subprocess.run([lint, "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-2000:]


def test_the_cities_usa_daily_loads_no_module_of_the_other_game() -> None:
    """Beyond the import contracts: importing it (and so the ``solver`` package) in a fresh
    interpreter loads no Between Two Cities module."""
    code = ("import sys, puzzles.usa.archive, puzzles.usa.grade, puzzles.usa.show; "
            "print(sorted(m for m in sys.modules if m.startswith('solver.twocities') or "
            "m.startswith('puzzles.') and not m.startswith(('puzzles.usa', 'puzzles.common'))))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert run.stdout.strip() == "[]"


def test_the_python_api_names_resolve() -> None:
    import solver

    assert all(getattr(solver, name) is not None for name in solver.__all__)
    assert set(solver.__all__) == set(solver._OWNERS)
