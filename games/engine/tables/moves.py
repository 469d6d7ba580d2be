"""Move generation for the tables games: single steps, complete plays, and their notation.

Everything here works from the mover's point of view. A *position* is a pair ``(me, op)`` of
26-tuples: ``me[p]`` is the mover's checkers on his own point ``p`` (1..24), ``me[25]`` his bar
and ``me[0]`` his borne-off checkers; ``op[p]`` is the opponent's checkers standing on the
mover's point ``p``, ``op[25]`` the opponent's bar and ``op[0]`` the opponent's borne-off
checkers. :func:`to_mover` turns a side's own counts into those mover coordinates and back.

A *step* is ``(from, to, hit)``: one checker moved by one die (``to == 0`` is off, ``from ==
25`` the bar), or Şeş-Beş's 6-5 jump ``(24, 13, False)`` which uses both dice (SS-7).

>>> R = BACKGAMMON
>>> me = op = START
>>> plays = complete_plays(R, me, to_mover(R, op), expand((3, 1)))
>>> len(plays)
16
>>> sorted(notation(p.steps) for p in plays)[:3]
['13/10 6/5', '13/10 8/7', '13/9']
>>> notation(((8, 5, False), (6, 5, False)))
'8/5 6/5'
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

__all__ = [
    "BACKGAMMON",
    "Play",
    "Rules",
    "START",
    "START_HEAD",
    "can_play_all",
    "complete_plays",
    "expand",
    "first_steps",
    "notation",
    "playable_dice",
    "step_text",
    "to_mover",
]

Counts = tuple[int, ...]
Step = tuple[int, int, bool]

# SB-1/TN-1: 2 on the 24-point, 5 on the 13, 3 on the 8, 5 on the 6.
START: Counts = tuple(2 if p == 24 else 5 if p in (13, 6) else 3 if p == 8 else 0 for p in range(26))
# SS-1/GB-1: all 15 on the 24-point, the head.
START_HEAD: Counts = tuple(15 if p == 24 else 0 for p in range(26))

HEAD = 24
JUMP: Step = (24, 13, False)


@dataclass(frozen=True)
class Rules:
    """The movement rules of one variant (with its options applied)."""

    geometry: str = "opposite"  # "opposite": side 1's p is side 0's 25-p; "parallel": ((p+11)%24)+1
    hitting: bool = True  # SB-4; False: one checker closes a point (SS-4, GB-3)
    head_rule: bool = False  # SS-5
    six_block: bool = False  # SS-6
    jump: bool = False  # SS-7
    home_hit_restriction: bool = False  # TN-4
    bearoff_fallback: bool = False  # TN-5 option
    higher_die: bool = True  # SB-3: when only one die can be played, the larger must be (TN-3 option)

    @property
    def standard(self) -> bool:
        """True when the rules are backgammon's exactly (the fast generator applies)."""
        return (
            self.geometry == "opposite"
            and self.hitting
            and not (self.head_rule or self.six_block or self.jump or self.home_hit_restriction or self.bearoff_fallback)
            and self.higher_die
        )


BACKGAMMON = Rules()

_MAP_OPPOSITE = (0,) + tuple(25 - p for p in range(1, 25)) + (25,)
_MAP_PARALLEL = (0,) + tuple(((p + 11) % 24) + 1 for p in range(1, 25)) + (25,)


def to_mover(rules: Rules, counts: Sequence[int]) -> Counts:
    """The other side's own counts seen in the mover's numbering (and back: it is an involution).

    >>> to_mover(BACKGAMMON, START)[1], to_mover(Rules(geometry="parallel"), START_HEAD)[12]
    (2, 15)
    """
    m = _MAP_OPPOSITE if rules.geometry == "opposite" else _MAP_PARALLEL
    return tuple(counts[m[p]] for p in range(26))


class Play:
    """One complete play: its ``steps``, the resulting position ``me``/``op`` (mover's
    coordinates) and the number of dice ``used``. The fast generator hands out the position
    packed into one int (``code``) and unpacks it only when asked.

    >>> p = Play(((24, 18, False),), START, START, 1)
    >>> p.me == START, p.used
    (True, 1)
    """

    __slots__ = ("steps", "used", "_code", "_me", "_op")

    def __init__(self, steps: tuple[Step, ...], me: Counts | None, op: Counts | None, used: int, code: int = 0) -> None:
        self.steps = steps
        self.used = used
        self._me = me
        self._op = op
        self._code = code

    def _unpack(self) -> None:
        self._me, self._op = _unpack(self._code)

    @property
    def me(self) -> Counts:
        if self._me is None:
            self._unpack()
        return self._me  # type: ignore[return-value]

    @property
    def op(self) -> Counts:
        if self._op is None:
            self._unpack()
        return self._op  # type: ignore[return-value]

    def __repr__(self) -> str:
        return f"Play({notation(self.steps)!r})"


class _Ctx(NamedTuple):
    head_left: int  # SS-5: checkers that may still leave the head this turn
    hitters: tuple[int, ...]  # TN-4: points of checkers that hit in the home quarter this turn


NO_CTX = _Ctx(99, ())


# --------------------------------------------------------------------------------------------
# Single steps (any rules)


def _blocked(rules: Rules, op: Counts, t: int) -> bool:
    # SB-4: two or more opposing checkers close a point; SS-4/GB-3: one does.
    return op[t] >= 2 if rules.hitting else op[t] > 0


def _makes_forbidden_block(rules: Rules, me: list[int] | Counts, op: Counts, t: int) -> bool:
    """SS-6: would a checker arriving on ``t`` complete six points in a row that no opposing
    checker has passed? Points are counted along the opponent's route (the one a block stops):
    opponent point q is mover point m[q]; the opponent runs from 24 down to 1, so a checker on a
    lower point (or borne off) is past the block."""
    m = _MAP_OPPOSITE if rules.geometry == "opposite" else _MAP_PARALLEL
    q = m[t]
    lo = q
    while lo > 1 and me[m[lo - 1]]:
        lo -= 1
    hi = q
    while hi < 24 and me[m[hi + 1]]:
        hi += 1
    if hi - lo < 5:
        return False
    lowest = max(lo, q - 5)  # the lowest new six-block containing t is the hardest to have passed
    if op[0]:
        return False
    return not any(op[m[x]] for x in range(1, lowest))


def _steps(rules: Rules, me: Counts, op: Counts, d: int, ctx: _Ctx) -> list[tuple[Step, Counts, Counts, _Ctx]]:
    """Every legal single step with die ``d``, with the position and context after it."""
    out: list[tuple[Step, Counts, Counts, _Ctx]] = []
    if me[25]:
        # SB-5: checkers on the bar enter first, on the opponent's home (25 minus the die).
        t = 25 - d
        if not _blocked(rules, op, t):
            out.append(_do(rules, me, op, 25, t, ctx))
        return out
    hi = 24
    while hi > 0 and not me[hi]:
        hi -= 1
    for p in range(hi, 0, -1):
        if not me[p]:
            continue
        if p == HEAD and rules.head_rule and ctx.head_left <= 0:
            continue  # SS-5: one checker from the head per turn
        t = p - d
        if t > 0:
            if _blocked(rules, op, t):
                continue
            if rules.home_hit_restriction and me[t] and ctx.hitters.count(p) >= me[p]:
                continue  # TN-4: a checker that hit in the home quarter may not go on to own checkers
            out.append(_do(rules, me, op, p, t, ctx))
        elif hi <= 6 and (t == 0 or p == hi):
            # SB-6: bear off from the die's point, or from the highest point when the die is larger
            out.append(_do(rules, me, op, p, 0, ctx))
    if rules.bearoff_fallback and not out and 6 >= hi > d and not me[d]:
        # TN-5 option: no higher checker can play the die, so the highest one below it bears off
        p = d - 1
        while p > 0 and not me[p]:
            p -= 1
        if p:
            out.append(_do(rules, me, op, p, 0, ctx))
    if rules.six_block:
        out = [s for s in out if not s[0][1] or not _makes_forbidden_block(rules, s[1], s[2], s[0][1])]
    return out


def _do(rules: Rules, me: Counts, op: Counts, p: int, t: int, ctx: _Ctx) -> tuple[Step, Counts, Counts, _Ctx]:
    m = list(me)
    m[p] -= 1
    hit = False
    o = op
    if t:
        m[t] += 1
        if op[t] and rules.hitting:
            hit = True
            ol = list(op)
            ol[t] = 0
            ol[25] += 1
            o = tuple(ol)
    else:
        m[0] += 1
    if rules.head_rule and p == HEAD:
        ctx = ctx._replace(head_left=ctx.head_left - 1)
    if rules.home_hit_restriction and (ctx.hitters or (hit and t <= 6)):
        hitters = list(ctx.hitters)
        if hitters.count(p) >= me[p]:
            hitters.remove(p)  # the hitter itself moved on
            if t:
                hitters.append(t)
        elif hit and t <= 6:
            hitters.append(t)
        ctx = ctx._replace(hitters=tuple(sorted(hitters)))
    return (p, t, hit), tuple(m), o, ctx


def _jump(rules: Rules, me: Counts, op: Counts, dice: Sequence[int], ctx: _Ctx) -> tuple[Step, Counts, Counts, _Ctx] | None:
    """SS-7: on 6-5, a checker on the head may go straight to the 13-point (uses both dice)."""
    if not (rules.jump and len(dice) == 2 and sorted(dice) == [5, 6] and me[HEAD] and not me[25]):
        return None
    if (rules.head_rule and ctx.head_left <= 0) or _blocked(rules, op, 13):
        return None
    _, m, o, c = _do(rules, me, op, HEAD, 13, ctx)
    if rules.six_block and _makes_forbidden_block(rules, m, o, 13):
        return None
    return JUMP, m, o, c


def expand(dice: Sequence[int]) -> tuple[int, ...]:
    """A roll as the dice to play: doubles (a pair of equal dice) are played four times.

    >>> expand((3, 3)), expand((5, 2)), expand((4, 4, 4))
    ((3, 3, 3, 3), (5, 2), (4, 4, 4))
    """
    if len(dice) == 2 and dice[0] == dice[1]:
        return (dice[0],) * 4
    return tuple(dice)


def _remove(dice: tuple[int, ...], d: int) -> tuple[int, ...]:
    i = dice.index(d)
    return dice[:i] + dice[i + 1 :]


# --------------------------------------------------------------------------------------------
# How much of a roll can be played


def can_play_all(rules: Rules, me: Counts, op: Counts, dice: tuple[int, ...], ctx: _Ctx = NO_CTX) -> bool:
    """True if every die in ``dice`` can be played, in some order.

    >>> can_play_all(BACKGAMMON, START, to_mover(BACKGAMMON, START), (6, 6, 6, 6))
    True
    """
    if not dice:
        return True
    if _jump(rules, me, op, dice, ctx):
        return True
    for d in set(dice):
        rest = _remove(dice, d)
        for _, m, o, c in _steps(rules, me, op, d, ctx):
            if not rest or can_play_all(rules, m, o, rest, c):
                return True
    return False


def _max_used(rules: Rules, me: Counts, op: Counts, dice: tuple[int, ...], ctx: _Ctx, seen: dict) -> int:
    if not dice:
        return 0
    key = (me, op, dice, ctx)
    if key in seen:
        return seen[key]
    best = 2 if _jump(rules, me, op, dice, ctx) else 0
    for d in set(dice):
        if best == len(dice):
            break
        rest = _remove(dice, d)
        for _, m, o, c in _steps(rules, me, op, d, ctx):
            best = max(best, 1 + _max_used(rules, m, o, rest, c, seen))
            if best == len(dice):
                break
    seen[key] = best
    return best


def playable_dice(rules: Rules, me: Counts, op: Counts, dice: tuple[int, ...], ctx: _Ctx = NO_CTX) -> tuple[int, ...]:
    """The dice of a roll that must be played, by the rule "play as much as possible" (SB-3):
    both dice if both can be; else the larger if either could be; with doubles (or a Gul Bara
    group of one number) as many as possible.

    >>> op = to_mover(BACKGAMMON, START)
    >>> playable_dice(BACKGAMMON, START, op, (6, 5))
    (6, 5)
    >>> closed = tuple(2 if 1 <= p <= 6 else 0 for p in range(26))
    >>> bar = tuple(15 if p == 25 else 0 for p in range(26))
    >>> playable_dice(BACKGAMMON, bar, to_mover(BACKGAMMON, closed), expand((6, 6)))
    ()
    """
    dice = tuple(dice)
    if not dice:
        return ()
    if len(dice) == 2 and dice[0] != dice[1]:
        if can_play_all(rules, me, op, dice, ctx):
            return dice
        hi_d, lo_d = max(dice), min(dice)
        if not rules.higher_die and _steps(rules, me, op, hi_d, ctx) and _steps(rules, me, op, lo_d, ctx):
            # TN-3 read as advice: either die, but only one (see first_steps)
            return dice
        if _steps(rules, me, op, hi_d, ctx):
            return (hi_d,)
        if _steps(rules, me, op, lo_d, ctx):
            return (lo_d,)
        return ()
    n = _max_used(rules, me, op, tuple(dice), ctx, {})
    return tuple(dice[:n])


def first_steps(rules: Rules, me: Counts, op: Counts, dice: tuple[int, ...], ctx: _Ctx = NO_CTX) -> list[tuple[Step, int, Counts, Counts, _Ctx]]:
    """Every legal first step when all of ``dice`` must be played: ``(step, die, me, op, ctx)``,
    where ``die`` is the die used (0 for the SS-7 jump, which uses both)."""
    out = []
    j = _jump(rules, me, op, dice, ctx)
    if j:
        out.append((j[0], 0, j[1], j[2], j[3]))
    for d in sorted(set(dice), reverse=True):
        rest = _remove(dice, d)
        for step, m, o, c in _steps(rules, me, op, d, ctx):
            if not rest or can_play_all(rules, m, o, rest, c):
                out.append((step, d, m, o, c))
    if not out and not rules.higher_die and len(dice) == 2 and dice[0] != dice[1]:
        # Only one of two dice can be played and the larger is not obligatory (TN-3 option):
        # a step of either die, after which the other cannot be played.
        for d in sorted(dice, reverse=True):
            out += [(step, d, m, o, c) for step, m, o, c in _steps(rules, me, op, d, ctx)]
    return out


# --------------------------------------------------------------------------------------------
# Complete plays


def complete_plays(rules: Rules, me: Counts, op: Counts, dice: tuple[int, ...], ctx: _Ctx = NO_CTX) -> list[Play]:
    """Every legal complete play of ``dice`` as distinct resulting positions.

    ``dice`` are the dice to play: a roll ``(d1, d2)``, or a run of one number (doubles are
    four dice: see :func:`expand`; Gul Bara's cascade groups; what is left of a turn). The rule "play as much as possible" is applied (see :func:`playable_dice`).
    An empty list means no play at all.

    >>> op = to_mover(BACKGAMMON, START)
    >>> [len(complete_plays(BACKGAMMON, START, op, expand(r))) for r in ((6, 5), (1, 1), (6, 6))]
    [7, 42, 11]
    """
    dice = tuple(dice)
    if len(dice) <= 4 and (rules.standard or _tn4_idle(rules, op, ctx)):
        return _fast_plays(me, op, dice)
    return general_plays(rules, me, op, dice, ctx)


def _tn4_idle(rules: Rules, op: Counts, ctx: _Ctx) -> bool:
    """TN-4 is the only rule beyond backgammon's and cannot apply: no hitter is on its way and
    no opposing blot stands in the mover's home quarter (the opponent does not move meanwhile)."""
    return (
        rules.home_hit_restriction
        and not ctx.hitters
        and rules == Rules(home_hit_restriction=True)
        and not any(op[p] == 1 for p in range(1, 7))
    )


def general_plays(rules: Rules, me: Counts, op: Counts, dice: tuple[int, ...], ctx: _Ctx = NO_CTX) -> list[Play]:
    """:func:`complete_plays` by the rule-aware generator (any rules); the fast generator for
    backgammon's rules is checked against it."""
    dice = tuple(dice)
    total = len(dice)
    results: dict[tuple[Counts, Counts], tuple[tuple[Step, ...], int, set[int]]] = {}
    best = [0]
    seen: set = set()

    def record(m: Counts, o: Counts, steps: tuple[Step, ...], used: int, first_die: int) -> None:
        if used < best[0]:
            return
        if used > best[0]:
            best[0] = used
            results.clear()
        got = results.get((m, o))
        if got is None:
            results[(m, o)] = (steps, used, {first_die})
        else:
            got[2].add(first_die)

    def walk(m: Counts, o: Counts, left: tuple[int, ...], c: _Ctx, steps: tuple[Step, ...], first_die: int) -> None:
        if not left:
            record(m, o, steps, total, first_die)
            return
        key = (m, o, left, c)
        if key in seen:
            return
        seen.add(key)
        moved = False
        j = _jump(rules, m, o, left, c)
        if j:
            moved = True
            walk(j[1], j[2], (), j[3], steps + (JUMP,), 0)
        for d in set(left):
            rest = _remove(left, d)
            for step, m2, o2, c2 in _steps(rules, m, o, d, c):
                moved = True
                walk(m2, o2, rest, c2, steps + (step,), first_die or d)
        if not moved:
            record(m, o, steps, total - len(left), first_die)

    walk(me, op, dice, ctx, (), 0)
    if not best[0]:
        return []
    plays = list(results.items())
    if best[0] == 1 and total == 2 and dice[0] != dice[1] and rules.higher_die:
        # SB-3: only one die can be played, so the larger must be if it can
        big = max(dice)
        if any(big in v[2] for _, v in plays):
            plays = [(k, v) for k, v in plays if big in v[2]]
    return [Play(v[0], k[0], k[1], v[1]) for k, v in plays]


def _singles(me: list[int], op: list[int], d: int) -> list[tuple[int, int]] | tuple:
    """Backgammon's legal single moves ``(from, to)`` of die ``d`` (to 0 = off)."""
    if me[25]:
        t = 25 - d
        return ((25, t),) if op[t] < 2 else ()
    hi = 24
    while hi and not me[hi]:
        hi -= 1
    out = [(p, p - d) for p in range(hi, d, -1) if me[p] and op[p - d] < 2]
    if hi <= 6:
        if me[d]:
            out.append((d, 0))
        elif hi < d and hi:
            out.append((hi, 0))
    return out


def _fast_plays(me0: Counts, op0: Counts, dice: tuple[int, ...]) -> list[Play]:
    """Backgammon's rules only, on mutable lists with undo (the hot path of the computer
    players and the benchmark)."""
    if len(dice) == 2 and dice[0] != dice[1]:
        return _fast_two(me0, op0, dice[0], dice[1])
    return _fast_same(me0, op0, dice)


# A position packed into one int, a byte a count: the mover's 26 counts, then the opponent's.
# A step changes it by a few additions, so results are told apart exactly and cheaply.
_ME = tuple(1 << (8 * p) for p in range(26))
_OP = tuple(1 << (8 * (26 + p)) for p in range(26))


def _pack(me: Sequence[int], op: Sequence[int]) -> int:
    return int.from_bytes(bytes(me) + bytes(op), "little")


def _unpack(code: int) -> tuple[Counts, Counts]:
    b = code.to_bytes(52, "little")
    return tuple(b[:26]), tuple(b[26:])


def _fast_two(me0: Counts, op0: Counts, a: int, b: int) -> list[Play]:
    me = list(me0)
    op = list(op0)
    ME, OP = _ME, _OP
    bar = OP[25]
    base = _pack(me0, op0)
    two: dict[int, tuple[Step, ...]] = {}
    one: dict[int, tuple[Step, int]] = {}
    for x, y in ((a, b), (b, a)):
        for p, t in _singles(me, op, x):
            me[p] -= 1
            code = base - ME[p] + ME[t]
            hit = False
            if t:
                me[t] += 1
                if op[t] == 1:
                    hit = True
                    op[t] = 0
                    op[25] += 1
                    code += bar - OP[t]
            else:
                me[0] += 1
            s1 = (p, t, hit)
            second = _singles(me, op, y)
            if second:
                for p2, t2 in second:
                    if t2 and op[t2] == 1:
                        k = code - ME[p2] + ME[t2] + bar - OP[t2]
                        if k not in two:
                            two[k] = (s1, (p2, t2, True))
                    else:
                        k = code - ME[p2] + ME[t2]
                        if k not in two:
                            two[k] = (s1, (p2, t2, False))
            elif not two:
                if code not in one or x > one[code][1]:
                    one[code] = (s1, x)
            if t:
                me[t] -= 1
                if hit:
                    op[t] = 1
                    op[25] -= 1
            else:
                me[0] -= 1
            me[p] += 1
    if two:
        return [Play(st, None, None, 2, k) for k, st in two.items()]
    if not one:
        return []
    # SB-3: only one die can be played, so the larger must be if it can
    big = max(a, b)
    if any(d == big for _, d in one.values()):
        return [Play((st,), None, None, 1, k) for k, (st, d) in one.items() if d == big]
    return [Play((st,), None, None, 1, k) for k, (st, d) in one.items()]


def _fast_same(me0: Counts, op0: Counts, dice: tuple[int, ...]) -> list[Play]:
    """Doubles (or fewer of one number): later steps start from the same or a lower point,
    which reaches every distinct result (as gnubg's generator does)."""
    me = list(me0)
    op = list(op0)
    ME, OP = _ME, _OP
    bar = OP[25]
    d = dice[0]
    n = len(dice)
    results: dict[int, tuple[Step, ...]] = {}
    best = [0]
    steps: list[Step] = []

    def gen(depth: int, start: int, code: int) -> None:
        if depth < n:
            moved = False
            if me[25]:
                t = 25 - d
                moves: Any = ((25, t),) if op[t] < 2 else ()
            else:
                hi = 24
                while hi and not me[hi]:
                    hi -= 1
                moves = [(p, p - d) for p in range(min(hi, start), d, -1) if me[p] and op[p - d] < 2]
                if hi <= 6:
                    if me[d]:
                        if d <= start:
                            moves.append((d, 0))
                    elif hi < d and hi and hi <= start:
                        moves.append((hi, 0))
            for p, t in moves:
                moved = True
                me[p] -= 1
                c = code - ME[p] + ME[t]
                hit = False
                if t:
                    me[t] += 1
                    if op[t] == 1:
                        hit = True
                        op[t] = 0
                        op[25] += 1
                        c += bar - OP[t]
                else:
                    me[0] += 1
                steps.append((p, t, hit))
                gen(depth + 1, p, c)
                steps.pop()
                if t:
                    me[t] -= 1
                    if hit:
                        op[t] = 1
                        op[25] -= 1
                else:
                    me[0] -= 1
                me[p] += 1
            if moved:
                return
        if depth < best[0]:
            return
        if depth > best[0]:
            best[0] = depth
            results.clear()
        if code not in results:
            results[code] = tuple(steps)

    gen(0, 25, _pack(me0, op0))
    if not best[0]:
        return []
    return [Play(st, None, None, best[0], k) for k, st in results.items()]


# --------------------------------------------------------------------------------------------
# Notation


def _pt(p: int) -> str:
    return "bar" if p == 25 else "off" if p == 0 else str(p)


def step_text(step: Step) -> str:
    """One step in standard notation.

    >>> step_text((25, 22, True)), step_text((6, 0, False))
    ('bar/22*', '6/off')
    """
    p, t, hit = step
    return f"{_pt(p)}/{_pt(t)}{'*' if hit else ''}"


def notation(steps: Iterable[Step]) -> str:
    """A complete play in standard notation: one checker's steps are joined (``24/18*/13``),
    identical moves counted (``8/5(2)``), highest starting point first.

    >>> notation([(24, 21, False), (21, 20, True)])
    '24/20*'
    >>> notation([(8, 5, False), (8, 5, False), (6, 5, False), (6, 5, False)])
    '8/5(2) 6/5(2)'
    >>> notation([])
    '(no play)'
    """
    chains: list[list[tuple[int, bool]]] = []
    for p, t, hit in steps:
        for ch in chains:
            if ch[-1][0] == p and p not in (0,):
                ch.append((t, hit))
                break
        else:
            chains.append([(p, False), (t, hit)])
    parts: list[tuple[int, str]] = []
    for ch in chains:
        # intermediate points are shown only where a hit happened there
        text = _pt(ch[0][0])
        for i, (q, hit) in enumerate(ch[1:], 1):
            if hit or i == len(ch) - 1:
                text += f"/{_pt(q)}{'*' if hit else ''}"
        parts.append((ch[0][0], ch[-1][0], text))
    if not parts:
        return "(no play)"
    counted: list[tuple[int, str, int]] = []
    for start, _end, text in sorted(parts, key=lambda x: (-x[0], -x[1])):
        if counted and counted[-1][1] == text:
            counted[-1] = (start, text, counted[-1][2] + 1)
        else:
            counted.append((start, text, 1))
    return " ".join(text if n == 1 else f"{text}({n})" for _, text, n in counted)
