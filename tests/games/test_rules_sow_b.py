"""Tests for the second batch of two-row sowing rules files (sowB): the replay's reading of
Ludii's closing passes, and the hooks of ``games/engine/rules/hooks_sow_b.py``."""
from __future__ import annotations

from games.engine.rules.ludii import read_trace, replay
from tests.games.test_rules_ludii import GAME, WON, toy_variant, write_trace

PASS = {"legal": [[-1, -1]], "legal_desc": ["Pass"], "chosen": 0}


def test_final_forced_passes_of_both_players_match_a_game_that_ended_sooner(tmp_path):
    # Ludii ends a stalled sowing game only once each player has passed in turn (Um el-Bagara):
    # both passes come after our game is over, and agree.
    steps = GAME + [dict(PASS, mover=2), dict(PASS, mover=1)]
    report = replay(read_trace(write_trace(tmp_path, "toy-s1", steps, dict(WON, steps=7))), toy_variant())
    assert report.last_line() == "replay: 7 of 7 steps agree; result agrees"


def test_a_pass_after_our_end_followed_by_a_move_still_differs(tmp_path):
    steps = GAME + [dict(PASS, mover=2), {"mover": 1, "legal": [[3, 2]], "legal_desc": ["D1-C1"], "chosen": 0}]
    report = replay(read_trace(write_trace(tmp_path, "toy-s1", steps, dict(WON, steps=7))), toy_variant())
    assert report.steps[5].status == "differ"
