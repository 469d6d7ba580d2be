"""Every format validated: CSV re-parsed, GeoJSON checked against RFC 7946, JSON-LD expanded,
BibTeX parsed, CSL-JSON checked; the streamed exports; the evidence page's head."""
from __future__ import annotations

import csv
import io
import json

import bibtexparser
import jsonschema
from django.conf import settings
from django.template import Context, Template
from django.test import RequestFactory
from django.urls import reverse
from pyld import jsonld

from archive.api.exports import COLUMNS, csv_lines, evidence_csv_lines, evidence_export_rows
from archive.models import Evidence
from tests.archive.api_fixtures import ArchiveAPITestCase

LIST = reverse("api:evidence-list")

# RFC 7946 for what we write: a FeatureCollection of Point features (no "crs" member: RFC 7946
# dropped it; coordinates are [longitude, latitude] in WGS 84).
POSITION = {"type": "array", "minItems": 2, "maxItems": 3, "items": {"type": "number"},
            "prefixItems": [{"minimum": -180, "maximum": 180}, {"minimum": -90, "maximum": 90}]}
GEOJSON = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["type", "features"],
    "not": {"required": ["crs"]},
    "properties": {
        "type": {"const": "FeatureCollection"},
        "features": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["type", "geometry", "properties"],
                "properties": {
                    "type": {"const": "Feature"},
                    "id": {"type": ["string", "number"]},
                    "geometry": {
                        "type": "object",
                        "required": ["type", "coordinates"],
                        "properties": {"type": {"const": "Point"}, "coordinates": POSITION},
                    },
                    "properties": {"type": ["object", "null"]},
                },
            },
        },
    },
}
CSL_ITEM = {
    "type": "object",
    "required": ["id", "type", "title"],
    "properties": {
        "id": {"type": "string"},
        "type": {"enum": ["book", "article-journal", "chapter", "webpage", "interview", "dataset", "document"]},
        "author": {"type": "array", "items": {"type": "object", "anyOf": [{"required": ["family"]}, {"required": ["literal"]}]}},
        "issued": {"type": "object", "required": ["date-parts"]},
    },
}


def schema_org_loader(url, options=None):
    """Offline: the schema.org context as its terms expand (every term in the schema: vocabulary)."""
    if url.rstrip("/") in ("https://schema.org", "http://schema.org"):
        return {"contextUrl": None, "documentUrl": url, "document": {"@context": {"@vocab": "https://schema.org/"}}}
    raise ValueError(f"no network in tests: {url}")


def expand(document) -> list:
    return jsonld.expand(document, {"documentLoader": schema_org_loader})


HYDRA = "http://www.w3.org/ns/hydra/core#"
S = "https://schema.org/"


def streamed(response) -> bytes:
    assert response.streaming, "an export must stream"
    return b"".join(response.streaming_content)


class CSVTests(ArchiveAPITestCase):
    def rows(self, **params) -> list[dict]:
        r = self.client.get(LIST, {"format": "csv", **params})
        self.assertEqual(r.status_code, 200)
        self.assertEqual(r["Content-Type"], "text/csv; charset=utf-8")
        reader = csv.DictReader(io.StringIO(r.content.decode("utf-8"), newline=""))
        self.assertEqual(reader.fieldnames, COLUMNS)
        return list(reader)

    def test_one_row_per_record_with_lists_and_places_in_their_columns(self):
        rows = {r["identifier"]: r for r in self.rows()}
        self.assertEqual(len(rows), 5)
        az = rows["DLP.Evidence.2445"]
        self.assertEqual((az["latitude"], az["longitude"]), ("39.591475", "48.976197"))
        places = json.loads(az["places"])
        self.assertEqual([p["name"] for p in places], ["Salyan", "Xanliqlar", "Nakhchivan"])
        self.assertEqual(az["genders"], "Male; Female")
        self.assertEqual(az["content"], "Nərd taxta: “wooden nard”")
        egypt = rows["DLP.Evidence.2"]
        self.assertEqual((egypt["start_year"], egypt["end_year"]), ("-3100", "-3000"))
        self.assertEqual(egypt["content"], 'Painting of a "Senet" board; 3 x 10.\r\n\r\nQuibbell 1913: 17-20.')
        self.assertEqual(egypt["sources"], self.murray.ref)
        undated = rows[self.undated.ref]
        self.assertEqual((undated["start_year"], undated["places"], undated["latitude"], undated["dlp_id"]), ("", "", "", ""))

    def test_the_whole_archive_export_streams_the_same_rows(self):
        r = self.client.get(reverse("api:export-csv"))
        self.assertEqual(r["Content-Disposition"], 'attachment; filename="evidence.csv"')
        rows = list(csv.DictReader(io.StringIO(streamed(r).decode("utf-8"), newline="")))
        self.assertEqual(rows, self.rows(page_size=1000))

    def test_exports_take_the_lists_filters(self):
        r = self.client.get(reverse("api:export-csv"), {"date_to": "-1000"})
        rows = list(csv.DictReader(io.StringIO(streamed(r).decode("utf-8"), newline="")))
        self.assertEqual([row["identifier"] for row in rows], ["DLP.Evidence.2"])
        r = self.client.get(reverse("api:export-csv"), {"date_to": "0"})
        self.assertEqual(r.status_code, 400)
        self.assertIn("date_to", r.json())

    def test_the_stream_holds_one_bounded_piece_at_a_time(self):
        from archive.api.views import batched

        pieces = list(batched(["x" * 1000] * 1000, size=10_000))
        self.assertEqual(len(pieces), 100)
        self.assertEqual(max(len(p) for p in pieces), 10_000)

    def test_rows_are_read_in_chunks_in_id_order(self):
        ids = [r["identifier"] for r in evidence_export_rows(Evidence.objects.all(), chunk_size=2)]
        self.assertEqual(len(ids), 5)
        self.assertEqual(ids[:3], ["DLP.Evidence.2445", "DLP.Evidence.2", "DLP.Evidence.1188"])


    def test_the_fast_export_writes_what_the_record_path_writes(self):
        # The streamed export goes from database tuples to CSV rows (evidence_csv_lines); the list's
        # CSV pages go through dicts (csv_lines). Every kind of cell must come out the same,
        # formula triggers, BCE years, open ranges, lists, JSON cells and a DLP id of 0 included.
        Evidence.objects.filter(pk=self.eritrea.pk).update(
            summary="=HYPERLINK(1)", content="@SUM(A1)", date_text="'-x", kml="+kml", recorded_by="-me",
            dlp_extra={"b": 1, "a": "=2", "_hidden": 3}, start_year=None,
        )
        Evidence.objects.filter(pk=self.undated.pk).update(dlp_id=0, rules_summary="\tx", dlp_added="2020-08-11T10:00:00Z")
        for chunk_size in (1, 2, 5000):
            with self.subTest(chunk_size=chunk_size):
                fast = "".join(evidence_csv_lines(Evidence.objects.all(), base_url="http://h", chunk_size=chunk_size))
                slow = "".join(csv_lines(evidence_export_rows(Evidence.objects.all(), base_url="http://h", chunk_size=chunk_size)))
                self.assertEqual(fast, slow)
        self.assertIn("'=HYPERLINK(1)", fast)
        self.assertIn('"{""a"":""=2"",""b"":1}"', fast)
        self.assertEqual(len(list(csv.reader(io.StringIO(fast, newline="")))), 1 + Evidence.objects.count())


class GeoJSONTests(ArchiveAPITestCase):
    def check(self, collection: dict) -> dict:
        jsonschema.validate(collection, GEOJSON)
        return {f["id"]: f for f in collection["features"]}

    def test_one_feature_per_place_longitude_first(self):
        r = self.client.get(LIST, {"format": "geojson"})
        self.assertEqual(r["Content-Type"], "application/geo+json")
        features = self.check(r.json())
        self.assertEqual(len(features), 7)  # 3 + 1 + 1 + 2; the undated record has no place
        salyan = features["DLP.Evidence.2445#1"]
        self.assertEqual(salyan["geometry"]["coordinates"], [48.976197, 39.591475])
        self.assertEqual(salyan["properties"]["place_name"], "Salyan")
        self.assertEqual(salyan["properties"]["place_count"], 3)
        self.assertEqual(salyan["properties"]["game"], "ses-bes")
        self.assertEqual(features[f"{self.fiji.ref}#2"]["geometry"]["coordinates"], [-179.414413, -16.578193])

    def test_the_export_is_a_valid_feature_collection(self):
        collection = json.loads(streamed(self.client.get(reverse("api:export-geojson"))))
        self.assertEqual(len(self.check(collection)), 7)

    def test_json_lines(self):
        lines = streamed(self.client.get(reverse("api:export-jsonl"))).decode().splitlines()
        records = [json.loads(line) for line in lines]
        self.assertEqual(len(records), 5)
        self.assertEqual(records[1]["places"][0]["longitude"], 31.216678)
        self.assertEqual(records[0]["genders"], ["Male", "Female"])


class LinkedDataTests(ArchiveAPITestCase):
    def test_a_record_expands_with_schema_org_terms(self):
        r = self.client.get(reverse("api:evidence-detail", args=["DLP.Evidence.2"]), {"format": "jsonld"})
        self.assertEqual(r["Content-Type"], "application/ld+json")
        [node] = expand(r.json())
        self.assertEqual(node["@id"], "http://testserver/evidence/DLP.Evidence.2/")
        self.assertEqual(node["@type"], [S + "CreativeWork"])
        # 3100-3000 BCE in ISO 8601's astronomical years.
        self.assertEqual(node[S + "temporalCoverage"][0]["@value"], "-3099/-2999")
        geo = node[S + "spatialCoverage"][0][S + "geo"][0]
        self.assertEqual(geo[S + "latitude"][0]["@value"], 29.849817)
        self.assertEqual(node[S + "about"][0][S + "name"][0]["@value"], "Senet")
        self.assertEqual(node[S + "citation"][0][S + "datePublished"][0]["@value"], "1952")

    def test_a_page_is_a_graph(self):
        nodes = expand(self.client.get(LIST, {"format": "jsonld"}).json())
        self.assertEqual(len([n for n in nodes if n["@type"] == [S + "CreativeWork"]]), 5)
        az = next(n for n in nodes if n["@id"].endswith("DLP.Evidence.2445/"))
        self.assertEqual(len(az[S + "spatialCoverage"]), 3)

    def test_a_page_links_to_the_next_and_previous_pages(self):
        seen, url, params, pages = [], LIST, {"format": "jsonld", "page_size": 2}, []
        while url:
            r = self.client.get(url, params)
            self.assertEqual(r.status_code, 200)
            nodes = expand(r.json())
            [view] = [n for n in nodes if n["@type"] == [HYDRA + "PartialCollectionView"]]
            self.assertEqual(view[HYDRA + "totalItems"][0]["@value"], 5)
            seen += [n["@id"] for n in nodes if n["@type"] == [S + "CreativeWork"]]
            nxt = view.get(HYDRA + "next")
            if nxt:
                self.assertIn(f'<{nxt[0]["@id"]}>; rel="next"', r["Link"])
            pages.append(view)
            url, params = (nxt[0]["@id"] if nxt else None), None
        self.assertEqual((len(seen), len(set(seen)), len(pages)), (5, 5, 3))
        back = self.client.get(pages[-1][HYDRA + "previous"][0]["@id"]).json()
        self.assertEqual(len([n for n in back["@graph"] if n["@type"] == "CreativeWork"]), 2)

    def test_the_evidence_page_head_has_citation_tags_and_the_same_json_ld(self):
        request = RequestFactory().get("/evidence/DLP.Evidence.1188/")
        html = Template('{% include "archive/_evidence_meta.html" %}').render(Context({"evidence": self.eritrea, "request": request}))
        # archive.citing's tags (tests/archive/test_zotero.py reads them as Zotero does).
        self.assertIn('<meta name="citation_title" content="Béchi: ethnography, ', html)
        self.assertIn('<meta name="citation_technical_report_number" content="DLP.Evidence.1188">', html)
        self.assertIn(f'<meta name="citation_reference" content="{self.pankhurst.citation}">', html)
        ld = html.split('<script type="application/ld+json">')[1].split("</script>")[0]
        [node] = expand(json.loads(ld))
        api = self.client.get(reverse("api:evidence-detail", args=["DLP.Evidence.1188"]), {"format": "jsonld"}).json()
        self.assertEqual(json.loads(ld), api)
        self.assertEqual(node[S + "temporalCoverage"][0]["@value"], "1971")

    def test_text_cannot_close_the_script_element(self):
        self.eritrea.rules_text = "</script><script>alert(1)</script>"
        self.eritrea.save()
        html = Template('{% include "archive/_evidence_meta.html" %}').render(Context({"evidence": self.eritrea}))
        self.assertEqual(html.count("</script>"), 1)
        self.assertIn("\\u003c/script\\u003e", html)


class CitationTests(ArchiveAPITestCase):
    def test_bibtex_parses(self):
        r = self.client.get(reverse("api:source-list"), {"format": "bibtex"})
        self.assertEqual(r["Content-Type"], "application/x-bibtex; charset=utf-8")
        library = bibtexparser.parse_string(r.content.decode())
        self.assertEqual(library.failed_blocks, [])
        entries = {e.key: e for e in library.entries}
        self.assertEqual(set(entries), {self.pankhurst.ref, self.murray.ref})
        article = entries[self.pankhurst.ref]
        self.assertEqual(article.entry_type, "article")
        self.assertEqual((article["journal"], article["volume"], article["number"], article["pages"]), ("Ethiopia Observer", "14", "3", "154--206"))
        book = entries[self.murray.ref]
        self.assertEqual((book.entry_type, book["author"], book["year"]), ("book", "Murray, H. J. R.", "1952"))
        self.assertEqual(book["title"], r"A History of Board-Games other than Chess \& \{others\}")
        self.assertEqual(book["url"], "https://example.org/murray?a=1&b=2")

    def test_one_source_as_bibtex_by_dlp_id(self):
        r = self.client.get(reverse("api:source-detail", args=["DLP.Sources.122"]), {"format": "bibtex"})
        [entry] = bibtexparser.parse_string(r.content.decode()).entries
        self.assertEqual(entry["author"], "Pankhurst, Richard")

    def test_a_name_of_one_part_stays_whole_in_bibtex_as_in_csl(self):
        from archive.models import Source

        museum = Source.objects.create(citation="Bible Lands Museum Jerusalem. Catalogue.", authors="Bible Lands Museum Jerusalem; Murray, H. J. R.; others", title="Catalogue & more")
        r = self.client.get(reverse("api:source-detail", args=[museum.ref]), {"format": "bibtex"})
        [entry] = bibtexparser.parse_string(r.content.decode()).entries
        self.assertEqual(entry["author"], "{Bible Lands Museum Jerusalem} and Murray, H. J. R. and others")
        people = bibtexparser.middlewares.SeparateCoAuthors().transform(bibtexparser.parse_string(r.content.decode()))
        first = bibtexparser.middlewares.SplitNameParts().transform(people).entries[0]["author"][0]
        self.assertEqual((first.last, first.first), (["{Bible Lands Museum Jerusalem}"], []))
        csl = self.client.get(reverse("api:source-detail", args=[museum.ref]), {"format": "csl"}).json()
        self.assertEqual(csl["author"][0], {"literal": "Bible Lands Museum Jerusalem"})

    def test_csl_json(self):
        items = self.client.get(reverse("api:source-list"), {"format": "csl"}).json()
        for item in items:
            jsonschema.validate(item, CSL_ITEM)
        murray = next(i for i in items if i["id"] == self.murray.ref)
        self.assertEqual(murray["author"], [{"family": "Murray", "given": "H. J. R."}])
        self.assertEqual(murray["issued"], {"date-parts": [[1952]]})
        one = self.client.get(reverse("api:source-detail", args=[self.pankhurst.ref]), {"format": "csl"}).json()
        self.assertEqual((one["type"], one["container-title"], one["page"]), ("article-journal", "Ethiopia Observer", "154-206"))


class CostlyReadTests(ArchiveAPITestCase):
    """Issue 38 item 2: eight anonymous clients looping the whole export held the workers within
    the anonymous rate (/healthz/ at 1.9 s). Whole exports and big or flat pages now count against
    their own lower rate, per address, and a whole export is kept while the archive is unchanged."""

    def setUp(self):
        from django.core.cache import cache

        cache.clear()

    def test_exports_and_big_pages_count_against_the_costly_rate_and_others_do_not(self):
        from django.test import override_settings

        rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "costly": "3/minute", "anon": "1000/minute"}
        with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}):
            for path in ("/api/v1/export/evidence.csv", "/api/v1/evidence/?page_size=200", "/api/v1/evidence/?format=csv"):
                self.assertEqual(self.client.get(path).status_code, 200, path)
            r = self.client.get("/api/v1/export/evidence.geojson")
            self.assertEqual(r.status_code, 429)
            self.assertIn("Retry-After", r)
            # an ordinary page from the same address is not a costly read
            self.assertEqual(self.client.get("/api/v1/evidence/?page_size=20").status_code, 200)
            self.assertEqual(self.client.get("/api/v1/games/").status_code, 200)
            # a curator's token is not held to the anonymous rates
            self.as_carol()
            self.assertEqual(self.client.get("/api/v1/export/evidence.csv").status_code, 200)

    def test_a_whole_export_is_kept_until_the_archive_changes(self):
        first = b"".join(self.client.get("/api/v1/export/evidence.csv").streaming_content)
        with self.assertNumQueries(1):  # the data version; the rows come from the cache
            again = b"".join(self.client.get("/api/v1/export/evidence.csv").streaming_content)
        self.assertEqual(first, again)
        self.as_carol()
        r = self.client.patch(f"/api/v1/evidence/{self.azerbaijan.identifier}/", {"summary": "A changed summary."}, format="json")
        self.assertEqual(r.status_code, 200, r.content)
        self.client.credentials()
        changed = b"".join(self.client.get("/api/v1/export/evidence.csv").streaming_content)
        self.assertIn(b"A changed summary.", changed)
