"""Constructs added by helper capline, worked out by hand from set positions.

- ``end`` ``line`` with ``not_start = "any"`` (a row with any site among the owner's starting
  sites does not count) and ``dirs`` (only rows along these count): Dai Hasami Shogi;
- ``place`` with ``drop = true`` (only onto the lowest empty square of a column): Connect Four;
- ``end`` ``enclosed`` with ``to`` and ``dirs`` (no path to that region): Shi Liu Kan Tsiang Kun;
- ``constraint`` ``closed_when_empty`` (a region left empty is out of play): Tuknanavuhpi.
"""
from __future__ import annotations

from games.engine.core import Action
from tests.games.rules_text import clause as _clause
from tests.games.rules_text import compile_example

HEAD = """\
key = "line.example"
title = "Example"
mechanic = "pieces"
game = { dlp = 393, name = "Dai Hasami Shogi" }
ruleset = { dlp = 0, name = "Ours" }
source = "dlp-2020"
locator = "DLP.GameRulesets.410"
"""


def _state(v, board: dict, to_move: int = 0):
    data = v.new_game().to_json()
    data.update(board={k: [seat, "p", 1] for k, seat in board.items()}, to_move=to_move, turn=10)
    return v.state_from_json(data)


OUTSIDE_ROWS = (
    _clause(1, 'board = { shape = "grid", size = [5, 5] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "rank1", mirror = "rotate" } ] }')
    + _clause(3, 'move = { kind = "step", dirs = "all" }')
    + _clause(4, 'end = { kind = "line", length = 3, dirs = "orthogonal", not_start = "any" }')
)


def test_a_row_touching_the_starting_row_or_diagonal_does_not_win(tmp_path):
    v = compile_example(tmp_path, "line", HEAD, OUTSIDE_ROWS)
    # White a1 a2 and b3: b3 to a3 makes the column a1 a2 a3, which has a1, a starting
    # site: no win (not_start = true would count it, the row not wholly on starting sites).
    s = _state(v, {"a1": 0, "a2": 0, "b3": 0, "a5": 1, "e5": 1})
    assert v.outcome(v.apply(s, Action({"from": "b3", "to": "a3"}))) is None
    # White b2 c3 d3: d3 to d4 makes the diagonal b2 c3 d4, off the starting row, but only
    # rows and columns count: no win.
    s = _state(v, {"b2": 0, "c3": 0, "d3": 0, "a5": 1, "e5": 1})
    assert v.outcome(v.apply(s, Action({"from": "d3", "to": "d4"}))) is None
    # White a2 b2 c1: c1 to c2 makes a2 b2 c2, no starting site among them: White wins.
    s = _state(v, {"a2": 0, "b2": 0, "c1": 0, "a5": 1, "e5": 1})
    out = v.outcome(v.apply(s, Action({"from": "c1", "to": "c2"})))
    assert out is not None and out.winner == 0


DROP = (
    _clause(1, 'board = { shape = "grid", size = [3, 3] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 5 }, { seat = 1, piece = "p", count = 4 } ] }')
    + _clause(3, 'move = { kind = "place", drop = true }')
    + _clause(4, 'end = { kind = "line", length = 3 }')
)


def test_a_dropped_disc_falls_to_the_lowest_empty_square(tmp_path):
    v = compile_example(tmp_path, "line", HEAD, DROP)
    s = v.new_game()
    # On an empty grid only the bottom row takes a disc: a1 b1 c1.
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["a1", "b1", "c1"]
    # White a1 a2, Black b1: column a's next is a3, b's b2, c's c1.
    data = s.to_json()
    data.update(board={"a1": [0, "p", 1], "a2": [0, "p", 1], "b1": [1, "p", 1]}, to_move=0, turn=3,
                hands=[{"p": 3}, {"p": 3}])
    s = v.state_from_json(data)
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["a3", "b2", "c1"]
    out = v.outcome(v.apply(s, Action({"to": "a3"})))
    assert out is not None and out.winner == 0


# A square of 3x3 points (rows and columns) with a pocket above its top middle: p1 off b3, p2
# above p1. The general (seat 0) is shut in the pocket when no path of empty points along
# the lines leads from it to the square.
POCKET = (
    _clause(1, 'board = { shape = "graph", sites = [ ["a1", 0, 0], ["b1", 1, 0], ["c1", 2, 0], ["a2", 0, 1], '
               '["b2", 1, 1], ["c2", 2, 1], ["a3", 0, 2], ["b3", 1, 2], ["c3", 2, 2], ["p1", 1, 3], ["p2", 1, 4] ], '
               'edges = [ ["a1", "b1"], ["b1", "c1"], ["a2", "b2"], ["b2", "c2"], ["a3", "b3"], ["b3", "c3"], '
               '["a1", "a2"], ["a2", "a3"], ["b1", "b2"], ["b2", "b3"], ["c1", "c2"], ["c2", "c3"], '
               '["b3", "p1"], ["p1", "p2"] ], regions = { square = "a1 b1 c1 a2 b2 c2 a3 b3 c3", pocket = "p1 p2" } }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "b2" }, { seat = 1, piece = "p", at = "a1 c1" } ] }')
    + _clause(3, 'move = { kind = "step", dirs = "all" }')
    + _clause(4, 'end = { kind = "enclosed", seat = 0, to = "square", dirs = "all" }')
    + _clause(5, 'end = { kind = "no-moves", result = "pass" }')
)


def test_a_piece_shut_in_a_region_loses(tmp_path):
    v = compile_example(tmp_path, "war", HEAD.replace('"line.example"', '"war.example"'), POCKET)
    # The general on p2, soldiers a3 and c3: a3 to b3 closes
    # the pocket's only way out: the general is shut in and seat 1 wins.
    s = _state(v, {"p2": 0, "a3": 1, "c3": 1}, to_move=1)
    out = v.outcome(v.apply(s, Action({"from": "a3", "to": "b3"})))
    assert out is not None and out.winner == 1
    # A soldier moving elsewhere leaves b3 open: play goes on.
    assert v.outcome(v.apply(s, Action({"from": "a3", "to": "a2"}))) is None
    # The general in the square, hemmed in or not, is not shut in the pocket: b2 with
    # soldiers all round it (a2 c2 b1 b3) after c3 to b3 only passes (clause 5).
    s = _state(v, {"b2": 0, "a2": 1, "c2": 1, "b1": 1, "c3": 1}, to_move=1)
    assert v.outcome(v.apply(s, Action({"from": "c3", "to": "b3"}))) is None


BACK_LINES = (
    _clause(1, 'board = { shape = "grid", size = [3, 4], regions = { back0 = "a1 b1 c1", back1 = "a4 b4 c4" } }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "b1" }, { seat = 1, piece = "p", at = "b4" } ] }')
    + _clause(3, 'move = { kind = "step", dirs = "all" }')
    + _clause(4, 'constraint = { closed_when_empty = ["back0", "back1"] }')
)


def test_a_vacated_back_line_is_out_of_play(tmp_path):
    v = compile_example(tmp_path, "war", HEAD.replace('"line.example"', '"war.example"'), BACK_LINES)
    # White on b1 (its back line still held): a1 c1 along the line, a2 b2 c2 forward: 5.
    s = _state(v, {"b1": 0, "b4": 1})
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["a1", "a2", "b2", "c1", "c2"]
    # White on b2, its back line empty: a1 b1 c1 are out of play; a2 c2 a3 b3 c3 remain.
    s = _state(v, {"b2": 0, "b4": 1})
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["a2", "a3", "b3", "c2", "c3"]
    # Black's back line, held by b4, stays open to White: from b3, a4 and c4 are open.
    s = _state(v, {"b3": 0, "b4": 1})
    assert "a4" in [a["to"] for a in v.legal_actions(s)]
