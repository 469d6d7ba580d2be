"""Chess-like moves for the pieces mechanic (``pieces.py`` hands a move rule to this module
when it carries one of the fields below, or is one of the kinds below).

Fields a ``move`` element may add (any kind among step, slide, leap, and the kinds here):

- ``first = true``: only as the piece's first move (the piece stands where it started and has
  not moved since: the Cambodian king's knight leap, a pawn's or counsellor's double step);
- ``stay = "REGION"`` (or a list, every one): the move may only end inside the region(s);
  besides the board's regions, ``home`` is the half of the board on the mover's side and
  ``away`` the other half (Xiangqi's palace and river);
- ``from = "REGION"``: the move is made only from a site in the region (``home``/``away`` as
  above: Xiangqi's soldier steps sideways once it has crossed the river), or from the sites
  named (``from = "d2 d7"``);
- ``blocked = true`` (leap): a piece on the square the leap passes first blocks it: for a
  knight's leap [1, 2] the square next to it along the long side, for [2, 2] the square
  between (Xiangqi's horse and elephant);
- ``takes = [KINDS]``: the move may take only these kinds (the Xiangqi generals facing
  each other on an open file);
- ``opening = N``: the move is the player's N-th move of the game, and on that turn the
  player has only the moves so marked (Rumi Shatranj's set opening: the counsellor's jump,
  then the soldier's).

- ``once = true`` (a leap): each player may make a move by this rule once in the game;
  ``unchecked = true``: only while the player's royal piece has never been in check (the
  Indian raja's knight's leap). The two share one flag per seat, "spent", set by such a leap or
  by the royal piece standing in check at the start of its player's turn (``"spent"`` in the
  JSON state);
- ``first_check = true`` (a leap or jump): only on the turn the player's royal piece stands in
  check for the first time in the game (Main Chator's rajah, with ``first = true``: if it has
  not moved either); never an attack (the check test ignores it). Two bits per seat kept with
  the unmoved squares: "has stood in check", "in check for the first time now"
  (``"checked"``, ``"first_check"`` in the JSON state), set at the start of the turn;
- ``jumps = [KINDS]`` (a jump): the squares jumped must each hold a piece of the mover's of these
  kinds (``jumps = []``: be empty, a move of exactly ``distance`` squares; Main Chator's rajah
  jumping its tor);
- ``behind_unmoved = true``: only while the square straight behind the piece (against its
  forward way) holds a piece that has not moved since the start (Parsi chess's pawn double step
  in front of an unmoved raja, vizier or boat).

- ``en_passant = true`` (a ``step`` with ``to = "enemy"``: a pawn's diagonal capture): the
  step may also come to an empty square that an enemy piece of the rule's ``pieces`` passed
  over on the move just played, moving two or more squares straight along its file (a pawn's
  double step), taking that piece (taking in passing, chess's *en passant*).

- ``captured = true`` (a ``place`` move: drops): a piece a player takes goes to the player's
  hand, as a piece of the player's own (``revert = { KIND = KIND }``: changed back to the kind
  it was promoted from, shogi's promoted pieces), and this rule places pieces from the hand
  (its ``pieces``, ``region`` as for any placing: Loop Chess's pawns kept off the first and
  last rows by a rule of their own). Moves and drops are both open on every turn.

Limits a drop rule may add (shogi): ``not_on = { KIND = N }`` (not on the N rows farthest from
the player), ``one_per_file = [KINDS]`` (not on a file where such a piece of the player's
stands already: shogi's two pawns), ``no_mate = [KINDS]`` (not a drop that checkmates at once:
shogi's pawn; the answers to the drop are judged without this limit).
``either = { KIND = KIND }``: a piece of the kind in hand may also be dropped showing the other
kind, its other side up (Kyoto Shogi); the drop's tuple carries that kind where a move carries
its promotion, and its action says ``"promote": KIND`` beside the piece taken from the hand.
``[ludii] drop_side = "own-step"``: Ludii makes every drop two steps, the placing and then the
choice of the side up on its square (:func:`ludii_steps`).

``across = REGION`` (a leap with ``blocked``): only the leaps whose every square passed lies in
the region, a piece on any blocking it (Jungle's jumps over the river).

``ahead = true`` (a leap): only the leaps that go forward more than sideways (shogi's knight,
``offsets = [[1, 2]]``: two forward and one across). ``ahead = "forward"``: every leap that
goes forward at all; ``ahead = "backward"``: every leap that goes backward at all
(Knightthrough's knights, forward only or every way as two rules).

Promotion by kind (``promote = { each = { KIND = KIND }, zone, may, leaving, must }``, shogi):
each kind becomes its own kind; a move into the zone (``leaving = true``: or out of it, or
within it) promotes; ``may = true``: the player may also decline, unless the piece lands on
the rows of ``must = { KIND = N }`` (the N far rows, where it could not move again).
``instead = { REGION = { KIND = KIND } }``: a piece promoting on a site of the region (a region
name, sites, rectangles) becomes that kind instead (Main Chator: a bidah on the far row waits
as a kind of its own for its two more moves, but on the tor's square becomes a mautri at once).
``[ludii] promotion = "own-step"`` then replays a declined promotion as Ludii's pass.

Kinds:

- ``castle`` (chess's castling): the rule's ``pieces`` (the king), standing unmoved where it
  started and not attacked, moves two squares along ``dirs`` (default east and west) towards
  an unmoved piece of its own of a ``rook`` kind (``rook = [KINDS]``) with only empty squares
  between them, at least two; that piece comes to the square the king crossed. The square
  crossed may not be attacked, nor (as for every move) the square the king comes to. The king
  stops at the first piece along the row, so a king castles only with the nearest rook on each
  side (Double Chess's two kings each castle on their own half). The move is written as the
  king's (``e1-g1``); its tuple carries the rook's square in its last field.
- ``bent``: one square along one of ``dirs`` (the leg), then on any number of empty squares
  along either of the two directions at 45 degrees to the leg, turning outwards, to an empty
  square or the first piece, taken if an enemy's (Grande Acedrex's aanca: a diagonal leg, then
  along a row or a column; its rhinoceros: an orthogonal leg, then diagonally). The leg's square
  must be empty to turn there, unless ``jump_first = true`` (the leg leaps whatever stands on it;
  ``"enemy"``: only an enemy piece);
  with ``stop_first = true`` the piece may also stop on the leg's square (taking an enemy there);
  ``min = N`` (a slide, or a bent move's second part): the move goes at least N squares, the
  nearer ones passed (empty) but neither reached nor attacked (Shatranj al-Kabir's tali'a,
  two or more diagonally, and zurafa, a diagonal step then three or more straight on);
- ``jump``: exactly ``distance`` squares along ``dirs``, over whatever stands between
  (a counsellor's double step forward, jumping the pawn in front);
- ``screen``: along ``dirs`` over empty squares to a piece (the screen) of either side, then
  over empty squares beyond (where it may stop, unless ``to = "enemy"``) to the first piece,
  which it takes if an enemy (``to = "enemy"``: the Xiangqi cannon's capture, its quiet move a
  plain ``slide``; ``to = "empty-or-enemy"``: the Janggi cannon, which moves only by jumping);
  ``not_over = [KINDS]``: pieces that cannot be the screen (the Janggi cannon never jumps
  another cannon).

End ``end = { kind = "checks", count = N }``: a player whose last N moves each left the
opponent in check draws the game (Hindustani chess's seventy checks); the counts are kept per
seat (``"checks"`` in the JSON state).

End (``end = { kind = "facing", royal = KIND }``): the two royal pieces stand on one file with
nothing between them after a move, and they already did after the move before: the game is
drawn (Ludii's bikjang in Janggi). The flag "they faced after the last move" is kept with the
unmoved squares (``"facing"`` in the JSON state).

The state a game with ``first`` moves keeps: the set of sites whose piece has not moved since
the start (``PiecesSim.unmoved``, a bit per site; ``"unmoved"`` in the JSON state). Games with
``castle`` or ``en_passant`` keep it too; taking in passing adds, above the board's bits and
the facing flag, the squares the last move's double step passed (bits ``n+1+s``) and the square
of the piece that made it (bits ``2n+1+s``): ``"passant": {"over": [...], "pawn": SITE}`` in
the JSON state.

``[ludii] promotion = "own-step"``: Ludii plays a promotion as a second step of the same player
on the promoted piece's square (its ``moveAgain`` then ``promote``); the replay then matches
our one promoting move to Ludii's two steps (:func:`ludii_steps`).

A die that names the piece to move (``turn = { die = { "1" = [KINDS], "2" = [KINDS], ... } }``,
Shatranj al-Mustatila): each turn begins with a throw (a chance move, every face alike, the
action ``{"throw": [face]}``, ``"throw": {"faces": [face], "value": face}`` in the JSON state
until the turn ends); the player then moves a piece of a kind the face names (its legal moves
among all its legal moves), or passes where there is none. The ends are judged before the
throw on all the legal moves (checkmate, stalemate: no throw could help); a player in check
whose throw gives no move out of it loses at once (``"checkmate"``). ``PiecesSim.throw`` holds
the face (0 before the throw); the moves are generated as without a die and filtered after
(:func:`die_moves`), so the fast paths are untouched.
``turn.die_next = true`` (EinStein Wurfelt Nicht): where the mover has no piece of the kinds a
face names left on the board, the face names instead the kinds of the nearest face above and of
the nearest face below whose kinds the mover still has (either may move); and no throw is due
while the mover still holds pieces in hand to place (the placing comes first, unfiltered by the
die).

Two dice (``game.die_pairs``, set by hooks_chat2.py's Chaturaji): the die lists two-digit faces,
one per ordered pair of the dice (``"25"``), and one-digit faces for a die left; only the
two-digit faces are thrown, and a throw shows as its dice (``{"throw": [2, 5]}``). The hook
plays the turn's two moves (:func:`throw_faces`).

A die that names where the piece goes (``turn = { die_to = { "1" = SITES, ... } }``, Dice
Shogi): the throw as above; the player then moves or drops a piece onto one of the sites the
face names (names, regions or rectangles), or, where no legal move lands there, makes any legal
move. A throw never leaves a legal move out entirely, so no throw loses.
"""
from __future__ import annotations

from typing import Any

KINDS = ("jump", "screen", "castle", "bent")
FIELDS = frozenset({"first", "stay", "from", "blocked", "takes", "distance", "opening", "not_over",
                    "en_passant", "rook", "captured", "revert", "not_on", "one_per_file", "no_mate", "ahead",
                    "once", "unchecked", "behind_unmoved", "jump_first", "stop_first", "across",
                    "first_check", "jumps", "min", "either"})
_MOVE = 0


def compile_rule(game: Any, rule: Any, spec: dict, el: Any) -> None:
    """Read the chess fields of ``spec`` onto ``rule.chess`` (None when it has none)."""
    if rule.kind == "place" and {"captured", "revert"} & set(spec):
        _compile_drops(game, rule, spec, el)
        return
    if rule.kind not in KINDS and not (FIELDS & set(spec)):
        return
    if rule.kind not in ("step", "slide", "leap") + KINDS:
        raise game.rf.error(el.path + ("kind",), f"the chess fields ({', '.join(sorted(FIELDS & set(spec)))}) "
                                                 "go with step, slide, leap, jump or screen moves")
    b = game.board
    ch: dict[str, Any] = {"first": bool(spec.get("first", False)), "stay": None, "from": None,
                          "takes": None, "distance": 0, "legs": None, "rev": None, "opening": 0,
                          "not_over": frozenset(), "en_passant": False, "rook": frozenset()}
    if rule.kind == "castle":
        if "rook" not in spec:
            raise game.rf.error(el.path + ("rook",), "castle needs rook = [KINDS] (the pieces the king castles with)")
        ch["rook"] = game._kinds(spec["rook"], el.path + ("rook",))
        if "dirs" not in spec:
            rule.dirs = tuple((0, 4) for _ in range(game.players))
        rule.to = "empty"
        game.tracks_unmoved = True
        game.chess_extra = True
    elif "rook" in spec:
        raise game.rf.error(el.path + ("rook",), "goes with castle moves")
    if spec.get("en_passant"):
        if rule.kind != "step" or rule.to != "enemy":
            raise game.rf.error(el.path + ("en_passant",), "goes with step moves to = \"enemy\" (a pawn's capture)")
        ch["en_passant"] = True
        game.passant_kinds = getattr(game, "passant_kinds", frozenset()) | rule.pieces
        game.tracks_unmoved = True
        game.chess_extra = True
    if "opening" in spec:
        n = spec["opening"]
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 20:
            raise game.rf.error(el.path + ("opening",), "must be the player's move number, 1 to 20")
        ch["opening"] = n
        game.has_opening = True
    for key in ("stay", "from"):
        if key in spec:
            names = spec[key] if isinstance(spec[key], list) else [spec[key]]
            per_seat = []
            for seat in range(game.players):
                sites = set(range(b.size))
                for name in names:
                    sites &= _region(game, str(name), seat, el.path + (key,))
                per_seat.append(frozenset(sites))
            ch[key] = per_seat
    if "not_over" in spec:
        ch["not_over"] = game._kinds(spec["not_over"], el.path + ("not_over",))
    if "takes" in spec:
        ch["takes"] = game._kinds(spec["takes"], el.path + ("takes",))
    if rule.kind == "jump":
        dist = spec.get("distance", 2)
        if isinstance(dist, bool) or not isinstance(dist, int) or not 1 <= dist <= 20:
            raise game.rf.error(el.path + ("distance",), "must be a number of squares, 1 to 20")
        ch["distance"] = dist
    ch["ahead"] = None
    if spec.get("ahead"):
        if rule.kind != "leap" or spec.get("blocked"):
            raise game.rf.error(el.path + ("ahead",), "goes with (unblocked) leap moves")
        if spec["ahead"] not in (True, "forward", "backward"):
            raise game.rf.error(el.path + ("ahead",), "must be true, \"forward\" or \"backward\"")
        # true: forward more than sideways; "forward"/"backward": forward (backward) at all.
        slack = 1.0 if spec["ahead"] is True else 0.0
        facing = game._facing()
        ahead = []
        for seat in range(game.players):
            f = (1 if facing[seat] == 2 else -1) * (-1 if spec["ahead"] == "backward" else 1)
            per_site = []
            for a, ts in enumerate(rule.offsets):
                xa, ya = b.xy[a]
                per_site.append(tuple(t for t in ts if (b.xy[t][1] - ya) * f > slack * abs(b.xy[t][0] - xa) + 1e-6))
            ahead.append(per_site)
        ch["ahead"] = ahead
        ch["ahead_set"] = [[frozenset(ts) for ts in per_site] for per_site in ahead]
    if spec.get("blocked"):
        if rule.kind != "leap":
            raise game.rf.error(el.path + ("blocked",), "goes with leap moves")
        at = {(round(x), round(y)): i for i, (x, y) in enumerate(b.xy)}
        legs: list[list[tuple[int, tuple[int, ...]]]] = []
        rev: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(b.size)]
        for a, t_list in enumerate(rule.offsets):
            x, y = (round(v) for v in b.xy[a])
            mine = []
            for t in t_list:
                tx, ty = (round(v) for v in b.xy[t])
                ls = tuple(at[p] for p in _path(tx - x, ty - y, x, y) if p in at)
                mine.append((t, ls))
                rev[t].append((a, ls))
            legs.append(mine)
        ch["legs"], ch["rev"] = legs, rev
    if "across" in spec:
        # across = REGION: only the leaps whose every square passed lies in the region (Jungle's
        # lion and tiger over the river), blocked by a piece on any of them.
        if rule.kind != "leap" or not spec.get("blocked"):
            raise game.rf.error(el.path + ("across",), "goes with leap moves with blocked = true")
        region = _region(game, str(spec["across"]), 0, el.path + ("across",))
        legs = [[(t, ls) for t, ls in mine if ls and all(p in region for p in ls)] for mine in ch["legs"]]
        rev = [[] for _ in range(b.size)]
        for a, mine in enumerate(legs):
            for t, ls in mine:
                rev[t].append((a, ls))
        ch["legs"], ch["rev"] = legs, rev
        rule.offsets = [[t for t, _ in mine] for mine in legs]
        rule.rev_offsets = rule.offsets  # (a path and its reverse cross the same squares)
    ch["jump_first"] = spec.get("jump_first", False)
    if ch["jump_first"] not in (True, False, "enemy"):
        raise game.rf.error(el.path + ("jump_first",), "must be true, false or \"enemy\"")
    ch["stop_first"] = bool(spec.get("stop_first", False))
    if (ch["jump_first"] or ch["stop_first"]) and rule.kind != "bent":
        raise game.rf.error(el.path + ("jump_first" if ch["jump_first"] else "stop_first",), "goes with bent moves")
    ch["once"] = bool(spec.get("once", False))
    ch["unchecked"] = bool(spec.get("unchecked", False))
    if ch["once"] and rule.kind != "leap":
        raise game.rf.error(el.path + ("once",), "goes with leap moves")
    if ch["once"] or ch["unchecked"]:
        game.tracks_unmoved = True
        if ch["unchecked"]:
            game.spent_by_check = True
        game.spends = True
    ch["first_check"] = bool(spec.get("first_check", False))
    if ch["first_check"]:
        if rule.kind not in ("leap", "jump"):
            raise game.rf.error(el.path + ("first_check",), "goes with leap and jump moves")
        game.first_check = True  # main chator: see note_first_check
        game.tracks_unmoved = True
    ch["min"] = 0
    if "min" in spec:
        # min = N (a slide, or a bent move's second part): at least N squares (Shatranj
        # al-Kabir's tali'a and zurafa).
        n = spec["min"]
        if rule.kind not in ("slide", "bent"):
            raise game.rf.error(el.path + ("min",), "goes with slide and bent moves")
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 20:
            raise game.rf.error(el.path + ("min",), "must be a number of squares, 1 to 20")
        ch["min"] = n
    ch["jumps"] = None
    if "jumps" in spec:
        if rule.kind != "jump":
            raise game.rf.error(el.path + ("jumps",), "goes with jump moves")
        ch["jumps"] = game._kinds(spec["jumps"], el.path + ("jumps",), default_all=False)
    ch["behind"] = None
    if spec.get("behind_unmoved"):
        facing = game._facing()
        ch["behind"] = [b.step[(facing[seat] + 4) % 8] for seat in range(game.players)]
        game.tracks_unmoved = True
    rule.chess = ch
    if ch["first"]:
        game.tracks_unmoved = True


def _compile_drops(game: Any, rule: Any, spec: dict, el: Any) -> None:
    if not spec.get("captured"):
        raise game.rf.error(el.path + ("revert",), "goes with captured = true")
    extra = (FIELDS & set(spec)) - {"captured", "revert", "not_on", "one_per_file", "no_mate", "either"}
    if extra:
        raise game.rf.error(el.path + (sorted(extra)[0],), "does not go with place moves")
    revert = list(range(game.nk))
    table = spec.get("revert", {})
    if not isinstance(table, dict):
        raise game.rf.error(el.path + ("revert",), "must map kinds to kinds: { promoted = \"base\" }")
    for k, v in table.items():
        (a,) = game._kinds([k], el.path + ("revert", k))
        (b,) = game._kinds([v], el.path + ("revert", k))
        revert[a] = b
    game.revert = revert
    game.drops = True
    game.chess_extra = True
    limits = getattr(game, "drop_limits", None) or {"not_on": {}, "file": frozenset(), "mate": frozenset()}
    not_on = spec.get("not_on", {})
    if not isinstance(not_on, dict):
        raise game.rf.error(el.path + ("not_on",), "must map kinds to a number of rows from the far edge")
    for k, rows in not_on.items():
        (kk,) = game._kinds([k], el.path + ("not_on", k))
        if isinstance(rows, bool) or not isinstance(rows, int) or not 1 <= rows <= 4:
            raise game.rf.error(el.path + ("not_on", k), "must be 1 to 4 rows from the far edge")
        limits["not_on"][kk] = [far_rows(game, seat, rows) for seat in range(game.players)]
    if "one_per_file" in spec:
        limits["file"] |= game._kinds(spec["one_per_file"], el.path + ("one_per_file",))
    if "no_mate" in spec:
        limits["mate"] |= game._kinds(spec["no_mate"], el.path + ("no_mate",))
    game.drop_limits = limits
    if "either" in spec:
        # either = { KIND = KIND }: a piece of the kind in hand may also be dropped showing the
        # other kind, its other side (Kyoto Shogi); the move carries that kind as its promotion.
        either = getattr(game, "drop_either", None) or [-1] * game.nk
        table = spec["either"]
        if not isinstance(table, dict) or not table:
            raise game.rf.error(el.path + ("either",), "must map kinds in hand to the kind each may be dropped as")
        for k, v in table.items():
            (a,) = game._kinds([k], el.path + ("either", k))
            (b,) = game._kinds([v], el.path + ("either", k))
            either[a] = b
        game.drop_either = either


def far_rows(game: Any, seat: int, rows: int) -> frozenset[int]:
    """The sites of the ``rows`` rows farthest from ``seat`` (along its forward way)."""
    b = game.board
    ys = sorted({round(y) for _, y in b.xy})
    far = ys[-rows:] if game._facing()[seat] == 2 else ys[:rows]
    return frozenset(i for i, (_, y) in enumerate(b.xy) if round(y) in far)


_NESTED = [0]


def drop_filter(sim: Any, moves: list) -> list:
    """The drops the limits of the drop rules allow (``not_on``: not on the far rows;
    ``one_per_file``: not on a file holding such a piece of one's own; ``no_mate``: not a drop
    that checkmates, the answers to it judged without this last limit)."""
    g = sim.game
    lim = g.drop_limits
    mover = sim.mover
    xy = g.board.xy
    out = []
    for m in moves:
        if m[0] != 1:
            out.append(m)
            continue
        k, t = m[5], m[2]
        rows = lim["not_on"].get(k)
        if rows is not None and t in rows[mover]:
            continue
        if k in lim["file"]:
            code = g.code(mover, k)
            x = xy[t][0]
            if any(c == code and abs(xy[s][0] - x) < 1e-6 for s, c in enumerate(sim.cells)):
                continue
        if k in lim["mate"] and not _NESTED[0]:
            other = sim.copy()
            other._apply_move(m, continue_turn=True, check_ends=False)
            if other.over is None and other.in_check(other.mover):
                _NESTED[0] += 1
                try:
                    stuck = not other.moves()
                finally:
                    _NESTED[0] -= 1
                if stuck:
                    continue
        out.append(m)
        either = getattr(g, "drop_either", None)
        if either is not None and either[k] >= 0:
            out.append((1, -1, t, -1, either[k], k))  # either: the same drop, the other side up
    return out


def compile_promote(game: Any, spec: dict, el: Any) -> dict[str, Any]:
    """promote.each (the kind each kind becomes), may, leaving, must: see the module's docstring."""
    each = [-1] * game.nk
    table = spec.get("each")
    if not isinstance(table, dict) or not table:
        raise game.rf.error(el.path + ("each",), "must map each promotable kind to the kind it becomes")
    for k, v in table.items():
        (a,) = game._kinds([k], el.path + ("each", k))
        (b,) = game._kinds([v], el.path + ("each", k))
        each[a] = b
    must: list[dict[int, frozenset[int]]] = [{} for _ in range(game.players)]
    table = spec.get("must") or {}
    if not isinstance(table, dict):
        raise game.rf.error(el.path + ("must",), "must map kinds to a number of rows from the far edge")
    for k, rows in table.items():
        (kk,) = game._kinds([k], el.path + ("must", k))
        if isinstance(rows, bool) or not isinstance(rows, int) or not 1 <= rows <= 4:
            raise game.rf.error(el.path + ("must", k), "must be 1 to 4 rows from the far edge")
        for seat in range(game.players):
            must[seat][kk] = far_rows(game, seat, rows)
    # instead = { REGION = { KIND = KIND } }: a piece promoting on a site of the region becomes
    # that kind instead (Main Chator's bidah on the tor's square).
    instead: list[tuple[frozenset[int], dict[int, int]]] = []
    table = spec.get("instead") or {}
    if not isinstance(table, dict):
        raise game.rf.error(el.path + ("instead",), "must map regions to { KIND = KIND } tables")
    for region, kinds in table.items():
        if not isinstance(kinds, dict) or not kinds:
            raise game.rf.error(el.path + ("instead", region), "must map promotable kinds to the kind they become there")
        per: dict[int, int] = {}
        for k, v in kinds.items():
            (a,) = game._kinds([k], el.path + ("instead", region, k))
            (b2,) = game._kinds([v], el.path + ("instead", region, k))
            if each[a] < 0:
                raise game.rf.error(el.path + ("instead", region, k), "must be a kind that promotes by each")
            per[a] = b2
        instead.append((frozenset(game._sites(region, el.path + ("instead", region))), per))
    return {"each": each, "may": bool(spec.get("may", False)), "leaving": bool(spec.get("leaving", False)),
            "must": must, "to": sorted({v for v in each if v >= 0} | {v for _, per in instead for v in per.values()}),
            "pieces": frozenset(k for k, v in enumerate(each) if v >= 0), "instead": instead}


def promotable(sim: Any, m: tuple) -> bool:
    """Whether the move ``m`` (unpromoted) enters, moves within or (``leaving``) leaves the
    promotion zone with a piece that promotes by ``each``."""
    g = sim.game
    p = g.promote
    if m[0] != _MOVE or m[4] >= 0 or p["each"][g.kind_of[sim.cells[m[1]]]] < 0:
        return False
    z = p["zones"][sim.mover]
    return m[2] in z or (p["leaving"] and m[1] in z)


def promotions(sim: Any, moves: list) -> list:
    """promote.each: each move that may promote is offered promoted, and also (``may``) as it
    is, unless the piece lands where it could never move again (``must``)."""
    g = sim.game
    p = g.promote
    out = []
    for m in moves:
        if not promotable(sim, m):
            out.append(m)
            continue
        k = g.kind_of[sim.cells[m[1]]]
        to = p["each"][k]
        for where, per in p.get("instead", ()):
            if m[2] in where and k in per:
                to = per[k]
                break
        out.append((_MOVE, m[1], m[2], m[3], to, -1))
        rows = p["must"][sim.mover].get(k)
        if p["may"] and (rows is None or m[2] not in rows):
            out.append(m)
    return out


def _path(dx: int, dy: int, x: int, y: int) -> list[tuple[int, int]]:
    """The points a blocked leap passes: for a diagonal or straight leap the points between;
    otherwise one step along the longer side, then diagonal steps outwards (the Xiangqi horse
    [1, 2], the Janggi elephant [2, 3])."""
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    if abs(dx) == abs(dy) or dx == 0 or dy == 0:
        return [(x + sx * k, y + sy * k) for k in range(1, max(abs(dx), abs(dy)))]
    if abs(dx) > abs(dy):
        first = (x + sx, y)
    else:
        first = (x, y + sy)
    out = [first]
    px, py = first
    for _ in range(min(abs(dx), abs(dy)) - 1):
        px, py = px + sx, py + sy
        out.append((px, py))
    return out


def _region(game: Any, name: str, seat: int, path: tuple) -> frozenset[int]:
    b = game.board
    if name in ("home", "away"):
        ys = sorted({round(y) for _, y in b.xy})
        half = len(ys) // 2
        low = set(ys[:half])
        mine = low if seat % 2 == 0 else set(ys) - low
        if name == "away":
            mine = set(ys) - mine
        return frozenset(i for i, (_, y) in enumerate(b.xy) if round(y) in mine)
    if name in b.regions:
        return game._region(name, path)
    return frozenset(game._sites(name, path))


def rules_now(sim: Any) -> list:
    """The move rules open to the player to move: on a turn that is an ``opening`` move
    number of the player's, only the rules so marked; else the rules without ``opening``."""
    g = sim.game
    if not getattr(g, "has_opening", False):
        return g.move_rules
    n = (sim.turn - (sim.mover - g.first) % g.players) // g.players + 1
    marked = [r for r in g.move_rules if r.chess is not None and r.chess["opening"] == n]
    if marked:
        return marked
    return [r for r in g.move_rules if r.chess is None or not r.chess["opening"]]


def start_unmoved(game: Any) -> int:
    """The bits of the sites a piece stands on at the start (games with ``first`` moves)."""
    if not getattr(game, "tracks_unmoved", False):
        return 0
    return sum(1 << s for s, c in enumerate(game.start_cells) if c)


# -- moves ------------------------------------------------------------------------------------
def rule_moves(sim: Any, rule: Any, a: int, c: int, out: list) -> None:
    """The moves of the piece ``c`` on ``a`` by the chess rule ``rule`` (appended to ``out``)."""
    g = sim.game
    ch = rule.chess
    seat = g.owner_of[c]
    if ch["first"] and not (sim.unmoved >> a) & 1:
        return
    if ch["from"] is not None and a not in ch["from"][seat]:
        return
    if (ch["once"] or ch["unchecked"]) and spent(sim, seat):
        return
    if ch["first_check"] and not first_check_now(sim, seat):
        return
    if ch["behind"] is not None:
        t = ch["behind"][seat][a]
        if t < 0 or not sim.cells[t] or not (sim.unmoved >> t) & 1:
            return
    cells = sim.cells
    step = g.board.step
    kind = rule.kind
    if kind == "castle":
        _castles(sim, rule, seat, a, c, out)
        return
    if kind == "bent":
        for t in _bent(sim, rule, seat, a):
            _land(sim, rule, seat, a, t, out)
        return
    if kind == "leap":
        if ch["legs"] is not None:
            for t, legs in ch["legs"][a]:
                for leg in legs:
                    if cells[leg]:
                        break
                else:
                    _land(sim, rule, seat, a, t, out)
        else:
            for t in (rule.offsets[a] if ch["ahead"] is None else ch["ahead"][seat][a]):
                _land(sim, rule, seat, a, t, out)
        return
    for d in rule.dirs[seat]:
        st = step[d]
        t = st[a]
        if t < 0:
            continue
        if kind == "step":
            _land(sim, rule, seat, a, t, out)
        elif kind == "slide":
            n = 0
            least = ch.get("min", 0)
            while t >= 0 and t not in rule.avoid:  # avoid: regions neither crossed nor stopped on
                n += 1
                if cells[t]:
                    if n >= least:
                        _land(sim, rule, seat, a, t, out)
                    break
                if n >= least:
                    _land(sim, rule, seat, a, t, out)
                if rule.max and n >= rule.max:
                    break
                t = st[t]
        elif kind == "jump":
            over = ch["jumps"]
            for _ in range(ch["distance"] - 1):
                if over is not None and not _jumped_ok(sim, over, seat, t):
                    t = -1
                    break
                t = st[t]
                if t < 0:
                    break
            if t >= 0:
                _land(sim, rule, seat, a, t, out)
        elif kind == "screen":
            while t >= 0 and not cells[t]:
                t = st[t]
            if t < 0 or g.kind_of[cells[t]] in ch["not_over"]:
                continue
            t = st[t]
            while t >= 0 and not cells[t]:
                if rule.to != "enemy":
                    _land(sim, rule, seat, a, t, out)
                t = st[t]
            if t >= 0:
                _land(sim, rule, seat, a, t, out)


def _jumped_ok(sim: Any, over: frozenset[int], seat: int, t: int) -> bool:
    """``jumps`` (a jump): the square jumped holds a piece of the mover's of those kinds (none
    listed: it is empty)."""
    c = sim.cells[t]
    if not over:
        return not c
    return bool(c) and sim.game.owner_of[c] == seat and sim.game.kind_of[c] in over


def _bent(sim: Any, rule: Any, seat: int, a: int) -> list[int]:
    """The squares a ``bent`` move of the piece on ``a`` reaches (empty, or holding a piece:
    the first met on each line), see the module's docstring."""
    ch = rule.chess
    cells = sim.cells
    step = sim.game.board.step
    out = []
    for d in rule.dirs[seat]:
        t = step[d][a]
        if t < 0:
            continue
        if cells[t] and (not ch["jump_first"] or (ch["jump_first"] == "enemy"
                                                   and sim.game.owner_of[cells[t]] == seat)):
            if ch["stop_first"]:
                out.append(t)
            continue
        if ch["stop_first"]:
            out.append(t)
        least = ch.get("min", 0)
        for d2 in ((d + 1) % 8, (d + 7) % 8):
            u = step[d2][t]
            n = 0
            while u >= 0 and u != t:  # (a ring comes back round)
                n += 1
                if n >= least:  # min: the second part goes at least so far
                    out.append(u)
                if cells[u]:
                    break
                u = step[d2][u]
    return out


def _land(sim: Any, rule: Any, seat: int, a: int, t: int, out: list) -> None:
    ch = rule.chess
    if ch["stay"] is not None and t not in ch["stay"][seat]:
        return
    c = sim.cells[t]
    g = sim.game
    if not c:
        if rule.to != "enemy":
            out.append((_MOVE, a, t, -1, -1, -1))
        elif ch["en_passant"]:
            n = len(sim.cells)
            u = sim.unmoved
            if (u >> (n + 1 + t)) & 1:
                v = ((u >> (2 * n + 1)) & ((1 << n) - 1)).bit_length() - 1
                cv = sim.cells[v] if v >= 0 else 0
                if cv and g.owner_of[cv] != seat and g.kind_of[cv] in rule.pieces:
                    out.append((_MOVE, a, t, v, -1, -1))
    elif rule.to != "empty" and g.owner_of[c] != seat:
        k = g.kind_of[c]
        if k not in rule.not_capture and (ch["takes"] is None or k in ch["takes"]):
            out.append((_MOVE, a, t, -1, -1, -1))


def _castles(sim: Any, rule: Any, seat: int, a: int, c: int, out: list) -> None:
    """Castling (kind ``castle``): see the module's docstring."""
    if not (sim.unmoved >> a) & 1:
        return
    g = sim.game
    cells = sim.cells
    step = g.board.step
    checked = None
    for d in rule.dirs[seat]:
        path = []
        t = step[d][a]
        while t >= 0 and not cells[t]:
            path.append(t)
            t = step[d][t]
        if t < 0 or len(path) < 2:
            continue
        r = cells[t]
        if g.owner_of[r] != seat or g.kind_of[r] not in rule.chess["rook"] or not (sim.unmoved >> t) & 1:
            continue
        if checked is None:
            checked = sim.attacked(a, seat)
        if checked:
            return
        cells[a], cells[path[0]] = 0, c  # the square the king crosses may not be attacked
        try:
            crossed = sim.attacked(path[0], seat)
        finally:
            cells[a], cells[path[0]] = c, 0
        if not crossed:
            out.append((_MOVE, a, path[1], -1, -1, t))


def moved(sim: Any, what: int, a: int, b: int, rook: int, taken: int = -1) -> None:
    """Before a move is made (games with ``castle``, ``en_passant`` or ``captured`` drops): the
    rook of a castling goes to the square the king crosses; the squares a double step passes
    are noted (and those of the move before forgotten); a piece taken goes to the mover's hand."""
    g = sim.game
    n = len(sim.cells)
    sim.unmoved &= ~(((1 << (3 * n + 2)) - 1) ^ ((1 << (n + 1)) - 1))  # the last move's double step
    if what != _MOVE:
        return
    cells = sim.cells
    step = g.board.step
    if getattr(g, "drops", False):
        hand = sim.hands[sim.mover]
        for v in (b, taken):
            if v >= 0 and cells[v] and g.owner_of[cells[v]] != sim.mover:
                hand[g.revert[g.kind_of[cells[v]]]] += 1
    if rook >= 0:
        over = next(step[d][a] for d in range(8) if step[d][a] >= 0 and step[d][step[d][a]] == b)
        cells[over], cells[rook] = cells[rook], 0
        sim.unmoved &= ~(1 << rook)
        return
    c = cells[a]
    if c and g.kind_of[c] in getattr(g, "passant_kinds", ()):
        (xa, ya), (xb, yb) = g.board.xy[a], g.board.xy[b]
        if abs(xa - xb) < 1e-6 and abs(ya - yb) > 1.5:
            d = 2 if yb > ya else 6
            t = step[d][a]
            bits = 0
            while t >= 0 and t != b:
                bits |= 1 << (n + 1 + t)
                t = step[d][t]
            sim.unmoved |= bits | (1 << (2 * n + 1 + b))


def attacks(sim: Any, rule: Any, site: int, seat: int) -> bool:
    """Whether a piece of a seat other than ``seat`` could take the piece on ``site`` by ``rule``
    (the check test: walked back from ``site``, so its cost is the rule's reach, not the board)."""
    if rule.to == "empty" or rule.chess["first_check"]:  # first_check: an escape, never an attack
        return False
    g = sim.game
    cells = sim.cells
    kind_of = g.kind_of
    ch = rule.chess
    victim = kind_of[cells[site]]
    takes = ch["takes"]
    if victim in rule.not_capture or (takes is not None and victim not in takes):
        return False
    owner_of = g.owner_of
    pieces = rule.pieces
    first, frm, stay = ch["first"], ch["from"], ch["stay"]
    unmoved = sim.unmoved
    kind = rule.kind
    if kind == "leap":
        rev = ch["rev"]
        for a, legs in (rev[site] if rev is not None else ((a, ()) for a in rule.rev_offsets[site])):
            c = cells[a]
            if not c or kind_of[c] not in pieces:
                continue
            e = owner_of[c]
            if ch["ahead"] is not None and (e == seat or site not in ch["ahead_set"][e][a]):
                continue
            if (e != seat and not any(cells[leg] for leg in legs) and not (first and not (unmoved >> a) & 1)
                    and (frm is None or a in frm[e]) and (stay is None or site in stay[e])
                    and not ((ch["once"] or ch["unchecked"]) and spent(sim, e))):
                return True
        return False
    if kind == "bent":  # few such pieces: their moves, from where they stand
        for a, c in enumerate(cells):
            if (c and kind_of[c] in pieces and owner_of[c] != seat and (stay is None or site in stay[owner_of[c]])
                    and site in _bent(sim, rule, owner_of[c], a)):
                return True
        return False
    step = g.board.step
    for enemy in range(g.players):
        if enemy == seat or (stay is not None and site not in stay[enemy]):
            continue
        fr = frm[enemy] if frm is not None else None
        for d in rule.dirs[enemy]:
            back = step[(d + 4) % 8]
            a = back[site]
            if a < 0:
                continue
            if kind == "step":
                pass
            elif kind == "slide":
                n = 1
                while not cells[a]:
                    if rule.max and n >= rule.max:
                        a = -1
                        break
                    a = back[a]
                    n += 1
                    if a < 0:
                        break
                if a >= 0 and n < ch.get("min", 0):
                    continue  # min: too near
            elif kind == "jump":
                for _ in range(ch["distance"] - 1):
                    a = back[a]
                    if a < 0:
                        break
            else:  # screen: empties, the screen, empties, the piece
                while a >= 0 and not cells[a]:
                    a = back[a]
                if a < 0 or kind_of[cells[a]] in ch["not_over"]:
                    continue
                a = back[a]
                while a >= 0 and not cells[a]:
                    a = back[a]
            if a < 0:
                continue
            c = cells[a]
            if (c and owner_of[c] == enemy and kind_of[c] in pieces and not (first and not (unmoved >> a) & 1)
                    and (fr is None or a in fr)):
                return True
    return False


# -- pawns met head-on (capture meet) ----------------------------------------------------------
def _ahead(game: Any) -> list[dict[int, int]]:
    """Per seat, each ``meet`` kind's one forward direction (its step to an empty square)."""
    cached = getattr(game, "_meet_ahead", None)
    if cached is None:
        cached = [{} for _ in range(game.players)]
        for rule in game.move_rules:
            if rule.kind == "step" and rule.to == "empty":
                for k in rule.pieces & game.meet:
                    for seat in range(game.players):
                        if len(rule.dirs[seat]) == 1:
                            cached[seat][k] = rule.dirs[seat][0]
        game._meet_ahead = cached
    return cached


def meet(sim: Any, b: int) -> int:
    """``capture = { kind = "meet", pieces = [KINDS] }``: a piece of these kinds that comes to
    stand head-on against an enemy piece of these kinds (each on the square the other's forward
    step goes to, so that neither can step on) leaves the board with it (Shatranj ar-Rumiya's
    baidaqs meeting on a ring). Returns the pieces taken."""
    g = sim.game
    cells = sim.cells
    c = cells[b]
    if not c or g.kind_of[c] not in g.meet:
        return 0
    ahead = _ahead(g)
    seat = g.owner_of[c]
    d = ahead[seat].get(g.kind_of[c])
    if d is None:
        return 0
    t = g.board.step[d][b]
    if t < 0 or not cells[t] or g.owner_of[cells[t]] == seat or g.kind_of[cells[t]] not in g.meet:
        return 0
    e = ahead[g.owner_of[cells[t]]].get(g.kind_of[cells[t]])
    if e is None or g.board.step[e][t] != b:
        return 0
    cells[b] = cells[t] = 0
    return 2


# -- the spent flag (once, unchecked) --------------------------------------------------------
def _spent_bit(sim: Any, seat: int) -> int:
    return 1 << (3 * len(sim.cells) + 2 + seat)


def spent(sim: Any, seat: int) -> bool:
    """Whether ``seat`` has made its ``once`` move, or (``unchecked``) its royal piece has been
    in check."""
    return bool(sim.unmoved & _spent_bit(sim, seat))


def after_move(sim: Any, move: tuple, mover: int) -> None:
    """After ``mover`` played ``move`` (games with ``once`` rules): a leap by a ``once`` rule
    spends the mover's flag."""
    if move[0] != _MOVE or spent(sim, mover):
        return
    g = sim.game
    c = sim.cells[move[2]]
    if not c:
        return
    k = g.kind_of[c]
    for rule in g.move_rules:
        ch = rule.chess
        if ch is not None and ch["once"] and k in rule.pieces and move[2] in rule.offsets[move[1]]:
            sim.unmoved |= _spent_bit(sim, mover)
            return


def note_check(sim: Any) -> None:
    """At the start of a turn (games with ``unchecked`` rules): a royal piece in check spends
    its player's flag."""
    if not spent(sim, sim.mover) and sim.in_check(sim.mover):
        sim.unmoved |= _spent_bit(sim, sim.mover)


# -- the first check (first_check: Main Chator) -------------------------------------------------
def _checked_bit(sim: Any, seat: int) -> int:
    return 1 << (3 * len(sim.cells) + 40 + seat)  # the royal piece has stood in check


def _first_bit(sim: Any, seat: int) -> int:
    return 1 << (3 * len(sim.cells) + 44 + seat)  # ... for the first time, on this turn


def first_check_now(sim: Any, seat: int) -> bool:
    """Whether ``seat``'s royal piece stands in check for the first time in the game, this turn."""
    return bool(sim.unmoved & _first_bit(sim, seat))


def note_first_check(sim: Any) -> None:
    """At the start of a turn (games with ``first_check`` rules): the other seats' first check
    is over; the mover's royal piece in check for the first time opens its ``first_check``
    moves for this turn (and only this one). Called again on the same turn, it changes nothing."""
    m = sim.mover
    for seat in range(sim.game.players):
        if seat != m:
            sim.unmoved &= ~_first_bit(sim, seat)
    if not sim.in_check(m):
        sim.unmoved &= ~_first_bit(sim, m)
    elif not sim.unmoved & _checked_bit(sim, m):
        sim.unmoved |= _checked_bit(sim, m) | _first_bit(sim, m)


def count_check(sim: Any) -> None:
    """After a move (games with a ``checks`` end): the checks the mover has given in
    succession, one more if the player now to move is in check, else none; at the end's count
    the game is drawn."""
    g = sim.game
    giver = (sim.mover - 1) % g.players
    shift = 3 * len(sim.cells) + 6 + 8 * giver
    n = min(255, ((sim.unmoved >> shift) & 255) + 1) if sim.in_check(sim.mover) else 0
    sim.unmoved = (sim.unmoved & ~(255 << shift)) | (n << shift)
    if n >= g.check_count["count"] and sim.moves():  # a check that mates still wins
        sim.over = (None, "checks")


def checks_given(sim: Any, seat: int) -> int:
    """The checks ``seat`` has given in succession, its last moves each giving check."""
    return (sim.unmoved >> (3 * len(sim.cells) + 6 + 8 * seat)) & 255


def compile_checks(game: Any, spec: dict, el: Any) -> dict[str, Any]:
    """end = { kind = "checks", count = N }: a player who gives check N times in succession
    (each of its last N moves leaving the opponent in check) draws the game."""
    n = spec.get("count")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 255:
        raise game.rf.error(el.path + ("count",), "must be a number of checks, 1 to 255")
    game.tracks_unmoved = True
    game.check_count = {"count": n, "clause": el.clause}
    return {"kind": "checks", "count": n, "clause": el.clause}


# -- the facing royals (Janggi's bikjang) ------------------------------------------------------
def compile_facing(game: Any, spec: dict, el: Any) -> dict[str, Any]:
    (k,) = game._kinds(spec.get("royal"), el.path + ("royal",))
    game.tracks_unmoved = True
    return {"kind": "facing", "piece": k, "clause": el.clause}


def _facing(sim: Any, k: int) -> bool:
    g = sim.game
    cells = sim.cells
    sites = []
    for seat in range(g.players):
        code = g.code(seat, k)
        if code not in cells:
            return False
        sites.append(cells.index(code))
    a, b = sites[0], sites[1]
    xa, xb = g.board.xy[a][0], g.board.xy[b][0]
    if abs(xa - xb) > 1e-6:
        return False
    d = 2 if g.board.xy[b][1] > g.board.xy[a][1] else 6
    t = g.board.step[d][a]
    while t >= 0 and t != b:
        if cells[t]:
            return False
        t = g.board.step[d][t]
    return t == b


def facing_end(sim: Any, e: dict[str, Any]) -> bool:
    """After a move: the royals facing now and after the move before draw the game."""
    bit = 1 << len(sim.cells)
    if not _facing(sim, e["piece"]):
        sim.unmoved &= ~bit
        return False
    if sim.unmoved & bit:
        sim.over = (None, "facing")
        return True
    sim.unmoved |= bit
    return False


def state_json(sim: Any) -> dict[str, Any]:
    """The chess state in the JSON state (games with first moves or a facing end)."""
    g = sim.game
    if not getattr(g, "tracks_unmoved", False):
        return {}
    n = len(sim.cells)
    names = g.board.names
    out: dict[str, Any] = {"unmoved": [names[s] for s in range(n) if (sim.unmoved >> s) & 1]}
    if any(e["kind"] == "facing" for e in g.ends):
        out["facing"] = bool((sim.unmoved >> n) & 1)
    if getattr(g, "passant_kinds", None):
        over = [names[s] for s in range(n) if (sim.unmoved >> (n + 1 + s)) & 1]
        pawn = ((sim.unmoved >> (2 * n + 1)) & ((1 << n) - 1)).bit_length() - 1
        if over and pawn >= 0:
            out["passant"] = {"over": over, "pawn": names[pawn]}
    if getattr(g, "spends", False):
        out["spent"] = [seat for seat in range(g.players) if spent(sim, seat)]
    if getattr(g, "check_count", None) is not None:
        out["checks"] = [checks_given(sim, seat) for seat in range(g.players)]
    if getattr(g, "first_check", False):
        out["checked"] = [seat for seat in range(g.players) if sim.unmoved & _checked_bit(sim, seat)]
        out["first_check"] = [seat for seat in range(g.players) if first_check_now(sim, seat)]
    return out


def read_state(sim: Any, data: dict[str, Any], error: Any) -> None:
    g = sim.game
    if not getattr(g, "tracks_unmoved", False):
        return
    b = g.board
    unmoved = data.get("unmoved", [])
    if not (isinstance(unmoved, list) and all(n in b.index for n in unmoved)):
        raise error("unmoved: must list the sites whose piece has not moved")
    sim.unmoved = sum(1 << b.index[n] for n in set(unmoved))
    facing = data.get("facing", False)
    if not isinstance(facing, bool):
        raise error("facing: must be true or false")
    if facing:
        sim.unmoved |= 1 << b.size
    passant = data.get("passant")
    if passant is not None:
        n = b.size
        if not (isinstance(passant, dict) and isinstance(passant.get("over"), list) and passant["over"]
                and all(s in b.index for s in passant["over"]) and passant.get("pawn") in b.index
                and sim.cells[b.index[passant["pawn"]]]):
            raise error("passant: must be {over: [squares the double step passed], pawn: its square}")
        for s in passant["over"]:
            sim.unmoved |= 1 << (n + 1 + b.index[s])
        sim.unmoved |= 1 << (2 * n + 1 + b.index[passant["pawn"]])
    seats = data.get("spent", [])
    if not (isinstance(seats, list) and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < g.players
                                            for x in seats)):
        raise error("spent: must list the seats whose once-in-a-game move is spent")
    for seat in seats:
        sim.unmoved |= _spent_bit(sim, seat)
    checks = data.get("checks", [0] * g.players)
    if not (isinstance(checks, list) and len(checks) == g.players
            and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 255 for x in checks)):
        raise error("checks: must give, per seat, the checks it has given in succession")
    for seat, x in enumerate(checks):
        sim.unmoved |= x << (3 * b.size + 6 + 8 * seat)
    for key, bit in (("checked", _checked_bit), ("first_check", _first_bit)):
        seats = data.get(key, [])
        if not (isinstance(seats, list) and all(isinstance(x, int) and not isinstance(x, bool)
                                                and 0 <= x < g.players for x in seats)):
            raise error(f"{key}: must list seats (whose royal piece has been in check; in check for the first time now)")
        for seat in seats:
            sim.unmoved |= bit(sim, seat)


# -- Ludii replay ------------------------------------------------------------------------------
def ludii_steps(game: Any, sim: Any, move: tuple, last: int | None) -> list | None:
    """A promoting move as Ludii's two steps (``[ludii] promotion = "own-step"``), else None."""
    table = getattr(game.rf, "ludii", None) or {}
    if table.get("drop_side") == "own-step" and move[0] == 1:
        # [ludii] drop_side: Ludii places the piece, then chooses its side up in a step of its own.
        names = game.board.names
        return [(sim.mover, {"to": names[move[2]], "piece": game.kinds[move[5]]}, False),
                (sim.mover, {"from": names[move[2]], "to": "off"}, True)]
    if (table.get("promotion") == "own-step" and move[0] == _MOVE and move[4] < 0 and game.promote
            and game.promote.get("each") is not None and game.promote["may"] and promotable(sim, move)):
        # A promotion declined: Ludii's second step is its pass.
        names = game.board.names
        return [(sim.mover, {"from": names[move[1]], "to": names[move[2]]}, False), (sim.mover, {"pass": True}, True)]
    if table.get("promotion") != "own-step" or move[0] != _MOVE or move[4] < 0:
        return None
    p = game.promote
    if p and p.get("each") is not None:
        rows = p["must"][sim.mover].get(game.kind_of[sim.cells[move[1]]])
        if rows is not None and move[2] in rows:
            return None  # a forced promotion: Ludii makes it within the move
    seat = sim.mover
    names = game.board.names
    first = {"from": names[move[1]], "to": names[move[2]]}
    # Ludii's promotion step is the pair [site, site]: written as a move "off" the square,
    # which the replay maps so whether or not Ludii's game has hands.
    # Where the promotion may be declined (promote.each with may), the second step is free, so
    # that the replay judges Ludii's choice (promote or pass) against both our moves at once.
    free = bool(game.promote and game.promote.get("each") is not None and game.promote["may"])
    return [(seat, first, False), (seat, {"from": names[move[2]], "to": "off"}, free)]


# -- the die that names the piece to move (turn.die: Shatranj al-Mustatila) ----------------------
_PASS = (3, -1, -1, -1, -1, -1)  # pieces.py's pass (PASS = 3)


def compile_die(game: Any, spec: dict, el: Any) -> dict[int, frozenset[int]] | None:
    """``turn.die = { "1" = [KINDS], ... }``: each face (equally likely) -> the kinds it moves.
    ``turn.die_to = { "1" = SITES, ... }`` (Dice Shogi): each face -> the sites it sends to."""
    game.die_next = bool(spec.get("die_next", False))  # turn.die_next (EinStein Wurfelt Nicht)
    if spec.get("die_to") is not None:
        return compile_die_to(game, spec, el)
    die = spec.get("die")
    if die is None:
        return None
    path = el.path + ("die",)
    if not isinstance(die, dict) or not die:
        raise game.rf.error(path, "must map each face of the die (\"1\", \"2\"...) to the piece kinds it moves")
    out: dict[int, frozenset[int]] = {}
    for face, kinds in die.items():
        if not str(face).isdigit() or not 1 <= int(face) <= 100:
            raise game.rf.error(path + (face,), "a face must be a number, 1 to 100")
        out[int(face)] = game._kinds(kinds, path + (face,))
    return out


def compile_die_to(game: Any, spec: dict, el: Any) -> dict[int, frozenset[int]]:
    """``turn.die_to = { "1" = SITES, ... }``: each face (equally likely) -> the sites (names,
    regions, rectangles) where the piece moved or dropped must land; ``die`` and ``die_to`` do
    not go together."""
    game.die_to = True
    die = spec["die_to"]
    path = el.path + ("die_to",)
    if spec.get("die") is not None:
        raise game.rf.error(path, "die and die_to do not go together")
    if not isinstance(die, dict) or not die:
        raise game.rf.error(path, "must map each face of the die (\"1\", \"2\"...) to the sites it sends to")
    out: dict[int, frozenset[int]] = {}
    for face, sites in die.items():
        if not str(face).isdigit() or not 1 <= int(face) <= 100:
            raise game.rf.error(path + (face,), "a face must be a number, 1 to 100")
        out[int(face)] = frozenset(game._sites(sites, path + (face,)))
    return out


def die_outcomes(sim: Any) -> list[tuple[int, float]]:
    """The throws due: every face alike (none once thrown, or when the game is over)."""
    if sim.throw or sim.over or sim.game.die is None:
        return []
    if sim.game.die_next and any(sim.hands[sim.mover]):
        return []  # die_next: placing from the hand comes first, no throw while the mover holds pieces
    faces = sorted(sim.game.die)
    if getattr(sim.game, "die_pairs", False) and faces[-1] >= 11:
        # die_pairs (hooks_chat2.py): two dice, thrown as the two-digit faces (one per ordered
        # pair); a one-digit face is the die left for the turn's second move, never thrown.
        faces = [f for f in faces if f >= 11]
    return [(f, 1 / len(faces)) for f in faces]


def die_moves(sim: Any, moves: list) -> list:
    """The moves the throw allows among ``moves`` (all the legal moves): those of the kinds its
    face names; none of them, a pass. Before the throw, all of them (the ends judge them)."""
    if sim.over:
        return []
    if not sim.throw:
        return moves
    g = sim.game
    if g.die_to:  # turn.die_to: the moves and drops that land where the face says, else any
        where = g.die[sim.throw]
        return [m for m in moves if m[2] in where] or moves
    kinds = g.die[sim.throw]
    cells, kind_of = sim.cells, g.kind_of
    if g.die_next:
        kinds = die_next_kinds(sim, kinds)
    out = [m for m in moves if m[1] >= 0 and kind_of[cells[m[1]]] in kinds]
    if out:
        return out
    if g.check_royal >= 0 and sim.in_check(sim.mover):
        return []  # die_thrown has ended the game: the royal piece cannot get out of check
    return [_PASS]


def die_next_kinds(sim: Any, kinds: frozenset[int]) -> frozenset[int]:
    """``turn.die_next``: where the mover has no piece of the kinds thrown on the board, the
    kinds of the nearest face above and of the nearest face below whose kinds it has."""
    g = sim.game
    mine = {g.kind_of[c] for c in sim.cells if c and g.owner_of[c] == sim.mover}
    if kinds & mine:
        return kinds
    faces = sorted(g.die)
    above = [f for f in faces if f > sim.throw and g.die[f] & mine]
    below = [f for f in faces if f < sim.throw and g.die[f] & mine]
    out: frozenset[int] = frozenset()
    for near in (above[:1], below[-1:]):
        for f in near:
            out |= g.die[f]
    return out


def die_thrown(sim: Any, face: int) -> None:
    """Play the throw ``face``: a player in check whose throw gives no move out of it loses."""
    sim.throw = face  # the legal moves stay the same (sim._moves); the throw picks among them
    g = sim.game
    if g.check_royal >= 0 and sim.in_check(sim.mover) and not sim.moves():
        sim.over = (sim._other(sim.mover), "checkmate")


def throw_faces(game: Any, face: int) -> list[int]:
    """The faces a throw shows: ``[face]``; where the game throws two dice as one face per pair
    (``game.die_pairs``, set by hooks_chat2.py), a two-digit face is the two dice, 25 ``[2, 5]``
    (a one-digit face there is the die left for the turn's second move)."""
    if getattr(game, "die_pairs", False) and face >= 11:
        return [face // 10, face % 10]
    return [face]


def throw_json(sim: Any) -> dict[str, Any] | None:
    if not sim.throw:
        return None
    faces = throw_faces(sim.game, sim.throw)
    if len(faces) > 1:  # two dice, each naming a kind: the value only stands for the pair, shown as its dice
        return {"faces": faces, "value": sim.throw, "pair": True}
    return {"faces": faces, "value": sim.throw}


def read_throw(sim: Any, data: dict[str, Any], error: Any) -> None:
    t = data.get("throw")
    if t is None:
        return
    g = sim.game
    if g.die is None or not isinstance(t, dict) or t.get("value") not in g.die:
        raise error("throw: must be null or {faces: [n], value: n} with a face of the game's die")
    sim.throw = t["value"]
