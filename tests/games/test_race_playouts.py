"""Random play-outs to the end under every preset and every single option changed from it, plus a
sample of whole random option sets: each game ends, and every state on the way is sound."""
from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import InvalidOptions
from games.engine.race.game import RaceVariant
from games.engine.race.variants import SquaresOption
from tests.games.race_helpers import KEYS, playout, variant


def choices(spec: Any) -> list[Any]:
    if isinstance(spec, SquaresOption):
        return [[], [15, 26, 27, 28, 29], [26, 27, 28, 29, 30]]
    if spec.choices is not None:
        return list(spec.choices)
    if isinstance(spec.default, bool):
        return [False, True]
    return [spec.minimum, spec.default]


def option_sets(v: RaceVariant) -> list[dict[str, Any]]:
    """Each preset, and each preset with one option changed (those the rules accept)."""
    out: list[dict[str, Any]] = []
    seen = set()
    for preset in v.PRESETS:
        for name, spec in [(None, None)] + [(n, s) for n, s in v.options.items() if n != "rules"]:
            for value in [None] if name is None else choices(spec):
                opts = {"rules": preset} if name is None else {"rules": preset, name: value}
                try:
                    full = v.validate_options(opts)
                except InvalidOptions:
                    continue
                key = repr(sorted(full.items()))
                if key not in seen:
                    seen.add(key)
                    out.append(opts)
    return out


def random_sets(v: RaceVariant, count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        opts = {n: rng.choice(choices(s)) for n, s in v.options.items()}
        try:
            v.validate_options(opts)
        except InvalidOptions:
            continue
        out.append(opts)
    return out


CASES = [(key, opts) for key in KEYS for opts in option_sets(variant(key))]
CASES += [(key, opts) for key in KEYS for opts in random_sets(variant(key), 4, 11)]


def sound(v: RaceVariant):
    count = [0]

    def check(state):
        r = v.rules(v.state_options(state))
        for s in (0, 1):
            assert len(state.pieces[s]) + state.lost[s] == r.pieces  # pieces conserved
            assert all(0 <= p <= r.n + 1 for p in state.pieces[s])
        count[0] += 1
        if count[0] % 40 == 0 or state.phase == "over":
            assert v.state_from_json(state.to_json()) == state
        if v.outcome(state) is not None:
            assert v.legal_actions(state) == []
            out = v.outcome(state)
            assert out.score[out.winner] >= out.score[1 - out.winner]

    return check


@pytest.mark.parametrize("key, options", CASES, ids=[f"{k}-{sorted(o.items())}" for k, o in CASES])
def test_a_random_game_ends_soundly(key, options):
    v = variant(key)
    end = playout(key, options, seed=len(repr(options)), check=sound(v))
    assert v.outcome(end) is not None


def test_the_option_sets_cover_every_choice_of_every_option():
    for key in KEYS:
        v = variant(key)
        sets = option_sets(v)
        for name, spec in v.options.items():
            seen = {repr(v.validate_options(o)[name]) for o in sets}
            assert len(seen) >= min(2, len(choices(spec))) or name == "rules", (key, name)
