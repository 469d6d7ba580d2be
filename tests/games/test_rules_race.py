"""The race mechanic (games/engine/rules/race.py) and its rules files: the Royal Game of Ur after
Finkel (race.ur-finkel) and Pachisi (race.pachisi).

Clause by clause on positions written by hand; properties over random games (pieces kept, JSON
both ways, the throws' odds); random games to their end; the Ur file against the native
``race.ur`` engine move for move (same throws, the legal moves of both mapped to one form, the
positions compared at every step); and Ludii's Ur traces replayed through the file.
"""
from __future__ import annotations

import gzip
import json
import random
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import get_variant
from games.engine.core import variants
from games.engine.rules import ERRORS, RULESETS_DIR, RulesFileError, rules_variant
from games.engine.rules import race
from games.engine.rules.game import random_playout
from games.engine.rules.loader import load_text

UR = "race.ur-finkel"
PACHISI = "race.pachisi"
SIX = "race.pucheesee-six"
SEVEN = "race.pucheesee-seven"
KEYS = (UR, PACHISI, SIX, SEVEN)
DUMP = Path("/work/shared/data/dlp/ludiiGames-2020-08-11.sql")
TRACES = Path("/work/shared/oracle/ludii/traces")


def variant(key):
    return rules_variant(key)


def sim_at(key, pos, *, hands=None, off=None, seat=0, options=None):
    """A position written by hand (track positions per seat), read back through the public JSON
    so the reader's checks run; returns the variant's Sim of it."""
    v = variant(key)
    opts = v.validate_options(options or {})
    g = v.game
    r = g.rules(opts)
    sim = g.new_sim(opts)
    P = r.players
    off = off or [0] * P
    for s in range(P):
        sim.pos[s] = list(pos[s])
        sim.off[s] = off[s]
        sim.hand[s] = (hands[s] if hands is not None else r.count - len(pos[s]) - off[s])
        for p in pos[s]:
            sim.occ[r.cells[s][p] * P + s] += 1
    sim.seat = seat
    return v.fast(v.state_from_json(sim.to_json()))


def throw(sim, value):
    """Throw the first face combination worth ``value``."""
    r = sim.r
    i = next(i for i, vals in enumerate(r.vals) if vals == (value,))
    sim.play(i)
    return sim


def legal(sim):
    return {(sim.action(m).get("from"), sim.action(m).get("to")) if m != race.PASS else "pass" for m in sim.moves()}


def play(sim, src, dst):
    m = next(m for m in sim.moves() if m != race.PASS and (sim.action(m)["from"], sim.action(m)["to"]) == (src, dst))
    sim.play(m)
    return sim


def square(key, seat, cell, options=None):
    v = variant(key)
    return v.game.rules(v.validate_options(options or {})).track_names[seat].index(cell) + 1


# -- the files load -------------------------------------------------------------------------

def test_files_load_and_are_listed():
    keys = variants()  # compiles every file
    assert not {k: e for k, e in ERRORS.items() if k.startswith("race.")}
    assert set(KEYS) <= set(keys)
    for key in KEYS:
        v = variant(key)
        assert v.family == "rules" and v.rules_file.mechanic == "race"
        info = v.board_info(v.validate_options({}))
        assert info["geometry"]["style"] == "track"
        assert len(info["geometry"]["tracks"]) == v.players


def test_ur_board_and_tracks():
    v = variant(UR)
    info = v.board_info(v.validate_options({}))
    names = {s["name"] for s in info["geometry"]["sites"]}
    assert len(names) == 20 and not names & {"e1", "f1", "e3", "f3"}
    marks = {s["name"]: s["mark"] for s in info["geometry"]["sites"] if s["mark"]}
    assert marks == {"a1": "rosette", "a3": "rosette", "d2": "rosette", "g1": "rosette", "g3": "rosette"}
    assert info["geometry"]["tracks"][0] == ["d1", "c1", "b1", "a1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "h1", "g1"]
    murray = v.board_info(v.validate_options({"route": "murray"}))["geometry"]["tracks"][1]
    assert len(murray) == 27 and murray[:4] == ["d3", "c3", "b3", "a3"] and murray[-4:] == ["a3", "b3", "c3", "d3"]


def test_pachisi_board_and_tracks():
    v = variant(PACHISI)
    info = v.board_info(v.validate_options({}))
    assert len(info["geometry"]["sites"]) == 96
    tracks = info["geometry"]["tracks"]
    assert [len(t) for t in tracks] == [83] * 4
    # Each seat starts down its own middle column and ends up it again; the tracks are turns of South's.
    assert [t[0] for t in tracks] == ["j8", "l10", "j12", "h10"]
    assert [t[-1] for t in tracks] == ["j8", "l10", "j12", "h10"]
    assert tracks[0][7] == "j1" and tracks[0][8] == "k1" and tracks[0][75] == "j1"
    castles = sorted(s["name"] for s in info["geometry"]["sites"] if s["mark"] == "castle")
    assert castles == sorted(["j1", "i4", "k4", "s10", "p9", "p11", "j19", "i16", "k16", "a10", "d9", "d11"])
    assert info["teams"] == [[0, 2], [1, 3]]


# -- Ur, clause by clause -------------------------------------------------------------------

def test_ur_entering_by_the_throw():  # UR-3
    sim = variant(UR).fast(variant(UR).new_game())
    throw(sim, 3)
    assert legal(sim) == {("hand", "b1")}
    play(sim, "hand", "b1")
    assert sim.hand == [6, 7] and sim.to_move() is None and sim.seat == 1


def test_ur_zero_passes_the_turn():  # UR-11
    sim = variant(UR).fast(variant(UR).new_game())
    throw(sim, 0)
    assert sim.is_chance() and sim.seat == 1
    high = variant(UR).fast(variant(UR).new_game({"zero": "highest"}))
    i = next(i for i, f in enumerate(high.r.outcomes) if sum(f) == 0)
    high.play(i)
    assert legal(high) == {("hand", "a2")}  # worth 5: the fifth square


def test_ur_capture_sends_back():  # UR-6
    a2, c2 = square(UR, 0, "a2"), square(UR, 1, "c2")
    sim = sim_at(UR, [[a2], [c2]])
    throw(sim, 2)
    assert ("a2", "c2") in legal(sim)
    play(sim, "a2", "c2")
    state = sim.to_json()
    assert state["board"] == {"c2": [0, "piece", 1]} and state["hands"][1] == {"piece": 7}
    closed = sim_at(UR, [[a2], [c2]], options={"capture": False})
    throw(closed, 2)
    assert ("a2", "c2") not in legal(closed)


def test_ur_centre_rosette_is_safe():  # UR-7
    a2, d2 = square(UR, 0, "a2"), square(UR, 1, "d2")
    sim = sim_at(UR, [[a2], [d2]])
    throw(sim, 3)
    assert ("a2", "d2") not in legal(sim)
    open_ = sim_at(UR, [[a2], [d2]], options={"safe_rosettes": "none"})
    throw(open_, 3)
    assert ("a2", "d2") in legal(open_)


def test_ur_corner_rosettes_give_another_throw():  # UR-8
    sim = sim_at(UR, [[square(UR, 0, "b1")], []])
    throw(sim, 1)
    play(sim, "b1", "a1")
    assert sim.is_chance() and sim.seat == 0
    centre = sim_at(UR, [[square(UR, 0, "b2")], []])
    throw(centre, 2)
    play(centre, "b2", "d2")
    assert centre.is_chance() and centre.seat == 1
    every = sim_at(UR, [[square(UR, 0, "b2")], []], options={"extra_throw_rosettes": "all"})
    throw(every, 2)
    play(every, "b2", "d2")
    assert every.seat == 0


def test_ur_own_pieces_do_not_share():  # UR-5
    sim = sim_at(UR, [[1, 2], []])
    throw(sim, 1)
    assert legal(sim) == {("c1", "b1")}  # d1 to c1 and hand to d1 would land on their own


def test_ur_exact_bear_off_and_the_win():  # UR-9, UR-10
    g1 = square(UR, 0, "g1")
    sim = sim_at(UR, [[g1], []], off=[6, 0])
    throw(sim, 2)
    assert sim.is_chance() and sim.seat == 1  # no move: 2 overshoots
    sim = sim_at(UR, [[g1], []], off=[6, 0])
    throw(sim, 1)
    assert legal(sim) == {("g1", "off")}
    play(sim, "g1", "off")
    assert sim.outcome().winner == 0 and sim.outcome().how == "all-off" and sim.result() == (1.0, 0.0)
    loose = sim_at(UR, [[g1], []], off=[6, 0], options={"exact_bearoff": False})
    throw(loose, 3)
    assert legal(loose) == {("g1", "off")}


# -- Pachisi, clause by clause --------------------------------------------------------------

def test_pachisi_enters_only_on_a_grace():  # PA-7
    v = variant(PACHISI)
    sim = v.fast(v.new_game())
    throw(sim, 3)
    assert sim.is_chance() and sim.seat == 1  # no piece may come out
    sim = v.fast(v.new_game())
    throw(sim, 25)
    assert legal(sim) == {("hand", "j8"), "pass"}
    play(sim, "hand", "j8")
    assert sim.is_chance() and sim.seat == 0  # PA-6: a grace throws again
    by_throw = v.fast(v.new_game({"grace_entry": "by-throw"}))
    throw(by_throw, 10)
    assert legal(by_throw) == {("hand", "k2"), "pass"}


def test_pachisi_capture_sends_a_group_back():  # PA-9
    seat1 = square(PACHISI, 1, "m9")
    sim = sim_at(PACHISI, [[square(PACHISI, 0, "k8")], [seat1, seat1], [], []])
    throw(sim, 2)
    play(sim, "k8", "m9")
    assert sim.hand[1] == 4 and sim.to_json()["board"] == {"m9": [0, "piece", 1]}
    blockade = sim_at(PACHISI, [[square(PACHISI, 0, "k8")], [seat1, seat1], [], []], options={"doubled": "block"})
    throw(blockade, 2)
    assert ("k8", "m9") not in legal(blockade)


def test_pachisi_castles_are_closed_to_opponents():  # PA-10
    p9 = square(PACHISI, 1, "p9")
    start = square(PACHISI, 0, "m9")
    sim = sim_at(PACHISI, [[start], [p9], [], []])
    throw(sim, 3)
    assert ("m9", "p9") not in legal(sim)
    shared = sim_at(PACHISI, [[start], [p9], [], []], options={"castles": "share"})
    throw(shared, 3)
    play(shared, "m9", "p9")
    state = shared.to_json()
    assert state["board"]["p9"] == [None, "piece", 2] and shared.hand[1] == 3
    # A partner's piece may share the square, and a castle of one's own side too.
    partner = sim_at(PACHISI, [[start], [], [square(PACHISI, 2, "p9")], []])
    throw(partner, 3)
    assert ("m9", "p9") in legal(partner)


def test_pachisi_exact_home_and_the_partnership_wins():  # PA-11, PA-13
    home = 81  # three squares from home: the charkoni is square 84
    sim = sim_at(PACHISI, [[], [], [home], []], off=[4, 0, 3, 0], seat=2)
    throw(sim, 4)
    assert sim.is_chance() and sim.seat == 3  # 4 overshoots the charkoni
    sim = sim_at(PACHISI, [[], [], [home], []], off=[4, 0, 3, 0], seat=2)
    throw(sim, 3)
    assert legal(sim) == {(variant(PACHISI).game.board.names[sim.r.cells[2][home]], "off"), "pass"}
    m = next(m for m in sim.moves() if m != race.PASS)
    sim.play(m)
    assert sim.outcome().winner == 2 and sim.result() == (1.0, 0.0, 1.0, 0.0)


def test_pachisi_last_square_is_a_dead_end_unless_any_throw_goes_home():  # PA-11, PA-16
    # The letter of the exact finish (last_square = stranded): no throw is worth 1.
    sim = sim_at(PACHISI, [[83], [], [], []], options={"last_square": "stranded"})
    for value in (2, 3, 4, 5, 6, 10, 25):
        probe = sim.copy()
        throw(probe, value)
        assert ("j8", "off") not in legal(probe)
    loose = sim_at(PACHISI, [[83], [], [], []], options={"exact_home": False})
    throw(loose, 2)
    assert ("j8", "off") in legal(loose)
    # PA-16 (the default): a grace takes the piece on the last square home, another throw not;
    # a piece farther off still needs the exact throw.
    for value in (2, 3, 4, 5, 6, 10, 25):
        probe = sim_at(PACHISI, [[83], [], [], []])
        throw(probe, value)
        assert (("j8", "off") in legal(probe)) == (value in (6, 10, 25))
    far = sim_at(PACHISI, [[82], [], [], []])
    throw(far, 10)
    assert ("j7", "off") not in legal(far)


def test_pachisi_ludii_readings_first_piece_outer_start_home_run():  # PA-3, PA-15, PA-17
    ludii = {"start": "outer", "first_piece": "any-throw", "home_run": "central-row"}
    sim = sim_at(PACHISI, [[], [], [], []], options=ludii)
    assert sim.r.track_names[0][:2] == ["k5", "k6"] and sim.r.n[0] == 71
    throw(sim, 3)  # the opening: the first piece out by the throw, no pass
    assert legal(sim) == {("hand", "k7")}
    sim = sim_at(PACHISI, [[], [], [], []], options=ludii)
    throw(sim, 10)  # a grace in the opening earns no other throw
    play(sim, "hand", sim.r.track_names[0][9])
    assert sim.is_chance() and sim.seat == 1
    # Later pieces need a grace, onto the first square.
    later = sim_at(PACHISI, [[5], [], [], []], options=ludii)
    later.throws = 10
    throw(later, 3)
    assert ("hand", "k7") not in legal(later)
    # home_run = central-row: no going home from the outer track, even by the exact throw.
    run = sim_at(PACHISI, [[62], [], [], []], options=ludii)
    run.throws = 10
    throw(run, 10)
    assert not any(m[1] == "off" for m in legal(run) if m != "pass")
    anywhere = sim_at(PACHISI, [[62], [], [], []], options={**ludii, "home_run": "anywhere"})
    anywhere.throws = 10
    throw(anywhere, 10)
    assert (anywhere.r.track_names[0][61], "off") in legal(anywhere)


def test_pachisi_a_finished_seat_is_passed_over():  # PA-13
    sim = sim_at(PACHISI, [[], [10], [10], [10]], off=[4, 0, 0, 0], seat=3)
    i = next(i for i, vals in enumerate(sim.r.vals) if vals == (2,))
    sim.play(i)
    play(sim, sim.r.track_names[3][9], sim.r.track_names[3][11])
    assert sim.is_chance() and sim.seat == 1


def test_pachisi_pass_is_a_choice():  # PA-12
    sim = sim_at(PACHISI, [[10], [], [], []])
    throw(sim, 3)
    assert "pass" in legal(sim)
    assert variant(PACHISI).legal_actions(sim.state())[-1] == {"pass": True}
    sim.play(race.PASS)
    assert sim.is_chance() and sim.seat == 1 and sim.pos[0] == [10]
    forced = sim_at(PACHISI, [[10], [], [], []], options={"may_pass": False})
    throw(forced, 3)
    assert "pass" not in legal(forced)


# -- Pucheesee (Herklots), clause by clause -------------------------------------------------

def throw_up(sim, up):
    """Throw the first face combination with ``up`` cowries mouth up."""
    sim.play(next(i for i, f in enumerate(sim.r.outcomes) if sum(f) == up))
    return sim


def test_pucheesee_throws_until_a_two_three_or_four():  # PD-6, PD-7
    v = variant(SIX)
    sim = v.fast(v.new_game())
    throw_up(sim, 1)  # 10: throw again
    assert sim.is_chance() and sim.seat == 0 and sim.to_json()["series"] == [[10]]
    throw_up(sim, 5)  # 25 and an extra step of 1
    throw_up(sim, 3)  # 3: now move
    assert sim.to_move() == 0 and sorted(sim.left) == [1, 3, 10, 25]
    assert legal(sim) == {("hand", "j8")}  # only the extra step of a 25 brings a piece out
    play(sim, "hand", "j8")
    t = sim.r.track_names[0]  # square q is t[q - 1]
    assert (t[3], t[10], t[25]) == ("j5", "k3", "s11")
    assert legal(sim) == {("j8", "j5"), ("j8", "k3"), ("j8", "s11")}  # the 3, the 10 or the 25
    play(sim, "j8", "j5")
    assert legal(sim) == {("j5", t[13]), ("j5", t[28])}
    play(sim, "j5", t[13])
    assert legal(sim) == {(t[13], t[38])}
    play(sim, t[13], t[38])
    assert sim.is_chance() and sim.seat == 1 and sim.left == [] and sim.pos[0] == [39]


def test_pucheesee_without_a_piece_out_the_throws_are_lost():  # PD-6
    v = variant(SIX)
    sim = v.fast(v.new_game())
    throw_up(sim, 2)
    assert sim.is_chance() and sim.seat == 1


def test_pucheesee_three_equal_throws_are_void():  # PD-6
    v = variant(SIX)
    sim = v.fast(v.new_game())
    for _ in range(3):
        throw_up(sim, 0)  # 6
    assert sim.to_json()["series"] == []
    last = v.fast(v.new_game({"void": "last"}))
    for _ in range(3):
        throw_up(last, 0)
    assert last.to_json()["series"] == [[6], [6]]
    throw_up(last, 0)
    assert last.to_json()["series"] == [[6], [6]]


def test_pucheesee_seven_cowries_give_a_step_with_thirty():  # PS-5
    v = variant(SEVEN)
    sim = v.fast(v.new_game())
    throw_up(sim, 6)
    throw_up(sim, 2)
    assert sorted(sim.left) == [1, 2, 30]
    state = v.state_from_json(sim.to_json())
    assert v.legal_actions(state) == [{"from": "hand", "to": "j8"}]


# -- properties -----------------------------------------------------------------------------

OPTION_SETS = {
    UR: [{}, {"route": "murray", "dice": 3}, {"zero": "highest", "exact_bearoff": False, "pieces": 5},
         {"capture": False, "safe_rosettes": "all", "extra_throw_rosettes": "all"}],
    PACHISI: [{}, {"exact_home": False}, {"castles": "share", "doubled": "block", "may_pass": False,
                                          "grace_entry": "by-throw", "exact_home": False}],
    SIX: [{}, {"void": "last", "may_pass": True, "exact_home": False, "castles": "share"}],
    SEVEN: [{}],
}
CASES = [(k, i) for k, sets in OPTION_SETS.items() for i in range(len(sets))]


def conserved(sim):
    r = sim.r
    for s in range(r.players):
        assert sim.hand[s] + len(sim.pos[s]) + sim.off[s] == r.count
        assert all(1 <= p <= r.n[s] for p in sim.pos[s])
    P = r.players
    counts = [0] * len(sim.occ)
    for s in range(P):
        for p in sim.pos[s]:
            counts[r.cells[s][p] * P + s] += 1
    assert counts == sim.occ


@settings(max_examples=30, deadline=None)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 10**6), steps=st.integers(1, 400))
def test_pieces_are_conserved_and_json_round_trips(case, seed, steps):
    key, i = case
    v = variant(key)
    sim = v.fast(v.new_game(OPTION_SETS[key][i]))
    rng = random.Random(seed)
    for _ in range(steps):
        if sim.outcome() is not None:
            break
        if sim.is_chance():
            sim.chance(rng)
        else:
            moves = sim.moves()
            sim.play(moves[rng.randrange(len(moves))])
        conserved(sim)
    state = sim.state()
    again = v.state_from_json(json.loads(state.text))
    assert again.text == state.text
    assert v.legal_actions(again) == v.legal_actions(state)
    assert v.to_move(again) == v.to_move(state) and v.is_chance(again) == v.is_chance(state)


@settings(max_examples=20, deadline=None)
@given(case=st.sampled_from(CASES))
def test_throws_distribution_sums_to_one(case):
    key, i = case
    v = variant(key)
    sim = v.fast(v.new_game(OPTION_SETS[key][i]))
    r = sim.r
    total = sum(Fraction(w, r.total) for w in r.weights)
    assert total == 1
    assert sum(p for _, p in sim.chance_outcomes()) == pytest.approx(1.0)
    # Two-sided pieces: the number up is binomial.
    k = len(r.outcomes[0])
    by_up: dict[int, Fraction] = {}
    for faces, w in zip(r.outcomes, r.weights):
        by_up[sum(faces)] = by_up.get(sum(faces), 0) + Fraction(w, r.total)
    assert by_up == {u: Fraction(comb(k, u), 2 ** k) for u in range(k + 1)}


def test_chance_draws_at_the_odds():
    v = variant(PACHISI)
    sim = v.fast(v.new_game())
    rng = random.Random(5)
    counts = [0] * len(sim.r.outcomes)
    n = 64_000
    for _ in range(n):
        probe = sim.copy()
        counts[probe.chance(rng)] += 1
    for c, w in zip(counts, sim.r.weights):
        expected = n * w / sim.r.total
        assert abs(c - expected) < 5 * expected ** 0.5 + 5


# -- random games to the end ----------------------------------------------------------------

@pytest.mark.parametrize("case", CASES)
def test_random_playouts_end(case):
    key, i = case
    v = variant(key)
    root = v.fast(v.new_game(OPTION_SETS[key][i]))
    rng = random.Random(11)
    hows = set()
    for _ in range(4 if key != PACHISI else 2):
        sim = root.copy()
        random_playout(sim, rng)
        assert sim.outcome() is not None
        conserved(sim)
        hows.add(sim.outcome().how)
        if sim.outcome().how == "all-off":
            winner = sim.outcome().winner
            assert all(sim.off[m] == sim.r.count for m in sim.r.team[winner])
    # Murray's loop meets the enemy on both passes of the middle row and random games usually
    # reach the throw limit (as in the native engine); Pachisi's exact finish strands pieces.
    opts = OPTION_SETS[key][i]
    if opts.get("route") != "murray" and (key != PACHISI or opts.get("exact_home") is False):
        assert hows == {"all-off"}


@pytest.mark.parametrize("key", [UR, PACHISI, SIX])
def test_sim_and_public_protocol_agree(key):
    """The play-out Sim and the public protocol (a JSON state per step) make the same game."""
    v = variant(key)
    options = {"exact_home": False} if key == PACHISI else {}
    rng = random.Random(3)
    state = v.new_game(options)
    sim = v.fast(state)
    for _ in range(600):
        if v.outcome(state) is not None:
            break
        assert v.is_chance(state) == sim.is_chance()
        if v.is_chance(state):
            action = v.draw(state, rng)
            move = sim.r.outcomes.index(tuple(action["throw"]))
        else:
            actions = v.legal_actions(state)
            assert actions == [sim.action(m) for m in sim.moves()]
            action = rng.choice(actions)
            move = next(m for m in sim.moves() if sim.action(m) == action)
            v.describe(state, action)
        state = v.apply(state, action)
        sim.play(move)
        assert sim.state().text == state.text


# -- the Ur file against the native engine --------------------------------------------------

def _native_action(r, side, act):
    """A native race action (route positions) in the rules file's form."""
    def name(cell):
        c = r.board.cells[cell]
        return "abcdefgh"[c.x] + str(3 - c.y)  # native y = 0 is the top row (Black's)
    route = r.routes[side]
    src = "hand" if act["from"] == 0 else name(route[act["from"] - 1])
    dst = "off" if act["to"] == r.n + 1 else name(route[act["to"] - 1])
    return src, dst


def _equivalent(options, moves_wanted, seed, protocol=False):
    """Play random games on both engines with the same throws until ``moves_wanted`` moves (the
    players' decisions) have been made; compare at every step. Returns (moves, throws, games)."""
    native = get_variant("race.ur")
    mine = variant(UR)
    nopts = native.validate_options({"rules": "finkel", **options})
    r = native.rules(nopts)
    rng = random.Random(seed)
    moves = throws = games = 0
    while moves < moves_wanted:
        ns = native.new_game(nopts)
        state = mine.new_game(options)
        sim = mine.fast(state)
        games += 1
        while True:
            if protocol:
                assert sim.state().text == state.text
                sim = mine.fast(state)
            out = native.outcome(ns)
            if out is not None:
                assert sim.outcome() is not None and sim.outcome().winner == out.winner
                assert sim.outcome().how == ("all-off" if out.how == "first-off" else out.how)
                break
            assert sim.outcome() is None
            for s in (0, 1):
                assert sorted(sim.pos[s]) == [p for p in ns.pieces[s] if 0 < p <= r.n]
                assert sim.hand[s] == ns.pieces[s].count(0) and sim.off[s] == ns.pieces[s].count(r.n + 1)
            assert sim.throws == ns.throws
            if native.is_chance(ns):
                assert sim.is_chance() and sim.seat == ns.to_move
                act = native.draw(ns, rng)
                ns = native.apply(ns, act)
                if protocol:
                    state = mine.apply(state, {"throw": list(act["throw"])})
                sim.play(sim.r.outcomes.index(tuple(act["throw"])))
                throws += 1
                continue
            assert not sim.is_chance() and sim.to_move() == native.to_move(ns)
            legal_native = native.legal_actions(ns)
            ours = {(sim.action(m)["from"], sim.action(m)["to"]): m for m in sim.moves()}
            assert set(ours) == {_native_action(r, ns.to_move, a) for a in legal_native}
            if protocol:
                assert {(a["from"], a["to"]) for a in mine.legal_actions(state)} == set(ours)
            act = rng.choice(legal_native)
            pair = _native_action(r, ns.to_move, act)
            ns = native.apply(ns, act)
            if protocol:
                state = mine.apply(state, {"from": pair[0], "to": pair[1]})
            sim.play(ours[pair])
            moves += 1
    return moves, throws, games


def test_ur_file_plays_as_the_native_engine():
    """At least 10,000 random moves of Finkel's Ur: the same legal moves, positions, throws
    counted and winners as ``race.ur`` (preset finkel) at every step."""
    moves, throws, games = _equivalent({}, 10_000, seed=2024)
    assert moves >= 10_000 and games >= 60


@pytest.mark.parametrize("options", [
    {"route": "murray", "dice": 3, "safe_rosettes": "none", "extra_throw_rosettes": "none"},
    {"zero": "highest", "exact_bearoff": False, "pieces": 5},
    {"capture": False, "safe_rosettes": "all", "extra_throw_rosettes": "all"},
])
def test_ur_file_options_play_as_the_native_options(options):
    moves, _, _ = _equivalent(options, 2_000, seed=7)
    assert moves >= 2_000


def test_ur_file_through_the_public_protocol_plays_as_the_native_engine():
    moves, _, _ = _equivalent({}, 1_500, seed=99, protocol=True)
    assert moves >= 1_500


# -- Ludii's Ur traces ----------------------------------------------------------------------

def replay_ludii(name, options):
    """Replay a Ludii trace through the Ur file: Ludii's throw as ours, its legal moves mapped by
    label (hands to "hand", a bearing off [s, s] to "off") against ours, the boards it logs
    against ours, and its chosen move played. Returns (steps compared, steps agreeing, the first
    difference or None, our outcome, Ludii's winner as our seat)."""
    v = variant(UR)
    lines = [json.loads(x) for x in gzip.open(TRACES / f"{name}.jsonl.gz", "rt")]
    sites = {s["index"]: s for s in lines[0]["sites"]}

    def cell(i):
        s = sites[i]
        return "hand" if s.get("container", "").startswith("Hand") else s["label"].lower()

    sim = v.fast(v.new_game(options))
    steps = agree = 0
    first = None
    for rec in lines[1:]:
        if "board" in rec:
            want, hands = {}, [0, 0]
            for e in rec["board"]:
                if e["what"].startswith("Die"):
                    continue
                if cell(e["site"]) == "hand":
                    hands[e["who"] - 1] += e["count"]
                else:
                    want[cell(e["site"])] = [e["who"] - 1, "piece", e["count"]]
            ours = sim.to_json()
            if (ours["board"], [h.get("piece", 0) for h in ours["hands"]]) != (want, hands) and first is None:
                first = (rec["step"], "board")
            continue
        if "end" in rec:
            return steps, agree, first, sim.outcome(), (rec["winner"] - 1 if rec["winner"] else None)
        steps += 1
        if sim.outcome() is not None or not sim.is_chance() or sim.seat != rec["mover"] - 1:
            first = first or (rec["step"], "turn")
            return steps, agree, first, sim.outcome(), None
        sim.play(sim.r.outcomes.index(tuple(rec["dice"])))
        ludii = {(cell(f), "off" if f == t else cell(t)) for f, t in rec["legal"] if f != -1}
        ours = {(sim.action(m)["from"], sim.action(m)["to"]) for m in sim.moves()}
        if ours == ludii:
            agree += 1
        else:
            first = first or (rec["step"], "legal")
        f, t = rec["legal"][rec["chosen"]]
        if f == -1:
            continue  # Ludii's forced pass: our seat was skipped already
        key = (cell(f), "off" if f == t else cell(t))
        m = [m for m in sim.moves() if (sim.action(m)["from"], sim.action(m)["to"]) == key]
        if not m:
            return steps, agree, first, sim.outcome(), None
        sim.play(m[0])
    raise AssertionError("the trace has no end line")


UR_TRACES = ["50-77-s1", "50-77-s2", "50-default-s1", "50-default-s2"]


@pytest.mark.skipif(not TRACES.exists(), reason="Ludii's traces are not on this machine")
@pytest.mark.parametrize("name", UR_TRACES)
def test_ludii_ur_traces_with_every_rosette_throwing_again(name):
    """Ludii gives another throw on every rosette (UR-8's ludii note): with that option every
    step's legal moves, every logged board and the winner agree."""
    steps, agree, first, outcome, winner = replay_ludii(name, {"extra_throw_rosettes": "all"})
    assert first is None and agree == steps and steps > 100
    assert outcome is not None and outcome.how == "all-off" and outcome.winner == winner


@pytest.mark.skipif(not TRACES.exists(), reason="Ludii's traces are not on this machine")
@pytest.mark.parametrize("name", UR_TRACES)
def test_ludii_ur_traces_part_where_a_piece_lands_on_the_centre_rosette(name):
    """With the file's own reading the traces agree until a piece lands on d2: Ludii's mover
    throws again, ours passes the turn (UR-8's ludii note)."""
    steps, agree, first, _, _ = replay_ludii(name, {})
    assert first is not None and first[1] == "turn" and agree == steps - 1
    lines = [json.loads(x) for x in gzip.open(TRACES / f"{name}.jsonl.gz", "rt")]
    before = next(x for x in lines[1:] if x.get("step") == first[0] - 1 and "legal" in x)
    f, t = before["legal"][before["chosen"]]
    label = {s["index"]: s["label"] for s in lines[0]["sites"]}
    assert label[t] == "D2" and before["mover"] == next(
        x for x in lines[1:] if x.get("step") == first[0] and "legal" in x)["mover"]


@pytest.mark.skipif(not TRACES.exists(), reason="Ludii's traces are not on this machine")
@pytest.mark.parametrize("name", UR_TRACES)
def test_the_generic_replay_tool_agrees_on_ur(name):
    """``python -m games.engine replay-ludii`` (games/engine/rules/ludii.py) reads the file's
    [ludii] options (every rosette throws again) and finds what the replay above finds; under
    the file's own reading it stops where ours first parts from Ludii's."""
    from games.engine.rules.ludii import read_trace, replay

    trace = read_trace(TRACES / f"{name}.jsonl.gz")
    report = replay(trace, variant(UR))
    assert report.ok and report.agree == report.total == len(trace.steps)
    own = replay(trace, variant(UR), options={"extra_throw_rosettes": "corners"})
    first = replay_ludii(name, {})[2][0]
    assert not own.ok and own.agree == first and own.stopped.startswith(f"step {first}:")


# -- the file format's errors ---------------------------------------------------------------

def _compile(text):
    return race.compile(load_text(text, "race/broken.toml", race.ELEMENTS))


def _ur_text():
    return (RULESETS_DIR / "race" / "ur-finkel.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("change, where", [
    (('"h1", "g1"]', '"h1", "z9"]'), "clause[2].track.seats.finkel[1]: 'z9' is neither a cell"),
    (('device = "tetra"', 'device = "tetrahedra"'), "clause[4].throw.device: must be one of"),
    (('extra_throw = { cells', 'extra_throw = { squares'), "clause[9].extra_throw.squares: unknown field"),
    (('centre = ["d2"], all', 'middle = ["d2"], all'), "clause[8].safe.cells.middle: is not a choice of option safe_rosettes"),
    (('bear_off = { exact = { option = "exact_bearoff" } }', 'bear_off = { exact = "yes" }'),
     "clause[10].bear_off.exact: must be true or false"),
])
def test_errors_name_file_line_and_field(change, where):
    text = _ur_text()
    assert change[0] in text
    with pytest.raises(RulesFileError) as info:
        _compile(text.replace(change[0], change[1], 1))
    message = str(info.value)
    assert message.startswith("race/broken.toml:") and where in message
    line = int(message.split(":")[1])
    element = where.split(".")[1]
    assert f"{element} = " in text.replace(change[0], change[1], 1).splitlines()[line - 1]


def test_a_field_stated_twice_is_refused():
    text = _ur_text().replace('end = { limit = 1000 }', 'end = { goal = "all-off", limit = 1000 }')
    with pytest.raises(RulesFileError, match=r"clause\[12\]\.end\.goal: is stated twice"):
        _compile(text)


def test_reading_a_bad_state_names_the_field():
    v = variant(UR)
    data = json.loads(v.new_game().text)
    data["board"] = {"c2": [0, "piece", 1]}
    with pytest.raises(Exception, match="board.c2"):
        v.state_from_json(data)
    data = json.loads(v.new_game().text)
    data["hands"] = [{"piece": 6}, {"piece": 7}]
    with pytest.raises(Exception, match="seat 0"):
        v.state_from_json(data)


# -- the quotations are the DLP's words -----------------------------------------------------

@pytest.mark.skipif(not DUMP.exists(), reason="the DLP dump is not on this machine")
def test_quotations_are_the_dlp_texts():
    import re

    from archive.importers.sqldump import read_dump_file

    dump = read_dump_file(DUMP)
    rulesets = {r["Id"]: r["Rules"] for _, r in dump.records("GameRulesets")}
    games = {r["Id"]: r["Description"] for _, r in dump.records("Games")}
    seen = 0
    for key in KEYS:
        rf = variant(key).rules_file
        assert rf.dlp_ruleset in rulesets
        for c in rf.clauses:
            if not c.quote:
                continue
            m = re.match(r"DLP\.(GameRulesets|Games)\.(\d+)", c.locator)
            assert m and c.source == "dlp-2020", (key, c.id)
            text = rulesets[int(m.group(2))] if m.group(1) == "GameRulesets" else games[int(m.group(2))]
            assert c.quote in text, (key, c.id, c.quote)
            seen += 1
    assert seen >= 25
