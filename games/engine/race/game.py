"""The race engine: one set of rules, compiled from a variant's options, drives every track game.

:class:`Rules` is data (board, pieces, device, what a throw is worth, and each rule as a field);
:class:`RaceVariant` plays any :class:`Rules`. The five games in ``variants.py`` only build their
``Rules`` from their options, so a new race game is data and options, not new engine code.

A turn: the side to move throws (a chance action ``{"throw": [faces]}``), then moves one piece
``{"from": p, "to": q}`` in its own route numbering (0 = not yet entered, n + 1 = borne off).
Where the throw is split (three dice), each step uses one die (or, where the rules combine dice,
several summed), never part of one, and the turn goes on while dice are left and a step is
possible. A side that cannot move
loses the rest of its throw; extra throws keep the turn with the same side.
"""
from __future__ import annotations

from abc import abstractmethod

import itertools
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, NamedTuple

from games.engine.core import Action, IllegalAction, InvalidState, Outcome, Variant
from games.engine.race import devices
from games.engine.race.boards import Board
from games.engine.race.state import (
    MAX_THROWS, MOVE, OPENING, OVER, THROW, RaceState, frozen_options, plain_options, read_state,
)

__all__ = ["RaceVariant", "Rules", "Step"]


@dataclass(eq=False)
class Rules:
    """Everything a race game's rules decide, as data. Positions are route positions."""

    board: Board
    pieces: int
    start: tuple[tuple[int, ...], tuple[int, ...]]
    device: str
    measured: bool = False
    none_up: int = 5                        # sticks: the worth of a throw with no marked side up
    zero: str = "no-move"                   # tetrahedral dice: "no-move" or "highest"
    split: bool = False                     # each die is a step of its own (XII Scripta)
    combine: bool = False                   # split dice may also be summed into one step
    extra_values: frozenset[int] = frozenset()
    extra_cells: frozenset[int] = frozenset()
    safe_cells: frozenset[int] = frozenset()
    capture: str = "send-back"              # "none", "send-back", "swap", "remove"
    stack: bool = False                     # several pieces of a side on one cell; 2+ block
    protect_pairs: bool = False
    block_three: bool = False
    must_land: frozenset[int] = frozenset()
    jumps: tuple[dict[int, int], dict[int, int]] = ({}, {})
    jump_fallback: str = "stay"             # where the jump's target is taken: "stay" or "back"
    bear_off: str = "exact"                 # "exact", "any", "backgammon"
    bear_zone: int = 0                      # all own pieces at or past this before bearing off
    goal: str = "first-off"                 # "first-off" or "most-off"
    opening: bool = False                   # both throw once, the higher starts
    enter: str = "free"                     # "free" or "all-first"
    reenter_first: bool = False
    vacate_cells: frozenset[int] = frozenset()
    backward: bool = False
    use_max: bool = False
    # Kendall's Senet after DLP.GameRulesets.922 (SN-16 to SN-21); positions are route positions.
    starter: str = "higher"                 # opening: "higher" throw starts, or the first to throw a "one"
    bank: bool = False                      # all of a turn's throws are made before moving
    water_wait: bool = False                # a piece on ``water`` waits for its exact throw or goes back
    water: int = 0                          # the water's position (27), ``rebirth`` where it goes back to (15)
    rebirth: int = 0
    end_exact: frozenset[int] = frozenset() # pieces here move only off the board, with the exact throw
    end_any: frozenset[int] = frozenset()   # pieces here bear off with any throw
    back_below: int = 0                     # pieces at or past this position never move backward (0: any)
    hit_to_water: frozenset[int] = frozenset()  # attacked here, a piece goes to the (empty) water
    optional_bearoff: bool = False          # a player may decline to bear off (pass)
    n: int = field(init=False)
    routes: tuple[tuple[int, ...], tuple[int, ...]] = field(init=False)

    def __post_init__(self) -> None:
        self.routes = self.board.routes
        self.n = len(self.routes[0])

    def value_of(self, faces: tuple[int, ...]) -> tuple[int, ...]:
        """What a throw is worth: one number, or (split) the dice to play."""
        d = self.device
        if d == "sticks4":
            up = sum(faces)
            return (up if up else self.none_up,)
        if d in ("tetra4", "tetra3"):
            up = sum(faces)
            if up == 0 and self.zero == "highest":
                return (len(faces) + 1,)
            return (up,)
        if d == "sheep-ox":
            sheep, ox = faces
            return ((5, 6, 7, 10)[sheep - 1] if ox else sheep,)
        return tuple(faces)

    def value_distribution(self) -> list[tuple[tuple[int, ...], float]]:
        """The throw's worth with its probability, equal worths merged (split throws as the
        sorted dice, since the order of dice does not matter to a move)."""
        table: dict[tuple[int, ...], int] = {}
        outs = devices.outcomes(self.device, self.measured)
        total = sum(w for _, w in outs)
        for faces, weight in outs:
            key = tuple(sorted(self.value_of(faces)))
            table[key] = table.get(key, 0) + weight
        return [(k, w / total) for k, w in sorted(table.items())]


class Step(NamedTuple):
    """A legal step and what it leads to (before the turn's end is settled)."""

    pieces: tuple[tuple[int, ...], tuple[int, ...]]
    lost: tuple[int, int]
    waiting: tuple[int, int]
    used: tuple[int, ...]
    extra: bool
    landed: int  # route position the piece came to rest on (after a line or the water)
    kind: str = ""  # "water": a piece sent back from the water by its owner's choice (SN-19)


def replace(state: RaceState, **changes: Any) -> RaceState:
    """``dataclasses.replace`` without re-running ``__init__`` (states are made by the thousand in
    a search; the fields given are already checked)."""
    new = object.__new__(RaceState)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


@lru_cache(maxsize=64)
def _throw_actions(device: str, measured: bool) -> tuple[Action, ...]:
    return tuple(Action({"throw": list(faces)}) for faces, _ in devices.outcomes(device, measured))


@lru_cache(maxsize=64)
def _throw_by_faces(device: str, measured: bool) -> dict[tuple[int, ...], Action]:
    return {tuple(a["throw"]): a for a in _throw_actions(device, measured)}


@lru_cache(maxsize=4096)
def _move_action(p: int, q: int) -> Action:
    return Action({"from": p, "to": q})


PASS = Action({"pass": True})


def can_pass(r: Rules, state: RaceState, found: Mapping[tuple[int, int], Step]) -> bool:
    """Whether the side to move may end its turn without moving: a piece of its waits in the
    water (SN-19: it stays there rather than go back), or bearing off is never compulsory
    (SN-21) and every step it has bears a piece off."""
    if state.phase != MOVE:
        return False
    own = state.pieces[state.to_move]
    if r.water_wait and r.water in own:
        return True
    return bool(found) and r.optional_bearoff and all(q == r.n + 1 for _, q in found)


class RaceVariant(Variant):
    """A race game: subclasses set ``key``, ``title``, ``options``, ``PRESETS`` and build
    their :class:`Rules` in :meth:`build_rules`."""

    family = "race"
    PRESETS: dict[str, dict[str, Any]] = {}

    # -- options and rules -----------------------------------------------------------------
    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """A preset (option ``rules``) sets every disputed point; options given override it."""
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            return super().validate_options(options)
        preset = options.get("rules", self.options["rules"].default)
        self.options["rules"].check("rules", preset)
        merged = {**self.PRESETS[preset], **options}
        checked = super().validate_options(merged)
        self.check_options(checked)
        return checked

    def check_options(self, options: dict[str, Any]) -> None:
        """Refuse combinations the rules cannot play (``InvalidOptions`` naming both)."""

    def rules(self, options: Mapping[str, Any]) -> Rules:
        return _compiled(self, frozen_options(options))

    @abstractmethod
    def build_rules(self, options: dict[str, Any]) -> Rules:
        """The game's board, device and rules as data, from validated options (each variant)."""

    def _rules(self, state: RaceState) -> Rules:
        return _compiled(self, state.options)

    # -- the game --------------------------------------------------------------------------
    def new_game(self, options: Mapping[str, Any] | None = None) -> RaceState:
        opts = self.validate_options(options)
        r = self.rules(opts)
        pieces = (tuple(sorted(r.start[0])), tuple(sorted(r.start[1])))
        return RaceState(self.key, frozen_options(opts), pieces, 0, OPENING if r.opening else THROW)

    def is_chance(self, state: RaceState) -> bool:  # type: ignore[override]
        return state.phase in (THROW, OPENING)

    def to_move(self, state: RaceState) -> int | None:  # type: ignore[override]
        return state.to_move if state.phase == MOVE else None

    def outcome(self, state: RaceState) -> Outcome | None:  # type: ignore[override]
        if state.result is None:
            return None
        winner, how = state.result
        return Outcome(winner, 1, how, self.score_now(state))

    def resign(self, state: RaceState, side: int) -> Outcome:  # type: ignore[override]
        """The other side wins the game (worth 1, as any won game), the pieces off as they are."""
        return Outcome(1 - side, 1, "resign", self.score_now(state))

    def score_now(self, state: RaceState) -> tuple[int, int]:
        """Each side's pieces borne off."""
        r = self._rules(state)
        return (state.off(0, r.n), state.off(1, r.n))

    def legal_actions(self, state: RaceState) -> list[Action]:  # type: ignore[override]
        if state.phase == OVER:
            return []
        r = self._rules(state)
        if state.phase in (THROW, OPENING):
            return list(_throw_actions(r.device, r.measured))
        found = steps(r, state)
        out = [_move_action(p, q) for (p, q) in found]
        if can_pass(r, state, found):
            out.append(PASS)
        return out

    def draw(self, state: RaceState, rng: random.Random) -> Action:  # type: ignore[override]
        if state.phase not in (THROW, OPENING):
            raise IllegalAction("no throw is due")
        r = self._rules(state)
        return _throw_by_faces(r.device, r.measured)[devices.draw(r.device, rng, r.measured)]

    def apply(self, state: RaceState, action: Action | Mapping[str, Any]) -> RaceState:  # type: ignore[override]
        act = Action.from_json(action)
        if state.phase == OVER:
            raise IllegalAction("the game is over")
        r = self._rules(state)
        for k, v in act.items():
            if k == "pass":
                continue
            if isinstance(v, bool) or (isinstance(v, tuple) and any(isinstance(x, bool) for x in v)):
                raise IllegalAction(f"action field {k!r}: numbers, not true/false")
        if state.phase in (THROW, OPENING):
            if set(act) != {"throw"} or not isinstance(act["throw"], tuple):
                raise IllegalAction('a throw is due: {"throw": [the sticks or dice as they fell]}')
            faces = act["throw"]
            if not all(isinstance(f, int) for f in faces) or not devices.faces_ok(r.device, faces, r.measured):
                raise IllegalAction(f"{list(faces)} is not a throw of {devices.DEVICES[r.device]}")
            if state.phase == OPENING:
                return self._opening(r, state, faces)
            return self._thrown(r, state, faces)
        if set(act) == {"pass"}:
            if act["pass"] is not True and act["pass"] != 1:
                raise IllegalAction('a pass is {"pass": true}')
            if not can_pass(r, state, steps(r, state)):
                raise IllegalAction("no pass now: a piece must move (only a piece waiting in the water or bearing off may stay)")
            return self._end_turn(r, replace(state, moves_left=()), extra=False)
        if set(act) != {"from", "to"} or not all(isinstance(act[k], int) for k in ("from", "to")):
            raise IllegalAction('a move is due: {"from": p, "to": q} in route positions')
        key = (act["from"], act["to"])
        legal = steps(r, state)
        if key not in legal:
            raise IllegalAction(self._why_not_move(r, state, key))
        return self._stepped(r, state, legal[key], key[0])

    def _why_not_move(self, r: Rules, state: RaceState, key: tuple[int, int]) -> str:
        """A refused move in words, with the moves the throw allows (route positions: 0 before
        the board, n + 1 borne off)."""
        p, q = key
        src = "a piece not yet on the board" if p == 0 else f"a piece on {p}"
        dst = "bear off" if q == r.n + 1 else f"go to {q}"
        legal = sorted(steps(r, state))
        allowed = ", ".join(f"{'in' if a == 0 else a}→{'off' if b == r.n + 1 else b}" for a, b in legal)
        return f"{src} cannot {dst} with this throw ({'legal: ' + allowed if allowed else 'no move is legal'})"

    def _opening(self, r: Rules, state: RaceState, faces: tuple[int, ...]) -> RaceState:
        # SN-16: each side throws once; the higher throw starts, equal throws are thrown again.
        value = sum(r.value_of(faces))
        thrown = replace(state, throw=faces, value=r.value_of(faces), throws=state.throws + 1)
        if r.starter == "one":
            return self._first_one(r, thrown, value)
        if state.to_move == 0:
            return replace(thrown, to_move=1, opening=(value,))
        first = state.opening[0]
        if first == value:
            return replace(thrown, to_move=0, opening=())
        return replace(thrown, phase=THROW, to_move=0 if first > value else 1, opening=(first, value))

    def _first_one(self, r: Rules, state: RaceState, value: int) -> RaceState:
        """SN-16 (Kendall, K922): the sides throw in turn until one throws a 1; that side plays
        the pieces in front (white) and plays the 1 by moving the front piece one square, then
        throws again (a 1 gives another throw, SN-4)."""
        side = state.to_move
        if value != 1:
            return replace(state, to_move=1 - side, opening=())
        pieces = state.pieces
        front = max(max(r.start[0]), max(r.start[1]))
        white = 0 if front in r.start[0] else 1
        if white != side:  # the thrower takes the front pieces: the two sides' pieces change places
            pieces = (pieces[1], pieces[0])
        own = list(pieces[side])
        taken = set(pieces[0]) | set(pieces[1])
        if 1 <= front < r.n and front in own and front + 1 not in taken:
            own.remove(front)
            own.append(front + 1)
        mine = tuple(sorted(own))
        pieces = (mine, pieces[1]) if side == 0 else (pieces[0], mine)
        return replace(state, pieces=pieces, phase=THROW, to_move=side, opening=())

    def _thrown(self, r: Rules, state: RaceState, faces: tuple[int, ...]) -> RaceState:
        value = r.value_of(faces)
        if r.bank:
            # SN-18: a throw that gives another is kept, and the turn's throws are played together
            # once one does not.
            if value[0] in r.extra_values:
                return replace(state, throw=faces, value=value, banked=state.banked + value, throws=state.throws + 1)
            moves_left = tuple(v for v in state.banked + value if v > 0)
            nxt = replace(state, phase=MOVE, throw=faces, value=value, moves_left=moves_left, banked=(),
                          throws=state.throws + 1)
            found = steps(r, nxt)
            if not found and not can_pass(r, nxt, found):
                return self._end_turn(r, nxt, extra=False)
            return nxt
        moves_left = tuple(v for v in value if v > 0)
        nxt = replace(state, phase=MOVE, throw=faces, value=value, moves_left=moves_left, throws=state.throws + 1)
        found = steps(r, nxt) if moves_left else {}
        if not found and not can_pass(r, nxt, found):
            # No move: the rest of the throw is lost; an extra throw still counts.
            return self._end_turn(r, nxt, extra=not r.split and value[0] in r.extra_values)
        return nxt

    def _stepped(self, r: Rules, state: RaceState, step: Step, src: int) -> RaceState:
        left = list(state.moves_left)
        for v in step.used:
            left.remove(v)
        side = state.to_move
        reborn = list(state.reborn)
        if r.water_wait:
            # SN-19: a piece sent back from the water keeps the other pieces still until it moves
            # (or is attacked off its square).
            for s in (0, 1):
                if reborn[s] and (reborn[s] not in step.pieces[s] or (s == side and src == reborn[s])):
                    reborn[s] = 0
        nxt = replace(state, pieces=step.pieces, lost=step.lost, waiting=step.waiting, moves_left=tuple(left),
                      reborn=(reborn[0], reborn[1]))
        if step.kind == "water":
            # SN-19: going back from the water to 15 ends the turn and costs the next one.
            skip = list(state.skip)
            skip[side] = 1  # (not more: a turn is lost only while the other side still plays)
            reborn[side] = step.landed
            nxt = replace(nxt, moves_left=(), skip=(skip[0], skip[1]), reborn=(reborn[0], reborn[1]))
            return self._end_turn(r, nxt, extra=False)
        if self._finished(r, nxt) is None and (r.split or r.bank) and left:
            found = steps(r, nxt)
            if found or can_pass(r, nxt, found):
                return nxt
        extra = step.extra or (not r.split and not r.bank and state.value[0] in r.extra_values)
        return self._end_turn(r, nxt, extra)

    def _finished(self, r: Rules, state: RaceState) -> tuple[int, str] | None:
        out = [all(p == r.n + 1 for p in state.pieces[s]) for s in (0, 1)]
        if r.goal == "first-off":
            for s in (state.to_move, 1 - state.to_move):
                if out[s] and not state.lost[s]:
                    return (s, "first-off")
            return None
        if out[0] and out[1]:
            off = [state.off(0, r.n), state.off(1, r.n)]
            if off[0] != off[1]:
                return (0 if off[0] > off[1] else 1, "most-off")
            return (state.first_out if state.first_out is not None else 1, "most-off")
        return None

    def _end_turn(self, r: Rules, state: RaceState, extra: bool) -> RaceState:
        side = state.to_move
        first_out = state.first_out
        if first_out is None and r.goal == "most-off":
            done = [all(p == r.n + 1 for p in state.pieces[s]) for s in (0, 1)]
            if done[side] or done[1 - side]:
                first_out = side if done[side] else 1 - side
        state = replace(state, phase=THROW, moves_left=(), first_out=first_out)
        result = self._finished(r, state)
        if result is None and state.throws >= MAX_THROWS:
            result = (self._ahead(r, state), "limit")
        if result is not None:
            return replace(state, phase=OVER, result=result)
        nxt = side if extra else 1 - side
        if all(p == r.n + 1 for p in state.pieces[nxt]):  # nothing left to play: the other goes on
            nxt = 1 - nxt
        if state.skip[nxt] and not all(p == r.n + 1 for p in state.pieces[1 - nxt]):
            # SN-19: a side that went back from the water loses this turn; the other plays again.
            skip = list(state.skip)
            skip[nxt] -= 1
            state = replace(state, skip=(skip[0], skip[1]))
            nxt = 1 - nxt
        return replace(state, to_move=nxt, banked=())

    @staticmethod
    def _ahead(r: Rules, state: RaceState) -> int:
        def standing(s: int) -> tuple[int, int]:
            return (state.off(s, r.n), sum(state.pieces[s]))

        return 0 if standing(0) > standing(1) else 1

    # -- clause events (simulations count them; see Variant.clause_events) ------------------
    def _clause_of(self, *names: str) -> str | None:
        for name in names:
            if name in self.options:
                return self.options[name].clause
        return None

    @cached_property
    def clause_event_names(self) -> dict[str, tuple[str, str]]:  # type: ignore[override]
        out: dict[str, tuple[str, str]] = {}
        for event, names, text in (
            ("capture", ("capture", "reenter_first"), "an enemy piece captured (sent back, swapped or removed)"),
            ("extra-throw", ("extra_throws", "extra_throw_rosettes", "extra_holes"), "another throw earned"),
            ("jump", ("lines", "square_27"), "a piece carried on by a line or the water"),
            ("backward", ("backward",), "a piece moved backward, no forward move being possible"),
        ):
            clause = self._clause_of(*names)
            if clause is not None:
                out[event] = (clause, text)
        return out

    def clause_events(self, state: RaceState, action: Action, after: RaceState) -> dict[str, int]:  # type: ignore[override]
        act = Action.from_json(action)
        out: dict[str, int] = {}
        side = state.to_move
        if state.phase == MOVE and "from" in act:
            p, q = act["from"], act["to"]
            opp = 1 - side
            if after.pieces[opp] != state.pieces[opp] or after.lost[opp] != state.lost[opp]:
                out["capture"] = 1
            gone = list(state.pieces[side])
            gone.remove(p)
            rest = list(after.pieces[side])
            for x in gone:
                rest.remove(x)
            if rest and rest[0] != q:
                out["jump"] = 1
            if q < p:
                out["backward"] = 1
        if (
            state.phase in (THROW, MOVE)
            and after.phase == THROW
            and after.to_move == side
            and (state.phase == MOVE or after.throws > state.throws)
            and after.skip == state.skip  # not the other side's lost turn (SN-19)
        ):
            r = self._rules(after)
            if not all(x == r.n + 1 for x in after.pieces[1 - side]):
                out["extra-throw"] = 1
        return {k: v for k, v in out.items() if k in self.clause_event_names}

    # -- JSON and checks -------------------------------------------------------------------
    def state_from_json(self, data: Mapping[str, Any] | str) -> RaceState:  # type: ignore[override]
        return read_state(self, data)

    def check_consistent(self, state: RaceState) -> None:
        """Refuse a state the rules could not reach (called by ``state_from_json``)."""
        r = self._rules(state)
        finished = self._finished(r, state)
        if state.phase == OVER:
            assert state.result is not None
            winner, how = state.result
            if how == "limit":
                if state.throws < MAX_THROWS:
                    raise InvalidState(f"how: a game ends by the limit only after {MAX_THROWS} throws")
            elif finished != state.result:
                raise InvalidState(f"winner: side {winner} has not won by {how} in this position")
            return
        if finished is not None:
            raise InvalidState(f"phase: side {finished[0]} has already won ({finished[1]}), so the phase must be over")
        for s in (0, 1):
            if 0 in state.pieces[s] and 0 not in r.start[s] and r.capture != "send-back":
                raise InvalidState(f"pieces[{s}]: a piece at 0 (off the board) cannot occur: pieces start on the "
                                   "board and no capture sends one off")
        if state.phase == MOVE and not steps(r, state) and not can_pass(r, state, {}):
            raise InvalidState("phase: a move is due but the throw allows none (the turn would have passed)")

    def describe(self, state: RaceState, action: Action | Mapping[str, Any]) -> str:  # type: ignore[override]
        act = Action.from_json(action)
        r = self._rules(state)
        if "throw" in act:
            faces = tuple(act["throw"])
            value = r.value_of(faces) if devices.faces_ok(r.device, faces, r.measured) else ()
            shown = "-".join(str(f) for f in faces)
            if r.split:
                return f"throw {shown}"
            return f"throw {shown} = {value[0] if value else '?'}"
        if "pass" in act:
            return "pass"
        if "from" in act and "to" in act:
            p, q = act["from"], act["to"]
            src = "in" if p == 0 else str(p)
            dst = "off" if q == r.n + 1 else str(q)
            text = f"{src}→{dst}"
            step = steps(r, state).get((p, q)) if state.phase == MOVE else None
            if step is not None:
                side = state.to_move
                before = sum(1 for x in state.pieces[1 - side] if 0 < x <= r.n)
                after = sum(1 for x in step.pieces[1 - side] if 0 < x <= r.n)
                if after < before or step.pieces[1 - side] != state.pieces[1 - side]:
                    text += "*"
                if step.landed != q and q <= r.n:
                    text += f" ({step.landed})"
            return text
        return super().describe(state, act)

    # -- hooks the play layer asks ---------------------------------------------------------
    def turn_is_open(self, state: RaceState) -> bool:  # type: ignore[override]
        return state.phase == MOVE

    def log_fields(self, state: RaceState) -> dict[str, Any]:  # type: ignore[override]
        return {"throws": state.throws}

    def board_info(self, options: Mapping[str, Any]) -> dict[str, Any]:
        r = self.rules(options)
        return {
            "geometry": r.board.geometry(),
            "device": r.device,
            "device_name": devices.DEVICES[r.device],
            "pieces": r.pieces,
        }

    def text_help(self) -> dict[str, list[str]]:
        return {"moves": ["14→17", "in→3", "27→off"], "commands": []}

    def state_options(self, state: RaceState) -> dict[str, Any]:  # type: ignore[override]
        return plain_options(state.options)


@lru_cache(maxsize=256)
def _compiled(variant: RaceVariant, options: tuple[tuple[str, Any], ...]) -> Rules:
    return variant.build_rules(plain_options(options))


# -- move generation -----------------------------------------------------------------------

def steps(r: Rules, state: RaceState) -> dict[tuple[int, int], Step]:
    """Every legal step in ``state`` (a move is due) by ``(from, to)``."""
    if state.phase != MOVE or not state.moves_left:
        return {}
    return _steps(r, state.pieces, state.lost, state.waiting, state.to_move, state.moves_left, state.reborn)


@lru_cache(maxsize=4096)  # bounded: a search revisits few states, and each entry holds its steps
def _steps(
    r: Rules,
    pieces: tuple[tuple[int, ...], tuple[int, ...]],
    lost: tuple[int, int],
    waiting: tuple[int, int],
    side: int,
    moves_left: tuple[int, ...],
    reborn: tuple[int, int] = (0, 0),
) -> dict[tuple[int, int], Step]:
    own = pieces[side]
    if r.water_wait and r.water in own:
        return _in_water(r, pieces, lost, waiting, side, moves_left, reborn)
    only = reborn[side] if r.water_wait and reborn[side] in own else 0
    found = _forward(r, pieces, lost, waiting, side, moves_left, only, reborn)
    if r.backward and not r.split:
        # SN-8: a throw that cannot take a piece forward takes one backward (each of a turn's
        # throws for itself, SN-18).
        forward_used = {s.used[0] for s in found.values() if s.used}
        for v in sorted(set(moves_left)):
            if v not in forward_used:
                for k, st in _backward(r, pieces, lost, waiting, side, v, only, reborn).items():
                    found.setdefault(k, st)
    if found and r.vacate_cells:
        # SN-13: a piece on a marked square must leave it at the first throw that can move it.
        forced = {k: v for k, v in found.items() if 0 < k[0] <= r.n and r.routes[side][k[0] - 1] in r.vacate_cells}
        if forced:
            found = forced
    if found and r.split and r.use_max and len(moves_left) > 1:
        best = {k: _plus((len(s.used), sum(s.used)),
                         _most_dice(r, s.pieces, s.lost, s.waiting, side, _minus(moves_left, s.used)))
                for k, s in found.items()}
        top = max(best.values())
        found = {k: v for k, v in found.items() if best[k] == top}
    return found


def _minus(values: tuple[int, ...], used: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(values)
    for v in used:
        rest.remove(v)
    return tuple(rest)


def _plus(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return (a[0] + b[0], a[1] + b[1])


@lru_cache(maxsize=16384)
def _most_dice(r: Rules, pieces: Any, lost: Any, waiting: Any, side: int, left: tuple[int, ...]) -> tuple[int, int]:
    """The most dice (then the most pips) that can still be played from here (XS-8)."""
    everything = (len(left), sum(left))
    if not left or all(p == r.n + 1 for p in pieces[side]):
        return everything  # a side with every piece off has used its throw up
    best = (0, 0)
    for _, s in _forward_iter(r, pieces, lost, waiting, side, left):
        best = max(best, _plus((len(s.used), sum(s.used)),
                               _most_dice(r, s.pieces, s.lost, s.waiting, side, _minus(left, s.used))))
        if best == everything:
            break
    return best


@lru_cache(maxsize=4096)
def _uses(moves_left: tuple[int, ...], split: bool, combine: bool = False) -> tuple[tuple[int, ...], ...]:
    """The dice a step may use, fewest dice first, then smallest sum: a step names only its
    squares, so it takes the first of these that makes it legal (keeping the most for later)."""
    if not split:
        return (moves_left[:1],)
    if not combine:
        return tuple((v,) for v in sorted(set(moves_left)))
    seen, out = set(), []
    for k in range(1, len(moves_left) + 1):
        for combo in itertools.combinations(sorted(moves_left), k):
            if combo not in seen:
                seen.add(combo)
                out.append(combo)
    out.sort(key=lambda c: (len(c), sum(c)))
    return tuple(out)


def _in_water(r: Rules, pieces: Any, lost: Any, waiting: Any, side: int, moves_left: tuple[int, ...],
              reborn: tuple[int, int]) -> dict[tuple[int, int], Step]:
    """SN-19: while a piece of the side sits in the water no other piece of it moves. It leaves
    the board with the exact throw (a 4 from 27), or its owner sends it back to 15 (or the nearest
    empty square before it), which ends the turn and costs the next one; or it waits (a pass)."""
    found: dict[tuple[int, int], Step] = {}
    need = r.n + 1 - r.water
    if need in moves_left:
        step = _try(r, pieces, lost, waiting, side, r.water, r.n + 1, _occupancy(r, pieces), (need,), reborn)
        if step is not None:
            found[(r.water, r.n + 1)] = step
    taken = {r.routes[s][x - 1] for s in (0, 1) for x in pieces[s] if 1 <= x <= r.n}
    for t in range(r.rebirth, 0, -1):
        if r.routes[side][t - 1] not in taken:
            own = list(pieces[side])
            own.remove(r.water)
            own.append(t)
            found[(r.water, t)] = _done(side, own, list(pieces[1 - side]), list(lost), list(waiting), (), False, t)._replace(kind="water")
            break
    return found


def _forward(r: Rules, pieces: Any, lost: Any, waiting: Any, side: int, moves_left: tuple[int, ...],
             only: int = 0, reborn: tuple[int, int] = (0, 0)) -> dict[tuple[int, int], Step]:
    return dict(_forward_iter(r, pieces, lost, waiting, side, moves_left, only, reborn))


def _forward_iter(r: Rules, pieces: Any, lost: Any, waiting: Any, side: int, moves_left: tuple[int, ...],
                  only: int = 0, reborn: tuple[int, int] = (0, 0)) -> Iterator[tuple[tuple[int, int], Step]]:
    """The forward steps one by one (a caller looking for any step may stop at the first).
    ``only``: the one piece that may move (SN-19, a piece back from the water)."""
    own = pieces[side]
    sources = sorted({p for p in own if p <= r.n})
    if only:
        sources = [only]
    if waiting[side] > 0 or (r.enter == "all-first" and 0 in own):
        sources = [0] if 0 in own else []  # XS-7: a hit piece re-enters before any other moves
    occ = _occupancy(r, pieces)
    found: set[tuple[int, int]] = set()
    for used in _uses(moves_left, r.split or r.bank, r.combine):
        v = sum(used)
        if v <= 0:
            continue
        for p in sources:
            q = p + v
            if p in r.end_any:
                q = r.n + 1  # SN-20: from 30 any throw bears off
            elif p in r.end_exact and q != r.n + 1:
                continue  # SN-20: from 28 and 29 only the exact throw, and only off the board
            if q > r.n + 1:
                if r.bear_off == "any" or (r.bear_off == "backgammon" and min(own) >= p):
                    q = r.n + 1
                else:
                    continue
            if (p, q) in found:
                continue
            step = _try(r, pieces, lost, waiting, side, p, q, occ, used, reborn)
            if step is not None:
                found.add((p, q))
                yield (p, q), step


def _backward(r: Rules, pieces: Any, lost: Any, waiting: Any, side: int, v: int, only: int = 0,
              reborn: tuple[int, int] = (0, 0)) -> dict[tuple[int, int], Step]:
    occ = _occupancy(r, pieces)
    found = {}
    for p in sorted({p for p in pieces[side] if 1 <= p <= r.n}):
        if (only and p != only) or (r.back_below and p >= r.back_below):
            continue  # SN-19: the piece back from the water moves first; SN-20: 27-30 never go back
        q = p - v
        if q >= 1:  # SN-8: backward moves may pass square 26 (SN-10 binds forward moves only)
            step = _try(r, pieces, lost, waiting, side, p, q, occ, (v,), reborn)
            if step is not None:
                found[(p, q)] = step
    return found


@lru_cache(maxsize=4096)
def _occupancy(r: Rules, pieces: Any) -> dict[int, tuple[int, list[int]]]:
    """cell -> (side, that side's positions on it). Shared by callers: read only."""
    occ: dict[int, tuple[int, list[int]]] = {}
    n = r.n
    for s in (0, 1):
        route = r.routes[s]
        for p in pieces[s]:
            if 0 < p <= n:
                cell = route[p - 1]
                entry = occ.get(cell)
                if entry is None:
                    occ[cell] = (s, [p])
                else:
                    entry[1].append(p)
    return occ


def _try(
    r: Rules, pieces: Any, lost: Any, waiting: Any, side: int, p: int, q: int,
    occ: dict[int, tuple[int, list[int]]], used: tuple[int, ...], reborn: tuple[int, int] = (0, 0),
) -> Step | None:
    opp = 1 - side
    own = pieces[side]
    lo, hi = min(p, q), max(p, q)
    if q > p and any(p < m < q for m in r.must_land):
        return None  # SN-10: square 26 is landed on exactly before any piece passes it
    if r.block_three:
        between = [j for j in range(lo + 1, hi) if j <= r.n and occ.get(r.routes[side][j - 1], (side,))[0] == opp]
        run = 0
        for j in range(lo + 1, hi):
            run = run + 1 if j in between else 0
            if run >= 3:
                return None  # SN-7: three in a row cannot be passed
    new_own = list(own)
    new_opp = list(pieces[opp])
    new_lost, new_waiting = list(lost), list(waiting)
    new_own.remove(p)
    if p == 0 and new_waiting[side] > 0:
        new_waiting[side] -= 1
    if q == r.n + 1:
        if r.bear_zone and any(x < r.bear_zone for x in new_own if x <= r.n):
            return None
        new_own.append(q)
        return _done(side, new_own, new_opp, new_lost, new_waiting, used, False, q)
    cell = r.routes[side][q - 1]
    holder = occ.get(cell)
    if holder is not None and holder[0] == side and not r.stack:
        return None
    if holder is not None and holder[0] == opp:
        theirs = holder[1]
        if r.capture == "none" or cell in r.safe_cells:
            return None
        if r.stack:
            if len(theirs) >= 2:
                return None  # XS-6: two or more pieces hold a point
            new_opp.remove(theirs[0])
            new_opp.append(0)
            if r.reenter_first:
                new_waiting[opp] += 1
        else:
            at = theirs[0]
            # SN-19: a side with a piece in the water, or one back from it on 15, loses this protection
            exposed = r.water_wait and (r.water in pieces[opp] or reborn[opp] in pieces[opp] and reborn[opp] > 0)
            if r.protect_pairs and not exposed and any(0 < n <= len(r.routes[opp]) and n in pieces[opp] for n in (at - 1, at + 1)):
                return None  # SN-6: two in a row on the board protect each other (not one off it)
            new_opp.remove(at)
            if at in r.hit_to_water:
                # SN-20: attacked on 28-30, a piece goes to the water, and only while it is empty
                if any(r.routes[s][x - 1] == r.routes[opp][r.water - 1] for s in (0, 1) for x in pieces[s] if 1 <= x <= r.n):
                    return None
                new_opp.append(r.water)
            elif r.capture == "swap":
                if p == 0:
                    return None
                origin = r.routes[side][p - 1]
                places = [i + 1 for i, c in enumerate(r.routes[opp]) if c == origin]
                if not places:
                    return None
                # the attacked piece takes the attacker's square; where its route passes that square
                # twice (Murray's Ur), the pass nearest the piece, the one behind it on a tie
                back = min(places, key=lambda x: (abs(x - at), x > at))
                new_opp.append(back)
            elif r.capture == "remove":
                new_lost[opp] += 1
            else:
                new_opp.append(0)
    extra = cell in r.extra_cells
    landed = q
    target = r.jumps[side].get(q)
    if target is not None:
        taken = {r.routes[side][x - 1] for x in new_own if 1 <= x <= r.n}
        taken |= {r.routes[opp][x - 1] for x in new_opp if 1 <= x <= r.n}
        candidates = [target] + (list(range(target - 1, 0, -1)) if r.jump_fallback == "back" else [])
        for t in candidates:
            if r.routes[side][t - 1] not in taken:
                landed = t
                break
    new_own.append(landed)
    return _done(side, new_own, new_opp, new_lost, new_waiting, used, extra, landed)


def _done(side: int, own: list[int], opp: list[int], lost: list[int], waiting: list[int],
          used: tuple[int, ...], extra: bool, landed: int) -> Step:
    mine, theirs = tuple(sorted(own)), tuple(sorted(opp))
    pieces = (mine, theirs) if side == 0 else (theirs, mine)
    return Step(pieces, (lost[0], lost[1]), (waiting[0], waiting[1]), used, extra, landed)
