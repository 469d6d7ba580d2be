"""Cursor paging over heavy ties: every documented ordering and filter, walked to the end through
`next` links and back through `previous` links, returns each record exactly once."""
from __future__ import annotations

import base64
import csv
import datetime
import io
import itertools
import json
import re
from decimal import Decimal

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone
from rest_framework import status
from rest_framework.test import APITestCase

from archive.api.views import EvidenceViewSet, GameViewSet, SourceViewSet
from archive.models import UNDATED, Evidence, Game, Place, Source

LIST = reverse("api:evidence-list")
RECORDS = 240
PAGE = 31


def orderings(viewset) -> list[str | None]:
    # relevance orders a search (q), which these records (no text) are not given: its paging,
    # ties included, is tested with a search in test_search_fulltext.
    return [None, *(f"{sign}{name}" for name in viewset.ordering_fields if name != "relevance" for sign in ("", "-"))]


class HeavyTiesTestCase(APITestCase):
    """240 records: nine in ten have confidence 100, dates come from four values, a quarter are
    undated, some have only an end year, and every record has the same `updated` time."""

    @classmethod
    def setUpTestData(cls):
        cls.senet = Game.objects.create(slug="senet", name="Senet")
        cls.mehen = Game.objects.create(slug="mehen", name="Mehen")
        cls.murray = Source.objects.create(citation="Murray 1952", year=1952)
        dates = [(-3100, -3000), (-3100, -3000), (1900, 1950), (None, None), (None, 1400), (1971, 1971)]
        records = Evidence.objects.bulk_create(
            [
                Evidence(
                    ref=f"EP{i:04d}",
                    type="artifact" if i % 3 else "artistic",
                    game=cls.senet if i % 4 else cls.mehen,
                    start_year=dates[i % len(dates)][0],
                    end_year=dates[i % len(dates)][1],
                    confidence=100 if i % 10 else 50,
                )
                for i in range(RECORDS)
            ]
        )
        Place.objects.bulk_create(
            [Place(evidence=e, latitude=Decimal("30"), longitude=Decimal("31")) for e in records[::2]]
        )
        Evidence.sources.through.objects.bulk_create(
            [Evidence.sources.through(evidence_id=e.pk, source_id=cls.murray.pk) for e in records[::5]]
        )
        Evidence.objects.update(updated=timezone.make_aware(datetime.datetime(2024, 1, 1)))
        cls.reader = User.objects.create_user("reader")

    def setUp(self):
        # A signed-in reader: the anonymous throttle would stop a walk of a thousand pages.
        self.client.force_authenticate(self.reader)

    def walk(self, url: str, params: dict, direction: str = "next") -> tuple[list[str], list[dict]]:
        seen, pages = [], []
        while url:
            r = self.client.get(url, params)
            self.assertEqual(r.status_code, status.HTTP_200_OK, r.content)
            data = r.json()
            pages.append(data)
            batch = [row.get("identifier") or row.get("ref") or row.get("slug") for row in data["results"]]
            seen += batch if direction == "next" else batch[::-1]
            self.assertLess(len(pages), 200, "paging does not end")
            url, params = data[direction], None
        return seen, pages

    def assert_complete(self, url: str, params: dict, expected: list[str], *, back: bool = True) -> list[str]:
        forward, pages = self.walk(url, {"page_size": PAGE, **params})
        self.assertEqual(len(forward), len(set(forward)), "a record came twice")
        self.assertEqual(sorted(forward), sorted(expected), "records were lost or added")
        self.assertIsNone(pages[0]["previous"])
        if back and len(pages) > 1:
            # Back from the last page to the first, through `previous` links.
            last = pages[-1]
            backward, _ = self.walk(pages[-2]["next"], None, direction="previous")
            self.assertEqual(backward[::-1], forward, "previous links do not retrace the pages")
            self.assertEqual(len(last["results"]), len(forward) - PAGE * (len(pages) - 1))
        return forward


class EvidencePagingTests(HeavyTiesTestCase):
    FILTERS = [
        {},
        {"type": "artifact"},
        {"type": "artifact,artistic"},
        {"has_places": "true"},
        {"has_places": "0"},
        {"date_from": "-3050"},
        {"from": "1000", "to": "1960"},
        {"confidence": "100"},
        {"confidence_max": "60"},
        {"source": "DUMMY"},
        {"game": "mehen", "type": "artifact"},
    ]

    def expected(self, params: dict) -> list[str]:
        rows = Evidence.objects.all()
        if "type" in params:
            rows = rows.filter(type__in=params["type"].split(","))
        if "has_places" in params:
            with_places = Place.objects.values("evidence_id")
            rows = rows.filter(id__in=with_places) if params["has_places"] == "true" else rows.exclude(id__in=with_places)
        # Date ranges overlap the asked range; an open end reaches as far as asked, and undated
        # records drop out once a bound is given (archive.selectors.evidence_dates_overlap).
        low = params.get("date_from") or params.get("from")
        high = params.get("date_to") or params.get("to")
        if low or high:
            keep = []
            for pk, start, end in rows.values_list("pk", "start_year", "end_year"):
                if start is None and end is None:
                    continue
                if low and end is not None and end < int(low):
                    continue
                if high and start is not None and start > int(high):
                    continue
                keep.append(pk)
            rows = rows.filter(pk__in=keep)
        if "confidence" in params:
            rows = rows.filter(confidence__gte=int(params["confidence"]))
        if "confidence_max" in params:
            rows = rows.filter(confidence__lte=int(params["confidence_max"]))
        if "source" in params:
            rows = rows.filter(sources=self.murray)
        if "game" in params:
            rows = rows.filter(game__slug=params["game"])
        return list(rows.values_list("ref", flat=True))

    def sort_key(self, ordering: str | None):
        def date(e: Evidence) -> int:
            return next((y for y in (e.start_year, e.end_year) if y is not None), UNDATED)

        def date_desc(e: Evidence) -> int:
            # Newest first, undated last: the end year, negated.
            return -next((y for y in (e.end_year, e.start_year) if y is not None), -UNDATED)

        keys = {
            None: lambda e: 0, "id": lambda e: e.pk, "-id": lambda e: -e.pk, "date": date, "-date": date_desc,
            "confidence": lambda e: e.confidence, "-confidence": lambda e: -e.confidence,
            "updated": lambda e: 0, "-updated": lambda e: 0,
        }
        return keys[ordering]

    def test_every_ordering_and_filter_pages_to_the_end_once_each(self):
        records = {e.ref: e for e in Evidence.objects.all()}
        self.assertEqual(len(records), RECORDS)
        for ordering, filters in itertools.product(orderings(EvidenceViewSet), self.FILTERS):
            params = {k: (self.murray.ref if v == "DUMMY" else v) for k, v in filters.items()}
            if ordering:
                params["ordering"] = ordering
            with self.subTest(**params):
                # Back through `previous` links too: unfiltered in every ordering, and every filter in one.
                back = not filters or ordering == "-confidence"
                seen = self.assert_complete(LIST, params, self.expected(filters), back=back)
                keys = [self.sort_key(ordering)(records[ref]) for ref in seen]
                self.assertEqual(keys, sorted(keys), "not in the documented order")

    def test_undated_records_come_last_in_both_directions(self):
        for ordering in ("date", "-date"):
            seen, _ = self.walk(LIST, {"ordering": ordering, "page_size": 50})
            undated = {e.ref for e in Evidence.objects.filter(start_year=None, end_year=None)}
            self.assertEqual(set(seen[-len(undated):]), undated)

    def test_csv_geojson_and_jsonld_pages_follow_the_link_header(self):
        def refs(fmt: str, body: bytes) -> list[str]:
            if fmt == "csv":
                return [row["ref"] for row in csv.DictReader(io.StringIO(body.decode(), newline=""))]
            if fmt == "geojson":
                return [f["properties"]["ref"] for f in json.loads(body)["features"]]
            return [n["@id"] for n in json.loads(body)["@graph"] if n["@type"] == "CreativeWork"]

        for fmt in ("csv", "geojson", "jsonld"):
            with self.subTest(format=fmt):
                seen, url, params = [], LIST, {"format": fmt, "page_size": 40, "ordering": "-confidence"}
                if fmt == "geojson":
                    params["has_places"] = "true"  # one feature per place
                while url:
                    r = self.client.get(url, params)
                    self.assertEqual(r.status_code, 200)
                    self.assertEqual(r["X-Total-Count"], str(RECORDS // 2 if fmt == "geojson" else RECORDS))
                    seen += refs(fmt, r.content)
                    links = {rel: target for target, rel in re.findall(r'<([^>]+)>; rel="(\w+)"', r.get("Link", ""))}
                    url, params = links.get("next"), None
                self.assertEqual(len(seen), len(set(seen)))
                self.assertEqual(len(seen), RECORDS // 2 if fmt == "geojson" else RECORDS)

    def test_times_within_a_millisecond_page_once_each(self):
        # Many records changed within each millisecond: a cursor cut to milliseconds (Django's
        # JSON encoder) repeated records going forwards and lost them going backwards.
        base = timezone.make_aware(datetime.datetime(2026, 11, 27, 4, 45, 10))
        for i, pk in enumerate(Evidence.objects.order_by("pk").values_list("pk", flat=True)):
            Evidence.objects.filter(pk=pk).update(updated=base + datetime.timedelta(microseconds=37 * i))
        expected = list(Evidence.objects.values_list("ref", flat=True))
        for ordering in ("updated", "-updated"):
            with self.subTest(ordering=ordering):
                self.assert_complete(LIST, {"ordering": ordering}, expected)
        for model, name, key in ((Source, "source", "ref"), (Game, "game", "slug")):
            for i, pk in enumerate(model.objects.order_by("pk").values_list("pk", flat=True)):
                model.objects.filter(pk=pk).update(updated=base + datetime.timedelta(microseconds=37 * i))
            with self.subTest(list=name):
                self.assert_complete(reverse(f"api:{name}-list"), {"ordering": "-updated"},
                                     list(model.objects.values_list(key, flat=True)))

    def test_a_cursor_out_of_any_columns_range_is_400(self):
        for position in ("[1e9999]", "[99999999999999999999999]", "[-99999999999999999999999]", "[NaN]"):
            token = base64.urlsafe_b64encode(f'{{"o":["id"],"p":{position}}}'.encode()).decode().rstrip("=")
            with self.subTest(position=position):
                r = self.client.get(LIST, {"cursor": token, "ordering": "id"})
                self.assertEqual(r.status_code, status.HTTP_400_BAD_REQUEST)
                self.assertEqual(list(r.json()), ["cursor"])

    def test_a_hand_made_cursor_with_a_null_or_a_huge_float_is_400_not_500(self):
        # {"o":["id"],"p":[null]} and a confidence of 1e308 were server errors (a security review)
        def token(payload):
            return base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")

        r = self.client.get(LIST, {"cursor": token({"o": ["id"], "p": [None]}), "ordering": "id"})
        self.assertEqual((r.status_code, list(r.json())), (status.HTTP_400_BAD_REQUEST, ["cursor"]))
        first = self.client.get(LIST, {"ordering": "confidence", "page_size": 5}).json()
        raw = first["next"].split("cursor=")[1].split("&")[0]
        real = json.loads(base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)))
        for value in (1e308, True, None):
            forged = dict(real, p=[value] + real["p"][1:])
            with self.subTest(value=value):
                r = self.client.get(LIST, {"cursor": token(forged), "ordering": "confidence"})
                self.assertEqual((r.status_code, list(r.json())), (status.HTTP_400_BAD_REQUEST, ["cursor"]))
                r = self.client.get(LIST, {"cursor": token(forged), "ordering": "confidence", "format": "csv"})
                self.assertEqual(r.status_code, status.HTTP_400_BAD_REQUEST)

    def test_a_cursor_it_did_not_write_is_400(self):
        first = self.client.get(LIST, {"ordering": "date", "page_size": 5}).json()
        cursor = first["next"].split("cursor=")[1].split("&")[0]
        for params in ({"cursor": "garbage"}, {"cursor": cursor, "ordering": "confidence"}, {"cursor": "e30"}):
            r = self.client.get(LIST, params)
            self.assertEqual(r.status_code, status.HTTP_400_BAD_REQUEST, params)
            self.assertEqual(list(r.json()), ["cursor"])


class OtherListsPagingTests(HeavyTiesTestCase):
    @classmethod
    def setUpTestData(cls):
        super().setUpTestData()
        # Years with many ties and many missing (NULLs sort last either way).
        Source.objects.bulk_create(
            [Source(ref=f"SP{i:03d}", citation=f"Source {i}", year=[None, 1900, 1900, 1971][i % 4]) for i in range(97)]
        )
        Game.objects.bulk_create([Game(slug=f"g{i}", name=["Nard", "Senet", "Tab"][i % 3]) for i in range(70)])
        for model in (Source, Game):
            model.objects.update(updated=timezone.make_aware(datetime.datetime(2024, 1, 1)))

    def test_sources_and_games_page_once_each_in_every_ordering(self):
        for viewset, name, model, key in (
            (SourceViewSet, "source", Source, "ref"),
            (GameViewSet, "game", Game, "slug"),
        ):
            expected = list(model.objects.values_list(key, flat=True))
            for ordering in orderings(viewset):
                with self.subTest(list=name, ordering=ordering):
                    self.assert_complete(reverse(f"api:{name}-list"), {"ordering": ordering} if ordering else {}, expected)

    def test_every_list_has_its_total_and_links_in_headers_in_json_too(self):
        for name, model in (("source", Source), ("game", Game), ("ruleset", None)):
            with self.subTest(list=name):
                r = self.client.get(reverse(f"api:{name}-list"), {"page_size": 2})
                self.assertEqual(r.status_code, 200)
                body = r.json()
                self.assertEqual(r["X-Total-Count"], str(body["count"]))
                if body["next"]:
                    self.assertEqual(r["Link"], f'<{body["next"]}>; rel="next"')
                else:
                    self.assertFalse(r.has_header("Link"))

    def test_missing_years_come_last_both_ways(self):
        for ordering in ("year", "-year"):
            seen, _ = self.walk(reverse("api:source-list"), {"ordering": ordering, "page_size": 30})
            years = dict(Source.objects.values_list("ref", "year"))
            ordered = [years[ref] for ref in seen]
            dated = [y for y in ordered if y is not None]
            self.assertEqual(ordered, dated + [None] * (len(ordered) - len(dated)))
            self.assertEqual(dated, sorted(dated, reverse=ordering.startswith("-")))



class OrderingsReadTheirIndexTestCase(HeavyTiesTestCase):
    """Each documented ordering's pages, the first and one reached by a cursor, are read in order
    from an index (no sort of every matching row), on both databases: at 200,000 records
    ?ordering=-date sorted them all for every page on PostgreSQL (about 400 ms), cursor pages
    read the index from its start, and SQLite never matched the date indexes (their constant was
    a parameter in the query, archive.models.Year)."""

    def page_plan(self, url: str) -> str:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            self.assertEqual(self.client.get(url).status_code, 200)
        page_sql = next(q["sql"] for q in queries.captured_queries if "LIMIT" in q["sql"] and "COUNT" not in q["sql"])
        with connection.cursor() as cursor:
            if connection.vendor == "sqlite":
                cursor.execute("EXPLAIN QUERY PLAN " + page_sql)
                return "\n".join(str(row[3]) for row in cursor.fetchall())
            # A few hundred rows: make the planner show what it would do with many.
            cursor.execute("SET enable_seqscan = off")
            cursor.execute("SET enable_bitmapscan = off")
            try:
                cursor.execute("EXPLAIN " + page_sql)
                return "\n".join(row[0] for row in cursor.fetchall())
            finally:
                cursor.execute("RESET enable_seqscan")
                cursor.execute("RESET enable_bitmapscan")

    def test_every_ordering_reads_an_index_on_its_first_and_later_pages(self):
        from django.db import connection

        sqlite = connection.vendor == "sqlite"
        indexes = {"date": "evidence_date_key", "-date": "evidence_date_desc_key", "confidence": "evidence_confidence",
                   "-confidence": "evidence_confidence", "updated": "evidence_updated", "-updated": "evidence_updated",
                   # SQLite reads its table in rowid (id) order: no index to name.
                   "id": None if sqlite else "pkey", "-id": None if sqlite else "pkey"}
        for ordering, index in indexes.items():
            with self.subTest(ordering=ordering):
                url = f"{LIST}?ordering={ordering}&page_size={PAGE}"
                first = self.page_plan(url)
                following = self.client.get(url).json()["next"]
                later = self.page_plan(following)
                for plan in (first, later):
                    if index:
                        self.assertIn(index, plan)
                    self.assertNotIn("TEMP B-TREE" if sqlite else "Sort", plan)
