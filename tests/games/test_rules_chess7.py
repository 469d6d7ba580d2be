"""The vocabulary and files of the seventh batch of chess-like files, worked by hand:

- Kyoto Shogi (``chess.kyoto-shogi``): every piece but the osho turned over after each of its
  moves (``promote.each`` over the whole board, no choice), and a drop rule's ``either = { KIND
  = KIND }`` (chesslike.py): a piece in hand dropped either side up, the drop's action naming
  the side (``"promote"``);
- Shatranj Diwana Shah (``chess.shatranj-diwana-shah``): the lone mad shah moving as every
  piece against a whole army;
- Tobi Shogi (``chess.tobi-shogi``): steps forward and sideways, captures by a hop the same ways.
"""
from __future__ import annotations

from typing import Any

from games.engine import get_variant

KS = "chess.kyoto-shogi"


def position(key: str, board: dict[str, list], to_move: int = 0, turn: int = 10, **extra: Any) -> Any:
    v = get_variant(key)
    return v.game.sim_from_json({"board": board, "to_move": to_move, "turn": turn, **extra}, {})


def actions(sim: Any) -> list[dict]:
    return [sim.action(m).to_json() for m in sim.moves()]


def names(sim: Any) -> set[str]:
    b = sim.game.board.names
    return {f"{b[m[1]]}-{b[m[2]]}" for m in sim.moves() if m[1] >= 0}


def play(sim: Any, action: dict) -> None:
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == action))


def at(sim: Any, site: str) -> tuple[int, str] | None:
    c = sim.cells[sim.game.board.index[site]]
    return (sim.game.owner_of[c], sim.game.kinds[sim.game.kind_of[c]]) if c else None


# -- Kyoto Shogi ---------------------------------------------------------------------------------
def test_kyoto_start_has_twelve_moves() -> None:
    # Tokin a1: a2 b2; ginsho b1: a2 b2 c2; osho c1: b2 c2 d2; kinsho d1: c2 d2 e2; fuhyo e1: e2.
    v = get_variant(KS)
    sim = v.fast(v.new_game())
    assert len(sim.moves()) == 12
    assert {"a1-a2", "a1-b2", "b1-a2", "b1-b2", "b1-c2", "c1-b2", "c1-c2", "c1-d2", "d1-c2", "d1-d2",
            "d1-e2", "e1-e2"} == names(sim)


def test_kyoto_every_move_turns_the_piece_over() -> None:
    v = get_variant(KS)
    sim = v.fast(v.new_game())
    play(sim, {"from": "e1", "to": "e2", "promote": "hisha"})
    assert at(sim, "e2") == (0, "hisha")
    play(sim, {"from": "e5", "to": "e4", "promote": "kyosha"})  # White's tokin
    assert at(sim, "e4") == (1, "kyosha")
    # The hisha goes back to a fuhyo wherever it goes: e2-e3 (the kyosha on e4 stops it) and
    # sideways; the osho never turns.
    play(sim, {"from": "e2", "to": "e3", "promote": "fuhyo"})
    assert at(sim, "e3") == (0, "fuhyo")
    play(sim, {"from": "c5", "to": "c4"})
    assert at(sim, "c4") == (1, "osho")


def test_kyoto_moves_of_the_other_sides() -> None:
    # Black osho a1, White osho e5. Black keima c2: b4 d4 (two forward, one across); kyosha
    # b2: b3 b4 b5 (b5 empty); osho a1: a2 b1 (b2 own) = 7.
    board = {"a1": [0, "osho", 1], "c2": [0, "keima", 1], "b2": [0, "kyosha", 1], "e5": [1, "osho", 1]}
    sim = position(KS, board)
    assert names(sim) == {"c2-b4", "c2-d4", "b2-b3", "b2-b4", "b2-b5", "a1-a2", "a1-b1"}
    play(sim, {"from": "c2", "to": "d4", "promote": "kinsho"})
    assert at(sim, "d4") == (0, "kinsho")


def test_kyoto_a_piece_may_end_where_it_can_never_move() -> None:
    # A black hisha a4 moving to a5 becomes a fuhyo there, with no move left.
    board = {"a1": [0, "osho", 1], "a4": [0, "hisha", 1], "e5": [1, "osho", 1], "e3": [1, "fuhyo", 1]}
    sim = position(KS, board)
    play(sim, {"from": "a4", "to": "a5", "promote": "fuhyo"})
    assert at(sim, "a5") == (0, "fuhyo")
    play(sim, {"from": "e5", "to": "d5"})
    assert not any(n.startswith("a5-") for n in names(sim))


def test_kyoto_drops_either_side_up_anywhere() -> None:
    # Black osho a1 and a fuhyo in hand, White osho e5: osho a2 b1 b2 (3), and a drop on each
    # of the 23 empty squares as fuhyo or as hisha (46): 49. Without `either` only 26.
    board = {"a1": [0, "osho", 1], "e5": [1, "osho", 1]}
    sim = position(KS, board, hands=[{"fuhyo": 1}, {}])
    acts = actions(sim)
    assert len(acts) == 49
    assert {"to": "a5", "piece": "fuhyo"} in acts  # the far row, where it can never move
    assert {"to": "c3", "piece": "fuhyo", "promote": "hisha"} in acts
    play(sim, {"to": "c3", "piece": "fuhyo", "promote": "hisha"})
    assert at(sim, "c3") == (0, "hisha") and sim.to_json()["hands"] == [{}, {}]
    # A second fuhyo may be dropped on a file where the player has one already.
    sim = position(KS, {**board, "c2": [0, "fuhyo", 1]}, hands=[{"fuhyo": 1}, {}])
    assert {"to": "c4", "piece": "fuhyo"} in actions(sim)


def test_kyoto_a_taken_piece_goes_to_hand_by_its_hand_side() -> None:
    # Black fuhyo c2 takes White's hisha c3 (becoming a hisha itself); Black's hand gains a
    # fuhyo, the hisha's other side. The same for a keima taken: a kinsho in hand.
    board = {"a1": [0, "osho", 1], "c2": [0, "fuhyo", 1], "c3": [1, "hisha", 1], "e5": [1, "osho", 1]}
    sim = position(KS, board)
    play(sim, {"from": "c2", "to": "c3", "promote": "hisha"})
    assert at(sim, "c3") == (0, "hisha") and sim.to_json()["hands"] == [{"fuhyo": 1}, {}]
    board = {"a1": [0, "osho", 1], "c2": [0, "fuhyo", 1], "c3": [1, "keima", 1], "e5": [1, "osho", 1]}
    sim = position(KS, board)
    play(sim, {"from": "c2", "to": "c3", "promote": "hisha"})
    assert sim.to_json()["hands"] == [{"kinsho": 1}, {}]


def test_kyoto_a_fuhyo_drop_may_checkmate() -> None:
    # White osho a5; Black kinsho b3 (covers a4, b4), kakugyo d3 (covers b5 through c4), osho e1.
    # The fuhyo dropped on a4 checks, and the osho can neither take it (the kinsho guards it)
    # nor go to b4 or b5: mate, which shogi's drop rule would bar.
    board = {"e1": [0, "osho", 1], "b3": [0, "kinsho", 1], "d3": [0, "kakugyo", 1], "a5": [1, "osho", 1]}
    sim = position(KS, board, hands=[{"fuhyo": 1}, {}])
    play(sim, {"to": "a4", "piece": "fuhyo"})
    assert sim.result() == (1.0, 0.0)


# -- Shatranj Diwana Shah -----------------------------------------------------------------------
DW = "chess.shatranj-diwana-shah"


def test_diwana_start_has_twenty_two_moves() -> None:
    # The mad shah d1: north d2-d5 (d6 is attacked by the pawns c7 e7, d7 guarded), east e1-h1,
    # west a1-c1, NE e2-h5, NW c2 b3 a4, horse b2 f2 c3 e3: 4 + 4 + 3 + 4 + 3 + 4 = 22.
    v = get_variant(DW)
    sim = v.fast(v.new_game())
    assert len(sim.moves()) == 22
    assert "d1-d6" not in names(sim) and "d1-e3" in names(sim)


def test_diwana_moves_as_queen_and_horse() -> None:
    # Alone on d4 against the black shah a8: 27 queen's squares and 8 horse leaps, less a7
    # (next to the shah): 34.
    sim = position(DW, {"d4": [0, "diwana", 1], "a8": [1, "shah", 1]})
    assert len(sim.moves()) == 34


def test_diwana_black_shah_leaps_first_unless_checked() -> None:
    # Black shah e8, unmoved, boat a6, pawn h7; the diwana b1. White checks along the e file,
    # Black blocks with the boat, White steps aside to d1: the shah, once checked, has lost its
    # horse leap though it never moved.
    board = {"b1": [0, "diwana", 1], "e8": [1, "shah", 1], "a6": [1, "boat", 1], "h7": [1, "pawn", 1]}
    sim = position(DW, board, unmoved=["e8"])
    play(sim, {"from": "b1", "to": "e1"})
    play(sim, {"from": "a6", "to": "e6"})
    play(sim, {"from": "e1", "to": "d1"})
    assert not any(n in names(sim) for n in ("e8-c7", "e8-f6", "e8-g7", "e8-d6"))
    # The same position, never checked: the leaps to c7 f6 g7 (d6 is on the diwana's file); the
    # steps d8 d7 (d file) barred, f8 e7 f7 open: 3 + 3.
    sim = position(DW, {"d1": [0, "diwana", 1], "e8": [1, "shah", 1], "e6": [1, "boat", 1],
                        "h7": [1, "pawn", 1]}, to_move=1, unmoved=["e8"])
    shah = {n for n in names(sim) if n.startswith("e8-")}
    assert shah == {"e8-c7", "e8-f6", "e8-g7", "e8-f8", "e8-e7", "e8-f7"}


def test_diwana_pawns_rise_only_to_a_piece_lost_and_never_on_the_shah_file() -> None:
    # Black pawns c2 d2 e2; one elephant (f8) left, the vizier d8 on the board. Only c2-c1
    # goes to the first row, becoming an elephant; d2-d1 (vizier not lost) and e2-e1 (the
    # shah's file) are barred.
    board = {"h4": [0, "diwana", 1], "e8": [1, "shah", 1], "d8": [1, "vizier", 1], "f8": [1, "elephant", 1],
             "c8": [1, "horse", 1], "b8": [1, "horse", 1], "a8": [1, "boat", 1], "h8": [1, "boat", 1],
             "c2": [1, "pawn", 1], "d2": [1, "pawn", 1], "e2": [1, "pawn", 1]}
    sim = position(DW, board, to_move=1)
    pawn_moves = {n for n in names(sim) if n[:2] in ("c2", "d2", "e2")}
    assert pawn_moves == {"c2-c1"}
    play(sim, {"from": "c2", "to": "c1"})
    assert at(sim, "c1") == (1, "elephant")


# -- Tobi Shogi ---------------------------------------------------------------------------------
TS = "chess.tobi-shogi"


def test_tobi_start_has_nine_moves() -> None:
    # Each fuhyo one step forward; every sideways square is taken, the back row is shut in.
    v = get_variant(TS)
    sim = v.fast(v.new_game())
    assert names(sim) == {f"{f}2-{f}3" for f in "abcdefghi"}


def test_tobi_steps_and_hops_forward_and_sideways() -> None:
    # Black osho e5 (it moves as every piece does): steps e6 d5 f5, none back. With a White
    # fuhyo on e6 and one on d5 it hops e5-e7 (over e6) and e5-c5 (over d5), and steps f5: 3.
    board = {"e5": [0, "osho", 1], "e6": [1, "fuhyo", 1], "d5": [1, "fuhyo", 1], "a9": [1, "kyosha", 1]}
    sim = position(TS, board)
    assert names(sim) == {"e5-e7", "e5-c5", "e5-f5"}
    play(sim, {"from": "e5", "to": "e7"})
    assert at(sim, "e6") is None and at(sim, "e7") == (0, "osho")
    # No backward hop: Black's kinsho on e5 with a White piece on e4 has no hop over it.
    sim = position(TS, {"e5": [0, "kinsho", 1], "e4": [1, "fuhyo", 1], "a9": [1, "kyosha", 1]})
    assert names(sim) == {"e5-e6", "e5-d5", "e5-f5"}


def test_tobi_taking_the_last_piece_wins_and_a_blocked_player_passes() -> None:
    sim = position(TS, {"e5": [0, "osho", 1], "e6": [1, "fuhyo", 1]})
    play(sim, {"from": "e5", "to": "e7"})
    assert sim.result() == (1.0, 0.0)
    # Black's fuhyo a9 on the far row, White's fuhyo b9 beside it and c9 beyond: no step
    # (forward is off the board, b9 taken), no hop (c9 taken): Black passes.
    sim = position(TS, {"a9": [0, "fuhyo", 1], "b9": [1, "fuhyo", 1], "c9": [1, "fuhyo", 1]})
    assert actions(sim) == [{"pass": True}]
