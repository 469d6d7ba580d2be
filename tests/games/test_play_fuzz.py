"""Hostile input for the tables and Béchi engines through both readers a user meets: the command
line (``python -m games.engine``, run in-process) and the play API (``POST /api/v1/matches/``
with a ``state``, and actions in a match).

Real states and actions are mutated at random: a field replaced by a value of another type, a
huge or negative number, JSON nested thousands of levels deep, a list of the wrong length, a
field dropped or added. Whatever comes in, the command line answers one ``error:`` line and
status 2 or succeeds, the API answers 400 or succeeds (never a traceback, never a 500), the two
readers accept and refuse the same states, and a state the engine accepts and writes back reads
again.
"""
from __future__ import annotations

import io
import json
import os
import random
from contextlib import redirect_stderr, redirect_stdout
from typing import Any

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from games.engine import get_variant, variants
from games.engine.__main__ import main

KEYS = [k for k in variants() if k.startswith(("tables.", "mancala."))]
OPTIONS = {"mancala.bechi": [{}, {"round_one": "side0", "holes": 3}, {"shu_house_rule": True}]}


def _corpus() -> list[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """(variant, state JSON, legal actions) along a few random games of every variant."""
    out = []
    for key in KEYS:
        variant = get_variant(key)
        for n, options in enumerate(OPTIONS.get(key, [{}])):
            rng = random.Random(n)
            state = variant.new_game(options)
            for _ in range(60):
                if variant.outcome(state) is not None:
                    break
                actions = variant.legal_actions(state)
                if rng.random() < 0.25 or len(out) % 7 == 0:
                    out.append((key, state.to_json(), [a.to_json() for a in actions[:6]]))
                state = variant.apply(state, variant.draw(state, rng) if variant.is_chance(state) else rng.choice(actions))
            out.append((key, state.to_json(), []))
    return out


CORPUS = _corpus()

DEEP = 500  # far past the engines' limit, short of the parser's own (test_bechi_cli goes past that)


def _deep(n: int) -> Any:
    value: Any = 1
    for _ in range(n):
        value = [value]
    return value


hostile = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 30), st.sampled_from([2**63, -(2**63), 10**120, 10**30]),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=5),
    st.sampled_from(["", "over", "move", "sow", "lot", "clockwise", "opening", "take", "cube"]),
    st.builds(list), st.builds(dict), st.builds(_deep, st.sampled_from([40, DEEP])),
    st.lists(st.integers(-1, 7), max_size=40), st.lists(st.booleans(), max_size=4),
    st.dictionaries(st.sampled_from(["value", "owner", "kind", "side", "number", "from", "to"]),
                    st.integers(-1, 70), max_size=3),
)


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if len(path) > 5:
        return out
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:30]):
            out += _paths(v, path + (i,))
    return out


def _mutate(data: Any, draw: Any) -> Any:
    data = json.loads(json.dumps(data))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            return draw(hostile)
        path = draw(st.sampled_from(paths))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        how = draw(st.sampled_from(["replace", "replace", "replace", "drop", "add"]))
        if how == "drop" and isinstance(parent, dict):
            del parent[last]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "winner", "cascade", "head_left", "pending"]))] = draw(hostile)
        elif how == "add" and isinstance(parent, list):
            parent.append(draw(hostile))
        else:
            parent[last] = draw(hostile)
    return data


@st.composite
def cases(draw: Any) -> tuple[str, Any, Any]:
    key, state, actions = draw(st.sampled_from(CORPUS))
    if draw(st.booleans()):
        state = _mutate(state, draw)
        action = draw(st.sampled_from(actions)) if actions and draw(st.booleans()) else draw(hostile)
    else:
        action = _mutate(draw(st.sampled_from(actions)), draw) if actions else draw(hostile)
    return key, state, action


@pytest.fixture(autouse=True)
def _no_throttle(settings):
    settings.PLAY_DICE_SEED = "fuzz"
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                                          "play": None}}


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    assert code in (0, 2), (args, code)
    if code == 2:
        assert err.getvalue().startswith("error: ") and err.getvalue().count("\n") == 1, err.getvalue()[:300]
    return code, out.getvalue(), err.getvalue()


def _text(value: Any) -> str:
    return json.dumps(value, allow_nan=False)


@pytest.mark.django_db
@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "120")), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                                   HealthCheck.function_scoped_fixture])
@given(cases())
def test_hostile_states_and_actions_never_crash_and_both_readers_agree(case):
    key, state, action = case
    variant = get_variant(key)
    body = state if isinstance(state, dict) else {"variant": key, "rows": state}
    code, out, _ = cli("actions", _text(body))
    if code == 0:
        # what the engine accepted, it writes in a form it reads again
        again = variant.state_from_json(body)
        assert variant.state_from_json(again.to_json()) == again
    code_apply, out_apply, _ = cli("apply", _text(body), _text(action))
    if code_apply == 0:
        written = json.loads(out_apply)
        assert cli("actions", out_apply)[0] == 0, written

    client = APIClient()
    create = client.post(reverse("games:api-matches"), _text({"variant": key, "state": body, "opponent": "hotseat"}),
                         content_type="application/json")
    assert create.status_code in (201, 400), create.content[:300]
    # "variant" is the command line's way to find the engine; the API is told it apart.
    same_reader = isinstance(body.get("variant"), str) and body.get("variant") == key
    if same_reader:
        assert (create.status_code == 201) == (code == 0), (create.json(), code)
    if create.status_code == 201:
        data = create.json()
        token = data["token"]
        response = client.post(reverse("games:api-match-actions", args=[data["id"]]),
                               _text({"action": action, "version": data["version"]}),
                               content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}")
        assert response.status_code in (200, 400, 409), response.content[:300]


@pytest.mark.django_db
@pytest.mark.parametrize("body", [
    "[" * 100_000 + "]" * 100_000,
    '{"variant": "mancala.bechi", "state": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"variant": "mancala.bechi", "options": {"holes": ' + "9" * 5000 + "}}",
    '{"variant": "mancala.bechi", "options": {"round_one": "side0"}, "state": {"rows": [[6, 6, 6, 6], [6, 6, 6, 6]], '
    '"last_move": {"kind": "sow", "side": 0, "hole": 0, "direction": ["clockwise"], "path": []}}}',
    '{"variant": "mancala.bechi", "options": ' + "{\"a\": " * 3000 + "1" + "}" * 3000 + "}",
])
def test_the_audits_crashing_bodies_are_400(body):
    response = APIClient().post(reverse("games:api-matches"), body, content_type="application/json")
    assert response.status_code == 400, response.content[:300]


@pytest.mark.django_db
@pytest.mark.parametrize("action", ["[" * 100_000 + "]" * 100_000, {"leave_empty": 1}, {"leave_empty": None},
                                    {"hole": [[[[[[0]]]]]]}])
def test_hostile_actions_in_a_match_are_400(action):
    client = APIClient()
    created = client.post(reverse("games:api-matches"), {"variant": "mancala.bechi", "opponent": "hotseat"},
                          format="json").json()
    text = action if isinstance(action, str) else json.dumps(action)
    body = '{"version": ' + str(created["version"]) + ', "action": ' + text + "}"
    response = client.post(reverse("games:api-match-actions", args=[created["id"]]), body,
                           content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {created['token']}")
    assert response.status_code == 400, response.content[:300]
