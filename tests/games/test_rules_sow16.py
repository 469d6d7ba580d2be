"""Hand-worked tests for helper sow16's sowing files: Quela of the Quibala (DLP ruleset 270,
``sow/quela.toml``) and Quiela of the Jinga (DLP ruleset 271, ``sow/quiela.toml``), and their
hooks (``hooks_sow16.py``), clause by clause on positions worked by hand from the DLP's text.

Quela, four rows of six: South's outer row is 1..6 from his left, his inner row 7..12 from the
right (12 the leftmost, the last of his track; 11 the penultimate); North's inner row 13..18
(13 faces 12, 14 faces 11, ..., 18 faces 7) and outer row 19..24. Behind the hole facing 7 is
19, behind the one facing 8 is 20, ..., facing 12, 24; behind 13 (facing 12) is 1, behind 14 is
2. North's track is 19..24 then 13..18 (17 his penultimate, 18 his last).

Quiela, four rows of seven: South 1..7 (outer) and 8..14 (inner, 14 leftmost, 13 penultimate);
North 15..21 (inner: 15 faces 14, 16 faces 13, ..., 21 faces 8) and 22..28 (outer). Behind the
hole facing 8 is 22, the one facing 9, 23, ..., facing 14, 28; behind 15 is 1, behind 16 is 2.
"""
from __future__ import annotations

from games.engine.rules import rules_variant
from games.engine.rules.hooks import HOOKS
from games.engine.rules.hooks_sow16 import quela_ok, quiela_ok, threatened, track
from tests.games.test_rules_sow import holes, position

QUELA = "sow.quela"
QUIELA = "sow.quiela"


def acts(v, s) -> list[dict]:
    return [a.to_json() if hasattr(a, "to_json") else dict(a) for a in v.legal_actions(s)]


def sows(v, s) -> list[str]:
    return sorted((a["sow"] for a in acts(v, s) if "sow" in a and len(a) == 1), key=int)


def scores(s) -> list[int]:
    return s.to_json()["scores"]


def arranging(key: str, counts: dict[int, int], hands: list[int], to_move: int = 0):
    v = rules_variant(key)
    board = {str(h): [None, "seed", c] for h, c in counts.items() if c}
    return v.state_from_json({"board": board, "phase": "place", "to_move": to_move, "scores": [0, 0],
                              "hands": [{"seed": n} if n else {} for n in hands], "sown": []})


def puts(v, s) -> list[str]:
    return sorted((a["to"] for a in acts(v, s)), key=int)


def at(key: str, counts: dict[int, int], to_move: int = 0, south: int | None = None, north: int | None = None,
       sown: list[str] | None = None):
    """A position in play: ``counts`` by hole; one seat's counters taken given, the other's the rest."""
    rest = rules_variant(key).game.total - sum(counts.values())
    if south is None:
        south = rest - north
    if north is None:
        north = rest - south
    assert south + north == rest
    return position(key, counts, to_move=to_move, scores=[south, north], sown=sown or [])


# -- the files ------------------------------------------------------------------------------------------
def test_the_files_name_their_dlp_game_and_ruleset_and_start_with_the_counters_in_hand():
    for key, game, ruleset, hand, n in ((QUELA, 249, 270, 24, 12), (QUIELA, 250, 271, 21, 14)):
        v = rules_variant(key)
        assert (v.rules_file.dlp_game, v.rules_file.dlp_ruleset) == (game, ruleset)
        s = v.new_game()
        data = s.to_json()
        assert data["phase"] == "place" and data["board"] == {} and data["hands"] == [{"seed": hand}] * 2
        assert puts(v, s) == [str(h) for h in range(1, n + 1)]  # anywhere of South's, at first
        assert "quela-moves" in HOOKS and "quiela-moves" in HOOKS and "sow16-relay" in HOOKS


def test_the_tracks_run_from_the_outer_rows_left_round_to_the_inner_rows_left():
    q = rules_variant(QUELA).game
    assert [q.names[h] for h in track(q, 0)] == [str(h) for h in range(1, 13)]
    assert [q.names[h] for h in track(q, 1)] == [str(h) for h in [*range(19, 25), *range(13, 19)]]
    j = rules_variant(QUIELA).game
    assert [j.names[h] for h in track(j, 1)] == [str(h) for h in [*range(22, 29), *range(15, 22)]]


# -- Quela: the rearrangement (QE-2) -----------------------------------------------------------------
def test_quela_arrangement_keeps_one_counter_a_inner_hole_and_the_leftmost_outer_hole_the_largest():
    assert quela_ok([5, 3, 3, 3, 3, 1] + [1] * 6, 6, 0)
    assert not quela_ok([3, 3, 3, 3, 3, 3] + [1] * 6, 6, 0)      # leftmost not more than the rest
    assert not quela_ok([6, 3, 3, 3, 2, 0] + [2, 1, 1, 1, 1, 1], 6, 1)  # an inner hole of two
    assert quela_ok([0] * 12, 6, 24)
    v = rules_variant(QUELA)
    # South has 3, 3, 3, 3, 2 in holes 2..6 and one in each inner hole; four counters left:
    # hole 1 must end with more than three, so all four go there.
    s = arranging(QUELA, {2: 3, 3: 3, 4: 3, 5: 3, 6: 2, 7: 1, 8: 1, 9: 1, 10: 1, 11: 1, 12: 1}, [4, 24])
    assert puts(v, s) == ["1"]
    # With six left and hole 12 empty: 12 takes one, hole 1 at least four of the other five,
    # so that 5 or 6 may still take one (three each), never 2, 3 or 4 (four: hole 1 could not
    # then pass them).
    s = arranging(QUELA, {2: 3, 3: 3, 4: 3, 5: 2, 6: 2, 7: 1, 8: 1, 9: 1, 10: 1, 11: 1}, [6, 24])
    assert puts(v, s) == ["1", "5", "6", "12"]
    s = v.apply(s, {"to": "12", "piece": "seed"})
    assert v.to_move(s) == 1  # the players take turns


def test_quela_play_begins_with_south_once_both_hands_are_empty():
    v = rules_variant(QUELA)
    mine = {1: 8, 2: 3, 3: 3, 4: 2, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1, 11: 1, 12: 1}
    north = {19: 7, 20: 3, 21: 3, 22: 3, 23: 1, 24: 1, 13: 1, 14: 1, 15: 1, 16: 1, 17: 1}
    s = arranging(QUELA, {**mine, **north}, [0, 1], to_move=1)
    assert puts(v, s) == ["18"]
    s = v.apply(s, {"to": "18", "piece": "seed"})
    assert s.to_json()["phase"] == "play" and v.to_move(s) == 0
    assert sows(v, s) == ["4", "5", "6", "7", "8", "9", "10", "11", "12"]  # holes of one or two (QE-5)


# -- Quela: sowing, relay, capture, the initial phase (QE-3, QE-4, QE-5) --------------------------------
def test_quela_initial_phase_relays_and_captures_the_facing_hole_and_the_one_behind():
    v = rules_variant(QUELA)
    s = at(QUELA, {1: 3, 4: 2, 6: 1, 13: 1, 17: 2, 19: 4, 20: 3}, north=1, sown=[])
    assert sows(v, s) == ["4", "6"]  # hole 1 holds three: not in the initial phase
    # 4 sows 5, 6: 6 now holds two, lifted: 7, 8; 8 was empty, in the inner row: it faces 17
    # (two), and 20 behind it (three): five taken.
    s = v.apply(s, {"sow": "4"})
    assert holes(s) == {1: 3, 5: 1, 7: 1, 8: 1, 13: 1, 19: 4} and scores(s) == [36, 1]
    assert v.to_move(s) == 1 and s.to_json()["sown"] == []  # the rule's own sowing: no mark


def test_quela_outer_hole_is_not_taken_without_the_inner_one():
    v = rules_variant(QUELA)
    s = at(QUELA, {5: 2, 20: 3, 19: 2, 14: 1}, north=1, sown=[])
    s = v.apply(s, {"sow": "5"})  # 6, 7: 7 faces 18, empty: 19 behind it is not taken
    assert holes(s) == {6: 1, 7: 1, 14: 1, 19: 2, 20: 3} and scores(s) == [39, 1]


def test_quela_initial_phase_with_no_small_hole_sows_from_any():
    v = rules_variant(QUELA)
    s = at(QUELA, {1: 3, 2: 4, 13: 1, 19: 3}, north=1, sown=[])
    assert sows(v, s) == ["1", "2"]


# -- Quela: the turn from the largest hole, then any hole (QE-6) ----------------------------------------
def test_quela_after_two_counters_lost_the_next_turn_is_from_the_largest_hole_then_any():
    v = rules_variant(QUELA)
    s = at(QUELA, {1: 3, 2: 4, 3: 1, 9: 4, 19: 1}, north=25, sown=[])
    assert sows(v, s) == ["2", "9"]  # North has taken two or more: the largest holes only
    s = v.apply(s, {"sow": "2"})  # 3, 4, 5, 6: 6 was empty, in the outer row: the turn ends
    assert holes(s) == {1: 3, 3: 2, 4: 1, 5: 1, 6: 1, 9: 4, 19: 1}
    assert s.to_json()["sown"] == ["2"]
    s = v.apply(s, {"sow": "19"})  # North: 19 into 20
    assert sows(v, s) == ["1", "3", "4", "5", "6", "9"]  # any hole from now on


def test_quela_an_ordinary_sowing_captures_too():
    v = rules_variant(QUELA)
    s = at(QUELA, {1: 3, 6: 1, 18: 2, 19: 1, 24: 1}, north=26, sown=["3"])
    s = v.apply(s, {"sow": "6"})  # 7, empty, faces 18 (two) with 19 behind (one): three taken
    assert holes(s) == {1: 3, 7: 1, 24: 1} and scores(s) == [17, 26]


# -- Quela: the skip (QE-7) -----------------------------------------------------------------------------
def test_quela_a_threatened_single_in_the_penultimate_hole_may_skip_to_an_empty_outer_hole():
    v = rules_variant(QUELA)
    # North's 13 (one counter) would sow into 14, empty, facing South's single in 11: a threat.
    # (South has taken many, so North is past his initial phase: 20 marked, any hole of his.)
    s = at(QUELA, {2: 3, 3: 2, 11: 1, 13: 1, 19: 2}, north=1, sown=["20"])
    sim = v.fast(s)
    assert threatened(sim, 0, 10, "quela")
    moves = acts(v, s)
    assert {"from": "11", "to": "1"} in moves and {"from": "11", "to": "2"} not in moves  # 2 is full
    assert sows(v, s) == ["3", "11"]
    s = v.apply(s, {"from": "11", "to": "1"})
    assert holes(s) == {1: 1, 2: 3, 3: 2, 13: 1, 19: 2} and scores(s) == [38, 1] and v.to_move(s) == 1


def test_quela_norths_skip_goes_from_17_past_18_into_19():
    v = rules_variant(QUELA)
    # North's penultimate inner hole is 17 (18 his last, 19 and 20 his outer row's first two).
    # South, past his initial phase, must sow his largest hole, 7: into 8, empty, facing 17.
    s = at(QUELA, {7: 1, 17: 1, 20: 2}, to_move=1, south=1)
    assert threatened(v.fast(s), 1, 16, "quela")
    assert [a for a in acts(v, s) if "from" in a] == [{"from": "17", "to": "19"}]
    s = v.apply(s, {"from": "17", "to": "19"})
    assert holes(s) == {7: 1, 19: 1, 20: 2} and v.to_move(s) == 0


def test_quela_no_skip_without_a_threat_or_with_the_last_inner_hole_occupied():
    v = rules_variant(QUELA)
    s = at(QUELA, {3: 2, 11: 1, 19: 1}, north=1, sown=["20"])  # 19 sows into 20: no threat
    assert not threatened(v.fast(s), 0, 10, "quela")
    assert all("from" not in a for a in acts(v, s))
    s = at(QUELA, {3: 2, 11: 1, 12: 1, 13: 1}, north=1, sown=["20"])  # 12 is occupied
    assert all("from" not in a for a in acts(v, s))


# -- Quela: the end (QE-8) ---------------------------------------------------------------------------
def test_quela_taking_the_opponents_last_counters_wins():
    v = rules_variant(QUELA)
    s = at(QUELA, {6: 1, 18: 1}, north=16, sown=["1"])
    s = v.apply(s, {"sow": "6"})  # 7, empty, faces 18: North's last counter
    out = v.outcome(s)
    assert out is not None and out.winner == v.side_of(0) and holes(s) == {7: 1}


# -- Quiela: the rearrangement (QJ-2) ---------------------------------------------------------------
def test_quiela_arrangement_rules():
    assert quiela_ok([6, 3, 3, 3, 3, 2, 1] + [0] * 7, 7, 0)
    assert not quiela_ok([6, 3, 3, 3, 3, 1, 2] + [0] * 7, 7, 0)   # 7 more than 6 on its left
    assert not quiela_ok([4, 4, 3, 3, 3, 2, 2] + [0] * 7, 7, 0)   # leftmost not more than 2
    assert quiela_ok([5, 4, 3, 2, 1, 0, 0] + [0, 0, 0, 1, 1, 2, 2], 7, 0)   # inner from left: 2 2 1 1
    assert not quiela_ok([5, 4, 3, 2, 0, 0, 0] + [0, 0, 1, 1, 1, 2, 2], 7, 0)  # three ones
    assert not quiela_ok([5, 4, 3, 2, 1, 0, 0] + [0, 0, 0, 2, 1, 1, 2], 7, 0)  # 1 then 2 from the left
    v = rules_variant(QUIELA)
    # South: 6, 3, 3, 3, 3 in 1..5, three left. Into 8 (the inner row's rightmost) would need
    # the six holes on its left filled, five of them with two: too many; into 5 would need
    # 2, 3, 4 raised to four; into 7 or 14 or 1 or 2 is fine.
    s = arranging(QUIELA, {1: 6, 2: 3, 3: 3, 4: 3, 5: 3}, [3, 21])
    legal = puts(v, s)
    assert "8" not in legal and "5" not in legal
    assert {"1", "2", "6", "14"} <= set(legal)


# -- Quiela: the first sowing from the leftmost hole (QJ-5) ------------------------------------------
def test_quiela_first_sowing_from_the_leftmost_outer_hole_may_begin_in_it():
    v = rules_variant(QUIELA)
    s = at(QUIELA, {1: 3, 9: 2, 22: 2, 15: 1}, north=17, sown=[])
    assert {"sow": "1", "first_into": "1"} in acts(v, s) and sows(v, s) == ["1", "9"]
    t = v.apply(s, {"sow": "1", "first_into": "1"})  # 1, 2, 3: the last into 3, empty
    assert holes(t) == {1: 1, 2: 1, 3: 1, 9: 2, 22: 2, 15: 1} and t.to_json()["sown"] == ["1"]
    u = v.apply(s, {"sow": "1"})  # the usual way: 2, 3, 4
    assert holes(u) == {2: 1, 3: 1, 4: 1, 9: 2, 22: 2, 15: 1} and u.to_json()["sown"] == ["1"]
    s = at(QUIELA, {1: 3, 9: 2, 22: 2, 15: 1}, north=17, sown=["1"])  # not the first time
    assert all("first_into" not in a for a in acts(v, s))


def test_quiela_initial_phase_relays_and_captures():
    v = rules_variant(QUIELA)
    s = at(QUIELA, {6: 2, 8: 1, 20: 2, 23: 1, 22: 3}, north=17, sown=[])
    # 6 sows 7, 8: 8 holds two, lifted: 9, 10; 10 was empty, inner: it faces 19 (empty): nothing.
    t = v.apply(s, {"sow": "6"})
    assert holes(t) == {7: 1, 9: 1, 10: 1, 20: 2, 23: 1, 22: 3} and scores(t) == [16, 17]
    s = at(QUIELA, {7: 2, 8: 1, 20: 2, 23: 1, 22: 3}, north=17, sown=[])
    # 7 sows 8, 9: 9 was empty, inner: it faces 20 (two), 23 behind (one): three taken.
    t = v.apply(s, {"sow": "7"})
    assert holes(t) == {8: 2, 9: 1, 22: 3} and scores(t) == [19, 17]


# -- Quiela: single counters into empty holes (QJ-7) ----------------------------------------------------
def test_quiela_once_no_hole_holds_two_only_singles_into_empty_holes_move():
    v = rules_variant(QUIELA)
    s = at(QUIELA, {1: 1, 2: 1, 5: 1, 14: 1, 22: 2}, north=18, sown=[])
    assert sows(v, s) == ["2", "5"]  # 1 and 14 have a full hole after them
    s = at(QUIELA, {9: 1, 19: 2, 24: 1, 22: 2}, north=18, sown=[])
    t = v.apply(s, {"sow": "9"})  # into 10, empty, facing 19 (two), 24 behind (one)
    assert holes(t) == {10: 1, 22: 2} and scores(t) == [21, 18]


# -- Quiela: the skip (QJ-6) --------------------------------------------------------------------------
def test_quiela_a_threatened_single_may_skip_to_either_empty_outer_hole():
    v = rules_variant(QUIELA)
    # North's single in 15 may go into 16, empty, facing South's single in 13.
    s = at(QUIELA, {13: 1, 4: 1, 15: 1, 25: 1}, north=20, sown=[])
    moves = acts(v, s)
    assert {"from": "13", "to": "1"} in moves and {"from": "13", "to": "2"} in moves
    t = v.apply(s, {"from": "13", "to": "2"})
    assert holes(t) == {2: 1, 4: 1, 15: 1, 25: 1} and v.to_move(t) == 1
    s = at(QUIELA, {13: 1, 4: 1, 16: 1, 25: 1}, north=20, sown=[])  # 16 is full: no threat
    assert all("from" not in a for a in acts(v, s))


# -- Quiela: the end (QJ-8, QJ-9) ---------------------------------------------------------------------
def test_quiela_a_player_who_cannot_move_passes_and_neither_moving_ends_the_game_on_counters_held():
    v = rules_variant(QUIELA)
    south = {h: 1 for h in range(1, 15)}  # every hole one: no single has an empty hole after it
    north = {h: 1 for h in [*range(15, 22), *range(24, 29)]}
    s = at(QUIELA, {**south, **north, 22: 2}, to_move=1, north=4)  # 23 empty
    s = v.apply(s, {"sow": "22", "first_into": "22"})  # 22, 23: every hole of both one
    out = v.outcome(s)
    assert out is not None and out.winner == v.side_of(0)  # 10 + 14 against 4 + 14
    # With an empty hole (7), South's single before it moves; North, full, then passes.
    s = at(QUIELA, {**{h: 1 for h in range(1, 15) if h != 7}, **north, 22: 1, 23: 1}, north=4)
    assert sows(v, s) == ["6"]
    s = v.apply(s, {"sow": "6"})
    assert v.outcome(s) is None and v.to_move(s) == 0 and sows(v, s) == ["5"]


def test_quiela_taking_the_opponents_last_counters_wins():
    v = rules_variant(QUIELA)
    s = at(QUIELA, {7: 1, 21: 1, 22: 1, 3: 1}, north=19, sown=[])
    s = v.apply(s, {"sow": "7"})  # into 8, empty, facing 21 with 22 behind: all of North's
    out = v.outcome(s)
    assert out is not None and out.winner == v.side_of(0)
