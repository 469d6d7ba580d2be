"""Hand-worked tests for helper sow23: Bao Kiswahili of the DR Congo (DLP game 120, ruleset
142, after Townshend), sow/bao-kiswahili-drc.toml, and its hook, games/engine/rules/hooks_sow23.py.

The holes, as South sees the board (each player sows round his own two rows; anticlockwise
is 1 -> 2 -> ... -> 8 -> 9 -> ... -> 16 -> 1 for South, 17 -> ... -> 24 -> 25 -> ... -> 32 -> 17
for North):

    North outer  32 31 30 29 28 27 26 25
    North inner  17 18 19 20 21 22 23 24
    South inner  16 15 14 13 12 11 10  9
    South outer   1  2  3  4  5  6  7  8

South's inner row from his left is 16 ... 9; North's, from his left, 24 ... 17.
"""
from __future__ import annotations

from typing import Any

from games.engine import get_variant

KEY = "sow.bao-kiswahili-drc"
LUDII = {"ludii_empty_capture": True, "ludii_ends": True}


def position(counts: dict[int, int], hands=(0, 0), to_move=0, scores=(0, 0), options=None, turn=0):
    v = get_variant(KEY)
    assert sum(counts.values()) + sum(hands) + sum(scores) == 64, "a position holds the 64 counters"
    data: dict[str, Any] = {
        "board": {str(h): [None, "seed", c] for h, c in counts.items() if c},
        "hands": [{"seed": n} if n else {} for n in hands], "scores": list(scores),
        "to_move": to_move, "turn": turn,
    }
    if options:
        data["options"] = options
    return v, v.state_from_json(data)


def holes(state) -> dict[int, int]:
    return {int(k): c for k, (_, _, c) in state.to_json()["board"].items()}


def acts(v, state) -> list[dict]:
    return [a.to_json() for a in v.legal_actions(state)]


def put(h: int) -> dict:
    return {"to": str(h), "piece": "seed"}


# -- the file ---------------------------------------------------------------------------------------
def test_the_file_is_the_dlp_ruleset_and_starts_with_the_inner_rows_filled():
    v = get_variant(KEY)
    rf = v.rules_file
    assert (rf.dlp_game, rf.dlp_ruleset) == (120, 142)
    assert all(c.id.startswith("BKC-") and c.locator == "DLP.GameRulesets.142" for c in rf.clauses)
    s = v.new_game()
    assert holes(s) == {h: 1 for h in range(9, 25)}  # one counter in each inner hole
    data = s.to_json()
    assert data["hands"] == [{"seed": 24}, {"seed": 24}] and data["to_move"] == 0
    # Every inner hole of South's faces a counter: each may take it.
    assert acts(v, s) == [put(h) for h in range(9, 17)]


# -- the introduction: a counter put in takes the facing hole -----------------------------------------
def test_a_counter_put_in_takes_the_facing_hole_and_sows_it_from_the_nearer_end():
    # 10 is South's seventh inner hole from his left: the counters taken from 23 go to his right
    # end, 9, and are sown anticlockwise along his inner row: 10, 11, 12.
    v, s = position({11: 1, 16: 1, 23: 3, 17: 2}, hands=(28, 29))
    assert acts(v, s) == [put(10), put(16)]  # only holes facing counters (23, 17)
    a = v.apply(s, put(10))
    assert holes(a) == {10: 2, 11: 2, 12: 1, 16: 1, 17: 2}  # 12 was empty: the turn ends
    data = a.to_json()
    assert data["to_move"] == 1 and data["hands"] == [{"seed": 27}, {"seed": 29}]


def test_counters_taken_from_across_a_central_hole_go_to_the_end_the_player_chooses():
    # 13 is South's fourth hole from his left: a central one.
    v, s = position({16: 1, 20: 2, 17: 1}, hands=(30, 30))
    a = v.apply(s, put(13))
    data = a.to_json()
    assert data["to_move"] == 0 and data["scores"] == [2, 0]  # the two wait in his store
    assert holes(a) == {13: 1, 16: 1, 17: 1}
    assert acts(v, a) == [{"sow": "16"}, {"sow": "9"}]
    # Left end: 16 gets the two and its three are sown clockwise, 15, 14, 13; 13 was
    # occupied and faces an empty hole (20, taken): relayed, 12, 11; 11 was empty.
    left = v.apply(a, {"sow": "16"})
    assert holes(left) == {15: 1, 14: 1, 12: 1, 11: 1, 17: 1}
    assert left.to_json()["to_move"] == 1 and left.to_json()["scores"] == [0, 0]
    # Right end: 9 gets the two and sows them anticlockwise, 10, 11; 11 was empty.
    right = v.apply(a, {"sow": "9"})
    assert holes(right) == {10: 1, 11: 1, 13: 1, 16: 1, 17: 1}


def test_relays_and_a_capture_while_sowing_go_on_by_the_same_rules():
    v, s = position({12: 3, 16: 1, 24: 2, 17: 1, 19: 1}, hands=(28, 28))
    a = v.apply(s, put(9))
    # 9 (South's right end) takes 24's two and sows its three anticlockwise: 10, 11, 12.
    # 12 held three and faces an empty hole: its four relayed, 13, 14, 15, 16. 16 held one
    # and faces 17, which holds one: taken into 16 (the left end), whose three are sown
    # clockwise, 15, 14, 13; 13 relayed (20 empty), 12, 11; 11 relayed (22 empty), 10, 9;
    # 9 was empty: the turn ends.
    assert holes(a) == {9: 1, 10: 2, 12: 1, 14: 2, 15: 2, 19: 1}
    assert a.to_json()["to_move"] == 1
    # Ludii plays it as steps: the placement, the sowing from 9, the relay from 12, the
    # capture sown from 16, the relays from 13 and 11.
    sim = v.fast(s)
    move = next(m for m in sim.moves() if sim.action(m).to_json() == put(9))
    run = v.game.ludii_steps(sim, move, None)
    assert [act for _, act, _ in run] == [put(9), {"sow": "9"}, {"sow": "12"}, {"sow": "16"}, {"sow": "13"}, {"sow": "11"}]


def test_a_last_counter_in_an_empty_hole_ends_the_turn_but_ludii_takes_across():
    counts = {16: 1, 24: 1, 22: 3}
    v, s = position(counts, hands=(29, 30))
    # 9 takes 24's one, its two sown anticlockwise, 10, 11: 11 was empty, facing 22.
    a = v.apply(s, put(9))
    assert holes(a) == {10: 1, 11: 1, 16: 1, 22: 3} and a.to_json()["to_move"] == 1
    v, s = position(counts, hands=(29, 30), options=LUDII)
    b = v.apply(s, put(9))  # Ludii's reading: 22's three are taken (11 is central: a choice)
    assert holes(b) == {10: 1, 11: 1, 16: 1}
    assert b.to_json()["scores"] == [3, 0] and b.to_json()["to_move"] == 0


def test_north_sends_the_counters_to_his_own_nearer_end_and_ludii_to_the_far_one():
    counts = {9: 1, 16: 1, 20: 1}
    v, s = position(counts, hands=(31, 30), to_move=1)
    # 24 is North's leftmost inner hole: the counter taken from 9 goes into 24 with the one
    # put in, and the two are sown clockwise along his inner row, 23, 22.
    a = v.apply(s, put(24))
    assert holes(a) == {23: 1, 22: 1, 16: 1, 20: 1}
    v, s = position(counts, hands=(31, 30), to_move=1, options=LUDII)
    b = v.apply(s, put(24))  # Ludii: to 17, his right end, sown anticlockwise into 18
    assert holes(b) == {24: 1, 18: 1, 16: 1, 20: 1}


# -- the second phase -----------------------------------------------------------------------------------
def test_the_second_phase_begins_when_both_hands_are_empty():
    v, s = position({16: 1, 12: 2, 3: 1, 20: 1, 30: 58}, hands=(0, 1), to_move=1)
    a = v.apply(s, put(17))  # North's last counter: 16's one into 17 (his right end), 18, 19
    assert holes(a) == {18: 1, 19: 1, 20: 1, 30: 58, 12: 2, 3: 1}
    assert acts(v, a) == [{"sow": h, "direction": d} for h in ("3", "12") for d in ("ccw", "cw")]


def test_in_the_second_phase_a_sowing_whose_first_lap_takes_nothing_takes_nothing():
    v, s = position({6: 2, 8: 1, 10: 1, 16: 1, 23: 2, 28: 57})
    a = v.apply(s, {"sow": "6", "direction": "ccw"})
    # 7, 8: 8 (outer) relayed, 9, 10: 10 held one and faces 23's two, but the first lap took
    # nothing, so it is only relayed: 11, 12; 12 was empty.
    assert holes(a) == {7: 1, 9: 1, 11: 1, 12: 1, 16: 1, 23: 2, 28: 57}
    assert a.to_json()["to_move"] == 1


def test_in_the_second_phase_a_first_lap_that_takes_lets_the_later_laps_take():
    v, s = position({7: 3, 10: 1, 12: 1, 16: 1, 23: 2, 21: 1, 28: 55})
    a = v.apply(s, {"sow": "7", "direction": "ccw"})
    # 8, 9, 10: 10 faces 23's two, taken into 9 (right end): its three sown 10, 11, 12; 12
    # faces 21's one, taken too: 12 is central, so South chooses the end.
    assert holes(a) == {8: 1, 10: 3, 11: 1, 12: 2, 16: 1, 28: 55}
    data = a.to_json()
    assert data["scores"] == [1, 0] and data["to_move"] == 0
    assert acts(v, a) == [{"sow": "16"}, {"sow": "9"}]


# -- the end -------------------------------------------------------------------------------------------
def test_emptying_the_opponents_inner_row_wins_at_once():
    v, s = position({12: 1, 14: 1, 17: 1, 30: 5}, hands=(28, 28))
    a = v.apply(s, put(16))
    # 17's one with the one put in are sown from 16 clockwise, 15, 14: North's inner row is
    # empty, so South has won, and 14 (occupied) is not sown on.
    assert holes(a) == {12: 1, 14: 2, 15: 1, 30: 5}
    assert a.to_json()["over"]["winner"] == 0 and v.legal_actions(a) == []
    # The count shown is the inner rows' (BKC-8), not the hands': 28 each would read as a tie,
    # and a hand one larger than the winner's as the loser ahead.
    assert v.outcome(a).score == (4, 0)


def test_the_count_shown_at_the_end_never_has_the_winner_behind():
    import random

    v = get_variant(KEY)
    ended = 0
    for seed in range(60):
        rng = random.Random(seed)
        s = v.new_game()
        for _ in range(3000):
            if v.outcome(s) is not None:
                break
            moves = v.legal_actions(s)
            s = v.apply(s, moves[rng.randrange(len(moves))])
        o = v.outcome(s)
        if o is not None:
            ended += 1
            assert o.score[o.winner] >= o.score[1 - o.winner] and o.score[1 - o.winner] == 0, (seed, o)
    assert ended >= 50


def test_a_player_who_empties_his_own_inner_row_loses():
    v, s = position({9: 1, 1: 5, 20: 2, 28: 56})
    a = v.apply(s, {"sow": "9", "direction": "cw"})  # 9's one into 8: South's inner row is empty
    assert holes(a) == {8: 1, 1: 5, 20: 2, 28: 56}
    assert a.to_json()["over"]["winner"] == 1


def test_random_games_end_by_the_rules():
    import random

    v = get_variant(KEY)
    for seed in range(20):
        rng = random.Random(seed)
        sim = v.fast(v.new_game())
        for _ in range(5000):
            if sim.result() is not None:
                break
            moves = sim.moves()
            sim.play(moves[rng.randrange(len(moves))])
        assert sim.result() is not None
