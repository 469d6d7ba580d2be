"""Hand-worked positions for the sowing files of helper miscB (two-row games of Africa and the
Middle East): each clause that matters, played on a small position and worked by hand."""
from __future__ import annotations

from games.engine.rules import rules_variant
from tests.games.test_rules_sow import holes, state_of


def scores(state) -> list[int]:
    return state.to_json()["scores"]


# -- Whyo (DLP ruleset 229) ------------------------------------------------------------------
WHYO = "sow.whyo"


def test_whyo_relays_until_an_empty_hole():
    v = rules_variant(WHYO)
    # WY-3: South's two counters from 1 go to 2 and 3; 3 held one, so its two are lifted and
    # sown into 4 (now six) and 5, which was empty: the turn ends.
    after = v.apply(state_of(v, {1: 2, 3: 1, 4: 5, 8: 1}), {"sow": "1"})
    assert holes(after) == {2: 1, 4: 6, 5: 1, 8: 1}
    assert after.to_json()["to_move"] == 1


def test_whyo_takes_a_hole_the_last_counter_makes_four():
    v = rules_variant(WHYO)
    # WY-4: 1's two counters to 2 and 3, which then holds four: taken, no relay.
    before = state_of(v, {1: 2, 3: 3, 8: 1})
    after = v.apply(before, {"sow": "1"})
    assert holes(after) == {2: 1, 8: 1}
    assert scores(after)[0] - scores(before)[0] == 4
    # So too in the opponent's row: 6's two counters to 7 and 8, which then holds four.
    before = state_of(v, {6: 2, 8: 3, 10: 1})
    after = v.apply(before, {"sow": "6"})
    assert holes(after) == {7: 1, 10: 1}
    assert scores(after)[0] - scores(before)[0] == 4


def test_whyo_without_relay_plays_one_lap():
    v = rules_variant(WHYO)
    options = v.validate_options({"relay": False})
    before = v.state_from_json({"board": {"1": [None, "seed", 2], "3": [None, "seed", 1],
                                          "4": [None, "seed", 5], "8": [None, "seed", 1]},
                                "to_move": 0, "scores": [20, 19], "options": options})
    assert holes(v.apply(before, {"sow": "1"})) == {2: 1, 3: 2, 4: 5, 8: 1}


def test_whyo_ends_when_the_player_to_move_has_nothing_and_the_last_mover_takes_the_rest():
    v = rules_variant(WHYO)
    # WY-5: North sows 7's two counters into 8 and 9; South has nothing to sow: North, the last
    # player who could move, takes the three counters left (12, 8, 9).
    before = state_of(v, {12: 1, 7: 2}, to_move=1)
    assert scores(before) == [22, 23]
    after = v.apply(before, {"sow": "7"})
    assert v.outcome(after) is not None
    assert scores(after) == [22, 26]
