"""The vocabulary added for the fifth batch of chess-like files, worked by hand:

- ``end = { kind = "moves", limit = N, result = "win", winner = SEAT }`` (Capture the Queen):
  the named seat wins when the limit comes, not a draw;
- ``turn.die_to`` (Dice Shogi): the throw names the file the piece moved or dropped must land
  on; any legal move where none does.
"""
from __future__ import annotations

from typing import Any

from games.engine import get_variant

CQ = "war.capture-the-queen"
DS = "chess.dice-shogi"


def position(key: str, board: dict[str, list], to_move: int = 0, turn: int = 10,
             options: dict | None = None, **extra: Any) -> Any:
    v = get_variant(key)
    return v.game.sim_from_json({"board": board, "to_move": to_move, "turn": turn, **extra}, options or {})


def names(sim: Any) -> set[str]:
    b = sim.game.board.names
    return {f"{b[m[1]]}-{b[m[2]]}" if m[1] >= 0 else "pass" for m in sim.moves()}


def test_capture_the_queen_setup() -> None:
    board = get_variant(CQ).new_game().to_json()["board"]
    assert board == {"b1": [0, "queen", 1], "c1": [0, "queen", 1], "e1": [0, "queen", 1],
                     "f1": [0, "queen", 1], "d8": [1, "queen", 1]}


def test_capture_the_queen_the_hundredth_move_gives_black_the_game() -> None:
    board = {"a1": [0, "queen", 1], "h8": [1, "queen", 1], "c5": [0, "queen", 1]}
    # White to play the hundredth move: a1xh8 takes the queen and wins.
    sim = position(CQ, board, to_move=0, turn=99)
    assert sim.over is None and "a1-h8" in names(sim)
    win = sim.copy()
    win.play(next(m for m in win.moves() if names_of(win, m) == "a1-h8"))
    assert win.outcome().winner == 0
    # Any other move lets the hundred moves run out: Black wins, by the limit, not a draw.
    other = sim.copy()
    other.play(next(m for m in other.moves() if names_of(other, m) == "c5-c6"))
    assert other.outcome() is not None and other.outcome().winner == 1 and other.over[1] == "move-limit"


def test_capture_the_queen_black_taking_every_white_queen_wins() -> None:
    sim = position(CQ, {"a1": [0, "queen", 1], "h8": [1, "queen", 1]}, to_move=1, turn=20)
    sim.play(next(m for m in sim.moves() if names_of(sim, m) == "h8-a1"))
    assert sim.outcome().winner == 1


def names_of(sim: Any, m: Any) -> str:
    b = sim.game.board.names
    return f"{b[m[1]]}-{b[m[2]]}"


def acts(sim: Any) -> set[str]:
    out = set()
    for m in sim.moves():
        a = sim.action(m).to_json()
        out.add(f"{a['from']}-{a['to']}" if a.get("from") else f"{a['piece']}@{a['to']}")
    return out


def throw(sim: Any, face: int) -> None:
    assert sim.is_chance()
    assert [f for f, _ in sim.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
    sim.play(face)
    assert not sim.is_chance()


def test_dice_shogi_the_throw_names_the_file_the_piece_goes_to() -> None:
    v = get_variant(DS)
    sim = v.fast(v.new_game())
    every = set()
    for face in range(1, 7):
        one = sim.copy()
        throw(one, face)
        every |= acts(one) if face < 6 else set()
        if face == 1:  # file a: the fuhyo, and the kakugyo along its diagonal d1-c2-b3-a4
            assert acts(one) == {"a2-a3", "d1-a4"}
        if face == 5:  # file e: the hisha up its file (taking the fuhyo on e4), the kakugyo to e2
            assert acts(one) == {"e1-e2", "e1-e3", "e1-e4", "d1-e2"}
        if face == 6:  # a six: any move
            six = acts(one)
    assert every == six  # every opening move lands on some file one to five


def test_dice_shogi_a_throw_no_move_obeys_frees_the_choice_and_drops_obey_it() -> None:
    # Black: osho a1, a kinsho in hand; White: osho e5. A throw of 4 (file d): the osho cannot
    # get there, but the kinsho can be dropped on d1..d4 (d5 is next to nothing; all empty).
    board = {"a1": [0, "osho", 1], "e5": [1, "osho", 1]}
    sim = position(DS, board, hands=[{"kinsho": 1}, {}])
    four = sim.copy()
    throw(four, 4)
    assert acts(four) == {"kinsho@d1", "kinsho@d2", "kinsho@d3", "kinsho@d4", "kinsho@d5"}
    # Without the kinsho in hand, nothing can reach file d: any move of the osho.
    bare = position(DS, board)
    throw(bare, 4)
    assert acts(bare) == {"a1-a2", "a1-b1", "a1-b2"}
