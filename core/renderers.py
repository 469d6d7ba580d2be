"""The site's JSON renderer: DRF's output, encoded by orjson. Shared by the archive's API and the
play API (games), so it lives below both."""
from __future__ import annotations

import json

import orjson
from rest_framework import renderers
from rest_framework.utils.encoders import JSONEncoder

_ORJSON_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS
_DRF = JSONEncoder()
# DRF escapes these two line separators, which JavaScript string literals do not accept raw.
_SEPARATORS = (("\u2028".encode(), b"\\u2028"), ("\u2029".encode(), b"\\u2029"))


def _default(obj):
    """What orjson leaves to Python, as DRF's encoder writes it (datetimes with "Z", decimals as
    numbers, lazy strings, querysets...)."""
    value = _DRF.default(obj)
    if isinstance(value, float) and value and not 1e-4 <= abs(value) < 1e16:
        return orjson.Fragment(json.dumps(value))  # Python's exponent, 1e-06 (orjson: 1e-6)
    return value


class JSONRenderer(renderers.JSONRenderer):
    """DRF's JSON renderer with orjson doing the encoding: the same bytes for what the API sends
    (UTF-8, compact; decimals, dates and text), several times faster on a 100-record page; a
    float given as a float may spell its exponent differently (1e16 for 1e+16), the same number.
    An indented answer (a client's ``; indent=4``) and anything orjson cannot take (integers
    beyond 64 bits) go through DRF's own encoder, which gives the answer or the error DRF would.
    (A float NaN, which no stored field holds, orjson writes as null where DRF would fail.)"""

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:
            return b""
        if self.get_indent(accepted_media_type or "", renderer_context or {}) is None:
            try:
                out = orjson.dumps(data, default=_default, option=_ORJSON_OPTIONS)
            except (TypeError, ValueError):
                pass
            else:
                for raw, escaped in _SEPARATORS:
                    if raw in out:
                        out = out.replace(raw, escaped)
                return out
        return super().render(data, accepted_media_type, renderer_context)
