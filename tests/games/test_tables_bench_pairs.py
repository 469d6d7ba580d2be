"""The strength benchmark's paired games (``bench/tables.py --paired``): the two games of a pair
share their dice with the players' sides swapped, and the pair counts and the interval are right."""
from __future__ import annotations

import importlib.util
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_tables", os.path.join(ROOT, "bench", "tables.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pair_counts(bench):
    assert bench.pair_counts([1, 1, 1, 0, 0, 1, 0, 0]) == (1, 2, 1)
    assert bench.pair_counts([]) == (0, 0, 0)


def test_paired_interval_is_the_pairs_normal_interval(bench):
    low, high = bench.paired_interval([1, 0] * 50 + [1, 1] * 50)  # 50 splits (1/2), 50 pairs won (1)
    assert (round(low, 3), round(high, 3)) == (0.701, 0.799)
    # all pairs split: no spread at all, the rate is exactly one half
    assert bench.paired_interval([1, 0, 0, 1] * 10) == (0.5, 0.5)


@pytest.mark.parametrize("key", ["tables.gul-bara", "tables.ses-bes"])
def test_a_pair_shares_its_dice(bench, key):
    """A level against itself on the same dice plays the same game twice, so whichever side won
    the first game of a pair wins the second: every such pair splits. Unpaired, game 1 has dice
    of its own."""
    winner, _ = bench.play_game(key, ("medium", "medium"), 10_000)
    assert bench._match((key, "medium", 0, "medium", True))[0] == int(winner == 0)
    assert bench._match((key, "medium", 1, "medium", True))[0] == int(winner == 1)
    other, _ = bench.play_game(key, ("medium", "medium"), 10_001)
    assert bench._match((key, "medium", 1, "medium", False))[0] == int(other == 1)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--paired", "--games", "3"], "--paired needs an even --games and --first-game"),
        (["--paired", "--games", "4", "--first-game", "1"], "--paired needs an even --games and --first-game"),
        (["--games", "4", "--first-game", "-2"], "--first-game must be at least 0"),
        (["--cascade-pairs", "0"], "--cascade-pairs must be at least 1"),
    ],
)
def test_bad_strength_arguments_are_refused(bench, monkeypatch, capsys, argv, message):
    monkeypatch.setattr("sys.argv", ["tables.py", "--only", "strength", *argv])
    with pytest.raises(SystemExit) as exc:
        bench.main()
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_first_game_moves_the_games_on(bench, monkeypatch):
    """``--first-game`` hands the workers the games from there, paired or not."""
    seen = []

    class Pool:
        def __init__(self, procs):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def map(self, fn, args, chunksize=1):
            seen.extend(args)
            return [(a[2] % 2, [0.001]) for a in args]

    monkeypatch.setattr(bench, "Pool", Pool)
    bench.bench_strength(4, 1, ("tables.gul-bara",), ("medium",), "strong", True, 10)
    assert [a[2] for a in seen] == [10, 11, 12, 13]
    assert all(a[4] is True for a in seen)


def test_completes_sees_a_blocked_number(bench):
    """Fifteen on the head and the six-point ahead held: four 6s cannot be played, four 1s can,
    and a cascade from 5 can (the 5s open the way for the 6s)."""
    from games.engine import get_variant

    rules = get_variant("tables.gul-bara").rules({})
    me = tuple(15 if p == 24 else 0 for p in range(26))
    op = tuple(1 if p == 18 else 14 if p == 1 else 0 for p in range(26))
    assert not bench.completes(rules, me, op, (6,), {})
    assert bench.completes(rules, me, op, (1,), {})
    assert bench.completes(rules, me, op, (5, 6), {})


@pytest.mark.parametrize("seed", [10_000, 10_001, 10_002])
def test_cascade_counts_agree_with_the_engine(bench, seed):
    """The counts of one game agree with the engine's own clause events, played again action by
    action: a cascade begun where the engine reports GB-4's cascade for the roller, a break
    where it reports GB-5's remainder handed over."""
    from games.engine import get_variant
    from games.engine.ai import PLAYERS
    import random

    counts = bench.cascade_counts(("medium", "medium"), seed)
    v = get_variant("tables.gul-bara")
    rng = random.Random(seed)
    s = v.new_game({"match_to": 1})
    begun, broken = [0, 0], 0
    medium = PLAYERS[("tables", "medium")]
    while v.outcome(s) is None:
        action = v.draw(s, rng) if v.is_chance(s) else medium(v, s, rng)
        after = v.apply(s, action)
        events = v.clause_events(s, action, after)
        if events.get("cascade"):
            begun[s.to_move] += 1
        broken += events.get("remainder", 0)
        s = after
    assert [c[0] for c in counts] == begun
    assert counts[0][1] + counts[1][1] == broken
    for c in counts:
        assert c[3] <= c[1] <= c[0]  # breaks that could have been avoided, breaks, cascades
        assert c[2] >= c[1]  # each break hands over at least one pip
    assert sum(begun) > 0


def test_bearoff_table_small(bench):
    """The one-sided bear-off table on up to four checkers: two checkers on the 1-point go off in
    one turn whatever the roll, four only on a double; one on the 6-point stays for a second turn only on the rolls
    that move it less than six pips (1-2, 1-3, 1-4, 2-3: 8 of 36, and with plain doubles 1-1,
    which a cascade carries on to 2s and beyond); a cascade
    (Gul Bara's doubles) never needs more turns than plain doubles, and more checkers never fewer."""
    turns, stage = bench.bearoff_table(cascade=True, checkers=4)
    plain, _ = bench.bearoff_table(cascade=False, checkers=4)
    assert len(turns) == 210  # the ways of putting at most 4 checkers on 6 points
    assert turns[(1, 0, 0, 0, 0, 0)] == 1.0 and turns[(2, 0, 0, 0, 0, 0)] == 1.0
    assert turns[(4, 0, 0, 0, 0, 0)] == 1.0 + 30 / 36  # four off at once only on a double
    assert turns[(0, 0, 0, 0, 0, 1)] == 1.0 + 8 / 36
    assert plain[(0, 0, 0, 0, 0, 1)] == 1.0 + 9 / 36
    # 1-1 as a cascade plays four each of 1..6: any four checkers are off in one turn
    assert stage[((0, 0, 0, 0, 0, 4), 1)] == 0.0
    assert plain[(0, 0, 0, 0, 0, 4)] > turns[(0, 0, 0, 0, 0, 4)]
    for c, t in turns.items():
        assert t <= plain[c] + 1e-12
        for i in range(6):
            if sum(c) < 4:
                more = c[:i] + (c[i] + 1,) + c[i + 1 :]
                assert turns[more] >= t - 1e-12


def test_bearoff_table_plays_as_the_nard_rules(bench):
    """With no opposing checker able to reach the mover's home, Gul Bara's own generator and
    backgammon's (which the table uses) make the same plays from home positions."""
    import random

    from games.engine import get_variant
    from games.engine.tables.moves import BACKGAMMON, complete_plays, to_mover

    v = get_variant("tables.gul-bara")
    rules = v.rules(v.new_game().opts)
    his = [0] * 26
    his[1] = 15  # all his checkers on his 1-point, long past the mover's home (his 13..18)
    op = to_mover(rules, his)
    rng = random.Random(5)
    rolls = [(a, b) for a in range(1, 7) for b in range(a + 1, 7)] + [(d,) * 4 for d in range(1, 7)]
    for _ in range(150):
        me = [0] * 26
        for _ in range(rng.randint(1, 15)):
            me[rng.randint(1, 6)] += 1
        me[0] = 15 - sum(me)
        me = tuple(me)
        for roll in rolls:
            ours = {p.me for p in complete_plays(rules, me, op, roll)}
            assert ours == {p.me for p in complete_plays(BACKGAMMON, me, bench._FAR, roll)}, (me, roll)
