"""Four-row sowing constructs added for the East and Central African four-row games (Nsumbi and
its kin; games/engine/rules/sow.py and hooks_fourA.py): positions worked by hand on small files
written here.

On four rows of four, South's holes are 1..4 (outer row, left to right) and 5..8 (inner row,
right to left), North's 9..12 (inner row, left to right as South sees it) and 13..16 (outer row,
right to left): so 6 (South's inner row, third column) faces 11, with 14 behind it; 5 faces 12,
with 13 behind it; 7 faces 10, with 15 behind it.
"""
from __future__ import annotations

from tests.games.test_rules_sow import holes, make, state_of

NSUMBI = '''
[[clause]]
id = "F-1"
text = "Four rows of four, relay sowing; the two facing holes are drawn and sown on."
board = { rows = 4, holes = 4 }
setup = { seeds = 2 }
sow = { min = 2, relay = true, relay_hook = "hus-both-facing", relay_hook_sows = "%s"%s }
%s
'''


def test_drawn_counters_sown_from_the_origin_start_in_the_hole_the_lap_was_lifted_from():
    origin, after_last = make(NSUMBI % ("lap-hole", "", "")), make(NSUMBI % ("drawn", "", ""))
    # South sows 4 (two): 5, then 6, which held one: 6 faces 11 (three) with 14 (one) behind.
    s = {4: 2, 6: 1, 11: 3, 14: 1, 13: 2}
    got = origin.apply(state_of(origin, s), {"sow": "4"})
    # The four drawn go 4, 5, 6, 7: the last into an empty hole, and the turn is over.
    assert holes(got) == {4: 1, 5: 2, 6: 3, 7: 1, 13: 2}
    # Hus's reading sows them from the hole after the last: 7, 8, 1, 2.
    assert holes(after_last.apply(state_of(after_last, s), {"sow": "4"})) == {1: 1, 2: 1, 5: 1, 6: 2, 7: 1, 8: 1, 13: 2}


def test_on_a_relay_lap_the_drawn_counters_start_in_that_laps_hole():
    v = make(NSUMBI % ("lap-hole", "", ""))
    # South sows 1 (two): 2, 3; 3 held one (outer row: no capture), so its two go on: 4, 5.
    # 5 held one; it faces 12 (two) with 13 (one) behind: the three are drawn and sown from 3,
    # the hole that lap was lifted from: 3, 4, 5. 5 (now three) faces nothing any more, so its
    # counters are lifted and sown on: 6, 7, 8, the last into an empty hole.
    got = v.apply(state_of(v, {1: 2, 3: 1, 5: 1, 12: 2, 13: 1, 15: 2}), {"sow": "1"})
    assert holes(got) == {2: 1, 3: 1, 4: 2, 6: 1, 7: 1, 8: 1, 15: 2}


def test_relay_hook_ends_stops_the_sowing_after_the_drawn_counters():
    goes_on = make(NSUMBI % ("lap-hole", "", ""))
    ends = make(NSUMBI % ("lap-hole", ", relay_hook_ends = true", ""))
    # As above, but 7 holds one: the drawn four end in 7 (now two). It faces 10 and 15, empty.
    s = {4: 2, 6: 1, 7: 1, 11: 3, 14: 1, 13: 2}
    # Going on: 7's two are lifted and sown, 8 and 1, the last into an empty hole.
    assert holes(goes_on.apply(state_of(goes_on, s), {"sow": "4"})) == {1: 1, 4: 1, 5: 2, 6: 3, 8: 1, 13: 2}
    # Ending: the turn is over with the last drawn counter.
    after = ends.apply(state_of(ends, s), {"sow": "4"})
    assert holes(after) == {4: 1, 5: 2, 6: 3, 7: 2, 13: 2}
    assert after.to_json()["to_move"] == 1


def test_no_capture_moves_keeps_a_relay_hook_from_drawing_in_the_opening():
    v = make(NSUMBI % ("lap-hole", "", '[[clause]]\nid = "F-2"\ntext = "First moves take nothing."\n'
                                     'constraint = { no_capture_moves = 2 }'))
    s = {4: 2, 6: 1, 11: 3, 14: 1, 13: 2}
    # The game's first two sowings draw nothing: 6 (now two) is lifted and sown on, 7 and 8.
    assert holes(v.apply(state_of(v, s), {"sow": "4"})) == {5: 1, 7: 1, 8: 1, 11: 3, 13: 2, 14: 1}
    # From the third on, the hook draws as usual.
    assert holes(v.apply(state_of(v, s, turn=2), {"sow": "4"})) == {4: 1, 5: 2, 6: 3, 7: 1, 13: 2}


KISOLO = '''
[[clause]]
id = "F-1"
text = "Four rows of four; sowing on from the next hole; captures into one's outer row."
board = { rows = 4, holes = 4 }
setup = { seeds = 1 }
sow = { min = 1, relay = "next", take_hook = "%s"%s }
end = { outer_empty = "loses", no_moves = "loses" }
'''


def outcome(v, state):
    o = v.outcome(state)
    return None if o is None else o.winner


def test_take_hook_makes_the_captures_that_begin_a_turn_as_it_passes():
    text, ludii = make(KISOLO % ("kisolo-take", "")), make(KISOLO % ("kisolo-take-ludii", ""))
    # North sows 16 (one): 9, then 10 is empty and his turn is over. South's turn begins: his 6
    # (two) faces 11 (three) with 14 (five) behind it, and his 8 faces 9 (now one) with 16
    # (now empty) behind it.
    s = {6: 2, 8: 1, 3: 1, 11: 3, 14: 5, 16: 1, 13: 1}
    after = text.apply(state_of(text, s, to_move=1), {"sow": "16"})
    # The text's reading: all of 11 and 14 go to South's outer-row hole of that column (3), and
    # 9's one to 1.
    assert holes(after) == {1: 1, 3: 9, 6: 2, 8: 1, 13: 1}
    assert after.to_json()["to_move"] == 0 and outcome(text, after) is None
    # Ludii's: one counter at a time from 11 while it holds any, one from 14 with each.
    after = ludii.apply(state_of(ludii, s, to_move=1), {"sow": "16"})
    assert holes(after) == {1: 1, 3: 7, 6: 2, 8: 1, 13: 1, 14: 2}
    # For the replay, each counter taken from a facing inner-row hole is a step of South's
    # naming his own hole, in any order, after North's sowing.
    sim = ludii.fast(state_of(ludii, s, to_move=1, turn=5))
    move = next(m for m in sim.moves() if ludii.game.names[m & 0xFF] == "16")
    assert ludii.game.ludii_steps(sim, move, None) == [
        (1, {"sow": "16"}, False), (0, {"sow": "6"}, True), (0, {"sow": "6"}, True),
        (0, {"sow": "6"}, True), (0, {"sow": "8"}, True)]


def test_take_hook_captures_before_a_lap_of_the_relay():
    text = make(KISOLO % ("kisolo-take", ""))
    after_taken = make(KISOLO % ("kisolo-take", ', take_hook_relay = "after-taken"'))
    # South sows 4 (one) into 5; the next hole, 6 (two, his inner row), faces 11 (two) with 14
    # (one) behind: they go to 3 before 6 is lifted.
    s = {4: 1, 6: 2, 11: 2, 14: 1, 13: 1}
    # The text: 6's two are sown on, 7 and 8; the next hole, 1, is empty.
    assert holes(text.apply(state_of(text, s), {"sow": "4"})) == {3: 3, 5: 1, 7: 1, 8: 1, 13: 1}
    # Ludii's: the sowing goes on from the hole after 3, which is 4, empty: the turn is over,
    # and Ludii's run shows South's forced pass.
    assert holes(after_taken.apply(state_of(after_taken, s), {"sow": "4"})) == {3: 3, 5: 1, 6: 2, 13: 1}
    sim = after_taken.fast(state_of(after_taken, s, turn=5))  # not the game's first move
    move = next(m for m in sim.moves() if after_taken.game.names[m & 0xFF] == "4")
    assert after_taken.game.ludii_steps(sim, move, None) == [(0, {"sow": "4"}, False), (0, {"pass": True}, False)]


def test_outer_empty_loses():
    v = make(KISOLO % ("kisolo-take", ""))
    # As above without 13: the capture empties North's outer row, and South has won.
    after = v.apply(state_of(v, {4: 1, 6: 2, 11: 2, 14: 1, 9: 1}), {"sow": "4"})
    assert outcome(v, after) == 0
    # South sows his last outer-row counter into his inner row: he has lost.
    after = v.apply(state_of(v, {4: 1, 13: 1, 9: 1}), {"sow": "4"})
    assert holes(after) == {5: 1, 9: 1, 13: 1}
    assert outcome(v, after) == 1


def test_the_first_movers_opening_captures_are_made_at_the_start_and_lead_his_first_run():
    body = (KISOLO % ("kisolo-take-ludii", "")).replace(
        "setup = { seeds = 1 }", "setup = { counts = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 1, 1, 0, 0] }")
    v = make(body)
    # South's 6 faces 11 (two) with 14 (one) behind: taken into 3 as the game begins, one
    # counter at a time (14 gives one with each while it has any).
    start = v.new_game()
    assert holes(start) == {1: 1, 3: 3, 6: 1, 13: 1}
    sim = v.fast(start)
    move = next(m for m in sim.moves() if v.game.names[m & 0xFF] == "1")
    assert v.game.ludii_steps(sim, move, None)[:2] == [(0, {"sow": "6"}, True), (0, {"sow": "6"}, True)]
