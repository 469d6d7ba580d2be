"""Hand-worked tests for helper sow13: the sow mechanic's ``sow.sow_hook`` (a Python rule makes
the whole sowing) and the hooks of games/engine/rules/hooks_sow13.py, with the file they serve,
sow.mangola (DLP ruleset 277).

Mangola's holes, as South sees the board (each seat sows anticlockwise round its own rows):

    North outer  32 31 30 29 28 27 26 25
    North inner  17 18 19 20 21 22 23 24
    South inner  16 15 14 13 12 11 10  9
    South outer   1  2  3  4  5  6  7  8
"""
from __future__ import annotations

import pytest

from games.engine import get_variant
from games.engine.rules.loader import RulesFileError
from tests.games.test_rules_sow import holes, make, state_of

MANGOLA = "sow.mangola"
LUDII = {"capture_reading": "mangola-sow-ludii", "singles": 2}


def sows(v, state) -> list[str]:
    return sorted((a["sow"] for a in v.legal_actions(state)), key=int)


def position(v, counts, options=None, turn=4):
    """A position of the main phase (both openings and first sowings made: four moves)."""
    s = state_of(v, counts, 0, turn=turn)
    if options:
        data = s.to_json()
        data["options"] = options
        s = v.state_from_json(data)
    return s


# -- the opening and the first sowing ----------------------------------------------------------------
def test_the_opening_starts_from_either_rows_leftmost_hole_and_empties_every_second_hole():
    v = get_variant(MANGOLA)
    s = v.new_game()
    assert sows(v, s) == ["1", "16"]  # South's outer row's leftmost (1), his inner row's (16)
    a = v.apply(s, {"sow": "1"})
    # 1 into 2, 3 into 4, ..., 15 into 16: the even holes hold four, the odd none.
    assert {h: c for h, c in holes(a).items() if h <= 16} == {h: 4 for h in range(2, 17, 2)}
    b = v.apply(s, {"sow": "16"})
    # 16 into 1, then 2 into 3, ..., 14 into 15: the odd holes hold four.
    assert {h: c for h, c in holes(b).items() if h <= 16} == {h: 4 for h in range(1, 16, 2)}
    assert all(holes(b)[h] == 2 for h in range(17, 33))  # North's untouched
    # North's leftmost holes as he sees them are on South's right: 24 (inner) and 25 (outer).
    assert v.to_move(b) == 1 and sows(v, b) == ["24", "25"]
    c = v.apply(b, {"sow": "25"})
    # 25 into 26, 27 into 28, ..., 31 into 32, 17 into 18, ..., 23 into 24.
    assert {h: c for h, c in holes(c).items() if h > 16} == {h: 4 for h in range(18, 33, 2)}


def test_the_first_sowing_is_from_an_end_of_a_row_then_from_any_hole():
    v = get_variant(MANGOLA)
    s = v.apply(v.apply(v.new_game(), {"sow": "16"}), {"sow": "25"})
    # South's ends are 1, 8 (outer) and 9, 16 (inner); 8 and 16 are empty after his opening.
    assert sows(v, s) == ["1", "9"]
    s = v.apply(s, {"sow": "1"})
    # North's ends: 17, 24, 25, 32; his opening from 25 left 24 and 32 with four.
    assert sows(v, s) == ["24", "32"]
    s = v.apply(s, {"sow": "24"})
    assert len(sows(v, s)) > 2  # now any of South's holes holding counters


# -- the sowing ----------------------------------------------------------------------------------------
NORTH = {30: 2}  # North keeps a move; nothing of his lies across the holes these tests capture from


def test_a_last_counter_due_in_an_empty_hole_goes_into_the_next_and_ends_the_turn():
    v = get_variant(MANGOLA)
    s = position(v, {1: 2, 2: 1, **NORTH})
    s = v.apply(s, {"sow": "1"})
    # 2 (1 -> 2), then the last is due in 3, empty: it goes into 4 and the turn ends.
    assert holes(s) == {2: 2, 4: 1, **NORTH} and v.to_move(s) == 1


def test_a_last_counter_in_an_occupied_hole_is_relayed():
    v = get_variant(MANGOLA)
    s = position(v, {1: 2, 3: 1, **NORTH})
    s = v.apply(s, {"sow": "1"})
    # 2 (0 -> 1), 3 (1 -> 2, occupied): lifted, 4 (-> 1), 5 due empty -> into 6.
    assert holes(s) == {2: 1, 4: 1, 6: 1, **NORTH}


def test_an_occupied_inner_hole_takes_either_hole_across_and_sows_it_from_after_the_empty_one_behind():
    v = get_variant(MANGOLA)
    s = position(v, {7: 2, 9: 1, 24: 3, **NORTH})
    s = v.apply(s, {"sow": "7"})
    # 8 (-> 1), 9 (1 -> 2: occupied, inner). Across: 24 (3) and 25 (empty): the three taken.
    # Back from 9: 8 occupied, 7 empty (lifted): sown from 8: 8 -> 2, 9 -> 3, 10 -> 1.
    # Then 9 is lifted (3): 10 -> 2, 11 -> 1, 12 due empty -> into 13.
    assert holes(s) == {8: 2, 10: 2, 11: 1, 13: 1, **NORTH}


def test_ludiis_reading_needs_both_holes_across_and_sows_one_hole_further():
    v = get_variant(MANGOLA)
    s = position(v, {7: 2, 9: 1, 24: 3, **NORTH}, LUDII)
    s = v.apply(s, {"sow": "7"})
    # 25 is empty: no capture; 9 (2) relayed: 10 -> 1, 11 due empty -> into 12.
    assert holes(s) == {8: 1, 10: 1, 12: 1, 24: 3, **NORTH}
    s = position(v, {7: 2, 9: 1, 24: 3, 25: 1, **NORTH}, LUDII)
    s = v.apply(s, {"sow": "7"})
    # Four taken, sown from 9 (one past 8): 9 -> 3, 10, 11, 12 -> 1. 9 lifted (3): 10 -> 2,
    # 11 -> 2, 12 -> 2 (occupied, inner; 21 and 28 across empty): 12 lifted: 13 -> 1, 14 due
    # empty -> into 15.
    assert holes(s) == {8: 1, 10: 2, 11: 2, 13: 1, 15: 1, **NORTH}
    # The ruleset's reading of the same position: sown from 8, 9 relayed, 12 due empty -> 13.
    s = position(v, {7: 2, 9: 1, 24: 3, 25: 1, **NORTH})
    s = v.apply(s, {"sow": "7"})
    assert holes(s) == {8: 2, 10: 2, 11: 2, 13: 1, **NORTH}


def test_single_counters_are_sown_unless_ludiis_reading():
    v = get_variant(MANGOLA)
    assert sows(v, position(v, {1: 1, 5: 2, **NORTH})) == ["1", "5"]
    assert sows(v, position(v, {1: 1, 5: 2, **NORTH}, LUDII)) == ["5"]


def test_a_player_who_cannot_move_loses():
    v = get_variant(MANGOLA)
    s = position(v, {1: 2, **NORTH})
    s = v.apply(s, {"sow": "1"})  # 2 -> 1, 3 due empty -> into 4
    assert v.to_move(s) == 1
    s = v.apply(s, {"sow": "30"})  # 31 -> 1, 32 due empty -> into 17
    assert holes(s) == {2: 1, 4: 1, 31: 1, 17: 1}
    t = position(v, {1: 2}, turn=4)
    t = v.apply(t, {"sow": "1"})  # North has nothing left: he cannot move and has lost
    assert v.outcome(t) is not None and v.outcome(t).winner == 0


# -- sow.sow_hook ---------------------------------------------------------------------------------------
def test_sow_hook_must_name_a_known_hook():
    with pytest.raises(RulesFileError):
        make('''
[[clause]]
id = "H-1"
text = "Four rows."
board = { shape = "mancala", rows = 4, holes = 4 }
setup = { seeds = 2, first = "South" }
sow = { sow_hook = "no-such-hook" }
''')


def test_sow_hook_does_the_whole_sowing_of_a_plain_file():
    v = make('''
[[clause]]
id = "H-1"
text = "Four rows of four, two in each; Mangola's sowing."
board = { shape = "mancala", rows = 4, holes = 4 }
setup = { seeds = 2, first = "South" }
sow = { sow_hook = "mangola-sow", relay = true }
''')
    s = state_of(v, {1: 2, 2: 1, 12: 1}, 0, turn=4)
    s = v.apply(s, {"sow": "1"})
    assert holes(s) == {2: 2, 4: 1, 12: 1}  # 3 due empty: into 4


# -- Nchuwa (sow.nchuwa, DLP ruleset 255) ---------------------------------------------------------------
# As South sees the board:
#
#     North outer  24 23 22 21 20 19
#     North inner  13 14 15 16 17 18
#     South inner  12 11 10  9  8  7
#     South outer   1  2  3  4  5  6
NCHUWA = "sow.nchuwa"
NCHUWA_LUDII = {"prelude": "nchuwa-prelude-ludii", "also_take": 0}


def actions(v, s) -> list[dict]:
    return [a.to_json() for a in v.legal_actions(s)]


def opened(v, options=None):
    s = v.new_game(options=options) if options else v.new_game()
    for _ in range(8):
        (a,) = v.legal_actions(s)  # every opening lap is forced
        s = v.apply(s, a)
    return s


def test_the_opening_is_forced_laps_in_turn_from_each_inner_rows_rightmost_hole():
    v = get_variant(NCHUWA)
    s = v.new_game()
    order = []
    for _ in range(8):
        (a,) = actions(v, s)
        order.append(a["sow"])
        s = v.apply(s, a)
        if len(order) == 1:  # South's first lap: 7's two counters into 8 and 9, nothing more
            assert 7 not in holes(s)
            assert holes(s)[8] == 3 and holes(s)[9] == 3 and holes(s)[10] == 2
    # South from 7 (his inner row's right), then every third hole: 10, 1, 4; North from 13.
    assert order == ["7", "13", "10", "16", "1", "19", "4", "22"]
    empty = {7, 10, 1, 4, 13, 16, 19, 22}
    assert holes(s) == {h: 3 for h in range(1, 25) if h not in empty}
    assert s.to_json()["scores"] == [0, 0]


def test_the_prelude_moves_two_counters_out_captures_across_and_removes_a_hole():
    v = get_variant(NCHUWA)
    s = opened(v)
    # From an inner hole holding counters (8, 9, 11, 12) to an empty outer one (1, 4).
    moves = {(a["from"], a["to"]) for a in actions(v, s)}
    assert moves == {(p, q) for p in ("8", "9", "11", "12") for q in ("1", "4")}
    s = v.apply(s, {"from": "8", "to": "1"})
    # 8 keeps one, 1 gets two; across 8 (column 5 from South's left): North's 17 and 20, 3 each.
    h = holes(s)
    assert h[8] == 1 and h[1] == 2 and 17 not in h and 20 not in h
    assert s.to_json()["scores"] == [6, 0] and v.to_move(s) == 1
    s = v.apply(s, {"from": "14", "to": "19"})  # across 14: South's 11 (3) and 2 (3)
    assert s.to_json()["scores"] == [6, 6]
    removals = actions(v, s)
    assert all(set(a) == {"remove"} for a in removals) and {"remove": "15"} in removals
    s = v.apply(s, {"remove": "15"})
    s = v.apply(s, {"remove": "3"})
    assert s.to_json()["scores"] == [9, 9]
    assert all("sow" in a for a in actions(v, s))  # play begins: one removal each


def test_ludiis_prelude_captures_nothing_with_the_move_and_removes_twice():
    v = get_variant(NCHUWA)
    s = opened(v, NCHUWA_LUDII)
    s = v.apply(s, {"from": "8", "to": "1"})
    s = v.apply(s, {"from": "14", "to": "19"})
    assert s.to_json()["scores"] == [0, 0]
    for d in ("15", "3", "17", "5"):
        assert all(set(a) == {"remove"} for a in actions(v, s))
        s = v.apply(s, {"remove": d})
    assert s.to_json()["scores"] == [6, 6] and all("sow" in a for a in actions(v, s))


def nchuwa_at(v, counts, options=None):
    s = state_of(v, counts, 0, turn=14)
    if options:
        data = s.to_json()
        data["options"] = options
        s = v.state_from_json(data)
    return s


def test_nchuwa_relays_and_a_sowing_ending_in_an_empty_outer_hole_takes_nothing():
    v = get_variant(NCHUWA)
    s = nchuwa_at(v, {7: 2, 8: 1, 9: 1, 1: 2, 14: 2, 23: 2})
    s = v.apply(s, {"sow": "1"})  # 2 (-> 1), 3 (-> 1, empty): ends, in the outer row
    assert holes(s) == {7: 2, 8: 1, 9: 1, 2: 1, 3: 1, 14: 2, 23: 2} and v.to_move(s) == 1


def test_nchuwa_captures_across_and_behind_then_one_hole_more():
    v = get_variant(NCHUWA)
    s = nchuwa_at(v, {7: 2, 8: 1, 9: 1, 14: 2, 23: 1, 20: 4})
    s = v.apply(s, {"sow": "7"})
    # 8 (-> 2), 9 (-> 2: occupied, lifted): 10 (-> 1), 11 (-> 1, empty, inner): across 11 is
    # North's 14 (2), behind it 23 (1): three taken; then one more hole of his choice: 20.
    assert holes(s) == {8: 2, 10: 1, 11: 1, 20: 4}
    assert actions(v, s) == [{"remove": "20"}]
    s = v.apply(s, {"remove": "20"})
    assert v.outcome(s) is not None and v.outcome(s).winner == 0  # North has nothing left
    t = v.apply(nchuwa_at(v, {7: 2, 8: 1, 9: 1, 14: 2, 23: 1, 20: 4}, NCHUWA_LUDII), {"sow": "7"})
    assert holes(t) == {8: 2, 10: 1, 11: 1, 20: 4} and v.to_move(t) == 1  # Ludii: no more taken


def test_nchuwa_takes_the_outer_hole_only_with_the_inner_one():
    v = get_variant(NCHUWA)
    s = nchuwa_at(v, {7: 2, 8: 1, 9: 1, 23: 1, 20: 4})
    s = v.apply(s, {"sow": "7"})
    assert holes(s) == {8: 2, 10: 1, 11: 1, 23: 1, 20: 4} and v.to_move(s) == 1


def test_prelude_hook_must_name_a_known_hook():
    with pytest.raises(RulesFileError):
        make('''
[[clause]]
id = "H-1"
text = "Four rows."
board = { shape = "mancala", rows = 4, holes = 6 }
setup = { seeds = 2, first = "South" }
sow = { prelude_hook = "no-such-hook" }
''')


# -- Isolo (sow.isolo, DLP ruleset 376) ----------------------------------------------------------------
# As South sees the board (as Mangola's): North outer 32..25, North inner 17..24, South inner
# 16..9, South outer 1..8. South's rightmost holes are 8 (outer) and 9 (inner); North's, as he
# sees them, 32 and 17.
ISOLO = "sow.isolo"


def isolo_at(v, counts, sown=(), options=None):
    s = state_of(v, counts, 0, turn=32)  # after the prelude (30 moves) and the two opening sowings
    data = s.to_json()
    data["sown"] = list(sown)
    if options:
        data["options"] = options
    return v.state_from_json(data)


def test_isolos_prelude_gathers_the_outer_row_then_spreads_the_inner_row_then_sows_from_its_right():
    v = get_variant(ISOLO)
    s = v.new_game()
    assert sorted(a["from"] for a in actions(v, s)) == sorted(str(h) for h in range(1, 8))
    assert all(a["to"] == "8" for a in actions(v, s))
    for _ in range(14):  # seven outer holes each, in turn
        s = v.apply(s, v.legal_actions(s)[0])
    assert holes(s)[8] == 16 and holes(s)[32] == 16 and all(h not in holes(s) for h in range(1, 8))
    assert {(a["from"], a["to"]) for a in actions(v, s)} == {(str(9 + k), str(8 - k)) for k in range(8)}
    for _ in range(16):  # a counter of each inner hole into the outer hole behind it
        s = v.apply(s, v.legal_actions(s)[0])
    assert holes(s)[8] == 17 and all(holes(s)[h] == 1 for h in range(1, 8)) and all(holes(s)[h] == 1 for h in range(9, 17))
    assert actions(v, s) == [{"sow": "9"}]
    s = v.apply(s, {"sow": "9"})
    # 9 -> 10 (2, relayed) -> 11, 12 (relayed) -> 13, 14 -> 15, 16 -> 1, 2 -> 3, 4 -> 5, 6 -> 7,
    # and the last, due in 8 (17), goes into 10 instead: the opening ends.
    want = {10: 1, 11: 2, 13: 2, 15: 2, 1: 2, 3: 2, 5: 2, 7: 2, 8: 17}
    assert {h: c for h, c in holes(s).items() if h <= 16} == want
    assert actions(v, s) == [{"sow": "17"}]


def test_isolos_initial_phase_keeps_the_two_rightmost_holes_out_of_play():
    v = get_variant(ISOLO)
    s = isolo_at(v, {7: 2, 8: 5, 9: 3, 30: 2})
    assert sows(v, s) == ["7", "8"]  # 9 is out of play; 8 may be sown from
    t = v.apply(s, {"sow": "7"})  # 8 and 9 passed over: 10, 11 (empty: ends)
    assert holes(t) == {8: 5, 9: 3, 10: 1, 11: 1, 30: 2}
    s = isolo_at(v, {7: 2, 8: 5, 9: 3, 30: 2}, sown=["8"])  # past the initial phase: every hole
    assert sows(v, s) == ["7", "8", "9"]
    t = v.apply(s, {"sow": "7"})  # 8 (6), 9 (4, occupied, nothing across: relayed) 10..13
    assert holes(t) == {8: 6, 10: 1, 11: 1, 12: 1, 13: 1, 30: 2}


def test_isolo_captures_either_hole_across_and_sows_it_on_from_the_next_hole():
    v = get_variant(ISOLO)
    s = isolo_at(v, {10: 1, 11: 1, 22: 3, 30: 2})
    s = v.apply(s, {"sow": "10"})
    # 11 (2, inner): across it 22 (3) and 27 (empty): three taken, sown 12, 13, 14 (empty: ends).
    assert holes(s) == {11: 2, 12: 1, 13: 1, 14: 1, 30: 2}
    # Ludii's reading: sown from the hole after the lap's own (10): 11, 12, 13; the turn ends.
    t = isolo_at(v, {10: 1, 11: 1, 22: 3, 30: 2}, options={"reading": "isolo-sow-ludii"})
    t = v.apply(t, {"sow": "10"})
    assert holes(t) == {11: 3, 12: 1, 13: 1, 30: 2}


def test_isolo_takes_nothing_from_the_opponents_holes_out_of_play():
    v = get_variant(ISOLO)
    # 16 (South's leftmost inner) faces North's 17, 32 behind it: North's out of play.
    s = isolo_at(v, {15: 1, 16: 1, 17: 2, 32: 2, 30: 2}, sown=["8"])
    s = v.apply(s, {"sow": "15"})  # 16 (2): relayed, 1, 2 (empty: ends)
    assert holes(s) == {1: 1, 2: 1, 17: 2, 32: 2, 30: 2}
    s = isolo_at(v, {15: 1, 16: 1, 17: 2, 32: 2, 30: 2}, sown=["8", "32"])  # North has left it
    s = v.apply(s, {"sow": "15"})  # four taken, sown 1, 2, 3, 4 (empty: ends)
    assert holes(s) == {16: 2, 1: 1, 2: 1, 3: 1, 4: 1, 30: 2}
