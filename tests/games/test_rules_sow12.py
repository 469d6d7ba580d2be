"""Hand-worked tests for helper sow12's sowing vocabulary in games/engine/rules/sow.py and the
games it serves.

Selus of Massawa (DLP ruleset 349, ``sow.selus-massawa``): ``capture.claim_raid = "any"`` (a
last seed in the mover's own wegue takes two of its seeds too), ``capture.claim_raid_except =
"own-leftmost"`` (never from a wegue at the leftmost hole of the mover's row) and
``extra_turn.when`` ``"raid-own"`` / ``"raid-leftmost"`` (the mover moves again after raiding
his own wegue, or the wegue at the opponent's row's leftmost hole).

Abalala'e (DLP ruleset 339, ``sow.abalalae``): ``board.track = "serpentine"`` (each seat's own
path through the three rows), ``sow.first_place`` on three rows, and the relay hook
``abalalae-column`` (``hooks_sow12.py``) with ``relay_hook_sows = "taken"`` (the holes it names
are taken, the last seed alone sown on). Okwe of the Igbo (DLP ruleset 231, ``sow.okwe-igbo``):
``sow.store_own`` (the seeds taken sown back round one's own row) and the capture hook
``okwe-odd-facing``.

On three rows of six the holes are numbered along South's track: his row from his left
``1``..``6``, his half of the centre from its right end ``7``..``9``, North's row from North's
left ``10``..``15``, North's half of the centre ``16``..``18``, and on into ``1``.
"""
from __future__ import annotations

import pytest

from games.engine.rules import rules_variant
from games.engine.rules.loader import RulesFileError
from tests.games.test_rules_sow import holes, make, state_of

SELUS_M = "sow.selus-massawa"


def selus(counts: dict[int, int], to_move: int = 0, tuz: list[list[str]] | None = None, turn: int = 10):
    v = rules_variant(SELUS_M)
    return v, state_of(v, counts, to_move, tuz=tuz or [[], []], turn=turn, starter=0)


def moves(v, s) -> list[int]:
    return sorted(int(a["sow"]) for a in v.legal_actions(s))


def test_sm1_sm2_the_start_and_the_track():
    v = rules_variant(SELUS_M)
    s = v.new_game()
    assert holes(s) == {h: 3 for h in range(1, 19)}
    assert moves(v, s) == list(range(1, 10))
    # South sows 6 (three): 7, 8, 9, each four; no wegue on the game's first sowing, so 9's
    # four are lifted: 10..13; 13's four: 14..17; 17's four: 18, 1, 2, 3; 3's four: 4, 5, 6
    # (emptied: one), 7 (five); 7's five: 8, 9 (one), 10, 11, 12 (five); 12's five: 13 (one),
    # 14, 15, 16 (five each), 17 (emptied, now one): the end.
    after = v.apply(s, {"sow": "6"})
    assert holes(after) == {1: 4, 2: 4, 4: 4, 5: 4, 6: 1, 8: 5, 9: 1, 10: 5, 11: 5, 13: 1, 14: 5, 15: 5,
                            16: 5, 17: 1, 18: 4}
    assert v.to_move(after) == 1
    assert after.to_json()["tuz"] == [[], []]


def test_sm4_a_last_seed_making_any_three_four_captures_the_hole():
    # South sows 2 (one) into his own 3 (three): four, a wegue of South's; the turn is over.
    v, s = selus({2: 1, 3: 3, 5: 1, 15: 2})
    after = v.apply(s, {"sow": "2"})
    assert holes(after) == {3: 4, 5: 1, 15: 2}
    assert after.to_json()["tuz"] == [["3"], []] and v.to_move(after) == 1
    # The game's first two sowings capture nothing (option first_captures = 2): a relay instead.
    v, s = selus({2: 1, 3: 3, 5: 1, 15: 2}, turn=1)
    after = v.apply(s, {"sow": "2"})  # 3's four lifted: 4, 5 (two), 6, 7 (empty: the end)
    assert holes(after) == {4: 1, 5: 2, 6: 1, 7: 1, 15: 2} and after.to_json()["tuz"] == [[], []]


def test_sm5_a_raid_on_ones_own_wegue_takes_two_and_gives_another_move():
    # 3 is South's wegue with four; South sows 2 (one) into it: five, South takes two, and
    # moves again from any of his holes (not the wegue).
    v, s = selus({2: 1, 3: 4, 5: 1, 15: 2}, tuz=[["3"], []])
    before = s.to_json()["scores"]
    after = v.apply(s, {"sow": "2"})
    assert holes(after) == {3: 3, 5: 1, 15: 2}
    assert after.to_json()["scores"] == [before[0] + 2, before[1]]
    assert v.to_move(after) == 0 and moves(v, after) == [5]


def test_sm5_a_raid_on_the_opponents_wegue_takes_two_and_ends_the_turn():
    # 5, in South's row, is North's wegue with four; South sows 4 (one) into it: five; two taken.
    v, s = selus({4: 1, 5: 4, 6: 1, 15: 2}, tuz=[[], ["5"]])
    before = s.to_json()["scores"]
    after = v.apply(s, {"sow": "4"})
    assert holes(after) == {5: 3, 6: 1, 15: 2}
    assert after.to_json()["scores"] == [before[0] + 2, before[1]] and v.to_move(after) == 1


def test_sm6_no_raid_at_ones_own_leftmost_hole():
    # 1, South's leftmost, is North's wegue with four. South sows 9 (ten): 10..18 (empty, one
    # each) and 1: five there, but South may never take from his own leftmost hole: nothing
    # taken, the turn over.
    v, s = selus({9: 10, 1: 4, 5: 1}, tuz=[[], ["1"]])
    before = s.to_json()["scores"]
    after = v.apply(s, {"sow": "9"})
    assert holes(after) == {1: 5, 5: 1, **{h: 1 for h in range(10, 19)}}
    assert after.to_json()["scores"] == before and v.to_move(after) == 1


def test_sm6_a_raid_at_the_opponents_leftmost_hole_gives_another_move_whoever_holds_it():
    # 10, North's leftmost, is North's wegue with four. South sows 9 (one) into it: five; South
    # takes two and, it being the opponent's leftmost hole, moves again.
    v, s = selus({9: 1, 10: 4, 5: 1, 15: 2}, tuz=[[], ["10"]])
    before = s.to_json()["scores"]
    after = v.apply(s, {"sow": "9"})
    assert holes(after) == {10: 3, 5: 1, 15: 2}
    assert after.to_json()["scores"] == [before[0] + 2, before[1]]
    assert v.to_move(after) == 0 and moves(v, after) == [5]


RAID = '''
[[clause]]
id = "R-1"
text = "Three rows of six, three seeds each; relay sowing; wegue."
board = { shape = "mancala", rows = 3, holes = 6 }
setup = { seeds = 3, first = "South" }
sow = { relay = true }
capture = { take = "last", counts = [4], where = "any", claim = true, claim_max = 0, %s }
'''


def test_the_raid_keys_need_a_wegue():
    with pytest.raises(RulesFileError, match="claim_keeps"):
        make(RAID % 'claim_raid = "any"')
    make(RAID % 'claim_keeps = 2, claim_raid = "any"')
    with pytest.raises(RulesFileError):
        make(RAID % 'claim_keeps = 2, claim_raid = "mine"')


# -- Abalala'e (DLP ruleset 339): board.track = "serpentine", sow.first_place on three rows,
# relay_hook "abalalae-column" with relay_hook_sows = "taken". South's path: 1..6, 7, 8, 9,
# 18, 17, 16, 15..10, 1; North's: 10..15, 16, 17, 18, 9, 8, 7, 6..1, 10.
ABALALAE = "sow.abalalae"


def abalalae(counts: dict[int, int], to_move: int = 0, turn: int = 10):
    v = rules_variant(ABALALAE)
    # both have sown once (the opening over): "sown" lists the holes sown from
    return v, state_of(v, counts, to_move, turn=turn, starter=0, sown=["1", "10"])


def test_ab4_the_opening_is_sown_from_each_players_leftmost_hole_and_takes_nothing():
    v = rules_variant(ABALALAE)
    s = v.new_game()
    assert moves(v, s) == [1]
    # South's 1 (three): 2, 3, 4 (four: lifted) 5, 6, 7, 8 (lifted) 9, 18, 17, 16 (lifted)
    # 15, 14, 13, 12 (lifted) 11, 10, 1 (one), 2 (five: lifted) 3, 4 (one), 5, 6, 7 (five:
    # lifted) 8 (one), 9, 18, 17, 16 (emptied: one): the end, nothing taken.
    after = v.apply(s, {"sow": "1"})
    assert holes(after) == {1: 1, 3: 5, 4: 1, 5: 5, 6: 5, 8: 1, 9: 5, 10: 4, 11: 4, 13: 4, 14: 4, 15: 4,
                            16: 1, 17: 5, 18: 5}
    assert after.to_json()["scores"] == [0, 0]
    assert v.to_move(after) == 1 and moves(v, after) == [10]  # North's leftmost
    # Without the opening (Ludii's reading) every hole of South's may be sown from.
    s = v.new_game({"opening": False})
    assert moves(v, s) == list(range(1, 10))


def test_ab5_a_last_seed_in_an_empty_hole_of_ones_own_takes_the_column_and_goes_on_alone():
    # South sows 2 (one) into 3, empty, left half of his row: the opponent's two holes of
    # column C, 18 (two) and 13 (three), are taken. The last seed goes on alone into 4, empty:
    # column D's opponent's hole is 12 (one; 9 is South's own): taken. On into 5 (two): three,
    # lifted: 6, 7, 8; 8 is empty and column E holds nothing of North's (11 empty): the end.
    v, s = abalalae({2: 1, 13: 3, 18: 2, 12: 1, 5: 2, 14: 2})
    before = s.to_json()["scores"]
    after = v.apply(s, {"sow": "2"})
    assert holes(after) == {6: 1, 7: 1, 8: 1, 14: 2}
    assert after.to_json()["scores"] == [before[0] + 6, before[1]] and v.to_move(after) == 1


def test_ab5_the_right_half_takes_one_hole_and_north_sows_his_own_path():
    # South sows 5 (one) into 6, empty (right half): only 10 (F3) is North's in column F; 7 is
    # South's own and keeps its seeds. Then on into 7 (two): three, lifted: 8, 9, 18; 18 is
    # North's and was empty: the end.
    v, s = abalalae({5: 1, 7: 2, 10: 4, 14: 2})
    before = s.to_json()["scores"]
    after = v.apply(s, {"sow": "5"})
    assert holes(after) == {8: 1, 9: 1, 18: 1, 14: 2}
    assert after.to_json()["scores"] == [before[0] + 4, before[1]]
    # North sows 15 (one) into 16 (A2), empty, his half of the centre: South's 1 (A1) is taken;
    # the seed goes on into 17, empty, column B holding nothing of South's (2 empty): the end.
    v, s = abalalae({15: 1, 1: 4, 5: 2, 11: 1}, to_move=1)
    before = s.to_json()["scores"]
    after = v.apply(s, {"sow": "15"})
    assert holes(after) == {17: 1, 5: 2, 11: 1}
    assert after.to_json()["scores"] == [before[0], before[1] + 4] and v.to_move(after) == 0


def test_ab3_a_last_seed_in_an_empty_hole_of_the_opponents_ends_the_turn():
    # South sows 9 (one) along his path into 18 (North's, empty): the end, nothing taken.
    v, s = abalalae({9: 1, 1: 2, 13: 3})
    after = v.apply(s, {"sow": "9"})
    assert holes(after) == {18: 1, 1: 2, 13: 3} and v.to_move(after) == 1


def test_the_serpentine_track_needs_three_rows():
    with pytest.raises(RulesFileError, match="three rows"):
        make('''
[[clause]]
id = "S-1"
text = "Two rows."
board = { shape = "mancala", rows = 2, holes = 6, track = "serpentine" }
setup = { seeds = 4, first = "South" }
''')


# -- Okwe of the Igbo (DLP ruleset 231): sow.store_own, capture hook "okwe-odd-facing". South's
# holes 1..10 from his left, North's 11..20 from North's left; 10 faces 11, 9 faces 12, ...
OKWE = "sow.okwe-igbo"


def okwe(counts: dict[int, int], to_move: int = 0, scores: tuple[int, int] = (0, 0), options: dict | None = None):
    v = rules_variant(OKWE)
    rest = 36 - sum(counts.values()) - sum(scores)
    more = {"options": options} if options else {}
    return v, state_of(v, counts, to_move, scores=[scores[0] + rest, scores[1]], **more)


def test_oi1_oi2_the_board_after_the_opening_and_north_sows_first():
    v = rules_variant(OKWE)
    s = v.new_game()
    assert holes(s) == {1: 5, 2: 5, 6: 1, 11: 5, 12: 5}
    assert s.to_json()["scores"] == [8, 7] and v.to_move(s) == 1
    acts = v.legal_actions(s)
    assert [a["sow"] for a in acts if "sow" in a] == ["11", "12"]
    # North's store of seven may be sown back, one to seven of them, from his leftmost hole.
    assert [a["count"] for a in acts if "enter" in a] == list(range(1, 8))
    assert {a["to"] for a in acts if "enter" in a} == {"11"}


def test_oi3_the_first_counter_goes_back_into_the_hole_unless_single():
    v = rules_variant(OKWE)
    s = v.new_game()
    # North's 11 (five): the first back into 11, then 12 (six), 13, 14, 15; the last in his row.
    after = v.apply(s, {"sow": "11"})
    assert holes(after) == {1: 5, 2: 5, 6: 1, 11: 1, 12: 6, 13: 1, 14: 1, 15: 1}
    assert after.to_json()["scores"] == [8, 7]
    # South's 6 (a single counter) goes on into 7.
    after = v.apply(after, {"sow": "6"})
    assert holes(after)[7] == 1 and 6 not in holes(after)


def test_oi4_a_last_counter_in_the_opponents_row_takes_an_odd_facing_hole_of_ones_own():
    # South sows 10 (two): 10 (one again), 11, North's; 10 faces 11 and holds one: taken.
    v, s = okwe({10: 2, 1: 3, 20: 4}, scores=(0, 5))
    before = s.to_json()["scores"]
    after = v.apply(s, {"sow": "10"})
    assert holes(after) == {1: 3, 11: 1, 20: 4}
    assert after.to_json()["scores"] == [before[0] + 1, before[1]]
    # South sows 10 (three): 10, 11, 12; 12 faces 9, which holds two: nothing; three: taken.
    v, s = okwe({10: 3, 9: 2, 20: 4}, scores=(0, 5))
    after = v.apply(s, {"sow": "10"})
    assert holes(after) == {9: 2, 10: 1, 11: 1, 12: 1, 20: 4}
    assert after.to_json()["scores"] == s.to_json()["scores"]
    v, s = okwe({10: 3, 9: 3, 20: 4}, scores=(0, 5))
    after = v.apply(s, {"sow": "10"})
    assert holes(after) == {10: 1, 11: 1, 12: 1, 20: 4}
    assert after.to_json()["scores"] == [s.to_json()["scores"][0] + 3, 5]


def test_oi5_the_store_is_sown_round_ones_own_row():
    # South has twelve in store: sown from 1, one into each of 1..10, then 1 and 2 again.
    v, s = okwe({20: 4}, scores=(12, 20))
    after = v.apply(s, {"enter": "store", "to": "1", "count": 12})
    assert holes(after) == {1: 2, 2: 2, **{h: 1 for h in range(3, 11)}, 20: 4}
    assert after.to_json()["scores"] == [0, 20] and v.to_move(after) == 1
    # Under Ludii's reading (store_count = all) only the whole store is offered.
    v, s = okwe({20: 4}, scores=(12, 20), options={"store_count": "all"})
    assert [a["count"] for a in v.legal_actions(s) if "enter" in a] == [12]


def test_oi6_a_player_with_nothing_to_move_has_lost():
    # South's last counter, single, goes on from 10 into 11; North's 11 (single) into 12:
    # South has no counter in his holes nor in store, and has lost.
    v, s = okwe({10: 1, 20: 4}, scores=(0, 31))
    s = v.apply(s, {"sow": "10"})
    assert v.outcome(s) is None and v.to_move(s) == 1
    s = v.apply(s, {"sow": "11"})
    assert holes(s) == {12: 1, 20: 4}
    assert v.outcome(s) is not None and v.outcome(s).winner == 1
