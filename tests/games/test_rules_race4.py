"""The vocabulary added for the race4 batch, worked by hand:

- ``move.back`` (race.py): a throw worth less than nothing (a die face below 0) takes a piece
  back that many squares, to the hand below its first square; nothing in the hand moves back.
  Pasa's blank face, less 10 (race.pasa; the peg's track square is the player's score).
- Quechucague (race.quechucague): a five-sided die of 1, 2, 3, 5 and 0, the two runs meeting
  on the bottom row, a piece landed on sent back.
"""
from __future__ import annotations

import pytest

from games.engine.rules import rules_variant
from games.engine.rules.loader import load_text
from games.engine.rules import race
from tests.games.test_rules_race_b import actions, position, throw  # noqa: F401

PASA = "race.pasa"
QU = "race.quechucague"


# -- Pasa: the score on a counting track, the blank face less 10 ---------------------------------

def test_pasa_die_has_seven_faces_each_as_likely():
    sim = position(PASA, [[], []])
    outs = sim.chance_outcomes()
    assert sorted(sim.r.outcomes[i][0] for i, _ in outs) == [-10, 1, 2, 3, 4, 5, 10]
    assert all(abs(p - 1 / 7) < 1e-9 for _, p in outs)


def test_pasa_throws_add_to_the_score():
    # Score 0 (in hand): a 10 puts the peg on score 10, a2; a 4 on score 4, e1.
    assert actions(throw(position(PASA, [[], []]), [10])) == [{"from": "hand", "to": "a2"}]
    assert actions(throw(position(PASA, [[], []]), [4])) == [{"from": "hand", "to": "e1"}]
    # Score 37 (h4) + 5 = 42 (c5).
    assert actions(throw(position(PASA, [[37], []]), [5])) == [{"from": "h4", "to": "c5"}]


def test_pasa_blank_face_takes_ten_off_the_score():
    # Score 14 (e2) less 10 = 4 (e1).
    sim = throw(position(PASA, [[14], [30]]), [-10])
    assert actions(sim) == [{"from": "e2", "to": "e1"}]
    sim.play(sim.moves()[0])
    assert sim.pos[0] == [4] and sim.is_chance() and sim.seat == 1
    # Score 10 (a2) less 10 = 0: the peg goes back to the hand.
    sim = throw(position(PASA, [[10], []]), [-10])
    assert actions(sim) == [{"from": "a2", "to": "hand"}]
    sim.play(sim.moves()[0])
    assert sim.pos[0] == [] and sim.hand[0] == 1 and sim.seat == 1
    # Score 6 (g1) less 10: nothing below nothing, back to the hand too.
    sim = throw(position(PASA, [[6], []]), [-10])
    assert actions(sim) == [{"from": "g1", "to": "hand"}]


def test_pasa_blank_face_with_the_peg_in_hand_moves_nothing():
    sim = throw(position(PASA, [[], [55]]), [-10])
    assert sim.is_chance() and sim.seat == 1 and sim.hand[0] == 1
    assert sim.to_json()["hands"][0] == {"peg": 1}


def test_pasa_reaching_a_hundred_wins():
    # Score 95 (f10): a 5 makes 100, a 10 makes 105: either takes the peg off and wins; a 4 makes 99 (j10).
    for face in (5, 10):
        sim = throw(position(PASA, [[95], [98]]), [face])
        assert actions(sim) == [{"from": "f10", "to": "off"}]
        sim.play(sim.moves()[0])
        assert sim.outcome().winner == 0
    assert actions(throw(position(PASA, [[95], [98]]), [4])) == [{"from": "f10", "to": "j10"}]


def test_pasa_state_with_a_blank_throw_round_trips():
    sim = throw(position(PASA, [[23], []]), [-10])
    data = sim.to_json()
    assert data["throw"]["left"] == [-10]
    v = rules_variant(PASA)
    again = v.fast(v.state_from_json(data))
    assert actions(again) == [{"from": "d3", "to": "d2"}]


MINI = """
key = "race.mini-back"
title = "Mini"
mechanic = "race"
game = { dlp = 0, name = "Mini" }
ruleset = { dlp = 0, name = "Mini" }
players = 2
sides = ["White", "Black"]
source = "dlp-2020"
locator = "DLP.GameRulesets.0"

[[clause]]
id = "MB-1"
text = "A row of six."
board = { shape = "squares", size = [6, 2] }
track = { seats = [["a1..f1"], ["a1..f1"]] }
pieces = { count = 1 }
throw = { device = "dice", count = 1, sides = 3, faces = [1, 2, -1] }
"""


def test_a_face_below_nothing_needs_move_back():
    with pytest.raises(Exception) as exc:
        race.compile(load_text(MINI, "mini.toml"))
    assert "mini.toml:" in str(exc.value) and "move.back" in str(exc.value)
    game = race.compile(load_text(MINI + 'move = { back = true }\n', "mini.toml"))
    assert game.rules({}).back


def test_move_back_refuses_a_looped_track():
    text = MINI.replace('track = { seats', 'track = { loop = true, seats') + 'move = { back = true }\nbear_off = { past = false }\n'
    with pytest.raises(Exception) as exc:
        race.compile(load_text(text, "mini.toml"))
    assert "mini.toml:" in str(exc.value) and "back" in str(exc.value)


# -- Quechucague: the five-sided die, the runs meeting head-on ------------------------------------

def test_quechucague_die_and_entry():
    sim = position(QU, [[], []])
    assert sorted(sim.r.outcomes[i][0] for i, _ in sim.chance_outcomes()) == [0, 1, 2, 3, 5]
    assert actions(throw(sim, [5])) == [{"from": "hand", "to": "b5"}]
    # A 0 moves nothing: the turn passes.
    sim = throw(position(QU, [[3], []]), [0])
    assert sim.is_chance() and sim.seat == 1


def test_quechucague_landing_on_the_opponent_sends_it_back():
    # White on b3 (square 3), Black on b6 (its square 5: b10 b9 b8 b7 b6); White throws 3.
    sim = throw(position(QU, [[3], [5]]), [3])
    assert {"from": "b3", "to": "b6"} in actions(sim)
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "b3", "to": "b6"}))
    assert sim.pos[1] == [] and sim.hand[1] == 4


def test_quechucague_runs_up_the_arc_and_down_the_middle():
    # White's square 13 is a6 (b1..b10, a8, a7, a6); a 2 takes it to a5... then c3 is square 15.
    sim = throw(position(QU, [[13], []], hands=[3, 4]), [3])
    assert {"from": "a6", "to": "c2"} in actions(sim)
    # From c1 (square 17, the last) an exact 1 takes it off; a 2 does not under the default.
    assert {"from": "c1", "to": "off"} in actions(throw(position(QU, [[17], []], hands=[3, 4]), [1]))
    assert {"from": "c1", "to": "off"} not in actions(throw(position(QU, [[17], []], hands=[3, 4]), [2]))
    past = throw(position(QU, [[17], []], hands=[3, 4], options={"finish": "past"}), [2])
    assert {"from": "c1", "to": "off"} in actions(past)


# -- Chungani: five holes, beans shared, a race past the fifty ------------------------------------

CG = "race.chungani"


def test_chungani_beans_come_in_by_the_throw_and_share_holes():
    sim = throw(position(CG, [[], [3]]), [3])
    assert actions(sim) == [{"from": "hand", "to": "thirty"}]
    sim.play(sim.moves()[0])
    assert sim.pos == [[3], [3]] and sim.hand == [1, 1]  # Black's bean is not taken
    # A 6 brings none in (it passes every hole): White, with both beans in hand, loses the throw.
    sim = throw(position(CG, [[], []]), [6])
    assert sim.is_chance() and sim.seat == 1


def test_chungani_any_throw_past_the_fifty_takes_a_bean_off():
    # White's beans on forty (4) and in hand: a 2 takes forty off, or brings one onto twenty.
    sim = throw(position(CG, [[4], []]), [2])
    assert actions(sim) == [{"from": "forty", "to": "off"}, {"from": "hand", "to": "twenty"}]
    sim = throw(position(CG, [[5], []], off=[1, 0], hands=[0, 2]), [6])
    assert actions(sim) == [{"from": "fifty", "to": "off"}]
    sim.play(sim.moves()[0])
    assert sim.outcome().winner == 0


# -- Petol: entering by 10 or more with the excess, three throws after, home worth, the exits ------

PT = "race.petol"
TEN, ONE, FIFTEEN, TWENTY, TWO, THREE, FIVE = [0, 0, 0, 0], [1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [1, 0, 1, 0], [1, 1, 1, 0], [1, 1, 1, 1]


def test_petol_reeds_are_worth_as_the_summary_counts():
    sim = position(PT, [[], []])
    worth = {tuple(sim.r.outcomes[i]): sim.r.vals[i] for i, _ in sim.chance_outcomes()}
    assert worth[(0, 0, 0, 0)] == (10,) and worth[(1, 1, 1, 1)] == (5,)
    assert worth[(1, 0, 0, 0)] == (1,) and worth[(0, 1, 0, 0)] == (1,)
    assert worth[(0, 0, 1, 0)] == (15,) and worth[(0, 0, 0, 1)] == (20,)
    assert worth[(0, 0, 1, 1)] == (2,) and worth[(1, 0, 1, 1)] == (3,)


def test_petol_enters_on_ten_or_more_running_the_excess():
    assert actions(throw(position(PT, [[], []]), TEN)) == [{"from": "hand", "to": "se6"}]       # square 1
    assert actions(throw(position(PT, [[], []]), FIFTEEN)) == [{"from": "hand", "to": "se1"}]   # square 6
    assert actions(throw(position(PT, [[], []]), TWENTY)) == [{"from": "hand", "to": "es5"}]    # square 11
    for low in (ONE, TWO, THREE, FIVE):  # under ten: no piece comes in, the throw is lost
        sim = throw(position(PT, [[], []]), low)
        assert sim.is_chance() and sim.seat == 1


def test_petol_bringing_a_piece_on_earns_three_more_throws():
    sim = throw(position(PT, [[], []]), TEN)
    sim.play(sim.moves()[0])
    for owed in (2, 1, 0):  # three throws, each moved, the turn staying White's (owed: those after the one due)
        assert sim.is_chance() and sim.seat == 0 and sim.to_json().get("owed", 0) == owed
        throw(sim, ONE)
        sim.play(sim.moves()[0])
    assert sim.is_chance() and sim.seat == 1 and sim.pos[0] == [4]


def test_petol_landing_on_an_enemy_sends_it_back_but_not_on_the_centre():
    # Black's square 20 is es1 (its run turned half round): White on se1 (6) throws 1 onto it.
    sim = throw(position(PT, [[6], [20]]), ONE)
    assert actions(sim) == [{"from": "se1", "to": "es1"}]
    sim.play(sim.moves()[0])
    assert sim.pos[1] == [] and sim.hand[1] == 2
    # Black on the centre (square 19 of both runs): White on en3 (16) may not land there with a 3.
    sim = throw(position(PT, [[16], [19]], hands=[0, 0], off=[1, 1]), THREE)
    assert sim.is_chance() and sim.seat == 1


def test_petol_in_its_own_arm_ten_fifteen_and_twenty_count_one():
    # White on sw2 (33): a 20 moves it one point, to sw3; a 3 to sw5.
    assert actions(throw(position(PT, [[33], []], hands=[0, 2], off=[1, 0]), TWENTY)) == [{"from": "sw2", "to": "sw3"}]
    assert actions(throw(position(PT, [[33], []], hands=[0, 2], off=[1, 0]), THREE)) == [{"from": "sw2", "to": "sw5"}]
    # Before its arm (ws1, square 31), a 20 is a 20: past the end from afar, so no move.
    sim = throw(position(PT, [[31], []], hands=[0, 2], off=[1, 0]), TWENTY)
    assert sim.is_chance() and sim.seat == 1


def test_petol_exits_from_the_last_two_points():
    for face, want in ((TWO, "off"), (THREE, "off"), (FIVE, "off"), (ONE, "sw6"), (TEN, "sw6")):
        assert actions(throw(position(PT, [[36], []], hands=[0, 2], off=[1, 0]), face)) == [{"from": "sw5", "to": want}]
    for face in (ONE, TEN, FIFTEEN, TWENTY):
        assert actions(throw(position(PT, [[37], []], hands=[0, 2], off=[1, 0]), face)) == [{"from": "sw6", "to": "off"}]
    for face in (TWO, THREE, FIVE):  # from the last point only the exact throw
        sim = throw(position(PT, [[37], []], hands=[0, 2], off=[1, 0]), face)
        assert sim.is_chance() and sim.seat == 1
    # From sw4 (35) a 3 would reach off exactly, but a piece leaves only from the last two points.
    sim = throw(position(PT, [[35], []], hands=[0, 2], off=[1, 0]), THREE)
    assert sim.is_chance() and sim.seat == 1


def test_new_fields_refuse_bad_values_naming_file_line_and_field():
    base = MINI.replace("faces = [1, 2, -1]", "faces = [1, 2, 3]")
    cases = [
        ('enter = { square = "excess" }\n', "enter.square"),
        ('move = { home = { square = 3 } }\n', "move.home"),
        ('move = { home = { square = 9, as = { "3" = 1 } } }\n', "move.home"),
        ('move = { home = { square = 2, as = { "3" = 0 } } }\n', "move.home.as"),
        ('extra_throw = { enter = "three" }\n', "extra_throw.enter"),
        ('bear_off = { last_exact = 1 }\n', "bear_off.last_exact"),
    ]
    for extra, field in cases:
        with pytest.raises(Exception) as exc:
            race.compile(load_text(base + extra, "mini.toml"))
        assert "mini.toml:" in str(exc.value) and field in str(exc.value), (extra, str(exc.value))


# -- Knossos Game: the bridge gate (move.gate), captures in the centre and on the apex --------------

KN = "race.knossos-game"
K3, K2, K1 = [0, 0], [1, 0], [1, 1]  # faces: 1 for a rounded side up


def test_knossos_sticks_count_one_two_three():
    sim = position(KN, [[], []])
    worth = {tuple(sim.r.outcomes[i]): sim.r.vals[i] for i, _ in sim.chance_outcomes()}
    assert worth == {(0, 0): (3,), (0, 1): (2,), (1, 0): (2,), (1, 1): (1,)}


def test_knossos_the_bridge_is_crossed_on_a_three_only_stopping_beyond_it():
    # White on b4 (square 7): a 3 crosses to c5; a 1 or 2 would cross, so no move.
    assert actions(throw(position(KN, [[7], []]), K3)) == [{"from": "b4", "to": "c5"}, {"from": "hand", "to": "a3"}]
    assert actions(throw(position(KN, [[7], []]), K1)) == [{"from": "hand", "to": "a1"}]
    # On d4 (6): a 3 stops on c5 (not a6); a 2 may not cross; a 1 goes to b4.
    assert {"from": "d4", "to": "c5"} in actions(throw(position(KN, [[6], []]), K3))
    assert [a for a in actions(throw(position(KN, [[6], []]), K2)) if a["from"] == "d4"] == []
    assert {"from": "d4", "to": "b4"} in actions(throw(position(KN, [[6], []]), K1))


def test_knossos_takes_in_the_centre_and_on_the_apex_but_shares_c5():
    # Black's b3 is its square 5: White from a3 (3) lands on it with a 1 and sends it back.
    sim = throw(position(KN, [[3], [5]]), K1)
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "a3", "to": "b3"}))
    assert sim.pos[1] == [] and sim.hand[1] == 2
    # Black on c5 (its square 8): White from b4 crosses onto it and both stay.
    sim = throw(position(KN, [[7], [8]]), K3)
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "b4", "to": "c5"}))
    assert sim.pos == [[8], [8]]
    # Black on the apex c7 (10): White from a6 (9) lands on it with a 1.
    sim = throw(position(KN, [[9], [10]]), K1)
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "a6", "to": "c7"}))
    assert sim.pos[1] == [] and sim.hand[1] == 2


def test_knossos_leaves_from_the_apex_by_an_exact_one():
    assert {"from": "c7", "to": "off"} in actions(throw(position(KN, [[10], []]), K1))
    assert [a for a in actions(throw(position(KN, [[10], []]), K2)) if a["from"] == "c7"] == []
    assert [a for a in actions(throw(position(KN, [[9], []]), K2)) if a["from"] == "a6"] == []


def test_gate_refuses_bad_values():
    base = MINI.replace("faces = [1, 2, -1]", "faces = [1, 2, 3]")
    for extra, field in (('move = { gate = { square = 3 } }\n', "move.gate"),
                         ('move = { gate = { square = 30, values = [3] } }\n', "move.gate"),
                         ('move = { gate = { square = 3, values = [] } }\n', "move.gate.values")):
        with pytest.raises(Exception) as exc:
            race.compile(load_text(base + extra, "mini.toml"))
        assert "mini.toml:" in str(exc.value) and field in str(exc.value), (extra, str(exc.value))
