"""Hand-worked tests for helper sow17's sowing files, clause by clause on positions worked by
hand from the DLP's texts: Quendo (DLP ruleset 273) and its hooks (``hooks_sow17.py``:
``quendo-moves``, ``quendo-sow``), and the sowing mechanic's ``board.owners = "counters"``
(a hole is the player's whose counters lie in it; the state lists each hole's owner).

Quendo: the twenty holes round a 4x8 board's edge, drawn as two rows of ten; holes 1..10 are
South's half from his left, 11..20 North's from his left; anticlockwise is 1, 2, ..., 20, 1.
Eighty counters in all (four a hole)."""
from __future__ import annotations

import json
from typing import Any

import pytest

from games.engine.core import InvalidState
from games.engine.rules import rules_variant
from games.engine.rules.hooks import HOOKS
from games.engine.rules.hooks_sow17 import back_of_run

QUENDO = "sow.quendo"


def pos(key: str, south: dict[int, int], north: dict[int, int], to_move: int = 0,
        options: dict[str, Any] | None = None, **more: Any):
    """A hand-made position: each side's holes (hole number: counters)."""
    board = {str(h): [0, "seed", c] for h, c in south.items()}
    board |= {str(h): [1, "seed", c] for h, c in north.items()}
    data = {"board": board, "to_move": to_move, "scores": [0, 0], **more}
    if options:
        data["options"] = options
    return rules_variant(key).state_from_json(data)


def sides(state) -> tuple[dict[int, int], dict[int, int]]:
    """Each side's holes (hole number: counters)."""
    out: tuple[dict[int, int], dict[int, int]] = ({}, {})
    for k, (who, _, c) in state.to_json()["board"].items():
        out[who][int(k)] = c
    return out


def moves(key: str, state) -> list[dict]:
    return [a.to_json() if hasattr(a, "to_json") else dict(a) for a in rules_variant(key).legal_actions(state)]


# -- QD-1, QD-2, QD-3, QD-4: the start, whose holes, the one move ------------------------------------
def test_quendo_starts_with_four_counters_a_hole_each_player_holding_his_half():
    v = rules_variant(QUENDO)
    s = v.new_game()
    south, north = sides(s)
    assert south == {h: 4 for h in range(1, 11)} and north == {h: 4 for h in range(11, 21)}
    assert moves(QUENDO, s) == [{"sow": "1"}]           # South's leftmost hole, his only move
    s = v.apply(s, {"sow": "1"})                        # 2, 3, 4, 5 get one each
    south, north = sides(s)
    assert south == {2: 5, 3: 5, 4: 5, 5: 5, 6: 4, 7: 4, 8: 4, 9: 4, 10: 4}
    assert v.to_move(s) == 1 and moves(QUENDO, s) == [{"sow": "11"}]  # North from his left end


def test_quendo_the_state_lists_each_holes_owner_and_reads_it_back():
    s = pos(QUENDO, {3: 2, 4: 1}, {5: 70, 19: 7}, to_move=1)
    data = s.to_json()
    assert data["board"] == {"3": [0, "seed", 2], "4": [0, "seed", 1], "5": [1, "seed", 70], "19": [1, "seed", 7]}
    assert rules_variant(QUENDO).state_from_json(json.loads(json.dumps(data))).to_json() == data
    with pytest.raises(InvalidState):  # a hole's counters are someone's
        rules_variant(QUENDO).state_from_json({"board": {"1": [None, "seed", 80]}, "to_move": 0})


def test_quendo_a_player_sows_from_the_back_of_his_first_run_from_his_left_end():
    # South holds 19, 20, 1 (one run, its back 19, behind his left end) and 5, 6: from hole 1 the
    # first of his holes after one not his is 5.
    s = pos(QUENDO, {19: 1, 20: 1, 1: 1, 5: 2, 6: 1}, {3: 70, 12: 4})
    assert moves(QUENDO, s) == [{"sow": "5"}]
    # His left end itself the back of a run: hole 1 (20 is not his).
    s = pos(QUENDO, {1: 3, 9: 2}, {10: 5, 11: 70})
    assert moves(QUENDO, s) == [{"sow": "1"}]
    # North searches from his own left end, hole 11, which is South's: his first after it is 12.
    s = pos(QUENDO, {11: 2, 1: 4}, {12: 3, 13: 1, 18: 70}, to_move=1)
    assert moves(QUENDO, s) == [{"sow": "12"}]
    sim = rules_variant(QUENDO).fast(s)
    assert back_of_run(sim, 1, 0) == 11 and back_of_run(sim, 0, 0) == 0  # indices: holes 12 and 1
    assert HOOKS["quendo-moves"](sim, 1, []) == [11]


# -- QD-5, QD-6: the last counter captures; earlier ones join the opponent's hole ------------------------
def test_quendo_the_last_counter_captures_the_opponents_hole_which_stays_in_play():
    v = rules_variant(QUENDO)
    s = v.apply(pos(QUENDO, {1: 3}, {4: 2, 10: 75}), {"sow": "1"})
    # 2 and 3 (empty) become South's; the last falls into North's 4: it and its two are South's.
    assert sides(s) == ({2: 1, 3: 1, 4: 3}, {10: 75})
    assert v.to_move(s) == 1 and s.to_json()["scores"] == [0, 0]


def test_quendo_an_earlier_counter_joins_the_opponents_hole_unless_each_counter_captures():
    v = rules_variant(QUENDO)
    s = v.apply(pos(QUENDO, {1: 3}, {2: 2, 10: 75}), {"sow": "1"})
    assert sides(s) == ({3: 1, 4: 1}, {2: 3, 10: 75})   # North's 2 keeps the counter dropped in it
    s = v.apply(pos(QUENDO, {1: 3}, {2: 2, 10: 75}, options={"each_counter": True}), {"sow": "1"})
    assert sides(s) == ({2: 3, 3: 1, 4: 1}, {10: 75})   # Ludii's reading: 2 is captured too


def test_quendo_a_long_sowing_goes_round_into_its_own_hole():
    v = rules_variant(QUENDO)
    s = v.apply(pos(QUENDO, {1: 21}, {5: 59}), {"sow": "1"})
    # 2..20 and 1 take one each, 2 the twenty-first; 5 (North's, 60) is passed with a counter joining it.
    south, north = sides(s)
    assert north == {5: 60}
    assert south == {1: 1, 2: 2, 3: 1, 4: 1, **{h: 1 for h in range(6, 21)}}


# -- QD-7: a lone counter leaps to the next enemy hole ------------------------------------------------------
def test_quendo_a_players_only_counter_leaps_over_empty_holes_to_capture():
    v = rules_variant(QUENDO)
    s = v.apply(pos(QUENDO, {5: 1}, {8: 4, 12: 75}), {"sow": "5"})
    assert sides(s) == ({8: 5}, {12: 75})
    # Not his only counter: it is sown into the next hole as usual.
    s = v.apply(pos(QUENDO, {5: 1, 15: 2}, {8: 4, 12: 73}), {"sow": "5"})
    assert sides(s) == ({6: 1, 15: 2}, {8: 4, 12: 73})
    # North's lone counter goes round past hole 20 to South's 3.
    s = v.apply(pos(QUENDO, {3: 70, 9: 9}, {18: 1}, to_move=1), {"sow": "18"})
    assert sides(s) == ({9: 9}, {3: 71})


# -- QD-8: taking the opponent's last hole wins -----------------------------------------------------------
def test_quendo_capturing_the_last_hole_of_the_opponents_wins():
    v = rules_variant(QUENDO)
    s = v.apply(pos(QUENDO, {1: 2}, {3: 78}), {"sow": "1"})
    assert sides(s) == ({2: 1, 3: 79}, {})
    assert s.to_json()["over"] == {"winner": 0, "how": "no-moves"}
    assert v.legal_actions(s) == []


# -- QD-9: the forced game's draw ------------------------------------------------------------------------
def test_quendo_the_two_thousandth_move_ends_an_unwon_game_drawn():
    v = rules_variant(QUENDO)
    s = pos(QUENDO, {1: 3}, {10: 77}, turn=1998)
    s = v.apply(s, {"sow": "1"})
    assert s.to_json()["over"] is None and v.to_move(s) == 1
    s = v.apply(s, {"sow": "10"})
    assert s.to_json()["over"] == {"winner": None, "how": "draw"}


def test_quendo_whole_games_from_the_start():
    v = rules_variant(QUENDO)
    for options, plies, over in (({}, 2000, {"winner": None, "how": "draw"}),
                                 ({"each_counter": True}, 37, {"winner": 0, "how": "no-moves"})):
        s, n = v.new_game(options), 0
        while v.legal_actions(s):
            assert len(v.legal_actions(s)) == 1        # play is forced
            s = v.apply(s, v.legal_actions(s)[0])
            n += 1
            south, north = sides(s)
            assert sum(south.values()) + sum(north.values()) == 80
        assert (n, s.to_json()["over"]) == (plies, over)


# == Mwendo =========================================================================================
# The twenty-four holes round a 4x10 board's edge, drawn as two rows of twelve: 1..12 South's half
# from his left, 13..24 North's from his left; clockwise is 12, 11, ..., 1, 24, 23, ..., 13, 12.
# Seventy-two counters in all (three a hole).
MWENDO = "sow.mwendo"


# -- MWE-1, MWE-2, MWE-4, MWE-6: the start and the two moves ------------------------------------------
def test_mwendo_starts_with_three_a_hole_and_offers_the_rightmost_hole_two_ways():
    v = rules_variant(MWENDO)
    s = v.new_game()
    assert sides(s) == ({h: 3 for h in range(1, 13)}, {h: 3 for h in range(13, 25)})
    assert moves(MWENDO, s) == [{"sow": "12"}, {"from": "12", "to": "11"}]
    s = v.apply(s, {"sow": "12"})  # one each into 11, 10, 9 (occupied): no sowing again
    assert sides(s)[0] == {**{h: 3 for h in range(1, 9)}, 9: 4, 10: 4, 11: 4}
    assert v.to_move(s) == 1 and moves(MWENDO, s) == [{"sow": "24"}, {"from": "24", "to": "23"}]


# -- MWE-3, MWE-5: two into an empty hole, and sowing again ---------------------------------------------
def test_mwendo_two_counters_go_into_an_empty_hole_and_a_last_in_an_empty_hole_sows_again():
    v = rules_variant(MWENDO)
    s = pos(MWENDO, {12: 3, 1: 2}, {9: 5, 20: 62})
    s = v.apply(s, {"sow": "12"})
    # 11 (empty) takes two, 10 (empty) the last: again, from 11 (the back of his run 11, 10):
    # 10 takes one, and the last falls into North's 9, captured: the move ends.
    assert sides(s) == ({10: 2, 9: 6, 1: 2}, {20: 62})
    assert v.to_move(s) == 1


def test_mwendo_a_chain_of_sowings_again_down_the_row():
    v = rules_variant(MWENDO)
    s = pos(MWENDO, {12: 2, 1: 3}, {11: 4, 20: 63})
    s = v.apply(s, {"sow": "12"})
    # 11 is North's: its counter joins it; the last, alone, into empty 10: again from 10, one
    # counter into empty 9, again ..., until 2's counter falls into his own 1.
    assert sides(s) == ({1: 4}, {11: 5, 20: 63})


# -- MWE-6: all into the next hole -------------------------------------------------------------------
def test_mwendo_putting_a_holes_counters_into_the_next_hole():
    v = rules_variant(MWENDO)
    s = v.apply(pos(MWENDO, {12: 3, 1: 2}, {9: 5, 20: 62}), {"from": "12", "to": "11"})
    assert sides(s) == ({11: 3, 1: 2}, {9: 5, 20: 62}) and v.to_move(s) == 1  # empty 11: no sowing again
    s = v.apply(pos(MWENDO, {12: 3, 1: 2}, {11: 5, 20: 62}), {"from": "12", "to": "11"})
    assert sides(s) == ({11: 8, 1: 2}, {20: 62})                             # North's 11 captured


# -- MWE-7, MWE-8: the last counter captures; each_counter ------------------------------------------------
def test_mwendo_the_last_counter_captures_and_earlier_ones_join_unless_each_counter():
    v = rules_variant(MWENDO)
    start = ({12: 2, 1: 3}, {11: 4, 10: 1, 20: 62})
    s = v.apply(pos(MWENDO, *start), {"sow": "12"})
    assert sides(s) == ({10: 2, 1: 3}, {11: 5, 20: 62})
    s = v.apply(pos(MWENDO, *start, options={"each_counter": True}), {"sow": "12"})
    assert sides(s) == ({11: 5, 10: 2, 1: 3}, {20: 62})


def test_mwendo_one_counter_left_after_taking_the_last_hole_goes_to_the_loser():
    v = rules_variant(MWENDO)
    # each_counter: the first counter takes North's only hole, 11, with one still in hand: it is
    # North's, and goes on to the next hole of South's, 3, which becomes North's.
    s = v.apply(pos(MWENDO, {12: 2, 3: 69}, {11: 1}, options={"each_counter": True}), {"sow": "12"})
    assert sides(s) == ({11: 2}, {3: 70})
    assert s.to_json()["over"] is None and v.to_move(s) == 1
    # MWE-7's reading: the counter joins North's 11 (two); the last, into empty 10, sows again,
    # one by one down to 3; North is left a single hole of two, and has lost (MWE-10).
    s = v.apply(pos(MWENDO, {12: 2, 3: 69}, {11: 1}), {"sow": "12"})
    assert sides(s) == ({3: 70}, {11: 2})
    assert s.to_json()["over"] == {"winner": 0, "how": "no-moves"}


# -- MWE-9: the lone counter -----------------------------------------------------------------------------
def test_mwendo_a_lone_counter_leaps_to_the_next_enemy_hole_its_only_move():
    v = rules_variant(MWENDO)
    s = pos(MWENDO, {7: 1}, {3: 5, 20: 66})
    assert moves(MWENDO, s) == [{"sow": "7"}]
    s = v.apply(s, {"sow": "7"})
    assert sides(s) == ({3: 6}, {20: 66})


# -- MWE-10: the ends -------------------------------------------------------------------------------------
def test_mwendo_taking_the_last_hole_or_leaving_a_single_hole_of_two_wins():
    v = rules_variant(MWENDO)
    s = v.apply(pos(MWENDO, {12: 1, 5: 2}, {11: 69}), {"sow": "12"})
    assert sides(s) == ({11: 70, 5: 2}, {}) and s.to_json()["over"] == {"winner": 0, "how": "no-moves"}
    s = v.apply(pos(MWENDO, {12: 1, 5: 2}, {11: 67, 20: 2}), {"sow": "12"})
    assert s.to_json()["over"] == {"winner": 0, "how": "no-moves"}           # North: one hole of two
    s = v.apply(pos(MWENDO, {12: 1, 5: 2}, {11: 66, 20: 3}), {"sow": "12"})
    assert s.to_json()["over"] is None and moves(MWENDO, s)[0] == {"sow": "20"}


# -- MWE-11: the ten-thousandth move ---------------------------------------------------------------------
def test_mwendo_the_ten_thousandth_move_ends_an_unwon_game_drawn():
    v = rules_variant(MWENDO)
    s = v.apply(pos(MWENDO, {12: 3, 1: 2}, {9: 5, 20: 62}, turn=9998), {"sow": "12"})
    assert s.to_json()["over"] is None
    s = v.apply(s, {"from": "20", "to": "19"})
    assert s.to_json()["over"] == {"winner": None, "how": "draw"}


def test_mwendo_prelude_hook_on_its_own():
    v = rules_variant(MWENDO)
    sim = v.fast(pos(MWENDO, {12: 3, 1: 2}, {9: 5, 20: 62}))
    pre = HOOKS["mwendo-prelude"]
    assert pre(sim, 0, "moves", None) == [("hook", "sow", 11), ("hook", "move", 11, 10)]
    assert pre(sim, 0, "action", ("hook", "move", 11, 10)) == {"from": "12", "to": "11"}
    assert pre(sim, 1, "moves", None) == [("hook", "sow", 19), ("hook", "move", 19, 18)]
