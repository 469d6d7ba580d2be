"""Hooks for Tchela (DLP game 248, ruleset 269; helper sow22; see ``hooks.py`` for the protocol;
tested in tests/games/test_rules_sow22.py). Four rows of eight, each seat sowing anticlockwise
round its own two rows, with a store that holds one counter:

- ``tchela-sow`` (``sow = { sow_hook = "tchela-sow" }``): every sowing of the game.

  *Opening* (each player's first eight moves, the players taking turns): a player's first
  move sows the single counter of any of his holes into the next, making a pair; each later
  one sows the counter of the hole after the last pair made into the hole after it, making
  another pair. The eighth move makes the last pair, and the same move sows that pair on
  normally (as in the main phase), or, with the option ``plain_last_pair`` (Ludii's reading),
  only as one lap: no relay, nothing taken, the store not used. Where the opponent's last pair
  has taken counters of a player still in his opening, so that no single counter follows his
  last pair (or none follows it to pair with), his opening is over and he moves as in the main
  phase.

  *Main phase*: a lap whose last counter falls into an occupied hole lifts its counters and
  sows on; one that falls into an empty hole ends the move, and if that hole is in the
  mover's inner row the counters of the opponent's hole facing it are taken, with those of
  the outer hole behind it when the facing hole held any; a lap ending in the store ends the
  move and takes nothing.

  *The store* (``b[N + seat]``, drawn as the seat's store ``s1`` / ``s2``: the hook's
  ``store_slots``) stands in the mover's track at the start of his inner row, after his outer
  row (the store at the right of his rows), or, with the option ``centre_store`` (Ludii's
  reading), between the fourth and fifth holes of his inner row. It holds at most one counter,
  which is never taken, and the mover may sow it as a hole. A lap that would pass it once while
  it is empty may drop a counter into it or pass it by, the player's choice: the move's mark
  ``k`` (``move >> 9``, the hook's ``with_mark``) says which such lap drops one (``k >> 1``:
  0 none, 1 the first, 2 the second...), and ``k & 1`` marks a sowing of the store itself (the
  move then names the hole after the store). ``name_move`` names these moves
  ``{"sow": "9", "store": 2}`` and ``{"sow": "s1"}``.

- ``tchela-moves`` (``sow = { moves_hook = "tchela-moves" }``): the moves above, with each
  choice of the store; in the main phase (option ``skip``, on by default) also the *skip*:
  a single counter in the penultimate hole of the mover's inner row (along his sowing), which
  the opponent could take on his next turn, may be moved instead over the empty last hole of
  that row into the first or second hole of his outer row, whichever is empty
  (``("hook", "skip", from, to)``, ``{"from": "15", "to": "1"}``).
- ``tchela-prelude`` (``sow = { prelude_hook = "tchela-prelude" }``): names and plays the skip
  (it gives no moves of its own).
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["tchela_moves", "tchela_prelude", "tchela_sow"]

RELAY_CAP = 64  # laps per counter on the board, at most (as sow.py's relay)
OPENING = 8  # each player's opening moves (eight pairs round his sixteen holes)


def _track(g: Any, seat: int) -> list[int]:
    """The seat's holes along his sowing: his outer row from his left, then his inner row from
    his right."""
    n = g.per_row
    own = g.holes_of[seat]
    return list(own) if seat == 0 else list(own[n:]) + list(own[:n])


_RINGS: dict[tuple[int, int, bool], tuple[list[int], dict[int, int], dict[int, int], int]] = {}


def _rings(g: Any, seat: int, centre: bool) -> tuple[list[int], dict[int, int], dict[int, int], int]:
    """(track, next hole without the store, next place with the store, the hole after the store)."""
    key = (id(g), seat, centre)
    got = _RINGS.get(key)
    if got is None:
        t = _track(g, seat)
        n = g.per_row
        pos = n + n // 2 if centre else n
        store = g.N + seat
        ring = t[:pos] + [store] + t[pos:]
        plain = {p: t[(i + 1) % len(t)] for i, p in enumerate(t)}
        full = {p: ring[(i + 1) % len(ring)] for i, p in enumerate(ring)}
        got = _RINGS[key] = (t, plain, full, t[pos % len(t)])
    return got


def _centre(sim: Any) -> bool:
    return bool(sim.options.get("centre_store", False))


def _plain_last(sim: Any) -> bool:
    return bool(sim.options.get("plain_last_pair", False))


def _phase(sim: Any, seat: int, centre: bool) -> tuple[str, int]:
    """The kind of the seat's move now, and in the opening the hole it sows: ``"first"`` (any
    hole), ``"pair"`` (the single counter after the last pair made, into the next single),
    ``"last"`` (so, the eighth pair, then sown on), or ``"main"``, also where the opponent's
    capture has broken the player's opening (no single counter to pair after his last pair)."""
    if sim.plies >= 2 * OPENING:
        return "main", -1
    if sim.plies < 2:
        return "first", -1
    t, plain, _, _ = _rings(sim.game, seat, centre)
    p = _next_single(sim.b, t)
    if p < 0 or sim.b[plain[p]] != 1:
        return "main", -1
    return ("last" if sim.plies >= 2 * OPENING - 2 else "pair"), p


def _next_single(b: list[int], t: list[int]) -> int:
    """In the opening, the hole whose single counter makes the next pair: the hole after the
    last pair made (the only hole holding one after a hole holding two), or -1 for none."""
    m = len(t)
    for i in range(m):
        if b[t[i]] == 2 and b[t[(i + 1) % m]] == 1:
            return t[(i + 1) % m]
    return -1


def _sow(g: Any, b: list[int], seat: int, start: int, drop: int, centre: bool, laps: list | None,
         capture: bool = True, relay: bool = True) -> tuple[int, int, list[int]]:
    """Sow from ``start`` (a hole, or the store ``g.N + seat``) on ``b`` with relay, the
    ``drop``-th lap that may drop a counter into the empty store doing so (0: none). Returns
    (the last place, the laps that could drop one, the holes taken from)."""
    t, plain, full, _ = _rings(g, seat, centre)
    store = g.N + seat
    n = g.per_row
    inner = set(t[n:])
    chances = 0
    budget = RELAY_CAP * (g.total + 1)
    lap = start
    while True:
        c = b[lap]
        b[lap] = 0
        nxt = plain
        if lap == store:
            nxt = full  # the store's counter goes on into the hole after it
        elif not b[store]:
            p, passes = lap, 0  # does the lap pass the store once (with the store in the track)?
            for _ in range(c):
                p = full[p]
                passes += p == store
            if passes == 1:
                chances += 1
                if chances == drop:
                    nxt = full
        p = lap
        while c:
            p = nxt[p]
            b[p] += 1
            c -= 1
        if p == store:
            return p, chances, []  # the last counter into the store: the move ends
        if b[p] > 1 and relay:
            budget -= 1
            if budget <= 0:
                return p, chances, []
            if laps is not None:
                laps.append(p)
            lap = p
            continue
        if capture and b[p] == 1 and p in inner:
            f = g.facing[p]
            if b[f]:
                return p, chances, [f, g.behind[p]]
        return p, chances, []


def _take(sim: Any, b: list[int], seat: int, taken: list[int]) -> int:
    got = 0
    for f in taken:
        got += b[f]
        b[f] = 0
    sim.sc[seat] += got
    return got


@hook("tchela-sow")
def tchela_sow(sim: Any, seat: int, h: int, d: int, k: int = 0) -> int:
    g, b = sim.game, sim.b
    centre = _centre(sim)
    _, plain, _, _ = _rings(g, seat, centre)
    phase, _ = _phase(sim, seat, centre)
    if k & 1:  # the store's counter sown (the move names the hole after it)
        h = g.N + seat
    if phase != "main":
        q = plain[h]  # the single counter into the next hole: a pair
        b[q] += b[h]
        b[h] = 0
        if phase != "last":
            return q
        if _plain_last(sim):  # Ludii's reading: the last pair sown as one lap, nothing more
            last, _, _ = _sow(g, b, seat, q, 0, centre, None, capture=False, relay=False)
            return last
        last, _, taken = _sow(g, b, seat, q, k >> 1, centre, sim.laps)
        _take(sim, b, seat, taken)
        return last
    last, _, taken = _sow(g, b, seat, h, k >> 1, centre, sim.laps)
    got = _take(sim, b, seat, taken)
    if got and sim.log:
        sim.took += got
    return last


tchela_sow.with_mark = True  # type: ignore[attr-defined]
tchela_sow.store_slots = True  # type: ignore[attr-defined]


def _name(sim: Any, move: int) -> dict[str, Any]:
    g = sim.game
    h, k = move & 0xFF, move >> 9
    seat = sim.turn if sim.turn is not None else 0
    act: dict[str, Any] = {"sow": g.store_names[seat] if k & 1 else g.names[h]}
    if k >> 1:
        act["store"] = k >> 1
    return act


tchela_sow.name_move = _name  # type: ignore[attr-defined]


def _choices(sim: Any, b: list[int], seat: int, start: int, mark: int, centre: bool, plain_pair: bool) -> list[int]:
    """The move from ``start`` (``mark`` 1 for the store) with each choice of the store."""
    g = sim.game
    probe = b[:]
    if plain_pair:
        return [start | mark << 9]
    _, chances, _ = _sow(g, probe, seat, g.N + seat if mark else start, 0, centre, None)
    return [start | (mark | j << 1) << 9 for j in range(chances + 1)]


def _all_moves(sim: Any, b: list[int], seat: int) -> list[int]:
    """The seat's sowings on ``b`` in the main phase."""
    g = sim.game
    centre = _centre(sim)
    t, _, _, after = _rings(g, seat, centre)
    out: list[int] = []
    for h in t:
        if b[h]:
            out += _choices(sim, b, seat, h, 0, centre, False)
    if b[g.N + seat]:
        out += _choices(sim, b, seat, after, 1, centre, False)
    return out


def _threatened(sim: Any, seat: int, p: int) -> bool:
    """Whether the opponent, to move now, has a sowing that takes hole ``p`` (the mover's)."""
    g = sim.game
    opp = 1 - seat
    centre = _centre(sim)
    for m in _all_moves(sim, sim.b, opp):
        probe = sim.b[:]
        k = m >> 9
        start = g.N + opp if k & 1 else m & 0xFF
        _, _, taken = _sow(g, probe, opp, start, k >> 1, centre, None)
        if taken and taken[0] == p and probe[p]:
            return True
    return False


def _skips(sim: Any, seat: int) -> list[tuple]:
    g, b = sim.game, sim.b
    t = _track(g, seat)
    pen, last = t[-2], t[-1]
    if b[pen] != 1 or b[last]:
        return []
    to = [q for q in t[:2] if not b[q]]
    if not to or not _threatened(sim, seat, pen):
        return []
    return [("hook", "skip", pen, q) for q in to]


@hook("tchela-moves")
def tchela_moves(sim: Any, seat: int, moves: list) -> list:
    g, b = sim.game, sim.b
    centre = _centre(sim)
    t, _, _, _ = _rings(g, seat, centre)
    phase, p = _phase(sim, seat, centre)
    if phase == "first":
        return [h for h in t if b[h]]
    if phase == "pair":
        return [p]
    if phase == "last":
        probe = b[:]  # the last pair made, then sown on from the hole after
        q = _rings(g, seat, centre)[1][p]
        probe[q] += probe[p]
        probe[p] = 0
        if _plain_last(sim):
            return [p]
        _, chances, _ = _sow(g, probe, seat, q, 0, centre, None)
        return [p | (j << 1) << 9 for j in range(chances + 1)]
    out: list = _all_moves(sim, b, seat)
    if sim.options.get("skip", True):
        out += _skips(sim, seat)
    return out


@hook("tchela-prelude")
def tchela_prelude(sim: Any, seat: int, what: str, move: Any) -> Any:
    g, b = sim.game, sim.b
    if what == "moves":
        return None
    if what == "action":
        return {"from": g.names[move[2]], "to": g.names[move[3]]}
    p, q = move[2], move[3]
    b[q] += b[p]
    b[p] = 0
    if sim.log:
        sim.last_text = f"{g.names[p]}-{g.names[q]} (skip)"
    return None
