"""Hooks of the race8 batch (pieces mechanic, ``move = { kind = "hook", hook = NAME }``; the hook
point is described in ``hooks_race3.py``).

``camelot`` (Camelot, DLP.GameRulesets.416). Kinds it reads by name: ``pawn`` and ``knight``;
regions: ``castle0`` and ``castle1``, each seat's own castle (the other seat's goal). Every
move is one action; a turn of several hops keeps ``pending`` (the hopping piece's square) and
``trail`` (the squares it has stood on this turn, its start first), so a later hop never lands
where the piece has already been. Whether the last hop was a canter or a jump is read from the
board: the square it passed still holds a piece (a friend) after a canter, none after a jump.

- The turn's first move: where any piece of the mover can jump (over an enemy next to it, in
  any of the eight directions, to the empty square beyond), only jumps (``{"from", "to"}``,
  the enemy taken); else a plain move (one square, any direction, to an empty square) or a
  canter (over a friend next to it to the empty square beyond).
- No piece ever comes to a square of its own castle. A piece standing in the enemy castle
  only steps to the castle's other square; it never hops.
- After a jump the same piece must jump again while it can (never to a square of its trail);
  after a canter it may canter again (never to a square of its trail) or stop
  (``{"pass": true}``); a knight that has cantered and can jump must jump instead (the
  knight's charge), and then goes on jumping while it can. A hop landing in the enemy castle
  ends the turn; so does a hop after which the piece has nothing more to do.
- Ends the hook judges as the turn ends (before the file's own ``end`` clauses): a player
  who takes the opponent's last piece while keeping fewer than two of their own, or play that
  leaves both sides with fewer than two pieces, draws.

``arimaa`` (Arimaa, DLP.GameRulesets.43), with ``while = "any"``. Kinds it reads by name, weakest
first: ``rabbit``, ``cat``, ``dog``, ``horse``, ``camel``, ``elephant``; regions: ``traps``,
``home0`` / ``home1`` (where each seat sets its pieces) and ``goal0`` / ``goal1`` (the row each
seat's rabbits make for).

- Setting up: a seat holding pieces places them one by one (``{"to", "piece"}``) on the empty
  squares of its home, all in one turn (``pending`` = the square just filled); then the other.
- Play: a turn is one to four steps, each one action; ``trail`` lists the turn's steps as
  pairs of squares (from, to), ``pending`` is a square of one of the mover's pieces while the
  turn goes on. A step: a piece not frozen (next to a stronger enemy, along a row or column,
  with no friend next to it) goes one square along a row or column to an empty square, a
  rabbit never backwards. A push, two steps: a piece steps onto the square of a weaker enemy
  piece next to it that has an empty square beside it (``{"from", "to"}``; the enemy waits in
  its owner's hand), then the enemy is set on an empty square next to that square other than
  the one the pusher left (``{"to"}``). A pull, the step after a step: a weaker enemy piece
  next to the square the piece just left comes into it (``{"from", "to"}``); the piece pulls
  by its strength even if its step put it on a trap where it was taken (it waits in its
  owner's hand till the next action). After every action a piece on a trap with no friend
  next to it, along a row or column, is taken off. After a step the player may stop
  (``{"pass": true}``); the fourth step ends the turn.
- No action may bring back the board the turn began with (the state's ``seen`` holds its key:
  the file's ``constraint.no_repeat`` keeps it, the hook keeps only that one). A player left
  mid-turn with no step and no stop that avoids it loses.
- As the turn ends: a rabbit of the mover on its goal row wins for the mover, else one of the
  opponent's on its own goal row for the opponent; then a seat without rabbits loses, the
  opponent's side judged first. (The file's ``reach`` and ``no-moves`` clauses say the same
  for the mechanic: the hook only judges first, in that order.)
"""
from __future__ import annotations

from typing import Any

from games.engine.core import Action
from games.engine.rules.hooks import hook

HOOKED = 4  # pieces.HOOKED
STEP, CANTER, JUMP, STOP = 0, 1, 2, 3


def _cm_compile(game: Any) -> None:
    names = {n: i for i, n in enumerate(game.kinds)}
    regions = game.board.regions
    missing = [k for k in ("pawn", "knight") if k not in names]
    missing += [r for r in ("castle0", "castle1") if r not in regions]
    if missing:
        raise game.rf.error(("clause",), f"hook camelot: the file needs the kinds and regions {', '.join(missing)}")
    step = game.board.step
    n = len(game.board.names)
    # (direction, the square passed, the square beyond) for each square
    hops = [[(d, step[d][s], step[d][step[d][s]]) for d in range(8)
             if step[d][s] >= 0 and step[d][step[d][s]] >= 0] for s in range(n)]
    near = [[step[d][s] for d in range(8) if step[d][s] >= 0] for s in range(n)]
    own = [frozenset(regions["castle0"]), frozenset(regions["castle1"])]
    game._camelot = {"knight": names["knight"], "hops": hops, "near": near,
                     "own": own, "goal": [own[1], own[0]]}


def _jumps(sim: Any, t: dict, a: int, trail: Any = ()) -> list:
    cells, owner_of, mover = sim.cells, sim.game.owner_of, sim.mover
    own = t["own"][mover]
    return [(HOOKED, a, b, m, -1, JUMP) for _, m, b in t["hops"][a]
            if cells[m] and owner_of[cells[m]] != mover and not cells[b] and b not in own and b not in trail]


def _canters(sim: Any, t: dict, a: int, trail: Any = ()) -> list:
    cells, owner_of, mover = sim.cells, sim.game.owner_of, sim.mover
    own = t["own"][mover]
    return [(HOOKED, a, b, -1, -1, CANTER) for _, m, b in t["hops"][a]
            if cells[m] and owner_of[cells[m]] == mover and not cells[b] and b not in own and b not in trail]


def _count(sim: Any, seat: int) -> int:
    owner_of = sim.game.owner_of
    return sum(1 for c in sim.cells if c and owner_of[c] == seat)


@hook("camelot")
def camelot(sim: Any, what: str, move: Any, check_ends: bool = True) -> Any:
    g = sim.game
    t = g._camelot
    cells, owner_of = sim.cells, g.owner_of
    mover = sim.mover
    goal = t["goal"][mover]
    if what == "moves":
        if sim.pending >= 0:  # the hopping piece goes on
            p, trail = sim.pending, sim.trail
            if _was_jump(sim, trail):
                return _jumps(sim, t, p, trail)
            if g.kind_of[cells[p]] == t["knight"]:
                charge = _jumps(sim, t, p, trail)
                if charge:
                    return charge
            return _canters(sim, t, p, trail) + [(HOOKED, -1, -1, -1, -1, STOP)]
        mine = [a for a, c in enumerate(cells) if c and owner_of[c] == mover]
        jumps = [m for a in mine if a not in goal for m in _jumps(sim, t, a)]
        if jumps:
            return jumps
        own = t["own"][mover]
        out = []
        for a in mine:
            if a in goal:
                out += [(HOOKED, a, b, -1, -1, STEP) for b in t["near"][a] if b in goal and not cells[b]]
                continue
            out += [(HOOKED, a, b, -1, -1, STEP) for b in t["near"][a] if not cells[b] and b not in own]
            out += _canters(sim, t, a)
        return out
    _, a, b, taken, _, tag = move
    names = g.board.names
    if what == "action":
        if tag == STOP:
            return Action({"pass": True})
        return Action({"from": names[a], "to": names[b]})
    sim._moves = None
    if tag == STOP:
        _end_turn(sim, check_ends)
        return None
    c = cells[a]
    cells[a], cells[b] = 0, c
    sim.last_to = b
    if tag == JUMP:
        cells[taken] = 0
        sim.scores[mover] += 1
        sim.quiet = 0
    else:
        sim.quiet += 1
    if tag == STEP or b in goal:
        _end_turn(sim, check_ends)
        return None
    trail = (sim.trail or [a]) + [b]
    sim.trail = trail
    if tag == JUMP:
        more = bool(_jumps(sim, t, b, trail))
    else:
        more = bool(_canters(sim, t, b, trail)) or (
            g.kind_of[c] == t["knight"] and bool(_jumps(sim, t, b, trail)))
    if not more:
        _end_turn(sim, check_ends)
        return None
    sim.pending = b
    return None


def _was_jump(sim: Any, trail: list) -> bool:
    """Whether the hop from ``trail[-2]`` to ``trail[-1]`` passed a square now empty (a jump)."""
    t = sim.game._camelot
    a, b = trail[-2], trail[-1]
    for _, m, x in t["hops"][a]:
        if x == b:
            return not sim.cells[m]
    return False


def _end_turn(sim: Any, check_ends: bool) -> None:
    mover = sim.mover
    sim.pending = -1
    if check_ends and not sim.over:
        mine, theirs = _count(sim, mover), _count(sim, 1 - mover)
        if (theirs == 0 and mine < 2) or (mine < 2 and theirs < 2):
            sim.over = (None, "pieces")
    sim._next_turn(check_ends)


camelot.compile = _cm_compile  # type: ignore[attr-defined]


# -- Arimaa ------------------------------------------------------------------------------------
A_PLACE, A_STEP, A_PUSH, A_PUSHED, A_PULL, A_PASS = 0, 1, 2, 3, 4, 5
_ANIMALS = ("rabbit", "cat", "dog", "horse", "camel", "elephant")


def _ar_compile(game: Any) -> None:
    names = {n: i for i, n in enumerate(game.kinds)}
    regions = game.board.regions
    need = ["traps", "home0", "home1", "goal0", "goal1"]
    missing = [k for k in _ANIMALS if k not in names] + [r for r in need if r not in regions]
    if missing:
        raise game.rf.error(("clause",), f"hook arimaa: the file needs the kinds and regions {', '.join(missing)}")
    step = game.board.step
    n = len(game.board.names)
    near = [[step[d][s] for d in (0, 2, 4, 6) if step[d][s] >= 0] for s in range(n)]
    facing = game._facing()
    back = {seat: (facing[seat] + 4) % 8 for seat in range(2)}
    rabbit_dirs = [[[step[d][s] for d in (0, 2, 4, 6) if d != back[seat] and step[d][s] >= 0] for s in range(n)]
                   for seat in range(2)]
    strength = [0] * len(game.kinds)
    for i, k in enumerate(_ANIMALS):
        strength[names[k]] = i + 1
    game._arimaa = {"near": near, "rabbit_dirs": rabbit_dirs, "strength": strength, "rabbit": names["rabbit"],
                    "traps": sorted(regions["traps"]), "home": [sorted(regions["home0"]), sorted(regions["home1"])],
                    "goal": [frozenset(regions["goal0"]), frozenset(regions["goal1"])]}


def _frozen(sim: Any, t: dict, a: int) -> bool:
    cells, g = sim.cells, sim.game
    owner_of, kind_of, strength = g.owner_of, g.kind_of, t["strength"]
    c = cells[a]
    me, mine = owner_of[c], strength[kind_of[c]]
    stronger = False
    for b in t["near"][a]:
        x = cells[b]
        if not x:
            continue
        if owner_of[x] == me:
            return False
        if strength[kind_of[x]] > mine:
            stronger = True
    return stronger


def _board_key(sim: Any) -> int:
    z = sim.game.zobrist.cell
    key = 0
    for s, c in enumerate(sim.cells):
        if c:
            key ^= z[s][c]
    return key


def _ar_moves(sim: Any, t: dict) -> list:
    g = sim.game
    cells, owner_of, kind_of, strength = sim.cells, g.owner_of, g.kind_of, t["strength"]
    mover = sim.mover
    other = 1 - mover
    hand = sim.hands[mover]
    trail = sim.trail
    if any(hand) and not trail:  # setting up
        spots = [s for s in t["home"][mover] if not cells[s]]
        return [(HOOKED, -1, s, k, -1, A_PLACE) for k, n in enumerate(hand) if n for s in spots]
    n = len(trail) // 2
    if any(sim.hands[other]):  # a push's second step: the pushed piece is set down
        b, a = trail[-1], trail[-2]
        k = next(i for i, c in enumerate(sim.hands[other]) if c)
        return [(HOOKED, -1, x, k, -1, A_PUSHED) for x in t["near"][b] if x != a and not cells[x]]
    out = []
    if n:
        p, q = trail[-2], trail[-1]
        c = cells[q]
        puller = 0
        if c and owner_of[c] == mover:
            puller = strength[kind_of[c]]
        elif not c and any(hand):  # the puller was taken on the trap it stepped onto
            puller = strength[next(i for i, x in enumerate(hand) if x)]
        if puller and not cells[p]:
            for e in t["near"][p]:
                x = cells[e]
                if x and owner_of[x] == other and strength[kind_of[x]] < puller:
                    out.append((HOOKED, e, p, -1, -1, A_PULL))
    for a, c in enumerate(cells):
        if not c or owner_of[c] != mover or _frozen(sim, t, a):
            continue
        kc = kind_of[c]
        targets = t["rabbit_dirs"][mover][a] if kc == t["rabbit"] else t["near"][a]
        for b in targets:
            x = cells[b]
            if not x:
                out.append((HOOKED, a, b, -1, -1, A_STEP))
            elif (n < 3 and owner_of[x] == other and strength[kind_of[x]] < strength[kc]
                  and any(not cells[y] for y in t["near"][b])):
                out.append((HOOKED, a, b, b, -1, A_PUSH))
    if n:
        out.append((HOOKED, -1, -1, -1, -1, A_PASS))
    if sim.seen:
        out = [m for m in out if not _ar_repeats(sim, m)]
    return out


def _ar_repeats(sim: Any, m: tuple) -> bool:
    """Whether playing ``m`` brings back the board the turn began with (its key in ``seen``)."""
    tag = m[5]
    if tag == A_PUSH or tag == A_PLACE:
        return False  # a piece in hand: never the turn's first board
    z = sim.game.zobrist
    key = _board_key(sim) ^ z.mover[sim.mover]
    if tag in (A_STEP, A_PULL):
        c = sim.cells[m[1]]
        key ^= z.cell[m[1]][c] ^ z.cell[m[2]][c]
    elif tag == A_PUSHED:
        other = 1 - sim.mover
        key ^= z.cell[m[2]][sim.game.code(other, m[3])]
        if any(h for seat, hand in enumerate(sim.hands) for k, h in enumerate(hand)
               if h and not (seat == other and k == m[3] and h == 1)):
            return False
    elif any(any(h) for h in sim.hands):
        return False
    if (key & 0xFFFFFFFFFFFFFFFF) not in sim.seen:
        return False
    other_sim = sim.copy()
    other_sim.seen = None
    _ar_play(other_sim, m, False)
    return not any(any(h) for h in other_sim.hands) and \
        ((_board_key(other_sim) ^ z.mover[sim.mover]) & 0xFFFFFFFFFFFFFFFF) in sim.seen


def _ar_traps(sim: Any, t: dict) -> int:
    """Take off every piece on a trap with no friend beside it; the mover's own, taken on the
    square its last step came to, waits in the mover's hand (it may still pull). Returns the
    pieces taken."""
    g = sim.game
    cells, owner_of, kind_of = sim.cells, g.owner_of, g.kind_of
    taken = 0
    for s in t["traps"]:
        c = cells[s]
        if not c:
            continue
        me = owner_of[c]
        if any(cells[b] and owner_of[cells[b]] == me for b in t["near"][s]):
            continue
        cells[s] = 0
        taken += 1
        sim.scores[1 - me] += 1
        if me == sim.mover and sim.trail and sim.trail[-1] == s:
            sim.hands[me][kind_of[c]] += 1
    return taken


def _ar_play(sim: Any, move: tuple, check_ends: bool) -> None:
    g = sim.game
    t = g._arimaa
    cells = sim.cells
    mover = sim.mover
    _, a, b, k, _, tag = move
    sim._moves = None
    if tag == A_PLACE:
        sim.hands[mover][k] -= 1
        cells[b] = g.code(mover, k)
        sim.last_to = b
        if any(sim.hands[mover]):
            sim.pending = b
            return
        _ar_end_turn(sim, check_ends)
        return
    # a piece that was taken and might have pulled is gone for good now
    hand = sim.hands[mover]
    for i in range(len(hand)):
        hand[i] = 0
    if tag == A_PASS:
        _ar_end_turn(sim, check_ends)
        return
    other = 1 - mover
    if tag == A_PUSH:
        x = cells[b]
        sim.hands[other][g.kind_of[x]] += 1
        cells[b], cells[a] = cells[a], 0
    elif tag == A_PUSHED:
        sim.hands[other][k] -= 1
        cells[b] = g.code(other, k)
        a = sim.trail[-1]
    else:  # a step or a pull
        cells[a], cells[b] = 0, cells[a]
    sim.trail = sim.trail + [a, b]
    sim.last_to = b
    taken = _ar_traps(sim, t)
    sim.quiet = 0 if taken else sim.quiet + 1
    if len(sim.trail) >= 8:
        _ar_end_turn(sim, check_ends)
        return
    c = cells[b]
    if c and g.owner_of[c] == mover:
        sim.pending = b
    else:
        sim.pending = next((s for s, x in enumerate(cells) if x and g.owner_of[x] == mover), -1)
        if sim.pending < 0 and not any(sim.hands[other]):
            _ar_end_turn(sim, check_ends)  # the mover has nothing left to move
            return
    if check_ends and not sim.moves():
        sim.pending = -1
        sim.over = (other, "no-moves")  # stuck mid-turn: no step, and stopping would repeat


def _ar_end_turn(sim: Any, check_ends: bool) -> None:
    g = sim.game
    t = g._arimaa
    mover = sim.mover
    if sim.trail:  # play (not the setting up): a taken piece waiting to pull is gone
        hand = sim.hands[mover]
        for i in range(len(hand)):
            hand[i] = 0
    sim.pending = -1
    if check_ends and not sim.over and sim.trail:
        rabbit = t["rabbit"]
        cells, owner_of, kind_of = sim.cells, g.owner_of, g.kind_of
        for seat in (mover, 1 - mover):
            code = g.code(seat, rabbit)
            if any(cells[s] == code for s in t["goal"][seat]):
                sim.over = (seat, "reach")
                break
        else:
            for seat in (1 - mover, mover):
                if g.code(seat, rabbit) not in cells:
                    sim.over = (1 - seat, "no-rabbits")
                    break
    if sim.seen is not None:
        sim.seen.clear()  # only the board the next turn begins with is kept
    sim._next_turn(check_ends)


@hook("arimaa")
def arimaa(sim: Any, what: str, move: Any, check_ends: bool = True) -> Any:
    g = sim.game
    t = g._arimaa
    if what == "moves":
        return _ar_moves(sim, t)
    _, a, b, k, _, tag = move
    names = g.board.names
    if what == "action":
        if tag == A_PASS:
            return Action({"pass": True})
        if tag == A_PLACE:
            return Action({"to": names[b], "piece": g.kinds[k]})
        if tag == A_PUSHED:
            return Action({"to": names[b]})
        return Action({"from": names[a], "to": names[b]})
    _ar_play(sim, move, check_ends)
    return None


arimaa.compile = _ar_compile  # type: ignore[attr-defined]
