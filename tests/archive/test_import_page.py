"""The Ludii Portal's evidence pages in both layouts (the two seed pages)."""
from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from io import StringIO

from django.core.management import CommandError, call_command
from django.db import transaction
from django.test import SimpleTestCase, TestCase

from archive.importers.errors import ImportFailed
from archive.importers.page import parse_page
from archive.models import Evidence, Game, Source
from tests.conftest import DLP_PAGES

# The seed pages as the project ships them (archive/data/dlp/pages/).
SES_BES = "DLP.Evidence.2445.txt"  # fields run together on one line
BECHI = "DLP.Evidence.1188.txt"  # one field a line, inside the portal's page


def seed(name: str):
    return DLP_PAGES / name


def known_games(*names: str) -> None:
    """The games the pages name, as the archive holds them: an import never makes a game."""
    from django.utils.text import slugify

    for name in names:
        Game.objects.create(name=name, slug=slugify(name))


def run(*files) -> str:
    out = StringIO()
    call_command("import_dlp_page", *map(str, files), stdout=out)
    return out.getvalue()


class PageParserTests(SimpleTestCase):
    def test_the_run_together_layout(self):
        [r] = parse_page(seed(SES_BES).read_text(encoding="utf-8"))
        self.assertEqual((r.identifier, r.game, r.fields["type"]), ("DLP.Evidence.2445", "Şeş-Beş", "ethnography"))
        self.assertEqual([(p.latitude, p.longitude) for p in r.places][2], (Decimal("39.502431"), Decimal("45.029319")))
        self.assertEqual((r.fields["start_date"], r.fields["end_date"], r.fields["date_precision"]), ("2024-07-18", "2024-08-06", "day"))
        self.assertTrue(r.fields["rules_text"].startswith("Played on a tables board"))
        self.assertTrue(r.fields["rules_text"].endswith("wins two points for that game."))
        # The content begins with the word "Rules": it is not taken for a label.
        self.assertTrue(r.fields["content"].startswith("Rules as observed in Salyan"))
        self.assertEqual(r.fields["confidence"], 100)
        self.assertEqual(r.lists, {"ages": ["All"], "social_statuses": ["All"], "spaces": ["Inside", "Outside", "Public", "Private", "Communal"], "genders": ["Female", "Male"]})
        self.assertEqual(r.sources, [])

    def test_the_one_field_a_line_layout(self):
        [r] = parse_page(seed(BECHI).read_text(encoding="utf-8"))
        self.assertEqual((r.identifier, r.line, r.game), ("DLP.Evidence.1188", 14, "Béchi"))
        self.assertEqual((r.fields["start_year"], r.fields["end_year"], r.fields["date_precision"]), (1971, 1971, "year"))
        self.assertTrue(r.fields["content"].endswith("Townshend 1971: 169-170."))
        self.assertEqual(r.lists, {"ages": ["Child", "Adolescent"], "genders": ["Male"]})
        self.assertEqual(r.sources, ["Pankhurst, R. 1971. Gabata and Related Board Games of Ethiopia and the Horn of Africa. Ethiopia Observer 14(3):154-206."])

    def test_several_records_on_a_page(self):
        one = seed(BECHI).read_text(encoding="utf-8").split("Id DLP.Evidence.1188")[1].split("Contact Us")[0]
        text = "2 pieces of evidence found.\nId DLP.Evidence.1188" + one + "\nId DLP.Evidence.1189" + one.replace("1971-01-01 - 1971-12-31", "300 BCE - 200 BCE")
        records = parse_page(text)
        self.assertEqual([r.identifier for r in records], ["DLP.Evidence.1188", "DLP.Evidence.1189"])
        self.assertEqual((records[1].fields["start_year"], records[1].fields["end_year"]), (-300, -200))

    def test_bad_fields_are_named_with_their_line(self):
        text = seed(BECHI).read_text(encoding="utf-8")
        for old, new, message in [
            ("15° 6'26.82\"N", "15° 66'26.82\"N", "line 17, field Location: page, DLP.Evidence.1188: minutes must be under 60"),
            ("1971-01-01 - 1971-12-31", "1971-13-01 - 1971-12-31", "line 18, field Date"),
            ("Type Ethnography", "Type Poetry", "line 15, field Type: page, DLP.Evidence.1188: unknown evidence type 'Poetry'"),
            ("Confidence 100", "Confidence 300", "field Confidence"),
        ]:
            with self.subTest(field=message), self.assertRaisesMessage(ImportFailed, message):
                parse_page(text.replace(old, new, 1))
        with self.assertRaisesMessage(ImportFailed, "no evidence record found"):
            parse_page("Evidence for nothing\n0 pieces of evidence found.")


class PageImportTests(TestCase):
    def test_both_seed_pages_write_their_records_once(self):
        known_games("Şeş-Beş", "Béchi")
        output = run(seed(SES_BES), seed(BECHI))
        self.assertIn("2 record(s): 2 created", output)
        az = Evidence.objects.get(dlp_id=2445)
        self.assertEqual((az.game.name, az.places.count(), az.start_year), ("Şeş-Beş", 3, 2024))
        self.assertEqual(sorted(az.spaces.values_list("name", flat=True)), ["Communal", "Inside", "Outside", "Private", "Public"])
        bechi = Evidence.objects.get(dlp_id=1188)
        self.assertEqual(bechi.sources.get().year, 1971)
        self.assertEqual(bechi.ages.get(name="Child").dlp_id, 2)
        self.assertIn("0 created, 0 updated, 2 unchanged", run(seed(SES_BES), seed(BECHI)))
        self.assertEqual((Evidence.objects.count(), Game.objects.count(), Source.objects.count()), (2, 2, 1))

    def test_the_catalogues_records_are_merged(self):
        call_command("load_catalogue", "--without-dlp", stdout=StringIO())
        before = Evidence.objects.get(dlp_id=1188)
        names = list(Evidence.objects.get(dlp_id=2445).places.values_list("name", flat=True))
        run(seed(SES_BES), seed(BECHI))
        self.assertEqual(Evidence.objects.filter(dlp_id__in=[1188, 2445]).count(), 2)
        after = Evidence.objects.get(dlp_id=1188)
        self.assertEqual((after.pk, after.rules_text, after.game_id), (before.pk, before.rules_text, before.game_id))
        # Same coordinates: the curated place names stay.
        self.assertEqual(list(Evidence.objects.get(dlp_id=2445).places.values_list("name", flat=True)), names)
        out = StringIO()
        call_command("load_catalogue", "--without-dlp", stdout=out)
        self.assertIn("nothing changed", out.getvalue())

    def test_a_newer_page_updates_the_record(self):
        known_games("Béchi")
        run(seed(BECHI))
        path = self.tmp / "newer.txt"
        path.write_text(seed(BECHI).read_text(encoding="utf-8").replace("Confidence 100", "Confidence 90"), encoding="utf-8")
        self.assertIn("1 updated", run(path))
        self.assertEqual(Evidence.objects.get(dlp_id=1188).confidence, 90)

    def test_a_bad_page_writes_nothing(self):
        known_games("Şeş-Beş", "Béchi")
        path = self.tmp / "bad.txt"
        path.write_text(seed(BECHI).read_text(encoding="utf-8").replace("Genders Male", "Genders Robots"), encoding="utf-8")
        with self.assertRaisesMessage(CommandError, "bad.txt, DLP.Evidence.1188: 'Robots' is not one of the DLP's Genders (nothing was imported)"):
            run(seed(SES_BES), path)
        self.assertEqual(Evidence.objects.count(), 0)
        self.assertEqual(Game.objects.count(), 2)

    def test_a_game_the_archive_does_not_know_is_refused_naming_file_and_title(self):
        # The curator audit: a page titled with an unknown game made a new game, silently.
        known_games("Béchi", "Shatranj", "Senet")
        with self.assertRaises(CommandError) as caught:
            call_command("import_dlp_page", str(seed(BECHI)), str(RUN_TOGETHER), stdout=StringIO(), stderr=StringIO())
        message = str(caught.exception)
        for part in ("shatar_run_together.txt", "DLP.Evidence.9901", "'Shatar'", "title 'Evidence for Shatar'",
                     "no such game in the archive", "nearest known: 'Shatranj'", "nothing was imported"):
            self.assertIn(part, message)
        self.assertEqual((Evidence.objects.count(), Game.objects.count()), (0, 3))
        # A record's own Game field is named as such.
        path = self.tmp / "own_game.txt"
        path.write_text(seed(SES_BES).read_text(encoding="utf-8").replace("Game Şeş-Beş", "Game Nardy", 1), encoding="utf-8")
        page = parse_page(path.read_text(encoding="utf-8"))
        self.assertEqual(page[0].game, "Nardy")
        with self.assertRaises(CommandError) as caught:
            run(path)
        self.assertIn("own_game.txt, DLP.Evidence.2445: the record's Game field names 'Nardy'", str(caught.exception))
        self.assertEqual((Evidence.objects.count(), Game.objects.count()), (0, 3))

    def test_known_games_are_found_by_name_alias_slug_or_folded_spelling(self):
        from archive.models import GameName

        bechi = Game.objects.create(name="Bechi (Ethiopia)", slug="bechi")  # found by the slug of "Béchi"
        nard = Game.objects.create(name="Nard", slug="nard")
        GameName.objects.create(game=nard, name="ŞEŞ BEŞ", kind=GameName.Kind.ALIAS)  # case, accents, hyphen aside
        run(seed(SES_BES), seed(BECHI))
        self.assertEqual(Evidence.objects.get(dlp_id=2445).game, nard)
        self.assertEqual(Evidence.objects.get(dlp_id=1188).game, bechi)
        self.assertEqual(Game.objects.count(), 2)

    def test_one_record_on_two_pages_is_refused_naming_both(self):
        # The curator audit: the last of two pages with the same record silently won.
        known_games("Şeş-Beş", "Béchi")
        other = self.tmp / "other.txt"
        other.write_text(seed(BECHI).read_text(encoding="utf-8").replace("Confidence 100", "Confidence 90"), encoding="utf-8")
        with self.assertRaises(CommandError) as caught:
            run(seed(SES_BES), seed(BECHI), other)
        message = str(caught.exception)
        for part in (f"DLP.Evidence.1188 is given twice: {seed(BECHI)} line 14 and {other} line 14",
                     "they differ in confidence", "nothing was imported"):
            self.assertIn(part, message)
        # Word for word the same, or the same file named twice: refused alike, and said so.
        copy = self.tmp / "copy.txt"
        copy.write_text(seed(BECHI).read_text(encoding="utf-8"), encoding="utf-8")
        with self.assertRaisesMessage(CommandError, f"DLP.Evidence.1188 is given twice: {seed(BECHI)} line 14 and {copy} line 14 (the same record word for word)"):
            run(seed(BECHI), copy)
        with self.assertRaisesMessage(CommandError, f"DLP.Evidence.1188 is given twice: {seed(BECHI)} is named twice"):
            run(seed(BECHI), seed(BECHI))
        self.assertEqual(Evidence.objects.count(), 0)

    def test_one_record_twice_on_a_page_is_refused(self):
        known_games("Béchi")
        one = seed(BECHI).read_text(encoding="utf-8").split("Id DLP.Evidence.1188")[1].split("Contact Us")[0]
        page = self.tmp / "twice.txt"
        page.write_text("Evidence for Béchi\nId DLP.Evidence.1188" + one + "\nId DLP.Evidence.1188" + one.replace("Confidence 100", "Confidence 80"), encoding="utf-8")
        with self.assertRaises(CommandError) as caught:
            run(page)
        self.assertRegex(str(caught.exception), rf"DLP.Evidence.1188 is given twice: {page} line 2 and {page} line \d+ \(they differ in confidence\)")
        self.assertEqual(Evidence.objects.count(), 0)

    def test_a_page_that_is_not_utf8_names_the_byte_line_and_column(self):
        known_games("Béchi")
        path = self.tmp / "latin1.txt"
        path.write_bytes("Saved from the portal\nEvidence for B\u00e9chi\n".encode("latin-1"))
        with self.assertRaises(CommandError) as caught:
            run(seed(SES_BES), path)
        self.assertEqual(
            str(caught.exception),
            f"{path} is not UTF-8 text: byte 0xE9 at line 2, column 15; save it as UTF-8 and import again (nothing was imported)",
        )
        self.assertEqual(Evidence.objects.count(), 0)

    def test_a_title_two_games_answer_to_is_refused(self):
        # "Şes bes" answers to the page's "Şeş-Beş" with accents aside; "Şeş-Beş" exactly: either
        # way two games answer, and neither gets the records.
        from archive.models import GameName

        for alias in ("Şes bes", "Şeş-Beş"):
            with self.subTest(alias=alias), transaction.atomic():
                for slug in ("nard", "tavla"):
                    game = Game.objects.create(name=slug.title(), slug=slug)
                    GameName.objects.create(game=game, name=alias, kind=GameName.Kind.ALIAS)
                with self.assertRaisesMessage(CommandError, "'Şeş-Beş' could be any of the games Nard, Tavla"):
                    run(seed(SES_BES))
                self.assertEqual(Evidence.objects.count(), 0)
                transaction.set_rollback(True)

    def setUp(self):
        import tempfile
        from pathlib import Path

        self._dir = tempfile.TemporaryDirectory()
        self.tmp = Path(self._dir.name)
        self.addCleanup(self._dir.cleanup)


# Pages written for these tests in the portal's two layouts, with what real portal pages
# (data.php?gameId=N) do: no Game field, place names, CE/BCE dates, missing fields, a cut-off end.
PAGES = Path(__file__).resolve().parent / "pages"
RUN_TOGETHER = PAGES / "shatar_run_together.txt"
ONE_FIELD_A_LINE = PAGES / "senet_one_field_a_line.txt"


class RealPortalPageTests(TestCase):
    def test_the_game_comes_from_the_title(self):
        page = parse_page(RUN_TOGETHER.read_text(encoding="utf-8"))
        self.assertEqual(page.title_game, "Shatar")
        self.assertEqual({r.game for r in page}, {"Shatar"})

    def test_a_place_name_instead_of_coordinates(self):
        first, second, third = parse_page(RUN_TOGETHER.read_text(encoding="utf-8"))
        self.assertEqual((first.fields["kml"], first.places, first.fields["location_text"]), ("Mongolia", [], ""))
        self.assertEqual((second.fields["kml"], len(second.places)), ("", 1))
        self.assertEqual(third.fields["kml"], "Sri Lanka")

    def test_ce_and_bce_dates(self):
        first, _, third = parse_page(RUN_TOGETHER.read_text(encoding="utf-8"))
        self.assertEqual((first.fields["start_year"], first.fields["end_year"]), (1850, 1900))
        self.assertEqual((third.fields["start_year"], third.fields["end_year"]), (-300, -200))
        one, two = parse_page(ONE_FIELD_A_LINE.read_text(encoding="utf-8"))
        self.assertEqual((one.fields["start_year"], one.fields["end_year"]), (-3100, -3000))
        # ISO 8601 dates count astronomically (archive.years): 2592 BCE is year -2591.
        self.assertEqual((two.fields["start_date"], two.fields["end_date"]), ("-2591-01-01", "-2565-12-31"))

    def test_missing_fields(self):
        _, second, _ = parse_page(RUN_TOGETHER.read_text(encoding="utf-8"))
        self.assertEqual(second.fields["rules_text"], "")
        self.assertEqual(second.fields["content"], "A carved wooden set of 32 pieces.")
        self.assertEqual(second.lists, {"uncertainty_factors": ["Unknown provenience"]})
        # Rules run over two lines and end where Content begins.
        first = parse_page(RUN_TOGETHER.read_text(encoding="utf-8"))[0]
        self.assertTrue(first.fields["rules_text"].endswith("as a rook and as a bishop."))

    def test_a_page_cut_off_mid_record(self):
        page = parse_page(ONE_FIELD_A_LINE.read_text(encoding="utf-8"))
        self.assertEqual([r.identifier for r in page], ["DLP.Evidence.9911", "DLP.Evidence.9912"])
        self.assertEqual(page.cut, ["DLP.Evidence.9913"])
        # A page that announces more records than it holds says how many are missing.
        text = RUN_TOGETHER.read_text(encoding="utf-8").replace("3 pieces of evidence found", "5 pieces of evidence found")
        self.assertEqual(parse_page(text).cut, ["2 record(s) after DLP.Evidence.9903"])

    def test_importing_them(self):
        known_games("Shatar", "Senet")
        out, err = StringIO(), StringIO()
        call_command("import_dlp_page", str(RUN_TOGETHER), str(ONE_FIELD_A_LINE), stdout=out, stderr=err)
        self.assertIn("5 record(s): 5 created", out.getvalue())
        self.assertIn("senet_one_field_a_line.txt: DLP.Evidence.9913 is cut off on the page: nothing of it was imported", err.getvalue())
        self.assertFalse(Evidence.objects.filter(dlp_id=9913).exists())
        mongolia = Evidence.objects.get(dlp_id=9901)
        self.assertEqual((mongolia.game.name, mongolia.kml), ("Shatar", "Mongolia"))
        # No coordinates on the page: placed from the name, and marked so (archive.gazetteer).
        self.assertEqual(list(mongolia.places.values_list("precision", "geonames_id", "geonames_same")), [("country", 2029969, True)])
        self.assertEqual(mongolia.place_label, "Mongolia")
        self.assertEqual(Evidence.objects.get(dlp_id=9911).sources.get().year, 2016)
        self.assertEqual(Game.objects.get(name="Senet").evidence.count(), 2)
        # Found by its place name, and importing again changes nothing.
        r = self.client.get("/api/v1/evidence/", {"q": "Mongolia", "format": "json"})
        self.assertEqual([e["dlp_id"] for e in r.json()["results"]], [9901])
        out = StringIO()
        call_command("import_dlp_page", str(RUN_TOGETHER), str(ONE_FIELD_A_LINE), stdout=out, stderr=StringIO())
        self.assertIn("0 created, 0 updated, 5 unchanged", out.getvalue())

    def test_bad_input_names_the_record_and_field_and_writes_nothing(self):
        import tempfile

        text = RUN_TOGETHER.read_text(encoding="utf-8")
        for old, new, message in [
            ("Evidence for Shatar\n", "", "line 3, field Game: bad.txt, DLP.Evidence.9901: no Game field (and the page has no 'Evidence for <Game>' title)"),
            ("47°55'12.00\"N", "47°75'12.00\"N", "field Location: bad.txt, DLP.Evidence.9902: minutes must be under 60"),
            ("1700 CE - 1800 CE", "1800 CE - 1700 CE", "field Date: bad.txt, DLP.Evidence.9902"),
            ("Confidence 90", "Confidence ninety", "field Confidence: bad.txt, DLP.Evidence.9902"),
        ]:
            with self.subTest(message=message), tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "bad.txt"
                path.write_text(text.replace(old, new, 1), encoding="utf-8")
                with self.assertRaisesMessage(CommandError, message):
                    call_command("import_dlp_page", str(ONE_FIELD_A_LINE), str(path), stdout=StringIO(), stderr=StringIO())
                self.assertEqual(Evidence.objects.count(), 0)
