"""A small sowing core for two-row mancala: holes on a ring, sowing either way, skipping holes.

The board is a flat tuple of counts. With two rows of ``n`` holes, hole ``i`` of row ``r``
(counted from that row's owner's left) sits at ring position ``r * n + i``; since the players
face each other, walking the ring upwards (row 0 left to right, then row 1 from its owner's
left to right) goes **anticlockwise** seen from above, and downwards goes **clockwise**::

    >>> ring = Ring(rows=2, holes=4)
    >>> ring.position(1, 0), ring.where(5)
    (4, (1, 1))
    >>> ring.step(ANTICLOCKWISE, 3), ring.step(CLOCKWISE, 0)
    (4, 7)

Sowing walks the ring with a *next* table that already skips the holes nobody may sow into
(``skip`` is a bit mask of ring positions), so the hot loop is one table look-up a counter:

    >>> board = [6, 6, 6, 6, 0, 6, 6, 6]
    >>> sow(board, 2, ring.next_table(ANTICLOCKWISE, skip=1 << 4), first_back=True)
    [2, 3, 5, 6, 7, 0]
    >>> board
    [7, 6, 1, 7, 0, 7, 7, 7]

Captures follow the same table: :func:`capture_run` takes the hole where the last counter
fell, then each following hole while ``takes`` accepts it.

    >>> board = [1, 2, 4, 3, 0, 0, 0, 0]
    >>> capture_run(board, 1, ring.next_table(ANTICLOCKWISE), lambda c: c > 0 and c % 2 == 0)
    [(1, 2), (2, 4)]
    >>> board
    [1, 0, 0, 3, 0, 0, 0, 0]

Rounds begin by refilling holes from a player's counters (:func:`fill`). Nothing here knows a
particular game's rules; :mod:`games.engine.mancala.bechi` decides which holes to skip, when a
capture is allowed and when a round ends.
"""
from __future__ import annotations

from collections.abc import Callable, MutableSequence
from functools import lru_cache

__all__ = ["ANTICLOCKWISE", "CLOCKWISE", "Ring", "capture_run", "fill", "sow"]

#: Ring steps: anticlockwise walks the ring upwards, clockwise downwards.
ANTICLOCKWISE = 1
CLOCKWISE = -1


class Ring:
    """The geometry of ``rows`` rows of ``holes`` holes joined end to end into one ring.

    Row ``r``'s holes are numbered from their owner's left, and each row continues into the
    next one at its owner's right end (the players sit round the board), so the ring position
    of hole ``i`` in row ``r`` is simply ``r * holes + i``.

    >>> Ring(rows=2, holes=3).size
    6
    >>> Ring(rows=2, holes=3).row_positions(1)
    range(3, 6)
    """

    __slots__ = ("rows", "holes", "size")

    def __init__(self, rows: int, holes: int) -> None:
        if rows < 1 or holes < 1:
            raise ValueError("a ring needs at least one row of one hole")
        self.rows = rows
        self.holes = holes
        self.size = rows * holes

    def position(self, row: int, index: int) -> int:
        return row * self.holes + index

    def where(self, position: int) -> tuple[int, int]:
        return divmod(position, self.holes)

    def row_positions(self, row: int) -> range:
        return range(row * self.holes, (row + 1) * self.holes)

    def step(self, direction: int, position: int) -> int:
        """The next ring position in ``direction``, skipping nothing."""
        return (position + direction) % self.size

    def next_table(self, direction: int, skip: int = 0) -> tuple[int, ...]:
        """For every position, the next position in ``direction`` not in the ``skip`` mask.

        A position whose every successor is skipped maps to itself.

        >>> Ring(2, 3).next_table(CLOCKWISE, skip=0b000100)
        (5, 0, 1, 1, 3, 4)
        """
        return _next_table(self.size, direction, skip)


@lru_cache(maxsize=4096)
def _next_table(size: int, direction: int, skip: int) -> tuple[int, ...]:
    table = []
    for p in range(size):
        q = (p + direction) % size
        for _ in range(size):
            if not (skip >> q) & 1:
                break
            q = (q + direction) % size
        else:
            q = p
        table.append(q)
    return tuple(table)


def sow(board: MutableSequence[int], origin: int, table: tuple[int, ...], *, first_back: bool = False) -> list[int]:
    """Lift every counter of ``origin`` and sow them one by one along ``table``.

    With ``first_back`` the first counter goes back into ``origin`` (Béchi, BE-2). Returns the
    ring positions the counters went into, in order (the last one is where the sowing ended).

    >>> board = [3, 0, 0, 0]
    >>> sow(board, 0, _next_table(4, 1, 0)), board
    ([1, 2, 3], [0, 1, 1, 1])
    """
    count = board[origin]
    board[origin] = 0
    path = []
    p = origin
    if first_back and count:
        board[origin] = 1
        path.append(origin)
        count -= 1
    for _ in range(count):
        p = table[p]
        board[p] += 1
        path.append(p)
    return path


def capture_run(
    board: MutableSequence[int], start: int, table: tuple[int, ...], takes: Callable[[int], bool]
) -> list[tuple[int, int]]:
    """Empty ``start`` and the following holes along ``table`` while ``takes(count)`` holds.

    ``start`` is taken only if ``takes`` accepts it too; the run never laps back onto itself.
    Returns ``[(position, count), ...]`` in the order taken.
    """
    taken: list[tuple[int, int]] = []
    p = start
    while takes(board[p]):
        taken.append((p, board[p]))
        board[p] = 0
        p = table[p]
        if p == start:
            break
    return taken


def fill(counters: int, holes: int, per_hole: int) -> tuple[int, int]:
    """How many of ``holes`` holes ``counters`` fill with ``per_hole`` each, and what is left.

    >>> fill(40, 4, 6), fill(17, 4, 6), fill(5, 4, 6)
    ((4, 16), (2, 5), (0, 5))
    """
    filled = min(holes, counters // per_hole)
    return filled, counters - filled * per_hole
