"""Hand-worked tests for helper sib22: Chisolo's opening captures (hooks_sib22.py) and the two
files they serve, sow.chisolo-one-counter (DLP ruleset 608) and sow.chisolo-nambidi (610),
siblings of sow.chisolo-natatu (256).

The holes, as South sees the board (each seat sows round its own two rows):

    North outer  28 27 26 25 24 23 22
    North inner  15 16 17 18 19 20 21
    South inner  14 13 12 11 10  9  8
    South outer   1  2  3  4  5  6  7

So South's inner hole 14 faces North's 15, behind which lies 28; North's inner hole 18 faces
South's 11, behind which lies 4. Anticlockwise, South sows 1, 2, ..., 7, 8, ..., 14, 1.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from games.engine import get_variant
from games.engine.rules.hooks import HOOKS
from tests.games.test_rules_sow import holes, state_of

ONE, NAMBIDI = "sow.chisolo-one-counter", "sow.chisolo-nambidi"
LUDII = {"opening": "chisolo-opening-ludii"}
TRACES = Path("/work/shared/oracle/ludii/traces")


def removals(v, state) -> list[str]:
    return sorted((a["remove"] for a in v.legal_actions(state)), key=int)


def play(v, state, *actions):
    for a in actions:
        state = v.apply(state, a)
    return state


def fresh(key, options=None):
    v = get_variant(key)
    return v, v.new_game(v.validate_options(options)) if options else v.new_game()


def in_play(v, counts, to_move=0, ways=("ccw", "ccw")):
    """A position after the opening (four moves) and both players' first sowings."""
    return state_of(v, counts, to_move, turn=8, sown=["1", "22"], directions=list(ways))


# -- the files ------------------------------------------------------------------------------------
def test_the_files_are_siblings_of_natatu_with_their_own_ruleset_ids_and_prefixes():
    for key, ruleset, prefix, seeds in ((ONE, 608, "CU-", 1), (NAMBIDI, 610, "CB-", 2)):
        v = get_variant(key)
        rf = v.rules_file
        assert (rf.dlp_game, rf.dlp_ruleset) == (235, ruleset)
        assert all(c.id.startswith(prefix) for c in rf.clauses)
        # the clauses the ruleset does not mention cite the main ruleset, its own the new one
        cited = {c.id: c.locator for c in rf.clauses}
        assert cited[prefix + "1"] == cited[prefix + "2"] == f"DLP.GameRulesets.{ruleset}"
        assert {cited[prefix + str(k)] for k in range(3, 8)} == {"DLP.GameRulesets.256"}
        assert set(holes(v.new_game()).values()) == {seeds} and len(holes(v.new_game())) == 28


# -- the opening (CU-2, CB-2) ------------------------------------------------------------------------
def test_one_counter_south_first_takes_a_column_of_norths_two_holes():
    v, s = fresh(ONE)
    # one move per column, named by North's inner-row hole
    assert removals(v, s) == [str(h) for h in range(15, 22)]
    s = v.apply(s, {"remove": "18"})  # North's 18 and the outer hole behind it, 25
    assert 18 not in holes(s) and 25 not in holes(s) and len(holes(s)) == 26
    assert s.to_json()["scores"] == [2, 0]
    assert v.to_move(s) == 0  # South goes on: one hole more, any of North's holding counters
    assert removals(v, s) == [str(h) for h in range(15, 29) if h not in (18, 25)]


def test_one_counter_then_one_hole_more_and_north_does_the_same():
    v, s = fresh(ONE)
    s = play(v, s, {"remove": "18"}, {"remove": "22"})
    assert v.to_move(s) == 1 and s.to_json()["scores"] == [3, 0]
    # North's columns are named by South's inner holes; North's own 18 is empty but the text
    # asks no occupied hole of him, so its column (South's 11 and 4) is offered too
    assert removals(v, s) == [str(h) for h in range(8, 15)]
    s = v.apply(s, {"remove": "11"})
    assert 11 not in holes(s) and 4 not in holes(s) and v.to_move(s) == 1
    s = v.apply(s, {"remove": "1"})
    assert s.to_json()["scores"] == [3, 3] and v.to_move(s) == 0
    # play begins: South's first sowing, clockwise only (CU-3)
    acts = [a.to_json() for a in v.legal_actions(s)]
    assert acts and all(a.get("direction") == "cw" and "sow" in a for a in acts)
    assert sorted(int(a["sow"]) for a in acts) == [2, 3, 5, 6, 7, 8, 9, 10, 12, 13, 14]


def test_a_column_whose_two_holes_are_empty_is_not_offered():
    v = get_variant(ONE)
    full = {h: 1 for h in range(1, 29) if h not in (15, 28)}  # North's 15 and 28 (column of 14) empty
    s = state_of(v, full, 0, turn=0)
    assert "15" not in removals(v, s) and len(removals(v, s)) == 6


def test_nambidi_takes_two_counters_a_hole_and_north_needs_an_occupied_inner_hole():
    v, s = fresh(NAMBIDI)
    assert removals(v, s) == [str(h) for h in range(15, 22)]
    s = play(v, s, {"remove": "18"}, {"remove": "16"})  # column 18/25, then North's inner 16
    assert s.to_json()["scores"] == [6, 0] and v.to_move(s) == 1
    # North's inner 18 and 16 are empty: the columns across from them (South's 11, 13) are not his
    assert removals(v, s) == ["8", "9", "10", "12", "14"]
    s = v.apply(s, {"remove": "12"})  # South's 12 and 3 behind it
    assert 12 not in holes(s) and 3 not in holes(s)
    s = v.apply(s, {"remove": "7"})
    assert s.to_json()["scores"] == [6, 6] and v.to_move(s) == 0
    assert all(a.to_json().get("direction") == "cw" for a in v.legal_actions(s))


def test_nambidi_an_outer_hole_taken_leaves_the_inner_column_open():
    v, s = fresh(NAMBIDI)
    s = play(v, s, {"remove": "18"}, {"remove": "22"})
    assert removals(v, s) == ["8", "9", "10", "12", "13", "14"]  # only 18's column (11) is shut


def test_ludii_reading_takes_any_three_holes_one_at_a_time():
    for key in (ONE, NAMBIDI):
        v, s = fresh(key, LUDII)
        assert removals(v, s) == [str(h) for h in range(15, 29)]  # any hole, inner or outer
        s = v.apply(s, {"remove": "25"})
        assert 18 in holes(s) and v.to_move(s) == 0  # the column is not tied: 18 stays
        s = play(v, s, {"remove": "15"})
        assert v.to_move(s) == 0
        s = play(v, s, {"remove": "21"})
        assert v.to_move(s) == 1 and len(removals(v, s)) == 14
        s = play(v, s, {"remove": "1"}, {"remove": "2"}, {"remove": "3"})
        assert v.to_move(s) == 0 and all("sow" in a.to_json() for a in v.legal_actions(s))


def test_the_hooks_are_registered():
    for name in ("chisolo-opening", "chisolo-opening-occupied", "chisolo-opening-ludii"):
        assert name in HOOKS and callable(HOOKS[name].ludii_steps)


# -- play (the main ruleset's clauses, CU-3..7 and CB-3..7) -------------------------------------------
@pytest.mark.parametrize("key", [ONE, NAMBIDI])
def test_relay_then_capture_across_and_behind_then_one_hole_more(key):
    v = get_variant(key)
    s = in_play(v, {6: 1, 7: 1, 20: 2, 23: 1, 16: 1, 26: 3})
    s = v.apply(s, {"sow": "6", "direction": "ccw"})
    # 6 -> 7 (now 2, occupied: lifted) -> 8, 9; 9 was empty, in South's inner row: across it
    # lie North's 20 (2) and 23 behind it (1): three taken; then one hole more of North's
    assert holes(s) == {8: 1, 9: 1, 16: 1, 26: 3}
    assert v.to_move(s) == 0 and removals(v, s) == ["16", "26"]
    before = s.to_json()["scores"][0]
    s = v.apply(s, {"remove": "26"})
    assert s.to_json()["scores"][0] == before + 3 and holes(s) == {8: 1, 9: 1, 16: 1}
    assert v.to_move(s) == 1 and v.outcome(s) is None


@pytest.mark.parametrize("key", [ONE, NAMBIDI])
def test_a_last_counter_in_an_empty_outer_hole_takes_nothing(key):
    v = get_variant(key)
    s = in_play(v, {5: 1, 20: 2, 23: 1})
    s = v.apply(s, {"sow": "5", "direction": "ccw"})  # into 6, empty, outer row: the turn ends
    assert holes(s) == {6: 1, 20: 2, 23: 1} and v.to_move(s) == 1


@pytest.mark.parametrize("key", [ONE, NAMBIDI])
def test_taking_the_opponents_last_counters_wins(key):
    v = get_variant(key)
    s = in_play(v, {6: 1, 7: 1, 20: 2, 23: 1})
    north = s.to_json()["scores"][1]
    s = v.apply(s, {"sow": "6", "direction": "ccw"})
    # North's last three counters taken; there is no further hole to take and North cannot move:
    # the game ends, South's counters left (8, 9) counted his, North's count unchanged
    assert holes(s) == {} and s.to_json()["scores"] == [v.game.total - north, north]
    out = v.outcome(s)
    assert out is not None and out.winner == 0


@pytest.mark.parametrize("key", [ONE, NAMBIDI])
def test_the_second_sowing_chooses_a_direction_kept_for_the_game(key):
    v = get_variant(key)
    s = state_of(v, {2: 1, 5: 1, 17: 1, 24: 1}, 0, turn=6, sown=["1", "22"], directions=[None, None])
    acts = {(a["sow"], a["direction"]) for a in (x.to_json() for x in v.legal_actions(s))}
    assert acts == {("2", "cw"), ("2", "ccw"), ("5", "cw"), ("5", "ccw")}
    s = v.apply(s, {"sow": "5", "direction": "ccw"})
    assert s.to_json()["directions"][0] == "ccw"


# -- Ludii's traces agree under its reading -------------------------------------------------------------
@pytest.mark.parametrize("trace", ["235-608-s1", "235-608-s2", "235-610-s1", "235-610-s2"])
def test_ludiis_opening_steps_are_ours_under_its_reading(trace):
    path = TRACES / f"{trace}.jsonl.gz"
    if not path.exists():
        pytest.skip("no Ludii oracle here")
    key = ONE if "-608-" in trace else NAMBIDI
    v, s = fresh(key, LUDII)
    with gzip.open(path, "rt") as f:
        steps = [json.loads(line) for line in f][1:7]
    for step in steps:  # six removals: three by South (player 1), then three by North
        assert v.to_move(s) == step["mover"] - 1
        assert len(removals(v, s)) == len(step["legal"])
        label = step["legal_desc"][step["chosen"]].split("-")[0]  # e.g. "E4"
        col, row = "ABCDEFG".index(label[0]), int(label[1])
        hole = {1: 1 + col, 2: 14 - col, 3: 15 + col, 4: 28 - col}[row]
        s = v.apply(s, {"remove": str(hole)})
    assert s.to_json()["scores"] == ([3, 3] if key == ONE else [6, 6])
