"""Exports of a match (gnubg/Jellyfish .mat, SGF), resigning, the rematch, presence and the
events stream of the play API."""
from __future__ import annotations

import random

import pytest

from tests.games.variant_keys import play_layer_keys
from django.urls import reverse
from rest_framework.test import APIClient

from games.engine import ai, get_variant
from games.exports import ExportError, games_of, parse_mat, parse_sgf, write_mat, write_sgf
from games.exports.sgf import letter, point_of
from games.models import Match


@pytest.fixture(autouse=True)
def no_play_throttle(settings):
    """Whole matches are played here through the API as fast as the machine answers: a match to
    three of backgammon passes the play throttle's requests a minute on a fast machine (CI's
    PostgreSQL chain was answered 429 once). The throttles have tests of their own
    (tests/core/test_throttling.py)."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                                          "anon": None, "play": None}}


def simulate(key: str, options: dict, seed: int) -> tuple[dict, list[dict], dict]:
    """A whole match between two random players: its start, its log, its outcome."""
    variant = get_variant(key)
    state = variant.new_game(options)
    start = state.to_json()
    rng = random.Random(seed)
    log = []
    while variant.outcome(state) is None:
        chance = variant.is_chance(state)
        action = variant.draw(state, rng) if chance else ai.choose(variant, state, "random", rng)
        log.append({"side": None if chance else variant.to_move(state), "by": "chance" if chance else "computer",
                    "action": action.to_json(), "notation": variant.describe(state, action)})
        state = variant.apply(state, action)
    return start, log, variant.outcome(state).to_json()


def as_tuples(games):
    return [[(i.side, i.kind, i.dice, [(a, b) for a, b, _ in i.moves]) for i in g.items] for g in games]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mat_round_trip_keeps_every_game_throw_and_step(seed):
    start, log, outcome = simulate("tables.backgammon", {"match_to": 3}, seed)
    games = games_of("tables.backgammon", start, log, outcome)
    text = write_mat(games, {"id": "m1", "variant": "tables.backgammon", "match_to": 3})
    match_to, back = parse_mat(text)
    assert match_to == 3
    assert [(g.number, g.score, g.winner, g.points) for g in back] == [(g.number, g.score, g.winner, g.points) for g in games]
    assert as_tuples(back) == as_tuples(games)
    # Every throw and every checker step of the log is in the file.
    rolls = sum(1 for e in log if "roll" in e["action"]) + sum(
        1 for e in log if "opening" in e["action"] and e["action"]["opening"][0] != e["action"]["opening"][1])
    assert sum(1 for g in back for i in g.items if i.kind == "move") == rolls
    assert sum(len(i.moves) for g in back for i in g.items) == sum(1 for e in log if "from" in e["action"])
    # The last game's winner reaches the match length.
    last = back[-1]
    assert last.score[last.winner] + last.points >= 3


def test_mat_layout_is_the_jellyfish_one():
    start, log, outcome = simulate("tables.backgammon", {"match_to": 1}, 5)
    text = write_mat(games_of("tables.backgammon", start, log, outcome), {"id": "x", "variant": "tables.backgammon", "match_to": 1})
    lines = text.splitlines()
    assert " 1 point match" in lines and " Game 1" in lines
    assert any(line.startswith("  1) ") for line in lines)
    moves = [line for line in lines if ") " in line and not line.startswith(";")]
    for line in moves:
        # the first player's column ends where the second's starts, at a fixed column
        assert line[3:5] == ") "
    assert any("Wins 1 point" in line for line in lines)


def test_sgf_round_trip_and_coordinates():
    assert letter(0, 1) == "a" and letter(0, 24) == "x" and letter(1, 24) == "a" and letter(1, 1) == "x"
    assert letter(0, 25) == "y" and letter(1, 0) == "z"
    assert all(point_of(side, letter(side, p)) == p for side in (0, 1) for p in range(26))
    start, log, outcome = simulate("tables.backgammon", {"match_to": 3}, 7)
    games = games_of("tables.backgammon", start, log, outcome)
    text = write_sgf(games, {"id": "m2", "variant": "tables.backgammon", "match_to": 3})
    assert text.startswith("(;FF[4]GM[6]")
    assert text.count("(;") == len(games)
    match_to, back = parse_sgf(text)
    assert match_to == 3
    assert as_tuples(back) == as_tuples(games)
    assert [(g.winner, g.points, g.score) for g in back] == [(g.winner, g.points, g.score) for g in games]


def test_mat_of_a_nard_variant_names_it_and_reads_back():
    start, log, outcome = simulate("tables.takhte-nard", {"match_to": 1}, 11)
    games = games_of("tables.takhte-nard", start, log, outcome)
    text = write_mat(games, {"id": "n", "variant": "tables.takhte-nard", "match_to": 1})
    assert '; [Variant "tables.takhte-nard"]' in text
    assert as_tuples(parse_mat(text)[1]) == as_tuples(games)


def test_unreadable_match_text_names_the_line():
    with pytest.raises(ExportError, match="line 3"):
        parse_mat(" 1 point match\n Game 1\n  1) 7x: 13/8\n")
    with pytest.raises(ExportError, match="match length"):
        parse_mat(" Game 1\n")
    with pytest.raises(ExportError, match="GM"):
        parse_sgf("(;FF[4]GM[1]\n;W[aa])")


# -- through the API ---------------------------------------------------------------------------


def client_for(token: str | None = None) -> APIClient:
    client = APIClient()
    if token:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def create(variant="tables.backgammon", opponent="remote", options=None, **extra):
    answer = client_for().post(reverse("games:api-matches"), {"variant": variant, "opponent": opponent,
                                                              "options": {"match_to": 1} if options is None else options, **extra}, format="json")
    assert answer.status_code == 201, answer.content
    return answer.json()


def play_out(match_id: str, token: str, seed: int = 0) -> dict:
    """Play a hotseat match to its end with random legal actions."""
    rng = random.Random(seed)
    client = client_for(token)
    url = reverse("games:api-match", args=[match_id])
    data = client.get(url).json()
    for _ in range(3000):
        if data["outcome"]:
            return data
        legal = [a for a in data["legal_actions"] if "undo" not in a]
        action = {"confirm": True} if {"confirm": True} in legal else rng.choice(legal)
        answer = client.post(url + "actions/", {"action": action, "version": data["version"]}, format="json")
        assert answer.status_code == 200, answer.content
        data = answer.json()
    raise AssertionError("the match did not end")


@pytest.mark.django_db
def test_export_endpoints_write_files_that_read_back():
    made = create(opponent="hotseat", options={"match_to": 1})
    data = play_out(made["id"], made["token"])
    assert set(data["exports"]) == {"json", "mat", "sgf"}
    mat = client_for().get(data["exports"]["mat"])
    assert mat.status_code == 200 and mat["Content-Disposition"].endswith('.mat"')
    match_to, games = parse_mat(mat.content.decode())
    assert match_to == 1 and games[-1].winner == data["outcome"]["winner"]
    sgf = client_for().get(data["exports"]["sgf"])
    assert parse_sgf(sgf.content.decode())[1][-1].winner == data["outcome"]["winner"]
    unknown = client_for().get(reverse("games:api-match-export", args=[made["id"], "pdf"]))
    assert unknown.status_code == 400 and "pdf" in unknown.json()["reason"]


@pytest.mark.django_db
def test_exports_are_offered_only_where_they_fit():
    made = create(variant="mancala.bechi", opponent="hotseat", options={})
    assert set(made["exports"]) == {"json"}
    refused = client_for().get(reverse("games:api-match-export", args=[made["id"], "mat"]))
    assert refused.status_code == 400 and "tables" in refused.json()["reason"]


@pytest.mark.django_db
def test_resign_records_the_outcome_and_the_score():
    made = create(opponent="computer", options={"match_to": 5}, level="random")
    url = reverse("games:api-match-resign", args=[made["id"]])
    # no token, a stale version: refused, nothing changes
    assert client_for().post(url, {"version": made["version"]}, format="json").status_code == 403
    assert client_for(made["token"]).post(url, {"version": made["version"] - 1}, format="json").status_code in (400, 409)
    assert client_for(made["token"]).post(url, {"version": "x"}, format="json").status_code == 400
    assert Match.objects.get(pk=made["id"]).outcome is None
    answer = client_for(made["token"]).post(url, {"version": made["version"]}, format="json")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["outcome"]["how"] == "resign" and body["outcome"]["resigned"] == 0 and body["outcome"]["winner"] == 1
    assert body["outcome"]["score"][1] == 5  # the winner is credited the match
    assert body["legal_actions"] == [] and body["version"] == made["version"] + 1
    again = client_for(made["token"]).post(url, {"version": body["version"]}, format="json")
    assert again.status_code == 400 and again.json()["code"] == "match_over"


@pytest.mark.django_db
def test_rematch_swaps_sides_and_links_both_ways():
    made = create(opponent="remote", options={"match_to": 1})
    invite = made["invite_url"].split("#t=")[1]
    early = client_for(made["token"]).post(reverse("games:api-match-rematch", args=[made["id"]]))
    assert early.status_code == 400 and early.json()["code"] == "match_not_over"
    client_for(made["token"]).post(reverse("games:api-match-resign", args=[made["id"]]), {"version": made["version"]}, format="json")
    offered = client_for(invite).post(reverse("games:api-match-rematch", args=[made["id"]]))
    assert offered.status_code == 201, offered.content
    new = offered.json()
    assert new["rematch_of"] == made["id"] and new["you"] == [0]  # the invitee played side 1: now side 0
    old = client_for(made["token"]).get(reverse("games:api-match", args=[made["id"]])).json()
    assert old["rematch"] == new["id"]
    # The creator's token plays the other side of the rematch; asking again answers the same match.
    taken = client_for(made["token"]).post(reverse("games:api-match-rematch", args=[made["id"]]))
    assert taken.status_code == 200 and taken.json()["id"] == new["id"] and taken.json()["you"] == [1]
    assert Match.objects.filter(rematch_of=made["id"]).count() == 1
    assert client_for().post(reverse("games:api-match-rematch", args=[made["id"]])).status_code == 403


@pytest.mark.django_db
def test_taking_up_a_rematch_counts_the_friend_as_joined_in_it():
    # The creator resigns and offers the rematch before the friend has opened the link; the
    # friend then opens the match and takes the rematch up: in the new match they are there, as
    # in the match they came from, so the creator is not left waiting for them to join.
    made = create(opponent="remote", options={"match_to": 1})
    creator, friend = client_for(made["token"]), client_for(made["invite_url"].split("#t=")[1])
    client_for(made["token"]).post(reverse("games:api-match-resign", args=[made["id"]]), {"version": made["version"]}, format="json")
    offered = creator.post(reverse("games:api-match-rematch", args=[made["id"]]))
    assert offered.status_code == 201 and offered.json()["joined"] == [False, True]  # the friend plays side 0 now
    waiting = offered.json()["tag"]
    assert friend.get(reverse("games:api-match", args=[made["id"]])).json()["joined"] == [True, True]
    taken = friend.post(reverse("games:api-match-rematch", args=[made["id"]]))
    assert taken.status_code == 200 and taken.json()["id"] == offered.json()["id"] and taken.json()["you"] == [0]
    assert taken.json()["joined"] == [True, True]
    new = reverse("games:api-match", args=[offered.json()["id"]])
    assert creator.get(new).json()["joined"] == [True, True]
    # The creator, waiting on the new match, hears of it.
    news = b"".join(client_for().get(reverse("games:api-match-events", args=[offered.json()["id"]]),
                                     {"since": waiting}).streaming_content).decode()
    assert "event: change" in news
    assert Match.objects.get(pk=offered.json()["id"]).side0_joined is not None


@pytest.mark.django_db
def test_friend_joined_changes_the_etag_and_the_events_tag():
    made = create(opponent="remote")
    assert made["joined"] == [True, False]
    url = reverse("games:api-match", args=[made["id"]])
    creator = client_for(made["token"])
    first = creator.get(url)
    etag = first["ETag"]
    assert creator.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    events = reverse("games:api-match-events", args=[made["id"]])
    quiet = client_for().get(events, {"since": made["tag"]})
    assert quiet["Content-Type"] == "text/event-stream"
    assert b"retry:" in b"".join(quiet.streaming_content)
    invite = made["invite_url"].split("#t=")[1]
    seen = client_for(invite).get(url).json()
    assert seen["joined"] == [True, True]
    assert creator.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200  # something changed: the friend
    news = b"".join(client_for().get(events, {"since": made["tag"]}).streaming_content).decode()
    assert "event: change" in news and f"id: {seen['tag']}" in news
    # The browser's Last-Event-ID stands for `since` on reconnecting.
    settled = b"".join(client_for().get(events, HTTP_LAST_EVENT_ID=seen["tag"]).streaming_content)
    assert b"event: change" not in settled
    assert client_for().get(reverse("games:api-match-events", args=["nosuchmatch1"])).status_code == 404


@pytest.mark.django_db
def test_an_action_is_announced_on_the_events_stream():
    made = create(opponent="hotseat")
    before = made["tag"]
    legal = [a for a in made["legal_actions"] if "undo" not in a]
    act = client_for(made["token"]).post(reverse("games:api-match-actions", args=[made["id"]]),
                                         {"action": legal[0], "version": made["version"]}, format="json")
    assert act.status_code == 200
    assert act.json()["tag"] != before
    news = b"".join(client_for().get(reverse("games:api-match-events", args=[made["id"]]), {"since": before}).streaming_content)
    assert f"id: {act.json()['tag']}".encode() in news


@pytest.mark.django_db(transaction=True)
def test_under_asgi_the_stream_waits_for_the_change_in_a_coroutine(settings):
    """The ASGI path: the stream stays open (no worker held) and reports the change when it
    comes; with none by the end of the hold it closes with a retry."""
    import threading
    import time

    import asyncio
    import concurrent.futures

    from django.test import AsyncClient

    settings.PLAY_EVENTS_ASGI_HOLD = 0.3
    made = create(opponent="remote")
    events = reverse("games:api-match-events", args=[made["id"]])

    async def read(since: str) -> tuple[float, str]:
        t0 = time.monotonic()
        response = await AsyncClient().get(events, {"since": since})
        chunks = [chunk async for chunk in response.streaming_content]
        return time.monotonic() - t0, b"".join(chunks).decode()

    def run(since: str) -> tuple[float, str]:
        # In a thread of its own: a browser test's event loop may be running in this one.
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, read(since)).result()

    waited, text = run(made["tag"])
    assert "retry:" in text and waited >= 0.25
    settings.PLAY_EVENTS_ASGI_HOLD = 5.0
    invite = made["invite_url"].split("#t=")[1]
    joiner = threading.Timer(0.3, lambda: client_for(invite).get(reverse("games:api-match", args=[made["id"]])))
    joiner.start()
    waited, text = run(made["tag"])
    joiner.join()
    assert "event: change" in text and waited < 4.0


@pytest.mark.django_db
def test_reading_with_log_from_sends_only_the_new_entries():
    made = create(opponent="hotseat")
    client = client_for(made["token"])
    url = reverse("games:api-match", args=[made["id"]])
    m = client.get(url).json()
    for _ in range(3):
        legal = [a for a in m["legal_actions"] if "undo" not in a]
        m = client.post(url + "actions/", {"action": legal[0], "version": m["version"], "confirm": True}, format="json").json()
    whole = client.get(url).json()
    held = 2
    part = client.get(url, {"log_from": held}).json()
    assert part["log_from"] == held and whole["log"][:held] + part["log"] == whole["log"]
    for value in ("-1", "\u00b2", "9" * 30):  # '\u00b2' passes str.isdigit but not int()
        bad = client.get(url, {"log_from": value})
        assert bad.status_code == 400 and "log_from" in bad.json()["reason"], value


@pytest.mark.parametrize("key", play_layer_keys())
def test_every_variant_answers_a_resignation(key):
    variant = get_variant(key)
    state = variant.new_game({})
    for side in (0, 1):
        outcome = variant.resign(state, side)
        assert outcome.winner == 1 - side and outcome.how == "resign" and outcome.points >= 1
        if not key.startswith("tables."):  # the score as it stands: pieces off, counters won
            assert outcome.score == variant.score_now(state)
        if key.startswith("tables."):
            assert outcome.score[1 - side] >= state.to_json()["match_to"]


@pytest.mark.django_db
def test_gul_bara_offers_match_text_only_where_no_remainder_is_handed_over():
    # GB-5: the opponent plays a broken cascade's rest with no throw of his own, which neither
    # match text nor SGF can write; such matches offer the JSON record alone, and say why.
    made = create(variant="tables.gul-bara", opponent="hotseat")
    assert set(made["exports"]) == {"json"}
    client = client_for(made["token"])
    refused = client.get(reverse("games:api-match-export", args=[made["id"], "mat"]))
    assert refused.status_code == 400 and "GB-5" in refused.json()["reason"]
    plain = create(variant="tables.gul-bara", opponent="hotseat", options={"opponent_plays_remainder": False})
    assert set(plain["exports"]) == {"json", "mat", "sgf"}
    assert client_for(plain["token"]).get(reverse("games:api-match-export", args=[plain["id"], "mat"])).status_code == 200


# -- a match created from a position where the mover has played part of the roll ---------------


def part_played_turn(key: str, seed: int, *, from_the_start: bool) -> tuple[dict, dict]:
    """(the state at a turn's start, the state after its first step): the opening turn, or a
    later one (a step that hits, where one is legal), with dice still to play after the step."""
    variant = get_variant(key)
    state = variant.new_game({"match_to": 1})
    rng = random.Random(seed)
    rolls = 0
    for _ in range(5000):
        if variant.is_chance(state):
            state = variant.apply(state, variant.draw(state, rng))
            rolls += 1
            if state.phase == "move" and (from_the_start or rolls > 12):
                steps = [a for a in variant.legal_actions(state) if "from" in a]
                after = [variant.apply(state, step) for step in steps]
                # the first step that hits, else the first; with the turn still open after it
                after = [s for s in after if s.phase == "move" and s.to_move == state.to_move]
                after.sort(key=lambda s: not s.to_json()["played"][-1]["hit"])
                if after:
                    return state.to_json(), after[0].to_json()
            continue
        if variant.outcome(state) is not None:
            state, rolls = variant.new_game({"match_to": 1}), 0
            continue
        state = variant.apply(state, ai.choose(variant, state, "random", rng))
    raise AssertionError("no turn with dice left after a step")


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["tables.backgammon", "tables.ses-bes"])
def test_a_match_from_the_opening_turn_part_played_exports_that_whole_turn(key):
    turn_start, mid = part_played_turn(key, 3, from_the_start=True)
    made = create(variant=key, opponent="hotseat", state=mid)
    data = play_out(made["id"], made["token"])
    mover, before = mid["to_move"], [(s["from"], s["to"]) for s in mid["played"]]
    for fmt, parse in (("mat", parse_mat), ("sgf", parse_sgf)):
        answer = client_for().get(data["exports"][fmt])
        assert answer.status_code == 200, answer.content
        games = parse(answer.content.decode())[1]
        first = games[0].items[0]
        # The turn is written whole: its throw, the steps played before the match began, then the rest.
        assert (first.side, first.kind, sorted(first.dice)) == (mover, "move", sorted(mid["roll"]))
        assert [(a, b) for a, b, _ in first.moves][:len(before)] == before
        assert len(first.moves) > len(before)
        assert games[-1].winner == data["outcome"]["winner"]


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["tables.backgammon", "tables.ses-bes"])
def test_a_match_from_a_later_turn_part_played_sets_up_its_start_in_sgf_and_mat_says_it_cannot(key):
    turn_start, mid = part_played_turn(key, 5, from_the_start=False)
    made = create(variant=key, opponent="hotseat", state=mid)
    data = play_out(made["id"], made["token"])
    sgf = client_for().get(data["exports"]["sgf"])
    assert sgf.status_code == 200, sgf.content
    game = parse_sgf(sgf.content.decode())[1][0]
    # The position the turn started from, before the steps played ahead of the match.
    assert game.setup is not None and game.setup.checkers == turn_start["checkers"]
    assert game.setup.to_move == mid["to_move"]
    first = game.items[0]
    assert first.side == mid["to_move"] and sorted(first.dice) == sorted(mid["roll"])
    assert [(a, b) for a, b, _ in first.moves][:len(mid["played"])] == [(s["from"], s["to"]) for s in mid["played"]]
    # Match text starts every game from the usual position: not offered, and asked for anyway,
    # refused, naming why and what can.
    assert set(data["exports"]) == {"json", "sgf"}
    assert Match.objects.get(pk=made["id"]).set_up
    mat = client_for().get(reverse("games:api-match-export", args=[made["id"], "mat"]))
    assert mat.status_code == 400
    body = mat.json()
    assert body["reason"].startswith("format: mat ") and "starting position" in body["reason"]
    assert set(body["exports"]) == {"json", "sgf"}
    assert client_for().get(body["exports"]["json"]).status_code == 200


@pytest.mark.django_db
def test_a_match_from_a_double_offered_writes_the_double_first():
    variant = get_variant("tables.backgammon")
    state, rng = variant.new_game({"match_to": 3}), random.Random(2)
    while state.phase != "cube":
        action = variant.draw(state, rng) if variant.is_chance(state) else ai.choose(variant, state, "random", rng)
        state = variant.apply(state, action)
    doubler = state.to_move
    offered = variant.apply(state, {"double": True}).to_json()
    made = create(opponent="hotseat", options={"match_to": 3}, state=offered)
    data = play_out(made["id"], made["token"])
    game = parse_sgf(client_for().get(data["exports"]["sgf"]).content.decode())[1][0]
    assert game.setup.checkers == offered["checkers"] and game.setup.to_move == doubler
    assert [(i.side, i.kind) for i in game.items[:2]] in ([(doubler, "double"), (1 - doubler, "take")],
                                                         [(doubler, "double"), (1 - doubler, "drop")])


@pytest.mark.django_db
def test_a_rematch_offered_waits_for_the_friend_to_take_it_up():
    # Both players were in the match; one offers the rematch. The friend has not answered, so the
    # rematch does not count them as there (the offerer's page would say "Your friend has joined.").
    made = create(opponent="remote", options={"match_to": 1})
    creator, friend = client_for(made["token"]), client_for(made["invite_url"].split("#t=")[1])
    assert friend.get(reverse("games:api-match", args=[made["id"]])).json()["joined"] == [True, True]
    creator.post(reverse("games:api-match-resign", args=[made["id"]]), {"version": made["version"]}, format="json")
    offered = creator.post(reverse("games:api-match-rematch", args=[made["id"]]))
    assert offered.status_code == 201 and offered.json()["you"] == [1]
    assert offered.json()["joined"] == [False, True]
    new = reverse("games:api-match", args=[offered.json()["id"]])
    assert creator.get(new).json()["joined"] == [False, True]
    taken = friend.post(reverse("games:api-match-rematch", args=[made["id"]]))
    assert taken.status_code == 200 and taken.json()["joined"] == [True, True]
    assert creator.get(new).json()["joined"] == [True, True]
