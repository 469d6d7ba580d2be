"""Simulated play as jobs (issue 39): chunks played anywhere merge into the one-process result;
identical requests share a job; the limits refuse clearly and store nothing; real Celery workers
play the chunks through Redis and through the on-disk broker a fresh install uses.
"""
from __future__ import annotations

import os
import socket
from datetime import timedelta

import pytest
from celery import Celery
from django.contrib.auth.models import User
from django.utils import timezone

from config import celery_app
from games import jobs
from games.engine.simulate import simulate
from games.engine.simulate_chunks import play_range, summarize
from games.models import SimulationChunk, SimulationJob, SimulationRun

STABLE = lambda result: {k: v for k, v in result.items() if k != "seconds"}  # noqa: E731


# -- the engine: any cut of the games gives the one-process result ---------------------------------
@pytest.mark.parametrize("key,players,games,cuts", [
    ("race.ur", "random", 30, [0, 7, 18, 30]),
    ("tables.ses-bes", "random", 12, [0, 1, 5, 12]),      # the tables' fast random path
    ("war.alquerque", "random", 9, [0, 4, 9]),            # a rules file
    ("sow.awari", "random", 10, [0, 3, 4, 10]),           # a sowing rules file: seeds taken
    ("war.ludus-latrunculorum-bell-8x7", "random", 6, [0, 2, 6]),  # games cut at the move limit
    ("race.ur-finkel", "random", 6, [0, 5, 6]),           # a race rules file: pieces sent back
    ("mancala.bechi", "strong", 3, [0, 1, 3]),            # a search player (the race games' take minutes)
])
def test_chunks_played_apart_merge_into_the_one_process_result(key, players, games, cuts):
    whole = simulate(key, {}, games=games, seed=11, players=players)
    records = []
    for a, b in reversed(list(zip(cuts, cuts[1:]))):  # played in another order, then put in game order
        records[:0] = play_range(key, {}, seed=11, players=players, start=a, stop=b)
    merged = summarize(key, {}, games=games, seed=11, players=players, records=records, seconds=0)
    assert STABLE(merged) == STABLE(whole)
    # the play concepts are in both, and merged exactly (sums, not averages of the chunks' averages)
    c = merged["concepts"]
    assert c["decisions"]["total"] == sum(r["decisions"] for r in records) > 0
    assert c["branching"]["choices"] == sum(r["choices"] for r in records)
    assert c["captures"]["moves"] == sum(r["captures"] for r in records)
    assert c["lead_changes"]["total"] == sum(r["lead_changes"] for r in records)
    assert c["decisive"]["games"] + c["draws"]["games"] + sum(
        1 for r in records if r["how"] in ("limit", "move-limit") and r["winner"] is not None) == games


def test_a_range_or_a_count_that_does_not_fit_is_refused():
    from games.engine import EngineError

    with pytest.raises(EngineError, match="0 <= start < stop"):
        play_range("race.ur", {}, seed=1, players="random", start=5, stop=5)
    with pytest.raises(EngineError, match="needs 3 records, got 2"):
        summarize("race.ur", {}, games=3, seed=1, players="random", records=[{}, {}], seconds=0)


# -- jobs, with the workers' tasks run in the request's process (eager) ----------------------------
@pytest.fixture(autouse=True)
def queue_folder(settings, tmp_path):
    """Messages no worker reads go to a folder of the test's, never the checkout's."""
    folder = tmp_path / "queue"
    folder.mkdir()
    settings.SIMULATION_QUEUE_DIR = folder
    conf = celery_app.conf
    before = (conf.broker_url, conf.broker_transport_options)
    conf.CELERY_BROKER_URL = "filesystem://"
    conf.CELERY_BROKER_TRANSPORT_OPTIONS = {"data_folder_in": str(folder), "data_folder_out": str(folder), "control_folder": str(folder / "control")}
    yield folder
    conf.CELERY_BROKER_URL, conf.CELERY_BROKER_TRANSPORT_OPTIONS = before


@pytest.fixture
def eager():
    # The app reads Django's CELERY_* settings: its keys keep the prefix.
    celery_app.set_current()
    before = celery_app.conf.task_always_eager
    celery_app.conf.CELERY_TASK_ALWAYS_EAGER = True
    yield
    celery_app.conf.CELERY_TASK_ALWAYS_EAGER = before


@pytest.fixture
def small_chunks(settings):
    settings.SIMULATION_CHUNK_GAMES = {"random": 7, "strong": 1}
    return settings


ANON = jobs.Requester(address="192.0.2.7")


@pytest.mark.django_db
def test_a_job_is_played_in_chunks_and_gives_the_simulations_result(eager, small_chunks, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job, new = jobs.submit(variant="race.ur", options={}, players="random", games=30, seed=4, who=ANON)
    assert new
    job.refresh_from_db()
    assert job.status == "done" and job.chunks == 5 and job.chunks_done == 5 and job.games_done == 30
    run = job.result
    expected = simulate("race.ur", {}, games=30, seed=4, players="random")
    assert run.metrics == {k: v for k, v in STABLE(expected).items()
                           if k not in ("variant", "options", "players", "level", "games", "seed", "engine_version")}
    assert run.engine_version == expected["engine_version"] == job.engine_version
    assert not SimulationChunk.objects.filter(job=job, records__isnull=False).exists()  # kept once, in the result
    # An identical request shares the job; another seed is another job.
    again, new = jobs.submit(variant="race.ur", options={}, players="random", games=30, seed=4, who=ANON)
    assert (again.pk, new) == (job.pk, False)
    other, new = jobs.submit(variant="race.ur", options={}, players="random", games=30, seed=5, who=ANON)
    assert new and other.pk != job.pk


@pytest.mark.django_db
@pytest.mark.parametrize("request_fields,message", [
    ({"variant": "race.nowhere"}, "variant: unknown variant 'race.nowhere'"),
    ({"players": "expert"}, "players: must be one of random, strong, got 'expert'"),
    ({"games": 0}, "games: must be a whole number of at least 1, got 0"),
    ({"games": "10"}, "games: must be a whole number of at least 1, got '10'"),
    ({"games": 2001}, "games: at most 2000 games a request (anonymous), got 2001"),
    ({"seed": -1}, "seed: must be a whole number from 0 to 2^53 - 1, got -1"),
    ({"options": {"no_such_option": 1}}, "options: "),
    ({"options": [1]}, "options: must be an object"),
])
def test_bad_requests_are_refused_naming_the_field_and_store_nothing(request_fields, message):
    fields = {"variant": "race.ur", "options": {}, "players": "random", "games": 10, "seed": 1, **request_fields}
    with pytest.raises(jobs.JobError) as caught:
        jobs.submit(**fields, who=ANON)
    assert str(caught.value).startswith(message)
    assert not SimulationJob.objects.exists() and not SimulationChunk.objects.exists()


@pytest.mark.django_db
def test_the_hourly_budget_of_an_address_and_the_queue_length_are_limits(settings):
    # no worker reads the queue's folder: the jobs wait
    settings.SIMULATION_ANON_BUDGET = 120
    settings.SIMULATION_STRONG_WEIGHT = 25
    jobs.submit(variant="race.ur", players="random", games=100, seed=1, who=ANON)
    with pytest.raises(jobs.JobError, match="costs 25 games of an hourly budget of 120 per address, of which 100 are spent") as caught:
        jobs.submit(variant="race.ur", players="strong", games=1, seed=1, who=ANON)
    assert caught.value.code == "budget"
    jobs.submit(variant="race.ur", players="random", games=20, seed=2, who=ANON)  # exactly the budget
    # another address has its own budget; a curator has none and goes ahead of the queue
    jobs.submit(variant="race.ur", players="random", games=100, seed=3, who=jobs.Requester(address="192.0.2.8"))
    curator = User.objects.create_user("cur", is_staff=True)
    job, _ = jobs.submit(variant="race.ur", players="random", games=5000, seed=4, who=jobs.Requester(user=curator, address="192.0.2.7"))
    assert job.curator and job.cost == 0 and job.requested_by == curator
    settings.SIMULATION_QUEUE_MAX = 4
    with pytest.raises(jobs.JobError, match=r"the queue is full \(4 runs waiting or running\)") as caught:
        jobs.submit(variant="race.ur", players="random", games=10, seed=9, who=jobs.Requester(user=curator))
    assert caught.value.code == "queue_full"
    assert SimulationJob.objects.count() == 4


@pytest.mark.django_db
def test_a_cancelled_or_expired_job_is_not_played_and_a_new_request_starts_afresh(settings):
    job, _ = jobs.submit(variant="race.ur", players="random", games=10, seed=1, who=ANON)
    assert jobs.cancel(job) and not jobs.cancel(job)
    assert jobs.run_chunk(job.pk, 0) == "job cancelled"
    again, new = jobs.submit(variant="race.ur", players="random", games=10, seed=1, who=ANON)
    assert new and again.pk != job.pk
    SimulationJob.objects.filter(pk=again.pk).update(created=timezone.now() - timedelta(hours=settings.SIMULATION_EXPIRE_HOURS + 1))
    assert jobs.expire_stale() == 1
    assert SimulationJob.objects.get(pk=again.pk).status == "expired"
    assert jobs.run_chunk(again.pk, 0) == "job expired"


@pytest.mark.django_db
def test_a_chunk_played_twice_counts_once(eager, small_chunks):
    celery_app.conf.CELERY_TASK_ALWAYS_EAGER = False
    job, _ = jobs.submit(variant="race.ur", players="random", games=10, seed=2, who=ANON)  # waits: nobody reads the folder
    assert jobs.run_chunk(job.pk, 0) == "played"
    assert jobs.run_chunk(job.pk, 0) == "already played"
    job.refresh_from_db()
    assert (job.status, job.chunks_done, job.games_done) == ("running", 1, 7)
    assert jobs.run_chunk(job.pk, 1) == "played"
    job.refresh_from_db()
    assert job.status == "done" and job.games_done == 10
    assert STABLE(job.result.metrics) == STABLE({k: v for k, v in simulate("race.ur", {}, games=10, seed=2).items()
                                                 if k in job.result.metrics})


# -- real workers: Celery's worker in this process, through Redis and through the folder broker ----
def _redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


def _worker_app(broker: str, options: dict | None = None) -> Celery:
    app = Celery("test-simulations", set_as_current=True)
    app.config_from_object("django.conf:settings", namespace="CELERY")
    app.conf.update(CELERY_BROKER_URL=broker, CELERY_TASK_ALWAYS_EAGER=False,
                    CELERY_BROKER_TRANSPORT_OPTIONS=options or {}, CELERY_TASK_DEFAULT_QUEUE="simulations")
    return app


def _play_through(app: Celery, small_chunks) -> SimulationJob:
    from celery.contrib.testing.worker import start_worker

    import games.tasks  # noqa: F401  (the task registers with every app)

    try:
        with start_worker(app, pool="threads", concurrency=2, perform_ping_check=False, shutdown_timeout=30):
            job, new = jobs.submit(variant="race.ur", players="random", games=30, seed=6, who=ANON)
            assert new
            deadline = timezone.now() + timedelta(seconds=60)
            while timezone.now() < deadline:
                job.refresh_from_db()
                if job.status == "done":
                    break
                import time

                time.sleep(0.2)
    finally:
        celery_app.set_current()
    assert job.status == "done", job.status
    expected = simulate("race.ur", {}, games=30, seed=6)
    assert job.result.metrics["first_player"] == expected["first_player"]
    assert job.result.metrics["turns"] == expected["turns"]
    return job


@pytest.mark.django_db(transaction=True)
def test_real_workers_play_a_job_through_redis(small_chunks):
    if not _redis_up():
        if os.environ.get("CI"):
            pytest.fail("Redis is not reachable on 127.0.0.1:6379; CI runs the job tests with a real broker")
        pytest.skip("no Redis on 127.0.0.1:6379")
    job = _play_through(_worker_app("redis://127.0.0.1:6379/14"), small_chunks)
    assert job.chunks == 5


@pytest.mark.django_db(transaction=True)
def test_real_workers_play_a_job_through_the_folder_broker_a_fresh_install_uses(small_chunks, tmp_path):
    small_chunks.SIMULATION_QUEUE_DIR = tmp_path
    small_chunks.CELERY_BROKER_URL = "filesystem://"
    app = _worker_app("filesystem://", {"data_folder_in": str(tmp_path), "data_folder_out": str(tmp_path), "control_folder": str(tmp_path / "control")})
    job = _play_through(app, small_chunks)
    assert job.chunks == 5


# -- the API and the pages -------------------------------------------------------------------------
@pytest.fixture
def ur_ruleset(db):
    from archive.models import Game, Ruleset

    game = Game.objects.create(slug="royal-game-of-ur", name="Royal Game of Ur")
    return Ruleset.objects.create(game=game, name="Finkel", slug="finkel", variant="race.ur", options={})


@pytest.mark.django_db
def test_the_api_creates_shares_lists_and_cancels_runs(client, ur_ruleset, settings):
    r = client.post("/api/v1/simulations/", {"ruleset": ur_ruleset.pk, "games": 20, "seed": 3}, content_type="application/json")
    assert r.status_code == 201, r.content
    body = r.json()
    assert body["status"] == "queued" and body["variant"] == "race.ur" and body["games_done"] == 0
    assert body["url"].endswith(f"/simulations/{body['id']}/") and body["result"] is None
    again = client.post("/api/v1/simulations/", {"variant": "race.ur", "games": 20, "seed": 3}, content_type="application/json")
    assert again.status_code == 200 and again.json()["id"] == body["id"]  # the same request: the same run
    listed = client.get(f"/api/v1/simulations/?ruleset={ur_ruleset.pk}").json()
    assert [j["id"] for j in listed] == [body["id"]]
    assert client.get("/api/v1/simulations/?variant=race.senet").json() == []
    assert client.get(f"/api/v1/simulations/{body['id']}/").json()["chunks"] == 1
    # Only whoever asked (the same address), or a curator, cancels; once.
    other = client.post(f"/api/v1/simulations/{body['id']}/cancel/", REMOTE_ADDR="192.0.2.99")
    assert other.status_code == 403 and "only whoever asked" in other.json()["reason"]
    ok = client.post(f"/api/v1/simulations/{body['id']}/cancel/")
    assert ok.status_code == 200 and ok.json()["status"] == "cancelled"
    assert client.post(f"/api/v1/simulations/{body['id']}/cancel/").status_code == 409


@pytest.mark.django_db
@pytest.mark.parametrize("body,status,reason", [
    ({"variant": "race.ur", "games": 0}, 400, "games: must be a whole number of at least 1, got 0"),
    ({"variant": "race.ur", "players": "gods"}, 400, "players: must be one of random, strong"),
    ({"variant": "race.ur", "colour": "red"}, 400, "colour: unknown field"),
    ({"games": 5}, 400, "variant: give a variant key or a ruleset id"),
    ({"ruleset": 999999}, 404, "ruleset: no ruleset 999999"),
    ({"ruleset": "1"}, 400, "ruleset: must be a ruleset id, got '1'"),
    ([1, 2], 400, "the body must be a JSON object"),
])
def test_the_api_refuses_bad_requests_naming_the_field(client, body, status, reason):
    r = client.post("/api/v1/simulations/", body, content_type="application/json")
    assert r.status_code == status and r.json()["reason"].startswith(reason), r.content
    assert not SimulationJob.objects.exists()
    assert client.get("/api/v1/simulations/nosuchrun/").status_code == 404
    assert client.get("/api/v1/simulations/?ruleset=x").status_code == 400


@pytest.mark.django_db
def test_the_api_answers_a_spent_budget_with_429_and_a_full_queue_with_503(client, settings):
    settings.SIMULATION_ANON_BUDGET = 30
    assert client.post("/api/v1/simulations/", {"variant": "race.ur", "games": 30}, content_type="application/json").status_code == 201
    r = client.post("/api/v1/simulations/", {"variant": "race.ur", "games": 1, "seed": 2}, content_type="application/json")
    assert r.status_code == 429 and r.json()["code"] == "budget"
    settings.SIMULATION_QUEUE_MAX = 1
    r = client.post("/api/v1/simulations/", {"variant": "race.ur", "games": 1, "seed": 3}, content_type="application/json",
                    REMOTE_ADDR="192.0.2.50")
    assert r.status_code == 503 and r.json()["code"] == "queue_full"


@pytest.mark.django_db
def test_a_run_asked_for_from_the_ruleset_page_is_followed_and_compared(client, ur_ruleset, eager, small_chunks,
                                                                         django_capture_on_commit_callbacks):
    page = client.get(ur_ruleset.game.get_absolute_url()).content.decode()
    assert "Run a simulation of your own" in page and 'name="opt:capture"' in page
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post("/simulations/new/", {"ruleset": ur_ruleset.pk, "players": "random", "games": "15", "seed": "2",
                                              "opt:capture": "true", "opt:extra_throw_rosettes": "all"})
    assert r.status_code == 302
    job = SimulationJob.objects.get()
    assert r["Location"] == job.get_absolute_url() and job.status == "done" and job.options["capture"] is True
    html = client.get(r["Location"]).content.decode()
    assert "15 of 15 games played" in html and 'class="simulation-table"' in html and "This run" in html
    c = job.result.metrics["concepts"]  # the play concepts, on the run's own page
    assert "Branching factor (legal choices per decision)" in html and f"<td>{c['branching']['mean']:g}</td>" in html
    assert "Lead changes per game" in html and c["captures"]["moves"] > 0
    api = client.get(f"/api/v1/simulations/{job.pk}/").json()
    assert api["result"]["concepts"] == c
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/simulations/new/", {"ruleset": ur_ruleset.pk, "players": "random", "games": "15", "seed": "2",
                                          "opt:extra_throw_rosettes": "all"})  # capture unticked: off
    other = SimulationJob.objects.exclude(pk=job.pk).get()
    assert other.options["capture"] is False
    assert other.result.metrics["concepts"]["captures"]["moves"] == 0  # no capture clause: nothing is sent back
    compared = client.get(f"/simulations/compare/?a={job.pk}&b={other.pk}").content.decode()
    assert f"Run {job.pk}" in compared and f"Run {other.pk}" in compared and "<code>capture</code>" in compared
    bad = client.post("/simulations/new/", {"ruleset": ur_ruleset.pk, "players": "random", "games": "many", "seed": "2"})
    assert bad.status_code == 400 and "games: must be a whole number, got &#x27;many&#x27;" in bad.content.decode()
    assert client.get("/simulations/compare/?a=x&b=y").status_code == 404


@pytest.mark.django_db
def test_the_shipped_results_are_regenerated_by_one_command_that_runs_jobs(eager, small_chunks, monkeypatch, tmp_path):
    import io
    import json

    from django.core.management import call_command

    from games.simulation import Target

    monkeypatch.setattr("archive.management.commands.simulate_ruleset.catalogue_targets",
                        lambda: [Target("race.ur", {}, "Ur"), Target("mancala.bechi", {}, "Béchi"),
                                 Target("sow.awari", {}, "Awari")])
    # The test's transaction never commits: send each job's chunks at once (the eager "workers"
    # play them on this connection, which sees the rows).
    monkeypatch.setattr("games.jobs.transaction.on_commit", lambda send: send())
    out = io.StringIO()
    path = tmp_path / "simulations.json"
    call_command("simulate_ruleset", "--catalogue", "--jobs", "--games", "12", "--write", str(path), stdout=out)
    assert "3 runs played as jobs" in out.getvalue()
    rows = {row["variant"]: row for row in json.loads(path.read_text())}
    fields = ("turns", "first_player", "outcomes", "events", "concepts", "engine_version")
    for key in ("race.ur", "mancala.bechi", "sow.awari"):
        expected = simulate(key, {}, games=12, seed=2026)
        assert {k: rows[key][k] for k in fields} == {k: expected[k] for k in fields}
    assert SimulationJob.objects.filter(status="done").count() == 3


@pytest.mark.django_db
def test_a_failed_run_is_named_and_the_others_are_still_written(eager, small_chunks, monkeypatch, tmp_path):
    import io
    import json

    from django.core.management import CommandError, call_command

    from games.engine import EngineError
    from games.simulation import Target

    monkeypatch.setattr("archive.management.commands.simulate_ruleset.catalogue_targets",
                        lambda: [Target("race.ur", {}, "Ur"), Target("sow.awari", {}, "Awari")])
    monkeypatch.setattr("games.jobs.transaction.on_commit", lambda send: send())
    real = jobs.play_range

    def broken(key, *args, **kwargs):
        if key == "sow.awari":
            raise EngineError("a simulated game did not end within 20000 actions")
        return real(key, *args, **kwargs)

    monkeypatch.setattr("games.jobs.play_range", broken)
    path = tmp_path / "simulations.json"
    with pytest.raises(CommandError, match=r"1 runs failed and are not in the results: Awari \[random\]: the run ended failed"):
        call_command("simulate_ruleset", "--catalogue", "--jobs", "--games", "8", "--write", str(path),
                     stdout=io.StringIO(), stderr=io.StringIO())
    assert [row["variant"] for row in json.loads(path.read_text())] == ["race.ur"]


@pytest.mark.django_db
def test_the_catalogue_names_each_rules_file_by_the_ruleset_it_plays():
    from archive.models import Game, Ruleset
    from archive.simulations import catalogue_targets, rules_file_targets
    from games.engine import get_variant, variants

    game = Game.objects.create(slug="awari-test", name="Awari")
    Ruleset.objects.create(game=game, name="Default", slug="default", variant="sow.awari")
    targets = {t.variant: t for t in rules_file_targets()}
    assert set(targets) == {k for k in variants() if get_variant(k).family == "rules"}
    assert targets["sow.awari"].label == "awari-test/default"
    assert targets["line.tic-tac-toe"].label == "line.tic-tac-toe"  # linked to no ruleset here: its key
    assert {t.variant for t in catalogue_targets()} >= set(targets)
    assert not {t.variant for t in catalogue_targets(rules_files=False)} & set(targets)
