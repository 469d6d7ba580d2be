"""Rules-file games benchmark: random play-outs per CPU-second on the fast path, beside Ludii's.

    .venv/bin/python bench/rules.py [--only KEY,...] [--mechanic race] [--seconds 2] [--games 5]
                                    [--levels strong,medium] [--procs 1] [--budget SECONDS] [--no-speed]

For every rules-file variant (``games/rulesets/``), random play-outs from the start to the end
of the game on ``variant.fast(state)`` (the Sim the opponent searches with: ``copy`` of the
start, then ``moves``/``play`` and ``chance`` until ``result``), each move drawn uniformly,
counted per CPU-second (``time.process_time``) over ``--seconds``. Beside it, Ludii 1.3.13's
random play-outs per CPU-second for the same DLP game (the oracle's ``speed.tsv``: its default
ruleset, one pinned thread, on another machine, so indicative), and the ratio ours / Ludii. The
median and the minimum of that ratio over the games close the table, with the games under the
issue's floor (0.05x) and the ten lowest. Ludii timed only its default ruleset of each game, so
where a file plays another ruleset its games can be far longer or shorter than Ludii's; the
table therefore also gives the ratio per move (steps per CPU-second, ours / Ludii's moves per
CPU-second), and the games under the floor are listed with it and with the two lengths.

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
    files = _files(args)
    if not files:
        sys.exit("no rules files")
    ref = time_reference(args.seconds)
    ludii = ludii_speed()
    print(f"reference (plain random tic-tac-toe): {ref:10.0f} play-outs/CPU-s")
    width = max(len(rf.key) for rf in files)
    print(f"{'rules file':{width}} {'ours/s':>9} {'steps':>7} {'Ludii/s':>9} {'moves':>7} "
          f"{'ours/Ludii':>10} {'per move':>8} {'ours/ref':>9}")
    ratios = []
    lengths: dict[str, tuple[float, float, float]] = {}  # key -> (our steps, Ludii's moves, per-move ratio)
    for rf in files:
        per_s, steps, n, capped = time_playouts(rf.key, args.seconds)
        lud = ludii.get(rf.dlp_game or -1)
        line = f"{rf.key:{width}} {per_s:9.1f} {steps:7.0f} "
        if lud:
            ratio = per_s / lud[0]
            per_move = per_s * steps / (lud[0] * lud[1]) if lud[1] else float("nan")
            ratios.append((ratio, rf.key))
            lengths[rf.key] = (steps, lud[1], per_move)
            line += f"{lud[0]:9.1f} {lud[1]:7.0f} {ratio:10.2f} {per_move:8.2f} "
        else:
            line += f"{'-':>9} {'-':>7} {'-':>10} {'-':>8} "
        line += f"{per_s / ref:9.5f}  ({n} play-outs{f', {capped} stopped at {CAP} steps' if capped else ''})"
        print(line)
    if ratios:
        low = min(ratios)
        print(f"ours / Ludii over {len(ratios)} games: median {statistics.median(r for r, _ in ratios):.2f}, "
              f"minimum {low[0]:.2f} ({low[1]})")
        under = sorted(r for r in ratios if r[0] < 0.05)
        print(f"under 0.05x (the issue's floor): {len(under)}"
              + (f" ({', '.join(f'{k} {r:.3f}' for r, k in under)})" if under else ""))
        for r, k in under:
            ours, theirs, per_move = lengths[k]
            print(f"  {k}: {ours:.0f} steps a game against Ludii's {theirs:.0f} (its default ruleset), "
                  f"per move {per_move:.2f}x")
        per_moves = [v[2] for v in lengths.values()]
        print(f"per move over {len(per_moves)} games: median {statistics.median(per_moves):.2f}, "
              f"minimum {min(per_moves):.2f}, under 0.05x: {sum(p < 0.05 for p in per_moves)}")
        print("lowest ten: " + ", ".join(f"{k} {r:.3f}" for r, k in sorted(ratios)[:10]))


# -- the opponent: the search's levels against random play ------------------------------------
STEP_LIMIT = 50_000  # a game still going after this many steps is counted a draw


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% for z = 1.96) of a proportion k / n.

    >>> [round(x, 3) for x in wilson(19, 20)]
    [0.764, 0.991]
    """
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * ((p * (1 - p) + z * z / (4 * n)) / n) ** 0.5 / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def _side(variant, seat: int) -> int:
    """The play layer's side of a fast Sim's seat (its team where four seats play as two)."""
    return variant.side_of(seat) if variant.sides != variant.players else seat


def play_game(key: str, level: str | None, searcher: int, seed: int) -> tuple[int | None, list[float], int]:
    """One game on the fast Sim: ``level`` (a search level, or None: random) plays side
    ``searcher``, uniform random moves the other side(s). The chance draws come from ``seed``
    alone, so the two games of a pair (sides swapped) throw the same dice as far as they run
    alike. Returns the winning side (None: a draw), the searcher's seconds per move where it
    had a choice, and the steps played."""
    from games.engine.ai.rules import LEVELS, search_level

    variant = rules_variant(key)
    sim = variant.fast(variant.new_game({}))
    chance_rng, random_rng, search_rng = (random.Random(seed * 3 + i) for i in range(3))
    times: list[float] = []
    steps = 0
    while sim.outcome() is None and steps < STEP_LIMIT:
        if sim.is_chance():
            sim.chance(chance_rng)
        else:
            moves = sim.moves()
            if level is not None and _side(variant, sim.to_move()) == searcher and len(moves) > 1:
                start = time.perf_counter()
                move = search_level(variant, None, search_rng, LEVELS[level], sim=sim.copy()).move
                times.append(time.perf_counter() - start)
            else:
                move = moves[random_rng.randrange(len(moves))]
            sim.play(move)
        steps += 1
    out = sim.outcome()
    winner = None if out is None or out.winner is None else _side(variant, out.winner)
    return winner, times, steps


def _pair(task: tuple[str, str | None, int]) -> list[tuple[int, int | None, list[float], int]]:
    """A pair of games with the same seed, the searcher on side 0 then on side 1 (random
    against random, ``level`` None: two games with different seeds, which would else be one
    game twice)."""
    key, level, seed = task
    if level is None:
        return [(side, *play_game(key, None, side, seed + side * 500_000)) for side in (0, 1)]
    return [(side, *play_game(key, level, side, seed)) for side in (0, 1)]


def _files(args: argparse.Namespace) -> list:
    """The rules files ``--only`` and ``--mechanic`` select."""
    only = set(args.only.split(",")) if args.only else None
    return [rf for rf in catalogue()
            if (only is None or rf.key in only) and (args.mechanic is None or rf.mechanic == args.mechanic)]


def _games(run, key: str, level: str | None, args: argparse.Namespace) -> list:
    """Up to ``--games`` pairs of one row, in batches of ``--procs``, no new batch after
    ``--budget`` seconds (0: no budget)."""
    games: list = []
    start = time.monotonic()
    for first in range(0, args.games, args.procs):
        batch = [(key, level, 10_000 + i) for i in range(first, min(args.games, first + args.procs))]
        games.extend(g for pair in run(_pair, batch) for g in pair)
        if args.budget and time.monotonic() - start > args.budget:
            break
    return games


def opponent_section(args: argparse.Namespace) -> None:
    """The computer opponent of the rules-file games against random play.

    For each rules file and level (``--levels``, default strong and medium): ``--games`` pairs
    of games against uniformly random moves, the searcher on the first side in one game of a
    pair and on the second in the other, both games drawing their chance from the same seed.
    Printed: the searcher's wins out of the games with the 95% Wilson interval, draws, the
    mean and 95th-percentile seconds of its moves (wall clock, where it had a choice), and the
    mean steps per game. The reference, measured in the same run: random against random over as
    many games, the first side's wins (how far the seat alone decides). ``--procs`` plays pairs
    in that many processes (the move times then share the machine's cores). ``--budget``: no new
    batch of pairs (``--procs`` of them) starts for a row once that many wall-clock seconds have
    gone on it, so that the long games (Pachisi's thousands of throws) get fewer pairs, never none:
    the ``wins`` column says how many games were played.
    """
    if not MCTS.exists() or args.games <= 0:
        return
    files = _files(args)
    if not files:
        sys.exit("no rules files")
    levels = [lv for lv in args.levels.split(",") if lv]
    width = max(len(rf.key) for rf in files)
    print()
    print(f"opponent against random: {args.games} pairs per row (sides swapped, same chance seeds), "
          f"{args.procs} process(es)")
    print(f"{'rules file':{width}} {'level':7} {'wins':>7} {'win %':>6} {'95% interval':>13} {'draws':>5} "
          f"{'mean s':>7} {'p95 s':>6} {'max s':>6} {'steps':>6}  {'random: side 0 wins':>19}")
    pool = None
    if args.procs > 1:
        import multiprocessing
        pool = multiprocessing.get_context("fork").Pool(args.procs)
    run = pool.imap if pool else map
    for rf in files:
        ref = _games(run, rf.key, None, args)
        ref_wins = sum(1 for _, winner, _, _ in ref if winner == 0)
        ref_text = f"{ref_wins}/{len(ref)} ({sum(1 for _, w, _, _ in ref if w is None)} drawn)"
        for level in levels:
            games = _games(run, rf.key, level, args)
            n = len(games)
            wins = sum(1 for side, winner, _, _ in games if winner == side)
            draws = sum(1 for _, winner, _, _ in games if winner is None)
            times = sorted(t for _, _, ts, _ in games for t in ts)
            lo, hi = wilson(wins, n)
            mean = statistics.fmean(times) if times else 0.0
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
            top = times[-1] if times else 0.0
            steps = statistics.fmean(st for _, _, _, st in games)
            print(f"{rf.key:{width}} {level:7} {wins:3d}/{n:<3d} {100 * wins / n:5.1f}% "
                  f"[{100 * lo:4.1f}, {100 * hi:5.1f}] {draws:5d} {mean:7.3f} {p95:6.3f} {top:6.3f} "
                  f"{steps:6.0f}  {ref_text:>19}", flush=True)
    if pool:
        pool.close()
        pool.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", metavar="KEYS", help="rules files' variant keys, comma-separated (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU-seconds per measurement")
    parser.add_argument("--games", type=int, default=5, help="pairs of games per rules file and level "
                        "against random play (0: skip)")
    parser.add_argument("--levels", default="strong,medium", help="search levels to pit against random, comma-separated")
    parser.add_argument("--procs", type=int, default=1, help="processes playing the pairs")
    parser.add_argument("--no-speed", action="store_true", help="skip the play-out speed table")
    parser.add_argument("--mechanic", choices=("pieces", "race", "sow"), help="only the rules files of this mechanic")
    parser.add_argument("--budget", type=float, default=0.0, help="seconds per row of the opponent table after "
                        "which no new pairs start (0: play every pair)")
    args = parser.parse_args()
    unknown = sorted(set(args.only.split(",")) - {rf.key for rf in catalogue()}) if args.only else []
    if unknown:
        parser.error(f"--only: no rules file {', '.join(unknown)}")
    if not args.no_speed:
        speed_section(args)
    opponent_section(args)


if __name__ == "__main__":
    main()
