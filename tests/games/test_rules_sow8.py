"""Hand-worked tests for helper sow8's sowing vocabulary in games/engine/rules/sow.py and its
hook (hooks_sow8.py), for the Sri Lankan games after Parker (Puhulmutu, DLP ruleset 216;
Daramuti, 219; Kotu Baendum, 218): ``sow.direction_shared`` (the first sowing's way binds both
players), ``sow.skip_exact`` (holes of exactly n passed by every seed but the lap's last),
``sow.relay_take_except`` (places never taken by ``relay_take``), ``sow.singles_front`` (a
single counter in the front hole held back while another single is left), ``rounds.short =
"end"`` (the short row filled from an end its owner chooses, the round sown towards the holes
left empty) and the ``first-from-end`` moves hook."""
from __future__ import annotations

from games.engine import get_variant
from tests.games.test_rules_sow import holes, make, state_of

BASE = '''
[[clause]]
id = "T-1"
text = "Two rows of four; relay sowing, a last seed into a hole of three taking four; one way for both."
board = { shape = "mancala", rows = 2, holes = 4, stores = 2 }
setup = { seeds = 4, first = "South" }
sow = { direction = "choose-once", direction_shared = true, relay = true, relay_take = 4, skip_exact = 3 EXTRA }
'''


def variant(extra: str = "", more: str = ""):
    return make(BASE.replace("EXTRA", extra) + more)


def sows(v, state) -> list[tuple[str, str]]:
    return sorted(((a["sow"], a.get("direction", "")) for a in v.legal_actions(state)), key=lambda x: (int(x[0]), x[1]))


def test_holes_of_three_are_passed_but_the_last_seed_falls_in_and_takes_four_then_sows_on():
    v = variant()
    s = state_of(v, {1: 3, 2: 3, 3: 1, 4: 0, 5: 3, 6: 2, 7: 0, 8: 0}, scores=[10, 10])
    s = v.apply(s, {"sow": "1", "direction": "ccw"})
    # Three seeds from 1: hole 2 holds three, passed; 3 (1 -> 2), 4 (0 -> 1); the last falls
    # into 5, which held three: its four are South's, and the two of hole 6 are sown on:
    # 7 (0 -> 1), 8 (0 -> 1), an empty hole: the turn ends.
    assert holes(s) == {2: 3, 3: 2, 4: 1, 7: 1, 8: 1}
    assert s.to_json()["scores"][0] == 14 and v.to_move(s) == 1


def test_the_first_sowings_way_binds_both_players():
    v = variant()
    s = v.new_game()
    assert {d for _, d in sows(v, s)} == {"ccw", "cw"}
    s = v.apply(s, {"sow": "1", "direction": "cw"})
    assert v.to_move(s) == 1 and sows(v, s) and {d for _, d in sows(v, s)} == {"cw"}
    assert s.to_json()["directions"] == ["cw", "cw"]


def test_an_end_hole_is_not_taken_the_sowing_ends_there():
    v = variant(", relay_take_except = [1, 4]")
    s = state_of(v, {1: 0, 2: 2, 3: 0, 4: 3, 5: 4, 6: 4, 7: 4, 8: 4}, scores=[5, 6])
    s = v.apply(s, {"sow": "2", "direction": "ccw"})
    # 3 (0 -> 1), then the last into 4, South's right end, which held three: it makes four
    # but is not taken; the turn ends there.
    assert holes(s) == {3: 1, 4: 4, 5: 4, 6: 4, 7: 4, 8: 4}
    assert s.to_json()["scores"] == [5, 6] and v.to_move(s) == 1
    w = variant()  # without the exception the four are taken and hole 5's four sown on
    t = state_of(w, {1: 0, 2: 2, 3: 0, 4: 3, 5: 4, 6: 4, 7: 4, 8: 4}, scores=[5, 6])
    t = w.apply(t, {"sow": "2", "direction": "ccw"})
    assert t.to_json()["scores"][0] == 9


def test_a_single_in_the_front_hole_waits_while_another_single_is_left():
    v = variant(', singles = "last-resort", singles_front = true')
    s = state_of(v, {1: 1, 2: 0, 3: 1, 4: 1, 5: 4, 6: 4, 7: 4, 8: 4}, scores=[7, 6],
                 directions=["ccw", "ccw"], turn=5, sown=["1", "5"])
    # Sowing anticlockwise, South's front hole is 4, his right end: its single waits.
    assert sows(v, s) == [("1", "ccw"), ("3", "ccw")]
    s = state_of(v, {1: 0, 2: 0, 3: 0, 4: 1, 5: 4, 6: 4, 7: 4, 8: 4}, scores=[9, 6],
                 directions=["ccw", "ccw"], turn=5, sown=["1", "5"])
    assert sows(v, s) == [("4", "ccw")]  # the only single: it may go
    s = state_of(v, {1: 1, 2: 0, 3: 1, 4: 1, 5: 4, 6: 4, 7: 4, 8: 4}, scores=[7, 6],
                 directions=["cw", "cw"], turn=5, sown=["1", "5"])
    assert sows(v, s) == [("3", "cw"), ("4", "cw")]  # clockwise the front is hole 1


ROUNDS = '''
[[clause]]
id = "T-2"
text = "Rounds: four a hole, the short row filled from an end; the loser begins."
end = { empty_row = "ends", no_moves = "owner" }
rounds = { refill = 4, short = "end", left_empty = "skip", starts = "fewer" }
'''


def test_the_short_row_is_filled_from_an_end_and_the_round_sown_towards_its_empty_holes():
    v = make(BASE.replace("EXTRA", "").replace("holes = 4", "holes = 3") + ROUNDS)
    # 24 seeds. South's last seed leaves his row empty: the round ends, North keeping the one
    # in hole 4: South 14, North 9 + 1 = 10.
    s = state_of(v, {3: 1}, scores=[14, 9], directions=["ccw", "ccw"], turn=9, sown=["3", "4"],
                 starter=0, round=1, rounds=[[12, 12, 0]])
    s = v.apply(s, {"sow": "3", "direction": "ccw"})
    data = s.to_json()
    assert data["phase"] == "leave_empty" and v.to_move(s) == 1
    # North fills two holes (8 seeds, 2 kept) from one end: hole 6 left empty, or hole 4.
    assert sorted(tuple(a["leave_empty"]) for a in v.legal_actions(s)) == [("4",), ("6",)]
    s = v.apply(s, {"leave_empty": ["6"]})
    # South's three holes are filled; North, with fewer, begins, both sowing towards hole 6
    # (anticlockwise, along North's row from his left).
    assert holes(s) == {1: 4, 2: 4, 3: 4, 4: 4, 5: 4} and v.to_move(s) == 1
    assert sows(v, s) == [("4", "ccw"), ("5", "ccw")]
    t = state_of(v, {3: 1}, scores=[14, 9], directions=["ccw", "ccw"], turn=9, sown=["3", "4"],
                 starter=0, round=1, rounds=[[12, 12, 0]])
    t = v.apply(v.apply(t, {"sow": "3", "direction": "ccw"}), {"leave_empty": ["4"]})
    assert holes(t) == {1: 4, 2: 4, 3: 4, 5: 4, 6: 4} and sows(v, t) == [("5", "cw"), ("6", "cw")]


def test_puhulmutus_first_sowing_relays_round_the_board():
    v = get_variant("sow.puhulmutu")
    assert (v.rules_file.dlp_game, v.rules_file.dlp_ruleset) == (195, 216)
    s = v.new_game()
    assert len(v.legal_actions(s)) == 14  # seven holes, either way
    s = v.apply(s, {"sow": "1", "direction": "ccw"})
    # 2..5 get one each (5 each); the last into 5 lifts its five: 6..10; the last into 10
    # lifts five: 11..14 and 1, empty: the turn ends.
    assert holes(s) == {1: 1, 2: 5, 3: 5, 4: 5, 6: 5, 7: 5, 8: 5, 9: 5, 11: 5, 12: 5, 13: 5, 14: 5}
    assert sows(v, s) == [(str(h), "ccw") for h in (8, 9, 11, 12, 13, 14)]


def test_daramuti_is_played_alike():
    v = get_variant("sow.daramuti")
    assert (v.rules_file.dlp_game, v.rules_file.dlp_ruleset) == (198, 219)
    s = v.apply(v.new_game(), {"sow": "7", "direction": "cw"})
    # 6..3 get one each (5); the last into 3 lifts five: 2, 1, 14, 13, 12; the last into 12
    # lifts five: 11..7, the last into 7, emptied: the turn ends.
    assert holes(s) == {1: 5, 2: 5, 4: 5, 5: 5, 6: 5, 7: 1, 8: 5, 9: 5, 10: 5, 11: 5, 13: 5, 14: 5}


def test_kotu_baendum_begins_from_an_end_hole_for_each_player():
    v = get_variant("sow.kotu-baendum")
    assert (v.rules_file.dlp_game, v.rules_file.dlp_ruleset) == (197, 218)
    s = v.new_game()
    assert sows(v, s) == [("1", "ccw"), ("1", "cw"), ("7", "ccw"), ("7", "cw")]
    s = v.apply(s, {"sow": "1", "direction": "ccw"})
    assert sows(v, s) == [("8", "ccw"), ("14", "ccw")]


def test_with_lap_start_only_the_holes_that_held_three_as_the_lap_began_are_passed():
    now, start = variant(), variant(', skip_exact_at = "lap-start"')
    counts = {1: 9, 2: 3, 3: 2}
    # Nine seeds from 1, anticlockwise: 2 (three) passed; 3 (2 -> 3), 4..8 one each, 1 (0 -> 1);
    # then 2 (three) passed again, and 3, three now:
    a = now.apply(state_of(now, counts, scores=[10, 8]), {"sow": "1", "direction": "ccw"})
    # read as it stands, 3 is passed: 4 (1 -> 2) and the last into 5 (1 -> 2), lifted: 6 (1 -> 2),
    # 7 (1 -> 2), lifted: 8 (1 -> 2), 1 (1 -> 2), lifted: 2 and 3 (three) passed, 4 (2 -> 3),
    # 5 (0 -> 1), an empty hole: the end.
    assert holes(a) == {2: 3, 3: 3, 4: 3, 5: 1, 6: 2, 8: 2} and a.to_json()["scores"] == [10, 8]
    b = start.apply(state_of(start, counts, scores=[10, 8]), {"sow": "1", "direction": "ccw"})
    # read as the lap began, 3 held two: it takes the eighth seed (3 -> 4) and the last falls
    # into 4 (1 -> 2), lifted: 5 (1 -> 2), 6 (1 -> 2), lifted: 7 (1 -> 2), 8 (1 -> 2), lifted:
    # 1 (1 -> 2) and the last into 2, three: four, taken; the next hole, 3, holds four: sown on,
    # 4 (0 -> 1), 5 (2 -> 3), 6 (0 -> 1), 7 (2 -> 3), lifted: 8 (0 -> 1), 1 (2 -> 3), 2 (0 -> 1),
    # an empty hole: the end.
    assert holes(b) == {1: 3, 2: 1, 4: 1, 5: 3, 6: 1, 8: 1} and b.to_json()["scores"] == [14, 8]


WALAK = '''
[[clause]]
id = "W-1"
text = "Two rows of four; the next hole sown on after an occupied last hole, else the hole beyond taken."
board = { shape = "mancala", rows = 2, holes = 4, stores = 2 }
setup = { seeds = 4, first = "South" }
sow = { direction = "ccw", relay = "next-occupied" }
capture = { take = "beyond", chain = "forward", beyond_after = "occupied" }
'''


def test_the_hole_beyond_an_empty_next_hole_is_taken_only_after_an_occupied_last_hole():
    v = make(WALAK)
    s = state_of(v, {1: 2, 2: 0, 3: 1, 4: 0, 5: 2, 6: 0, 7: 3, 8: 1}, scores=[12, 11])
    s = v.apply(s, {"sow": "1"})
    # Two seeds: 2 (0 -> 1), 3 (1 -> 2), the last into an occupied hole; the next, 4, is
    # empty: the hole beyond it, 5, is taken (two), then 6 empty and 7 full: taken (three);
    # then 8 full: two full holes in a row, the chain ends.
    assert holes(s) == {2: 1, 3: 2, 8: 1} and s.to_json()["scores"] == [17, 11]
    t = state_of(v, {1: 1, 2: 0, 3: 0, 4: 2, 5: 0, 6: 0, 7: 3, 8: 0}, scores=[14, 12], to_move=0)
    t = v.apply(t, {"sow": "1"})
    # One seed into the empty 2: the turn ends, though 3 is empty and 4 full: nothing taken.
    assert holes(t) == {2: 1, 4: 2, 7: 3} and t.to_json()["scores"] == [14, 12]


def test_walak_pussas_file_sows_on_from_the_next_hole():
    v = get_variant("sow.walak-pussa")
    assert (v.rules_file.dlp_game, v.rules_file.dlp_ruleset) == (196, 217)
    s = v.apply(v.new_game(), {"sow": "1", "direction": "ccw"})
    # 2..5 get one each (five); the last fell into an occupied hole: the next, 6, is lifted
    # (four): 7..10 (five); the last into 10, occupied: 11 lifted (four): 12, 13, 14, 1 (0 -> 1);
    # 1 was empty: the turn ends.
    assert holes(s) == {1: 1, 2: 5, 3: 5, 4: 5, 5: 5, 7: 5, 8: 5, 9: 5, 10: 5, 12: 5, 13: 5, 14: 5}


DAKON = '''
[[clause]]
id = "D-1"
text = "Two rows of three, seven each, stores on the left; relay sowing clockwise through one's own store."
board = { shape = "mancala", rows = 2, holes = 3, stores = 2, first_store = "left" }
setup = { seeds = 7, first = "South" }
sow = { from = "own", direction = "cw", stores = "own", relay = true, relay_choice = "take-opposite" MORE }
end = { seeds_at_most = 0, no_moves = "pass", stalled = "owner" }
rounds = { refill = 7, short = "left", left_empty = "skip", starts = "more", richer = "equal" }
'''


def dakon(more: str = ""):
    return make(DAKON.replace("MORE", more))


def test_a_relay_lap_ending_in_ones_own_row_waits_for_the_movers_choice():
    v = dakon()
    s = state_of(v, {1: 1, 2: 2, 3: 1, 4: 1, 5: 2, 6: 3}, scores=[16, 16], starter=0, round=1, rounds=[[21, 21, 0]])
    s = v.apply(s, {"sow": "3"})
    # One counter, clockwise, into 2 (2 -> 3), an occupied hole of South's: he chooses.
    assert s.to_json()["pending"] == {"relay": "2"} and v.to_move(s) == 0
    assert sorted(str(a.to_json()) for a in v.legal_actions(s)) == sorted(map(str, [{"sow": "2"}, {"from": "2", "to": "5"}]))
    took = v.apply(s, {"from": "2", "to": "5"})
    # The last counter (2: 3 -> 2) and North's facing 5 (two) go to South's store.
    assert holes(took) == {1: 1, 2: 2, 4: 1, 6: 3} and took.to_json()["scores"] == [19, 16]
    assert v.to_move(took) == 1 and took.to_json()["pending"] is None
    on = v.apply(s, {"sow": "2"})
    # Three counters: 1 (1 -> 2), South's store, North's 6 (3 -> 4): occupied, not South's row,
    # so sown on at once: 5 (2 -> 3), 4 (1 -> 2), past North's store, 3 (0 -> 1), 2 (emptied,
    # 0 -> 1): an empty hole, the turn ends.
    assert holes(on) == {1: 2, 2: 1, 3: 1, 4: 2, 5: 3} and on.to_json()["scores"] == [17, 16]
    assert v.to_move(on) == 1


def test_the_richer_fills_equally_and_begins_facing_a_hole_out_of_play():
    v = dakon(', moves_hook = "dakon-round-start"')
    s = state_of(v, {1: 1}, scores=[30, 11], turn=40, sown=["1"], starter=0, round=1, rounds=[[21, 21, 0]])
    s = v.apply(s, {"sow": "1"})
    # The last counter goes into South's store: the board is empty, the game over: South 31,
    # North 11. North fills his leftmost hole (4) with seven, keeping four; 5 and 6 are out of
    # play. South, richer, puts ten into each of his holes, keeping one, and begins.
    assert holes(s) == {1: 10, 2: 10, 3: 10, 4: 7} and s.to_json()["hands"] == [{"seed": 1}, {"seed": 4}]
    assert v.to_move(s) == 0 and s.to_json()["closed"] == ["5", "6"]
    # His first sowing is from a hole facing one out of play: 1 faces 6, 2 faces 5 (3 faces 4).
    assert sorted(a["sow"] for a in v.legal_actions(s)) == ["1", "2"]


def test_the_game_ends_after_the_round_limit():
    f = get_variant("sow.papan-dakon")
    s = f.state_from_json({"board": {"1": [None, "seed", 1]}, "scores": [60, 37], "to_move": 0, "turn": 900,
                           "sown": ["1"], "starter": 0, "round": 25, "rounds": [[49, 49, 0]] * 1})
    s = f.apply(s, {"sow": "1"})
    # The twenty-fifth game ends with the board empty: South 61, North 37: South wins.
    assert s.to_json()["over"] == {"winner": 0, "how": "round-limit"}


def test_papan_dakons_file_loads():
    v = get_variant("sow.papan-dakon")
    assert (v.rules_file.dlp_game, v.rules_file.dlp_ruleset) == (269, 289)
    assert sorted(int(a["sow"]) for a in v.legal_actions(v.new_game())) == list(range(1, 8))


def test_from_the_set_round_the_short_rows_remainder_makes_a_puta_or_naga_hole():
    v = make(BASE.replace("EXTRA", "").replace("holes = 4", "holes = 3")
             + ROUNDS.replace('starts = "fewer" }', 'starts = "fewer", rest_from = 2 }'))
    s = state_of(v, {3: 1}, scores=[14, 9], directions=["ccw", "ccw"], turn=9, sown=["3", "4"],
                 starter=0, round=1, rounds=[[12, 12, 0]])
    s = v.apply(v.apply(s, {"sow": "3", "direction": "ccw"}), {"leave_empty": ["6"]})
    # North (10) fills 4 and 5 and puts his remaining two into the next hole, 6: a naga. South
    # lifts two from the hole facing it, his 1 (4 -> 2), into his store (2 + 2 kept).
    data = s.to_json()
    assert holes(s) == {1: 2, 2: 4, 3: 4, 4: 4, 5: 4, 6: 2} and data["hands"] == [{"seed": 4}, {}]
    assert data["marked"] == ["6"] and data["closed"] == []
    assert sows(v, s) == [("4", "ccw"), ("5", "ccw")]  # nobody sows from the naga hole


def test_a_lap_ending_in_a_puta_or_naga_hole_ends_there_untaken():
    v = make(BASE.replace("EXTRA", "").replace("holes = 4", "holes = 3")
             + ROUNDS.replace('starts = "fewer" }', 'starts = "fewer", rest_from = 2 }'))
    s = state_of(v, {1: 4, 2: 4, 3: 2, 4: 0, 5: 3, 6: 4}, scores=[3, 4], directions=["ccw", "ccw"], turn=30,
                 sown=["1"], starter=0, round=2, rounds=[[12, 12, 0], [12, 12, 1]], marked=["5"])
    s = v.apply(s, {"sow": "3", "direction": "ccw"})
    # 4 (0 -> 1), and the last into the naga hole 5, three: four, but not taken; the turn ends.
    assert holes(s) == {1: 4, 2: 4, 4: 1, 5: 4, 6: 4} and s.to_json()["scores"] == [3, 4] and v.to_move(s) == 1
