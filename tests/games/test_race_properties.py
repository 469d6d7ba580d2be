"""Race engine properties (hypothesis): pieces are conserved, states round-trip through JSON, and
illegal actions are refused and change nothing."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import Action, EngineError, IllegalAction
from tests.games.race_helpers import KEYS, variant

PRESETS = [(key, preset) for key in KEYS for preset in variant(key).PRESETS]


def walk(key: str, preset: str, seed: int, steps: int):
    """A state reached by ``steps`` random actions (or the end, if sooner)."""
    v = variant(key)
    rng = random.Random(seed)
    state = v.new_game({"rules": preset})
    for _ in range(steps):
        if v.outcome(state) is not None:
            break
        state = v.apply(state, v.draw(state, rng) if v.is_chance(state) else rng.choice(v.legal_actions(state)))
    return v, state


junk = st.one_of(
    st.fixed_dictionaries({"from": st.integers(-3, 40), "to": st.integers(-3, 40)}),
    st.fixed_dictionaries({"throw": st.lists(st.integers(-1, 7), max_size=5)}),
    st.fixed_dictionaries({"from": st.booleans(), "to": st.integers(0, 40)}),
    st.fixed_dictionaries({"throw": st.lists(st.booleans(), min_size=3, max_size=4)}),
    st.just({"pass": True}),
    st.just({}),
    st.fixed_dictionaries({"from": st.integers(10 ** 20, 10 ** 30), "to": st.integers()}),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PRESETS), st.integers(0, 10 ** 6), st.integers(0, 400))
def test_pieces_are_conserved_and_states_round_trip(preset, seed, steps):
    v, state = walk(*preset, seed, steps)
    r = v.rules(v.state_options(state))
    for s in (0, 1):
        assert len(state.pieces[s]) + state.lost[s] == r.pieces
    text = json.dumps(state.to_json())
    again = v.state_from_json(text)
    assert again == state and v.legal_actions(again) == v.legal_actions(state)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PRESETS), st.integers(0, 10 ** 6), st.integers(0, 300), junk)
def test_illegal_actions_are_refused_and_change_nothing(preset, seed, steps, action):
    v, state = walk(*preset, seed, steps)
    before = state.to_json()
    try:
        legal = Action.from_json(action) in v.legal_actions(state)
    except EngineError:
        legal = False
    flat = [x for value in action.values() for x in (value if isinstance(value, list) else [value])]
    if any(isinstance(x, bool) for x in flat):
        legal = False  # true/false compare equal to 1/0 in Python; the engine refuses them
    if legal:
        v.apply(state, action)
    else:
        try:
            v.apply(state, action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{action} was accepted in {before}")
    assert state.to_json() == before


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 10 ** 6), st.integers(0, 300))
def test_every_legal_action_applies_and_the_side_to_move_is_consistent(preset, seed, steps):
    v, state = walk(*preset, seed, steps)
    if v.outcome(state) is not None:
        assert v.legal_actions(state) == [] and v.to_move(state) is None
        return
    for action in v.legal_actions(state)[:40]:
        nxt = v.apply(state, action)
        if v.is_chance(state):
            assert "throw" in action
        else:
            # A move, or a pass where the rules let a player decline (Kendall's Senet: bearing
            # off is never compulsory; a piece waiting on the water).
            assert v.to_move(state) == state.to_move and set(action) in ({"from", "to"}, {"pass"})
        assert v.state_from_json(nxt.to_json()) == nxt
