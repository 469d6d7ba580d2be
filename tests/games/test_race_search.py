"""The race games' strong level (issue 37, item 14): it does not give pieces away on the audit's
positions and a sample of the blunder suite, its fast horizon agrees with the engine's move
generator, and the perfect-play table of a reduced Finkel Ur it is measured against obeys the
engine's rules (its values satisfy the Bellman equation move by move through the engine)."""
from __future__ import annotations

import importlib.util
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.ai import choose
from games.engine.ai.race import _rules
from games.engine.ai.race_search import _leaf_plain, _leaf_steps, _plain, leaf_value, search_values
from games.engine.ai.race_suite import SUITE, blunder, hit_chance, right_step, suite_state
from games.engine.ai.ur_table import PROBS, action_values, solve
from tests.games.race_helpers import position, variant

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
AUDIT = [e for e in SUITE if e["note"].startswith("audit")]


@pytest.fixture(scope="module")
def table2():
    return solve(2)


@pytest.mark.parametrize("entry", AUDIT, ids=[e["note"][:40] for e in AUDIT])
def test_strong_takes_the_audits_right_step_where_medium_gave_a_piece_away(entry):
    ur = variant("race.ur")
    state = suite_state(entry)
    best = choose(ur, state, "strong", random.Random(1))
    assert (best["from"], best["to"]) == entry["right"]
    assert blunder(ur, state, best) is None
    # the suite's right step is also what right_step names
    assert right_step(ur, state) == entry["right"]


def test_the_audits_positions_are_what_the_audit_describes():
    ur = variant("race.ur")
    first = suite_state(AUDIT[0])  # 7, 8, 12 against 3, 5, 6, a throw of 3
    assert hit_chance(ur, ur.apply(first, {"from": 12, "to": 15}), 0) == pytest.approx(11 / 16)  # 69%
    assert hit_chance(ur, ur.apply(first, {"from": 7, "to": 10}), 0) == pytest.approx(1 / 16)    # 6%
    assert blunder(ur, first, {"from": 12, "to": 15}) == "safety"
    second = suite_state(AUDIT[1])  # 14 off, or 6→7: 62.5% against 31%
    assert hit_chance(ur, ur.apply(second, {"from": 14, "to": 15}), 0) == pytest.approx(10 / 16)
    assert hit_chance(ur, ur.apply(second, {"from": 6, "to": 7}), 0) == pytest.approx(5 / 16)
    murray = suite_state(AUDIT[2])  # 87.5% against 12.5%
    assert hit_chance(ur, ur.apply(murray, {"from": 26, "to": 28}), 0) == pytest.approx(7 / 8)
    assert hit_chance(ur, ur.apply(murray, {"from": 8, "to": 10}), 0) == pytest.approx(1 / 8)
    assert blunder(ur, suite_state(AUDIT[3]), {"from": 13, "to": 15}) == "capture"


def test_every_suite_position_offers_a_blunder_and_its_right_step_is_none():
    ur = variant("race.ur")
    for entry in SUITE:
        state = suite_state(entry)
        kinds = [blunder(ur, state, a) for a in ur.legal_actions(state)]
        assert any(kinds), entry["note"]
        assert blunder(ur, state, {"from": entry["right"][0], "to": entry["right"][1]}) is None, entry["note"]


def test_strong_rarely_blunders_on_a_sample_of_the_suite_where_medium_often_does():
    ur = variant("race.ur")
    sample = SUITE[4::4]  # the found positions, a quarter of them (the benchmark plays all)
    strong = sum(blunder(ur, suite_state(e), choose(ur, suite_state(e), "strong", random.Random(1))) is not None
                 for e in sample)
    medium = sum(blunder(ur, suite_state(e), choose(ur, suite_state(e), "medium", random.Random(1))) is not None
                 for e in sample)
    assert strong <= 1 and medium >= len(sample) // 2, (strong, medium, len(sample))


@pytest.mark.parametrize("mine,theirs", [((5, 14), (2, 3)), ((5, 14), (1, 2))])
def test_the_suites_blunder_kind_is_a_heuristic_perfect_play_sometimes_bears_off_from_14(table2, mine, theirs):
    """Finkel's Ur, two pieces a side, a throw of 1: bearing off the piece on 14 (private, safe)
    leaves the piece on 5 to be hit more often than 5→6 does, so ``blunder`` names it; yet a
    piece on 14 leaves only on a 1, and perfect play bears it off. Strong does too. (The suite's
    entries 7 and 39, strong's remaining "blunders" in Finkel's Ur, are this shape with more
    pieces: a piece on 14, a 1 thrown, a piece on 5 exposed.)"""
    ur = variant("race.ur")
    s = position("race.ur", [list(mine) + [15] * 5, list(theirs) + [15] * 5], to_move=0, throw=1)
    values = {(a["from"], a["to"]): v for a, v in action_values(table2, ur, s)}
    assert blunder(ur, s, {"from": 14, "to": 15}) == "safety"
    assert values[(14, 15)] > values[(mine[0], mine[0] + 1)] + 0.03, values
    assert choose(ur, s, "strong", random.Random(1)).to_json() == {"from": 14, "to": 15}


def test_the_table_is_perfect_play_under_the_engines_rules(table2):
    """Bellman's equation through the engine: a position's value is the throws' average of the
    best step's value, every step applied by the race engine, on positions of random games."""
    ur = variant("race.ur")
    rng = random.Random(3)
    faces = [[0, 0, 0, 0], [1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1]]
    checked = 0
    for game in range(6):
        s = position("race.ur", [[0, 0, 15, 15, 15, 15, 15]] * 2, {"rules": "finkel"}, to_move=game % 2)
        while s.result is None:
            if s.phase == "throw":
                me = s.to_move
                mine = tuple(p for p in s.pieces[me] if p != 15) + (15,) * (2 - sum(p != 15 for p in s.pieces[me]))
                theirs = tuple(p for p in s.pieces[1 - me] if p != 15) + (15,) * (2 - sum(p != 15 for p in s.pieces[1 - me]))
                expected = 0.0
                for d, f in enumerate(faces):
                    c = ur.apply(s, {"throw": f})
                    if c.phase == "move":
                        expected += PROBS[d] * max(v for _, v in action_values(table2, ur, c))
                    else:  # no step: the other side throws
                        expected += PROBS[d] * (1 - table2.value(theirs, mine))
                assert table2.value(mine, theirs) == pytest.approx(expected, abs=1e-8)
                checked += 1
                s = ur.apply(s, ur.draw(s, rng))
            else:
                s = ur.apply(s, rng.choice(ur.legal_actions(s)))
    assert checked > 50


def test_the_table_knows_the_first_throw_is_an_advantage(table2):
    one = solve(1)
    assert 0.5 < one.value((0,), (0,)) < 0.6
    assert 0.5 < table2.value((0, 0), (0, 0)) < one.value((0,), (0,))
    assert table2.value((14, 15), (0, 0)) > 0.9          # one piece a step from home, against none entered
    with pytest.raises(ValueError, match="pieces a side must be 1 to 6"):
        solve(7)


def test_strong_errs_less_often_than_medium_against_perfect_play(table2):
    """On decisions of two-piece endings (``bench/race.py --only table`` measures more, and by how
    much each errs), strong picks a step that loses win probability less often than medium."""
    bench = _bench()
    ur = variant("race.ur")
    positions = bench.table_positions(2, 100)
    mistakes = {}
    for level in ("medium", "strong"):
        count = 0
        for s in positions:
            values = dict(action_values(table2, ur, s))
            count += max(values.values()) - values[choose(ur, s, level, random.Random(1))] > 1e-9
        mistakes[level] = count
    assert mistakes["strong"] < mistakes["medium"], mistakes


@settings(max_examples=25, deadline=None)
@given(key=st.sampled_from([("race.ur", "finkel"), ("race.ur", "murray"), ("race.twenty-squares", "seleucid")]),
       seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_the_fast_horizon_agrees_with_the_engines_move_generator(key, seed, steps):
    """Where the rules are plain (both Urs, 20 Squares), the horizon's greedy turn is found
    without the engine's move generator; it must give exactly what the engine's steps give."""
    v = variant(key[0])
    rng = random.Random(seed)
    s = v.new_game({"rules": key[1]})
    for _ in range(steps):
        if s.result is not None:
            break
        s = v.apply(s, v.draw(s, rng) if v.is_chance(s) else rng.choice(v.legal_actions(s)))
    if s.phase != "throw":
        return
    r = _rules(v, s)
    assert _plain(r)
    assert _leaf_plain(r, s) == pytest.approx(_leaf_steps(r, s), abs=1e-12)
    assert leaf_value(v, s, s.to_move) == pytest.approx(1 - leaf_value(v, s, 1 - s.to_move))


def test_rules_the_fast_horizon_does_not_know_use_the_engine():
    for key in ("race.senet", "race.58-holes", "race.xii-scripta"):
        v = variant(key)
        for preset in v.PRESETS:
            assert not _plain(v.rules(v.validate_options({"rules": preset}))), (key, preset)


def test_search_depth_falls_back_within_its_budget():
    ur = variant("race.ur")
    state = suite_state(AUDIT[0])
    actions, deep, depth = search_values(ur, state)
    assert depth == 3 and len(actions) == len(deep) == 3
    # neither three turns nor two fit in 5 positions; one turn deep is searched without a budget
    _, shallow, depth = search_values(ur, state, budget=5)
    assert depth == 1
    assert all(0.0 <= x <= 1.0 for x in deep + shallow)


def _bench():
    spec = importlib.util.spec_from_file_location("bench_race", os.path.join(ROOT, "bench", "race.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_pair_of_benchmark_games_shares_its_throws():
    """A level against itself on the same throws plays the same game with the sides swapped, so
    the same side wins both games of the pair (the pair splits)."""
    bench = _bench()
    for pair in (0, 1):
        first = bench.paired_game("race.ur", "finkel", pair, 0, "medium", "medium")
        assert bench.paired_game("race.ur", "finkel", pair, 1, "medium", "medium") == first


def test_the_suite_positions_a_table_covers_are_checked_against_perfect_play(capsys):
    """With three pieces a side the table covers the audit's three Finkel positions (entries 0, 1
    and 3 of the suite): perfect play takes the suite's right step in each, medium bears off in
    two of them and strong in none. (``bench/race.py --only table --pieces 5`` and ``6`` check the
    suite's other Finkel positions the same way.)"""
    bench = _bench()
    bench.suite_against_table(solve(3), ("medium", "strong"))
    out = capsys.readouterr().out
    assert "suite entry  0: perfect play 7->10 0.7186 (+0.0000); right 7->10 0.7186" in out
    assert "suite entry  1: perfect play 6->7 " in out and "suite entry  3: perfect play 4->6 " in out
    assert "with at most 3 pieces a side in play: 3; in 0 of them" in out
    assert "medium  takes a blunder step in 2 of them; 2 of those lose" in out
    assert "strong  takes a blunder step in 0 of them" in out


def test_suite_roll_outs_meet_the_same_throws_for_both_steps():
    """The roll-out check compares two steps on common throws: one step rolled out twice gives
    the same games, and a step that bears off a side's last piece wins every roll-out."""
    bench = _bench()
    ur = variant("race.ur")
    s = ur.state_from_json({"pieces": [[5, 6, 15, 15, 15, 15, 15], [0, 0, 3, 15, 15, 15, 15]], "to_move": 0,
                            "phase": "move", "throw": {"dice": [1, 1, 0, 0]}})
    step = ur.legal_actions(s)[0]
    assert bench.rollout_wins(ur, s, step, 6) == bench.rollout_wins(ur, s, step, 6)
    last = ur.state_from_json({"pieces": [[13, 15, 15, 15, 15, 15, 15], [0, 0, 3, 15, 15, 15, 15]], "to_move": 0,
                               "phase": "move", "throw": {"dice": [1, 1, 0, 0]}})
    home = next(a for a in ur.legal_actions(last) if a["to"] == 15)
    assert bench.rollout_wins(ur, last, home, 3) == [1, 1, 1]


@pytest.mark.parametrize("argv, message", [
    (["--only", "paired", "--pairs", "0"], "--pairs must be at least 1"),
    (["--only", "table", "--pieces", "7"], "--pieces must be 1 to 6"),
    (["--only", "suite", "--rollouts", "-1"], "--rollouts must be 0 or more"),
])
def test_bad_benchmark_arguments_are_refused(monkeypatch, capsys, argv, message):
    bench = _bench()
    monkeypatch.setattr("sys.argv", ["race.py", *argv])
    with pytest.raises(SystemExit) as exc:
        bench.main()
    assert exc.value.code == 2
    assert message in capsys.readouterr().err
