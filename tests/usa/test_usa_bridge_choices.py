"""The bridges a player chooses: each choice of forced bridges a move offers is one the rules
engine accepts (and nothing else is), and the voluntary bridges offered are exactly those
``place_bridge`` allows."""

from __future__ import annotations

from math import comb

from solver.usa.game.notation import parse_city
from solver.usa.game.vocab import ARMS
from solver.usa.rules.legality import place_bridge, place_tile
from solver.usa.rules.moves import legal_moves, voluntary_bridges

CITIES = ["3x3 wwpp wwpp / wwpp .", "3x3 wwpp:EW wwpp:EW / wwpp:NS .", "3x3 wwpp:EW"]
TILES = [f"city-{i:02d}" for i in range(1, 13)]


def test_every_choice_is_one_place_tile_accepts_and_every_other_set_is_refused() -> None:
    seen_short = 0
    for note in CITIES:
        for left in (0, 1, 3):
            city = parse_city(note).with_changes(bridges_left=left)
            for tile in TILES:
                for move in legal_moves(city, tile):
                    choices = move.bridge_choices()
                    n, k = len(move.forced_bridges), move.must_fix
                    assert k == min(n, left)
                    assert len(choices) == comb(n, k)
                    seen_short += k < n
                    laid = city.components.tile(tile)
                    for chosen in choices:
                        v = place_tile(city, laid, move.at, move.rotation, chosen)
                        assert v.legal and v.city is not None, v.reason
                        assert v.city.remaining_bridges == left - k
                    if n:  # one bridge too few is refused
                        v = place_tile(city, laid, move.at, move.rotation,
                                       move.forced_bridges[:k - 1] if k else
                                       move.forced_bridges[:1])
                        assert not v.legal
    assert seen_short, "no move with more dead ends than bridges was tried"


def test_voluntary_bridges_are_those_place_bridge_allows() -> None:
    for note in CITIES:
        for left in (0, 2):
            city = parse_city(note).with_changes(bridges_left=left)
            offered = voluntary_bridges(city)
            allowed = [(at, arm) for at in sorted(city.tiles) for arm in ARMS
                       if place_bridge(city, at, arm).legal]
            assert offered == allowed
            assert bool(offered) == (left > 0 and bool(allowed))
    assert voluntary_bridges(parse_city("3x3 wwpp:EW").with_changes(bridges_left=0)) == []
