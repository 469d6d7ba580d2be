"""Hand-worked tests of the fourB batch of four-row sowing games: ``sow.opening`` and
``sow.opening_copy`` (a set opening, Hus of the Nama), and the file that plays it.

On four rows of four, South's holes are 1..4 (outer row, left to right) and 5..8 (inner row,
right to left: 5 is South's rightmost inner hole), North's 9..12 (inner row, 9 North's rightmost
as he sees it) and 13..16 (outer row, 16 North's rightmost as he sees it).
"""
from __future__ import annotations

import pytest

from games.engine import get_variant
from games.engine.rules import sow
from games.engine.rules.game import RulesVariant
from games.engine.rules.loader import RulesFileError, load_text
from tests.games.test_rules_sow import HEAD as TOP
from tests.games.test_rules_sow import holes, state_of

HEAD = TOP + '''
[[clause]]
id = "O-1"
text = "Four rows of four, two seeds a hole; a set opening; then relay sowing from two or more."
board = { rows = 4, holes = 4 }
setup = { seeds = 2 }
sow = { min = 2, relay = true, opening = %s, opening_copy = %s }
'''
OPENING = '[["outer 2", "inner 1", "inner 2"], ["inner 3", "inner 2", "inner 1"]]'


def make(opening: str = OPENING, copy: bool = True) -> RulesVariant:
    rf = load_text(HEAD % (opening, "true" if copy else "false"), "sow/test.toml", sow.ELEMENTS)
    return RulesVariant(sow.compile(rf))


def sows(v: RulesVariant, state) -> list[str]:
    return [a["sow"] if "sow" in a else a["enter"] for a in v.legal_actions(state)]


def test_the_first_move_is_one_of_the_set_opening_counted_from_the_players_right():
    v = make()
    start = v.new_game()
    # South's outer 2nd from his right is 3; his inner row from the right is 5, 6, 7, 8.
    assert sows(v, start) == ["3", "7"]
    after = v.apply(start, {"sow": "3"})  # 3's two: one into 5, one into 6; nothing taken
    b = holes(after)
    assert (b[3] if 3 in b else 0, b[5], b[6]) == (0, 3, 3)
    assert sum(b.values()) == 32 and after.to_json()["scores"] == [0, 0]
    after = v.apply(start, {"sow": "7"})  # inner 3rd from the right: into 6, then 5
    b = holes(after)
    assert (7 in b, b[6], b[5]) == (False, 3, 3)


def test_the_opponent_copies_the_opening_on_his_side():
    v = make()
    after = v.apply(v.new_game(), {"sow": "7"})
    # North's right is South's left: his inner row from his right is 9, 10, 11, 12.
    assert sows(v, after) == ["11"]
    after = v.apply(after, {"sow": "11"})
    b = holes(after)
    assert (11 in b, b[10], b[9]) == (False, 3, 3)
    # Then the ordinary sowing, from any hole of two or more.
    assert sows(v, after) == ["1", "2", "3", "4", "5", "6", "8"]
    after = v.apply(v.new_game(), {"sow": "3"})
    assert sows(v, after) == ["15"]  # North's outer 2nd from his right
    after = v.apply(after, {"sow": "15"})
    b = holes(after)
    assert (15 in b, b[9], b[10]) == (False, 3, 3)


def test_without_copy_each_player_chooses_his_own_opening():
    v = make(copy=False)
    after = v.apply(v.new_game(), {"sow": "7"})
    assert sows(v, after) == ["15", "11"]


def test_an_opening_move_needs_its_hole_to_hold_one_seed_for_each_hole_it_drops_into():
    v = make()
    counts = {h: 2 for h in range(1, 17)}
    counts[3], counts[4] = 3, 1
    assert sows(v, state_of(v, counts)) == ["7"]


def test_a_bad_opening_is_refused_with_its_reason():
    with pytest.raises(RulesFileError, match="the rows have 4 holes"):
        make('[["outer 5", "inner 1"]]')
    with pytest.raises(RulesFileError, match="lift the same hole"):
        make('[["outer 2", "inner 1"], ["outer 2", "inner 2"]]')
    with pytest.raises(RulesFileError, match="must list the opening"):
        make('[["outer 2"]]')


def test_hus_nama_opens_with_one_of_four_moves_then_sows_and_captures_as_the_damara():
    v = get_variant("sow.hus-nama")
    start = v.new_game()
    # South's 16-hole rows: outer 7th, 8th, 9th from the right are 10, 9, 8; inner 8th is 24.
    assert sows(v, start) == ["10", "9", "24", "8"]
    after = v.apply(start, {"sow": "24"})
    b = holes(after)
    assert (24 in b, b[23], b[22]) == (False, 3, 3)
    # North copies: his inner 8th from his right is 40, dropping into 39 and 38.
    assert sows(v, after) == ["40"]
    after = v.apply(after, {"sow": "40"})
    b = holes(after)
    assert (40 in b, b[39], b[38]) == (False, 3, 3)
    assert len(sows(v, after)) == 16 + 7 and "24" not in sows(v, after)  # holes of two or more
    # The capture is hus-both-facing's, tested in tests/games/test_rules_sowa.py.
    assert v.rules_file.hooks == ["hus-both-facing"]


# -- Mwambulula: setup.hand, sow.enter, relay_hook_sows = "origin" | "lap-origin" -------------------
MW = TOP + '''
[[clause]]
id = "M-1"
text = "Four rows of four, the outer rows full, eight in each store; relay sowing; captures across sown on."
board = { rows = 4, holes = 4 }
setup = { counts = [2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2], hand = %d }
sow = { relay = true, relay_hook = "mwambulula-facing", relay_hook_sows = "%s", enter = %s }
'''


def make_mw(sows: str = "origin", hand: int = 8, enter: bool = True) -> RulesVariant:
    rf = load_text(MW % (hand, sows, "true" if enter else "false"), "sow/test.toml", sow.ELEMENTS)
    return RulesVariant(sow.compile(rf))


def mw_state(v: RulesVariant, counts: dict[int, int], hands: tuple[int, int] = (0, 0)):
    rest = v.game.total - sum(counts.values()) - sum(hands)
    data = {"board": {str(h): [None, "seed", c] for h, c in counts.items() if c}, "to_move": 0,
            "scores": [rest // 2, rest - rest // 2], "hands": [{"seed": n} if n else {} for n in hands]}
    return v.state_from_json(data)


def test_the_store_starts_in_hand_and_is_entered_one_seed_a_hole():
    v = make_mw()
    start = v.new_game()
    assert start.to_json()["hands"] == [{"seed": 8}, {"seed": 8}] and v.game.total == 32
    assert sows(v, start) == ["1", "2", "3", "4", "store"]
    after = v.apply(start, {"enter": "store"})
    assert holes(after) == {1: 3, 2: 3, 3: 3, 4: 3, 5: 1, 6: 1, 7: 1, 8: 1, 13: 2, 14: 2, 15: 2, 16: 2}
    assert after.to_json()["hands"] == [{}, {"seed": 8}] and after.to_json()["to_move"] == 1
    assert "store" in sows(v, after)  # North's store is still his
    # A store holding fewer seeds than the holes fills them in hole order, as far as it goes.
    after = v.apply(mw_state(v, {1: 1, 13: 1}, (3, 0)), {"enter": "store"})
    assert holes(after) == {1: 2, 2: 1, 3: 1, 13: 1}
    with pytest.raises(RulesFileError, match="setup.hand"):
        make_mw(hand=0)


def test_a_lap_ending_in_an_occupied_outer_hole_takes_across_the_inner_row():
    v = make_mw()
    # 2 (one) into 3 (one, now two: occupied). Across 3's column: North's inner 11 (two) and his
    # outer 14 (one) behind it: both taken, three counters sown on from after 2: 3, 4, 5; the turn ends.
    after = v.apply(mw_state(v, {2: 1, 3: 1, 11: 2, 14: 1, 16: 1}), {"sow": "2"})
    assert holes(after) == {3: 3, 4: 1, 5: 1, 16: 1}
    # North's inner 11 empty: nothing is taken (14 alone is not), and 3 is relayed: 4, 5.
    after = v.apply(mw_state(v, {2: 1, 3: 1, 14: 1, 16: 1}), {"sow": "2"})
    assert holes(after) == {4: 1, 5: 1, 14: 1, 16: 1}


def test_the_captured_counters_are_sown_from_the_move_or_the_lap_origin():
    counts = {1: 1, 2: 1, 4: 1, 12: 1, 13: 2, 15: 1, 16: 1}
    # 1 into 2 (occupied); across 2 is North's 10, empty (15 behind it is not taken): relayed,
    # 2's two into 3 and 4 (occupied); across 4 is 12 (one), 13 (two) behind: three taken.
    v = make_mw("origin")  # sown on from after 1, where the move began: 2, 3, 4
    assert holes(v.apply(mw_state(v, counts), {"sow": "1"})) == {2: 1, 3: 2, 4: 3, 15: 1, 16: 1}
    v = make_mw("lap-origin")  # from after 2, where the last lap began: 3, 4, 5
    assert holes(v.apply(mw_state(v, counts), {"sow": "1"})) == {3: 2, 4: 3, 5: 1, 15: 1, 16: 1}


def test_mwambulula_file_starts_with_the_stores_in_hand():
    v = get_variant("sow.mwambulula")
    start = v.new_game()
    assert start.to_json()["hands"] == [{"seed": 16}, {"seed": 16}]
    assert sows(v, start) == [str(h) for h in range(1, 9)] + ["store"]
    assert v.rules_file.hooks == ["mwambulula-facing"]


# -- Makonn: sow.arrange and sow.arrange_capture --------------------------------------------------
def test_makonn_players_rearrange_a_counter_at_a_time_then_pass():
    v = get_variant("sow.makonn")
    start = v.new_game()
    assert start.to_json()["phase"] == "arrange"
    legal = v.legal_actions(start)
    assert len(legal) == 20 * 19 + 1 and legal[-1] == {"pass": True}
    after = v.apply(start, {"from": "1", "to": "2"})
    assert holes(after)[2] == 2 and 1 not in holes(after) and after.to_json()["to_move"] == 0
    after = v.apply(after, {"pass": True})  # South is done: North rearranges
    data = after.to_json()
    assert (data["phase"], data["to_move"]) == ("arrange", 1)
    assert {"from": "21", "to": "22"} in v.legal_actions(after)
    after = v.apply(after, {"pass": True})  # both done: South plays, from his one hole of two
    data = after.to_json()
    assert (data["phase"], data["to_move"]) == ("play", 0)
    assert sows(v, after) == ["2"]


def test_makonn_an_arranged_counter_in_an_empty_inner_hole_captures_once():
    v = get_variant("sow.makonn")
    # 11 is South's rightmost inner hole, facing North's 30, with North's outer 31 behind.
    after = v.apply(v.new_game(), {"from": "11", "to": "1"})
    assert after.to_json()["scores"] == [0, 0]
    after = v.apply(after, {"from": "2", "to": "11"})  # into the empty 11: 30 and 31 taken
    b = holes(after)
    assert (b[11], 30 in b, 31 in b, after.to_json()["scores"]) == (1, False, False, [2, 0])
    # Once only: 12 emptied and filled again takes nothing from 29 and 32.
    after = v.apply(v.apply(after, {"from": "12", "to": "3"}), {"from": "4", "to": "12"})
    b = holes(after)
    assert (b[12], b[29], b[32], after.to_json()["scores"]) == (1, 1, 1, [2, 0])
    # An outer hole takes nothing.
    after = v.apply(v.apply(v.new_game(), {"from": "5", "to": "6"}), {"from": "7", "to": "5"})
    assert after.to_json()["scores"] == [0, 0]


def test_makonn_single_counters_move_last_and_only_into_empty_holes():
    v = get_variant("sow.makonn")
    counts = {1: 1, 2: 1, 4: 1, 21: 1, 22: 1}
    rest = v.game.total - sum(counts.values())
    state = v.state_from_json({"board": {str(h): [None, "seed", c] for h, c in counts.items()},
                               "to_move": 0, "scores": [rest // 2, rest - rest // 2]})
    assert sows(v, state) == ["2", "4"]  # 1 would fall into 2, occupied
    state = v.state_from_json({"board": {str(h): [None, "seed", c] for h, c in counts.items()}, "to_move": 0,
                               "scores": [rest // 2, rest - rest // 2], "options": {"singles_to_empty": False}})
    assert sows(v, state) == ["1", "2", "4"]  # Ludii's reading
