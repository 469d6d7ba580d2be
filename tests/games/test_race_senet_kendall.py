"""Kendall's Senet as the DLP's ruleset "Kendall" gives it (DLP.GameRulesets.922, after Kendall's
rules book of 1978/1979), worked by hand: the five checks an outside audit found failing (the
engine had followed modern summaries) and the rules the engine lacked. Squares are route
positions 1-30, 31 is borne off. Clauses SN-16 to SN-21 (``archive/catalogue/race.py``)."""
from __future__ import annotations

import pytest

from games.engine import IllegalAction
from tests.games.race_helpers import can_pass, move, moves, playout, position, throw, variant

KEY = "race.senet"
K5 = {"rules": "kendall", "pieces": 5}
senet = variant(KEY)


def k(pieces, throw_value=None, *, to_move=0, **fields):
    options = {**K5, **fields.pop("options", {})}
    return position(KEY, pieces, options, throw=throw_value, to_move=to_move, **fields)


def turn(state, *values):
    """Throw ``values`` in order (each but the last a 1, 4 or 5, which throw again)."""
    for v in values:
        state = throw(state, v)
    return state


# -- the audit's five checks -------------------------------------------------------------------

def test_check1_a_piece_on_29_stays_until_a_2_bears_it_off():
    home = [[29, 31, 31, 31, 31], [1, 3, 5, 7, 9]]
    for values in ((3,), (1, 3), (4, 2), (5, 3)):
        after = turn(k(home), *values)
        if 2 in values:
            assert after.phase == "move" and moves(after) == {(29, 31)}, values
        else:  # nothing moves: not on to 30, not back
            assert after.pieces == ((29, 31, 31, 31, 31), (1, 3, 5, 7, 9)) and after.to_move == 1, values
    assert moves(k(home, 2)) == {(29, 31)}


def test_check2_a_piece_on_28_stays_until_a_3_bears_it_off():
    home = [[28, 31, 31, 31, 31], [1, 3, 5, 7, 9]]
    for values in ((2,), (1, 2), (4, 2), (5, 2)):
        after = turn(k(home), *values)
        assert after.pieces[0] == (28, 31, 31, 31, 31) and after.to_move == 1, values  # not to 29 or 30
    assert moves(k(home, 3)) == {(28, 31)}


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
def test_check3_a_piece_on_30_bears_off_with_any_throw(value):
    s = k([[30, 31, 31, 31, 28], [1, 3, 5, 7, 9]], value)
    assert (30, 31) in moves(s)
    assert (28, 31) in moves(s) if value == 3 else (28, 31) not in moves(s)  # 28 still needs its 3


def test_check4_a_piece_attacked_on_29_from_26_goes_to_27_not_26():
    s = k([[1, 3, 5, 7, 26], [2, 4, 6, 8, 29]], 3)
    after = move(s, 26, 29)
    assert after.pieces == ((1, 3, 5, 7, 29), (2, 4, 6, 8, 27))
    # and while 27 is taken, 28-30 are safe (SN-20)
    assert (26, 29) not in moves(k([[1, 3, 5, 7, 26], [2, 4, 6, 27, 29]], 3))
    assert (26, 29) not in moves(k([[1, 3, 5, 27, 26], [2, 4, 6, 8, 29]], 3, moves_left=[3]))


@pytest.mark.parametrize("thrower", [0, 1])
def test_check5_the_first_to_throw_1_plays_white_and_moves_the_white_piece_in_front(thrower):
    s = senet.new_game({"rules": "kendall"})
    assert s.phase == "opening" and s.pieces[0] == (2, 4, 6, 8, 10, 12, 14)
    for _ in range(thrower):
        s = throw(s, 3)  # no 1: the other side throws
        assert s.phase == "opening" and s.to_move == 1
    s = throw(s, 2) if thrower == 0 else s
    if thrower == 0:
        assert s.phase == "opening" and s.to_move == 1
        s = throw(s, 5)
        assert s.phase == "opening" and s.to_move == 0
    s = throw(s, 1)
    # the thrower holds the pieces in front (white), its front piece moved 14 -> 15, and throws again
    assert s.phase == "throw" and s.to_move == thrower
    assert s.pieces[thrower] == (2, 4, 6, 8, 10, 12, 15)
    assert s.pieces[1 - thrower] == (1, 3, 5, 7, 9, 11, 13)


def test_the_old_opening_stays_an_option():
    s = throw(senet.new_game({"rules": "kendall", "starter": "higher"}), 1)
    assert s.phase == "opening" and s.to_move == 1 and s.pieces[0] == (2, 4, 6, 8, 10, 12, 14)


# -- the rules the engine lacked -----------------------------------------------------------------

def test_all_of_a_turns_throws_are_made_before_moving():
    s = k([[1, 3, 5, 7, 9], [2, 4, 6, 8, 11]])
    s = throw(s, 4)
    assert s.phase == "throw" and s.to_move == 0 and s.banked == (4,) and s.pieces[0] == (1, 3, 5, 7, 9)
    s = throw(s, 1)
    assert s.phase == "throw" and s.banked == (4, 1)
    s = throw(s, 2)
    assert s.phase == "move" and sorted(s.moves_left) == [1, 2, 4] and s.banked == ()
    assert {(9, 13), (9, 10), (9, 11)} <= moves(s)
    s = move(s, 9, 13)  # the 4
    assert s.phase == "move" and sorted(s.moves_left) == [1, 2]
    s = move(s, 13, 14)  # the 1: each throw moves a piece by its whole value
    assert s.moves_left == (2,) and (14, 16) in moves(s) and (14, 15) not in moves(s)
    s = move(s, 7, 9)
    assert s.phase == "throw" and s.to_move == 1  # a 2 ended the throwing, so the turn passes
    assert senet.state_from_json(s.to_json()) == s


def test_a_throw_that_cannot_go_forward_goes_backward_each_for_itself():
    # 5 is blocked for every piece (26 must be landed on), the 1 goes forward
    s = k([[22, 24, 25, 31, 31], [1, 3, 5, 7, 9]], 1, moves_left=[5, 1])
    assert (25, 26) in moves(s) and (25, 20) in moves(s) and (22, 17) in moves(s)


def test_a_piece_moving_onto_27_with_a_1_stays_in_the_water():
    s = k([[1, 3, 5, 7, 26], [2, 4, 6, 8, 10]], 1)
    assert move(s, 26, 27).pieces[0] == (1, 3, 5, 7, 27)


def test_in_the_water_the_owner_waits_for_a_4_or_goes_back_to_15_and_no_other_piece_moves():
    water = [[1, 3, 5, 7, 27], [2, 4, 6, 8, 12]]
    s = k(water, 2)
    assert moves(s) == {(27, 15)} and can_pass(s)  # 1-7 are frozen
    waited = senet.apply(s, {"pass": True})
    assert waited.pieces == s.pieces and waited.to_move == 1
    four = k(water, 4)
    assert moves(four) == {(27, 31), (27, 15)}
    assert move(four, 27, 31).pieces[0] == (1, 3, 5, 7, 31)
    # a 4 thrown with other throws bears it off, and the other throws then move the rest
    mixed = k(water, 2, moves_left=[4, 2])
    assert moves(mixed) == {(27, 31), (27, 15)}
    assert (7, 9) in moves(move(mixed, 27, 31))


def test_going_back_to_15_loses_the_next_turn_and_the_piece_on_15_moves_first():
    s = k([[1, 3, 5, 7, 27], [2, 4, 6, 8, 12]], 2)
    back = move(s, 27, 15)
    assert back.pieces[0] == (1, 3, 5, 7, 15) and back.to_move == 1 and back.skip == (1, 0) and back.reborn == (15, 0)
    assert senet.state_from_json(back.to_json()) == back
    after = move(throw(back, 3), 12, 15)  # side 1 plays and attacks; its turn ends ...
    # (15 was side 0's piece: the swap sends it to 12, and it is no longer the one that must move)
    assert after.pieces[0] == (1, 3, 5, 7, 12) and after.reborn == (0, 0)
    assert after.to_move == 1 and after.skip == (0, 0)  # ... and side 0's turn is lost: side 1 again
    # left alone, the piece back on 15 is the only one side 0 may move
    s = k([[1, 3, 5, 7, 15], [2, 4, 6, 8, 20]], 2, reborn=[15, 0])
    assert moves(s) == {(15, 17)}
    moved = move(s, 15, 17)
    assert moved.reborn == (0, 0)


def test_a_side_in_the_water_loses_the_protection_of_pairs():
    pair = [[1, 3, 8, 20, 22], [10, 11, 13, 24, 27]]
    assert (8, 11) in moves(k(pair, 3))
    guarded = [[1, 3, 8, 20, 22], [10, 11, 13, 24, 26]]
    assert (8, 11) not in moves(k(guarded, 3))


def test_bearing_off_is_never_compulsory():
    s = k([[29, 31, 31, 31, 31], [1, 3, 5, 7, 9]], 2)
    assert moves(s) == {(29, 31)} and can_pass(s)
    kept = senet.apply(s, {"pass": True})
    assert kept.pieces[0] == (29, 31, 31, 31, 31) and kept.to_move == 1
    with pytest.raises(IllegalAction, match="no pass"):
        senet.apply(k([[1, 3, 5, 7, 9], [2, 4, 6, 8, 11]], 2), {"pass": True})
    assert senet.describe(s, {"pass": True}) == "pass"


def test_pieces_on_27_to_30_never_move_backward():
    s = k([[28, 29, 30, 31, 31], [1, 3, 5, 7, 9]], 4)
    assert moves(s) == {(30, 31)}


@pytest.mark.parametrize("seed", range(12))
def test_random_games_under_kendall_end_by_the_rules(seed):
    v = senet

    def check(state):
        if state.phase == "move":
            assert v.legal_actions(state)

    end = playout(KEY, {"rules": "kendall"}, seed=seed, check=check)
    assert v.outcome(end).how == "first-off"


def test_a_backward_attack_sends_the_attacked_piece_to_where_the_move_began():
    # a 3 cannot take 25 forward (26 must be landed on), so it goes back onto the lone piece on 22
    s = k([[25, 31, 31, 31, 31], [1, 3, 5, 7, 22]], 3)
    assert moves(s) == {(25, 22)}
    assert move(s, 25, 22).pieces == ((22, 31, 31, 31, 31), (1, 3, 5, 7, 25))
