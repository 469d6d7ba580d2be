"""The command line on the tables variants: variants, new, actions, apply and plays."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "games.engine", *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_variants_lists_the_five_tables_games() -> None:
    out = run("variants").stdout.split()
    assert {"tables.backgammon", "tables.shesh-besh", "tables.takhte-nard", "tables.ses-bes", "tables.gul-bara"} <= set(out)


def test_new_actions_apply() -> None:
    r = run("new", "tables.takhte-nard", "--options", '{"opening": "low"}', "--seed", "3")
    state = json.loads(r.stdout)
    assert state["phase"] == "move" and state["dice"]
    acts = json.loads(run("actions", r.stdout).stdout)
    nxt = json.loads(run("apply", r.stdout, json.dumps(acts[0])).stdout)
    assert nxt["played"] and nxt["variant"] == "tables.takhte-nard"


def test_plays_single_position() -> None:
    r = run("plays", "tables.backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "3-1")
    lines = r.stdout.splitlines()
    assert r.returncode == 0 and len(lines) == 16
    assert "8/5 6/5\t4HPwATDgc+ADMA" in lines or any(line.startswith("8/5 6/5\t") for line in lines)
    assert all(len(line.split("\t")[1]) == 14 for line in lines)


def test_plays_batch_and_no_play() -> None:
    r = run("plays", "tables.shesh-besh", stdin="4HPwATDgc/ABMA 6-5\n4HPwATDgc/ABMA 1-1\n")
    blocks = r.stdout.split("\n\n")
    assert r.returncode == 0 and len(blocks[0].splitlines()) == 7 and len(blocks[1].splitlines()) == 42
    # on the bar against a closed board: no play
    from games.engine.tables import positionid

    them = [2 if i < 6 else 3 if i == 12 else 0 for i in range(25)]  # their home board closed
    me = [0] * 24 + [15]
    pid = positionid.encode([them, me])
    r = run("plays", "tables.backgammon", "--position", pid, "--dice", "6-6")
    assert r.stdout == "(no play)\n"


def test_plays_in_the_nard_games_reads_the_id_with_parallel_points() -> None:
    r = run("plays", "tables.ses-bes", "--position", "AACA/z8AAID/Pw", "--dice", "6-5")
    assert r.stdout.splitlines()[0].startswith("24/13\t")


def test_bad_input_is_one_line_and_exit_2() -> None:
    for args, stdin in [
        (("plays", "tables.backgammon", "--position", "nonsense", "--dice", "3-1"), ""),
        (("plays", "tables.backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "7-1"), ""),
        (("plays", "tables.backgammon"), "4HPwATDgc/ABMA 3-1\nbad line here\n"),
        (("apply", '{"variant": "tables.backgammon"}', '{"roll": [3, 1]}'), ""),
    ]:
        r = run(*args, stdin=stdin)
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, (args, r.stderr)
