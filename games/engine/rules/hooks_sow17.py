"""Hooks for the sowing games of helper sow17 (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow17.py): Quendo (DLP ruleset 273) and Mwendo (DLP ruleset 274), two
games of Angola in which a hole belongs to the player whose counters lie in it
(``board.owners = "counters"``: ``sim.own`` holds each hole's owner, -1 for an empty hole, and
these hooks change it with ``sim._set_owners``). Both play round one circuit of holes, two rows
here, sowing one way (Quendo anticlockwise, Mwendo clockwise).

- ``quendo-moves`` (``sow = { moves_hook = ... }``): the mover sows only from the hole at
  the back of a run of his holes: the first hole, going along the sowing from his own starting
  end (South's hole 1, North's first hole, as each sees his row: the leftmost for
  anticlockwise sowing, the rightmost for clockwise), that is his and follows a hole not his.
- ``quendo-sow`` (``sow = { sow_hook = ... }``): the counters are sown one a hole; a counter
  falling into an empty hole makes it the mover's; the last counter falling into a hole of the
  opponent's captures it (the hole and its counters become the mover's, staying in play);
  another counter falling into a hole of the opponent's joins it, the opponent's (option
  ``each_counter``: every counter that falls into a hole of the opponent's captures it). A
  player whose only counter is this one moves it on instead to the next hole holding the
  opponent's counters, which it captures.
- ``mwendo-prelude`` (``sow = { prelude_hook = ... }``: every move is the rule's): from his
  rightmost hole (``back_of_run``, clockwise) the mover sows, ``("hook", "sow", h)``, action
  ``{"sow": h}``, or puts all its counters into the next hole, ``("hook", "move", h, q)``,
  action ``{"from": h, "to": q}`` (captured as by a last counter if it is the opponent's). A
  sowing drops two counters into an empty hole (one, if one is left), one into an occupied
  hole, capturing as ``quendo-sow`` does; while its last counter falls into a hole that was
  empty, the mover sows again from his rightmost hole as it then is, within the same move
  (ended should it come round to a position the move has had, or after ``MAX_AGAIN`` sowings).
  A lone counter leaps as in Quendo, the player's only move. Under ``each_counter``, a counter
  that captures the opponent's last hole with one counter still in hand: that counter becomes
  the opponent's and goes on to the next hole holding the mover's counters, capturing it for
  him. A player without holes, or whose holes are a single hole of two counters, has no move
  (``end.no_moves = "loses"``: he has lost).
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["back_of_run", "mwendo_prelude", "quendo_moves", "quendo_sow"]

CW = 1


def _way(sim: Any, seat: int) -> int:
    """The direction the seat sows (the file's: one for every hole)."""
    return sim.r.dirs[seat][0][1]


def back_of_run(sim: Any, seat: int, d: int) -> int | None:
    """The hole the seat must sow from: the first hole, going along the sowing from his own
    starting end (his first hole as he sees his row: his leftmost sowing anticlockwise, his
    rightmost clockwise), that is his and follows a hole not his (the back of a run of his
    holes). None when there is none."""
    g, b, own = sim.game, sim.b, sim.own
    row = g.holes_of[seat]
    p = row[-1] if d == CW else row[0]
    nxt, prev = g.plain[seat][d], g.plain[seat][1 - d]
    for _ in range(g.N):
        if b[p] and own[p] == seat and not (b[prev[p]] and own[prev[p]] == seat):
            return p
        p = nxt[p]
    return None


def _counters(sim: Any, seat: int) -> int:
    b, own = sim.b, sim.own
    return sum(b[i] for i in range(sim.game.N) if b[i] and own[i] == seat)


def _leap(sim: Any, seat: int, h: int, d: int, own: list[int]) -> int:
    """The single counter of hole ``h`` moves on to the next hole holding the opponent's
    counters and captures it; returns that hole."""
    g, b = sim.game, sim.b
    nxt = g.plain[seat][d]
    b[h] = 0
    own[h] = -1
    p = nxt[h]
    for _ in range(g.N):
        if b[p] and own[p] == 1 - seat:
            break
        p = nxt[p]
    b[p] += 1
    own[p] = seat
    return p


def _drop(b: list[int], own: list[int], p: int, n: int, seat: int, last: bool, each: bool) -> None:
    """``n`` counters of the mover's fall into hole ``p``."""
    if not b[p] or own[p] == seat or last or each:
        own[p] = seat  # an empty hole, his own, or the opponent's captured
    b[p] += n  # else they join the opponent's hole, his


@hook("quendo-moves")
def quendo_moves(sim: Any, seat: int, moves: list) -> list:
    d = _way(sim, seat)
    h = back_of_run(sim, seat, d)
    return [] if h is None else [h | (d << 8)]


@hook("quendo-sow")
def quendo_sow(sim: Any, seat: int, h: int, d: int) -> int:
    g, b = sim.game, sim.b
    own = list(sim.own)
    if b[h] == 1 and _counters(sim, seat) == 1:
        last = _leap(sim, seat, h, d, own)
        sim._set_owners(own)
        return last
    each = bool(sim.options.get("each_counter"))
    nxt = g.plain[seat][d]
    c, b[h], own[h], p = b[h], 0, -1, h
    while c:
        p = nxt[p]
        c -= 1
        _drop(b, own, p, 1, seat, not c, each)
    sim._set_owners(own)
    return p


# -- Mwendo ---------------------------------------------------------------------------------------
#: Mwendo's sowings again within one move: a move whose sowings come round to a position it has
#: already had ends there (MWE-5); this bounds the count besides.
MAX_AGAIN = 500


def _mwendo_lap(sim: Any, seat: int, h: int, d: int, own: list[int], each: bool) -> tuple[int, bool]:
    """One sowing from ``h``: two counters into an empty hole (one, if only one is left), one into
    an occupied hole, clockwise. Returns the last hole and whether it was empty before the last
    counters fell into it. Under ``each`` (every counter captures), a counter that captures the
    opponent's last hole with one counter still in hand: that counter becomes the opponent's and
    goes on to the next hole holding the mover's counters, which it captures for him (MWE-8)."""
    g, b = sim.game, sim.b
    nxt = g.plain[seat][d]
    c, b[h], own[h], p = b[h], 0, -1, h
    empty = False
    while c:
        p = nxt[p]
        empty = not b[p]
        n = min(2, c) if empty else 1
        c -= n
        theirs = bool(b[p]) and own[p] == 1 - seat
        _drop(b, own, p, n, seat, not c, each)
        if theirs and c and own[p] == seat and not any(b[i] and own[i] == 1 - seat for i in range(g.N)):
            if c == 1:  # the reprieve: the last counter in hand is the opponent's, and leaps
                q = nxt[p]
                for _ in range(g.N):
                    if b[q] and own[q] == seat:
                        break
                    q = nxt[q]
                b[q] += 1
                own[q] = 1 - seat
                return q, False
    return p, empty


def _mwendo_moves(sim: Any, seat: int) -> list:
    b = sim.b
    opp = [i for i in range(sim.game.N) if b[i] and sim.own[i] == 1 - seat]
    mine = [i for i in range(sim.game.N) if b[i] and sim.own[i] == seat]
    if not mine or (len(mine) == 1 and b[mine[0]] == 2) or not opp:
        return []  # MWE-9: no holes, or a single hole of two: he has lost
    d = _way(sim, seat)
    h = back_of_run(sim, seat, d)
    if h is None:
        return []
    if b[h] == 1 and len(mine) == 1:
        return [("hook", "sow", h)]  # MWE-7: the lone counter leaps
    return [("hook", "sow", h), ("hook", "move", h, sim.game.plain[seat][d][h])]


@hook("mwendo-prelude")
def mwendo_prelude(sim: Any, seat: int, what: str, move: Any) -> Any:
    g = sim.game
    if what == "moves":
        return _mwendo_moves(sim, seat)
    if what == "action":
        if move[1] == "move":
            return {"from": g.names[move[2]], "to": g.names[move[3]]}
        return {"sow": g.names[move[2]]}
    b, own, d = sim.b, list(sim.own), _way(sim, seat)
    h = move[2]
    if move[1] == "move":  # MWE-6: all the hole's counters into the next hole, as a last counter
        q = move[3]
        n, b[h], own[h] = b[h], 0, -1
        _drop(b, own, q, n, seat, True, False)
        text = f"{g.names[h]}-{g.names[q]}"
    elif b[h] == 1 and sum(b[i] for i in range(g.N) if b[i] and own[i] == seat) == 1:
        q = _leap(sim, seat, h, d, own)  # MWE-7
        text = f"{g.names[h]}-{g.names[q]}"
    else:
        each = bool(sim.options.get("each_counter"))
        seen = set()
        text = g.names[h]
        for _ in range(MAX_AGAIN):
            last, empty = _mwendo_lap(sim, seat, h, d, own, each)
            sim._set_owners(own)
            if not empty or not any(b[i] and own[i] == 1 - seat for i in range(g.N)):
                break
            key = (tuple(b[: g.N]), tuple(own[: g.N]))
            if key in seen:
                break  # MWE-5: come round to a position this move has had
            seen.add(key)
            nh = back_of_run(sim, seat, d)
            if nh is None:
                break
            h = nh
            text += f", {g.names[h]}"
    sim._set_owners(own)
    if sim.log:
        sim.last_text = text
    return None
