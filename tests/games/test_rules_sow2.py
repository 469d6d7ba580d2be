"""Two-row sowing constructs added for the Gabata games of Ethiopia and Eritrea (games/engine/rules/
sow.py): a claimed hole that keeps its counters, a *weg* (``capture.claim_keeps``), raided by the
opponent's last counter, which takes ``claim_keeps = n`` of its counters or, with
``claim_keeps_fewer = "all"``, all there are when fewer; positions worked by hand.

On two rows of six, South's holes are 1..6 from his left, North's 7..12 from North's left: the
sowing goes anticlockwise 1, 2, ... 6, 7, ... 12, 1.
"""
from __future__ import annotations

import pytest

from games.engine.rules import rules_variant
from games.engine.rules.loader import RulesFileError
from tests.games.test_rules_sow import holes, make

GABATA = "sow.gabata-shoa-i"


def gabata(counts: dict[int, int], scores: list[int], tuz: list[list[str]] | None = None, to_move: int = 0,
           **more):
    v = rules_variant(GABATA)
    data = {"board": {str(h): [None, "seed", c] for h, c in counts.items() if c}, "to_move": to_move,
            "scores": scores, "starter": 0, "options": {"first": "South"}, **more}
    if tuz is not None:
        data["tuz"] = tuz
    assert sum(counts.values()) + sum(scores) == 48
    return v, v.state_from_json(data)


def test_gs4_a_last_counter_making_four_in_the_opponents_row_wins_it_and_it_keeps_its_counters():
    # South sows 6 (one): into 7, which held three: four, in North's row. The relay would lift
    # them, but a weg is won instead: it keeps the four, and the turn is over.
    v, s = gabata({6: 1, 7: 3, 1: 4, 10: 5}, [20, 15])
    got = v.apply(s, {"sow": "6"}).to_json()
    assert got["tuz"] == [["7"], []]
    assert {int(k): c for k, (_, _, c) in got["board"].items()} == {7: 4, 1: 4, 10: 5}
    assert got["scores"] == [20, 15] and got["to_move"] == 1
    # North holds 7 and 10 but may not sow from his lost hole 7: only 10.
    assert [a["sow"] for a in v.legal_actions(v.state_from_json(got))] == ["10"]


def test_gs4_four_in_the_movers_own_row_is_lifted_and_sown_on():
    # South sows 2 (one) into 3 (three): four in his own row, so the relay lifts them: 4, 5, 6, 7;
    # 7 was empty and the turn ends. Nothing is won.
    v, s = gabata({2: 1, 3: 3, 9: 4}, [20, 20])
    got = v.apply(s, {"sow": "2"})
    assert holes(got) == {4: 1, 5: 1, 6: 1, 7: 1, 9: 4}
    assert got.to_json()["tuz"] == [[], []]


def test_gs5_the_opponents_last_counter_in_a_weg_takes_two_of_its_counters():
    # North's weg is South's 3, holding five. South sows 2 (one) into it: six; South takes two,
    # his last counter and one more, leaving four; the turn is over (no relay from a weg).
    v, s = gabata({2: 1, 3: 5, 9: 4}, [20, 18], tuz=[[], ["3"]])
    got = v.apply(s, {"sow": "2"})
    assert holes(got) == {3: 4, 9: 4}
    assert got.to_json()["scores"] == [22, 18]
    # An empty weg gives up only the last counter.
    v, s = gabata({2: 1, 9: 4}, [23, 20], tuz=[[], ["3"]])
    got = v.apply(s, {"sow": "2"})
    assert holes(got) == {9: 4} and got.to_json()["scores"] == [24, 20]


def test_gs5_a_last_counter_in_the_movers_own_weg_stays_there():
    # South's weg is North's 7, holding two: South's last counter makes three there, and stays.
    v, s = gabata({6: 1, 7: 2, 9: 4}, [20, 21], tuz=[["7"], []])
    got = v.apply(s, {"sow": "6"})
    assert holes(got) == {7: 3, 9: 4} and got.to_json()["scores"] == [20, 21]


def test_gs6_gs7_the_round_ends_when_only_wegs_hold_counters_and_their_counters_are_their_holders():
    # South sows 6 (two): one into North's weg 7 (five), the last into his own weg 8 (eleven).
    # Nobody has a counter to sow: the round is over. South has 18 + 11 = 29, North 14 + 5 = 19.
    # South fills seven holes (1..6 and North's leftmost, 7) and keeps one; North fills four
    # and has three over, so South cedes his one and North fills a fifth: all twelve are held.
    v, s = gabata({6: 2, 7: 4, 8: 10}, [18, 14], tuz=[["8"], ["7"]])
    got = v.apply(s, {"sow": "6"}).to_json()
    assert got["round"] == 2 and got["tuz"] == [[], []]
    assert {int(k): c for k, (_, _, c) in got["board"].items()} == {h: 4 for h in range(1, 13)}
    assert got["owned"] == [[str(h) for h in range(1, 8)], [str(h) for h in range(8, 13)]]
    assert got["hands"] == [{}, {}] and got["to_move"] == 1  # the players take turns to start


WEG = '''
[[clause]]
id = "W-1"
text = "Two rows of six, relay sowing; four made in the opponent's row wins the hole."
board = { rows = 2, holes = 6 }
sow = { relay = true, relay_ends = [4], relay_ends_where = "opponent" }
capture = { take = "last", counts = [4], where = "opponent", claim = true, claim_max = 0, claim_twin = true%s }
'''


def test_claim_keeps_off_is_the_tuz_whose_counters_go_to_its_holder():
    v = make(WEG % "")
    s = v.state_from_json({"board": {"6": [None, "seed", 1], "7": [None, "seed", 3], "10": [None, "seed", 4]},
                           "to_move": 0, "scores": [20, 20]})
    got = v.apply(s, {"sow": "6"}).to_json()
    assert got["tuz"] == [["7"], []] and got["scores"] == [24, 20] and "7" not in got["board"]


def test_bad_weg_values_name_the_file_line_and_field():
    with pytest.raises(RulesFileError, match=r"sow/test.toml:\d+: .*claim_keeps_fewer.*claim_keeps"):
        make(WEG % ', claim_keeps_fewer = "all"')
    with pytest.raises(RulesFileError, match=r"sow/test.toml:\d+: .*claim_keeps"):
        make(WEG % ", claim_keeps = -1")
    with pytest.raises(RulesFileError, match=r"sow/test.toml:\d+: .*claim_keeps_fewer"):
        make(WEG % ', claim_keeps = 2, claim_keeps_fewer = "some"')
    with pytest.raises(RulesFileError, match=r"sow/test.toml:\d+: .*claim_keeps.*claim = true"):
        make(WEG.replace("claim = true, ", "") % ", claim_keeps = 2")


def test_claim_keeps_fewer_a_raid_on_a_weg_of_one_takes_it_or_nothing():
    # North holds South's 3, empty. South sows 2 (one) into it, making one: with
    # claim_keeps_fewer = "all" that one is taken; by default (two or more) nothing is.
    pos = {"board": {"1": [None, "seed", 3], "2": [None, "seed", 1], "9": [None, "seed", 4]},
           "to_move": 0, "scores": [20, 20], "tuz": [[], ["3"]]}
    v = make(WEG % ', claim_keeps = 2, claim_keeps_fewer = "all"')
    got = v.apply(v.state_from_json(pos), {"sow": "2"}).to_json()
    assert got["scores"] == [21, 20] and "3" not in got["board"]
    v = make(WEG % ", claim_keeps = 2")
    got = v.apply(v.state_from_json(pos), {"sow": "2"}).to_json()
    assert got["scores"] == [20, 20] and got["board"]["3"][2] == 1


QELAT = "sow.qelat"


def qelat(counts: dict[int, int], scores: list[int], tuz: list[list[str]], options: dict | None = None):
    v = rules_variant(QELAT)
    data = {"board": {str(h): [None, "seed", c] for h, c in counts.items() if c}, "to_move": 0,
            "scores": scores, "starter": 0, "tuz": tuz, "options": options or {}}
    assert sum(counts.values()) + sum(scores) == 48
    return v, v.state_from_json(data)


def test_ql4_a_raid_removes_one_counter_and_the_mover_sows_again():
    # North holds South's 3 (five). South sows 2 (one) into it: six; one is removed to South's
    # store, five stay, and South moves again: from 1 or 5 (2 is empty, 3 is North's).
    v, s = qelat({1: 2, 2: 1, 3: 5, 5: 1, 9: 4}, [17, 18], [[], ["3"]])
    got = v.apply(s, {"sow": "2"})
    assert holes(got) == {1: 2, 3: 5, 5: 1, 9: 4}
    assert got.to_json()["scores"] == [18, 18] and got.to_json()["to_move"] == 0
    assert [a["sow"] for a in v.legal_actions(got)] == ["1", "5"]
    # Ludii's reading takes two.
    v, s = qelat({1: 2, 2: 1, 3: 5, 5: 1, 9: 4}, [17, 18], [[], ["3"]], {"raid": 2})
    got = v.apply(s, {"sow": "2"})
    assert holes(got)[3] == 4 and got.to_json()["scores"] == [19, 18]


def test_ql4_a_raid_with_no_hole_left_to_sow_passes_the_turn():
    # South's last counter empties his row into North's empty captured hole 3: it is removed,
    # and South, with nothing to sow, passes: North moves.
    v, s = qelat({2: 1, 9: 4, 10: 6}, [20, 17], [[], ["3"]])
    got = v.apply(s, {"sow": "2"}).to_json()
    assert got["scores"] == [21, 17] and got["to_move"] == 1


def test_ql3_a_capture_of_a_hole_gives_no_extra_turn():
    v, s = qelat({6: 1, 7: 3, 1: 4, 10: 5}, [20, 15], [[], []])
    got = v.apply(s, {"sow": "6"}).to_json()
    assert got["tuz"] == [["7"], []] and got["to_move"] == 1


def test_an_extra_turn_after_a_raid_needs_claim_keeps():
    with pytest.raises(RulesFileError, match=r"sow/test.toml:\d+: .*extra_turn.when: .*claim_keeps"):
        make(WEG % "" + '\nextra_turn = { when = "raid" }')


TAKE4 = '''
[[clause]]
id = "T-1"
text = "Two rows of six; relay sowing; a hole made four is taken, unless the last counter made it."
board = { rows = 2, holes = 6 }
sow = { relay = true, take_at = 4%s }
'''


def test_take_at_last_relay_sows_on_a_hole_the_last_counter_makes_four():
    v = make(TAKE4 % ', take_at_last = "relay"')
    s = v.state_from_json({"board": {"1": [None, "seed", 2], "2": [None, "seed", 3], "3": [None, "seed", 3],
                                     "10": [None, "seed", 5]}, "to_move": 0, "scores": [17, 18]})
    # South sows 1 (two): 2 makes four, taken at once; 3 makes four with the last counter: lifted
    # and sown on, 4, 5, 6, 7, the last into an empty hole.
    got = v.apply(s, {"sow": "1"})
    assert holes(got) == {4: 1, 5: 1, 6: 1, 7: 1, 10: 5} and got.to_json()["scores"] == [21, 18]
    # Without the key the last hole of four is taken too, and the sowing ends there.
    v = make(TAKE4 % "")
    got = v.apply(v.state_from_json(s.to_json()), {"sow": "1"})
    assert holes(got) == {10: 5} and got.to_json()["scores"] == [25, 18]


def test_go2_go3_the_oromo_game_opens_from_north_s_last_hole_then_each_sows_his_own():
    v = rules_variant("sow.gabata-oromo")
    s = v.new_game({})
    assert holes(s) == {h: 8 for h in (2, 4, 6, 8, 10, 12)}
    assert [a["sow"] for a in v.legal_actions(s)] == ["12"]
    # South's only move is North's 12 (sow.opening_hole); from then on each sows his own holes.
    after = v.apply(s, {"sow": "12"})
    assert after.to_json()["to_move"] == 1
    assert all(7 <= int(a["sow"]) <= 12 for a in v.legal_actions(after))


def test_bad_take_at_last_and_opening_hole_name_the_file_line_and_field():
    with pytest.raises(RulesFileError, match=r"sow/test.toml:\d+: .*take_at_last.*needs take_at"):
        make(TAKE4.replace("take_at = 4", "take_at = 0") % ', take_at_last = "relay"')
    with pytest.raises(RulesFileError, match=r"sow/test.toml:\d+: .*opening_hole: must be a hole 1 to 12"):
        make(TAKE4 % ", opening_hole = 13")
