"""Imports flow one way (the contracts in pyproject.toml) and no modules import each other."""

from __future__ import annotations

import ast
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


def _imported_modules(path: Path) -> list[str]:
    """Every module a file imports, relative imports resolved against its package."""
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[:len(package) - node.level + 1] if node.level else ())
            module = ".".join(p for p in (base, node.module or "") if p)
            found.append(module)
            found += [f"{module}.{alias.name}" for alias in node.names]
    return found


def test_no_test_module_imports_another() -> None:
    """What tests share lives in tests/support/; a test module is imported only by pytest."""
    offending = [f"{path.relative_to(ROOT)} imports {module}"
                 for path in sorted((ROOT / "tests").rglob("*.py"))
                 for module in _imported_modules(path)
                 if module.split(".")[-1].startswith("test_") and module.startswith("tests")]
    assert offending == []
