"""Hand-worked tests for helper sow12's sowing vocabulary in games/engine/rules/sow.py and the
games it serves.

Selus of Massawa (DLP ruleset 349, ``sow.selus-massawa``): ``capture.claim_raid = "any"`` (a
last seed in the mover's own wegue takes two of its seeds too), ``capture.claim_raid_except =
"own-leftmost"`` (never from a wegue at the leftmost hole of the mover's row) and
``extra_turn.when`` ``"raid-own"`` / ``"raid-leftmost"`` (the mover moves again after raiding
his own wegue, or the wegue at the opponent's row's leftmost hole).

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
