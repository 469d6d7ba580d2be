"""The pieces mechanic: games of pieces placed and moved on sites, capturing by hopping,
custodial capture, replacement, surrounding or by forming lines, with promotion and a royal
piece that may not be left attacked (alquerque and draughts, tafl, Ludus Latrunculorum, the
morris games, chess-like games).

Rule elements a clause may carry (``docs/rules-format.md`` has the worked examples):

- ``board``: a builder of ``games.engine.rules.board`` (``shape = "grid" | "alquerque" |
  "morris" | "graph"``) and optional ``regions = { name = "sites" }`` and ``marks`` (region
  name -> mark drawn, e.g. ``{ throne = "throne" }``);
- ``pieces``: ``{ KIND = { glyph = "K", name = "...", royal = true, points = N }, ... }``
  (``points``: what taking a piece of this kind by landing on it adds to the taker's score, 1
  where not given: Chaturaji's pawn 1 to king 5; ``indicators = ["n", "ne"]``: compass points
  the board draws as marks on the piece's rim, shown only: Ploy's direction indicators);
- ``setup`` (several clauses may each add pieces): ``place = [{ seat, piece, at, mirror }]``
  and ``hand = [{ seat, piece, count }]``;
  ``at`` is site names, region names or rectangles (``a1:h2``), space-separated; ``mirror =
  "rotate" | "flip"`` puts the same pieces for the other seat, turned or reflected; ``replace =
  true``: the entry may put its piece where an earlier clause's stands (an option's other setup);
- ``move`` (one kind each): ``kind = "step" | "slide" | "hop" | "leap" | "place" | "fly"``
  (and chesslike.py's ``jump``, ``screen`` and ``castle``, with its fields ``first``, ``stay``,
  ``from``, ``blocked``, ``takes``, ``opening``, ``en_passant``, ``rook``, ``ahead``, and for
  ``place`` the drops of taken pieces, ``captured``, ``revert``, ``not_on``, ``one_per_file``,
  ``no_mate``: see that module),
  ``pieces`` (kinds, default all), ``dirs`` (``all``, ``orthogonal``, ``diagonal``,
  ``forward``, ``forward-diagonal``, ``backward``, ``sideways`` or compass names), ``to``
  (``empty`` | ``enemy`` | ``empty-or-enemy``: landing on an enemy captures it; a step's ``any``:
  onto any site, a piece there taken, one's own too: EinStein Wurfelt Nicht), ``not_capture``
  (kinds this move may not take), ``max`` (slide's longest run), ``offsets`` (leap's
  ``[[dx, dy]]``, every turn and reflection of each), ``over`` (hop: ``enemy`` | ``any`` |
  ``friend``; a hop's ``to = "enemy"`` lands on an enemy piece and takes it, Kono's hop over
  a friend), ``capture`` (hop: the piece hopped over is taken), ``continue`` (hop: ``must`` |
  ``may`` | ``no``, whether the same piece hops again in the same turn; ``straight``: it may,
  only on in the direction of its last hop, with ``taken = "turn-end"``: Konane; a hop with
  ``capture = false`` and ``continue = "may"`` chains too, taking nothing, never landing on a
  site the chain has stood on this turn, its start included, the player stopping at will:
  Halma's jumps, in a game with no capturing hop; ``continue = "must"``: the chain goes on while
  it can, Ludii's Salta), kind
  ``push`` (a grid's edge cube, blank, an empty square, or the mover's, or with ``take = "any"``
  any, an opponent's staying its owner's, pushed back in at an end of its row or column other
  than its own square, the cubes between sliding along; ``first_blank``: on each player's first
  turn only a blank one: Quixo), kind
  ``hook`` (``hook = NAME``: a Python rule of ``hooks.py`` gives the moves and plays them, the
  turn's later parts too while it leaves ``pending`` set; one such rule a game: Santorini; a hook
  carrying ``result(sim)`` gives the finished game's result per seat: Triad's tie of two of
  three seats, hooks_triad.py; a hook with ``owns_moves = True`` gives every move of the game,
  made from the file's other move rules, and may keep counts in the hands with
  ``game.hand_tally``: hooks_chat2.py's Chaturaji), kind
  ``lift`` (the mover takes one of its own pieces off, the only move of the game's turn
  ``at_turn``: in ``region``, or ``next_to_empty``: Konane's opening), ``avoid`` (regions
  this move may neither stop on nor pass), ``avoid_stop`` (regions it may pass but not stop
  on), ``flying`` (hop: from any distance along empty sites, over one enemy, landing on any
  empty site beyond it: draughts' long king; ``"near"``: landing only just beyond it, Dam's
  king), ``chain = "line-or-edge"`` (hop: the piece's capturing chain goes on only along the line
  of its last hop, onwards, unless that hop ended on the board's edge, when any way but back), ``taken = "now" | "turn-end"`` (hop: the pieces
  taken leave the board at once, or when the turn ends, blocking the way and never hopped
  twice till then), ``run`` (hop: over a row of exactly this many such pieces along the line at
  once, to the empty site beyond, taking them all: Merimueng-rimueng-do's long hop), ``while`` (``hand`` | ``no-hand``: only while the mover holds pieces to place, or only
  after; ``any``: either, where a move other than placing would otherwise wait for the hand to
  empty: Susan; ``all-placed``: only once every player's hand is empty, a player with nothing
  to place passing till then: Haretavl), ``at_most`` (fly: only while the mover has at most this many pieces), ``per_turn``
  (place: the pieces of these kinds a player places in one turn, counted from the first placed;
  ``first_turn``: the game's first turn places only this many, Connect6's one stone),
  ``after`` (place: only once the mover's hand holds none of these kinds), ``then_move`` (place:
  who places the last piece of all goes on to move in the same turn), ``refill`` (place: only
  while the mover has fewer than this many pieces on the board, and then before anything else;
  the mover then moves on in the same turn: the Queah Game's reserve sticks), ``region`` (place: a list of one per seat, the sites each seat places on:
  EinStein Wurfelt Nicht's home corners), ``next_to`` (place: only on a site next to a piece
  of these kinds, whoever's: Yavalanchor's counters beside a red one), ``beside = "enemy"`` (only
  a piece standing next to an enemy piece, along the board's lines, moves so: Mu Torere's move
  into the centre), ``touching`` (place: only on a site with exactly this many occupied
  neighbours, of either side; on an empty board anywhere: Spots, Snowpaque), ``touching_min``
  (place: only on a site with at least this many occupied neighbours: Andantino), ``drop`` (place:
  only where the site below is off the board or taken, a disc dropped down a column: Connect
  Four), ``beside_last``
  (place: only next to the piece that came last onto the board, anywhere on an empty board:
  Blue Nile), ``fill_first`` (place: the sites the game's first placings fill, one each, before any
  other: Dala's central four), ``not_in_row = { length, dirs }`` (a piece standing in a row of
  ``length`` or more of its side along ``dirs`` does not move so: Shiva);
- ``capture``: ``kind = "custodial"`` (an enemy between the moved piece and a friend, or a
  ``hostile`` empty region, or a ``hostile_always`` region even when occupied, along ``dirs``;
  ``pieces`` the kinds so taken), ``"surround"``
  (``pieces`` taken when enemies, or ``hostile`` regions, stand on every side along ``dirs``;
  ``edge = true``: the board's edge closes the sides it stands on),
  ``"line"`` (a line of ``length`` of one's own pieces through the moved piece lets the mover
  remove an enemy piece; ``protect = true``: not one in a line while others are not; ``dirs``:
  only rows along these; ``exact = true``: a longer row does not count; ``placing = false``: a
  row made by placing takes nothing; ``leaving = true``: a piece moving off the end of a row
  one longer than ``length`` along ``dirs`` takes too, the row it leaves behind: Dala);
  ``placing = false`` (custodial, surround): a piece placed from the hand takes nothing;
  ``max`` (custodial: the most enemies in a row taken together between the mover and its far
  piece, 1 by default, 0 any number);
  ``at``, ``not_at`` (custodial, surround): regions where the piece taken must, or must not,
  stand (a tafl king taken by two enemies away from the throne, by four beside it);
  ``"intervene"`` (a piece that comes between two enemies on a line, with nothing between, takes
  both: Maak Yek's reverse custodial capture; ``pieces``, ``dirs``, ``at``/``not_at`` as above),
  (move ``kind = "approach"``: Fanorona's step to an empty neighbour along ``dirs`` that takes
  the enemy next beyond the landing square on the line of the move (approach) or next behind the
  starting square (withdrawal), and the unbroken row of enemies behind that one; the action
  names the first taken (``"take"``); ``continue`` as for hops, the chain's moves taking again;
  ``no_revisit``: never back to a square the chain stood on; ``new_direction``: never twice in
  a row in one direction),
  (move ``kind = "circuit"``: Surakarta's move along ``tracks``, circuits listed site by site,
  either way, over empty sites, through at least one loop (a passage between two sites that
  are not neighbours along a row or column), to an empty site or the first piece met, an
  enemy's, which it takes (``to`` says which)),
  ``"enclose"`` (the opponent's groups beside the piece, pieces joined along ``dirs``, that no
  longer touch an empty site along ``dirs`` are taken: Pentalath's go capture),
  ``"shieldwall"`` (a row of two or more enemies along the board's edge, closed at both ends
  along the edge by the mover's pieces or ``hostile`` empty regions, one end the piece just
  moved, with a piece of the mover's in front of each: the ``pieces`` of the row are taken),
  ``"huff"`` (a player whose turn begins with a capture open, and who moves without taking,
  leaves each piece that could have taken, where it now stands, to the opponent: the
  opponent's next turn may begin with ``{"remove": SITE}`` of one of them, after which he
  moves as usual; ``must = true``: it must so begin. A chain of captures stopped short is not
  a failure: the piece took. The state's ``huff`` lists those pieces while the choice is open);
- ``constraint``: ``no_line = { length, dirs, placing }`` (no move may make a row of ``length``
  or more of the mover's pieces along ``dirs``; ``placing = true``: only placing is so barred; a
  list of such tables bars each),
  ``closed_when_empty = [REGIONS]`` (a region left wholly empty is out of play: no move comes
  to it; Tuknanavuhpi's back lines), ``keep_in = REGION or [REGION per seat]`` (a piece of
  the seat standing in its region never leaves it: every move, each hop of a chain, from
  there ends there; Halma's camp), ``barred = [REGION per seat]`` (no piece of the seat
  ever comes to its region: Jungle's own den), ``stuck_in = REGION`` (a piece standing there as its
  turn begins does not move: Conspirateurs' sanctuaries), ``liberties = true`` (after a move every group, pieces of one side joined along rows and
  columns, still touches an empty site along a row or column: NoGo; directions instead of true:
  along those),
  ``nested = N`` (a grid of N*N by N*N squares is N x N local boards: a placing goes to the
  local board in the place the last placing took within its own, unless that board is won, a
  row of N of one seat's in it, or full, when any local board not won takes it: Ultimate
  Tic-Tac-Toe),
  ``leave_move = true`` (no move may leave the opponent without a move, unless
  it takes the opponent's last piece; a number N: only on the game's first N turns), ``compulsory = true`` (a capture must be made when one can; ``"hops"``: a hop taking
  nothing must be made when one can, Salta's jumps),
  ``maximum = true`` (the capture that takes most; a list of kinds: only their captures
  must, each measured against the others of those kinds), ``no_repeat = true`` (no move may bring
  back a position, pieces and player to move, that the game has already had);
- ``promote``: (``each``, ``may``, ``leaving``, ``must``: promotion by kind, chesslike.py)
  ``pieces``, ``to`` (a kind or a list to choose from), ``zone`` (a list: one per
  seat; each ``far-rank`` or a
  region), ``if_lost`` (the piece is promoted only while none of the ``to`` kinds of its side
  is on the board, and otherwise leaves the board), ``lost`` (kinds among ``to`` offered only
  while the side has fewer of them on the board than it started with: Santaraj's promotion to
  a piece already taken), ``ends_turn`` (being promoted ends a capture chain), ``at_end`` (a piece is
  promoted only where it stands when its turn ends: a man passing the far row in a capture
  chain goes on as a man);
- ``turn``: ``first`` (the seat that starts), ``die`` (a throw names the kinds that move: chesslike.py; ``die_next``: a face whose
  kinds the mover has lost names the nearest faces' above and below), ``die_to`` (a throw names where the piece goes, any move where none can: chesslike.py), ``swap`` (the pie rule: on the game's second turn
  the player may pass instead, taking over the first player's pieces; the seats keep their
  pieces, so the same seat moves again, now the other player's), ``facing`` (each seat's forward direction, a
  compass name per seat, where the second seat does not face down the board), ``capture_again`` (a piece that takes moves again
  at once, any of its moves, and again while it takes; a pass where it has none; ``"capturing"``:
  only while it can take again, and only with moves that take);
- ``end`` (one condition each; ``result`` is the mover's or the seat's, as said):
  ``no-moves`` (the player to move has none: ``result = "loss" | "win" | "draw" | "pass" |
  "more-pieces"`` (the seat with the most pieces on the board wins, equal counts draw: Skirmish);
  ``seats`` limits it to those seats, so a hunt's two sides may differ; ``where``: only while
  one of the seat's pieces stands in that region (a monk trapped on the diamond's point); ``pass`` passes the
  turn, a draw where the other player cannot move either),
  ``pieces`` (a seat with ``at_most`` pieces left, on the board and in hand, loses; ``seats``
  limits the count to those seats), ``line`` (a move making a row of ``length`` of one's own
  pieces along the board's lines wins; ``result = "loss"``: it loses instead, judged after the
  ends of earlier clauses, so Squava's four wins before its three loses; ``exact = true``: a
  row longer than ``length`` does not count; ``not_start = true``: nor does a row standing
  wholly on the player's own starting sites, Tant Fant's; ``"any"``: nor a row with any site
  among them, Dai Hasami Shogi's; ``dirs``: only rows along these count; ``with = [KINDS]``: pieces of these kinds, whoever
  placed them, count in every seat's row, the seats judged in turn order: Yavalanchor's red; ``colours``: for
  each seat, the seats whose pieces make its rows, each of them in the row: Yavalade's stacks; ``either``: after every move all rows on the
  board count, either side's, the opponent's first: Quixo),
  ``reach`` (a ``piece`` reaching ``region`` wins), ``fill`` (``seat`` wins when its pieces
  stand on every site of ``region``: a side that must cross the board in formation;
  ``every_piece = true``: when every piece it has stands in ``region``, none left in hand,
  the region not necessarily full: Conspirateurs' sanctuaries), ``formation`` (``at = { KIND =
  SITE }``: the first seat wins when each of its pieces of those kinds stands on its site, the
  other seat with the sites turned, ``mirror = "rotate"``, or reflected, ``"flip"``: Salta),
  ``captured`` (a seat whose ``piece`` is
  taken loses), ``checkmate`` (the ``royal`` kind may not be left attacked, none of them where a side has
  several: Double Chess's two kings; a list of kinds: none of these, each side's own: Maharajah Chess; a player with no
  move in check loses, and ``stalemate`` says what no move out of check is worth;
  ``draw_while = [KINDS]``: a checkmate is only a draw while the mated player keeps a piece of
  these kinds),
  ``bare`` (a seat left with nothing but its ``royal`` piece loses; both bare, a draw;
  ``within = N``: instead the other side must checkmate it within N turns of the last capture,
  else the game is drawn: Santaraj),
  ``facing`` (chesslike.py: the ``royal`` pieces facing on an open file two moves running draw),
  ``enclosed`` (``seat``: when none of that seat's pieces can reach the board's edge, every path
  along rows and columns blocked by the other seats' pieces, it loses: Copenhagen's encircling;
  ``to = REGION``: reach that region instead of the edge, ``dirs``: paths along these, Shi Liu
  Kan Tsiang Kun's general shut in the triangle; ``any = true``: when any one of its pieces
  cannot; ``any`` without ``seat``: a move that so shuts in any piece of an opponent's wins,
  Andantino's surrounding),
  ``fort`` (``piece``: that seat wins when the piece stands on the edge and can move, the empty
  squares it reaches touch no enemy, and no piece of the wall around them can be taken: each
  has, in each line, a side that is off the board, inside the fort or another piece of the wall),
  ``smothered`` (after a move, a piece with no empty site beside it along the board's lines:
  the mover's own loses the game for the mover, else an opponent's wins it: Susan),
  ``nested`` (with ``constraint.nested``: a seat that has won N local boards in a row wins),
  ``lone`` (every seat down to a single piece, each of the ``piece`` kind: the game is drawn,
  Game of Solomon's two lone kings),
  ``alone`` (once only one seat has pieces left on the board, the others' all taken, the game
  ends: ``result = "score"``, the seat with the highest score wins, equal highest a draw; else
  the seat left wins: Chaturaji),
  ``rows`` (each move making a row of ``length`` or more of the mover's pieces along ``dirs``
  counts one in the mover's score; ``count`` rows win, with ``alone = true`` only while the
  opponent has made none: Shiva),
  ``moves`` (the game stops after ``limit`` turns, or ``quiet`` turns without a capture, and
  ``result = "draw" | "more-pieces" | "score"`` (the highest score wins, equal highest a draw:
  Chaturaji); ``from_play = true``: placing a piece starts the quiet
  count afresh; ``tie``: the seat that wins when ``more-pieces`` finds equal counts, else a draw;
  ``result = "win", winner = SEAT``: that seat wins at the limit, a chase the hunted side wins
  by lasting out, Capture the Queen).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from itertools import compress
from operator import not_
from typing import Any

from games.engine.core import Action, InvalidState, Outcome, brief
from games.engine.rules import board as boards
from games.engine.rules import chesslike
from games.engine.rules.game import Game, Sim, team_values
from games.engine.rules.loader import Element, RulesFile, RulesFileError

__all__ = ["ELEMENTS", "compile"]

ELEMENTS = frozenset({"board", "pieces", "setup", "move", "capture", "constraint", "promote", "turn", "end"})

NAMED_DIRS = {
    "all": tuple(range(8)),
    "orthogonal": boards.ORTHOGONAL,
    "diagonal": boards.DIAGONAL,
}
MOVE_KINDS = ("step", "slide", "hop", "leap", "place", "fly", "approach", "circuit", "lift", "push", "hook") + chesslike.KINDS
PUSHED = -2  # a move's kind value: a push (move.kind = "push"), its cube taken from `from`, pushed in at `to`
# Move tuples on the fast path: (what, from, to, taken, promote, kind)
#   what: 0 move, 1 place, 2 remove, 3 pass; taken: the site hopped over and taken, or -1;
#   promote: the kind index promoted to, or -1; kind: the kind placed (place) else -1.
MOVE, PLACE, REMOVE, PASS = 0, 1, 2, 3
HOOKED = 4  # a move a move.kind = "hook" rule's hook made and plays (hooks.py)
REMOVED = 1 << 20  # a move's promote value: the piece leaves the board on arrival (promote.if_lost)


@dataclass
class MoveRule:
    kind: str
    clause: str
    pieces: frozenset[int]
    dirs: tuple[tuple[int, ...], ...]  # per seat
    to: str = "empty"
    not_capture: frozenset[int] = frozenset()
    max: int = 0
    offsets: list[list[int]] = field(default_factory=list)  # per site: targets (leap)
    rev_offsets: list[list[int]] = field(default_factory=list)  # per site: where a leaper attacking it stands
    over: str = "enemy"
    capture: bool = False
    cont: str = "no"
    avoid: frozenset[int] = frozenset()
    avoid_stop: frozenset[int] = frozenset()
    when: str = ""
    at_most: int = 0
    region: frozenset[int] | None = None
    seat_regions: tuple[frozenset[int], ...] | None = None  # place: a region per seat
    hook: Any = None  # move.kind = "hook": the hook's function (hooks.py)
    flying: bool = False  # hop: from any distance over empty sites, landing any distance beyond
    at_turn: int = -1  # lift: the game's turn (0 the first) on which it is the only move
    next_to_empty: bool = False  # lift: only a piece orthogonally next to an empty site
    at_end: bool = False  # hop: the pieces taken leave the board when the turn ends
    per_turn: int = 1  # place: pieces placed in one turn
    after: frozenset[int] = frozenset()  # place: only once the hand holds none of these kinds
    then_move: bool = False  # place: who places the last piece of all moves on in the same turn
    no_revisit: bool = False  # approach: a chain never comes back to a square it passed
    tracks: list[tuple[list[int], list[bool]]] = field(default_factory=list)  # circuit: sites, loop after each
    new_direction: bool = False  # approach: a chain never goes on in the direction it came
    beside: str = ""  # "enemy": only a piece standing next to an enemy piece moves so
    touching: int = -1  # place: only on a site with exactly this many occupied neighbours (-1: any)
    first_turn: int = 0  # place with per_turn: the pieces the game's first turn places (0: per_turn)
    beside_last: bool = False  # place: only next to the piece that came last onto the board
    drop: bool = False  # place: only where the site below (south) is off the board or taken
    fill_first: frozenset[int] | None = None  # place: the game's first placings, one a site, only here
    first_in: frozenset[int] | None = None  # place: the game's first placing only here (Press Ups' yellow pegs)
    not_in_row: list | None = None  # per site, the rows through it: a piece standing in one stays
    chess: dict[str, Any] | None = None  # chesslike.py's fields, where the rule has any
    run: int = 1  # hop: over a row of exactly this many pieces at once, all taken
    refill: int = 0  # place: only while the mover has fewer on the board; then it moves on
    next_to: frozenset[int] = frozenset()  # place: only next to a piece of these kinds, anyone's
    touching_min: int = 0  # place: only on a site with at least this many occupied neighbours
    take: str = "own"  # push: the cubes taken, blank (empty) or one's own ("own"), or any
    first_blank: bool = False  # push: on each player's first turn only a blank cube is taken
    flying_near: bool = False  # hop flying = "near": from any distance, landing just beyond
    chain: str = ""  # hop: "line-or-edge", the chain goes on along its line unless at the edge


def _need(rf: RulesFile, el: Element, spec: dict, key: str, kinds: tuple, what: str) -> Any:
    if key not in spec:
        raise rf.error(el.path + (key,), f"is required ({what})")
    value = spec[key]
    if not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds:
        raise rf.error(el.path + (key,), f"must be {what}, got {brief(value)}")
    return value


class PiecesGame(Game):
    def __init__(self, rf: RulesFile, switches: dict[str, bool] | None = None) -> None:
        super().__init__(rf)
        # A clause that names a true-or-false option states its elements only while the option
        # is true: the other reading is the same rules without them.
        self._switch_of = {c.id: c.option for c in rf.clauses
                           if c.option and isinstance(rf.options.get(c.option, {}).get("default"), bool)}
        self.switches = {name: bool(rf.options[name]["default"]) for name in set(self._switch_of.values())}
        self.switches.update(switches or {})
        self._variants: dict[tuple, PiecesGame] = {}
        self._elements = [e for e in rf.elements
                          if e.clause not in self._switch_of or self.switches[self._switch_of[e.clause]]]
        self._compile_board()
        self._compile_pieces()
        self._compile_setup()
        self._compile_moves()
        self._compile_captures()
        self._compile_rest()
        self.zobrist = _Zobrist(self.board.size, 1 + self.players * self.nk, self.players, self.nk)
        self._fast = _Fast(self)

    # -- compiling ------------------------------------------------------------------------
    def _named(self, name: str) -> list[Element]:
        return [e for e in self._elements if e.name == name]

    def for_options(self, options: dict[str, Any]) -> PiecesGame:
        """This game under ``options``: itself, or the game compiled with the clauses those
        options turn off left out (compiled once per combination)."""
        key = tuple(sorted((k, bool(options[k])) for k in self.switches if k in options))
        if all(self.switches[k] == v for k, v in key):
            return self
        if key not in self._variants:
            self._variants[key] = PiecesGame(self.rf, dict(key))
        return self._variants[key]

    def _one(self, name: str, required: bool = True) -> Element | None:
        found = self._named(name)
        if len(found) > 1:
            raise self.rf.error(found[1].path, f"only one clause may state the {name}")
        if not found:
            if required:
                raise self.rf.error(("clause",), f"no clause states the {name} (a `{name} = {{...}}` element)")
            return None
        if not isinstance(found[0].value, dict):
            raise self.rf.error(found[0].path, "must be a table { ... }")
        return found[0]

    def _compile_board(self) -> None:
        el = self._one("board")
        spec = dict(el.value)
        extra_regions = spec.pop("regions", {})
        marks = spec.pop("marks", {})
        try:
            self.board = boards.build({k: v for k, v in spec.items()})
        except boards.BoardSpecError as exc:
            field_, _, message = str(exc).partition(": ")
            raise self.rf.error(el.path + (field_,), message) from None
        b = self.board
        if not isinstance(extra_regions, dict):
            raise self.rf.error(el.path + ("regions",), "must be a table of region = \"sites\"")
        for name, sites in extra_regions.items():
            b.regions[name] = frozenset(self._sites(sites, el.path + ("regions", name)))
        self.marks: dict[int, str] = {}
        if not isinstance(marks, dict):
            raise self.rf.error(el.path + ("marks",), "must be a table of region = \"mark\"")
        for region, mark in marks.items():
            for i in self._region(region, el.path + ("marks", region)):
                self.marks[i] = str(mark)

    def _region(self, name: str, path: tuple) -> frozenset[int]:
        if name not in self.board.regions:
            raise self.rf.error(path, f"no region {name!r} (known: {', '.join(sorted(self.board.regions))})")
        return self.board.regions[name]

    def _sites(self, text: Any, path: tuple) -> list[int]:
        """Sites from names, region names and rectangles ``a1:c2``, space-separated."""
        if isinstance(text, list):
            text = " ".join(map(str, text))
        if not isinstance(text, str):
            raise self.rf.error(path, f"must name sites (text such as \"a1 b1 rank2 a7:h8\"), got {brief(text)}")
        out: list[int] = []
        b = self.board
        for word in text.split():
            if word in b.index:
                out.append(b.index[word])
            elif word in b.regions:
                out.extend(sorted(b.regions[word]))
            elif ":" in word and all(p in b.index for p in word.split(":", 1)):
                (x0, y0), (x1, y1) = (b.xy[b.index[p]] for p in word.split(":", 1))
                out.extend(i for i, (x, y) in enumerate(b.xy)
                           if min(x0, x1) <= x <= max(x0, x1) and min(y0, y1) <= y <= max(y0, y1))
            else:
                raise self.rf.error(path, f"{word!r} is neither a site, a region nor a rectangle a1:c3")
        return out

    def _kinds(self, value: Any, path: tuple, default_all: bool = True) -> frozenset[int]:
        if value is None:
            return frozenset(range(len(self.kinds))) if default_all else frozenset()
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise self.rf.error(path, "must list piece kinds")
        out = set()
        for k in value:
            if k not in self.kind_index:
                raise self.rf.error(path, f"no piece kind {k!r} (known: {', '.join(self.kinds)})")
            out.add(self.kind_index[k])
        return frozenset(out)

    def _compile_pieces(self) -> None:
        el = self._one("pieces")
        self.kinds: list[str] = []
        self.piece_info: dict[str, dict[str, Any]] = {}
        self.royal: set[int] = set()
        self.points: dict[int, int] = {}  # pieces.KIND.points: a capture's worth where not 1
        for name, spec in el.value.items():
            if not isinstance(spec, dict):
                raise self.rf.error(el.path + (name,), "must be a table { glyph = \"K\", ... }")
            for k in spec:
                if k not in ("glyph", "name", "royal", "svg", "points", "indicators"):
                    raise self.rf.error(el.path + (name, k), "unknown field (known: glyph, name, royal, svg, points, indicators)")
            pts = spec.get("points", 1)
            if isinstance(pts, bool) or not isinstance(pts, int) or not 0 <= pts <= 1000:
                raise self.rf.error(el.path + (name, "points"), f"must be a whole number 0 to 1000, got {brief(pts)}")
            if pts != 1:
                self.points[len(self.kinds)] = pts
            self.kinds.append(name)
            self.piece_info[name] = {"name": spec.get("name", name), "glyph": spec.get("glyph", name[:1].upper()),
                                     "svg": spec.get("svg")}
            if spec.get("royal"):
                self.royal.add(len(self.kinds) - 1)
            if "indicators" in spec:
                # indicators = [compass points]: marks the board draws on the piece's rim, pointing
                # those ways (Ploy's pieces, whose kind is their orientation); drawn only, never played.
                marks = spec["indicators"]
                if not (isinstance(marks, list) and marks and all(m in boards.DIRECTIONS for m in marks)
                        and len(set(marks)) == len(marks)):
                    raise self.rf.error(el.path + (name, "indicators"), "must list different compass points "
                                                                        f"({', '.join(boards.DIRECTIONS)}), got {brief(marks)}")
                self.piece_info[name]["indicators"] = list(marks)
        if not self.kinds:
            raise self.rf.error(el.path, "names no piece kind")
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        nk = len(self.kinds)
        self.nk = nk
        # Cell codes: 0 empty, else 1 + seat * nk + kind.
        self.owner_of = [-1] + [c // nk for c in range(self.players * nk)]
        self.codes_of = [[1 + seat * nk + k for k in range(nk)] for seat in range(self.players)]
        self.kind_of = [-1] + [c % nk for c in range(self.players * nk)]

    def code(self, seat: int, kind: int) -> int:
        return 1 + seat * self.nk + kind

    def _compile_setup(self) -> None:
        # Several clauses may place pieces: one governed by an option can add to the others.
        els = self._named("setup") or [self._one("setup")]
        b = self.board
        self.start_cells = [0] * b.size
        self.start_hands = [[0] * self.nk for _ in range(self.players)]
        for el in els:
            if not isinstance(el.value, dict):
                raise self.rf.error(el.path, "must be a table { place = [...], hand = [...] }")
            for j, entry in enumerate(el.value.get("place", [])):
                path = el.path + ("place", j)
                seat = entry.get("seat")
                if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
                    raise self.rf.error(path + ("seat",), f"must be a seat 0..{self.players - 1}")
                kind = self._kinds(entry.get("piece"), path + ("piece",))
                if len(kind) != 1:
                    raise self.rf.error(path + ("piece",), "must name one piece kind")
                (k,) = kind
                sites = self._sites(entry.get("at", ""), path + ("at",))
                mirror = entry.get("mirror")
                placed = [(seat, s) for s in sites]
                if mirror:
                    if mirror not in ("rotate", "flip") or self.players != 2:
                        raise self.rf.error(path + ("mirror",), "must be \"rotate\" or \"flip\" (two seats)")
                    placed += [(1 - seat, self._mirror(s, mirror)) for s in sites]
                for who, s in placed:
                    if self.start_cells[s] and not entry.get("replace"):  # replace: an option's other setup
                        raise self.rf.error(path + ("at",), f"{b.names[s]} is filled twice")
                    self.start_cells[s] = self.code(who, k)
            for j, entry in enumerate(el.value.get("hand", [])):
                path = el.path + ("hand", j)
                seat = entry.get("seat")
                if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
                    raise self.rf.error(path + ("seat",), f"must be a seat 0..{self.players - 1}")
                (k,) = self._kinds(entry.get("piece"), path + ("piece",)) or (0,)
                count = entry.get("count")
                if isinstance(count, bool) or not isinstance(count, int) or not 0 < count <= 1000:
                    raise self.rf.error(path + ("count",), "must be a number of pieces, 1 to 1000")
                self.start_hands[seat][k] += count
        self.has_hands = any(any(h) for h in self.start_hands)

    def _mirror(self, s: int, how: str) -> int:
        b = self.board
        x, y = b.xy[s]
        xs, ys = [p[0] for p in b.xy], [p[1] for p in b.xy]
        mx = min(xs) + max(xs) - x if how == "rotate" else x
        my = min(ys) + max(ys) - y
        for i, p in enumerate(b.xy):
            if abs(p[0] - mx) < 1e-6 and abs(p[1] - my) < 1e-6:
                return i
        raise RulesFileError(f"{self.rf.path}: setup: {b.names[s]} has no mirror site")

    def _dirs(self, value: Any, path: tuple) -> tuple[tuple[int, ...], ...]:
        """Directions per seat (``forward`` is up the board for the first seat, down for the
        second)."""
        words = value if isinstance(value, list) else [value or "all"]
        per_seat: list[set[int]] = [set() for _ in range(self.players)]
        forward = self._facing()
        for w in words:
            if w in NAMED_DIRS:
                for s in per_seat:
                    s.update(NAMED_DIRS[w])
            elif w in boards.DIRECTIONS:
                for s in per_seat:
                    s.add(boards.DIRECTIONS.index(w))
            elif w in ("forward", "forward-diagonal", "backward", "sideways", "backward-diagonal"):
                for seat, s in enumerate(per_seat):
                    f = forward[seat]
                    s.update({"forward": (f,), "forward-diagonal": ((f + 1) % 8, (f - 1) % 8),
                              "backward": ((f + 4) % 8,), "sideways": ((f + 2) % 8, (f + 6) % 8),
                              "backward-diagonal": ((f + 3) % 8, (f + 5) % 8)}[w])
            else:
                raise self.rf.error(path, f"{w!r} is not a direction (all, orthogonal, diagonal, forward, "
                                          "forward-diagonal, backward, sideways, or a compass point e, ne, n...)")
        return tuple(tuple(sorted(s)) for s in per_seat)

    def _compile_moves(self) -> None:
        self.move_rules: list[MoveRule] = []
        self.hook_rule: MoveRule | None = None  # move.kind = "hook" (one a game)
        self.hook_owns = False  # the hook's owns_moves: it makes every move, from the file's rules (hooks_chat2.py)
        self.hand_tally = False  # set by a hook whose hands only count (hooks_chat2.py): the phase stays "play"
        b = self.board
        # Every hook the file names, whatever the options: a rules file's hooks (its simulations'
        # fingerprint, games/engine/simulate.py) must not depend on which options were compiled
        # first in the process (Alquerque after Covarrubias's hook plays only under ludii_chain).
        for el in self.rf.elements:
            if el.name == "move" and isinstance(el.value, dict) and el.value.get("kind") == "hook":
                if isinstance(el.value.get("hook"), str) and el.value["hook"] not in self.rf.hooks:
                    self.rf.hooks.append(el.value["hook"])
        known = {"kind", "pieces", "dirs", "to", "not_capture", "max", "offsets", "over", "capture", "continue",
                 "avoid", "avoid_stop", "while", "at_most", "region", "flying", "taken", "at_turn", "next_to_empty", "tracks", "no_revisit", "new_direction", "per_turn", "after", "then_move",
                 "beside", "touching", "first_turn", "beside_last", "fill_first", "first_in", "not_in_row", "drop", "run", "refill", "next_to", "touching_min", "take", "first_blank", "chain", "hook"} | chesslike.FIELDS
        for el in self._named("move"):
            spec = el.value
            if not isinstance(spec, dict):
                raise self.rf.error(el.path, "must be a table { kind = ..., ... }")
            for k in spec:
                if k not in known:
                    raise self.rf.error(el.path + (k,), f"unknown field (known: {', '.join(sorted(known))})")
            kind = spec.get("kind")
            if kind not in MOVE_KINDS:
                raise self.rf.error(el.path + ("kind",), f"must be one of {', '.join(MOVE_KINDS)}, got {brief(kind)}")
            rule = MoveRule(kind=kind, clause=el.clause, pieces=self._kinds(spec.get("pieces"), el.path + ("pieces",)),
                            dirs=self._dirs(spec.get("dirs", "all"), el.path + ("dirs",)))
            rule.to = spec.get("to", "empty")
            if rule.to == "any" and kind == "step" and "chess" not in spec:
                pass  # step to = "any": onto an empty site or any piece, one's own too, which is taken
            elif rule.to not in ("empty", "enemy", "empty-or-enemy"):
                raise self.rf.error(el.path + ("to",), "must be empty, enemy or empty-or-enemy (a step: or any)")
            rule.not_capture = self._kinds(spec.get("not_capture"), el.path + ("not_capture",), default_all=False)
            rule.beside = spec.get("beside", "")
            if rule.beside not in ("", "enemy"):
                raise self.rf.error(el.path + ("beside",), "must be enemy (only a piece next to an enemy moves so)")
            rule.max = spec.get("max", 0)
            if isinstance(rule.max, bool) or not isinstance(rule.max, int) or rule.max < 0:
                raise self.rf.error(el.path + ("max",), "must be a whole number (0: no limit)")
            rule.over = spec.get("over", "enemy")
            if rule.over not in ("enemy", "any", "friend"):
                raise self.rf.error(el.path + ("over",), "must be enemy, any or friend")
            rule.capture = bool(spec.get("capture", kind in ("hop", "approach")))
            rule.no_revisit = bool(spec.get("no_revisit", False))
            rule.new_direction = bool(spec.get("new_direction", False))
            rule.cont = spec.get("continue", "no")
            if rule.cont not in ("must", "may", "no", "straight"):
                raise self.rf.error(el.path + ("continue",), "must be must, may, straight or no")
            rule.at_turn = spec.get("at_turn", -1)
            rule.next_to_empty = bool(spec.get("next_to_empty", False))
            for name in ("avoid", "avoid_stop"):
                sites: set[int] = set()
                for region in spec.get(name, []):
                    sites |= self._region(region, el.path + (name,))
                setattr(rule, name, frozenset(sites))
            rule.when = spec.get("while", "")
            if rule.when not in ("", "hand", "no-hand", "any", "all-placed"):
                raise self.rf.error(el.path + ("while",), "must be hand, no-hand, any or all-placed")
            if kind == "place" and not rule.when:
                rule.when = "hand"
            if kind != "place" and not rule.when and self.has_hands:
                rule.when = "no-hand"
            rule.at_most = spec.get("at_most", 0)
            rule.flying = bool(spec.get("flying", False))
            rule.flying_near = spec.get("flying") == "near"  # lands only on the site just beyond
            rule.chain = spec.get("chain", "")
            if rule.chain not in ("", "line-or-edge") or (rule.chain and kind != "hop"):
                raise self.rf.error(el.path + ("chain",), "must be line-or-edge (a hop's chain)")
            rule.run = spec.get("run", 1)
            if "run" in spec and (kind != "hop" or isinstance(rule.run, bool) or not isinstance(rule.run, int)
                                  or not 1 <= rule.run <= 8 or rule.flying or spec.get("taken", "now") != "now"):
                raise self.rf.error(el.path + ("run",), "a hop's run is 1 to 8 pieces (not with flying or taken)")
            rule.at_end = spec.get("taken", "now") == "turn-end"
            if spec.get("taken", "now") not in ("now", "turn-end"):
                raise self.rf.error(el.path + ("taken",), "must be now or turn-end")
            if kind == "place":
                rule.per_turn = spec.get("per_turn", 1)
                if isinstance(rule.per_turn, bool) or not isinstance(rule.per_turn, int) or not 1 <= rule.per_turn <= 8:
                    raise self.rf.error(el.path + ("per_turn",), "must be 1 to 8 pieces a turn")
                rule.after = self._kinds(spec.get("after"), el.path + ("after",), default_all=False)
                rule.then_move = bool(spec.get("then_move", False))
                rule.next_to = self._kinds(spec.get("next_to"), el.path + ("next_to",), default_all=False)
                rule.touching_min = spec.get("touching_min", 0)
                if isinstance(rule.touching_min, bool) or not isinstance(rule.touching_min, int) or not 0 <= rule.touching_min <= 8:
                    raise self.rf.error(el.path + ("touching_min",), "must be a number of occupied neighbours, 0 to 8")
                rule.refill = spec.get("refill", 0)
                if isinstance(rule.refill, bool) or not isinstance(rule.refill, int) or not 0 <= rule.refill <= 64:
                    raise self.rf.error(el.path + ("refill",), "must be a number of pieces on the board (0: not a refill)")
                rule.first_turn = spec.get("first_turn", 0)
                if isinstance(rule.first_turn, bool) or not isinstance(rule.first_turn, int) or not 0 <= rule.first_turn <= rule.per_turn:
                    raise self.rf.error(el.path + ("first_turn",), "must be 1 to per_turn pieces (the game's first turn)")
                rule.beside_last = bool(spec.get("beside_last", False))
                if "first_in" in spec:
                    rule.first_in = self._region(spec["first_in"], el.path + ("first_in",))
                rule.drop = bool(spec.get("drop", False))
                rule.touching = spec.get("touching", -1)
                if isinstance(rule.touching, bool) or not isinstance(rule.touching, int) or not -1 <= rule.touching <= 8:
                    raise self.rf.error(el.path + ("touching",), "must be a number of occupied neighbours, 0 to 8")
            if kind == "hook":
                from games.engine.rules.hooks import HOOKS
                if spec.get("hook") not in HOOKS:
                    raise self.rf.error(el.path + ("hook",), f"must name a hook of hooks.py, got {brief(spec.get('hook'))}")
                rule.hook = HOOKS[spec["hook"]]
                if spec["hook"] not in self.rf.hooks:
                    self.rf.hooks.append(spec["hook"])
                self.hook_rule = rule
                self.hook_owns = bool(getattr(rule.hook, "owns_moves", False))
                if getattr(rule.hook, "compile", None) is not None:
                    rule.hook.compile(self)  # the hook's own tables and flags (hooks_chess6.py)
            if kind == "push":
                rule.take = spec.get("take", "own")
                rule.first_blank = bool(spec.get("first_blank", False))
                if rule.take not in ("own", "any") or b.shape != "grid":
                    raise self.rf.error(el.path + ("take",), "push: take must be own or any, on a grid")
            if isinstance(spec.get("region"), list) and kind == "place":
                # place region: a list of one per seat, the sites that seat places on (EinStein)
                if len(spec["region"]) != self.players:
                    raise self.rf.error(el.path + ("region",), f"must be sites, or a list of {self.players} (one per seat)")
                rule.seat_regions = tuple(frozenset(self._sites(r, el.path + ("region",))) for r in spec["region"])
                rule.region = frozenset().union(*rule.seat_regions)
            elif "region" in spec:
                rule.region = frozenset(self._sites(spec["region"], el.path + ("region",)))
            if "not_in_row" in spec:
                nr = spec["not_in_row"]
                if not isinstance(nr, dict) or isinstance(nr.get("length"), bool) or not isinstance(nr.get("length"), int):
                    raise self.rf.error(el.path + ("not_in_row",), "must be { length = N, dirs = ... }")
                rule.not_in_row = self._lines_at(nr["length"], nr.get("dirs"), el.path + ("not_in_row", "dirs"))
            if "fill_first" in spec:
                rule.fill_first = frozenset(self._sites(spec["fill_first"], el.path + ("fill_first",)))
            if kind == "circuit":
                tracks = spec.get("tracks")
                if not (isinstance(tracks, list) and tracks and all(isinstance(t, list) and len(t) >= 4 for t in tracks)):
                    raise self.rf.error(el.path + ("tracks",), "must list circuits, each the sites in their order")
                for j, tr in enumerate(tracks):
                    sites = self._sites(tr, el.path + ("tracks", j))
                    # A passage between two sites that are not neighbours along a row or a
                    # column is one of the loops.
                    loops = [abs(b.xy[s][0] - b.xy[t][0]) + abs(b.xy[s][1] - b.xy[t][1]) != 1
                             for s, t in zip(sites, sites[1:] + sites[:1])]
                    rule.tracks.append((sites, loops))
            if kind == "leap":
                offsets = spec.get("offsets")
                if not (isinstance(offsets, list) and offsets and all(isinstance(o, list) and len(o) == 2 for o in offsets)):
                    raise self.rf.error(el.path + ("offsets",), "must list [dx, dy] pairs")
                vecs = set()
                for dx, dy in offsets:
                    for sx in (1, -1):
                        for sy in (1, -1):
                            vecs.add((sx * dx, sy * dy))
                            vecs.add((sy * dy, sx * dx))
                at = {(round(x), round(y)): i for i, (x, y) in enumerate(b.xy)}
                w = b.wrap  # a board closing round on itself (circle): the files wrap
                rule.offsets = [[at[((round(x) + dx) % w if w else round(x) + dx, round(y) + dy)] for dx, dy in sorted(vecs)
                                 if ((round(x) + dx) % w if w else round(x) + dx, round(y) + dy) in at] for (x, y) in b.xy]
                if rule.avoid:  # avoid: the leap neither starts nor lands there
                    rule.offsets = [[] if a in rule.avoid else [t for t in ts if t not in rule.avoid]
                                    for a, ts in enumerate(rule.offsets)]
                rule.rev_offsets = rule.offsets  # the offsets are symmetric
            chesslike.compile_rule(self, rule, spec, el)
            self.move_rules.append(rule)
        if not self.move_rules:
            raise self.rf.error(("clause",), "no clause states a move (a `move = {...}` element)")

    def _compile_captures(self) -> None:
        self.custodial: list[dict[str, Any]] = []
        self.surround: list[dict[str, Any]] = []
        self.shieldwall: list[dict[str, Any]] = []
        self.intervene: list[dict[str, Any]] = []
        self.enclose: list[dict[str, Any]] = []  # capture enclose: groups left without an empty site
        self.line: dict[str, Any] | None = None
        self.huff = ""  # capture huff: "may" | "must", the opponent's forfeit of a capture not made
        for el in self._named("capture"):
            spec = el.value
            kind = spec.get("kind") if isinstance(spec, dict) else None
            if kind == "meet":  # chesslike.py: two pawns met head-on both leave the board
                self.meet = self._kinds(spec.get("pieces"), el.path + ("pieces",))
                continue
            if kind == "huff":
                # A turn that could have taken and did not: the opponent, first thing in his
                # next turn, may (must = true: must) remove one of the pieces that could have.
                for k in spec:
                    if k not in ("kind", "must"):
                        raise self.rf.error(el.path + (k,), "unknown field of a huff (known: kind, must)")
                must = spec.get("must", False)
                if not isinstance(must, bool):
                    raise self.rf.error(el.path + ("must",), f"must be true or false, got {brief(must)}")
                self.huff = "must" if must or self.huff == "must" else "may"
                continue
            if kind not in ("custodial", "surround", "line", "shieldwall", "intervene", "enclose"):
                raise self.rf.error(el.path + ("kind",),
                                    "must be custodial, surround, line, shieldwall, intervene, enclose, meet or huff")
            hostile: set[int] = set()
            for region in spec.get("hostile", []):
                hostile |= self._region(region, el.path + ("hostile",))
            always: set[int] = set()
            for region in spec.get("hostile_always", []):
                always |= self._region(region, el.path + ("hostile_always",))
            entry = {
                "clause": el.clause,
                "dirs": self._dirs(spec.get("dirs", "orthogonal"), el.path + ("dirs",))[0],
                "pieces": self._kinds(spec.get("pieces"), el.path + ("pieces",)),
                "by": self._kinds(spec.get("by"), el.path + ("by",)),
                "hostile": frozenset(hostile),
                "always": frozenset(always),
                "edge": bool(spec.get("edge", False)),  # surround: the board's edge closes a side
                "placing": bool(spec.get("placing", True)),  # false: a piece placed takes nothing
                "where": self._capture_where(spec, el.path),  # the sites a piece is taken on
                "max": self._capture_max(spec, el.path),  # custodial: the longest row taken (0: any)
            }
            if kind == "custodial":
                self.custodial.append(entry)
            elif kind == "surround":
                self.surround.append(entry)
            elif kind == "shieldwall":
                self.shieldwall.append(entry)
            elif kind == "intervene":
                self.intervene.append(entry)
            elif kind == "enclose":
                self.enclose.append(entry)
            else:
                length = spec.get("length", 3)
                if isinstance(length, bool) or not isinstance(length, int) or not 2 <= length <= 8:
                    raise self.rf.error(el.path + ("length",), "must be 2 to 8")
                entry.update(length=length, protect=bool(spec.get("protect", False)),
                             exact=bool(spec.get("exact", False)), leaving=bool(spec.get("leaving", False)))
                entry["lines"] = self._axis_lines(length, spec.get("dirs"), el.path + ("dirs",))
                self.line = entry
        # Every line through each site, for the line capture.
        if self.line:
            self.lines_at: list[list[tuple[int, ...]]] = [[] for _ in range(self.board.size)]
            for ln in self.line["lines"]:
                for s in ln:
                    self.lines_at[s].append(ln)

    def _lines_at(self, n: int, dirs: Any, path: tuple) -> list[list[tuple[int, ...]]]:
        """Per site, the runs of ``n`` sites along ``dirs`` through it."""
        at: list[list[tuple[int, ...]]] = [[] for _ in range(self.board.size)]
        for ln in self._axis_lines(n, dirs, path):
            for site in ln:
                at[site].append(ln)
        return at

    def _axis_lines(self, n: int, dirs: Any, path: tuple) -> list[tuple[int, ...]]:
        """The runs of ``n`` sites (``_lines``), only along ``dirs`` where given."""
        lines = self._lines(n)
        if dirs is None:
            return lines
        allowed = set(self._dirs(dirs, path)[0])
        step = self.board.step
        return [ln for ln in lines if any(step[d][ln[0]] == ln[1] for d in allowed)]

    def _line_colours(self, spec: dict, path: tuple) -> list[frozenset[int]] | None:
        """end line.colours: per seat, the seats whose pieces make its rows (each of them in the row)."""
        value = spec.get("colours")
        if value is None:
            return None
        if not (isinstance(value, list) and len(value) == self.players and all(
                isinstance(v, list) and v and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < self.players
                                                  for x in v) for v in value)):
            raise self.rf.error(path + ("colours",), f"must list, for each of the {self.players} seats, the seats whose pieces make its rows")
        return [frozenset(v) for v in value]

    def _line_not_start(self, spec: dict, path: tuple) -> Any:
        """A line end's ``not_start``: false; true (a row wholly on the owner's starting sites
        does not count); or ``"any"`` (a row with any site among them does not count)."""
        value = spec.get("not_start", False)
        if value == "any":
            return "any"
        if not isinstance(value, bool):
            raise self.rf.error(path + ("not_start",), 'must be true, false or "any"')
        return value

    def _capture_max(self, spec: dict, path: tuple) -> int:
        value = spec.get("max", 1)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.rf.error(path + ("max",), "must be the most pieces in a row taken (0: any number)")
        return value

    def _capture_where(self, spec: dict, path: tuple) -> frozenset[int]:
        """A capture's ``at`` and ``not_at`` regions: the sites where the piece to be taken
        must, or must not, stand (every site by default)."""
        at: set[int] = set()
        for region in spec.get("at", []):
            at |= self._region(region, path + ("at",))
        out = set(at) if "at" in spec else set(range(self.board.size))
        for region in spec.get("not_at", []):
            out -= self._region(region, path + ("not_at",))
        return frozenset(out)

    def _compile_nested(self, n: Any, path: tuple) -> None:
        """constraint.nested = N: the grid is N x N local boards of N x N squares (Ultimate
        Tic-Tac-Toe). Per site its local board and its place within it; the local boards' rows of
        N, and the rows of N local boards."""
        self.nested = 0
        if not n:
            return
        b = self.board
        if isinstance(n, bool) or not isinstance(n, int) or n < 2 or b.kind != "square" or b.files != n * n or b.ranks != n * n:
            raise self.rf.error(path, f"must be N with a grid of N*N by N*N squares (got {brief(n)})")
        self.nested = n
        xy = [(round(x), round(y)) for x, y in b.xy]
        self.local_of = [(y // n) * n + x // n for x, y in xy]
        self.place_in = [(y % n) * n + x % n for x, y in xy]
        self.local_sites = [[s for s in range(b.size) if self.local_of[s] == k] for k in range(n * n)]
        self.local_lines = [[ln for ln in self._lines(n) if all(self.local_of[t] == k for t in ln)] for k in range(n * n)]
        cell = {(x, y): k for k, (x, y) in enumerate((k % n, k // n) for k in range(n * n))}
        rows = []
        for (x, y), k in cell.items():
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                run = [cell.get((x + i * dx, y + i * dy)) for i in range(n)]
                if None not in run:
                    rows.append(tuple(run))
        self.global_lines = rows

    def _lines(self, n: int) -> list[tuple[int, ...]]:
        """Every run of ``n`` sites joined in one direction (a mill, a row of n)."""
        b = self.board
        out = set()
        for i in range(b.size):
            for d in (0, 1, 2, 3):  # each line once, read east, north-east, north, north-west
                run = [i]
                while len(run) < n and (j := b.step[d][run[-1]]) >= 0:
                    run.append(j)
                if len(run) == n:
                    out.add(tuple(run))
        return sorted(out)

    def _compile_rest(self) -> None:
        el = self._one("constraint", required=False)
        spec = el.value if el else {}
        # compulsory = "hops": a hop taking nothing must be made when one is open (Salta's jumps).
        self.compulsory_hops = spec.get("compulsory") == "hops"
        self.compulsory = bool(spec.get("compulsory", False)) and not self.compulsory_hops
        self.no_repeat = bool(spec.get("no_repeat", False))
        self._compile_nested(spec.get("nested", 0), (el.path if el else ()) + ("nested",))
        self.leave_move = bool(spec.get("leave_move", False))  # a move must leave the opponent one
        # leave_move = N (a number): only on the game's first N turns (0: every turn).
        lm = spec.get("leave_move", False)
        if not isinstance(lm, bool) and (not isinstance(lm, int) or lm < 1):
            raise self.rf.error(el.path + ("leave_move",), "must be true or a number of turns from the start")
        self.leave_move_turns = 0 if isinstance(lm, bool) else lm
        # no_stalemate = true: no move may leave the opponent, not in check, without a move
        # that keeps its royal piece safe (stalemating is not allowed).
        self.no_stalemate = bool(spec.get("no_stalemate", False))
        # no_line = { length, dirs, placing }: no move (only placing ones, with placing = true)
        # may make a row of length or more of the mover's own pieces along dirs.
        # A list of such tables bars each.
        self.no_line: list[dict[str, Any]] = []
        nls = spec.get("no_line", [])
        for nl in nls if isinstance(nls, list) else [nls]:
            if not isinstance(nl, dict) or not isinstance(nl.get("length"), int) or isinstance(nl.get("length"), bool) \
                    or not 2 <= nl["length"] <= 19:
                raise self.rf.error(el.path + ("no_line",), "must be { length = 2 to 19, dirs = ..., placing = true|false }")
            self.no_line.append({"lines_at": self._lines_at(nl["length"], nl.get("dirs"), el.path + ("no_line", "dirs")),
                                 "placing": bool(nl.get("placing", False))})
        # closed_when_empty = [REGIONS]: a region left wholly empty is out of play, no move
        # coming to it (Tuknanavuhpi's back lines, once vacated).
        cwe = spec.get("closed_when_empty", [])
        if not isinstance(cwe, list):
            raise self.rf.error(el.path + ("closed_when_empty",), "must list regions")
        self.closed_when_empty = [self._region(r, el.path + ("closed_when_empty",)) for r in cwe]
        # keep_in = REGION or [REGION per seat]: a piece of the seat standing there never
        # leaves it, each move (each hop of a chain) ending inside (Halma's camp).
        keep = spec.get("keep_in")
        self.keep_in: list[frozenset[int]] | None = None
        if keep is not None:
            names = keep if isinstance(keep, list) else [keep] * self.players
            if len(names) != self.players or not all(isinstance(r, str) for r in names):
                raise self.rf.error(el.path + ("keep_in",), f"must be a region, or a list of {self.players} (one per seat)")
            self.keep_in = [self._region(r, el.path + ("keep_in",)) for r in names]
        # barred = [REGION per seat]: no piece of the seat ever comes to its region (Jungle's
        # own den).
        barred = spec.get("barred")
        self.barred: list[frozenset[int]] | None = None
        if barred is not None:
            if not (isinstance(barred, list) and len(barred) == self.players and all(isinstance(r, str) for r in barred)):
                raise self.rf.error(el.path + ("barred",), f"must list {self.players} regions (one per seat)")
            self.barred = [self._region(r, el.path + ("barred",)) for r in barred]
        # stuck_in = REGION: a piece standing there as its turn begins does not move
        # (Conspirateurs' sanctuaries; a chain of hops passing through goes on).
        self.stuck_in = self._region(spec["stuck_in"], el.path + ("stuck_in",)) if "stuck_in" in spec else None
        # liberties = true: after a move every group (pieces of one side joined along rows and
        # columns) still touches an empty site along a row or column (NoGo).
        lib = spec.get("liberties", False)
        self.liberties = bool(lib)
        self.liberty_dirs = boards.ORTHOGONAL if isinstance(lib, bool) else self._dirs(lib, el.path + ("liberties",))[0]
        maximum = spec.get("maximum", False)
        self.maximum = bool(maximum)
        # The kinds whose captures must take most (None: every kind's, one measure for all).
        self.maximum_kinds = (None if isinstance(maximum, bool)
                              else self._kinds(maximum, el.path + ("maximum",)))
        el = self._one("promote", required=False)
        self.promote: dict[str, Any] | None = None
        if el:
            spec = el.value
            to = spec.get("to")
            to_kinds = sorted(self._kinds(to, el.path + ("to",)))
            zone = spec.get("zone", "far-rank")
            self.promote = {"pieces": self._kinds(spec.get("pieces"), el.path + ("pieces",)), "to": to_kinds,
                            "zones": [self._zone(zone[seat] if isinstance(zone, list) and len(zone) == self.players
                                                 else zone, seat, el.path + ("zone",)) for seat in range(self.players)],
                            "ends_turn": bool(spec.get("ends_turn", False)),
                            "if_lost": bool(spec.get("if_lost", False)),
                            "lost": self._kinds(spec.get("lost"), el.path + ("lost",), default_all=False),
                            "at_end": bool(spec.get("at_end", False)),
                            # again = [KINDS]: a piece promoted to one of these may move again
                            # at once, by its new moves, or pass (Parsi chess's horse).
                            "again": self._kinds(spec.get("again"), el.path + ("again",), default_all=False)}
            if "each" in spec:  # promotion by kind (chesslike.py: shogi)
                self.promote.update(chesslike.compile_promote(self, spec, el))
            # by_file = [KIND per file, from the left] (or a list of such lists, one per seat):
            # the piece becomes the kind of the file it lands on (the piece that began the game
            # there), no choice.
            self.promote["by_file"] = None
            if "by_file" in spec:
                by_file = spec["by_file"]
                xs = sorted({round(x) for x, _ in self.board.xy})
                lists = by_file if isinstance(by_file, list) and by_file and isinstance(by_file[0], list) else [by_file]
                if len(lists) not in (1, self.players) or not all(isinstance(ks, list) and len(ks) == len(xs) for ks in lists):
                    raise self.rf.error(el.path + ("by_file",), f"must list a kind for each of the {len(xs)} files "
                                                                f"(or one such list per seat)")
                per_seat, to_kinds = [], set()
                for ks in lists:
                    kinds = [min(self._kinds([k], el.path + ("by_file",))) for k in ks]
                    per_file = dict(zip(xs, kinds))
                    per_seat.append([per_file[round(x)] for x, _ in self.board.xy])
                    to_kinds |= set(kinds)
                self.promote["by_file"] = per_seat * (self.players if len(per_seat) == 1 else 1)
                self.promote["to"] = sorted(to_kinds)
        el = self._one("turn", required=False)
        spec = el.value if el else {}
        self.first = spec.get("first", 0)
        if isinstance(self.first, bool) or not isinstance(self.first, int) or not 0 <= self.first < self.players:
            raise self.rf.error((el.path if el else ()) + ("first",), f"must be a seat 0..{self.players - 1}")
        self.capture_again = bool(spec.get("capture_again", False))
        self.swap = bool(spec.get("swap", False))
        self.die_to = False  # turn.die_to: the die names where the piece goes (chesslike.py)
        self.die_next = False  # turn.die_next: a lost kind's face moves the nearest (chesslike.py)
        self.die = chesslike.compile_die(self, spec, el) if el else None  # turn.die
        self.again_capturing = spec.get("capture_again") == "capturing"
        self.per_turn: dict[int, int] = {}  # kind -> pieces placed a turn (place per_turn > 1)
        self.then_move = any(r.kind == "place" and r.then_move for r in self.move_rules)
        self.all_placed = any(r.when == "all-placed" for r in self.move_rules)
        self.hop_runs = any(r.run > 1 for r in self.move_rules)
        self.refill = max((r.refill for r in self.move_rules if r.kind == "place"), default=0)
        pushes = [r for r in self.move_rules if r.kind == "push"]
        self.push_kind = min(pushes[0].pieces) if pushes else -1
        # hop chain = "line-or-edge": the kinds whose capturing chains keep to their line
        self.chain_line_kinds = frozenset().union(*(r.pieces for r in self.move_rules if r.chain))
        self.per_turn_kinds: dict[int, frozenset[int]] = {}
        self.per_turn_shift: dict[int, int] = {}  # kind -> the first seat's count shift (first_turn)
        for r in self.move_rules:
            if r.kind == "place" and r.per_turn > 1:
                for k in r.pieces:
                    self.per_turn[k], self.per_turn_kinds[k] = r.per_turn, r.pieces
                    if r.first_turn:
                        self.per_turn_shift[k] = r.per_turn - r.first_turn
        self.ends: list[dict[str, Any]] = []
        self.check_royal: int = -1
        self.mate_draw_while: frozenset[int] = frozenset()
        self.stalemate = "loss"
        self.no_moves = "loss"
        self.no_moves_of: dict[int, str] = {}  # per seat, where an end names seats
        self.no_moves_where: dict[int, list] = {}  # per seat: (region, result), where a piece stands
        self.limit: dict[str, Any] | None = None
        for el in self._named("end"):
            spec = el.value
            kind = spec.get("kind") if isinstance(spec, dict) else None
            path = el.path
            if kind == "no-moves":
                result = self._result(spec, path, ("loss", "win", "draw", "pass", "more-pieces", "most-filled"))
                seats = spec.get("seats")
                if "where" in spec:
                    # Only while one of the seat's pieces stands in the region; else the other
                    # no-moves ends say.
                    region = self._region(spec["where"], path + ("where",))
                    for s in (seats if isinstance(seats, list) else range(self.players)):
                        self.no_moves_where.setdefault(s, []).append((region, result))
                elif seats is None:
                    self.no_moves = result
                elif not (isinstance(seats, list) and seats and all(
                        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < self.players for s in seats)):
                    raise self.rf.error(path + ("seats",), f"must list seats 0..{self.players - 1}")
                else:
                    self.no_moves_of.update({s: result for s in seats})
            elif kind == "pieces":
                at_most = spec.get("at_most", 0)
                if isinstance(at_most, bool) or not isinstance(at_most, int) or at_most < 0:
                    raise self.rf.error(path + ("at_most",), "must be a whole number of pieces, 0 or more")
                seats = spec.get("seats", list(range(self.players)))
                if not (isinstance(seats, list) and seats and all(
                        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < self.players for s in seats)):
                    raise self.rf.error(path + ("seats",), f"must list seats 0..{self.players - 1}")
                self.ends.append({"kind": kind, "at_most": at_most, "seats": seats, "clause": el.clause})
            elif kind == "line":
                length = spec.get("length", 3)
                if isinstance(length, bool) or not isinstance(length, int) or not 2 <= length <= 19:
                    raise self.rf.error(path + ("length",), "must be 2 to 19")
                lines = self._axis_lines(length, spec.get("dirs"), path + ("dirs",))
                at: list[list[tuple[int, ...]]] = [[] for _ in range(self.board.size)]
                for ln in lines:
                    for s in ln:
                        at[s].append(ln)
                line_result = spec.get("result", "win")
                if line_result not in ("win", "loss"):
                    raise self.rf.error(path + ("result",), "must be win or loss (for the player making the line)")
                # exact: the sites just beyond either end of the line, which must not be the owner's.
                flanks: dict[tuple[int, ...], tuple[int, ...]] = {}
                if spec.get("exact"):
                    step = self.board.step
                    for ln in lines:
                        d = next(d for d in range(8) if step[d][ln[0]] == ln[1])
                        flanks[ln] = tuple(f for f in (step[(d + 4) % 8][ln[0]], step[d][ln[-1]]) if f >= 0)
                self.ends.append({"kind": kind, "length": length, "lines_at": at, "clause": el.clause,
                                  "result": line_result, "flanks": flanks if spec.get("exact") else None,
                                  "not_start": self._line_not_start(spec, path),
                                  "with": self._kinds(spec.get("with"), path + ("with",), default_all=False),
                                  "either": bool(spec.get("either", False)),
                                  "colours": self._line_colours(spec, path)})
            elif kind == "fill":
                seat = spec.get("seat", 0)
                if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
                    raise self.rf.error(path + ("seat",), f"must be a seat 0..{self.players - 1}")
                # every_piece = true: the seat wins when every piece it has stands in the region,
                # none left to place, the region not necessarily full (Conspirateurs).
                self.ends.append({"kind": kind, "seat": seat, "region": self._region(spec.get("region", ""), path + ("region",)),
                                  "clause": el.clause, "every_piece": bool(spec.get("every_piece", False)),
                                  # whoever = true: pieces of any seat fill it (Press Ups' pegs pressed)
                                  "whoever": bool(spec.get("whoever", False))})
            elif kind == "formation":
                # at = { KIND = SITE }: the first seat wins when each of its pieces of those kinds
                # stands on its site; mirror = "rotate" | "flip": the other seat's sites, turned
                # or reflected (Salta's pieces, each to its own square seven rows on).
                at, mirror = spec.get("at"), spec.get("mirror", "rotate")
                if not isinstance(at, dict) or not at:
                    raise self.rf.error(path + ("at",), "must map piece kinds to sites: { man1 = \"b8\" }")
                if mirror not in ("rotate", "flip") or self.players != 2:
                    raise self.rf.error(path + ("mirror",), "must be \"rotate\" or \"flip\" (two seats)")
                goals = []
                for name, site in at.items():
                    (k,) = self._kinds([name], path + ("at", name))
                    sites = self._sites(site, path + ("at", name))
                    if len(sites) != 1:  # one goal square a piece kind
                        raise self.rf.error(path + ("at", name), f"must name one site, got {len(sites)}")
                    goals.append((k, sites[0]))
                per_seat = [[(t, self.code(0, k)) for k, t in goals],
                            [(self._mirror(t, mirror), self.code(1, k)) for k, t in goals]]
                self.ends.append({"kind": kind, "at": per_seat, "clause": el.clause})
            elif kind == "reach":
                (k,) = self._kinds(spec.get("piece"), path + ("piece",))
                # region: one for every seat, or a list of one per seat (the region that seat's
                # piece must reach); result: win (for the piece's owner) or draw.
                region = spec.get("region", "")
                if isinstance(region, list) and len(region) != self.players:
                    raise self.rf.error(path + ("region",), f"must be a region, or a list of {self.players} (one per seat)")
                regions = [self._region(r, path + ("region",)) for r in (region if isinstance(region, list) else [region])]
                reach_result = spec.get("result", "win")
                if reach_result not in ("win", "draw"):
                    raise self.rf.error(path + ("result",), "must be win or draw")
                self.ends.append({"kind": kind, "piece": k, "region": frozenset().union(*regions),
                                  "per_seat": regions if isinstance(region, list) else None,
                                  "result": reach_result, "clause": el.clause})
            elif kind == "captured":
                (k,) = self._kinds(spec.get("piece"), path + ("piece",))
                # Only the seats that start with that piece can lose it.
                seats = [s for s in range(self.players)
                         if self.code(s, k) in self.start_cells or self.start_hands[s][k]]
                self.ends.append({"kind": kind, "piece": k, "seats": seats, "clause": el.clause})
            elif kind == "checkmate":
                royal = spec.get("royal")
                if isinstance(royal, list) and len(royal) > 1:
                    # Several royal kinds (Maharajah Chess: each side's own): none may be left attacked.
                    kinds = [self.kind_index.get(r, -1) for r in royal]
                    if -1 in kinds:
                        raise self.rf.error(path + ("royal",), f"no piece kind among {royal!r}")
                    self.check_royal_more = kinds[1:]
                    royal = royal[:1]
                (k,) = self._kinds(royal, path + ("royal",))
                self.check_royal = k
                self.mate_draw_while = self._kinds(spec.get("draw_while"), path + ("draw_while",), default_all=False)
                self.stalemate = spec.get("stalemate", "draw")
                if self.stalemate not in ("loss", "win", "draw"):
                    raise self.rf.error(path + ("stalemate",), "must be loss, win or draw (for the player stalemated)")
            elif kind == "bare":
                (k,) = self._kinds(spec.get("royal"), path + ("royal",))
                within = spec.get("within", 0)
                if isinstance(within, bool) or not isinstance(within, int) or within < 0:
                    raise self.rf.error(path + ("within",), "must be a number of turns (0: the bare side loses at once)")
                # besides = [KINDS]: a side left with its royal piece and only these is bare too
                # (Hindustani chess's burd: the raja and pawns).
                besides = self._kinds(spec.get("besides"), path + ("besides",), default_all=False)
                self.ends.append({"kind": kind, "piece": k, "within": within, "clause": el.clause,
                                  "besides": besides | {k}})
            elif kind == "facing":
                self.ends.append(chesslike.compile_facing(self, spec, el))
            elif kind == "checks":
                self.ends.append(chesslike.compile_checks(self, spec, el))
            elif kind == "moves":
                self.limit = {"limit": spec.get("limit", 0), "quiet": spec.get("quiet", 0),
                              "result": spec.get("result", "draw"), "clause": el.clause,
                              "from_play": bool(spec.get("from_play", False)), "tie": spec.get("tie", "draw")}
                if self.limit["result"] not in ("draw", "more-pieces", "win", "score"):
                    raise self.rf.error(path + ("result",), "must be draw, more-pieces, win or score")
                if self.limit["result"] == "win":
                    # result = "win", winner = SEAT: that seat wins when the limit comes (a chase
                    # the hunted side wins by lasting out: Capture the Queen).
                    winner = spec.get("winner")
                    if isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < self.players:
                        raise self.rf.error(path + ("winner",), f"must be the seat 0..{self.players - 1} that wins at the limit")
                    self.limit["winner"] = winner
                tie = self.limit["tie"]
                if tie != "draw" and (isinstance(tie, bool) or not isinstance(tie, int) or not 0 <= tie < self.players):
                    raise self.rf.error(path + ("tie",), f"must be draw or the seat 0..{self.players - 1} that wins a tie")
            elif kind == "enclosed":
                seat = spec.get("seat")
                if spec.get("any") and seat is None:
                    seat = -1  # enclosed.any without a seat: the mover's opponents, judged after each move
                elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
                    raise self.rf.error(path + ("seat",), f"must be a seat 0..{self.players - 1}")
                # to: the region to reach (the board's edge by default); dirs: the ways a path
                # goes (rows and columns by default).
                to = self._region(spec["to"], path + ("to",)) if "to" in spec else None
                dirs = self._dirs(spec.get("dirs", "orthogonal"), path + ("dirs",))[0]
                self.ends.append({"kind": kind, "seat": seat, "clause": el.clause, "to": to, "dirs": tuple(dirs),
                                  "any": bool(spec.get("any", False))})
            elif kind == "fort":
                (k,) = self._kinds(spec.get("piece"), path + ("piece",))
                self.ends.append({"kind": kind, "piece": k, "clause": el.clause})
            elif kind == "smothered":
                self.ends.append({"kind": kind, "clause": el.clause})
            elif kind == "nested":
                if not self.nested:
                    raise self.rf.error(path + ("kind",), "nested: needs constraint.nested (the local boards)")
                self.ends.append({"kind": kind, "clause": el.clause})
            elif kind == "lone":
                (k,) = self._kinds(spec.get("piece"), path + ("piece",))
                self.ends.append({"kind": kind, "piece": k, "clause": el.clause})
            elif kind == "alone":
                result = self._result({"result": spec.get("result", "win")}, path, ("score", "win"))
                self.ends.append({"kind": kind, "result": result, "clause": el.clause})
            elif kind == "rows":
                count, length = spec.get("count", 3), spec.get("length", 3)
                if any(isinstance(v, bool) or not isinstance(v, int) or v < 1 for v in (count, length)):
                    raise self.rf.error(path, "rows: count and length must be whole numbers")
                self.rows_at = self._lines_at(length, spec.get("dirs"), path + ("dirs",))
                self.ends.append({"kind": kind, "count": count, "alone": bool(spec.get("alone", False)),
                                  "clause": el.clause})
            else:
                raise self.rf.error(path + ("kind",), "must be no-moves, pieces, line, reach, fill, formation, captured, checkmate, bare, moves, enclosed, fort, rows, smothered, facing, checks, lone, nested or alone")
        self.either_line = next((e for e in self.ends if e["kind"] == "line" and e["either"]), None)
        self.at_xy = {(round(x), round(y)): i for i, (x, y) in enumerate(self.board.xy)}
        self.capture_rules = [r for r in self.move_rules if (r.kind in ("hop", "approach") and r.capture)]
        self.approach = next((r for r in self.move_rules if r.kind == "approach"), None)
        # A chain's limits hold where any approach move (of any clause) states them.
        self.chain_no_revisit = any(r.kind == "approach" and r.no_revisit for r in self.move_rules)
        self.chain_new_direction = any(r.kind == "approach" and r.new_direction for r in self.move_rules)
        self.taken_at_end = any(r.at_end for r in self.capture_rules)
        self.straight_chain = any(r.cont == "straight" for r in self.capture_rules)
        # Hops that take nothing but may go on (capture = false, continue = "may"): Halma's
        # chains of jumps, in a game with no capturing hop (PiecesSim._plain_chain).
        self.plain_hops = [r for r in self.move_rules if r.kind == "hop" and not r.capture]
        self.plain_chain = [r for r in self.plain_hops if r.cont in ("may", "must")]
        # continue = "must": the chain goes on while it can (no stopping at will).
        self.plain_chain_must = any(r.cont == "must" for r in self.plain_chain)
        if self.plain_chain and self.capture_rules:
            raise self.rf.error(("clause",), "a chain of hops that take nothing (capture = false, continue = may) "
                                             "cannot yet share a game with capturing hops")
        if any(r.flying or r.run > 1 for r in self.plain_chain):
            raise self.rf.error(("clause",), "a chain of hops that take nothing goes with plain hops (not flying, run 1)")

    def _result(self, spec: dict, path: tuple, allowed: tuple = ("loss", "win", "draw")) -> str:
        result = spec.get("result", "loss")
        if result not in allowed:
            raise self.rf.error(path + ("result",), f"must be {', '.join(allowed[:-1])} or {allowed[-1]}")
        return result

    def _facing(self) -> dict[int, int]:
        """Each seat's forward direction: up the board for the first seat, down for the second
        (east, west for a third and fourth), or as ``turn.facing`` lists them (compass names)."""
        forward = {0: 2, 1: 6, 2: 0, 3: 4}
        el = self._one("turn", required=False)
        facing = el.value.get("facing") if el else None
        if facing is not None:
            if not (isinstance(facing, list) and len(facing) == self.players
                    and all(f in boards.DIRECTIONS for f in facing)):
                raise self.rf.error(el.path + ("facing",), f"must list {self.players} compass directions (n, s, e...)")
            forward = {seat: boards.DIRECTIONS.index(f) for seat, f in enumerate(facing)}
        return forward

    def _zone(self, zone: str, seat: int, path: tuple) -> frozenset[int]:
        b = self.board
        if zone == "far-rank":
            ys = [y for _, y in b.xy]
            target = max(ys) if seat % 2 == 0 else min(ys)
            el = self._one("turn", required=False)
            if el and el.value.get("facing") is not None:  # the far rank is the one faced
                target = min(ys) if self._facing()[seat] == 6 else max(ys)
            return frozenset(i for i, (_, y) in enumerate(b.xy) if y == target)
        return self._region(zone, path)

    def attack_table(self) -> tuple[dict[int, list[tuple]], list[MoveRule]]:
        """The move rules as ``PiecesSim.attacked`` reads them: per piece kind, its step and
        slide rules that take (the directions, as walked back from the piece attacked, per seat;
        whether one step only; the longest slide; the kinds not taken; the chess fields), and
        the other rules, tested one by one."""
        table = getattr(self, "_attack_table", None)
        if table is not None:
            return table
        rays: dict[int, list[tuple]] = {}
        others = []
        for rule in self.move_rules:
            if rule.chess is not None:
                ray = rule.kind in ("step", "slide") and not rule.chess.get("min")  # (min: chesslike.attacks)
                if ray and rule.to == "empty":
                    continue  # (chesslike.attacks: no attack)
            else:
                if rule.to == "empty" or rule.kind in ("place", "fly", "hop"):
                    continue
                ray = rule.kind != "leap" and not rule.avoid
            if not ray:
                others.append(rule)
                continue
            back = tuple(frozenset((d + 4) % 8 for d in dirs) for dirs in rule.dirs)
            entry = (back, rule.kind == "step", rule.max, rule.not_capture, rule.chess)
            for k in rule.pieces:
                rays.setdefault(k, []).append(entry)
        self._attack_table = (rays, others)
        return self._attack_table

    def fast_tables(self) -> _Fast:
        """What the move generator reads, worked out once (``_Fast``)."""
        fast = getattr(self, "_fast", None)
        if fast is None:
            fast = self._fast = _Fast(self)
        return fast

    def runs(self) -> list[list[tuple[int, tuple[int, ...]]]]:
        """Per site, each direction with the sites along it in order, up to the board's edge
        (or back to the site, or to a site met already, on a board whose lines close)."""
        runs = getattr(self, "_runs", None)
        if runs is None:
            step = self.board.step
            runs = []
            for site in range(self.board.size):
                per = []
                for e in range(8):
                    run: list[int] = []
                    t = step[e][site]
                    while t >= 0 and t != site and t not in run:
                        run.append(t)
                        t = step[e][t]
                    if run:
                        per.append((e, tuple(run)))
                runs.append(per)
            self._runs = runs
        return runs

    def check_reach(self) -> list[frozenset[int]]:
        """Per site, every square ``PiecesSim.attacked`` may read when it tests that site: the
        site, the whole runs from it in the eight directions, and the squares a leap to it
        starts from or passes. A move that changes none of them changes no attack on the site."""
        reach = getattr(self, "_check_reach", None)
        if reach is not None:
            return reach
        b = self.board
        reach = []
        for site in range(b.size):
            seen = {site}
            for d in range(8):
                run: set[int] = set()
                t = b.step[d][site]
                while t >= 0 and t not in run:  # (a run may come round onto itself: a ring)
                    run.add(t)
                    t = b.step[d][t]
                seen |= run
            for rule in self.move_rules:
                if rule.kind != "leap":
                    continue
                seen.update(rule.rev_offsets[site])
                rev = rule.chess["rev"] if rule.chess is not None else None
                if rev is not None:
                    for a, legs in rev[site]:
                        seen.add(a)
                        seen.update(legs)
            reach.append(frozenset(seen))
        # Where a piece may attack over another (chesslike.py's ``screen`` moves), a piece
        # coming onto a square can open an attack as well as close one.
        self.screens = any(r.kind == "screen" for r in self.move_rules)
        self._check_reach = reach
        return reach

    # -- evaluation (CONTRACT.md, "Evaluation") -----------------------------------------------
    #: Logistic slope: one side having taken a quarter of the other's material scores ~0.73.
    EVAL_K = 4.0

    def _eval_tables(self) -> dict[str, Any]:
        """What the evaluation reads, computed once: each kind's weight (the square root of its
        mean number of moves from every site of the empty board, the least mobile kind 1,
        royal kinds 0), each seat's starting material, the ``reach`` goals and the royal
        pieces a ``surround`` capture takes."""
        cached = getattr(self, "_eval", None)
        if cached is not None:
            return cached
        b = self.board
        n = b.size
        mobility = [0.0] * self.nk
        for rule in self.move_rules:
            if rule.kind in ("place", "fly"):
                continue
            half = 0.5 if rule.to == "enemy" else 1.0  # moves only while capturing
            total = 0
            for a in range(n):
                if rule.kind == "leap":
                    total += len(rule.offsets[a])
                    continue
                for d in rule.dirs[0]:
                    t = b.step[d][a]
                    run = 0
                    while t >= 0 and t not in rule.avoid and t != a:  # (a ring comes back round)
                        if rule.kind == "hop":
                            run += b.step[d][t] >= 0
                            break
                        run += t not in rule.avoid_stop
                        if rule.kind == "step" or (rule.max and run >= rule.max):
                            break
                        t = b.step[d][t]
                    total += run
            for k in rule.pieces:
                mobility[k] += half * total / max(1, n)
        roots = [math.sqrt(m) for m in mobility]
        low = min((r for k, r in enumerate(roots) if r > 0 and k not in self.royal), default=1.0)
        weight = [0.0 if k in self.royal else (roots[k] / low if roots[k] > 0 else 1.0) for k in range(self.nk)]
        start = [0.0] * self.players
        for c in self.start_cells:
            if c:
                start[self.owner_of[c]] += weight[self.kind_of[c]]
        for seat, hand in enumerate(self.start_hands):
            start[seat] += sum(weight[k] * m for k, m in enumerate(hand))
        # A region reached for a draw is no goal; one per seat is each seat's own.
        reach = [(e["piece"], e["region"] if e["per_seat"] is None else e["per_seat"])
                 for e in self.ends if e["kind"] == "reach" and e["result"] == "win"]
        captured = {e["piece"] for e in self.ends if e["kind"] == "captured"}
        surround = [(k, rule) for rule in self.surround for k in rule["pieces"] if k in captured]
        self._eval = {"weight": weight, "start": [max(w, 1e-9) for w in start], "reach": reach,
                      "surround": surround}
        return self._eval

    def evaluate(self, sim: PiecesSim) -> tuple[float, ...]:
        """A value per seat in [0, 1] for an unfinished position (CONTRACT.md, "Evaluation").

        Each seat's raw score is its material (kinds weighted by mobility, royal pieces out, the
        hand counted) as a share of what it started with; a piece that wins by reaching a region
        adds 0.5 when it can get there in one move, 0.25 in two, 0.12 in three (the other pieces
        where they stand); a royal piece taken when surrounded costs its seat 0.5 times the share
        of its sides held by enemies or hostile empty sites. Teams sum their seats' scores, and
        :func:`team_values` squashes the difference.
        """
        g = sim.game
        t = g._eval_tables()
        weight, start = t["weight"], t["start"]
        owner_of, kind_of = g.owner_of, g.kind_of
        material = [0.0] * g.players
        for c in sim.cells:
            if c:
                material[owner_of[c]] += weight[kind_of[c]]
        for seat, hand in enumerate(sim.hands):
            for k, m in enumerate(hand):
                if m:
                    material[seat] += weight[k] * m
        # A seat that starts with royal pieces alone (Maharajah Chess's one piece) has no material
        # to lose: its score stays whole, and the game turns on what the other seat keeps.
        scores = [material[s] / start[s] if start[s] > 1e-6 else 1.0 for s in range(g.players)]
        if t["reach"] or t["surround"]:
            cells = sim.cells
            for k, region in t["reach"]:
                for a, c in enumerate(cells):
                    if c and kind_of[c] == k:
                        d = sim._moves_to(a, region if isinstance(region, frozenset) else region[owner_of[c]], 3)
                        if d:
                            scores[owner_of[c]] += 0.5 / (1 << (d - 1))
            step = g.board.step
            for k, rule in t["surround"]:
                for a, c in enumerate(cells):
                    if c and kind_of[c] == k:
                        seat = owner_of[c]
                        held = 0
                        for d in rule["dirs"]:
                            m = step[d][a]
                            mc = cells[m] if m >= 0 else 0
                            if (mc and g.team_of(owner_of[mc]) != g.team_of(seat)) or (
                                    m >= 0 and not mc and m in rule["hostile"]):
                                held += 1
                        scores[seat] -= 0.5 * held / max(1, len(rule["dirs"]))
        return team_values(g, scores, g.EVAL_K)

    # -- the game -------------------------------------------------------------------------
    def new_sim(self, options: dict[str, Any]) -> PiecesSim:
        game = self.for_options(options)
        if game is not self:
            return game.new_sim(options)
        sim = PiecesSim(self, options)
        sim.cells = list(self.start_cells)
        sim.hands = [list(h) for h in self.start_hands]
        sim.mover = self.first
        sim.unmoved = chesslike.start_unmoved(self)
        if sim.seen is not None:
            sim.seen.add(sim.position_key())
        sim.begin_turn()
        return sim

    def sim_from_json(self, data: dict[str, Any], options: dict[str, Any]) -> PiecesSim:
        game = self.for_options(options)
        if game is not self:
            return game.sim_from_json(data, options)
        b = self.board
        sim = PiecesSim(self, options)
        sim.cells = [0] * b.size
        board = data.get("board", {})
        if not isinstance(board, dict):
            raise InvalidState("board: must map site names to [seat, kind, 1]")
        for name, value in board.items():
            if name not in b.index:
                raise InvalidState(f"board: no site {brief(name)} on this board")
            if not (isinstance(value, list) and len(value) == 3 and isinstance(value[0], int) and not isinstance(value[0], bool)
                    and 0 <= value[0] < self.players and value[1] in self.kind_index and value[2] == 1):
                raise InvalidState(f"board.{name}: must be [seat, kind, 1] with a seat 0..{self.players - 1} "
                                   f"and a kind among {', '.join(self.kinds)}, got {brief(value)}")
            sim.cells[b.index[name]] = self.code(value[0], self.kind_index[value[1]])
        hands = data.get("hands", [{} for _ in range(self.players)])
        if not (isinstance(hands, list) and len(hands) == self.players and all(isinstance(h, dict) for h in hands)):
            raise InvalidState(f"hands: must list {self.players} tables of kind: count")
        sim.hands = [[0] * self.nk for _ in range(self.players)]
        for seat, h in enumerate(hands):
            for k, n in h.items():
                if k not in self.kind_index or isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 1000:
                    raise InvalidState(f"hands[{seat}].{brief(k)}: must be a kind and a count 0..1000")
                sim.hands[seat][self.kind_index[k]] = n
        for name, lo in (("to_move", 0), ("turn", 0), ("quiet", 0)):
            v = data.get(name, 0)
            if isinstance(v, bool) or not isinstance(v, int) or v < lo or (name == "to_move" and v >= self.players):
                raise InvalidState(f"{name}: out of range, got {brief(v)}")
        sim.mover = data.get("to_move", 0)
        sim.turn = data.get("turn", 0)
        sim.quiet = data.get("quiet", 0)
        scores = data.get("scores", [0] * self.players)
        if not (isinstance(scores, list) and len(scores) == self.players and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in scores)):
            raise InvalidState(f"scores: must list {self.players} counts")
        sim.scores = list(scores)
        pending = data.get("pending")
        if pending is not None:
            if not isinstance(pending, dict):
                raise InvalidState("pending: must be null or {site, remove}")
            site = pending.get("site")
            if site is not None and site not in b.index:
                raise InvalidState(f"pending.site: no site {brief(site)}")
            sim.pending = b.index[site] if site is not None else -1
            remove = pending.get("remove", 0)
            if isinstance(remove, bool) or not isinstance(remove, int) or not 0 <= remove <= 8:
                raise InvalidState("pending.remove: must be 0..8")
            sim.removals = remove
            if sim.pending >= 0 and (not sim.cells[sim.pending] or self.owner_of[sim.cells[sim.pending]] != sim.mover):
                raise InvalidState("pending.site: the piece that must go on is not the mover's")
        over = data.get("over")
        if over is not None:
            if not (isinstance(over, dict) and (over.get("winner") is None or over.get("winner") in range(self.players))
                    and isinstance(over.get("how"), str)):
                raise InvalidState("over: must be null or {winner, how}")
            sim.over = (over.get("winner"), over["how"])
        if self.no_repeat:
            seen = data.get("seen", [])
            if not (isinstance(seen, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in seen)):
                raise InvalidState("seen: must list the positions already played (whole numbers)")
            sim.seen = set(seen) or {sim.position_key()}
        chesslike.read_state(sim, data, InvalidState)
        chesslike.read_throw(sim, data, InvalidState)
        dead = data.get("dead", [])
        if not (isinstance(dead, list) and all(d in b.index and sim.cells[b.index[d]] for d in dead)):
            raise InvalidState("dead: must list occupied sites (pieces taken this turn)")
        sim.dead = [b.index[d] for d in dead]
        trail = data.get("trail", [])
        if not (isinstance(trail, list) and all(t in b.index for t in trail)):
            raise InvalidState("trail: must list the squares the capturing piece stood on this turn")
        sim.trail = [b.index[t] for t in trail]
        huff = data.get("huff", [])  # capture huff: the last mover's pieces that may be taken off
        if not (isinstance(huff, list) and all(
                h in b.index and sim.cells[b.index[h]] and self.owner_of[sim.cells[b.index[h]]] != sim.mover for h in huff)
                and (not huff or self.huff)):
            raise InvalidState("huff: must list sites of the last mover's pieces (a game with a huff)")
        sim.huffable = tuple(sorted(b.index[h] for h in huff))
        last = data.get("last")  # move.beside_last: where the last piece came
        if last is not None and (last not in b.index or not sim.cells[b.index[last]]):
            raise InvalidState("last: must be the occupied site the last piece came to")
        if last is not None:
            sim.last_to = b.index[last]
        sim.begin_turn(keep_over=True)
        return sim

    def board_info(self, options: dict[str, Any]) -> dict[str, Any]:
        geometry = self.board.geometry(self.marks)
        geometry["hands"] = self.has_hands or getattr(self, "drops", False)
        if self.board.shape == "grid":
            geometry["checkered"] = bool(self._named("board")[0].value.get("checkered", False))
        return {
            "players": self.players, "sides": list(self.rf.sides),
            "teams": [list(t) for t in self.teams] if self.teams else None,
            "geometry": geometry,
            "pieces": {k: dict(v) for k, v in self.piece_info.items()},
            "notation": "grid" if self.board.shape in ("grid", "alquerque", "morris") else "points",
        }

    def describe(self, sim: PiecesSim, move: tuple) -> str:
        if isinstance(move, int):
            return "throw " + " and ".join(map(str, chesslike.throw_faces(self, move)))  # turn.die (two dice: "throw 5 and 3")
        what, a, b, taken, promote, kind = move
        names = self.board.names
        if what == PASS:
            return "pass"
        if what == REMOVE:
            return f"x{names[b]}"
        if what == PLACE:
            piece = f"{self.kinds[kind]} " if self.nk > 1 else ""
            return f"{piece}@{names[b]}" + (f"={self.kinds[promote]}" if promote >= 0 else "")
        if kind == PUSHED:
            return f"{names[a]}>{names[b]}"
        capture = taken >= 0 or (sim.cells[b] and self.owner_of[sim.cells[b]] != sim.mover)
        text = f"{names[a]}{'x' if capture else '-'}{names[b]}"
        if promote == REMOVED:
            text += " (removed)"
        elif promote >= 0:
            text += f"={self.kinds[promote]}"
        return text

    def ludii_steps(self, sim: PiecesSim, move: tuple, last: int | None) -> list | None:
        """Ludii's steps for one move of ours where they are several (chesslike.ludii_steps; a
        push is Ludii's two selections, the cube taken and the square it comes in at)."""
        if move[0] == MOVE and move[5] == PUSHED:
            names = self.board.names
            return [(sim.mover, {"from": names[move[1]], "to": "off"}, False),
                    (sim.mover, {"from": names[move[2]], "to": "off"}, True)]
        if move[0] == HOOKED and self.hook_rule is not None and getattr(self.hook_rule.hook, "ludii_steps", None) is not None:
            return self.hook_rule.hook.ludii_steps(self, sim, move, last)  # the hook's own (hooks_chat2.py)
        return chesslike.ludii_steps(self, sim, move, last)

    def text_help(self) -> dict[str, list[str]]:
        b = self.board.names
        moves = [f"{b[0]} {b[1]}"]
        if any(r.kind == "place" for r in self.move_rules):
            moves.append(f"{b[0]} (place)")
        if self.line or self.huff:
            moves.append(f"x {b[0]} (remove)")
        return {"moves": moves, "commands": []}


class PiecesSim(Sim):
    __slots__ = ("game", "options", "cells", "hands", "mover", "pending", "removals", "scores", "turn",
                 "quiet", "over", "_moves", "seen", "_base_key", "last_to", "dead", "unmoved", "trail",
                 "throw", "huffable")

    def __init__(self, game: PiecesGame, options: dict[str, Any]) -> None:
        self.game = game
        self.options = options
        self.cells: list[int] = []
        self.hands: list[list[int]] = []
        self.mover = 0
        self.pending = -1
        self.removals = 0
        self.scores = [0] * game.players
        self.turn = 0
        self.quiet = 0
        self.over: tuple[int | None, str] | None = None
        self._moves: list | None = None
        self.seen: set[int] | None = set() if game.no_repeat else None
        self._base_key: int | None = None
        self.last_to = -1  # where the move being played ended (for the ends it decides)
        self.dead: list[int] = []  # pieces taken this turn, left on the board till it ends
        self.unmoved = 0  # a bit per site whose piece has not moved (chesslike.py's first moves)
        self.trail: list[int] = []  # approach: the squares a capturing chain has stood on this turn
        self.throw = 0  # turn.die: the face thrown this turn (0: not yet; chesslike.py)
        self.huffable: tuple[int, ...] = ()  # capture huff: the last mover's pieces that could have taken

    def copy(self) -> PiecesSim:
        other = PiecesSim.__new__(PiecesSim)
        other.game, other.options = self.game, self.options
        other.cells = self.cells[:]
        other.hands = [h[:] for h in self.hands]
        other.mover, other.pending, other.removals = self.mover, self.pending, self.removals
        other.scores = self.scores[:]
        other.turn, other.quiet, other.over = self.turn, self.quiet, self.over
        other._moves = self._moves
        other.seen = set(self.seen) if self.seen is not None else None
        other._base_key = None
        other.last_to = self.last_to
        other.dead = self.dead
        other.unmoved = self.unmoved
        other.trail = self.trail
        other.throw = self.throw
        other.huffable = self.huffable
        return other

    def position_key(self) -> int:
        """The position (pieces, hands, player to move, a turn's unfinished part) as a 64-bit
        number, the same in every process: Zobrist hashing, so a move's key is two XORs away."""
        z = self.game.zobrist
        key = z.mover[self.mover] ^ (self.removals * 0x9E3779B97F4A7C15) ^ ((self.pending + 1) * 0xC2B2AE3D27D4EB4F)
        for s, c in enumerate(self.cells):
            if c:
                key ^= z.cell[s][c]
        for s in self.dead:
            key ^= z.cell[s][0]  # taken, still on the board
        for s in self.trail:
            key ^= z.cell[s][0] * 3  # a capturing chain's squares (approach)
        if self.throw:
            key ^= self.throw * 0x94D049BB133111EB  # turn.die: the face thrown
        for s in self.huffable:
            key ^= z.cell[s][0] * 5  # capture huff: a piece the mover may take off
        for seat, h in enumerate(self.hands):
            for k, n in enumerate(h):
                if n:
                    key ^= z.hand[seat][k] * n
        return key & 0xFFFFFFFFFFFFFFFF

    def to_move(self) -> int | None:
        return None if self.over else self.mover

    def outcome(self) -> Outcome | None:
        if self.over is None:
            return None
        winner, how = self.over
        return Outcome(winner, 1 if winner is not None else 0, how, (0, 0))

    def result(self) -> tuple[float, ...] | None:
        rule = self.game.hook_rule
        if rule is not None and self.over is not None and getattr(rule.hook, "result", None) is not None:
            return rule.hook.result(self)  # the hook's own result per seat (hooks_triad.py: a tie of two of three)
        return super().result()

    # -- moves ----------------------------------------------------------------------------
    def moves(self) -> list:
        if self._moves is None:
            self._moves = self._generate()
        if self.game.die is not None:
            return chesslike.die_moves(self, self._moves)  # turn.die: the kinds thrown move
        return self._moves

    def is_chance(self) -> bool:
        return (self.game.die is not None and not self.throw and self.over is None
                and not (self.game.die_next and any(self.hands[self.mover])))  # turn.die_next: placing first

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return chesslike.die_outcomes(self)

    def _generate(self) -> list:
        g = self.game
        if self.over:
            return []
        if self.removals:
            return self._removals()
        if self.pending >= 0 and g.hook_rule is not None:
            return g.hook_rule.hook(self, "moves", None)  # move.kind = "hook": the turn's later part
        if self.pending >= 0 and g.promote and g.promote.get("again") and g.kind_of[self.cells[self.pending]] in g.promote["again"] \
                and not g.capture_again:
            # promote.again: the piece just promoted may move again at once, or pass.
            moves = self._piece_moves(self.pending)
            if g.check_royal >= 0:
                moves = [m for m in moves if not self._leaves_in_check(m)]
            return moves + [(PASS, -1, -1, -1, -1, -1)]
        if self.pending >= 0 and g.capture_again:
            # The piece that took moves again (capture_again): any of its moves, or a pass.
            moves = self._piece_moves(self.pending)
            if g.again_capturing:
                moves = [m for m in moves if self._takes(m)]
            return moves or [(PASS, -1, -1, -1, -1, -1)]
        if self.pending >= 0 and g.plain_chain:
            # A chain of hops taking nothing goes on, never to a site it has stood on this
            # turn, or stops (a pass).
            more = self._plain_chain(self.pending)
            return more if g.plain_chain_must and more else more + [(PASS, -1, -1, -1, -1, -1)]
        if self.pending >= 0:
            moves = [m for m in self._piece_moves(self.pending, hops_only=True) if m[3] >= 0 and self._chain_ok(m)]
            if g.closed_when_empty:
                moves = self._open_only(moves)
            if g.maximum and (g.maximum_kinds is None or g.kind_of[self.cells[self.pending]] in g.maximum_kinds):
                moves = self._longest(moves)
            cont = next((r.cont for r in g.capture_rules if r.cont != "no"), "no")
            if cont in ("may", "straight") or not moves:
                moves.append((PASS, -1, -1, -1, -1, -1))
            return moves
        moves = self._pseudo()
        if g.swap and self.turn == 1 and moves:
            moves = moves + [(PASS, -1, -1, -1, -1, -1)]  # turn.swap: the second player's pie rule
        if g.refill and any(m[0] == PLACE for m in moves):
            moves = [m for m in moves if m[0] == PLACE]  # place.refill: the piece comes back first
        if not moves and g.all_placed and any(any(h) for h in self.hands):
            # while = "all-placed": a player with nothing to place waits (passes) for the others.
            return [(PASS, -1, -1, -1, -1, -1)]
        if g.closed_when_empty:
            moves = self._open_only(moves)
        if g.keep_in is not None:
            moves = self._kept_in(moves)
        if g.stuck_in is not None:
            moves = [m for m in moves if m[0] != MOVE or m[1] not in g.stuck_in]
        if g.barred is not None:
            barred = g.barred[self.mover]
            moves = [m for m in moves if m[2] not in barred]
        if g.compulsory_hops:
            # A hop taking nothing must be made when one is open.
            hops: list = []
            for a, c in enumerate(self.cells):
                if c and g.owner_of[c] == self.mover:
                    for rule in g.plain_hops:
                        if g.kind_of[c] in rule.pieces:
                            self._rule_moves(rule, a, c, hops)
            if hops:
                hopset = set(hops)
                moves = [m for m in moves if m in hopset] or moves
        if g.nested:
            moves = self._nested_only(moves)
        if g.compulsory or g.maximum:
            captures = [m for m in moves if self._captures(m)]
            if captures:
                moves = captures
                if g.maximum and g.maximum_kinds is None:
                    moves = self._longest(moves)
                elif g.maximum:
                    # Only these kinds' captures must take most, among themselves.
                    bound = [m for m in moves if g.kind_of[self.cells[m[1]]] in g.maximum_kinds]
                    free = [m for m in moves if g.kind_of[self.cells[m[1]]] not in g.maximum_kinds]
                    moves = free + (self._longest(bound) if bound else [])
        if g.check_royal >= 0:
            if g.hook_rule is not None and getattr(g.hook_rule.hook, "own_check", False):
                # The hook judges its own moves for check (hooks_chess6.py: Sittuyin's array,
                # where nothing can be taken yet).
                moves = [m for m in moves if m[0] == HOOKED] + self._out_of_check([m for m in moves if m[0] != HOOKED])
            else:
                moves = self._out_of_check(moves)
        if g.no_line:
            moves = [m for m in moves if not self._makes_barred_line(m)]
        if g.liberties:
            moves = self._with_liberties(moves)
        if g.leave_move and (not g.leave_move_turns or self.turn < g.leave_move_turns):
            moves = [m for m in moves if self._leaves_a_move(m)]
        if g.no_stalemate:
            moves = [m for m in moves if not self._stalemates(m)]
        if getattr(g, "drop_limits", None):
            moves = chesslike.drop_filter(self, moves)  # shogi's limits on drops
        if self.seen:
            self._base_key = None
            moves = [m for m in moves if not self._repeats(m)]
        if not moves and g.hook_rule is not None and getattr(g.hook_rule.hook, "when_stuck", False):
            # The hook's moves open only to a player with no other move (hooks_chess6.py: the
            # Shatranj al-Kabir shah's once-a-game swap out of stalemate).
            moves = g.hook_rule.hook(self, "stuck", None)
            if g.check_royal >= 0:
                moves = [m for m in moves if not self._leaves_in_check(m)]
        if self.huffable:
            # capture huff: the pieces the last mover could have taken with and did not; the
            # player may (must) first take one of them off, then moves as usual.
            huffs = [(REMOVE, -1, s, -1, -1, -1) for s in self.huffable
                     if self.cells[s] and g.owner_of[self.cells[s]] != self.mover]
            if huffs:
                moves = huffs if g.huff == "must" else huffs + moves
        return moves

    def _won_by(self, k: int) -> int:
        """constraint.nested: the seat that has won local board ``k`` (a row of its own there), or -1."""
        cells, owner_of = self.cells, self.game.owner_of
        for ln in self.game.local_lines[k]:
            c = cells[ln[0]]
            if c and all(cells[t] and owner_of[cells[t]] == owner_of[c] for t in ln[1:]):
                return owner_of[c]
        return -1

    def _nested_only(self, moves: list) -> list:
        """constraint.nested: the local board the last placing sends the mover to, if it is still
        open (not won, not full); else any local board not won."""
        g = self.game
        open_ = [self._won_by(k) < 0 for k in range(g.nested * g.nested)]
        if self.last_to >= 0:
            k = g.place_in[self.last_to]
            if open_[k] and any(not self.cells[s] for s in g.local_sites[k]):
                return [m for m in moves if m[0] != PLACE or g.local_of[m[2]] == k]
        return [m for m in moves if m[0] != PLACE or open_[g.local_of[m[2]]]]

    def _either_line(self, mover: int) -> None:
        """end line.either: after a move every row on the board counts, either side's; the
        opponent's first, so a mover who makes the opponent's row loses, even with one of its own."""
        g = self.game
        e = g.either_line
        cells, owner_of = self.cells, g.owner_of
        seen = set()
        for seat in [s for s in range(g.players) if s != mover] + [mover]:
            for lines in e["lines_at"]:
                for ln in lines:
                    if ln in seen:
                        continue
                    if all(cells[t] and owner_of[cells[t]] == seat for t in ln):
                        self.over = (seat, "line")
                        return
            seen.clear()

    def _open_only(self, moves: list) -> list:
        """constraint.closed_when_empty: the moves that come to no region left wholly empty."""
        cells = self.cells
        closed = set().union(*(r for r in self.game.closed_when_empty if not any(cells[s] for s in r)))
        return [m for m in moves if m[2] not in closed] if closed else moves

    def _kept_in(self, moves: list) -> list:
        """constraint.keep_in: no move takes a piece out of its seat's region once in it."""
        region = self.game.keep_in[self.mover]
        return [m for m in moves if m[0] != MOVE or m[1] not in region or m[2] in region]

    def _plain_hop(self, a: int, b: int) -> bool:
        """Whether the move a -> b (not yet played) is a hop of a chaining rule taking nothing."""
        g = self.game
        c = self.cells[a]
        mover = g.owner_of[c]
        for rule in g.plain_chain:
            if g.kind_of[c] in rule.pieces:
                out: list = []
                self._rule_moves(rule, a, c, out)
                if any(m[2] == b for m in out):
                    return True
        return False

    def _plain_chain(self, a: int) -> list:
        """The hops that take nothing open to the piece on ``a`` going on with its chain: of the
        chaining rules, never to a site of the chain (``trail``, its start included)."""
        g = self.game
        c = self.cells[a]
        out: list = []
        for rule in g.plain_chain:
            if g.kind_of[c] in rule.pieces:
                self._rule_moves(rule, a, c, out)
        trail = self.trail
        out = [m for m in _dedupe(out) if m[2] not in trail]
        if g.keep_in is not None:
            out = self._kept_in(out)
        return out

    def _direction(self, a: int, b: int) -> int:
        """The direction of the one-step move a -> b, or -1 (not neighbours)."""
        step = self.game.board.step
        return next((d for d in range(8) if step[d][a] == b), -1)

    def _chain_ok(self, m: tuple) -> bool:
        """Whether a capturing chain may go on with ``m`` (approach: no_revisit, new_direction;
        hop continue = straight: only on in the direction of the hop before)."""
        g = self.game
        if g.chain_line_kinds and len(self.trail) >= 2 and g.kind_of[self.cells[m[1]]] in g.chain_line_kinds:
            # hop chain = "line-or-edge": on along the line of the last hop, the same way, unless
            # that hop ended on the board's edge, when any way but straight back.
            xy = g.board.xy
            p, q = self.trail[-2], self.trail[-1]
            last = (_sign(xy[q][0] - xy[p][0]), _sign(xy[q][1] - xy[p][1]))
            new = (_sign(xy[m[2]][0] - xy[m[1]][0]), _sign(xy[m[2]][1] - xy[m[1]][1]))
            if q in g.board.regions.get("edge", ()):
                return new != (-last[0], -last[1])
            return new == last
        if g.straight_chain and self.dead:
            d = self._direction(self.dead[-1], m[1])
            return d >= 0 and m[3] == g.board.step[d][m[1]]
        if g.approach is None or not self.trail or self._direction(m[1], m[2]) < 0:
            return True
        if g.chain_no_revisit and m[2] in self.trail:
            return False
        if g.chain_new_direction and len(self.trail) >= 2:
            if self._direction(m[1], m[2]) == self._direction(self.trail[-2], self.trail[-1]):
                return False
        return True

    def _makes_barred_line(self, m: tuple) -> bool:
        """constraint.no_line: the move makes a row of the barred length or more of the
        mover's pieces through the site it comes to."""
        g = self.game
        bars = [nl for nl in g.no_line if m[0] == PLACE or m[0] == MOVE and not nl["placing"]]
        if not bars:
            return False
        fast = g._fast
        if fast.cells_only and not self.dead and not (m[0] == MOVE and m[3] >= 0 and g.taken_at_end):
            # The cells as the move leaves them, made and unmade in place (no capture in this
            # game changes a cell but the one a hop takes), each row counted out from the site.
            cells, mover, t = self.cells, self.mover, m[2]
            if m[0] == PLACE:
                saved = [(t, cells[t])]
                cells[t] = g.code(mover, m[5])
            else:
                a, taken, promote = m[1], m[3], m[4]
                saved = [(a, cells[a]), (t, cells[t])] + ([(taken, cells[taken])] if taken >= 0 else [])
                c = cells[a]
                cells[a] = 0
                if taken >= 0:
                    cells[taken] = 0
                cells[t] = c if promote < 0 else g.code(mover, promote) if promote != REMOVED else 0
            try:
                if cells[t] and g.owner_of[cells[t]] == mover:
                    for nl in bars:
                        axes = fast.bar_axes(g, nl)
                        if axes is not None:
                            if _row(cells, g.owner_of, mover, axes[t], len(nl["lines_at"][t][0]) if nl["lines_at"][t] else 0, False):
                                return True
                        elif any(all(cells[u] and g.owner_of[cells[u]] == mover for u in ln) for ln in nl["lines_at"][t]):
                            return True
                return False
            finally:
                for site, c in reversed(saved):
                    cells[site] = c
        sim = self.copy()
        sim.seen = None
        sim._apply_move(m, continue_turn=True, check_ends=False)
        cells, t = sim.cells, m[2]
        return any(all(cells[u] and g.owner_of[cells[u]] == self.mover for u in ln)
                   for nl in bars for ln in nl["lines_at"][t])

    def _with_liberties(self, moves: list) -> list:
        """The moves ``_keeps_liberties`` allows. Where the game's captures are at most the
        ``enclose`` kind along the liberties' own directions (``_Fast.liberty_sites``), a piece
        placed is judged from the groups as they stand, each found once with its empty sites:
        the new piece's group is free when the site has an empty neighbour, a group of its own
        beside it keeps another empty site, or it takes an enemy group whose only empty site
        it was (``enclose``); an enemy group beside it stays free when it keeps another empty
        site (without ``enclose``, one left none bars the move)."""
        g = self.game
        nbrs = g._fast.liberty_sites(g)
        if nbrs is None or not any(m[0] == PLACE for m in moves):
            return [m for m in moves if self._keeps_liberties(m)]
        cells, owner_of = self.cells, g.owner_of
        group = [-1] * len(cells)
        empties: list[set[int]] = []
        for s, c in enumerate(cells):
            if not c or group[s] >= 0:
                continue
            owner, k, free = owner_of[c], len(empties), set()
            group[s] = k
            todo = [s]
            while todo:
                x = todo.pop()
                for y in nbrs[x]:
                    cy = cells[y]
                    if not cy:
                        free.add(y)
                    elif group[y] < 0 and owner_of[cy] == owner:
                        group[y] = k
                        todo.append(y)
            empties.append(free)
        takes = bool(g.enclose)
        mover = self.mover
        out = []
        for m in moves:
            if m[0] != PLACE:
                if self._keeps_liberties(m):
                    out.append(m)
                continue
            free, ok = False, True
            for y in nbrs[m[2]]:
                cy = cells[y]
                if not cy:
                    free = True
                elif owner_of[cy] == mover:
                    if len(empties[group[y]]) > 1:
                        free = True
                elif len(empties[group[y]]) == 1:  # the site placed on was its last empty one
                    if takes:
                        free = True
                    else:
                        ok = False
                        break
            if ok and free:
                out.append(m)
        return out

    def _keeps_liberties(self, m: tuple) -> bool:
        """constraint.liberties: after the move, the group of the piece moved or placed and
        every group beside it still touch an empty site along a row or a column."""
        if m[0] not in (MOVE, PLACE):
            return True
        g = self.game
        step = g.board.step
        orth = g.liberty_dirs
        sim = self.copy()
        sim.seen = None
        sim._apply_move(m, continue_turn=True, check_ends=False)
        cells, t = sim.cells, m[2]
        starts = [t] + [step[d][t] for d in orth if step[d][t] >= 0 and cells[step[d][t]]]
        free_groups: set[int] = set()  # pieces of groups found free
        for a in starts:
            if a in free_groups or not cells[a]:
                continue
            owner, todo, seen, free = g.owner_of[cells[a]], [a], {a}, False
            while todo and not free:
                x = todo.pop()
                for d in orth:
                    y = step[d][x]
                    if y < 0 or y in seen:
                        continue
                    if not cells[y]:
                        free = True
                        break
                    if g.owner_of[cells[y]] == owner:
                        seen.add(y)
                        todo.append(y)
            if not free:
                return False
            free_groups |= seen
        return True

    def _touching(self, s: int, n: int) -> bool:
        """move.touching: site ``s`` has exactly ``n`` occupied neighbours, or the board is
        empty (the first piece goes anywhere)."""
        cells = self.cells
        near = sum(1 for st in self.game.board.step if st[s] >= 0 and cells[st[s]])
        return near == n or not any(cells)

    def _takes(self, m: tuple) -> bool:
        """Whether the move takes a piece (played on a copy)."""
        sim = self.copy()
        sim.seen = None
        before = sum(1 for c in sim.cells if c)
        sim._apply_move(m, continue_turn=True, check_ends=False)
        return sum(1 for c in sim.cells if c) < before

    def _leaves_a_move(self, m: tuple) -> bool:
        """constraint.leave_move: after the move (its first step) the opponent could move, or
        has no piece left at all (the game is won)."""
        g = self.game
        sim = self.copy()
        sim.seen = None
        sim._apply_move(m, continue_turn=True, check_ends=False)
        other = (self.mover + 1) % g.players
        if not any(c and g.owner_of[c] == other for c in sim.cells) and not any(sim.hands[other]):
            return True
        sim.mover, sim.pending, sim.removals, sim._moves = other, -1, 0, None
        return bool(sim._pseudo())

    def _stalemates(self, m: tuple) -> bool:
        """constraint.no_stalemate: after the move the opponent, not in check, has no move that
        keeps its royal piece safe."""
        sim = self.copy()
        sim.seen = None
        sim._apply_move(m, continue_turn=True, check_ends=False)
        if sim.over or sim.pending >= 0 or sim.removals or sim.mover == self.mover:
            return False
        if sim.in_check(sim.mover):
            return False
        return all(sim._leaves_in_check(x) for x in sim._pseudo())

    def _set_base_key(self) -> int:
        self._base_key = self.position_key()
        return self._base_key

    def _repeats(self, m: tuple) -> bool:
        # Positions are forgotten at every capture (the pieces never come back), so a move that
        # takes cannot repeat one: test the move as if it took nothing, and only where that
        # position was seen, play it out to see whether it takes.
        what, a, b = m[0], m[1], m[2]
        if what not in (MOVE, PLACE) or m[4] >= 0:
            return False  # removals take; promotions change a piece for good
        z = self.game.zobrist
        base = self._base_key if self._base_key is not None else self._set_base_key()
        key = base ^ z.mover[self.mover] ^ z.mover[(self.mover + 1) % self.game.players]
        if what == MOVE:
            c = self.cells[a]
            key ^= z.cell[a][c] ^ z.cell[b][c]
        else:
            c = self.game.code(self.mover, m[5])
            n = self.hands[self.mover][m[5]]
            key ^= z.cell[b][c] ^ (z.hand[self.mover][m[5]] * n) ^ (z.hand[self.mover][m[5]] * (n - 1))
        if (key & 0xFFFFFFFFFFFFFFFF) not in self.seen:
            return False
        sim = self.copy()
        sim.seen = None
        sim._apply_move(m, continue_turn=True, check_ends=False)
        return sim.position_key() in self.seen

    def _captures(self, m: tuple) -> bool:
        what, a, b, taken = m[0], m[1], m[2], m[3]
        if what != MOVE:
            return False
        return taken >= 0 or (self.cells[b] != 0)

    def _lifts(self) -> list:
        """The opening lifts of this turn (move kind lift, at_turn): a piece of the mover's own
        taken off the board, the turn's only moves; none on other turns."""
        g = self.game
        step = g.board.step
        out = []
        for rule in g.move_rules:
            if rule.kind != "lift" or rule.at_turn != self.turn:
                continue
            for s, c in enumerate(self.cells):
                if not c or g.owner_of[c] != self.mover or g.kind_of[c] not in rule.pieces:
                    continue
                if rule.region is not None and s not in rule.region:
                    continue
                if rule.next_to_empty and not any(step[d][s] >= 0 and not self.cells[step[d][s]] for d in (0, 2, 4, 6)):
                    continue
                out.append((REMOVE, -1, s, -1, -1, -1))
        return out

    def _pseudo(self) -> list:
        g = self.game
        if g.hook_rule is not None and g.hook_owns:
            return g.hook_rule.hook(self, "moves", None)  # the hook makes every move (owns_moves: hooks_chat2.py)
        mover = self.mover
        fast = g._fast
        if fast.lift:
            lifts = self._lifts()
            if lifts or any(r.kind == "lift" and r.at_turn == self.turn for r in g.move_rules):
                return lifts
        owner_of = g.owner_of
        kind_of = g.kind_of
        cells = self.cells
        out: list = []
        has_hand = any(self.hands[mover])
        count = None
        mine = None  # the mover's pieces, (site, code), found once
        single = None  # the one rule that gave moves, while only one has
        for rule in chesslike.rules_now(self):
            if rule.when == "hand" and not has_hand or rule.when == "no-hand" and has_hand:
                continue
            if rule.when == "all-placed" and any(any(h) for h in self.hands):
                continue
            if rule.kind == "lift":
                continue
            if rule.kind == "hook":
                out += rule.hook(self, "moves", None)  # move.kind = "hook": the hook's moves
                continue
            before = len(out)
            if rule.kind == "place":
                if rule.refill and sum(1 for c in self.cells if c and owner_of[c] == mover) >= rule.refill:
                    continue  # place.refill: only while the mover has fewer than this on the board
                kinds = [k for k in sorted(rule.pieces) if self.hands[mover][k]]
                if rule.after and any(self.hands[mover][k] for k in rule.after):
                    continue
                targets = rule.region if rule.region is not None else range(len(self.cells))
                if rule.seat_regions is not None:
                    targets = rule.seat_regions[mover]  # place region: one per seat
                everywhere = rule.region is None
                if (rule.fill_first is not None and self.turn < len(rule.fill_first)
                        and any(not self.cells[t] for t in rule.fill_first)):
                    targets = sorted(rule.fill_first)  # place fill_first: the game's first placings
                    everywhere = False
                if rule.first_in is not None and self.turn == 0:
                    targets = sorted(rule.first_in)  # place first_in: the game's first placing
                    everywhere = False
                if id(rule) in fast.plain_place:  # no condition on the site but that it is empty
                    if len(kinds) == 1:
                        placed = fast.place[kinds[0]]
                        if everywhere and fast.small_codes:  # every empty site
                            out += compress(placed, bytes(cells).translate(_EMPTY_BYTES))
                        elif everywhere:
                            out += compress(placed, map(not_, cells))
                        else:
                            out += [placed[s] for s in targets if not cells[s]]
                    elif kinds:
                        for s in targets:
                            if not cells[s]:
                                out += [fast.place[k][s] for k in kinds]
                    single = (rule if single is None else False) if len(out) > before else single
                    continue
                for s in targets:
                    if not self.cells[s] and s not in rule.avoid and (
                            rule.touching < 0 or self._touching(s, rule.touching)) and (
                            not rule.beside_last or self.last_to < 0
                            or any(st[self.last_to] == s for st in g.board.step)) and (
                            not rule.drop or g.board.step[6][s] < 0 or self.cells[g.board.step[6][s]]) and (
                            rule.touching_min <= 0 or sum(1 for st in g.board.step if st[s] >= 0 and self.cells[st[s]])
                            >= rule.touching_min) and (
                            not rule.next_to or any(t >= 0 and self.cells[t] and g.kind_of[self.cells[t]] in rule.next_to
                                                    for t in (st[s] for st in g.board.step))):
                        for k in kinds:
                            out.append((PLACE, -1, s, -1, -1, k))
                single = (rule if single is None else False) if len(out) > before else single
                continue
            if rule.kind == "push":
                self._pushes(rule, out)
                single = (rule if single is None else False) if len(out) > before else single
                continue
            if mine is None:
                mine = [(a, c) for a, c in enumerate(cells) if c and owner_of[c] == mover]
            if rule.kind == "fly":
                if count is None:
                    count = len(mine)
                if rule.at_most and count > rule.at_most:
                    continue
                empties = [s for s, c in enumerate(self.cells) if not c]
                for a, c in mine:
                    if kind_of[c] in rule.pieces:
                        out.extend((MOVE, a, b, -1, -1, -1) for b in empties)
                single = (rule if single is None else False) if len(out) > before else single
                continue
            pieces = rule.pieces
            if rule.fast_quiet_step:  # (_rule_moves of a step to an empty site, inline)
                ways = rule.fast_ways[mover]
                for a, c in mine:
                    if kind_of[c] in pieces:
                        out += [m for t, m, _ in ways[a] if not cells[t]]
            else:
                for a, c in mine:
                    if kind_of[c] in pieces:
                        self._rule_moves(rule, a, c, out)
            single = (rule if single is None else False) if len(out) > before else single
        if g.promote:
            out = self._promotions(out)
        if single and id(single) in fast.unique:
            return out  # one rule gave every move, each once
        return _dedupe(out)

    def _pushes(self, rule: MoveRule, out: list) -> None:
        """move.push (Quixo): a cube on the edge, blank (an empty square) or the mover's (or any,
        ``take = "any"``), pushed back in at an end of its row or column, another square."""
        g = self.game
        b = g.board
        w, h = b.files, b.ranks
        for a in sorted(b.regions["edge"]):
            c = self.cells[a]
            if c and (rule.take == "own" and g.owner_of[c] != self.mover or rule.first_blank and self.turn < g.players):
                continue
            x, y = round(b.xy[a][0]), round(b.xy[a][1])
            at = g.at_xy
            for t in dict.fromkeys((at[(0, y)], at[(w - 1, y)], at[(x, 0)], at[(x, h - 1)])):
                if t != a:
                    out.append((MOVE, a, t, -1, -1, PUSHED))

    def _piece_moves(self, a: int, hops_only: bool = False) -> list:
        g = self.game
        out: list = []
        c = self.cells[a]
        for rule in g.move_rules:
            if hops_only and not (rule.kind in ("hop", "approach") and rule.capture):
                continue
            if g.kind_of[c] in rule.pieces:
                self._rule_moves(rule, a, c, out)
        if g.promote:
            out = self._promotions(out)
        return _dedupe(out)

    def _rule_moves(self, rule: MoveRule, a: int, c: int, out: list) -> None:
        g = self.game
        b = g.board
        cells = self.cells
        mover = g.owner_of[c]
        owner_of = g.owner_of
        to = rule.to
        kind = rule.kind
        if rule.not_in_row is not None and (
                _row(cells, owner_of, mover, rule.fast_rows[0][a], rule.fast_rows[1], False) if rule.fast_rows
                else any(all(cells[u] and owner_of[cells[u]] == mover for u in ln) for ln in rule.not_in_row[a])):
            return  # move.not_in_row: a piece standing in a row does not move so
        if rule.beside and not any(t >= 0 and cells[t] and owner_of[cells[t]] != mover for t in (st[a] for st in b.step)):
            return  # move.beside: no enemy piece stands next to this one
        if rule.chess is not None:
            chesslike.rule_moves(self, rule, a, c, out)
            return
        if kind == "step":
            # (_land on each neighbour along the rule's directions, from a table)
            targets = rule.fast_ways[mover][a]
            if to == "empty":
                out += [m for t, m, _ in targets if not cells[t]]
                return
            for t, m, _ in targets:
                x = cells[t]
                if not x:
                    if to != "enemy":
                        out.append(m)
                elif (owner_of[x] != mover or to == "any") and g.kind_of[x] not in rule.not_capture:
                    out.append(m)  # (to = "any": one's own piece is taken too)
            return
        if kind == "slide":
            # (_Fast.slides: each direction's run, cut at ``max``, its sites and moves, and
            # which sites are in avoid_stop, None where none is)
            for sites, moves, stops in rule.fast_slides[mover][a]:
                if stops is None:
                    k = 0
                    for t in sites:
                        if cells[t]:
                            break
                        k += 1
                    else:
                        out += moves
                        continue
                    out += moves[:k]
                    x = cells[sites[k]]
                    if to != "empty" and owner_of[x] != mover and g.kind_of[x] not in rule.not_capture:
                        out.append(moves[k])  # (_land)
                    continue
                for t, m, stop in zip(sites, moves, stops):
                    x = cells[t]
                    if x:
                        if (to != "empty" and not stop and owner_of[x] != mover
                                and g.kind_of[x] not in rule.not_capture):
                            out.append(m)  # (_land)
                        break
                    if not stop:
                        out.append(m)
            return
        if kind == "leap":
            for t in rule.offsets[a]:
                self._land(rule, a, t, out)
            return
        if kind == "circuit":
            # Surakarta: along a circuit either way, over empty sites (and its own), through at
            # least one loop, to an empty site (to = empty) or the first piece, an enemy's.
            # (_Fast.walks: each way round from each place of the site on a circuit, the sites
            # in order with whether a loop lies behind, and the move there)
            for walk in rule.fast_walks[a]:
                for t, looped, m in walk:
                    if not cells[t]:
                        if looped and to != "enemy":
                            out.append(m)
                        continue
                    if looped and to != "empty" and owner_of[cells[t]] != mover:
                        out.append(m)
                    break
            return
        if kind == "hop" and rule.fast_hops is not None:
            # (_Fast.hops: each direction's site hopped over and landing site, with the moves)
            dead = self.dead
            for t, land, taking, plain in rule.fast_hops[mover][a]:
                over = cells[t]
                if not over or (dead and t in dead):
                    continue
                who = owner_of[over]
                if rule.over == "enemy" and who == mover or rule.over == "friend" and who != mover:
                    continue
                x = cells[land]
                if x and (to == "empty" or owner_of[x] == mover):
                    continue  # a hop lands on an empty site, or where `to` allows, on an enemy it takes
                if not x and to == "enemy":
                    continue
                out.append(taking if (rule.capture and who != mover) else plain)
            return
        for d in rule.dirs[mover]:
            step = b.step[d]
            t = step[a]
            if t < 0:
                continue
            if kind == "step":
                if t not in rule.avoid:
                    self._land(rule, a, t, out)
            elif kind == "slide":
                n = 0
                while t >= 0 and t not in rule.avoid:
                    n += 1
                    if cells[t]:
                        if to != "empty":
                            self._land(rule, a, t, out)
                        break
                    if t not in rule.avoid_stop:
                        out.append((MOVE, a, t, -1, -1, -1))
                    if rule.max and n >= rule.max:
                        break
                    t = step[t]
            elif kind == "approach":
                # Fanorona: a step to an empty neighbour that takes the enemy next beyond it
                # (approach) or next behind the start (withdrawal), with the row behind that one.
                if cells[t] or t in rule.avoid:
                    continue
                ap = step[t]
                if ap >= 0 and cells[ap] and owner_of[cells[ap]] != mover:
                    out.append((MOVE, a, t, ap, -1, -1))
                wd = b.step[(d + 4) % 8][a]
                if wd >= 0 and cells[wd] and owner_of[cells[wd]] != mover:
                    out.append((MOVE, a, t, wd, -1, -1))
            elif kind == "hop":
                if rule.flying:
                    self._flying_hop(rule, a, mover, step, t, out)
                    continue
                over = cells[t]
                if not over or (self.dead and t in self.dead):
                    continue
                who = owner_of[over]
                if rule.over == "enemy" and who == mover or rule.over == "friend" and who != mover:
                    continue
                land = b.ahead.get((a, t), -1) if b.ahead else step[t]  # along the board's lines
                if rule.run > 1:
                    # move.run: over a row of exactly `run` such pieces along the line at once.
                    prev, n = t, 1
                    while n < rule.run and land >= 0 and cells[land] and not (
                            rule.over == "enemy" and owner_of[cells[land]] == mover
                            or rule.over == "friend" and owner_of[cells[land]] != mover):
                        prev, land, n = land, (b.ahead.get((prev, land), -1) if b.ahead else step[land]), n + 1
                    if n < rule.run or land < 0 or cells[land] or land in rule.avoid or land in rule.avoid_stop:
                        continue
                if land < 0 or land in rule.avoid or land in rule.avoid_stop:
                    continue
                if cells[land] and (to == "empty" or owner_of[cells[land]] == mover):
                    continue  # a hop lands on an empty site, or where `to` allows, on an enemy it takes
                if not cells[land] and to == "enemy":
                    continue
                out.append((MOVE, a, land, t if (rule.capture and who != mover) else -1, -1, -1))

    def _flying_hop(self, rule: MoveRule, a: int, mover: int, step: list[int], t: int, out: list) -> None:
        """A long hop: over empty sites to an enemy (not one already taken this turn), then to
        any empty site beyond it, each a move."""
        cells = self.cells
        while t >= 0 and not cells[t] and t not in rule.avoid:
            t = step[t]
        if t < 0 or not cells[t] or t in rule.avoid or (self.dead and t in self.dead):
            return
        who = self.game.owner_of[cells[t]]
        if rule.over == "enemy" and who == mover or rule.over == "friend" and who != mover:
            return
        land = step[t]
        if rule.flying_near:
            # flying = "near": the piece lands on the site just beyond the one it takes.
            if land >= 0 and not cells[land] and land not in rule.avoid and land not in rule.avoid_stop:
                out.append((MOVE, a, land, t if (rule.capture and who != mover) else -1, -1, -1))
            return
        while land >= 0 and not cells[land] and land not in rule.avoid:
            if land not in rule.avoid_stop:
                out.append((MOVE, a, land, t if (rule.capture and who != mover) else -1, -1, -1))
            land = step[land]

    def _land(self, rule: MoveRule, a: int, t: int, out: list) -> None:
        c = self.cells[t]
        if t in rule.avoid_stop:
            return
        if not c:
            if rule.to != "enemy":
                out.append((MOVE, a, t, -1, -1, -1))
        elif rule.to != "empty" and self.game.owner_of[c] != self.game.owner_of[self.cells[a]]:
            if self.game.kind_of[c] not in rule.not_capture:
                out.append((MOVE, a, t, -1, -1, -1))

    def _promotions(self, moves: list) -> list:
        g = self.game
        p = g.promote
        if p.get("each") is not None:
            return chesslike.promotions(self, moves)  # promotion by kind (shogi)
        if p["at_end"]:
            return moves  # promoted when the turn ends (_next_turn)
        out = []
        for m in moves:
            if m[0] == MOVE and g.kind_of[self.cells[m[1]]] in p["pieces"] and m[2] in p["zones"][self.mover]:
                if p["if_lost"] and any(self.cells.count(g.code(self.mover, k)) for k in p["to"]):
                    out.append((MOVE, m[1], m[2], m[3], REMOVED, -1))  # nothing lost: the piece goes
                    continue
                out.extend((MOVE, m[1], m[2], m[3], k, -1) for k in (p["to"] if p["by_file"] is None else (p["by_file"][self.mover][m[2]],))
                           if k not in p["lost"] or self._fewer(k))
            else:
                out.append(m)
        return out

    def _fewer(self, k: int) -> bool:
        """Whether the mover has fewer pieces of kind ``k`` on the board than at the start
        (promote.lost: a promotion only to a kind the player has lost)."""
        code = self.game.code(self.mover, k)
        return self.cells.count(code) < self.game.start_cells.count(code)

    def _longest(self, moves: list) -> list:
        """Keep the first hops of the capture sequences that take the most pieces."""
        best, keep = 0, []
        for m in moves:
            if m[0] != MOVE or m[3] < 0:
                continue
            n = self._chain(m)
            if n > best:
                best, keep = n, [m]
            elif n == best:
                keep.append(m)
        return keep or moves

    def _chain(self, m: tuple, depth: int = 0) -> int:
        sim = self.copy()
        sim._apply_move(m, continue_turn=True)
        if sim.pending < 0 or depth > 20:
            return 1
        more = [x for x in sim._piece_moves(sim.pending, hops_only=True) if x[3] >= 0]
        return 1 + max((sim._chain(x, depth + 1) for x in more), default=0)

    def _removals(self) -> list:
        g = self.game
        enemy = [s for s, c in enumerate(self.cells) if c and g.team_of(g.owner_of[c]) != g.team_of(self.mover)]
        if g.line and g.line["protect"]:
            free = [s for s in enemy if not self._in_line(s)]
            if free:
                enemy = free
        return [(REMOVE, -1, s, -1, -1, -1) for s in enemy]

    def _left_row(self, a: int, b: int, mover: int) -> bool:
        """capture.line leaving: the piece that went from ``a`` to ``b`` stood at the end of a
        row of exactly one more than the line's length along its dirs, and the rest stays."""
        g, cells, step = self.game, self.cells, self.game.board.step
        n = g.line["length"]
        for d in g.line["dirs"]:
            runs = []
            for e in (d, (d + 4) % 8):
                k, x = 0, step[e][a]
                while x >= 0 and x != b and cells[x] and g.owner_of[cells[x]] == mover:
                    k, x = k + 1, step[e][x]
                runs.append(k)
            if sorted(runs) == [0, n]:
                return True
        return False

    def _in_line(self, s: int, exact: bool = False) -> bool:
        g = self.game
        cells = self.cells
        owner = g.owner_of[cells[s]]
        axes = g._fast.capture_axes(g, exact)
        if axes is not None:
            return _row(cells, g.owner_of, owner, axes[s], g.line["length"], exact)
        step = g.board.step
        for ln in g.lines_at[s]:
            if all(cells[t] and g.owner_of[cells[t]] == owner for t in ln):
                if exact:
                    # capture.line exact: the row is no longer than its length.
                    d = next(d for d in range(8) if step[d][ln[0]] == ln[1])
                    if any(f >= 0 and cells[f] and g.owner_of[cells[f]] == owner
                           for f in (step[(d + 4) % 8][ln[0]], step[d][ln[-1]])):
                        continue
                return True
        return False

    def _moves_to(self, a: int, region: frozenset[int], depth: int) -> int:
        """How many moves the piece on ``a`` needs to stand in ``region`` with every other piece
        where it is (its own step and slide moves), or 0 when more than ``depth``."""
        g = self.game
        c = self.cells[a]
        kind, seat = g.kind_of[c], g.owner_of[c]
        rules = [r for r in g.move_rules if kind in r.pieces and r.kind in ("step", "slide") and r.to != "enemy"]
        cells = self.cells
        step = g.board.step
        seen = {a}
        frontier = [a]
        for n in range(1, depth + 1):
            nxt = []
            for s in frontier:
                for rule in rules:
                    for d in rule.dirs[seat]:
                        t = step[d][s]
                        run = 0
                        while t >= 0 and (not cells[t] or t == a) and t not in rule.avoid:
                            run += 1
                            if t not in rule.avoid_stop and t not in seen:
                                if t in region:
                                    return n
                                seen.add(t)
                                nxt.append(t)
                            if rule.kind == "step" or (rule.max and run >= rule.max):
                                break
                            t = step[d][t]
            frontier = nxt
        return 0

    # -- check ------------------------------------------------------------------------------
    def _out_of_check(self, moves: list) -> list:
        """The moves that leave none of the mover's royal pieces attacked (``_leaves_in_check``
        for each), tested in full only where the move can change that: where no royal piece is
        attacked now, a plain move (made and unmade on the cells) whose start, the piece it
        takes and (behind a screen, or leaving the board) its end lie outside every square the
        attack test reads for the royal pieces (``PiecesGame.check_reach``) leaves them as safe;
        so does one whose start lies inside but whose piece, lifted alone, leaves them unattacked
        (a piece of the mover's own coming onto a square can only close an attack, where there
        are no screens: tested once per square moved from)."""
        g = self.game
        if g.custodial or g.surround or g.line:
            return [m for m in moves if not self._leaves_in_check(m)]
        cells = self.cells
        mover = self.mover
        royal = []
        for k in (g.check_royal, *getattr(g, "check_royal_more", ())):
            code = g.code(mover, k)
            site = -1
            while True:
                try:
                    site = cells.index(code, site + 1)
                except ValueError:
                    break
                royal.append(site)
        if not royal or any(self.attacked(r, mover) for r in royal):
            return [m for m in moves if not self._leaves_in_check(m)]
        reach = g.check_reach()  # (sets g.screens)
        zone = reach[royal[0]] if len(royal) == 1 else frozenset().union(*(reach[r] for r in royal))
        screen = g.screens
        lifted: dict[int, bool] = {}  # square moved from -> the royal pieces stay safe without it
        out = []
        for m in moves:
            if (m[0] == MOVE and m[5] < 0 and (m[3] < 0 or m[3] not in zone)
                    and not ((screen or m[4] == REMOVED) and m[2] in zone)):
                a = m[1]
                if a not in zone:
                    out.append(m)
                    continue
                safe = lifted.get(a)
                if safe is None:
                    if a in royal:
                        safe = lifted[a] = False
                    else:
                        c = cells[a]
                        cells[a] = 0
                        try:
                            safe = lifted[a] = not any(self.attacked(r, mover) for r in royal)
                        finally:
                            cells[a] = c
                if safe:
                    out.append(m)
                    continue
            if not self._leaves_in_check(m):
                out.append(m)
        return out

    def _leaves_in_check(self, m: tuple) -> bool:
        g = self.game
        what, a, b, taken, promote, _ = m
        if what != MOVE or g.custodial or g.surround or g.line or m[5] >= 0:
            sim = self.copy()
            sim._apply_move(m, continue_turn=True, check_ends=False)
            return sim.in_check(self.mover)
        # A plain move (the chess-like games): made and unmade on the cells, no copy.
        cells = self.cells
        ca, cb, ct = cells[a], cells[b], cells[taken] if taken >= 0 else 0
        cells[b] = ca if promote < 0 else g.code(self.mover, promote) if promote != REMOVED else 0
        cells[a] = 0
        if taken >= 0:
            cells[taken] = 0
        try:
            return self.in_check(self.mover)
        finally:
            cells[a], cells[b] = ca, cb
            if taken >= 0:
                cells[taken] = ct

    def in_check(self, seat: int) -> bool:
        g = self.game
        cells = self.cells
        for k in (g.check_royal, *getattr(g, "check_royal_more", ())):
            code = g.code(seat, k)
            site = -1
            while True:  # every royal piece of the seat (Double Chess has two kings a side)
                try:
                    site = cells.index(code, site + 1)
                except ValueError:
                    break
                if self.attacked(site, seat):
                    return True
        return False

    def attacked(self, site: int, seat: int) -> bool:
        """Whether a piece of another seat could take the piece on ``site`` by moving there."""
        g = self.game
        b = g.board
        cells = self.cells
        owner_of, kind_of = g.owner_of, g.kind_of
        victim = kind_of[cells[site]]
        rays, others = g.attack_table()
        if rays:
            # The step and slide rules, all at once: walk each direction from the site to the
            # first piece, and ask whether a rule of its kind and seat reaches back so far.
            unmoved = self.unmoved
            for e, run in g.runs()[site]:
                n = 0
                for a in run:
                    n += 1
                    if cells[a]:
                        break
                else:
                    continue
                c = cells[a]
                enemy = owner_of[c]
                if enemy == seat:
                    continue
                for back, one, most, not_capture, ch in rays.get(kind_of[c], ()):
                    if e not in back[enemy] or (n > 1 if one else most and n > most) or victim in not_capture:
                        continue
                    if ch is not None:
                        if ((ch["takes"] is not None and victim not in ch["takes"])
                                or (ch["stay"] is not None and site not in ch["stay"][enemy])
                                or (ch["first"] and not (unmoved >> a) & 1)
                                or (ch["from"] is not None and a not in ch["from"][enemy])):
                            continue
                    return True
        for rule in others:
            if rule.chess is not None:
                if chesslike.attacks(self, rule, site, seat):
                    return True
                continue
            if rule.to == "empty" or rule.kind in ("place", "fly", "hop") or victim in rule.not_capture:
                continue
            if rule.kind == "leap":
                for a in rule.rev_offsets[site]:
                    c = cells[a]
                    if c and owner_of[c] != seat and kind_of[c] in rule.pieces:
                        return True
                continue
            for enemy in range(g.players):
                if enemy == seat:
                    continue
                for d in rule.dirs[enemy]:
                    back = b.step[(d + 4) % 8]
                    a = back[site]
                    n = 1
                    while a >= 0:
                        c = cells[a]
                        if c:
                            if owner_of[c] == enemy and kind_of[c] in rule.pieces and a not in rule.avoid:
                                return True
                            break
                        if rule.kind == "step" or (rule.max and n >= rule.max) or a in rule.avoid:
                            break
                        a = back[a]
                        n += 1
        return False

    # -- playing --------------------------------------------------------------------------
    def play(self, move: tuple) -> None:
        if isinstance(move, int):
            chesslike.die_thrown(self, move)  # turn.die: the throw
            return
        self._apply_move(move, continue_turn=True)

    def _apply_move(self, move: tuple, continue_turn: bool, check_ends: bool = True) -> None:
        g = self.game
        what, a, b, taken, promote, kind = move
        cells = self.cells
        mover = self.mover
        if g.huff:
            # capture huff: a player's first move of a turn that takes nothing, where a capture
            # was open, leaves the pieces that could have taken to the opponent's huff; the
            # opponent's own chance to huff ends with his first act.
            huffed = self.huffable
            self.huffable = ()
            if what == REMOVE and huffed and b in huffed and not self.removals:
                self._moves = None
                cells[b] = 0
                self.scores[mover] += 1
                self.quiet = 0
                if self.seen:
                    self.seen.clear()
                if check_ends:
                    self._check_ends(after_move=True)
                    self.begin_turn()  # the same player now moves (or, with no move, loses)
                return
            if what in (MOVE, PLACE) and self.pending < 0 and not self.removals and not self._captures(move):
                # (a trial move, check_ends off, reads the pseudo-legal moves: no recursion)
                listed = self._moves if self._moves is not None else self._generate() if check_ends else self._pseudo()
                could = sorted({m[1] for m in listed if self._captures(m)})
                if could:
                    self.huffable = tuple(sorted(b if s == a else s for s in could))
        self._moves = None
        captured = 0
        if what == HOOKED:
            g.hook_rule.hook(self, "play", move, check_ends)  # move.kind = "hook": the hook plays its move
            return
        if what == PASS:
            swap = g.swap and self.turn == 1 and self.pending < 0 and not self.removals
            self.pending = -1
            if swap:
                # turn.swap: the second player takes over the first's pieces; the seats stay as
                # they are, so the same seat, now the other player's, moves next.
                self.turn += 1
                self._moves = None
                if check_ends:
                    self.begin_turn()
                return
            self._next_turn(check_ends)
            return
        if what == REMOVE:
            if g.owner_of[cells[b]] != mover:  # lifting one's own piece scores nothing
                self.scores[mover] += 1
            cells[b] = 0
            if self.seen:
                self.seen.clear()
            self.removals -= 1
            self.quiet = 0
            if self.removals <= 0:
                self.removals = 0
                self._next_turn(check_ends)
            return
        self.last_to = b
        if what == MOVE and kind == PUSHED:
            # move.push: the cubes between `to` and `from` shift one square towards `from`; the
            # cube taken comes in at `to`, the mover's, unless it was the opponent's (take any).
            c = cells[a]
            new = c if c and g.owner_of[c] != mover else g.code(mover, g.push_kind)
            d = next(d for d in (0, 2, 4, 6) if _ray_to(g.board.step[d], a, b))
            s = a
            while s != b:
                t = g.board.step[d][s]
                cells[s] = cells[t]
                s = t
            cells[b] = new
            self.quiet += 1
            if g.either_line and check_ends:
                self._either_line(mover)
            if self.over:
                return
            self.pending = -1
            self._next_turn(check_ends)
            return
        plain = what == MOVE and taken < 0 and bool(g.plain_chain) and self._plain_hop(a, b)
        if getattr(g, "chess_extra", False):
            chesslike.moved(self, what, a, b, kind if what == MOVE else -1, taken)  # castling's rook, double steps, drops
        if what == PLACE:
            cells[b] = g.code(mover, kind if promote < 0 else promote)  # promote: a drop's other side (chesslike either)
            self.hands[mover][kind] -= 1
        else:
            c = cells[a]
            if self.unmoved:
                self.unmoved &= ~((1 << a) | (1 << b))
            if cells[b]:
                captured += 1
                victim = cells[b]
                if g.points:
                    self.scores[mover] += g.points.get(g.kind_of[victim], 1) - 1  # pieces.KIND.points
                if check_ends and g.kind_of[victim] in g.royal:
                    self._royal_taken(victim)
            cells[a] = 0
            if taken >= 0 and g.approach is not None and self._direction(a, b) >= 0:
                # An approach or a withdrawal: the row of enemies behind the first goes too.
                d = self._direction(a, b)
                dd = d if g.board.step[d][b] == taken else (d + 4) % 8
                s = g.board.step[dd][taken]
                while s >= 0 and cells[s] and g.owner_of[cells[s]] != mover:
                    cells[s] = 0
                    captured += 1
                    s = g.board.step[dd][s]
                self.trail = (self.trail or [a]) + [b]
            if taken >= 0 and g.hop_runs:
                # move.run: the rest of the row hopped over, on along the line to the landing.
                brd = g.board
                d = self._direction(a, taken)
                prev, s = taken, (brd.ahead.get((a, taken), -1) if brd.ahead else brd.step[d][taken])
                while s >= 0 and s != b and cells[s]:
                    cells[s] = 0
                    captured += 1
                    prev, s = s, (brd.ahead.get((prev, s), -1) if brd.ahead else brd.step[d][s])
            if taken >= 0 and g.chain_line_kinds and g.approach is None:
                self.trail = (self.trail or [a]) + [b]  # hop chain = "line-or-edge": the hops' landings
            if taken >= 0:
                if check_ends and g.kind_of[cells[taken]] in g.royal:
                    self._royal_taken(cells[taken])
                if g.taken_at_end:
                    self.dead = self.dead + [taken]  # leaves the board when the turn ends
                else:
                    cells[taken] = 0
                captured += 1
            cells[b] = c if promote < 0 else g.code(mover, promote) if promote != REMOVED else 0
            if getattr(g, "spends", False):
                chesslike.after_move(self, move, mover)  # a once-in-a-game leap made
            if getattr(g, "meet", None):
                captured += chesslike.meet(self, b)  # capture meet: pawns met head-on
        captured += self._after_move(b, placed=what == PLACE)
        self.scores[mover] += captured
        rows_at = getattr(g, "rows_at", None)
        if rows_at is not None and cells[b] and any(
                all(cells[u] and g.owner_of[cells[u]] == mover for u in ln) for ln in rows_at[b]):
            self.scores[mover] += 1  # end rows: a row made by this move counts
        if captured and self.seen:
            self.seen.clear()
        self.quiet = 0 if captured or (what == PLACE and g.limit and g.limit.get("from_play")) else self.quiet + 1
        if self.over:
            return
        # Lines formed: the mover removes.
        if g.line and not (what == PLACE and not g.line["placing"]) and (
                self._in_line(b, g.line["exact"]) or what == MOVE and g.line["leaving"] and self._left_row(a, b, mover)):
            if any(c and g.team_of(g.owner_of[c]) != g.team_of(mover) for c in cells):
                self.removals = 1
                self.pending = -1
                if check_ends:
                    self._check_ends(after_move=True)
                return
        # Placing several pieces a turn (per_turn): the turn goes on while the count placed of
        # the rule's kinds is not yet a multiple of it and a piece can still be placed.
        if what == PLACE and g.per_turn.get(kind, 1) > 1:
            kinds = g.per_turn_kinds[kind]
            placed = sum(g.start_hands[mover][k] - self.hands[mover][k] for k in kinds)
            if mover == g.first:
                placed += g.per_turn_shift.get(kind, 0)  # first_turn: the opening turn places fewer
            if placed % g.per_turn[kind] and any(self.hands[mover][k] for k in kinds):
                self.pending = -1
                if self.moves():
                    return
        if what == PLACE and g.refill:
            # place.refill: having put a piece back, the mover moves on in the same turn.
            self.pending = -1
            self._moves = None
            if self.moves():
                return
        if what == PLACE and g.then_move and not any(any(h) for h in self.hands):
            # then_move: who placed the last piece of all moves on in the same turn.
            self.pending = -1
            self._moves = None
            if self.moves():
                return
        # capture_again: the piece that took moves again.
        if g.capture_again and what == MOVE and captured and not (
                g.again_capturing and not any(self._takes(m) for m in self._piece_moves(b))):
            if check_ends:
                self._check_ends(after_move=True)
            if self.over:
                return
            self.pending = b
            self._moves = None
            return
        # promote.again: the piece just promoted moves again at once (or passes).
        if what == MOVE and 0 <= promote < REMOVED and g.promote and promote in g.promote["again"] and self.pending < 0:
            if check_ends:
                self._check_ends(after_move=True)
            if self.over:
                return
            self.pending = b
            self._moves = None
            return
        # A hop that took a piece may go on (not once promoted, where promotion ends the turn).
        if what == MOVE and taken >= 0 and not (promote >= 0 and g.promote["ends_turn"]):
            rule_cont = next((r.cont for r in g.capture_rules if r.cont != "no"), "no")
            if rule_cont != "no":
                self.pending = b
                more = [m for m in self._piece_moves(b, hops_only=True) if m[3] >= 0 and self._chain_ok(m)]
                if more:
                    if check_ends:
                        self._check_ends(after_move=True)
                    if not self.over:
                        self._moves = None
                    return
        if plain:
            # A hop taking nothing, of a chaining rule: the piece may hop on (or stop).
            self.trail = (self.trail or [a]) + [b]
            self.pending = b
            if self._plain_chain(b):
                if check_ends:
                    self._check_ends(after_move=True)
                if not self.over:
                    self._moves = None
                return
        self.pending = -1
        self._next_turn(check_ends)

    def _royal_taken(self, victim: int) -> None:
        g = self.game
        loser = g.owner_of[victim]
        for e in g.ends:
            if e["kind"] == "captured" and e["piece"] == g.kind_of[victim]:
                self.over = (self._other(loser), "captured")

    def _other(self, seat: int) -> int:
        g = self.game
        return next(s for s in range(g.players) if g.team_of(s) != g.team_of(seat))

    def _after_move(self, b: int, placed: bool = False) -> int:
        """Custodial and surround captures made by the piece that came to ``b``."""
        g = self.game
        cells = self.cells
        if not (g.custodial or g.surround or g.shieldwall or g.intervene or g.enclose):
            return 0
        mover = g.owner_of[cells[b]]
        mk = g.kind_of[cells[b]]
        step = g.board.step
        owner_of, kind_of = g.owner_of, g.kind_of
        taken = 0
        between: set[int] = set()
        for rule in g.intervene:
            # Coming between two enemies on a line takes both; judged, like the custodial
            # captures, on the board as the move left it (the pieces go after those).
            if mk not in rule["by"] or placed and not rule["placing"]:
                continue
            for d in rule["dirs"]:
                if d >= 4 or d + 4 not in rule["dirs"]:
                    continue
                n1, n2 = step[d][b], step[d + 4][b]
                if n1 < 0 or n2 < 0:
                    continue
                c1, c2 = cells[n1], cells[n2]
                if (c1 and c2 and owner_of[c1] != mover and owner_of[c2] != mover
                        and kind_of[c1] in rule["pieces"] and kind_of[c2] in rule["pieces"]
                        and n1 in rule["where"] and n2 in rule["where"]):
                    between.update((n1, n2))
        for rule in g.custodial:
            if mk not in rule["by"] or placed and not rule["placing"]:
                continue
            for d in rule["dirs"]:
                n = step[d][b]
                if n < 0:
                    continue
                c = cells[n]
                if not c or owner_of[c] == mover or kind_of[c] not in rule["pieces"] or n not in rule["where"]:
                    continue
                far = step[d][n]
                row = [n]
                while rule["max"] != 1 and far >= 0 and (rule["max"] == 0 or len(row) < rule["max"]):
                    # A row of enemies (custodial max): the far end is past the whole row.
                    fc = cells[far]
                    if not fc or owner_of[fc] == mover or kind_of[fc] not in rule["pieces"] or far not in rule["where"]:
                        break
                    row.append(far)
                    far = step[d][far]
                if far < 0:
                    continue
                fc = cells[far]
                if (fc and owner_of[fc] == mover) or (not fc and far in rule["hostile"]) or far in rule["always"]:
                    for r in row:
                        cells[r] = 0
                    taken += len(row)
        for n in between:  # the intervening captures, where a custodial one left the piece
            if cells[n]:
                cells[n] = 0
                taken += 1
        for rule in g.surround:
            if placed and not rule["placing"]:
                continue
            for d0 in rule["dirs"]:
                n = step[d0][b]
                if n < 0:
                    continue
                c = cells[n]
                if not c or owner_of[c] == mover or kind_of[c] not in rule["pieces"] or n not in rule["where"]:
                    continue
                closed = True
                for d in rule["dirs"]:
                    m = step[d][n]
                    if m < 0:
                        if rule["edge"]:
                            continue  # the board's edge closes this side
                        closed = False
                        break
                    mc = cells[m]
                    if not ((mc and owner_of[mc] == mover) or (m in rule["hostile"] and not mc)):
                        closed = False
                        break
                if closed:
                    if kind_of[c] in g.royal:
                        self._royal_taken(c)
                    cells[n] = 0
                    taken += 1
        for rule in g.enclose:
            # The opponent's groups beside the piece left without an empty site beside them.
            for d0 in rule["dirs"]:
                n = step[d0][b]
                if n < 0 or not cells[n] or owner_of[cells[n]] == mover:
                    continue
                group = self._closed_group(n, rule["dirs"])
                for s in group:
                    cells[s] = 0
                taken += len(group)
        if g.shieldwall and not placed:
            taken += self._shieldwall(b, mover)
        return taken

    def _closed_group(self, a: int, dirs: tuple[int, ...]) -> list[int]:
        """The group of ``a`` (pieces of its side joined along ``dirs``) where no empty site
        lies beside it along ``dirs``, else []."""
        g, cells, step = self.game, self.cells, self.game.board.step
        owner = g.owner_of[cells[a]]
        todo, seen = [a], {a}
        while todo:
            x = todo.pop()
            for d in dirs:
                y = step[d][x]
                if y < 0 or y in seen:
                    continue
                if not cells[y]:
                    return []
                if g.owner_of[cells[y]] == owner:
                    seen.add(y)
                    todo.append(y)
        return sorted(seen)

    def _edge_inward(self, s: int) -> list[tuple[int, int]]:
        """For a site on the grid's edge (not a corner): [(direction along the edge, the
        opposite one)] and the direction inward, as ([...], inward); else ([], -1)."""
        known = self.game._fast.edge_inward  # (worked out once per site)
        if s not in known:
            known[s] = self._edge_inward_of(s)
        return known[s]

    def _edge_inward_of(self, s: int) -> list[tuple[int, int]]:
        b = self.game.board
        x, y = b.xy[s]
        xs = [p[0] for p in b.xy]
        ys = [p[1] for p in b.xy]
        sides = [(x == min(xs), 0, 2), (x == max(xs), 4, 2), (y == min(ys), 2, 0), (y == max(ys), 6, 0)]
        on = [(inward, along) for hit, inward, along in sides if hit]
        if len(on) != 1:
            return []
        inward, along = on[0]
        return [(along, inward), ((along + 4) % 8, inward)]

    def _shieldwall(self, b: int, mover: int) -> int:
        """A shieldwall closed by the piece that came to ``b`` (see the module's docstring)."""
        g = self.game
        cells = self.cells
        step = g.board.step
        owner_of, kind_of = g.owner_of, g.kind_of
        taken = 0
        for rule in g.shieldwall:
            for d, inward in self._edge_inward(b):
                row = []
                n = step[d][b]
                while n >= 0 and cells[n] and owner_of[cells[n]] != mover:
                    row.append(n)
                    n = step[d][n]
                if len(row) < 2 or n < 0:
                    continue
                if not ((cells[n] and owner_of[cells[n]] == mover) or (not cells[n] and n in rule["hostile"])):
                    continue
                if not all(step[inward][r] >= 0 and cells[step[inward][r]]
                           and owner_of[cells[step[inward][r]]] == mover for r in row):
                    continue
                for r in row:
                    if kind_of[cells[r]] in rule["pieces"]:
                        cells[r] = 0
                        taken += 1
        return taken

    def _next_turn(self, check_ends: bool = True) -> None:
        g = self.game
        self.trail = []
        if self.dead:
            for s in self.dead:
                self.cells[s] = 0
            self.dead = []
        p = g.promote
        if p and p["at_end"] and self.last_to >= 0:
            c = self.cells[self.last_to]
            if (c and g.owner_of[c] == self.mover and g.kind_of[c] in p["pieces"]
                    and self.last_to in p["zones"][self.mover]):
                self.cells[self.last_to] = g.code(self.mover, p["to"][0])
        self.turn += 1
        self.mover = (self.mover + 1) % g.players
        self.pending = -1
        self.throw = 0
        if self.seen is not None:
            self.seen.add(self.position_key())
        if check_ends:
            if getattr(g, "check_count", None) is not None and not self.over:
                chesslike.count_check(self)  # end checks: checks given in succession
            self._check_ends(after_move=True)
            self.begin_turn()

    def begin_turn(self, keep_over: bool = False) -> None:
        """Decide the ends that hold before the player to move chooses (no move, limits)."""
        self._moves = None
        if self.over:
            return
        g = self.game
        if getattr(g, "spent_by_check", False):
            chesslike.note_check(self)  # move.unchecked: a royal piece in check now
        if getattr(g, "first_check", False):
            chesslike.note_first_check(self)  # move.first_check: in check the first time
        if g.limit:
            lim = g.limit
            if (lim["limit"] and self.turn >= lim["limit"]) or (lim["quiet"] and self.quiet >= lim["quiet"]):
                if lim["result"] == "draw":
                    self.over = (None, "move-limit")
                elif lim["result"] == "win":
                    self.over = (lim["winner"], "move-limit")
                elif lim["result"] == "score":
                    self.over = (self._top_score(), "move-limit")
                else:
                    self.over = (self._most_pieces(None if lim.get("tie", "draw") == "draw" else lim["tie"]), "move-limit")
                return
        if not self.moves():
            if g.check_royal >= 0:
                if self.in_check(self.mover):
                    self.over = (self._other(self.mover), "checkmate")
                    if g.mate_draw_while and any(c and g.owner_of[c] == self.mover and g.kind_of[c] in g.mate_draw_while
                                                 for c in self.cells):
                        self.over = (None, "checkmate")
                    return
                result = g.stalemate
                how = "stalemate"
            else:
                result = g.no_moves_of.get(self.mover, g.no_moves)
                for region, res in g.no_moves_where.get(self.mover, ()):
                    if any(self.cells[s] and g.owner_of[self.cells[s]] == self.mover for s in region):
                        result = res
                        break
                how = "no-moves"
                if result == "pass":
                    # The player passes; where no other seat can move either, the game is drawn.
                    other = self.copy()
                    for k in range(1, g.players):
                        other.mover = (self.mover + k) % g.players
                        other._moves = None
                        if other._generate():
                            self._moves = [(PASS, -1, -1, -1, -1, -1)]
                            return
                    result = "draw"
            if result == "draw":
                self.over = (None, how)
            elif result == "more-pieces":
                self.over = (self._most_pieces(None), how)
            elif result == "most-filled":
                self.over = (self._most_filled(), how)
            elif result == "loss":
                self.over = (self._other(self.mover), how)
            else:
                self.over = (self.mover, how)

    def _top_score(self) -> int | None:
        """The seat with the highest score; None (a draw) where several share it."""
        best = max(self.scores)
        top = [s for s in range(self.game.players) if self.scores[s] == best]
        return top[0] if len(top) == 1 else None

    def _most_pieces(self, tie: int | None) -> int | None:
        """The seat with the most pieces on the board; ``tie`` (a seat, or None for a draw) where
        several have as many."""
        g = self.game
        counts = [sum(1 for c in self.cells if c and g.owner_of[c] == s) for s in range(g.players)]
        winners = [s for s in range(g.players) if counts[s] == max(counts)]
        return winners[0] if len(winners) == 1 else tie

    def _most_filled(self) -> int | None:
        """no-moves ``most-filled``: the seat whose ``fill`` end's region holds most pieces
        (whoever's, with ``whoever``); None (a draw) where several hold as many."""
        g = self.game
        counts = {e["seat"]: sum(1 for s in e["region"] if self.cells[s] and (e["whoever"] or g.owner_of[self.cells[s]] == e["seat"]))
                  for e in g.ends if e["kind"] == "fill"}
        if not counts:
            return None
        best = max(counts.values())
        winners = [s for s, n in counts.items() if n == best]
        return winners[0] if len(winners) == 1 else None

    def _check_ends(self, after_move: bool) -> None:
        g = self.game
        if self.over:
            return
        for e in g.ends:
            if e["kind"] == "line":
                # A line of one's own pieces made by the move just played wins.
                c = self.cells[self.last_to] if self.last_to >= 0 else 0
                if c and e["colours"] is not None:
                    # line.colours: a seat's row is made of the pieces of the seats listed for
                    # it, each of them in the row; the seats judged in turn order.
                    cells, owner_of = self.cells, g.owner_of
                    for seat in range(g.players):
                        want = e["colours"][seat]
                        for ln in e["lines_at"][self.last_to]:
                            if all(cells[t] for t in ln) and {owner_of[cells[t]] for t in ln} == want:
                                self.over = (seat if e["result"] == "win" else self._other(seat), "line")
                                return
                elif e["either"]:
                    pass  # judged by _either_line as the move is played
                elif c and e["with"]:
                    # line.with: pieces of these kinds, whoever's, count in every seat's row; the
                    # seats are judged in turn order, the first with such a row through the
                    # piece just placed winning.
                    cells, kind_of, owner_of = self.cells, g.kind_of, g.owner_of
                    for seat in range(g.players):
                        for ln in e["lines_at"][self.last_to]:
                            if all(cells[t] and (kind_of[cells[t]] in e["with"] or owner_of[cells[t]] == seat) for t in ln):
                                self.over = (seat if e["result"] == "win" else self._other(seat), "line")
                                return
                elif c:
                    owner = g.owner_of[c]
                    axes = g._fast.line_axes(g, e)
                    if axes is not None:
                        # The rows through the site, each counted out both ways from it.
                        cells, owner_of, length = self.cells, g.owner_of, e["length"]
                        exact = e["flanks"] is not None
                        for ahead, behind in axes[self.last_to]:
                            n = 1
                            for t in ahead:
                                x = cells[t]
                                if not x or owner_of[x] != owner:
                                    break
                                n += 1
                            for t in behind:
                                x = cells[t]
                                if not x or owner_of[x] != owner:
                                    break
                                n += 1
                            if n == length or n > length and not exact:
                                self.over = (owner if e["result"] == "win" else self._other(owner), "line")
                                return
                        continue
                    for ln in e["lines_at"][self.last_to]:
                        if all(self.cells[t] and g.owner_of[self.cells[t]] == owner for t in ln):
                            if e["flanks"] is not None and any(
                                    self.cells[f] and g.owner_of[self.cells[f]] == owner for f in e["flanks"][ln]):
                                continue  # part of a longer row (exact)
                            if e["not_start"] and (any if e["not_start"] == "any" else all)(
                                    g.start_cells[t] and g.owner_of[g.start_cells[t]] == owner for t in ln):
                                continue  # the row the pieces started in (not_start)
                            self.over = (owner if e["result"] == "win" else self._other(owner), "line")
                            return
            elif e["kind"] == "alone":
                left = {g.owner_of[c] for c in self.cells if c}
                if len(left) == 1:
                    (seat,) = left
                    self.over = (self._top_score() if e["result"] == "score" else seat, "alone")
                    return
            elif e["kind"] == "pieces":
                for seat in e["seats"]:
                    n = sum(map(self.cells.count, g.codes_of[seat])) + sum(self.hands[seat])
                    if n <= e["at_most"]:
                        self.over = (self._other(seat), "pieces")
                        return
            elif e["kind"] == "formation":
                # Each piece of the seat's named kinds on its own site: the seat wins.
                for seat, goals in enumerate(e["at"]):
                    if all(self.cells[t] == c for t, c in goals):
                        self.over = (seat, "formation")
                        return
            elif e["kind"] == "fill" and e["every_piece"]:
                # Every piece of the seat's stands in the region, none in hand: it wins.
                seat, region, owner_of = e["seat"], e["region"], g.owner_of
                if not any(self.hands[seat]) and any(c and owner_of[c] == seat for c in self.cells) and all(
                        s in region for s, c in enumerate(self.cells) if c and owner_of[c] == seat):
                    self.over = (seat, "fill")
                    return
            elif e["kind"] == "fill":
                # The seat's pieces stand on every site of the region: it wins.
                if all(self.cells[s] and (e["whoever"] or g.owner_of[self.cells[s]] == e["seat"]) for s in e["region"]):
                    self.over = (e["seat"], "fill")
                    return
            elif e["kind"] == "reach":
                for s in e["region"]:
                    c = self.cells[s]
                    if c and g.kind_of[c] == e["piece"] and (e["per_seat"] is None or s in e["per_seat"][g.owner_of[c]]):
                        self.over = (g.owner_of[c] if e["result"] == "win" else None, "reach")
                        return
            elif e["kind"] == "facing":
                if chesslike.facing_end(self, e):
                    return
            elif e["kind"] == "bare":
                others = [seat for seat in range(g.players)
                          if any(c and g.owner_of[c] == seat and g.kind_of[c] not in e["besides"] for c in self.cells)]
                if len(others) == 1:
                    if e["within"]:
                        # Santaraj: the bare side is checkmated within so many turns, or the
                        # game is drawn (the count runs from the last capture).
                        if self.quiet >= e["within"]:
                            self.over = (None, "bare")
                            return
                        continue
                    self.over = (others[0], "bare")
                    return
                if not others:
                    self.over = (None, "bare")
                    return
            elif e["kind"] == "captured":
                for seat in e["seats"]:
                    if g.code(seat, e["piece"]) not in self.cells and not self.hands[seat][e["piece"]]:
                        self.over = (self._other(seat), "captured")
                        return
            elif e["kind"] == "enclosed" and e["seat"] < 0:
                # enclosed.any, no seat: a move that shuts in any piece of an opponent's, no path
                # from it to the edge but through the opponent's pieces and empty sites, wins.
                mover = g.owner_of[self.cells[self.last_to]] if self.last_to >= 0 and self.cells[self.last_to] else -1
                for seat in range(g.players):
                    if mover >= 0 and g.team_of(seat) != g.team_of(mover) and self._enclosed(seat, e["to"], e["dirs"], True):
                        self.over = (mover, "enclosed")
                        return
            elif e["kind"] == "enclosed":
                if self._enclosed(e["seat"], e["to"], e["dirs"], e["any"]):
                    self.over = (self._other(e["seat"]), "enclosed")
                    return
            elif e["kind"] == "fort":
                for s, c in enumerate(self.cells):
                    if c and g.kind_of[c] == e["piece"] and self._fort(s):
                        self.over = (g.owner_of[c], "fort")
                        return
            elif e["kind"] == "nested":
                # A row of local boards won by one seat, made by the move just played: it wins.
                if self.last_to >= 0 and self.cells[self.last_to]:
                    seat = g.owner_of[self.cells[self.last_to]]
                    k = g.local_of[self.last_to]
                    if self._won_by(k) == seat:
                        won = [self._won_by(j) for j in range(g.nested * g.nested)]
                        if any(k in ln and all(won[j] == seat for j in ln) for ln in g.global_lines):
                            self.over = (seat, "nested")
                            return
            elif e["kind"] == "lone":
                # Every seat down to one piece, each of this kind, none in hand: a draw.
                left = [c for c in self.cells if c]
                if (len(left) == g.players and len({g.owner_of[c] for c in left}) == g.players
                        and all(g.kind_of[c] == e["piece"] for c in left) and not any(any(h) for h in self.hands)):
                    self.over = (None, "lone")
                    return
            elif e["kind"] == "smothered":
                # A piece with no empty site beside it: the mover's own loses the game, else an
                # opponent's wins it.
                c = self.cells[self.last_to] if self.last_to >= 0 else 0
                if not c:
                    continue
                mover = g.owner_of[c]
                step, cells = g.board.step, self.cells
                shut = {g.owner_of[x] for s, x in enumerate(cells)
                        if x and not any(st[s] >= 0 and not cells[st[s]] for st in step)}
                if mover in shut:
                    self.over = (self._other(mover), "smothered")
                    return
                if shut:
                    self.over = (mover, "smothered")
                    return
            elif e["kind"] == "rows":
                # The rows each player has made, counted in the scores (end rows).
                for seat in range(g.players):
                    if self.scores[seat] >= e["count"] and not (
                            e["alone"] and any(self.scores[o] for o in range(g.players) if o != seat)):
                        self.over = (seat, "rows")
                        return

    def _enclosed(self, seat: int, to: frozenset[int] | None = None, dirs: tuple[int, ...] = (0, 2, 4, 6),
                  any_piece: bool = False) -> bool:
        """Whether no piece of ``seat`` can reach the edge (or the region ``to``): the squares
        reached from it along ``dirs`` (rows and columns), through any square but another seat's
        piece, hold none of its (``any_piece``: whether some piece of it cannot)."""
        g = self.game
        cells, owner_of = self.cells, g.owner_of
        b = g.board
        if not any(c and owner_of[c] == seat for c in cells):
            return False
        edge = b.regions.get("edge", frozenset()) if to is None else to
        frontier = [s for s in edge if not cells[s] or owner_of[cells[s]] == seat]
        seen = set(frontier)
        while frontier:
            s = frontier.pop()
            if cells[s] and owner_of[cells[s]] == seat and not any_piece:
                return False
            for d in dirs:
                t = b.step[d][s]
                if t >= 0 and t not in seen and (not cells[t] or owner_of[cells[t]] == seat):
                    seen.add(t)
                    frontier.append(t)
        if any_piece:
            return any(c and owner_of[c] == seat and s not in seen for s, c in enumerate(cells))
        return True

    def _fort(self, k: int) -> bool:
        """Whether the piece on ``k`` stands in an edge fort (see the module's docstring)."""
        g = self.game
        b = g.board
        cells, owner_of = self.cells, g.owner_of
        if k not in b.regions.get("edge", frozenset()):
            return False
        seat = owner_of[cells[k]]
        inside = {k}
        frontier = [k]
        wall: set[int] = set()
        while frontier:
            s = frontier.pop()
            for d in (0, 2, 4, 6):
                t = b.step[d][s]
                if t < 0 or t in inside:
                    continue
                if not cells[t]:
                    inside.add(t)
                    frontier.append(t)
                elif owner_of[cells[t]] == seat:
                    wall.add(t)
                else:
                    return False  # an enemy touches the fort
        if len(inside) < 2:
            return False  # the piece cannot move
        for w in wall:
            for d in (0, 2):
                sides = (b.step[d][w], b.step[d + 4][w])
                if not any(s < 0 or s in inside or s in wall for s in sides):
                    return False
        return True

    # -- the public face ------------------------------------------------------------------
    def action(self, move: tuple) -> Action:
        if isinstance(move, int):
            return Action({"throw": chesslike.throw_faces(self.game, move)})  # turn.die
        g = self.game
        names = g.board.names
        what, a, b, taken, promote, kind = move
        if what == PASS:
            return Action({"pass": True})
        if what == HOOKED:
            return g.hook_rule.hook(self, "action", move)  # move.kind = "hook"
        if what == REMOVE:
            return Action({"remove": names[b]})
        if what == PLACE:
            data: dict[str, Any] = {"to": names[b]}
            if sum(1 for k in range(g.nk) if g.start_hands[self.mover][k]) > 1 or getattr(g, "drops", False):
                data["piece"] = g.kinds[kind]
            if promote >= 0:
                data["promote"] = g.kinds[promote]  # a drop the other side up (chesslike either)
            return Action(data)
        data = {"from": names[a], "to": names[b]}
        if g.approach is not None and taken >= 0 and self._direction(a, b) >= 0:
            data["take"] = names[taken]  # approach or withdrawal: which enemy is taken
        if 0 <= promote < REMOVED and g.promote and len(g.promote["to"]) > 1 and not g.promote.get("by_file"):
            data["promote"] = g.kinds[promote]
        return Action(data)

    def to_json(self) -> dict[str, Any]:
        g = self.game
        names = g.board.names
        return {
            "key": g.key,
            "options": self.options,
            "to_move": self.mover,
            "phase": "remove" if self.removals else ("place" if any(self.hands[self.mover]) and not g.hand_tally else "play"),
            "turn": self.turn,
            "quiet": self.quiet,
            "board": {names[s]: [g.owner_of[c], g.kinds[g.kind_of[c]], 1] for s, c in enumerate(self.cells) if c},
            "hands": [{g.kinds[k]: n for k, n in enumerate(h) if n} for h in self.hands],
            "scores": self.scores,
            "pending": ({"site": names[self.pending] if self.pending >= 0 else None, "remove": self.removals}
                        if self.pending >= 0 or self.removals else None),
            "throw": chesslike.throw_json(self),
            "over": {"winner": self.over[0], "how": self.over[1]} if self.over else None,
        } | ({"seen": sorted(self.seen)} if self.seen is not None else {}) | (
            {"dead": [names[s] for s in self.dead]} if self.dead else {}) | (
            {"trail": [names[s] for s in self.trail]} if self.trail else {}) | (
            {"huff": [names[s] for s in self.huffable]} if self.huffable else {}) | (
            {"last": names[self.last_to]} if self.last_to >= 0 and (g.nested or any(r.beside_last for r in g.move_rules))
            else {}) | (
            chesslike.state_json(self))


class _Fast:
    """Tables the move generator reads, worked out once per compiled game.

    - ``lift``: whether any rule is a lift;
    - ``place[k][s]``: the move placing kind ``k`` on site ``s`` (one tuple, shared);
    - ``plain_place``: the place rules with no condition on the site but that it be empty;
    - ``unique``: the rules (by ``id``: ``MoveRule`` does not hash) whose moves, alone, never repeat one (so the list needs no
      ``_dedupe``): placing, flying and leaping, and the moves along one direction each (step,
      slide, jump, screen, hop, approach) on a board where the runs from each site in different
      directions never share a site and hops go straight on.
    """

    def __init__(self, g: PiecesGame) -> None:
        n = g.board.size
        self.lift = any(r.kind == "lift" for r in g.move_rules)
        self.small_codes = 1 + g.players * g.nk <= 256  # cells fit in bytes (_EMPTY_BYTES)
        self.edge_inward: dict[int, list[tuple[int, int]]] = {}  # PiecesSim._edge_inward, per site
        self.place = [[(PLACE, -1, s, -1, -1, k) for s in range(n)] for k in range(g.nk)]
        self.plain_place = frozenset(
            id(r) for r in g.move_rules if r.kind == "place" and not r.avoid and r.touching < 0
            and not r.beside_last and not r.drop and not r.next_to and r.touching_min <= 0 and r.first_in is None)
        disjoint = not g.board.ahead and all(
            len({t for _, run in per for t in run}) == sum(len(run) for _, run in per) for per in g.runs())
        along = ("step", "slide", "jump", "screen", "hop", "approach")
        self.unique = frozenset(id(r) for r in g.move_rules if r.kind in ("place", "fly", "leap")
                                or (disjoint and r.kind in along))
        self._axes: dict[Any, Any] = {}
        self._ways: dict[int, Any] = {}
        # Whether a move changes no cell but its own (and a hop's taken piece): no capture
        # rule of the board's, no approach, nothing chesslike.moved does.
        self.cells_only = not (g.custodial or g.surround or g.shieldwall or g.intervene or g.enclose
                               or g.approach is not None or getattr(g, "chess_extra", False))
        for r in g.move_rules:
            if r.kind in ("step", "slide") and r.chess is None:
                r.fast_ways = self.ways(g, r)  # read by PiecesSim._rule_moves
                if r.kind == "slide":
                    r.fast_slides = [[tuple(self._cut(run, r.max) for run in runs) for runs in per_site]
                                     for per_site in r.fast_ways]
            # A step to an empty site with no condition on the piece (PiecesSim._pseudo inlines it).
            r.fast_quiet_step = (r.kind == "step" and r.chess is None and r.to == "empty"
                                 and r.not_in_row is None and not r.beside)
            r.fast_hops = None
            if r.kind == "hop" and r.chess is None and not r.flying and r.run == 1:
                r.fast_hops = self.hops(g, r)  # read by PiecesSim._rule_moves
            if r.kind == "circuit":
                r.fast_walks = self.walks(g, r)  # read by PiecesSim._rule_moves
            r.fast_rows = None  # move.not_in_row as line_axes, with the rows' length
            if r.not_in_row is not None:
                lengths = {len(ln) for at in r.not_in_row for ln in at}
                if len(lengths) == 1:
                    length = lengths.pop()
                    axes = self.row_axes(g, r.not_in_row, length, None)
                    r.fast_rows = (axes, length) if axes is not None else None

    def liberty_sites(self, g: PiecesGame) -> list[tuple[int, ...]] | None:
        """Per site, its neighbours along ``constraint.liberties``' directions, where
        ``PiecesSim._with_liberties`` may judge placings from the groups: the neighbours are
        mutual, and no capture but ``enclose`` along those same directions can take a piece."""
        if not hasattr(self, "_liberty_sites"):
            self._liberty_sites = None
            step, dirs = g.board.step, set(g.liberty_dirs)
            nbrs = [tuple(dict.fromkeys(t for d in g.liberty_dirs if (t := step[d][s]) >= 0))
                    for s in range(g.board.size)]
            mutual = all(s in nbrs[t] for s in range(g.board.size) for t in nbrs[s])
            if (g.liberties and mutual and not (g.custodial or g.surround or g.shieldwall or g.intervene)
                    and all(set(rule["dirs"]) == dirs for rule in g.enclose)):
                self._liberty_sites = nbrs
        return self._liberty_sites

    @staticmethod
    def _cut(run: tuple, most: int) -> tuple:
        """A slide's run (``ways``) as (sites, moves, avoid_stop flags or None), cut after
        ``most`` sites where the rule has a ``max``."""
        if most:
            run = run[:most]
        stops = tuple(stop for _, _, stop in run)
        return (tuple(t for t, _, _ in run), tuple(m for _, m, _ in run), stops if any(stops) else None)

    @staticmethod
    def hops(g: PiecesGame, rule: MoveRule) -> list[list[tuple]]:
        """Per seat and site, a (not flying) hop rule's hops, in the order of its directions:
        (the site hopped over, the landing site, the move taking the piece hopped, the move
        not taking it), those landing off the board or in ``avoid`` or ``avoid_stop`` left out."""
        b = g.board
        hops = []
        for dirs in rule.dirs:
            per_site = []
            for a in range(b.size):
                mine = []
                for d in dirs:
                    t = b.step[d][a]
                    if t < 0:
                        continue
                    land = b.ahead.get((a, t), -1) if b.ahead else b.step[d][t]  # along the board's lines
                    if land < 0 or land in rule.avoid or land in rule.avoid_stop:
                        continue
                    mine.append((t, land, (MOVE, a, land, t, -1, -1), (MOVE, a, land, -1, -1, -1)))
                per_site.append(tuple(mine))
            hops.append(per_site)
        return hops

    @staticmethod
    def walks(g: PiecesGame, rule: MoveRule) -> list[list[tuple]]:
        """Per site, a circuit rule's walks from it (Surakarta): for each circuit, each place
        of the site on it and each way round, the sites met in order (the site itself passed
        over) as (site, whether a loop lies behind, the move there)."""
        walks: list[list[tuple]] = [[] for _ in range(g.board.size)]
        for sites, loops in rule.tracks:
            n = len(sites)
            for i, a in enumerate(sites):
                for sgn in (1, -1):
                    j, looped, walk = i, False, []
                    for _ in range(n):
                        k = (j + sgn) % n
                        looped = looped or loops[j if sgn == 1 else k]
                        j = k
                        if sites[j] != a:
                            walk.append((sites[j], looped, (MOVE, a, sites[j], -1, -1, -1)))
                    walks[a].append(tuple(walk))
        return walks

    def ways(self, g: PiecesGame, rule: MoveRule) -> list[list[tuple]]:
        """Per seat and site, where a step or slide rule's piece goes, in the order of the
        rule's directions: a step's neighbours as (site, move, False), those in ``avoid`` or
        ``avoid_stop`` left out; a slide's runs, each the sites along one direction up to an
        ``avoid`` region or the edge (or back round to a site already met), as (site, move,
        whether in ``avoid_stop``)."""
        ways = self._ways.get(id(rule))
        if ways is not None:
            return ways
        step = g.board.step
        ways = []
        for dirs in rule.dirs:
            per_site = []
            for a in range(g.board.size):
                if rule.kind == "step":
                    per_site.append(tuple((t, (MOVE, a, t, -1, -1, -1), False) for d in dirs
                                          if (t := step[d][a]) >= 0 and t not in rule.avoid and t not in rule.avoid_stop))
                    continue
                runs = []
                for d in dirs:
                    run: list[tuple] = []
                    met = {a}
                    t = step[d][a]
                    while t >= 0 and t not in rule.avoid and t not in met:
                        met.add(t)
                        run.append((t, (MOVE, a, t, -1, -1, -1), t in rule.avoid_stop))
                        t = step[d][t]
                    if run:
                        runs.append(tuple(run))
                per_site.append(tuple(runs))
            ways.append(per_site)
        self._ways[id(rule)] = ways
        return ways

    def line_axes(self, g: PiecesGame, end: dict[str, Any]) -> list | None:
        """For an ``end`` of kind line: per site, the rows through it as (the sites ahead along
        one axis, those behind), so that a row of the length through the site is a count out
        both ways; None where that would not say exactly what the end's lines say (its rows of
        the length through each site, and with ``exact`` the sites flanking each, must be the
        windows of those rows and their neighbours along them), or where ``not_start`` asks
        which sites a row stands on."""
        key = id(end)
        if key not in self._axes:
            self._axes[key] = None if end["not_start"] else self.row_axes(g, end["lines_at"], end["length"], end["flanks"])
        return self._axes[key]

    def capture_axes(self, g: PiecesGame, exact: bool) -> list | None:
        """``line_axes`` for the rows of ``capture.line`` (``PiecesSim._in_line``)."""
        key = ("capture", exact)
        if key not in self._axes:
            flanks = None
            if exact:
                step = g.board.step
                flanks = {}
                for ln in g.line["lines"]:
                    d = next(d for d in range(8) if step[d][ln[0]] == ln[1])
                    flanks[ln] = tuple(f for f in (step[(d + 4) % 8][ln[0]], step[d][ln[-1]]) if f >= 0)
            self._axes[key] = self.row_axes(g, g.lines_at, g.line["length"], flanks)
        return self._axes[key]

    def bar_axes(self, g: PiecesGame, bar: dict[str, Any]) -> list | None:
        """``line_axes`` for the rows a ``constraint.no_line`` bars (``PiecesSim._makes_barred_line``)."""
        key = id(bar)
        if key not in self._axes:
            lengths = {len(ln) for at in bar["lines_at"] for ln in at}
            self._axes[key] = self.row_axes(g, bar["lines_at"], lengths.pop(), None) if len(lengths) == 1 else None
        return self._axes[key]

    @staticmethod
    def row_axes(g: PiecesGame, lines_at: list, n: int, flanks: dict | None) -> list | None:
        end = {"lines_at": lines_at, "flanks": flanks}
        runs = g.runs()
        step = g.board.step
        lines = {ln for at in end["lines_at"] for ln in at}
        used = {d for d in range(4) for ln in lines if step[d][ln[0]] == ln[1]}
        axes = []
        for site, per in enumerate(runs):
            along = dict(per)
            mine = []
            windows = set()
            for d in sorted(used):
                ahead, behind = along.get(d, ()), along.get(d + 4, ())
                if set(ahead) & set(behind):
                    return None  # a ring: the two ways meet
                row = list(reversed(behind)) + [site] + list(ahead)
                at = len(behind)
                for i in range(max(0, at - n + 1), min(at, len(row) - n) + 1):
                    window = tuple(row[i:i + n])
                    flank = frozenset(row[j] for j in (i - 1, i + n) if 0 <= j < len(row))
                    windows.add((frozenset(window), flank if end["flanks"] is not None else None))
                mine.append((ahead, behind))
            theirs = {(frozenset(ln), frozenset(end["flanks"][ln]) if end["flanks"] is not None else None)
                      for ln in end["lines_at"][site]}
            if windows != theirs:
                return None
            axes.append(mine)
        return axes


class _Zobrist:
    """Fixed random 64-bit numbers per (site, piece), (seat, kind in hand) and seat to move,
    drawn from a seeded generator so that every process gives a position the same key."""

    def __init__(self, sites: int, codes: int, players: int, kinds: int) -> None:
        rng = random.Random(0x5EED)
        self.cell = [[rng.getrandbits(64) for _ in range(codes)] for _ in range(sites)]
        self.hand = [[rng.getrandbits(64) for _ in range(kinds)] for _ in range(players)]
        self.mover = [rng.getrandbits(64) for _ in range(players)]


def _sign(v: float) -> int:
    return (v > 1e-9) - (v < -1e-9)


def _ray_to(step: list[int], a: int, b: int) -> bool:
    """Whether ``b`` lies on from ``a`` along the direction ``step``."""
    s = step[a]
    while s >= 0:
        if s == b:
            return True
        s = step[s]
    return False


#: bytes(cells).translate(_EMPTY_BYTES): 1 where a site is empty, else 0.
_EMPTY_BYTES = bytes([1] + [0] * 255)


def _row(cells: list[int], owner_of: list[int], owner: int, axes: list, length: int, exact: bool) -> bool:
    """Whether one of the rows ``axes`` gives through a site (``_Fast.line_axes``) holds
    ``length`` of ``owner``'s pieces in a row with it (``exact``: no more)."""
    for ahead, behind in axes:
        n = 1
        for t in ahead:
            x = cells[t]
            if not x or owner_of[x] != owner:
                break
            n += 1
        for t in behind:
            x = cells[t]
            if not x or owner_of[x] != owner:
                break
            n += 1
        if n == length or n > length and not exact:
            return True
    return False


def _dedupe(moves: list) -> list:
    """The moves in order, each once (two move rules may reach the same site)."""
    return list(dict.fromkeys(moves))


def compile(rf: RulesFile) -> PiecesGame:  # noqa: A001 - the mechanic protocol's name
    return PiecesGame(rf)
