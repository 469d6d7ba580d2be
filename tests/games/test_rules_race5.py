"""The vocabulary added for the race5 batch, worked by hand on Ashtapada after Kile
(race.ashtapada-kile: four sticks, three up worth three and then one more square):

- ``worth.ordered``: a throw's moves are played in the order its worth lists them, one that no
  piece can make lost and the next due;
- ``enter.throws``: only the moves of a throw whose first worth is listed bring a piece on;
- ``bear_off.values`` and ``bear_off.throws``: only a move of those values, of such a throw,
  bears a piece off.
"""
from __future__ import annotations

from tests.games.test_rules_race_b import actions, position, throw

KILE = "race.ashtapada-kile"
ONE, TWO, THREE, FOUR, NONE = [1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1], [0, 0, 0, 0]


def test_three_is_played_before_its_one_more_square():
    # South: a piece on h1 (square 5), one in the hand. A three: first the three (h1 to h4),
    # and only then the one more square, which may bring the other piece on at d1.
    sim = position(KILE, [[5], []])
    throw(sim, THREE)
    assert [(a["from"], a["to"]) for a in actions(sim)] == [("h1", "h4")]
    sim.play(sim.moves()[0])
    assert sorted((a["from"], a["to"]) for a in actions(sim)) == [("h4", "h5"), ("hand", "d1")]


def test_a_three_no_piece_can_play_is_lost_and_the_one_still_enters():
    sim = position(KILE, [[], []])
    throw(sim, THREE)
    assert [(a["from"], a["to"]) for a in actions(sim)] == [("hand", "d1")]
    sim.play(sim.moves()[0])
    assert sim.is_chance() and sim.seat == 1


def test_a_plain_one_brings_no_piece_on_and_none_up_moves_nothing():
    for faces in (ONE, TWO, FOUR, NONE):
        sim = position(KILE, [[], []])
        throw(sim, faces)
        assert sim.is_chance() and sim.seat == 1, faces


def test_only_the_one_more_square_of_a_three_bears_off():
    # South's last piece on e3, the track's last square (58); one piece already off.
    sim = position(KILE, [[58], [1]], off=[1, 0], hands=[0, 1])
    throw(sim, ONE)  # a plain one does not take it into the centre
    assert sim.is_chance() and sim.seat == 1
    sim = position(KILE, [[58], [1]], off=[1, 0], hands=[0, 1])
    throw(sim, THREE)  # the three cannot be played; its one more square takes the piece off
    assert [(a["from"], a["to"]) for a in actions(sim)] == [("e3", "off")]
    sim.play(sim.moves()[0])
    assert sim.result() == (1.0, 0.0)


def test_a_three_landing_exactly_past_the_end_does_not_bear_off():
    # On f4 (square 56): three squares would take it exactly off, but only a one bears off;
    # the three is lost and the one moves it to f3.
    sim = position(KILE, [[56], [1]], off=[1, 0], hands=[0, 1])
    throw(sim, THREE)
    assert [(a["from"], a["to"]) for a in actions(sim)] == [("f4", "f3")]
