"""Race files of the second helper round, worked by hand: Ghingskoot (race.ghingskoot: each
player's way round chosen as an option, the last hole of the run), and the Ludii replay's
per-trace options (``[ludii] trace_options``) that Ghingskoot's traces need."""
from __future__ import annotations

import pytest

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
