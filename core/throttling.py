"""Request limits that hold across processes and cannot be dodged with a forged header.

A client is its socket's address (REMOTE_ADDR). Only when the site is told how many proxies of
its own stand in front of it (NUM_PROXIES) is X-Forwarded-For read, and then only the address
the nearest trusted proxy saw: the entries further left are whatever the client chose to send.

Counts are fixed windows kept in a store every worker shares, incremented atomically: Redis's
INCR where REDIS_URL is set (cache.add then cache.incr), else one row per window in the
database, incremented by a single upsert. A read-then-write (DRF's SimpleRateThrottle keeps a
list of timestamps and writes it back) lets concurrent requests all read the same count.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches
from django.db import connections
from django.db.models import F
from django.http import HttpRequest

from core.prepared import prepared_cursor

PERIODS = {"s": 1, "sec": 1, "second": 1, "m": 60, "min": 60, "minute": 60, "h": 3600, "hour": 3600, "d": 86400, "day": 86400}


def parse_rate(rate: str) -> tuple[int, int]:
    """'600/minute' -> (600, 60). The same spelling as DRF's rates.

    >>> parse_rate("5/second"), parse_rate("100/h")
    ((5, 1), (100, 3600))
    """
    number, _, period = rate.partition("/")
    period = period.strip().lower()
    # "5/900s": a window of 900 seconds.
    digits = period.rstrip("abcdefghijklmnopqrstuvwxyz")
    try:
        return int(number), (int(digits) if digits else 1) * PERIODS[period[len(digits):]]
    except (ValueError, KeyError):
        raise ValueError(f"a rate reads N/second, N/minute, N/hour or N/day, not {rate!r}") from None


def client_ip(request: HttpRequest) -> str:
    """The client's address as far as the site's own proxies vouch for it.

    With NUM_PROXIES = n (n trusted proxies in front, each appending the address it saw), the
    client is the n-th address from the right of X-Forwarded-For; with 0 the header is ignored.
    """
    remote = request.META.get("REMOTE_ADDR", "") or "unknown"
    trusted = settings.NUM_PROXIES
    if not trusted:
        return remote
    chain = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    if not chain:
        return remote
    return chain[-min(trusted, len(chain))]


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    count: int
    limit: int
    retry_after: int  # seconds until the window ends (when refused)
    read: bool = False  # whether the row asked for came with the count (hit's ``read``)
    row: tuple | None = None


def _window(period: int, now: float) -> tuple[int, int]:
    window = int(now // period)
    return window, (window + 1) * period


def cache_hit(key: str, period: int, *, now: float | None = None, cache=None) -> tuple[int, int]:
    """Count one request in ``key``'s current window in the cache; (count, window end)."""
    cache = cache or caches[settings.THROTTLE_CACHE]
    now = time.time() if now is None else now
    window, end = _window(period, now)
    full = f"throttle:{key}:{window}"
    # add() creates the counter only if it is absent; incr() is INCR on Redis and runs under the
    # cache's lock in local memory: neither reads and writes back.
    cache.add(full, 0, timeout=period + 1)
    try:
        return cache.incr(full), end
    except ValueError:  # expired between add and incr
        cache.add(full, 0, timeout=period + 1)
        return cache.incr(full), end


def count_sql(connection) -> str:
    """The counting statement: an upsert of (key, expires) answering the new count."""
    from core.models import ThrottleCount

    q = connection.ops.quote_name
    table, key_col, count_col, expires_col = (q(n) for n in (ThrottleCount._meta.db_table, "key", "count", "expires"))
    return (
        f"INSERT INTO {table} ({key_col}, {count_col}, {expires_col}) VALUES (%s, 1, %s) "
        f"ON CONFLICT ({key_col}) DO UPDATE SET {count_col} = {table}.{count_col} + 1 RETURNING {count_col}"
    )


def _upsert(key: str, period: int, now: float, connection) -> tuple[str, list, int]:
    """The counting statement, its parameters and the window's end."""
    window, end = _window(period, now)
    return count_sql(connection), [f"{key}:{window}"[:250], end], end


def _sweep(count: int, now: float, using: str) -> None:
    if count == 1 and int(now) % 64 == 0:
        # Now and then, the first request of a window clears windows that are over.
        from core.models import ThrottleCount

        ThrottleCount.objects.using(using).filter(expires__lt=int(now)).delete()


def database_hit(key: str, period: int, *, now: float | None = None, using: str = "default") -> tuple[int, int]:
    """Count one request in ``key``'s current window in the database; (count, window end).

    One INSERT ... ON CONFLICT DO UPDATE ... RETURNING statement (PostgreSQL, and SQLite 3.35+):
    the row lock serialises concurrent increments, so each gets its own count. A statement is
    atomic on its own: in autocommit it is its own transaction (one round trip, not BEGIN and
    COMMIT around it), and PostgreSQL keeps the table UNLOGGED (core migration 0003), so the
    commit does not wait for the log to reach the disk."""
    now = time.time() if now is None else now
    sql, params, end = _upsert(key, period, now, connections[using])
    with prepared_cursor(using) as cursor:
        cursor.execute(sql, params)
        count = cursor.fetchone()[0]
    _sweep(count, now, using)
    return count, end


def database_hit_reading(key: str, period: int, read: tuple[str, list], *, now: float | None = None,
                         using: str = "default") -> tuple[int, int, tuple | None]:
    """database_hit, and in the same statement the one row (or none) a SELECT ``read`` finds:
    (count, window end, row). PostgreSQL only (SQLite allows no INSERT in a WITH clause): a
    request that is counted and then reads its row makes one round trip to the server, not two."""
    now = time.time() if now is None else now
    connection = connections[using]
    upsert, params, end = _upsert(key, period, now, connection)
    q = connection.ops.quote_name
    read_sql, read_params = read
    sql = (f"WITH {q('hit')} AS ({upsert}) SELECT {q('hit')}.{q('count')}, {q('r')}.* FROM {q('hit')} "
           f"LEFT JOIN ({read_sql}) AS {q('r')} ON TRUE")
    with prepared_cursor(using) as cursor:
        cursor.execute(sql, [*params, *read_params])
        count, *row = cursor.fetchone()
    _sweep(count, now, using)
    # A row of NULLs is the LEFT JOIN finding nothing (a read's first column is its key).
    return count, end, (tuple(row) if row and row[0] is not None else None)


@dataclass(frozen=True)
class Counting:
    """A request's count to be made inside another statement: ``sql`` (the upsert, which returns
    the new count as its one column) goes in a WITH clause of a PostgreSQL statement that also
    does the request's work, conditional on the count being within ``limit``. One round trip
    counts and acts; ``verdict`` then says what the count decided. See
    SharedRateThrottle.counting."""

    sql: str
    params: list
    limit: int
    end: int
    now: float
    using: str = "default"

    def verdict(self, count: int) -> Verdict:
        _sweep(count, self.now, self.using)
        return Verdict(allowed=count <= self.limit, count=count, limit=self.limit,
                       retry_after=max(1, math.ceil(self.end - self.now)))


def counting(scope: str, ident: str, rate: str, *, now: float | None = None, using: str = "default") -> Counting | None:
    """The count of a request as a Counting, where the store can count inside another statement
    (the database store on PostgreSQL); None elsewhere (count with ``hit``)."""
    if settings.THROTTLE_STORE != "database" or connections[using].vendor != "postgresql":
        return None
    limit, period = parse_rate(rate)
    now = time.time() if now is None else now
    sql, params, end = _upsert(f"{scope}:{ident}", period, now, connections[using])
    return Counting(sql=sql, params=params, limit=limit, end=end, now=now, using=using)


def hit(scope: str, ident: str, rate: str, *, now: float | None = None, read: tuple[str, list] | None = None) -> Verdict:
    """Count a request by ``ident`` against ``scope``'s rate and say whether it is allowed.

    ``read``, a SELECT of one row by its key (SQL and parameters), is answered in the same
    round trip where the count is a PostgreSQL statement: the verdict then says ``read`` and
    carries the ``row`` (None if there is none). Elsewhere the caller reads it itself."""
    limit, period = parse_rate(rate)
    key = f"{scope}:{ident}"
    now = time.time() if now is None else now
    row, done = None, False
    if settings.THROTTLE_STORE == "database" and read is not None and connections["default"].vendor == "postgresql":
        count, end, row = database_hit_reading(key, period, read, now=now)
        done = True
    elif settings.THROTTLE_STORE == "database":
        count, end = database_hit(key, period, now=now)
    else:
        count, end = cache_hit(key, period, now=now)
    return Verdict(allowed=count <= limit, count=count, limit=limit, retry_after=max(1, math.ceil(end - now)),
                   read=done, row=row)


class SharedRateThrottle:
    """A DRF throttle on the shared, atomic counter: per client address for anonymous requests,
    per user for signed-in ones. Subclasses name a ``scope`` in REST_FRAMEWORK's rates."""

    scope = "anon"
    only_anonymous = True

    def __init__(self) -> None:
        self.verdict: Verdict | None = None

    def get_rate(self) -> str | None:
        # Read at request time, so a deployment (or a test) can change it without a restart.
        return settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {}).get(self.scope)

    def ident(self, request) -> str | None:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return None if self.only_anonymous else f"user:{user.pk}"
        return f"ip:{client_ip(request)}"

    def allow_request(self, request, view, read: tuple[str, list] | None = None) -> bool:
        """Count the request; ``read`` as for hit (see ``read_row``)."""
        rate = self.get_rate()
        ident = self.ident(request)
        if rate is None or ident is None:
            return True
        self.verdict = hit(self.scope, ident, rate, read=read)
        return self.verdict.allowed

    def counting(self, request) -> Counting | None | bool:
        """This request's count, to be made inside the statement that does its work (a
        Counting, see ``counted``); False when no limit applies to it; None when the store
        counts apart (then allow_request)."""
        rate = self.get_rate()
        ident = self.ident(request)
        if rate is None or ident is None:
            return False
        return counting(self.scope, ident, rate)

    def counted(self, made: Counting, count: int) -> bool:
        """What the statement's count decided, as allow_request says it (and ``wait`` after)."""
        self.verdict = made.verdict(count)
        return self.verdict.allowed

    def read_row(self) -> tuple[bool, tuple | None]:
        """Whether the row asked for in allow_request came with the count, and the row."""
        return (True, self.verdict.row) if self.verdict is not None and self.verdict.read else (False, None)

    def wait(self) -> float | None:
        return self.verdict.retry_after if self.verdict else None


def give_back(scope: str, ident: str, rate: str, *, now: float) -> None:
    """Take back one count ``hit`` made at ``now`` (the same window and key), e.g. for a login
    that succeeded; nothing if that window is over."""
    _, period = parse_rate(rate)
    window, _ = _window(period, now)
    key = f"{scope}:{ident}:{window}"
    if settings.THROTTLE_STORE == "database":
        from core.models import ThrottleCount

        ThrottleCount.objects.filter(key=key[:250], count__gt=0).update(count=F("count") - 1)
        return
    try:
        caches[settings.THROTTLE_CACHE].decr(f"throttle:{key}")
    except ValueError:  # the window is over and its count gone
        pass


def current(scope: str, ident: str, rate: str, *, now: float | None = None) -> Verdict:
    """The count so far in the current window, without counting anything."""
    limit, period = parse_rate(rate)
    now = time.time() if now is None else now
    window, end = _window(period, now)
    key = f"{scope}:{ident}"
    if settings.THROTTLE_STORE == "database":
        from core.models import ThrottleCount

        count = ThrottleCount.objects.filter(key=f"{key}:{window}"[:250]).values_list("count", flat=True).first() or 0
    else:
        count = caches[settings.THROTTLE_CACHE].get(f"throttle:{key}:{window}", 0)
    return Verdict(allowed=count < limit, count=count, limit=limit, retry_after=max(1, math.ceil(end - now)))
