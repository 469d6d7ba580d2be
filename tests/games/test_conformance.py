"""Every registered variant keeps the Variant contract (games/engine/core.py), checked the same way
for all: random games to their end, the state's JSON read back at every step, junk refused.

In the manner of OpenSpiel's games_sim_test: nothing here knows a family. A new family is covered
the moment it registers its variants.
"""
from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from tests.games.variant_keys import play_layer_keys

from games.engine import (
    Action,
    EngineError,
    IllegalAction,
    InvalidOptions,
    InvalidState,
    Outcome,
    Variant,
    get_variant,
    variants,
)
from games.engine.core import LOG_ENTRY_FIELDS as ENTRY_FIELDS

VARIANTS = play_layer_keys()
GAMES = 2  # random games per variant with the short options (and one with the others changed)
MAX_ACTIONS = 4000  # a random game that has not ended by then is a failure


def short(variant: Variant) -> dict[str, Any]:
    """Options that keep a random game short: a match of one game where the variant plays matches."""
    return {"match_to": 1} if "match_to" in variant.options else {}


def changed_options(variant: Variant) -> dict[str, Any]:
    """The short options with every yes/no and multiple-choice option moved off its default
    where the variant accepts the combination (a cube game's random doubles end games early;
    without the cube they run to the bear-off). Every option combination is the family's own
    play-out tests' job; this only keeps the contract checked off the defaults."""
    options = short(variant)
    for name, spec in variant.options.items():
        if name in options:
            continue
        values = (not spec.default,) if isinstance(spec.default, bool) else (spec.choices or ())
        for value in values:
            if value == spec.default:
                continue
            try:
                variant.validate_options(dict(options, **{name: value}))
            except InvalidOptions:
                continue  # a value that needs another option set too
            options[name] = value
            break
    return options


def json_safe(value: Any) -> Any:
    """``value`` as JSON reads it back (fails on anything JSON cannot hold)."""
    return json.loads(json.dumps(value, allow_nan=False))


def mutations(action: Action) -> list[dict[str, Any]]:
    """Malformed versions of a legal action: an unknown key, each field out of range or of the
    wrong type, and each field dropped."""
    data = action.to_json()
    out: list[dict[str, Any]] = [dict(data, zz_unknown=1)]
    for key, value in data.items():
        out.append({k: v for k, v in data.items() if k != key} or {"zz_unknown": 1})
        if isinstance(value, bool):
            out.append(dict(data, **{key: 7}))
        elif isinstance(value, int):
            out += [dict(data, **{key: 10**6}), dict(data, **{key: -10**6}), dict(data, **{key: str(value)})]
        elif isinstance(value, list):
            out += [dict(data, **{key: value + [1] * 9}), dict(data, **{key: 3})]
        else:
            out.append(dict(data, **{key: [value]}))
    return out


JUNK = [{}, {"zz_unknown": 1}, {"from": -1, "to": 10**6}, {"hole": 10**6}, {"throw": [99] * 40}]


def refused_or_equivalent(variant: Variant, state, action: Mapping[str, Any], legal: list[Action]) -> None:
    """An action outside the legal list is refused with IllegalAction, unless it is a shorthand
    the variant documents (tables: a step without its die) that leads where a listed action does."""
    try:
        after = variant.apply(state, action)
    except IllegalAction:
        return
    reachable = [variant.apply(state, a) for a in legal]
    assert after in reachable, f"{variant.key}: {action} is not listed as legal, yet apply accepted it"


def check_hooks(variant: Variant, state) -> None:
    is_open = variant.turn_is_open(state)
    assert isinstance(is_open, bool)
    if is_open:
        assert variant.to_move(state) in (0, 1) and not variant.is_chance(state)
    fields = variant.log_fields(state)
    assert isinstance(fields, dict) and all(isinstance(k, str) for k in fields)
    assert not (set(fields) & ENTRY_FIELDS), f"log_fields reuses an entry field: {sorted(set(fields) & ENTRY_FIELDS)}"
    assert json_safe(fields) == fields


def check_round_trip(variant: Variant, state) -> dict[str, Any]:
    data = state.to_json()
    assert json_safe(data) == data, "a state's JSON holds only JSON values"
    assert data.get("variant") == variant.key
    back = variant.state_from_json(data)
    assert back == state and hash(back) == hash(state)
    assert back.to_json() == data
    assert variant.state_from_json(json.dumps(data)) == state  # JSON text as well as a mapping
    return data


@pytest.mark.parametrize("key", VARIANTS)
def test_static_contract(key: str) -> None:
    variant = get_variant(key)
    # A rules file's key names its folder (war., sow., ...); its engine family is "rules".
    assert key == variant.key and (key.startswith(f"{variant.family}.") or variant.family == "rules") and variant.title
    info = variant.info()
    assert json_safe(info) == info and info["key"] == key and info["family"] == variant.family
    defaults = variant.validate_options(None)
    assert variant.validate_options(defaults) == defaults == variant.validate_options({})
    with pytest.raises(InvalidOptions):
        variant.validate_options({"zz_unknown": 1})
    with pytest.raises(InvalidOptions):
        variant.new_game({"zz_unknown": 1})
    with pytest.raises(InvalidOptions):
        variant.validate_options([1])
    for options in (defaults, variant.validate_options(short(variant))):
        board = variant.board_info(options)
        assert isinstance(board, dict) and json_safe(board) == board
        assert variant.state_options(variant.new_game(options)) == options
    help_ = variant.text_help()
    assert set(help_) == {"moves", "commands"}
    assert all(isinstance(text, str) and text for texts in help_.values() for text in texts)
    for junk in ("[1]", "not json", {}, {"variant": "zz.unknown"}):
        with pytest.raises(InvalidState):
            variant.state_from_json(junk)
    start = variant.new_game(short(variant)).to_json()
    with pytest.raises(InvalidState):
        variant.state_from_json(dict(start, variant="zz.unknown"))


@pytest.mark.parametrize("key", VARIANTS)
def test_random_games_keep_the_contract_to_their_end(key: str) -> None:
    variant = get_variant(key)
    games = [short(variant)] * GAMES + [changed_options(variant)]
    for seed, options in enumerate(games):
        rng = random.Random(f"{key}:{seed}")
        state = variant.new_game(options)
        assert variant.state_options(state) == variant.validate_options(options)
        seen: dict[Action, None] = {}  # every action legal somewhere in this game, in order
        for _ in range(MAX_ACTIONS):
            check_round_trip(variant, state)
            check_hooks(variant, state)
            legal = variant.legal_actions(state)
            listed = set(legal)
            assert len(listed) == len(legal), "legal actions are listed once each"
            if variant.outcome(state) is not None:
                break
            assert legal, "a game that is not over always has an action due"
            for action in legal:
                assert Action.from_json(json.dumps(action.to_json())) == action
            if variant.is_chance(state):
                assert variant.to_move(state) is None
                drawn = variant.draw(state, rng)
                assert drawn in legal, f"draw gave {drawn}, not a legal chance action"
                action = drawn
            else:
                assert variant.to_move(state) in (0, 1)
                with pytest.raises(IllegalAction):
                    variant.draw(state, rng)
                action = rng.choice(legal)
            # Junk, malformed versions of a legal action, and actions legal elsewhere in the
            # game (the other side's, an earlier phase's) are refused and change nothing.
            for junk in JUNK + mutations(rng.choice(legal)):
                if Action(junk) not in listed:
                    refused_or_equivalent(variant, state, junk, legal)
            others = [a for a in seen if a not in listed]
            for other in rng.sample(others, min(4, len(others))):
                refused_or_equivalent(variant, state, other, legal)
            notation = variant.describe(state, action)
            assert isinstance(notation, str) and notation
            for a in legal:
                seen.setdefault(a, None)
            state = variant.apply(state, action)
        else:
            pytest.fail(f"{key}: a random game did not end within {MAX_ACTIONS} actions ({options}, seed {seed})")
        check_over(variant, state, list(seen))


def check_over(variant: Variant, state, seen: list[Action]) -> None:
    result = variant.outcome(state)
    assert isinstance(result, Outcome)
    assert result.winner in (0, 1, None) and isinstance(result.points, int)
    assert isinstance(result.how, str) and result.how
    assert len(result.score) == 2 and all(isinstance(n, int) for n in result.score)
    if result.winner is None:  # a draw: nobody scores (Béchi's rounds repeating at equal counters)
        assert result.points == 0 and result.score[0] == result.score[1]
    else:
        assert result.points > 0 and result.score[result.winner] >= result.score[1 - result.winner]
    data = state.to_json()
    if "score" in data:
        assert tuple(data["score"]) == tuple(result.score)
    assert json_safe(result.to_json()) == result.to_json()
    assert variant.legal_actions(state) == [] and variant.to_move(state) is None
    assert not variant.is_chance(state) and not variant.turn_is_open(state)
    for action in seen[:20]:
        with pytest.raises(IllegalAction):
            variant.apply(state, action)


def test_every_family_is_covered() -> None:
    # The conformance test above must see each family that has a package; a family that fails
    # to register any variant would silently drop out.
    families = {get_variant(key).family for key in VARIANTS}
    assert {"tables", "mancala"} <= families


def test_engine_errors_are_value_errors() -> None:
    # The play layer catches EngineError; an engine raising anything else would be a 500.
    assert issubclass(IllegalAction, EngineError) and issubclass(InvalidState, EngineError)
    assert issubclass(EngineError, ValueError)
