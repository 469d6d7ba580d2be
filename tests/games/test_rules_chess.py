"""Chess-like games on the pieces mechanic (games/engine/rules/chesslike.py and the chess files
under games/rulesets/chess/): move counts (perft) from set positions, worked by hand where
small and checked against the legal-move counts of Ludii's traces where the position is one a
trace passes through; the first-move, opening, blocked-leap, palace, river and cannon words on
positions worked by hand; and the checkmate that is drawn while the mated side keeps a kind.
"""
from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.engine import get_variant
from games.engine.rules.game import random_playout

ORACLE = Path("/work/shared/oracle/ludii")


def perft(sim: Any, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for m in sim.moves():
        s = sim.copy()
        s.play(m)
        total += perft(s, depth - 1)
    return total


def start(key: str, options: dict[str, Any] | None = None) -> Any:
    v = get_variant(key)
    return v.fast(v.new_game(options or {}))


def position(key: str, board: dict[str, list], to_move: int = 0, options: dict[str, Any] | None = None,
             **more: Any) -> Any:
    """A hand-made position: ``board`` maps squares to [seat, kind]."""
    v = get_variant(key)
    data = {"board": {s: [seat, kind, 1] for s, (seat, kind) in board.items()}, "to_move": to_move,
            "turn": more.pop("turn", 10)} | more
    return v.game.sim_from_json(data, options or {})


def play(sim: Any, *moves: str) -> None:
    """Play moves written ``a2-a3`` (from-to)."""
    names = sim.game.board.names
    for text in moves:
        a, b = text.split("-")
        m = next(m for m in sim.moves() if names[m[1]] == a and names[m[2]] == b)
        sim.play(m)


def targets(sim: Any, square: str) -> set[str]:
    names = sim.game.board.names
    return {names[m[2]] for m in sim.moves() if m[1] >= 0 and names[m[1]] == square}


def first_counts(stem: str, n: int) -> list[int]:
    path = ORACLE / "traces" / f"{stem}.jsonl.gz"
    if not path.exists():
        pytest.skip("no Ludii oracle here")
    lines = [json.loads(x) for x in gzip.open(path)]
    return [len(rec["legal"]) for rec in lines[1:1 + n]]


# -- perft from the start ---------------------------------------------------------------------------
# Depth 1 worked by hand (see each comment); it is also the first legal-move count of the game's
# Ludii traces. Depths 2 and 3 are ours, kept so that a change to the move generator shows.
START_PERFT = [
    # 8 bhatas, 4 ashva leaps, each gaja's leap c1-c3 / f1-f3 (Ludii's reading: orthogonal only).
    ("chess.chaturanga", {"gaja_diagonal": False}, [14, 196, 2912], "123-145-s1"),
    # ... and with the summary's three gaja moves, each gaja also leaps to a3/e3 or d3/h3.
    ("chess.chaturanga", {}, [18, 324, 6264], None),
    # 8 treys, 2 ses (d2, e2), 3 per koul, neang c2 e2 (her jump to d3 is blocked by her own
    # trey), ang d2 e2 f2 and its first leap to c2 or g2, tuuk a2 h2.
    ("chess.ouk-chatrang", {}, [25, 625, 15081], "282-default-s1"),
    # 8 single and 8 double steps of the ois, 4 ot leaps, 4 taba leaps.
    ("chess.shodra", {}, [24, 576, 13638], "298-default-s1"),
    # The set opening: the counsellor's leap, then the soldier's, one move each.
    ("chess.rumi-shatranj", {}, [1, 1, 1], "278-default-s1"),
    # Xiangqi's published perft (44, 1920, 79666; depth 3 is left out for time): 5 zu, 2 x 12
    # pao (5 along the rank... 4 up/down), 2 x 4 ju (a2 a3 / i2 i3), 2 x 2 ma, 2 x 2 xiang,
    # 2 x 1 shi (e2), jiang e2.
    ("chess.xiangqi", {}, [44, 1920], "21-default-s1"),
    # Janggi: 13 soldier moves, 2 x 2 cha, 2 x 2 ma (d2/f2 blocked by the sang), no sang move
    # (blocked by the sa or onto its own soldiers), no po move (no screen but the other po or the
    # ma behind with nothing beyond), janggun e1 d2 f2 e3 d3 f3, 2 x 2 sa.
    ("chess.janggi", {}, [31, 961], "450-default-s1"),
    # Shatranj at-Tamma: 10 sarbazes, 2 x 1 asb (d2, g2), 2 x 3 dabbaba, fers d2 f2, shah e2 f2
    # g2, 2 x 1 rukh (a2, j2); the pils' leaps land on their own sarbazes.
    ("chess.shatranj-at-tamma", {}, [25, 625], "288-default-s1"),
    # Los Alamos Chess: 6 pawn steps and 2 x 2 knight leaps.
    ("chess.los-alamos-chess", {}, [10, 100, 1212], "446-default-s1"),
    # Half Chess: knights g1 (e2 f3) and g4 (e3 f2), bishops g2 (f1 f3 e4) and g3 (f2 f4 e1).
    ("chess.half-chess", {}, [10, 100, 1658], "111-default-s1"),
    # Mak Ruk: 8 bea steps, rooas a2 h2, khoon d2 (orthogonal only), khons c1 (b2 c2 d2) and
    # f1 (e2 f2 g2), maas d2 and e2, met d2 e2 f2 (its jump to e3 lands on its own bea).
    ("chess.mak-ruk", {}, [22, 484, 10522], "281-default-s1"),
    # ... and with the khoon's diagonal steps, c2 and e2 besides.
    ("chess.mak-ruk", {"khoon_diagonal": True}, [24, 576, 13446], None),
    # Santaraj: 8 médéq steps, 4 färäs leaps, the säbäs c1-f4 and f1-c4.
    ("chess.santaraj", {}, [14, 196, 2967], "114-default-s1"),
    # Game of the Pawns: 8 pawn steps, the king on f1 to e1 or g1 (Ludii's kings stand elsewhere).
    ("chess.game-of-the-pawns", {}, [10, 100, 1030], None),
]


@pytest.mark.parametrize("key,options,counts,trace", START_PERFT)
def test_perft_from_the_start(key, options, counts, trace):
    sim = start(key, options)
    assert [perft(sim, d) for d in range(1, len(counts) + 1)] == counts
    if trace:
        assert first_counts(trace, 1) == counts[:1]


def test_rumi_shatranj_opening_is_the_counsellors_leap_then_the_soldiers():
    sim = start("chess.rumi-shatranj")
    play(sim, "d1-d3", "d8-d6", "d2-d4", "d7-d5")
    # Then the game proper: 6 soldier steps and d4xd5? no (d5 is straight ahead), c2/e2 to c3 e3
    # ... counted as Ludii's fifth step lists them.
    assert len(sim.moves()) == first_counts("278-default-s1", 5)[4] == 19
    assert "d4" not in targets(sim, "d2")


# -- first moves ------------------------------------------------------------------------------------
def test_the_neang_jumps_on_her_first_move_only_even_back_on_her_square():
    sim = position("chess.ouk-chatrang", {"e1": [0, "ang"], "d1": [0, "neang"], "e8": [1, "ang"],
                                          "a8": [1, "tuuk"]}, unmoved=["d1", "e1", "e8"])
    assert targets(sim, "d1") == {"c2", "e2", "d3"}
    play(sim, "d1-c2", "a8-a7", "c2-d1", "a7-a8")
    assert targets(sim, "d1") == {"c2", "e2"}


def test_the_ang_leaps_as_a_horse_once_and_only_to_an_empty_square():
    sim = position("chess.ouk-chatrang", {"e1": [0, "ang"], "d3": [1, "neang"], "e8": [1, "ang"],
                                          "a8": [1, "tuuk"]}, unmoved=["e1", "e8"])
    # Steps d1 d2 f1 f2 (the neang on d3 guards c2 and e2), leaps f3 g2 (c2 is guarded, and the
    # leap may not take the neang on d3).
    assert targets(sim, "e1") == {"d1", "d2", "f1", "f2", "f3", "g2"}
    play(sim, "e1-f1", "a8-a7", "f1-e1", "a7-a8")
    assert targets(sim, "e1") == {"d1", "d2", "f1", "f2"}


def test_unmoved_squares_round_trip_through_json():
    v = get_variant("chess.ouk-chatrang")
    state = v.new_game()
    data = state.to_json()
    assert "e1" in data["unmoved"] and "d8" in data["unmoved"]
    assert v.state_from_json(json.loads(json.dumps(data))) == state


def test_a_double_step_needs_both_squares_empty():
    sim = position("chess.shodra", {"e1": [0, "noyion"], "c2": [0, "oi"], "d2": [0, "oi"], "d3": [1, "taba"],
                                    "c4": [1, "taba"], "e8": [1, "noyion"]}, unmoved=["c2", "d2"])
    assert targets(sim, "c2") == {"c3", "d3"}  # c4 is taken by an enemy: no double step onto it
    assert targets(sim, "d2") == set()


# -- Xiangqi: blocked leaps, palace, river, cannon, the facing generals ---------------------------------
def xq(board: dict[str, list], to_move: int = 0) -> Any:
    return position("chess.xiangqi", {"e1": [0, "jiang"], "d10": [1, "jiang"]} | board, to_move)


def test_the_ma_is_blocked_by_a_piece_beside_it_along_the_line():
    sim = xq({"e5": [0, "ma"], "e6": [1, "zu"], "d5": [0, "zu"]})
    # North legs blocked by e6 (d7 f7 out), west by d5 (c6 c4 out): f3? d3 via south leg e4, and
    # g6 g4 via f5.
    assert targets(sim, "e5") == {"d3", "f3", "g6", "g4"}


def test_the_xiang_is_blocked_in_the_middle_and_stays_home():
    sim = xq({"c5": [0, "xiang"], "d4": [0, "zu"]})
    assert targets(sim, "c5") == {"a3"}  # e3 blocked at d4; a7 and e7 across the river


def test_jiang_and_shi_stay_in_the_palace():
    sim = xq({"d1": [0, "shi"]})
    assert targets(sim, "d1") == {"e2"}
    sim = xq({"c9": [1, "zu"]}, to_move=1)
    assert targets(sim, "d10") == {"d9"}  # c10 is outside; e10 would face the red jiang (below)


def test_the_generals_may_not_face_each_other_on_an_open_file():
    sim = xq({"f9": [1, "zu"]}, to_move=1)
    # d10 to e10 would face the red jiang on e1 down an empty file.
    assert "e10" not in targets(sim, "d10")
    sim = xq({"e5": [0, "zu"]}, to_move=1)
    assert "e10" in targets(sim, "d10")


def test_the_pao_moves_as_a_ju_and_takes_over_one_screen():
    sim = xq({"b3": [0, "pao"], "b5": [1, "zu"], "b8": [1, "ma"], "e3": [0, "zu"], "h3": [1, "zu"]})
    # Up: b4, then over b5 to take b8; right: c3 d3, then over e3 to take h3; left a3; down b2 b1.
    assert targets(sim, "b3") == {"b4", "b8", "c3", "d3", "h3", "a3", "b2", "b1"}


def test_the_zu_steps_sideways_only_beyond_the_river():
    assert targets(xq({"c5": [0, "zu"]}), "c5") == {"c6"}
    assert targets(xq({"c6": [0, "zu"]}), "c6") == {"c7", "b6", "d6"}


# -- Janggi: the po, the sang, bikjang ----------------------------------------------------------------
def jg(board: dict[str, list], to_move: int = 0, **options: Any) -> Any:
    return position("chess.janggi", {"e2": [0, "janggun"], "f9": [1, "janggun"]} | board, to_move, options)


def test_the_po_jumps_one_piece_but_never_a_po_and_takes_no_po():
    sim = jg({"b3": [0, "po"], "b5": [0, "byeong"], "b8": [1, "cha"], "h3": [1, "po"], "c3": [1, "byeong"]})
    # Up over b5: b6 b7 and takes b8; right over c3: d3 e3 f3 g3 but not the po on h3; left and
    # down nothing to jump.
    assert targets(sim, "b3") == {"b6", "b7", "b8", "d3", "e3", "f3", "g3"}
    sim = jg({"b3": [0, "po"], "b5": [1, "po"], "b8": [1, "cha"]})
    assert targets(sim, "b3") == set()


def test_the_sang_is_blocked_on_either_point_it_passes():
    assert targets(jg({"e5": [0, "sang"]}), "e5") == {"c8", "g8", "c2", "g2", "b7", "b3", "h7", "h3"}
    # e6 blocks both northward leaps at their first point, f3 the leap to g2 at its second.
    assert targets(jg({"e5": [0, "sang"], "e6": [1, "byeong"], "f3": [1, "byeong"]}), "e5") == {
        "c2", "b7", "b3", "h7", "h3"}


@pytest.mark.parametrize("bikjang,over", [(True, True), (False, False)])
def test_bikjang_draws_when_the_generals_stay_facing(bikjang, over):
    sim = position("chess.janggi", {"d2": [0, "janggun"], "e9": [1, "janggun"], "a1": [0, "cha"],
                                    "i10": [1, "cha"]}, 0, {"bikjang": bikjang})
    play(sim, "d2-e2")
    assert sim.outcome() is None
    play(sim, "i10-i9")
    assert (sim.outcome() is not None) == over
    if over:
        assert sim.outcome().winner is None


# -- a promotion only once the piece promoted to is lost (Shatranj at-Tamma) --------------------------
@pytest.mark.parametrize("fers,after", [(True, None), (False, "fers")])
def test_a_sarbaz_is_promoted_only_once_the_fers_is_lost_and_else_leaves(fers, after):
    board = {"f1": [0, "shah"], "b9": [0, "sarbaz"], "e10": [1, "shah"]}
    if fers:
        board["a1"] = [0, "fers"]
    sim = position("chess.shatranj-at-tamma", board)
    play(sim, "b9-b10")
    c = sim.cells[sim.game.board.index["b10"]]
    assert (sim.game.kinds[sim.game.kind_of[c]] if c else None) == after


# -- checkmate drawn while the mated side keeps a kind (Shodra) --------------------------------------
@pytest.mark.parametrize("black_oi,winner", [(True, None), (False, 0)])
def test_shodra_checkmate_wins_only_once_every_oi_is_taken(black_oi, winner):
    board = {"h8": [1, "noyion"], "g6": [0, "noyion"], "a7": [0, "targa"], "e1": [0, "targa"]}
    if black_oi:
        board["a2"] = [1, "oi"]
    sim = position("chess.shodra", board, to_move=0)
    play(sim, "e1-e8")
    assert sim.outcome() is not None and sim.outcome().winner == winner


# -- promotion as Ludii's two steps ------------------------------------------------------------------
def test_a_promotion_is_two_ludii_steps_where_the_file_says_so():
    sim = position("chess.chaturanga", {"e1": [0, "raja"], "b7": [0, "bhata"], "h8": [1, "raja"]})
    m = next(m for m in sim.moves() if sim.game.board.names[m[2]] == "b8")
    assert sim.game.ludii_steps(sim, m, None) == [(0, {"from": "b7", "to": "b8"}, False),
                                                  (0, {"from": "b8", "to": "off"}, False)]
    sim2 = position("chess.ouk-chatrang", {"e1": [0, "ang"], "b5": [0, "trey"], "h8": [1, "ang"]})
    m = next(m for m in sim2.moves() if sim2.game.board.names[m[2]] == "b6")
    assert m[4] >= 0 and sim2.game.ludii_steps(sim2, m, None) is None


# -- Mak Ruk: the met's first jump and the khon's backward step -------------------------------------
def test_the_met_jumps_two_squares_forward_on_its_first_move_only():
    sim = position("chess.mak-ruk", {"a1": [0, "khoon"], "e1": [0, "met"], "e2": [1, "bea"], "h8": [1, "khoon"],
                                     "d8": [1, "met"], "a7": [1, "bea"]}, unmoved=["e1", "d8"])
    # Steps d2 f2, takes e2 straight ahead, jumps over the bea to e3.
    assert targets(sim, "e1") == {"d2", "e2", "f2", "e3"}
    play(sim, "e1-f2", "a7-a6", "f2-e1")
    # Black's met jumps forward too, down the board: d8 to d6.
    assert "d6" in targets(sim, "d8")
    play(sim, "d8-c7")
    assert targets(sim, "e1") == {"d2", "e2", "f2"}


def test_the_khon_steps_back_diagonally_only_onto_an_empty_square():
    sim = position("chess.mak-ruk", {"a1": [0, "khoon"], "d4": [0, "khon"], "c3": [1, "maa"], "h8": [1, "khoon"]})
    assert targets(sim, "d4") == {"c5", "d5", "e5", "e3"}
    sim = position("chess.mak-ruk", {"a1": [0, "khoon"], "d4": [0, "khon"], "c5": [1, "maa"], "h8": [1, "khoon"]})
    assert targets(sim, "d4") == {"c5", "d5", "e5", "c3", "e3"}


def test_the_khoon_steps_orthogonally_unless_the_diagonal_reading_is_chosen():
    board = {"d4": [0, "khoon"], "h8": [1, "khoon"]}
    assert targets(position("chess.mak-ruk", board), "d4") == {"c4", "e4", "d3", "d5"}
    assert targets(position("chess.mak-ruk", board, options={"khoon_diagonal": True}), "d4") == {
        "c4", "e4", "d3", "d5", "c3", "c5", "e3", "e5"}


# -- Game of the Pawns: promotion only under the option ---------------------------------------------
@pytest.mark.parametrize("promotion", [False, True])
def test_a_pawn_on_the_far_row_stays_a_pawn_unless_the_option_promotes_it(promotion):
    sim = position("chess.game-of-the-pawns", {"a1": [0, "king"], "b7": [0, "pawn"], "h8": [1, "king"]},
                   options={"promotion": promotion})
    play(sim, "b7-b8")
    kind = sim.game.kinds[sim.game.kind_of[sim.cells[sim.game.board.index["b8"]]]]
    assert kind == ("fers" if promotion else "pawn")


# -- Santaraj: promotion to a piece already lost, and ten moves to mate a bare negus ----------------
def promotions(sim: Any, frm: str, to: str) -> set[str]:
    g, names = sim.game, sim.game.board.names
    return {g.kinds[m[4]] for m in sim.moves() if names[m[1]] == frm and names[m[2]] == to}


def test_a_medeq_becomes_a_ferz_or_a_kind_its_player_has_lost():
    # White has both ders and one säbä of two, no färäs: ferz, säbä or färäs.
    board = {"e1": [0, "negus"], "a1": [0, "der"], "h1": [0, "der"], "c1": [0, "saba"], "b7": [0, "medeq"],
             "e8": [1, "negus"], "h7": [1, "medeq"]}
    sim = position("chess.santaraj", board)
    assert promotions(sim, "b7", "b8") == {"ferz", "saba", "faras"}
    # With a der lost too, the der is offered.
    del board["h1"]
    assert promotions(position("chess.santaraj", board), "b7", "b8") == {"ferz", "der", "saba", "faras"}


def test_a_bare_negus_must_be_mated_within_twenty_turns_of_the_last_capture():
    board = {"e1": [0, "negus"], "a1": [0, "der"], "h1": [0, "der"], "h8": [1, "negus"]}
    sim = position("chess.santaraj", board, quiet=19)
    assert sim.over is None
    play(sim, "a1-a2")
    assert sim.over == (None, "bare")
    # Not while the other side keeps a piece beside its negus.
    board["a7"] = [1, "medeq"]
    sim = position("chess.santaraj", board, quiet=19)
    play(sim, "a1-a2")
    assert sim.over is None


# -- random games end ----------------------------------------------------------------------------------
@pytest.mark.parametrize("key", ["chess.chaturanga", "chess.ouk-chatrang", "chess.shodra", "chess.rumi-shatranj",
                                 "chess.xiangqi", "chess.manzhouqi", "chess.hasami-shogi",
                                 "chess.janggi", "chess.shatranj-at-tamma",
                                 "chess.los-alamos-chess", "chess.half-chess", "chess.mak-ruk",
                                 "chess.game-of-the-pawns", "chess.santaraj"])
def test_random_games_end(key):
    rng = random.Random(3)
    sim = start(key)
    random_playout(sim, rng, 5000)
    assert sim.outcome() is not None


# -- Hasami Shogi: the corner taken against the edge (Ludii's reading, an option) -------------------
@pytest.mark.parametrize("corner,taken", [(True, True), (False, False)])
def test_a_corner_piece_is_taken_against_the_edges_only_under_the_corner_reading(corner, taken):
    sim = position("chess.hasami-shogi", {"a1": [1, "fuhyo"], "a2": [0, "fuhyo"], "c1": [0, "fuhyo"],
                                          "e5": [0, "fuhyo"], "i9": [1, "fuhyo"], "h8": [1, "fuhyo"]},
                   options={"corner": corner})
    play(sim, "c1-b1")
    assert (sim.cells[sim.game.board.index["a1"]] == 0) == taken
    # A custodial capture needs a piece on each side along a line: a piece on the edge between a
    # mover and the edge is not taken.
    sim = position("chess.hasami-shogi", {"a5": [1, "fuhyo"], "b6": [0, "fuhyo"], "e5": [0, "fuhyo"],
                                          "i9": [1, "fuhyo"], "h8": [1, "fuhyo"]}, options={"corner": corner})
    play(sim, "b6-b5")
    assert sim.cells[sim.game.board.index["a5"]] != 0
