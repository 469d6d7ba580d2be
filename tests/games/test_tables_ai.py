"""The computer players: legal, deterministic, able to finish a match at every level."""
from __future__ import annotations

import random

import pytest

from games.engine import get_variant
from games.engine.ai import choose, levels
from tests.games.test_tables_helpers import KEYS, position


def test_three_levels_are_offered() -> None:
    assert levels(get_variant("tables.backgammon")) == ["random", "easy", "strong"]


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("level", ["random", "easy", "strong"])
def test_a_match_between_computers_ends_and_is_deterministic(key: str, level: str) -> None:
    def play(seed: int) -> list:
        v = get_variant(key)
        rng = random.Random(seed)
        s = v.new_game({"match_to": 1})
        log = []
        while v.outcome(s) is None:
            a = v.draw(s, rng) if v.is_chance(s) else choose(v, s, level, rng)
            assert v.is_chance(s) or a in v.legal_actions(s)
            log.append(a)
            s = v.apply(s, a)
        return log

    assert play(5) == play(5)


def test_strong_hits_a_blot_it_can_hit_safely() -> None:
    v, s = position("tables.backgammon", {13: 5, 8: 3, 6: 5, 24: 2}, {13: 5, 8: 3, 6: 4, 24: 2, 20: 1}, [3, 2], options={"cube": False})
    # their 20 is my 5: 8/5* and 6/4... or 8/5*/3; strong hits
    acts = []
    while s.phase == "move" and s.to_move == 0:
        a = choose(v, s, "strong", random.Random(0))
        acts.append((a["from"], a["to"]))
        s = v.apply(s, a)
    assert s.checkers[1][25] == 1


def test_strong_cube_decisions() -> None:
    def decide(me, them, phase, side=0):
        v, s = position("tables.takhte-nard", me, them, phase=phase, side=side, options={"match_to": 5})
        return choose(v, s, "strong", random.Random(0)).to_json()

    assert decide({1: 2}, {13: 15}, "cube") == {"double": False}  # far too good: play on for the mars
    assert decide({13: 2, 8: 3, 6: 5, 24: 5}, {13: 5, 8: 3, 6: 5, 24: 2}, "cube") == {"double": False}  # even
    assert decide({24: 15}, {2: 2}, "take", side=1) == {"drop": True}  # hopeless for the taker
    assert decide({1: 2}, {13: 15}, "take", side=1) == {"take": True}
