"""The generic variant: any compiled rules file played through the ``Variant`` protocol.

A mechanic (``pieces``, ``sow``, ``race``) compiles a rules file into a ``Game`` and plays it on
a mutable ``Sim``: the fast path the opponent and the simulations use. The public protocol is
the same ``Sim`` read from an immutable ``RulesState`` (its canonical JSON) for each call, so the
two cannot drift apart; ``tests/games/test_rules_fast.py`` still checks, on random games, that a
state written to JSON and read back offers the same moves at every step.
"""
from __future__ import annotations

import json
import math
import random
import threading
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from games.engine.core import (
    Action, IllegalAction, InvalidState, OptionSpec, Outcome, State, Variant, brief, state_mapping,
)
from games.engine.rules.loader import RulesFile

__all__ = ["Game", "RulesState", "RulesVariant", "Sim", "random_playout", "team_values"]


class Sim(ABC):
    """A position being played, mutable. Mechanics subclass it; see CONTRACT.md."""

    game: Game
    options: dict[str, Any]

    @abstractmethod
    def copy(self) -> Sim:
        """An independent copy to play on."""

    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose decision is due (None once over)."""

    def is_chance(self) -> bool:
        return False

    @abstractmethod
    def moves(self) -> list:
        """The legal moves of the seat to move, as opaque values ``play`` takes."""

    @abstractmethod
    def play(self, move: Any) -> None:
        """Play one move (a decision or a chance outcome) in place."""

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """The chance moves due, with their probabilities (chance games only)."""
        return []

    def chance(self, rng: random.Random) -> Any:
        """Draw the chance move due with its true probability and play it; returns it."""
        outcomes = self.chance_outcomes()
        r = rng.random()
        acc = 0.0
        for move, p in outcomes:
            acc += p
            if r < acc:
                self.play(move)
                return move
        move = outcomes[-1][0]
        self.play(move)
        return move

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, with the winning seat, or None while it goes on."""

    def result(self) -> tuple[float, ...] | None:
        """Per seat: 1 for a win (the winner's team), 0 for a loss, 0.5 for a draw."""
        out = self.outcome()
        if out is None:
            return None
        n = self.game.players
        if out.winner is None:
            return (0.5,) * n
        team = self.game.team_of(out.winner)
        return tuple(1.0 if self.game.team_of(s) == team else 0.0 for s in range(n))

    @abstractmethod
    def action(self, move: Any) -> Action:
        """A move as the public JSON action (CONTRACT.md)."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The position as the public state JSON (CONTRACT.md)."""

    def state(self) -> RulesState:
        data = self.to_json()
        data["variant"] = self.game.key  # every family's states name their variant
        return RulesState.of(self.game.key, data)


class Game(ABC):
    """A compiled rules file. Mechanics subclass it."""

    rf: RulesFile
    option_specs: dict[str, OptionSpec]

    def __init__(self, rf: RulesFile) -> None:
        self.rf = rf
        self.key = rf.key
        self.players = rf.players
        self.teams = rf.teams
        self._team = {s: t for t, seats in enumerate(rf.teams or ()) for s in seats}
        self.option_specs = {}
        for name, spec in rf.options.items():
            clause = next(c.id for c in rf.clauses if c.option == name)
            if "default" not in spec:
                raise rf.error(("options", name, "default"), "is required")
            choices = spec.get("choices")
            if choices is not None and (not isinstance(choices, list) or spec["default"] not in choices):
                raise rf.error(("options", name, "choices"), "must list the allowed values, the default among them")
            self.option_specs[name] = OptionSpec(
                spec["default"], str(spec.get("help", "")), tuple(choices) if choices else None,
                spec.get("minimum"), spec.get("maximum"), clause,
            )

    def team_of(self, seat: int) -> int:
        return self._team.get(seat, seat)

    # A mechanic whose positions can be scored before the end defines
    #     evaluate(self, sim) -> tuple[float, ...]
    # a value per seat in [0, 1] (CONTRACT.md, "Evaluation"); RulesVariant exposes it.

    @abstractmethod
    def new_sim(self, options: dict[str, Any]) -> Sim:
        """The start position under ``options`` (already validated)."""

    @abstractmethod
    def sim_from_json(self, data: Mapping[str, Any], options: dict[str, Any]) -> Sim:
        """A position read from state JSON; ``InvalidState`` naming the field when it is malformed or impossible."""

    @abstractmethod
    def board_info(self, options: dict[str, Any]) -> dict[str, Any]:
        """What the board draws (CONTRACT.md, board info)."""

    def describe(self, sim: Sim, move: Any) -> str:
        return json.dumps(sim.action(move).to_json(), sort_keys=True)

    def text_help(self) -> dict[str, list[str]]:
        return {"moves": [], "commands": []}


@dataclass(frozen=True)
class RulesState(State):
    """An immutable state of a rules-file game: its canonical JSON text."""

    key: str
    text: str
    _data: dict = field(default=None, compare=False, hash=False, repr=False)  # type: ignore[assignment]

    @classmethod
    def of(cls, key: str, data: dict[str, Any]) -> RulesState:
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return cls(key, text, data)

    def to_json(self) -> dict[str, Any]:
        return json.loads(self.text)

    def data(self) -> dict[str, Any]:
        """The JSON as a dict, shared (do not change it)."""
        if self._data is None:
            object.__setattr__(self, "_data", json.loads(self.text))
        return self._data


#: Per thread, the Sims last read, by (variant key, state text), newest last: a caller asks
#: ``outcome``, ``is_chance``, ``legal_actions`` and ``apply`` of one state in turn, and each
#: read the state's JSON into a Sim again (and worked out its moves again). A Sim kept here is
#: only read, never played on, unless ``apply`` takes it out first; per thread, because reading
#: a Sim may work on it in place (a move made and unmade to test it).
_READS = threading.local()
READS_KEPT = 8


class RulesVariant(Variant):
    """One rules file as a variant. Instances are made per file (``games.engine.rules``)."""

    family: ClassVar[str] = "rules"

    def __init__(self, game: Game) -> None:
        self.game = game
        self.key = game.key  # type: ignore[misc]
        self.title = game.rf.title  # type: ignore[misc]
        self.options = game.option_specs  # type: ignore[misc]
        self.players = game.players
        self.teams = game.teams
        self.rules_file = game.rf
        # The mechanic's evaluation of unfinished positions (CONTRACT.md, "Evaluation"), for the
        # opponent's play-outs (games.engine.ai.mcts looks for ``variant.evaluate``).
        evaluate = getattr(game, "evaluate", None)
        if evaluate is not None:
            self.evaluate = evaluate
        # The play layer seats two sides. Two seats are the two sides; four seats in two teams
        # are played by two sides, each moving its team's pieces (the DLP's Pachisi: "two teams
        # of two players, or ... two players playing with two sets of pieces"). Three or four
        # seats that each play for themselves (Gyan Chaupar, Tic-Tac-Mo) are seated as the first
        # seat against the others: one device plays them all, the computer takes every seat but
        # the player's, a friend by link the other seats. Each seat still plays for itself (the
        # engine's results and the opponent's rewards stay per seat); only who moves them is
        # grouped.
        self.sides = 2
        self._free_for_all = game.players > 2 and not (game.teams and len(game.teams) == 2)

    def side_of(self, seat: int | None) -> int | None:
        """The play layer's side for a seat: its team where two teams play, the first seat
        against the rest where three or four play each for themselves."""
        if seat is None:
            return None
        if self._free_for_all:
            return 0 if seat == 0 else 1
        return self.game.team_of(seat)

    # -- reading states ------------------------------------------------------------------
    def _sim(self, state: State) -> Sim:
        if not isinstance(state, RulesState) or state.key != self.key:
            raise InvalidState(f"not a state of {self.key}")
        data = state.data()
        return self.game.sim_from_json(data, self.validate_options(data.get("options") or {}))

    @staticmethod
    def _reads() -> OrderedDict:
        reads = getattr(_READS, "sims", None)
        if reads is None:
            reads = _READS.sims = OrderedDict()
        return reads

    def _keep(self, state: RulesState, sim: Sim) -> RulesState:
        """Keep ``sim``, which is ``state``, for the reads of ``state`` that follow."""
        reads = self._reads()
        reads[(self.key, state.text)] = sim
        reads.move_to_end((self.key, state.text))
        while len(reads) > READS_KEPT:
            reads.popitem(last=False)
        return state

    def _read(self, state: State) -> Sim:
        """A Sim of ``state`` to read, not to play on (kept: ``_READS``)."""
        if isinstance(state, RulesState) and state.key == self.key:
            sim = self._reads().get((self.key, state.text))
            if sim is not None:
                return sim
        sim = self._sim(state)
        self._keep(state, sim)  # type: ignore[arg-type]
        return sim

    def _take(self, state: State) -> Sim:
        """A Sim of ``state`` to play on: the kept one, taken out of the reads (it will be
        ``state`` no more), or a new one."""
        if isinstance(state, RulesState) and state.key == self.key:
            sim = self._reads().pop((self.key, state.text), None)
            if sim is not None:
                return sim
        return self._sim(state)

    def fast(self, state: State) -> Sim:
        """The mutable play-out path from ``state``."""
        return self._sim(state)

    def state_from_json(self, data: Mapping[str, Any] | str) -> RulesState:
        data = state_mapping(data)
        for name in ("board",):
            if name not in data:
                raise InvalidState(f"{name}: is required in a state of {self.key}")
        for name in ("key", "variant"):
            if data.get(name, self.key) != self.key:
                raise InvalidState(f"{name}: this is {self.key}, the state says {brief(data.get(name))}")
        options = data.get("options") or {}
        try:
            options = self.validate_options(options)
        except Exception as exc:  # InvalidOptions is an EngineError; state errors are InvalidState
            raise InvalidState(f"options: {exc}") from None
        sim = self.game.sim_from_json(data, options)
        return self._keep(sim.state(), sim)

    # -- the protocol --------------------------------------------------------------------
    def new_game(self, options: Mapping[str, Any] | None = None) -> RulesState:
        return self.game.new_sim(self.validate_options(options)).state()

    def legal_actions(self, state: State) -> list[Action]:
        sim = self._read(state)
        if sim.outcome() is not None:
            return []
        if sim.is_chance():
            return [sim.action(m) for m, _ in sim.chance_outcomes()]
        return [sim.action(m) for m in sim.moves()]

    def apply(self, state: State, action: Action | Mapping[str, Any]) -> RulesState:
        act = Action.from_json(action)
        sim = self._read(state)
        if sim.outcome() is not None:
            raise IllegalAction("the game is over")
        moves = [m for m, _ in sim.chance_outcomes()] if sim.is_chance() else sim.moves()
        for m in moves:
            if sim.action(m) == act:
                sim = self._take(state)  # played on: kept as the state it becomes
                sim.play(m)
                return self._keep(sim.state(), sim)
        raise IllegalAction(self._why_not(sim, act, moves))

    def _why_not(self, sim: Sim, act: Action, moves: list) -> str:
        if sim.is_chance():
            return f"{brief(act.to_json())} is not a possible throw here"
        legal = [sim.action(m).to_json() for m in moves]
        if "from" in act:
            same = [a for a in legal if a.get("from") == act["from"]]
            if not same:
                return f"{brief(act.to_json())} is not legal: no move starts from {act['from']}"
            return (f"{brief(act.to_json())} is not legal: from {act['from']} the moves go to "
                    f"{', '.join(sorted({str(a.get('to')) for a in same}))}")
        return f"{brief(act.to_json())} is not a legal action here ({len(legal)} legal)"

    def outcome(self, state: State) -> Outcome | None:
        out = self._read(state).outcome()
        if out is None or out.winner is None:
            return out
        return Outcome(self.side_of(out.winner), out.points, out.how, out.score)

    def to_move(self, state: State) -> int | None:
        sim = self._read(state)
        if sim.outcome() is not None or sim.is_chance():
            return None
        return self.side_of(sim.to_move())

    def is_chance(self, state: State) -> bool:
        sim = self._read(state)
        return sim.outcome() is None and sim.is_chance()

    def draw(self, state: State, rng: random.Random) -> Action:
        sim = self._take(state)  # a Sim's chance() plays the throw it draws
        if not sim.is_chance():
            raise IllegalAction("no throw is due")
        return sim.action(sim.chance(rng))

    def describe(self, state: State, action: Action | Mapping[str, Any]) -> str:
        act = Action.from_json(action)
        sim = self._read(state)
        moves = [m for m, _ in sim.chance_outcomes()] if sim.is_chance() else sim.moves()
        for m in moves:
            if sim.action(m) == act:
                return self.game.describe(sim, m)
        return super().describe(state, act)

    def board_info(self, options: Mapping[str, Any]) -> dict[str, Any]:
        out = self.game.board_info(dict(options))
        if self.rules_file.colours:  # the seats drawn in the colours their names give (Triad's Red, Green, Blue)
            out["colours"] = list(self.rules_file.colours)
        return out

    def text_help(self) -> dict[str, list[str]]:
        return self.game.text_help()

    def score_now(self, state: State) -> tuple[int, int]:
        """The score as it stands (pieces taken, seeds captured, pieces borne off), summed by
        side where seats play in teams."""
        scores = state.data().get("scores") or []
        out = [0, 0]
        for seat, n in enumerate(scores):
            side = self.side_of(seat)
            if side in (0, 1) and isinstance(n, int):
                out[side] += n
        return (out[0], out[1])

    def resign(self, state: State, side: int) -> Outcome:
        return Outcome(1 - side if self.sides == 2 else None, 1, "resign", self.score_now(state))

    def info(self) -> dict[str, Any]:
        out = super().info()
        out.update(players=self.players, teams=[list(t) for t in self.teams] if self.teams else None,
                   dlp_game=self.rules_file.dlp_game, dlp_ruleset=self.rules_file.dlp_ruleset)
        return out


def team_values(game: Game, scores: list[float], k: float) -> tuple[float, ...]:
    """Values per seat in [0, 1] from raw ``scores`` per seat (higher is better): a team's score
    is the sum of its seats' (``game.team_of``), and each seat gets the logistic of ``k`` times
    its team's score less the mean of the other teams', so teammates share a value, two teams'
    values sum to 1 and equal scores give 0.5 each.

    >>> from types import SimpleNamespace
    >>> g = SimpleNamespace(players=4, team_of=lambda s: s % 2)
    >>> [round(v, 3) for v in team_values(g, [1.0, 0.0, 1.0, 0.0], 1.0)]
    [0.881, 0.119, 0.881, 0.119]
    >>> team_values(g, [0.3, 0.3, 0.3, 0.3], 5.0)
    (0.5, 0.5, 0.5, 0.5)
    """
    n = game.players
    totals: dict[int, float] = {}
    for seat in range(n):
        t = game.team_of(seat)
        totals[t] = totals.get(t, 0.0) + scores[seat]
    if len(totals) < 2:
        return (0.5,) * n
    whole = sum(totals.values())
    value = {}
    for t, own in totals.items():
        x = k * (own - (whole - own) / (len(totals) - 1))
        value[t] = 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))
    return tuple(value[game.team_of(seat)] for seat in range(n))


def random_playout(sim: Sim, rng: random.Random, limit: int = 10**6) -> int:
    """Play ``sim`` on, in place, to its end or ``limit`` steps: chance drawn at its odds, each
    decision uniformly among the legal moves. Returns the steps played (tests, benchmarks)."""
    steps = 0
    while steps < limit and sim.outcome() is None:
        if sim.is_chance():
            sim.chance(rng)
        else:
            moves = sim.moves()
            sim.play(moves[rng.randrange(len(moves))])
        steps += 1
    return steps
