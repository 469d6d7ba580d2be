"""A mutable play-out state for simulating single cubeless games fast, behind the engine's rules.

The engine (``game.py``) is immutable and checks every action: right for the play layer, slow
for simulation (validating a roll builds all 36 roll actions, every step copies the state).
:class:`Playout` plays one game of a variant by whole complete plays on a few mutable fields,
with the same move generator (``moves.complete_plays``) and the same turn logic (opening throw,
the head rule's allowance, Gul Bara's cascade and remainder), and nothing else: no cube, no
match, no notation, no checks. ``tests/games/test_tables_playout.py`` plays thousands of random
steps in all five variants against the engine and requires the same complete plays and the same
positions at every turn.

>>> import random
>>> from games.engine import get_variant
>>> g = Playout(get_variant("tables.backgammon"))
>>> winner, points, how = g.play_random(random.Random(1))
>>> winner in (0, 1), points in (1, 2, 3)
(True, True)
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from operator import itemgetter
from typing import Any

from games.engine.tables.game import TablesVariant
from games.engine.tables.moves import _MAP_OPPOSITE, _MAP_PARALLEL, Counts, Play, _Ctx, complete_plays, expand, playable_dice

__all__ = ["Playout"]


class Playout:
    """One single game of ``variant`` (cube off), played by whole complete plays.

    ``checkers[s]`` is side ``s``'s 26 counts on its own points, as in ``TablesState``;
    ``phase`` is ``"opening"``, ``"roll"``, ``"move"`` or ``"over"``. In phase ``"move"``,
    :meth:`plays` are the legal complete plays of the dice being played (``dice``), from the
    point of view of ``side``.
    """

    __slots__ = (
        "variant", "rules", "head_rule", "cascade", "cascade_each", "hand_over", "low_starts", "checkers", "side", "phase",
        "dice", "pending", "roll_", "rolls", "number", "remainder", "handoff", "head_left", "winner", "points",
        "how", "_plays", "_flip", "black_bar",
    )

    def __init__(self, variant: TablesVariant, options: Mapping[str, Any] | None = None) -> None:
        opts = variant.validate_options(dict(options or {}))
        self.variant = variant
        self.rules = variant.rules(opts)
        # moves.to_mover as one C call: the other side's counts in the mover's numbering
        self._flip = itemgetter(*(_MAP_OPPOSITE if self.rules.geometry == "opposite" else _MAP_PARALLEL))
        self.head_rule = variant.head_rule
        self.cascade = variant.cascade
        self.cascade_each = opts.get("cascade_after") == "each_player"
        self.hand_over = bool(opts.get("opponent_plays_remainder", True))
        self.low_starts = opts.get("opening") == "low"
        self.black_bar = bool(opts.get("black_mars_bar", True))  # TN-6: the bar counts only with the option
        self.checkers: list[Counts] = [variant.setup, variant.setup]
        self.side = 0
        self.phase = "opening"
        self.dice: tuple[int, ...] = ()
        self.pending: tuple[int, ...] = ()
        self.roll_: tuple[int, int] | None = None
        self.rolls = [0, 0]
        self.number = 0  # GB-4: the number of a cascade being played (0: no cascade)
        self.remainder = False  # GB-5: the side to move plays the opponent's remainder
        self.handoff: tuple[int, ...] = ()
        self.head_left = 0
        self.winner: int | None = None
        self.points = 0
        self.how = ""
        self._plays: list[Play] = []

    # -- what the players see ----------------------------------------------------------------------
    def position(self) -> tuple[Counts, Counts]:
        """``(me, op)`` in the mover's coordinates (``moves``' convention)."""
        s = self.side
        return self.checkers[s], self._flip(self.checkers[1 - s])

    def plays(self) -> list[Play]:
        """The legal complete plays of ``dice`` (never empty in phase ``"move"``)."""
        return self._plays

    # -- chance ------------------------------------------------------------------------------------
    def opening(self, a: int, b: int) -> None:
        """The opening throw, one die each (SB-2/TN-2/SS-2/GB-2: a tie throws again)."""
        if a == b:
            return
        self.side = 0 if (a > b) != self.low_starts else 1  # TN-2: "kam bazi", the lower starts
        if self.variant.plays_opening_dice:
            self._roll((max(a, b), min(a, b)), counted=False)
        else:
            self.phase = "roll"

    def roll(self, a: int, b: int) -> None:
        self._roll((a, b), counted=True)

    def _roll(self, roll: tuple[int, int], counted: bool) -> None:
        side = self.side
        dice = expand(roll)
        self.number = 0
        pending: tuple[int, ...] = ()
        if self.cascade and roll[0] == roll[1]:
            before = self.rolls[side] if self.cascade_each else self.rolls[0] + self.rolls[1]
            if before >= 3:  # GB-4: after the first three rolls, the cascade of doubles
                pending = tuple(n for n in range(roll[0] + 1, 7) for _ in range(4))
                self.number = roll[0]
        if counted:
            self.rolls[side] += 1
        if self.head_rule:  # SS-5: two from the head on the first throw with 6-6 or 4-4
            first = self.checkers[side][24] == 15
            self.head_left = 2 if first and roll in ((6, 6), (4, 4)) else 1
        self.roll_ = roll
        self.phase = "move"
        self.pending = dice + pending if self.number else dice
        self.handoff = ()
        self.remainder = False
        self._next_group()

    # -- playing -----------------------------------------------------------------------------------
    def play(self, play: Play) -> None:
        """Play one of :meth:`plays` (trusted, not checked)."""
        s = self.side
        me = play.me
        self.checkers[s] = me
        self.checkers[1 - s] = self._flip(play.op)
        if me[0] == 15:
            self._won(s)
            return
        self.dice = ()
        self._next_group()

    def _next_group(self) -> None:
        """As ``TablesVariant._next_group``: the next dice to play, cut by what can be played
        (the complete plays' ``used`` says how many), the turn ending when none are left."""
        while True:
            pend = self.pending
            if not pend:
                self._end_turn()
                return
            if self.number or self.remainder:
                n = pend[0]
                k = 1
                while k < len(pend) and pend[k] == n:
                    k += 1
                group, rest = pend[:k], pend[k:]
            else:
                group, rest = pend, ()
            s = self.side
            op = self._flip(self.checkers[1 - s])
            ctx = _Ctx(self.head_left if self.head_rule else 99, ())
            plays = complete_plays(self.rules, self.checkers[s], op, group, ctx)
            used = plays[0].used if plays else 0
            if used < len(group) and self.number and not self.remainder:
                if self.hand_over:  # GB-5: the opponent plays what the roller could not
                    self.handoff = group[used:] + rest
                rest = ()
            self.pending = rest
            if plays:
                if used == 1 and len(group) == 2 and group[0] != group[1]:
                    # SB-3: one die of two; which one is rare enough to ask the slow way
                    self.dice = playable_dice(self.rules, self.checkers[s], op, group, ctx)
                else:
                    self.dice = group[:used]
                self._plays = plays
                return

    def _end_turn(self) -> None:
        self.dice = ()
        self._plays = []
        if self.handoff:
            self.side = 1 - self.side
            self.pending = self.handoff
            self.handoff = ()
            self.remainder = True
            self.number = 0
            self._next_group()
            return
        if not self.remainder:
            self.side = 1 - self.side
        self.remainder = False
        self.number = 0
        self.phase = "roll"

    def _won(self, winner: int) -> None:
        self.winner = winner
        self.phase = "over"
        self.dice = self.pending = self.handoff = ()
        self._plays = []
        loser = self.checkers[1 - winner]
        wins = self.variant.wins
        if loser[0]:
            self.points, self.how = 1, wins[0]
            return
        triple = wins[2]
        if triple is not None:
            if triple == "turkish-mars":
                hit = loser[25] > 0  # SB-7
            else:
                hit = (self.black_bar and loser[25] > 0) or any(loser[p] for p in range(19, 25))  # TN-6
            if hit:
                self.points, self.how = 3, triple
                return
        self.points, self.how = 2, wins[1]

    # -- a whole game ------------------------------------------------------------------------------
    def play_random(self, rng: random.Random) -> tuple[int, int, str]:
        """Play the game out with uniformly random complete plays: ``(winner, points, how)``."""
        randint = rng.randint
        while self.phase == "opening":
            self.opening(randint(1, 6), randint(1, 6))
        while self.phase != "over":
            if self.phase == "roll":
                self.roll(randint(1, 6), randint(1, 6))
            else:
                plays = self._plays
                self.play(plays[randint(0, len(plays) - 1)] if len(plays) > 1 else plays[0])
        assert self.winner is not None
        return self.winner, self.points, self.how
