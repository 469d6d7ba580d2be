"""Alquerque after Covarrubias (war.alquerque-covarrubias, DLP ruleset 596) and the pieces
mechanic's huff (``capture = { kind = "huff" }``): hand-worked positions, each naming the clause
it checks. On the alquerque board the diagonals run through a1, c1, e1, b2, d2, c3 and every
other point (the sum of file and rank even)."""
from __future__ import annotations

import json
import random

import pytest

from games.engine.core import InvalidState
from games.engine.rules import compile_file, rules_variant
from games.engine.rules.loader import RulesFileError

KEY = "war.alquerque-covarrubias"


def _v():
    return rules_variant(KEY)


def _state(v, board, to_move=0, options=None, **extra):
    data = {"board": {s: [seat, "man", 1] for s, seat in board.items()}, "to_move": to_move, **extra}
    return v.state_from_json(data | ({"options": options} if options else {}))


def _acts(v, s):
    out = []
    for a in v.legal_actions(s):
        a = a.to_json() if hasattr(a, "to_json") else dict(a)
        if "remove" in a:
            out.append(("x", a["remove"]))
        elif a.get("pass"):
            out.append(("pass", ""))
        else:
            out.append((a["from"], a["to"]))
    return sorted(out)


def _removals(v, s):
    return sorted(t for f, t in _acts(v, s) if f == "x")


# Position P: White a1 and e1, Black b2 and e5, White to move. White's a1 can hop b2 to c3.
P = {"a1": 0, "e1": 0, "b2": 1, "e5": 1}


def test_start_twelve_a_side_centre_empty_and_white_has_four_steps():
    # ACV-1: twelve pieces a side, every point but c3 filled; White begins, and only the four
    # White pieces next to c3 along a line can move (b2, c2, d2, d3), as Ludii's trace too.
    v = _v()
    s = v.new_game()
    board = s.to_json()["board"]
    assert "c3" not in board and len(board) == 24
    assert sum(1 for p in board.values() if p[0] == 0) == 12
    assert _acts(v, s) == [("b2", "c3"), ("c2", "c3"), ("d2", "c3"), ("d3", "c3")]


def test_a_capture_is_open_but_not_forced():
    # ACV-2, ACV-3: a1 may hop b2 to c3, but White may also step: a1 to a2 or b1, e1 to e2,
    # d1 or d2 (e1 has diagonals): six moves, no removal.
    v = _v()
    s = _state(v, P)
    assert _acts(v, s) == [("a1", "a2"), ("a1", "b1"), ("a1", "c3"), ("e1", "d1"), ("e1", "d2"), ("e1", "e2")]


def test_the_opponent_may_huff_the_piece_that_failed_to_capture_then_moves():
    # ACV-3: White steps e1-e2 although a1 could take. Black may take a1 off first: one removal
    # beside Black's ten moves (b2 to b1 c1 a2 c2 a3 b3 c3, e5 to e4 d5 d4).
    v = _v()
    s = v.apply(_state(v, P), {"from": "e1", "to": "e2"})
    assert s.to_json()["huff"] == ["a1"]
    acts = _acts(v, s)
    assert ("x", "a1") in acts and len(acts) == 11
    s = v.apply(s, {"remove": "a1"})
    # The huff is not Black's move: Black is still to move, now with a1 free for b2 (8 + 3).
    assert s.to_json()["to_move"] == 1 and s.to_json()["board"].keys() == {"e2", "b2", "e5"}
    assert s.to_json()["scores"] == [0, 1]
    acts = _acts(v, s)
    assert len(acts) == 11 and _removals(v, s) == []
    s = v.apply(s, {"from": "e5", "to": "d5"})
    assert s.to_json()["to_move"] == 0


def test_the_piece_that_stepped_away_is_huffed_where_it_stands():
    # ACV-3: the capturing piece itself steps, a1-b1: it is huffed on b1.
    v = _v()
    s = v.apply(_state(v, P), {"from": "a1", "to": "b1"})
    assert _removals(v, s) == ["b1"]


def test_when_several_could_capture_the_opponent_chooses_one():
    # ACV-3: a1 could hop b2 and e1 could hop d2, both to c3. White steps a1-a2: Black may
    # take off a2 (the moved piece) or e1, only one of them.
    v = _v()
    s = _state(v, {"a1": 0, "e1": 0, "b2": 1, "d2": 1, "e5": 1})
    s = v.apply(s, {"from": "a1", "to": "a2"})
    assert _removals(v, s) == ["a2", "e1"]
    s = v.apply(s, {"remove": "e1"})
    assert _removals(v, s) == [] and s.to_json()["to_move"] == 1


def test_no_huff_after_a_capture_or_where_none_was_open():
    # ACV-3: White takes with a1 while e1 could take too: no huff for Black.
    v = _v()
    s = _state(v, {"a1": 0, "e1": 0, "b2": 1, "d2": 1, "e5": 1})
    s = v.apply(s, {"from": "a1", "to": "c3"})
    assert s.to_json()["to_move"] == 1 and _removals(v, s) == [] and "huff" not in s.to_json()
    # No capture open for White: a step leaves nothing to huff.
    s = _state(v, {"a1": 0, "d4": 1, "e5": 1})
    s = v.apply(s, {"from": "a1", "to": "a2"})
    assert _removals(v, s) == []


CHAIN = {"a1": 0, "b2": 1, "d4": 1, "e4": 1, "a5": 1}


def test_a_chain_runs_on_while_captures_are_open():
    # ACV-2: a1 hops b2 to c3, then d4 to e5, then e4 to e3, each time free to stop.
    v = _v()
    s = v.apply(_state(v, CHAIN), {"from": "a1", "to": "c3"})
    assert _acts(v, s) == [("c3", "e5"), ("pass", "")]
    s = v.apply(s, {"from": "c3", "to": "e5"})
    assert _acts(v, s) == [("e5", "e3"), ("pass", "")]
    s = v.apply(s, {"from": "e5", "to": "e3"})
    assert s.to_json()["to_move"] == 1 and s.to_json()["board"].keys() == {"e3", "a5"}


def test_ludii_chain_option_forces_a_second_capture_and_stops_there():
    # ACV-7 (option ludii_chain, hook two-capture-chain): after a1xc3 the second hop c3xe5 is
    # the only move (no stop), and the turn ends with it though e5 could hop e4 to e3.
    v = _v()
    s = v.apply(_state(v, CHAIN, options={"ludii_chain": True}), {"from": "a1", "to": "c3"})
    assert _acts(v, s) == [("c3", "e5")]
    s = v.apply(s, {"from": "c3", "to": "e5"})
    assert s.to_json()["to_move"] == 1 and s.to_json()["scores"] == [2, 0]
    assert s.to_json()["board"].keys() == {"e5", "e4", "a5"}
    # A chain of one, where no second capture is open, ends as usual.
    s = v.apply(_state(v, {"a1": 0, "b2": 1, "a5": 1}, options={"ludii_chain": True}), {"from": "a1", "to": "c3"})
    assert s.to_json()["to_move"] == 1 and _removals(v, s) == []


def test_the_huff_lasts_one_turn_only():
    # ACV-3: Black declines the huff and steps e5-d5; the chance is gone (no huff in the state
    # as White moves). White, still able to take with a1, steps again (e2-e3): that is a new
    # failure, offered to Black anew; once White takes instead, nothing is offered.
    v = _v()
    s = v.apply(_state(v, P), {"from": "e1", "to": "e2"})
    s = v.apply(s, {"from": "e5", "to": "d5"})
    assert "huff" not in s.to_json() and _removals(v, s) == []
    s = v.apply(s, {"from": "e2", "to": "e3"})
    assert _removals(v, s) == ["a1"]
    s = v.apply(s, {"from": "d5", "to": "c5"})
    s = v.apply(s, {"from": "a1", "to": "c3"})  # White takes now
    assert _removals(v, s) == []


def test_a_chain_may_stop_and_stopping_is_not_a_failure():
    # ACV-2: a1 hops b2 to c3, then may hop d4 to e5 or stop (a pass). Stopping leaves no huff
    # (ACV-3: the piece did capture).
    v = _v()
    s = _state(v, {"a1": 0, "b2": 1, "d4": 1, "a5": 1})
    s = v.apply(s, {"from": "a1", "to": "c3"})
    assert s.to_json()["to_move"] == 0
    assert _acts(v, s) == [("c3", "e5"), ("pass", "")]
    s2 = v.apply(s, {"pass": True})
    assert s2.to_json()["to_move"] == 1 and _removals(v, s2) == []
    s3 = v.apply(s, {"from": "c3", "to": "e5"})
    assert s3.to_json()["board"].keys() == {"e5", "a5"} and s3.to_json()["to_move"] == 1


def test_the_other_side_is_huffed_alike():
    # ACV-3 for Black: White a1, e1, c3; Black b2, e5. White steps e1-e2, with no capture open
    # (a1's hop over b2 lands on White's own c3): nothing to huff. Black, able to hop c3 from
    # b2 to d4, steps e5-d5 instead: White may huff b2.
    v = _v()
    s = _state(v, {"a1": 0, "e1": 0, "c3": 0, "b2": 1, "e5": 1})
    s = v.apply(s, {"from": "e1", "to": "e2"})
    assert _removals(v, s) == []
    s = v.apply(s, {"from": "e5", "to": "d5"})
    assert _removals(v, s) == ["b2"]


def test_huff_must_option_leaves_only_the_removals():
    # ACV-4 (option huff_must): Black must take off a1 first, his only moves; then he moves.
    v = _v()
    s = _state(v, P, options={"huff_must": True})
    s = v.apply(s, {"from": "e1", "to": "e2"})
    assert _acts(v, s) == [("x", "a1")]
    s = v.apply(s, {"remove": "a1"})
    assert len(_acts(v, s)) == 11


def test_a_huff_of_the_last_piece_wins_and_a_blocked_player_loses():
    # ACV-5: White's only piece a1 could hop b2 and steps to b1; Black takes it off and wins.
    v = _v()
    s = _state(v, {"a1": 0, "b2": 1, "e5": 1})
    s = v.apply(s, {"from": "a1", "to": "b1"})
    s = v.apply(s, {"remove": "b1"})
    assert v.outcome(s).winner == 1
    # ACV-6: White's a1 hemmed in (a2, b1, b2 Black, the points beyond them filled): White loses.
    s = _state(v, {"a1": 0, "a2": 1, "b1": 1, "b2": 1, "a3": 1, "c1": 1, "c3": 1})
    assert _acts(v, s) == [] and v.outcome(s).winner == 1


def test_huff_state_round_trips_and_bad_huffs_are_refused():
    v = _v()
    s = v.apply(_state(v, P), {"from": "e1", "to": "e2"})
    again = v.state_from_json(s.to_json())
    assert _acts(v, again) == _acts(v, s)
    with pytest.raises(InvalidState, match="huff"):
        _state(v, P, to_move=1, huff=["b2"])  # the mover's own piece
    with pytest.raises(InvalidState, match="huff"):
        _state(v, P, to_move=1, huff=["c3"])  # an empty point
    plain = rules_variant("war.alquerque")
    with pytest.raises(InvalidState, match="huff"):
        _state(plain, P, to_move=1, huff=["a1"])  # a game without the huff


def test_without_the_huff_nothing_changes():
    # The default (war.alquerque, no huff): a capture left unmade gives the opponent nothing.
    v = rules_variant("war.alquerque")
    s = v.apply(_state(v, P), {"from": "e1", "to": "e2"})
    assert _removals(v, s) == [] and "huff" not in s.to_json()


HEAD = """\
key = "war.example"
title = "Example"
mechanic = "pieces"
game = { dlp = 24, name = "Alquerque" }
ruleset = { dlp = 0, name = "Ours" }
source = "dlp-2020"
locator = "DLP.GameRulesets.596"

[[clause]]
id = "EX-1"
text = "A board, pieces, steps and hops."
board = { shape = "alquerque", size = [5, 5] }
pieces = { man = {} }
setup = { place = [ { seat = 0, piece = "man", at = "a1" }, { seat = 1, piece = "man", at = "e5" } ] }
move = { kind = "step", dirs = "all" }

[[clause]]
id = "EX-2"
text = "Hops."
move = { kind = "hop", dirs = "all", over = "enemy", capture = true }

[[clause]]
id = "EX-3"
text = "The huff."
capture = %s
"""


@pytest.mark.parametrize("spec, message", [
    ('{ kind = "huff", must = "yes" }', "must be true or false"),
    ('{ kind = "huff", who = 1 }', "unknown field of a huff"),
    ('{ kind = "puff" }', "huff"),
])
def test_huff_errors_name_the_field(tmp_path, spec, message):
    folder = tmp_path / "rulesets" / "war"
    folder.mkdir(parents=True)
    path = folder / "example.toml"
    path.write_text(HEAD % spec, encoding="utf-8")
    with pytest.raises(RulesFileError, match=message):
        compile_file(path, tmp_path)


def test_a_file_huff_in_a_plain_game(tmp_path):
    # The construct in a file of its own, must = true: the huff is the opponent's only move.
    folder = tmp_path / "rulesets" / "war"
    folder.mkdir(parents=True)
    path = folder / "example.toml"
    path.write_text(HEAD % '{ kind = "huff", must = true }', encoding="utf-8")
    v = compile_file(path, tmp_path)
    s = v.apply(_state(v, P), {"from": "e1", "to": "d1"})
    assert _acts(v, s) == [("x", "a1")]


@pytest.mark.parametrize("seed, options", [(1, None), (2, None), (3, {"huff_must": True}), (4, {"ludii_chain": True})])
def test_random_games_play_out_to_an_end(seed, options):
    # ACV-5, ACV-6: random games (huffs included) end by the rules; the fast path and the
    # public protocol agree move for move.
    v = _v()
    rng = random.Random(seed)
    s = v.new_game(options) if options else v.new_game()
    sim = v.fast(s)
    huffs = 0
    for _ in range(20000):
        if v.outcome(s) is not None:
            break
        assert v.state_from_json(json.dumps(s.to_json())) == s and sim.state() == s
        acts = v.legal_actions(s)
        moves = sim.moves()
        assert sorted(str(sim.action(m).to_json()) for m in moves) == sorted(
            str(a.to_json() if hasattr(a, "to_json") else dict(a)) for a in acts)
        m = rng.choice(moves)
        a = sim.action(m).to_json()
        huffs += "remove" in a
        sim.play(m)
        s = v.apply(s, a)
    assert v.outcome(s) is not None and sim.outcome() is not None
    assert v.outcome(s).winner == sim.outcome().winner
    assert huffs  # the random games took huffs
