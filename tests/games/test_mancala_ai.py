"""The sowing games' computer opponents: legal, deterministic, and the strong one plays well."""
from __future__ import annotations

import random

import pytest

from games.engine import EngineError
from games.engine.ai import choose, levels
from tests.games.bechi_helpers import bechi, position


def play(options, players, seed):
    rng = random.Random(seed)
    state = bechi.new_game(options)
    while bechi.outcome(state) is None:
        if bechi.is_chance(state):  # the lot for round one
            state = bechi.apply(state, bechi.draw(state, rng))
            continue
        action = choose(bechi, state, players[bechi.to_move(state)], rng)
        assert action in bechi.legal_actions(state)
        state = bechi.apply(state, action)
    return bechi.outcome(state)


def test_the_levels_are_offered_weakest_first():
    assert levels(bechi) == ["random", "easy", "medium", "strong"]


@pytest.mark.parametrize("level", ["random", "easy", "medium", "strong"])
def test_each_level_is_deterministic_for_a_seed(level):
    s = bechi.new_game({"holes": 3, "round_one": "side0"})
    picks = {choose(bechi, s, level, random.Random(7)) for _ in range(3)}
    assert len(picks) == 1 and picks.pop() in bechi.legal_actions(s)


def test_the_computer_chooses_holes_to_leave_empty_too():
    s = bechi.apply(position([[0, 0, 0, 2], [0, 1, 0, 1]], captured=[12, 32]), {"hole": 3})
    assert s.phase == "leave_empty"
    for level in ("random", "easy", "medium", "strong"):
        assert choose(bechi, s, level, random.Random(1)) in bechi.legal_actions(s)


def test_easy_takes_the_capture_on_offer():
    # Hole 3 takes 2 + 4 from side 1's row; hole 0 takes nothing.
    s = position([[2, 0, 0, 3], [1, 1, 4, 3]], sown=[(1, 1)], captured=[10, 24])
    assert choose(bechi, s, "easy", random.Random(0)).to_json() == {"hole": 3}


def test_strong_sees_the_reply_that_easy_walks_into():
    # Sowing (0,2) makes (0,3) 3 and keeps 4 counters on side 0's row (easy likes that), but
    # side 1 answers (1,0) clockwise: its last counter makes (0,3) 4, sown from: captured, and
    # the round ends 22-26. Sowing (0,3) instead puts the counter into (1,0) (3), and side 1's
    # only move then ends on (0,2) with 3: no capture.
    s = position([[0, 0, 2, 2], [2, 0, 0, 0]], sown=[(0, 0), (0, 3), (1, 0), (1, 2), (1, 3)], captured=[21, 21])
    assert choose(bechi, s, "easy", random.Random(0)).to_json() == {"hole": 2}
    trap = bechi.apply(bechi.apply(s, {"hole": 2}), {"hole": 0})
    assert trap.to_json()["last_move"]["captures"] == [[0, 3, 4]]
    assert trap.to_json()["last_move"]["round_ended"]["totals"] == [22, 26]
    assert choose(bechi, s, "strong", random.Random(0)).to_json() == {"hole": 3}
    assert choose(bechi, s, "medium", random.Random(0)).to_json() == {"hole": 3}  # the reply is in its two plies


def test_no_computer_move_once_the_game_is_over():
    s = bechi.apply(position([[0, 0, 0, 2], [0, 1, 0, 1]], captured=[2, 42]), {"hole": 3})
    with pytest.raises(EngineError, match="not to move"):
        choose(bechi, s, "strong")


@pytest.mark.parametrize("holes", [4, 3])
def test_strong_beats_random_and_easy(holes):
    wins = 0
    games = 0
    for seed in range(6):
        for opponent in ("random", "easy"):
            strong_side = seed % 2
            players = {strong_side: "strong", 1 - strong_side: opponent}
            wins += play({"holes": holes}, players, seed).winner == strong_side
            games += 1
    assert wins >= games - 1


@pytest.mark.parametrize("holes", [4, 3])
def test_medium_sits_between_easy_and_strong(holes):
    # Paired games (the same seed, sides swapped): medium wins most against easy, and loses
    # most against strong.
    def score(level, opponent):
        wins = 0
        for seed in range(4):
            for side in (0, 1):
                wins += play({"holes": holes}, {side: level, 1 - side: opponent}, seed).winner == side
        return wins

    assert score("medium", "easy") >= 6
    assert score("strong", "medium") >= 5
