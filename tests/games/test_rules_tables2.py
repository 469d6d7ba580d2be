"""The tables games of the race mechanic, worked by hand: a double played twice
(``worth.doubles``), as much of the throw as can be played (``move.most``), the higher die
bearing off the farthest piece (``bear_off.higher``), re-entering (``enter.crowd``), Plakoto's
pin (``capture.opponent = "pin"``, ``capture.start``), Fevga's lead piece (``move.lead``) and its
starting quarters (``move.no_hold``); and a perft-style count of the distinct turns from
backgammon's starting position (race.portes) for a few throws.

Positions are written in each side's own track squares. On the backgammon board of these files
White runs m1..h1 (squares 1-6), f1..a1 (7-12), a2..f2 (13-18), h2..m2 (19-24) and Black the other
way, so White's square x is Black's 25 - x (Fevga: both the same way round, offset by 12)."""
from __future__ import annotations

from games.engine.rules import rules_variant
from tests.games.test_rules_race_b import actions, position, throw

PORTES, PLAKOTO, FEVGA, NARD, NARDSHIR = "race.portes", "race.plakoto", "race.fevga", "race.nard", "race.nardshir"


def start(key, options=None):
    v = rules_variant(key)
    return v.fast(v.new_game(v.validate_options(options or {})))


def turns(sim, faces):
    """The distinct positions a whole turn of ``faces`` can end in (each side's pieces, hands
    and pieces off, and any held pieces)."""
    throw(sim, faces)
    seat = sim.seat
    out = set()

    def walk(s):
        if s.phase != 1 or s.seat != seat:  # the turn is over (next throw, or the game's end)
            out.add((tuple(map(tuple, s.pos)), tuple(s.hand), tuple(s.off), tuple(s.pinned)))
            return
        for m in s.moves():
            c = s.copy()
            c.play(m)
            walk(c)

    walk(sim)
    return out


# -- perft from backgammon's start ----------------------------------------------------------------
# White (track squares): two on 1, five on 12, three on 17, five on 19; Black's pieces stand on
# White's 24 (two), 13 (five), 8 (three) and 6 (five), so those points are closed to White.

def test_perft_2_1_from_backgammon_start():
    # 1s: 1->2, 17->18, 19->20 (12->13 closed); 2s: 1->3, 12->14, 17->19, 19->21. One piece
    # running 3 (1->4, 12->15 by way of 14, 17->20, 19->22): 4; a 1 and a 2 by two pieces (or
    # two of one point): 3 x 4 = 12, of which 17->19 with 19->20 is 17->20 again (a 2 onto the
    # point the 1 then leaves from). 4 + 12 - 1 = 15 turns.
    assert len(turns(start(PORTES), [2, 1])) == 15


def test_perft_6_5_from_backgammon_start():
    # 6s: 1->7, 12->18, 17->23 (19 would bear off: not all home); 5s: 12->17, 17->22 (1->6 and
    # 19->24 closed). One piece running 11: 1->12 (by 7), 12->23. Pairs: 3 x 2 = 6, of which
    # 17->23 with 12->17 is 12->23 again. 2 + 6 - 1 = 7 turns.
    assert len(turns(start(PORTES), [6, 5])) == 7


def test_perft_1_1_from_backgammon_start():
    # Four 1s. The two back pieces stay below Black's 6 (squares 2 to 5), the five on 12 cannot
    # move (13 closed), the eight on 17 and 19 spread over 17..23 with nothing closed there.
    # Back pieces, a steps: 1, 1, 2, 2, 3 ways for a = 0..4 (partitions into two parts).
    # The 17s and 19s, b steps: sorted rises d1<=d2<=d3 (the 17s), d4<=...<=d8 (the 19s),
    # d3 <= d4 + 2, summing to b: 1, 2, 5, 9, 16 ways for b = 0..4.
    # 1*16 + 1*9 + 2*5 + 2*2 + 3*1 = 42 turns.
    assert len(turns(start(PORTES), [1, 1])) == 42


def test_a_double_is_four_moves_only_where_the_file_says():
    sim = throw(start(PORTES), [3, 3])
    assert sim.left == [3, 3, 3, 3]
    sim = throw(start(NARD), [3, 3])
    assert sim.left == [3, 3]
    sim = throw(start(NARD, {"doubles": 4}), [3, 3])
    assert sim.left == [3, 3, 3, 3]
    sim = throw(start(NARDSHIR), [3, 3])  # an older file, unchanged
    assert sim.left == [3, 3]


# -- as much of the throw as can be played ------------------------------------------------------------

def test_a_move_that_leaves_the_other_die_unplayable_is_not_allowed():
    # White on 1 (m1) and 18 (f2); Black's pairs close White's 8 and 19 (Black's 17 and 6).
    # A 6-1: 1->7 leaves the 1 unplayable (7->8 and 18->19 closed); 18->24 then 1->2, or 1->2
    # then 18->24, play both dice.
    pos = [[1, 18], [6, 6, 17, 17]]
    sim = throw(position(PORTES, pos, off=[13, 11]), [6, 1])
    assert actions(sim) == [{"from": "f2", "to": "m2"}, {"from": "m1", "to": "l1"}]
    sim = throw(position(PORTES, pos, off=[13, 11], options={"most": False}), [6, 1])
    assert actions(sim) == [{"from": "f2", "to": "m2"}, {"from": "m1", "to": "f1"}, {"from": "m1", "to": "l1"}]


def test_where_only_one_die_can_be_played_the_larger_is():
    # One White piece on 1; Black's pair closes White's 12, so 1->7 (6) and 1->6 (5) each end
    # the turn. Portes: the larger; Plakoto's text asks only for both numbers if possible.
    pos = [[1], [13, 13]]
    sim = throw(position(PORTES, pos, off=[14, 13]), [6, 5])
    assert actions(sim) == [{"from": "m1", "to": "f1"}]
    sim = throw(position(PLAKOTO, pos, off=[14, 13]), [6, 5])
    assert actions(sim) == [{"from": "m1", "to": "f1"}, {"from": "m1", "to": "h1"}]
    sim = throw(position(PLAKOTO, pos, off=[14, 13], options={"larger": True}), [6, 5])
    assert actions(sim) == [{"from": "m1", "to": "f1"}]


# -- bearing off ------------------------------------------------------------------------------------

def test_a_higher_die_bears_off_only_the_farthest_piece():
    # White home on 22 (k2) and 24 (m2), the rest off. A 6-5: either die takes k2 off (nothing
    # stands behind it); m2 needs a 1.
    pos = [[22, 24], [20] * 15]
    sim = throw(position(PORTES, pos, off=[13, 0]), [6, 5])
    assert actions(sim) == [{"from": "k2", "to": "off", "value": 5}, {"from": "k2", "to": "off", "value": 6}]
    sim.play(sim.moves()[0])
    assert actions(sim) == [{"from": "m2", "to": "off"}]  # now the farthest
    sim = throw(position(PORTES, pos, off=[13, 0], options={"higher": False}), [6, 5])
    assert sim.is_chance() and sim.seat == 1  # only the exact die would do


# -- re-entering ----------------------------------------------------------------------------------------

def test_nard_reenters_onto_no_point_holding_two_pieces():
    # White has a piece in the middle and two of its own on its 3rd point (k1): a 3 may not bring
    # it in there (as written); option crowd = opposing lets it join them. The piece must come
    # in before any other moves.
    pos = [[3, 3, 10], [1] * 15]
    sim = throw(position(NARD, pos, hands=[1, 0], off=[11, 0]), [3, 2])
    assert actions(sim) == [{"from": "hand", "to": "l1"}]
    sim = throw(position(NARD, pos, hands=[1, 0], off=[11, 0], options={"crowd": "opposing"}), [3, 2])
    assert actions(sim) == [{"from": "hand", "to": "k1"}, {"from": "hand", "to": "l1"}]


# -- Plakoto's pin ---------------------------------------------------------------------------------------

def test_plakoto_a_lone_piece_landed_on_is_pinned_not_sent_back():
    # White on 1 (m1); a lone Black piece on White's 4 (j1, Black's 21), the rest of Black on its 1.
    sim = throw(position(PLAKOTO, [[1] * 15, [21] + [1] * 14]), [3, 5])
    assert {"from": "m1", "to": "j1"} in actions(sim)
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "m1", "to": "j1"}))
    state = sim.to_json()
    assert state["pinned"] == {"j1": 1}
    assert state["board"]["j1"] == [None, "piece", 2]
    assert sim.hand == [0, 0]
    # White's 5: m1 -> h1 ends the turn (the pinner stays).
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "m1", "to": "h1"}))
    # Black's turn: the pinned piece cannot move; Black's pieces may not land on j1.
    assert sim.is_chance() and sim.seat == 1
    throw(sim, [4, 3])
    assert all(a["from"] != "j1" for a in actions(sim))
    round_trip = rules_variant(PLAKOTO).fast(rules_variant(PLAKOTO).state_from_json(sim.to_json()))
    assert round_trip.to_json() == sim.to_json()


def test_plakoto_pinned_piece_is_freed_when_the_pinner_leaves():
    v = rules_variant(PLAKOTO)
    sim = throw(position(PLAKOTO, [[1] * 15, [21] + [1] * 14]), [3, 3])
    # four 3s: m1->j1 pins; the pinner moving on (j1 -> f1, White's 7) frees it.
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "m1", "to": "j1"}))
    assert sim.to_json()["pinned"] == {"j1": 1}
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "j1", "to": "f1"}))
    assert sim.to_json()["pinned"] == {}
    assert v.fast(v.state_from_json(sim.to_json())).to_json() == sim.to_json()


def test_plakoto_pinning_the_last_piece_on_its_first_point():
    # A lone Black piece on its first point (m2, White's 24); White on 20 (i2) throws 4-1.
    # No White piece left on m1: White wins at once.
    sim = throw(position(PLAKOTO, [[20] + [10] * 14, [1] + [10] * 14]), [4, 1])
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "i2", "to": "m2"}))
    assert sim.outcome() is not None and sim.outcome().winner == 0
    # White still has pieces on m1: the text's exception, the game goes on (option mother =
    # always, Ludii's reading: it ends all the same).
    pos = [[20, 1, 1] + [10] * 12, [1] + [10] * 14]
    sim = throw(position(PLAKOTO, pos), [4, 1])
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "i2", "to": "m2"}))
    assert sim.outcome() is None and sim.to_json()["pinned"] == {"m2": 1}
    sim = throw(position(PLAKOTO, pos, options={"mother": "always"}), [4, 1])
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "i2", "to": "m2"}))
    assert sim.outcome() is not None and sim.outcome().winner == 0


# -- Fevga ------------------------------------------------------------------------------------------------

def test_fevga_only_the_lead_piece_moves_until_it_passes_the_opponents_start():
    # White: fourteen on a1, one on e1 (square 5). A 2-1 moves only e1.
    sim = throw(position(FEVGA, [[1] * 14 + [5], [1] * 15]), [2, 1])
    assert {a["from"] for a in actions(sim)} == {"e1"}
    # Once it stands beyond Black's first point (White's 13, m2) on 14 (l2), any piece moves.
    sim = throw(position(FEVGA, [[1] * 14 + [14], [3] * 15]), [2, 1])
    assert {a["from"] for a in actions(sim)} == {"a1", "l2"}


def test_fevga_no_hitting_a_single_piece_holds_its_point():
    # White on a1 and l2 (14); a single Black piece on White's 16 (j2): l2 + 2 is closed.
    sim = throw(position(FEVGA, [[1] * 14 + [14], [4] + [1] * 14]), [2, 1])
    assert {"from": "l2", "to": "j2"} not in actions(sim)


def test_fevga_may_not_hold_all_six_points_of_a_starting_quarter():
    # White holds a1 (ten), b1..e1 (one each); its lead piece is on k2 (15). A 5 from a1 to f1
    # would hold all six of a1..f1.
    pos = [[1] * 10 + [2, 3, 4, 5, 15], [1] * 15]
    sim = throw(position(FEVGA, pos), [5, 3])
    assert {"from": "a1", "to": "f1"} not in actions(sim)
    assert {"from": "a1", "to": "d1"} in actions(sim)
    sim = throw(position(FEVGA, pos, options={"blocking": False}), [5, 3])
    assert {"from": "a1", "to": "f1"} in actions(sim)


def test_random_playouts_end_by_the_rules():
    import random

    for key in (PORTES, PLAKOTO, FEVGA, NARD, "race.shuanglu", "race.backgammon"):
        for seed in range(3):
            rng = random.Random(seed)
            sim = start(key)
            while sim.outcome() is None:
                if sim.is_chance():
                    sim.chance(rng)
                else:
                    sim.play(rng.choice(sim.moves()))
            assert sim.outcome().how in ("all-off", "pinned-start", "limit")
