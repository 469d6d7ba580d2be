"""Hand-worked tests for helper sow14: the hooks of games/engine/rules/hooks_sow14.py and the files
they serve, DLP games whose ruleset has no rules text, read as Ludii encodes them.

The Concentration Game (sow.the-concentration-game) is laid out as its ring of ten holes:

    North   10  9  8  7  6      (6 is North's middle hole, 7..10 his row from his left)
    South    1  2  3  4  5      (1 is South's middle hole, 2..5 his row from his left)
"""
from __future__ import annotations

from games.engine import get_variant
from games.engine.rules.hooks_sow14 import concentration_next
from tests.games.test_rules_sow import holes

CONC = "sow.the-concentration-game"
CONC_LUDII = {"track": "concentration-sow-ludii"}


def position(v, counts, scores=(0, 0), to_move=0, options=None, turn=10):
    """A position with these hole counts and seeds taken; the rest of the 100 seeds lie in hole 5
    (South's) or 10 (North's) where the counts leave some over, so the total is kept."""
    counts = dict(counts)
    rest = v.game.total - sum(counts.values()) - sum(scores)
    counts[10] = counts.get(10, 0) + rest
    data = {"board": {str(h): [None, "seed", c] for h, c in counts.items() if c}, "to_move": to_move,
            "scores": list(scores), "turn": turn}
    if options:
        data["options"] = options
    return v.state_from_json(data)


def test_the_capture_series_is_seven_threes_then_two_four_six_over_and_over():
    # The seeds each capture takes, told from the seeds taken before it.
    assert [concentration_next(3 * k) for k in range(7)] == [3] * 7
    assert concentration_next(21) == 2 and concentration_next(23) == 4 and concentration_next(27) == 6
    assert concentration_next(33) == 2 and concentration_next(35) == 4


def test_a_hole_sown_puts_its_first_seed_back_and_the_rest_round_the_ring():
    v = get_variant(CONC)
    s = v.new_game()
    a = v.apply(s, {"sow": "5"})  # ten seeds: one back into 5, then 6, 7, ..., 10, 1, 2, 3, 4
    assert holes(a) == {1: 11, 2: 11, 3: 11, 4: 11, 5: 1, 6: 11, 7: 11, 8: 11, 9: 11, 10: 11}


def test_ludiis_track_drops_two_seeds_a_lap_into_souths_leftmost_row_hole():
    v = get_variant(CONC)
    s = v.new_game(CONC_LUDII)
    a = v.apply(s, {"sow": "5"})  # one into 5, then 6..10, 1, 2 and 2 again (the track's ends), 3
    assert holes(a) == {1: 11, 2: 12, 3: 11, 4: 10, 5: 1, 6: 11, 7: 11, 8: 11, 9: 11, 10: 11}


def test_a_hole_of_one_seed_is_not_sown():
    v = get_variant(CONC)
    s = position(v, {1: 1, 2: 2, 3: 0, 4: 1, 5: 0})
    assert sorted(a["sow"] for a in v.legal_actions(s)) == ["2"]


def test_the_first_captures_take_a_hole_made_three_in_either_row():
    v = get_variant(CONC)
    # South sows 4 (three seeds): one back into 4, then 5, 6; North's 6 held two, now three: taken.
    s = position(v, {1: 2, 2: 2, 3: 2, 4: 3, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2})
    a = v.apply(s, {"sow": "4"})
    assert 6 not in holes(a) and a.to_json()["scores"] == [3, 0]
    # A last seed making four takes nothing while the player's next capture must take three.
    s = position(v, {1: 2, 2: 2, 3: 2, 4: 3, 5: 2, 6: 3, 7: 2, 8: 2, 9: 2})
    a = v.apply(s, {"sow": "4"})
    assert holes(a)[6] == 4 and a.to_json()["scores"] == [0, 0]


def test_after_seven_captures_the_next_takes_a_hole_made_two():
    v = get_variant(CONC)
    # South has made seven captures (21 seeds); his own hole 5 made two is taken, one made three is not.
    s = position(v, {1: 2, 2: 2, 3: 2, 4: 2, 5: 1, 6: 2, 7: 2, 8: 2, 9: 2}, scores=(21, 0))
    a = v.apply(s, {"sow": "4"})  # one back into 4, then 5: two
    assert 5 not in holes(a) and a.to_json()["scores"] == [23, 0]
    s = position(v, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2}, scores=(21, 0))
    a = v.apply(s, {"sow": "4"})
    assert holes(a)[5] == 3 and a.to_json()["scores"] == [21, 0]


def test_the_game_ends_when_the_next_player_cannot_sow_and_the_board_is_nobodys():
    v = get_variant(CONC)
    # South sows 5 (two): one back, one into 6 (making one); North then has only singles.
    s = position(v, {1: 0, 2: 0, 3: 0, 4: 0, 5: 2, 6: 0, 7: 1, 8: 1, 9: 1, 10: 1}, scores=(60, 34))
    a = v.apply(s, {"sow": "5"})
    out = v.outcome(a)
    assert out is not None and out.winner == 0
    assert a.to_json()["scores"] == [60, 34]


# -- Tuz (sow.tuz): Ludii's reading, with the vocabulary's wegues (claim_keeps) ----------------------
TUZ = "sow.tuz"


def tuz_position(v, counts, tuz=([], []), to_move=0, scores=None):
    rest = v.game.total - sum(counts.values())
    data = {"board": {str(h): [None, "seed", c] for h, c in counts.items() if c}, "to_move": to_move,
            "scores": scores or [rest // 2, rest - rest // 2], "turn": 10, "tuz": [list(tuz[0]), list(tuz[1])], "starter": 0, "round": 1, "sown": ["1", "2", "3", "4", "5", "6"]}
    return v.state_from_json(data)


def test_tuz_a_last_seed_making_four_in_the_opponents_row_makes_a_tuz():
    v = get_variant(TUZ)
    # South sows 6 (two seeds): 7, then 8, which held three: four, North's hole, now South's tuz.
    s = tuz_position(v, {6: 2, 8: 3, 1: 1, 12: 1})
    a = v.apply(s, {"sow": "6"})
    assert holes(a)[8] == 4 and a.to_json()["tuz"][0] == ["8"]
    assert v.to_move(a) == 1


def test_tuz_a_hole_made_four_in_the_movers_own_row_is_sown_on():
    v = get_variant(TUZ)
    # South sows 1 (one seed) into 2, which held three: four in his own row, lifted and sown on
    # into 3, 4, 5, 6 (all empty): the last falls into an empty hole and the turn ends.
    s = tuz_position(v, {1: 1, 2: 3, 12: 1})
    a = v.apply(s, {"sow": "1"})
    assert holes(a) == {3: 1, 4: 1, 5: 1, 6: 1, 12: 1} and a.to_json()["tuz"] == [[], []]


def test_tuz_a_last_seed_in_the_opponents_tuz_takes_two():
    v = get_variant(TUZ)
    # North holds 3 as his tuz (five seeds); South's 2 (one seed) falls there: he takes two.
    s = tuz_position(v, {2: 1, 3: 5, 12: 1, 11: 2}, tuz=([], ["3"]), scores=[10, 29])
    a = v.apply(s, {"sow": "2"})
    assert holes(a)[3] == 4 and a.to_json()["scores"] == [12, 29]


# -- Wa'ache Waledat (sow.waache-waledat): Ludii's halves of the board ---------------------------------
WAACHE = "sow.waache-waledat"


def ways(v, state) -> set[tuple[str, str]]:
    return {(a["sow"], a["direction"]) for a in v.legal_actions(state)}


def test_waache_the_left_half_of_the_board_is_sown_clockwise_the_right_anticlockwise():
    v = get_variant(WAACHE)
    s = v.new_game()
    assert ways(v, s) == {("1", "cw"), ("2", "cw"), ("3", "cw"), ("4", "ccw"), ("5", "ccw"), ("6", "ccw")}
    a = v.apply(s, {"sow": "6", "direction": "ccw"})  # South's 6: 7, 8, 9 (North's 9 made four: no capture
    n = {"7": "ccw", "8": "ccw", "9": "ccw", "10": "cw", "11": "cw", "12": "cw"}  # in the first turns)
    # North's 7..9 are on the board's right (his left as he sees it): anticlockwise.
    assert {h: d for h, d in ways(v, a)} == {h: d for h, d in n.items() if holes(a).get(int(h))}


def test_waache_sowing_clockwise_from_the_left_half_goes_into_the_opponents_row():
    v = get_variant(WAACHE)
    s = v.new_game()
    a = v.apply(s, {"sow": "1", "direction": "cw"})
    # 1's three counters go clockwise into 12, 11, 10 (North's), the last making four: lifted and
    # sown on (no capture in the first turns) into 9, 8, 7, 6; 6 made four is lifted into 5, 4, 3,
    # 2; 2 made four into 1, 12, 11, 10, empty: the turn ends (Ludii's trace 328-default-s1 opens so).
    assert holes(a) == {1: 1, 3: 4, 4: 4, 5: 4, 7: 4, 8: 4, 9: 4, 10: 1, 11: 5, 12: 5}


def test_waache_a_last_counter_making_four_takes_them_after_the_first_turns():
    v = get_variant(WAACHE)
    # South sows 4 (one counter) anticlockwise into 5, which held three: four, taken; he moves again.
    rest = 36 - 1 - 3 - 2 - 2
    s = v.state_from_json({"board": {"4": [None, "seed", 1], "5": [None, "seed", 3], "1": [None, "seed", 2],
                                     "10": [None, "seed", 2]}, "to_move": 0, "turn": 6,
                           "scores": [rest // 2, rest - rest // 2]})
    a = v.apply(s, {"sow": "4", "direction": "ccw"})
    assert 5 not in holes(a) and a.to_json()["scores"][0] == rest // 2 + 4
    assert v.to_move(a) == 0


# -- Azigo (sow.azigo): hook azigo-prelude -------------------------------------------------------------
AZIGO = "sow.azigo"


def azigo_position(v, counts, scores=(0, 0), to_move=0, turn=20):
    rest = v.game.total - sum(counts.values()) - sum(scores)
    counts = dict(counts)
    counts[40] = counts.get(40, 0) + rest  # the counters left over lie in North's last hole
    data = {"board": {str(h): [None, "seed", c] for h, c in counts.items() if c}, "to_move": to_move,
            "scores": list(scores), "turn": turn}
    return v.state_from_json(data)


def test_azigo_the_opening_empties_the_ninth_to_twelfth_holes_into_the_store_one_a_turn():
    v = get_variant(AZIGO)
    s = v.new_game()
    assert sorted(a["remove"] for a in v.legal_actions(s)) == ["10", "11", "12", "9"]
    a = v.apply(s, {"remove": "10"})  # five counters into South's store
    assert a.to_json()["scores"] == [5, 0] and 10 not in holes(a)
    # North's opening holes are his ninth to twelfth from his left: 29..32.
    assert sorted(x["remove"] for x in v.legal_actions(a)) == ["29", "30", "31", "32"]
    for h in ("29", "9", "30", "11", "31", "12", "32"):
        a = v.apply(a, {"remove": h})
    assert a.to_json()["scores"] == [9, 9]
    acts = v.legal_actions(a)  # then South sows a hole or his store (along the board or his row)
    assert {"enter": "store", "to": "1", "way": "board"} in [x.to_json() for x in acts]
    assert {"enter": "store", "to": "1", "way": "row"} in [x.to_json() for x in acts]


def test_azigo_a_sowing_takes_every_hole_of_the_opponents_it_reached_holding_two_or_four():
    v = get_variant(AZIGO)
    # South sows 19 (four): one back into 19, then 20, 21, 22. 21 (one, now two) and 22 (three,
    # now four) are taken; so is nothing of his own 20 (one, now two).
    s = azigo_position(v, {19: 4, 20: 1, 21: 1, 22: 3, 1: 2})
    a = v.apply(s, {"sow": "19"})
    assert 21 not in holes(a) and 22 not in holes(a) and holes(a)[20] == 2
    assert a.to_json()["scores"][0] == 6


def test_azigo_the_store_sown_along_the_board_takes_the_last_hole_and_those_after_it():
    v = get_variant(AZIGO)
    # South's store of 21 from hole 1: 1..20 one each, the 21st into 21 (one, now two): taken,
    # then the holes after it as they stand: 22 (four) taken, 23 (three) ends the run.
    s = azigo_position(v, {21: 1, 22: 4, 23: 3, 2: 1}, scores=(21, 0))
    a = v.apply(s, {"enter": "store", "to": "1", "way": "board"})
    assert 21 not in holes(a) and 22 not in holes(a) and holes(a)[23] == 3
    assert holes(a)[1] == 1 and holes(a)[2] == 2 and a.to_json()["scores"][0] == 6


def test_azigo_the_store_sown_round_the_row_stays_in_it_and_takes_nothing():
    v = get_variant(AZIGO)
    s = azigo_position(v, {21: 1, 2: 1}, scores=(22, 0))
    a = v.apply(s, {"enter": "store", "to": "1", "way": "row"})
    # 22 counters round South's 20 holes: two more into 1 and 2.
    assert holes(a)[1] == 2 and holes(a)[2] == 3 and holes(a)[3] == 1 and holes(a)[21] == 1
    assert a.to_json()["scores"][0] == 0


# -- O an quan (sow.o-an-quan): hooks oanquan-moves and oanquan-sow ----------------------------------
OAQ = "sow.o-an-quan"


def oaq_position(v, counts, scores=(0, 0), to_move=0):
    rest = v.game.total - sum(counts.values()) - sum(scores)
    data = {"board": {str(h): [None, "seed", c] for h, c in counts.items() if c}, "to_move": to_move,
            "scores": [scores[0] + rest // 2, scores[1] + rest - rest // 2], "turn": 10}
    return v.state_from_json(data)


def test_oaq_the_end_spaces_are_never_sown_from_and_each_square_either_way():
    v = get_variant(OAQ)
    s = v.new_game()
    assert {(a["sow"], a["direction"]) for a in v.legal_actions(s)} == {
        (h, d) for h in ("2", "3", "4", "5", "6") for d in ("ccw", "cw")}


def test_oaq_the_next_squares_counters_are_sown_on_and_an_empty_one_gives_the_space_after():
    v = get_variant(OAQ)
    # South sows 3 (two) anticlockwise: 4, 5; 6 holds three: lifted, into 7 (end), 8, 9; 10 is
    # empty: 11's four counters are taken.
    s = oaq_position(v, {1: 1, 2: 1, 3: 2, 6: 3, 7: 1, 8: 1, 11: 4, 12: 1})
    a = v.apply(s, {"sow": "3", "direction": "ccw"})
    assert holes(a) == {1: 1, 2: 1, 4: 1, 5: 1, 7: 2, 8: 2, 9: 1, 12: 1}
    assert a.to_json()["scores"][0] == s.to_json()["scores"][0] + 4


def test_oaq_an_end_space_next_ends_the_turn():
    v = get_variant(OAQ)
    # South sows 5 (one) anticlockwise into 6; the next space is the end space 7: nothing more.
    s = oaq_position(v, {5: 1, 6: 2, 7: 1, 8: 3, 2: 1})
    a = v.apply(s, {"sow": "5", "direction": "ccw"})
    assert holes(a) == {2: 1, 6: 3, 7: 1, 8: 3} and v.to_move(a) == 1


def test_oaq_a_player_whose_squares_are_empty_refills_them_from_his_takings():
    v = get_variant(OAQ)
    # South sows 6 (one) clockwise into 5, next 4 empty: 3 is empty too, nothing taken; North's
    # squares are all empty and he has taken five or more: one into each of 8..12.
    s = oaq_position(v, {6: 1, 1: 1, 7: 1}, scores=(0, 10))
    a = v.apply(s, {"sow": "6", "direction": "cw"})
    assert all(holes(a)[h] == 1 for h in (8, 9, 10, 11, 12)) and holes(a)[5] == 1
