"""Perfect play for a reduced Royal Game of Ur under Finkel's rules, by value iteration (issue 37).

Finkel's Ur with seven pieces a side has been solved by value iteration over every position (the
method royalur.net describes); its table is far larger than this project can build here. With
``k`` pieces a side (1 to 6) the positions are few enough for numpy: a side's pieces are a sorted
tuple of route positions 0..15 (0 = not entered, 15 = borne off, at most one piece on each square
1..14), a position is the side to throw's tuple with the other's (the rules are the same for both
sides in their own numbering, so the side to throw is always "mine"), and ``V[mine, theirs]`` is
the side to throw's chance to win with perfect play by both. For each throw (0-4 marked tips of
four tetrahedral dice, 1, 4, 6, 4, 1 in 16) the side picks the step with the best value: a piece
borne off that is its last wins (1); landing on a corner rosette (4 or 14) throws again (the value
of the new position); otherwise the other side throws (one less its value). A throw of 0 or with
no step passes. Iterated from all zeros (Gauss-Seidel, each row updated in place) until no value
moves by more than ``tol``.

The cost grows with the square of a side's configurations (16, 122, 592, 2,063, 5,536 and
12,012 for one to six pieces), and the values are kept twice (``V`` and its transpose, so that
both sides' values are read along rows). Measured on this project's two-core machine: three
pieces take 3 CPU-seconds, four 30, five 253 (14.7 M positions, 217 sweeps, 0.5 GB). Six (53 M
positions, 276 sweeps, 2.3 GB) took 83 minutes here, before the transposed copy and on a
machine busy with other work.

A reduced game is the ending of the real one: ``7 - k`` pieces of each side already borne off, so
:func:`action_values` reads an engine state of ``race.ur`` (Finkel's preset) with that many pieces
off each side and gives each legal step's perfect-play value.

    >>> t = solve(1)
    >>> round(t.value((0,), (0,)), 4)     # one piece each, first to throw
    0.5316
"""
from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = ["Table", "action_values", "solve"]

END = 15                      # borne off
SHARED = frozenset(range(5, 13))
SAFE = 8                      # the central rosette: shared, and no piece is taken there
EXTRA = frozenset({4, 14})    # the corner rosettes: another throw
PROBS = (1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16)
PIECES = 7                    # the real game's pieces a side


def _configs(k: int) -> list[tuple[int, ...]]:
    out = []
    for combo in itertools.combinations_with_replacement(range(END + 1), k):
        board = [p for p in combo if 1 <= p <= 14]
        if len(board) == len(set(board)):
            out.append(combo)
    return out


@dataclass
class Table:
    k: int
    configs: list[tuple[int, ...]]
    index: dict[tuple[int, ...], int]
    values: np.ndarray            # C x C: [mine, theirs]
    valid: np.ndarray             # C x C: the two sides share no square
    sweeps: int = 0
    seconds: float = 0.0
    moves: dict[tuple[int, int], list[tuple[int, int]]] = field(default_factory=dict)

    def value(self, mine: tuple[int, ...], theirs: tuple[int, ...]) -> float:
        """The chance that the side to throw (``mine``) wins, both playing perfectly."""
        if all(p == END for p in theirs):
            return 0.0
        if all(p == END for p in mine):
            return 1.0
        return float(self.values[self.index[tuple(sorted(mine))], self.index[tuple(sorted(theirs))]])

    @property
    def positions(self) -> int:
        return int(self.valid.sum())


def solve(k: int, tol: float = 1e-10, max_sweeps: int = 2000) -> Table:
    """The perfect-play table for ``k`` pieces a side."""
    if not 1 <= k <= 6:
        raise ValueError(f"k: pieces a side must be 1 to 6 (the table grows too large beyond), got {k}")
    start = time.perf_counter()
    configs = _configs(k)
    index = {c: i for i, c in enumerate(configs)}
    n = len(configs)
    occupied = np.zeros((n, END + 1), dtype=bool)   # config holds a piece on square q (1..14)
    for i, c in enumerate(configs):
        for p in c:
            if 1 <= p <= 14:
                occupied[i, p] = True
    shared_cols = sorted(SHARED)
    valid = ~(occupied[:, shared_cols].astype(np.int8) @ occupied[:, shared_cols].T.astype(np.int8)).astype(bool)
    # what a capture on q does to the other side's config: its piece on q goes back to 0
    captured = np.arange(n)[:, None].repeat(END + 1, axis=1)
    for i, c in enumerate(configs):
        for q in SHARED:
            if q in c:
                rest = list(c)
                rest.remove(q)
                captured[i, q] = index[tuple(sorted(rest + [0]))]
    # each config's steps by throw: (new config, square landed on)
    moves: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for i, c in enumerate(configs):
        for d in range(1, 5):
            found = []
            for p in sorted(set(c)):
                q = p + d
                if p == END or q > END or (q < END and q in c):
                    continue
                rest = list(c)
                rest.remove(p)
                found.append((index[tuple(sorted(rest + [q]))], q))
            moves[(i, d)] = found
    finished = np.array([all(p == END for p in c) for c in configs])
    V = np.zeros((n, n))
    V[:, finished] = 0.0
    V[finished, :] = 1.0
    # W is V transposed, kept in step row by row: a column of V (the other side to throw) is
    # then read as a row of W, in one stretch of memory rather than one value per row of V
    W = np.ascontiguousarray(V.T)
    rows = np.arange(n)
    sweeps = 0
    while sweeps < max_sweeps:
        sweeps += 1
        change = 0.0
        for a in range(n):
            if finished[a]:
                continue
            new = PROBS[0] * (1.0 - W[a])  # a throw of 0: the other side throws
            for d in range(1, 5):
                best = np.full(n, -1.0)
                for a2, q in moves[(a, d)]:
                    if q in SHARED and q != SAFE:
                        b2 = captured[:, q]
                    else:
                        b2 = rows
                    if finished[a2]:
                        cand = np.ones(n)
                    elif q in EXTRA:
                        cand = V[a2, b2]
                    else:
                        cand = 1.0 - W[a2, b2]
                    if q == SAFE:
                        cand = np.where(occupied[:, SAFE], -1.0, cand)  # the rosette is held
                    best = np.maximum(best, cand)
                best = np.where(best < 0, 1.0 - W[a], best)  # no step: the turn passes
                new += PROBS[d] * best
            new = np.where(valid[a] & ~finished, new, V[a])
            change = max(change, float(np.max(np.abs(new - V[a]))))
            V[a] = new
            W[:, a] = new
        if change < tol:
            break
    return Table(k, configs, index, V, valid, sweeps, time.perf_counter() - start, moves)


def _side(pieces: tuple[int, ...], k: int) -> tuple[int, ...]:
    """A side's pieces in the reduced game: the real game's less ``7 - k`` borne off."""
    extra = len(pieces) - k
    if extra < 0 or sum(1 for p in pieces if p == END) < extra:
        raise ValueError(f"pieces {pieces}: needs at least {extra} borne off for a {k}-piece table")
    rest = list(pieces)
    for _ in range(extra):
        rest.remove(END)
    return tuple(sorted(rest))


def action_values(table: Table, variant: Any, state: Any) -> list[tuple[Any, float]]:
    """Each legal step in ``state`` (Finkel's Ur, a move due, at least ``7 - k`` pieces off each
    side) with the mover's perfect-play chance to win after it."""
    me = state.to_move
    out = []
    for action in variant.legal_actions(state):
        child = variant.apply(state, action)
        if child.result is not None:
            v = 1.0 if child.result[0] == me else 0.0
        else:
            mine, theirs = _side(child.pieces[me], table.k), _side(child.pieces[1 - me], table.k)
            v = table.value(mine, theirs) if child.to_move == me else 1.0 - table.value(theirs, mine)
        out.append((action, v))
    return out
