"""Three-row sowing (games/engine/rules/sow.py, ``board.rows = 3``): the Gabata family of the
Horn of Africa, worked by hand on small files written here.

On three rows of six the holes are numbered along the first seat's track: South's row left to
right 1..6, his half of the centre right to left 7..9 (above 6, 5, 4), North's row right to
left as South sees it 10..15 (10 above 7, 15 above 1's column), North's half of the centre
left to right 16..18 (16 above 1, 18 above 3), and on into 1. South owns 1..9, North 10..18.
"""
from __future__ import annotations

import pytest

from games.engine.rules import sow
from games.engine.rules.game import RulesVariant
from games.engine.rules.loader import RulesFileError, load_text

from tests.games.test_rules_sow import HEAD, make, state_of


def holes(state) -> dict[int, int]:
    return {int(k): c for k, (_, _, c) in state.to_json()["board"].items() if not k.startswith("s")}


THREE = '''
[[clause]]
id = "T-1"
text = "Three rows of six, three seeds a hole."
board = { rows = 3, holes = 6 }
setup = { seeds = 3 }
%s
'''


def test_three_rows_are_numbered_along_the_track_and_owned_by_row_and_half_centre():
    v = make(THREE % "")
    info = v.board_info(v.validate_options({}))
    sites = {s["name"]: (s["x"], s["y"], s["owner"]) for s in info["geometry"]["sites"]}
    assert len(sites) == 18
    assert [sites[str(h)] for h in (1, 6, 7, 9, 10, 15, 16, 18)] == [
        (0, 0, 0), (5, 0, 0), (5, 1, 0), (3, 1, 0), (5, 2, 1), (0, 2, 1), (0, 1, 1), (2, 1, 1)]
    # South sows from his nine holes, North from his nine.
    s = v.new_game()
    assert sorted(int(a["sow"]) for a in v.legal_actions(s)) == list(range(1, 10))
    s = v.apply(s, {"sow": "8"})  # 8 (E2) holds three: into 9 (D2), 10 (F3), 11 (E3)
    assert 8 not in holes(s) and (holes(s)[9], holes(s)[10], holes(s)[11], holes(s)[12]) == (4, 4, 4, 3)
    assert sorted(int(a["sow"]) for a in v.legal_actions(s)) == list(range(10, 19))


def test_the_track_goes_on_from_the_far_seats_half_of_the_centre_into_the_first_row():
    v = make(THREE % "")
    s = state_of(v, {17: 3, 1: 1}, to_move=1)  # 17 (B2): into 18 (C2), 1 (A1), 2 (B1)
    s = v.apply(s, {"sow": "17"})
    assert holes(s) == {18: 1, 1: 2, 2: 1}
    s = state_of(v, {9: 2, 3: 1})  # 9 (D2): into 10 (F3), 11 (E3): the far row from its right
    s = v.apply(s, {"sow": "9"})
    assert holes(s) == {10: 1, 11: 1, 3: 1}


def test_three_rows_with_relay_sowing_go_round_the_eighteen_holes():
    v = make(THREE % 'sow = { relay = true }')
    # 18 holds 1: into 1 (two now: lifted), 2 and 3; 3 held none: the sowing ends there.
    s = state_of(v, {18: 1, 1: 1, 5: 1}, to_move=1)
    s = v.apply(s, {"sow": "18"})
    assert holes(s) == {2: 1, 3: 1, 5: 1}


def test_three_rows_refuse_an_odd_row_and_a_facing_capture():
    with pytest.raises(RulesFileError, match="even number"):
        make(THREE.replace("holes = 6", "holes = 5") % "")
    with pytest.raises(RulesFileError, match="facing hole"):
        make(THREE % 'capture = { take = "opposite" }')
