"""The Béchi state: its type, and its JSON both ways.

:mod:`games.engine.mancala.bechi` holds the rules; this module owns what a state *is*, how it is
written (:meth:`BechiState.to_json`) and how it is read back (:func:`read_state`: defaults for
the bookkeeping, refusals naming the field). It imports only the core and the sowing helpers,
never the rules, so the family has no import circle.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from typing import NamedTuple

from games.engine.core import InvalidOptions, InvalidState, State, Variant, brief, state_mapping
from games.engine.mancala.sowing import ANTICLOCKWISE, CLOCKWISE, fill

__all__ = ["BechiRules", "BechiState", "can_move", "make_state", "read_state"]

PER_HOLE = 6  # BE-1: six counters in every hole
SOW, LEAVE_EMPTY, OVER, LOT = "sow", "leave_empty", "over", "lot"
PHASES = (LOT, SOW, LEAVE_EMPTY, OVER)
#: ``round_one`` option values: who starts the first round (BE-8).
ROUND_ONE = ("lot", "side0", "side1")


class BechiRules(NamedTuple):
    """The options that change how a Béchi move is played (see ``Bechi.options``)."""

    shu: bool = False  # shu_house_rule (BE-7)
    origin: bool = False  # origin_counts_as_moved (BE-5 a)
    chain_skip: bool = False  # chain_skips_left_empty (BE-5 b)
    round_one: str = "lot"  # round_one (BE-8)

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> BechiRules:
        return cls(options["shu_house_rule"], options["origin_counts_as_moved"],
                   options["chain_skips_left_empty"], options["round_one"])
DIRECTION_NAMES = {CLOCKWISE: "clockwise", ANTICLOCKWISE: "anticlockwise"}
DIRECTIONS = {name: step for step, name in DIRECTION_NAMES.items()}


class BechiState(State):
    """An immutable Béchi position. Build one with :meth:`Bechi.new_game`,
    :meth:`Bechi.apply` or :meth:`Bechi.state_from_json`; read it with :meth:`to_json`.

    Internally the board is a flat ring of ``2n`` counts (side 0's holes then side 1's, each
    from its owner's left) and ``closed``/``sown`` are bit masks over that ring.
    """

    variant_key = "mancala.bechi"
    FIELDS = (
        "n", "rules", "limit", "round_limit", "board", "phase", "to_move", "captured", "aside",
        "closed", "sown", "round", "starter", "last", "history", "rounds",
    )

    n: int
    rules: BechiRules
    limit: int
    round_limit: int
    board: tuple[int, ...]
    phase: str
    to_move: int | None
    captured: tuple[int, int]
    aside: tuple[int, int]
    closed: int
    sown: int
    round: int
    starter: int | None
    last: tuple[Any, ...] | None
    history: tuple[tuple[int, ...], ...]
    rounds: tuple[tuple[int, int, int], ...]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("BechiState is immutable")

    def _fields(self) -> tuple[Any, ...]:
        return tuple(self.__dict__[f] for f in BechiState.FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BechiState):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"BechiState({json.dumps(self.to_json(), sort_keys=True)})"

    @property
    def options(self) -> dict[str, Any]:
        r = self.rules
        return {"holes": self.n, "round_one": r.round_one, "origin_counts_as_moved": r.origin,
                "chain_skips_left_empty": r.chain_skip, "shu_house_rule": r.shu,
                "repetition_limit": self.limit, "round_repetition_limit": self.round_limit}

    def rows(self) -> list[list[int]]:
        n = self.n
        return [list(self.board[:n]), list(self.board[n:])]

    def _mask_rows(self, mask: int) -> list[list[bool]]:
        n = self.n
        return [[bool(mask >> (r * n + i) & 1) for i in range(n)] for r in (0, 1)]

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant_key,
            "options": self.options,
            "phase": self.phase,
            "to_move": self.to_move,
            "round": self.round,
            "starter": self.starter,
            "rows": self.rows(),
            "closed": self._mask_rows(self.closed),
            "sown": self._mask_rows(self.sown),
            "captured": list(self.captured),
            "aside": list(self.aside),
            "last_move": _last_move_json(self.n, self.last),
            "history": [[k[-1], list(k[: self.n]), list(k[self.n : -1])] for k in self.history],
            "rounds": [list(k) for k in self.rounds],
        }


_new_state = object.__new__
_set = object.__setattr__


def make_state(
    n: int, rules: BechiRules, limit: int, round_limit: int, board: tuple[int, ...], phase: str, to_move: int | None,
    captured: tuple[int, int], aside: tuple[int, int], closed: int, sown: int, round_: int,
    starter: int | None, last: tuple[Any, ...] | None, history: tuple[tuple[int, ...], ...],
    rounds: tuple[tuple[int, int, int], ...],
) -> BechiState:
    # One dict for all the fields: the quickest way to build an immutable object in Python.
    s = _new_state(BechiState)
    _set(s, "__dict__", {
        "n": n, "rules": rules, "limit": limit, "round_limit": round_limit, "board": board, "phase": phase,
        "to_move": to_move, "captured": captured, "aside": aside, "closed": closed, "sown": sown,
        "round": round_, "starter": starter, "last": last, "history": history, "rounds": rounds,
    })
    return s


# -- last_move ---------------------------------------------------------------------------------
# Kept as a tuple while playing and turned into JSON only when asked:
#   ("sow", side, hole, step, path, captures, forfeits, passed, round_end)
#   ("leave_empty", side, holes, passed, round_end)
#   ("lot", side): the lot for who starts round one
# with path a tuple of ring positions, captures/forfeits tuples of (position, count) and
# round_end None or (reason, taken, totals, game_over).


def _where(n: int, p: int) -> list[int]:
    return [p // n, p % n]


def _round_end_json(end: tuple[Any, ...] | None) -> dict[str, Any] | None:
    if end is None:
        return None
    reason, taken, totals, game_over = end
    return {"reason": reason, "taken": list(taken), "totals": list(totals), "game_over": game_over}


def _last_move_json(n: int, last: tuple[Any, ...] | None) -> dict[str, Any] | None:
    if last is None:
        return None
    if last[0] == LOT:
        return {"kind": LOT, "side": last[1]}
    if last[0] == LEAVE_EMPTY:
        _, side, holes, passed, end = last
        return {"kind": LEAVE_EMPTY, "side": side, "leave_empty": list(holes), "pass": passed,
                "round_ended": _round_end_json(end)}
    _, side, hole, step, path, captures, forfeits, passed, end = last
    return {
        "kind": SOW,
        "side": side,
        "hole": hole,
        "direction": DIRECTION_NAMES[step],
        "path": [_where(n, p) for p in path],
        "captures": [[*_where(n, p), c] for p, c in captures],
        "forfeits": [[*_where(n, p), c] for p, c in forfeits],
        "pass": passed,
        "round_ended": _round_end_json(end),
    }


def can_move(board: tuple[int, ...] | list[int], n: int, side: int) -> bool:
    return max(board[side * n : side * n + n]) >= 2


# -- reading ---------------------------------------------------------------------------------
JSON_FIELDS = (
    "variant", "options", "phase", "to_move", "round", "starter", "rows", "closed", "sown",
    "captured", "aside", "last_move", "history", "rounds",
)


def _int(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if type(value) is int and (lo is None or lo <= value) and (hi is None or value <= hi):
        return value  # the usual case, at once (every stored state is read through here)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(f"{where} must be a whole number, got {brief(value)}")
    if lo is not None and value < lo:
        raise InvalidState(f"{where} must be at least {lo}, got {value}" if lo else f"{where} is negative ({value})")
    if hi is not None and value > hi:
        raise InvalidState(f"{where} must be at most {hi}, got {value}")
    return value


def _side(value: Any, where: str) -> int:
    if isinstance(value, bool) or value not in (0, 1):
        raise InvalidState(f"{where} must be 0 or 1, got {brief(value)}")
    return int(value)


def _list(value: Any, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidState(f"{where} must be a list, got {brief(value)}")
    if length is not None and len(value) != length:
        raise InvalidState(f"{where} must have {length} entries, got {len(value)}")
    return value


def _pair(data: Mapping[str, Any], name: str) -> tuple[int, int]:
    if name not in data:
        return (0, 0)
    a, b = _list(data[name], name, 2)
    return (_int(a, f"{name}[0]", 0), _int(b, f"{name}[1]", 0))


def _rows(value: Any, where: str, n: int) -> list[list[Any]]:
    rows = _list(value, where, 2)
    for r in (0, 1):
        _list(rows[r], f"{where}[{r}]", n)
    return rows


def _mask(data: Mapping[str, Any], name: str, n: int) -> int:
    if name not in data:
        return 0
    rows = _rows(data[name], name, n)
    mask = 0
    for r in (0, 1):
        for i, v in enumerate(rows[r]):
            if not isinstance(v, bool):
                raise InvalidState(f"{name}[{r}][{i}] must be true or false, got {brief(v)}")
            if v:
                mask |= 1 << (r * n + i)
    return mask


def _holes_of(n: int, mask: int, side: int) -> int:
    return (mask >> (side * n)) & ((1 << n) - 1)


def read_state(variant: Variant, data: Mapping[str, Any] | str) -> BechiState:
    """Read a state for ``variant`` (whose options and key it checks); see ``Bechi.state_from_json``."""
    data = state_mapping(data)
    unknown = sorted(set(data) - set(JSON_FIELDS))
    if unknown:
        raise InvalidState(f"{unknown[0]}: not a field of a Béchi state (known: {', '.join(JSON_FIELDS)})")
    if data.get("variant", variant.key) != variant.key:
        raise InvalidState(f"variant: this is {variant.key}, not {brief(data['variant'])}")
    if "rows" not in data:
        raise InvalidState("rows: missing (two lists of counts, side 0's holes then side 1's)")
    rows = _list(data["rows"], "rows", 2)
    for r in (0, 1):
        _list(rows[r], f"rows[{r}]")
    try:
        given = data.get("options")
        if given is None:
            given = {"holes": len(rows[0])} if len(rows[0]) in (3, 4) else {}
        options = variant.validate_options(given)
    except InvalidOptions as exc:
        raise InvalidState(f"options: {exc}") from None
    n = options["holes"]
    _rows(rows, "rows", n)
    board = tuple(_int(v, f"rows[{r}][{i}]", 0) for r in (0, 1) for i, v in enumerate(rows[r]))
    captured, aside = _pair(data, "captured"), _pair(data, "aside")
    closed, sown = _mask(data, "closed", n), _mask(data, "sown", n)
    total = sum(board) + sum(captured) + sum(aside)
    if total != 2 * n * PER_HOLE:  # BE-9
        raise InvalidState(
            f"rows: the board, captured and aside hold {total} counters, not {2 * n * PER_HOLE} (BE-9)"
        )
    round_ = _int(data.get("round", 1), "round", 1, 10 ** 6)
    phase = data.get("phase", SOW)
    if phase not in PHASES:
        raise InvalidState(f'phase must be "lot", "sow", "leave_empty" or "over", got {brief(phase)}')
    rules = BechiRules.of(options)
    if phase == LOT:
        return _read_lot(data, n, rules, options, board, round_)
    fixed = {"side0": 0, "side1": 1}.get(rules.round_one)
    default_starter = (round_ - 1) % 2 if fixed is None else (fixed + round_ - 1) % 2
    starter = _side(data.get("starter", default_starter), "starter")
    if round_ == 1 and fixed is not None and starter != fixed:
        raise InvalidState(f"starter: with round_one {rules.round_one!r} side {fixed} starts round 1, not side {starter}")

    for p in range(2 * n):
        r, i = divmod(p, n)
        if closed >> p & 1 and board[p]:
            raise InvalidState(f"closed[{r}][{i}]: a hole left empty holds {board[p]} counter(s) (BE-7)")
        if closed >> p & 1 and sown >> p & 1:
            raise InvalidState(f"sown[{r}][{i}]: nobody sows from a hole left empty (BE-7)")
    if _holes_of(n, closed, 0) and _holes_of(n, closed, 1):
        raise InvalidState("closed: only one side can be short of counters in a round (BE-7, BE-9)")
    for s in (0, 1):
        if _holes_of(n, closed, s) == (1 << n) - 1:
            raise InvalidState(f"closed[{s}]: side {s} has every hole left empty, so the game is over (BE-8)")
        if _holes_of(n, closed, s) and aside[s] >= PER_HOLE:
            # BE-7: a side leaves holes empty only when it cannot fill them, so what it set aside
            # is less than one hole's six.
            raise InvalidState(
                f"aside[{s}]: side {s} has {aside[s]} counters aside, enough to fill a hole it left empty (BE-7)"
            )

    history: tuple[tuple[int, ...], ...] = ()
    if phase == SOW:
        to_move = _side(data.get("to_move", starter), "to_move")
        if not can_move(board, n, to_move):
            if can_move(board, n, 1 - to_move):
                raise InvalidState(f"to_move: side {to_move} cannot move, so side {1 - to_move} would be to move (BE-6)")
            raise InvalidState("rows: neither side can move, so the round is over (BE-6)")
        key = board + (to_move,)
        history = _history(data.get("history", []), n)
        if not history or history[-1] != key:
            history += (key,)
        if history.count(key) >= options["repetition_limit"]:
            raise InvalidState(f"history: the position has occurred {history.count(key)} times, so the round is over")
    else:
        if data.get("history"):
            raise InvalidState(f"history: only a sowing position has a history, not phase {phase!r}")
        if sown or closed:
            raise InvalidState(f"sown/closed: no hole is sown from or left empty in phase {phase!r}")
        if phase == LEAVE_EMPTY and any(captured):
            raise InvalidState("captured: nothing is captured before a round starts; count it in aside")
    if phase == LEAVE_EMPTY:
        to_move = _side(data.get("to_move", starter), "to_move")
        filled, _ = fill(aside[to_move], n, PER_HOLE)
        if not 1 <= filled < n:
            raise InvalidState(
                f"aside[{to_move}]: side {to_move} has {aside[to_move]} counters, so has no holes to choose (BE-7)"
            )
        if any(board[to_move * n : to_move * n + n]):
            raise InvalidState(f"rows[{to_move}]: the side choosing holes to leave empty has not filled any yet")
        other = 1 - to_move
        if any(c != PER_HOLE for c in board[other * n : other * n + n]):
            raise InvalidState(f"rows[{other}]: the other side's holes hold six each at the start of a round (BE-7)")
    elif phase == OVER:
        if data.get("to_move") is not None:
            raise InvalidState("to_move: nobody moves once the game is over")
        to_move = None
        if any(board):
            raise InvalidState("rows: the board is empty once the game is over (BE-6)")
    rounds = _rounds(data.get("rounds", []), 2 * n * PER_HOLE)
    if len(rounds) > round_ + 1:  # a round's start is noted as it begins, and one more as the game ends
        raise InvalidState(f"rounds: {len(rounds)} round starts, but this is round {round_}")
    if phase != OVER and rounds and max(rounds.count(k) for k in set(rounds)) >= options["round_repetition_limit"]:
        raise InvalidState(
            f"rounds: a round has started alike {max(rounds.count(k) for k in set(rounds))} times, so the game is over "
            f"(round_repetition_limit {options['round_repetition_limit']})"
        )
    if phase == OVER and min(captured[0] + aside[0], captured[1] + aside[1]) >= PER_HOLE:
        if not rounds or rounds.count(rounds[-1]) < options["round_repetition_limit"]:
            raise InvalidState("phase: both sides can still fill a hole and no round has repeated, so the game is not over (BE-8)")
    last = _last_move(data.get("last_move"), n)
    return make_state(n, rules, options["repetition_limit"], options["round_repetition_limit"], board,
                 phase, to_move, captured, aside, closed, sown, round_, starter, last, history, rounds)


def _read_lot(
    data: Mapping[str, Any], n: int, rules: BechiRules, options: Mapping[str, Any], board: tuple[int, ...], round_: int
) -> BechiState:
    """Phase ``lot``: the game has not begun; the lot for round one is due."""
    if rules.round_one != "lot":
        raise InvalidState(f"phase: no lot is drawn with round_one {rules.round_one!r}")
    if round_ != 1:
        raise InvalidState("round: the lot is drawn before round 1")
    if any(c != PER_HOLE for c in board):
        raise InvalidState("rows: before the lot every hole holds six counters (BE-1)")
    for name in ("to_move", "starter", "last_move"):
        if data.get(name) is not None:
            raise InvalidState(f"{name}: must be null before the lot is drawn")
    for name in ("history", "rounds"):
        if data.get(name):
            raise InvalidState(f"{name}: must be empty before the lot is drawn")
    for name in ("closed", "sown"):
        if name in data:
            _mask(data, name, n)
            if _mask(data, name, n):
                raise InvalidState(f"{name}: no hole is sown from or left empty before the lot is drawn")
    return make_state(n, rules, options["repetition_limit"], options["round_repetition_limit"], board,
                      LOT, None, (0, 0), (0, 0), 0, 0, 1, None, None, (), ())


def _rounds(value: Any, total: int) -> tuple[tuple[int, int, int], ...]:
    keys = []
    for k, entry in enumerate(_list(value, "rounds")):
        a, b, starter = _list(entry, f"rounds[{k}]", 3)
        key = (_int(a, f"rounds[{k}][0]", 0), _int(b, f"rounds[{k}][1]", 0), _side(starter, f"rounds[{k}][2]"))
        if key[0] + key[1] != total:
            raise InvalidState(f"rounds[{k}]: the two sides' counters add up to {key[0] + key[1]}, not {total} (BE-9)")
        keys.append(key)
    return tuple(keys)


def _history(value: Any, n: int) -> tuple[tuple[int, ...], ...]:
    keys = []
    for k, entry in enumerate(_list(value, "history")):
        where = f"history[{k}]"
        to_move, r0, r1 = _list(entry, where, 3)
        cells = []
        for r, row in enumerate((r0, r1)):
            cells += [_int(v, f"{where}[{r + 1}][{i}]", 0) for i, v in enumerate(_list(row, f"{where}[{r + 1}]", n))]
        keys.append(tuple(cells) + (_side(to_move, f"{where}[0]"),))
    return tuple(keys)


def _where_list(value: Any, where: str, n: int, counted: bool) -> tuple[Any, ...]:
    out = []
    for k, cell in enumerate(_list(value, where)):
        cell = _list(cell, f"{where}[{k}]", 3 if counted else 2)
        r, i = _side(cell[0], f"{where}[{k}][0]"), _int(cell[1], f"{where}[{k}][1]", 0, n - 1)
        out.append((r * n + i, _int(cell[2], f"{where}[{k}][2]", 1)) if counted else r * n + i)
    return tuple(out)


def _last_move(value: Any, n: int) -> tuple[Any, ...] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise InvalidState("last_move must be null or an object")
    passed = value.get("pass")
    if passed is not None:
        passed = _side(passed, "last_move.pass")
    end = value.get("round_ended")
    if end is not None:
        if not isinstance(end, Mapping) or not isinstance(end.get("reason"), str) or end["reason"] not in ("no-moves", "repetition"):
            raise InvalidState('last_move.round_ended must be null or {"reason": "no-moves"|"repetition", ...}')
        taken = _list(end.get("taken"), "last_move.round_ended.taken", 2)
        totals = _list(end.get("totals"), "last_move.round_ended.totals", 2)
        game_over = end.get("game_over")
        if not isinstance(game_over, bool):
            raise InvalidState("last_move.round_ended.game_over must be true or false")
        end = (
            end["reason"],
            tuple(_int(v, "last_move.round_ended.taken", 0) for v in taken),
            tuple(_int(v, "last_move.round_ended.totals", 0) for v in totals),
            game_over,
        )
    side = _side(value.get("side"), "last_move.side")
    kind = value.get("kind")
    if kind == LOT:
        return (LOT, side)
    if kind == LEAVE_EMPTY:
        holes = tuple(_int(h, "last_move.leave_empty", 0, n - 1) for h in _list(value.get("leave_empty"), "last_move.leave_empty"))
        return (LEAVE_EMPTY, side, holes, passed, end)
    if kind != SOW:
        raise InvalidState('last_move.kind must be "sow" or "leave_empty"')
    hole = _int(value.get("hole"), "last_move.hole", 0, n - 1)
    if not isinstance(value.get("direction"), str) or value["direction"] not in DIRECTIONS:
        raise InvalidState('last_move.direction must be "clockwise" or "anticlockwise"')
    path = _where_list(value.get("path"), "last_move.path", n, counted=False)
    captures = _where_list(value.get("captures", []), "last_move.captures", n, counted=True)
    forfeits = _where_list(value.get("forfeits", []), "last_move.forfeits", n, counted=True)
    return (SOW, side, hole, DIRECTIONS[value["direction"]], path, captures, forfeits, passed, end)
