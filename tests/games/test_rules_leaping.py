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
