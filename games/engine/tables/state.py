"""The tables state: its type, and its JSON both ways.

The engine (``game.py``) builds and moves states; this module owns what a state *is*, how it is
written (:func:`write_state`) and how it is read back (:func:`read_state`), refusing what is
malformed or breaks the rules. It imports only the core and the move generator, never the
engine, so the family has no import circle.

Every key :func:`write_state` writes is read; the keys that only describe (``position_id``,
``pips``, ``geometry``, ``passed``, ``match_to``) are checked against the rest when present.
A position may be written by hand: the turn keys (``played``, ``last_turn``, ``rolls``,
``hit_in_home``, ``head_left``, ``cascade``, ``crawford_game``) may be left out.
``crawford_game`` (true while the game is the Crawford game of option ``crawford``, played
without the cube) is checked against the score and the cube. Positions no game reaches are
refused naming the field: a six-block nobody has passed (SS-6), checkers borne off while others
are outside home in a game without hitting, dice that are not what is left of ``roll``, more
dice than the rules give (four; a Gul Bara cascade 24), ``hit_in_home`` on a point without the
mover's checker, a take where the taker owns the cube, a finished match whose last winner the
score contradicts.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from games.engine.core import EngineError, InvalidState, State, brief, state_mapping
from games.engine.tables import positionid
from games.engine.tables.moves import (
    _MAP_OPPOSITE,
    _MAP_PARALLEL,
    Counts,
    Rules,
    _Ctx,
    can_play_all,
    expand,
    playable_dice,
    to_mover,
)

__all__ = ["CUBE_MAX", "PHASES", "Ruleset", "TablesState", "may_double", "position_id", "read_state", "write_state"]

PHASES = ("opening", "cube", "roll", "move", "take", "over")
CHANCE_PHASES = ("opening", "roll")
CUBE_MAX = 64  # TN-7: the cube shows 2, 4, 8, 16, 32, 64
REQUIRED = ("variant", "options", "phase", "to_move", "checkers", "dice", "score")


@dataclass(frozen=True)
class TablesState(State):
    """An immutable tables position with everything the rules need to go on from it.

    ``checkers[s]`` is side ``s``'s 26 counts on its own points (``[0]`` off, ``[25]`` bar).
    ``dice`` are the dice the side to move must still play (already cut to what "play as much
    as possible" allows); ``pending`` the rest of a Gul Bara cascade after the current number.
    ``rules`` are the variant's movement rules with its options applied: they follow from
    ``variant`` and ``options``, so they take no part in equality, but carrying them lets a
    state write its own JSON (the position ID depends on the geometry).
    """

    variant: str
    options: tuple[tuple[str, Any], ...]
    phase: str
    to_move: int | None
    checkers: tuple[Counts, Counts]
    dice: tuple[int, ...] = ()
    pending: tuple[int, ...] = ()
    roll: tuple[int, int] | None = None
    opening: tuple[int, int] | None = None
    cube: tuple[int, int | None] | None = None
    score: tuple[int, int] = (0, 0)
    game: int = 1
    last_game: tuple[int, int, str] | None = None
    head_left: int = 0  # SS-5: checkers that may still leave the head this turn
    hitters: tuple[int, ...] = ()  # TN-4: points of checkers that hit in the home quarter
    rolls: tuple[int, int] = (0, 0)  # GB-4: two-dice rolls made by each side this game
    handoff: tuple[int, ...] = ()  # GB-5: numbers the opponent plays after this turn
    remainder: bool = False  # GB-5: the side to move is playing the opponent's remainder
    played: tuple[tuple[int, int, bool], ...] = ()  # this turn's steps so far
    last_turn: tuple[int, tuple[int, ...] | None, str, bool] | None = None  # side, roll, play, passed
    cascade_number: int = 0  # GB-4: the number being played in a cascade (0: no cascade)
    crawford_game: bool = False  # option crawford: this game is played without the cube
    rules: Rules | None = field(default=None, compare=False, repr=False, hash=False)
    _cache: dict = field(init=False, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        if self.rules is None:
            raise TypeError("a TablesState needs its variant's rules (TablesVariant.rules(options))")
        object.__setattr__(self, "_cache", {})  # legal steps, computed once per state

    @property
    def opts(self) -> dict[str, Any]:
        return dict(self.options)

    def to_json(self) -> dict[str, Any]:
        return write_state(self)


class Ruleset(Protocol):
    """What reading a state needs to know of its variant (``TablesVariant`` is one)."""

    key: str
    cascade: bool

    def validate_options(self, options: Any) -> dict[str, Any]: ...

    def rules(self, options: Mapping[str, Any]) -> Rules: ...

    def cube_on(self, options: Mapping[str, Any]) -> bool: ...


def may_double(cube: tuple[int, int | None] | None, side: int | None) -> bool:
    """Whether ``side`` may offer the cube as it stands (TN-7: the owner, or either while centred)."""
    if cube is None:
        return False
    value, owner = cube
    return value < CUBE_MAX and owner in (None, side)


def mover_position(state: TablesState) -> tuple[Counts, Counts]:
    """The position in the side to move's coordinates (``moves``' ``(me, op)``)."""
    rules = state.rules
    assert rules is not None
    side = state.to_move if state.to_move is not None else 0
    return state.checkers[side], to_mover(rules, state.checkers[1 - side])


def turn_context(state: TablesState) -> _Ctx:
    rules = state.rules
    assert rules is not None
    return _Ctx(state.head_left if rules.head_rule else 99, state.hitters)


def position_id(state: TablesState) -> str:
    """The gnubg Position ID, with the side to move (side 0 when nobody is) as the player on roll.

    >>> from games.engine import get_variant
    >>> position_id(get_variant("tables.backgammon").new_game())
    '4HPwATDgc/ABMA'
    """
    side = state.to_move if state.to_move is not None else 0
    me, them = state.checkers[side], state.checkers[1 - side]
    return positionid.encode([list(them[1:26]), list(me[1:26])])


def _pips(c: Counts) -> int:
    return sum(p * c[p] for p in range(1, 26))


# -- writing -------------------------------------------------------------------------------------


def write_state(state: TablesState) -> dict[str, Any]:
    rules = state.rules
    assert rules is not None
    opts = state.opts
    cascade = None
    if state.cascade_number or state.remainder or state.handoff:
        cascade = {
            "number": state.dice[0] if state.dice else (state.pending[0] if state.pending else None),
            "then": sorted(set(state.pending)),
            "remainder": state.remainder,
            "for_opponent": list(state.handoff),
        }
    last_turn = None
    if state.last_turn is not None:
        ls, lr, lp, passed = state.last_turn
        last_turn = {"side": ls, "roll": list(lr) if lr else None, "play": lp, "passed": passed}
    return {
        "variant": state.variant,
        "options": opts,
        "phase": state.phase,
        # The side due to roll is named too: the board shows whose roll it is.
        "to_move": None if state.phase in ("opening", "over") else state.to_move,
        "checkers": [list(state.checkers[0]), list(state.checkers[1])],
        "dice": list(state.dice + state.pending),
        "roll": list(state.roll) if state.roll else None,
        "opening": list(state.opening) if state.opening else None,
        "cube": {"value": state.cube[0], "owner": state.cube[1]} if state.cube else None,
        "score": list(state.score),
        "match_to": opts["match_to"],
        "game": state.game,
        "last_game": (
            {"winner": state.last_game[0], "points": state.last_game[1], "how": state.last_game[2]}
            if state.last_game
            else None
        ),
        "geometry": rules.geometry,
        "position_id": position_id(state),
        "pips": [_pips(state.checkers[0]), _pips(state.checkers[1])],
        "cascade": cascade,
        "head_left": state.head_left if rules.head_rule and state.phase == "move" else None,
        "hit_in_home": list(state.hitters),
        "rolls": list(state.rolls),
        "crawford_game": state.crawford_game,
        "played": [{"from": p, "to": t, "hit": h} for p, t, h in state.played],
        "last_turn": last_turn,
        "passed": bool(last_turn and last_turn["passed"]),
    }


# -- reading -------------------------------------------------------------------------------------


def _int(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if type(value) is int and (lo is None or lo <= value) and (hi is None or value <= hi):
        return value  # the usual case, at once (every stored state is read through here)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(f"{where} must be a whole number, got {brief(value)}")
    if lo is not None and hi is not None and not lo <= value <= hi:
        raise InvalidState(f"{where} must be between {lo} and {hi}, got {value}")
    if lo is not None and value < lo:
        raise InvalidState(f"{where} must be at least {lo}, got {value}")
    if hi is not None and value > hi:
        raise InvalidState(f"{where} must be at most {hi}, got {value}")
    return value


def _ints(
    value: Any, where: str, lo: int, hi: int | None, length: int | None = None, most: int | None = None
) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise InvalidState(f"{where} must be a list, got {brief(value)}")
    if length is not None and len(value) != length:
        raise InvalidState(f"{where} must have {length} entries, not {len(value)}")
    if most is not None and len(value) > most:
        raise InvalidState(f"{where} has {len(value)} entries; the rules never give more than {most}")
    # Every stored state comes through here: plain whole numbers within bounds are taken at once;
    # anything else is looked at entry by entry, for the message naming the first one wrong.
    if not value or (set(map(type, value)) == _INT_ONLY and lo <= min(value) and (hi is None or max(value) <= hi)):
        return tuple(value)
    return tuple(_int(v, f"{where}[{i}]", lo, hi) for i, v in enumerate(value))


_INT_ONLY = {int}


def _pair(value: Any, where: str) -> tuple[int, int] | None:
    if value is None:
        return None
    return _ints(value, where, 1, 6, 2)  # type: ignore[return-value]


def read_state(variant: Ruleset, data: Mapping[str, Any] | str) -> TablesState:
    """Read a state written by :func:`write_state` (or by hand) for ``variant``."""
    data = state_mapping(data)
    for key in REQUIRED:
        if key not in data:
            raise InvalidState(f"state is missing {key!r}")
    if data["variant"] != variant.key:
        raise InvalidState(f"variant is {brief(data['variant'])}, not {variant.key!r}")
    try:
        opts = variant.validate_options(data["options"])
    except EngineError as exc:
        raise InvalidState(f"options: {exc}") from None
    rules = variant.rules(opts)
    phase = data["phase"]
    if phase not in PHASES:
        raise InvalidState(f"phase must be one of {', '.join(PHASES)}, got {brief(phase)}")
    to_move = data["to_move"]
    if phase in ("opening", "over"):
        if to_move is not None:
            raise InvalidState(f"to_move must be null in phase {phase!r}")
    else:
        _int(to_move, "to_move", 0, 1)

    ch = data["checkers"]
    if not isinstance(ch, list) or len(ch) != 2:
        raise InvalidState("checkers must be two lists of 26 counts")
    checkers = tuple(_ints(ch[s], f"checkers[{s}]", 0, 15, 26) for s in (0, 1))
    for s in (0, 1):
        total = sum(checkers[s])
        if total != 15:
            raise InvalidState(f"checkers[{s}] must hold 15 checkers, not {total}")
    op = to_mover(rules, checkers[1])
    for p in range(1, 25):
        if checkers[0][p] and op[p]:
            raise InvalidState(f"checkers: side 0's point {p} also holds side 1's checkers")
    if not rules.hitting and (checkers[0][25] or checkers[1][25]):
        raise InvalidState(f"checkers: {variant.key} has no hitting, so the bar must be empty")
    won = [s for s in (0, 1) if checkers[s][0] == 15]
    if won and phase != "over":
        raise InvalidState(f"checkers: side {won[0]} has borne off all 15, so the game is over")
    if len(won) > 1:
        raise InvalidState("checkers: both sides cannot have borne off all 15")

    # at most four dice, or in Gul Bara a whole cascade: four of each number from 1 to 6 (GB-4)
    dice_all = _ints(data["dice"], "dice", 1, 6, most=24 if variant.cascade else 4)
    score = _ints(data["score"], "score", 0, None, 2)
    roll = _pair(data.get("roll"), "roll")
    opening = _pair(data.get("opening"), "opening")
    game = _int(data.get("game", 1), "game", 1)
    match_to = opts["match_to"]
    if "match_to" in data and data["match_to"] != match_to:
        raise InvalidState(f"match_to is {brief(data['match_to'])} but options say {match_to}")
    if phase == "over":
        if max(score) < match_to:
            raise InvalidState(f"phase is 'over' but nobody has {match_to} points")
    elif max(score) >= match_to:
        raise InvalidState(f"score {list(score)} already decides a match to {match_to}")

    cube = None
    cd = data.get("cube")
    if variant.cube_on(opts):
        if not isinstance(cd, Mapping):
            raise InvalidState('cube must be {"value": n, "owner": null|0|1} when the cube is on')
        value = _int(cd.get("value"), "cube.value", 1, 64)
        if value & (value - 1):
            raise InvalidState(f"cube.value must be 1, 2, 4, ... 64, got {value}")
        owner = cd.get("owner")
        if owner is not None:
            _int(owner, "cube.owner", 0, 1)
        if (value == 1) != (owner is None):
            raise InvalidState("cube.owner is null exactly while the cube is on 1")
        cube = (value, owner)
    elif cd is not None:
        raise InvalidState(f"cube must be null: {variant.key} plays without the cube here")
    if phase == "cube" and (cube is None or not may_double(cube, to_move)):
        raise InvalidState("phase 'cube' but the side to move may not double")
    if phase == "take" and cube is None:
        raise InvalidState("phase 'take' needs a cube")
    if phase == "take" and not may_double(cube, 1 - to_move):
        raise InvalidState(
            f"cube.owner: side {to_move} owns the cube, so side {1 - to_move} cannot have doubled (TN-7)"
        )
    crawford = data.get("crawford_game", False)
    if not isinstance(crawford, bool):
        raise InvalidState(f"crawford_game must be true or false, got {brief(crawford)}")
    if crawford:
        if not opts.get("crawford") or cube is None:
            raise InvalidState("crawford_game: only with the cube and the option crawford on")
        if match_to - 1 not in score:
            raise InvalidState(f"crawford_game: nobody is one point from {match_to}, so this is no Crawford game")
        if cube != (1, None) or phase in ("cube", "take"):
            raise InvalidState("crawford_game: the Crawford game is played without the cube")

    last_game = data.get("last_game")
    lg = None
    if last_game is not None:
        if not isinstance(last_game, Mapping):
            raise InvalidState("last_game must be null or an object")
        how = last_game.get("how")
        if not isinstance(how, str) or not how or len(how) > 40:
            raise InvalidState(f"last_game.how must name the kind of win, got {brief(how)}")
        lg = (
            _int(last_game.get("winner"), "last_game.winner", 0, 1),
            _int(last_game.get("points"), "last_game.points", 1, 64 * 3),
            how,
        )
    if phase == "over" and lg is None:
        raise InvalidState("phase 'over' needs last_game")
    if phase == "over":
        assert lg is not None
        if score[lg[0]] < match_to:
            raise InvalidState(
                f"last_game.winner: side {lg[0]} won the last game, but side {1 - lg[0]} has the match's {match_to} points"
            )
        if lg[2] != "drop" and checkers[lg[0]][0] != 15:
            raise InvalidState(f"last_game.winner: side {lg[0]} won by bearing off but has not borne off all 15")

    # the turn in progress
    cascade = data.get("cascade")
    dice, pending = dice_all, ()
    remainder = False
    handoff: tuple[int, ...] = ()
    number = 0
    if cascade is not None:
        if not variant.cascade or not isinstance(cascade, Mapping):
            raise InvalidState("cascade must be null here")
        remainder = bool(cascade.get("remainder", False))
        handoff = _ints(cascade.get("for_opponent", []), "cascade.for_opponent", 1, 6)
        k = 0
        while k < len(dice_all) and dice_all[k] == dice_all[0]:
            k += 1
        dice, pending = dice_all[:k], dice_all[k:]
        if not remainder and dice:
            number = dice[0]
    if phase != "move" and dice_all:
        raise InvalidState(f"dice must be empty in phase {phase!r}")
    if cascade is None:
        if len(dice_all) > 2 and len(set(dice_all)) > 1:
            raise InvalidState(f"dice {list(dice_all)}: more than two dice are a double's, all one number")
        if roll is not None and phase == "move" and not _sub_multiset(dice_all, expand(roll)):
            raise InvalidState(f"dice {list(dice_all)} are not what is left of the roll {list(roll)}")
    elif roll is not None and not remainder and dice and (roll[0] != roll[1] or dice[0] < roll[0]):
        raise InvalidState(f"cascade: a cascade follows a double, from its number up, not the roll {list(roll)}")
    rolls = _ints(data.get("rolls", [0, 0]), "rolls", 0, None, 2)
    hitters = tuple(sorted(_ints(data.get("hit_in_home", []), "hit_in_home", 1, 6, most=4)))
    if hitters and (phase != "move" or not rules.home_hit_restriction):
        raise InvalidState("hit_in_home: only while a move is played under the home-hit restriction (TN-4)")
    for p in hitters:
        if not checkers[to_move][p]:
            raise InvalidState(f"hit_in_home: side {to_move} has no checker on point {p} to have hit from")
    head_left = data.get("head_left")
    if rules.head_rule and phase == "move":
        if head_left is None:
            head_left = 2 if checkers[to_move][24] == 15 and roll in ((6, 6), (4, 4)) else 1
        head_left = _int(head_left, "head_left", 0, 2)
        from_head = sum(1 for st in data.get("played", []) or [] if isinstance(st, Mapping) and st.get("from") == 24)
        first = checkers[to_move][24] + from_head == 15 and roll in ((6, 6), (4, 4))
        if head_left + from_head > (2 if first else 1):
            raise InvalidState(
                "head_left: two checkers leave the head only on a player's first throw, of 6-6 or 4-4 (SS-5)"
            )
    else:
        head_left = 0
    played = []
    for i, st in enumerate(data.get("played", []) or []):
        if not isinstance(st, Mapping):
            raise InvalidState(f"played[{i}] must be an object")
        played.append((_int(st.get("from"), f"played[{i}].from", 0, 25), _int(st.get("to"), f"played[{i}].to", 0, 25), bool(st.get("hit"))))
    lt = data.get("last_turn")
    last_turn = None
    if lt is not None:
        if not isinstance(lt, Mapping):
            raise InvalidState("last_turn must be null or an object")
        lr = _pair(lt.get("roll"), "last_turn.roll")
        play = lt.get("play", "")
        if not isinstance(play, str) or len(play) > 200:
            raise InvalidState(f"last_turn.play must be the play's notation, got {brief(play)}")
        last_turn = (_int(lt.get("side"), "last_turn.side", 0, 1), lr, play, bool(lt.get("passed")))

    _check_reachable(variant, rules, checkers)
    state = TablesState(
        crawford_game=crawford,
        variant=variant.key,
        options=tuple(sorted(opts.items())),
        phase=phase,
        to_move=to_move,
        checkers=checkers,  # type: ignore[arg-type]
        dice=dice,
        pending=pending,
        roll=roll,
        opening=opening,
        cube=cube,
        score=score,  # type: ignore[arg-type]
        game=game,
        last_game=lg,
        head_left=head_left,
        hitters=hitters,
        rolls=rolls,  # type: ignore[arg-type]
        handoff=handoff,
        remainder=remainder,
        played=tuple(played),
        last_turn=last_turn,
        cascade_number=number,
        rules=rules,
    )
    if phase == "move":
        if not dice:
            raise InvalidState("phase 'move' needs dice to play")
        me, op = mover_position(state)
        ctx = turn_context(state)
        if not can_play_all(rules, me, op, dice, ctx):
            # a hand-written position: the rule "play as much as possible" cuts the dice
            can = playable_dice(rules, me, op, dice, ctx)
            if not can:
                raise InvalidState(f"dice {list(dice)}: nothing can be played, so the turn is over")
            state = replace(state, dice=can)
    if "position_id" in data:
        side = to_move if to_move is not None else 0
        want = positionid.encode([list(checkers[1 - side][1:26]), list(checkers[side][1:26])])
        if data["position_id"] != want:
            raise InvalidState(f"position_id {data['position_id']!r} does not match checkers (expected {want!r})")
    return state


def _sub_multiset(part: tuple[int, ...], whole: tuple[int, ...]) -> bool:
    rest = list(whole)
    for d in part:
        if d not in rest:
            return False
        rest.remove(d)
    return True


def _check_reachable(variant: Ruleset, rules: Rules, checkers: tuple[Counts, Counts]) -> None:
    """Positions no game reaches: refused naming the side's checkers."""
    for s in (0, 1):
        mine = checkers[s]
        if not rules.hitting and mine[0] and any(mine[p] for p in range(7, 26)):
            # SB-6/SS-8: bearing off starts with all fifteen home, and nothing sends one back
            raise InvalidState(
                f"checkers[{s}]: side {s} has borne off {mine[0]} but has checkers outside its home quarter"
            )
        if rules.hitting and mine[0] and mine[25] + sum(mine[7:25]) > 15 - mine[0]:
            raise InvalidState(f"checkers[{s}]: more checkers than side {s} has")  # pragma: no cover - sums checked
    if rules.six_block:
        # SS-6: a six-block stands only with an opposing checker past it
        m = _MAP_OPPOSITE if rules.geometry == "opposite" else _MAP_PARALLEL
        for s in (0, 1):
            me = checkers[s]
            op = to_mover(rules, checkers[1 - s])
            run = 0
            for q in range(1, 25):  # along the opponent's route, his 1 to his 24
                run = run + 1 if me[m[q]] else 0
                if run >= 6:
                    lowest = q - 5
                    if not op[0] and not any(op[m[x]] for x in range(1, lowest)):
                        raise InvalidState(
                            f"checkers[{s}]: side {s} holds six points in a row that no opposing checker has passed (SS-6)"
                        )
