"""The race12 batch, worked by hand: race games whose DLP ruleset has no rules text, written
after Ludii's reading (race.ashta-kashte, race.romaya, race.tourne-case, race.tugi-epfe,
race.tawula), and the race mechanic's ``move.hook`` point (``hooks_race12.py``).

Positions are written as track squares per seat (``at`` turns a cell name into the seat's
square, the first where a track passes a cell twice); throws by their faces.
"""
from __future__ import annotations

import random

import pytest

from games.engine.rules import rules_variant
from tests.games.test_rules_race_b import _game, actions, position, throw

ASHTA = "race.ashta-kashte"
ROMAYA = "race.romaya"
TOURNE = "race.tourne-case"
TUGI = "race.tugi-epfe"
TAWULA = "race.tawula"


def at(key, seat, cell, nth=1):
    names = rules_variant(key).game.rules({}).track_names[seat]
    squares = [i + 1 for i, c in enumerate(names) if c == cell]
    return squares[nth - 1]


def pairs(sim):
    return sorted((a["from"], a["to"]) for a in actions(sim) if "from" in a)


# -- the hook point ------------------------------------------------------------------------------

def test_a_hook_must_be_known():
    with pytest.raises(Exception, match="names no hook"):
        _game('pieces = { count = 1 }\nmove = { hook = "no-such-hook" }')
    assert _game('pieces = { count = 1 }\nmove = { hook = "tawula" }').rf.hooks == ["tawula"]


# -- Ashta-kashte: graces, crossed squares, the exact finish in the centre -------------------------

def test_ashta_a_grace_brings_a_piece_in_and_throws_again():
    sim = position(ASHTA, [[], []])
    throw(sim, [0, 1, 1, 0])  # two mouths up: 2, no piece on the board: nothing to do
    assert sim.seat == 1
    sim = position(ASHTA, [[], []])
    throw(sim, [0, 0, 0, 0])  # none up: 8, a grace
    got = actions(sim)
    assert {"from": "hand", "to": "g4"} in got and {"pass": True} in got
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json().get("from") == "hand"))
    assert sim.seat == 0 and sim.pos[0] == [1]  # on g4, and East throws again


def test_ashta_crossed_squares_are_shared_and_others_send_back():
    # East on g4 (1) throws 3 to g7 (4), crossed, where West's piece stands: both stay
    g7 = at(ASHTA, 1, "g7")
    sim = position(ASHTA, [[1], [g7]])
    throw(sim, [1, 1, 1, 0])
    sim.play(next(m for m in sim.moves() if m != (-1, -1, 0)))
    assert sim.pos[1] == [g7] and sim.pos[0] == [4]
    # to g6 (3), not crossed: West's piece goes back to its hand, and East throws again
    g6 = at(ASHTA, 1, "g6")
    sim = position(ASHTA, [[1], [g6]])
    throw(sim, [1, 1, 0, 0])
    sim.play(next(m for m in sim.moves() if m != (-1, -1, 0)))
    assert sim.pos[1] == [] and sim.hand[1] == 4 and sim.seat == 0


def test_ashta_the_centre_is_reached_exactly():
    d4 = at(ASHTA, 0, "d4")
    sim = position(ASHTA, [[d4 - 2], []])
    throw(sim, [1, 1, 1, 0])  # 3: past the centre, no move (only the pass)
    assert [a for a in actions(sim) if "from" in a] == []
    sim = position(ASHTA, [[d4 - 2], []])
    throw(sim, [1, 1, 0, 0])  # 2: onto d4, off the board
    assert pairs(sim) == [("e5", "d4")]


# -- Romaya: a 14 played as one, the last side -------------------------------------------------------

def test_romaya_a_fourteen_may_move_one():
    sim = position(ROMAYA, [[at(ROMAYA, 0, "f17")], []])
    throw(sim, [0, 0, 1, 0])  # the 14 stick alone up
    # as 1: f17 to f19, a new piece to a11; as 14: f17 on to o15, a new piece to f19
    assert pairs(sim) == [("f17", "f19"), ("f17", "o15"), ("hand", "a11"), ("hand", "f19")]


def test_romaya_the_last_side_moves_only_by_two_or_three():
    n2 = at(ROMAYA, 0, "n2")
    for faces, want in (([1, 1, 0, 0], [("hand", "b9"), ("n2", "l2")]),
                        ([0, 0, 1, 0], [("hand", "a11"), ("hand", "f19")]),
                        ([0, 0, 0, 0], [("hand", "f10")])):
        sim = position(ROMAYA, [[n2], []])
        throw(sim, faces)
        assert pairs(sim) == want
    # from the last hole, d5, only the 14 as one takes the piece off
    sim = position(ROMAYA, [[at(ROMAYA, 0, "d5", 2)], []], hands=[0, 2], off=[1, 0])
    throw(sim, [0, 0, 1, 0])
    assert pairs(sim) == [("d5", "off")]


# -- Tourne-Case: the lower die, no passing, the facing capture --------------------------------------

def test_tourne_case_moves_by_the_lower_die_and_passes_no_piece_of_its_own():
    sim = position(TOURNE, [[1, 1, 3], [1, 1, 1]])  # White: two on the bar, one on b1
    throw(sim, [2, 5])
    assert pairs(sim) == [("b1", "d1")]  # g1 by 2 would land on b1
    sim = position(TOURNE, [[1, 1, 2], [1, 1, 1]])  # one on a1
    throw(sim, [6, 3])
    assert pairs(sim) == [("a1", "d1")]  # g1 by 3 would pass a1
    sim.play(sim.moves()[0])
    assert sim.seat == 1  # the one move spends the throw


def test_tourne_case_sends_back_a_lone_piece_on_the_facing_point():
    # White's a1 (2) by 2 to c1, facing c2, Black's square 4 with a lone piece: back to g2
    sim = position(TOURNE, [[1, 1, 2], [1, 1, 4]])
    throw(sim, [2, 2])
    sim.play(next(m for m in sim.moves()))
    assert sim.pos[1] == [1, 1, 1]
    # two there are safe
    sim = position(TOURNE, [[1, 2, 5], [1, 4, 4]])
    throw(sim, [2, 4])
    assert ("a1", "c1") in pairs(sim)


def test_tourne_case_final_point_and_the_opponents_home():
    # White has a piece home (on a2): Black may not land on a2, its square 2
    sim = position(TOURNE, [[1, 1], [1, 1, 1]], hands=[0, 0], off=[1, 0], seat=1)
    throw(sim, [1, 6])
    assert pairs(sim) == []


# -- Tugi-epfe: either way round, captures only going the same way ----------------------------------

def test_tugi_epfe_a_horse_at_the_start_goes_either_way():
    sim = position(TUGI, [[1], [1]])
    throw(sim, [0, 0, 1])  # 3
    assert pairs(sim) == [("b1", "b4"), ("b1", "l3")]


def test_tugi_epfe_captures_only_the_same_way_round():
    l5 = at(TUGI, 0, "l5")
    # Black going clockwise on l5, White on l2 (clockwise too) throws 3: lands and sends it back
    sim = position(TUGI, [[at(TUGI, 0, "l2")], [l5]])
    throw(sim, [0, 0, 1])
    assert pairs(sim) == [("l2", "l5")]
    sim.play(sim.moves()[0])
    assert sim.pos[1] == [1]
    # White going anticlockwise meets Black going clockwise on l5: it may not land there
    sim = position(TUGI, [[at(TUGI, 0, "l8", 2)], [l5]])
    throw(sim, [0, 0, 1])
    assert pairs(sim) == []


def test_tugi_epfe_home_by_the_exact_throw():
    b2 = at(TUGI, 0, "b2")  # clockwise, the last space before home
    sim = position(TUGI, [[b2], [1]])
    throw(sim, [0, 0, 1])  # 3: past home, no move
    assert pairs(sim) == []
    sim = position(TUGI, [[b2], [at(TUGI, 1, "t5")]])
    throw(sim, [0, 1, 1])  # 1: home, and the game is won
    sim.play(sim.moves()[0])
    assert sim.outcome() is not None and sim.over[0] == 0


# -- Tawula: entering, the starting point, the bar, the one-piece points -----------------------------

def test_tawula_pieces_enter_counted_from_the_starting_point():
    sim = position(TAWULA, [[2, 2], [2, 2]])
    throw(sim, [1, 4])
    # new pieces to l2 and i2; the two on m2 wait while pieces remain to enter
    assert pairs(sim) == [("hand", "i2"), ("hand", "l2")]


def test_tawula_the_bar_first_and_one_piece_points():
    i2 = at(TAWULA, 0, "i2")
    # a White piece on the bar, another on i2: only the bar and the hand move; g1 by 5 is i2,
    # a one-piece point already held
    sim = position(TAWULA, [[1, 2, 2, i2], [2, 2]], hands=[11, 13])
    throw(sim, [5, 2])
    assert pairs(sim) == [("g1", "l2"), ("hand", "h2"), ("hand", "k2")]


def test_tawula_a_lone_piece_is_sent_to_the_bar_and_a_die_past_the_end_bears_off():
    m1 = at(TAWULA, 0, "m1")
    sim = position(TAWULA, [[m1 - 1], [at(TAWULA, 1, "l2")]], hands=[0, 0], off=[14, 14])
    throw(sim, [3, 1])
    assert pairs(sim) == [("l1", "m1"), ("l1", "off")]
    sim = position(TAWULA, [[2, 2], [2, 2, at(TAWULA, 1, "l2")]])
    throw(sim, [1, 4])
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json()["to"] == "l2"))
    assert sim.pos[1] == [1, 2, 2]  # Black's piece waits on its bar g2


# -- all five: random games end and keep their pieces ------------------------------------------------

@pytest.mark.parametrize("key", [ASHTA, ROMAYA, TOURNE, TUGI, TAWULA, "race.tsun-ki"])
def test_random_games_end_and_keep_their_pieces(key):
    v = rules_variant(key)
    g = v.game
    for seed in range(6):
        sim = g.new_sim(v.validate_options({}))
        rng = random.Random(seed)
        while sim.outcome() is None:
            if sim.is_chance():
                sim.chance(rng)
            else:
                sim.play(rng.choice(sim.moves()))
            for s in range(g.players):
                assert sim.hand[s] + len(sim.pos[s]) + sim.off[s] == sim.r.count
        back = v.fast(v.state_from_json(sim.to_json()))
        assert back.to_json() == sim.to_json()


# -- Tsun k'i: the throws' moves, the first pass of a cell ---------------------------------------------

TSUN = "race.tsun-ki"


def test_tsun_ki_two_ones_lose_a_piece():
    sim = position(TSUN, [[1, 2], [1, 2]], hands=[0, 0], off=[14, 14])
    throw(sim, [1, 1])
    assert pairs(sim) == [("b1", "off"), ("b2", "off")]
    sim.play(sim.moves()[0])
    assert sim.off[0] == 15 and sim.seat == 1


def test_tsun_ki_a_double_is_half_once_or_the_total_twice():
    sim = position(TSUN, [[1], [1]], hands=[0, 0], off=[15, 15])
    throw(sim, [3, 3])
    assert pairs(sim) == [("b1", "b4"), ("b1", "b7")]
    sim.play(next(m for m in sim.moves() if m[1] == 4))  # half: the turn ends
    assert sim.seat == 1
    sim = position(TSUN, [[1], [1]], hands=[0, 0], off=[15, 15])
    throw(sim, [2, 2])
    sim.play(next(m for m in sim.moves() if m[1] == 5))  # the total, 4: b1 to b5
    assert sim.seat == 0 and pairs(sim) == [("b5", "a8")]  # and the total again


def test_tsun_ki_a_run_is_the_total_and_the_lower_or_the_total_less_one():
    sim = position(TSUN, [[1], [1]], hands=[0, 0], off=[15, 15])
    throw(sim, [3, 4])
    assert pairs(sim) == [("b1", "b4"), ("b1", "b7"), ("b1", "b8")]  # 3, 6, 7
    sim.play(next(m for m in sim.moves() if m[1] == 8))  # the total first: then 3 or 6
    assert pairs(sim) == [("b8", "a3"), ("b8", "a6")]


def test_tsun_ki_a_piece_goes_on_from_the_first_pass_of_its_cell():
    # White on a1 (16) by 6 lands on a7 of the way back up (22): it stands as a7 going down (10)
    sim = position(TSUN, [[16], [1]], hands=[0, 0], off=[15, 15])
    throw(sim, [6, 6])
    sim.play(next(m for m in sim.moves() if m[1] == 22))
    assert sim.pos[0] == [10]
