"""Text forms: a city's repr builds it again; a placement and a city in progress read back
from their one-line notations exactly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from solver.common.errors import CitiesError
from solver.twocities.bots import make_bots
from solver.twocities.game.city import City, Context, District
from solver.twocities.game.pool import Placement
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.rules.game import new_game, play_turn
from solver.twocities.rules.position import Position
from tests.strategies import cities


@settings(max_examples=60, deadline=None)
@given(cities())
def test_city_repr_builds_the_city_again(city: City) -> None:
    assert eval(repr(city)) == city  # noqa: S307 - the repr is meant to be evaluated


def test_city_repr_keeps_edition_and_context() -> None:
    district = District(frozenset({"office", "shop"}), (9, 3), (4, 2))
    city = City.from_notation("O S / S O", edition="classic").with_context(
        Context((3, 1), (district,)))
    assert eval(repr(city)) == city  # noqa: S307


@pytest.mark.parametrize("variant", ["standard", "beginner", "two-player-standard",
                                     "two-player-advanced"])
def test_every_position_of_a_game_reads_back_from_its_notation(variant: str) -> None:
    rules = load_ruleset("essential", variant)
    game = new_game(rules, rules.players[0], seed=7)
    bots = make_bots(["random"], game.players)
    seen = 0
    while not game.over:
        play_turn(game, bots)
        for c in game.cities:
            text = c.position.notation()
            assert Position.from_notation(text) == c.position
            assert repr(c.position) == f"Position.from_notation({text!r})"
            seen += 1
    assert seen > 0


@pytest.mark.parametrize("text", ["F@1", "F|O", "X@0,0", "F@a,b"])
def test_bad_placement_notation_is_one_line(text: str) -> None:
    with pytest.raises(CitiesError) as err:
        Placement.from_notation(text)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("text", ["essential standard", "essential standard lake 1 ; flip"])
def test_bad_position_notation_is_one_line(text: str) -> None:
    with pytest.raises(CitiesError) as err:
        Position.from_notation(text)
    assert "\n" not in str(err.value)
