"""Senet after Bell (race.senet-bell, DLP 3 / ruleset 529) and XII Scripta after Murray
(race.xii-scripta-murray, DLP 5 / ruleset 33), worked by hand through the public protocol, with
the race mechanic's rules they brought (games/engine/rules/race.py): ``throws.opening``,
``move.vacate``, ``end.goal = "most-off"`` and ``enter.must = "hit"``.

Senet's track (SB-1): a3..j3 (squares 1-10), j2..a2 (11-20), a1..j1 (21-30), then off; the
marked squares are f2 (15) and f1, g1, h1, i1 (26-29). Black's run starts at b3 (its square 1).
XII Scripta's (XS-2): White a2..l2, l3..a3, a1..l1; Black a2..l2, l1..a1, a3..l3.
"""
from __future__ import annotations

import pytest

from games.engine import get_variant
from games.engine.core import InvalidState

SENET = "race.senet-bell"
XII = "race.xii-scripta-murray"


def state(key, board, *, hands=None, scores=(0, 0), to_move=0, throws=10, options=None, **extra):
    """A position: ``board`` {cell: (seat, count)}; a throw is due from ``to_move``. The hands
    hold the pieces neither on the board nor off, unless given."""
    v = get_variant(key)
    if hands is None:
        count = 10 if key == SENET else 15
        hands = [count - scores[seat] - sum(n for s, n in board.values() if s == seat) for seat in (0, 1)]
    data = v.new_game(options or {}).to_json()
    data["board"] = {c: [s, "piece", n] for c, (s, n) in board.items()}
    data.pop("positions")
    data.pop("opening", None)
    data["hands"] = [{"piece": h} if h else {} for h in hands]
    data["scores"] = list(scores)
    data["to_move"] = to_move
    data["throws"] = data["turn"] = throws
    data.update(extra)
    return v.state_from_json(data)


def play(key, s, *actions):
    """Apply each action; a move given by its cells stands for the legal one between them (an
    action names its die where several dice could make it)."""
    v = get_variant(key)
    for a in actions:
        if "from" in a:
            a = next(b for b in v.legal_actions(s) if b["from"] == a["from"] and b["to"] == a["to"])
        s = v.apply(s, a)
    return s


def moves(key, s):
    """The moves open (none while a throw is due: a seat without a move has lost its throw)."""
    return sorted((a["from"], a["to"]) for a in get_variant(key).legal_actions(s) if "from" in a)


def sticks(n):
    """Four sticks with ``n`` marked sides up (worth n; none up is worth 5)."""
    return {"throw": [1] * n + [0] * (4 - n)}


# -- Senet after Bell --------------------------------------------------------------------------

def test_senet_pieces_start_alternating_on_the_first_twenty_squares():
    d = get_variant(SENET).new_game({}).to_json()  # SB-2
    white = sorted(c for c, (s, _, _) in d["board"].items() if s == 0)
    black = sorted(c for c, (s, _, _) in d["board"].items() if s == 1)
    assert white == sorted(["a3", "c3", "e3", "g3", "i3", "j2", "h2", "f2", "d2", "b2"])
    assert black == sorted(["b3", "d3", "f3", "h3", "j3", "i2", "g2", "e2", "c2", "a2"])
    assert d["hands"] == [{}, {}] and d["phase"] == "throw" and d["to_move"] == 0


def test_senet_opening_throws_move_nothing_and_the_higher_begins():
    v = get_variant(SENET)
    s = v.new_game({})
    s = play(SENET, s, sticks(1))  # SB-4: White's opening throw, no move
    d = s.to_json()
    assert v.is_chance(s) and d["to_move"] == 1 and d["opening"] == [1]
    s = play(SENET, s, sticks(3))  # Black's, higher: Black throws again and begins
    d = s.to_json()
    assert v.is_chance(s) and d["to_move"] == 1 and "opening" not in d
    assert d["board"] == v.new_game({}).to_json()["board"]
    # equal throws: White begins
    s = play(SENET, v.new_game({}), sticks(2), sticks(2))
    assert v.is_chance(s) and s.to_json()["to_move"] == 0
    # a no-side-up throw is worth 5, the highest
    s = play(SENET, v.new_game({}), sticks(4), sticks(0))
    assert s.to_json()["to_move"] == 1


def test_senet_a_piece_taken_leaves_the_game():
    # SB-5, SB-6: White's c3 (square 3) lands on Black's e3 (square 5) with a 2; Black's piece
    # goes to its hand, from which no piece ever enters.
    s = state(SENET, {"c3": (0, 1), "e3": (1, 1), "a2": (1, 1), "d3": (0, 1)})
    s = play(SENET, s, sticks(2))
    assert ("c3", "e3") in moves(SENET, s) and ("d3", "f3") in moves(SENET, s)
    s = play(SENET, s, {"from": "c3", "to": "e3"})
    d = s.to_json()
    assert d["board"]["e3"] == [0, "piece", 1] and d["hands"][1] == {"piece": 9}
    s = play(SENET, s, sticks(1))  # Black: its hand piece may not come on
    assert moves(SENET, s) == [("a2", "a1")]


def test_senet_no_piece_lands_on_its_own():
    s = state(SENET, {"a3": (0, 1), "c3": (0, 1), "j2": (1, 1)})
    s = play(SENET, s, sticks(2))
    assert moves(SENET, s) == [("c3", "e3")]  # SB-5: a3 cannot land on c3


def test_senet_a_piece_on_a_marked_square_cannot_be_taken():
    # SB-7: Black on f2 (15, marked) cannot be landed on; on e2 (16) it can.
    s = state(SENET, {"i2": (0, 1), "f2": (1, 1), "j3": (1, 1)}, options={"vacate": False})
    s = play(SENET, s, sticks(3))  # i2 is square 12: 3 reaches f2
    assert moves(SENET, s) == []
    assert get_variant(SENET).is_chance(s) and s.to_json()["to_move"] == 1  # the throw is lost
    s = state(SENET, {"i2": (0, 1), "e2": (1, 1), "j3": (1, 1)})
    s = play(SENET, s, sticks(4))
    assert moves(SENET, s) == [("i2", "e2")]


def test_senet_bearing_off_needs_the_exact_throw():
    # SB-8: from j1 (square 30) only a 1 goes off; from h1 (28) only a 3.
    s = state(SENET, {"j1": (0, 1), "b3": (1, 1)}, scores=(9, 0), options={"vacate": False})
    assert moves(SENET, play(SENET, s, sticks(2))) == []
    assert moves(SENET, play(SENET, s, sticks(1))) == [("j1", "off")]
    s = state(SENET, {"h1": (0, 1), "b3": (1, 1)}, scores=(9, 0), options={"vacate": False})
    assert moves(SENET, play(SENET, s, sticks(3))) == [("h1", "off")]
    assert moves(SENET, play(SENET, s, sticks(4))) == []


def test_senet_a_marked_square_is_left_at_the_first_possible_throw():
    # SB-9: White on f2 (15, marked) and a3 (1); a 2 can move either: only f2 moves.
    board = {"f2": (0, 1), "a3": (0, 1), "j1": (1, 1)}
    s = play(SENET, state(SENET, board), sticks(2))
    assert moves(SENET, s) == [("f2", "d2")]
    s = play(SENET, state(SENET, board, options={"vacate": False}), sticks(2))
    assert moves(SENET, s) == [("a3", "c3"), ("f2", "d2")]
    # a throw that cannot move the marked piece leaves the others free: f2 -> b2 (19) is White's own
    s = play(SENET, state(SENET, {**board, "b2": (0, 1)}), sticks(4))
    assert moves(SENET, s) == [("a3", "e3"), ("b2", "c1")]


def test_senet_the_game_ends_when_the_board_is_empty_and_most_off_wins():
    v = get_variant(SENET)
    # SB-10: White bears off all its pieces; Black still has one on the board: play goes on,
    # White passed over.
    s = state(SENET, {"j1": (0, 1), "b3": (1, 1)}, scores=(9, 0), hands=(0, 9))
    s = play(SENET, s, sticks(1), {"from": "j1", "to": "off"})
    assert v.outcome(s) is None and v.is_chance(s) and s.to_json()["to_move"] == 1
    s = play(SENET, s, sticks(1))
    assert s.to_json()["to_move"] == 1  # Black again: White has nothing left
    # Black's last piece goes off: the board is empty; 3 off against 2, Black wins
    s = state(SENET, {"j1": (1, 1)}, scores=(2, 2), hands=(8, 7), to_move=1)
    s = play(SENET, s, sticks(1), {"from": "j1", "to": "off"})
    out = v.outcome(s)
    assert out is not None and out.winner == 1 and s.to_json()["over"] == {"winner": 1, "how": "most-off"}
    # equal counts: a draw
    s = state(SENET, {"j1": (1, 1)}, scores=(3, 2), hands=(7, 7), to_move=1)
    s = play(SENET, s, sticks(1), {"from": "j1", "to": "off"})
    assert v.outcome(s).winner is None and s.to_json()["over"]["how"] == "most-off"
    # a position with an empty board is over already
    with pytest.raises(InvalidState, match="most-off"):
        state(SENET, {}, scores=(3, 3), hands=(7, 7))


# -- XII Scripta after Murray ------------------------------------------------------------------

def dice(*faces):
    return {"throw": list(faces)}


def test_xii_pieces_enter_by_a_die_and_one_piece_may_take_the_dice_in_turn():
    v = get_variant(XII)
    s = play(XII, v.new_game({}), dice(1, 4, 5))  # XS-3, XS-4
    assert moves(XII, s) == [("hand", "a2"), ("hand", "d2"), ("hand", "e2")]
    s = play(XII, s, {"from": "hand", "to": "e2"})
    # the same piece goes on with the 1 and the 4 (combined), or others come in
    assert ("e2", "f2") in moves(XII, s) and ("e2", "i2") in moves(XII, s)
    s = play(XII, s, {"from": "e2", "to": "i2"})
    s = play(XII, s, {"from": "i2", "to": "j2"})
    d = s.to_json()
    assert d["board"] == {"j2": [0, "piece", 1]} and d["to_move"] == 1 and v.is_chance(s)


def test_xii_the_track_runs_the_middle_row_then_the_far_row_back_then_the_near_row():
    # XS-2: White from l2 goes on to l3, k3...; Black from l2 to l1, k1...
    s = play(XII, state(XII, {"l2": (0, 1)}, hands=(14, 15)), dice(1, 2, 2))
    assert ("l2", "l3") in moves(XII, s) and ("l2", "k3") in moves(XII, s)
    s = play(XII, state(XII, {"l2": (1, 1)}, hands=(15, 14), to_move=1), dice(1, 2, 2))
    assert ("l2", "l1") in moves(XII, s) and ("l2", "k1") in moves(XII, s)


def test_xii_a_single_piece_is_hit_and_two_close_the_point():
    v = get_variant(XII)
    # XS-6: White on a2 throws 3, 5, 6: d2 holds a single Black piece, f2 two, g2 none.
    s = state(XII, {"a2": (0, 1), "d2": (1, 1), "f2": (1, 2)}, hands=(14, 12))
    s = play(XII, s, dice(3, 5, 6))
    assert ("a2", "d2") in moves(XII, s) and ("a2", "f2") not in moves(XII, s)
    assert ("a2", "g2") in moves(XII, s)
    s = play(XII, s, {"from": "a2", "to": "d2"})
    d = s.to_json()
    assert d["board"]["d2"] == [0, "piece", 1] and d["hands"][1] == {"piece": 13} and d["hit"] == [0, 1]


def test_xii_a_hit_piece_comes_in_before_any_other_moves():
    # XS-7: Black has a piece hit (and others never entered): only entering moves while it waits.
    s = state(XII, {"c2": (1, 1), "k1": (0, 1)}, hands=(14, 14), to_move=1, hit=[0, 1])
    s = play(XII, s, dice(1, 2, 4))
    assert {f for f, _ in moves(XII, s)} == {"hand"}
    s = play(XII, s, {"from": "hand", "to": "a2"})
    d = s.to_json()
    assert d["hit"] == [0, 0]
    assert ("c2", "e2") in moves(XII, s)  # the hit piece is in: the others are free again
    # pieces that never entered are not held to it
    s = play(XII, state(XII, {"c2": (1, 1), "k1": (0, 1)}, hands=(14, 14), to_move=1), dice(1, 2, 4))
    assert ("c2", "d2") in moves(XII, s) and ("hand", "a2") in moves(XII, s)


def test_xii_bearing_off_waits_for_every_piece_in_the_near_row():
    # XS-8: White's near row is a1..l1 (track squares 25-36). With a piece still on a3 nothing
    # goes off; once all are in the row, the exact die bears off (higher only with the option).
    s = play(XII, state(XII, {"l1": (0, 13), "a3": (0, 1), "a2": (1, 1)}, hands=(0, 14), scores=(1, 0)), dice(1, 1, 3))
    assert ("l1", "off") not in moves(XII, s) and ("a3", "a1") in moves(XII, s)
    s = play(XII, state(XII, {"l1": (0, 13), "k1": (0, 1), "a2": (1, 1)}, hands=(0, 14), scores=(1, 0)), dice(1, 5, 6))
    assert ("l1", "off") in moves(XII, s) and ("k1", "off") not in moves(XII, s)
    s = play(XII, state(XII, {"k1": (0, 1), "a2": (1, 1)}, hands=(0, 14), scores=(14, 0),
                        options={"higher": True}), dice(5, 5, 6))
    assert ("k1", "off") in moves(XII, s)
    s = play(XII, s, {"from": "k1", "to": "off"})
    assert get_variant(XII).outcome(s).winner == 0  # XS-8: all off wins
