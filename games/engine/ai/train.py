"""Train a tables variant's evaluator by TD(lambda) self-play, as TD-Gammon was trained.

    python -m games.engine.ai.train tables.backgammon --games 20000 --seed 1 --out games/engine/ai/weights/backgammon.npz

Both sides play the same network greedily (the play whose resulting position it rates best, by
0-ply) in single cubeless games on the play-out state (``tables/playout.py``). After each turn
the position, with the next side on roll, is compared with the one before it: the network's
outputs, turned to side 0's point of view, move towards the next position's (temporal
differences), along eligibility traces decaying by ``lambda``; the final position is compared
with the game's result. In a Gul Bara cascade each number's play is chosen as if the turn ended
there. Same seed, same options: the same weights.

``--init`` starts from other weights (e.g. Takhte Nard from backgammon's); progress, games per
second and the first side's wins are printed every ``--report`` games.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np

from games.engine import get_variant
from games.engine.ai.td import OUTPUTS, Net, after_play_inputs, equity, features, play_rows, result_points
from games.engine.tables.game import TablesVariant
from games.engine.tables.moves import to_mover
from games.engine.tables.playout import Playout

# Turning the outputs of side 1 on roll into side 0's: win <-> 1 - win, the double and triple
# wins and losses trade places.
PERM = np.array([0, 3, 4, 1, 2])
SIGN = np.array([-1.0, 1.0, 1.0, 1.0, 1.0])


class Trainer:
    def __init__(self, net: Net, alpha: float, lam: float) -> None:
        self.net = net
        self.alpha = alpha
        self.lam = lam

    def _forward_grads(self, x: np.ndarray) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
        net = self.net
        h = 1.0 / (1.0 + np.exp(-(x @ net.w1 + net.b1)))
        y = 1.0 / (1.0 + np.exp(-(h @ net.w2 + net.b2)))
        dy = y * (1.0 - y)  # (K,)
        k = len(y)
        gw2 = np.zeros((k, len(h), k))
        gw2[np.arange(k), :, np.arange(k)] = dy[:, None] * h[None, :]  # output k moves w2[:, k] only
        gb2 = np.diag(dy)
        d1 = dy[:, None] * net.w2.T * (h * (1.0 - h))[None, :]  # (K, H)
        gw1 = x[None, :, None] * d1[:, None, :]  # (K, I, H)
        return y, (gw1, d1, gw2, gb2)

    def game(self, variant: TablesVariant, options: dict, rng: random.Random) -> tuple[int, int]:
        net = self.net
        g = Playout(variant, options)
        rules = g.rules
        randint = rng.randint
        traces: list[np.ndarray] | None = None
        prev: np.ndarray | None = None  # side 0's view of the last position
        while g.phase == "opening":
            g.opening(randint(1, 6), randint(1, 6))
        while True:
            if g.phase == "move":
                plays = g.plays()
                if len(plays) > 1:
                    rows = play_rows(plays)
                    eq = -equity(net.values(after_play_inputs(rules, rows)))
                    for i in np.nonzero(rows[:, 0] == 15)[0]:
                        eq[i] = result_points(variant, to_mover(rules, plays[i].op))
                    g.play(plays[int(np.argmax(eq))])
                else:
                    g.play(plays[0])
                if g.phase == "move":
                    continue
            if g.phase == "over":
                assert g.winner is not None
                z = np.zeros(OUTPUTS)  # side 0's view: win, its double and triple, then side 1's
                z[0] = g.winner == 0
                z[1 if g.winner == 0 else 3] = g.points >= 2
                z[2 if g.winner == 0 else 4] = g.points >= 3
                if prev is not None and traces is not None:
                    self._update(z - prev, traces)
                return g.winner, g.points
            # a turn is over: the next side is on roll
            side = g.side
            x = features(np.array([g.checkers[side]]), np.array([g.checkers[1 - side]]))[0]
            y, grads = self._forward_grads(x)
            if side == 1:
                y = SIGN * y[PERM] + (SIGN < 0)
                grads = tuple(SIGN.reshape((-1,) + (1,) * (gr.ndim - 1)) * gr[PERM] for gr in grads)
            if prev is not None and traces is not None:
                self._update(y - prev, traces)
                traces = [self.lam * t + gr for t, gr in zip(traces, grads)]
            else:
                traces = [gr.copy() for gr in grads]
            prev = y
            g.roll(randint(1, 6), randint(1, 6))

    def _update(self, delta: np.ndarray, traces: list[np.ndarray]) -> None:
        net = self.net
        a = self.alpha
        gw1, gb1, gw2, gb2 = traces
        net.w1 += a * np.tensordot(delta, gw1, axes=1)
        net.b1 += a * delta @ gb1
        net.w2 += a * np.tensordot(delta, gw2, axes=1)
        net.b2 += a * delta @ gb2


def train(
    key: str, games: int, seed: int, hidden: int = 40, alpha: float = 0.1, lam: float = 0.7, init: str | None = None,
    report: int = 500, options: dict | None = None, out=None, checkpoint: str | None = None,
) -> Net:
    out = out or sys.stdout
    variant = get_variant(key)
    opts = dict(options or {})
    if "cube" in variant.options:
        opts["cube"] = False
    nrng = np.random.default_rng(seed)
    net = Net.read(init) if init else Net.new(hidden, nrng)
    trainer = Trainer(net, alpha, lam)
    rng = random.Random(seed)
    t0 = time.perf_counter()
    wins0 = points = 0
    before = net.meta if init else {}
    for i in range(1, games + 1):
        w, p = trainer.game(variant, opts, rng)
        wins0 += w == 0
        points += p
        if report and (i % report == 0 or i == games):
            dt = time.perf_counter() - t0
            print(
                f"{key}: {i}/{games} games, {i / dt:.1f} games/s, side 0 won {wins0 / i:.1%},"
                f" {points / i:.2f} points a game, {dt:.0f} s",
                file=out, flush=True,
            )
            if checkpoint:  # the first i games of a longer run are the run of i games
                net.meta = _meta(key, before, i, seed, alpha, lam, init, time.perf_counter() - t0, net)
                net.save(checkpoint)
    net.meta = _meta(key, before, games, seed, alpha, lam, init, time.perf_counter() - t0, net)
    return net


def _meta(key: str, before: dict, games: int, seed: int, alpha: float, lam: float, init: str | None, seconds: float, net: Net) -> dict:
    """What the weights took in all, counting the weights they started from."""
    return {
        "variant": key, "games": before.get("games", 0) + games, "seed": seed, "alpha": alpha, "lambda": lam,
        "hidden": net.w1.shape[1], "seconds": round(before.get("seconds", 0) + seconds), "init": init or "",
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("variant", help="e.g. tables.backgammon")
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True, help="where to write the weights (.npz)")
    ap.add_argument("--hidden", type=int, default=40)
    ap.add_argument("--alpha", type=float, default=0.1)
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument("--init", help="start from these weights")
    ap.add_argument("--report", type=int, default=500)
    ap.add_argument("--checkpoint", action="store_true", help="write the weights to --out at every report")
    args = ap.parse_args(argv)
    try:
        v = get_variant(args.variant)
    except Exception as exc:  # an unknown key: say which, and which are known
        ap.error(str(exc))
    if v.family != "tables":
        ap.error(f"{args.variant} is not a tables variant")
    if args.games < 1:
        ap.error("--games must be at least 1")
    net = train(args.variant, args.games, args.seed, args.hidden, args.alpha, args.lam, args.init, args.report, checkpoint=args.out if args.checkpoint else None)
    net.save(args.out)
    print(f"wrote {args.out}", flush=True)


if __name__ == "__main__":
    main()
