"""Hooks of the chat2 batch (pieces mechanic, ``move = { kind = "hook", hook = NAME }``; the hook
point is described in ``hooks_race3.py``).

``chaturaji_dice`` (Chaturaji after Wikipedia, DLP.GameRulesets.295, ``chess/chaturaji-wikipedia.toml``).
It carries ``owns_moves = True``: the pieces mechanic then takes the player's moves from the hook
alone (``PiecesSim._pseudo``), and the hook makes them from the file's other move rules (their
``pieces``, directions and offsets, read as written: ``PiecesSim._rule_moves``), so the file
still states every piece's move and the evaluation still weighs the kinds by them. What the hook
adds, each on a clause of the file:

- **Two dice.** The file's ``turn.die`` lists a face per ordered pair of the two four-sided dice,
  ``"25"`` for a 2 and a 5 (sixteen faces, each as likely), naming the kinds either die names,
  and the one-digit faces ``"2"`` .. ``"5"``, each die alone (``die_pairs``, chesslike.py: only
  the two-digit faces are thrown, and the throw shows as its two dice, ``{"throw": [2, 5]}``).
  The player moves a piece of a kind named by either die; the die whose kind moved is spent
  (the kind of a promoted pawn is the pawn's), and the same player then moves a piece of the
  kind the other die names (the state's throw becomes that die's one-digit face, ``[5]``).
  Where the die left gives no move the turn ends at once; where neither die gives one the
  player passes (the mechanic's die). Where the die lists one-digit faces only (the one-die
  reading) a turn is one move.
- **Captures and points.** A piece landing on an enemy's takes it and scores its
  ``pieces.KIND.points`` (1 where none is given).
- **The ships' square** (option ``ship_square``): a ship that moves to a square where it makes a
  block of two by two squares holding only ships, the other three the enemies', takes those
  three (their points scored).
- **Promotion** (option ``promotion``): a pawn coming to the edge its army faces (the edge the
  ``turn.facing`` direction runs off) becomes, with ``"file"``, the mover's piece that began on
  the line (file or rank) the pawn moved along, that square's file for armies facing north or
  south, its rank for those facing east or west, and only while no piece of that kind of the
  mover's stands on the board; else it stays a pawn. With ``"lost"`` (Ludii's reading) it becomes
  the player's choice of the kinds among ship, horse, elephant and king of which the mover has
  none on the board (the action's ``"promote"``), or stays a pawn where there is none.
- **The three kings** (option ``kings_bonus``): each king a player takes is counted in the
  player's hand (the state's ``hands``: ``{"king": n}``, never placed; ``hand_tally`` keeps the
  phase "play"); a player whose capture of a third king leaves no king of another army on the
  board, its own king standing, scores 54 points more.
"""
from __future__ import annotations

from typing import Any

from games.engine.core import Action
from games.engine.rules.hooks import hook

HOOKED, MOVE, PASS = 4, 0, 3  # pieces.HOOKED, pieces.MOVE, pieces.PASS
PROMOTABLE = ("ship", "horse", "elephant", "king")
DEFAULTS = {"ship_square": True, "promotion": "file", "kings_bonus": True}


def _compile(game: Any) -> None:
    names = {n: i for i, n in enumerate(game.kinds)}
    missing = [k for k in ("pawn", "ship") + PROMOTABLE if k not in names]
    if missing:
        raise game.rf.error(("clause",), f"hook chaturaji_dice: the file needs the kinds {', '.join(missing)}")
    game.die_pairs = True  # chesslike.throw_faces: a two-digit face is a throw of two dice
    game.hand_tally = True  # pieces: the hand counts kings taken, never placed (phase stays "play")


def _tables(g: Any) -> dict[str, Any]:
    """Per game (worked out at first use, once the whole file is compiled): kind indexes, each
    seat's far edge and, per square of it, the kind of the seat's piece that began on the line
    the pawn moved along; the 2x2 blocks through each square."""
    t = getattr(g, "_chat2", None)
    if t is not None:
        return t
    names = {n: i for i, n in enumerate(g.kinds)}
    b = g.board
    step = b.step
    n = b.size
    forward = g._facing()
    zone: list[frozenset[int]] = []
    line_kind: list[dict[int, int]] = []
    for seat in range(g.players):
        d = forward[seat]
        edge = frozenset(s for s in range(n) if step[d][s] < 0)
        zone.append(edge)
        back = step[(d + 4) % 8]
        kinds: dict[int, int] = {}
        for s in edge:
            u = s
            while u >= 0:
                c = g.start_cells[u]
                if c and g.owner_of[c] == seat and g.kind_of[c] != names["pawn"]:
                    kinds[s] = g.kind_of[c]
                    break
                u = back[u]
        line_kind.append(kinds)
    # The 2x2 blocks holding each square: for each of the four diagonal directions, the square
    # and its neighbours along the two sides and the diagonal.
    blocks: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    for s in range(n):
        for diag, (o1, o2) in ((1, (0, 2)), (3, (2, 4)), (5, (4, 6)), (7, (6, 0))):
            x, y, z = step[o1][s], step[diag][s], step[o2][s]
            if min(x, y, z) >= 0:
                blocks[s].append((x, y, z))
    start = [[0] * g.nk for _ in range(g.players)]
    for c in g.start_cells:
        if c:
            start[g.owner_of[c]][g.kind_of[c]] += 1
    t = g._chat2 = {"names": names, "pawn": names["pawn"], "ship": names["ship"], "king": names["king"],
                    "promotable": [names[k] for k in PROMOTABLE], "zone": zone, "line_kind": line_kind,
                    "blocks": blocks, "start": start,
                    "rules": [r for r in g.move_rules if r.kind != "hook"]}
    return t


def _opt(sim: Any, name: str) -> Any:
    return sim.options.get(name, DEFAULTS[name])


def _lost(sim: Any, t: dict, k: int) -> bool:
    """Whether the mover has fewer pieces of kind ``k`` on the board than it began with (none of
    them, in Chaturaji: it has been taken)."""
    code = sim.game.code(sim.mover, k)
    return sim.cells.count(code) < max(1, t["start"][sim.mover][k])


def _moves(sim: Any) -> list:
    g = sim.game
    t = _tables(g)
    cells, owner_of, kind_of = sim.cells, g.owner_of, g.kind_of
    mover = sim.mover
    raw: list = []
    rules = t["rules"]
    for a, c in enumerate(cells):
        if c and owner_of[c] == mover:
            k = kind_of[c]
            for rule in rules:
                if k in rule.pieces:
                    sim._rule_moves(rule, a, c, raw)
    out = []
    zone = t["zone"][mover]
    pawn = t["pawn"]
    mode = None
    for m in raw:
        a, b = m[1], m[2]
        if b in zone and kind_of[cells[a]] == pawn:
            if mode is None:
                mode = _opt(sim, "promotion")
            if mode == "lost":
                kinds = [k for k in t["promotable"] if _lost(sim, t, k)]
                if kinds:
                    out += [(HOOKED, a, b, m[3], k, -1) for k in kinds]
                    continue
            else:
                k = t["line_kind"][mover].get(b, -1)
                if k >= 0 and _lost(sim, t, k):
                    out.append((HOOKED, a, b, m[3], k, -1))
                    continue
        out.append((HOOKED, a, b, m[3], -1, -1))
    return out


def _take(sim: Any, t: dict, s: int) -> None:
    """Take the piece on ``s`` for the mover: its points, a king counted in the hand."""
    g = sim.game
    victim = sim.cells[s]
    k = g.kind_of[victim]
    sim.scores[sim.mover] += g.points.get(k, 1) if g.points else 1
    sim.cells[s] = 0
    if k == t["king"] and _opt(sim, "kings_bonus"):
        hand = sim.hands[sim.mover]
        hand[k] += 1
        if hand[k] == 3:
            own = g.code(sim.mover, k)
            kings = {g.owner_of[c] for c in sim.cells if c and g.kind_of[c] == k}
            if own in sim.cells and kings == {sim.mover}:
                sim.scores[sim.mover] += 54  # the third king taken, one's own standing


def _play(sim: Any, move: tuple, check_ends: bool) -> None:
    g = sim.game
    t = _tables(g)
    _, a, b, _, promote, _ = move
    cells, owner_of, kind_of = sim.cells, g.owner_of, g.kind_of
    mover = sim.mover
    sim._moves = None
    sim.last_to = b
    c = cells[a]
    moved = kind_of[c]
    captured = bool(cells[b])
    if captured:
        _take(sim, t, b)
    cells[a] = 0
    cells[b] = c if promote < 0 else g.code(mover, promote)
    if moved == t["ship"] and _opt(sim, "ship_square"):
        ship = t["ship"]
        for block in t["blocks"][b]:
            xs = [cells[s] for s in block]
            if all(x and kind_of[x] == ship and owner_of[x] != mover for x in xs):
                for s in block:
                    _take(sim, t, s)
                captured = True
                break
    sim.quiet = 0 if captured else sim.quiet + 1
    if check_ends:
        sim._check_ends(after_move=True)
    if sim.over:
        sim.pending = -1
        return
    throw = sim.throw
    if throw >= 11 and g.die is not None:
        # Two dice: the die whose kind moved is spent; the other names the next move.
        first, second = divmod(throw, 10)
        sim.throw = second if moved in g.die[first] else first
        sim._moves = None
        more = sim.moves()
        if more and more[0][0] != PASS:
            return
    sim.pending = -1
    sim._next_turn(check_ends)


@hook("chaturaji_dice")
def chaturaji_dice(sim: Any, what: str, move: Any, check_ends: bool = True) -> Any:
    if what == "moves":
        return _moves(sim)
    if what == "action":
        g = sim.game
        names = g.board.names
        data: dict[str, Any] = {"from": names[move[1]], "to": names[move[2]]}
        if move[4] >= 0:
            data["promote"] = g.kinds[move[4]]
        return Action(data)
    if what == "play":
        _play(sim, move, check_ends)
        return None
    return []


def _ludii_steps(game: Any, sim: Any, move: tuple, last: Any) -> list | None:
    """``[ludii] promotion = "own-step"``: Ludii plays a pawn's move to the far edge and then,
    as a step of its own, the promotion (the pair [square, square]), or a pass where it offers
    none."""
    table = getattr(game.rf, "ludii", None) or {}
    if table.get("promotion") != "own-step":
        return None
    t = _tables(game)
    a, b, promote = move[1], move[2], move[4]
    if b not in t["zone"][sim.mover] or game.kind_of[sim.cells[a]] != t["pawn"]:
        return None
    names = game.board.names
    first = {"from": names[a], "to": names[b]}
    second = {"from": names[b], "to": "off"} if promote >= 0 else {"pass": True}
    return [(sim.mover, first, False), (sim.mover, second, False)]


chaturaji_dice.ludii_steps = _ludii_steps  # type: ignore[attr-defined]
chaturaji_dice.compile = _compile  # type: ignore[attr-defined]
chaturaji_dice.owns_moves = True  # type: ignore[attr-defined]
