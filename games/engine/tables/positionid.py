"""GNU Backgammon Position IDs, read and written in pure Python.

A Position ID packs both sides' checkers into 80 bits: first the player *not* on roll, then the
player on roll; for each, points 1..24 of that side's own numbering and then the bar, each as
that many 1-bits followed by a 0-bit, least significant bit first; the ten bytes are written in
base64 without padding (14 characters).

Boards here are gnubg's shape: ``[opponent, on_roll]``, each 25 counts, index ``i`` = the side's
own point ``i + 1`` and index 24 = the bar.

>>> start = decode("4HPwATDgc/ABMA")
>>> start[1][:8], start[1][12], start[1][23]
([0, 0, 0, 0, 0, 5, 0, 3], 5, 2)
>>> encode(start)
'4HPwATDgc/ABMA'
"""
from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence

from games.engine.core import InvalidState

__all__ = ["decode", "encode"]


def encode(board: Sequence[Sequence[int]]) -> str:
    """Write the Position ID of ``board`` = ``[opponent, on_roll]`` (25 counts each)."""
    bits = 0
    pos = 0
    for side in (0, 1):
        for count in board[side][:25]:
            bits |= ((1 << count) - 1) << pos
            pos += count + 1
    return base64.b64encode(bits.to_bytes(10, "little")).decode("ascii")[:14]


def decode(pid: str) -> list[list[int]]:
    """Read a Position ID; ``InvalidState`` if it is malformed or not 15 checkers a side at most.

    >>> decode("not an id")
    Traceback (most recent call last):
    ...
    games.engine.core.InvalidState: position ID must be 14 base64 characters, got 'not an id'
    """
    if not isinstance(pid, str) or len(pid) != 14:
        raise InvalidState(f"position ID must be 14 base64 characters, got {pid!r}")
    try:
        raw = base64.b64decode(pid + "==", validate=True)
    except (binascii.Error, ValueError):
        raise InvalidState(f"position ID must be 14 base64 characters, got {pid!r}") from None
    bits = int.from_bytes(raw, "little")
    board = [[0] * 25, [0] * 25]
    side = point = 0
    for _ in range(80):
        if side > 1:
            break
        if bits & 1:
            board[side][point] += 1
        else:
            point += 1
            if point == 25:
                side, point = side + 1, 0
        bits >>= 1
    if side < 2 or bits:
        raise InvalidState(f"position ID {pid!r} does not describe a board")
    for s in (0, 1):
        if sum(board[s]) > 15:
            raise InvalidState(f"position ID {pid!r} has more than 15 checkers for a side")
    return board
