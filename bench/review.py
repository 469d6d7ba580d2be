"""Review benchmark: seconds to review a whole game, per ruleset (issue 37).

    .venv/bin/python bench/review.py [--games 2] [--keys tables.backgammon,race.ur,...] [--level easy]

For each ruleset, ``--games`` whole games are played first (both sides at ``--level``, seeds
fixed, one game, no cube: ``simulate.simulation_options``), untimed, and logged as a match logs
them (side, by, action, notation). Then each game's log is reviewed from its start by
``games.engine.review.review`` (the function behind ``GET /api/v1/matches/<id>/review/``,
without its cache), and the review's wall time is printed: seconds per game (median, max),
decisions judged per game, and the share of decisions marked as mistakes or blunders.

The reference, measured in the same run, is a fixed amount of plain-Python work (the
``reference_loop`` below: a million additions and comparisons in a loop); every time is also
printed as a ratio to it, so runs on different machines compare.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import get_variant  # noqa: E402
from games.engine.ai import choose  # noqa: E402
from games.engine.review import review  # noqa: E402
from games.engine.simulate import simulation_options  # noqa: E402

KEYS = ("tables.backgammon", "tables.ses-bes", "race.ur", "race.senet", "mancala.bechi", "line.nine-mens-morris")
MAX_ACTIONS = 20_000


def reference_loop() -> float:
    """Seconds for a fixed plain-Python loop (the reference every figure is divided by)."""
    start = time.perf_counter()
    total = 0
    for i in range(1_000_000):
        if i % 3 == 0:
            total += i
    return time.perf_counter() - start


def play(key: str, level: str, seed: int) -> tuple[Any, Any, list[dict[str, Any]]]:
    """One whole game of ``key`` at ``level`` on both sides: the variant, the start, the log."""
    variant = get_variant(key)
    rng = random.Random(f"review-bench:{key}:{seed}")
    state = start = variant.new_game(simulation_options(variant, {}))
    log: list[dict[str, Any]] = []
    for _ in range(MAX_ACTIONS):
        if variant.outcome(state) is not None:
            return variant, start, log
        if variant.is_chance(state):
            action, side, by = variant.draw(state, rng), None, "chance"
        else:
            side = variant.to_move(state)
            action, by = choose(variant, state, level, rng), "computer"
        log.append({"side": side, "by": by, "action": action.to_json(), "notation": variant.describe(state, action)})
        state = variant.apply(state, action)
    raise SystemExit(f"{key}: a game did not end within {MAX_ACTIONS} actions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--keys", default=",".join(KEYS))
    parser.add_argument("--level", default="easy", help="the level both sides play the reviewed games at")
    args = parser.parse_args()
    ref = statistics.median(reference_loop() for _ in range(3))
    print(f"reference loop: {ref * 1000:.1f} ms")
    print(f"{'ruleset':26} {'games':>5} {'decisions':>9} {'s/game':>8} {'max s':>7} {'x ref':>8} "
          f"{'marked':>7} {'complete':>8}")
    for key in args.keys.split(","):
        times, decisions, marked, complete = [], [], [], True
        for seed in range(args.games):
            variant, start, log = play(key, args.level, seed)
            t0 = time.perf_counter()
            result = review(variant, start, log)
            times.append(time.perf_counter() - t0)
            moves = result["moves"]
            decisions.append(len(moves))
            marked.append(sum(1 for m in moves if m["mark"] in ("mistake", "blunder")) / max(1, len(moves)))
            complete = complete and result["complete"]
        median = statistics.median(times)
        print(f"{key:26} {args.games:5} {statistics.mean(decisions):9.0f} {median:8.2f} {max(times):7.2f} "
              f"{median / ref:8.0f} {statistics.mean(marked):7.0%} {'yes' if complete else 'no':>8}")


if __name__ == "__main__":
    main()
