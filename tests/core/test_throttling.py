"""Throttles: who the client is, counts shared by workers and incremented atomically, pages too."""
from __future__ import annotations

import threading
import uuid

import pytest
from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache
from django.db import close_old_connections
from django.test import Client, RequestFactory

from core import throttling
from core.models import ThrottleCount

REDIS = "redis://127.0.0.1:6379/15"


def redis_or_skip() -> None:
    import redis

    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=1).ping()
    except redis.exceptions.ConnectionError:
        pytest.skip(f"no Redis at {REDIS}")


@pytest.fixture(autouse=True)
def _fresh_counts():
    cache.clear()
    yield
    cache.clear()


class TestClientAddress:
    def test_x_forwarded_for_is_ignored_without_trusted_proxies(self, settings):
        settings.NUM_PROXIES = 0
        request = RequestFactory().get("/", REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR="198.51.100.1")
        assert throttling.client_ip(request) == "203.0.113.9"

    def test_with_one_proxy_the_address_it_saw_is_the_client(self, settings):
        settings.NUM_PROXIES = 1
        # The client wrote "1.2.3.4" itself; our proxy appended the address it really came from.
        request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="1.2.3.4, 198.51.100.7")
        assert throttling.client_ip(request) == "198.51.100.7"

    def test_a_spoofed_header_does_not_escape_the_api_throttle(self, settings, db):
        settings.NUM_PROXIES = 0
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"anon": "3/minute", "play": "3/minute"}}
        client = Client()
        statuses = [
            client.get("/api/v1/games/", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").status_code for n in range(6)
        ]
        assert statuses == [200, 200, 200, 429, 429, 429]

    def test_behind_a_trusted_proxy_a_forged_left_entry_does_not_escape(self, settings, db):
        settings.NUM_PROXIES = 1
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"anon": "3/minute", "play": "3/minute"}}
        client = Client()
        statuses = [
            client.get("/api/v1/games/", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}, 203.0.113.5").status_code for n in range(5)
        ]
        assert statuses == [200, 200, 200, 429, 429]


class TestRates:
    def test_rates_read_like_drf_with_a_window_length(self):
        assert throttling.parse_rate("600/minute") == (600, 60)
        assert throttling.parse_rate("5/900s") == (5, 900)
        with pytest.raises(ValueError, match="N/minute"):
            throttling.parse_rate("5/fortnight")

    def test_the_count_starts_again_in_the_next_window(self):
        assert [throttling.hit("t", "a", "2/minute", now=60.0 * 100 + s).allowed for s in (0, 1, 2)] == [True, True, False]
        verdict = throttling.hit("t", "a", "2/minute", now=60.0 * 101)
        assert verdict.allowed and verdict.count == 1

    def test_a_refusal_says_when_to_come_back(self):
        for _ in range(2):
            throttling.hit("t", "b", "1/minute", now=6000.0 + 15)
        assert throttling.hit("t", "b", "1/minute", now=6000.0 + 15).retry_after == 45


@pytest.mark.django_db
class TestDatabaseStore:
    def test_counts_are_kept_in_one_row_per_window(self, settings):
        settings.THROTTLE_STORE = "database"
        assert [throttling.hit("db", "x", "2/minute", now=1200.0).count for _ in range(3)] == [1, 2, 3]
        assert ThrottleCount.objects.get().count == 3

    def test_two_workers_share_the_count(self, settings):
        # What a second worker process sees: nothing in its own memory, the same row in the database.
        settings.THROTTLE_STORE = "database"
        throttling.hit("db", "y", "3/minute", now=1200.0)
        cache.clear()
        assert [throttling.hit("db", "y", "3/minute", now=1201.0).allowed for _ in range(3)] == [True, True, False]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_database_increments_do_not_overshoot(settings):
    settings.THROTTLE_STORE = "database"
    counts: list[int] = []
    errors: list[BaseException] = []

    def worker():
        try:
            for _ in range(15):
                counts.append(throttling.database_hit("race", 60, now=3000.0)[0])
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=worker) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    # Every increment got its own number: none read a count another was about to write.
    assert sorted(counts) == list(range(1, 91))


class TestRedisStore:
    def test_two_cache_clients_share_the_limit(self):
        redis_or_skip()
        workers = [RedisCache(REDIS, {}), RedisCache(REDIS, {})]
        key = f"shared-{uuid.uuid4()}"
        allowed = [throttling.cache_hit(key, 60, now=600.0, cache=workers[n % 2])[0] <= 4 for n in range(8)]
        assert allowed == [True] * 4 + [False] * 4

    def test_concurrent_increments_do_not_overshoot(self):
        redis_or_skip()
        key = f"race-{uuid.uuid4()}"
        counts: list[int] = []

        def worker():
            client = RedisCache(REDIS, {})  # a connection of its own, as a worker process has
            for _ in range(25):
                counts.append(throttling.cache_hit(key, 60, now=600.0, cache=client)[0])

        threads = [threading.Thread(target=worker) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(counts) == list(range(1, 201))

    def test_redis_url_configures_a_working_cache(self, monkeypatch):
        redis_or_skip()
        import subprocess
        import sys

        code = (
            "import django; django.setup(); from django.conf import settings; from django.core.cache import caches;"
            "c = caches['default']; c.set('probe', 41);"
            "print(c.incr('probe'), type(c).__name__, settings.THROTTLE_STORE)"
        )
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
            env={"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "1", "REDIS_URL": REDIS},
            cwd=str(__import__("pathlib").Path(__file__).resolve().parents[2]),
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == ["42", "RedisCache", "cache"]


@pytest.mark.django_db
class TestPages:
    def test_anonymous_page_views_are_throttled_with_retry_after(self, settings):
        settings.PAGE_ANON_RATE = "2/minute"
        client = Client()
        assert [client.get("/evidence/").status_code for _ in range(2)] == [200, 200]
        refused = client.get("/?spoof=1", HTTP_X_FORWARDED_FOR="198.51.100.77")
        assert refused.status_code == 429
        assert int(refused["Retry-After"]) > 0

    def test_static_files_are_not_counted(self, settings):
        settings.PAGE_ANON_RATE = "1/minute"
        client = Client()
        for _ in range(3):
            assert client.get("/static/css/site.css").status_code == 200


def test_worker_processes_on_a_sqlite_file_share_the_count_exactly(tmp_path):
    """Four processes, as gunicorn's workers, on the SQLite configuration the README runs
    (a file in WAL mode, IMMEDIATE transactions): each increment gets its own number."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "1",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    subprocess.run([sys.executable, "manage.py", "migrate", "core", "-v0"], cwd=root, env=env, check=True, timeout=120)
    code = (
        "import django; django.setup(); from core.throttling import database_hit;"
        "print(' '.join(str(database_hit('proc', 60, now=3000.0)[0]) for _ in range(20)))"
    )
    workers = [subprocess.Popen([sys.executable, "-c", code], cwd=root, env=env, stdout=subprocess.PIPE, text=True) for _ in range(4)]
    counts = [int(n) for w in workers for n in w.communicate(timeout=120)[0].split()]
    assert all(w.returncode == 0 for w in workers)
    assert sorted(counts) == list(range(1, 81))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_database_count_is_one_statement_in_an_unlogged_table(settings):
    # Every request counted writes here: one round trip, and no wait for the log on commit.
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.THROTTLE_STORE = "database"
    with CaptureQueriesContext(connection) as queries:
        assert throttling.database_hit("one", 60, now=3001.0)[0] == 1
    assert [q["sql"].split()[0] for q in queries] == ["INSERT"], [q["sql"] for q in queries]
    with connection.cursor() as cursor:
        cursor.execute("SELECT relpersistence FROM pg_class WHERE relname = %s", [ThrottleCount._meta.db_table])
        assert cursor.fetchone()[0] == "u"  # UNLOGGED


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_count_and_a_read_are_one_statement_on_postgresql(settings):
    # The play path counts the request and reads its match in one round trip.
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.THROTTLE_STORE = "database"
    table = connection.ops.quote_name(ThrottleCount._meta.db_table)
    throttling.hit("other", "x", "5/minute", now=3001.0)  # a row to read: key "other:x:50"
    read = lambda key: (f"SELECT key, count FROM {table} WHERE key = %s", [key])  # noqa: E731
    with CaptureQueriesContext(connection) as queries:
        found = throttling.hit("read", "a", "5/minute", now=3001.0, read=read("other:x:50"))
        missing = throttling.hit("read", "a", "5/minute", now=3002.0, read=read("nothing"))
    assert len(queries) == 2 and all(q["sql"].startswith("WITH") for q in queries)
    assert (found.count, found.read, found.row) == (1, True, ("other:x:50", 1))
    assert (missing.count, missing.read, missing.row) == (2, True, None)
    refused = throttling.hit("read", "a", "2/minute", now=3003.0, read=read("other:x:50"))
    assert (refused.allowed, refused.count) == (False, 3)


def test_elsewhere_the_read_is_left_to_the_caller(settings, db):
    from django.db import connection

    if connection.vendor == "postgresql":
        settings.THROTTLE_STORE = "cache"
    else:
        settings.THROTTLE_STORE = "database"
    verdict = throttling.hit("read", "b", "5/minute", now=3001.0, read=("SELECT 1 WHERE 1 = %s", [1]))
    assert (verdict.count, verdict.read, verdict.row) == (1, False, None)
