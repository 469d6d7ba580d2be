"""The play API's limits and fast paths: writes throttled in the shared store per real client
address, the match record in bounded parts kept per version and throttled, and the action path
trusting a state only once it has been validated and committed."""
from __future__ import annotations

import json
import random

import pytest
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse

from core import throttling
from games import api, selectors, services
from games.models import Match
from tests.games.test_play_api import Player, _fixed_dice_and_no_throttle, create, race  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache(one_throttle_window):
    cache.clear()
    services.TRUSTED_STATES.clear()
    yield
    cache.clear()


def rates(settings, **scoped):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **scoped}}


def long_match(actions: int) -> tuple[dict, Player]:
    """A ses-bes hotseat match with at least ``actions`` log entries, played at random."""
    data, player = create(variant="tables.ses-bes", opponent="hotseat", options={"match_to": 25})
    rng, body = random.Random(4), data
    while len(body["log"]) < actions:
        choices = [a for a in body["legal_actions"] if a != {"undo": True}]
        body = player.act(data["id"], rng.choice(choices), body["version"], confirm=True).json()
    return body, player


class TestPlayThrottle:
    def test_writes_are_counted_in_the_shared_store_per_address(self, race, settings):
        rates(settings, play="3/minute")
        settings.NUM_PROXIES = 0
        # Separate clients (as separate workers would see them) from one address share one count,
        # and a forged X-Forwarded-For does not make a new client.
        statuses = [Player().client.post(reverse("games:api-matches"), {"variant": race}, format="json",
                                         HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").status_code for n in range(5)]
        assert statuses == [201, 201, 201, 429, 429]
        assert throttling.current("play", "ip:127.0.0.1", "3/minute").count == 5

    def test_actions_share_the_count_and_say_when_to_come_back(self, race, settings):
        data, alice = create(variant=race, opponent="hotseat")
        rates(settings, play="2/minute")
        body = data
        first = alice.act(data["id"], body["legal_actions"][0], body["version"])
        assert first.status_code == 200
        second = alice.act(data["id"], first.json()["legal_actions"][0], first.json()["version"])
        third = alice.act(data["id"], {"undo": True}, 99)
        assert (second.status_code, third.status_code) == (200, 429)
        assert third.json()["code"] == "throttled" and int(third["Retry-After"]) >= 1
        assert Match.objects.get(pk=data["id"]).version == first.json()["version"] + 1

    def test_behind_a_trusted_proxy_the_address_it_saw_is_counted(self, race, settings):
        rates(settings, play="2/minute")
        settings.NUM_PROXIES = 1
        post = lambda forwarded: Player().client.post(  # noqa: E731
            reverse("games:api-matches"), {"variant": race}, format="json", HTTP_X_FORWARDED_FOR=forwarded)
        assert [post(f"1.2.3.{n}, 203.0.113.5").status_code for n in range(3)] == [201, 201, 429]
        assert post("203.0.113.6").status_code == 201  # another real client
        assert throttling.current("play", "ip:203.0.113.5", "2/minute").count == 3

    def test_reading_a_match_is_not_counted(self, race, settings):
        data, alice = create(variant=race, opponent="hotseat")
        rates(settings, play="1/minute")
        assert [alice.read(data["id"]).status_code for _ in range(3)] == [200, 200, 200]


class TestRecordParts:
    def test_a_long_record_comes_in_parts_that_add_up_to_the_whole(self, monkeypatch):
        body, player = long_match(30)
        total = len(body["log"])
        whole = selectors.match_record(Match.objects.get(pk=body["id"]))
        monkeypatch.setattr(api, "RECORD_MAX_MOVES", 7)
        url = reverse("games:api-match-record", args=[body["id"]])
        moves, start, parts = [], 0, 0
        while start is not None:
            part = player.client.get(url, {"from": start} if start else {})
            assert part.status_code == 200
            data = part.json()
            assert len(data["moves"]) <= 7 and data["moves_from"] == start and data["moves_total"] == total
            moves += data["moves"]
            start, parts = data["next_from"], parts + 1
        assert parts == -(-total // 7)
        assert moves == whole["moves"] and moves[-1]["state"] == body["state"]
        assert [m["n"] for m in moves] == list(range(1, total + 1))

    def test_the_download_is_the_whole_match(self, monkeypatch):
        # The board's "Download the match record" link: a match longer than one part came cut off.
        body, player = long_match(20)
        monkeypatch.setattr(api, "RECORD_MAX_MOVES", 7)
        url = reverse("games:api-match-record", args=[body["id"]])
        whole = player.client.get(url, {"download": 1})
        assert whole.status_code == 200 and whole["Content-Disposition"].startswith("attachment")
        data = whole.json()
        assert len(data["moves"]) == data["moves_total"] == len(body["log"]) and data["next_from"] is None
        assert len(player.client.get(url, {"download": 1, "limit": 3}).json()["moves"]) == 3

    def test_the_get_only_endpoints_answer_json_to_other_methods_and_unknown_ids(self):
        from django.test import Client

        body, player = long_match(1)
        browser = Client(enforce_csrf_checks=True)  # as a real client: no CSRF token
        for url in (reverse("games:api-match-events", args=[body["id"]]), reverse("games:api-match-export", args=[body["id"], "mat"])):
            response = browser.post(url, {})
            assert response.status_code == 405 and response.json()["code"] == "method_not_allowed", url
        missing = player.client.get(reverse("games:api-match-export", args=["nope", "mat"]))
        assert missing.status_code == 404 and missing.json()["code"] == "not_found"

    def test_a_bad_part_is_a_400_naming_the_parameter(self, monkeypatch):
        body, player = long_match(3)
        monkeypatch.setattr(api, "RECORD_MAX_MOVES", 7)
        url = reverse("games:api-match-record", args=[body["id"]])
        for params, name in (({"limit": 8}, "limit"), ({"limit": 0}, "limit"), ({"from": "-1"}, "from"),
                             ({"from": "x"}, "from")):
            response = player.client.get(url, params)
            assert response.status_code == 400, params
            assert response.json()["reason"].startswith(name)
        assert player.client.get(url, {"limit": 2}).json()["next_from"] == 2

    def test_a_record_is_replayed_once_per_version(self, monkeypatch):
        body, player = long_match(10)
        calls = []
        real = selectors.replay_part
        monkeypatch.setattr(selectors, "replay_part", lambda *a, **k: calls.append(a) or real(*a, **k))
        url = reverse("games:api-match-record", args=[body["id"]])
        first = player.client.get(url)
        again = player.client.get(url)
        assert first.content == again.content and len(calls) == 1
        assert player.client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
        # A new action is a new version: the record is made again, with it.
        choices = [a for a in body["legal_actions"] if a != {"undo": True}]
        after = player.act(body["id"], choices[0], body["version"], confirm=True).json()
        fresh = player.client.get(url)
        assert len(calls) == 2 and fresh["ETag"] != first["ETag"]
        assert len(fresh.json()["moves"]) == len(after["log"])

    def test_the_record_is_throttled_per_address(self, race, settings):
        data, alice = create(variant=race, opponent="hotseat")
        rates(settings, record="2/minute")
        url = reverse("games:api-match-record", args=[data["id"]])
        assert [alice.client.get(url, HTTP_X_FORWARDED_FOR=f"10.0.0.{n}").status_code for n in range(3)] == [200, 200, 429]

    def test_an_unknown_match_is_a_404(self):
        assert Player().client.get(reverse("games:api-match-record", args=["nosuchmatch1"])).status_code == 404


class TestTrustedState:
    def count_reads(self, monkeypatch, variant_key: str) -> list:
        from games.engine import get_variant

        variant = get_variant(variant_key)
        reads = []
        real = variant.state_from_json
        monkeypatch.setattr(variant, "state_from_json", lambda data: reads.append(1) or real(data))
        return reads

    @pytest.mark.django_db(transaction=True)  # states are trusted once their write commits
    def test_an_action_does_not_reread_the_state_the_server_wrote(self, monkeypatch, race):
        data, alice = create(variant=race, opponent="hotseat")
        reads = self.count_reads(monkeypatch, race)

        def forward(body):  # a step or a confirmation (taking a step back replays the turn's start)
            action = next(a for a in body["legal_actions"] if a != {"undo": True})
            response = alice.act(data["id"], action, body["version"])
            assert response.status_code == 200, response.content
            return response.json()

        body = forward(forward(data))
        assert reads == []
        # Another process (an empty table) reads and checks the stored state once, then trusts it.
        services.TRUSTED_STATES.clear()
        body = forward(body)
        assert len(reads) == 1
        forward(body)
        assert len(reads) == 1

    def test_a_state_stored_without_the_server_is_checked(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        services.TRUSTED_STATES.clear()
        Match.objects.filter(pk=data["id"]).update(state={"variant": "other"}, version=data["version"] + 1)
        from games.engine import EngineError

        with pytest.raises(EngineError):
            alice.act(data["id"], data["legal_actions"][0], data["version"] + 1)
        assert (data["id"], data["version"] + 1) not in services.TRUSTED_STATES

    def test_a_write_rolled_back_is_not_trusted(self, race):
        data, _ = create(variant=race, opponent="hotseat")
        match = Match.objects.get(pk=data["id"])
        action, version, confirm = services.parse_action_request(
            {"action": data["legal_actions"][0], "version": data["version"]})
        plan = services.check_action(match=match, action=action, version=version, sides=[0, 1], confirm=confirm)
        with pytest.raises(RuntimeError), transaction.atomic():
            services.do_action(plan)
            raise RuntimeError("rolled back")
        assert (data["id"], data["version"] + 1) not in services.TRUSTED_STATES
        assert Match.objects.get(pk=data["id"]).version == data["version"]

    def test_exactly_one_of_two_actions_from_one_version_applies(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        match_a, match_b = Match.objects.get(pk=data["id"]), Match.objects.get(pk=data["id"])
        plans = []
        for match in (match_a, match_b):
            action, version, confirm = services.parse_action_request(
                {"action": data["legal_actions"][0], "version": data["version"]})
            plans.append(services.check_action(match=match, action=action, version=version, sides=[0, 1]))
        services.do_action(plans[0])
        with pytest.raises(services.Stale):
            services.do_action(plans[1])
        assert Match.objects.get(pk=data["id"]).actions.count() == len(data["log"]) + 1


class TestTheCountedStep:
    def test_a_counted_step_is_two_statements_on_postgresql(self, race, settings, django_assert_num_queries, monkeypatch):
        # Counted and read in one statement, written in one; elsewhere the count, the read, and
        # the write's transaction (SAVEPOINT, UPDATE, INSERT, RELEASE).
        from django.db import connection

        # The first count of a window sweeps old windows when the clock's second is a multiple of
        # 64: a statement more, in one run of this test in 64, and not the step's.
        monkeypatch.setattr(throttling, "_sweep", lambda *args: None)
        settings.THROTTLE_STORE = "database"
        data, alice = create(variant=race, opponent="hotseat")
        rates(settings, play="100/minute")
        step = [a for a in data["legal_actions"] if "step" in a][0]
        with django_assert_num_queries(2 if connection.vendor == "postgresql" else 6):
            body = alice.act(data["id"], step, data["version"], log_from=len(data["log"])).json()
        assert body["version"] == data["version"] + 1
        assert Match.objects.get(pk=data["id"]).log == data["log"] + body["log"]
        assert throttling.current("play", "ip:127.0.0.1", "100/minute").count == 1  # the step (made before the limit)

    @pytest.mark.parametrize("store", ["database", "cache"])
    def test_an_unknown_match_is_404_and_still_counted(self, race, settings, store):
        settings.THROTTLE_STORE = store
        rates(settings, play="2/minute")
        player = Player("not-a-token")
        statuses = [player.act("nosuchmatch1", {"undo": True}, 1).status_code for _ in range(3)]
        assert statuses == [404, 404, 429]
        assert throttling.current("play", "ip:127.0.0.1", "2/minute").count == 3


@pytest.mark.django_db
def test_a_body_over_the_limit_is_a_json_413_naming_it(settings):
    from django.test import Client

    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    body = json.dumps({"variant": "race.ur", "opponent": "hotseat", "x": "a" * 20_000})
    from django.contrib.auth.models import User

    from core.models import ApiToken

    curator = User.objects.create_superuser("big", "big@example.org", "pw-big-123")
    token = ApiToken.issue(user=curator)[1]
    client = Client()
    for url, key in (("/api/v1/matches/", "reason"), ("/api/v1/evidence/", "detail")):
        response = client.post(url, body, content_type="application/json", HTTP_AUTHORIZATION=f"Token {token}")
        assert response.status_code == 413, url
        assert response["Content-Type"].startswith("application/json")
        assert "10,000 bytes" in response.json()[key]


class TestStorageBounds:
    """Issue 38 item 5: 600 matches a minute from one address were accepted, and one match's log
    reached 21,671 entries; now both are bounded with a clear 429."""

    def test_an_address_holds_at_most_its_cap_of_matches_in_play(self, settings):
        settings.MATCH_OPEN_PER_ADDRESS = 3
        made = [create(variant="race.ur", opponent="hotseat")[0] for _ in range(3)]
        r = self.client_post({"variant": "race.ur", "opponent": "hotseat"})
        assert r.status_code == 429 and r.json()["code"] == "too_many_matches"
        assert "3 matches in play" in r.json()["reason"]
        assert Match.objects.count() == 3
        # another address is not held to this one's count
        r = self.client_post({"variant": "race.ur", "opponent": "hotseat"}, REMOTE_ADDR="10.9.9.9")
        assert r.status_code == 201
        # a match that ends frees its place
        Match.objects.filter(pk=made[0]["id"]).update(outcome={"winner": 0})
        assert self.client_post({"variant": "race.ur", "opponent": "hotseat"}).status_code == 201
        assert not Match.objects.exclude(creator="").filter(creator__contains="127.0.0.1").exists()  # hashed

    def test_a_match_log_past_its_cap_is_refused_and_nothing_written(self, settings):
        data, player = create(variant="tables.ses-bes", opponent="hotseat")
        settings.MATCH_LOG_MAX = len(data["log"])
        action = next(a for a in data["legal_actions"] if a != {"undo": True})
        before = Match.objects.get(pk=data["id"]).version
        r = player.act(data["id"], action, data["version"])
        assert r.status_code == 429 and r.json()["code"] == "match_log_full"
        assert Match.objects.get(pk=data["id"]).version == before

    @staticmethod
    def client_post(body, **extra):
        from django.test import Client

        return Client().post(reverse("games:api-matches"), json.dumps(body), content_type="application/json", **extra)
