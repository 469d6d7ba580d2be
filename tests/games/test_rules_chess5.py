"""The vocabulary added for the fifth batch of chess-like files, worked by hand:

- ``end = { kind = "moves", limit = N, result = "win", winner = SEAT }`` (Capture the Queen):
  the named seat wins when the limit comes, not a draw.
"""
from __future__ import annotations

from typing import Any

from games.engine import get_variant

CQ = "war.capture-the-queen"


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
