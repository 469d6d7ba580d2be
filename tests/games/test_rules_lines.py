"""The pieces mechanic's constructs for the n-in-a-row and blocking games (Squava, Yavalath,
Tant Fant, Mu Torere, Dara, NoGo...): legal-move counts and ends from set positions, worked out by hand.

- ``end`` ``line`` with ``result = "loss"`` (a row of three loses, judged after the row of
  four that wins), ``not_start = true`` (the row the pieces started in does not count) and
  ``exact = true`` (a row longer than ``length`` does not count);
- ``move`` with ``beside = "enemy"`` (only a piece next to an enemy moves so: Mu Torere's
  putahi) and ``constraint`` ``leave_move = N`` (only on the first N turns);
- ``place`` with ``touching`` (Spots, Snowpaque) and ``first_turn`` (Connect6);
- ``place`` with ``beside_last`` (Blue Nile);
- ``constraint`` ``no_line`` (Dara, Dra) and ``liberties`` (NoGo); ``capture`` ``line`` with
  ``dirs``, ``exact`` and ``placing = false`` (Dra); ``capture`` ``enclose`` with
  ``liberties`` along given directions (Pentalath); ``place`` ``fill_first`` and ``capture``
  ``line`` ``leaving`` (Dala); ``move`` ``not_in_row``, ``no_line`` lists and ``end`` ``rows``
  (Shiva); ``end`` ``smothered`` and ``move`` ``while = "any"`` (Susan).
"""
from __future__ import annotations

from games.engine.core import Action
from tests.games.rules_text import clause as _clause
from tests.games.rules_text import compile_example

HEAD = """\
key = "line.example"
title = "Example"
mechanic = "pieces"
game = { dlp = 380, name = "Squava" }
ruleset = { dlp = 0, name = "Ours" }
source = "dlp-2020"
locator = "DLP.GameRulesets.398"
"""


def _compile(tmp_path, clauses: str):
    return compile_example(tmp_path, "line", HEAD, clauses)


def _state(v, board: dict, to_move: int = 0, hands=None):
    data = v.new_game().to_json()
    data.update(board={k: [seat, "p", 1] for k, seat in board.items()}, to_move=to_move, turn=10)
    if hands is not None:
        data.update(hands=[{"p": n} for n in hands])
    return v.state_from_json(data)


SQUAVA = (
    _clause(1, 'board = { shape = "grid", size = [5, 5] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 13 }, { seat = 1, piece = "p", count = 12 } ] }')
    + _clause(3, 'move = { kind = "place" }')
    + _clause(4, 'end = { kind = "line", length = 4 }')
    + _clause(5, 'end = { kind = "line", length = 3, result = "loss" }')
    + _clause(6, 'end = { kind = "no-moves", result = "draw" }')
)


def test_three_in_a_row_loses_four_wins(tmp_path):
    v = _compile(tmp_path, SQUAVA)
    # White a1 b1, Black a5 b5 e5; White to place, 20 empty squares.
    s = _state(v, {"a1": 0, "b1": 0, "a5": 1, "b5": 1, "e5": 1}, hands=[11, 9])
    assert len(v.legal_actions(s)) == 20
    # c1 makes a row of three: White loses.
    out = v.outcome(v.apply(s, Action({"to": "c1"})))
    assert out is not None and out.winner == 1
    # d1 makes no row: play goes on.
    assert v.outcome(v.apply(s, Action({"to": "d1"}))) is None
    # With d1 down too, c1 makes four at once (and threes within it): White wins.
    s = _state(v, {"a1": 0, "b1": 0, "d1": 0, "a5": 1, "b5": 1, "e5": 1}, hands=[10, 9])
    assert len(v.legal_actions(s)) == 19
    out = v.outcome(v.apply(s, Action({"to": "c1"})))
    assert out is not None and out.winner == 0


TANT_FANT = (
    _clause(1, 'board = { shape = "alquerque", size = [3, 3] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "rank1", mirror = "rotate" } ] }')
    + _clause(3, 'move = { kind = "step", dirs = "all" }')
    + _clause(4, 'end = { kind = "line", length = 3, not_start = true }')
)


def test_the_starting_row_does_not_win(tmp_path):
    v = _compile(tmp_path, TANT_FANT)
    s = v.new_game()
    # From the start White's a1 and c1 step up (a2; c2), b1 up or diagonally (a2 b2 c2): 5.
    assert v.outcome(s) is None and len(v.legal_actions(s)) == 5
    # White a1 c1 on its starting row and b2, Black a3 b3 c3: b2 back to b1 makes the
    # starting row again, which does not win.
    s = _state(v, {"a1": 0, "c1": 0, "b2": 0, "a3": 1, "b3": 1, "c3": 1})
    # b2 goes to a2, b1 or c2; a1 to a2 or b1; c1 to b1 or c2: 7.
    assert len(v.legal_actions(s)) == 7
    assert v.outcome(v.apply(s, Action({"from": "b2", "to": "b1"}))) is None
    # White a2 b2 and c1: c1 to c2 makes the middle row, not a starting row: White wins.
    s = _state(v, {"a2": 0, "b2": 0, "c1": 0, "a3": 1, "b3": 1, "c3": 1})
    out = v.outcome(v.apply(s, Action({"from": "c1", "to": "c2"})))
    assert out is not None and out.winner == 0


GOMOKU = (
    _clause(1, 'board = { shape = "grid", size = [7, 2] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 4 }, { seat = 1, piece = "p", count = 3 } ] }')
    + _clause(3, 'move = { kind = "place" }')
    + _clause(4, 'end = { kind = "line", length = 3, exact = true }')
    + _clause(5, 'end = { kind = "no-moves", result = "draw" }')
)


def test_an_overline_does_not_win(tmp_path):
    v = _compile(tmp_path, GOMOKU)
    # Seven by two: White a1 b1 d1 e1, Black g1; White to place on c1, f1 or the second rank: 9.
    s = _state(v, {"a1": 0, "b1": 0, "d1": 0, "e1": 0, "g1": 1}, hands=[1, 2])
    assert len(v.legal_actions(s)) == 9
    # c1 makes a row of five, longer than three: no win, and play goes on.
    assert v.outcome(v.apply(s, Action({"to": "c1"}))) is None
    # White b1 c1, Black a1: d1 makes exactly three (a1 is Black's, e1 empty): White wins.
    s = _state(v, {"b1": 0, "c1": 0, "a1": 1}, hands=[2, 2])
    out = v.outcome(v.apply(s, Action({"to": "d1"})))
    assert out is not None and out.winner == 0


STAR = (
    _clause(1, 'board = { shape = "graph", sites = [ ["o", 0, 0], ["n", 0, 2], ["ne", 1.4, 1.4], ["e", 2, 0], '
               '["se", 1.4, -1.4], ["s", 0, -2], ["sw", -1.4, -1.4], ["w", -2, 0], ["nw", -1.4, 1.4] ], '
               'edges = [ ["o", "n"], ["o", "ne"], ["o", "e"], ["o", "se"], ["o", "s"], ["o", "sw"], ["o", "w"], ["o", "nw"] ], '
               'lines = [ ["n", "ne", "e", "se", "s", "sw", "w", "nw", "n"] ], regions = { centre = "o", ring = "n ne e se s sw w nw" } }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "n nw w sw" }, '
                 '{ seat = 1, piece = "p", at = "ne e se s" } ] }')
    + _clause(6, 'end = { kind = "no-moves", result = "loss" }')
)


def test_into_the_centre_only_from_beside_an_enemy(tmp_path):
    v = _compile(tmp_path, STAR
                 + _clause(3, 'move = { kind = "step", dirs = "all", avoid = ["centre"] }')
                 + _clause(4, 'move = { kind = "step", dirs = "all", avoid = ["ring"], beside = "enemy" }'))
    s = v.new_game()
    # The ring is full: only into the centre, and only n (beside ne) and sw (beside s): 2.
    assert sorted(a["from"] for a in v.legal_actions(s)) == ["n", "sw"]
    s = v.apply(s, Action({"from": "n", "to": "o"}))
    # Black: only into n, from ne (o is taken now): 1.
    assert [(a["from"], a["to"]) for a in v.legal_actions(s)] == [("ne", "n")]
    s = v.apply(s, Action({"from": "ne", "to": "n"}))
    # White: o out to ne (its only empty neighbour); nw, w, sw have no empty neighbour: 1.
    assert [(a["from"], a["to"]) for a in v.legal_actions(s)] == [("o", "ne")]


def test_the_first_move_must_leave_a_move(tmp_path):
    v = _compile(tmp_path, STAR
                 + _clause(3, 'move = { kind = "step", dirs = "all" }')
                 + _clause(4, 'constraint = { leave_move = 1 }'))
    s = v.new_game()
    # Any of White's four may step into the centre, but nw or w there leaves Black no move: 2.
    assert sorted(a["from"] for a in v.legal_actions(s)) == ["n", "sw"]
    # The same position later in a game (turn 10): no restriction, all four: 4.
    start = {"n": 0, "nw": 0, "w": 0, "sw": 0, "ne": 1, "e": 1, "se": 1, "s": 1}
    s = _state(v, start)
    assert sorted(a["from"] for a in v.legal_actions(s)) == ["n", "nw", "sw", "w"]
    # w into the centre now blocks Black, who loses.
    out = v.outcome(v.apply(s, Action({"from": "w", "to": "o"})))
    assert out is not None and out.winner == 0


def test_placing_by_the_number_of_marked_neighbours(tmp_path):
    board = _clause(1, 'board = { shape = "grid", size = [3, 3] }')
    rest = (_clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 5 }, { seat = 1, piece = "p", count = 5 } ] }')
            + _clause(4, 'end = { kind = "no-moves", result = "loss" }'))
    # touching = 0 (Spots): on a three by three grid, neighbours along the eight directions.
    v = _compile(tmp_path, board + _clause(3, 'move = { kind = "place", touching = 0 }') + rest)
    assert len(v.legal_actions(v.new_game())) == 9
    # A mark on a1 rules out a2 b1 b2: five left.
    s = _state(v, {"a1": 0}, to_move=1, hands=[4, 5])
    assert len(v.legal_actions(s)) == 5
    # Marks on a1 and c3: only c1 and a3 touch neither: 2.
    s = _state(v, {"a1": 0, "c3": 1}, hands=[4, 4])
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["a3", "c1"]
    # touching = 1 (Snowpaque): anywhere on the empty board, then beside exactly one mark.
    v = _compile(tmp_path, board + _clause(3, 'move = { kind = "place", touching = 1 }') + rest)
    assert len(v.legal_actions(v.new_game())) == 9
    # a1 and c1 marked: b1 and b2 touch both; a2 (a1) and c2 (c1) touch one; a3, b3, c3 none.
    s = _state(v, {"a1": 0, "c1": 1}, hands=[4, 4])
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["a2", "c2"]


def test_two_stones_a_turn_but_one_at_the_first(tmp_path):
    v = _compile(tmp_path, _clause(1, 'board = { shape = "grid", size = [3, 3] }')
                 + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 5 }, { seat = 1, piece = "p", count = 4 } ] }')
                 + _clause(3, 'move = { kind = "place", per_turn = 2, first_turn = 1 }')
                 + _clause(4, 'end = { kind = "no-moves", result = "draw" }'))
    s = v.new_game()
    assert len(v.legal_actions(s)) == 9
    # The first player's first turn is one stone: the second player is to place next, on 8.
    s = v.apply(s, Action({"to": "b2"}))
    assert s.to_json()["to_move"] == 1 and len(v.legal_actions(s)) == 8
    # The second player places two, then the first two, then the second again.
    s = v.apply(s, Action({"to": "a1"}))
    assert s.to_json()["to_move"] == 1 and len(v.legal_actions(s)) == 7
    s = v.apply(s, Action({"to": "c1"}))
    assert s.to_json()["to_move"] == 0 and len(v.legal_actions(s)) == 6
    s = v.apply(s, Action({"to": "a3"}))
    assert s.to_json()["to_move"] == 0
    s = v.apply(s, Action({"to": "c3"}))
    assert s.to_json()["to_move"] == 1 and len(v.legal_actions(s)) == 4


def test_no_row_of_three_while_placing(tmp_path):
    v = _compile(tmp_path, _clause(1, 'board = { shape = "grid", size = [4, 3] }')
                 + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 6 }, { seat = 1, piece = "p", count = 6 } ] }')
                 + _clause(3, 'move = { kind = "place" }')
                 + _clause(4, 'move = { kind = "step", dirs = "orthogonal", while = "no-hand" }')
                 + _clause(5, 'constraint = { no_line = { length = 3, dirs = "orthogonal", placing = true } }'))
    # White a1 b1, Black a3 d3; White to place on the 8 empty squares but c1 (a row of three): 7.
    s = _state(v, {"a1": 0, "b1": 0, "a3": 1, "d3": 1}, hands=[4, 4])
    acts = sorted(a["to"] for a in v.legal_actions(s))
    assert len(acts) == 7 and "c1" not in acts
    # A diagonal row is not barred: White a1 b2, c3 is open.
    s = _state(v, {"a1": 0, "b2": 0, "a3": 1, "d3": 1}, hands=[4, 4])
    assert "c3" in {a["to"] for a in v.legal_actions(s)}
    # Moving is not barred (placing = true): White a1 b1 c2, hands empty: c2 to c1 is open.
    s = _state(v, {"a1": 0, "b1": 0, "c2": 0, "a3": 1, "d3": 1}, hands=[0, 0])
    assert ("c2", "c1") in {(a["from"], a["to"]) for a in v.legal_actions(s)}


DRA = (
    _clause(1, 'board = { shape = "grid", size = [5, 3] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 5 }, { seat = 1, piece = "p", count = 5 } ] }')
    + _clause(3, 'move = { kind = "place" }')
    + _clause(4, 'move = { kind = "step", dirs = "orthogonal", while = "no-hand" }')
    + _clause(5, 'capture = { kind = "line", length = 3, dirs = "orthogonal", exact = true, placing = false }')
)


def test_a_row_of_exactly_three_made_by_moving_takes(tmp_path):
    v = _compile(tmp_path, DRA)
    # White a1 b1 c2, Black c3 e3 e2: c2 to c1 makes a1 b1 c1: White removes one of Black's 3.
    s = _state(v, {"a1": 0, "b1": 0, "c2": 0, "c3": 1, "e3": 1, "e2": 1}, hands=[0, 0])
    s = v.apply(s, Action({"from": "c2", "to": "c1"}))
    assert s.to_json()["to_move"] == 0 and sorted(a["remove"] for a in v.legal_actions(s)) == ["c3", "e2", "e3"]
    # With d1 White's too the row is four long: nothing is taken, Black is to move.
    s = _state(v, {"a1": 0, "b1": 0, "c2": 0, "d1": 0, "c3": 1, "e3": 1, "e2": 1}, hands=[0, 0])
    s = v.apply(s, Action({"from": "c2", "to": "c1"}))
    assert s.to_json()["to_move"] == 1
    # A diagonal row takes nothing (dirs = orthogonal): White a1 b2, c2 to c3 (c3 empty here).
    s = _state(v, {"a1": 0, "b2": 0, "c2": 0, "e3": 1, "e2": 1}, hands=[0, 0])
    s = v.apply(s, Action({"from": "c2", "to": "c3"}))
    assert s.to_json()["to_move"] == 1
    # A row made by placing takes nothing (placing = false).
    s = _state(v, {"a1": 0, "b1": 0, "e3": 1, "e2": 1}, hands=[1, 1])
    s = v.apply(s, Action({"to": "c1"}))
    assert s.to_json()["to_move"] == 1


def test_every_group_keeps_a_liberty(tmp_path):
    v = _compile(tmp_path, _clause(1, 'board = { shape = "grid", size = [3, 3] }')
                 + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 5 }, { seat = 1, piece = "p", count = 4 } ] }')
                 + _clause(3, 'move = { kind = "place" }\nconstraint = { liberties = true }')
                 + _clause(4, 'end = { kind = "no-moves", result = "loss" }'))
    # Black (seat 0) b1, White a1: a2 would leave White's a1 without a liberty: 7 empty, 6 legal.
    s = _state(v, {"b1": 0, "a1": 1}, hands=[4, 3])
    acts = sorted(a["to"] for a in v.legal_actions(s))
    assert len(acts) == 6 and "a2" not in acts
    # Black a2 and b1, White to place: a1 would be a White stone without a liberty: 6 legal.
    s = _state(v, {"a2": 0, "b1": 0}, to_move=1, hands=[3, 4])
    acts = sorted(a["to"] for a in v.legal_actions(s))
    assert len(acts) == 6 and "a1" not in acts
    # White a1 b1 (its one liberty a2), Black b2 c1 a3, White to place on a2 b3 c2 c3: a2 fills
    # White's own last liberty, c2 takes Black's c1's last; b3 and c3 leave every group free: 2.
    s = _state(v, {"a1": 1, "b1": 1, "b2": 0, "c1": 0, "a3": 0}, to_move=1, hands=[2, 2])
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["b3", "c3"]


def test_placing_next_to_the_last_stone_and_no_other(tmp_path):
    v = _compile(tmp_path, _clause(1, 'board = { shape = "grid", size = [4, 2] }')
                 + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 4 }, { seat = 1, piece = "p", count = 4 } ] }')
                 + _clause(3, 'move = { kind = "place", touching = 1, beside_last = true }')
                 + _clause(4, 'end = { kind = "no-moves", result = "loss" }'))
    s = v.new_game()
    # Anywhere on the empty four by two board: 8.
    assert len(v.legal_actions(s)) == 8
    s = v.apply(s, Action({"to": "a1"}))
    # Next to a1 (a2, b1, b2 along the eight directions), each touching only a1: 3.
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["a2", "b1", "b2"]
    s = v.apply(s, Action({"to": "b1"}))
    # Next to b1: a2 and b2 touch a1 too; c1, c2 touch b1 only: 2.
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["c1", "c2"]
    # The last stone survives the state's JSON.
    s = v.state_from_json(v.apply(s, Action({"to": "c2"})).to_json())
    # Next to c2: b2 touches a1 b1 c2, c1 touches b1, d1 and d2 touch c2 only: 2.
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["d1", "d2"]


def test_groups_without_freedom_are_taken(tmp_path):
    v = _compile(tmp_path, _clause(1, 'board = { shape = "grid", size = [3, 3] }')
                 + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 5 }, { seat = 1, piece = "p", count = 5 } ] }')
                 + _clause(3, 'move = { kind = "place" }\ncapture = { kind = "enclose", dirs = "orthogonal" }')
                 + _clause(4, 'constraint = { liberties = "orthogonal" }'))
    # Black (seat 1) b1 and a2, White c1: a1 touches only Black stones, and b1 keeps b2: a1 is
    # barred; the other five empty points are open.
    s = _state(v, {"b1": 1, "a2": 1, "c1": 0}, hands=[4, 3])
    acts = sorted(a["to"] for a in v.legal_actions(s))
    assert acts == ["a3", "b2", "b3", "c2", "c3"]
    # With White on b2 too, a1 takes b1 (its last freedom) and so has one: open, and b1 goes.
    s = _state(v, {"b1": 1, "a2": 1, "c1": 0, "b2": 0}, hands=[3, 3])
    assert "a1" in {a["to"] for a in v.legal_actions(s)}
    board = v.apply(s, Action({"to": "a1"})).to_json()["board"]
    assert "b1" not in board and board["a2"][0] == 1


def test_the_central_four_first_and_a_row_left_behind(tmp_path):
    v = _compile(tmp_path, _clause(1, 'board = { shape = "grid", size = [5, 4] }')
                 + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 5 }, { seat = 1, piece = "p", count = 5 } ] }')
                 + _clause(3, 'move = { kind = "place", fill_first = "b2 c2 b3 c3" }')
                 + _clause(4, 'move = { kind = "step", dirs = "orthogonal", while = "no-hand" }')
                 + _clause(5, 'capture = { kind = "line", length = 3, dirs = "orthogonal", exact = true, leaving = true }'))
    s = v.new_game()
    # The game's first four placings go to the four central squares.
    for n in (4, 3, 2, 1):
        assert len(v.legal_actions(s)) == n
        s = v.apply(s, Action({"to": v.legal_actions(s)[0]["to"]}))
    assert len(v.legal_actions(s)) == 16
    # White a1 b1 c1 d1, a row of exactly four; Black e4 a4. a1 up to a2 leaves b1 c1 d1: a take.
    s = _state(v, {"a1": 0, "b1": 0, "c1": 0, "d1": 0, "e4": 1, "a4": 1}, hands=[0, 0])
    s = v.apply(s, Action({"from": "a1", "to": "a2"}))
    assert s.to_json()["to_move"] == 0 and sorted(a["remove"] for a in v.legal_actions(s)) == ["a4", "e4"]
    # b1 up to b2 splits the row (a1 | c1 d1): nothing taken, Black to move.
    s = _state(v, {"a1": 0, "b1": 0, "c1": 0, "d1": 0, "e4": 1, "a4": 1}, hands=[0, 0])
    assert v.apply(s, Action({"from": "b1", "to": "b2"})).to_json()["to_move"] == 1


SHIVA = (
    _clause(1, 'board = { shape = "grid", size = [5, 3] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 4 }, { seat = 1, piece = "p", count = 4 } ] }')
    + _clause(3, 'move = { kind = "place" }')
    + _clause(4, 'move = { kind = "step", dirs = "orthogonal", while = "no-hand", not_in_row = { length = 3, dirs = "orthogonal" } }')
    + _clause(5, 'constraint = { no_line = [ { length = 3, dirs = "orthogonal", placing = true }, { length = 4, dirs = "orthogonal" } ] }')
    + _clause(6, 'end = { kind = "rows", count = 3, length = 3, dirs = "orthogonal", alone = true }')
)


def _scored(v, board, scores, hands):
    data = _state(v, board, hands=hands).to_json()
    data["scores"] = scores
    return v.state_from_json(data)


def test_rows_that_stand_fast_and_three_rows_win(tmp_path):
    v = _compile(tmp_path, SHIVA)
    # Placing: a1 b1 White's; c1 would make a row of three: 15 - 3 empty, c1 barred: 11.
    s = _state(v, {"a1": 0, "b1": 0, "e3": 1}, hands=[2, 3])
    acts = sorted(a["to"] for a in v.legal_actions(s))
    assert len(acts) == 11 and "c1" not in acts
    # Moving: White a1 b1 c2 d1, two rows made before, Black e3 none: c2 to c1 would make four
    # (barred); c2 goes to b2, c3 or d2; a1 to a2; b1 to b2 or c1; d1 to c1, d2 or e1: 9.
    board = {"a1": 0, "b1": 0, "c2": 0, "d1": 0, "e3": 1}
    s = _scored(v, board, [2, 0], [0, 0])
    acts = {(a["from"], a["to"]) for a in v.legal_actions(s)}
    assert len(acts) == 9 and ("c2", "c1") not in acts
    # Without d1: c2 to c1 makes the third row, Black has none: White wins.
    board = {"a1": 0, "b1": 0, "c2": 0, "e3": 1}
    out = v.outcome(v.apply(_scored(v, board, [2, 0], [0, 0]), Action({"from": "c2", "to": "c1"})))
    assert out is not None and out.winner == 0
    # Black has made a row: the third is no win (alone), and a1 b1 c1 now stand fast: Black's
    # e3 moves (e2, d3), White's none of a1 b1 c1.
    s = v.apply(_scored(v, board, [2, 1], [0, 0]), Action({"from": "c2", "to": "c1"}))
    assert v.outcome(s) is None and s.to_json()["scores"] == [3, 1]
    s = v.apply(s, Action({"from": "e3", "to": "e2"}))
    assert v.legal_actions(s) == []


def test_a_piece_shut_in_loses_or_wins(tmp_path):
    v = _compile(tmp_path, _clause(1, 'board = { shape = "grid", size = [3, 3] }')
                 + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 5 }, { seat = 1, piece = "p", count = 5 } ] }')
                 + _clause(3, 'move = { kind = "place" }')
                 + _clause(4, 'move = { kind = "step", dirs = "all", while = "any" }')
                 + _clause(5, 'end = { kind = "smothered" }'))
    # Black a1, White a2 b1, hands not empty: 6 placings and 6 slides (while = any).
    s = _state(v, {"a1": 1, "a2": 0, "b1": 0}, hands=[3, 4])
    acts = v.legal_actions(s)
    assert len([a for a in acts if "from" in a]) == 6 and len(acts) == 12
    # b2 shuts Black's a1 in (a2 b1 b2), White's own pieces keep room: White wins.
    out = v.outcome(v.apply(s, Action({"to": "b2"})))
    assert out is not None and out.winner == 0
    # Black a1 a3, White a2 b1 b2: b3 fills a2's last empty neighbour (a1 a3 b1 b2 b3) and a1's
    # too; White's own piece shut in counts first: White loses.
    s = _state(v, {"a1": 1, "a3": 1, "a2": 0, "b1": 0, "b2": 0}, hands=[2, 3])
    out = v.outcome(v.apply(s, Action({"to": "b3"})))
    assert out is not None and out.winner == 1
