"""Hand-worked tests for helper sow7's Ethiopian and Eritrean sowing games and the vocabulary
they added to games/engine/rules/sow.py: ``sow.opening_weg`` and ``rounds.halves = "lot"`` (Gabata
of Shoa and Adegrat, DLP ruleset 352), ``sow.opening_gather_each``, ``opening_gather_lift`` and
``take_at_end`` (Gabata of Wuqro, 353), ``capture.claim_opposite``, ``rounds.rest = "lend"`` and
``end.empty_row`` with wegues (Leyla, 368), ``sow.relay_facing`` and ``rounds.rest = "spread"``
(Gabata of Ansaba, 342), ``capture.claim_first`` and ``rounds.halves = "weaker"`` (Mewegae, 344)."""
from __future__ import annotations

import pytest

from games.engine import get_variant
from games.engine.rules.loader import RulesFileError
from tests.games.test_rules_sow import holes, make, state_of

SHOA = "sow.gabata-shoa-adegrat"


def sows(v, state) -> list[str]:
    return sorted((a["sow"] for a in v.legal_actions(state)), key=int)


# -- sow.opening_weg: Gabata of Shoa and Adegrat (DLP game 332, ruleset 352) -------------------------
def test_the_set_opening_is_the_first_move_and_leaves_fives_and_threes_and_a_weg():
    v = get_variant(SHOA)
    s = v.new_game()
    assert v.rules_file.dlp_game == 332 and v.rules_file.dlp_ruleset == 352
    # South's only move is the opening, named by his rightmost hole, 6.
    assert sows(v, s) == ["6"]
    s = v.apply(s, {"sow": "6"})
    # One counter of 6 held (6: 3); 7 gives one to 8, 9 to 10, 11 to 12, 1 to 2, 3 to 4, 5 to 6
    # (6: 4 again); the held counter into 7 (4), South's weg.
    assert holes(s) == {1: 3, 2: 5, 3: 3, 4: 5, 5: 3, 6: 4, 7: 4, 8: 5, 9: 3, 10: 5, 11: 3, 12: 5}
    assert s.to_json()["tuz"] == [["7"], []] and s.to_json()["scores"] == [0, 0]
    # North moves next, from any of his holes but South's weg.
    assert v.to_move(s) == 1 and sows(v, s) == ["8", "9", "10", "11", "12"]


def test_ludiis_opening_leaves_the_weg_hole_as_it_stands_and_moves_from_the_second_hole():
    v = get_variant(SHOA)
    s = v.apply(v.new_game({"opening": "after-next"}), {"sow": "6"})
    # 8 gives one to 9, 10 to 11, 12 to 1, 2 to 3, 4 to 5; 6 and 7 untouched (Ludii's trace).
    assert holes(s) == {1: 5, 2: 3, 3: 5, 4: 3, 5: 5, 6: 4, 7: 4, 8: 3, 9: 5, 10: 3, 11: 5, 12: 3}
    assert s.to_json()["tuz"] == [["7"], []]


def mid(v, counts, to_move=0, tuz=([], []), **options):
    return state_of(v, counts, to_move=to_move, sown=["6"], starter=0, round=1,
                    rounds=[[24, 24, 0]], tuz=[list(t) for t in tuz], options=options)


def test_a_last_counter_making_four_wins_the_hole_as_a_weg_in_either_row():
    v = get_variant(SHOA)
    # South sows 1 (two): 2, 3; 3 held three, now four: South's weg, the turn over.
    s = v.apply(mid(v, {1: 2, 3: 3, 5: 1, 9: 2, 10: 1}), {"sow": "1"})
    assert holes(s) == {2: 1, 3: 4, 5: 1, 9: 2, 10: 1}
    assert s.to_json()["tuz"] == [["3"], []] and v.to_move(s) == 1
    # Nobody sows from it: North then South.
    assert sows(v, s) == ["9", "10"]


def test_a_last_counter_in_the_opponents_weg_takes_two_and_plays_again():
    v = get_variant(SHOA)
    # South sows 6 (two): 7, 8; 8 is North's weg holding three: South takes the last counter and
    # one more (two), leaving two, and moves again.
    s = v.apply(mid(v, {2: 1, 6: 2, 8: 3, 10: 1}, tuz=([], ["8"])), {"sow": "6"})
    assert holes(s) == {2: 1, 7: 1, 8: 2, 10: 1}
    assert s.to_json()["scores"][0] - mid(v, {2: 1, 6: 2, 8: 3, 10: 1}).to_json()["scores"][0] == 2
    assert v.to_move(s) == 0 and sows(v, s) == ["2"]
    # Ludii's reading (raid_again off): the turn passes.
    off = v.apply(mid(v, {2: 1, 6: 2, 8: 3, 10: 1}, tuz=([], ["8"]), raid_again=False), {"sow": "6"})
    assert v.to_move(off) == 1


def test_an_empty_weg_gives_up_only_the_last_counter():
    v = get_variant(SHOA)
    s = v.apply(mid(v, {6: 2, 10: 1, 3: 1}, tuz=([], ["8"])), {"sow": "6"})
    # 7 gets one, the last into North's empty weg 8: South takes that counter.
    assert holes(s) == {3: 1, 7: 1, 10: 1}


def test_an_opening_weg_needs_wegs():
    with pytest.raises(RulesFileError, match="opening_weg"):
        make('''
[[clause]]
id = "O-1"
text = "Two rows of six; an opening weg without wegs."
board = { shape = "mancala", rows = 2, holes = 6 }
setup = { seeds = 4, first = "South" }
sow = { direction = "ccw", opening_weg = "next" }
''')


# -- sow.opening_gather_each, opening_gather_lift, take_at_end: Gabata of Wuqro (DLP 333, ruleset 353) --
WUQRO = "sow.gabata-wuqro"


def test_wuqros_opening_gathers_the_row_and_sows_from_the_opponents_first_hole_taking_at_lap_ends():
    v = get_variant(WUQRO)
    s = v.new_game()
    assert v.rules_file.dlp_game == 333 and v.rules_file.dlp_ruleset == 353
    assert sows(v, s) == ["7"]
    s = v.apply(s, {"sow": "7"})
    # Eighteen from 7, the first into 7: 7..12 (3 -> 4), 1..6 (0 -> 1), 7..12 (4 -> 5), the last in
    # 12. Taken at the lap's end, not as they were made four: 7..12 hold five, nothing taken.
    # Relays: 12 (5) -> 1..5 (2 each), last 5; 5 (2) -> 6 (2), 7 (6); 7 (6) -> 8..11 (6), 12 (1),
    # 1 (3); 1 (3) -> 2, 3, 4 (3 each); 4 (3) -> 5 (1), 6 (3), 7 (empty, now 1): over.
    assert holes(s) == {2: 3, 3: 3, 5: 1, 6: 3, 7: 1, 8: 6, 9: 6, 10: 6, 11: 6, 12: 1}
    assert s.to_json()["scores"] == [0, 0] and v.to_move(s) == 1


def test_ludiis_wuqro_opening_puts_the_row_into_the_hole_and_sows_it_all_from_the_next():
    v = get_variant(WUQRO)
    s = v.apply(v.new_game({"opening_lift": True}), {"sow": "7"})
    # Twenty-one from 7, the first into 8: 8..12 (4), 1..6 (1), 7 (1), 8..12 (5), 1..4 (2), last 4.
    # Relays 4 -> 5, 6; 6 -> 7, 8; 8 (6) -> 9..12 (6), 1, 2 (3); 2 -> 3, 4, 5; 5 (3) -> 6, 7, 8 (empty).
    assert holes(s) == {1: 3, 3: 3, 4: 1, 6: 1, 7: 3, 8: 1, 9: 6, 10: 6, 11: 6, 12: 6}


def wuq(v, counts, to_move=0):
    return state_of(v, counts, to_move=to_move, sown=["7"], starter=0, round=1, rounds=[[18, 18, 0]])


def test_holes_made_four_go_to_their_rows_owner_and_the_last_to_the_sower():
    v = get_variant(WUQRO)
    before = wuq(v, {1: 1, 2: 2, 3: 2, 6: 3, 7: 3, 8: 3, 9: 2, 11: 3})
    s = v.apply(before, {"sow": "6"})
    # 7, 8 made four, 9 made three (the last): at the lap's end North takes 7 and 8 (eight);
    # 9 relayed: 10 (1), 11 (4), 12 (1), the last into an empty hole; North takes 11 (four).
    assert holes(s) == {1: 1, 2: 2, 3: 2, 10: 1, 12: 1}
    gained = [a - b for a, b in zip(s.to_json()["scores"], before.to_json()["scores"])]
    assert gained == [0, 12] and v.to_move(s) == 1
    # A last counter making four: the sower takes them, and the turn is over.
    before = wuq(v, {1: 2, 2: 2, 3: 3, 9: 1})
    s = v.apply(before, {"sow": "1"})
    assert holes(s) == {2: 3, 9: 1}
    gained = [a - b for a, b in zip(s.to_json()["scores"], before.to_json()["scores"])]
    assert gained == [4, 0] and v.to_move(s) == 1


def test_take_at_end_needs_take_at_and_relay():
    with pytest.raises(RulesFileError, match="take_at_end"):
        make('''
[[clause]]
id = "T-1"
text = "Two rows of six; holes taken at lap ends without relay."
board = { shape = "mancala", rows = 2, holes = 6 }
setup = { seeds = 4, first = "South" }
sow = { direction = "ccw", take_at = 4, take_at_end = true }
''')


# -- capture.claim_opposite, rounds.rest = "lend", empty_row with wegs: Leyla (DLP 348, ruleset 368) --
LEYLA = "sow.leyla"


def ley(v, counts, to_move=0, tuz=([], []), scores=None):
    more = {"scores": scores} if scores else {}
    return state_of(v, counts, to_move=to_move, starter=0, round=1, rounds=[[24, 24, 0]],
                    tuz=[list(t) for t in tuz], **more)


def test_a_last_counter_making_four_across_wins_that_hole_and_the_one_facing_it():
    v = get_variant(LEYLA)
    assert v.rules_file.dlp_game == 348 and v.rules_file.dlp_ruleset == 368
    # South sows 2 (two) clockwise: 1 (0 -> 1), 12 (3 -> 4), North's: South wins 12 and the hole
    # across from it, his own 1, with their counters; the turn is over.
    s = v.apply(ley(v, {2: 2, 12: 3, 5: 1, 8: 2}), {"sow": "2"})
    assert holes(s) == {1: 1, 5: 1, 8: 2, 12: 4}
    assert s.to_json()["tuz"] == [["1", "12"], []] and v.to_move(s) == 1
    assert sows(v, s) == ["8"]
    # North sows 8 (two) clockwise: 7 (1), 6 (1), the last into an empty hole.
    s = v.apply(s, {"sow": "8"})
    assert holes(s) == {1: 1, 5: 1, 6: 1, 7: 1, 12: 4} and v.to_move(s) == 0
    assert sows(v, s) == ["5", "6"]  # South's weg 1 is not his to sow


def test_a_raid_on_a_weg_takes_two_and_ends_the_turn():
    v = get_variant(LEYLA)
    before = ley(v, {2: 1, 5: 1, 1: 3, 9: 2, 11: 1}, tuz=([], ["1"]))
    s = v.apply(before, {"sow": "2"})  # one counter clockwise into 1, North's weg (3 -> 4): two taken
    assert holes(s) == {1: 2, 5: 1, 9: 2, 11: 1}
    assert s.to_json()["scores"][0] - before.to_json()["scores"][0] == 2 and v.to_move(s) == 1


def test_the_round_ends_when_a_player_has_only_wegs_and_the_poorer_fills_with_a_loan():
    v = get_variant(LEYLA)
    # South's last free counter, 1, goes clockwise into 12: he has only his weg 3 (five) left.
    s = v.apply(ley(v, {1: 1, 3: 5, 9: 2, 10: 1}, tuz=(["3"], []), scores=[9, 30]), {"sow": "1"})
    # South: 9 + 5 = 14, North: 30 + 1 + 2 + 1 = 34. South fills three holes and has two over:
    # North lends him two, so he fills four (1..4), North the same places (7..10), keeping 16.
    data = s.to_json()
    assert holes(s) == {1: 4, 2: 4, 3: 4, 4: 4, 7: 4, 8: 4, 9: 4, 10: 4}
    assert data["hands"] == [{}, {"seed": 16}] and data["round"] == 2 and data["tuz"] == [[], []]
    assert v.to_move(s) == 1  # the player who moved second in the first round starts the second
    # With one over, South gives it away: 13 fills three holes, North keeps 24.
    s = v.apply(ley(v, {1: 1, 3: 5, 9: 2, 10: 1}, tuz=(["3"], []), scores=[8, 31]), {"sow": "1"})
    assert holes(s) == {1: 4, 2: 4, 3: 4, 7: 4, 8: 4, 9: 4} and s.to_json()["hands"] == [{}, {"seed": 24}]


# -- sow.relay_facing, rounds.rest = "spread": Gabata of Ansaba (DLP 322, ruleset 342) -----------
ANSABA = "sow.gabata-ansaba"


def ans(v, counts, to_move=0, scores=None, **options):
    more = {"scores": scores} if scores else {}
    return state_of(v, counts, to_move=to_move, sown=["6", "12"], starter=0, round=1, rounds=[[18, 18, 0]],
                    options=options, **more)


def test_ansabas_first_sowing_is_from_the_rightmost_hole():
    v = get_variant(ANSABA)
    assert v.rules_file.dlp_game == 322 and v.rules_file.dlp_ruleset == 342
    assert sows(v, v.new_game()) == ["6"]
    assert sows(v, v.new_game({"first_rightmost": False})) == ["1", "2", "3", "4", "5", "6"]


def test_a_capture_moves_the_last_counter_on_taking_again_and_sowing_on():
    v = get_variant(ANSABA)
    before = ans(v, {1: 1, 2: 1, 5: 2, 7: 1, 9: 2, 10: 5, 11: 3})
    s = v.apply(before, {"sow": "2"})
    # 2 -> 3, empty, South's: North's 10 facing it (five) taken; the counter moves on to 4, empty:
    # 9 facing it (two) taken; on to 5 (two, now three): lifted and sown 6, 7, 8, the last into an
    # empty hole of North's: over. South took seven.
    assert holes(s) == {1: 1, 6: 1, 7: 2, 8: 1, 11: 3}
    assert s.to_json()["scores"][0] - before.to_json()["scores"][0] == 7
    assert v.to_move(s) == 1 and sows(v, s) == ["7", "8", "11"]


def test_ludiis_capture_leaves_the_counter_and_ends_the_turn():
    v = get_variant(ANSABA)
    before = ans(v, {1: 1, 2: 1, 5: 2, 7: 1, 9: 2, 10: 5, 11: 3}, after_capture="stop")
    s = v.apply(before, {"sow": "2"})
    assert holes(s) == {1: 1, 3: 1, 5: 2, 7: 1, 9: 2, 11: 3}
    assert s.to_json()["scores"][0] - before.to_json()["scores"][0] == 5


def test_the_poorer_sets_out_threes_from_his_right_and_ones_after_and_the_other_matches():
    v = get_variant(ANSABA)
    # South's last counter, 6, goes into North's 7: South's row is empty, the round is over, North
    # takes the seven left. South 8, North 28: South puts 3, 3 into 6, 5 and 1, 1 into 4, 3; North
    # the same into 12, 11, 10, 9, keeping twenty.
    s = v.apply(ans(v, {6: 1, 8: 2, 12: 3}, scores=[8, 22]), {"sow": "6"})
    data = s.to_json()
    assert holes(s) == {3: 1, 4: 1, 5: 3, 6: 3, 9: 1, 10: 1, 11: 3, 12: 3}
    assert data["hands"] == [{}, {"seed": 20}] and data["round"] == 2 and v.to_move(s) == 1
    # A player left with a single counter has lost.
    s = v.apply(ans(v, {6: 1, 8: 2, 12: 3}, scores=[1, 29]), {"sow": "6"})
    assert s.to_json()["over"] == {"winner": 1, "how": "cannot-fill-a-hole"}


# -- capture.claim_first, rounds.halves: Mewegae (DLP 324, ruleset 344) -----------------------------
MEWEGAE = "sow.mewegae"


def mew(v, counts, to_move=0, tuz=([], []), visited=None, scores=None):
    more = {"scores": scores} if scores else {}
    if visited is not None:
        more["visited"] = [list(x) for x in visited]
    return state_of(v, counts, to_move=to_move, sown=["6"], starter=0, round=1, rounds=[[24, 24, 0]],
                    tuz=[list(t) for t in tuz], **more)


def test_the_first_last_counter_in_an_opponents_weg_takes_nothing_later_ones_take_one_and_play_again():
    v = get_variant(MEWEGAE)
    assert v.rules_file.dlp_game == 324 and v.rules_file.dlp_ruleset == 344
    before = mew(v, {1: 1, 6: 3, 9: 3, 10: 2}, tuz=([], ["9"]))
    s = v.apply(before, {"sow": "6"})
    # 7, 8, then 9, North's weg (3 -> 4): the first time, nothing; North to move.
    assert holes(s) == {1: 1, 7: 1, 8: 1, 9: 4, 10: 2}
    assert s.to_json()["visited"] == [["9"], []] and s.to_json()["scores"] == before.to_json()["scores"]
    assert v.to_move(s) == 1
    # The second time: one counter of the weg goes to South, who plays again.
    before = mew(v, {1: 1, 6: 3, 9: 3, 10: 2}, tuz=([], ["9"]), visited=(["9"], []))
    s = v.apply(before, {"sow": "6"})
    assert holes(s) == {1: 1, 7: 1, 8: 1, 9: 3, 10: 2}
    assert s.to_json()["scores"][0] - before.to_json()["scores"][0] == 1 and v.to_move(s) == 0


def test_the_opponents_last_free_hole_made_four_is_taken_not_won():
    v = get_variant(MEWEGAE)
    before = mew(v, {1: 1, 6: 6, 12: 3}, tuz=(["7", "8", "9", "10", "11"], []))
    s = v.apply(before, {"sow": "6"})
    # 7..11 (South's wegs) get one each, the last makes North's 12 four: South takes the four.
    assert holes(s) == {1: 1, 7: 1, 8: 1, 9: 1, 10: 1, 11: 1}
    assert s.to_json()["tuz"] == [["7", "8", "9", "10", "11"], []]
    assert s.to_json()["scores"][0] - before.to_json()["scores"][0] == 4


def test_two_over_each_go_to_the_weaker_who_fills_one_more_hole():
    v = get_variant(MEWEGAE)
    # South's last counter falls into his own weg 7: nobody can move, the round is over. South has
    # 21 + 1 = 22, North 26: five holes and two over, six and two over; South, the weaker, is given
    # North's two and fills his sixth: every hole holds four, nothing in hand.
    s = v.apply(mew(v, {6: 1}, tuz=(["7"], []), scores=[21, 26]), {"sow": "6"})
    data = s.to_json()
    assert holes(s) == {h: 4 for h in range(1, 13)}
    assert data["hands"] == [{}, {}] and data["closed"] == [] and data["round"] == 2 and v.to_move(s) == 1


def test_where_each_has_two_over_the_hole_left_is_drawn_for_by_lot():
    v = get_variant(SHOA)
    start = state_of(v, {6: 1}, to_move=0, sown=["6"], starter=0, round=1, rounds=[[24, 24, 0]],
                     tuz=[["7"], []], scores=[21, 26])
    # South's last counter falls into his own weg 7: nobody can move, the round is over. South has
    # 21 + 1 = 22 (five holes, two over), North 26 (six holes, two over): South fills 6..2, North
    # 12..7, and hole 1 is drawn for.
    s = v.apply(start, {"sow": "6"})
    data = s.to_json()
    assert data["phase"] == "lot" and v.is_chance(s) and data["closed"] == ["1"]
    assert holes(s) == {h: 4 for h in range(2, 13)} and data["hands"] == [{"seed": 2}, {"seed": 2}]
    assert v.state_from_json(data) == s
    for seat in (0, 1):
        t = v.apply(s, {"first": seat})
        d = t.to_json()
        assert holes(t) == {h: 4 for h in range(1, 13)} and d["hands"] == [{}, {}] and d["closed"] == []
        assert ("1" in d["owned"][seat]) and not ("1" in d["owned"][1 - seat])
        # North, who moved second in the first round, opens the second with the set move.
        assert v.to_move(t) == 1 and sows(v, t) == ["12"]


BASE = '''
[[clause]]
id = "X-1"
text = "Two rows of six, four counters each, anticlockwise."
board = { shape = "mancala", rows = 2, holes = 6 }
setup = { seeds = 4, first = "South" }
sow = { direction = "ccw" MORE }
'''


@pytest.mark.parametrize("more, field", [
    (", opening_gather_each = true", "opening_gather_each"),
    (", relay_facing = \"move-on\"", "relay_facing"),
    (" }\ncapture = { take = \"last\", counts = [4], claim_opposite = true", "claim_opposite"),
    (" }\ncapture = { take = \"last\", counts = [4], claim = true, claim_first = \"spared\"", "claim_first"),
    (", relay = true }\nrounds = { refill = 4, rest = \"lend\"", "rest"),
    (", relay = true }\nrounds = { refill = 4, halves = \"lot\"", "halves"),
])
def test_the_new_keys_name_what_they_need(more, field):
    with pytest.raises(RulesFileError, match=field):
        make(BASE.replace("MORE", more))


def test_wuqros_lot_is_for_the_next_hole_the_player_with_more_holes_would_fill():
    v = get_variant(WUQRO)
    # South's 6 into 7: three counters left, the round is over, North taking his 7 and 12 (three).
    # South 18, North 15 + 3 = 18: four holes each (South 6..3, North 12..9) and two over each;
    # the next hole North would fill, 8, is drawn for.
    start = state_of(v, {6: 1, 12: 2}, to_move=0, sown=["7"], starter=0, round=1, rounds=[[18, 18, 0]],
                     scores=[18, 15])
    s = v.apply(start, {"sow": "6"})
    data = s.to_json()
    assert data["phase"] == "lot" and sorted(data["closed"], key=int) == ["1", "2", "7", "8"]
    assert holes(s) == {3: 4, 4: 4, 5: 4, 6: 4, 9: 4, 10: 4, 11: 4, 12: 4}
    t = v.apply(s, {"first": 0})
    d = t.to_json()
    assert holes(t)[8] == 4 and "8" in d["owned"][0] and d["hands"] == [{}, {}]
    assert sorted(d["closed"], key=int) == ["1", "2", "7"]
    # North opens the round: his counters gathered and sown from the first hole in play after his.
    assert v.to_move(t) == 1 and sows(v, t) == ["3"]
