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
