"""A researcher asks for a simulation run from a ruleset's page in Chromium, watches its progress
and reads its result; a real Celery worker (in this process, through the on-disk broker a fresh
install uses) plays the chunks meanwhile (issue 39)."""
from __future__ import annotations

import pytest

from config import celery_app
from games.models import SimulationJob


@pytest.fixture
def worker(settings, tmp_path, transactional_db):
    from celery import Celery
    from celery.contrib.testing.worker import start_worker

    import games.tasks  # noqa: F401  (the task registers with every app)

    settings.SIMULATION_CHUNK_GAMES = {"random": 40, "strong": 1}
    settings.SIMULATION_QUEUE_DIR = tmp_path
    app = Celery("browser-simulations", set_as_current=True)
    app.config_from_object("django.conf:settings", namespace="CELERY")
    app.conf.update(CELERY_BROKER_URL="filesystem://", CELERY_TASK_ALWAYS_EAGER=False,
                    CELERY_BROKER_TRANSPORT_OPTIONS={"data_folder_in": str(tmp_path), "data_folder_out": str(tmp_path), "control_folder": str(tmp_path / "control")})
    try:
        with start_worker(app, pool="threads", concurrency=1, perform_ping_check=False, shutdown_timeout=30):
            yield app
    finally:
        celery_app.set_current()


def test_a_run_is_started_from_the_ruleset_page_followed_and_read(page, live_server, worker, artifacts_dir):
    from archive.models import Game, Ruleset

    game = Game.objects.create(slug="royal-game-of-ur", name="Royal Game of Ur")
    ruleset = Ruleset.objects.create(game=game, name="Finkel", slug="finkel", variant="race.ur", options={})
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.get_by_text("Run a simulation of your own").click()
    form = page.locator(f"#simulation-{ruleset.slug} form.simulation-form")
    form.locator("input[name=games]").fill("400")
    form.get_by_role("button", name="Start the run").click()
    page.wait_for_url("**/simulations/*/")
    job = SimulationJob.objects.get()
    assert page.url.endswith(f"/simulations/{job.pk}/")
    # The progress bar moves while the worker plays, then the page shows the result.
    page.wait_for_selector("table.simulation-table", timeout=120_000)
    assert page.locator("[data-job-count]").inner_text() == "400 of 400 games played"
    assert page.locator("[data-job-status]").inner_text() == "Done"
    table = page.locator("table.simulation-table").inner_text()
    assert "This run" in table
    job.refresh_from_db()
    concepts = job.result.metrics["concepts"]  # the play concepts, read on the run's page
    assert "Branching factor (legal choices per decision)" in table and f"{concepts['branching']['mean']:g}" in table
    assert "Lead changes per game" in table and f"{concepts['lead_changes']['per_game']:g}" in table
    page.screenshot(path=str(artifacts_dir / "simulation-run.png"), full_page=True)
    # The same request from the page again is the same run.
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.get_by_text("Run a simulation of your own").click()
    form.locator("input[name=games]").fill("400")
    form.get_by_role("button", name="Start the run").click()
    page.wait_for_url(f"**/simulations/{job.pk}/")
    assert SimulationJob.objects.count() == 1
    assert page.js_errors == []
