"""The learned evaluator (``ai/td.py``), its training command (``ai/train.py``) and the
``strong`` level: training is reproducible from its seed, the shipped weights load and are small,
and strong plays legal steps to the end of a game in every variant."""
from __future__ import annotations

import io
import os
import random

import numpy as np
import pytest

from games.engine import get_variant
from games.engine.ai import choose, levels
from games.engine.ai import td
from games.engine.ai.train import Trainer, main, returns, train
from games.engine.core import EngineError
from games.engine.tables.moves import START, START_HEAD

KEYS = ("tables.backgammon", "tables.shesh-besh", "tables.takhte-nard", "tables.ses-bes", "tables.gul-bara")


def _same(a: td.Net, b: td.Net) -> bool:
    return all(np.array_equal(getattr(a, k), getattr(b, k)) for k in ("w1", "b1", "w2", "b2"))


@pytest.mark.parametrize("key", ["tables.backgammon", "tables.gul-bara"])
def test_training_is_reproducible_from_its_seed(key: str) -> None:
    a = train(key, 2, seed=7, hidden=8, report=0)
    b = train(key, 2, seed=7, hidden=8, report=0)
    c = train(key, 2, seed=8, hidden=8, report=0)
    assert _same(a, b)
    assert not _same(a, c)
    fresh = td.Net.new(8, np.random.default_rng(7))
    assert not np.array_equal(a.w1, fresh.w1)  # it learned something
    assert a.meta["games"] == 2 and a.meta["seed"] == 7
    assert a.meta["turn_end"] is False and train(key, 1, seed=7, hidden=8, report=0, turn_end=True).meta["turn_end"] is True


def test_lambda_returns_mix_the_next_values_and_the_result() -> None:
    values = np.array([[0.5], [0.6], [0.9]])
    out = returns(values, np.array([1.0]), lam=0.5)
    # the last position's return is the result; each earlier one mixes the next value and return
    assert out[2, 0] == 1.0
    assert out[1, 0] == pytest.approx(0.5 * 0.9 + 0.5 * 1.0)
    assert out[0, 0] == pytest.approx(0.5 * 0.6 + 0.5 * out[1, 0])
    assert returns(values, np.array([0.0]), lam=0.0)[:, 0].tolist() == [0.6, 0.9, 0.0]  # TD(0)


@pytest.mark.parametrize("side", [0, 1])
def test_a_learning_step_moves_the_position_towards_the_result(side: int) -> None:
    net = td.Net.new(8, np.random.default_rng(1))
    x = td.features(np.array([START]), np.array([START]))
    before = net.values(x)[0]
    # lambda 1: the target is the result; side 0 won a single game, ``side`` was on roll
    Trainer(net, alpha=0.1, lam=1.0).learn(x, np.array([side]), winner=0, points=1)
    after = net.values(x)[0]
    assert (after[0] > before[0]) == (side == 0)  # the win chance of the side on roll
    assert after[1] < before[1] and after[3] < before[3]  # no gammon either way


def test_training_command_writes_weights_that_load(tmp_path, capsys) -> None:
    out = tmp_path / "w.npz"
    main(["tables.shesh-besh", "--games", "2", "--seed", "3", "--out", str(out), "--hidden", "6", "--report", "1"])
    printed = capsys.readouterr().out
    assert "games/s" in printed and "2/2 games" in printed
    net = td.Net.read(str(out))
    assert net.w1.shape == (td.INPUTS, 6) and net.meta["variant"] == "tables.shesh-besh"
    # going on from those weights counts the games already played
    main(["tables.shesh-besh", "--games", "1", "--seed", "4", "--out", str(out), "--init", str(out), "--report", "0"])
    assert td.Net.read(str(out)).meta["games"] == 3


def test_training_command_refuses_bad_input(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["tables.nope", "--games", "1", "--out", "/tmp/x.npz"])
    assert "tables.nope" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["tables.backgammon", "--games", "0", "--out", "/tmp/x.npz"])


@pytest.mark.parametrize("key", KEYS)
def test_shipped_weights_load_and_are_small(key: str) -> None:
    path = td.weights_path(key)
    assert os.path.getsize(path) < 80_000  # tens of KB (issue 13)
    net = td.load(key)
    assert net.meta["variant"] == key and net.meta["games"] >= 500
    setup = START_HEAD if get_variant(key).geometry == "parallel" else START
    v = net.values(td.features(np.array([setup]), np.array([setup])))[0]
    assert v.shape == (5,) and np.all((0 < v) & (v < 1))
    assert 0.3 < v[0] < 0.8  # the side on roll at the start: about even, somewhat ahead


def test_missing_weights_are_named(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(td, "WEIGHTS", str(tmp_path))
    td.load.cache_clear()
    try:
        with pytest.raises(EngineError, match="no trained weights for tables.backgammon"):
            td.load("tables.backgammon")
    finally:
        td.load.cache_clear()


def test_features_mark_counts_as_tesauro_did() -> None:
    me = [0] * 26
    me[6], me[8], me[25], me[0] = 5, 1, 2, 7
    x = td.features(np.array([me]), np.array([START]))[0]
    assert list(x[20:24]) == [1, 1, 1, 1.0]  # point 6: five checkers
    assert list(x[28:32]) == [1, 0, 0, 0]  # point 8: a blot
    assert x[96] == 1.0 and x[97] == pytest.approx(7 / 15)  # bar, borne off
    assert x[98] == pytest.approx((30 + 8 + 50) / 200)  # pips
    assert x[99 + 23 * 4 : 99 + 24 * 4].tolist() == [1, 1, 0, 0]  # the other side's 24-point
    assert x.shape == (td.INPUTS,)


def _judged(me: dict[int, int], them: dict[int, int], hitting: bool = True) -> list[float]:
    """The judgement inputs of the side on roll (``me``), then the other's, then the race."""
    a, b = [0] * 26, [0] * 26
    for p, n in me.items():
        a[p] = n
    for p, n in them.items():
        b[p] = n
    a[0], b[0] = 15 - sum(me.values()), 15 - sum(them.values())
    return td.features(np.array([a]), np.array([b]), hitting)[0, 198:].tolist()


def test_judgement_inputs_count_shots_blocks_and_the_race() -> None:
    # my blot on 5; his two back checkers on his 24 (my 1): 4 away, one number hits it directly
    j = _judged({5: 1, 6: 4, 8: 3, 13: 5, 24: 2}, {24: 2, 13: 5, 8: 3, 6: 5})
    assert j[0] == pytest.approx(11 / 36) and j[1] == 0 and j[2] == pytest.approx(1 / 5)
    # another blot, on my 10, 9 away from his back checkers: beyond one die, so the direct
    # numbers stay as they were and the indirect shot is marked
    j = _judged({5: 1, 10: 1, 6: 3, 8: 3, 13: 5, 24: 2}, {24: 2, 13: 5, 8: 3, 6: 5})
    assert j[0] == pytest.approx(11 / 36) and j[1] == 1 and j[2] == pytest.approx(2 / 5)
    # a blot 2 and 4 away from two of his points: two numbers, 20 rolls of 36
    j = _judged({5: 1, 6: 12, 24: 2}, {24: 2, 22: 1, 6: 10})
    assert j[0] == pytest.approx(20 / 36)
    # his checker on the bar enters on my 1..6: my blot on 3 is 3 away from it
    j = _judged({3: 1, 6: 14}, {25: 1, 6: 14})
    assert j[0] == pytest.approx(11 / 36)
    # a block of five (my 4..8) and three home points (4, 5, 6)
    j = _judged({4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 13: 5}, {24: 2, 13: 13})
    assert j[3] == pytest.approx(5 / 6) and j[4] == pytest.approx(3 / 6)
    assert j[10] == 0  # his back checkers are behind mine: contact
    # past each other: the race is on
    assert _judged({3: 5, 5: 5}, {4: 5, 2: 5})[10] == 1
    assert _judged({3: 5, 22: 5}, {4: 5, 2: 5})[10] == 0  # my 22 is his 3: still in contact
    # nard: one checker holds a point; my 23, 22 and 21 are his 11, 10 and 9, with my head (his
    # 12) a block of four in front of his head, but none of it among the six points nearest it
    j = _judged({24: 12, 23: 1, 22: 1, 21: 1}, {24: 15}, hitting=False)
    assert j[0] == 0 and j[1] == pytest.approx(4 / 6) and j[3] == pytest.approx(4 / 6)
    # my 11, 10 and 9 are his 23, 22 and 21: three points right in front of his head
    j = _judged({24: 12, 11: 1, 10: 1, 9: 1}, {24: 15}, hitting=False)
    assert j[0] == pytest.approx(3 / 6) and j[1] == pytest.approx(3 / 6) and j[2] == pytest.approx(4 / 12)
    # once his rearmost checker has passed them, they block nothing; my head (his 12) still does
    assert _judged({24: 12, 11: 1, 10: 1, 9: 1}, {20: 15}, hitting=False)[:2] == [0, pytest.approx(1 / 6)]


def test_strong_is_listed_after_the_hand_written_levels() -> None:
    assert levels(get_variant("tables.backgammon"))[-2:] == ["medium", "strong"]


@pytest.mark.parametrize("key", KEYS)
def test_strong_plays_legal_steps_to_the_end(key: str) -> None:
    v = get_variant(key)
    rng = random.Random(5)
    s = v.new_game({"match_to": 1})
    sides = ("strong", "random")
    n = 0
    while v.outcome(s) is None:
        if v.is_chance(s):
            s = v.apply(s, v.draw(s, rng))
            continue
        a = choose(v, s, sides[s.to_move], rng)
        assert a in v.legal_actions(s)
        s = v.apply(s, a)
        n += 1
    assert n > 20


def test_strong_cube_follows_the_equity() -> None:
    v = get_variant("tables.backgammon")
    far_ahead = tuple(3 if p in (2, 3, 4, 5, 6) else 0 for p in range(26))
    s = v.state_from_json({
        "variant": v.key, "options": {"match_to": 5}, "phase": "cube", "to_move": 0,
        "checkers": [list(far_ahead), list(START)], "dice": [], "score": [0, 0], "cube": {"value": 1, "owner": None},
    })
    # far ahead in the race with the opponent's checkers all back: too good to double
    # (playing on for a double win) or double; either way the opponent must not take
    e = td.on_roll_equity(v, s, 0)
    assert e > 0.5
    taker = v.apply(s, {"double": True}) if choose(v, s, "strong").get("double") else None
    if taker is not None:
        assert choose(v, taker, "strong").get("drop") is True


def test_strong_plays_as_medium_where_its_network_is_not_yet_better(monkeypatch) -> None:
    v = get_variant("tables.ses-bes")
    s = v.apply(v.apply(v.new_game(), {"opening": [5, 2]}), {"roll": [6, 3]})
    monkeypatch.setattr(td, "NOT_YET", frozenset({"tables.ses-bes"}))
    assert choose(v, s, "strong", random.Random(2)) == choose(v, s, "medium", random.Random(2))


def _gul_bara_cascade(me: list[int]):
    """A Gul Bara position in the middle of a cascade: side 0 has 1-1 to play four times, then
    every higher double four times (GB-4)."""
    from dataclasses import replace

    v = get_variant("tables.gul-bara")
    s = v.new_game({"match_to": 1})
    pending = tuple(n for n in range(2, 7) for _ in range(4))
    return v, replace(s, phase="move", to_move=0, checkers=(tuple(me), START_HEAD), dice=(1, 1, 1, 1),
                      pending=pending, cascade_number=1, rolls=(5, 5), roll=(1, 1), head_left=0)


def test_in_a_cascade_strong_judges_each_play_where_the_turn_really_ends(monkeypatch) -> None:
    # All fifteen checkers home on the 1, 2 and 3 points: the cascade's 24 dice bear them all off
    # this turn, whatever the 1s do. Judged where the turn ends, every play is a won game (the
    # opponent has borne off none: a double win at least), not the network's estimate of a
    # position with the opponent to roll.
    me = [0] * 26
    me[1] = me[2] = me[3] = 5
    v, s = _gul_bara_cascade(me)
    net = td.load(v.key)
    plays = v.complete_plays(s)
    assert len(plays) > 1
    seen = []
    real = td._turn_end_value
    monkeypatch.setattr(td, "_turn_end_value", lambda *a: seen.append(real(*a)) or seen[-1])
    play = td.choose_strong(v, s, net)
    assert any((p.me, p.op) == (play.me, play.op) for p in plays)
    assert seen and all(value in (2.0, 3.0) for value in seen)  # exact results, not estimates


def test_after_a_remainder_the_mover_is_judged_on_roll() -> None:
    # GB-5: the opponent's unplayable rest of a cascade, played by this side, who then rolls.
    from dataclasses import replace

    v = get_variant("tables.gul-bara")
    s = v.new_game({"match_to": 1})
    s = replace(s, phase="move", to_move=0, dice=(6, 6), pending=(), remainder=True, roll=(6, 6), rolls=(5, 5), head_left=1)
    plays = v.complete_plays(s)
    assert plays
    after = v.apply_play(s, plays[0])
    assert after.to_move == 0 and v.is_chance(after)  # this side rolls next
    net = td.load(v.key)
    assert td._turn_end_value(v, net, after, 0, s.game) == pytest.approx(td.on_roll_equity(v, after, 0))
    assert td.choose_strong(v, s, net) is not None


def test_a_remainder_handed_over_is_played_before_the_turn_is_judged() -> None:
    # GB-5: side 0's cascade broke and the rest of it (four 6s) goes to side 1, who plays it
    # before his own roll. Side 0's turn ends where side 1 is on roll *after* those 6s, not
    # before them: judged before, a play that breaks the cascade would seem to give nothing away.
    from dataclasses import replace

    v = get_variant("tables.gul-bara")
    s = v.new_game({"match_to": 1})
    his = [0] * 26
    his[24], his[20], his[15] = 10, 2, 3  # some checkers off his head already: several ways to play
    handed = replace(s, phase="move", to_move=1, checkers=(START_HEAD, tuple(his)), dice=(6, 6, 6, 6), pending=(),
                     remainder=True, roll=(5, 5), rolls=(5, 5), head_left=1)
    net = td.load(v.key)
    plays = sorted(v.complete_plays(handed), key=lambda p: (p.me, p.op))
    assert len(plays) > 1  # side 1 can play his 6s from the start, in more than one way
    best = plays[int(np.argmax(td.mover_equities(v, net, handed.rules, plays)))]
    after = v.apply_play(handed, best)
    assert after.to_move == 1 and v.is_chance(after)  # then he rolls
    value = td._turn_end_value(v, net, handed, 0, s.game)
    assert value == pytest.approx(-td.on_roll_equity(v, after, 1))
    assert value != pytest.approx(-td.on_roll_equity(v, handed, 1))


def test_training_can_choose_cascade_plays_where_the_turn_ends_as_strong_does() -> None:
    # ``--turn-end``: in a Gul Bara cascade (GB-4) or after a remainder (GB-5) the trainer picks
    # on the play-out state the play strong picks on the engine's state (``_best_before_more_dice``),
    # so self-play can learn from the play-time policy; plain training takes the 0-ply best.
    from games.engine.tables.playout import Playout

    v = get_variant("tables.gul-bara")
    net = td.load(v.key)
    follow, greedy = Trainer(net, 0.1, 0.7, turn_end=True), Trainer(net, 0.1, 0.7)
    compared = differed = 0
    for seed in range(3):
        rng = random.Random(seed)
        s, g = v.new_game({"match_to": 1}), Playout(v)
        while v.outcome(s) is None:
            if s.phase in ("opening", "roll"):
                a, b = rng.randint(1, 6), rng.randint(1, 6)
                s = v.apply(s, {s.phase: [a, b]})
                (g.opening if g.phase == "opening" else g.roll)(a, b)
                continue
            ours = sorted(g.plays(), key=lambda p: (p.me, p.op))
            theirs = sorted(v.complete_plays(s), key=lambda p: (p.me, p.op))
            chosen = ours[rng.randrange(len(ours))]
            if (g.pending or g.remainder) and len(ours) > 1:
                picked = follow.pick(v, g.rules, ours, g)
                strong = td._best_before_more_dice(v, net, s, theirs)
                assert (picked.me, picked.op) == (strong.me, strong.op), (seed, s.pending)
                compared += 1
                flat = greedy.pick(v, g.rules, ours, g)
                differed += (flat.me, flat.op) != (picked.me, picked.op)
                chosen = picked
            s = v.apply_play(s, next(p for p in theirs if (p.me, p.op) == (chosen.me, chosen.op)))
            g.play(chosen)
        assert g.winner == v.outcome(s).winner
    assert compared >= 10 and differed >= 1
