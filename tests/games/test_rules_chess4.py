"""The chess-like vocabulary added for the fourth batch of chess files, worked by hand:

- ``turn.die`` (Shatranj al-Mustatila): a throw names the kind that moves, a pass where it
  cannot; checkmate and stalemate judged before the throw on every piece; a check the throw
  cannot answer loses at once; the throw in the JSON state and the protocol;
- ``setup`` entries with ``replace = true`` (an option's other setup: the shah and fers
  changing places).
"""
from __future__ import annotations

from typing import Any

from games.engine import get_variant

MU = "chess.shatranj-al-mustatila"


def position(key: str, board: dict[str, list], to_move: int = 0, options: dict | None = None, **extra: Any) -> Any:
    v = get_variant(key)
    return v.game.sim_from_json({"board": board, "to_move": to_move, "turn": 10, **extra}, options or {})


def names(sim: Any) -> set[str]:
    b = sim.game.board.names
    return {f"{b[m[1]]}-{b[m[2]]}" if m[1] >= 0 else "pass" for m in sim.moves()}


def throw(sim: Any, face: int) -> None:
    assert sim.is_chance()
    assert [f for f, _ in sim.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
    sim.play(face)
    assert not sim.is_chance()


def test_mustatila_setup_and_the_option_that_swaps_shah_and_fers() -> None:
    v = get_variant(MU)
    board = v.new_game().to_json()["board"]
    assert board["c1"] == [0, "shah", 1] and board["b1"] == [0, "fers", 1]
    assert board["b16"] == [1, "shah", 1] and board["c16"] == [1, "fers", 1]
    assert board["a5"] == [0, "sarbaz", 1] and board["d6"] == [0, "sarbaz", 1] and board["a12"] == [1, "sarbaz", 1]
    assert len(board) == 32
    left = v.new_game({"shah_left": True}).to_json()["board"]
    assert left["b1"] == [0, "shah", 1] and left["c1"] == [0, "fers", 1]
    assert left["c16"] == [1, "shah", 1] and left["b16"] == [1, "fers", 1]
    assert len(left) == 32


def test_mustatila_the_throw_names_the_piece() -> None:
    v = get_variant(MU)
    sim = v.fast(v.new_game())
    assert sim.is_chance() and sim.to_move() == 0
    assert v.legal_actions(v.new_game())[0].to_json() == {"throw": [1]}
    one = sim.copy()
    throw(one, 1)  # a sarbaz: only the four of the sixth row can step
    assert names(one) == {"a6-a7", "b6-b7", "c6-c7", "d6-d7"}
    four = sim.copy()
    throw(four, 4)  # a pil: a1 and d1 leap over the second row
    assert names(four) == {"a1-c3", "d1-b3"}
    three = sim.copy()
    throw(three, 3)  # an asb: b2 to a4, c4, d3; c2 to b4, d4, a3
    assert names(three) == {"b2-a4", "b2-c4", "b2-d3", "c2-b4", "c2-d4", "c2-a3"}
    five = sim.copy()
    throw(five, 5)  # the fers on b1 is hemmed in by the asbs and rukhs: a pass
    assert names(five) == {"pass"}
    assert five.to_json()["throw"] == {"faces": [5], "value": 5}
    five.play(five.moves()[0])
    assert five.to_move() == 1 and five.is_chance() and five.to_json()["throw"] is None


def test_mustatila_check_answered_only_by_the_piece_thrown() -> None:
    # White's shah on c1 is checked by Black's rukh on c8 (c2..c7 empty); White's rukh on a5
    # could come between on c5, the shah step aside to b1, d1, b2, d2.
    board = {"c1": [0, "shah", 1], "a5": [0, "rukh", 1], "a9": [0, "sarbaz", 1],
             "c8": [1, "rukh", 1], "b16": [1, "shah", 1]}
    sim = position(MU, board)
    assert sim.in_check(0) and sim.over is None
    six = sim.copy()
    throw(six, 6)
    assert names(six) == {"c1-b1", "c1-d1", "c1-b2", "c1-d2"}
    two = sim.copy()
    throw(two, 2)
    assert names(two) == {"a5-c5"}
    one = sim.copy()  # a sarbaz cannot help: the check stands and White loses at once
    throw(one, 1)
    assert one.moves() == [] and one.outcome().winner == 1 and one.over[1] == "checkmate"


def test_mustatila_checkmate_and_stalemate_before_the_throw() -> None:
    # Checkmate: White's shah on a1, Black's rukhs on a3 and b4 (nothing can take or block).
    mate = position(MU, {"a1": [0, "shah", 1], "a3": [1, "rukh", 1], "b4": [1, "rukh", 1],
                         "d16": [1, "shah", 1]})
    # a1 is checked along the a-file; b1 and b2 are covered by the rukh on b4.
    assert mate.outcome() is not None and mate.outcome().winner == 1 and mate.over[1] == "checkmate"
    # Stalemate: White's shah on a1 not in check, every square round it covered: White loses.
    stale = position(MU, {"a1": [0, "shah", 1], "b3": [1, "rukh", 1], "c2": [1, "rukh", 1],
                          "d16": [1, "shah", 1]})
    assert not stale.in_check(0)
    assert stale.outcome() is not None and stale.outcome().winner == 1 and stale.over[1] == "stalemate"


def test_mustatila_throw_round_trips_through_json() -> None:
    v = get_variant(MU)
    state = v.new_game()
    state = v.apply(state, {"throw": [3]})
    data = state.to_json()
    assert data["throw"] == {"faces": [3], "value": 3}
    again = v.state_from_json(data)
    assert again == state
    assert {a.to_json()["from"] for a in v.legal_actions(again)} == {"b2", "c2"}
