"""Each evidence record's entry in the API's list, kept as JSON text (EvidenceDocument), so a list
page is its records' stored documents joined, not a page of records rebuilt from six queries.

Correctness rests on data versions, not on timing:

* a reader reads the data version (and DataVersion.documents_floor) *before* it reads a record's
  data, and stores the document it builds as ``built`` at that version;
* every write to a record, its places or its vocabulary and source links stamps the record's
  document row ``changed`` with the version the write produced (``stamp``, called by
  archive.signals after the bump), creating the row if it is missing;
* a write that may change any document without naming which (a source or game renamed, a bulk
  import, a queryset update: whatever calls archive.services.archive_changed) raises the floor
  to its version instead.

A document is served only when ``built >= changed`` and ``built >= floor``: one built from data
read before a write, or while it was being committed, was built at a version older than the
write's stamp, so it is rebuilt. Readers never overwrite ``changed``. The record's JSON is the
list's own (archive.api.flat), with ``api_url`` as a path; the view adds the scheme and host.
Bump DOCUMENT_FORMAT when that JSON changes: documents of another format are never served.
"""
from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import EmptyResultSet
from django.db import DatabaseError, connections, transaction
from django.db.models import TextField
from django.db.models.expressions import RawSQL

from archive.models import DataVersion, Evidence, EvidenceDocument

try:  # PostgreSQL's driver, when installed
    from psycopg.adapt import Loader
except ImportError:  # pragma: no cover - SQLite-only installs
    Loader = None

# 2: records give ruleset_id beside the ruleset's slug.
DOCUMENT_FORMAT = 2
# How long a reader waits for a row a writer holds before giving up storing (PostgreSQL): a
# reader never waits long enough to deadlock a writer, it serves what it built and stores later.
READER_LOCK_TIMEOUT_MS = 100
API_URL_KEY = b',"api_url":"'


def _table() -> str:
    return EvidenceDocument._meta.db_table


def state(using: str = "default") -> tuple[int, int]:
    """(data version, documents floor): one query, read before any record's data."""
    conn = connections[using]
    q = conn.ops.quote_name
    with conn.cursor() as cursor:
        cursor.execute(
            f"SELECT {q('version')}, {q('documents_floor')} FROM {q(DataVersion._meta.db_table)} WHERE {q('id')} = 1"
        )
        row = cursor.fetchone()
    return (row[0], row[1]) if row else (0, 0)


def stamp(evidence_ids: Iterable[int], using: str = "default") -> None:
    """Mark these records' documents out of date as of the archive's current data version
    (called in the writer's transaction, after its version bump)."""
    ids = sorted({int(i) for i in evidence_ids if i is not None})
    if not ids:
        return
    conn = connections[using]
    q = conn.ops.quote_name
    version = f"COALESCE((SELECT {q('version')} FROM {q(DataVersion._meta.db_table)} WHERE {q('id')} = 1), 0)"
    values = ", ".join([f"(%s, 0, {version}, 0)"] * len(ids))
    with conn.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {q(_table())} ({q('evidence_id')}, {q('built')}, {q('changed')}, {q('format')}) "
            f"VALUES {values} ON CONFLICT ({q('evidence_id')}) DO UPDATE SET {q('changed')} = excluded.{q('changed')}",
            ids,
        )


def forget(evidence_ids: Iterable[int], using: str = "default") -> None:
    """Drop the documents of deleted records."""
    ids = [int(i) for i in evidence_ids]
    if ids:
        EvidenceDocument.objects.using(using).filter(evidence_id__in=ids).delete()


def current(ids: list[int], floor: int, using: str = "default") -> dict[int, str]:
    """{record id: document} for those of ``ids`` whose stored document may be served."""
    if not ids:
        return {}
    conn = connections[using]
    q = conn.ops.quote_name
    valid = (
        f"d.{q('format')} = %s AND d.{q('body')} IS NOT NULL AND d.{q('built')} >= d.{q('changed')} "
        f"AND d.{q('built')} >= %s"
    )
    if conn.vendor == "postgresql":
        sql = f"SELECT d.{q('evidence_id')}, d.{q('body')} FROM {q(_table())} d WHERE d.{q('evidence_id')} = ANY(%s) AND {valid}"
        params = [list(ids), DOCUMENT_FORMAT, floor]
    else:
        # SQLite: one rowid lookup per id, as a correlated subquery. A join or IN list let the
        # planner, given statistics taken while the table was nearly empty, scan the whole
        # table (to build a Bloom filter): 14 ms a page instead of 0.2 at 20,000 documents.
        ids_table = f"(VALUES {', '.join(['(%s)'] * len(ids))}) p"
        sql = (
            f"SELECT p.column1, (SELECT d.{q('body')} FROM {q(_table())} d "
            f"WHERE d.{q('evidence_id')} = p.column1 AND {valid}) FROM {ids_table}"
        )
        params = [DOCUMENT_FORMAT, floor, *ids]
    with conn.cursor() as cursor:
        cursor.execute(sql, params)
        return {pk: body for pk, body in cursor.fetchall() if body is not None}


def served_column(floor: int) -> RawSQL:
    """For a page query over Evidence: each record's document where one may be served, else
    NULL, read in the same pass as the page (a correlated subquery: one key lookup per row on
    either database, whatever the planner's statistics say). Read the page with ``page_rows``,
    which hands the documents over as UTF-8 bytes."""
    conn = connections["default"]
    q = conn.ops.quote_name
    # SQLite hands a BLOB over as bytes, undecoded. PostgreSQL's text is read as bytes by
    # page_rows' loader: cast to bytea it would travel hex-encoded, twice its size (0.5 ms a page).
    body = f"d.{q('body')}" if conn.vendor == "postgresql" else f"CAST(d.{q('body')} AS BLOB)"
    return RawSQL(
        f"SELECT {body} FROM {q(_table())} d WHERE d.{q('evidence_id')} = "
        f"{q(Evidence._meta.db_table)}.{q('id')} AND d.{q('format')} = %s AND d.{q('built')} >= d.{q('changed')} "
        f"AND d.{q('built')} >= %s",
        (DOCUMENT_FORMAT, floor),
        output_field=TextField(),
    )


class _UTF8Bytes(Loader if Loader is not None else object):
    """psycopg: a text value as the bytes that came (UTF-8, the connection's client encoding)."""

    def load(self, data):
        return bytes(data)


def page_rows(queryset) -> list[dict]:
    """The rows of a page query (a ``values()`` queryset with a ``served_column``) as dicts, the
    documents as UTF-8 bytes, ready to be joined into the response: not decoded from the
    database and encoded again (a third of a millisecond a page of 100, most of a trivial view).
    The other columns are converted as the ORM converts them (dates on SQLite)."""
    compiler = queryset.query.get_compiler(using=queryset.db)
    try:
        sql, params = compiler.as_sql()
    except EmptyResultSet:  # a filter no row can match (the ORM would answer an empty list)
        return []
    conn = connections[queryset.db]
    with conn.cursor() as cursor:
        if conn.vendor == "postgresql":
            # This cursor only: every text column of the page query comes as bytes (its other
            # columns are the id and the sort keys, numbers and times).
            cursor.cursor.adapters.register_loader("text", _UTF8Bytes)
        cursor.execute(sql, params)
        names = [column[0] for column in cursor.description]
        rows = cursor.fetchall()
    converters = compiler.get_converters([expression for expression, _, _ in compiler.select])
    if converters:
        rows = compiler.apply_converters(rows, converters)
    out = []
    for row in rows:
        record = dict(zip(names, row))
        for name, value in record.items():
            if name != "_document" and isinstance(value, bytes):
                record[name] = value.decode()
        out.append(record)
    return out


def store(bodies: dict[int, str], version: int, using: str = "default") -> bool:
    """Keep ``bodies`` (built from data read after ``version`` was) for the next reader. Best
    effort: a reader that would wait on a writer's locks, or finds the database busy, stores
    nothing and says so (False); the documents are built again next time."""
    if not bodies:
        return True
    conn = connections[using]
    q = conn.ops.quote_name
    table = q(_table())
    ids = sorted(bodies)  # one order for every reader: no two readers wait on each other in a cycle
    values = ", ".join(["(%s, %s, %s, 0, %s)"] * len(ids))
    params = [value for i in ids for value in (i, bodies[i], version, DOCUMENT_FORMAT)]
    sql = (
        f"INSERT INTO {table} ({q('evidence_id')}, {q('body')}, {q('built')}, {q('changed')}, {q('format')}) "
        f"VALUES {values} ON CONFLICT ({q('evidence_id')}) DO UPDATE SET {q('body')} = excluded.{q('body')}, "
        f"{q('built')} = excluded.{q('built')}, {q('format')} = excluded.{q('format')} "
        f"WHERE {table}.{q('built')} <= excluded.{q('built')}"
    )
    waited = None
    try:
        if conn.vendor == "sqlite":
            # The same for SQLite's one writer at a time: wait briefly, not the usual seconds.
            with conn.cursor() as cursor:
                cursor.execute("PRAGMA busy_timeout")
                waited = cursor.fetchone()[0]
                cursor.execute(f"PRAGMA busy_timeout = {READER_LOCK_TIMEOUT_MS}")
        with transaction.atomic(using=using), conn.cursor() as cursor:
            if conn.vendor == "postgresql":
                cursor.execute(f"SET LOCAL lock_timeout = '{READER_LOCK_TIMEOUT_MS}ms'")
            cursor.execute(sql, params)
            if conn.vendor == "postgresql":
                cursor.execute("SET LOCAL lock_timeout = DEFAULT")
    except DatabaseError:
        return False
    finally:
        if waited is not None:
            with conn.cursor() as cursor:
                cursor.execute(f"PRAGMA busy_timeout = {int(waited)}")
    return True


def build(ids: list[int], version: int, using: str = "default") -> dict[int, str]:
    """Build the documents of the records ``ids`` from flat rows (read now, after ``version``
    was), store them, and return them. A record deleted meanwhile has none."""
    from archive.api.flat import BASE_FIELDS, evidence_records
    from archive.api.renderers import JSONRenderer

    rows = list(Evidence.objects.using(using).filter(pk__in=ids).values(*BASE_FIELDS))
    renderer = JSONRenderer()
    bodies = {row["id"]: renderer.render(record).decode() for row, record in zip(rows, evidence_records(rows, origin=""))}
    store(bodies, version, using)
    return bodies


def build_all(*, batch: int = 500, using: str = "default") -> tuple[int, int]:
    """Build every record's document that may not be served now: (built, already current)."""
    built = current_count = 0
    ids = list(Evidence.objects.using(using).order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), batch):
        chunk = ids[start:start + batch]
        version, floor = state(using)
        ready = current(chunk, floor, using)
        missing = [i for i in chunk if i not in ready]
        built += len(build(missing, version, using)) if missing else 0
        current_count += len(ready)
    return built, current_count


def with_origin(body: bytes, origin: bytes) -> bytes:
    """A stored document (UTF-8) with its ``api_url`` made absolute. The key's first occurrence is
    the key itself: the keys before it hold strings and numbers, in which a quote is always
    escaped."""
    return body.replace(API_URL_KEY, API_URL_KEY + origin, 1)
