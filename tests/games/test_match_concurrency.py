"""Two simultaneous actions on one match can never both apply (PostgreSQL, real HTTP requests)."""
from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import pytest

from games import services
from games.engine import Action
from games.models import Match

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def post(url: str, body: dict, token: str) -> tuple[int, dict]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def race_two(live_server, match_id: str, token: str, bodies: list[dict]) -> list[int]:
    url = f"{live_server.url}/api/v1/matches/{match_id}/actions/"
    results: list[int] = [0] * len(bodies)
    start = threading.Barrier(len(bodies))

    def go(i: int) -> None:
        start.wait()
        results[i] = post(url, bodies[i], token)[0]

    threads = [threading.Thread(target=go, args=(i,)) for i in range(len(bodies))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def new_match(live_server) -> dict:
    request = urllib.request.Request(
        f"{live_server.url}/api/v1/matches/", method="POST",
        data=json.dumps({"variant": "tables.shesh-besh", "options": {"match_to": 1},
                         "opponent": "hotseat"}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


@pytest.fixture(autouse=True)
def _no_throttle(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {"anon": None, "play": None}}


def test_of_two_requests_computed_from_one_version_only_one_applies(live_server, monkeypatch):
    # Hold both requests after they have read the match and computed their result, so both
    # reach the write with the same version: only the conditional UPDATE can tell them apart.
    both_read = threading.Barrier(2, timeout=20)
    check = services.check_action

    def check_then_wait(**kwargs):
        plan = check(**kwargs)
        both_read.wait()
        return plan

    monkeypatch.setattr(services, "check_action", check_then_wait)
    data = new_match(live_server)
    first, second = data["legal_actions"][:2]
    statuses = race_two(live_server, data["id"], data["token"], [
        {"action": first, "version": data["version"]},
        {"action": second, "version": data["version"]},
    ])
    assert sorted(statuses) == [200, 409]
    match = Match.objects.get(pk=data["id"])
    assert match.version == data["version"] + 1
    assert len(match.log) == len(data["log"]) + 1


def test_many_simultaneous_requests_apply_exactly_once_each_version(live_server, settings):
    settings.PLAY_DICE_SEED = "concurrency"  # so the one expected result can be computed here
    data = new_match(live_server)
    for _ in range(6):
        match = Match.objects.get(pk=data["id"])
        legal = services.Live.load(match).legal_actions()
        action = {"confirm": True} if {"confirm": True} in legal else legal[0]
        expected = services.check_action(match=match, action=Action.from_json(action),
                                         version=match.version, sides=[0, 1]).live
        statuses = race_two(live_server, data["id"], data["token"],
                            [{"action": action, "version": match.version} for _ in range(4)])
        assert statuses.count(200) == 1 and statuses.count(409) == 3, statuses
        after = Match.objects.get(pk=data["id"])
        assert after.version == match.version + 1
        assert (after.log, after.state) == (expected.log, expected.state_json)
