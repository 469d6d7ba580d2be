"""Playable rule implementations, in pure Python (no Django below this package).

The public API: ``variants()``, ``get_variant(key)``, and the types in ``core``.
"""
from __future__ import annotations

import os

# The engines' numpy work (the tables network's forward passes) is small matrices, one request or
# one simulated game at a time: BLAS threads only contend, with each other and with the other
# workers (measured: a 400x600 product 20x slower with OpenBLAS's threads on a busy 2-core
# machine). One thread each, unless the environment says otherwise; this must come before
# numpy is first imported, which the engine package is imported ahead of.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

from games.engine.core import (  # noqa: E402
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
