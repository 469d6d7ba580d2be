"""Helpers the tables tests share: positions written by hand, and random play.

A position is given as two dicts ``{point: count}`` in each side's own numbering (25 = bar);
whatever is not placed is borne off.
"""
from __future__ import annotations

import random
from typing import Any

from games.engine import get_variant, variants
from games.engine.tables.game import TablesState, TablesVariant

KEYS = tuple(key for key in variants() if get_variant(key).family == "tables")


def counts(points: dict[int, int]) -> list[int]:
    c = [0] * 26
    for p, n in points.items():
        c[p] += n
    c[0] = 15 - sum(c[1:])
    return c


def position(
    key: str,
    me: dict[int, int],
    them: dict[int, int],
    dice: list[int] | None = None,
    *,
    side: int = 0,
    options: dict[str, Any] | None = None,
    phase: str | None = None,
    **extra: Any,
) -> tuple[TablesVariant, TablesState]:
    """A state with ``me`` (side ``side``, to move) and ``them``; in phase ``move`` with
    ``dice`` if given, else ``roll``."""
    v = get_variant(key)
    opts = v.validate_options(options or {})
    checkers = [counts(me), counts(them)]
    if side == 1:
        checkers.reverse()
    data: dict[str, Any] = {
        "variant": key,
        "options": opts,
        "phase": phase or ("move" if dice else "roll"),
        "to_move": side,
        "checkers": checkers,
        "dice": list(dice or []),
        "roll": (dice[:2] if dice and len(dice) >= 2 else None),
        "score": [0, 0],
        "cube": {"value": 1, "owner": None} if v.cube_on(opts) else None,
    }
    data.update(extra)
    return v, v.state_from_json(data)


def steps(v: TablesVariant, s: TablesState) -> set[tuple[int, int]]:
    return {(a["from"], a["to"]) for a in v.legal_actions(s)}


def results(v: TablesVariant, s: TablesState) -> set[str]:
    return {v.play_text(p) for p in v.complete_plays(s)}


def play(v: TablesVariant, s: TablesState, *moves: tuple[int, int]) -> TablesState:
    for p, t in moves:
        s = v.apply(s, {"from": p, "to": t})
    return s


def random_match(v: TablesVariant, options: dict[str, Any], seed: int, max_actions: int = 20000) -> TablesState:
    """Play a match with random actions (chance drawn, decisions uniform) to its end."""
    rng = random.Random(seed)
    s = v.new_game(options)
    for _ in range(max_actions):
        if v.outcome(s) is not None:
            return s
        a = v.draw(s, rng) if v.is_chance(s) else rng.choice(v.legal_actions(s))
        s = v.apply(s, a)
    raise AssertionError("the match did not end")


def test_position_helper_places_checkers_and_bears_off_the_rest() -> None:
    v, s = position("tables.backgammon", {6: 2}, {24: 1}, [3, 1])
    assert s.checkers[0][6] == 2 and s.checkers[0][0] == 13 and s.checkers[1][0] == 14
    assert s.phase == "move" and s.to_move == 0
