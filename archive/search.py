"""The evidence text-search vector: its definition, and on PostgreSQL the stored column it lives in.

EVIDENCE_VECTOR is the definition. On PostgreSQL, migration 0007 (remade by 0008) stores it in a generated column,
``search_document`` of the evidence table, with a GIN index; the search matches and ranks from
that column (stored_vector()), so no row's vector is computed at query time. The column is not a
model field (SQLite has no tsvector and never gets the column), so it is read through an
expression bound to the evidence table's alias in each query, subqueries included.
tests/archive/test_models_postgres.py checks that the column still equals EVIDENCE_VECTOR.

Accents and case are folded on both databases. PostgreSQL: the text search configuration
``archive_folded`` (migration 0012) runs every word through the ``unaccent`` dictionary and then
'simple' (which lower-cases), for the stored vectors and the queries alike. SQLite: ``fold`` below,
registered on the connection as the SQL function ``archive_fold``, applied to both sides of the
comparison. The two agree on the letters of the archive's languages (Ş, ş, İ, ı, ö, ü, ç, ğ, é...).
"""
from __future__ import annotations

import unicodedata

from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db.models import Expression, F, Func, Q, TextField
from django.db.models.lookups import Contains
from django.db.models.expressions import Col

# 'simple' after 'unaccent' (no stemming, no stop words): the archive holds many languages and
# scripts. Made by migration 0012.
SEARCH_CONFIG = "archive_folded"

EVIDENCE_VECTOR = (
    SearchVector("rules_text", config=SEARCH_CONFIG, weight="B")
    + SearchVector("rules_summary", config=SEARCH_CONFIG, weight="B")
    + SearchVector("content", config=SEARCH_CONFIG, weight="B")
    + SearchVector("summary", config=SEARCH_CONFIG, weight="B")
    + SearchVector("content_citation", config=SEARCH_CONFIG, weight="C")
    + SearchVector("location_text", config=SEARCH_CONFIG, weight="C")
    + SearchVector("kml", config=SEARCH_CONFIG, weight="C")
    + SearchVector("date_text", config=SEARCH_CONFIG, weight="D")
)

# Letters that carry no combining mark to drop, folded as PostgreSQL's unaccent rules fold them.
_LETTERS = str.maketrans({"ı": "i", "ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
                          "đ": "d", "Đ": "D", "œ": "oe", "Œ": "OE", "þ": "th", "Þ": "TH"})


def fold(text: str | None) -> str | None:
    """Text with its accents dropped and its case folded: "ŞEŞ-BEŞ" -> "ses-bes"."""
    if text is None:
        return None
    decomposed = unicodedata.normalize("NFKD", str(text).translate(_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def register_fold(sender=None, connection=None, **kwargs) -> None:
    """Make ``archive_fold`` (fold) callable in SQL on each new SQLite connection: connected to
    Django's ``connection_created`` (archive.apps). Registered once, as the connection opens:
    registering it before each search failed ("Error creating function") whenever another
    statement was still running on the connection, as when a live test server's thread shares
    the test's in-memory database."""
    if connection is not None and connection.vendor == "sqlite":
        connection.connection.create_function("archive_fold", 1, fold, deterministic=True)


class Folded(Func):
    """A column folded: by ``archive_fold`` on SQLite (see register_fold), by ``unaccent`` and
    ``lower`` on PostgreSQL (its unaccent rules fold the same letters)."""

    function = "archive_fold"
    output_field = TextField()

    def __init__(self, column: str):
        super().__init__(F(column))

    def as_postgresql(self, compiler, connection, **extra_context):
        return self.as_sql(compiler, connection, template="lower(unaccent(%(expressions)s))", **extra_context)


def folded_contains(column: str, value: str) -> Q:
    """Rows whose ``column`` holds ``value``, accents and case folded on both sides ("şeş" and
    "ŞEŞ" find "Şeş-Beş", as the evidence search does): SQLite's LIKE folds ASCII letters only."""
    return Q(Contains(Folded(column), fold(value)))


class PlaceNameVector(Func):
    """A place's name as a tsvector in the search configuration (PostgreSQL only): the very
    expression of the place names' GIN index (migration 0012), so matching uses it."""

    template = f"to_tsvector('{SEARCH_CONFIG}'::regconfig, %(expressions)s)"
    output_field = SearchVectorField()


def place_name_vector() -> PlaceNameVector:
    return PlaceNameVector(F("name"))

SEARCH_DOCUMENT_COLUMN = "search_document"

_search_document = SearchVectorField()
_search_document.set_attributes_from_name(SEARCH_DOCUMENT_COLUMN)


class StoredVector(Expression):
    """The evidence table's ``search_document`` column (PostgreSQL only), as a tsvector
    expression: resolved against the query's base table, it becomes a column reference that
    follows the table's alias when the query is nested as a subquery."""

    output_field = SearchVectorField()

    def resolve_expression(self, query=None, allow_joins=True, reuse=None, summarize=False, for_save=False):
        # A field names its model; Django hashes expressions by field and model (a count over
        # rows annotated with a rank built from this column does).
        _search_document.model = query.model
        return Col(query.get_initial_alias(), _search_document, self.output_field)

    def as_sql(self, compiler, connection):  # pragma: no cover - always resolved to a Col first
        raise TypeError("StoredVector must be resolved against an evidence query")


def stored_vector() -> StoredVector:
    """The stored search vector of an evidence query's rows (PostgreSQL only)."""
    return StoredVector()


# --- Whole words and word beginnings ---------------------------------------------------------------
# A search is read as words: runs of letters and digits of the folded text, everything else a
# separator (as both databases' tokenizers cut the records' text). Each word typed must be in the
# record, as a word or as the beginning of one ("Şeş" finds "Şeş-Beş" and "sesame", never
# "Ptahshepses"). The queries are built from these words alone, so nothing typed can reach either
# database's query syntax (quotes, operators, NUL are separators here).

#: Words read from one search, and the letters kept of each: more is not a search for words.
MAX_TERMS = 16
MAX_TERM_LENGTH = 64


def search_terms(text: str | None) -> list[str]:
    """The words of a search, folded (fold), without repeats: "Şeş-Beş, ŞEŞ!" -> ["ses", "bes"]."""
    words = "".join(c if c.isalnum() else " " for c in fold(text or "")).split()
    return list(dict.fromkeys(w[:MAX_TERM_LENGTH] for w in words))[:MAX_TERMS]


def fts5_query(terms: list[str]) -> str:
    """SQLite FTS5 query: every term as a word or a word's beginning. The whole word is asked
    too, so a record holding the word itself ranks above one holding only longer words."""
    return " AND ".join(f'("{t}" OR "{t}"*)' for t in terms)


def tsquery_text(terms: list[str], join: str = "&", prefix: bool = True) -> str:
    """PostgreSQL to_tsquery text of the same query (fts5_query): ``join`` "|" for any of the
    terms, ``prefix`` False for the words themselves only."""
    return f" {join} ".join(f"('{t}' | '{t}':*)" if prefix else f"'{t}'" for t in terms)
