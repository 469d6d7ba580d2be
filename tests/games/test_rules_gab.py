"""Hand-worked tests for the Ethiopian and Eritrean sowing games of helper gab's files
(games/rulesets/sow/): Hufesay (DLP ruleset 358), Gabata of Adegrat (351) and its sowing
key sow.relay = "next-occupied", Gabata of Ghinda (661) and its key sow.first_left, Jimafesosh
(364) and its set opening ([ludii] opening).
"""
from __future__ import annotations

from games.engine.rules import rules_variant
from tests.games.test_rules_sow import holes, make, state_of as _state_of


def state_of(v, counts, to_move=0, **more):
    return _state_of(v, counts, to_move, starter=0, **more)


def scores(state) -> list[int]:
    return state.to_json()["scores"]


# -- Hufesay (sow.hufesay) ------------------------------------------------------------------------
def test_hufesay_relay_then_a_last_counter_in_an_empty_own_hole_takes_the_facing_hole():
    v = rules_variant("sow.hufesay")
    # South sows hole 1's counter into 2 (two there): three lifted, sown into 3, 4, 5; 5 was
    # empty and is South's, so North's 8, facing it, is taken (HU-3, HU-4).
    before = state_of(v, {1: 1, 2: 2, 8: 3, 10: 2})
    after = v.apply(before, {"sow": "1"})
    assert holes(after) == {3: 1, 4: 1, 5: 1, 10: 2}
    assert scores(after)[0] - scores(before)[0] == 3


def test_hufesay_a_last_counter_in_an_empty_hole_of_the_opponent_takes_nothing():
    v = rules_variant("sow.hufesay")
    before = state_of(v, {6: 2, 5: 1, 9: 1})
    after = v.apply(before, {"sow": "6"})
    assert holes(after) == {5: 1, 7: 1, 8: 1, 9: 1}
    assert scores(after) == scores(before)


def test_hufesay_a_row_left_empty_ends_the_round_and_holes_change_hands():
    v = rules_variant("sow.hufesay")
    # South's last counter empties North's only hole by taking it: North's row is empty, the
    # round ends (HU-5); South's counters left stay his. Totals 44 to 4: North fills one hole,
    # his rightmost, 12; South fills the other eleven (HU-6).
    before = state_of(v, {5: 1, 7: 4}, scores=[39, 4])
    after = v.apply(before, {"sow": "5"})
    data = after.to_json()
    assert data["round"] == 2 and data["phase"] == "play"
    assert holes(after) == {h: 4 for h in range(1, 13)}
    assert data["owned"] == [[str(h) for h in range(1, 12)], ["12"]]
    assert data["to_move"] == 1  # North, second in round one, starts round two (HU-7)


# -- sow.relay = "next-occupied" (Gabata of Adegrat, sow.gabata-adegrat) ----------------------------
NEXT_OCCUPIED = '''
[[clause]]
id = "N-1"
text = "Two rows of four, three seeds each; a last seed in an occupied hole sows on the next hole's."
board = { shape = "mancala", rows = 2, holes = 4 }
setup = { seeds = 3 }
sow = { direction = "ccw", relay = "next-occupied" }
'''


def test_next_occupied_sows_on_the_next_holes_counters_after_an_occupied_hole():
    v = make(NEXT_OCCUPIED)
    # Hole 1's two seeds: 2, 3; 3 was occupied, so 4's three are lifted and sown into 5, 6, 7;
    # 7 was occupied and 8 holds two: into 1, 2; 2 was occupied (one) and 3 holds two: into 4,
    # 5; 5 was occupied and 6 holds two: into 7, 8, which was empty: over. The holes the laps
    # ended in keep their seeds.
    before = _state_of(v, {1: 2, 2: 0, 3: 1, 4: 3, 5: 1, 6: 1, 7: 1, 8: 2})
    after = v.apply(before, {"sow": "1"})
    assert holes(after) == {1: 1, 2: 2, 4: 1, 5: 3, 7: 3, 8: 1}


def test_next_occupied_ends_in_an_empty_hole_or_before_an_empty_one():
    v = make(NEXT_OCCUPIED)
    # The last seed into an empty hole (3): over, though 4 holds seeds.
    assert holes(v.apply(_state_of(v, {1: 2, 4: 2, 8: 1}), {"sow": "1"})) == {2: 1, 3: 1, 4: 2, 8: 1}
    # The last seed into an occupied hole (3) whose next hole (4) is empty: over.
    assert holes(v.apply(_state_of(v, {1: 2, 3: 1, 8: 1}), {"sow": "1"})) == {2: 1, 3: 2, 8: 1}


def test_adegrat_a_last_counter_in_an_empty_hole_takes_the_next_hole_whoever_s():
    v = rules_variant("sow.gabata-adegrat")
    # South's 6 (two): 7, 8; 8 was empty; 9, North's, holds four: South takes them (GA-4).
    before = state_of(v, {6: 2, 9: 4, 1: 1, 12: 1})
    after = v.apply(before, {"sow": "6"})
    assert holes(after) == {1: 1, 7: 1, 8: 1, 12: 1}
    assert scores(after)[0] - scores(before)[0] == 4
    # North's 12 (one) into South's 1, occupied (one); 2 is empty: the turn is over (GA-3).
    s = v.apply(after, {"sow": "12"})
    assert holes(s) == {1: 2, 7: 1, 8: 1}


# -- sow.first_left (Gabata of Ghinda, sow.gabata-ghinda) ---------------------------------------
def test_ghinda_each_players_first_sowing_is_from_his_leftmost_hole():
    v = rules_variant("sow.gabata-ghinda")
    s = v.new_game({})
    assert [a["sow"] for a in v.legal_actions(s)] == ["1"]
    s = v.apply(s, {"sow": "1"})
    assert [a["sow"] for a in v.legal_actions(s)] == ["7"]  # North's leftmost, as he sees it
    s = v.apply(s, {"sow": "7"})
    assert len(v.legal_actions(s)) > 1  # after his first sowing, any hole he holds


def test_ghinda_a_hole_made_four_goes_to_its_owner_the_last_one_to_the_sower():
    v = rules_variant("sow.gabata-ghinda")
    # South's 5 (three): 6, 7, 8. North's 7 is made four in passing: North's (GG-4); the last
    # counter makes four in 8: South's; the turn is over.
    before = state_of(v, {5: 3, 7: 3, 8: 3, 1: 1, 12: 1}, sown=["1", "7"])
    after = v.apply(before, {"sow": "5"})
    assert holes(after) == {1: 1, 6: 1, 12: 1}
    assert [a - b for a, b in zip(scores(after), scores(before))] == [4, 4]


def test_first_left_binds_only_the_first_round_when_holes_are_won():
    v = rules_variant("sow.gabata-ghinda")
    # Round two, nobody has sown yet: every hole South holds may be sown from.
    s = state_of(v, {h: 4 for h in range(1, 13)}, round=2, rounds=[[24, 24, 0], [24, 24, 1]],
                 owned=[[str(h) for h in range(1, 7)], [str(h) for h in range(7, 13)]])
    assert len(v.legal_actions(s)) == 6


# -- Jimafesosh (sow.jimafesosh): the set opening, and Ludii's steps for it ----------------------
def test_jimafesosh_starts_from_the_openings_position_south_sowing_hole_5():
    v = rules_variant("sow.jimafesosh")
    s = v.new_game({})
    assert holes(s) == {1: 8, 3: 8, 5: 8, 7: 8, 9: 8, 11: 8}
    assert [a["sow"] for a in v.legal_actions(s)] == ["5"]
    # Hole 5's eight: 6, 7..12, 1; 1 held eight: relay (JF-4).
    s = v.apply(s, {"sow": "5"})
    assert len(v.legal_actions(s)) > 1


def test_jimafesosh_ludii_steps_of_the_first_move_begin_with_the_opening():
    v = rules_variant("sow.jimafesosh")
    sim = v.fast(v.new_game({}))
    move = sim.moves()[0]
    run = v.game.ludii_steps(sim, move, None)
    assert [a.get("sow") for _, a, _ in run[:7]] == ["6", "8", "10", "12", "2", "4", "5"]
    assert {seat for seat, _, _ in run[:7]} == {0}
    sim.play(move)
    later = sim.moves()[0]
    again = v.game.ludii_steps(sim, later, 0)
    assert not again or again[0][1] == sim.action(later).to_json()  # no opening after the first


def test_jimafesosh_last_counter_in_an_empty_hole_takes_the_facing_one_either_row():
    v = rules_variant("sow.jimafesosh")
    # South's 5 (two): 6, 7; North's 7 was empty, and South's 6 facing it holds two: South
    # takes them, from his own row (JF-5).
    before = state_of(v, {5: 2, 6: 1, 10: 3, 2: 1}, sown=["1", "8"])
    after = v.apply(before, {"sow": "5"})
    assert holes(after) == {2: 1, 7: 1, 10: 3}
    assert scores(after)[0] - scores(before)[0] == 2


def test_jimafesosh_the_round_ends_with_one_counter_left():
    v = rules_variant("sow.jimafesosh")
    # South's 1 (one) into his empty 2, taking North's 11 facing it (two): one counter, the
    # last, is left on the board: the round ends, South, who holds hole 2, taking it (JF-6).
    before = state_of(v, {1: 1, 11: 2}, sown=["3", "8"], scores=[22, 23])
    after = v.apply(before, {"sow": "1"})
    data = after.to_json()
    assert data["round"] == 2 and data["rounds"][-1][:2] == [25, 23]


def test_jimafesosh_ludii_run_of_a_round_ended_by_few_seeds_has_no_passes():
    v = rules_variant("sow.jimafesosh")
    before = state_of(v, {1: 1, 11: 2}, sown=["3", "8"], scores=[22, 23], turn=40)
    sim = v.fast(before)
    move = next(m for m in sim.moves() if sim.action(m).to_json() == {"sow": "1"})
    run = v.game.ludii_steps(sim, move, None)
    assert run[0] == (0, {"sow": "1"}, False)
    # Straight on to the refill, North (the player after the mover) first: no forced passes.
    assert run[1][0] == 1 and run[1][1].get("from") == "hand"
    assert {"pass": True} not in [a for _, a, _ in run[1:7]]
