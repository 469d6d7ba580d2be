"""20 Squares after Finkel's Seleucid reading as a rules file (race.twenty-squares-seleucid,
DLP.GameRulesets.35): clause by clause on positions written by hand, the file against the
native ``race.twenty-squares`` engine on random games with the same throws, and Ludii's traces
through the replay tool (its dice mapped by the file's ``[ludii] dice`` table)."""
from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from games.engine import get_variant
from games.engine.rules import rules_variant
from games.engine.rules import race

TS = "race.twenty-squares-seleucid"
TRACES = Path("/work/shared/oracle/ludii/traces")
SHARED = ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "j2", "k2", "l2"]


def variant():
    return rules_variant(TS)


def sim_at(pos, *, off=None, seat=0, options=None):
    """A position written by hand (track positions per seat), read back through the public JSON."""
    v = variant()
    opts = v.validate_options(options or {})
    r = v.game.rules(opts)
    sim = v.game.new_sim(opts)
    off = off or [0, 0]
    for s in range(2):
        sim.pos[s] = sorted(pos[s])
        sim.off[s] = off[s]
        sim.hand[s] = r.count - len(pos[s]) - off[s]
        for p in pos[s]:
            sim.occ[r.cells[s][p] * 2 + s] += 1
    sim.seat = seat
    return v.fast(v.state_from_json(sim.to_json()))


def square(seat, cell, options=None):
    v = variant()
    return v.game.rules(v.validate_options(options or {})).track_names[seat].index(cell) + 1


def throw(sim, value):
    sim.play(next(i for i, vals in enumerate(sim.r.vals) if vals == (value,)))
    return sim


def legal(sim):
    return {(sim.action(m)["from"], sim.action(m)["to"]) for m in sim.moves() if m != race.PASS}


def play(sim, src, dst):
    sim.play(next(m for m in sim.moves() if m != race.PASS and (sim.action(m)["from"], sim.action(m)["to"]) == (src, dst)))
    return sim


# -- TS-1, TS-2: the board and the routes ------------------------------------------------------

def test_board_of_twenty_squares_and_five_rosettes():
    v = variant()
    geometry = v.board_info(v.validate_options({}))["geometry"]
    names = {s["name"] for s in geometry["sites"]}
    assert len(names) == 20 and names == {"a1", "b1", "c1", "d1", "a3", "b3", "c3", "d3", *SHARED}
    marks = {s["name"] for s in geometry["sites"] if s["mark"] == "rosette"}
    assert marks == {"a1", "a3", "d2", "h2", "l2"}


def test_routes_run_the_own_row_leftwards_then_the_whole_middle_row():
    v = variant()
    tracks = v.board_info(v.validate_options({}))["geometry"]["tracks"]
    assert tracks[0] == ["d1", "c1", "b1", "a1", *SHARED]
    assert tracks[1] == ["d3", "c3", "b3", "a3", *SHARED]


# -- TS-3: pieces and entering -----------------------------------------------------------------

def test_seven_pieces_enter_by_the_throw_counted_from_off_the_board():
    v = variant()
    sim = v.fast(v.new_game())
    assert sim.hand == [7, 7]
    throw(sim, 3)
    assert legal(sim) == {("hand", "b1")}
    sim = throw(v.fast(v.new_game()), 6)
    assert legal(sim) == {("hand", "b2")}  # four own squares, then the middle row's second
    five = v.fast(v.new_game({"pieces": 5}))
    assert five.hand == [5, 5]


# -- TS-4: the two astragals -------------------------------------------------------------------

def test_the_ox_raises_1_2_3_4_to_5_6_7_10_all_eight_throws_alike():
    v = variant()
    r = v.game.rules(v.validate_options({}))
    odds = {}
    for vals, w in zip(r.vals, r.weights):
        odds[vals[0]] = odds.get(vals[0], 0) + Fraction(w, sum(r.weights))
    assert odds == {k: Fraction(1, 8) for k in (1, 2, 3, 4, 5, 6, 7, 10)}
    ludii = v.game.rules(v.validate_options({"yes_values": "ludii"}))
    assert sorted(x[0] for x in ludii.vals) == [1, 2, 3, 4, 6, 8, 10, 14]


def test_a_throw_of_ten_moves_ten_squares():
    sim = sim_at([[square(0, "c1")], []])
    throw(sim, 10)
    assert legal(sim) == {("c1", "h2"), ("hand", "f2")}  # 2 + 10 = 12; 10 from off the board


# -- TS-5: own pieces block, no move loses the throw -------------------------------------------

def test_a_piece_may_not_land_on_its_own():
    sim = sim_at([[1, 2], []])
    throw(sim, 1)
    assert legal(sim) == {("c1", "b1")}  # d1 to c1 and hand to d1 land on their own


def test_a_side_with_no_move_loses_the_throw():
    sim = sim_at([[16], []], off=[6, 0])
    throw(sim, 2)  # 2 from l2 overshoots, and nothing is in the hand
    assert sim.is_chance() and sim.seat == 1


# -- TS-6: capture -----------------------------------------------------------------------------

def test_landing_on_an_opposing_piece_sends_it_off_the_board():
    b2, e2 = square(0, "b2"), square(1, "e2")
    sim = sim_at([[b2], [e2]])
    throw(sim, 3)
    play(sim, "b2", "e2")
    state = sim.to_json()
    assert state["board"] == {"e2": [0, "piece", 1]} and state["hands"][1] == {"piece": 7}
    closed = sim_at([[b2], [e2]], options={"capture": False})
    throw(closed, 3)
    assert ("b2", "e2") not in legal(closed)


# -- TS-7: the middle-row rosettes are safe ----------------------------------------------------

@pytest.mark.parametrize("cell", ["d2", "h2", "l2"])
def test_a_piece_on_a_middle_row_rosette_is_safe(cell):
    at = square(1, cell)
    start = SHARED[SHARED.index(cell) - 3]
    sim = sim_at([[square(0, start)], [at]])
    throw(sim, 3)
    assert legal(sim) == {("hand", "b1")}  # only a piece entering
    open_ = sim_at([[square(0, start)], [at]], options={"safe_rosettes": "none"})
    throw(open_, 3)
    assert legal(open_) == {(start, cell), ("hand", "b1")}
    play(open_, start, cell)
    assert open_.hand[1] == 7


# -- TS-8: the corner rosettes throw again -----------------------------------------------------

def test_a_corner_rosette_gives_another_throw_a_middle_one_does_not():
    corner = throw(variant().fast(variant().new_game()), 4)
    play(corner, "hand", "a1")
    assert corner.is_chance() and corner.seat == 0  # another throw
    middle = sim_at([[square(0, "a2")], []])
    throw(middle, 3)
    play(middle, "a2", "d2")
    assert middle.is_chance() and middle.seat == 1
    every = sim_at([[square(0, "a2")], []], options={"extra_throw_rosettes": "all"})
    throw(every, 3)
    play(every, "a2", "d2")
    assert every.is_chance() and every.seat == 0


# -- TS-9, TS-10: the exact throw off, and the win ---------------------------------------------

def test_bearing_off_by_the_exact_throw_and_the_win():
    k2 = square(0, "k2")
    sim = sim_at([[k2], []], off=[6, 0])
    throw(sim, 3)
    assert sim.is_chance() and sim.seat == 1  # 3 from k2 overshoots: no move
    sim = sim_at([[k2], []], off=[6, 0])
    throw(sim, 2)
    assert legal(sim) == {("k2", "off")}
    play(sim, "k2", "off")
    assert sim.outcome().winner == 0 and sim.outcome().how == "all-off"
    loose = sim_at([[k2], []], off=[6, 0], options={"exact_bearoff": False})
    throw(loose, 3)
    assert legal(loose) == {("k2", "off")}


# -- the file against the native engine --------------------------------------------------------

def _native_name(r, cell):
    c = r.board.cells[cell]
    return "abcdefghijkl"[c.x] + str(3 - c.y)  # native y = 0 is the top row (Black's)


@pytest.mark.parametrize("options, seed", [
    ({}, 2026),
    ({"pieces": 5, "capture": False, "safe_rosettes": "all", "extra_throw_rosettes": "all"}, 7),
    ({"safe_rosettes": "none", "extra_throw_rosettes": "none", "exact_bearoff": False}, 11),
])
def test_the_file_plays_as_the_native_engine(options, seed):
    """Random games on race.twenty-squares (preset seleucid) and the file with the same throws
    (the native astragals' worth as our die's face): the same legal moves, positions, throws
    counted and winners at every step."""
    native = get_variant("race.twenty-squares")
    mine = variant()
    nopts = native.validate_options({"rules": "seleucid", **options})
    r = native.rules(nopts)

    def chance(sim, act):
        throw(sim, r.value_of(tuple(act["throw"]))[0])

    def match(ns, sim, legal_native):
        route = r.routes[ns.to_move]

        def pair(a):
            return ("hand" if a["from"] == 0 else _native_name(r, route[a["from"] - 1]),
                    "off" if a["to"] == r.n + 1 else _native_name(r, route[a["to"] - 1]))

        return {(sim.action(m)["from"], sim.action(m)["to"]): m for m in sim.moves()}, pair

    games = play_beside_native(native, nopts, lambda: mine.fast(mine.new_game(options)), seed, chance, match)
    assert games >= 5


def play_beside_native(native, nopts, new_sim, seed, chance, match) -> int:
    """Random games, 2,000 moves at least, on a native variant and a file's fast path with the
    same throws (``chance(sim, native_throw)`` plays the native throw on the file): at every step
    the same pieces in hand, on the track and off, the same throws counted, the same seat to move,
    the same legal moves (``match(native_state, sim, native_actions)`` gives the file's moves by a
    key and the key of a native action) and the same winner. Returns the games played."""
    r = native.rules(nopts)
    rng = random.Random(seed)
    moves = games = 0
    while moves < 2_000:
        ns = native.new_game(nopts)
        sim = new_sim()
        games += 1
        while True:
            out = native.outcome(ns)
            if out is not None:
                assert sim.outcome() is not None and sim.outcome().winner == out.winner
                break
            assert sim.outcome() is None
            for s in (0, 1):
                assert sorted(sim.pos[s]) == [p for p in ns.pieces[s] if 0 < p <= r.n]
                assert sim.hand[s] == ns.pieces[s].count(0) and sim.off[s] == ns.pieces[s].count(r.n + 1)
            assert sim.throws == ns.throws
            if native.is_chance(ns):
                assert sim.is_chance()
                act = native.draw(ns, rng)
                chance(sim, act)
                ns = native.apply(ns, act)
                continue
            assert not sim.is_chance() and sim.to_move() == native.to_move(ns)
            legal_native = native.legal_actions(ns)
            ours, key = match(ns, sim, legal_native)
            assert set(ours) == {key(a) for a in legal_native} and len(ours) == len(legal_native)
            act = rng.choice(legal_native)
            sim.play(ours[key(act)])
            ns = native.apply(ns, act)
            moves += 1
    return games


# -- Ludii's traces ----------------------------------------------------------------------------

@pytest.mark.skipif(not TRACES.exists(), reason="Ludii's traces are not on this machine")
@pytest.mark.parametrize("name", ["7-35-s1", "7-35-s2", "7-default-s1", "7-default-s2"])
def test_ludii_traces_agree_under_ludiis_readings(name):
    """The [ludii] dice table turns Ludii's [sheep, ox] into our die's face (TS-4's ludii note);
    with Ludii's readings (yes adds, every rosette throws again) every step and the winner agree.
    Under the file's own readings the replay parts at the first throw where they matter."""
    from games.engine.rules.ludii import read_trace, replay

    trace = read_trace(TRACES / f"{name}.jsonl.gz")
    report = replay(trace, variant())
    assert report.ok and report.agree == report.total == len(trace.steps)
    own = replay(trace, variant(), options={"yes_values": "finkel", "extra_throw_rosettes": "corners"})
    assert not own.ok and own.agree < own.total


def test_ludii_dice_table_names_each_of_ludiis_throws():
    table = variant().rules_file.ludii["dice"]
    r = variant().game.rules(variant().validate_options({"yes_values": "ludii"}))
    assert {tuple(f) for f in table.values()} == set(r.outcomes)
    assert table["4,1"] == [14] and table["4,0"] == [4]


# == 58 Holes after Carnarvon and Carter (race.58-holes-carnarvon-carter, DLP.GameRulesets.36) ==

FH = "race.58-holes-carnarvon-carter"


def holes(mine, theirs=(), *, off=None, options=None, key=None):
    """A 58 Holes position by hole numbers (White's pegs, Black's), White to move."""
    v = rules_variant(key or FH)
    opts = v.validate_options(options or {})
    r = v.game.rules(opts)
    sim = v.game.new_sim(opts)
    off = off or [0, 0]
    for s, pos in enumerate((mine, theirs)):
        sim.pos[s] = sorted(pos)
        sim.off[s] = off[s]
        sim.hand[s] = r.count - len(pos) - off[s]
        for p in pos:
            sim.occ[r.cells[s][p] * 2 + s] += 1
    return v.fast(v.state_from_json(sim.to_json()))


def actions(sim):
    return [sim.action(m).to_json() for m in sim.moves() if m != race.PASS]


def test_fh_two_tracks_of_29_holes_to_the_shared_top_hole():  # FH-1, FH-2
    v = rules_variant(FH)
    geometry = v.board_info(v.validate_options({}))["geometry"]
    assert len(geometry["sites"]) == 59
    tracks = geometry["tracks"]
    assert tracks[0] == [f"l{n}" for n in range(1, 30)] and tracks[1] == [f"r{n}" for n in range(1, 30)]
    assert not set(tracks[0]) & set(tracks[1])
    marks = {s["name"]: s["mark"] for s in geometry["sites"] if s["mark"]}
    assert marks == {"l15": "special", "l25": "special", "r15": "special", "r25": "special", "goal": "apex"}


def test_fh_five_pegs_enter_by_the_throw():  # FH-3
    v = rules_variant(FH)
    sim = v.fast(v.new_game())
    assert sim.hand == [5, 5]
    throw(sim, 3)
    assert legal(sim) == {("hand", "l3")}


def test_fh_no_marked_side_up_is_worth_five_or_nothing():  # FH-4
    v = rules_variant(FH)
    r = v.game.rules(v.validate_options({}))
    assert r.vals[r.outcomes.index((0, 0, 0, 0))] == (5,)
    assert sorted({x[0] for x in r.vals}) == [1, 2, 3, 4, 5]
    sim = v.fast(v.new_game())
    sim.play(r.outcomes.index((0, 0, 0, 0)))
    assert legal(sim) == {("hand", "l5")}
    ludii = v.fast(v.new_game({"zero": 0}))
    ludii.play(ludii.r.outcomes.index((0, 0, 0, 0)))
    assert ludii.is_chance() and ludii.seat == 1  # worth nothing: the throw is lost


def test_fh_a_hole_holds_one_peg():  # FH-5
    sim = holes([2, 5])
    throw(sim, 3)
    assert legal(sim) == {("l5", "l8"), ("hand", "l3")}  # l2 to l5 lands on its own


def test_fh_hole_20_goes_back_to_6_and_10_to_8():  # FH-6
    sim = holes([17])
    throw(sim, 3)
    assert {"from": "l17", "to": "l6", "via": "l20"} in actions(sim)
    play(sim, "l17", "l6")
    assert sim.pos[0] == [6] and sim.seat == 1
    ten = holes([7])
    throw(ten, 3)
    play(ten, "l7", "l8")
    assert ten.pos[0] == [8]


def test_fh_a_line_into_a_held_hole_leaves_the_peg_where_it_landed():  # FH-6
    sim = holes([6, 17])
    throw(sim, 3)
    assert {"from": "l17", "to": "l20"} in actions(sim)
    play(sim, "l17", "l20")
    assert sim.pos[0] == [6, 20]


def test_fh_a_peg_leaving_the_lines_foot_for_its_head_comes_back_to_it():  # FH-6
    sim = holes([8])
    throw(sim, 2)
    # the peg lands in 10 and goes back along the line to 8, the hole it left, empty again
    assert sorted(actions(sim), key=str) == [{"from": "hand", "to": "l2"}, {"from": "l8", "to": "l8", "via": "l10"}]


def test_fh_a_line_never_carries_forward():  # FH-6
    sim = holes([3])
    throw(sim, 3)
    play(sim, "l3", "l6")
    assert sim.pos[0] == [6]


def test_fh_holes_15_and_25_give_another_throw():  # FH-7
    sim = holes([12])
    throw(sim, 3)
    play(sim, "l12", "l15")
    assert sim.is_chance() and sim.seat == 0
    sim = holes([12])
    throw(sim, 2)
    play(sim, "l12", "l14")
    assert sim.is_chance() and sim.seat == 1


def test_fh_hole_30_by_the_exact_throw_and_five_home_win():  # FH-8
    sim = holes([27], off=[4, 0])
    throw(sim, 4)
    assert sim.is_chance() and sim.seat == 1  # 27 + 4 is past hole 30
    sim = holes([27], off=[4, 0])
    throw(sim, 3)
    assert legal(sim) == {("l27", "off")}
    play(sim, "l27", "off")
    assert sim.outcome().winner == 0 and sim.outcome().how == "all-off"
    loose = holes([27], off=[4, 0], options={"exact_bearoff": False})
    throw(loose, 4)
    assert legal(loose) == {("l27", "off")}


def test_jump_empty_is_refused_where_pegs_may_share_a_hole():
    from games.engine.rules.loader import load_text

    text = (Path(__file__).resolve().parents[2] / "games/rulesets/race/58-holes-carnarvon-carter.toml").read_text()
    shared = text.replace("stack = { own = false }", "stack = { own = true }")
    with pytest.raises(Exception, match="jump.empty|empty"):
        race.compile(load_text(shared, "race/broken.toml", race.ELEMENTS))


@pytest.mark.parametrize("options, seed", [({}, 58), ({"exact_bearoff": False}, 5)])
def test_fh_file_plays_as_the_native_engine(options, seed):
    """Random games on race.58-holes (preset carnarvon-carter) and the file with the same throws:
    the same legal moves (the hole a peg comes to rest in), positions, throws counted and winners."""
    native = get_variant("race.58-holes")
    mine = rules_variant(FH)
    nopts = native.validate_options({"rules": "carnarvon-carter", **options})
    r = native.rules(nopts)

    def chance(sim, act):
        sim.play(sim.r.outcomes.index(tuple(act["throw"])))

    def match(ns, sim, legal_native):
        def native_after(a):
            return tuple(tuple(sorted(x)) for x in native.apply(ns, a).pieces)

        def ours_after(m):
            t = sim.copy()
            t.play(m)
            return tuple(tuple(sorted(t.pos[s] + [0] * t.hand[s] + [r.n + 1] * t.off[s])) for s in (0, 1))

        return {ours_after(m): m for m in sim.moves()}, native_after

    games = play_beside_native(native, nopts, lambda: mine.fast(mine.new_game(options)), seed, chance, match)
    assert games >= 3


@pytest.mark.skipif(not TRACES.exists(), reason="Ludii's traces are not on this machine")
@pytest.mark.parametrize("name", ["8-36-s1", "8-36-s2", "8-default-s1", "8-default-s2"])
def test_fh_ludii_traces_agree_with_no_side_up_worth_nothing(name):
    """With Ludii's reading of FH-4 (no marked side up: a lost throw) every step of the four
    traces agrees, a line move compared at the hole it lands in ([ludii] via); under the file's
    own reading (5) the replay parts at the first such throw where a peg could move."""
    from games.engine.rules.ludii import read_trace, replay

    trace = read_trace(TRACES / f"{name}.jsonl.gz")
    report = replay(trace, rules_variant(FH))
    assert report.ok and report.agree == report.total == len(trace.steps) == 200
    own = replay(trace, rules_variant(FH), options={"zero": 5})
    assert not own.ok


# == 58 Holes on the Axe-Blade board (race.58-holes-axe-blade, DLP.GameRulesets.15) ==========

AX = "race.58-holes-axe-blade"


def test_ax_board_marks_holes_1_15_25_and_the_goal_and_draws_the_lines():  # AX-1, AX-5
    v = rules_variant(AX)
    geometry = v.board_info(v.validate_options({}))["geometry"]
    marks = {s["name"]: s["mark"] for s in geometry["sites"] if s["mark"]}
    assert marks == {**{f"{side}{n}": "marked" for side in "lr" for n in (1, 15, 25)}, "goal": "apex"}
    drawn = {(j["from"], j["to"]) for j in geometry["jumps"]}
    assert drawn == {("l20", "l6"), ("l10", "l8"), ("r20", "r6"), ("r10", "r8")}


def test_ax_the_marked_start_hole_gives_nothing_holes_15_and_25_another_throw():  # AX-6
    v = rules_variant(AX)
    sim = throw(v.fast(v.new_game()), 1)
    play(sim, "hand", "l1")
    assert sim.is_chance() and sim.seat == 1
    sim = holes([22], key=AX)
    throw(sim, 3)
    play(sim, "l22", "l25")
    assert sim.is_chance() and sim.seat == 0


def test_ax_plays_as_carnarvon_and_carters_file():  # AX-3 to AX-8
    """The axe-blade file borrows its play from Carnarvon and Carter's: random games with the
    same throws and moves give the same legal moves and positions on both files."""
    a, c = rules_variant(AX), rules_variant(FH)
    rng = random.Random(15)
    for _ in range(5):
        x, y = a.fast(a.new_game()), c.fast(c.new_game())
        while x.outcome() is None:
            assert y.outcome() is None and x.to_json()["board"] == y.to_json()["board"]
            if x.is_chance():
                i = rng.randrange(len(x.r.outcomes))
                x.play(i)
                y.play(i)
                continue
            assert [x.action(m).to_json() for m in x.moves()] == [y.action(m).to_json() for m in y.moves()]
            i = rng.randrange(len(x.moves()))
            mx, my = x.moves()[i], y.moves()[i]
            x.play(mx)
            y.play(my)
        assert y.outcome().winner == x.outcome().winner
