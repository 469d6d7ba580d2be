"""Hook of Mehen (DLP.Games.6, Kendall's ruleset, DLP.GameRulesets.542): race mechanic,
``move = { hook = "mehen" }`` (the hook point is described in ``race.py``'s docstring; a move
is ``(from, to, value)`` in track positions, 0 the hand).

The file's track, a seat each, is the whole life of a piece, in positions:

- ``1 .. C - 1``: the spiral from its mouth inwards (a ball, entering on square 1 with a throw
  of one);
- ``C`` and ``C + 1``: the centre (the board's mark ``centre``), twice: a ball reaches ``C``
  only by the exact throw; a throw of one there moves it to
  ``C + 1`` (the first of the two ones, thrown and spent where it stands), and a second throw of
  one takes it out onto the first square of the way back (``C + 2``);
- ``C + 2 .. D - 1``: the spiral from the centre outwards, the ball running by the throw, and
  any throw that takes it past the mouth takes it off the board;
- ``D``: the seat's den beside the board (``pieces.stage.from``: from there on the piece is a
  lion), where the ball that left comes back as a lion. Lions wait there together;
- ``D + 1 .. n``: the spiral from the mouth inwards again, the lion's ground. A lion enters it
  from the den with a throw of one (onto the mouth, unless its own piece stands there), and then
  moves twice the throw, inwards or outwards, never into the centre nor out of the mouth:
  landing where opposing pieces stand takes them out of the game (the file's ``capture =
  { opponent = "remove", by = "stage" }``; the mechanic does the taking).

Pieces share squares freely; balls take nothing. With the file's option ``one_a_space``
(Ludii's reading) a square holds one piece: a ball moves only onto an empty square, a lion not
onto its own side's; a ball in the centre starts back at once by any throw, and leaves at the
tail only by the exact throw. The hook gives every move itself (the mechanic's are set aside):
``"played"`` has nothing to add.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook


def _layout(sim: Any, seat: int) -> tuple[int, int, int]:
    """(C, D, n): the first centre position, the den (the stage's square) and the track's last."""
    game = sim.game
    cache = game.__dict__.setdefault("_mehen", {})
    got = cache.get(seat)
    if got is None:
        r = sim.r
        cells = r.cells[seat]
        centre = game.marks.get("centre")
        if not centre or len(centre) != 1 or game.stage is None:
            raise ValueError("hook mehen: the file needs the board mark 'centre' (one cell) and pieces.stage (the den)")
        c = cells.index(centre[0], 1)
        d = game.stage[0]
        if cells[c + 1] != centre[0] or not c + 2 < d < r.n[seat]:
            raise ValueError("hook mehen: the track must pass the centre twice in a row, then run out to the den "
                             "(pieces.stage.from), then in again")
        got = cache[seat] = (c, d, r.n[seat])
    return got


@hook("mehen")
def mehen(sim: Any, what: str, seat: int, moves: Any) -> Any:
    if what != "moves":
        return None
    values = sorted({v for v in sim.left if v > 0})
    if not values:
        return []
    r = sim.r
    P = r.players
    occ = sim.occ
    cells = r.cells[seat]
    c, d, n = _layout(sim, seat)
    one = bool(sim.options.get("one_a_space"))  # Ludii's reading: one piece a space

    def free(q: int) -> bool:  # where a ball may go
        if not one:
            return True
        b = cells[q] * P
        return not any(occ[b:b + P])

    def open_to_lion(q: int) -> bool:
        return not one or not occ[cells[q] * P + seat]

    out = []
    for v in values:
        if sim.hand[seat] and v == 1 and free(1):
            out.append((0, 1, v))
        for p in sorted(set(sim.pos[seat])):
            if p < c:  # a ball running in: to the centre by the exact throw only
                q = p + v
                if q <= c and free(q):
                    out.append((p, q, v))
            elif p == c:
                if one:  # Ludii: it starts back at once, by any throw
                    if free(c + 1 + v):
                        out.append((p, c + 1 + v, v))
                elif v == 1:  # the first one, spent in the centre
                    out.append((p, p + 1, v))
            elif p == c + 1:  # the second one takes it out
                if v == 1 and free(p + 1):
                    out.append((p, p + 1, v))
            elif p < d:  # running out; past the tail into the den
                q = p + v
                if q == d or (q > d and not one):  # Ludii: the exact throw only
                    out.append((p, d, v))
                elif q < d and free(q):
                    out.append((p, q, v))
            elif p == d:  # a lion comes in
                if v == 1 and open_to_lion(d + 1):
                    out.append((p, d + 1, v))
            else:  # a lion: twice the throw, either way
                for q in (p + 2 * v, p - 2 * v):
                    if d < q <= n and open_to_lion(q):
                        out.append((p, q, v))
    return out
