"""Hand-worked tests for helper sow9's two-row sowing games and the vocabulary they added to
games/engine/rules/sow.py: ``rounds.left_empty = "until-full"`` (Khrour, DLP ruleset 287: a
short player's holes are sown into but neither sown from nor taken until they hold the refill)."""
from __future__ import annotations

from pathlib import Path

from games.engine import get_variant
from tests.games.test_rules_sow import holes, make, state_of

KHROUR = "sow.khrour"
RULESETS = Path(__file__).resolve().parents[2] / "games" / "rulesets"


def sows(v, state) -> list[str]:
    return sorted((a["sow"] for a in v.legal_actions(state)), key=int)


# -- Khrour: even captures, short holes out of play until full ------------------------------------
def test_khrour_takes_a_last_hole_made_two_four_six_or_eight_in_either_row():
    v = get_variant(KHROUR)
    s = v.new_game()
    assert holes(s) == {1: 4, 2: 4, 3: 4, 4: 4} and sows(v, s) == ["1", "2"]
    # South sows 2 (four): 3 4 1 2, the last back into the emptied 2 (one): nothing taken.
    s = v.apply(s, {"sow": "2"})
    assert holes(s) == {1: 5, 2: 1, 3: 5, 4: 5} and s.to_json()["scores"] == [0, 0]
    # North sows 3 (five): 4 1 2 3 4, the last making seven in his 4: odd, nothing taken.
    s = v.apply(s, {"sow": "3"})
    assert holes(s) == {1: 6, 2: 2, 3: 1, 4: 7} and s.to_json()["scores"] == [0, 0]
    # South sows 2 (two): 3, then 4 made eight, the last: taken, from the opponent's row.
    s = v.apply(s, {"sow": "2"})
    assert holes(s) == {1: 6, 3: 2} and s.to_json()["scores"] == [8, 0]


def test_khrour_takes_nothing_at_ten():
    v = get_variant(KHROUR)
    s = state_of(v, {2: 1, 3: 9, 4: 1}, round=1, starter=0)
    s = v.apply(s, {"sow": "2"})  # one counter into 3, making ten: not taken
    assert holes(s) == {3: 10, 4: 1}


def test_khrour_refills_the_short_players_rest_into_one_hole_out_of_play():
    v = get_variant(KHROUR)
    # South 11 taken, North 3; South's single counter makes two in North's 3: the board is empty.
    s = state_of(v, {2: 1, 3: 1}, round=1, starter=0, scores=[11, 3])
    s = v.apply(s, {"sow": "2"})
    data = s.to_json()
    # South has 13: two holes of four and five aside; North has 3: all into his first hole (3),
    # short, his 4 empty; both are out of play. North would begin, but cannot: South moves.
    assert holes(s) == {1: 4, 2: 4, 3: 3}
    assert sorted(data["closed"], key=int) == ["3", "4"] and data["hands"][0] == {"seed": 5}
    assert data["round"] == 2 and data["starter"] == 1 and v.to_move(s) == 0
    # South sows 2 (four): 3 4 1 2, making North's 3 four: in play again; 4 holds one, still short.
    s = v.apply(s, {"sow": "2"})
    assert holes(s) == {1: 5, 2: 1, 3: 4, 4: 1} and s.to_json()["closed"] == ["4"]
    assert sows(v, s) == ["3"]


def test_khrour_takes_nothing_from_a_short_hole_and_without_until_full_skips_it():
    v = get_variant(KHROUR)
    start = {1: 4, 2: 2, 3: 4, 4: 1}
    s = state_of(v, start, round=2, starter=1, closed=["4"], scores=[0, 0], hands=[{"seed": 5}, {"seed": 0}])
    # South sows 2 (two): 3, then 4 made two, the last, but 4 is short: nothing taken.
    s = v.apply(s, {"sow": "2"})
    assert holes(s) == {1: 4, 3: 5, 4: 2} and s.to_json()["scores"] == [0, 0]
    # Under "skip" (Main Chongkak's rule) a short hole stays empty: the same rules with it
    # refuse a short hole holding counters.
    skip = make(_body((RULESETS / "sow" / "khrour.toml").read_text().replace('"until-full"', '"skip"')))
    try:
        state_of(skip, start, round=2, starter=1, closed=["4"], scores=[0, 0], hands=[{"seed": 5}, {"seed": 0}])
    except Exception as exc:  # noqa: BLE001
        assert "left empty" in str(exc)
    else:
        raise AssertionError("a skipped hole holding counters was accepted")


def test_khrour_a_player_with_a_single_counter_plays_on_and_none_loses():
    v = get_variant(KHROUR)
    # South takes two (his one into North's one in 3): South 15, North 1, the board empty.
    s = v.apply(state_of(v, {2: 1, 3: 1}, round=1, starter=0, scores=[13, 1]), {"sow": "2"})
    # North's one counter goes into his 3, short; the game goes on, South moving (North cannot).
    assert s.to_json()["over"] is None and holes(s) == {1: 4, 2: 4, 3: 1} and v.to_move(s) == 0
    # With North's last counters taken, he has none: South has won.
    s = v.apply(state_of(v, {2: 1, 3: 1}, round=1, starter=0, scores=[14, 0]), {"sow": "2"})
    assert s.to_json()["over"]["winner"] == 0


def _body(text: str) -> str:
    """A file's text from its first clause on (``make`` adds a header of its own)."""
    return text[text.index("[[clause]]"):]


# -- Baqura: set out from the hand, relay on odd, even holes taken with the facing ones ----------
BAQURA = "sow.baqura"


def test_baqura_players_set_out_their_counters_one_at_a_time_in_turn():
    v = get_variant(BAQURA)
    s = v.new_game()
    data = s.to_json()
    assert data["phase"] == "place" and data["board"] == {} and data["hands"] == [{"seed": 36}, {"seed": 36}]
    assert v.legal_actions(s) == [{"to": str(h), "piece": "seed"} for h in range(1, 7)]
    s = v.apply(s, {"to": "3", "piece": "seed"})
    assert v.to_move(s) == 1 and v.legal_actions(s) == [{"to": str(h), "piece": "seed"} for h in range(7, 13)]
    for k in range(71):  # the rest: South all into 3 and 4 in turn, North into 7 to 12 by turns
        seat = v.to_move(s)
        s = v.apply(s, {"to": str((3 + k // 2 % 2) if seat == 0 else 7 + k % 6), "piece": "seed"})
    data = s.to_json()
    assert data["phase"] == "play" and v.to_move(s) == 0 and not any(h.get("seed") for h in data["hands"])
    assert sum(c for h, c in holes(s).items() if h <= 6) == 36 and sum(c for h, c in holes(s).items() if h > 6) == 36
    assert sows(v, s) == ["3", "4"]


def test_baqura_relays_an_odd_hole_and_stops_in_an_empty_one():
    v = get_variant(BAQURA)
    s = state_of(v, {1: 1, 2: 2, 7: 1}, round=1, starter=0)
    # 1's counter makes 2 hold three (odd): lifted, sown 3 4 5, the last into the empty 5: over.
    s = v.apply(s, {"sow": "1"})
    assert holes(s) == {3: 1, 4: 1, 5: 1, 7: 1} and v.to_move(s) == 1


def test_baqura_takes_an_even_hole_with_the_facing_one_and_goes_back_while_even():
    v = get_variant(BAQURA)
    start = {1: 1, 2: 3, 4: 3, 5: 1, 8: 2, 9: 5, 12: 1}
    before = state_of(v, start, round=1, starter=0).to_json()["scores"][0]
    # 2's three counters: 3 (one), 4 (four), 5 (two, the last): even, so 5 and its facing 8
    # (2 + 2), then back: 4 even, with its facing 9 (4 + 5); 3 odd ends it. 13 taken.
    s = v.apply(state_of(v, start, round=1, starter=0), {"sow": "2"})
    assert holes(s) == {1: 1, 3: 1, 12: 1} and s.to_json()["scores"][0] == before + 13
    # Option chain = none (Ludii's play): the last hole and its facing one only.
    s = v.apply(state_of(v, start, round=1, starter=0, options={"chain": "none"}), {"sow": "2"})
    assert holes(s) == {1: 1, 3: 1, 4: 4, 9: 5, 12: 1} and s.to_json()["scores"][0] == before + 4


def test_baqura_a_hole_emptied_as_the_facing_one_ends_the_capture():
    v = get_variant(BAQURA)
    start = {1: 1, 5: 2, 6: 1, 7: 1, 10: 1}
    before = state_of(v, start, round=1, starter=0).to_json()["scores"][0]
    # 5's two: 6 (two), 7 (two, the last): 7 and its facing 6 are taken (4); going back, 6 is
    # then empty: the capture ends, nothing counted twice.
    s = v.apply(state_of(v, start, round=1, starter=0), {"sow": "5"})
    assert holes(s) == {1: 1, 10: 1} and s.to_json()["scores"][0] == before + 4


def test_baqura_a_new_round_is_set_out_by_the_poorer_player_and_copied_facing():
    v = get_variant(BAQURA)
    # South's one counter from 2 makes 3 two: taken (no counter faces it); the board is empty,
    # North cannot move, the round is over: South 42, North 30.
    s = v.apply(state_of(v, {2: 1, 3: 1}, round=1, starter=0, scores=[40, 30]), {"sow": "2"})
    data = s.to_json()
    assert data["phase"] == "place" and v.to_move(s) == 1 and data["hands"] == [{"seed": 42}, {"seed": 30}]
    assert [a["to"] for a in v.legal_actions(s)] == [str(h) for h in range(7, 13)]
    for k in range(30):  # North puts 20 into 7 and 10 into 12
        s = v.apply(s, {"to": "7" if k < 20 else "12", "piece": "seed"})
        assert v.to_move(s) == (1 if k < 29 else 0)
    # South copies into the facing holes, 6 (twenty) and 1 (ten), and keeps twelve; he has more,
    # so he sows first.
    data = s.to_json()
    assert holes(s) == {1: 10, 6: 20, 7: 20, 12: 10} and data["hands"][0] == {"seed": 12}
    assert data["phase"] == "play" and sows(v, s) == ["1", "6"]


def test_baqura_a_player_left_with_no_counter_has_lost():
    v = get_variant(BAQURA)
    s = v.apply(state_of(v, {2: 1, 3: 1}, round=1, starter=0, scores=[70, 0]), {"sow": "2"})
    assert s.to_json()["over"]["winner"] == 0


# -- Bay Khom: either way through both stores, relay from the next hole, alternate holes taken ----
BAY_KHOM = "sow.bay-khom"


def stores(state) -> list[int]:
    return state.to_json()["scores"]


def test_bay_khom_sows_either_way_through_the_store_at_each_rows_end():
    v = get_variant(BAY_KHOM)
    s = v.new_game()
    assert holes(s) == {h: 4 for h in range(1, 9)} and stores(s) == [5, 5]
    assert sorted((a["sow"], a["direction"]) for a in v.legal_actions(s)) == sorted(
        (str(h), d) for h in range(1, 5) for d in ("ccw", "cw"))
    # Anticlockwise from 2: 3 4 s1 5 (the last); the next hole, 6, holds four: lifted and sown
    # 7 8 s2 1 (the last); the next hole, 2, is empty: the hole after it, 3 (five), is taken;
    # then 4 is full, not empty: the capture ends.
    a = v.apply(s, {"sow": "2", "direction": "ccw"})
    assert holes(a) == {1: 5, 4: 5, 5: 5, 7: 5, 8: 5} and stores(a) == [11, 6]
    # Clockwise from 2: 1, s2 (the store at South's left, North's), 8, 7 (the last); the next,
    # 6, is lifted: 5, s1, 4, 3 (the last); 2 is empty: 1 (five) is taken; beyond it the store is
    # passed over and 8 is full: the capture ends.
    b = v.apply(s, {"sow": "2", "direction": "cw"})
    assert holes(b) == {3: 5, 4: 5, 5: 5, 7: 5, 8: 5} and stores(b) == [11, 6]


def test_bay_khom_judges_a_last_counter_in_a_store_from_the_hole_after_it():
    v = get_variant(BAY_KHOM)
    start = {1: 2, 4: 1, 6: 3, 8: 2}
    s = state_of(v, start, round=1, starter=0, scores=[17, 17])
    # 4's one counter falls into South's store; the next hole, 5, is empty: 6 (three) is taken;
    # 7 empty and 8 full: 8 (two) too; past North's store, 1 is full: the capture ends.
    s = v.apply(s, {"sow": "4", "direction": "ccw"})
    assert holes(s) == {1: 2} and stores(s) == [17 + 1 + 5, 17]


def test_bay_khom_refills_the_store_first_then_four_to_a_hole_from_the_right():
    v = get_variant(BAY_KHOM)
    # South's one counter goes into his store; 5 and 6 are empty, nothing is taken; the board is
    # empty, neither can move: the round is over, South 26, North 16.
    s = v.apply(state_of(v, {4: 1}, round=1, starter=0, scores=[25, 16]), {"sow": "4", "direction": "ccw"})
    data = s.to_json()
    # South: five in his store, four in each hole, five aside. North: five in his store, four in
    # 8 and 7 (his right), three aside; 5 and 6 are out of play. North begins this game.
    assert holes(s) == {1: 4, 2: 4, 3: 4, 4: 4, 7: 4, 8: 4} and stores(s) == [5, 5]
    assert data["hands"] == [{"seed": 5}, {"seed": 3}] and sorted(data["closed"]) == ["5", "6"]
    assert v.to_move(s) == 1 and sorted({a["sow"] for a in v.legal_actions(s)}) == ["7", "8"]
    t = v.apply(s, {"sow": "8", "direction": "ccw"})
    # Anticlockwise from 8: s2 1 2 3 (the last); the next, 4, is lifted (four): s1, then 5 and 6
    # passed over, 7 8 s2 (the last); the next hole after the store, 1 (five), is lifted: 2 3 4
    # s1 7 (the last); the next, 8 (one), is lifted: into s2. The next hole, 1, is empty: the
    # hole after it, 2 (six), is North's; then 3 is full: the capture ends.
    assert holes(t) == {3: 6, 4: 1, 7: 6} and stores(t) == [7, 14]


def test_bay_khom_a_player_who_cannot_fill_a_hole_has_lost():
    v = get_variant(BAY_KHOM)
    s = v.apply(state_of(v, {4: 1}, round=1, starter=0, scores=[33, 8]), {"sow": "4", "direction": "ccw"})
    assert s.to_json()["over"]["winner"] == 0


# -- Iyogh: gathered opening, clockwise only to take, ones and threes facing, store sowing --------
IYOGH = "sow.iyogh"


def ways(v, state) -> set[tuple[str, str]]:
    return {(a["sow"], a.get("direction", "ccw")) for a in v.legal_actions(state) if "count" not in a}


def test_iyogh_starts_gathered_and_sows_anticlockwise_unless_clockwise_takes():
    v = get_variant(IYOGH)
    s = v.new_game()
    assert holes(s) == {**{h: 4 for h in (1, 2, 3, 4, 5, 9, 10, 11, 12, 13)}, 8: 12, 16: 12}
    assert ways(v, s) == {(str(h), "ccw") for h in (1, 2, 3, 4, 5, 8)}  # no clockwise sowing takes


def test_iyogh_takes_ones_and_threes_facing_the_last_hole_and_the_next():
    v = get_variant(IYOGH)
    s = state_of(v, {1: 2, 7: 1, 12: 2, 13: 3, 14: 1, 16: 1})
    before = s.to_json()["scores"][0]
    # 1's two counters: 2, 3 (the last). 3 faces 14 (one): taken; the next hole, 4, faces 13
    # (three): taken; 5 faces 12 (two): the capture ends.
    s = v.apply(s, {"sow": "1", "direction": "ccw"})
    assert holes(s) == {2: 1, 3: 1, 7: 1, 12: 2, 16: 1} and s.to_json()["scores"][0] == before + 4


def test_iyogh_a_clockwise_sowing_must_take():
    v = get_variant(IYOGH)
    s = state_of(v, {2: 1, 3: 1, 9: 5, 15: 2, 16: 3})
    # 2 clockwise drops its one into 1, facing 16 (three): it takes, so it may go clockwise;
    # 3 clockwise drops into 2, facing 15 (two): it takes nothing, so it may not.
    assert ways(v, s) == {("2", "ccw"), ("2", "cw"), ("3", "ccw")}
    s = v.apply(s, {"sow": "2", "direction": "cw"})
    # 16's three are taken; the next hole clockwise is 16 itself, facing 1 (one): taken too,
    # the mover's own; 15 faces 2 (empty): the capture ends.
    assert holes(s) == {3: 1, 9: 5, 15: 2}


def test_iyogh_sows_counters_taken_from_the_leftmost_hole():
    v = get_variant(IYOGH)
    s = state_of(v, {4: 1, 9: 5, 13: 2, 14: 1}, scores=[3, 52])  # South has taken three
    stores_moves = sorted((a["count"], a.get("direction", "ccw")) for a in v.legal_actions(s) if "count" in a)
    # Anticlockwise any of one to three; clockwise (from 1: 16, 15, 14) none takes: 16 faces 1
    # (empty), 15 faces 2 (empty), 14 faces 3 (empty).
    assert stores_moves == [(1, "ccw"), (2, "ccw"), (3, "ccw")]
    # Two of them as from 1: into 2 and 3, the last facing 14 (one): taken; 4 faces 13 (two): ends.
    s = v.apply(s, {"sow": "s1", "count": 2, "direction": "ccw"})
    assert holes(s) == {2: 1, 3: 1, 4: 1, 9: 5, 13: 2} and s.to_json()["scores"][0] == 3 - 2 + 1


def test_iyogh_ends_when_a_row_is_empty_more_counters_winning():
    v = get_variant(IYOGH)
    # South's last counter goes from 8 into North's 9: South's holes are empty; the game ends,
    # North taking his own six: South 30, North 28 + 6 = 34: North wins.
    s = state_of(v, {8: 1, 9: 5}, scores=[30, 28])
    s = v.apply(s, {"sow": "8", "direction": "ccw"})
    over = s.to_json()["over"]
    assert over is not None and over["winner"] == 1


# -- Awagagae: holes won at four, the first raid on one free ---------------------------------------
AWAGAGAE = "sow.awagagae"


def test_awagagae_wins_an_opponents_hole_made_four_by_the_last_counter():
    v = get_variant(AWAGAGAE)
    s = state_of(v, {1: 4, 5: 2, 7: 3, 9: 4}, round=1, starter=0)
    # 5's two: 6, then 7 (three) made four, the last: South wins hole 7, which keeps its four.
    s = v.apply(s, {"sow": "5"})
    assert holes(s) == {1: 4, 6: 1, 7: 4, 9: 4} and s.to_json()["tuz"] == [["7"], []]
    assert v.to_move(s) == 1 and sows(v, s) == ["9"]  # North cannot sow from it


def test_awagagae_the_first_raid_on_a_won_hole_takes_nothing_then_one_each_time():
    v = get_variant(AWAGAGAE)
    s = state_of(v, {1: 2, 2: 1, 3: 4, 9: 3, 11: 1}, tuz=[[], ["3"]], raided=[], round=1, starter=0)
    before = s.to_json()["scores"][0]
    # South's one from 2 falls into North's won hole 3: the first time, nothing; the turn is over.
    s = v.apply(s, {"sow": "2"})
    assert holes(s) == {1: 2, 3: 5, 9: 3, 11: 1} and s.to_json()["raided"] == ["3"]
    assert s.to_json()["scores"][0] == before and v.to_move(s) == 1
    # Later, with the hole marked raided once (North having moved between):
    s = state_of(v, {1: 2, 3: 5, 9: 3, 11: 1}, tuz=[[], ["3"]], raided=["3"], round=1, starter=0)
    before = s.to_json()["scores"][0]
    # Now South's 1: 2, then 3 (six), the last: one counter is removed into South's store.
    s = v.apply(s, {"sow": "1"})
    assert holes(s) == {2: 1, 3: 5, 9: 3, 11: 1} and s.to_json()["scores"][0] == before + 1
