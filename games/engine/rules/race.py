"""The race mechanic: dice and stick race games on tracks (the Royal Game of Ur, 20 Squares,
Pachisi and its kin), written as rules files (``games/rulesets/race/*.toml``).

A race game is a board of cells, one track per seat through them (a list of cells, shared cells
allowed, a cell may even come twice in one track), pieces that wait in the hand, enter by a
throw, run the track by the throw's value and leave it ("bear off"); the first seat (or team) to
bear off every piece wins. Chance is an input: when a throw is due the legal actions are the
throws the device can show (``{"throw": [faces]}``); a move is ``{"from": "hand" | CELL, "to":
CELL | "off"}``; ``{"pass": true}`` exists only where the rules make passing a choice (a seat
with no move is otherwise skipped, and its throw lost).

Rule elements a clause may carry. Each is a table; an element may be split over several clauses
(each states some of its fields, none twice). Any field's value may instead be an option's
choice: ``{ option = "NAME", CHOICE = value, ... }`` (one entry per choice of ``[options.NAME]``,
booleans written ``true``/``false``), or ``{ option = "NAME" }`` for the option's value itself.

- ``board``: the cells. ``shape = "squares"`` (``size = [files, ranks]`` squares named ``a1``..
  by file letter and rank number, ``a1`` bottom-left; ``omit`` cells cut out), ``"cross"``
  (``arm = [width, length]``: four arms round an empty centre, named on the square grid they
  stand on, as Pachisi's board), or ``"graph"`` (``sites = [[name, x, y], ...]``, the builder of
  ``games.engine.rules.board``). ``marks = { MARK = [cells] }`` marks cells (drawn; a rule's cell
  list may name a mark for all its cells).
- ``track``: ``seats = [[cells of seat 0], [cells of seat 1], ...]``, or ``path = [cells]`` with
  ``rotate = DEGREES`` (seat k runs the path turned k times by that angle, anticlockwise, about
  the board's centre; 0 = every seat runs the same path). Cells are names, marks, or ranges
  ``"d1..a1"`` (the straight line of cells between the two, both included). ``loop = true``:
  the track runs on from its first square past its last (a piece goes round and round; only a
  ``jump`` takes it off). ``branches = [{ from = CELL, path = [cells], to = CELL }, ...]``
  (every seat running one path, no loop, jumps or other move rules): short cuts (Nyout's cross).
  A piece standing on a cell, where its move began or an earlier move ended, may leave it along
  any route through it: the track, a branch whose ``from`` it is, or a branch whose path passes
  it (the centre where two cross); a piece only passing a cell keeps to its route. After a
  branch's path the piece goes on from ``to``, a cell of the track (or of an earlier branch),
  which it enters as the next step. Each cell has one resting position, the first place it
  takes in the track followed by the branches' paths (the JSON's ``positions``).
- ``pieces``: ``count`` a seat, in the hand at the start but for those of ``start = [squares]``
  (the track squares, counted from 1, a seat's pieces begin on, one a piece; a square may come
  twice where pieces stack); ``name`` and ``glyph`` to show. ``stage = { from = N, name, glyph }``:
  a piece on track square N or beyond is shown, and read in a state's ``board``, as a kind of
  its own (Mehen's lion, the same piece once it has been round the spiral and out); it moves as
  the track and the rules say, the kind changing nothing but the name and the glyph (a
  ``move.hook`` gives it moves of its own).
- ``jump``: squares that carry a piece landing on them elsewhere (snakes and ladders, a goal):
  ``cells = { CELL = CELL | "off" }`` for every seat, or ``seats = [{...}, ...]`` a table a
  seat. The move is judged where the piece lands (blocks, captures there), then the jump takes
  it on to the other cell (a jump onto a jumping cell goes on) or off the track (borne off). A
  move a jump takes off is ``{"from", "to": CELL, "off": true}``, CELL the square it left from.
  ``"hand"`` instead of a cell: the piece goes back to its seat's hand, to come in again (Kolica
  Atarakua's crossing points); the move is ``{"from", "to": CELL, "back": true}``, CELL where it
  landed (what it landed on is taken first, as on any square).
  ``empty = true`` (jumps to cells only, no chains): a piece is carried on only into a cell where
  no piece stands (the moving piece's own start aside), else it stays where it landed (58 Holes'
  lines); a move so carried names the cell it landed on as ``"via"``: ``{"from", "to", "via"}``.
- ``throw``: the device, as ``games.engine.race.devices`` throws it: ``device = "tetra" |
  "sticks" | "cowries" | "coins"`` (``count`` two-sided pieces, face 1 = the marked tip, flat
  side or mouth up), ``"dice"`` (``count`` dice of ``sides``), ``"astragals"`` (faces 1, 3, 4, 6;
  ``odds = "even" | "measured"``), or a device of ``devices.DEVICES`` by name (``"tetra4"``);
  dice may carry other numbers than 1 to ``sides``: ``faces = [1, 2, 5, 6]`` (Chaupar's long dice).
- ``worth``: what a throw is worth. Two-sided pieces count the marked sides up unless ``up =
  [worth with 0 up, with 1 up, ...]`` says otherwise (an entry may be a list: the throw gives
  several moves, e.g. ``[25, 1]``) or ``none = N | "count+1"`` gives the worth of no side up;
  ``marked = [w1, w2, ...]``: a lone marked side up is worth that stick's own value (Kints'
  sticks, 4, 6, 14 and 15), other counts as ``up`` says; ``faces = { "0111" = 20, ... }``: the
  throws whose sticks show exactly these sides (one digit a stick, in order, 1 the marked side
  up) are worth that, before ``marked`` and ``up`` (Kolica Atarakua's decorated sticks). Dice and astragals are summed, unless
  ``each = true``: each die is then a move of its own (played in the order the seat likes, by
  one piece or two), and with ``doubles = 2`` a throw whose dice all show one face gives each
  die twice (backgammon's double: four moves). A worth of 0 moves nothing. ``ordered = true``: a
  throw's moves are played in the order its worth lists them (``up = [0, 1, 2, [3, 1], 8]``: the
  three, then the one), a move no piece can make being lost and the next one due (Ashtapada).
- ``throws``: throws made before moving: ``until = [values]`` (the seat throws again and again
  until one of these, then moves every throw's worth, each by one piece, in the order it likes;
  a worth no piece can use is lost), ``void_run = 3`` (that many equal throws in a row do not
  count) and ``void = "run" | "last"`` (all of them are void, or only the one that makes the run).
  ``opening = "higher"``: before play each seat throws once, in seat order, moving nothing; the
  seat of the highest throw (the earliest of equal highest) then throws again and begins (Bell's
  Senet; the JSON's ``opening`` lists the opening throws' worths made so far).
- ``extra_throw``: another throw after the move: ``values`` (throws that earn one; with
  ``hand = true`` only while the seat still holds pieces to bring on),
  ``cells`` (landing there earns one), ``enter = N`` (bringing a piece on earns N more throws,
  Petol's three throws after entering; counted, as ``owed``), ``doubles = true`` (a throw whose dice all show one face earns one), ``capture = true`` (sending a piece back earns one;
  ``"each"``: one for each piece sent back). Counted extra throws (Tamman): ``twice =
  [values]`` (throws that earn two), ``first = true`` (only the turn's first throw earns by its
  value), ``void = N`` (the turn's N-th throw running of one value, all its throws so far equal,
  is worth nothing); a seat then throws again while it is owed throws (the JSON's ``owed``, and
  ``turn_throws``, the values thrown this turn).
- ``enter``: how a piece comes on: ``values`` (the throws that may enter one; default any),
  ``square`` (the track square it enters on, counted from 1, or ``"throw"``: the throw's value,
  counting from off the board; ``"excess"``: square 1 on the least of ``values``, the excess
  over it run on from there, Petol's 10 entering and 15 entering five squares on) and ``first = true`` (a seat's first throw of the game, whatever
  it is, brings its first piece on by the throw's value, ``values`` and ``square`` aside; that
  entry is the only move, may not be declined and earns no other throw), ``must = true`` (a
  seat that can bring a piece on must: its other moves are then not allowed; ``"only"``: while
  it holds a piece it may make no other move, entering or not, as a hit piece in backgammon;
  ``"hit"``: so only while it holds a piece that was sent back, its other pieces in the hand
  entering when it likes: XII Scripta; the JSON's ``hit`` counts them, a seat each),
  ``onto_own = true`` (where ``stack.own`` is false, an entering piece may still join its own
  pieces on its square; they move on one at a time), ``clear = [[cells], ...]`` (a cell list a
  seat: no piece of it enters while one of its own stands on those cells), ``crowd = K`` (no
  piece enters onto a cell where K or more pieces stand, of any seat: Nard's re-entry),
  ``throws = [values]`` (only the moves of a throw whose first worth is one of these bring a piece
  on: with ``values``, Ashtapada's one more square of a throw of three), ``doubles = [faces]`` (a piece
  comes on only on a throw whose dice all show one of these faces: Saturankam's double one).
- ``move``: ``by = "throw"``: a piece runs the whole value forward along its track (the only
  kind yet; stated so the file says it). ``most = true``: the seat must play as many of the
  throw's values as some order of moves allows (both dice, the four of a double), and where only
  one of two different values can be played, the larger if it can (``"count"``: either); a pin
  that would end the game is counted as if play went on. ``lead = N``: while no piece of the seat
  stands beyond track square N (none off), only one piece may leave the first square (Fevga).
  ``no_hold = [[cells], ...]``: no move may leave the seat holding every cell of one list.
  ``back = true``: a throw worth less than nothing (a die's face below 0, ``throw.faces``) takes
  a piece of the seat back that many squares; one taken back before its first square goes back
  to the hand (Pasa's blank face, -10: a score never falls below nothing). The move is
  ``{"from": CELL, "to": CELL | "hand"}``; nothing in the hand moves back.
  ``home = { square = N, as = { "10" = 1, ... } }``: a piece standing on track square N or
  beyond moves by these throws as the worth they map to (Petol's 10, 15 and 20 counting 1 once
  the piece is back in its own arm); the move still spends the throw.
  ``vacate = [cells]``: a seat with a piece on one of these cells that the throw can move must
  move such a piece (Bell's Senet: a marked square is left at the first possible throw).
  ``gate = { square = N, values = [3] }``: a move from before track square N to it or beyond
  must be by one of these throws, and stops on square N however far the throw would go (the
  Knossos Game's bridge, crossed on a 3 to the first space beyond it).
  ``hook = NAME``: a named rule (``hooks.py``; not with ``track.branches``) the moves pass
  through: ``fn(sim, "moves", seat, moves) -> moves`` is called with the seat's moves for the
  values left (``(from, to, value)`` tuples, before ``enter.must`` and ``move.most`` judge them)
  and returns those allowed, possibly with others of its own (a move's ``to`` is where the piece
  goes, its ``value`` the value it spends; with ``jump`` cells a move it adds must land
  ``value`` squares on, as the mechanic judges a jump's landing so);
  ``fn(sim, "played", seat, move)`` is called after each move has changed the position, unless
  the move ended the game (also in ``move.most``'s trial moves), and may change it further: a
  capture of its own, a piece taken off where it landed, the values left (``sim.left``; none
  ends the turn), the game's end (``sim.over`` and ``sim.phase``, as the mechanic sets them).
  The named rule changes nothing else. One file per hook so far (``hooks_race12.py``: Romaya,
  Tourne-Case, Tugi-epfe, Tawula, Tsun k'i; ``hooks_mehen.py``: Mehen, whose hook gives every
  move itself).
- ``capture``: landing where an opponent stands: ``opponent = "send-back"`` (its pieces there go
  back to its hand), ``"block"`` (the cell is closed to the mover) or ``"none"`` (opposing
  pieces share any cell, as in snakes and ladders); ``to = N`` (or a square a seat): a piece sent
  back goes onto that track square, not to the hand; ``opponent = "remove"``: the pieces there
  leave the game (the JSON's ``taken`` counts each seat's), with ``end.goal = "take-all"``: the
  seat that takes its opponents' last piece wins; ``by = "stage"``: only a piece of the
  ``pieces.stage`` kind takes, the others sharing cells with opposing pieces (Mehen's lions and
  balls); ``groups = "share"``: two or more pieces of
  one opponent on the cell are not taken and the mover may stand beside them; ``groups = "send-back" |
  "block"`` for two or more opposing pieces on the cell. ``passing = true``: a move sends
  back the opposing pieces on the squares it passes over (between where it starts and where it
  lands), except on ``safe`` cells (Tamman's overtaking; with ``opponent = "none"`` landing on
  them takes nothing). ``opponent = "pin"`` (two seats, no
  jumps, loops or pieces moving together): a lone opposing piece landed on is held, not sent
  back; it may not move while a piece of the pinner stands on its cell, its seat may not land
  there, and a seat with a held piece bears none off (Plakoto); the JSON's ``pinned`` maps each
  such cell to the held piece's seat. ``start = "wins"``: holding the opponent's piece on its
  first track square ends the game, won by the pinner unless it still has pieces on its own first
  square (then play goes on; its own piece held there too: a draw, ``how`` "pinned-start");
  ``"always"``: the pinner wins whatever stands on its own first square.
- ``safe``: ``cells`` where no piece is captured; ``opponent = "block"`` (an opponent may not
  land there while a piece stands on it) or ``"share"`` (it may, and both stay).
- ``stack``: several pieces on a cell: ``own = true | false`` (a seat's pieces may share a
  cell; false: a piece may not land on its own), ``partner = true | false`` (partners' pieces may
  share a cell; false: they block each other as own pieces do), ``together = [{ pieces = K,
  values = [...], times = N }]``: with K equal values left to play (of ``values``, any if not
  given) and K of its pieces on one square, a seat may move K of them together N times the
  value, spending the K values; the move is ``{"from", "to", "pieces": K}``. ``whole = true``:
  all the seat's pieces on a square move as one, by one value (and go off, or are sent back,
  together); they join by landing on one another (``own = true``); pieces come in one at a time.
  ``whole = "on-board"``: so on the board, but a move off the track takes one piece of them off
  (the others stay where they stood: Ludii's Nyout).
- ``bear_off``: ``exact = true`` (only the throw that takes a piece one step past its last
  square) or ``false`` (any throw that reaches past it); ``short = true`` with an exact finish:
  a piece nearer the end than the least worth a throw can have (no throw takes it off exactly)
  goes off on any throw, or ``short = [values]`` on those throws only; ``from = N``: a piece
  goes off only from the track's last N squares (it must stop there first), 0 (the default)
  from anywhere, and with ``together = true`` only once every piece of the seat stands there
  (none in the hand: backgammon's home board); ``last_exact = true``: from the last square only
  the exact throw (one step) takes a piece off, from the others any reaching past (Petol's
  penultimate and last spaces, with ``from = 2``); ``past = false``: no throw takes a piece past
  the last square (only a ``jump`` takes it off; a looped track is so); ``higher = true`` with an
  exact finish: a throw more than the exact one takes off the seat's farthest-back piece (no piece
  of the seat behind it, none in the hand), as backgammon's higher die. ``values = [v]``: only a move of
  these values bears a piece off; ``throws = [v]``: only a move of a throw whose first worth is
  one of these (Ashtapada: the one more square of a throw of three). ``doubles = [d, ...]``: a
  piece d squares short of off goes off only on a throw whose dice all show d (Saturankam).
- ``pass``: ``choice = true``: a seat with a move may also pass (``{"pass": true}``); false (the
  default): only a seat with no move passes, automatically.
- ``match``: a file of ``match`` elements only is a match of other files' games played in
  succession to a points target (``games = [keys]``, ``to``, ``double``, ``starts``,
  ``readings``): ``games/engine/rules/match.py`` compiles it (Tavli).
- ``end``: ``goal = "all-off"`` (the first seat to bear off every piece wins; with ``teams`` in
  the file, the first team whose seats all have) or ``"track-clear"`` (a seat that bears a
  piece off and has none left on its track wins, whatever it still holds in its hand: a
  reading some of Ludii's encodings play) or ``"most-off"`` (play goes on, a seat whose
  pieces are all off passed over, until no piece of any seat is left on its track; the seat, or
  team, with most pieces borne off wins, a tie is a draw: Bell's Senet, whose taken pieces leave
  the game, written as sent back to a hand no piece enters from, ``enter.values = []``) or
  ``"take-all"`` (with ``capture.opponent = "remove"``: the seat that takes the last piece its
  opponents have, on the board or in the hand, wins; Mehen); ``finished = "partner"``: a seat whose pieces are all
  off keeps its turns and plays them with its partner's pieces (``"passed-over"``, the default:
  it takes no more turns); ``limit = N``: the site's guard, not a
  source's: after N throws the game ends at the end of that turn, won by the seat (or team) with
  more pieces off, then more squares run (pieces off counting one past the end); a tie goes to
  the later seat.

Positions are track positions: 0 the hand, 1..n the track's squares, n + 1 borne off. In the
state JSON (CONTRACT.md) a cell holding pieces of several seats (partners, or a shared safe
cell) is ``[null, kind, count]``; the JSON adds ``positions`` (each seat's pieces on the track, by track position: the
board alone cannot say where a piece on a cell its track passes twice is), ``series`` (throws
made before moving, ``throws``), ``extra`` (another throw earned this turn) and ``throws`` (how
many throws the game has seen). ``RaceSim`` is the mutable play-out path: lists of positions per
seat and a flat cell-by-seat count, moves as ``(from, to, value)`` tuples generated once per
throw (``value`` negative, ``-(K * 1000 + value)``, for K pieces moving together).
"""
from __future__ import annotations

import itertools
import random
from bisect import bisect_right, insort
from dataclasses import dataclass, field
from typing import Any

from games.engine.core import Action, InvalidState, Outcome, brief
from games.engine.race import devices
from games.engine.rules import board as boards
from games.engine.rules.game import Game, Sim, team_values
from games.engine.rules.loader import RulesFile

__all__ = ["ELEMENTS", "RaceGame", "RaceSim", "compile"]

ELEMENTS = frozenset({
    "board", "track", "pieces", "throw", "worth", "throws", "extra_throw", "enter", "move", "capture",
    "safe", "stack", "bear_off", "pass", "end", "jump",
    "match",  # a match of other files' games (games/engine/rules/match.py)
})

#: Each element's fields (anything else is refused, naming these).
FIELDS: dict[str, tuple[str, ...]] = {
    "board": ("shape", "size", "omit", "arm", "sites", "edges", "site_shape", "marks"),
    "track": ("seats", "path", "rotate", "loop", "branches"),
    "pieces": ("count", "name", "glyph", "start", "stage"),
    "throw": ("device", "count", "sides", "odds", "faces"),
    "worth": ("up", "none", "each", "marked", "doubles", "faces", "ordered"),
    "throws": ("until", "void_run", "void", "opening"),
    "extra_throw": ("values", "cells", "capture", "hand", "twice", "first", "void", "enter", "doubles"),
    "enter": ("values", "square", "first", "must", "onto_own", "clear", "crowd", "throws", "doubles"),
    "move": ("by", "most", "lead", "no_hold", "back", "home", "gate", "vacate", "hook"),
    "capture": ("opponent", "groups", "to", "start", "passing", "by"),
    "safe": ("cells", "opponent"),
    "stack": ("own", "partner", "together", "whole"),
    "bear_off": ("exact", "short", "from", "past", "together", "higher", "last_exact", "throws", "values", "doubles"),
    "pass": ("choice",),
    "end": ("goal", "limit", "finished"),
    "jump": ("cells", "seats", "empty"),
}
REQUIRED = ("board", "track", "pieces", "throw")
BINARY_DEVICES = ("tetra", "sticks", "cowries", "coins")
NAMED_BINARY = {"sticks4": 4, "tetra4": 4, "tetra3": 3}
THROW, MOVE, OVER = 0, 1, 2
PHASES = ("throw", "move", "over")
PASS = (-1, -1, 0)
#: The most throws a series before moving may hold (a guard: equal runs are voided, so a series
#: only grows while other values keep coming).
MAX_SERIES = 64


class _Choice:
    """A field whose value an option decides: option name -> {choice: parsed value}."""

    __slots__ = ("option", "values")

    def __init__(self, option: str, values: dict[Any, Any]) -> None:
        self.option = option
        self.values = values

    def pick(self, options: dict[str, Any]) -> Any:
        return self.values[options[self.option]]


def _key(choice: Any) -> str:
    if isinstance(choice, bool):
        return "true" if choice else "false"
    return str(choice)


def _pick(value: Any, options: dict[str, Any]) -> Any:
    return value.pick(options) if isinstance(value, _Choice) else value


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass
class Rules:
    """One rules file under one set of options, as flat tables for the play-out path."""

    players: int
    count: int
    n: list[int]                     # track length per seat
    cells: list[list[int]]           # cells[s][p] for p in 1..n (index 0: -1)
    track_names: list[list[str]]
    outcomes: list[tuple[int, ...]]  # faces of each throw the device can show
    weights: list[int]
    vals: list[tuple[int, ...]]      # what each throw is worth (moves, principal first)
    principal: list[int]
    picker: list[int] | None         # weight unit -> outcome (when the total weight is small)
    cumulative: list[int]
    total: int
    extra_values: frozenset[int]
    extra_cell: list[bool]
    capture_extra: bool
    enter_values: frozenset[int] | None
    enter_square: int                # 0: the throw's value
    exact: bool
    own_stack: bool
    partner_share: bool
    safe: list[bool]
    safe_share: bool
    capture_block: bool
    group_block: bool
    may_pass: bool
    until: frozenset[int] | None
    void_run: int
    void_all: bool
    limit: int
    opps: list[tuple[int, ...]]
    mates: list[tuple[int, ...]]
    team: list[tuple[int, ...]]      # each seat's team, itself included
    revisits: list[bool]             # the seat's track passes a cell twice
    values_set: list[int] = field(default_factory=list)
    # Per seat, by track position (1..n; index 0 unused): the cell's first index in the flat
    # cell-by-seat counts, and whether it is safe; per throw, the values to play and whether
    # the throw itself earns another (the play-out path reads these instead of computing).
    base: list[list[int]] = field(default_factory=list)
    safe_at: list[list[bool]] = field(default_factory=list)
    left0: list[tuple[int, ...]] = field(default_factory=list)
    bonus0: list[bool] = field(default_factory=list)
    enter_first: bool = False        # a seat's first throw brings a piece on by its value
    short: int = 0                   # exact finish: a piece this near the end (or nearer) goes off ...
    short_values: frozenset[int] | None = None  # ... on these throws (None: any)
    off_from: int = 0                # a piece goes off only from track position off_from or later (0: any)
    start: tuple[int, ...] = ()      # the track squares a seat's pieces begin on (the rest in the hand)
    loop: bool = False               # the track runs on from its first square past its last
    jump: list[list[int]] | None = None  # per seat, by landing position: where a jump carries the piece (0: none)
    jump_from: list[list[int]] = field(default_factory=list)  # ... and, for a jump off, the square it leaves from
    past: bool = True                # a throw past the last square may bear a piece off
    enter_must: bool | str = False   # a seat that can bring a piece on must ("only": no other move while it holds one; "hit": one sent back)
    together: bool = False           # bearing off only once every piece is within the last bear_off.from squares
    back_to: tuple[int, ...] = ()    # per seat, the track square a piece sent back goes to (empty: the hand)
    group_share: bool = False        # two or more of one opponent's pieces are not taken; the mover may join them
    groups_move: tuple = ()          # ((pieces, values or None, times), ...): pieces on one square moving together
    partner_plays: bool = False      # a seat whose pieces are all off has its turns played with its partner's
    extra_hand: bool = False         # extra_throw.values earn a throw only while the seat holds pieces
    onto_own: bool = False           # an entering piece may join the seat's own on its square (stack.own false)
    enter_clear: tuple = ()          # per seat, cells where a piece of its own bars entering
    clear_wins: bool = False         # end.goal = "track-clear": a seat with no piece left on its track after bearing one off wins
    most: bool | str = False         # move.most: as much of the throw as can be played must be, else the larger value ("count": no larger rule)
    higher: bool = False             # bear_off.higher: a value above the exact one takes off the farthest-back piece
    pin: bool = False                # capture.opponent = "pin": a lone opposing piece landed on is held, not sent back
    pin_start: bool = False          # capture.start = "wins": pinning the opponent's last piece on its first square wins
    pin_always: bool = False         # capture.start = "always": ... whatever stands on the pinner's own first square
    lead: int = 0                    # move.lead: one piece only leaves the first square till a piece passes this square
    no_hold: tuple = ()              # move.no_hold: cell sets a seat may not hold all of at once
    crowd: int = 0                   # enter.crowd: no piece enters onto a cell holding this many pieces, any seat's (0: no such rule)
    jump_back: list[list[bool]] | None = None  # per seat, by landing position: a jump "hand" sends the piece back to the hand
    jump_empty: bool = False         # jump.empty: a jump is made only into a cell no piece stands on
    passing: frozenset[int] | None = None  # capture.passing: pieces passed over are sent back, but on these cells
    counted: bool = False            # extra throws are counted (owed): twice, first, void or capture = "each"
    capture_each: bool = False       # extra_throw.capture = "each": a throw owed for each piece sent back
    extra_twice: frozenset[int] = frozenset()  # extra_throw.twice: throws that earn two
    extra_first: bool = False        # extra_throw.first: only the turn's first throw earns by its value
    extra_void: int = 0              # extra_throw.void: the N-th equal throw of a turn of equal throws is worth nothing
    back: bool = False               # move.back: a throw worth less than 0 takes a piece back (to the hand below its first square)
    enter_less: int = 0              # enter.square = "excess": a piece enters on the throw less this (the least entering value less one)
    extra_enter: int = 0             # extra_throw.enter: throws owed for bringing a piece on
    home_from: int = 0               # move.home.square: from this track square on (0: no such rule) ...
    home_as: dict = field(default_factory=dict)  # ... a throw moves a piece by the worth it maps to
    last_exact: bool = False         # bear_off.last_exact: from the last square only the exact throw takes a piece off
    gate: int = 0                    # move.gate.square: a move reaching it from before must be by ... (0: no gate)
    gate_values: frozenset = frozenset()  # ... one of these throws, and stops on it
    enter_throws: frozenset[int] | None = None  # enter.throws: only a move of a throw whose first worth is one of these enters
    off_throws: frozenset[int] | None = None    # bear_off.throws: ... bears a piece off
    off_values: frozenset[int] | None = None    # bear_off.values: only a move of these values bears a piece off
    double_of: list[int] = field(default_factory=list)  # per throw: the face all its dice show (0: not a double)
    enter_doubles: frozenset[int] | None = None  # enter.doubles: a piece enters only on a double of these faces
    off_doubles: frozenset[int] = frozenset()    # bear_off.doubles: a piece this many squares from off needs a double of it
    ordered: bool = False            # worth.ordered: a throw's values are played in their order, one that cannot be played lost
    # track.branches (None: no branches): per seat, by position (1..n), the next position along
    # its route (n + 1: off); by cell, the first positions of the routes a piece resting there may
    # take, and the resting position; by position, the fewest steps to off
    succ: list[list[int]] | None = None
    starts: list[dict[int, tuple[int, ...]]] = field(default_factory=list)
    rest: list[dict[int, int]] = field(default_factory=list)
    to_off: list[list[int]] = field(default_factory=list)
    main: int = 0                    # track.branches: the track's own squares (before the branches' paths)
    whole: bool | str = False        # stack.whole: a seat's pieces on a square move as one ("on-board": but go off one by one)
    vacate: frozenset[int] = frozenset()  # move.vacate: cells a piece must leave by the first throw that can move it
    most_off: bool = False           # end.goal = "most-off": once no piece is left on any track, the seat with most off wins
    opening: bool = False            # throws.opening = "higher": one throw a seat before play, the highest begins
    hook: Any = None                 # move.hook: the named rule the moves pass through (None: none)
    remove: bool = False             # capture.opponent = "remove": pieces landed on leave the game (taken)
    take_all: bool = False           # end.goal = "take-all": the seat that takes its opponents' last piece wins
    stage_takes: int = 0             # capture.by = "stage": only a piece from this track square on takes (0: any)


class RaceGame(Game):
    """A compiled race rules file (see the module docstring for its elements)."""

    def __init__(self, rf: RulesFile) -> None:
        super().__init__(rf)
        self._fields: dict[str, dict[str, tuple[Any, tuple]]] = {}
        self._gather()
        self._compile_board()
        self._compile_track()
        self._compile_rest()
        self._rules: dict[tuple, Rules] = {}
        # Every reading the options allow must compile: try the default and each choice alone.
        defaults = {name: spec.default for name, spec in self.option_specs.items()}
        self.rules(defaults)
        for name, spec in self.option_specs.items():
            for choice in spec.choices or ():
                self.rules({**defaults, name: choice})

    # -- reading the elements -------------------------------------------------------------
    def _gather(self) -> None:
        rf = self.rf
        for el in rf.elements:
            if not isinstance(el.value, dict):
                raise rf.error(el.path, "must be a table { ... }")
            known = FIELDS[el.name]
            merged = self._fields.setdefault(el.name, {})
            for k, v in el.value.items():
                if k not in known:
                    raise rf.error(el.path + (k,), f"unknown field (known: {', '.join(known)})")
                if k in merged:
                    raise rf.error(el.path + (k,), f"is stated twice ({el.name}.{k} is already given)")
                merged[k] = (v, el.path + (k,))
        for name in REQUIRED:
            if name not in self._fields:
                raise rf.error(("clause",), f"no clause states the {name} (a `{name} = {{...}}` element)")

    def _path(self, element: str, key: str) -> tuple:
        got = self._fields.get(element, {}).get(key)
        if got is not None:
            return got[1]
        first = self._fields.get(element)
        if first:
            return next(iter(first.values()))[1][:-1] + (key,)
        return ("clause",)

    def _get(self, element: str, key: str, parse, default: Any = None) -> Any:
        """The field parsed (``parse(value, path)``), an option's choices each parsed, or the
        default where the field is absent."""
        got = self._fields.get(element, {}).get(key)
        if got is None:
            return default
        raw, path = got
        if isinstance(raw, dict) and "option" in raw:
            name = raw["option"]
            spec = self.option_specs.get(name) if isinstance(name, str) else None
            if spec is None:
                raise self.rf.error(path + ("option",), f"no option {brief(name)} in [options]")
            if not spec.choices:
                raise self.rf.error(("options", name, "choices"), "an option a field depends on must list its choices")
            if len(raw) == 1:
                return _Choice(name, {c: parse(c, path) for c in spec.choices})
            keys = {_key(c): c for c in spec.choices}
            for k in raw:
                if k != "option" and k not in keys:
                    raise self.rf.error(path + (k,), f"is not a choice of option {name} ({', '.join(keys)})")
            values = {}
            for k, c in keys.items():
                if k not in raw:
                    raise self.rf.error(path, f"gives no value for choice {k} of option {name}")
                values[c] = parse(raw[k], path + (k,))
            return _Choice(name, values)
        return parse(raw, path)

    def _fail(self, path: tuple, message: str):
        return self.rf.error(path, message)

    # -- parsers --------------------------------------------------------------------------
    def _int(self, lo: int, hi: int):
        def parse(v: Any, path: tuple) -> int:
            if not _is_int(v) or not lo <= v <= hi:
                raise self._fail(path, f"must be a whole number {lo} to {hi}, got {brief(v)}")
            return v
        return parse

    def _bool(self, v: Any, path: tuple) -> bool:
        if not isinstance(v, bool):
            raise self._fail(path, f"must be true or false, got {brief(v)}")
        return v

    def _word(self, *words: str):
        def parse(v: Any, path: tuple) -> str:
            if v not in words:
                raise self._fail(path, f"must be one of {', '.join(words)}, got {brief(v)}")
            return v
        return parse

    def _hook(self, v: Any, path: tuple) -> Any:
        from games.engine.rules.hooks import HOOKS
        if v not in HOOKS:
            raise self._fail(path, f"names no hook (known: {', '.join(sorted(HOOKS))})")
        if v not in self.rf.hooks:
            self.rf.hooks.append(v)
        return HOOKS[v]

    def _stage(self, v: Any, path: tuple) -> tuple[int, str, str]:
        """``pieces.stage = { from = N, name = "...", glyph = "..." }``."""
        if not isinstance(v, dict) or set(v) - {"from", "name", "glyph"} or "from" not in v or "name" not in v:
            raise self._fail(path, "must be { from = N, name = \"...\", glyph = \"...\" } (the track square from "
                                   "which a piece shows as a kind of its own, that kind's name and glyph)")
        if not _is_int(v["from"]) or v["from"] < 1:
            raise self._fail(path + ("from",), f"must be a track square (1 or more), got {brief(v['from'])}")
        for key in ("name", "glyph"):
            if key in v and not (isinstance(v[key], str) and v[key]):
                raise self._fail(path + (key,), f"must be a word, got {brief(v[key])}")
        return (v["from"], v["name"], v.get("glyph", "◆"))

    def _ints(self, v: Any, path: tuple) -> frozenset[int]:
        if not isinstance(v, list) or not all(_is_int(x) for x in v):
            raise self._fail(path, f"must list whole numbers, got {brief(v)}")
        return frozenset(v)

    # -- the board ------------------------------------------------------------------------
    def _compile_board(self) -> None:
        f = self._fields["board"]
        for key in f:
            raw = f[key][0]
            if isinstance(raw, dict) and "option" in raw and key != "marks":
                raise self._fail(f[key][1], "the board cannot depend on an option (the track can)")
        shape = f.get("shape", (None, self._path("board", "shape")))[0]
        spec = {k: v for k, (v, _) in f.items() if k != "marks"}
        try:
            if shape == "squares":
                b = self._squares(spec)
            elif shape == "cross":
                b = self._cross(spec)
            elif shape == "graph":
                b = boards.graph(spec)
            else:
                raise boards.BoardSpecError(f"shape: must be squares, cross or graph, got {brief(shape)}")
        except boards.BoardSpecError as exc:
            name, _, message = str(exc).partition(": ")
            path = f[name][1] if name in f else self._path("board", "shape")
            raise self._fail(path, message or str(exc)) from None
        self.board = b
        self.by_xy = {(round(x * 2), round(y * 2)): i for i, (x, y) in enumerate(b.xy)}
        self.marks: dict[str, list[int]] = {}
        if "marks" in f:
            raw, path = f["marks"]
            if not isinstance(raw, dict):
                raise self._fail(path, "must be a table { MARK = [cells] }")
            for mark, cells in raw.items():
                if mark in b.index:
                    raise self._fail(path + (mark,), "a mark may not be named as a cell")
                self.marks[mark] = self._cells(cells, path + (mark,), marks=False)
        self.mark_of = {}
        for mark, cells in self.marks.items():
            for c in cells:
                self.mark_of.setdefault(c, mark)

    def _squares(self, spec: dict) -> boards.Board:
        files, ranks = boards._size(spec)
        omit = spec.get("omit", [])
        if not isinstance(omit, list) or not all(isinstance(o, str) for o in omit):
            raise boards.BoardSpecError("omit: must list cell names")
        names, xy = [], []
        for r in range(ranks):
            for fl in range(files):
                name = f"{boards.FILES[fl]}{r + 1}"
                if name not in omit:
                    names.append(name)
                    xy.append((float(fl), float(r)))
        unknown = set(omit) - {f"{boards.FILES[fl]}{r + 1}" for r in range(ranks) for fl in range(files)}
        if unknown:
            raise boards.BoardSpecError(f"omit: no cell {sorted(unknown)[0]} on a {files} x {ranks} board")
        return boards.Board("squares", names, xy, "square", files=files, ranks=ranks)

    def _cross(self, spec: dict) -> boards.Board:
        arm = spec.get("arm")
        if not (isinstance(arm, list) and len(arm) == 2 and all(_is_int(v) and v >= 1 for v in arm)
                and 2 * arm[1] + arm[0] <= 26):
            raise boards.BoardSpecError(f"arm: must be [width, length] (the whole at most 26 across), got {brief(arm)}")
        w, length = arm
        size = 2 * length + w
        names, xy = [], []
        for y in range(size):
            for x in range(size):
                in_column = length <= x < length + w
                in_row = length <= y < length + w
                if in_column != in_row:  # an arm, not the centre nor a corner
                    names.append(f"{boards.FILES[x]}{y + 1}")
                    xy.append((float(x), float(y)))
        return boards.Board("cross", names, xy, "square", files=size, ranks=size)

    def _cells(self, value: Any, path: tuple, marks: bool = True) -> list[int]:
        """Cells named by name, by mark, or as a straight range ``a1..d1``, in order."""
        b = self.board
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self._fail(path, f"must list cells (names, marks or ranges such as \"d1..a1\"), got {brief(value)}")
        out: list[int] = []
        for word in value:
            if word in b.index:
                out.append(b.index[word])
            elif marks and word in self.marks:
                out.extend(self.marks[word])
            elif ".." in word:
                a, _, z = word.partition("..")
                if a not in b.index or z not in b.index:
                    raise self._fail(path, f"{word!r}: both ends of a range must be cells")
                out.extend(self._line(b.index[a], b.index[z], word, path))
            else:
                raise self._fail(path, f"{word!r} is neither a cell{', a mark' if marks else ''} nor a range a1..d1")
        return out

    def _line(self, a: int, z: int, word: str, path: tuple) -> list[int]:
        (x0, y0), (x1, y1) = self.board.xy[a], self.board.xy[z]
        dx, dy = x1 - x0, y1 - y0
        steps = int(max(abs(dx), abs(dy)))
        if steps == 0 or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)) or steps != max(abs(dx), abs(dy)):
            raise self._fail(path, f"{word!r} is not a straight line of cells")
        sx, sy = dx / steps, dy / steps
        out = []
        for k in range(steps + 1):
            cell = self.by_xy.get((round((x0 + k * sx) * 2), round((y0 + k * sy) * 2)))
            if cell is None:
                raise self._fail(path, f"{word!r} crosses a place with no cell")
            out.append(cell)
        return out

    # -- the tracks -----------------------------------------------------------------------
    def _compile_track(self) -> None:
        f = self._fields["track"]
        if "seats" in f and "path" in f:
            raise self._fail(f["path"][1], "give either seats (a track each) or path (one, turned), not both")
        if "seats" in f:
            self.tracks = self._get("track", "seats", self._seat_tracks)
        elif "path" in f:
            rotate = self._get("track", "rotate", self._int(0, 359), 0)
            if isinstance(rotate, _Choice):
                raise self._fail(f["rotate"][1], "rotate cannot depend on an option")
            self._rotate = rotate
            self.tracks = self._get("track", "path", self._turned)
        else:
            raise self._fail(self._path("track", "seats"), "is required: seats = [[cells], ...] or path = [cells]")
        self.branches = None
        if "branches" in f:  # track.branches: short cuts, every seat's path one (see the docstring)
            self.branches = self._branches(f["branches"][0], f["branches"][1])

    def _check_track(self, cells: list[int], path: tuple) -> list[int]:
        if not cells:
            raise self._fail(path, "a track needs cells")
        if len(cells) > 500:
            raise self._fail(path, "a track of more than 500 cells")
        return cells

    def _seat_tracks(self, value: Any, path: tuple) -> list[list[int]]:
        if not isinstance(value, list) or len(value) != self.players:
            raise self._fail(path, f"must list {self.players} tracks, one a seat")
        return [self._check_track(self._cells(v, path + (i,)), path) for i, v in enumerate(value)]

    def _turned(self, value: Any, path: tuple) -> list[list[int]]:
        base = self._check_track(self._cells(value, path), path)
        angle = self._rotate
        if angle % 90:
            raise self._fail(self._path("track", "rotate"), "must be a multiple of 90 degrees")
        xs = [x for x, _ in self.board.xy]
        ys = [y for _, y in self.board.xy]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        out = [base]
        for seat in range(1, self.players):
            turns = (angle * seat // 90) % 4
            track = []
            for c in base:
                x, y = self.board.xy[c][0] - cx, self.board.xy[c][1] - cy
                for _ in range(turns):
                    x, y = -y, x
                cell = self.by_xy.get((round((x + cx) * 2), round((y + cy) * 2)))
                if cell is None:
                    raise self._fail(path, f"turned for seat {seat}, {self.board.names[c]} falls where no cell is")
                track.append(cell)
            out.append(track)
        return out

    def _branches(self, value: Any, path: tuple) -> tuple:
        """track.branches -> (main length, [extended track] a seat, succ, starts, rest, to_off)."""
        tracks = self.tracks
        if isinstance(tracks, _Choice) or any(t != tracks[0] for t in tracks):
            raise self._fail(path, "branches need one path every seat runs (track.path, rotate = 0, no option)")
        if not isinstance(value, list) or not value:
            raise self._fail(path, "must list tables { from = CELL, path = [cells], to = CELL }")
        names = self.board.index
        main = list(tracks[0])
        cells = main[:]
        m = len(main)
        succ = [0] + list(range(2, m + 1)) + [-1]  # by position; -1: off, set below
        ways: dict[int, list[int]] = {}  # cell -> first positions of the branches leaving it
        for i, b in enumerate(value):
            where = path + (i,)
            if not (isinstance(b, dict) and set(b) == {"from", "path", "to"} and b["from"] in names
                    and b["to"] in names):
                raise self._fail(where, "must be { from = CELL, path = [cells], to = CELL }")
            run = self._cells(b["path"], where + ("path",))
            if not run:
                raise self._fail(where + ("path",), "a branch needs cells")
            a, z = names[b["from"]], names[b["to"]]
            if a not in cells or z not in cells:
                raise self._fail(where, "from and to must be cells of the track or of an earlier branch")
            first = len(cells) + 1
            cells.extend(run)
            succ.extend(range(first + 1, first + len(run)))
            succ.append(cells.index(z) + 1)
            ways.setdefault(a, []).append(first)
        n = len(cells)
        if n > 250:
            raise self._fail(path, "a track and its branches of more than 250 cells")
        succ[m] = n + 1
        rest: dict[int, int] = {}
        for q in range(n, 0, -1):
            rest[cells[q - 1]] = q
        starts: dict[int, list[int]] = {}
        for q in range(1, n + 1):
            c = cells[q - 1]
            got = starts.setdefault(c, [])
            for x in [succ[q]] + ways.pop(c, []):
                if x not in got:
                    got.append(x)
        dist = [0] * (n + 2)  # steps to off from a position passed through, along its route
        for q in range(n, 0, -1):
            x, k = q, 0
            while x <= n and k <= n:
                x, k = succ[x], k + 1
            if k > n:
                raise self._fail(path, "the branches run in a circle")
            dist[q] = k
        to_off = [0] + [min(1 + dist[x] if x <= n else 1 for x in starts[cells[q - 1]]) for q in range(1, n + 1)]
        return m, [cells[:] for _ in range(self.players)], succ, {c: tuple(v) for c, v in starts.items()}, rest, to_off

    # -- the rest -------------------------------------------------------------------------
    def _compile_rest(self) -> None:
        g = self._get
        self.count = g("pieces", "count", self._int(1, 64))
        if self.count is None:
            raise self._fail(self._path("pieces", "count"), "is required (pieces a seat)")
        name = g("pieces", "name", lambda v, p: v if isinstance(v, str) and v else self._bad(p, "a name"), "piece")
        glyph = g("pieces", "glyph", lambda v, p: v if isinstance(v, str) and v else self._bad(p, "a glyph"), "●")
        if isinstance(name, _Choice) or isinstance(glyph, _Choice):
            raise self._fail(self._path("pieces", "name"), "the pieces' name cannot depend on an option")
        self.kind = name
        self.glyph = glyph
        self.stage = g("pieces", "stage", self._stage, None)
        if isinstance(self.stage, _Choice):
            raise self._fail(self._path("pieces", "stage"), "the pieces' stage cannot depend on an option")
        self.device = g("throw", "device", self._word(*BINARY_DEVICES, "dice", "astragals", *devices.DEVICES))
        if self.device is None:
            raise self._fail(self._path("throw", "device"), "is required (what is thrown)")
        self.dev_count = g("throw", "count", self._int(1, 12))
        self.sides = g("throw", "sides", self._int(2, 20), 6)
        self.odds = g("throw", "odds", self._word("even", "measured"), "even")
        self.worth_up = g("worth", "up", self._up)
        self.worth_none = g("worth", "none", self._none)
        self.worth_each = g("worth", "each", self._bool, False)
        self.worth_ordered = g("worth", "ordered", self._bool, False)
        self.until = g("throws", "until", self._ints)
        self.void_run = g("throws", "void_run", self._int(2, 10), 0)
        self.void = g("throws", "void", self._word("run", "last"), "run")
        self.opening = g("throws", "opening", self._word("higher", "none"), "none")
        self.extra_values = g("extra_throw", "values", self._ints, frozenset())
        self.extra_cells = g("extra_throw", "cells", lambda v, p: frozenset(self._cells(v, p)), frozenset())
        self.capture_extra = g("extra_throw", "capture", lambda v, p: v if v == "each" else self._bool(v, p), False)
        self.extra_twice = g("extra_throw", "twice", self._ints, frozenset())
        self.extra_first = g("extra_throw", "first", self._bool, False)
        self.extra_void = g("extra_throw", "void", self._int(0, 10), 0)
        self.passing = g("capture", "passing", self._bool, False)
        self.extra_hand = g("extra_throw", "hand", self._bool, False)
        self.onto_own = g("enter", "onto_own", self._bool, False)
        self.worth_marked = g("worth", "marked", self._marked, None)
        self.worth_faces = g("worth", "faces", self._face_worths, None)
        self.enter_clear = g("enter", "clear", self._seat_cells, None)
        self.enter_values = g("enter", "values", self._ints)
        self.enter_square = g("enter", "square", self._square, 0)
        self.enter_first = g("enter", "first", self._bool, False)
        g("move", "by", self._word("throw"), "throw")
        self.capture = g("capture", "opponent", self._word("send-back", "block", "none", "pin", "remove"), "send-back")
        self.pin_start = g("capture", "start", self._word("wins", "always", "none"), "none")
        self.capture_by = g("capture", "by", self._word("any", "stage"), "any")
        self.doubles = g("worth", "doubles", self._int(1, 4), 1)
        self.most = g("move", "most", lambda v, p: v if v == "count" else self._bool(v, p), False)
        self.lead = g("move", "lead", self._int(0, 250), 0)
        self.no_hold = g("move", "no_hold", lambda v, p: self._cell_sets(v, p), ())
        self.move_back = g("move", "back", self._bool, False)
        self.move_home = g("move", "home", self._home, None)
        self.move_gate = g("move", "gate", self._gate, None)
        self.vacate = g("move", "vacate", lambda v, p: frozenset(self._cells(v, p)), frozenset())
        self.move_hook = g("move", "hook", self._hook, None)
        self.extra_enter = g("extra_throw", "enter", self._int(0, 10), 0)
        self.last_exact = g("bear_off", "last_exact", self._bool, False)
        self.higher = g("bear_off", "higher", self._bool, False)
        self.crowd = g("enter", "crowd", self._int(0, 64), 0)
        self.groups = g("capture", "groups", self._word("send-back", "block", "share"), "send-back")
        self.safe_cells = g("safe", "cells", lambda v, p: frozenset(self._cells(v, p)), frozenset())
        self.safe_mode = g("safe", "opponent", self._word("block", "share"), "block")
        self.own_stack = g("stack", "own", self._bool, False)
        self.partner = g("stack", "partner", self._bool, True)
        self.exact = g("bear_off", "exact", self._bool, True)
        self.off_throws = g("bear_off", "throws", self._ints)
        self.off_values = g("bear_off", "values", self._ints)
        self.off_doubles = g("bear_off", "doubles", self._ints, frozenset())
        self.enter_doubles = g("enter", "doubles", self._ints)
        self.extra_doubles = g("extra_throw", "doubles", self._bool, False)
        self.enter_throws = g("enter", "throws", self._ints)
        self.short = g("bear_off", "short", self._short, False)
        self.off_from = g("bear_off", "from", self._int(0, 250), 0)
        self.may_pass = g("pass", "choice", self._bool, False)
        self.goal = g("end", "goal", self._word("all-off", "track-clear", "most-off", "take-all"), "all-off")
        self.start = g("pieces", "start", self._starts, ())
        self.loop = g("track", "loop", self._bool, False)
        self.past = g("bear_off", "past", self._bool, True)
        self.enter_must = g("enter", "must", lambda v, p: v if v in ("only", "hit") else self._bool(v, p), False)
        self.together = g("bear_off", "together", self._bool, False)
        self.back_to = g("capture", "to", self._back_to, 0)
        self.groups_move = g("stack", "together", self._groups_move, ())
        self.whole = g("stack", "whole", lambda v, p: v if v == "on-board" else self._bool(v, p), False)
        self.finished = g("end", "finished", self._word("passed-over", "partner"), "passed-over")
        self.faces = g("throw", "faces", self._faces, None)
        self.jump_cells = g("jump", "cells", self._jumps, None)
        self.jump_seats = g("jump", "seats", self._seat_jumps, None)
        if self.jump_cells is not None and self.jump_seats is not None:
            raise self._fail(self._path("jump", "seats"), "give either cells (every seat) or seats (a table a seat), not both")
        self.jump_empty = g("jump", "empty", self._bool, False)
        self.limit = g("end", "limit", self._int(10, 1_000_000), 1000)

    def _bad(self, path: tuple, what: str):
        raise self._fail(path, f"must be {what}")

    def _up(self, v: Any, path: tuple) -> list[tuple[int, ...]]:
        if not isinstance(v, list) or not v:
            raise self._fail(path, "must list the worth with 0 up, 1 up, ... (a number, or a list of numbers)")
        out = []
        for x in v:
            if _is_int(x) and 0 <= x <= 1000:
                out.append((x,))
            elif isinstance(x, list) and x and all(_is_int(y) and 0 < y <= 1000 for y in x):
                out.append(tuple(x))
            else:
                raise self._fail(path, f"each worth must be a number 0..1000 or a list of them, got {brief(x)}")
        return out

    def _none(self, v: Any, path: tuple) -> Any:
        if v == "count+1" or (_is_int(v) and 0 <= v <= 1000):
            return v
        raise self._fail(path, f"must be a number or \"count+1\", got {brief(v)}")

    def _back_to(self, v: Any, path: tuple) -> int | tuple[int, ...]:
        if v == "hand":
            return 0
        if isinstance(v, list):
            if len(v) != self.players:
                raise self._fail(path, f"must list {self.players} track squares, one a seat")
            return tuple(self._int(1, 250)(x, path) for x in v)
        return self._int(1, 250)(v, path)

    def _marked(self, v: Any, path: tuple) -> tuple[int, ...]:
        if not isinstance(v, list) or not all(_is_int(x) and 0 < x <= 1000 for x in v):
            raise self._fail(path, f"must list each stick's worth when it alone lands marked side up, got {brief(v)}")
        return tuple(v)

    def _face_worths(self, v: Any, path: tuple) -> dict[tuple[int, ...], int]:
        """worth.faces: { "0111" = 20 } -> {(0, 1, 1, 1): 20}."""
        if not isinstance(v, dict) or not v:
            raise self._fail(path, "must be a table { \"0111\" = worth }, one digit a stick (1: marked side up)")
        out = {}
        for key, w in v.items():
            if not (isinstance(key, str) and key and set(key) <= {"0", "1"}) or not _is_int(w) or w < 0:
                raise self._fail(path + (key,), f"must map a string of 0s and 1s to a worth of 0 or more, got {key!r} = {brief(w)}")
            out[tuple(int(ch) for ch in key)] = w
        return out

    def _seat_cells(self, v: Any, path: tuple) -> tuple[frozenset[int], ...]:
        if not isinstance(v, list) or len(v) != self.players:
            raise self._fail(path, f"must list {self.players} lists of cells, one a seat")
        return tuple(frozenset(self._cells(x, path + (i,))) for i, x in enumerate(v))

    def _cell_sets(self, v: Any, path: tuple) -> tuple[tuple[int, ...], ...]:
        if not isinstance(v, list):
            raise self._fail(path, "must list lists of cells (none: [])")
        return tuple(tuple(sorted(set(self._cells(x, path + (i,))))) for i, x in enumerate(v))

    def _faces(self, v: Any, path: tuple) -> tuple[int, ...]:
        if not isinstance(v, list) or len(v) < 2 or not all(_is_int(x) and -100 <= x <= 100 for x in v):
            raise self._fail(path, f"must list a die's faces (two or more numbers), got {brief(v)}")
        return tuple(v)

    def _groups_move(self, v: Any, path: tuple) -> tuple:
        if not isinstance(v, list):
            raise self._fail(path, "must list tables { pieces = K, values = [...], times = N }")
        out = []
        for i, t in enumerate(v):
            if not isinstance(t, dict) or set(t) - {"pieces", "values", "times"} or "pieces" not in t:
                raise self._fail(path + (i,), "each is { pieces = K, values = [...] (optional), times = N (optional) }")
            k = self._int(2, 12)(t["pieces"], path + (i, "pieces"))
            vals = self._ints(t["values"], path + (i, "values")) if "values" in t else None
            times = self._int(1, 12)(t.get("times", 1), path + (i, "times"))
            out.append((k, vals, times))
        return tuple(out)

    def _starts(self, v: Any, path: tuple) -> tuple[int, ...]:
        if not isinstance(v, list) or not all(_is_int(x) and x >= 1 for x in v):
            raise self._fail(path, f"must list track squares (1..), one a piece, got {brief(v)}")
        return tuple(sorted(v))

    def _jumps(self, v: Any, path: tuple) -> dict[int, int]:
        """{ CELL = CELL | "off" | "hand" } -> cell index -> cell index (-1: off the track, -2:
        back to the hand)."""
        if not isinstance(v, dict):
            raise self._fail(path, "must be a table { CELL = CELL or \"off\" or \"hand\" }")
        out = {}
        for a, b in v.items():
            if a not in self.board.index:
                raise self._fail(path + (a,), f"{a!r} is not a cell")
            if b not in ("off", "hand") and b not in self.board.index:
                raise self._fail(path + (a,), f"{b!r} is neither a cell nor \"off\" nor \"hand\"")
            out[self.board.index[a]] = -1 if b == "off" else -2 if b == "hand" else self.board.index[b]
        return out

    def _jump_tables(self, options: dict[str, Any]) -> list[dict[int, int]] | None:
        """The jumps under ``options``, a table a seat (cell -> cell, -1 off), or None."""
        jumps = _pick(self.jump_seats, options)
        if jumps is None and _pick(self.jump_cells, options) is not None:
            jumps = [_pick(self.jump_cells, options)] * self.players
        return jumps

    def _seat_jumps(self, v: Any, path: tuple) -> list[dict[int, int]]:
        if not isinstance(v, list) or len(v) != self.players:
            raise self._fail(path, f"must list {self.players} tables, one a seat")
        return [self._jumps(x, path + (i,)) for i, x in enumerate(v)]

    def _short(self, v: Any, path: tuple) -> bool | frozenset[int]:
        if isinstance(v, bool):
            return v
        if isinstance(v, list) and v and all(_is_int(x) and x > 0 for x in v):
            return frozenset(v)
        raise self._fail(path, f"must be true, false or a list of throws, got {brief(v)}")

    def _home(self, v: Any, path: tuple) -> tuple[int, dict[int, int]]:
        """move.home: { square = N, as = { "10" = 1 } } -> (N, {10: 1})."""
        if not (isinstance(v, dict) and set(v) == {"square", "as"} and _is_int(v["square"]) and v["square"] >= 1
                and isinstance(v["as"], dict) and v["as"]):
            raise self._fail(path, "must be { square = N, as = { \"THROW\" = WORTH, ... } }")
        table = {}
        for k, w in v["as"].items():
            if not (isinstance(k, str) and k.lstrip("-").isdigit() and _is_int(w) and 0 < w <= 1000):
                raise self._fail(path + ("as", k), f"must map a throw's worth to a worth of 1 or more, got {k!r} = {brief(w)}")
            table[int(k)] = w
        return v["square"], table

    def _gate(self, v: Any, path: tuple) -> tuple[int, frozenset[int]]:
        """move.gate: { square = N, values = [3] } -> (N, {3})."""
        if not (isinstance(v, dict) and set(v) == {"square", "values"} and _is_int(v["square"]) and v["square"] >= 1):
            raise self._fail(path, "must be { square = N, values = [THROWS] }")
        vals = self._ints(v["values"], path + ("values",))
        if not vals:
            raise self._fail(path + ("values",), "must list the throws that cross the gate")
        return v["square"], vals

    def _square(self, v: Any, path: tuple) -> int:
        if v == "throw":
            return 0
        if v == "excess":
            return -1
        if _is_int(v) and v >= 1:
            return v
        raise self._fail(path, f"must be a track square (1..), \"throw\" or \"excess\", got {brief(v)}")

    # -- one set of options ---------------------------------------------------------------
    def rules(self, options: dict[str, Any]) -> Rules:
        key = tuple(sorted((k, _key(v)) for k, v in options.items()))
        r = self._rules.get(key)
        if r is None:
            r = self._build(options)
            self._rules[key] = r
        return r

    def _build(self, o: dict[str, Any]) -> Rules:
        P = self.players
        tracks = _pick(self.tracks, o) if self.branches is None else self.branches[1]
        count = _pick(self.count, o)
        outcomes, weights = self._device(o)
        vals = [self._worth(faces, o) for faces in outcomes]
        total = sum(weights)
        picker = None
        if total <= 1 << 16:
            picker = [i for i, w in enumerate(weights) for _ in range(w)]
        cumulative = list(itertools.accumulate(weights))
        teams = self.teams or tuple((s,) for s in range(P))
        team_of = {s: t for t in teams for s in t}
        ncell = self.board.size
        safe = [False] * ncell
        for c in _pick(self.safe_cells, o):
            safe[c] = True
        no_capture = _pick(self.capture, o) == "none"
        if no_capture:
            safe = [True] * ncell  # opponents share any cell
        extra_cell = [False] * ncell
        for c in _pick(self.extra_cells, o):
            extra_cell[c] = True
        enter_values = _pick(self.enter_values, o)
        enter_square = _pick(self.enter_square, o)
        enter_less = 0
        if enter_square == -1:  # "excess": square 1 on the least entering value
            if not enter_values:
                raise self._fail(self._path("enter", "square"), "\"excess\" needs enter.values (the throws that enter)")
            enter_square, enter_less = 0, min(enter_values) - 1
        n = [len(t) for t in tracks]
        if enter_square and any(enter_square > k for k in n):
            raise self._fail(self._path("enter", "square"), "is past the end of a track")
        until = _pick(self.until, o)
        r = Rules(
            players=P, count=count, n=n, cells=[[-1] + list(t) for t in tracks],
            track_names=[[self.board.names[c] for c in t] for t in tracks],
            outcomes=outcomes, weights=weights, vals=vals, principal=[v[0] if v else 0 for v in vals],
            picker=picker, cumulative=cumulative, total=total,
            extra_values=_pick(self.extra_values, o), extra_cell=extra_cell,
            capture_extra=_pick(self.capture_extra, o),
            enter_values=enter_values, enter_square=enter_square, exact=_pick(self.exact, o),
            own_stack=_pick(self.own_stack, o), partner_share=_pick(self.partner, o),
            safe=safe, safe_share=no_capture or _pick(self.safe_mode, o) == "share",
            capture_block=_pick(self.capture, o) == "block", group_block=_pick(self.groups, o) == "block",
            may_pass=_pick(self.may_pass, o), until=until, void_run=_pick(self.void_run, o),
            void_all=_pick(self.void, o) == "run",
            limit=_pick(self.limit, o),
            opps=[tuple(x for x in range(P) if team_of[x] != team_of[s]) for s in range(P)],
            mates=[tuple(x for x in team_of[s] if x != s) for s in range(P)],
            team=[tuple(team_of[s]) for s in range(P)],
            revisits=[len(set(t)) < len(t) for t in tracks],
        )
        r.values_set = sorted({v for vs in vals for v in vs})
        r.base = [[-1] + [c * P for c in t] for t in tracks]
        r.safe_at = [[False] + [safe[c] for c in t] for t in tracks]
        r.back = _pick(self.move_back, o)
        r.enter_less = enter_less
        r.extra_enter = _pick(self.extra_enter, o)
        home = _pick(self.move_home, o)
        if home is not None:
            r.home_from, r.home_as = home
            if any(r.home_from > k for k in n):
                raise self._fail(self._path("move", "home"), "square is past the end of a track")
        r.last_exact = _pick(self.last_exact, o)
        r.hook = _pick(self.move_hook, o)
        gate = _pick(self.move_gate, o)
        if gate is not None:
            r.gate, r.gate_values = gate
            if any(r.gate > k for k in n):
                raise self._fail(self._path("move", "gate"), "square is past the end of a track")
            if r.loop or self._jump_tables(o) is not None or r.groups_move or r.back or r.home_from:
                raise self._fail(self._path("move", "gate"), "cannot go with a looped track, jumps, pieces moving together, move.back or move.home")
        if any(v < 0 for vs in vals for v in vs):
            if not r.back:
                raise self._fail(self._path("throw", "faces"), "a face below 0 needs move.back = true (it takes a piece back)")
            if until is not None or _pick(self.worth_each, o):
                raise self._fail(self._path("move", "back"), "a throw worth less than 0 cannot go with throws.until or worth.each")
        r.left0 = [tuple(v for v in vs if v > 0 or (r.back and v < 0)) for vs in vals]
        r.bonus0 = [bool(vs) and vs[0] in r.extra_values for vs in vals]
        r.enter_first = _pick(self.enter_first, o)
        r.ordered = _pick(self.worth_ordered, o)
        r.enter_throws = _pick(self.enter_throws, o)
        r.off_throws = _pick(self.off_throws, o)
        r.off_values = _pick(self.off_values, o)
        r.double_of = [f[0] if len(f) > 1 and len(set(f)) == 1 else 0 for f in outcomes]
        r.enter_doubles = _pick(self.enter_doubles, o)
        r.off_doubles = _pick(self.off_doubles, o)
        if _pick(self.extra_doubles, o):
            r.bonus0 = [b or bool(d) for b, d in zip(r.bonus0, r.double_of)]
        if _pick(self.passing, o):
            r.passing = frozenset(_pick(self.safe_cells, o))
        r.extra_twice = _pick(self.extra_twice, o)
        r.extra_first = _pick(self.extra_first, o)
        r.extra_void = _pick(self.extra_void, o)
        r.capture_each = r.capture_extra == "each"
        r.counted = bool(r.extra_twice or r.extra_first or r.extra_void or r.capture_each or r.extra_enter)
        if r.counted and until is not None:
            raise self._fail(self._path("extra_throw", "first"), "counted extra throws cannot go with throws.until")
        short = _pick(self.short, o)
        if short is not False and r.exact:
            r.short = min((v for v in r.values_set if v > 0), default=1) - 1
            r.short_values = None if short is True else short
        last = _pick(self.off_from, o)
        if last:
            if any(last > k for k in n):
                raise self._fail(self._path("bear_off", "from"), "is longer than a track")
            r.off_from = min(n) - last + 1 if len(set(n)) == 1 else 0
            if len(set(n)) != 1:
                raise self._fail(self._path("bear_off", "from"), "needs tracks of one length")
        r.start = _pick(self.start, o)
        if len(r.start) > count or any(q > k for q in r.start for k in n):
            raise self._fail(self._path("pieces", "start"), "more squares than pieces, or a square past the end of a track")
        r.loop = _pick(self.loop, o)
        r.past = _pick(self.past, o) and not r.loop
        r.enter_must = _pick(self.enter_must, o)
        r.together = _pick(self.together, o)
        back = _pick(self.back_to, o)
        r.back_to = (back,) * P if _is_int(back) and back else tuple(back) if back else ()
        if r.back_to and any(b > k for b, k in zip(r.back_to, n)):
            raise self._fail(self._path("capture", "to"), "is past the end of a track")
        r.group_share = _pick(self.groups, o) == "share"
        r.groups_move = _pick(self.groups_move, o)
        r.partner_plays = _pick(self.finished, o) == "partner"
        r.extra_hand = _pick(self.extra_hand, o)
        r.onto_own = _pick(self.onto_own, o) and not r.own_stack
        clear = _pick(self.enter_clear, o)
        r.enter_clear = tuple(tuple(sorted(c)) for c in clear) if clear else ()
        if r.groups_move and (r.jump is not None or r.loop):
            raise self._fail(self._path("stack", "together"), "cannot go with jumps or a looped track")
        if r.together and not r.off_from:
            raise self._fail(self._path("bear_off", "together"), "needs bear_off.from (the squares every piece must stand in)")
        r.clear_wins = _pick(self.goal, o) == "track-clear"
        r.most_off = _pick(self.goal, o) == "most-off"
        r.remove = _pick(self.capture, o) == "remove"
        r.take_all = _pick(self.goal, o) == "take-all"
        if r.take_all and not r.remove:
            raise self._fail(self._path("end", "goal"), "take-all needs capture.opponent = \"remove\" (pieces taken out of the game)")
        if _pick(self.capture_by, o) == "stage":
            if self.stage is None:
                raise self._fail(self._path("capture", "by"), "stage needs pieces.stage (the kind that takes)")
            r.stage_takes = self.stage[0]
        if self.stage is not None and not 1 <= self.stage[0] <= min(r.n):
            raise self._fail(self._path("pieces", "stage") + ("from",), f"must be a track square 1 to {min(r.n)}, got {self.stage[0]}")
        r.vacate = _pick(self.vacate, o)
        r.opening = _pick(self.opening, o) == "higher"
        if r.opening and (r.counted or r.enter_first or until is not None):
            raise self._fail(self._path("throws", "opening"), "cannot go with counted extra throws, enter.first or throws.until")
        r.most = _pick(self.most, o)
        r.higher = _pick(self.higher, o) and r.exact
        r.pin = _pick(self.capture, o) == "pin"
        r.pin_start = r.pin and _pick(self.pin_start, o) != "none"
        r.pin_always = r.pin_start and _pick(self.pin_start, o) == "always"
        r.lead = _pick(self.lead, o)
        r.crowd = _pick(self.crowd, o)
        r.no_hold = _pick(self.no_hold, o)
        if _pick(self.doubles, o) > 1 and not _pick(self.worth_each, o):
            raise self._fail(self._path("worth", "doubles"), "needs worth.each (each die a move of its own)")
        if r.home_from and (r.loop or self._jump_tables(o) is not None or r.groups_move or r.back):
            raise self._fail(self._path("move", "home"), "cannot go with a looped track, jumps, pieces moving together or move.back")
        if r.back and (r.loop or self._jump_tables(o) is not None or r.groups_move or r.pin or r.most):
            raise self._fail(self._path("move", "back"), "cannot go with a looped track, jumps, pieces moving together, pins or move.most")
        if r.pin and (r.loop or self._jump_tables(o) is not None or r.groups_move or r.partner_plays or P != 2):
            raise self._fail(self._path("capture", "opponent"), "pin is for two seats on tracks without jumps, loops or pieces moving together")
        jumps = self._jump_tables(o)
        if jumps is not None:
            r.jump = []
            if any(-2 in table.values() for table in jumps):
                r.jump_back = [[r.cells[s][q] >= 0 and jumps[s].get(r.cells[s][q]) == -2 for q in range(n[s] + 1)]
                               for s in range(P)]
            for s in range(P):
                table = [0] * (n[s] + 1)
                last_cell = list(range(n[s] + 1))
                where = {}
                for q in range(n[s], 0, -1):
                    where[r.cells[s][q]] = q   # a cell the track passes twice: its first square
                for q in range(1, n[s] + 1):
                    to = jumps[s].get(r.cells[s][q])
                    if to is None or to == -2:
                        continue
                    if to == -1:
                        table[q] = n[s] + 1
                    elif to in where:
                        table[q] = where[to]
                    else:
                        raise self._fail(self._path("jump", "cells"), f"{self.board.names[to]} is not on seat {s}'s track")
                for q in range(1, n[s] + 1):  # a jump onto a square that jumps goes on (a chain)
                    seen = {q}
                    while 0 < table[q] <= n[s] and table[table[q]]:
                        if table[q] in seen:
                            raise self._fail(self._path("jump", "cells"), f"the jumps from {self.board.names[r.cells[s][q]]} run in a circle")
                        seen.add(table[q])
                        last_cell[q] = table[q]
                        table[q] = table[table[q]]
                r.jump.append(table)
                r.jump_from.append(last_cell)
            r.jump_empty = _pick(self.jump_empty, o)
            if r.jump_empty and (r.jump_back is not None or r.own_stack or _pick(self.whole, o) or any(
                    last_cell != list(range(n[s] + 1)) or n[s] + 1 in table
                    for s, (table, last_cell) in enumerate(zip(r.jump, r.jump_from)))):
                raise self._fail(self._path("jump", "empty"), "is for jumps to cells, without chains, of pieces one to a cell (stack.own false)")
        if r.loop and (last or short is not False):
            raise self._fail(self._path("track", "loop"), "a looped track has no end to bear off from (a jump takes pieces off)")
        r.whole = _pick(self.whole, o)
        if r.whole and (not r.own_stack or r.groups_move or r.pin):
            raise self._fail(self._path("stack", "whole"), "needs stack.own = true, and goes with neither stack.together nor pins")
        if self.branches is not None:  # track.branches: the routes (see _branches)
            if (r.loop or jumps is not None or r.gate or r.home_from or r.back or r.pin or r.groups_move or r.lead
                    or r.no_hold or r.most or short is not False or last or r.higher or r.last_exact or r.enter_first
                    or r.enter_clear or r.crowd or r.passing is not None or r.enter_must or r.off_values is not None
                    or r.off_throws is not None or r.off_doubles or r.enter_throws is not None
                    or r.enter_doubles is not None or r.enter_less or r.onto_own or r.back_to or r.hook):
                raise self._fail(self._path("track", "branches"), "go only with plain moves: no loop, jumps, gate, home, "
                                 "back, pins, groups, lead, no_hold, most, bear_off fields but exact, or enter fields but values and square")
            m, _, succ, starts, rest, to_off = self.branches
            r.succ = [succ] * P
            r.starts = [starts] * P
            r.rest = [rest] * P
            r.to_off = [to_off] * P
            r.main = m
            if r.enter_square > m:
                raise self._fail(self._path("enter", "square"), "is past the end of the track")
        if r.enter_first and until is not None:
            raise self._fail(self._path("enter", "first"), "cannot go with throws.until (a series before moving)")
        return r

    def _device(self, o: dict[str, Any]) -> tuple[list[tuple[int, ...]], list[int]]:
        device = _pick(self.device, o)
        count = _pick(self.dev_count, o)
        if device in devices.DEVICES:
            if count is not None:
                raise self._fail(self._path("throw", "count"), f"{device} names its own count; leave count out")
            table = devices.outcomes(device, _pick(self.odds, o) == "measured")
            return [f for f, _ in table], [w for _, w in table]
        if count is None:
            raise self._fail(self._path("throw", "count"), f"is required (how many {device} are thrown)")
        if device in BINARY_DEVICES:
            per = devices.BINARY
        elif device == "dice":
            sides = _pick(self.sides, o)
            faces = _pick(self.faces, o)
            if faces is not None:
                if len(faces) != sides:
                    raise self._fail(self._path("throw", "faces"), f"must list {sides} faces, one a side")
                per = tuple((f, 1) for f in faces)
            else:
                per = devices.D6 if sides == 6 else tuple((f, 1) for f in range(1, sides + 1))
        else:
            per = devices.ASTRAGAL_MEASURED if _pick(self.odds, o) == "measured" else devices.ASTRAGAL_UNIFORM
        faces, weights = [], []
        for combo in itertools.product(*(per,) * count):
            w = 1
            for _, x in combo:
                w *= x
            faces.append(tuple(f for f, _ in combo))
            weights.append(w)
        return faces, weights

    def _binary(self, o: dict[str, Any]) -> int:
        """How many two-sided pieces are thrown (0: not a two-sided device)."""
        device = _pick(self.device, o)
        if device in BINARY_DEVICES:
            return _pick(self.dev_count, o)
        return NAMED_BINARY.get(device, 0)

    def _worth(self, faces: tuple[int, ...], o: dict[str, Any]) -> tuple[int, ...]:
        k = self._binary(o)
        up_table = _pick(self.worth_up, o)
        none = _pick(self.worth_none, o)
        if k:
            up = sum(faces)
            marked = _pick(self.worth_marked, o)
            if marked is not None and len(marked) != k:
                raise self._fail(self._path("worth", "marked"), f"must give {k} worths, one a stick")
            by_faces = _pick(self.worth_faces, o)
            if by_faces is not None and any(len(key) != k for key in by_faces):
                raise self._fail(self._path("worth", "faces"), f"each key must give {k} digits, one a stick")
            if by_faces is not None and tuple(faces) in by_faces:
                value = (by_faces[tuple(faces)],)
            elif marked is not None and up == 1:
                value = (marked[faces.index(1)],)
            elif up_table is not None:
                if len(up_table) != k + 1:
                    raise self._fail(self._path("worth", "up"), f"must give {k + 1} worths (0 to {k} up), got {len(up_table)}")
                value = up_table[up]
            elif up == 0 and none is not None:
                value = (k + 1 if none == "count+1" else none,)
            else:
                value = (up,)
        else:
            if up_table is not None or none is not None:
                raise self._fail(self._path("worth", "up"), "up and none are for two-sided pieces (sticks, tetra, cowries)")
            if _pick(self.worth_marked, o) is not None:
                raise self._fail(self._path("worth", "marked"), "marked is for two-sided sticks")
            if _pick(self.worth_faces, o) is not None:
                raise self._fail(self._path("worth", "faces"), "faces is for two-sided sticks")
            if _pick(self.worth_each, o) and len(faces) > 1:
                times = _pick(self.doubles, o) if len(set(faces)) == 1 else 1
                return tuple(sorted(faces, reverse=True)) * times  # each die a move of its own
            value = (sum(faces),)
        return tuple(v for v in value if v > 0) if len(value) > 1 else value

    # -- the game -------------------------------------------------------------------------
    # -- evaluation (CONTRACT.md, "Evaluation") ------------------------------------------------
    #: Logistic slope, on shares of a seat's whole run: a tenth of it ahead scores ~0.65.
    EVAL_K = 6.0

    def evaluate(self, sim: RaceSim) -> tuple[float, ...]:
        """A value per seat in [0, 1] for an unfinished position: each seat's pips still to run
        (track length plus one less the position for a piece on the track, the whole of it for
        a piece in hand, none once borne off) as a share of its whole run, negated; teams sum
        their seats', :func:`team_values` squashes the difference."""
        r = sim.r
        scores = []
        if r.succ is not None:  # track.branches: the fewest steps left, by the short cuts
            for s in range(r.players):
                whole = r.to_off[s][1] + 1
                left = whole * sim.hand[s] + sum(r.to_off[s][p] for p in sim.pos[s])
                scores.append(-left / max(1, whole * r.count))
            return team_values(self, scores, self.EVAL_K)
        for s in range(r.players):
            whole = r.n[s] + 1
            left = whole * (sim.hand[s] + sim.taken[s]) + sum(whole - p for p in sim.pos[s])
            scores.append(-left / max(1, whole * r.count))
        return team_values(self, scores, self.EVAL_K)

    def new_sim(self, options: dict[str, Any]) -> RaceSim:
        r = self.rules(options)
        sim = RaceSim(self, r, options)
        sim.hand = [r.count - len(r.start)] * self.players
        for s in range(self.players):
            for q in r.start:
                sim.pos[s].append(q)
                sim.occ[r.cells[s][q] * r.players + s] += 1
        return sim

    def sim_from_json(self, data: Any, options: dict[str, Any]) -> RaceSim:
        return _read(self, data, options)

    def board_info(self, options: dict[str, Any]) -> dict[str, Any]:
        r = self.rules(options)
        r_safe_cells = _pick(self.safe_cells, options)
        marks = {c: m for c, m in self.mark_of.items()}
        for c, flag in enumerate(r.safe):
            if flag and c not in marks and c in r_safe_cells:
                marks[c] = "safe"
        geometry = self.board.geometry(marks)
        geometry["style"] = "track"
        geometry["hands"] = True
        geometry["tracks"] = [list(t) for t in r.track_names]
        geometry["regions"] = {m: sorted(self.board.names[c] for c in cells) for m, cells in self.marks.items()}
        jumps = self._jump_tables(options)
        if jumps:
            # The board draws each square that carries a piece on (a ladder up, a snake down, a
            # goal off the track), and with which seats where the seats' tables differ.
            seats_of: dict[tuple[str, str], list[int]] = {}
            for seat, table in enumerate(jumps):
                for a, b in table.items():
                    if b == -2:
                        continue  # back to the hand: not drawn as a jump (the file marks such cells)
                    seats_of.setdefault((self.board.names[a], "off" if b == -1 else self.board.names[b]), []).append(seat)
            geometry["jumps"] = [{"from": a, "to": b, **({} if len(seats) == len(jumps) else {"seats": seats})}
                                 for (a, b), seats in sorted(seats_of.items())]
        device = _pick(self.device, options)
        return {
            "players": self.players, "sides": list(self.rf.sides),
            "teams": [list(t) for t in self.teams] if self.teams else None,
            "geometry": geometry,
            "pieces": {self.kind: {"name": self.kind, "glyph": self.glyph, "svg": None},
                       **({self.stage[1]: {"name": self.stage[1], "glyph": self.stage[2], "svg": None}} if self.stage else {})},
            "notation": "points",
            "device": {"name": device, "count": _pick(self.dev_count, options),
                       "throws": [{"faces": list(f), "worth": list(v), "weight": w}
                                  for f, v, w in zip(r.outcomes, r.vals, r.weights)]},
            "count": r.count,
        }

    def ludii_throw(self, dice: list[int]) -> dict[str, Any]:
        """Ludii's dice as our throw: a two-sided piece Ludii numbers by its marked side's value
        (Kints' sticks: 0 or 4, 0 or 6...) is 1 when that side is up. Where Ludii throws one die
        for several two-sided pieces (Bell's Senet: a four-sided die for four sticks), its value
        ``v`` is read as the throw with the first ``v`` pieces marked side up."""
        k = self._binary(self.rules_options())
        if k:
            if len(dice) == 1 and k > 1 and _is_int(dice[0]) and 1 <= dice[0] <= k:
                return {"throw": [1] * dice[0] + [0] * (k - dice[0])}
            return {"throw": [1 if d else 0 for d in dice]}
        return {"throw": list(dice)}

    def ludii_steps(self, sim: RaceSim, move: Any, last: int | None) -> list | None:
        """``[ludii] throw_steps = true`` (with ``throws.until``): Ludii records each throw of a
        series as a step of its own (a pass) and then each move: the series' last throw is a
        pass before the first move (earlier throws meet the replay's forced passes), and a move
        after which the values left are lost is followed by Ludii's pass that drops them."""
        if not self.rf.ludii.get("throw_steps") or sim.r.until is None or move == PASS or type(move) is int:
            return None
        seat = sim.seat
        run = []
        if sim.fresh:
            run.append((seat, {"pass": True}, True))
        run.append((seat, sim.action(move).to_json(), False))
        if len(sim.left) > 1:
            after = sim.copy()
            after.play(move)
            if after.over is None and after.phase != MOVE:
                run.append((seat, {"pass": True}, True))  # the values left were lost
        return run if len(run) > 1 else None

    def rules_options(self) -> dict[str, Any]:
        return {name: spec.default for name, spec in self.option_specs.items()}

    def describe(self, sim: RaceSim, move: Any) -> str:
        r = sim.r
        if type(move) is int:
            faces = r.outcomes[move]
            worth = "+".join(str(v) for v in r.vals[move])
            return f"throw {'-'.join(str(f) for f in faces)} = {worth}"
        if move == PASS:
            return "pass"
        act = sim.action(move)
        text = f"{act['from']}→{act['to']}"
        p, q, v = move
        s = sim._actor()
        if q == 0:
            q = sim._landing(s, p, v)  # a jump "hand": what it lands on is taken first
        if q <= r.n[s]:
            c = r.cells[s][q]
            base = c * r.players
            if not r.safe[c] and any(sim.occ[base + o] for o in r.opps[s]):
                text += "*"
            if r.extra_cell[c]:
                text += "+"
        return text

    def text_help(self) -> dict[str, list[str]]:
        names = self.rules({k: s.default for k, s in self.option_specs.items()}).track_names[0]
        return {"moves": [f"hand→{names[0]}", f"{names[0]}→{names[min(2, len(names) - 1)]}", f"{names[-1]}→off"],
                "commands": []}


class RaceSim(Sim):
    """A race position being played, mutable: the play-out path (see the module docstring)."""

    __slots__ = ("game", "r", "options", "pos", "hand", "off", "occ", "seat", "phase", "throws", "last",
                 "left", "series", "bonus", "extra", "over", "_moves", "pinned", "owed", "turn_vals", "fresh",
                 "opened", "hit")

    def __init__(self, game: RaceGame, r: Rules, options: dict[str, Any]) -> None:
        self.game = game
        self.r = r
        self.options = options
        P = r.players
        self.pos: list[list[int]] = [[] for _ in range(P)]
        self.hand = [0] * P
        self.off = [0] * P
        self.occ = [0] * (game.board.size * P)
        self.seat = 0
        self.phase = THROW
        self.throws = 0
        self.last = -1            # the last throw (outcome index), -1 before the first
        self.left: list[int] = []  # values still to play this turn
        self.series: list[tuple[int, ...]] = []  # throws made before moving
        self.bonus = False        # another throw earned by the throw's value
        self.extra = False        # another throw earned by a landing or a capture
        self.over: tuple[int | None, str] | None = None
        self._moves: list | None = None
        # capture.opponent = "pin": by cell, the seat whose lone piece is held there (-1: none)
        self.pinned: list[int] = [-1] * game.board.size if r.pin else []
        self.owed = 0             # counted extra throws still owed this turn
        self.turn_vals: list[int] = []  # counted extra throws: the values thrown this turn
        self.fresh = False        # throws.until: no move yet of the series just thrown (the Ludii replay's runs)
        self.opened: list[int] = []  # throws.opening: the opening throws' worths so far, one a seat in seat order
        self.hit = [0] * P        # enter.must = "hit": pieces of each seat in its hand that were sent back
        self.taken = [0] * P      # capture.opponent = "remove": pieces of each seat taken out of the game

    def copy(self) -> RaceSim:
        o = RaceSim.__new__(RaceSim)
        o.game, o.r, o.options = self.game, self.r, self.options
        o.pos = [p[:] for p in self.pos]
        o.hand = self.hand[:]
        o.off = self.off[:]
        o.occ = self.occ[:]
        o.seat, o.phase, o.throws, o.last = self.seat, self.phase, self.throws, self.last
        o.left = self.left[:]
        o.series = self.series[:]
        o.bonus, o.extra, o.over = self.bonus, self.extra, self.over
        o._moves = self._moves
        o.pinned = self.pinned[:] if self.pinned else self.pinned
        o.owed = self.owed
        o.turn_vals = self.turn_vals[:]
        o.fresh = self.fresh
        o.opened = self.opened[:]
        o.hit = self.hit[:]
        o.taken = self.taken[:]
        return o

    # -- the protocol ---------------------------------------------------------------------
    def to_move(self) -> int | None:
        return None if self.phase != MOVE else self.seat

    def is_chance(self) -> bool:
        return self.phase == THROW

    def moves(self) -> list:
        if self.phase != MOVE:
            return []
        if self._moves is None:
            self._moves = self._gen()
            if self.r.may_pass and self._moves and not self._opening():
                self._moves.append(PASS)
        return self._moves

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase != THROW:
            return []
        r = self.r
        return [(i, w / r.total) for i, w in enumerate(r.weights)]

    def chance(self, rng: random.Random) -> int:
        r = self.r
        if r.picker is not None:
            i = r.picker[int(rng.random() * r.total)]
        else:
            i = bisect_right(r.cumulative, int(rng.random() * r.total))
        self._thrown(i)
        return i

    def play(self, move: Any) -> None:
        if self.phase == THROW:
            self._thrown(move)
        elif move is PASS or move == PASS:
            self._end_turn(self.bonus or self.extra)
        else:
            self._step(move)

    def outcome(self) -> Outcome | None:
        if self.over is None:
            return None
        winner, how = self.over
        return Outcome(winner, 1 if winner is not None else 0, how, tuple(self.off))  # type: ignore[arg-type]

    def result(self) -> tuple[float, ...] | None:
        if self.over is None:
            return None
        winner = self.over[0]
        r = self.r
        if winner is None:
            return (0.5,) * r.players
        team = r.team[winner]
        return tuple(1.0 if s in team else 0.0 for s in range(r.players))

    # -- throwing -------------------------------------------------------------------------
    def _thrown(self, i: int) -> None:
        r = self.r
        self.throws += 1
        self.last = i
        vals = r.vals[i]
        self._moves = None
        if r.opening and self.throws <= r.players:
            # throws.opening: the game's first throws, one a seat in seat order, move nothing;
            # then the seat of the highest (the earliest of equal highest) throws again and begins
            self.opened.append(r.principal[i])
            if self.throws < r.players:
                self.seat = self.throws
            else:
                self.seat = self.opened.index(max(self.opened))
                self.opened = []
            self.phase = THROW
            return
        if r.until is not None:
            self.series.append(vals)
            run = r.void_run
            if run and len(self.series) >= run:
                tail = self.series[-run:]
                if all(t == vals for t in tail):
                    # that many equal throws in a row do not count: all of them, or the last
                    del self.series[-run if r.void_all else -1:]
            if r.principal[i] not in r.until:
                if len(self.series) >= MAX_SERIES or self.throws >= r.limit:
                    self.left = []
                    self.series = []
                    self._end_turn(False)
                return  # throw again
            self.left = [v for t in self.series for v in t if v > 0]
            self.series = []
            self.bonus = False
            self.fresh = True
        else:
            self.left = list(r.left0[i])
            self.bonus = r.bonus0[i] and not self._opening() and not (r.extra_hand and not self.hand[self.seat])
            if r.counted:
                self._count_throw(i)
        self.extra = False
        if self.left:
            self.phase = MOVE
            moves = self._gen()
            if moves:
                if r.may_pass and not self._opening():
                    moves.append(PASS)
                self._moves = moves
                return
        self._end_turn(self.bonus)

    def _count_throw(self, i: int) -> None:
        """Counted extra throws: what throw ``i`` earns (owed), and a void run's last throw."""
        r = self.r
        v = r.principal[i]
        vals = self.turn_vals
        if not (r.extra_first and vals):
            if v in r.extra_twice:
                self.owed += 2
            elif self.bonus:
                self.owed += 1
        self.bonus = False
        vals.append(v)
        k = r.extra_void
        if k and len(vals) >= k and all(x == v for x in vals):
            self.left = []  # the run's throw is worth nothing

    def _opening(self) -> bool:
        """The seat's first throw of the game, under ``enter.first``: the game's first throws,
        one a seat (the opening earns no other), while all the seat's pieces are in the hand."""
        r = self.r
        return r.enter_first and self.throws <= r.players and self.hand[self.seat] == r.count

    # -- moving ---------------------------------------------------------------------------
    def _actor(self) -> int:
        """The seat whose pieces move: the seat to play, or its partner once its own are off."""
        s = self.seat
        r = self.r
        if r.partner_plays and self.off[s] == r.count:
            for m in r.mates[s]:
                if self.off[m] < r.count:
                    return m
        return s

    def _gen(self) -> list:
        out = self._gen_raw()
        r = self.r
        while r.ordered and not out and len(self.left) > 1:
            del self.left[0]  # worth.ordered: a value that cannot be played is lost, the next is due
            out = self._gen_raw()
        if r.vacate and out:
            # move.vacate: a piece standing on one of these cells must leave it if the throw can move it
            cells = r.cells[self._actor()]
            leaving = [m for m in out if m[0] and cells[m[0]] in r.vacate]
            if leaving:
                out = leaving
        if r.no_hold and out:
            out = self._no_hold(out)
        if r.most and len(self.left) > 1 and len(out) > 1:
            out = self._most(out)
        return out

    def _no_hold(self, out: list) -> list:
        """``move.no_hold``: the moves that leave the seat holding no whole cell set."""
        r = self.r
        s = self._actor()
        P = r.players
        keep = []
        for m in out:
            p, q, _ = m
            gone = r.cells[s][p] if p else -1
            if gone >= 0 and self.occ[gone * P + s] > 1:
                gone = -1
            came = r.cells[s][q] if q <= r.n[s] else -1
            for cells in r.no_hold:
                if all(c == came or (c != gone and self.occ[c * P + s]) for c in cells):
                    break
            else:
                keep.append(m)
        return keep

    def _most(self, out: list) -> list:
        """``move.most``: the moves after which the most of the throw can still be played;
        where only one value of two different ones can be, the larger where it can."""
        memo: dict = {}
        scored = []
        for m in out:
            c = self.copy()
            c._step(m, probe=True)
            # (a pin that ends the game is probed as if play went on: the throw is counted whole)
            scored.append((1 + c._reach(memo), m))
        best = max(k for k, _ in scored)
        keep = [m for k, m in scored if k == best]
        if best == 1 and len(set(self.left)) > 1 and self.r.most is True:
            top = max(m[2] if m[2] > 0 else -m[2] % 1000 for m in keep)
            keep = [m for m in keep if (m[2] if m[2] > 0 else -m[2] % 1000) == top]
        return keep

    def _reach(self, memo: dict) -> int:
        """How many of the values left the seat can still play, one after another."""
        if not self.left or self.phase != MOVE:
            return 0
        key = (tuple(map(tuple, self.pos)), tuple(self.hand), tuple(sorted(self.left)), tuple(self.pinned))
        got = memo.get(key)
        if got is not None:
            return got
        best = 0
        want = len(self.left)
        moves = self._gen_raw()
        if self.r.no_hold and moves:
            moves = self._no_hold(moves)
        for m in moves:
            c = self.copy()
            c._step(m, probe=True)
            best = max(best, 1 + c._reach(memo))
            if best == want:
                break
        memo[key] = best
        return best

    def _gen_raw(self) -> list:
        r = self.r
        if r.succ is not None:
            return self._gen_routes()
        s = self._actor()
        occ = self.occ
        base = r.base[s]
        safe = r.safe_at[s]
        n = r.n[s]
        opps = r.opps[s]
        lone = opps[0] if len(opps) == 1 else -1  # two seats, no partners: one opponent
        mates = r.mates[s] if not r.partner_share else ()
        own_block = not r.own_stack
        safe_share, capture_block, group_block = r.safe_share, r.capture_block, r.group_block
        out = []
        left = self.left
        pos = self.pos[s]
        if (r.own_stack or r.onto_own) and len(pos) > 1:
            pos = sorted(set(pos))
        hand = self.hand[s]
        ev = r.enter_values
        enter_square = r.enter_square
        exact = r.exact
        short, short_values, off_from = r.short, r.short_values, r.off_from
        loop, jump, past = r.loop, r.jump[s] if r.jump is not None else None, r.past
        back = r.jump_back[s] if r.jump_back is not None else None
        home = not r.together or (not hand and (not pos or min(pos) >= off_from))
        pinned = self.pinned
        if pinned and home and s in pinned:
            home = False  # a seat with a piece held bears none off
        higher = r.higher
        lowest = self.pos[s][0] if higher and self.pos[s] and not hand else -1
        if r.lead and self.pos[s] and self.pos[s][-1] > 1 and self.pos[s][-1] <= r.lead and not self.off[s]:
            pos = [p for p in pos if p != 1]  # one piece only has left the first square yet
        if r.enter_first and self._opening():
            ev, enter_square, pos = None, 0, []  # the opening: the first piece on by the throw
        if hand and r.enter_throws is not None and r.principal[self.last] not in r.enter_throws:
            hand = 0  # enter.throws: this throw brings no piece on
        if hand and r.enter_doubles is not None and r.double_of[self.last] not in r.enter_doubles:
            hand = 0  # enter.doubles: only a double of these faces brings a piece on
        if home and r.off_throws is not None and r.principal[self.last] not in r.off_throws:
            home = False  # bear_off.throws: this throw bears no piece off
        if hand and r.enter_clear and any(occ[c * r.players + s] for c in r.enter_clear[s]):
            hand = 0  # a piece of its own still on those cells bars entering
        for v in (left[:1] if len(left) == 1 or r.ordered else sorted(set(left))):
            for p in ([0] + pos if hand and (ev is None or v in ev) else pos):
                if p:
                    if pinned and pinned[r.cells[s][p]] == s:
                        continue  # held by the piece on it
                    q = p + (r.home_as.get(v, v) if r.home_from and p >= r.home_from else v)
                    if r.gate and p < r.gate <= q:  # move.gate: only these throws cross, stopping on it
                        if v not in r.gate_values:
                            continue
                        q = r.gate
                    if q < 1:  # move.back: taken back off the start of its track, to the hand
                        out.append((p, 0, v))
                        continue
                    if q > n and loop:
                        q = (q - 1) % n + 1
                    elif q > n:
                        if p < off_from or not past or not home or (r.off_values is not None and v not in r.off_values):
                            continue
                        if r.last_exact and p == n and q != n + 1:
                            continue  # bear_off.last_exact: from the last square, only the exact throw
                        if n + 1 - p in r.off_doubles and r.double_of[self.last] != n + 1 - p:
                            continue  # bear_off.doubles: from this near only a double of the distance
                        if q == n + 1 or not exact or (n + 1 - p <= short and (
                                short_values is None or v in short_values)) or p == lowest:
                            out.append((p, n + 1, v))
                        continue
                elif v < 0:
                    continue  # move.back: nothing in the hand goes back
                else:
                    q = enter_square or v - r.enter_less
                    if r.gate and r.gate <= q:  # move.gate, entering
                        if v not in r.gate_values:
                            continue
                        q = r.gate
                    if q > n:
                        continue
                    if r.crowd and sum(occ[base[q]:base[q] + r.players]) >= r.crowd:
                        continue  # enter.crowd: too many pieces there, of any side
                b = base[q]
                if own_block and occ[b + s] and (p or not r.onto_own):
                    continue
                if pinned and pinned[r.cells[s][q]] == s:
                    continue  # a cell where its own piece is held is closed to the seat
                if mates:
                    for m in mates:
                        if occ[b + m]:
                            break
                    else:
                        m = -1
                    if m >= 0:
                        continue
                if lone >= 0:
                    opp = occ[b + lone]
                else:
                    opp = 0
                    for o in opps:
                        opp += occ[b + o]
                if opp:
                    if safe[q]:
                        if not safe_share:
                            continue
                    elif capture_block or (opp > 1 and group_block):
                        continue
                if jump is not None and jump[q]:
                    t = jump[q]
                    if not r.jump_empty or sum(occ[base[t]:base[t] + r.players]) == (1 if t == p else 0):
                        q = t  # judged where it lands; the jump carries it on (jump.empty: into an empty cell)
                elif back is not None and back[q]:
                    q = 0  # judged where it lands; then back to the hand (jump "hand")
                out.append((p, q, v))
        if r.groups_move and len(left) > 1:
            out.extend(self._gen_groups(s))
        if r.hook is not None:
            out = r.hook(self, "moves", s, out)
        if r.enter_must == "hit":
            if self.hit[s]:
                out = [m for m in out if m[0] == 0]
        elif r.enter_must and hand and (r.enter_must == "only" or any(m[0] == 0 for m in out)):
            out = [m for m in out if m[0] == 0]
        return out

    def _gen_routes(self) -> list:
        """The moves on a track with branches (``track.branches``): from a resting cell along
        each route through it; a landing is the cell's resting position."""
        r = self.r
        s = self._actor()
        occ, P, n = self.occ, r.players, r.n[s]
        cells, succ, starts, rest = r.cells[s], r.succ[s], r.starts[s], r.rest[s]
        opps = r.opps[s]
        mates = r.mates[s] if not r.partner_share else ()
        hand = self.hand[s]
        ev = r.enter_values
        pos = sorted(set(self.pos[s]))
        out: list = []
        for v in sorted(set(self.left)):
            if v <= 0:
                continue
            for p in ([0] + pos if hand and (ev is None or v in ev) else pos):
                ends = []
                if p == 0:
                    q = r.enter_square or v
                    walks = [(q, v)] if q <= r.main else []
                else:
                    walks = []
                    for first in starts[cells[p]]:
                        q, k = first, 1
                        while k < v and q <= n:
                            q = succ[q]
                            k += 1
                        walks.append((q, k))
                for q, k in walks:
                    if q > n:
                        if p and (k == v or not r.exact):
                            ends.append(n + 1)
                        continue
                    q = rest[cells[q]]
                    c = cells[q]
                    b = c * P
                    if occ[b + s] and not r.own_stack:
                        continue
                    if any(occ[b + m] for m in mates):
                        continue
                    opp = sum(occ[b + o] for o in opps)
                    if opp:
                        if r.safe[c]:
                            if not r.safe_share:
                                continue
                        elif r.capture_block or (opp > 1 and r.group_block):
                            continue
                    ends.append(q)
                for q in ends:
                    if (p, q, v) not in out:
                        out.append((p, q, v))
        return out

    def _gen_groups(self, s: int) -> list:
        """Moves of several pieces on one square together (``stack.together``), as
        ``(from, to, -(pieces * 1000 + value))``: ``pieces`` equal throws of ``value`` carry
        that many pieces ``times`` the value."""
        r = self.r
        occ, base, n, P = self.occ, r.base[s], r.n[s], r.players
        pos = self.pos[s]
        out = []
        for k, vals, times in r.groups_move:
            for v in sorted(set(self.left)):
                if self.left.count(v) < k or (vals is not None and v not in vals):
                    continue
                for p in sorted(set(pos)):
                    if pos.count(p) < k:
                        continue
                    q = p + times * v
                    if q > n:
                        if p < r.off_from or not r.past or (q != n + 1 and r.exact):
                            continue
                        if r.together and (self.hand[s] or min(pos) < r.off_from):
                            continue
                        out.append((p, n + 1, -(k * 1000 + v)))
                        continue
                    b = base[q]
                    if any(occ[b + m] for m in r.mates[s]) and not r.partner_share:
                        continue
                    opp = sum(occ[b + o] for o in r.opps[s])
                    if opp:
                        if r.safe_at[s][q]:
                            if not r.safe_share:
                                continue
                        elif r.capture_block or (opp > 1 and r.group_block):
                            continue
                    out.append((p, q, -(k * 1000 + v)))
        return out

    def _landing(self, s: int, p: int, v: int) -> int:
        """Where a move of ``v`` from track position ``p`` (0: the hand) lands, before a jump."""
        r = self.r
        n = r.n[s]
        q = (r.enter_square or v - r.enter_less) if p == 0 else p + v
        if q > n and r.loop and p:
            q = (q - 1) % n + 1
        return q

    def _step(self, move: tuple[int, int, int], probe: bool = False) -> None:
        r = self.r
        s = self._actor()
        p, q, v = move
        occ = self.occ
        base = r.base[s]
        k = 1
        if v <= -1000:  # several pieces together (stack.together)
            k, v = divmod(-v, 1000)
            for _ in range(k - 1):
                self.left.remove(v)
                self.pos[s].remove(p)
            occ[base[p] + s] -= k - 1
        elif r.whole and p and (q <= r.n[s] or r.whole is True):  # stack.whole: the seat's pieces on the square go as one
            k = self.pos[s].count(p)
            for _ in range(k - 1):
                self.pos[s].remove(p)
            occ[base[p] + s] -= k - 1
        if p == 0:
            self.hand[s] -= 1
            if self.hit[s]:
                self.hit[s] -= 1
            if r.extra_enter and not probe:
                self.owed += r.extra_enter  # extra_throw.enter: throws earned by bringing a piece on
        else:
            self.pos[s].remove(p)
            occ[base[p] + s] -= 1
            if self.pinned and not occ[base[p] + s]:
                c = r.cells[s][p]
                if self.pinned[c] >= 0:
                    self.pinned[c] = -1  # the last piece holding one leaves: it is free
        self.left.remove(v)
        self._moves = None
        self.fresh = False
        land = q if r.jump is None else self._landing(s, p, v)
        if r.passing is not None:
            self._pass_over(s, p, land)
        if land != q and land <= r.n[s] and not r.safe_at[s][land]:
            c = r.cells[s][land]
            for o in r.opps[s]:
                if occ[base[land] + o]:
                    self._taken(o, c)
        if q == 0:
            self.hand[s] += k  # a jump "hand": back to come in again
        elif q > r.n[s]:
            self.off[s] += k
            if r.clear_wins and not self.pos[s]:
                self.over = (s, "track-clear")
                self.phase = OVER
                self.left = []
                return
            if self.off[s] == r.count and not r.most_off:
                for m in r.mates[s]:
                    if self.off[m] != r.count:
                        break
                else:
                    self.over = (s, "all-off")
                    self.phase = OVER
                    self.left = []
                    return
        else:
            b = base[q]
            if r.pin:
                c = r.cells[s][q]
                o = r.opps[s][0]
                if occ[b + o] and self.pinned[c] != o and not r.safe_at[s][q]:
                    self.pinned[c] = o  # a lone opposing piece is held, not sent back
                    if r.pin_start and c == r.cells[o][1] and not probe:
                        mine = r.cells[s][1]
                        if r.pin_always or not occ[mine * r.players + s] or self.pinned[mine] == s:
                            insort(self.pos[s], q)
                            occ[b + s] += 1
                            self.over = (s if r.pin_always or self.pinned[mine] != s else None, "pinned-start")
                            self.phase = OVER
                            self.left = []
                            return
            elif land == q and not r.safe_at[s][q] and (not r.stage_takes or p >= r.stage_takes):
                for o in r.opps[s]:
                    if occ[b + o] and not (r.group_share and occ[b + o] > 1):
                        self._taken(o, r.cells[s][q])
            for _ in range(k):
                insort(self.pos[s], q)  # kept sorted: the moves come in one order however reached
            occ[b + s] += k
            if r.extra_cell[r.cells[s][q]]:
                self.extra = True
        if self.over is not None:  # end.goal = "take-all": the opponents' last piece taken
            self.phase = OVER
            self.left = []
            return
        if r.hook is not None:
            r.hook(self, "played", s, move)
            if self.over is not None:
                return  # the hook ended the game
        if r.most_off and not any(self.pos):
            self.over = (self._most_off(), "most-off")
            self.phase = OVER
            self.left = []
            return
        if probe:
            return
        if self.left:
            moves = self._gen()
            if moves:
                if r.may_pass:
                    moves.append(PASS)
                self._moves = moves
                return
        self._end_turn(self.bonus or self.extra)

    def _taken(self, o: int, c: int) -> None:
        """Seat ``o``'s pieces on cell ``c`` are sent back by the mover, earning what they earn."""
        r = self.r
        if r.capture_each:
            self.owed += self.occ[c * r.players + o]
        elif r.capture_extra:
            self.extra = True
        self._send_back(o, c)

    def _pass_over(self, s: int, p: int, land: int) -> None:
        """capture.passing: the opponents' pieces on the squares passed over, strictly between
        track position ``p`` and ``land``, go back, but on the safe cells."""
        r = self.r
        for x in range(p + 1, min(land, r.n[s] + 1)):
            c = r.cells[s][x]
            if c in r.passing:
                continue
            for o in r.opps[s]:
                if self.occ[c * r.players + o]:
                    self._taken(o, c)

    def _send_back(self, o: int, c: int) -> None:
        r = self.r
        k = self.occ[c * r.players + o]
        self.occ[c * r.players + o] = 0
        track = r.cells[o]
        self.pos[o] = [x for x in self.pos[o] if track[x] != c]
        if r.remove:  # capture.opponent = "remove": out of the game
            self.taken[o] += k
            if r.take_all and all(self.taken[x] == r.count for x in r.opps[self._actor()]):
                self.over = (self._actor(), "take-all")
        elif r.back_to:  # back onto the track square capture.to
            for _ in range(k):
                insort(self.pos[o], r.back_to[o])
            self.occ[track[r.back_to[o]] * r.players + o] += k
        else:
            self.hand[o] += k
            if r.enter_must == "hit":
                self.hit[o] += k

    def _end_turn(self, extra: bool) -> None:
        r = self.r
        if self.left:
            self.left = []
        if self.series:
            self.series = []
        self.bonus = self.extra = False
        self._moves = None
        if self.throws >= r.limit:
            self.over = (self._leader(), "limit")
            self.phase = OVER
            return
        s = self.seat
        P = r.players
        if r.counted:
            self.owed += extra  # a single extra throw earned otherwise (a capture, a cell)
            extra = self.owed > 0
            if extra:
                self.owed -= 1
            else:
                self.turn_vals = []
        nxt = s if extra else (s + 1) % P
        for _ in range(P):
            if self.off[nxt] + self.taken[nxt] < r.count or (r.partner_plays and any(self.off[m] < r.count for m in r.mates[nxt])):
                break
            nxt = (nxt + 1) % P
        self.seat = nxt
        self.phase = THROW

    def _most_off(self) -> int | None:
        """end.goal = "most-off": the seat (of the team) with most pieces borne off; None if two tie."""
        r = self.r
        offs = [sum(self.off[m] for m in r.team[s]) for s in range(r.players)]
        best = max(offs)
        leaders = [s for s in range(r.players) if offs[s] == best]
        return leaders[0] if all(x in r.team[leaders[0]] for x in leaders) else None

    def _leader(self) -> int:
        r = self.r

        def standing(seat: int) -> tuple[int, int, int]:
            team = r.team[seat]
            off = sum(self.off[m] for m in team)
            run = sum(sum(self.pos[m]) + self.off[m] * (r.n[m] + 1) for m in team)
            return (off, run, max(team))

        return max(range(r.players), key=standing)

    # -- the public face ------------------------------------------------------------------
    def action(self, move: Any) -> Action:
        r = self.r
        if type(move) is int:  # a throw (asked also after it was played: RulesVariant.draw)
            return Action({"throw": list(r.outcomes[move])})
        if move == PASS:
            return Action({"pass": True})
        p, q, v = move
        s = self._actor()
        names = self.game.board.names
        group = 0
        if v <= -1000:
            group, v = divmod(-v, 1000)
        if v < 0:  # move.back: a piece taken back, to the hand below its first square
            return Action({"from": names[r.cells[s][p]], "to": names[r.cells[s][q]] if q else "hand"})
        data: dict[str, Any] = {
            "from": "hand" if p == 0 else names[r.cells[s][p]],
            "to": "off" if q > r.n[s] else names[r.cells[s][q]] if q else names[r.cells[s][self._landing(s, p, v)]],
        }
        if q == 0:
            data["back"] = True  # a jump "hand": "to" names the cell it landed on
        elif r.jump_empty and 0 < q <= r.n[s] and (land := self._landing(s, p, v)) != q:
            data["via"] = names[r.cells[s][land]]  # jump.empty: carried on from there
        if q > r.n[s] and r.jump is not None:
            land = self._landing(s, p, v)
            if land <= r.n[s]:
                # a jump took it off: "to" names the cell it left the track from
                data["to"] = names[r.cells[s][r.jump_from[s][land]]]
                data["off"] = True
        if group:
            data["pieces"] = group  # several pieces on the square move together
        if len(set(self.left)) > 1 and ((p == 0 and r.enter_square) or (q > r.n[s] and (not r.exact or r.short or r.higher))):
            data["value"] = v  # the squares alone do not say which of the throws is used
        if r.revisits[s] and p:
            twins = [m for m in self.moves() if m != move and m != PASS and m[0] and m[0] != p
                     and r.cells[s][m[0]] == r.cells[s][p] and m[2] == v
                     and (m[1] > r.n[s]) == (q > r.n[s]) and (q > r.n[s] or r.cells[s][m[1]] == r.cells[s][q])]
            if twins:
                data["piece"] = p  # the track square the piece stands on: the cell is passed twice
        return Action(data)

    def to_json(self) -> dict[str, Any]:
        r = self.r
        g = self.game
        names = g.board.names
        P = r.players
        board: dict[str, list] = {}
        staged = _staged(g, r, self.pos)
        for c in range(g.board.size):
            owners = [(s, self.occ[c * P + s]) for s in range(P) if self.occ[c * P + s]]
            if owners:
                total = sum(k for _, k in owners)
                board[names[c]] = [owners[0][0] if len(owners) == 1 else None, g.stage[1] if c in staged else g.kind, total]
        throw = None
        if self.last >= 0:
            throw = {"faces": list(r.outcomes[self.last]), "value": sum(r.vals[self.last]),
                     "left": list(self.left)}
        out: dict[str, Any] = {
            "key": g.key,
            "options": self.options,
            "to_move": self.seat,
            "phase": PHASES[self.phase],
            "turn": self.throws,
            "throws": self.throws,
            "board": board,
            "hands": [{g.kind: h} if h else {} for h in self.hand],
            "scores": list(self.off),
            "positions": [list(p) for p in self.pos],
            "pending": None,
            "throw": throw,
            "over": {"winner": self.over[0], "how": self.over[1]} if self.over else None,
        }
        if r.until is not None:
            out["series"] = [list(t) for t in self.series]
        if r.pin:
            out["pinned"] = {names[c]: o for c, o in enumerate(self.pinned) if o >= 0}
        if self.phase == MOVE:
            out["extra"] = self.bonus or self.extra
        if r.counted:
            out["owed"] = self.owed
            out["turn_throws"] = list(self.turn_vals)
        if r.opening and self.throws < r.players:
            out["opening"] = list(self.opened)
        if r.enter_must == "hit":
            out["hit"] = list(self.hit)
        if r.remove:
            out["taken"] = list(self.taken)
        return out


# -- reading a state ----------------------------------------------------------------------

def _staged(g: RaceGame, r: Rules, pos: list[list[int]]) -> set[int]:
    """``pieces.stage``: the cells holding a piece at or beyond the stage's track square."""
    if g.stage is None:
        return set()
    first = g.stage[0]
    return {r.cells[s][p] for s, ps in enumerate(pos) for p in ps if p >= first}


def _whole(value: Any, where: str, lo: int, hi: int) -> int:
    if not _is_int(value) or not lo <= value <= hi:
        raise InvalidState(f"{where}: must be a whole number {lo} to {hi}, got {brief(value)}")
    return value


def _read(g: RaceGame, data: Any, options: dict[str, Any]) -> RaceSim:
    r = g.rules(options)
    P = r.players
    sim = RaceSim(g, r, options)
    names = g.board.names
    index = g.board.index
    # Where the pieces are: `positions` (track positions) where given, else read off the board.
    board = data.get("board", {})
    if not isinstance(board, dict):
        raise InvalidState("board: must map cell names to [seat, kind, count]")
    cell_counts: dict[int, list] = {}
    kinds = (g.kind, g.stage[1]) if g.stage else (g.kind,)
    for name, value in board.items():
        if name not in index:
            raise InvalidState(f"board: no cell {brief(name)} on this board")
        if not (isinstance(value, list) and len(value) == 3 and (value[0] is None or _is_int(value[0]) and 0 <= value[0] < P)
                and value[1] in kinds and _is_int(value[2]) and 1 <= value[2] <= P * r.count):
            raise InvalidState(f"board.{name}: must be [seat 0..{P - 1} or null, {' or '.join(map(repr, kinds))}, count], "
                               f"got {brief(value)}")
        cell_counts[index[name]] = value
    positions = data.get("positions")
    if positions is not None:
        if not (isinstance(positions, list) and len(positions) == P and all(isinstance(x, list) for x in positions)):
            raise InvalidState(f"positions: must list {P} lists of track squares")
        for s, ps in enumerate(positions):
            for p in ps:
                _whole(p, f"positions[{s}]", 1, r.n[s])
            sim.pos[s] = sorted(ps)
    else:
        for c, (seat, _, k) in cell_counts.items():
            if seat is None:
                raise InvalidState(f"board.{names[c]}: a cell shared by several seats needs `positions`")
            at = [p for p in range(1, r.n[seat] + 1) if r.cells[seat][p] == c]
            if not at:
                raise InvalidState(f"board.{names[c]}: not on seat {seat}'s track")
            if len(at) > 1:
                raise InvalidState(f"board.{names[c]}: seat {seat}'s track passes this cell twice; give `positions`")
            sim.pos[seat].extend([at[0]] * k)
    for s in range(P):
        sim.pos[s].sort()
        for p in sim.pos[s]:
            sim.occ[r.cells[s][p] * P + s] += 1
    held: dict[int, int] = {}
    if r.pin:
        pinned = data.get("pinned", {})
        if not isinstance(pinned, dict):
            raise InvalidState("pinned: must map cells to the seat whose piece is held there")
        for name, o in pinned.items():
            if name not in index or not _is_int(o) or not 0 <= o < P:
                raise InvalidState(f"pinned.{name}: must be a cell holding a seat's piece, got {brief(o)}")
            c = index[name]
            if sim.occ[c * P + o] != 1 or not any(sim.occ[c * P + x] for x in r.opps[o]):
                raise InvalidState(f"pinned.{name}: a held piece is one of its seat's, with an opposing piece on it")
            held[c] = o
            sim.pinned[c] = o
    # The board must say what the positions say.
    staged = _staged(g, r, sim.pos)
    for c in range(g.board.size):
        owners = [(s, sim.occ[c * P + s]) for s in range(P) if sim.occ[c * P + s]]
        want = None
        if owners:
            want = [owners[0][0] if len(owners) == 1 else None, g.stage[1] if c in staged else g.kind,
                    sum(k for _, k in owners)]
        if cell_counts.get(c) != want:
            raise InvalidState(f"board.{names[c]}: says {brief(cell_counts.get(c))} but the positions put {brief(want)} there")
        if owners and len(owners) > 1:
            seats = [s for s, _ in owners]
            if any(b in r.opps[a] for a in seats for b in seats) and not (r.safe[c] and r.safe_share) and c not in held \
                    and not r.stage_takes:
                raise InvalidState(f"board.{names[c]}: opposing pieces cannot share this cell")
        if owners and not r.own_stack and not r.onto_own and any(k > 1 for _, k in owners):
            raise InvalidState(f"board.{names[c]}: a seat's pieces cannot share a cell in this game")
    hands = data.get("hands", [{g.kind: r.count}] * P)
    if not (isinstance(hands, list) and len(hands) == P and all(isinstance(h, dict) for h in hands)):
        raise InvalidState(f"hands: must list {P} tables {{{g.kind!r}: count}}")
    for s, h in enumerate(hands):
        for k, v in h.items():
            if k != g.kind:
                raise InvalidState(f"hands[{s}]: no piece kind {brief(k)} (this game has {g.kind!r})")
            sim.hand[s] = _whole(v, f"hands[{s}].{g.kind}", 0, r.count)
    scores = data.get("scores", [0] * P)
    if not (isinstance(scores, list) and len(scores) == P):
        raise InvalidState(f"scores: must list {P} counts of pieces borne off")
    taken = data.get("taken", [0] * P) if r.remove else [0] * P
    if not (isinstance(taken, list) and len(taken) == P):
        raise InvalidState(f"taken: must list {P} counts of pieces taken out of the game")
    for s in range(P):
        sim.off[s] = _whole(scores[s], f"scores[{s}]", 0, r.count)
        sim.taken[s] = _whole(taken[s], f"taken[{s}]", 0, r.count)
        if sim.hand[s] + sim.off[s] + len(sim.pos[s]) + sim.taken[s] != r.count:
            raise InvalidState(f"seat {s}: {sim.hand[s]} in hand, {len(sim.pos[s])} on the board, "
                               f"{sim.off[s]} off{f' and {sim.taken[s]} taken' if r.remove else ''} "
                               f"make not {r.count} pieces")
    if r.counted:  # counted extra throws: those owed, and this turn's values so far
        sim.owed = _whole(data.get("owed", 0), "owed", 0, MAX_SERIES)
        turn_vals = data.get("turn_throws", [])
        if not (isinstance(turn_vals, list) and len(turn_vals) <= MAX_SERIES and all(_is_int(v) and v >= 0 for v in turn_vals)):
            raise InvalidState(f"turn_throws: must list this turn's thrown values, got {brief(turn_vals)}")
        sim.turn_vals = list(turn_vals)
    sim.seat = _whole(data.get("to_move", 0), "to_move", 0, P - 1)
    sim.throws = _whole(data.get("throws", data.get("turn", 0)), "throws", 0, r.limit)
    phase = data.get("phase", "throw")
    if phase not in PHASES:
        raise InvalidState(f"phase: must be one of {', '.join(PHASES)}, got {brief(phase)}")
    sim.phase = PHASES.index(phase)
    throw = data.get("throw")
    if throw is not None:
        if not isinstance(throw, dict) or not isinstance(throw.get("faces"), list):
            raise InvalidState("throw: must be null or {faces, value, left}")
        faces = tuple(throw["faces"])
        try:
            sim.last = r.outcomes.index(faces)
        except ValueError:
            raise InvalidState(f"throw.faces: {brief(list(faces))} is not a throw of this device") from None
    if r.until is not None:
        series = data.get("series", [])
        if not isinstance(series, list) or len(series) > MAX_SERIES:
            raise InvalidState("series: must list the throws made before moving")
        worths = set(r.vals)
        for t in series:
            if not isinstance(t, list) or tuple(t) not in worths:
                raise InvalidState(f"series: {brief(t)} is not what a throw is worth")
            if t and t[0] in r.until:
                raise InvalidState(f"series: {brief(t)} would have ended the throwing")
        sim.series = [tuple(t) for t in series]
        k = r.void_run
        if k and len(sim.series) >= k and len(set(sim.series[-k:])) == 1:
            raise InvalidState(f"series: {k} equal throws in a row would have been void")
    over = data.get("over")
    if sim.phase == OVER:
        if not (isinstance(over, dict) and isinstance(over.get("how"), str)
                and (over.get("winner") is None or _is_int(over.get("winner")) and 0 <= over["winner"] < P)):
            raise InvalidState("over: a game over needs {winner, how}")
        how = over["how"]
        winner = over.get("winner")
        if how == "all-off":
            if winner is None or any(sim.off[m] != r.count for m in r.team[winner]):
                raise InvalidState("over.winner: that seat's team has not borne off every piece")
        elif how == "most-off":
            if not r.most_off or any(sim.pos) or winner != sim._most_off():
                raise InvalidState("over: the game ends by most-off only once no piece is on a track, won by the seat with most off")
        elif how == "track-clear":
            if winner is None or not r.clear_wins or sim.pos[winner]:
                raise InvalidState("over.winner: that seat still has pieces on its track")
        elif how == "pinned-start":
            if not r.pin_start or not any(o >= 0 and c == r.cells[o][1] for c, o in enumerate(sim.pinned)):
                raise InvalidState("over.how: no piece is held on its first square")
        elif how == "limit":
            if sim.throws < r.limit:
                raise InvalidState(f"over.how: the limit ends a game only after {r.limit} throws")
        else:
            raise InvalidState("over.how: must be all-off, most-off, track-clear, pinned-start or limit")
        sim.over = (winner, how)
        return sim
    if over is not None:
        raise InvalidState("over: must be null while the game goes on")
    for s in range(P):
        if all(sim.off[m] == r.count for m in r.team[s]) and not r.most_off:
            raise InvalidState(f"phase: seat {s}'s side has borne off every piece, so the game is over")
    if r.most_off and not any(sim.pos):
        raise InvalidState("phase: no piece is left on a track, so the game is over (end.goal most-off)")
    if r.enter_must == "hit":
        hit = data.get("hit", [0] * P)
        if not (isinstance(hit, list) and len(hit) == P
                and all(_is_int(k) and 0 <= k <= sim.hand[s] for s, k in enumerate(hit))):
            raise InvalidState("hit: must give, a seat each, how many of the pieces in its hand were sent back")
        sim.hit = list(hit)
    if r.opening and sim.throws < P:
        opened = data.get("opening", [])
        if not (isinstance(opened, list) and len(opened) == sim.throws
                and all(_is_int(v) and v in r.principal for v in opened)):
            raise InvalidState(f"opening: must list the {sim.throws} opening throws' worths made so far")
        if sim.phase != THROW or sim.seat != sim.throws:
            raise InvalidState(f"opening: seat {sim.throws} makes the next opening throw")
        sim.opened = list(opened)
    if sim.off[sim.seat] == r.count and sim._actor() == sim.seat:
        raise InvalidState(f"to_move: seat {sim.seat} has no pieces left to play")
    if sim.phase == MOVE:
        if throw is None:
            raise InvalidState("throw: a move is due, so the throw must be given")
        left = throw.get("left")
        if left is None:
            left = [v for v in r.vals[sim.last] if v > 0 or (r.back and v < 0)]
        if not (isinstance(left, list) and left and all(_is_int(v) and v in r.values_set for v in left)
                and len(left) <= MAX_SERIES * 2):
            raise InvalidState(f"throw.left: must list the values still to play, got {brief(left)}")
        if r.until is None and any(left.count(v) > list(r.vals[sim.last]).count(v) for v in left):
            raise InvalidState("throw.left: more than the throw gave")
        sim.left = list(left)
        if r.until is None:
            sim.bonus = r.principal[sim.last] in r.extra_values and not (r.extra_hand and not sim.hand[sim.seat])
        extra = data.get("extra", False)
        if not isinstance(extra, bool):
            raise InvalidState("extra: must be true or false")
        sim.extra = extra and not sim.bonus
        if r.counted:
            sim.bonus = False
        if not sim._gen():
            raise InvalidState("phase: a move is due but the throw allows none (the turn would have passed)")
    return sim


def compile(rf: RulesFile) -> RaceGame:  # noqa: A001 - the mechanic protocol's name
    if rf.elements_named("match"):  # other files' games played in succession (Tavli)
        from games.engine.rules import match
        return match.compile(rf)  # type: ignore[return-value]
    return RaceGame(rf)
