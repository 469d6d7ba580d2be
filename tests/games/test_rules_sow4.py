"""Four-row sowing constructs added for the sow4 batch (games/engine/rules/sow.py's
``relay_hook_sows = "lap-after"`` and ``"behind"``, and hooks_sow4.py): positions worked by hand
on small files written here.

On four rows of four, South's holes are 1..4 (outer row, left to right) and 5..8 (inner row,
right to left), North's 9..12 (inner row, left to right as South sees it) and 13..16 (outer row,
right to left). Columns from South's left: 1, 8, 9, 16 | 2, 7, 10, 15 | 3, 6, 11, 14 |
4, 5, 12, 13. So 6 faces 11, with 14 behind it and South's 3 behind 6.
"""
from __future__ import annotations

import random

import pytest

from games.engine import get_variant
from games.engine.rules.game import random_playout
from tests.games.test_rules_sow import holes, make, state_of

PEREAUNI = '''
[[clause]]
id = "P-1"
text = "Four rows of four, relay sowing from holes of two; the opening from the outer row."
board = { rows = 4, holes = 4 }
setup = { seeds = 2 }
sow = { min = 2, relay = true, first_from = "outer", relay_hook = "%s", relay_hook_sows = "%s" }
end = { no_moves = "loses" }
'''
TEXT = ("pereauni-opposition", "lap-after")
LUDII = ("pereauni-opposition-ludii", "behind")
#: Both players have sown before: the opening is over.
PLAYED = {"sown": ["1", "13"], "turn": 6}


def test_a_capture_is_sown_on_from_the_hole_the_lap_was_lifted_from():
    v = make(PEREAUNI % TEXT)
    # South sows 4 (two): 5, 6; 6 held one, so it is occupied, and 11 (three) and 14 (one)
    # across from it both hold counters: the four are put into 4 (empty, lifted) and sown on
    # from it: 5, 6, 7, 8. 8 was empty: the turn is over.
    after = v.apply(state_of(v, {4: 2, 6: 1, 11: 3, 14: 1, 13: 2}, **PLAYED), {"sow": "4"})
    assert holes(after) == {5: 2, 6: 3, 7: 1, 8: 1, 13: 2}


def test_the_text_needs_both_holes_across_and_ludii_the_inner_one():
    text, ludii = make(PEREAUNI % TEXT), make(PEREAUNI % LUDII)
    s = {4: 2, 6: 1, 11: 3, 13: 2}  # 14, behind 11, is empty
    # The text: no opposition; 6 (two) is lifted and sown on, 7 and 8, the last into an empty hole.
    assert holes(text.apply(state_of(text, s, **PLAYED), {"sow": "4"})) == {5: 1, 7: 1, 8: 1, 11: 3, 13: 2}
    # Ludii's: 11 alone is taken, put into 3 (South's outer hole behind 6) and sown on from it:
    # 4, 5, 6; 6 (now three) faces nothing any more: lifted and sown on, 7, 8, 1, all empty.
    assert holes(ludii.apply(state_of(ludii, s, **PLAYED), {"sow": "4"})) == {1: 1, 4: 1, 5: 2, 7: 1, 8: 1, 13: 2}


def test_ludii_sows_a_single_counter_behind_along_with_the_captured():
    ludii = make(PEREAUNI % LUDII)
    # As in the first test; 3, South's hole behind 6, holds one: it goes with the four taken,
    # five sown on from 3: 4, 5, 6, 7, 8.
    after = ludii.apply(state_of(ludii, {3: 1, 4: 2, 6: 1, 11: 3, 14: 1, 13: 2}, **PLAYED), {"sow": "4"})
    assert holes(after) == {4: 1, 5: 2, 6: 3, 7: 1, 8: 1, 13: 2}
    # Holding two, it keeps them: only the four taken are sown on, 4, 5, 6, 7.
    after = ludii.apply(state_of(ludii, {3: 2, 4: 2, 6: 1, 11: 3, 14: 1, 13: 2}, **PLAYED), {"sow": "4"})
    assert holes(after) == {3: 2, 4: 1, 5: 2, 6: 3, 7: 1, 13: 2}
    # For the replay, the captured counters' sowing is a lap of its own, naming 3.
    sim = ludii.fast(state_of(ludii, {3: 2, 4: 2, 6: 1, 11: 3, 14: 1, 13: 2}, **PLAYED))
    move = next(m for m in sim.moves() if ludii.game.names[m & 0xFF] == "4")
    assert ludii.game.ludii_steps(sim, move, None) == [(0, {"sow": "4"}, False), (0, {"sow": "3"}, False)]


def test_in_the_opening_the_outer_row_captures_until_the_sowing_reaches_the_inner_row():
    v = make(PEREAUNI % TEXT)
    # South's first turn (nothing sown yet): he sows 1 (two), 2 and 3; 3 held one and is in his
    # outer row; across it, North's 11 (one) and 14 (two): taken, put into 1 and sown on: 2, 3, 4.
    # 4 was empty: the turn is over.
    s = {1: 2, 3: 1, 11: 1, 14: 2, 13: 2}
    assert holes(v.apply(state_of(v, s), {"sow": "1"})) == {2: 2, 3: 3, 4: 1, 13: 2}
    # After the opening the same lap captures nothing: 3 (two) is lifted and sown on, 4, 5.
    assert holes(v.apply(state_of(v, s, **PLAYED), {"sow": "1"})) == {2: 1, 4: 1, 5: 1, 11: 1, 13: 2, 14: 2}
    # Ludii's reading has no capture from the outer row.
    ludii = make(PEREAUNI % LUDII)
    assert holes(ludii.apply(state_of(ludii, s), {"sow": "1"})) == {2: 1, 4: 1, 5: 1, 11: 1, 13: 2, 14: 2}


def test_once_the_inner_row_is_reached_the_outer_row_captures_no_more():
    v = make(PEREAUNI % TEXT)
    # South's first turn: 4 (two) into 5 and 6 (his inner row); 6 (two) faces nothing: on, 7
    # and 8; 8 (two) faces nothing: on, 1 and 2. 2 (two) is in his outer row, with 10 and 15
    # across it both holding one, but his sowing has reached his inner row: 2 is lifted and
    # sown on, 3 and 4, the last into an empty hole.
    s = {4: 2, 6: 1, 8: 1, 2: 1, 10: 1, 15: 1, 13: 2}
    assert holes(v.apply(state_of(v, s), {"sow": "4"})) == {1: 1, 3: 1, 4: 1, 5: 1, 7: 1, 10: 1, 15: 1, 13: 2}


def test_relay_hook_sows_behind_needs_four_rows():
    body = (PEREAUNI % LUDII).replace("rows = 4, holes = 4", "rows = 2, holes = 4").replace(
        ', first_from = "outer"', "")
    with pytest.raises(Exception, match="relay_hook_sows.*four rows"):
        make(body)


@pytest.mark.parametrize("options", [{}, {"opposition": "pereauni-opposition-ludii", "captured_from": "behind"}])
def test_pereauni_random_games_end_by_the_rules(options):
    v = get_variant("sow.pereauni")
    for seed in range(6):
        sim = v.fast(v.new_game(options))
        random_playout(sim, random.Random(seed), limit=100_000)
        assert sim.result() is not None


def test_relay_hook_may_be_an_options_and_each_choice_must_name_a_hook():
    body = (PEREAUNI % TEXT).replace('relay_hook = "pereauni-opposition"', 'relay_hook = { option = "reading" }').replace(
        'id = "P-1"', 'id = "P-1"\noption = "reading"') + '''
[options.reading]
default = "pereauni-opposition"
choices = ["pereauni-opposition", "%s"]
help = "Which capture rule."
'''
    v = make(body % "pereauni-opposition-ludii")
    s = {4: 2, 6: 1, 11: 3, 13: 2}  # 14 empty: only Ludii's reading takes 11
    assert holes(v.apply(state_of(v, s, **PLAYED), {"sow": "4"})) == {5: 1, 7: 1, 8: 1, 11: 3, 13: 2}
    ludii = v.apply(state_of(v, s, **PLAYED, options={"reading": "pereauni-opposition-ludii"}), {"sow": "4"})
    assert 11 not in holes(ludii)
    with pytest.raises(Exception, match=r"sow/test.toml:\d+: .*relay_hook.*no hook 'no-such-hook'"):
        make(body % "no-such-hook")
