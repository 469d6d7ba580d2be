"""Hooks for the sowing games of the sow3 batch (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow3.py).

- ``bedouin-relay`` (``sow.relay_hook``, with ``relay = true``; Mangala of the Bedouin, DLP
  ruleset 214): a lap whose last seed leaves more than ten seeds in its hole always goes on
  (the hole's seeds are lifted and sown on); otherwise a lap whose last seed makes the hole's
  count odd ends the sowing, and so does one that makes it even while the hole facing it holds
  an even number (none counting as even): the capture ``bedouin-even`` then takes both; a lap
  that makes it even with an odd number facing it goes on.
- ``bedouin-even`` (``capture = { hook = "bedouin-even" }``): when the sowing ends in a hole
  holding an even number of seeds, ten or fewer, and the hole facing it holds an even number,
  the mover takes the seeds of both holes.

Both read the option ``ludii_facing`` where the file has it (Ludii 1.3.13's Mangala (Bedouin),
for the replay of its traces): a last seed in the opponent's row is judged not against the
hole facing it but as Ludii's encoding finds it, by an index six along that lands off the
board: for South, the count of his own captures (at North's twelfth hole, A2), of North's
(at the eleventh, B2), or none (elsewhere); for North, none. Only the last hole is then taken.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["bedouin_even", "bedouin_relay"]

#: Mangala of the Bedouin: a hole holding more than this many is never taken and always sown on.
BEDOUIN_MOST = 10


def _ludii_reading(sim: Any, seat: int, last: int) -> bool:
    """Option ``ludii_facing``: the last hole is in the opponent's row, judged as Ludii does."""
    return bool(sim.options.get("ludii_facing")) and sim.own[last] != seat


def _even_pair(sim: Any, seat: int, last: int) -> bool:
    """The last hole holds an even number, ten or fewer, and the hole facing it an even number."""
    g, b = sim.game, sim.b
    if last >= g.N or b[last] % 2 or b[last] > BEDOUIN_MOST:
        return False
    if _ludii_reading(sim, seat, last):  # Ludii: a store's count, or none
        across = sim.sc[0] if seat == 0 and last == g.N - 1 else sim.sc[1] if seat == 0 and last == g.N - 2 else 0
        return across % 2 == 0
    f = g.facing[last]
    return f >= 0 and b[f] % 2 == 0


@hook("bedouin-relay")
def bedouin_relay(sim: Any, seat: int, last: int) -> list[int] | None:
    b = sim.b
    if b[last] > BEDOUIN_MOST:
        return []  # sown on, whatever its count
    if b[last] % 2 or _even_pair(sim, seat, last):
        return None  # odd: the turn ends; even facing even: taken (bedouin-even)
    return []  # even facing odd: sown on


@hook("bedouin-even")
def bedouin_even(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    if not _even_pair(sim, seat, last):
        return []
    b, f = sim.b, sim.game.facing[last]
    if _ludii_reading(sim, seat, last):
        return [(last, b[last])]
    return [(p, b[p]) for p in (last, f) if b[p]]
