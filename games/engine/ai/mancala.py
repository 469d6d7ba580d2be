"""Computer opponents for the sowing games (Béchi first).

Four levels, each a function ``(variant, state, rng) -> Action`` for the side to move,
deterministic for a given ``rng``:

- ``random``: any legal action.
- ``easy``: the action that gains most counters at once (ties broken at random).
- ``medium``: the same search as ``strong``, :data:`MEDIUM_DEPTH` plies deep: its own action and
  the opponent's reply (two more with three holes a row), so it does not walk into a capture
  the reply makes, but plans no further (the level a newcomer is offered first, issue 37).
- ``strong``: an alpha-beta search of :data:`STRONG_DEPTH` plies for the board's size (eight
  with three holes a row, where fewer choices allow it; six with four; passes and round ends included,
  since the rules settle them inside ``apply``), scoring positions by the counters each side
  would hold if the round ended there.

    >>> import random
    >>> from games.engine import get_variant
    >>> from games.engine.ai import choose
    >>> bechi = get_variant("mancala.bechi")
    >>> s = bechi.state_from_json({"rows": [[2, 0, 0, 3], [1, 1, 4, 3]], "captured": [10, 24],
    ...                            "sown": [[False] * 4, [False, True, False, False]]})
    >>> choose(bechi, s, "easy", random.Random(1)).to_json()     # takes 2 + 4 from side 1's row
    {'hole': 3}
    >>> choose(bechi, s, "strong", random.Random(1)) in bechi.legal_actions(s)
    True
"""
from __future__ import annotations

import random
from typing import Any

from games.engine.ai import register_player
from games.engine.core import Action, State, Variant

__all__ = ["MEDIUM_DEPTH", "STRONG_DEPTH", "evaluate", "easy", "medium", "random_player", "search", "strong"]

#: Plies the strong level searches, by holes a row (one ply is one action, so a pass makes a
#: side move twice). An even depth ends on the opponent's reply.
STRONG_DEPTH = {3: 8, 4: 6}
MEDIUM_DEPTH = {3: 4, 4: 2}
WIN = 10_000


def material(state: Any, side: int) -> int:
    """The counters ``side`` would hold if the round ended now (BE-6: each takes his row)."""
    n = state.n
    return state.captured[side] + state.aside[side] + sum(state.board[side * n : side * n + n])


def evaluate(variant: Variant, state: State, side: int) -> int:
    """Counters ahead, from ``side``'s point of view; a won or lost game dwarfs everything.

    >>> from games.engine import get_variant
    >>> bechi = get_variant("mancala.bechi")
    >>> evaluate(bechi, bechi.new_game({"round_one": "side0"}), 0)
    0
    """
    outcome = variant.outcome(state)
    if outcome is not None:
        if outcome.winner is None:  # a draw (rounds repeating at equal counters)
            return 0
        return WIN if outcome.winner == side else -WIN
    return material(state, side) - material(state, 1 - side)


@register_player("mancala", "random")
def random_player(variant: Variant, state: State, rng: random.Random) -> Action:
    return rng.choice(variant.legal_actions(state))


@register_player("mancala", "easy")
def easy(variant: Variant, state: State, rng: random.Random) -> Action:
    """Greedy: the action with the best immediate count (captures, forfeits, round ends)."""
    side = variant.to_move(state)
    assert side is not None
    scored = [(evaluate(variant, variant.apply(state, a), side), a) for a in variant.legal_actions(state)]
    best = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v == best])


def search(variant: Variant, state: State, depth: int, side: int, alpha: int, beta: int) -> int:
    """Alpha-beta value of ``state`` for ``side`` (who maximises), ``depth`` plies deep."""
    if depth == 0 or variant.outcome(state) is not None:
        return evaluate(variant, state, side)
    children = [variant.apply(state, a) for a in variant.legal_actions(state)]
    maximising = variant.to_move(state) == side
    # Try the most promising child first: it makes the cut-offs come early.
    children.sort(key=lambda c: evaluate(variant, c, side), reverse=maximising)
    if maximising:
        value = -WIN - 1
        for child in children:
            value = max(value, search(variant, child, depth - 1, side, alpha, beta))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = WIN + 1
    for child in children:
        value = min(value, search(variant, child, depth - 1, side, alpha, beta))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def best_actions(variant: Variant, state: State, depth: int) -> list[Action]:
    """Every root action of the best search value (a full window per root action, so ties are
    real ties and the choice among them can be left to the random generator)."""
    side = variant.to_move(state)
    assert side is not None
    actions = variant.legal_actions(state)
    if len(actions) == 1:
        return actions
    values = [search(variant, variant.apply(state, a), depth - 1, side, -WIN - 1, WIN + 1) for a in actions]
    best = max(values)
    return [a for a, v in zip(actions, values) if v == best]


@register_player("mancala", "medium")
def medium(variant: Variant, state: State, rng: random.Random) -> Action:
    return rng.choice(best_actions(variant, state, MEDIUM_DEPTH.get(getattr(state, "n", 4), 2)))


@register_player("mancala", "strong")
def strong(variant: Variant, state: State, rng: random.Random) -> Action:
    return rng.choice(best_actions(variant, state, STRONG_DEPTH.get(getattr(state, "n", 4), 6)))
