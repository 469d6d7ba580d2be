"""Hand-worked tests for the claimed hole (tuz) of games/engine/rules/sow.py: ``capture.claim``
(with ``claim_except`` and ``claim_twin``) and ``sow.first_in_origin = "unless-single"``
(Toguz Kumalak, DLP ruleset 282)."""
from __future__ import annotations

import random

import pytest

from games.engine.core import InvalidState
from tests.games.test_rules_sow import holes, make, state_of

TUZ = '''
[[clause]]
id = "T-1"
text = "Two rows of four, three seeds each; the first seed back into the hole, unless it is alone."
board = { shape = "mancala", rows = 2, holes = 4 }
setup = { seeds = 3 }
sow = { direction = "ccw", first_in_origin = "unless-single" }
[[clause]]
id = "T-2"
text = "An even count in the opponent's last hole taken."
capture = { take = "last", counts = "even", where = "opponent" }
[[clause]]
id = "T-3"
text = "Three in the opponent's last hole: taken and claimed."
capture = { take = "last", counts = [3], where = "opponent", claim = true CLAIM }
'''


def tuz_game(more: str = ', claim_except = [4]'):
    return make(TUZ.replace("CLAIM", more))


def scores(state) -> list[int]:
    return state.to_json()["scores"]


def test_the_first_seed_goes_back_into_the_hole_unless_it_is_alone():
    v = tuz_game()
    # Hole 1's three seeds: one back into 1, then 2 and 3.
    assert holes(v.apply(state_of(v, {1: 3, 6: 1}), {"sow": "1"})) == {1: 1, 2: 1, 3: 1, 6: 1}
    # A single seed goes on into the next hole.
    assert holes(v.apply(state_of(v, {1: 1, 6: 1}), {"sow": "1"})) == {2: 1, 6: 1}


def test_three_in_the_opponents_hole_is_taken_and_the_hole_claimed():
    v = tuz_game()
    # South sows hole 4's two seeds: one back into 4, one into North's 5, which then holds three.
    before = state_of(v, {4: 2, 5: 2, 7: 1})
    after = v.apply(before, {"sow": "4"})
    assert holes(after) == {4: 1, 7: 1}
    assert scores(after)[0] - scores(before)[0] == 3
    assert after.to_json()["tuz"] == [["5"], []]
    # North then sows hole 7's single seed... into 8; and a later sowing of North's through 5
    # puts a seed there that goes at once to South.
    s = v.apply(after, {"sow": "7"})
    s = v.apply(s, {"sow": "4"})  # South's single seed from 4 falls into his tuz, 5: his
    assert holes(s) == {8: 1} and scores(s)[0] - scores(before)[0] == 4
    assert s.to_json()["tuz"] == [["5"], []]


def test_a_sowing_through_the_tuz_pays_its_holder():
    v = tuz_game()
    # North holds a tuz at South's hole 2. North sows hole 8's three seeds: 8, 1, 2: the seed in
    # 2 goes to North; the last hole, 2, is North's tuz and takes nothing more.
    before = state_of(v, {8: 3, 1: 1, 5: 1}, to_move=1, tuz=[["6"], ["2"]])
    after = v.apply(before, {"sow": "8"})
    assert holes(after) == {8: 1, 1: 2, 5: 1}
    assert scores(after)[1] - scores(before)[1] == 1


def test_the_excepted_place_is_never_claimed():
    v = tuz_game()
    # South's hole 4's five seeds: 4, 5, 6, 7, 8. North's 8 (his rightmost, place 4) then holds
    # three: no tuz, and three is odd, so nothing is taken.
    before = state_of(v, {4: 5, 8: 2, 1: 1})
    after = v.apply(before, {"sow": "4"})
    assert holes(after) == {1: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 3}
    assert after.to_json()["tuz"] == [[], []]
    # Without the exception it is claimed.
    v = tuz_game("")
    assert v.apply(state_of(v, {4: 5, 8: 2, 1: 1}), {"sow": "4"}).to_json()["tuz"] == [["8"], []]


def test_one_tuz_each_and_never_the_twin_of_the_opponents():
    v = tuz_game()
    # North's tuz is South's hole 1 (place 1): South may not claim North's 5 (place 1 too).
    before = state_of(v, {4: 2, 5: 2, 6: 1}, tuz=[[], ["1"]])
    after = v.apply(before, {"sow": "4"})
    assert holes(after) == {4: 1, 5: 3, 6: 1} and after.to_json()["tuz"] == [[], ["1"]]
    # ... unless claim_twin allows it.
    v2 = tuz_game(", claim_twin = true")
    assert v2.apply(state_of(v2, {4: 2, 5: 2, 6: 1}, tuz=[[], ["1"]]), {"sow": "4"}).to_json()["tuz"] == [["5"], ["1"]]
    # A player who has a tuz claims no other: South's tuz is 7; 5 made three stays.
    after = v.apply(state_of(v, {4: 2, 5: 2, 6: 1}, tuz=[["7"], []]), {"sow": "4"})
    assert holes(after) == {4: 1, 5: 3, 6: 1} and after.to_json()["tuz"] == [["7"], []]
    # An even count is still taken from the opponent's hole.
    after = v.apply(state_of(v, {4: 2, 5: 1, 6: 1}, tuz=[["7"], []]), {"sow": "4"})
    assert holes(after) == {4: 1, 6: 1}


def test_the_state_checks_the_tuz():
    v = tuz_game()
    with pytest.raises(InvalidState):
        state_of(v, {4: 2, 5: 2}, tuz=[["7"], ["7"]])  # one hole claimed twice
    with pytest.raises(InvalidState):
        state_of(v, {4: 2, 5: 2}, tuz=[["5"], []])  # seeds lying in a tuz
    plain = make(TUZ.replace(", claim = true CLAIM", ""))
    assert "tuz" not in plain.new_game().to_json()
    with pytest.raises(InvalidState):
        state_of(plain, {4: 2, 5: 2}, tuz=[[], []])


def test_random_playouts_keep_the_seeds_and_end():
    v = tuz_game()
    rng = random.Random(3)
    for _ in range(20):
        s = v.new_game()
        for _ in range(2000):
            acts = v.legal_actions(s)
            if not acts:
                break
            s = v.apply(s, rng.choice(acts))
            data = s.to_json()
            assert sum(holes(s).values()) + sum(data["scores"]) == 24
            for seat, ts in enumerate(data["tuz"]):
                assert len(ts) <= 1 and not any(int(t) in holes(s) for t in ts)
        assert s.to_json()["over"] is not None


# -- rounds.holes = "won": holes won from the opponent between rounds (Rio Kadalis) ---------------
WON = '''
[[clause]]
id = "T-1"
text = "Two rows of three, four seeds each, sown anticlockwise."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 4 }
sow = { direction = "ccw" }
[[clause]]
id = "T-2"
text = "A row left empty ends the round; the last mover takes the rest."
end = { empty_row = "ends", no_moves = "last-mover" }
[[clause]]
id = "T-3"
text = "Rounds: four a hole, holes won from the opponent."
rounds = { refill = 4, holes = "won" UP }
'''


def won_game(up: str = ", round_up = 3"):
    return make(WON.replace("UP", up))


def round_end(v, scores):
    # South's last seed, in his hole 3, goes into North's 4: South's row is empty, the round
    # ends, and South, the last mover, takes the seed left on the board.
    before = state_of(v, {3: 1}, scores=scores, starter=0, rounds=[[12, 12, 0]])
    return v.apply(before, {"sow": "3"})


def test_the_player_with_more_wins_the_opponents_leftmost_holes():
    v = won_game()
    after = round_end(v, [14, 9])  # South 15 in all (three holes and three over), North 9
    data = after.to_json()
    # South's three over fill one more hole, North ceding the one it lacks: South holds four
    # holes, North two, his rightmost (6 and 5); South has won North's leftmost, 4.
    assert data["owned"] == [["1", "2", "3", "4"], ["5", "6"]]
    assert holes(after) == {i: 4 for i in range(1, 7)}
    assert data["hands"] == [{}, {}] and data["closed"] == []
    assert data["to_move"] == 1 and data["round"] == 2  # the players take turns to start
    assert sorted(a["sow"] for a in v.legal_actions(after)) == ["5", "6"]
    # The position goes through JSON; South then sows from the hole he has won.
    again = v.state_from_json(data)
    assert again == after
    s = v.apply(after, {"sow": "5"})
    assert sorted(a["sow"] for a in v.legal_actions(s)) == ["1", "2", "3", "4"]


def test_two_over_each_leaves_a_hole_empty_and_the_seeds_in_hand():
    v = won_game()
    after = round_end(v, [13, 10])  # South 14 (three holes, two over), North 10 (two, two over)
    data = after.to_json()
    assert holes(after) == {1: 4, 2: 4, 3: 4, 5: 4, 6: 4}
    assert data["closed"] == ["4"] and data["hands"] == [{"seed": 2}, {"seed": 2}]
    assert data["owned"][0] == ["1", "2", "3"]
    # Without round_up, three over win nothing either: South 15 fills three, keeps three.
    v = won_game("")
    data = round_end(v, [14, 9]).to_json()
    assert data["closed"] == ["4"] and data["hands"] == [{"seed": 3}, {"seed": 1}]


def test_a_player_who_fills_no_hole_has_lost():
    v = won_game()
    after = round_end(v, [21, 2])  # North has two: no hole, even with help
    assert after.to_json()["over"] == {"winner": 0, "how": "cannot-fill-a-hole"}
    # With three he fills one hole, South ceding a seed.
    after = round_end(v, [20, 3])
    assert after.to_json()["owned"] == [["1", "2", "3", "4", "5"], ["6"]]


def test_random_playouts_of_won_rounds_keep_the_seeds():
    v = won_game()
    rng = random.Random(5)
    for _ in range(10):
        s = v.new_game()
        for _ in range(3000):
            acts = v.legal_actions(s)
            if not acts:
                break
            s = v.apply(s, rng.choice(acts))
            data = s.to_json()
            kept = sum(h.get("seed", 0) for h in data["hands"])
            assert sum(holes(s).values()) + sum(data["scores"]) + kept == 24
            assert v.state_from_json(data) == s


def test_seeds_left_to_the_other_player():
    # end.no_moves = "other": South's last seed leaves his row empty; the seeds left on the board
    # (North's 4 with the seed just sown, and 6) go to North, the player who can still move.
    body = '''
[[clause]]
id = "T-1"
text = "Two rows of three, sown anticlockwise; a row left empty ends the game."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 4 }
sow = { direction = "ccw" }
end = { empty_row = "ends", no_moves = "MODE" }
'''
    for mode, gets in (("other", [10, 14]), ("last-mover", [14, 10]), ("blocked", [14, 10])):
        v = make(body.replace("MODE", mode))
        after = v.apply(state_of(v, {3: 1, 4: 1, 6: 2}, scores=[10, 10]), {"sow": "3"})
        assert after.to_json()["scores"] == gets, mode


def test_claims_without_limit_and_in_ones_own_row():
    # claim_max = 0: any number of tuz; a rule with where = "own" claims in the mover's row.
    body = TUZ.replace("CLAIM", ", claim_max = 0").replace('first_in_origin = "unless-single"', "first_in_origin = false")
    body += '''
[[clause]]
id = "T-4"
text = "Three in one's own last hole: claimed too, at the ends only."
capture = { take = "last", counts = [3], where = "own", claim = true, claim_max = 0, claim_except = [2, 3] }
'''
    v = make(body)
    # South already holds tuz 6 and 7; his single seed from 3 makes three in his own 4 (place
    # 4, an end): claimed, the three taken.
    before = state_of(v, {3: 1, 4: 2, 8: 1}, tuz=[["6", "7"], []])
    after = v.apply(before, {"sow": "3"})
    assert after.to_json()["tuz"] == [["4", "6", "7"], []] and holes(after) == {8: 1}
    assert scores(after)[0] - scores(before)[0] == 3
    # His own 3 (place 3) is excepted: his seed from 2 makes three there, and nothing happens.
    after = v.apply(state_of(v, {2: 1, 3: 2, 8: 1}), {"sow": "2"})
    assert after.to_json()["tuz"] == [[], []] and holes(after) == {3: 3, 8: 1}


PAIR = '''
[[clause]]
id = "T-1"
text = "Two rows of three, relay sowing clockwise, the game's first sowing from the rightmost hole."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 4 }
sow = { direction = "cw", relay = true, first_right = 1, first_of = "game" }
[[clause]]
id = "T-2"
text = "The pair at three claimed; else the facing hole taken."
capture = { hook = "pair-at-three", claim = true }
[[clause]]
id = "T-3"
text = "Opposite."
capture = { take = "opposite", where = "own", min = 1 }
'''


def test_pair_at_three_claims_both_holes_and_a_lap_ending_in_a_tuz_stops():
    v = make(PAIR)
    # South sows 2's single seed clockwise into his empty 1; North's 6, facing 1, holds three:
    # both holes are South's, the four counters his.
    before = state_of(v, {2: 1, 6: 3, 4: 2}, sown=["3"])
    after = v.apply(before, {"sow": "2"})
    assert after.to_json()["tuz"] == [["1", "6"], []] and holes(after) == {4: 2}
    assert scores(after)[0] - scores(before)[0] == 4
    # Facing anything but three: taken as usual, nothing claimed.
    after = v.apply(state_of(v, {2: 1, 6: 2, 4: 2}, sown=["3"]), {"sow": "2"})
    assert after.to_json()["tuz"] == [[], []] and holes(after) == {1: 1, 4: 2}
    # North sows 4's two seeds clockwise: 3, then 2, South's tuz, where the lap ends (its seed
    # South's) although a seed lay there during the sowing; nothing taken.
    before = state_of(v, {4: 2, 3: 1, 5: 1}, to_move=1, tuz=[["2"], []], sown=["3"])
    after = v.apply(before, {"sow": "4"})
    assert holes(after) == {3: 2, 5: 1} and scores(after)[0] - scores(before)[0] == 1


def test_first_of_game_binds_only_the_first_sowing():
    v = make(PAIR)
    s = v.new_game()
    assert [a["sow"] for a in v.legal_actions(s)] == ["3"]
    s = v.apply(s, {"sow": "3"})
    assert sorted(a["sow"] for a in v.legal_actions(s)) != ["6"] and len(v.legal_actions(s)) > 1
