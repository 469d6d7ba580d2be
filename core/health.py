"""Health checks for a load balancer or an orchestrator, answered before any other middleware.

``/healthz/`` says the process is alive: it touches nothing (no database, no cache), so it is
also the cheapest request a worker can answer (bench/load.py times it as its trivial view).
``/readyz/`` says this process can serve: the database answers a query. A failure is 503 and
names the part that failed, never the error itself (which can name hosts and users).

They sit first in MIDDLEWARE, so a probe that asks by address (Host: 10.0.0.7) or over plain
HTTP behind the TLS proxy is answered rather than refused by ALLOWED_HOSTS or redirected by
SECURE_SSL_REDIRECT, and no throttle counts it. Neither tells anything about the archive.
"""
from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import DatabaseError, connections
from django.http import HttpRequest, HttpResponse, JsonResponse

logger = logging.getLogger(__name__)

PATHS = ("/healthz/", "/readyz/")
# They come before the security headers' middleware, so they carry their own: nothing to load,
# nothing to frame, nothing to sniff.
HEADERS = {
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
}


def _method_not_allowed() -> HttpResponse:
    response = HttpResponse("GET or HEAD only\n", status=405, content_type="text/plain; charset=utf-8", headers=HEADERS)
    response["Allow"] = "GET, HEAD"
    return response


def liveness() -> HttpResponse:
    return HttpResponse("ok\n", content_type="text/plain; charset=utf-8", headers=HEADERS)


def readiness() -> HttpResponse:
    checks = {}
    try:
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        checks["database"] = "ok"
    except DatabaseError:
        logger.exception("readiness: the database did not answer")
        checks["database"] = "unavailable"
    ready = all(value == "ok" for value in checks.values())
    return JsonResponse({"ready": ready, **checks}, status=200 if ready else 503, headers=HEADERS)


class HealthCheckMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        if path not in PATHS:
            return self.get_response(request)
        if request.method not in ("GET", "HEAD"):
            return _method_not_allowed()
        return liveness() if path == "/healthz/" else readiness()
