"""Playable rule implementations, in pure Python (no Django below this package).

The public API: ``variants()``, ``get_variant(key)``, and the types in ``core``.
"""
from __future__ import annotations

from games.engine.core import (
    Action,
    EngineError,
    IllegalAction,
    InvalidOptions,
    InvalidState,
    OptionSpec,
    Outcome,
    State,
    UnknownVariant,
    Variant,
    get_variant,
    register,
    variants,
)

__all__ = [
    "Action",
    "EngineError",
    "IllegalAction",
    "InvalidOptions",
    "InvalidState",
    "OptionSpec",
    "Outcome",
    "State",
    "UnknownVariant",
    "Variant",
    "get_variant",
    "register",
    "variants",
]
