"""The race state: its type, and its JSON both ways.

This module owns what a race position *is* (:class:`RaceState`), how it is written
(:meth:`RaceState.to_json`) and how it is read back (:func:`read_state`, refusing malformed or
impossible states and naming the field). It knows the compiled rules only through the
attributes it reads (``n``, ``pieces``, ``routes``, ...), never imports the rules module, so the
family has no import circle.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.core import InvalidOptions, InvalidState, State, state_mapping
from games.engine.race import devices

__all__ = ["MAX_THROWS", "PHASES", "RaceState", "read_state"]

OPENING, THROW, MOVE, OVER = "opening", "throw", "move", "over"
PHASES = (OPENING, THROW, MOVE, OVER)
#: The family's guard against endless games (ours, not a source's): once this many throws have
#: been made the game ends at the end of the turn, and the side further on wins (more pieces
#: off, then more squares run in all; a tie goes to side 1). Whole games take 100-400 throws
#: under every preset. Murray's Ur loop ends on the squares it starts on and can lock (UR-12):
#: read "like Senet" (its preset) the limit decides about 2% of random games; read with
#: Finkel's lost turn and capture it decided 84%. It also ends positions where no side can
#: ever move again.
MAX_THROWS = 1000
HOWS = ("first-off", "most-off", "limit")
MAX_TEXT = 200_000  # a state is a few hundred bytes; refuse megabytes before parsing them


@dataclass(frozen=True)
class RaceState(State):
    """An immutable race position. ``pieces[s]`` are side ``s``'s route positions, sorted
    (0 = not entered, ``n + 1`` = borne off); ``throw`` the faces last thrown and ``value``
    what they are worth (one number, or the dice of a split throw); ``moves_left`` the part of
    the throw still to play; ``lost`` pieces taken out of the game; ``waiting`` pieces that
    were hit and must re-enter first; ``throws`` how many throws the game has seen. Where all of a
    turn's throws are made before moving (Kendall's Senet, SN-18), ``banked`` holds the throws made so
    far this turn; where a piece may wait in the water (SN-19), ``skip`` counts the turns each side is
    to lose and ``reborn`` the square (0: none) of a side's piece sent back from the water, which
    must move before any other."""

    variant: str
    options: tuple[tuple[str, Any], ...]
    pieces: tuple[tuple[int, ...], tuple[int, ...]]
    to_move: int
    phase: str
    throw: tuple[int, ...] | None = None
    value: tuple[int, ...] = ()
    moves_left: tuple[int, ...] = ()
    lost: tuple[int, int] = (0, 0)
    waiting: tuple[int, int] = (0, 0)
    throws: int = 0
    first_out: int | None = None
    result: tuple[int, str] | None = None
    opening: tuple[int, ...] = ()
    banked: tuple[int, ...] = ()
    skip: tuple[int, int] = (0, 0)
    reborn: tuple[int, int] = (0, 0)

    @property
    def variant_key(self) -> str:  # type: ignore[override]
        return self.variant

    def option(self, name: str) -> Any:
        return plain_options(self.options)[name]

    def off(self, side: int, n: int) -> int:
        return sum(1 for p in self.pieces[side] if p == n + 1)

    def to_json(self, rules: Any = None) -> dict[str, Any]:
        if rules is None:
            from games.engine.core import get_variant

            rules = get_variant(self.variant).rules(dict(self.options))  # type: ignore[attr-defined]
        n = rules.n
        out: dict[str, Any] = {
            "variant": self.variant,
            "options": plain_options(self.options),
            "phase": self.phase,
            "to_move": self.to_move,
            "pieces": [list(self.pieces[0]), list(self.pieces[1])],
            "throw": None,
            "off": [self.off(0, n), self.off(1, n)],
            "throws": self.throws,
        }
        if rules.opening:
            out["opening"] = list(self.opening)
        if self.throw is not None:
            out["throw"] = {"dice": list(self.throw), "value": sum(self.value), "device": rules.device}
        if rules.split or rules.bank:
            out["moves_left"] = list(self.moves_left)
        if rules.bank:
            out["banked"] = list(self.banked)
        if rules.water_wait:
            out["skip"] = list(self.skip)
            out["reborn"] = list(self.reborn)
        if rules.goal == "most-off":
            out["score"] = list(out["off"])
            out["first_out"] = self.first_out
        if rules.capture == "remove":
            out["lost"] = list(self.lost)
        if rules.reenter_first:
            out["waiting"] = list(self.waiting)
        out["over"] = self.result is not None
        out["winner"] = None if self.result is None else self.result[0]
        if self.result is not None:
            out["how"] = self.result[1]
        return out

    def __repr__(self) -> str:
        return f"RaceState({self.variant}, pieces={self.pieces}, to_move={self.to_move}, phase={self.phase})"


def frozen_options(options: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Options as a hashable value (lists become tuples)."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))


def plain_options(options: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """Options as JSON (tuples become lists again)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options}


JSON_FIELDS = (
    "opening", "variant", "options", "phase", "to_move", "pieces", "throw", "off", "throws", "moves_left",
    "score", "first_out", "lost", "waiting", "over", "winner", "how", "banked", "skip", "reborn",
)


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(f"{where}: must be a whole number, got {json.dumps(value)[:40]}")
    if not lo <= value <= hi:
        raise InvalidState(f"{where}: must be between {lo} and {hi}, got {value}")
    return value


def _list(value: Any, where: str, length: int | None = None, most: int = 64) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidState(f"{where}: must be a list, got {type(value).__name__}")
    if length is not None and len(value) != length:
        raise InvalidState(f"{where}: must hold {length} entries, got {len(value)}")
    if len(value) > most:
        raise InvalidState(f"{where}: too long ({len(value)} entries)")
    return value


def _pair(data: Mapping[str, Any], name: str, hi: int) -> tuple[int, int]:
    if data.get(name) is None:
        return (0, 0)
    raw = _list(data[name], name, 2)
    return (_int(raw[0], f"{name}[0]", 0, hi), _int(raw[1], f"{name}[1]", 0, hi))


def read_state(variant: Any, data: Mapping[str, Any] | str) -> RaceState:
    """Read a state of ``variant`` (a race variant: it validates the options and compiles the
    rules); see ``RaceVariant.state_from_json``."""
    if isinstance(data, str) and len(data) > MAX_TEXT:
        raise InvalidState(f"state: too long ({len(data)} characters)")
    try:
        data = state_mapping(data)
    except (RecursionError, ValueError) as exc:
        if isinstance(exc, InvalidState):
            raise
        raise InvalidState("state is not valid JSON: nested too deep or a number too long") from None
    unknown = sorted(set(data) - set(JSON_FIELDS))
    if unknown:
        raise InvalidState(f"{unknown[0]}: not a field of a race state (known: {', '.join(JSON_FIELDS)})")
    if data.get("variant", variant.key) != variant.key:
        raise InvalidState(f"variant: this is {variant.key}, not {json.dumps(data['variant'])[:60]}")
    try:
        given_options = data.get("options")
        options = variant.validate_options({} if given_options is None else given_options)
    except InvalidOptions as exc:
        raise InvalidState(f"options: {exc}") from None
    rules = variant.rules(options)
    n, total = rules.n, rules.pieces

    for name in ("pieces", "to_move", "phase"):
        if name not in data:
            raise InvalidState(f"{name}: missing")
    phase = data["phase"]
    if phase not in PHASES:
        raise InvalidState(f"phase: must be one of {', '.join(PHASES)}, got {json.dumps(phase)[:40]}")
    to_move = _int(data["to_move"], "to_move", 0, 1)
    lost = _pair(data, "lost", total) if rules.capture == "remove" else (0, 0)
    if data.get("lost") is not None and rules.capture != "remove" and data["lost"] != [0, 0]:
        raise InvalidState("lost: pieces leave the game only where a capture removes them")
    raw = _list(data["pieces"], "pieces", 2)
    pieces = []
    for s in (0, 1):
        row = _list(raw[s], f"pieces[{s}]")
        if len(row) != total - lost[s]:
            raise InvalidState(
                f"pieces[{s}]: holds {len(row)} pieces, not {total - lost[s]} "
                f"({total} a side{f', {lost[s]} lost' if lost[s] else ''})"
            )
        pieces.append(tuple(sorted(_int(p, f"pieces[{s}][{i}]", 0, n + 1) for i, p in enumerate(row))))
    _check_cells(rules, pieces)
    waiting = _pair(data, "waiting", total) if rules.reenter_first else (0, 0)
    for s in (0, 1):
        if waiting[s] > pieces[s].count(0):
            raise InvalidState(f"waiting[{s}]: {waiting[s]} pieces wait to re-enter but {pieces[s].count(0)} are off the board")
    throws = _int(data.get("throws", 0), "throws", 0, MAX_THROWS + 10_000)
    first_out = data.get("first_out")
    if first_out is not None:
        first_out = _int(first_out, "first_out", 0, 1)

    throw, value, moves_left = None, (), ()
    if data.get("throw") is not None:
        t = data["throw"]
        if not isinstance(t, Mapping):
            raise InvalidState("throw: must be null or an object with dice, value, device")
        faces = tuple(_int(f, f"throw.dice[{i}]", 0, 99) for i, f in enumerate(_list(t.get("dice"), "throw.dice", most=8)))
        if not devices.faces_ok(rules.device, faces, rules.measured):
            raise InvalidState(f"throw.dice: {list(faces)} is not a throw of {devices.DEVICES[rules.device]}")
        throw, value = faces, rules.value_of(faces)
        if "value" in t and t["value"] != sum(value):
            raise InvalidState(f"throw.value: {list(faces)} is worth {sum(value)} here, not {json.dumps(t['value'])[:20]}")
        if "device" in t and t["device"] != rules.device:
            raise InvalidState(f"throw.device: this game throws {rules.device!r}")
    if phase == MOVE and throw is None:
        raise InvalidState("throw: a move is due, so the throw it plays must be given")
    if rules.split and phase == MOVE:
        given = data.get("moves_left", list(value))
        moves_left = tuple(_int(v, f"moves_left[{i}]", 1, 99) for i, v in enumerate(_list(given, "moves_left", most=8)))
        rest = list(value)
        for v in moves_left:
            if v not in rest:
                raise InvalidState(f"moves_left: {list(moves_left)} is not part of the throw {list(value)}")
            rest.remove(v)
        if not moves_left:
            raise InvalidState("moves_left: a move is due, so some of the throw must be left")
    elif rules.bank and phase == MOVE:
        # SN-18: the turn's throws, made before moving, still to play (the last throw among them
        # or already played); each is a throw's worth.
        given = data.get("moves_left", list(value))
        worths = {sum(rules.value_of(f)) for f, _ in devices.outcomes(rules.device, rules.measured)}
        moves_left = tuple(_int(v, f"moves_left[{i}]", 1, 99) for i, v in enumerate(_list(given, "moves_left", most=64)))
        if not moves_left or any(v not in worths for v in moves_left):
            raise InvalidState(f"moves_left: {list(moves_left)} must be one or more throws' worths ({sorted(worths)})")
        if sum(1 for v in moves_left if v not in rules.extra_values) > 1:
            raise InvalidState("moves_left: a turn's throws end with its first throw that gives no other, so only one is such")
    elif phase == MOVE:
        moves_left = tuple(v for v in value if v > 0)
    banked: tuple[int, ...] = ()
    if rules.bank and data.get("banked"):
        if phase != THROW:
            raise InvalidState("banked: throws are banked only while the turn's throws are being made")
        banked = tuple(_int(v, f"banked[{i}]", 1, 99) for i, v in enumerate(_list(data["banked"], "banked", most=64)))
        if any(v not in rules.extra_values for v in banked):
            raise InvalidState(f"banked: only throws that give another are banked, not {list(banked)}")
    skip = _pair(data, "skip", 1) if rules.water_wait else (0, 0)
    reborn = _pair(data, "reborn", n) if rules.water_wait else (0, 0)
    for s in (0, 1):
        if reborn[s] and reborn[s] not in pieces[s]:
            raise InvalidState(f"reborn[{s}]: side {s} has no piece on {reborn[s]}")

    # Derived fields may be given (a state as written out); they must agree with the pieces.
    off = [sum(1 for p in pieces[s] if p == n + 1) for s in (0, 1)]
    for name in ("off", "score"):
        if data.get(name) is not None and data[name] != off:
            raise InvalidState(f"{name}: the pieces have {off} borne off, not {json.dumps(data[name])[:40]}")
    if data.get("over") is not None and data["over"] != (phase == OVER):
        raise InvalidState(f"over: must be {json.dumps(phase == OVER)} in phase {phase}")

    result = None
    if phase == OVER:
        winner = _int(data.get("winner"), "winner", 0, 1)
        how = data.get("how")
        if how not in HOWS:
            raise InvalidState(f"how: must be one of {', '.join(HOWS)}, got {json.dumps(how)[:40]}")
        result = (winner, how)
    opening: tuple[int, ...] = ()
    if phase == OPENING:
        if not rules.opening:
            raise InvalidState("phase: this game has no opening throws")
        given = _list(data.get("opening", []), "opening", most=1)
        opening = tuple(_int(v, "opening[0]", 0, 99) for v in given)
        if rules.starter == "one":
            if opening:
                raise InvalidState("opening: the first to throw a 1 starts, so no opening throw is kept")
        elif len(opening) != to_move:
            raise InvalidState("opening: side 0 throws first, so it holds one value exactly when side 1 is to throw")
    elif rules.opening and data.get("opening"):
        raw_open = _list(data["opening"], "opening", most=2)
        opening = tuple(_int(v, f"opening[{i}]", 0, 99) for i, v in enumerate(raw_open))
    state = RaceState(
        variant.key, frozen_options(options), (pieces[0], pieces[1]), to_move, phase,
        throw, value, moves_left, lost, waiting, throws, first_out, result, opening, banked, skip, reborn,
    )
    variant.check_consistent(state)
    return state


def _check_cells(rules: Any, pieces: list[tuple[int, ...]]) -> None:
    """Two pieces on one cell only where the rules stack them, and never of both sides."""
    owner: dict[int, tuple[int, int]] = {}
    for s in (0, 1):
        for p in pieces[s]:
            if 1 <= p <= rules.n:
                cell = rules.routes[s][p - 1]
                if cell in owner:
                    other_side, other_p = owner[cell]
                    if other_side != s:
                        raise InvalidState(
                            f"pieces: side {s}'s piece at {p} and side {other_side}'s at {other_p} share cell {cell}"
                        )
                    if not rules.stack:
                        raise InvalidState(f"pieces[{s}]: two pieces on cell {cell} (positions {other_p} and {p})")
                owner[cell] = (s, p)
