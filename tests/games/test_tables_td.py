"""The learned evaluator (``ai/td.py``), its training command (``ai/train.py``) and the
``expert`` level: training is reproducible from its seed, the shipped weights load and are small,
and the expert plays legal steps to the end of a game in every variant."""
from __future__ import annotations

import io
import os
import random

import numpy as np
import pytest

from games.engine import get_variant
from games.engine.ai import choose, levels
from games.engine.ai import td
from games.engine.ai.train import main, train
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
    assert os.path.getsize(path) < 64_000
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


def test_expert_is_listed_after_the_old_levels() -> None:
    assert levels(get_variant("tables.backgammon"))[-2:] == ["strong", "expert"]


@pytest.mark.parametrize("key", KEYS)
def test_expert_plays_legal_steps_to_the_end(key: str) -> None:
    v = get_variant(key)
    rng = random.Random(5)
    s = v.new_game({"match_to": 1})
    sides = ("expert", "random")
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


def test_expert_cube_follows_the_equity() -> None:
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
    taker = v.apply(s, {"double": True}) if choose(v, s, "expert").get("double") else None
    if taker is not None:
        assert choose(v, taker, "expert").get("drop") is True


def test_expert_plays_as_strong_where_its_network_is_not_yet_better() -> None:
    v = get_variant("tables.ses-bes")
    s = v.apply(v.apply(v.new_game(), {"opening": [5, 2]}), {"roll": [6, 3]})
    assert choose(v, s, "expert", random.Random(2)) == choose(v, s, "strong", random.Random(2))
    assert td.NOT_YET.isdisjoint({"tables.backgammon", "tables.shesh-besh", "tables.takhte-nard"})
