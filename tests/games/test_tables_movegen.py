"""The fast generator for backgammon's rules (``moves._fast_two``/``_fast_same``, which list each
die's moves once and adjust them) against the rule-aware generator, on random positions that
are often odd ones: several checkers on the bar, all home and bearing off, few checkers left,
blots to hit everywhere; for every roll and for one to four dice of one number.
"""
from __future__ import annotations

import random

from games.engine.tables.moves import BACKGAMMON, complete_plays, general_plays


def _position(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    me = [0] * 26
    op = [0] * 26
    style = rng.random()
    for _ in range(15):
        r = rng.random()
        if style < 0.35:  # bearing off
            p = 0 if r < 0.2 else rng.randint(1, 6) if r < 0.92 else rng.randint(7, 25)
        elif style < 0.55:  # on the bar
            p = 25 if r < 0.3 else rng.randint(0, 24)
        else:
            p = rng.randint(0, 25)
        me[p] += 1
    for _ in range(15):
        p = 0
        for _try in range(50):
            r = rng.random()
            p = 0 if r < 0.05 else 25 if r < 0.12 else rng.randint(1, 24)
            if p in (0, 25) or not me[p]:
                break
        else:
            p = 0
        op[p] += 1
    return tuple(me), tuple(op)


def _replay(me, op, steps):
    m, o = list(me), list(op)
    for p, t, hit in steps:
        m[p] -= 1
        m[t] += 1
        if hit:
            assert t and o[t] == 1
            o[t] = 0
            o[25] += 1
        else:
            assert not (t and o[t])
    return tuple(m), tuple(o)


DICE = [(a, b) for a in range(1, 7) for b in range(1, 7) if a != b] + [(d,) * k for d in range(1, 7) for k in range(1, 5)]


def test_the_fast_generator_agrees_with_the_rule_aware_one_on_odd_positions() -> None:
    rng = random.Random(20240611)
    for _ in range(150):
        me, op = _position(rng)
        for dice in DICE:
            fast = complete_plays(BACKGAMMON, me, op, dice)
            slow = general_plays(BACKGAMMON, me, op, dice)
            assert all(p._me is None for p in fast)  # packed, unpacked when asked
            assert {(p.me, p.op) for p in fast} == {(p.me, p.op) for p in slow}, (me, op, dice)
            assert len(fast) == len({(p.me, p.op) for p in fast})
            assert {p.used for p in fast} == {p.used for p in slow}
            for p in fast:
                assert len(p.steps) == p.used
                assert _replay(me, op, p.steps) == (p.me, p.op)
