"""Computer opponents for the race games (Senet, Ur, 20 Squares, 58 Holes, XII Scripta).

Three levels here, each a function ``(variant, state, rng) -> Action`` for the side to move,
deterministic for a given ``rng``:

- ``random``: any legal move.
- ``easy``: the move whose resulting position counts best at once (race progress, pieces off,
  pieces lost), ties broken at random.
- ``medium`` (the level called ``strong`` until issue 37): an expectimax over the throws. For one-move throws it weighs every move by the
  opponent's answer to each possible throw (the exact distribution of the device, equal values
  merged) and, where the move earns another throw, by its own best follow-up; where the tracks
  never meet (58 Holes) the opponent's answer cannot matter, so it weighs its own next throw
  instead, less the mean throw the opponent gains meanwhile. Leaves are scored by
  :func:`evaluate`: race progress, less the expected loss of pieces standing where the next
  throw can hit them. For split throws (XII Scripta) it searches the whole turn (every order of
  the remaining dice) and scores its end with the same evaluation.

The fourth, ``strong``, searches deeper in win chances (``race_search.py``).

    >>> import random
    >>> from games.engine import get_variant
    >>> from games.engine.ai import choose
    >>> ur = get_variant("race.ur")
    >>> s = ur.state_from_json({"pieces": [[0, 0, 0, 0, 0, 0, 9], [0, 0, 0, 0, 0, 0, 7]], "to_move": 1,
    ...                        "phase": "move", "throw": {"dice": [1, 1, 0, 0]}})
    >>> choose(ur, s, "easy", random.Random(1)).to_json()      # side 1 hits the piece on 9
    {'from': 7, 'to': 9}
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from games.engine.ai import register_player
from games.engine.core import Action, State, Variant
from games.engine.race.game import Rules, replace
from games.engine.race.state import MOVE, OVER, RaceState

__all__ = ["easy", "evaluate", "medium", "random_player"]

WIN = 1_000_000.0
RISK_WEIGHT = 0.5
OFF_BONUS = 4.0  # a piece borne off is safe for good: worth a little more than its last square


def _rules(variant: Variant, state: RaceState) -> Rules:
    return variant._rules(state)  # type: ignore[attr-defined]


@lru_cache(maxsize=64)
def _throws(r: Rules) -> tuple[tuple[tuple[int, ...], float], ...]:
    """One representative face tuple per distinct worth, with the worth's probability."""
    from games.engine.race import devices

    merged: dict[tuple[int, ...], tuple[tuple[int, ...], float]] = {}
    outs = devices.outcomes(r.device, r.measured)
    total = sum(w for _, w in outs)
    for faces, weight in outs:
        key = tuple(sorted(r.value_of(faces)))
        rep, p = merged.get(key, (faces, 0.0))
        merged[key] = (rep, p + weight / total)
    return tuple(merged[k] for k in sorted(merged))


@lru_cache(maxsize=64)
def _reach(r: Rules) -> tuple[tuple[frozenset[int], float], ...]:
    """Per distinct throw: the distances one piece can cover with it, and the throw's probability."""
    out = []
    for faces, p in _throws(r):
        values = [v for v in r.value_of(faces) if v > 0]
        sums: set[int] = set()
        if r.split:
            for mask in range(1, 1 << len(values)):
                sums.add(sum(v for i, v in enumerate(values) if mask >> i & 1))
        else:
            sums.update(values)
        out.append((frozenset(sums), p))
    return tuple(out)


@lru_cache(maxsize=64)
def _mean_throw(r: Rules) -> float:
    return sum(p * sum(r.value_of(faces)) for faces, p in _throws(r))


@lru_cache(maxsize=64)
def _interact(r: Rules) -> bool:
    """Whether one side's move can ever change what the other may do."""
    return bool(set(r.routes[0]) & set(r.routes[1]))


def _standing(r: Rules, state: RaceState, side: int) -> float:
    total = 0.0
    for p in state.pieces[side]:
        total += r.n + 1 + OFF_BONUS if p == r.n + 1 else p
    return total - state.lost[side] * (r.n + 1 + OFF_BONUS)


def _risk(r: Rules, state: RaceState, side: int) -> float:
    """Expected squares ``side`` loses to the other side's next throw (hits only)."""
    if r.capture == "none":
        return 0.0
    opp = 1 - side
    theirs = state.pieces[opp]
    mine = state.pieces[side]
    # a piece not yet entered attacks too, except by swapping (it has no square to give)
    attackers = sorted({q for q in theirs if q <= r.n and (q > 0 or r.capture != "swap")})
    cell_at = r.routes
    total = 0.0
    seen_cells: set[int] = set()
    for p in mine:
        if not 1 <= p <= r.n:
            continue
        cell = cell_at[side][p - 1]
        if cell in seen_cells or cell in r.safe_cells:
            continue
        seen_cells.add(cell)
        if r.stack and mine.count(p) >= 2:
            continue
        if r.protect_pairs and (p - 1 in mine or p + 1 in mine):
            continue
        distances = set()
        for q in attackers:
            for d in range(1, r.n + 1 - q):
                if cell_at[opp][q + d - 1] == cell:
                    distances.add(d)
        if not distances:
            continue
        chance = sum(prob for sums, prob in _reach(r) if sums & distances)
        if r.capture == "swap":
            loss = 2 * sum(distances) / len(distances)  # I go back d, the attacker gains d
        elif r.capture == "remove":
            loss = p + r.n + 1 + OFF_BONUS
        else:
            loss = p
        total += chance * loss
    return total


def evaluate(variant: Variant, state: State, side: int, danger: bool = True) -> float:
    """How good ``state`` is for ``side``: race standing ahead of the other's, less (half) the
    expected loss to the next throw of the side not throwing next (and a third of that for the
    other side).

    >>> from games.engine import get_variant
    >>> ur = get_variant("race.ur")
    >>> evaluate(ur, ur.new_game(), 0)
    0.0
    """
    assert isinstance(state, RaceState)
    r = _rules(variant, state)
    if state.result is not None:
        return WIN if state.result[0] == side else -WIN
    score = _standing(r, state, side) - _standing(r, state, 1 - side)
    if danger and r.capture != "none":
        nxt = state.to_move  # the side that throws next threatens the other
        exposed, later = 1 - nxt, nxt
        # Halved: each piece's risk counts every throw that could hit it, though one throw moves
        # one piece and the other side may prefer another move (measured: Kendall's Senet
        # against easy 29/60 with 1.0, 36/60 with 0.5; 20 Squares and Ur unchanged).
        weight = {exposed: RISK_WEIGHT, later: 0.3 * RISK_WEIGHT}
        score -= weight[side] * _risk(r, state, side)
        score += weight[1 - side] * _risk(r, state, 1 - side)
    return score


@register_player("race", "random")
def random_player(variant: Variant, state: State, rng: random.Random) -> Action:
    return rng.choice(variant.legal_actions(state))


@register_player("race", "easy")
def easy(variant: Variant, state: State, rng: random.Random) -> Action:
    """Greedy: the step whose result counts best at once (no look at the throws to come)."""
    side = variant.to_move(state)
    assert side is not None
    scored = [(evaluate(variant, variant.apply(state, a), side, danger=False), a) for a in variant.legal_actions(state)]
    best = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v == best])


def _after(variant: Variant, r: Rules, state: RaceState, me: int, memo: dict[Any, float]) -> float:
    """The value for ``me`` of a state reached by one of ``me``'s steps."""
    if state in memo:
        return memo[state]
    if state.phase == OVER:
        value = evaluate(variant, state, me)
    elif state.phase == MOVE and state.to_move == me:
        # A split throw not used up yet: the rest of the turn is ``me``'s to choose.
        value = max(_after(variant, r, variant.apply(state, a), me, memo) for a in variant.legal_actions(state))
    elif r.split:
        value = evaluate(variant, state, me)
    else:
        value = 0.0
        if state.to_move != me and not _interact(r):
            # The other side cannot touch ``me``'s pieces (58 Holes: separate tracks), so its
            # answer changes nothing ``me`` chooses between: look at ``me``'s next throw instead,
            # less the ground the other side gains meanwhile (what an extra throw is worth).
            state = replace(state, to_move=me)
            value = -_mean_throw(r)
        for faces, prob in _throws(r):
            nxt = variant.apply(state, Action({"throw": list(faces)}))
            value += prob * _reply(variant, r, nxt, me)
    memo[state] = value
    return value


def _reply(variant: Variant, r: Rules, state: RaceState, me: int) -> float:
    """The value for ``me`` once a throw has fallen: the thrower's best step by the evaluation."""
    if state.phase != MOVE:
        return evaluate(variant, state, me)
    children = [evaluate(variant, variant.apply(state, a), me) for a in variant.legal_actions(state)]
    return max(children) if state.to_move == me else min(children)


@register_player("race", "medium")
def medium(variant: Variant, state: State, rng: random.Random) -> Action:
    assert isinstance(state, RaceState)
    actions = variant.legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    r = _rules(variant, state)
    me = state.to_move
    memo: dict[Any, float] = {}
    values = [_after(variant, r, variant.apply(state, a), me, memo) for a in actions]
    best = max(values)
    return rng.choice([a for a, v in zip(actions, values) if v >= best - 1e-9])
