"""Identifiers (archive.identifiers): derived refs, the same in every installation, and the export
-> import_evidence_csv round trip into a fresh installation, on the real DLP dump."""
from __future__ import annotations

import csv
import io
from decimal import Decimal
from io import StringIO
from pathlib import Path
from tempfile import TemporaryDirectory

from django.core.management import CommandError, call_command
from django.test import TestCase, override_settings

from archive import identifiers
from archive.api.exports import csv_lines, evidence_export_rows
from archive.importers.csv_import import evidence_csv_import
from archive.models import (
    Age,
    Category,
    Evidence,
    FormerRef,
    Game,
    Gender,
    Period,
    Place,
    Region,
    Ruleset,
    SocialStatus,
    Source,
    Space,
    UncertaintyFactor,
)
from tests.conftest import DLP_DUMP, loaded, require_file

# Columns that say when a row was written in this database, not what it holds.
WRITTEN_AT = ("created", "updated")


def dump_path() -> Path:
    return require_file(DLP_DUMP, "the DLP database dump (../shared/data/dlp/)", "REQUIRE_SHARED_DATA")


def install(*, dlp_first: bool = False) -> None:
    """A fresh installation as `make run` makes it: the catalogue and the DLP dump."""
    steps = [lambda: call_command("load_catalogue", stdout=StringIO()),
             lambda: call_command("import_dlp", str(dump_path()), stdout=StringIO(), stderr=StringIO())]
    for step in reversed(steps) if dlp_first else steps:
        step()


def install_once() -> None:
    """install() for setUpTestData: run, or the rows its first run in this session left put back."""
    loaded(("load_catalogue",), ("import_dlp", str(dump_path())))


def wipe() -> None:
    """Every archive row gone, as in a new database (sequences go on: new primary keys). A new
    database has no history of these deletions either, so none is written (it was most of the time)."""
    with override_settings(SIMPLE_HISTORY_ENABLED=False):
        Evidence.objects.all().delete()
        for model in (Ruleset, Game, Source, FormerRef, Age, Gender, SocialStatus, Space, UncertaintyFactor, Period, Category, Region):
            model.objects.all().delete()


def export_csv() -> str:
    return "".join(csv_lines(evidence_export_rows(Evidence.objects.all())))


def csv_records(text: str) -> dict[str, dict]:
    return {
        r["identifier"]: {k: v for k, v in r.items() if k not in WRITTEN_AT}
        for r in csv.DictReader(io.StringIO(text, newline=""))
    }


def all_refs() -> dict:
    """Every ref, keyed by what it is independently of this database's primary keys."""
    refs = {("evidence", e.dlp_id or e.ref): e.ref for e in Evidence.objects.all()}
    refs |= {("source", s.dlp_id or identifiers.citation_key(s.citation)): s.ref for s in Source.objects.all()}
    refs |= {("former", f.ref): (f.evidence.identifier if f.evidence_id else f.source.ref) for f in FormerRef.objects.all()}
    return refs


class DerivedRefTests(TestCase):
    def test_refs_come_from_dlp_ids_and_citations_not_from_chance(self):
        game = Game.objects.create(name="Senet", slug="senet")
        source = Source.objects.create(citation="Piccione, P. 1980. In Search of the Meaning of Senet.")
        self.assertEqual(source.ref, identifiers.source_ref(citation="piccione, p.  1980. in search of the meaning of senet"))
        twin = Source.objects.create(citation="Piccione, P. 1980. In Search of the Meaning of Senet")
        self.assertNotEqual(twin.ref, source.ref)  # the same citation twice: the second gets the next derived ref
        self.assertEqual(twin.ref, identifiers.derived_ref("S", f"citation:{identifiers.citation_key(twin.citation)}", lambda r: r == source.ref))
        self.assertEqual(Source.objects.create(dlp_id=7, citation="x").ref, identifiers.source_ref(dlp_id=7))
        dlp = Evidence.objects.create(type="artifact", game=game, dlp_id=42)
        self.assertEqual(dlp.ref, identifiers.evidence_ref(dlp_id=42))
        ours = Evidence.objects.create(type="artifact", game=game, start_year=-1500, content="A board in a tomb.")
        natural = identifiers.evidence_natural_key(
            game="senet", type="artifact", start_year=-1500, end_year=None, location_text="", text="A board in a tomb."
        )
        self.assertEqual(ours.ref, identifiers.evidence_ref(natural=natural))
        for ref in (source.ref, twin.ref, dlp.ref, ours.ref):
            self.assertRegex(ref, r"^[ES][2-9A-HJKMNP-Z]{8}$")

    def test_a_ref_never_changes_once_given(self):
        game = Game.objects.create(name="Senet", slug="senet")
        record = Evidence.objects.create(type="artifact", game=game, content="first words")
        ref = record.ref
        record.content = "other words"
        record.save()
        record.refresh_from_db()
        self.assertEqual(record.ref, ref)

    def test_dlp_identifiers_are_built_and_read_in_one_place(self):
        self.assertEqual(identifiers.dlp_identifier("Evidence", 1188), "DLP.Evidence.1188")
        self.assertEqual(identifiers.dlp_identifier("Evidence", None), "")
        self.assertEqual(identifiers.parse_dlp("DLP.Evidence.1188", "Evidence"), ("Evidence", 1188))
        self.assertIsNone(identifiers.parse_dlp("DLP.Sources.122", "Evidence"))
        self.assertIsNone(identifiers.parse_dlp("DLP.Evidence.12x"))
        with self.assertRaises(ValueError):
            identifiers.dlp_identifier("Evidences", 1)


class InstallationTests(TestCase):
    """The real dump, in a fresh installation, plus records and a source of our own and a curator's
    edit: what a working archive looks like. Imported once for the class."""

    @classmethod
    def setUpTestData(cls):
        install_once()
        senet = Game.objects.get(dlp_id=3)
        cls.own_source = Source.objects.create(
            kind="fieldwork", citation="Crist, W. 2025. Notes on a Senet board in a private collection. Unpublished.",
            authors="Crist, Walter", year=2025, title="Notes on a Senet board", note="Seen in Cairo.",
        )
        cls.own = Evidence.objects.create(
            type="artifact", game=senet, start_year=-177, end_year=-176, start_date="-0176-11-03",
            end_date="-0175-11-03", date_precision="day", location_text="Cairo", content="A board of thirty squares.",
            summary="Our description.", confidence=70, recorded_by="curator",
        )
        Place.objects.create(evidence=cls.own, name="Cairo", latitude=Decimal("30.044420"), longitude=Decimal("31.235712"),
                             coordinates_text="30.04442, 31.235712", note="Our identification.")
        cls.own.sources.set([cls.own_source, Source.objects.get(dlp_id=1)])
        cls.own.ages.set(Age.objects.filter(name="Adult"))
        cls.open = Evidence.objects.create(type="artifact", game=senet, start_year=-2321, start_date="-2320-01-01",
                                           date_precision="year", content="From the Fifth Dynasty on.")
        edited = Evidence.objects.get(dlp_id=5)
        edited.summary = "A curator's reading."
        edited.save()
        edited.sources.add(cls.own_source)

    def test_the_export_imports_into_a_fresh_installation_and_loses_nothing(self):
        before = export_csv()
        sources_before = {s.ref: s for s in Source.objects.all()}
        wipe()
        install()
        self.assertFalse(Source.objects.filter(ref=self.own_source.ref).exists())
        counts = evidence_csv_import(text=before)
        self.assertEqual((counts["created"], counts["updated"]), (2, 1))
        after = export_csv()
        a, b = csv_records(before), csv_records(after)
        self.assertEqual(sorted(a), sorted(b))
        differing = [(i, c) for i in a for c in a[i] if a[i][c] != b[i][c]]
        self.assertEqual(differing, [], "every field of every record survives the round trip")
        self.assertGreater(len(a), 1267)
        # The sources come back whole, our own one made from the export's sources_detail.
        fields = [f.name for f in Source._meta.fields if f.name not in ("id", *WRITTEN_AT)]
        for ref, old in sources_before.items():
            if Evidence.sources.through.objects.filter(source__ref=ref).exists() or ref == self.own_source.ref:
                new = Source.objects.get(ref=ref)
                self.assertEqual([getattr(new, f) for f in fields], [getattr(old, f) for f in fields], ref)
        # And importing the file again changes nothing.
        self.assertEqual(evidence_csv_import(text=before)["unchanged"], len(a))

    def test_two_installations_agree_on_every_ref(self):
        first = all_refs()
        # What only this installation has: a record and a source made here by hand.
        del first[("evidence", self.own.ref)], first[("source", identifiers.citation_key(self.own_source.citation))]
        wipe()
        install(dlp_first=True)  # the other order, and new primary keys
        again = Evidence.objects.create(
            type="artifact", game=Game.objects.get(dlp_id=3), start_year=-2321, start_date="-2320-01-01",
            date_precision="year", content="From the Fifth Dynasty on.",
        )
        self.assertEqual(again.ref, self.open.ref)  # a record of our own: the same content, the same ref
        second = all_refs()
        self.assertEqual(second, first)
        self.assertGreater(len(second), 1266 + 542)

    def test_a_csv_naming_a_source_this_database_cannot_make_is_refused_whole(self):
        rows = list(csv.DictReader(io.StringIO(export_csv(), newline="")))
        own = next(r for r in rows if r["ref"] == self.own.ref)
        own["sources"] += "; SZZZZZZZZ"
        own["confidence"] = "5"
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows([own])
        with TemporaryDirectory() as tmp:
            path = Path(tmp) / "evidence.csv"
            path.write_text(buffer.getvalue(), encoding="utf-8")
            with self.assertRaisesMessage(CommandError, "row 2, field sources: no source SZZZZZZZZ here, and sources_detail gives no citation"):
                call_command("import_evidence_csv", str(path), stdout=StringIO())
        self.own.refresh_from_db()
        self.assertEqual(self.own.confidence, 70)


class DumpDateTests(TestCase):
    """The dump's dates as the pages and the filters show them."""

    @classmethod
    def setUpTestData(cls):
        install_once()

    def test_open_ranges_stay_open_and_are_found(self):
        open_ended = Evidence.objects.filter(dlp_id__isnull=False).exclude(start_year__isnull=True, end_year__isnull=True)
        open_ended = open_ended.filter(start_year__isnull=True) | open_ended.filter(end_year__isnull=True)
        # The issue counted 22; the dump has 23 records with exactly one of DateStart and DateEnd.
        self.assertEqual(open_ended.count(), 23)
        labels = [e.date_display for e in open_ended]
        self.assertTrue(all(label.startswith(("from ", "until ")) for label in labels), labels)
        found = {e["identifier"] for e in self.client.get("/api/v1/evidence/", {"date_from": "1000 BCE", "date_to": "500 BCE", "page_size": 1000}).json()["results"]}
        reaching = [e.identifier for e in open_ended if (e.start_year or -10**6) <= -500 and (e.end_year or 10**6) >= -1000]
        self.assertTrue(reaching)
        self.assertTrue(set(reaching) <= found)

    def test_dlp_evidence_842_is_dated_to_the_day_in_words(self):
        html = self.client.get("/evidence/DLP.Evidence.842/").content.decode()
        self.assertIn("3 November 177 BCE – 3 November 176 BCE", html)
        self.assertNotIn("-0177-11-03", html)
        data = self.client.get("/api/v1/evidence/DLP.Evidence.842/").json()
        self.assertEqual((data["start_date"], data["date_edtf"]), ("-0176-11-03", "-0176-11-03/-0175-11-03"))

    def test_dlp_evidence_1257_is_shown_as_recorded_with_a_note(self):
        html = self.client.get("/evidence/DLP.Evidence.1257/").content.decode()
        self.assertIn("122 BCE – 1220 BCE (as recorded: start after end)", html)
        self.assertIn("date-note", html)
        self.assertIn("DLP.Evidence.1257", {e.identifier for e in selectorsless_filter(-1000, -500)})

    def test_no_bce_date_is_off_by_one_in_iso(self):
        for e in Evidence.objects.filter(start_year__lt=0).exclude(start_date=""):
            year = int(e.start_date[: e.start_date.index("-", 1)])
            self.assertEqual(year, e.start_year + 1, e.identifier)


def selectorsless_filter(year_from: int, year_to: int):
    from archive.selectors import evidence_dates_overlap

    return Evidence.objects.filter(evidence_dates_overlap(year_from, year_to))
