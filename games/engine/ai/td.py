"""A learned evaluator for the tables games (TD-Gammon's way) and the ``strong`` level that uses it.

The network is a small multilayer perceptron in numpy: 209 inputs, one hidden layer of
sigmoids, five sigmoid outputs giving, for the side **on roll**, the chances to win, to win at
least double (gammon, mars), to win triple (backgammon, Turkish or black mars), to lose at least
double and to lose triple. The inputs (``features``) are Tesauro's encoding, the same for every
geometry (for each side, the side on roll first: on each of its own points 1..24 four units, at
least one checker, at least two, at least three, half of those beyond three; then its bar /2,
its borne-off checkers /15 and its pip count /200), followed by a few judgements a player makes
at a glance (the numbers that hit a blot, the longest block, the home points held, whether the
race is on). The weights of each variant are trained by self-play with temporal differences
(``python -m games.engine.ai.train``) and shipped in ``ai/weights/`` (some 60 KB each).

``strong`` picks a play by a one-ply search: the best few plays by the network are each
followed by all 21 rolls of the opponent and his best reply by the network, and the play with
the best average wins. Its cube (backgammon, Takhte Nard) follows the network's cubeless equity,
which counts the chances of gammons and backgammons (marses) as well as of winning. The level
that played as ``strong`` before the network, a hand-written evaluation, is ``medium`` now
(``tables.py``); where a variant's network does not beat it yet (``NOT_YET``), ``strong`` plays
as ``medium``.

>>> import random
>>> from games.engine import get_variant
>>> from games.engine.ai import choose
>>> v = get_variant("tables.backgammon")
>>> s = v.apply(v.new_game(), {"opening": [3, 1]})
>>> v.describe(s, choose(v, s, "strong", random.Random(1)))
'8/5'
"""
from __future__ import annotations

import os
import random
from collections import OrderedDict
from functools import lru_cache
from typing import Any

import numpy as np

import games.engine.ai.tables  # noqa: F401  (today's levels register first: levels are listed weakest first)
from games.engine.ai import PLAYERS, register_player
from games.engine.core import Action, EngineError
from games.engine.tables.game import TablesState, TablesVariant
from games.engine.tables.moves import _MAP_OPPOSITE, _MAP_PARALLEL, Counts, Play, Rules, _Ctx, complete_plays, expand, to_mover

__all__ = ["Net", "equity", "features", "load", "result_points"]

INPUTS = 198 + 2 * 5 + 1  # Tesauro's 198, five judgement inputs a side, the race
OUTPUTS = 5  # win, win >= double, win triple, lose >= double, lose triple (side on roll)
WEIGHTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "weights")
_PIPS = np.arange(26, dtype=np.float32)
_PIPS[0] = 0.0  # borne off: no pips left


class Net:
    """The evaluator's weights and its forward pass (``values`` for a batch of inputs)."""

    def __init__(self, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray, meta: dict | None = None) -> None:
        self.w1, self.b1, self.w2, self.b2 = w1, b1, w2, b2
        self.meta = dict(meta or {})

    @classmethod
    def new(cls, hidden: int, rng: np.random.Generator) -> Net:
        return cls(
            rng.uniform(-0.1, 0.1, (INPUTS, hidden)),
            np.zeros(hidden),
            rng.uniform(-0.1, 0.1, (hidden, OUTPUTS)),
            np.zeros(OUTPUTS),
        )

    def values(self, x: np.ndarray) -> np.ndarray:
        h = 1.0 / (1.0 + np.exp(-(x @ self.w1 + self.b1)))
        return 1.0 / (1.0 + np.exp(-(h @ self.w2 + self.b2)))

    def save(self, path: str) -> None:
        meta = np.frombuffer(repr(sorted(self.meta.items())).encode(), dtype=np.uint8)
        np.savez_compressed(
            path, w1=self.w1.astype(np.float32), b1=self.b1.astype(np.float32), w2=self.w2.astype(np.float32),
            b2=self.b2.astype(np.float32), meta=meta,
        )

    @classmethod
    def read(cls, path: str) -> Net:
        with np.load(path) as z:
            import ast

            meta = dict(ast.literal_eval(bytes(z["meta"]).decode())) if "meta" in z else {}
            net = cls(*(z[k].astype(np.float64) for k in ("w1", "b1", "w2", "b2")), meta=meta)
        if net.w1.shape[0] != INPUTS or net.w2.shape[1] != OUTPUTS:
            raise EngineError(f"{path}: weights for {net.w1.shape[0]} inputs and {net.w2.shape[1]} outputs, not {INPUTS}/{OUTPUTS}")
        return net


def weights_path(key: str) -> str:
    return os.path.join(WEIGHTS, key.split(".", 1)[1] + ".npz")


@lru_cache(maxsize=None)
def load(key: str) -> Net:
    """The shipped weights of variant ``key``."""
    path = weights_path(key)
    if not os.path.exists(path):
        raise EngineError(f"no trained weights for {key} (expected {path}; see games.engine.ai.train)")
    return Net.read(path)


# ----------------------------------------------------------------------------------------------
# Inputs


# Tesauro's four units for 0..15 checkers on a point
_UNITS = np.array([[n >= 1, n >= 2, n >= 3, max(n - 3, 0) * 0.5] for n in range(16)], dtype=np.float64)
_BITS = 1 << np.arange(24, dtype=np.int64)
_REAR = np.arange(1, 26)  # a side's points 1..24 and its bar (25)
_BITS25 = 1 << np.arange(25, dtype=np.int64)
_POINTS = np.arange(1, 25)
_PARALLEL_FROM = np.array([(y + 11) % 24 for y in range(1, 25)])  # b's point y is a's point (y + 11) % 24 + 1


def _longest_run(held: np.ndarray) -> np.ndarray:
    """The longest run of consecutive held points in each row of ``held`` (``(n, 24)`` bools):
    the run lengths of a bit mask, shortened by one each ``m & m >> 1`` until none is left."""
    m = held @ _BITS
    run = np.zeros(len(m))
    while m.any():
        run += m != 0
        m &= m >> 1
    return run


def _judgement(a: np.ndarray, b: np.ndarray, hitting: bool) -> np.ndarray:
    """What a player sees at a glance, for side ``a`` against ``b`` (rows of each side's own
    counts), five columns: in the hitting games the distinct numbers that hit one of a's blots
    directly (as the share of the 36 rolls containing one), whether a blot stands 7 to 12 pips
    in front of a checker of b's, and a's blots /5; where there is no hitting, a's points among the
    six in front of b's rearmost checker /6, a's longest block in front of it /6, and the points
    a holds /12; then a's longest block of held points /6 and the points it holds in
    its home quarter /6. A point is held by two checkers where there is hitting, by one where
    there is not."""
    n = len(a)
    held = a[:, 1:25] >= (2 if hitting else 1)
    out = np.empty((n, 5))
    if hitting:
        blots = a[:, 1:25] == 1
        mask = blots @ _BITS  # bit p - 1: a blot on a's point p
        # b's checkers in a's numbering, bit q: his point x is a's 25 - x, his bar enters as from a's 0
        shooters = (np.concatenate((b[:, 25:26], b[:, 24:0:-1]), axis=1) > 0) @ _BITS25
        direct = np.zeros(n)
        indirect = np.zeros(n, dtype=bool)
        for d in range(1, 13):  # a blot on p is d pips in front of a shooter on p - d
            hit = (mask & (shooters << (d - 1))) != 0
            if d <= 6:
                direct += hit
            else:
                indirect |= hit
        out[:, 0] = (36.0 - (6.0 - direct) ** 2) / 36.0
        out[:, 1] = indirect
        out[:, 2] = blots.sum(axis=1) / 5.0
    else:
        # blocking without hitting (the nard games, SS-4): a's points on b's way, in b's numbering
        # (a's point p is b's p + 12), in front of b's rearmost checker, which the others follow
        ahead = held[:, _PARALLEL_FROM]
        rear = ((b[:, 1:25] > 0) * _POINTS).max(axis=1)[:, None]
        front = ahead & (_POINTS < rear)
        out[:, 0] = (front & (_POINTS >= rear - 6)).sum(axis=1) / 6.0
        out[:, 1] = _longest_run(front) / 6.0
        out[:, 2] = held.sum(axis=1) / 12.0
    out[:, 3] = _longest_run(held) / 6.0
    out[:, 4] = held[:, :6].sum(axis=1) / 6.0
    return out


def features(on_roll: np.ndarray, other: np.ndarray, hitting: bool = True) -> np.ndarray:
    """The inputs for positions given as each side's own counts, ``(n, 26)`` arrays each.

    Tesauro's raw encoding (for each side, the side on roll first: four units on each of its
    points 1..24, its bar /2, borne off /15, pips /200), then each side's judgement inputs
    (``_judgement``), then, in the hitting games, whether the race is on (no contact left).
    """
    n = on_roll.shape[0]
    both = np.concatenate((on_roll, other))  # each side's rows, then the same judged for the other
    raw = np.concatenate((_UNITS[both[:, 1:25]].reshape(2 * n, 96), both[:, 25:26] * 0.5, both[:, 0:1] / 15.0,
                          (both @ _PIPS)[:, None] / 200.0), axis=1)
    judged = _judgement(both, np.concatenate((other, on_roll)), hitting)
    if hitting:
        # contact: a's rearmost checker still behind b's rearmost (b's point q is a's 25 - q)
        rear = ((both[:, 1:26] > 0) * _REAR).max(axis=1)
        race = (rear[:n] + rear[n:] <= 25).astype(np.float64)[:, None]
    else:
        race = np.zeros((n, 1))
    parts = [raw[:n], raw[n:], judged[:n], judged[n:], race]
    return np.concatenate(parts, axis=1)


def _index(rules: Rules) -> np.ndarray:
    return np.array(_MAP_OPPOSITE if rules.geometry == "opposite" else _MAP_PARALLEL)


def play_rows(plays: list[Play]) -> np.ndarray:
    """The plays' resulting positions as an ``(n, 52)`` array: the mover's 26 counts, then the
    opponent's in the mover's numbering (the fast generator's packed form is read as bytes)."""
    if plays and plays[0]._me is None:  # packed: a byte a count
        raw = b"".join(p._code.to_bytes(52, "little") for p in plays)
        return np.frombuffer(raw, dtype=np.uint8).reshape(-1, 52).astype(np.int64)
    return np.array([p.me + p.op for p in plays], dtype=np.int64)


def after_play_inputs(rules: Rules, rows: np.ndarray) -> np.ndarray:
    """Inputs for positions reached by the mover's plays, with the opponent now on roll."""
    return features(rows[:, 26:][:, _index(rules)], rows[:, :26], rules.hitting)


def equity(v: np.ndarray) -> np.ndarray:
    """Cubeless points expected by the side on roll, from the five outputs."""
    return 2.0 * v[..., 0] - 1.0 + v[..., 1] + v[..., 2] - v[..., 3] - v[..., 4]


def result_points(variant: TablesVariant, loser: Counts) -> int:
    """Points of a single win when the loser is left with ``loser`` (as ``game_result``)."""
    if loser[0]:
        return 1
    triple = variant.wins[2]
    if triple is not None:
        hit = loser[25] > 0 if triple == "turkish-mars" else loser[25] > 0 or any(loser[p] for p in range(19, 25))
        if hit:
            return 3
    return 2


def mover_equities(variant: TablesVariant, net: Net, rules: Rules, plays: list[Play]) -> np.ndarray:
    """The mover's cubeless equity after each play, by the network (0-ply), wins counted exactly."""
    rows = play_rows(plays)
    eq = -equity(net.values(after_play_inputs(rules, rows)))
    done = np.nonzero(rows[:, 0] == 15)[0]
    for i in done:
        eq[i] = result_points(variant, to_mover(rules, plays[i].op))
    return eq


# ----------------------------------------------------------------------------------------------
# One-ply search

ROLLS = [((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)]


def _reply_value(variant: TablesVariant, net: Net, rules: Rules, me: Counts, op: Counts) -> float:
    """The mover's equity after playing to ``(me, op)``, averaged over the opponent's 21 rolls,
    the opponent answering each with his best play by the network."""
    if me[0] == 15:
        return float(result_points(variant, to_mover(rules, op)))
    him, us = to_mover(rules, op), to_mover(rules, me)  # the opponent as mover
    first = him[24] == 15
    rows = []
    seg = []
    weights = []
    fixed = []
    for roll, w in ROLLS:
        ctx = _Ctx((2 if first and roll in ((6, 6), (4, 4)) else 1) if rules.head_rule else 99, ())
        plays = complete_plays(rules, him, us, expand(roll), ctx)
        weights.append(w)
        if not plays:
            fixed.append(len(seg))
            seg.append(None)
            continue
        r = play_rows(plays)
        seg.append((sum(len(x) for x in rows), len(r)))
        rows.append(r)
    total = 0.0
    if rows:
        allr = np.concatenate(rows)
        # the opponent has moved; we are on roll: our own counts are his op mapped back
        v = equity(net.values(features(allr[:, 26:][:, _index(rules)], allr[:, :26], rules.hitting)))
        lost = allr[:, 0] == 15
        if lost.any():
            for i in np.nonzero(lost)[0]:
                v[i] = -result_points(variant, tuple(allr[i, 26:][_index(rules)]))
    for k, w in enumerate(weights):
        if seg[k] is None:  # he cannot move: the position is ours to roll as it stands
            x = features(np.array([me]), np.array([him]), rules.hitting)
            total += w * float(equity(net.values(x))[0])
        else:
            a, n = seg[k]
            total += w * float(v[a : a + n].min())
    return total / 36.0


CANDIDATES = 5
MARGIN = 0.2  # plays further than this behind the best by the network are not searched


def best_play(variant: TablesVariant, net: Net, rules: Rules, plays: list[Play], ply: int = 1) -> Play:
    """The play the network picks among ``plays`` (in a deterministic order): the best by 0-ply,
    or with ``ply=1`` the best after a one-ply search over the opponent's rolls of the few best."""
    if len(plays) == 1:
        return plays[0]
    eq = mover_equities(variant, net, rules, plays)
    order = np.argsort(-eq, kind="stable")
    if ply == 0:
        return plays[int(order[0])]
    best = eq[order[0]]
    # the nard generator is slower (the rules beyond backgammon's): fewer plays looked at
    cands = [int(i) for i in order[: CANDIDATES if rules.standard else 3] if eq[i] >= best - MARGIN]
    if len(cands) == 1:
        return plays[cands[0]]
    scored = [(_reply_value(variant, net, rules, plays[i].me, plays[i].op), -k) for k, i in enumerate(cands)]
    return plays[cands[max(range(len(cands)), key=lambda k: scored[k])]]


def choose_strong(variant: TablesVariant, state: TablesState, net: Net | None = None, ply: int = 1) -> Play | None:
    """The strong level's complete play for the dice still to play in ``state`` (None: no play)."""
    plays = variant.complete_plays(state)
    if not plays:
        return None
    plays.sort(key=lambda p: (p.me, p.op))  # deterministic order, whatever the generator's
    assert state.rules is not None
    net = net or load(variant.key)
    if state.pending or state.remainder:
        return _best_before_more_dice(variant, net, state, plays)
    return best_play(variant, net, state.rules, plays, ply)


# A Gul Bara cascade (GB-4) or a remainder handed over (GB-5): more dice follow this play before
# the opponent rolls, known in advance (the cascade's higher doubles), or the mover rolls next.
CASCADE_CANDIDATES = 6


def _best_before_more_dice(variant: TablesVariant, net: Net, state: TablesState, plays: list[Play]) -> Play:
    """The play after which the rest of the turn goes best for the mover. The network's 0-ply
    value of a play's position assumes the opponent rolls next, which is wrong here: within a
    cascade the mover plays the next double, and after a remainder the mover rolls. So the best
    few plays by that value are each followed through the dice still to come (each later number
    played by its best 0-ply play) and judged by the position where the turn really ends."""
    if len(plays) == 1:
        return plays[0]
    assert state.rules is not None
    eq = mover_equities(variant, net, state.rules, plays)
    order = [int(i) for i in np.argsort(-eq, kind="stable")[:CASCADE_CANDIDATES]]
    side = state.to_move
    scored = [(_turn_end_value(variant, net, variant.apply_play(state, plays[i]), side, state.game), -k)
              for k, i in enumerate(order)]
    return plays[order[max(range(len(order)), key=lambda k: scored[k])]]


def _turn_end_value(variant: TablesVariant, net: Net, s: TablesState, side: int, game: int) -> float:
    """``side``'s equity once the dice still to play before the next roll are played greedily:
    ``side``'s own, and a remainder of its cascade handed to the opponent (GB-5), which he plays
    before his own roll. Judged with the opponent on roll before his remainder, a play that breaks
    the cascade would look as if it gave nothing away."""
    while s.game == game and s.phase == "move" and not variant.is_chance(s):
        plays = variant.complete_plays(s)
        if not plays:
            break
        plays.sort(key=lambda p: (p.me, p.op))
        assert s.rules is not None
        best = plays[int(np.argmax(mover_equities(variant, net, s.rules, plays)))] if len(plays) > 1 else plays[0]
        s = variant.apply_play(s, best)
    if s.game != game or s.phase == "over":
        winner, points, _how = s.last_game
        return float(points if winner == side else -points)
    mover = s.to_move
    value = on_roll_equity(variant, s, mover)
    return value if mover == side else -value


# ----------------------------------------------------------------------------------------------
# The level: plays handed out a step at a time, and the cube

_CHOSEN: OrderedDict[Any, tuple[Counts, Counts]] = OrderedDict()


def _key(state: TablesState) -> Any:
    return (state.variant, state.to_move, state.checkers, state.dice, state.pending, state.hitters, state.head_left)


def _step_towards(variant: TablesVariant, state: TablesState, target: tuple[Counts, Counts]) -> Action:
    side = state.to_move
    rules = state.rules
    assert rules is not None
    actions = variant.legal_actions(state)
    for a in actions:
        s2 = variant.apply(state, a)
        if s2.phase == "move" and s2.to_move == side and s2.pending == state.pending and s2.game == state.game:
            if any((p.me, p.op) == target for p in variant.complete_plays(s2)):
                _CHOSEN[_key(s2)] = target
                if len(_CHOSEN) > 4096:
                    _CHOSEN.popitem(last=False)
                return a
        elif s2.game != state.game or (s2.checkers[side], to_mover(rules, s2.checkers[1 - side])) == target:
            return a
    return actions[0]  # cannot happen: never leave the game stuck


def on_roll_equity(variant: TablesVariant, state: TablesState, side: int) -> float:
    """Cubeless equity of ``side`` with ``side`` on roll in ``state``'s position."""
    x = features(np.array([state.checkers[side]]), np.array([state.checkers[1 - side]]), variant.hitting)
    return float(equity(load(variant.key).values(x))[0])


def cube_action(variant: TablesVariant, state: TablesState) -> Action:
    side = state.to_move
    assert side is not None
    if state.phase == "cube":
        e = on_roll_equity(variant, state, side)
        value = state.cube[0] if state.cube else 1
        dead = value >= state.opts["match_to"] - state.score[side]  # the stake already wins the match
        # double once the opponent's take is near its limit, but not when playing on for a
        # double win is worth more than the point a drop would give
        return Action({"double": bool(0.4 <= e <= 1.0 and not dead)})
    # taking risks twice the stake at the doubler's equity; dropping loses the stake
    e = on_roll_equity(variant, state, 1 - side)
    return Action({"take": True} if 2.0 * e <= 1.0 else {"drop": True})


# Variants whose shipped network does not yet beat the hand-written ``medium`` player (measured by
# bench/tables.py): there ``strong`` plays as ``medium`` until training makes the network better.
NOT_YET: frozenset[str] = frozenset()


@register_player("tables", "strong")
def strong(variant: TablesVariant, state: TablesState, rng: random.Random) -> Action:  # type: ignore[override]
    if variant.key in NOT_YET:
        return PLAYERS[("tables", "medium")](variant, state, rng)
    if state.phase in ("cube", "take"):
        return cube_action(variant, state)
    target = _CHOSEN.get(_key(state))
    if target is None:
        play = choose_strong(variant, state)
        assert play is not None  # in phase "move" there is always a play
        target = (play.me, play.op)
    return _step_towards(variant, state, target)
