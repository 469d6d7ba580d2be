"""Positions where a race player can give a piece away, and how to tell when it did (issue 37).

The audit of the ``strong`` level of the time (``medium`` now) found it bearing off pieces that
were already safe while another stood to be hit, and once bearing off where it could take a
piece. :func:`blunder` names those two kinds of step in any race position:

- ``"safety"``: the step bears off a piece the other side's next throw could not hit where it
  stood, and leaves the side's pieces at least ``MARGIN`` more likely to be hit (some piece, by
  the next throw) than the step that leaves them least likely to be;
- ``"capture"``: the step bears off a piece where another step takes one of the other side's
  (where a capture sends the piece back to the start or out of the game; where the two pieces
  only change places, as in Murray's Ur, the taken piece loses a few squares and bearing off may
  well be worth more).

Both are heuristics, not the truth. Against the perfect-play table of Finkel's Ur with three
pieces a side (``bench/race.py --only table --pieces 3``), a step of these kinds loses win
probability in about nine cases in ten; the tenth is mostly a piece on 14 borne off with a throw
of 1, the only throw that moves it, while another piece is left exposed: perfect play bears it
off (``test_race_search`` holds two such endings). The suite's right steps come from the same
rule of thumb, and the tables say where it errs: with six pieces a side the table covers 25 of
the suite's 43 Finkel positions, and in 5 of them it values a blunder step at least as high as
the right step. Strong's two blunder steps on Finkel's positions are among them: entry 7 (the
bear-off keeps 0.6546 where the right step keeps 0.6482; perfect play enters a piece, 0.6595)
and entry 39 (the bear-off, 0.7862, is perfect play's own step; the right step keeps 0.7719).
Its two on Murray's Ur (entries 48 and 49) leave a piece to be swapped, not sent back; no table
reaches them, and 1,000 roll-outs of each step with medium playing on (``bench/race.py --only
suite --rollouts 1000``) give strong's step +0.046 [+0.021, +0.071] of a game more than the
right step in entry 48 and +0.000 [-0.040, +0.040] in entry 49.

``SUITE`` holds the audit's positions, rebuilt as engine states, and more of the same kind found in
engine-only games (``medium`` against ``easy``, Finkel's and Murray's Ur, seeds 0-39): every
position where one of the legal steps is such a blunder. Each entry names the step a good player
takes (for the audit's positions the one the audit named; for the others, the legal step that
leaves the side least likely to be hit, or the capture) and the blunder steps.

    >>> from games.engine import get_variant
    >>> ur = get_variant("race.ur")
    >>> s = suite_state(SUITE[0])
    >>> blunder(ur, s, {"from": 12, "to": 15}), blunder(ur, s, {"from": 7, "to": 10})
    ('safety', None)
"""
from __future__ import annotations

from typing import Any

from games.engine import get_variant
from games.engine.ai.race import _rules, _throws
from games.engine.core import Action, Variant
from games.engine.race.game import replace, steps
from games.engine.race.state import MOVE, RaceState

__all__ = ["MARGIN", "SUITE", "blunder", "hit_chance", "suite_state"]

#: How much more likely to be hit a blunder leaves the side than its safest step.
MARGIN = 0.25


def hit_chance(variant: Variant, state: RaceState, side: int, only: int | None = None) -> float:
    """The chance that the other side's next throw lets it take a piece of ``side`` (the one on
    ``only``, if given), in ``state`` as it stands (whoever is to throw)."""
    r = _rules(variant, state)
    other = 1 - side
    total = 0.0
    for faces, prob in _throws(r):
        value = r.value_of(faces)
        left = tuple(v for v in value if v > 0)
        if not left:
            continue
        st = replace(state, phase=MOVE, to_move=other, throw=faces, value=value, moves_left=left, banked=())
        for step in steps(r, st).values():
            if only is None:
                hit = step.pieces[side] != state.pieces[side] or step.lost[side] != state.lost[side]
            else:
                hit = step.pieces[side].count(only) < state.pieces[side].count(only)
            if hit:
                total += prob
                break
    return total


def _captures(state: RaceState, after: RaceState) -> bool:
    other = 1 - state.to_move
    return after.pieces[other] != state.pieces[other] or after.lost[other] != state.lost[other]


def blunder(variant: Variant, state: RaceState, action: Action | dict[str, Any]) -> str | None:
    """``"safety"``, ``"capture"`` or None: whether ``action`` (a step in ``state``) is one of
    the two blunders this module names."""
    r = _rules(variant, state)
    act = Action.from_json(action)
    if act.get("to") != r.n + 1:
        return None
    me = state.to_move
    src = act["from"]
    children = {a: variant.apply(state, a) for a in variant.legal_actions(state) if "from" in a}
    if r.capture in ("send-back", "remove") and any(_captures(state, c) for a, c in children.items() if a != act):
        return "capture"
    if hit_chance(variant, state, me, only=src) > 0:
        return None  # the piece borne off was in danger: taking it home is no blunder
    exposure = {a: hit_chance(variant, c, me) for a, c in children.items() if c.result is None}
    if act not in exposure or len(exposure) < 2:
        return None
    if exposure[act] >= min(exposure.values()) + MARGIN:
        return "safety"
    return None


def _ur(rules: str, mine: list[int], theirs: list[int], faces: list[int], to_move: int = 0) -> dict[str, Any]:
    pieces = [mine, theirs] if to_move == 0 else [theirs, mine]
    return {"variant": "race.ur", "options": {"rules": rules}, "pieces": pieces, "to_move": to_move,
            "phase": "move", "throw": {"dice": faces}}


def right_step(variant: Variant, state: RaceState) -> tuple[int, int]:
    """The step a good player takes where a blunder is on offer: a capture that sends a piece
    back (the one that gains most), else the step that leaves the side least likely to be hit (the furthest, of equals)."""
    me = state.to_move
    children = {(a["from"], a["to"]): variant.apply(state, a) for a in variant.legal_actions(state) if "from" in a}
    r = _rules(variant, state)
    takes = [k for k, c in children.items() if _captures(state, c)] if r.capture in ("send-back", "remove") else []
    if takes:
        return max(takes, key=lambda k: (k[1] - k[0], k))
    return min(children, key=lambda k: (hit_chance(variant, children[k], me), -(k[1] - k[0]), k))


def find_positions(rules: str, seeds: range, players: tuple[str, str] = ("medium", "easy")) -> list[dict[str, Any]]:
    """Positions of Ur games (``rules``: Finkel's or Murray's preset; ``players`` for sides 0 and
    1, the games' seeds ``seeds``) where one of the legal steps is a blunder, as ``SUITE`` holds
    them."""
    import random

    from games.engine.ai import choose

    ur = get_variant("race.ur")
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        state = ur.new_game({"rules": rules})
        assert isinstance(state, RaceState)
        while state.result is None:
            if ur.is_chance(state):
                state = ur.apply(state, ur.draw(state, rng))
                continue
            actions = ur.legal_actions(state)
            if len(actions) > 1 and any(blunder(ur, state, a) for a in actions):
                data = state.to_json()
                out.append({"note": f"{rules}, {players[0]} against {players[1]}, seed {seed}, throw {state.throws}",
                            "state": {k: data[k] for k in ("variant", "options", "pieces", "to_move", "phase")}
                            | {"throw": {"dice": list(state.throw or ())}},
                            "right": right_step(ur, state)})
            state = ur.apply(state, choose(ur, state, players[state.to_move], rng))
    return out


def suite_state(entry: dict[str, Any]) -> RaceState:
    state = get_variant(entry["state"]["variant"]).state_from_json(entry["state"])
    assert isinstance(state, RaceState)
    return state


_T = {1: [1, 0, 0, 0], 2: [1, 1, 0, 0], 3: [1, 1, 1, 0], 4: [1, 1, 1, 1]}  # Finkel: four dice
_M = {1: [1, 0, 0], 2: [1, 1, 0], 3: [1, 1, 1], 4: [0, 0, 0]}               # Murray: three, none up = 4

#: ``state``: the position (a move due); ``right``: the step a good player takes; ``note``: where
#: it comes from. The audit gave only the pieces it named; the others are borne off or not yet
#: entered as the entry says.
SUITE: list[dict[str, Any]] = [
    {"note": "audit, match umy6hywamukx entry 135: 12→off leaves 7 to be hit 69%, 7→10 6%",
     "state": _ur("finkel", [7, 8, 12, 15, 15, 15, 15], [3, 5, 6, 15, 15, 15, 15], _T[3]), "right": (7, 10)},
    {"note": "audit, entry 121: bore off from 14 (private, safe) instead of 6→7 (62.5% against 31%)",
     "state": _ur("finkel", [0, 6, 14, 15, 15, 15, 15], [0, 3, 4, 15, 15, 15, 15], _T[1]), "right": (6, 7)},
    {"note": "audit, Murray's Ur: 26→off leaves 87.5% to be hit where 8→10 leaves 12.5%",
     "state": _ur("murray", [0, 0, 0, 8, 26, 28, 28], [0, 0, 0, 5, 6, 19, 28], _M[2]), "right": (8, 10)},
    {"note": "audit: bore off instead of capturing (4→6 available)",
     "state": _ur("finkel", [0, 4, 13, 15, 15, 15, 15], [0, 0, 6, 15, 15, 15, 15], _T[2]), "right": (4, 6)},
]


#: Found by :func:`find_positions` (``medium`` against ``easy``; Finkel's Ur seeds 0-15, Murray's
#: seeds 0-2): (rules, seed, throws made, side 0's pieces, side 1's, side to move, the dice, the
#: right step by :func:`right_step`).
FOUND: list[tuple[Any, ...]] = [
    ("finkel", 0, 58, [0, 2, 3, 8, 10, 14, 15], [0, 0, 0, 0, 1, 5, 11], 0, [0, 0, 1, 0], (10, 11)),
    ("finkel", 0, 83, [0, 6, 8, 12, 14, 15, 15], [0, 0, 0, 0, 0, 1, 7], 0, [1, 0, 0, 0], (6, 7)),
    ("finkel", 1, 46, [0, 0, 0, 0, 3, 12, 15], [0, 0, 0, 0, 3, 6, 15], 0, [1, 0, 1, 1], (3, 6)),
    ("finkel", 1, 71, [0, 2, 4, 5, 14, 15, 15], [0, 0, 0, 1, 2, 15, 15], 0, [1, 0, 0, 0], (5, 6)),
    ("finkel", 2, 13, [0, 0, 0, 0, 0, 4, 12], [0, 0, 0, 0, 0, 2, 7], 0, [1, 1, 0, 1], (4, 7)),
    ("finkel", 2, 47, [0, 0, 2, 5, 14, 15, 15], [0, 0, 0, 0, 6, 15, 15], 0, [0, 0, 1, 0], (5, 6)),
    ("finkel", 3, 59, [0, 0, 4, 5, 9, 14, 15], [0, 0, 0, 0, 0, 2, 10], 0, [0, 0, 0, 1], (9, 10)),
    ("finkel", 3, 66, [0, 0, 3, 4, 13, 14, 15], [0, 0, 0, 0, 1, 5, 7], 0, [1, 0, 1, 0], (3, 5)),
    ("finkel", 3, 69, [0, 0, 3, 4, 14, 15, 15], [0, 0, 0, 0, 5, 6, 7], 0, [1, 0, 0, 0], (4, 5)),
    ("finkel", 3, 133, [7, 15, 15, 15, 15, 15, 15], [0, 2, 3, 8, 9, 11, 15], 1, [1, 1, 1, 1], (3, 7)),
    ("finkel", 4, 20, [0, 0, 0, 0, 0, 4, 13], [0, 0, 0, 0, 0, 5, 6], 0, [1, 0, 0, 1], (4, 6)),
    ("finkel", 5, 51, [0, 1, 3, 4, 6, 14, 15], [0, 0, 0, 3, 4, 7, 15], 0, [0, 0, 1, 0], (6, 7)),
    ("finkel", 5, 81, [2, 4, 6, 10, 14, 15, 15], [0, 0, 2, 3, 7, 12, 15], 0, [1, 0, 0, 0], (6, 7)),
    ("finkel", 6, 27, [0, 0, 0, 0, 1, 4, 13], [0, 0, 0, 0, 6, 8, 15], 0, [1, 0, 0, 1], (4, 6)),
    ("finkel", 7, 24, [0, 0, 0, 0, 0, 4, 12], [0, 0, 0, 1, 4, 5, 7], 0, [1, 1, 1, 0], (4, 7)),
    ("finkel", 7, 63, [0, 1, 3, 4, 13, 14, 15], [0, 0, 0, 1, 7, 13, 15], 1, [1, 0, 0, 1], (7, 9)),
    ("finkel", 7, 93, [2, 4, 12, 14, 15, 15, 15], [0, 0, 2, 4, 11, 15, 15], 0, [0, 1, 0, 0], (12, 13)),
    ("finkel", 8, 21, [0, 0, 0, 0, 4, 8, 12], [0, 0, 0, 0, 0, 2, 7], 0, [0, 1, 1, 1], (4, 7)),
    ("finkel", 8, 35, [0, 0, 2, 4, 8, 13, 14], [0, 0, 0, 0, 0, 5, 7], 0, [0, 0, 1, 0], (4, 5)),
    ("finkel", 8, 45, [0, 0, 3, 5, 8, 13, 15], [0, 0, 0, 0, 1, 2, 9], 0, [0, 1, 0, 1], (5, 7)),
    ("finkel", 8, 67, [0, 2, 8, 11, 15, 15, 15], [0, 0, 0, 0, 3, 5, 6], 0, [1, 1, 1, 1], (2, 6)),
    ("finkel", 8, 72, [0, 4, 8, 14, 15, 15, 15], [0, 0, 0, 0, 0, 5, 6], 0, [0, 0, 1, 0], (4, 5)),
    ("finkel", 9, 82, [0, 0, 3, 5, 8, 13, 15], [0, 0, 0, 0, 0, 3, 15], 0, [0, 1, 0, 1], (5, 7)),
    ("finkel", 9, 116, [0, 3, 4, 14, 15, 15, 15], [0, 0, 1, 3, 5, 6, 15], 0, [0, 0, 1, 0], (4, 5)),
    ("finkel", 11, 100, [3, 6, 8, 14, 15, 15, 15], [0, 0, 0, 0, 2, 3, 15], 0, [0, 0, 1, 0], (6, 7)),
    ("finkel", 11, 101, [4, 6, 8, 14, 15, 15, 15], [0, 0, 0, 0, 2, 3, 15], 0, [0, 0, 1, 0], (6, 7)),
    ("finkel", 12, 20, [0, 0, 0, 0, 1, 4, 13], [0, 0, 0, 0, 0, 3, 6], 0, [0, 1, 0, 1], (4, 6)),
    ("finkel", 12, 62, [0, 2, 8, 12, 14, 15, 15], [0, 0, 0, 1, 3, 5, 15], 0, [1, 1, 1, 0], (2, 5)),
    ("finkel", 12, 117, [9, 15, 15, 15, 15, 15, 15], [0, 0, 2, 3, 8, 14, 15], 1, [0, 1, 0, 0], (8, 9)),
    ("finkel", 12, 133, [9, 15, 15, 15, 15, 15, 15], [0, 0, 4, 10, 12, 14, 15], 1, [0, 1, 0, 0], (12, 13)),
    ("finkel", 13, 51, [0, 1, 3, 6, 8, 14, 15], [0, 0, 0, 0, 2, 3, 15], 0, [0, 0, 1, 0], (6, 7)),
    ("finkel", 13, 52, [0, 1, 4, 6, 8, 14, 15], [0, 0, 0, 0, 2, 3, 15], 0, [0, 1, 0, 0], (6, 7)),
    ("finkel", 13, 81, [3, 4, 8, 13, 15, 15, 15], [0, 0, 2, 4, 5, 7, 15], 0, [0, 0, 1, 1], (3, 5)),
    ("finkel", 14, 23, [0, 0, 0, 0, 2, 4, 12], [0, 0, 0, 0, 0, 3, 7], 0, [1, 1, 1, 0], (4, 7)),
    ("finkel", 14, 73, [0, 1, 3, 4, 8, 15, 15], [0, 0, 0, 2, 4, 5, 13], 1, [1, 0, 1, 0], (5, 7)),
    ("finkel", 14, 98, [3, 4, 5, 8, 14, 15, 15], [0, 0, 0, 2, 3, 7, 15], 0, [0, 1, 0, 0], (5, 6)),
    ("finkel", 14, 129, [4, 7, 13, 15, 15, 15, 15], [0, 0, 0, 0, 1, 4, 15], 0, [0, 1, 1, 0], (7, 9)),
    ("finkel", 15, 29, [0, 0, 0, 2, 4, 9, 13], [0, 0, 0, 0, 0, 2, 7], 0, [1, 0, 0, 1], (9, 11)),
    ("finkel", 15, 69, [0, 0, 3, 4, 15, 15, 15], [0, 0, 0, 0, 5, 12, 15], 1, [1, 0, 1, 1], (5, 8)),
    ("finkel", 15, 116, [2, 12, 14, 15, 15, 15, 15], [0, 0, 0, 5, 15, 15, 15], 0, [1, 1, 1, 0], (2, 5)),
    ("murray", 0, 88, [3, 4, 6, 15, 16, 18, 19], [1, 2, 4, 14, 16, 20, 25], 1, [1, 1, 1], (20, 23)),
    ("murray", 0, 102, [3, 4, 6, 13, 17, 20, 21], [1, 4, 5, 12, 14, 18, 25], 1, [1, 1, 1], (14, 17)),
    ("murray", 0, 176, [3, 6, 12, 17, 21, 24, 28], [4, 15, 19, 20, 26, 28, 28], 1, [0, 1, 1], (15, 17)),
    ("murray", 0, 200, [3, 13, 15, 19, 20, 28, 28], [4, 17, 21, 26, 28, 28, 28], 1, [0, 1, 1], (21, 23)),
    ("murray", 1, 316, [3, 4, 18, 20, 28, 28, 28], [3, 5, 6, 17, 19, 21, 24], 1, [0, 0, 0], (6, 10)),
    ("murray", 1, 406, [8, 19, 28, 28, 28, 28, 28], [5, 21, 26, 27, 28, 28, 28], 1, [0, 1, 0], (21, 22)),
    ("murray", 2, 49, [0, 0, 1, 3, 10, 15, 24], [0, 0, 3, 4, 6, 15, 17], 0, [0, 0, 0], (10, 14)),
    ("murray", 2, 183, [4, 9, 13, 26, 28, 28, 28], [4, 7, 12, 17, 18, 23, 28], 0, [1, 1, 0], (9, 11)),
    ("murray", 2, 194, [4, 14, 18, 28, 28, 28, 28], [6, 8, 12, 13, 23, 25, 28], 1, [1, 1, 1], (13, 16)),
]
SUITE += [
    {"note": f"{rules}, medium against easy, seed {seed}, throw {throws}",
     "state": {"variant": "race.ur", "options": {"rules": rules}, "pieces": [p0, p1], "to_move": side,
               "phase": "move", "throw": {"dice": dice}},
     "right": right}
    for rules, seed, throws, p0, p1, side, dice, right in FOUND
]
