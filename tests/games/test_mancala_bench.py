"""bench/mancala.py's plainly written Béchi must keep agreeing with the engine: its speed ratio
means nothing otherwise (it had drifted: the engine's capture chain stops at a hole left empty,
the reference's skipped it, and the engine's first round now begins by lot)."""
from __future__ import annotations

import pytest

from bench.mancala import cross_check, duel


@pytest.mark.parametrize("holes", [4, 3])
def test_the_reference_agrees_with_the_engine_action_by_action(holes):
    cross_check(holes, games=4)


def test_a_strength_game_is_played_to_its_end():
    holes, player, opponent, won, count = duel((3, "medium", "easy", 1))
    assert (holes, player, opponent) == (3, "medium", "easy") and 0 < count < 20_000 and isinstance(won, bool)
