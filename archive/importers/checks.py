"""Checks every importer applies before anything is written, each raising ImportFailed with the
line (or row) and field: small helpers, called in a line or two from each importer."""
from __future__ import annotations

import dataclasses

from core.limits import TEXT_MAX
from core.links import url_problem

from archive.importers.errors import ImportFailed

__all__ = ["TEXT_MAX", "check_dump", "check_page_records", "check_text", "check_url", "import_lock", "utf8_text"]


def utf8_text(data: bytes, name: str) -> str:
    """``data`` read as UTF-8 (a byte order mark aside). A file in another encoding (Latin-1,
    Windows-1252: what a spreadsheet saves by default) is refused naming the first byte that is
    not UTF-8 and where it is, as an editor counts: line and column (in characters) from 1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        start = data.rfind(b"\n", 0, exc.start) + 1
        if start == 0 and data.startswith(b"\xef\xbb\xbf"):
            start = 3
        column = len(data[start : exc.start].decode("utf-8", errors="replace")) + 1
        raise ImportFailed(
            f"{name} is not UTF-8 text: byte 0x{data[exc.start]:02X} at line {line}, column {column}; "
            "save it as UTF-8 and import again"
        ) from None


def check_url(url: str, *, line: int | None = None, row: int | None = None, field: str = "URL") -> str:
    problem = url_problem(url)
    if problem:
        raise ImportFailed(f"the URL {problem}", line=line, row=row, field=field)
    return url


def check_text(value, *, max_length: int = TEXT_MAX, line: int | None = None, row: int | None = None, field: str = ""):
    """A text value the database can store: no NUL character (PostgreSQL refuses one) and no
    longer than the column."""
    if isinstance(value, str):
        if "\x00" in value:
            raise ImportFailed("contains a NUL character (\\0), which no text field accepts", line=line, row=row, field=field)
        if len(value) > max_length:
            raise ImportFailed(
                f"is {len(value):,} characters long; the limit is {max_length:,}", line=line, row=row, field=field
            )
    return value


def _dump_limits() -> dict[tuple[str, str], int]:
    """(table, column) of the DLP dump -> the max_length of the field it is stored in."""
    from archive import models as m

    def length(model, name: str) -> int:
        return model._meta.get_field(name).max_length

    limits = {
        ("Games", "Name"): length(m.Game, "name"),
        ("GameRulesets", "Name"): length(m.Ruleset, "name"),
        ("Evidence", "Username"): length(m.Evidence, "recorded_by"),
        ("Evidence", "KML"): length(m.Evidence, "kml"),
        ("Regions", "Continent"): length(m.Region, "continent"),
        ("Regions", "Direction"): length(m.Region, "direction"),
    }
    for table, column, model in (
        ("Ages", "Age", m.Age), ("Genders", "Gender", m.Gender), ("SocialStatuses", "SocialStatus", m.SocialStatus),
        ("Spaces", "Space", m.Space), ("UncertaintyFactors", "UncertaintyFactor", m.UncertaintyFactor),
        ("Periods", "Period", m.Period), ("Categories", "Category", m.Category), ("Regions", "Region", m.Region),
    ):
        limits[(table, column)] = length(model, "name")
    return limits


#: The largest whole number an integer column holds on both databases (PostgreSQL's integer).
DB_INT_MAX = 2**31 - 1


def check_dump(dump) -> None:
    """Refuse a DLP dump with a NUL character in any text, a value longer than the field it goes
    to, or an id given to two rows of one table (the last row would silently win)."""
    limits = _dump_limits()
    for name, table in dump.tables.items():
        first_line: dict[object, int] = {}
        id_column = table.columns.index("Id") if "Id" in table.columns else None
        for offset, values in zip(table.offsets, table.rows):
            line = None
            for column, value in zip(table.columns, values):
                if isinstance(value, int) and not -DB_INT_MAX <= value <= DB_INT_MAX:
                    raise ImportFailed(
                        f"{value} is out of range: whole numbers here go up to {DB_INT_MAX:,}",
                        line=dump.line_at(offset), field=f"{name}.{column}",
                    )
                if isinstance(value, str) and ("\x00" in value or len(value) > limits.get((name, column), TEXT_MAX)):
                    line = line or dump.line_at(offset)
                    check_text(value, max_length=limits.get((name, column), TEXT_MAX), line=line, field=f"{name}.{column}")
            if id_column is not None:
                key = values[id_column]
                if key in first_line:
                    raise ImportFailed(
                        f"{name} Id {key} is given to two rows, lines {first_line[key]} and {dump.line_at(offset)}",
                        line=dump.line_at(offset), field=f"{name}.Id",
                    )
                first_line[key] = dump.line_at(offset)


def import_lock(name: str) -> None:
    """Inside an import's transaction: wait until no other import of the same kind is running.

    Two `import_dlp` runs at once would each plan against the same rows and one would fail on
    the unique ids the other just wrote. On PostgreSQL a transaction-scoped advisory lock makes
    the second wait for the first to commit, then find everything imported (it changes nothing).
    SQLite's write transactions are already serialised (IMMEDIATE mode)."""
    import zlib

    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [0x41524348, zlib.crc32(name.encode()) & 0x7FFFFFFF])


def check_page_records(records) -> None:
    """The DLP portal pages' records (archive.importers.page): every text within its field."""
    from django.core.exceptions import FieldDoesNotExist

    from archive import models as m

    def limit(model, name: str) -> int:
        try:
            return getattr(model._meta.get_field(name), "max_length", None) or TEXT_MAX
        except FieldDoesNotExist:
            return TEXT_MAX

    for _name, record in records:
        where = {"line": record.line}
        if record.dlp_id is not None and record.dlp_id > DB_INT_MAX:
            raise ImportFailed(f"{record.identifier[:40]}: the number is out of range (DLP ids go up to {DB_INT_MAX:,})",
                               field="Id", **where)
        for key, value in record.fields.items():
            check_text(value, max_length=limit(m.Evidence, key), field=key, **where)
        for key, values in record.lists.items():
            for value in values:
                check_text(value, max_length=m.Age._meta.get_field("name").max_length, field=key, **where)
        check_text(record.game, max_length=limit(m.Game, "name"), field="game", **where)
        for citation in record.sources:
            check_text(citation, field="sources", **where)
        for place in record.places:
            items = place if isinstance(place, dict) else dataclasses.asdict(place) if dataclasses.is_dataclass(place) else {}
            for key, value in items.items():
                check_text(value, max_length=limit(m.Place, key), field=f"places.{key}", **where)
