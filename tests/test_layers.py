"""Imports flow one way (the contracts in pyproject.toml) and no modules import each other."""

from __future__ import annotations

import shutil
import subprocess
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
