"""Reading a tables state back from JSON, refusing what is malformed or breaks the rules.

Every key ``state_json`` writes is read; the keys that only describe (``position_id``,
``pips``, ``geometry``, ``passed``, ``match_to``) are checked against the rest when present.
A position may be written by hand: the turn keys (``played``, ``last_turn``, ``rolls``,
``hit_in_home``, ``head_left``, ``cascade``) may be left out.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.engine.core import EngineError, InvalidState, state_mapping
from games.engine.tables import positionid
from games.engine.tables.moves import can_play_all, playable_dice, to_mover

if TYPE_CHECKING:
    from games.engine.tables.game import TablesState, TablesVariant

REQUIRED = ("variant", "options", "phase", "to_move", "checkers", "dice", "score")


def _int(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(f"{where} must be a whole number, got {json.dumps(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise InvalidState(f"{where} must be between {lo} and {hi}, got {value}")
    return value


def _ints(value: Any, where: str, lo: int, hi: int, length: int | None = None) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise InvalidState(f"{where} must be a list, got {json.dumps(value)}")
    if length is not None and len(value) != length:
        raise InvalidState(f"{where} must have {length} entries, not {len(value)}")
    return tuple(_int(v, f"{where}[{i}]", lo, hi) for i, v in enumerate(value))


def _pair(value: Any, where: str) -> tuple[int, int] | None:
    if value is None:
        return None
    return _ints(value, where, 1, 6, 2)  # type: ignore[return-value]


def read_state(variant: TablesVariant, data: Mapping[str, Any] | str) -> TablesState:
    from games.engine.tables.game import PHASES, TablesState

    data = state_mapping(data)
    for key in REQUIRED:
        if key not in data:
            raise InvalidState(f"state is missing {key!r}")
    if data["variant"] != variant.key:
        raise InvalidState(f"variant is {data['variant']!r}, not {variant.key!r}")
    try:
        opts = variant.validate_options(data["options"])
    except EngineError as exc:
        raise InvalidState(f"options: {exc}") from None
    rules = variant.rules(opts)
    phase = data["phase"]
    if phase not in PHASES:
        raise InvalidState(f"phase must be one of {', '.join(PHASES)}, got {json.dumps(phase)}")
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

    dice_all = _ints(data["dice"], "dice", 1, 6)
    score = _ints(data["score"], "score", 0, None, 2)
    roll = _pair(data.get("roll"), "roll")
    opening = _pair(data.get("opening"), "opening")
    game = _int(data.get("game", 1), "game", 1)
    match_to = opts["match_to"]
    if "match_to" in data and data["match_to"] != match_to:
        raise InvalidState(f"match_to is {data['match_to']!r} but options say {match_to}")
    if phase == "over":
        if max(score) < match_to:
            raise InvalidState(f"phase is 'over' but nobody has {match_to} points")
    elif max(score) >= match_to:
        raise InvalidState(f"score {list(score)} already decides a match to {match_to}")

    cube = None
    cd = data.get("cube")
    if variant._cube_on(opts):
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
    if phase == "cube" and (cube is None or not variant._may_double(_fake(cube), to_move)):
        raise InvalidState("phase 'cube' but the side to move may not double")
    if phase == "take" and cube is None:
        raise InvalidState("phase 'take' needs a cube")

    last_game = data.get("last_game")
    lg = None
    if last_game is not None:
        if not isinstance(last_game, Mapping):
            raise InvalidState("last_game must be null or an object")
        lg = (
            _int(last_game.get("winner"), "last_game.winner", 0, 1),
            _int(last_game.get("points"), "last_game.points", 1, None),
            str(last_game.get("how")),
        )
    if phase == "over" and lg is None:
        raise InvalidState("phase 'over' needs last_game")

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
    rolls = _ints(data.get("rolls", [0, 0]), "rolls", 0, None, 2)
    hitters = tuple(sorted(_ints(data.get("hit_in_home", []), "hit_in_home", 1, 6)))
    head_left = data.get("head_left")
    if variant.head_rule and phase == "move":
        if head_left is None:
            head_left = 2 if checkers[to_move][24] == 15 and roll in ((6, 6), (4, 4)) else 1
        head_left = _int(head_left, "head_left", 0, 2)
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
        last_turn = (_int(lt.get("side"), "last_turn.side", 0, 1), lr, str(lt.get("play", "")), bool(lt.get("passed")))

    state = TablesState(
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
    )
    if phase == "move":
        if not dice:
            raise InvalidState("phase 'move' needs dice to play")
        me, op, _ = variant._position(state)
        ctx = variant._ctx(state)
        if not can_play_all(rules, me, op, dice, ctx):
            # a hand-written position: the rule "play as much as possible" cuts the dice
            can = playable_dice(rules, me, op, dice, ctx)
            if not can:
                raise InvalidState(f"dice {list(dice)}: nothing can be played, so the turn is over")
            state = _replace(state, dice=can)
    if "position_id" in data:
        side = to_move if to_move is not None else 0
        want = positionid.encode([list(checkers[1 - side][1:26]), list(checkers[side][1:26])])
        if data["position_id"] != want:
            raise InvalidState(f"position_id {data['position_id']!r} does not match checkers (expected {want!r})")
    return state


def _replace(state: TablesState, **kw: Any) -> TablesState:
    from dataclasses import replace

    return replace(state, **kw)


class _fake:
    def __init__(self, cube: tuple[int, int | None]) -> None:
        self.cube = cube
