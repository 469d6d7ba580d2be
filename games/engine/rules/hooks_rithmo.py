"""Rithmomachia's numbered pieces (pieces mechanic, ``move = { kind = "hook", hook = "rithmo" }``;
the hook point is described in ``hooks_race3.py``).

``rithmo`` (Rithmomachia after Stigter, DLP.GameRulesets.165). A piece's number is part of its
kind, so that the board shows it: ``circle-N``, ``triangle-N``, ``square-N`` (a plain piece of
that shape carrying the number N), and ``pyramid-P1-P2...``, a pyramid holding the parts listed
from its base up, each a shape letter (``s``, ``t``, ``c``) and a number: ``pyramid-s36-s25-t16``.
The file declares every kind its pyramids can become as parts are taken (every non-empty subset
of the parts, in the same order); the hook checks it as the file compiles.

Moves (a piece's *shapes*: its own; a pyramid's, those of the parts it still holds):

- circle: one site along a row or column;
- triangle: exactly two sites diagonally, the site passed empty;
- square: exactly three sites along a row or column, the two sites passed empty.

A move ends on an empty site, or on an enemy piece it may take (a capture). A piece's *values*
are its number (a pyramid's: each part's number and the sum of its parts); the move's
*distance* is 1, 2 or 3 by the shape it moves as. An enemy number ``x`` may be taken by a
piece moving onto it with a value ``a`` where ``x = a * d`` or ``x * d = a`` (by distance), or,
where another of the mover's pieces (with a value ``b``) could also move onto that site by its
own shapes, where ``x`` is ``a + b``, ``|a - b|``, ``a * b`` or the exact quotient of the
larger by the smaller (two-piece captures). A plain enemy piece so
taken leaves the board and the mover takes its site. An enemy pyramid is taken whole, the mover
taking its site, where ``x`` is the sum of its parts or the sum of its squares (its base); one of
its parts is taken alone where ``x`` is that part's number: the part leaves the pyramid, which
stays where it is (its kind the one without that part), and the mover stays where it was (the
action ``{"from", "to", "promote": the pyramid's new kind}``). A pyramid's last part taken is
the pyramid taken whole.

Encirclement: a piece *encircled* has no move and no capture, every one of its moves (by each
of its shapes, each direction) being stopped, on a site it passes or lands on, by an enemy
piece or by the board's edge, none by a piece of its own side, one at least by an enemy piece.
With the file's option ``encirclement = "at-once"`` (the default), after every move each of the
opponent's pieces that stands encircled is taken off the board (a pyramid whole); with
``"turn"``, the player may instead, as his move, take one encircled enemy piece
(``{"remove": SITE}``, Ludii's way of playing it).

The end (``over = (mover, "progression")``): after a move, where the opponent has no pyramid
left and three of the mover's pieces stand on the opponent's half of the board (the eight rows
farthest from the mover), equally spaced along a row, a column or a diagonal, or as a chevron
(an apex and two diagonal arms of equal length at right angles), whose values, in that order,
form an arithmetic, geometric or harmonic progression of different numbers, the mover wins.
"""
from __future__ import annotations

from typing import Any

from games.engine.core import Action
from games.engine.rules import board as boards
from games.engine.rules.hooks import hook

HOOKED = 4  # pieces.HOOKED

SHAPES = {"c": "circle", "t": "triangle", "s": "square"}
#: Shape -> (direction indices, distance).
PATTERNS = {
    "circle": (boards.ORTHOGONAL, 1),
    "triangle": (boards.DIAGONAL, 2),
    "square": (boards.ORTHOGONAL, 3),
}


def _parse(game: Any, name: str) -> tuple[str, tuple[tuple[str, int], ...]]:
    """A kind's name -> ("plain" or "pyramid", ((shape, number), ...))."""
    parts = name.split("-")
    try:
        if parts[0] in PATTERNS and len(parts) == 2:
            return "plain", ((parts[0], int(parts[1])),)
        if parts[0] == "pyramid" and len(parts) >= 2:
            out = tuple((SHAPES[p[0]], int(p[1:])) for p in parts[1:])
            if all(n > 0 for _, n in out):
                return "pyramid", out
    except (KeyError, ValueError, IndexError):
        pass
    raise game.rf.error(("clause",), f"hook rithmo: kind {name!r} is not circle-N, triangle-N, square-N "
                                     "or pyramid-PARTS (parts s/t/c and a number, from the base up)")


def _compile(game: Any) -> None:
    kinds = game.kinds
    info = [_parse(game, name) for name in kinds]
    index = {name: k for k, name in enumerate(kinds)}
    shapes: list[tuple[str, ...]] = []
    values: list[tuple[int, ...]] = []
    pyramid: list[bool] = []
    whole: list[tuple[int, ...]] = []  # the numbers that take a pyramid whole: its sum, its base's sum
    less: list[dict[int, int]] = []  # a pyramid's part index -> the kind without that part (-1: none left)
    parts_of: list[tuple[tuple[str, int], ...]] = []
    for k, (what, parts) in enumerate(info):
        parts_of.append(parts)
        shapes.append(tuple(sorted({s for s, _ in parts}, key=list(PATTERNS).index)))
        if what == "plain":
            values.append((parts[0][1],))
            pyramid.append(False)
            whole.append(())
            less.append({})
            continue
        total = sum(n for _, n in parts)
        values.append(tuple(sorted({n for _, n in parts} | {total})))
        pyramid.append(True)
        base = [n for s, n in parts if s == "square"]
        whole.append(tuple(sorted({total} | ({sum(base)} if base else set()))))
        out = {}
        for i in range(len(parts)):
            rest = parts[:i] + parts[i + 1:]
            if not rest:
                out[i] = -1
                continue
            name = "pyramid-" + "-".join(f"{s[0]}{n}" for s, n in rest)
            if name not in index:
                raise game.rf.error(("clause",), f"hook rithmo: pyramid {kinds[k]!r} loses a part and becomes "
                                                 f"{name!r}, which the file does not declare")
            out[i] = index[name]
        less.append(out)
    b = game.board
    coords = []
    for name in b.names:
        coords.append((ord(name[0]) - ord("a"), int(name[1:]) - 1))
    height = max(y for _, y in coords) + 1
    at = {c: s for s, c in enumerate(coords)}
    game._rithmo = {
        "shapes": shapes, "values": values, "pyramid": pyramid, "whole": whole, "less": less,
        "parts": parts_of, "coords": coords, "at": at, "height": height,
        "shape_bits": [sum(1 << list(PATTERNS).index(s) for s in sh) for sh in shapes],
    }


def _by_distance(vals: tuple[int, ...], d: int, x: int) -> bool:
    for a in vals:
        if a * d == x or x * d == a:
            return True
    return False


def _by_two(va: tuple[int, ...], vb: tuple[int, ...], x: int) -> bool:
    for a in va:
        for b in vb:
            if a + b == x or a - b == x or b - a == x or a * b == x or a == x * b or b == x * a:
                return True
    return False


def _helpers(sim: Any, t: int, a: int, mover: int) -> list[tuple[int, ...]]:
    """The values of each of ``mover``'s pieces other than the one on ``a`` that could move
    onto ``t`` by its own shapes."""
    g = sim.game
    r = g._rithmo
    cells, owner_of, kind_of = sim.cells, g.owner_of, g.kind_of
    step = g.board.step
    out = []
    for bit, (shape, (dirs, dist)) in enumerate(PATTERNS.items()):
        for d in dirs:
            back = step[(d + 4) % 8]
            s = t
            ok = True
            for i in range(dist):
                s = back[s]
                if s < 0:
                    ok = False
                    break
                if i < dist - 1 and cells[s]:
                    ok = False
                    break
            if not ok or s == a:
                continue
            c = cells[s]
            if c and owner_of[c] == mover and r["shape_bits"][kind_of[c]] >> bit & 1:
                out.append(r["values"][kind_of[c]])
    return out


def _captures(sim: Any, a: int, t: int, vals: tuple[int, ...], dist: int, victim: int, mover: int) -> list[int]:
    """The captures of the piece on ``a`` moving onto the enemy ``victim`` on ``t`` by a move of
    ``dist``: -1 for the victim taken whole, else the kind a pyramid becomes."""
    g = sim.game
    r = g._rithmo
    vk = g.kind_of[victim]
    helpers = None

    def takes(x: int) -> bool:
        nonlocal helpers
        if _by_distance(vals, dist, x):
            return True
        if helpers is None:
            helpers = _helpers(sim, t, a, mover)
        return any(_by_two(vals, vb, x) for vb in helpers)

    if not r["pyramid"][vk]:
        return [-1] if takes(r["values"][vk][0]) else []
    out = []
    if any(takes(x) for x in r["whole"][vk]):
        out.append(-1)
    for i, (_, n) in enumerate(r["parts"][vk]):
        k2 = r["less"][vk][i]
        if k2 < 0:
            if -1 not in out and takes(n):
                out.append(-1)
        elif k2 not in out and takes(n):
            out.append(k2)
    return out


def _is_progression(a: int, b: int, c: int) -> bool:
    if a == b or b == c:
        return False
    return b - a == c - b or b * b == a * c or 2 * a * c == b * (a + c)


def encircled(sim: Any, a: int) -> bool:
    """The piece on ``a`` is hemmed in: no move and no capture, every one of its moves stopped
    by an enemy piece or the board's edge (none by a piece of its own side), one at least by an
    enemy piece."""
    g = sim.game
    r = g._rithmo
    cells, owner_of, kind_of = sim.cells, g.owner_of, g.kind_of
    step = g.board.step
    c = cells[a]
    own = owner_of[c]
    k = kind_of[c]
    vals = r["values"][k]
    hemmed = False
    for shape in r["shapes"][k]:
        dirs, dist = PATTERNS[shape]
        for d in dirs:
            ray = step[d]
            s = a
            for i in range(dist):
                s = ray[s]
                if s < 0:
                    break
                x = cells[s]
                if not x:
                    if i == dist - 1:
                        return False  # a move to an empty site
                    continue
                if owner_of[x] == own:
                    return False  # stopped by its own side
                if i == dist - 1 and _captures(sim, a, s, vals, dist, x, own):
                    return False  # a capture
                hemmed = True
                break
    return hemmed


def _encircle(sim: Any, mover: int) -> None:
    """Take every piece of the opponent of ``mover`` that stands encircled."""
    g = sim.game
    cells, owner_of = sim.cells, g.owner_of
    foe = 1 - mover
    hit = [a for a, c in enumerate(cells) if c and owner_of[c] == foe and encircled(sim, a)]
    for a in hit:
        cells[a] = 0
    if hit:
        sim.quiet = 0


def progression(sim: Any, seat: int) -> bool:
    """Three of ``seat``'s pieces on the opponent's half in a progression (see the docstring)."""
    g = sim.game
    r = g._rithmo
    cells, owner_of, kind_of = sim.cells, g.owner_of, g.kind_of
    coords, half = r["coords"], r["height"] // 2
    mine: dict[tuple[int, int], tuple[int, ...]] = {}
    for s, c in enumerate(cells):
        if c and owner_of[c] == seat:
            x, y = coords[s]
            if (y >= half) if seat == 0 else (y < half):
                mine[(x, y)] = r["values"][kind_of[c]]
    if len(mine) < 3:
        return False

    def check(p: tuple[int, int], q: tuple[int, int], s: tuple[int, int]) -> bool:
        return any(_is_progression(u, v, w) for u in mine[p] for v in mine[q] for w in mine[s])

    for q in mine:
        for p in mine:
            if p == q:
                continue
            dx, dy = q[0] - p[0], q[1] - p[1]
            if dx == 0 or dy == 0 or abs(dx) == abs(dy):
                s = (q[0] + dx, q[1] + dy)
                if s in mine and check(p, q, s):
                    return True
            if abs(dx) == abs(dy):  # q the apex of a chevron, p one arm's end
                ex, ey = p[0] - q[0], p[1] - q[1]
                for s in ((q[0] - ey, q[1] + ex), (q[0] + ey, q[1] - ex)):
                    if s in mine and check(p, q, s):
                        return True
    return False


def has_pyramid(sim: Any, seat: int) -> bool:
    g = sim.game
    pyr = g._rithmo["pyramid"]
    return any(c and g.owner_of[c] == seat and pyr[g.kind_of[c]] for c in sim.cells)


@hook("rithmo")
def rithmo(sim: Any, what: str, move: Any, check_ends: bool = True) -> Any:
    g = sim.game
    r = g._rithmo
    cells, kind_of, owner_of = sim.cells, g.kind_of, g.owner_of
    if what == "moves":
        out = []
        step = g.board.step
        mover = sim.mover
        seen = set()
        if sim.options.get("encirclement") == "turn":
            foe = 1 - mover
            for a, c in enumerate(cells):
                if c and owner_of[c] == foe and encircled(sim, a):
                    out.append((HOOKED, a, a, -1, -1, -1))
        for a, c in enumerate(cells):
            if not c or owner_of[c] != mover:
                continue
            k = kind_of[c]
            vals = r["values"][k]
            for shape in r["shapes"][k]:
                dirs, dist = PATTERNS[shape]
                for d in dirs:
                    ray = step[d]
                    s = a
                    ok = True
                    for i in range(dist):
                        s = ray[s]
                        if s < 0 or (i < dist - 1 and cells[s]):
                            ok = False
                            break
                    if not ok:
                        continue
                    x = cells[s]
                    if not x:
                        out.append((HOOKED, a, s, -1, -1, -1))
                    elif owner_of[x] != mover:
                        for k2 in _captures(sim, a, s, vals, dist, x, mover):
                            m = (HOOKED, a, s, -1, -1, k2)
                            if m not in seen:
                                seen.add(m)
                                out.append(m)
        return out
    _, a, b, _, _, k2 = move
    names = g.board.names
    if what == "action":
        if a == b:
            return Action({"remove": names[a]})
        if k2 >= 0:
            return Action({"from": names[a], "to": names[b], "promote": g.kinds[k2]})
        return Action({"from": names[a], "to": names[b]})
    mover = sim.mover
    sim._moves = None
    sim.last_to = b
    victim = cells[b]
    if a == b:  # option encirclement = turn: an encircled enemy piece taken as the move
        cells[a] = 0
    elif k2 >= 0:  # a part taken from the pyramid on b; the taker stays
        cells[b] = g.code(owner_of[victim], k2)
    else:
        cells[b] = cells[a]
        cells[a] = 0
    sim.quiet = 0 if victim else sim.quiet + 1
    if sim.options.get("encirclement", "at-once") == "at-once":
        _encircle(sim, mover)
    sim.pending = -1
    if check_ends and not has_pyramid(sim, 1 - mover) and progression(sim, mover):
        sim.over = (mover, "progression")
        return None
    sim._next_turn(check_ends)
    return None


rithmo.compile = _compile  # type: ignore[attr-defined]
