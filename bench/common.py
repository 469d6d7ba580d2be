"""Shared timing for the benchmarks: every figure is reported with a reference measured in the
same run, so results from different machines compare as ratios."""
from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit, urlunsplit
from dataclasses import dataclass


@dataclass
class Timing:
    name: str
    samples: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def p95(self) -> float:
        ordered = sorted(self.samples)
        return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def time_calls(name: str, fn: Callable[[], object], repeat: int, warmup: int = 3,
               setup: Callable[[], object] | None = None) -> Timing:
    """Time ``fn`` ``repeat`` times after ``warmup`` untimed calls; ``setup``, if given, runs
    before every call, untimed."""
    for _ in range(warmup):
        if setup:
            setup()
        fn()
    samples = []
    for _ in range(repeat):
        if setup:
            setup()
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return Timing(name, samples)


def report(timings: list[Timing], reference: Timing) -> None:
    """Print median and p95 in milliseconds and the median's ratio to the reference."""
    print(f"{'what':48} {'median ms':>10} {'p95 ms':>10} {'x ref':>8}")
    for t in [reference, *timings]:
        print(f"{t.name:48} {t.median * 1000:10.2f} {t.p95 * 1000:10.2f} {t.median / reference.median:8.2f}")


def page_bench_arguments(doc: str, *, records: int, repeat: int) -> argparse.ArgumentParser:
    """The options the page benchmarks share: --records, --repeat and --postgres [URL]."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=records)
    parser.add_argument("--repeat", type=int, default=repeat)
    parser.add_argument("--postgres", nargs="?", const=os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres",
                        help="benchmark PostgreSQL (a temporary database on this server)")
    return parser


def parse_page_bench_arguments(parser: argparse.ArgumentParser) -> argparse.Namespace:
    """Parse; a PostgreSQL DATABASE_URL in the environment means --postgres. The test client's
    host is allowed."""
    args = parser.parse_args()
    if args.postgres is None and (os.environ.get("DATABASE_URL") or "").startswith("postgres"):
        args.postgres = os.environ["DATABASE_URL"]
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    return args


@contextlib.contextmanager
def throwaway_django(prefix: str, postgres_url: str | None, urlconf: str) -> Iterator[None]:
    """Set Django up on a database made for this run and dropped after it: a SQLite file in a
    temporary folder, or, given ``postgres_url``, a new database on that server."""
    tmp = tempfile.TemporaryDirectory(prefix=f"bench-{prefix}-")
    admin_url = name = None
    if postgres_url:
        import psycopg

        parts = urlsplit(postgres_url)
        # BENCH_DATABASE names the database where only some names may be used (made afresh).
        name = os.environ.get("BENCH_DATABASE") or f"bench_{prefix}_{os.getpid()}"
        admin_url = urlunsplit(parts._replace(path="/postgres"))
        with psycopg.connect(admin_url, autocommit=True) as conn:
            if os.environ.get("BENCH_DATABASE"):
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
        os.environ["DATABASE_URL"] = urlunsplit(parts._replace(path=f"/{name}"))
    else:
        os.environ["DATABASE_URL"] = f"sqlite:///{tmp.name}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ.setdefault("STATIC_MANIFEST", "0")
    # Production settings (DEBUG off) refuse to start without a key of their own.
    os.environ.setdefault("SECRET_KEY", "bench-" + secrets.token_urlsafe(32))
    # One client makes every request: the per-address page throttle would answer 429.
    os.environ.setdefault("PAGE_ANON_RATE", "")

    import django
    from django.conf import settings

    django.setup()
    settings.ROOT_URLCONF = urlconf
    from django.db import connection

    try:
        yield
    finally:
        connection.close()
        if admin_url:
            import psycopg

            with psycopg.connect(admin_url, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        tmp.cleanup()
