"""Evidence from CSV in the export's own format (archive.api.exports.COLUMNS), so an export can
be edited in a spreadsheet and read back. Rows are checked with the API's serializer (the same
field-by-field messages), matched by identifier, and written in one transaction."""
from __future__ import annotations

import csv
import io
import json
from types import SimpleNamespace

from django.db import transaction

import re

from archive.api.exports import COLUMNS, LIST_COLUMNS, LIST_SEPARATOR, csv_cell, evidence_rows_for, formula_restore
from archive.importers.checks import TEXT_MAX
from archive.importers.errors import ImportFailed
from archive.models import Evidence

# Columns the export writes for readers, not data to import.
DERIVED = {"url", "game_name", "latitude", "longitude", "created", "updated"}
REQUIRED = {"type", "game"}
# Our own refs: a letter and the id alphabet (archive.models.REF_ALPHABET), nothing a URL path
# cannot carry as one segment.
REF = re.compile(r"E[0-9A-Z]{1,19}")
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


def _payload(row: dict, number: int) -> tuple[dict, dict | None]:
    data: dict = {}
    for column, value in row.items():
        if column in DERIVED or column in ("identifier", "ref", "dlp_extra"):
            continue
        if column in LIST_COLUMNS:
            data[column] = [v.strip() for v in value.split(LIST_SEPARATOR.strip()) if v.strip()]
        elif column == "places":
            try:
                data["places"] = json.loads(value) if value.strip() else []
            except json.JSONDecodeError as exc:
                raise ImportFailed(f"not JSON ({exc.msg} at character {exc.pos})", row=number, field="places") from None
            if not isinstance(data["places"], list):
                raise ImportFailed("expected a JSON list of places", row=number, field="places")
        elif column in ("start_year", "end_year", "dlp_id", "dlp_added", "ruleset"):
            data[column] = value.strip() or None
        else:
            data[column] = value
    extra = None
    if "dlp_extra" in row:
        try:
            extra = json.loads(row["dlp_extra"]) if row["dlp_extra"].strip() else {}
        except json.JSONDecodeError as exc:
            raise ImportFailed(f"not JSON ({exc.msg})", row=number, field="dlp_extra") from None
        if not isinstance(extra, dict):
            raise ImportFailed("expected a JSON object", row=number, field="dlp_extra")
    return data, extra


def _find(row: dict) -> Evidence | None:
    identifier = (row.get("identifier") or "").strip()
    ref = (row.get("ref") or "").strip().upper()
    number = identifier.removeprefix("DLP.Evidence.")
    if number != identifier and number.isdigit():
        found = Evidence.objects.filter(dlp_id=int(number)).first()
        if found is not None:
            return found
    if ref or (identifier and number == identifier):
        return Evidence.objects.filter(ref=ref or identifier.upper()).first()
    return None


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


def evidence_csv_import(*, text: str, user=None) -> dict:
    """Create or update the records in ``text`` (all-or-nothing). Returns counts."""
    from archive.api.serializers import EvidenceSerializer
    from archive.services import archive_changed

    header, rows = read_csv(text)
    context = {"request": SimpleNamespace(user=user)}
    counts = {"created": 0, "updated": 0, "unchanged": 0}
    with transaction.atomic():
        for number, row in enumerate(rows, start=2):
            existing = _find(row)
            if existing is not None:
                current = evidence_rows_for([existing.pk])[0]
                if all(str(csv_cell(c, current[c])) == row[c] for c in COMPARED if c in row):
                    counts["unchanged"] += 1
                    continue
            data, extra = _payload(row, number)
            serializer = EvidenceSerializer(instance=existing, data=data, context=context, partial=existing is not None)
            if not serializer.is_valid():
                field_name, message = _first_error(serializer.errors)
                raise ImportFailed(message, row=number, field=field_name)
            evidence = serializer.save()
            changed = ["dlp_extra"] if extra is not None and extra != evidence.dlp_extra else []
            if changed:
                evidence.dlp_extra = extra
            if existing is None:
                # Keep the record's own ref so that links to it survive the round trip.
                ref = (row.get("ref") or row.get("identifier") or "").strip().upper()
                if ref and not ref.startswith("DLP.") and not REF.fullmatch(ref):
                    raise ImportFailed(
                        f"{ref[:40]!r} is not one of our refs (E and up to 19 letters or digits)",
                        row=number, field="ref" if row.get("ref") else "identifier",
                    )
                if ref and REF.fullmatch(ref) and not Evidence.objects.filter(ref=ref).exclude(pk=evidence.pk).exists():
                    evidence.ref = ref
                    changed.append("ref")
            if changed:
                evidence._history_user = user
                evidence.save(update_fields=changed)
            counts["updated" if existing is not None else "created"] += 1
        if counts["created"] or counts["updated"]:
            archive_changed()
    return counts


__all__ = ["evidence_csv_import", "read_csv"]
