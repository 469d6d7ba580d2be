"""Rules-file games benchmark: random play-outs per CPU-second on the fast path, beside Ludii's.

    .venv/bin/python bench/rules.py [--only KEY] [--seconds 2]

For every rules-file variant (``games/rulesets/``), random play-outs from the start to the end
of the game on ``variant.fast(state)`` (the Sim the opponent searches with: ``copy`` of the
start, then ``moves``/``play`` and ``chance`` until ``result``), each move drawn uniformly,
counted per CPU-second (``time.process_time``) over ``--seconds``. Beside it, Ludii 1.3.13's
random play-outs per CPU-second for the same DLP game (the oracle's ``speed.tsv``: its default
ruleset, one pinned thread, on another machine, so indicative), and the ratio ours / Ludii. The
median and the minimum of that ratio over the games close the table.

The reference (``PlainTicTacToe``) is a fixed amount of plain-Python work measured in the same
run: random tic-tac-toe games on a list, the winning lines checked by ``if``s. Each game's
play-outs per second are also printed as a ratio to it, so runs on different machines compare.

A play-out longer than ``CAP`` steps is stopped and counted apart (none should be: every file
ends its random games by its own rules).
"""
from __future__ import annotations

import argparse
import csv
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine.rules.game import random_playout  # noqa: E402
from games.engine.rules import catalogue, rules_variant  # noqa: E402
from games.engine.rules.ludii import ORACLE  # noqa: E402

CAP = 100_000
MCTS = Path(__file__).resolve().parent.parent / "games" / "engine" / "ai" / "mcts.py"


# -- the reference: random tic-tac-toe, written plainly ----------------------------------------
class PlainTicTacToe:
    LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

    def playout(self, rng: random.Random) -> int:
        board = [0] * 9
        player = 1
        for _ in range(9):
            empty = [i for i in range(9) if board[i] == 0]
            board[rng.choice(empty)] = player
            for a, b, c in self.LINES:
                if board[a] == board[b] == board[c] == player:
                    return player
            player = 3 - player
        return 0


def time_reference(seconds: float) -> float:
    ref, rng = PlainTicTacToe(), random.Random(5)
    n, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        ref.playout(rng)
        n += 1
    return n / (time.process_time() - start)


# -- the rules files --------------------------------------------------------------------------
def time_playouts(key: str, seconds: float) -> tuple[float, float, int, int]:
    """Play-outs per CPU-second, mean steps per play-out, play-outs, and those stopped at CAP."""
    variant = rules_variant(key)
    start_sim = variant.fast(variant.new_game({}))
    rng = random.Random(5)
    n = steps = capped = 0
    start = time.process_time()
    while time.process_time() - start < seconds or n == 0:
        sim = start_sim.copy()
        k = random_playout(sim, rng, CAP)
        capped += sim.outcome() is None
        steps += k
        n += 1
    elapsed = time.process_time() - start
    return n / elapsed, steps / n, n, capped


def ludii_speed() -> dict[int, tuple[float, float]]:
    """DLP game id -> (Ludii's play-outs per CPU-second, its mean moves per play-out)."""
    path = ORACLE / "speed.tsv"
    if not path.exists():
        return {}
    out = {}
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            try:
                out[int(row["dlp_game_id"])] = (float(row["playouts_per_cpu_s"]), float(row["avg_moves"]))
            except (KeyError, ValueError):
                continue
    return out


def speed_section(args: argparse.Namespace) -> None:
    files = [rf for rf in catalogue() if args.only in (None, rf.key)]
    if not files:
        sys.exit(f"no rules file {args.only!r}" if args.only else "no rules files")
    ref = time_reference(args.seconds)
    ludii = ludii_speed()
    print(f"reference (plain random tic-tac-toe): {ref:10.0f} play-outs/CPU-s")
    width = max(len(rf.key) for rf in files)
    print(f"{'rules file':{width}} {'ours/s':>9} {'steps':>7} {'Ludii/s':>9} {'moves':>7} "
          f"{'ours/Ludii':>10} {'ours/ref':>9}")
    ratios = []
    for rf in files:
        per_s, steps, n, capped = time_playouts(rf.key, args.seconds)
        lud = ludii.get(rf.dlp_game or -1)
        line = f"{rf.key:{width}} {per_s:9.1f} {steps:7.0f} "
        if lud:
            ratio = per_s / lud[0]
            ratios.append((ratio, rf.key))
            line += f"{lud[0]:9.1f} {lud[1]:7.0f} {ratio:10.2f} "
        else:
            line += f"{'-':>9} {'-':>7} {'-':>10} "
        line += f"{per_s / ref:9.5f}  ({n} play-outs{f', {capped} stopped at {CAP} steps' if capped else ''})"
        print(line)
    if ratios:
        low = min(ratios)
        print(f"ours / Ludii over {len(ratios)} games: median {statistics.median(r for r, _ in ratios):.2f}, "
              f"minimum {low[0]:.2f} ({low[1]})")


def opponent_section(args: argparse.Namespace) -> None:
    """The computer opponents of the rules-file games (levels of family ``rules``).

    A hook for the opponent's figures (strength, time per move), which come with the opponent's
    own work; until then it prints nothing, and without games/engine/ai/mcts.py it does nothing.
    """
    if not MCTS.exists():
        return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", metavar="KEY", help="one rules file's variant key")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU-seconds per measurement")
    args = parser.parse_args()
    speed_section(args)
    opponent_section(args)


if __name__ == "__main__":
    main()
