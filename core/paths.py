"""``reverse`` for the routes the play path names on every request, without resolving each time.

A one-argument route's address is the same text around its argument for every key: it is made
once per route and script prefix, and the key put in. Keys with anything beyond letters, digits,
``_`` and ``-`` (which ``reverse`` would quote) go through ``reverse`` itself."""
from __future__ import annotations

import re

from django.urls import get_script_prefix, reverse

_MARK = "zq0key0qz"
_PLAIN = re.compile(r"[A-Za-z0-9_-]+\Z")
_AROUND: dict[tuple[str, str], tuple[str, str] | None] = {}


def path_for(name: str, key: str) -> str:
    """``reverse(name, args=[key])``.

    >>> path_for("games:api-match", "abc123") == reverse("games:api-match", args=["abc123"])
    True
    """
    if not _PLAIN.match(key):
        return reverse(name, args=[key])
    where = (name, get_script_prefix())
    around = _AROUND.get(where, False)
    if around is False:
        parts = reverse(name, args=[_MARK]).split(_MARK)
        around = _AROUND[where] = (parts[0], parts[1]) if len(parts) == 2 else None
    if around is None:
        return reverse(name, args=[key])
    return f"{around[0]}{key}{around[1]}"
