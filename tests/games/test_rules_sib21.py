"""Gabata of Shoa, "Gabata 3" (DLP game 334, ruleset 651): ``sow/gabata-shoa-i-gabata-3.toml``
and its set opening (``games/engine/rules/hooks_sib21.py``); positions worked by hand from the
DLP's texts (ruleset 651 for the opening, 354 for the rest of the game).

On two rows of six, South's holes are 1..6 from his left, North's 7..12 from North's left: the
sowing goes anticlockwise 1, 2, ... 6, 7, ... 12, 1.
"""
from __future__ import annotations

from games.engine.rules import rules_variant
from games.engine.rules.hooks import HOOKS
from tests.games.test_rules_sow import holes

KEY = "sow.gabata-shoa-i-gabata-3"


def acts(v, s) -> list[dict]:
    return [a.to_json() if hasattr(a, "to_json") else dict(a) for a in v.legal_actions(s)]


def position(counts: dict[int, int], scores: list[int], tuz: list[list[str]], to_move: int = 0, **more):
    v = rules_variant(KEY)
    data = {"board": {str(h): [None, "seed", c] for h, c in counts.items() if c}, "to_move": to_move,
            "scores": scores, "starter": 0, "tuz": tuz, "sown": ["1"], "turn": 20,
            "options": {"first": "South"}, **more}
    assert sum(counts.values()) + sum(scores) == 48
    return v, v.state_from_json(data)


def test_the_hook_is_registered():
    assert "gabata-shoa-set-opening" in HOOKS


def test_gsw3_the_set_opening_leaves_holes_of_eight_and_none_and_makes_the_openers_weg():
    # South opens: 6 into 7 (his weg), 8 into 9, 10 into 11, 12 into 1, 2 into 3, 4 into 5.
    v = rules_variant(KEY)
    s = v.new_game({"first": "South"})
    assert acts(v, s) == [{"sow": "6"}]  # the opening is his only move
    s = v.apply(s, {"sow": "6"})
    assert holes(s) == {7: 8, 9: 8, 11: 8, 1: 8, 3: 8, 5: 8}
    got = s.to_json()
    assert got["tuz"] == [["7"], []] and got["scores"] == [0, 0]
    # He moves again, and only from the last hole he filled with eight: 5.
    assert got["to_move"] == 0 and acts(v, s) == [{"sow": "5"}]


def test_gsw2_gsw3_north_drawn_by_lot_opens_from_his_own_rightmost_hole():
    # North's rightmost is 12: 12 into 1 (his weg), 2 into 3, ..., 10 into 11; he sows 11.
    v = rules_variant(KEY)
    s = v.new_game({})
    assert sorted(a["first"] for a in acts(v, s)) == [0, 1]
    s = v.apply(s, {"first": 1})
    assert acts(v, s) == [{"sow": "12"}]
    s = v.apply(s, {"sow": "12"})
    assert holes(s) == {1: 8, 3: 8, 5: 8, 7: 8, 9: 8, 11: 8}
    assert s.to_json()["tuz"] == [[], ["1"]] and acts(v, s) == [{"sow": "11"}]


def test_gsw4_the_opening_sowing_is_sown_in_the_regular_way_relaying_and_winning_a_weg():
    # From 5 (eight): 6..12 and 1, which held eight: nine, lifted: 2..10; 10 held one: two,
    # lifted: 11, 12; 12 held one: lifted: 1, 2; 2 held one: 3, 4; 4 held one: 5, 6; 6 held
    # two: three, lifted: 7 (South's weg, kept), 8, 9; 9 held ten: eleven, lifted: 10, 11, 12,
    # 1, 2, 3, 4, 5, 6, 7 (weg), 8; 8 held three: four in North's row, South's weg. Turn over.
    v = rules_variant(KEY)
    s = v.apply(v.new_game({"first": "South"}), {"sow": "6"})
    s = v.apply(s, {"sow": "5"})
    assert holes(s) == {1: 2, 2: 1, 3: 11, 4: 1, 5: 3, 6: 1, 7: 12, 8: 4, 10: 1, 11: 11, 12: 1}
    got = s.to_json()
    assert got["tuz"] == [["7", "8"], []] and got["to_move"] == 1 and got["scores"] == [0, 0]
    # North then sows as usual: his holes but the wegs 7 and 8, and the empty 9.
    assert sorted(int(a["sow"]) for a in acts(v, s)) == [10, 11, 12]


def test_gsw4_option_plain_sows_the_opening_as_one_lap_taking_nothing():
    # Ludii's reading: the eight counters of 5 go one each into 6..12 and 1, and stop there.
    v = rules_variant(KEY)
    s = v.apply(v.new_game({"first": "South", "opening_sow": "plain"}), {"sow": "6"})
    assert acts(v, s) == [{"sow": "5"}]
    s = v.apply(s, {"sow": "5"})
    assert holes(s) == {1: 9, 3: 8, 6: 1, 7: 9, 8: 1, 9: 9, 10: 1, 11: 9, 12: 1}
    got = s.to_json()
    assert got["tuz"] == [["7"], []] and got["to_move"] == 1
    assert sorted(int(a["sow"]) for a in acts(v, s)) == [8, 9, 10, 11, 12]


def test_gsw5_a_relay_lifts_an_occupied_last_hole_and_sows_on():
    # South sows 2 (two): 3, 4; 4 held two: three, lifted: 5, 6, 7; 7 was empty. Turn over.
    v, s = position({2: 2, 4: 2, 10: 4, 11: 20}, [10, 10], [[], ["11"]])
    got = v.apply(s, {"sow": "2"})
    assert holes(got) == {3: 1, 5: 1, 6: 1, 7: 1, 10: 4, 11: 20}
    assert got.to_json()["to_move"] == 1 and got.to_json()["tuz"] == [[], ["11"]]


def test_gsw6_four_made_in_the_opponents_hole_wins_it_as_a_weg():
    # South sows 6 (one) into 7, which held three: four in North's row, South's weg; no relay.
    v, s = position({6: 1, 7: 3, 2: 4, 10: 16, 11: 4}, [10, 10], [[], ["10"]])
    got = v.apply(s, {"sow": "6"}).to_json()
    assert got["tuz"] == [["7"], ["10"]] and got["to_move"] == 1
    assert {int(k): c for k, (_, _, c) in got["board"].items()} == {7: 4, 2: 4, 10: 16, 11: 4}


def test_gsw7_a_last_counter_in_the_opponents_weg_takes_two():
    # North's weg is 7 (five). South sows 6 (one) into it: six; South takes two; four stay.
    v, s = position({6: 1, 7: 5, 2: 4, 9: 20}, [10, 8], [["9"], ["7"]])
    got = v.apply(s, {"sow": "6"})
    assert holes(got) == {7: 4, 2: 4, 9: 20} and got.to_json()["scores"] == [12, 8]


def test_gsw8_gsw9_the_round_ends_with_every_counter_in_a_weg_and_the_next_has_no_opening():
    # South's last free counter, from 6, falls into North's weg 7 (five): South takes two. Only
    # wegs hold counters: the round is over. South has 42 (his weg 9) + 2 = 44, North 4 (weg 7).
    # South fills his six holes and five of North's (7..11, from North's left end), North his
    # rightmost, 12. North starts the second round, with an ordinary sowing, no set opening.
    v, s = position({6: 1, 7: 5, 9: 42}, [0, 0], [["9"], ["7"]])
    got = v.apply(s, {"sow": "6"})
    data = got.to_json()
    assert data["round"] == 2 and data["tuz"] == [[], []]
    assert holes(got) == {h: 4 for h in range(1, 13)}
    assert data["owned"] == [[str(h) for h in range(1, 12)], ["12"]]
    assert data["to_move"] == 1 and acts(v, got) == [{"sow": "12"}]


def test_gsw10_a_player_who_cannot_fill_a_hole_has_lost():
    # South's last free counter falls into North's weg 7 (two): he takes it and one more. North
    # is left with one counter: he cannot fill a hole, and South wins.
    v, s = position({6: 1, 7: 2, 9: 45}, [0, 0], [["9"], ["7"]])
    got = v.apply(s, {"sow": "6"})
    out = v.outcome(got)
    assert out is not None and out.winner == 0


def test_gsw11_the_third_round_to_start_alike_ends_the_game():
    # The round ends as in the GSW-8 test: South 44, North 4, North to start. That start has
    # come once before: the game goes on; twice before: this is the third, and South, with more
    # counters, wins.
    once = [[24, 24, 0], [44, 4, 1], [30, 18, 0]]
    v, s = position({6: 1, 7: 5, 9: 42}, [0, 0], [["9"], ["7"]], round=3, rounds=once)
    assert v.outcome(v.apply(s, {"sow": "6"})) is None
    twice = once + [[44, 4, 1], [24, 24, 0]]
    v, s = position({6: 1, 7: 5, 9: 42}, [0, 0], [["9"], ["7"]], round=5, rounds=twice)
    out = v.outcome(v.apply(s, {"sow": "6"}))
    assert out is not None and out.winner == 0
