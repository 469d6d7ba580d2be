"""PostgreSQL only: the evidence text-search vector stored in its own column, indexed with GIN.

Migration 0003 indexed the vector as an expression: matching used the index, but ranking had to
compute the vector again from the text of every matching row (to_tsvector on ~14,000 rows for a
common word in 20,000 records, over a second). Here the vector is a stored generated column,
``search_document``, which PostgreSQL keeps up to date on every insert and update (bulk_create
and raw SQL included); the search matches and ranks from it (archive.search.stored_vector), and
the expression index, now unused, is dropped.

The column is not a model field: SQLite could not compute it, and Django never writes it (a
generated column is left out of INSERT and UPDATE by name). SQLite is untouched by this
migration.

The expression is archive.search.EVIDENCE_VECTOR as it stands when this migration is written,
spelled out in SQL (migrations must not follow live code): the same SQL Django compiles that
vector to, so the stored vectors equal the ones 0003 indexed. Adding the column rewrites the
table once, under an exclusive lock (seconds for tens of thousands of records).
"""
from __future__ import annotations

from django.db import migrations

TABLE = "archive_evidence"
COLUMN = "search_document"
INDEX_NAME = "evidence_search_document"
OLD_INDEX_NAME = "evidence_search_vector"

VECTOR_SQL = (
    "setweight(to_tsvector('simple'::regconfig, COALESCE(rules_text, ''::text)), 'B')"
    " || setweight(to_tsvector('simple'::regconfig, COALESCE(content, ''::text)), 'B')"
    " || setweight(to_tsvector('simple'::regconfig, COALESCE(summary, ''::text)), 'B')"
    " || setweight(to_tsvector('simple'::regconfig, COALESCE(content_citation, ''::text)), 'C')"
    " || setweight(to_tsvector('simple'::regconfig, COALESCE(location_text, ''::text)), 'C')"
    " || setweight(to_tsvector('simple'::regconfig, COALESCE(date_text, ''::character varying)::text), 'D')"
)


def add_search_document(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        f"ALTER TABLE {TABLE} ADD COLUMN {COLUMN} tsvector GENERATED ALWAYS AS ({VECTOR_SQL}) STORED"
    )
    schema_editor.execute(f"CREATE INDEX {INDEX_NAME} ON {TABLE} USING gin ({COLUMN})")
    schema_editor.execute(f"DROP INDEX IF EXISTS {OLD_INDEX_NAME}")


def remove_search_document(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    # Back to 0003's expression index (the same expression), then drop the column and its index.
    schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {OLD_INDEX_NAME} ON {TABLE} USING gin (({VECTOR_SQL}))")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX_NAME}")
    schema_editor.execute(f"ALTER TABLE {TABLE} DROP COLUMN IF EXISTS {COLUMN}")


class Migration(migrations.Migration):
    dependencies = [("archive", "0006_evidence_facet_and_game_indexes")]

    operations = [migrations.RunPython(add_search_document, remove_search_document, elidable=False)]
