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
    if len(dice) <= 4 and (rules is BACKGAMMON or rules.standard or _tn4_idle(rules, op, ctx)):
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
# What one step adds to a packed position: _MOVE[d][q] moves a checker from q to q - d (q > d;
# from the bar, q = 25, it enters on 25 - d), _OFF[q] bears one off from q, _HIT[t] sends the
# opponent's blot on t to his bar.
_MOVE = tuple(tuple(_ME[q - d] - _ME[q] if q > d else 0 for q in range(26)) for d in range(7))
_OFF = tuple(_ME[0] - _ME[q] for q in range(26))
_HIT = tuple(_OP[25] - _OP[t] for t in range(26))
_new = object.__new__


def _pack(me: Sequence[int], op: Sequence[int]) -> int:
    return int.from_bytes(bytes(me) + bytes(op), "little")


def _unpack(code: int) -> tuple[Counts, Counts]:
    b = code.to_bytes(52, "little")
    return tuple(b[:26]), tuple(b[26:])


def _packed(items: Iterable[tuple[int, tuple[Step, ...]]], used: int) -> list[Play]:
    """Plays in packed form (as ``Play(steps, None, None, used, code)``, without the call)."""
    out = []
    append = out.append
    for code, steps in items:
        p = _new(Play)
        p.steps = steps
        p.used = used
        p._code = code
        p._me = p._op = None
        append(p)
    return out


def _moves_of(me0: Counts, op0: Counts, occ: list[int], d: int) -> list[tuple[int, int, int, Step]]:
    """``(from, to, change of the packed position, step)`` for die ``d`` and each occupied point
    in ``occ`` (highest first) whose target is open (bearing off not included)."""
    out = []
    mv = _MOVE[d]
    for q in occ:
        if q <= d:
            break
        t = q - d
        o = op0[t]
        if o < 2:
            if o == 1:
                out.append((q, t, mv[q] + _HIT[t], (q, t, True)))
            else:
                out.append((q, t, mv[q], (q, t, False)))
    return out


def _fast_two(me0: Counts, op0: Counts, a: int, b: int) -> list[Play]:
    """Two different dice, each order in turn. The opponent's points stay open or closed whatever
    the mover does (a hit only empties a blot), so each die's moves are listed once from the
    starting position and adjusted for the checker the first step moved; the plays and their
    order are those of trying every first step and then every second one."""
    base = _pack(me0, op0)
    two: dict[int, tuple[Step, ...]] = {}
    one: dict[int, tuple[Step, int]] = {}
    ME, HIT = _ME, _HIT
    if me0[25] >= 2:
        # SB-5: both dice enter from the bar, if they can
        for x, y in ((a, b), (b, a)):
            t = 25 - x
            o = op0[t]
            if o >= 2:
                continue
            hit = o == 1
            code = base + ME[t] - ME[25] + (HIT[t] if hit else 0)
            s1 = (25, t, hit)
            t2 = 25 - y
            o2 = op0[t2]
            if o2 < 2:
                k = code + ME[t2] - ME[25]
                if o2 == 1:
                    k += HIT[t2]
                if k not in two:
                    two[k] = (s1, (25, t2, o2 == 1))
            elif not two:
                if code not in one or x > one[code][1]:
                    one[code] = (s1, x)
    else:
        occ = [q for q in range(24, 0, -1) if me0[q]]
        hi0 = occ[0] if occ else 0
        below = occ[1] if len(occ) > 1 else 0  # the highest point after hi0
        moves = {a: _moves_of(me0, op0, occ, a), b: _moves_of(me0, op0, occ, b)}
        for x, y in ((a, b), (b, a)):
            mv_y = _MOVE[y]
            later = moves[y]
            if me0[25]:
                t = 25 - x
                o = op0[t]
                if o == 1:
                    firsts: Any = ((25, t, _MOVE[x][25] + HIT[t], (25, t, True)),)
                elif o < 2:
                    firsts = ((25, t, _MOVE[x][25], (25, t, False)),)
                else:
                    firsts = ()
            else:
                firsts = moves[x]
                if hi0 <= 6:
                    if me0[x]:
                        firsts = firsts + [(x, 0, _OFF[x], (x, 0, False))]
                    elif hi0 < x and hi0:
                        firsts = firsts + [(hi0, 0, _OFF[hi0], (hi0, 0, False))]
            for p, t, change, s1 in firsts:
                code = base + change
                gone = p if me0[p] == 1 and p != 25 else -1  # the point the first step emptied
                hit_at = t if s1[2] else -1
                seconds = later
                if t > y and not me0[t]:
                    # the checker moved on to an empty point may move on
                    t2 = t - y
                    o = op0[t2]
                    if o < 2:
                        e = (t, t2, mv_y[t] + HIT[t2], (t, t2, True)) if o == 1 else (t, t2, mv_y[t], (t, t2, False))
                        i = 0
                        for q in later:
                            if q[0] < t:
                                break
                            i += 1
                        seconds = later[:i] + [e] + later[i:]
                if p != 25:
                    hi = hi0 if p != hi0 or gone < 0 else below if below > t else t
                    if hi <= 6:
                        # all home after the first step: bearing off
                        if me0[y] - (p == y) + (t == y):
                            seconds = seconds + [(y, 0, _OFF[y], (y, 0, False))]
                        elif hi < y and hi:
                            seconds = seconds + [(hi, 0, _OFF[hi], (hi, 0, False))]
                found = False
                for q, t2, change2, s2 in seconds:
                    if q == gone:
                        continue
                    found = True
                    if t2 == hit_at:  # the blot there was hit by the first step
                        k = code + mv_y[q]
                        if k not in two:
                            two[k] = (s1, (q, t2, False))
                    else:
                        k = code + change2
                        if k not in two:
                            two[k] = (s1, s2)
                if not found and not two:
                    if code not in one or x > one[code][1]:
                        one[code] = (s1, x)
    if two:
        return _packed(two.items(), 2)
    if not one:
        return []
    # SB-3: only one die can be played, so the larger must be if it can
    big = max(a, b)
    if any(d == big for _, d in one.values()):
        return _packed([(k, (st,)) for k, (st, d) in one.items() if d == big], 1)
    return _packed([(k, (st,)) for k, (st, d) in one.items()], 1)


def _fast_same(me0: Counts, op0: Counts, dice: tuple[int, ...]) -> list[Play]:
    """Doubles (or fewer of one number): later steps start from the same or a lower point,
    which reaches every distinct result (as gnubg's generator does). The opponent's points stay
    open or closed throughout, so the points a step may start from are listed once."""
    d = dice[0]
    n = len(dice)
    me = list(me0)
    op = list(op0)
    mv = _MOVE[d]
    HIT, OFF = _HIT, _OFF
    results: dict[int, tuple[Step, ...]] = {}
    best = 0
    steps: list[Step] = []
    # sources[s]: the points at or below s whose target is open, highest first
    # (a step starts from the bar, 25, or from one of these points, or bears off from a point
    # no higher than d, below all of them)
    open_ = [q for q in range(24, d, -1) if op0[q - d] < 2]
    sources: list[list[int]] = [[]] * 26
    for i, q in enumerate(open_):
        sources[q] = open_[i:]
    sources[25] = open_
    enter = 25 - d
    enter_open = op0[enter] < 2
    enter_change = mv[25]

    def gen(depth: int, start: int, code: int, out: int) -> None:
        # ``out``: the mover's checkers on points 7 to 24
        nonlocal best
        last = depth + 1 == n
        moved = False
        if me[25]:
            if enter_open:
                moved = True
                t = enter
                if op[t] == 1:
                    c = code + enter_change + HIT[t]
                    st = (25, t, True)
                else:
                    c = code + enter_change
                    st = (25, t, False)
                if last:
                    if best < n:
                        best = n
                        results.clear()
                    if c not in results:
                        results[c] = (*steps, st)
                else:
                    me[25] -= 1
                    me[t] += 1
                    if st[2]:
                        op[t] = 0
                        op[25] += 1
                    steps.append(st)
                    gen(depth + 1, 25, c, out + 1)
                    steps.pop()
                    me[t] -= 1
                    if st[2]:
                        op[t] = 1
                        op[25] -= 1
                    me[25] += 1
        else:
            for p in sources[start]:
                if not me[p]:
                    continue
                moved = True
                t = p - d
                if op[t] == 1:
                    c = code + mv[p] + HIT[t]
                    st = (p, t, True)
                else:
                    c = code + mv[p]
                    st = (p, t, False)
                if last:
                    if best < n:
                        best = n
                        results.clear()
                    if c not in results:
                        results[c] = (*steps, st)
                else:
                    me[p] -= 1
                    me[t] += 1
                    if st[2]:
                        op[t] = 0
                        op[25] += 1
                    steps.append(st)
                    gen(depth + 1, p, c, out - (p > 6) + (t > 6))
                    steps.pop()
                    me[t] -= 1
                    if st[2]:
                        op[t] = 1
                        op[25] -= 1
                    me[p] += 1
            if not out:
                # all home: bearing off
                hi = 6
                while hi and not me[hi]:
                    hi -= 1
                p = 0
                if me[d]:
                    if d <= start:
                        p = d
                elif hi < d and hi and hi <= start:
                    p = hi
                if p:
                    moved = True
                    c = code + OFF[p]
                    st = (p, 0, False)
                    if last:
                        if best < n:
                            best = n
                            results.clear()
                        if c not in results:
                            results[c] = (*steps, st)
                    else:
                        me[p] -= 1
                        me[0] += 1
                        steps.append(st)
                        gen(depth + 1, p, c, out)
                        steps.pop()
                        me[0] -= 1
                        me[p] += 1
        if moved or depth < best:
            return
        if depth > best:
            best = depth
            results.clear()
        if code not in results:
            results[code] = tuple(steps)

    gen(0, 25, _pack(me0, op0), sum(me0[7:25]))
    if not best:
        return []
    return _packed(results.items(), best)


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
