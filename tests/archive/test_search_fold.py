"""SQLite's accent folding (archive_fold) is registered when a connection opens, not before each
search: registering it while another statement was still running on the connection failed with
"Error creating function", which a live test server's thread, sharing the test's in-memory
database, hit at random (a browser test failed in CI that way)."""
from __future__ import annotations

import pytest
from django.db import connection

from archive import selectors
from tests.archive.archive_helpers import make_evidence, make_game


@pytest.mark.django_db
def test_a_search_runs_while_another_statement_is_still_reading_on_the_connection():
    # On both databases; on SQLite it re-registered the folding function, which failed.
    game = make_game(slug="ses-bes", name="Şeş-Beş")
    make_evidence(game, 3, content="Played in the çayhane.")
    assert len(selectors.evidence_filter({"q": "cayhane"})) == 3  # a first search on this connection
    with connection.cursor() as outer:
        # A statement left mid-way: its rows not all read, so it is still active.
        outer.execute("SELECT id FROM archive_evidence")
        outer.fetchone()
        found = list(selectors.evidence_filter({"q": "cayhane"}).values_list("id", flat=True))
    assert len(found) == 3


@pytest.mark.sqlite
@pytest.mark.django_db
def test_every_new_sqlite_connection_can_fold():
    with connection.cursor() as cursor:
        cursor.execute("SELECT archive_fold(%s)", ["ŞEŞ-BEŞ"])
        assert cursor.fetchone() == ("ses-bes",)
