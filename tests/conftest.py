from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in the test thread; the ORM calls a browser test makes
# around it are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(os.environ.get("TEST_ARTIFACTS", ROOT / "test-artifacts"))
# The DLP's database as the project ships it (archive/data/dlp/), and the portal pages beside it.
DLP_DUMP = ROOT / "archive" / "data" / "dlp" / "ludiiGames-2020-08-11.sql.gz"
DLP_PAGES = ROOT / "archive" / "data" / "dlp" / "pages"
SEEDS_DIR = Path(os.environ.get("SEEDS_DIR", ROOT.parent / "shared" / "seeds"))


def require_file(path: Path, what: str, env: str) -> Path:
    """Skip (locally) or fail (where ``env`` is set, as CI sets it) when a shared input is absent."""
    if path.exists():
        return path
    message = f"{what} not found at {path}"
    if os.environ.get(env):
        pytest.fail(f"{message} ({env} is set, so this must not be skipped)")
    pytest.skip(message)


def dlp_dump_text() -> str:
    """The shipped DLP dump as text (for tests that alter it)."""
    import gzip

    return gzip.decompress(DLP_DUMP.read_bytes()).decode("utf-8")


@pytest.fixture
def one_throttle_window(monkeypatch):
    """Pin the throttle's clock to one instant: counts are kept in fixed windows, and a test that
    counts requests across a window's end (the minute turning mid-test) would see them split."""
    import time
    import types

    from core import throttling

    now = time.time()
    monkeypatch.setattr(throttling, "time", types.SimpleNamespace(time=lambda: now))
    return now


@pytest.fixture
def dlp_dump() -> Path:
    return DLP_DUMP


@pytest.fixture
def seeds_dir() -> Path:
    return require_file(SEEDS_DIR, "the seed documents (../shared/seeds/)", "REQUIRE_SHARED_DATA")


@pytest.fixture
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def pytest_addoption(parser):
    parser.addoption(
        "--database-part", choices=("all", "database", "free"), default="all",
        help="all tests (the default); only those that use the database (the part worth running on "
             "each database); or only those that do not (engines, parsers: the same on any database, "
             "so CI runs them once). Tests left out are deselected and counted, never skipped.")
    parser.addoption(
        "--free-share", choices=("all", "sqlite", "postgresql"), default="all",
        help="all the tests that touch no database (the default), or one CI chain's share of them: "
             "run once, split between the two chains by FREE_SHARE (its files go with SQLite, the "
             "rest with PostgreSQL). Tests left out are deselected and counted.")
    parser.addoption(
        "--browser-share", choices=("all", "sqlite", "postgresql"), default="all",
        help="all browser tests (the default), or one CI chain's share of them: the browser tests "
             "run once, split between the two chains so that they take alike (PHONE_SHARE goes "
             "with PostgreSQL, the rest with SQLite). Tests left out are deselected and counted.")


# The browser tests the PostgreSQL chain runs (--browser-share): the whole games played by tapping
# on a phone, a quarter of the browser suite's time, which left the SQLite chain the longer.
PHONE_SHARE = ("tests/browser/test_play_highlighted.py::", "-phone]")


# The database-free tests the SQLite chain runs (--free-share): the rest run in the PostgreSQL
# chain, which also runs the schema fuzzing and the phones' browser tests.
FREE_SHARE = (
    "tests/games/test_rules_ludii.py::",
    "tests/games/test_race_cli.py::",
    "tests/games/test_bechi_cli.py::",
    "tests/games/test_tables_cli.py::",
)


def free_share(item) -> str:
    """Which chain's share of the database-free tests ``item`` is in."""
    return "sqlite" if item.nodeid.startswith(FREE_SHARE) else "postgresql"


def browser_share(item) -> str:
    """Which chain's share of the browser tests ``item`` is in ("" for a test not in tests/browser)."""
    nodeid = item.nodeid
    if not nodeid.startswith("tests/browser/"):
        return ""
    return "postgresql" if nodeid.startswith(PHONE_SHARE[0]) and nodeid.endswith(PHONE_SHARE[1]) else "sqlite"


def uses_database(item) -> bool:
    """Whether a test touches the database: marked django_db, asking (through any fixture) for
    one of pytest-django's database fixtures, or a Django TransactionTestCase/TestCase."""
    from django.test import TransactionTestCase

    if item.get_closest_marker("django_db"):
        return True
    if set(getattr(item, "fixturenames", ())) & {"db", "transactional_db", "django_db_reset_sequences",
                                                 "django_db_serialized_rollback", "live_server"}:
        return True
    cls = getattr(item, "cls", None)
    return bool(cls and issubclass(cls, TransactionTestCase))


def pytest_collection_modifyitems(config, items):
    from django.conf import settings

    part = config.getoption("--database-part")
    if part != "all":
        keep, drop = [], []
        for item in items:
            (keep if uses_database(item) == (part == "database") else drop).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep
    share = config.getoption("--free-share")
    if share != "all":
        keep, drop = [], []
        for item in items:
            (keep if uses_database(item) or free_share(item) == share else drop).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep
    share = config.getoption("--browser-share")
    if share != "all":
        keep, drop = [], []
        for item in items:
            (keep if browser_share(item) in ("", share) else drop).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep
    on_postgres = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    for item in items:
        if "postgres" in item.keywords and not on_postgres:
            item.add_marker(pytest.mark.skip(reason="PostgreSQL only: runs in the suite's PostgreSQL pass"))
        if "sqlite" in item.keywords and on_postgres:
            item.add_marker(pytest.mark.skip(reason="SQLite only: runs in the suite's SQLite pass"))


# --- Loading the catalogue once per session -------------------------------------------------------
# `load_catalogue` with the whole DLP dump takes seconds, and a dozen test classes start from it.
# ``loaded(*commands)`` runs the commands for real the first time from a given starting state
# (every table, row for row), and notes every table they changed, as the rows stood afterwards; a
# later call from that same state puts those rows back instead (and checks the result row for row
# against the run's), which is the same state without the work. It never replaces a test *of* a
# command: only a class's starting data (setUpTestData).

_snapshots: dict[tuple, tuple[dict[str, object], dict[str, str]]] = {}


def _table_rows(connection, table: str):
    """One table's whole content: COPY text on PostgreSQL, (columns, rows) on SQLite."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            out = bytearray()
            with cursor.cursor.copy(f'COPY "{table}" TO STDOUT') as copy:
                for chunk in copy:
                    out += chunk
            return bytes(out)
        raw = cursor.cursor
        columns = tuple(row[1] for row in raw.execute(f'PRAGMA table_info("{table}")').fetchall())
        # Unary + is SQLite's no-op, and makes each an expression: no declared type, so none of
        # Django's converters, and the values come back exactly as stored.
        selected = ", ".join(f'+"{c}"' for c in columns)
        raw.execute(f'SELECT {selected} FROM "{table}"')
        return columns, raw.fetchall()


def _fingerprint(content) -> str:
    import hashlib

    if isinstance(content, bytes):  # COPY text: one line a row, in no particular order
        lines = sorted(content.split(b"\n"))
    else:
        columns, rows = content
        lines = [repr(columns).encode()] + sorted(repr(r).encode() for r in rows)
    return hashlib.sha256(b"\n".join(lines)).hexdigest()


def _snapshot_tables(connection) -> list[str]:
    """The tables a snapshot holds: all but SQLite's full-text indexes (virtual tables and their
    shadow tables), which triggers write from the rows put back (migration 0017), as they were
    written from the rows the commands left."""
    tables = sorted(connection.introspection.table_names())
    if connection.vendor != "sqlite":
        return tables
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
        virtual = [row[0] for row in cursor.fetchall()]
    return [t for t in tables if not any(t == v or t.startswith(f"{v}_") for v in virtual)]


def _state(connection) -> dict[str, str]:
    return {t: _fingerprint(_table_rows(connection, t)) for t in _snapshot_tables(connection)}


def _put_back(connection, changed: dict[str, object]) -> None:
    with connection.cursor() as cursor:
        raw = cursor.cursor
        for table, content in changed.items():
            raw.execute(f'DELETE FROM "{table}"')
            if connection.vendor == "postgresql":
                with raw.copy(f'COPY "{table}" FROM STDIN') as copy:
                    copy.write(content)
                # Sequences are not rolled back with the class's transaction, so they are already
                # past these ids; setval only ever moves them on.
                raw.execute(
                    "SELECT a.attname, pg_get_serial_sequence(%s, a.attname) FROM pg_attribute a "
                    "WHERE a.attrelid = %s::regclass AND a.attnum > 0 AND NOT a.attisdropped "
                    "AND pg_get_serial_sequence(%s, a.attname) IS NOT NULL",
                    [f'"{table}"', f'"{table}"', f'"{table}"'],
                )
                for column, sequence in raw.fetchall():
                    raw.execute(
                        f'SELECT setval(%s, GREATEST((SELECT COALESCE(MAX("{column}"), 1) FROM "{table}"), '
                        f"(SELECT last_value FROM {sequence})))",
                        [sequence],
                    )
            else:
                columns, rows = content
                if rows:
                    names = ", ".join(f'"{c}"' for c in columns)
                    marks = ", ".join("?" for _ in columns)
                    raw.executemany(f'INSERT INTO "{table}" ({names}) VALUES ({marks})', rows)


def loaded(*commands: tuple[str, ...], using: str = "default") -> None:
    """Run management ``commands`` (each a tuple: name, then arguments) as setUpTestData would,
    or, where the database is as the first run found it, put back the rows that run left."""
    from io import StringIO

    from django.core.management import call_command
    from django.db import connections

    connection = connections[using]
    before = _state(connection)
    # One snapshot per starting state (a flushed database is another one).
    key = (connection.vendor, connection.settings_dict["NAME"], commands, tuple(sorted(before.items())))
    snapshot = _snapshots.get(key)
    if snapshot is not None:
        # In one transaction: the foreign keys are checked at its end, once every table is back
        # (a transactional test runs in autocommit, where a record put back before its game broke
        # the key at once).
        from django.db import transaction

        with transaction.atomic(using=using):
            _put_back(connection, snapshot[0])
        assert _state(connection) == snapshot[1], f"{commands}: the rows put back differ from the run's"
        return
    for name, *args in commands:
        call_command(name, *args, stdout=StringIO(), stderr=StringIO())
    after = _state(connection)
    _snapshots[key] = ({t: _table_rows(connection, t) for t in after if after[t] != before.get(t)}, after)


def catalogue_loaded() -> None:
    """`manage.py load_catalogue` (our catalogue and the shipped DLP dump), for setUpTestData."""
    loaded(("load_catalogue",))


@pytest.fixture(autouse=True)
def fresh_throttle_counts():
    """Every test starts with no request counted against the throttles. The counts live in the
    shared cache for a fixed window, and every test (and every browser test's live server) is
    the same client, 127.0.0.1: without this, the requests of earlier tests in the same minute
    count against a later one (a board's match record, 120 a minute, ran out that way in CI)."""
    from django.conf import settings
    from django.core.cache import caches

    if getattr(settings, "THROTTLE_STORE", "cache") == "cache":
        caches[settings.THROTTLE_CACHE].clear()
    yield


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite, the test database is a file (in a temporary folder), as `make run` serves one,
    not Django's default in-memory database. With an in-memory database the live server's threads
    share one connection, and a request writing while another's read is still open on it fails
    with "database table is locked" (seen in the browser tests: a move answered 500). With a file,
    each thread has its own connection, and WAL with the busy timeout settles them as in use."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        # In memory-backed storage where the machine has it: the file's syncs cost nothing there.
        shm = Path("/dev/shm")
        folder = Path(tempfile.mkdtemp(prefix="test-sqlite-", dir=shm)) if shm.is_dir() and os.access(shm, os.W_OK) \
            else tmp_path_factory.mktemp("sqlite")
        db.setdefault("TEST", {})["NAME"] = str(folder / "test.sqlite3")
        yield
        shutil.rmtree(folder, ignore_errors=True)
    else:
        yield
