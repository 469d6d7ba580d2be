"""Hooks for helper sib21 (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sib21.py): Gabata of Shoa, "Gabata 3" (DLP game 334, ruleset 651, as
played by Wasan Enqebaherey of central Ethiopia, after Pankhurst 1971: 177),
``sow/gabata-shoa-i-gabata-3.toml``.

Two rows of six, sown anticlockwise; South's holes 1..6 from his left, North's 7..12 from
North's left (1, 2, ... 6, 7, ... 12, 1).

- ``gabata-shoa-set-opening`` (``sow = { prelude_hook = "gabata-shoa-set-opening" }``): the
  game's first move is a set opening by the player who begins, named by his rightmost hole
  (``{"sow": "6"}`` for South): all the counters of his rightmost hole go into the hole after
  it, which becomes his weg; then all the counters of the next hole go into the hole after that,
  and so on round the board, every other hole emptied into the one after it, until every hole
  holds eight counters or none (the last pair's into the hole before his rightmost). The same
  player then moves again, and his only move is to sow the counters of that last hole of eight
  (South: hole 5):

  * option ``opening_sow = "relay"`` (the file's): a move of the game's ordinary kind
    (``{"sow": "5"}``), sown by the file's rules, relay and captures included ("in the regular
    way");
  * option ``opening_sow = "plain"`` (Ludii's reading): one plain lap, one counter into each
    following hole, weg included, with no relay and nothing taken; the turn then passes.

  Every later move is the file's ordinary move (the rule returns None). The opening is due while
  the game is in its first round, nothing has been sown and no weg is held; the opening sowing
  while the only hole sown is the opener's rightmost and his one weg the hole after it.

  The function carries ``ludii_steps(sim, move, last)``: Ludii plays the opening as one step of
  the opener's per transfer, each ``{"from": hole, "to": next hole}`` (six on this board), and
  the plain sowing as its one step.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["gabata_shoa_set_opening", "opening_pairs"]

CCW = 0


def opening_pairs(sim: Any, seat: int) -> list[tuple[int, int]]:
    """The set opening's transfers, in order, as (from, to) hole indices: the opener's rightmost
    hole into the next, then every other hole from the one after that into the hole after it,
    round the board back to the hole before his rightmost."""
    g = sim.game
    nxt = g.plain[seat][CCW]
    h0 = g.holes_of[seat][-1]
    ring = [h0]
    p = nxt[h0]
    while p != h0:
        ring.append(p)
        p = nxt[p]
    return [(ring[k], ring[k + 1]) for k in range(0, len(ring) - 1, 2)]


def _weg_of(sim: Any, seat: int) -> int:
    return opening_pairs(sim, seat)[0][1]


def _final_of(sim: Any, seat: int) -> int:
    return opening_pairs(sim, seat)[-1][1]


def _due(sim: Any, seat: int) -> str | None:
    """``"open"`` where the set opening is due, ``"sow"`` where its sowing is, else None."""
    if getattr(sim, "round", 1) != 1 or seat not in (0, 1):
        return None
    tuz = sim.tuz
    if not sim.sown and not tuz[0] and not tuz[1]:
        return "open"
    h0 = sim.game.holes_of[seat][-1]
    if sim.sown == 1 << h0 and tuz[seat] == 1 << _weg_of(sim, seat) and not tuz[1 - seat]:
        return "sow"
    return None


def _moves(sim: Any, seat: int, plain: bool) -> list | None:
    due = _due(sim, seat)
    if due == "open":
        return [("hook", "open", sim.game.holes_of[seat][-1])]
    if due == "sow":
        final = _final_of(sim, seat)
        if not sim.b[final]:
            return None
        return [("hook", "sow", final)] if plain else [final | (CCW << 8)]
    return None


def _play(sim: Any, seat: int, move: tuple) -> bool:
    b = sim.b
    if move[1] == "open":
        pairs = opening_pairs(sim, seat)
        for p, q in pairs:
            b[q] += b[p]
            b[p] = 0
        sim.tuz[seat] |= 1 << pairs[0][1]
        sim.sown |= 1 << move[2]
        if sim.log:
            sim.last_text = f"{sim.game.names[move[2]]} set opening, weg {sim.game.names[pairs[0][1]]}"
        return True  # the opener moves again: the sowing of the last hole of eight
    # Ludii's reading: one plain lap from the last hole of eight, nothing relayed or taken
    h = move[2]
    nxt = sim.game.plain[seat][CCW]
    c, b[h], p = b[h], 0, h
    while c:
        p = nxt[p]
        b[p] += 1
        c -= 1
    sim.sown |= 1 << h
    if sim.log:
        sim.last_text = sim.game.names[h]
    return False


def _action(sim: Any, move: tuple) -> dict[str, Any]:
    return {"sow": sim.game.names[move[2]]}


@hook("gabata-shoa-set-opening")
def gabata_shoa_set_opening(sim: Any, seat: int, what: str, move: Any) -> Any:
    if what == "moves":
        return _moves(sim, seat, sim.options.get("opening_sow") == "plain")
    if what == "action":
        return _action(sim, move)
    return _play(sim, seat, move)


def _ludii_steps(sim: Any, move: Any, last: int | None) -> list[tuple[int, dict[str, Any], bool]] | None:
    """Ludii's steps for the opening: one per transfer, each from a hole to the next."""
    if move[1] != "open":
        return None
    seat, names = sim.turn, sim.game.names
    return [(seat, {"from": names[p], "to": names[q]}, False) for p, q in opening_pairs(sim, seat)]


gabata_shoa_set_opening.ludii_steps = _ludii_steps  # type: ignore[attr-defined]
