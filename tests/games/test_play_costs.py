"""What the play API's costly reads cost: the match record replays each move of a match at most
once (per part of the log, and again only for the turn still open), whatever windows are asked
for, and keeps no body per query; the answers stay what they were."""
from __future__ import annotations

import json
import random

import pytest
from django.core.cache import cache
from django.urls import reverse

from games import api, selectors
from games.engine import get_variant
from games.models import Match, MatchAction
from games.services import log_fields
from tests.games.test_play_api import Player, _fixed_dice_and_no_throttle, create, race  # noqa: F401  (fixtures)
from tests.games.test_play_limits import _fresh_cache, rates  # noqa: F401  (an autouse fixture)

pytestmark = pytest.mark.django_db


def reference_record(match: Match, start: int = 0, limit: int | None = None) -> dict:
    """The record as the endpoint made it before it kept replays: the whole log replayed from
    the start for every answer. What the endpoint answers must stay exactly this."""
    variant = get_variant(match.variant)
    state = variant.state_from_json(match.initial_state)
    end = match.log_length if limit is None else min(match.log_length, start + limit)
    moves = []
    for n, row in enumerate(MatchAction.objects.filter(match_id=match.pk, seq__lte=end).order_by("seq"), start=1):
        entry = row.entry()
        state = variant.apply(state, entry["action"])
        if n <= start:
            continue
        moves.append({"n": n, **entry, **log_fields(variant, state), "state": state.to_json()})
    return {
        "format": "board-game-archive match record 1", "id": match.id, "url": reverse("games:match", args=[match.id]),
        "variant": match.variant, "title": variant.title, "options": match.options, "opponent": match.opponent,
        "sides": selectors.match_sides_payload(match), "version": match.version,
        "created": match.created.isoformat() if match.created else None,
        "updated": match.updated.isoformat() if match.updated else None,
        "initial_state": match.initial_state, "moves": moves, "moves_from": start, "moves_total": match.log_length,
        "next_from": end if end < match.log_length else None, "outcome": match.outcome,
    }


def reference_bytes(match_id: str, start: int = 0, limit: int | None = None) -> bytes:
    record = reference_record(Match.objects.get(pk=match_id), start, limit)
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()


def body_of(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def count_applies(monkeypatch, variant_key: str) -> list:
    """Every move the engine applies for ``variant_key`` from here on."""
    variant = get_variant(variant_key)
    applied = []
    real = variant.apply
    monkeypatch.setattr(variant, "apply", lambda state, action: applied.append(1) or real(state, action))
    return applied


def long_match(actions: int, seed: int = 4) -> tuple[dict, Player]:
    """A ses-bes hotseat match with at least ``actions`` log entries, every turn confirmed."""
    data, player = create(variant="tables.ses-bes", opponent="hotseat", options={"match_to": 25})
    rng, body = random.Random(seed), data
    while len(body["log"]) < actions:
        choices = [a for a in body["legal_actions"] if a != {"undo": True}]
        body = player.act(data["id"], rng.choice(choices), body["version"], confirm=True).json()
    return body, player


class TestRecordReplays:
    @pytest.fixture(autouse=True)
    def _uncounted(self, settings):
        # The record's requests are not counted here: the counts live in the cache these tests
        # count the entries of.
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                                   "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                                              "record": None}}

    def test_distinct_windows_on_one_version_replay_each_move_once(self, monkeypatch):
        body, player = long_match(60)
        total = len(body["log"])
        monkeypatch.setattr(selectors, "RECORD_PART", 8, raising=False)
        monkeypatch.setattr(api, "RECORD_MAX_MOVES", 10)
        applied = count_applies(monkeypatch, "tables.ses-bes")
        url = reverse("games:api-match-record", args=[body["id"]])
        queries = ([{"from": start} for start in range(total - 1, -1, -3)]
                   + [{"from": start, "limit": 3} for start in range(0, total, 5)]
                   + [{"download": 1, "from": start} for start in range(0, total, 4)] + [{"download": 1}])
        for params in queries:
            assert player.client.get(url, params).status_code == 200, params
        # The old endpoint replayed the log from its start for every one of these (thousands of
        # moves); now each move is replayed once for them all.
        assert len(applied) <= total, (len(applied), total)

    def test_answers_are_the_same_as_a_whole_replay_for_every_window(self, monkeypatch):
        body, player = long_match(40)
        total = len(body["log"])
        monkeypatch.setattr(selectors, "RECORD_PART", 6, raising=False)
        monkeypatch.setattr(api, "RECORD_MAX_MOVES", 10)
        url = reverse("games:api-match-record", args=[body["id"]])
        windows = [(0, 10), (1, 10), (5, 10), (6, 6), (7, 3), (total - 4, 10), (total - 1, 1), (total, 10),
                   (total + 5, 10)]
        for start, limit in windows:
            answer = player.client.get(url, {"from": start, "limit": limit})
            assert answer.status_code == 200
            assert body_of(answer) == reference_bytes(body["id"], start, limit), (start, limit)
        for params, start, limit in (({"download": 1}, 0, None), ({"download": 1, "from": 9}, 9, None),
                                     ({"download": 1, "limit": 4, "from": 3}, 3, 4)):
            answer = player.client.get(url, params)
            assert answer.status_code == 200 and answer["Content-Disposition"].startswith("attachment")
            assert body_of(answer) == reference_bytes(body["id"], start, limit), params
        # The default window, with and without a stored replay, is the first part as before.
        cache.clear()
        assert body_of(player.client.get(url)) == reference_bytes(body["id"], 0, 10)
        assert body_of(player.client.get(url)) == reference_bytes(body["id"], 0, 10)
        assert selectors.match_record(Match.objects.get(pk=body["id"]), 3, 5) == reference_record(
            Match.objects.get(pk=body["id"]), 3, 5)

    def test_no_body_is_kept_per_query(self, monkeypatch):
        # Each distinct window used to be kept for an hour: a 12.9 MB download per `from`.
        body, player = long_match(30)
        monkeypatch.setattr(selectors, "RECORD_PART", 8, raising=False)
        url = reverse("games:api-match-record", args=[body["id"]])
        body_of(player.client.get(url, {"download": 1}))
        kept = len(cache._cache)
        for start in range(1, 20):
            body_of(player.client.get(url, {"download": 1, "from": start}))
            body_of(player.client.get(url, {"from": start, "limit": 2}))
        assert len(cache._cache) == kept

    def test_a_long_download_is_streamed(self, monkeypatch):
        body, player = long_match(30)
        monkeypatch.setattr(selectors, "RECORD_PART", 8, raising=False)
        monkeypatch.setattr(api, "RECORD_MAX_MOVES", 10)
        url = reverse("games:api-match-record", args=[body["id"]])
        whole = player.client.get(url, {"download": 1})
        assert whole.streaming and whole["Content-Disposition"].startswith("attachment")
        assert body_of(whole) == reference_bytes(body["id"])
        # A window that reads no more than two parts is a plain answer.
        assert not player.client.get(url, {"download": 1, "limit": 5, "from": 4}).streaming

    def test_a_new_version_replays_only_the_turn_still_open(self, monkeypatch):
        body, player = long_match(40)
        monkeypatch.setattr(selectors, "RECORD_PART", 8, raising=False)
        url = reverse("games:api-match-record", args=[body["id"]])
        body_of(player.client.get(url, {"download": 1}))
        applied = count_applies(monkeypatch, "tables.ses-bes")
        choices = [a for a in body["legal_actions"] if a != {"undo": True}]
        after = player.act(body["id"], choices[0], body["version"], confirm=True).json()
        played = len(applied)  # the action itself
        answer = body_of(player.client.get(url, {"download": 1}))
        replayed = len(applied) - played
        assert answer == reference_bytes(body["id"])
        # Parts of the log that no step can take back any more are kept across versions: only the
        # last, unfinished part is replayed for the new version.
        assert replayed <= 8 + len(after["log"]) - len(body["log"]), replayed

    def test_steps_taken_back_are_not_served_from_a_kept_replay(self, monkeypatch):
        # A turn of steps left open, read, then taken back and played otherwise: whatever was kept
        # of the open turn is not served for the versions after it. Parts of 2, so an open turn
        # crosses from one part into the next.
        monkeypatch.setattr(selectors, "RECORD_PART", 2, raising=False)
        monkeypatch.setattr(api, "RECORD_MAX_MOVES", 3)
        rng = random.Random(7)
        for _ in range(3):
            data, player = create(variant="tables.ses-bes", opponent="hotseat")
            url = reverse("games:api-match-record", args=[data["id"]])
            body = data
            for _ in range(120):
                if body["outcome"]:
                    break
                choices = [a for a in body["legal_actions"] if a != {"undo": True}]
                if {"undo": True} in body["legal_actions"] and rng.random() < 0.3:
                    body = player.act(data["id"], {"undo": True}, body["version"]).json()
                else:
                    body = player.act(data["id"], rng.choice(choices), body["version"], confirm=rng.random() < 0.3).json()
                total = len(body["log"])
                start = rng.randrange(0, total + 1)
                assert body_of(player.client.get(url, {"from": start})) == reference_bytes(data["id"], start, 3)
                assert body_of(player.client.get(url, {"download": 1})) == reference_bytes(data["id"])


def assert_throttled(response) -> None:
    # As every throttled answer of the API: 429, the JSON refusal, and when to come back.
    assert response.status_code == 429, response.status_code
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "throttled" and response.json()["reason"].startswith("too many requests")
    assert int(response["Retry-After"]) >= 1


class TestReadLimits:
    """The play API's costly reads count against a rate per client address: the exports (as the
    record) and a match's full answer (not the 304 of a waiting player). The events stream is
    not counted: it costs less than the count would."""

    def test_every_costly_read_has_a_rate_by_default(self):
        for throttle in (api.RecordThrottle(), api.MatchReadThrottle()):
            assert throttle.get_rate(), throttle.scope

    def test_exports_count_against_the_record_rate(self, settings):
        data, player = create(variant="tables.ses-bes", opponent="hotseat")
        rates(settings, record="3/minute")
        url = lambda fmt: reverse("games:api-match-export", args=[data["id"], fmt])  # noqa: E731
        answers = [player.client.get(url("mat")), player.client.get(url("sgf")),
                   player.client.get(reverse("games:api-match-record", args=[data["id"]])), player.client.get(url("mat"))]
        assert [a.status_code for a in answers[:3]] == [200, 200, 200]
        assert_throttled(answers[3])
        # Another address has its own count.
        assert player.client.get(url("mat"), REMOTE_ADDR="198.51.100.7").status_code == 200

    def test_an_export_is_written_once_per_version_and_format(self, monkeypatch):
        from games import exports

        data, player = create(variant="tables.ses-bes", opponent="hotseat")
        calls = []
        real = exports.export
        monkeypatch.setattr(exports, "export", lambda match, fmt: calls.append((match.version, fmt)) or real(match, fmt))
        url = lambda fmt: reverse("games:api-match-export", args=[data["id"], fmt])  # noqa: E731
        first = player.client.get(url("mat"))
        again = player.client.get(url("mat"))
        assert first.status_code == again.status_code == 200 and first.content == again.content
        assert first["Content-Disposition"] == again["Content-Disposition"] == f'attachment; filename="match-{data["id"]}.mat"'
        assert first["Content-Type"] == again["Content-Type"] == "text/plain; charset=utf-8"
        assert player.client.get(url("sgf")).status_code == 200
        assert calls == [(data["version"], "mat"), (data["version"], "sgf")]
        # A new version is written again, with the new move in it.
        choices = [a for a in data["legal_actions"] if a != {"undo": True}]
        after = player.act(data["id"], choices[0], data["version"], confirm=True).json()
        fresh = player.client.get(url("mat"))
        assert calls[-1] == (after["version"], "mat") and fresh.content != first.content
        # An unknown format is refused without anything kept for it.
        kept = len(cache._cache)
        assert player.client.get(url("pdf")).status_code == 400 and len(cache._cache) == kept

    def test_full_reads_are_counted_and_a_waiting_players_304_is_not(self, settings, race):
        data, alice = create(variant=race, opponent="hotseat")
        rates(settings, read="2/minute")
        first = alice.read(data["id"])
        assert first.status_code == 200
        for _ in range(5):  # polling with the ETag: the cheap answer, not counted
            assert alice.read(data["id"], HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
        assert alice.read(data["id"]).status_code == 200
        assert_throttled(alice.read(data["id"], HTTP_IF_NONE_MATCH='"stale"'))
        assert_throttled(alice.read(data["id"]))
        assert alice.read(data["id"], HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304

