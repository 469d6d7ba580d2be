"""Hand-worked positions for the vocabulary the race-to-a-goal files of the pieces mechanic
(games/rulesets/race/: Breakthrough, Knightthrough, Halma and their kin) added."""
from __future__ import annotations

from games.engine.rules import compile_file

HEAD = """\
key = "race.example"
title = "Example"
mechanic = "pieces"
game = { dlp = 47, name = "Knightthrough" }
ruleset = { dlp = 0, name = "Ours" }
source = "dlp-2020"
locator = "DLP.GameRulesets.74"

[[clause]]
id = "EX-1"
text = "A board."
board = { shape = "grid", size = [%d, %d] }

[[clause]]
id = "EX-2"
text = "Pieces."
pieces = { man = {} }
setup = { place = [ { seat = 0, piece = "man", at = "a1" }, { seat = 1, piece = "man", at = "h8" } ] }
"""


def _compile(tmp_path, body: str, size=(8, 8)):
    folder = tmp_path / "rulesets" / "race"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "example.toml"
    path.write_text(HEAD % size + body, encoding="utf-8")
    return compile_file(path, tmp_path)


def _moves(v, board, to_move=0, **extra):
    """The legal (from, to) pairs, checked equal on the fast path."""
    s = v.state_from_json({"board": board, "to_move": to_move, **extra})
    legal = v.legal_actions(s)
    sim = v.fast(s)
    assert [sim.action(m) for m in sim.moves()] == legal
    return s, sorted((a.get("from", ""), a.get("to", "")) if "pass" not in a else ("pass", "") for a in legal)


def test_a_leap_may_be_limited_to_those_going_forward_or_backward_at_all(tmp_path):
    # A knight on d4: eight leaps. "forward" keeps the four going up the board for the first
    # seat (c6 e6 b5 f5), down for the second; "backward" the other four; true (shogi's knight)
    # only the two going forward more than sideways.
    for ahead, white, black in (
        ('"forward"', ["b5", "c6", "e6", "f5"], ["b3", "c2", "e2", "f3"]),
        ('"backward"', ["b3", "c2", "e2", "f3"], ["b5", "c6", "e6", "f5"]),
        ("true", ["c6", "e6"], ["c2", "e2"]),
    ):
        v = _compile(tmp_path, f"""
[[clause]]
id = "EX-3"
text = "Knight leaps."
move = {{ kind = "leap", offsets = [[1, 2]], ahead = {ahead}, to = "empty-or-enemy" }}
""")
        _, moves = _moves(v, {"d4": [0, "man", 1], "h8": [1, "man", 1]})
        assert [t for f, t in moves if f == "d4"] == white
        _, moves = _moves(v, {"d4": [1, "man", 1], "a1": [0, "man", 1]}, to_move=1)
        assert [t for f, t in moves if f == "d4"] == black
