"""The chance devices of the race games, each with its exact distribution.

A device is thrown as a tuple of *faces*, one per stick, die or astragal, in the order they are
logged (``{"throw": [1, 0, 1, 1]}``); :func:`outcomes` lists every face tuple with its integer
weight, so probabilities are exact fractions and a draw from a ``random.Random`` uses integers
only. What a throw is *worth* is the ruleset's business (see ``rules.py``), not the device's.

    >>> from fractions import Fraction
    >>> dist = distribution("sticks4")
    >>> dist[(1, 0, 1, 1)]
    Fraction(1, 16)
    >>> sum(dist.values())
    Fraction(1, 1)
    >>> distribution("sheep-ox", measured=True)[(1, 0)]   # a narrow face of the sheep astragal
    Fraction(1, 20)
"""
from __future__ import annotations

import itertools
import random
from fractions import Fraction
from functools import lru_cache

__all__ = ["DEVICES", "distribution", "draw", "faces_ok", "outcomes"]

#: Each device: its faces per piece (with integer weights) and how many pieces are thrown.
#: ``"sticks4"``: four two-sided throwing sticks, 1 = the marked (flat) side up, each side 1/2.
#: ``"tetra4"``/``"tetra3"``: tetrahedral dice, 1 = a marked tip up; two of four tips are marked.
#: ``"sheep-ox"``: a sheep astragal (faces 1-4) and an ox astragal (0 = "no", 1 = "yes").
#: ``"dice3"``: three six-sided dice. ``"d6"``: one six-sided die.
#: ``"astragal"``: one astragal read with the Greek and Roman face values 1, 3, 4, 6.
DEVICES: dict[str, str] = {
    "sticks4": "four two-sided throwing sticks",
    "tetra4": "four tetrahedral dice",
    "tetra3": "three tetrahedral dice",
    "sheep-ox": "a sheep astragal and an ox astragal",
    "dice3": "three six-sided dice",
    "d6": "one six-sided die",
    "astragal": "one astragal (faces 1, 3, 4, 6)",
}

BINARY = ((0, 1), (1, 1))
D6 = tuple((f, 1) for f in range(1, 7))
# F. N. David (1955, Biometrika 42: 1-15) threw a sheep astragal and found the two broad faces
# about four times as often as the two narrow ones; we take the rounded 4:4:1:1 (0.4/0.4/0.1/0.1).
# The narrow faces are the extreme values (1 and 4 of the sheep astragal; 1 and 6 in Greek scoring).
SHEEP_UNIFORM = ((1, 1), (2, 1), (3, 1), (4, 1))
SHEEP_MEASURED = ((1, 1), (2, 4), (3, 4), (4, 1))
ASTRAGAL_UNIFORM = ((1, 1), (3, 1), (4, 1), (6, 1))
ASTRAGAL_MEASURED = ((1, 1), (3, 4), (4, 4), (6, 1))


def _pieces(device: str, measured: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    if device == "sticks4" or device == "tetra4":
        return (BINARY,) * 4
    if device == "tetra3":
        return (BINARY,) * 3
    if device == "sheep-ox":
        # The ox astragal's "yes" and "no" are read as one broad and one narrow face each, so
        # they stay even under measured frequencies: our reading, the sources give none.
        return (SHEEP_MEASURED if measured else SHEEP_UNIFORM, BINARY)
    if device == "dice3":
        return (D6,) * 3
    if device == "d6":
        return (D6,)
    if device == "astragal":
        return (ASTRAGAL_MEASURED if measured else ASTRAGAL_UNIFORM,)
    raise ValueError(f"unknown device {device!r}")


@lru_cache(maxsize=None)
def outcomes(device: str, measured: bool = False) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every face tuple the device can show, with its integer weight (product of the faces')."""
    result = []
    for combo in itertools.product(*_pieces(device, measured)):
        weight = 1
        for _, w in combo:
            weight *= w
        result.append((tuple(f for f, _ in combo), weight))
    return tuple(result)


def distribution(device: str, measured: bool = False) -> dict[tuple[int, ...], Fraction]:
    """The exact probability of each face tuple."""
    total = sum(w for _, w in outcomes(device, measured))
    return {faces: Fraction(w, total) for faces, w in outcomes(device, measured)}


def faces_ok(device: str, faces: tuple[int, ...], measured: bool = False) -> bool:
    """True when ``faces`` is a throw this device can show."""
    return any(faces == f for f, _ in outcomes(device, measured))


def draw(device: str, rng: random.Random, measured: bool = False) -> tuple[int, ...]:
    """One throw, with the exact weights (integers only, so no rounding bias)."""
    table = outcomes(device, measured)
    pick = rng.randrange(sum(w for _, w in table))
    for faces, weight in table:
        if pick < weight:
            return faces
        pick -= weight
    raise AssertionError("unreachable: the weights sum to the range drawn from")
