"""Hand-worked tests for the miscA batch of sowing files: ``board.owners = "halves"`` of
games/engine/rules/sow.py and the ``facing-next`` capture hook (hooks_miscA.py), both for Kanji
Guti (DLP ruleset 432)."""
from __future__ import annotations

import pytest

from games.engine.rules import rules_variant
from games.engine.rules.loader import RulesFileError
from tests.games.test_rules_sow import holes, legal, make, state_of

KANJI = "sow.kanji-guti"


def scores(state) -> list[int]:
    return state.to_json()["scores"]


def test_kanji_guti_players_own_the_halves_of_the_board_not_the_rows():
    v = rules_variant(KANJI)
    s = v.new_game()
    assert holes(s) == {**{h: 12 for h in (1, 2, 3, 5, 6, 7, 8, 9, 10, 12, 13, 14)}, 4: 1}
    # South: the three holes left of the centre in each row; never the central 4 or 11.
    assert legal(KANJI, s) == ["1", "2", "3", "12", "13", "14"]
    n = state_of(v, {4: 3, 11: 2, 5: 1, 10: 1, 1: 1}, to_move=1)
    assert legal(KANJI, n) == ["5", "10"]


def test_kanji_guti_takes_the_hole_facing_an_empty_next_hole():
    v = rules_variant(KANJI)
    before = state_of(v, {1: 2, 11: 5, 6: 1})
    # Hole 1's two seeds go into 2 and 3; the next hole, 4, is empty: the hole facing it, 11, is taken.
    after = v.apply(before, {"sow": "1"})
    assert holes(after) == {2: 1, 3: 1, 6: 1}
    assert scores(after)[0] - scores(before)[0] == 5


def test_kanji_guti_sows_on_from_the_next_hole_while_it_holds_seeds():
    v = rules_variant(KANJI)
    before = state_of(v, {1: 1, 3: 2, 9: 1, 12: 1})
    # 1's seed into 2; the next hole, 3, holds two: lifted and sown into 4 and 5; then 6 is
    # empty, and the hole facing it (9, North's) is taken.
    after = v.apply(before, {"sow": "1"})
    assert holes(after) == {2: 1, 4: 1, 5: 1, 12: 1}
    assert scores(after)[0] - scores(before)[0] == 1


def test_kanji_guti_takes_nothing_when_the_facing_hole_is_empty():
    v = rules_variant(KANJI)
    before = state_of(v, {12: 1, 5: 1})
    # 12's seed into 13; hole 14 is empty and so is 1, facing it.
    after = v.apply(before, {"sow": "12"})
    assert holes(after) == {13: 1, 5: 1} and scores(after) == scores(before)


def test_kanji_guti_may_take_back_the_last_seed_round_the_corner():
    v = rules_variant(KANJI)
    before = state_of(v, {13: 1, 5: 1})
    # 13's seed into 14, the far row's end; the next hole, 1, is empty, and the hole facing it
    # is 14 itself, which the last seed has just filled: taken.
    after = v.apply(before, {"sow": "13"})
    assert holes(after) == {5: 1} and scores(after)[0] - scores(before)[0] == 1


def test_halves_are_refused_with_stores():
    with pytest.raises(RulesFileError, match="halves"):
        make('''
[[clause]]
id = "H-1"
text = "Halves with stores."
board = { shape = "mancala", rows = 2, holes = 7, stores = 2, owners = "halves" }
''')


# -- Sonka (DLP ruleset 222): sow.relay = "next" passes over a store ---------------------------------
SONKA = "sow.sonka"


def test_sonka_sows_on_past_a_store_from_the_first_hole_of_the_other_row():
    v = rules_variant(SONKA)
    before = state_of(v, {5: 1, 6: 2, 2: 1}, starter=0)
    # 5's counter falls into South's store; the next hole, North's 6, holds two: lifted and sown
    # into 7 and 8; 9 is empty, and the move ends in North's row: nothing taken.
    after = v.apply(before, {"sow": "5"})
    assert holes(after) == {2: 1, 7: 1, 8: 1}
    assert scores(after)[0] - scores(before)[0] == 1


def test_sonka_the_store_is_no_next_hole():
    v = rules_variant(SONKA)
    before = state_of(v, {4: 1, 6: 2, 1: 3}, starter=0)
    # 4's counter falls into 5; the next hole is not South's store but North's 6, which holds
    # two: they are sown on into 7 and 8 (had the store been the next hole, the move would end
    # in 5 and take 6's two counters).
    after = v.apply(before, {"sow": "4"})
    assert holes(after) == {1: 3, 5: 1, 7: 1, 8: 1}
    assert scores(after) == scores(before)


def test_sonka_a_move_ending_in_ones_own_row_takes_the_facing_hole():
    v = rules_variant(SONKA)
    before = state_of(v, {2: 1, 8: 4, 1: 1}, starter=0)
    # 2's counter falls into 3; the next hole, 4, is empty: the move ends in South's row, and
    # North's 8, facing 3, is taken.
    after = v.apply(before, {"sow": "2"})
    assert holes(after) == {1: 1, 3: 1}
    assert scores(after)[0] - scores(before)[0] == 4


# -- Pallankuli (DLP ruleset 215): fours to the row's owner, the next-after-empty hook --------------
PALLANKULI = "sow.pallankuli"


def test_pallankuli_a_four_goes_to_its_owner_and_an_empty_last_hole_takes_the_next():
    v = rules_variant(PALLANKULI)
    before = state_of(v, {2: 2, 3: 3, 5: 2, 12: 1}, starter=0)
    # 2's counters: 3 is made four (South's own: his), then 4, empty: the next hole, 5, is taken.
    after = v.apply(before, {"sow": "2"})
    assert holes(after) == {4: 1, 12: 1}
    assert scores(after)[0] - scores(before)[0] == 6
    before = state_of(v, {7: 2, 8: 3, 10: 1, 1: 1}, starter=0)
    # 7's counters: North's 8 made four goes to North; 9 was empty, so 10's counter is South's.
    after = v.apply(before, {"sow": "7"})
    assert holes(after) == {1: 1, 9: 1}
    assert [a - b for a, b in zip(scores(after), scores(before))] == [1, 4]


def test_pallankuli_sows_on_from_an_occupied_last_hole():
    v = rules_variant(PALLANKULI)
    before = state_of(v, {1: 1, 2: 1, 3: 1, 12: 1}, starter=0)
    # 1's counter makes 2 hold two: lifted and sown into 3 and 4; 4 was empty, 5 is empty too.
    after = v.apply(before, {"sow": "1"})
    assert holes(after) == {3: 2, 4: 1, 12: 1} and scores(after) == scores(before)
