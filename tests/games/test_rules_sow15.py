"""Hand-worked tests for helper sow15's sowing files: Gifia (DLP ruleset 237) and its hooks
(``hooks_sow15.py``: ``gifia-pairs``, ``gifia-one-each``, ``gifia-choice``), and Mawkar Katiya
(DLP ruleset 431), clause by clause on positions worked by hand.

Gifia: two rows of four; holes 1..4 are the near row from South's left, 5..8 the far row from
North's left (5 above 4, 8 above 1). South owns 1, 2, 7, 8 (the two columns on his left),
North 3, 4, 5, 6. Anticlockwise is 1, 2, ..., 8, 1.

Mawkar Katiya: two rows of seven; 1..7 South's from his left, 8..14 North's from his left
(8 faces 7, 14 faces 1); clockwise, South's row is sown from right to left."""
from __future__ import annotations

from games.engine.rules import rules_variant
from games.engine.rules.hooks import HOOKS
from tests.games.test_rules_sow import holes, position

GIFIA = "sow.gifia"
MAWKAR = "sow.mawkar-katiya"


def scores(state) -> list[int]:
    return state.to_json()["scores"]


def sows(v, s) -> list[tuple]:
    return sorted((a["sow"], a.get("direction"), a.get("take", "")) for a in (x.to_json() if hasattr(x, "to_json") else x for x in v.legal_actions(s)))


# -- Gifia: ownership by halves (GF-2) and either way (GF-3) ---------------------------------------
def test_gifia_each_player_sows_from_the_two_columns_on_his_left_either_way():
    v = rules_variant(GIFIA)
    s = v.new_game()
    assert holes(s) == {h: 6 for h in range(1, 9)}
    assert sows(v, s) == sorted((h, d, "") for h in ("1", "2", "7", "8") for d in ("ccw", "cw"))
    s = v.apply(s, {"sow": "2", "direction": "cw"})  # 1, 8, 7, 6, 5, 4: seven, 4 seven: nothing
    assert holes(s) == {1: 7, 3: 6, 4: 7, 5: 7, 6: 7, 7: 7, 8: 7}
    assert sows(v, s) == sorted((h, d, "") for h in ("3", "4", "5", "6") for d in ("ccw", "cw"))


# -- Gifia: gifia-pairs (GF-4) -----------------------------------------------------------------------
def test_gifia_a_last_two_takes_itself_and_a_row_neighbour_of_four():
    v = rules_variant(GIFIA)
    s = position(GIFIA, {1: 1, 2: 1, 3: 4, 5: 3, 8: 5}, scores=[17, 17])
    # 1 (one) sows 2, making two: taken, with 3 beside it (four); 1, now empty, is not.
    s = v.apply(s, {"sow": "1", "direction": "ccw"})
    assert holes(s) == {5: 3, 8: 5} and scores(s) == [23, 17] and v.to_move(s) == 1


def test_gifia_pairs_and_one_each_hooks_on_their_own():
    v = rules_variant(GIFIA)
    sim = v.fast(position(GIFIA, {1: 4, 2: 3, 3: 2, 6: 1, 7: 2, 8: 5}, scores=[15, 16]))
    pairs, one_each = HOOKS["gifia-pairs"], HOOKS["gifia-one-each"]
    assert pairs(sim, 0, 0, 1, 0) == []                  # hole 2 holds three: nothing
    assert pairs(sim, 0, 0, 0, 0) == [(0, 4)]            # hole 1 (four): 2 beside it holds three
    assert pairs(sim, 0, 0, 2, 0) == [(2, 2)]            # hole 3 (two): 2 three, 4 empty
    assert pairs(sim, 0, 0, 6, 0) == [(6, 2)]            # hole 7 (two): 8 five, 6 one
    assert one_each(sim, 0, [1, 2]) == [1, 2]            # both have more than one: kept
    sim = v.fast(position(GIFIA, {1: 1, 6: 1, 5: 1}, scores=[22, 23]))
    assert one_each(sim, 0, [0, 256]) == [0, 256]        # North has two: kept
    sim = v.fast(position(GIFIA, {1: 1, 2: 1, 6: 1}, scores=[22, 23]))
    assert one_each(sim, 1, [5]) == [5]                  # South two, North one: kept


# -- Gifia: gifia-choice (GF-5) ----------------------------------------------------------------------
def test_gifia_a_last_three_beside_a_two_offers_that_neighbour_or_none():
    v = rules_variant(GIFIA)
    s = position(GIFIA, {2: 1, 3: 2, 4: 2, 8: 5}, scores=[19, 19])
    # 2 (one) sows 3, making three: not taken; 4 beside it holds two, 2 (now empty) none.
    offered = sows(v, s)
    assert ("2", "ccw", "4") in offered and ("2", "ccw", "") in offered
    assert not any(t for h, d, t in offered if (h, d) != ("2", "ccw"))
    took = v.apply(s, {"sow": "2", "direction": "ccw", "take": "4"})
    assert holes(took) == {3: 3, 8: 5} and scores(took) == [21, 19] and v.to_move(took) == 1
    left = v.apply(s, {"sow": "2", "direction": "ccw"})
    assert holes(left) == {3: 3, 4: 2, 8: 5} and scores(left) == [19, 19]


def test_gifia_without_the_choice_such_a_sowing_takes_nothing():
    v = rules_variant(GIFIA)
    opts = {"neighbour_choice": False}
    s = position(GIFIA, {2: 1, 3: 2, 4: 2, 8: 5}, scores=[19, 19], options=opts)
    assert not any(t for _, _, t in sows(v, s))
    s = v.apply(s, {"sow": "2", "direction": "ccw"})
    assert holes(s) == {3: 3, 4: 2, 8: 5} and scores(s) == [19, 19]


# -- Gifia: gifia-one-each, the round's end (GF-6), the refill (GF-7) and the game's end (GF-8) -----
def test_gifia_one_counter_each_ends_the_round_and_the_holes_are_refilled():
    v = rules_variant(GIFIA)
    s = position(GIFIA, {1: 1, 2: 1, 5: 1}, scores=[22, 23])
    # 1 sows 2, making two: taken (24). South has no counter left, North one (in 5): he takes
    # it (24), and each fills his four holes with six; North, after South in turn, begins.
    s = v.apply(s, {"sow": "1", "direction": "ccw"})
    assert holes(s) == {h: 6 for h in range(1, 9)} and v.to_move(s) == 1
    assert v.outcome(s) is None


def test_gifia_a_player_with_a_single_counter_and_the_other_more_plays_on():
    v = rules_variant(GIFIA)
    s = position(GIFIA, {1: 1, 5: 2}, scores=[22, 23])
    s = v.apply(s, {"sow": "1", "direction": "ccw"})  # South one (in 2), North two: play on
    assert holes(s) == {2: 1, 5: 2} and v.to_move(s) == 1


def test_gifia_a_player_who_cannot_fill_a_hole_has_lost():
    v = rules_variant(GIFIA)
    s = position(GIFIA, {1: 1, 2: 1, 5: 1}, scores=[41, 4])
    s = v.apply(s, {"sow": "1", "direction": "ccw"})  # North 5 in all: not one hole of six
    out = v.outcome(s)
    assert out is not None and out.winner == 0


def test_gifia_one_each_hook_keeps_the_moves_otherwise():
    v = rules_variant(GIFIA)
    s = position(GIFIA, {1: 1, 5: 1, 6: 1}, scores=[22, 23])
    assert sows(v, s) == [("1", "ccw", ""), ("1", "cw", "")]


# -- Mawkar Katiya: clockwise, sowing on from the next hole, the facing capture (MK-2..MK-4) --------
def test_mawkar_katiya_sows_clockwise_and_on_from_the_next_hole():
    v = rules_variant(MAWKAR)
    s = position(MAWKAR, {3: 2, 14: 3, 12: 1}, scores=[32, 32])
    # 3 (two) sows 2, 1 clockwise; the next hole, 14, holds three: sown on into 13, 12, 11;
    # the next, 10, is empty: the hole facing it, 5, is empty too: nothing taken.
    s = v.apply(s, {"sow": "3"})
    assert holes(s) == {1: 1, 2: 1, 11: 1, 12: 2, 13: 1} and scores(s) == [32, 32]


def test_mawkar_katiya_takes_the_hole_facing_an_empty_next_hole():
    v = rules_variant(MAWKAR)
    s = position(MAWKAR, {4: 1, 2: 0, 13: 5}, scores=[32, 32])
    # 4 (one) sows 3; the next hole, 2, is empty: the hole facing it, 13 (five), is taken.
    s = v.apply(s, {"sow": "4"})
    assert holes(s) == {3: 1} and scores(s) == [37, 32]


def test_mawkar_katiya_ends_when_every_seed_is_taken():
    v = rules_variant(MAWKAR)
    s = position(MAWKAR, {2: 1}, scores=[40, 29])
    # 2 sows 1; the next hole, 14, is empty: the hole facing it, 1, holds the seed just sown,
    # taken: the board is bare and the game over.
    s = v.apply(s, {"sow": "2"})
    out = v.outcome(s)
    assert out is not None and out.winner == 0 and scores(s) == [41, 29]


def test_mawkar_katiya_a_player_with_an_empty_row_passes():
    v = rules_variant(MAWKAR)
    s = position(MAWKAR, {6: 1, 11: 3}, scores=[33, 33])
    # 6 sows 5; the next hole, 4, is empty: 11 facing it is taken; North has no seed: South
    # moves again.
    s = v.apply(s, {"sow": "6"})
    assert holes(s) == {5: 1} and scores(s) == [36, 33] and v.to_move(s) == 0
