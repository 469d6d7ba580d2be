"""Achi after the DLP's "Wikipedia" ruleset (line.achi-wikipedia, DLP.GameRulesets.84), a sibling
of line.achi (Murray, DLP.GameRulesets.563), worked by hand from set positions.

The board is line.achi's: two concentric squares joined at the middles of their sides, sixteen
points named on a five-by-five grid: outer a1 c1 e1 / a3 e3 / a5 c5 e5, inner b2 c2 d2 / b3 d3
/ b4 c4 d4, the joining lines c1-c2, a3-b3, d3-e3, c5-c4. Six pieces each, placed then moved;
the first row of three wins (no piece is ever taken); a player blocked in loses; 200 turns draw.
"""
from __future__ import annotations

from games.engine.core import Action
from games.engine.rules import rules_variant

KEY = "line.achi-wikipedia"


def _v():
    return rules_variant(KEY)


def _state(board: dict, hands: tuple[int, int], to_move: int = 0, turn: int = 10):
    v = _v()
    data = v.new_game({}).to_json()
    data.update(board={k: [seat, "man", 1] for k, seat in board.items()},
                hands=[{"man": n} for n in hands], to_move=to_move, turn=turn,
                phase="place" if any(hands) else "move")
    return v.state_from_json(data)


def _moves(s) -> set[tuple]:
    return {(a.get("from"), a.get("to")) for a in _v().legal_actions(s)}


def test_the_game_starts_with_six_in_each_hand_and_white_places_anywhere():  # ACW-1, ACW-2, ACW-3
    v = _v()
    s = v.new_game({})
    data = s.to_json()
    assert data["board"] == {} and data["hands"] == [{"man": 6}, {"man": 6}] and data["to_move"] == 0
    # sixteen points, all empty: sixteen placings, none a step
    moves = _moves(s)
    assert len(moves) == 16 and all(f is None for f, _ in moves)
    assert {t for _, t in moves} == {"a1", "c1", "e1", "a3", "e3", "a5", "c5", "e5",
                                     "b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"}


def test_a_row_made_by_placing_wins_and_takes_nothing():  # ACW-5
    v = _v()
    # White a1 c1 and d4, Black b2 c2 b4; White to place its fourth piece.
    s = _state({"a1": 0, "c1": 0, "d4": 0, "b2": 1, "c2": 1, "b4": 1}, (3, 3))
    assert len(_moves(s)) == 10  # the ten empty points
    after = v.apply(s, Action({"to": "e1"}))
    out = v.outcome(after)
    assert out is not None and out.winner == 0
    # Murray's ruleset would now remove an enemy piece; here all three of Black's stay.
    board = after.to_json()["board"]
    assert sum(1 for p in board.values() if p[0] == 1) == 3
    assert after.to_json()["pending"] is None


def test_rows_run_only_along_the_sides_of_the_squares():  # ACW-1, ACW-5
    v = _v()
    # a3 b3 and d3 stand in one rank of the grid, but a3-b3 and d3-e3 are two joining lines, not one.
    s = _state({"a3": 0, "b3": 0, "a1": 1, "e5": 1}, (4, 4))
    assert v.outcome(v.apply(s, Action({"to": "d3"}))) is None
    # c1 c2 and c4: the joining lines hold two points each and c2-c4 is no line.
    s = _state({"c1": 0, "c2": 0, "a1": 1, "e5": 1}, (4, 4))
    assert v.outcome(v.apply(s, Action({"to": "c4"}))) is None
    # the inner square's side d2 d3 d4 is a row: White wins.
    s = _state({"d2": 0, "d4": 0, "a1": 1, "e5": 1}, (4, 4))
    out = v.outcome(v.apply(s, Action({"to": "d3"})))
    assert out is not None and out.winner == 0


def test_black_places_last_then_white_moves_first():  # ACW-3, ACW-4
    v = _v()
    # White's six are down (a1 e1 b3 d3 c4 c5 - no row), Black holds its sixth.
    board = {"a1": 0, "e1": 0, "b3": 0, "d3": 0, "c4": 0, "a5": 0,
             "c1": 1, "b2": 1, "d2": 1, "e3": 1, "e5": 1}
    s = _state(board, (0, 1), to_move=1, turn=11)
    empty = {"c2", "a3", "b4", "d4", "c5"}
    assert _moves(s) == {(None, t) for t in empty}
    after = v.apply(s, Action({"to": "c5"}))
    assert v.outcome(after) is None and after.to_json()["to_move"] == 0
    # White now steps one point along a line to an empty neighbour: a1 -> a3; b3 -> a3, b4;
    # d3 -> d4; c4 -> b4, d4 (c5 is Black's now); a5 -> a3; e1 is shut in by c1 and e3.
    assert _moves(after) == {("c4", "b4"), ("c4", "d4"), ("b3", "a3"), ("b3", "b4"),
                             ("a1", "a3"), ("a5", "a3"), ("d3", "d4")}


def test_a_row_made_by_moving_wins():  # ACW-4, ACW-5
    v = _v()
    # All placed, no rows: White a1 e1 b3 d3 c4 a5, Black c1 b2 d2 e3 e5 c5. White to move.
    board = {"a1": 0, "e1": 0, "b3": 0, "d3": 0, "c4": 0, "a5": 0,
             "c1": 1, "b2": 1, "d2": 1, "e3": 1, "e5": 1, "c5": 1}
    s = _state(board, (0, 0), to_move=0, turn=12)
    # b3 -> a3 fills the outer square's side a1 a3 a5: White wins.
    out = v.outcome(v.apply(s, Action({"from": "b3", "to": "a3"})))
    assert out is not None and out.winner == 0
    # c4 -> d4 makes no row (d2 is Black's, b4 empty): play goes on, Black to move.
    after = v.apply(s, Action({"from": "c4", "to": "d4"}))
    assert v.outcome(after) is None and after.to_json()["to_move"] == 1


def test_a_player_blocked_in_loses():  # ACW-6
    v = _v()
    # Black holds the inner square but for d2 and b4, White the middles of the outer sides
    # c1 e3 c5, with a1 about to come to a3, and d2 b4. After a1 -> a3 the empty points are the
    # four outer corners, each next only to White's pieces: Black cannot move and loses.
    board = {"c1": 0, "e3": 0, "c5": 0, "a1": 0, "d2": 0, "b4": 0,
             "b2": 1, "c2": 1, "d3": 1, "d4": 1, "c4": 1, "b3": 1}
    s = _state(board, (0, 0), to_move=0, turn=20)
    after = v.apply(s, Action({"from": "a1", "to": "a3"}))
    out = v.outcome(after)
    assert out is not None and out.winner == 0
    # c1 -> e1 instead (no row: e5 is empty) frees c1 for Black's c2: play goes on.
    after = v.apply(s, Action({"from": "c1", "to": "e1"}))
    assert v.outcome(after) is None and ("c2", "c1") in _moves(after)


def test_the_game_is_drawn_after_two_hundred_turns():  # ACW-7
    v = _v()
    board = {"a1": 0, "e1": 0, "b3": 0, "d3": 0, "c4": 0, "a5": 0,
             "c1": 1, "b2": 1, "d2": 1, "e3": 1, "e5": 1, "c5": 1}
    s = _state(board, (0, 0), to_move=1, turn=199)
    # Black can only step into c2: from c1 (which makes b2 c2 d2, a win), b2 or d2.
    assert _moves(s) == {("c1", "c2"), ("b2", "c2"), ("d2", "c2")}
    out = v.outcome(v.apply(s, Action({"from": "c1", "to": "c2"})))
    assert out is not None and out.winner == 1  # the row still wins on the last turn
    # d2 -> c2 makes no row; it is the 200th turn: the game is drawn.
    out = v.outcome(v.apply(s, Action({"from": "d2", "to": "c2"})))
    assert out is not None and out.winner is None
    # One turn earlier the same move leaves the game going.
    s = _state(board, (0, 0), to_move=1, turn=198)
    assert v.outcome(v.apply(s, Action({"from": "d2", "to": "c2"}))) is None
