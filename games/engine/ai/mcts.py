"""A generic computer opponent: Monte Carlo tree search with UCT, for any variant.

The search knows nothing of a game's rules. It drives a *Sim*, the mutable play-out interface
of ``games/engine/rules/CONTRACT.md`` ("Fast play-out path")::

    copy() -> Sim            to_move() -> int | None     is_chance() -> bool
    moves() -> list          play(move)                  chance(rng)
    result() -> tuple | None action(move) -> Action      state() -> State

A variant that offers ``variant.fast(state)`` (the rules engine does) supplies its own fast Sim;
every other variant is driven through the public, immutable protocol by :class:`ProtocolSim`,
so the search plays anything registered in ``games.engine``.

The search (see ``README-mcts.md`` next to this file):

- **Tree.** Each node is one position. A decision node (a seat to move) has one child per legal
  move, expanded one at a time in random order; once all are expanded, the child is chosen by
  UCB1, ``mean + c * sqrt(ln N / n)`` with ``c`` = ``exploration`` (default sqrt 2).
- **Rewards per seat.** A play-out ends with a reward for every seat (1 win, 0 loss, 0.5 draw,
  teammates sharing a win). Every node on the path adds the whole vector to its totals; a seat
  choosing among children reads its own component, so each node is valued from the view of
  the seat that moved into it. Two to four seats work alike, and a multi-step turn (a
  multi-jump, a split throw) is just the same seat deciding again one level down.
- **Chance.** A chance node (dice due) is *sampled*, not enumerated: each pass through it draws
  an outcome with ``sim.chance(rng)``, at its true probability, and follows (or creates) the
  child for the position it leads to, so children are visited about as often as their outcome
  falls and the node's mean is an estimate of the expectation. Children are keyed by the
  outcome ``sim.chance`` returns (the move drawn), or by the resulting ``sim.state()`` where it
  returns nothing: the tree is closed-loop, one node is one position.
- **Play-outs.** From a new leaf, uniformly random moves and true chance draws to the end of the
  game, or for at most ``playout_cap`` steps, after which the position is scored by
  ``evaluate(sim)`` (a tuple per seat in [0, 1]; the variant's own ``variant.evaluate`` when it
  has one) or counted as a draw. ``playout_cap=0`` with an evaluation scores leaves at once.
- **Budgets.** ``iterations`` and ``time_limit`` (seconds, ``time.perf_counter``), whichever
  binds first; a play-out in progress when time runs out is abandoned (the very first one is
  scored as a capped play-out instead, so there is always an answer). With only the
  iteration budget binding the result depends only on the ``rng`` seed. The move played is the
  most visited root child. A lone legal move is returned without searching.

    >>> import random
    >>> from games.engine import get_variant
    >>> ur = get_variant("race.ur")
    >>> s = ur.state_from_json({"pieces": [[0, 0, 0, 0, 0, 3, 6], [0, 0, 0, 0, 0, 1, 4]],
    ...                         "to_move": 0, "phase": "move", "throw": {"dice": [1, 1, 0, 0]}})
    >>> result = search(ur, s, random.Random(3), iterations=20, playout_cap=50)
    >>> result.action in ur.legal_actions(s), result.iterations, sum(c.visits for c in result.children)
    (True, 20, 20)
"""
from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.engine.core import Action, EngineError, Outcome, State, Variant

__all__ = [
    "EXPLORATION",
    "ChildStats",
    "ProtocolSim",
    "SearchResult",
    "Sim",
    "best_action",
    "make_sim",
    "rewards",
    "search",
    "seats",
    "sides",
]

#: UCB1's exploration constant: sqrt 2 suits rewards in [0, 1].
EXPLORATION = math.sqrt(2)

Evaluation = Callable[["Sim"], Sequence[float]]


class Sim(Protocol):
    """The mutable play-out interface (CONTRACT.md, "Fast play-out path")."""

    def copy(self) -> Sim: ...
    def to_move(self) -> int | None: ...
    def is_chance(self) -> bool: ...
    def moves(self) -> list[Any]: ...
    def play(self, move: Any) -> None: ...
    def chance(self, rng: random.Random) -> Any: ...
    def result(self) -> tuple[float, ...] | None: ...
    def action(self, move: Any) -> Action: ...
    def state(self) -> State: ...


# -- seats and rewards ---------------------------------------------------------------------


def seats(variant: Variant) -> int:
    """How many seats play ``variant``: its ``players`` attribute, 2 when it has none.

    >>> from games.engine import get_variant
    >>> seats(get_variant("race.ur"))
    2
    """
    return int(getattr(variant, "players", 2) or 2)


def sides(variant: Variant) -> int:
    """How many sides the public protocol speaks of (``to_move``, ``Outcome.winner``): the
    variant's ``sides`` where it declares them (a rules file whose four seats play as two teams
    is played by two sides), else :func:`seats`. A fast Sim always speaks of seats.

    >>> from games.engine import get_variant
    >>> sides(get_variant("race.ur"))
    2
    """
    n = getattr(variant, "sides", None)
    return n if isinstance(n, int) and not isinstance(n, bool) and n >= 1 else seats(variant)


def _teams(variant: Variant) -> list[list[int]]:
    teams = getattr(variant, "teams", None)
    return [list(team) for team in teams] if teams else []


def rewards(variant: Variant, outcome: Outcome | None) -> tuple[float, ...] | None:
    """The reward of every seat for ``outcome``: 1.0 for the winner and the winner's teammates
    (``variant.teams``, lists of seats that win together), 0.0 for the others, 0.5 each for a
    draw (winner None); None while the game goes on. Where the variant plays fewer sides than
    seats (see :func:`sides`) the outcome names a side, and the rewards are per side.

    >>> from games.engine import get_variant
    >>> ur = get_variant("race.ur")
    >>> rewards(ur, Outcome(1, 1, "first-off")), rewards(ur, Outcome(None, 0, "draw")), rewards(ur, None)
    ((0.0, 1.0), (0.5, 0.5), None)
    """
    if outcome is None:
        return None
    n = sides(variant)
    if outcome.winner is None:
        return (0.5,) * n
    winners = {outcome.winner}
    if n == seats(variant):
        for team in _teams(variant):
            if outcome.winner in team:
                winners.update(team)
    return tuple(1.0 if seat in winners else 0.0 for seat in range(n))


# -- the protocol as a Sim -----------------------------------------------------------------


class ProtocolSim:
    """A :class:`Sim` over the public, immutable protocol of any variant.

    Moves are the variant's own :class:`Action` objects (so ``action(move)`` is the move
    itself); ``play`` is ``variant.apply``, ``chance`` applies ``variant.draw``. States are
    immutable, so ``copy`` shares the state and costs nothing. The legal actions of the current
    state are computed once and kept until the next ``play``. Its seats are the protocol's
    sides (``n_seats``, see :func:`sides`).

    >>> from games.engine import get_variant
    >>> ur = get_variant("race.ur")
    >>> sim = ProtocolSim(ur, ur.new_game())
    >>> sim.is_chance(), sim.to_move(), sim.result()
    (True, None, None)
    >>> sim.chance(random.Random(1))
    Action({'throw': [0, 1, 0, 0]})
    >>> sim.is_chance(), sim.to_move()
    (False, 0)
    """

    __slots__ = ("variant", "n_seats", "_state", "_moves")

    def __init__(self, variant: Variant, state: State) -> None:
        self.variant = variant
        self.n_seats = sides(variant)
        self._state = state
        self._moves: list[Action] | None = None

    def copy(self) -> ProtocolSim:
        twin = ProtocolSim.__new__(ProtocolSim)
        twin.variant, twin.n_seats, twin._state = self.variant, self.n_seats, self._state
        twin._moves = self._moves  # never mutated: ``play`` replaces it
        return twin

    def to_move(self) -> int | None:
        return self.variant.to_move(self._state)

    def is_chance(self) -> bool:
        return self.variant.is_chance(self._state)

    def moves(self) -> list[Action]:
        """The legal actions (chance outcomes when a draw is due); do not mutate the list."""
        if self._moves is None:
            self._moves = self.variant.legal_actions(self._state)
        return self._moves

    def play(self, move: Action) -> None:
        self._state = self.variant.apply(self._state, move)
        self._moves = None

    def chance(self, rng: random.Random) -> Action:
        """Draw the chance action due, play it and return it."""
        drawn = self.variant.draw(self._state, rng)
        self.play(drawn)
        return drawn

    def result(self) -> tuple[float, ...] | None:
        return rewards(self.variant, self.variant.outcome(self._state))

    def action(self, move: Action) -> Action:
        return move

    def state(self) -> State:
        return self._state


def make_sim(variant: Variant, state: State) -> Sim:
    """The fastest Sim for ``variant`` at ``state``: ``variant.fast(state)`` where the variant
    offers one, else a :class:`ProtocolSim`."""
    if hasattr(variant, "fast"):
        return variant.fast(state)  # type: ignore[attr-defined,no-any-return]
    return ProtocolSim(variant, state)


def _outcome_key(sim: Sim, drawn: Any) -> Hashable:
    """What tells the outcomes of a chance node apart: the outcome ``sim.chance`` returned
    where it returns one (the same draw from the same position leads to the same position),
    else the state reached (or its canonical JSON where the state type is not hashable)."""
    if drawn is not None:
        try:
            hash(drawn)
        except TypeError:
            pass
        else:
            return drawn
    state = sim.state()
    try:
        hash(state)
    except TypeError:
        return json.dumps(state.to_json(), sort_keys=True, default=str)
    return state


# -- the tree ------------------------------------------------------------------------------


class _Node:
    """One position of the tree.

    ``totals`` sums the reward vectors of every play-out through the node, ``visits`` counts
    them. A decision node keeps its ``seat``, its ``moves`` (fixed when it is made: one node is
    one position), the indices of the moves ``untried`` yet and ``children`` as (move index,
    node) in the order they were expanded. A chance node keeps ``outcomes``: resulting state
    key -> node. A finished (or stuck) position keeps its ``terminal`` rewards.
    """

    __slots__ = ("seat", "moves", "untried", "children", "outcomes", "terminal", "visits", "totals")

    def __init__(self, n_seats: int) -> None:
        self.seat: int | None = None
        self.moves: list[Any] = []
        self.untried: list[int] = []
        self.children: list[tuple[int, _Node]] = []
        self.outcomes: dict[Hashable, _Node] | None = None
        self.terminal: tuple[float, ...] | None = None
        self.visits = 0
        self.totals = [0.0] * n_seats

    def mean(self, seat: int) -> float:
        return self.totals[seat] / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class ChildStats:
    """What the search found for one root move: its action, visits and mean reward for the
    seat to move."""

    action: Action
    visits: int
    value: float


@dataclass(frozen=True)
class SearchResult:
    """The search's choice (``move`` is the Sim's move object, ``action`` its public action),
    the iterations run, the seconds taken, and every expanded root move's statistics, most
    visited first. ``iterations`` is 0 when a lone legal move was returned unsearched."""

    action: Action
    move: Any
    iterations: int
    seconds: float
    children: list[ChildStats] = field(default_factory=list)


class _Search:
    """One search from one root; see the module docstring."""

    def __init__(
        self,
        root: Sim,
        rng: random.Random,
        n_seats: int,
        exploration: float,
        playout_cap: int | None,
        evaluate: Evaluation | None,
        deadline: float | None,
    ) -> None:
        self.root_sim = root
        self.rng = rng
        self.n_seats = n_seats
        self.c = exploration
        self.cap = playout_cap
        self.evaluate = evaluate
        self.deadline = deadline
        self.root = self._node(root)

    # -- nodes and leaf values -------------------------------------------------------------
    def _node(self, sim: Sim) -> _Node:
        node = _Node(self.n_seats)
        result = sim.result()
        if result is not None:
            node.terminal = tuple(result)
        elif sim.is_chance():
            node.outcomes = {}
        else:
            seat = sim.to_move()
            if seat is not None and not 0 <= seat < self.n_seats:
                raise EngineError(f"seat {seat} is to move, but the rewards have {self.n_seats} seats")
            moves = list(sim.moves()) if seat is not None else []
            if not moves:  # no one can move, yet the game is not over: score it as it stands
                node.terminal = self._estimate(sim)
            else:
                node.seat = seat
                node.moves = moves
                node.untried = list(range(len(moves)))
        return node

    def _estimate(self, sim: Sim) -> tuple[float, ...]:
        """The value of an unfinished position: the evaluation's, clipped to [0, 1], or a draw."""
        if self.evaluate is None:
            return (0.5,) * self.n_seats
        values = tuple(min(1.0, max(0.0, float(v))) for v in self.evaluate(sim))
        if len(values) != self.n_seats:
            raise EngineError(f"the evaluation gave {len(values)} values for {self.n_seats} seats")
        return values

    def _playout(self, sim: Sim) -> tuple[float, ...] | None:
        """Random moves and true chance draws from ``sim`` to the end, or to the cap. When the
        deadline passes meanwhile: None (abandon the iteration), or, in the first iteration, the
        estimate of the position reached, so that the search has something to go by."""
        rng = self.rng
        cap = self.cap
        deadline = self.deadline
        steps = 0
        while True:
            result = sim.result()
            if result is not None:
                return tuple(result)
            if cap is not None and steps >= cap:
                return self._estimate(sim)
            if sim.is_chance():
                sim.chance(rng)
            else:
                moves = sim.moves()
                if not moves:
                    return self._estimate(sim)
                sim.play(moves[rng.randrange(len(moves))])
            steps += 1
            # the clock costs well under 1 µs, a step some µs to (rarely) a tenth of a second
            if deadline is not None and time.perf_counter() >= deadline:
                return self._estimate(sim) if self.root.visits == 0 else None

    # -- one iteration ---------------------------------------------------------------------
    def _select(self, node: _Node) -> tuple[int, _Node]:
        """UCB1 among the children of a fully expanded decision node, for the seat to move."""
        seat = node.seat
        assert seat is not None
        log_n = math.log(node.visits)
        c = self.c
        best: tuple[int, _Node] = node.children[0]
        best_score = -math.inf
        for pair in node.children:
            child = pair[1]
            score = child.totals[seat] / child.visits + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = pair, score
        return best

    def iterate(self) -> bool:
        """Select, expand, play out and back up once; False (nothing backed up) when the
        deadline passed during the play-out. The search ends then: the leaf just made stays in
        the tree with no visits, which only :meth:`ranked` sees (and ranks last)."""
        sim = self.root_sim.copy()
        node = self.root
        path = [node]
        while True:
            if node.terminal is not None:
                reward: tuple[float, ...] | None = node.terminal
                break
            if node.outcomes is not None:  # chance: draw, then follow the outcome's child
                key = _outcome_key(sim, sim.chance(self.rng))
                child = node.outcomes.get(key)
                if child is None:
                    child = node.outcomes[key] = self._node(sim)
                    path.append(child)
                    reward = self._leaf(sim, child)
                    break
                node = child
                path.append(node)
                continue
            if node.untried:  # expand one move not tried yet, chosen at random
                index = node.untried.pop(self.rng.randrange(len(node.untried)))
                sim.play(node.moves[index])
                child = self._node(sim)
                node.children.append((index, child))
                path.append(child)
                reward = self._leaf(sim, child)
                break
            index, child = self._select(node)
            sim.play(node.moves[index])
            node = child
            path.append(node)
        if reward is None:
            return False
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, value in enumerate(reward):
                totals[seat] += value
        return True

    def _leaf(self, sim: Sim, node: _Node) -> tuple[float, ...] | None:
        if node.terminal is not None:
            return node.terminal
        return self._playout(sim)

    # -- the answer ------------------------------------------------------------------------
    def ranked(self) -> list[tuple[int, _Node]]:
        """The root's children, most visited first (ties: the better mean for the seat to
        move, then the order of expansion)."""
        seat = self.root.seat
        assert seat is not None
        order = sorted(
            enumerate(self.root.children),
            key=lambda item: (-item[1][1].visits, -item[1][1].mean(seat), item[0]),
        )
        return [pair for _, pair in order]


def search(
    variant: Variant,
    state: State,
    rng: random.Random,
    *,
    iterations: int = 1000,
    time_limit: float | None = None,
    exploration: float = EXPLORATION,
    playout_cap: int | None = None,
    evaluate: Evaluation | None = None,
    sim: Sim | None = None,
) -> SearchResult:
    """Search ``state`` (a seat to move) and return the most visited move with statistics.

    ``iterations`` and ``time_limit`` (seconds, or None for no limit) bound the search, the
    first reached ends it (at least one iteration runs). ``playout_cap`` limits each play-out
    to that many steps (decisions and chance draws); ``evaluate(sim)`` scores a capped
    play-out (default: ``variant.evaluate`` if the variant has one, else a draw). ``sim`` is
    the Sim to search from (default: :func:`make_sim`).
    """
    start = time.perf_counter()
    if iterations < 1:
        raise ValueError("iterations must be at least 1")
    root = sim if sim is not None else make_sim(variant, state)
    if root.result() is not None or root.is_chance() or root.to_move() is None:
        raise EngineError("the search needs a position with a seat to move")
    moves = root.moves()
    if len(moves) == 1:
        only = moves[0]
        return SearchResult(root.action(only), only, 0, time.perf_counter() - start,
                            [ChildStats(root.action(only), 0, 0.0)])
    if evaluate is None:
        evaluate = getattr(variant, "evaluate", None)
    deadline = None if time_limit is None else start + time_limit
    n_seats = getattr(root, "n_seats", None) or seats(variant)
    tree = _Search(root, rng, n_seats, exploration, playout_cap, evaluate, deadline)
    done = 0
    while done < iterations:
        if done and deadline is not None and time.perf_counter() >= deadline:
            break
        if not tree.iterate():
            break
        done += 1
    ranked = tree.ranked()
    seat = tree.root.seat
    assert seat is not None
    stats = [ChildStats(root.action(tree.root.moves[i]), child.visits, child.mean(seat)) for i, child in ranked]
    best = tree.root.moves[ranked[0][0]]
    return SearchResult(root.action(best), best, done, time.perf_counter() - start, stats)


def best_action(variant: Variant, state: State, rng: random.Random, **budget: Any) -> Action:
    """The action :func:`search` chooses (same keyword arguments)."""
    return search(variant, state, rng, **budget).action
