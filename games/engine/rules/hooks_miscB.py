"""Hooks for the sowing games of the miscB batch (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_miscB.py).

- ``odd-back`` (``capture = { hook = "odd-back" }``; Okwe of Achalla, DLP ruleset 235): when
  the last seed makes an odd number of nine or fewer in its hole, it is taken, and with it the
  other holes this sowing dropped seeds into, going back from the last towards the starting
  hole (not included), as long as each holds an odd number of nine or fewer (no hole twice).
- ``odd-after-even`` (``capture = { hook = "odd-after-even" }``; Okwe of Achalla, DLP ruleset
  235): when the last seed makes an even number in its hole, the hole after it (along the
  sowing) is taken if it holds an odd number of seeds, nine or fewer, and so on with the holes
  after that while each does; otherwise nothing.
- ``odd-after-ludii`` (the same game, Ludii's reading): when the last hole does not then hold
  an odd number of nine or fewer (so an even number, or an odd one above nine), the hole after
  it alone is taken if it holds an odd number, nine or fewer.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["odd_after_even", "odd_after_ludii", "odd_back"]


def _odd(c: int) -> bool:
    return c % 2 == 1 and c <= 9


@hook("odd-back")
def odd_back(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    g, b = sim.game, sim.b
    if last >= g.N or not _odd(b[last]):
        return []
    back = g.plain[seat][1 - direction]
    taken, seen, p = [(last, b[last])], {last}, last
    for _ in range(sim.lifted - 1):  # the holes sown before the last
        p = back[p]
        if p in seen or not _odd(b[p]):
            break
        taken.append((p, b[p]))
        seen.add(p)
    return taken


@hook("odd-after-even")
def odd_after_even(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    g, b = sim.game, sim.b
    if last >= g.N or b[last] % 2:
        return []
    nxt = g.plain[seat][direction]
    taken = []
    q = nxt[last]
    while q != last and _odd(b[q]):
        taken.append((q, b[q]))
        q = nxt[q]
    return taken


@hook("odd-after-ludii")
def odd_after_ludii(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    g, b = sim.game, sim.b
    if last >= g.N or _odd(b[last]):
        return []
    q = g.plain[seat][direction][last]
    return [(q, b[q])] if _odd(b[q]) else []
