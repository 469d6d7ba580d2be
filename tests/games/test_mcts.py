"""The generic opponent (games/engine/ai/mcts.py, levels in games/engine/ai/rules.py).

The toy games below implement the whole Variant protocol of games/engine/core.py; none is
registered, so the catalogue is untouched. No database is needed.
"""
from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from games.engine import get_variant
from games.engine.ai import choose, levels
from games.engine.ai.mcts import ProtocolSim, make_sim, rewards, search, seats, sides
from games.engine.core import Action, IllegalAction, Outcome, State, Variant

# -- toy games -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ToyState(State):
    """Any toy's position: ``data`` its board (a tuple), ``seat`` who moves (None: chance),
    ``winner`` once over (-1 for a draw)."""

    data: tuple[Any, ...]
    seat: int | None
    winner: int | None = None
    over: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"data": list(self.data), "seat": self.seat, "winner": self.winner, "over": self.over}


class Toy(Variant):
    """What every toy shares; each says its moves in ``actions`` and their effect in ``after``."""

    family = "toy"
    options: dict = {}

    def start(self) -> ToyState:
        raise NotImplementedError

    def actions(self, state: ToyState) -> list[Action]:
        raise NotImplementedError

    def after(self, state: ToyState, action: Action) -> ToyState:
        raise NotImplementedError

    def new_game(self, options: Mapping[str, Any] | None = None) -> ToyState:
        self.validate_options(options)
        return self.start()

    def legal_actions(self, state: ToyState) -> list[Action]:  # type: ignore[override]
        return [] if state.over else self.actions(state)

    def apply(self, state: ToyState, action: Action | Mapping[str, Any]) -> ToyState:  # type: ignore[override]
        return self.after(state, self._check_action(state, action))

    def outcome(self, state: ToyState) -> Outcome | None:  # type: ignore[override]
        if not state.over:
            return None
        return Outcome(None if state.winner == -1 else state.winner, 1, "end")

    def to_move(self, state: ToyState) -> int | None:  # type: ignore[override]
        return None if state.over else state.seat

    def is_chance(self, state: ToyState) -> bool:  # type: ignore[override]
        return not state.over and state.seat is None

    def draw(self, state: ToyState, rng: random.Random) -> Action:  # type: ignore[override]
        return rng.choice(self.legal_actions(state))

    def state_from_json(self, data: Mapping[str, Any] | str) -> ToyState:  # type: ignore[override]
        raise NotImplementedError


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def _line_winner(cells: tuple[int, ...]) -> int | None:
    for a, b, c in LINES:
        if cells[a] != -1 and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


class TicTacToe(Toy):
    """Cells 0..8 (row by row), -1 empty. Family ``rules`` so the registered levels play it."""

    key, title, family = "toy.tictactoe", "Tic-tac-toe", "rules"

    def start(self) -> ToyState:
        return ToyState((-1,) * 9, 0)

    def actions(self, state: ToyState) -> list[Action]:
        return [Action(cell=i) for i, c in enumerate(state.data) if c == -1]

    def after(self, state: ToyState, action: Action) -> ToyState:
        cells = list(state.data)
        cells[action["cell"]] = state.seat
        won = _line_winner(tuple(cells))
        full = -1 not in cells
        return ToyState(tuple(cells), 1 - state.seat, won if won is not None else (-1 if full else None),
                        won is not None or full)


def ttt(board: str, seat: int) -> ToyState:
    """A tic-tac-toe position from nine characters, X (seat 0), O (seat 1) or '.'."""
    return ToyState(tuple({"X": 0, "O": 1, ".": -1}[ch] for ch in board), seat)


class TicTacToeSim:
    """A mutable fast Sim for tic-tac-toe whose moves are bare cell numbers."""

    def __init__(self, cells: list[int], seat: int, winner: int | None, over: bool) -> None:
        self.cells, self.seat, self.winner, self.over = cells, seat, winner, over

    def copy(self) -> TicTacToeSim:
        return TicTacToeSim(self.cells[:], self.seat, self.winner, self.over)

    def to_move(self) -> int | None:
        return None if self.over else self.seat

    def is_chance(self) -> bool:
        return False

    def moves(self) -> list[int]:
        return [] if self.over else [i for i, c in enumerate(self.cells) if c == -1]

    def play(self, move: int) -> None:
        self.cells[move] = self.seat
        self.seat = 1 - self.seat
        won = _line_winner(tuple(self.cells))
        if won is not None or -1 not in self.cells:
            self.over, self.winner = True, -1 if won is None else won

    def chance(self, rng: random.Random) -> None:
        raise IllegalAction("no chance in tic-tac-toe")

    def result(self) -> tuple[float, ...] | None:
        if not self.over:
            return None
        return (0.5, 0.5) if self.winner == -1 else tuple(1.0 if s == self.winner else 0.0 for s in (0, 1))

    def action(self, move: int) -> Action:
        return Action(cell=move)

    def state(self) -> ToyState:
        return ToyState(tuple(self.cells), self.seat, self.winner, self.over)


class FastTicTacToe(TicTacToe):
    key = "toy.tictactoe-fast"

    def fast(self, state: ToyState) -> TicTacToeSim:
        return TicTacToeSim(list(state.data), state.seat, state.winner, state.over)


class Nim(Toy):
    """Heaps of stones; take any number from one heap; who takes the last stone wins."""

    key, title = "toy.nim", "Nim"

    def __init__(self, heaps: tuple[int, ...] = (1, 3, 5, 7)) -> None:
        self.heaps = heaps

    def start(self) -> ToyState:
        return ToyState(self.heaps, 0)

    def actions(self, state: ToyState) -> list[Action]:
        return [Action(heap=h, take=n) for h, size in enumerate(state.data) for n in range(1, size + 1)]

    def after(self, state: ToyState, action: Action) -> ToyState:
        heaps = list(state.data)
        heaps[action["heap"]] -= action["take"]
        done = not any(heaps)
        return ToyState(tuple(heaps), 1 - state.seat, state.seat if done else None, done)


class Counter(Toy):
    """``players`` seats in turn add 1, 2 or 3 to a shared count; who reaches ``target`` wins."""

    key, title = "toy.counter", "Counter"

    def __init__(self, players: int = 3, target: int = 10, teams: list[list[int]] | None = None) -> None:
        self.players, self.target, self.teams = players, target, teams
        self.turns = players  # how many take turns (the seats, or the sides they play as)

    def start(self) -> ToyState:
        return ToyState((0,), 0)

    def actions(self, state: ToyState) -> list[Action]:
        return [Action(add=k) for k in (1, 2, 3) if state.data[0] + k <= self.target]

    def after(self, state: ToyState, action: Action) -> ToyState:
        count = state.data[0] + action["add"]
        done = count == self.target
        return ToyState((count,), (state.seat + 1) % self.turns, state.seat if done else None, done)


class ChainNim(Toy):
    """One heap; a turn takes one stone at a time, one to three stones, and the mover says
    ``stop`` after the first or second: a multi-step turn. Who takes the last stone wins."""

    key, title = "toy.chain-nim", "Chain Nim"

    def start(self) -> ToyState:
        return ToyState((10, 0), 0)

    def actions(self, state: ToyState) -> list[Action]:
        heap, taken = state.data
        out = [Action(take=1)] if heap and taken < 3 else []
        return out + ([Action(stop=True)] if 0 < taken < 3 else [])

    def after(self, state: ToyState, action: Action) -> ToyState:
        heap, taken = state.data
        if "stop" in action:
            return ToyState((heap, 0), 1 - state.seat)
        if heap == 1:
            return ToyState((0, taken + 1), state.seat, state.seat, True)
        if taken + 1 == 3:
            return ToyState((heap - 1, 0), 1 - state.seat)
        return ToyState((heap - 1, taken + 1), state.seat)


class Gamble(Toy):
    """Seat 0 bets ``safe`` (wins on a die of 4 or more) or ``bold`` (the die must show 2 or
    more, and then seat 1, seeing it, names a number: naming the die wins for seat 1). Random
    play-outs favour ``bold`` (5/6 x 5/6); the tree, seeing seat 1 answer, must learn it is lost."""

    key, title = "toy.gamble", "Gamble"

    def start(self) -> ToyState:
        return ToyState(("bet", None, None), 0)

    def actions(self, state: ToyState) -> list[Action]:
        phase = state.data[0]
        if phase == "bet":
            return [Action(bet="bold"), Action(bet="safe")]
        if phase == "roll":
            return [Action(die=d) for d in range(1, 7)]
        return [Action(name=d) for d in range(1, 7)]

    def after(self, state: ToyState, action: Action) -> ToyState:
        phase, bet, die = state.data
        if phase == "bet":
            return ToyState(("roll", action["bet"], None), None)
        if phase == "roll":
            die = action["die"]
            if bet == "safe":
                return ToyState(("done", bet, die), 1, 0 if die >= 4 else 1, True)
            if die == 1:
                return ToyState(("done", bet, die), 1, 1, True)
            return ToyState(("name", bet, die), 1)
        return ToyState(("done", bet, die), 0, 1 if action["name"] == die else 0, True)


# -- helpers -------------------------------------------------------------------------------


def random_move(variant: Variant, state: State, rng: random.Random) -> Action:
    return rng.choice(variant.legal_actions(state))


def play_game(variant: Variant, players: list, rng: random.Random) -> Outcome:
    state = variant.new_game()
    while variant.outcome(state) is None:
        if variant.is_chance(state):
            state = variant.apply(state, variant.draw(state, rng))
        else:
            state = variant.apply(state, players[variant.to_move(state)](variant, state, rng))
    return variant.outcome(state)


def ur_position() -> State:
    """Royal Ur, side 0 to move a throw of 2 with three pieces to choose from."""
    return get_variant("race.ur").state_from_json(
        {"pieces": [[0, 0, 0, 0, 0, 3, 6], [0, 0, 0, 0, 0, 1, 4]], "to_move": 0, "phase": "move",
         "throw": {"dice": [1, 1, 0, 0]}})


def mcts_player(**budget: Any):
    return lambda variant, state, rng: search(variant, state, rng, **budget).action


# -- tactics -------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", [TicTacToe(), FastTicTacToe()], ids=["protocol", "fast"])
def test_takes_the_immediate_win(variant: TicTacToe) -> None:
    # X to move: 2 completes the top row (O threatens 3-4-5 too, but winning comes first).
    state = ttt("XX.OO....", 0)
    for seed in range(5):
        assert search(variant, state, random.Random(seed), iterations=300).action == Action(cell=2)


@pytest.mark.parametrize("variant", [TicTacToe(), FastTicTacToe()], ids=["protocol", "fast"])
def test_blocks_the_immediate_loss(variant: TicTacToe) -> None:
    # O to move: X threatens 0-4-8; only 8 stops it.
    state = ttt("X..OX....", 1)
    for seed in range(5):
        assert search(variant, state, random.Random(seed), iterations=500).action == Action(cell=8)


def test_three_seats_take_the_win_and_score_per_seat() -> None:
    game = Counter(players=3, target=10)
    state = ToyState((8,), 2)
    assert search(game, state, random.Random(0), iterations=100).action == Action(add=2)
    assert rewards(game, Outcome(2, 1, "end")) == (0.0, 0.0, 1.0)
    assert rewards(game, Outcome(None, 0, "draw")) == (0.5, 0.5, 0.5)
    assert seats(game) == 3


def test_teammates_share_the_win() -> None:
    game = Counter(players=4, target=10, teams=[[0, 2], [1, 3]])
    assert rewards(game, Outcome(3, 1, "end")) == (0.0, 1.0, 0.0, 1.0)
    # seat 0 at 9 can win at once; its team wins either way only if it takes it
    assert search(game, ToyState((9,), 0), random.Random(0), iterations=50).action == Action(add=1)


def test_teams_played_as_sides_are_scored_per_side() -> None:
    # Four seats in two teams that the public protocol plays as two sides (as a rules file
    # does): the outcome names a side, and ProtocolSim scores sides.
    game = Counter(players=2, target=10, teams=[[0, 1], [2, 3]])  # two take turns ...
    game.players, game.sides = 4, 2  # ... as the sides of four seats
    assert (seats(game), sides(game)) == (4, 2)
    assert rewards(game, Outcome(1, 1, "end")) == (0.0, 1.0)
    sim = ProtocolSim(game, ToyState((9,), 1))
    assert sim.n_seats == 2
    sim.play(Action(add=1))
    assert sim.result() == (0.0, 1.0)
    assert search(game, ToyState((7,), 0), random.Random(0), iterations=200).action == Action(add=3)


def test_a_multi_step_turn_is_consecutive_decisions() -> None:
    # Take-1-to-3, one stone a step: leaving a multiple of four wins. From 6, take two and stop.
    game = ChainNim()
    rng = random.Random(0)
    assert search(game, ToyState((6, 0), 0), rng, iterations=600).action == Action(take=1)
    assert search(game, ToyState((5, 1), 0), rng, iterations=600).action == Action(take=1)
    assert search(game, ToyState((4, 2), 0), rng, iterations=600).action == Action(stop=True)


def test_chance_nodes_carry_the_opponents_answer() -> None:
    game = Gamble()
    for seed in range(3):
        result = search(game, game.new_game(), random.Random(seed), iterations=1500)
        assert result.action == Action(bet="safe"), result.children


def test_a_lone_move_is_returned_unsearched() -> None:
    result = search(TicTacToe(), ttt("XOXXOOOX.", 0), random.Random(0), iterations=1000)
    assert (result.action, result.iterations) == (Action(cell=8), 0)


# -- strength ------------------------------------------------------------------------------


def test_beats_random_at_nim() -> None:
    game = Nim((1, 3, 5, 7))
    rng = random.Random(7)
    smart = mcts_player(iterations=100)
    wins = 0
    for _ in range(20):  # 20 pairs: the search on each side once
        wins += play_game(game, [smart, random_move], rng).winner == 0
        wins += play_game(game, [random_move, smart], rng).winner == 1
    assert wins >= 38, wins


def test_never_loses_to_random_at_tictactoe() -> None:
    game = FastTicTacToe()
    rng = random.Random(3)
    smart = mcts_player(iterations=400)
    for _ in range(5):
        assert play_game(game, [smart, random_move], rng).winner != 1
        assert play_game(game, [random_move, smart], rng).winner != 0


def test_three_seats_against_two_random_players() -> None:
    game = Counter(players=3, target=10)
    rng = random.Random(5)
    smart = mcts_player(iterations=200)
    wins = sum(play_game(game, [random_move, smart, random_move], rng).winner == 1 for _ in range(30))
    assert wins >= 20, wins  # a random seat wins a third


# -- Ur: a real chance game through the protocol -----------------------------------------


def test_plays_ur_through_throws() -> None:
    ur = get_variant("race.ur")
    rng = random.Random(11)
    state = ur.new_game()
    decisions = 0
    while decisions < 12 and ur.outcome(state) is None:
        if ur.is_chance(state):
            state = ur.apply(state, ur.draw(state, rng))
            continue
        action = search(ur, state, rng, iterations=25, playout_cap=60).action
        assert action in ur.legal_actions(state)
        state = ur.apply(state, action)
        decisions += 1
    assert decisions == 12


def test_deterministic_for_a_seed() -> None:
    ur = get_variant("race.ur")
    state = ur_position()
    one = search(ur, state, random.Random(4), iterations=30, playout_cap=80)
    two = search(ur, state, random.Random(4), iterations=30, playout_cap=80)
    assert (one.action, one.children) == (two.action, two.children)
    assert one.iterations == 30 and sum(c.visits for c in one.children) == 30


def test_time_budget_is_honoured() -> None:
    ur = get_variant("race.ur")
    state = ur_position()
    start = time.perf_counter()
    result = search(ur, state, random.Random(0), iterations=10**9, time_limit=0.3)
    elapsed = time.perf_counter() - start
    assert 0 < result.iterations < 10**9
    # a play-out looks at the clock after every step; the margin allows for a busy machine
    assert 0.3 <= result.seconds <= elapsed < 0.8, elapsed


class Forever(Toy):
    """Two seats pass a token back and forth, left or right, for ever: no game ever ends."""

    key, title = "toy.forever", "Forever"

    def start(self) -> ToyState:
        return ToyState((0,), 0)

    def actions(self, state: ToyState) -> list[Action]:
        return [Action(go=-1), Action(go=1)]

    def after(self, state: ToyState, action: Action) -> ToyState:
        return ToyState((state.data[0] + action["go"],), 1 - state.seat)


def test_time_limit_binds_on_a_game_that_never_ends() -> None:
    game = Forever()
    start = time.perf_counter()
    result = search(game, game.new_game(), random.Random(0), iterations=10**6, time_limit=0.1)
    assert time.perf_counter() - start < 0.5
    assert result.iterations >= 1 and result.action in game.legal_actions(game.new_game())
    # with a cap instead, the iteration budget binds and every play-out counts as a draw
    capped = search(game, game.new_game(), random.Random(0), iterations=40, playout_cap=20)
    assert capped.iterations == 40 and all(c.value == 0.5 for c in capped.children)


def test_evaluation_scores_capped_playouts() -> None:
    # An evaluation that says seat 0's best is cell 4; with playout_cap=0 leaves are only
    # evaluated, so the search follows it.
    def centre(sim: Any) -> tuple[float, float]:
        cells = sim.state().data
        return (1.0, 0.0) if cells[4] == 0 else (0.0, 1.0)

    result = search(TicTacToe(), TicTacToe().new_game(), random.Random(0), iterations=50,
                    playout_cap=0, evaluate=centre)
    assert result.action == Action(cell=4)


# -- ProtocolSim against the protocol ----------------------------------------------------


@pytest.mark.parametrize("variant", [get_variant("race.ur"), TicTacToe(), Counter(3, 12), Gamble(), ChainNim()],
                         ids=["ur", "tictactoe", "counter", "gamble", "chain-nim"])
def test_protocol_sim_follows_the_protocol(variant: Variant) -> None:
    for seed in range(3):
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        state = variant.new_game()
        sim = ProtocolSim(variant, state)
        while True:
            assert sim.state() == state
            assert sim.to_move() == variant.to_move(state)
            assert sim.is_chance() == variant.is_chance(state)
            assert sim.result() == rewards(variant, variant.outcome(state))
            if variant.outcome(state) is not None:
                break
            assert list(sim.moves()) == variant.legal_actions(state)
            twin, before = sim.copy(), state
            if variant.is_chance(state):
                state = variant.apply(state, variant.draw(state, rng_a))
                sim.chance(rng_b)
            else:
                i = rng_a.randrange(len(variant.legal_actions(state)))
                assert i == rng_b.randrange(len(sim.moves()))
                state = variant.apply(state, variant.legal_actions(state)[i])
                sim.play(sim.moves()[i])
            assert twin.state() == before  # the copy stayed where it was


def test_fast_sim_is_used_and_searches_alike() -> None:
    fast, slow = FastTicTacToe(), TicTacToe()
    state = ttt("X...O....", 0)
    assert isinstance(make_sim(fast, state), TicTacToeSim)
    assert isinstance(make_sim(slow, state), ProtocolSim)
    a = search(fast, state, random.Random(2), iterations=200)
    b = search(slow, state, random.Random(2), iterations=200)
    assert (a.action, a.children) == (b.action, b.children)


# -- the registered levels --------------------------------------------------------------


def test_levels_are_registered_for_the_rules_family() -> None:
    game = TicTacToe()
    assert levels(game) == ["random", "easy", "medium", "strong"]
    state = ttt("XX.OO....", 1)  # O wins at 5
    for level in ("medium", "strong"):
        assert choose(game, state, level, random.Random(0)) == Action(cell=5)
    assert choose(game, state, "easy", random.Random(0)) in game.legal_actions(state)
