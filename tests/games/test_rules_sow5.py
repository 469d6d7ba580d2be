"""Hand-worked tests for helper sow5's sowing vocabulary in games/engine/rules/sow.py:
``sow.opening_gather`` (the game's first move gathers n seeds from each of the first player's
holes and sows them from the first hole after his row: Lam Waladach, DLP ruleset 360) and
``sow.take_at_ends`` (a relay lap that took a hole of ``take_at`` ends the sowing: Ludii's
reading of Lam Waladach)."""
from __future__ import annotations

import pytest

from games.engine import get_variant
from games.engine.rules.loader import RulesFileError
from tests.games.test_rules_sow import holes, make, state_of

GATHER = '''
[[clause]]
id = "G-1"
text = "Two rows of three, four seeds each; anticlockwise; the opening gathers three from each hole."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 4, first = "South" }
sow = { direction = "ccw", opening_gather = 3 }
'''

ENDS = '''
[[clause]]
id = "E-1"
text = "Two rows of three; relay sowing anticlockwise; a hole made four taken at once."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 4, first = "South" }
sow = { direction = "ccw", relay = true, take_at = 4 ENDS }
'''


def sows(v, state) -> list[str]:
    return sorted((a["sow"] for a in v.legal_actions(state)), key=int)


def test_the_gathered_opening_is_the_games_only_first_move_and_sows_from_the_opponents_first_hole():
    v = make(GATHER)
    s = v.new_game()
    # South's row is 1..3; the first hole after it, anticlockwise, is North's 4: the only move.
    assert sows(v, s) == ["4"]
    s = v.apply(s, {"sow": "4"})
    # Nine seeds (three from each of 1, 2, 3, one left in each) sown from 4, the first into 4:
    # 4 5 6 1 2 3 4 5 6. North's holes 4 + 2 = 6, South's 1 + 1 = 2; nothing taken.
    assert holes(s) == {1: 2, 2: 2, 3: 2, 4: 6, 5: 6, 6: 6}
    assert s.to_json()["scores"] == [0, 0] and v.to_move(s) == 1
    # North's first move is an ordinary one: the gathered opening is the game's first only.
    assert sows(v, s) == ["4", "5", "6"]
    s = v.apply(s, {"sow": "5"})  # six seeds: 6 1 2 3 4 5, the last back into 5
    assert holes(s) == {1: 3, 2: 3, 3: 3, 4: 7, 5: 1, 6: 7} and sows(v, s) == ["1", "2", "3"]


def test_a_hole_holding_fewer_than_n_gives_all_it_has():
    v = make(GATHER)
    s = state_of(v, {1: 1, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4}, turn=0)
    s = v.apply(s, {"sow": "4"})
    # 1 + 3 + 3 = 7 gathered, sown 4 5 6 1 2 3 4: holes 1..3 left 0 1 1 get one each.
    assert holes(s) == {1: 1, 2: 2, 3: 2, 4: 6, 5: 5, 6: 5}


def test_lam_waladachs_opening_relays_and_takes_the_fours_then_plays_again():
    v = get_variant("sow.lam-waladach")
    s = v.new_game()
    assert sows(v, s) == ["7"]
    s = v.apply(s, {"sow": "7"})
    # Eighteen from 7: North's 4 -> 6, South's 1 -> 2, the last in 12 (6): lifted, 1..6 made 3,
    # the last in 6 (3): lifted, 7 8 9 made 7, the last in 9 (7): lifted, 10 11 made 7, 12
    # made 1, and 1 2 3 4 each made four and taken at once (16); the last hole, 4, is empty.
    assert holes(s) == {5: 3, 7: 7, 8: 7, 10: 7, 11: 7, 12: 1}
    assert s.to_json()["scores"] == [16, 0]
    # A capture: South plays again, from his one hole with counters.
    assert v.to_move(s) == 0 and sows(v, s) == ["5"]


def test_a_lap_that_took_goes_on_unless_take_at_ends():
    on, off = make(ENDS.replace("ENDS", ", take_at_ends = true")), make(ENDS.replace("ENDS", ""))
    start = {1: 2, 2: 3, 3: 1, 6: 1}  # North keeps a seed in 6, so the game goes on
    # Sowing hole 1 (two): 2 made four and taken, the last into 3, making two (occupied).
    s = on.apply(state_of(on, start), {"sow": "1"})
    assert holes(s) == {3: 2, 6: 1}  # the lap took: the sowing ends where it fell
    s = off.apply(state_of(off, start), {"sow": "1"})
    assert holes(s) == {4: 1, 5: 1, 6: 1}  # relayed: 3's two sown into 4 and 5, the last into an empty hole
    assert s.to_json()["scores"][0] - state_of(off, start).to_json()["scores"][0] == 4


def test_a_set_openings_capture_starts_in_one_store_and_counts_in_the_rounds():
    # Lamosh (LM-2): the opening's position, South having taken four; North sows first.
    v = get_variant("sow.lamosh")
    s = v.new_game()
    data = s.to_json()
    assert data["scores"] == [4, 0] and v.to_move(s) == 1 and v.game.total == 48
    assert holes(s) == {1: 3, 2: 5, 3: 3, 4: 5, 5: 3, 6: 4, 8: 5, 9: 3, 10: 5, 11: 3, 12: 5}
    # The round's start counts each player's counters with those he has taken: 23 + 4 and 21.
    assert data["rounds"] == [[27, 21, 1]]
    assert v.state_from_json(data).to_json() == data
    # North's holes 8..12 hold counters (7 is empty): those are his moves.
    assert sows(v, s) == ["8", "9", "10", "11", "12"]


def test_stores_by_seat_must_be_two_counts():
    body = '''
[[clause]]
id = "B-1"
text = "A board."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { stores = [1, 2, 3] }
'''
    with pytest.raises(RulesFileError, match=r"sow/test\.toml:\d+: clause\[1\]\.setup\.stores: must be a whole number"):
        make(body)
    v = make(body.replace("[1, 2, 3]", "[2, 0]"))
    assert v.new_game().to_json()["scores"] == [2, 0] and v.game.total == 26


@pytest.mark.parametrize("board, sow_, field", [
    ('{ shape = "mancala", rows = 4, holes = 4 }', '{ direction = "ccw", opening_gather = 3 }', "opening_gather"),
    ('{ shape = "mancala", rows = 2, holes = 3 }', '{ direction = "choose", opening_gather = 3 }', "opening_gather"),
    ('{ shape = "mancala", rows = 2, holes = 3 }', '{ direction = "ccw", opening_gather = -1 }', "opening_gather"),
])
def test_bad_gathered_openings_name_the_file_line_and_field(board, sow_, field):
    body = f'''
[[clause]]
id = "B-1"
text = "A board."
board = {board}
sow = {sow_}
'''
    with pytest.raises(RulesFileError, match=rf"sow/test\.toml:\d+: clause\[1\]\.sow\.{field}"):
        make(body)


EQUAL = '''
[[clause]]
id = "Q-1"
text = "Two rows of three, two seeds each; plain sowing anticlockwise; a round ends when a row is empty."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 2, first = "South" }
sow = { direction = "ccw" }
end = { empty_row = "ends", no_moves = "owner" }
rounds = { refill = 1, arrange = "equal" }
'''


def round_end(scores: list[int]):
    """South to move with one seed in 3 and North one in 6: South sows 3 into 4, his row is
    empty, the round ends and North takes the 4 and 6 (two seeds)."""
    v = make(EQUAL)
    s = v.state_from_json({"board": {"3": [None, "seed", 1], "6": [None, "seed", 1]}, "to_move": 0,
                           "scores": scores, "starter": 0})
    return v, v.apply(s, {"sow": "3"})


def test_the_player_with_fewer_spreads_his_seeds_evenly_and_the_opponent_mirrors_them():
    v, s = round_end([5, 5])
    data = s.to_json()
    # Totals 5 and 7: South spreads five over 1, 2, 3 as 2, 2, 1 (the odd ones from his left);
    # North puts the same into the facing holes 6, 5, 4 and keeps the other two in hand.
    assert holes(s) == {1: 2, 2: 2, 3: 1, 4: 1, 5: 2, 6: 2}
    assert data["hands"] == [{}, {"seed": 2}] and data["scores"] == [0, 0]
    assert data["round"] == 2 and v.to_move(s) == 1  # the players take turns to begin
    assert not data.get("closed")


def test_four_or_fewer_go_one_to_a_hole_and_the_empty_ones_are_out_of_play():
    v, s = round_end([2, 8])
    data = s.to_json()
    # Totals 2 and 10: one each into 1 and 2, mirrored into 6 and 5; 3 and its facing 4 are closed.
    assert holes(s) == {1: 1, 2: 1, 5: 1, 6: 1}
    assert data["hands"] == [{}, {"seed": 8}]
    assert sorted(data["closed"], key=int) == ["3", "4"]
    s = v.apply(s, {"sow": "6"})  # North's seed from 6 goes round to 1, not into a closed hole
    assert holes(s) == {1: 2, 2: 1, 5: 1}


def test_a_player_left_with_no_seed_has_lost():
    v, s = round_end([0, 10])
    # South's row emptied and nothing taken: totals 0 and 12.
    assert v.outcome(s).winner == 1 and s.to_json()["over"]["how"] == "took-all"


def test_an_equal_arrangement_needs_refill_one():
    with pytest.raises(RulesFileError, match=r"sow/test\.toml:\d+: clause\[1\]\.rounds\.arrange"):
        make(EQUAL.replace("refill = 1", "refill = 4"))
