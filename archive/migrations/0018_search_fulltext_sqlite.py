"""Full-text search with ranking on SQLite: an FTS5 index of the evidence records, kept in step
with them by triggers, so that a search matches whole words and word beginnings (not the middle
of a word: "Şeş" no longer finds Ptahshepses) and ranks what it finds.

SQLite only (PostgreSQL searches its stored ``search_document``, migrations 0007-0012):

* the FTS5 table ``archive_evidence_search``, one row per record (its rowid the record's id), in
  four columns ranked by weight: ``names`` (the game's names and the record's place names),
  ``body`` (summary, rules, content), ``context`` (citation, location, the DLP's KML name) and
  ``dates`` (the date as written). Every value is stored folded by ``archive_fold``
  (archive.search.fold: accents dropped, case folded, as the PostgreSQL configuration folds),
  and the tokenizer is unicode61 with its own diacritics removal besides;
* its ranking, BM25 with those columns' weights, kept in the table's configuration so that its
  ``rank`` column gives it;
* triggers on the records, their places, their games and the games' other names, which write a
  record's row again whenever anything it holds changes (a bulk insert, a raw UPDATE and a
  restore's loaddata included: no application code has to remember it).

The triggers call ``archive_fold``, which Django registers on each of its SQLite connections
(archive.search.register_fold): a write from another program (the sqlite3 shell) to these tables
fails with "no such function" rather than leaving the index behind. Reading needs nothing.

The SQL is spelled out here (migrations must not follow live code); archive.search builds the
queries that read it.

A later migration that makes SQLite rebuild one of those tables (most field changes on
archive_evidence, archive_place, archive_game or archive_gamename do) must drop the triggers
first and make them again after (``drop`` and ``create`` here, as a RunPython before and after):
while the table is rebuilt, SQLite refuses triggers that name it ("error in trigger ...: no such
table"). That is why this migration follows 0017, which adds fields to archive_place.
"""
import django.db.models.deletion
from django.db import migrations, models

TABLE = "archive_evidence_search"
WEIGHTS = "bm25(6.0, 2.0, 1.0, 0.5)"

# One record's row: ``{where}`` picks the records (by the alias e of archive_evidence).
DOCUMENT = (
    f"INSERT INTO {TABLE} (rowid, names, body, context, dates)"
    " SELECT e.id,"
    " archive_fold(COALESCE((SELECT g.name FROM archive_game g WHERE g.id = e.game_id), '')"
    " || ' ' || COALESCE((SELECT group_concat(n.name, ' ') FROM archive_gamename n WHERE n.game_id = e.game_id), '')"
    " || ' ' || COALESCE((SELECT group_concat(p.name, ' ') FROM archive_place p WHERE p.evidence_id = e.id), '')),"
    " archive_fold(COALESCE(e.summary, '') || ' ' || COALESCE(e.rules_text, '') || ' '"
    " || COALESCE(e.rules_summary, '') || ' ' || COALESCE(e.content, '')),"
    " archive_fold(COALESCE(e.content_citation, '') || ' ' || COALESCE(e.location_text, '') || ' ' || COALESCE(e.kml, '')),"
    " archive_fold(COALESCE(e.date_text, ''))"
    " FROM archive_evidence e WHERE {where};"
)


def _rewrite(where: str, forget: str) -> str:
    """Statements that write again the rows of the records ``where`` picks (``forget``: the
    rowids to drop first, as SQL over the same records)."""
    return f"DELETE FROM {TABLE} WHERE rowid IN ({forget}); " + DOCUMENT.format(where=where)


def _record(ref: str) -> str:
    return _rewrite(f"e.id = {ref}", f"SELECT {ref}")


def _game(ref: str) -> str:
    return _rewrite(f"e.game_id = {ref}", f"SELECT id FROM archive_evidence WHERE game_id = {ref}")


TEXT_COLUMNS = "summary, rules_text, rules_summary, content, content_citation, location_text, kml, date_text, game_id"

TRIGGERS = {
    "archive_evidence_search_ai": f"AFTER INSERT ON archive_evidence BEGIN {DOCUMENT.format(where='e.id = new.id')} END",
    "archive_evidence_search_au": f"AFTER UPDATE OF id, {TEXT_COLUMNS} ON archive_evidence BEGIN"
    f" DELETE FROM {TABLE} WHERE rowid = old.id; {DOCUMENT.format(where='e.id = new.id')} END",
    "archive_evidence_search_ad": f"AFTER DELETE ON archive_evidence BEGIN DELETE FROM {TABLE} WHERE rowid = old.id; END",
    "archive_place_search_ai": f"AFTER INSERT ON archive_place BEGIN {_record('new.evidence_id')} END",
    "archive_place_search_au": f"AFTER UPDATE OF name, evidence_id ON archive_place BEGIN"
    f" {_record('old.evidence_id')} {_record('new.evidence_id')} END",
    "archive_place_search_ad": f"AFTER DELETE ON archive_place BEGIN {_record('old.evidence_id')} END",
    "archive_game_search_ai": f"AFTER INSERT ON archive_game BEGIN {_game('new.id')} END",
    "archive_game_search_au": f"AFTER UPDATE OF id, name ON archive_game BEGIN {_game('old.id')} {_game('new.id')} END",
    "archive_gamename_search_ai": f"AFTER INSERT ON archive_gamename BEGIN {_game('new.game_id')} END",
    "archive_gamename_search_au": f"AFTER UPDATE OF name, game_id ON archive_gamename BEGIN"
    f" {_game('old.game_id')} {_game('new.game_id')} END",
    "archive_gamename_search_ad": f"AFTER DELETE ON archive_gamename BEGIN {_game('old.game_id')} END",
}


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "sqlite":
        return
    schema_editor.execute(
        f"CREATE VIRTUAL TABLE {TABLE} USING fts5(names, body, context, dates,"
        " tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')"
    )
    schema_editor.execute(f"INSERT INTO {TABLE} ({TABLE}, rank) VALUES ('rank', '{WEIGHTS}')")
    for name, body in TRIGGERS.items():
        schema_editor.execute(f"CREATE TRIGGER {name} {body}")
    schema_editor.execute(DOCUMENT.format(where="1").rstrip(";"))


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "sqlite":
        return
    for name in TRIGGERS:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {name}")
    schema_editor.execute(f"DROP TABLE IF EXISTS {TABLE}")


class Migration(migrations.Migration):

    dependencies = [
        ("archive", "0017_places_from_names"),
    ]

    operations = [
        migrations.CreateModel(
            name="EvidenceSearch",
            fields=[
                ("evidence", models.OneToOneField(db_column="rowid", on_delete=django.db.models.deletion.DO_NOTHING,
                                                  primary_key=True, related_name="search_row", serialize=False,
                                                  to="archive.evidence")),
                ("document", models.TextField(db_column="archive_evidence_search")),
                ("rank", models.FloatField(db_column="rank")),
            ],
            options={"db_table": "archive_evidence_search", "managed": False},
        ),
        migrations.RunPython(create, drop, elidable=False),
    ]
