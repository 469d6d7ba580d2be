"""Files of the ``race`` family added by the ``dice`` helper, checked on positions worked out by
hand.

- O-Pat-Kono (``race.o-pat-kono``, DLP ruleset 386): diagonal steps in any direction onto empty
  points (OK-3), the win by filling every starting point of the other side (OK-4, OK-5), and a
  player with no move passing (OK-6).
- Kolica Atarakua (``race.kolica-atarakua``, DLP ruleset 330), the race vocabulary's two
  additions: ``worth.faces`` (the decorated sticks' special throws, KA-4) and a ``jump`` to
  ``"hand"`` (a piece landing on a crossing point starts again, KA-6); the finish past the last
  point without an exact throw (KA-7).
- Tamman (``race.tamman``, DLP ruleset 199), the race vocabulary's overtaking capture
  (``capture.passing``: pieces passed over go back to their origin, not on the origins, TM-6)
  and counted extra throws (``extra_throw`` ``first``, ``twice``, ``void`` and ``capture =
  "each"``, TM-5 and TM-6), the exact throw into the centre (TM-7).
"""
from __future__ import annotations

from games.engine import get_variant
from games.engine.core import Action
from games.engine.rules import rules_variant
from tests.games.test_rules_race_b import actions, position, throw

KONO = "race.o-pat-kono"


def _state(v, board: dict, to_move: int = 0):
    data = v.new_game().to_json()
    data.update(board={k: [seat, "man", 1] for k, seat in board.items()}, to_move=to_move, turn=10)
    return v.state_from_json(data)


def _moves(v, s):
    return sorted((a["from"], a["to"]) for a in (x.to_json() for x in v.legal_actions(s)))


def test_kono_start_offers_the_forward_diagonals_only_onto_empty_points():
    v = get_variant(KONO)
    s = v.new_game()
    # White a1..e1, a2, e2: b2, c2 and d2 are the only empty points a diagonal step reaches
    # from the back row (a1-b2, b1-a2 is taken, b1-c2, c1-b2, c1-d2, d1-c2, e1-d2), and a2, e2
    # step up to b3 and d3 (a2-b1 and e2-d1 are taken).
    assert _moves(v, s) == sorted([("a1", "b2"), ("b1", "c2"), ("c1", "b2"), ("c1", "d2"),
                                   ("d1", "c2"), ("e1", "d2"), ("a2", "b3"), ("e2", "d3")])


def test_kono_a_piece_steps_back_diagonally_too():
    v = get_variant(KONO)
    s = _state(v, {"c3": 0, "a5": 1})
    assert _moves(v, s) == [("c3", "b2"), ("c3", "b4"), ("c3", "d2"), ("c3", "d4")]


def test_kono_filling_the_far_starting_points_wins():
    v = get_variant(KONO)
    far = ["a5", "b5", "c5", "d5", "e5", "a4"]
    board = {k: 0 for k in far} | {"d3": 0, "a1": 1, "c1": 1}
    s = _state(v, board)
    after = v.apply(s, Action({"from": "d3", "to": "e4"}))
    out = v.outcome(after)
    assert out is not None and out.winner == 0
    # One point short: no winner yet.
    after = v.apply(s, Action({"from": "d3", "to": "c4"}))
    assert v.outcome(after) is None


def test_kono_black_wins_by_filling_whites_starting_points():
    v = get_variant(KONO)
    home = ["a1", "b1", "c1", "d1", "e1", "a2"]
    board = {k: 1 for k in home} | {"d3": 1, "c5": 0}
    s = _state(v, board, to_move=1)
    out = v.outcome(v.apply(s, Action({"from": "d3", "to": "e2"})))
    assert out is not None and out.winner == 1


def test_kono_a_player_without_a_move_passes():
    v = get_variant(KONO)
    # White's only piece, on a1, is shut in by Black's on b2 (its only diagonal); Black moves on.
    s = _state(v, {"a1": 0, "b2": 1, "e5": 1})
    assert [a.to_json() for a in v.legal_actions(s)] == [{"pass": True}]
    assert v.outcome(s) is None
    after = v.apply(s, Action({"pass": True}))
    assert v.outcome(after) is None and v.to_move(after) == 1


# -- Kolica Atarakua: race.py's worth.faces and jump "hand" --------------------------------------
KOLICA = "race.kolica-atarakua"
# Sticks: striped, cross-hatched, blank, blank; 1 = flat side up.
STICKS = {
    (1, 0, 0, 0): 1, (0, 1, 0, 0): 1, (0, 0, 0, 1): 1,     # one flat side up
    (1, 1, 0, 0): 2, (0, 1, 0, 1): 2, (1, 0, 1, 0): 2,     # two flat, a blank round side up
    (0, 0, 1, 1): 35,                                      # two flat, both marked round sides up
    (1, 1, 0, 1): 3, (1, 1, 1, 0): 3,                      # three flat, the round one blank
    (1, 0, 1, 1): 15,                                      # ... the cross-hatched
    (0, 1, 1, 1): 20,                                      # ... the striped
    (1, 1, 1, 1): 5, (0, 0, 0, 0): 10,
}


def test_kolica_sticks_worth_by_which_sides_show():
    v = rules_variant(KOLICA)
    r = v.game.rules(v.validate_options({}))
    worth = dict(zip(r.outcomes, r.vals))
    assert len(worth) == 16 and all(len(w) == 1 for w in worth.values())
    for faces, value in STICKS.items():
        assert worth[faces] == (value,), faces
    # Of the six throws with two flat sides up, one (the striped and cross-hatched round sides
    # up) is worth 35, the five others 2.
    assert sorted(w[0] for w in worth.values()).count(2) == 5


def test_kolica_a_piece_landing_on_a_crossing_point_goes_back_to_the_hand():
    # White's piece on h5 (square 4): a 1 brings it to h6, a crossing point, and back off.
    sim = position(KOLICA, [[4], []])
    throw(sim, (1, 0, 0, 0))
    assert actions(sim) == [{"from": "h5", "to": "h6", "back": True}, {"from": "hand", "to": "h2"}]
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json().get("back")))
    assert sim.pos[0] == [] and sim.hand[0] == 4 and sim.seat == 1


def test_kolica_the_piece_on_the_crossing_point_is_taken_first():
    # Black's piece on h6 (its square 7), White's on h5: White lands there; both go back.
    sim = position(KOLICA, [[4], [7]], hands=[3, 3])
    throw(sim, (0, 1, 0, 0))
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "h5", "to": "h6", "back": True}))
    assert sim.pos == [[], []] and sim.hand == [4, 4]


def test_kolica_black_entering_on_a_five_lands_on_f8_and_goes_back():
    sim = position(KOLICA, [[], []], seat=1)
    throw(sim, (1, 1, 1, 1))  # 5: f12 is Black's square 1, f8 its fifth
    assert actions(sim) == [{"from": "hand", "to": "f8", "back": True}]
    sim.play(sim.moves()[0])
    assert sim.hand[1] == 4 and sim.pos[1] == []


def test_kolica_a_piece_goes_off_past_f8_by_any_larger_throw():
    # White's piece on e8 near the end (square 66 of 68: g7, then f8): a 1 to g7, a 2 to f8 and
    # back to the hand, a 3 or more off.
    sim = position(KOLICA, [[66], []], hands=[0, 4], off=[3, 0])
    throw(sim, (1, 0, 0, 0))
    assert actions(sim) == [{"from": "e8", "to": "g7"}]
    sim = position(KOLICA, [[66], []], hands=[0, 4], off=[3, 0])
    throw(sim, (1, 1, 0, 0))
    assert actions(sim) == [{"from": "e8", "to": "f8", "back": True}]
    sim = position(KOLICA, [[66], []], hands=[0, 4], off=[3, 0])
    throw(sim, (0, 0, 1, 1))  # 35
    assert actions(sim) == [{"from": "e8", "to": "off"}]
    sim.play(sim.moves()[0])
    assert sim.outcome().winner == 0


def test_kolica_own_pieces_share_a_point_and_are_sent_back_together():
    # Two White pieces on l4 (White's square 39); Black's piece on l5 (its square 12) throws a
    # 1 onto l4 (its square 13) and sends both back.
    sim = position(KOLICA, [[39, 39], [12]], hands=[2, 3])
    assert sim.to_json()["board"]["l4"] == [0, "piece", 2]
    sim = position(KOLICA, [[39, 39], [12]], hands=[2, 3], seat=1)
    throw(sim, (1, 0, 0, 0))
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == {"from": "l5", "to": "l4"}))
    assert sim.pos[0] == [] and sim.hand[0] == 4


# -- Tamman: capture.passing and counted extra throws ---------------------------------------------
TAMMAN = "race.tamman"


def _tamman(pos, seat=0, options=None):
    """Every piece on the board or in the centre (off), none in hand."""
    return position(TAMMAN, pos, hands=[0] * 4, off=[4 - len(p) for p in pos], seat=seat, options=options)


def _square(sim, seat, cell):
    track = sim.r.cells[seat]
    return next(q for q in range(1, len(track)) if sim.game.board.names[track[q]] == cell)


def _play(sim, action):
    sim.play(next(m for m in sim.moves() if sim.action(m).to_json() == action))


def test_tamman_tracks_spiral_in_from_each_origin():
    sim = _tamman([[1], [1], [1], [1]])
    names = sim.game.board.names
    assert [names[c] for c in sim.r.cells[0][1:]][:3] == ["c1", "d1", "e1"]
    assert [names[c] for c in sim.r.cells[0][-3:]] == ["d2", "c2", "c3"]
    assert [names[c] for c in sim.r.cells[1][1:4]] == ["a3", "a2", "a1"]  # West: down its side
    assert [names[c] for c in sim.r.cells[1][-2:]] == ["b3", "c3"]


def test_tamman_a_piece_passed_over_goes_back_to_its_origin_and_earns_a_throw():
    sim = _tamman([[1, 1, 1, 1], [_square(_tamman([[1], [1], [1], [1]]), 1, "e1"), 1, 1, 1], [1] * 4, [1] * 4])
    throw(sim, (1, 1, 1, 0))  # 3: c1 to e2, passing d1 and e1
    _play(sim, {"from": "c1", "to": "e2"})
    assert sorted(sim.pos[1]) == [1, 1, 1, 1]  # West's piece back on a3
    assert sim.seat == 0 and sim.is_chance() and sim.owed == 0  # the throw it earned, being thrown


def test_tamman_the_origins_are_safe_and_landing_takes_nothing():
    probe = _tamman([[1], [1], [1], [1]])
    e3, e2 = _square(probe, 1, "e3"), _square(probe, 1, "e2")
    # West's pieces on e3 (East's origin) and on e2: South throws 4 from c1 to e3 (over d1, e1,
    # e2): the piece on e2 goes back, the one on the origin stays; South lands beside it.
    sim = _tamman([[1, 1, 1, 1], [e3, e2, 1, 1], [1] * 4, [1] * 4])
    throw(sim, (1, 1, 1, 1))
    _play(sim, {"from": "c1", "to": "e3"})
    assert sorted(sim.pos[1]) == sorted([1, 1, 1, e3])
    assert sim.to_json()["board"]["e3"] == [None, "piece", 2 + 4]  # East's four, West's, South's


def test_tamman_a_first_eight_earns_two_throws_and_a_third_eight_is_void():
    sim = _tamman([[1, 1, 1, 1], [1] * 4, [1] * 4, [1] * 4])
    throw(sim, (0, 0, 0, 0))  # 8
    assert sim.owed == 2
    _play(sim, {"from": "c1", "to": "c5"})
    assert sim.seat == 0 and sim.owed == 1
    throw(sim, (0, 0, 0, 0))  # the second 8: earns nothing more
    _play(sim, {"from": "c1", "to": "c5"})
    assert sim.seat == 0 and sim.owed == 0
    throw(sim, (0, 0, 0, 0))  # the third 8 moves nothing: the turn passes
    assert sim.seat == 1 and sim.is_chance() and sim.turn_vals == []


def test_tamman_only_the_first_throw_earns_and_ludii_reads_no_eight_bonus():
    sim = _tamman([[1, 1, 1, 1], [1] * 4, [1] * 4, [1] * 4])
    throw(sim, (1, 1, 1, 1))  # a first 4: one more throw
    _play(sim, {"from": "c1", "to": "e3"})
    assert sim.seat == 0
    throw(sim, (1, 1, 1, 1))  # a second 4 earns none
    _play(sim, {"from": "c1", "to": "e3"})
    assert sim.seat == 1
    sim = _tamman([[1, 1, 1, 1], [1] * 4, [1] * 4, [1] * 4], options={"extras": "ludii"})
    throw(sim, (0, 0, 0, 0))
    _play(sim, {"from": "c1", "to": "c5"})
    assert sim.seat == 1


def test_tamman_counted_throws_survive_the_json():
    v = rules_variant(TAMMAN)
    sim = _tamman([[1, 1, 1, 1], [1] * 4, [1] * 4, [1] * 4])
    throw(sim, (0, 0, 0, 0))
    data = sim.to_json()
    assert data["owed"] == 2 and data["turn_throws"] == [8]
    back = v.fast(v.state_from_json(data))
    assert back.owed == 2 and back.turn_vals == [8] and actions(back) == actions(sim)


def test_tamman_the_centre_takes_an_exact_throw():
    sim = _tamman([[24], [1] * 4, [1] * 4, [1] * 4])  # South's last piece on c2
    throw(sim, (1, 0, 0, 0))
    assert actions(sim) == [{"from": "c2", "to": "c3", "off": True}]
    sim.play(sim.moves()[0])
    assert sim.outcome().winner == 0
    sim = _tamman([[24], [1] * 4, [1] * 4, [1] * 4])
    throw(sim, (1, 1, 0, 0))
    assert sim.seat == 1  # a 2 goes past the centre: no move
