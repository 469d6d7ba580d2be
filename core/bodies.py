"""Request bodies over the site's limit (``DATA_UPLOAD_MAX_MEMORY_SIZE``): a 413 in the API's
own JSON, naming the limit, instead of Django's HTML "Bad Request (400)" page."""
from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def body_too_big() -> str:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return f"the body is larger than this site takes ({limit:,} bytes at most)"


def exception_handler(exc, context):
    """DRF's handler, and a body over the limit as a 413 with ``detail`` (the archive API's form)."""
    if isinstance(exc, RequestDataTooBig):
        return Response({"detail": body_too_big()}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    return drf_exception_handler(exc, context)
