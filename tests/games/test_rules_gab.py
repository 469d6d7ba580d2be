"""Hand-worked tests for the Ethiopian and Eritrean sowing games of helper gab's files
(games/rulesets/sow/): Hufesay (DLP ruleset 358)..."""
from __future__ import annotations

from games.engine.rules import rules_variant
from tests.games.test_rules_sow import holes, state_of as _state_of


def state_of(v, counts, to_move=0, **more):
    return _state_of(v, counts, to_move, starter=0, **more)


def scores(state) -> list[int]:
    return state.to_json()["scores"]


# -- Hufesay (sow.hufesay) ------------------------------------------------------------------------
def test_hufesay_relay_then_a_last_counter_in_an_empty_own_hole_takes_the_facing_hole():
    v = rules_variant("sow.hufesay")
    # South sows hole 1's counter into 2 (two there): three lifted, sown into 3, 4, 5; 5 was
    # empty and is South's, so North's 8, facing it, is taken (HU-3, HU-4).
    before = state_of(v, {1: 1, 2: 2, 8: 3, 10: 2})
    after = v.apply(before, {"sow": "1"})
    assert holes(after) == {3: 1, 4: 1, 5: 1, 10: 2}
    assert scores(after)[0] - scores(before)[0] == 3


def test_hufesay_a_last_counter_in_an_empty_hole_of_the_opponent_takes_nothing():
    v = rules_variant("sow.hufesay")
    before = state_of(v, {6: 2, 5: 1, 9: 1})
    after = v.apply(before, {"sow": "6"})
    assert holes(after) == {5: 1, 7: 1, 8: 1, 9: 1}
    assert scores(after) == scores(before)


def test_hufesay_a_row_left_empty_ends_the_round_and_holes_change_hands():
    v = rules_variant("sow.hufesay")
    # South's last counter empties North's only hole by taking it: North's row is empty, the
    # round ends (HU-5); South's counters left stay his. Totals 44 to 4: North fills one hole,
    # his rightmost, 12; South fills the other eleven (HU-6).
    before = state_of(v, {5: 1, 7: 4}, scores=[39, 4])
    after = v.apply(before, {"sow": "5"})
    data = after.to_json()
    assert data["round"] == 2 and data["phase"] == "play"
    assert holes(after) == {h: 4 for h in range(1, 13)}
    assert data["owned"] == [[str(h) for h in range(1, 12)], ["12"]]
    assert data["to_move"] == 1  # North, second in round one, starts round two (HU-7)
