"""Béchi, clause by clause (RULES.md BE-1..BE-9), on boards worked out by hand.

Ring positions, for reading the comments: side 0's holes are (0,0)..(0,n-1) from his left,
side 1's (1,0)..(1,n-1) from his; anticlockwise runs (0,0)->(0,n-1)->(1,0)->(1,n-1)->(0,0),
clockwise the other way.
"""
from __future__ import annotations

import pytest

from games.engine import IllegalAction, InvalidOptions, InvalidState, Outcome, get_variant
from tests.games.bechi_helpers import bechi, check_invariants, new_game, position, rows


def sow(state, hole, direction=None):
    action = {"hole": hole} if direction is None else {"hole": hole, "direction": direction}
    after = bechi.apply(state, action)
    check_invariants(after)
    return after


def last(state):
    return state.to_json()["last_move"]


# -- BE-1: the board ------------------------------------------------------------------------------
class TestBoard:
    def test_it_starts_with_six_in_every_hole_of_two_rows_of_four(self):
        s = new_game()
        data = s.to_json()
        assert data["rows"] == [[6, 6, 6, 6], [6, 6, 6, 6]]
        assert data["options"] == {
            "holes": 4, "round_one": "side0", "origin_counts_as_moved": False, "chain_skips_left_empty": False,
            "shu_house_rule": False, "repetition_limit": 3, "round_repetition_limit": 3,
        }
        assert (data["phase"], data["to_move"], data["round"], data["starter"]) == ("sow", 0, 1, 0)
        assert data["captured"] == [0, 0] and data["aside"] == [0, 0] and data["last_move"] is None

    def test_it_offers_the_three_hole_board(self):
        assert rows(new_game({"holes": 3})) == [[6, 6, 6], [6, 6, 6]]

    def test_it_refuses_other_sizes_and_unknown_options(self):
        with pytest.raises(InvalidOptions, match="holes"):
            new_game({"holes": 5})
        with pytest.raises(InvalidOptions, match="unknown option 'dice'"):
            new_game({"dice": 2})

    def test_it_is_registered_and_has_no_chance(self):
        s = new_game()
        assert get_variant("mancala.bechi") is bechi
        assert bechi.is_chance(s) is False
        with pytest.raises(IllegalAction):
            bechi.draw(s, None)


# -- BE-2 / BE-3 / BE-4: sowing -------------------------------------------------------------------
class TestSowingFourHoles:
    # From the opening, every hole holds 6: one goes back into its hole, five go on.
    def test_hole_0_left_half_sows_clockwise_into_the_opponents_right_end(self):
        s = sow(new_game(), 0)
        # (0,0) keeps 1; then (1,3) (1,2) (1,1) (1,0) and round into (0,3).
        assert rows(s) == [[1, 6, 6, 7], [7, 7, 7, 7]]
        assert last(s)["path"] == [[0, 0], [1, 3], [1, 2], [1, 1], [1, 0], [0, 3]]
        assert last(s)["direction"] == "clockwise"

    def test_hole_1_left_half_sows_clockwise(self):
        s = sow(new_game(), 1)
        # (0,1) keeps 1; (0,0) (1,3) (1,2) (1,1) (1,0).
        assert rows(s) == [[7, 1, 6, 6], [7, 7, 7, 7]]

    def test_hole_2_right_half_sows_anticlockwise(self):
        s = sow(new_game(), 2)
        # (0,2) keeps 1; (0,3) (1,0) (1,1) (1,2) (1,3).
        assert rows(s) == [[6, 6, 1, 7], [7, 7, 7, 7]]
        assert last(s)["direction"] == "anticlockwise"
        assert last(s)["path"] == [[0, 2], [0, 3], [1, 0], [1, 1], [1, 2], [1, 3]]

    def test_hole_3_right_half_sows_anticlockwise_round_into_own_left_end(self):
        s = sow(new_game(), 3)
        # (0,3) keeps 1; (1,0) (1,1) (1,2) (1,3) (0,0).
        assert rows(s) == [[7, 6, 6, 1], [7, 7, 7, 7]]

    def test_side_1_sows_by_his_own_left_and_right(self):
        s = position([[6, 6, 6, 6], [6, 6, 6, 6]], to_move=1)
        # (1,0) keeps 1, then clockwise for him: (0,3) (0,2) (0,1) (0,0) (1,3).
        assert rows(sow(s, 0)) == [[7, 7, 7, 7], [1, 6, 6, 7]]
        # (1,3) keeps 1, then anticlockwise: (0,0) (0,1) (0,2) (0,3) (1,0).
        assert rows(sow(s, 3)) == [[7, 7, 7, 7], [7, 6, 6, 1]]

    def test_the_opening_offers_each_hole_once(self):
        assert [a.to_json() for a in bechi.legal_actions(new_game())] == [{"hole": i} for i in range(4)]

    def test_a_direction_is_refused_where_the_rule_fixes_it(self):
        s = new_game()
        with pytest.raises(IllegalAction, match="hole 0 always sows clockwise"):
            bechi.apply(s, {"hole": 0, "direction": "clockwise"})
        with pytest.raises(IllegalAction, match="hole 3 always sows anticlockwise"):
            bechi.apply(s, {"hole": 3, "direction": "clockwise"})


class TestSowingThreeHoles:
    def test_left_and_right_holes(self):
        s = new_game({"holes": 3})
        # (0,0) keeps 1; clockwise (1,2) (1,1) (1,0) (0,2) (0,1).
        assert rows(sow(s, 0)) == [[1, 7, 7], [7, 7, 7]]
        # (0,2) keeps 1; anticlockwise (1,0) (1,1) (1,2) (0,0) (0,1).
        assert rows(sow(s, 2)) == [[7, 7, 1], [7, 7, 7]]

    def test_the_centre_hole_sows_either_way_as_the_player_chooses(self):
        s = new_game({"holes": 3})
        actions = [a.to_json() for a in bechi.legal_actions(s)]
        assert actions == [
            {"hole": 0},
            {"hole": 1, "direction": "clockwise"},
            {"hole": 1, "direction": "anticlockwise"},
            {"hole": 2},
        ]
        cw = sow(s, 1, "clockwise")
        acw = sow(s, 1, "anticlockwise")
        assert rows(cw) == rows(acw) == [[7, 1, 7], [7, 7, 7]]
        assert last(cw)["path"] == [[0, 1], [0, 0], [1, 2], [1, 1], [1, 0], [0, 2]]
        assert last(acw)["path"] == [[0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [0, 0]]

    def test_the_centre_hole_needs_a_direction(self):
        s = new_game({"holes": 3})
        with pytest.raises(IllegalAction, match="centre hole: choose a direction"):
            bechi.apply(s, {"hole": 1})
        with pytest.raises(IllegalAction, match="direction must be"):
            bechi.apply(s, {"hole": 1, "direction": "left"})

    def test_the_centre_choice_decides_a_capture(self):
        # Side 0 sows 3 from the centre: clockwise the last falls in (1,2), which holds 1 and was
        # sown from: 2, captured; anticlockwise it falls in (1,0), holding 2: 3, no capture.
        s = position([[0, 3, 0], [2, 0, 1]], sown=[(1, 2), (1, 0)])
        cw = sow(s, 1, "clockwise")
        assert last(cw)["path"] == [[0, 1], [0, 0], [1, 2]]
        assert last(cw)["captures"] == [[1, 2, 2]]
        acw = sow(s, 1, "anticlockwise")
        assert last(acw)["captures"] == [] and rows(acw) == [[0, 1, 1], [3, 0, 1]]


class TestTwoCounterMinimum:
    def test_a_single_counter_never_moves(self):
        s = position([[1, 2, 1, 0], [2, 0, 0, 0]])
        assert [a.to_json() for a in bechi.legal_actions(s)] == [{"hole": 1}]
        with pytest.raises(IllegalAction, match="hole 0 holds 1 counter"):
            bechi.apply(s, {"hole": 0})
        with pytest.raises(IllegalAction, match="hole 3 holds 0 counter"):
            bechi.apply(s, {"hole": 3})

    def test_two_counters_move_one_hole_on(self):
        s = position([[1, 2, 1, 0], [2, 0, 0, 0]])
        after = sow(s, 1)  # (0,1) keeps 1, the other goes clockwise into (0,0)
        assert rows(after) == [[2, 1, 1, 0], [2, 0, 0, 0]]

    def test_the_move_ends_with_the_last_counter(self):
        # BE-4: the last counter makes 4 in (1,0), never sown from: it stays, no relay sowing.
        s = position([[0, 0, 0, 2], [3, 2, 0, 0]])
        after = sow(s, 3)
        assert rows(after) == [[0, 0, 0, 1], [4, 2, 0, 0]]
        assert last(after)["captures"] == [] and after.to_move == 1


# -- BE-5: captures -------------------------------------------------------------------------------
class TestCaptures:
    # Side 0 sows (0,3) anticlockwise: keeps 1, then (1,0) and (1,1), where the last falls.
    BEFORE = [[2, 0, 0, 3], [1, 1, 4, 3]]

    def test_a_capture_in_the_opponents_row_with_a_chain_stopped_by_an_odd_hole(self):
        s = position(self.BEFORE, sown=[(1, 1)], captured=[10, 24])
        after = sow(s, 3)
        # (1,1): 1 -> 2, sown from: taken; (1,2) holds 4: taken; (1,3) holds 3: the chain ends,
        # and (0,0) beyond it keeps its 2.  (1,0) got a counter but the last fell further on.
        assert last(after)["captures"] == [[1, 1, 2], [1, 2, 4]]
        assert rows(after) == [[2, 0, 0, 1], [2, 0, 0, 3]]
        assert after.to_json()["captured"] == [16, 24]
        assert after.to_move == 1

    def test_no_capture_from_a_hole_never_sown_from_this_round(self):
        s = position(self.BEFORE, sown=[(1, 2)])
        after = sow(s, 3)
        assert last(after)["captures"] == []
        assert rows(after) == [[2, 0, 0, 1], [2, 2, 4, 3]]

    def test_a_chain_stopped_by_an_empty_hole(self):
        s = position([[2, 0, 0, 3], [1, 1, 4, 0]], sown=[(1, 1)])
        after = sow(s, 3)
        # (1,1) 2 and (1,2) 4 taken; (1,3) is empty: the chain ends before (0,0)'s 2.
        assert last(after)["captures"] == [[1, 1, 2], [1, 2, 4]]
        assert rows(after) == [[2, 0, 0, 1], [2, 0, 0, 0]]

    def test_a_hole_left_empty_ends_the_chain_by_default(self):
        # BE-5 (b): (0,3) keeps 1, then (1,0) 1 -> 2 and the last into (1,1) 1 -> 2, sown from:
        # taken. The immediately following hole (1,2) was left empty: no even group, the chain
        # ends before (1,3)'s 4.
        s = position([[0, 0, 0, 3], [1, 1, 0, 4]], sown=[(1, 1)], closed=[(1, 2)], round=2)
        after = sow(s, 3)
        assert last(after)["captures"] == [[1, 1, 2]]

    def test_with_chain_skips_left_empty_the_chain_passes_over_it_as_sowing_does(self):
        s = position([[0, 0, 0, 3], [1, 1, 0, 4]], sown=[(1, 1)], closed=[(1, 2)], round=2,
                     options={"holes": 4, "chain_skips_left_empty": True})
        after = sow(s, 3)
        assert last(after)["captures"] == [[1, 1, 2], [1, 3, 4]]

    def test_a_capture_in_the_movers_own_row_running_on_into_the_opponents(self):
        # Side 0 sows (0,1) clockwise: keeps 1, the last goes into (0,0): 1 -> 2, sown from.
        # Following clockwise: (1,3) holds 2 (taken, not sown from: the chain needs only an
        # even number), (1,2) holds 6 (taken), (1,1) holds 1: the chain ends. Side 1 is left
        # without a hole of two, so he passes.
        s = position([[1, 2, 0, 3], [0, 1, 6, 2]], sown=[(0, 0)])
        after = sow(s, 1)
        assert last(after)["captures"] == [[0, 0, 2], [1, 3, 2], [1, 2, 6]]
        assert rows(after) == [[0, 1, 0, 3], [0, 1, 0, 0]]
        assert last(after)["pass"] == 1 and after.to_move == 0

    def test_an_odd_count_is_not_taken(self):
        s = position([[0, 0, 0, 2], [2, 0, 0, 0]], sown=[(1, 0)])
        after = sow(s, 3)  # (1,0): 2 -> 3
        assert last(after)["captures"] == [] and rows(after) == [[0, 0, 0, 1], [3, 0, 0, 0]]

    def test_a_sowing_that_comes_round_into_its_own_hole_does_not_count_it_as_sown_before(self):
        # BE-5 (a), origin_counts_as_moved off by default: (0,3) holds 9: keeps 1, eight go
        # round the ring, the last back into (0,3): 2, but no earlier move emptied it.
        s = position([[0, 0, 0, 9], [0, 1, 0, 0]])
        after = sow(s, 3)
        assert last(after)["path"][-1] == [0, 3]
        assert last(after)["captures"] == []
        assert rows(after) == [[1, 1, 1, 2], [1, 2, 1, 1]]

    def test_with_the_option_on_the_starting_hole_counts_as_moved_by_this_move(self):
        # The other reading (Ludii's and MancalaGames'): (0,3) 2 taken; (1,0) holds 1, odd: the
        # chain ends.
        s = position([[0, 0, 0, 9], [0, 1, 0, 0]], options={"holes": 4, "origin_counts_as_moved": True})
        after = sow(s, 3)
        assert last(after)["captures"] == [[0, 3, 2]]
        assert rows(after) == [[1, 1, 1, 0], [1, 2, 1, 1]]

    def test_with_the_option_on_the_three_hole_game_ends_on_the_second_move(self):
        # Why the default is off: every hole of seven comes round into itself, and the chain
        # then takes the whole board, whatever either side plays.
        s = new_game({"holes": 3, "origin_counts_as_moved": True})
        for first in bechi.legal_actions(s):
            after = bechi.apply(s, first)
            for reply in bechi.legal_actions(after):
                assert bechi.outcome(bechi.apply(after, reply)).winner == 1

    def test_but_a_hole_sown_from_earlier_this_round_is_taken_when_the_sowing_comes_round(self):
        s = position([[0, 0, 0, 9], [0, 1, 0, 0]], sown=[(0, 3)])
        after = sow(s, 3)
        # (0,3) 2 taken, then anticlockwise (1,0) holds 1: the chain ends.
        assert last(after)["captures"] == [[0, 3, 2]]
        assert rows(after) == [[1, 1, 1, 0], [1, 2, 1, 1]]


# -- BE-6: passing and the end of a round ---------------------------------------------------------
class TestPassing:
    def test_a_player_who_cannot_move_passes_and_resumes_when_he_can(self):
        s = position([[0, 0, 2, 4], [1, 0, 0, 0]], captured=[20, 21])
        after = sow(s, 2)  # (0,2) keeps 1, one into (0,3): 5
        assert rows(after) == [[0, 0, 1, 5], [1, 0, 0, 0]]
        assert after.to_move == 0 and last(after)["pass"] == 1  # side 1 has no hole of two
        assert bechi.describe(s, {"hole": 2}) == "3↺; side 1 passes"
        again = sow(after, 3)  # (0,3) keeps 1; (1,0) (1,1) (1,2) (1,3)
        assert rows(again) == [[0, 0, 1, 1], [2, 1, 1, 1]]
        assert again.to_move == 1 and last(again)["pass"] is None  # side 1 can move again

    def test_the_round_ends_when_neither_can_move_and_each_takes_his_own_row(self):
        s = position([[0, 0, 0, 2], [0, 1, 0, 1]], captured=[20, 24])
        after = sow(s, 3)  # (0,3) keeps 1; (1,0): 1. Nobody has a hole of two.
        assert last(after)["round_ended"] == {"reason": "no-moves", "taken": [1, 3], "totals": [21, 27], "game_over": False}
        assert last(after)["path"] == [[0, 3], [1, 0]]
        assert after.to_json()["round"] == 2


# -- BE-7: the next round -------------------------------------------------------------------------
class TestNextRound:
    def end_round(self, captured):
        s = position([[0, 0, 0, 2], [0, 1, 0, 1]], captured=captured)
        return sow(s, 3)  # ends the round: side 0 takes 1, side 1 takes 3

    def test_both_refill_six_to_a_hole_and_set_the_surplus_aside(self):
        after = self.end_round([22, 22])  # totals 23 and 25
        data = after.to_json()
        # 23 fills three holes, so side 0 chooses: his counters stay aside meanwhile.
        assert (data["phase"], data["to_move"], data["starter"]) == ("leave_empty", 0, 1)
        assert data["rows"] == [[0, 0, 0, 0], [6, 6, 6, 6]] and data["aside"] == [23, 1]
        assert [a.to_json() for a in bechi.legal_actions(after)] == [{"leave_empty": [i]} for i in range(4)]

    def test_a_full_refill_needs_no_choice(self):
        after = self.end_round([23, 21])  # totals 24 and 24
        data = after.to_json()
        assert (data["phase"], data["to_move"], data["starter"], data["round"]) == ("sow", 1, 1, 2)
        assert data["rows"] == [[6, 6, 6, 6], [6, 6, 6, 6]] and data["aside"] == [0, 0]
        assert data["sown"] == [[False] * 4, [False] * 4] and data["captured"] == [0, 0]

    def test_the_short_player_chooses_the_holes_to_leave_empty_and_keeps_the_rest_aside(self):
        after = self.end_round([12, 32])  # totals 13 and 35: side 0 fills two holes, 1 aside
        assert len(bechi.legal_actions(after)) == 6
        chosen = bechi.apply(after, {"leave_empty": [1, 2]})
        check_invariants(chosen)
        data = chosen.to_json()
        assert data["rows"] == [[6, 0, 0, 6], [6, 6, 6, 6]]
        assert data["closed"] == [[False, True, True, False], [False] * 4]
        assert data["aside"] == [1, 11] and (data["phase"], data["to_move"]) == ("sow", 1)
        assert data["last_move"] == {"kind": "leave_empty", "side": 0, "leave_empty": [1, 2], "pass": None, "round_ended": None}
        assert bechi.describe(after, {"leave_empty": [1, 2]}) == "leave 2,3 empty"

    def test_a_bad_choice_is_refused_with_the_reason(self):
        after = self.end_round([12, 32])
        with pytest.raises(IllegalAction, match="exactly 2 must be left empty"):
            bechi.apply(after, {"leave_empty": [1]})
        with pytest.raises(IllegalAction, match="ascending"):
            bechi.apply(after, {"leave_empty": [2, 1]})
        with pytest.raises(IllegalAction, match="choose which holes to leave empty"):
            bechi.apply(after, {"hole": 0})

    def test_the_sowing_skips_the_holes_left_empty(self):
        s = position([[6, 0, 6, 6], [6, 6, 6, 6]], closed=[(0, 1)], to_move=1, aside=[3, 3], captured=[0, 0])
        after = sow(s, 0)
        # (1,0) keeps 1; clockwise (0,3) (0,2), (0,1) skipped, (0,0) (1,3) (1,2).
        assert last(after)["path"] == [[1, 0], [0, 3], [0, 2], [0, 0], [1, 3], [1, 2]]
        assert rows(after) == [[7, 0, 7, 7], [1, 6, 7, 7]]

    def test_a_hole_left_empty_is_skipped_by_its_owner_too(self):
        s = position([[6, 0, 6, 7], [6, 6, 6, 5]], closed=[(0, 1)], aside=[3, 3], captured=[0, 0])
        after = sow(s, 3)  # (0,3) keeps 1; (1,0)..(1,3), (0,0), (0,1) skipped, (0,2)
        assert last(after)["path"] == [[0, 3], [1, 0], [1, 1], [1, 2], [1, 3], [0, 0], [0, 2]]
        assert rows(after)[0] == [7, 0, 7, 1]


# -- BE-8: alternating starters and the end of the game -------------------------------------------
class TestEndOfGame:
    def test_the_players_take_turns_to_start_the_rounds(self):
        s = position([[0, 0, 0, 2], [0, 1, 0, 1]], captured=[23, 21], round=2, starter=1)
        after = sow(s, 3)
        assert (after.to_json()["round"], after.starter, after.to_move) == (3, 0, 0)

    def test_the_game_ends_when_a_player_cannot_fill_one_hole(self):
        s = position([[0, 0, 0, 2], [0, 1, 0, 1]], captured=[2, 42])
        after = sow(s, 3)  # side 0 ends with 2 + 1 = 3 counters
        data = after.to_json()
        assert data["phase"] == "over" and data["to_move"] is None
        assert data["last_move"]["round_ended"] == {"reason": "no-moves", "taken": [1, 3], "totals": [3, 45], "game_over": True}
        assert bechi.outcome(after) == Outcome(winner=1, points=1, how="houses-burnt", score=(3, 45))
        assert bechi.legal_actions(after) == []
        with pytest.raises(IllegalAction, match="the game is over"):
            bechi.apply(after, {"hole": 0})

    def test_six_counters_still_fill_one_hole(self):
        s = position([[0, 0, 0, 2], [0, 1, 0, 1]], captured=[5, 39])
        after = sow(s, 3)  # side 0: 5 + 1 = 6
        assert after.phase == "leave_empty" and after.to_move == 0
        assert [a.to_json() for a in bechi.legal_actions(after)][0] == {"leave_empty": [0, 1, 2]}

    # Not in the source (round_repetition_limit): the third time a round would start with the
    # same counters each side and the same starter, the game is over. The round below ends
    # 21-27 with side 0 due to start round 6, as rounds 2 and 4 did.
    ROUNDS = [[24, 24, 0], [21, 27, 0], [30, 18, 1], [21, 27, 0], [24, 24, 1]]

    def test_a_game_whose_rounds_start_alike_for_the_third_time_ends(self):
        s = position([[0, 0, 0, 2], [0, 1, 0, 1]], captured=[20, 24], round=5, starter=1, rounds=self.ROUNDS)
        after = sow(s, 3)
        assert last(after)["round_ended"] == {"reason": "no-moves", "taken": [1, 3], "totals": [21, 27], "game_over": True}
        assert after.to_json()["rounds"][-1] == [21, 27, 0]
        assert bechi.outcome(after) == Outcome(winner=1, points=1, how="rounds-repeated", score=(21, 27))

    def test_with_equal_counters_it_is_a_draw(self):
        rounds = [[24, 24, 0], [30, 18, 1], [24, 24, 0], [30, 18, 1]]
        s = position([[0, 0, 0, 2], [0, 1, 0, 1]], captured=[23, 21], round=4, starter=1, rounds=rounds)
        after = sow(s, 3)
        assert bechi.outcome(after) == Outcome(winner=None, points=0, how="draw", score=(24, 24))
        assert bechi.outcome(bechi.state_from_json(after.to_json())).winner is None

    def test_twice_is_not_enough(self):
        s = position([[0, 0, 0, 2], [0, 1, 0, 1]], captured=[20, 24], round=5, starter=1, rounds=self.ROUNDS[:3])
        assert sow(s, 3).phase == "leave_empty"

    def test_the_finished_game_reads_back(self):
        s = position([[0, 0, 0, 2], [0, 1, 0, 1]], captured=[20, 24], round=5, starter=1, rounds=self.ROUNDS)
        after = sow(s, 3)
        assert bechi.state_from_json(after.to_json()) == after


# -- The repetition rule (not in the source) -------------------------------------------------------
class TestRepetition:
    def test_the_third_occurrence_of_a_position_ends_the_round(self):
        # After side 0 sows (0,3) the position is [[0,0,0,1],[3,1,0,0]] with side 1 to move;
        # the history says it has occurred twice already this round.
        seen = [1, [0, 0, 0, 1], [3, 1, 0, 0]]
        s = position([[0, 0, 0, 2], [2, 1, 0, 0]], sown=[(0, 3)], captured=[20, 23],
                     history=[seen, [0, [0, 0, 0, 2], [2, 1, 0, 0]], seen, [0, [0, 0, 0, 2], [2, 1, 0, 0]]])
        after = sow(s, 3)
        assert last(after)["round_ended"] == {"reason": "repetition", "taken": [1, 4], "totals": [21, 27], "game_over": False}

    def test_twice_is_not_enough(self):
        s = position([[0, 0, 0, 2], [2, 1, 0, 0]], sown=[(0, 3)], captured=[20, 23],
                     history=[[1, [0, 0, 0, 1], [3, 1, 0, 0]], [0, [0, 0, 0, 2], [2, 1, 0, 0]]])
        after = sow(s, 3)
        assert last(after)["round_ended"] is None
        assert after.to_json()["history"][-1] == [1, [0, 0, 0, 1], [3, 1, 0, 0]]

    def test_the_limit_is_an_option(self):
        s = position([[0, 0, 0, 2], [2, 1, 0, 0]], sown=[(0, 3)], captured=[20, 23],
                     history=[[1, [0, 0, 0, 1], [3, 1, 0, 0]], [0, [0, 0, 0, 2], [2, 1, 0, 0]]],
                     options={"holes": 4, "repetition_limit": 2})
        assert last(sow(s, 3))["round_ended"]["reason"] == "repetition"

    def test_a_capture_clears_the_history(self):
        s = TestCaptures.BEFORE
        after = sow(position(s, sown=[(1, 1)]), 3)
        assert len(after.history) == 1


# -- BE-7 option: the shu trick --------------------------------------------------------------------
class TestShuTrick:
    OPTIONS = {"holes": 4, "shu_house_rule": True}

    def test_off_by_default_the_opponent_skips_a_hole_left_empty(self):
        s = position([[6, 0, 6, 6], [6, 6, 6, 6]], closed=[(0, 1)], to_move=1, aside=[3, 3], captured=[0, 0])
        assert last(sow(s, 0))["forfeits"] == []

    def test_on_the_opponent_drops_into_the_shu_hole_and_forfeits_the_counter(self):
        s = position([[6, 0, 6, 6], [6, 6, 6, 6]], closed=[(0, 1)], to_move=1, aside=[3, 3], captured=[0, 0],
                     options=self.OPTIONS)
        after = sow(s, 0)
        # (1,0) keeps 1; (0,3) (0,2) (0,1)=shu: side 0 takes it; (0,0) (1,3).
        assert last(after)["path"] == [[1, 0], [0, 3], [0, 2], [0, 1], [0, 0], [1, 3]]
        assert last(after)["forfeits"] == [[0, 1, 1]]
        assert rows(after) == [[7, 0, 7, 7], [1, 6, 6, 7]]
        assert after.to_json()["captured"] == [1, 0]
        assert bechi.describe(s, {"hole": 0}) == "1↻ shu 1"

    def test_the_owner_still_skips_his_own_shu_hole(self):
        s = position([[6, 0, 6, 7], [6, 6, 6, 5]], closed=[(0, 1)], aside=[3, 3], captured=[0, 0],
                     options=self.OPTIONS)
        after = sow(s, 3)
        assert [0, 1] not in last(after)["path"] and last(after)["forfeits"] == []

    def test_a_last_counter_forfeited_captures_nothing(self):
        # (1,0) keeps 1; (0,3) 1 -> 2, (0,2) 3 -> 4, and the last into the shu hole (0,1): it is
        # side 0's at once, and (0,2), though sown from and even, is not the last hole.
        s = position([[2, 0, 3, 1], [4, 0, 0, 0]], closed=[(0, 1)], to_move=1, sown=[(0, 2)], captured=[20, 18],
                     options=self.OPTIONS)
        after = sow(s, 0)
        assert last(after)["path"][-1] == [0, 1]
        assert last(after)["captures"] == [] and last(after)["forfeits"] == [[0, 1, 1]]
        assert rows(after) == [[2, 0, 4, 2], [1, 0, 0, 0]]

    def test_a_chain_stops_at_a_shu_hole(self):
        # (1,0) keeps 1; (0,3), last into (0,2): 3 -> 4, sown: taken; next clockwise is the
        # shu hole (0,1), empty: the chain ends before (0,0)'s 2.
        s = position([[2, 0, 3, 1], [3, 0, 0, 0]], closed=[(0, 1)], to_move=1, sown=[(0, 2)], captured=[20, 19],
                     options=self.OPTIONS)
        after = sow(s, 0)
        assert last(after)["captures"] == [[0, 2, 4]]
        assert rows(after) == [[2, 0, 0, 2], [1, 0, 0, 0]]


# -- Notation --------------------------------------------------------------------------------------
class TestDescribe:
    def test_it_names_hole_direction_captures_and_round_end(self):
        assert bechi.describe(new_game(), {"hole": 0}) == "1↻"
        assert bechi.describe(new_game({"holes": 3}), {"hole": 1, "direction": "anticlockwise"}) == "2↺"
        s = position(TestCaptures.BEFORE, sown=[(1, 1)])
        assert bechi.describe(s, {"hole": 3}) == "4↺ ×2+4"
        end = position([[0, 0, 0, 2], [0, 1, 0, 1]], captured=[20, 24])
        assert bechi.describe(end, {"hole": 3}) == "4↺; round over 21-27"

    def test_it_refuses_an_illegal_action(self):
        with pytest.raises(IllegalAction):
            bechi.describe(new_game(), {"hole": 9})


# -- Reading states ---------------------------------------------------------------------------------
class TestStateFromJson:
    def test_a_hand_written_position_gets_sensible_defaults(self):
        s = bechi.state_from_json({"rows": [[6, 6, 6], [6, 6, 6]]})
        data = s.to_json()
        assert data["options"]["holes"] == 3 and data["phase"] == "sow" and data["to_move"] == 0
        assert data["history"] == [[0, [6, 6, 6], [6, 6, 6]]] and data["last_move"] is None

    def test_it_round_trips_a_played_state(self):
        s = new_game()
        for hole in (0, 2, 3):
            s = bechi.apply(s, bechi.legal_actions(s)[min(hole, len(bechi.legal_actions(s)) - 1)])
        assert bechi.state_from_json(s.to_json()) == s
        assert bechi.state_from_json(s.to_json()).to_json() == s.to_json()

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            ({"rows": [[6, 6, 6, 6], [6, 6, 6, 5]]}, "rows: .*47 counters, not 48"),
            ({"rows": [[6, 6, 6], [6, 6, 7]]}, "37 counters, not 36"),
            ({"rows": [[7, 6, 6, 6], [6, 6, 6, -1]]}, r"rows\[1\]\[3\] is negative"),
            ({"rows": [[6, 6, 6, 6], [6, 6, 6]]}, r"rows\[1\] must have 4 entries"),
            ({"rows": [[6, 6, 6, 6]]}, "rows must have 2 entries"),
            ({"rows": [[6, 6, 6, 6], [6, 6, 6, "6"]]}, r"rows\[1\]\[3\] must be a whole number"),
            ({}, "rows: missing"),
            ({"rows": [[6] * 4, [6] * 4], "captured": [-1, 1]}, "captured.0. is negative"),
            ({"rows": [[6] * 4, [6] * 4], "to_move": 2}, "to_move must be 0 or 1"),
            ({"rows": [[6] * 4, [6] * 4], "phase": "dance"}, "phase must be"),
            ({"rows": [[6] * 4, [6] * 4], "variant": "tables.backgammon"}, "variant"),
            ({"rows": [[6] * 4, [6] * 4], "options": {"holes": 3}}, r"rows\[0\] must have 3 entries"),
            ({"rows": [[6] * 4, [6] * 4], "options": {"shu": True}}, "options: unknown option"),
            ({"rows": [[6] * 4, [6] * 4], "dice": [1]}, "dice: not a field"),
            ({"rows": [[6, 6, 0, 6], [6, 6, 6, 6]], "aside": [6, 0], "closed": [[False, False, True, True], [False] * 4]},
             r"closed\[0\]\[3\]: a hole left empty holds 6"),
            ({"rows": [[6] * 4, [6] * 4], "sown": [[True, False, False, False], [False] * 4], "closed": [[True, False, False, False], [False] * 4]},
             r"closed\[0\]\[0\]: a hole left empty holds 6"),
            ({"rows": [[0, 0, 0, 1], [1, 0, 0, 0]], "captured": [23, 23]}, "neither side can move"),
            ({"rows": [[0, 0, 0, 1], [2, 0, 0, 0]], "captured": [22, 23]}, "to_move: side 0 cannot move"),
            ({"rows": [[0] * 4, [0] * 4], "captured": [24, 24], "phase": "over", "to_move": None}, "not over"),
            ({"rows": [[6] * 4, [6] * 4], "sown": [[1, 0, 0, 0], [0] * 4]}, r"sown\[0\]\[0\] must be true or false"),
            ("{not json", "not valid JSON"),
            ([1, 2], "must be a JSON object"),
            # an outside audit: a round start repeated past the limit, or more starts than rounds
            ({"rows": [[6] * 4, [6] * 4], "round": 1, "rounds": [[24, 24, 0]] * 10}, "10 round starts, but this is round 1"),
            ({"rows": [[6] * 4, [6] * 4], "round": 9, "rounds": [[24, 24, 0]] * 3}, "started alike 3 times, so the game is over"),
        ],
    )
    def test_it_refuses_impossible_or_malformed_states_naming_the_field(self, data, message):
        with pytest.raises(InvalidState, match=message):
            bechi.state_from_json(data)


# -- Perft: the number of action sequences from the opening ---------------------------------------
@pytest.mark.parametrize(("holes", "counts"), [(4, [4, 16, 64, 240, 904]), (3, [4, 16, 64, 250, 784])])
def test_perft_from_the_opening(holes, counts):
    # Depth 1 and 2 by hand: four sowings for side 0 (the centre hole of three counts twice),
    # then every hole of side 1 holds 7. Deeper figures are regression values of this engine.
    def perft(state, depth):
        if depth == 0 or bechi.outcome(state) is not None:
            return 1
        return sum(perft(bechi.apply(state, a), depth - 1) for a in bechi.legal_actions(state))

    start = new_game({"holes": holes})
    assert [perft(start, d) for d in range(1, 6)] == counts


@pytest.mark.parametrize("action", [{"leave_empty": 3}, {"leave_empty": "1"}, {"leave_empty": [True]}, {"hole": True}])
def test_a_malformed_action_is_refused_as_illegal_not_crashed_on(action):
    # {"leave_empty": 3} once raised TypeError (a 500 in the API) while checking for booleans.
    with pytest.raises(IllegalAction):
        bechi.apply(new_game(), action)


# -- issue 12: who starts round one, impossible states, hostile input ----------------------------
class TestRoundOneByLot:
    def test_the_lot_is_a_chance_action_drawn_fairly_and_logged_in_the_state(self):
        import random

        s = bechi.new_game()
        assert s.phase == "lot" and bechi.is_chance(s) and bechi.to_move(s) is None and bechi.outcome(s) is None
        firsts = [bechi.draw(s, random.Random(seed))["first"] for seed in range(200)]
        assert 70 < firsts.count(1) < 130
        after = bechi.apply(s, {"first": 1})
        data = after.to_json()
        assert data["to_move"] == 1 and data["starter"] == 1 and data["rounds"] == [[24, 24, 1]]
        assert data["last_move"] == {"kind": "lot", "side": 1}
        assert bechi.describe(s, {"first": 1}) == "side 1 starts (by lot)"
        assert bechi.state_from_json(data) == after and bechi.state_from_json(s.to_json()) == s

    def test_an_option_fixes_it(self):
        assert bechi.to_move(bechi.new_game({"round_one": "side1"})) == 1
        with pytest.raises(InvalidState, match="starter: with round_one 'side0' side 0 starts round 1"):
            position([[6] * 4, [6] * 4], to_move=1, starter=1, options={"holes": 4, "round_one": "side0"})

    def test_a_lot_state_must_be_the_opening(self):
        data = bechi.new_game().to_json()
        with pytest.raises(InvalidState, match="to_move: must be null before the lot"):
            bechi.state_from_json({**data, "to_move": 0})
        with pytest.raises(InvalidState, match="phase: no lot is drawn with round_one 'side0'"):
            bechi.state_from_json({**data, "options": {**data["options"], "round_one": "side0"}})
        with pytest.raises(IllegalAction, match="the lot for round one is due"):
            bechi.apply(bechi.new_game(), {"hole": 0})

    def test_a_match_saved_with_the_old_option_name_still_reads(self):
        data = new_game().to_json()
        old = {k: v for k, v in data["options"].items() if k != "shu_house_rule"} | {"shu_trick": True}
        assert bechi.state_from_json({**data, "options": old}).rules.shu is True


class TestImpossibleStates:
    def test_two_holes_left_empty_with_enough_aside_to_fill_them(self):
        with pytest.raises(InvalidState, match=r"aside\[1\]: side 1 has 12 counters aside"):
            position([[6, 6, 6, 6], [6, 6, 0, 0]], closed=[(1, 2), (1, 3)], aside=[0, 12], captured=[0, 0], round=2)

    @pytest.mark.parametrize("direction", [["clockwise"], {"a": 1}, 3, None])
    def test_a_direction_that_is_not_a_name(self, direction):
        data = sow(new_game(), 0).to_json()
        data["last_move"]["direction"] = direction
        with pytest.raises(InvalidState, match="last_move.direction"):
            bechi.state_from_json(data)

    @pytest.mark.parametrize("action", [{"leave_empty": 1}, {"leave_empty": None}, {"leave_empty": [[0]]}])
    def test_a_malformed_choice_of_holes_is_refused(self, action):
        s = bechi.apply(position([[0, 0, 0, 2], [0, 1, 0, 1]], captured=[12, 32]), {"hole": 3})
        assert s.phase == "leave_empty"
        with pytest.raises(IllegalAction):
            bechi.apply(s, action)
