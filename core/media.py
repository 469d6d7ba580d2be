"""Uploaded images served by the application, for deployments without a web server in front
that maps MEDIA_URL to MEDIA_ROOT (whitenoise serves static files only).

Only names the upload code itself makes are served (media/<16 hex>.jpg, thumbs/<16 hex>.jpg),
so no path from a request ever reaches the file system unchecked; every stored image has been
re-encoded as JPEG without metadata (archive.media)."""
from __future__ import annotations

import re

from django.conf import settings
from django.http import FileResponse, Http404, HttpRequest
from django.views.decorators.http import require_safe

STORED_NAME = re.compile(r"(media|thumbs)/[0-9a-f]{16}\.jpg")


@require_safe
def serve_media(request: HttpRequest, path: str) -> FileResponse:
    if not STORED_NAME.fullmatch(path):
        raise Http404("No such media file")
    try:
        handle = (settings.MEDIA_ROOT / path).open("rb")
    except (FileNotFoundError, IsADirectoryError):
        raise Http404("No such media file") from None
    response = FileResponse(handle, content_type="image/jpeg")
    # Names are random and never reused for other content: cache for a year.
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response
