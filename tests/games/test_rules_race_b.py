"""The race mechanic's second round of vocabulary (games/engine/rules/race.py): pieces that start
on the track (``pieces.start``), jumps (``jump``: snakes and ladders, a goal that takes a piece
off), looped tracks (``track.loop``), entering when one can (``enter.must``), no capture
(``capture.opponent = "none"``), no bearing off past the end (``bear_off.past``), each die a move
(``worth.each``) and the ``track-clear`` win; worked by hand on the files that use them:
Gyan Chaupar (race.gyan-chaupar) and Pente Grammai (race.pente-grammai, -schadler).
"""
from __future__ import annotations

import json
import random

import pytest

from games.engine.rules import rules_variant
from games.engine.rules.loader import load_text
from games.engine.rules import race

GYAN = "race.gyan-chaupar"
PENTE = "race.pente-grammai"
SCHADLER = "race.pente-grammai-schadler"


def position(key, pos, *, hands=None, off=None, seat=0, options=None):
    """A position written by hand (track squares per seat), read back through the public JSON."""
    v = rules_variant(key)
    opts = v.validate_options(options or {})
    g = v.game
    r = g.rules(opts)
    sim = g.new_sim(opts)
    P = r.players
    off = off or [0] * P
    sim.occ = [0] * len(sim.occ)
    for s in range(P):
        sim.pos[s] = sorted(pos[s])
        sim.off[s] = off[s]
        sim.hand[s] = hands[s] if hands is not None else r.count - len(pos[s]) - off[s]
        for p in pos[s]:
            sim.occ[r.cells[s][p] * P + s] += 1
    sim.seat = seat
    return v.fast(v.state_from_json(sim.to_json()))


def throw(sim, faces):
    for i, _ in sim.chance_outcomes():
        if list(sim.r.outcomes[i]) == list(faces):
            sim.play(i)
            return sim
    raise AssertionError(f"no throw {faces}")


def actions(sim):
    return sorted((sim.action(m).to_json() for m in sim.moves()), key=lambda a: sorted(a.items(), key=str))


# -- Gyan Chaupar: start on the track, ladders and snakes, no capture ---------------------------

def test_gyan_pieces_start_together_on_the_first_square():
    v = rules_variant(GYAN)
    sim = v.game.new_sim(v.validate_options({}))
    assert sim.hand == [0, 0, 0, 0]
    assert sim.pos == [[1], [1], [1], [1]]
    assert sim.to_json()["board"]["a1"] == [None, "piece", 4]


def test_gyan_ladder_foot_carries_the_piece_up():
    v = rules_variant(GYAN)
    sim = v.game.new_sim(v.validate_options({}))
    throw(sim, [1])  # a1 + 1 = b1, the foot of the ladder to c4
    assert actions(sim) == [{"from": "a1", "to": "c4"}]
    sim.play(sim.moves()[0])
    assert sim.pos[0] == [38]  # row 4 runs j4..a4 (squares 31 to 40): c4 is the 38th


def test_gyan_snake_head_sends_the_piece_down_and_opponents_share_squares():
    # Row 2 runs j2..a2 (squares 11 to 20): h2 is the 13th, f2 the 15th, e2 the 16th.
    sim = position(GYAN, [[13], [15], [1], [1]])  # Red on h2, Green on f2
    throw(sim, [2])  # h2 + 2 = f2, where Green stands: they share it, nobody is captured
    assert actions(sim) == [{"from": "h2", "to": "f2"}]
    sim.play(sim.moves()[0])
    assert sim.pos[1] == [15] and sim.pos[0] == [15]
    sim = position(GYAN, [[13], [1], [1], [1]])
    throw(sim, [3])  # h2 + 3 = e2 (16), a snake's head: down to f1 (6)
    assert actions(sim) == [{"from": "h2", "to": "f1"}]


def test_gyan_finish_off_and_reach():
    # b10 is square 99, a10 the hundredth.
    sim = position(GYAN, [[99], [1], [1], [1]])
    throw(sim, [3])  # the default: any throw past a10 takes it off
    assert actions(sim) == [{"from": "b10", "to": "off"}]
    sim = position(GYAN, [[99], [1], [1], [1]], options={"finish": "reach", "exact": True})
    throw(sim, [3])  # Ludii's reading: past a10 is lost, the turn passes
    assert sim.is_chance() and sim.seat == 1
    sim = position(GYAN, [[99], [1], [1], [1]], options={"finish": "reach", "exact": True})
    throw(sim, [1])  # exactly onto a10: off, shown as the move to a10
    assert actions(sim) == [{"from": "b10", "off": True, "to": "a10"}]
    sim.play(sim.moves()[0])
    assert sim.outcome().winner == 0
    # The ladder a8-a10 under reach: row 8 runs j8..a8 (squares 71 to 80); from c8 (78) a 2
    # lands on a8, climbs to a10 and goes off.
    sim = position(GYAN, [[78], [1], [1], [1]], options={"finish": "reach", "exact": True})
    throw(sim, [2])
    assert actions(sim) == [{"from": "c8", "off": True, "to": "a10"}]


# -- Pente Grammai: a looped track, a goal that takes pieces off, entering when one can ---------

def test_pente_loop_runs_past_the_last_point_onto_the_first():
    # White on a3 (its 10th and last point), four in the hand (start = lines: entering is free):
    # a 2 runs round onto b1 (2nd), or brings a piece on there.
    sim = position(PENTE, [[10], [6]], options={"dice": "one"})
    throw(sim, [2])
    assert actions(sim) == [{"from": "a3", "to": "b1"}, {"from": "hand", "to": "b1"}]


def test_pente_must_enter_when_a_piece_can_come_on():
    opts = {"dice": "one", "start": "hand", "capture": "block"}
    sim = position(PENTE, [[2], []], options=opts)  # White: b1 on the board, four in the hand
    throw(sim, [3])  # c1 is free: the entry is the only move
    assert actions(sim) == [{"from": "hand", "to": "c1"}]
    sim = position(PENTE, [[3], []], options=opts)
    throw(sim, [3])  # c1 is White's own: no entry, so the piece on c1 moves (to f... e3, 6th)
    assert actions(sim) == [{"from": "c1", "to": "e3"}]


def test_pente_goal_takes_the_piece_onto_the_sacred_line():
    opts = {"dice": "one", "start": "hand", "capture": "block"}
    sim = position(PENTE, [[5], [1]], hands=[0, 4], off=[4, 0], options=opts)
    throw(sim, [3])  # e1 (5th) + 3 = c3 (8th), White's goal: off, and White's fifth piece
    assert actions(sim) == [{"from": "e1", "off": True, "to": "c3"}]
    sim.play(sim.moves()[0])
    assert sim.outcome().winner == 0 and sim.off[0] == 5
    sim = position(PENTE, [[5], [3]], hands=[0, 4], off=[4, 0], options=opts)
    throw(sim, [3])  # Black stands on c3 (its 3rd point): the goal is closed under block
    assert sim.is_chance() and sim.seat == 1
    sim = position(PENTE, [[5], []], hands=[4, 5], off=[0, 0], options=opts)
    throw(sim, [5])  # no entry (e1 is White's own); past the goal: round on to a3 (10th), not off
    assert actions(sim) == [{"from": "e1", "to": "a3"}]


def test_pente_track_clear_wins_with_pieces_in_hand():
    opts = {"dice": "one", "start": "hand", "capture": "send-back", "win": "board-clear"}
    # White's one piece on d1 (4th), four in the hand: a 4 cannot enter (d1 is its own), so
    # d1 + 4 = c3 (8th), the goal: no White piece is left on the points.
    sim = position(PENTE, [[4], [1]], hands=[4, 4], options=opts)
    throw(sim, [4])
    assert actions(sim) == [{"from": "d1", "off": True, "to": "c3"}]
    sim.play(sim.moves()[0])
    assert sim.outcome().winner == 0 and sim.outcome().how == "track-clear" and sim.hand[0] == 4
    opts["win"] = "all"
    sim = position(PENTE, [[4], [1]], hands=[4, 4], options=opts)
    throw(sim, [4])
    sim.play(sim.moves()[0])
    assert sim.outcome() is None


def test_schadler_start_on_the_lines_and_each_die_a_move():
    v = rules_variant(SCHADLER)
    sim = v.game.new_sim(v.validate_options({}))
    board = sim.to_json()["board"]
    assert {c: board[c][0] for c in board} == {**{c: 0 for c in ("a1", "b1", "c1", "d1", "e1")},
                                               **{c: 1 for c in ("a3", "b3", "c3", "d3", "e3")}}
    throw(sim, [4, 1])
    assert sorted(sim.left) == [1, 4]
    # own pieces block: only moves landing on Black's points (6th to 10th) are legal, each
    # sending that piece off: a 1 from e1 onto e3; a 4 from b1, c1, d1, e1 onto e3, d3, c3 (the
    # goal: off), b3.
    acts = actions(sim)
    assert {"from": "e1", "to": "e3"} in acts
    assert {"from": "e1", "to": "c3", "off": True} not in acts  # e1 + 4 = 9th point, b3
    assert {"from": "b1", "to": "e3"} in acts and {"from": "e1", "to": "b3"} in acts
    assert {"from": "d1", "to": "c3", "off": True} in acts
    assert len(acts) == 5
    move = next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "d1", "to": "c3", "off": True})
    sim.play(move)
    assert sim.off[0] == 1 and sim.hand[1] == 1  # Black's piece on c3 sent off, White's on the line
    assert sim.left == [1] and sim.to_move() == 0


def test_new_fields_are_checked():
    base = """key = "race.t"
title = "t"
mechanic = "race"
game = { dlp = 0, name = "t" }
ruleset = { dlp = 0, name = "t" }
players = 2
sides = ["A", "B"]
[[clause]]
id = "T-1"
text = "t"
board = { shape = "squares", size = [4, 2] }
track = { path = ["a1..d1"], rotate = 0 }
pieces = { count = 1 }
throw = { device = "dice", count = 1, sides = 4 }
"""
    with pytest.raises(Exception, match="is neither a cell nor"):
        race.compile(load_text(base + 'jump = { cells = { b1 = "z9" } }\n', "race/t.toml"))
    with pytest.raises(Exception, match="in a circle"):
        race.compile(load_text(base + 'jump = { cells = { b1 = "c1", c1 = "b1" } }\n', "race/t.toml"))
    with pytest.raises(Exception, match="past the end of a track"):
        race.compile(load_text(base.replace("count = 1 }", "count = 1, start = [5] }"), "race/t.toml"))


def test_random_games_end_and_keep_their_pieces():
    for key, opts in ((GYAN, {}), (GYAN, {"finish": "reach", "exact": True}), (PENTE, {}),
                      (PENTE, {"dice": "one", "start": "hand", "capture": "block", "win": "board-clear"}),
                      (SCHADLER, {}), (SCHADLER, {"dice": "sum"})):
        v = rules_variant(key)
        g = v.game
        for seed in range(20):
            sim = g.new_sim(v.validate_options(opts))
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


# -- tables: bearing off once every piece is home, a hit piece entering before any other move ---

SUGOROKU = "race.sugoroku"
NARDSHIR = "race.nardshir"


def test_sugoroku_sets_out_as_backgammon_and_bears_off_only_from_home():
    v = rules_variant(SUGOROKU)
    sim = v.game.new_sim(v.validate_options({}))
    board = sim.to_json()["board"]
    # White's run starts at m2 (its first point) and ends at m1 (its 24th).
    assert board["m2"] == [0, "piece", 2] and board["a2"] == [0, "piece", 5]
    assert board["e1"] == [0, "piece", 3] and board["h1"] == [0, "piece", 5]
    assert board["m1"] == [1, "piece", 2] and board["h2"] == [1, "piece", 5]
    # All of White's pieces home but one on its 18th point (f1): no piece may bear off.
    sim = position(SUGOROKU, [[18] + [24] * 14, [23]], hands=[0, 14])
    throw(sim, [6, 1])
    acts = actions(sim)
    assert all(a["to"] != "off" for a in acts)
    assert {"from": "f1", "to": "h1"} in acts and {"from": "f1", "to": "m1"} in acts
    # Every piece home: a 6 takes one off from anywhere in the quarter (exact_bearoff = false).
    sim = position(SUGOROKU, [[19] + [24] * 14, [23]], hands=[0, 14])
    throw(sim, [6, 1])
    acts = actions(sim)
    assert acts == [{"from": "h1", "to": "i1"}, {"from": "h1", "to": "off", "value": 6},
                    {"from": "m1", "to": "off", "value": 1}, {"from": "m1", "to": "off", "value": 6}]


def test_nardshir_a_hit_piece_enters_before_any_other_move():
    # White has one piece off the board and 14 on its 12th point (a2); Black holds White's 1st and
    # 2nd points (Black's 24th and 23rd) with two pieces each.
    pos = [[12] * 14, [23, 23, 24, 24]]
    sim = position(NARDSHIR, pos, hands=[1, 11])
    throw(sim, [2, 1])  # both entry points closed: under re_enter = first nothing moves at all
    assert sim.is_chance() and sim.seat == 1
    sim = position(NARDSHIR, pos, hands=[1, 11], options={"re_enter": "any-time"})
    throw(sim, [2, 1])  # may move others meanwhile
    assert actions(sim) == [{"from": "a2", "to": "a1"}, {"from": "a2", "to": "b1"}]
    sim = position(NARDSHIR, pos, hands=[1, 11])
    throw(sim, [3, 1])  # a 3 enters on White's 3rd point (k2): that is the only move
    assert actions(sim) == [{"from": "hand", "to": "k2"}]


# -- long dice, pieces sent back onto the track, doubled pieces, groups, a finished seat's turns --

def _game(extra: str, players: int = 2, tracks: str = '[["a1..l1"], ["l1..a1"]]', teams: str = ""):
    text = f"""key = "race.t"
title = "t"
mechanic = "race"
game = {{ dlp = 0, name = "t" }}
ruleset = {{ dlp = 0, name = "t" }}
players = {players}
sides = {json.dumps(["A", "B", "C", "D"][:players])}
{teams}
[[clause]]
id = "T-1"
text = "t"
board = {{ shape = "squares", size = [12, 2] }}
track = {{ seats = {tracks} }}
throw = {{ device = "dice", count = 3, sides = 4, faces = [1, 2, 5, 6] }}
worth = {{ each = true }}
{extra}
"""
    return race.compile(load_text(text, "race/t.toml"))


def _sim(g, pos, seat=0, off=None):
    sim = g.new_sim({})
    r = sim.r
    sim.occ = [0] * len(sim.occ)
    for s in range(r.players):
        sim.pos[s] = sorted(pos[s])
        sim.hand[s] = 0
        sim.off[s] = (off or [0] * r.players)[s]
        for p in pos[s]:
            sim.occ[r.cells[s][p] * r.players + s] += 1
    sim.seat = seat
    return sim


def _acts(sim):
    return sorted((sim.action(m).to_json() for m in sim.moves()), key=lambda a: sorted(a.items(), key=str))


def test_long_dice_faces():
    g = _game('pieces = { count = 2, start = [1, 2] }\nstack = { own = true }')
    r = g.rules({})
    assert len(r.outcomes) == 64 and {f for faces in r.outcomes for f in faces} == {1, 2, 5, 6}
    assert all(len(v) == 3 for v in r.vals)  # each die a move


def test_doubled_pieces_are_not_taken_and_a_lone_piece_goes_back_onto_its_track():
    g = _game('pieces = { count = 3, start = [1, 2, 3] }\nstack = { own = true }\n'
              'capture = { opponent = "send-back", groups = "share", to = 1 }')
    # A's three on a1; B (running l1 to a1) has one on f1 (its 7th) and two on c1 (its 10th).
    sim = _sim(g, [[1, 1, 1], [7, 10, 10]])
    throw(sim, [5, 2, 1])
    assert _acts(sim) == [{"from": "a1", "to": "b1"}, {"from": "a1", "to": "c1"}, {"from": "a1", "to": "f1"}]
    move = next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "a1", "to": "f1"})
    sim.play(move)  # B's lone piece on f1 goes back onto B's first square, l1
    assert sim.pos[1] == [1, 10, 10] and sim.hand[1] == 0
    move = next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "a1", "to": "c1"})
    sim.play(move)  # onto B's pair on c1: it stays, A's piece stands beside it
    assert sim.pos[1] == [1, 10, 10] and sim.pos[0] == [1, 3, 6]


def test_pieces_together_on_doubles_and_triples():
    g = _game('pieces = { count = 3, start = [1, 1, 1] }\nstack = { own = true, together = ['
              '{ pieces = 2, times = 2 }, { pieces = 3, values = [2, 6], times = 2 }] }')
    sim = _sim(g, [[1, 1, 1], []])
    throw(sim, [5, 5, 1])  # a double 5: two of the three on a1 may go 10 together, to k1
    acts = _acts(sim)
    assert {"from": "a1", "to": "k1", "pieces": 2} in acts
    assert not any(a.get("pieces") == 3 for a in acts)
    move = next(m for m in sim.moves() if sim.action(m).to_json().get("pieces") == 2)
    sim.play(move)
    assert sim.pos[0] == [1, 11, 11] and sim.left == [1]
    sim = _sim(g, [[1, 1, 1], []])
    throw(sim, [2, 2, 2])  # a triple two: the three together 4 squares (or a pair)
    acts = _acts(sim)
    assert {"from": "a1", "to": "e1", "pieces": 3} in acts and {"from": "a1", "to": "e1", "pieces": 2} in acts
    move = next(m for m in sim.moves() if sim.action(m).to_json().get("pieces") == 3)
    sim.play(move)
    assert sim.pos[0] == [5, 5, 5] and sim.is_chance() and sim.seat == 1
    sim = _sim(g, [[1, 1, 1], []])
    throw(sim, [1, 1, 1])  # a triple one: no triple move (values), pairs by 2
    assert {a.get("pieces") for a in _acts(sim)} == {None, 2}


def test_a_finished_seat_plays_its_partners_pieces():
    g = _game('pieces = { count = 1, start = [1] }\nstack = { own = true }\nend = { finished = "partner" }',
              players=4, tracks='[["a1..l1"], ["a2..l2"], ["a1..l1"], ["a2..l2"]]', teams="teams = [[0, 2], [1, 3]]")
    sim = _sim(g, [[], [1], [3], [1]], seat=0, off=[1, 0, 0, 0])
    throw(sim, [5, 2, 1])
    assert sim.to_move() == 0  # A's turn, with C's piece (on c1)
    assert _acts(sim) == [{"from": "c1", "to": "d1"}, {"from": "c1", "to": "e1"}, {"from": "c1", "to": "h1"}]
    g2 = _game('pieces = { count = 1, start = [1] }\nstack = { own = true }',
               players=4, tracks='[["a1..l1"], ["a2..l2"], ["a1..l1"], ["a2..l2"]]', teams="teams = [[0, 2], [1, 3]]")
    sim = _sim(g2, [[], [1], [3], [1]], seat=3, off=[1, 0, 0, 0])
    sim._end_turn(False)  # passed over (the default): after D comes B, not A
    assert sim.seat == 1


# -- Pancha Keliya: another throw only while pieces wait, entering beside one's own ----------------

PANCHA = "race.pancha-keliya"
LUDII_PANCHA = {"entry": "onto-own", "extra": "while-hand", "sent_back": "first-square"}


def test_pancha_extra_throw_while_pieces_wait_to_enter():
    # White: one piece on v2 (2nd), two in the hand. A 1 (one mouth up) gives another throw.
    sim = position(PANCHA, [[2], [10]], options=LUDII_PANCHA)
    throw(sim, [1, 0, 0, 0, 0, 0])
    assert _acts(sim) == [{"from": "hand", "to": "v1"}, {"from": "v2", "to": "v4"}]
    move = next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "v2", "to": "v4"})
    sim.play(move)
    assert sim.is_chance() and sim.seat == 0
    # Every piece on the board: under while-hand the 1 earns nothing; always (the default) it does.
    for opts, seat in ((LUDII_PANCHA, 1), ({}, 0)):
        sim = position(PANCHA, [[2, 5, 9], [10]], options=opts)
        throw(sim, [1, 0, 0, 0, 0, 0])
        move = next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "v2", "to": "v4"})
        sim.play(move)
        assert sim.is_chance() and sim.seat == seat


def test_pancha_entering_beside_ones_own_and_sent_back_onto_the_first_square():
    sim = position(PANCHA, [[1], [10]])
    throw(sim, [1, 1, 1, 1, 1, 0])  # a 5: v1 is White's own, so no piece may enter (own-free)
    assert _acts(sim) == [{"from": "v1", "to": "u9"}]
    sim = position(PANCHA, [[1], [10]], options=LUDII_PANCHA)
    throw(sim, [1, 1, 1, 1, 1, 0])
    assert _acts(sim) == [{"from": "hand", "to": "v1"}, {"from": "v1", "to": "u9"}]
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json()["from"] == "hand"))
    assert sim.pos[0] == [1, 1]
    throw(sim, [1, 0, 0, 0, 0, 0])  # the two on v1 move one at a time: one move, not two
    assert _acts(sim) == [{"from": "hand", "to": "v1"}, {"from": "v1", "to": "v2"}]
    # Black on r9 (its 9th) is sent back onto v19 by White landing there from t9 (7th) with a 2.
    sim = position(PANCHA, [[7], [9]], options=LUDII_PANCHA)
    throw(sim, [1, 1, 0, 0, 0, 0])
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "t9", "to": "r9"}))
    assert sim.pos[1] == [1] and sim.hand[1] == 2


# -- Patolli (no Ludii trace): the DLP's clauses worked by hand -----------------------------------

PATOLLI = "race.patolli"


def test_patolli_beans_score_double_when_all_are_up():
    v = rules_variant(PATOLLI)
    for beans, table in ((5, {0: 0, 1: 1, 4: 4, 5: 10}), (4, {3: 3, 4: 8}), (10, {9: 9, 10: 20})):
        r = v.game.rules(v.validate_options({"beans": beans}))
        for faces, worth in zip(r.outcomes, r.vals):
            up = sum(faces)
            if up in table:
                assert worth == (table[up],)
    r = v.game.rules(v.validate_options({}))
    assert sum(w for f, w in zip(r.outcomes, r.weights) if sum(f) == 5) * 32 == r.total  # 1 in 32


def test_patolli_entering_taking_and_leaving():
    sim = position(PATOLLI, [[1], [8]])  # South on k1, its first square
    throw(sim, [1, 1, 0, 0, 0])  # a 2: a piece comes on to k2, or the one on k1 moves to k3
    assert actions(sim) == [{"from": "hand", "to": "k2"}, {"from": "k1", "to": "k3"}]
    v = rules_variant(PATOLLI)
    r = v.game.rules(v.validate_options({}))
    south, north = r.track_names
    assert south[17] == "t10" and south[18] == "t11" and north.index("t11") == 54
    # South on t10 (its 18th) lands by a 1 on t11, where North's piece (its 55th) stands: it goes off.
    sim = position(PATOLLI, [[18], [55]])
    throw(sim, [1, 0, 0, 0, 0])
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "t10", "to": "t11"}))
    assert sim.pos[1] == [] and sim.hand[1] == 6
    # Leaving: from j2 (the 71st of 72) a 4 passes the end and takes the piece off (exact = false).
    sim = position(PATOLLI, [[71], [1]])
    throw(sim, [1, 1, 1, 1, 0])
    assert {"from": "j2", "to": "off"} in actions(sim)


# -- Kints: sticks each marked with its own number, entering barred while one's own is on the arc --

KINTS = "race.kints"


def test_kints_a_lone_marked_stick_is_worth_its_own_number():
    v = rules_variant(KINTS)
    r = v.game.rules(v.validate_options({}))
    got = {tuple(f): w for f, w in zip(r.outcomes, r.vals)}
    assert got[(0, 0, 0, 0)] == (10,) and got[(1, 1, 1, 1)] == (5,)
    assert [got[f] for f in ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))] == [(4,), (6,), (14,), (15,)]
    assert got[(1, 1, 0, 0)] == (2,) and got[(0, 1, 1, 1)] == (3,)
    # Ludii numbers a stick by its marked side's value: 0 or 4, 0 or 6, ... -> our 0 or 1.
    assert v.game.ludii_throw([4, 0, 14, 0]) == {"throw": [1, 0, 1, 0]}


def test_kints_second_piece_waits_until_the_first_leaves_the_arc_and_the_last_hole():
    sim = position(KINTS, [[3], []])  # White's first piece on c7, still on the arc
    throw(sim, [1, 1, 0, 0])  # a 2: only the piece on the board moves (c7 to e3)
    assert actions(sim) == [{"from": "c7", "to": "e3"}]
    sim = position(KINTS, [[7], []])  # on f4, off the arc: the second may come in
    throw(sim, [1, 1, 0, 0])
    assert actions(sim) == [{"from": "f4", "to": "f8"}, {"from": "hand", "to": "b9"}]
    # On d5, the hole before the marked one (44th of 44): any throw under 14 takes it home ...
    sim = position(KINTS, [[44], []], hands=[0, 2], off=[1, 0])
    throw(sim, [1, 1, 1, 0])  # a 3
    assert actions(sim) == [{"from": "d5", "to": "off"}]
    sim = position(KINTS, [[44], []], hands=[0, 2], off=[1, 0])
    throw(sim, [0, 0, 1, 0])  # a 14 does not
    assert sim.is_chance() and sim.seat == 1
    sim = position(KINTS, [[44], []], hands=[0, 2], off=[1, 0], options={"last_hole": "stranded"})
    throw(sim, [1, 1, 1, 0])  # under Ludii's reading nothing does
    assert sim.is_chance() and sim.seat == 1
