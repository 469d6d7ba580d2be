"""Hand-worked tests for sow.relay_ends (games/engine/rules/sow.py): a relay lap whose last seed
makes one of the counts, in the row the key names, ends the sowing there for the capture rules
(Wouri, Yovodji under Ludii's reading)."""
from __future__ import annotations

from tests.games.test_rules_sow import holes, make, state_of

RELAY = '''
[[clause]]
id = "T-1"
text = "Two rows of three; relay sowing."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 4 }
sow = { direction = "ccw", relay = true ENDS }
[[clause]]
id = "T-2"
text = "Two or three in the opponent's hole taken."
capture = { take = "last", counts = [2, 3], where = "opponent" }
'''


def test_a_lap_making_two_in_the_opponents_row_ends_and_is_taken():
    # South sows hole 3's single seed into North's hole 4, which then holds two.
    v = make(RELAY.replace("ENDS", ', relay_ends = [2, 3], relay_ends_where = "opponent"'))
    before = state_of(v, {1: 1, 3: 1, 4: 1, 6: 1})
    after = v.apply(before, {"sow": "3"})
    assert holes(after) == {1: 1, 6: 1}
    assert after.to_json()["scores"][0] - before.to_json()["scores"][0] == 2


def test_without_the_key_or_in_another_row_the_lap_is_sown_on():
    # Hole 4's two seeds are lifted and sown into 5 and 6; 6 then holds two and is lifted in
    # turn, its seeds falling into 1 and 2; 2 was empty, so the sowing ends there.
    for ends in ("", ', relay_ends = [2, 3], relay_ends_where = "own"', ", relay_ends = [3]"):
        v = make(RELAY.replace("ENDS", ends))
        assert holes(v.apply(state_of(v, {1: 1, 3: 1, 4: 1, 6: 1}), {"sow": "3"})) == {1: 2, 2: 1, 5: 1}


def test_even_counts_end_the_lap_in_any_row():
    # South's hole 1 sows one seed into hole 2, which then holds two: an even count ends the lap
    # there (relay_ends_where any), and the capture, in the opponent's row only, takes nothing.
    v = make(RELAY.replace("ENDS", ', relay_ends = "even"'))
    assert holes(v.apply(state_of(v, {1: 1, 2: 1, 5: 1}), {"sow": "1"})) == {2: 2, 5: 1}


# -- sow.take_at_where (Wouri: only the opponent's holes a seed makes four are taken) ------------
FOURS = '''
[[clause]]
id = "T-1"
text = "Two rows of three; a hole a seed makes four taken at once."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 4 }
sow = { direction = "ccw", take_at = 4 WHERE }
'''


def test_take_at_where_limits_the_holes_taken_while_sowing_to_one_row():
    # South sows hole 1's four seeds into 2, 3, 4 and 5: 3 (South's) and 4 (North's) each held
    # three and now hold four.
    start = {1: 4, 3: 3, 4: 3, 6: 1}
    for where, left in (("", {2: 1, 5: 1, 6: 1}), (', take_at_where = "opponent"', {2: 1, 3: 4, 5: 1, 6: 1}),
                        (', take_at_where = "own"', {2: 1, 4: 4, 5: 1, 6: 1})):
        v = make(FOURS.replace("WHERE", where))
        assert holes(v.apply(state_of(v, start), {"sow": "1"})) == left


# -- capture hook fours-after-last (Wouri under Ludii's reading) ------------------------------------
LAST_FOURS = '''
[[clause]]
id = "T-1"
text = "Two rows of three."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 4 }
sow = { direction = "ccw" }
[[clause]]
id = "T-2"
text = "A last seed making four in the opponent's row takes it and his other fours."
capture = { hook = "fours-after-last" }
'''


def test_a_last_four_takes_every_four_of_the_opponents():
    v = make(LAST_FOURS)
    # South's hole 3 sows one seed into 4 (three before): 4 and 6, which holds four, are taken;
    # South's own hole 2 of four stays.
    assert holes(v.apply(state_of(v, {1: 1, 2: 4, 3: 1, 4: 3, 5: 1, 6: 4}), {"sow": "3"})) == {1: 1, 2: 4, 5: 1}
    # A last seed making two takes nothing, though 6 holds four.
    assert holes(v.apply(state_of(v, {1: 1, 3: 1, 4: 1, 6: 4}), {"sow": "3"})) == {1: 1, 4: 2, 6: 4}


# -- relay hook sakalava-draw (Katra as the Sakalava play it) ---------------------------------------
# Four rows of three: South's outer row 1, 2, 3 (from his left), his inner row 4, 5, 6 (from the
# right); North's inner row 7, 8, 9 faces it (9 faces 4, 8 faces 5, 7 faces 6) and his outer
# row 10, 11, 12 lies behind (10 behind 9). South sows anticlockwise: 1, 2, 3, 4, 5, 6, 1...
SAKALAVA = '''
[[clause]]
id = "T-1"
text = "Four rows of three; relay sowing, captures drawn into the sowing."
board = { shape = "mancala", rows = 4, holes = 3 }
setup = { seeds = 2 }
sow = { direction = "ccw", relay = true, relay_hook = "sakalava-draw" }
[[clause]]
id = "T-2"
text = "Which outer holes are drawn."
option = "outer"
[options.outer]
default = "inner-empty"
choices = ["inner-empty", "any"]
help = "When the outer hole behind is drawn."
'''


def test_an_occupied_inner_hole_draws_the_facing_counters_and_sows_on():
    # Hole 3's counter makes two in 4; North's 9, facing, holds three: drawn into 4, whose five
    # counters go into 5, 6, 1, 2 and 3 (emptied by the move, so the sowing ends there).
    v = make(SAKALAVA)
    after = v.apply(state_of(v, {1: 1, 3: 1, 4: 1, 7: 1, 9: 3, 10: 2, 12: 1}), {"sow": "3"})
    assert holes(after) == {1: 2, 2: 1, 3: 1, 5: 1, 6: 1, 7: 1, 10: 2, 12: 1}


def test_the_outer_hole_behind_is_drawn_only_as_the_option_says():
    # 9 holds a single counter; 10 behind it holds two. North's inner row is not empty (7, 9),
    # so under the default nothing is drawn and the turn ends in 4; Ludii's reading draws 10.
    start = {1: 1, 3: 1, 4: 1, 7: 1, 9: 1, 10: 2}
    v = make(SAKALAVA)
    assert holes(v.apply(state_of(v, start), {"sow": "3"})) == {1: 1, 4: 2, 7: 1, 9: 1, 10: 2}
    s = state_of(v, start, options={"outer": "any"})
    assert holes(v.apply(s, {"sow": "3"})) == {1: 2, 2: 1, 5: 1, 6: 1, 7: 1, 9: 1}
    # With North's inner row empty, the default draws 10 too: 4's four go into 5, 6, 1 and 2.
    start = {1: 1, 3: 1, 4: 1, 10: 2, 12: 1}
    assert holes(v.apply(state_of(v, start), {"sow": "3"})) == {1: 2, 2: 1, 5: 1, 6: 1, 12: 1}


def test_an_occupied_outer_hole_is_sown_on_as_usual():
    # Hole 2's counter makes two in 3 (outer row): lifted, they fall into 4 and 5; 5 was empty.
    v = make(SAKALAVA)
    assert holes(v.apply(state_of(v, {2: 1, 3: 1, 7: 1, 9: 3}), {"sow": "2"})) == {4: 1, 5: 1, 7: 1, 9: 3}


# -- end.move_limit ----------------------------------------------------------------------------------
LIMIT = '''
[[clause]]
id = "T-1"
text = "Two rows of three; the game stops after two moves."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 4 }
end = { move_limit = 2 }
'''


def test_the_game_ends_after_the_move_limit_each_taking_his_row():
    v = make(LIMIT)
    s = v.apply(v.new_game(), {"sow": "1"})   # 2, 3, 4, 5 get one each
    assert s.to_json()["over"] is None
    s = v.apply(s, {"sow": "4"})              # North's five: 5, 6, 1, 2, 3
    over = s.to_json()
    assert over["over"] is not None and holes(s) == {}
    assert over["scores"] == [1 + 6 + 6, 0 + 6 + 5]


# -- relay hook kay-relay (Kay: sown on only when the next hole holds seeds) --------------------------
KAY = '''
[[clause]]
id = "T-1"
text = "Two rows of three; relay sowing while the next hole holds seeds."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 4 }
sow = { direction = "ccw", relay = true, relay_hook = "kay-relay" }
'''


def test_an_occupied_last_hole_followed_by_an_empty_one_ends_the_sowing():
    v = make(KAY)
    # Hole 1's seed makes two in 2; hole 3 after it is empty: the turn ends.
    assert holes(v.apply(state_of(v, {1: 1, 2: 1, 4: 2}), {"sow": "1"})) == {2: 2, 4: 2}
    # With a seed in 3, hole 2's two are sown on into 3 and 4; 4 then holds three, but 5 after
    # it is empty: the turn ends there.
    assert holes(v.apply(state_of(v, {1: 1, 2: 1, 3: 1, 4: 2}), {"sow": "1"})) == {3: 2, 4: 3}
