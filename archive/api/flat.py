"""The evidence list's JSON built from flat rows: one query for the page's records and one per
related set, no model instances and no nested serializers.

The output is exactly what EvidenceSerializer gives for the same records (the same keys in the
same order, the same value types: decimals as strings with six places, datetimes as DRF writes
them, lists in the related models' default order); tests/archive/test_api_flat.py compares the
two over many records. The serializer stays the definition for the detail view and for writes.
"""
from __future__ import annotations

from collections import defaultdict
import decimal
from decimal import Decimal
from urllib.parse import quote

from django.db import connection
from django.urls import reverse
from django.utils import timezone
from rest_framework.fields import DateTimeField

from archive import years
from archive.api.exports import public_extra
from archive.identifiers import dlp_identifier
from archive.models import Evidence, EvidenceType, Place, Source

# The evidence columns read for a page (values(), one query), in the serializer's terms.
BASE_FIELDS = [
    "id", "ref", "dlp_id", "type", "game__slug", "game__name", "ruleset__slug", "ruleset_id", "start_year", "end_year", "start_date", "end_date",
    "date_precision", "date_reversed", "date_text", "location_text", "summary", "rules_text", "rules_summary",
    "content", "content_citation", "confidence", "kml", "recorded_by", "verified", "dlp_added", "dlp_extra",
    "created", "updated",
]
# Vocabulary links written by name, in the vocabularies' order (dlp_id, name), as prefetching them does.
NAME_LINKS = ["ages", "genders", "social_statuses", "spaces", "uncertainty_factors", "concepts"]
SOURCE_BRIEF = ["ref", "dlp_id", "kind", "citation", "authors", "year", "title", "url"]
TYPE_LABELS = {value: str(label) for value, label in EvidenceType.choices}
SIX_PLACES = Decimal("0.000001")
# SQLite keeps 15 significant digits of a decimal column (as Django's own converter reads it).
_DECIMAL_CONTEXT = decimal.Context(prec=15)
# Characters reverse() leaves unquoted in a path argument (django.urls.resolvers).
_PATH_SAFE = "!$&'()*+,;=" + "/~:@"
_datetime = DateTimeField()


def _iso(value, tz) -> str | None:
    """As DRF's DateTimeField writes an aware datetime: in the current time zone, UTC as Z."""
    if not value:
        return None
    if value.tzinfo is None:
        return _datetime.to_representation(value)
    text = value.astimezone(tz).isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def _degrees(value: Decimal) -> str:
    # As DRF's DecimalField(max_digits=9, decimal_places=6) writes it.
    return format(value.quantize(SIX_PLACES), "f")


def url_template(view_name: str, kwarg: str) -> tuple[str, str]:
    """The URL of ``view_name`` split around its one argument, so each record's URL is a join."""
    marker = "XARGUMENTX"
    url = reverse(view_name, kwargs={kwarg: marker})
    head, _, tail = url.partition(marker)
    return head, tail


def _in(ids: list[int]) -> tuple[str, list]:
    """``IN (...)`` for a page's ids, and its parameters. PostgreSQL gets one array parameter
    (``= ANY(%s)``): a hundred separate ones, bound into the text on the client, cost more to
    write and to plan than the query costs to run."""
    if connection.vendor == "postgresql":
        return "= ANY(%s)", [list(ids)]
    return f"IN ({', '.join(['%s'] * len(ids))})", list(ids)


def _names_sql() -> str:
    """One query for every vocabulary link of a page: (link index, evidence id, name), each
    link's names in its vocabulary's order (dlp_id, name), as prefetching them gives."""
    q = connection.ops.quote_name
    parts = []
    for index, field in enumerate(NAME_LINKS):
        relation = getattr(Evidence, field)
        through, target = relation.through, relation.field.related_model
        through_table, target_table = q(through._meta.db_table), q(target._meta.db_table)
        target_column = q(relation.field.m2m_reverse_name())
        owner_column = q(relation.field.m2m_column_name())
        parts.append(
            f"SELECT {index} AS link, t.{owner_column} AS evidence_id, v.{q('name')} AS name, v.{q('dlp_id')} AS dlp_id, "
            f"t.{q('id')} AS row_id FROM {through_table} t JOIN {target_table} v ON v.{q('id')} = t.{target_column} "
            f"WHERE t.{owner_column} {{ids}}"
        )
    # Every vocabulary is ordered (dlp_id, name): tests/archive/test_api_flat.py checks the output.
    return " UNION ALL ".join(parts) + " ORDER BY 1, 2, 4, 3, 5"


def _names(ids: list[int]) -> dict[str, dict[int, list[str]]]:
    grouped: dict[str, dict[int, list[str]]] = {field: defaultdict(list) for field in NAME_LINKS}
    lists = [grouped[field] for field in NAME_LINKS]
    with connection.cursor() as cursor:
        match, params = _in(ids)
        cursor.execute(_names_sql().replace("{ids}", match), params * len(NAME_LINKS))
        for link, evidence_id, name, _dlp_id, _row in cursor.fetchall():
            lists[link][evidence_id].append(name)
    return grouped


def _sources(ids: list[int]) -> dict[int, list[dict]]:
    q = connection.ops.quote_name
    through = Evidence.sources.through
    columns = ", ".join(f"s.{q(Source._meta.get_field(f).column)}" for f in SOURCE_BRIEF)
    order = ", ".join(f"s.{q(Source._meta.get_field(term).column)}" for term in Source._meta.ordering)
    match, params = _in(ids)
    sql = (
        f"SELECT t.{q('evidence_id')}, {columns} FROM {q(through._meta.db_table)} t "
        f"JOIN {q(Source._meta.db_table)} s ON s.{q('id')} = t.{q('source_id')} "
        f"WHERE t.{q('evidence_id')} {match} ORDER BY t.{q('evidence_id')}, {order}, t.{q('id')}"
    )
    return _grouped(sql, params, lambda values: dict(zip(SOURCE_BRIEF, values)))


def _places(ids: list[int]) -> dict[int, list[dict]]:
    q = connection.ops.quote_name
    match, params = _in(ids)
    sql = (
        f"SELECT {q('evidence_id')}, {q('name')}, {q('latitude')}, {q('longitude')}, {q('coordinates_text')}, {q('note')}, "
        f"{q('precision')}, {q('geonames_id')}, {q('geonames_same')} "
        f"FROM {q(Place._meta.db_table)} WHERE {q('evidence_id')} {match} "
        f"ORDER BY {q('evidence_id')}, {q('order')}, {q('id')}"
    )
    # SQLite hands back floats or text for a decimal column: read it as Django would.
    return _grouped(sql, params, lambda row: {
        "name": row[0], "latitude": _degrees(_decimal(row[1])), "longitude": _degrees(_decimal(row[2])),
        "coordinates_text": row[3], "note": row[4], "placed_from_name": row[5], "geonames_id": row[6],
        "geonames_same": bool(row[7]),
    })


def _grouped(sql: str, params: list, item) -> dict[int, list[dict]]:
    """Rows (evidence id, ...) in order, as {evidence id: [item(rest of the row), ...]}."""
    grouped: dict[int, list[dict]] = defaultdict(list)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        for evidence_id, *values in cursor.fetchall():
            grouped[evidence_id].append(item(values))
    return grouped


def _decimal(value) -> Decimal:
    if isinstance(value, Decimal):
        return value
    return _DECIMAL_CONTEXT.create_decimal_from_float(value) if isinstance(value, float) else Decimal(value)


def evidence_rows(rows: list[dict], request) -> list[dict]:
    """The records of ``rows`` (dicts with at least BASE_FIELDS, in page order) as the list's JSON."""
    return evidence_records(rows, origin=request.build_absolute_uri("/")[:-1])


def evidence_records(rows: list[dict], *, origin: str) -> list[dict]:
    """As evidence_rows, with ``api_url`` starting with ``origin`` (scheme and host; "" for the
    path alone, as archive.documents stores it)."""
    if not rows:
        return []
    ids = [row["id"] for row in rows]
    places = _places(ids)
    names = _names(ids)
    sources = _sources(ids)
    api_head, api_tail = url_template("api:evidence-detail", "identifier")
    api_head = origin + api_head
    html_head, html_tail = url_template("archive:evidence", "identifier")
    tz = timezone.get_current_timezone()
    out = []
    for row in rows:
        pk = row["id"]
        identifier = dlp_identifier("Evidence", row["dlp_id"]) or row["ref"]
        quoted = quote(identifier, safe=_PATH_SAFE)
        start, end = row["start_year"], row["end_year"]
        dates = {"start_date": row["start_date"], "end_date": row["end_date"], "precision": row["date_precision"]}
        brief = sources.get(pk, [])
        extra = row["dlp_extra"]
        out.append({
            "identifier": identifier,
            "ref": row["ref"],
            "dlp_id": row["dlp_id"],
            "api_url": f"{api_head}{quoted}{api_tail}",
            "html_url": f"{html_head}{quoted}{html_tail}",
            "type": row["type"],
            "type_label": TYPE_LABELS.get(row["type"], row["type"]),
            "game": row["game__slug"],
            "game_name": row["game__name"],
            "ruleset": row["ruleset__slug"],
            "ruleset_id": row["ruleset_id"],
            "start_year": start,
            "end_year": end,
            "start_date": row["start_date"],
            "end_date": row["end_date"],
            "date_precision": row["date_precision"],
            "date_reversed": row["date_reversed"],
            "date_text": row["date_text"],
            "date_edtf": years.edtf(start, end, **dates),
            "date_label": years.date_label(start, end, reversed=row["date_reversed"], **dates) or row["date_text"],
            "location_text": row["location_text"],
            "places": places.get(pk, []),
            "summary": row["summary"],
            "rules_text": row["rules_text"],
            "rules_summary": row["rules_summary"],
            "content": row["content"],
            "content_citation": row["content_citation"],
            "confidence": row["confidence"],
            **{field: names[field].get(pk, []) for field in NAME_LINKS},
            "sources": [s["ref"] for s in brief],
            "sources_detail": brief,
            "kml": row["kml"],
            "recorded_by": row["recorded_by"],
            "verified": row["verified"],
            "dlp_added": _iso(row["dlp_added"], tz),
            "dlp_extra": public_extra(extra),
            "created": _iso(row["created"], tz),
            "updated": _iso(row["updated"], tz),
        })
    return out
