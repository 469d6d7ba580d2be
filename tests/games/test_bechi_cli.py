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
    new = run("new", "mancala.bechi", "--options", '{"holes": 3, "round_one": "side0"}')
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
    new = run("new", "mancala.bechi", "--seed", "1").stdout
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


def test_who_starts_round_one_is_drawn_by_lot_with_a_seed():
    new = run("new", "mancala.bechi")
    assert json.loads(new.stdout)["phase"] == "lot"
    assert json.loads(run("actions", new.stdout).stdout) == [{"first": 0}, {"first": 1}]
    starters = {json.loads(run("new", "mancala.bechi", "--seed", str(seed)).stdout)["to_move"] for seed in range(8)}
    assert starters == {0, 1}


def test_hostile_json_gets_one_line_and_status_2(tmp_path):
    # JSON nested past the parser's own limit (a file: too long for one argument), a list where
    # a direction belongs, a number too long to read.
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    deep = f"@{tmp_path / 'deep.json'}"
    nested = "[" * 1000 + "]" * 1000
    state = json.loads(run("new", "mancala.bechi", "--options", '{"round_one": "side0"}').stdout)
    state["last_move"] = {"kind": "sow", "side": 0, "hole": 0, "direction": ["clockwise"], "path": []}
    for args in (("actions", deep), ("apply", json.dumps(state), '{"hole": 0}'),
                 ("apply", run("new", "mancala.bechi", "--seed", "3").stdout, '{"hole": ' + nested + "}"),
                 ("apply", run("new", "mancala.bechi", "--seed", "3").stdout, deep),
                 ("new", "mancala.bechi", "--options", '{"holes": ' + "9" * 5000 + "}")):
        bad = run(*args)
        assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr, bad.stderr[-300:]
