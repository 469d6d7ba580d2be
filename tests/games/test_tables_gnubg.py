"""GNU Backgammon as the oracle: the distinct resulting positions of every roll agree with
``gnubg_nn.moves`` on 10,000+ random reachable positions, for backgammon, Shesh Besh and Takhte
Nard (where TN-4 cannot apply: no opposing blot in the mover's home quarter), and the command
line's ``plays`` gives the same positions.
"""
from __future__ import annotations

import io
import random

import pytest

from games.engine import get_variant
from games.engine.tables import positionid
from games.engine.tables.moves import BACKGAMMON, START, complete_plays, expand, to_mover

gnubg_nn = pytest.importorskip("gnubg_nn")

N = 10_000


def reachable(n: int, seed: int) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, int]]]:
    """``n`` (mover, opponent (own numbering), roll) met in random backgammon play-outs."""
    rng = random.Random(seed)
    out = []
    me, them = START, START
    while len(out) < n:
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        out.append((me, them, roll))
        plays = complete_plays(BACKGAMMON, me, to_mover(BACKGAMMON, them), expand(roll))
        if plays:
            p = rng.choice(plays)
            me, them = p.me, to_mover(BACKGAMMON, p.op)
        if me[0] == 15:
            me, them = START, START
        else:
            me, them = them, me
    return out


@pytest.fixture(scope="module")
def positions() -> list:
    return reachable(N, 2024)


def gnubg_results(me, them, roll) -> set[str]:
    board = [list(them[1:26]), list(me[1:26])]
    keys = gnubg_nn.moves(board, roll[0], roll[1], 0)
    return {gnubg_nn.position_id([list(x) for x in gnubg_nn.board_from_position_key(k)]) for k in keys}


def our_results(key: str, me, them, roll, options=None) -> set[str]:
    v = get_variant(key)
    rules = v.rules(v.validate_options(options or {}))
    return {
        positionid.encode([list(to_mover(rules, p.op)[1:26]), list(p.me[1:26])])
        for p in complete_plays(rules, me, to_mover(rules, them), expand(roll))
    }


def _compare(key: str, cases, options=None) -> int:
    diffs = []
    for me, them, roll in cases:
        if our_results(key, me, them, roll, options) != gnubg_results(me, them, roll):
            diffs.append((positionid.encode([list(them[1:26]), list(me[1:26])]), roll))
    assert diffs == [], f"{len(diffs)} differences, first: {diffs[:5]}"
    return len(cases)


def test_the_positions_cover_hitting_entering_and_bearing_off(positions) -> None:
    assert len(positions) >= N
    assert sum(1 for me, _, _ in positions if me[25]) > 500
    assert sum(1 for me, _, _ in positions if me[0]) > 500
    assert sum(1 for me, them, _ in positions if not any(me[7:26])) > 500


@pytest.mark.parametrize("key", ["tables.backgammon", "tables.shesh-besh"])
def test_every_roll_gives_gnubgs_positions(key: str, positions) -> None:
    assert _compare(key, positions) >= N


def test_takhte_nard_gives_gnubgs_positions_where_tn4_cannot_apply(positions) -> None:
    def tn4_cannot_apply(me, them) -> bool:
        op = to_mover(BACKGAMMON, them)
        return not any(op[p] == 1 for p in range(1, 7))

    cases = [c for c in positions + reachable(14_000, 7) if tn4_cannot_apply(c[0], c[1])]
    # TN-3 read as backgammon's rule (higher_die on): the default lets either die be played
    assert _compare("tables.takhte-nard", cases[:N], {"higher_die": True}) >= N
    # and with the option off, everywhere (this also runs the rule-aware generator for TN-5 off)
    assert _compare("tables.takhte-nard", positions[:3000], {"home_hit_restriction": False, "higher_die": True}) == 3000


def test_the_rule_aware_generator_agrees_with_gnubg_too(positions) -> None:
    from games.engine.tables.moves import general_plays

    diffs = 0
    for me, them, roll in positions[:3000]:
        ours = {
            positionid.encode([list(to_mover(BACKGAMMON, p.op)[1:26]), list(p.me[1:26])])
            for p in general_plays(BACKGAMMON, me, to_mover(BACKGAMMON, them), expand(roll))
        }
        diffs += ours != gnubg_results(me, them, roll)
    assert diffs == 0


def test_the_plays_command_lists_gnubgs_positions_in_batch(positions) -> None:
    v = get_variant("tables.backgammon")
    cases = positions[:500]
    stdin = io.StringIO(
        "".join(f"{positionid.encode([list(t[1:26]), list(m[1:26])])} {r[0]}-{r[1]}\n" for m, t, r in cases)
    )
    out = io.StringIO()
    assert v.cli_plays(position=None, dice=None, stdin=stdin, stdout=out) == 0
    blocks = out.getvalue().split("\n\n")[:-1]
    assert len(blocks) == len(cases)
    for block, (me, them, roll) in zip(blocks, cases):
        lines = block.strip("\n").split("\n")
        want = gnubg_results(me, them, roll)
        if not want:
            assert lines == ["(no play)"]
        else:
            assert {line.split("\t")[1] for line in lines} == want
            assert len(lines) == len(want)


def test_bearing_off_the_last_checker_must_still_use_both_dice_when_it_can() -> None:
    # one checker on my 2, roll 3-1: 2/off uses one die; 2/1*/off uses both (and hits), so only
    # the latter is legal, as gnubg says; the hit decides a gammon or a backgammon
    v = get_variant("tables.backgammon")
    assert v.plays_for("r0EyCiICAAAAAA", "3-1") == [("2/1*/off", "r0EyCkIAAAAAAA")]
    assert len(gnubg_nn.moves(gnubg_nn.board_from_position_id("r0EyCiICAAAAAA"), 3, 1, 0)) == 1
