"""The evidence text-search vector, one definition for the query and its PostgreSQL index."""
from __future__ import annotations

from django.contrib.postgres.search import SearchVector

# 'simple' (no stemming, no stop words): the archive holds many languages and scripts.
EVIDENCE_VECTOR = (
    SearchVector("rules_text", config="simple", weight="B")
    + SearchVector("content", config="simple", weight="B")
    + SearchVector("summary", config="simple", weight="B")
    + SearchVector("content_citation", config="simple", weight="C")
    + SearchVector("location_text", config="simple", weight="C")
    + SearchVector("date_text", config="simple", weight="D")
)
