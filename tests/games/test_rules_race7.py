"""The vocabulary added for the race7 batch, worked by hand on Nyout (race.nyout and its three-
and four-player files):

- ``track.branches``: short cuts a piece standing on a cell may take (Nyout's cross from the
  corners a8 and h1, and either way from the centre h8); a piece only passing keeps its way;
- ``stack.whole``: a seat's pieces on one square move as one (``"on-board"``: but go off one
  at a time, as Ludii plays Nyout);
- the Ludii replay's ``[ludii] throw_steps``: each throw of a series a pass step of its own.

Nyout's track squares (every seat runs the same): g14 1, e13 2, c11 3, b9 4, a8 5, b7 6, c5 7,
e3 8, g2 9, h1 10, i2 11, k3 12, m5 13, n7 14, o8 15, n9 16, m11 17, k13 18, i14 19, h15 20; the
row's short cut d8 21, f8 22, h8 23, j8 24, l8 25; the column's h4 26, h6 27, (h8 28), h10 29,
h12 30. Sticks: 1 is the black side up; four white 4, one black 3, two 2, three 1, four black 5.
"""
from __future__ import annotations

import pytest

from games.engine.rules import RULESETS_DIR, RulesFileError, rules_variant
from tests.games.test_rules_race import _compile
from tests.games.test_rules_race_b import actions, position, throw

NYOUT = "race.nyout"
THREE_P = "race.nyout-three-players"
FOUR_P = "race.nyout-four-players"
ONE, TWO, THREE, FOUR, FIVE = [1, 1, 1, 0], [1, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [1, 1, 1, 1]


def pairs(sim):
    return sorted((a["from"], a["to"]) for a in actions(sim))


def test_the_throws_are_worth_what_the_text_says():
    sim = position(NYOUT, [[], []])
    worth = {tuple(f): v for f, v in zip(sim.r.outcomes, sim.r.vals)}
    assert worth[tuple(FOUR)] == (4,) and worth[tuple(FIVE)] == (5,)
    assert worth[tuple(THREE)] == (3,) and worth[tuple(TWO)] == (2,) and worth[tuple(ONE)] == (1,)


def test_a_piece_on_a_corner_may_take_the_short_cut():
    # Red's one piece on a8 (square 5), the rest off; a 2: round the ring to c5, or along the row to f8.
    sim = position(NYOUT, [[5], []], off=[3, 0])
    throw(sim, TWO)
    assert pairs(sim) == [("a8", "c5"), ("a8", "f8")]
    # from the bottom corner h1 (10): on to k3, or up the column to h6
    sim = position(NYOUT, [[10], []], off=[3, 0])
    throw(sim, TWO)
    assert pairs(sim) == [("h1", "h6"), ("h1", "k3")]


def test_a_piece_passing_a_corner_or_the_centre_keeps_its_way():
    # b9 (4) by 3 passes a8: b7, c5 only
    sim = position(NYOUT, [[4], []], off=[3, 0])
    throw(sim, THREE)
    assert pairs(sim) == [("b9", "c5")]
    # a8 by 4 along the row passes the centre: d8, f8, h8, j8 (not up the column to h10)
    sim = position(NYOUT, [[5], []], off=[3, 0])
    throw(sim, FOUR)  # a 4 throws again: then a 1 (b7, or d8 along the row)
    throw(sim, ONE)
    assert pairs(sim) == [("a8", "b7"), ("a8", "d8"), ("a8", "g2"), ("a8", "j8")]
    # h1 by 4 up the column passes the centre: h4, h6, h8, h10 (not along the row to j8)
    sim = position(NYOUT, [[10], []], off=[3, 0])
    throw(sim, FOUR)
    throw(sim, ONE)
    assert pairs(sim) == [("h1", "h10"), ("h1", "h4"), ("h1", "i2"), ("h1", "n7")]


def test_a_piece_resting_in_the_centre_leaves_it_either_way():
    # h8 (23) by 3: j8, l8, o8 along the row; h10, h12, h15 up the column
    sim = position(NYOUT, [[23], []], off=[3, 0])
    throw(sim, THREE)
    assert pairs(sim) == [("h8", "h15"), ("h8", "o8")]
    # by 4: on to n9 round the ring, or h10, h12, h15 and off
    sim = position(NYOUT, [[23], []], off=[3, 0])
    throw(sim, FOUR)
    throw(sim, ONE)
    assert pairs(sim) == [("h8", "h10"), ("h8", "j8"), ("h8", "n9"), ("h8", "off")]
    # landing in the centre from the column gives the centre's one resting square (23)
    sim = position(NYOUT, [[27], []], off=[3, 0])  # on h6
    throw(sim, ONE)
    assert pairs(sim) == [("h6", "h8")]
    sim.play(sim.moves()[0])
    assert sim.pos[0] == [23]


def test_a_piece_goes_off_one_or_more_past_the_top():
    sim = position(NYOUT, [[19], []], off=[3, 0])  # i14
    throw(sim, ONE)
    assert pairs(sim) == [("i14", "h15")]  # landing on h15 is not off
    sim = position(NYOUT, [[19], []], off=[3, 0])
    throw(sim, FIVE)  # a 5 throws again: then a 2
    assert sim.is_chance() and sim.seat == 0
    throw(sim, TWO)
    assert sorted(sim.left) == [2, 5]
    assert actions(sim) == [{"from": "i14", "to": "off", "value": 2}, {"from": "i14", "to": "off", "value": 5}]
    sim.play(sim.moves()[0])
    assert sim.result() == (1.0, 0.0)


def test_throws_of_4_and_5_are_thrown_on_before_moving():
    sim = position(NYOUT, [[], []])
    throw(sim, FOUR)
    assert sim.is_chance() and sim.seat == 0
    throw(sim, FIVE)
    assert sim.is_chance() and sim.seat == 0
    throw(sim, THREE)
    assert sorted(sim.left) == [3, 4, 5]
    # pieces come on one at a time: g14 is square 1, so a 3 puts one on c11, a 4 on b9, a 5 on a8
    assert pairs(sim) == [("hand", "a8"), ("hand", "b9"), ("hand", "c11")]


def test_pieces_that_meet_move_as_one():
    sim = position(NYOUT, [[5, 5], []], off=[2, 0])  # two on a8
    throw(sim, TWO)
    assert pairs(sim) == [("a8", "c5"), ("a8", "f8")]
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json()["to"] == "f8"))
    assert sim.pos[0] == [22, 22]
    assert sim.to_json()["board"]["f8"] == [0, "piece", 2]


def test_a_stack_goes_off_whole_or_one_at_a_time():
    sim = position(NYOUT, [[19, 19], []], off=[2, 0])
    throw(sim, TWO)
    sim.play(sim.moves()[0])
    assert sim.result() == (1.0, 0.0)  # both off: the game is won
    sim = position(NYOUT, [[19, 19], []], off=[2, 0], options={"stack_off": "one"})
    throw(sim, TWO)
    sim.play(sim.moves()[0])
    assert sim.off[0] == 3 and sim.pos[0] == [19]


def test_landing_on_an_opponent_sends_the_stack_back_and_earns_a_throw():
    # Red on b9 (4), Blue's two pieces on a8 (5): a 1 takes Red onto them, both go back
    sim = position(NYOUT, [[4], [5, 5]], off=[3, 2])
    throw(sim, ONE)
    assert pairs(sim) == [("b9", "a8")]
    sim.play(sim.moves()[0])
    assert sim.hand[1] == 2 and sim.pos[1] == []
    assert sim.is_chance() and sim.seat == 0  # Red throws again
    # Ludii's readings: a stack of two is closed; no other throw for a capture
    sim = position(NYOUT, [[4], [5, 5]], off=[3, 2], options={"stacks": "block"})
    throw(sim, ONE)
    assert sim.is_chance() and sim.seat == 1  # no move: the turn passes
    sim = position(NYOUT, [[4], [5]], off=[3, 3], options={"capture_throw": False})
    throw(sim, ONE)
    sim.play(sim.moves()[0])
    assert sim.hand[1] == 1 and sim.is_chance() and sim.seat == 1


def test_partners_share_a_circle_each_moving_its_own():
    # four players: Red (0) and Green (2) partners; Red on b9, Green on a8
    sim = position(FOUR_P, [[4], [], [5], []], off=[3, 0, 3, 0])
    throw(sim, ONE)
    assert pairs(sim) == [("b9", "a8")]
    sim.play(sim.moves()[0])
    assert sim.to_json()["board"]["a8"] == [None, "piece", 2]
    assert sim.pos[2] == [5]


def test_the_three_player_file_has_three_pieces_each():
    v = rules_variant(THREE_P)
    sim = v.game.new_sim(v.validate_options({}))
    assert sim.hand == [3, 3, 3]


def test_the_ludii_run_puts_the_last_throw_before_the_first_move():
    sim = position(NYOUT, [[], []], options={"capture_throw": False, "stacks": "block", "stack_off": "one"})
    g = sim.game
    throw(sim, FOUR)
    throw(sim, THREE)
    m = sim.moves()[0]
    run = g.ludii_steps(sim, m, 0)
    assert run[0] == (0, {"pass": True}, True) and run[1][1] == sim.action(m).to_json()
    sim.play(m)
    assert g.ludii_steps(sim, sim.moves()[0], 0) is None  # later moves are one step each


def test_branches_need_known_cells():
    text = (RULESETS_DIR / "race" / "nyout.toml").read_text()
    with pytest.raises(RulesFileError, match="branches"):
        _compile(text.replace('to = "o8" }', 'to = "zz9" }'))
    with pytest.raises(RulesFileError, match="whole"):
        _compile(text.replace("stack = { own = true, whole", "stack = { own = false, whole"))
