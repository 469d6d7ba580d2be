"""The API's renderers: JSON (DRF's output, encoded by orjson), CSV and GeoJSON for evidence
pages (flat records from archive.api.exports), JSON-LD, BibTeX, CSL-JSON and RIS."""
from __future__ import annotations

from rest_framework import renderers

from archive.api import exports
from core.renderers import JSONRenderer  # noqa: F401  (the API's JSON; imported from here too)


class CSVRenderer(renderers.BaseRenderer):
    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:  # 204 No Content (a DELETE asked for ?format=csv)
            return b""
        if not isinstance(data, list):
            # An error ({"detail": ...}) or a write's answer (one record, as JSON: numbers as DRF writes them).
            return JSONRenderer().render(data)
        return "".join(exports.csv_lines(data)).encode("utf-8")


class GeoJSONRenderer(renderers.BaseRenderer):
    media_type = "application/geo+json"
    format = "geojson"
    charset = None

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:
            return b""
        if not isinstance(data, list):
            return JSONRenderer().render(data)
        return "".join(exports.geojson_chunks(data)).encode("utf-8")


class JSONLDRenderer(JSONRenderer):
    """Takes what the view prepared as linked data (see views: jsonld)."""

    media_type = "application/ld+json"
    format = "jsonld"


class BibTeXRenderer(renderers.BaseRenderer):
    media_type = "application/x-bibtex"
    format = "bibtex"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, str):
            # An empty list is a BibTeX comment, not an empty body (an empty body loses its
            # Content-Type in DRF, which an outside check flagged).
            return (data or "% No entries match.\n").encode("utf-8")
        # An error, or what OPTIONS describes (lazy texts included): as the API's JSON.
        return JSONRenderer().render(data)


class RISRenderer(renderers.BaseRenderer):
    media_type = "application/x-research-info-systems"
    format = "ris"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, str):
            # No entries: a blank line, which RIS readers skip (an empty body would lose its Content-Type).
            return (data or "\r\n").encode("utf-8")
        return JSONRenderer().render(data)


class CSLJSONRenderer(JSONRenderer):
    media_type = "application/vnd.citationstyles.csl+json"
    format = "csl"
