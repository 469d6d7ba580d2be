"""A simulation cut into ranges of games (issue 39), for workers to play apart and merge.

:func:`games.engine.simulate.simulate` plays game ``i`` from ``random.Random(f"{seed}:{i}")``
alone, so the games of any range can be played anywhere, in any order: :func:`play_range` plays
one range the way :func:`simulate` plays every game, and :func:`summarize` of all the ranges'
records, in game order, is :func:`simulate`'s result (tests/games/test_simulation_jobs.py checks
it for each kind of player and path). No Django here.

>>> records = play_range("race.ur", {}, seed=3, players="random", start=0, stop=4)
>>> summarize("race.ur", {}, games=4, seed=3, players="random", records=records, seconds=0)["games"]
4
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from games.engine.core import EngineError, Variant, get_variant
from games.engine.simulate import (
    PLAYERS, GameRecord, engine_version, metrics, play_one, simulation_options, strongest_level,
)

__all__ = ["play_range", "record_from_json", "record_json", "summarize"]


def _checked(key: str, options: Mapping[str, Any] | None, games: int, players: str) -> tuple[Variant, dict[str, Any]]:
    variant = get_variant(key)
    if players not in PLAYERS:
        raise EngineError(f"unknown players {players!r} (known: {', '.join(PLAYERS)})")
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise EngineError(f"games must be a whole number of at least 1, got {games!r}")
    return variant, simulation_options(variant, options)


def play_range(
    key: str, options: Mapping[str, Any] | None, *, seed: int, players: str, start: int, stop: int,
) -> list[dict[str, Any]]:
    """Games ``start`` to ``stop - 1`` of a simulation, each as a record (:func:`record_json`),
    played as :func:`games.engine.simulate.simulate` plays them."""
    if not (isinstance(start, int) and isinstance(stop, int) and 0 <= start < stop):
        raise EngineError(f"a range of games must have 0 <= start < stop, got {start!r}..{stop!r}")
    variant, opts = _checked(key, options, stop - start, players)
    level = strongest_level(variant) if players == "strong" else None
    return [record_json(play_one(variant, opts, random.Random(f"{seed}:{i}"), level)) for i in range(start, stop)]


def record_json(rec: GameRecord) -> dict[str, Any]:
    """A game's record as JSON (what a worker stores)."""
    return {"turns": rec.turns, "first": rec.first, "winner": rec.winner, "how": rec.how,
            "events": dict(sorted(rec.events.items())), "decisions": rec.decisions, "choices": rec.choices,
            "captures": rec.captures, "lead_changes": rec.lead_changes}


def _count(data: Mapping[str, Any], name: str, none: bool = False) -> int | None:
    if name not in data:
        raise EngineError(f"a game's record has no {name!r} (played by an older engine: run the simulation again)")
    value = data[name]
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise EngineError(f"a game's record: {name!r} must be a whole number of at least 0, got {value!r}")
    return value


def record_from_json(data: Mapping[str, Any]) -> GameRecord:
    return GameRecord(int(data["turns"]), data["first"], data["winner"], str(data["how"]),
                      Counter({str(k): int(v) for k, v in (data.get("events") or {}).items()}),
                      decisions=_count(data, "decisions"), choices=_count(data, "choices"),  # type: ignore[arg-type]
                      captures=_count(data, "captures", none=True), lead_changes=_count(data, "lead_changes", none=True))


def summarize(
    key: str, options: Mapping[str, Any] | None, *, games: int, seed: int, players: str,
    records: list[Mapping[str, Any]], seconds: float,
) -> dict[str, Any]:
    """The result :func:`games.engine.simulate.simulate` gives, from the records of all the games
    in game order."""
    variant, opts = _checked(key, options, games, players)
    if len(records) != games:
        raise EngineError(f"a simulation of {games} games needs {games} records, got {len(records)}")
    level = strongest_level(variant) if players == "strong" else None
    return {
        "variant": key, "options": opts, "players": players, "level": level or "random", "games": games,
        "seed": seed, "engine_version": engine_version(variant, players), "seconds": round(seconds, 2),
        **metrics(variant, [record_from_json(r) for r in records]),
    }
