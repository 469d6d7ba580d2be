"""Dates across the archive: open ranges found by the filters, ISO 8601 / EDTF in the API and the
exports, one label convention on pages, rows, citations, map popups and the timeline."""
from __future__ import annotations

import json

import edtf
import pytest
from django.urls import reverse
from rest_framework import status

from archive import selectors
from archive.models import Evidence
from tests.archive.api_fixtures import ArchiveAPITestCase, place

LIST = reverse("api:evidence-list")


def detail(identifier: str) -> str:
    return reverse("api:evidence-detail", args=[identifier])


class DatedArchive(ArchiveAPITestCase):
    """The shared archive plus the kinds of date the DLP holds: open at either end, reversed, and
    precise to the day before the common era."""

    @classmethod
    def setUpTestData(cls):
        super().setUpTestData()
        cls.from_2321 = Evidence.objects.create(
            dlp_id=901, type="artifact", game=cls.senet, start_year=-2321, start_date="-2320-01-01", date_precision="year"
        )
        place(cls.from_2321, "29.8", "31.2", "Saqqara")
        cls.until_1401 = Evidence.objects.create(
            dlp_id=902, type="historical-text", game=cls.senet, end_year=1401, end_date="1401-01-01", date_precision="year"
        )
        cls.reversed = Evidence.objects.create(
            dlp_id=1257, type="artifact", game=cls.senet, start_year=-1220, end_year=-122, date_reversed=True,
            start_date="-1219-01-01", end_date="-0121-01-01", date_precision="year",
        )
        cls.day_bce = Evidence.objects.create(
            dlp_id=842, type="historical-text", game=cls.senet, start_year=-177, end_year=-176,
            start_date="-0176-11-03", end_date="-0175-11-03", date_precision="day",
        )
        place(cls.day_bce, "30.0", "31.0", "Memphis")

    def get(self, **params) -> list[str]:
        response = self.client.get(LIST, params)
        self.assertEqual(response.status_code, status.HTTP_200_OK, response.content)
        return sorted(self.identifiers(response))


class OpenRangeFilterTests(DatedArchive):
    def test_a_range_open_at_its_end_reaches_every_later_year(self):
        found = self.get(date_from="1000 BCE", date_to="500 BCE")
        self.assertIn("DLP.Evidence.901", found)  # from 2321 BCE
        self.assertIn("DLP.Evidence.1257", found)  # 1220-122 BCE, as stored
        # Until 1401 CE: it may have begun at any time before, so 1000-500 BCE is within its reach too.
        self.assertIn("DLP.Evidence.902", found)
        self.assertNotIn("DLP.Evidence.2445", found)

    def test_a_range_open_at_its_start_reaches_every_earlier_year(self):
        self.assertIn("DLP.Evidence.902", self.get(date_from="1400", date_to="1401"))
        self.assertNotIn("DLP.Evidence.902", self.get(date_from="1402"))
        self.assertNotIn("DLP.Evidence.901", self.get(date_to="2322 BCE"))

    def test_undated_records_drop_out_once_a_bound_is_asked(self):
        self.assertNotIn(self.undated.ref, self.get(date_from="-5000"))
        self.assertIn(self.undated.ref, self.get())

    def test_filter_years_are_historical_as_start_year_is(self):
        # -3100 is 3100 BCE (ISO 8601 would read it as 3101 BCE); the record's start_year matches.
        self.assertEqual(self.get(date_to="-3100", date_from="-3100", type="artistic"), ["DLP.Evidence.2"])
        self.assertEqual(self.get(date_to="-3101", type="artistic"), [])
        record = self.client.get(detail("DLP.Evidence.2")).json()
        year = str(record["start_year"])
        self.assertEqual(self.get(date_from=year, date_to=year, type="artistic"), ["DLP.Evidence.2"])

    def test_the_browse_page_filters_as_the_api_does(self):
        for params in ({"from": "1000 BCE", "to": "500 BCE"}, {"from": "1400", "to": "1401"}, {"to": "-3100"}):
            page = sorted(e.identifier for e in selectors.evidence_filter(params))
            api = self.get(**{f"date_{k}": v for k, v in params.items()})
            self.assertEqual(page, api, params)
        html = self.client.get("/evidence/", {"from": "1000 BCE", "to": "500 BCE"}).content.decode()
        self.assertIn("DLP.Evidence.901", html)
        self.assertIn("from 2321 BCE", html)


class APIDateTests(DatedArchive):
    def test_dates_are_iso_8601_and_edtf_in_astronomical_years(self):
        data = self.client.get(detail("DLP.Evidence.842")).json()
        self.assertEqual((data["start_year"], data["end_year"]), (-177, -176))
        self.assertEqual((data["start_date"], data["end_date"]), ("-0176-11-03", "-0175-11-03"))
        self.assertEqual(data["date_edtf"], "-0176-11-03/-0175-11-03")
        self.assertEqual(data["date_label"], "3 November 177 BCE – 3 November 176 BCE")
        self.assertEqual(self.client.get(detail("DLP.Evidence.901")).json()["date_edtf"], "-2320/..")
        self.assertEqual(self.client.get(detail("DLP.Evidence.902")).json()["date_edtf"], "../1401")
        reversed_ = self.client.get(detail("DLP.Evidence.1257")).json()
        self.assertEqual((reversed_["date_reversed"], reversed_["date_edtf"]), (True, "-1219/-0121"))
        for record in self.client.get(LIST, {"page_size": 100}).json()["results"]:
            if record["date_edtf"]:
                edtf.parse_edtf(record["date_edtf"])

    def test_json_ld_and_exports_speak_iso_too(self):
        node = self.client.get(detail("DLP.Evidence.901"), {"format": "jsonld"}).json()
        self.assertEqual(node["temporalCoverage"], "-2320/..")
        lines = b"".join(self.client.get(reverse("api:export-jsonl")).streaming_content).decode().splitlines()
        rows = {r["identifier"]: r for r in map(json.loads, lines)}
        self.assertEqual(rows["DLP.Evidence.842"]["date_edtf"], "-0176-11-03/-0175-11-03")
        self.assertEqual(rows["DLP.Evidence.2"]["date_edtf"], "-3099/-2999")

    def test_a_start_date_in_another_year_than_start_year_is_refused(self):
        self.as_carol()
        r = self.client.patch(detail("DLP.Evidence.2"), {"start_date": "-3100-01-01"}, format="json")
        self.assertEqual(r.status_code, status.HTTP_400_BAD_REQUEST)
        self.assertIn("ISO 8601 counts 1 BCE as 0000", r.json()["start_date"][0])
        r = self.client.patch(detail("DLP.Evidence.2"), {"start_date": "3 Nov"}, format="json")
        self.assertIn("not an ISO 8601 date", r.json()["start_date"][0])
        r = self.client.patch(detail("DLP.Evidence.2"), {"start_date": "-3099-06-01"}, format="json")
        self.assertEqual(r.status_code, status.HTTP_200_OK)
        self.assertEqual(r.json()["start_date"], "-3099-06-01")

    def test_the_schema_documents_both_numberings(self):
        schema = self.client.get(reverse("api-schema"), {"format": "json"}).json()
        fields = schema["components"]["schemas"]["Evidence"]["properties"]
        self.assertIn("astronomical", fields["start_date"]["description"])
        self.assertIn("EDTF", fields["date_edtf"]["description"])
        self.assertIn("historical", fields["start_year"]["description"])
        params = {p["name"]: p for p in schema["paths"]["/api/v1/evidence/"]["get"]["parameters"]}
        self.assertIn("-3100 is 3100 BCE", params["date_from"]["description"])


class PageDateTests(DatedArchive):
    def test_pages_rows_and_citations_write_dates_one_way(self):
        html = self.client.get("/evidence/DLP.Evidence.842/").content.decode()
        self.assertIn("3 November 177 BCE – 3 November 176 BCE", html)
        self.assertNotIn("-0176-11-03", html.split("<body")[1])
        self.assertIn("“Senet: historical text, Memphis, 3 November 177 BCE – 3 November 176 BCE.”", html)
        rows = self.client.get("/evidence/", {"game": "senet"}).content.decode()
        for label in ("from 2321 BCE", "until 1401", "3100–3000 BCE", "1850–1900"):
            self.assertIn(label, rows)

    def test_a_reversed_range_is_shown_as_recorded_with_a_note(self):
        html = self.client.get("/evidence/DLP.Evidence.1257/").content.decode()
        self.assertIn("122 BCE – 1220 BCE (as recorded: start after end)", html)
        self.assertIn('class="date-note" role="note"', html)
        self.assertIn("filters and the timeline read it as 1220–122 BCE", html)

    def test_scripts_get_labels_not_years_to_format(self):
        points = selectors.evidence_points(Evidence.objects.filter(dlp_id=842))
        self.assertEqual(points[0]["when"], "3 November 177 BCE – 3 November 176 BCE")
        self.assertNotIn("start", points[0])
        timeline = selectors.evidence_timeline(Evidence.objects.filter(game=self.senet))
        by_id = {i["id"]: i for i in timeline["items"]}
        self.assertEqual(by_id["DLP.Evidence.901"]["open"], "end")
        self.assertEqual(by_id["DLP.Evidence.902"]["open"], "start")
        self.assertEqual(by_id["DLP.Evidence.902"]["when"], "until 1401")
        self.assertEqual((by_id["DLP.Evidence.2"]["start"], by_id["DLP.Evidence.2"]["end"]), (-3099, -2999))
        self.assertTrue(all(t["label"] for t in timeline["ticks"]))
        page = self.client.get("/games/senet/").content.decode()
        self.assertIn("When: 3100 BCE – 1900 CE.", page)


@pytest.mark.postgres
@pytest.mark.django_db
def test_both_date_bounds_are_checked_on_the_date_index_entries_on_postgresql():
    """Issue 14: a browse from 1000 CE at 200,000 records fetched some 160,000 earlier rows to
    test an OR on each. The filter is now the index's own expressions (archive.models.
    evidence_reach, evidence_begin), so PostgreSQL checks both bounds as an index condition while
    it walks the index in date order. Were the filter and the index to drift apart, the bounds
    would fall back to a row filter, and this fails."""
    from django.db import connection

    qs = selectors.evidence_filter({"from": "1000", "to": "1900"})[:50]
    sql, params = qs.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_bitmapscan = off")
        cursor.execute("EXPLAIN " + sql, params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    index_cond = next((line for line in plan.splitlines() if "Index Cond" in line), "")
    # Whichever date index the browse walks (evidence_years, or the date key that puts undated
    # records last), both bounds are checked on its entries, never as a filter of fetched rows.
    assert "evidence_years" in plan or "evidence_date_key" in plan, plan
    assert ">= 1000" in index_cond and "<= 1900" in index_cond, plan
    assert "Filter" not in plan.replace("Index Cond", ""), plan


@pytest.mark.django_db
def test_the_date_filter_reads_open_ends_and_undated_records_as_before():
    """The overlap rule written as the index's expressions keeps its meaning: an open end reaches
    every later year, an open start begins before every year, undated records drop out."""
    from tests.archive.archive_helpers import make_game

    game = make_game()
    rows = {
        "closed": Evidence.objects.create(type="artifact", game=game, start_year=900, end_year=1100),
        "before": Evidence.objects.create(type="artifact", game=game, start_year=-500, end_year=999),
        "after": Evidence.objects.create(type="artifact", game=game, start_year=1901, end_year=1950),
        "open end": Evidence.objects.create(type="artifact", game=game, start_year=-2321),
        "open end, late": Evidence.objects.create(type="artifact", game=game, start_year=1950),
        "open start": Evidence.objects.create(type="artifact", game=game, end_year=1401),
        "open start, early": Evidence.objects.create(type="artifact", game=game, end_year=-100),
        "undated": Evidence.objects.create(type="artifact", game=game),
    }

    def found(**bounds):
        ids = set(Evidence.objects.filter(selectors.evidence_dates_overlap(**bounds)).values_list("id", flat=True))
        return {name for name, e in rows.items() if e.id in ids}

    assert found(year_from=1000, year_to=1900) == {"closed", "open end", "open start"}
    assert found(year_from=1000, year_to=None) == {"closed", "after", "open end", "open end, late", "open start"}
    assert found(year_from=None, year_to=999) == {"closed", "before", "open end", "open start", "open start, early"}
    assert found(year_from=None, year_to=None) == set(rows)
