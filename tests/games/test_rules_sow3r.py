"""Three-row sowing (games/engine/rules/sow.py, ``board.rows = 3``): the Gabata family of the
Horn of Africa, worked by hand on small files written here.

On three rows of six the holes are numbered along the first seat's track: South's row left to
right 1..6, his half of the centre right to left 7..9 (above 6, 5, 4), North's row right to
left as South sees it 10..15 (10 above 7, 15 above 1's column), North's half of the centre
left to right 16..18 (16 above 1, 18 above 3), and on into 1. South owns 1..9, North 10..18.
"""
from __future__ import annotations

import pytest

from games.engine.rules import sow
from games.engine.rules.game import RulesVariant
from games.engine.rules.loader import RulesFileError, load_text

from tests.games.test_rules_sow import HEAD, make, state_of


def holes(state) -> dict[int, int]:
    return {int(k): c for k, (_, _, c) in state.to_json()["board"].items() if not k.startswith("s")}


THREE = '''
[[clause]]
id = "T-1"
text = "Three rows of six, three seeds a hole."
board = { rows = 3, holes = 6 }
setup = { seeds = 3 }
%s
'''


def test_three_rows_are_numbered_along_the_track_and_owned_by_row_and_half_centre():
    v = make(THREE % "")
    info = v.board_info(v.validate_options({}))
    sites = {s["name"]: (s["x"], s["y"], s["owner"]) for s in info["geometry"]["sites"]}
    assert len(sites) == 18
    assert [sites[str(h)] for h in (1, 6, 7, 9, 10, 15, 16, 18)] == [
        (0, 0, 0), (5, 0, 0), (5, 1, 0), (3, 1, 0), (5, 2, 1), (0, 2, 1), (0, 1, 1), (2, 1, 1)]
    # South sows from his nine holes, North from his nine.
    s = v.new_game()
    assert sorted(int(a["sow"]) for a in v.legal_actions(s)) == list(range(1, 10))
    s = v.apply(s, {"sow": "8"})  # 8 (E2) holds three: into 9 (D2), 10 (F3), 11 (E3)
    assert 8 not in holes(s) and (holes(s)[9], holes(s)[10], holes(s)[11], holes(s)[12]) == (4, 4, 4, 3)
    assert sorted(int(a["sow"]) for a in v.legal_actions(s)) == list(range(10, 19))


def test_the_track_goes_on_from_the_far_seats_half_of_the_centre_into_the_first_row():
    v = make(THREE % "")
    s = state_of(v, {17: 3, 1: 1}, to_move=1)  # 17 (B2): into 18 (C2), 1 (A1), 2 (B1)
    s = v.apply(s, {"sow": "17"})
    assert holes(s) == {18: 1, 1: 2, 2: 1}
    s = state_of(v, {9: 2, 3: 1})  # 9 (D2): into 10 (F3), 11 (E3): the far row from its right
    s = v.apply(s, {"sow": "9"})
    assert holes(s) == {10: 1, 11: 1, 3: 1}


def test_three_rows_with_relay_sowing_go_round_the_eighteen_holes():
    v = make(THREE % 'sow = { relay = true }')
    # 18 holds 1: into 1 (two now: lifted), 2 and 3; 3 held none: the sowing ends there.
    s = state_of(v, {18: 1, 1: 1, 5: 1}, to_move=1)
    s = v.apply(s, {"sow": "18"})
    assert holes(s) == {2: 1, 3: 1, 5: 1}


def test_three_rows_refuse_an_odd_row_and_a_facing_capture():
    with pytest.raises(RulesFileError, match="even number"):
        make(THREE.replace("holes = 6", "holes = 5") % "")
    with pytest.raises(RulesFileError, match="facing hole"):
        make(THREE % 'capture = { take = "opposite" }')


WEGUE = '''
[[clause]]
id = "W-1"
text = "Three rows of six, three seeds a hole; relay sowing, a lap making an opponent's hole four ending there."
board = { rows = 3, holes = 6 }
setup = { seeds = 3 }
sow = { relay = true, relay_ends = [4], relay_ends_where = "opponent" }
end = { no_moves = "pass", stalled = "owner" }

[[clause]]
id = "W-2"
text = "A last seed making an opponent's hole four makes it the mover's wegue."
capture = { take = "last", counts = [4], where = "opponent", claim = true, claim_max = 0, claim_keeps = 2, claim_last = 3 }
%s
'''


def moves(v, s) -> list[int]:
    return sorted(int(a["sow"]) for a in v.legal_actions(s))


def test_a_last_seed_making_an_opponents_three_four_makes_a_wegue_nobody_sows_from():
    v = make(WEGUE % "")
    # South sows 9 (three): 10, 11, then 12, North's, three made four: South's wegue.
    s = state_of(v, {9: 3, 12: 3, 1: 1, 15: 2})
    after = v.apply(s, {"sow": "9"})
    assert holes(after) == {1: 1, 10: 1, 11: 1, 12: 4, 15: 2}
    assert after.to_json()["tuz"] == [["12"], []] and after.to_json()["scores"] == s.to_json()["scores"]
    assert moves(v, after) == [10, 11, 15]  # North may not sow from the wegue in his row
    # Four in one of South's own holes is no wegue: the lap lifts them and sows on.
    s = state_of(v, {8: 1, 9: 3, 15: 2})
    after = v.apply(s, {"sow": "8"})  # 9 made four: lifted, into 10, 11, 12, 13 (empty: the end)
    assert holes(after) == {10: 1, 11: 1, 12: 1, 13: 1, 15: 2} and after.to_json()["tuz"] == [[], []]


def test_a_last_seed_in_the_opponents_wegue_takes_two_in_ones_own_takes_nothing():
    v = make(WEGUE % "")
    # 12 is South's wegue with four. North sows 11 (one seed): into 12, five: North takes two.
    s = state_of(v, {11: 1, 12: 4, 15: 2, 1: 1}, to_move=1, tuz=[["12"], []])
    before = s.to_json()["scores"]
    after = v.apply(s, {"sow": "11"})
    assert holes(after) == {12: 3, 15: 2, 1: 1}
    assert after.to_json()["scores"] == [before[0], before[1] + 2] and after.to_json()["tuz"] == [["12"], []]
    assert v.to_move(after) == 0  # the turn is over: no relay from a wegue
    # South's last seed in his own wegue takes nothing and ends his turn there.
    s = state_of(v, {9: 3, 12: 4, 15: 2}, tuz=[["12"], []])
    after = v.apply(s, {"sow": "9"})
    assert holes(after) == {10: 1, 11: 1, 12: 5, 15: 2} and after.to_json()["scores"] == s.to_json()["scores"]
    # A wegue holding none, one seed with the last: two cannot be taken, nothing is.
    s = state_of(v, {11: 1, 15: 2, 1: 1}, to_move=1, tuz=[["12"], []])
    after = v.apply(s, {"sow": "11"})
    assert holes(after) == {12: 1, 15: 2, 1: 1} and after.to_json()["scores"] == s.to_json()["scores"]


def test_the_opponents_last_free_hole_is_not_made_a_wegue_three_of_its_four_are_taken():
    v = make(WEGUE % "")
    wegue = [str(h) for h in (10, 11, 13, 14, 15, 16, 17, 18)]  # all North's holes but 12
    # South sows 9 (three): 10 and 11 (his wegue, passed on through: not the lap's last), then
    # 12, three made four: North's last free hole, so three are taken and one left; no wegue.
    s = state_of(v, {9: 3, 12: 3, 1: 2}, tuz=[wegue, []])
    before = s.to_json()["scores"]
    after = v.apply(s, {"sow": "9"})
    assert holes(after) == {1: 2, 10: 1, 11: 1, 12: 1}
    assert after.to_json()["tuz"] == [wegue, []]
    assert after.to_json()["scores"] == [before[0] + 3, before[1]]
    assert moves(v, after) == [12]


def test_no_capture_moves_let_a_lap_ending_on_four_sow_on():
    v = make(WEGUE % 'constraint = { no_capture_moves = 2 }')
    # The game's first sowing: 12 made four is lifted and sown on, to 16 (empty: the end).
    s = state_of(v, {9: 3, 12: 3, 1: 1, 17: 1})
    after = v.apply(s, {"sow": "9"})
    assert holes(after) == {1: 1, 10: 1, 11: 1, 13: 1, 14: 1, 15: 1, 16: 1, 17: 1}
    assert after.to_json()["tuz"] == [[], []]


ROUNDS = '''
[[clause]]
id = "W-3"
text = "Rounds: holes won by threes, from the row's leftmost hole along the track; the player after the last mover starts."
rounds = { refill = 3, holes = "won", round_up = 2, starts = "after-last" }
'''


def test_the_round_ends_with_every_seed_in_a_wegue_and_holes_are_won_along_the_track():
    v = make(WEGUE % ROUNDS)
    # 9 is North's wegue (five), 12 South's (twenty). South sows 8's one seed into 9: six, he
    # takes two; no free seed is left: the round ends, each wegue's seeds to its holder.
    s = state_of(v, {8: 1, 9: 5, 12: 20}, tuz=[["12"], ["9"]], starter=0)
    sc = s.to_json()["scores"]  # 28 off the board: 14 each
    assert sc == [14, 14]
    after = v.apply(s, {"sow": "8"})
    data = after.to_json()
    # South 14 + 2 + 20 = 36: twelve holes; North 14 + 4 = 18: six holes.
    assert data["rounds"][-1] == [36, 18, 1] and data["round"] == 2
    assert data["owned"] == [[str(h) for h in (*range(1, 10), 16, 17, 18)], [str(h) for h in range(10, 16)]]
    assert holes(after) == {h: 3 for h in range(1, 19)} and data["tuz"] == [[], []]
    assert v.to_move(after) == 1  # South moved last: North starts
    assert moves(v, after) == list(range(10, 16))


def test_a_remainder_of_two_wins_one_more_hole_the_opponent_ceding_one():
    v = make(WEGUE % ROUNDS)
    s = state_of(v, {8: 1, 9: 5, 12: 19}, tuz=[["12"], ["9"]], starter=0)  # 29 off: 14, 15
    after = v.apply(s, {"sow": "8"})
    data = after.to_json()
    # South 14 + 2 + 19 = 35: eleven holes and two over; North 15 + 4 = 19: six and one over,
    # which he cedes: South fills a twelfth hole.
    assert data["rounds"][-1] == [35, 19, 1]
    assert [len(h) for h in data["owned"]] == [12, 6] and data["hands"] == [{}, {}]


def test_the_next_rounds_starter_fills_first_on_into_the_opponents_leftmost_holes():
    v = make(WEGUE % ROUNDS)
    # South's last free seed into North's wegue 9 (twenty: 21, two taken); 12 South's (five).
    s = state_of(v, {8: 1, 9: 20, 12: 5}, tuz=[["12"], ["9"]], starter=0)
    after = v.apply(s, {"sow": "8"})
    data = after.to_json()
    # South 14 + 2 + 5 = 21: seven holes; North 14 + 19 = 33: eleven. North, to start, fills
    # first: his nine, then South's 1 and 2; South fills on from his leftmost hole left: 3..9.
    assert data["rounds"][-1] == [21, 33, 1]
    assert data["owned"] == [[str(h) for h in range(3, 10)], [str(h) for h in (1, 2, *range(10, 19))]]
    assert v.to_move(after) == 1 and moves(v, after) == [1, 2, *range(10, 19)]


LEFTMOST = '''
[[clause]]
id = "W-4"
text = "The leftmost hole of one's row is sown from only with four or more, unless nothing else can be."
sow = { leftmost_min = 4 }
'''


def test_the_leftmost_hole_needs_more_than_three_unless_it_is_the_only_move():
    v = make(WEGUE % LEFTMOST)
    assert moves(v, state_of(v, {1: 3, 5: 1, 12: 2})) == [5]
    assert moves(v, state_of(v, {1: 4, 5: 1, 12: 2})) == [1, 5]
    assert moves(v, state_of(v, {1: 3, 12: 2})) == [1]  # no other option
    # North's leftmost is 10 (F3, his row's left end as he sees it).
    assert moves(v, state_of(v, {10: 2, 14: 1, 3: 1}, to_move=1)) == [14]


RABE = '''
[[clause]]
id = "R-1"
text = "Three rows of six, four a hole; relay sowing; a hole made four is taken at once."
board = { rows = 3, holes = 6 }
setup = { seeds = 4 }
sow = { relay = true, take_at = 4 }
end = { empty_row = "ends", no_moves = "other" }
%s
'''


def test_a_hole_made_four_is_taken_and_the_relay_goes_on_unless_take_at_lap():
    # South sows 1 (three): 2 made four, taken at once; 3; 4 made three, the last: lifted and
    # sown on into 5, 6, 7 (empty: the end).
    s = {1: 3, 2: 3, 4: 2, 15: 1}
    v = make(RABE % "")
    after = v.apply(state_of(v, s), {"sow": "1"})
    assert holes(after) == {3: 1, 5: 1, 6: 1, 7: 1, 15: 1}
    assert after.to_json()["scores"][0] == state_of(v, s).to_json()["scores"][0] + 4
    # take_at_lap (Ludii's reading): the lap that took 2 ends the sowing, 4 left holding three.
    v = make(RABE % '[[clause]]\nid = "R-3"\ntext = "Ludii."\nsow = { take_at_lap = true }')
    after = v.apply(state_of(v, s), {"sow": "1"})
    assert holes(after) == {3: 1, 4: 3, 15: 1}
    with pytest.raises(RulesFileError, match="take_at"):
        make(THREE % 'sow = { relay = true, take_at_lap = true }')  # no take_at


MATCHED = '''
[[clause]]
id = "R-2"
text = "Rounds: the poorer fills four a hole, the richer matches him, the rest kept aside."
rounds = { refill = 4, holes = "matched", starts = "%s" }
'''


def test_matched_rounds_the_richer_mirrors_the_poorers_holes_and_keeps_the_rest():
    for starts, first in (("more", 1), ("fewer", 0)):
        v = make(RABE % (MATCHED % starts))
        # South's last counter, from 9 into 10: his holes are empty, the round ends and North
        # takes the six on the board. 66 off the board: 33 each; South 33, North 39.
        s = state_of(v, {9: 1, 12: 5}, starter=0)
        assert s.to_json()["scores"] == [33, 33]
        after = v.apply(s, {"sow": "9"})
        data = after.to_json()
        assert data["rounds"][-1][:2] == [33, 39] and data["round"] == 2
        # South: eight holes of four and one of one (1..9); North the same at 10..18; North
        # keeps six aside.
        expect = {h: 4 for h in range(1, 9)} | {9: 1} | {h: 4 for h in range(10, 18)} | {18: 1}
        assert holes(after) == expect and data["hands"] == [{}, {"seed": 6}]
        assert v.to_move(after) == first


def test_matched_rounds_end_when_one_player_has_every_seed():
    v = make(RABE % (MATCHED % "more"))
    s = state_of(v, {9: 1}, starter=0)
    s = v.state_from_json({**s.to_json(), "scores": [0, 71]})
    after = v.apply(s, {"sow": "9"})  # into 10: South's holes empty, North takes it: 72 to 0
    assert after.to_json()["over"] == {"winner": 1, "how": "took-every-seed"}


def test_matched_rounds_end_the_game_when_a_rounds_start_repeats():
    # rounds.repeat with matched rounds (Rab'e's RB-8): the round South's last counter ends
    # would start a third time with 33 to South, 39 to North and North to begin, so the game
    # ends there, North with more counters winning; with repeat = 4 a new round begins.
    for repeat, over in ((3, {"winner": 1, "how": "rounds-repeated"}), (4, None)):
        v = make(RABE % (MATCHED % "more").replace('starts = "more" }', f'starts = "more", repeat = {repeat} }}'))
        s = state_of(v, {9: 1, 12: 5}, starter=0)
        data = s.to_json()
        s = v.state_from_json({**data, "rounds": [[33, 39, 1], [33, 39, 1]] + data["rounds"], "round": 3})
        after = v.apply(s, {"sow": "9"}).to_json()
        assert after.get("over") == over
        if over is None:
            assert after["round"] == 4 and after["rounds"][-1][:2] == [33, 39]
