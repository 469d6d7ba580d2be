"""The play path's prepared statements (core/prepared.py) and its addresses without reverse()
(core/paths.py)."""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse, set_script_prefix

from core.paths import path_for
from core.prepared import prepared_cursor
from tests.games.test_play_api import _fixed_dice_and_no_throttle, create, race  # noqa: F401  (fixtures)
from tests.games.test_play_limits import rates


def prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return sorted(row[0] for row in cursor.fetchall())


def steps(data, alice, count: int, version: int) -> int:
    """``count`` steps from ``version``, each taken back after it (the same statements every
    time); the version after them."""
    step = [a for a in data["legal_actions"] if "step" in a][0]
    for _ in range(count):
        body = alice.act(data["id"], step, version, log_from=len(data["log"])).json()
        assert body.get("version") == version + 1, body
        version = alice.act(data["id"], {"undo": True}, body["version"]).json()["version"]
    return version


@pytest.mark.postgres
@pytest.mark.django_db
def test_a_steps_statements_are_prepared_once_and_reused(race, settings):
    settings.THROTTLE_STORE = "database"
    rates(settings, play="1000/minute")
    data, alice = create(variant=race, opponent="hotseat")
    before = prepared_statements()
    with CaptureQueriesContext(connection) as queries:
        version = steps(data, alice, 1, data["version"])
    made = [s for s in prepared_statements() if s not in before]
    # The read of the match, the write of a step with its count (an undo's write drops an
    # entry: its own), and the read of the log (the undo replays its turn's steps).
    assert any(s.startswith('SELECT "id"') and 'FROM "games_match" WHERE' in s for s in made), made
    assert any(s.startswith('WITH "hit" AS (INSERT') and '"moved" AS (UPDATE' in s for s in made), made
    assert any(s.startswith('SELECT "side"') and 'FROM "games_matchaction"' in s for s in made), made
    # Django's query log still shows each statement's text.
    assert all(q["sql"] for q in queries.captured_queries), queries.captured_queries
    steps(data, alice, 3, version)
    assert prepared_statements() == sorted(before + made)  # the same ones again, nothing new


@pytest.mark.postgres
@pytest.mark.django_db
def test_pg_prepare_off_prepares_nothing(race, settings):
    settings.THROTTLE_STORE = "database"
    settings.PG_PREPARE = False
    rates(settings, play="1000/minute")
    data, alice = create(variant=race, opponent="hotseat")
    before = prepared_statements()
    steps(data, alice, 2, data["version"])
    assert prepared_statements() == before


@pytest.mark.django_db
def test_a_prepared_cursor_answers_as_a_plain_one():
    # On SQLite it is Django's own cursor; on PostgreSQL a server-binding one: the same answers,
    # the same errors.
    from django.db import DatabaseError

    for value in (1, 2, 2**40, None):
        with prepared_cursor() as cursor:
            cursor.execute("SELECT %s, %s", [value, "x"])
            assert cursor.fetchone() == (value, "x")
    with pytest.raises(DatabaseError), prepared_cursor() as cursor:
        cursor.execute("SELECT * FROM no_such_table_here")


@pytest.mark.parametrize("prefix", ["/", "/archive/"])
@pytest.mark.parametrize("key", ["abc123", "x_y-z", "with space", "ü", "a/b"])
def test_path_for_is_reverse(prefix, key):
    from django.urls import NoReverseMatch

    set_script_prefix(prefix)
    try:
        for name in ("games:api-match", "games:match"):
            try:
                expected = reverse(name, args=[key])
            except NoReverseMatch:
                with pytest.raises(NoReverseMatch):
                    path_for(name, key)
            else:
                assert path_for(name, key) == expected
    finally:
        set_script_prefix("/")
