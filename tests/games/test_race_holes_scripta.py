"""58 Holes (FH-) and XII Scripta (XS-), clause by clause, on positions worked by hand."""
from __future__ import annotations

import pytest

from games.engine import InvalidState
from games.engine.race import boards
from tests.games.race_helpers import move, moves, position, throw, variant

FH, XS = "race.58-holes", "race.xii-scripta"
fh, xs = variant(FH), variant(XS)


def h(mine, theirs=None, value=None, **options):
    return position(FH, [mine, theirs or [0] * 5], {"rules": "carnarvon-carter", **options}, throw=value)


def test_fh1_each_side_runs_its_own_29_holes_to_the_shared_goal():
    b = boards.fifty_eight_holes()
    assert len(b.routes[0]) == 29 and not set(b.routes[0]) & set(b.routes[1])
    assert len(b.cells) == 59 and b.shape == "holes" and b.cells[-1].mark == "goal"
    assert len(b.lines) == 4


def test_fh3_the_device_is_an_option():
    assert fh.board_info(fh.validate_options({}))["device"] == "sticks4"
    assert fh.board_info(fh.validate_options({"device": "d6"}))["device"] == "d6"
    d6 = h([0] * 5, value=6, device="d6")
    assert moves(d6) == {(0, 6)}


def test_fh4_a_hole_holds_one_peg():
    s = h([0, 0, 0, 2, 5], value=3)
    assert (2, 5) not in moves(s)
    assert (2, 5) in moves(h([0, 0, 0, 2, 5], value=3, one_a_hole=False))


def test_fh5_a_peg_ending_on_20_goes_back_along_the_line_to_6():
    s = h([0, 0, 0, 0, 17], value=3)
    after = move(s, 17, 20)
    assert after.pieces[0] == (0, 0, 0, 0, 6)
    assert fh.describe(s, {"from": 17, "to": 20}) == "17→20 (6)"
    assert move(h([0, 0, 0, 0, 7], value=3), 7, 10).pieces[0][-1] == 8


def test_fh5_the_line_is_not_followed_into_a_held_hole_nor_forward():
    s = h([0, 0, 0, 6, 17], value=3)
    assert move(s, 17, 20).pieces[0] == (0, 0, 0, 6, 20)
    forward = h([0, 0, 0, 0, 3], value=3)
    assert move(forward, 3, 6).pieces[0][-1] == 6
    both = h([0, 0, 0, 0, 3], value=3, line_direction="both")
    assert move(both, 3, 6).pieces[0][-1] == 20


def test_fh6_holes_15_and_25_give_another_throw():
    assert move(h([0, 0, 0, 0, 12], value=3), 12, 15).to_move == 0
    assert move(h([0, 0, 0, 0, 12], value=2), 12, 14).to_move == 1
    assert move(h([0, 0, 0, 0, 12], value=3, extra_holes=False), 12, 15).to_move == 1


def test_fh7_hole_30_needs_the_exact_throw_and_five_there_win():
    s = h([30, 30, 30, 30, 27], value=3)
    end = move(s, 27, 30)
    assert fh.outcome(end).winner == 0 and fh.describe(s, {"from": 27, "to": 30}) == "27→off"
    with pytest.raises(InvalidState, match="allows none"):
        h([30, 30, 30, 30, 27], value=4)
    assert (27, 30) in moves(h([30, 30, 30, 30, 27], value=4, exact_bearoff=False))


# -- XII Scripta ---------------------------------------------------------------------------------

def x(mine, theirs, dice=None, to_move=0, **fields):
    options = fields.pop("options", {})
    return position(XS, [mine, theirs], {"rules": "murray", **options}, throw=dice, to_move=to_move, **fields)


def test_xs2_both_run_the_middle_row_then_far_then_near():
    b = boards.xii_scripta()
    assert len(b.routes[0]) == 36 and set(b.routes[0]) == set(b.routes[1])
    assert [b.cells[c].y for c in b.routes[0][::12]] == [1, 0, 2]
    assert [b.cells[c].y for c in b.routes[1][::12]] == [1, 2, 0]
    assert b.routes[0][:12] == b.routes[1][:12]
    assert b.routes[0][12] == b.routes[1][35]  # side 0's far row is side 1's near row, reversed


def test_xs4_dice_are_used_singly_or_one_after_another_never_divided():
    s = x([0] * 15, [0] * 15, (1, 2, 3))
    assert moves(s) == {(0, 1), (0, 2), (0, 3)}  # each die a step; no die split
    after = move(s, 0, 3)
    assert after.moves_left == (1, 2) and after.phase == "move"
    after = move(move(after, 3, 4), 4, 6)  # the same piece takes the other dice one after another
    assert after.phase == "throw" and after.to_move == 1 and after.pieces[0] == (0,) * 14 + (6,)
    assert xs.describe(s, {"throw": [1, 2, 3]}) == "throw 1-2-3"


def test_xs4_a_piece_taking_two_dice_lands_between_and_hits_there():
    s = x([0] * 14 + [3], [0] * 14 + [5], (2, 4, 6))
    after = move(s, 3, 5)
    assert after.pieces[1] == (0,) * 15 and (5, 9) in moves(after)


def test_xs5_doubles_and_triples_give_no_further_throw():
    s = x([0] * 15, [0] * 15, (4, 4, 4))
    for _ in range(3):
        s = move(s, 0, 4)
    assert s.to_move == 1 and s.phase == "throw"


def test_xs6_a_lone_piece_is_hit_and_two_hold_a_point():
    s = x([0] * 14 + [3], [0] * 14 + [6], (3, 5, 6))
    after = move(s, 3, 6)
    assert after.pieces[1] == (0,) * 15 and after.waiting == (0, 1)
    assert xs.describe(s, {"from": 3, "to": 6}) == "3→6*"
    held = x([0] * 14 + [3], [0] * 13 + [6, 6], (3, 5, 6))
    assert (3, 6) not in moves(held)


def test_xs7_a_hit_piece_enters_before_any_other_moves():
    s = x([0] * 14 + [10], [0] * 13 + [20, 25], (2, 3, 5), to_move=1, waiting=[0, 1])
    assert {a for a, _ in moves(s)} == {0}
    free = x([0] * 14 + [10], [0] * 13 + [20, 25], (2, 3, 5), to_move=1, waiting=[0, 1],
             options={"reenter_first": False})
    assert {a for a, _ in moves(free)} == {0, 20, 25}


def test_xs9_bearing_off_only_once_all_are_in_the_last_row():
    s = x([25] * 14 + [20], [0] * 15, (6, 5, 1))
    assert all(q <= 36 for _, q in moves(s))
    home = x([31] * 14 + [33], [0] * 15, (6, 5, 1))
    assert (31, 37) in moves(home)  # 31 + 6 is exactly off


def test_xs9_a_larger_die_bears_off_the_rearmost_piece():
    s = x([33, 35] + [37] * 13, [0] * 15, (6, 6, 6))
    assert (33, 37) in moves(s) and (35, 37) not in moves(s)
    exact = x([33, 35] + [37] * 13, [0] * 15, (4, 2, 1), options={"exact_bearoff": True})
    assert (33, 37) in moves(exact) and (35, 37) in moves(exact)
    with pytest.raises(InvalidState, match="allows none"):
        x([33, 35] + [37] * 13, [0] * 15, (6, 6, 6), options={"exact_bearoff": True})


def held(*points):
    """Side 1's pieces, two on each of side 0's ``points`` of its near row (side 1's 49 - p)."""
    theirs = sorted(49 - p for p in points for _ in (0, 1))
    return theirs + [0] * (15 - len(theirs))


def test_xs8_as_many_dice_as_can_be_used():
    # 35 off with the 2 would leave 3 and 4 for 27: 30 is held, 27+4 = 31 then 34 is held
    s = x([27, 35] + [37] * 13, held(30, 34), (2, 3, 4))
    lax = x([27, 35] + [37] * 13, held(30, 34), (2, 3, 4), options={"must_use_all": False})
    assert (35, 37) in moves(lax) and (35, 37) not in moves(s)
    assert moves(s) == moves(lax) - {(35, 37)}


def test_xs8_the_larger_numbers_where_only_some_dice_can_be_used():
    # from 26 only two dice can ever be used (36 is held): the two 4s, not a 2 and a 4
    s = x([26] + [37] * 14, held(36), (2, 4, 4))
    assert moves(s) == {(26, 30)}
    lax = x([26] + [37] * 14, held(36), (2, 4, 4), options={"must_use_all": False})
    assert moves(lax) == {(26, 28), (26, 30)}


def test_xs8_a_step_that_ends_the_game_uses_the_throw_up():
    s = x([34] + [37] * 14, [0] * 15, (1, 1, 6))
    assert (34, 37) in moves(s)
    assert xs.outcome(move(s, 34, 37)).winner == 0


def test_xs3_all_first_entering():
    s = x([0] * 14 + [5], [0] * 15, (1, 2, 3), options={"enter": "all-first"})
    assert {a for a, _ in moves(s)} == {0}
