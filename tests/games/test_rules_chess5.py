"""The vocabulary added for the fifth batch of chess-like files, worked by hand:

- ``end = { kind = "moves", limit = N, result = "win", winner = SEAT }`` (Capture the Queen):
  the named seat wins when the limit comes, not a draw;
- ``turn.die_to`` (Dice Shogi): the throw names the file the piece moved or dropped must land
  on; any legal move where none does;
- ``first_check`` and ``jumps`` (Main Chator): the rajah's leap, two-square move and jump over
  its tor on the turn it is first checked, and only then; ``promote.instead`` (a bidah on the
  tor's square becomes a mautri at once, elsewhere on the far row waits two moves).
"""
from __future__ import annotations

from typing import Any

from games.engine import get_variant

CQ = "war.capture-the-queen"
DS = "chess.dice-shogi"
MC = "chess.main-chator"


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


def mc_check(**extra: Any) -> Any:
    # White's rajah on d1 (its tor on c1, b1 empty) checked along the d-file by Black's tor on d8.
    board = {"d1": [0, "rajah", 1], "c1": [0, "tor", 1], "d8": [1, "tor", 1], "e8": [1, "rajah", 1]}
    return position(MC, board, **extra)


def test_main_chator_first_check_opens_the_rajahs_leaps() -> None:
    sim = mc_check(unmoved=["d1", "c1", "e8"])
    assert sim.in_check(0)
    steps = {"d1-c2", "d1-e1", "d1-e2"}  # d2 stays on the checked file
    leaps = {"d1-b2", "d1-f2", "d1-c3", "d1-e3"}  # as a kudah
    twos = {"d1-b3", "d1-f3", "d1-f1"}  # two squares over an empty one (d3 still in check; c1 is not empty)
    castle = {"d1-b1"}  # over its tor on c1
    assert names(sim) == steps | leaps | twos | castle
    assert sim.to_json()["first_check"] == [0] and sim.to_json()["checked"] == [0]
    # Checked before: the plain moves only.
    again = mc_check(unmoved=["d1", "c1", "e8"], checked=[0])
    assert names(again) == steps
    # A rajah that has moved: the plain moves only.
    moved = mc_check(unmoved=["c1", "e8"])
    assert names(moved) == steps


def test_main_chator_the_first_check_lasts_one_turn() -> None:
    # As above, with a white kudah on b4 that can block on d5 (or d3).
    board = {"d1": [0, "rajah", 1], "c1": [0, "tor", 1], "b4": [0, "kudah", 1],
             "d8": [1, "tor", 1], "e8": [1, "rajah", 1]}
    sim = position(MC, board, unmoved=["d1", "c1", "e8"])
    assert {"d1-b1", "d1-f3", "b4-d5", "b4-d3"} <= names(sim)
    sim.play(next(m for m in sim.moves() if names_of(sim, m) == "b4-d5"))
    assert sim.to_json()["first_check"] == [] and sim.to_json()["checked"] == [0]
    sim.play(next(m for m in sim.moves() if names_of(sim, m) == "d8-d5"))  # takes, checking again
    assert sim.in_check(0) and sim.to_json()["first_check"] == []
    assert names(sim) == {"d1-c2", "d1-e1", "d1-e2"}  # the rajah has not moved, but it is no first check


def test_main_chator_bidah_promotion() -> None:
    board = {"a7": [0, "bidah", 1], "c7": [0, "bidah", 1], "h1": [0, "rajah", 1], "h6": [1, "rajah", 1]}
    sim = position(MC, board)
    corner = sim.copy()
    corner.play(next(m for m in corner.moves() if names_of(corner, m) == "a7-a8"))
    assert corner.to_json()["board"]["a8"] == [0, "mautri", 1]
    far = sim.copy()
    far.play(next(m for m in far.moves() if names_of(far, m) == "c7-c8"))
    assert far.to_json()["board"]["c8"] == [0, "bidah_far", 1]
    # Its first further move: sideways only, to an empty square.
    waiting = position(MC, {"c8": [0, "bidah_far", 1], "b8": [1, "tor", 1], "h1": [0, "rajah", 1],
                            "h6": [1, "rajah", 1]})
    assert {n for n in names(waiting) if n.startswith("c8")} == {"c8-d8"}
    waiting.play(next(m for m in waiting.moves() if names_of(waiting, m) == "c8-d8"))
    assert waiting.to_json()["board"]["d8"] == [0, "bidah_last", 1]
    # Its second: sideways or diagonally back, to an empty square; then a mautri.
    last = position(MC, {"d8": [0, "bidah_last", 1], "c7": [1, "tor", 1], "h1": [0, "rajah", 1],
                         "h6": [1, "rajah", 1]})
    assert {n for n in names(last) if n.startswith("d8")} == {"d8-c8", "d8-e8", "d8-e7"}
    last.play(next(m for m in last.moves() if names_of(last, m) == "d8-e7"))
    assert last.to_json()["board"]["e7"] == [0, "mautri", 1]
