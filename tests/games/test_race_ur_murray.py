"""Murray's Royal Game of Ur (DLP.GameRulesets.655, after Murray 1951: 20-21), read "like Senet"
as the DLP's description says Murray assumes: the points the summary leaves open take Senet's
readings, a throw of no marked tip worth 4 (UR-11) and an attacked piece changing places with its
attacker (UR-13). Read with Finkel's instead (a lost turn, the piece back off the board), the
loop, which ends on the four squares it starts on, locked: pieces re-entering filled the squares
their own side had to come home by, and 168 of 200 random games (seeds 0-199) ended only at the
engine's 1,000-throw limit (UR-12), an outside audit's figure and ours.

Measured with the present readings: 4 of 200 random games (2%, seeds 0-199: 7, 112, 163 and 165)
still end at the limit, each in the lock UR-12 describes (each side's first four squares full,
its other pieces swapping places with the enemy's on the middle row); the rest end by the rules,
the median game after about 220 throws. The catalogue's simulation (games/data/simulations.json,
seed 2026) agrees: 15 of 500 random games (3%) end at the limit, none of 30 between strong players."""
from __future__ import annotations

import pytest

from games.engine.race import boards
from tests.games.race_helpers import move, moves, playout, position, throw, variant

UR = "race.ur"
ur = variant(UR)
OFF = [0] * 5


def m(mine, theirs, value=None, to_move=0, **options):
    return position(UR, [mine, theirs], {"rules": "murray", **options}, throw=value, to_move=to_move)


def test_ur11_no_marked_tip_up_is_worth_4():
    r = ur.rules(ur.validate_options({"rules": "murray"}))
    assert r.value_of((0, 0, 0)) == (4,)
    s = throw(m(OFF + [0, 3], [0] * 7), 4)
    assert (3, 7) in moves(s)
    lost = throw(m(OFF + [0, 3], [0] * 7, zero="no-move"), 0)
    assert lost.to_move == 1 and lost.pieces[0] == (0, 0, 0, 0, 0, 0, 3)


def test_ur13_an_attacked_piece_changes_places_with_its_attacker():
    b = boards.ur("murray")
    r0, r1 = b.routes
    # side 1's piece on its first pass at route position 8 (a middle-row square); side 0 reaches
    # the same square from its position 6 with a 2
    target = r0[7]
    theirs = r1.index(target) + 1
    s = m(OFF + [1, 6], [0] * 6 + [theirs], 2)
    after = move(s, 6, 8)
    assert 8 in after.pieces[0]
    back = [i + 1 for i, c in enumerate(r1) if c == r0[5]]
    assert len(after.pieces[1]) == 7 and after.pieces[1][-1] in back and 0 not in after.pieces[1][6:]
    # Finkel's capture stays an option: the piece goes off the board
    sent = move(m(OFF + [1, 6], [0] * 6 + [theirs], 2, hit="send-back"), 6, 8)
    assert sent.pieces[1] == (0,) * 7


def test_ur13_where_the_route_passes_a_square_twice_the_nearer_pass_is_taken():
    b = boards.ur("murray")
    r0, r1 = b.routes
    # side 1 on its second pass down the middle row (position 20); side 0, on its first pass up
    # it, attacks from two squares behind in its own direction, which is two ahead in side 1's
    cell = r1[19]
    p0 = r0.index(cell) + 1
    s = m(OFF + [1, p0 - 2], [0] * 6 + [20], 2)
    after = move(s, p0 - 2, p0)
    origin = r0[p0 - 3]
    passes = [i + 1 for i, c in enumerate(r1) if c == origin]
    assert len(passes) == 2
    assert after.pieces[1][-1] == min(passes, key=lambda x: abs(x - 20))


@pytest.mark.parametrize("block", range(3))
def test_random_games_under_murray_end_by_the_rules_in_nearly_all_games(block):
    """20 random games a block (seeds 0-59): at most one ends at the 1,000-throw limit; the module's
    docstring gives the share over 200 games (2%) and why those few lock."""
    ends = [ur.outcome(playout(UR, {"rules": "murray"}, seed=seed)).how for seed in range(20 * block, 20 * block + 20)]
    assert ends.count("limit") <= 1, ends
    assert ends.count("first-off") >= 19
