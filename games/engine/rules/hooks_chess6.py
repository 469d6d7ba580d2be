"""Hooks of the chess6 batch (pieces mechanic, ``move = { kind = "hook", hook = NAME }``; the hook
point is described in ``hooks_race3.py``).

A hook function here may carry attributes the pieces mechanic reads (``own_check``: see
``sittuyin`` below):
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

``sittuyin`` (Sittuyin, DLP.GameRulesets.300), the array before play, with ``while = "hand"``
(it plays while the mover holds pieces; the ordinary moves wait for the hand to empty). Kinds
it reads by name: ``min_gyi`` (placed first, on the board's region ``king0`` / ``king1`` of
its seat), ``sin`` (the first one placed next to the min-gyi), ``ne`` (the pawns, on the board
from the start) and ``array`` (one in each hand: the array is open). Regions: ``array0`` /
``array1`` (where a seat's pieces are set: behind its ne and on their squares) and
``behind0`` / ``behind1`` (where a ne that makes way goes).

- While a seat holds pieces other than ``array``: it places one (``{"to", "piece"}``), the
  min-gyi first, then a sin next to it, then any, on an empty square of its array region or
  on one of its ne; a ne so displaced goes to the hand and the same player then places it
  (``pending`` = the square) on an empty square of its ``behind`` region. A seat with nothing
  to place while the other still has passes.
- Once every hand holds only ``array``: the player moves one of its pieces other than a ne to
  such a square (a ne there makes way as above), or moves a ne one square forward onto an
  empty square: that ends the array for both (the ``array`` pieces leave the hands) and is
  the player's first move of play (promoted as the file's ``promote`` says).
- ``own_check = True`` (read by the pieces mechanic): the hook's moves skip the check test,
  nothing being taken in the array, except the ne's step that ends it, which may not leave the
  mover's min-gyi attacked (the opponent's next move is one of play).
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


# -- Sittuyin ----------------------------------------------------------------------------------
PLACE_T, MOVE_T, STEP_T = 10, 11, 12
PASS = 3  # pieces.PASS


def _sit_compile(game: Any) -> None:
    names = {n: i for i, n in enumerate(game.kinds)}
    missing = [k for k in ("min_gyi", "sin", "ne", "array") if k not in names]
    regions = ["king0", "king1", "array0", "array1", "behind0", "behind1"]
    missing += [r for r in regions if r not in game.board.regions]
    if missing:
        raise game.rf.error(("clause",), f"hook sittuyin: the file needs the kinds and regions {', '.join(missing)}")
    r = game.board.regions
    game._sit = {"k": names, "king": [min(r["king0"]), min(r["king1"])], "array": [r["array0"], r["array1"]],
                 "behind": [r["behind0"], r["behind1"]], "facing": game._facing()}


@hook("sittuyin")
def sittuyin(sim: Any, what: str, move: Any, check_ends: bool = True) -> Any:
    g = sim.game
    t = g._sit
    k = t["k"]
    cells, kind_of, owner_of = sim.cells, g.kind_of, g.owner_of
    mover = sim.mover
    hand = sim.hands[mover]
    ne = g.code(mover, k["ne"])
    if what == "moves":
        if sim.pending >= 0:  # the ne that made way goes behind the rows of ne
            return [(HOOKED, -1, s, -1, -1, k["ne"]) for s in t["behind"][mover] if not cells[s]]
        spots = [s for s in t["array"][mover] if not cells[s] or cells[s] == ne]
        if hand[k["min_gyi"]]:
            s = t["king"][mover]
            return [(HOOKED, -1, s, -1, -1, k["min_gyi"])] if not cells[s] else []
        if hand[k["sin"]] == 2 and g.code(mover, k["sin"]) not in cells:
            king = cells.index(g.code(mover, k["min_gyi"])) if g.code(mover, k["min_gyi"]) in cells else -1
            near = {g.board.step[d][king] for d in range(8)} if king >= 0 else set()
            return [(HOOKED, -1, s, -1, -1, k["sin"]) for s in spots if s in near and not cells[s]]
        kinds = [i for i, n in enumerate(hand) if n and i != k["array"]]
        if kinds:
            return [(HOOKED, -1, s, -1, -1, i) for i in kinds for s in spots]
        if any(n for seat, h in enumerate(sim.hands) for i, n in enumerate(h) if i != k["array"]):
            return [(PASS, -1, -1, -1, -1, -1)]  # the other player still places
        out = []
        f = t["facing"][mover]
        for a, c in enumerate(cells):
            if not c or owner_of[c] != mover:
                continue
            if c == ne:
                b = g.board.step[f][a]
                if b >= 0 and not cells[b] and not sim._leaves_in_check((HOOKED, a, b, -1, -1, STEP_T)):
                    out.append((HOOKED, a, b, -1, -1, STEP_T))
            else:
                out.extend((HOOKED, a, s, -1, -1, MOVE_T) for s in spots if s != a)
        return out
    _, a, b, _, _, tag = move
    names = g.board.names
    if what == "action":
        if a < 0:
            return Action({"to": names[b], "piece": g.kinds[tag]})
        return Action({"from": names[a], "to": names[b]})
    sim._moves = None
    sim.last_to = b
    sim.quiet += 1
    if a < 0:  # a placing
        hand[tag] -= 1
        pending = -1
        if cells[b] == ne:
            hand[k["ne"]] += 1
            pending = b
        cells[b] = g.code(mover, tag)
        if pending >= 0:
            sim.pending = pending
            return None
    elif tag == MOVE_T:
        c = cells[a]
        pending = -1
        if cells[b] == ne:
            hand[k["ne"]] += 1
            pending = b
        cells[a], cells[b] = 0, c
        if pending >= 0:
            sim.pending = pending
            return None
    else:  # a ne steps forward: the array ends for both
        cells[a], cells[b] = 0, cells[a]
        for h in sim.hands:
            h[k["array"]] = 0
        p = g.promote
        if p and kind_of[cells[b]] in p["pieces"] and b in p["zones"][mover]:
            cells[b] = g.code(mover, p["to"][0])
    if sim.unmoved:
        sim.unmoved &= ~((1 << max(a, 0)) | (1 << b))
    sim.pending = -1
    sim._next_turn(check_ends)
    return None


sittuyin.compile = _sit_compile  # type: ignore[attr-defined]
sittuyin.own_check = True  # type: ignore[attr-defined]
