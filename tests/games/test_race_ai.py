"""The race games' computer players: legal, deterministic, sensible on hand-worked positions, quick,
and strong beats random clearly."""
from __future__ import annotations

import random
import time

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
def test_strong_answers_fast_enough_for_a_web_request(key, preset):
    v = variant(key)
    times = []
    for state in decisions(key, preset, 5, 12):
        start = time.process_time()
        choose(v, state, "strong", random.Random(0))
        times.append(time.process_time() - start)
    times.sort()
    # issue 37: the search may take longer on a hard decision. The 2 s target is measured in
    # bench/race.py; this only guards against a search gone wild, with room for a loaded CI
    # machine (XII Scripta's hardest of these took just over 2 s of CPU there).
    assert times[len(times) // 2] < 0.5 and times[-1] < 4.0, times


@pytest.mark.parametrize("key, preset, games, least", [
    ("race.ur", "finkel", 10, 8),
    ("race.senet", "bell", 10, 8),
    ("race.58-holes", "carnarvon-carter", 8, 6),
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
