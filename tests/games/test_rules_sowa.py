"""Hand-worked tests of the sowa hooks (games/engine/rules/hooks_sowa.py) and of
``sow.relay_hook_sows = "drawn"``: the counters a relay hook takes are sown on from the hole
after the last, which keeps its own.

On four rows of four, South's holes are 1..4 (outer row, left to right) and 5..8 (inner row,
right to left), North's 9..12 and 13..16: 6 (South's inner row) faces 11, and 14 stands behind 11.
"""
from __future__ import annotations

from games.engine.rules import sow
from games.engine.rules.game import RulesVariant
from games.engine.rules.loader import load_text
from tests.games.test_rules_sow import holes, state_of

TOP = '''
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
HEAD = TOP + '''
[[clause]]
id = "H-1"
text = "Four rows of four; relay sowing; a capture from the facing holes sown on."
board = { rows = 4, holes = 4 }
setup = { seeds = 2 }
sow = { relay = true, relay_hook = "%s", relay_hook_sows = "%s" }
'''


def make(hook: str, sows: str = "drawn") -> RulesVariant:
    rf = load_text(HEAD % (hook, sows), "sow/test.toml", sow.ELEMENTS)
    return RulesVariant(sow.compile(rf))


def test_hus_takes_both_facing_holes_and_sows_them_on_from_the_next_hole():
    v = make("hus-both-facing")
    assert v.rules_file.hooks == ["hus-both-facing"]
    # 4 (two): 5, 6 (one, now two: occupied); 11 (two) and 14 (one) are taken, their three
    # counters sown on from 7: 7, 8, 1 (empty, outer row): the turn ends; 6 keeps its two.
    after = v.apply(state_of(v, {4: 2, 6: 1, 11: 2, 14: 1, 13: 1}), {"sow": "4"})
    assert holes(after) == {5: 1, 6: 2, 7: 1, 8: 1, 1: 1, 13: 1}
    # The outer hole behind is empty: no capture; 6 is relayed: 7, 8 (empty).
    after = v.apply(state_of(v, {4: 2, 6: 1, 11: 2, 13: 1}), {"sow": "4"})
    assert holes(after) == {5: 1, 7: 1, 8: 1, 11: 2, 13: 1}
    # The last hole was empty: the turn ends there, nothing taken.
    after = v.apply(state_of(v, {4: 2, 11: 2, 14: 1, 13: 1}), {"sow": "4"})
    assert holes(after) == {5: 1, 6: 1, 11: 2, 14: 1, 13: 1}


def test_owela_takes_the_facing_inner_hole_and_the_outer_one_if_it_holds_counters():
    v = make("owela-facing")
    # 11 (two) alone is taken and sown on: 7, 8 (empty): 6 keeps its two.
    after = v.apply(state_of(v, {4: 2, 6: 1, 11: 2, 13: 1}), {"sow": "4"})
    assert holes(after) == {5: 1, 6: 2, 7: 1, 8: 1, 13: 1}
    # With 14 (one) behind: three counters sown on: 7, 8, 1.
    after = v.apply(state_of(v, {4: 2, 6: 1, 11: 2, 14: 1, 13: 1}), {"sow": "4"})
    assert holes(after) == {5: 1, 6: 2, 7: 1, 8: 1, 1: 1, 13: 1}
    # The facing inner hole empty, the outer one full: no capture; 6 relayed: 7, 8.
    after = v.apply(state_of(v, {4: 2, 6: 1, 14: 1, 13: 1}), {"sow": "4"})
    assert holes(after) == {5: 1, 7: 1, 8: 1, 14: 1, 13: 1}


def test_relay_hook_sows_all_keeps_the_old_reading():
    # The default ("all"): the taken counters join the last hole's and all are sown on from it:
    # 6 (two) + 11 (two) + 14 (one) = five: 7, 8, 1, 2, 3 (empty).
    v = make("hus-both-facing", "all")
    after = v.apply(state_of(v, {4: 2, 6: 1, 11: 2, 14: 1, 13: 1}), {"sow": "4"})
    assert holes(after) == {5: 1, 7: 1, 8: 1, 1: 1, 2: 1, 3: 1, 13: 1}


ROW = TOP + '''
[[clause]]
id = "R-1"
text = "Two rows of three; a row left empty ends the game, each taking his own row."
board = { rows = 2, holes = 3 }
setup = { seeds = 2 }
end = { empty_row = "ends", no_moves = "owner" }
'''


def test_an_empty_row_ends_the_game_at_once_the_seeds_left_to_their_owner():
    v = RulesVariant(sow.compile(load_text(ROW, "sow/test.toml", sow.ELEMENTS)))
    # South sows his last seed, 3 -> 4: his row is empty, the game is over; North takes 4 and 5.
    after = v.apply(state_of(v, {3: 1, 5: 2}), {"sow": "3"})
    data = after.to_json()
    assert data["phase"] == "over"
    assert holes(after) == {}
    assert data["scores"] == [4, 8]  # 4 and 5 taken before (state_of), and North's 3 now
    # A move that leaves both rows holding seeds goes on: 2 -> 3, 4.
    after = v.apply(state_of(v, {2: 2, 5: 2}), {"sow": "2"})
    assert after.to_json()["phase"] == "play"
    assert holes(after) == {3: 1, 4: 1, 5: 2}


FOURS = ROW.replace('holes = 3 }', 'holes = 3 }').replace(
    'end = { empty_row = "ends", no_moves = "owner" }',
    'sow = { relay = true, take_at = 4, take_at_to = "%s" }')


def test_take_at_to_owner_gives_each_hole_of_four_to_its_rows_owner_but_last_to_the_mover():
    for to, want in (("owner-but-last", [1, 1]), ("owner", [0, 2])):
        v = RulesVariant(sow.compile(load_text(FOURS % to, "sow/test.toml", sow.ELEMENTS)))
        # South sows 3 (two): 4 (three, now four: North's row, North takes them), 5 (three, now
        # four: the last counter, the mover's under owner-but-last, else North's). Scores count
        # holes of four taken, a hole being four seeds.
        s = state_of(v, {3: 2, 4: 3, 5: 3, 1: 1, 6: 1})
        before = s.to_json()["scores"]
        after = v.apply(s, {"sow": "3"})
        got = [(a - b) // 4 for a, b in zip(after.to_json()["scores"], before)]
        assert got == want, to
        assert holes(after) == {1: 1, 6: 1}


STORES = ROW.replace('board = { rows = 2, holes = 3 }', 'board = { rows = 2, holes = 3, stores = 2 }').replace(
    'end = { empty_row = "ends", no_moves = "owner" }', 'sow = { stores = "both" }\nextra_turn = { when = "store" }')


def test_stores_both_sows_into_each_store_after_its_owners_row():
    v = RulesVariant(sow.compile(load_text(STORES, "sow/test.toml", sow.ELEMENTS)))
    # South sows 3 (five): s1, 4, 5, 6, s2: the last counter is North's, in North's store; no
    # second sowing for South.
    s = state_of(v, {3: 5, 1: 1, 4: 1})
    before = s.to_json()["scores"]
    after = v.apply(s, {"sow": "3"})
    data = after.to_json()
    assert holes(after) == {1: 1, 4: 2, 5: 1, 6: 1}
    assert [a - b for a, b in zip(data["scores"], before)] == [1, 1]
    assert data["to_move"] == 1


REFILL = ROW.replace('end = { empty_row = "ends", no_moves = "owner" }',
                     'end = { empty_row = "ends", no_moves = "owner" }\nrounds = { refill = 2, short = "right" }')


def test_short_right_fills_a_short_players_holes_from_his_right():
    v = RulesVariant(sow.compile(load_text(REFILL, "sow/test.toml", sow.ELEMENTS)))
    # South sows his last counter, 3 -> 4: the round ends, North takes 4 and 5. South has five
    # (two holes of two, one over), North seven: South fills 3 and 2, from
    # his right, and 1 stays out of play; North fills all three.
    data = {"board": {"3": [None, "seed", 1], "5": [None, "seed", 1]}, "to_move": 0, "scores": [5, 5],
            "starter": 0, "round": 1}
    after = v.apply(v.state_from_json(data), {"sow": "3"})
    data = after.to_json()
    assert holes(after) == {2: 2, 3: 2, 4: 2, 5: 2, 6: 2}
    assert data["closed"] == ["1"]
    assert data["phase"] == "play"


def test_a_fixed_refill_is_ludiis_run_in_order_with_no_passes_after_an_empty_row():
    v = RulesVariant(sow.compile(load_text(REFILL, "sow/test.toml", sow.ELEMENTS)))
    data = {"board": {"3": [None, "seed", 1], "5": [None, "seed", 1]}, "to_move": 0, "scores": [5, 5],
            "starter": 0, "round": 1}
    sim = v.fast(v.state_from_json(data))
    move = next(m for m in sim.moves() if sim.action(m).to_json() == {"sow": "3"})
    run = v.game.ludii_steps(sim, move, None)
    # The sowing, then the refill from North (after the mover), each from his right, hole by
    # hole in turn, nobody choosing (no free entries), and the two passes that close it.
    assert [(s, a.get("to", a.get("sow", "pass")), free) for s, a, free in run] == [
        (0, "3", False), (1, "6", False), (0, "3", False), (1, "5", False), (0, "2", False),
        (1, "4", False), (0, "pass", False), (1, "pass", False)]
