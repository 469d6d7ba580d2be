"""The vocabulary added for the sixth batch of chess-like files, worked by hand:

- ``min = N`` (chess-like slide and bent moves, Shatranj al-Kabir's tali'a and zurafa): the
  move, or the bent move's second part, goes at least N squares; nearer squares are neither
  reached nor attacked;
- the hook ``shatranj_al_kabir`` (``hooks_chess6.py``): the pawn of pawns waiting on the far
  rank, untouchable, its move to a fork, its second promotion back to the shah's baidaq's
  square, its third to the shah masnu'a (the shah's baidaq becoming a shahzada), and the
  shah's once-a-game swap out of check or stalemate (``when_stuck``);
- the hook ``sittuyin``: the array set before play, and ``own_check``;
- Press Ups: a place rule's ``first_in`` (the game's first placing only there), ``fill`` with
  ``whoever = true`` (anyone's pieces fill the region) and ``no-moves`` with ``result =
  "most-filled"`` (the seat whose fill region holds most wins, equal counts draw).
"""
from __future__ import annotations

from typing import Any

from games.engine import get_variant

SK = "chess.shatranj-al-kabir"


def position(board: dict[str, list], to_move: int = 0, turn: int = 10, **extra: Any) -> Any:
    v = get_variant(SK)
    return v.game.sim_from_json({"board": board, "to_move": to_move, "turn": turn, **extra}, {})


def names(sim: Any) -> set[str]:
    b = sim.game.board.names
    return {f"{b[m[1]]}-{b[m[2]]}" for m in sim.moves()}


def play(sim: Any, name: str) -> None:
    b = sim.game.board.names
    sim.play(next(m for m in sim.moves() if f"{b[m[1]]}-{b[m[2]]}" == name))


def at(sim: Any, site: str) -> tuple[int, str] | None:
    c = sim.cells[sim.game.board.index[site]]
    return (sim.game.owner_of[c], sim.game.kinds[sim.game.kind_of[c]]) if c else None


def test_start_has_twenty_six_moves() -> None:
    # 11 pawn steps; jamals d1 (c4 e4) and j1 (i4 k4, and m2 the citadel); asbs c2 (b4 d4 e1)
    # and k2 (i1 j4 l4); rukh l2 into the citadel m2; firzan f2 (e1 g1); shah g2 (g1). The
    # pils, dabbabas, tali'as, zurafas and the wazir are shut in.
    sim = get_variant(SK).fast(get_variant(SK).new_game())
    assert len(sim.moves()) == 26
    assert {"j1-m2", "l2-m2", "b3-b4"} <= names(sim)


def test_talia_moves_two_squares_or_more() -> None:
    # Tali'a g5: NE i7 j8 k9 l10, NW e7 d8 c9 b10, SE i3 j2 k1, SW e3 d2 c1 (not h6 f6 h4 f4);
    # shah b1: b2 c1 c2. 14 + 3.
    sim = position({"b1": [0, "shah", 1], "g5": [0, "talia", 1], "l9": [1, "shah", 1]})
    assert len(sim.moves()) == 17
    assert "g5-h6" not in names(sim) and "g5-i7" in names(sim)
    # A black wazir on h6 can be neither taken (too near) nor passed: NE gives nothing.
    sim = position({"b1": [0, "shah", 1], "g5": [0, "talia", 1], "h6": [1, "wazir", 1], "l9": [1, "shah", 1]})
    assert len(sim.moves()) == 13


def test_talia_does_not_attack_the_next_square() -> None:
    # The black shah on h6 is not in check from the tali'a on g5; of its eight squares only i7
    # (two squares from the tali'a) is attacked; g5 itself may be taken.
    sim = position({"b1": [0, "shah", 1], "g5": [0, "talia", 1], "h6": [1, "shah", 1]}, to_move=1)
    assert not sim.in_check(1)
    assert names(sim) == {"h6-g5", "h6-g6", "h6-g7", "h6-h7", "h6-i6", "h6-i5", "h6-h5"}


def test_zurafa_goes_three_squares_or_more_after_its_diagonal_step() -> None:
    # Zurafa f5: via g6 north g9 g10, east j6 k6 l6; via e6 north e9 e10, west b6; via g4
    # south g1, east j4 k4 l4; via e4 south e1, west b4: 14; shah b1: b2 c1 c2.
    sim = position({"b1": [0, "shah", 1], "f5": [0, "zurafa", 1], "l10": [1, "shah", 1]})
    zurafa = {n for n in names(sim) if n.startswith("f5-")}
    assert zurafa == {"f5-g9", "f5-g10", "f5-j6", "f5-k6", "f5-l6", "f5-e9", "f5-e10", "f5-b6",
                      "f5-g1", "f5-j4", "f5-k4", "f5-l4", "f5-e1", "f5-b4"}
    assert len(sim.moves()) == 17
    # A piece on the diagonal step blocks both ways through it.
    sim = position({"b1": [0, "shah", 1], "f5": [0, "zurafa", 1], "g6": [0, "wazir", 1], "l10": [1, "shah", 1]})
    assert not {"f5-g9", "f5-g10", "f5-j6", "f5-k6", "f5-l6"} & names(sim)


def test_pawn_of_pawns_waits_untouchable_then_forks() -> None:
    # The waiting pawn of pawns on e10; black rukh c7, wazir e7: from d6 a pawn would attack
    # both, the only such square. White's shah b1 may go to b2 only (c1, c2 on the rukh's file).
    board = {"b1": [0, "shah", 1], "e10": [0, "bayadiq_waiting", 1], "c7": [1, "rukh", 1],
             "e7": [1, "wazir", 1], "l10": [1, "shah", 1]}
    sim = position(board)
    assert names(sim) == {"b1-b2", "e10-d6"}
    play(sim, "e10-d6")
    assert at(sim, "d6") == (0, "bayadiq_second") and at(sim, "e10") is None
    # A black rukh cannot take the waiting pawn of pawns.
    sim = position({"b1": [0, "shah", 1], "e10": [0, "bayadiq_waiting", 1], "e5": [1, "rukh", 1],
                    "l10": [1, "shah", 1]}, to_move=1)
    assert "e5-e9" in names(sim) and "e5-e10" not in names(sim)


def test_pawn_of_pawns_second_and_third_promotions() -> None:
    # Second time on the far rank: set at once on the shah's baidaq's square g3.
    board = {"b1": [0, "shah", 1], "f9": [0, "bayadiq_second", 1], "l8": [1, "shah", 1]}
    sim = position(board)
    play(sim, "f9-f10")
    assert at(sim, "f10") is None and at(sim, "g3") == (0, "bayadiq_third")
    # ... or, g3 taken, it waits on f10 and goes back by a move of its own once g3 is empty.
    sim = position({**board, "g3": [0, "wazir", 1]})
    play(sim, "f9-f10")
    assert at(sim, "f10") == (0, "bayadiq_returning")
    play(sim, "l8-l7")
    assert "f10-g3" not in names(sim)
    play(sim, "g3-g4")
    play(sim, "l7-l8")
    assert "f10-g3" in names(sim)
    # Third time: the shah masnu'a, and the shah's baidaq on c4 becomes a shahzada.
    sim = position({"b1": [0, "shah", 1], "h9": [0, "bayadiq_third", 1], "c4": [0, "baidaq_shah", 1],
                    "l8": [1, "shah", 1]})
    play(sim, "h9-h10")
    assert at(sim, "h10") == (0, "shah_masnua") and at(sim, "c4") == (0, "shahzada")


def test_shah_swaps_once_out_of_check() -> None:
    # Black's rukh b10 checks along the b file: the shah goes to c1 or c2, or swaps with the
    # wazir on h5 (the wazir cannot cover); 3 moves.
    board = {"b1": [0, "shah", 1], "h5": [0, "wazir", 1], "b10": [1, "rukh", 1], "l10": [1, "shah", 1]}
    sim = position(board)
    assert names(sim) == {"b1-c1", "b1-c2", "b1-h5"}
    play(sim, "b1-h5")
    assert at(sim, "h5") == (0, "shah") and at(sim, "b1") == (0, "wazir")
    assert sim.to_json()["spent"] == [0]
    # Spent: no second swap.
    sim = position(board, spent=[0])
    assert names(sim) == {"b1-c1", "b1-c2"}


def test_shah_swaps_once_out_of_stalemate() -> None:
    # Shah b1 hemmed in by rukhs c10 and l2, its baidaq k5 blocked by k6: stalemate, but the
    # swap with the baidaq (k5 is safe) is the one move; spent, the stalemated player loses.
    board = {"b1": [0, "shah", 1], "k5": [0, "baidaq_rukh", 1], "k6": [1, "baidaq_rukh", 1],
             "c10": [1, "rukh", 1], "l2": [1, "rukh", 1], "l10": [1, "shah", 1]}
    sim = position(board)
    assert names(sim) == {"b1-k5"}
    sim = position(board, spent=[0])
    assert sim.moves() == [] and sim.outcome().winner == 1


# -- Sittuyin: the array (hook sittuyin) --------------------------------------------------------
SY = "chess.sittuyin"


def sy_position(board: dict[str, list], hands: list | None = None, to_move: int = 0, options: dict | None = None) -> Any:
    v = get_variant(SY)
    hands = hands if hands is not None else [{"array": 1}, {"array": 1}]
    return v.game.sim_from_json({"board": board, "to_move": to_move, "turn": 30, "hands": hands}, options or {})


def place(sim: Any, site: str, kind: str) -> None:
    b = sim.game.board
    sim.play(next(m for m in sim.moves() if m[1] < 0 and b.names[m[2]] == site and sim.game.kinds[m[5]] == kind))


def test_sittuyin_array_opens_with_the_min_gyi_then_a_sin_beside_it() -> None:
    v = get_variant(SY)
    sim = v.fast(v.new_game())
    assert [sim.action(m).to_json() for m in sim.moves()] == [{"to": "g2", "piece": "min_gyi"}]
    place(sim, "g2", "min_gyi")
    assert [sim.action(m).to_json() for m in sim.moves()] == [{"to": "b7", "piece": "min_gyi"}]
    place(sim, "b7", "min_gyi")
    # A sin on any of g2's eight neighbours (all behind the ne).
    assert {sim.action(m).to_json()["to"] for m in sim.moves()} == {"f1", "g1", "h1", "f2", "h2", "f3", "g3", "h3"}
    place(sim, "f2", "sin")
    place(sim, "c7", "sin")
    # Then four kinds (sit-ke, sin, myin, yattah) on 28 - 2 squares: the first two rows, e3-h3,
    # and the ne's own squares a3-d3, e4-h4.
    assert len(sim.moves()) == 4 * 26
    # A myin set on the ne of a3: the ne goes to the hand and White sets it behind the rows of
    # ne (20 squares less g2 and f2), before Black moves.
    place(sim, "a3", "myin")
    assert sim.mover == 0 and sim.to_json()["hands"][0]["ne"] == 1
    assert {sim.action(m).to_json()["to"] for m in sim.moves()} == \
        {"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "h2", "e3", "f3", "g3", "h3"}
    place(sim, "d1", "ne")
    assert sim.mover == 1


def test_sittuyin_rearranging_and_the_ne_step_that_ends_it() -> None:
    # White: min-gyi g2, yattah a1, ne a3; Black: min-gyi b7, ne h6; every piece placed. The
    # min-gyi and the yattah may each go to any of the 26 other array squares (a3 with its ne
    # too); or the ne a3 steps to a4: 53 moves.
    board = {"g2": [0, "min_gyi", 1], "a1": [0, "yattah", 1], "a3": [0, "ne", 1],
             "b7": [1, "min_gyi", 1], "h6": [1, "ne", 1]}
    sim = sy_position(board)
    assert len(sim.moves()) == 53
    sim.play(next(m for m in sim.moves() if names_of_sy(sim, m) == "a3-a4"))
    assert all(not h.get("array") for h in sim.to_json()["hands"])
    # The array is closed for both: Black plays (its ne h6-h5 among its moves), no more placing.
    assert "h6-h5" in names(sim) and not any(m[1] < 0 for m in sim.moves())


def test_sittuyin_array_knows_no_check_but_its_last_step_does() -> None:
    # White's min-gyi e4 stands where Black's ne d5 could take it once play begins: in the
    # array it may stay or move anywhere (27 squares), but White's ne may not end the array
    # while it stands there.
    board = {"e4": [0, "min_gyi", 1], "a3": [0, "ne", 1], "b7": [1, "min_gyi", 1], "d5": [1, "ne", 1]}
    sim = sy_position(board)
    assert len(sim.moves()) == 27 and "a3-a4" not in names(sim)
    # With the min-gyi on g2 and a ne on e4, the min-gyi may still come to e4.
    board = {"g2": [0, "min_gyi", 1], "e4": [0, "ne", 1], "a3": [0, "ne", 1], "b7": [1, "min_gyi", 1], "d5": [1, "ne", 1]}
    sim = sy_position(board)
    assert "g2-e4" in names(sim) and {"a3-a4", "e4-e5"} <= names(sim) and len(sim.moves()) == 29


def test_sittuyin_promotion_on_a_diagonal_square() -> None:
    board = {"g1": [0, "min_gyi", 1], "d3": [0, "ne", 1], "b7": [1, "min_gyi", 1]}
    sim = sy_position(board, hands=[{}, {}])
    sim.play(next(m for m in sim.moves() if names_of_sy(sim, m) == "d3-d4"))
    assert sim.to_json()["board"]["d4"] == [0, "sit_ke", 1]
    sim = sy_position(board, hands=[{}, {}], options={"any_diagonal": False, "far_diagonal": True})
    sim.play(next(m for m in sim.moves() if names_of_sy(sim, m) == "d3-d4"))
    assert sim.to_json()["board"]["d4"] == [0, "ne", 1]


def names_of_sy(sim: Any, m: Any) -> str:
    b = sim.game.board.names
    return f"{b[m[1]]}-{b[m[2]]}"


def test_kabir_shah_in_the_opponents_citadel_draws_but_not_past_a_shah_masnua() -> None:
    # White's shah b10 steps into Black's citadel a9: drawn at once.
    sim = position({"b10": [0, "shah", 1], "l1": [1, "shah", 1]})
    assert "b10-a9" in names(sim)
    play(sim, "b10-a9")
    assert sim.outcome() is not None and sim.outcome().winner is None and sim.over[1] == "reach"
    # Black's shah masnu'a in its citadel a9: the shah may not take it there (it may take a
    # shah masnu'a elsewhere: c10).
    sim = position({"b10": [0, "shah", 1], "a9": [1, "shah_masnua", 1], "c10": [1, "shah_masnua", 1], "l1": [1, "shah", 1]})
    assert "b10-a9" not in names(sim) and "b10-c10" in names(sim)


# -- Press Ups: first_in, fill whoever, no-moves most-filled ----------------------------------
PU = "war.press-ups"


def pu_position(board: dict[str, list], last: str, to_move: int = 1, turn: int = 9) -> Any:
    v = get_variant(PU)
    return v.game.sim_from_json({"board": board, "to_move": to_move, "turn": turn, "last": last,
                                 "hands": [{"pressed": 20}, {"pressed": 20}]}, {})


def pressed(*sites: str, seat: int = 0) -> dict[str, list]:
    return {s: [seat, "pressed", 1] for s in sites}


def test_press_ups_first_press_is_yellow_then_next_to_the_last() -> None:
    v = get_variant(PU)
    sim = v.fast(v.new_game())
    # The 29 yellow holes: the four corners and b2 to f6.
    assert len(sim.moves()) == 29 and "b1" not in {sim.action(m).to_json()["to"] for m in sim.moves()}
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json()["to"] == "d4"))
    assert {sim.action(m).to_json()["to"] for m in sim.moves()} == {"c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"}
    sim = v.fast(v.new_game())
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json()["to"] == "a1"))
    assert {sim.action(m).to_json()["to"] for m in sim.moves()} == {"a2", "b1", "b2"}


def test_press_ups_the_player_whose_pegs_are_all_down_wins_whoever_pressed_them() -> None:
    # Nine red holes pressed, the last press e6: Blue may press d5 e5 f5 d6 f6 or f7; f7, the
    # last red peg, gives Red the game.
    board = {**pressed("b1", "c1", "d1", "e1", "f1"), **pressed("b7", "c7", "d7", "e7", seat=1), **pressed("e6", seat=1)}
    sim = pu_position(board, "e6")
    assert {sim.action(m).to_json()["to"] for m in sim.moves()} == {"d5", "e5", "f5", "d6", "f6", "f7"}
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json()["to"] == "f7"))
    assert sim.outcome().winner == 0 and sim.over[1] == "fill"


def test_press_ups_no_press_left_counts_each_colour_pressed() -> None:
    # Last press a1, its three neighbours down: Blue cannot press. Red has b1 and c1 down, Blue
    # a2 only: Red wins. With a3 down too, two each: drawn.
    board = {**pressed("a1", "b2", "c1"), **pressed("a2", "b1", seat=1)}
    sim = pu_position(board, "a1")
    assert sim.moves() == [] and sim.outcome().winner == 0 and sim.over[1] == "no-moves"
    sim = pu_position({**board, **pressed("a3")}, "a1")
    assert sim.outcome() is not None and sim.outcome().winner is None
