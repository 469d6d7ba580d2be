"""Cursors for the few statements a site runs on every request of its busiest path, planned once
per connection on PostgreSQL instead of on every request.

Django's PostgreSQL backend binds parameters on the client (psycopg's ClientCursor: the values
are written into the SQL text) and turns psycopg's automatic preparation off, so that poolers in
transaction mode keep working. For the play path's statements (the throttle's count with the
match read, a move's one-statement write) the server then parses and plans the same text each
time. ``prepared_cursor`` gives those statements a server-binding cursor that prepares them on
first use: later executions send only the statement's name and the values. Everything else on
the site keeps Django's defaults.

A prepared statement lives in its connection: it goes with the connection (CONN_MAX_AGE,
a health check failing), and psycopg forgets it then too. Behind a pooler in transaction mode
(PgBouncer before 1.21) a prepared name may not reach the same server connection: set
``PG_PREPARE=0`` there and these statements run as every other. Elsewhere (SQLite) the cursor is
Django's own.
"""
from __future__ import annotations

from functools import cache
from typing import Any

from django.conf import settings
from django.db import connections


class _Shown:
    """What a prepared execution leaves where psycopg keeps the last query it sent as text."""

    __slots__ = ("query", "params")

    def __init__(self, query: bytes):
        self.query, self.params = query, None


@cache
def _preparing_cursor() -> type:
    """Django's server-binding cursor, asking psycopg to prepare every statement it runs."""
    from django.db.backends.postgresql.base import ServerBindingCursor

    class Preparing(ServerBindingCursor):
        def execute(self, query, params=None, *, prepare=None, binary=None):
            self._query = None
            done = super().execute(query, params, prepare=True, binary=binary)
            if self._query is None:
                # psycopg records the query only when it sends its text; Django's query log
                # (and tests counting queries) read it from there.
                self._query = _Shown(query.encode() if isinstance(query, str) else bytes(query))
            return done

    return Preparing


def prepared_cursor(using: str = "default"):
    """A cursor like ``connections[using].cursor()`` (Django's wrapper: queries are logged and
    captured as usual) whose statements PostgreSQL prepares once per connection."""
    connection = connections[using]
    if connection.vendor != "postgresql" or not settings.PG_PREPARE:
        return connection.cursor()
    from django.db.backends.postgresql.psycopg_any import register_tzloader
    from psycopg.pq import Format
    from psycopg.postgres import types

    connection.close_if_health_check_failed()
    connection.ensure_connection()
    with connection.wrap_database_errors:
        raw = connection.connection
        if raw.prepare_threshold is None:
            # psycopg prepares nothing, asked or not, while the threshold is None (the backend's
            # default). A threshold no statement reaches: only these cursors' statements, which
            # ask, are prepared (a ClientCursor's never are).
            raw.prepare_threshold = 1 << 30
        cursor = _preparing_cursor()(raw)
        # As the backend's create_cursor: the session's time zone for timestamptz values.
        loader = raw.adapters.get_loader(types["timestamptz"].oid, Format.TEXT)
        if connection.timezone != loader.timezone:
            register_tzloader(connection.timezone, cursor)
        return connection._prepare_cursor(cursor)


_CONVERTERS: dict[tuple[str, str, str], tuple[list, Any]] = {}


def field_converters(connection, model, field) -> tuple[list, Any]:
    """The ORM's converters for ``model``'s ``field`` read by plain SQL (JSON is parsed by its
    field, SQLite's datetimes made aware), and the column they take: looked up once per database
    and field. ``convert_row`` applies them."""
    key = (connection.vendor, model._meta.label, field.name)
    found = _CONVERTERS.get(key)
    if found is None:
        col = field.get_col(model._meta.db_table)
        found = _CONVERTERS[key] = (connection.ops.get_db_converters(col) + col.get_db_converters(connection), col)
    return found


def row_converters(connection, model, fields) -> list[tuple[int, list, Any]]:
    """For a plain SELECT of ``fields`` (in that order): (position, converters, column) of each
    field that has converters."""
    out = []
    for i, f in enumerate(fields):
        found, col = field_converters(connection, model, f)
        if found:
            out.append((i, found, col))
    return out


def convert_row(connection, row, converters) -> list:
    """``row`` (a plain SELECT's) with each column as the ORM would have it (``row_converters``)."""
    values = list(row)
    for i, found, col in converters:
        for convert in found:
            values[i] = convert(values[i], col, connection)
    return values
