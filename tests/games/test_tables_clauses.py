"""One scenario per clause of RULES.md (tables games), for every option value.

Positions are written in each side's own numbering; see ``test_tables_helpers.position``.
"""
from __future__ import annotations

import pytest

from games.engine import IllegalAction, get_variant
from games.engine.tables.moves import START, START_HEAD
from tests.games.test_tables_helpers import play, position, results, steps

SB, TN, SS, GB, BG = "tables.shesh-besh", "tables.takhte-nard", "tables.ses-bes", "tables.gul-bara", "tables.backgammon"


def finish(key, me, them, roll, moves, **kw):
    """Roll ``roll`` for side 0 in a hand-made position, play ``moves``; the state after."""
    v, s = position(key, me, them, **kw)
    s = v.apply(s, {"roll": list(roll)})
    return v, play(v, s, *moves)


# --- Shesh Besh ------------------------------------------------------------------------------


def test_sb1_setup_is_backgammons_and_the_sides_move_opposite_ways() -> None:
    v = get_variant(SB)
    s = v.new_game()
    assert s.checkers == (START, START)
    j = s.to_json()
    assert j["geometry"] == "opposite" and j["pips"] == [167, 167] and j["position_id"] == "4HPwATDgc/ABMA"


@pytest.mark.parametrize("key", [SB, SS, GB])
def test_sb2_ss2_gb2_higher_opening_die_starts_and_throws_both_dice_anew(key: str) -> None:
    v = get_variant(key)
    s = v.new_game()
    assert len(v.legal_actions(s)) == 36 and v.is_chance(s)
    tie = v.apply(s, {"opening": [3, 3]})
    assert tie.phase == "opening" and tie.to_json()["opening"] == [3, 3]  # ties throw again
    s0 = v.apply(tie, {"opening": [5, 2]})
    assert (s0.phase, s0.to_move, s0.dice) == ("roll", 0, ())
    s1 = v.apply(s, {"opening": [2, 5]})
    assert (s1.phase, s1.to_move) == ("roll", 1)


def test_sb3_both_dice_must_be_played_so_a_step_that_strands_one_is_illegal() -> None:
    # bar/24 would leave the 6 unplayable (24/18 closed, no bearing off); bar/19 then 6/5 plays both
    v, s = position(SB, {25: 1, 6: 14}, {7: 2}, [6, 1])
    assert steps(v, s) == {(25, 19)}
    with pytest.raises(IllegalAction):
        v.apply(s, {"from": 25, "to": 24})
    assert results(v, s) == {"bar/19 6/5"}


def test_sb3_when_only_one_die_can_be_played_the_larger_must_be() -> None:
    v, s = position(SB, {20: 1, 1: 14}, {16: 2}, [6, 5])  # 20/14/9 and 20/15/9 both closed at 9
    assert s.dice == (6,)
    assert results(v, s) == {"20/14"}


def test_sb3_doubles_play_four_times_or_as_many_as_possible() -> None:
    v, s = position(SB, {24: 2, 13: 2, 1: 11}, {20: 1}, [4, 4, 4, 4])
    assert len(s.dice) == 4
    v, s = position(SB, {24: 2, 1: 13}, {9: 2}, [4, 4, 4, 4])  # my 16 is closed
    assert s.dice == (4, 4) and results(v, s) == {"24/20(2)"}


def test_sb4_a_blot_is_hit_and_two_checkers_close_a_point() -> None:
    v, s = position(SB, {13: 2, 6: 13}, {15: 1, 24: 14}, [3, 1])  # their 15 is my 10
    s2 = v.apply(s, {"from": 13, "to": 10})
    assert s2.checkers[1][25] == 1 and s2.played[-1] == (13, 10, True)
    assert v.describe(s, {"from": 13, "to": 10}) == "13/10*"
    assert (13, 12) in steps(v, s) and (6, 5) in steps(v, s)
    v, s = position(SB, {13: 2, 6: 13}, {15: 2, 24: 13}, [3, 1])
    assert (13, 10) not in steps(v, s)


def test_sb5_checkers_on_the_bar_enter_first_and_a_partial_entry_loses_the_rest() -> None:
    v, s = position(SB, {25: 1, 13: 14}, {24: 15}, [4, 2])
    assert {p for p, _ in steps(v, s)} == {25}
    # two on the bar, only the 19-point open in their home: one enters, the turn is over
    them = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 0}
    v, s = position(SB, {25: 2, 13: 13}, {**them, 24: 5}, [6, 5])
    assert steps(v, s) == {(25, 19)} and s.dice == (6,)
    s = v.apply(s, {"from": 25, "to": 19})
    assert (s.phase, s.to_move, s.checkers[0][25]) == ("roll", 1, 1)


def test_sb6_bearing_off_exact_then_higher_must_move_then_highest_bears_off() -> None:
    v, s = position(SB, {6: 1, 4: 2}, {13: 15}, [5, 2])
    assert (6, 1) in steps(v, s) and (4, 0) not in steps(v, s)  # a 5 with nothing on 5: the 6 moves
    v, s = position(SB, {5: 1, 3: 1}, {13: 15}, [5, 2])
    assert (5, 0) in steps(v, s)  # exact
    v, s = position(SB, {4: 1, 3: 1}, {13: 15}, [6, 5])
    acts = [a.to_json() for a in v.legal_actions(s)]
    # both dice bear off the 4 (the highest); the turn differs, so each is listed with its die
    assert acts == [{"die": 5, "from": 4, "to": 0}, {"die": 6, "from": 4, "to": 0}]
    s2 = v.apply(s, {"from": 4, "to": 0})  # without "die": the smallest that makes it
    assert s2.dice == (6,)
    assert v.apply(s, {"from": 4, "to": 0, "die": 6}).dice == (5,)


@pytest.mark.parametrize(
    ("them", "how", "points"),
    [({13: 1}, "single", 1), ({13: 15}, "mars", 2), ({25: 1, 20: 14}, "turkish-mars", 3), ({19: 15}, "mars", 2)],
)
def test_sb7_scoring_single_mars_and_turkish_mars_only_with_a_checker_on_the_bar(them, how, points) -> None:
    v, s = finish(SB, {1: 1}, them, (2, 1), [(1, 0)], options={"match_to": 1})
    o = v.outcome(s)
    assert (o.winner, o.how, o.points, o.score) == (0, how, points, (points, 0))
    assert s.cube is None and "cube" not in [a for a in v.legal_actions(v.new_game())]


@pytest.mark.parametrize("match_to", [1, 5])
def test_sb8_a_match_is_played_to_n_points(match_to: int) -> None:
    v, s = finish(SB, {1: 1}, {13: 1}, (2, 1), [(1, 0)], options={"match_to": match_to})
    j = s.to_json()
    assert j["last_game"] == {"winner": 0, "points": 1, "how": "single"} and j["score"] == [1, 0]
    if match_to == 1:
        assert v.outcome(s) is not None and j["phase"] == "over"
    else:
        assert v.outcome(s) is None and j["phase"] == "opening" and j["game"] == 2
        assert s.checkers == (START, START)
    assert get_variant(SB).validate_options({})["match_to"] == 5


# --- Takhte Nard -----------------------------------------------------------------------------


def test_tn1_setup_5_3_5_2() -> None:
    s = get_variant(TN).new_game()
    assert s.checkers == (START, START) and s.to_json()["geometry"] == "opposite"


@pytest.mark.parametrize(("opening", "starter"), [("high", 0), ("low", 1)])
def test_tn2_the_starter_plays_the_two_opening_dice(opening: str, starter: int) -> None:
    v = get_variant(TN)
    s = v.new_game({"opening": opening})
    assert v.apply(s, {"opening": [4, 4]}).phase == "opening"
    s = v.apply(s, {"opening": [5, 2]})
    assert (s.phase, s.to_move, s.dice, s.roll) == ("move", starter, (5, 2), (5, 2))
    assert results(v, s) >= {"13/11 13/8", "24/22 13/8"}


def test_tn3_hitting_and_entering_as_in_shesh_besh() -> None:
    v, s = finish(TN, {13: 15}, {24: 14, 15: 1}, (3, 1), [(13, 10)])
    assert s.checkers[1][25] == 1
    s = play(v, s, (13, 12))
    s = v.apply(s, {"double": False}) if s.phase == "cube" else s
    s = v.apply(s, {"roll": [6, 1]})
    assert {p for p, _ in steps(v, s)} == {25}


@pytest.mark.parametrize("restrict", [True, False])
def test_tn4_a_home_hitter_may_not_go_on_to_its_own_checkers(restrict: bool) -> None:
    opts = {"home_hit_restriction": restrict}
    # 8/4* then on to the 2-point where my own checkers stand
    v, s = position(TN, {8: 1, 2: 2, 13: 12}, {21: 1, 24: 14}, [4, 2], options=opts)
    assert ("8/4*/2" in results(v, s)) is not restrict
    s2 = v.apply(s, {"from": 8, "to": 4})
    assert ((4, 2) in steps(v, s2)) is not restrict
    assert s2.to_json()["hit_in_home"] == ([4] if restrict else [])
    # going on to an empty point, or hitting again, is always allowed
    v, s = position(TN, {8: 1, 13: 14}, {21: 1, 24: 14}, [4, 1], options=opts)
    assert "8/4*/3" in results(v, s)
    v, s = position(TN, {8: 1, 13: 14}, {21: 1, 23: 1, 24: 13}, [4, 2], options=opts)
    assert "8/4*/2*" in results(v, s)
    # a hit outside the home quarter is not restricted
    v, s = position(TN, {14: 1, 8: 2, 13: 12}, {15: 1, 24: 14}, [4, 2], options=opts)
    assert "14/10*/8" in results(v, s)


@pytest.mark.parametrize("fallback", [False, True])
def test_tn5_bear_off_fallback_option(fallback: bool) -> None:
    # a 3: nothing on the 3-point, the 5 cannot move 3 (their 23 closes my 2); a checker on 1
    v, s = position(TN, {5: 1, 1: 1}, {23: 2, 13: 13}, options={"bearoff_fallback": fallback, "cube": False})
    s = v.apply(s, {"roll": [3, 3]})
    if fallback:
        assert (s.phase, s.to_move) == ("move", 0) and steps(v, s) == {(1, 0)}
    else:
        assert (s.phase, s.to_move, s.to_json()["passed"]) == ("roll", 1, True)


@pytest.mark.parametrize(
    ("them", "how", "points"),
    # TN-6: a piece on the bar alone is a mars: the source names only the home quarter
    # (option black_mars_bar, tested in test_tables_readings)
    [({13: 1}, "single", 1), ({12: 15}, "mars", 2), ({19: 1, 12: 14}, "black-mars", 3), ({25: 1, 12: 14}, "mars", 2)],
)
def test_tn6_scoring_mars_and_black_mars(them, how, points) -> None:
    v, s = finish(TN, {1: 1}, them, (2, 1), [(1, 0)], options={"match_to": 1, "cube": False})
    o = v.outcome(s)
    assert (o.how, o.points) == (how, points)


def test_tn7_cube_offer_take_ownership_and_the_stake() -> None:
    v = get_variant(TN)
    s = v.apply(v.new_game(), {"opening": [3, 1]})
    s = play(v, s, (8, 5), (6, 5))
    assert (s.phase, s.to_move) == ("cube", 1)
    assert set(map(lambda a: tuple(a.to_json().items()), v.legal_actions(s))) == {(("double", True),), (("double", False),)}
    s = v.apply(s, {"double": True})
    assert (s.phase, s.to_move) == ("take", 0)
    s = v.apply(s, {"take": True})
    assert (s.phase, s.to_move, s.cube) == ("roll", 1, (2, 0)) and s.to_json()["cube"] == {"value": 2, "owner": 0}
    s = v.apply(s, {"roll": [2, 1]})
    s = play(v, s, *[(a["from"], a["to"]) for a in [v.legal_actions(s)[0]]])
    while s.phase == "move":
        s = v.apply(s, v.legal_actions(s)[0])
    assert (s.phase, s.to_move) == ("cube", 0)  # the owner alone may redouble
    s = v.apply(s, {"double": False})
    assert s.phase == "roll"


def test_tn7_a_drop_loses_the_current_stake_and_the_cube_stops_at_64() -> None:
    v, s = position(TN, {13: 15}, {13: 15}, phase="cube", cube={"value": 4, "owner": 0}, options={"match_to": 5})
    s = v.apply(s, {"double": True})
    s = v.apply(s, {"drop": True})
    assert s.last_game == (0, 4, "drop") and s.score == (4, 0) and s.phase == "opening"
    v, s = position(TN, {13: 15}, {13: 15}, phase="roll", cube={"value": 64, "owner": 1}, side=1)
    s = v.apply(s, {"roll": [6, 5]})
    while s.phase == "move":
        s = v.apply(s, v.legal_actions(s)[0])
    s = v.apply(s, {"roll": [6, 5]})  # side 0 may not double: side 1 owns the cube
    while s.phase == "move":
        s = v.apply(s, v.legal_actions(s)[0])
    assert s.phase == "roll" and s.to_move == 1  # at 64 the owner may not double either


def test_tn7_points_are_multiplied_by_the_cube_and_the_option_turns_it_off() -> None:
    v, s = finish(TN, {1: 1}, {12: 15}, (2, 1), [(1, 0)], options={"match_to": 25}, cube={"value": 4, "owner": 0})
    assert s.last_game == (0, 8, "mars")
    v = get_variant(TN)
    s = v.new_game({"cube": False})
    assert s.cube is None and s.to_json()["cube"] is None
    s = v.apply(s, {"opening": [3, 1]})
    s = play(v, s, (8, 5), (6, 5))
    assert s.phase == "roll"


def test_tn8_match_to_default_5() -> None:
    assert get_variant(TN).validate_options({})["match_to"] == 5


# --- Şeş-Beş ---------------------------------------------------------------------------------


def test_ss1_all_fifteen_on_the_head_and_the_heads_diagonally_opposite() -> None:
    v = get_variant(SS)
    s = v.new_game()
    assert s.checkers == (START_HEAD, START_HEAD) and s.to_json()["geometry"] == "parallel"
    s = v.apply(s, {"opening": [6, 1]})
    s = v.apply(s, {"roll": [6, 6]})
    assert results(v, s) == {"24/18(2)"}  # 18/12 is the opponent's head


def test_ss3_doubles_are_played_four_times() -> None:
    v, s = position(SS, {24: 13, 20: 1, 16: 1}, {24: 15}, [2, 2, 2, 2])
    assert len(s.dice) == 4


def test_ss4_no_hitting_one_checker_closes_a_point() -> None:
    v, s = position(SS, {24: 14, 20: 1}, {6: 1, 24: 14}, [3, 1])  # their 6 is my 18
    assert (24, 18) not in {(p, t) for p, t in steps(v, s)} and "24/18" not in results(v, s)
    v, s = position(SS, {24: 14, 20: 1}, {6: 1, 24: 14}, [6, 5])
    assert (24, 18) not in steps(v, s)


def test_ss5_one_checker_from_the_head_per_turn() -> None:
    v, s = position(SS, {24: 14, 18: 1}, {24: 15}, [3, 2])
    assert "24/22 24/21" not in results(v, s) and "24/19" in results(v, s)
    s = v.apply(s, {"from": 24, "to": 21})
    assert (24, 22) not in steps(v, s) and s.to_json()["head_left"] == 0


@pytest.mark.parametrize(
    ("roll", "plays"),
    [((6, 6), {"24/18(2)"}), ((4, 4), {"24/16(2)"}), ((3, 3), {"24/15"}), ((2, 1), {"24/21"})],
)
def test_ss5_the_first_throw_lets_6_6_or_4_4_take_two_from_the_head(roll, plays) -> None:
    v = get_variant(SS)
    s = v.apply(v.new_game(), {"opening": [5, 1]})
    s = v.apply(s, {"roll": list(roll)})
    assert results(v, s) == plays


def test_ss5_after_the_first_throw_6_6_takes_one_from_the_head() -> None:
    v, s = position(SS, {24: 14, 22: 1}, {24: 15}, [6, 6, 6, 6])
    assert results(v, s) == {"24/18 22/4"}  # 18/12 is closed by their head


@pytest.mark.parametrize("passed", [False, True])
def test_ss6_no_step_may_complete_a_six_block_nobody_has_passed(passed: bool) -> None:
    me = {24: 11, 23: 1, 22: 1, 21: 1, 20: 1}
    # my 19..24 are their 7..12; a checker of theirs on their 3 is past the block
    them = {24: 14, 3: 1} if passed else {24: 15}
    v, s = position(SS, me, them, [5, 2])
    assert ((24, 19) in steps(v, s)) is passed
    # checked after every step: 20/18 first, then 24/19 makes no block of six
    s2 = v.apply(s, {"from": 20, "to": 18})
    assert (24, 19) in steps(v, s2)
    assert "24/19 20/18" in results(v, s)


def test_ss6_the_block_is_counted_along_the_opponents_route() -> None:
    # my 1..5 and 24 are their 13..17 and 12: six in a row in front of their head
    v, s = position(SS, {24: 10, 1: 1, 2: 1, 3: 1, 4: 1, 7: 1}, {24: 15}, [2, 1])
    assert (7, 5) not in steps(v, s)


@pytest.mark.parametrize("jump", [True, False])
def test_ss7_6_5_jumps_from_the_head_to_the_13_point(jump: bool) -> None:
    # their 6 and 7 are my 18 and 19: both intermediate points closed
    v = get_variant(SS)
    opts = {"ses_bes_jump": jump}
    _, s = position(SS, {24: 15}, {6: 1, 7: 1, 24: 13}, options=opts)
    s = v.apply(s, {"roll": [6, 5]})
    if jump:
        assert [a.to_json() for a in v.legal_actions(s)] == [{"from": 24, "to": 13}]
        assert results(v, s) == {"24/13"}
        s = v.apply(s, {"from": 24, "to": 13})
        assert s.checkers[0][13] == 1 and s.to_move == 1 and s.to_json()["last_turn"]["play"] == "24/13"
    else:
        assert s.to_move == 1 and s.to_json()["passed"]
    # the jump is the turn's one checker from the head, and needs the 13-point open
    _, s = position(SS, {24: 15}, {1: 1, 24: 14}, options=opts)  # their 1 is my 13
    s = v.apply(s, {"roll": [6, 5]})
    assert steps(v, s) == {(24, 18)} and results(v, s) == {"24/18"}  # 18/13 and 19/13 closed too


def test_ss8_gb6_bearing_off_as_sb6() -> None:
    for key in (SS, GB):
        v, s = position(key, {2: 1, 1: 1}, {24: 15}, [6, 5])
        assert results(v, s) == {"2/off 1/off"}
        v, s = position(key, {6: 1, 4: 2}, {24: 15}, [5, 2])
        assert (6, 1) in steps(v, s) and (4, 0) not in steps(v, s)


@pytest.mark.parametrize("key", [SS, GB])
@pytest.mark.parametrize(("them", "how", "points"), [({1: 1}, "single", 1), ({24: 15}, "mars", 2)])
def test_ss9_gb7_scoring_one_or_two_for_mars(key, them, how, points) -> None:
    v, s = finish(key, {1: 1}, them, (2, 1), [(1, 0)], options={"match_to": 1})
    assert (v.outcome(s).how, v.outcome(s).points) == (how, points)


def test_ss9_gb7_match_defaults() -> None:
    assert get_variant(SS).validate_options({})["match_to"] == 3
    assert get_variant(GB).validate_options({})["match_to"] == 1


# --- Gul Bara --------------------------------------------------------------------------------


def test_gb1_setup_as_ses_bes_without_the_head_rule() -> None:
    v = get_variant(GB)
    assert v.new_game().checkers == (START_HEAD, START_HEAD)
    _, s = position(GB, {24: 15}, {24: 15}, [2, 1])
    assert results(v, s) == {"24/23 24/22", "24/21"}


def test_gb3_no_hitting_and_a_combined_move_needs_an_open_intermediate_point() -> None:
    # their 9 and 10 are my 21 and 22
    v, s = position(GB, {24: 15}, {9: 1, 24: 14})
    s = v.apply(s, {"roll": [3, 2]})
    assert results(v, s) == {"24/19"} and steps(v, s) == {(24, 22)}
    v, s = position(GB, {24: 15}, {9: 1, 10: 1, 24: 13})
    s = v.apply(s, {"roll": [3, 2]})
    assert s.to_move == 1 and s.to_json()["passed"]


@pytest.mark.parametrize(
    ("mode", "rolls", "cascade"),
    [("each_player", [3, 0], True), ("each_player", [2, 5], False), ("game", [1, 2], True), ("game", [1, 1], False)],
)
def test_gb4_after_three_rolls_a_double_cascades_up_to_6_6(mode, rolls, cascade) -> None:
    v, s = position(GB, {24: 15}, {1: 1}, options={"cascade_after": mode}, rolls=rolls)
    s = v.apply(s, {"roll": [2, 2]})
    j = s.to_json()
    if cascade:
        assert j["dice"] == [2] * 4 + [3] * 4 + [4] * 4 + [5] * 4 + [6] * 4
        assert j["cascade"] == {"number": 2, "then": [3, 4, 5, 6], "remainder": False, "for_opponent": []}
    else:
        assert j["dice"] == [2, 2, 2, 2] and j["cascade"] is None
    assert j["rolls"] == [rolls[0] + 1, rolls[1]]


@pytest.mark.parametrize("remainder", [True, False])
def test_gb5_the_opponent_plays_the_numbers_the_roller_cannot(remainder: bool) -> None:
    # their 6, 1, 20, 15 are my 18, 13, 8, 3: after four 5s no 6 can be played
    v, s = position(
        GB, {24: 15}, {6: 1, 1: 1, 20: 1, 15: 1, 24: 11}, options={"opponent_plays_remainder": remainder}, rolls=[3, 3]
    )
    s = v.apply(s, {"roll": [5, 5]})
    assert s.to_json()["dice"] == [5] * 4 + [6] * 4
    s = play(v, s, (24, 19), (24, 19), (24, 19))
    assert s.to_json()["cascade"]["for_opponent"] == []
    s = v.apply(s, {"from": 24, "to": 19})
    j = s.to_json()
    assert j["to_move"] == 1
    if remainder:
        assert j["phase"] == "move" and j["dice"] == [6, 6, 6, 6] and j["cascade"]["remainder"] is True
        while s.phase == "move":
            s = v.apply(s, v.legal_actions(s)[0])
        assert (s.phase, s.to_move) == ("roll", 1)  # then his own turn
    else:
        assert j["phase"] == "roll" and j["cascade"] is None
