"""/healthz/ and /readyz/: answered for a probe whatever its Host or scheme, never cached, never
throttled, and a database that does not answer makes the process not ready (503)."""
from __future__ import annotations

import pytest
from django.db import DatabaseError
from django.test import override_settings


def test_liveness_answers_without_the_database(client):
    # No django_db mark: pytest-django makes any database access here an error.
    response = client.get("/healthz/")
    assert response.status_code == 200
    assert response.content == b"ok\n"
    assert response["Cache-Control"] == "no-store"
    assert response["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'"
    assert response["X-Content-Type-Options"] == "nosniff"


@pytest.mark.django_db
def test_readiness_asks_the_database():
    from django.test import Client

    response = Client().get("/readyz/")
    assert response.status_code == 200
    assert response.json() == {"ready": True, "database": "ok"}


@pytest.mark.django_db
def test_readiness_is_503_naming_the_part_when_the_database_fails(client, monkeypatch):
    from core import health

    class Broken:
        def cursor(self):
            raise DatabaseError("could not connect to server at 10.0.0.3 as user secret")

    monkeypatch.setattr(health, "connections", {"default": Broken()})
    response = client.get("/readyz/")
    assert response.status_code == 503
    assert response.json() == {"ready": False, "database": "unavailable"}
    assert b"10.0.0.3" not in response.content and b"secret" not in response.content


@override_settings(ALLOWED_HOSTS=["archive.example.org"], SECURE_SSL_REDIRECT=True)
def test_a_probe_by_address_over_plain_http_is_answered(client):
    # A load balancer asks by the instance's address, over HTTP behind the TLS proxy.
    assert client.get("/healthz/", HTTP_HOST="10.0.0.7").status_code == 200
    # Every other path still refuses the unknown host.
    assert client.get("/", HTTP_HOST="10.0.0.7").status_code == 400


@override_settings(PAGE_ANON_RATE="2/minute")
def test_probes_are_not_throttled(client):
    for _ in range(10):
        assert client.get("/healthz/").status_code == 200


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_only_get_and_head(client, method):
    response = getattr(client, method)("/healthz/")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"
    assert client.head("/healthz/").status_code == 200
