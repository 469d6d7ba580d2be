"""Random play-outs to the end of a match for every variant and every combination of options."""
from __future__ import annotations

import itertools
import zlib

import pytest

from games.engine import get_variant
from tests.games.test_tables_helpers import KEYS, random_match


# The readings of issue 12: each is played flipped from its default once, not in every
# combination with the others (which would multiply the play-outs by eight).
FLIPPED_ONCE = {"crawford", "higher_die", "black_mars_bar"}


def combinations(key: str) -> list[dict]:
    v = get_variant(key)
    choices = {}
    for name, spec in v.options.items():
        if name == "match_to" or name in FLIPPED_ONCE:
            continue
        choices[name] = list(spec.choices) if spec.choices else [True, False] if isinstance(spec.default, bool) else [spec.default]
    names = sorted(choices)
    out = [dict(zip(names, values)) for values in itertools.product(*(choices[n] for n in names))]
    out += [{name: not v.options[name].default} for name in sorted(FLIPPED_ONCE & set(v.options))]
    return out


CASES = [(key, opts) for key in KEYS for opts in combinations(key)]


def test_every_option_combination_is_covered() -> None:
    assert len(CASES) == (2 + 1) + 1 + (16 + 3) + 2 + 4


WINS = {
    "tables.backgammon": {"single", "gammon", "backgammon", "drop"},
    "tables.shesh-besh": {"single", "mars", "turkish-mars"},
    "tables.takhte-nard": {"single", "mars", "black-mars", "drop"},
    "tables.ses-bes": {"single", "mars"},
    "tables.gul-bara": {"single", "mars"},
}


@pytest.mark.parametrize(("key", "options"), CASES, ids=[f"{k}-{i}" for i, (k, _) in enumerate(CASES)])
def test_a_random_match_ends_with_a_valid_outcome(key: str, options: dict) -> None:
    v = get_variant(key)
    s = random_match(v, dict(options, match_to=2), seed=zlib.crc32(f"{key}{sorted(options.items())}".encode()))
    o = v.outcome(s)
    assert o is not None and o.winner in (0, 1) and o.how in WINS[key]
    assert o.score[o.winner] >= 2 and o.score[1 - o.winner] < 2
    assert o.points >= 1 and v.legal_actions(s) == []
    assert v.state_from_json(s.to_json()) == s
