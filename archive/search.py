"""The evidence text-search vector: its definition, and on PostgreSQL the stored column it lives in.

EVIDENCE_VECTOR is the definition. On PostgreSQL, migration 0007 (remade by 0008) stores it in a generated column,
``search_document`` of the evidence table, with a GIN index; the search matches and ranks from
that column (stored_vector()), so no row's vector is computed at query time. The column is not a
model field (SQLite has no tsvector and never gets the column), so it is read through an
expression bound to the evidence table's alias in each query, subqueries included.
tests/archive/test_models_postgres.py checks that the column still equals EVIDENCE_VECTOR.
"""
from __future__ import annotations

from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db.models import Expression
from django.db.models.expressions import Col

# 'simple' (no stemming, no stop words): the archive holds many languages and scripts.
EVIDENCE_VECTOR = (
    SearchVector("rules_text", config="simple", weight="B")
    + SearchVector("rules_summary", config="simple", weight="B")
    + SearchVector("content", config="simple", weight="B")
    + SearchVector("summary", config="simple", weight="B")
    + SearchVector("content_citation", config="simple", weight="C")
    + SearchVector("location_text", config="simple", weight="C")
    + SearchVector("kml", config="simple", weight="C")
    + SearchVector("date_text", config="simple", weight="D")
)

SEARCH_DOCUMENT_COLUMN = "search_document"

_search_document = SearchVectorField()
_search_document.set_attributes_from_name(SEARCH_DOCUMENT_COLUMN)


class StoredVector(Expression):
    """The evidence table's ``search_document`` column (PostgreSQL only), as a tsvector
    expression: resolved against the query's base table, it becomes a column reference that
    follows the table's alias when the query is nested as a subquery."""

    output_field = SearchVectorField()

    def resolve_expression(self, query=None, allow_joins=True, reuse=None, summarize=False, for_save=False):
        return Col(query.get_initial_alias(), _search_document, self.output_field)

    def as_sql(self, compiler, connection):  # pragma: no cover - always resolved to a Col first
        raise TypeError("StoredVector must be resolved against an evidence query")


def stored_vector() -> StoredVector:
    """The stored search vector of an evidence query's rows (PostgreSQL only)."""
    return StoredVector()
