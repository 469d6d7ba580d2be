"""Hooks of the race3 batch (pieces mechanic, ``move = { kind = "hook", hook = NAME }``).

The pieces mechanic's hook point (pieces.py): a move rule of kind ``hook`` hands the player's
moves to ``fn(sim, what, move, check_ends=True)``:

- ``what = "moves"``: the moves of the player to move (``sim.mover``), as tuples
  ``(HOOKED, a, b, -1, -1, k)``; called for the turn's first part among the other rules' moves
  (the rule's ``while`` honoured), and alone while ``sim.pending`` is a site (the turn's later
  part, which the hook set);
- ``what = "play"``: play such a move on ``sim``: the cells, ``sim.pending`` (a site: the same
  player moves on), and the turn's end (``sim._next_turn(check_ends)``), or ``sim.over``;
- ``what = "action"``: the move as a protocol action.

``santorini`` (Santorini, DLP.GameRulesets.639): the kinds are ``worker0`` .. ``worker3`` (a
worker standing on a building of that many tiles), ``level1`` .. ``level3`` (an empty building
of that many tiles) and ``dome`` (four tiles, the most). A turn is a worker's king-step to a
site without a worker or a dome, at most one level higher than where it stood (any number
lower), leaving behind the building it stood on; then (``pending`` = the worker's new site) one
tile built on a site next to that worker with no worker and no dome: ``{"to": SITE, "piece":
KIND}``, the kind of the building it becomes. A worker reaching the third level ends the turn
at once, unbuilt; the file's ``end`` clauses (``reach``) judge it.
"""
from __future__ import annotations

from typing import Any

from games.engine.core import Action
from games.engine.rules.hooks import hook

HOOKED = 4  # pieces.HOOKED


def _levels(g: Any) -> tuple[dict[int, int], dict[int, int]]:
    """Per kind index: the level of a worker kind, the level of a building kind (dome 4)."""
    cached = getattr(g, "_santorini", None)
    if cached is None:
        names = {n: i for i, n in enumerate(g.kinds)}
        workers = {names[f"worker{k}"]: k for k in range(4)}
        buildings = {names[f"level{k}"]: k for k in range(1, 4)}
        buildings[names["dome"]] = 4
        cached = g._santorini = (workers, buildings, names)
    return cached[0], cached[1]


def _kind(g: Any, name: str) -> int:
    _levels(g)
    return g._santorini[2][name]


@hook("santorini")
def santorini(sim: Any, what: str, move: Any, check_ends: bool = True) -> Any:
    g = sim.game
    workers, buildings = _levels(g)
    cells, kind_of, owner_of = sim.cells, g.kind_of, g.owner_of
    step = g.board.step
    if what == "moves":
        out = []
        if sim.pending >= 0:  # the build, next to the worker that moved
            for d in range(8):
                t = step[d][sim.pending]
                if t < 0:
                    continue
                c = cells[t]
                if not c or buildings.get(kind_of[c], 4) < 4:
                    out.append((HOOKED, t, t, -1, -1, -1))
            return out
        for a, c in enumerate(cells):
            if not c or owner_of[c] != sim.mover or kind_of[c] not in workers:
                continue
            here = workers[kind_of[c]]
            for d in range(8):
                b = step[d][a]
                if b < 0:
                    continue
                x = cells[b]
                if x and kind_of[x] in workers:
                    continue
                there = buildings[kind_of[x]] if x else 0
                if there <= 3 and there <= here + 1:
                    out.append((HOOKED, a, b, -1, -1, -1))
        return out
    _, a, b, _, _, _ = move
    names = g.board.names
    if what == "action":
        if a != b:
            return Action({"from": names[a], "to": names[b]})
        c = cells[b]
        level = buildings[kind_of[c]] if c else 0
        return Action({"to": names[b], "piece": "dome" if level == 3 else f"level{level + 1}"})
    mover = sim.mover
    sim._moves = None
    sim.last_to = b
    if a != b:  # the worker's step
        here = workers[kind_of[cells[a]]]
        x = cells[b]
        there = buildings[kind_of[x]] if x else 0
        cells[a] = g.code(mover, _kind(g, f"level{here}")) if here else 0
        cells[b] = g.code(mover, _kind(g, f"worker{there}"))
        sim.quiet += 1
        if check_ends:
            sim._check_ends(after_move=True)
        if sim.over:
            sim.pending = -1
            return None
        sim.pending = b  # the build comes next, by the same player
        return None
    c = cells[b]
    level = buildings[kind_of[c]] if c else 0
    cells[b] = g.code(mover, _kind(g, "dome" if level == 3 else f"level{level + 1}"))
    sim.pending = -1
    sim._next_turn(check_ends)
    return None
