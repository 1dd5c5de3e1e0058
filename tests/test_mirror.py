"""The two games mirror each other: docs/architecture.md's side-by-side table names real modules
and names, the same names in both games, and both games' results, grades and bots fill the one
shape each that front ends type against."""

from __future__ import annotations

import importlib
import inspect
import re
from dataclasses import fields
from pathlib import Path

import pytest

from puzzles.common.grade import Graded
from solver.common.errors import CitiesError
from solver.common.status import Solved, Status

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = re.compile(r"`([\w/]+\.py): ([\w, ]+)`")


def side_by_side() -> list[tuple[str, str, str]]:
    """The table's rows: (concept, Between Two Cities' cell, Cities USA's cell)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## The two games side by side\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")]
    cells = [[c.strip() for c in row.strip("|").split(" | ")] for row in rows[1:]]
    return [(c[0], c[1], c[2]) for c in cells]


def references(cell: str) -> list[tuple[str, list[str]]]:
    return [(path, [n.strip() for n in names.split(",")]) for path, names in
            REFERENCE.findall(cell)]


ROWS = side_by_side()


def test_the_table_covers_the_concepts_both_games_share() -> None:
    concepts = " / ".join(concept for concept, _, _ in ROWS)
    for concept in ("legal place", "order of play", "greedy placer", "game files",
                    "solve result", "bots", "daily grade"):
        assert concept in concepts, concept


@pytest.mark.parametrize(("concept", "two_cities", "usa"), ROWS, ids=[r[0] for r in ROWS])
def test_each_concept_has_the_same_names_in_both_games(concept: str, two_cities: str,
                                                       usa: str) -> None:
    mine, theirs = references(two_cities), references(usa)
    assert mine, f"{concept}: Between Two Cities names no module"
    for path, names in mine + theirs:
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        missing = [n for n in names if not hasattr(module, n)]
        assert not missing, f"{path} has no {missing}"
    if theirs:
        (path_a, names_a), (path_b, names_b) = mine[0], theirs[0]
        assert Path(path_a).name == Path(path_b).name, concept
        assert names_a == names_b, concept


def test_both_solve_results_are_solved() -> None:
    from solver.twocities.cpsat import SolveResult as TwoCitiesResult
    from solver.usa.cpsat.solve import SolveResult as UsaResult

    for result in (TwoCitiesResult(Status.UNKNOWN, None, None, 0.5, None),
                   UsaResult(Status.UNKNOWN, None, None, 0.5)):
        assert isinstance(result, Solved)
        assert result.to_json()["status"] == "unknown"
        assert result.to_json()["city"] is None


def test_both_grades_are_graded() -> None:
    from puzzles.grade import Grade as TwoCitiesGrade
    from puzzles.usa.grade import Grade as UsaGrade

    wanted = {n for n in vars(Graded) if not n.startswith("_")}
    for grade in (TwoCitiesGrade, UsaGrade):
        members = set(dir(grade)) | {f.name for f in fields(grade)}
        assert wanted <= members, wanted - members
        for method in ("share", "to_json"):
            assert "address" in inspect.signature(getattr(grade, method)).parameters


def test_both_bot_registries_make_one_bot_per_seat_by_name() -> None:
    from solver.twocities import bots as two_cities_bots
    from solver.twocities.advice import bot as advisor
    from solver.usa import bots as usa_bots

    for registry in (two_cities_bots, advisor, usa_bots):
        assert {"random", "greedy", "solver"} <= set(registry.BOTS)
        seats = registry.make_bots(["greedy", "random"], ("P1", "P2", "P3"))
        assert [type(b).__name__ for b in seats.values()] == ["GreedyBot", "RandomBot",
                                                              "GreedyBot"]
        only = registry.make_bots(["idle"], ("P1",), {"idle": registry.BOTS["random"]})
        assert type(only["P1"]).__name__ == "RandomBot"
        with pytest.raises(CitiesError, match="--bots: unknown bot 'advisor'"):
            registry.make_bots(["advisor"], ("P1",), {"random": registry.BOTS["random"]})
    assert set(advisor.BOTS) - set(two_cities_bots.BOTS) == {"advisor"}


def test_both_games_load_and_save_game_files_with_the_same_signatures() -> None:
    from solver.twocities.rules import gamefile as two_cities
    from solver.usa.rules import gamefile as usa

    for name in ("load_game", "save_game", "game_from_json", "game_to_json"):
        mine, theirs = (inspect.signature(getattr(m, name)) for m in (two_cities, usa))
        assert list(mine.parameters) == list(theirs.parameters), name
        assert mine.return_annotation == theirs.return_annotation, name
