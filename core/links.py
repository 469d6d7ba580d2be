"""Which URLs the site will make into links: http and https only.

A record's URL comes from imports, the API and the admin; rendered as ``href`` it runs in the
reader's browser, so ``javascript:``, ``data:`` and the like must never get there. Browsers
ignore tabs, newlines and leading control characters inside a scheme ("java\\tscript:"), so
the scheme is read the way they read it."""
from __future__ import annotations

import re

from django.core.exceptions import ValidationError

LINK_SCHEMES = frozenset({"http", "https"})
# Identifiers a citation may carry: stored and shown, never linked.
TEXT_SCHEMES = frozenset({"doi", "urn"})
_IGNORED_BY_BROWSERS = re.compile(r"[\x00-\x20\x7f]")
_SCHEME = re.compile(r"([a-zA-Z][a-zA-Z0-9+.\-]*):")


def url_scheme(url: str) -> str | None:
    """The scheme a browser would see, lower-cased; None for text with no scheme.

    >>> url_scheme(" Java\\tScript:alert(1)"), url_scheme("https://x.org/"), url_scheme("Pankhurst 1971")
    ('javascript', 'https', None)
    """
    squeezed = _IGNORED_BY_BROWSERS.sub("", url)
    match = _SCHEME.match(squeezed)
    return match.group(1).lower() if match else None


def is_link(url: str) -> bool:
    """True for an http(s) URL with a host: one that may become an ``href``."""
    return url_scheme(url) in LINK_SCHEMES and url.strip().split(":", 1)[1].startswith("//") and len(url.strip()) > 8


def url_problem(url: str) -> str | None:
    """Why ``url`` may not be stored as a record's URL, or None when it may: empty, http(s), a
    doi:/urn: identifier, or text with no scheme at all (some DLP sources hold a title there)."""
    if not url:
        return None
    if "\x00" in url:
        return "contains a NUL character"
    scheme = url_scheme(url)
    if scheme is None or scheme in TEXT_SCHEMES or (scheme in LINK_SCHEMES and is_link(url)):
        return None
    if scheme in LINK_SCHEMES:
        return f"{url[:60]!r} has no host after {scheme}:"
    return f"the scheme {scheme}: is not allowed (only http, https, doi and urn)"


def validate_link_url(url: str) -> None:
    """For forms, the admin and the API: http(s) only (a URLField also checks the rest)."""
    if url and url_scheme(url) not in LINK_SCHEMES:
        raise ValidationError("Only http and https links are accepted.", code="scheme")
