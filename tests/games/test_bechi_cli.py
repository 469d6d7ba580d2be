"""Béchi through the engines' command line (new, actions, apply), as a user runs it."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games.engine", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


def test_it_is_listed_among_the_variants():
    assert "mancala.bechi" in run("variants").stdout.split()


def test_new_actions_and_apply_play_a_three_hole_game(tmp_path):
    new = run("new", "mancala.bechi", "--options", '{"holes": 3}')
    assert new.returncode == 0, new.stderr
    state = json.loads(new.stdout)
    assert state["rows"] == [[6, 6, 6], [6, 6, 6]] and state["phase"] == "sow"

    actions = run("actions", new.stdout)
    assert json.loads(actions.stdout)[1] == {"direction": "clockwise", "hole": 1}

    (tmp_path / "state.json").write_text(new.stdout)
    applied = run("apply", f"@{tmp_path / 'state.json'}", '{"hole": 1, "direction": "anticlockwise"}')
    assert applied.returncode == 0, applied.stderr
    after = json.loads(applied.stdout)
    assert after["rows"] == [[7, 1, 7], [7, 7, 7]] and after["to_move"] == 1
    assert after["last_move"]["path"] == [[0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [0, 0]]


def test_an_illegal_action_gets_one_line_and_status_2():
    new = run("new", "mancala.bechi").stdout
    bad = run("apply", new, '{"hole": 0, "direction": "anticlockwise"}')
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "hole 0 always sows clockwise (BE-3)" in bad.stderr


def test_an_impossible_state_gets_one_line_and_status_2():
    bad = run("actions", '{"variant": "mancala.bechi", "rows": [[6, 6, 6, 6], [6, 6, 6, 9]]}')
    assert bad.returncode == 2 and "51 counters, not 48" in bad.stderr and "Traceback" not in bad.stderr


def test_a_hand_written_position_is_accepted():
    ok = run("actions", '{"variant": "mancala.bechi", "rows": [[0, 0, 2, 4], [1, 0, 0, 0]], "captured": [20, 21]}')
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout) == [{"hole": 2}, {"hole": 3}]
