"""Ploy (war/ploy.toml, DLP.GameRulesets.408), worked by hand from the DLP's rules text.

Kinds are named by type and the compass points their indicators show (hooks_ploy.py): a
shield ``shield-n``, a lance ``lance-n-ne-nw``, the commander ``commander-ne-se-sw-nw`` or,
turned, ``commander-n-e-s-w``. A move is written ``from-to`` (a motion), ``KIND@site`` (a
rotation: the kind the piece becomes) or ``pass``.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import get_variant
from games.engine.core import Action
from games.engine.rules.hooks import HOOKS
from games.engine.rules.hooks_ploy import COMPASS

KEY = "war.ploy"
DIAG = "commander-ne-se-sw-nw"
ORTH = "commander-n-e-s-w"

# Two commanders far apart and a spare piece each, so that no end is near unless a test wants it.
BASE = {"a1": [0, DIAG, 1], "i9": [1, DIAG, 1], "b1": [0, "shield-w", 1], "h9": [1, "shield-e", 1]}


def position(board: dict[str, list], to_move: int = 0, **extra: Any) -> Any:
    v = get_variant(KEY)
    return v.game.sim_from_json({"board": {**BASE, **board}, "to_move": to_move, "turn": 10, **extra}, {})


def names(sim: Any, at: str | None = None) -> set[str]:
    b = sim.game.board.names
    out = set()
    for m in sim.moves():
        if m[1] < 0:
            out.add("pass")
        elif at is not None and b[m[1]] != at:
            continue
        elif m[1] == m[2]:
            out.add(f"{sim.game.kinds[m[5]]}@{b[m[2]]}")
        else:
            out.add(f"{b[m[1]]}-{b[m[2]]}")
    return out


def play(sim: Any, text: str) -> None:
    """Play the move written as in ``names``."""
    b = sim.game.board.names
    for m in sim.moves():
        if text == "pass" and m[1] < 0:
            sim.play(m)
            return
        if m[1] >= 0 and m[1] == m[2] and text == f"{sim.game.kinds[m[5]]}@{b[m[2]]}":
            sim.play(m)
            return
        if m[1] >= 0 and m[1] != m[2] and text == f"{b[m[1]]}-{b[m[2]]}":
            sim.play(m)
            return
    raise AssertionError(f"{text} is not legal: {sorted(names(sim))}")


def board(sim: Any) -> dict[str, list]:
    return sim.state().to_json()["board"] if hasattr(sim.state(), "to_json") else sim.to_json()["board"]


def test_the_hook_is_registered_and_the_file_loads() -> None:
    assert "ploy" in HOOKS
    v = get_variant(KEY)
    assert len(v.game.kinds) == 8 + 20 + 24 + 2  # every orientation of every pattern


def test_setup_and_the_opening_moves() -> None:
    # PLY-2, PLY-3: fifteen pieces each, the standard arrangement, both sides facing each other.
    v = get_variant(KEY)
    sim = v.fast(v.new_game())
    cells = sim.to_json()["board"]
    assert sum(1 for c in cells.values() if c[0] == 0) == 15 and sum(1 for c in cells.values() if c[0] == 1) == 15
    assert cells["e1"] == [0, DIAG, 1] and cells["e9"] == [1, DIAG, 1]
    assert [cells[s][1] for s in ("b1", "c1", "d1", "f1", "g1", "h1")] == [
        "lance-n-e-w", "lance-ne-s-nw", "lance-n-ne-nw", "lance-n-ne-nw", "lance-ne-s-nw", "lance-n-e-w"]
    assert [cells[s][1] for s in ("c2", "d2", "e2", "f2", "g2")] == [
        "probe-n-ne", "probe-ne-nw", "probe-n-s", "probe-ne-nw", "probe-n-nw"]
    assert [cells[s][1] for s in ("d3", "e3", "f3")] == ["shield-n"] * 3
    assert [cells[s][1] for s in ("b9", "c9", "d9", "f9", "g9", "h9")] == [
        "lance-e-s-w", "lance-n-se-sw", "lance-se-s-sw", "lance-se-s-sw", "lance-n-se-sw", "lance-e-s-w"]
    assert [cells[s][1] for s in ("c8", "d8", "e8", "f8", "g8")] == [
        "probe-se-s", "probe-se-sw", "probe-n-s", "probe-se-sw", "probe-s-sw"]
    assert [cells[s][1] for s in ("d7", "e7", "f7")] == ["shield-s"] * 3
    # PLY-4, PLY-5, PLY-6: White begins. Motions by hand: the shields one north each (3); the Y
    # lances north-west / north-east up to three (c1: b2, a3; g1: h2, i3); the T lances north up
    # to three and outwards one (b1: b2, b3, b4, a1; h1: h2, h3, h4, i1); the narrow-V probes
    # north two (c2: c3, c4; g2: g3, g4; their other arm is blocked); the wide-V probes outwards
    # two (d2: c3, b4; f2: g3, h4); the W lances, the I probe and the commander are hemmed in:
    # 23 motions. Rotations: two for each of the 14 pieces, one for the commander: 29.
    motions = {m for m in names(sim) if "@" not in m}
    assert motions == {"d3-d4", "e3-e4", "f3-f4", "c1-b2", "c1-a3", "g1-h2", "g1-i3",
                       "b1-b2", "b1-b3", "b1-b4", "b1-a1", "h1-h2", "h1-h3", "h1-h4", "h1-i1",
                       "c2-c3", "c2-c4", "g2-g3", "g2-g4", "d2-c3", "d2-b4", "f2-g3", "f2-h4"}
    assert len(names(sim)) == 23 + 29 == len(sim.moves())
    assert sim.to_move() == 0


def test_a_lance_slides_up_to_three_and_takes_the_first_enemy() -> None:
    # PLY-5: a W lance on e5 (north, north-east, north-west). North: e6, then its own shield on e7
    # stops it. North-east: the enemy probe on f6 is taken (the lance stops there). North-west:
    # d6, c7, b8 (three squares, not a9).
    sim = position({"e5": [0, "lance-n-ne-nw", 1], "e7": [0, "shield-n", 1], "f6": [1, "probe-n-s", 1]})
    assert names(sim, "e5") == {"e5-e6", "e5-f6", "e5-d6", "e5-c7", "e5-b8",
                                "lance-n-ne-e@e5", "lance-n-w-nw@e5"}
    play(sim, "e5-f6")
    cells = board(sim)
    assert cells["f6"] == [0, "lance-n-ne-nw", 1] and "e5" not in cells  # taken by displacement
    assert sim.to_move() == 1


def test_probe_two_shield_and_commander_one() -> None:
    # PLY-5: an I probe (north, south) on e5 goes up to two each way; a shield one square its way;
    # the commander one square along its four indicators (the diagonals, or turned the row and column).
    sim = position({"e5": [0, "probe-n-s", 1], "c3": [0, "shield-ne", 1], "g4": [0, ORTH, 1]})
    assert {m for m in names(sim, "e5") if "@" not in m} == {"e5-e6", "e5-e7", "e5-e4", "e5-e3"}
    assert {m for m in names(sim, "c3") if "@" not in m} == {"c3-d4"}
    assert {m for m in names(sim, "g4") if "@" not in m} == {"g4-g5", "g4-h4", "g4-g3", "g4-f4"}
    diag = position({"g4": [0, DIAG, 1], "h5": [0, "shield-n", 1]})
    assert {m for m in names(diag, "g4") if "@" not in m} == {"g4-h3", "g4-f3", "g4-f5"}  # h5 its own


def test_rotation_is_45_degrees_either_way_and_is_the_turn() -> None:
    # PLY-6: every piece turns one point left or right; the commander's two turns are one.
    sim = position({"e5": [0, "probe-n-ne", 1], "c3": [0, "shield-n", 1], "g4": [0, DIAG, 1]})
    assert {m for m in names(sim, "e5") if "@" in m} == {"probe-n-nw@e5", "probe-ne-e@e5"}
    assert {m for m in names(sim, "c3") if "@" in m} == {"shield-nw@c3", "shield-ne@c3"}
    assert {m for m in names(sim, "g4") if "@" in m} == {f"{ORTH}@g4"}
    play(sim, "shield-ne@c3")  # a shield's rotation alone is the whole turn too
    assert board(sim)["c3"] == [0, "shield-ne", 1] and sim.to_move() == 1
    # The action names the kind the piece becomes.
    sim2 = position({"g4": [0, DIAG, 1]})
    m = next(m for m in sim2.moves() if m[1] == m[2] and sim2.game.board.names[m[1]] == "g4")
    assert sim2.action(m) == Action({"from": "g4", "to": "g4", "promote": ORTH})


def test_every_kind_turns_into_kinds_of_its_type() -> None:
    # PLY-2, PLY-6: the file declares every orientation; each turn keeps the type and the pattern.
    g = get_variant(KEY).game
    t = g._ploy
    for k, name in enumerate(g.kinds):
        kind_type, *points = name.split("-")
        here = {COMPASS.index(p) for p in points}
        expected = {f"{kind_type}-" + "-".join(COMPASS[d] for d in sorted({(d + by) % 8 for d in here}))
                    for by in (-1, 1)}
        assert {g.kinds[k2] for k2 in t["turns"][k]} == expected, name
        assert len(t["turns"][k]) == len(expected)  # the commander's two turns are one


def test_a_shield_may_turn_after_its_motion() -> None:
    # PLY-7: after the shield's step the same player may turn that shield, or pass.
    sim = position({"d4": [0, "shield-n", 1], "e6": [0, "probe-n-s", 1]})
    play(sim, "d4-d5")
    assert sim.to_move() == 0 and names(sim) == {"shield-nw@d5", "shield-ne@d5", "pass"}
    turned = sim.copy()
    play(turned, "shield-ne@d5")
    assert board(turned)["d5"] == [0, "shield-ne", 1] and turned.to_move() == 1
    play(sim, "pass")
    assert board(sim)["d5"] == [0, "shield-n", 1] and sim.to_move() == 1
    # No other piece moves and turns: after the probe's motion it is Black's turn.
    probe = position({"e6": [0, "probe-n-s", 1]})
    play(probe, "e6-e8")
    assert probe.to_move() == 1


def test_taking_the_commander_wins_at_once() -> None:
    # PLY-8: the shield that takes the commander does not go on to turn: the game is over.
    sim = position({"h8": [0, "shield-ne", 1]})
    play(sim, "h8-i9")
    assert sim.result() == (1.0, 0.0) and sim.moves() == []
    assert sim.to_json()["over"]["winner"] == 0
    # A lance from afar takes it too, and the turned commander is as royal.
    sim = position({"i5": [0, "lance-n-s-w", 1], "i9": [1, ORTH, 1]})
    play(sim, "i5-i8")  # three squares: i6, i7, i8 (not i9)
    assert sim.result() is None
    sim = position({"i6": [0, "lance-n-s-w", 1], "i9": [1, ORTH, 1]}, to_move=0)
    play(sim, "i6-i9")
    assert sim.result() == (1.0, 0.0)


def test_leaving_the_commander_alone_wins() -> None:
    # PLY-9: Black's shield on h9 is Black's last piece but the commander: taking it wins,
    # whichever way Black's commander is turned.
    for commander in (DIAG, ORTH):
        sim = position({"h8": [0, "shield-n", 1], "i9": [1, commander, 1]})
        play(sim, "h8-h9")
        assert sim.result() == (1.0, 0.0), commander
        assert sim.to_json()["over"]["how"] == "bare"
    # Taking another piece while more remain does not end the game.
    sim = position({"h8": [0, "shield-n", 1], "a9": [1, "probe-n-s", 1]})
    play(sim, "h8-h9")
    assert sim.result() is None and sim.to_move() == 0  # the shield may still turn


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playout_to_the_end(seed: int) -> None:
    v = get_variant(KEY)
    state = v.new_game()
    sim = v.fast(state)
    rng = random.Random(seed)
    steps = 0
    while sim.result() is None:
        assert steps < 20000
        moves = sim.moves()
        assert moves
        move = rng.choice(moves)
        action = sim.action(move)
        if steps < 200:  # the public protocol agrees move for move
            assert action in v.legal_actions(state)
            state = v.apply(state, action)
        sim.play(move)
        steps += 1
    assert sim.to_json()["over"]["how"] in ("captured", "bare")


# -- the opt-in `indicators` field of a piece kind (pieces.py) and its drawing (rules-board.js) ---

SMALL = '''key = "war.test"
title = "Test"
mechanic = "pieces"
game = { dlp = 0, name = "Test" }
ruleset = { dlp = 0, name = "Test" }
players = 2
sides = ["White", "Black"]
source = "dlp-2020"
locator = "DLP.GameRulesets.0"

[[clause]]
id = "T-1"
text = "A board, a piece each."
board = { shape = "grid", size = [3, 3] }
pieces = { man = { glyph = "M", name = "man"%s } }
setup = { place = [ { seat = 0, piece = "man", at = "a1" }, { seat = 1, piece = "man", at = "c3" } ] }
move = { kind = "step", dirs = "all" }
'''


def small(extra: str) -> Any:
    from games.engine.rules import pieces
    from games.engine.rules.game import RulesVariant
    from games.engine.rules.loader import load_text

    return RulesVariant(pieces.compile(load_text(SMALL % extra, "war/test.toml", pieces.ELEMENTS)))


def test_indicators_are_drawn_only_where_a_kind_lists_them() -> None:
    # A kind's indicators go to the board's piece info as listed; a kind without has no such key
    # (every other file's board info unchanged); the piece plays the same either way.
    with_marks = small(', indicators = ["n", "se"]')
    plain = small("")
    assert with_marks.board_info({})["pieces"]["man"] == {"name": "man", "glyph": "M", "svg": None, "indicators": ["n", "se"]}
    assert plain.board_info({})["pieces"]["man"] == {"name": "man", "glyph": "M", "svg": None}
    assert with_marks.legal_actions(with_marks.new_game()) == plain.legal_actions(plain.new_game())
    ploy = get_variant(KEY).board_info({})["pieces"]
    assert ploy["lance-ne-s-nw"]["indicators"] == ["ne", "s", "nw"] and ploy[ORTH]["indicators"] == ["n", "e", "s", "w"]
    # Every Ploy kind shows the very points it moves along (its name's).
    assert all(info["indicators"] == kind.split("-")[1:] for kind, info in ploy.items())


@pytest.mark.parametrize("bad", ['"up"', '"n", "n"', ""])
def test_indicators_must_be_different_compass_points(bad: str) -> None:
    from games.engine.rules.loader import RulesFileError

    with pytest.raises(RulesFileError, match="indicators"):
        small(f", indicators = [{bad}]")
