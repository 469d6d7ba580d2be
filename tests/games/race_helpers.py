"""Shared scaffolding for the race engine's tests: positions written as JSON, throws by value."""
from __future__ import annotations

import random
from typing import Any

from games.engine import get_variant
from games.engine.race import devices
from games.engine.race.game import RaceVariant
from games.engine.race.state import RaceState

KEYS = ("race.senet", "race.ur", "race.twenty-squares", "race.58-holes", "race.xii-scripta")


def variant(key: str) -> RaceVariant:
    v = get_variant(key)
    assert isinstance(v, RaceVariant)
    return v


def faces_for(key: str, value: int | tuple[int, ...], options: dict[str, Any] | None = None) -> list[int]:
    """A throw of the variant's device worth ``value`` (for split throws: those dice)."""
    v = variant(key)
    r = v.rules(v.validate_options(options or {}))
    want = value if isinstance(value, tuple) else (value,)
    for faces, _ in devices.outcomes(r.device, r.measured):
        if r.value_of(faces) == want:
            return list(faces)
    raise AssertionError(f"no throw of {r.device} is worth {value}")


def position(key: str, pieces: list[list[int]], options: dict[str, Any] | None = None, *, to_move: int = 0,
             throw: int | tuple[int, ...] | None = None, **fields: Any) -> RaceState:
    """A state written by hand: a move due with ``throw`` (a value), else a throw due."""
    data: dict[str, Any] = {"variant": key, "options": options or {}, "pieces": pieces, "to_move": to_move}
    if throw is not None:
        data["phase"] = "move"
        data["throw"] = {"dice": faces_for(key, throw, options)}
    else:
        data["phase"] = "throw"
    data.update(fields)
    return variant(key).state_from_json(data)


def moves(state: RaceState) -> set[tuple[int, int]]:
    v = variant(state.variant)
    return {(a["from"], a["to"]) for a in v.legal_actions(state) if "from" in a}


def can_pass(state: RaceState) -> bool:
    return any("pass" in a for a in variant(state.variant).legal_actions(state))


def throw(state: RaceState, value: int | tuple[int, ...]) -> RaceState:
    v = variant(state.variant)
    return v.apply(state, {"throw": faces_for(state.variant, value, v.state_options(state))})


def move(state: RaceState, src: int, dst: int) -> RaceState:
    return variant(state.variant).apply(state, {"from": src, "to": dst})


def playout(key: str, options: dict[str, Any], seed: int, check=None, max_actions: int = 100_000) -> RaceState:
    """A random game to its end; ``check(state)`` after every action."""
    v = variant(key)
    rng = random.Random(seed)
    state = v.new_game(options)
    for _ in range(max_actions):
        if v.outcome(state) is not None:
            return state
        action = v.draw(state, rng) if v.is_chance(state) else rng.choice(v.legal_actions(state))
        state = v.apply(state, action)
        if check is not None:
            check(state)
    raise AssertionError(f"{key} {options} seed {seed}: no end after {max_actions} actions")
