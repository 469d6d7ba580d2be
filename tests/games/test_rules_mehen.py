"""Mehen after Kendall (race.mehen, DLP.GameRulesets.542), worked by hand clause by clause, and
the race mechanic's parts it brought: ``pieces.stage`` (a kind a piece becomes further along its
track), ``capture.opponent = "remove"`` with ``capture.by = "stage"`` and ``end.goal =
"take-all"``.

A seat's track, in positions: 1..87 the spiral inwards (s87, the tail, to s1), 88 and 89 the
centre (arrived; one 1 spent), 90..176 the spiral outwards (s1 to s87), 177 the seat's den (a
lion from here on), 178..264 the spiral inwards again, the lion's ground.
"""
from __future__ import annotations

import random

import pytest

from games.engine.core import InvalidState
from games.engine.rules import rules_variant
from tests.games.test_rules_race_b import _game, actions, position, throw

MEHEN = "race.mehen"
CENTRE, CENTRE2, DEN = 88, 89, 177
ONE, TWO, THREE, FOUR, NONE = [1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1], [0, 0, 0, 0]


def inward(k):  # the ball's position on s<k>, running in
    return 88 - k


def outward(k):  # running out
    return 89 + k


def lion(k):  # a lion on s<k>
    return 265 - k


def moves(sim):
    return sorted((a["from"], a["to"]) for a in actions(sim) if "from" in a)


def played(sim, frm, to):
    for m in sim.moves():
        a = sim.action(m).to_json()
        if a.get("from") == frm and a.get("to") == to:
            sim.play(m)
            return sim
    raise AssertionError(f"no move {frm}->{to} among {moves(sim)}")


def test_the_track_is_in_to_the_centre_out_to_the_den_and_in_again():
    names = rules_variant(MEHEN).game.rules({}).track_names
    for seat, den in ((0, "den1"), (1, "den2")):
        t = names[seat]
        assert len(t) == 264
        assert t[inward(87) - 1] == "s87" and t[inward(1) - 1] == "s1"
        assert t[CENTRE - 1] == t[CENTRE2 - 1] == "c"
        assert t[outward(1) - 1] == "s1" and t[outward(87) - 1] == "s87"
        assert t[DEN - 1] == den
        assert t[lion(87) - 1] == "s87" and t[lion(1) - 1] == "s1"


def test_a_ball_comes_on_at_the_tail_only_with_a_one_whatever_stands_there():  # MH-4, MH-10
    sim = position(MEHEN, [[], [inward(87)]])
    throw(sim, TWO)
    assert moves(sim) == []  # a two brings nothing on; the turn passes
    assert sim.seat == 1
    sim = position(MEHEN, [[], [inward(87)]])
    throw(sim, ONE)
    assert moves(sim) == [("hand", "s87")]
    played(sim, "hand", "s87")
    assert sim.to_json()["board"]["s87"] == [None, "ball", 2]  # shared; balls take nothing
    assert sim.hand == [5, 5] and sim.taken == [0, 0]


def test_a_throw_of_no_marked_side_moves_nothing():  # MH-3
    sim = position(MEHEN, [[inward(50)], []])
    throw(sim, NONE)
    assert sim.seat == 1 and sim.pos[0] == [inward(50)]


def test_the_centre_is_reached_only_by_the_exact_throw():  # MH-5
    sim = position(MEHEN, [[inward(3)], []])
    throw(sim, FOUR)
    assert moves(sim) == []
    sim = position(MEHEN, [[inward(3)], [CENTRE]])  # another ball there does not bar it
    throw(sim, THREE)
    assert moves(sim) == [("s3", "c")]
    played(sim, "s3", "c")
    assert sim.pos[0] == [CENTRE]


def test_leaving_the_centre_takes_two_ones_the_second_moving_it_out():  # MH-6
    sim = position(MEHEN, [[CENTRE], []])
    throw(sim, TWO)
    assert moves(sim) == []
    sim = position(MEHEN, [[CENTRE], []])
    throw(sim, ONE)
    assert moves(sim) == [("c", "c"), ("hand", "s87")]  # the one may bring a ball on instead
    played(sim, "c", "c")
    assert sim.pos[0] == [CENTRE2]
    state = sim.to_json()
    assert state["positions"][0] == [CENTRE2] and state["board"]["c"] == [0, "ball", 1]
    sim = position(MEHEN, [[CENTRE2], []])
    throw(sim, THREE)
    assert moves(sim) == []
    sim = position(MEHEN, [[CENTRE2], []])
    throw(sim, ONE)
    assert ("c", "s1") in moves(sim)
    played(sim, "c", "s1")
    assert sim.pos[0] == [outward(1)]


def test_a_ball_leaving_past_the_tail_comes_back_as_a_lion_in_its_den():  # MH-2, MH-7
    sim = position(MEHEN, [[outward(85)], []])
    throw(sim, FOUR)  # past the tail: no exact throw needed
    assert moves(sim) == [("s85", "den1")]
    played(sim, "s85", "den1")
    assert sim.pos[0] == [DEN]
    state = sim.to_json()
    assert state["board"]["den1"] == [0, "lion", 1]
    assert rules_variant(MEHEN).game.board_info({})["pieces"]["lion"]["name"] == "lion"
    again = rules_variant(MEHEN).state_from_json(state).to_json()
    assert again["board"] == state["board"] and again["positions"] == state["positions"]


def test_a_lion_comes_on_with_a_one_and_then_moves_twice_the_throw_either_way():  # MH-8
    sim = position(MEHEN, [[DEN, DEN], []])
    throw(sim, TWO)
    assert moves(sim) == []
    sim = position(MEHEN, [[DEN, DEN], []])
    throw(sim, ONE)
    assert moves(sim) == [("den1", "s87"), ("hand", "s87")]
    sim = position(MEHEN, [[lion(40)], []])
    throw(sim, THREE)
    assert moves(sim) == [("s40", "s34"), ("s40", "s46")]
    # never into the centre, never out past the tail
    sim = position(MEHEN, [[lion(2)], []])
    throw(sim, TWO)
    assert moves(sim) == [("s2", "s6")]
    sim = position(MEHEN, [[lion(86)], []])
    throw(sim, ONE)
    assert moves(sim) == [("hand", "s87"), ("s86", "s84")]


def test_a_lion_landing_takes_every_opposing_piece_there_out_of_the_game():  # MH-9
    # Black has two balls on s40 (running in), White's lion on s46 throws 3: in to s40
    sim = position(MEHEN, [[lion(46)], [inward(40), inward(40)]])
    throw(sim, THREE)
    played(sim, "s46", "s40")
    assert sim.pos[1] == [] and sim.taken == [0, 2] and sim.hand == [5, 4]
    state = sim.to_json()
    assert state["taken"] == [0, 2] and state["board"]["s40"] == [0, "lion", 1]
    assert rules_variant(MEHEN).state_from_json(state).to_json()["taken"] == [0, 2]


def test_a_ball_landing_on_a_lion_takes_nothing_and_shares_the_space():  # MH-10
    sim = position(MEHEN, [[inward(42)], [lion(40)]])
    throw(sim, TWO)
    played(sim, "s42", "s40")
    assert sim.taken == [0, 0]
    assert sim.to_json()["board"]["s40"] == [None, "lion", 2]


def test_taking_the_opponents_last_piece_wins():  # MH-9
    sim = position(MEHEN, [[lion(46)], [inward(40)]])
    sim.hand[1], sim.taken[1] = 0, 5
    sim = rules_variant(MEHEN).fast(rules_variant(MEHEN).state_from_json(sim.to_json()))
    throw(sim, THREE)
    played(sim, "s46", "s40")
    out = sim.outcome()
    assert out is not None and out.winner == 0 and out.how == "take-all"
    assert sim.to_json()["over"] == {"winner": 0, "how": "take-all"}


def test_one_a_space_is_ludiis_reading():  # MH-10's option
    opts = {"one_a_space": True}
    sim = position(MEHEN, [[], [inward(87)]], options=opts)
    throw(sim, ONE)
    assert moves(sim) == []  # the tail is taken
    sim = position(MEHEN, [[CENTRE], []], options=opts)
    throw(sim, THREE)  # the centre is left at once, by any throw
    assert moves(sim) == [("c", "s3")]
    sim = position(MEHEN, [[outward(85)], []], options=opts)
    throw(sim, FOUR)  # leaving at the tail by the exact throw only
    assert moves(sim) == []
    sim = position(MEHEN, [[lion(40), lion(34)], [lion(46)]], options=opts)
    throw(sim, THREE)
    assert moves(sim) == [("s34", "s28"), ("s40", "s46")]  # not onto its own lion on s34


def test_a_state_must_count_every_piece_and_name_the_kinds():
    v = rules_variant(MEHEN)
    sim = position(MEHEN, [[lion(40)], [inward(40)]])
    state = sim.to_json()
    bad = dict(state, taken=[0, 1])
    with pytest.raises(InvalidState, match="1 taken make not 6 pieces"):
        v.state_from_json(bad)
    bad = dict(state, board=dict(state["board"], s40=[0, "ball", 1]))
    with pytest.raises(InvalidState, match="positions put"):
        v.state_from_json(bad)
    bad = dict(state, board=dict(state["board"], s40=[0, "dragon", 1]))
    with pytest.raises(InvalidState, match="'ball' or 'lion'"):
        v.state_from_json(bad)


def test_the_new_elements_refuse_what_they_cannot_play():
    with pytest.raises(Exception, match="take-all needs capture.opponent"):
        _game('pieces = { count = 2 }\nend = { goal = "take-all" }')
    with pytest.raises(Exception, match="stage needs pieces.stage"):
        _game('pieces = { count = 2 }\ncapture = { opponent = "remove", by = "stage" }')
    with pytest.raises(Exception, match="must be a track square 1 to 12"):
        _game('pieces = { count = 2, stage = { from = 40, name = "lion" } }')
    with pytest.raises(Exception, match="from which a piece shows"):
        _game('pieces = { count = 2, stage = { name = "lion" } }')


def test_remove_takes_pieces_out_of_a_game_without_stages():
    g = _game('pieces = { count = 2 }\ncapture = { opponent = "remove" }\nend = { goal = "take-all" }')
    sim = g.new_sim({})
    assert "taken" in sim.to_json()


@pytest.mark.parametrize("options", [{}, {"one_a_space": True}])
def test_random_games_end_by_the_rules_or_the_guard(options):
    v = rules_variant(MEHEN)
    hows = []
    for seed in range(12):
        rng = random.Random(seed)
        sim = v.fast(v.new_game(options))
        while sim.outcome() is None:
            if sim.is_chance():
                sim.chance(rng)
            else:
                ms = sim.moves()
                sim.play(ms[rng.randrange(len(ms))])
            assert sum(sim.hand) + sum(len(p) for p in sim.pos) + sum(sim.taken) == 12
        hows.append(sim.outcome().how)
    assert set(hows) <= {"take-all", "limit"}
    if not options:
        assert hows.count("take-all") == len(hows)  # as the file reads the rules, no game jams


def test_with_three_sides_a_side_left_with_nothing_is_passed_over_and_the_last_standing_wins():
    three = "race.mehen-three-players"
    v = rules_variant(three)
    # White's lion on s46; Black has one ball left on s40 (five taken); Red still has its six
    sim = position(three, [[lion(46)], [inward(40)], []])
    sim.hand[1], sim.taken[1] = 0, 5
    sim = v.fast(v.state_from_json(sim.to_json()))
    throw(sim, THREE)
    played(sim, "s46", "s40")
    assert sim.outcome() is None and sim.taken == [0, 6, 0]
    assert sim.seat == 2  # Black, with nothing left, is passed over
    # Red's last piece taken by White ends it
    sim = position(three, [[lion(46)], [], [inward(40)]])
    sim.hand[1], sim.taken[1] = 0, 6
    sim.hand[2], sim.taken[2] = 0, 5
    sim = v.fast(v.state_from_json(sim.to_json()))
    throw(sim, THREE)
    played(sim, "s46", "s40")
    assert sim.outcome().winner == 0 and sim.outcome().how == "take-all"
