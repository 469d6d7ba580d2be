"""Hand-worked positions for the vocabulary the race-to-a-goal files of the pieces mechanic
(games/rulesets/race/: Breakthrough, Knightthrough, Halma and their kin) added."""
from __future__ import annotations

import pytest

from games.engine.rules import RulesFileError, compile_file

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
board = { shape = "grid", size = [%d, %d]%s }

[[clause]]
id = "EX-2"
text = "Pieces."
pieces = { man = {} }
setup = { place = [ { seat = 0, piece = "man", at = "a1" }, { seat = 1, piece = "man", at = "b2" } ] }
"""


def _compile(tmp_path, body: str, size=(8, 8), regions=""):
    folder = tmp_path / "rulesets" / "race"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "example.toml"
    path.write_text(HEAD % (size + (f", regions = {{ {regions} }}" if regions else "",)) + body, encoding="utf-8")
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


CHAIN = """
[[clause]]
id = "EX-3"
text = "Steps."
move = { kind = "step", dirs = "all" }

[[clause]]
id = "EX-4"
text = "Hops over any piece, taking nothing, in chains."
move = { kind = "hop", dirs = "all", over = "any", capture = false, continue = "may" }
"""


def test_a_chain_of_hops_taking_nothing_goes_on_never_back_to_a_site_of_the_chain(tmp_path):
    v = _compile(tmp_path, CHAIN, size=(5, 5))
    board = {"a1": [0, "man", 1], "b2": [1, "man", 1], "d4": [1, "man", 1]}
    s, moves = _moves(v, board)
    # a1 steps to a2 or b1 (b2 is taken) or hops over b2 to c3.
    assert moves == [("a1", "a2"), ("a1", "b1"), ("a1", "c3")]
    s = v.apply(s, {"from": "a1", "to": "c3"})
    # The turn stays: c3 may hop on over d4 to e5 (not back over b2 to a1, where it stood), or stop.
    assert v.to_move(s) == 0 and s.to_json()["pending"]["site"] == "c3"
    sim = v.fast(s)
    assert [sim.action(m) for m in sim.moves()] == v.legal_actions(s)
    assert sorted(map(str, (a.to_json() for a in v.legal_actions(s)))) == sorted(
        map(str, ({"from": "c3", "to": "e5"}, {"pass": True})))
    s2 = v.apply(s, {"from": "c3", "to": "e5"})
    # From e5 the only hop goes back to c3, a site of the chain: the turn ends by itself.
    assert not s2.to_json()["pending"] and s2.to_json()["to_move"] == 1
    s3 = v.apply(s, {"pass": True})
    assert s3.to_json()["board"]["c3"][0] == 0 and s3.to_json()["to_move"] == 1
    # A step never chains.
    s4 = v.apply(v.state_from_json({"board": board, "to_move": 0}), {"from": "a1", "to": "a2"})
    assert s4.to_json()["to_move"] == 1


def test_a_piece_kept_in_its_region_never_leaves_it(tmp_path):
    v = _compile(tmp_path, CHAIN + """
[[clause]]
id = "EX-5"
text = "A camp."
constraint = { keep_in = ["camp", "camp"] }
""", size=(5, 5), regions='camp = "c3 d3 e3 c4 d4 e4 c5 d5 e5"')
    board = {"c3": [0, "man", 1], "a1": [0, "man", 1], "b2": [1, "man", 1], "d4": [1, "man", 1]}
    _, moves = _moves(v, board)
    # c3, in its camp, steps only within it (c4 d3; d4 is taken), hops over d4 to e5; a1, outside,
    # moves freely (a2 b1; c3 is taken, so no hop over b2).
    assert moves == [("a1", "a2"), ("a1", "b1"), ("c3", "c4"), ("c3", "d3"), ("c3", "e5")]


def test_a_piece_stuck_in_its_region_does_not_move_and_every_piece_there_wins(tmp_path):
    v = _compile(tmp_path, CHAIN + """
[[clause]]
id = "EX-5"
text = "Sanctuaries."
constraint = { stuck_in = "edge" }

[[clause]]
id = "EX-6"
text = "All in the sanctuaries."
end = { kind = "fill", seat = 0, region = "edge", every_piece = true }
""", size=(5, 5))
    board = {"a1": [0, "man", 1], "c3": [0, "man", 1], "d4": [1, "man", 1]}
    s, moves = _moves(v, board)
    # a1, on the edge, stays; c3 steps to its seven empty neighbours or hops over d4 to e5.
    assert moves == [("c3", t) for t in ("b2", "b3", "b4", "c2", "c4", "d2", "d3", "e5")]
    # Hopping to e5 brings every piece of the first seat onto the edge, not filling it: a win.
    s = v.apply(s, {"from": "c3", "to": "e5"})
    assert v.outcome(s) is not None and s.to_json()["over"]["winner"] == 0
    # Only the start of the turn counts: a chain landing on the edge goes on (e5 over e4 to e3).
    board = {"c3": [0, "man", 1], "b3": [0, "man", 1], "d4": [1, "man", 1], "e4": [1, "man", 1]}
    s = v.apply(v.state_from_json({"board": board, "to_move": 0}), {"from": "c3", "to": "e5"})
    assert v.outcome(s) is None and v.to_move(s) == 0
    assert sorted(map(str, (a.to_json() for a in v.legal_actions(s)))) == sorted(
        map(str, ({"from": "e5", "to": "e3"}, {"pass": True})))


def test_compulsory_hops_a_chain_that_must_go_on_and_a_formation_end(tmp_path):
    v = _compile(tmp_path, """
[[clause]]
id = "EX-3"
text = "Diagonal steps."
move = { kind = "step", dirs = "diagonal" }

[[clause]]
id = "EX-4"
text = "Jumps over enemies, on while they can."
move = { kind = "hop", dirs = "diagonal", over = "enemy", capture = false, continue = "must" }

[[clause]]
id = "EX-5"
text = "Jumps must be made."
constraint = { compulsory = "hops" }

[[clause]]
id = "EX-6"
text = "The man to e5 wins; the other seat's to a1."
end = { kind = "formation", at = { man = "e5" }, mirror = "rotate" }
""", size=(5, 5))
    board = {"a1": [0, "man", 1], "b2": [1, "man", 1], "d4": [1, "man", 1], "e1": [1, "man", 1]}
    s, moves = _moves(v, board)
    # a1 must jump b2 (its step to b2 is barred, a2/b1 are not diagonal): only a1-c3.
    assert moves == [("a1", "c3")]
    s = v.apply(s, {"from": "a1", "to": "c3"})
    # From c3 it must go on over d4 to e5 (no stopping: no pass), never back to a1.
    assert [a.to_json() for a in v.legal_actions(s)] == [{"from": "c3", "to": "e5"}]
    s = v.apply(s, {"from": "c3", "to": "e5"})
    assert s.to_json()["over"]["winner"] == 0  # the man on e5: the first seat's formation
    # The second seat's goal is the site turned half round: a1.
    s = v.state_from_json({"board": {"b2": [1, "man", 1], "e3": [0, "man", 1]}, "to_move": 1})
    s = v.apply(s, {"from": "b2", "to": "a1"})
    assert s.to_json()["over"]["winner"] == 1


def test_a_formation_site_must_be_one_site(tmp_path):
    # A kind's goal is one square: a list or a range names the field and says so, as every
    # other bad value does, rather than failing inside the compiler.
    for site in ('"b8 c8"', '"a1:b2"'):
        with pytest.raises(RulesFileError, match=r"example.toml:\d+: clause\[4\]\.end\.at\.man: must name one site, got \d"):
            _compile(tmp_path, f"""
[[clause]]
id = "EX-3"
text = "Steps."
move = {{ kind = "step", dirs = "orthogonal" }}

[[clause]]
id = "EX-6"
text = "The man to b8 wins."
end = {{ kind = "formation", at = {{ man = {site} }} }}
""", size=(5, 8))


def test_a_leap_across_a_region_passes_only_over_it_and_a_barred_region_is_never_entered(tmp_path):
    # A 7x9 board with Jungle's left river (b4:c6). A leap of (0, 4) or (3, 0), blocked, across
    # the water and never landing in it: from a5 only to d5 (over b5 c5); from b3 only to b7.
    v = _compile(tmp_path, """
[[clause]]
id = "EX-3"
text = "River leaps."
move = { kind = "leap", offsets = [[0, 4], [3, 0]], blocked = true, across = "water", avoid = ["water"], to = "empty-or-enemy" }

[[clause]]
id = "EX-4"
text = "Steps, never into one's own den."
move = { kind = "step", dirs = "orthogonal", avoid = ["water"] }
constraint = { barred = ["den0", "den1"] }
""", size=(7, 9), regions='water = "b4:c6", den0 = "d1", den1 = "d9"')
    _, moves = _moves(v, {"a5": [0, "man", 1], "b3": [0, "man", 1], "g9": [1, "man", 1]})
    assert [t for f, t in moves if f == "a5"] == ["a4", "a6", "d5"]
    assert [t for f, t in moves if f == "b3"] == ["a3", "b2", "b7", "c3"]
    # A piece in the water on the way blocks the leap.
    _, moves = _moves(v, {"a5": [0, "man", 1], "c5": [1, "man", 1], "g9": [1, "man", 1]})
    assert [t for f, t in moves if f == "a5"] == ["a4", "a6"]
    # The first seat never steps into d1 (its den); the second seat may.
    _, moves = _moves(v, {"c1": [0, "man", 1], "e1": [1, "man", 1]})
    assert [t for f, t in moves if f == "c1"] == ["b1", "c2"]
    _, moves = _moves(v, {"c1": [0, "man", 1], "e1": [1, "man", 1]}, to_move=1)
    assert [t for f, t in moves if f == "e1"] == ["d1", "e2", "f1"]
