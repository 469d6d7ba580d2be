"""Race files of the second helper round, worked by hand: Ghingskoot (race.ghingskoot: each
player's way round chosen as an option, the last hole of the run), Chaupar (race.chaupar: pieces
starting on the board, a lone piece sent back to its first square, pairs and triples moving
together, the exact finish), and the Ludii replay's per-trace options (``[ludii]
trace_options``) that Ghingskoot's traces need."""
from __future__ import annotations

import pytest

from games.engine.rules import rules_variant
from games.engine.rules.ludii import LudiiError, read_trace, replay
from tests.games.test_rules_ludii import GAME, TOY, WON, toy_variant, write_trace
from tests.games.test_rules_race_b import actions, position, throw

GHING = "race.ghingskoot"


# -- Ghingskoot ---------------------------------------------------------------------------------
def test_ghingskoot_each_player_goes_round_the_way_chosen():
    # White's piece on f1 (square 6), a throw of 2: up the left side clockwise, along the bottom
    # anticlockwise.
    sim = position(GHING, [[6], []], options={"ways": "cw-acw"})
    throw(sim, [1, 1, 0, 0])
    assert {"from": "f1", "to": "f6"} in actions(sim)
    sim = position(GHING, [[6], []], options={"ways": "acw-acw"})
    throw(sim, [1, 1, 0, 0])
    assert {"from": "f1", "to": "h2"} in actions(sim)
    # Black's piece on o21 (square 6), a 2: along the top (acw) or down the right side (cw).
    sim = position(GHING, [[], [6]], seat=1, options={"ways": "cw-acw"})
    throw(sim, [1, 1, 0, 0])
    assert {"from": "o21", "to": "m21"} in actions(sim)
    sim = position(GHING, [[], [6]], seat=1, options={"ways": "cw-cw"})
    throw(sim, [1, 1, 0, 0])
    assert {"from": "o21", "to": "o17"} in actions(sim)


def test_ghingskoot_run_ends_back_up_the_arc_by_the_exact_throw():
    # White's piece on b9 at the end of its run (46th of 47): a 2 takes it off, a 3 does not.
    sim = position(GHING, [[46], []], hands=[0, 2], off=[1, 0])
    throw(sim, [1, 1, 0, 0])
    assert actions(sim) == [{"from": "b9", "to": "off"}]
    sim = position(GHING, [[46], []], hands=[0, 2], off=[1, 0])
    throw(sim, [1, 1, 1, 0])
    assert sim.is_chance() and sim.seat == 1
    # On the last hole, a11: any throw takes it off; under last_hole = stranded none does.
    sim = position(GHING, [[47], []], hands=[0, 2], off=[1, 0])
    throw(sim, [0, 0, 1, 0])  # a 14
    assert actions(sim) == [{"from": "a11", "to": "off"}]
    sim = position(GHING, [[47], []], hands=[0, 2], off=[1, 0], options={"last_hole": "stranded"})
    throw(sim, [0, 0, 1, 0])
    assert sim.is_chance() and sim.seat == 1


def test_ghingskoot_second_piece_waits_while_the_first_is_on_its_arc():
    sim = position(GHING, [[2], []])  # on b9
    throw(sim, [1, 1, 0, 0])
    assert actions(sim) == [{"from": "b9", "to": "d5"}]


# -- [ludii] trace_options ----------------------------------------------------------------------
def test_trace_options_go_over_the_files_options_for_that_trace_only(tmp_path):
    steps = [dict(s, dice=[0 if s["legal"] == [[-1, -1]] else 1]) for s in GAME]
    path = write_trace(tmp_path, "toy-s1", steps, WON)
    said = TOY.replace('option = "dice"', 'option = "dice"\nludii = "Ludii throws a stick."')
    per_trace = said.replace("[ludii]\n", '[ludii]\ntrace_options = { "toy-s1" = { dice = true } }\n')
    report = replay(read_trace(path), toy_variant(per_trace))
    assert report.ok and report.options == {"dice": True}
    other = said.replace("[ludii]\n", '[ludii]\ntrace_options = { "toy-s2" = { dice = true } }\n')
    assert replay(read_trace(path), toy_variant(other)).options == {}
    unsaid = TOY.replace("[ludii]\n", '[ludii]\ntrace_options = { "toy-s1" = { dice = true } }\n')
    with pytest.raises(LudiiError, match="'dice' must be the option of a clause whose ludii text"):
        replay(read_trace(path), toy_variant(unsaid))


# -- Chaupar -----------------------------------------------------------------------------------
CHAUPAR = "race.chaupar"
# Every seat's four pieces, spread so they meet nothing: South runs j3, j2, j1, k1, k2, ...
HOME = [[1, 2, 4, 5], [1, 2, 4, 5], [1, 2, 4, 5], [1, 2, 4, 5]]


def test_chaupar_pieces_start_in_their_own_arm():
    v = rules_variant(CHAUPAR)
    state = v.new_game(v.validate_options({})).to_json()
    assert state["positions"][0] == [1, 2, 4, 5]
    r = v.game.rules(v.validate_options({}))
    names = [[r.track_names[s][p - 1] for p in (1, 2, 4, 5)] for s in range(4)]
    assert names[0] == ["j3", "j2", "k1", "k2"] and names[1] == ["c10", "b10", "a9", "b9"]
    assert r.n == [78, 78, 78, 78]


def test_chaupar_a_lone_piece_goes_back_to_its_first_square_a_pair_stays():
    # West's piece on k3 (its 23rd square); South's on k2 (5th) throws 2, 1, 1: k2-k3 takes it.
    pos = [list(p) for p in HOME]
    pos[1] = [1, 2, 4, 23]
    sim = position(CHAUPAR, pos, hands=[0] * 4)
    throw(sim, [2, 1, 1])
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "k2", "to": "k3"}))
    assert sim.to_json()["positions"][1] == [1, 1, 2, 4]
    # Two of West's pieces there: neither is taken, South's piece stands beside them.
    pos[1] = [1, 2, 23, 23]
    sim = position(CHAUPAR, pos, hands=[0] * 4)
    throw(sim, [2, 1, 1])
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "k2", "to": "k3"}))
    assert sim.to_json()["positions"][1] == [1, 2, 23, 23]
    # On a marked square (k4, West's 24th) no piece is taken: South's stands beside it.
    pos[1] = [1, 2, 4, 24]
    sim = position(CHAUPAR, pos, hands=[0] * 4)
    throw(sim, [2, 1, 1])
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "k2", "to": "k4"}))
    assert sim.to_json()["positions"][1] == [1, 2, 4, 24]


def test_chaupar_a_pair_moves_together_on_equal_dice_a_triple_on_sixes_or_twos():
    pos = [list(p) for p in HOME]
    pos[0] = [1, 6, 6, 6]  # three of South's pieces on k3
    sim = position(CHAUPAR, pos, hands=[0] * 4)
    throw(sim, [5, 5, 1])
    assert {"from": "k3", "to": "p9", "pieces": 2} in actions(sim)  # 2 x 5 = 10 squares
    sim = position(CHAUPAR, pos, hands=[0] * 4, options={"pairs": False})
    throw(sim, [5, 5, 1])
    assert not any("pieces" in a for a in actions(sim))
    sim = position(CHAUPAR, pos, hands=[0] * 4, options={"pairs": False})
    throw(sim, [2, 2, 2])
    assert {"from": "k3", "to": "k7", "pieces": 3} in actions(sim)  # 2 x 2 = 4 squares
    sim = position(CHAUPAR, pos, hands=[0] * 4, options={"pairs": False})
    throw(sim, [1, 1, 1])
    assert not any("pieces" in a for a in actions(sim))


def test_chaupar_a_piece_leaves_by_the_exact_number():
    pos = [list(p) for p in HOME]
    pos[0] = [76, 1, 2, 4]  # on j6: only a 3 takes it off (one past j8), and no die shows 3
    sim = position(CHAUPAR, pos, hands=[0] * 4)
    throw(sim, [5, 6, 6])
    assert not any(a.get("to") == "off" for a in actions(sim))
    pos[0] = [77, 1, 2, 4]  # on j7: a 2 is one past j8
    sim = position(CHAUPAR, pos, hands=[0] * 4)
    throw(sim, [2, 6, 6])
    assert {"from": "j7", "to": "off"} in actions(sim)
