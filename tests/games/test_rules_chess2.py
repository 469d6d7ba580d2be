"""Castling and taking in passing (chesslike.py's ``castle`` kind and ``en_passant`` field) and
the chess files that use them: perft move counts from the start and from the well-known test
positions (their counts published by the chess-programming community, e.g. the Chess
Programming Wiki's "Perft Results"), and positions worked by hand.
"""
from __future__ import annotations

from typing import Any

import pytest

from games.engine import get_variant

KINDS = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"}


def perft(sim: Any, depth: int) -> int:
    if depth == 0:
        return 1
    moves = sim.moves()
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        s = sim.copy()
        s.play(m)
        total += perft(s, depth - 1)
    return total


def start(key: str = "chess.chess") -> Any:
    v = get_variant(key)
    return v.fast(v.new_game({}))


def fen(text: str, key: str = "chess.chess", unmoved: str = "", passant: dict | None = None) -> Any:
    """A position from a FEN board field; ``unmoved`` lists the squares whose piece has not
    moved (castling rights, and the pawns on their starting row are added)."""
    v = get_variant(key)
    rows = text.split()[0].split("/")
    board = {}
    for r, row in enumerate(rows):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
                continue
            sq = f"{'abcdefgh'[f]}{8 - r}"
            board[sq] = [0 if ch.isupper() else 1, KINDS[ch.upper()], 1]
            f += 1
    to_move = 0 if text.split()[1] == "w" else 1
    pawns = [sq for sq, (seat, k, _) in board.items() if k == "pawn" and sq[1] == ("2" if seat == 0 else "7")]
    data = {"board": board, "to_move": to_move, "turn": 10, "unmoved": unmoved.split() + pawns}
    if passant:
        data["passant"] = passant
    return v.game.sim_from_json(data, {})


def names(sim: Any, moves: list) -> set[str]:
    b = sim.game.board.names
    return {f"{b[m[1]]}-{b[m[2]]}" for m in moves if m[1] >= 0}


def play(sim: Any, *moves: str) -> None:
    b = sim.game.board.names
    for text in moves:
        a, t = text.split("-")
        m = next(m for m in sim.moves() if b[m[1]] == a and b[m[2]] == t)
        sim.play(m)


def test_chess_perft_from_the_start() -> None:
    sim = start()
    assert [perft(sim, d) for d in (1, 2, 3)] == [20, 400, 8902]


def test_kiwipete_castling_passant_promotion() -> None:
    # "Kiwipete" (Peter McKenzie's test position): 48 moves, 2039 at depth 2.
    sim = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w", unmoved="e1 a1 h1 e8 a8 h8")
    assert perft(sim, 1) == 48
    assert perft(sim, 2) == 2039


def test_position_3_passant_and_pins() -> None:
    # Chess Programming Wiki, perft position 3: 14, 191, 2812.
    sim = fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w")
    assert [perft(sim, d) for d in (1, 2, 3)] == [14, 191, 2812]


def test_castling_by_hand() -> None:
    sim = fen("r3k2r/8/8/8/8/8/8/R3K2R w", unmoved="e1 a1 h1 e8 a8 h8")
    assert {"e1-g1", "e1-c1"} <= names(sim, sim.moves())
    play(sim, "e1-g1")
    assert sim.to_json()["board"]["f1"] == [0, "rook", 1] and "h1" not in sim.to_json()["board"]
    # Black castles long: rook a8 to d8.
    play(sim, "e8-c8")
    board = sim.to_json()["board"]
    assert board["d8"] == [1, "rook", 1] and board["c8"] == [1, "king", 1] and "a8" not in board
    # A moved rook gives no castling; a king crossing an attacked square neither.
    sim = fen("r3k2r/8/8/8/8/8/8/R3K2R w", unmoved="e1 a1 e8 a8 h8")
    assert "e1-g1" not in names(sim, sim.moves()) and "e1-c1" in names(sim, sim.moves())
    sim = fen("r3k2r/8/8/8/8/8/5r2/R3K2R w", unmoved="e1 a1 h1")  # f2 rook... f-file attacked
    assert "e1-g1" not in names(sim, sim.moves())
    sim = fen("4k3/8/8/8/8/8/8/R3K2r w", unmoved="e1 a1")  # in check: no castling
    assert "e1-c1" not in names(sim, sim.moves())
    sim = fen("4k3/8/8/8/8/8/8/RN2K3 w", unmoved="e1 a1")  # a piece between
    assert "e1-c1" not in names(sim, sim.moves())
    sim = fen("1r2k3/8/8/8/8/8/8/R3K3 w", unmoved="e1 a1")  # b1 attacked: the king does not cross it
    assert "e1-c1" in names(sim, sim.moves())


def test_passant_by_hand() -> None:
    sim = fen("4k3/3p4/8/4P3/8/8/8/4K3 b")
    play(sim, "d7-d5")
    assert sim.to_json()["passant"] == {"over": ["d6"], "pawn": "d5"}
    m = next(m for m in sim.moves() if sim.game.board.names[m[2]] == "d6")
    play(sim, "e5-d6")
    board = sim.to_json()["board"]
    assert "d5" not in board and board["d6"] == [0, "pawn", 1] and m[3] >= 0
    # Only on the move straight after.
    sim = fen("4k3/3p4/8/4P3/8/8/8/4K3 b")
    play(sim, "d7-d5", "e1-e2", "e8-e7")
    assert "e5-d6" not in names(sim, sim.moves())
    # The state survives a JSON round trip.
    sim = fen("4k3/3p4/8/4P3/8/8/8/4K3 b")
    play(sim, "d7-d5")
    again = sim.game.sim_from_json(sim.to_json(), {})
    assert "e5-d6" in names(again, again.moves())


def test_double_chess_start_and_two_kings() -> None:
    sim = start("chess.double-chess")
    # 16 pawns with one to four squares, 4 knights with two leaps each: 72; no contact yet.
    assert perft(sim, 1) == 72
    assert perft(sim, 2) == 72 * 72
    # Either king may not be left attacked: the right king (m1) is pinned here by the rook on m12.
    v = get_variant("chess.double-chess")
    board = {"e1": [0, "king", 1], "m1": [0, "king", 1], "m2": [0, "rook", 1], "m12": [1, "rook", 1],
             "e12": [1, "king", 1], "a12": [1, "king", 1]}
    sim = v.game.sim_from_json({"board": board, "to_move": 0, "turn": 10}, {})
    assert not any(sim.game.board.names[m[1]] == "m2" and sim.game.board.names[m[2]][0] != "m" for m in sim.moves())


def test_double_chess_long_first_move_taken_in_passing() -> None:
    v = get_variant("chess.double-chess")
    board = {"e1": [0, "king", 1], "m1": [0, "king", 1], "e12": [1, "king", 1], "m12": [1, "king", 1],
             "d2": [0, "pawn", 1], "e6": [1, "pawn", 1]}
    sim = v.game.sim_from_json({"board": board, "to_move": 0, "turn": 10, "unmoved": ["d2"]}, {})
    play(sim, "d2-d6")
    assert sim.to_json()["passant"] == {"over": ["d3", "d4", "d5"], "pawn": "d6"}
    assert "e6-d5" in names(sim, sim.moves())
    play(sim, "e6-d5")
    assert "d6" not in sim.to_json()["board"]


def test_loop_chess_drops() -> None:
    v = get_variant("chess.loop-chess")
    board = {"e1": [0, "king", 1], "e8": [1, "king", 1], "d4": [0, "queen", 1], "d7": [1, "pawn", 1],
             "a7": [1, "knight", 1]}
    sim = v.game.sim_from_json({"board": board, "to_move": 0, "turn": 10}, {})
    play(sim, "d4-d7")  # check, taking the pawn: White holds a pawn
    assert sim.to_json()["hands"][0] == {"pawn": 1}
    play(sim, "e8-d7")  # the king takes the queen: Black holds a queen
    assert sim.to_json()["hands"][1] == {"queen": 1}
    drops = [m for m in sim.moves() if m[0] == 1]
    # White's pawn: any empty square of rows 2 to 7 (48 squares less the 2 taken there).
    assert len(drops) == 46 and all(sim.game.board.names[m[2]][1] not in "18" for m in drops)
    assert sim.action(drops[0]).to_json() == {"to": sim.game.board.names[drops[0][2]], "piece": "pawn"}
    play(sim, "e1-e2")
    drops = [m for m in sim.moves() if m[0] == 1]
    assert len(drops) == 64 - 3  # the queen anywhere empty
    # A pawn put back on its second row may step twice.
    sim = v.game.sim_from_json({"board": {"e1": [0, "king", 1], "e8": [1, "king", 1]}, "to_move": 0, "turn": 10,
                                "hands": [{"pawn": 1}, {}]}, {})
    b = sim.game.board.names
    sim.play(next(m for m in sim.moves() if m[0] == 1 and b[m[2]] == "c2"))
    play(sim, "e8-e7")
    assert {"c2-c3", "c2-c4"} <= names(sim, sim.moves())


def test_loop_chess_drop_blocks_check() -> None:
    v = get_variant("chess.loop-chess")
    board = {"a1": [0, "king", 1], "a8": [1, "rook", 1], "b8": [1, "rook", 1], "h8": [1, "king", 1]}
    sim = v.game.sim_from_json({"board": board, "to_move": 0, "turn": 10, "hands": [{"knight": 1}, {}]}, {})
    b = sim.game.board.names
    # Checked along the a-file, the king boxed in by the rook on b8: only a drop between saves it.
    assert sorted(b[m[2]] for m in sim.moves()) == ["a2", "a3", "a4", "a5", "a6", "a7"]
    assert all(m[0] == 1 for m in sim.moves())


def shogi(board: dict, to_move: int = 0, hands: list | None = None, key: str = "chess.shogi") -> Any:
    v = get_variant(key)
    data = {"board": {s: [seat, k, 1] for s, (seat, k) in board.items()}, "to_move": to_move, "turn": 10}
    if hands is not None:
        data["hands"] = hands
    return v.game.sim_from_json(data, {})


def test_shogi_start_moves() -> None:
    sim = start("chess.shogi")
    # 9 pawns, 2 lances, 2 silvers x2, 2 golds x3 (less the squares taken), the king 3, the rook 6:
    # the well-known count of 30 first moves.
    assert perft(sim, 1) == 30
    assert perft(sim, 2) == 900


def test_shogi_knight_promotion_and_drops() -> None:
    sim = shogi({"e1": (0, "osho"), "e9": (1, "osho"), "c5": (0, "keima")})
    b = sim.game.board.names
    assert {(b[m[2]], m[4] >= 0) for m in sim.moves() if b[m[1]] == "c5"} == {
        ("b7", True), ("b7", False), ("d7", True), ("d7", False)}
    sim = shogi({"e1": (0, "osho"), "e9": (1, "osho"), "c7": (0, "keima")})
    assert {(b[m[2]], m[4] >= 0) for m in sim.moves() if b[m[1]] == "c7"} == {("b9", True), ("d9", True)}
    # Drops: no pawn on the last row, nor on a file with a pawn of one's own; a knight not on
    # the last two rows.
    sim = shogi({"e1": (0, "osho"), "e9": (1, "osho"), "a3": (0, "fuhyo")}, hands=[{"fuhyo": 1, "keima": 1}, {}])
    k = sim.game.kind_index
    pawn = {b[m[2]] for m in sim.moves() if m[0] == 1 and m[5] == k["fuhyo"]}
    knight = {b[m[2]] for m in sim.moves() if m[0] == 1 and m[5] == k["keima"]}
    assert not any(s[0] == "a" or s[1] == "9" for s in pawn) and "b8" in pawn
    assert not any(s[1] in "89" for s in knight) and "b7" in knight


def test_shogi_pawn_drop_mate_is_barred() -> None:
    # The White king on a9 boxed in by its own pieces and a Black gold guarding a8: a pawn dropped
    # on a8 would mate, and is barred; a pawn drop elsewhere is fine.
    board = {"e1": (0, "osho"), "a9": (1, "osho"), "b9": (1, "keima"), "b8": (1, "fuhyo"), "b7": (0, "kinsho")}
    sim = shogi(board, hands=[{"fuhyo": 1}, {}])
    b = sim.game.board.names
    drops = {b[m[2]] for m in sim.moves() if m[0] == 1}
    assert "a8" not in drops and "c5" in drops
    # A gold dropped there mates, and is allowed.
    sim = shogi(board, hands=[{"kinsho": 1}, {}])
    m = next(m for m in sim.moves() if m[0] == 1 and b[m[2]] == "a8")
    sim.play(m)
    assert sim.outcome() is not None and sim.outcome().winner == 0


def test_shogi_taken_piece_reverts() -> None:
    sim = shogi({"e1": (0, "osho"), "e9": (1, "osho"), "c5": (0, "hisha"), "c7": (1, "tokin")})
    play(sim, "c5-c7")
    assert sim.to_json()["hands"][0] == {"fuhyo": 1}


def test_maharajah_is_royal() -> None:
    v = get_variant("chess.maharajah-chess")
    board = {"e1": [0, "maharajah", 1], "h8": [1, "king", 1], "a2": [1, "rook", 1], "b3": [1, "rook", 1]}
    sim = v.game.sim_from_json({"board": board, "to_move": 0, "turn": 10}, {})
    b = sim.game.board.names
    # The maharajah may not step onto the second or third row, both held by the rooks.
    to = {b[m[2]] for m in sim.moves()}
    assert to and not any(s[1] in "23" for s in to) and "e4" in to
    # From e1: along the rank 7, up the file 4 (e6 is attacked by the pawns, e7 guarded),
    # diagonals 4 + 3; knight leaps 4.
    assert perft(start("chess.maharajah-chess"), 1) == 7 + 4 + 4 + 3 + 4
