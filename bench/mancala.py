"""Béchi benchmark: random whole games per second, and the computer opponents' strength.

    .venv/bin/python bench/mancala.py [--games 1000] [--seconds 3] [--processes 2] [--holes 4 3]

1. Speed. Random whole games (every action drawn uniformly from the legal ones, to the end of
   the game) through the engine's public interface, per board size: games/s and actions/s, with
   the ratio to a reference measured in the same run. The reference (``Reference`` below) is a
   deliberately plain implementation of the same rules, the way a first pure-Python version is
   usually written: a dict of nested lists as the state, a deep copy per action, coordinates
   walked hole by hole. It is checked against the engine first (the same actions must give the
   same boards), so the ratio compares like with like.
2. Strength. The ``strong`` level against ``random``, ``easy`` and ``medium``, and ``medium``
   against ``easy``, N games each per board size, sides alternating, in ``--processes`` worker
   processes; the win rates.
"""
from __future__ import annotations

import argparse
import copy
import multiprocessing
import random
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import get_variant  # noqa: E402
from games.engine.ai import choose  # noqa: E402

bechi = get_variant("mancala.bechi")
MAX_ACTIONS = 20_000  # a game longer than this counts as not won (none has come near)


# -- the reference: the same rules, written plainly ------------------------------------------------
class Reference:
    """Béchi as a straightforward first implementation would have it (defaults: no shu trick,
    repetition limits 3)."""

    def __init__(self, holes: int) -> None:
        self.n = holes

    def new_game(self) -> dict[str, Any]:
        n = self.n
        s = {
            "rows": [[6] * n, [6] * n], "closed": [[False] * n, [False] * n], "sown": [[False] * n, [False] * n],
            "captured": [0, 0], "aside": [0, 0], "to_move": 0, "starter": 0, "phase": "sow", "round": 1,
            "history": [], "rounds": [[6 * n, 6 * n, 0]],
        }
        s["history"].append(self.key(s))
        return s

    def key(self, s: dict[str, Any]) -> str:
        return repr((s["rows"], s["to_move"]))

    def can_move(self, s: dict[str, Any], side: int) -> bool:
        return any(c >= 2 for c in s["rows"][side])

    def legal_actions(self, s: dict[str, Any]) -> list[dict[str, Any]]:
        n = self.n
        if s["phase"] == "sow":
            out: list[dict[str, Any]] = []
            for i in range(n):
                if s["rows"][s["to_move"]][i] >= 2:
                    if n % 2 == 1 and i == n // 2:
                        out.append({"hole": i, "direction": "clockwise"})
                        out.append({"hole": i, "direction": "anticlockwise"})
                    else:
                        out.append({"hole": i})
            return out
        if s["phase"] == "leave_empty":
            filled = s["aside"][s["to_move"]] // 6
            return [{"leave_empty": list(c)} for c in combinations(range(n), n - filled)]
        return []

    def next_hole(self, row: int, i: int, direction: str) -> tuple[int, int]:
        # Anticlockwise: along the row to its owner's right end, then into the other row at its
        # owner's left end. Clockwise: the other way.
        if direction == "anticlockwise":
            return (row, i + 1) if i + 1 < self.n else (1 - row, 0)
        return (row, i - 1) if i > 0 else (1 - row, self.n - 1)

    def apply(self, state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
        if action not in self.legal_actions(state):
            raise ValueError("illegal")
        s = copy.deepcopy(state)
        n = self.n
        if s["phase"] == "leave_empty":
            side = s["to_move"]
            for i in range(n):
                if i in action["leave_empty"]:
                    s["closed"][side][i] = True
                else:
                    s["rows"][side][i] = 6
            s["aside"][side] -= 6 * (n - len(action["leave_empty"]))
            s["phase"] = "sow"
            s["to_move"] = s["starter"]
            s["history"] = [self.key(s)]
            return s
        side = s["to_move"]
        hole = action["hole"]
        direction = action.get("direction") or ("clockwise" if hole < n / 2 else "anticlockwise")
        counters = s["rows"][side][hole]
        s["rows"][side][hole] = 1
        counters -= 1
        was_sown = copy.deepcopy(s["sown"])
        row, i = side, hole
        while counters > 0:
            row, i = self.next_hole(row, i, direction)
            if s["closed"][row][i]:
                continue
            s["rows"][row][i] += 1
            counters -= 1
        s["sown"][side][hole] = True
        captured_before = s["captured"][side]
        if s["rows"][row][i] % 2 == 0 and was_sown[row][i]:
            start = (row, i)
            while s["rows"][row][i] > 0 and s["rows"][row][i] % 2 == 0:
                s["captured"][side] += s["rows"][row][i]
                s["rows"][row][i] = 0
                row, i = self.next_hole(row, i, direction)
                if s["closed"][row][i] or (row, i) == start:
                    break  # a hole left empty ends the chain (the engine's default, chain_skips_left_empty off)
        irreversible = s["captured"][side] != captured_before or s["sown"] != was_sown
        if self.can_move(s, 1 - side):
            s["to_move"] = 1 - side
        elif self.can_move(s, side):
            s["to_move"] = side
        else:
            return self.end_round(s)
        if irreversible:
            s["history"] = []
        s["history"].append(self.key(s))
        if s["history"].count(self.key(s)) >= 3:
            return self.end_round(s)
        return s

    def end_round(self, s: dict[str, Any]) -> dict[str, Any]:
        n = self.n
        totals = []
        for side in (0, 1):
            s["captured"][side] += sum(s["rows"][side])
            s["rows"][side] = [0] * n
            totals.append(s["captured"][side] + s["aside"][side])
        s["starter"] = 1 - s["starter"]
        s["rounds"].append([totals[0], totals[1], s["starter"]])
        if min(totals) < 6 or s["rounds"].count(s["rounds"][-1]) >= 3:
            s["phase"] = "over"
            s["to_move"] = None
            return s
        s["round"] += 1
        s["closed"] = [[False] * n, [False] * n]
        s["sown"] = [[False] * n, [False] * n]
        s["captured"] = [0, 0]
        s["phase"] = "sow"
        s["to_move"] = s["starter"]
        for side in (0, 1):
            if totals[side] >= 6 * n:
                s["rows"][side] = [6] * n
                s["aside"][side] = totals[side] - 6 * n
            else:
                s["aside"][side] = totals[side]
                s["phase"] = "leave_empty"
                s["to_move"] = side
        s["history"] = [self.key(s)] if s["phase"] == "sow" else []
        return s


def cross_check(holes: int, games: int = 30) -> None:
    """The reference must agree with the engine, action by action, on random games."""
    ref = Reference(holes)
    for seed in range(games):
        rng = random.Random(seed)
        s, r = bechi.new_game({"holes": holes, "round_one": "side0"}), ref.new_game()
        while bechi.outcome(s) is None:
            action = rng.choice(bechi.legal_actions(s))
            assert [a.to_json() for a in bechi.legal_actions(s)] == ref.legal_actions(r)
            s, r = bechi.apply(s, action), ref.apply(r, action.to_json())
            data = s.to_json()
            fields = ["rows", "captured", "aside", "phase", "to_move"]
            if data["phase"] != "over":
                fields += ["closed", "sown", "round", "starter"]
            for field in fields:
                assert data[field] == r[field], (seed, field, data[field], r[field])
        assert r["phase"] == "over"


# -- speed -----------------------------------------------------------------------------------------
def random_games_engine(holes: int, seeds: range) -> int:
    """Play one random game per seed to the end; the number of actions played."""
    options = {"holes": holes, "round_one": "side0"}  # as the reference: side 0 begins (the default draws lots)
    apply, legal, outcome = bechi.apply, bechi.legal_actions, bechi.outcome
    actions = 0
    for seed in seeds:
        rng = random.Random(seed)
        s = bechi.new_game(options)
        while outcome(s) is None:
            s = apply(s, rng.choice(legal(s)))
            actions += 1
    return actions


def random_games_reference(holes: int, seeds: range) -> int:
    ref = Reference(holes)
    actions = 0
    for seed in seeds:
        rng = random.Random(seed)
        s = ref.new_game()
        while s["phase"] != "over":
            s = ref.apply(s, rng.choice(ref.legal_actions(s)))
            actions += 1
    return actions


def speed(holes: int, seconds: float) -> None:
    """The same random games (seeds 0, 1, ...: both implementations offer the same actions in
    the same order, so the same games are played) through the reference and then the engine."""
    games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:  # as many games as the reference plays in time
        random_games_reference(holes, range(games, games + 10))
        games += 10
    ref_time = time.perf_counter() - t0
    t0 = time.perf_counter()
    actions = random_games_engine(holes, range(games))
    engine_time = time.perf_counter() - t0
    print(f"{holes:>5} {'reference':>10} {games / ref_time:>10.0f} {actions / ref_time:>11.0f} {1:>7.2f}")
    print(f"{holes:>5} {'engine':>10} {games / engine_time:>10.0f} {actions / engine_time:>11.0f} "
          f"{ref_time / engine_time:>7.2f}   ({games} games, {actions} actions)")


# -- strength --------------------------------------------------------------------------------------
#: (player, opponent) pairs measured: the strong level against each weaker one, and medium (the
#: level offered first) against easy.
MATCHUPS = (("strong", "random"), ("strong", "easy"), ("strong", "medium"), ("medium", "easy"))


def duel(job: tuple[int, str, str, int]) -> tuple[int, str, str, bool, int]:
    """One game of ``player`` against ``opponent``; ``player`` plays side ``seed % 2``."""
    holes, player, opponent, seed = job
    side = seed % 2
    levels = {side: player, 1 - side: opponent}
    rng = random.Random(seed)
    s = bechi.new_game({"holes": holes, "round_one": "side0"})
    count = 0
    while bechi.outcome(s) is None and count < MAX_ACTIONS:
        s = bechi.apply(s, choose(bechi, s, levels[bechi.to_move(s)], rng))
        count += 1
    outcome = bechi.outcome(s)
    return holes, player, opponent, outcome is not None and outcome.winner == side, count


def strength(games: int, processes: int, sizes: list[int]) -> None:
    jobs = [(h, player, opp, seed) for h in sizes for player, opp in MATCHUPS for seed in range(games)]
    wins: dict[tuple[int, str, str], int] = {}
    plays: dict[tuple[int, str, str], int] = {}
    lengths: dict[tuple[int, str, str], int] = {}
    t0 = time.perf_counter()
    step = max(1, len(jobs) // 20)
    with multiprocessing.Pool(processes) as pool:
        for done, (h, player, opp, won, count) in enumerate(pool.imap_unordered(duel, jobs, chunksize=8), 1):
            k = (h, player, opp)
            wins[k] = wins.get(k, 0) + won
            plays[k] = plays.get(k, 0) + 1
            lengths[k] = lengths.get(k, 0) + count
            if done % step == 0 or done == len(jobs):
                print(f"  ... {done}/{len(jobs)} games, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    print(f"\nthe levels against each other ({games} games each, sides alternating, {processes} processes, "
          f"{time.perf_counter() - t0:.0f} s)")
    print(f"{'holes':>5} {'level':>7} {'opponent':>9} {'wins':>6} {'win rate':>9} {'actions/game':>13}")
    for h in sizes:
        for player, opp in MATCHUPS:
            k = (h, player, opp)
            print(f"{h:>5} {player:>7} {opp:>9} {wins[k]:>6} {wins[k] / plays[k]:>8.1%} {lengths[k] / plays[k]:>13.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per opponent and board size (default 1000)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per speed measurement (default 3)")
    parser.add_argument("--processes", type=int, default=2, help="worker processes for the strength games")
    parser.add_argument("--holes", type=int, nargs="+", default=[4, 3], choices=[4, 3])
    args = parser.parse_args()

    print("Béchi (mancala.bechi), random whole games through the public interface")
    for h in args.holes:
        cross_check(h)
    print(f"{'holes':>5} {'':>10} {'games/s':>10} {'actions/s':>11} {'x ref':>7}")
    for h in args.holes:
        speed(h, args.seconds)
    if args.games > 0:
        strength(args.games, args.processes, args.holes)


if __name__ == "__main__":
    main()
