"""Evidence from CSV in the export's own format (archive.api.exports.COLUMNS), so an export can
be edited in a spreadsheet and read back. Rows are checked with the API's serializer (the same
field-by-field messages), matched by identifier, and written in one transaction."""
from __future__ import annotations

import csv
import io
import json
from types import SimpleNamespace

from django.core.exceptions import ValidationError
from django.db import transaction

from archive.api.exports import COLUMNS, LIST_COLUMNS, LIST_SEPARATOR, SOURCE_DETAIL, csv_cell, evidence_rows_for, formula_restore
from archive import identifiers
from archive.importers.checks import TEXT_MAX
from archive.importers.errors import ImportFailed
from archive.models import Evidence, FormerRef, Source

REASON = "import_evidence_csv"  # the history's reason for what an import writes
# Columns the export writes for readers, not data to import.
DERIVED = {"url", "game_name", "latitude", "longitude", "date_edtf", "sources_detail", "created", "updated"}
# Derived columns a curator may take for the data, each with the column it is read from.
READ_FROM = {"latitude": "places", "longitude": "places", "game_name": "game"}
REQUIRED = {"type", "game"}
# The longest cell read: a text field at its limit (TEXT_MAX), or a record's places and DLP
# fields as JSON, with room to spare. Longer cells are refused with their row and column.
CELL_MAX = 16 * TEXT_MAX
COMPARED = [c for c in COLUMNS if c not in DERIVED and c not in ("identifier", "ref")]


def read_csv(text: str) -> tuple[list[str], list[dict]]:
    csv.field_size_limit(CELL_MAX + 1)
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    try:
        header = reader.fieldnames or []
    except csv.Error as exc:
        raise ImportFailed(f"not CSV ({exc})", row=1) from None
    unknown = [c for c in header if c not in COLUMNS]
    missing = sorted(REQUIRED - set(header))
    if not {"identifier", "ref"} & set(header):
        missing.append("identifier (or ref)")
    if unknown or missing:
        parts = []
        if unknown:
            parts.append(f"unknown column(s) {', '.join(repr(c) for c in unknown)}")
        if missing:
            parts.append(f"missing column(s) {', '.join(missing)}")
        raise ImportFailed("; ".join(parts) + " (the columns are those of /api/v1/export/evidence.csv)", row=1)
    rows = []
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            # The csv module stops at a cell over field_size_limit: say where.
            raise ImportFailed(f"a cell is longer than {CELL_MAX:,} characters, or not CSV ({exc})", row=len(rows) + 2) from None
        rows.append(row)
    for number, row in enumerate(rows, start=2):
        if None in row:
            raise ImportFailed(f"{len(row[None])} value(s) more than there are columns", row=number)
        for column, value in row.items():
            if value is None:
                continue
            if "\x00" in value:
                raise ImportFailed("contains a NUL character (\\0), which no field accepts", row=number, field=column)
            # Undo the export's guard against spreadsheet formulas ('=..., '-...): see exports.
            row[column] = formula_restore(value)
    return header, rows


#: How deep a JSON cell may nest (places and dlp_extra are a list of objects, an object of
#: values: a few levels; 200,000 '[' was a RecursionError).
JSON_DEPTH_MAX = 20


def json_cell(value: str, number: int, field: str):
    """A JSON cell read, or ImportFailed naming its row and field: not JSON, nested past
    JSON_DEPTH_MAX, a number past what Python reads, or a NUL character inside a string
    (PostgreSQL's JSON refuses \u0000)."""
    depth = 0
    for ch in value:  # a cheap bound before parsing: brackets nest at most JSON_DEPTH_MAX deep
        depth += ch in "[{"
        depth -= ch in "]}"
        if depth > JSON_DEPTH_MAX:
            raise ImportFailed(f"nested more than {JSON_DEPTH_MAX} levels deep", row=number, field=field)
    try:
        data = json.loads(value)
    except json.JSONDecodeError as exc:
        raise ImportFailed(f"not JSON ({exc.msg} at character {exc.pos})", row=number, field=field) from None
    except (ValueError, RecursionError) as exc:
        raise ImportFailed(f"not JSON this archive can store ({str(exc)[:80]})", row=number, field=field) from None

    def walk(v):
        if isinstance(v, str) and "\x00" in v:
            raise ImportFailed("contains a NUL character (\\u0000), which no field accepts", row=number, field=field)
        if isinstance(v, float) and (v != v or v in (float("inf"), float("-inf"))):
            raise ImportFailed("holds a number JSON cannot store (NaN or infinity)", row=number, field=field)
        if isinstance(v, dict):
            for k, x in v.items():
                walk(k)
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(data)
    return data


def _payload(row: dict, number: int) -> tuple[dict, dict | None]:
    data: dict = {}
    for column, value in row.items():
        if column in DERIVED or column in ("identifier", "ref", "dlp_extra"):
            continue
        if column in LIST_COLUMNS:
            data[column] = [v.strip() for v in value.split(LIST_SEPARATOR.strip()) if v.strip()]
        elif column == "places":
            data["places"] = json_cell(value, number, "places") if value.strip() else []
            if not isinstance(data["places"], list):
                raise ImportFailed("expected a JSON list of places", row=number, field="places")
        elif column in ("start_year", "end_year", "dlp_id", "dlp_added", "ruleset"):
            data[column] = value.strip() or None
        else:
            data[column] = value
    extra = None
    if "dlp_extra" in row:
        extra = json_cell(row["dlp_extra"], number, "dlp_extra") if row["dlp_extra"].strip() else {}
        if not isinstance(extra, dict):
            raise ImportFailed("expected a JSON object", row=number, field="dlp_extra")
    return data, extra


def _new_source(ref: str, entry: dict, number: int) -> Source:
    unknown = sorted(set(entry) - set(SOURCE_DETAIL))
    if unknown:
        raise ImportFailed(f"source {ref}: unknown field(s) {', '.join(unknown)}", row=number, field="sources_detail")
    # Exactly what the export wrote: it leaves out blank fields, which stay blank here.
    fields = {k: v for k, v in entry.items() if k != "ref"}
    source = Source(ref=ref, **{k: ("" if v is None and k not in ("dlp_id", "year", "accessed") else v) for k, v in fields.items()})
    try:
        source.full_clean(validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        name, messages = next(iter(exc.message_dict.items()))
        raise ImportFailed(f"source {ref}: {name}: {messages[0]}", row=number, field="sources_detail") from None
    return source


def _key(row: dict) -> tuple[int | None, str]:
    """(DLP id, ref) as the row gives them; a row that gives neither (a new record) is known by
    the ref a record of its content gets (Evidence.natural_key_text), so importing the same file
    again finds the record the first import made instead of making another."""
    parsed = identifiers.parse_dlp((row.get("identifier") or "").strip(), "Evidence")
    ref = identifiers.normalise_ref(row.get("ref") or ("" if parsed else row.get("identifier")))
    if parsed or ref:
        return (parsed[1] if parsed else None), ref
    return None, identifiers.evidence_ref(natural=_natural_key(row))


def _natural_key(row: dict) -> str:
    def year(name: str):
        text = (row.get(name) or "").strip()
        try:
            return int(text) if text else None
        except ValueError:
            return text  # refused later with its row and field; as a key, any text will do

    text = row.get("content") or row.get("rules_text") or row.get("summary") or ""
    return identifiers.evidence_natural_key(
        game=(row.get("game") or "").strip(), type=(row.get("type") or "").strip(), start_year=year("start_year"),
        end_year=year("end_year"), location_text=row.get("location_text") or "", text=text,
    )


CHUNK = 500


def _current_rows(rows: list[dict]) -> dict[tuple, tuple[Evidence, dict]]:
    """The records the file names, each with its export row, in a few queries per CHUNK rows
    (as _find would find them one by one): {key: (record, row)}."""
    keys = {_key(row) for row in rows}
    found: dict[tuple, int] = {}
    dlp_ids = [d for d, _ in keys if d is not None]
    refs = [r for _, r in keys if r]
    by_dlp, by_ref = {}, {}
    for i in range(0, len(dlp_ids), CHUNK):
        by_dlp.update(Evidence.objects.filter(dlp_id__in=dlp_ids[i:i + CHUNK]).values_list("dlp_id", "pk"))
    for i in range(0, len(refs), CHUNK):
        by_ref.update(FormerRef.objects.filter(ref__in=refs[i:i + CHUNK], evidence__isnull=False).values_list("ref", "evidence_id"))
        by_ref.update(Evidence.objects.filter(ref__in=refs[i:i + CHUNK]).values_list("ref", "pk"))
    for dlp_id, ref in keys:
        pk = by_dlp.get(dlp_id) if dlp_id is not None else None
        if pk is None and ref:
            pk = by_ref.get(ref)
        if pk is not None:
            found[(dlp_id, ref)] = pk
    pks = sorted(set(found.values()))
    records, exported = {}, {}
    for i in range(0, len(pks), CHUNK):
        chunk = pks[i:i + CHUNK]
        records.update((e.pk, e) for e in Evidence.objects.filter(pk__in=chunk))
        exported.update(zip(chunk, evidence_rows_for(chunk)))
    return {key: (records[pk], exported[pk]) for key, pk in found.items()}


def _resolve_sources(row: dict, number: int, user) -> list[str] | None:
    """The row's source refs as this database knows them. A source it lacks is made from the row's
    ``sources_detail`` (the export writes it), with the same ref, so that a fresh database
    takes the export whole; a ref given before refs were derived is read as the source's ref now."""
    if "sources" not in row:
        return None
    refs = [identifiers.normalise_ref(v) for v in row["sources"].split(LIST_SEPARATOR.strip()) if v.strip()]
    given: dict[str, dict] = {}
    if (row.get("sources_detail") or "").strip():
        entries = json_cell(row["sources_detail"], number, "sources_detail")
        if not isinstance(entries, list) or not all(isinstance(e, dict) and e.get("ref") for e in entries):
            raise ImportFailed("expected a JSON list of objects with a ref", row=number, field="sources_detail")
        given = {identifiers.normalise_ref(e["ref"]): e for e in entries}
    out = []
    for ref in refs:
        source = Source.objects.filter(ref=ref).first() or Source.objects.filter(former_refs__ref=ref).first()
        entry = given.get(ref)
        if source is None and entry and isinstance(entry.get("dlp_id"), int):
            source = Source.objects.filter(dlp_id=entry["dlp_id"]).first()
        if source is None:
            if not entry or not str(entry.get("citation") or "").strip():
                raise ImportFailed(
                    f"no source {ref} here, and sources_detail gives no citation to make it from", row=number, field="sources"
                )
            if not identifiers.is_ref(ref) or not ref.startswith("S"):
                raise ImportFailed(f"{ref!r} is not a source ref (S followed by letters and digits)", row=number, field="sources")
            source = _new_source(ref, entry, number)
            source._history_user = user
            source._change_reason = REASON
            source.save()
        out.append(source.ref)
    return out


def _first_error(errors, prefix: str = "") -> tuple[str, str]:
    """The first (field, message) of a DRF error structure: {'places': [{'latitude': [...]}]}."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            if isinstance(key, int):  # a list's errors by position: places[1]
                return _first_error(value, f"{prefix}[{key + 1}]")
            return _first_error(value, f"{prefix}.{key}" if prefix else str(key))
    if isinstance(errors, list) and errors:
        for i, value in enumerate(errors):
            if value:
                if isinstance(value, (dict, list)):
                    return _first_error(value, f"{prefix}[{i + 1}]")
                return prefix, str(value)
    return prefix, str(errors)


def _refuse_edited_derived(row: dict, now: dict, number: int) -> None:
    """A derived column (the first place's latitude, the game's name) changed while the column it
    comes from did not: the curator meant to change the data, which the import would not read."""
    for column, source in READ_FROM.items():
        if column in row and source in row and row[source] == str(csv_cell(source, now[source])):
            if row[column] != str(csv_cell(column, now[column])):
                raise ImportFailed(
                    f"{column} is written by the export for readers and not read; change {source} instead",
                    row=number, field=column,
                )


def unknown_games(rows: list[dict]) -> list[tuple[str, str, list[int]]]:
    """The games the rows name (by slug, column ``game``) that the archive does not hold:
    (slug, the name the file gives it in ``game_name``, or the slug; the rows naming it)."""
    from archive.models import Game

    slugs = {(row.get("game") or "").strip() for row in rows} - {""}
    known = set(Game.objects.filter(slug__in=slugs).values_list("slug", flat=True))
    out: dict[str, tuple[str, str, list[int]]] = {}
    for number, row in enumerate(rows, start=2):
        slug = (row.get("game") or "").strip()
        if slug and slug not in known:
            name = (row.get("game_name") or "").strip() or slug
            out.setdefault(slug, (slug, name, []))[2].append(number)
    return list(out.values())


def _create_games(unknown: list[tuple[str, str, list[int]]], user) -> list[str]:
    """The games the curator asked to create, by the slug and name the file gives each."""
    from django.utils.text import slugify

    from archive.models import Game

    made = []
    for slug, name, rows in unknown:
        if slugify(slug) != slug:
            raise ImportFailed(f"{slug!r} cannot be a game's slug (letters, digits and hyphens: {slugify(slug)!r}?)", row=rows[0], field="game")
        game = Game(slug=slug, name=name[:200])
        game._history_user = user
        game._change_reason = f"{REASON}: created for rows that name it"
        game.save()
        made.append(name)
    return made


def evidence_csv_import(*, text: str, user=None, create_games: bool = False) -> dict:
    """Create or update the records in ``text`` (all-or-nothing). Returns counts, and under
    "games_created" (only when there are some) the games made for rows naming games the archive lacks: only where the
    curator asked (``create_games``); otherwise such rows refuse the import, every unknown game
    named."""
    from archive.api.serializers import EvidenceSerializer
    from archive.services import archive_changed

    header, rows = read_csv(text)
    context = {"request": SimpleNamespace(user=user), "reason": REASON}
    counts: dict = {"created": 0, "updated": 0, "unchanged": 0}
    with transaction.atomic():
        unknown = unknown_games(rows)
        if unknown and not create_games:
            slug, _, first_rows = unknown[0]
            listed = "; ".join(
                f"{s!r}{f' ({n})' if n != s else ''}, row{'s' if len(r) > 1 else ''} {', '.join(map(str, r[:5]))}{'…' if len(r) > 5 else ''}"
                for s, n, r in unknown
            )
            raise ImportFailed(
                f"Object with slug={slug} does not exist. The archive does not know the game{'s' if len(unknown) > 1 else ''} "
                f"{listed}: add {'them' if len(unknown) > 1 else 'it'} first, or import with --create-games to create "
                f"{'them' if len(unknown) > 1 else 'it'} with the names the file gives",
                row=first_rows[0], field="game",
            )
        if unknown:
            counts["games_created"] = _create_games(unknown, user)
        current = _current_rows(rows)
        seen: dict[tuple, int] = {}
        for number, row in enumerate(rows, start=2):
            key = _key(row)
            existing, now = current.get(key, (None, None))
            # One record in two rows: which is meant? (The dump importer refuses the same.) Rows
            # name it by DLP id, by ref or by both, so each of those, and the record they find,
            # may be given once.
            names = [("key", key)]
            names += [("dlp_id", key[0])] if key[0] is not None else []
            names += [("ref", key[1])] if key[1] else []
            names += [("record", existing.pk)] if existing is not None else []
            for name in names:
                if name in seen:
                    named = row.get("identifier") or row.get("ref") or "a record with the same content"
                    raise ImportFailed(f"rows {seen[name]} and {number} are the same record ({named})", row=number, field="identifier")
            seen.update((name, number) for name in names)
            if existing is not None:
                _refuse_edited_derived(row, now, number)
            if existing is not None and all(str(csv_cell(c, now[c])) == row[c] for c in COMPARED if c in row):
                counts["unchanged"] += 1
                continue
            data, extra = _payload(row, number)
            sources = _resolve_sources(row, number, user)
            if sources is not None:
                data["sources"] = sources
            serializer = EvidenceSerializer(instance=existing, data=data, context=context, partial=existing is not None)
            if not serializer.is_valid():
                field_name, message = _first_error(serializer.errors)
                raise ImportFailed(message, row=number, field=field_name)
            evidence = serializer.save()
            if extra is not None:
                # Exports leave out the importers' bookkeeping (keys starting with "_"): keep the
                # record's own, and take none from the file.
                extra = {
                    **{k: v for k, v in (evidence.dlp_extra or {}).items() if k.startswith("_")},
                    **{k: v for k, v in extra.items() if not k.startswith("_")},
                }
            changed = ["dlp_extra"] if extra is not None and extra != evidence.dlp_extra else []
            if changed:
                evidence.dlp_extra = extra
            if existing is None:
                # Keep the record's own ref so that links to it survive the round trip. A DLP
                # record's ref is derived from its DLP id; another ref the file gives it (one from
                # before refs were derived) still leads to it.
                ref = identifiers.normalise_ref(row.get("ref") or ("" if identifiers.parse_dlp(row.get("identifier", ""), "Evidence") else row.get("identifier", "")))
                if ref and not (identifiers.is_ref(ref) and ref.startswith("E")):
                    raise ImportFailed(
                        f"{ref[:40]!r} is not one of our refs (E and up to 19 letters or digits)",
                        row=number, field="ref" if row.get("ref") else "identifier",
                    )
                free = ref and identifiers.is_ref(ref) and ref.startswith("E") and not (
                    Evidence.objects.filter(ref=ref).exclude(pk=evidence.pk).exists() or FormerRef.objects.filter(ref=ref).exists()
                )
                if free and evidence.dlp_id is None:
                    evidence.ref = ref
                    changed.append("ref")
                elif free and ref != evidence.ref:
                    FormerRef.objects.create(ref=ref, evidence=evidence)
            if changed:
                evidence._history_user = user
                evidence.save(update_fields=changed)
            counts["updated" if existing is not None else "created"] += 1
        if counts["created"] or counts["updated"] or counts.get("games_created"):
            archive_changed()
    return counts


__all__ = ["evidence_csv_import", "read_csv", "unknown_games"]
