"""Cached pages across processes: the archive's data version lives in the database, so a write
made by any process (another gunicorn worker, an import run from the command line) is seen on the
next request of every other, whatever its cache; and a write rolled back leaves no trace."""
from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test import TestCase, TransactionTestCase, override_settings

from archive.models import DataVersion, Evidence
from archive.selectors import data_version
from archive.services import archive_changed
from tests.archive.archive_helpers import fresh_cache, make_evidence, make_game, uncommitted_write  # noqa: F401


def worker(name: str):
    """A process of its own as far as caching goes: a per-process memory cache."""
    return override_settings(CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                                 "LOCATION": f"worker-{name}"}})


class PagesAcrossWorkers(TestCase):
    @classmethod
    def setUpTestData(cls) -> None:
        cls.game = make_game("senet", "Senet")
        (cls.record,) = make_evidence(cls.game, 1, content="played in the courtyard")

    def page(self, path: str) -> str:
        response = self.client.get(path)
        self.assertEqual(response.status_code, 200)
        return response.content.decode()

    def test_a_save_in_another_worker_is_seen_on_the_next_request(self):
        with worker("a"):
            self.assertIn("1 record", self.page("/evidence/"))
            self.assertIn("1 record", self.page("/evidence/"))  # now served from worker a's cache
        with worker("b"):
            make_evidence(self.game, 1)  # bulk writes call archive_changed()
            record = Evidence.objects.get(pk=self.record.pk)
            record.summary = "a game on the steps of the mosque"
            record.save()
        with worker("a"):
            self.assertIn("2 records", self.page("/evidence/"))
            self.assertIn("on the steps of the mosque", self.page(self.record.get_absolute_url()))

    def test_a_kept_page_is_sent_compressed_once_for_all_without_compressing_it_again(self):
        import gzip
        from unittest import mock

        with worker("a"):
            first = self.client.get("/evidence/", HTTP_ACCEPT_ENCODING="gzip, deflate")
            self.assertEqual(first["Content-Encoding"], "gzip")
            plain = self.client.get("/evidence/")  # no Accept-Encoding: the page as written
            self.assertNotIn("Content-Encoding", plain)
            self.assertEqual(gzip.decompress(first.content), plain.content)
            for response in (first, plain):
                self.assertIn("Accept-Encoding", response["Vary"])
            # From the cache: neither the view nor the compressor runs again.
            with mock.patch("core.compressed.compress_string") as compress, \
                    mock.patch("django.middleware.gzip.compress_string") as middleware_compress:
                again = self.client.get("/evidence/", HTTP_ACCEPT_ENCODING="gzip")
            compress.assert_not_called()
            middleware_compress.assert_not_called()
            self.assertEqual(again.content, first.content)
            self.assertIn("1 record", gzip.decompress(again.content).decode())

    def test_a_bump_made_only_in_the_database_is_seen(self):
        # As an import in another process leaves it: rows changed without signals, then the
        # version bumped in SQL; this process's cache is not touched.
        with worker("a"):
            self.assertIn("played in the courtyard", self.page("/games/senet/"))
            Evidence.objects.filter(pk=self.record.pk).update(content="played at the teahouse")
            self.assertIn("played in the courtyard", self.page("/games/senet/"))  # cached, version unchanged
            with connection.cursor() as cursor:
                cursor.execute("UPDATE archive_dataversion SET version = version + 1")
            self.assertIn("played at the teahouse", self.page("/games/senet/"))

    def test_every_kind_of_write_bumps_the_version(self):
        before = data_version()
        self.record.save()
        self.record.ages.clear()
        self.record.places.first().delete()
        archive_changed()
        self.assertGreaterEqual(data_version(), before + 4)

    def test_a_rolled_back_write_leaves_the_version_and_the_pages_as_they_were(self):
        with worker("a"):
            self.page("/evidence/")
            before = data_version()
            with self.assertRaises(RuntimeError), transaction.atomic():
                Evidence.objects.filter(pk=self.record.pk).update(content="never happened")
                archive_changed()
                self.record.delete()
                raise RuntimeError("abandon the edit")
            self.assertEqual(data_version(), before)
            html = self.page(self.record.get_absolute_url())
            self.assertIn("played in the courtyard", html)
            self.assertNotIn("never happened", html)

    def test_the_version_costs_one_query_on_a_cached_page(self):
        with worker("a"):
            self.page("/evidence/?q=courtyard")
            with self.assertNumQueries(1):
                self.page("/evidence/?q=courtyard")

    def test_a_missing_version_row_is_made_again_on_the_next_write(self):
        DataVersion.objects.all().delete()
        self.assertEqual(data_version(), 0)
        archive_changed()
        self.assertGreater(data_version(), 0)


@pytest.mark.postgres
class PagesDuringAnUncommittedWrite(TransactionTestCase):
    """PostgreSQL: a writer's transaction open in another thread (its own connection)."""

    def test_a_page_cached_during_a_write_is_not_served_once_it_commits(self):
        game = make_game("senet", "Senet")
        (record,) = make_evidence(game, 1, content="played in the courtyard")
        def write():
            r = Evidence.objects.get(pk=record.pk)
            r.content = "played at the teahouse"
            r.save()

        with worker("a"):
            with uncommitted_write(write):
                # The write is not committed: this request sees the old data under the old version.
                self.assertIn("played in the courtyard", self.client.get("/games/senet/").content.decode())
            self.assertIn("played at the teahouse", self.client.get("/games/senet/").content.decode())
