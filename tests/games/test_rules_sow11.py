"""Four-row games of Uganda, Rwanda, Burundi and their neighbours (the sow11 batch): Choro of the
Acholi and of the Lango, Mweiso, Mweso, Kubuguza, Ikibuguzo. The constructs added to
games/engine/rules/sow.py (``sow.cw_capture``, ``sow.cw_capture_relay``, ``end.ends_taken``) and
games/engine/rules/hooks_sow11.py, worked by hand on the files themselves.

On four rows of eight, South's holes are 1..8 (outer row, left to right) and 9..16 (inner row,
right to left), North's 17..24 (inner row, left to right as South sees it) and 25..32 (outer
row, right to left as South sees it). Columns from South's left: 1, 16, 17, 32 | 2, 15, 18, 31 |
3, 14, 19, 30 | 4, 13, 20, 29 | 5, 12, 21, 28 | 6, 11, 22, 27 | 7, 10, 23, 26 | 8, 9, 24, 25.
South sows anticlockwise 1 -> 2 -> ... -> 8 -> 9 -> ... -> 16 -> 1; clockwise the other way.
"""
from __future__ import annotations

import random

import pytest

from games.engine import get_variant
from games.engine.rules.game import random_playout
from tests.games.test_rules_sow import holes, state_of

ACHOLI = "sow.choro-acholi"
#: Both players have sown from their outer rows: the openings are over.
PLAYED = {"sown": ["4", "28"], "turn": 6}


def acts(v, s) -> list[dict]:
    return [dict(a) for a in v.legal_actions(s)]


# -- sow.cw_capture on Choro of the Acholi ---------------------------------------------------------
def test_acholi_a_clockwise_sowing_is_offered_only_where_it_captures():
    v = get_variant(ACHOLI)
    # South's 1 (two) sown clockwise: 16, 15; 15 held one, and 18 (three) and 31 (one) across
    # from it both hold counters: a capture. So 1 may be sown either way.
    s = state_of(v, {1: 2, 15: 1, 18: 3, 31: 1, 25: 2}, **PLAYED)
    assert sorted(acts(v, s), key=str) == sorted([{"sow": "1"}, {"sow": "1", "direction": "cw"}], key=str)
    # With 31 empty there is no opposition: the clockwise sowing is not offered.
    s = state_of(v, {1: 2, 15: 1, 18: 3, 25: 2}, **PLAYED)
    assert acts(v, s) == [{"sow": "1"}]
    # Only the two holes named sow clockwise: 2 (three) would end in 15 too (1, 16, 15), but it is
    # not one of them.
    s = state_of(v, {2: 3, 15: 1, 18: 3, 31: 1, 25: 2}, **PLAYED)
    assert acts(v, s) == [{"sow": "2"}]


def test_acholi_captured_counters_go_clockwise_only_while_they_capture_again():
    v = get_variant(ACHOLI)
    s = state_of(v, {1: 2, 15: 1, 13: 1, 18: 3, 31: 1, 20: 2, 29: 2, 25: 2}, **PLAYED)
    # 1 clockwise: 16, 15 (now two): takes 18 and 31, four counters, put into 1 and sown on.
    # Clockwise they would end in 13 (16, 15, 14, 13), occupied, across from 20 and 29, both
    # holding counters: so they go clockwise and take those four too. Sown clockwise from 1
    # again they would end in 13 with 20 now empty: no capture, so they go anticlockwise: 2, 3,
    # 4, 5, the last into an empty hole.
    after = v.apply(s, {"sow": "1", "direction": "cw"})
    assert holes(after) == {2: 1, 3: 1, 4: 1, 5: 1, 13: 2, 14: 1, 15: 3, 16: 2, 25: 2}
    # Anticlockwise from 1: 2, 3, the last into an empty hole; nothing taken.
    after = v.apply(s, {"sow": "1"})
    assert holes(after) == {2: 1, 3: 1, 13: 1, 15: 1, 18: 3, 31: 1, 20: 2, 29: 2, 25: 2}


def test_acholi_the_inner_hole_second_from_the_left_and_north_mirrored():
    v = get_variant(ACHOLI)
    # North's places from his left: his outer row's leftmost is 25, his inner row's second from
    # the left 23 (North's left is South's right). North's 23 (two) clockwise, round his rows
    # the other way: 22, 21; 21 held one and South's 12 and 5 across from it hold counters.
    s = state_of(v, {23: 2, 21: 1, 12: 2, 5: 1, 1: 2}, to_move=1, **PLAYED)
    assert {"sow": "23", "direction": "cw"} in acts(v, s)
    # Taken: 12 and 5, three counters, sown on from 23; clockwise 22, 21, 20 would end in an
    # empty hole: anticlockwise, 24, 25, 26.
    assert holes(v.apply(s, {"sow": "23", "direction": "cw"})) == {1: 2, 21: 2, 22: 1, 24: 1, 25: 1, 26: 1}


@pytest.mark.parametrize("key", [ACHOLI])
def test_random_games_end_by_the_rules(key):
    v = get_variant(key)
    for seed in range(6):
        sim = v.fast(v.new_game({}))
        random_playout(sim, random.Random(seed), limit=100_000)
        assert sim.result() is not None
