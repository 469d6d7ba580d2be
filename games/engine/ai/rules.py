"""Computer opponents for the rules-file games (family ``rules``): Monte Carlo tree search.

Every rules-file variant has ``family == "rules"``, so these levels serve every game written
as a rules file, whatever it is: the search (:mod:`games.engine.ai.mcts`) needs nothing but the
Variant protocol (or the variant's fast Sim, ``variant.fast(state)``, where it has one).

Four levels, each a function ``(variant, state, rng) -> Action`` for the seat to move,
deterministic for a given ``rng`` seed whenever the iteration budget binds before the clock:

- ``random``: a legal move drawn uniformly (the baseline);
- ``easy``: 50 iterations, at most 0.25 s;
- ``medium``: 400 iterations, at most 0.75 s;
- ``strong``: 2000 iterations, at most 1.5 s.

The time caps keep a move under 2 s on heavy games (a play-out in progress when the time is up
is abandoned). Play-outs are random to the end of the game, but stop after :data:`PLAYOUT_CAP`
steps (scored as a draw) so that a game that can wander for ever still gets an answer without a
time limit; where the variant has an evaluation (``variant.evaluate(sim)``, a value per seat in
[0, 1]: every rules-file variant has its mechanic's, see ``games/engine/rules/CONTRACT.md``,
"Evaluation") they stop after :data:`EVALUATED_CAP` steps and the evaluation scores them. Short
play-outs give the heavy games (Shatranj, the tafl and war games, Pachisi with its runs of
thousands of throws) many iterations in the time instead of a handful of noisy ones.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.engine.ai import register_player
from games.engine.ai.mcts import SearchResult, search
from games.engine.core import Action, State, Variant

__all__ = ["EVALUATED_CAP", "LEVELS", "PLAYOUT_CAP", "Level", "easy", "medium", "play", "random_move", "search_level", "strong"]

#: Longest random play-out (steps: decisions and chance draws) where no evaluation exists:
#: above the longest finished games seen (random Pachisi, about 5,600 steps).
PLAYOUT_CAP = 10_000
#: Play-out length before the variant's own evaluation scores the position: short, so that the
#: heavy games get many iterations (on Shatranj 0 and 10 won faster than 40 against random).
EVALUATED_CAP = 10


@dataclass(frozen=True)
class Level:
    """A level's budget: iterations, and seconds at most (whichever binds first)."""

    iterations: int
    time_limit: float


LEVELS: dict[str, Level] = {
    "easy": Level(50, 0.25),
    "medium": Level(400, 0.75),
    "strong": Level(2000, 1.5),
}


def play(variant: Variant, state: State, rng: random.Random, level: Level) -> Action:
    """The search's move for the seat to move in ``state`` at ``level``'s budget."""
    return search_level(variant, state, rng, level).action


def search_level(variant: Variant, state: State | None, rng: random.Random, level: Level,
                 sim: Any = None) -> SearchResult:
    """The whole search at ``level``'s budget, from ``state`` or from a fast ``sim`` of it
    (benchmarks play on the Sim without writing states)."""
    cap = EVALUATED_CAP if hasattr(variant, "evaluate") else PLAYOUT_CAP
    return search(
        variant, state, rng, iterations=level.iterations, time_limit=level.time_limit, playout_cap=cap, sim=sim
    )


@register_player("rules", "random")
def random_move(variant: Variant, state: State, rng: random.Random) -> Action:
    """A legal move drawn uniformly: the baseline every family offers (tests, simulations)."""
    legal = variant.legal_actions(state)
    return legal[rng.randrange(len(legal))]


@register_player("rules", "easy")
def easy(variant: Variant, state: State, rng: random.Random) -> Action:
    return play(variant, state, rng, LEVELS["easy"])


@register_player("rules", "medium")
def medium(variant: Variant, state: State, rng: random.Random) -> Action:
    return play(variant, state, rng, LEVELS["medium"])


@register_player("rules", "strong")
def strong(variant: Variant, state: State, rng: random.Random) -> Action:
    return play(variant, state, rng, LEVELS["strong"])
