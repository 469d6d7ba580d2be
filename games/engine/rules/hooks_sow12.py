"""Hooks added by helper sow12 (imported from ``hooks.py``).

``abalalae-column`` (``sow`` mechanic, ``sow = { relay_hook = "abalalae-column", relay_hook_sows
= "taken" }``, three rows): at the end of a lap, a last seed that fell into an empty hole of the
mover's takes the opponent's holes in the same column that hold seeds (on the left half of the
mover's row, the two above it; elsewhere the one in the far row), and that last seed alone is
sown on; with nothing to take the sowing ends there. A last seed in an occupied hole leaves the
ordinary relay to go on (Abalala'e, DLP ruleset 339). It changes nothing itself.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook


@hook("abalalae-column")
def abalalae_column(sim: Any, seat: int, last: int) -> list[int] | None:
    b, own, g = sim.b, sim.own, sim.game
    if b[last] > 1:
        return []  # an occupied hole: the ordinary relay
    if b[last] != 1 or own[last] != seat:
        return None  # an empty hole of the opponent's: the turn is over
    col = g.col_of[last]
    taken = [q for q in range(g.N) if g.col_of[q] == col and own[q] != seat and b[q]]
    return taken or None


@hook("okwe-odd-facing")
def okwe_odd_facing(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    """``capture = { hook = "okwe-odd-facing" }`` (two rows): a last seed in the opponent's row
    takes the seeds of the hole facing it, the mover's own, when it holds one, three or five
    (Okwe of the Igbo, DLP ruleset 231)."""
    g, b = sim.game, sim.b
    if last >= g.N or sim.own[last] == seat:
        return []
    f = g.facing[last]
    return [(f, b[f])] if f >= 0 and b[f] in (1, 3, 5) else []
