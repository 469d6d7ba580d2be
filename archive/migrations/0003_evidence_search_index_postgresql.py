"""The GIN index behind evidence full-text search, on PostgreSQL only (SQLite has no use for it).

The expression is copied from archive.search.EVIDENCE_VECTOR as it stood when this migration was
written (migrations must not follow live code); tests/archive/test_models_postgres.py checks that
the query planner can still use it for evidence_search.
"""
from __future__ import annotations

from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector
from django.db import migrations

INDEX_NAME = "evidence_search_vector"


def search_index():
    vector = (
        SearchVector("rules_text", config="simple", weight="B")
        + SearchVector("content", config="simple", weight="B")
        + SearchVector("summary", config="simple", weight="B")
        + SearchVector("content_citation", config="simple", weight="C")
        + SearchVector("location_text", config="simple", weight="C")
        + SearchVector("date_text", config="simple", weight="D")
    )
    return GinIndex(vector, name=INDEX_NAME)


def add_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.add_index(apps.get_model("archive", "Evidence"), search_index())


def remove_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.remove_index(apps.get_model("archive", "Evidence"), search_index())


class Migration(migrations.Migration):
    dependencies = [("archive", "0002_clause_quotations_summary_and_choice_constraints")]

    operations = [migrations.RunPython(add_index, remove_index, elidable=False)]
