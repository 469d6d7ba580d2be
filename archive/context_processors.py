from __future__ import annotations

from django.conf import settings


def site(request) -> dict:
    return {"MAP_TILE_URL": settings.MAP_TILE_URL, "MAP_TILE_ATTRIBUTION": settings.MAP_TILE_ATTRIBUTION}
