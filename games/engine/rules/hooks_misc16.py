"""Hooks of the misc16 batch (pieces mechanic, ``move = { kind = "hook", hook = NAME }``; the
hook point is described in hooks_race3.py).

``ll-schadler`` (Ludus Latrunculorum as Ulrich Schaedler reconstructs it, DLP.GameRulesets.534):
the kinds are ``vagus`` (a free piece) and ``alligatus`` (a piece held between two enemies,
which may not move). Once a player's pieces are all placed, a turn is one of:

- a free piece's step to an orthogonally adjacent empty square;
- a free piece's hop over one orthogonally adjacent piece (either colour, free or held) to the
  empty square beyond; while the same piece can hop again to a square it has not stood on this
  turn (``sim.trail``, its start included), the player may go on hopping (``pending`` = the
  piece) or stop (``{"pass": true}``);
- the removal of one of the opponent's held pieces (``{"remove": SITE}``).

After each step or hop: first an enemy held piece next to the square just left, with a free
piece of the mover's beyond it in line, is freed (the holder went away); then an enemy free
piece next to the square reached, with a free piece of the mover's beyond it in line, becomes
held, and each held piece of the mover's next to that newly held enemy, with a free enemy piece
beyond it in line, is freed at once (one of its two holders is itself held). The directions
are taken north, east, south, west, each change seen by the next.

Ludii's reading, option ``ludii_again``: on a turn's first hop, when the piece can hop on from
where it lands, the pieces held and freed are the mover's own (Ludii's next player is then the
mover); the turn's later hops hold and free the opponent's as usual. With
``constraint.no_repeat`` the hook refuses its own steps and hops that bring back a position
already seen (the mechanic's test leaves hooked moves alone), a hop that may go on judged as if
the turn ended where it lands; removals never repeat (a piece fewer).
"""
from __future__ import annotations

from typing import Any

from games.engine.core import Action
from games.engine.rules.hooks import hook

HOOKED = 4  # pieces.HOOKED
ORTHO = (2, 0, 6, 4)  # board.step directions: north, east, south, west
STEP, REMOVE, PASS = 0, 1, 2


def _kinds(g: Any) -> tuple[int, int]:
    cached = getattr(g, "_ll_schadler", None)
    if cached is None:
        names = {n: i for i, n in enumerate(g.kinds)}
        cached = g._ll_schadler = (names["vagus"], names["alligatus"])
    return cached


def _hops(sim: Any, a: int, trail: list[int]) -> list[tuple]:
    step, cells = sim.game.board.step, sim.cells
    out = []
    for d in ORTHO:
        m = step[d][a]
        if m < 0 or not cells[m]:
            continue
        b = step[d][m]
        if b >= 0 and not cells[b] and b not in trail:
            out.append((HOOKED, a, b, -1, -1, STEP))
    return out


def _flip(sim: Any, centre: int, owner: int, kind: int, new_kind: int, beyond: Any) -> list[int]:
    """Turn each piece of ``owner`` and ``kind`` next to ``centre`` along a row or column, with
    a piece ``beyond(code)`` accepts just past it in line, into ``new_kind`` (directions in
    order, each change seen by the next); return the sites changed."""
    g = sim.game
    step, cells = g.board.step, sim.cells
    changed = []
    for d in ORTHO:
        m = step[d][centre]
        if m < 0 or not cells[m]:
            continue
        c = cells[m]
        if g.owner_of[c] != owner or g.kind_of[c] != kind:
            continue
        t = step[d][m]
        if t < 0 or not cells[t] or not beyond(cells[t]):
            continue
        cells[m] = g.code(owner, new_kind)
        changed.append(m)
    return changed


def ll_after_move(sim: Any, a: int, b: int, nxt: int | None = None) -> None:
    """The holding rules after the mover's piece went from ``a`` to ``b`` (see the docstring).
    ``nxt``: whose pieces are held and freed, the opponent's unless said (Ludii's quirk in a
    turn that goes on: its mover's own)."""
    g = sim.game
    vagus, alligatus = _kinds(g)
    mover = sim.mover
    nxt = 1 - mover if nxt is None else nxt

    def own_free(c: int) -> bool:
        return g.owner_of[c] == mover and g.kind_of[c] == vagus

    def enemy_free(c: int) -> bool:
        return g.owner_of[c] != mover and g.kind_of[c] == vagus

    _flip(sim, a, nxt, alligatus, vagus, own_free)  # released: a holder went away
    for m in _flip(sim, b, nxt, vagus, alligatus, own_free):  # held
        _flip(sim, m, mover, alligatus, vagus, enemy_free)  # rescued: a holder is itself held


def _repeats(sim: Any, m: tuple) -> bool:
    """Whether the step or hop ``m`` brings back a position already seen (a hop that may go
    on is judged as if the turn ended there, as Ludii judges each move's board)."""
    other = sim.copy()
    other.seen = None
    ll_schadler(other, "play", m, False)
    if other.pending >= 0:
        other._next_turn(False)
    return other.position_key() in sim.seen


@hook("ll-schadler")
def ll_schadler(sim: Any, what: str, move: Any, check_ends: bool = True) -> Any:
    g = sim.game
    vagus, alligatus = _kinds(g)
    cells, kind_of, owner_of = sim.cells, g.kind_of, g.owner_of
    step = g.board.step
    if what == "moves":
        if sim.pending >= 0:  # the hopping piece goes on, or stops
            return _hops(sim, sim.pending, sim.trail) + [(HOOKED, -1, -1, -1, -1, PASS)]
        out = []
        for a, c in enumerate(cells):
            if not c or owner_of[c] != sim.mover or kind_of[c] != vagus:
                continue
            for d in ORTHO:
                b = step[d][a]
                if b >= 0 and not cells[b]:
                    out.append((HOOKED, a, b, -1, -1, STEP))
            out += _hops(sim, a, [a])
        if sim.seen:  # constraint.no_repeat: the mechanic leaves a hook's moves to the hook
            out = [m for m in out if not _repeats(sim, m)]
        for s, c in enumerate(cells):
            if c and owner_of[c] != sim.mover and kind_of[c] == alligatus:
                out.append((HOOKED, s, s, -1, -1, REMOVE))
        return out
    _, a, b, _, _, k = move
    names = g.board.names
    if what == "action":
        if k == PASS:
            return Action({"pass": True})
        if k == REMOVE:
            return Action({"remove": names[a]})
        return Action({"from": names[a], "to": names[b]})
    sim._moves = None
    if k == PASS:
        sim._next_turn(check_ends)
        return None
    if k == REMOVE:
        cells[a] = 0
        sim.quiet = 0
        sim.last_to = -1
        sim._next_turn(check_ends)
        return None
    hopped = b not in [step[d][a] for d in ORTHO]
    cells[b], cells[a] = cells[a], 0
    sim.last_to = b
    sim.quiet += 1
    first = sim.trail[0] if sim.trail else a  # where the turn's piece began
    trail = (sim.trail or [a]) + [b]
    again = hopped and bool(_hops(sim, b, trail))
    # Ludii's reading (option ludii_again): in a turn that goes on, the pieces held and freed
    # are the mover's own (its "next" player is then the mover).
    # Ludii's reading (same option): the square left, for the freeing, is where the turn began.
    ludii = bool(sim.options.get("ludii_again"))
    ll_after_move(sim, a, b, sim.mover if again and ludii and not sim.trail else None)
    if again:
        sim.trail = trail
        sim.pending = b
        if check_ends:
            sim._check_ends(after_move=True)
        if sim.over:
            sim.pending = -1
        return None
    sim._next_turn(check_ends)
    return None
