"""Schemathesis generates requests from the OpenAPI schema for every operation of the research
API and the play API, anonymously and as a curator with a token (who may write and delete);
none may end in a server error, and every answer must be what the schema says: a documented
status, a documented content type, a body and headers that fit the schema (an outside check
found 122 such mismatches: undocumented 400/401/403/404/429, HTML 404s under /api/, errors in
formats the schema did not name). Kept short: a few examples per operation."""
from __future__ import annotations

import pytest
import schemathesis
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test.utils import override_settings
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application

# Loaded as the module is collected, before any test database exists: the vocabularies' names,
# which the schema reads from the database, are left out of this copy (their enums are checked
# in test_api_schema.py); the fixed lists (types, continents, periods) are in.
with override_settings(SCHEMA_VOCABULARY_ENUMS=False):
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
reads = schema.include(method="GET", path_regex=r"^/api/v1/")
everything = schema.include(path_regex=r"^/api/v1/")


@pytest.fixture
def archive(db):
    from tests.archive.api_fixtures import ArchiveAPITestCase

    ArchiveAPITestCase.setUpTestData()
    # Requests go straight to the WSGI app, not through Django's test client: keep Django from
    # closing the test's database connection (inside its transaction) at each request, as the
    # test client does.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield ArchiveAPITestCase
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def curator_token(archive) -> str:
    from django.contrib.auth.models import User

    from core.models import ApiToken

    curator = User.objects.create(username="fuzz-curator", is_superuser=True, is_staff=True)
    return ApiToken.issue(user=curator)[1]


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          response_headers_conformance]
# Sent as a client that does not take gzip: the app compresses for those that do, and the WSGI
# transport hands schemathesis the compressed bytes.
PLAIN = {"Accept-Encoding": "identity"}
FUZZ = settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])


@reads.parametrize()
@FUZZ
def test_no_anonymous_read_is_a_server_error_or_breaks_the_schema(case, archive):
    cache.clear()  # anonymous throttling would answer 429 before the code under test runs
    case.call_and_validate(headers=PLAIN, checks=CHECKS)


@everything.parametrize()
@settings(FUZZ, max_examples=4)
def test_no_curator_request_is_a_server_error_or_breaks_the_schema(case, curator_token):
    cache.clear()
    case.call_and_validate(headers={"Authorization": f"Token {curator_token}", **PLAIN}, checks=CHECKS)
