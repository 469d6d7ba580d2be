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


# -- I Pere (DLP ruleset 370): setup.stores and sow.store_sow ---------------------------------
IPERE = "sow.i-pere"


def legal_of(v, state) -> list[str]:
    return sorted(a["sow"] for a in v.legal_actions(state))


def test_i_pere_starts_after_the_opening_with_eight_in_each_store():
    v = rules_variant(IPERE)
    start = v.new_game()
    assert holes(start) == {1: 4, 2: 4, 3: 4, 5: 4, 6: 4, 7: 4}
    assert scores(start) == [8, 8]
    assert legal_of(v, start) == ["1", "2", "3"]


def test_i_pere_sows_through_the_stores_and_takes_two_or_three():
    v = rules_variant(IPERE)
    # IP-3/IP-4: South's three counters from 3 go to 4, his store s1, and North's 5, which then
    # holds two: taken. The counter in s1 is South's.
    before = state_of(v, {3: 3, 5: 1, 7: 1}, scores=[10, 25])
    after = v.apply(before, {"sow": "3"})
    assert holes(after) == {4: 1, 7: 1}
    assert scores(after) == [10 + 1 + 2, 25]
    # A sowing passing North's store s2 gives it a counter: North's 8 (two) goes to s2 and 1.
    before = state_of(v, {8: 2, 1: 0, 3: 1, 2: 1}, to_move=1, scores=[10, 26], sown=["s2"])
    after = v.apply(before, {"sow": "8"})
    assert holes(after) == {1: 1, 2: 1, 3: 1} and scores(after) == [10, 27]


def test_i_pere_sows_a_store_of_thirteen_back_once_and_takes_the_opponents_twos_and_threes():
    v = rules_variant(IPERE)
    # IP-5: South's store holds thirteen: sowing it back is his only move. Its counters go
    # round from North's 5, passing over both stores: 5 6 7 8 1 2 3 4 5 6 7 8 1. North's 5
    # (three), 6 and 7 (two each) are taken; 8 (four) is not.
    before = state_of(v, {3: 1, 5: 1, 8: 2}, scores=[13, 23])
    assert legal_of(v, before) == ["s1"]
    after = v.apply(before, {"sow": "s1"})
    assert holes(after) == {1: 2, 2: 1, 3: 2, 4: 1, 8: 4}
    assert scores(after) == [7, 23]
    assert "s1" in after.to_json()["sown"]
    # North's store of twenty-three is sown back on his turn, the same way.
    assert legal_of(v, after) == ["s2"]
    # Once only: South, whose store was sown back, moves from his holes however full it is.
    again = state_of(v, {3: 1, 5: 1, 8: 2}, scores=[20, 16], sown=["s1", "s2"])
    assert legal_of(v, again) == ["3"]


def test_i_pere_ends_when_the_player_to_move_has_nothing_and_the_rest_is_nobodys():
    v = rules_variant(IPERE)
    # IP-6: South sows 4's single counter into his store; North's holes are empty and his
    # store was sown back: the game ends, 3's counter left to nobody.
    before = state_of(v, {3: 1, 4: 1}, scores=[20, 18], sown=["s1", "s2"])
    after = v.apply(before, {"sow": "4"})
    out = v.outcome(after)
    assert out is not None and out.winner == 0
    assert scores(after) == [21, 18] and holes(after) == {3: 1}


# -- Okwe of Achalla (DLP ruleset 235): sow.choose_count and the hooks of hooks_miscB ----------
OKWE = "sow.okwe-achalla"
LUDII_READING = {"odd_after": False, "odd_after_ludii": True}


def okwe_state(counts, options=None, **more):
    v = rules_variant(OKWE)
    return v, state_of(v, counts, options=v.validate_options(options or {}), **more)


def test_okwe_sows_any_number_leaving_one():
    v, s = okwe_state({1: 3, 6: 2})
    assert [a.to_json() for a in v.legal_actions(s)] == [{"sow": "1", "count": 1}, {"sow": "1", "count": 2}]
    # OA-2/OA-3: two of hole 1's three go to 2 and 3, one left in 1. 3 then holds one, odd:
    # taken, and 2 (one) before it.
    after = v.apply(s, {"sow": "1", "count": 2})
    assert holes(after) == {1: 1, 6: 2}
    assert scores(after)[0] - scores(s)[0] == 2


def test_okwe_takes_the_odd_holes_back_to_an_even_one_but_never_the_starting_hole():
    v, s = okwe_state({1: 5, 3: 2, 4: 2, 6: 2})
    # Three of 1's five: 2 (one), 3 (three), 4 (three, the last): 4 and 3 taken, 2 too.
    after = v.apply(s, {"sow": "1", "count": 3})
    assert holes(after) == {1: 2, 6: 2} and scores(after)[0] - scores(s)[0] == 7
    v, s = okwe_state({1: 5, 2: 1, 4: 2, 6: 2})
    # Three of 1's five: 2 (two, even) stops the chain after 4 and 3.
    after = v.apply(s, {"sow": "1", "count": 3})
    assert holes(after) == {1: 2, 2: 2, 6: 2} and scores(after)[0] - scores(s)[0] == 4
    v, s = okwe_state({1: 4, 6: 2})
    # One of 1's four into 2: one, taken; 1, left with three (odd), is not.
    after = v.apply(s, {"sow": "1", "count": 1})
    assert holes(after) == {1: 3, 6: 2} and scores(after)[0] - scores(s)[0] == 1


def test_okwe_takes_the_odd_holes_after_an_even_last_hole():
    # OA-4: 2 made even (two): 3 (three) and 4 (five) after it taken; 5 (four) ends the run.
    v, s = okwe_state({1: 2, 2: 1, 3: 3, 4: 5, 5: 4})
    after = v.apply(s, {"sow": "1", "count": 1})
    assert holes(after) == {1: 1, 2: 2, 5: 4} and scores(after)[0] - scores(s)[0] == 8
    # OA-5 (Ludii): the next hole alone.
    v, s = okwe_state({1: 2, 2: 1, 3: 3, 4: 5, 5: 4}, LUDII_READING)
    after = v.apply(s, {"sow": "1", "count": 1})
    assert holes(after) == {1: 1, 2: 2, 4: 5, 5: 4} and scores(after)[0] - scores(s)[0] == 3


def test_okwe_never_takes_a_hole_of_more_than_nine():
    # 2 made eleven: odd but above nine, not taken; not even either, so nothing (OA-3, OA-4).
    v, s = okwe_state({1: 2, 2: 10, 3: 3})
    after = v.apply(s, {"sow": "1", "count": 1})
    assert holes(after) == {1: 1, 2: 11, 3: 3} and scores(after) == scores(s)
    # Ludii's reading takes the next hole after any last hole not odd and nine or fewer.
    v, s = okwe_state({1: 2, 2: 10, 3: 3}, LUDII_READING)
    after = v.apply(s, {"sow": "1", "count": 1})
    assert holes(after) == {1: 1, 2: 11} and scores(after)[0] - scores(s)[0] == 3


def test_choose_count_refuses_relay_sowing():
    import pytest

    from games.engine.rules.loader import RulesFileError
    from tests.games.test_rules_sow import make

    with pytest.raises(RulesFileError, match="chosen number of seeds"):
        make('''
[[clause]]
id = "T-1"
text = "Relay sowing of a chosen number."
board = { shape = "mancala", rows = 2, holes = 4 }
sow = { relay = true, choose_count = true }
''')


# -- Piç (DLP rulesets 286 and 703): capture.claim with no limit --------------------------------
def test_pic_circles_an_opponents_heap_made_three_and_collects_what_falls_into_it():
    v = rules_variant("sow.pic")
    # PC-4: South's two counters from 3 go to North's 4 and 5; 5 then holds three: taken, and
    # circled for South.
    before = state_of(v, {3: 2, 5: 2, 1: 1, 6: 1})
    after = v.apply(before, {"sow": "3"})
    assert holes(after) == {1: 1, 4: 1, 6: 1}
    assert scores(after)[0] - scores(before)[0] == 3
    assert after.to_json()["tuz"] == [["5"], []]
    # North's counter from 4 falls into the circled 5: South's at once.
    later = v.apply(after, {"sow": "4"})
    assert holes(later) == {1: 1, 6: 1}
    assert scores(later)[0] - scores(before)[0] == 4
    # A second circle for the same player (no limit): South's 2 sows into 3 and North's 4,
    # which then holds three.
    second = v.apply(state_of(v, {2: 2, 4: 2, 6: 1}, tuz=[["5"], []]), {"sow": "2"})
    assert second.to_json()["tuz"] == [["4", "5"], []]
    # The nine-counter ruleset starts with nine in each heap.
    assert rules_variant("sow.pic-nine-counters").new_game().to_json()["board"]["1"] == [None, "seed", 9]
