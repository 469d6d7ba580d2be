"""The README's production configuration: it starts only with a real key, passes Django's
deployment checks, collects its static files, and serves uploaded images."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parent.parent.parent
# The README's production environment.
PRODUCTION = {
    "DEBUG": "0", "HTTPS": "1", "ALLOWED_HOSTS": "games.example.org",
    "SECRET_KEY": "Zq8vT2pL0xR6wN4bM1cJ9hG5fD3sA7kY-_uE8iO2rW6tQ4nB0mV1cX3zL9jH7gF5",
}


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # The suite's own settings (conftest's DJANGO_ALLOW_ASYNC_UNSAFE for Playwright) are not production's.
    unset = {"SECRET_KEY", "DEBUG", "HTTPS", "PYTEST_CURRENT_TEST", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {k: v for k, v in os.environ.items() if k not in unset}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env={**clean, **env}, capture_output=True, text=True, timeout=120
    )


def test_production_refuses_to_start_without_a_secret_key():
    done = manage("check", env={"DEBUG": "0"})
    assert done.returncode != 0
    assert "ImproperlyConfigured: SECRET_KEY is not set" in done.stderr


def test_production_refuses_the_published_development_key():
    from django.conf import settings

    done = manage("check", env={"DEBUG": "0", "SECRET_KEY": settings.DEVELOPMENT_SECRET_KEY})
    assert done.returncode != 0
    assert "published development key" in done.stderr


def test_development_runs_on_the_development_key_and_check_deploy_names_it():
    done = manage("check", "--deploy", env={"DEBUG": "1"})
    assert "security.W009" in done.stdout + done.stderr


def test_check_deploy_is_clean_in_the_readme_production_environment():
    done = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_vendored_scripts_name_no_source_map_that_is_not_vendored():
    # CompressedManifestStaticFilesStorage aborts collectstatic on a reference to a missing file.
    for script in (ROOT / "static").rglob("*.js"):
        for name in re.findall(r"sourceMappingURL=(\S+)", script.read_text(encoding="utf-8", errors="replace")):
            assert (script.parent / name).exists(), f"{script} names {name}, which is not vendored"


def test_collectstatic_succeeds_with_the_manifest_storage(tmp_path):
    done = manage("collectstatic", "--noinput", env={**PRODUCTION, "STATIC_ROOT": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "staticfiles.json").exists()


@pytest.mark.django_db
class TestMediaServing:
    def test_a_stored_image_is_served(self, settings, tmp_path):
        settings.MEDIA_ROOT = tmp_path
        (tmp_path / "thumbs").mkdir()
        (tmp_path / "thumbs" / "0123456789abcdef.jpg").write_bytes(b"\xff\xd8\xff\xd9")
        response = Client().get("/media/thumbs/0123456789abcdef.jpg")
        assert response.status_code == 200
        assert response["Content-Type"] == "image/jpeg"
        assert b"".join(response.streaming_content) == b"\xff\xd8\xff\xd9"

    @pytest.mark.parametrize(
        "path", ["thumbs/missing0000000000.jpg", "../config/settings.py", "thumbs/../../manage.py", "media/x.png", "db.sqlite3"]
    )
    def test_nothing_but_stored_image_names_is_served(self, settings, tmp_path, path):
        settings.MEDIA_ROOT = tmp_path
        assert Client().get(f"/media/{path}").status_code == 404


def test_postgresql_connections_start_no_parallel_workers_unless_asked(monkeypatch):
    from django.core.exceptions import ImproperlyConfigured

    from config.settings import database_from_url

    monkeypatch.delenv("PG_PARALLEL_WORKERS", raising=False)
    assert database_from_url("postgres://u@db/archive")["OPTIONS"] == {"options": "-c max_parallel_workers_per_gather=0"}
    monkeypatch.setenv("PG_PARALLEL_WORKERS", "2")
    assert database_from_url("postgres://u@db/archive")["OPTIONS"]["options"] == "-c max_parallel_workers_per_gather=2"
    # Options written in the URL are used as given.
    given = database_from_url("postgres://u@db/archive?options=-c%20work_mem%3D64MB&sslmode=require")["OPTIONS"]
    assert given == {"options": "-c work_mem=64MB", "sslmode": "require"}
    monkeypatch.setenv("PG_PARALLEL_WORKERS", "many")
    with pytest.raises(ImproperlyConfigured, match="PG_PARALLEL_WORKERS must be a whole number, got 'many'"):
        database_from_url("postgres://u@db/archive")
    assert "OPTIONS" not in database_from_url("sqlite:///x.db")


@pytest.mark.postgres
@pytest.mark.django_db
def test_the_apps_postgresql_connection_plans_no_parallel_workers():
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW max_parallel_workers_per_gather")
        assert cursor.fetchone()[0] == "0"
