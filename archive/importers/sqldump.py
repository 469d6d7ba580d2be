r"""Reads the data of a MySQL/MariaDB dump (phpMyAdmin or mysqldump) without a MySQL server.

Only ``INSERT INTO `table` (columns) VALUES (...), (...);`` statements carry data; everything
else (CREATE, ALTER, SET, comments) is tokenised and skipped. Strings follow MySQL's rules:
backslash escapes (``\'``, ``\\``, ``\n``, ``\r``, ``\t``, ``\0``, ``\Z``) and doubled
quotes (``''``).

>>> dump = parse_dump("INSERT INTO `T` (`Id`, `Name`) VALUES (1, 'it''s'), (2, 'a\\'b\\nc'), (3, NULL);")
>>> dump.tables["T"].columns
['Id', 'Name']
>>> [row for _, row in dump.records("T")]
[{'Id': 1, 'Name': "it's"}, {'Id': 2, 'Name': "a'b\nc"}, {'Id': 3, 'Name': None}]
>>> parse_dump("INSERT INTO `T` (`Id`) VALUES (1), (2")
Traceback (most recent call last):
...
archive.importers.errors.ImportFailed: line 1: the dump ends in the middle of a statement (expected ',' or ')' in a row): it is truncated
"""
from __future__ import annotations

import bisect
import gzip
import io
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from archive.importers.checks import utf8_text
from archive.importers.errors import ImportFailed

# Possessive quantifiers (*+, ++): an unterminated string in a truncated dump must fail in linear
# time, not backtrack exponentially.
TOKEN = re.compile(
    r"""
      (?P<ws>\s+)
    | (?P<comment>--[ \t][^\n]*|--\n|--$|\#[^\n]*|/\*.*?\*/)
    | (?P<str>(?:_\w+)?'(?:[^'\\]++|\\.|'')*+'|"(?:[^"\\]++|\\.|"")*+")
    | (?P<ident>`(?:[^`]++|``)*+`)
    | (?P<num>-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)
    | (?P<word>[A-Za-z_][A-Za-z0-9_$]*)
    | (?P<punct>[(),;=.*@+/<>!:-])
    """,
    re.S | re.X,
)
ESCAPE = re.compile(r"\\(.)|''", re.S)
MYSQL_ESCAPES = {"0": "\0", "b": "\b", "n": "\n", "r": "\r", "t": "\t", "Z": "\x1a", "%": "\\%", "_": "\\_"}


def unescape(body: str) -> str:
    def replace(match: re.Match) -> str:
        char = match.group(1)
        if char is None:
            return "'"
        return MYSQL_ESCAPES.get(char, char)

    return ESCAPE.sub(replace, body)


@dataclass
class Table:
    name: str
    columns: list[str] = field(default_factory=list)
    rows: list[tuple] = field(default_factory=list)
    # Character offset of each row in the dump, turned into a line number only for messages.
    offsets: list[int] = field(default_factory=list)


@dataclass
class Dump:
    text: str
    tables: dict[str, Table]
    newlines: list[int]

    def line_at(self, offset: int) -> int:
        return bisect.bisect_right(self.newlines, offset) + 1

    def records(self, table: str):
        """(line, {column: value}) for every row of ``table``."""
        t = self.tables[table]
        for offset, values in zip(t.offsets, t.rows):
            yield self.line_at(offset), dict(zip(t.columns, values))


class _Tokens:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.newlines = [m.start() for m in re.finditer("\n", text)]

    def line(self, offset: int) -> int:
        return bisect.bisect_right(self.newlines, offset) + 1

    def next(self) -> tuple[str, str, int] | None:
        """The next significant token as (kind, text, offset), or None at the end."""
        text = self.text
        while self.pos < len(text):
            match = TOKEN.match(text, self.pos)
            if match is None:
                char = text[self.pos]
                what = "a string" if char in "'\"" else "a comment" if text.startswith("/*", self.pos) else repr(char)
                if char in "'\"`" or text.startswith("/*", self.pos):
                    raise ImportFailed(
                        f"{what} starting here never ends: the dump is truncated or malformed",
                        line=self.line(self.pos),
                    )
                raise ImportFailed(f"unexpected character {what}", line=self.line(self.pos))
            start, self.pos = self.pos, match.end()
            kind = match.lastgroup
            if kind in ("ws", "comment"):
                continue
            return kind, match.group(), start
        return None

    def expect(self, kinds: set[str] | str, texts: set[str] | None = None, what: str = "") -> tuple[str, str, int]:
        token = self.next()
        if token is None:
            raise ImportFailed(
                f"the dump ends in the middle of a statement (expected {what or kinds}): it is truncated",
                line=self.line(len(self.text)),
            )
        kinds = {kinds} if isinstance(kinds, str) else kinds
        if token[0] not in kinds or (texts is not None and token[1].upper() not in texts):
            raise ImportFailed(f"expected {what or kinds}, found {token[1][:40]!r}", line=self.line(token[2]))
        return token


def _value(kind: str, text: str):
    if kind == "str":
        if text.startswith('"'):
            return unescape(text[1:-1].replace('""', '"'))
        return unescape(text[text.index("'") + 1 : -1])
    if kind == "num":
        if "." in text or "e" in text or "E" in text:
            return Decimal(text)
        return int(text)
    upper = text.upper()
    if upper == "NULL":
        return None
    if upper in ("TRUE", "FALSE"):
        return upper == "TRUE"
    raise ValueError(text)


def parse_dump(text: str) -> Dump:
    """Every INSERT's rows, by table. Raises ImportFailed (with the line) on malformed input."""
    tokens = _Tokens(text)
    tables: dict[str, Table] = {}
    while True:
        token = tokens.next()
        if token is None:
            break
        kind, word, start = token
        if kind == "word" and word.upper() in ("INSERT", "REPLACE"):
            _parse_insert(tokens, tables, start)
        else:
            _skip_statement(tokens, token, start)
    return Dump(text=text, tables=tables, newlines=tokens.newlines)


def _skip_statement(tokens: _Tokens, token: tuple[str, str, int], start: int) -> None:
    while token[1] != ";":
        token = tokens.next()
        if token is None:
            raise ImportFailed(
                "the dump ends in the middle of a statement: it is truncated", line=tokens.line(start)
            )


def _parse_insert(tokens: _Tokens, tables: dict[str, Table], start: int) -> None:
    token = tokens.expect({"word", "ident"}, what="INTO or a table name")
    while token[0] == "word" and token[1].upper() in ("INTO", "IGNORE", "LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY"):
        token = tokens.expect({"word", "ident"}, what="a table name")
    name = token[1].strip("`").replace("``", "`")
    token = tokens.expect({"punct", "word"}, what="a column list or VALUES")
    columns: list[str] = []
    if token[1] == "(":
        while True:
            col = tokens.expect({"ident", "word"}, what="a column name")
            columns.append(col[1].strip("`").replace("``", "`"))
            sep = tokens.expect("punct", {",", ")"}, what="',' or ')'")
            if sep[1] == ")":
                break
        token = tokens.expect("word", {"VALUES", "VALUE"}, what="VALUES")
    elif token[1].upper() not in ("VALUES", "VALUE"):
        raise ImportFailed(f"expected VALUES in INSERT INTO `{name}`", line=tokens.line(token[2]))
    table = tables.setdefault(name, Table(name=name, columns=columns))
    if not table.columns:
        table.columns = columns
    elif columns and columns != table.columns:
        raise ImportFailed(f"INSERT INTO `{name}` names other columns than before", line=tokens.line(start))
    while True:
        open_ = tokens.expect("punct", {"("}, what="'(' starting a row")
        values = []
        while True:
            kind, text, offset = tokens.expect({"str", "num", "word"}, what="a value")
            try:
                values.append(_value(kind, text))
            except ValueError:
                raise ImportFailed(f"unexpected {text[:40]!r} in a row of `{name}`", line=tokens.line(offset)) from None
            sep = tokens.expect("punct", {",", ")"}, what="',' or ')' in a row")
            if sep[1] == ")":
                break
        if table.columns and len(values) != len(table.columns):
            raise ImportFailed(
                f"a row of `{name}` has {len(values)} values for {len(table.columns)} columns",
                line=tokens.line(open_[2]),
            )
        table.rows.append(tuple(values))
        table.offsets.append(open_[2])
        sep = tokens.expect("punct", {",", ";"}, what="',' or ';' after a row")
        if sep[1] == ";":
            return


def read_dump_file(path: str | Path) -> Dump:
    """Parse a ``.sql`` dump, the same gzipped (``.sql.gz``, as the project ships it), or the
    ``database.zip`` the Ludii Portal publishes (every ``.sql`` member, in name order)."""
    path = Path(path)
    try:
        if path.stat().st_size > DUMP_MAX_BYTES:
            _too_large(path.name, path.stat().st_size)
        data = path.read_bytes()
    except OSError as exc:
        raise ImportFailed(f"cannot read {path}: {exc.strerror or exc}") from None
    if path.name.lower().endswith(".gz"):
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
                data = _read_capped(stream, path.name)
        except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
            raise ImportFailed(f"{path.name} is not a readable gzip file: {exc}") from None
        text = utf8_text(data, path.name)
    elif path.name.lower().endswith(".zip") or data.startswith(ZIP_MAGIC):
        text = _read_zip(data, path.name)
    else:
        text = utf8_text(data, path.name)
    return parse_dump(text)


# Every zip archive begins with a local file header: a file that does is a zip, whatever its name.
ZIP_MAGIC = b"PK\x03\x04"

#: The most a dump may hold once inflated: the DLP's whole 2020 dump is 2.2 MB, so this leaves
#: room for years of growth while a small archive that inflates without end (a "zip bomb") is
#: refused before it is read past this, keeping an import's memory bounded.
DUMP_MAX_BYTES = 64 * 1024 * 1024


def _too_large(name: str, size: int | None = None) -> None:
    said = f" ({size:,} bytes)" if size is not None else ""
    raise ImportFailed(
        f"{name} holds more than {DUMP_MAX_BYTES:,} bytes of SQL{said}, far more than any DLP dump: "
        "refused before reading it whole"
    )


def _read_capped(stream, name: str) -> bytes:
    """Read a decompressing stream, refusing it as soon as it passes DUMP_MAX_BYTES."""
    chunks, total = [], 0
    while chunk := stream.read(1 << 20):
        total += len(chunk)
        if total > DUMP_MAX_BYTES:
            _too_large(name)
        chunks.append(chunk)
    return b"".join(chunks)


def _read_zip(data: bytes, name: str) -> str:
    def refuse(why: str):
        raise ImportFailed(f"{name} is not a valid zip archive ({why}); download it again") from None

    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        if data.startswith(ZIP_MAGIC):
            refuse("its table of contents, at the end of a zip, is missing: the file is cut short")
        refuse("it is not a zip file at all, or it is cut short")
    with archive:
        members = sorted(n for n in archive.namelist() if n.lower().endswith(".sql"))
        if not members:
            raise ImportFailed(f"{name} holds no .sql file")
        # The sizes the zip declares first (a lie is caught while inflating, below).
        if sum(archive.getinfo(m).file_size for m in members) > DUMP_MAX_BYTES:
            _too_large(name, sum(archive.getinfo(m).file_size for m in members))
        texts = []
        for member in members:
            try:
                with archive.open(member) as stream:
                    data = _read_capped(stream, f"{member} (in {name})")
            except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError) as exc:
                refuse(f"{member} in it is damaged: {exc}")
            if sum(map(len, texts)) + len(data) > DUMP_MAX_BYTES:
                _too_large(name)
            texts.append(utf8_text(data, f"{member} (in {name})"))
    return "\n".join(texts)


__all__ = ["Dump", "Table", "parse_dump", "read_dump_file", "unescape"]
