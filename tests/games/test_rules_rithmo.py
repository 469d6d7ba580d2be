"""Rithmomachia after Stigter (war/rithmomachia.toml, DLP.GameRulesets.165), worked by hand
from the DLP's rules text.

Kinds are named by shape and number (hooks_rithmo.py): ``circle-16``, ``triangle-9``,
``square-45``, and a pyramid by its parts from the base up, ``pyramid-s64-s49-t36-t25-c16``. A
move is written ``from-to``, or ``from-to=KIND`` where it takes one part of a pyramid (the kind
the pyramid becomes).
"""
from __future__ import annotations

import random
from typing import Any

from games.engine import get_variant
from games.engine.rules.hooks import HOOKS
from games.engine.rules.hooks_rithmo import _is_progression

KEY = "war.rithmomachia"
WP = "pyramid-s36-s25-t16-t9-c4-c1"
BP = "pyramid-s64-s49-t36-t25-c16"

# Both pyramids in far corners, out of the way unless a test wants them.
BASE = {"a1": [0, WP, 1], "h16": [1, BP, 1]}


def position(board: dict[str, list], to_move: int = 0, base: dict | None = None) -> Any:
    v = get_variant(KEY)
    return v.game.sim_from_json({"board": {**(BASE if base is None else base), **board}, "to_move": to_move,
                                 "turn": 10}, {})


def names(sim: Any, at: str | None = None, to: str | None = None) -> set[str]:
    b = sim.game.board.names
    out = set()
    for m in sim.moves():
        if at is not None and b[m[1]] != at or to is not None and b[m[2]] != to:
            continue
        out.add(f"{b[m[1]]}-{b[m[2]]}" + (f"={sim.game.kinds[m[5]]}" if m[5] >= 0 else ""))
    return out


def play(sim: Any, text: str) -> None:
    b = sim.game.board.names
    for m in sim.moves():
        if text == f"{b[m[1]]}-{b[m[2]]}" + (f"={sim.game.kinds[m[5]]}" if m[5] >= 0 else ""):
            sim.play(m)
            return
    raise AssertionError(f"{text} is not legal: {sorted(names(sim))}")


def board(sim: Any) -> dict[str, list]:
    return sim.to_json()["board"]


def test_the_hook_is_registered_and_the_file_loads() -> None:
    assert "rithmo" in HOOKS
    v = get_variant(KEY)
    # 14 circles, 16 triangles, 14 squares by number; every pyramid left by taking parts.
    assert len(v.game.kinds) == 14 + 16 + 14 + 63 + 31


def test_setup_and_the_opening_moves() -> None:
    # RTH-2, RTH-3: 24 pieces a side, Ludii's arrangement.
    v = get_variant(KEY)
    sim = v.fast(v.new_game())
    cells = board(sim)
    assert sum(1 for c in cells.values() if c[0] == 0) == 24 and sum(1 for c in cells.values() if c[0] == 1) == 24
    assert cells["b2"] == [0, WP, 1] and cells["h15"] == [1, BP, 1]
    assert cells["f4"] == [0, "circle-2", 1] and cells["a1"] == [0, "square-289", 1]
    assert cells["h16"] == [1, "square-361", 1] and cells["c13"] == [1, "circle-3", 1]
    # RTH-4: White begins. The squares b1 and g1 go three along the first row (c1, d1, e1, f1
    # empty); the triangles a3 and h3 two diagonally; the front circles one square forward or
    # sideways to an empty square; every other piece is hemmed in (the pyramid too).
    assert names(sim) == {"b1-e1", "g1-d1", "a3-c5", "h3-f5", "c4-c5", "c4-b4", "d4-d5", "e4-e5",
                          "f4-f5", "f4-g4"}


def test_moves_of_each_shape() -> None:
    # RTH-4: a circle one square orthogonally; a triangle exactly two diagonally; a square
    # exactly three orthogonally.
    sim = position({"d8": [0, "circle-2", 1]})
    assert names(sim, at="d8") == {"d8-d9", "d8-d7", "d8-c8", "d8-e8"}
    sim = position({"d8": [0, "triangle-6", 1]})
    assert names(sim, at="d8") == {"d8-b6", "d8-f6", "d8-b10", "d8-f10"}
    sim = position({"d8": [0, "square-15", 1]})
    assert names(sim, at="d8") == {"d8-d5", "d8-d11", "d8-a8", "d8-g8"}
    # The squares passed must be empty, of either side's pieces.
    sim = position({"d8": [0, "triangle-6", 1], "e9": [1, "circle-3", 1], "c7": [0, "circle-2", 1]})
    assert names(sim, at="d8") == {"d8-f6", "d8-b10"}
    sim = position({"d8": [0, "square-15", 1], "d10": [1, "circle-3", 1], "b8": [0, "circle-2", 1]})
    assert names(sim, at="d8") == {"d8-d5", "d8-g8"}
    # A piece cannot land on its own, nor on an enemy it cannot take.
    sim = position({"d8": [0, "circle-2", 1], "d9": [0, "circle-4", 1], "d7": [1, "circle-3", 1]})
    assert names(sim, at="d8") == {"d8-c8", "d8-e8"}


def test_the_pyramid_moves_as_its_parts() -> None:
    # RTH-5: White's whole pyramid moves as a circle, a triangle or a square: 4 + 4 + 4 moves.
    sim = position({"d8": [0, WP, 1]}, base={"h16": [1, BP, 1]})
    assert names(sim, at="d8") == {"d8-d9", "d8-d7", "d8-c8", "d8-e8", "d8-b6", "d8-f6", "d8-b10", "d8-f10",
                                   "d8-d5", "d8-d11", "d8-a8", "d8-g8"}
    # A pyramid left with its squares only moves as a square.
    sim = position({"d8": [1, "pyramid-s64-s49", 1]}, to_move=1, base={"a1": [0, WP, 1]})
    assert names(sim, at="d8") == {"d8-d5", "d8-d11", "d8-a8", "d8-g8"}


def test_capture_by_multiplication_with_distance() -> None:
    # RTH-6: a circle takes an equal number (distance one) ...
    sim = position({"e7": [0, "circle-4", 1], "e8": [1, "circle-9", 1], "d7": [1, "circle-4", 1]})
    assert names(sim, at="e7", to="e8") == set() and names(sim, at="e7", to="d7") == {"e7-d7"}
    play(sim, "e7-d7")
    assert board(sim)["d7"] == [0, "circle-4", 1] and "e7" not in board(sim)
    # ... a triangle twice its number (6 * 2 = 12), a square three times (15 * 3 = 45).
    sim = position({"d8": [0, "triangle-6", 1], "f10": [1, "triangle-12", 1], "b6": [1, "triangle-16", 1]})
    assert names(sim, at="d8") == {"d8-f10", "d8-f6", "d8-b10"}
    sim = position({"d2": [1, "square-15", 1], "d5": [0, "square-45", 1]}, to_move=1)
    assert "d2-d5" in names(sim, at="d2")


def test_capture_by_division_by_distance() -> None:
    # RTH-7: a white triangle of 72 moving two squares takes a 36 (72 / 2).
    sim = position({"d8": [0, "triangle-72", 1], "f10": [1, "triangle-36", 1]})
    assert "d8-f10" in names(sim, at="d8")
    # Only an exact quotient: a triangle of 25 two squares from a 12 does not take it.
    sim = position({"d8": [0, "triangle-25", 1], "f10": [1, "triangle-12", 1]})
    assert "d8-f10" not in names(sim, at="d8")


def test_two_piece_captures() -> None:
    # RTH-8: the white circle 16 (e7) and triangle 9 (c6, over an empty d7) can both reach e8:
    # 16 + 9 takes Black's 25 there, either of them moving in.
    two = {"e7": [0, "circle-16", 1], "c6": [0, "triangle-9", 1]}
    sim = position({**two, "e8": [1, "circle-25", 1]})
    assert names(sim, to="e8") == {"e7-e8", "c6-e8"}
    play(sim, "c6-e8")
    assert board(sim)["e8"] == [0, "triangle-9", 1] and board(sim)["e7"] == [0, "circle-16", 1]
    # Without the helper (the triangle's way blocked at d7) the circle cannot take 25.
    sim = position({**two, "d7": [0, "circle-2", 1], "e8": [1, "circle-25", 1]})
    assert names(sim, to="e8") == set()
    # RTH-9: 16 - 9 takes a 7.
    sim = position({**two, "e8": [1, "circle-7", 1]})
    assert names(sim, to="e8") == {"e7-e8", "c6-e8"}
    # RTH-10: 4 * 9 takes a 36.
    sim = position({"e7": [0, "circle-4", 1], "c6": [0, "triangle-9", 1], "e8": [1, "triangle-36", 1]})
    assert names(sim, to="e8") == {"e7-e8", "c6-e8"}
    # RTH-11: 20 / 4 takes a 5; 20 / 8 is not exact and takes nothing.
    sim = position({"e7": [0, "circle-4", 1], "c6": [0, "triangle-20", 1], "e8": [1, "circle-5", 1]})
    assert names(sim, to="e8") == {"e7-e8", "c6-e8"}
    sim = position({"e7": [0, "circle-8", 1], "c6": [0, "triangle-20", 1], "e8": [1, "circle-3", 1]})
    assert names(sim, to="e8") == set()


def test_taking_the_pyramid_whole_or_by_parts() -> None:
    # RTH-13: Black's pyramid of a triangle 36 and a circle 16 (sum 52) on e8; White's circles
    # 36 (e7) and 16 (f8) can both step onto it. 36 + 16 = 52 takes it whole (either moving
    # in); 36 alone takes the part t36, 16 alone the part c16, the taker staying put.
    base = {"a1": [0, WP, 1]}
    sim = position({"e7": [0, "circle-36", 1], "f8": [0, "circle-16", 1], "e8": [1, "pyramid-t36-c16", 1],
                    "h1": [1, "circle-3", 1]}, base=base)
    assert names(sim, to="e8") == {"e7-e8", "f8-e8", "e7-e8=pyramid-c16", "f8-e8=pyramid-t36"}
    play(sim, "e7-e8=pyramid-c16")
    assert board(sim)["e8"] == [1, "pyramid-c16", 1] and board(sim)["e7"] == [0, "circle-36", 1]
    play(sim, "h1-g1")
    # The last part taken is the pyramid taken: the taker moves in.
    assert names(sim, to="e8") == {"f8-e8"}
    play(sim, "f8-e8")
    assert board(sim)["e8"] == [0, "circle-16", 1] and "f8" not in board(sim)
    assert not any(c[1].startswith("pyramid") for c in board(sim).values() if c[0] == 1)
    # By its base: the squares' sum, 64 + 49 = 113, is no white number; a pyramid of a square
    # 25 and a circle 4 (base 25, sum 29) is taken whole by a 25.
    sim = position({"e7": [1, "circle-25", 1], "e8": [0, "pyramid-s25-c4", 1]}, to_move=1,
                   base={"h16": [1, BP, 1]})
    assert names(sim, to="e8") == {"e7-e8", "e7-e8=pyramid-c4"}


def test_the_pyramid_takes_as_any_part_or_its_sum() -> None:
    # RTH-14: White's pyramid on d8 moving as a circle takes Black's 9 on d9 (its triangle 9),
    # and moving as a square takes Black's 3 on g8 (its circle 1 times three); by its sum 91
    # it takes nothing of Black's here.
    sim = position({"d8": [0, WP, 1], "d9": [1, "circle-9", 1], "g8": [1, "circle-3", 1],
                    "d7": [1, "circle-5", 1]}, base={"h16": [1, BP, 1]})
    assert names(sim, at="d8", to="d9") == {"d8-d9"}
    assert names(sim, at="d8", to="g8") == {"d8-g8"}
    assert names(sim, at="d8", to="d7") == set()  # 5: no part, 5 * 1; no helper
    # As a helper: the circle 8 on b5 and the pyramid on a6 (its circle 4) both reach b6: 8 + 4
    # takes Black's 12.
    sim = position({"a6": [0, WP, 1], "b5": [0, "circle-8", 1], "b6": [1, "triangle-12", 1]},
                   base={"h16": [1, BP, 1]})
    assert names(sim, to="b6") == {"a6-b6", "b5-b6"}


def test_encirclement_at_once() -> None:
    # RTH-12: Black's circle 9 in the corner a16 can go only to a15 and b16. White's circle 2
    # stands on a15; White's circle 4 steps from c16 to b16: the 9 can take neither (9 is not
    # 2 or 4, and no black piece helps), has no move, and is taken at once.
    sim = position({"a16": [1, "circle-9", 1], "a15": [0, "circle-2", 1], "c16": [0, "circle-4", 1],
                    "d9": [1, "circle-3", 1]})
    play(sim, "c16-b16")
    assert "a16" not in board(sim) and board(sim)["b16"] == [0, "circle-4", 1]
    # A piece hemmed in partly by its own side is not taken.
    sim = position({"a16": [1, "circle-9", 1], "a15": [1, "circle-5", 1], "c16": [0, "circle-4", 1],
                    "d9": [1, "circle-3", 1]})
    play(sim, "c16-b16")
    assert board(sim)["a16"] == [1, "circle-9", 1]
    # Nor one that could take a piece of the ring: the 9 takes a white triangle 9 on a15.
    sim = position({"a16": [1, "circle-9", 1], "a15": [0, "triangle-9", 1], "c16": [0, "circle-4", 1],
                    "d9": [1, "circle-3", 1]})
    play(sim, "c16-b16")
    assert board(sim)["a16"] == [1, "circle-9", 1]
    # A pyramid hemmed in is taken whole: Black's pyramid of two squares on h16 moves only three
    # squares down (over h15, h14) or along (over g16, f16); White's 2 on h15 and 4 stepping to
    # g16 close both ways, and it has no capture (moves that pass a piece reach nothing).
    sim = position({"h16": [1, "pyramid-s64-s49", 1], "h15": [0, "circle-2", 1], "f16": [0, "circle-4", 1],
                    "d9": [1, "circle-3", 1]}, base={"a1": [0, WP, 1]})
    play(sim, "f16-g16")
    assert "h16" not in board(sim)


def test_encirclement_as_a_turn() -> None:
    # RTH-12, option encirclement = turn: nothing is taken at once; the player may take an
    # encircled enemy piece as his whole move.
    v = get_variant(KEY)
    data = {"board": {**BASE, "a16": [1, "circle-9", 1], "a15": [0, "circle-2", 1], "c16": [0, "circle-4", 1],
                      "d9": [1, "circle-3", 1]}, "to_move": 0, "turn": 10}
    sim = v.game.sim_from_json(data, {"encirclement": "turn"})
    play(sim, "c16-b16")
    assert board(sim)["a16"] == [1, "circle-9", 1]
    play(sim, "d9-d10")
    removals = [m for m in sim.moves() if m[1] == m[2]]
    assert len(removals) == 1 and sim.action(removals[0]).to_json() == {"remove": "a16"}
    sim.play(removals[0])
    assert "a16" not in board(sim) and sim.to_move() == 1


def test_progressions() -> None:
    # RTH-15: arithmetic, geometric, harmonic; different numbers.
    assert _is_progression(2, 4, 6) and _is_progression(4, 16, 64) and _is_progression(3, 4, 6)
    assert _is_progression(6, 4, 2) and not _is_progression(4, 4, 4) and not _is_progression(2, 4, 9)


def test_the_goal_needs_the_pyramid_taken_and_a_progression() -> None:
    # RTH-15: circles 2 (a12) and 4 (b12) on Black's half; 6 steps from c11 to c12: 2, 4, 6.
    row = {"a12": [0, "circle-2", 1], "b12": [0, "circle-4", 1], "c11": [0, "circle-6", 1],
           "h1": [1, "circle-3", 1]}
    sim = position(row, base={"a1": [0, WP, 1]})  # Black's pyramid is gone
    play(sim, "c11-c12")
    assert sim.result() == (1.0, 0.0) and sim.over == (0, "progression")
    # With Black's pyramid still on the board, no win.
    sim = position(row)
    play(sim, "c11-c12")
    assert sim.result() is None
    # Spaced two apart along a diagonal (2 on a10, 4 on c12, 6 on e14), a geometric row (4, 16,
    # 64 on a9, b9, c9) and a chevron (2 on a10, the apex 4 on b9, 6 on c10) win too; the same
    # row on White's own half does not.
    for placed, move in (({"a10": [0, "circle-2", 1], "c12": [0, "circle-4", 1], "e13": [0, "circle-6", 1]}, "e13-e14"),
                         ({"a9": [0, "circle-4", 1], "b9": [0, "circle-16", 1], "c10": [0, "circle-64", 1]}, "c10-c9"),
                         ({"a10": [0, "circle-2", 1], "b9": [0, "circle-4", 1], "c11": [0, "circle-6", 1]}, "c11-c10")):
        sim = position({**placed, "h1": [1, "circle-3", 1]}, base={"a1": [0, WP, 1]})
        play(sim, move)
        assert sim.over == (0, "progression"), placed
    sim = position({"a6": [0, "circle-2", 1], "b6": [0, "circle-4", 1], "c5": [0, "circle-6", 1],
                    "h16": [1, "circle-3", 1]}, base={"a1": [0, WP, 1]})
    play(sim, "c5-c6")
    assert sim.result() is None


def test_random_playouts_end() -> None:
    # RTH-16, RTH-17: every game ends (a win, or drawn after 300 turns without a capture).
    v = get_variant(KEY)
    for seed in range(3):
        sim = v.fast(v.new_game())
        rng = random.Random(seed)
        n = 0
        while sim.result() is None:
            sim.play(rng.choice(sim.moves()))
            n += 1
            assert n < 20000
        assert sim.over is not None
