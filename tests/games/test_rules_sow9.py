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
