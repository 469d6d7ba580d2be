"""Hooks for the four-row sowing games of helper sow13 (see ``hooks.py`` for the protocol;
tested in tests/games/test_rules_sow13.py).

Mangola (DLP ruleset 277), four rows, each seat sowing anticlockwise round its own two rows:

- ``mangola-moves`` (``sow = { moves_hook = "mangola-moves" }``): each player's first move is
  the opening, from the leftmost hole (as he sees it) of his outer or of his inner row; his
  second is a sowing from a hole at an end of one of his rows; later, any hole.
- ``mangola-sow`` (``sow = { sow_hook = "mangola-sow" }``): the opening (his first move) lifts
  the counters of the hole chosen into the next hole, then those of the hole after that into
  the next, and so on every second hole round his rows while the hole to lift holds counters
  (from two counters a hole: four in every second hole, the others empty). Every later sowing
  is a relay: a lap whose last counter falls into an empty hole puts it into the next hole
  instead, and the sowing ends there; one whose last counter falls into an occupied hole of
  his inner row takes the counters of the opponent's two holes across (inner, and outer
  behind it) when either holds any, and sows them round his rows beginning with the first
  hole after the first empty hole behind the capturing hole; the lap's hole, occupied, is then
  lifted and sown on. ``mangola-sow-ludii`` is Ludii's reading: the two holes across must both
  hold counters, and the counters taken are sown from the hole after that first hole.

Nchuwa (DLP ruleset 255), four rows, each seat sowing anticlockwise round its own two rows; the
opening is played with both players sowing at once, as alternate turns (L laps each, L = two
thirds of a row's holes):

- ``nchuwa-moves`` (``sow = { moves_hook = "nchuwa-moves" }``): a player's k-th opening lap
  (the game's move 2k, or 2k + 1 for the second player) is from the hole 3k holes on along his
  track from the rightmost hole (as he sees it) of his inner row.
- ``nchuwa-sow`` (``sow = { sow_hook = "nchuwa-sow" }``): an opening lap drops one counter into
  each of the next holes and ends; later sowings are relay sowings (a last counter falling into
  an occupied hole lifts it and sows on, one falling into an empty hole ends the sowing).
- ``nchuwa-prelude`` (``sow = { prelude_hook = "nchuwa-prelude" }``): after the openings,
  each player in turn moves two counters from a hole of his inner row into an empty hole of
  his outer row (``{"from": "8", "to": "2"}``) and takes the counters of the opponent's two
  holes across from the inner hole he took them from (whichever hold any); then each in turn
  takes the counters of one hole of the opponent's (``{"remove": "15"}``).
  ``nchuwa-prelude-ludii`` is Ludii's reading: no capture with the move, and two removals each
  (in turn: first, second, first, second).

Isolo (DLP ruleset 376), four rows, each seat sowing anticlockwise round its own two rows:

- ``isolo-prelude`` (``sow = { prelude_hook = "isolo-prelude" }``): the opening's first step,
  the players in turn a hole at a time: the counters of each outer-row hole but the rightmost
  (as the player sees it) into the rightmost (``{"from": "1", "to": "8"}``), then one counter
  of each inner-row hole into the outer-row hole of its column.
- ``isolo-moves`` (``sow = { moves_hook = "isolo-moves" }``): the opening sowing is from the
  rightmost inner hole; then, while a player has not sown from his rightmost outer hole, he
  does not sow from his rightmost inner one.
- ``isolo-sow`` (``sow = { sow_hook = "isolo-sow" }``): the opening sowing relays, its last
  counter due in the rightmost outer hole going into the hole after the rightmost inner one
  and ending it; later, a player still in the initial phase passes over his two rightmost
  holes (but in the sowing from the outer one, which ends the phase); a last counter in an
  occupied hole of his inner row takes whatever the opponent's two holes across hold (those
  of them in play) and sows it on from the next hole, the capturing hole keeping its own;
  any other occupied last hole is relayed; an empty one ends the turn.
  ``isolo-sow-ludii``, Ludii's reading: the two rightmost holes are passed over for the whole
  game; the holes across are taken whatever the opponent's phase; the counters taken are sown from the hole after the one the lap was lifted from, and the turn
  ends with them.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["mangola_moves", "mangola_sow", "mangola_sow_ludii", "nchuwa_moves", "nchuwa_prelude",
           "nchuwa_prelude_ludii", "nchuwa_sow", "isolo_prelude", "isolo_moves", "isolo_sow", "isolo_sow_ludii"]

RELAY_CAP = 64  # laps per seed on the board, at most (as sow.py's relay)


def _leftmost(sim: Any, seat: int) -> list[int]:
    """The seat's outer-row and inner-row leftmost holes, as he sees them."""
    g = sim.game
    edge = 0 if seat == 0 else g.per_row - 1
    return [h for h in g.holes_of[seat] if g.col_of[h] == edge]


def _ends(sim: Any, seat: int) -> list[int]:
    g = sim.game
    return [h for h in g.holes_of[seat] if g.col_of[h] in (0, g.per_row - 1)]


@hook("mangola-moves")
def mangola_moves(sim: Any, seat: int, moves: list) -> list:
    if sim.plies < 2:  # the opening: the leftmost hole of either row
        left = _leftmost(sim, seat)
        return [m for m in moves if m & 0xFF in left]
    if sim.plies < 4:  # the first sowing: from a hole at an end of a row
        ends = _ends(sim, seat)
        return [m for m in moves if m & 0xFF in ends]
    return moves


def _opening(sim: Any, seat: int, h: int, d: int) -> int:
    b, nxt = sim.b, sim.game.plain[seat][d]
    p, q = h, h
    while True:
        q = nxt[p]
        b[q] += b[p]
        b[p] = 0
        p = nxt[q]
        if not b[p] or p == h:
            return q
        if sim.laps is not None:
            sim.laps.append(p)


def _sow(sim: Any, seat: int, h: int, d: int, ludii: bool) -> int:
    if sim.plies < 2:
        return _opening(sim, seat, h, d)
    g, b = sim.game, sim.b
    nxt, back = g.plain[seat][d], g.plain[seat][1 - d]
    inner = 1 if seat == 0 else 2
    budget = RELAY_CAP * (g.total + 1)
    lap = h
    while True:
        c, b[lap], p = b[lap], 0, lap
        while c:
            p = nxt[p]
            b[p] += 1
            c -= 1
        if b[p] == 1:  # the last counter would fall into an empty hole: into the next, and ends
            b[p] = 0
            p = nxt[p]
            b[p] += 1
            return p
        budget -= 1
        if budget <= 0:
            return p
        if g.row_of[p] == inner:
            f, o = g.facing[p], g.behind[p]
            if (b[f] and b[o]) if ludii else (b[f] or b[o]):
                taken, b[f], b[o] = b[f] + b[o], 0, 0
                q = back[p]
                while b[q] and q != p:  # the first empty hole behind the capturing hole
                    q = back[q]
                q = nxt[q]  # the hole after it, the first to take one
                if ludii:
                    q = nxt[q]
                while taken:
                    b[q] += 1
                    taken -= 1
                    q = nxt[q]
        if sim.laps is not None:
            sim.laps.append(p)
        lap = p


@hook("mangola-sow")
def mangola_sow(sim: Any, seat: int, h: int, d: int) -> int:
    return _sow(sim, seat, h, d, False)


@hook("mangola-sow-ludii")
def mangola_sow_ludii(sim: Any, seat: int, h: int, d: int) -> int:
    return _sow(sim, seat, h, d, True)


# -- Nchuwa ------------------------------------------------------------------------------------------
def _nchuwa_laps(sim: Any) -> int:
    """Opening laps a player: his holes, three to a lap (lifted, and two sown into)."""
    return 2 * sim.game.per_row // 3


@hook("nchuwa-moves")
def nchuwa_moves(sim: Any, seat: int, moves: list) -> list:
    laps = _nchuwa_laps(sim)
    if sim.plies >= 2 * laps:
        return moves
    g = sim.game
    track = g.holes_of[seat]
    inner, col = (1, g.per_row - 1) if seat == 0 else (2, 0)  # his inner row's rightmost, as he sees it
    start = next(k for k, h in enumerate(track) if g.row_of[h] == inner and g.col_of[h] == col)
    h = track[(start + 3 * (sim.plies // 2)) % len(track)]
    return [m for m in moves if m & 0xFF == h]


@hook("nchuwa-sow")
def nchuwa_sow(sim: Any, seat: int, h: int, d: int) -> int:
    g, b = sim.game, sim.b
    nxt = g.plain[seat][d]
    opening = sim.plies < 2 * _nchuwa_laps(sim)
    budget = RELAY_CAP * (g.total + 1)
    lap = h
    while True:
        c, b[lap], p = b[lap], 0, lap
        while c:
            p = nxt[p]
            b[p] += 1
            c -= 1
        budget -= 1
        if opening or b[p] == 1 or budget <= 0:
            return p
        if sim.laps is not None:
            sim.laps.append(p)
        lap = p


def _prelude(sim: Any, seat: int, what: str, move: Any, ludii: bool) -> Any:
    g, b = sim.game, sim.b
    if what == "action":
        if move[1] == "move":
            return {"from": g.names[move[2]], "to": g.names[move[3]]}
        return {"remove": g.names[move[2]]}
    if what == "play":
        if move[1] == "move":
            p, q = move[2], move[3]
            b[p] -= 2
            b[q] += 2
            text = f"{g.names[p]}-{g.names[q]}"
            if not ludii:  # the opponent's two holes across from the inner hole emptied from
                got = 0
                for f in (g.facing[p], g.behind[p]):
                    got += b[f]
                    b[f] = 0
                sim.sc[seat] += got
                if got:
                    text += f" ×{got}"
        else:
            text = f"takes {b[move[2]]} from {g.names[move[2]]}"
            sim.sc[seat] += b[move[2]]
            b[move[2]] = 0
        if sim.log:
            sim.last_text = text
        return None
    k = sim.plies - 2 * _nchuwa_laps(sim)  # the prelude's k-th move
    if k < 0:
        return None
    inner_row = 1 if seat == 0 else 2
    own = g.holes_of[seat]
    if k < 2:  # two counters from an inner hole into an empty outer one
        return [("hook", "move", p, q) for p in own if g.row_of[p] == inner_row and b[p] >= 2
                for q in own if g.row_of[q] != inner_row and not b[q]] or None
    if k < (6 if ludii else 4):  # the contents of one of the opponent's holes
        return [("hook", "remove", p) for p in g.holes_of[1 - seat] if b[p]] or None
    return None


@hook("nchuwa-prelude")
def nchuwa_prelude(sim: Any, seat: int, what: str, move: Any) -> Any:
    return _prelude(sim, seat, what, move, False)


@hook("nchuwa-prelude-ludii")
def nchuwa_prelude_ludii(sim: Any, seat: int, what: str, move: Any) -> Any:
    return _prelude(sim, seat, what, move, True)


# -- Isolo ------------------------------------------------------------------------------------------
def _isolo_places(g: Any, seat: int) -> tuple[int, int]:
    """The seat's rightmost outer-row hole and rightmost inner-row hole, as he sees them."""
    col = g.per_row - 1 if seat == 0 else 0
    outer, inner = (0, 1) if seat == 0 else (3, 2)
    at = {(g.row_of[h], g.col_of[h]): h for h in g.holes_of[seat]}
    return at[(outer, col)], at[(inner, col)]


def _isolo_plies(g: Any) -> tuple[int, int]:
    """The prelude's moves in all (each outer hole but one emptied, each inner hole giving one
    counter), and the ply of the first opening sowing."""
    n = g.per_row
    return 2 * (n - 1), 2 * (n - 1) + 2 * n


def _isolo_initial(sim: Any, seat: int) -> bool:
    """Whether the seat is still in the initial phase (has not sown from his rightmost outer hole)."""
    return not sim.sown >> _isolo_places(sim.game, seat)[0] & 1


@hook("isolo-prelude")
def isolo_prelude(sim: Any, seat: int, what: str, move: Any) -> Any:
    g, b = sim.game, sim.b
    if what == "action":
        return {"from": g.names[move[2]], "to": g.names[move[3]]}
    if what == "play":
        p, q = move[2], move[3]
        c = b[p] if move[1] == "gather" else 1
        b[p] -= c
        b[q] += c
        if sim.log:
            sim.last_text = f"{g.names[p]}-{g.names[q]}"
        return None
    gather, sowing = _isolo_plies(g)
    right, _ = _isolo_places(g, seat)
    own = g.holes_of[seat]
    outer = g.row_of[right]
    if sim.plies < gather:  # the counters of an outer hole into the rightmost one
        return [("hook", "gather", p, right) for p in own if g.row_of[p] == outer and p != right and b[p]] or None
    if sim.plies < sowing:  # one counter of an inner hole into the outer hole behind it
        at = {(g.row_of[h], g.col_of[h]): h for h in own}
        return [("hook", "spread", p, at[(outer, g.col_of[p])]) for p in own
                if g.row_of[p] != outer and b[p] >= 2] or None
    return None


@hook("isolo-moves")
def isolo_moves(sim: Any, seat: int, moves: list) -> list:
    g = sim.game
    right, inner = _isolo_places(g, seat)
    if sim.plies < _isolo_plies(g)[1] + 2:  # the opening sowing, from the rightmost inner hole
        return [m for m in moves if m & 0xFF == inner]
    if _isolo_initial(sim, seat):  # the rightmost inner hole is out of play
        return [m for m in moves if m & 0xFF != inner]
    return moves


def _isolo_sow(sim: Any, seat: int, h: int, d: int, ludii: bool) -> int:
    g, b = sim.game, sim.b
    right, inner = _isolo_places(g, seat)
    track = g.plain[seat][d]
    budget = RELAY_CAP * (g.total + 1)
    if sim.plies < _isolo_plies(g)[1] + 2:  # the opening sowing: relay, the last due in the
        lap, p = h, h                      # rightmost outer hole put after the inner one instead
        while True:
            c, b[lap], p = b[lap], 0, lap
            while c:
                p = track[p]
                if c == 1 and p == right:
                    p = track[inner]
                b[p] += 1
                c -= 1
            budget -= 1
            if b[p] == 1 or budget <= 0:
                return p
            if sim.laps is not None:
                sim.laps.append(p)
            lap = p
    out = (right, inner) if ludii or (_isolo_initial(sim, seat) and h != right) else ()
    nxt = list(track)
    for q in out:  # holes out of play are passed over
        for k, x in enumerate(nxt):
            if x == q:
                nxt[k] = track[q] if track[q] not in out else track[track[q]]
    opp_out = _isolo_places(g, 1 - seat) if _isolo_initial(sim, 1 - seat) else ()
    own_inner = g.row_of[inner]
    c, b[h], p = b[h], 0, h
    lap = h
    while True:
        while c:
            p = nxt[p]
            b[p] += 1
            c -= 1
        budget -= 1
        if b[p] == 1 or budget <= 0:
            return p
        f, o = g.facing[p], g.behind[p]
        if ludii and g.row_of[p] == own_inner and (b[f] or b[o]):
            c, b[f], b[o], p = b[f] + b[o], 0, 0, lap  # taken, sown from the lap's hole; the turn ends
            while c:
                p = nxt[p]
                b[p] += 1
                c -= 1
            return p
        if ludii:
            c, b[p], lap = b[p], 0, p
            if sim.laps is not None:
                sim.laps.append(p)
            continue
        taken = [x for x in (f, o) if b[x] and x not in opp_out] if g.row_of[p] == own_inner else []
        if taken:  # taken, and sown on from the hole after the capturing one
            c = 0
            for x in taken:
                c += b[x]
                b[x] = 0
        else:
            c, b[p] = b[p], 0
        if sim.laps is not None:
            sim.laps.append(p)


@hook("isolo-sow")
def isolo_sow(sim: Any, seat: int, h: int, d: int) -> int:
    return _isolo_sow(sim, seat, h, d, False)


@hook("isolo-sow-ludii")
def isolo_sow_ludii(sim: Any, seat: int, h: int, d: int) -> int:
    return _isolo_sow(sim, seat, h, d, True)
