"""The race games' ``strong`` level: an expectimax in win chances over the throws (issue 37, item 14).

The level that played as ``strong`` before, ``medium`` now (``race.py``), scored each position in
squares run plus a bonus for a piece borne off, less half the squares its pieces might lose. That
made bearing off a piece that was already safe look as good as running a threatened piece to
safety, and it gave pieces away: Ur with pieces on 7, 8 and 12 and a throw of 3 it bore off 12 and
left 7 to be hit 69% of the time, where 7→10 left it 6%.

This player searches whole turns (one step each, several where the throw is split or the turn's
throws are banked): its own, every throw of the other side weighted by the device's exact
probability (equal worths merged) and the other side's best answer, then its own next throw and
best answer (``TURNS`` = 3, falling back to 2 where that would exceed ``NODE_BUDGET``). A position
at the search's horizon is scored as a chance to win: the side to throw there throws every
possible throw and takes, for each, the step that leaves it furthest ahead in the race (so a
piece within reach of a throw counts as lost with that throw's probability, and two pieces
within reach of one throw are not counted twice); how far ahead a side is becomes a chance to
win by a logistic in the lead measured against the squares still to run (``SCALE``). A finished
game is worth 1 or 0, so near the end the search plays to win, not to run.

    >>> import random
    >>> from games.engine import get_variant
    >>> from games.engine.ai import choose
    >>> ur = get_variant("race.ur")
    >>> s = ur.state_from_json({"pieces": [[7, 8, 12, 15, 15, 15, 15], [0, 0, 0, 0, 3, 5, 6]], "to_move": 0,
    ...                        "phase": "move", "throw": {"dice": [1, 1, 1, 0]}})
    >>> choose(ur, s, "strong", random.Random(1)).to_json()    # runs 7 to safety, not 12 off
    {'from': 7, 'to': 10}
"""
from __future__ import annotations

import math
import random
from functools import lru_cache
import games.engine.ai.race  # noqa: F401  (today's levels register first: levels are listed weakest first)
from games.engine.ai import register_player
from games.engine.ai.race import _rules, _throws
from games.engine.core import Action, State, Variant
from games.engine.race.game import Rules, _throw_by_faces, replace, steps
from games.engine.race.state import MOVE, OVER, RaceState

__all__ = ["NODE_BUDGET", "SCALE", "TURNS", "leaf_value", "search_values", "strong"]

TURNS = 3
#: Positions a decision may visit at ``TURNS``; beyond it the search settles for one turn fewer.
NODE_BUDGET = 20_000
#: The lead (in squares) that is worth one logistic unit, per square root of squares still to run.
SCALE = 1.0
#: The same where the horizon needs the engine's move generator (Senet, 58 Holes), searched two
#: turns deep at most.
SLOW_BUDGET = 1_500
#: Leaf values kept between decisions (a game's next searches meet many of the same positions);
#: the cache is emptied when it holds this many.
LEAF_CACHE = 200_000
_LEAVES: dict[tuple, float] = {}
#: How much of a lone piece's wasted throws (:func:`_to_go`) a position's score counts.
WASTE = 0.15
#: Banked throws (Kendall's Senet) followed at most this deep inside one chance node.
MAX_BANK = 2


class _OverBudget(Exception):
    pass


@lru_cache(maxsize=64)
def _to_go(r: Rules) -> tuple[float, ...]:
    """For each route position 0..n + 1: the squares still to run, counted as a lone piece there
    would need them: the mean throw times the throws it needs on average to bear off. Where
    bearing off takes the exact throw, a piece a square from home is far from done (Finkel's Ur:
    a 1 comes one throw in four), which squares alone do not say."""
    end = r.n + 1
    throws = [(sum(v for v in r.value_of(faces) if v > 0), p) for faces, p in _throws(r)]
    mean = sum(v * p for v, p in throws)
    need = [0.0] * (end + 1)  # need[d]: throws to bear off from d squares away
    for d in range(1, end + 1):
        stay = sum(p for v, p in throws if v == 0 or (v > d and r.bear_off == "exact"))
        rest = sum(p * need[max(d - v, 0)] for v, p in throws if v > 0 and (v <= d or r.bear_off != "exact"))
        need[d] = (1.0 + rest) / (1.0 - stay)
    # the waste counted at WASTE of its worth: a side with other pieces to move plays most of
    # the throws a piece waiting for its exact number cannot use
    return tuple((end - p) + WASTE * (mean * need[end - p] - (end - p)) for p in range(end + 1))


def _remaining(r: Rules, pieces: tuple[tuple[int, ...], tuple[int, ...]], lost: tuple[int, int]) -> float:
    go = _to_go(r)
    return sum(go[p] for side in (0, 1) for p in pieces[side]) + go[0] * (lost[0] + lost[1])


def _chance(r: Rules, pieces: tuple[tuple[int, ...], tuple[int, ...]], lost: tuple[int, int], side: int,
            tempo: float, run: float = 0.0, taken: float = 0.0) -> float:
    """``side``'s chance to win, from its lead in squares still to run (``tempo``: squares it is
    owed for the throws to come, negative when the other side throws first), after it runs
    ``run`` more and makes the other side run ``taken`` more."""
    return _logistic(_lead(r, pieces, lost, side) + run + taken + tempo, _remaining(r, pieces, lost) - run + taken)


def _lead(r: Rules, pieces: tuple[tuple[int, ...], tuple[int, ...]], lost: tuple[int, int], side: int) -> float:
    """How many fewer squares ``side`` has to run than the other (:func:`_to_go`); a piece taken
    out of the game (Bell's Senet) counts as one that never started and never will."""
    go = _to_go(r)
    return (sum(go[p] for p in pieces[1 - side]) - sum(go[p] for p in pieces[side])
            + go[0] * (lost[1 - side] - lost[side]))


def _logistic(lead: float, remaining: float) -> float:
    z = lead / (SCALE * math.sqrt(remaining + 4.0))
    if z > 30:
        return 1.0
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def _mean_worth(r: Rules) -> float:
    return sum(p * sum(v for v in r.value_of(faces) if v > 0) for faces, p in _throws(r))


def leaf_value(variant: Variant, state: RaceState, me: int) -> float:
    """``me``'s chance to win in ``state`` (a throw due, or the game over), by one greedy turn:
    every throw of the side to throw, with the step that leaves it furthest ahead."""
    if state.result is not None:
        return 1.0 if state.result[0] == me else 0.0
    key = (state.variant, state.options, state.pieces, state.to_move, state.lost, state.waiting, state.banked,
           state.skip, state.reborn)
    found = _LEAVES.get(key)
    if found is None:
        found = _leaf(variant, state)
        if len(_LEAVES) >= LEAF_CACHE:
            _LEAVES.clear()
        _LEAVES[key] = found
    return found if state.to_move == me else 1.0 - found


def _plain(r: Rules) -> bool:
    """Whether a step is only: move one piece by the throw, blocked by its own side's pieces and
    by the other side's on a safe cell, taking a lone enemy piece (sent back or swapped), bearing
    off by the exact throw or any throw past the end, another throw on some cells (both Urs,
    20 Squares). There :func:`_plain_best` finds the greedy step without the engine's move
    generator, several times faster (``test_race_search`` checks the two agree)."""
    return not (r.split or r.bank or r.stack or r.protect_pairs or r.block_three or r.backward or r.water_wait
                or r.must_land or r.vacate_cells or r.end_exact or r.end_any or r.hit_to_water or r.jumps[0]
                or r.jumps[1] or r.reenter_first or r.enter != "free" or r.bear_zone or r.optional_bearoff
                or r.extra_values
                or r.capture not in ("send-back", "swap", "none") or r.bear_off not in ("exact", "any"))


def _plain_best(r: Rules, pieces: tuple[tuple[int, ...], tuple[int, ...]], lost: tuple[int, int], side: int,
                v: int, half: float) -> tuple[float, float] | None:
    """The greedy step of ``side`` with a throw worth ``v`` under :func:`_plain` rules: the step
    that leaves ``side`` furthest ahead (another throw worth ``2 * half``), as (squares gained
    with the tempo, chance to win after it); None when no step is legal."""
    end = r.n + 1
    go = _to_go(r)
    mine_route, their_route = r.routes[side], r.routes[1 - side]
    own_cells = {mine_route[p - 1] for p in pieces[side] if 1 <= p <= r.n}
    theirs = {their_route[x - 1]: x for x in pieces[1 - side] if 1 <= x <= r.n}
    best: tuple[float, float] | None = None
    for p in set(pieces[side]):
        if p >= end:
            continue
        q = p + v
        if q > end:
            if r.bear_off != "any":
                continue
            q = end
        taken, extra = 0.0, False
        if q < end:
            cell = mine_route[q - 1]
            if cell in own_cells:
                continue
            x = theirs.get(cell)
            if x is not None:
                if r.capture == "none" or cell in r.safe_cells:
                    continue
                if r.capture == "swap":
                    if p == 0:
                        continue
                    origin = mine_route[p - 1]
                    places = [i + 1 for i, c in enumerate(their_route) if c == origin]
                    if not places:
                        continue
                    taken = go[min(places, key=lambda y: (abs(y - x), y > x))] - go[x]
                else:
                    taken = go[0] - go[x]
            extra = cell in r.extra_cells
        tempo = half if extra else -half
        run = go[p] - go[q]
        pick = (run + taken + tempo, _chance(r, pieces, lost, side, tempo, run, taken))
        if best is None or pick > best:
            best = pick
    return best


def _leaf(variant: Variant, state: RaceState) -> float:
    """The side to throw's chance to win in ``state`` (see :func:`leaf_value`)."""
    r = _rules(variant, state)
    return _leaf_plain(r, state) if _plain(r) else _leaf_steps(r, state)


def _leaf_steps(r: Rules, state: RaceState) -> float:
    """:func:`_leaf` by the engine's own move generator (any rules)."""
    side = state.to_move
    half = _mean_worth(r) / 2
    before = _lead(r, state.pieces, state.lost, side)
    total = 0.0
    for faces, prob in _throws(r):
        value = r.value_of(faces)
        left = tuple(v for v in value if v > 0)
        if r.bank:
            left = state.banked + left
        best = None
        if left:
            st = replace(state, phase=MOVE, throw=faces, value=value, moves_left=left)
            for step in steps(r, st).values():
                # after the step the other side throws (unless the step earned another throw)
                tempo = half if step.extra else -half
                pick = (_lead(r, step.pieces, step.lost, side) - before + tempo,
                        _chance(r, step.pieces, step.lost, side, tempo))
                if best is None or pick > best:
                    best = pick
        total += prob * (best[1] if best is not None else _chance(r, state.pieces, state.lost, side, -half))
    return total


def _leaf_plain(r: Rules, state: RaceState) -> float:
    """:func:`_leaf` where :func:`_plain` holds, without the engine's move generator."""
    side = state.to_move
    half = _mean_worth(r) / 2
    total = 0.0
    for faces, prob in _throws(r):
        v = sum(x for x in r.value_of(faces) if x > 0)
        best = _plain_best(r, state.pieces, state.lost, side, v, half) if v else None
        total += prob * (best[1] if best is not None else _chance(r, state.pieces, state.lost, side, -half))
    return total


class _Search:
    def __init__(self, variant: Variant, r: Rules, me: int, budget: int) -> None:
        self.variant, self.r, self.me, self.budget = variant, r, me, budget
        self.memo: dict[tuple[RaceState, int], float] = {}
        self.nodes = 0

    def value(self, state: RaceState, turns: int) -> float:
        """``me``'s chance to win in ``state`` with ``turns`` whole turns still to search."""
        if state.phase == OVER:
            return 1.0 if state.result is not None and state.result[0] == self.me else 0.0
        key = (state, turns)
        found = self.memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OverBudget
        if state.phase == MOVE:
            v = self._move(state, turns)
        elif turns <= 0 or len(state.banked) >= MAX_BANK:
            v = leaf_value(self.variant, state, self.me)
        else:
            v = 0.0
            table = _throw_by_faces(self.r.device, self.r.measured)
            for faces, prob in _throws(self.r):
                child = self.variant.apply(state, table[faces])
                # a throw with no step ends the turn; a banked throw (SN-18) keeps it going
                goes_on = child.phase == MOVE or len(child.banked) > len(state.banked)
                v += prob * self.value(child, turns if goes_on else turns - 1)
        self.memo[key] = v
        return v

    def _move(self, state: RaceState, turns: int) -> float:
        mover = state.to_move
        values = [self.after(state, a, turns) for a in self.variant.legal_actions(state)]
        return max(values) if mover == self.me else min(values)

    def after(self, state: RaceState, action: Action, turns: int) -> float:
        child = self.variant.apply(state, action)
        same_turn = child.phase == MOVE and child.to_move == state.to_move and child.throws == state.throws
        return self.value(child, turns if same_turn else turns - 1)


def search_values(variant: Variant, state: RaceState, turns: int | None = None,
                  budget: int | None = None) -> tuple[list[Action], list[float], int]:
    """The legal actions in ``state`` with the mover's chance to win after each (searched
    ``turns`` whole turns deep, or one fewer where ``budget`` positions do not suffice), and the
    depth used."""
    r = _rules(variant, state)
    actions = variant.legal_actions(state)
    me = state.to_move
    turns = TURNS if turns is None else turns
    budget = NODE_BUDGET if budget is None else budget
    if r.split:
        turns = 1  # a split throw's own turn already holds many steps: score its end
    elif not _plain(r):
        # the horizon is scored by the engine's move generator, several times slower
        turns, budget = min(turns, 2), min(budget, SLOW_BUDGET)
    for depth in range(turns, 0, -1):
        search = _Search(variant, r, me, budget if depth > 1 else 10**9)
        try:
            return actions, [search.after(state, a, depth) for a in actions], depth
        except _OverBudget:
            continue
    raise AssertionError("unreachable: one turn deep is searched without a budget")


@register_player("race", "strong")
def strong(variant: Variant, state: State, rng: random.Random) -> Action:
    assert isinstance(state, RaceState)
    actions = variant.legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    actions, values, _ = search_values(variant, state)
    best = max(values)
    return rng.choice([a for a, v in zip(actions, values) if v >= best - 1e-12])
