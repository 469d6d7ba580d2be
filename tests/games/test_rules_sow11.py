"""Four-row games of Uganda, Rwanda, Burundi and their neighbours (the sow11 batch): Choro of the
Acholi and of the Lango, Mweiso, Mweso, Kubuguza, Ikibuguzo. The constructs added to
games/engine/rules/sow.py (``sow.cw_capture``, ``sow.cw_capture_relay``, ``end.ends_taken``) and
games/engine/rules/hooks_sow11.py, worked by hand on the files themselves.

On four rows of eight, South's holes are 1..8 (outer row, left to right) and 9..16 (inner row,
right to left), North's 17..24 (inner row, left to right as South sees it) and 25..32 (outer
row, right to left as South sees it). Columns from South's left: 1, 16, 17, 32 | 2, 15, 18, 31 |
3, 14, 19, 30 | 4, 13, 20, 29 | 5, 12, 21, 28 | 6, 11, 22, 27 | 7, 10, 23, 26 | 8, 9, 24, 25.
South sows anticlockwise 1 -> 2 -> ... -> 8 -> 9 -> ... -> 16 -> 1; clockwise the other way.
"""
from __future__ import annotations

import random

import pytest

from games.engine import get_variant
from games.engine.rules.game import random_playout
from tests.games.test_rules_sow import holes, make, state_of

ACHOLI = "sow.choro-acholi"
#: Both players have sown from their outer rows: the openings are over.
PLAYED = {"sown": ["4", "28"], "turn": 6}


def acts(v, s) -> list[dict]:
    return [dict(a) for a in v.legal_actions(s)]


def srt(actions: list[dict]) -> list[dict]:
    return sorted(actions, key=lambda a: (a["sow"], a.get("direction", "")))


# -- sow.cw_capture on Choro of the Acholi ---------------------------------------------------------
def test_acholi_a_clockwise_sowing_is_offered_only_where_it_captures():
    v = get_variant(ACHOLI)
    # South's 1 (two) sown clockwise: 16, 15; 15 held one, and 18 (three) and 31 (one) across
    # from it both hold counters: a capture. So 1 may be sown either way.
    s = state_of(v, {1: 2, 15: 1, 18: 3, 31: 1, 25: 2}, **PLAYED)
    assert srt(acts(v, s)) == srt([{"sow": "1"}, {"sow": "1", "direction": "cw"}])
    # With 31 empty there is no opposition: the clockwise sowing is not offered.
    s = state_of(v, {1: 2, 15: 1, 18: 3, 25: 2}, **PLAYED)
    assert acts(v, s) == [{"sow": "1"}]
    # Only the two holes named sow clockwise: 2 (three) would end in 15 too (1, 16, 15), but it is
    # not one of them.
    s = state_of(v, {2: 3, 15: 1, 18: 3, 31: 1, 25: 2}, **PLAYED)
    assert acts(v, s) == [{"sow": "2"}]


def test_acholi_captured_counters_go_clockwise_only_while_they_capture_again():
    v = get_variant(ACHOLI)
    s = state_of(v, {1: 2, 15: 1, 13: 1, 18: 3, 31: 1, 20: 2, 29: 2, 25: 2}, **PLAYED)
    # 1 clockwise: 16, 15 (now two): takes 18 and 31, four counters, put into 1 and sown on.
    # Clockwise they would end in 13 (16, 15, 14, 13), occupied, across from 20 and 29, both
    # holding counters: so they go clockwise and take those four too. Sown clockwise from 1
    # again they would end in 13 with 20 now empty: no capture, so they go anticlockwise: 2, 3,
    # 4, 5, the last into an empty hole.
    after = v.apply(s, {"sow": "1", "direction": "cw"})
    assert holes(after) == {2: 1, 3: 1, 4: 1, 5: 1, 13: 2, 14: 1, 15: 3, 16: 2, 25: 2}
    # Anticlockwise from 1: 2, 3, the last into an empty hole; nothing taken.
    after = v.apply(s, {"sow": "1"})
    assert holes(after) == {2: 1, 3: 1, 13: 1, 15: 1, 18: 3, 31: 1, 20: 2, 29: 2, 25: 2}


def test_acholi_the_inner_hole_second_from_the_left_and_north_mirrored():
    v = get_variant(ACHOLI)
    # North's places from his left: his outer row's leftmost is 25, his inner row's second from
    # the left 23 (North's left is South's right). North's 23 (two) clockwise, round his rows
    # the other way: 22, 21; 21 held one and South's 12 and 5 across from it hold counters.
    s = state_of(v, {23: 2, 21: 1, 12: 2, 5: 1, 1: 2}, to_move=1, **PLAYED)
    assert {"sow": "23", "direction": "cw"} in acts(v, s)
    # Taken: 12 and 5, three counters, sown on from 23; clockwise 22, 21, 20 would end in an
    # empty hole: anticlockwise, 24, 25, 26.
    assert holes(v.apply(s, {"sow": "23", "direction": "cw"})) == {1: 2, 21: 2, 22: 1, 24: 1, 25: 1, 26: 1}


def test_acholi_ludii_offers_a_clockwise_sowing_by_the_opponents_holes_alone():
    v = get_variant(ACHOLI)
    # 1 (two) clockwise ends in 15, empty: no capture, so the text offers no clockwise sowing;
    # Ludii's test (hook ludii-cw-across) looks only at 18 and 31 across, both occupied.
    s = {1: 2, 18: 3, 31: 1, 25: 2}
    assert acts(v, state_of(v, s, **PLAYED)) == [{"sow": "1"}]
    ludii = {"opposition": "choro-acholi-ludii", "no_cw_opening": True}
    assert {"sow": "1", "direction": "cw"} in acts(v, state_of(v, s, options=ludii, **PLAYED))


def test_acholi_opening_captures_from_the_outer_row_text_and_ludii():
    v = get_variant(ACHOLI)
    s = {6: 2, 8: 1, 24: 2, 25: 3, 28: 2}
    opening = {"sown": ["28"], "turn": 1}  # North has sown, South not yet: South's opening
    # South's opening from 6: 7, 8 (now two), in his outer row, no counter yet in his inner
    # row: the text takes North's two holes of the column, 24 and 25, five counters, sown on
    # from 6: 7, 8, 9, 10, 11, the last into an empty hole.
    after = v.apply(state_of(v, s, **opening), {"sow": "6"})
    assert holes(after) == {7: 2, 8: 3, 9: 1, 10: 1, 11: 1, 28: 2}
    # Ludii's reading takes North's outer hole alone, 25 (three): 7, 8, 9; the lap ends in the
    # inner row, empty: the turn is over.
    ludii = {"opposition": "choro-acholi-ludii", "no_cw_opening": True}
    after = v.apply(state_of(v, s, options=ludii, **opening), {"sow": "6"})
    assert holes(after) == {7: 2, 8: 3, 9: 1, 24: 2, 28: 2}


# -- Mweiso -----------------------------------------------------------------------------------------
MWEISO = "sow.mweiso"


def test_mweiso_opening_not_from_the_fourth_or_fifth_hole():
    v = get_variant(MWEISO)
    # (1 is offered both ways: clockwise, 16, 15, it takes 18 and 31.)
    assert sorted({a["sow"] for a in acts(v, v.new_game({}))}, key=int) == ["1", "2", "3", "6", "7", "8"]
    # North's fourth and fifth from his left are South's fifth and fourth from the right: 29, 28.
    s = state_of(v, {h: 2 for h in range(1, 33)}, to_move=1, sown=["1"], turn=1)
    assert sorted({a["sow"] for a in acts(v, s)}, key=int) == ["25", "26", "27", "30", "31", "32"]


def test_mweiso_a_relay_lap_from_a_clockwise_hole_turns_once():
    v = get_variant(MWEISO)
    s = state_of(v, {13: 2, 15: 2, 12: 1, 21: 2, 28: 3, 10: 1, 23: 1, 26: 1, 25: 2}, **PLAYED)
    # 13 (two): 14, 15 (three); 18 across is empty: no capture. 15 is the inner row's second
    # from the left: sown clockwise, 14, 13, 12, it ends in 12 (now two) across from 21 and 28,
    # both occupied: so it goes clockwise and takes them, five counters. They are sown on from
    # 15 anticlockwise (one clockwise capture only), though clockwise they would end in 10 and
    # capture 23 and 26: 16, 1, 2, 3, 4, the last into an empty hole.
    after = v.apply(s, {"sow": "13"})
    assert holes(after) == {1: 1, 2: 1, 3: 1, 4: 1, 10: 1, 12: 2, 13: 1, 14: 2, 16: 1, 23: 1, 25: 2, 26: 1}


def test_mweiso_taking_both_end_holes_of_the_inner_row_wins():
    v = get_variant(MWEISO)
    s = {14: 2, 16: 1, 17: 5, 32: 6, 9: 1, 24: 1, 25: 1, 28: 2}
    # 14 (two): 15, 16 (now two) across from 17 and 32: eleven counters taken and sown on from
    # 14: 15, 16, 1..8, 9 (now two), across from 24 and 25: taken. Both end holes of North's
    # inner row, 17 and 24, have been taken this turn: South wins.
    after = v.apply(state_of(v, s, **PLAYED), {"sow": "14"})
    assert after.to_json()["over"] == {"how": "ends-taken", "winner": 0}
    # Ludii's encoding has no such win (option end_holes off): the game goes on.
    off = v.apply(state_of(v, s, options={"end_holes": False}, **PLAYED), {"sow": "14"})
    assert off.to_json().get("over") is None


def test_mweiso_no_win_by_the_end_holes_in_the_opening():
    v = get_variant(MWEISO)
    # South's very first sowing, from his sixth hole, takes both of North's inner end holes
    # among others in its long relay: read as no win in the opening (MW-9).
    after = v.apply(v.new_game({}), {"sow": "6"})
    assert after.to_json().get("over") is None


# -- Kubuguza --------------------------------------------------------------------------------------
KUBUGUZA = "sow.kubuguza"


def test_kubuguza_starts_from_the_inner_rows():
    v = get_variant(KUBUGUZA)
    s = v.new_game({})
    assert holes(s) == {h: 4 for h in range(9, 25)}
    assert [a["sow"] for a in acts(v, s)] == [str(h) for h in range(9, 17)]


def test_kubuguza_a_turned_relay_lap_goes_on_clockwise_while_it_captures():
    v = get_variant(KUBUGUZA)
    s = state_of(v, {13: 2, 15: 2, 12: 1, 21: 2, 28: 3, 10: 1, 23: 1, 26: 1, 25: 2}, turn=6)
    # 13 (two): 14, 15 (three), 18 across empty: relayed. 15, the inner row's second from the
    # left, sown clockwise, 14, 13, 12, ends in 12 (two) across from 21 and 28: it turns and
    # takes them, five. Sown on clockwise from 15 they end in 10 (two), across from 23 and 26,
    # both occupied: clockwise again (Mweiso would turn back here), taking two more. Those two,
    # clockwise, would end in 13 across from the empty 20: anticlockwise, 16, 1, into an empty hole.
    after = v.apply(s, {"sow": "13"})
    assert holes(after) == {1: 1, 10: 2, 11: 1, 12: 3, 13: 2, 14: 3, 16: 1, 25: 2}


def test_kubuguza_no_capture_in_a_players_first_move():
    v = get_variant(KUBUGUZA)
    s = {13: 2, 15: 1, 18: 3, 31: 1, 25: 2}
    # South's 13 (two): 14, 15 (now two) across from 18 and 31: a capture after the first moves...
    later = v.apply(state_of(v, s, turn=6), {"sow": "13"})
    assert 18 not in holes(later) and 31 not in holes(later)
    # ...but not in South's first move: 15 is lifted and sown on, 16, 1.
    first = v.apply(state_of(v, s, turn=0), {"sow": "13"})
    assert holes(first) == {1: 1, 14: 1, 16: 1, 18: 3, 31: 1, 25: 2}


# -- Mweso (sow.place, end.ends_taken = "wins") -----------------------------------------------------
MWESO = "sow.mweso"


def test_mweso_the_players_place_their_counters_in_turn():
    v = get_variant(MWESO)
    s = v.new_game({})
    assert holes(s) == {} and s.to_json()["phase"] == "place"
    assert acts(v, s) == [{"to": str(h), "piece": "seed"} for h in range(1, 17)]
    s = v.apply(s, {"to": "3", "piece": "seed"})
    assert s.to_json()["to_move"] == 1 and s.to_json()["hands"] == [{"seed": 31}, {"seed": 32}]
    assert acts(v, s) == [{"to": str(h), "piece": "seed"} for h in range(17, 33)]
    for k in range(63):  # South then North, one counter each, until both hands are empty
        s = v.apply(s, {"to": str(3 if k % 2 else 20), "piece": "seed"})
    data = s.to_json()
    assert data["phase"] == "play" and data["to_move"] == 0 and holes(s) == {3: 32, 20: 32}
    assert acts(v, s) == [{"sow": "3"}]


def test_mweso_clockwise_from_the_four_holes_on_the_left():
    v = get_variant(MWESO)
    # 2 (three) clockwise: 1, 16, 15; 15 held one, across from 18 and 31: a capture. From 3
    # (two: 2, 1) it would end in the outer row; 3 is not one of the four anyway.
    s = state_of(v, {2: 3, 3: 2, 15: 1, 18: 1, 31: 1, 25: 2}, turn=64)
    assert srt(acts(v, s)) == srt([{"sow": "2"}, {"sow": "2", "direction": "cw"}, {"sow": "3"}])
    # Taken: two, sown on from 2; clockwise (1, 16) they would end in 16 across from the empty
    # 17: anticlockwise, 3 (now three), 4, the last into an empty hole.
    after = v.apply(s, {"sow": "2", "direction": "cw"})
    assert holes(after) == {1: 1, 3: 3, 4: 1, 15: 2, 16: 1, 25: 2}


def test_mweso_taking_both_ends_of_the_opponents_rows_wins_at_once():
    v = get_variant(MWESO)
    s = {14: 2, 16: 1, 17: 5, 32: 6, 9: 1, 24: 1, 25: 1, 28: 2}
    # As in Mweiso's test: 17 and 32, then 24 and 25, taken in the one move: South wins.
    after = v.apply(state_of(v, s, turn=64), {"sow": "14"})
    assert after.to_json()["over"] == {"how": "ends-taken", "winner": 0}


def test_mweso_ludii_relays_the_capturing_hole_after_the_captured_counters():
    v = get_variant(MWESO)
    s = {14: 2, 16: 1, 17: 2, 32: 1, 25: 2}
    # 14 (two): 15, 16 (now two) across from 17 and 32: three taken, sown on from 14: 15, 16, 1,
    # the last into an empty hole.
    assert holes(v.apply(state_of(v, s, turn=64), {"sow": "14"})) == {1: 1, 15: 2, 16: 3, 25: 2}
    # Ludii's reading (relay_hook_sows = lap-after-relay): the same lap of the three, and then
    # 16, where the capturing lap ended (three), is lifted and sown on: 1, 2, 3.
    after = v.apply(state_of(v, s, options={"captured": "lap-after-relay"}, turn=64), {"sow": "14"})
    assert holes(after) == {1: 2, 2: 1, 3: 1, 15: 2, 25: 2}


# -- Choro of the Lango -----------------------------------------------------------------------------
LANGO = "sow.choro-lango"


def test_lango_opens_from_the_two_rightmost_outer_holes():
    v = get_variant(LANGO)
    assert acts(v, v.new_game({})) == [{"sow": "7"}, {"sow": "8"}]
    # North's rightmost, as he sees his outer row, are South's leftmost columns: 32 and 31.
    s = state_of(v, {h: 2 for h in range(1, 33)}, to_move=1, sown=["8"], turn=1)
    assert sorted(a["sow"] for a in acts(v, s)) == ["31", "32"]


def test_lango_a_single_counter_taken_goes_with_the_outer_holes_counters():
    v = get_variant(LANGO)
    s = {2: 3, 13: 2, 15: 1, 18: 1, 25: 2}
    # 13 (two): 14, 15 (now two), across from 18 (one; 31 behind it empty): 18 is taken. A
    # single counter: it goes with the three of 2, South's outer hole behind 15, sown on from 2:
    # 3, 4, 5, 6, into an empty hole.
    after = v.apply(state_of(v, s, **PLAYED), {"sow": "13"})
    assert holes(after) == {3: 1, 4: 1, 5: 1, 6: 1, 14: 1, 15: 2, 25: 2}
    # Ludii's reading draws 2 only when it holds one counter: the one taken is sown alone, into 3.
    ludii = v.apply(state_of(v, s, options={"opposition": "pereauni-opposition-ludii"}, **PLAYED), {"sow": "13"})
    assert holes(ludii) == {2: 3, 3: 1, 14: 1, 15: 2, 25: 2}


def test_lango_a_capture_must_be_made_where_one_can():
    v = get_variant(LANGO)
    s = state_of(v, {2: 3, 13: 2, 15: 1, 18: 1, 25: 2}, **PLAYED)
    # 13 captures (above); 2 anticlockwise (3, 4, 5) does not, and is not allowed; 2 clockwise
    # (1, 16, 15) captures and may be chosen instead.
    assert srt(acts(v, s)) == srt([{"sow": "13"}, {"sow": "2", "direction": "cw"}])
    # Without a capture open, any hole: 18 empty.
    s = state_of(v, {2: 3, 13: 2, 15: 1, 25: 2}, **PLAYED)
    assert sorted(a["sow"] for a in acts(v, s)) == ["13", "2"]


# -- Ikibuguzo (sow.place with a moves_hook) ---------------------------------------------------------
IKIBUGUZO = "sow.ikibuguzo"
#: The first array, after its set sowings, by hole: South's, then North's (turned half round).
FIRST = {2: 6, 8: 17, 11: 2, 12: 1, 13: 2, 14: 1, 15: 2, 16: 1}


def test_ikibuguzo_the_counters_make_one_array_the_same_for_both():
    v = get_variant(IKIBUGUZO)
    s = v.new_game({})
    # Hole 1, South's outer leftmost, is empty in both arrays.
    assert [a["to"] for a in acts(v, s)] == [str(h) for h in range(2, 17)]
    # A counter into 3 is the second array's (the first has none there): North must now make the
    # second array too. His holes from his outer row's left, anticlockwise, are 25..32 then 17..24:
    # the second array wants counters in 26..32 and 17, 18, 19.
    s = v.apply(s, {"to": "3", "piece": "seed"})
    assert sorted(int(a["to"]) for a in acts(v, s)) == [17, 18, 19] + list(range(26, 33))
    # And South, his 3 holding one, may go on with the second array alone: not into 16 (the
    # first array's), but into 9, 10, 11 of his inner row.
    s = v.apply(s, {"to": "26", "piece": "seed"})
    assert sorted(int(a["to"]) for a in acts(v, s)) == list(range(2, 12))


def test_ikibuguzo_the_first_array_placed_then_play():
    v = get_variant(IKIBUGUZO)
    s = v.new_game({})
    south = [h for h, n in FIRST.items() for _ in range(n)]
    # North's holes at the same places, from his outer row's left anticlockwise: 25..32, 17..24.
    north = [24 + h if h <= 8 else 8 + h for h in south]
    for a, b in zip(south, north):
        s = v.apply(s, {"to": str(a), "piece": "seed"})
        s = v.apply(s, {"to": str(b), "piece": "seed"})
    data = s.to_json()
    assert data["phase"] == "play" and data["to_move"] == 0
    assert holes(s) == {**FIRST, **{26: 6, 32: 17, 19: 2, 20: 1, 21: 2, 22: 1, 23: 2, 24: 1}}
    # South sows from 2, 8, 11, 13, 15 (two or more); 15 clockwise, 14, 13, would end in 13
    # (now three) across from 20 and 29: 29 is empty, no capture, so it is not offered.
    assert sorted(int(a["sow"]) for a in acts(v, s)) == [2, 8, 11, 13, 15]


@pytest.mark.parametrize("key", [ACHOLI, MWEISO, KUBUGUZA, MWESO, LANGO, IKIBUGUZO])
def test_random_games_end_by_the_rules(key):
    v = get_variant(key)
    for seed in range(6):
        sim = v.fast(v.new_game({}))
        random_playout(sim, random.Random(seed), limit=100_000)
        assert sim.result() is not None


# -- the vocabulary's checks ---------------------------------------------------------------------
BODY = '''
[[clause]]
id = "T-1"
text = "Four rows of eight."
board = { rows = 4, holes = 8 }
setup = { seeds = 2 }
sow = { min = 2, relay = true, %s }
end = { no_moves = "loses" }
'''


def test_clockwise_captures_need_a_capturing_relay_hook_sown_on_from_the_lap():
    with pytest.raises(Exception, match="clockwise captures go on four rows"):
        make(BODY % 'cw_capture = { outer = [1] }')
    with pytest.raises(Exception, match="clockwise captures go on four rows"):
        make(BODY % 'cw_capture = { outer = [1] }, relay_hook = "hus-both-facing", relay_hook_sows = "drawn"')
    with pytest.raises(Exception, match="goes with sow.cw_capture"):
        make(BODY % 'cw_capture_relay = true')
    with pytest.raises(Exception, match="places from the owner"):
        make(BODY % 'cw_capture = { middle = [1] }, relay_hook = "hus-both-facing", relay_hook_sows = "lap-after"')
    v = make(BODY % 'cw_capture = { outer = [1] }, relay_hook = "hus-both-facing", relay_hook_sows = "lap-after"')
    assert v.game.rules_for(None).cw_capture == (frozenset({0}), frozenset({24}))  # holes 1 and 25


def test_placing_from_the_hand_needs_seeds_in_hand():
    with pytest.raises(Exception, match="placing the hands before play needs setup.hand"):
        make(BODY % 'place = true')
