"""Hand-worked tests for helper sow18's sowing file: Mbelele of the Mba (DLP game 359, ruleset
378, ``games/rulesets/sow/mbelele.toml``) and its hooks (``hooks_sow18.py``: ``mbelele-sow``,
``mbelele-moves``, ``mbelele-outer``), clause by clause on positions worked by hand.

Holes: South's eighteen are 1..18 from his left (1, 2 the left block, 3 his inner single hole,
4..15 the central part, 16, 17 the right block, 18 his outer single hole), North's 19..36 from
his left (19, 20 the block at South's right, 21 North's inner single hole, 22..33 the central
part, 34, 35 the block at South's left, 36 North's outer single hole). Across: 1-35, 2-34,
3-21, 4-33, 5-32, ..., 15-22 (k and 37 - k in the central part), 16-20, 17-19, 18-36. Each
player sows round his own eighteen: South anticlockwise 1, 2, ..., 18, 1; clockwise the other way.
"""
from __future__ import annotations

from games.engine.rules import rules_variant
from games.engine.rules.hooks import HOOKS
from games.engine.rules.hooks_sow18 import OPPOSITE
from tests.games.test_rules_sow import holes, position

KEY = "sow.mbelele"
LUDII = {"ludii_reading": True}


def scores(state) -> list[int]:
    return state.to_json()["scores"]


def sows(v, s) -> list[tuple]:
    return sorted((int(a["sow"]), a.get("direction"), bool(a.get("outer"))) for a in (x.to_json() for x in v.legal_actions(s)))


# -- MBL-1, MBL-2: the board and the holes across ----------------------------------------------------
def test_start_three_in_each_of_thirty_six_holes_south_sows_his_eighteen_either_way():
    v = rules_variant(KEY)
    s = v.new_game()
    assert holes(s) == {h: 3 for h in range(1, 37)}
    assert v.to_move(s) == 0
    assert sows(v, s) == sorted((h, d, False) for h in range(1, 19) for d in ("ccw", "cw"))


def test_holes_across_the_board():
    across = {h + 1: OPPOSITE[h] + 1 for h in range(36)}
    assert across[1] == 35 and across[2] == 34 and across[16] == 20 and across[17] == 19
    assert across[3] == 21 and across[21] == 3      # the inner single holes
    assert across[18] == 36 and across[36] == 18    # the outer single holes
    assert across[4] == 33 and across[15] == 22 and across[9] == 28
    assert all(across[across[h]] == h for h in range(1, 37))


def test_the_board_is_drawn_with_the_single_holes_between_the_rows():
    v = rules_variant(KEY)
    sites = {s["name"]: (s["x"], s["y"]) for s in v.board_info(v.validate_options({}))["geometry"]["sites"]}
    assert sites["1"] == (1, 0) and sites["35"] == (1, 1)          # the left block
    assert sites["36"][0] == 0 and sites["18"][0] == 19             # the outer single holes, at the ends
    assert 0 < sites["3"][1] < 1 and 0 < sites["21"][1] < 1         # the inner single holes between the rows
    assert sites["4"] == (4, 0) and sites["33"] == (4, 1)


# -- MBL-3, MBL-5: sowing in one's own row, capture across ---------------------------------------------
def test_a_last_counter_in_an_empty_hole_takes_the_hole_across():
    v = rules_variant(KEY)
    s = position(KEY, {5: 2, 10: 1, 30: 3, 31: 4, 20: 1})
    t = v.apply(s, {"sow": "5", "direction": "ccw"})  # 6, 7: 7 was empty, 30 across taken
    assert holes(t) == {6: 1, 7: 1, 10: 1, 31: 4, 20: 1}
    assert scores(t)[0] == scores(s)[0] + 3 and v.to_move(t) == 1


def test_sowing_goes_round_the_players_own_row_never_into_the_opponents():
    v = rules_variant(KEY)
    s = position(KEY, {17: 3, 10: 1, 34: 2, 19: 5})
    t = v.apply(s, {"sow": "17", "direction": "ccw"})  # 18, then on at 1, 2: 2 empty, 34 taken
    assert holes(t) == {18: 1, 1: 1, 2: 1, 10: 1, 19: 5}
    s = position(KEY, {20: 2, 3: 4, 30: 1}, to_move=1)
    t = v.apply(s, {"sow": "20", "direction": "cw"})  # North: 19, then 36: empty, 18 across empty
    assert holes(t) == {19: 1, 36: 1, 3: 4, 30: 1} and scores(t) == scores(s)


# -- MBL-6: the single holes ------------------------------------------------------------------------
def test_a_last_counter_in_ones_inner_single_hole_takes_the_opponents_inner_single_hole():
    v = rules_variant(KEY)
    s = position(KEY, {5: 2, 21: 2, 32: 6, 30: 1})
    t = v.apply(s, {"sow": "5", "direction": "cw"})  # 4, 3: 3 (South's inner) empty: 21 taken
    assert holes(t) == {4: 1, 3: 1, 32: 6, 30: 1} and scores(t)[0] == scores(s)[0] + 2


def test_a_last_counter_in_ones_outer_single_hole_takes_the_opponents_outer_single_hole():
    v = rules_variant(KEY)
    s = position(KEY, {22: 2, 18: 5, 3: 1}, to_move=1)
    t = v.apply(s, {"sow": "22", "direction": "cw"})  # North: 21, 20: 16 across 20 is empty
    assert holes(t) == {21: 1, 20: 1, 18: 5, 3: 1} and scores(t) == scores(s)
    t = v.apply(position(KEY, {34: 2, 18: 5, 3: 1}, to_move=1), {"sow": "34", "direction": "ccw"})
    assert holes(t) == {35: 1, 36: 1, 3: 1}  # 35, 36: North's outer hole, South's outer (18) taken


# -- MBL-4: relay ------------------------------------------------------------------------------------
def test_a_last_counter_in_an_occupied_hole_lifts_it_and_sows_on_the_same_way():
    v = rules_variant(KEY)
    s = position(KEY, {5: 2, 7: 2, 27: 4, 30: 5, 29: 1})
    t = v.apply(s, {"sow": "5", "direction": "ccw"})  # 6, 7 (three: lifted), 8, 9, 10: 27 taken
    assert holes(t) == {6: 1, 8: 1, 9: 1, 10: 1, 30: 5, 29: 1}
    assert scores(t)[0] == scores(s)[0] + 4


# -- MBL-7: a single counter takes at most one --------------------------------------------------------
def test_a_move_begun_with_a_single_counter_takes_one_counter_only():
    v = rules_variant(KEY)
    s = position(KEY, {5: 1, 31: 4, 12: 2})
    t = v.apply(s, {"sow": "5", "direction": "ccw"})  # 6 empty: one of 31's four
    assert holes(t) == {6: 1, 31: 3, 12: 2} and scores(t)[0] == scores(s)[0] + 1
    # relayed on, still one: 6 (two), lifted: 7, 8, 9: one of 28's five
    s = position(KEY, {5: 1, 6: 2, 28: 5, 12: 2})
    t = v.apply(s, {"sow": "5", "direction": "ccw"})
    assert holes(t) == {7: 1, 8: 1, 9: 1, 28: 4, 12: 2} and scores(t)[0] == scores(s)[0] + 1
    # Ludii's reading: the whole hole
    t = v.apply(position(KEY, {5: 1, 31: 4, 12: 2}, options=LUDII), {"sow": "5", "direction": "ccw"})
    assert holes(t) == {6: 1, 12: 2}


# -- MBL-8: back into the starting hole --------------------------------------------------------------
def test_a_lap_of_two_ending_in_the_emptied_starting_hole_takes_nothing():
    v = rules_variant(KEY)
    counts = {5: 12, 17: 1, 1: 1, 3: 1, 32: 3, 30: 2}
    # 5's twelve: 6..17 (17 two: lifted), 18, 1 (two: lifted), 2, 3 (two: lifted), 4, 5: the
    # starting hole, empty, reached by a lap of two: nothing taken (32 across stays)
    t = v.apply(position(KEY, counts), {"sow": "5", "direction": "ccw"})
    expect = {h: 1 for h in range(5, 17)} | {18: 1, 2: 1, 4: 1, 32: 3, 30: 2}
    assert holes(t) == expect and v.to_move(t) == 1
    # Ludii's reading: taken as from any empty hole
    t = v.apply(position(KEY, counts, options=LUDII), {"sow": "5", "direction": "ccw"})
    assert holes(t) == {k: c for k, c in expect.items() if k != 32}


def test_a_longer_lap_ending_in_the_starting_hole_takes():
    v = rules_variant(KEY)
    s = position(KEY, {5: 18, 32: 3, 30: 2})  # eighteen: round the row, the last into 5 itself
    t = v.apply(s, {"sow": "5", "direction": "ccw"})
    assert holes(t) == {h: 1 for h in range(1, 19)} | {30: 2}  # 32 taken
    assert scores(t)[0] == scores(s)[0] + 3


# -- MBL-9: the outer single hole's counter ------------------------------------------------------------
def test_the_outer_holes_counter_may_be_moved_on_past_the_last_for_a_better_capture():
    v = rules_variant(KEY)
    s = position(KEY, {17: 3, 10: 1, 34: 1, 21: 4, 30: 1})
    # 17's three: 18 (South's outer hole, empty), 1, 2: 2 empty, 34 across (one) taken; or the
    # counter in 18 goes into 3 (after 2, empty): 21 across (four) taken instead
    assert (17, "ccw", True) in sows(v, s) and (17, "cw", True) not in sows(v, s)
    assert [a for a in sows(v, s) if a[2]] == [(17, "ccw", True)]
    plain = v.apply(s, {"sow": "17", "direction": "ccw"})
    assert holes(plain) == {18: 1, 1: 1, 2: 1, 10: 1, 21: 4, 30: 1} and scores(plain)[0] == scores(s)[0] + 1
    outer = v.apply(s, {"sow": "17", "direction": "ccw", "outer": True})
    assert holes(outer) == {1: 1, 2: 1, 3: 1, 10: 1, 34: 1, 30: 1} and scores(outer)[0] == scores(s)[0] + 4
    assert v.to_move(outer) == 1


def test_the_outer_holes_counter_as_the_last_counter():
    v = rules_variant(KEY)
    s = position(KEY, {16: 2, 36: 1, 35: 5, 9: 1, 30: 1})
    # 17, 18: the last counter in South's empty outer hole: 36 (one) taken; or moved into 1: 35
    outer = v.apply(s, {"sow": "16", "direction": "ccw", "outer": True})
    assert holes(outer) == {17: 1, 1: 1, 36: 1, 9: 1, 30: 1} and scores(outer)[0] == scores(s)[0] + 5


def test_the_outer_move_is_not_offered_where_it_cannot_capture():
    v = rules_variant(KEY)
    # the hole after the last is occupied (3 holds one): no outer move
    assert not [a for a in sows(v, position(KEY, {17: 3, 3: 1, 21: 4, 34: 1})) if a[2]]
    # nothing across from the hole after the last (21 empty): no outer move
    assert not [a for a in sows(v, position(KEY, {17: 3, 10: 1, 34: 1, 30: 1})) if a[2]]
    # the outer hole held counters before: no outer move
    assert not [a for a in sows(v, position(KEY, {17: 3, 18: 1, 10: 1, 21: 4, 30: 1})) if a[2]]
    # never under Ludii's reading
    assert not [a for a in sows(v, position(KEY, {17: 3, 10: 1, 34: 1, 21: 4, 30: 1}, options=LUDII)) if a[2]]


# -- MBL-10: the end ---------------------------------------------------------------------------------
def test_taking_the_opponents_last_counters_wins():
    v = rules_variant(KEY)
    s = position(KEY, {5: 2, 9: 4, 30: 2})
    t = v.apply(s, {"sow": "5", "direction": "ccw"})  # 6, 7: 30 across, North's last
    assert holes(t) == {6: 1, 7: 1, 9: 4}
    assert v.outcome(t) is not None and v.outcome(t).winner == 0
    s = position(KEY, {5: 2, 9: 4, 30: 2, 36: 1})
    t = v.apply(s, {"sow": "5", "direction": "ccw"})
    assert v.outcome(t) is None and v.to_move(t) == 1


# -- MBL-11: Ludii's reading, the single-counter sowings after a clockwise one ------------------------
def test_ludii_reading_after_a_clockwise_sowing_of_several_only_singles_may_be_sown():
    v = rules_variant(KEY)
    s = position(KEY, {5: 2, 12: 1, 30: 2, 28: 1, 25: 3}, options=LUDII)
    t = v.apply(s, {"sow": "5", "direction": "cw"})  # 4, 3: 21 across empty
    assert t.to_json().get("memo") == 1
    assert sows(v, t) == [(28, "ccw", False), (28, "cw", False)]  # North: only his single
    u = v.apply(t, {"sow": "28", "direction": "ccw"})  # 29: 8 across empty; the memo is cleared
    assert "memo" not in u.to_json()
    assert {a[0] for a in sows(v, u)} == {3, 4, 12}
    # the default reading has no such rule
    t = v.apply(position(KEY, {5: 2, 12: 1, 30: 2, 28: 1, 25: 3}), {"sow": "5", "direction": "cw"})
    assert "memo" not in t.to_json() and {a[0] for a in sows(v, t)} == {25, 28, 30}
    # anticlockwise, no restriction
    t = v.apply(s, {"sow": "5", "direction": "ccw"})  # 6, 7: 30 taken
    assert "memo" not in t.to_json() and {a[0] for a in sows(v, t)} == {25, 28}


def test_ludii_reading_a_player_with_no_single_passes():
    v = rules_variant(KEY)
    s = position(KEY, {5: 2, 12: 1, 30: 2, 25: 3}, options=LUDII)
    t = v.apply(s, {"sow": "5", "direction": "cw"})  # North has no single: he passes
    assert v.to_move(t) == 0 and v.outcome(t) is None
    assert {a[0] for a in sows(v, t)} == {3, 4, 12}  # and South too may sow only his singles


def test_hooks_on_their_own():
    v = rules_variant(KEY)
    sim = v.fast(position(KEY, {5: 2, 7: 2, 27: 4}))
    sim.laps = []
    last = HOOKS["mbelele-sow"](sim, 0, 4, 0)  # hole 5, anticlockwise
    assert last == 9 and sim.laps == [6] and sim.b[26] == 0  # relayed at 7, ended at 10, 27 taken
    sim = v.fast(position(KEY, {5: 1, 12: 2, 30: 1}, options=LUDII))
    sim.memo = 1
    assert HOOKS["mbelele-moves"](sim, 0, [4, 4 | 256, 11, 11 | 256]) == [4, 4 | 256]
    sim.memo = 0
    assert HOOKS["mbelele-moves"](sim, 0, [4, 11]) == [4, 11]
    sim = v.fast(position(KEY, {5: 1, 12: 2, 30: 1}))
    assert HOOKS["mbelele-outer"](sim, 0, "moves", None) is None  # no outer move: the plain ones
