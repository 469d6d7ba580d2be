"""The OpenAPI schema documents every endpoint, filter and format, and the docs work offline."""
from __future__ import annotations

from django.contrib.staticfiles import finders
from django.test import TestCase
from django.urls import reverse
from drf_spectacular.validation import validate_schema

from archive.api.filters import EvidenceFilterSet
from archive.api.urls import router


class SchemaTests(TestCase):
    @classmethod
    def setUpTestData(cls):
        cls.schema = None

    def setUp(self):
        if SchemaTests.schema is None:
            r = self.client.get(reverse("api-schema"), {"format": "json"})
            self.assertEqual(r.status_code, 200)
            SchemaTests.schema = r.json()
        self.schema = SchemaTests.schema

    def test_it_is_a_valid_openapi_3_document(self):
        self.assertTrue(self.schema["openapi"].startswith("3."))
        validate_schema(self.schema)

    def test_every_endpoint_is_documented(self):
        paths = self.schema["paths"]
        for prefix, _, basename in router.registry:
            self.assertIn(f"/api/v1/{prefix}/", paths)
            lookup = {"evidence": "identifier", "game": "slug", "source": "ref", "ruleset": "id"}[basename]
            item = paths[f"/api/v1/{prefix}/{{{lookup}}}/"]
            self.assertEqual(set(item) - {"parameters"}, {"get", "put", "patch", "delete"})
        for fmt in ("csv", "geojson", "jsonl"):
            self.assertIn(f"/api/v1/export/evidence.{fmt}", paths)

    def test_every_evidence_filter_is_a_documented_parameter(self):
        for path in ("/api/v1/evidence/", "/api/v1/export/evidence.csv"):
            names = {p["name"] for p in self.schema["paths"][path]["get"]["parameters"]}
            self.assertLessEqual(set(EvidenceFilterSet.base_filters), names, path)
        names = {p["name"] for p in self.schema["paths"]["/api/v1/evidence/"]["get"]["parameters"]}
        self.assertLessEqual({"cursor", "page_size", "ordering", "format"}, names)

    def test_every_format_is_documented(self):
        paths = self.schema["paths"]
        media = set(paths["/api/v1/evidence/"]["get"]["responses"]["200"]["content"])
        citations = {"application/x-bibtex", "application/vnd.citationstyles.csl+json", "application/x-research-info-systems"}
        self.assertEqual(media, {"application/json", "text/csv", "application/geo+json", "application/ld+json", *citations})
        media = set(paths["/api/v1/evidence/{identifier}/"]["get"]["responses"]["200"]["content"])
        self.assertLessEqual(citations, media)
        media = set(paths["/api/v1/sources/{ref}/"]["get"]["responses"]["200"]["content"])
        self.assertEqual(media, {"application/json", *citations})
        self.assertIn("application/x-ndjson", paths["/api/v1/export/evidence.jsonl"]["get"]["responses"]["200"]["content"])
        for path, media_type in (("jsonld", "application/ld+json"), ("bib", "application/x-bibtex"),
                                 ("csl.json", "application/vnd.citationstyles.csl+json"), ("ris", "application/x-research-info-systems")):
            self.assertIn(media_type, paths[f"/api/v1/export/evidence.{path}"]["get"]["responses"]["200"]["content"])
        listed = paths["/api/v1/evidence/"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        self.assertIn("count", self.schema["components"]["schemas"][listed["$ref"].rsplit("/", 1)[1]]["properties"])

    def test_writes_document_token_authentication(self):
        self.assertIn("tokenAuth", self.schema["components"]["securitySchemes"])


class DocsTests(TestCase):
    def test_the_docs_load_everything_from_our_own_static_files(self):
        r = self.client.get(reverse("api-docs"))
        self.assertEqual(r.status_code, 200)
        html = r.content.decode()
        self.assertIn("/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js", html)
        self.assertNotIn("cdn.", html)
        self.assertNotIn("unpkg", html)
        self.assertIsNotNone(finders.find("drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js"))
        # Swagger UI's settings come as a script file, not inline: the page's CSP runs no inline script.
        self.assertNotRegex(html, r"<script>")
        self.assertIn("script-src 'self';", r["Content-Security-Policy"])
        script = self.client.get(reverse("api-docs") + "?script=")
        self.assertEqual(script.status_code, 200)
        self.assertIn(reverse("api-schema"), script.content.decode())

    def test_redoc_too(self):
        r = self.client.get(reverse("api-redoc"))
        self.assertEqual(r.status_code, 200)
        self.assertIn("/static/drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js", r.content.decode())


class TestSchemaSaysWhatTheApiDoes:
    """Issue 38 item 11 (besides the schemathesis run in test_api_fuzz.py)."""

    def test_the_play_routes_served_by_plain_views_are_in_the_schema(self, client, db):
        schema = client.get("/api/schema/?format=json").json()
        assert "/api/v1/matches/{id}/events/" in schema["paths"]
        assert "/api/v1/matches/{id}/export/{fmt}/" in schema["paths"]

    def test_error_statuses_are_documented(self, client, db):
        schema = client.get("/api/schema/?format=json").json()
        op = schema["paths"]["/api/v1/evidence/{identifier}/"]
        assert {"400", "404", "429"} <= set(op["get"]["responses"])
        assert {"401", "403"} <= set(op["patch"]["responses"])

    def test_an_empty_bibtex_list_has_its_content_type_and_csl_lists_are_arrays(self, client, db):
        r = client.get("/api/v1/sources/", {"format": "bibtex", "q": "nothing-matches-this"})
        assert r.status_code == 200 and r["Content-Type"].startswith("application/x-bibtex")
        schema = client.get("/api/schema/?format=json").json()
        csl = schema["paths"]["/api/v1/sources/"]["get"]["responses"]["200"]["content"]["application/vnd.citationstyles.csl+json"]
        assert csl["schema"]["type"] == "array"
        assert client.get("/api/v1/sources/", {"format": "csl", "q": "nothing-matches-this"}).json() == []

    def test_an_unknown_api_address_is_a_json_404(self, client):
        r = client.get("/api/v1/no-such-thing/")
        assert r.status_code == 404 and r["Content-Type"] == "application/json"

    def test_vocabulary_filters_list_their_names(self, client, db):
        from archive.models import Age

        Age.objects.create(name="Child")
        schema = client.get("/api/schema/?format=json").json()
        params = {p["name"]: p for p in schema["paths"]["/api/v1/evidence/"]["get"]["parameters"]}
        assert params["type"]["schema"]["items"]["enum"][:1] and "artifact" in params["type"]["schema"]["items"]["enum"]
        assert params["region"]["schema"]["items"]["enum"] == ["Africa", "Americas", "Asia", "Europe", "Oceania"]
        assert params["age"]["schema"]["items"]["enum"] == ["Child"] and params["age"]["explode"] is False
