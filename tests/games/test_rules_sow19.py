"""Hand-worked tests for helper sow19's file: Kiuthi of the Kikuyu (DLP ruleset 245,
``games/rulesets/sow/kiuthi.toml``) and its hooks (``hooks_sow19.py``: ``kiuthi-sow``,
``kiuthi-moves``, ``kiuthi-take``, and the sowing rule's ``round_start`` and ``again``), clause by
clause on positions worked by hand from the DLP's text.

Two rows of six: 1..6 are South's holes from his left, 7..12 North's from North's left, so 7
faces 6 and 12 faces 1 (hole h faces 13 - h). Anticlockwise is 1, 2, ..., 12, 1; clockwise the
other way. Seventy-two counters in all."""
from __future__ import annotations

import json
import random

from games.engine.rules import rules_variant
from games.engine.rules.hooks import HOOKS
from tests.games.test_rules_sow import holes, position

KEY = "sow.kiuthi"
LUDII = {"second_move": "ludii", "second_take": "after-first"}


def sows(v, s) -> list[tuple[str, str]]:
    return sorted((a["sow"], a["direction"]) for a in (x.to_json() for x in v.legal_actions(s)))


def both_ways(*hs: int) -> list[tuple[str, str]]:
    return sorted((str(h), d) for h in hs for d in ("ccw", "cw"))


def one_way(d: str, *hs: int) -> list[tuple[str, str]]:
    return sorted((str(h), d) for h in hs)


# -- KU-1, KU-2: the board, and sowing either way from two or more ----------------------------------
def test_six_counters_a_hole_and_any_hole_of_two_either_way():
    v = rules_variant(KEY)
    s = v.new_game()
    assert holes(s) == {h: 6 for h in range(1, 13)} and v.to_move(s) == 0
    assert sows(v, s) == both_ways(1, 2, 3, 4, 5, 6)
    s = position(KEY, {1: 1, 2: 2, 5: 1, 9: 4}, scores=[30, 34])
    assert sows(v, s) == both_ways(2)  # a single counter is never sown


# -- KU-4 and KU-5: a relay that turns back, and a double capture ------------------------------------
def test_relay_goes_back_the_other_way_and_an_empty_own_hole_takes_two_holes_across():
    v = rules_variant(KEY)
    s = position(KEY, {1: 2, 5: 2, 6: 1, 7: 3, 10: 4, 11: 5, 12: 2}, scores=[30, 23])
    # 5 anticlockwise: 6, 7 (occupied: four, lifted); back clockwise 6, 5, 4, 3: 3 was empty,
    # South's: 10 across is taken; the next hole clockwise, 2, is empty: 11 across it too.
    s = v.apply(s, {"sow": "5", "direction": "ccw"})
    assert holes(s) == {1: 2, 3: 1, 4: 1, 5: 1, 6: 3, 12: 2}
    assert s.to_json()["scores"] == [39, 23] and v.to_move(s) == 1


def test_the_second_hole_is_taken_even_where_the_first_was_empty_unless_ludiis_reading():
    v = rules_variant(KEY)
    counts = {1: 2, 5: 2, 6: 1, 7: 3, 11: 5, 12: 2}
    s = v.apply(position(KEY, counts, scores=[30, 27]), {"sow": "5", "direction": "ccw"})
    assert holes(s) == {1: 2, 3: 1, 4: 1, 5: 1, 6: 3, 12: 2} and s.to_json()["scores"] == [35, 27]
    s = v.apply(position(KEY, counts, scores=[30, 27], options={"second_take": "after-first"}),
                {"sow": "5", "direction": "ccw"})
    assert holes(s) == {1: 2, 3: 1, 4: 1, 5: 1, 6: 3, 11: 5, 12: 2} and s.to_json()["scores"] == [30, 27]


def test_a_sowing_ending_in_an_empty_hole_of_the_opponents_row_ends_the_turn():
    v = rules_variant(KEY)
    s = position(KEY, {4: 3, 6: 2, 9: 4}, scores=[30, 33])
    s = v.apply(s, {"sow": "6", "direction": "ccw"})  # 7, 8: empty, North's
    assert holes(s) == {4: 3, 7: 1, 8: 1, 9: 4} and s.to_json()["scores"] == [30, 33] and v.to_move(s) == 1


def test_the_next_hole_of_the_opponents_row_takes_nothing_more():
    v = rules_variant(KEY)
    # 6 anticlockwise: 7, 8, 9 (eight: lifted); back clockwise 8, 7, 6, 5, 4, 3, 2, 1: 1 was
    # empty, South's, but 12 across is empty; the next hole clockwise is 12 itself, North's:
    # nothing more is taken (not 1 across it).
    s = position(KEY, {3: 2, 6: 3, 9: 7}, scores=[30, 30])
    s = v.apply(s, {"sow": "6", "direction": "ccw"})
    assert holes(s) == {1: 1, 2: 1, 3: 3, 4: 1, 5: 1, 6: 1, 7: 2, 8: 2} and s.to_json()["scores"] == [30, 30]
    assert v.to_move(s) == 1


# -- KU-3: a sowing that fails to reach the opponent's row --------------------------------------------
def test_a_sowing_short_of_the_opponents_row_is_followed_by_one_the_other_way():
    v = rules_variant(KEY)
    s = position(KEY, {1: 2, 2: 1, 4: 3, 9: 2, 10: 2}, scores=[30, 32])
    # 1 anticlockwise: 2, 3: no counter in North's row: no capture (3 was empty, 10 across
    # is left), and South sows again, clockwise only.
    s = v.apply(s, {"sow": "1", "direction": "ccw"})
    assert holes(s) == {2: 2, 3: 1, 4: 3, 9: 2, 10: 2} and s.to_json()["scores"] == [30, 32]
    assert v.to_move(s) == 0 and sows(v, s) == one_way("cw", 2, 4)
    s = v.apply(s, {"sow": "4", "direction": "cw"})  # 3, 2, 1: short again: now anticlockwise
    assert holes(s) == {1: 1, 2: 3, 3: 2, 9: 2, 10: 2} and v.to_move(s) == 0
    assert sows(v, s) == one_way("ccw", 2, 3)
    # The state carries the way the next sowing must go.
    again = v.state_from_json(json.loads(json.dumps(s.to_json())))
    assert sows(v, again) == one_way("ccw", 2, 3)
    s = v.apply(s, {"sow": "2", "direction": "ccw"})  # 3, 4, 5: short again: clockwise
    assert holes(s) == {1: 1, 3: 3, 4: 1, 5: 1, 9: 2, 10: 2} and sows(v, s) == one_way("cw", 3)
    s = v.apply(s, {"sow": "3", "direction": "cw"})  # 2, 1, 12: across, into an empty hole
    assert holes(s) == {1: 2, 2: 1, 4: 1, 5: 1, 9: 2, 10: 2, 12: 1} and v.to_move(s) == 1
    assert sows(v, s) == both_ways(9, 10)


def test_a_player_who_cannot_sow_again_ends_his_turn():
    v = rules_variant(KEY)
    s = position(KEY, {1: 2, 9: 3}, scores=[30, 37])
    s = v.apply(s, {"sow": "1", "direction": "ccw"})  # 2, 3: short; no hole of two left
    assert holes(s) == {2: 1, 3: 1, 9: 3} and v.to_move(s) == 1


def test_ludiis_reading_sows_again_either_way_after_a_last_counter_in_ones_own_row():
    v = rules_variant(KEY)
    counts = {2: 2, 6: 8, 11: 3}
    # 6 anticlockwise: 7..12, 1, 2: through North's row and back into 2 (two, now three).
    s = v.apply(position(KEY, counts, scores=[30, 29]), {"sow": "6", "direction": "ccw"})
    # The text's reading: the sowing reached North's row, so 2's three are lifted and sown
    # back clockwise: 1 (two), 12 (two), 11 (five): lifted, anticlockwise 12, 1, 2, 3, 4: 4
    # was empty, South's: 9 across (one) is taken; 5 next is empty: 8 across (one) too.
    assert holes(s) == {1: 3, 2: 1, 3: 1, 4: 1, 7: 1, 10: 1, 12: 3} and s.to_json()["scores"] == [32, 29]
    assert v.to_move(s) == 1
    s = v.apply(position(KEY, counts, scores=[30, 29], options=LUDII), {"sow": "6", "direction": "ccw"})
    assert holes(s) == {1: 1, 2: 3, 7: 1, 8: 1, 9: 1, 10: 1, 11: 4, 12: 1} and v.to_move(s) == 0
    assert sows(v, s) == both_ways(2)


# -- KU-6, KU-7, KU-8: the end of a round, the setting out, the board cut down ------------------------
def test_only_singles_left_ends_the_round_and_the_poorer_sets_out_on_a_smaller_board():
    v = rules_variant(KEY)
    s = position(KEY, {1: 2, 3: 1, 8: 1}, scores=[30, 38])
    s = v.apply(s, {"sow": "1", "direction": "cw"})  # 12, 11: an empty hole of North's
    data = s.to_json()
    # Singles only: South takes 3 (31 in all), North 8, 11, 12 (41). South, poorer, with fewer
    # than half of the 72, sets out on five holes a row: 6 and 7 are out of play.
    assert holes(s) == {} and data["phase"] == "place" and v.to_move(s) == 0
    assert data["hands"] == [{"seed": 31}, {"seed": 41}] and sorted(data["closed"]) == ["6", "7"]
    assert sorted(a.to_json()["to"] for a in v.legal_actions(s)) == ["1", "2", "3", "4", "5"]
    for _ in range(30):
        s = v.apply(s, {"to": "1", "piece": "seed"})
    s = v.apply(s, {"to": "2", "piece": "seed"})
    # North copies into the facing holes, keeping ten aside, and begins (he has more).
    assert holes(s) == {1: 30, 2: 1, 11: 1, 12: 30} and s.to_json()["hands"] == [{}, {"seed": 10}]
    assert s.to_json()["phase"] == "play" and v.to_move(s) == 1 and sows(v, s) == both_ways(12)
    # Sowing passes over the holes out of play: 12 clockwise, 30 counters round ten holes.
    s = v.apply(s, {"sow": "12", "direction": "cw"})
    assert holes(s).get(6, 0) == 0 and holes(s).get(7, 0) == 0


def test_equal_counts_after_a_round_draw_the_game():
    v = rules_variant(KEY)
    s = position(KEY, {1: 2, 3: 1, 8: 1}, scores=[35, 33])
    s = v.apply(s, {"sow": "1", "direction": "cw"})
    assert s.to_json()["over"] == {"winner": None, "how": "draw"} and not v.legal_actions(s)


def test_the_share_cuts_one_two_or_three_columns():
    v = rules_variant(KEY)
    start = HOOKS["kiuthi-sow"].round_start
    cases = [([31, 41], {}, ["6", "7"]), ([10, 62], {}, ["5", "6", "7", "8"]),
             ([8, 64], {}, ["4", "5", "6", "7", "8", "9"]), ([10, 62], {"shrink_share": "own"}, ["6", "7"]),
             ([20, 52], {"shrink_share": "own"}, []), ([4, 68], {"shrink_share": "own"}, ["4", "5", "6", "7", "8", "9"])]
    for totals, options, cut in cases:
        sim = v.fast(position(KEY, {1: 2, 12: 2}, scores=[34, 34], options=options))
        assert start(sim, totals, 0) is None
        assert sorted(str(i + 1) for i in range(12) if sim.closed >> i & 1) == sorted(cut, key=int), (totals, options)
    assert start(sim, [36, 36], 0) == (None, "draw")


def test_the_last_counter_set_out_must_make_a_hole_of_two():
    v = rules_variant(KEY)
    s = position(KEY, {1: 2, 3: 1, 8: 1}, scores=[2, 66])
    s = v.apply(s, {"sow": "1", "direction": "cw"})  # South 3, North 69: three columns cut
    assert sorted(s.to_json()["closed"], key=int) == ["4", "5", "6", "7", "8", "9"]
    s = v.apply(s, {"to": "1", "piece": "seed"})
    s = v.apply(s, {"to": "3", "piece": "seed"})
    assert sorted(a.to_json()["to"] for a in v.legal_actions(s)) == ["1", "3"]
    s = v.apply(s, {"to": "3", "piece": "seed"})
    assert holes(s) == {1: 1, 3: 2, 10: 2, 12: 1} and v.to_move(s) == 1


# -- KU-9: the end of the game ----------------------------------------------------------------------
def test_a_player_with_no_counter_or_a_single_one_has_lost():
    v = rules_variant(KEY)
    s = v.apply(position(KEY, {1: 2, 3: 1, 8: 1}, scores=[0, 68]), {"sow": "1", "direction": "cw"})
    assert s.to_json()["over"] == {"winner": 1, "how": "single-counter"}
    s = v.apply(position(KEY, {1: 2, 8: 1}, scores=[0, 69]), {"sow": "1", "direction": "cw"})
    assert s.to_json()["over"] == {"winner": 1, "how": "took-every-seed"}


def test_random_games_end_by_the_rules_keeping_every_counter():
    v = rules_variant(KEY)
    for options in ({}, LUDII, {"shrink_share": "own"}):
        for seed in range(4):
            rng, s, n = random.Random(seed), v.new_game(options), 0
            while v.legal_actions(s):
                s = v.apply(s, rng.choice(v.legal_actions(s)))
                n += 1
                data = s.to_json()
                kept = sum(c for _, _, c in data["board"].values()) + sum(h.get("seed", 0) for h in data["hands"])
                assert kept == 72
            assert s.to_json()["over"] is not None and n < 20000


# -- the hooks on their own --------------------------------------------------------------------------
def test_the_take_hook_reads_the_last_laps_way():
    v = rules_variant(KEY)
    sim = v.fast(position(KEY, {3: 1, 6: 2, 9: 2, 10: 5}, scores=[30, 32]))
    take = HOOKS["kiuthi-take"]
    sim.hook_mem = (0, True)   # ended anticlockwise in 3: 10 across; 4 next, empty: 9 across
    assert take(sim, 0, 0, 2, 0) == [(9, 5), (8, 2)]
    sim.hook_mem = (1, True)   # clockwise: the next hole is 2, empty: 11 across holds nothing
    assert take(sim, 0, 0, 2, 0) == [(9, 5)]
    sim.hook_mem = (0, False)  # a sowing that failed to reach across takes nothing
    assert take(sim, 0, 0, 2, 0) == []
