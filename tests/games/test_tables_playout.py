"""The mutable play-out state (``tables/playout.py``) against the immutable engine, move for
move: random single games in all five variants (with their options), the same complete plays
(as resulting positions) at every turn, the same positions and side to move after each play,
and the same result at the end.
"""
from __future__ import annotations

import random

import pytest

from games.engine import get_variant
from games.engine.tables.playout import Playout

CASES = [
    ("tables.backgammon", {"cube": False}),
    ("tables.shesh-besh", {}),
    ("tables.takhte-nard", {"cube": False}),
    ("tables.takhte-nard", {"cube": False, "opening": "low", "bearoff_fallback": True}),
    ("tables.ses-bes", {}),
    ("tables.ses-bes", {"ses_bes_jump": False}),
    ("tables.gul-bara", {}),
    ("tables.gul-bara", {"cascade_after": "game", "opponent_plays_remainder": False}),
]


def _positions(plays) -> set:
    return {(p.me, p.op) for p in plays}


def lockstep(key: str, options: dict, seed: int) -> int:
    """One random game through both; the number of plays compared."""
    v = get_variant(key)
    rng = random.Random(seed)
    s = v.new_game(dict(options, match_to=1))
    g = Playout(v, options)
    steps = 0
    while v.outcome(s) is None:
        assert g.phase == s.phase, (steps, g.phase, s.phase)
        if s.phase in ("opening", "roll"):
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            s = v.apply(s, {s.phase: [a, b]})
            (g.opening if g.phase == "opening" else g.roll)(a, b)
            continue
        assert g.side == s.to_move and g.dice == s.dice and g.pending == s.pending
        assert g.checkers == list(s.checkers)
        ours, theirs = g.plays(), v.complete_plays(s)
        assert _positions(ours) == _positions(theirs), (key, seed, steps)
        assert len(ours) == len(theirs)  # distinct positions: no duplicates either side
        chosen = sorted(ours, key=lambda p: (p.me, p.op))[rng.randrange(len(ours))]
        match = next(p for p in theirs if (p.me, p.op) == (chosen.me, chosen.op))
        s = v.apply_play(s, match)
        g.play(chosen)
        steps += 1
    out = v.outcome(s)
    assert g.phase == "over" and g.winner == out.winner and (g.points, g.how) == (s.last_game[1], s.last_game[2])
    assert g.checkers == list(s.checkers)
    return steps


@pytest.mark.parametrize("key,options", CASES, ids=[f"{k}-{i}" for i, (k, _) in enumerate(CASES)])
def test_playout_matches_engine(key: str, options: dict) -> None:
    steps = sum(lockstep(key, options, seed) for seed in range(6))
    assert steps > 150  # thousands of plays over the cases


def test_random_playout_finishes_with_a_named_result() -> None:
    v = get_variant("tables.gul-bara")
    for seed in range(20):
        winner, points, how = Playout(v).play_random(random.Random(seed))
        assert winner in (0, 1) and (points, how) in ((1, "single"), (2, "mars"))
