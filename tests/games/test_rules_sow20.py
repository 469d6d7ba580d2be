"""Hand-worked tests for helper sow20's file: Fergen Gobale of Gabradarre (DLP game 347, ruleset
367, ``games/rulesets/sow/fergen-gobale.toml``) and its hooks (``hooks_sow20.py``: ``fergen-sow``
and its ``again``, ``fergen-moves``, ``fergen-pair``, ``fergen-take``, ``fergen-turn``), clause
by clause on positions worked by hand from the DLP's text.

Holes, as South sees the board::

    North   14 13 12  .  .  10  9  8
    centre            4 11
    South    1  2  3  .  .   5  6  7

South's holes from his left 1 2 3 5 6 7, North's from his left 8 9 10 12 13 14; the centre holes
4 and 11 are nobody's. Facing pairs: 1-14, 2-13, 3-12, 5-10, 6-9, 7-8. The anticlockwise way
round: 1 2 3 4 11 5 6 7 8 9 10 11 4 12 13 14, and on into 1 (each centre hole twice a lap).
Sixty counters in all."""
from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

from games.engine.rules import rules_variant
from games.engine.rules.hooks import HOOKS
from games.engine.rules.hooks_sow20 import refill_plan
from tests.games.test_rules_sow import holes, position

KEY = "sow.fergen-gobale"
LUDII = {"ludii_reading": True}


def acts(v, s) -> list[dict]:
    return [a.to_json() for a in v.legal_actions(s)]


def sows(v, s) -> list[str]:
    return sorted((a["sow"] for a in acts(v, s)), key=int)


def scores(s) -> list[int]:
    return s.to_json()["scores"]


def tuz(s) -> list[list[str]]:
    return s.to_json()["tuz"]


def fill(v, s, *expected: str):
    """The refill moves, each the only move offered, in the order expected; the state after."""
    for h in expected:
        assert acts(v, s) == [{"to": h, "piece": "seed"}], (h, acts(v, s))
        s = v.apply(s, {"to": h, "piece": "seed"})
    return s


def test_the_hooks_are_registered():
    for name in ("fergen-sow", "fergen-moves", "fergen-pair", "fergen-take", "fergen-turn"):
        assert name in HOOKS
    assert callable(getattr(HOOKS["fergen-sow"], "again", None))


# -- FGB-1, FGB-2: the board, the starting counts, sowing only from one's six holes ---------------------
def test_starting_position_and_the_centre_holes_are_never_sown_from():
    v = rules_variant(KEY)
    s = v.new_game()
    assert holes(s) == {1: 5, 2: 5, 3: 3, 4: 4, 5: 3, 6: 5, 7: 5, 8: 5, 9: 5, 10: 3, 11: 4, 12: 3, 13: 5, 14: 5}
    assert v.to_move(s) == 0 and sows(v, s) == ["1", "2", "3", "5", "6", "7"]
    s = v.apply(s, {"sow": "1"})  # 2 3 4 11 5: 5 held 3, so it is lifted (FGB-3) ...
    assert sum(holes(s).values()) + sum(scores(s)) == 60
    north = position(KEY, {4: 9, 11: 9, 12: 1, 7: 2}, to_move=1)
    assert sows(v, north) == ["12"]  # North: not 11 (the centre hole on his left), nor 4


# -- FGB-2, FGB-3: through both centre holes, relay, and a lap ending in the single row --------------------
def test_south_sows_through_the_centre_relays_and_ends_in_an_empty_hole_across():
    v = rules_variant(KEY)
    s = position(KEY, {1: 1, 3: 3, 4: 4, 5: 2, 11: 4, 14: 2})
    # 3: 4, 11, 5 (held two: lifted, three); 6, 7, 8: 8 is North's and was empty, the turn ends.
    s = v.apply(s, {"sow": "3"})
    assert holes(s) == {1: 1, 4: 5, 11: 5, 6: 1, 7: 1, 8: 1, 14: 2}
    assert scores(s) == [22, 22] and v.to_move(s) == 1


def test_a_last_counter_in_a_centre_hole_ends_the_turn_though_it_is_occupied():
    v = rules_variant(KEY)
    s = position(KEY, {1: 1, 3: 2, 4: 4, 11: 4, 14: 2})
    s = v.apply(s, {"sow": "3"})  # 4, 11: eleven held four, but the single row is never lifted
    assert holes(s) == {1: 1, 4: 5, 11: 5, 14: 2} and v.to_move(s) == 1


def test_north_passes_the_centre_holes_the_other_way_and_takes_across():
    v = rules_variant(KEY)
    # North's 10 (three): 11, 4, 12; 12 was empty and North's: 3 across (two) and the last counter.
    s = position(KEY, {1: 1, 3: 2, 10: 3, 14: 1}, to_move=1, scores=[26, 27])
    s = v.apply(s, {"sow": "10"})
    assert holes(s) == {1: 1, 4: 1, 11: 1, 14: 1}
    assert scores(s) == [26, 30] and v.to_move(s) == 0


# -- FGB-4: the capture -----------------------------------------------------------------------------------
def test_the_last_counter_is_taken_even_with_nothing_across():
    v = rules_variant(KEY)
    s = position(KEY, {1: 1, 5: 1, 9: 2}, scores=[28, 28])
    s = v.apply(s, {"sow": "1"})  # into 2, empty, South's; 13 across is empty: the one counter taken
    assert holes(s) == {5: 1, 9: 2} and scores(s) == [29, 28] and v.to_move(s) == 1


def test_a_last_counter_in_an_empty_hole_across_takes_nothing():
    v = rules_variant(KEY)
    s = position(KEY, {5: 1, 9: 1, 12: 4}, to_move=1, scores=[27, 27])
    s = v.apply(s, {"sow": "12"})  # 13, 14, 1, 2: South's, empty: the turn ends, nothing taken
    assert holes(s) == {1: 1, 2: 1, 5: 1, 9: 1, 13: 1, 14: 1} and scores(s) == [27, 27] and v.to_move(s) == 0


# -- FGB-5, FGB-6: three across makes a pair of holes the mover's, and he claims a centre hole --------------
def test_three_across_claims_both_holes_and_then_a_centre_hole():
    v = rules_variant(KEY)
    s = position(KEY, {1: 1, 13: 3, 5: 1, 9: 2, 4: 4, 11: 6}, scores=[21, 22])
    s = v.apply(s, {"sow": "1"})  # into 2, empty; 13 across holds three: two and two, both South's
    assert holes(s) == {5: 1, 9: 2, 4: 4, 11: 6}
    assert scores(s) == [25, 22] and tuz(s) == [["2", "13"], []]
    assert v.to_move(s) == 0 and acts(v, s) == [{"sow": "4"}, {"sow": "11"}]  # his choice, same turn
    s = v.apply(s, {"sow": "11"})
    assert holes(s) == {5: 1, 9: 2, 4: 4} and scores(s) == [31, 22]
    assert tuz(s) == [["2", "11", "13"], []] and v.to_move(s) == 1


def test_with_one_centre_hole_left_it_is_the_only_choice_and_with_none_there_is_none():
    v = rules_variant(KEY)
    s = position(KEY, {1: 1, 13: 3, 5: 1, 9: 2, 4: 4}, tuz=[[], ["11"]], scores=[22, 27])
    s = v.apply(s, {"sow": "1"})
    assert acts(v, s) == [{"sow": "4"}]
    s = position(KEY, {1: 1, 13: 3, 5: 1, 9: 2}, tuz=[["4"], ["11"]], scores=[25, 28])
    s = v.apply(s, {"sow": "1"})
    assert tuz(s) == [["2", "4", "13"], ["11"]] and v.to_move(s) == 1


def test_an_owned_hole_takes_the_counters_sown_into_it_and_ends_a_lap_untaken():
    v = rules_variant(KEY)
    # 5 and 10 are North's. South's 3: 4, 11, 5: the counter in 5 is North's, and the lap ends
    # there, though 5 lies in South's row and was empty: nothing is taken across.
    s = position(KEY, {1: 1, 3: 3, 9: 2, 14: 2}, tuz=[[], ["5", "10"]], scores=[26, 26])
    s = v.apply(s, {"sow": "3"})
    assert holes(s) == {1: 1, 4: 1, 11: 1, 9: 2, 14: 2} and scores(s) == [26, 27] and v.to_move(s) == 1
    assert sows(v, s) == ["9", "14"]
    # North's 9: 10 (his own: the counter is his), 11: the centre ends it.
    s = v.apply(s, {"sow": "9"})
    assert holes(s) == {1: 1, 4: 1, 11: 2, 14: 2} and scores(s) == [26, 28]


def test_a_claimed_centre_hole_keeps_gathering_for_its_owner():
    v = rules_variant(KEY)
    s = position(KEY, {1: 1, 3: 2, 14: 2}, tuz=[[], ["4"]], scores=[27, 28])
    s = v.apply(s, {"sow": "3"})  # 4 (North's: to him), 11: ends
    assert holes(s) == {1: 1, 11: 1, 14: 2} and scores(s) == [27, 29]


# -- FGB-7 to FGB-9: the round's end, the refill by the poorer player, holes out of play ---------------------
def test_the_round_ends_when_a_row_is_empty_and_the_poorer_player_refills():
    v = rules_variant(KEY)
    s = position(KEY, {7: 1, 12: 2, 4: 3, 11: 3}, scores=[37, 14])
    s = v.apply(s, {"sow": "7"})  # into 8: South's row is empty, the round is over
    # North takes 8 and 12 (three): 17 to South's 37. He fills 8 (5), 9 (5), 10 (3), 12 (3); 13
    # needs five, one is left: 13 and 14 are out, and the one goes into 8.
    assert holes(s) == {4: 3, 11: 3} and scores(s) == [37, 17] and v.to_move(s) == 1
    s = fill(v, s, "8", "9", "10", "12", "8")
    # South matches across: 7, 6, 5, 3 with five, five, three, three; 21 kept aside; he begins.
    assert holes(s) == {8: 6, 9: 5, 10: 3, 12: 3, 7: 5, 6: 5, 5: 3, 3: 3, 4: 3, 11: 3}
    assert scores(s) == [21, 0] and v.to_move(s) == 0 and sows(v, s) == ["3", "5", "6", "7"]
    # 3: 4, 11, 5 (lifted, four): 6, 7, 8, 9 (lifted, six): 10, 11, 4, 12, then 13, 14, 1 and
    # 2 are passed over, 3, 4: the centre ends it.
    s = v.apply(s, {"sow": "3"})
    assert holes(s) == {3: 1, 4: 6, 6: 6, 7: 6, 8: 7, 10: 4, 11: 5, 12: 4}
    assert v.to_move(s) == 1 and sows(v, s) == ["8", "10", "12"]


def test_the_mover_who_is_poorer_refills_at_once():
    v = rules_variant(KEY)
    s = position(KEY, {1: 1, 9: 2}, scores=[10, 47])
    s = v.apply(s, {"sow": "1"})  # into 2, takes it (nothing across): South's row is empty
    assert scores(s) == [11, 49] and v.to_move(s) == 0
    s = fill(v, s, "1", "2", "1")  # five, five, and the last one back into 1
    assert holes(s) == {1: 6, 2: 5, 14: 5, 13: 5} and scores(s) == [0, 39] and v.to_move(s) == 1
    # North's 13 (five): 14, 1, 2, 3 passed over (out of play), 4, 11: the centre ends it.
    s = v.apply(s, {"sow": "13"})
    assert holes(s) == {1: 7, 2: 6, 14: 6, 4: 1, 11: 1} and v.to_move(s) == 0


def test_equal_counts_north_refills_and_fills_an_empty_centre_hole_with_four():
    v = rules_variant(KEY)
    s = position(KEY, {7: 1}, scores=[30, 29])
    s = v.apply(s, {"sow": "7"})  # 8: thirty each, both centre holes empty
    assert scores(s) == [30, 30] and v.to_move(s) == 1
    s = fill(v, s, "8", "9", "10", "12", "13", "14", "11")  # 26, then four into 11, on his left
    assert holes(s) == {1: 5, 2: 5, 3: 3, 5: 3, 6: 5, 7: 5, 8: 5, 9: 5, 10: 3, 11: 4, 12: 3, 13: 5, 14: 5}
    assert scores(s) == [4, 0] and v.to_move(s) == 0 and sows(v, s) == ["1", "2", "3", "5", "6", "7"]


def test_a_player_who_cannot_fill_a_hole_has_lost():
    v = rules_variant(KEY)
    s = v.apply(position(KEY, {7: 1, 4: 10, 11: 10}, scores=[36, 3]), {"sow": "7"})
    assert scores(s) == [36, 4] and v.outcome(s) is not None and v.outcome(s).winner == 0
    s = v.apply(position(KEY, {7: 1, 4: 10, 11: 10}, scores=[35, 4]), {"sow": "7"})  # five: he fills 8
    assert v.outcome(s) is None
    s = fill(v, s, "8")
    assert holes(s) == {8: 5, 7: 5, 4: 10, 11: 10} and scores(s) == [30, 0] and v.to_move(s) == 0


def test_refill_plans():
    # (hole index, counters): South's holes 1 2 3 5 6 7 are 0 1 2 4 5 6, the centre 3 and 10.
    assert refill_plan(4, 0, 0, False) == []
    assert refill_plan(12, 0, 0, False) == [(0, 5), (1, 5), (0, 1), (1, 1)]
    assert refill_plan(29, 1, 3, False) == [(7, 5), (8, 5), (9, 3), (11, 3), (12, 5), (13, 5), (7, 1), (8, 1), (9, 1)]
    assert refill_plan(30, 0, 3, False)[-1] == (3, 4) and refill_plan(30, 0, 2, False)[-1] == (10, 4)
    assert refill_plan(3, 1, 0, True) == [(7, 1), (8, 1), (9, 1)]
    assert refill_plan(12, 0, 0, True) == [(0, 5), (1, 5), (2, 2)]
    assert refill_plan(28, 0, 2, True) == [(0, 5), (1, 5), (2, 3), (4, 3), (5, 5), (6, 5), (10, 2)]


# -- FGB-11: Ludii's reading ------------------------------------------------------------------------------
def test_ludiis_reading_puts_the_rest_in_the_next_hole_and_copies_by_place():
    v = rules_variant(KEY)
    s = position(KEY, {7: 1, 4: 2, 11: 2}, scores=[39, 16], options=LUDII)
    s = v.apply(s, {"sow": "7"})
    assert scores(s) == [39, 17] and v.to_move(s) == 1
    s = fill(v, s, "8", "9", "10", "12", "13")  # 5, 5, 3, 3 and the one left into 13
    # South copies by place from his own left: 1, 2, 3, 5, 6 (not the facing holes).
    assert holes(s) == {8: 5, 9: 5, 10: 3, 12: 3, 13: 1, 1: 5, 2: 5, 3: 3, 5: 3, 6: 1, 4: 2, 11: 2}
    assert scores(s) == [22, 0] and v.to_move(s) == 0


def test_ludiis_reading_one_counter_a_hole_below_five_and_only_none_loses():
    v = rules_variant(KEY)
    s = v.apply(position(KEY, {7: 1, 4: 10, 11: 10}, scores=[37, 2], options=LUDII), {"sow": "7"})
    assert v.outcome(s) is None and v.to_move(s) == 1
    s = fill(v, s, "8", "9", "10")
    assert holes(s) == {8: 1, 9: 1, 10: 1, 1: 1, 2: 1, 3: 1, 4: 10, 11: 10} and v.to_move(s) == 0
    # with the DLP's reading the same three counters fill nothing: North has lost
    s = v.apply(position(KEY, {7: 1, 4: 10, 11: 10}, scores=[37, 2]), {"sow": "7"})
    assert v.outcome(s).winner == 0


# -- random games end, every counter kept ----------------------------------------------------------------
def test_random_games_end_and_keep_sixty_counters():
    v = rules_variant(KEY)
    for opts in ({}, LUDII):
        for seed in range(30):
            rng = random.Random(seed)
            sim = v.fast(v.new_game(opts))
            for _ in range(3000):
                if sim.outcome() is not None:
                    break
                sim.play(rng.choice(sim.moves()))
                data = sim.state().to_json()
                assert sum(c for _, _, c in data["board"].values()) + sum(data["scores"]) == 60
            assert sim.outcome() is not None


# -- Ludii's traces (FGB-11): every step, and every position Ludii printed ---------------------------------
LUDII_SITES = ["1", "2", "3", "14", "13", "12", "5", "6", "7", "10", "9", "8", "4", "11"]  # Ludii's 0..13
TRACES = Path("/work/shared/oracle/ludii/traces")


def _ludii_pair(act: dict, seat: int) -> tuple[int, int]:
    if "sow" in act:
        s = LUDII_SITES.index(act["sow"])
        return (s, s)
    return (14 + seat, LUDII_SITES.index(act["to"]))


@pytest.mark.parametrize("seed", [1, 2])
def test_ludiis_traces_replay_move_for_move_with_the_same_positions(seed: int):
    path = TRACES / f"347-default-s{seed}.jsonl.gz"
    if not path.exists():
        pytest.skip("the Ludii oracle is not here")
    lines = [json.loads(x) for x in gzip.open(path)]
    v = rules_variant(KEY)
    s = v.new_game(LUDII)
    boards = 0
    laps: list[tuple[int, int]] = []  # the relay laps of our last sowing: Ludii's steps of their own
    for rec in lines[1:]:
        if "legal" in rec and laps:
            assert rec["legal"] == [list(laps.pop(0))] and rec["mover"] - 1 == seat, rec["step"]
            continue
        if "board" in rec:
            if laps:  # printed in the middle of our sowing (before a relay lap's step)
                continue
            theirs = {LUDII_SITES[e["site"]]: e["count"] for e in rec["board"] if e["site"] < 14}
            hands = [sum(e["count"] for e in rec["board"] if e["site"] == 14 + k) for k in (0, 1)]
            assert {str(h): c for h, c in holes(s).items()} == theirs and scores(s) == hands, rec["step"]
            boards += 1
            continue
        if "legal" not in rec:
            continue
        seat = rec["mover"] - 1
        ours = {_ludii_pair(a, v.to_move(s)): a for a in acts(v, s)}
        assert v.to_move(s) == seat and set(ours) == {tuple(p) for p in rec["legal"]}, rec["step"]
        act = ours[tuple(rec["legal"][rec["chosen"]])]
        sim = v.fast(s)
        run = v.game.ludii_steps(sim, next(m for m in sim.moves() if sim.action(m).to_json() == act), None) or []
        laps = [_ludii_pair(a, seat) for _, a, _ in run[1:]]
        s = v.apply(s, act)
    assert boards >= 3 and v.outcome(s) is not None and v.outcome(s).winner == lines[-1]["winner"] - 1


def test_the_centre_holes_are_drawn_and_described_as_nobodys():
    """board.shared: holes 4 and 11 are the players' neutral pair (FGB-1), not South's and
    North's as the plain two rows of seven would draw them; the rest keep their rows."""
    v = rules_variant(KEY)
    sites = {s["name"]: s for s in v.board_info(v.validate_options({}))["geometry"]["sites"]}
    assert sites["4"]["owner"] is None and sites["11"]["owner"] is None
    assert {sites[h]["owner"] for h in ("1", "2", "3", "5", "6", "7")} == {0}
    assert {sites[h]["owner"] for h in ("8", "9", "10", "12", "13", "14")} == {1}


def test_a_shared_hole_the_board_lacks_is_refused_by_name():
    from games.engine.rules import sow
    from games.engine.rules.loader import load_text

    text = (Path(__file__).resolve().parents[2] / "games/rulesets/sow/fergen-gobale.toml").read_text()
    bad = text.replace('shared = ["4", "11"]', 'shared = ["4", "15"]')
    assert bad != text
    with pytest.raises(Exception, match="board.shared: 15 is not a hole of this board"):
        sow.compile(load_text(bad, "sow/fergen-gobale.toml"))


def test_the_holes_out_of_play_are_listed_for_the_board_and_checked_when_read():
    """The state lists the round's holes out of play as ``closed`` (the board crosses them out);
    reading a state back, the list must be the rule's own, kept in its memory."""
    from games.engine.core import InvalidState

    v = rules_variant(KEY)
    s = position(KEY, {7: 1, 12: 2, 4: 3, 11: 3}, scores=[37, 14])
    assert "closed" in s.to_json() and s.to_json()["closed"] == []
    s = v.apply(s, {"sow": "7"})
    s = fill(v, s, "8", "9", "10", "12", "8")
    data = s.to_json()
    assert data["closed"] == ["1", "2", "13", "14"]  # 13 and 14 unfilled, 1 and 2 across them
    assert v.state_from_json(data).to_json() == data
    with pytest.raises(InvalidState, match=r"closed: the holes out of play are the game's own \(1, 2, 13, 14\)"):
        v.state_from_json({**data, "closed": ["1", "2", "13"]})
