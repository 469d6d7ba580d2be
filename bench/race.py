"""Race games benchmark: random whole games per second, and the computer players' strength.

    .venv/bin/python bench/race.py [--games 20] [--seconds 3] [--only speed|strength] [--keys race.ur,...]
    .venv/bin/python bench/race.py --only paired --size quick      # strong against medium, a few minutes
    .venv/bin/python bench/race.py --only suite                    # the blunder suite, medium and strong
    .venv/bin/python bench/race.py --only suite --rollouts 1000    # and strong's blunder steps rolled out
    .venv/bin/python bench/race.py --only table --pieces 3         # against perfect play, reduced Ur

1. Speed. Random whole games (every action drawn uniformly from the legal ones, the throws by
   ``variant.draw``) through the engine's public interface, for every preset: games/s and
   actions/s. The reference (``PlainUr``) is Finkel's Royal Game of Ur written plainly, the way a
   first pure-Python version would be (a dict of lists, a deep copy per action, the rules as
   ``if``s); it is checked against the engine first (the same positions must give the same moves),
   and each preset's actions/s is printed as a ratio to its actions/s in the same run.
2. Strength. ``strong`` against ``random`` and against ``easy``, ``--games`` games per preset and
   opponent, sides alternating, seeds fixed: the strong player's win rate with a 95% interval,
   and its time per decision (median and 95th percentile, single-choice decisions left out).
3. Paired (issue 37). ``strong`` (the expectimax in win chances, ``ai/race_search.py``) against
   ``medium`` (the level that was ``strong`` before), in pairs of games on the same throws (a
   throw stream of its own per pair, so the two games of a pair see the same throws in the same
   order), the players' sides swapped: strong's win rate with the pairs' 95% interval (and
   Wilson's over single games), how many pairs each won outright, and each player's time per
   decision; the reference measured in the same run is medium's time per decision, strong's
   printed as a ratio to it, and strong's CPU time (the machine's other load left out). ``--size
   quick`` plays both Urs (5 pairs each), ``standard`` every preset (20 pairs);
   ``--pairs`` overrides the pairs per preset.
4. Suite (issue 37). The positions of ``ai/race_suite.py`` (the audit's, and those where a step
   bears off a safe piece while another can be run out of reach, or bears off where it could
   capture): how often medium and strong pick such a step, and how often the suite's right step.
   With ``--rollouts N``, each step of that kind strong picks is rolled out ``N`` times against
   the suite's right step (medium both sides after, the same throws for both steps): the paired
   difference in wins with its 95% interval, a check where no perfect-play table reaches.
   Then the audit's own measure: engine-only games of each against ``easy`` (both Urs, ``--pairs``
   games each), counting the decisions of that kind.
5. Table (issue 37). A perfect-play table of Finkel's Ur with ``--pieces`` pieces a side
   (``ai/ur_table.py``, value iteration, built in the run: its size and time are printed), and
   ``--positions`` decisions met in games from that ending (sides playing random, easy and
   medium in turn): how often medium and strong pick a step that loses win probability against
   the table, and how much on average (a decision, and a mistake). Then the suite's measure
   against the truth: as many decisions again where a step of the suite's blunder kind is on offer
   (games from the same ending, easy and medium): how often such a step really loses win
   probability, how often medium and strong take one, and how often perfect play confirms it
   as a mistake. Last, the suite's own Finkel positions the table covers (at least ``7 - k``
   pieces borne off each side): perfect play's step beside the suite's right and blunder steps
   and each level's, with what each loses (of the suite's 43 Finkel positions, three pieces a
   side cover 3, five cover 7, six cover 25).
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


SIZES = {"quick": (("race.ur", "finkel"), ("race.ur", "murray")), "standard": None}
PAIRS = {"quick": 5, "standard": 20}


def _times(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    if not times:
        return 0.0, 0.0
    return times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.95))]


def paired_game(key: str, preset: str, pair: int, player_side: int, player: str = "strong",
                opponent: str = "medium", times: dict[str, list[float]] | None = None) -> int:
    """One game of pair ``pair``: ``player`` on side ``player_side``; the throws come from a
    stream of the pair's own (seed ``20_000 + pair``), the players' choices from another, so both
    games of a pair see the same throws in the same order. The winning side."""
    v = get_variant(key)
    throws, choices = random.Random(20_000 + pair), random.Random(30_000 + pair)
    s = v.new_game({"rules": preset})
    while v.outcome(s) is None:
        if v.is_chance(s):
            s = v.apply(s, v.draw(s, throws))
            continue
        level = player if s.to_move == player_side else opponent
        t, cpu = time.perf_counter(), time.process_time()
        action = choose(v, s, level, choices)
        if times is not None and len(v.legal_actions(s)) > 1:
            times.setdefault(level, []).append(time.perf_counter() - t)
            times.setdefault(f"{level} cpu", []).append(time.process_time() - cpu)
        s = v.apply(s, action)
    return v.outcome(s).winner


def bench_paired(targets: list[tuple[str, str]], pairs: int) -> None:
    from bench.tables import pair_counts, paired_interval

    print(f"strong against medium, {pairs} pairs of games per preset on the same throws, sides swapped")
    for key, preset in targets:
        wins: list[int] = []
        times: dict[str, list[float]] = {}
        start = time.perf_counter()
        for pair in range(pairs):
            for side in (0, 1):
                wins.append(int(paired_game(key, preset, pair, side, times=times) == side))
        both, split, lost = pair_counts(wins)
        low, high = paired_interval(wins)
        wlo, whi = interval(sum(wins), len(wins))
        s50, s95 = _times(times.get("strong", []))
        m50, m95 = _times(times.get("medium", []))
        print(f"{key:10} {preset:8} strong {sum(wins):3}/{len(wins):<3} = {sum(wins) / len(wins):5.1%}"
              f" (pairs' 95% {low:5.1%}-{high:5.1%}; Wilson {wlo:5.1%}-{whi:5.1%})"
              f"  pairs won {both}, split {split}, lost {lost}  [{time.perf_counter() - start:.0f} s]")
        c50, c95 = _times(times.get("strong cpu", []))
        print(f"{'':19} move time: reference medium median {m50 * 1000:6.1f} ms p95 {m95 * 1000:6.1f} ms;"
              f" strong median {s50 * 1000:6.1f} ms p95 {s95 * 1000:6.1f} ms"
              f" (x{s50 / m50 if m50 else 0:.0f} median, x{s95 / m95 if m95 else 0:.0f} p95);"
              f" strong's CPU time median {c50 * 1000:6.1f} ms p95 {c95 * 1000:6.1f} ms")


def bench_suite(games: int, rollouts: int = 0) -> None:
    from games.engine.ai.race_suite import SUITE, blunder, suite_state

    print(f"blunder suite: {len(SUITE)} positions (bears off a safe piece leaving another to be hit, "
          "or bears off where it could capture)")
    reference: float | None = None
    for level in ("medium", "strong"):
        bad = right = 0
        times: list[float] = []
        cpus: list[float] = []
        for entry in SUITE:
            state = suite_state(entry)
            v = get_variant(state.variant)
            t, cpu = time.perf_counter(), time.process_time()
            action = choose(v, state, level, random.Random(1))
            times.append(time.perf_counter() - t)
            cpus.append(time.process_time() - cpu)
            bad += blunder(v, state, action) is not None
            right += (action["from"], action["to"]) == tuple(entry["right"])
        median, p95 = _times(times)
        c50, c95 = _times(cpus)
        reference = reference or median
        print(f"  {level:7} blunders {bad:3}/{len(SUITE)} = {bad / len(SUITE):5.1%}, right step {right:3}/{len(SUITE)}"
              f"  move median {median * 1000:6.1f} ms p95 {p95 * 1000:6.1f} ms (x{median / reference:.0f} medium;"
              f" CPU median {c50 * 1000:6.1f} ms p95 {c95 * 1000:6.1f} ms)")
    if rollouts:
        suite_rollouts(rollouts)
    print(f"engine-only games against easy ({games} a ruleset, sides alternating): decisions of that kind")
    for rules in ("finkel", "murray"):
        for level in ("medium", "strong"):
            v = get_variant("race.ur")
            kinds: dict[str, int] = {}
            decisions = wins = 0
            for g in range(games):
                rng = random.Random(40_000 + g)
                side = g % 2
                s = v.new_game({"rules": rules})
                while v.outcome(s) is None:
                    if v.is_chance(s):
                        s = v.apply(s, v.draw(s, rng))
                        continue
                    if s.to_move == side:
                        action = choose(v, s, level, rng)
                        if len(v.legal_actions(s)) > 1:
                            decisions += 1
                            kind = blunder(v, s, action)
                            if kind:
                                kinds[kind] = kinds.get(kind, 0) + 1
                    else:
                        action = choose(v, s, "easy", rng)
                    s = v.apply(s, action)
                wins += v.outcome(s).winner == side
            found = sum(kinds.values())
            print(f"  Ur {rules:7} {level:7} {found:3} in {decisions:4} decisions ({found / max(decisions, 1):5.2%};"
                  f" safety {kinds.get('safety', 0)}, capture {kinds.get('capture', 0)}), won {wins}/{games}")


def rollout_wins(variant, state, action, games: int, level: str = "medium") -> list[int]:
    """Game by game, whether the side to move in ``state`` wins after ``action`` with ``level``
    playing both sides from there; game ``g`` draws its chance from seed ``g``, so two steps
    rolled out from one position meet the same throws (common random numbers)."""
    me = state.to_move
    out = []
    for g in range(games):
        rng = random.Random(90_000 + g)
        s = variant.apply(state, action)
        while variant.outcome(s) is None:
            s = variant.apply(s, variant.draw(s, rng) if variant.is_chance(s) else choose(variant, s, level, rng))
        out.append(int(variant.outcome(s).winner == me))
    return out


def suite_rollouts(games: int) -> None:
    """Where strong takes a blunder step of the suite, that step against the suite's right step
    by ``games`` roll-outs each, medium playing both sides after it, on the same throws: each
    step's wins and the paired difference with its 95% interval. A check where no table reaches
    (Murray's Ur, and Finkel's with six pieces a side or more in play), under medium's play rather
    than perfect play."""
    from games.engine.ai.race_suite import SUITE, blunder, suite_state

    print(f"  strong's blunder steps against the suite's right step, {games} roll-outs each (medium both sides after):")
    verdicts = {"loses": 0, "no worse": 0, "better": 0}
    for i, entry in enumerate(SUITE):
        state = suite_state(entry)
        v = get_variant(state.variant)
        action = choose(v, state, "strong", random.Random(1))
        if not blunder(v, state, action):
            continue
        right = next(a for a in v.legal_actions(state) if (a.get("from"), a.get("to")) == tuple(entry["right"]))
        start = time.perf_counter()
        took, good = rollout_wins(v, state, action, games), rollout_wins(v, state, right, games)
        diffs = [a - b for a, b in zip(took, good)]
        mean = sum(diffs) / games
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(games - 1, 1))
        half = 1.96 * sd / math.sqrt(games)
        print(f"    entry {i:2} ({entry['state']['options']['rules']}): strong {action['from']}->{action['to']} wins"
              f" {sum(took)}/{games}, right {right['from']}->{right['to']} {sum(good)}/{games}; strong's step"
              f" {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]  [{time.perf_counter() - start:.0f} s]", flush=True)
        verdicts["loses" if mean + half < 0 else "better" if mean - half > 0 else "no worse"] += 1
    # The item-14 measure: a blunder step is one that really gives the game away, i.e. its paired
    # interval lies wholly below the right step's; the rule of thumb alone only flags candidates.
    print(f"  strong's blunder steps that lose against the right step (interval wholly below 0): {verdicts['loses']}"
          f" of {len(SUITE)} positions; no worse (interval holds 0): {verdicts['no worse']}; better: {verdicts['better']}")


def ending_decisions(k: int, count: int, seed: int, wanted, level) -> list[Any]:
    """``count`` decisions (two steps or more, and ``wanted(variant, state, actions)``) met in
    games of Finkel's Ur from the ending with ``k`` pieces a side still to play, each step chosen
    by ``level(decisions found, game number)``."""
    v = get_variant("race.ur")
    rng = random.Random(seed)
    out: list[Any] = []
    game = 0
    while len(out) < count:
        start = [0] * k + [15] * (7 - k)
        s = v.state_from_json({"pieces": [start, start], "to_move": game % 2, "phase": "throw"})
        game += 1
        while v.outcome(s) is None and len(out) < count:
            if v.is_chance(s):
                s = v.apply(s, v.draw(s, rng))
                continue
            actions = v.legal_actions(s)
            if len(actions) > 1 and wanted(v, s, actions):
                out.append(s)
            s = v.apply(s, choose(v, s, level(len(out), game), rng))
    return out


def table_positions(k: int, count: int, seed: int = 7) -> list[Any]:
    """Decisions met in games from the ending with ``k`` pieces a side, the sides' steps by
    random, easy and medium in turn."""
    return ending_decisions(k, count, seed, lambda v, s, actions: True,
                            lambda found, game: ("random", "easy", "medium")[found % 3])


def table_offers(k: int, count: int, seed: int = 3) -> list[Any]:
    """Decisions where one of the steps is of the suite's blunder kind (``race_suite.blunder``),
    met in games from the ending with ``k`` pieces a side (easy and medium playing alternate games)."""
    from games.engine.ai.race_suite import blunder

    return ending_decisions(k, count, seed, lambda v, s, actions: any(blunder(v, s, a) for a in actions),
                            lambda found, game: ("easy", "medium")[game % 2])


def bench_table(k: int, count: int) -> None:
    from games.engine.ai.ur_table import action_values, solve

    table = solve(k)
    print(f"perfect-play table, Finkel's Ur with {k} pieces a side: {table.positions:,} positions,"
          f" {table.sweeps} sweeps, {table.seconds:.1f} s; first to throw wins {table.value((0,) * k, (0,) * k):.4f}")
    v = get_variant("race.ur")
    positions = table_positions(k, count)
    for level in ("easy", "medium", "strong"):
        mistakes, lost, worst = 0, 0.0, 0.0
        start = time.perf_counter()
        for s in positions:
            values = dict(action_values(table, v, s))
            best = max(values.values())
            gap = best - values[choose(v, s, level, random.Random(1))]
            if gap > 1e-9:
                mistakes += 1
                lost += gap
                worst = max(worst, gap)
        print(f"  {level:7} loses win probability in {mistakes:4}/{len(positions)} decisions ({mistakes / len(positions):5.1%}),"
              f" {lost / len(positions):.4f} a decision, {lost / max(mistakes, 1):.4f} a mistake, worst {worst:.3f}"
              f"  [{time.perf_counter() - start:.0f} s]")
    # the suite's measure against the truth: where a step of the blunder kind is on offer, how
    # often each level takes one, and how often perfect play agrees that it loses
    from games.engine.ai.race_suite import blunder

    offers = table_offers(k, count)
    flagged = sum(1 for s in offers for a in v.legal_actions(s) if blunder(v, s, a))
    truly = 0
    for s in offers:
        values = dict(action_values(table, v, s))
        truly += sum(1 for a, x in values.items() if blunder(v, s, a) and x < max(values.values()) - 1e-9)
    print(f"  {len(offers)} decisions offering a step of the suite's blunder kind: {flagged} such steps,"
          f" {truly} of them losing win probability against the table ({truly / max(flagged, 1):.1%})")
    for level in ("medium", "strong"):
        took = confirmed = 0
        lost = 0.0
        for s in offers:
            values = dict(action_values(table, v, s))
            action = choose(v, s, level, random.Random(1))
            if blunder(v, s, action):
                took += 1
                gap = max(values.values()) - values[action]
                if gap > 1e-9:
                    confirmed += 1
                    lost += gap
        print(f"  {level:7} takes such a step in {took:4}/{len(offers)} ({took / len(offers):5.1%}); perfect play"
              f" confirms {confirmed} as losing ({confirmed / len(offers):5.1%} of the decisions), {lost / max(confirmed, 1):.4f}"
              f" a confirmed one; the other {took - confirmed} are perfect play's own step")
    suite_against_table(table, ("medium", "strong"))


def suite_against_table(table, levels: tuple[str, ...]) -> None:
    """The suite's own positions that ``table`` covers (Finkel's Ur, at least ``7 - k`` pieces
    borne off each side): each with perfect play's step, the suite's right step and its blunder
    steps, and each level's step, with what each loses against perfect play. A blunder step the
    table values at least as high as the suite's right step is no blunder: the suite's label is
    wrong there."""
    from games.engine.ai.race_suite import SUITE, blunder, suite_state
    from games.engine.ai.ur_table import action_values

    v = get_variant("race.ur")
    covered = wrong = 0
    taken = {level: [0, 0] for level in levels}   # blunder steps taken; of them, worse than the right step
    for i, entry in enumerate(SUITE):
        if entry["state"]["options"]["rules"] != "finkel":
            continue
        s = suite_state(entry)
        try:
            values = dict(action_values(table, v, s))
        except ValueError:
            continue  # more pieces in play than the table holds
        covered += 1
        best_action = max(values, key=values.get)
        best = values[best_action]
        right = next(a for a in values if (a.get("from"), a.get("to")) == tuple(entry["right"]))

        def step(a) -> str:
            return f"{a.get('from')}->{a.get('to')} {values[a]:.4f} ({values[a] - best:+.4f})"

        bad = [a for a in values if blunder(v, s, a)]
        wrong += any(values[a] >= values[right] for a in bad)
        chosen = {level: choose(v, s, level, random.Random(1)) for level in levels}
        for level, a in chosen.items():
            if a in bad:
                taken[level][0] += 1
                taken[level][1] += values[a] < values[right]
        print(f"  suite entry {i:2}: perfect play {step(best_action)}; right {step(right)}; blunder "
              + ", ".join(step(a) for a in bad) + "; " + ", ".join(f"{lv} {step(a)}" for lv, a in chosen.items()))
    print(f"  the suite's Finkel positions with at most {table.k} pieces a side in play: {covered}; in {wrong} of them"
          " the table values a blunder step at least as high as the suite's right step")
    for level, (took, worse) in taken.items():
        print(f"  {level:7} takes a blunder step in {took} of them; {worse} of those lose against the suite's right step")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per preset and opponent (strength)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per speed measurement")
    parser.add_argument("--only", choices=("speed", "strength", "paired", "suite", "table"))
    parser.add_argument("--keys", default=",".join(KEYS), help="variant keys, comma separated")
    parser.add_argument("--size", choices=tuple(SIZES), default="quick",
                        help="paired and suite: quick (both Urs) or standard (every preset)")
    parser.add_argument("--pairs", type=int, help="paired: pairs of games per preset; suite: games per ruleset")
    parser.add_argument("--pieces", type=int, default=2,
                        help="table: pieces a side (1-6; 5 builds in about 5 CPU-minutes, 6 in an hour or more and 2.3 GB)")
    parser.add_argument("--positions", type=int, default=300, help="table: decisions measured")
    parser.add_argument("--rollouts", type=int, default=0,
                        help="suite: roll-outs of each of strong's blunder steps and of the right step (0: none)")
    args = parser.parse_args()
    if args.pairs is not None and args.pairs < 1:
        parser.error("--pairs must be at least 1")
    if args.rollouts < 0:
        parser.error("--rollouts must be 0 or more")
    if not 1 <= args.pieces <= 6:
        parser.error("--pieces must be 1 to 6")
    keys = [k for k in args.keys.split(",") if k]
    if args.only in (None, "speed"):
        bench_speed(keys, args.seconds)
    if args.only in (None, "strength"):
        bench_strength(keys, args.games)
    pairs = args.pairs or PAIRS[args.size]
    if args.only in (None, "paired"):
        targets = SIZES[args.size] or [(k, p) for k in keys for p in get_variant(k).PRESETS]
        bench_paired(list(targets), pairs)
    if args.only in (None, "suite"):
        bench_suite(args.pairs or 10, args.rollouts)
    if args.only in (None, "table"):
        bench_table(args.pieces, args.positions)


if __name__ == "__main__":
    main()
