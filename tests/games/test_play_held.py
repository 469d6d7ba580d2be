"""A well-formed step (MatchActionView.act_on_step): on a match this process holds, computed
without reading the match; on any other, from one plain read; either way written (and on
PostgreSQL counted) in one statement conditional on its version. Whenever the held match is out of
date or the request is to be refused, the usual answer and one count: after a fresh read, the
refusal counted there; from a held copy, the usual path from a fresh read.

The process holds a match once its write has committed, so these tests commit (transaction=True).
"""
from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from core import throttling
from games import services
from games.models import Match
from tests.games.test_play_api import Player, _fixed_dice_and_no_throttle, create, race  # noqa: F401  (fixtures)
from tests.games.test_play_limits import rates

pytestmark = pytest.mark.django_db(transaction=True)
POSTGRES = connection.vendor == "postgresql"


@pytest.fixture(autouse=True, params=["database", "cache"])
def _counts(request, settings, _fixed_dice_and_no_throttle, one_throttle_window):
    # Counted in the write's own statement (the database on PostgreSQL), or apart before it.
    from django.core.cache import caches

    settings.THROTTLE_STORE = request.param
    caches[settings.THROTTLE_CACHE].clear()
    rates(settings, play="100/minute")
    services.HELD_MATCHES.clear()
    services.TRUSTED_STATES.clear()
    yield
    services.HELD_MATCHES.clear()


def first_step(body) -> dict:
    """A step if there is one, else the confirmation that ends the turn."""
    return next((a for a in body["legal_actions"] if "step" in a), {"confirm": True})


def count() -> int:
    return throttling.current("play", "ip:127.0.0.1", "100/minute").count


def stepped(race, opponent="hotseat"):
    """A match, and one step in it (the usual way: nothing held yet), which the process now holds."""
    data, alice = create(variant=race, opponent=opponent)
    body = alice.act(data["id"], first_step(data), data["version"], log_from=len(data["log"])).json()
    assert services.held_match(data["id"], body["version"]) is not None
    return data, alice, body


def reads_of_the_match(queries) -> list[str]:
    return [q["sql"] for q in queries.captured_queries
            if q["sql"].lstrip().startswith(("SELECT", "WITH \"hit\"")) and "games_match" in q["sql"]
            and "games_matchaction" not in q["sql"]]


def test_a_step_on_a_held_match_reads_nothing_and_is_one_statement_on_postgresql(race):
    data, alice, body = stepped(race)
    log = data["log"] + body["log"]
    with CaptureQueriesContext(connection) as queries:
        answer = alice.act(data["id"], first_step(body), body["version"], log_from=len(log))
    assert answer.status_code == 200, answer.content
    assert reads_of_the_match(queries) == []
    if POSTGRES:
        # The count and the write together, or the write alone (counted in the cache).
        assert len(queries.captured_queries) == 1, [q["sql"] for q in queries.captured_queries]
    lean = answer.json()
    assert lean["version"] == body["version"] + 1 and lean["log_from"] == len(log)
    # The same answer the usual way gives, and the same stored match.
    full = alice.read(data["id"]).json()
    assert {k: v for k, v in full.items() if k not in ("log", "log_from")} == \
        {k: v for k, v in lean.items() if k not in ("log", "log_from")}
    assert full["log"] == log + lean["log"] == Match.objects.get(pk=data["id"]).log
    assert count() == 3  # the creation, the first step, this one


def test_a_held_match_out_of_date_is_read_again_and_counted_once(race):
    data, alice, body = stepped(race)
    # Another process moved the match on (its version, as any write does).
    Match.objects.filter(pk=data["id"]).update(version=F("version") + 1)
    stale = alice.act(data["id"], first_step(body), body["version"])
    assert stale.status_code == 409 and stale.json()["code"] == "stale_version"
    assert services.held_match(data["id"], body["version"]) is None  # let go
    assert count() == 3
    fresh = alice.read(data["id"]).json()
    moved = alice.act(data["id"], first_step(fresh), fresh["version"])
    assert moved.status_code == 200 and moved.json()["version"] == fresh["version"] + 1
    assert count() == 4


def test_a_held_match_that_is_gone_is_404(race):
    data, alice, body = stepped(race)
    Match.objects.filter(pk=data["id"]).delete()
    assert alice.act(data["id"], first_step(body), body["version"]).status_code == 404
    assert count() == 3


def test_who_has_joined_comes_from_the_write_not_the_held_copy(race):
    # Joining changes no version: the held copy does not know, the answer must.
    data, alice = create(variant=race, opponent="remote")
    body = alice.act(data["id"], first_step(data), data["version"]).json()
    assert body["joined"] == [True, False]
    friend = Player(data["invite_url"].split("#t=")[1])
    assert friend.read(data["id"]).json()["joined"] == [True, True]
    held = services.held_match(data["id"], body["version"])
    assert held is not None and held.side1_joined is None
    assert body["to_move"] == 0  # the fixed dice: still alice's turn
    answer = alice.act(data["id"], first_step(body), body["version"]).json()
    assert answer["joined"] == [True, True]
    assert answer["tag"] == alice.read(data["id"]).json()["tag"]


def test_over_the_limit_on_a_held_match_writes_nothing(race, settings):
    data, alice, body = stepped(race)
    rates(settings, play="3/minute")  # two counted already: the creation and the first step
    second = alice.act(data["id"], first_step(body), body["version"])
    assert second.status_code == 200
    version = second.json()["version"]
    third = alice.act(data["id"], first_step(second.json()), version)
    assert third.status_code == 429 and int(third["Retry-After"]) >= 1
    assert Match.objects.get(pk=data["id"]).version == version
    assert throttling.current("play", "ip:127.0.0.1", "3/minute").count == 4


@pytest.mark.parametrize("refused", ["illegal", "no token", "not a body"])
def test_a_request_to_refuse_gets_the_usual_answer_and_one_count(race, refused):
    data, alice, body = stepped(race)
    if refused == "illegal":
        answer = alice.act(data["id"], {"step": 99}, body["version"])
        assert answer.status_code == 400 and answer.json()["code"] == "illegal_action", answer.content
    elif refused == "no token":
        answer = Player("not-a-token").act(data["id"], first_step(body), body["version"])
        assert answer.status_code == 403, answer.content
    else:
        answer = alice.client.post(f"/api/v1/matches/{data['id']}/actions/", "{", content_type="application/json")
        assert answer.status_code == 400 and answer.json()["code"] == "malformed", answer.content
    assert count() == 3
    assert Match.objects.get(pk=data["id"]).version == body["version"]
    assert services.held_match(data["id"], body["version"]) is not None  # still right: kept


def whole_match(race, *, hold: bool, tickets: bool = False) -> list[dict]:
    """A match against the computer played to its end, first step each time, each answer kept
    but for what names this match; with ``hold`` False nothing is held between steps (and with
    ``tickets``, no engine state trusted either: each step comes from its ticket)."""
    data, alice = create(variant=race, opponent="computer", level="easy")
    body, answers = data, []
    while body["outcome"] is None:
        if not hold:
            services.HELD_MATCHES.clear()
        if tickets:
            services.TRUSTED_STATES.clear()
        extra = {"resume": body["resume"]} if tickets else {}
        body = alice.act(data["id"], first_step(body), body["version"], confirm=True, **extra).json()
        answers.append({k: v for k, v in body.items() if k not in ("id", "url", "exports", "created", "updated", "resume")})
    assert Match.objects.get(pk=data["id"]).log == alice.read(data["id"]).json()["log"]
    return answers


def test_a_whole_match_on_held_matches_is_the_match_the_usual_way_plays(race, settings):
    # The same dice, the same choices: with holding and without, the same answers and log.
    rates(settings, play=None)
    assert whole_match(race, hold=True) == whole_match(race, hold=False)


# -- a match this process does not hold (another worker wrote it last) --------------------------


def not_held(match_id: str) -> None:
    services.HELD_MATCHES.clear()
    services.TRUSTED_STATES.clear()


def test_a_step_on_a_match_not_held_is_one_plain_read_and_one_write(race):
    data, alice, body = stepped(race)
    not_held(data["id"])
    log = data["log"] + body["log"]
    with CaptureQueriesContext(connection) as queries:
        answer = alice.act(data["id"], first_step(body), body["version"], log_from=len(log))
    assert answer.status_code == 200, answer.content
    reads = reads_of_the_match(queries)
    assert len(reads) == 1 and reads[0].lstrip().startswith("SELECT"), reads  # not counted with the read
    if POSTGRES:
        # The read, then the count and the write together (or the write alone, counted in the cache).
        assert len(queries.captured_queries) == 2, [q["sql"] for q in queries.captured_queries]
    assert answer.json()["version"] == body["version"] + 1
    assert alice.read(data["id"]).json()["log"] == log + answer.json()["log"] == Match.objects.get(pk=data["id"]).log
    assert count() == 3
    assert services.held_match(data["id"], body["version"] + 1) is not None  # held now


@pytest.mark.parametrize("refused", ["illegal", "no token", "stale", "gone", "over"])
def test_a_refusal_after_a_fresh_read_is_the_usual_answer_counted_once(race, refused, settings):
    data, alice, body = stepped(race)
    not_held(data["id"])
    version, step, who = body["version"], first_step(body), alice
    expected = {"illegal": (400, "illegal_action"), "no token": (403, "forbidden"), "stale": (409, "stale_version"),
                "gone": (404, "not_found"), "over": (429, "throttled")}[refused]
    if refused == "illegal":
        step = {"step": 99}
    elif refused == "no token":
        who = Player("not-a-token")
    elif refused == "stale":
        version -= 1
    elif refused == "gone":
        Match.objects.filter(pk=data["id"]).delete()
    else:
        rates(settings, play="2/minute")  # two counted already: the creation and the first step
    with CaptureQueriesContext(connection) as queries:
        answer = who.act(data["id"], step, version)
    assert (answer.status_code, answer.json()["code"]) == expected, answer.content
    assert len(reads_of_the_match(queries)) == 1  # read once, not again the usual way
    assert throttling.current("play", "ip:127.0.0.1", "2/minute" if refused == "over" else "100/minute").count == 3
    if refused != "gone":
        assert Match.objects.get(pk=data["id"]).version == body["version"]  # nothing written


def test_a_write_between_the_read_and_the_write_is_409_counted_once(race, monkeypatch):
    # Another request writes the match after this one read it: the conditional write finds the
    # version moved on and writes nothing; the answer is the usual stale one.
    data, alice, body = stepped(race)
    not_held(data["id"])
    checked = services.check_action

    def and_another_writes(**kwargs):
        plan = checked(**kwargs)
        Match.objects.filter(pk=data["id"]).update(version=F("version") + 1)
        return plan

    monkeypatch.setattr(services, "check_action", and_another_writes)
    answer = alice.act(data["id"], first_step(body), body["version"])
    assert answer.status_code == 409 and answer.json()["code"] == "stale_version", answer.content
    assert count() == 3
    stored = Match.objects.get(pk=data["id"])
    assert stored.version == body["version"] + 1 and stored.log == data["log"] + body["log"]


# -- the resume ticket: a match not held here, acted in from the ticket the last answer gave ---------


def invite_token(data) -> str:
    return data["invite_url"].split("#t=", 1)[1]


def test_an_answer_gives_a_player_a_ticket_and_a_reader_without_a_token_none(race):
    data, alice, body = stepped(race)
    assert isinstance(data["resume"], str) and isinstance(body["resume"], str) and data["resume"] != body["resume"]
    assert isinstance(alice.read(data["id"]).json()["resume"], str)
    assert Player().read(data["id"]).json()["resume"] is None
    assert Player("not-a-token").read(data["id"]).json()["resume"] is None
    # Nothing hidden from the players is in it: no token's hash.
    stored = Match.objects.get(pk=data["id"])
    import base64
    payload = body["resume"].rpartition(".")[0]
    text = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)).decode()
    assert stored.side0_token_hash not in text and stored.side1_token_hash not in text


def test_a_step_with_its_ticket_on_a_match_not_held_is_one_write_and_the_same_answer(race):
    data, alice, body = stepped(race)
    not_held(data["id"])
    log = data["log"] + body["log"]
    with CaptureQueriesContext(connection) as queries:
        answer = alice.act(data["id"], first_step(body), body["version"], log_from=len(log), resume=body["resume"])
    assert answer.status_code == 200, answer.content
    assert [q for q in reads_of_the_match(queries) if q.lstrip().startswith("SELECT")] == []  # no read
    if POSTGRES:
        assert len(queries.captured_queries) == 1, [q["sql"] for q in queries.captured_queries]
    assert count() == 3
    # The same match as a step read from the database makes.
    twin, bob, twin_body = stepped(race)
    not_held(twin["id"])
    usual = bob.act(twin["id"], first_step(twin_body), twin_body["version"], log_from=len(log)).json()
    differ = ("id", "url", "exports", "created", "updated", "resume")
    assert {k: v for k, v in answer.json().items() if k not in differ} == {k: v for k, v in usual.items() if k not in differ}
    assert alice.read(data["id"]).json()["log"] == log + answer.json()["log"] == Match.objects.get(pk=data["id"]).log


def forged(ticket: str, change) -> str:
    """``ticket`` with its payload changed by ``change`` and its signature kept."""
    import base64
    import json

    payload, _, mac = ticket.rpartition(".")
    values = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    change(values)
    text = base64.urlsafe_b64encode(json.dumps(values).encode()).rstrip(b"=").decode()
    return f"{text}.{mac}"


@pytest.mark.parametrize("case", ["another token", "forged position", "forged sides", "another match",
                                  "an older version", "a new secret key", "garbage"])
def test_a_ticket_that_fails_its_check_is_ignored_and_the_match_is_read(race, case, settings):
    data, alice, body = stepped(race, opponent="remote")
    first = alice.act(data["id"], first_step(body), body["version"]).json()  # the ticket at body's version is old now
    not_held(data["id"])
    ticket, who, version = first["resume"], alice, first["version"]
    expected = 200
    if case == "another token":
        who = Player(invite_token(data))  # the other side's player, with alice's ticket: sides from the database
        expected = 403 if first["to_move"] == 0 else 200
    elif case == "forged position":
        state_at = services._RESUME_NAMES.index("state") + 1
        ticket = forged(ticket, lambda v: v[state_at].update(pos=[5, 5]))
    elif case == "forged sides":
        who = Player(invite_token(data))
        ticket = forged(ticket, lambda v: v.__setitem__(0, [0, 1]))
        expected = 403 if first["to_move"] == 0 else 200
    elif case == "another match":
        other, carol = create(variant=race, opponent="hotseat")
        ticket, who = other["resume"], carol  # signed for carol, but for her own match
        expected = 403
    elif case == "an older version":
        ticket = body["resume"]
    elif case == "a new secret key":
        settings.SECRET_KEY = "another-" + settings.SECRET_KEY
    else:
        ticket = "not.a.ticket"
    with CaptureQueriesContext(connection) as queries:
        answer = who.act(data["id"], first_step(first), version, resume=ticket)
    assert answer.status_code == expected, answer.content
    # Read from the database, not taken from the ticket.
    assert [q for q in reads_of_the_match(queries) if q.lstrip().startswith("SELECT")], queries.captured_queries
    stored = Match.objects.get(pk=data["id"])
    if expected == 200:
        assert answer.json()["state"] == stored.state and stored.version == version + 1
        assert stored.state != {"variant": race, "pos": [5, 5]} or case != "forged position"
    else:
        assert stored.version == version


def test_a_ticket_for_a_version_that_has_moved_on_writes_nothing_and_answers_409(race):
    data, alice, body = stepped(race)
    ticket = body["resume"]
    moved = alice.act(data["id"], first_step(body), body["version"]).json()
    not_held(data["id"])
    answer = alice.act(data["id"], first_step(body), body["version"], resume=ticket)
    assert answer.status_code == 409 and answer.json()["code"] == "stale_version", answer.content
    assert Match.objects.get(pk=data["id"]).version == moved["version"]


@pytest.mark.parametrize("ticket, said", [(5, "got 5"), (["x"], 'got ["x"]'),
                                          ("x" * (services.RESUME_MAX + 1), f"got {services.RESUME_MAX + 1} characters")])
def test_a_ticket_that_is_not_a_string_or_too_long_is_a_clear_400(race, ticket, said):
    data, alice, body = stepped(race)
    answer = alice.act(data["id"], first_step(body), body["version"], resume=ticket)
    assert answer.status_code == 400 and answer.json()["code"] == "malformed", answer.content
    assert answer.json()["reason"].startswith("resume: ") and said in answer.json()["reason"]
    assert Match.objects.get(pk=data["id"]).version == body["version"]


@pytest.mark.parametrize("opponent, held_after", [("remote", False), ("hotseat", True)])
def test_a_match_acted_in_from_a_ticket_is_held_after_only_if_the_ticket_knows_every_token(race, opponent, held_after):
    # A one-side ticket knows only its token's hash: holding that copy would refuse the other player.
    data, alice, body = stepped(race, opponent=opponent)
    not_held(data["id"])
    answer = alice.act(data["id"], first_step(body), body["version"], resume=body["resume"])
    assert answer.status_code == 200, answer.content
    assert (services.held_match(data["id"], answer.json()["version"]) is not None) is held_after
    assert services.trusted_state(data["id"], answer.json()["version"]) is not None


def test_a_whole_match_played_from_tickets_is_the_match_the_usual_way_plays(race, settings):
    rates(settings, play=None)
    assert whole_match(race, hold=False, tickets=True) == whole_match(race, hold=False)


def test_a_ticket_names_its_match_version_and_token():
    match = Match(id="aaaaaaaaaaaa", variant="test.race", state={"pos": [0, 0]}, version=7, side0_token_hash="x",
                  side1_level="easy")
    ticket = services.resume_ticket(match, [0], "tok")
    resumed = services.match_from_resume(ticket, "aaaaaaaaaaaa", 7, "tok")
    sides = services.match_sides_for_token(resumed, "tok")
    assert (resumed.pk, resumed.version, resumed.state, sides) == ("aaaaaaaaaaaa", 7, {"pos": [0, 0]}, [0])
    assert services.match_sides_for_token(resumed, "tok") == [0] and resumed.side1_token_hash == ""
    assert services.match_from_resume(ticket, "bbbbbbbbbbbb", 7, "tok") is None
    assert services.match_from_resume(ticket, "aaaaaaaaaaaa", 8, "tok") is None
    assert services.match_from_resume(ticket, "aaaaaaaaaaaa", 7, "other") is None
    assert services.match_from_resume(ticket, "aaaaaaaaaaaa", 7, None) is None
    assert services.resume_ticket(match, [], "tok") is None and services.resume_ticket(match, [0], None) is None


def test_a_match_read_from_a_ticket_is_what_from_db_makes():
    match = Match(id="aaaaaaaaaaaa", variant="test.race", state={"pos": [0, 0]}, version=7, side0_token_hash="x",
                  side1_level="easy", turn_start={"pos": [1, 0]}, turn_side=0, turn_steps=1)
    resumed = services.match_from_resume(services.resume_ticket(match, [0], "tok"), "aaaaaaaaaaaa", 7, "tok")
    names = services._RESUME_NAMES
    made = Match.from_db("default", names, [getattr(resumed, n) for n in names])
    assert {n: getattr(made, n) for n in names} == {n: getattr(resumed, n) for n in names}
    assert (resumed._state.adding, resumed._state.db) == (made._state.adding, made._state.db) == (False, "default")
    # The same columns deferred (the ticket's match has the hashes of its token's sides set).
    assert made.get_deferred_fields() == {"initial_state", "side0_token_hash", "side1_token_hash"}
    assert resumed.get_deferred_fields() == {"initial_state"}


def test_a_ticket_written_for_other_columns_fails_its_check(monkeypatch):
    # Code before a migration (a rolling deploy): its tickets are not read into the wrong fields.
    match = Match(id="aaaaaaaaaaaa", variant="test.race", state={"pos": [0, 0]}, version=7, side1_level="easy")
    ticket = services.resume_ticket(match, [0], "tok")
    assert services.match_from_resume(ticket, "aaaaaaaaaaaa", 7, "tok") is not None
    monkeypatch.setattr(services, "_RESUME_LAYOUT", services._RESUME_LAYOUT + ",a_new_column")
    assert services.match_from_resume(ticket, "aaaaaaaaaaaa", 7, "tok") is None
