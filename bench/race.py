"""Race games benchmark: random whole games per second, and the computer players' strength.

    .venv/bin/python bench/race.py [--games 20] [--seconds 3] [--only speed|strength] [--keys race.ur,...]

1. Speed. Random whole games (every action drawn uniformly from the legal ones, the throws by
   ``variant.draw``) through the engine's public interface, for every preset: games/s and
   actions/s. The reference (``PlainUr``) is Finkel's Royal Game of Ur written plainly, the way a
   first pure-Python version would be (a dict of lists, a deep copy per action, the rules as
   ``if``s); it is checked against the engine first (the same positions must give the same moves),
   and each preset's actions/s is printed as a ratio to its actions/s in the same run.
2. Strength. ``strong`` against ``random`` and against ``easy``, ``--games`` games per preset and
   opponent, sides alternating, seeds fixed: the strong player's win rate with a 95% interval,
   and its time per decision (median and 95th percentile, single-choice decisions left out).
"""
from __future__ import annotations

import argparse
import copy
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import get_variant  # noqa: E402
from games.engine.ai import choose  # noqa: E402

KEYS = ("race.senet", "race.ur", "race.twenty-squares", "race.58-holes", "race.xii-scripta")


# -- the reference: Finkel's Ur, written plainly ----------------------------------------------------
class PlainUr:
    """Seven pieces a side entering from off the board, 14 squares, 5-12 shared, rosettes on 4, 8
    and 14 (4 and 14 throw again, 8 is safe), capture sends back, bearing off exactly at 15."""

    SHARED = range(5, 13)

    def new_game(self) -> dict[str, Any]:
        return {"pieces": [[0] * 7, [0] * 7], "to_move": 0, "value": None}

    def throw(self, s: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        s = copy.deepcopy(s)
        s["value"] = sum(1 for _ in range(4) if rng.random() < 0.5)
        if not self.moves(s):
            s["value"] = None
            s["to_move"] = 1 - s["to_move"]
        return s

    def moves(self, s: dict[str, Any]) -> list[tuple[int, int]]:
        v = s["value"]
        if not v:
            return []
        me, op = s["pieces"][s["to_move"]], s["pieces"][1 - s["to_move"]]
        out = []
        for p in sorted(set(me)):
            q = p + v
            if p == 15 or q > 15:
                continue
            if q < 15 and q in me:
                continue
            if q == 8 and q in op:
                continue
            out.append((p, q))
        return out

    def move(self, s: dict[str, Any], p: int, q: int) -> dict[str, Any]:
        s = copy.deepcopy(s)
        side = s["to_move"]
        me, op = s["pieces"][side], s["pieces"][1 - side]
        me.remove(p)
        me.append(q)
        if q in self.SHARED and q in op:
            op.remove(q)
            op.append(0)
        s["value"] = None
        if q not in (4, 14):
            s["to_move"] = 1 - side
        return s

    def over(self, s: dict[str, Any]) -> bool:
        return any(all(p == 15 for p in row) for row in s["pieces"])


def check_reference(games: int = 20) -> None:
    """The reference and the engine agree on every position of some random games."""
    ur = get_variant("race.ur")
    plain = PlainUr()
    for seed in range(games):
        rng = random.Random(seed)
        state = ur.new_game({"rules": "finkel"})
        while ur.outcome(state) is None:
            if ur.is_chance(state):
                state = ur.apply(state, ur.draw(state, rng))
                continue
            mine = {"pieces": [list(state.pieces[0]), list(state.pieces[1])], "to_move": state.to_move,
                    "value": state.value[0]}
            engine = {(a["from"], a["to"]) for a in ur.legal_actions(state)}
            assert set(plain.moves(mine)) == engine, (state, plain.moves(mine), engine)
            state = ur.apply(state, rng.choice(ur.legal_actions(state)))


def time_reference(seconds: float) -> tuple[float, float]:
    plain = PlainUr()
    rng = random.Random(5)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = plain.new_game()
        while not plain.over(s):
            s = plain.throw(s, rng)
            actions += 1
            moves = plain.moves(s)
            if moves:
                s = plain.move(s, *rng.choice(moves))
                actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def time_engine(key: str, options: dict[str, Any], seconds: float) -> tuple[float, float, int]:
    v = get_variant(key)
    rng = random.Random(5)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        s = v.new_game(options)
        while v.outcome(s) is None:
            s = v.apply(s, v.draw(s, rng) if v.is_chance(s) else rng.choice(v.legal_actions(s)))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed, games


def bench_speed(keys: list[str], seconds: float) -> None:
    check_reference()
    ref_games, ref_actions = time_reference(seconds)
    print(f"reference (plain Finkel Ur): {ref_games:8.1f} games/s {ref_actions:10.0f} actions/s")
    for key in keys:
        v = get_variant(key)
        for preset in v.PRESETS:
            g, a, n = time_engine(key, {"rules": preset}, seconds)
            print(f"{key:22} {preset:17} {g:8.1f} games/s {a:10.0f} actions/s  ratio {a / ref_actions:5.2f}"
                  f"  ({n} games)")


def interval(wins: int, n: int) -> tuple[float, float]:
    """Wilson's 95% interval for a win rate."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def bench_strength(keys: list[str], games: int) -> None:
    for key in keys:
        v = get_variant(key)
        for preset in v.PRESETS:
            for opponent in ("random", "easy"):
                wins, times = 0, []
                for g in range(games):
                    strong_side = g % 2
                    rng = random.Random(10_000 + g)
                    s = v.new_game({"rules": preset})
                    while v.outcome(s) is None:
                        if v.is_chance(s):
                            s = v.apply(s, v.draw(s, rng))
                            continue
                        level = "strong" if s.to_move == strong_side else opponent
                        t = time.perf_counter()
                        action = choose(v, s, level, rng)
                        if level == "strong" and len(v.legal_actions(s)) > 1:
                            times.append(time.perf_counter() - t)
                        s = v.apply(s, action)
                    wins += v.outcome(s).winner == strong_side
                lo, hi = interval(wins, games)
                times.sort()
                median = times[len(times) // 2] * 1000 if times else 0.0
                p95 = times[int(len(times) * 0.95)] * 1000 if times else 0.0
                print(f"{key:22} {preset:17} strong vs {opponent:6} {wins:4}/{games:<4} = {wins / games:5.0%}"
                      f" (95% {lo:4.0%}-{hi:4.0%})  move median {median:6.1f} ms, p95 {p95:6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per preset and opponent (strength)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per speed measurement")
    parser.add_argument("--only", choices=("speed", "strength"))
    parser.add_argument("--keys", default=",".join(KEYS), help="variant keys, comma separated")
    args = parser.parse_args()
    keys = [k for k in args.keys.split(",") if k]
    if args.only in (None, "speed"):
        bench_speed(keys, args.seconds)
    if args.only in (None, "strength"):
        bench_strength(keys, args.games)


if __name__ == "__main__":
    main()
