"""Béchi, the Kunama mancala (DLP.Evidence.1188: Pankhurst 1971, quoting Townshend 1971).

Two rows of four holes (or three), six counters in each; a game runs over rounds until a player
cannot fill even one hole. Clause ids (``BE-1`` .. ``BE-9``) are those of ``RULES.md``.

    >>> from games.engine import get_variant
    >>> bechi = get_variant("mancala.bechi")
    >>> s = bechi.apply(bechi.new_game(), {"first": 0})     # the lot: side 0 starts round one
    >>> s.to_json()["rows"], s.to_json()["phase"], bechi.to_move(s)
    ([[6, 6, 6, 6], [6, 6, 6, 6]], 'sow', 0)
    >>> [a.to_json() for a in bechi.legal_actions(s)]
    [{'hole': 0}, {'hole': 1}, {'hole': 2}, {'hole': 3}]
    >>> s = bechi.apply(s, {"hole": 2})      # right half: anticlockwise, first counter back
    >>> s.to_json()["rows"]
    [[6, 6, 1, 7], [7, 7, 7, 7]]
    >>> bechi.describe(s, {"hole": 2})
    '3↺'

**Actions.** ``{"hole": i}`` sows from the mover's hole ``i`` (0-based, from the mover's left);
from the centre hole of a three-hole row the player adds ``"direction": "clockwise"`` or
``"anticlockwise"`` (BE-3; nowhere else). ``{"leave_empty": [i, ...]}`` (ascending) is the
choice, at the start of a round, of the holes a player short of counters leaves empty (BE-7).

**Geometry (BE-3).** Seen from above with side 0 at the bottom: row 0 runs left to right, row 1
(side 1's holes from side 1's left) runs right to left, so anticlockwise goes along one's own
row to the right and on into the opponent's row at the opponent's left end; clockwise goes to
one's own left end and on into the opponent's row at the opponent's right end.

**State JSON.** ``variant``, ``options`` (complete), ``phase`` (``lot`` | ``sow`` |
``leave_empty`` | ``over``), ``to_move`` (null for the lot and once over), ``round`` (from 1),
``starter`` (who started this round; null before the lot), ``rows``, ``closed`` and ``sown`` (two lists each, row 0 = side 0's holes from side 0's
left; closed = left empty this round, sown = sown from this round), ``captured`` (this round's
takings per side), ``aside`` (per side), ``last_move`` (null or what the board animates, see
:meth:`Bechi.apply`), ``history`` (the positions since the last capture or first sowing from a
hole, for ``repetition_limit``: ``[to_move, row0, row1]`` each, the current one last) and
``rounds`` (each round's start as ``[counters of side 0, of side 1, starter]``, for
``round_repetition_limit``).

**Readings** where the source is silent or open (each tested; the clause says why):
``origin_counts_as_moved`` (BE-5 a, default off): the hole a sowing started from does not
count as "already moved" when the same sowing's last counter comes round into it: "already"
points to an earlier move, and the source says the player "always leave[s] one ball behind", so
the hole is never emptied (on, the three-hole game is decided by the second player's first
move: every hole of seven comes round into itself and the chain takes the board); ``chain_skips_left_empty`` (BE-5 b, default off): the chain of
captures runs to the *immediately following* hole, so a hole left empty (holding nothing, no
even group) ends it; the chain otherwise follows the sowing's direction, needs no earlier sowing
from its holes, and never laps back to where it began; a player to move who cannot move passes
without an action (BE-6); ``round_one`` (BE-8, default ``lot``): who starts the first round is
drawn by lot, a chance action ``{"first": side}`` (phase ``lot``), or fixed.

**House rule** ``shu_house_rule`` (default off, BE-7; read from its old name ``shu_trick`` in
saved matches): the source bans sowing into a hole left empty and lets its owner hide his
takings there; a counter an opponent drops there *by mistake* is forfeited unless taken back
before the owner says "shu". An engine never makes the mistake, so the faithful trick plays
exactly like the option off. On, the house rule: the opponent's sowing does **not** skip a
player's holes left empty; every counter dropped there goes at once to that player's captures
(``forfeits`` in ``last_move``); a last counter so forfeited captures nothing, and a chain of
captures stops there. The owner's own sowing still skips them.

**Limits not in the source.** ``repetition_limit`` (default 3): the third time the same
position (counts, side to move, holes sown from) occurs in a round, the round ends as if
neither player could move. ``round_repetition_limit`` (default 3): the third time a round would
start with the same counters on each side and the same starter, the game is over and the side
with more counters wins; at equal counters it is a draw. With both limits every game ends,
since a round and the ways a round can start are finite.

**Notation** (:meth:`Bechi.describe`): holes are numbered 1..n from the mover's left; ``↻`` is
clockwise, ``↺`` anticlockwise; ``×4+2`` lists the captures, ``shu 1`` counters forfeited into
shu holes, ``; side 1 passes`` / ``; round over 20-28`` follow; a choice reads ``leave 1,3 empty``.
"""
from __future__ import annotations

import json
import random
from collections.abc import Mapping
from itertools import combinations
from typing import Any

from games.engine.core import (
    Action,
    IllegalAction,
    InvalidOptions,
    OptionSpec,
    Outcome,
    Variant,
    register,
)
from games.engine.mancala.sowing import ANTICLOCKWISE, CLOCKWISE, _next_table, capture_run, fill, sow
from games.engine.mancala.state import (
    DIRECTION_NAMES,
    DIRECTIONS,
    LEAVE_EMPTY,
    LOT,
    OVER,
    ROUND_ONE,
    BechiRules,
    PER_HOLE,
    SOW,
    BechiState,
    can_move,
    make_state,
    read_state,
)

__all__ = ["Bechi", "BechiState"]

ARROWS = {CLOCKWISE: "↻", ANTICLOCKWISE: "↺"}


# -- actions -----------------------------------------------------------------------------------
class _Moves:
    """The actions of one board size, built once: decoding is a dict look-up."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.sow: list[list[Action]] = []  # per hole, the actions sowing from it
        self.decode: dict[Action, tuple[int, int]] = {}  # action -> (hole, step)
        for i in range(n):
            acts = []
            for step in _directions(n, i):
                fields: dict[str, Any] = {"hole": i}
                if _is_centre(n, i):
                    fields["direction"] = DIRECTION_NAMES[step]
                act = Action(fields)
                acts.append(act)
                self.decode[act] = (i, step)
            self.sow.append(acts)
        self.by_mask: dict[int, list[Action]] = {}
        for mask in range(1 << n):
            self.by_mask[mask] = [a for i in range(n) if mask >> i & 1 for a in self.sow[i]]
        self.leave: dict[int, list[Action]] = {}  # holes to fill -> the choices of holes to leave
        for filled in range(1, n):
            self.leave[filled] = [Action({"leave_empty": list(c)}) for c in combinations(range(n), n - filled)]


def _is_centre(n: int, i: int) -> bool:
    return n % 2 == 1 and i == n // 2


def _directions(n: int, i: int) -> tuple[int, ...]:
    # BE-3: the left half sows clockwise, the right half anticlockwise, the centre hole of an
    # odd row either way, as the player chooses.
    if _is_centre(n, i):
        return (CLOCKWISE, ANTICLOCKWISE)
    return (CLOCKWISE,) if i < n / 2 else (ANTICLOCKWISE,)


_MOVES = {3: _Moves(3), 4: _Moves(4)}


@register
class Bechi(Variant):
    """Béchi (Kunama), clauses BE-1..BE-9 of RULES.md.

    >>> bechi = Bechi()
    >>> sorted(bechi.info()["options"])
    ['chain_skips_left_empty', 'holes', 'origin_counts_as_moved', 'repetition_limit', 'round_one', 'round_repetition_limit', 'shu_house_rule']
    >>> s = bechi.new_game({"holes": 3, "round_one": "side0"})
    >>> [a.to_json() for a in bechi.legal_actions(s)][1:3]
    [{'direction': 'clockwise', 'hole': 1}, {'direction': 'anticlockwise', 'hole': 1}]
    >>> bechi.is_chance(s), bechi.outcome(s)
    (False, None)
    """

    key = "mancala.bechi"
    title = "Béchi"
    family = "mancala"
    options = {
        "holes": OptionSpec(4, "holes in each player's row (four, or sometimes three)", choices=(4, 3), clause="BE-1"),
        "round_one": OptionSpec(
            "lot",
            "who starts the first round: drawn by lot (the source does not say), or fixed: side0 "
            "(the first player) or side1; the players then take turns to start the rounds",
            choices=ROUND_ONE,
            clause="BE-8",
        ),
        "origin_counts_as_moved": OptionSpec(
            False,
            "a sowing whose last counter lands back in the hole it started from may capture there: "
            "that hole's contents have been moved, by this very move. Off: only a hole sown from by an "
            "earlier move counts",
            clause="BE-5",
        ),
        "chain_skips_left_empty": OptionSpec(
            False,
            "the chain of captures passes over a hole left empty, as sowing does. Off: the hole left "
            "empty is the next hole and, holding no even group, ends the chain",
            clause="BE-5",
        ),
        "shu_house_rule": OptionSpec(
            False,
            "a house rule, not the source's: the opponent's sowing does not skip a player's holes "
            "left empty, and every counter dropped there is forfeited at once to that hole's owner "
            "(a last counter so forfeited captures nothing). The source bans sowing into those holes "
            "and forfeits only a counter dropped there by mistake, which an engine never makes",
            clause="BE-7",
        ),
        "repetition_limit": OptionSpec(
            3,
            "not in the source: when the same position (same counts, same side to move, same "
            "holes sown from) occurs for this many times in a round, the round ends as if "
            "neither player could move",
            minimum=2,
            maximum=50,
            clause="BE-6",
        ),
        "round_repetition_limit": OptionSpec(
            3,
            "not in the source: when a round starts for this many times with the same counters "
            "on each side and the same player to start, the game goes round in circles and ends: "
            "the player with more counters wins; with equal counters it is a draw",
            minimum=2,
            maximum=50,
            clause="BE-8",
        ),
    }

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """As every variant's, but a match saved before the shu trick became a house rule named
        ``shu_trick``: that name is still read as ``shu_house_rule``."""
        if isinstance(options, Mapping) and "shu_trick" in options:
            if "shu_house_rule" in options:
                raise InvalidOptions("give shu_house_rule, not also its old name shu_trick")
            options = {("shu_house_rule" if k == "shu_trick" else k): v for k, v in options.items()}
        return super().validate_options(options)

    # -- the game ----------------------------------------------------------------------------
    def new_game(self, options: Mapping[str, Any] | None = None) -> BechiState:
        """Round 1; every hole holds six counters (BE-1). Who starts is drawn by lot, a chance
        action ``{"first": side}`` (``round_one`` may fix it instead).

        >>> bechi = Bechi()
        >>> s = bechi.new_game({"holes": 3})
        >>> s.to_json()["rows"], s.phase, bechi.is_chance(s), bechi.legal_actions(s)
        ([[6, 6, 6], [6, 6, 6]], 'lot', True, [Action({'first': 0}), Action({'first': 1})])
        >>> bechi.to_move(bechi.new_game({"round_one": "side1"}))
        1
        """
        opts = self.validate_options(options)
        n = opts["holes"]
        rules = BechiRules.of(opts)
        board = (PER_HOLE,) * (2 * n)
        if rules.round_one == "lot":
            return make_state(n, rules, opts["repetition_limit"], opts["round_repetition_limit"], board,
                              LOT, None, (0, 0), (0, 0), 0, 0, 1, None, None, (), ())
        return _begin(n, rules, opts["repetition_limit"], opts["round_repetition_limit"], board,
                      0 if rules.round_one == "side0" else 1, None)

    def legal_actions(self, state: BechiState) -> list[Action]:  # type: ignore[override]
        """The sowings from the mover's holes of two or more (BE-2), or the choices of holes to
        leave empty (BE-7); nothing once the game is over."""
        if state.phase == SOW:
            n = state.n
            base = state.to_move * n  # type: ignore[operator]
            board = state.board
            mask = 0
            for i in range(n):
                if board[base + i] >= 2:  # BE-2: a single counter never moves
                    mask |= 1 << i
            return list(_MOVES[n].by_mask[mask])
        if state.phase == LEAVE_EMPTY:
            side = state.to_move
            filled, _ = fill(state.aside[side], state.n, PER_HOLE)  # type: ignore[index]
            return list(_MOVES[state.n].leave[filled])
        if state.phase == LOT:
            return list(_LOTS)
        return []

    def to_move(self, state: BechiState) -> int | None:  # type: ignore[override]
        return state.to_move

    def is_chance(self, state: BechiState) -> bool:  # type: ignore[override]
        """Only the lot for who starts round one is chance (BE-8)."""
        return state.phase == LOT

    def turn_is_open(self, state: BechiState) -> bool:  # type: ignore[override]
        """A sowing may be taken back until the player confirms it; the choice of holes to leave
        empty is final."""
        return state.phase == SOW

    def text_help(self) -> dict[str, list[str]]:
        return {"moves": ["3", "2 cw", "leave 1,3"], "commands": ["read 2 (read hole 2)"]}

    def draw(self, state: BechiState, rng: random.Random) -> Action:  # type: ignore[override]
        if state.phase != LOT:
            raise IllegalAction("only the lot for round one is drawn, and it is not due")
        return _LOTS[rng.randrange(2)]

    def outcome(self, state: BechiState) -> Outcome | None:  # type: ignore[override]
        """BE-8: once a player cannot fill even one hole, the other wins (``houses-burnt``, from
        "toma natuka": I put fire to all your houses). A game ended by ``round_repetition_limit``
        goes to the side with more counters (``rounds-repeated``), and at equal counters is a
        draw (``winner`` None, ``how`` ``draw``, no points). ``score`` is each side's counters at
        the end.

        >>> bechi = Bechi()
        >>> bechi.outcome(bechi.state_from_json({"phase": "over", "rows": [[0] * 4, [0] * 4],
        ...                                      "captured": [43, 5], "to_move": None}))
        Outcome(winner=0, points=1, how='houses-burnt', score=(43, 5))
        """
        if state.phase != OVER:
            return None
        totals = self.score_now(state)
        if min(totals) < PER_HOLE:
            loser = 0 if totals[0] < PER_HOLE else 1
            return Outcome(winner=1 - loser, points=1, how="houses-burnt", score=totals)
        if totals[0] == totals[1]:
            return Outcome(winner=None, points=0, how="draw", score=totals)
        return Outcome(winner=0 if totals[0] > totals[1] else 1, points=1, how="rounds-repeated", score=totals)

    def resign(self, state, side: int) -> Outcome:  # type: ignore[override]
        """The other side wins the game (worth 1, as any won game), the counters as they are."""
        return Outcome(1 - side, 1, "resign", self.score_now(state))

    def score_now(self, state) -> tuple[int, int]:
        """Each side's counters won (captured, and set aside between rounds)."""
        return (state.captured[0] + state.aside[0], state.captured[1] + state.aside[1])

    def apply(self, state: BechiState, action: Action | Mapping[str, Any]) -> BechiState:  # type: ignore[override]
        """Play one action and settle what follows by rule alone.

        After a sowing the turn passes to the other side; if that side cannot move but the
        mover can, it passes (BE-6) and the mover goes on; if neither can, or the position has
        come round ``repetition_limit`` times, the round ends, each side takes the counters in
        his own row and the next round is set up (BE-6..BE-8). ``last_move`` records it all:

        >>> bechi = Bechi()
        >>> s = bechi.state_from_json({"rows": [[0, 0, 0, 3], [0, 1, 0, 0]], "captured": [20, 24],
        ...                           "sown": [[False] * 4, [False, True, False, False]]})
        >>> m = bechi.apply(s, {"hole": 3}).to_json()["last_move"]
        >>> m["path"], m["captures"], m["pass"]
        ([[0, 3], [1, 0], [1, 1]], [[1, 1, 2]], None)
        >>> m["round_ended"]
        {'reason': 'no-moves', 'taken': [1, 1], 'totals': [23, 25], 'game_over': False}
        """
        n = state.n
        moves = _MOVES[n]
        act = action if type(action) is Action else Action.from_json(action)
        holes = act.get("leave_empty", ())
        if any(v is True or v is False for v in act.values()) or (
            isinstance(holes, tuple) and any(v is True or v is False for v in holes)
        ):
            raise IllegalAction("holes are numbers, not true or false")
        if state.phase == SOW:
            decoded = moves.decode.get(act)
            if decoded is None:
                raise IllegalAction(self._why_not_sow(state, act))
            hole, step = decoded
            side = state.to_move
            if state.board[side * n + hole] < 2:  # type: ignore[operator]
                raise IllegalAction(
                    f"hole {hole} holds {state.board[side * n + hole]} counter(s): only a hole of "  # type: ignore[operator]
                    "two or more can be sown from (BE-2)"
                )
            return _sow_move(state, side, hole, step)  # type: ignore[arg-type]
        if state.phase == LEAVE_EMPTY:
            if act not in self.legal_actions(state):
                raise IllegalAction(self._why_not_leave(state, act))
            return _leave_empty(state, tuple(act["leave_empty"]))
        if state.phase == LOT:
            if act not in _LOTS:
                raise IllegalAction('the lot for round one is due: {"first": 0} or {"first": 1}')
            return _begin(n, state.rules, state.limit, state.round_limit, state.board, act["first"], (LOT, act["first"]))
        raise IllegalAction("the game is over")

    def _why_not_sow(self, state: BechiState, act: Action) -> str:
        n = state.n
        text = json.dumps(act.to_json(), sort_keys=True)
        if "leave_empty" in act:
            return "no holes are to be left empty now: it is a sowing turn"
        if "first" in act:
            return "the lot for round one was drawn already"
        hole = act.get("hole")
        if set(act) - {"hole", "direction"} or not isinstance(hole, int) or isinstance(hole, bool):
            return f'{text} is not a sowing: expected {{"hole": i}} (plus "direction" from a centre hole)'
        if not 0 <= hole < n:
            return f"hole {hole} does not exist: holes are 0..{n - 1} from the mover's left"
        if "direction" in act and act["direction"] not in DIRECTIONS:
            return f'direction must be "clockwise" or "anticlockwise", got {act["direction"]!r}'
        if _is_centre(n, hole):
            return f"hole {hole} is the centre hole: choose a direction, clockwise or anticlockwise (BE-3)"
        forced = DIRECTION_NAMES[_directions(n, hole)[0]]
        return f"hole {hole} always sows {forced} (BE-3): give no direction"

    def _why_not_leave(self, state: BechiState, act: Action) -> str:
        side = state.to_move
        filled, _ = fill(state.aside[side], state.n, PER_HOLE)  # type: ignore[index]
        holes = act.get("leave_empty")
        want = state.n - filled
        if holes is None:
            return f"side {side} must first choose which holes to leave empty (BE-7): {{\"leave_empty\": [...]}}"
        if set(act) != {"leave_empty"} or not isinstance(holes, tuple) or not all(
            isinstance(h, int) and not isinstance(h, bool) for h in holes
        ):
            return 'expected {"leave_empty": [i, ...]} with hole numbers'
        if len(holes) != want:
            return f"side {side} can fill {filled} hole(s), so exactly {want} must be left empty, not {len(holes)}"
        if list(holes) != sorted(set(holes)) or not all(0 <= h < state.n for h in holes):
            return f"list {want} distinct holes 0..{state.n - 1} in ascending order"
        return "not a legal choice here"  # pragma: no cover - every other shape is caught above

    # -- clause events (simulations count them; see Variant.clause_events) ----------------------
    clause_event_names = {  # type: ignore[assignment]
        "capture": ("BE-5", "a sowing that captured"),
        "chain-capture": ("BE-5", "a capture that ran on to the following holes"),
        "pass": ("BE-6", "a player with no hole of two or more passed"),
        "repetition": ("BE-6", "a round ended by play going round in circles (repetition_limit)"),
        "hole-left-empty": ("BE-7", "a hole a player short of counters left empty"),
        "forfeit": ("BE-7", "counters dropped into a hole left empty, forfeited (shu_house_rule)"),
    }

    def clause_events(self, state: BechiState, action: Action, after: BechiState) -> dict[str, int]:  # type: ignore[override]
        last = after.last
        if last is None or last[0] == LOT:
            return {}
        out: dict[str, int] = {}
        if last[0] == LEAVE_EMPTY:
            out["hole-left-empty"] = len(last[2])
            passed, end = last[3], last[4]
        else:
            captures, forfeits, passed, end = last[5], last[6], last[7], last[8]
            if captures:
                out["capture"] = 1
                if len(captures) > 1:
                    out["chain-capture"] = 1
            if forfeits:
                out["forfeit"] = 1
        if passed is not None:
            out["pass"] = 1
        if end is not None and end[0] == "repetition":
            out["repetition"] = 1
        return out

    def describe(self, state: BechiState, action: Action | Mapping[str, Any]) -> str:  # type: ignore[override]
        """The action in the move list's notation (see the module docstring).

        >>> bechi = Bechi()
        >>> s = bechi.state_from_json({"rows": [[0, 0, 0, 3], [0, 1, 0, 0]], "captured": [20, 24],
        ...                           "sown": [[False] * 4, [False, True, False, False]]})
        >>> bechi.describe(s, {"hole": 3})
        '4↺ ×2; round over 23-25'
        """
        act = Action.from_json(action)
        after = self.apply(state, act)
        last = after.last
        assert last is not None
        if last[0] == LOT:
            return f"side {last[1]} starts (by lot)"
        if last[0] == LEAVE_EMPTY:
            text = "leave " + ",".join(str(h + 1) for h in last[2]) + " empty"
            passed, end = last[3], last[4]
        else:
            _, _, hole, step, _, captures, forfeits, passed, end = last
            text = f"{hole + 1}{ARROWS[step]}"
            if captures:
                text += " ×" + "+".join(str(c) for _, c in captures)
            if forfeits:
                text += f" shu {sum(c for _, c in forfeits)}"
        if passed is not None:
            text += f"; side {passed} passes"
        if end is not None:
            text += f"; round over {end[2][0]}-{end[2][1]}"
        return text

    # -- JSON --------------------------------------------------------------------------------
    def state_from_json(self, data: Mapping[str, Any] | str) -> BechiState:  # type: ignore[override]
        """Read a state written by :meth:`BechiState.to_json` or by hand.

        Only ``rows`` is required; ``options`` default from the rows' length, ``captured`` and
        ``aside`` to zero, ``closed``/``sown`` to all false, ``round`` to 1, ``starter`` to
        the side that starts that round, ``phase`` to ``sow``, ``to_move`` to the starter,
        ``last_move`` to null, ``history`` to the current position alone. A position the rules
        could not reach is refused, naming the field:

        >>> bechi = Bechi()
        >>> bechi.state_from_json({"rows": [[6, 6, 6, 6], [6, 6, 6, 5]]})
        Traceback (most recent call last):
        ...
        games.engine.core.InvalidState: rows: the board, captured and aside hold 47 counters, not 48 (BE-9)
        """
        return read_state(self, data)


# -- the moves ---------------------------------------------------------------------------------
_LOTS = (Action({"first": 0}), Action({"first": 1}))


def _begin(n: int, rules: BechiRules, limit: int, round_limit: int, board: tuple[int, ...], first: int,
           last: tuple[Any, ...] | None) -> BechiState:
    """Round 1 begins with ``first`` to sow."""
    total = PER_HOLE * n
    return make_state(n, rules, limit, round_limit, board, SOW, first, (0, 0), (0, 0), 0, 0, 1, first, last,
                      (board + (first,),), ((total, total, first),))


def _skip_mask(state: BechiState, side: int) -> int:
    """The ring positions ``side``'s sowing skips (BE-7): every closed hole, or with the shu
    house rule only his own (the opponent's shu holes take counters, which are forfeited)."""
    if not state.rules.shu:
        return state.closed
    own = ((1 << state.n) - 1) << (side * state.n)
    return state.closed & own


def _even_taken(count: int) -> bool:
    return count > 0 and count % 2 == 0


def _sow_move(state: BechiState, side: int, hole: int, step: int) -> BechiState:
    n = state.n
    origin = side * n + hole
    board = list(state.board)
    table = _next_table(2 * n, step, _skip_mask(state, side))
    # BE-2: the first counter goes back into its hole, the rest one by one into the following
    # holes; BE-4: the move ends with the last counter, which is never lifted again.
    path = sow(board, origin, table, first_back=True)
    sown = state.sown | (1 << origin)  # its contents have now been moved
    last = path[-1]
    captured = list(state.captured)
    forfeits: tuple[tuple[int, int], ...] = ()
    if state.rules.shu and state.closed:
        # Shu trick: whatever fell into the opponent's shu holes is his at once.
        found = []
        for p in range(2 * n):
            if state.closed >> p & 1 and board[p]:
                found.append((p, board[p]))
                captured[1 - side] += board[p]
                board[p] = 0
        forfeits = tuple(found)
    captures: tuple[tuple[int, int], ...] = ()
    # BE-5: the last counter made an even number in an occupied hole (in either row) whose
    # contents have been moved this round (origin_counts_as_moved: by this very move too): take
    # it, and each following hole while it holds a non-empty even number (the first odd or empty
    # hole ends the chain; chain_skips_left_empty: a hole left empty is passed over, as in
    # sowing). A capture ends the move (BE-4 anyway).
    moved = sown if state.rules.origin else state.sown
    if board[last] % 2 == 0 and board[last] and moved >> last & 1 and not (state.closed >> last & 1):
        chain = table if state.rules.chain_skip else _next_table(2 * n, step, 0)
        captures = tuple(capture_run(board, last, chain, _even_taken))
        captured[side] += sum(c for _, c in captures)
    raw = ("sow", side, hole, step, tuple(path), captures, forfeits)
    return _settle(state, tuple(board), sown, (captured[0], captured[1]), side, raw,
                   irreversible=bool(captures or forfeits) or sown != state.sown)


def _settle(
    state: BechiState, board: tuple[int, ...], sown: int, captured: tuple[int, int], side: int,
    raw: tuple[Any, ...], irreversible: bool,
) -> BechiState:
    """Decide who moves next after ``side``'s sowing: the other side, or ``side`` again when the
    other must pass, or nobody when the round is over (BE-6)."""
    n = state.n
    other = 1 - side
    passed = None
    if can_move(board, n, other):
        nxt = other
    elif can_move(board, n, side):
        nxt, passed = side, other  # BE-6: a player who cannot move passes
    else:
        return _end_round(state, board, captured, raw + (None,), "no-moves")
    key = board + (nxt,)
    history = (key,) if irreversible else state.history + (key,)
    if history.count(key) >= state.limit:
        # Not in the source: play going round in circles ends the round (repetition_limit).
        return _end_round(state, board, captured, raw + (passed,), "repetition")
    return make_state(n, state.rules, state.limit, state.round_limit, board, SOW, nxt, captured, state.aside,
                 state.closed, sown, state.round, state.starter, raw + (passed, None), history, state.rounds)


def _end_round(
    state: BechiState, board: tuple[int, ...], captured: tuple[int, int], raw: tuple[Any, ...], reason: str
) -> BechiState:
    """BE-6: each side takes the counters left in his own row; BE-7/BE-8: refill or end."""
    n = state.n
    taken = (sum(board[:n]), sum(board[n:]))
    totals = (captured[0] + state.aside[0] + taken[0], captured[1] + state.aside[1] + taken[1])
    starter = 1 - state.starter  # BE-8: the players take turns to start the rounds
    key = (totals[0], totals[1], starter)
    rounds = state.rounds + (key,)
    # BE-8: a player who cannot fill even one hole has lost; not in the source: a game whose
    # rounds keep starting alike is over too (round_repetition_limit).
    game_over = min(totals) < PER_HOLE or rounds.count(key) >= state.round_limit
    raw = raw + ((reason, taken, totals, game_over),)
    if game_over:
        return make_state(n, state.rules, state.limit, state.round_limit, (0,) * (2 * n), OVER, None,
                     (captured[0] + taken[0], captured[1] + taken[1]), state.aside, 0, 0, state.round,
                     state.starter, raw, (), rounds)
    # BE-7: each side refills his holes six to a hole and sets the surplus aside; a side that
    # cannot fill them all chooses which to leave empty (phase leave_empty), meanwhile keeping
    # all his counters aside. Both sides cannot be short: the counters add up (BE-9).
    new = [0] * (2 * n)
    aside = [0, 0]
    chooser = None
    for s in (0, 1):
        filled, rest = fill(totals[s], n, PER_HOLE)
        if filled == n:
            new[s * n : s * n + n] = [PER_HOLE] * n
            aside[s] = rest
        else:
            chooser = s
            aside[s] = totals[s]
    b = tuple(new)
    if chooser is not None:
        return make_state(n, state.rules, state.limit, state.round_limit, b, LEAVE_EMPTY, chooser, (0, 0),
                     (aside[0], aside[1]), 0, 0, state.round + 1, starter, raw, (), rounds)
    return make_state(n, state.rules, state.limit, state.round_limit, b, SOW, starter, (0, 0), (aside[0], aside[1]),
                 0, 0, state.round + 1, starter, raw, (b + (starter,),), rounds)


def _leave_empty(state: BechiState, holes: tuple[int, ...]) -> BechiState:
    n = state.n
    side = state.to_move
    assert side is not None
    filled, rest = fill(state.aside[side], n, PER_HOLE)
    board = list(state.board)
    closed = 0
    for i in range(n):
        if i in holes:
            closed |= 1 << (side * n + i)
        else:
            board[side * n + i] = PER_HOLE
    aside = list(state.aside)
    aside[side] = rest
    b = tuple(board)
    nxt = state.starter  # every side has a full hole, so the starter can move
    return make_state(n, state.rules, state.limit, state.round_limit, b, SOW, nxt, (0, 0), (aside[0], aside[1]),
                 closed, 0, state.round, state.starter, (LEAVE_EMPTY, side, holes, None, None), (b + (nxt,),),
                 state.rounds)
