"""Shatranj ar-Rumiya after al-Amuli (chess.shatranj-ar-rumiya-al-amuli, DLP.GameRulesets.650):
the round board with four citadels in the centre (the circle builder's opt-in ``citadels``), the
armies set the other way out, and the shah that enters a citadel drawing the game. Counts of
legal moves are worked by hand from set positions; each test names its clauses."""
from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import get_variant
from games.engine.rules import board as boards
from tests.games.test_rules_chess2 import perft, play  # "a1-b2" moves on the fast path

KEY = "chess.shatranj-ar-rumiya-al-amuli"
# The two shahs out of the way on the outer ring, far from the citadels.
SHAHS = {"e4": [0, "shah", 1], "m4": [1, "shah", 1]}
E, NE, N, NW, W, SW, S, SE = range(8)


def start() -> Any:
    v = get_variant(KEY)
    return v.fast(v.new_game({}))


def position(board: dict[str, list], to_move: int = 0) -> Any:
    return get_variant(KEY).game.sim_from_json({"board": board, "to_move": to_move, "turn": 10}, {})


def names(sim: Any) -> set[str]:
    b = sim.game.board.names
    return {f"{b[m[1]]}-{b[m[2]]}" for m in sim.moves() if m[1] >= 0}


def moves_from(sim: Any, site: str) -> set[str]:
    return {m for m in names(sim) if m.startswith(site + "-")}




# -- the board (RA-1) ---------------------------------------------------------------------------
def test_citadel_sites_and_their_neighbours() -> None:
    # RA-1: four citadels after the 64 cells, named by their first sector and ring 0.
    b = get_variant(KEY).game.board
    assert b.size == 68 and b.names[64:] == ["a0", "e0", "i0", "m0"]
    assert sorted(b.names[i] for i in b.regions["citadels"]) == ["a0", "e0", "i0", "m0"]
    at = lambda site, d: b.names[b.step[d][b.index[site]]] if b.step[d][b.index[site]] >= 0 else None  # noqa: E731
    # Straight in from each of the four cells of a quarter: its citadel.
    for sector, cit in zip("abcdefghijklmnop", "aaaaeeeeiiiimmmm"):
        assert at(f"{sector}1", S) == f"{cit}0"
    # Diagonally in: the citadel under the next sector that way (across the quarter's edge from
    # the cells at its ends); anticlockwise (e) is the next sector in the alphabet.
    assert (at("d1", SW), at("d1", SE)) == ("a0", "e0")
    assert (at("e1", SW), at("e1", SE)) == ("a0", "e0")
    assert (at("f1", SW), at("f1", SE)) == ("e0", "e0")
    assert (at("p1", SW), at("p1", SE)) == ("m0", "a0")
    assert (at("a1", SW), at("a1", SE)) == ("m0", "a0")
    # The rest of the inner ring's joins are the plain round board's.
    assert (at("e1", E), at("e1", W), at("e1", N), at("e1", NE), at("e1", NW)) == ("f1", "d1", "e2", "f2", "d2")
    # Round the centre each citadel joins the next; no line leads back out to the rings.
    for cit, east, west in (("a0", "e0", "m0"), ("e0", "i0", "a0"), ("i0", "m0", "e0"), ("m0", "a0", "i0")):
        assert (at(cit, E), at(cit, W)) == (east, west)
        assert all(at(cit, d) is None for d in (NE, N, NW, SW, S, SE))
    # Each citadel is entered from six cells: its four and the one beyond each end of its quarter.
    into = {c: sorted(b.names[i] for i in range(64) for d in (SW, S, SE) if b.names[b.step[d][i]] == c)
            for c in ("a0", "e0")}
    assert sorted(set(into["e0"])) == ["d1", "e1", "f1", "g1", "h1", "i1"]
    assert sorted(set(into["a0"])) == ["a1", "b1", "c1", "d1", "e1", "p1"]
    # Leaps never reach them: they lie out of the rings' lattice.
    assert all(y < -1 for _, y in b.xy[64:])


def test_plain_round_board_builds_as_before() -> None:
    # RA-1: the citadels are opt-in; without them (or with citadels = 0) the circle is unchanged.
    plain = boards.build({"shape": "circle", "rings": 4, "sectors": 16})
    zero = boards.build({"shape": "circle", "rings": 4, "sectors": 16, "citadels": 0})
    murray = get_variant("chess.shatranj-ar-rumiya").game.board
    for b in (zero, murray):
        assert b.names == plain.names and b.step == plain.step and b.edges == plain.edges
        assert b.draw == plain.draw and b.regions == plain.regions
    assert plain.size == 64 and "citadels" not in plain.regions
    # With citadels, the rings' own joins stay; only the inner ring's inward ones are added.
    cit = boards.build({"shape": "circle", "rings": 4, "sectors": 16, "citadels": 4})
    for d in range(8):
        for i in range(64):
            if plain.step[d][i] >= 0 or d not in (SW, S, SE) or i >= 16:
                assert cit.step[d][i] == plain.step[d][i]
    assert set(plain.edges) < set(cit.edges)


@pytest.mark.parametrize("bad", [3, 5, 1, -1, True, "4"])
def test_citadels_must_divide_the_sectors(bad: Any) -> None:
    with pytest.raises(boards.BoardSpecError, match="citadels"):
        boards.build({"shape": "circle", "rings": 4, "sectors": 16, "citadels": bad})


def test_citadels_drawn_in_the_centre() -> None:
    # RA-1: drawn inside the inner ring, each in the middle of its quarter, lined to its four cells.
    geo = get_variant(KEY).board_info({})["geometry"]
    sites = {s["name"]: s for s in geo["sites"]}
    for name, (sx, sy) in (("a0", (-1, -1)), ("e0", (1, -1)), ("i0", (1, 1)), ("m0", (-1, 1))):
        x, y = sites[name]["x"], sites[name]["y"]
        assert abs(x * x + y * y - 1.8 ** 2) < 1e-4 and x * sx > 0 and y * sy > 0
        assert sites[name]["mark"] == "refuge"
    edges = {tuple(e) for e in geo["edges"]}
    assert {("e1", "e0"), ("f1", "e0"), ("g1", "e0"), ("h1", "e0"), ("a0", "e0"), ("e0", "i0")} <= edges


# -- the start (RA-2) ---------------------------------------------------------------------------
def test_start_position_and_counts() -> None:
    # RA-2: shah and fers outside, then pils, asbs, and the rukhs on the inner ring.
    board = start().state().to_json()["board"]
    assert board["e4"] == [0, "shah", 1] and board["d4"] == [0, "fers", 1]
    assert board["m4"] == [1, "shah", 1] and board["l4"] == [1, "fers", 1]
    assert {board[s][1] for s in ("d3", "e3", "l3", "m3")} == {"pil"}
    assert {board[s][1] for s in ("d2", "e2", "l2", "m2")} == {"asb"}
    assert {board[s][1] for s in ("d1", "e1", "l1", "m1")} == {"rukh"}
    assert all(board[f"c{r}"] == [0, "baidaq_cw", 1] and board[f"n{r}"] == [1, "baidaq_ccw", 1] for r in range(1, 5))
    # RA-3 to RA-8: eight baidaq steps (c to b, f to g); the asbs d2-b1 d2-b3 e2-g1 e2-g3; the
    # pils d3-b1 e3-g1. The rukhs, the fers and the shah are shut in (the rukhs not into a citadel).
    sim = start()
    assert perft(sim, 1) == 14
    assert moves_from(sim, "d2") == {"d2-b1", "d2-b3"} and moves_from(sim, "d3") == {"d3-b1"}
    assert not moves_from(sim, "d1") and not moves_from(sim, "e1")
    assert perft(sim, 2) == 14 * 14


# -- entering the citadels (RA-3 to RA-7, RA-14) ------------------------------------------------
def test_shah_steps_into_the_citadels_it_touches() -> None:
    # RA-3, RA-14: a shah on e1 has its five ring moves and the two citadels e0 and a0.
    sim = position({"e1": [0, "shah", 1], "m4": [1, "shah", 1]})
    assert moves_from(sim, "e1") == {"e1-f1", "e1-d1", "e1-e2", "e1-f2", "e1-d2", "e1-e0", "e1-a0"}
    # On g1, in the middle of the quarter: only its own citadel.
    sim = position({"g1": [0, "shah", 1], "m4": [1, "shah", 1]})
    assert moves_from(sim, "g1") == {"g1-h1", "g1-f1", "g1-g2", "g1-h2", "g1-f2", "g1-e0"}


def test_other_pieces_never_enter_a_citadel() -> None:
    # RA-5: a rukh on e1 goes fifteen cells round the ring and three outwards, not inwards.
    sim = position({"e1": [0, "rukh", 1], "h4": [0, "shah", 1], "m4": [1, "shah", 1]})
    rukh = moves_from(sim, "e1")
    assert len(rukh) == 18 and not rukh & {"e1-e0", "e1-a0"}
    # RA-4: a fers on e1 has only its two outward diagonals.
    sim = position({"e1": [0, "fers", 1], "h4": [0, "shah", 1], "m4": [1, "shah", 1]})
    assert moves_from(sim, "e1") == {"e1-f2", "e1-d2"}
    # RA-6, RA-7: an asb on e1 leaps to f3 d3 g2 c2; a pil on b2 to d4 and, across the seam,
    # p4; none to a citadel.
    sim = position({"e1": [0, "asb", 1], "b2": [0, "pil", 1], "h4": [0, "shah", 1], "m4": [1, "shah", 1]})
    assert moves_from(sim, "e1") == {"e1-f3", "e1-d3", "e1-g2", "e1-c2"}
    assert moves_from(sim, "b2") == {"b2-d4", "b2-p4"}


def test_shah_in_check_may_take_refuge() -> None:
    # RA-14, RA-15: White's shah on f1 is checked by a rukh on f3 (f2 empty between). It may not
    # stay on the file: e1 and g1 are safe, f2 is still on the rukh's line, e2 and g2 are not
    # attacked; and the citadel is always safe.
    sim = position({"f1": [0, "shah", 1], "f3": [1, "rukh", 1], "m4": [1, "shah", 1]})
    assert sim.in_check(0)
    assert moves_from(sim, "f1") == {"f1-e1", "f1-g1", "f1-e2", "f1-g2", "f1-e0"}


# -- the draw (RA-16) ---------------------------------------------------------------------------
def test_shah_entering_a_citadel_draws() -> None:
    # RA-16: White's shah steps from e1 into a0: the game is drawn at once.
    sim = position({"e1": [0, "shah", 1], "m4": [1, "shah", 1], "h4": [0, "rukh", 1]})
    play(sim, "e1-a0")
    out = sim.outcome()
    assert out is not None and out.winner is None
    assert sim.result() == (0.5, 0.5)
    # Black's shah likewise, into i0 from j1.
    sim = position({"e4": [0, "shah", 1], "j1": [1, "shah", 1]}, to_move=1)
    play(sim, "j1-i0")
    assert sim.outcome() is not None and sim.outcome().winner is None


def test_checkmate_still_wins() -> None:
    # RA-15: Black's lone shah on m4, on the outer ring: its cells are l4 n4 on ring 4 and l3 m3
    # n3 on ring 3. A White rukh on k3 sweeps ring 3; the other comes round ring 4 from b4 to k4,
    # checking along l4: l4 and n4 lie on that line, and k4 is out of the shah's reach. Mate.
    sim = position({"e1": [0, "shah", 1], "b4": [0, "rukh", 1], "k3": [0, "rukh", 1], "m4": [1, "shah", 1]})
    play(sim, "b4-k4")
    out = sim.outcome()
    assert out is not None and out.winner == 0


# -- the baidaqs (RA-8 to RA-13) ----------------------------------------------------------------
def test_baidaqs_round_the_rings_and_meeting_head_on() -> None:
    # RA-8 to RA-11: a clockwise baidaq on c2 steps to b2 and takes on b1 or b3.
    sim = position({**SHAHS, "c2": [0, "baidaq_cw", 1], "b1": [1, "asb", 1], "b3": [1, "pil", 1]})
    assert moves_from(sim, "c2") == {"c2-b2", "c2-b1", "c2-b3"}
    # On the inner ring the diagonal inwards is a citadel, empty in play: nothing to take there.
    sim = position({**SHAHS, "c1": [0, "baidaq_cw", 1], "f1": [0, "baidaq_ccw", 1]})
    assert moves_from(sim, "c1") == {"c1-b1"} and moves_from(sim, "f1") == {"f1-g1"}
    # RA-13: White's clockwise baidaq steps c1-b1 against Black's anticlockwise one on a1: both go.
    sim = position({**SHAHS, "c1": [0, "baidaq_cw", 1], "a1": [1, "baidaq_ccw", 1]})
    play(sim, "c1-b1")
    after = sim.state().to_json()["board"]
    assert "b1" not in after and "a1" not in after


# -- a whole game -------------------------------------------------------------------------------
def test_random_playouts_end() -> None:
    # RA-15 to RA-17: random games end, by mate, stalemate, a citadel or the quiet limit.
    ends = set()
    for seed in range(6):
        rng = random.Random(seed)
        sim = start()
        for _ in range(20000):
            if sim.result() is not None:
                break
            sim.play(rng.choice(sim.moves()))
        assert sim.result() is not None
        ends.add(sim.state().to_json()["over"]["how"] if sim.state().to_json().get("over") else "")
    assert ends
