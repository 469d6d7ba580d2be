"""The vocabulary added for the race5 batch, worked by hand on Ashtapada after Kile
(race.ashtapada-kile: four sticks, three up worth three and then one more square):

- ``worth.ordered``: a throw's moves are played in the order its worth lists them, one that no
  piece can make lost and the next due;
- ``enter.throws``: only the moves of a throw whose first worth is listed bring a piece on;
- ``bear_off.values`` and ``bear_off.throws``: only a move of those values, of such a throw,
  bears a piece off.
"""
from __future__ import annotations

import pytest

from games.engine.rules import RULESETS_DIR, RulesFileError
from tests.games.test_rules_race import _compile
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


# -- Saturankam: doubles ------------------------------------------------------------------------
SAT = "race.saturankam"


def test_saturankam_double_one_brings_back_a_piece_sent_off():
    # South: one piece on f1 (square 2), one off the board. A 1-3 does not bring it in...
    sim = position(SAT, [[2], [1, 1], [1, 1], [1, 1]], hands=[1, 0, 0, 0])
    throw(sim, [1, 3])
    assert {a["from"] for a in actions(sim)} == {"f1"}
    # ... a double one does, onto e1, and another throw follows the move.
    sim = position(SAT, [[2], [1, 1], [1, 1], [1, 1]], hands=[1, 0, 0, 0])
    throw(sim, [1, 1])
    assert sorted((a["from"], a["to"]) for a in actions(sim)) == [("f1", "g1"), ("hand", "e1")]
    sim.play(next(m for m in sim.moves() if m[0] == 0))
    assert sorted((a["from"], a["to"]) for a in actions(sim)) == [("e1", "f1"), ("f1", "g1")]
    sim.play(sim.moves()[0])
    assert sim.is_chance() and sim.seat == 0  # the double's extra throw


def test_saturankam_the_last_one_three_or_four_squares_need_that_double():
    # South's piece on d6 (square 73), four squares from the centre (77): a 4-1 cannot take it
    # in (the 4 is lost; the 1 moves it to e6), a double four can.
    sim = position(SAT, [[73], [1, 1], [1, 1], [1, 1]], hands=[0, 0, 0, 0], off=[1, 0, 0, 0])
    throw(sim, [4, 1])
    assert actions(sim) == [{"from": "d6", "to": "e6"}]
    sim = position(SAT, [[73], [1, 1], [1, 1], [1, 1]], hands=[0, 0, 0, 0], off=[1, 0, 0, 0])
    throw(sim, [4, 4])
    assert actions(sim) == [{"from": "d6", "to": "off"}]
    sim.play(sim.moves()[0])
    assert sim.result() == (1.0, 0.0, 0.0, 0.0)
    # Six squares away (d4, square 71), a plain 6 takes it in, or the 1 moves it to d5.
    sim = position(SAT, [[71], [1, 1], [1, 1], [1, 1]], hands=[0, 0, 0, 0], off=[1, 0, 0, 0])
    throw(sim, [6, 1])
    assert sorted((a["from"], a["to"]) for a in actions(sim)) == [("d4", "d5"), ("d4", "off")]


# -- bad values name the file, line and field ---------------------------------------------------
@pytest.mark.parametrize("change, where", [
    (("ordered = true", 'ordered = "yes"'), "worth.ordered: must be true or false"),
    (("throws = [3], square", "throws = 3, square"), "enter.throws: must list whole numbers"),
    (("values = [1], throws = [3] }", 'values = ["one"], throws = [3] }'), "bear_off.values: must list whole numbers"),
])
def test_ashtapada_bad_values_name_the_line(change, where):
    text = (RULESETS_DIR / "race" / "ashtapada-kile.toml").read_text(encoding="utf-8")
    assert change[0] in text
    with pytest.raises(RulesFileError) as info:
        _compile(text.replace(change[0], change[1], 1))
    message = str(info.value)
    assert message.startswith("race/broken.toml:") and where in message


@pytest.mark.parametrize("change, where", [
    (("doubles = [1], values", "doubles = 1, values"), "enter.doubles: must list whole numbers"),
    (("doubles = [1, 3, 4] }", 'doubles = "1 3 4" }'), "bear_off.doubles: must list whole numbers"),
    (("extra_throw = { doubles = true }", "extra_throw = { doubles = 2 }"), "extra_throw.doubles: must be true or false"),
])
def test_saturankam_bad_values_name_the_line(change, where):
    text = (RULESETS_DIR / "race" / "saturankam.toml").read_text(encoding="utf-8")
    assert change[0] in text
    with pytest.raises(RulesFileError) as info:
        _compile(text.replace(change[0], change[1], 1))
    message = str(info.value)
    assert message.startswith("race/broken.toml:") and where in message
