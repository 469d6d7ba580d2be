"""Hooks of the race8 batch (pieces mechanic, ``move = { kind = "hook", hook = NAME }``; the hook
point is described in ``hooks_race3.py``).

``camelot`` (Camelot, DLP.GameRulesets.416). Kinds it reads by name: ``pawn`` and ``knight``;
regions: ``castle0`` and ``castle1``, each seat's own castle (the other seat's goal). Every
move is one action; a turn of several hops keeps ``pending`` (the hopping piece's square) and
``trail`` (the squares it has stood on this turn, its start first), so a later hop never lands
where the piece has already been. Whether the last hop was a canter or a jump is read from the
board: the square it passed still holds a piece (a friend) after a canter, none after a jump.

- The turn's first move: where any piece of the mover can jump (over an enemy next to it, in
  any of the eight directions, to the empty square beyond), only jumps (``{"from", "to"}``,
  the enemy taken); else a plain move (one square, any direction, to an empty square) or a
  canter (over a friend next to it to the empty square beyond).
- No piece ever comes to a square of its own castle. A piece standing in the enemy castle
  only steps to the castle's other square; it never hops.
- After a jump the same piece must jump again while it can (never to a square of its trail);
  after a canter it may canter again (never to a square of its trail) or stop
  (``{"pass": true}``); a knight that has cantered and can jump must jump instead (the
  knight's charge), and then goes on jumping while it can. A hop landing in the enemy castle
  ends the turn; so does a hop after which the piece has nothing more to do.
- Ends the hook judges as the turn ends (before the file's own ``end`` clauses): a player
  who takes the opponent's last piece while keeping fewer than two of their own, or play that
  leaves both sides with fewer than two pieces, draws.
"""
from __future__ import annotations

from typing import Any

from games.engine.core import Action
from games.engine.rules.hooks import hook

HOOKED = 4  # pieces.HOOKED
STEP, CANTER, JUMP, STOP = 0, 1, 2, 3


def _cm_compile(game: Any) -> None:
    names = {n: i for i, n in enumerate(game.kinds)}
    regions = game.board.regions
    missing = [k for k in ("pawn", "knight") if k not in names]
    missing += [r for r in ("castle0", "castle1") if r not in regions]
    if missing:
        raise game.rf.error(("clause",), f"hook camelot: the file needs the kinds and regions {', '.join(missing)}")
    step = game.board.step
    n = len(game.board.names)
    # (direction, the square passed, the square beyond) for each square
    hops = [[(d, step[d][s], step[d][step[d][s]]) for d in range(8)
             if step[d][s] >= 0 and step[d][step[d][s]] >= 0] for s in range(n)]
    near = [[step[d][s] for d in range(8) if step[d][s] >= 0] for s in range(n)]
    own = [frozenset(regions["castle0"]), frozenset(regions["castle1"])]
    game._camelot = {"knight": names["knight"], "hops": hops, "near": near,
                     "own": own, "goal": [own[1], own[0]]}


def _jumps(sim: Any, t: dict, a: int, trail: Any = ()) -> list:
    cells, owner_of, mover = sim.cells, sim.game.owner_of, sim.mover
    own = t["own"][mover]
    return [(HOOKED, a, b, m, -1, JUMP) for _, m, b in t["hops"][a]
            if cells[m] and owner_of[cells[m]] != mover and not cells[b] and b not in own and b not in trail]


def _canters(sim: Any, t: dict, a: int, trail: Any = ()) -> list:
    cells, owner_of, mover = sim.cells, sim.game.owner_of, sim.mover
    own = t["own"][mover]
    return [(HOOKED, a, b, -1, -1, CANTER) for _, m, b in t["hops"][a]
            if cells[m] and owner_of[cells[m]] == mover and not cells[b] and b not in own and b not in trail]


def _count(sim: Any, seat: int) -> int:
    owner_of = sim.game.owner_of
    return sum(1 for c in sim.cells if c and owner_of[c] == seat)


@hook("camelot")
def camelot(sim: Any, what: str, move: Any, check_ends: bool = True) -> Any:
    g = sim.game
    t = g._camelot
    cells, owner_of = sim.cells, g.owner_of
    mover = sim.mover
    goal = t["goal"][mover]
    if what == "moves":
        if sim.pending >= 0:  # the hopping piece goes on
            p, trail = sim.pending, sim.trail
            if _was_jump(sim, trail):
                return _jumps(sim, t, p, trail)
            if g.kind_of[cells[p]] == t["knight"]:
                charge = _jumps(sim, t, p, trail)
                if charge:
                    return charge
            return _canters(sim, t, p, trail) + [(HOOKED, -1, -1, -1, -1, STOP)]
        mine = [a for a, c in enumerate(cells) if c and owner_of[c] == mover]
        jumps = [m for a in mine if a not in goal for m in _jumps(sim, t, a)]
        if jumps:
            return jumps
        own = t["own"][mover]
        out = []
        for a in mine:
            if a in goal:
                out += [(HOOKED, a, b, -1, -1, STEP) for b in t["near"][a] if b in goal and not cells[b]]
                continue
            out += [(HOOKED, a, b, -1, -1, STEP) for b in t["near"][a] if not cells[b] and b not in own]
            out += _canters(sim, t, a)
        return out
    _, a, b, taken, _, tag = move
    names = g.board.names
    if what == "action":
        if tag == STOP:
            return Action({"pass": True})
        return Action({"from": names[a], "to": names[b]})
    sim._moves = None
    if tag == STOP:
        _end_turn(sim, check_ends)
        return None
    c = cells[a]
    cells[a], cells[b] = 0, c
    sim.last_to = b
    if tag == JUMP:
        cells[taken] = 0
        sim.scores[mover] += 1
        sim.quiet = 0
    else:
        sim.quiet += 1
    if tag == STEP or b in goal:
        _end_turn(sim, check_ends)
        return None
    trail = (sim.trail or [a]) + [b]
    sim.trail = trail
    if tag == JUMP:
        more = bool(_jumps(sim, t, b, trail))
    else:
        more = bool(_canters(sim, t, b, trail)) or (
            g.kind_of[c] == t["knight"] and bool(_jumps(sim, t, b, trail)))
    if not more:
        _end_turn(sim, check_ends)
        return None
    sim.pending = b
    return None


def _was_jump(sim: Any, trail: list) -> bool:
    """Whether the hop from ``trail[-2]`` to ``trail[-1]`` passed a square now empty (a jump)."""
    t = sim.game._camelot
    a, b = trail[-2], trail[-1]
    for _, m, x in t["hops"][a]:
        if x == b:
            return not sim.cells[m]
    return False


def _end_turn(sim: Any, check_ends: bool) -> None:
    mover = sim.mover
    sim.pending = -1
    if check_ends and not sim.over:
        mine, theirs = _count(sim, mover), _count(sim, 1 - mover)
        if (theirs == 0 and mine < 2) or (mine < 2 and theirs < 2):
            sim.over = (None, "pieces")
    sim._next_turn(check_ends)


camelot.compile = _cm_compile  # type: ignore[attr-defined]

