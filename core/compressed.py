"""Responses kept in the shared cache with a gzipped copy beside them, so that GZipMiddleware does
not compress the same bytes again for every client that accepts gzip (2-3 ms for a 200-280 KB
page, more than building an API list page from its stored documents). Nothing kept this way may
be secret or personal: one compressed copy for everyone gives BREACH nothing to read."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.gzip import re_accepts_gzip
from django.utils.cache import patch_vary_headers
from django.utils.text import compress_string

# GZipMiddleware leaves shorter responses alone.
MIN_LENGTH = 200


def accepts_gzip(request: HttpRequest) -> bool:
    return bool(re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")))


def compressed_copy(content: bytes) -> bytes | None:
    """The gzipped copy worth keeping (None when the content is too short to be compressed)."""
    return compress_string(content) if len(content) >= MIN_LENGTH else None


def send_compressed(request: HttpRequest, response: HttpResponseBase, compressed: bytes | None) -> HttpResponseBase:
    """``response`` (its content the uncompressed bytes) with ``compressed`` as its body for a
    client that accepts gzip, when that is smaller; marked to vary on Accept-Encoding either way
    (GZipMiddleware leaves a response that has a Content-Encoding alone)."""
    if compressed is not None and len(compressed) < len(response.content) and accepts_gzip(request):
        response.content = compressed
        response["Content-Encoding"] = "gzip"
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


def kept_response(request: HttpRequest, content: bytes, content_type: str, compressed: bytes | None) -> HttpResponse:
    """A kept page as the response to ``request``: compressed if the client accepts gzip."""
    return send_compressed(request, HttpResponse(content, content_type=content_type), compressed)
