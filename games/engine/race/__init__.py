"""Race (track) games: Senet, the Royal Game of Ur, 20 Squares, 58 Holes, XII Scripta.

One engine (``game.py``) plays any board and rules given as data; ``variants.py`` builds each
game's rules from its options. Importing this package registers ``race.senet``, ``race.ur``,
``race.twenty-squares``, ``race.58-holes`` and ``race.xii-scripta``.

    >>> from games.engine import get_variant
    >>> get_variant("race.ur").title
    'Royal Game of Ur'
"""
from __future__ import annotations

from games.engine.race.game import RaceVariant, Rules
from games.engine.race.state import RaceState
from games.engine.race.variants import FiftyEightHoles, Senet, TwentySquares, Ur, XIIScripta

__all__ = ["FiftyEightHoles", "RaceState", "RaceVariant", "Rules", "Senet", "TwentySquares", "Ur", "XIIScripta"]
