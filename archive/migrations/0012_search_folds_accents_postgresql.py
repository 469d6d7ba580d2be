"""Search that folds accents and case on PostgreSQL: "ses-bes", "Ses Bes" and "ŞEŞ-BEŞ" all
find Şeş-Beş.

PostgreSQL only (SQLite folds through the function archive.search.register_fold makes, and needs
nothing here):

* the ``unaccent`` extension (bundled with PostgreSQL; creating it needs a role allowed to, as
  the README's setup has);
* the text search configuration ``archive_folded``: a copy of 'simple' whose words go through
  ``unaccent`` and then 'simple' (lower case, no stemming, no stop words);
* the stored ``search_document`` column of migrations 0007 and 0008 made again in that
  configuration (a generated column's expression cannot be altered in place: it is dropped and
  added, one rewrite of the table), with its GIN index;
* a GIN index on the places' names in that configuration, so a search matches place names
  through an index (archive.search.place_name_vector is the same expression).

The SQL is spelled out here (migrations must not follow live code): what
archive.search.EVIDENCE_VECTOR compiles to.
"""
from django.db import migrations

TABLE = "archive_evidence"
COLUMN = "search_document"
INDEX_NAME = "evidence_search_document"
PLACE_INDEX = "place_name_search"
CONFIG = "archive_folded"


def vector_sql(config: str) -> str:
    return (
        f"setweight(to_tsvector('{config}'::regconfig, COALESCE(rules_text, ''::text)), 'B')"
        f" || setweight(to_tsvector('{config}'::regconfig, COALESCE(rules_summary, ''::text)), 'B')"
        f" || setweight(to_tsvector('{config}'::regconfig, COALESCE(content, ''::text)), 'B')"
        f" || setweight(to_tsvector('{config}'::regconfig, COALESCE(summary, ''::text)), 'B')"
        f" || setweight(to_tsvector('{config}'::regconfig, COALESCE(content_citation, ''::text)), 'C')"
        f" || setweight(to_tsvector('{config}'::regconfig, COALESCE(location_text, ''::text)), 'C')"
        f" || setweight(to_tsvector('{config}'::regconfig, COALESCE(kml, ''::character varying)::text), 'C')"
        f" || setweight(to_tsvector('{config}'::regconfig, COALESCE(date_text, ''::character varying)::text), 'D')"
    )


def _remake(schema_editor, config: str) -> None:
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX_NAME}")
    schema_editor.execute(f"ALTER TABLE {TABLE} DROP COLUMN IF EXISTS {COLUMN}")
    schema_editor.execute(
        f"ALTER TABLE {TABLE} ADD COLUMN {COLUMN} tsvector GENERATED ALWAYS AS ({vector_sql(config)}) STORED"
    )
    schema_editor.execute(f"CREATE INDEX {INDEX_NAME} ON {TABLE} USING gin ({COLUMN})")


def fold(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS unaccent")
    schema_editor.execute(f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {CONFIG}")
    schema_editor.execute(f"CREATE TEXT SEARCH CONFIGURATION {CONFIG} (COPY = simple)")
    schema_editor.execute(
        f"ALTER TEXT SEARCH CONFIGURATION {CONFIG} ALTER MAPPING FOR"
        " asciiword, asciihword, hword_asciipart, word, hword, hword_part, numword, numhword, hword_numpart"
        " WITH unaccent, simple"
    )
    _remake(schema_editor, CONFIG)
    schema_editor.execute(
        f"CREATE INDEX {PLACE_INDEX} ON archive_place USING gin (to_tsvector('{CONFIG}'::regconfig, name))"
    )


def unfold(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP INDEX IF EXISTS {PLACE_INDEX}")
    _remake(schema_editor, "simple")
    schema_editor.execute(f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {CONFIG}")


class Migration(migrations.Migration):

    dependencies = [
        ("archive", "0011_published_state_and_link_schemes"),
    ]

    operations = [migrations.RunPython(fold, unfold, elidable=False)]
