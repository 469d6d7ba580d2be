"""Four-row sowing constructs added for the East and Central African four-row games (Nsumbi and
its kin; games/engine/rules/sow.py and hooks_fourA.py): positions worked by hand on small files
written here.

On four rows of four, South's holes are 1..4 (outer row, left to right) and 5..8 (inner row,
right to left), North's 9..12 (inner row, left to right as South sees it) and 13..16 (outer row,
right to left): so 6 (South's inner row, third column) faces 11, with 14 behind it; 5 faces 12,
with 13 behind it; 7 faces 10, with 15 behind it.
"""
from __future__ import annotations

from games.engine.rules import sow
from games.engine.rules.game import RulesVariant
from games.engine.rules.loader import load_text

HEAD = '''
key = "sow.test"
title = "Test"
mechanic = "sow"
game = { dlp = 0, name = "Test" }
ruleset = { dlp = 0, name = "Test" }
players = 2
sides = ["South", "North"]
source = "dlp-2020"
locator = "DLP.GameRulesets.0"
'''


def make(body: str) -> RulesVariant:
    rf = load_text(HEAD + body, "sow/test.toml", sow.ELEMENTS)
    return RulesVariant(sow.compile(rf))


def state_of(v: RulesVariant, counts: dict[int, int], to_move: int = 0, turn: int = 0):
    rest = v.game.total - sum(counts.values())
    data = {"board": {str(h): [None, "seed", c] for h, c in counts.items() if c}, "to_move": to_move,
            "scores": [rest // 2, rest - rest // 2], "turn": turn}
    return v.state_from_json(data)


def holes(state) -> dict[int, int]:
    return {int(k): c for k, (_, _, c) in state.to_json()["board"].items() if not k.startswith("s")}


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
    origin, after_last = make(NSUMBI % ("origin", "", "")), make(NSUMBI % ("drawn", "", ""))
    # South sows 4 (two): 5, then 6, which held one: 6 faces 11 (three) with 14 (one) behind.
    s = {4: 2, 6: 1, 11: 3, 14: 1, 13: 2}
    got = origin.apply(state_of(origin, s), {"sow": "4"})
    # The four drawn go 4, 5, 6, 7: the last into an empty hole, and the turn is over.
    assert holes(got) == {4: 1, 5: 2, 6: 3, 7: 1, 13: 2}
    # Hus's reading sows them from the hole after the last: 7, 8, 1, 2.
    assert holes(after_last.apply(state_of(after_last, s), {"sow": "4"})) == {1: 1, 2: 1, 5: 1, 6: 2, 7: 1, 8: 1, 13: 2}


def test_on_a_relay_lap_the_drawn_counters_start_in_that_laps_hole():
    v = make(NSUMBI % ("origin", "", ""))
    # South sows 1 (two): 2, 3; 3 held one (outer row: no capture), so its two go on: 4, 5.
    # 5 held one; it faces 12 (two) with 13 (one) behind: the three are drawn and sown from 3,
    # the hole that lap was lifted from: 3, 4, 5. 5 (now three) faces nothing any more, so its
    # counters are lifted and sown on: 6, 7, 8, the last into an empty hole.
    got = v.apply(state_of(v, {1: 2, 3: 1, 5: 1, 12: 2, 13: 1, 15: 2}), {"sow": "1"})
    assert holes(got) == {2: 1, 3: 1, 4: 2, 6: 1, 7: 1, 8: 1, 15: 2}


def test_relay_hook_ends_stops_the_sowing_after_the_drawn_counters():
    goes_on = make(NSUMBI % ("origin", "", ""))
    ends = make(NSUMBI % ("origin", ", relay_hook_ends = true", ""))
    # As above, but 7 holds one: the drawn four end in 7 (now two). It faces 10 and 15, empty.
    s = {4: 2, 6: 1, 7: 1, 11: 3, 14: 1, 13: 2}
    # Going on: 7's two are lifted and sown, 8 and 1, the last into an empty hole.
    assert holes(goes_on.apply(state_of(goes_on, s), {"sow": "4"})) == {1: 1, 4: 1, 5: 2, 6: 3, 8: 1, 13: 2}
    # Ending: the turn is over with the last drawn counter.
    after = ends.apply(state_of(ends, s), {"sow": "4"})
    assert holes(after) == {4: 1, 5: 2, 6: 3, 7: 2, 13: 2}
    assert after.to_json()["to_move"] == 1


def test_no_capture_moves_keeps_a_relay_hook_from_drawing_in_the_opening():
    v = make(NSUMBI % ("origin", "", '[[clause]]\nid = "F-2"\ntext = "First moves take nothing."\n'
                                     'constraint = { no_capture_moves = 2 }'))
    s = {4: 2, 6: 1, 11: 3, 14: 1, 13: 2}
    # The game's first two sowings draw nothing: 6 (now two) is lifted and sown on, 7 and 8.
    assert holes(v.apply(state_of(v, s), {"sow": "4"})) == {5: 1, 7: 1, 8: 1, 11: 3, 13: 2, 14: 1}
    # From the third on, the hook draws as usual.
    assert holes(v.apply(state_of(v, s, turn=2), {"sow": "4"})) == {4: 1, 5: 2, 6: 3, 7: 1, 13: 2}
