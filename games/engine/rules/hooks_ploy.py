"""Ploy's pieces and their direction indicators (pieces mechanic, ``move = { kind = "hook",
hook = "ploy" }``; the hook point is described in ``hooks_race3.py``).

``ploy`` (Ploy, DLP.GameRulesets.408). A piece's orientation is part of its kind: every kind is
named ``TYPE-D1-D2...``, its type (``shield``, ``probe``, ``lance``, ``commander``) and the
compass points its indicators show, listed clockwise from ``n`` (``n ne e se s sw w nw``):
``lance-n-ne-nw`` is a lance whose three indicators point north, north-east and north-west. A
type has a fixed number of indicators (shield 1, probe 2, lance 3, commander 4) and a fixed
reach (shield and commander one step, probe up to two, lance up to three). The file declares
every kind it uses, and for every kind the two kinds it becomes when turned 45 degrees either
way (the same type, every indicator one point round): the hook checks both as the file compiles.

The player's moves, one piece each:

- a motion: along one of the piece's indicated directions, over empty sites, at most its reach,
  to an empty site or onto the first enemy piece met, which is taken (``{"from", "to"}``);
- a rotation: the piece turned 45 degrees left or right where it stands (``{"from": s, "to": s,
  "promote": KIND}``, the kind it becomes; one move where both turns give the same kind, the
  commander's).

After a shield's motion the same player may turn that shield (``pending`` = its site): one of
its two rotations, or a pass (``{"pass": true}``), which ends the turn.

A motion that takes a commander wins the game for the mover at once (``over = (mover,
"captured")``); the file's ``end`` clauses judge the rest (``bare``: a side left with only its
commander loses) after every motion, the shield's included.
"""
from __future__ import annotations

from typing import Any

from games.engine.core import Action
from games.engine.rules import board as boards
from games.engine.rules.hooks import hook

HOOKED = 4  # pieces.HOOKED
PASS = 3  # pieces.PASS

#: Compass points clockwise from north: a rotation to the right adds one, to the left takes one.
COMPASS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
#: Type -> (number of indicators, reach in sites).
TYPES = {"shield": (1, 1), "probe": (2, 2), "lance": (3, 3), "commander": (4, 1)}


def _compile(game: Any) -> None:
    """The tables of every kind: its directions (board direction indices), reach, rotations."""
    by_set: dict[tuple[str, frozenset[int]], int] = {}
    info: dict[int, tuple[str, frozenset[int]]] = {}
    for k, name in enumerate(game.kinds):
        parts = name.split("-")
        kind_type, points = parts[0], parts[1:]
        if kind_type not in TYPES:
            raise game.rf.error(("clause",), f"hook ploy: kind {name!r} is not TYPE-DIRS with a type of {', '.join(TYPES)}")
        if any(p not in COMPASS for p in points) or len(points) != TYPES[kind_type][0] \
                or [COMPASS.index(p) for p in points] != sorted(COMPASS.index(p) for p in points):
            raise game.rf.error(("clause",), f"hook ploy: kind {name!r} must list {TYPES[kind_type][0]} different "
                                             "compass points, clockwise from n")
        dirs = frozenset(COMPASS.index(p) for p in points)
        by_set[(kind_type, dirs)] = k
        info[k] = (kind_type, dirs)
    step_dirs: list[tuple[int, ...]] = []
    reach: list[int] = []
    turns: list[tuple[int, ...]] = []
    for k in range(len(game.kinds)):
        kind_type, dirs = info[k]
        step_dirs.append(tuple(boards.DIRECTIONS.index(COMPASS[d]) for d in sorted(dirs)))
        reach.append(TYPES[kind_type][1])
        out: list[int] = []
        for by in (-1, 1):  # left, right
            key = (kind_type, frozenset((d + by) % 8 for d in dirs))
            if key not in by_set:
                turned = "-".join(COMPASS[d] for d in sorted(key[1]))
                raise game.rf.error(("clause",), f"hook ploy: kind {game.kinds[k]!r} turns into "
                                                 f"{kind_type}-{turned}, which the file does not declare")
            if by_set[key] not in out:
                out.append(by_set[key])
        turns.append(tuple(out))
    game._ploy = {
        "dirs": step_dirs,
        "reach": reach,
        "turns": turns,
        "shield": frozenset(k for k in info if info[k][0] == "shield"),
        "commander": frozenset(k for k in info if info[k][0] == "commander"),
    }


@hook("ploy")
def ploy(sim: Any, what: str, move: Any, check_ends: bool = True) -> Any:
    g = sim.game
    t = g._ploy
    cells, kind_of, owner_of = sim.cells, g.kind_of, g.owner_of
    if what == "moves":
        if sim.pending >= 0:  # the shield just moved: it may turn, or the turn ends
            p = sim.pending
            return [(HOOKED, p, p, -1, -1, k) for k in t["turns"][kind_of[cells[p]]]] + [(PASS, -1, -1, -1, -1, -1)]
        out = []
        step = g.board.step
        mover = sim.mover
        for a, c in enumerate(cells):
            if not c or owner_of[c] != mover:
                continue
            k = kind_of[c]
            reach = t["reach"][k]
            for d in t["dirs"][k]:
                ray = step[d]
                s = ray[a]
                n = 0
                while s >= 0 and n < reach:
                    x = cells[s]
                    if x:
                        if owner_of[x] != mover:
                            out.append((HOOKED, a, s, -1, -1, -1))
                        break
                    out.append((HOOKED, a, s, -1, -1, -1))
                    n += 1
                    s = ray[s]
            for k2 in t["turns"][k]:
                out.append((HOOKED, a, a, -1, -1, k2))
        return out
    _, a, b, _, _, k2 = move
    names = g.board.names
    if what == "action":
        if a != b:
            return Action({"from": names[a], "to": names[b]})
        return Action({"from": names[a], "to": names[a], "promote": g.kinds[k2]})
    mover = sim.mover
    sim._moves = None
    sim.last_to = b
    if a == b:  # a rotation: the whole turn, or the shield's after its motion
        cells[a] = g.code(mover, k2)
        sim.quiet += 1
        sim.pending = -1
        sim._next_turn(check_ends)
        return None
    c = cells[a]
    victim = cells[b]
    cells[b] = c
    cells[a] = 0
    sim.quiet = 0 if victim else sim.quiet + 1
    if victim and kind_of[victim] in t["commander"] and check_ends:
        sim.pending = -1
        sim.over = (mover, "captured")  # the enemy commander taken: the mover wins
        return None
    if kind_of[c] in t["shield"]:
        if check_ends:
            sim._check_ends(after_move=True)
        if sim.over:
            sim.pending = -1
            return None
        sim.pending = b  # the shield may now turn, or the player passes
        return None
    sim.pending = -1
    sim._next_turn(check_ends)
    return None


ploy.compile = _compile  # type: ignore[attr-defined]
