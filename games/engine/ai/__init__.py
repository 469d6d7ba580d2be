"""Computer opponents for every variant.

``choose(variant, state, level, rng)`` returns the one action the computer plays next in
``state`` (a single step, like a human's); call it again until the side to move changes.
Each family's module registers its levels in ``PLAYERS`` under ``(family, level)``; a player is
a callable ``(variant, state, rng) -> Action``. Levels are deterministic for a given ``rng``
seed.
"""
from __future__ import annotations

import importlib
import random
from collections.abc import Callable

from games.engine.core import Action, EngineError, State, Variant

Player = Callable[[Variant, State, random.Random], Action]

PLAYERS: dict[tuple[str, str], Player] = {}


def register_player(family: str, level: str) -> Callable[[Player], Player]:
    def wrap(fn: Player) -> Player:
        PLAYERS[(family, level)] = fn
        return fn

    return wrap


def _load(family: str) -> None:
    try:
        importlib.import_module(f"games.engine.ai.{family}")
    except ModuleNotFoundError as exc:
        if exc.name != f"games.engine.ai.{family}":
            raise
    for module in MORE_LEVELS.get(family, ()):
        importlib.import_module(module)


# Levels kept in modules of their own, registered after the family's (so listed after them):
# the tables games' "strong", which plays by a trained network (issue 13), and the race games'
# "strong", an expectimax in win chances (issue 37).
MORE_LEVELS: dict[str, tuple[str, ...]] = {"tables": ("games.engine.ai.td",), "race": ("games.engine.ai.race_search",)}


def levels(variant: Variant) -> list[str]:
    """The levels offered for ``variant``, weakest first as registered."""
    _load(variant.family)
    return [lvl for fam, lvl in PLAYERS if fam == variant.family]


def choose(variant: Variant, state: State, level: str, rng: random.Random | None = None) -> Action:
    """The computer's next action for the side to move in ``state``."""
    _load(variant.family)
    if variant.is_chance(state) or variant.to_move(state) is None:
        raise EngineError("the computer is not to move: no side has a decision due")
    try:
        player = PLAYERS[(variant.family, level)]
    except KeyError:
        known = ", ".join(levels(variant)) or "none"
        raise EngineError(f"unknown level {level!r} for {variant.key} (known: {known})") from None
    return player(variant, state, rng if rng is not None else random.Random(0))
