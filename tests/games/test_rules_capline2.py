"""Constructs added by helper capline (second batch), worked out by hand from set positions.

- ``move`` ``while = "all-placed"`` (moves only once every hand is empty; a player with
  nothing to place passes till then): Haretavl;
- ``end`` ``lone`` (every seat down to one piece, each of the kind named: a draw): Game of
  Solomon;
- ``place`` with ``refill = N`` (while the mover has fewer than N on the board and pieces in
  hand, the turn begins by putting one back, then the mover moves on): the Queah Game;
- a ``slide`` with a chess-like field (``from``) honours ``avoid`` (neither crossed nor
  stopped on), as the plain slide does: Terhuchu's two-point moves in the triangles;
- ``place`` with ``next_to = [KINDS]``, ``end`` ``line`` with ``with = [KINDS]`` (neutral
  pieces counting in every seat's row) and ``turn`` ``swap`` (the pie rule): Yavalanchor;
- ``end`` ``line`` with ``colours`` (per seat, the seats whose pieces make its rows, each in
  the row): Yavalade;
- ``place`` with ``touching_min`` and ``end`` ``enclosed`` with ``any`` and no seat (a move
  shutting in any piece of an opponent's wins): Andantino;
- ``constraint`` ``nested`` and ``end`` ``nested`` (local boards sending the opponent, three
  won in a row): Ultimate Tic-Tac-Toe;
- ``move`` ``push`` (a cube from the edge pushed in at an end of its row or column: ``take``,
  ``first_blank``) and ``end`` ``line`` with ``either`` (every row counts, the opponent's
  first): Quixo, Pushing Me XO;
- ``hop`` with ``flying = "near"`` (from any distance, landing just beyond) and ``chain =
  "line-or-edge"`` (the chain keeps to its line unless a hop ends on the edge): Dam;
- ``hop`` with ``run = N`` (over a row of exactly N enemies at once, all taken):
  Merimueng-rimueng-do's long hop.
"""
from __future__ import annotations

from games.engine.core import Action
from tests.games.rules_text import clause as _clause
from tests.games.rules_text import compile_example

HEAD = """\
key = "war.example"
title = "Example"
mechanic = "pieces"
game = { dlp = 507, name = "Haretavl" }
ruleset = { dlp = 0, name = "Ours" }
source = "dlp-2020"
locator = "DLP.GameRulesets.521"
"""


def _state(v, board: dict, to_move: int = 0, hands=None, kind: str = "p"):
    data = v.new_game().to_json()
    data.update(board={k: [seat, kind, 1] for k, seat in board.items()}, to_move=to_move, turn=10, over=None)
    if hands is not None:
        data.update(hands=hands)
    return v.state_from_json(data)


ALL_PLACED = (
    _clause(1, 'board = { shape = "grid", size = [3, 3] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 1 }, { seat = 1, piece = "p", count = 3 } ] }')
    + _clause(3, 'move = { kind = "place" }')
    + _clause(4, 'move = { kind = "step", dirs = "orthogonal", while = "all-placed" }')
    + _clause(5, 'end = { kind = "no-moves", result = "loss" }')
)


def test_moves_wait_till_every_hand_is_empty(tmp_path):
    v = compile_example(tmp_path, "war", HEAD, ALL_PLACED)
    s = v.new_game()
    # The first seat places its only piece: any of the 9 squares.
    assert len(v.legal_actions(s)) == 9
    s = v.apply(s, Action({"to": "b2"}))
    # The second places on one of the 8 left.
    assert len(v.legal_actions(s)) == 8
    s = v.apply(s, Action({"to": "a1"}))
    # The first seat's hand is empty but the second still holds two: it only passes (its
    # piece on b2 could step to a2 b1 b3 c2, but does not yet), and does not lose.
    assert [a.to_json() for a in v.legal_actions(s)] == [{"pass": True}]
    s = v.apply(s, Action({"pass": True}))
    assert v.outcome(s) is None
    s = v.apply(s, Action({"to": "c3"}))
    s = v.apply(s, Action({"pass": True}))
    s = v.apply(s, Action({"to": "a3"}))
    # All placed: the first seat's b2 steps to a2 b1 b3 c2 (the 4 orthogonal neighbours).
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["a2", "b1", "b3", "c2"]


def test_a_player_shut_in_after_placing_loses(tmp_path):
    v = compile_example(tmp_path, "war", HEAD, ALL_PLACED)
    # First seat on a1, the other's a2 and b1 and one still in hand: the first passes;
    # once the last is placed (c3), a1 has no step and the first seat loses.
    s = _state(v, {"a1": 0, "a2": 1, "b1": 1}, to_move=1, hands=[{}, {"p": 1}])
    s = v.apply(s, Action({"to": "c3"}))
    out = v.outcome(s)
    assert out is not None and out.winner == 1


RUNS = (
    _clause(1, 'board = { shape = "grid", size = [7, 2] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "a1" }, { seat = 1, piece = "p", at = "g2" } ] }')
    + _clause(3, 'move = { kind = "hop", dirs = "orthogonal", over = "enemy", capture = true, continue = "no" }')
    + _clause(4, 'move = { kind = "hop", dirs = "e", over = "enemy", capture = true, continue = "no", run = 3 }')
)


def test_a_run_hop_takes_a_row_of_exactly_that_many(tmp_path):
    v = compile_example(tmp_path, "war", HEAD, RUNS)
    # White a1, Black b1 c1 d1 (a row of three), e1 empty: the single hop a1 over b1 is
    # blocked (c1 taken); the run hop over b1 c1 d1 lands on e1. Black g2 is out of reach.
    s = _state(v, {"a1": 0, "b1": 1, "c1": 1, "d1": 1, "g2": 1})
    assert [(a["from"], a["to"]) for a in v.legal_actions(s)] == [("a1", "e1")]
    after = v.apply(s, Action({"from": "a1", "to": "e1"})).to_json()["board"]
    assert sorted(after) == ["e1", "g2"]
    # A row of four (b1 c1 d1 e1, f1 empty): neither the single hop nor the run of three
    # (it would land on e1, taken): no move.
    s = _state(v, {"a1": 0, "b1": 1, "c1": 1, "d1": 1, "e1": 1, "g2": 1})
    assert v.legal_actions(s) == []
    # A row of two (b1 c1), d1 empty: the run of three does not reach; the single hop is
    # blocked: no move. A white piece in the row (c1) stops a1's run too; only c1's single
    # hop over d1 to e1 is left.
    s = _state(v, {"a1": 0, "b1": 1, "c1": 1, "g2": 1})
    assert v.legal_actions(s) == []
    s = _state(v, {"a1": 0, "b1": 1, "c1": 0, "d1": 1, "g2": 1})
    assert sorted((a["from"], a["to"]) for a in v.legal_actions(s)) == [("c1", "e1")]


LONE = (
    _clause(1, 'board = { shape = "grid", size = [4, 4] }')
    + _clause(2, 'pieces = { p = {}, k = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "a1" }, { seat = 1, piece = "p", at = "d4" } ] }')
    + _clause(3, 'move = { kind = "step", dirs = "all" }')
    + _clause(4, 'move = { kind = "hop", dirs = "all", over = "enemy", capture = true, continue = "no" }')
    + _clause(5, 'end = { kind = "no-moves", result = "loss" }')
    + _clause(6, 'end = { kind = "lone", piece = "k" }')
)


def _mixed(v, board: dict, to_move: int = 0):
    data = v.new_game().to_json()
    data.update(board={k: [seat, kind, 1] for k, (seat, kind) in board.items()}, to_move=to_move, turn=10, over=None)
    return v.state_from_json(data)


def test_two_lone_kings_draw(tmp_path):
    v = compile_example(tmp_path, "war", HEAD, LONE)
    # White king a1, Black king d4 and man b2... White's a1 hops b2 to c3: one king each,
    # a draw.
    s = _mixed(v, {"a1": (0, "k"), "b2": (1, "p"), "d4": (1, "k")})
    out = v.outcome(v.apply(s, Action({"from": "a1", "to": "c3"})))
    assert out is not None and out.winner is None
    # A king against a lone man (not a king): play goes on.
    s = _mixed(v, {"a1": (0, "k"), "b2": (1, "k"), "d4": (1, "p")})
    assert v.outcome(v.apply(s, Action({"from": "a1", "to": "c3"}))) is None
    # Two kings against one: play goes on after a quiet move.
    s = _mixed(v, {"a1": (0, "k"), "a2": (0, "k"), "d4": (1, "k")})
    assert v.outcome(v.apply(s, Action({"from": "a1", "to": "b1"}))) is None


REFILL = (
    _clause(1, 'board = { shape = "grid", size = [4, 4] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "a1 b1" }, { seat = 1, piece = "p", at = "d4" } ], '
                 'hand = [ { seat = 0, piece = "p", count = 1 }, { seat = 1, piece = "p", count = 1 } ] }')
    + _clause(3, 'move = { kind = "step", dirs = "orthogonal", while = "any" }')
    + _clause(4, 'move = { kind = "hop", dirs = "orthogonal", over = "enemy", capture = true, while = "any" }')
    + _clause(5, 'move = { kind = "place", refill = 2 }')
    + _clause(6, 'end = { kind = "pieces", at_most = 0 }')
)


def test_a_lost_piece_is_put_back_before_the_move(tmp_path):
    v = compile_example(tmp_path, "war", HEAD, REFILL)
    # White a1 b1 (two on the board, refill 2): no refill; steps a1-a2, b1-b2, b1-c1: 3.
    s = v.new_game()
    assert sorted((a["from"], a["to"]) for a in v.legal_actions(s)) == [("a1", "a2"), ("b1", "b2"), ("b1", "c1")]
    # Black d4 alone (one on the board, one in hand): only the 16 - 3 = 13 placings.
    s = v.apply(s, Action({"from": "b1", "to": "c1"}))
    acts = v.legal_actions(s)
    assert len(acts) == 13 and all(set(a.to_json()) == {"to"} for a in acts)
    # Black puts one on c2 and moves on in the same turn: no hop (c1 lies on the edge), the
    # steps c2-b2, c2-c3, c2-d2, d4-c4, d4-d3: 5 moves, all Black's.
    s = v.apply(s, Action({"to": "c2"}))
    assert v.to_move(s) == 1
    assert sorted((a["from"], a["to"]) for a in v.legal_actions(s)) == [
        ("c2", "b2"), ("c2", "c3"), ("c2", "d2"), ("d4", "c4"), ("d4", "d3")]
    s = v.apply(s, Action({"from": "c2", "to": "b2"}))
    assert v.to_move(s) == 0
    # White has two on the board: no refill, and no hop (b2 is diagonal to a1 and c1): the
    # steps a1-a2, a1-b1, c1-b1, c1-c2, c1-d1 (5).
    assert sorted((a["from"], a["to"]) for a in v.legal_actions(s)) == [
        ("a1", "a2"), ("a1", "b1"), ("c1", "b1"), ("c1", "c2"), ("c1", "d1")]


TWO_IN_TRIANGLES = (
    _clause(1, 'board = { shape = "grid", size = [5, 2], regions = { out = "a1 b1 c1 e1", inner = "d1" } }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "b1" }, { seat = 1, piece = "p", at = "e1" } ] }')
    + _clause(3, 'move = { kind = "slide", dirs = ["e", "w"], max = 2, from = "out", avoid = ["inner"] }')
)


def test_a_chess_like_slide_keeps_out_of_avoided_sites(tmp_path):
    v = compile_example(tmp_path, "war", HEAD, TWO_IN_TRIANGLES)
    # b1 slides from a region it may slide from: a1 (west, one), c1 (east, one); d1 is
    # avoided, so it neither stops there nor passes it: 2 moves.
    s = _state(v, {"b1": 0, "e1": 1})
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["a1", "c1"]
    # From c1: b1, a1 (two west); d1 avoided: 2 moves.
    s = _state(v, {"c1": 0, "e1": 1})
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["a1", "b1"]
    # From d1 (not in `from`): no move at all.
    s = _state(v, {"d1": 0, "a1": 1})
    assert v.legal_actions(s) == []


NEUTRAL = (
    _clause(1, 'board = { shape = "grid", size = [3, 3] }')
    + _clause(2, 'pieces = { p = {}, red = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 9 }, { seat = 0, piece = "red", count = 9 }, '
                 '{ seat = 1, piece = "p", count = 9 }, { seat = 1, piece = "red", count = 9 } ] }')
    + _clause(3, 'move = { kind = "place", pieces = ["red"] }')
    + _clause(4, 'move = { kind = "place", pieces = ["p"], next_to = ["red"] }')
    + _clause(5, 'end = { kind = "line", length = 3, with = ["red"] }')
    + _clause(6, 'turn = { swap = true }')
)


def _placed(v, board: dict, to_move: int = 0, turn: int = 10):
    data = v.new_game().to_json()
    data.update(board={k: [seat, kind, 1] for k, (seat, kind) in board.items()}, to_move=to_move, turn=turn, over=None)
    return v.state_from_json(data)


def test_own_pieces_go_next_to_a_neutral_one_and_rows_count_it(tmp_path):
    v = compile_example(tmp_path, "line", HEAD.replace('"war.example"', '"line.example"'), NEUTRAL)
    s = v.new_game()
    # An empty board: only reds, on any of the 9 squares (no swap on the first turn).
    acts = [a.to_json() for a in v.legal_actions(s)]
    assert len(acts) == 9 and all(a["piece"] == "red" for a in acts)
    # A red on a1 (placed by White): Black's own pieces only on a2 b1 b2, reds on the 8
    # empty squares, and the swap (a pass): 3 + 8 + 1 = 12.
    s = v.apply(s, Action({"to": "a1", "piece": "red"}))
    acts = [a.to_json() for a in v.legal_actions(s)]
    assert sorted(a["to"] for a in acts if a.get("piece") == "p") == ["a2", "b1", "b2"]
    assert len(acts) == 12 and {"pass": True} in acts
    # The swap: the same seat (Black) moves again, and no second swap is offered.
    s = v.apply(s, Action({"pass": True}))
    assert v.to_move(s) == 1 and {"pass": True} not in [a.to_json() for a in v.legal_actions(s)]
    # White a1 (own), b1 a red placed by Black: White's c1 next to b1 makes a1 b1 c1, own and
    # red only: White wins.
    s = _placed(v, {"a1": (0, "p"), "b1": (1, "red"), "c3": (1, "p")})
    out = v.outcome(v.apply(s, Action({"to": "c1", "piece": "p"})))
    assert out is not None and out.winner == 0
    # Black's piece in the row (a1 Black): White's c1 makes no row of White's; Black's row
    # a1 b1 c1 needs c1 Black's: none wins.
    s = _placed(v, {"a1": (1, "p"), "b1": (1, "red"), "c3": (1, "p")})
    assert v.outcome(v.apply(s, Action({"to": "c1", "piece": "p"}))) is None
    # Black places a red on c1 completing White's a1 b1 c1 (a1 White, b1 red): White wins.
    s = _placed(v, {"a1": (0, "p"), "b1": (0, "red"), "c3": (0, "p")}, to_move=1)
    out = v.outcome(v.apply(s, Action({"to": "c1", "piece": "red"})))
    assert out is not None and out.winner == 0


STACKS = (
    _clause(1, 'board = { shape = "grid", size = [3, 3] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 3 }, { seat = 1, piece = "p", count = 3 }, '
                 '{ seat = 2, piece = "p", count = 3 } ] }')
    + _clause(3, 'move = { kind = "place" }')
    + _clause(4, 'end = { kind = "line", length = 3, colours = [[0, 2], [1, 0], [2, 1]] }')
)


def test_a_row_of_two_colours_wins_for_the_stack_it_matches(tmp_path):
    head = HEAD.replace('"war.example"', '"line.example"') + "players = 3\n"
    v = compile_example(tmp_path, "line", head, STACKS)
    # Seat 0 a1, seat 1 b1: seat 0's c1 makes a1 b1 c1 of seats 0 and 1: Black's (seat 1) row.
    s = _placed(v, {"a1": (0, "p"), "b1": (1, "p")}, to_move=0)
    assert v.apply(s, Action({"to": "c1"})).to_json()["over"]["winner"] == 1
    # Seat 0 a1 b1: seat 0's c1 makes a row of one colour: nobody's.
    s = _placed(v, {"a1": (0, "p"), "b1": (0, "p")}, to_move=0)
    assert v.apply(s, Action({"to": "c1"})).to_json()["over"] is None
    # Seats 0, 1, 2 in a row: three colours, nobody's. Seat 2 a3, seat 1 b3, seat 2's c3:
    # seats 1 and 2, Red's (seat 2) row.
    s = _placed(v, {"a1": (0, "p"), "b1": (1, "p")}, to_move=2)
    assert v.apply(s, Action({"to": "c1"})).to_json()["over"] is None
    s = _placed(v, {"a3": (2, "p"), "b3": (1, "p")}, to_move=2)
    # (the state's seat: Outcome names sides, and this example names none)
    assert v.apply(s, Action({"to": "c3"})).to_json()["over"]["winner"] == 2


RING = (
    _clause(1, 'board = { shape = "grid", size = [5, 5] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "c3" }, { seat = 1, piece = "p", at = "d3" } ], '
                 'hand = [ { seat = 0, piece = "p", count = 9 }, { seat = 1, piece = "p", count = 9 } ] }')
    + _clause(3, 'move = { kind = "place", touching_min = 2 }')
    + _clause(4, 'end = { kind = "enclosed", any = true, dirs = "orthogonal" }')
)


def test_placing_touches_two_and_a_ring_round_one_piece_wins(tmp_path):
    v = compile_example(tmp_path, "line", HEAD.replace('"war.example"', '"line.example"'), RING)
    s = v.new_game()
    # c3 and d3 down: the cells touching both (of the 8 neighbours each, diagonals counted)
    # are c2 d2 c4 d4: 4 placings.
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["c2", "c4", "d2", "d4"]
    # White b3 c2 c4 round Black's... no: Black's d3 with White's c3 d2 d4, e3 empty: not
    # shut in (e3 leads to the edge). White's e3 closes it: White wins.
    s = _placed(v, {"c3": (0, "p"), "d2": (0, "p"), "d4": (0, "p"), "d3": (1, "p"), "e2": (1, "p")}, to_move=0)
    assert v.outcome(s) is None
    out = v.outcome(v.apply(s, Action({"to": "e3"})))
    assert out is not None and out.winner == 0
    # Black's e3 instead: its own d3 is not shut in, nobody wins.
    s = _placed(v, {"c3": (0, "p"), "d2": (0, "p"), "d4": (0, "p"), "d3": (1, "p"), "e2": (1, "p")}, to_move=1)
    assert v.outcome(v.apply(s, Action({"to": "e3"}))) is None


NESTED = (
    _clause(1, 'board = { shape = "grid", size = [4, 4] }\nconstraint = { nested = 2 }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 8 }, { seat = 1, piece = "p", count = 8 } ] }')
    + _clause(3, 'move = { kind = "place" }')
    + _clause(4, 'end = { kind = "nested" }')
    + _clause(5, 'end = { kind = "no-moves", result = "draw" }')
)


def _last(v, board: dict, last: str, to_move: int = 0):
    data = v.new_game().to_json()
    data.update(board={k: [seat, "p", 1] for k, seat in board.items()}, to_move=to_move, turn=10, over=None, last=last)
    return v.state_from_json(data)


def test_local_boards_send_the_opponent_and_two_won_in_a_row_win(tmp_path):
    v = compile_example(tmp_path, "line", HEAD.replace('"war.example"', '"line.example"'), NESTED)
    # Four local boards of 2x2: a1 b1 a2 b2 (0), c1 d1 c2 d2 (1), a3 b3 a4 b4 (2), c3 d3 c4 d4 (3).
    # First move: anywhere, 16.
    assert len(v.legal_actions(v.new_game())) == 16
    # White's d1 is the bottom-right of its local board: Black is sent to the bottom-right
    # board (c1 d1 c2 d2), whose empty c1 c2 d2 are the 3 placings.
    s = v.apply(v.new_game(), Action({"to": "d1"}))
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["c1", "c2", "d2"]
    # Board 0 won by White (a1 b1, a row of 2): Black sent there (last a3, the bottom-left of
    # its board) plays in any board not won: b-d squares outside board 0, empty: 16 - 4 - 1 = 11.
    s = _last(v, {"a1": 0, "b1": 0, "a3": 0}, "a3", to_move=1)
    assert len(v.legal_actions(s)) == 11 and not any(a["to"] in ("a2", "b2") for a in v.legal_actions(s))
    # White has won board 0 (a1 b1) and holds c1; sent to board 1 (last at d3, the bottom-right
    # of board 3), White's d1 wins board 1 too: two local boards in a row, White wins.
    s = _last(v, {"a1": 0, "b1": 0, "c1": 0, "d3": 1}, "d3", to_move=0)
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["c2", "d1", "d2"]
    out = v.outcome(v.apply(s, Action({"to": "d1"})))
    assert out is not None and out.winner == 0


PUSH = (
    _clause(1, 'board = { shape = "grid", size = [3, 3] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { place = [] }')
    + _clause(3, 'move = { kind = "push", take = "own" }')
    + _clause(4, 'end = { kind = "line", length = 3, either = true }')
)


def test_a_cube_is_pushed_back_in_at_an_end_of_its_row_or_column(tmp_path):
    v = compile_example(tmp_path, "line", HEAD.replace('"war.example"', '"line.example"'), PUSH)
    s = v.new_game()
    # The 8 edge squares, all blank: a corner goes in at the 2 other corners of its row and
    # column, a side's middle at the 2 ends of its line along the edge and the far end of the
    # other line: 4 corners x 2 + 4 middles x 3 = 20.
    acts = [(a["from"], a["to"]) for a in v.legal_actions(s)]
    assert len(acts) == 20
    assert sorted(t for f, t in acts if f == "b1") == ["a1", "b3", "c1"]
    # White's a1, Black's b1, c1 blank: White takes c1 and pushes it in at a1: a1 and b1 slide
    # on to b1 and c1, and White's cube stands on a1.
    s = _state(v, {"a1": 0, "b1": 1}, to_move=0)
    board = v.apply(s, Action({"from": "c1", "to": "a1"})).to_json()["board"]
    assert {k: x[0] for k, x in board.items()} == {"a1": 0, "b1": 0, "c1": 1}
    # Black's b1 is not White's to take (take = "own"): no push starts there.
    assert not any(a["from"] == "b1" for a in v.legal_actions(s))
    # White a2 a3: the blank a1 pushed in at a3 slides them down to a1 a2 and White's cube
    # comes in on a3: column a is White's, White wins.
    s = _state(v, {"a2": 0, "a3": 0, "b2": 1}, to_move=0)
    out = v.outcome(v.apply(s, Action({"from": "a1", "to": "a3"})))
    assert out is not None and out.winner == 0


def test_a_push_making_both_rows_loses_and_an_enemy_cube_stays_the_enemys(tmp_path):
    v = compile_example(tmp_path, "line", HEAD.replace('"war.example"', '"line.example"'),
                        PUSH.replace('take = "own"', 'take = "any"'))
    # Black a1 b3 c3, White a2 a3 b1 c1. White takes Black's a1 and pushes it in at a3: a2 a3
    # slide down to a1 a2, Black's cube comes in on a3. Row 1 (a1 b1 c1) is White's and row 3
    # (a3 b3 c3) Black's: the opponent's row counts first, so Black wins.
    s = _state(v, {"a1": 1, "b3": 1, "c3": 1, "a2": 0, "a3": 0, "b1": 0, "c1": 0}, to_move=0)
    after = v.apply(s, Action({"from": "a1", "to": "a3"}))
    assert after.to_json()["board"]["a3"][0] == 1
    out = v.outcome(after)
    assert out is not None and out.winner == 1


KING = (
    _clause(1, 'board = { shape = "grid", size = [6, 6] }')
    + _clause(2, 'pieces = { p = {}, k = {} }\nsetup = { place = [ { seat = 0, piece = "k", at = "a1" }, { seat = 1, piece = "p", at = "f6" } ] }')
    + _clause(3, 'move = { kind = "hop", pieces = ["k"], dirs = "diagonal", over = "enemy", capture = true, continue = "may", '
                 'flying = "near", chain = "line-or-edge" }')
)


def test_a_near_flying_king_keeps_to_its_line_unless_at_the_edge(tmp_path):
    v = compile_example(tmp_path, "war", HEAD, KING)
    # King a1, Black c3 and e5 on its diagonal (d4 between them empty): the king flies over b2
    # and takes c3, landing only on d4 (not e5's side beyond): one move.
    s = _mixed(v, {"a1": (0, "k"), "c3": (1, "p"), "e5": (1, "p"), "f6": (1, "p")})
    assert [(a["from"], a["to"]) for a in v.legal_actions(s)] == [("a1", "d4")]
    # From d4 it may go on only along the same diagonal onwards, where nothing is left to
    # take; the hop over c5 to b6 (north-west) is off its line: the chain ends, Black's turn.
    s = _mixed(v, {"a1": (0, "k"), "c3": (1, "p"), "c5": (1, "p"), "f6": (1, "p")})
    s = v.apply(s, Action({"from": "a1", "to": "d4"}))
    assert s.to_json()["to_move"] == 1 and s.to_json()["board"].get("c5") is not None
    # With e5 Black as well, on the line beyond d4, the chain may go on over it to f6? f6 is
    # taken: no. Move f6 away (Black on f5 instead): over e5 to f6 is open, b6 is not.
    s = _mixed(v, {"a1": (0, "k"), "c3": (1, "p"), "c5": (1, "p"), "e5": (1, "p"), "f5": (1, "p")})
    s = v.apply(s, Action({"from": "a1", "to": "d4"}))
    assert sorted(a.to_json().get("to", "pass") for a in v.legal_actions(s)) == ["f6", "pass"]
    # A hop ending on the edge may turn: king d2 takes e3 and lands on f4, on the edge; from
    # there the hop over e5 (north-west) to d6 is open (a6 is Black's, out of reach).
    s = _mixed(v, {"d2": (0, "k"), "e3": (1, "p"), "e5": (1, "p"), "a6": (1, "p")})
    s = v.apply(s, Action({"from": "d2", "to": "f4"}))
    assert sorted(a.to_json().get("to", "pass") for a in v.legal_actions(s)) == ["d6", "pass"]
