"""Properties of every tables variant, checked with hypothesis on states reached by random
play: 15 checkers a side, every legal step can be completed, the JSON round trip is the
identity, and anything not legal is refused without changing the state."""
from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import Action, IllegalAction, get_variant
from tests.games.test_tables_helpers import KEYS

OPTIONS = {
    "tables.backgammon": [{}, {"cube": False}],
    "tables.shesh-besh": [{}],
    "tables.takhte-nard": [{}, {"opening": "low", "home_hit_restriction": False, "bearoff_fallback": True}],
    "tables.ses-bes": [{}, {"ses_bes_jump": False}],
    "tables.gul-bara": [{}, {"cascade_after": "game", "opponent_plays_remainder": False}],
}


@st.composite
def states(draw):
    key = draw(st.sampled_from(KEYS))
    options = draw(st.sampled_from(OPTIONS[key]))
    seed = draw(st.integers(0, 10**6))
    n = draw(st.integers(0, 150))
    v = get_variant(key)
    rng = random.Random(seed)
    s = v.new_game(dict(options, match_to=3))
    for _ in range(n):
        if v.outcome(s) is not None:
            break
        s = v.apply(s, v.draw(s, rng) if v.is_chance(s) else rng.choice(v.legal_actions(s)))
    return v, s, rng


@settings(max_examples=120, deadline=None)
@given(states())
def test_fifteen_checkers_a_side_and_no_shared_points(vs) -> None:
    v, s, _ = vs
    j = s.to_json()
    assert [sum(c) for c in j["checkers"]] == [15, 15]
    assert all(n >= 0 for c in j["checkers"] for n in c)


@settings(max_examples=120, deadline=None)
@given(states())
def test_every_legal_step_can_be_completed(vs) -> None:
    v, s, rng = vs
    while s.phase == "move":
        side = s.to_move
        acts = v.legal_actions(s)
        assert acts, "a move phase always has a legal step"
        for a in acts:
            nxt = v.apply(s, a)
            if nxt.phase == "move" and nxt.to_move == side:
                assert v.legal_actions(nxt)
        s = v.apply(s, rng.choice(acts))


@settings(max_examples=120, deadline=None)
@given(states())
def test_json_round_trip_is_the_identity(vs) -> None:
    v, s, _ = vs
    data = json.loads(json.dumps(s.to_json()))
    back = v.state_from_json(data)
    assert back == s and back.to_json() == data
    assert v.legal_actions(back) == v.legal_actions(s)


ODD = [
    {"from": 24, "to": 23},
    {"from": 25, "to": 20},
    {"from": 6, "to": 0},
    {"from": 1, "to": 0, "die": 9},
    {"from": "24", "to": 18},
    {"roll": [3, 1]},
    {"roll": [7, 1]},
    {"opening": [2, 2]},
    {"double": True},
    {"take": True},
    {"drop": True},
    {"nonsense": 1},
]


@settings(max_examples=120, deadline=None)
@given(states(), st.sampled_from(ODD))
def test_anything_not_legal_is_refused_and_changes_nothing(vs, odd) -> None:
    v, s, _ = vs
    before = s.to_json()
    legal = v.legal_actions(s)
    if Action(odd) in legal or (s.phase == "move" and any(
        a.get("from") == odd.get("from") and a.get("to") == odd.get("to") and "die" not in odd for a in legal
    )):
        return
    try:
        v.apply(s, odd)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{odd} was accepted in phase {s.phase}")
    assert s.to_json() == before


def _reachable_by_steps(v, s, side, pending, memo=None, game=None):
    """Every position the mover can reach by legal single steps until the current dice are used
    (a step that wins a game of a match ends the play with every checker off: the state after it
    is the next game's first position)."""
    from games.engine.tables.moves import to_mover

    out = set()
    game = s.game if game is None else game
    if s.phase != "move" or s.to_move != side or s.pending != pending or s.dice == ():
        out.add((s.checkers[side], to_mover(v.rules(s.opts), s.checkers[1 - side])))
        return out
    memo = {} if memo is None else memo
    key = (s.checkers, s.dice, s.hitters, s.head_left)
    if key in memo:
        return memo[key]
    for a in v.legal_actions(s):
        after = v.apply(s, a)
        if after.game != game:  # the last checker off won a game of the match: the next one began
            out.add(((15,) + (0,) * (len(s.checkers[side]) - 1), to_mover(v.rules(s.opts), s.checkers[1 - side])))
            continue
        out |= _reachable_by_steps(v, after, side, pending, memo, game)
    memo[key] = out
    return out


@settings(max_examples=60, deadline=None)
@given(states())
def test_single_steps_reach_exactly_the_complete_plays(vs) -> None:
    v, s, _ = vs
    if s.phase != "move":
        return
    plays = {(p.me, p.op) for p in v.complete_plays(s)}
    assert _reachable_by_steps(v, s, s.to_move, s.pending) == plays
