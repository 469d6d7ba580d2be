"""The evidence list's stored documents (archive.documents): a list page is its records' stored
JSON, so every write that changes what a record's entry says must make its stored document
unservable at once, whichever way it is made (a save, a place, a link from either side, a renamed
source or game, a bulk update, a delete), and a document built from data read before a write must
never be served after it."""
from __future__ import annotations

import datetime
import io
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import TestCase, TransactionTestCase
from django.urls import reverse, set_script_prefix
from django.utils import timezone
from rest_framework.renderers import JSONRenderer
from rest_framework.test import APIRequestFactory

from archive import documents
from archive.api.serializers import EvidenceSerializer
from archive.api.views import EvidenceViewSet
from archive.models import Age, Evidence, EvidenceDocument, Game, Place, Ruleset, Source
from archive.services import archive_changed
from tests.archive.archive_helpers import uncommitted_write

LIST = reverse("api:evidence-list")


def uncached(client, *args, **kwargs):
    """A GET with nothing kept in the shared cache (no rendered page, no count)."""
    cache.clear()
    return client.get(*args, **kwargs)


def listed(client, **params) -> dict[str, dict]:
    """The list's records by ref, every page, with no rendered page kept in between."""
    out, url, query = {}, LIST, {"page_size": 200, **params}
    while url:
        cache.clear()
        page = client.get(url, query)
        assert page.status_code == 200, page.content
        out.update({r["ref"]: r for r in page.json()["results"]})
        url, query = page.json()["next"], None
    return out


def serializer_page(records, **request_kwargs) -> bytes:
    request = APIRequestFactory().get(LIST, **request_kwargs)
    view = EvidenceViewSet()
    view.action, view.request, view.format_kwarg, view.kwargs = "retrieve", request, None, {}
    by_pk = {e.pk: e for e in view.get_queryset()}
    data = EvidenceSerializer([by_pk[r.pk] for r in records], many=True, context={"request": request}).data
    return JSONRenderer().render(data)


class StoredDocumentsFollowEveryWrite(TestCase):
    @classmethod
    def setUpTestData(cls):
        cls.game = Game.objects.create(slug="senet", name="Senet")
        cls.other = Game.objects.create(slug="ur", name="Royal Game of Ur")
        cls.ruleset = Ruleset.objects.create(game=cls.game, name="Bell", slug="bell")
        cls.source = Source.objects.create(citation="Bell 1960. Board and Table Games.", year=1960)
        cls.age = Age.objects.create(name="Adult", dlp_id=1)
        # Text beyond ASCII: the stored documents travel as UTF-8 bytes from the page query.
        cls.records = [
            Evidence.objects.create(type="artifact", game=cls.game, summary=f"record {i}: Şeş-Beş — “𓋹”", start_year=-1000 - i)
            for i in range(5)
        ]
        cls.first = cls.records[0]
        cls.first.sources.add(cls.source)
        cls.first.ages.add(cls.age)
        Place.objects.create(evidence=cls.first, name="Thebes", latitude=Decimal("25.7"), longitude=Decimal("32.6"))

    def setUp(self):
        cache.clear()
        self.before = listed(self.client)  # every record's document built and stored
        self.assertEqual(EvidenceDocument.objects.filter(body__isnull=False).count(), len(self.records))

    def entry(self, record=None) -> dict:
        return listed(self.client)[(record or self.first).ref]

    def test_what_is_stored_is_served_and_equals_a_fresh_build(self):
        served = uncached(self.client, LIST).content
        EvidenceDocument.objects.all().delete()
        built = uncached(self.client, LIST).content
        self.assertEqual(served, built)
        self.assertIn("Şeş-Beş — “𓋹”".encode(), served)
        self.assertEqual(JSONRenderer().render(self.client.get(LIST).json()["results"]), serializer_page(self.records))

    def test_a_saved_record(self):
        self.first.summary = "changed by a curator"
        self.first.save()
        self.assertEqual(self.entry()["summary"], "changed by a curator")

    def test_its_places_added_changed_moved_and_deleted(self):
        place = Place.objects.create(evidence=self.first, name="Abydos", latitude=Decimal("26.1"), longitude=Decimal("31.9"))
        self.assertIn("Abydos", [p["name"] for p in self.entry()["places"]])
        place.name = "Abydos (Umm el-Qa'ab)"
        place.save()
        self.assertIn("Abydos (Umm el-Qa'ab)", [p["name"] for p in self.entry()["places"]])
        second = self.records[1]
        place.evidence = second
        place.save()
        entries = listed(self.client)
        self.assertNotIn("Abydos (Umm el-Qa'ab)", [p["name"] for p in entries[self.first.ref]["places"]])
        self.assertIn("Abydos (Umm el-Qa'ab)", [p["name"] for p in entries[second.ref]["places"]])
        place.delete()
        self.assertEqual(self.entry(second)["places"], [])

    def test_its_links_changed(self):
        second = self.records[1]
        second.ages.add(self.age)
        self.assertEqual(self.entry(second)["ages"], ["Adult"])
        second.ages.remove(self.age)
        self.assertEqual(self.entry(second)["ages"], [])
        second.sources.set([self.source])
        self.assertEqual(self.entry(second)["sources"], [self.source.ref])
        self.first.ages.clear()
        self.assertEqual(self.entry()["ages"], [])

    def test_links_changed_from_the_other_side(self):
        # Adding or removing from a term's or a source's side names the records in pk_set, and
        # clearing there names none.
        second = self.records[1]
        self.age.evidence_set.add(second)
        self.assertEqual(self.entry(second)["ages"], ["Adult"])
        self.age.evidence_set.remove(second)
        self.assertEqual(self.entry(second)["ages"], [])
        self.age.evidence_set.add(second)
        floor = documents.state()[1]
        self.age.evidence_set.clear()
        self.assertGreater(documents.state()[1], floor)
        self.assertEqual(self.entry(second)["ages"], [])
        self.assertEqual(self.entry()["ages"], [])

    def test_a_renamed_source_game_ruleset_or_term(self):
        self.first.ruleset = self.ruleset
        self.first.save()
        self.source.citation = "Bell 1979. Board and Table Games from Many Civilizations."
        self.source.save()
        self.assertEqual(self.entry()["sources_detail"][0]["citation"], self.source.citation)
        self.game.name = "Senet (Egypt)"
        self.game.save()
        self.assertEqual(self.entry()["game_name"], "Senet (Egypt)")
        self.ruleset.slug = "bell-1979"
        self.ruleset.save()
        self.assertEqual(self.entry()["ruleset"], "bell-1979")
        self.age.name = "Grown-up"
        self.age.save()
        self.assertEqual(self.entry()["ages"], ["Grown-up"])

    def test_a_bulk_update_that_says_the_archive_changed(self):
        Evidence.objects.filter(pk=self.first.pk).update(summary="updated in bulk", confidence=40)
        archive_changed()
        self.assertEqual(self.entry()["summary"], "updated in bulk")
        self.assertEqual(self.entry()["confidence"], 40)

    def test_a_record_moved_to_another_game(self):
        self.first.game = self.other
        self.first.save()
        self.assertEqual(self.entry()["game"], "ur")

    def test_a_deleted_record_leaves_the_list_and_its_document_goes(self):
        pk, ref = self.first.pk, self.first.ref
        self.first.delete()
        self.assertNotIn(ref, listed(self.client))
        self.assertFalse(EvidenceDocument.objects.filter(evidence_id=pk).exists())

    def test_writes_through_the_api(self):
        curator = self.make_curator()
        self.client.force_authenticate(curator) if hasattr(self.client, "force_authenticate") else self.client.force_login(curator)
        url = reverse("api:evidence-detail", kwargs={"identifier": self.first.ref})
        response = self.client.patch(url, {"summary": "through the API"}, content_type="application/json")
        self.assertEqual(response.status_code, 200, response.content)
        self.client.logout()
        self.assertEqual(self.entry()["summary"], "through the API")

    def make_curator(self):
        from django.contrib.auth.models import Permission, User

        user = User.objects.create_user("curator")
        user.user_permissions.add(*Permission.objects.filter(codename__in=["change_evidence", "view_evidence"]))
        return user

    def test_writes_to_what_no_document_shows_leave_them_current(self):
        version = documents.state()
        self.other.description = "Played across Mesopotamia."
        self.other.save()  # a game: raises the floor (its name is shown)
        self.assertGreater(documents.state()[1], version[1])
        floor = documents.state()[1]
        listed(self.client)
        from archive.models import Period

        Period.objects.create(name="Bronze Age")
        self.assertEqual(documents.state()[1], floor)  # a period is shown by no document
        ids = [r.pk for r in self.records]
        self.assertEqual(len(documents.current(ids, floor)), len(ids))


class NoStaleDocument(TestCase):
    """The race the versions close: a reader reads the version, then the data; a writer commits
    between the two or after both; the reader stores what it built. Never served after the write."""

    @classmethod
    def setUpTestData(cls):
        cls.game = Game.objects.create(slug="senet", name="Senet")
        cls.record = Evidence.objects.create(type="artifact", game=cls.game, summary="old")

    def test_a_document_built_before_a_write_and_stored_after_it_is_not_served(self):
        version, floor = documents.state()
        stale = f'{{"ref":"{self.record.ref}","summary":"old"}}'
        self.record.summary = "new"
        self.record.save()  # stamps the record's document row
        documents.store({self.record.pk: stale}, version)
        self.assertEqual(documents.current([self.record.pk], documents.state()[1]), {})
        self.assertEqual(listed(self.client)[self.record.ref]["summary"], "new")

    def test_a_reader_never_lowers_the_stamp_nor_overwrites_a_newer_document(self):
        self.record.save()
        stamped = EvidenceDocument.objects.get(evidence_id=self.record.pk).changed
        version, _ = documents.state()
        documents.store({self.record.pk: "newer"}, version)
        documents.store({self.record.pk: "older"}, version - 1)
        row = EvidenceDocument.objects.get(evidence_id=self.record.pk)
        self.assertEqual((row.body, row.built, row.changed), ("newer", version, stamped))

    def test_a_document_of_another_format_is_not_served(self):
        listed(self.client)
        EvidenceDocument.objects.update(format=documents.DOCUMENT_FORMAT + 1)
        self.assertEqual(documents.current([self.record.pk], documents.state()[1]), {})
        self.assertEqual(listed(self.client)[self.record.ref]["summary"], "old")

    def test_a_raised_floor_makes_every_document_older_than_it_unservable(self):
        listed(self.client)
        floor_before = documents.state()[1]
        self.assertEqual(len(documents.current([self.record.pk], floor_before)), 1)
        archive_changed()
        self.assertEqual(documents.current([self.record.pk], documents.state()[1]), {})


class PagesBuiltAfreshWhereDocumentsDoNotApply(TestCase):
    @classmethod
    def setUpTestData(cls):
        game = Game.objects.create(slug="senet", name="Senet")
        cls.records = [
            Evidence.objects.create(type="artifact", game=game, summary=f"r{i}", dlp_added=timezone.now() - datetime.timedelta(days=i))
            for i in range(3)
        ]

    def test_another_time_zone_writes_its_own_times(self):
        listed(self.client)  # documents stored in UTC
        with timezone.override("Asia/Tokyo"):
            cache.clear()
            body = self.client.get(LIST).json()["results"]
            expected = serializer_page(self.records)
        self.assertTrue(body[0]["created"].endswith("+09:00"))
        self.assertEqual(JSONRenderer().render(body), expected)

    def test_a_script_prefix_is_in_every_link(self):
        listed(self.client)
        cache.clear()
        # As a server mounted under /archive/ sets it (the test client does not).
        set_script_prefix("/archive/")
        try:
            body = self.client.get(LIST).json()["results"]
            expected = serializer_page(self.records)
        finally:
            set_script_prefix("/")
        self.assertEqual(JSONRenderer().render(body), expected)
        self.assertTrue(body[0]["api_url"].startswith("http://testserver/archive/api/"), body[0]["api_url"])
        self.assertTrue(body[0]["html_url"].startswith("/archive/"), body[0]["html_url"])

    def test_an_indented_answer(self):
        listed(self.client)
        cache.clear()
        response = self.client.get(LIST, HTTP_ACCEPT="application/json; indent=2")
        self.assertIn(b'\n  "count": 3', response.content)
        self.assertEqual(len(response.json()["results"]), 3)

    def test_the_scheme_and_host_come_from_the_request(self):
        listed(self.client)
        cache.clear()
        body = self.client.get(LIST, secure=True, HTTP_HOST="localhost").json()["results"]
        self.assertTrue(body[0]["api_url"].startswith("https://localhost/api/v1/evidence/"), body[0]["api_url"])


class BuildDocumentsCommand(TestCase):
    @classmethod
    def setUpTestData(cls):
        game = Game.objects.create(slug="senet", name="Senet")
        for i in range(7):
            Evidence.objects.create(type="artifact", game=game, summary=f"r{i}")

    def run_command(self, *args) -> str:
        out = io.StringIO()
        call_command("build_documents", *args, stdout=out)
        return out.getvalue()

    def test_builds_what_is_missing_then_nothing(self):
        self.assertIn("7 built, 0 already current", self.run_command("--batch", "3"))
        self.assertIn("0 built, 7 already current", self.run_command())
        Evidence.objects.first().save()
        self.assertIn("1 built, 6 already current", self.run_command())
        # What the command stored is what a page serves.
        served = uncached(self.client, LIST).content
        EvidenceDocument.objects.all().delete()
        self.assertEqual(uncached(self.client, LIST).content, served)

    def test_a_batch_below_one_is_refused(self):
        with self.assertRaisesMessage(CommandError, "--batch must be at least 1, not 0"):
            self.run_command("--batch", "0")


class WritesInAutocommit(TransactionTestCase):
    """Outside a transaction the bump and the stamp come after the write has committed."""

    def test_a_save_in_autocommit_is_seen(self):
        game = Game.objects.create(slug="senet", name="Senet")
        record = Evidence.objects.create(type="artifact", game=game, summary="old")
        self.assertEqual(listed(self.client)[record.ref]["summary"], "old")
        record.summary = "new"
        record.save()
        row = EvidenceDocument.objects.get(evidence_id=record.pk)
        self.assertGreater(row.changed, row.built)
        self.assertEqual(listed(self.client)[record.ref]["summary"], "new")


@pytest.mark.postgres
class ReaderDuringAnUncommittedWrite(TransactionTestCase):
    """PostgreSQL: a reader builds and stores a record's document while a writer's transaction,
    which has already stamped that record, is open in another connection. The reader neither
    waits long on the writer's lock nor has its old document served once the write commits."""

    def test_the_old_document_is_not_served_after_the_commit(self):
        game = Game.objects.create(slug="senet", name="Senet")
        record = Evidence.objects.create(type="artifact", game=game, summary="old")
        def write():
            r = Evidence.objects.get(pk=record.pk)
            r.summary = "new"
            r.save()

        with uncommitted_write(write):
            # The writer holds the document row: the reader serves what it built, stores nothing.
            self.assertEqual(uncached(self.client, LIST).json()["results"][0]["summary"], "old")
        self.assertEqual(uncached(self.client, LIST).json()["results"][0]["summary"], "new")
        self.assertEqual(uncached(self.client, LIST).json()["results"][0]["summary"], "new")
        row = EvidenceDocument.objects.get(evidence_id=record.pk)
        self.assertGreaterEqual(row.built, row.changed)


@pytest.mark.sqlite
class SQLiteReadersDoNotWaitOnWriters(TestCase):
    def busy_timeout(self) -> int:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA busy_timeout")
            return cursor.fetchone()[0]

    def test_a_store_waits_briefly_then_gives_up_and_the_connection_keeps_its_timeout(self):
        game = Game.objects.create(slug="senet", name="Senet")
        record = Evidence.objects.create(type="artifact", game=game)
        usual = self.busy_timeout()
        seen = []

        def locked(execute, sql, params, many, context):
            if sql.startswith("INSERT INTO"):
                seen.append(self_timeout())
                from django.db import OperationalError

                raise OperationalError("database is locked")
            return execute(sql, params, many, context)

        def self_timeout():
            return connection.connection.execute("PRAGMA busy_timeout").fetchone()[0]

        with connection.execute_wrapper(locked):
            self.assertFalse(documents.store({record.pk: "{}"}, documents.state()[0]))
        self.assertEqual(seen, [documents.READER_LOCK_TIMEOUT_MS])
        self.assertEqual(self.busy_timeout(), usual)
        self.assertGreater(usual, documents.READER_LOCK_TIMEOUT_MS)
        self.assertTrue(documents.store({record.pk: "{}"}, documents.state()[0]))


class AfterMigrate(TestCase):
    def test_migrate_makes_every_stored_document_unservable(self):
        from archive import signals

        game = Game.objects.create(slug="senet", name="Senet")
        record = Evidence.objects.create(type="artifact", game=game)
        listed(self.client)
        self.assertEqual(len(documents.current([record.pk], documents.state()[1])), 1)
        signals.documents_after_migrate(using="default")
        self.assertEqual(documents.current([record.pk], documents.state()[1]), {})
