"""The race games' computer players: legal, deterministic, sensible on hand-worked positions, quick,
and strong beats random clearly."""
from __future__ import annotations

import random

import pytest

from games.engine.ai import choose, levels
from tests.games.race_helpers import KEYS, move, position, variant

PRESETS = [(key, preset) for key in KEYS for preset in variant(key).PRESETS]


def decisions(key, preset, seed, count):
    """Positions where a side has a choice, from a random game."""
    v = variant(key)
    rng = random.Random(seed)
    state = v.new_game({"rules": preset})
    out = []
    while v.outcome(state) is None and len(out) < count:
        if v.is_chance(state):
            state = v.apply(state, v.draw(state, rng))
            continue
        actions = v.legal_actions(state)
        if len(actions) > 1:
            out.append(state)
        state = v.apply(state, rng.choice(actions))
    return out


def test_every_race_variant_offers_four_levels_weakest_first():
    # "medium" is the level that was "strong" until issue 37; "strong" is the search in win chances
    for key in KEYS:
        assert levels(variant(key)) == ["random", "easy", "medium", "strong"]


@pytest.mark.parametrize("key, preset", PRESETS)
def test_each_level_plays_a_legal_action_and_the_same_one_for_the_same_seed(key, preset):
    v = variant(key)
    for state in decisions(key, preset, 3, 4):
        for level in ("random", "easy", "medium", "strong"):
            action = choose(v, state, level, random.Random(9))
            assert action in v.legal_actions(state)
            assert choose(v, state, level, random.Random(9)) == action


def test_strong_keeps_a_piece_out_of_reach_when_it_can():
    # Ur, side 0 throws 2. Its piece on 9 stands four squares ahead of side 1's piece on the
    # shared row (on 5), within reach of a 4. Moving it to 11 puts it six ahead, out of reach
    # (throws are 0-4); entering a new piece instead gains as much but leaves 9 exposed.
    ur = variant("race.ur")
    s = position("race.ur", [[0] * 6 + [9], [0] * 5 + [4, 5]], {"rules": "finkel"}, throw=2)
    assert choose(ur, s, "strong", random.Random(1)).to_json() == {"from": 9, "to": 11}


def test_strong_takes_a_piece_when_it_can():
    ts = variant("race.twenty-squares")
    s = position("race.twenty-squares", [[0] * 6 + [5], [0] * 6 + [10]], {"rules": "seleucid"}, throw=5)
    assert choose(ts, s, "strong", random.Random(1)).to_json() == {"from": 5, "to": 10}


def test_strong_plays_on_its_extra_throw_through_the_whole_xii_scripta_turn():
    xs = variant("race.xii-scripta")
    s = position("race.xii-scripta", [[0] * 14 + [3], [0] * 14 + [6]], {"rules": "murray"}, throw=(3, 5, 6))
    first = choose(xs, s, "strong", random.Random(1))
    assert first in xs.legal_actions(s)
    nxt = move(s, first["from"], first["to"])
    assert nxt.phase == "move" and choose(xs, nxt, "strong", random.Random(1)) in xs.legal_actions(nxt)


@pytest.mark.parametrize("key, preset", PRESETS)
def test_strong_answers_fast_enough_for_a_web_request(key, preset, monkeypatch):
    # issue 37: the 2 s target for a decision is measured in bench/race.py. This guards against a
    # search gone wild by the positions it visits, not the seconds it takes (a timed median of
    # 0.5 s failed on a loaded CI machine where a quiet one took 0.45 s): each search deeper than
    # one turn stops at NODE_BUDGET positions (SLOW_BUDGET where the horizon is slow) and falls
    # back a turn, and one turn deep is small; the whole decision stays within a few budgets.
    from games.engine.ai import race_search

    searches: list = []

    class Counted(race_search._Search):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            searches.append(self)

    monkeypatch.setattr(race_search, "_Search", Counted)
    v = variant(key)
    most = 0
    for state in decisions(key, preset, 5, 12):
        searches.clear()
        choose(v, state, "strong", random.Random(0))
        deep = [(s.nodes, s.budget) for s in searches if s.budget < 10**9]
        assert all(n <= budget + 1 for n, budget in deep), deep
        most = max(most, sum(s.nodes for s in searches))
    # Measured: at most 3,629 positions a decision (20 Squares), Senet after Kendall 1,558.
    assert 0 < most <= 2 * (race_search.NODE_BUDGET + 1) + 5_000, most


# Six games, sides alternating, five to be won: the strong level's searches make
# these the suite's slowest games (Ur's ten took over a minute of CI); bench/race.py measures the
# rates over hundreds of paired games with their intervals.
@pytest.mark.parametrize("key, preset, games, least", [
    ("race.ur", "finkel", 6, 5),
    ("race.senet", "bell", 6, 5),
    ("race.58-holes", "carnarvon-carter", 6, 5),
])
def test_strong_beats_random_clearly(key, preset, games, least):
    v = variant(key)
    wins = 0
    for g in range(games):
        strong_side = g % 2
        rng = random.Random(500 + g)
        state = v.new_game({"rules": preset})
        while v.outcome(state) is None:
            if v.is_chance(state):
                state = v.apply(state, v.draw(state, rng))
            else:
                level = "strong" if state.to_move == strong_side else "random"
                state = v.apply(state, choose(v, state, level, rng))
        wins += v.outcome(state).winner == strong_side
    assert wins >= least, f"strong won {wins} of {games}"
