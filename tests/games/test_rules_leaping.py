"""Hand-worked legal-move counts for the leaping capture games' vocabulary (the pieces
mechanic): a side that passes when it cannot move, and the other constructs the draughts and
hunt files use. Each test sets a position and counts the moves by hand."""
from __future__ import annotations

import pytest

from games.engine.rules import compile_file
from games.engine.rules.loader import RulesFileError

HEAD = """\
key = "war.example"
title = "Example"
mechanic = "pieces"
game = { dlp = 24, name = "Alquerque" }
ruleset = { dlp = 0, name = "Ours" }
source = "dlp-2020"
locator = "DLP.GameRulesets.52"

[[clause]]
id = "EX-1"
text = "A board."
board = { shape = "grid", size = [%d, %d] }

[[clause]]
id = "EX-2"
text = "Pieces."
pieces = { man = {}, king = {} }
setup = { place = [ { seat = 0, piece = "man", at = "a1" }, { seat = 1, piece = "man", at = "c3" } ] }
"""


def _compile(tmp_path, body: str, size=(8, 8)):
    folder = tmp_path / "rulesets" / "war"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "example.toml"
    path.write_text(HEAD % size + body, encoding="utf-8")
    return compile_file(path, tmp_path)


def _moves(v, board, to_move=0, **extra):
    s = v.state_from_json({"board": board, "to_move": to_move, **extra})
    return s, sorted((a.get("from", ""), a.get("to", "")) if "pass" not in a else ("pass", "") for a in v.legal_actions(s))


PASSING = """
[[clause]]
id = "EX-3"
text = "Men step forward diagonally; kings step diagonally."
move = { kind = "step", pieces = ["man"], dirs = "forward-diagonal" }

[[clause]]
id = "EX-4"
text = "Kings step."
move = { kind = "step", pieces = ["king"], dirs = "diagonal" }

[[clause]]
id = "EX-5"
text = "The first seat passes when blocked; the second loses."
end = { kind = "no-moves", result = "pass", seats = [0] }

[[clause]]
id = "EX-6"
text = "The second seat loses when blocked."
end = { kind = "no-moves", result = "loss", seats = [1] }
"""


def test_a_blocked_side_passes_where_its_no_moves_end_says_so(tmp_path):
    v = _compile(tmp_path, PASSING)
    # White's man on h8 has no forward square: White passes, the only move.
    s, moves = _moves(v, {"h8": [0, "man", 1], "a1": [1, "king", 1]})
    assert moves == [("pass", "")]
    assert v.outcome(s) is None
    s = v.apply(s, {"pass": True})
    # Black's king on a1 has one move, b2.
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["b2"]
    # Black blocked: its end is a loss, not a pass.
    s, moves = _moves(v, {"a1": [1, "king", 1], "b2": [0, "man", 1]}, to_move=1)
    assert moves == [] and v.outcome(s).winner == 0
    # Both blocked (White passes but Black cannot answer): a draw, not passes for ever.
    s, _ = _moves(v, {"h8": [0, "man", 1], "a1": [1, "man", 1]})
    assert v.outcome(s) is not None and v.outcome(s).winner is None


def test_a_no_moves_end_checks_its_seats_and_result(tmp_path):
    with pytest.raises(RulesFileError, match=r"end\.seats: must list seats"):
        _compile(tmp_path, PASSING.replace("seats = [0]", "seats = [3]"))
    with pytest.raises(RulesFileError, match=r"end\.result: must be"):
        _compile(tmp_path, PASSING.replace('result = "pass"', 'result = "skip"'))


RING = """\
key = "war.example"
title = "Example"
mechanic = "pieces"
game = { dlp = 24, name = "Alquerque" }
ruleset = { dlp = 0, name = "Ours" }
source = "dlp-2020"
locator = "DLP.GameRulesets.52"

[[clause]]
id = "EX-1"
text = "A ring of six points round a centre, and a tip joined to two points 36 degrees apart."
board = { shape = "graph", sites = [ ["r0", 1.0, 0.0], ["r1", 0.5, 0.866], ["r2", -0.5, 0.866], ["r3", -1.0, 0.0], ["r4", -0.5, -0.866], ["r5", 0.5, -0.866], ["c", 0.0, 0.0], ["t", 0.0, 3.0], ["u", -0.3, 2.0], ["v", 0.3, 2.0] ], edges = [ ["c", "r0"], ["c", "r3"], ["t", "u"], ["t", "v"] ], lines = [ ["r0", "r1", "r2", "r3", "r4", "r5", "r0"] ] }

[[clause]]
id = "EX-2"
text = "Pieces."
pieces = { man = {} }
setup = { place = [ { seat = 0, piece = "man", at = "r0" }, { seat = 1, piece = "man", at = "r1" } ] }

[[clause]]
id = "EX-3"
text = "Step and hop."
move = { kind = "step", dirs = "all" }

[[clause]]
id = "EX-4"
text = "Hop along the lines."
move = { kind = "hop", dirs = "all", over = "enemy", capture = true }
"""


def _ring(tmp_path):
    folder = tmp_path / "rulesets" / "war"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "example.toml"
    path.write_text(RING, encoding="utf-8")
    return compile_file(path, tmp_path)


def test_a_hop_on_a_board_with_lines_follows_the_line_it_came_by(tmp_path):
    v = _ring(tmp_path)
    # r0 with enemies on r1 and r5: steps to c only; hops round the ring to r2 and r4 (not on
    # across the centre, which the ring's lines do not pass): 3 moves.
    _, moves = _moves(v, {"r0": [0, "man", 1], "r1": [1, "man", 1], "r5": [1, "man", 1]})
    assert moves == [("r0", "c"), ("r0", "r2"), ("r0", "r4")]
    # The ring closes: from r5 over r0 to r1.
    _, moves = _moves(v, {"r5": [0, "man", 1], "r0": [1, "man", 1], "r4": [0, "man", 1]})
    assert moves == [("r4", "r3"), ("r5", "r1")]
    # A plain edge carries no hop: c over r0 goes nowhere (r0 is no line's middle from c).
    _, moves = _moves(v, {"c": [0, "man", 1], "r0": [1, "man", 1], "r3": [1, "man", 1]})
    assert moves == []


def test_two_neighbours_in_one_compass_direction_are_both_kept(tmp_path):
    v = _ring(tmp_path)
    # u and v both lie south of t (36 degrees apart): t steps to either.
    _, moves = _moves(v, {"t": [0, "man", 1], "r3": [1, "man", 1]})
    assert moves == [("t", "u"), ("t", "v")]


DRAUGHTS = """
[[clause]]
id = "EX-3"
text = "Men step forward diagonally and take in all four diagonal directions."
move = { kind = "step", pieces = ["man"], dirs = "forward-diagonal" }

[[clause]]
id = "EX-4"
text = "Men hop."
move = { kind = "hop", pieces = ["man"], dirs = "diagonal", over = "enemy", capture = true, continue = "must", taken = "turn-end" }

[[clause]]
id = "EX-5"
text = "Kings slide and fly."
move = { kind = "slide", pieces = ["king"], dirs = "diagonal" }

[[clause]]
id = "EX-6"
text = "Kings take from a distance."
move = { kind = "hop", pieces = ["king"], dirs = "diagonal", over = "enemy", capture = true, continue = "must", flying = true, taken = "turn-end" }

[[clause]]
id = "EX-7"
text = "Crowned where the turn ends."
promote = { pieces = ["man"], to = "king", zone = "far-rank", at_end = true }
"""


def test_a_flying_king_takes_from_a_distance_and_lands_anywhere_beyond(tmp_path):
    v = _compile(tmp_path, DRAUGHTS)
    # King a1, enemy d4: slides to b2 c3; takes d4 landing e5 f6 g7 h8. Black men on the
    # other diagonals do not matter. 6 moves.
    _, moves = _moves(v, {"a1": [0, "king", 1], "d4": [1, "man", 1]})
    assert moves == [("a1", "b2"), ("a1", "c3"), ("a1", "e5"), ("a1", "f6"), ("a1", "g7"), ("a1", "h8")]
    # A friend or two pieces in a row stop it: king a1, enemies d4 e5: no capture, 2 slides.
    _, moves = _moves(v, {"a1": [0, "king", 1], "d4": [1, "man", 1], "e5": [1, "man", 1]})
    assert moves == [("a1", "b2"), ("a1", "c3")]


def test_pieces_taken_leave_the_board_when_the_turn_ends(tmp_path):
    v = _compile(tmp_path, DRAUGHTS)
    s, moves = _moves(v, {"c1": [0, "man", 1], "d2": [1, "man", 1], "d4": [1, "man", 1], "f4": [1, "man", 1],
                          "h8": [1, "man", 1]})
    assert ("c1", "e3") in moves
    s = v.apply(s, {"from": "c1", "to": "e3"})
    data = s.to_json()
    # d2 is taken but still stands, marked dead; from e3 the man may take d4 (to c5) or f4
    # (to g5), not d2 again (back to c1): 2 moves.
    assert data["board"]["d2"] == [1, "man", 1] and data["dead"] == ["d2"]
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["c5", "g5"]
    s = v.apply(s, {"from": "e3", "to": "g5"})
    # f4 taken; nothing more from g5: the turn ends, d2 and f4 leave the board.
    data = s.to_json()
    assert data["to_move"] == 1 and "d2" not in data["board"] and "f4" not in data["board"]
    assert "dead" not in data and data["board"]["d4"] == [1, "man", 1]


def test_a_man_is_crowned_only_where_its_turn_ends(tmp_path):
    v = _compile(tmp_path, DRAUGHTS)
    # b6 takes c7 to d8 on the far row, then must take e7 to f6: still a man at the end.
    s, _ = _moves(v, {"b6": [0, "man", 1], "c7": [1, "man", 1], "e7": [1, "man", 1], "a1": [1, "man", 1]})
    s = v.apply(s, {"from": "b6", "to": "d8"})
    assert s.to_json()["board"]["d8"] == [0, "man", 1]
    s = v.apply(s, {"from": "d8", "to": "f6"})
    assert s.to_json()["board"]["f6"] == [0, "man", 1]
    # With nothing more to take from d8, the man ends its turn there and is crowned.
    s, _ = _moves(v, {"b6": [0, "man", 1], "c7": [1, "man", 1], "a1": [1, "man", 1]})
    s = v.apply(s, {"from": "b6", "to": "d8"})
    assert s.to_json()["board"]["d8"] == [0, "king", 1] and s.to_json()["to_move"] == 1


def test_a_maximum_may_bind_only_some_kinds(tmp_path):
    body = DRAUGHTS + """
[[clause]]
id = "EX-8"
text = "Captures compulsory; a king's must take most."
constraint = { compulsory = true, maximum = ["king"] }
"""
    v = _compile(tmp_path, body)
    # King a1 over b2 lands c3..h8; only from d4 can it take again (f2, to g1): 2 pieces.
    # The man on h4 takes g5 (to f6): 1 piece, free to choose though shorter.
    board = {"a1": [0, "king", 1], "h4": [0, "man", 1], "b2": [1, "man", 1], "f2": [1, "man", 1],
             "g5": [1, "man", 1]}
    _, moves = _moves(v, board)
    assert moves == [("a1", "d4"), ("h4", "f6")]
    # With every kind bound, the man's single capture goes too.
    v = _compile(tmp_path, body.replace('maximum = ["king"]', "maximum = true"))
    _, moves = _moves(v, board)
    assert moves == [("a1", "d4")]


def test_several_setup_clauses_add_pieces_and_an_option_can_leave_one_out(tmp_path):
    body = PASSING + """
[[clause]]
id = "EX-7"
text = "A second white man on e1, while the option is on."
option = "extra"
setup = { place = [ { seat = 0, piece = "man", at = "e1" } ] }

[options.extra]
default = true
help = "The extra man."
"""
    v = _compile(tmp_path, body)
    # a1 (b2) and e1 (d2, f2): 3 moves; without the option, a1's 1.
    s = v.new_game()
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["b2", "d2", "f2"]
    s = v.new_game({"extra": False})
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["b2"]


def test_turn_facing_turns_a_seats_forward_and_its_far_rank(tmp_path):
    body = """
[[clause]]
id = "EX-3"
text = "The first seat faces down the board, the second up."
turn = { facing = ["s", "n"] }
move = { kind = "step", pieces = ["man"], dirs = "forward-diagonal" }

[[clause]]
id = "EX-4"
text = "Crowned on the far rank, the one faced."
promote = { pieces = ["man"], to = "king", zone = "far-rank" }
"""
    v = _compile(tmp_path, body)
    # White (seat 0) on d4 steps to c3 or e3; Black (seat 1) on d4 to c5 or e5.
    _, moves = _moves(v, {"d4": [0, "man", 1], "h8": [1, "man", 1]})
    assert moves == [("d4", "c3"), ("d4", "e3")]
    _, moves = _moves(v, {"d4": [1, "man", 1], "a1": [0, "man", 1]}, to_move=1)
    assert moves == [("d4", "c5"), ("d4", "e5")]
    # White's far rank is rank 1: b2 to a1 crowns.
    s, _ = _moves(v, {"b2": [0, "man", 1], "h8": [1, "man", 1]})
    s = v.apply(s, {"from": "b2", "to": "a1"})
    assert s.to_json()["board"]["a1"] == [0, "king", 1]
    from games.engine.rules.loader import RulesFileError as E
    with pytest.raises(E, match=r"turn\.facing: must list 2 compass directions"):
        _compile(tmp_path, body.replace('["s", "n"]', '["down", "n"]'))


def test_a_promotion_zone_may_differ_by_seat(tmp_path):
    body = """
[[clause]]
id = "EX-3"
text = "Men step any way."
move = { kind = "step", pieces = ["man"], dirs = "all" }

[[clause]]
id = "EX-4"
text = "White is crowned on h8, Black on a1 only."
promote = { pieces = ["man"], to = "king", zone = ["top", "bottom"] }
"""
    folder = tmp_path / "rulesets" / "war"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "example.toml"
    text = (HEAD % (8, 8)).replace('size = [8, 8] }', 'size = [8, 8], regions = { top = "h8", bottom = "a1" } }') + body
    path.write_text(text, encoding="utf-8")
    v = compile_file(path, tmp_path)
    s, _ = _moves(v, {"g7": [0, "man", 1], "b2": [1, "man", 1]})
    # White g7 to h8 (its corner) crowns; to a1 it would not, Black's corner.
    kinds = {a["to"]: v.apply(s, a).to_json()["board"][a["to"]][1] for a in v.legal_actions(s)}
    assert kinds == {"f6": "man", "g6": "man", "h6": "man", "f7": "man", "h7": "man", "f8": "man",
                     "g8": "man", "h8": "king"}


def test_a_hop_may_land_on_an_enemy_and_take_it(tmp_path):
    body = """
[[clause]]
id = "EX-3"
text = "Steps along rows and columns; a hop over a friend onto an enemy takes it."
move = { kind = "step", dirs = "orthogonal" }

[[clause]]
id = "EX-4"
text = "Kono's hop."
move = { kind = "hop", dirs = "orthogonal", over = "friend", to = "enemy", capture = false }
"""
    v = _compile(tmp_path, body)
    # a1 over its b1 onto c1 (Black's); a1 up to a2; b1 up to b2. b1 cannot hop c1 (an
    # enemy, not a friend) nor step onto it: 3 moves.
    s, moves = _moves(v, {"a1": [0, "man", 1], "b1": [0, "man", 1], "c1": [1, "man", 1], "h8": [1, "man", 1]})
    assert moves == [("a1", "a2"), ("a1", "c1"), ("b1", "b2")]
    s = v.apply(s, {"from": "a1", "to": "c1"})
    data = s.to_json()
    assert data["board"]["c1"] == [0, "man", 1] and "a1" not in data["board"] and data["scores"] == [1, 0]
    # Onto an empty site the hop does not go: with c1 empty, a1's moves are a2 only.
    _, moves = _moves(v, {"a1": [0, "man", 1], "b1": [0, "man", 1], "h8": [1, "man", 1]})
    assert [m for m in moves if m[0] == "a1"] == [("a1", "a2")]


def test_a_side_wins_by_filling_a_region(tmp_path):
    body = """
[[clause]]
id = "EX-3"
text = "Men step any way."
move = { kind = "step", pieces = ["man"], dirs = "all" }

[[clause]]
id = "EX-4"
text = "White wins with men on both a8 and b8."
end = { kind = "fill", seat = 0, region = "goal" }
"""
    folder = tmp_path / "rulesets" / "war"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "example.toml"
    text = (HEAD % (8, 8)).replace('size = [8, 8] }', 'size = [8, 8], regions = { goal = "a8 b8" } }') + body
    path.write_text(text, encoding="utf-8")
    v = compile_file(path, tmp_path)
    s, _ = _moves(v, {"a8": [0, "man", 1], "c7": [0, "man", 1], "h1": [1, "man", 1]})
    # c7 to b8 fills the goal: White wins; c7 to b7 does not.
    assert v.outcome(v.apply(s, {"from": "c7", "to": "b8"})).winner == 0
    assert v.outcome(v.apply(s, {"from": "c7", "to": "b7"})) is None
    # Black's man on b8 leaves it unfilled for White.
    s, _ = _moves(v, {"a8": [0, "man", 1], "c7": [0, "man", 1], "b8": [1, "man", 1]})
    assert v.outcome(v.apply(s, {"from": "c7", "to": "c8"})) is None


def test_a_no_moves_end_may_hold_only_where_a_piece_stands(tmp_path):
    body = """
[[clause]]
id = "EX-3"
text = "Kings step."
move = { kind = "step", pieces = ["king"], dirs = "orthogonal" }

[[clause]]
id = "EX-4"
text = "Black, blocked on a8, loses."
end = { kind = "no-moves", result = "loss", seats = [1], where = "trap" }

[[clause]]
id = "EX-5"
text = "Blocked elsewhere, a player passes."
end = { kind = "no-moves", result = "pass" }
"""
    folder = tmp_path / "rulesets" / "war"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "example.toml"
    text = (HEAD % (8, 8)).replace('size = [8, 8] }', 'size = [8, 8], regions = { trap = "a8" } }') + body
    path.write_text(text, encoding="utf-8")
    v = compile_file(path, tmp_path)
    # Black's king on a8 hemmed by b8 and a7: Black loses.
    s, moves = _moves(v, {"a8": [1, "king", 1], "b8": [0, "man", 1], "a7": [0, "man", 1], "h1": [0, "king", 1]}, to_move=1)
    assert moves == [] and v.outcome(s).winner == 0
    # The same block on h8: Black passes (White's h1 king can move).
    s, moves = _moves(v, {"h8": [1, "king", 1], "g8": [0, "man", 1], "h7": [0, "man", 1], "h1": [0, "king", 1]}, to_move=1)
    assert moves == [("pass", "")] and v.outcome(s) is None


KONANE = """
[[clause]]
id = "EX-3"
text = "The first player lifts a piece of its own from a1 or h8; the second one next to the gap."
move = { kind = "lift", region = "opening", at_turn = 0 }

[[clause]]
id = "EX-4"
text = "Lift next to the gap."
move = { kind = "lift", next_to_empty = true, at_turn = 1 }

[[clause]]
id = "EX-5"
text = "Then only jumps, going on straight."
move = { kind = "hop", dirs = "orthogonal", over = "enemy", capture = true, continue = "straight", taken = "turn-end" }
"""


def _konane(tmp_path):
    folder = tmp_path / "rulesets" / "war"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "example.toml"
    text = (HEAD % (8, 8)).replace('size = [8, 8] }', 'size = [8, 8], regions = { opening = "a1 h8" } }') + KONANE
    path.write_text(text, encoding="utf-8")
    return compile_file(path, tmp_path)


def test_opening_lifts_take_off_ones_own_piece_on_the_turns_named(tmp_path):
    v = _konane(tmp_path)
    board = {"a1": [0, "man", 1], "b1": [1, "man", 1], "a2": [1, "man", 1], "h8": [1, "man", 1], "c1": [0, "man", 1]}
    # Turn 0: White lifts its a1 (in the region; h8 is Black's, c1 outside): 1 move.
    s = v.state_from_json({"board": board, "to_move": 0, "turn": 0})
    assert [a.to_json() for a in v.legal_actions(s)] == [{"remove": "a1"}]
    s = v.apply(s, {"remove": "a1"})
    # Turn 1: Black lifts a piece next to an empty square: b1 or a2 beside the gap, and h8
    # too on this sparse board (on Konane's full board only the gap is empty): 3 moves.
    assert sorted(a["remove"] for a in v.legal_actions(s)) == ["a2", "b1", "h8"]
    s = v.apply(s, {"remove": "b1"})
    assert s.to_json()["scores"] == [0, 0] and s.to_json()["to_move"] == 0


def test_a_straight_chain_goes_on_only_in_its_direction(tmp_path):
    v = _konane(tmp_path)
    # a1 jumps a2 to a3; from a3 it may go on over a4 to a5 (straight) but not over b3 to
    # c3 (a turn), or stop: 2 moves.
    board = {"a1": [0, "man", 1], "a2": [1, "man", 1], "a4": [1, "man", 1], "b3": [1, "man", 1]}
    s = v.state_from_json({"board": board, "to_move": 0, "turn": 5})
    assert [a["to"] for a in v.legal_actions(s)] == ["a3"]
    s = v.apply(s, {"from": "a1", "to": "a3"})
    assert sorted(str(a.to_json()) for a in v.legal_actions(s)) == [str({"from": "a3", "to": "a5"}), str({"pass": True})]
    # With nothing straight ahead the turn ends at once (no pass to play).
    board = {"a1": [0, "man", 1], "a2": [1, "man", 1], "b3": [1, "man", 1]}
    s = v.apply(v.state_from_json({"board": board, "to_move": 0, "turn": 5}), {"from": "a1", "to": "a3"})
    assert s.to_json()["to_move"] == 1
