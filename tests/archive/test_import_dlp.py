"""The DLP database dump in: the reader, places, dates, the real dump whole, merging, bad input."""
from __future__ import annotations

import zipfile
from decimal import Decimal
from io import StringIO
from unittest import mock

import pytest
from django.core.management import CommandError, call_command
from django.test import SimpleTestCase, TestCase

from archive.geo import CoordinateError, parse_places
from archive.years import DateError, dlp_range, iso_year, parse_date_range
from archive.importers.errors import ImportFailed
from archive.importers.sqldump import parse_dump, read_dump_file
from archive.models import (
    Age,
    Category,
    Concept,
    DataVersion,
    Evidence,
    Game,
    GameName,
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
from tests.conftest import DLP_DUMP, dlp_dump_text


def dump_path():
    return DLP_DUMP


def import_dlp(path) -> str:
    out, err = StringIO(), StringIO()
    call_command("import_dlp", str(path), stdout=out, stderr=err)
    return out.getvalue() + err.getvalue()


def archive_counts() -> dict[str, int]:
    return {
        m.__name__: m.objects.count()
        for m in (Game, Ruleset, Evidence, Source, Place, GameName, Age, Region)
    } | {"history": Evidence.history.count() + Game.history.count() + Source.history.count()}


class SqlDumpReaderTests(SimpleTestCase):
    def test_it_reads_mysql_escapes(self):
        dump = parse_dump(
            "INSERT INTO `T` (`Id`, `Text`) VALUES\n"
            r"(1, 'it\'s'), (2, 'back\\slash'), (3, 'two\r\nlines\n'), (4, 'it''s'), (5, NULL),"
            "\n(6, 'Şeş-Beş تخته نرد 满洲棋'), (7, 'semi; colon (paren)'), (-8, '');"
        )
        rows = [row for _, row in dump.records("T")]
        self.assertEqual(
            [r["Text"] for r in rows],
            ["it's", "back\\slash", "two\r\nlines\n", "it's", None, "Şeş-Beş تخته نرد 满洲棋", "semi; colon (paren)", ""],
        )
        self.assertEqual(rows[-1]["Id"], -8)

    def test_it_skips_what_is_not_data(self):
        dump = parse_dump(
            "-- comment\n/*!40101 SET NAMES utf8mb4 */;\nSET SQL_MODE = \"NO_AUTO_VALUE_ON_ZERO\";\n"
            "CREATE TABLE `T` (`Id` int(11) NOT NULL, `N` varchar(4) DEFAULT 'x;y') ENGINE=InnoDB;\n"
            "INSERT INTO `T` (`Id`, `N`) VALUES (1, 'a');\nINSERT INTO `T` (`Id`, `N`) VALUES (2, 'b');\n"
            "ALTER TABLE `T` ADD PRIMARY KEY (`Id`);"
        )
        self.assertEqual(dump.tables["T"].rows, [(1, "a"), (2, "b")])

    def test_it_names_the_line_of_an_unterminated_string(self):
        with self.assertRaisesMessage(ImportFailed, "line 3: a string starting here never ends"):
            parse_dump("INSERT INTO `T` (`Id`, `N`) VALUES\n(1, 'a'),\n(2, 'b")

    def test_it_refuses_a_row_with_the_wrong_number_of_values(self):
        with self.assertRaisesMessage(ImportFailed, "line 2: a row of `T` has 1 values for 2 columns"):
            parse_dump("INSERT INTO `T` (`Id`, `N`) VALUES\n(1);")

    def test_it_refuses_a_statement_cut_short(self):
        with self.assertRaisesMessage(ImportFailed, "truncated"):
            parse_dump("INSERT INTO `T` (`Id`) VALUES (1),")


class CoordinateTests(SimpleTestCase):
    def test_it_reads_dms_with_stray_spaces_and_several_places(self):
        places = parse_places(' 5°23\'12.66"N, 7°54\'15.47"E;  6°17\'46.07"S,9° 1\'42.53"W ')
        self.assertEqual(
            [(p.latitude, p.longitude) for p in places],
            [(Decimal("5.386850"), Decimal("7.904297")), (Decimal("-6.296131"), Decimal("-9.028481"))],
        )

    def test_it_reads_the_portal_layout_without_semicolons(self):
        text = '39°35\'29.31"N, 48°58\'34.31"E 41° 3\'4.40"N, 47°24\'54.19"E 39°30\'8.75"N, 45° 1\'45.55"E'
        self.assertEqual(len(parse_places(text)), 3)

    def test_it_refuses_bad_coordinates(self):
        for text, message in [
            ('39°35\'29.31"N', "cannot read coordinates"),
            ('39°35\'29.31"E, 48°58\'34.31"N', "expected latitude (N/S) then longitude (E/W)"),
            ('39°35\'69.31"N, 48°58\'34.31"E', "seconds must be under 60"),
            ('95°35\'29.31"N, 48°58\'34.31"E', "latitude 95.591475 is outside -90..90"),
            ('near Baku', "cannot read coordinates at 'near Baku'"),
        ]:
            with self.subTest(text=text), self.assertRaisesMessage(CoordinateError, message):
                parse_places(text)


class DateTests(SimpleTestCase):
    def test_bce_ranges_are_signed_years(self):
        r = dlp_range("2592-01-01", 1, "2566-01-01", 1)
        self.assertEqual((r.start_year, r.end_year, r.precision), (-2592, -2566, "year"))

    def test_a_range_crossing_the_era_has_no_year_zero(self):
        r = parse_date_range("100 BCE - 100 CE")
        self.assertEqual((r.start_year, r.end_year), (-100, 100))
        self.assertEqual(iso_year(-100), "-0099")

    def test_it_refuses_bad_dates(self):
        for start, message in [("2592-13-01", "not a valid date"), ("0000-01-01", "there is no year 0"), ("15th c.", "not a YYYY-MM-DD")]:
            with self.subTest(start=start), self.assertRaisesMessage(DateError, message):
                dlp_range(start, 0, None, 0)
        with self.assertRaisesMessage(DateError, "starts after it ends"):
            parse_date_range("1971 - 1900")


class RealDumpImportTests(TestCase):
    """The 2020 dump imported whole, once for the class."""

    @classmethod
    def setUpTestData(cls):
        cls.path = dump_path()
        cls.output = import_dlp(cls.path)

    def test_it_imports_every_record(self):
        self.assertEqual(Game.objects.count(), 565)
        self.assertEqual(Ruleset.objects.count(), 666)
        self.assertEqual(Evidence.objects.count(), 1266)
        self.assertEqual(Source.objects.count(), 542)
        self.assertEqual(
            [m.objects.count() for m in (Age, Gender, SocialStatus, Space, UncertaintyFactor, Period, Category, Region)],
            [5, 4, 10, 12, 18, 3, 37, 23],
        )
        self.assertEqual(Evidence.sources.through.objects.count(), 1712 - 17)  # 17 rows repeat a pair
        # The README's 737 and 144 count the flags and empty DateStart: 611 rows have a BC flag,
        # 587 of them with a start date, one of those flagged 127 (a 1923 CE record).
        self.assertEqual(Evidence.objects.filter(start_year__lt=0).count(), 586)
        self.assertEqual(Evidence.objects.filter(start_year__isnull=True).count(), 144)
        self.assertEqual(Evidence.objects.filter(start_year__isnull=True, end_year__isnull=True).count(), 141)
        self.assertEqual((Evidence.objects.get(dlp_id=742).start_year, Evidence.objects.get(dlp_id=742).end_year), (1923, 1923))
        # 286 records give no coordinates; all but one ("Sahara") are placed from their names.
        self.assertEqual(Evidence.objects.filter(places__precision="").distinct().count(), 1266 - 286)
        self.assertEqual(Evidence.objects.exclude(places__isnull=False).count(), 1)
        self.assertIn("Imported", self.output)

    def test_it_keeps_dlp_identifiers(self):
        e = Evidence.objects.get(dlp_id=1188)
        self.assertEqual(e.identifier, "DLP.Evidence.1188")
        self.assertEqual(e.game.dlp_identifier, "DLP.Games.325")
        self.assertEqual(Ruleset.objects.get(dlp_id=1).dlp_identifier, "DLP.GameRulesets.1")

    def test_a_bce_record_with_escaped_text(self):
        e = Evidence.objects.get(dlp_id=2)
        # Dates as ISO 8601 (astronomical years): 2592 BCE is -2591.
        self.assertEqual((e.start_year, e.end_year, e.start_date, e.end_date), (-2592, -2566, "-2591-01-01", "-2565-01-01"))
        self.assertEqual(e.type, "artistic")
        self.assertIn("Hesy-Re.", e.content)
        self.assertIn("\r\n\r\nQuibbell 1913", e.content)
        self.assertEqual(list(e.places.values_list("latitude", "longitude")), [(Decimal("29.849817"), Decimal("31.216678"))])

    def test_a_record_with_ten_places_south_and_west(self):
        places = list(Evidence.objects.get(dlp_id=1207).places.order_by("order"))
        self.assertEqual(len(places), 10)
        self.assertEqual((places[0].latitude, places[0].longitude), (Decimal("-12.045931"), Decimal("-77.046083")))
        self.assertEqual(places[0].coordinates_text, '12° 2\'45.35"S, 77° 2\'45.90"W')

    def test_a_record_without_date_or_coordinates(self):
        e = Evidence.objects.get(dlp_id=151)
        self.assertEqual((e.start_year, e.end_year, e.date_precision), (None, None, "unknown"))
        self.assertEqual(e.kml, "Fayyum Oasis")
        # No coordinates of its own: placed from its name (archive.gazetteer), and marked so.
        self.assertEqual(list(e.places.values_list("name", "precision", "geonames_id", "coordinates_text")),
                         [("Fayyum Oasis", "region", 361320, "")])

    def test_a_record_with_only_an_end_date(self):
        e = Evidence.objects.get(dlp_id=1209)
        self.assertEqual((e.start_year, e.end_year), (None, 908))

    def test_a_start_after_its_end_is_put_in_order_and_noted(self):
        e = Evidence.objects.get(dlp_id=1257)
        self.assertEqual((e.start_year, e.end_year), (-1220, -122))
        self.assertTrue(e.date_reversed)
        self.assertEqual(e.dlp_extra["DateStart"], "0122-01-01")
        self.assertIn("DateStart was after DateEnd", e.dlp_extra["import_notes"][0])
        self.assertIn("warning: DLP.Evidence.1257", self.output)

    def test_non_latin_text_survives(self):
        self.assertIn("Νυν", Evidence.objects.get(dlp_id=1012).rules_text + Evidence.objects.get(dlp_id=1012).content)
        self.assertTrue(GameName.objects.filter(game__dlp_id=438, name="Mǎnzhōuqí", kind="native").exists())
        source = Source.objects.get(dlp_id=322)
        self.assertEqual(source.title, "Ανασκαφη ταφων Αναγθροντος")

    def test_sources_get_structured_fields(self):
        s = Source.objects.get(dlp_id=1)
        self.assertEqual((s.authors, s.year, s.publisher), ("Murray, H.J.R.", 1951, "Clarendon Press"))
        self.assertTrue(s.ref.startswith("S"))

    def test_vocabularies_and_links(self):
        e = Evidence.objects.get(dlp_id=1188)
        self.assertEqual(sorted(e.ages.values_list("name", flat=True)), ["Adolescent", "Child"])
        self.assertEqual(list(e.genders.values_list("name", flat=True)), ["Male"])
        self.assertEqual(list(e.sources.values_list("dlp_id", flat=True)), [122])
        game = Game.objects.get(dlp_id=3)
        self.assertEqual(game.name, "Senet")
        self.assertTrue(game.regions.exists())

    def test_importing_again_changes_nothing(self):
        before = archive_counts()
        updated = Evidence.objects.order_by("id").values_list("updated", flat=True)[0]
        output = import_dlp(self.path)
        self.assertIn("Nothing changed", output)
        self.assertEqual(archive_counts(), before)
        self.assertEqual(Evidence.objects.order_by("id").values_list("updated", flat=True)[0], updated)

    def test_a_newer_dump_updates_what_changed_and_keeps_curators_edits(self):
        # A curator corrects one record's rules; the next dump changes another field of it.
        e = Evidence.objects.get(dlp_id=2)
        e.rules_text = "Corrected by a curator."
        e.save()
        text = dlp_dump_text()
        newer = text.replace(
            "'Painting of Senet board and accessories in tomb of Hesy-Re.", "'Painting (revised) of Senet board in tomb of Hesy-Re.", 1
        ).replace("(2, 4, 3, NULL, '2592-01-01', 1, '2566-01-01', 1,", "(2, 4, 3, NULL, '2600-01-01', 1, '2566-01-01', 1,", 1)
        self.assertNotEqual(newer, text)
        path = self.tmp_path / "newer.sql"
        path.write_text(newer, encoding="utf-8")
        version = DataVersion.objects.get(pk=1).version
        output = import_dlp(path)
        # Cached pages are recomputed: the bulk writes bumped the archive's data version.
        self.assertGreater(DataVersion.objects.get(pk=1).version, version)
        self.assertIn("evidence: 0 created, 1 updated, 1265 unchanged", output)
        e.refresh_from_db()
        self.assertTrue(e.content.startswith("Painting (revised)"))
        self.assertEqual(e.start_year, -2600)
        self.assertEqual(e.rules_text, "Corrected by a curator.")
        self.assertEqual(e.history.first().history_change_reason, "import_dlp newer.sql")

    def test_importing_again_corrects_what_an_older_parser_read_but_not_a_curators_fields(self):
        # As an earlier parser stored them (no history row: the import's is still the last).
        Source.objects.filter(dlp_id=32).update(title="The Tomb of Amenemhet (No", publisher="", place="")
        curated = Source.objects.get(dlp_id=1)
        curated.title = "A History of Board Games (curated)"
        curated._change_reason = "a curator's correction"
        curated.save()
        import_dlp(self.path)
        tomb = Source.objects.get(dlp_id=32)
        self.assertEqual((tomb.title, tomb.place, tomb.publisher), ("The Tomb of Amenemhet (No. 82)", "London", "Egypt Exploration Society"))
        self.assertEqual(Source.objects.get(dlp_id=1).title, "A History of Board Games (curated)")
        self.assertIn("Nothing changed", import_dlp(self.path))

    def test_it_reads_the_portals_database_zip(self):
        path = self.tmp_path / "database.zip"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("ludiiGames.sql", dlp_dump_text())
        dump = read_dump_file(path)
        self.assertEqual(len(dump.tables["Evidence"].rows), 1266)

    @pytest.fixture(autouse=True)
    def _tmp(self, tmp_path):
        self.tmp_path = tmp_path


class CatalogueMergeTests(TestCase):
    """The catalogue first (as `make run` loads it), then the dump: Béchi is merged, not doubled."""

    @classmethod
    def setUpTestData(cls):
        path = dump_path()
        call_command("load_catalogue", "--without-dlp", stdout=StringIO())
        cls.catalogue_record = Evidence.objects.get(dlp_id=1188)
        cls.output = import_dlp(path)
        cls.path = path

    def test_bechi_is_merged_not_duplicated(self):
        self.assertEqual(Evidence.objects.filter(dlp_id=1188).count(), 1)
        self.assertEqual(Game.objects.filter(dlp_id=325).count(), 1)
        e = Evidence.objects.get(dlp_id=1188)
        self.assertEqual(e.pk, self.catalogue_record.pk)
        self.assertEqual(e.ref, self.catalogue_record.ref)
        self.assertEqual(e.game.slug, "bechi")
        # The catalogue's curated fields stand; the DLP's source is the catalogue's source.
        self.assertEqual(e.rules_text, self.catalogue_record.rules_text)
        self.assertEqual(Source.objects.filter(dlp_id=122).count(), 1)
        self.assertIn(122, e.sources.values_list("dlp_id", flat=True))

    def test_every_dump_record_is_there_once(self):
        self.assertEqual(Evidence.objects.filter(dlp_id__lte=1427).count(), 1266)
        self.assertEqual(Game.objects.filter(dlp_id__isnull=False, dlp_id__lte=603).count(), 565)
        self.assertEqual(Ruleset.objects.filter(dlp_id__isnull=False, dlp_id__lte=706).count(), 666)

    def test_a_catalogue_game_a_curator_deleted_is_not_made_again_by_the_deploys_load(self):
        bechi = Game.objects.get(dlp_id=325)
        for record in bechi.evidence.all():
            record.delete()
        rulesets = list(bechi.rulesets.filter(dlp_id__isnull=False).values_list("dlp_id", flat=True))
        bechi.delete()
        # One of its rulesets as if a newer dump brought it: it has no game to go to.
        Ruleset.history.filter(dlp_id=rulesets[0]).delete()
        out = StringIO()
        call_command("load_catalogue", stdout=out)  # as every deploy runs it: the dump, then the catalogue
        self.assertFalse(Game.objects.filter(dlp_id=325).exists())
        self.assertFalse(Game.objects.filter(slug="bechi").exists())
        self.assertFalse(Ruleset.objects.filter(dlp_id__in=rulesets).exists())
        self.assertIn("DLP game deleted or renamed by a curator, not made again: 1", out.getvalue())
        self.assertIn("DLP ruleset of a game a curator deleted, not imported: 1", out.getvalue())

    def test_catalogue_and_dump_agree_on_a_second_round(self):
        # The rules files (games/rulesets/) name DLP rulesets only the import brought: the
        # catalogue's next load links them (tests/archive/test_rules_catalogue.py); then neither
        # the dump nor the catalogue undoes the other.
        call_command("load_catalogue", "--without-dlp", stdout=StringIO())
        before = archive_counts()
        self.assertIn("Nothing changed", import_dlp(self.path))
        out = StringIO()
        call_command("load_catalogue", "--without-dlp", stdout=out)
        self.assertIn("nothing changed", out.getvalue())
        self.assertIn("Nothing changed", import_dlp(self.path))
        self.assertEqual(archive_counts(), before)


class CuratorDeletionTests(TestCase):
    """The curator audit: importing the dump again made a game or ruleset a curator had deleted.
    What a curator deleted (whose newest history row is a deletion not made by an import) stays
    deleted, as records and sources already did, and the summary says what was kept."""

    SEEGA = 128  # three rulesets, three evidence records in the dump

    @classmethod
    def setUpTestData(cls):
        import_dlp(dump_path())

    def delete_seega(self) -> tuple[Evidence, list[int]]:
        """As a curator would: one record moved to another game, the others deleted, then the game."""
        game = Game.objects.get(dlp_id=self.SEEGA)
        rulesets = list(game.rulesets.values_list("dlp_id", flat=True))
        moved, *others = game.evidence.order_by("dlp_id")
        moved.game = Game.objects.get(dlp_id=24)  # Alquerque
        moved.save()
        for record in others:
            record.delete()
        game.delete()
        return moved, rulesets

    def test_a_game_a_curator_deleted_stays_deleted_with_its_rulesets_and_records(self):
        moved, rulesets = self.delete_seega()
        self.assertEqual(len(rulesets), 3)
        output = import_dlp(dump_path())
        self.assertFalse(Game.objects.filter(dlp_id=self.SEEGA).exists())
        self.assertFalse(Ruleset.objects.filter(dlp_id__in=rulesets).exists())
        self.assertEqual(Evidence.objects.filter(game__dlp_id=self.SEEGA).count(), 0)
        for said in ("game: 1 deleted or renamed by a curator, not made again",
                     "ruleset: 3 deleted or renamed by a curator, not made again",
                     "evidence: 2 deleted or renamed by a curator, not made again"):
            self.assertIn(said, output)
        # The record a curator moved stays where they put it.
        moved.refresh_from_db()
        self.assertEqual(moved.game.dlp_id, 24)
        self.assertIn("Nothing changed", import_dlp(dump_path()))

    def test_a_ruleset_a_curator_deleted_stays_deleted_and_its_records_keep_none(self):
        ruleset = Ruleset.objects.get(dlp_id=2)
        records = list(ruleset.evidence.values_list("pk", flat=True))
        self.assertTrue(records)
        ruleset.delete()
        output = import_dlp(dump_path())
        self.assertFalse(Ruleset.objects.filter(dlp_id=2).exists())
        self.assertIn("ruleset: 1 deleted or renamed by a curator, not made again", output)
        self.assertFalse(Evidence.objects.filter(pk__in=records, ruleset__isnull=False).exists())
        self.assertTrue(Game.objects.filter(dlp_id=3).exists())
        self.assertIn("Nothing changed", import_dlp(dump_path()))

    def test_what_a_newer_dump_adds_to_a_deleted_game_is_not_imported_and_said(self):
        moved, rulesets = self.delete_seega()
        # As if the dump brought a record and a ruleset this archive never had, for the deleted game.
        new_record = Evidence.history.filter(game_id=moved.history.last().game_id, history_type="-").values_list("dlp_id", flat=True).first()
        Evidence.history.filter(dlp_id=new_record).delete()
        Ruleset.history.filter(dlp_id=rulesets[0]).delete()
        output = import_dlp(dump_path())
        self.assertFalse(Evidence.objects.filter(dlp_id=new_record).exists())
        self.assertFalse(Ruleset.objects.filter(dlp_id=rulesets[0]).exists())
        self.assertIn("ruleset: 1 of a game a curator deleted, not imported", output)
        self.assertIn("evidence: 1 of a game a curator deleted, not imported", output)

    def test_a_deletion_an_import_made_is_not_a_curators(self):
        game = Game.objects.get(dlp_id=20)  # Stratego: one ruleset, no evidence
        for obj in (*game.rulesets.all(), game):
            obj._change_reason = "import_dlp older.sql"
            obj.delete()
        import_dlp(dump_path())
        self.assertTrue(Game.objects.filter(dlp_id=20).exists())
        self.assertEqual(Ruleset.objects.filter(game__dlp_id=20).count(), 1)


class MalformedDumpTests(TestCase):
    """Each bad input names its line and field, and nothing is written."""

    @pytest.fixture(autouse=True)
    def _tmp(self, tmp_path):
        self.tmp_path = tmp_path

    def broken(self, old: str, new: str) -> str:
        text = dlp_dump_text()
        self.assertIn(old, text)
        path = self.tmp_path / "broken.sql"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        return str(path)

    def assert_refused(self, path: str, *messages: str) -> None:
        before = archive_counts()
        with self.assertRaises(CommandError) as caught:
            import_dlp(path)
        for message in messages:
            self.assertIn(message, str(caught.exception))
        self.assertIn("nothing was imported", str(caught.exception))
        self.assertEqual(archive_counts(), before)

    def test_a_truncated_dump(self):
        text = dlp_dump_text()
        path = self.tmp_path / "truncated.sql"
        path.write_text(text[: len(text) // 2], encoding="utf-8")
        self.assert_refused(str(path), "truncated")

    def test_a_dump_cut_between_statements(self):
        text = dlp_dump_text()
        cut = text.index("-- Table structure for table `Sources`")
        path = self.tmp_path / "cut.sql"
        path.write_text(text[:cut], encoding="utf-8")
        self.assert_refused(str(path), "no data for table(s) Sources, Spaces, UncertaintyFactors")

    def test_bad_coordinates(self):
        path = self.broken("""' 29°50''59.34"N,  31°13''0.04"E'""", """' 29°75''59.34"N,  31°13''0.04"E'""")
        self.assert_refused(path, "line 141, field Location: evidence 2: minutes must be under 60")

    def test_a_bad_date(self):
        path = self.broken("(2, 4, 3, NULL, '2592-01-01',", "(2, 4, 3, NULL, '2592-14-01',")
        self.assert_refused(path, "line 141, field DateStart: evidence 2", "not a valid date")

    def test_a_confidence_out_of_range(self):
        path = self.broken("Quibbell 1913: 17-20, Pl. 11, 16.', 100,", "Quibbell 1913: 17-20, Pl. 11, 16.', 250,")
        self.assert_refused(path, "line 141, field ConfidenceMultiplier")

    def test_a_link_to_a_missing_record(self):
        path = self.broken("(1188, 119, 912),", "(1188, 9999, 912),")
        self.assert_refused(path, "line 3456, field SourceId: EvidenceSources 1188 names SourceId 9999")

    def test_a_feature_link_to_a_missing_feature(self):
        path = self.broken("(204, 628, 1),", "(204, 628, 99),")
        self.assert_refused(path, "line 2106, field ludemeInfoId: EvidenceLudemeInfos 204 names ludemeInfoId 99")

    def test_a_dump_without_the_features_of_play_still_imports(self):
        import re

        text = re.sub(r"INSERT INTO `(Evidence)?LudemeInfos`.*?\);\n", "", dlp_dump_text(), flags=re.S)
        self.assertNotIn("INSERT INTO `LudemeInfos`", text)
        path = self.tmp_path / "older.sql"
        path.write_text(text, encoding="utf-8")
        self.assertIn("Imported", import_dlp(path))
        self.assertEqual((Evidence.objects.count(), Concept.objects.count()), (1266, 0))

    def test_a_damaged_gzip_file(self):
        path = self.tmp_path / "damaged.sql.gz"
        path.write_bytes(DLP_DUMP.read_bytes()[:1000])
        self.assert_refused(str(path), "damaged.sql.gz is not a readable gzip file")

    def test_a_damaged_zip_file(self):
        # The curator audit: a damaged database.zip was read as text ("not UTF-8 (byte 10)") or
        # called a gzip file.
        good = self.tmp_path / "good.zip"
        with zipfile.ZipFile(good, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("ludiiGames.sql", dlp_dump_text())
        data = good.read_bytes()
        cut = self.tmp_path / "database.zip"
        cut.write_bytes(data[: len(data) // 2])
        self.assert_refused(str(cut), "database.zip is not a valid zip archive (", "cut short")
        damaged = bytearray(data)
        for i in range(2000, 2100):
            damaged[i] ^= 0x55
        path = self.tmp_path / "damaged.zip"
        path.write_bytes(bytes(damaged))
        self.assert_refused(str(path), "damaged.zip is not a valid zip archive (ludiiGames.sql in it is damaged")
        text = self.tmp_path / "text.zip"
        text.write_text("INSERT INTO `Games` VALUES (1);", encoding="utf-8")
        self.assert_refused(str(text), "text.zip is not a valid zip archive (")

    def test_a_dump_that_is_not_utf8(self):
        path = self.tmp_path / "latin1.sql"
        path.write_bytes("-- a dump\n-- caf\u00e9 au lait\n".encode("latin-1"))
        self.assert_refused(str(path), "latin1.sql is not UTF-8 text: byte 0xE9 at line 2, column 7; save it as UTF-8 and import again")
        inside = self.tmp_path / "database.zip"
        with zipfile.ZipFile(inside, "w") as z:
            z.writestr("ludiiGames.sql", "-- a dump\n-- caf\u00e9\n".encode("latin-1"))
        self.assert_refused(str(inside), "ludiiGames.sql (in database.zip) is not UTF-8 text: byte 0xE9 at line 2, column 7")

    def test_a_file_that_is_not_there(self):
        self.assert_refused(str(self.tmp_path / "missing.sql"), "cannot read")

    def test_a_failure_while_writing_leaves_nothing_behind(self):
        from archive.importers import dlp

        with mock.patch.object(dlp._Writer, "_evidence", side_effect=RuntimeError("disk full")):
            with self.assertRaises(RuntimeError):
                import_dlp(dump_path())
        self.assertEqual(Game.objects.count(), 0)
        self.assertEqual(Source.objects.count(), 0)


class ForeignDlpIdsTests(TestCase):
    """Issue 38, item 3: a curator may give a record a DLP id the shipped dump does not have (a
    newer dump's, or a mistake); the next deploy's `load_catalogue` and any `import_dlp` look up
    only the dump's own ids and leave such records as the curator left them."""

    @classmethod
    def setUpTestData(cls):
        import_dlp(dump_path())
        game = Game.objects.get(dlp_id=325)
        cls.source = Source.objects.create(ref="SRC-777777", dlp_id=777777, citation="A newer source.", url="")
        cls.game = Game.objects.create(slug="newer-game", name="Newer game", dlp_id=777778)
        cls.ruleset = Ruleset.objects.create(game=game, slug="newer", name="Newer", dlp_id=777779)
        cls.evidence = Evidence.objects.create(ref="DLP.Evidence.777780", dlp_id=777780, game=game, type="artifact",
                                               content="A newer record.")

    def snapshot(self):
        return [(type(o).__name__, {f.attname: getattr(type(o).objects.get(pk=o.pk), f.attname) for f in o._meta.concrete_fields})
                for o in (self.source, self.game, self.ruleset, self.evidence)]

    def test_import_and_load_catalogue_leave_them_and_do_not_crash(self):
        before = self.snapshot()
        self.assertIn("Nothing changed", import_dlp(dump_path()))
        call_command("load_catalogue", stdout=StringIO())
        self.assertEqual(self.snapshot(), before)
