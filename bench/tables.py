"""Benchmarks for the tables engine; every figure is measured in this run.

    .venv/bin/python bench/tables.py [--games N] [--positions N] [--procs P]

1. Move generation: complete plays per second on the same random reachable positions (20,000 by
   default) for our pure-Python generator and for GNU Backgammon's C generator
   (``gnubg_nn.moves``), and the ratio (target: at least 0.1).
2. Random play-outs per second for each variant (single games, random complete plays and random
   cube decisions, through ``complete_plays``/``apply_play``).
3. Strength: the strong player's win rate against random and against easy, ``--games`` single
   games per variant and opponent (sides alternate), spread over ``--procs`` processes.
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


def play_game(key: str, levels: tuple[str, str], seed: int, options: dict | None = None) -> tuple[int, int]:
    """One single game, side s played by ``levels[s]``; (winner, actions taken)."""
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
            play = choose_play(v, s, levels[s.to_move], rng)
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


def _match(args: tuple[str, str, int]) -> int:
    key, opponent, seed = args
    strong_side = seed % 2
    levels = ("strong", opponent) if strong_side == 0 else (opponent, "strong")
    winner, _ = play_game(key, levels, 10_000 + seed)
    return int(winner == strong_side)


def bench_strength(games: int, procs: int) -> None:
    print(f"strength: strong's win rate over {games} single games per variant and opponent ({procs} processes)")
    with Pool(procs) as pool:
        for key in KEYS:
            for opponent in ("random", "easy"):
                t0 = time.perf_counter()
                wins = sum(pool.map(_match, [(key, opponent, i) for i in range(games)], chunksize=8))
                dt = time.perf_counter() - t0
                print(f"  {key:22} vs {opponent:6}: {wins / games:6.1%}  ({wins}/{games}, {dt:.0f} s)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="games per variant and opponent for the strength test")
    ap.add_argument("--positions", type=int, default=20_000, help="positions for the move generation test")
    ap.add_argument("--playouts", type=int, default=200, help="random play-outs per variant")
    ap.add_argument("--procs", type=int, default=2)
    args = ap.parse_args()
    bench_movegen(args.positions)
    bench_playouts(args.playouts)
    if args.games:
        bench_strength(args.games, args.procs)


if __name__ == "__main__":
    main()
