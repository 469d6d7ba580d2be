"""The vocabulary added for the race3 batch, worked by hand:

- EinStein Wurfelt Nicht: ``place`` with a ``region`` per seat (the home triangles); no throw
  while the mover holds pieces to place; ``turn.die_next`` (a lost cube's number moves the
  nearest cubes above and below); a ``step`` with ``to = "any"`` (one's own cube taken too);
  the corner reached and the last enemy cube taken win.
- Santorini: the pieces mechanic's hook point (``move.kind = "hook"``, hooks_race3.santorini):
  two workers placed each, then a step up at most one level and a tile built beside the worker
  (the turn's second part, ``pending``); the third level wins at once; no move loses.
"""
from __future__ import annotations

from typing import Any

from games.engine import get_variant

EW = "race.einstein-wurfelt-nicht"


def position(key: str, board: dict[str, list], to_move: int = 0, **extra: Any) -> Any:
    v = get_variant(key)
    return v.game.sim_from_json({"board": board, "to_move": to_move, "turn": 20, **extra}, {})


def names(sim: Any) -> set[str]:
    b = sim.game.board.names
    return {f"{b[m[1]]}-{b[m[2]]}" if m[1] >= 0 else ("pass" if m[2] < 0 else f"{sim.game.kinds[m[5]]}@{b[m[2]]}")
            for m in sim.moves()}


def throw(sim: Any, face: int) -> None:
    assert sim.is_chance()
    assert [f for f, _ in sim.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
    sim.play(face)
    assert not sim.is_chance()


def test_einstein_placing_in_each_home_without_a_throw() -> None:
    v = get_variant(EW)
    sim = v.fast(v.new_game())
    assert not sim.is_chance() and sim.chance_outcomes() == []
    red = {"a5", "b5", "c5", "a4", "b4", "a3"}
    assert names(sim) == {f"cube{k}@{s}" for k in range(1, 7) for s in red}
    sim.play(next(m for m in sim.moves() if sim.game.board.names[m[2]] == "a5" and m[5] == sim.game.kinds.index("cube6")))
    assert sim.to_move() == 1 and not sim.is_chance()
    blue = {"e1", "d1", "c1", "e2", "d2", "e3"}
    assert names(sim) == {f"cube{k}@{s}" for k in range(1, 7) for s in blue}
    for _ in range(11):  # the rest, the first move offered each time
        sim.play(sim.moves()[0])
    assert sim.to_move() == 0 and sim.is_chance() and sim.to_json()["throw"] is None


def test_einstein_the_die_names_the_cube_and_its_three_steps() -> None:
    board = {"b4": [0, "cube3", 1], "c3": [0, "cube5", 1], "c4": [1, "cube3", 1], "d2": [1, "cube1", 1]}
    sim = position(EW, board)
    three = sim.copy()
    throw(three, 3)  # Red's cube 3 on b4: right to c4 (Blue's, taken), down to b3, down-right to c3 (its own 5)
    assert names(three) == {"b4-c4", "b4-b3", "b4-c3"}
    three.play(next(m for m in three.moves() if three.game.board.names[m[2]] == "c3"))
    assert three.to_json()["board"]["c3"] == [0, "cube3", 1] and "b4" not in three.to_json()["board"]
    blue = position(EW, board, to_move=1)
    throw(blue, 1)  # Blue's cube 1 on d2: left to c2, up to d3, up-left to c3 (Red's 5)
    assert names(blue) == {"d2-c2", "d2-d3", "d2-c3"}


def test_einstein_a_lost_number_moves_the_nearest_above_or_below() -> None:
    board = {"a5": [0, "cube1", 1], "c4": [0, "cube4", 1], "b2": [0, "cube6", 1], "e1": [1, "cube2", 1]}
    sim = position(EW, board)
    three = sim.copy()
    throw(three, 3)  # no 3 (nor 2): the 4 above, the 1 below
    assert names(three) == {"c4-d4", "c4-c3", "c4-d3", "a5-b5", "a5-a4", "a5-b4"}
    five = sim.copy()
    throw(five, 5)  # no 5: the 6 above, the 4 below
    assert names(five) == {"b2-c2", "b2-b1", "b2-c1", "c4-d4", "c4-c3", "c4-d3"}
    six = sim.copy()
    throw(six, 6)  # the 6 itself, however many are lost
    assert names(six) == {"b2-c2", "b2-b1", "b2-c1"}
    blue = position(EW, board, to_move=1)
    throw(blue, 6)  # Blue has only its 2: nothing above, the 2 below
    assert names(blue) == {"e1-d1", "e1-e2", "e1-d2"}


def test_einstein_the_far_corner_and_the_last_cube_win() -> None:
    board = {"d2": [0, "cube2", 1], "a4": [1, "cube5", 1], "b5": [1, "cube1", 1]}
    sim = position(EW, board)
    throw(sim, 2)
    sim.play(next(m for m in sim.moves() if sim.game.board.names[m[2]] == "e1"))
    assert sim.over == (0, "fill")
    blue = position(EW, board, to_move=1)
    throw(blue, 4)  # no 4: the 5 above (a4 up to a5, the corner) or the 1 below (b5 left to a5)
    assert names(blue) == {"a4-a5", "b5-a5"}
    blue.play(next(m for m in blue.moves() if blue.game.board.names[m[1]] == "a4" and blue.game.board.names[m[2]] == "a5"))
    assert blue.over == (1, "fill")
    last = position(EW, {"b4": [0, "cube1", 1], "c3": [1, "cube6", 1]})
    throw(last, 4)  # Red's only cube, the 1: down-right onto Blue's last
    last.play(next(m for m in last.moves() if last.game.board.names[m[2]] == "c3"))
    assert last.over is not None and last.over[0] == 0


# -- Santorini: the pieces mechanic's hook point (move.kind = "hook", hooks_race3.santorini) ----
SA = "race.santorini"


def acts(key: str, state: Any) -> list[dict]:
    return [a.to_json() for a in get_variant(key).legal_actions(state)]


def test_santorini_placing_two_workers_each_then_moving() -> None:
    v = get_variant(SA)
    s = v.new_game()
    assert len(acts(SA, s)) == 25 and acts(SA, s)[0] == {"to": "a1"}
    s = v.apply(s, {"to": "c3"})
    assert v.to_move(s) == 0  # the same player places the second worker
    s = v.apply(s, {"to": "a1"})
    assert v.to_move(s) == 1 and len(acts(SA, s)) == 23
    s = v.apply(v.apply(s, {"to": "e5"}), {"to": "e4"})
    assert v.to_move(s) == 0
    assert sorted(a["to"] for a in acts(SA, s) if a["from"] == "a1") == ["a2", "b1", "b2"]
    assert len(acts(SA, s)) == 3 + 8


def test_santorini_climbing_one_level_at_most_and_building_beside() -> None:
    v = get_variant(SA)
    board = {"b2": [0, "worker1", 1], "c2": [1, "level3", 1], "c3": [1, "level2", 1], "b3": [1, "dome", 1],
             "a3": [1, "worker0", 1], "e5": [0, "worker0", 1], "e1": [1, "worker0", 1]}
    s = v.state_from_json({"board": board, "to_move": 0, "turn": 10})
    # From level 1: c3 (level 2) yes, c2 (level 3) no, b3 (dome) no, the ground yes.
    assert sorted(a["to"] for a in acts(SA, s) if a["from"] == "b2") == ["a1", "a2", "b1", "c1", "c3"]
    s = v.apply(s, {"from": "b2", "to": "c3"})
    j = v.fast(s).to_json()
    assert j["board"]["c3"] == [0, "worker2", 1] and j["board"]["b2"] == [0, "level1", 1]
    assert v.to_move(s) == 0  # the build comes next
    builds = acts(SA, s)  # next to c3: not b3 (dome), nor a worker's square
    assert {a["to"]: a["piece"] for a in builds} == {"b2": "level2", "c2": "dome", "d2": "level1", "d3": "level1",
                                                     "b4": "level1", "c4": "level1", "d4": "level1"}
    s = v.apply(s, {"to": "c2", "piece": "dome"})
    assert v.to_move(s) == 1


def test_santorini_the_third_level_wins_at_once_and_no_move_loses() -> None:
    v = get_variant(SA)
    board = {"b2": [0, "worker2", 1], "c2": [1, "level3", 1], "e5": [0, "worker0", 1], "a5": [1, "worker0", 1],
             "e1": [1, "worker0", 1]}
    s = v.apply(v.state_from_json({"board": board, "to_move": 0, "turn": 10}), {"from": "b2", "to": "c2"})
    out = v.outcome(s)
    assert out is not None and out.winner == v.side_of(0)
    # Blue's workers on a5 and e1 hemmed in by domes and a worker: Blue, to move, loses.
    shut = {"a5": [1, "worker0", 1], "a4": [0, "dome", 1], "b4": [0, "dome", 1], "b5": [0, "worker0", 1],
            "e1": [1, "worker0", 1], "d1": [0, "dome", 1], "d2": [0, "dome", 1], "e2": [0, "worker0", 1]}
    s = v.state_from_json({"board": shut, "to_move": 1, "turn": 10})
    out = v.outcome(s)
    assert out is not None and out.winner == v.side_of(0)
