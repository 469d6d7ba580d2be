"""Schemathesis generates requests from the OpenAPI schema for every read-only operation of the
research API; none may end in a server error. Kept short: a few examples per operation."""
from __future__ import annotations

import pytest
import schemathesis
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error

from config.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application).include(
    method="GET", path_regex=r"^/api/v1/(evidence|games|rulesets|sources|export)"
)


@pytest.fixture
def archive(db):
    from tests.archive.api_fixtures import ArchiveAPITestCase

    ArchiveAPITestCase.setUpTestData()
    # Requests go straight to the WSGI app, not through Django's test client: keep Django from
    # closing the test's database connection (inside its transaction) at each request, as the
    # test client does.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
def test_no_read_request_is_a_server_error(case, archive):
    cache.clear()  # anonymous throttling would answer 429 before the code under test runs
    case.call_and_validate(checks=[not_a_server_error])
