"""The pieces mechanic's constructs for the custodial-capture games (Seega, Ludus Latrunculorum
after Bell, the tafl games): legal-move counts from set positions, worked out by hand.

- ``place`` with ``per_turn`` (pieces placed two at a time), ``avoid`` (the centre left empty)
  and ``after`` (the dux placed once the men are all down);
- ``capture`` with ``placing = false`` (nothing is taken while placing);
- ``turn = { capture_again = true }`` (a piece that takes moves again at once);
- ``end`` ``moves`` with ``from_play`` (the quiet count starts when the placing ends) and
  ``tie`` (the seat that wins equal counts).
"""
from __future__ import annotations

from games.engine.core import Action
from tests.games.rules_text import clause as _clause
from tests.games.rules_text import compile_example

HEAD = """\
key = "war.example"
title = "Example"
mechanic = "pieces"
game = { dlp = 128, name = "Seega" }
ruleset = { dlp = 0, name = "Ours" }
source = "dlp-2020"
locator = "DLP.GameRulesets.150"
"""


def _compile(tmp_path, clauses: str):
    return compile_example(tmp_path, "war", HEAD, clauses)


SEEGA_3X3 = (
    _clause(1, 'board = { shape = "grid", size = [3, 3] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { hand = [ { seat = 0, piece = "p", count = 4 }, { seat = 1, piece = "p", count = 4 } ] }')
    + _clause(3, 'move = { kind = "place", per_turn = 2, avoid = ["centre"] }')
    + _clause(4, 'move = { kind = "step", dirs = "orthogonal" }')
    + _clause(5, 'capture = { kind = "custodial", dirs = "orthogonal", placing = false }')
    + _clause(6, 'end = { kind = "pieces", at_most = 0 }')
)


def _to(v, s, *sites):
    for site in sites:
        s = v.apply(s, Action({"to": site}))
    return s


def test_two_placed_a_turn_never_on_the_centre(tmp_path):
    v = _compile(tmp_path, SEEGA_3X3)
    s = v.new_game()
    # Nine squares but the centre: eight placements.
    assert len(v.legal_actions(s)) == 8
    s = _to(v, s, "a1")
    # The same player places again, on one of the seven left.
    assert s.to_json()["to_move"] == 0 and len(v.legal_actions(s)) == 7
    s = _to(v, s, "a3")
    assert s.to_json()["to_move"] == 1 and len(v.legal_actions(s)) == 6
    s = _to(v, s, "b1", "b3")
    assert s.to_json()["to_move"] == 0
    # c1 closes b1 between a1 and c1, but a piece placed takes nothing.
    s = _to(v, s, "c1", "a2")
    assert s.to_json()["board"]["b1"][0] == 1 and s.to_json()["to_move"] == 1
    s = _to(v, s, "c3", "c2")
    # All placed: every square is full but the centre; the first player moves, and only into
    # it: its pieces are a1 a3 c1 a2, and only a2 touches b2.
    assert s.to_json()["to_move"] == 0
    assert sorted((a["from"], a["to"]) for a in v.legal_actions(s)) == [("a2", "b2")]
    s = v.apply(s, Action({"from": "a2", "to": "b2"}))
    # b1, b3 and c2 each stand between b2 and the board's edge: nothing is taken.
    assert len(s.to_json()["board"]) == 8


def test_the_dux_is_placed_after_the_men(tmp_path):
    text = (
        _clause(1, 'board = { shape = "grid", size = [3, 3] }')
        + _clause(2, 'pieces = { man = {}, dux = {} }\nsetup = { hand = [ { seat = 0, piece = "man", count = 2 }, '
                     '{ seat = 0, piece = "dux", count = 1 }, { seat = 1, piece = "man", count = 2 }, { seat = 1, piece = "dux", count = 1 } ] }')
        + _clause(3, 'move = { kind = "place", pieces = ["man"], per_turn = 2 }')
        + _clause(4, 'move = { kind = "place", pieces = ["dux"], after = ["man"] }')
        + _clause(5, 'move = { kind = "step", dirs = "orthogonal" }')
    )
    v = _compile(tmp_path, text)
    s = v.new_game()
    # Men only, on any of the nine squares.
    acts = v.legal_actions(s)
    assert len(acts) == 9 and {a.get("piece") for a in acts} == {"man"}
    s = v.apply(s, Action({"to": "a1", "piece": "man"}))
    s = v.apply(s, Action({"to": "b1", "piece": "man"}))
    s = v.apply(s, Action({"to": "a3", "piece": "man"}))
    s = v.apply(s, Action({"to": "b3", "piece": "man"}))
    # Men all down: the dux now, one a turn, on the five squares left.
    acts = v.legal_actions(s)
    assert s.to_json()["to_move"] == 0 and len(acts) == 5 and {a.get("piece") for a in acts} == {"dux"}
    s = v.apply(s, Action({"to": "b2", "piece": "dux"}))
    assert s.to_json()["to_move"] == 1 and len(v.legal_actions(s)) == 4


CAPTURE_AGAIN = (
    _clause(1, 'board = { shape = "grid", size = [5, 3] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "a1" }, { seat = 1, piece = "p", at = "e3" } ] }')
    + _clause(3, 'move = { kind = "step", dirs = "orthogonal" }\nturn = { capture_again = true }')
    + _clause(4, 'capture = { kind = "custodial", dirs = "orthogonal" }')
    + _clause(5, 'end = { kind = "pieces", at_most = 0 }')
    + _clause(6, 'end = { kind = "moves", quiet = 4, result = "more-pieces", tie = 1 }')
)


def _state(v, board: dict, to_move: int = 0, quiet: int = 0):
    data = v.new_game().to_json()
    data.update(board={k: [seat, "p", 1] for k, seat in board.items()}, to_move=to_move, quiet=quiet, turn=10)
    return v.state_from_json(data)


def test_a_piece_that_takes_moves_again(tmp_path):
    v = _compile(tmp_path, CAPTURE_AGAIN)
    s = _state(v, {"a1": 0, "d1": 0, "d3": 0, "b1": 1, "c3": 1, "e2": 1})
    # First's moves: a1-a2 (a1-b1 is full), d1-c1 d1-e1 d1-d2, d3-d2 d3-e3 (c3 full): 6.
    assert len(v.legal_actions(s)) == 6
    s = v.apply(s, Action({"from": "d1", "to": "c1"}))
    # b1 is taken between c1 and a1; the same player moves again, with the piece on c1 only:
    # c1-b1 c1-d1 c1-c2 (3), no pass while it can move.
    j = s.to_json()
    assert "b1" not in j["board"] and j["to_move"] == 0 and j["pending"]["site"] == "c1"
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["b1", "c2", "d1"]
    # c1-c2 takes nothing more (c3 lies beyond c2 upward, with nothing past it): the turn ends.
    s = v.apply(s, Action({"from": "c1", "to": "c2"}))
    assert s.to_json()["to_move"] == 1 and s.to_json()["pending"] is None


def test_a_chain_of_takes(tmp_path):
    v = _compile(tmp_path, CAPTURE_AGAIN)
    s = _state(v, {"b1": 0, "d2": 0, "c3": 0, "c1": 1, "c2": 1, "e3": 1})
    # d2-d1 takes c1 (between d1 and b1); the piece on d1 moves again: c1, d2, e1.
    s = v.apply(s, Action({"from": "d2", "to": "d1"}))
    assert "c1" not in s.to_json()["board"] and s.to_json()["to_move"] == 0
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["c1", "d2", "e1"]
    # d1-c1 takes c2 (between c1 and c3): again, from c1: c2 and d1 (b1 is its own).
    s = v.apply(s, Action({"from": "d1", "to": "c1"}))
    assert "c2" not in s.to_json()["board"] and s.to_json()["to_move"] == 0
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["c2", "d1"]
    # c1-d1 takes nothing: the turn passes.
    s = v.apply(s, Action({"from": "c1", "to": "d1"}))
    assert s.to_json()["to_move"] == 1


def test_the_quiet_limit_gives_a_tie_to_its_seat(tmp_path):
    v = _compile(tmp_path, CAPTURE_AGAIN)
    s = _state(v, {"a1": 0, "e3": 1}, quiet=3)
    s = v.apply(s, Action({"from": "a1", "to": "a2"}))
    j = s.to_json()
    # Four quiet moves: the more pieces win, a tie goes to seat 1 (tie = 1).
    assert j["over"] == {"winner": 1, "how": "move-limit"}


def test_a_dux_placed_from_its_own_hand_site_replays_on_ludiis_pair():
    # [ludii] hand_sites = { dux = 1 }: Ludii keeps the dux in the second site of each hand, so
    # our dux placement is Ludii's [first hand site + 1, to]; the men come from the first.
    from games.engine import get_variant
    from games.engine.rules.ludii import ORACLE, read_trace, replay

    path = ORACLE / "traces" / "4-540-s1.jsonl.gz"
    if not path.exists():
        import pytest
        pytest.skip("no Ludii oracle here")
    report = replay(read_trace(path), get_variant("war.ludus-latrunculorum-bell-8x7"))
    assert report.last_line() == "replay: 105 of 105 steps agree; result agrees"


KING_5X5 = (
    _clause(1, 'board = { shape = "grid", size = [5, 5], regions = { near = "c2 b3 c3 d3 c4" } }')
    + _clause(2, 'pieces = { p = {}, king = { royal = true } }\nsetup = { place = [ { seat = 0, piece = "p", at = "a1" }, '
                 '{ seat = 1, piece = "king", at = "c3" } ] }')
    + _clause(3, 'move = { kind = "slide", dirs = "orthogonal", avoid_stop = ["centre"] }')
    + _clause(4, 'capture = { kind = "surround", dirs = "orthogonal", pieces = ["king"], hostile = ["centre"], at = ["near"] }')
    + _clause(5, 'capture = { kind = "custodial", dirs = "orthogonal", pieces = ["king"], not_at = ["near"] }')
    + _clause(6, 'end = { kind = "captured", piece = "king" }')
)


def _kstate(v, board: dict, to_move: int = 0):
    data = v.new_game().to_json()
    data.update(board={k: [seat, kind, 1] for k, (seat, kind) in board.items()}, to_move=to_move, turn=10)
    return v.state_from_json(data)


def test_a_king_beside_the_centre_is_taken_on_four_sides_only(tmp_path):
    v = _compile(tmp_path, KING_5X5)
    s = _kstate(v, {"c4": (1, "king"), "b4": (0, "p"), "d5": (0, "p"), "e4": (0, "p")})
    # e4-d4 closes the king between b4 and d4, but beside the centre (not_at) that takes nothing.
    s = v.apply(s, Action({"from": "e4", "to": "d4"}))
    assert s.to_json()["board"]["c4"] == [1, "king", 1] and s.to_json()["over"] is None
    s = v.apply(s, Action({"from": "c4", "to": "c5"}))  # the king steps up out of the ring
    s = v.apply(s, Action({"from": "d5", "to": "e5"}))
    s = v.apply(s, Action({"from": "c5", "to": "c4"}))  # and back between b4 and d4: safe
    s = v.apply(s, Action({"from": "e5", "to": "d5"}))
    s = v.apply(s, Action({"from": "c4", "to": "c5"}))  # c5, beside d5 only: not taken
    assert s.to_json()["over"] is None
    # Away from the centre the king is taken between two: b4-b5 closes c5 against d5.
    s = v.apply(s, Action({"from": "b4", "to": "b5"}))
    assert "c5" not in s.to_json()["board"] and s.to_json()["over"]["winner"] == 0


def test_a_king_beside_the_empty_centre_is_taken_by_three(tmp_path):
    v = _compile(tmp_path, KING_5X5)
    s = _kstate(v, {"c4": (1, "king"), "b4": (0, "p"), "d4": (0, "p"), "e5": (0, "p"), "a1": (1, "p")}, to_move=0)
    # Attackers' moves: b4 (b5 b3 b2 b1 a4), d4 (d5 d3 d2 d1 e4), e5 (d5 c5 b5 a5 e4 e3 e2 e1);
    # e5-c5 closes the king on three sides with the empty centre c3 on the fourth.
    assert len(v.legal_actions(s)) == 5 + 5 + 8
    s = v.apply(s, Action({"from": "e5", "to": "c5"}))
    assert "c4" not in s.to_json()["board"] and s.to_json()["over"]["winner"] == 0


def _tafl(tmp_path, extra: str, size: int = 7):
    text = (
        _clause(1, f'board = {{ shape = "grid", size = [{size}, {size}] }}')
        + _clause(2, 'pieces = { p = {}, king = { royal = true } }\nsetup = { place = [ { seat = 0, piece = "p", at = "a5" }, '
                     '{ seat = 1, piece = "king", at = "c3" } ] }')
        + _clause(3, 'move = { kind = "slide", dirs = "orthogonal" }')
        + extra
    )
    return _compile(tmp_path, text)


def test_a_shieldwall_closed_at_its_far_end_is_taken_but_its_king(tmp_path):
    v = _tafl(tmp_path, _clause(4, 'capture = { kind = "shieldwall", pieces = ["p"], hostile = ["corners"] }'))
    # The second's row c1 d1 e1 on the bottom edge (the king in it at d1), the first's pieces
    # in front (c2 d2 e2) and at the near end (b1); f4-f1 closes the far end.
    s = _kstate(v, {"c1": (1, "p"), "d1": (1, "king"), "e1": (1, "p"), "c2": (0, "p"), "d2": (0, "p"),
                    "e2": (0, "p"), "b1": (0, "p"), "f4": (0, "p"), "a7": (1, "p")})
    s = v.apply(s, Action({"from": "f4", "to": "f1"}))
    board = s.to_json()["board"]
    assert "c1" not in board and "e1" not in board and board["d1"] == [1, "king", 1]
    # A gap in front saves the row: d2 empty, nothing is taken.
    s = _kstate(v, {"c1": (1, "p"), "d1": (1, "p"), "e1": (1, "p"), "c2": (0, "p"), "e2": (0, "p"),
                    "b1": (0, "p"), "f4": (0, "p"), "a7": (1, "p")})
    s = v.apply(s, Action({"from": "f4", "to": "f1"}))
    assert {"c1", "d1", "e1"} <= set(s.to_json()["board"])
    # A corner closes an end: the row b1 c1 between the empty corner a1 and d1.
    s = _kstate(v, {"b1": (1, "p"), "c1": (1, "p"), "b2": (0, "p"), "c2": (0, "p"), "d4": (0, "p"), "g7": (1, "king")})
    s = v.apply(s, Action({"from": "d4", "to": "d1"}))
    assert "b1" not in s.to_json()["board"] and "c1" not in s.to_json()["board"]


def test_defenders_closed_in_away_from_the_edge_lose(tmp_path):
    v = _tafl(tmp_path, _clause(4, 'end = { kind = "enclosed", seat = 1 }'))
    # The king on d4 ringed by the first's pieces c4 e4 d5, and d1-d3 closes the ring: the
    # flood from the edge along rows and columns no longer reaches him.
    s = _kstate(v, {"d4": (1, "king"), "c4": (0, "p"), "e4": (0, "p"), "d5": (0, "p"), "d1": (0, "p")})
    assert s.to_json()["over"] is None
    s = v.apply(s, Action({"from": "d1", "to": "d3"}))
    assert s.to_json()["over"] == {"winner": 0, "how": "enclosed"}


def test_a_king_in_an_edge_fort_wins(tmp_path):
    v = _tafl(tmp_path, _clause(4, 'end = { kind = "fort", piece = "king" }'), size=5)
    # King c1 with b1 c2 d2 around; e4-e1 closes the fort {c1, d1}: b1 (a side inside at c1),
    # c2 (d2 beside it), d2 (c2 beside it), e1 (the board's edge) can none of them be taken.
    s = _kstate(v, {"c1": (1, "king"), "b1": (1, "p"), "c2": (1, "p"), "d2": (1, "p"), "e4": (1, "p"),
                    "a4": (0, "p")}, to_move=1)
    assert s.to_json()["over"] is None  # the open side leads up the board to a4's piece
    s = v.apply(s, Action({"from": "e4", "to": "e1"}))
    assert s.to_json()["over"] == {"winner": 1, "how": "fort"}
    # d2-d3 instead makes a larger fort, {c1 d1 d2 e1 e2 e3} inside b1 c2 d3 e4: it wins too.
    s = _kstate(v, {"c1": (1, "king"), "b1": (1, "p"), "c2": (1, "p"), "d2": (1, "p"), "e4": (1, "p"),
                    "a4": (0, "p")}, to_move=1)
    s = v.apply(s, Action({"from": "d2", "to": "d3"}))
    assert s.to_json()["over"] == {"winner": 1, "how": "fort"}
    # c2-c4 opens the wall: the king's space runs out to the attacker on a4, no fort.
    s = _kstate(v, {"c1": (1, "king"), "b1": (1, "p"), "c2": (1, "p"), "d2": (1, "p"), "e4": (1, "p"),
                    "a4": (0, "p")}, to_move=1)
    s = v.apply(s, Action({"from": "c2", "to": "c4"}))
    assert s.to_json()["over"] is None
    # e2-d2 closes c2's row, but the king's space runs on through e1 to the rest of the
    # board, where the attacker stands: no fort.
    s = _kstate(v, {"c1": (1, "king"), "b1": (1, "p"), "c2": (1, "p"), "e2": (1, "p"), "a5": (0, "p")}, to_move=1)
    s = v.apply(s, Action({"from": "e2", "to": "d2"}))
    assert s.to_json()["over"] is None


def test_coming_between_two_enemies_takes_both_and_a_row_may_be_taken_whole(tmp_path):
    text = (
        _clause(1, 'board = { shape = "grid", size = [5, 5] }')
        + _clause(2, 'pieces = { p = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "a1" }, { seat = 1, piece = "p", at = "e5" } ] }')
        + _clause(3, 'move = { kind = "slide", dirs = "orthogonal" }')
        + _clause(4, 'capture = { kind = "custodial", dirs = "orthogonal", max = 0 }')
        + _clause(5, 'capture = { kind = "intervene", dirs = "orthogonal" }')
    )
    v = _compile(tmp_path, text)
    # c1-c3 comes between b3 and d3 (the second's): both go.
    s = _state(v, {"c1": 0, "b3": 1, "d3": 1, "e5": 1, "a5": 0})
    s = v.apply(s, Action({"from": "c1", "to": "c3"}))
    assert set(s.to_json()["board"]) == {"c3", "e5", "a5"}
    # max = 0: the row b4 c4 d4 between a4 (coming) and e4 (the mover's) goes whole.
    s = _state(v, {"a1": 0, "b4": 1, "c4": 1, "d4": 1, "e4": 0, "e5": 1})
    s = v.apply(s, Action({"from": "a1", "to": "a4"}))
    assert set(s.to_json()["board"]) == {"a4", "e4", "e5"}
    # Both are judged on the board the move leaves, a piece taken both ways counted once:
    s = _state(v, {"c2": 0, "b4": 1, "d4": 1, "e4": 1, "a4": 0, "a1": 1})
    s = v.apply(s, Action({"from": "c2", "to": "c4"}))
    # Intervene takes b4 and d4; the custodial row west (b4 against a4) takes b4 as well;
    # east, d4 e4 run to the edge: no custodial there. Left: a4, c4, e4, a1.
    assert set(s.to_json()["board"]) == {"a4", "c4", "e4", "a1"}


def test_the_last_placer_moves_on_and_a_taker_goes_on_only_to_take(tmp_path):
    v = _compile(tmp_path, SEEGA_3X3.replace('avoid = ["centre"] }', 'avoid = ["centre"], then_move = true }'))
    s = _to(v, v.new_game(), "a1", "a3", "b1", "b3", "c1", "a2", "c3", "c2")
    # The second player placed last: it moves now, into the centre from b1, b3 or c2.
    assert s.to_json()["to_move"] == 1
    assert sorted(a["from"] for a in v.legal_actions(s)) == ["b1", "b3", "c2"]
    v = _compile(tmp_path, CAPTURE_AGAIN.replace("capture_again = true", 'capture_again = "capturing"'))
    s = _state(v, {"b1": 0, "d2": 0, "c3": 0, "c1": 1, "c2": 1, "e3": 1})
    s = v.apply(s, Action({"from": "d2", "to": "d1"}))
    # After the take only the step that takes again: d1-c1 (c2 between c1 and c3); not d2, e1.
    assert [(a["from"], a["to"]) for a in v.legal_actions(s)] == [("d1", "c1")]
    s = v.apply(s, Action({"from": "d1", "to": "c1"}))
    # No take is open from c1: the turn ends.
    assert "c2" not in s.to_json()["board"] and s.to_json()["to_move"] == 1


def test_no_move_may_leave_the_opponent_without_one(tmp_path):
    text = (
        _clause(1, 'board = { shape = "grid", size = [5, 2] }')
        + _clause(2, 'pieces = { p = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "c1 e1 a2 b2 c2 d2 e2" }, '
                     '{ seat = 1, piece = "p", at = "a1" } ] }')
        + _clause(3, 'move = { kind = "step", dirs = "orthogonal" }')
        + _clause(4, 'constraint = { leave_move = true }')
    )
    v = _compile(tmp_path, text)
    # The first's second rank is full. c1-b1 and b2-b1 would shut a1 in (a2 is full): only
    # the three moves into d1 are left.
    assert sorted((a["from"], a["to"]) for a in v.legal_actions(v.new_game())) == [("c1", "d1"), ("d2", "d1"), ("e1", "d1")]


FANORONA_5X5 = (
    _clause(1, 'board = { shape = "alquerque", size = [5, 5] }')
    + _clause(2, 'pieces = { p = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "a1" }, { seat = 1, piece = "p", at = "e5" } ] }')
    + _clause(3, 'move = { kind = "step", dirs = "all" }')
    + _clause(4, 'move = { kind = "approach", dirs = "all", continue = "may" }')
    + _clause(5, 'option = "new_direction"\nmove = { kind = "approach", dirs = "all", continue = "may", new_direction = true }')
    + _clause(6, 'constraint = { compulsory = true }')
    + '\n[options.new_direction]\ndefault = true\nhelp = "x"\n'
)


def test_approach_and_withdrawal_take_a_row_and_the_player_chooses(tmp_path):
    v = _compile(tmp_path, FANORONA_5X5)
    # White c2 (a point without diagonals); Black c1 behind it, c4 and c5 ahead.
    s = _state(v, {"c2": 0, "c1": 1, "c4": 1, "c5": 1, "e5": 1})
    acts = v.legal_actions(s)
    # Only c2-c3 takes: by approach (c4, and c5 behind it) or by withdrawal (c1): two actions.
    assert sorted((a["from"], a["to"], a["take"]) for a in acts) == [("c2", "c3", "c1"), ("c2", "c3", "c4")]
    s = v.apply(s, Action({"from": "c2", "to": "c3", "take": "c4"}))
    assert set(s.to_json()["board"]) == {"c3", "c1", "e5"}
    # From c3 (with diagonals) c3-d4 approaches e5, and c3-c2 (back, southward: a new
    # direction) approaches c1: the chain may go on either way, or stop.
    acts = v.legal_actions(s)
    assert {json_key(a) for a in acts} == {("c3", "d4", "e5"), ("c3", "c2", "c1"), "pass"}


def json_key(a):
    return "pass" if a.get("pass") else (a["from"], a["to"], a["take"])


def test_a_chain_may_not_go_on_in_the_same_direction(tmp_path):
    v = _compile(tmp_path, FANORONA_5X5)
    s = _state(v, {"c2": 0, "c1": 1, "c5": 1})
    # c2-c3 withdraws from c1; c3-c4 would approach c5, but northward again: the turn ends.
    s = v.apply(s, Action({"from": "c2", "to": "c3", "take": "c1"}))
    assert s.to_json()["to_move"] == 1
    # With the option off, the chain goes on northward (or stops).
    data = _state(v, {"c2": 0, "c1": 1, "c5": 1}).to_json()
    data["options"] = {"new_direction": False}
    s = v.apply(v.state_from_json(data), Action({"from": "c2", "to": "c3", "take": "c1"}))
    assert {json_key(a) for a in v.legal_actions(s)} == {("c3", "c4", "c5"), "pass"}


CIRCUIT = '["b4", "b3", "b2", "b1", "a2", "b2", "c2", "d2", "c1", "c2", "c3", "c4", "d3", "c3", "b3", "a3"]'


def test_a_run_along_the_circuit_takes_through_a_loop(tmp_path):
    text = (
        _clause(1, 'board = { shape = "grid", size = [4, 4] }')
        + _clause(2, 'pieces = { p = {} }\nsetup = { place = [ { seat = 0, piece = "p", at = "b1" }, { seat = 1, piece = "p", at = "a3" } ] }')
        + _clause(3, 'move = { kind = "step", dirs = "orthogonal" }')
        + _clause(4, f'move = {{ kind = "circuit", tracks = [ {CIRCUIT} ], to = "enemy" }}')
    )
    v = _compile(tmp_path, text)
    s = v.new_game()
    # Steps a1 c1 b2, and a3 taken either way round: up the b column and through the a3-b4
    # loop, or through the b1-a2 loop and on round the whole circuit. Four actions.
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["a1", "a3", "b2", "c1"]
    s = v.apply(s, Action({"from": "b1", "to": "a3"}))
    assert s.to_json()["board"] == {"a3": [0, "p", 1]}
    # With runs to empty points too: every empty point after the b1-a2 loop (a2 b2 c2 d2 c1
    # c3 c4 d3 b3), the steps (a1 c1 b2) and the take (a3): eleven.
    v = _compile(tmp_path, text + _clause(5, f'move = {{ kind = "circuit", tracks = [ {CIRCUIT} ], to = "empty" }}'))
    assert len(v.legal_actions(v.new_game())) == 11
