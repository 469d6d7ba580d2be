"""Hand-worked tests for helper sow10's sowing files and vocabulary (games/engine/rules/sow.py):
Um el Banat (sow.um-el-banat, DLP ruleset 244) and ``rounds.round_up_pair`` (two remainders of
two make a hole for the poorer player); Andada (sow.andada, 346), ``sow.opening_next`` (the
game's first sowing goes on from the hole after the last), ``end.empty_row = "loses"`` and the
hook ``andada-end`` (hooks_sow10.py).

Holes are numbered 1..N anticlockwise from South's left: on two rows of six 1..6 are South's
from South's left, 7..12 North's from North's left (7 faces 6, 12 faces 1).
"""
from __future__ import annotations

import random

import pytest

from games.engine import get_variant
from games.engine.rules.loader import RulesFileError
from tests.games.test_rules_sow import holes, make, position

UB = "sow.um-el-banat"


def sows(v, state) -> list[str]:
    return sorted((a["sow"] for a in v.legal_actions(state)), key=int)


# -- Um el Banat (DLP.GameRulesets.244) --------------------------------------------------------------
def test_ub3_a_last_counter_making_four_in_the_opponents_row_marks_the_hole():
    v = get_variant(UB)
    s = position(UB, {6: 1, 7: 3, 10: 2})
    s = v.apply(s, {"sow": "6"})  # the one counter into 7, making four: the sowing ends there
    assert holes(s) == {7: 4, 10: 2} and s.to_json()["tuz"] == [["7"], []]
    assert v.to_move(s) == 1 and sows(v, s) == ["10"]  # nobody sows from a marked hole


def test_ub2_four_in_ones_own_row_is_sown_on_unless_ludiis_reading():
    v = get_variant(UB)
    start = {1: 1, 2: 3, 9: 1}
    # The counter from 1 makes four in South's own 2: lifted and sown 3 4 5 6, the last into
    # an empty hole.
    s = v.apply(position(UB, start), {"sow": "1"})
    assert holes(s) == {3: 1, 4: 1, 5: 1, 6: 1, 9: 1} and s.to_json()["tuz"] == [[], []]
    # fours_where = "any" (Ludii): the sowing ends there, nothing marked.
    s = v.apply(position(UB, start, options={"fours_where": "any"}), {"sow": "1"})
    assert holes(s) == {2: 4, 9: 1} and s.to_json()["tuz"] == [[], []] and v.to_move(s) == 1


def test_ub4_a_last_counter_in_a_hole_the_opponent_marked_takes_two_and_plays_again():
    v = get_variant(UB)
    # North has marked South's 3 (five counters). South's two from 1: 2, then 3 (six): the
    # last counter and one more are taken; South moves again.
    before = position(UB, {1: 2, 3: 5, 5: 1, 9: 1}, tuz=[[], ["3"]])
    s = v.apply(before, {"sow": "1"})
    assert holes(s) == {2: 1, 3: 4, 5: 1, 9: 1}
    assert s.to_json()["scores"][0] - before.to_json()["scores"][0] == 2
    assert v.to_move(s) == 0 and sows(v, s) == ["2", "5"]
    # The marked hole empty: the last counter alone is taken.
    before = position(UB, {1: 2, 5: 1, 9: 1}, tuz=[[], ["3"]])
    s = v.apply(before, {"sow": "1"})
    assert holes(s) == {2: 1, 5: 1, 9: 1} and s.to_json()["scores"][0] - before.to_json()["scores"][0] == 1


def test_ub4_a_last_counter_in_ones_own_marked_hole_ends_the_turn():
    v = get_variant(UB)
    s = v.apply(position(UB, {6: 3, 9: 2, 10: 1}, tuz=[["9"], []]), {"sow": "6"})
    assert holes(s) == {7: 1, 8: 1, 9: 3, 10: 1} and v.to_move(s) == 1


def round_over(v, scores):
    # South has marked North's 7 (three counters); his last free counter, from 6, falls into it:
    # only marked holes hold counters, the round is over and South has the four.
    before = position(UB, {6: 1, 7: 3}, scores=scores, tuz=[["7"], []], rounds=[[24, 24, 0]])
    return v.apply(before, {"sow": "6"})


def test_ub7_two_and_two_over_the_poorer_fills_the_last_hole():
    v = get_variant(UB)
    after = round_over(v, [22, 22])  # South 26: six holes and two over; North 22: five and two
    data = after.to_json()
    assert data["owned"] == [["1", "2", "3", "4", "5", "6"], ["7", "8", "9", "10", "11", "12"]]
    assert holes(after) == {i: 4 for i in range(1, 13)} and data["closed"] == []
    assert data["hands"] == [{}, {}] and data["tuz"] == [[], []]
    assert data["to_move"] == 0  # the player with more begins the round


def test_ub7_three_over_fills_a_hole_of_the_opponents_row():
    v = get_variant(UB)
    after = round_over(v, [23, 21])  # South 27: six holes and three over; North 21: five and one
    data = after.to_json()
    assert data["owned"] == [["1", "2", "3", "4", "5", "6", "7"], ["8", "9", "10", "11", "12"]]
    assert holes(after) == {i: 4 for i in range(1, 13)} and data["hands"] == [{}, {}]
    # South 23: five holes and three over, the sixth filled with a counter of North's; North
    # 25 (six and one) has more and begins.
    after = round_over(v, [19, 25])
    data = after.to_json()
    assert data["owned"] == [["1", "2", "3", "4", "5", "6"], ["7", "8", "9", "10", "11", "12"]]
    assert data["to_move"] == 1 and data["hands"] == [{}, {}]


def test_round_up_pair_off_leaves_the_hole_empty():
    text = open("games/rulesets/sow/um-el-banat.toml").read().replace(" round_up_pair = true,", "")
    from games.engine.rules import sow
    from games.engine.rules.game import RulesVariant
    from games.engine.rules.loader import load_text
    v = RulesVariant(sow.compile(load_text(text, "sow/um-el-banat.toml", sow.ELEMENTS)))
    before = v.state_from_json({**position(UB, {6: 1, 7: 3}, scores=[22, 22], tuz=[["7"], []],
                                             rounds=[[24, 24, 0]]).to_json()})
    data = v.apply(before, {"sow": "6"}).to_json()
    assert data["closed"] == ["7"] and data["hands"] == [{"seed": 2}, {"seed": 2}]


def test_ub_random_playouts_keep_the_counters():
    v = get_variant(UB)
    rng = random.Random(3)
    for _ in range(3):
        s = v.new_game()
        for _ in range(1500):
            acts = v.legal_actions(s)
            if not acts:
                break
            s = v.apply(s, rng.choice(acts))
            data = s.to_json()
            kept = sum(h.get("seed", 0) for h in data["hands"])
            assert sum(holes(s).values()) + sum(data["scores"]) + kept == 48


# -- Andada (DLP.GameRulesets.346) -------------------------------------------------------------------
AN = "sow.andada"


def test_an2_the_opening_sows_on_from_the_next_hole_and_leaves_threes_between_empty_holes():
    v = get_variant(AN)
    s = v.new_game()
    assert sows(v, s) == [str(i) for i in range(1, 13)]
    s = v.apply(s, {"sow": "10"})
    # 10's two into 11 and 12; then 13's into 14, 15; 16's; 19's; 22's into 23, 24; 1's into
    # 2, 3; 4's; 7's into 8, 9; the hole after, 10, is empty: the opening ends, taking nothing.
    empty = {1, 4, 7, 10, 13, 16, 19, 22}
    assert holes(s) == {i: 3 for i in range(1, 25) if i not in empty}
    assert s.to_json()["scores"] == [0, 0] and v.to_move(s) == 1
    # North's first move is an ordinary relay sowing: from 14 (three) into 15, 16, 17 (four):
    # lifted, 18 19 20 21, the last into 21 (four): lifted, 22 23 24 1, the last into 1, empty,
    # in South's row: nothing taken.
    s = v.apply(s, {"sow": "14"})
    assert holes(s)[1] == 1 and 14 not in holes(s) and s.to_json()["scores"] == [0, 0]


def test_an3_an5_relay_then_the_facing_hole_is_taken_from_an_empty_hole_of_ones_own():
    v = get_variant(AN)
    # 1's two: 2 (one), 3 (two: lifted), 4, 5 (two: lifted), 6, 7, empty: 18 (facing 7) taken.
    s = v.apply(position(AN, {1: 2, 3: 1, 5: 1, 18: 3, 20: 1}, turn=5), {"sow": "1"})
    assert holes(s) == {2: 1, 4: 1, 6: 1, 7: 1, 20: 1}
    assert s.to_json()["scores"][0] - position(AN, {1: 2, 3: 1, 5: 1, 18: 3, 20: 1}, turn=5).to_json()["scores"][0] == 3


def test_an4_with_single_counters_only_a_counter_reaching_the_end_of_ones_row_is_taken():
    v = get_variant(AN)
    before = position(AN, {3: 1, 11: 1, 13: 1, 20: 1}, turn=5)
    s = v.apply(before, {"sow": "11"})  # into 12, South's last hole: taken, not 13 facing it
    assert holes(s) == {3: 1, 13: 1, 20: 1}
    assert s.to_json()["scores"][0] - before.to_json()["scores"][0] == 1
    # A hole of two on the board: 12 is an ordinary empty hole, and 13 facing it is taken.
    before = position(AN, {3: 1, 11: 1, 13: 1, 20: 2}, turn=5)
    s = v.apply(before, {"sow": "11"})
    assert holes(s) == {3: 1, 12: 1, 20: 2}
    assert s.to_json()["scores"][0] - before.to_json()["scores"][0] == 1


def test_an6_a_player_left_without_counters_has_lost():
    v = get_variant(AN)
    # South's last counter goes into North's row: South has lost.
    s = v.apply(position(AN, {12: 1, 20: 1}, turn=5), {"sow": "12"})
    assert s.to_json()["over"] == {"winner": 1, "how": "empty-row"}
    # South takes North's last counter (17, facing 8): North has lost.
    s = v.apply(position(AN, {3: 1, 7: 1, 17: 1}, turn=5), {"sow": "7"})
    assert s.to_json()["over"] == {"winner": 0, "how": "empty-row"}


def test_opening_next_needs_relay_sowing():
    with pytest.raises(RulesFileError, match="relay = true"):
        make('''
[[clause]]
id = "T-1"
text = "An opening sown on, but no relay."
board = { shape = "mancala", rows = 2, holes = 3 }
sow = { opening_next = true }
''')


def test_an_random_playouts_end():
    v = get_variant(AN)
    rng = random.Random(4)
    for _ in range(5):
        s = v.new_game()
        for _ in range(5000):
            acts = v.legal_actions(s)
            if not acts:
                break
            s = v.apply(s, rng.choice(acts))
        assert s.to_json()["over"] is not None


# -- Li'b al-'Aqil (DLP.GameRulesets.412) and Li'b al-Ghashim (213) ----------------------------------
LA, LG = "sow.lib-al-aqil", "sow.lib-al-ghashim"


def puts(v, state) -> list[str]:
    return sorted((a["to"] for a in v.legal_actions(state)), key=int)


def distributed(v, key, first: int):
    """South puts ``first`` counters into his hole 1, then four into each of 2 to 12."""
    s = v.new_game()
    for _ in range(first):
        s = v.apply(s, {"to": "1", "piece": "seed"})
    for k in range(2, 13):
        for _ in range(4):
            s = v.apply(s, {"to": str(k), "piece": "seed"})
    return s


def test_la2_lg2_every_hole_gets_its_least_before_the_counters_run_out():
    v = get_variant(LG)
    s = v.new_game()
    assert s.to_json()["phase"] == "distribute" and v.to_move(s) == 0
    assert s.to_json()["hands"] == [{"seed": 72}, {}]
    for _ in range(27):
        s = v.apply(s, {"to": "1", "piece": "seed"})
    # 45 left, 44 needed by the eleven other holes (four each): hole 1 may still take one.
    assert puts(v, s) == [str(i) for i in range(1, 13)]
    s = v.apply(s, {"to": "1", "piece": "seed"})
    assert puts(v, s) == [str(i) for i in range(2, 13)]  # 44 left, 44 needed
    # Li'b al-'Aqil: one counter a hole at least.
    v = get_variant(LA)
    s = v.new_game()
    for _ in range(60):
        s = v.apply(s, {"to": "1", "piece": "seed"})
    assert "1" in puts(v, s)
    s = v.apply(s, {"to": "1", "piece": "seed"})
    assert puts(v, s) == [str(i) for i in range(2, 13)]


def test_la3_turning_the_board_cedes_the_first_move_in_al_aqil_only():
    for key, mover in ((LA, 0), (LG, 1)):
        v = get_variant(key)
        s = distributed(v, key, 28)  # hole 1: 28, the others four each
        assert v.to_move(s) == 1 and s.to_json()["phase"] == "distribute"
        kept = v.apply(s, {"pass": True})
        assert v.to_move(kept) == 1 and holes(kept)[1] == 28
        turned = v.apply(s, {"pass": True, "rotate": True})
        # Hole 1's 28 go to 7, North's first hole from his left; the first move is South's in
        # Li'b al-'Aqil (turning cedes it), North's in Li'b al-Ghashim.
        assert holes(turned)[7] == 28 and holes(turned)[1] == 4
        assert v.to_move(turned) == mover, key


def test_la4_la5_odd_is_sown_on_and_even_takes_the_hole_its_facing_one_and_those_before():
    v = get_variant(LA)
    # 2's three: 3 (one), 4 (two), 5 (two, even): 5 and 8 facing it are taken, then 4 (two,
    # even) and 9 facing it; 3 (one, odd) ends the chain.
    before = position(LA, {2: 3, 4: 1, 5: 1, 8: 3, 9: 5, 11: 2}, turn=100)
    s = v.apply(before, {"sow": "2"})
    assert holes(s) == {3: 1, 11: 2}
    assert s.to_json()["scores"][0] - before.to_json()["scores"][0] == 2 + 3 + 2 + 5
    # 1's two: 2 (one), 3 (three, odd): lifted, 4 5 6, the last into an empty hole: over.
    s = v.apply(position(LA, {1: 2, 3: 2, 8: 1, 10: 4}, turn=100), {"sow": "1"})
    assert holes(s) == {2: 1, 4: 1, 5: 1, 6: 1, 8: 1, 10: 4} and v.to_move(s) == 1


def test_lg4_the_move_is_from_the_rightmost_hole_that_can_move():
    v = get_variant(LG)
    s = position(LG, {1: 2, 3: 1, 8: 1, 12: 3}, turn=100)
    assert sows(v, s) == ["3"]
    s = position(LG, {1: 2, 3: 1, 8: 1, 12: 3}, to_move=1, turn=100)
    assert sows(v, s) == ["12"]


def test_la6_a_player_with_an_empty_row_passes_and_is_given_a_counter_in_his_first_hole():
    v = get_variant(LA)
    # South's counter from 5 makes two in 6: taken, with North's last two, in 7 facing it.
    # North's row is empty; he passes, and South must give him a counter from one of his
    # holes, into North's 7.
    s = v.apply(position(LA, {2: 3, 4: 1, 5: 1, 6: 1, 7: 2}, turn=100), {"sow": "5"})
    assert v.to_move(s) == 0 and holes(s) == {2: 3, 4: 1}
    gives = sorted((a["from"], a["to"]) for a in v.legal_actions(s))
    assert gives == [("2", "7"), ("4", "7")]
    s = v.apply(s, {"from": "4", "to": "7"})
    assert holes(s) == {2: 3, 7: 1} and v.to_move(s) == 1 and sows(v, s) == ["7"]


def test_la7_la8_a_cleared_board_scores_the_difference_and_a_new_round_is_distributed():
    v = get_variant(LA)
    # South's counter from 5 makes two in 6: taken with the three of 7 facing it; the board is
    # clear, South has 45 against North's 27.
    before = position(LA, {5: 1, 6: 1, 7: 3}, scores=[40, 27], turn=100)
    s = v.apply(before, {"sow": "5"})
    data = s.to_json()
    assert data["points"] == [18, 0] and data["round"] == 2
    assert data["phase"] == "distribute" and data["to_move"] == 0 and data["hands"] == [{"seed": 72}, {}]
    assert data["scores"] == [0, 0] and holes(s) == {}
    assert v.state_from_json(data) == s
    # With 55 points already, the eighteen win the game.
    s = v.apply(position(LA, {5: 1, 6: 1, 7: 3}, scores=[40, 27], turn=100, points=[55, 3]), {"sow": "5"})
    assert s.to_json()["over"] == {"winner": 0, "how": "points"}


def test_la7_counters_going_round_for_ever_end_the_round_by_repetition():
    v = get_variant(LA)
    s = position(LA, {1: 1, 7: 1}, scores=[40, 30], turn=100)
    for _ in range(60):
        if s.to_json()["phase"] != "play":
            break
        s = v.apply(s, v.legal_actions(s)[0])
    # Each single counter steps on, six holes apart, never meeting: at the third repetition
    # each player takes the counter in his row (41 against 31): South scores ten.
    data = s.to_json()
    assert data["phase"] == "distribute" and data["points"] == [10, 0]


# -- Mangala (Suez) (DLP.GameRulesets.279) ---------------------------------------------------------
MS = "sow.mangala-suez"


def ms(counts: dict[int, int], turn: int):
    """A Mangala (Suez) position after the opening: forty-eight counters left in the game."""
    rest = 48 - sum(counts.values())
    return position(MS, counts, scores=[rest // 2, rest - rest // 2], turn=turn)


def test_ms2_each_player_empties_two_holes_of_one_half_and_one_of_the_other():
    v = get_variant(MS)
    s = v.new_game()
    choices = [tuple(a["leave_empty"]) for a in v.legal_actions(s)]
    # Two of 1-3 and one of 4-6 (nine ways), or one of 1-3 and two of 4-6 (nine more).
    assert len(choices) == 18 and ("1", "2", "4") in choices and ("3", "5", "6") in choices
    assert ("1", "2", "3") not in choices
    s = v.apply(s, {"leave_empty": ["1", "2", "4"]})
    assert v.to_move(s) == 1 and len(v.legal_actions(s)) == 18
    s = v.apply(s, {"leave_empty": ["7", "10", "12"]})
    assert holes(s) == {3: 8, 5: 8, 6: 8, 8: 8, 9: 8, 11: 8}
    assert v.to_move(s) == 0 and sows(v, s) == ["3", "5", "6"]
    assert v.state_from_json(s.to_json()) == s


def test_ms4_a_last_counter_in_an_empty_hole_takes_the_facing_hole_and_goes_on():
    v = get_variant(MS)
    # 1's counter into 2 (empty): 11 facing it taken; the counter on into 3 (empty): 10 taken;
    # on into 4 (empty), facing 9 empty: the turn is over.
    before = ms({1: 1, 8: 2, 10: 3, 11: 5}, 10)
    s = v.apply(before, {"sow": "1"})
    assert holes(s) == {4: 1, 8: 2}
    assert s.to_json()["scores"][0] - before.to_json()["scores"][0] == 8


def test_ms5_the_first_two_sowings_take_nothing():
    v = get_variant(MS)
    s = v.apply(ms({1: 1, 8: 2, 10: 3, 11: 5}, 2), {"sow": "1"})
    assert holes(s) == {2: 1, 8: 2, 10: 3, 11: 5} and v.to_move(s) == 1


def test_ms6_after_a_capture_the_opponent_begins_from_the_hole_after_the_end():
    v = get_variant(MS)
    # 5's two: 6 (three), 7 (empty): 6 facing it taken (the mover's own); the counter on into
    # 8 (empty), facing 5, now empty: over, in North's row. North must begin from 9.
    before = ms({3: 1, 5: 2, 6: 2, 9: 4, 11: 1}, 10)
    s = v.apply(before, {"sow": "5"})
    assert holes(s) == {3: 1, 8: 1, 9: 4, 11: 1}
    assert s.to_json()["scores"][0] - before.to_json()["scores"][0] == 3
    assert s.to_json()["from"] == "9" and sows(v, s) == ["9"]
    assert v.state_from_json(s.to_json()) == s
    # No capture: North sows freely.
    s = v.apply(ms({3: 1, 5: 1, 9: 4, 11: 1}, 10), {"sow": "5"})
    assert "from" not in s.to_json() and sows(v, s) == ["9", "11"]


def test_points_count_in_the_evaluation():
    v = get_variant(LA)
    even = v.fast(position(LA, {1: 1, 7: 1}, scores=[35, 35], turn=100))
    ahead = v.fast(position(LA, {1: 1, 7: 1}, scores=[35, 35], turn=100, points=[30, 0]))
    assert v.evaluate(even) == (0.5, 0.5)
    assert v.evaluate(ahead)[0] > 0.5


def test_an3_clockwise_by_agreement():
    v = get_variant(AN)
    s = v.new_game({"direction": "cw"})
    s = v.apply(s, {"sow": "1"})
    # Clockwise from 1: into 24 and 23; 22's into 21, 20; ... 4's into 3, 2; the hole after,
    # 1, is empty.
    empty = {1, 4, 7, 10, 13, 16, 19, 22}
    assert holes(s) == {i: 3 for i in range(1, 25) if i not in empty}
    # North's 24 (three), clockwise: 23, 22, 21 (four: lifted), 20 19 18 17 (four: lifted),
    # 16 15 14 13, the last into 13, empty, in North's row: 12 facing it (three) is taken.
    s = v.apply(s, {"sow": "24"})
    got = holes(s)
    assert {i: got.get(i, 0) for i in range(12, 25)} == {12: 0, 13: 1, 14: 4, 15: 4, 16: 1, 17: 0, 18: 4, 19: 1,
                                                         20: 4, 21: 0, 22: 1, 23: 4, 24: 0}
    assert s.to_json()["scores"] == [0, 3]


def test_bad_states_of_the_new_fields_are_refused():
    from games.engine.core import InvalidState
    v = get_variant(MS)
    data = ms({3: 1, 8: 1, 9: 4, 11: 1}, 10).to_json()
    for bad in (["9"], "13", "s1"):
        with pytest.raises(InvalidState, match="from"):
            v.state_from_json({**data, "to_move": 1, "from": bad})
    with pytest.raises(InvalidState, match="points"):
        v.state_from_json({**data, "points": [1, 2]})
    la = position(LA, {1: 1, 7: 1}, scores=[35, 35], turn=100).to_json()
    with pytest.raises(InvalidState, match="points"):
        get_variant(LA).state_from_json({**la, "points": [1]})
