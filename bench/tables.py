"""Benchmarks for the tables engine; every figure is measured in this run.

    .venv/bin/python bench/tables.py [--games N] [--positions N] [--procs P]
    .venv/bin/python bench/tables.py --only strength --variants tables.gul-bara --opponents random --games 1000

1. Move generation: complete plays per second on the same random reachable positions (20,000 by
   default) for our pure-Python generator and for GNU Backgammon's C generator
   (``gnubg_nn.moves``), and the ratio (target: at least 0.1).
2. Random play-outs per second for each variant (single games, random complete plays and random
   cube decisions, through ``complete_plays``/``apply_play``).
3. Strength: the strong player's win rate against random and against easy, ``--games`` single
   games per variant and opponent (sides alternate), spread over ``--procs`` processes, with a
   95% interval and the strong player's time per move (median and 95th percentile of
   ``choose_play``, plays with a single choice left out).

``--only`` runs one section; ``--variants`` and ``--opponents`` (comma separated) narrow the
strength test, e.g. to tune one variant.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.engine import get_variant  # noqa: E402
from games.engine.ai.tables import choose_play, cube_action  # noqa: E402
from games.engine.tables.moves import BACKGAMMON, START, complete_plays, expand, to_mover  # noqa: E402

KEYS = ("tables.backgammon", "tables.shesh-besh", "tables.takhte-nard", "tables.ses-bes", "tables.gul-bara")


def reachable(n: int, seed: int) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, int]]]:
    rng = random.Random(seed)
    out = []
    me, them = START, START
    while len(out) < n:
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        out.append((me, to_mover(BACKGAMMON, them), roll))
        plays = complete_plays(BACKGAMMON, me, to_mover(BACKGAMMON, them), expand(roll))
        if plays:
            p = rng.choice(plays)
            me, them = p.me, to_mover(BACKGAMMON, p.op)
        if me[0] == 15:
            me, them = START, START
        else:
            me, them = them, me
    return out


def bench_movegen(n: int) -> None:
    import gnubg_nn

    cases = reachable(n, 1)
    boards = [([list(to_mover(BACKGAMMON, op)[1:26]), list(me[1:26])], roll) for me, op, roll in cases]
    t0 = time.perf_counter()
    ours = 0
    for me, op, roll in cases:
        ours += len(complete_plays(BACKGAMMON, me, op, expand(roll)))
    t_ours = time.perf_counter() - t0
    t0 = time.perf_counter()
    theirs = 0
    moves = gnubg_nn.moves
    for board, (d1, d2) in boards:
        theirs += len(moves(board, d1, d2, 0))
    t_gnubg = time.perf_counter() - t0
    print(f"move generation on {n} positions ({ours} plays; gnubg {theirs})")
    print(f"  ours:  {ours / t_ours:>11,.0f} plays/s  {n / t_ours:>9,.0f} positions/s  ({t_ours:.2f} s)")
    print(f"  gnubg: {theirs / t_gnubg:>11,.0f} plays/s  {n / t_gnubg:>9,.0f} positions/s  ({t_gnubg:.2f} s)")
    print(f"  ratio ours/gnubg: {(ours / t_ours) / (theirs / t_gnubg):.3f}  (target >= 0.1)")


def play_game(
    key: str, levels: tuple[str, str], seed: int, options: dict | None = None, times: list[float] | None = None
) -> tuple[int, int]:
    """One single game, side s played by ``levels[s]``; (winner, actions taken). With ``times``,
    the seconds each ``strong`` choice among several plays took are appended to it."""
    v = get_variant(key)
    rng = random.Random(seed)
    s = v.new_game(dict(options or {}, match_to=1))
    n = 0
    while v.outcome(s) is None:
        n += 1
        if v.is_chance(s):
            s = v.apply(s, v.draw(s, rng))
        elif s.phase in ("cube", "take"):
            s = v.apply(s, cube_action(v, s, levels[s.to_move], rng))
        else:
            timed = times is not None and levels[s.to_move] == "strong"
            t0 = time.perf_counter()
            play = choose_play(v, s, levels[s.to_move], rng)
            if timed and len(v.complete_plays(s)) > 1:
                times.append(time.perf_counter() - t0)
            s = v.apply_play(s, play)
    return v.outcome(s).winner, n


def bench_playouts(games: int) -> None:
    print(f"random play-outs ({games} single games per variant, played to the last checker: cube off)")
    for key in KEYS:
        options = {"cube": False} if "cube" in get_variant(key).options else {}
        t0 = time.perf_counter()
        actions = 0
        for i in range(games):
            actions += play_game(key, ("random", "random"), i, options)[1]
        dt = time.perf_counter() - t0
        print(f"  {key:22} {games / dt:8.1f} games/s  ({actions / games:.0f} actions a game)")


def _match(args: tuple[str, str, int]) -> tuple[int, list[float]]:
    key, opponent, seed = args
    strong_side = seed % 2
    levels = ("strong", opponent) if strong_side == 0 else (opponent, "strong")
    times: list[float] = []
    winner, _ = play_game(key, levels, 10_000 + seed, times=times)
    return int(winner == strong_side), times


def bench_strength(games: int, procs: int, keys: tuple[str, ...] = KEYS, opponents: tuple[str, ...] = ("random", "easy")) -> None:
    print(f"strength: strong's win rate over {games} single games per variant and opponent ({procs} processes)")
    with Pool(procs) as pool:
        for key in keys:
            for opponent in opponents:
                t0 = time.perf_counter()
                results = pool.map(_match, [(key, opponent, i) for i in range(games)], chunksize=8)
                dt = time.perf_counter() - t0
                wins = sum(w for w, _ in results)
                times = sorted(t for _, ts in results for t in ts)
                rate = wins / games
                half = 1.96 * (rate * (1 - rate) / games) ** 0.5
                med = times[len(times) // 2] * 1000 if times else 0.0
                p95 = times[int(len(times) * 0.95)] * 1000 if times else 0.0
                print(
                    f"  {key:22} vs {opponent:6}: {rate:6.1%} \u00b1{half:.1%}  ({wins}/{games}, {dt:.0f} s;"
                    f" strong's move {med:.1f} ms median, {p95:.1f} ms p95)",
                    flush=True,
                )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="games per variant and opponent for the strength test")
    ap.add_argument("--positions", type=int, default=20_000, help="positions for the move generation test")
    ap.add_argument("--playouts", type=int, default=200, help="random play-outs per variant")
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--only", choices=("movegen", "playouts", "strength"), help="run this section alone")
    ap.add_argument("--variants", default=",".join(KEYS), help="comma-separated variant keys for the strength test")
    ap.add_argument("--opponents", default="random,easy", help="comma-separated opponents for the strength test")
    args = ap.parse_args()
    keys = tuple(k for k in args.variants.split(",") if k)
    unknown = [k for k in keys if k not in KEYS]
    if unknown:
        ap.error(f"unknown variant(s): {', '.join(unknown)}")
    opponents = tuple(o for o in args.opponents.split(",") if o)
    if args.only in (None, "movegen"):
        bench_movegen(args.positions)
    if args.only in (None, "playouts"):
        bench_playouts(args.playouts)
    if args.games and args.only in (None, "strength"):
        bench_strength(args.games, args.procs, keys, opponents)


if __name__ == "__main__":
    main()
