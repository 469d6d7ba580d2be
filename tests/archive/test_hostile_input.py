"""Hostile and broken input from the audit: each case gets a clear answer and changes nothing."""
from __future__ import annotations

import gzip
import io
import json
import threading
import time
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.db import close_old_connections, connection, transaction
from django.test import Client, TestCase
from PIL import Image
from rest_framework import status

from archive.api.exports import evidence_rows_for, formula_neutralise, formula_restore
from archive.importers.checks import TEXT_MAX, import_lock
from archive.importers.csv_import import evidence_csv_import
from archive.importers.errors import ImportFailed
from archive.media import image_clean
from archive.models import Evidence, Game, Source
from core.links import is_link, url_problem, url_scheme
from tests.archive.api_fixtures import ArchiveAPITestCase
from tests.conftest import DLP_DUMP, require_file


class LinkTests(TestCase):
    def test_only_http_and_https_become_links(self):
        assert is_link("https://example.org/a") and is_link("http://example.org")
        for url in ("javascript:alert(1)", " JaVa\tScRiPt:alert(1)", "data:text/html,x", "vbscript:x", "//evil.org", "doi:10.1/x"):
            assert not is_link(url), url

    def test_import_refuses_hostile_schemes_but_keeps_identifiers_and_plain_text(self):
        assert url_scheme("java\nscript:alert(1)") == "javascript"
        assert "javascript" in url_problem("java\nscript:alert(1)")
        assert url_problem("data:text/html;base64,PHNjcmlwdD4=")
        for fine in ("", "https://x.org/p?q=1", "doi:10.1000/182", "urn:isbn:0451450523", "Historica relacion del reyno"):
            assert url_problem(fine) is None, fine

    def test_a_stored_javascript_url_is_shown_as_text_not_a_link(self):
        source = Source.objects.create(citation="A hostile source.", url="javascript:alert(document.domain)")
        html = Client().get(source.get_absolute_url()).content.decode()
        assert "javascript:alert(document.domain)" in html
        assert 'href="javascript:' not in html

    def test_an_http_url_is_a_link(self):
        source = Source.objects.create(citation="A good source.", url="https://example.org/book")
        html = Client().get(source.get_absolute_url()).content.decode()
        assert '<a href="https://example.org/book" rel="noopener nofollow">' in html


class ApiAndAdminLinkTests(ArchiveAPITestCase):
    def test_the_api_refuses_a_javascript_url(self):
        self.as_carol()
        r = self.client.post("/api/v1/sources/", {"citation": "X.", "kind": "book", "url": "javascript:alert(1)"}, format="json")
        self.assertEqual(r.status_code, status.HTTP_400_BAD_REQUEST)
        self.assertIn("url", r.json())
        self.assertFalse(Source.objects.filter(citation="X.").exists())

    def test_a_nul_in_a_form_field_is_400_naming_it_and_changes_nothing(self):
        # Found by schemathesis on PostgreSQL: a NUL in a form-encoded list of slugs reached the
        # database in the related field's lookup (500).
        self.as_carol()
        before = Evidence.objects.count()
        r = self.client.post("/api/v1/evidence/", {"type": "text", "game": ["ses-bes", "\x00a"]}, format="multipart")
        self.assertEqual(r.status_code, status.HTTP_400_BAD_REQUEST, r.content)
        self.assertIn("'game' contains a NUL character", r.json()["detail"])
        for body in ("type=text&game=%00a", "type=text&ga%00me=ses-bes"):
            r = self.client.post("/api/v1/evidence/", body, content_type="application/x-www-form-urlencoded")
            self.assertEqual(r.status_code, status.HTTP_400_BAD_REQUEST, r.content)
            self.assertIn("contains a NUL character", r.json()["detail"])
        self.assertIn("a field name", r.json()["detail"])
        self.assertEqual(Evidence.objects.count(), before)

    def test_a_place_without_its_latitude_is_400_naming_it_and_changes_nothing(self):
        # A PATCH makes every field optional, the nested places' too: the database refused (500).
        self.as_carol()
        record = Evidence.objects.filter(places__isnull=False).first()
        before = list(record.places.values("name", "latitude", "longitude"))
        for place in ({"name": "x", "longitude": 2}, {"name": "x", "latitude": 2}, {"name": "x"}):
            with self.subTest(place=place):
                r = self.client.patch(f"/api/v1/evidence/{record.ref}/", {"places": [place]}, format="json")
                self.assertEqual(r.status_code, status.HTTP_400_BAD_REQUEST, r.content)
                missing = {"latitude", "longitude"} - set(place)
                self.assertEqual(set(r.json()["places"]["0"]), missing)
        self.assertEqual(list(record.places.values("name", "latitude", "longitude")), before)

    def test_the_admin_refuses_a_javascript_url(self):
        admin = User.objects.create(username="root", is_staff=True, is_superuser=True)
        self.client.force_login(admin)
        for url, message in (("javascript:alert(1)", "Enter a valid URL"), ("ftp://example.org/x", "Only http and https links are accepted")):
            r = self.client.post("/admin/archive/source/add/", {"citation": "Y.", "kind": "book", "url": url})
            self.assertEqual(r.status_code, 200)
            self.assertContains(r, message)
        self.assertFalse(Source.objects.filter(citation="Y.").exists())


def import_dlp(path) -> str:
    out = StringIO()
    call_command("import_dlp", str(path), stdout=out, stderr=out)
    return out.getvalue()


class HostileDumpTests(TestCase):
    """The DLP dump with one hostile change: refused with its line and field, nothing written."""

    @pytest.fixture(autouse=True)
    def _tmp(self, tmp_path):
        self.tmp_path = tmp_path

    def broken(self, old: str, new: str) -> str:
        # The project ships the dump gzipped (archive/data/dlp/).
        text = gzip.decompress(require_file(DLP_DUMP, "the DLP dump", "REQUIRE_SHARED_DATA").read_bytes()).decode("utf-8")
        self.assertIn(old, text)
        path = self.tmp_path / "hostile.sql"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        return str(path)

    def assert_refused(self, path: str, *messages: str) -> None:
        with self.assertRaises(CommandError) as caught:
            import_dlp(path)
        for message in messages:
            self.assertIn(message, str(caught.exception))
        self.assertIn("nothing was imported", str(caught.exception))
        self.assertEqual((Game.objects.count(), Source.objects.count(), Evidence.objects.count()), (0, 0, 0))

    def test_a_javascript_source_url(self):
        path = self.broken("(1, 'Murray, H.J.R. 1951. A History of Board-Games Other Than Chess. Oxford: Clarendon Press.', 'https:",
                           "(1, 'Murray, H.J.R. 1951. A History of Board-Games Other Than Chess. Oxford: Clarendon Press.', 'javascript:alert(1)//")
        self.assert_refused(path, "line 9566, field URL", "javascript: is not allowed")

    def test_a_nul_byte_in_a_text(self):
        path = self.broken("(3, 'Senet', NULL, 'Senet is one", "(3, 'Senet', NULL, 'Senet\\0 is one")
        self.assert_refused(path, "line 7651, field Games.Description", "NUL character")

    def test_a_vocabulary_name_over_its_length(self):
        path = self.broken("(2, 'Child'),", f"(2, '{'C' * 101}'),")
        self.assert_refused(path, "line 40, field Ages.Age", "101 characters long; the limit is 100")

    def test_a_game_name_over_200(self):
        path = self.broken("(3, 'Senet', NULL,", f"(3, '{'S' * 201}', NULL,")
        self.assert_refused(path, "line 7651", "201", "200")

    def test_duplicate_ids_name_both_lines(self):
        path = self.broken("(2, 'Child'),", "(1, 'Child'),")
        self.assert_refused(path, "Ages Id 1 is given to two rows, lines 39 and 40", "field Ages.Id")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_second_import_waits_for_the_first_on_postgresql():
    """import_lock is the advisory lock dlp_import takes inside its transaction: a second
    import blocks until the first commits, instead of colliding with its rows."""
    events: list[str] = []
    first_has_lock = threading.Event()

    def first():
        with transaction.atomic():
            import_lock("dlp")
            events.append("first locked")
            first_has_lock.set()
            time.sleep(0.5)
            events.append("first commits")
        close_old_connections()

    def second():
        first_has_lock.wait(5)
        with transaction.atomic():
            import_lock("dlp")
            events.append("second locked")
        close_old_connections()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert events == ["first locked", "first commits", "second locked"]


@pytest.mark.django_db
def test_dlp_import_takes_the_lock(monkeypatch):
    from archive.importers import dlp

    taken = []
    monkeypatch.setattr(dlp, "import_lock", lambda name: taken.append(name) or (_ for _ in ()).throw(RuntimeError("stop")))
    monkeypatch.setattr(dlp, "check_dump", lambda dump: None)
    monkeypatch.setattr(dlp, "_Plan", lambda dump: type("P", (), {"warnings": []})())
    with pytest.raises(RuntimeError, match="stop"):
        with transaction.atomic():
            dlp.dlp_import(dump=None)
    assert taken == ["dlp"]


class CsvTests(ArchiveAPITestCase):
    def export(self, **params) -> str:
        r = self.client.get("/api/v1/export/evidence.csv", params)
        return b"".join(r.streaming_content).decode()

    def test_a_ref_with_a_slash_is_refused_and_the_game_page_survives(self):
        header = "identifier,ref,type,game\n"
        with self.assertRaises(ImportFailed) as caught:
            evidence_csv_import(text=header + f"E/EVIL,E/EVIL,artifact,{self.ses_bes.slug}\n")
        self.assertEqual((caught.exception.row, caught.exception.field), (2, "ref"))
        self.assertFalse(Evidence.objects.filter(ref__contains="/").exists())
        self.assertEqual(Client().get(self.ses_bes.get_absolute_url()).status_code, 200)
        self.assertEqual(Client().get("/evidence/", {"game": self.ses_bes.slug}).status_code, 200)
        self.assertEqual(self.client.get("/api/v1/evidence/", {"game": self.ses_bes.slug}).status_code, 200)

    def test_the_api_does_not_take_a_ref(self):
        self.as_carol()
        r = self.client.post("/api/v1/evidence/", {"type": "artifact", "game": self.ses_bes.slug, "ref": "E/X"}, format="json")
        self.assertEqual(r.status_code, 201)
        self.assertNotIn("/", Evidence.objects.get(ref=r.json()["ref"]).ref)

    def test_a_nul_byte_is_refused_with_row_and_field(self):
        header = "identifier,type,game,summary\n"
        with self.assertRaises(ImportFailed) as caught:
            evidence_csv_import(text=header + f",artifact,{self.ses_bes.slug},a\x00b\n")
        self.assertEqual((caught.exception.row, caught.exception.field), (2, "summary"))

    def test_formula_cells_are_neutralised_and_read_back_exactly(self):
        record = Evidence.objects.get(pk=self.eritrea.pk)
        record.summary, record.content, record.date_text = "=HYPERLINK(\"http://x\")", "@SUM(A1)", "'-x"
        record.save()
        text = self.export()
        self.assertIn("'=HYPERLINK(", text)
        self.assertIn("'@SUM(A1)", text)
        self.assertIn("''-x", text)
        self.assertNotRegex(text, r'(^|,)"?[=+@]')
        # Numbers stay numbers: a BCE year is not a formula.
        self.assertEqual(evidence_csv_import(text=text), {"created": 0, "updated": 0, "unchanged": Evidence.objects.count()})
        record.refresh_from_db()
        self.assertEqual((record.summary, record.content, record.date_text), ("=HYPERLINK(\"http://x\")", "@SUM(A1)", "'-x"))

    def test_the_text_limit_is_shared_by_the_api_and_the_import(self):
        self.as_carol()
        at_limit = "x" * TEXT_MAX
        r = self.client.patch(f"/api/v1/evidence/{self.eritrea.identifier}/", {"content": at_limit}, format="json")
        self.assertEqual(r.status_code, 200)
        over = self.client.patch(f"/api/v1/evidence/{self.eritrea.identifier}/", {"content": at_limit + "x"}, format="json")
        self.assertEqual(over.status_code, 400)
        self.assertIn("content", over.json())
        # What the API accepted reads back from its own export (a cell over the csv module's 128 KiB default).
        Evidence.objects.filter(pk=self.eritrea.pk).update(content="y" * (TEXT_MAX - 1) + "é")
        counts = evidence_csv_import(text=self.export())
        self.assertEqual(counts["created"] + counts["updated"], 0)

    def test_a_cell_over_the_limit_is_refused_with_its_row_and_field(self):
        header = "identifier,type,game,content\n"
        with self.assertRaises(ImportFailed) as caught:
            evidence_csv_import(text=header + f",artifact,{self.ses_bes.slug},{'z' * (TEXT_MAX + 1)}\n")
        self.assertEqual((caught.exception.row, caught.exception.field), (2, "content"))
        self.assertIn("100000", str(caught.exception))


class FormulaTests(TestCase):
    def test_every_trigger_is_neutralised_and_restored(self):
        for value in ("=1", "+1", "-1+1", "-me", "@a", "\tx", "\rx", "'=1", "''@", "plain", "o'clock", "'", ""):
            exported = formula_neutralise(value)
            assert exported[:1] not in ("=", "+", "-", "@", "\t", "\r"), value
            assert formula_restore(exported) == value
        # A number or an ISO or EDTF date is data, not a formula: written as it is, read back as it is.
        for value in ("-1", "-3100", "-2591-01-01", "-2591/-2565", "'-2591", "''-1"):
            assert formula_restore(formula_neutralise(value)) == value, value
        assert formula_neutralise("-2591/-2565") == "-2591/-2565"


class DeleteTests(ArchiveAPITestCase):
    def test_delete_with_format_csv_answers_204(self):
        self.as_carol()
        r = self.client.delete(f"/api/v1/evidence/{self.eritrea.identifier}/?format=csv")
        self.assertEqual(r.status_code, status.HTTP_204_NO_CONTENT)
        self.assertFalse(Evidence.objects.filter(pk=self.eritrea.pk).exists())

    def test_a_write_asking_for_csv_answers_its_record_as_json(self):
        # Found by schemathesis: the CSV renderer could not write one record with a Decimal in it.
        self.as_carol()
        body = {"type": "artifact", "game": self.ses_bes.slug, "places": [{"latitude": "1.5", "longitude": "2.5"}]}
        r = self.client.post("/api/v1/evidence/?format=csv", body, format="json")
        self.assertEqual(r.status_code, status.HTTP_201_CREATED)
        self.assertEqual(json.loads(r.content)["places"][0]["latitude"], "1.500000")

    def test_deleting_a_game_with_evidence_is_a_conflict_that_changes_nothing(self):
        root = User.objects.create(username="root2", is_superuser=True)
        self.client.force_authenticate(root)
        r = self.client.delete(f"/api/v1/games/{self.ses_bes.slug}/")
        self.assertEqual(r.status_code, status.HTTP_409_CONFLICT)
        self.assertIn("cannot be deleted", r.json()["detail"])
        self.assertIn("evidence refer to it", r.json()["detail"])
        self.assertTrue(Game.objects.filter(pk=self.ses_bes.pk).exists())

    def test_the_admin_says_why_a_game_cannot_be_deleted(self):
        root = User.objects.create(username="root3", is_superuser=True, is_staff=True)
        self.client.force_login(root)
        r = self.client.post(f"/admin/archive/game/{self.ses_bes.pk}/delete/", {"post": "yes"})
        self.assertContains(r, "would require deleting the following protected related objects")
        self.assertTrue(Game.objects.filter(pk=self.ses_bes.pk).exists())


def _jpeg(size=(64, 48), **save) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, "olive").save(out, "JPEG", **save)
    return out.getvalue()


class ImageTests(TestCase):
    def test_a_truncated_jpeg_is_a_clear_error(self):
        data = _jpeg((800, 600))
        with self.assertRaises(ValidationError) as caught:
            image_clean(data[: len(data) // 2], name="cut.jpg")
        self.assertIn("cut.jpg could not be decoded", str(caught.exception))

    def test_comments_and_metadata_are_stripped_from_image_and_thumbnail(self):
        data = _jpeg(comment=b"home of the family at 39.59N 48.97E")
        self.assertIn(b"39.59N", data)
        clean = image_clean(data, name="c.jpg")
        for stored in (clean.image, clean.thumbnail):
            self.assertNotIn(b"39.59N", stored)
            self.assertNotIn(b"\xff\xfe", stored)  # no COM segment at all
            with Image.open(io.BytesIO(stored)) as image:
                self.assertNotIn("comment", image.info)
                self.assertNotIn("exif", image.info)

    def test_a_39_7_megapixel_png_is_refused_before_decoding(self):
        out = io.BytesIO()
        Image.new("1", (7300, 5440)).save(out, "PNG")  # 39.7 MP, a few kilobytes
        with self.assertRaises(ValidationError) as caught:
            image_clean(out.getvalue(), name="huge.png")
        self.assertIn("39,712,000", str(caught.exception))


class PageCacheTests(ArchiveAPITestCase):
    def test_https_pages_are_not_served_http_permalinks(self):
        from django.core.cache import cache

        cache.clear()
        path = self.eritrea.get_absolute_url()
        plain = Client().get(path).content.decode()
        secure = Client().get(path, secure=True).content.decode()
        self.assertIn("http://testserver" + path, plain)
        self.assertIn("https://testserver" + path, secure)

    def test_unknown_parameters_share_one_cache_entry_and_reach_no_link(self):
        from django.core.cache import cache

        cache.clear()
        Client().get("/evidence/")
        before = len(cache._cache)
        for n in range(5):
            html = Client().get("/evidence/", {f"junk{n}": "x"}).content.decode()
            self.assertNotIn("junk", html)
        self.assertEqual(len(cache._cache), before)


class VerifiedTests(ArchiveAPITestCase):
    def setUp(self):
        super().setUp()
        Evidence.objects.filter(pk=self.eritrea.pk).update(verified=False)

    def test_an_unverified_record_is_marked_on_its_page(self):
        html = Client().get(self.eritrea.get_absolute_url()).content.decode()
        self.assertIn('id="unverified"', html)

    def test_browse_filters_by_verification(self):
        unverified = Client().get("/evidence/", {"verified": "false"}).content.decode()
        verified = Client().get("/evidence/", {"verified": "true"}).content.decode()
        self.assertIn(self.eritrea.identifier, unverified)
        self.assertNotIn(f">{self.eritrea.identifier}<", verified)
        self.assertIn("verified: &#x27;maybe&#x27; is neither true nor false", Client().get("/evidence/", {"verified": "maybe"}).content.decode())

    def test_the_api_filters_by_verification(self):
        ids = lambda v: {r["identifier"] for r in self.client.get("/api/v1/evidence/", {"verified": v}).json()["results"]}
        self.assertEqual(ids("false"), {self.eritrea.identifier})
        self.assertNotIn(self.eritrea.identifier, ids("true"))


class AdminTextLimitTests(ArchiveAPITestCase):
    def test_the_admin_refuses_text_over_the_shared_limit(self):
        admin = User.objects.create(username="root4", is_staff=True, is_superuser=True)
        self.client.force_login(admin)
        r = self.client.post("/admin/archive/source/add/", {"citation": "c" * (TEXT_MAX + 1), "kind": "book"})
        self.assertEqual(r.status_code, 200)
        self.assertContains(r, "Ensure this value has at most 100000 characters")
        self.assertFalse(Source.objects.filter(citation__startswith="ccc").exists())


class PageRecordCheckTests(TestCase):
    def test_a_portal_page_record_with_a_nul_or_an_overlong_name_is_refused_with_its_line(self):
        from archive.importers.checks import check_page_records
        from archive.importers.page import PageRecord

        nul = PageRecord(identifier="DLP.Evidence.9", line=12, fields={"content": "a\x00b"})
        with self.assertRaises(ImportFailed) as caught:
            check_page_records([("p.html", nul)])
        self.assertEqual((caught.exception.line, caught.exception.field), (12, "content"))
        long_age = PageRecord(identifier="DLP.Evidence.9", line=30, lists={"ages": ["A" * 101]})
        with self.assertRaises(ImportFailed) as caught:
            check_page_records([("p.html", long_age)])
        self.assertEqual((caught.exception.line, caught.exception.field), (30, "ages"))
        check_page_records([("p.html", PageRecord(identifier="DLP.Evidence.9", line=1, fields={"content": "fine"}))])


class NumbersTests(ArchiveAPITestCase):
    """Whole numbers as a client may send them: digits int() refuses ('²'), or too big for a
    database column. Each is a 400 naming the parameter (the browse page names it and leaves the
    filter out), never a 500, and an export never answers 200 with nothing in it."""

    BAD = ("\u00b2", "99999999999999999999999", "9223372036854775808", "\uff11\uff12")

    def test_the_api_lists_exports_and_map_refuse_them_naming_the_parameter(self):
        for value in self.BAD:
            for url, name in (
                ("/api/v1/evidence/", "confidence_min"), ("/api/v1/evidence/", "confidence_max"),
                ("/api/v1/evidence/", "dlp_id"), ("/api/v1/evidence/", "ruleset"),
                ("/api/v1/evidence/", "page_size"), ("/api/v1/games/", "page_size"),
                ("/api/v1/sources/", "page_size"), ("/api/v1/rulesets/", "page_size"),
                ("/api/v1/export/evidence.geojson", "dlp_id"), ("/api/v1/export/evidence.jsonl", "dlp_id"),
                ("/api/v1/export/evidence.csv", "ruleset"), ("/api/v1/evidence/points/", "ruleset"),
                ("/api/v1/evidence/periods/", "dlp_id"),
            ):
                with self.subTest(url=url, name=name, value=value):
                    r = self.client.get(url, {name: value})
                    self.assertEqual(r.status_code, status.HTTP_400_BAD_REQUEST, r.content[:200])
                    self.assertIn(name, r.content.decode())

    def test_a_dlp_source_number_too_big_is_an_unknown_source(self):
        r = self.client.get("/api/v1/evidence/", {"source": "DLP.Sources.99999999999999999999"})
        self.assertEqual(r.status_code, status.HTTP_400_BAD_REQUEST)
        self.assertIn("source", r.json())

    def test_the_browse_page_names_them_and_leaves_them_out(self):
        for value in self.BAD:
            for name in ("confidence", "ruleset", "dlp_id"):
                with self.subTest(name=name, value=value):
                    r = self.client.get("/evidence/", {name: value})
                    self.assertEqual(r.status_code, 200)
                    self.assertContains(r, "is not a whole number")


class FormatTests(ArchiveAPITestCase):
    def test_an_unknown_format_is_400_naming_it_and_the_known_ones(self):
        for url, fmt in (("/api/v1/evidence/", "xml"), ("/api/v1/sources/", "endnote"), ("/api/v1/evidence/points/", "geojson"),
                         ("/api/v1/export/evidence.csv", "csv"), ("/api/v1/games/", "x" * 500)):
            with self.subTest(url=url, fmt=fmt[:10]):
                r = self.client.get(url, {"format": fmt})
                self.assertEqual(r.status_code, status.HTTP_400_BAD_REQUEST)
                self.assertEqual(r["Content-Type"].split(";")[0], "application/json")
                message = r.json()["format"][0]
                self.assertIn("unknown format", message)
                self.assertLess(len(message), 300)

    def test_a_known_format_still_answers(self):
        self.assertEqual(self.client.get("/api/v1/sources/", {"format": "bibtex"}).status_code, 200)
        self.assertEqual(self.client.get("/api/v1/evidence/", {"format": "csv"}).status_code, 200)
