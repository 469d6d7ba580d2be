"""Hand-worked tests for the sow3 batch's vocabulary of games/engine/rules/sow.py:
``sow.distribute`` (with ``distribute_seeds`` and ``distribute_rotate``), ``sow.first_place``,
and the hooks of ``hooks_sow3.py`` (``bedouin-relay``, ``bedouin-even``), on Mangala of the
Bedouin (sow.mangala-bedouin, DLP ruleset 214); ``sow.first_last_across`` and
``sow.last_own_empty`` on Tapata (sow.tapata, DLP ruleset 359); and small files written here.
Tapata's holes are 1..12 South's, 13..24 North's, each from its owner's left (24 faces 1).

Holes are numbered 1..12 anticlockwise from South's left: 1..6 South's from his left, 7..12
North's from his left (12 faces 1, 9 faces 4). Sowing clockwise from South's hole 2 goes to 1,
then 12, 11...
"""
from __future__ import annotations

import random

import pytest

from games.engine.core import InvalidState
from games.engine.rules import rules_variant
from games.engine.rules.game import random_playout
from games.engine.rules.loader import RulesFileError
from tests.games.test_rules_sow import holes, make, state_of

BEDOUIN = "sow.mangala-bedouin"


def bedouin_state(counts: dict[int, int], to_move: int, sown=("4", "10"), scores=None, options=None, **more):
    v = rules_variant(BEDOUIN)
    total = (options or {}).get("seeds", 70)
    if scores is None:
        rest = total - sum(counts.values())
        scores = [rest // 2, rest - rest // 2]
    data = {"board": {str(h): [None, "seed", c] for h, c in counts.items() if c}, "to_move": to_move,
            "scores": scores, "sown": list(sown), **more}
    if options:
        data["options"] = options
    return v, v.state_from_json(data)


def board(state) -> dict[int, int]:
    return {int(k): c for k, (_, _, c) in state.to_json()["board"].items()}


# -- sow.distribute --------------------------------------------------------------------------------
def test_south_puts_the_seventy_seeds_into_the_central_holes_one_at_a_time():
    v = rules_variant(BEDOUIN)
    s = v.new_game()
    j = s.to_json()
    assert (j["phase"], j["to_move"], j["board"], j["hands"]) == ("distribute", 0, {}, [{"seed": 70}, {}])
    acts = v.legal_actions(s)
    assert sorted(a["to"] for a in acts) == ["10", "3", "4", "9"]
    assert all(a["piece"] == "seed" for a in acts)
    s = v.apply(s, {"to": "9", "piece": "seed"})
    assert board(s) == {9: 1} and s.to_json()["hands"] == [{"seed": 69}, {}] and s.to_json()["to_move"] == 0


def put_all(v, s, plan: dict[str, int]):
    for hole, n in plan.items():
        for _ in range(n):
            s = v.apply(s, {"to": hole, "piece": "seed"})
    return s


def test_north_keeps_the_board_or_turns_it_round_then_moves_first():
    v = rules_variant(BEDOUIN)
    s = put_all(v, v.new_game(), {"3": 40, "4": 20, "9": 6, "10": 4})
    j = s.to_json()
    assert (j["phase"], j["to_move"], j["hands"]) == ("distribute", 1, [{}, {}])
    assert sorted(sorted(a.to_json().items()) for a in v.legal_actions(s)) == [[("pass", True)], [("pass", True), ("rotate", True)]]
    kept = v.apply(s, {"pass": True})
    assert board(kept) == {3: 40, 4: 20, 9: 6, 10: 4}
    assert (kept.to_json()["phase"], kept.to_json()["to_move"]) == ("play", 1)
    turned = v.apply(s, {"pass": True, "rotate": True})
    # each hole's seeds go to the hole at the same place across: 3 <-> 9, 4 <-> 10
    assert board(turned) == {9: 40, 10: 20, 3: 6, 4: 4}
    assert (turned.to_json()["phase"], turned.to_json()["to_move"]) == ("play", 1)


def test_the_distribution_survives_json_both_ways():
    v = rules_variant(BEDOUIN)
    s = put_all(v, v.new_game(), {"3": 5, "10": 2})
    again = v.state_from_json(s.to_json())
    assert again.to_json() == s.to_json()
    assert len(v.legal_actions(again)) == 4


def test_a_distribution_state_must_keep_its_seeds_straight():
    v = rules_variant(BEDOUIN)
    j = v.new_game().to_json()
    with pytest.raises(InvalidState):
        v.state_from_json({**j, "hands": [{"seed": 69}, {}]})  # one seed lost
    with pytest.raises(InvalidState):
        v.state_from_json({**j, "phase": "play"})  # play begins with seeds still in hand


# -- sow.first_place and the first move ------------------------------------------------------------
def test_the_first_move_is_from_the_fourth_hole_one_lap_taking_nothing():
    v, s = bedouin_state({3: 30, 4: 20, 9: 10, 10: 10}, 1, sown=())
    assert [a["sow"] for a in v.legal_actions(s)] == ["10"]  # North's fourth hole from his left
    s = v.apply(s, {"sow": "10"})
    # ten seeds clockwise from 10: 9, 8, 7, 6, 5, 4, 3, 2, 1, 12; the last makes one: over
    assert board(s) == {9: 11, 8: 1, 7: 1, 6: 1, 5: 1, 4: 21, 3: 31, 2: 1, 1: 1, 12: 1}
    assert [a["sow"] for a in v.legal_actions(s)] == ["4"]  # South's fourth hole


def test_an_empty_fourth_hole_leaves_the_first_move_free():
    v, s = bedouin_state({3: 30, 4: 20, 9: 20}, 1, sown=())
    assert [a["sow"] for a in v.legal_actions(s)] == ["9"]


# -- bedouin-relay and bedouin-even --------------------------------------------------------------------
def test_even_across_even_takes_both_holes():
    v, s = bedouin_state({2: 1, 1: 1, 12: 2, 9: 5}, 0)
    s = v.apply(s, {"sow": "2"})  # into 1: two, across from 12's two
    assert board(s) == {9: 5}
    assert s.to_json()["scores"][0] == (70 - 9) // 2 + 4


def test_even_across_an_empty_hole_takes_the_last_hole():
    v, s = bedouin_state({2: 1, 1: 1, 9: 5, 4: 1}, 0)
    s = v.apply(s, {"sow": "2"})
    assert board(s) == {9: 5, 4: 1}
    assert s.to_json()["scores"][0] == (70 - 8) // 2 + 2


def test_even_across_odd_is_sown_on_and_odd_ends():
    v, s = bedouin_state({2: 1, 1: 1, 12: 3, 11: 2, 9: 5, 5: 1}, 0)
    s = v.apply(s, {"sow": "2"})  # 1 makes two across 3: lifted, into 12 and 11
    # 11 makes three, odd: the turn ends, nothing taken
    assert board(s) == {12: 4, 11: 3, 9: 5, 5: 1}
    assert s.to_json()["to_move"] == 1


def test_more_than_ten_is_always_sown_on():
    v, s = bedouin_state({2: 1, 1: 11, 12: 2, 11: 1, 9: 5}, 0)
    s = v.apply(s, {"sow": "2"})
    # 1 makes twelve: never taken, sown on: 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1
    # the last makes one in 1: odd, over
    assert board(s) == {12: 3, 11: 2, 10: 1, 9: 6, 8: 1, 7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 1}


def test_an_empty_row_ends_the_game_and_the_board_is_nobodys():
    v, s = bedouin_state({2: 1, 1: 1, 12: 2}, 0, scores=[31, 35])
    s = v.apply(s, {"sow": "2"})  # takes 1 and 12: North's row and South's both empty
    o = v.outcome(s)
    assert o is not None and o.winner is None  # 35 each


def test_ludii_reads_a_count_off_the_board_in_the_opponents_row():
    opts = {"seeds": 70, "ludii_facing": True}
    # North's last seed makes two in South's hole 2, across from an odd 11: Ludii reads none there
    v, s = bedouin_state({8: 1, 7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 11: 1, 9: 7}, 1, options=opts)
    s2 = v.apply(s, {"sow": "9"})
    assert 2 not in board(s2) and 1 not in board(s2)  # taken alone, no sowing on
    v, s = bedouin_state({8: 1, 7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 11: 1, 9: 7}, 1)
    s2 = v.apply(s, {"sow": "9"})
    # our reading: two across 11's one, odd: lifted and sown on into 1 and 12, which make one
    assert 2 not in board(s2) and board(s2)[1] == 1 and board(s2)[12] == 1 and board(s2)[11] == 1


def test_bedouin_random_games_end():
    v = rules_variant(BEDOUIN)
    rng = random.Random(3)
    for _ in range(20):
        sim = v.game.new_sim(v.validate_options({}))
        random_playout(sim, rng)
        assert sim.outcome() is not None


# -- file errors ------------------------------------------------------------------------------------
BODY = '''
[[clause]]
id = "D-1"
text = "Two rows of six, empty; South puts twelve seeds in."
board = { shape = "mancala", rows = 2, holes = 6 }
setup = { seeds = 0, first = "North" }
sow = { DIST }
'''


def test_a_distribution_compiles_and_its_errors_name_the_line():
    v = make(BODY.replace("DIST", 'distribute = ["1", "12"], distribute_seeds = 12'))
    s = v.new_game()
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["1", "12"]
    s = put_all(v, s, {"1": 12})
    assert s.to_json()["phase"] == "play" and s.to_json()["to_move"] == 1  # no choice of sides
    with pytest.raises(RulesFileError, match=r"sow/test.toml:\d+: .*distribute.*13"):
        make(BODY.replace("DIST", 'distribute = ["1", "13"], distribute_seeds = 12'))
    with pytest.raises(RulesFileError, match=r"distribute_seeds.*goes with sow.distribute"):
        make(BODY.replace("DIST", "distribute_seeds = 12"))
    with pytest.raises(RulesFileError, match=r"distribute.*needs distribute_seeds"):
        make(BODY.replace("DIST", 'distribute = ["1"]'))
    with pytest.raises(RulesFileError, match=r"first_place"):
        make(BODY.replace("DIST", "first_place = 7"))


# -- sow.first_last_across and sow.last_own_empty (Tapata) -------------------------------------------
TAPATA = "sow.tapata"


def test_tapata_first_move_is_from_the_right_half_and_its_last_seed_goes_across():
    v = rules_variant(TAPATA)
    s = v.new_game()
    # South's right half is 7..12, of which 7 and 10 start empty
    assert sorted((a["sow"] for a in v.legal_actions(s)), key=int) == ["8", "9", "11", "12"]
    after = v.apply(s, {"sow": "8"})  # 9, 10, 11: the last would fall in his own row
    h = holes(after)
    assert (h.get(8), h[9], h[10], h[11], h[13]) == (None, 4, 1, 3, 1)  # into 13, North's first hole
    after = v.apply(s, {"sow": "12"})  # 13, 14, 15: the last in North's row, no sowing on
    h = holes(after)
    assert (h.get(12), h[13], h[14], h[15], h.get(16)) == (None, 1, 4, 4, None)
    assert after.to_json()["scores"] == [0, 0]


def test_tapata_later_sowings_may_not_end_in_an_occupied_hole_of_ones_own():
    v = rules_variant(TAPATA)
    s = state_of(v, {1: 1, 2: 5, 5: 1, 14: 3}, 0, sown=["8", "14"])
    # 1 would end in 2 (occupied, his own); 2 ends in 7 (empty); 5 in 6 (empty)
    assert sorted((a["sow"] for a in v.legal_actions(s)), key=int) == ["2", "5"]


def test_tapata_an_empty_own_hole_takes_the_hole_facing_it():
    v = rules_variant(TAPATA)
    s = state_of(v, {5: 1, 19: 4, 20: 2}, 0, sown=["8", "14"])
    before = s.to_json()["scores"][0]
    s = v.apply(s, {"sow": "5"})  # into 6, empty and his own: 19 faces it
    assert s.to_json()["scores"][0] == before + 4
    assert holes(s) == {6: 1, 20: 2}


def test_tapata_a_player_who_cannot_move_loses():
    v = rules_variant(TAPATA)
    # South's only hole holds 24: its last seed would fall back into it, occupied: no move
    s = state_of(v, {5: 24, 14: 1}, 1, sown=["8", "14"])
    s = v.apply(s, {"sow": "14"})
    o = v.outcome(s)
    assert o is not None and o.winner == 1


def test_tapata_keys_need_their_partners():
    with pytest.raises(RulesFileError, match=r"first_last_across.*first_plain"):
        make(BODY.replace("DIST", "first_last_across = true"))
