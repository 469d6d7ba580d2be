"""One filter vocabulary for the browse page, the API and the exports; unknown parameters and
values are refused by name; no internal field reaches any output."""
from __future__ import annotations

import json

from django.urls import reverse
from rest_framework import status

from tests.archive.api_fixtures import ArchiveAPITestCase

LIST = reverse("api:evidence-list")
EXPORTS = [reverse(f"api:export-{fmt}") for fmt in ("csv", "geojson", "jsonl")]


class SharedVocabularyTests(ArchiveAPITestCase):
    def api(self, **params) -> list[str]:
        r = self.client.get(LIST, params)
        self.assertEqual(r.status_code, status.HTTP_200_OK, r.content)
        return sorted(self.identifiers(r))

    def page(self, **params) -> list[str]:
        r = self.client.get(reverse("archive:evidence-list"), params)
        self.assertEqual(r.status_code, 200)
        html = r.content.decode()
        return sorted(i for i in ("DLP.Evidence.2", "DLP.Evidence.1188", "DLP.Evidence.2445", self.fiji.ref, self.undated.ref)
                      if f"/evidence/{i}/" in html)

    def test_the_browse_pages_names_are_aliases_in_the_api(self):
        for short, long, value in (("from", "date_from", "1900"), ("to", "date_to", "3000 BCE"),
                                   ("confidence", "confidence_min", "70"), ("status", "social_status", "Elite")):
            with self.subTest(parameter=short):
                self.assertEqual(self.api(**{short: value}), self.api(**{long: value}))
                self.assertNotEqual(self.api(**{short: value}), self.api())

    def test_the_browse_page_reads_the_apis_names_the_same_way(self):
        for params in ({"date_from": "1900"}, {"from": "1900"}, {"source": "DLP.Sources.122"}, {"source": self.murray.ref},
                       {"has_places": "false"}, {"has_places": "1"}, {"confidence_max": "60"}, {"type": "artistic,artifact"},
                       {"social_status": "Elite"}, {"game": "senet", "confidence": "50"}):
            with self.subTest(**params):
                self.assertEqual(self.page(**params), self.api(**params))

    def test_lists_of_values_are_comma_separated_or_repeated(self):
        both = sorted(["DLP.Evidence.2", self.fiji.ref])
        self.assertEqual(self.api(type="artistic,artifact"), both)
        self.assertEqual(self.api(type=["artistic", "artifact"]), both)
        self.assertEqual(self.api(source=f"{self.murray.ref},DLP.Sources.122"), ["DLP.Evidence.1188", "DLP.Evidence.2"])

    def test_has_places_reads_true_false_1_and_0(self):
        self.assertEqual(self.api(has_places="0"), self.api(has_places="false"))
        self.assertEqual(self.api(has_places="0"), [self.undated.ref])
        self.assertEqual(len(self.api(has_places="1")), 4)

    def test_two_names_of_one_filter_with_different_values_are_400(self):
        r = self.client.get(LIST, {"from": "1900", "date_from": "1800"})
        self.assertEqual(r.status_code, status.HTTP_400_BAD_REQUEST)
        self.assertIn("date_from", r.json()["from"][0])
        self.assertEqual(self.api(**{"from": "1900", "date_from": "1900"}), self.api(date_from="1900"))


class RefusalTests(ArchiveAPITestCase):
    def assert_400(self, url: str, params: dict, names: set[str]) -> dict:
        r = self.client.get(url, params)
        self.assertEqual(r.status_code, status.HTTP_400_BAD_REQUEST, r.content)
        self.assertEqual(set(r.json()), names)
        return r.json()

    def test_an_unknown_parameter_is_400_naming_it(self):
        errors = self.assert_400(LIST, {"from_year": "1900", "game": "senet"}, {"from_year"})
        self.assertIn("unknown parameter", errors["from_year"][0])
        self.assert_400(reverse("api:evidence-detail", args=["DLP.Evidence.2"]), {"ordering": "date"}, {"ordering"})
        self.assert_400(reverse("api:game-list"), {"slug": "senet"}, {"slug"})
        self.assert_400(reverse("api:source-list"), {"author": "Murray"}, {"author"})
        for url in EXPORTS:
            self.assert_400(url, {"fromm": "1900"}, {"fromm"})

    def test_json_pages_carry_the_link_header_too(self):
        r = self.client.get(LIST, {"page_size": 2})
        self.assertEqual(r["X-Total-Count"], "5")
        self.assertIn(f'<{r.json()["next"]}>; rel="next"', r["Link"])

    def test_the_formats_own_parameters_are_allowed(self):
        for params in ({"format": "csv"}, {"format": "jsonld", "page_size": "2"}, {"ordering": "-date", "page_size": "1"}):
            self.assertEqual(self.client.get(LIST, params).status_code, status.HTTP_200_OK, params)
        cursor = self.client.get(LIST, {"page_size": 1}).json()["next"]
        self.assertEqual(self.client.get(cursor).status_code, status.HTTP_200_OK)
        self.assertEqual(self.client.get(reverse("api:source-list"), {"format": "bibtex"}).status_code, 200)

    def test_an_unknown_value_is_400_naming_its_parameter(self):
        self.assert_400(LIST, {"ordering": "bogus"}, {"ordering"})
        self.assert_400(reverse("api:game-list"), {"ordering": "-bogus"}, {"ordering"})
        self.assert_400(LIST, {"has_places": "maybe"}, {"has_places"})
        self.assert_400(LIST, {"source": "S00000000"}, {"source"})
        self.assert_400(LIST, {"source": "DLP.Sources.999"}, {"source"})
        self.assert_400(LIST, {"type": "artifact,bogus"}, {"type"})
        self.assert_400(LIST, {"status": "Serf"}, {"status"})
        self.assert_400(LIST, {"page_size": "many"}, {"page_size"})
        self.assert_400(reverse("api:game-list"), {"playable": "0.5"}, {"playable"})
        self.assert_400(EXPORTS[0], {"game": "chess"}, {"game"})

    def test_a_value_with_a_percent_sign_is_named_not_a_server_error(self):
        errors = self.assert_400(LIST, {"age": "100%", "source": "S%s"}, {"age", "source"})
        self.assertEqual(errors["age"], ["unknown value '100%'"])
        errors = self.assert_400(reverse("api:game-list"), {"playable": "%d"}, {"playable"})
        self.assertIn("'%d'", errors["playable"][0])

    def test_the_browse_page_names_what_it_could_not_read(self):
        html = self.client.get(reverse("archive:evidence-list"), {"source": "S00000000", "has_places": "maybe"}).content.decode()
        self.assertIn("unknown source", html)
        self.assertIn("has_places", html)
        self.assertIn("5 records", html)


class InternalFieldTests(ArchiveAPITestCase):
    """The importers keep fingerprints under dlp_extra keys starting with "_"; no output shows them."""

    def setUp(self):
        super().setUp()
        self.egypt.dlp_extra = {"DateStart": "3100-01-01", "_imported": {"type": "f00dfeed"}, "_note": "internal"}
        self.egypt.save()

    def outputs(self):
        detail = reverse("api:evidence-detail", args=["DLP.Evidence.2"])
        for url, params in (
            (LIST, {}), (LIST, {"format": "csv"}), (LIST, {"format": "geojson"}), (LIST, {"format": "jsonld"}),
            (detail, {}), (detail, {"format": "csv"}), (detail, {"format": "geojson"}), (detail, {"format": "jsonld"}),
            *((url, {}) for url in EXPORTS),
        ):
            r = self.client.get(url, params)
            self.assertEqual(r.status_code, 200, (url, params))
            yield (url, params), b"".join(r.streaming_content) if r.streaming else r.content

    def test_no_output_carries_a_key_starting_with_an_underscore(self):
        for where, body in self.outputs():
            with self.subTest(where=where):
                text = body.decode()
                self.assertNotIn("f00dfeed", text)
                self.assertNotIn("_imported", text)
                self.assertNotIn("_note", text)
        # What is not internal is still there.
        data = self.client.get(reverse("api:evidence-detail", args=["DLP.Evidence.2"])).json()
        self.assertEqual(data["dlp_extra"], {"DateStart": "3100-01-01"})
        lines = b"".join(self.client.get(EXPORTS[2]).streaming_content).decode().splitlines()
        egypt = next(json.loads(line) for line in lines if '"dlp_id":2,' in line)
        self.assertEqual(egypt["dlp_extra"], {"DateStart": "3100-01-01"})
