"""The race games through the engines' command line (new, actions, apply), as a user runs it."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.games.race_helpers import KEYS

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games.engine", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


def test_the_race_variants_are_listed():
    listed = run("variants").stdout.split()
    assert set(KEYS) <= set(listed)


@pytest.mark.parametrize("key, options", [
    ("race.senet", '{"rules": "bell"}'), ("race.senet", '{"rules": "kendall", "pieces": 5}'),
    ("race.ur", "{}"), ("race.twenty-squares", "{}"), ("race.58-holes", '{"device": "d6"}'),
    ("race.xii-scripta", "{}"),
])
def test_new_with_a_seed_then_actions_and_apply(key, options, tmp_path):
    new = run("new", key, "--options", options, "--seed", "1")
    assert new.returncode == 0, new.stderr
    state = json.loads(new.stdout)
    assert state["variant"] == key and state["phase"] in ("move", "over")
    actions = run("actions", new.stdout)
    assert actions.returncode == 0, actions.stderr
    legal = json.loads(actions.stdout)
    assert legal and all(set(a) == {"from", "to"} for a in legal)
    (tmp_path / "state.json").write_text(new.stdout)
    applied = run("apply", f"@{tmp_path / 'state.json'}", json.dumps(legal[0]))
    assert applied.returncode == 0, applied.stderr
    after = json.loads(applied.stdout)
    assert after["variant"] == key and after["pieces"] != state["pieces"] or after["phase"] != "move"


def test_new_without_a_seed_waits_for_the_first_throw():
    new = run("new", "race.ur")
    state = json.loads(new.stdout)
    assert state["phase"] == "throw" and state["throw"] is None
    throws = json.loads(run("actions", new.stdout).stdout)
    assert len(throws) == 16 and {"throw": [1, 0, 1, 1]} in throws
    applied = json.loads(run("apply", new.stdout, '{"throw": [1, 0, 1, 1]}').stdout)
    assert applied["phase"] == "move" and applied["throw"]["value"] == 3


@pytest.mark.parametrize("args, message", [
    (("new", "race.senet", "--options", '{"pieces": 8}'), "option 'pieces' must be one of"),
    (("new", "race.senet", "--options", '{"rules": "bell", "goal": "first-off"}'), "most-off"),
    (("apply", '{"variant": "race.ur", "phase": "throw", "to_move": 0, "pieces": [[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]]}',
      '{"throw": [2, 0, 0, 0]}'), "is not a throw of four tetrahedral dice"),
    (("actions", '{"variant": "race.ur", "phase": "throw", "to_move": 0, "pieces": [[0],[0]]}'), "pieces[0]: holds 1"),
])
def test_bad_input_gets_one_line_and_status_2(args, message):
    result = run(*args)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
