"""The tables engine: one state machine for the whole family, variants as rule sets.

A game runs through phases: ``opening`` (chance: each side's single die), ``cube`` (the side to
move decides ``{"double": true|false}``), ``roll`` (chance: the two dice), ``move`` (the side to
move plays single steps), ``take`` (the doubled side answers) and, once the match is decided,
``over``. A finished game inside a match is recorded in ``last_game`` and the next game's
``opening`` follows.

>>> from games.engine import get_variant
>>> v = get_variant("tables.shesh-besh")
>>> s = v.apply(v.new_game(), {"opening": [5, 2]})       # SB-2: side 0 starts and throws anew
>>> s.phase, s.to_move
('roll', 0)
>>> s = v.apply(s, {"roll": [3, 1]})
>>> len(v.legal_actions(s)), s.to_json()["dice"]
(7, [3, 1])
>>> s = v.apply(s, {"from": 8, "to": 5})
>>> s = v.apply(s, {"from": 6, "to": 5})
>>> s.phase, s.to_move, s.to_json()["last_turn"]["play"]
('roll', 1, '8/5 6/5')
"""
from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property, lru_cache
from typing import IO, Any, ClassVar

from games.engine.core import (
    Action,
    IllegalAction,
    brief,
    InvalidState,
    OptionSpec,
    Outcome,
    Variant,
)
from games.engine.tables import positionid
from games.engine.tables.moves import (
    JUMP,
    NO_CTX,
    START,
    START_HEAD,
    Counts,
    Play,
    Rules,
    _Ctx,
    complete_plays,
    expand,
    first_steps,
    notation,
    playable_dice,
    step_text,
    to_mover,
)
from games.engine.tables.state import CHANCE_PHASES, PHASES, TablesState, may_double, position_id, read_state

__all__ = ["PHASES", "TablesState", "TablesVariant"]


def _other(side: int) -> int:
    return 1 - side


class TablesVariant(Variant):
    """The shared engine; subclasses set the rules of one game (see ``variants.py``)."""

    family: ClassVar[str] = "tables"
    geometry: ClassVar[str] = "opposite"
    hitting: ClassVar[bool] = True
    setup: ClassVar[Counts] = START
    plays_opening_dice: ClassVar[bool] = False  # TN-2 (and backgammon): the starter plays them
    has_cube: ClassVar[bool] = False
    head_rule: ClassVar[bool] = False
    six_block: ClassVar[bool] = False
    cascade: ClassVar[bool] = False
    # the names of a single win, a double win and a triple win (None: no triple)
    wins: ClassVar[tuple[str, str, str | None]] = ("single", "mars", None)

    # -- rules ---------------------------------------------------------------------------------
    def rules(self, options: Mapping[str, Any]) -> Rules:
        return _rules(
            self.geometry,
            self.hitting,
            self.head_rule,
            self.six_block,
            bool(options.get("ses_bes_jump", False)),
            bool(options.get("home_hit_restriction", False)),
            bool(options.get("bearoff_fallback", False)),
            bool(options.get("higher_die", True)),
        )

    # -- clause events (simulations count them; see Variant.clause_events) ----------------------
    @cached_property
    def clause_event_names(self) -> dict[str, tuple[str, str]]:  # type: ignore[override]
        names: dict[str, tuple[str, str]] = {}
        if self.hitting:
            names["hit"] = ("TN-3" if self.key == "tables.takhte-nard" else "SB-4" if self.key == "tables.shesh-besh" else "", "a blot hit and sent to the bar")
        if "home_hit_restriction" in self.options:
            names["home-hit"] = ("TN-4", "a hit in the home quarter, where the hitter's further steps are restricted")
        if self.head_rule:
            names["head-double"] = ("SS-5", "a first throw of 6-6 or 4-4, letting two checkers leave the head")
        if "ses_bes_jump" in self.options:
            names["jump-6-5"] = ("SS-7", "the 6-5 jump from the head to the 13-point")
        if self.cascade:
            names["cascade"] = ("GB-4", "a cascade of doubles up to 6-6")
            names["remainder"] = ("GB-5", "the rest of a cascade handed to the opponent")
        return names

    def roll_events(self, rules: Rules, own: Counts, rolls_before: int, roll: tuple[int, int]) -> dict[str, int]:
        """The clauses a roll brings into play for the side throwing it: ``own`` its counts,
        ``rolls_before`` the rolls counted before it (per GB-4's option). Shared with play-outs."""
        out: dict[str, int] = {}
        if roll[0] == roll[1]:
            if self.head_rule and own[24] == 15 and roll in ((6, 6), (4, 4)):
                out["head-double"] = 1
            if self.cascade and rolls_before >= 3:
                out["cascade"] = 1
        return out

    def step_events(self, rules: Rules, steps: Any) -> dict[str, int]:
        """The clauses the steps ``(from, to, hit)`` of a play bring into play (mover's
        coordinates). Shared with play-outs (games/engine/tables/playout.py)."""
        out: dict[str, int] = {}
        for p, t, hit in steps:
            if hit:
                out["hit"] = out.get("hit", 0) + 1
                if rules.home_hit_restriction and t <= 6:
                    out["home-hit"] = out.get("home-hit", 0) + 1
            if rules.jump and p == 24 and t == 13:
                out["jump-6-5"] = out.get("jump-6-5", 0) + 1
        return out

    def clause_events(self, state: TablesState, action: Action, after: TablesState) -> dict[str, int]:  # type: ignore[override]
        act = Action.from_json(action)
        rules = self.rules(state.opts)
        out: dict[str, int] = {}
        side = state.to_move
        if state.phase == "roll" and "roll" in act and side is not None:
            roll = tuple(act["roll"])
            counted = state.rolls[side] if state.opts.get("cascade_after") == "each_player" else sum(state.rolls)
            out = self.roll_events(rules, state.checkers[side], counted, roll)  # type: ignore[arg-type]
        elif state.phase == "move" and "from" in act and side is not None:
            hit = after.checkers[1 - side][25] > state.checkers[1 - side][25]
            out = self.step_events(rules, [(act["from"], act["to"], hit)])
        if self.cascade and after.remainder and not state.remainder:
            out["remainder"] = 1
        return out

    def cube_on(self, opts: Mapping[str, Any]) -> bool:
        return self.has_cube and bool(opts.get("cube", True))

    def info(self) -> dict[str, Any]:
        out = super().info()
        out["geometry"] = self.geometry
        return out

    # -- the game ------------------------------------------------------------------------------
    def new_game(self, options: Mapping[str, Any] | None = None) -> TablesState:
        """A new match: the first game's opening throw is due.

        >>> from games.engine import get_variant
        >>> s = get_variant("tables.takhte-nard").new_game({"opening": "low"})
        >>> s.phase, s.cube, s.to_json()["position_id"]
        ('opening', (1, None), '4HPwATDgc/ABMA')
        """
        opts = self.validate_options(options)
        return TablesState(
            variant=self.key,
            options=tuple(sorted(opts.items())),
            phase="opening",
            to_move=None,
            checkers=(self.setup, self.setup),
            cube=(1, None) if self.cube_on(opts) else None,
            rules=self.rules(opts),
        )

    def to_move(self, state: TablesState) -> int | None:  # type: ignore[override]
        return None if state.phase in ("opening", "roll", "over") else state.to_move

    def is_chance(self, state: TablesState) -> bool:  # type: ignore[override]
        return state.phase in CHANCE_PHASES

    # -- what the play layer asks (see ``Variant``) ------------------------------------------------
    def turn_is_open(self, state: TablesState) -> bool:  # type: ignore[override]
        """A turn's steps (one checker per die) may be taken back until the turn is confirmed."""
        return state.phase == "move"

    def log_fields(self, state: TablesState) -> dict[str, Any]:  # type: ignore[override]
        """Each logged action records the gnubg Position ID after it, for analysis tools."""
        return {"position_id": position_id(state)}

    def text_help(self) -> dict[str, list[str]]:
        return {
            "moves": ["24/18", "bar/20", "6/off"],
            "commands": ["p 13 (read point 13)", "p bar", "roll", "double", "take", "drop"],
        }

    def draw(self, state: TablesState, rng: random.Random) -> Action:  # type: ignore[override]
        if state.phase == "opening":
            return Action({"opening": [rng.randint(1, 6), rng.randint(1, 6)]})
        if state.phase == "roll":
            return Action({"roll": [rng.randint(1, 6), rng.randint(1, 6)]})
        raise IllegalAction(f"no dice are due in phase {state.phase!r}")

    def outcome(self, state: TablesState) -> Outcome | None:  # type: ignore[override]
        if state.phase != "over" or state.last_game is None:
            return None
        w, pts, how = state.last_game
        return Outcome(w, pts, how, state.score)

    def resign(self, state: TablesState, side: int) -> Outcome:  # type: ignore[override]
        """Resigning gives up the match: the other side is credited the points it still lacked."""
        winner = _other(side)
        points = max(0, state.opts["match_to"] - state.score[winner])
        score = list(state.score)
        score[winner] += points
        return Outcome(winner, points, "resign", (score[0], score[1]))

    # -- legal actions -------------------------------------------------------------------------
    def legal_actions(self, state: TablesState) -> list[Action]:  # type: ignore[override]
        """Every legal action: the 36 throws when dice are due (ties included: they mean throw
        again), the cube decision, the answer to a double, or the legal single steps.

        A step is ``{"from": p, "to": q}``; where the same step can be made with different dice
        and the turn goes on differently (bearing off with an exact or a larger die), each is
        listed with ``"die": n``. ``apply`` takes a step without ``"die"`` too, using the
        smallest die that makes it.
        """
        cached = state._cache.get("actions")
        if cached is not None:
            return list(cached)
        ph = state.phase
        if ph == "opening":
            out = [Action({"opening": [a, b]}) for a in range(1, 7) for b in range(1, 7)]
        elif ph == "roll":
            out = [Action({"roll": [a, b]}) for a in range(1, 7) for b in range(1, 7)]
        elif ph == "cube":
            out = [Action({"double": True}), Action({"double": False})]
        elif ph == "take":
            out = [Action({"take": True}), Action({"drop": True})]
        elif ph == "move":
            steps = self._first_steps(state)
            dice_of: dict[tuple[int, int], list[int]] = {}
            for (p, t, _hit), d, *_ in steps:
                dice_of.setdefault((p, t), []).append(d)
            out = []
            for (p, t), ds in dice_of.items():
                if len(set(ds)) > 1:
                    out.extend(Action({"from": p, "to": t, "die": d}) for d in sorted(set(ds)))
                else:
                    out.append(Action({"from": p, "to": t}))
        else:
            out = []
        state._cache["actions"] = tuple(out)
        return out

    def _position(self, state: TablesState) -> tuple[Counts, Counts, Rules]:
        opts = state.opts
        rules = self.rules(opts)
        side = state.to_move if state.to_move is not None else 0
        me = state.checkers[side]
        op = to_mover(rules, state.checkers[_other(side)])
        return me, op, rules

    def _ctx(self, state: TablesState) -> _Ctx:
        return _Ctx(state.head_left if self.head_rule else 99, state.hitters)

    def _first_steps(self, state: TablesState) -> list:
        cached = state._cache.get("steps")
        if cached is None:
            me, op, rules = self._position(state)
            cached = first_steps(rules, me, op, state.dice, self._ctx(state))
            state._cache["steps"] = cached
        return cached

    def complete_plays(self, state: TablesState) -> list[Play]:
        """Every legal complete play of the dice still to play, as distinct resulting positions
        (mover's coordinates; see ``moves.Play``). In a Gul Bara cascade a complete play covers
        the current number only; the next number is played from the position it leaves.

        >>> from games.engine import get_variant
        >>> v = get_variant("tables.backgammon")
        >>> s = v.apply(v.new_game(), {"opening": [3, 1]})      # side 0 plays 3-1 at once
        >>> sorted(v.play_text(p) for p in v.complete_plays(s))[:4]
        ['13/10 6/5', '13/10 8/7', '13/9', '24/20']
        """
        if state.phase != "move":
            return []
        me, op, rules = self._position(state)
        return complete_plays(rules, me, op, state.dice, self._ctx(state))

    def legal_paths(self, state: TablesState) -> list[list[dict[str, Any]]]:  # type: ignore[override]
        """Every way to take one checker through two or more steps in a row, each step legal
        after the ones before it (so each way is the start of a complete legal play): what the
        board offers as a combined move. A Gul Bara cascade is played number by number, so it
        offers none.

        >>> from games.engine import get_variant
        >>> v = get_variant("tables.shesh-besh")
        >>> s = v.apply(v.apply(v.new_game(), {"opening": [5, 2]}), {"roll": [6, 5]})
        >>> ["/".join(str(n) for n in [p[0]["from"]] + [a["to"] for a in p]) for p in v.legal_paths(s)]
        ['24/18/13', '13/7/2', '13/8/2']
        >>> v.legal_paths(v.apply(v.apply(v.new_game(), {"opening": [5, 2]}), {"roll": [6, 6]}))
        []
        """
        if state.phase != "move" or state.cascade_number or state.remainder or state.handoff:
            return []
        side = state.to_move
        out: list[list[dict[str, Any]]] = []

        def walk(s: TablesState, path: list[dict[str, Any]]) -> None:
            at = path[-1]["to"]
            if at == 0 or s.phase != "move" or s.to_move != side or s.cascade_number:
                return
            for act in self.legal_actions(s):
                if act.get("from") != at:
                    continue
                longer = path + [act.to_json()]
                out.append(longer)
                walk(self.apply(s, act), longer)

        for act in self.legal_actions(state):
            if "from" in act:
                walk(self.apply(state, act), [act.to_json()])
        return out

    @staticmethod
    def play_text(play: Play) -> str:
        """A complete play in standard notation (``24/18 13/11``, ``bar/22*``, ``8/5(2)``)."""
        return notation(play.steps)

    # -- applying actions ----------------------------------------------------------------------
    def apply(self, state: TablesState, action: Action | Mapping[str, Any]) -> TablesState:  # type: ignore[override]
        """The next state; ``IllegalAction`` with the reason if ``action`` is not legal.

        >>> from games.engine import get_variant
        >>> v = get_variant("tables.backgammon")
        >>> s = v.apply(v.new_game(), {"opening": [3, 1]})
        >>> v.apply(s, {"from": 24, "to": 18})
        Traceback (most recent call last):
        ...
        games.engine.core.IllegalAction: 24/18 is not a legal step with 3-1 to play
        """
        act = Action.from_json(action)
        for name, value in act.items():
            # true equals 1 in Python, so {"roll": [true, 2]} would pass for a legal roll
            if isinstance(value, tuple) and any(isinstance(v, bool) for v in value):
                raise IllegalAction(f"{name}: dice are numbers 1..6, not true or false")
            if name in ("double", "take", "drop") and not isinstance(value, bool):
                raise IllegalAction(f"{name} must be true or false, got {brief(value)}")
        if state.phase == "over":
            raise IllegalAction("the match is over")
        ph = state.phase
        if ph == "move" and "from" in act:
            return self._apply_step(state, act)
        if act not in self.legal_actions(state):
            raise IllegalAction(self._why_illegal(state, act))
        if ph == "opening":
            return self._apply_opening(state, tuple(act["opening"]))
        if ph == "roll":
            return self._apply_roll(state, tuple(act["roll"]))
        if ph == "cube":
            if act["double"]:
                return replace(state, phase="take", to_move=_other(state.to_move))
            return replace(state, phase="roll")
        if ph == "take":
            doubler = _other(state.to_move)
            value, _owner = state.cube
            if "take" in act:
                # TN-7: the stake doubles; the taker owns the cube and alone may redouble
                return replace(state, phase="roll", to_move=doubler, cube=(value * 2, state.to_move))
            return self._end_game(state, doubler, value, "drop")
        raise IllegalAction(self._why_illegal(state, act))

    def _why_illegal(self, state: TablesState, act: Action) -> str:
        ph = state.phase
        want = {
            "opening": 'the opening throw ({"opening": [a, b]})',
            "roll": 'a throw of the dice ({"roll": [d1, d2]})',
            "cube": 'rolling or doubling ({"double": false} or {"double": true})',
            "take": 'taking or dropping the double ({"take": true} or {"drop": true})',
            "move": 'a checker step ({"from": p, "to": q})',
        }.get(ph, "nothing")
        what = next((words for key, words in (
            ("opening", "an opening throw"), ("roll", "a throw of the dice"), ("take", "taking the cube"),
            ("drop", "dropping the cube"), ("from", "a checker step"),
        ) if key in act), None)
        if "double" in act:
            what = "doubling" if act["double"] else "rolling"
        return f"{what or brief(act.to_json())} is not possible now: the turn wants {want}"

    def _apply_step(self, state: TablesState, act: Action) -> TablesState:
        p, t = act.get("from"), act.get("to")
        die = act.get("die")
        extra = set(act) - {"from", "to", "die"}
        if extra or not all(isinstance(x, int) and not isinstance(x, bool) for x in (p, t)) or (
            die is not None and (not isinstance(die, int) or isinstance(die, bool))
        ):
            raise IllegalAction(f"a step is {{\"from\": p, \"to\": q}} with whole numbers, got {json.dumps(act.to_json(), sort_keys=True)}")
        matches = [s for s in self._first_steps(state) if s[0][0] == p and s[0][1] == t and (die is None or s[1] == die)]
        if not matches:
            shown = step_text((p, t, False)) if 0 <= p <= 25 and 0 <= t <= 25 else f"{p}/{t}"
            dice = "-".join(map(str, state.dice)) or "nothing"
            raise IllegalAction(f"{shown} is not a legal step with {dice} to play")
        step, d, me, op, ctx = min(matches, key=lambda s: s[1])  # the smallest die that makes it
        dice = () if step == JUMP else _remove_one(state.dice, d)
        return self._after_step(state, step, me, op, ctx, dice)

    def apply_play(self, state: TablesState, play: Play) -> TablesState:
        """Play a whole complete play (from :meth:`complete_plays`) at once; the fast path the
        computer players and play-outs use. The play is trusted, not checked."""
        ctx = self._ctx(state)
        return self._place(state, play.me, play.op, ctx._replace(hitters=()), (), state.played + play.steps)

    def _after_step(self, state, step, me, op, ctx, dice) -> TablesState:
        return self._place(state, me, op, ctx, dice, state.played + (step,))

    def _place(self, state, me, op, ctx, dice, played) -> TablesState:
        rules = self.rules(state.opts)
        side = state.to_move
        them = to_mover(rules, op)
        checkers = (me, them) if side == 0 else (them, me)
        s = replace(
            state,
            checkers=checkers,
            dice=dice,
            played=played,
            head_left=ctx.head_left if self.head_rule else 0,
            hitters=ctx.hitters,
        )
        if me[0] == 15:
            return self._game_won(s, side)
        if dice and not rules.higher_die and not first_steps(rules, me, op, dice, ctx):
            # TN-3 as advice: one of two dice was played where only one could be; the other is lost
            s = replace(s, dice=())
            dice = ()
        if dice:
            return s
        return self._next_group(s)

    # -- turns ---------------------------------------------------------------------------------
    def _apply_opening(self, state: TablesState, throw: tuple[int, int]) -> TablesState:
        a, b = throw
        if a == b:
            return replace(state, opening=throw)  # SB-2/TN-2/SS-2/GB-2: ties throw again
        low_starts = state.opts.get("opening") == "low"  # TN-2: "kam bazi"
        starter = 0 if (a > b) != low_starts else 1
        s = replace(state, opening=throw)
        if self.plays_opening_dice:
            # TN-2: the starter plays the two opening dice rather than throwing again
            return self._apply_roll(replace(s, to_move=starter), (max(throw), min(throw)), counted=False)
        return self._start_turn(s, starter)  # SB-2/SS-2/GB-2: the starter throws both dice anew

    def _start_turn(self, state: TablesState, side: int) -> TablesState:
        s = replace(
            state,
            to_move=side,
            phase="cube" if may_double(state.cube, side) and not state.crawford_game else "roll",
            dice=(),
            pending=(),
            roll=None,
            played=(),
            hitters=(),
            head_left=0,
            handoff=(),
            remainder=False,
            cascade_number=0,
        )
        return s

    def _apply_roll(self, state: TablesState, roll: tuple[int, int], counted: bool = True) -> TablesState:
        side = state.to_move
        opts = state.opts
        rolls = state.rolls
        dice = expand(roll)
        pending: tuple[int, ...] = ()
        number = 0
        if self.cascade and roll[0] == roll[1]:
            before = rolls[side] if opts.get("cascade_after") == "each_player" else rolls[0] + rolls[1]
            if before >= 3:
                # GB-4: after the first three rolls a double is played four times and then every
                # higher double four times, up to 6-6
                pending = tuple(n for n in range(roll[0] + 1, 7) for _ in range(4))
                number = roll[0]
        if counted:
            rolls = (rolls[0] + 1, rolls[1]) if side == 0 else (rolls[0], rolls[1] + 1)
        head_left = 0
        if self.head_rule:
            # SS-5: one checker from the head per turn, two on the first throw with 6-6 or 4-4
            first = state.checkers[side][24] == 15
            head_left = 2 if first and roll in ((6, 6), (4, 4)) else 1
        s = replace(
            state,
            phase="move",
            roll=roll,
            dice=(),
            pending=dice + pending if number else dice,
            rolls=rolls,
            head_left=head_left,
            hitters=(),
            played=(),
            handoff=(),
            remainder=False,
            cascade_number=number,
        )
        return self._next_group(s)

    def _next_group(self, state: TablesState) -> TablesState:
        """Take the next dice to play from ``pending`` (all of a roll, or one number of a
        cascade), cut them to what can be played, and end the turn when nothing is left."""
        s = state
        while True:
            if not s.pending:
                return self._end_turn(s)
            if s.cascade_number or s.remainder:
                n = s.pending[0]
                k = 0
                while k < len(s.pending) and s.pending[k] == n:
                    k += 1
                group, rest = s.pending[:k], s.pending[k:]
            else:
                group, rest = s.pending, ()
                n = 0
            me, op, rules = self._position(s)
            can = playable_dice(rules, me, op, group, self._ctx(s))
            handoff = s.handoff
            if len(can) < len(group) and s.cascade_number and not s.remainder:
                # GB-5: a number of the cascade that cannot be played four times: the rest of the
                # cascade is lost to the roller, and the opponent plays it (option)
                if s.opts.get("opponent_plays_remainder", True):
                    handoff = group[len(can):] + rest
                rest = ()
            s = replace(s, dice=can, pending=rest, handoff=handoff, cascade_number=n if s.cascade_number else 0)
            if can:
                return s

    def _end_turn(self, state: TablesState) -> TablesState:
        side = state.to_move
        roll = state.roll
        text = notation(state.played)
        last = (side, tuple(roll) if roll and not state.remainder else None, text, not state.played)
        s = replace(state, last_turn=last, dice=(), pending=())
        if state.handoff:
            # GB-5: the opponent plays the remainder before starting his own turn
            opp = _other(side)
            s = replace(
                s,
                to_move=opp,
                phase="move",
                pending=state.handoff,
                handoff=(),
                remainder=True,
                cascade_number=0,
                played=(),
                hitters=(),
                roll=roll,
            )
            return self._next_group(s)
        if state.remainder:
            return self._start_turn(s, side)  # the remainder is played; now his own turn
        return self._start_turn(s, _other(side))

    # -- the end of a game -----------------------------------------------------------------------
    def game_result(self, state: TablesState, winner: int) -> tuple[int, str]:
        """The base points and the kind of win when ``winner`` has borne off all 15."""
        loser = state.checkers[_other(winner)]
        if loser[0]:
            return 1, self.wins[0]
        triple = self.wins[2]
        if triple is not None:
            if triple == "turkish-mars":
                hit = loser[25] > 0  # SB-7: a checker still on the bar
            else:
                # backgammon: on the bar or in the winner's home quarter; TN-6: the home quarter,
                # and the bar only with the option black_mars_bar
                bar = bool(state.opts.get("black_mars_bar", True))
                hit = (bar and loser[25] > 0) or any(loser[p] for p in range(19, 25))
            if hit:
                return 3, triple
        return 2, self.wins[1]

    def _game_won(self, state: TablesState, winner: int) -> TablesState:
        base, how = self.game_result(state, winner)
        value = state.cube[0] if state.cube else 1
        s = replace(state, last_turn=(winner, state.roll, notation(state.played), False))
        return self._end_game(s, winner, base * value, how)

    def _end_game(self, state: TablesState, winner: int, points: int, how: str) -> TablesState:
        score = list(state.score)
        score[winner] += points
        opts = state.opts
        s = replace(
            state, score=tuple(score), last_game=(winner, points, how), dice=(), pending=(), head_left=0, hitters=(),
            handoff=(), remainder=False, cascade_number=0,
        )
        if score[winner] >= opts["match_to"]:
            return replace(s, phase="over", to_move=None, crawford_game=False)  # SB-8: the match is won
        # The Crawford rule (option): the game after a side first comes within one point of the
        # match is played without the cube; the games after it with.
        near = opts["match_to"] - 1
        crawford = bool(opts.get("crawford")) and state.cube is not None and score[winner] == near and state.score[winner] < near and state.score[_other(winner)] < near
        return replace(
            s,
            crawford_game=crawford,
            phase="opening",
            to_move=None,
            checkers=(self.setup, self.setup),
            roll=None,
            opening=None,
            cube=(1, None) if state.cube is not None else None,
            game=state.game + 1,
            rolls=(0, 0),
            played=(),
            hitters=(),
            handoff=(),
            remainder=False,
            cascade_number=0,
            head_left=0,
        )

    # -- JSON ----------------------------------------------------------------------------------
    def state_from_json(self, data: Mapping[str, Any] | str) -> TablesState:  # type: ignore[override]
        """Read a state written by ``TablesState.to_json`` (or by hand); ``InvalidState`` names the
        field that is malformed or impossible.

        >>> from games.engine import get_variant
        >>> v = get_variant("tables.ses-bes")
        >>> s = v.new_game()
        >>> v.state_from_json(s.to_json()) == s
        True
        >>> bad = dict(s.to_json(), checkers=[[0] * 26, [0] * 26])
        >>> v.state_from_json(bad)
        Traceback (most recent call last):
        ...
        games.engine.core.InvalidState: checkers[0] must hold 15 checkers, not 0
        """
        return read_state(self, data)

    # -- notation --------------------------------------------------------------------------------
    def describe(self, state: TablesState, action: Action | Mapping[str, Any]) -> str:  # type: ignore[override]
        """The action in standard notation for the move list.

        >>> from games.engine import get_variant
        >>> v = get_variant("tables.backgammon")
        >>> s = v.apply(v.new_game(), {"opening": [6, 4]})
        >>> v.describe(s, {"from": 24, "to": 18}), v.describe(v.new_game(), {"opening": [2, 2]})
        ('24/18', 'opening 2-2 (throw again)')
        """
        act = Action.from_json(action)
        if "opening" in act:
            a, b = act["opening"]
            return f"opening {a}-{b}" + (" (throw again)" if a == b else "")
        if "roll" in act:
            a, b = act["roll"]
            return f"{a}-{b}"
        if "double" in act:
            return f"doubles to {state.cube[0] * 2}" if act["double"] and state.cube else "rolls"
        if "take" in act:
            return "takes"
        if "drop" in act:
            return "drops"
        if "from" in act:
            p, t = act["from"], act["to"]
            hit = False
            if state.phase == "move":
                for step, d, *_ in self._first_steps(state):
                    if step[0] == p and step[1] == t:
                        hit = step[2]
            return step_text((p, t, hit))
        return super().describe(state, act)

    # -- the command line ------------------------------------------------------------------------
    def plays_for(self, position: str, dice: str, options: Mapping[str, Any] | None = None) -> list[tuple[str, str]]:
        """``plays``: every legal complete play of ``dice`` (``"3-1"``) for the player on roll in
        the gnubg Position ID ``position``, as (notation, resulting Position ID written from the
        mover's point of view), sorted by notation; ``[]`` when there is no play. An ID carries
        no history, so a turn is taken as it starts: in Şeş-Beş it is the first throw (SS-5) when
        all 15 are on the head; in Gul Bara a double is played four times (no cascade, GB-4).

        >>> from games.engine import get_variant
        >>> get_variant("tables.backgammon").plays_for("4HPwATDgc/ABMA", "6-5")[:2]
        [('13/2', '4HPwATDC5+ABMA'), ('13/7 8/3', '4HPwATDE1+ABMA')]
        """
        roll = _parse_dice(dice)
        board = positionid.decode(position)
        rules = self.rules(self.validate_options(options))
        me = _counts(board[1])
        them = _counts(board[0])
        op = to_mover(rules, them)
        _check_board(self, rules, me, them, "--position")
        for name, side in (("the player on roll", me), ("the opponent", them)):
            if side[0] == 15:
                raise InvalidState(f"--position: {name} has borne off all 15 checkers, so the game is over")
        ctx = NO_CTX
        if self.head_rule:
            ctx = _Ctx(2 if me[24] == 15 and roll in ((6, 6), (4, 4)) else 1, ())
        out = []
        for p in complete_plays(rules, me, op, expand(roll), ctx):
            pid = positionid.encode([list(to_mover(rules, p.op)[1:26]), list(p.me[1:26])])
            out.append((notation(p.steps), pid))
        return sorted(out)

    def cli_plays(
        self, *, position: str | None, dice: str | None, stdin: IO[str], stdout: IO[str],
        options: Mapping[str, Any] | None = None,
    ) -> int:
        """The ``plays`` command: one position (``--position``/``--dice``) or, without them, lines
        ``POSITION_ID DIE-DIE`` from ``stdin``, each answered by its lines and an empty line;
        ``options`` are the variant's (to analyse a reading other than the default)."""
        self.validate_options(options)
        if position is not None or dice is not None:
            if position is None or dice is None:
                raise InvalidState("plays needs both --position and --dice (or neither, to read stdin)")
            _write_block(stdout, self.plays_for(position, dice, options))
            return 0
        for n, line in enumerate(stdin, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split()
            if len(parts) != 2:
                raise InvalidState(f"line {n}: expected 'POSITION_ID DIE-DIE', got {line!r}")
            try:
                block = self.plays_for(parts[0], parts[1], options)
            except (InvalidState, IllegalAction) as exc:
                raise type(exc)(f"line {n}: {exc}") from None
            _write_block(stdout, block)
            stdout.write("\n")
        return 0


def _write_block(out: IO[str], block: list[tuple[str, str]]) -> None:
    if not block:
        out.write("(no play)\n")
    for text, pid in block:
        out.write(f"{text}\t{pid}\n")


def _parse_dice(text: str) -> tuple[int, int]:
    # ASCII digits only: str.isdigit and int() also take full-width and other scripts' digits.
    match = re.fullmatch(r"\s*([1-6])\s*[-,]\s*([1-6])\s*", text) if isinstance(text, str) else None
    if match is None:
        raise IllegalAction(f"dice must be written like 3-1 (two numbers 1..6), got {brief(text)}")
    return int(match[1]), int(match[2])


def _counts(side: list[int]) -> Counts:
    on = sum(side)
    return (15 - on,) + tuple(side[:24]) + (side[24],)


def _check_board(variant: TablesVariant, rules: Rules, me: Counts, them: Counts, where: str) -> None:
    op = to_mover(rules, them)
    for p in range(1, 25):
        if me[p] and op[p]:
            raise InvalidState(f"{where}: point {p} holds checkers of both sides")
    if not rules.hitting and (me[25] or them[25]):
        raise InvalidState(f"{where}: {variant.key} has no hitting, so no checker can be on the bar")


def _remove_one(dice: tuple[int, ...], d: int) -> tuple[int, ...]:
    i = dice.index(d)
    return dice[:i] + dice[i + 1 :]


@lru_cache(maxsize=None)
def _rules(*args: Any) -> Rules:
    return Rules(*args)
