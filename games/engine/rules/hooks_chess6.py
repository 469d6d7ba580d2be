"""Hooks of the chess6 batch (pieces mechanic, ``move = { kind = "hook", hook = NAME }``; the hook
point is described in ``hooks_race3.py``).

A hook function here may carry two attributes the pieces mechanic reads:
``fn.compile(game)``, called once when the file is compiled (flags and tables), and
``fn.when_stuck = True``: where the player has no other legal move, the mechanic asks the hook
once more with ``what = "stuck"`` and offers those moves (kept to the ones leaving the royal
piece safe).

``shatranj_al_kabir`` (Shatranj al-Kabir, DLP.GameRulesets.294). Kinds it reads by name:

- ``bayadiq`` (the baidaq al-bayadiq, the pawn of pawns), ``bayadiq_second`` (the same after
  its first promotion) and ``bayadiq_third`` (the same once it has come back as a shah's
  baidaq): a pawn's moves, one square straight forward onto an empty square, or one square
  diagonally forward onto an enemy piece that may be taken (not one of the two waiting kinds
  below), taking it. The pawn of pawns reaching the far row becomes ``bayadiq_waiting``; the
  second one reaching it is set at once on the mover's ``baidaq_shah`` starting square (the
  file's ``[ludii]``-free setup: where the ``baidaq_shah`` starts) as ``bayadiq_third``, or,
  where a piece stands there, waits on the far row as ``bayadiq_returning``; the third becomes
  ``shah_masnua``, and every ``baidaq_shah`` of the mover still on the board becomes
  ``shahzada``.
- ``bayadiq_waiting``: moves (the action ``{"from", "to"}``) to any empty square from which a
  pawn's diagonal capture would reach an enemy piece on each side (pieces that may be taken),
  becoming ``bayadiq_second``.
- ``bayadiq_returning``: moves to its starting square once that is empty, becoming
  ``bayadiq_third``.
- ``shah`` (the royal kind): once in a game, while in check (or, through ``when_stuck``, in
  stalemate), the player may swap the shah with any other piece of the player's on the board
  (``{"from": shah's square, "to": the piece's}``); the seat's "spent" flag
  (``chesslike.spent``, ``"spent"`` in the JSON state) records the swap.

The checks the pawns of pawns give are judged by an ordinary capturing step of the file (the
hook's moves are not attacks); ``bayadiq_waiting`` and ``bayadiq_returning`` are spared by the
file's ``not_capture`` on every capturing rule.
"""
from __future__ import annotations

from typing import Any

from games.engine.core import Action
from games.engine.rules import chesslike
from games.engine.rules.hooks import hook

HOOKED = 4  # pieces.HOOKED
PAWN, FORK, RETURN, SWAP = 0, 1, 2, 3

_KINDS = ("bayadiq", "bayadiq_second", "bayadiq_third", "bayadiq_waiting", "bayadiq_returning",
          "shah", "shah_masnua", "shahzada", "baidaq_shah")


def _compile(game: Any) -> None:
    names = {n: i for i, n in enumerate(game.kinds)}
    missing = [k for k in _KINDS if k not in names]
    if missing:
        raise game.rf.error(("clause",), f"hook shatranj_al_kabir: the file needs the kinds {', '.join(missing)}")
    k = {n: names[n] for n in _KINDS}
    facing = game._facing()
    ys = sorted({round(y) for _, y in game.board.xy})
    far = []
    for seat in range(game.players):
        row = ys[-1] if facing[seat] == 2 else ys[0]
        far.append(frozenset(i for i, (_, y) in enumerate(game.board.xy) if round(y) == row))
    start = []
    for seat in range(game.players):
        code = game.code(seat, k["baidaq_shah"])
        sites = [s for s, c in enumerate(game.start_cells) if c == code]
        start.append(sites[0] if sites else -1)
    game._kabir = {"k": k, "facing": facing, "far": far, "start": start,
                   "pawns": frozenset((k["bayadiq"], k["bayadiq_second"], k["bayadiq_third"])),
                   "immune": frozenset((k["bayadiq_waiting"], k["bayadiq_returning"]))}
    game.tracks_unmoved = True  # the spent flag lives with the unmoved squares (chesslike.py)
    game.spends = True


def _takeable(g: Any, t: Any, c: int, seat: int) -> bool:
    return bool(c) and g.owner_of[c] != seat and g.kind_of[c] not in t["immune"]


def _swaps(sim: Any) -> list:
    g = sim.game
    t = g._kabir
    mover = sim.mover
    if chesslike.spent(sim, mover):
        return []
    shah = g.code(mover, t["k"]["shah"])
    cells = sim.cells
    if shah not in cells:
        return []
    a = cells.index(shah)
    return [(HOOKED, a, s, -1, -1, SWAP) for s, c in enumerate(cells)
            if c and s != a and g.owner_of[c] == mover]


@hook("shatranj_al_kabir")
def shatranj_al_kabir(sim: Any, what: str, move: Any, check_ends: bool = True) -> Any:
    g = sim.game
    t = g._kabir
    k = t["k"]
    cells, kind_of, owner_of = sim.cells, g.kind_of, g.owner_of
    step = g.board.step
    mover = sim.mover
    f = t["facing"][mover]
    if what == "stuck":
        return [] if sim.in_check(mover) else _swaps(sim)
    if what == "moves":
        out = []
        for a, c in enumerate(cells):
            if not c or owner_of[c] != mover:
                continue
            kc = kind_of[c]
            if kc in t["pawns"]:
                b = step[f][a]
                if b >= 0 and not cells[b]:
                    out.append((HOOKED, a, b, -1, -1, PAWN))
                for d in ((f + 1) % 8, (f + 7) % 8):
                    b = step[d][a]
                    if b >= 0 and _takeable(g, t, cells[b], mover):
                        out.append((HOOKED, a, b, b, -1, PAWN))
            elif kc == k["bayadiq_waiting"]:
                for s, x in enumerate(cells):
                    if x:
                        continue
                    l, r = step[(f + 1) % 8][s], step[(f + 7) % 8][s]
                    if l >= 0 and r >= 0 and _takeable(g, t, cells[l], mover) and _takeable(g, t, cells[r], mover):
                        out.append((HOOKED, a, s, -1, -1, FORK))
            elif kc == k["bayadiq_returning"]:
                s = t["start"][mover]
                if s >= 0 and not cells[s]:
                    out.append((HOOKED, a, s, -1, -1, RETURN))
        if sim.in_check(mover):
            out += _swaps(sim)
        return out
    _, a, b, taken, _, tag = move
    names = g.board.names
    if what == "action":
        return Action({"from": names[a], "to": names[b]})
    sim._moves = None
    captured = 0
    if tag == SWAP:
        cells[a], cells[b] = cells[b], cells[a]
        sim.unmoved |= 1 << (3 * len(cells) + 2 + mover)  # (chesslike._spent_bit)
    elif tag == FORK:
        cells[a], cells[b] = 0, g.code(mover, k["bayadiq_second"])
    elif tag == RETURN:
        cells[a], cells[b] = 0, g.code(mover, k["bayadiq_third"])
    else:
        c = cells[a]
        if cells[b]:
            captured = 1
        cells[a], cells[b] = 0, c
        if b in t["far"][mover]:
            kc = kind_of[c]
            if kc == k["bayadiq"]:
                cells[b] = g.code(mover, k["bayadiq_waiting"])
            elif kc == k["bayadiq_second"]:
                s = t["start"][mover]
                if s >= 0 and not cells[s]:
                    cells[b], cells[s] = 0, g.code(mover, k["bayadiq_third"])
                    b = s
                else:
                    cells[b] = g.code(mover, k["bayadiq_returning"])
            else:
                cells[b] = g.code(mover, k["shah_masnua"])
                pawn, prince = g.code(mover, k["baidaq_shah"]), g.code(mover, k["shahzada"])
                for s, x in enumerate(cells):
                    if x == pawn:
                        cells[s] = prince
    if sim.unmoved:
        sim.unmoved &= ~((1 << a) | (1 << b))
    sim.last_to = b
    sim.scores[mover] += captured
    if captured and sim.seen:
        sim.seen.clear()
    sim.quiet = 0 if captured else sim.quiet + 1
    sim.pending = -1
    sim._next_turn(check_ends)
    return None


shatranj_al_kabir.compile = _compile  # type: ignore[attr-defined]
shatranj_al_kabir.when_stuck = True  # type: ignore[attr-defined]
