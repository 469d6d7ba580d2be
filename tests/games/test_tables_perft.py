"""Perft-style tables: for chosen positions, the exact number of distinct legal plays of every
roll, per variant. Backgammon's are GNU Backgammon's counts (checked live too); the nard
counts at the start were worked out by hand (see the comments)."""
from __future__ import annotations

import pytest

from games.engine import get_variant

ROLLS = [f"{a}-{b}" for a in range(1, 7) for b in range(1, a + 1)]


def table(*counts: int) -> dict[str, int]:
    return dict(zip(ROLLS, counts))


START = "4HPwATDgc/ABMA"
HEADS = "AACA/z8AAID/Pw"  # all 15 on each side's 24-point (the nard start)
PERFT = [
    # rolls:               1-1 2-1 2-2 3-1 3-2 3-3 4-1 4-2 4-3 4-4 5-1 5-2 5-3 5-4 5-5 6-1 6-2 6-3 6-4 6-5 6-6
    ("tables.backgammon", START, {}, table(42, 15, 75, 16, 17, 73, 14, 18, 17, 52, 8, 8, 9, 9, 4, 10, 14, 14, 14, 7, 11)),
    ("tables.backgammon", "jGfkASjg8wcBMA", {}, table(31, 12, 22, 16, 13, 57, 16, 13, 17, 40, 11, 8, 12, 12, 9, 12, 10, 13, 13, 9, 9)),
    ("tables.backgammon", "sG/gATDgc/ABMA", {}, table(41, 15, 58, 15, 17, 57, 11, 13, 14, 21, 7, 9, 9, 6, 4, 8, 10, 10, 7, 4, 4)),
    ("tables.shesh-besh", START, {}, table(42, 15, 75, 16, 17, 73, 14, 18, 17, 52, 8, 8, 9, 9, 4, 10, 14, 14, 14, 7, 11)),
    ("tables.takhte-nard", START, {}, table(42, 15, 75, 16, 17, 73, 14, 18, 17, 52, 8, 8, 9, 9, 4, 10, 14, 14, 14, 7, 11)),
    # SS-5: one checker from the head (two on 6-6 and 4-4, which can only be 24/18(2), 24/16(2))
    ("tables.ses-bes", HEADS, {}, table(*[1] * 21)),
    ("tables.ses-bes", HEADS, {"ses_bes_jump": False}, table(*[1] * 21)),
    # Gul Bara: no head rule, so doubles split four steps among the checkers (partitions of 4),
    # less those that reach the opponent's head on my 12-point: 3-3 (4), 4-4 (3), 6-6 (1)
    ("tables.gul-bara", HEADS, {}, table(5, 2, 5, 2, 2, 4, 2, 2, 2, 3, 2, 2, 2, 2, 5, 2, 2, 2, 2, 2, 1)),
    # a middle game: six-block rule (passed here), head rule
    ("tables.ses-bes", "BAAh/D8QAFD1Pw", {}, table(29, 24, 67, 25, 29, 56, 24, 30, 31, 52, 17, 22, 22, 23, 20, 17, 21, 22, 23, 17, 11)),
    ("tables.gul-bara", "BAAh/D8QAFD1Pw", {}, table(42, 25, 87, 26, 30, 75, 25, 31, 32, 71, 18, 23, 23, 24, 35, 18, 22, 23, 24, 18, 20)),
]


@pytest.mark.parametrize(("key", "pid", "options", "counts"), PERFT, ids=[f"{k}-{p}" for k, p, _, _ in PERFT])
def test_perft(key: str, pid: str, options: dict, counts: dict[str, int]) -> None:
    v = get_variant(key)
    got = {roll: len(v.plays_for(pid, roll, options)) for roll in ROLLS}
    assert got == counts


def test_backgammon_counts_are_gnubgs() -> None:
    gnubg_nn = pytest.importorskip("gnubg_nn")
    for key, pid, _, counts in PERFT[:3]:
        board = gnubg_nn.board_from_position_id(pid)
        for roll, n in counts.items():
            a, b = map(int, roll.split("-"))
            assert len(gnubg_nn.moves(board, a, b, 0)) == n, (pid, roll)
