"""Four-row (and other many-row) sowing constructs of the sow mechanic (games/engine/rules/sow.py)
and the replay of their Ludii runs: positions worked by hand on small files written here.

On four rows of four, South's holes are 1..4 (outer row, left to right) and 5..8 (inner row,
right to left), North's 9..12 (inner row, left to right as South sees it) and 13..16 (outer row,
right to left): so 6 (South's inner row, third column) faces 11, and 14 stands behind 11.
"""
from __future__ import annotations

import gzip
import json

from games.engine.rules import sow
from games.engine.rules.game import RulesVariant
from games.engine.rules.loader import load_text

HEAD = '''
key = "sow.test"
title = "Test"
mechanic = "sow"
game = { dlp = 0, name = "Test" }
ruleset = { dlp = 0, name = "Test" }
players = 2
sides = ["South", "North"]
source = "dlp-2020"
locator = "DLP.GameRulesets.0"
'''


def make(body: str) -> RulesVariant:
    rf = load_text(HEAD + body, "sow/test.toml", sow.ELEMENTS)
    return RulesVariant(sow.compile(rf))


def state_of(v: RulesVariant, counts: dict[int, int], to_move: int = 0):
    rest = v.game.total - sum(counts.values())
    data = {"board": {str(h): [None, "seed", c] for h, c in counts.items() if c}, "to_move": to_move,
            "scores": [rest // 2, rest - rest // 2]}
    return v.state_from_json(data)


def holes(state) -> dict[int, int]:
    return {int(k): c for k, (_, _, c) in state.to_json()["board"].items() if not k.startswith("s")}


FOUR = '''
[[clause]]
id = "F-1"
text = "Four rows of four; the facing holes are taken from an empty hole of one's own."
board = { rows = 4, holes = 4 }
setup = { seeds = 2 }
capture = { take = "opposite", where = "own", both = %s }
'''


def test_both_either_takes_the_outer_hole_even_when_the_facing_inner_hole_is_empty():
    either, facing_first = make(FOUR % '"either"'), make(FOUR % "true")
    # South sows 4 (two seeds): 5, then 6, empty. 6 faces 11 (empty) with 14 (four) behind it.
    s = {4: 2, 14: 4, 13: 1, 1: 1}
    for v in (either, facing_first):
        assert sorted((a["sow"] for a in v.legal_actions(state_of(v, s))), key=int) == ["1", "4"]
    took = either.apply(state_of(either, s), {"sow": "4"})
    assert holes(took) == {1: 1, 5: 1, 6: 1, 13: 1}
    assert took.to_json()["scores"][0] - state_of(either, s).to_json()["scores"][0] == 4
    kept = facing_first.apply(state_of(facing_first, s), {"sow": "4"})  # true: 11 empty, nothing
    assert holes(kept) == {1: 1, 5: 1, 6: 1, 13: 1, 14: 4}
    # With seeds in both, both ways take both: 11 (three) and 14 (four).
    s = {4: 2, 11: 3, 14: 4, 13: 1}
    for v in (either, facing_first):
        after = v.apply(state_of(v, s), {"sow": "4"})
        assert holes(after) == {5: 1, 6: 1, 13: 1}
        # North (to move) has only 13 left to sow from.
        assert [a["sow"] for a in v.legal_actions(after)] == ["13"]
    # Neither holds seeds: nothing is taken, and the move is an ordinary one.
    after = either.apply(state_of(either, {4: 2, 13: 1}), {"sow": "4"})
    assert holes(after) == {5: 1, 6: 1, 13: 1}


def test_a_sowing_either_way_from_one_hole_is_followed_as_two_readings_of_ludiis_run(tmp_path):
    """Ludii's select of a hole is one pair whichever way the sowing goes; its relay laps tell
    the two apart. Each is judged by its own laps (not by the laps of both together)."""
    from games.engine.rules.ludii import read_trace, replay

    v = make('''
[[clause]]
id = "R-1"
text = "Relay sowing either way."
board = { rows = 2, holes = 4 }
setup = { seeds = 2 }
sow = { relay = true, direction = "choose" }

[ludii]
sites = { "A1" = "1" }
''')
    # Holes 1..4 South's (A1..D1), 5..8 North's (D2..A2). South sows 1 clockwise: 8, 7 (now
    # three: lifted) -> 6, 5, 4 (now three: lifted) -> 3, 2, 1 (emptied: the move ends). The
    # same hole anticlockwise would relay 3, then 6.
    labels = ["A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2"]
    sites = [{"index": i, "label": lab, "x": i % 4, "y": i // 4} for i, lab in enumerate(labels)]
    head = {"sites": sites, "players": 2,
            "containers": [{"index": 0, "name": "Board", "kind": "board", "owner": 0, "first_site": 0, "num_sites": 8}]}
    own = [[0, 0], [1, 1], [2, 2], [3, 3]]
    steps = [
        {"mover": 1, "legal": own + own, "chosen": 4},  # 1, clockwise (Ludii lists each way)
        {"mover": 1, "legal": [[5, 5]], "chosen": 0},  # relays 7 (B2)
        {"mover": 1, "legal": [[3, 3]], "chosen": 0},  # relays 4 (D1)
    ]
    lines = [head] + [dict(st, step=i, dice=None) for i, st in enumerate(steps)]
    lines.append({"end": True, "steps": len(steps), "status": "cap", "ranking": [0, 0], "winner": None})
    path = tmp_path / "either-s1.jsonl.gz"
    path.write_bytes(gzip.compress("\n".join(json.dumps(x) for x in lines).encode()))
    report = replay(read_trace(path), v)
    assert report.last_line() == "replay: 3 of 3 steps agree; result agrees", [
        (st.status, st.ludii_only, st.ours_only) for st in report.steps]


def test_first_from_the_inner_row_binds_each_players_first_sowing_only():
    v = make('''
[[clause]]
id = "F-1"
text = "Four rows of four; each player's first move is from his inner row."
board = { rows = 4, holes = 4 }
setup = { seeds = 2 }
sow = { first_from = "inner" }
''')
    legal = lambda s: sorted((a["sow"] for a in v.legal_actions(s)), key=int)  # noqa: E731
    s = v.new_game()
    assert legal(s) == ["5", "6", "7", "8"]  # South's inner row
    s = v.apply(s, {"sow": "5"})  # 6, 7
    assert legal(s) == ["9", "10", "11", "12"]  # North's inner row
    s = v.apply(s, {"sow": "9"})  # 10, 11
    assert legal(s) == ["1", "2", "3", "4", "6", "7", "8"]  # then any hole with seeds
    outer = make('''
[[clause]]
id = "F-1"
text = "x"
board = { rows = 4, holes = 4 }
sow = { first_from = "outer" }
''')
    assert sorted((a["sow"] for a in outer.legal_actions(outer.new_game())), key=int) == ["1", "2", "3", "4"]


SINGLES = '''
[[clause]]
id = "S-1"
text = "Four rows of four; single seeds only when nothing else can be sown."
board = { rows = 4, holes = 4 }
setup = { seeds = 2 }
sow = { singles = "last-resort", singles_to_empty = %s }
'''


def test_single_seeds_are_sown_only_as_a_last_resort_and_only_into_empty_holes():
    free, to_empty = make(SINGLES % "false"), make(SINGLES % "true")
    legal = lambda v, s: sorted((a["sow"] for a in v.legal_actions(state_of(v, s))), key=int)  # noqa: E731
    s = {1: 1, 2: 1, 3: 2, 6: 1, 9: 2}
    assert legal(free, s) == legal(to_empty, s) == ["3"]  # the hole of two
    s = {1: 1, 2: 1, 6: 1, 9: 2}
    assert legal(free, s) == ["1", "2", "6"]
    assert legal(to_empty, s) == ["2", "6"]  # 1 would fall into 2 (occupied); 2 into 3, 6 into 7
    s = {1: 1, 8: 1, 9: 2}  # 1 into 2 (empty) but 8 into 1 (occupied): round the track
    assert legal(to_empty, s) == ["1"]


def test_a_capture_into_an_occupied_hole_where_into_is_any():
    body = '''
[[clause]]
id = "C-1"
text = "x"
board = { rows = 4, holes = 4 }
setup = { seeds = 2 }
capture = { take = "opposite", where = "own"%s }
'''
    empty, anyway = make(body % ""), make(body % ', into = "any"')
    s = {5: 1, 6: 2, 11: 3, 14: 4}  # 5's seed falls into 6 (now three), which faces 11
    took = anyway.apply(state_of(anyway, s), {"sow": "5"})
    assert holes(took) == {6: 3, 14: 4}  # 11 taken, not 14 behind it (no both)
    kept = empty.apply(state_of(empty, s), {"sow": "5"})
    assert holes(kept) == {6: 3, 11: 3, 14: 4}


def test_then_take_lets_the_capturer_choose_more_of_the_opponents_holes():
    v = make('''
[[clause]]
id = "T-1"
text = "Four rows of four; a last seed in an empty inner hole takes the facing holes, then one more."
board = { rows = 4, holes = 4 }
setup = { seeds = 2 }
capture = { take = "opposite", where = "own", both = "either", min = 0, then_take = 1 }
''')
    s = state_of(v, {4: 2, 11: 3, 14: 4, 9: 2, 13: 1})
    before = s.to_json()["scores"][0]
    s = v.apply(s, {"sow": "4"})  # 5, then 6 (empty): 11 and 14 behind it are taken
    data = s.to_json()
    assert data["phase"] == "take" and data["to_move"] == 0 and data["pending"] == {"take": 1}
    assert data["scores"][0] - before == 7
    assert sorted(a["remove"] for a in v.legal_actions(s)) == ["13", "9"]  # North's holes with seeds
    assert v.state_from_json(data).to_json() == data  # the phase reads back
    s = v.apply(s, {"remove": "9"})
    assert s.to_json()["scores"][0] - before == 9 and s.to_json()["phase"] == "play"
    assert [a["sow"] for a in v.legal_actions(s)] == ["13"]  # North's turn, one hole left
    # min = 0: the facing holes empty, the further hole is still taken.
    s = v.apply(state_of(v, {4: 2, 13: 1, 10: 2}), {"sow": "4"})
    assert sorted(a["remove"] for a in v.legal_actions(s)) == ["10", "13"]
    # Nothing left to choose from: the turn simply passes (here North has no seeds: the end).
    s = v.apply(state_of(v, {4: 2, 11: 3, 1: 1}), {"sow": "4"})
    assert s.to_json()["phase"] == "over"


def test_first_hole_names_the_set_first_move_of_each_player_even_after_a_take():
    v = make('''
[[clause]]
id = "F-1"
text = "Four rows of four; each player first sows his second inner hole from his left."
board = { rows = 4, holes = 4 }
setup = { counts = [2, 2, 2, 2, 2, 2, 1, 0, 0, 1, 2, 2, 2, 2, 2, 2] }
sow = { first_from = "inner", first_hole = 2 }
capture = { take = "opposite", where = "own", both = "either", min = 0, then_take = 1 }
''')
    # South's inner row from his left is 8, 7, 6, 5: the second is 7 (one seed, into 8: empty,
    # facing 9, empty, with 16 behind it). North's from his left is 12, 11, 10, 9: the second is 11.
    s = v.new_game()
    assert [a["sow"] for a in v.legal_actions(s)] == ["7"]
    s = v.apply(s, {"sow": "7"})  # takes 16 (two), then one more hole of North's
    assert s.to_json()["phase"] == "take" and s.to_json()["sown"] == ["7"]
    s = v.apply(s, {"remove": "13"})
    assert [a["sow"] for a in v.legal_actions(s)] == ["11"]  # North's own first sowing
    s = v.apply(s, {"sow": "11"})
    assert len(v.legal_actions(s)) > 1


def test_first_plain_sows_each_players_first_move_one_lap_without_capture():
    v = make('''
[[clause]]
id = "P-1"
text = "Four rows of four; relay sowing, but each player's first sowing is one lap."
board = { rows = 4, holes = 4 }
setup = { seeds = 1 }
sow = { relay = true, first_plain = true }
capture = { take = "opposite", where = "own", both = "either", min = 0 }
''')
    s = state_of(v, {4: 2, 6: 1, 9: 1, 11: 3, 14: 1, 13: 1})
    s = v.apply(s, {"sow": "4"})  # 5 (empty), 6 (now two): one lap, no relay, nothing taken
    assert holes(s) == {5: 1, 6: 2, 9: 1, 11: 3, 14: 1, 13: 1} and s.to_json()["to_move"] == 1
    s = v.apply(s, {"sow": "13"})  # North's first: 14 (now two), one lap
    assert holes(s) == {5: 1, 6: 2, 9: 1, 11: 3, 14: 2}
    s = v.apply(s, {"sow": "5"})  # now relays: 6 (three, lifted) -> 7, 8, 1 (empty, outer: ends)
    assert holes(s) == {7: 1, 8: 1, 1: 1, 9: 1, 11: 3, 14: 2}
    game = v.game
    sim = v.fast(state_of(v, {4: 2, 6: 1, 9: 1, 13: 1}))
    assert game.ludii_steps(sim, sim.moves()[0], None) is None  # Ludii's one step: no relay laps


def test_choose_once_after_a_first_clockwise_sowing_keeps_each_players_direction():
    v = make('''
[[clause]]
id = "D-1"
text = "Four rows of four; clockwise first, then a way chosen once."
board = { rows = 4, holes = 4 }
setup = { seeds = 1 }
sow = { direction = "choose-once", first_direction = "cw" }
''')
    ways = lambda s: sorted((a["sow"], a["direction"]) for a in v.legal_actions(s))  # noqa: E731
    s = v.new_game()
    assert ways(s) == sorted((str(h), "cw") for h in range(1, 9))  # South's first: clockwise only
    assert s.to_json()["directions"] == [None, None]
    s = v.apply(s, {"sow": "1", "direction": "cw"})  # into 8 (now two)
    assert ways(s) == sorted((str(h), "cw") for h in range(9, 17))  # North's first too
    s = v.apply(s, {"sow": "9", "direction": "cw"})  # into 16
    assert ways(s) == sorted((str(h), w) for h in range(2, 9) for w in ("ccw", "cw"))  # South chooses
    s = v.apply(s, {"sow": "2", "direction": "ccw"})  # into 3: South keeps anticlockwise
    assert s.to_json()["directions"] == ["ccw", None]
    s = v.apply(s, {"sow": "10", "direction": "cw"})  # North chooses clockwise: 10 into 9
    assert ways(s) == sorted((str(h), "ccw") for h in (3, 4, 5, 6, 7, 8))
    assert v.state_from_json(s.to_json()).to_json() == s.to_json()


def test_a_differing_result_a_clause_explains_lets_the_replay_pass():
    from games.engine.rules.ludii import Report

    assert not Report("t", "sow.test", [], 0, False, "").ok
    assert Report("t", "sow.test", [], 0, False, "", result_clause="X-1").ok
    assert "explained by clause X-1" in Report("t", "sow.test", [], 0, False, "", result_clause="X-1").last_line()


def test_both_behind_takes_only_the_outer_hole_and_only_behind_an_empty_facing_hole():
    v = make(FOUR % '"behind"')
    s = {4: 2, 14: 4, 13: 1}  # 4: 5, then 6 (empty); 11, facing 6, is empty: 14 behind it is taken
    after = v.apply(state_of(v, s), {"sow": "4"})
    assert holes(after) == {5: 1, 6: 1, 13: 1}
    s = {4: 2, 11: 3, 14: 4, 13: 1}  # 11 holds seeds: nothing is taken
    after = v.apply(state_of(v, s), {"sow": "4"})
    assert holes(after) == {5: 1, 6: 1, 11: 3, 13: 1, 14: 4}
    assert sorted((a["sow"] for a in v.legal_actions(after)), key=int) == ["11", "13", "14"]


def test_a_relay_hook_draws_the_facing_holes_into_the_last_and_the_sowing_goes_on():
    import games.engine.rules.hooks_sow_rows  # noqa: F401  (registers katra-boaoaka-draw)

    v = make('''
[[clause]]
id = "K-1"
text = "Four rows of four; relay sowing; a lap ending in the inner row draws in the facing holes."
board = { rows = 4, holes = 4 }
setup = { seeds = 2 }
sow = { relay = true, relay_hook = "katra-boaoaka-draw" }
''')
    assert v.rules_file.hooks == ["katra-boaoaka-draw"]
    # 4: 5, 6 (empty); 11 (two) and 14 (one) are drawn into 6, which sows on: 7, 8, 1, 2 (empty, outer).
    s = state_of(v, {4: 2, 11: 2, 14: 1, 13: 1})
    sim = v.fast(s)
    move = next(m for m in sim.moves() if sim.action(m).to_json() == {"sow": "4"})
    assert [a["sow"] for _, a, _ in v.game.ludii_steps(sim, move, None)] == ["4", "6"]
    after = v.apply(s, {"sow": "4"})
    assert holes(after) == {5: 1, 7: 1, 8: 1, 1: 1, 2: 1, 13: 1}
    # The last hole was empty and the facing holes hold one each: nothing is drawn.
    after = v.apply(state_of(v, {4: 2, 11: 1, 14: 1, 13: 1}), {"sow": "4"})
    assert holes(after) == {5: 1, 6: 1, 11: 1, 14: 1, 13: 1}
    # An occupied last hole draws too: 6 (one, now two) takes 11 (one): 3 sown on: 7, 8, 1.
    after = v.apply(state_of(v, {4: 2, 6: 1, 11: 1, 13: 1}), {"sow": "4"})
    assert holes(after) == {5: 1, 7: 1, 8: 1, 1: 1, 13: 1}
