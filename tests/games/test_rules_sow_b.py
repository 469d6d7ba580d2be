"""Tests for the second batch of two-row sowing rules files (sowB): the replay's reading of
Ludii's closing passes, and the hooks of ``games/engine/rules/hooks_sow_b.py``."""
from __future__ import annotations

from games.engine.rules.ludii import read_trace, replay
from tests.games.test_rules_ludii import GAME, WON, toy_variant, write_trace

PASS = {"legal": [[-1, -1]], "legal_desc": ["Pass"], "chosen": 0}


def test_final_forced_passes_of_both_players_match_a_game_that_ended_sooner(tmp_path):
    # Ludii ends a stalled sowing game only once each player has passed in turn (Um el-Bagara):
    # both passes come after our game is over, and agree.
    steps = GAME + [dict(PASS, mover=2), dict(PASS, mover=1)]
    report = replay(read_trace(write_trace(tmp_path, "toy-s1", steps, dict(WON, steps=7))), toy_variant())
    assert report.last_line() == "replay: 7 of 7 steps agree; result agrees"


def test_a_pass_after_our_end_followed_by_a_move_still_differs(tmp_path):
    steps = GAME + [dict(PASS, mover=2), {"mover": 1, "legal": [[3, 2]], "legal_desc": ["D1-C1"], "chosen": 0}]
    report = replay(read_trace(write_trace(tmp_path, "toy-s1", steps, dict(WON, steps=7))), toy_variant())
    assert report.steps[5].status == "differ"


# -- capture.chain_stops_at_origin (Mangala of Turkey, Ludii's reading) ------------------------------
from tests.games.test_rules_sow import holes, make, state_of  # noqa: E402

TINY = '''
[[clause]]
id = "T-1"
text = "Two rows of three."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 4 }
sow = { direction = "ccw" }
[[clause]]
id = "T-2"
text = "One or three taken, with the holes behind."
capture = { take = "last", counts = [1, 3], where = "any", chain = "backward", chain_stops_at_origin = STOP }
'''


def test_the_chain_stops_at_the_starting_hole_only_where_the_key_says():
    # South sows hole 3's seven seeds: 4, 5, 6, 1, 2, 3 (its own hole, emptied, gets one back), 4.
    # Hole 4 (one seed before) ends with three and is taken; behind it lie single seeds in
    # 3, 2, 1, 6 and 5. The chain takes them all, or stops at hole 3, the starting hole.
    for stop, left in ((False, {}), (True, {1: 1, 2: 1, 3: 1, 5: 1, 6: 1})):
        v = make(TINY.replace("STOP", "true" if stop else "false"))
        s = state_of(v, {3: 7, 4: 1})
        assert holes(v.apply(s, {"sow": "3"})) == left


# -- constraint.no_capture_moves (Mandoli after Hydra: no capture on the first move) -----------------
EVEN = '''
[[clause]]
id = "T-1"
text = "Two rows of three, one seed each."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 1 }
capture = { take = "last", counts = "even", where = "opponent" }
[[clause]]
id = "T-2"
text = "The first two sowings take nothing."
constraint = { no_capture_moves = 2 }
'''


def test_the_games_first_sowings_take_nothing():
    v = make(EVEN)
    # From the start, South's hole 3 sows its seed into North's hole 4, which then holds two:
    # no capture on the game's first sowing, nor on North's reply, a capture on the third.
    s = v.new_game()
    s = v.apply(s, {"sow": "3"})
    assert holes(s) == {1: 1, 2: 1, 4: 2, 5: 1, 6: 1} and s.to_json()["scores"] == [0, 0]
    s = v.apply(s, {"sow": "6"})  # North's 6 into South's 1: two, not taken
    assert holes(s) == {1: 2, 2: 1, 4: 2, 5: 1} and s.to_json()["scores"] == [0, 0]
    s = v.apply(s, {"sow": "2"})  # South's 2 into 3 (own, one): nothing to take in any case
    s = v.apply(s, {"sow": "5"})  # North's 5 into 6 (own)
    s = v.apply(s, {"sow": "3"})  # South's 3 into North's 4: three, odd
    assert s.to_json()["scores"] == [0, 0]
    t = state_of(v, {3: 1, 4: 1, 5: 1}, turn=2)  # the third sowing: 3 into 4 makes two, taken
    assert holes(v.apply(t, {"sow": "3"})) == {5: 1}


# -- end.empty_row = "wins" (Waurie) ----------------------------------------------------------------
EMPTY = '''
[[clause]]
id = "T-1"
text = "Two rows of two, stores sown by their owners."
board = { shape = "mancala", rows = 2, holes = 2, stores = 2 }
setup = { seeds = 1 }
sow = { stores = "own" }
extra_turn = { when = "store" }
[[clause]]
id = "T-2"
text = "Who empties his row wins."
end = { empty_row = "wins" }
'''


def test_the_player_who_empties_his_row_wins_at_once():
    v = make(EMPTY)
    # South's last seed, in hole 2, goes into his store: another turn, but his row is empty,
    # and he has won (North still holds two seeds).
    s = state_of(v, {2: 1, 3: 1, 4: 1})
    s = v.apply(s, {"sow": "2"})
    assert v.outcome(s) is not None and v.outcome(s).winner == 0
    # Sowing hole 1's seed into hole 2 leaves a seed in South's row: the game goes on.
    s = state_of(v, {1: 1, 3: 1, 4: 1})
    s = v.apply(s, {"sow": "1"})
    assert v.outcome(s) is None and v.to_move(s) == 1


# -- hook every_hole_2_4_6 (Oure Ngat) --------------------------------------------------------------
def test_oure_ngat_takes_every_pile_of_two_four_or_six_and_puts_the_first_seed_back():
    from games.engine.rules import rules_variant
    from tests.games.test_rules_sow import position

    v = rules_variant("sow.oure-ngat")
    # South lifts pile 2's three seeds: one back onto 2, then 3 and 4. Piles 2 (1), 3 (2) and
    # 4 (5) then hold 1, 2 and 5; North's 5 holds 4 and 8 holds 6, untouched by the sowing:
    # the mover takes 3, 5 and 8 (2 + 4 + 6 = 12 seeds).
    s = position("sow.oure-ngat", {1: 3, 2: 3, 3: 1, 4: 4, 5: 4, 6: 1, 7: 3, 8: 6}, scores=[11, 12])
    after = v.apply(s, {"sow": "2"})
    assert {int(k): c for k, (_, _, c) in after.to_json()["board"].items()} == {1: 3, 2: 1, 4: 5, 6: 1, 7: 3}
    assert after.to_json()["scores"] == [23, 12]


# -- sow.relay_take (Meusueb) -----------------------------------------------------------------------
RELAY4 = '''
[[clause]]
id = "T-1"
text = "Two rows of three, relay sowing; a last seed making four takes them and the next hole is sown on."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 2 }
sow = { relay = true, relay_take = 4 }
'''


def test_a_last_seed_making_four_takes_them_and_the_next_hole_is_sown_on():
    v = make(RELAY4)
    # South sows hole 1's two seeds into 2 and 3; hole 3 then holds four: taken. The next
    # hole, North's 4, holds two: lifted and sown into 5 and 6, empty, and the move ends.
    s = state_of(v, {1: 2, 3: 3, 4: 2}, scores=[0, 5])
    after = v.apply(s, {"sow": "1"})
    assert holes(after) == {2: 1, 5: 1, 6: 1} and after.to_json()["scores"] == [4, 5]
    # With hole 4 empty, the move ends once the four are taken.
    s = state_of(v, {1: 2, 3: 3, 5: 2}, scores=[0, 5])
    after = v.apply(s, {"sow": "1"})
    assert holes(after) == {2: 1, 5: 2} and after.to_json()["scores"] == [4, 5]


# -- the replay's run for an extra turn the mover cannot use (Sungka) --------------------------------
EXTRA = '''
[[clause]]
id = "T-1"
text = "Two rows of two, stores sown by their owners, relay sowing, another turn for a last seed in the store."
board = { shape = "mancala", rows = 2, holes = 2, stores = 2 }
setup = { seeds = 2 }
sow = { stores = "own", relay = true }
extra_turn = { when = "store" }
end = { no_moves = "pass" }
'''


def test_an_extra_turn_the_mover_cannot_use_is_ludiis_pass_of_his():
    v = make(EXTRA)
    # South's single seed in hole 2 goes into his store: another turn, but his row is empty;
    # our turn passes to North by itself, where Ludii has South pass: the run has that pass.
    s = state_of(v, {2: 1, 3: 2, 4: 2})
    sim = v.fast(s)
    move = next(m for m in sim.moves() if sim.action(m).to_json() == {"sow": "2"})
    assert v.game.ludii_steps(sim, move, None) == [(0, {"sow": "2"}, False), (0, {"pass": True}, False)]
    # Sown from hole 1 instead, the last seed falls into hole 2 (empty): no extra turn, no pass.
    s = state_of(v, {1: 1, 3: 2, 4: 2})
    sim = v.fast(s)
    move = next(m for m in sim.moves() if sim.action(m).to_json() == {"sow": "1"})
    assert v.game.ludii_steps(sim, move, None) is None
