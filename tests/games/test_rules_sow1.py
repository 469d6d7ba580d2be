"""Hand-worked tests for helper sow1's sowing files and vocabulary: ``setup.stores`` as a list
of two (Lamosh, DLP ruleset 362, whose set opening gives its maker four), J'erin (DLP ruleset
230) and Lamosh clause by clause on positions worked by hand.

Holes are numbered 1..12 anticlockwise from South's left: 1..6 South's from his left, 7..12
North's from North's left (7 faces 6, 12 faces 1)."""
from __future__ import annotations

import random
import re

import pytest

from games.engine.rules import rules_variant
from games.engine.rules.game import random_playout
from games.engine.rules.loader import RulesFileError
from tests.games.test_rules_sow import holes, make, position

STORES = '''
[[clause]]
id = "S-1"
text = "Two rows of three, two seeds each; South's store holds five, North's one."
board = { shape = "mancala", rows = 2, holes = 3 }
setup = { seeds = 2, stores = STORES }
sow = { direction = "ccw" }
'''


def scores(state) -> list[int]:
    return state.to_json()["scores"]


# -- setup.stores as a list ------------------------------------------------------------------------
def test_setup_stores_may_give_each_seat_its_own_count():
    v = make(STORES.replace("STORES", "[5, 1]"))
    s = v.new_game()
    assert scores(s) == [5, 1]
    assert v.game.total == 2 * 6 + 5 + 1  # twelve in the holes, six in the stores
    assert make(STORES.replace("STORES", "3")).game.total == 12 + 6  # one number: both stores


@pytest.mark.parametrize("bad", ["[5]", "[5, 1, 2]", "[-1, 2]", '"five"', "[5, true]"])
def test_setup_stores_bad_values_name_the_line(bad):
    with pytest.raises(RulesFileError) as err:
        make(STORES.replace("STORES", bad))
    assert "sow/test.toml:" in str(err.value) and "stores" in str(err.value)


# -- Lamosh (DLP.GameRulesets.362) ----------------------------------------------------------------
LAMOSH = "sow.lamosh"


def test_lamosh_starts_from_the_set_opening_with_north_to_move():
    v = rules_variant(LAMOSH)
    s = v.new_game()
    assert holes(s) == {1: 3, 2: 5, 3: 3, 4: 5, 5: 3, 6: 4, 8: 5, 9: 3, 10: 5, 11: 3, 12: 5}
    assert scores(s) == [4, 0] and v.to_move(s) == 1
    assert sorted((a["sow"] for a in v.legal_actions(s)), key=int) == ["8", "9", "10", "11", "12"]


def test_lamosh_fours_go_to_the_row_owner_the_last_to_the_sower():
    v = rules_variant(LAMOSH)
    s = v.apply(v.new_game(), {"sow": "8"})
    # 8 (5) sows 9..1: 9 makes 4 (North's, taken), 10 six, 11 makes 4 (North's), 12 six,
    # and the last makes 1 four: the sower, North, takes it; the turn ends.
    assert holes(s) == {2: 5, 3: 3, 4: 5, 5: 3, 6: 4, 10: 6, 12: 6}
    assert scores(s) == [4, 12] and v.to_move(s) == 0


def test_lamosh_a_four_in_the_sowers_row_goes_to_him_and_relay_goes_on():
    v = rules_variant(LAMOSH)
    s = position(LAMOSH, {2: 2, 3: 3, 5: 1, 9: 2}, to_move=0, scores=[20, 20])
    # 2 (2) sows 3 (four: South's own, taken at once) and 4 (empty): the turn ends.
    s = v.apply(s, {"sow": "2"})
    assert holes(s) == {4: 1, 5: 1, 9: 2} and scores(s) == [24, 20]
    # North's 9 (2) sows 10, 11: the last falls into an empty hole; then South's 5 (1) sows 6.
    s = v.apply(s, {"sow": "9"})
    assert holes(s) == {4: 1, 5: 1, 10: 1, 11: 1} and v.to_move(s) == 0


def test_lamosh_a_four_made_in_the_opponents_row_is_the_opponents():
    v = rules_variant(LAMOSH)
    s = position(LAMOSH, {6: 2, 7: 3, 12: 1}, to_move=0, scores=[20, 22])
    s = v.apply(s, {"sow": "6"})  # 7 makes four (North's, taken by North), 8 empty: ends
    assert holes(s) == {8: 1, 12: 1} and scores(s) == [20, 26]


def test_lamosh_the_player_who_cannot_move_ends_the_round_the_other_taking_the_rest():
    v = rules_variant(LAMOSH)
    s = position(LAMOSH, {6: 1, 9: 2, 10: 1}, to_move=0, scores=[20, 24])
    s = v.apply(s, {"sow": "6"})  # 6 (1) into 7: empty; South's row is now empty
    # North moves 9 (2): 10 two, 11 one, then South cannot move: North takes the four left,
    # and the next round is filled: South 20 (five holes), North 28 (six and one of South's).
    s = v.apply(s, {"sow": "9"})
    data = s.to_json()
    assert data["round"] == 2 and data["rounds"] == [[20, 28, 1]] and data["scores"] == [0, 0]
    assert data["owned"] == [["2", "3", "4", "5", "6"], ["1", "7", "8", "9", "10", "11", "12"]]
    assert holes(s) == {h: 4 for h in range(1, 13)}
    assert data["starter"] == 1 and v.to_move(s) == 1  # South started round 1: North round 2


def test_lamosh_three_over_win_one_more_hole():
    v = rules_variant(LAMOSH)
    # South 17 and North 31 when the round ends: South fills four holes (one over, kept),
    # North six, one of South's, and with three over one more, South giving up his one.
    s = position(LAMOSH, {6: 1, 9: 2, 10: 1}, to_move=0, scores=[17, 27])
    s = v.apply(v.apply(s, {"sow": "6"}), {"sow": "9"})
    data = s.to_json()
    assert data["owned"] == [["3", "4", "5", "6"], ["1", "2", "7", "8", "9", "10", "11", "12"]]
    assert data["hands"] == [{}, {}] and sum(holes(s).values()) == 48


def test_lamosh_random_games_end():
    v = rules_variant(LAMOSH)
    for seed in range(5):
        sim = v.fast(v.new_game())
        random_playout(sim, random.Random(seed))
        assert sim.result() is not None


# -- Intotoi (DLP.GameRulesets.247): sow.moves_hook and the intotoi hooks ----------------------------
INTOTOI = "sow.intotoi"


def acts(v, s) -> list[dict]:
    return sorted((a.to_json() for a in v.legal_actions(s)), key=lambda a: int(a["sow"]))


def test_intotoi_opening_two_counters_from_the_set_holes():
    v = rules_variant(INTOTOI)
    s = v.new_game()
    assert acts(v, s) == [{"sow": "11", "count": 2}]  # South's second hole from his right
    s = v.apply(s, {"sow": "11", "count": 2})  # 12 four, 13 one (empty): over
    assert holes(s)[11] == 1 and holes(s)[12] == 4 and holes(s)[13] == 1
    assert acts(v, s) == [{"sow": "21", "count": 2}, {"sow": "23", "count": 2}]  # North's 2nd or 4th
    # 21/2: 22 one, 23 four (occupied, his own: in the opening sown on, nothing taken): 24 four,
    # 1 one, 2 four, 3 four (occupied): 4 one, 5 four, 6 four, 7 one (empty): over.
    s = v.apply(s, {"sow": "21", "count": 2})
    assert holes(s) == {1: 1, 2: 4, 4: 1, 5: 4, 6: 4, 7: 1, 8: 3, 9: 3, 11: 1, 12: 4, 13: 1, 14: 3,
                        15: 3, 17: 3, 18: 3, 20: 3, 21: 1, 22: 1, 24: 4}
    assert scores(s) == [0, 0] and v.to_move(s) == 0


def test_intotoi_a_sowing_must_reach_the_opponent_or_end_in_an_empty_hole():
    v = rules_variant(INTOTOI)
    s = position(INTOTOI, {1: 1, 2: 1, 5: 1, 9: 4, 11: 2, 14: 1, 20: 2, 24: 2}, turn=5)
    # 1 (one) would end in 2, his own and occupied: not allowed; 2 and 5 end in empty holes of
    # his; 9 and 11 reach North's row.
    assert acts(v, s) == [{"sow": "2"}, {"sow": "5"}, {"sow": "9"}, {"sow": "11"}]


def test_intotoi_a_last_counter_in_an_occupied_hole_of_ones_own_takes_the_facing_hole():
    v = rules_variant(INTOTOI)
    s = position(INTOTOI, {1: 1, 5: 1, 12: 2, 14: 10, 24: 2}, turn=5, scores=[16, 16])
    assert acts(v, s) == [{"sow": "1"}, {"sow": "5"}, {"sow": "12"}]  # 1 ends in empty 2
    # 12 (two): 13 one, 14 eleven (occupied, North's): sown on, 15..23 one each, 24 three,
    # and the last into 1, South's, making two: North's 24 facing it (three) is taken.
    s = v.apply(s, {"sow": "12"})
    assert holes(s) == {1: 2, 5: 1, 13: 1, **{h: 1 for h in range(15, 24)}}
    assert scores(s) == [19, 16] and v.to_move(s) == 1


def test_intotoi_stop_and_take_hooks_on_their_own():
    from games.engine.rules.hooks import HOOKS
    v = rules_variant(INTOTOI)
    sim = v.fast(position(INTOTOI, {3: 2, 22: 0, 4: 3, 21: 5, 15: 2, 10: 1}, turn=5))
    stop, take = HOOKS["intotoi-stop"], HOOKS["intotoi-take"]
    assert stop(sim, 0, 2) == []            # hole 3: his, occupied, but facing 22 is empty: sown on
    assert stop(sim, 0, 3) is None          # hole 4: his, facing 21 holds five: the sowing ends
    assert take(sim, 0, 0, 3, 0) == [(20, 5)]
    assert take(sim, 0, 0, 2, 0) == []      # nothing facing
    assert stop(sim, 0, 14) == [] and take(sim, 0, 0, 14, 0) == []  # North's hole 15: sown on
    assert take(sim, 0, 0, 9, 0) == []      # hole 10 holds one: it was empty, nothing taken


def test_intotoi_ends_when_no_hole_holds_more_than_one():
    v = rules_variant(INTOTOI)
    s = position(INTOTOI, {2: 2, 5: 1, 16: 1}, turn=5, scores=[20, 24])
    s = v.apply(s, {"sow": "2"})  # 3 one, 4 one (empty): every hole one or none
    out = v.outcome(s)
    assert out is not None and out.winner == 1 and scores(s) == [23, 25]


def test_moves_hook_names_an_unknown_hook_at_its_line():
    with pytest.raises(RulesFileError) as err:
        make(STORES.replace("STORES", "0").replace('sow = { direction = "ccw" }',
                                                   'sow = { direction = "ccw", moves_hook = "nope" }'))
    assert "sow/test.toml:" in str(err.value) and "no hook 'nope'" in str(err.value)


def test_intotoi_random_games_end():
    v = rules_variant(INTOTOI)
    for seed in range(3):
        sim = v.fast(v.new_game())
        random_playout(sim, random.Random(seed))
        assert sim.result() is not None


# -- Deka (DLP.GameRulesets.379): sow.cover ---------------------------------------------------------
DEKA = "sow.deka"


def test_deka_a_last_counter_making_three_covers_the_hole_and_sows_on():
    v = rules_variant(DEKA)
    s = v.apply(v.new_game(), {"sow": "4"})
    # 4 (two): 5 three, 6 three (an end hole: sown on): 7, 8 three, 9 three (held two: covered,
    # sown on): 10, 11 three, 12 three (an end hole: sown on): 1, 2 three, 3 three (covered,
    # sown on): 4 one, 5 four, 6 one (empty): over.
    assert holes(s) == {1: 3, 2: 3, 4: 1, 5: 4, 6: 1, 7: 3, 8: 3, 10: 3, 11: 3}
    data = s.to_json()
    assert data["covered"] == ["3", "9"] and data["centre"] == 0 and v.to_move(s) == 1
    assert sorted((a["sow"] for a in v.legal_actions(s)), key=int) == ["7", "8", "10", "11"]


def test_deka_end_holes_may_be_covered_with_the_option_off():
    v = rules_variant(DEKA)
    s = v.apply(v.new_game({"end_holes_open": False}), {"sow": "4"})
    assert "6" in s.to_json()["covered"]  # 4 (two): 5 three, 6 three: covered at once


def test_deka_own_covered_holes_are_passed_over_the_opponents_feed_the_centre():
    v = rules_variant(DEKA)
    s = position(DEKA, {2: 1, 5: 4, 8: 2, 11: 1}, scores=[0, 0], covered=["3", "9"], centre=16)
    s = v.apply(s, {"sow": "2"})  # over his covered 3 into 4: empty, over
    assert holes(s) == {4: 1, 5: 4, 8: 2, 11: 1}
    s = v.apply(s, {"sow": "8"})  # over his covered 9: 10 one, 11 two (sown on): 12, 1: over
    assert holes(s) == {1: 1, 4: 1, 5: 4, 10: 1, 12: 1}
    s = v.apply(s, {"sow": "5"})  # 6, 7, 8, and the last would fall into North's covered 9
    assert holes(s) == {1: 1, 4: 1, 6: 1, 7: 1, 8: 1, 10: 1, 12: 1}
    assert s.to_json()["centre"] == 17 and v.to_move(s) == 1


def test_deka_the_player_who_cannot_sow_loses():
    v = rules_variant(DEKA)
    s = position(DEKA, {6: 1, 8: 1}, scores=[0, 0], centre=22)
    s = v.apply(s, {"sow": "6"})  # into 7: South's row is empty
    s = v.apply(s, {"sow": "7"})  # 8 two (sown on): 9, 10: over; South cannot sow
    out = v.outcome(s)
    assert out is not None and out.winner == 1


@pytest.mark.parametrize("data, words", [
    ({"covered": ["4"]}, "covered: hole 4 holds seeds"),
    ({"covered": ["1"]}, "covered: hole 1 cannot be covered"),  # an end hole
    ({"covered": ["13"]}, "covered[0]: no hole"),
])
def test_deka_bad_covered_holes_are_refused(data, words):
    from games.engine.core import InvalidState
    with pytest.raises(InvalidState, match=re.escape(words)):
        position(DEKA, {4: 2}, scores=[0, 0], centre=22, **data)


def test_cover_is_refused_where_nobody_covers_and_needs_relay():
    from games.engine.core import InvalidState
    with pytest.raises(InvalidState, match="covered: no hole is covered"):
        position(LAMOSH, {6: 4}, scores=[20, 24], covered=[])
    with pytest.raises(RulesFileError) as err:
        make(STORES.replace("STORES", "0").replace('sow = { direction = "ccw" }', 'sow = { direction = "ccw", cover = 3 }'))
    assert "sow/test.toml:" in str(err.value) and "relay" in str(err.value)


def test_deka_random_games_end():
    v = rules_variant(DEKA)
    for seed in range(10):
        sim = v.fast(v.new_game())
        random_playout(sim, random.Random(seed))
        assert sim.result() is not None
