"""The evidence list built from flat rows (archive.api.flat) says exactly what EvidenceSerializer
says, record for record and byte for byte, and takes a fixed number of queries per page; anonymous
clients get pages of at most API_ANON_MAX_PAGE_SIZE records."""
from __future__ import annotations

import datetime
import json
import random
from decimal import Decimal

from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from rest_framework.renderers import JSONRenderer
from rest_framework.test import APIRequestFactory, APITestCase

from archive.api.serializers import EvidenceSerializer
from archive.api.views import EvidenceViewSet
from archive.models import Age, Concept, Evidence, EvidenceDocument, Game, Gender, Place, Ruleset, Source, Space, UncertaintyFactor

LIST = reverse("api:evidence-list")
RECORDS = 150


class FlatRowsTestCase(APITestCase):
    @classmethod
    def setUpTestData(cls):
        rng = random.Random(14)
        games = [Game.objects.create(slug=f"g{i}", name=f"Gäme {i}", dlp_id=(i if i % 2 else None)) for i in range(4)]
        rulesets = [Ruleset.objects.create(game=g, name=f"R {g.slug}", slug=f"r-{g.slug}") for g in games[:2]]
        vocab = {
            "ages": [Age.objects.create(name=n, dlp_id=i) for i, n in ((3, "Adult"), (1, "Child"), (None, "Elder"))],
            "genders": [Gender.objects.create(name=n, dlp_id=i) for i, n in ((2, "Male"), (1, "Female"))],
            "spaces": [Space.objects.create(name="Inside", dlp_id=2), Space.objects.create(name="Outside")],
            "uncertainty_factors": [UncertaintyFactor.objects.create(name="Incomplete", dlp_id=1)],
            "concepts": [Concept.objects.create(name=f"concept {i}", dlp_id=(100 - i if i % 3 else None)) for i in range(6)],
        }
        sources = [
            Source.objects.create(
                citation=f"{'Zeta' if i % 2 else 'Alpha'} {i}. A work & more.", dlp_id=(i + 1 if i % 3 else None),
                kind=("book", "article", "other")[i % 3], authors=f"Author, A{i}", year=(1900 + i if i % 4 else None),
                title=f"Title {i}", url=("https://example.org/s?x=1&y=2" if i % 2 else ""),
            )
            for i in range(7)
        ]
        dates = [
            dict(start_year=-3100, end_year=-3000, date_precision="century"),
            dict(start_year=-177, end_year=-177, start_date="-0176-11-03", end_date="-0176-11-03", date_precision="day"),
            dict(start_year=None, end_year=1401, date_precision="year"),
            dict(start_year=-2321, end_year=None, date_precision="year"),
            dict(start_year=None, end_year=None, date_text="undated, as printed"),
            dict(start_year=-4, end_year=65, date_reversed=True, date_precision="year"),
            dict(start_year=1971, end_year=1980, date_precision="decade"),
        ]
        for i in range(RECORDS):
            e = Evidence.objects.create(
                dlp_id=(5000 + i if i % 3 else None), type=rng.choice(["artifact", "ethnography", "rules-text"]),
                game=games[i % 4], ruleset=(rulesets[i % 2] if i % 5 == 0 and i % 4 < 2 else None),
                confidence=rng.randint(0, 100), summary=f"Summary {i} “quoted” <b>", content="=1+2" if i == 7 else f"c{i}",
                kml=("Ancient Egypt" if i % 6 == 0 else ""), recorded_by="someone", verified=bool(i % 4),
                dlp_added=(timezone.now() - datetime.timedelta(days=i, microseconds=i) if i % 2 else None),
                dlp_extra={"Old": i, "_fingerprint": "hidden"} if i % 3 == 0 else {},
                location_text=f"Place {i}", **dates[i % len(dates)],
            )
            for k in range(i % 4):
                Place.objects.create(
                    evidence=e, order=(3 - k), name=f"P{i}.{k}", note=("by us" if k == 1 else ""),
                    latitude=Decimal(rng.uniform(-60, 70)).quantize(Decimal("0.000001")),
                    longitude=Decimal(rng.uniform(-179, 179)).quantize(Decimal("0.000001")), coordinates_text=f"{k}°N",
                )
            for field, items in vocab.items():
                getattr(e, field).set(rng.sample(items, rng.randint(0, len(items))))
            e.sources.set(rng.sample(sources, rng.randint(0, 3)))

    def serializer_output(self, identifiers: list[str]) -> list[dict]:
        """What EvidenceSerializer gives for these records (the list's format before flat rows)."""
        request = APIRequestFactory().get(LIST)
        view = EvidenceViewSet()
        view.action = "retrieve"  # the serializer's queryset: instances with prefetched relations
        view.request, view.format_kwarg, view.kwargs = request, None, {}
        by_identifier = {e.identifier: e for e in view.get_queryset()}
        return EvidenceSerializer([by_identifier[i] for i in identifiers], many=True, context={"request": request}).data

    def test_every_record_is_what_the_serializer_writes_byte_for_byte(self):
        self.client.force_authenticate(User.objects.create_user("reader"))
        for ordering in ("id", "-date", "confidence"):
            with self.subTest(ordering=ordering):
                results, url, params = [], LIST, {"page_size": 60, "ordering": ordering}
                while url:
                    page = self.client.get(url, params)
                    self.assertEqual(page.status_code, 200, page.content)
                    results += page.json()["results"]
                    url, params = page.json()["next"], None
                self.assertEqual(len(results), RECORDS)
                expected = self.serializer_output([r["identifier"] for r in results])
                for got, want in zip(results, json.loads(JSONRenderer().render(expected))):
                    self.assertEqual(list(got), list(want))  # the same keys in the same order
                    self.assertEqual(got, want, got["identifier"])
                # And the very bytes: the page's results as the renderer writes them.
                self.assertEqual(JSONRenderer().render(results), JSONRenderer().render(expected))

    def test_the_records_cover_what_the_comparison_must_see(self):
        # The comparison above means something only if the data exercise every kind of value.
        results = self.client.get(LIST, {"page_size": 200}).json()["results"]
        self.assertTrue(any(len(r["places"]) >= 3 and any(p["note"] for p in r["places"]) for r in results))
        self.assertTrue(any(len(r["sources_detail"]) >= 2 for r in results))
        self.assertTrue(any(len(r["concepts"]) >= 3 for r in results))
        self.assertTrue(any(r["ruleset"] for r in results) and any(r["dlp_added"] for r in results))
        self.assertTrue({"-0176-11-03", "../1401", "-2320/.."} <= {r["date_edtf"] for r in results})
        self.assertTrue(any(r["dlp_extra"] == {"Old": 0} for r in results))

    def test_a_page_takes_the_same_few_queries_whatever_its_size(self):
        def queries_for(size: int, *, stored: bool) -> int:
            cache.clear()
            if not stored:
                EvidenceDocument.objects.all().delete()
            with CaptureQueriesContext(connection) as queries:
                self.assertEqual(self.client.get(LIST, {"page_size": size}).status_code, 200)
            return len(queries)

        built = [queries_for(size, stored=False) for size in (5, 100)]
        self.assertEqual(built[0], built[1])
        self.assertLessEqual(built[1], 16)
        # Once stored, a page is its documents: the version, the count, the ids, the documents.
        stored = [queries_for(size, stored=True) for size in (5, 100)]
        self.assertEqual(stored[0], stored[1])
        self.assertLessEqual(stored[1], 5)

    def test_stored_documents_give_the_same_bytes_as_building_the_page(self):
        self.client.force_authenticate(User.objects.create_user("reader"))
        for ordering in ("id", "-date"):
            pages = []
            for _ in range(2):  # built, then served from the stored documents
                cache.clear()
                pages.append(self.client.get(LIST, {"page_size": 200, "ordering": ordering}).content)
            self.assertEqual(EvidenceDocument.objects.filter(body__isnull=False).count(), RECORDS)
            self.assertEqual(pages[0], pages[1])


class AnonymousPageSizeTestCase(APITestCase):
    @classmethod
    def setUpTestData(cls):
        game = Game.objects.create(slug="senet", name="Senet")
        Evidence.objects.bulk_create([Evidence(ref=f"E{i:05d}", type="artifact", game=game) for i in range(30)])

    @override_settings(API_ANON_MAX_PAGE_SIZE=12)
    def test_anonymous_pages_stop_at_the_cap_and_paging_goes_on(self):
        first = self.client.get(LIST, {"page_size": 1000}).json()
        self.assertEqual(len(first["results"]), 12)
        second = self.client.get(first["next"]).json()
        self.assertEqual(len(second["results"]), 12)
        self.assertFalse({r["ref"] for r in first["results"]} & {r["ref"] for r in second["results"]})
        # The flat formats are paged the same way.
        self.assertEqual(len(self.client.get(LIST, {"page_size": 1000, "format": "csv"}).content.splitlines()), 13)

    @override_settings(API_ANON_MAX_PAGE_SIZE=12)
    def test_signed_in_clients_keep_the_larger_pages(self):
        self.client.force_authenticate(User.objects.create_user("reader"))
        r = self.client.get(LIST, {"page_size": 25})
        self.assertEqual(len(r.json()["results"]), 25)

    def test_the_schema_documents_the_cap(self):
        schema = self.client.get(reverse("api-schema"), {"format": "json"}).json()
        parameters = schema["paths"]["/api/v1/evidence/"]["get"]["parameters"]
        page_size = next(p for p in parameters if p["name"] == "page_size")
        self.assertEqual(page_size["x-anonymous-maximum"], 200)
        self.assertIn("At most 200 for anonymous clients", page_size["description"])
        self.assertEqual(page_size["schema"]["maximum"], 1000)


class ListCacheTestCase(APITestCase):
    @classmethod
    def setUpTestData(cls):
        cls.game = Game.objects.create(slug="senet", name="Senet")
        Evidence.objects.create(type="artifact", game=cls.game, summary="first")

    def test_a_repeated_page_comes_from_the_cache_until_the_archive_changes(self):
        first = self.client.get(LIST, {"page_size": 5})
        with CaptureQueriesContext(connection) as queries:
            again = self.client.get(LIST, {"page_size": 5})
        self.assertEqual(again.content, first.content)
        self.assertEqual(again["X-Total-Count"], "1")
        self.assertEqual(again["Content-Type"], first["Content-Type"])
        self.assertLessEqual(len(queries), 2, [q["sql"] for q in queries])  # the data version (and the throttle)
        Evidence.objects.create(type="artifact", game=self.game, summary="second")
        after = self.client.get(LIST, {"page_size": 5})
        self.assertEqual([r["summary"] for r in after.json()["results"]], ["first", "second"])
        self.assertEqual(after["X-Total-Count"], "2")

    def test_a_kept_page_is_compressed_once_for_every_client_that_takes_gzip(self):
        import gzip
        from unittest import mock

        for n in range(30):  # a page long enough to be worth compressing
            Evidence.objects.create(type="artifact", game=self.game, summary=f"record {n} on the board")
        for first_client in ("gzip", None):
            with self.subTest(first=first_client or "plain"):
                cache.clear()
                if first_client is None:
                    plain = self.client.get(LIST)  # kept without a compressed copy
                    self.assertNotIn("Content-Encoding", plain)
                # The first gzip client compresses the page (the miss, or the first hit that wants it).
                with mock.patch("django.middleware.gzip.compress_string") as middleware_compress:
                    zipped = self.client.get(LIST, HTTP_ACCEPT_ENCODING="gzip, deflate")
                middleware_compress.assert_not_called()
                self.assertEqual(zipped["Content-Encoding"], "gzip")
                self.assertIn("Accept-Encoding", zipped["Vary"])
                self.assertIn("Accept", zipped["Vary"])
                self.assertEqual(zipped["X-Total-Count"], "31")
                plain = self.client.get(LIST)
                self.assertNotIn("Content-Encoding", plain)
                self.assertIn("Accept-Encoding", plain["Vary"])
                self.assertEqual(gzip.decompress(zipped.content), plain.content)
                self.assertEqual(len(plain.json()["results"]), 31)
                # Those that follow get the kept copy: nothing is compressed again.
                with mock.patch("core.compressed.compress_string") as compress, \
                        mock.patch("django.middleware.gzip.compress_string") as middleware_compress:
                    again = self.client.get(LIST, HTTP_ACCEPT_ENCODING="gzip")
                compress.assert_not_called()
                middleware_compress.assert_not_called()
                self.assertEqual(again.content, zipped.content)
                self.assertEqual(again["Content-Encoding"], "gzip")
                self.assertEqual(again["X-Total-Count"], "31")

    def test_formats_and_page_size_caps_are_kept_apart(self):
        json_page = self.client.get(LIST).content
        csv_page = self.client.get(LIST, HTTP_ACCEPT="text/csv").content
        self.assertNotEqual(json_page, csv_page)
        self.assertTrue(csv_page.startswith(b"identifier,"))
        self.assertEqual(self.client.get(LIST).content, json_page)
