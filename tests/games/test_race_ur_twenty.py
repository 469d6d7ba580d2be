"""The Royal Game of Ur (UR-) and 20 Squares (TS-), clause by clause, on positions worked by hand."""
from __future__ import annotations

from games.engine.race import boards
from tests.games.race_helpers import move, moves, position, throw, variant

UR, TS = "race.ur", "race.twenty-squares"
ur, ts = variant(UR), variant(TS)
SEVEN_OFF = [0] * 6


def u(mine, theirs, value=None, to_move=0, **options):
    return position(UR, [mine, theirs], {"rules": "finkel", **options}, throw=value, to_move=to_move)


def test_ur2_finkel_route_shares_only_the_middle_row():
    b = boards.ur("finkel")
    shared = set(b.routes[0]) & set(b.routes[1])
    assert len(b.routes[0]) == 14 and {b.cells[c].y for c in shared} == {1} and len(shared) == 8
    assert [b.routes[0].index(c) + 1 for c in shared] == sorted(b.routes[0].index(c) + 1 for c in shared)


def test_ur2_murray_route_loops_round_the_small_block_and_home():
    b = boards.ur("murray")
    route = b.routes[0]
    assert len(route) == 27 and route[4] == route[22] and route[0] == route[26]  # revisits
    # two pieces of one side may not stand on one cell, even at different route positions
    s = u(SEVEN_OFF[:5] + [5, 21], [0] * 7, 2, route="murray")
    assert (21, 23) not in moves(s)


def test_ur3_pieces_enter_by_the_throw():
    s = throw(ur.new_game({"rules": "finkel"}), 3)
    assert moves(s) == {(0, 3)}
    assert ur.describe(s, {"from": 0, "to": 3}) == "in→3"


def test_ur4_a_throw_of_0_moves_nothing_and_ends_the_turn():
    s = ur.new_game({"rules": "finkel"})
    after = throw(s, 0)
    assert after.phase == "throw" and after.to_move == 1 and after.pieces == s.pieces
    highest = throw(ur.new_game({"rules": "finkel", "zero": "highest"}), 5)
    assert highest.throw == (0, 0, 0, 0) and moves(highest) == {(0, 5)}


def test_ur4_murray_throws_three_dice():
    s = ur.new_game({"rules": "murray"})
    assert all(len(a["throw"]) == 3 for a in ur.legal_actions(s))


def test_ur6_landing_on_an_enemy_sends_it_off_the_board():
    s = u(SEVEN_OFF + [7], SEVEN_OFF + [9], 2)
    after = move(s, 7, 9)
    assert after.pieces == ((0,) * 6 + (9,), (0,) * 7) and after.to_move == 1
    closed = u(SEVEN_OFF + [7], SEVEN_OFF + [9], 2, capture=False)
    assert (7, 9) not in moves(closed)


def test_ur6_the_own_rows_hold_both_sides_apart():
    s = u(SEVEN_OFF + [2], SEVEN_OFF + [2])  # same number, different cells
    assert s.pieces == ((0,) * 6 + (2,), (0,) * 6 + (2,))


def test_ur7_the_centre_rosette_is_safe():
    s = u(SEVEN_OFF + [6], SEVEN_OFF + [8], 2)
    assert (6, 8) not in moves(s)
    assert (6, 8) in moves(u(SEVEN_OFF + [6], SEVEN_OFF + [8], 2, safe_rosettes="none"))


def test_ur8_the_corner_rosettes_give_another_throw():
    s = u([0] * 7, [0] * 7, 4)
    assert move(s, 0, 4).to_move == 0  # position 4 is the corner rosette
    centre = u(SEVEN_OFF + [5], [0] * 7, 3)
    assert move(centre, 5, 8).to_move == 1  # Finkel: the centre rosette gives none
    every = u(SEVEN_OFF + [5], [0] * 7, 3, extra_throw_rosettes="all")
    assert move(every, 5, 8).to_move == 0
    murray = position(UR, [SEVEN_OFF + [1], [0] * 7], {"rules": "murray"}, throw=3)
    assert move(murray, 1, 4).to_move == 1  # Murray's rosettes give nothing


def test_ur9_bearing_off_is_the_squares_left_plus_one_exactly():
    s = u(SEVEN_OFF + [13], [0] * 7, 2)
    assert (13, 15) in moves(s)
    s = u(SEVEN_OFF + [13], [0] * 7, 3)
    assert (13, 15) not in moves(s)
    assert (13, 15) in moves(u(SEVEN_OFF + [13], [0] * 7, 3, exact_bearoff=False))


def test_ur10_the_first_to_bear_off_seven_wins():
    s = u([15] * 6 + [14], [0] * 7, 1)
    end = move(s, 14, 15)
    assert ur.outcome(end).winner == 0 and ur.outcome(end).score == (7, 0)


# -- 20 Squares --------------------------------------------------------------------------------

def t(mine, theirs, value=None, **options):
    return position(TS, [mine, theirs], {"rules": "seleucid", **options}, throw=value)


def test_ts4_the_ox_raises_1_2_3_4_to_5_6_7_10():
    r = ts.rules(ts.validate_options({}))
    assert [r.value_of((f, 0)) for f in (1, 2, 3, 4)] == [(1,), (2,), (3,), (4,)]
    assert [r.value_of((f, 1)) for f in (1, 2, 3, 4)] == [(5,), (6,), (7,), (10,)]
    assert ts.describe(ts.new_game(), {"throw": [4, 1]}) == "throw 4-1 = 10"


def test_ts2_the_route_runs_the_own_row_then_the_whole_middle_row():
    b = boards.twenty_squares()
    assert len(b.routes[0]) == 16 and len(b.cells) == 20
    assert [b.cells[c].y for c in b.routes[0][4:]] == [1] * 12


def test_ts8_the_middle_row_rosettes_are_safe():
    s = t(SEVEN_OFF + [5], SEVEN_OFF + [8], 3)  # position 8 is the middle row's 4th square
    assert (5, 8) not in moves(s)
    assert (5, 8) in moves(t(SEVEN_OFF + [5], SEVEN_OFF + [8], 3, safe_rosettes="none"))


def test_ts9_the_corner_rosettes_give_another_throw():
    assert move(t([0] * 7, [0] * 7, 4), 0, 4).to_move == 0
    assert move(t([0] * 7, [0] * 7, 3), 0, 3).to_move == 1


def test_ts7_capture_sends_back():
    s = t(SEVEN_OFF + [5], SEVEN_OFF + [10], 5)
    assert move(s, 5, 10).pieces[1] == (0,) * 7


def test_ts10_bearing_off_exactly():
    s = t(SEVEN_OFF + [10], [0] * 7, 7)
    assert (10, 17) in moves(s)
    s = t(SEVEN_OFF + [11], [0] * 7, 7)
    assert moves(s) == {(0, 7)}  # 11 + 7 overshoots the end
