"""Train a tables variant's evaluator by TD(lambda) self-play, as TD-Gammon was trained.

    python -m games.engine.ai.train tables.backgammon --games 20000 --seed 1 --out games/engine/ai/weights/backgammon.npz

Both sides play the same network greedily (the play whose resulting position it rates best, by
0-ply) in single cubeless games on the play-out state (``tables/playout.py``). After each turn
the position, with the next side on roll, is compared with the one before it: the network's
outputs, turned to side 0's point of view, move towards the next position's (temporal
differences), along eligibility traces decaying by ``lambda``; the final position is compared
with the game's result. In a Gul Bara cascade each number's play is chosen as if the turn ended
there; with ``--turn-end`` it is chosen as the ``strong`` level chooses it, its best few plays
followed through the dice still to come and judged where the turn ends (about six times slower).
Same seed, same options: the same weights.

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
from games.engine.ai.td import CASCADE_CANDIDATES, OUTPUTS, Net, after_play_inputs, equity, features, play_rows, result_points
from games.engine.tables.game import TablesVariant
from games.engine.tables.moves import to_mover
from games.engine.tables.playout import Playout

# Turning the outputs of side 1 on roll into side 0's: win <-> 1 - win, the double and triple
# wins and losses trade places.
PERM = np.array([0, 3, 4, 1, 2])
SIGN = np.array([-1.0, 1.0, 1.0, 1.0, 1.0])


class Trainer:
    """TD(lambda) in its forward view, a game at a time: after each game the value of each
    position met (the next side on roll after every turn) moves towards its lambda-return, the
    mix of the values that followed it and the game's result (``returns``), all positions in one
    batched gradient step. Positions are kept as counts during the game and encoded together."""

    def __init__(self, net: Net, alpha: float, lam: float, turn_end: bool = False) -> None:
        self.net = net
        self.alpha = alpha
        self.lam = lam
        self.turn_end = turn_end

    def pick(self, variant: TablesVariant, rules, plays, g: Playout | None = None) -> object:
        """The play the network rates best (0-ply), a win by bearing off counted exactly. With
        ``turn_end`` and the game ``g``, a play followed by more dice before the opponent rolls
        (a cascade's higher doubles, or the mover's roll after a remainder) is chosen as the
        strong level chooses it: its best few are followed to the turn's real end."""
        rows = play_rows(plays)
        done = np.nonzero(rows[:, 0] == 15)[0]
        if len(done):  # the game ends here: the biggest win
            return plays[max(done, key=lambda i: result_points(variant, to_mover(rules, plays[i].op)))]
        eq = -equity(self.net.values(after_play_inputs(rules, rows)))
        if g is None or not self.turn_end or not (g.pending or g.remainder):
            return plays[int(np.argmax(eq))]
        order = [int(i) for i in np.argsort(-eq, kind="stable")[:CASCADE_CANDIDATES]]
        side = g.side
        best, value = order[0], -np.inf
        for i in order:
            h = _copy(g)
            h.play(plays[i])
            while h.phase == "move":
                more = h.plays()
                h.play(self.pick(variant, rules, more) if len(more) > 1 else more[0])
            if h.phase == "over":
                v = float(h.points if h.winner == side else -h.points)
            else:
                x = features(np.array([h.checkers[h.side]]), np.array([h.checkers[1 - h.side]]), rules.hitting)
                v = float(equity(self.net.values(x))[0]) * (1 if h.side == side else -1)
            if v > value:
                best, value = i, v
        return plays[best]

    def game(self, variant: TablesVariant, options: dict, rng: random.Random) -> tuple[int, int]:
        g = Playout(variant, options)
        rules = g.rules
        randint = rng.randint
        on_roll: list = []
        other: list = []
        sides: list[int] = []
        while g.phase == "opening":
            g.opening(randint(1, 6), randint(1, 6))
        while g.phase != "over":
            if g.phase == "move":
                plays = g.plays()
                g.play(self.pick(variant, rules, plays, g) if len(plays) > 1 else plays[0])
                continue
            # a turn is over: the next side is on roll
            side = g.side
            on_roll.append(g.checkers[side])
            other.append(g.checkers[1 - side])
            sides.append(side)
            g.roll(randint(1, 6), randint(1, 6))
        assert g.winner is not None
        if on_roll:
            self.learn(features(np.array(on_roll), np.array(other), rules.hitting), np.array(sides), g.winner, g.points)
        return g.winner, g.points

    def learn(self, x: np.ndarray, sides: np.ndarray, winner: int, points: int) -> None:
        net = self.net
        h = 1.0 / (1.0 + np.exp(-(x @ net.w1 + net.b1)))
        y = 1.0 / (1.0 + np.exp(-(h @ net.w2 + net.b2)))
        flip = sides == 1
        y0 = y.copy()  # side 0's view of every position
        y0[flip] = SIGN * y[flip][:, PERM] + (SIGN < 0)
        z = np.zeros(OUTPUTS)  # side 0's view of the result: win, its double and triple, then side 1's
        z[0] = winner == 0
        z[1 if winner == 0 else 3] = points >= 2
        z[2 if winner == 0 else 4] = points >= 3
        target = returns(y0, z, self.lam)
        target[flip] = SIGN * target[flip][:, PERM] + (SIGN < 0)  # back to the side on roll's view
        dy = (target - y) * y * (1.0 - y)
        dh = (dy @ net.w2.T) * h * (1.0 - h)
        a = self.alpha
        net.w2 += a * (h.T @ dy)
        net.b2 += a * dy.sum(axis=0)
        net.w1 += a * (x.T @ dh)
        net.b1 += a * dh.sum(axis=0)


def _copy(g: Playout) -> Playout:
    """A copy of a play-out game to look ahead on (its lists copied, the rest shared)."""
    h = Playout.__new__(Playout)
    for k in Playout.__slots__:
        setattr(h, k, getattr(g, k))
    h.checkers = list(g.checkers)
    h.rolls = list(g.rolls)
    return h


def returns(values: np.ndarray, result: np.ndarray, lam: float) -> np.ndarray:
    """The lambda-returns of a game's positions: the last position's is the result, each earlier
    one's is ``(1 - lam) * (the next value) + lam * (the next return)``."""
    out = np.empty_like(values)
    g = result
    for t in range(len(values) - 1, -1, -1):
        out[t] = g
        g = (1.0 - lam) * values[t] + lam * g
    return out


def train(
    key: str, games: int, seed: int, hidden: int = 80, alpha: float = 0.1, lam: float = 0.7, init: str | None = None,
    report: int = 500, options: dict | None = None, out=None, checkpoint: str | None = None, turn_end: bool = False,
) -> Net:
    out = out or sys.stdout
    variant = get_variant(key)
    opts = dict(options or {})
    if "cube" in variant.options:
        opts["cube"] = False
    nrng = np.random.default_rng(seed)
    net = Net.read(init) if init else Net.new(hidden, nrng)
    trainer = Trainer(net, alpha, lam, turn_end)
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
                net.meta = _meta(key, before, i, seed, alpha, lam, init, time.perf_counter() - t0, net, turn_end)
                net.save(checkpoint)
    net.meta = _meta(key, before, games, seed, alpha, lam, init, time.perf_counter() - t0, net, turn_end)
    return net


def _meta(
    key: str, before: dict, games: int, seed: int, alpha: float, lam: float, init: str | None, seconds: float, net: Net,
    turn_end: bool = False,
) -> dict:
    """What the weights took in all, counting the weights they started from (``turn_end``: this
    run chose cascade plays as ``strong`` does, ``--turn-end``)."""
    return {
        "variant": key, "games": before.get("games", 0) + games, "seed": seed, "alpha": alpha, "lambda": lam,
        "hidden": net.w1.shape[1], "seconds": round(before.get("seconds", 0) + seconds), "init": init or "",
        "turn_end": turn_end,
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("variant", help="e.g. tables.backgammon")
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True, help="where to write the weights (.npz)")
    ap.add_argument("--hidden", type=int, default=80)
    ap.add_argument("--alpha", type=float, default=0.1)
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument("--init", help="start from these weights")
    ap.add_argument("--report", type=int, default=500)
    ap.add_argument("--checkpoint", action="store_true", help="write the weights to --out at every report")
    ap.add_argument("--turn-end", action="store_true",
                    help="choose a play that more dice follow (Gul Bara's cascades) by where the turn ends, as strong does")
    args = ap.parse_args(argv)
    try:
        v = get_variant(args.variant)
    except Exception as exc:  # an unknown key: say which, and which are known
        ap.error(str(exc))
    if v.family != "tables":
        ap.error(f"{args.variant} is not a tables variant")
    if args.games < 1:
        ap.error("--games must be at least 1")
    net = train(
        args.variant, args.games, args.seed, args.hidden, args.alpha, args.lam, args.init, args.report,
        checkpoint=args.out if args.checkpoint else None, turn_end=args.turn_end,
    )
    net.save(args.out)
    print(f"wrote {args.out}", flush=True)


if __name__ == "__main__":
    main()
