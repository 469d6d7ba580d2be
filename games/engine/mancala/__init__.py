"""Sowing games (mancala): a small sowing core and the variants built on it.

Importing this package registers ``mancala.bechi``.

    >>> from games.engine import get_variant
    >>> get_variant("mancala.bechi").title
    'Béchi'
"""
from __future__ import annotations

from games.engine.mancala.bechi import Bechi, BechiState

__all__ = ["Bechi", "BechiState"]
