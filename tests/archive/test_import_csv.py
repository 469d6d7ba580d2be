"""CSV in the export's own format: export, import, export again, and nothing is lost."""
from __future__ import annotations

import csv
import json
import io
import tempfile
from pathlib import Path

from django.core.management import CommandError, call_command
from django.urls import reverse

from archive.models import Evidence, Place
from tests.archive.api_fixtures import ArchiveAPITestCase

VOLATILE = ("created", "updated")


class CSVRoundTripTests(ArchiveAPITestCase):
    def setUp(self):
        super().setUp()
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        self.tmp = Path(directory.name)
        self.egypt.dlp_extra = {"DateStart": "3100-01-01", "DateStartBC": 1, "_imported": {"type": "abc"}}
        self.egypt.save()
        Place.objects.filter(evidence=self.azerbaijan, order=2).update(note="Identified from the Karabakh refugees' account.")

    def export(self) -> str:
        response = self.client.get(reverse("api:export-csv"))
        return b"".join(response.streaming_content).decode("utf-8")

    def rows(self, text: str) -> list[dict]:
        return [{k: v for k, v in r.items() if k not in VOLATILE} for r in csv.DictReader(io.StringIO(text, newline=""))]

    def run_import(self, text: str) -> str:
        path = self.tmp / "evidence.csv"
        path.write_bytes(text.encode("utf-8"))
        out = io.StringIO()
        call_command("import_evidence_csv", str(path), stdout=out)
        return out.getvalue()

    def test_importing_an_export_changes_nothing(self):
        text = self.export()
        history = Evidence.history.count()
        self.assertIn("0 created, 0 updated, 5 unchanged", self.run_import(text))
        self.assertEqual(Evidence.history.count(), history)

    def test_export_then_import_into_an_empty_archive_loses_nothing(self):
        # Texts keep their leading and trailing whitespace through the round trip (the review
        # found 242 DLP texts trimmed): the API's text fields no longer trim.
        Evidence.objects.filter(pk=self.azerbaijan.pk).update(content="  Nərd taxta \n", rules_text="\tPlayed. ")
        text = self.export()
        Evidence.objects.all().delete()
        self.assertIn("5 created, 0 updated, 0 unchanged", self.run_import(text))
        self.assertEqual(self.rows(self.export()), self.rows(text))
        e = Evidence.objects.get(dlp_id=2)
        # The importers' bookkeeping ("_" keys) is not exported, so a fresh archive has none.
        self.assertEqual(e.dlp_extra, {"DateStart": "3100-01-01", "DateStartBC": 1})
        self.assertEqual(e.content, 'Painting of a "Senet" board; 3 x 10.\r\n\r\nQuibbell 1913: 17-20.')
        self.assertEqual(Evidence.objects.get(ref=self.undated.ref).confidence, 20)
        kept = Evidence.objects.get(dlp_id=2445)
        self.assertEqual((kept.content, kept.rules_text), ("  Nərd taxta \n", "\tPlayed. "))

    def test_an_export_carries_no_internal_keys_and_importing_it_keeps_the_records_own(self):
        text = self.export()
        self.assertNotIn("_imported", text)
        rows = list(csv.DictReader(io.StringIO(text, newline="")))
        egypt = next(r for r in rows if r["dlp_id"] == "2")
        egypt["dlp_extra"] = json.dumps({"DateStart": "3100-01-02", "_imported": {"type": "forged"}})
        self.assertIn("0 created, 1 updated, 4 unchanged", self.run_import(self.write(rows)))
        self.egypt.refresh_from_db()
        self.assertEqual(self.egypt.dlp_extra, {"DateStart": "3100-01-02", "_imported": {"type": "abc"}})

    def test_an_edited_cell_updates_its_record(self):
        rows = list(csv.DictReader(io.StringIO(self.export(), newline="")))
        rows[1]["confidence"] = "55"
        rows[1]["ages"] = "Child; Adult"
        self.assertIn("0 created, 1 updated, 4 unchanged", self.run_import(self.write(rows)))
        self.egypt.refresh_from_db()
        self.assertEqual(self.egypt.confidence, 55)
        self.assertEqual(sorted(self.egypt.ages.values_list("name", flat=True)), ["Adult", "Child"])

    def test_the_history_says_the_csv_import_wrote_it(self):
        rows = list(csv.DictReader(io.StringIO(self.export(), newline="")))
        rows[1]["confidence"] = "56"
        self.run_import(self.write(rows))
        self.assertEqual(self.egypt.history.first().history_change_reason, "import_evidence_csv")

    def test_an_edited_derived_column_is_refused_naming_the_column_to_change(self):
        rows = list(csv.DictReader(io.StringIO(self.export(), newline="")))
        placed = next(i for i, r in enumerate(rows) if r["latitude"])
        for column, value, source in (("latitude", "12.5", "places"), ("longitude", "45.25", "places"), ("game_name", "Senet II", "game")):
            edited = [dict(r) for r in rows]
            edited[placed][column] = value
            with self.subTest(column=column):
                self.assert_refused(self.write(edited), f"row {placed + 2}, field {column}: {column} is written by the export for readers and not read; change {source} instead")

    def test_a_new_record_without_an_id_is_made_once_however_often_its_file_is_imported(self):
        rows = list(csv.DictReader(io.StringIO(self.export(), newline="")))
        new = dict(rows[1], identifier="", ref="", dlp_id="", content="A board scratched on a bench, seen in 2024.")
        text = self.write([new])
        self.assertIn("1 created", self.run_import(text))
        self.assertIn("0 created, 0 updated, 1 unchanged", self.run_import(text))
        self.assertEqual(Evidence.objects.filter(content=new["content"]).count(), 1)

    def test_one_record_in_two_rows_is_refused_naming_both(self):
        rows = list(csv.DictReader(io.StringIO(self.export(), newline="")))
        twice = [rows[1], dict(rows[1], confidence="12")]
        self.assert_refused(self.write(twice), "row 3, field identifier: rows 2 and 3 are the same record")
        new = dict(rows[1], identifier="", ref="", dlp_id="", content="Another bench.")
        self.assert_refused(self.write([new, dict(new)]), "rows 2 and 3 are the same record (a record with the same content)")

    def test_one_record_named_two_ways_is_refused_naming_both_rows(self):
        # The curator audit: two rows for one record, one by its DLP id and one by its ref, and
        # the last silently won.
        rows = list(csv.DictReader(io.StringIO(self.export(), newline="")))
        row = next(r for r in rows if r["identifier"].startswith("DLP.Evidence."))
        by_dlp_id = dict(row, ref="", confidence="12")
        by_ref = dict(row, identifier=row["ref"], confidence="13")
        self.assert_refused(self.write([by_dlp_id, by_ref]), f"row 3, field identifier: rows 2 and 3 are the same record ({row['ref']})")
        self.assert_refused(self.write([row, by_dlp_id]), f"rows 2 and 3 are the same record ({row['identifier']})")

    def write(self, rows: list[dict], fieldnames=None) -> str:
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=fieldnames or list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
        return buffer.getvalue()

    def assert_refused(self, text: str, message: str) -> None:
        before = self.rows(self.export())
        with self.assertRaisesMessage(CommandError, message):
            self.run_import(text)
        self.assertEqual(self.rows(self.export()), before)

    def test_a_file_that_is_not_utf8_names_the_byte_line_and_column(self):
        # The curator audit: a Latin-1 file gave Python's "'utf-8' codec can't decode byte 0xe9 in position 65".
        path = self.tmp / "latin1.csv"
        path.write_bytes("identifier,type,game\nDLP.Evidence.2,artifact,senet\n,artifact,Caf\u00e9\n".encode("latin-1"))
        before = self.rows(self.export())
        with self.assertRaises(CommandError) as caught:
            call_command("import_evidence_csv", str(path), stdout=io.StringIO())
        self.assertEqual(
            str(caught.exception),
            f"{path} is not UTF-8 text: byte 0xE9 at line 3, column 14; save it as UTF-8 and import again (nothing was imported)",
        )
        self.assertEqual(self.rows(self.export()), before)

    def test_wrong_columns(self):
        rows = list(csv.DictReader(io.StringIO(self.export(), newline="")))
        for row in rows:
            row["confidnce"] = row.pop("confidence")
            del row["type"]
        self.assert_refused(self.write(rows), "row 1: unknown column(s) 'confidnce'; missing column(s) type")

    def test_bad_values_name_row_and_field_and_change_nothing(self):
        rows = list(csv.DictReader(io.StringIO(self.export(), newline="")))
        for change, message in [
            ({"confidence": "150"}, "row 4, field confidence: Ensure this value is less than or equal to 100."),
            ({"start_year": "0"}, "row 4, field start_year: There is no year 0"),
            ({"places": "[{'latitude': 1}]"}, "row 4, field places: not JSON"),
            ({"places": '[{"latitude": "95", "longitude": "10"}]'}, "row 4, field places[1].latitude"),
            ({"game": "chess"}, "row 4, field game: Object with slug=chess does not exist."),
            ({"ages": "Toddler"}, "row 4, field ages: Object with name=Toddler does not exist."),
        ]:
            edited = [dict(r) for r in rows]
            edited[2].update(change)
            edited[0]["confidence"] = "1"  # an earlier, valid change is rolled back too
            with self.subTest(change=change):
                self.assert_refused(self.write(edited), message)
