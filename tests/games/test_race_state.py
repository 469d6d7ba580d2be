"""Race states as JSON: written, read back, and refused when malformed or impossible; the hooks the
play layer asks; the guard against endless games."""
from __future__ import annotations

import json

import pytest

from games.engine import InvalidState
from games.engine.race.state import MAX_THROWS
from tests.games.race_helpers import KEYS, move, position, throw, variant

ur = variant("race.ur")
senet = variant("race.senet")


def base(**fields):
    data = {"variant": "race.ur", "options": {"rules": "finkel"}, "phase": "throw", "to_move": 0,
            "pieces": [[0] * 7, [0] * 7]}
    data.update(fields)
    return data


def test_a_new_state_round_trips_through_json_text():
    for key in KEYS:
        v = variant(key)
        s = v.new_game({})
        assert v.state_from_json(json.dumps(s.to_json())) == s


def test_the_json_carries_the_contracts_fields():
    s = position("race.xii-scripta", [[0] * 15, [0] * 15], {}, throw=(2, 3, 5))
    data = s.to_json()
    assert data["pieces"] == [[0] * 15, [0] * 15] and data["to_move"] == 0
    assert data["throw"] == {"dice": [2, 3, 5], "value": 10, "device": "dice3"}
    assert data["moves_left"] == [2, 3, 5] and data["options"]["pieces"] == 15
    bell = senet.new_game({"rules": "bell"}).to_json()
    assert bell["score"] == [0, 0] and bell["lost"] == [0, 0] and bell["options"]["safe_squares"] == [15, 26, 27, 28, 29]
    assert "moves_left" not in ur.new_game().to_json()


@pytest.mark.parametrize("fields, where", [
    ({"pieces": [[0] * 6, [0] * 7]}, "pieces[0]: holds 6"),
    ({"pieces": [[0] * 7]}, "pieces: must hold 2"),
    ({"pieces": [[0] * 6 + [16], [0] * 7]}, "pieces[0][6]: must be between 0 and 15"),
    ({"pieces": [[0] * 6 + [-1], [0] * 7]}, "pieces[0][6]"),
    ({"pieces": [[0] * 6 + [True], [0] * 7]}, "pieces[0][6]: must be a whole number"),
    ({"pieces": [[0] * 6 + [2.0], [0] * 7]}, "pieces[0][6]: must be a whole number"),
    ({"pieces": [[0] * 6 + [10 ** 30], [0] * 7]}, "pieces[0][6]"),
    ({"pieces": [[0] * 5 + [6, 6], [0] * 7]}, "two pieces on cell"),
    ({"pieces": [[0] * 6 + [6], [0] * 6 + [6]]}, "share cell"),
    ({"pieces": "all"}, "pieces: must be a list"),
    ({"to_move": 2}, "to_move"),
    ({"to_move": True}, "to_move: must be a whole number"),
    ({"phase": "sow"}, "phase"),
    ({"phase": "move"}, "throw: a move is due"),
    ({"phase": "move", "throw": {"dice": [1, 2, 0, 0]}}, "throw.dice"),
    ({"phase": "move", "throw": {"dice": [1, 0, 0]}}, "throw.dice"),
    ({"phase": "move", "throw": {"dice": [1, 0, 0, 0], "value": 2}}, "throw.value"),
    ({"phase": "move", "throw": {"dice": [0, 0, 0, 0]}}, "allows none"),
    ({"phase": "move", "throw": "1"}, "throw: must be null or an object"),
    ({"phase": "over", "winner": 0, "how": "first-off"}, "has not won"),
    ({"phase": "over", "winner": 0, "how": "limit"}, "only after"),
    ({"pieces": [[15] * 7, [0] * 7]}, "already won"),
    ({"options": {"pieces": 9}}, "options: option 'pieces'"),
    ({"options": {"colour": "red"}}, "options: unknown option"),
    ({"options": []}, "options"),
    ({"variant": "race.senet"}, "variant: this is race.ur"),
    ({"board": []}, "board: not a field"),
    ({"throws": -1}, "throws"),
    ({"lost": [1, 0]}, "lost: pieces leave the game only"),
    ({"off": [1, 0]}, "off: the pieces have [0, 0] borne off"),
    ({"score": [0, 2]}, "score: the pieces have"),
    ({"over": True}, "over: must be false"),
])
def test_it_refuses_malformed_or_impossible_states_naming_the_field(fields, where):
    with pytest.raises(InvalidState, match=where.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")):
        ur.state_from_json(base(**fields))


def test_it_refuses_a_piece_off_the_board_where_none_can_be():
    kendall = {"rules": "kendall", "pieces": 5}
    with pytest.raises(InvalidState, match="pieces\\[0\\]: a piece at 0"):
        position("race.senet", [[0, 2, 4, 6, 8], [1, 3, 5, 7, 9]], kendall)


def test_it_refuses_hostile_text():
    for text in ("[" * 100_000 + "]" * 100_000, '{"pieces": ' + "9" * 5000 + "}", "x" * 300_000, "[]", "nul"):
        with pytest.raises(InvalidState):
            ur.state_from_json(text)


def test_a_state_with_a_wrong_piece_count_for_the_preset_is_refused():
    with pytest.raises(InvalidState, match="holds 7 pieces, not 10"):
        position("race.senet", [list(range(1, 14, 2)), list(range(2, 15, 2))], {"rules": "bell"})


def test_hooks_turn_is_open_only_while_a_move_is_due():
    s = ur.new_game()
    assert not ur.turn_is_open(s)
    moving = throw(s, 2)
    assert ur.turn_is_open(moving)
    assert not ur.turn_is_open(move(moving, 0, 2))
    assert ur.log_fields(moving) == {"throws": 1}


def test_hooks_board_info_gives_the_geometry():
    for key in KEYS:
        v = variant(key)
        info = v.board_info(v.validate_options({}))
        g = info["geometry"]
        assert set(g) == {"columns", "rows", "cells", "routes", "lines", "shape"}
        assert len(g["routes"]) == 2 and len(g["routes"][0]) == len(g["routes"][1])
        for cell in g["cells"]:
            assert 0 <= cell["x"] < g["columns"] and 0 <= cell["y"] < g["rows"]
        ids = range(len(g["cells"]))
        assert all(c in ids for route in g["routes"] for c in route)
        assert all(a in ids and b in ids for a, b in g["lines"])
        json.dumps(info)
    senet_cells = senet.board_info(senet.validate_options({}))["geometry"]["cells"]
    assert {c["mark"] for c in senet_cells} == {None, "ankh", "beauty", "water", "three", "two", "horus"}
    assert variant("race.58-holes").board_info(variant("race.58-holes").validate_options({}))["geometry"]["shape"] == "holes"


def test_the_game_ends_after_the_throw_limit_with_the_side_further_on_winning():
    # RC (ours): after MAX_THROWS throws the game ends at the turn's end; side 1 is further on
    s = position("race.ur", [[0] * 6 + [3], [0] * 6 + [9]], {"rules": "finkel"}, throws=MAX_THROWS - 1)
    end = throw(s, 0)
    assert end.phase == "over" and ur.outcome(end).how == "limit" and ur.outcome(end).winner == 1
    again = ur.state_from_json(end.to_json())
    assert again == end and ur.legal_actions(again) == []
    # one throw fewer: play goes on
    s = position("race.ur", [[0] * 6 + [3], [0] * 6 + [9]], {"rules": "finkel"}, throws=MAX_THROWS - 2)
    assert throw(s, 0).phase == "throw"


def test_describe_writes_throws_and_moves_in_the_games_notation():
    s = position("race.senet", [[28, 29, 30, 31, 31], [1, 3, 5, 7, 9]], {"rules": "kendall", "pieces": 5}, throw=3)
    assert senet.describe(s, {"from": 28, "to": 31}) == "28→off"
    assert senet.describe(s, {"throw": [0, 0, 0, 0]}) == "throw 0-0-0-0 = 5"
