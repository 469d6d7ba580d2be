"""Computer players for the tables games: ``random``, ``easy`` and ``medium`` (``strong``, the
trained network, is in ``td.py``).

Every level picks a whole play for the roll (one of ``variant.complete_plays(state)``) and then
hands it out one step at a time, as a human would play it; the choice is remembered, so the
steps of one play come out of repeated calls. Levels are deterministic for a given ``rng``.

- ``random``: a uniformly random complete play; cube decisions at random.
- ``easy``: the play that leaves the best pip count (race only), with a little noise; never
  doubles, always takes.
- ``medium`` (the level called ``strong`` before the trained network): a one-ply search over
  the complete plays with a hand-written evaluation that knows the race
  (pips, with the roll's worth for the side on roll), the safety of blots (the shots at them),
  made points, blocks and primes, anchors and a closed board, and, for the nard games, blocking
  without hitting both ways (runs of points in front of the other side's rearmost checker, the
  numbers a side cannot play at all; contact ends only when neither side can block the other),
  the head and stacking; in Gul Bara the race counts a roll as worth about twice as much (the
  cascade of doubles), and on the first number of a cascade the few best plays are checked for
  leaving the numbers to come playable (a number not played four times passes to the opponent).
  The cube (Takhte Nard, backgammon): double between 68% and 88% winning chances (above, play
  on for a mars/gammon), take at 25% or better.

>>> import random
>>> from games.engine import get_variant
>>> from games.engine.ai import choose
>>> v = get_variant("tables.backgammon")
>>> s = v.apply(v.new_game(), {"opening": [3, 1]})
>>> a = choose(v, s, "medium", random.Random(1))
>>> a.to_json() in [x.to_json() for x in v.legal_actions(s)]
True
>>> s = v.apply(s, a); v.describe(s, choose(v, s, "medium", random.Random(1)))
'6/5'
"""
from __future__ import annotations

import math
import random
from collections import OrderedDict
from typing import Any

from games.engine.ai import register_player
from games.engine.core import Action
from games.engine.tables.game import TablesState, TablesVariant
from games.engine.tables.moves import Counts, Play, Rules, can_play_all, to_mover

__all__ = ["choose_play", "evaluate", "win_probability"]

# rolls (of 36) that hit a blot at distance k with one die or a combination (blocks ignored)
_SHOTS = {1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5, 10: 3, 11: 2, 12: 3, 15: 1, 16: 1, 18: 1, 20: 1, 24: 1}

_CHOSEN: OrderedDict[Any, tuple[Counts, Counts, tuple]] = OrderedDict()
_CHOSEN_MAX = 4096


# ----------------------------------------------------------------------------------------------
# Evaluation (from the mover's side, the opponent to roll next)


def _pips(c: Counts) -> int:
    return sum(p * c[p] for p in range(1, 26))


def _opp_pips(op: Counts, geometry: str) -> int:
    # op is in the mover's numbering; the opponent's own point is the mirror (or the shift)
    if geometry == "opposite":
        return sum((25 - p) * op[p] for p in range(1, 25)) + 25 * op[25]
    mirror = to_mover(Rules(geometry=geometry), op)
    return _pips(mirror)


def _longest_run(held: list[bool]) -> int:
    best = run = 0
    for h in held:
        run = run + 1 if h else 0
        best = max(best, run)
    return best


def _eval_hitting(me: Counts, op: Counts) -> float:
    """Backgammon family (opposite directions, hitting)."""
    my_pips = _pips(me)
    their_pips = _opp_pips(op, "opposite")
    # the opponent is on roll: a roll is worth about 8 pips
    race = (their_pips - my_pips - 8) / 12.0
    my_back = max((p for p in range(1, 26) if me[p]), default=0)
    their_back = min((p for p in range(0, 25) if (op[25] if p == 0 else op[p])), default=25)
    if my_back < their_back or my_back == 0:
        # no contact left: a pure race; bearing off quickly is all
        return race * 1.6 + me[0] * 0.05
    score = race
    # blots and the shots at them: the opponent moves from my low points to my high points
    opp_at = [op[25]] + [op[p] for p in range(1, 25)]  # index 0 = their bar (enters at my d)
    for p in range(1, 25):
        if me[p] != 1:
            continue
        shots = 0
        for x in range(0, p):
            if opp_at[x]:
                shots += _SHOTS.get(p - x, 0)
        if shots:
            shots = min(shots, 36)
            score -= shots / 36.0 * (0.35 + (25 - p) / 40.0)
    # made points, the prime and the home board
    held = [me[p] >= 2 for p in range(1, 25)]
    for p in range(1, 25):
        if held[p - 1]:
            score += 0.18 if p <= 6 else 0.12 if p <= 9 else 0.05 if p >= 19 else 0.04
    run = _longest_run(held[:12])
    score += (0.0, 0.0, 0.05, 0.15, 0.35, 0.6, 0.9)[min(run, 6)]
    home = sum(held[:6])
    if op[25]:
        score += op[25] * (0.25 + 0.12 * home)
        if home == 6:
            score += 0.5
    # an anchor in their home keeps my back checkers safe
    if any(me[p] >= 2 for p in range(19, 25)):
        score += 0.12
    # stacks are wasteful
    score -= sum(max(0, me[p] - 4) for p in range(1, 25)) * 0.03
    # my checkers on the bar against their made home points
    if me[25]:
        their_home = sum(1 for p in range(19, 25) if op[p] >= 2)
        score -= me[25] * (0.1 + 0.1 * their_home)
    return score


# the parallel games: my point p is the opponent's point _SHIFT[p] and back (a shift by 12)
_SHIFT = (0,) + tuple(((p + 11) % 24) + 1 for p in range(1, 25))
_RUN_WORTH = (0.0, 0.0, 0.1, 0.25, 0.5, 0.8, 1.0)


def _nard_blocked(points: list[int], held: list[bool]) -> tuple[float, int]:
    """How well the attacker's points ``held`` block the defender, whose checkers stand on
    ``points`` (route positions, highest first; both indexed by the defender's route, 24 down to
    1): the points in front of his rearmost checker, runs above all, and the numbers (1..6) he
    cannot play at all."""
    if not points:
        return 0.0, 0
    back = points[0]
    score = 0.0
    run = best = 0
    for r in range(back - 1, 0, -1):
        if held[r]:
            run += 1
            if run > best:
                best = run
            score += 0.06 if back - r <= 6 else 0.03
        else:
            run = 0
    score += _RUN_WORTH[min(best, 6)]
    home = back <= 6
    dead = 0
    for d in range(1, 7):
        for r in points:
            t = r - d
            if (home if t < 1 else not held[t]):
                break
        else:
            dead += 1
    return score, dead


def _eval_nard(me: Counts, op: Counts, cascade: bool = False) -> float:
    """Nard games (parallel, no hitting): race, blocking in front of the opponent (and his
    blocking of us), the numbers either side cannot play, the head and stacking."""
    sh = _SHIFT
    my_pips = their_pips = 0
    mine: list[int] = []  # my points, rearmost first (my route)
    theirs_at: list[int] = []  # his points by his own numbering
    held_by_me = [False] * 25  # his route: my checkers there
    held_by_him = [False] * 25  # my route: his checkers there
    spread = stacks = 0
    for p in range(24, 0, -1):
        n = me[p]
        if n:
            my_pips += p * n
            mine.append(p)
            held_by_me[sh[p]] = True
            spread += 1
            if n > 3 and p != 24:
                stacks += n - 3
        n = op[p]
        if n:
            q = sh[p]
            their_pips += q * n
            theirs_at.append(q)
            held_by_him[p] = True
    # a roll is worth about 8 pips; with Gul Bara's cascade of doubles about twice that
    race = (their_pips - my_pips - (16 if cascade else 8)) / (20.0 if cascade else 12.0)
    theirs = sorted(theirs_at, reverse=True)
    my_back = mine[0] if mine else 0
    their_back = theirs[0] if theirs else 0
    # contact: one of my checkers ahead of his rearmost on his route, or one of his ahead of mine
    contact = any(sh[p] < their_back for p in mine) or any(held_by_him[p] for p in range(1, my_back))
    if not contact:
        return race * 1.6 + me[0] * 0.05
    block_him, his_dead = _nard_blocked(theirs, held_by_me)
    block_me, my_dead = _nard_blocked(mine, held_by_him)
    score = race + block_him - block_me + 0.08 * (his_dead - my_dead)
    # spreading my checkers: points held, no tall stacks; leave the head early
    score += 0.04 * spread - 0.04 * stacks - 0.05 * max(0, me[24] - 2)
    return score


def evaluate(variant: TablesVariant, me: Counts, op: Counts) -> float:
    """How good ``(me, op)`` is for the side that has just moved (higher is better), about one
    unit per game-winning chance in logistic terms.

    >>> from games.engine import get_variant
    >>> from games.engine.tables.moves import START
    >>> v = get_variant("tables.backgammon")
    >>> ahead = tuple(2 if p in (1, 2, 3) else 3 if p in (4, 5, 6) else 0 for p in range(26))
    >>> evaluate(v, ahead, to_mover(v.rules({}), START)) > evaluate(v, START, to_mover(v.rules({}), START))
    True
    """
    if me[0] == 15:
        return 50.0
    return _eval_hitting(me, op) if variant.hitting else _eval_nard(me, op, variant.cascade)


def win_probability(variant: TablesVariant, state: TablesState, side: int) -> float:
    """A rough chance that ``side`` wins the game from ``state`` (with ``side`` on roll)."""
    rules = variant.rules(state.opts)
    me = state.checkers[side]
    op = to_mover(rules, state.checkers[1 - side])
    # evaluate as if the opponent had just moved and ``side`` is on roll
    them = state.checkers[1 - side]
    x = -evaluate(variant, them, to_mover(rules, me))
    return 1.0 / (1.0 + math.exp(-1.3 * x)) if abs(x) < 40 else (1.0 if x > 0 else 0.0)


# ----------------------------------------------------------------------------------------------
# Choosing a play


def _easy_score(variant: TablesVariant, play: Play) -> float:
    return -_pips(play.me) + 0.5 * sum(1 for s in play.steps if s[2])


def choose_play(variant: TablesVariant, state: TablesState, level: str, rng: random.Random) -> Play | None:
    """The complete play ``level`` picks for the dice still to play (None: no play)."""
    plays = variant.complete_plays(state)
    if not plays:
        return None
    if len(plays) == 1:
        return plays[0]
    plays.sort(key=lambda p: (p.me, p.op))  # deterministic order, whatever the generator's
    if level == "random":
        return rng.choice(plays)
    if level == "easy":
        return max(plays, key=lambda p: _easy_score(variant, p) + rng.random() * 2.0)
    scored = sorted((-evaluate(variant, p.me, p.op), i) for i, p in enumerate(plays))  # best first
    if state.pending and state.cascade_number and not state.remainder:
        # GB-4/GB-5: the numbers still to come are known; a number we cannot play four times
        # ends our cascade and hands the rest to the opponent. Among the few best candidates,
        # prefer those that leave the numbers to come playable.
        rules = variant.rules(state.opts)
        best = min(scored[:_LOOK], key=lambda si: (si[0] + _cascade_loss(rules, plays[si[1]].me, plays[si[1]].op, state.pending), si[1]))
        return plays[best[1]]
    return plays[scored[0][1]]


_LOOK = 6  # candidates whose cascade is looked at


def _cascade_loss(rules: Rules, me: Counts, op: Counts, pending: tuple[int, ...]) -> float:
    """What the numbers ``pending`` (a cascade's rest, four of each) stand to lose from
    ``(me, op)``, in evaluation units: the pips of the first number that cannot be played four
    times and of every number after it, lost to us and played by the opponent (GB-5). The
    position is taken as it is for each number (a cheap look, not a search)."""
    for i in range(0, len(pending), 4):
        group = pending[i : i + 4]
        if not can_play_all(rules, me, op, group):
            return sum(pending[i:]) / 10.0
    return 0.0


def _key(state: TablesState, level: str) -> Any:
    return (state.variant, level, state.to_move, state.checkers, state.dice, state.pending, state.hitters, state.head_left)


def _step_towards(
    variant: TablesVariant, state: TablesState, target: tuple[Counts, Counts], hint: tuple[int, int] | None = None
) -> Action | None:
    side = state.to_move
    rules = variant.rules(state.opts)
    actions = variant.legal_actions(state)
    if hint is not None:  # the chosen play's own next step first: usually the one
        actions.sort(key=lambda a: (a.get("from"), a.get("to")) != hint)
    for a in actions:
        s2 = variant.apply(state, a)
        if s2.phase == "move" and s2.to_move == side and s2.pending == state.pending and s2.game == state.game:
            if any((p.me, p.op) == target for p in variant.complete_plays(s2)):
                return a
        else:
            me = s2.checkers[side] if s2.game == state.game else None
            if me is None or (me, to_mover(rules, s2.checkers[1 - side])) == target:
                return a
    return None


def _move(variant: TablesVariant, state: TablesState, level: str, rng: random.Random) -> Action:
    key = _key(state, level)
    chosen = _CHOSEN.get(key)
    if chosen is None:
        play = choose_play(variant, state, level, rng)
        assert play is not None  # in phase "move" there is always a play
        chosen = (play.me, play.op, play.steps)
    target, steps = chosen[:2], chosen[2]
    hint = steps[0][:2] if steps else None
    action = _step_towards(variant, state, target, hint)
    if action is None:  # cannot happen; never leave the game stuck
        action = variant.legal_actions(state)[0]
    nxt = variant.apply(state, action)
    if nxt.phase == "move" and nxt.to_move == state.to_move and nxt.pending == state.pending:
        rest = steps[1:] if hint == (action["from"], action["to"]) else ()
        _CHOSEN[_key(nxt, level)] = (*target, rest)
        if len(_CHOSEN) > _CHOSEN_MAX:
            _CHOSEN.popitem(last=False)
    return action


def cube_action(variant: TablesVariant, state: TablesState, level: str, rng: random.Random) -> Action:
    """The double/take decision of ``level`` in phase ``cube`` or ``take``."""
    if level == "random":
        return rng.choice(variant.legal_actions(state))
    side = state.to_move
    if state.phase == "cube":
        if level == "easy":
            return Action({"double": False})
        p = win_probability(variant, state, side)
        value = state.cube[0] if state.cube else 1
        need = state.opts["match_to"] - state.score[side]
        dead = value >= need  # the current stake already wins the match
        return Action({"double": bool(0.68 <= p <= 0.88 and not dead)})
    if level == "easy":
        return Action({"take": True})
    # the taker is not on roll: judge the position with the doubler on roll
    p_doubler = win_probability(variant, state, 1 - side)
    return Action({"take": True} if 1.0 - p_doubler >= 0.25 else {"drop": True})


def _player(level: str):
    def play(variant: TablesVariant, state: TablesState, rng: random.Random) -> Action:  # type: ignore[override]
        if state.phase in ("cube", "take"):
            return cube_action(variant, state, level, rng)
        return _move(variant, state, level, rng)

    play.__name__ = f"tables_{level}"
    return play


for _level in ("random", "easy", "medium"):
    register_player("tables", _level)(_player(_level))
