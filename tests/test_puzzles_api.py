"""The puzzles package's documented examples run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

DOCUMENTED = ["puzzles.plan", "puzzles.draw", "puzzles.partbuilt", "puzzles.pairs",
              "puzzles.greedy", "puzzles.difficulty", "puzzles.decompose"]


@pytest.mark.parametrize("name", DOCUMENTED)
def test_doc_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no doc example"
    assert result.failed == 0
