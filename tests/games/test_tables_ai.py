"""The computer players: legal, deterministic, able to finish a match at every level."""
from __future__ import annotations

import random

import pytest

from games.engine import get_variant
from games.engine.ai import choose, levels
from tests.games.test_tables_helpers import KEYS, position


def test_four_levels_are_offered() -> None:
    assert levels(get_variant("tables.backgammon")) == ["random", "easy", "medium", "strong"]


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("level", ["random", "easy", "medium"])
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


def test_medium_hits_a_blot_it_can_hit_safely() -> None:
    v, s = position("tables.backgammon", {13: 5, 8: 3, 6: 5, 24: 2}, {13: 5, 8: 3, 6: 4, 24: 2, 20: 1}, [3, 2], options={"cube": False})
    # their 20 is my 5: 8/5* and 6/4... or 8/5*/3; medium hits
    acts = []
    while s.phase == "move" and s.to_move == 0:
        a = choose(v, s, "medium", random.Random(0))
        acts.append((a["from"], a["to"]))
        s = v.apply(s, a)
    assert s.checkers[1][25] == 1


def test_medium_cube_decisions() -> None:
    def decide(me, them, phase, side=0):
        v, s = position("tables.takhte-nard", me, them, phase=phase, side=side, options={"match_to": 5})
        return choose(v, s, "medium", random.Random(0)).to_json()

    assert decide({1: 2}, {13: 15}, "cube") == {"double": False}  # far too good: play on for the mars
    assert decide({13: 2, 8: 3, 6: 5, 24: 5}, {13: 5, 8: 3, 6: 5, 24: 2}, "cube") == {"double": False}  # even
    assert decide({24: 15}, {2: 2}, "take", side=1) == {"drop": True}  # hopeless for the taker
    assert decide({1: 2}, {13: 15}, "take", side=1) == {"take": True}


# -- the nard evaluation (mover's coordinates: ``me``/``op`` on the mover's points 1..24) ------


def _c(points: dict[int, int]) -> tuple[int, ...]:
    return tuple(points.get(p, 0) for p in range(26))


def test_nard_blocked_counts_runs_and_dead_numbers() -> None:
    from games.engine.ai.tables import _nard_blocked

    held = [False] * 25
    assert _nard_blocked([24], held) == (0.0, 0)
    held[18] = True  # a single point six in front of the only checker: the 6 is dead
    assert _nard_blocked([24], held)[1] == 1
    for r in range(19, 24):
        held[r] = True  # 23..18 closed: a full block, nothing can be played
    score, dead = _nard_blocked([24], held)
    assert dead == 6 and score > 1.0
    assert _nard_blocked([24, 20], held)[1] == 2  # from 20 the 3..6 go on to 17..14; 1 and 2 are dead


def test_nard_medium_values_a_run_in_front_of_his_head() -> None:
    from games.engine.ai.tables import evaluate

    v = get_variant("tables.gul-bara")
    them = _c({12: 15})  # his head (his 24) is my 12; he runs my 11, 10, ... next
    run = _c({24: 12, 10: 1, 9: 1, 8: 1})  # his 22, 21, 20: three in a row in front of him
    spread = _c({24: 12, 11: 1, 9: 1, 7: 1})  # the same pips, no run
    assert evaluate(v, run, them) > evaluate(v, spread, them)


def test_nard_his_block_in_front_of_us_counts_against_us() -> None:
    """Contact goes both ways: his checkers ahead of ours on our route are not a pure race
    (all his checkers are home, none of ours is ahead of his)."""
    from games.engine.ai.tables import evaluate

    v = get_variant("tables.gul-bara")
    me = _c({24: 15})
    prime = _c({18: 3, 17: 3, 16: 3, 15: 2, 14: 2, 13: 2})  # his 6..1: my 18..13, a full block
    gaps = _c({18: 4, 17: 2, 16: 4, 14: 2, 13: 3})  # the same pips, 15 open
    assert evaluate(v, me, prime) < evaluate(v, me, gaps)


def test_cascade_loss_sees_a_number_that_cannot_be_played() -> None:
    from games.engine.ai.tables import _cascade_loss

    v = get_variant("tables.gul-bara")
    rules = v.rules(v.validate_options({}))
    me = _c({24: 15})
    pending = (5, 5, 5, 5, 6, 6, 6, 6)
    assert _cascade_loss(rules, me, _c({12: 15}), pending) == 0.0
    # his checker on my 18 stops every 6 from the head: the four 6s are lost (and his)
    assert _cascade_loss(rules, me, _c({12: 14, 18: 1}), pending) == 24 / 10
    # and on my 19 the 5s already: all eight numbers are lost
    assert _cascade_loss(rules, me, _c({12: 14, 19: 1}), pending) == 44 / 10
