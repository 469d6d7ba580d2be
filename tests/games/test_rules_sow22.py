"""Hand-worked tests for helper sow22: Tchela (sow.tchela, DLP game 248, ruleset 269), played by
the hooks of games/engine/rules/hooks_sow22.py, written from the DLP's record of the game.

Tchela's holes, as South sees the board (each seat sows anticlockwise round its own rows; each
store holds one counter, s1 standing between 8 and 9, s2 between 32 and 17, or with option
centre_store between 12 and 13, and between 20 and 21):

    North outer  32 31 30 29 28 27 26 25
    North inner  17 18 19 20 21 22 23 24
    South inner  16 15 14 13 12 11 10  9
    South outer   1  2  3  4  5  6  7  8
"""
from __future__ import annotations

from games.engine import get_variant
from games.engine.core import Action
from games.engine.rules.hooks import HOOKS

TCHELA = "sow.tchela"
LUDII = {"plain_last_pair": True, "centre_store": True, "skip": False}


def pos(counts: dict[int, int], to_move: int = 0, turn: int = 16, stores=(0, 0), options=None, scores=None):
    """A position (by default of the main phase: both openings made, sixteen moves)."""
    v = get_variant(TCHELA)
    rest = 32 - sum(counts.values()) - sum(stores)
    board = {str(h): [None, "seed", c] for h, c in counts.items() if c}
    board["s1"] = [0, "seed", stores[0]]
    board["s2"] = [1, "seed", stores[1]]
    data = {"board": board, "to_move": to_move, "turn": turn,
            "scores": scores if scores is not None else [rest // 2, rest - rest // 2], "options": options or {}}
    return v.state_from_json(data)


def holes(state) -> dict[int, int]:
    return {int(k): c for k, (_, _, c) in state.to_json()["board"].items() if not k.startswith("s") and c}


def stores(state) -> tuple[int, int]:
    b = state.to_json()["board"]
    return b["s1"][2], b["s2"][2]


def _order(a: dict) -> tuple:
    h = str(a.get("sow", a.get("from")))
    return (int(h) if h.isdigit() else 99, a.get("store", 0), str(a.get("to", "")))


def acts(state) -> list[dict]:
    return sorted((a.to_json() for a in get_variant(TCHELA).legal_actions(state)), key=_order)


def play(state, *actions):
    v = get_variant(TCHELA)
    for a in actions:
        state = v.apply(state, a)
    return state


# -- the file ------------------------------------------------------------------------------------------
def test_the_file_is_registered_with_the_game_record_as_its_source():
    v = get_variant(TCHELA)
    rf = v.rules_file
    assert (rf.dlp_game, rf.dlp_ruleset, rf.mechanic) == (248, 269, "sow")
    assert all(c.source == "dlp-2020" and c.locator == "DLP.Games.248" for c in rf.clauses[:-1])
    assert rf.clauses[-1].locator == "DLP.GameRulesets.269"  # the end: the record is silent
    assert {"tchela-sow", "tchela-moves", "tchela-prelude"} <= set(HOOKS)
    s = v.new_game()
    assert holes(s) == {h: 1 for h in range(1, 33)} and stores(s) == (0, 0)


# -- the opening -----------------------------------------------------------------------------------------
def _opening(options=None):
    """Both openings but the last moves: South from hole 1, North from 17, seven pairs each."""
    v = get_variant(TCHELA)
    s = v.new_game(options or {})
    for k in range(7):
        s = play(s, {"sow": str(1 + 2 * k)}, {"sow": str(17 + 2 * k if k < 4 else 25 + 2 * (k - 4))})
    return s


def test_the_first_move_is_from_any_hole_then_each_pair_is_forced():
    v = get_variant(TCHELA)
    s = v.new_game()
    assert sorted(int(a["sow"]) for a in acts(s)) == list(range(1, 17))
    s = play(s, {"sow": "9"})  # 9's counter into 10: a pair
    assert holes(s)[10] == 2 and 9 not in holes(s)
    assert v.to_move(s) == 1 and sorted(int(a["sow"]) for a in acts(s)) == list(range(17, 33))
    s = play(s, {"sow": "32"})  # North: 32's counter into 17 (his track goes on from 32 into 17)
    assert holes(s)[17] == 2 and 32 not in holes(s)
    assert acts(s) == [{"sow": "11"}]  # the single counter after South's last pair
    s = play(s, {"sow": "11"})
    assert acts(s) == [{"sow": "18"}]
    s = play(s, {"sow": "18"})
    assert holes(s)[12] == 2 and holes(s)[19] == 2


def test_the_eighth_move_makes_the_last_pair_and_sows_it_on():
    s = _opening()
    # South: 1 2 3 4 5 6 7 8 9 ... 16 hold 0 2 0 2 0 2 0 2 0 2 0 2 0 2 1 1
    assert acts(s) == [{"sow": "15"}]
    s = play(s, {"sow": "15"})
    # 15 into 16 (the last pair); its two into 1 (empty) and 2 (a pair: 3 now, so lifted):
    # 3, 4 and 5 get one each, the last into empty 5 of the outer row: the move ends.
    south = {h: c for h, c in holes(s).items() if h <= 16}
    assert south == {1: 1, 3: 1, 4: 3, 5: 1, 6: 2, 8: 2, 10: 2, 12: 2, 14: 2}
    assert s.to_json()["scores"] == [0, 0]


def test_the_last_pair_may_drop_a_counter_into_the_store_and_its_sowing_captures():
    s = play(_opening(), {"sow": "15"})
    # North's last pair is made in 32; sown on, it passes his store (between 32 and 17).
    assert acts(s) == [{"sow": "31"}, {"sow": "31", "store": 1}]
    plain = play(s, {"sow": "31"})
    # 32's two into 17 and 18 (a pair: 3), lifted into 19, 20, 21; 21 was empty and is in
    # North's inner row: South's 12 facing it (2) and 5 behind it (1) are taken.
    assert plain.to_json()["scores"] == [0, 3]
    assert 12 not in holes(plain) and 5 not in holes(plain)
    assert {h: c for h, c in holes(plain).items() if h > 16} == {17: 1, 19: 1, 20: 3, 21: 1, 22: 2, 24: 2, 26: 2, 28: 2, 30: 2}
    stored = play(s, {"sow": "31", "store": 1})
    # One into the store, the other into empty 17: South's 16, facing it, is empty: nothing taken.
    assert stores(stored) == (0, 1) and stored.to_json()["scores"] == [0, 0]
    assert holes(stored)[17] == 1 and holes(stored)[18] == 2


def test_an_opening_broken_by_a_capture_gives_way_to_the_main_phase():
    # North's eighth move: South's last pair took 18 and 31 behind it, so no single counter
    # follows North's last pair (30): he sows as in the main phase, from any hole of his.
    counts = {20: 2, 22: 2, 24: 2, 26: 2, 28: 2, 30: 2, 32: 1, 4: 3, 6: 2, 8: 2}
    s = pos(counts, to_move=1, turn=15)
    assert sorted({int(a["sow"]) for a in acts(s)}) == [20, 22, 24, 26, 28, 30, 32]
    counts.update({18: 2, 31: 1})  # unbroken, the pair is forced
    assert acts(pos(counts, to_move=1, turn=15)) == [{"sow": "31"}, {"sow": "31", "store": 1}]


def test_ludiis_reading_sows_the_last_pair_as_one_lap():
    s = _opening(LUDII)
    s = play(s, {"sow": "15"})
    south = {h: c for h, c in holes(s).items() if h <= 16}
    assert south == {1: 1, 2: 3, 4: 2, 6: 2, 8: 2, 10: 2, 12: 2, 14: 2}
    assert acts(s) == [{"sow": "31"}]  # no store, no relay
    s = play(s, {"sow": "31"})
    assert holes(s)[17] == 1 and holes(s)[18] == 3 and s.to_json()["scores"] == [0, 0]


# -- the main phase ---------------------------------------------------------------------------------------
def test_relay_sowing_lifts_an_occupied_last_hole():
    s = pos({3: 2, 5: 1, 25: 1})
    s = play(s, {"sow": "3"})
    # 3's two into 4 and 5; 5 held one: its two are lifted into 6 and 7, 7 empty (outer): the end.
    assert {h: c for h, c in holes(s).items() if h <= 16} == {4: 1, 6: 1, 7: 1}
    assert get_variant(TCHELA).to_move(s) == 1


def test_a_capture_takes_the_facing_hole_and_the_outer_one_behind_it():
    s = pos({9: 1, 23: 2, 26: 3, 30: 1})
    s = play(s, {"sow": "9"})  # 9 into 10 (empty, inner row): 10 faces 23, 26 behind it
    assert s.to_json()["scores"][0] == pos({9: 1, 23: 2, 26: 3, 30: 1}).to_json()["scores"][0] + 5
    assert holes(s) == {10: 1, 30: 1}


def test_an_empty_facing_hole_takes_nothing_not_even_behind():
    s = pos({9: 1, 26: 3, 30: 1})
    before = s.to_json()["scores"]
    s = play(s, {"sow": "9"})
    assert s.to_json()["scores"] == before and holes(s) == {10: 1, 26: 3, 30: 1}


def test_a_last_counter_in_the_outer_row_takes_nothing():
    s = pos({1: 1, 23: 2, 26: 3})
    before = s.to_json()["scores"]
    s = play(s, {"sow": "1"})
    assert s.to_json()["scores"] == before and holes(s) == {2: 1, 23: 2, 26: 3}


# -- the store --------------------------------------------------------------------------------------------
def test_a_lap_passing_the_empty_store_may_drop_a_counter_into_it():
    s = pos({8: 2, 25: 1})
    assert acts(s) == [{"sow": "8"}, {"sow": "8", "store": 1}]
    by = play(s, {"sow": "8"})  # into 9 and 10 (empty, inner; 23 facing it is empty)
    assert holes(by) == {9: 1, 10: 1, 25: 1} and stores(by) == (0, 0)
    into = play(s, {"sow": "8", "store": 1})  # into s1 and 9
    assert holes(into) == {9: 1, 25: 1} and stores(into) == (1, 0)


def test_a_full_store_is_passed_by_and_its_counter_may_be_sown():
    s = pos({8: 2, 9: 1, 25: 1}, stores=(1, 0))
    assert acts(s) == [{"sow": "8"}, {"sow": "9"}, {"sow": "s1"}]
    t = play(s, {"sow": "s1"})  # the store's counter into 9 (occupied): lifted, into 10 and 11
    assert stores(t) == (0, 0) and holes(t) == {8: 2, 10: 1, 11: 1, 25: 1}


def test_the_store_choice_is_made_lap_by_lap():
    # 6's three go 7, 8 and 9 (or 7, 8 and the store, ending there); 9 held one: its two are
    # lifted into 10 and 11, a lap that does not pass the store: only the first lap could drop one.
    s = pos({6: 3, 9: 1, 25: 1})
    assert acts(s) == [{"sow": "6"}, {"sow": "6", "store": 1}, {"sow": "9"}]
    s = pos({7: 1, 8: 1, 25: 1})
    # 7's one into 8 (held one), a lap that does not reach the store; 8's two are lifted, and that
    # relay lap passes it: the first lap that may drop one (into s1, then 9: empty, 24 facing empty).
    assert acts(s) == [{"sow": "7"}, {"sow": "7", "store": 1}, {"sow": "8"}, {"sow": "8", "store": 1}]
    t = play(s, {"sow": "7", "store": 1})
    assert stores(t) == (1, 0) and holes(t) == {9: 1, 25: 1}


def test_ludiis_central_store_stands_between_the_fourth_and_fifth_inner_holes():
    s = pos({12: 2, 25: 1}, options={"centre_store": True, "skip": False})
    assert acts(s) == [{"sow": "12"}, {"sow": "12", "store": 1}]
    t = play(s, {"sow": "12", "store": 1})
    assert stores(t) == (1, 0) and holes(t) == {13: 1, 25: 1}


# -- the skip ---------------------------------------------------------------------------------------------
def test_a_threatened_single_counter_may_skip_to_the_outer_row():
    # South's 15 holds one; North's 17 sown into empty 18 (facing 15) would take it.
    s = pos({15: 1, 2: 1, 17: 1, 30: 1})
    assert {"from": "15", "to": "1"} in acts(s) and {"from": "15", "to": "2"} not in acts(s)
    t = play(s, {"from": "15", "to": "1"})
    assert holes(t) == {1: 1, 2: 1, 17: 1, 30: 1} and get_variant(TCHELA).to_move(t) == 1


def test_no_skip_without_a_threat_or_with_the_last_inner_hole_full():
    assert not any("from" in a for a in acts(pos({15: 1, 17: 2, 30: 1})))  # 17's two end in 19
    assert not any("from" in a for a in acts(pos({15: 1, 16: 1, 17: 1, 30: 1})))  # 16 is not empty
    assert not any("from" in a for a in acts(pos({15: 1, 1: 1, 2: 1, 17: 1, 30: 1})))  # 1 and 2 full
    assert not any("from" in a for a in acts(pos({15: 1, 17: 1, 30: 1}, options={"skip": False})))


# -- the end ----------------------------------------------------------------------------------------------
def test_a_player_left_without_a_move_loses():
    v = get_variant(TCHELA)
    s = pos({9: 1, 23: 1})  # South's 9 into 10 takes 23, North's last counter
    s = play(s, {"sow": "9"})
    assert v.outcome(s) is not None and s.to_json()["over"]["winner"] == 0
    assert s.to_json()["scores"][0] == pos({9: 1, 23: 1}).to_json()["scores"][0] + 1


def test_a_counter_in_the_store_is_still_a_move():
    v = get_variant(TCHELA)
    s = pos({9: 1, 23: 1}, stores=(0, 1))
    s = play(s, {"sow": "9"})
    assert v.outcome(s) is None and acts(s) == [{"sow": "s2"}]


def test_the_state_keeps_the_stores_counters():
    s = pos({8: 2, 25: 1}, stores=(1, 1))
    data = s.to_json()
    again = get_variant(TCHELA).state_from_json(data)
    assert again.to_json() == data and stores(again) == (1, 1)
    assert Action({"sow": "s1"}) in get_variant(TCHELA).legal_actions(again)
