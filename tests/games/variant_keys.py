"""Which variants the slow whole-match tests run on.

The play layer, exports and simulations are family-blind, so they are run on every hand-written
variant and on one rules file per mechanic; every rules file is checked in one fast pass of its
own (tests/games/test_rules_files.py), so hundreds of files do not mean hundreds of slow tests.
"""
from __future__ import annotations

from games.engine import get_variant, variants

#: One rules file per mechanic, with short games, and a game of three seats each playing for
#: itself (seated as the first against the rest): the play layer's representatives.
RULES_SAMPLE = ("war.alquerque", "sow.oware", "race.ur-finkel", "line.tic-tac-mo")


def play_layer_keys() -> list[str]:
    keys = [k for k in variants() if get_variant(k).family != "rules"]
    return keys + [k for k in RULES_SAMPLE if k in variants()]
