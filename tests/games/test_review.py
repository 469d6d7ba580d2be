"""The review after a game and the estimate during one (issue 37): per family, a known bad move
is marked and the best move named, a good move is not marked; the work stops at its budget; a
game without an evaluator says so; and the play API serves both (cached, clear refusals)."""
from __future__ import annotations

import copy
import itertools

import pytest
from django.core.cache import cache
from django.urls import reverse
from rest_framework.test import APIClient

from games.engine import get_variant
from games.engine import review as engine_review
from games.engine.review import estimate, mark, review


def log_of(variant, state, actions, by="human"):
    """The log a match keeps for ``actions`` played from ``state``, and the state after them."""
    entries = []
    for action in actions:
        chance = variant.is_chance(state)
        entries.append({"side": None if chance else variant.to_move(state), "by": "chance" if chance else by,
                        "action": action, "notation": variant.describe(state, action)})
        state = variant.apply(state, action)
    return entries, state


@pytest.fixture
def searches_bound_by_iterations(monkeypatch):
    # The rules-file games' searches stop at their iterations, not the clock, so the test is
    # repeatable on a busy machine (the iterations are seeded).
    monkeypatch.setattr(engine_review, "MCTS_SECONDS", 30.0)


class TestTables:
    def test_the_opening_split_is_marked_and_the_five_point_named(self):
        v = get_variant("tables.backgammon")
        start = v.new_game({"match_to": 1})
        bad, _ = log_of(v, start, [{"opening": [3, 1]}, {"from": 24, "to": 21}, {"from": 24, "to": 23}])
        r = review(v, start, bad)
        assert r["available"] and r["evaluator"]["unit"] == "points"
        [move] = r["moves"]
        assert move["entries"] == [2, 3] and move["side"] == 0 and move["played"] == "24/21 24/23"
        assert move["best"] == "8/5 6/5" and move["depth"] == "1-ply"
        assert move["mark"] in ("mistake", "blunder") and move["loss"] >= 0.08
        assert move["loss"] == pytest.approx(move["value_best"] - move["value_played"], abs=1e-3)

    def test_the_best_play_is_not_marked(self):
        v = get_variant("tables.backgammon")
        start = v.new_game({"match_to": 1})
        good, _ = log_of(v, start, [{"opening": [3, 1]}, {"from": 8, "to": 5}, {"from": 6, "to": 5}])
        [move] = review(v, start, good)["moves"]
        assert move["best"] is None and move["loss"] == 0 and move["mark"] is None and move["judged"]

    def test_the_estimate_gives_both_win_chances(self):
        v = get_variant("tables.ses-bes")
        s = v.new_game({})
        assert estimate(v, s)["available"] is False  # before the opening roll: nobody is on roll
        s = v.apply(s, {"opening": [2, 1]})  # side 0 won the opening throw: to roll
        found = estimate(v, s)
        assert found["available"] and sum(found["win_chance"]) == pytest.approx(1.0)
        assert 0.05 < found["win_chance"][0] < 0.95


class TestRace:
    # Side 1 may hit side 0's piece on 9 (7→9) or enter a new piece: entering leaves the hit.
    POSITION = {"pieces": [[0, 0, 0, 0, 0, 0, 9], [0, 0, 0, 0, 0, 0, 7]], "to_move": 1, "phase": "move",
                "throw": {"dice": [1, 1, 0, 0]}}

    def test_leaving_the_hit_is_a_blunder_and_the_hit_is_named(self):
        v = get_variant("race.ur")
        s = v.state_from_json(self.POSITION)
        entries, _ = log_of(v, s, [{"from": 0, "to": 2}])
        r = review(v, s, entries)
        assert r["evaluator"]["unit"] == "squares"
        [move] = r["moves"]
        assert move["mark"] == "blunder" and move["best"] == "7→9*" and move["loss"] >= 4
        assert r["summary"][1]["blunders"] == 1 and r["summary"][0]["moves"] == 0

    def test_the_hit_is_not_marked(self):
        v = get_variant("race.ur")
        s = v.state_from_json(self.POSITION)
        entries, _ = log_of(v, s, [{"from": 7, "to": 9}])
        [move] = review(v, s, entries)["moves"]
        assert move["mark"] is None and move["best"] is None

    def test_the_estimate_is_a_lead_in_squares_not_a_win_chance(self):
        v = get_variant("race.ur")
        found = estimate(v, v.state_from_json(self.POSITION))
        assert found["available"] and found["win_chance"] is None
        assert found["value"] < 0  # side 1 is to hit side 0's only piece on the board


class TestBechi:
    POSITION = {"rows": [[2, 0, 0, 3], [1, 1, 4, 3]], "captured": [10, 24],
                "sown": [[False] * 4, [False, True, False, False]]}

    def test_the_greedy_capture_is_marked_and_the_quiet_sowing_named(self):
        # Taking 2 + 4 at once (hole 4) is what the easy level plays; the search sees the
        # counters it gives back.
        v = get_variant("mancala.bechi")
        s = v.state_from_json(self.POSITION)
        entries, _ = log_of(v, s, [{"hole": 3}])
        r = review(v, s, entries)
        [move] = r["moves"]
        assert r["evaluator"]["unit"] == "counters"
        assert move["mark"] == "blunder" and move["best"] == v.describe(s, {"hole": 0})
        assert move["loss"] == move["value_best"] - move["value_played"] > 0
        entries, _ = log_of(v, s, [{"hole": 0}])
        assert review(v, s, entries)["moves"][0]["mark"] is None


class TestRulesFiles:
    def test_not_blocking_a_line_is_a_blunder_and_the_block_named(self, searches_bound_by_iterations):
        v = get_variant("line.tic-tac-toe")
        start = v.new_game({})
        entries, end = log_of(v, start, [{"to": "a1"}, {"to": "b2"}, {"to": "a2"}, {"to": "c3"}, {"to": "a3"}])
        assert v.outcome(end).winner == 0
        r = review(v, start, entries)
        assert r["evaluator"]["unit"] == "win chance"
        moves = r["moves"]
        assert [m["side"] for m in moves] == [0, 1, 0, 1, 0]
        assert moves[3]["mark"] == "blunder" and moves[3]["best"] == "@a3" and moves[3]["value_played"] == 0.0
        assert moves[4]["mark"] is None and moves[4]["value_played"] == 1.0  # the winning move
        assert all(m["iterations"] == engine_review.MCTS_ITERATIONS for m in moves)

    def test_the_estimate_is_a_win_chance(self, searches_bound_by_iterations):
        v = get_variant("line.tic-tac-toe")
        _, s = log_of(v, v.new_game({}), [{"to": "a1"}, {"to": "b2"}, {"to": "a2"}])
        found = estimate(v, s)
        assert found["available"] and sum(found["win_chance"]) == pytest.approx(1.0)


    def test_a_game_whose_search_is_too_slow_says_it_has_no_evaluator(self, monkeypatch):
        # As the heaviest rules files are (Shatranj: some 15 iterations in the time): their
        # values would be noise, so nothing is marked and the review says why.
        monkeypatch.setattr(engine_review, "MCTS_SECONDS", 1e-9)
        v = get_variant("line.tic-tac-toe")
        start = v.new_game({})
        entries, end = log_of(v, start, [{"to": "a1"}, {"to": "b2"}, {"to": "a2"}, {"to": "c3"}, {"to": "a3"}])
        r = review(v, start, entries)
        assert r["available"] is False and "no evaluator fast enough" in r["reason"]
        assert len(r["moves"]) == 5 and not any(m["judged"] or m["mark"] for m in r["moves"])
        found = estimate(v, v.apply(start, {"to": "a1"}))
        assert found["available"] is False and "no evaluator fast enough" in found["reason"]


class TestBounds:
    def test_a_review_out_of_time_lists_the_moves_unjudged_and_says_so(self):
        v = get_variant("race.ur")
        s = v.state_from_json(TestRace.POSITION)
        entries, _ = log_of(v, s, [{"from": 0, "to": 2}])
        r = review(v, s, entries, seconds=0.0)
        assert r["complete"] is False
        [move] = r["moves"]
        assert not move["judged"] and move["mark"] is None and "time budget" in move["note"]

    def test_a_long_game_switches_to_the_evaluator_alone_rather_than_run_over(self):
        # A clock on which the first judgements take 5 s each: the rest would not fit in the
        # time left at that pace, so they are judged at 0-ply, and all of them are judged.
        from bench.review import play

        variant, start, entries = play("race.ur", "easy", 0)
        calls = itertools.count()

        def clock():
            i = next(calls)
            return i * 5.0 if i < 8 else 40 + i * 0.001

        r = review(variant, start, entries, seconds=60.0, clock=clock)
        depths = {m.get("depth") for m in r["moves"] if m["judged"]}
        assert "0-ply" in depths and r["complete"]

    def test_marks_follow_the_stated_thresholds(self):
        assert [mark(x, "points") for x in (0.039, 0.04, 0.08, 0.16)] == [None, "inaccuracy", "mistake", "blunder"]
        assert [mark(x, "win chance") for x in (0.04, 0.05, 0.1, 0.2)] == [None, "inaccuracy", "mistake", "blunder"]


def unjudged():
    """Tic-tac-toe as if it were of a family no evaluator knows."""
    v = copy.copy(get_variant("line.tic-tac-toe"))
    v.family = "test"
    return v


def test_a_game_without_an_evaluator_says_so_plainly():
    v = unjudged()
    start = v.new_game({})
    entries, _ = log_of(v, start, [{"to": "a1"}])
    r = review(v, start, entries)
    assert r["available"] is False and "no evaluator" in r["reason"]
    assert r["moves"][0]["played"] == "@a1" and r["moves"][0]["mark"] is None
    found = estimate(v, start)
    assert found["available"] is False and "no evaluator" in found["reason"]


# -- the play API ------------------------------------------------------------------------------


@pytest.fixture
def no_play_throttle(settings):
    settings.PLAY_DICE_SEED = "tests"
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**rates, "play": None, "review": None, "estimate": None}}
    cache.clear()


@pytest.mark.django_db
def test_the_api_reviews_a_finished_match_once_and_refuses_one_in_play(no_play_throttle):
    client = APIClient()
    made = client.post(reverse("games:api-matches"), {"variant": "race.ur", "opponent": "hotseat",
                                                      "state": TestRace.POSITION}, format="json")
    assert made.status_code == 201, made.content
    match = made.json()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {match['token']}")
    review_url = reverse("games:api-match-review", args=[match["id"]])
    in_play = client.get(review_url)
    assert in_play.status_code == 400 and in_play.json()["code"] == "match_not_over"
    estimate_url = reverse("games:api-match-estimate", args=[match["id"]])
    live = client.get(estimate_url)
    assert live.status_code == 200 and live.json()["available"] and live.json()["value"] < 0
    acted = client.post(reverse("games:api-match-actions", args=[match["id"]]),
                        {"action": {"from": 0, "to": 2}, "version": match["version"], "confirm": True}, format="json")
    assert acted.status_code == 200, acted.content
    resigned = client.post(reverse("games:api-match-resign", args=[match["id"]]),
                           {"version": acted.json()["version"]}, format="json")
    assert resigned.status_code == 200 and resigned.json()["outcome"]
    first = client.get(review_url)
    assert first.status_code == 200, first.content
    body = first.json()
    assert body["id"] == match["id"] and body["cached"] is False and body["outcome"]["how"] == "resign"
    [move] = body["moves"]
    assert move["mark"] == "blunder" and move["best"] == "7→9*" and move["entries"] == [1, 1]
    again = client.get(review_url)
    assert again.json()["cached"] is True and again.json()["moves"] == body["moves"]
    over = client.get(estimate_url).json()
    assert over["available"] is False and over["reason"] == "the game is over"
    unknown = client.get(reverse("games:api-match-review", args=["nosuchmatch2"]))
    assert unknown.status_code == 404 and unknown.json()["code"] == "not_found"
    assert client.get(reverse("games:api-match-estimate", args=["nosuchmatch2"])).status_code == 404


@pytest.mark.django_db
def test_reviews_and_estimates_are_counted_per_address(settings):
    settings.PLAY_DICE_SEED = "tests"
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**rates, "play": None, "review": "2/minute",
                                                          "estimate": "3/minute"}}
    cache.clear()
    client = APIClient()
    made = client.post(reverse("games:api-matches"), {"variant": "tables.backgammon", "opponent": "hotseat",
                                                      "options": {"match_to": 1}}, format="json").json()
    estimate_url = reverse("games:api-match-estimate", args=[made["id"]])
    answers = [client.get(estimate_url) for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert answers[0].json()["available"] and len(answers[0].json()["win_chance"]) == 2
    assert answers[3].json()["code"] == "throttled" and "Retry-After" in answers[3]
    review_url = reverse("games:api-match-review", args=[made["id"]])
    assert [client.get(review_url).status_code for _ in range(3)] == [400, 400, 429]
