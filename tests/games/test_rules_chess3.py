"""The chess-like vocabulary added for the third batch of chess files, with counts of legal moves
worked by hand from set positions (perft-style):

- a grid cut down to the squares it keeps (``board.keep``: Shatranj al-Husun's ten by ten with a
  citadel off each corner);
- a leap that ``avoid``s regions (neither starts nor lands there: the asb never enters a citadel);
- a ``reach`` end with a region per seat and ``result = "draw"`` (the shah in a far citadel).
"""
from __future__ import annotations

from typing import Any

import pytest

from games.engine import get_variant
from tests.games.test_rules_chess2 import perft


def start(key: str, options: dict | None = None) -> Any:
    v = get_variant(key)
    return v.fast(v.new_game(options or {}))


def position(key: str, board: dict[str, list], to_move: int = 0, options: dict | None = None, **extra: Any) -> Any:
    v = get_variant(key)
    return v.game.sim_from_json({"board": board, "to_move": to_move, "turn": 10, **extra}, options or {})


def names(sim: Any, moves: list | None = None) -> set[str]:
    b = sim.game.board.names
    return {f"{b[m[1]]}-{b[m[2]]}" for m in (sim.moves() if moves is None else moves) if m[1] >= 0}


def play(sim: Any, *moves: str) -> None:
    b = sim.game.board.names
    for text in moves:
        a, t = text.split("-")
        m = next(m for m in sim.moves() if b[m[1]] == a and b[m[2]] == t)
        sim.play(m)


# -- Shatranj al-Husun: the kept grid, the leap that avoids, the draw by reaching ---------------
HU = "chess.shatranj-al-husun"


def test_al_husun_board_keeps_the_ten_by_ten_and_four_citadels() -> None:
    g = get_variant(HU).game
    b = g.board
    assert b.size == 104
    assert {"a1", "l1", "a12", "l12", "b2", "k11"} <= set(b.names) and "a2" not in b.index and "b1" not in b.index
    # A citadel touches the board at its corner square only, diagonally.
    a1 = b.index["a1"]
    assert [b.names[t] for t in b.neighbours(a1)] == ["b2"]
    assert sorted(b.names[t] for t in b.neighbours(b.index["b2"])) == ["a1", "b3", "c2", "c3"]
    # Regions are cut to the squares kept: the 11th rank is b11..k11, the corners the citadels.
    assert sorted(b.names[i] for i in b.regions["rank11"]) == sorted(f"{f}11" for f in "bcdefghijk")
    assert sorted(b.names[i] for i in b.regions["corners"]) == ["a1", "a12", "l1", "l12"]


def test_al_husun_start_counts() -> None:
    # Ten sarbazes one step each, two asbs two leaps each, two pils two leaps each: 18; the
    # dabbabas, shah, fers and rukhs are shut in. Ludii's reading adds ten double steps: 28.
    assert perft(start(HU), 1) == 18
    assert perft(start(HU), 2) == 18 * 18
    assert perft(start(HU, {"double_step": True}), 1) == 28


def test_al_husun_asb_never_enters_a_citadel() -> None:
    # An asb on b3: c5, d4, d2 (a1 is a citadel, the rest off the board).
    sim = position(HU, {"b3": [0, "asb", 1], "f2": [0, "shah", 1], "f11": [1, "shah", 1]})
    assert {m for m in names(sim) if m.startswith("b3-")} == {"b3-c5", "b3-d4", "b3-d2"}
    # The dabbaba slides through the corner square into the citadel; the pil leaps in over it.
    sim = position(HU, {"d4": [0, "dabbaba", 1], "c3": [0, "pil", 1], "f2": [0, "shah", 1], "f11": [1, "shah", 1]})
    assert "d4-a1" not in names(sim)  # the pil on c3 blocks it
    assert "c3-a1" in names(sim)
    sim = position(HU, {"d4": [0, "dabbaba", 1], "f2": [0, "shah", 1], "f11": [1, "shah", 1]})
    assert {"d4-c3", "d4-b2", "d4-a1"} <= names(sim)
    # The asb's leaps are not attacks on a citadel either: a shah on a1 is not in check from b3.
    sim = position(HU, {"b3": [1, "asb", 1], "a1": [0, "shah", 1], "f11": [1, "shah", 1]})
    assert names(sim) == {"a1-b2"}


def test_al_husun_shah_in_a_far_citadel_draws() -> None:
    sim = position(HU, {"b11": [0, "shah", 1], "f11": [1, "shah", 1], "c2": [1, "rukh", 1]})
    play(sim, "b11-a12")
    assert sim.over == (None, "reach")
    # Its own side's citadel is only a square.
    sim = position(HU, {"b2": [0, "shah", 1], "f11": [1, "shah", 1], "k5": [1, "rukh", 1]})
    play(sim, "b2-a1")
    assert sim.over is None
    # Black's shah draws in White's citadels.
    sim = position(HU, {"k2": [1, "shah", 1], "f5": [0, "shah", 1]}, to_move=1)
    play(sim, "k2-l1")
    assert sim.over == (None, "reach")


# -- Hindustani chess: promotion by file, the raja's leap until checked, no stalemating ---------
HI = "chess.hindustani-chess"


def test_hindustani_start_counts() -> None:
    # Eight pawns one step, two horses two leaps each, the raja's two leaps (d3, f3): 14.
    sim = start(HI)
    assert perft(sim, 1) == 14
    assert {"e1-d3", "e1-f3"} <= names(sim)
    assert perft(sim, 2) == 14 * 14


def test_hindustani_promotion_by_file_only_to_a_lost_kind() -> None:
    board = {"e1": [0, "raja", 1], "a1": [0, "boat", 1], "h1": [0, "boat", 1], "a7": [0, "pawn", 1],
             "d7": [0, "pawn", 1], "h5": [1, "raja", 1]}
    sim = position(HI, board)
    pawn = [m for m in sim.moves() if sim.game.board.names[m[1]] in ("a7", "d7")]
    # a7 may not enter a8 (both boats still stand); d7-d8 makes a vizier (White has none).
    assert [(sim.game.board.names[m[2]], sim.game.kinds[m[4]]) for m in pawn] == [("d8", "vizier")]
    play(sim, "d7-d8")
    assert sim.to_json()["board"]["d8"] == [0, "vizier", 1]
    # With a boat lost, a7-a8 makes a boat; e7-e8 (the raja's file) a vizier once the vizier is lost.
    board = {"e1": [0, "raja", 1], "h1": [0, "boat", 1], "a7": [0, "pawn", 1], "e7": [0, "pawn", 1],
             "d4": [0, "vizier", 1], "h5": [1, "raja", 1]}
    sim = position(HI, board)
    pawn = {(sim.game.board.names[m[2]], sim.game.kinds[m[4]]) for m in sim.moves()
            if sim.game.board.names[m[1]] in ("a7", "e7")}
    assert pawn == {("a8", "boat")}
    # The action names no choice: the file decides.
    m = next(m for m in sim.moves() if sim.game.board.names[m[1]] == "a7")
    assert dict(sim.action(m)) == {"from": "a7", "to": "a8"}


def test_hindustani_raja_leaps_only_unmoved_and_never_checked() -> None:
    board = {"e1": [0, "raja", 1], "e8": [1, "raja", 1]}
    sim = position(HI, board, unmoved=["e1"])
    # Five steps (d1 d2 e2 f2 f1) and four leaps (c2 d3 f3 g2).
    assert names(sim) == {"e1-d1", "e1-d2", "e1-e2", "e1-f2", "e1-f1", "e1-c2", "e1-d3", "e1-f3", "e1-g2"}
    assert sim.to_json()["spent"] == []
    # Moved: steps only.
    sim = position(HI, board)
    assert len(names(sim)) == 5
    # Checked (a boat on e5 checks along the file): the leaps go, and stay gone once the check is
    # blocked.
    board = {"e1": [0, "raja", 1], "a8": [1, "raja", 1], "e5": [1, "boat", 1], "c2": [0, "boat", 1]}
    sim = position(HI, board, unmoved=["e1"])
    assert sim.to_json()["spent"] == [0]
    assert not any(m.startswith("e1-") and m[3:] in ("d3", "f3", "g2") for m in names(sim))
    play(sim, "c2-e2", "a8-a7")
    assert not any(m in names(sim) for m in ("e1-d3", "e1-f3", "e1-g2"))
    # The spent flag survives the JSON state.
    again = sim.game.sim_from_json(sim.to_json(), {})
    assert again.to_json()["spent"] == [0] and names(again) == names(sim)


def test_hindustani_no_stalemating() -> None:
    # Black's raja on h8, White's raja on f7 and vizier on g5: g5-g6 would stalemate, so it is
    # barred; g5-g7 mates and is allowed.
    board = {"f7": [0, "raja", 1], "g5": [0, "vizier", 1], "h8": [1, "raja", 1]}
    sim = position(HI, board)
    assert "g5-g6" not in names(sim) and "g5-g7" in names(sim)
    # The vizier reaches 23 squares (7 on the rank, 7 on the file, 9 diagonally); f5 and g6 cover
    # h7 without checking h8 (g7 and g8 are the raja's) and would stalemate: 21 remain.
    vizier = {m for m in names(sim) if m.startswith("g5-")}
    assert len(vizier) == 21 and not {"g5-f5", "g5-g6"} & vizier
    play(sim, "g5-g7")
    assert sim.over is not None and sim.over[0] == 0  # mate (the bare raja's burd is found first)


def test_hindustani_burd_and_seventy_checks() -> None:
    # Black keeps only the raja and a pawn after White takes the horse: burd, White wins.
    board = {"e1": [0, "raja", 1], "d1": [0, "boat", 1], "d5": [1, "horse", 1], "a7": [1, "pawn", 1],
             "h8": [1, "raja", 1]}
    sim = position(HI, board)
    play(sim, "d1-d5")
    assert sim.over == (0, "bare")
    # The seventieth check in succession draws; the count is kept per seat and reset by a quiet move.
    board = {"e1": [0, "raja", 1], "a1": [0, "boat", 1], "h7": [1, "raja", 1], "h1": [1, "horse", 1],
             "b2": [0, "pawn", 1]}
    sim = position(HI, board, checks=[69, 0])
    play(sim, "a1-a7")
    assert sim.over == (None, "checks")
    sim = position(HI, board, checks=[68, 0])
    play(sim, "a1-a7")
    assert sim.over is None and sim.to_json()["checks"] == [69, 0]
    play(sim, "h7-g8", "b2-b3")
    assert sim.to_json()["checks"] == [0, 0]


# -- Parsi chess: double steps before an unmoved piece, the raja's leap once, promotion again ---
PA = "chess.parsi-chess"


def test_parsi_start_counts() -> None:
    # Eight single steps, four double steps (a, d, e, h: before a chariot, the vizier, the raja),
    # four horse leaps, the raja's two leaps to empty squares (d3, f3): 18.
    sim = start(PA)
    assert perft(sim, 1) == 18
    assert {"a2-a4", "d2-d4", "e2-e4", "h2-h4"} <= names(sim) and "b2-b4" not in names(sim)
    assert perft(sim, 2) == 18 * 18


def test_parsi_double_step_needs_the_piece_behind_unmoved_and_the_leap_is_once() -> None:
    sim = start(PA)
    play(sim, "e1-f3", "a7-a6")
    assert sim.to_json()["spent"] == [0]
    # The raja left e1: no double step for the e pawn; d2 still has one. The raja leaps no more.
    assert "e2-e4" not in names(sim) and "d2-d4" in names(sim)
    # (Steps to e3 g3 e4 f4 g4; e2 f2 g2 are its own pawns; leaps to d4, e5, g5, h4... none.)
    assert {m for m in names(sim) if m.startswith("f3-")} == {"f3-e3", "f3-g3", "f3-e4", "f3-f4", "f3-g4"}
    # A raja that steps first keeps its leap for later, and may not take with it.
    board = {"e1": [0, "raja", 1], "a1": [0, "chariot", 1], "e8": [1, "raja", 1], "g4": [1, "pawn", 1]}
    sim = position(PA, board)
    # (f3 is attacked by the pawn on g4.)
    assert {"e1-d3", "e1-c2", "e1-g2"} <= names(sim) and "e1-f3" not in names(sim)
    play(sim, "e1-f2", "e8-d8")
    # From f2: d1 d3 e4 h1 (g4 holds an enemy, h3 is attacked).
    assert {m for m in names(sim) if m.startswith("f2-")} >= {"f2-d1", "f2-d3", "f2-e4", "f2-h1"}
    assert "f2-g4" not in names(sim) and "f2-h3" not in names(sim)


def test_parsi_promotion_by_own_file_and_the_horse_moves_again() -> None:
    # White's pawn on the raja's file (e) never reaches e8; Black's raja file is d.
    board = {"a1": [0, "raja", 1], "e7": [0, "pawn", 1], "b7": [0, "pawn", 1], "g1": [0, "horse", 1],
             "h8": [1, "raja", 1], "d2": [1, "pawn", 1], "e2": [1, "pawn", 1]}
    sim = position(PA, board)
    assert "e7-e8" not in names(sim)
    # b7-b8 makes a horse (White has lost one), which may then leap at once (a6, c6, d7) or stop.
    play(sim, "b7-b8")
    assert sim.to_json()["board"]["b8"] == [0, "horse", 1] and sim.mover == 0
    moves = sim.moves()
    assert names(sim, moves) == {"b8-a6", "b8-c6", "b8-d7"} and sum(1 for m in moves if m[1] < 0) == 1
    play(sim, "b8-d7")
    assert sim.mover == 1
    # Black (no vizier left) promotes on e1, its vizier's file; d1, its raja's, is barred.
    assert "e2-e1" in names(sim) and "d2-d1" not in names(sim)
    play(sim, "e2-e1")
    assert sim.to_json()["board"]["e1"] == [1, "vizier", 1]


# -- Grande Acedrex: the bent moves (aanca, rhinoceros), promotion by file -----------------------
GA = "chess.grande-acedrex"
KINGS = {"a1": [0, "king", 1], "l12": [1, "king", 1]}


def test_grande_acedrex_start_counts() -> None:
    # 12 pawns, the king's 3 steps and 3 first leaps, rooks 2 + 2, giraffes 2 + 2, the aanca 13
    # (e2 g2, a2-d2, h2-l2, e3 g3), crocodiles 4 + 4, rhinoceroses 5 + 5: 57 (Ludii's count too).
    sim = start(GA)
    assert perft(sim, 1) == 57
    aanca = {m for m in names(sim) if m.startswith("f1-")}
    assert aanca == {f"f1-{f}2" for f in "abcdeghijkl"} | {"f1-e3", "f1-g3"}
    rhino = {m for m in names(sim) if m.startswith("c1-")}
    assert rhino == {"c1-a2", "c1-e2", "c1-b3", "c1-d3", "c1-f3"}


def test_aanca_and_rhinoceros_on_an_open_board() -> None:
    # Aanca on d4: the four diagonal squares, then outwards along rows and columns:
    # c5 (c6-c12, b5 a5), e5 (e6-e12, f5-l5), c3 (c2 c1, b3 a3), e3 (e2 e1, f3-l3): 4 + 36 = 40.
    sim = position(GA, {**KINGS, "d4": [0, "aanca", 1]})
    assert len({m for m in names(sim) if m.startswith("d4-")}) == 40
    # A piece on its diagonal square stops it there (taken if an enemy); Ludii's reading (the
    # option) lets it pass an enemy, never its own.
    sim = position(GA, {**KINGS, "d4": [0, "aanca", 1], "e5": [1, "pawn", 1], "c5": [0, "pawn", 1]})
    aanca = {m for m in names(sim) if m.startswith("d4-")}
    # (e5 taken but not passed: its 14 runs go; c5 and its 9 go.)
    assert len(aanca) == 40 - 14 - 10 and "d4-e5" in aanca and "d4-c5" not in aanca
    sim = position(GA, {**KINGS, "d4": [0, "aanca", 1], "e5": [1, "pawn", 1], "c5": [0, "pawn", 1]},
                   options={"aanca_passes_enemy": True})
    assert len({m for m in names(sim) if m.startswith("d4-")}) == 40 - 10
    # Rhinoceros on d4: a knight's leap over the first square, then on along the diagonal:
    # via d5 (e6-k12: 7, c6-a8: 3), d3 (e2 f1, c2 b1), c4 (b5 a6, b3 a2), e4 (f5-l11: 7, f3-h1: 3).
    sim = position(GA, {**KINGS, "d4": [0, "rhinoceros", 1]})
    assert len({m for m in names(sim) if m.startswith("d4-")}) == 28
    # Pieces on the leg squares are leapt; a piece further on stops the run (taken if an enemy).
    # (The run e4-f5-g6-...-l11 stops at g6: h7 to l11, five squares, go.)
    board = {**KINGS, "d4": [0, "rhinoceros", 1], "d5": [0, "pawn", 1], "e4": [1, "pawn", 1], "g6": [1, "pawn", 1]}
    sim = position(GA, board)
    rhino = {m for m in names(sim) if m.startswith("d4-")}
    assert len(rhino) == 28 - 5 and "d4-g6" in rhino and "d4-h7" not in rhino
    # Its leaps check: the black king on f5 is attacked from d4 (via e4 or d5... f5 is the
    # knight's square e4-f5), and may not stay.
    board = {"a1": [0, "king", 1], "d4": [0, "rhinoceros", 1], "h7": [1, "king", 1]}
    sim = position(GA, board, to_move=1)
    assert "h7-g6" not in names(sim) and "h7-g7" in names(sim)  # g6 is on the run e4-f5-g6


def test_grande_acedrex_promotion_by_the_square_reached() -> None:
    board = {**KINGS, "g11": [0, "pawn", 1], "c11": [0, "pawn", 1]}
    sim = position(GA, board)
    kinds = {(sim.game.board.names[m[2]], sim.game.kinds[m[4]]) for m in sim.moves() if m[4] >= 0}
    assert kinds == {("g12", "aanca"), ("c12", "rhinoceros")}


# -- Shatranj ar-Rumiya: the round board, baidaqs that meet ---------------------------------------
RU = "chess.shatranj-ar-rumiya"
SHAHS = {"e1": [0, "shah", 1], "m1": [1, "shah", 1]}


def test_round_board_wraps() -> None:
    b = get_variant(RU).game.board
    assert b.size == 64 and b.wrap == 16
    e, w, n, s = 0, 4, 2, 6
    a1, p1 = b.index["a1"], b.index["p1"]
    assert b.step[w][a1] == p1 and b.step[e][p1] == a1 and b.step[s][a1] == -1 and b.names[b.step[n][a1]] == "a2"
    # Drawn in the round: every cell of a ring at the same distance from the centre.
    geo = get_variant(RU).board_info({})["geometry"]
    radii = {round((site["x"] ** 2 + site["y"] ** 2) ** 0.5, 6) for site in geo["sites"] if site["name"].endswith("1")}
    assert radii == {3.0}


def test_ar_rumiya_start_and_open_board_counts() -> None:
    # Eight baidaq steps (c to b, f to g), the pils to b4 and g4, the asbs to b4 b2 and g4 g2: 14.
    sim = start(RU)
    assert perft(sim, 1) == 14
    assert perft(sim, 2) == 14 * 14
    # A rukh on an empty outer ring: fifteen cells round it, three inwards.
    sim = position(RU, {**SHAHS, "a4": [0, "rukh", 1]})
    assert len({m for m in names(sim) if m.startswith("a4-")}) == 18
    # An asb on a1 leaps across the seam: b3 p3 c2 o2.
    sim = position(RU, {**SHAHS, "a1": [0, "asb", 1]})
    assert {m for m in names(sim) if m.startswith("a1-")} == {"a1-b3", "a1-p3", "a1-c2", "a1-o2"}


def test_baidaqs_meeting_head_on_both_go() -> None:
    # White's clockwise baidaq steps c1-b1 against Black's anticlockwise one on a1: both go.
    board = {**SHAHS, "c1": [0, "baidaq_cw", 1], "a1": [1, "baidaq_ccw", 1], "h3": [1, "baidaq_cw", 1]}
    sim = position(RU, board)
    play(sim, "c1-b1")
    after = sim.to_json()["board"]
    assert "b1" not in after and "a1" not in after and "h3" in after
    # Against one going the same way (which can still step on), nothing happens.
    board = {**SHAHS, "c1": [0, "baidaq_cw", 1], "a1": [1, "baidaq_cw", 1]}
    sim = position(RU, board)
    play(sim, "c1-b1")
    assert {"a1", "b1"} <= set(sim.to_json()["board"])


# -- the new fields' errors name the file and the field ----------------------------------------
SMALL = """\
key = "chess.example"
title = "Example"
mechanic = "pieces"
game = { dlp = 24, name = "Alquerque" }
ruleset = { dlp = 0, name = "Ours" }
source = "dlp-2020"
locator = "DLP.GameRulesets.52"

[[clause]]
id = "EX-1"
text = "A board."
board = { shape = "grid", size = [4, 4] }

[[clause]]
id = "EX-2"
text = "Pieces."
pieces = { king = { royal = true }, pawn = {}, rook = {} }
setup = { place = [ { seat = 0, piece = "king", at = "a1", mirror = "rotate" }, { seat = 0, piece = "pawn", at = "b2", mirror = "rotate" } ] }

[[clause]]
id = "EX-3"
text = "Moves."
move = { kind = "step", dirs = "all", to = "empty-or-enemy" }

[[clause]]
id = "EX-4"
text = "Promotion."
promote = { pieces = ["pawn"], zone = "far-rank", to = "rook" }

[[clause]]
id = "EX-5"
text = "End."
end = { kind = "checkmate", royal = "king" }
"""


def _compile_small(tmp_path, text: str):
    from games.engine.rules import compile_file

    folder = tmp_path / "rulesets" / "chess"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "example.toml"
    path.write_text(text, encoding="utf-8")
    return compile_file(path, tmp_path)


@pytest.mark.parametrize(
    "old, new, message",
    [
        ('size = [4, 4] }', 'size = [4, 4], keep = "a1:d4 e9" }', r"board.*keep: 'e9' is not a square"),
        ('shape = "grid", size = [4, 4] }', 'shape = "circle", rings = 0 }', r"rings, sectors: must be"),
        ('to = "rook" }', 'to = "rook", by_file = ["rook", "rook"] }', r"promote\.by_file: must list a kind for each of the 4 files"),
        ('to = "empty-or-enemy" }', 'to = "empty-or-enemy", once = true }', r"move\.once: goes with leap moves"),
        ('to = "empty-or-enemy" }', 'to = "empty-or-enemy", jump_first = true }', r"move\.jump_first: goes with bent moves"),
        ('royal = "king" }', 'royal = "king" }\n\n[[clause]]\nid = "EX-6"\ntext = "Checks."\nend = { kind = "checks", count = 0 }',
         r"end\.count: must be a number of checks"),
        ('royal = "king" }', 'royal = "king" }\n\n[[clause]]\nid = "EX-6"\ntext = "Reach."\nend = { kind = "reach", piece = "king", region = ["rank4"] }',
         r"end\.region: must be a region, or a list of 2"),
    ],
)
def test_new_fields_are_checked(tmp_path, old, new, message) -> None:
    from games.engine.rules.loader import RulesFileError

    assert old in SMALL
    _compile_small(tmp_path, SMALL)  # the file itself is sound
    with pytest.raises(RulesFileError, match=message):
        _compile_small(tmp_path, SMALL.replace(old, new, 1))
