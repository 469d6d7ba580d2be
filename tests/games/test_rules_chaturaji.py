"""Chaturaji (chess.chaturaji, DLP.GameRulesets.582) worked by hand, clause by clause, and the
pieces mechanic's parts it brought: ``pieces.KIND.points`` (a capture scores the piece's
points), ``end.kind = "alone"`` (one army left: the highest score wins) and the ``moves`` end's
``result = "score"``; a pass where no seat at all can move (``no-moves`` ``pass``, now with four
seats)."""
from __future__ import annotations

import random

import pytest

from games.engine.core import Action
from games.engine.rules import rules_variant
from games.engine.rules.game import random_playout
from games.engine.rules.loader import load_text
from games.engine.rules import pieces

KEY = "chess.chaturaji"
KNIGHT = {"horse_three": False, "horse_knight": True}


def state(board: dict, *, to_move=0, scores=(0, 0, 0, 0), throw=None, options=None) -> object:
    v = rules_variant(KEY)
    data = v.new_game(options or {}).to_json()
    data.update(board={k: list(x) for k, x in board.items()}, to_move=to_move, scores=list(scores), quiet=0,
                throw=None if throw is None else {"faces": [throw], "value": throw})
    return v.state_from_json(data)


def moves(s) -> list:
    v = rules_variant(KEY)
    return sorted((a["from"], a["to"]) if "from" in a else ("pass",) for a in (x.to_json() for x in v.legal_actions(s)))


def test_the_armies_stand_in_their_corners_and_green_throws_first():
    v = rules_variant(KEY)
    s = v.new_game({})
    board = s.to_json()["board"]
    assert len(board) == 32
    assert board["d1"] == [0, "king", 1] and board["h4"] == [1, "king", 1]
    assert board["e8"] == [2, "king", 1] and board["a5"] == [3, "king", 1]
    assert board["a1"] == [0, "ship", 1] and board["h8"] == [2, "ship", 1]
    assert [a.to_json() for a in v.legal_actions(s)] == [{"throw": [f]} for f in (2, 3, 4, 5)]


def test_the_throw_names_the_kind_that_moves():  # CJ-3
    v = rules_variant(KEY)
    s = v.apply(v.new_game({}), Action({"throw": [2]}))
    assert moves(s) == [("a1", "c3")]  # the ship leaps over its own pawn on b2
    s = v.apply(v.new_game({}), Action({"throw": [4]}))
    assert moves(s) == [("pass",)]  # the elephant is shut in: a pass
    s = v.apply(v.new_game({}), Action({"throw": [5]}))
    assert moves(s) == [("a2", "a3"), ("b2", "b3"), ("c2", "c3"), ("d1", "e1"), ("d1", "e2"), ("d2", "d3")]


def test_each_army_moves_towards_the_side_it_faces():  # CJ-2, CJ-6
    s = state({"d4": [1, "pawn", 1], "e4": [0, "king", 1], "c3": [0, "pawn", 1]}, to_move=1, throw=5)
    assert moves(s) == [("d4", "c3"), ("d4", "c4")]  # Red's pawn goes left, taking diagonally ahead
    s = state({"d4": [3, "pawn", 1], "e5": [0, "king", 1]}, to_move=3, throw=5)
    assert moves(s) == [("d4", "e4"), ("d4", "e5")]  # Yellow's goes right


def test_the_horse_leaps_three_diagonally_or_as_a_knight():  # CJ-8, CJ-8a
    board = {"d4": [0, "horse", 1], "e5": [1, "pawn", 1], "g7": [2, "pawn", 1], "a1": [3, "king", 1]}
    s = state(board, throw=3)
    assert moves(s) == [("d4", "a1"), ("d4", "a7"), ("d4", "g1"), ("d4", "g7")]
    s = state(board, throw=3, options=KNIGHT)
    assert len(moves(s)) == 8 and ("d4", "e6") in moves(s)


def test_the_elephant_slides_and_the_king_is_taken_like_any_piece():  # CJ-4, CJ-10
    s = state({"a1": [0, "elephant", 1], "a4": [1, "king", 1], "c1": [2, "pawn", 1], "h8": [3, "king", 1]}, throw=4)
    assert moves(s) == [("a1", "a2"), ("a1", "a3"), ("a1", "a4"), ("a1", "b1"), ("a1", "c1")]


def test_a_capture_scores_the_piece_taken():  # CJ-12
    v = rules_variant(KEY)
    s = state({"a1": [0, "elephant", 1], "a4": [1, "king", 1], "c1": [2, "pawn", 1], "h8": [3, "king", 1]},
              throw=4, scores=(3, 0, 0, 0))
    s = v.apply(s, Action({"from": "a1", "to": "a4"}))
    assert s.to_json()["scores"] == [8, 0, 0, 0]  # a king is 5
    s = state({"a1": [0, "elephant", 1], "a4": [1, "king", 1], "c1": [2, "pawn", 1], "h8": [3, "king", 1]}, throw=4)
    s = v.apply(s, Action({"from": "a1", "to": "c1"}))
    assert s.to_json()["scores"] == [1, 0, 0, 0]  # a pawn is 1


def test_when_one_army_is_left_the_highest_score_wins():  # CJ-12
    v = rules_variant(KEY)
    # Green takes Red's last piece: Green alone is left, but Black scored more
    s = state({"a1": [0, "elephant", 1], "a4": [1, "pawn", 1]}, throw=4, scores=(4, 0, 9, 2))
    s = v.apply(s, Action({"from": "a1", "to": "a4"}))
    assert s.to_json()["over"] == {"winner": 2, "how": "alone"}  # the seat (the play layer's side is 1: not the first seat)
    s = state({"a1": [0, "elephant", 1], "a4": [1, "pawn", 1]}, throw=4, scores=(8, 0, 9, 2))
    s = v.apply(s, Action({"from": "a1", "to": "a4"}))
    assert s.to_json()["over"] == {"winner": None, "how": "alone"}  # 9 and 9: a draw


def test_a_player_with_no_pieces_passes():  # CJ-13
    v = rules_variant(KEY)
    s = state({"a1": [0, "elephant", 1], "h8": [2, "king", 1]}, to_move=1)
    s = v.apply(s, Action({"throw": [5]}))
    assert moves(s) == [("pass",)]
    s = v.apply(s, Action({"pass": True}))
    assert s.to_json()["to_move"] == 2


def test_a_pawn_on_the_far_edge_becomes_the_piece_its_player_chooses():  # CJ-11
    v = rules_variant(KEY)
    s = state({"b6": [1, "pawn", 1], "h8": [0, "king", 1], "h1": [2, "king", 1]}, to_move=1, throw=5)
    got = [a.to_json() for a in v.legal_actions(s)]
    assert {"from": "b6", "to": "a6", "promote": "king"} in got
    assert {a.get("promote") for a in got} == {"ship", "horse", "elephant", "king"}


def test_the_new_elements_refuse_bad_values():
    base = """key = "war.t"
title = "t"
mechanic = "pieces"
game = { dlp = 0, name = "t" }
ruleset = { dlp = 0, name = "t" }
players = 2
sides = ["A", "B"]
[[clause]]
id = "T-1"
text = "t"
board = { shape = "grid", size = [3, 3] }
setup = { place = [{ seat = 0, piece = "k", at = "a1" }, { seat = 1, piece = "k", at = "c3" }] }
move = { kind = "step", pieces = ["k"], dirs = "all", to = "empty-or-enemy" }
"""
    with pytest.raises(Exception, match="points: must be a whole number 0 to 1000"):
        pieces.compile(load_text(base + 'pieces = { k = { points = -1 } }\n', "war/t.toml"))
    with pytest.raises(Exception, match="must be score or win"):
        pieces.compile(load_text(base + 'pieces = { k = {} }\nend = { kind = "alone", result = "loss" }\n', "war/t.toml"))
    g = pieces.compile(load_text(base + 'pieces = { k = { points = 7 } }\nend = { kind = "alone" }\n', "war/t.toml"))
    assert g.points == {0: 7}


@pytest.mark.parametrize("options", [{}, KNIGHT])
def test_random_games_end_by_the_rules_or_the_guard(options):
    v = rules_variant(KEY)
    hows = set()
    for seed in range(6):
        rng = random.Random(seed)
        sim = v.fast(v.new_game(options))
        assert random_playout(sim, rng, 50_000) < 50_000
        hows.add(sim.outcome().how)
    assert hows <= {"alone", "move-limit"}
