"""Senet's rules, clause by clause (SN-), on positions worked by hand."""
from __future__ import annotations

import pytest

from games.engine import IllegalAction, InvalidOptions, InvalidState
from tests.games.race_helpers import move, moves, position, throw, variant

KEY = "race.senet"
KENDALL5 = {"rules": "kendall", "pieces": 5}
BELL = {"rules": "bell"}
senet = variant(KEY)
# The readings the engine gave Kendall before DLP.GameRulesets.922 was read (the modern summaries),
# kept as options: the tests written for them play them explicitly.
SUMMARIES = {"starter": "higher", "throws_first": False, "water_wait": False, "last_squares": "open",
             "optional_bearoff": False}


def k(pieces, throw_value=None, **options):
    return position(KEY, pieces, {**KENDALL5, **options}, throw=throw_value)


def test_the_presets_set_every_disputed_point():
    kendall, bell = senet.validate_options({"rules": "kendall"}), senet.validate_options(BELL)
    assert (kendall["pieces"], bell["pieces"]) == (7, 10)
    assert (kendall["capture"], bell["capture"]) == ("swap", "remove")
    assert (kendall["goal"], bell["goal"]) == ("first-off", "most-off")
    assert bell["safe_squares"] == [15, 26, 27, 28, 29] and kendall["safe_squares"] == []
    # an option given beside the preset overrides it
    assert senet.validate_options({"rules": "bell", "pieces": 5})["pieces"] == 5


def test_it_refuses_removing_pieces_when_the_first_off_wins():
    with pytest.raises(InvalidOptions, match="most-off"):
        senet.validate_options({"rules": "kendall", "capture": "remove"})


def test_safe_squares_are_checked_as_a_list_of_squares():
    for bad in ([0], [31], [True], [15, 15], "15", [[15]]):
        with pytest.raises(InvalidOptions, match="safe_squares"):
            senet.validate_options({"safe_squares": bad})


def test_sn2_pieces_start_alternating_kendall_even_bell_odd():
    s = senet.new_game({"rules": "kendall"})
    assert s.pieces == ((2, 4, 6, 8, 10, 12, 14), (1, 3, 5, 7, 9, 11, 13))
    b = senet.new_game(BELL)
    assert b.pieces[0] == tuple(range(1, 20, 2)) and b.pieces[1] == tuple(range(2, 21, 2))
    off = senet.new_game({"rules": "kendall", "start": "off-board", "opening": False})
    assert off.pieces == ((0,) * 7, (0,) * 7)
    assert moves(throw(off, 3)) == {(0, 3)}


def test_sn3_four_sticks_are_worth_the_marked_sides_up_and_5_or_6_with_none():
    r5 = senet.rules(senet.validate_options({}))
    r6 = senet.rules(senet.validate_options({"zero_value": 6}))
    assert r5.value_of((1, 0, 1, 1)) == (3,) and r5.value_of((0, 0, 0, 0)) == (5,)
    assert r6.value_of((0, 0, 0, 0)) == (6,)
    assert senet.describe(k([[1, 3, 5, 7, 9], [2, 4, 6, 8, 10]]), {"throw": [1, 0, 1, 1]}) == "throw 1-0-1-1 = 3"


def test_sn4_the_higher_opening_throw_starts_and_equal_throws_again():
    s = senet.new_game({"rules": "kendall", "starter": "higher"})
    assert s.phase == "opening" and senet.is_chance(s) and senet.to_move(s) is None
    s = throw(s, 1)
    assert s.phase == "opening" and s.to_move == 1
    again = throw(s, 1)
    assert again.phase == "opening" and again.to_move == 0 and again.opening == ()
    started = throw(s, 3)
    assert started.phase == "throw" and started.to_move == 1


@pytest.mark.parametrize("value, again", [(1, True), (2, False), (3, False), (4, True), (5, True)])
def test_sn4_kendall_throws_of_1_4_and_5_throw_again(value, again):
    s = k([[1, 3, 5, 7, 9], [2, 4, 6, 8, 11]], value, throws_first=False)
    src = 9
    after = move(s, src, src + value) if (src, src + value) in moves(s) else None
    assert after is not None
    assert after.phase == "throw" and (after.to_move == 0) is again


def test_sn4_without_extra_throws_the_turn_passes():
    s = k([[1, 3, 5, 7, 9], [2, 4, 6, 8, 11]], 4, extra_throws=False)
    assert move(s, 9, 13).to_move == 1


def test_sn5_kendall_an_attacked_piece_changes_places_with_its_attacker():
    s = k([[1, 3, 5, 7, 10], [13, 20, 22, 24, 30]], 3)
    after = move(s, 10, 13)
    assert after.pieces == ((1, 3, 5, 7, 13), (10, 20, 22, 24, 30))
    assert senet.describe(s, {"from": 10, "to": 13}) == "10→13*"


def test_sn5_bell_an_attacked_piece_leaves_the_game():
    pieces = [[1, 3, 5, 7, 9, 11, 13, 17, 19, 21], [2, 4, 6, 8, 10, 12, 14, 16, 18, 22]]
    s = position(KEY, pieces, BELL, throw=3)
    after = move(s, 19, 22)
    assert after.lost == (0, 1) and len(after.pieces[1]) == 9 and 22 in after.pieces[0]
    assert after.to_json()["lost"] == [0, 1]


def test_sn5_send_back_puts_the_piece_off_the_board():
    s = k([[1, 3, 5, 7, 10], [13, 20, 22, 24, 30]], 3, capture="send-back")
    assert move(s, 10, 13).pieces[1] == (0, 20, 22, 24, 30)


def test_a_piece_never_lands_on_its_own_side():
    s = k([[1, 3, 5, 7, 10], [13, 20, 22, 24, 30]], 2)
    assert (1, 3) not in moves(s) and (3, 5) not in moves(s)


def test_sn6_two_in_a_row_protect_each_other():
    s = k([[1, 3, 5, 7, 10], [13, 14, 22, 24, 30]], 3)
    assert (10, 13) not in moves(s)
    s = k([[1, 3, 5, 7, 10], [13, 14, 22, 24, 30]], 3, protection=False)
    assert (10, 13) in moves(s)


def test_sn6_only_pieces_on_the_board_protect_a_neighbour():
    # A piece borne off (31) stands beside no square, nor does one waiting off the board (0):
    # a lone piece on 30 or on 1 can be attacked (an outside rules audit).
    s = k([[26, 31, 31, 31, 31], [30, 31, 31, 31, 31]], 4)
    assert (26, 30) in moves(s)
    s = k([[0, 20, 22, 24, 26], [1, 0, 0, 10, 12]], 1, start="off-board", capture="send-back")
    assert (0, 1) in moves(s)


def test_sn7_three_in_a_row_cannot_be_passed():
    s = k([[1, 3, 5, 7, 10], [12, 13, 14, 24, 30]], 5)
    assert (10, 15) not in moves(s) and (7, 12) not in moves(s)  # 12 is protected too
    unblocked = k([[1, 3, 5, 7, 10], [12, 13, 14, 24, 30]], 5, blocking=False)
    assert (10, 15) in moves(unblocked)
    # two in a row do not block
    s = k([[1, 3, 5, 7, 10], [12, 13, 20, 24, 30]], 5)
    assert (10, 15) in moves(s)


def test_sn8_kendall_moves_backward_when_nothing_moves_forward():
    s = k([[28, 29, 30, 31, 31], [1, 3, 5, 7, 9]], 4, **SUMMARIES)
    assert moves(s) == {(28, 24), (29, 25), (30, 26)}
    with pytest.raises(InvalidState, match="allows none"):  # without SN-8 no move exists
        k([[28, 29, 30, 31, 31], [1, 3, 5, 7, 9]], 4, **{**SUMMARIES, "backward": False})


def test_sn8_without_backward_a_blocked_throw_passes_the_turn():
    s = position(KEY, [[29, 31, 31, 31, 31], [1, 3, 5, 7, 9]], {**KENDALL5, "backward": False})
    after = throw(s, 4)
    assert after.phase == "throw" and after.to_move == 0  # 4 still throws again (SN-4)
    after = throw(s, 3)
    assert after.to_move == 1 and after.pieces == s.pieces


def test_sn9_bell_a_piece_on_a_marked_square_cannot_be_captured():
    pieces = [[1, 3, 5, 7, 9, 11, 13, 17, 19, 21], [2, 4, 6, 8, 10, 12, 14, 15, 16, 18]]
    s = position(KEY, pieces, BELL, throw=2)  # side 1 stands on 15, side 0 could reach it from 13
    assert (13, 15) not in moves(s)
    assert (13, 15) in moves(position(KEY, pieces, {**BELL, "safe_squares": []}, throw=2))


def test_sn13_bell_a_piece_on_a_marked_square_must_leave_it_first():
    s = position(KEY, [[1, 3, 5, 7, 9, 11, 13, 17, 19, 26], [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]], BELL, throw=2)
    assert moves(s) == {(26, 28)}
    free = position(KEY, [[1, 3, 5, 7, 9, 11, 13, 17, 19, 26], [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]],
                    {**BELL, "vacate_marked": False}, throw=2)
    assert len(moves(free)) > 1


def test_sn10_kendall_every_piece_stops_on_26():
    s = k([[1, 3, 5, 23, 24], [2, 4, 6, 8, 10]], 3)
    assert (23, 26) in moves(s) and (24, 27) not in moves(s)
    s = k([[1, 3, 5, 23, 24], [2, 4, 6, 8, 10]], 3, stop_on_26=False)
    assert (24, 27) in moves(s)


def test_sn11_the_water_sends_a_piece_back_to_15_or_the_nearest_empty_square_before_it():
    s = k([[1, 3, 5, 7, 26], [2, 4, 6, 8, 10]], 1, **SUMMARIES)
    after = move(s, 26, 27)
    assert 15 in after.pieces[0] and 27 not in after.pieces[0]
    assert senet.describe(s, {"from": 26, "to": 27}) == "26→27 (15)"
    taken = k([[1, 3, 5, 7, 26], [2, 4, 14, 15, 10]], 1, **SUMMARIES)
    assert 13 in move(taken, 26, 27).pieces[0]
    dry = k([[1, 3, 5, 7, 26], [2, 4, 6, 8, 10]], 1, square_27=False)
    assert 27 in move(dry, 26, 27).pieces[0]


def test_sn12_bearing_off_needs_the_exact_throw():
    s = k([[28, 29, 30, 31, 31], [1, 3, 5, 7, 9]], 3, **SUMMARIES)
    assert (28, 31) in moves(s) and (29, 31) not in moves(s) and (30, 31) not in moves(s)
    loose = k([[28, 29, 30, 31, 31], [1, 3, 5, 7, 9]], 3, **{**SUMMARIES, "exact_bearoff": False})
    assert {(28, 31), (29, 31), (30, 31)} <= moves(loose)
    assert senet.describe(s, {"from": 28, "to": 31}) == "28→off"


def test_sn14_first_off_wins():
    s = k([[31, 31, 31, 31, 30], [1, 3, 5, 7, 9]], 1)
    end = move(s, 30, 31)
    assert end.phase == "over" and senet.outcome(end).winner == 0 and senet.outcome(end).how == "first-off"
    assert senet.legal_actions(end) == []
    with pytest.raises(IllegalAction):
        senet.apply(end, {"throw": [1, 0, 0, 0]})


def test_sn14_bell_most_pieces_off_wins_once_the_board_is_empty():
    # side 0: 6 off, 4 lost; side 1: 4 off, 5 lost and one piece left on 30
    s = position(KEY, [[31] * 6, [31] * 4 + [30]], BELL, to_move=1, throw=1, lost=[4, 5])
    end = move(s, 30, 31)
    out = senet.outcome(end)
    assert (out.winner, out.how, out.score) == (0, "most-off", (6, 5))


def test_sn14_bell_equal_scores_go_to_the_side_whose_pieces_left_first():
    s = position(KEY, [[31] * 5, [31] * 4 + [30]], BELL, to_move=1, throw=1, lost=[5, 5], first_out=0)
    end = move(s, 30, 31)
    assert senet.outcome(end).score == (5, 5) and senet.outcome(end).winner == 0


def test_sn14_bell_a_side_with_nothing_left_is_skipped():
    s = position(KEY, [[31] * 5, [20, 25] + [31] * 3], BELL, to_move=1, throw=1, lost=[5, 5])
    after = move(s, 20, 21)
    assert after.phase == "throw" and after.to_move == 1
