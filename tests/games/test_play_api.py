"""The play API (DESIGN.md "Playing in the browser"): create, read with ETag, act with a version.

The match machinery is tested first on a tiny race game defined here (so it does not wait on any
engine), then on every real variant that is registered.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest

from tests.games.variant_keys import play_layer_keys
from django.db import connection
from django.urls import reverse
from rest_framework.test import APIClient

from games.engine import Action, IllegalAction, Outcome, State, Variant, core, variants
from games.engine import ai
from games.models import Match

VARIANTS = play_layer_keys()


# -- a tiny race game: roll two dice (1 or 2), step a counter by each die; first to 8 wins ------


@dataclass(frozen=True)
class RaceState(State):
    pos: tuple[int, int] = (0, 0)
    to_move: int = 0
    phase: str = "roll"
    dice: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"variant": "test.race", "pos": list(self.pos), "to_move": self.to_move, "phase": self.phase,
                "dice": list(self.dice)}


class Race(Variant):
    key, title, family = "test.race", "Race", "test"

    def new_game(self, options=None):
        self.validate_options(options)
        return RaceState()

    def legal_actions(self, state):
        if state.phase == "roll":
            return [Action(roll=[a, b]) for a in (1, 2) for b in (1, 2)]
        if state.phase == "move":
            return [Action(step=d) for d in sorted(set(state.dice))]
        return []

    def apply(self, state, action):
        action = Action.from_json(action)
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action.to_json()} is not legal in phase {state.phase}")
        if "roll" in action:
            return RaceState(state.pos, state.to_move, "move", tuple(action["roll"]))
        dice = list(state.dice)
        dice.remove(action["step"])
        pos = list(state.pos)
        pos[state.to_move] += action["step"]
        if pos[state.to_move] >= 8:
            return RaceState(tuple(pos), state.to_move, "over", ())
        if dice:
            return RaceState(tuple(pos), state.to_move, "move", tuple(dice))
        return RaceState(tuple(pos), 1 - state.to_move, "roll", ())

    def outcome(self, state):
        if state.phase != "over":
            return None
        return Outcome(winner=state.to_move, points=1, how="race", score=(1 - state.to_move, state.to_move))

    def to_move(self, state):
        return state.to_move if state.phase == "move" else None

    def is_chance(self, state):
        return state.phase == "roll"

    def turn_is_open(self, state):
        return state.phase == "move"

    def board_info(self, options):
        return {"track": 8}

    def text_help(self):
        return {"moves": ["+2"], "commands": ["count (read both counters)"]}

    def draw(self, state, rng):
        return Action(roll=[rng.choice((1, 2)), rng.choice((1, 2))])

    def state_from_json(self, data):
        if data.get("variant") != "test.race":
            raise core.InvalidState("variant: must be test.race")
        return RaceState(tuple(data["pos"]), data["to_move"], data["phase"], tuple(data["dice"]))

    def describe(self, state, action):
        action = Action.from_json(action)
        return f"{action['roll'][0]}-{action['roll'][1]}" if "roll" in action else f"+{action['step']}"


def biggest_step(variant, state, rng):
    return max(variant.legal_actions(state), key=lambda a: a["step"])


@pytest.fixture
def race(monkeypatch):
    monkeypatch.setitem(core._REGISTRY, "test.race", Race())
    monkeypatch.setitem(ai.PLAYERS, ("test", "easy"), biggest_step)
    return "test.race"


@pytest.fixture(autouse=True)
def _fixed_dice_and_no_throttle(settings):
    settings.PLAY_DICE_SEED = "tests"
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                                          "play": None}}


class Player:
    """A client holding one token."""

    def __init__(self, token: str | None = None) -> None:
        self.client = APIClient()
        if token:
            self.client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")

    def create(self, **body):
        return self.client.post(reverse("games:api-matches"), body, format="json")

    def read(self, match_id, **headers):
        return self.client.get(reverse("games:api-match", args=[match_id]), **headers)

    def act(self, match_id, action, version, **extra):
        return self.client.post(reverse("games:api-match-actions", args=[match_id]),
                                {"action": action, "version": version, **extra}, format="json")


def create(**body) -> tuple[dict, Player]:
    response = Player().create(**body)
    assert response.status_code == 201, response.content
    data = response.json()
    return data, Player(data["token"])


pytestmark = pytest.mark.django_db


class TestCreate:
    def test_it_creates_a_computer_match_with_the_contract_fields(self, race):
        response = Player().create(variant=race, opponent="computer", level="easy")
        assert response.status_code == 201
        data = response.json()
        for name in ("id", "version", "state", "legal_actions", "to_move", "log", "outcome", "token",
                     "invite_url"):
            assert name in data
        assert data["outcome"] is None and data["invite_url"] is None
        assert data["sides"] == [{"player": "human"}, {"player": "computer", "level": "easy"}]
        assert data["you"] == [0]
        # The opening roll was drawn by the server and logged as chance.
        assert data["log"][0]["by"] == "chance" and "roll" in data["log"][0]["action"]
        assert data["to_move"] == 0 and data["state"]["phase"] == "move"

    def test_input_it_would_have_to_drop_is_refused_naming_it(self):
        # A level with no computer, options a given state contradicts: said, not silently dropped.
        r = Player().create(variant="race.ur", opponent="hotseat", level="nonsense")
        assert r.status_code == 400 and r.json()["reason"].startswith("level:")
        state = Player().create(variant="tables.backgammon", opponent="hotseat", options={"match_to": 1}).json()["state"]
        r = Player().create(variant="tables.backgammon", opponent="hotseat", options={"match_to": 7}, state=state)
        assert r.status_code == 400 and "match_to 7 differs from the state's 1" in r.json()["reason"]
        agreed = Player().create(variant="tables.backgammon", opponent="hotseat", options={"match_to": 1}, state=state)
        assert agreed.status_code == 201
        data, player = agreed.json(), Player(agreed.json()["token"])
        choice = [a for a in data["legal_actions"] if a != {"undo": True}][0]
        r = player.act(data["id"], choice, data["version"], foo=1)
        assert r.status_code == 400 and r.json()["reason"].startswith("foo: unknown field")
        assert player.read(data["id"]).json()["version"] == data["version"]

    def test_it_stores_only_a_hash_of_each_token(self, race):
        data, _ = create(variant=race, opponent="remote")
        match = Match.objects.get(pk=data["id"])
        assert data["token"] not in (match.side0_token_hash, match.side1_token_hash)
        invite = data["invite_url"].split("#t=")[1]
        assert invite != data["token"] and len(match.side1_token_hash) == 64
        assert data["invite_url"].startswith("http://testserver/play/m/")

    def test_a_remote_invite_token_plays_the_other_side(self, race):
        data, alice = create(variant=race, opponent="remote")
        bob = Player(data["invite_url"].split("#t=")[1])
        assert bob.read(data["id"]).json()["you"] == [1]
        assert alice.read(data["id"]).json()["you"] == [0]
        assert Player().read(data["id"]).json()["you"] == []

    def test_a_hotseat_token_plays_both_sides(self, race):
        data, both = create(variant=race, opponent="hotseat")
        assert both.read(data["id"]).json()["you"] == [0, 1]

    def test_the_creator_may_take_side_1_against_the_computer(self, race):
        data, _ = create(variant=race, opponent="computer", level="easy", side=1)
        assert data["you"] == [1]
        # The computer (side 0) opened and played its whole turn before the answer.
        assert any(entry["by"] == "computer" for entry in data["log"])
        assert data["to_move"] == 1

    @pytest.mark.parametrize("body, where", [
        ({"variant": "nope.nope"}, "variant"),
        ({}, "variant"),
        ({"variant": "test.race", "opponent": "robot"}, "opponent"),
        ({"variant": "test.race", "level": "grandmaster"}, "level"),
        ({"variant": "test.race", "options": {"colour": "red"}}, "options"),
        ({"variant": "test.race", "side": 2}, "side"),
        ({"variant": "test.race", "state": {"variant": "other"}}, "state"),
        ({"variant": "test.race", "colour": "red"}, "colour"),
    ])
    def test_it_refuses_bad_requests_naming_the_field(self, race, body, where):
        response = Player().create(**body)
        assert response.status_code == 400
        assert response.json()["reason"].startswith(where)
        assert not Match.objects.exists()

    def test_it_starts_from_a_given_state(self, race):
        data, _ = create(variant=race, opponent="hotseat",
                         state={"variant": "test.race", "pos": [7, 0], "to_move": 0, "phase": "roll", "dice": []})
        assert data["state"]["pos"] == [7, 0]


class TestRead:
    def test_it_answers_an_etag_and_304_when_nothing_changed(self, race, django_assert_max_num_queries):
        data, alice = create(variant=race, opponent="hotseat")
        first = alice.read(data["id"])
        assert first.status_code == 200 and first["ETag"]
        assert "Authorization" in first["Vary"]
        with django_assert_max_num_queries(1):
            again = alice.read(data["id"], HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304 and again.content == b""

    def test_the_etag_changes_with_the_version_and_the_reader(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        tag = alice.read(data["id"])["ETag"]
        assert Player().read(data["id"])["ETag"] != tag
        alice.act(data["id"], data["legal_actions"][0], data["version"])
        fresh = alice.read(data["id"], HTTP_IF_NONE_MATCH=tag)
        assert fresh.status_code == 200 and fresh["ETag"] != tag

    def test_a_weak_etag_from_a_gzipping_proxy_still_matches(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        tag = alice.read(data["id"])["ETag"]
        assert alice.read(data["id"], HTTP_IF_NONE_MATCH=f"W/{tag}").status_code == 304

    def test_an_unknown_match_is_404(self):
        response = Player().read("nosuchmatch")
        assert response.status_code == 404 and response.json()["code"] == "not_found"


class TestAct:
    def test_a_step_is_applied_and_the_version_grows(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        response = alice.act(data["id"], data["legal_actions"][0], data["version"])
        assert response.status_code == 200
        after = response.json()
        assert after["version"] == data["version"] + 1
        assert after["log"][-1]["by"] == "human" and after["log"][-1]["action"] == data["legal_actions"][0]

    def test_an_illegal_action_is_400_with_the_reason_and_changes_nothing(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        before = Match.objects.get(pk=data["id"])
        response = alice.act(data["id"], {"step": 5}, data["version"])
        assert response.status_code == 400
        assert "not legal" in response.json()["reason"]
        after = Match.objects.get(pk=data["id"])
        assert (after.version, after.state, after.log) == (before.version, before.state, before.log)

    @pytest.mark.parametrize("body", [
        {"version": 1},
        {"action": {"step": 1}},
        {"action": {"step": 1}, "version": "1"},
        {"action": [1, 2], "version": 1},
        {"action": {"step": 1.5}, "version": 1},
        {"action": {"step": 1}, "version": 1, "confirm": "yes"},
    ])
    def test_a_malformed_request_is_400(self, race, body):
        data, alice = create(variant=race, opponent="hotseat")
        response = alice.client.post(reverse("games:api-match-actions", args=[data["id"]]), body, format="json")
        assert response.status_code == 400
        assert response.json()["code"] == "malformed"
        assert Match.objects.get(pk=data["id"]).version == data["version"]

    def test_invalid_json_is_400(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        response = alice.client.post(reverse("games:api-match-actions", args=[data["id"]]), "{nope",
                                     content_type="application/json")
        assert response.status_code == 400

    @pytest.mark.parametrize("holding_an_object", [True, False])
    def test_a_body_that_is_a_json_string_is_400_saying_an_object_is_wanted(self, race, holding_an_object):
        data, alice = create(variant=race, opponent="hotseat")
        inner = {"action": data["legal_actions"][0], "version": data["version"]}
        text = json.dumps(inner) if holding_an_object else "step 1"
        response = alice.client.post(reverse("games:api-match-actions", args=[data["id"]]), json.dumps(text),
                                     content_type="application/json")
        assert response.status_code == 400 and response.json()["code"] == "malformed"
        reason = response.json()["reason"]
        assert reason.startswith("the body must be a JSON object") and "got a string" in reason
        assert ("send the object itself, not a string holding it" in reason) == holding_an_object
        assert Match.objects.get(pk=data["id"]).version == data["version"]

    @pytest.mark.parametrize("action, hint", [
        (json.dumps({"type": "move"}), True),  # the audit's: a string holding an object
        (json.dumps({"step": 1}), True),  # even one the match would take as an object: refused
        ("step 1", False),
    ])
    def test_an_action_that_is_a_json_string_is_400_saying_an_object_is_wanted(self, race, action, hint):
        data, alice = create(variant=race, opponent="hotseat")
        before = Match.objects.get(pk=data["id"])
        response = alice.act(data["id"], action, data["version"])
        assert response.status_code == 400 and response.json()["code"] == "malformed"
        reason = response.json()["reason"]
        assert reason.startswith("action: must be a JSON object") and "got a string" in reason
        assert ("send the object itself, not a string holding it" in reason) == hint
        after = Match.objects.get(pk=data["id"])
        assert (after.version, after.state, after.log) == (before.version, before.state, before.log)

    def test_no_token_is_403(self, race):
        data, _ = create(variant=race, opponent="hotseat")
        response = Player().act(data["id"], data["legal_actions"][0], data["version"])
        assert response.status_code == 403
        assert Match.objects.get(pk=data["id"]).version == data["version"]

    def test_a_wrong_token_is_403(self, race):
        data, _ = create(variant=race, opponent="hotseat")
        response = Player("not-the-token").act(data["id"], data["legal_actions"][0], data["version"])
        assert response.status_code == 403

    def test_the_other_sides_token_is_403(self, race):
        data, alice = create(variant=race, opponent="remote")
        bob = Player(data["invite_url"].split("#t=")[1])
        assert data["to_move"] == 0
        response = bob.act(data["id"], data["legal_actions"][0], data["version"])
        assert response.status_code == 403 and response.json()["code"] == "not_your_turn"
        assert Match.objects.get(pk=data["id"]).log == data["log"]

    def test_another_matchs_token_is_403(self, race):
        data, _ = create(variant=race, opponent="hotseat")
        _, other = create(variant=race, opponent="hotseat")
        assert other.act(data["id"], data["legal_actions"][0], data["version"]).status_code == 403

    def test_a_stale_version_is_409_and_changes_nothing(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        assert alice.act(data["id"], data["legal_actions"][0], data["version"]).status_code == 200
        current = Match.objects.get(pk=data["id"])
        response = alice.act(data["id"], data["legal_actions"][0], data["version"])
        assert response.status_code == 409 and response.json()["code"] == "stale_version"
        again = Match.objects.get(pk=data["id"])
        assert (again.version, again.log) == (current.version, current.log)

    def test_the_computer_replies_in_the_same_response(self, race):
        data, alice = create(variant=race, opponent="computer", level="easy")
        match_id, version = data["id"], data["version"]
        body = data
        while {"confirm": True} not in body["legal_actions"]:
            body = alice.act(match_id, body["legal_actions"][0], body["version"]).json()
        body = alice.act(match_id, {"confirm": True}, body["version"]).json()
        bys = [entry["by"] for entry in body["log"]]
        assert "computer" in bys and bys.count("chance") >= 3
        assert body["to_move"] == 0 or body["outcome"] is not None
        assert body["version"] > version


class TestLeanAnswers:
    """``log_from``: a client holding the log at its version gets only the entries it lacks."""

    def test_an_action_with_log_from_answers_only_the_new_entries(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        held = len(data["log"])
        body = alice.act(data["id"], data["legal_actions"][0], data["version"], log_from=held).json()
        assert body["log_from"] == held and len(body["log"]) == 1
        assert data["log"] + body["log"] == Match.objects.get(pk=data["id"]).log
        full = alice.read(data["id"]).json()
        assert "log_from" not in full and full["log"] == data["log"] + body["log"]

    def test_a_step_taken_back_answers_where_the_log_now_ends(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        one = alice.act(data["id"], data["legal_actions"][0], data["version"]).json()
        back = alice.act(data["id"], {"undo": True}, one["version"], log_from=len(one["log"])).json()
        assert back["log_from"] == len(data["log"]) and back["log"] == []

    def test_an_older_log_from_gets_the_entries_after_it(self, race):
        data, alice = create(variant=race, opponent="computer", level="easy")
        body = alice.act(data["id"], data["legal_actions"][0], data["version"], log_from=0).json()
        assert body["log_from"] == 0 and body["log"] == Match.objects.get(pk=data["id"]).log

    @pytest.mark.parametrize("log_from", [-1, "2", 1.5, True, [1]])
    def test_a_bad_log_from_is_400_and_changes_nothing(self, race, log_from):
        data, alice = create(variant=race, opponent="hotseat")
        response = alice.act(data["id"], data["legal_actions"][0], data["version"], log_from=log_from)
        assert response.status_code == 400 and response.json()["reason"].startswith("log_from")
        assert Match.objects.get(pk=data["id"]).version == data["version"]

    def test_a_step_reads_one_row_and_appends_one(self, race, django_assert_num_queries):
        data, alice = create(variant=race, opponent="hotseat")
        # A long log makes no difference: the step neither reads nor rewrites it.
        body = data
        for _ in range(3):
            while {"confirm": True} not in body["legal_actions"]:
                body = alice.act(data["id"], body["legal_actions"][0], body["version"]).json()
            body = alice.act(data["id"], {"confirm": True}, body["version"]).json()
        step = [a for a in body["legal_actions"] if "step" in a][0]
        # SELECT the match, then on PostgreSQL one statement (UPDATE ... WHERE version and the
        # INSERT of the entry, in WITH clauses); elsewhere SAVEPOINT/BEGIN, UPDATE, INSERT,
        # RELEASE/COMMIT.
        with django_assert_num_queries(2 if connection.vendor == "postgresql" else 5) as queries:
            lean = alice.act(data["id"], step, body["version"], log_from=len(body["log"])).json()
        sql = [q["sql"] for q in queries.captured_queries]
        assert not any("games_matchaction" in q and q.startswith("SELECT") for q in sql), sql
        assert len(lean["log"]) == 1 and lean["log_from"] == len(body["log"])

    def test_the_same_entry_cannot_be_stored_twice(self, race):
        from django.db import IntegrityError, transaction

        from games.models import MatchAction

        data, _ = create(variant=race, opponent="hotseat")
        with pytest.raises(IntegrityError), transaction.atomic():
            MatchAction.objects.create(match_id=data["id"], seq=1, by="chance", action={"roll": [1, 1]})


class TestTheMoveWrite:
    """do_action's write: on PostgreSQL one statement with WITH clauses, elsewhere a transaction;
    either way all of it or none of it."""

    def stored(self, match_id):
        match = Match.objects.get(pk=match_id)
        return match.version, match.state, match.log

    def plan_after_undo_and_step(self, data):
        """A plan that takes back a stored entry and writes a new one with the same seq."""
        from games import services

        match = services.match_get(data["id"])
        live = services.open_for_action(match, match.version, [0, 1])
        live.undo()
        live.step(Action.from_json([a for a in live.legal_actions() if "step" in a][-1]), confirm=False)
        return services.Plan(live=live, expected_version=match.version)

    def test_taking_back_and_writing_the_same_seq_in_one_write(self, race, django_assert_num_queries):
        from games import services

        data, alice = create(variant=race, opponent="hotseat")
        one = alice.act(data["id"], [a for a in data["legal_actions"] if "step" in a][0], data["version"]).json()
        plan = self.plan_after_undo_and_step(one)
        assert plan.live.kept == len(one["log"]) - 1 and len(plan.live.new) == 1
        with django_assert_num_queries(1 if connection.vendor == "postgresql" else 5):
            services.do_action(plan)
        version, state, log = self.stored(data["id"])
        assert version == one["version"] + 1 and log == plan.live.log and len(log) == len(one["log"])
        assert state == plan.live.state_json and log[-1]["action"] != one["log"][-1]["action"]

    def test_a_stale_write_changes_nothing(self, race):
        from games import services

        data, alice = create(variant=race, opponent="hotseat")
        one = alice.act(data["id"], [a for a in data["legal_actions"] if "step" in a][0], data["version"]).json()
        first, second = self.plan_after_undo_and_step(one), self.plan_after_undo_and_step(one)
        services.do_action(first)
        before = self.stored(data["id"])
        with pytest.raises(services.Stale):
            services.do_action(second)
        assert self.stored(data["id"]) == before

    @pytest.mark.parametrize("per_statement", [1, 500])
    def test_many_new_entries_are_written_whole(self, race, monkeypatch, per_statement):
        # The computer's reply adds several entries at once: beyond ROWS_PER_STATEMENT they go in
        # chunks inside a transaction, within it in the one statement.
        from games import services

        monkeypatch.setattr(services, "ROWS_PER_STATEMENT", per_statement)
        data, alice = create(variant=race, opponent="computer", level="easy")
        body = data
        while len(body["log"]) < 8 and body["outcome"] is None:
            step = [a for a in body["legal_actions"] if "step" in a][0]
            before = len(body["log"])
            body = alice.act(data["id"], step, body["version"], confirm=True).json()
            assert len(body["log"]) > before
        assert self.stored(data["id"])[2] == body["log"] and len(body["log"]) >= 8


class TestTakeBack:
    def test_a_finished_turn_waits_for_confirmation_and_draws_no_dice(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        body = data
        for _ in range(2):
            body = alice.act(data["id"], [a for a in body["legal_actions"] if "step" in a][0], body["version"]).json()
        assert body["turn"] == {"side": 0, "steps": 2, "complete": True}
        assert body["legal_actions"] == [{"undo": True}, {"confirm": True}]
        assert body["to_move"] == 0
        assert body["log"][-1]["by"] == "human"  # no dice yet for side 1

    def test_undo_takes_back_steps_one_by_one_to_the_turn_start(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        start = data["state"]
        one = alice.act(data["id"], [a for a in data["legal_actions"]][0], data["version"]).json()
        two = alice.act(data["id"], one["legal_actions"][0], one["version"]).json()
        back = alice.act(data["id"], {"undo": True}, two["version"]).json()
        assert back["state"] == one["state"] and back["log"] == one["log"]
        back = alice.act(data["id"], {"undo": True}, back["version"]).json()
        assert back["state"] == start and back["log"] == data["log"] and back["turn"] is None
        response = alice.act(data["id"], {"undo": True}, back["version"])
        assert response.status_code == 400 and response.json()["code"] == "nothing_to_undo"

    def test_confirm_before_the_turn_is_finished_is_400(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        one = alice.act(data["id"], data["legal_actions"][0], data["version"]).json()
        response = alice.act(data["id"], {"confirm": True}, one["version"])
        assert response.status_code == 400 and response.json()["code"] == "turn_not_finished"

    def test_confirm_draws_the_next_dice(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        body = data
        while {"confirm": True} not in body["legal_actions"]:
            body = alice.act(data["id"], body["legal_actions"][0], body["version"]).json()
        done = alice.act(data["id"], {"confirm": True}, body["version"]).json()
        assert done["log"][-1]["by"] == "chance" and done["to_move"] == 1 and done["turn"] is None

    def test_a_step_posted_with_confirm_ends_the_turn_at_once(self, race):
        data, alice = create(variant=race, opponent="hotseat")
        body = data
        while body["to_move"] == 0:
            body = alice.act(data["id"], body["legal_actions"][0], body["version"], confirm=True).json()
        assert body["to_move"] == 1 and body["turn"] is None

    def test_the_opponent_cannot_act_while_a_turn_awaits_confirmation(self, race):
        data, alice = create(variant=race, opponent="remote")
        bob = Player(data["invite_url"].split("#t=")[1])
        body = data
        while {"confirm": True} not in body["legal_actions"]:
            body = alice.act(data["id"], body["legal_actions"][0], body["version"]).json()
        assert bob.act(data["id"], {"confirm": True}, body["version"]).status_code == 403


class TestThrottle:
    def test_writes_are_throttled_per_client(self, race, settings, monkeypatch):
        # Fixed windows: hold the clock mid-window so a slow run cannot cross into the next one.
        monkeypatch.setattr("core.throttling.time.time", lambda: 1_800_000_030.0)
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                                   "DEFAULT_THROTTLE_RATES": {"anon": "600/minute", "play": "2/minute"}}
        from django.core.cache import cache

        cache.clear()
        statuses = [Player().create(variant=race).status_code for _ in range(3)]
        assert statuses == [201, 201, 429]
        cache.clear()


class TestRecord:
    def test_the_record_replays_to_the_current_state(self, race):
        data, alice = create(variant=race, opponent="computer", level="easy")
        body = data
        for _ in range(6):
            if body["outcome"]:
                break
            body = alice.act(data["id"], body["legal_actions"][0], body["version"], confirm=True).json()
        record = alice.client.get(reverse("games:api-match-record", args=[data["id"]]) + "?download=1")
        assert record.status_code == 200
        assert "attachment" in record["Content-Disposition"]
        moves = record.json()["moves"]
        assert len(moves) == len(body["log"])
        assert moves[-1]["state"] == body["state"]
        assert [m["notation"] for m in moves] == [e["notation"] for e in body["log"]]


# -- the real engines ------------------------------------------------------------------------------


def short(key: str) -> dict:
    """A match to one game, where the variant plays matches, with the fewest pieces it allows:
    these tests are about the play layer (requests, versions, undo, the record), and XII
    Scripta's fifteen a side took a few thousand requests to a random game's end (two minutes
    of the suite). The engines play games of every size to their end in their own tests."""
    options = core.get_variant(key).options
    out = {"match_to": 1} if "match_to" in options else {}
    pieces = options.get("pieces")
    if pieces is not None:
        fewest = min(pieces.choices) if pieces.choices else pieces.minimum
        if fewest is not None:
            out["pieces"] = fewest
    return out


def play_to_the_end(key: str, opponent: str, rng: random.Random, limit: int = 4000) -> dict:
    data, player = create(variant=key, options=short(key), opponent=opponent,
                          **({"level": "random"} if opponent == "computer" else {}))
    body = data
    for _ in range(limit):
        if body["outcome"] is not None:
            return body
        choices = [a for a in body["legal_actions"] if a != {"undo": True}]
        # Take a step back now and then, to exercise it in real positions.
        if {"undo": True} in body["legal_actions"] and rng.random() < 0.1:
            back = player.act(body["id"], {"undo": True}, body["version"])
            assert back.status_code == 200, back.content
            body = back.json()
            continue
        response = player.act(body["id"], rng.choice(choices), body["version"], confirm=rng.random() < 0.5)
        assert response.status_code == 200, response.content
        body = response.json()
    raise AssertionError(f"{key}: no end after {limit} requests")


@pytest.mark.parametrize("key", VARIANTS)
def test_a_whole_hotseat_match_is_played_to_its_end_through_the_api(key):
    body = play_to_the_end(key, "hotseat", random.Random(5))
    # Tic-Tac-Mo's full grid with no row is drawn (TM-4 in its file).
    assert body["outcome"]["winner"] in ((0, 1, None) if key == "line.tic-tac-mo" else (0, 1))
    assert body["legal_actions"] == [] and body["to_move"] is None
    record = Player().client.get(reverse("games:api-match-record", args=[body["id"]])).json()
    assert record["moves"][-1]["state"] == body["state"]
    # Every entry carries the variant's log fields, from the state after it.
    variant = core.get_variant(key)
    for move in record["moves"]:
        state = variant.state_from_json(move["state"])
        assert {k: move[k] for k in variant.log_fields(state)} == variant.log_fields(state)
    assert [{k: m[k] for k in ("side", "by", "action", "notation")} for m in record["moves"]] == [
        {k: e[k] for k in ("side", "by", "action", "notation")} for e in body["log"]]
    response = Player(None).act(body["id"], {"confirm": True}, body["version"])
    assert response.status_code == 403


@pytest.mark.parametrize("key", VARIANTS)
def test_a_whole_match_against_the_computer_is_played_to_its_end(key):
    body = play_to_the_end(key, "computer", random.Random(7))
    assert any(entry["by"] == "computer" for entry in body["log"])


@pytest.mark.parametrize("key", VARIANTS)
def test_every_level_answers_with_a_legal_reply(key):
    variant = core.get_variant(key)
    for level in ai.levels(variant):
        data, alice = create(variant=key, options=short(key), opponent="computer", level=level, side=1)
        assert data["to_move"] == 1 or data["outcome"] is not None
        # Where a lot decides who starts (Kendall's Senet: the first to throw a 1), the human may
        # move first: play on until the computer has answered.
        rng = random.Random(level)
        for _ in range(40):
            if any(entry["by"] == "computer" for entry in data["log"]) or data["outcome"] is not None:
                break
            choices = [a for a in data["legal_actions"] if a != {"undo": True}]
            r = alice.act(data["id"], rng.choice(choices), data["version"])
            assert r.status_code == 200, r.content
            data = r.json()
        assert any(entry["by"] == "computer" for entry in data["log"])


@pytest.mark.parametrize("key", VARIANTS)
def test_an_illegal_real_move_gets_the_engines_reason(key):
    data, alice = create(variant=key, options=short(key), opponent="hotseat")
    bad = {"from": 3, "to": 9, "hole": 17}  # no family's action has all three
    response = alice.act(data["id"], bad, data["version"])
    assert response.status_code == 400 and response.json()["reason"]
    assert Match.objects.get(pk=data["id"]).version == data["version"]


def test_the_variants_board_info_and_text_help_reach_the_page_and_the_api(race, client):
    page = client.get(reverse("games:play", args=[race]))
    assert page.status_code == 200
    html = page.content.decode()
    config = json.loads(re.search(r'<script id="b-play" type="application/json">(.*?)</script>', html, re.S)[1])
    assert config["board"] == {"track": 8} and config["text_help"]["moves"] == ["+2"]
    assert "(+2)" in html and "count (read both counters), board" in html
    data, alice = create(variant=race, opponent="hotseat")
    assert data["board"] == {"track": 8}
    assert alice.read(data["id"]).json()["board"] == {"track": 8}



# -- issue 12: a draw end to end, the lot logged, hostile bodies ----------------------------------


def test_a_bechi_draw_reaches_the_api_with_no_winner():
    # the rounds come round at 24-24 for the third time (round_repetition_limit): a draw
    state = {
        "variant": "mancala.bechi", "rows": [[0, 0, 0, 2], [0, 1, 0, 1]], "captured": [23, 21], "round": 4,
        "starter": 1, "to_move": 0, "rounds": [[24, 24, 0], [30, 18, 1], [24, 24, 0], [30, 18, 1]],
    }
    data, alice = create(variant="mancala.bechi", opponent="hotseat", state=state)
    response = alice.act(data["id"], {"hole": 3}, data["version"], confirm=True)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["outcome"] == {"winner": None, "points": 0, "how": "draw", "score": [24, 24]}
    assert Match.objects.get(pk=data["id"]).outcome["winner"] is None


def test_the_lot_for_bechi_round_one_is_drawn_and_logged():
    data, _ = create(variant="mancala.bechi", opponent="hotseat")
    first = data["log"][0]
    assert set(first["action"]) == {"first"} and first["notation"].endswith("starts (by lot)")
    assert data["state"]["to_move"] == first["action"]["first"]


@pytest.mark.parametrize("body", ["[" * 100_000 + "]" * 100_000, '{"variant": "' + "x" * 10 + '", "side": ' + "9" * 5000 + "}"])
def test_a_body_the_json_parser_cannot_take_is_400(body):
    response = APIClient().post(reverse("games:api-matches"), body, content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "malformed"
