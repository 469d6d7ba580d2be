"""Reads: the queries pages and the API share (HackSoft style: writes live in services.py)."""
from __future__ import annotations

from django.db import connection
from django.db.models import Q, QuerySet

SEARCH_FIELDS = ("rules_text", "content", "content_citation", "location_text", "date_text", "game__name")


def on_postgres() -> bool:
    return connection.vendor == "postgresql"


def evidence_search(queryset: QuerySet, q: str) -> QuerySet:
    """Full-text search of evidence: PostgreSQL's text search where we have it (ranked, stemmed
    in the 'simple' configuration so every language is treated alike); on SQLite, every word must
    appear somewhere (case-insensitive substring match)."""
    q = (q or "").strip()
    if not q:
        return queryset
    if on_postgres():
        from django.contrib.postgres.search import SearchQuery, SearchRank

        from archive.search import EVIDENCE_VECTOR

        query = SearchQuery(q, config="simple", search_type="websearch")
        return (
            queryset.annotate(search_rank=SearchRank(EVIDENCE_VECTOR, query))
            .filter(Q(search_rank__gt=0) | Q(game__names__name__icontains=q) | Q(game__name__icontains=q))
            .distinct()
        )
    condition = Q()
    for word in q.split():
        word_q = Q()
        for field in SEARCH_FIELDS:
            word_q |= Q(**{f"{field}__icontains": word})
        condition &= word_q
    return queryset.filter(condition)
