"""Triad (war/triad.toml, DLP.GameRulesets.553), worked by hand from the DLP's text.

The board (board.py's ``hex`` builder): cell ``xN`` is diagonal x (a = 0) and row N (1 at the
bottom); its colour is (diagonal + row - 1) modulo 3; colour 1 is Red's, colour 0 Green's,
colour 2 Blue's (the centre's). Neighbours of (q, r): (q +- 1, r), (q, r +- 1), (q + 1, r + 1),
(q - 1, r - 1). The turn is hooks_triad.triad: a slide onto a foreign cell, its captures, a
drop of the bunny's piece; the candidate (the landing cell's owner) moves next.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import get_variant
from games.engine.rules.board import BoardSpecError, build

KEY = "war.triad"
RED, GREEN, BLUE = 0, 1, 2


def position(board: dict[str, int], to_move: int = RED, pending: str | None = None, **options: Any) -> Any:
    v = get_variant(KEY)
    data: dict[str, Any] = {"board": {s: [seat, "man", 1] for s, seat in board.items()}, "to_move": to_move, "turn": 10}
    if pending:
        data["pending"] = {"site": pending}
    return v.game.sim_from_json(data, options)


def acts(sim: Any) -> set[str]:
    out = set()
    for m in sim.moves():
        a = sim.action(m).to_json()
        out.add(f"{a['from']}-{a['to']}" if "from" in a else ("pass" if "pass" in a else f"@{a['to']}"))
    return out


def play(sim: Any, text: str) -> None:
    for m in sim.moves():
        a = sim.action(m).to_json()
        if (f"{a['from']}-{a['to']}" if "from" in a else f"@{a.get('to')}") == text:
            sim.play(m)
            return
    raise AssertionError(f"{text} is not legal: {sorted(acts(sim))}")


def pieces(sim: Any) -> dict[str, int]:
    return {s: v[0] for s, v in sim.to_json()["board"].items()}


def test_hex_builder_cells_neighbours_and_colours() -> None:
    # TRI-1: 61 cells, five a side; three colours, no two neighbours alike; the owners.
    b = build({"shape": "hex", "size": 5, "owners": ["colour1", "colour0", "colour2"]})
    assert b.size == 61 and len(b.regions["row1"]) == 5 and len(b.regions["row5"]) == 9
    assert sorted(b.names[i] for i in b.regions["row9"]) == ["e9", "f9", "g9", "h9", "i9"]
    e5 = b.index["e5"]
    assert sorted(b.names[j] for j in b.neighbours(e5)) == ["d4", "d5", "e4", "e6", "f5", "f6"]
    assert sorted(b.names[j] for j in b.neighbours(b.index["a1"])) == ["a2", "b1", "b2"]
    assert sorted(b.names[i] for i in b.regions["corners"]) == ["a1", "a5", "e1", "e9", "i5", "i9"]
    for i in range(b.size):
        assert all(b.owners[j] != b.owners[i] for j in b.neighbours(i))
    assert [sum(1 for o in b.owners if o == s) for s in range(3)] == [21, 21, 19]
    assert b.owners[e5] == BLUE and b.owners[b.index["a5"]] == RED and b.owners[b.index["a1"]] == GREEN
    # The geometry gives each cell its owner (drawn in the seat's colour); other boards do not.
    sites = {s["name"]: s for s in b.geometry()["sites"]}
    assert sites["e5"]["owner"] == BLUE and sites["e5"]["shape"] == "hex"
    assert "owner" not in build({"shape": "grid", "size": [3, 3]}).geometry()["sites"][0]
    # Two a side: seven cells, the centre b2 touching the six others.
    small = build({"shape": "hex", "size": 2})
    assert sorted(small.names) == ["a1", "a2", "b1", "b2", "b3", "c2", "c3"] and small.owners is None
    assert len(small.neighbours(small.index["b2"])) == 6
    for bad in ({"shape": "hex", "size": 1}, {"shape": "hex", "size": 5, "owners": ["colour1", "colour1"]},
                {"shape": "hex", "size": 5, "owners": ["colour1", "nowhere"]}):
        with pytest.raises(BoardSpecError):
            build(bad)


def test_start_nine_each_and_red_first() -> None:
    # TRI-2, TRI-3: nine pieces each on three alternate corners; Red moves first.
    v = get_variant(KEY)
    sim = v.fast(v.new_game())
    assert sim.to_move() == RED
    board = pieces(sim)
    assert sorted(s for s, o in board.items() if o == RED) == sorted("a3 a4 b4 a5 b5 c5 b6 c6 c7".split())
    assert sorted(s for s, o in board.items() if o == GREEN) == sorted("g7 h7 i7 g8 h8 i8 g9 h9 i9".split())
    assert sorted(s for s, o in board.items() if o == BLUE) == sorted("c1 d1 e1 d2 e2 f2 e3 f3 g3".split())
    # TRI-6: the most an opening move can take is two: a3-d3 lands between Blue's e3 and d2,
    # c6-g6 beside Green's g7 and h7. These eight take two each; every other move fewer.
    assert acts(sim) == {"a3-d3", "b4-f4", "b4-g4", "c5-f8", "c5-c2", "c6-g6", "c6-h6", "c7-f7"}


def test_slides_land_only_on_foreign_empty_cells() -> None:
    # TRI-4: Red on e5; Green's one piece on i7, Blue's on c1, neither next to a cell Red can
    # reach, so nothing is taken (TRI-6 keeps every move). Along each line, the empty foreign
    # cells up to the edge or a piece; Red's own cells (colour 1) are passed over, not landed on.
    sim = position({"e5": RED, "i7": GREEN, "c1": BLUE})
    assert acts(sim) == {
        "e5-f5", "e5-h5", "e5-i5",  # east: f5 green, g5 red, h5 blue, i5 green
        "e5-c5", "e5-b5",  # west: d5 red, c5 green, b5 blue, a5 red
        "e5-g7", "e5-h8",  # north-east: f6 red, g7 green, h8 blue, i9 red
        "e5-e6", "e5-e8", "e5-e9",  # north-west: e6 green, e7 red, e8 blue, e9 green
        "e5-d4", "e5-b2", "e5-a1",  # south-west: d4 green, c3 red, b2 blue, a1 green
        "e5-e3", "e5-e2",  # south-east: e4 red, e3 green, e2 blue, e1 red
    }
    # A piece in the way stops the slide: Blue on g5 (a Red cell) leaves only f5 eastwards,
    # and f5, next to it, takes it: the only move (TRI-6).
    blocked = position({"e5": RED, "g5": BLUE, "i7": GREEN, "c1": BLUE})
    assert acts(blocked) == {"e5-f5"}


def test_captures_and_the_max_capture_rule() -> None:
    # TRI-5, TRI-6: Red on e5; Green on g5 and i5; Blue on e7 and e9.
    sim = position({"e5": RED, "g5": GREEN, "i5": GREEN, "e7": BLUE, "e9": BLUE})
    # f5 touches g5 (Green), e6 touches e7 (Blue): each takes one, every other landing none.
    assert acts(sim) == {"e5-f5", "e5-e6"}
    play(sim, "e5-e6")
    assert pieces(sim) == {"e6": RED, "g5": GREEN, "i5": GREEN, "e9": BLUE}  # e7 taken
    # A second Blue piece on g6 also touches f5: f5 now takes two, the only move.
    two = position({"e5": RED, "g5": GREEN, "i5": GREEN, "e7": BLUE, "e9": BLUE, "g6": BLUE})
    assert acts(two) == {"e5-f5"}
    play(two, "e5-f5")
    assert pieces(two) == {"f5": RED, "i5": GREEN, "e7": BLUE, "e9": BLUE}
    # The mover's own pieces beside the landing cell stay: f5 touches g5 (Red) and g6 (Blue).
    own = position({"e5": RED, "g5": RED, "g6": BLUE, "c1": BLUE, "a3": GREEN})
    assert "e5-f5" in acts(own)
    play(own, "e5-f5")
    assert pieces(own) == {"f5": RED, "g5": RED, "c1": BLUE, "a3": GREEN}


def test_the_drop_and_the_candidate_moves_next() -> None:
    # TRI-7, TRI-8: e5-f5 lands on Green's cell: Green is the candidate, Blue the bunny.
    sim = position({"e5": RED, "g5": GREEN, "i5": GREEN, "e7": BLUE, "e9": BLUE})
    play(sim, "e5-f5")
    assert sim.to_move() == RED and sim.pending == sim.game.board.index["f5"]
    empty = 61 - 4  # f5, i5, e7, e9 taken; any empty cell takes the drop
    assert len(sim.moves()) == empty and "@a1" in acts(sim) and "@e5" in acts(sim)
    assert sim.action(sim.moves()[0]).to_json() == {"to": "a1"}
    play(sim, "@a1")
    assert pieces(sim)["a1"] == BLUE  # a new piece of the bunny's
    assert sim.to_move() == GREEN  # the candidate
    # Landing on Blue's cell (h8) instead: Blue moves next, Green is passed over, and Green,
    # the bunny, gets the piece dropped.
    other = position({"e5": RED, "i7": GREEN, "c1": BLUE})
    play(other, "e5-h8")
    play(other, "@a1")
    assert pieces(other)["a1"] == GREEN and other.to_move() == BLUE


def test_play_stops_when_a_player_is_eliminated() -> None:
    # TRI-9: Red takes Green's last piece (g5) landing on f5; Red has 1, Blue 2: Blue wins,
    # and there is no drop.
    sim = position({"e5": RED, "g5": GREEN, "e7": BLUE, "e9": BLUE})
    play(sim, "e5-f5")
    assert sim.over == (BLUE, "eliminated") and sim.moves() == [] and sim.result() == (0.0, 0.0, 1.0)
    assert pieces(sim) == {"f5": RED, "e7": BLUE, "e9": BLUE}
    # Red with a second piece (a3): two each, a tie between Red and Blue; Green lost.
    tie = position({"e5": RED, "a3": RED, "g5": GREEN, "e7": BLUE, "e9": BLUE})
    play(tie, "e5-f5")
    assert tie.over == (None, "eliminated") and tie.result() == (0.5, 0.0, 0.5)
    assert tie.outcome().winner is None
    # Both opponents' last pieces taken at once (g5 Green, g6 Blue beside f5): Red wins.
    both = position({"e5": RED, "g5": GREEN, "g6": BLUE})
    play(both, "e5-f5")
    assert both.over == (RED, "eliminated") and both.result() == (1.0, 0.0, 0.0)


def test_a_player_with_no_move_is_out() -> None:
    # TRI-10: Red has moved to f5 (Green's cell); Green's one piece on a1 is shut in by b1
    # (Red), a2 and b2 (Blue). After the drop (a Blue piece) Green cannot move: Green is out,
    # Blue (3 pieces) beats Red (2).
    board = {"f5": RED, "b1": RED, "a1": GREEN, "a2": BLUE, "b2": BLUE}
    sim = position(board, pending="f5")
    play(sim, "@i9")
    assert sim.over == (BLUE, "stuck") and sim.result() == (0.0, 0.0, 1.0)
    # TRI-11 (option stuck_passes, Ludii's reading): Green passes and Blue, next in seat
    # order, moves.
    ludii = position(board, pending="f5", stuck_passes=True)
    play(ludii, "@i9")
    assert ludii.over is None and ludii.to_move() == GREEN and acts(ludii) == {"pass"}
    ludii.play(ludii.moves()[0])
    assert ludii.to_move() == BLUE


def test_protocol_round_trip() -> None:
    v = get_variant(KEY)
    s = v.new_game()
    s = v.apply(s, {"from": "c6", "to": "g6"})  # lands on Blue's cell, takes Green's g7 and h7
    assert v.to_move(s) == v.side_of(RED)
    s = v.apply(s, {"to": "a1"})  # a Green piece (the bunny's)
    data = s.to_json()
    assert data["board"]["a1"][0] == GREEN and data["to_move"] == BLUE
    green = sorted(c for c, x in data["board"].items() if x[0] == GREEN)
    assert green == ["a1", "g8", "g9", "h8", "h9", "i7", "i8", "i9"]


def test_random_play_outs_end() -> None:
    v = get_variant(KEY)
    rng = random.Random(7)
    ended = 0
    for _ in range(20):
        sim = v.fast(v.new_game())
        for _ in range(2000):
            if sim.result() is not None:
                break
            sim.play(rng.choice(sim.moves()))
        res = sim.result()
        assert res is not None
        ended += 1
        assert sorted(res) in ([0.0, 0.0, 1.0], [0.0, 0.5, 0.5], [0.5, 0.5, 0.5])
    assert ended == 20
