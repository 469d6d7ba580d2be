"""Benchmarks for the tables engine; every figure is measured in this run.

    .venv/bin/python bench/tables.py [--games N] [--positions N] [--procs P]
    .venv/bin/python bench/tables.py --only strength --variants tables.gul-bara --opponents random --games 1000
    .venv/bin/python bench/tables.py --only gnubg --gnubg-games 1000 --gnubg-positions 3000
    .venv/bin/python bench/tables.py --only strength --player strong --opponents medium --games 400
    .venv/bin/python bench/tables.py --only gnubg --weights /tmp/checkpoints   # other weights than the shipped

1. Move generation: complete plays per second on the same random reachable positions (20,000 by
   default) for our pure-Python generator and for GNU Backgammon's C generator
   (``gnubg_nn.moves``), and the ratio (target: at least 0.12); each the best of three rounds.
2. Random play-outs: backgammon on the play-out state (``tables/playout.py``) against
   OpenSpiel's C++ backgammon driven from Python in the same run, and the ratio (target: at
   least 0.3); then games per second for each variant through the engine
   (``complete_plays``/``apply_play``, cube off) and on the play-out state.
3. Strength: ``--player``'s (strong, the trained network, by default) win rate against each of
   ``--opponents`` (medium, the hand-written evaluation that was strong before, by default),
   ``--games`` single cubeless games per variant and opponent (sides alternate), spread over
   ``--procs`` processes, with a 95% interval and the player's time per move (median and 95th
   percentile, plays with a single choice left out). Target (issue 13): strong wins at least
   70% against medium in the nard games. With ``--paired`` the games go in pairs on the same
   dice, the player on each side in turn: the same expected win rate with less noise, and a
   count of the pairs the dice decided (whoever sat on one side won both games).
   ``--first-game`` starts the games further on, on dice no earlier measurement used.
4. Strong (the trained network with a one-ply search; ``--ply 0``: the network alone) against
   GNU Backgammon's 0-ply network: ``--gnubg-games`` cubeless games with a 95% interval and
   points per game (target: at least 40%, the interval above 35%), then the network's win
   probabilities against gnubg's on ``--gnubg-positions`` positions met in those games (the
   side on roll; mean absolute difference; target: at most 0.06).

5. Gul Bara's cascades (``--cascade-pairs`` pairs of the paired strength test's games, strong
   against medium): for each player, cascades begun a game and their pips, broken a game, the
   pips a game its breaks handed to the opponent (GB-5), and how many of the broken cascades
   could have been played in full from the roll (a search over every way of playing their
   numbers); and, in the pairs the dice decided, how many pips the losing player still had to
   move, strong's and medium's, and by how much more medium fell short on the same dice.

6. Gul Bara's bear-off (``--bearoff-pairs`` pairs of the same games): each player's plays made
   with all its checkers home, against an exact one-sided table of the turns still needed to
   bear off from every home position, cascades counted (built in the run, about 35 s): how many
   such plays a game, how many were not the table's best and the turns a game they lost.

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

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.engine import get_variant  # noqa: E402
from games.engine.ai.tables import choose_play, cube_action  # noqa: E402
from games.engine.ai import td  # noqa: E402
from games.engine.ai.td import best_play, choose_strong, features, load  # noqa: E402
from games.engine.ai.td import cube_action as td_cube  # noqa: E402
from games.engine.simulate import wilson  # noqa: E402
from games.engine.tables.moves import BACKGAMMON, START, complete_plays, expand, to_mover  # noqa: E402
from games.engine.tables.playout import Playout  # noqa: E402

PLY = [1]  # the strong level's search depth (--ply), read by the worker processes
NARD = ("tables.ses-bes", "tables.gul-bara")  # the long nard games (issue 13's 70% target)
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
    # the best of three alternating rounds each: on a shared machine the fastest round is the
    # one least disturbed by other work, for both sides alike
    t_ours = t_gnubg = float("inf")
    moves = gnubg_nn.moves
    for _ in range(3):
        t0 = time.perf_counter()
        ours = 0
        for me, op, roll in cases:
            ours += len(complete_plays(BACKGAMMON, me, op, expand(roll)))
        t_ours = min(t_ours, time.perf_counter() - t0)
        t0 = time.perf_counter()
        theirs = 0
        for board, (d1, d2) in boards:
            theirs += len(moves(board, d1, d2, 0))
        t_gnubg = min(t_gnubg, time.perf_counter() - t0)
    print(f"move generation on {n} positions ({ours} plays; gnubg {theirs})")
    print(f"  ours:  {ours / t_ours:>11,.0f} plays/s  {n / t_ours:>9,.0f} positions/s  ({t_ours:.2f} s)")
    print(f"  gnubg: {theirs / t_gnubg:>11,.0f} plays/s  {n / t_gnubg:>9,.0f} positions/s  ({t_gnubg:.2f} s)")
    print(f"  ratio ours/gnubg: {(ours / t_ours) / (theirs / t_gnubg):.3f}  (target >= 0.12)")


def play_game(
    key: str, levels: tuple[str, str], seed: int, options: dict | None = None, times: list[float] | None = None,
    watch=None,
) -> tuple[int, int]:
    """One single game, side s played by ``levels[s]``; (winner, actions taken). With ``times``,
    the seconds each ``medium`` or ``strong`` choice among several plays took are appended to it.
    ``watch(before, roll, after)`` is called after every step: ``roll`` is the chance action
    drawn (None for a play or a cube decision)."""
    v = get_variant(key)
    rng = random.Random(seed)
    s = v.new_game(dict(options or {}, match_to=1))
    n = 0
    while v.outcome(s) is None:
        n += 1
        roll = None
        if v.is_chance(s):
            roll = v.draw(s, rng)
            after = v.apply(s, roll)
        elif s.phase in ("cube", "take"):
            after = v.apply(s, td_cube(v, s) if levels[s.to_move] == "strong" else cube_action(v, s, levels[s.to_move], rng))
        else:
            level = levels[s.to_move]
            timed = times is not None and level in ("medium", "strong")
            t0 = time.perf_counter()
            play = choose_strong(v, s, ply=PLY[0]) if level == "strong" else choose_play(v, s, level, rng)
            if timed and len(v.complete_plays(s)) > 1:
                times.append(time.perf_counter() - t0)
            after = v.apply_play(s, play)
        if watch is not None:
            watch(s, roll, after)
        s = after
    return v.outcome(s).winner, n


def openspiel_playouts(games: int, seed: int) -> float:
    """Random backgammon play-outs through OpenSpiel's C++ game from Python: games per second."""
    import pyspiel

    game = pyspiel.load_game("backgammon")
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for _ in range(games):
        st = game.new_initial_state()
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                r = rng.random()
                for action, prob in outcomes:
                    r -= prob
                    if r <= 0:
                        break
                st.apply_action(action)
            else:
                legal = st.legal_actions()
                st.apply_action(legal[rng.randrange(len(legal))])
    return games / (time.perf_counter() - t0)


def bench_playouts(games: int) -> None:
    print(f"random play-outs ({games} single games per variant, played to the last checker: cube off)")
    v = get_variant("tables.backgammon")
    ours = theirs = 0.0
    for _ in range(3):  # the best of three alternating rounds each, as for move generation
        t0 = time.perf_counter()
        for i in range(games * 5):
            Playout(v).play_random(random.Random(i))
        ours = max(ours, games * 5 / (time.perf_counter() - t0))
        theirs = max(theirs, openspiel_playouts(games * 5, 1))
    print(f"  backgammon, play-out state: {ours:8.1f} games/s;  OpenSpiel: {theirs:8.1f} games/s")
    print(f"  ratio ours/OpenSpiel: {ours / theirs:.3f}  (target >= 0.3)")
    for key in KEYS:
        var = get_variant(key)
        options = {"cube": False} if "cube" in var.options else {}
        t0 = time.perf_counter()
        actions = 0
        for i in range(games):
            actions += play_game(key, ("random", "random"), i, options)[1]
        dt = time.perf_counter() - t0
        t0 = time.perf_counter()
        for i in range(games):
            Playout(var, options).play_random(random.Random(i))
        fast = games / (time.perf_counter() - t0)
        print(f"  {key:22} engine {games / dt:8.1f} games/s  ({actions / games:.0f} actions a game);  play-out state {fast:8.1f} games/s")


def _match(args: tuple) -> tuple[int, list[float]]:
    """Game ``seed`` of a strength test: the player on side ``seed % 2``. Unpaired, each game has
    its own dice (seed ``10_000 + seed``); paired, games ``2k`` and ``2k + 1`` share the dice of
    seed ``10_000 + k``, the player on one side and then the other."""
    key, opponent, seed, *rest = args
    player = rest[0] if rest else "strong"
    paired = rest[1] if len(rest) > 1 else False
    strong_side = seed % 2
    levels = (player, opponent) if strong_side == 0 else (opponent, player)
    times: list[float] = []
    options = {"cube": False} if "cube" in get_variant(key).options else {}
    winner, _ = play_game(key, levels, 10_000 + (seed // 2 if paired else seed), options, times=times)
    return int(winner == strong_side), times


def pair_counts(wins: list[int]) -> tuple[int, int, int]:
    """Paired games (the same dice, the player on each side in turn; ``wins`` in pairs): how
    many pairs the player won both games of, how many split (whoever sat on one side won both
    games, so the dice decided between these two players), and how many it lost both.

    >>> pair_counts([1, 1, 1, 0, 0, 1, 0, 0])
    (1, 2, 1)
    """
    pairs = list(zip(wins[::2], wins[1::2]))
    both = sum(1 for a, b in pairs if a and b)
    lost = sum(1 for a, b in pairs if not a and not b)
    return both, len(pairs) - both - lost, lost


def paired_interval(wins: list[int]) -> tuple[float, float]:
    """A 95% interval for the win rate from paired games, each pair one sample (0, 1/2 or 1):
    the dice a pair shares leave it less spread than two independent games, so this interval is
    the narrower one, as it should be (a normal interval on the pairs' mean).

    >>> low, high = paired_interval([1, 0] * 50 + [1, 1] * 50)
    >>> round(low, 3), round(high, 3)
    (0.701, 0.799)
    """
    scores = [(a + b) / 2 for a, b in zip(wins[::2], wins[1::2])]
    n = len(scores)
    mean = sum(scores) / n
    var = sum((x - mean) ** 2 for x in scores) / (n - 1) if n > 1 else 0.25
    half = 1.96 * (var / n) ** 0.5
    return max(0.0, mean - half), min(1.0, mean + half)


def _interval(wins: int, n: int) -> str:
    """The win rate with its 95% Wilson interval (sound at 0 or n wins, where the normal
    approximation's collapses to a point)."""
    low, high = wilson(wins, n)
    return f"{wins / n:6.1%} [{low:.1%}\u2013{high:.1%}]"


# -- strong against GNU Backgammon's 0-ply network ------------------------------------------


def _gnubg_board(me, op_own) -> list[list[int]]:
    """gnubg's board with ``me`` on roll: [opponent's points 1..24 and bar, mine]."""
    return [list(op_own[1:26]), list(me[1:26])]


def _gnubg_choice(plays, rules):
    """gnubg's 0-ply pick among our plays (the same resulting positions as its generator): the
    play after which the opponent, on roll, has the lowest cubeless equity by gnubg_nn."""
    import gnubg_nn

    best, best_eq = None, None
    for p in plays:
        if p.me[0] == 15:
            return p
        w, wg, wbg, lg, lbg = gnubg_nn.probabilities(_gnubg_board(to_mover(rules, p.op), p.me), 0)
        eq = 2 * w - 1 + wg + wbg - lg - lbg
        if best_eq is None or eq < best_eq:
            best, best_eq = p, eq
    return best


def _vs_gnubg(seed: int) -> tuple[int, int, list[tuple[tuple[int, ...], tuple[int, ...]]]]:
    """One cubeless backgammon game, strong (1-ply) against gnubg 0-ply, strong side 0 on even
    seeds: (strong won, points to the winner, positions met with a side on roll)."""
    v = get_variant("tables.backgammon")
    net = load(v.key)
    rng = random.Random(20_000 + seed)
    g = Playout(v, {"cube": False})
    ours = seed % 2
    seen = []
    while g.phase == "opening":
        g.opening(rng.randint(1, 6), rng.randint(1, 6))
    while g.phase != "over":
        if g.phase == "roll":
            seen.append((g.checkers[g.side], g.checkers[1 - g.side]))
            g.roll(rng.randint(1, 6), rng.randint(1, 6))
            continue
        plays = sorted(g.plays(), key=lambda p: (p.me, p.op))
        if len(plays) == 1:
            g.play(plays[0])
        elif g.side == ours:
            g.play(best_play(v, net, g.rules, plays, PLY[0]))
        else:
            g.play(_gnubg_choice(plays, g.rules))
    return int(g.winner == ours), g.points if g.winner == ours else -g.points, seen


def bench_gnubg(games: int, procs: int, positions: int) -> None:
    import gnubg_nn

    net = load("tables.backgammon")
    print(
        f"strong (network: {net.meta.get('games')} training games, {net.meta.get('seconds')} s;"
        f" {PLY[0]}-ply search) against gnubg 0-ply: {games} cubeless backgammon games, sides alternating"
    )
    t0 = time.perf_counter()
    with Pool(procs) as pool:
        results = pool.map(_vs_gnubg, range(games), chunksize=4)
    wins = sum(r[0] for r in results)
    ppg = sum(r[1] for r in results) / games
    rate = wins / games
    low = wilson(wins, games)[0]
    print(f"  win rate {_interval(wins, games)}, {ppg:+.2f} points a game ({time.perf_counter() - t0:.0f} s)"
          f"  (target >= 40%, interval above 35%: {'met' if rate >= 0.4 and low > 0.35 else 'NOT met'})", flush=True)
    # win probabilities against gnubg's on positions met in those games (the side on roll)
    rng = random.Random(3)
    pool_pos = [p for r in results for p in r[2]]
    sample = rng.sample(pool_pos, min(positions, len(pool_pos)))
    ours = net.values(features(np.array([a for a, _ in sample]), np.array([b for _, b in sample])))[:, 0]
    theirs = np.array([gnubg_nn.probabilities(_gnubg_board(a, b), 0)[0] for a, b in sample])
    diff = np.abs(ours - theirs).mean()
    print(f"  win probability on {len(sample)} positions: mean |ours - gnubg| = {diff:.3f}"
          f"  (target <= 0.06: {'met' if diff <= 0.06 else 'NOT met'})", flush=True)


def bench_strength(
    games: int, procs: int, keys: tuple[str, ...] = KEYS, opponents: tuple[str, ...] = ("medium",), player: str = "strong",
    paired: bool = False, first: int = 0,
) -> None:
    pairing = f", {games // 2} pairs of games on the same dice" if paired else ""
    if first:
        pairing += f", from game {first}"
    print(f"strength: {player}'s win rate over {games} single games per variant and opponent ({procs} processes,"
          f" strong searching {PLY[0]} ply{pairing})")
    with Pool(procs) as pool:
        for key in keys:
            for opponent in opponents:
                t0 = time.perf_counter()
                results = pool.map(_match, [(key, opponent, first + i, player, paired) for i in range(games)], chunksize=8)
                dt = time.perf_counter() - t0
                wins = sum(w for w, _ in results)
                times = sorted(t for _, ts in results for t in ts)
                med = times[len(times) // 2] * 1000 if times else 0.0
                p95 = times[int(len(times) * 0.95)] * 1000 if times else 0.0
                target = ""
                if key in NARD and (player, opponent) == ("strong", "medium"):
                    target = f"  (target >= 70%: {'met' if wins / games >= 0.7 else 'NOT met'})"
                print(
                    f"  {key:22} vs {opponent:6}: {_interval(wins, games)}  ({wins}/{games}, {dt:.0f} s;"
                    f" {player}'s move {med:.1f} ms median, {p95:.1f} ms p95){target}",
                    flush=True,
                )
                if paired:
                    wins_list = [w for w, _ in results]
                    both, split, lost = pair_counts(wins_list)
                    low, high = paired_interval(wins_list)
                    print(
                        f"  {'':22}    paired: {wins / games:.1%} [{low:.1%}\u2013{high:.1%}] over {games // 2} pairs;"
                        f" {player} won both games of {both}, lost both of {lost}; {split} split"
                        f" ({split / (games // 2):.0%}: the side won both games, the dice decided)",
                        flush=True,
                    )


# -- Gul Bara's cascades: how often each player breaks one, and whether it had to -----------


def completes(rules, me, op, numbers: tuple[int, ...], memo: dict) -> bool:
    """Whether some way of playing ``numbers`` in turn, four of each, from ``(me, op)`` (the
    mover's coordinates) plays them all: a Gul Bara cascade that does not break (GB-5). Bearing
    off the last checker completes it."""
    if not numbers or me[0] == 15:
        return True
    key = (me, op, numbers)
    if key not in memo:
        plays = complete_plays(rules, me, op, (numbers[0],) * 4)
        memo[key] = bool(plays) and plays[0].used == 4 and any(completes(rules, p.me, p.op, numbers[1:], memo) for p in plays)
    return memo[key]


def cascade_counts(levels: tuple[str, str], seed: int, end: list | None = None) -> list[list[int]]:
    """One Gul Bara game of :func:`play_game`: for each side, [cascades begun (the engine's GB-4
    event), cascades broken (their remainder played by the opponent, the engine's GB-5 event), the
    pips handed over by the breaks, broken cascades that could have been played in full from the
    roll, the pips of the cascades begun (four of each number)]. The pips handed over are the
    numbers as the roller broke off; where the roller could play none of a number, as the
    opponent starts on them. ``end`` gets [the winner, the pips the loser had still to move]."""
    v = get_variant("tables.gul-bara")
    counts = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    owner: list = []  # [side, could it be completed] of the cascade being played

    def watch(s, roll, after) -> None:
        if after.game != s.game:
            owner.clear()
            return
        events = v.clause_events(s, roll, after) if roll is not None else {}
        if events.get("cascade"):
            side, first = s.to_move, roll["roll"][0]
            rules = v.rules(s.opts)
            numbers = tuple(range(first, 7))
            counts[side][0] += 1
            counts[side][4] += 4 * sum(numbers)
            owner[:] = [side, completes(rules, s.checkers[side], to_mover(rules, s.checkers[1 - side]), numbers, {})]
        if owner and after.remainder and not s.remainder:  # GB-5: the opponent starts on the remainder
            side, ok = owner
            counts[side][1] += 1
            counts[side][2] += sum(s.handoff) if s.handoff else sum(after.dice) + sum(after.pending)
            counts[side][3] += ok
        if owner and after.to_move != owner[0]:
            owner.clear()

    last: list = []

    def watch_to_the_end(s, roll, after) -> None:
        watch(s, roll, after)
        last[:] = [after]

    winner, _ = play_game("tables.gul-bara", levels, seed, watch=watch_to_the_end)
    if end is not None:
        left = last[0].checkers[1 - winner]
        end[:] = [winner, sum(i * left[i] for i in range(1, 26))]
    return counts


def _pair_sums(k: int, game) -> list[list]:
    """Pair ``k`` of the paired strength test in Gul Bara (strong against medium on the dice of
    seed ``10_000 + k``, strong on each side in turn): ``game(levels, seed, strong_side)`` gives
    a row of figures for each side; strong's rows summed, then medium's."""
    out: list[list] = [[], []]
    for strong_side in (0, 1):
        levels = ("strong", "medium") if strong_side == 0 else ("medium", "strong")
        rows = game(levels, 10_000 + k, strong_side)
        for who, side in ((0, strong_side), (1, 1 - strong_side)):
            out[who] = [a + b for a, b in zip(out[who], rows[side])] if out[who] else list(rows[side])
    return out


def _cascade_pair(k: int) -> tuple[list[list[int]], list[tuple[int, int]]]:
    """Pair ``k`` (:func:`_pair_sums`) with Gul Bara's cascade counts, and for each game whether
    strong won and the pips the loser had left."""
    ends = []

    def game(levels: tuple[str, str], seed: int, strong_side: int) -> list[list[int]]:
        end: list = []
        counts = cascade_counts(levels, seed, end)
        ends.append((int(end[0] == strong_side), end[1]))
        return counts

    return _pair_sums(k, game), ends


def split_margins(ends: list[list[tuple[int, int]]]) -> tuple[list[int], list[int]]:
    """Of pairs the dice decided (each player won on the same side), the pips strong had left in
    the game it lost and those medium had left in the game it lost, pair by pair.

    >>> split_margins([[(1, 40), (0, 25)], [(1, 9), (1, 3)]])
    ([25], [40])
    """
    strong, medium = [], []
    for (won_a, left_a), (won_b, left_b) in ends:
        if won_a != won_b:
            strong.append(left_b if won_a else left_a)
            medium.append(left_a if won_a else left_b)
    return strong, medium


def bench_cascades(pairs: int, procs: int) -> None:
    """Gul Bara's cascades in the paired strength test's games: a game's result turns on them."""
    print(f"cascades: Gul Bara, strong against medium, {pairs} pairs of games on the same dice ({procs} processes)")
    t0 = time.perf_counter()
    with Pool(procs) as pool:
        both = pool.map(_cascade_pair, range(pairs), chunksize=2)
    results = [counts for counts, _ in both]
    games = 2 * pairs
    for who, name in ((0, "strong"), (1, "medium")):
        begun, broken, handed, avoidable, pips = (sum(r[who][i] for r in results) for i in range(5))
        print(
            f"  {name:6}: {begun / games:.2f} cascades a game ({pips / games:.0f} pips), {broken / games:.2f} broken"
            f" ({broken} in all, {avoidable} of them could have been played in full from the roll),"
            f" {handed / games:.1f} pips a game handed to the opponent",
            flush=True,
        )
    # How far the side the dice were against fell short: the pairs the dice decided, in pips.
    strong, medium = split_margins([ends for _, ends in both])
    if strong:
        def quartiles(xs: list[int]) -> str:
            xs = sorted(xs)
            return f"median {xs[len(xs) // 2]}, quartiles {xs[len(xs) // 4]}-{xs[3 * len(xs) // 4]}"

        edge = sorted(m - s for s, m in zip(strong, medium))
        print(f"  {len(strong)} pairs the dice decided; pips the loser had left there:")
        print(f"    strong: {quartiles(strong)}; within 10 pips {sum(x <= 10 for x in strong)},"
              f" within 20 {sum(x <= 20 for x in strong)}")
        print(f"    medium: {quartiles(medium)}; within 10 pips {sum(x <= 10 for x in medium)},"
              f" within 20 {sum(x <= 20 for x in medium)}")
        print(f"    on the same dice, medium fell short by {edge[len(edge) // 2]} pips more than strong (median)")
    print(f"  ({time.perf_counter() - t0:.0f} s)")


# -- Gul Bara's bear-off: each player's choices against the exact one-sided table -----------

_FAR = tuple(15 if p == 24 else 0 for p in range(26))  # an opponent nowhere near the mover's home
BEAROFF: dict = {}  # the table bench_bearoff builds, read by the worker processes it forks


def _homes(checkers: int) -> list[tuple[int, ...]]:
    """Every way of standing at most ``checkers`` checkers on points 1..6, fewest pips first."""
    out: list[tuple[int, ...]] = []

    def fill(prefix: tuple[int, ...], left: int) -> None:
        if len(prefix) == 6:
            out.append(prefix)
            return
        for n in range(left + 1):
            fill(prefix + (n,), left - n)

    fill((), checkers)
    out.sort(key=lambda c: sum((i + 1) * n for i, n in enumerate(c)))
    return out


def bearoff_table(cascade: bool, checkers: int = 15) -> tuple[dict, dict]:
    """The expected number of turns a side needs to bear off from each home position (a 6-tuple,
    the checkers on points 1..6), playing each roll to bear off soonest: ``turns``. With
    ``cascade`` a double is Gul Bara's (GB-4: four of its number, then four of each higher
    number), else four of its number. ``stage[(c, n)]`` is the turns still needed from ``c``
    with numbers ``n``..6 of a cascade still to play, four of each (``n`` = 7: none, the turn
    ends). With no opposing checker left to block the mover's home, the nard games bear off as
    backgammon does (SB-6), so backgammon's generator plays the rolls; no cascade breaks there but
    on the last checker. Every play lowers the pips, so positions are valued fewest pips first."""
    turns: dict = {}
    stage: dict = {}
    rolls = [(a, b) for a in range(1, 7) for b in range(a + 1, 7)]
    for c in _homes(checkers):
        if not any(c):
            turns[c] = 0.0
            for n in range(1, 8):
                stage[(c, n)] = 0.0
            continue
        me = (15 - sum(c),) + c + (0,) * 19
        for n in range(6, 0, -1):
            after = 7 if n == 6 or not cascade else n + 1
            stage[(c, n)] = min(stage[(p.me[1:7], after)] for p in complete_plays(BACKGAMMON, me, _FAR, (n,) * 4))
        total = sum(stage[(c, n)] for n in range(1, 7))
        for roll in rolls:
            total += 2 * min(turns[p.me[1:7]] for p in complete_plays(BACKGAMMON, me, _FAR, roll))
        turns[c] = 1.0 + total / 36.0
        stage[(c, 7)] = turns[c]
    return turns, stage


def bearoff_choices(levels: tuple[str, str], seed: int) -> list[list[float]]:
    """One Gul Bara game of :func:`play_game`: for each side, its plays made with every checker
    home, judged by ``BEAROFF``'s table: [turns lost to the table's best play, plays, plays not
    the best] where no opposing checker can reach the mover's home any more (the table is exact
    there), then the same over every play made with all checkers home (the table ignores the
    points the opponent still holds there, so these are approximate)."""
    v = get_variant("tables.gul-bara")
    stage = BEAROFF["stage"]
    out = [[0.0] * 6, [0.0] * 6]

    def watch(s, roll, after) -> None:
        if roll is not None or s.phase != "move":
            return
        side = s.to_move
        me, op = s.checkers[side], s.checkers[1 - side]
        if any(me[7:26]):
            return
        plays = v.complete_plays(s)
        if len(plays) < 2:
            return
        n = s.pending[0] if s.pending else 7  # a cascade's next number (or a remainder's): more to play
        best = min(stage[(p.me[1:7], n)] for p in plays)
        lost = stage[(after.checkers[side][1:7], n)] - best
        exact = not any(op[13:26])  # his rearmost checker is past the mover's home (his 13..18)
        for at in ((0, 3) if exact else (3,)):
            row = out[side]
            row[at] += lost
            row[at + 1] += 1
            row[at + 2] += lost > 1e-9
    play_game("tables.gul-bara", levels, seed, watch=watch)
    return out


def _bearoff_pair(k: int) -> list[list[float]]:
    """Pair ``k`` (:func:`_pair_sums`) with each player's bear-off figures."""
    return _pair_sums(k, lambda levels, seed, _side: bearoff_choices(levels, seed))


def bench_bearoff(pairs: int, procs: int) -> None:
    """How well each player bears off in Gul Bara, against the exact one-sided table."""
    t0 = time.perf_counter()
    turns, stage = bearoff_table(cascade=True)
    BEAROFF["stage"] = stage
    print(
        f"bear-off: Gul Bara's one-sided table, {len(turns):,} home positions ({time.perf_counter() - t0:.0f} s);"
        f" 15 checkers on the 6-point need {turns[(0, 0, 0, 0, 0, 15)]:.3f} turns, on the 1-point"
        f" {turns[(15, 0, 0, 0, 0, 0)]:.3f}"
    )
    print(f"  strong against medium, {pairs} pairs of games on the same dice ({procs} processes)")
    t0 = time.perf_counter()
    with Pool(procs) as pool:
        results = pool.map(_bearoff_pair, range(pairs), chunksize=2)
    games = 2 * pairs
    for who, name in ((0, "strong"), (1, "medium")):
        sums = [sum(r[who][i] for r in results) for i in range(6)]
        for at, where in ((0, "no opposing checker can reach its home (exact)"), (3, "all its checkers home (approximate)")):
            lost, plays, wrong = sums[at : at + 3]
            print(
                f"  {name:6}, {where}: {plays / games:.2f} plays a game, {wrong / games:.2f} not the table's best,"
                f" {lost / games:.4f} turns a game lost"
            )
    print(f"  ({time.perf_counter() - t0:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="games per variant and opponent for the strength test")
    ap.add_argument("--positions", type=int, default=20_000, help="positions for the move generation test")
    ap.add_argument("--playouts", type=int, default=200, help="random play-outs per variant")
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument(
        "--only", choices=("movegen", "playouts", "strength", "gnubg", "cascades", "bearoff"), help="run this section alone",
    )
    ap.add_argument("--gnubg-games", type=int, default=1000, help="cubeless games of strong against gnubg 0-ply")
    ap.add_argument("--gnubg-positions", type=int, default=3000, help="positions whose win probabilities are compared with gnubg's")
    ap.add_argument("--ply", type=int, choices=(0, 1), default=1, help="strong's search: 1 (the level) or 0 (the network alone)")
    ap.add_argument("--weights", help="a folder of <variant>.npz files to measure instead of the shipped weights")
    ap.add_argument("--player", default="strong", help="the level measured by the strength test")
    ap.add_argument("--variants", default=",".join(KEYS), help="comma-separated variant keys for the strength test")
    ap.add_argument("--opponents", default="medium", help="comma-separated opponents for the strength test")
    ap.add_argument(
        "--paired", action="store_true",
        help="play the strength test's games in pairs on the same dice, the player on each side in turn",
    )
    ap.add_argument("--cascade-pairs", type=int, default=100, help="pairs of Gul Bara games for the cascade counts")
    ap.add_argument("--bearoff-pairs", type=int, default=100, help="pairs of Gul Bara games for the bear-off test")
    ap.add_argument(
        "--first-game", type=int, default=0,
        help="the strength test's first game (its dice): measure on games beyond the usual ones",
    )
    args = ap.parse_args()
    if args.paired and (args.games % 2 or args.first_game % 2):
        ap.error("--paired needs an even --games and --first-game (two games a pair)")
    if args.first_game < 0:
        ap.error("--first-game must be at least 0")
    if args.cascade_pairs < 1:
        ap.error("--cascade-pairs must be at least 1")
    if args.bearoff_pairs < 1:
        ap.error("--bearoff-pairs must be at least 1")
    PLY[0] = args.ply
    if args.weights:  # read by td.load in this process and the workers it forks
        td.WEIGHTS = args.weights
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
        bench_strength(args.games, args.procs, keys, opponents, args.player, args.paired, args.first_game)
    if args.only in (None, "cascades"):
        bench_cascades(args.cascade_pairs, args.procs)
    if args.only in (None, "bearoff"):
        bench_bearoff(args.bearoff_pairs, args.procs)
    if args.only in (None, "gnubg"):
        bench_gnubg(args.gnubg_games, args.procs, args.gnubg_positions)


if __name__ == "__main__":
    main()
