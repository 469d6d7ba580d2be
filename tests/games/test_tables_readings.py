"""Issue 12: the readings decided by the sources' words (TN-3, TN-6, GB-4), the Crawford rule,
and the impossible states every reader refuses naming the field."""
from __future__ import annotations

import io

import pytest

from games.engine import IllegalAction, InvalidState, get_variant
from games.engine.__main__ import main
from tests.games.test_tables_clauses import finish
from tests.games.test_tables_helpers import counts, play, position, results

SB, TN, SS, GB, BG = "tables.shesh-besh", "tables.takhte-nard", "tables.ses-bes", "tables.gul-bara", "tables.backgammon"


# -- TN-3: the larger die is "better" (advice) --------------------------------------------------
def test_tn3_by_default_either_die_may_be_played_when_only_one_can() -> None:
    # 20/14/9 and 20/15/9 both closed at 9: only one die can be played; the player chooses
    v, s = position(TN, {20: 1, 1: 14}, {16: 2}, [6, 5], options={"cube": False})
    assert results(v, s) == {"20/14", "20/15"}
    after = v.apply(s, {"from": 20, "to": 15})
    assert after.phase == "roll" and after.to_move == 1  # the 6 is lost with the turn


def test_tn3_with_higher_die_the_larger_must_be_played() -> None:
    v, s = position(TN, {20: 1, 1: 14}, {16: 2}, [6, 5], options={"cube": False, "higher_die": True})
    assert s.dice == (6,) and results(v, s) == {"20/14"}
    with pytest.raises(IllegalAction):
        v.apply(s, {"from": 20, "to": 15})


def test_tn3_the_other_games_keep_backgammons_rule() -> None:
    v, s = position(SB, {20: 1, 1: 14}, {16: 2}, [6, 5])
    assert results(v, s) == {"20/14"}


# -- TN-6: black mars names only the winner's home quarter ---------------------------------------
@pytest.mark.parametrize(("bar", "them", "how"), [
    (False, {25: 1, 12: 14}, "mars"), (True, {25: 1, 12: 14}, "black-mars"),
    (False, {19: 1, 12: 14}, "black-mars"), (True, {19: 1, 12: 14}, "black-mars"),
])
def test_tn6_a_checker_on_the_bar_counts_only_with_the_option(bar, them, how) -> None:
    v, s = finish(TN, {1: 1}, them, (2, 1), [(1, 0)], options={"match_to": 1, "cube": False, "black_mars_bar": bar})
    assert v.outcome(s).how == how


def test_backgammon_still_counts_the_bar() -> None:
    v, s = finish(BG, {1: 1}, {25: 1, 12: 14}, (2, 1), [(1, 0)], options={"match_to": 1, "cube": False})
    assert v.outcome(s).how == "backgammon"


# -- GB-4: "the first three rolls of the game" ------------------------------------------------------
def test_gb4_counts_the_games_rolls_by_default() -> None:
    assert get_variant(GB).validate_options({})["cascade_after"] == "game"
    # three rolls in the game (two by side 0, one by side 1): side 0's next double cascades
    v, s = position(GB, {24: 15}, {1: 1}, rolls=[2, 1])
    s = v.apply(s, {"roll": [5, 5]})
    assert list(s.dice) + list(s.pending) == [5] * 4 + [6] * 4
    v, s = position(GB, {24: 15}, {1: 1}, rolls=[2, 1], options={"cascade_after": "each_player"})
    s = v.apply(s, {"roll": [5, 5]})
    assert list(s.dice) + list(s.pending) == [5] * 4


# -- the Crawford rule ---------------------------------------------------------------------------
def _won_game(key: str, score: list[int], options: dict) -> tuple:
    return finish(key, {1: 1}, {13: 1, 12: 1, 11: 12}, (2, 1), [(1, 0)],
                  options={"match_to": 3, **options}, score=score)


def test_crawford_the_game_after_reaching_match_point_is_played_without_the_cube() -> None:
    v, s = _won_game(BG, [1, 0], {})
    assert s.score == (2, 0) and s.crawford_game and s.to_json()["crawford_game"] is True
    s = v.apply(s, {"opening": [3, 1]})
    s = play(v, s, (8, 5), (6, 5))
    assert s.phase == "roll"  # side 1 trails 0-2 and may not double
    assert v.state_from_json(s.to_json()) == s


def test_after_the_crawford_game_the_cube_is_back() -> None:
    v, s = finish(BG, {1: 1}, {13: 1, 12: 1, 11: 12}, (2, 1), [(1, 0)], side=1,
                  options={"match_to": 3}, score=[2, 0], crawford_game=True)
    assert s.score == (2, 1) and not s.crawford_game


@pytest.mark.parametrize(("key", "options"), [(BG, {"crawford": False}), (TN, {})])
def test_without_crawford_the_trailer_may_double_at_2_0(key, options) -> None:
    v, s = _won_game(key, [1, 0], options)
    assert not s.crawford_game
    s = v.apply(s, {"opening": [3, 1]})
    s = play(v, s, (8, 5), (6, 5))
    assert s.phase == "cube"


def test_crawford_is_offered_for_takhte_nard_off_by_default() -> None:
    assert get_variant(TN).options["crawford"].default is False
    assert get_variant(BG).options["crawford"].default is True
    v, s = _won_game(TN, [1, 0], {"crawford": True})
    assert s.crawford_game


# -- impossible states ------------------------------------------------------------------------------
def _data(key, me, them, roll=None, **extra):
    """A state's JSON written by hand, not read yet."""
    v = get_variant(key)
    opts = v.validate_options(extra.pop("options", None) or {})
    data = {
        "variant": key, "options": opts, "phase": "move" if roll else "roll", "to_move": 0,
        "checkers": [counts(me), counts(them)], "dice": list(roll or []), "roll": roll[:2] if roll else None,
        "score": [0, 0], "cube": {"value": 1, "owner": None} if v.cube_on(opts) else None,
    }
    data.update(extra)
    return v, data


@pytest.mark.parametrize(("key", "me", "them", "roll", "extra", "field"), [
    # a Şeş-Beş six-block no opposing checker has passed (side 0 on its 13..18, side 1 behind it)
    (SS, {13: 1, 14: 1, 15: 1, 16: 1, 17: 1, 18: 1, 24: 9}, {24: 15}, None, {}, "checkers[0]"),
    # head_left 2 on a later throw
    (SS, {24: 14, 13: 1}, {24: 15}, [6, 6, 6, 6], {"head_left": 2}, "head_left"),
    # 4 borne off with 10 still on the head
    (SS, {24: 10, 6: 1}, {24: 15}, None, {}, "checkers[0]"),
    # dice that do not match the roll
    (SB, {13: 15}, {13: 15}, [3, 1], {"dice": [6, 6, 6]}, "dice"),
    # a Gul Bara cascade's dice with no cascade field
    (GB, {24: 15}, {24: 15}, [2, 2], {"dice": [2, 2, 2, 2, 3, 3, 3, 3]}, "dice"),
    # hit_in_home on an empty point
    (TN, {13: 15}, {13: 15}, [3, 1], {"hit_in_home": [4], "options": {"cube": False}}, "hit_in_home"),
    # too many dice (38 made `actions` run for half a minute)
    (GB, {24: 15}, {24: 15}, [2, 2], {"dice": [2] * 38, "cascade": {"number": 2, "then": [], "remainder": False, "for_opponent": []}}, "dice"),
])
def test_impossible_states_are_refused_naming_the_field(key, me, them, roll, extra, field) -> None:
    v, data = _data(key, me, them, roll, **extra)
    with pytest.raises(InvalidState) as err:
        v.state_from_json(data)
    assert str(err.value).startswith(field), str(err.value)


def test_take_while_the_taker_owns_the_cube_is_refused() -> None:
    v, data = _data(BG, {13: 15}, {13: 15}, phase="take", to_move=1, cube={"value": 2, "owner": 1})
    data["dice"], data["roll"] = [], None
    with pytest.raises(InvalidState, match="^cube.owner: side 1 owns the cube"):
        v.state_from_json(data)


def test_over_with_a_winner_the_score_contradicts_is_refused() -> None:
    v, s = finish(SB, {1: 1}, {13: 1, 12: 14}, (2, 1), [(1, 0)], options={"match_to": 1})
    data = s.to_json()
    assert v.state_from_json(data) == s
    data["last_game"] = {**data["last_game"], "winner": 1}
    with pytest.raises(InvalidState, match="^last_game.winner"):
        v.state_from_json(data)


def test_booleans_are_not_dice() -> None:
    v = get_variant(SB)
    s = v.apply(v.new_game(), {"opening": [3, 1]})
    assert s.phase == "roll"
    with pytest.raises(IllegalAction, match="roll"):
        v.apply(s, {"roll": [True, 2]})
    with pytest.raises(IllegalAction):
        v.apply(v.new_game(), {"opening": [True, 2]})


def test_no_between_1_and_none_in_messages() -> None:
    v, data = _data(SB, {13: 15}, {13: 15})
    data["game"] = 0
    with pytest.raises(InvalidState, match="^game must be at least 1, got 0$"):
        v.state_from_json(data)


def cli(*args: str) -> tuple[int, str, str]:
    import contextlib

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def test_plays_refuses_a_position_with_both_sides_borne_off() -> None:
    code, out, err = cli("plays", BG, "--position", "AAAAAAAAAAAAAA", "--dice", "3-1")
    assert code == 2 and out == "" and "borne off all 15" in err


@pytest.mark.parametrize("dice", ["３-１", "3-１", "٣-1", "3-7", "31", "3-1-2"])
def test_plays_refuses_dice_not_written_in_ascii_digits_1_to_6(dice) -> None:
    code, _, err = cli("plays", BG, "--position", "4HPwATDgc/ABMA", "--dice", dice)
    assert code == 2 and err.count("\n") == 1 and "dice must be written like 3-1" in err


def test_plays_takes_options() -> None:
    # TN-3 as advice: the player may play either die where only one can be played
    code, out, _ = cli("plays", TN, "--position", "4HPwATDgc/ABMA", "--dice", "6-5", "--options", '{"higher_die": true}')
    assert code == 0 and out.startswith("13/2\t")
    code, _, err = cli("plays", TN, "--position", "4HPwATDgc/ABMA", "--dice", "6-5", "--options", '{"nope": 1}')
    assert code == 2 and "unknown option 'nope'" in err
