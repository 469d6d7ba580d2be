"""Schemathesis generates requests from the OpenAPI schema for every read-only operation of the
research API; none may end in a server error. Kept short: a few examples per operation."""
from __future__ import annotations

import pytest
import schemathesis
from django.core.cache import cache
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from config.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application).include(
    method="GET", path_regex=r"^/api/v1/(evidence|games|rulesets|sources|export)"
)


@pytest.fixture
def archive(db):
    from tests.archive.api_fixtures import ArchiveAPITestCase

    ArchiveAPITestCase.setUpTestData()


@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_read_request_is_a_server_error(case, archive):
    cache.clear()  # anonymous throttling would answer 429 before the code under test runs
    case.call_and_validate(checks=[not_a_server_error])
