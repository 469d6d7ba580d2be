"""Béchi properties (hypothesis) and random play-outs of whole games."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import Action, IllegalAction, InvalidState
from tests.games.bechi_helpers import bechi, check_invariants

OPTIONS = [
    {"holes": 4},
    {"holes": 3},
    {"holes": 4, "shu_house_rule": True, "round_one": "side1"},
    {"holes": 3, "shu_house_rule": True},
    {"holes": 4, "origin_counts_as_moved": False, "chain_skips_left_empty": True, "round_one": "side0"},
    {"holes": 3, "origin_counts_as_moved": False, "chain_skips_left_empty": True},
]


def play(options, seed, max_actions=None):
    """Random actions from a new game; yields every state reached."""
    rng = random.Random(seed)
    state = bechi.new_game(options)
    yield state
    count = 0
    while bechi.outcome(state) is None and (max_actions is None or count < max_actions):
        state = bechi.apply(state, rng.choice(bechi.legal_actions(state)))
        count += 1
        yield state


games = st.tuples(st.sampled_from(OPTIONS), st.integers(0, 2**32 - 1))


@settings(max_examples=60, deadline=None)
@given(games)
def test_counters_add_up_no_hole_goes_negative_and_json_round_trips(game):
    options, seed = game
    for state in play(options, seed, max_actions=150):
        check_invariants(state)  # BE-9: 48 (36) always; no hole below zero
        data = state.to_json()
        again = bechi.state_from_json(data)
        assert again == state and again.to_json() == data


actions = st.one_of(
    st.fixed_dictionaries({"hole": st.integers(-2, 5)}),
    st.fixed_dictionaries({"hole": st.integers(-1, 4), "direction": st.sampled_from(["clockwise", "anticlockwise", "up"])}),
    st.fixed_dictionaries({"leave_empty": st.lists(st.integers(-1, 4), max_size=4)}),
    st.dictionaries(st.sampled_from(["hole", "to", "roll"]), st.integers(0, 3), max_size=2),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(0, 400), actions)
def test_anything_outside_the_legal_actions_raises_and_changes_nothing(game, steps, action):
    options, seed = game
    for state in play(options, seed, max_actions=steps):
        pass
    before = state.to_json()
    legal = bechi.legal_actions(state)
    if Action(action) in legal:
        bechi.apply(state, action)
    else:
        with pytest.raises(IllegalAction):
            bechi.apply(state, action)
    assert state.to_json() == before


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([3, 4]).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(-1, 12), min_size=n, max_size=n),
            st.lists(st.integers(0, 12), min_size=n, max_size=n),
            st.integers(0, 1),
            st.lists(st.booleans(), min_size=2 * n, max_size=2 * n),
        )
    )
)
def test_a_hand_written_position_is_accepted_consistently_or_refused_by_name(position):
    row0, row1, to_move, sown = position
    n = len(row0)
    on_board = sum(row0) + sum(row1)
    rest = max(0, 12 * n - on_board)
    data = {
        "rows": [row0, row1],
        "to_move": to_move,
        "captured": [rest // 2, rest - rest // 2],
        "sown": [sown[:n], sown[n:]],
    }
    try:
        state = bechi.state_from_json(data)
    except InvalidState as exc:
        assert str(exc).split(":")[0].split("[")[0].split(" ")[0] in {
            "rows", "to_move", "captured", "sown", "history",
        }, str(exc)
        return
    check_invariants(state)
    assert bechi.state_from_json(state.to_json()) == state
    for action in bechi.legal_actions(state):
        check_invariants(bechi.apply(state, action))


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_random_whole_games_play_to_the_end(options):
    hows = set()
    for seed in range(200):
        rounds_seen = 0
        for state in play(options, seed):
            check_invariants(state)
            rounds_seen = max(rounds_seen, state.round)
        outcome = bechi.outcome(state)
        assert outcome is not None
        assert sum(outcome.score) == 12 * options["holes"]
        # a draw only where the rounds repeat at equal counters (BE-8, round_repetition_limit)
        assert (outcome.winner is None) == (outcome.how == "draw") == (outcome.score[0] == outcome.score[1])
        assert outcome.points == (0 if outcome.winner is None else 1)
        assert state.round == rounds_seen
        hows.add(outcome.how)
        if outcome.how == "houses-burnt":
            assert min(outcome.score) < 6 and outcome.score[outcome.winner] >= 6
    assert "houses-burnt" in hows
