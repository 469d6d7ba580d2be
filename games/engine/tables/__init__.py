"""The tables (backgammon-family) games: one engine, five variants.

Importing this package registers ``tables.backgammon``, ``tables.shesh-besh``,
``tables.takhte-nard``, ``tables.ses-bes`` and ``tables.gul-bara``.

>>> from games.engine import variants
>>> [k for k in variants() if k.startswith("tables.")]
['tables.backgammon', 'tables.gul-bara', 'tables.ses-bes', 'tables.shesh-besh', 'tables.takhte-nard']
"""
from __future__ import annotations

from games.engine.tables import variants as _variants  # noqa: F401  (registers the variants)
from games.engine.tables.game import TablesState, TablesVariant
from games.engine.tables.moves import Play, Rules, complete_plays, notation

__all__ = ["Play", "Rules", "TablesState", "TablesVariant", "complete_plays", "notation"]
