"""Placement rules (docs/rulings.md "Placement", from the Essential Edition and Capitals
rulebooks) and the dead-end look-ahead."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.twocities.game.components import load_components
from solver.twocities.game.pool import Placement
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import parse_tile
from solver.twocities.rules.legality import (
    candidates,
    check,
    check_basic,
)
from solver.twocities.rules.moves import legal_moves
from solver.twocities.rules.position import Position
from solver.twocities.rules.squares import orientation_cases
from tests.rules_reference import completable

COMPS = load_components()
F = parse_tile("F")


def city(mat: str | None, cells: list[tuple[int, int]], variant: str = "standard",
         duplexes: list[tuple[str, tuple[int, int]]] = ()) -> Position:
    """A city with singles at ``cells`` (then ``duplexes``), in the round that follows."""
    p = Position.start(load_ruleset("essential", variant), COMPS.mat(mat) if mat else None)
    for at in cells[:p.remaining()[0]]:
        p = p.play(Placement(F, at))
    for tok, at in duplexes:
        p = p.play(Placement(parse_tile(tok), at))
    for at in cells[len(p.placed) - len(duplexes):]:
        p = p.play(Placement(F, at))
    assert len(p.placed) == len(cells) + len(duplexes)
    return p


def reference_legal(p: Position, tile, at, reading: str = "safe") -> bool:
    """Legal by the slow reference: basic rules by hand, then try every continuation."""
    placement = Placement(tile, at)
    after = p.play(placement)
    a, d, _ = after.remaining()
    cells = frozenset(after.occupied)
    ok = [completable(p, cells, a, case) for case in orientation_cases(p, d, after.revealed)]
    return all(ok) if reading == "safe" else any(ok)


# --- the plain placement rules ---------------------------------------------------------------


def test_first_tile_goes_on_an_open_space_of_the_mat():
    p = city("river-bend", [])
    assert check(p, F, (0, 2)).legal
    assert check(p, F, (0, 0)).rule == "landscape"
    v = check(p, F, (-1, 2))
    assert not v.legal and v.rule == "first-on-mat" and "open space" in v.reason
    assert legal_moves(p, F) == sorted(COMPS.mat("river-bend").open_spaces)


def test_beginner_first_tile_goes_anywhere():
    p = city(None, [], "beginner")
    assert check(p, F, (7, -3)).legal


def test_later_tiles_touch_the_city_and_bridges_count():
    # harbour: ". . ." / "~ ~ ~" / "~ . ~", a bridge joins (0, 1) and (2, 1)
    p = city("harbour", [(0, 1)])
    assert check(p, F, (2, 1)).legal  # across the bridge
    assert check(p, F, (0, 2)).legal
    v = check(p, F, (-1, 3))
    assert v.rule == "touch" and "must touch the city" in v.reason
    assert check(p, F, (1, 1)).rule == "landscape"
    assert check(p, F, (0, 1)).rule == "overlap"


def test_a_duplex_needs_one_half_touching_and_keeps_its_orientation():
    p = city("riverside", [(0, c) for c in range(5)] + [(2, c) for c in range(3)])
    assert p.round == 2
    vertical = parse_tile("P/H")
    horizontal = parse_tile("F|O")
    # a vertical duplex above (0, 0) touches with its lower half only
    assert check(p, vertical, (-2, 0)).legal
    assert Placement(vertical, (-2, 0)).cells == ((-2, 0), (-1, 0))
    assert check(p, horizontal, (-1, 0)).legal
    assert check(p, horizontal, (-2, 0)).rule == "touch"
    assert check(p, F, (-1, 0)).rule == "round"


def test_round_one_takes_singles_only():
    p = city("riverside", [(0, 0)])
    assert check(p, parse_tile("F|O"), (0, 1)).rule == "round"


def test_outside_any_square_that_holds_the_mat():
    # riverside is 3 rows x 5 columns: a tile three rows above it leaves no 5x5 square
    p = city("riverside", [(0, 0), (-1, 0), (-2, 0)])
    v = check(p, F, (-3, 0))
    assert not v.legal and v.reason == "outside any 5x5 square that holds the mat"
    assert check(p, F, (0, -1)).rule == "square"


def test_beginner_city_is_at_most_four_by_four():
    p = city(None, [(0, 0), (0, 1), (0, 2), (0, 3)], "beginner")
    assert check(p, F, (0, 4)).rule == "square"
    assert check(p, F, (1, 3)).legal


def test_a_complete_city_takes_nothing():
    cells = [(r, c) for r in range(4) for c in range(4) if (r, c) not in
             {(3, 0), (3, 1), (3, 2), (3, 3)}]
    p = city(None, cells, "beginner", [("F|O", (3, 0)), ("P|H", (3, 2))])
    assert p.finished
    assert check(p, F, (4, 0)).rule == "complete"


# --- hand-made dead ends: legal by the bounding box, unfinishable ------------------------------

DEAD_ENDS = [
    # canal (". ~ ." x 5, bridges across rows 1 and 3); the city fills column 3 and 4 so that
    # the only free horizontal pairs, (4,2)-(4,3) and (4,3)-(4,4), overlap.
    ("canal", [(1, 0), (1, 2), (1, 3), (2, 0), (2, 3), (1, 4), (0, 3)], (3, 3),
     "leaves no room for two horizontal duplexes in round 2"),
    # lake: the only vertical pairs left overlap.
    ("lake", [(1, 3), (1, 4), (2, 3), (3, 3), (3, 2), (4, 3), (3, 1)], (3, 0),
     "leaves no room for two vertical duplexes in round 2"),
    # river-bend: room for two horizontal duplexes, but none touches the city.
    ("river-bend", [(0, 2), (-1, 2), (-1, 3), (-1, 1), (-2, 1), (-1, 0), (-2, 2)], (2, 2),
     "leaves no place next to the city for two horizontal duplexes"),
    # crossroads-park: one round-1 tile left cannot reach both horizontal duplexes.
    ("crossroads-park", [(0, 0), (-1, 0), (-2, 0), (-2, -1), (0, 2), (-1, 2)], (-1, 3),
     "leaves no way to link two horizontal duplexes to the city with the 1 round-1 tile "
     "still to come"),
    # river-bend: the tile shuts the last open square's spaces off from the city.
    ("river-bend", [(0, 2), (0, 3), (1, 3), (0, 4), (2, 3), (-1, 3)], (-2, 3),
     "every 5x5 square that holds it has building spaces cut off from the city "
     "(no tile could ever reach them)"),
]


@pytest.mark.parametrize("mat,cells,at,reason", DEAD_ENDS)
def test_dead_ends_are_found_with_a_reason(mat, cells, at, reason):
    p = city(mat, cells)
    v = check(p, F, at)
    assert not v.legal and v.reason == reason
    # legal by the plain rules and inside a square: only the look-ahead sees it
    assert v.rule in ("dead-end", "cut-off")
    assert at in candidates(p, F)
    assert not reference_legal(p, F, at)


def test_permissive_reading_accepts_when_some_orientation_works():
    mat, cells, at, _ = DEAD_ENDS[0]
    p = city(mat, cells)
    assert not check(p, F, at, "safe").legal
    v = check(p, F, at, "permissive")
    assert v.legal and "permissive" in v.reason
    assert reference_legal(p, F, at, "permissive")


def test_permissive_is_a_ruleset_option():
    mat, cells, at, _ = DEAD_ENDS[0]
    p = city(mat, cells)
    loose = Position(p.rules.with_options(duplex_orientation="permissive"), p.mat, p.placed,
                     p.round)
    assert check(loose, F, at).legal


def test_revealed_duplexes_fix_the_orientation():
    # After the canal dead end's tile, only vertical pairs remain: revealed V/V is fine.
    mat, cells, at, _ = DEAD_ENDS[0]
    p = city(mat, cells)
    two_vertical = Position(p.rules, p.mat, p.placed, p.round)
    assert orientation_cases(two_vertical, 2, ()) == [(True, True), (True, False),
                                                      (False, False)]
    revealed = (parse_tile("P/H"), parse_tile("O/S"))
    assert orientation_cases(two_vertical, 2, revealed) == [(False, False)]


def test_round_two_duplex_must_leave_room_for_the_other_revealed_one():
    p = city("riverside", [(0, c) for c in range(5)] + [(2, c) for c in range(3)])
    p = p.reveal((parse_tile("F|O"), parse_tile("P|H")))
    # F|O at (-1, 1) leaves (-1, 0) and (-2, *): P|H still fits above
    assert check(p, parse_tile("F|O"), (-1, 1)).legal
    v = check(p, parse_tile("O/S"), (-2, 0))
    assert v.rule == "revealed"


# --- the fast look-ahead agrees with the slow reference ---------------------------------------


def _random_round_one(rng: random.Random, mat: str | None, variant: str) -> Position:
    p = city(mat, [], variant)
    r1 = p.remaining()[0]
    steps = rng.randint(r1 - 3, r1 - 1)
    for _ in range(steps):
        options = legal_moves(p, F)
        p = p.play(Placement(F, rng.choice(options)))
    return p


@given(st.integers(0, 10_000), st.sampled_from([None, *COMPS.mats]))
def test_look_ahead_matches_the_reference(seed, mat):
    rng = random.Random(seed)
    variant = "beginner" if mat is None else "standard"
    p = _random_round_one(rng, mat, variant)
    for at in candidates(p, F):
        expected = reference_legal(p, F, at)
        assert check(p, F, at).legal == expected, (mat, [q.at for q in p.placed], at)


@given(st.integers(0, 10_000), st.sampled_from([None, *COMPS.mats]),
       st.sampled_from([(True, True), (True, False), (False, True), (False, False)]))
def test_round_two_look_ahead_matches_the_reference(seed, mat, orientations):
    rng = random.Random(seed)
    variant = "beginner" if mat is None else "standard"
    p = _random_round_one(rng, mat, variant)
    while p.round == 1:
        p = p.play(Placement(F, rng.choice(legal_moves(p, F))))
    a_f = parse_tile("F|F") if orientations[0] else parse_tile("F/F")
    b_f = parse_tile("O|O") if orientations[1] else parse_tile("O/O")
    p = p.reveal((a_f, b_f))
    for at in candidates(p, a_f):
        expected = check_basic(p, a_f, at) is None and reference_legal(p, a_f, at)
        assert check(p, a_f, at).legal == expected, (mat, [q.at for q in p.placed], at)


def test_one_at_a_time_cities_keep_room_for_either_second_duplex():
    """Two-player-standard: the first duplex is placed before the second is revealed, so the
    last round-1 tile must leave, for each orientation of the first, a position for it that
    still fits either orientation of the second (checked here by the slow reference)."""
    rng = random.Random(7)
    checked = 0
    for _ in range(30):
        p = Position.start(load_ruleset("essential", "two-player-standard"),
                           COMPS.mat(rng.choice(sorted(COMPS.mats))))
        assert p.duplexes_revealed == "one-at-a-time"
        while p.remaining()[0] > 1:
            p = p.play(Placement(F, rng.choice(legal_moves(p, F))))
        for at in candidates(p, F):
            if check(p, F, at).legal:
                after = p.play(Placement(F, at))
                for first in ("F|F", "F/F"):
                    d1 = parse_tile(first)
                    assert any(
                        all(completable(after, frozenset(after.play(Placement(d1, d)).occupied),
                                        0, (h,)) for h in (True, False))
                        for d in candidates(after, d1)
                        if d in legal_moves(after, d1, "permissive")), (at, first)
                checked += 1
    assert checked > 30
