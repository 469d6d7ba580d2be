"""Issue 38, item 6 (pre-launch review): bad input that reached the database or the interpreter
(500s and tracebacks) is refused with a clear message naming where, and changes nothing."""
from __future__ import annotations

import io
import zipfile
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import TestCase
from rest_framework import status

from archive.importers import sqldump
from archive.importers.checks import check_page_records
from archive.importers.csv_import import evidence_csv_import
from archive.importers.errors import ImportFailed
from archive.importers.page import parse_page
from archive.models import Evidence, Game
from tests.archive.api_fixtures import ArchiveAPITestCase
from tests.conftest import dlp_dump_text


class YearRangeTests(ArchiveAPITestCase):
    def test_a_year_past_the_database_integer_is_400_naming_it(self):
        self.as_carol()
        before = Evidence.objects.count()
        for field, value in (("start_year", 2147483648), ("end_year", -2147483649), ("start_year", 10**30)):
            r = self.client.post("/api/v1/evidence/", {"type": "artifact", "game": self.ses_bes.slug, field: value}, format="json")
            self.assertEqual(r.status_code, status.HTTP_400_BAD_REQUEST, r.content)
            self.assertIn(field, r.json())
        self.assertEqual(Evidence.objects.count(), before)

    def test_the_same_year_in_a_csv_names_its_row_and_field(self):
        header = "identifier,type,game,start_year\n"
        with self.assertRaises(ImportFailed) as caught:
            evidence_csv_import(text=header + f",artifact,{self.ses_bes.slug},2147483648\n")
        self.assertEqual((caught.exception.row, caught.exception.field), (2, "start_year"))


class JsonCellTests(ArchiveAPITestCase):
    """dlp_extra, places and sources_detail are JSON inside a CSV cell."""

    def refused(self, column: str, cell: str) -> ImportFailed:
        text = f"identifier,type,game,{column}\n,artifact,{self.ses_bes.slug},\"{cell.replace(chr(34), chr(34) * 2)}\"\n"
        before = Evidence.objects.count()
        with self.assertRaises(ImportFailed) as caught:
            evidence_csv_import(text=text)
        self.assertEqual((caught.exception.row, caught.exception.field), (2, column))
        self.assertEqual(Evidence.objects.count(), before)
        return caught.exception

    def test_deep_nesting_was_a_recursion_error(self):
        for column in ("dlp_extra", "places"):
            self.assertIn("nested", str(self.refused(column, "[" * 200_000)))

    def test_a_nul_escape_was_a_database_error(self):
        self.assertIn("NUL", str(self.refused("dlp_extra", '{"a": "x\\u0000y"}')))
        self.assertIn("NUL", str(self.refused("places", '[{"name": "\\u0000", "latitude": 1, "longitude": 2}]')))

    def test_a_5000_digit_number_was_a_value_error(self):
        self.assertIn("not JSON", str(self.refused("dlp_extra", '{"a": ' + "9" * 5000 + "}")))

    def test_nan_is_refused(self):
        self.assertIn("NaN", str(self.refused("dlp_extra", '{"a": NaN}')))


class HugeIdTests(TestCase):
    @pytest.fixture(autouse=True)
    def _tmp(self, tmp_path):
        self.tmp_path = tmp_path

    def test_a_dump_id_of_10_to_the_30_names_its_line_and_field(self):
        text = dlp_dump_text().replace("(2, 'Child'),", f"({10**30}, 'Child'),", 1)
        path = self.tmp_path / "huge.sql"
        path.write_text(text, encoding="utf-8")
        with self.assertRaises(CommandError) as caught:
            call_command("import_dlp", str(path), stdout=StringIO(), stderr=StringIO())
        self.assertIn("line 40, field Ages.Id", str(caught.exception))
        self.assertIn("out of range", str(caught.exception))
        self.assertEqual(Game.objects.count(), 0)

    def test_a_page_id_of_10_to_the_30_is_refused(self):
        page = parse_page(f"Evidence for Senet\nId DLP.Evidence.{10**30}\nType Artifact\nGame Senet\nConfidence 100\n", name="p.html")
        with self.assertRaises(ImportFailed) as caught:
            check_page_records([("p.html", r) for r in page])
        self.assertEqual(caught.exception.field, "Id")
        self.assertIn("out of range", str(caught.exception))


class ZipBombTests(TestCase):
    @pytest.fixture(autouse=True)
    def _tmp(self, tmp_path, monkeypatch):
        self.tmp_path = tmp_path
        monkeypatch.setattr(sqldump, "DUMP_MAX_BYTES", 1_000_000)

    def bomb(self, declare_truthfully: bool = True) -> str:
        payload = b"-- " + b"A" * 5_000_000 + b"\n"
        path = self.tmp_path / "database.zip"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("ludiiGames.sql", payload)
        if not declare_truthfully:  # the central directory claims a small size
            data = bytearray(path.read_bytes())
            info = zipfile.ZipFile(io.BytesIO(bytes(data))).getinfo("ludiiGames.sql")
            small = (100).to_bytes(4, "little")
            cd = data.rfind(b"PK\x01\x02")
            data[cd + 24:cd + 28] = small
            data[info.header_offset + 22:info.header_offset + 26] = small
            path.write_bytes(bytes(data))
        return str(path)

    def test_a_zip_that_inflates_past_the_limit_is_refused_before_it_is_read(self):
        for honest in (True, False):
            with self.assertRaises(CommandError) as caught:
                call_command("import_dlp", self.bomb(honest), stdout=StringIO(), stderr=StringIO())
            message = str(caught.exception)
            self.assertTrue("more than 1,000,000 bytes" in message or "damaged" in message, message)
        self.assertEqual(Game.objects.count(), 0)

    def test_a_gzip_likewise(self):
        import gzip

        path = self.tmp_path / "dump.sql.gz"
        path.write_bytes(gzip.compress(b"-- " + b"A" * 5_000_000))
        with self.assertRaises(ImportFailed) as caught:
            sqldump.read_dump_file(path)
        self.assertIn("more than 1,000,000 bytes", str(caught.exception))
