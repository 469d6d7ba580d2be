"""Files of the ``race`` family added by the ``dice`` helper, checked on positions worked out by
hand.

- O-Pat-Kono (``race.o-pat-kono``, DLP ruleset 386): diagonal steps in any direction onto empty
  points (OK-3), the win by filling every starting point of the other side (OK-4, OK-5), and a
  player with no move passing (OK-6).
"""
from __future__ import annotations

from games.engine import get_variant
from games.engine.core import Action

KONO = "race.o-pat-kono"


def _state(v, board: dict, to_move: int = 0):
    data = v.new_game().to_json()
    data.update(board={k: [seat, "man", 1] for k, seat in board.items()}, to_move=to_move, turn=10)
    return v.state_from_json(data)


def _moves(v, s):
    return sorted((a["from"], a["to"]) for a in (x.to_json() for x in v.legal_actions(s)))


def test_kono_start_offers_the_forward_diagonals_only_onto_empty_points():
    v = get_variant(KONO)
    s = v.new_game()
    # White a1..e1, a2, e2: b2, c2 and d2 are the only empty points a diagonal step reaches
    # from the back row (a1-b2, b1-a2 is taken, b1-c2, c1-b2, c1-d2, d1-c2, e1-d2), and a2, e2
    # step up to b3 and d3 (a2-b1 and e2-d1 are taken).
    assert _moves(v, s) == sorted([("a1", "b2"), ("b1", "c2"), ("c1", "b2"), ("c1", "d2"),
                                   ("d1", "c2"), ("e1", "d2"), ("a2", "b3"), ("e2", "d3")])


def test_kono_a_piece_steps_back_diagonally_too():
    v = get_variant(KONO)
    s = _state(v, {"c3": 0, "a5": 1})
    assert _moves(v, s) == [("c3", "b2"), ("c3", "b4"), ("c3", "d2"), ("c3", "d4")]


def test_kono_filling_the_far_starting_points_wins():
    v = get_variant(KONO)
    far = ["a5", "b5", "c5", "d5", "e5", "a4"]
    board = {k: 0 for k in far} | {"d3": 0, "a1": 1, "c1": 1}
    s = _state(v, board)
    after = v.apply(s, Action({"from": "d3", "to": "e4"}))
    out = v.outcome(after)
    assert out is not None and out.winner == 0
    # One point short: no winner yet.
    after = v.apply(s, Action({"from": "d3", "to": "c4"}))
    assert v.outcome(after) is None


def test_kono_black_wins_by_filling_whites_starting_points():
    v = get_variant(KONO)
    home = ["a1", "b1", "c1", "d1", "e1", "a2"]
    board = {k: 1 for k in home} | {"d3": 1, "c5": 0}
    s = _state(v, board, to_move=1)
    out = v.outcome(v.apply(s, Action({"from": "d3", "to": "e2"})))
    assert out is not None and out.winner == 1


def test_kono_a_player_without_a_move_passes():
    v = get_variant(KONO)
    # White's only piece, on a1, is shut in by Black's on b2 (its only diagonal); Black moves on.
    s = _state(v, {"a1": 0, "b2": 1, "e5": 1})
    assert [a.to_json() for a in v.legal_actions(s)] == [{"pass": True}]
    assert v.outcome(s) is None
    after = v.apply(s, Action({"pass": True}))
    assert v.outcome(after) is None and v.to_move(after) == 1
