"""Triad's turn (pieces mechanic, ``move = { kind = "hook", hook = "triad" }``; war/triad.toml).

Three seats on a tricoloured hexagon (board.py's ``hex`` builder with ``owners``: each cell
belongs to one seat). A turn has two parts, each one action:

- the move (``sim.pending < 0``): one of the mover's pieces slides any distance in one of the
  six directions over empty cells and stops on an empty cell owned by an opponent (the
  ``candidate``; the third seat is the ``bunny``); every piece of an opponent's on a cell
  touching the landing cell is taken. Only the moves taking the most are offered (the max
  capture rule). ``{"from": a, "to": b}``.
- the drop (``sim.pending`` = the landing cell): a piece of the bunny's put on any empty cell,
  ``{"to": c}``; then the candidate moves next.

The game stops as soon as a move leaves a seat with no pieces: the seat with most pieces on the
board wins (``over = (seat, "eliminated")``); two seats left with as many share the game, a
draw between them, the third losing (``over = (None, "eliminated")``). A player who has no move
when the turn comes to him is out and the game stops the same way, his pieces not counted
(``how`` ``"stuck"``), unless the file's option ``stuck_passes`` is on (Ludii's reading): then
the mechanic's ``no-moves`` end with ``result = "pass"`` passes the turn to the next seat in
order.

``triad.result(sim)`` is the mechanic's per-seat result where this hook plays (pieces.py:
``PiecesSim.result``): the winner 1, a tie's two seats 0.5 each, the others 0.
"""
from __future__ import annotations

from typing import Any

from games.engine.core import Action
from games.engine.rules.hooks import hook

HOOKED = 4  # pieces.HOOKED
DIRS = (0, 1, 3, 4, 5, 7)  # the hex board's six directions (board.py: e ne nw w sw se)


def _compile(g: Any) -> None:
    """Check the board gives every cell an owner; keep each cell's rays and neighbours."""
    owners = g.board.owners
    if owners is None or any(o is None for o in owners):
        raise ValueError("triad: the board must give every cell an owner (the hex builder's owners)")
    step = g.board.step
    rays = []
    for a in range(g.board.size):
        mine = []
        for d in DIRS:
            ray, b = [], step[d][a]
            while b >= 0:
                ray.append(b)
                b = step[d][b]
            if ray:
                mine.append(ray)
        rays.append(mine)
    g._triad = (owners, rays, [[step[d][a] for d in DIRS if step[d][a] >= 0] for a in range(g.board.size)])


def _moves(sim: Any, mover: int) -> list:
    """The mover's slides to an opponent's empty cell, those taking the most only."""
    g = sim.game
    owners, rays, near = g._triad
    cells, owner_of = sim.cells, g.owner_of
    best, out = 0, []
    for a, c in enumerate(cells):
        if not c or owner_of[c] != mover:
            continue
        for ray in rays[a]:
            for b in ray:
                if cells[b]:
                    break
                if owners[b] != mover:
                    # the opponents' pieces next to b (a, just left, is empty by then)
                    n = 0
                    for t in near[b]:
                        x = cells[t]
                        if x and t != a and owner_of[x] != mover:
                            n += 1
                    if n > best:
                        best, out = n, []
                    if n == best:
                        out.append((HOOKED, a, b, -1, -1, -1))
    return out


def _counts(sim: Any) -> list[int]:
    g = sim.game
    counts = [0] * g.players
    owner_of = g.owner_of
    for c in sim.cells:
        if c:
            counts[owner_of[c]] += 1
    return counts


def _finish(sim: Any, out: int | None) -> None:
    """End the game, ``out`` (a seat that cannot move) or the seats with no pieces eliminated:
    the most pieces among the others wins, two alike tie."""
    counts = _counts(sim)
    left = [s for s in range(len(counts)) if counts[s] and s != out]
    best = max(counts[s] for s in left)
    top = [s for s in left if counts[s] == best]
    sim.over = (top[0] if len(top) == 1 else None, "stuck" if out is not None else "eliminated")


def _eliminated(sim: Any) -> bool:
    return 0 in _counts(sim)


@hook("triad")
def triad(sim: Any, what: str, move: Any, check_ends: bool = True) -> Any:
    g = sim.game
    owners = g._triad[0]
    cells = sim.cells
    if what == "moves":
        if sim.pending >= 0:  # the drop: any empty cell
            return [(HOOKED, t, t, -1, -1, -1) for t in range(len(cells)) if not cells[t]]
        return _moves(sim, sim.mover)
    _, a, b, _, _, _ = move
    names = g.board.names
    if what == "action":
        return Action({"from": names[a], "to": names[b]}) if a != b else Action({"to": names[b]})
    mover = sim.mover
    sim._moves = None
    if a != b:  # the move and its captures
        piece = cells[a]
        cells[a] = 0
        cells[b] = piece
        taken = 0
        owner_of = g.owner_of
        for t in g._triad[2][b]:
            if cells[t] and owner_of[cells[t]] != mover:
                cells[t] = 0
                taken += 1
        sim.quiet = 0 if taken else sim.quiet + 1
        sim.last_to = b
        if _eliminated(sim):  # play stops at once: no drop
            sim.pending = -1
            _finish(sim, None)
            return None
        sim.pending = b  # the drop comes next, by the same player
        return None
    # The drop: a piece of the bunny's, the opponent who does not own the landing cell.
    candidate = owners[sim.pending]
    bunny = next(s for s in range(g.players) if s not in (mover, candidate))
    cells[b] = g.code(bunny, g.kind_of[cells[sim.pending]])  # the one kind of piece
    sim.last_to = b
    sim.pending = -1
    sim.turn += 1
    sim.mover = candidate  # the candidate moves next
    sim._moves = None
    if check_ends:
        sim.begin_turn()
        if sim.over is not None and sim.over[1] == "no-moves" and not sim.options.get("stuck_passes", False):
            # The candidate has no move: out, and the game stops (not the mechanic's no-moves
            # end, which is the file's only under the option stuck_passes, as a pass).
            sim.over = None
            _finish(sim, candidate)
    return None


def result(sim: Any) -> tuple[float, ...]:
    """Per seat: the winner 1; where two tie, each of them 0.5; the others 0."""
    winner, how = sim.over
    n = sim.game.players
    if winner is not None:
        return tuple(1.0 if s == winner else 0.0 for s in range(n))
    if how not in ("stuck", "eliminated"):
        return (0.5,) * n  # a draw of the mechanic's (no seat could move: stuck_passes)
    counts = _counts(sim)
    out = sim.mover if how == "stuck" else -1  # the player who could not move is out
    left = [s for s in range(n) if counts[s] and s != out]
    best = max(counts[s] for s in left)
    return tuple(0.5 if s in left and counts[s] == best else 0.0 for s in range(n))


triad.result = result  # type: ignore[attr-defined]
triad.compile = _compile  # type: ignore[attr-defined]
