"""Middleware every response passes through: bad-input refusal, page throttling, security headers."""
from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest

from core.throttling import client_ip, hit

Handler = Callable[[HttpRequest], HttpResponse]


class RejectNulMiddleware:
    """A NUL character in the path or the query string is refused with 400 before any view runs:
    PostgreSQL cannot store or compare text holding one, so a lookup with it would fail there
    with a server error (and on SQLite it can match nothing anyway)."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path or any(
            "\x00" in key or any("\x00" in value for value in values) for key, values in request.GET.lists()
        ):
            message = "Bad request: the address contains a NUL character (%00), which no page or filter accepts."
            if request.path.startswith("/api/"):  # an API client reads JSON, errors included
                from django.http import JsonResponse

                return JsonResponse({"detail": message}, status=400)
            return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


def too_many_requests(retry_after: int, what: str = "requests") -> HttpResponse:
    response = HttpResponse(
        f"Too many {what} from your address; try again in {retry_after} s.",
        status=429,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = str(retry_after)
    return response


class PageThrottleMiddleware:
    """Anonymous requests for pages count against PAGE_ANON_RATE per client address (the API
    counts its own, with its own rates; static files and media are not counted). A page that
    misses the cache costs real CPU, and a varied query string always misses it."""

    EXEMPT = ("/static/", "/media/", "/api/")

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        rate = settings.PAGE_ANON_RATE
        user = getattr(request, "user", None)
        if rate and not request.path.startswith(self.EXEMPT) and not (user is not None and user.is_authenticated):
            verdict = hit("page", f"ip:{client_ip(request)}", rate)
            if not verdict.allowed:
                return too_many_requests(verdict.retry_after)
        return self.get_response(request)


def _origin(url: str) -> str:
    """The CSP source for a URL template's host: https://{s}.tile.example.org -> https://*.tile.example.org."""
    parts = urlsplit(url)
    if not parts.scheme or not parts.netloc:
        return ""
    host = parts.netloc.replace("{s}", "*")
    if "{" in host:
        return ""
    return f"{parts.scheme}://{host}"


def content_security_policy(overrides: dict[str, str] | None = None) -> str:
    """The site's policy: scripts and styles from our own origin only (no inline script can
    run, whatever a record's text holds), images also from the map's tile server."""
    tiles = _origin(settings.MAP_TILE_URL)
    directives = {
        "default-src": "'self'",
        "script-src": "'self'",
        "style-src": "'self'",
        "img-src": " ".join(filter(None, ["'self'", "data:", tiles])),
        "font-src": "'self'",
        "connect-src": "'self'",
        "object-src": "'none'",
        "base-uri": "'none'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }
    directives.update(overrides or {})
    return "; ".join(f"{name} {value}" for name, value in directives.items())


PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer", "autoplay", "camera", "display-capture", "geolocation", "gyroscope", "magnetometer",
        "microphone", "midi", "payment", "publickey-credentials-get", "usb", "xr-spatial-tracking",
    )
)


def csp_update(**directives: str):
    """A view decorator that loosens the policy for one view (names use _ for -):
    ``@csp_update(style_src="'self' 'unsafe-inline'")``."""

    def decorate(view):
        def wrapper(request, *args, **kwargs):
            response = view(request, *args, **kwargs)
            response.csp_overrides = {name.replace("_", "-"): value for name, value in directives.items()}
            return response

        wrapper.__name__ = getattr(view, "__name__", "view")
        wrapper.__doc__ = view.__doc__
        for attr in ("csrf_exempt", "cls", "initkwargs", "view_class", "view_initkwargs"):
            if hasattr(view, attr):
                setattr(wrapper, attr, getattr(view, attr))
        return wrapper

    return decorate


class SecurityHeadersMiddleware:
    """Content-Security-Policy and Permissions-Policy on every response that lacks them."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = content_security_policy(getattr(response, "csp_overrides", None))
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        response.setdefault("Cross-Origin-Opener-Policy", "same-origin")
        return response
