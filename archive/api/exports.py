"""Evidence as flat records: one definition of the export columns, read in chunks.

The CSV, GeoJSON and JSON Lines exports, the API's CSV and GeoJSON pages and the CSV import all
use these columns. Rows are read in fixed-size chunks by id (a handful of queries per chunk, no
model instances), so a whole-archive export runs in constant memory on any database.
"""
from __future__ import annotations

import csv
import io
import json
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from decimal import Decimal

from django.db.models import QuerySet

from archive import years
from archive.identifiers import dlp_identifier
from archive.models import Evidence, Place

# (column, evidence value path) for the plain columns, in export order.
BASE = [
    ("ref", "ref"),
    ("dlp_id", "dlp_id"),
    ("type", "type"),
    # Read as ids and resolved per chunk: a join here lets PostgreSQL plan each chunk as a scan
    # and sort of the whole table.
    ("game", "game_id"),
    ("game_name", "game_id"),
    ("ruleset", "ruleset_id"),
    ("start_year", "start_year"),
    ("end_year", "end_year"),
    ("start_date", "start_date"),
    ("end_date", "end_date"),
    ("date_precision", "date_precision"),
    ("date_reversed", "date_reversed"),
    ("date_text", "date_text"),
    ("location_text", "location_text"),
    ("summary", "summary"),
    ("rules_text", "rules_text"),
    ("rules_summary", "rules_summary"),
    ("content", "content"),
    ("content_citation", "content_citation"),
    ("confidence", "confidence"),
    ("kml", "kml"),
    ("recorded_by", "recorded_by"),
    ("verified", "verified"),
    ("dlp_added", "dlp_added"),
    ("dlp_extra", "dlp_extra"),
    ("created", "created"),
    ("updated", "updated"),
]
# Many-to-many columns: (column, Evidence field, attribute of the target written out).
LINKS = [
    ("ages", "ages", "name"),
    ("genders", "genders", "name"),
    ("social_statuses", "social_statuses", "name"),
    ("spaces", "spaces", "name"),
    ("uncertainty_factors", "uncertainty_factors", "name"),
    ("concepts", "concepts", "name"),
    ("sources", "sources", "ref"),
]
LIST_COLUMNS = [c for c, _, _ in LINKS]
COLUMNS = [
    "identifier", "ref", "dlp_id", "url", "type", "game", "game_name", "ruleset",
    "start_year", "end_year", "start_date", "end_date", "date_precision", "date_reversed", "date_text", "date_edtf",
    "location_text", "latitude", "longitude", "places",
    "summary", "rules_text", "rules_summary", "content", "content_citation", "confidence",
    *LIST_COLUMNS, "sources_detail",
    "kml", "recorded_by", "verified", "dlp_added", "dlp_extra", "created", "updated",
]
# Lists in a CSV cell are joined with this; vocabulary names and refs never contain it.
LIST_SEPARATOR = "; "
CHUNK = 5000


def _owned_by(ids: list[int]) -> dict:
    """A lookup for rows belonging to these (sorted) evidence ids: a range when the ids are dense
    (the whole-archive export), so the database gets two bounds instead of thousands of values;
    rows in the range that belong to other records are simply not looked up."""
    if ids[-1] - ids[0] < 2 * len(ids):
        return {"evidence_id__gte": ids[0], "evidence_id__lte": ids[-1]}
    return {"evidence_id__in": ids}


def _links(ids: list[int]) -> dict[str, dict[int, list[str]]]:
    out: dict[str, dict[int, list[str]]] = {}
    for column, field, attr in LINKS:
        through = getattr(Evidence, field).through
        target = getattr(Evidence, field).field.related_model._meta.model_name
        rows = (
            through.objects.filter(**_owned_by(ids))
            .order_by("evidence_id", f"{target}__{'dlp_id' if attr == 'name' else 'ref'}", f"{target}__{attr}")
            .values_list("evidence_id", f"{target}__{attr}")
        )
        grouped: dict[int, list[str]] = defaultdict(list)
        for evidence_id, value in rows:
            grouped[evidence_id].append(value)
        out[column] = grouped
    return out


# A source as the sources_detail column gives it: every field but the database's own bookkeeping,
# so that a database without the source makes it again whole (archive.importers.csv_import).
SOURCE_DETAIL = [
    "ref", "dlp_id", "kind", "citation", "authors", "year", "title", "container", "volume", "issue", "pages",
    "publisher", "place", "language", "url", "accessed", "note",
]


def _sources_detail(ids: list[int]) -> dict[int, list[dict]]:
    """{evidence id: [source, ...]} with the SOURCE_DETAIL fields that are not blank, by ref."""
    grouped: dict[int, list[dict]] = defaultdict(list)
    rows = (
        Evidence.sources.through.objects.filter(**_owned_by(ids))
        .order_by("evidence_id", "source__ref")
        .values_list("evidence_id", *(f"source__{f}" for f in SOURCE_DETAIL))
    )
    for evidence_id, *values in rows:
        source = {f: v for f, v in zip(SOURCE_DETAIL, values) if v not in (None, "")}
        if "accessed" in source:
            source["accessed"] = source["accessed"].isoformat()
        grouped[evidence_id].append(source)
    return grouped


def _places(ids: list[int]) -> dict[int, list[dict]]:
    grouped: dict[int, list[dict]] = defaultdict(list)
    rows = (
        Place.objects.filter(**_owned_by(ids))
        .order_by("evidence_id", "order", "id")
        .values_list("evidence_id", "name", "latitude", "longitude", "coordinates_text", "note", "precision", "geonames_id", "geonames_same")
    )
    for evidence_id, name, lat, lon, text, note, precision, geonames_id, same in rows:
        place = {"name": name, "latitude": float(lat), "longitude": float(lon), "coordinates_text": text}
        if note:
            place["note"] = note
        if precision:
            # Placed from the record's place name (archive.gazetteer), this precisely.
            place["placed_from_name"] = precision
            place["geonames_id"] = geonames_id
            place["geonames_same"] = same
        grouped[evidence_id].append(place)
    return grouped


_BASE_COLUMNS = [c for c, _ in BASE]
_GAME_AT, _RULESET_AT = _BASE_COLUMNS.index("game") + 1, _BASE_COLUMNS.index("ruleset") + 1


def _related(base_rows: list[tuple]):
    """Everything a chunk's records link to, one query per related set."""
    from archive.models import Game, Ruleset

    ids = sorted(r[0] for r in base_rows)
    games = {pk: (slug, name) for pk, slug, name in Game.objects.filter(id__in={r[_GAME_AT] for r in base_rows}).values_list("id", "slug", "name")}
    ruleset_ids = {r[_RULESET_AT] for r in base_rows if r[_RULESET_AT]}
    rulesets = dict(Ruleset.objects.filter(id__in=ruleset_ids).values_list("id", "slug")) if ruleset_ids else {}
    return _places(ids), _links(ids), _sources_detail(ids), games, rulesets


def _build(base_rows: list[tuple], base_url: str) -> list[dict]:
    if not base_rows:
        return []
    places, links, sources_detail, games, rulesets = _related(base_rows)
    columns = _BASE_COLUMNS
    records = []
    for row in base_rows:
        pk, values = row[0], row[1:]
        rec = dict(zip(columns, values))
        rec["game"], rec["game_name"] = games[rec["game"]]
        rec["ruleset"] = rulesets.get(rec["ruleset"])
        identifier = dlp_identifier("Evidence", rec["dlp_id"]) or rec["ref"]
        rec_places = places.get(pk, [])
        first = rec_places[0] if rec_places else None
        record = {
            "identifier": identifier,
            "url": f"{base_url}/evidence/{identifier}/",
            "latitude": first["latitude"] if first else None,
            "longitude": first["longitude"] if first else None,
            "places": rec_places,
            "date_edtf": years.edtf(
                rec["start_year"], rec["end_year"], start_date=rec["start_date"], end_date=rec["end_date"],
                precision=rec["date_precision"],
            ),
            "sources_detail": sources_detail.get(pk, []),
            **rec,
        }
        for column in LIST_COLUMNS:
            record[column] = links[column].get(pk, [])
        extra = record["dlp_extra"]
        if isinstance(extra, str):  # a raw JSON string on backends without a JSON decoder
            extra = json.loads(extra)
        record["dlp_extra"] = public_extra(extra)
        for key in ("dlp_added", "created", "updated"):
            if record[key] is not None:
                record[key] = record[key].isoformat()
        records.append({c: record[c] for c in COLUMNS})
    return records


def public_extra(extra: dict | None) -> dict:
    """dlp_extra as shown to the world: keys starting with "_" are the importers' bookkeeping
    (fingerprints of what they wrote), never output."""
    return {k: v for k, v in (extra or {}).items() if not k.startswith("_")}


def _as_text(queryset: QuerySet) -> tuple[QuerySet, dict[str, str]]:
    """For the CSV export: the JSON and timestamp columns as the database's text where it can
    write them as we do (PostgreSQL: ISO 8601 in UTC), which spares decoding each into Python
    objects only to write them out again. {BASE path: annotation read instead}."""
    from django.db import connections
    from django.db.models import CharField, F, Func, TextField
    from django.db.models.functions import Cast

    names = {"dlp_extra": "_extra_text"}
    annotations = {"_extra_text": Cast("dlp_extra", output_field=TextField())}
    if connections[queryset.db].vendor == "postgresql":
        for field in ("dlp_added", "created", "updated"):
            names[field] = f"_{field}_text"
            annotations[names[field]] = Func(
                F(field), template="to_char(%(expressions)s AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US')",
                output_field=CharField(),
            )
    return queryset.annotate(**annotations), names


def _chunks(queryset: QuerySet, chunk_size: int, *, as_text: bool = False) -> Iterator[list[tuple]]:
    """The records of ``queryset`` as BASE tuples (id first), by id, ``chunk_size`` at a time;
    ``as_text``: JSON and (on PostgreSQL) timestamps as text (_as_text)."""
    queryset = queryset.order_by("id")
    fields = ["id", *(path for _, path in BASE)]
    if as_text:
        queryset, names = _as_text(queryset)
        fields = [names.get(f, f) for f in fields]
    last = 0
    while True:
        chunk = list(queryset.filter(id__gt=last).values_list(*fields)[:chunk_size])
        if not chunk:
            return
        last = chunk[-1][0]
        yield chunk


def evidence_export_rows(queryset: QuerySet, *, base_url: str = "", chunk_size: int = CHUNK) -> Iterator[dict]:
    """Every record of ``queryset`` as a flat dict (COLUMNS), by id, ``chunk_size`` at a time."""
    for chunk in _chunks(queryset, chunk_size):
        yield from _build(chunk, base_url)


def evidence_rows_for(ids: list[int], *, base_url: str = "") -> list[dict]:
    """The records with these ids, flat, in the order given (a page of the API)."""
    fields = ["id", *(path for _, path in BASE)]
    by_id = {r[0]: r for r in Evidence.objects.filter(id__in=ids).values_list(*fields)}
    return _build([by_id[i] for i in ids if i in by_id], base_url)


# json.dumps with options builds an encoder on every call; these are built once.
_compact = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_compact_sorted = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode


def compact_json(value) -> str:
    """JSON without spaces, characters as they are (the exports' JSON)."""
    return _compact(value)


def csv_cell(column: str, value) -> str | int:
    if value is None:
        return ""
    if column in ("places", "dlp_extra", "sources_detail"):
        return (_compact_sorted if column == "dlp_extra" else _compact)(value) if value else ""
    if isinstance(value, list):
        return LIST_SEPARATOR.join(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (float, Decimal)):
        return format(value, "f") if isinstance(value, Decimal) else repr(value)
    return value


# The columns csv_cell changes; the csv module writes the rest as they are (None as "").
_SPECIAL = [
    (i, c) for i, c in enumerate(COLUMNS)
    if c in ("places", "dlp_extra", "sources_detail", "verified", "date_reversed", *LIST_COLUMNS)
]

# CSV injection (OWASP): a spreadsheet runs a cell that starts with one of these as a formula.
# Such text cells are written with a leading single quote, which spreadsheets show as text;
# a value that already starts with quotes before a trigger gets one more, so the CSV import's
# formula_restore takes exactly one off and every value reads back as it was.
FORMULA_TRIGGERS = frozenset("=+-@\t\r")
_NEUTRALISE_FIRST = FORMULA_TRIGGERS | {"'"}
# Text columns only: numbers (a BCE year, a latitude) are written as numbers.
_TEXT_CELLS = [i for i, c in enumerate(COLUMNS) if c not in ("places", "dlp_extra")]
# A value starting with '-' that is wholly a number, an ISO 8601 date or an EDTF date or range
# (a BCE year, -2591-01-01, -2591/-2565, -3099~/..) is data, not a formula: it holds no name,
# call or reference a spreadsheet could run, only digits and the date signs. It is written as
# it is, so that the csv module, pandas and R read every BCE date back as ISO and EDTF.
_EDTF_DATE = r"-?\d{4,}(?:-\d{2}(?:-\d{2})?)?[~?%]?"
_PLAIN_DATA = re.compile(
    rf"-\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"  # a number
    rf"|{_EDTF_DATE}"  # a date
    rf"|(?:{_EDTF_DATE}|\.\.)?/(?:{_EDTF_DATE}|\.\.)?"  # a range, either end open
)


def _guarded(bare: str) -> bool:
    """Whether a cell's text (less its leading quotes) starts as a spreadsheet formula would."""
    return bool(bare) and bare[0] in FORMULA_TRIGGERS and not (bare[0] == "-" and _PLAIN_DATA.fullmatch(bare))


def formula_neutralise(value: str) -> str:
    """'=1+2' -> "'=1+2"; "'=x" -> "''=x"; a number or date ('-3100', '-2591/-2565') and
    anything else unchanged.

    >>> formula_neutralise("=HYPERLINK(1)"), formula_neutralise("-3100"), formula_neutralise("'-x"), formula_neutralise("o'k")
    ("'=HYPERLINK(1)", '-3100', "''-x", "o'k")
    """
    return "'" + value if _guarded(value.lstrip("'")) else value


def formula_restore(value: str) -> str:
    """The inverse of formula_neutralise, for cells read back from a CSV export."""
    return value[1:] if value.startswith("'") and _guarded(value.lstrip("'")) else value


def csv_row(record: dict) -> list:
    row = [record[c] for c in COLUMNS]
    for i, column in _SPECIAL:
        row[i] = csv_cell(column, row[i])
    for i in _TEXT_CELLS:
        value = row[i]
        if value.__class__ is str and value and value[0] in _NEUTRALISE_FIRST:
            row[i] = formula_neutralise(value)
    return row


def csv_lines(records: Iterable[dict], *, header: bool = True) -> Iterator[str]:
    """CSV text (RFC 4180: CRLF line ends, quotes doubled), in pieces of 100 records."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    if header:
        writer.writerow(COLUMNS)
        yield _drain(buffer)
    for n, record in enumerate(records, start=1):
        writer.writerow(csv_row(record))
        if n % 100 == 0:
            yield _drain(buffer)
    yield _drain(buffer)


def _csv_export_rows(base_rows: list[tuple], base_url: str) -> list[list]:
    """A chunk's CSV rows, straight from the database's tuples: the cells csv_row would write for
    _build's records (tests/archive/test_export.py compares the two), without the dicts between."""
    places, links, sources_detail, games, rulesets = _related(base_rows)
    link_maps = [links[column] for column in LIST_COLUMNS]
    join = LIST_SEPARATOR.join
    edtf = years.edtf
    out = []
    for (pk, ref, dlp_id, type_, game_id, _game, ruleset_id, start_year, end_year, start_date, end_date,
         precision, date_reversed, date_text, location_text, summary, rules_text, rules_summary, content,
         content_citation, confidence, kml, recorded_by, verified, dlp_added, extra, created, updated) in base_rows:
        identifier = f"DLP.Evidence.{dlp_id}" if dlp_id else ref  # as identifiers.dlp_identifier
        rec_places = places.get(pk)
        first = rec_places[0] if rec_places else None
        if extra.__class__ is str:  # the column's text (_as_text)
            extra = json.loads(extra) if extra not in ("{}", "null", "") else None
        if extra:
            extra = public_extra(extra)
        detail = sources_detail.get(pk)
        slug, game_name = games[game_id]
        ruleset = rulesets.get(ruleset_id)
        row = [
            identifier, ref, "" if dlp_id is None else dlp_id, f"{base_url}/evidence/{identifier}/", type_, slug, game_name,
            "" if ruleset is None else ruleset,
            "" if start_year is None else start_year, "" if end_year is None else end_year, start_date, end_date,
            precision, "true" if date_reversed else "false", date_text,
            edtf(start_year, end_year, start_date=start_date, end_date=end_date, precision=precision),
            location_text, first["latitude"] if first else "", first["longitude"] if first else "",  # numbers, never neutralised
            _compact(rec_places) if rec_places else "",
            summary, rules_text, rules_summary, content, content_citation, confidence,
            *[join(m.get(pk, ())) for m in link_maps],
            _compact(detail) if detail else "",
            kml, recorded_by, "true" if verified else "false",
            _iso(dlp_added), _compact_sorted(extra) if extra else "", _iso(created), _iso(updated),
        ]
        for i in _TEXT_CELLS:
            value = row[i]
            if value.__class__ is str and value and value[0] in _NEUTRALISE_FIRST:
                row[i] = formula_neutralise(value)
        out.append(row)
    return out


def _iso(value) -> str:
    """datetime.isoformat() of a UTC time, from the datetime or from _as_text's text of it."""
    if value is None:
        return ""
    if value.__class__ is not str:
        return value.isoformat()
    return (value[:-7] if value.endswith(".000000") else value) + "+00:00"


def evidence_csv_lines(queryset: QuerySet, *, base_url: str = "", chunk_size: int = CHUNK) -> Iterator[str]:
    """The CSV export of ``queryset``: the header, then each chunk of records as CSV text, in
    pieces of at most 1,000 rows (what csv_lines(evidence_export_rows(...)) writes, faster)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(COLUMNS)
    yield _drain(buffer)
    for chunk in _chunks(queryset, chunk_size, as_text=True):
        rows = _csv_export_rows(chunk, base_url)
        for start in range(0, len(rows), 1000):
            writer.writerows(rows[start:start + 1000])
            yield _drain(buffer)


def _drain(buffer: io.StringIO) -> str:
    text = buffer.getvalue()
    buffer.seek(0)
    buffer.truncate(0)
    return text


def geojson_features(record: dict) -> Iterator[dict]:
    """One GeoJSON Feature per place of a record (RFC 7946: [longitude, latitude])."""
    properties = {k: v for k, v in record.items() if k not in ("places", "latitude", "longitude")}
    for index, place in enumerate(record["places"]):
        yield {
            "type": "Feature",
            "id": f"{record['identifier']}#{index + 1}",
            "geometry": {"type": "Point", "coordinates": [place["longitude"], place["latitude"]]},
            "properties": {
                **properties,
                "place_index": index + 1,
                "place_count": len(record["places"]),
                "place_name": place["name"],
                "coordinates_text": place["coordinates_text"],
                "placed_from_name": place.get("placed_from_name", ""),
                "geonames_id": place.get("geonames_id"),
                "geonames_same": place.get("geonames_same", False),
            },
        }


def geojson_chunks(records: Iterable[dict]) -> Iterator[str]:
    """A FeatureCollection as text, written feature by feature."""
    yield '{"type":"FeatureCollection","features":['
    first = True
    for record in records:
        for feature in geojson_features(record):
            yield ("" if first else ",\n") + json.dumps(feature, ensure_ascii=False, separators=(",", ":"))
            first = False
    yield "]}\n"


def jsonl_lines(records: Iterable[dict]) -> Iterator[str]:
    for record in records:
        yield json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
