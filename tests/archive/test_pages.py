"""The public pages: what each shows, the browse page's facets and search, and query counts that
stay the same whatever the number of records."""
from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import TestCase
from django.test.utils import CaptureQueriesContext

from archive import identifiers
from archive.models import Evidence, Source
from archive.selectors import evidence_filter
from tests.archive.archive_helpers import fresh_cache, make_evidence, make_game, make_vocabularies  # noqa: F401


class CataloguePages(TestCase):
    """A visitor reading the first catalogue."""

    @classmethod
    def setUpTestData(cls) -> None:
        call_command("load_catalogue", "--without-dlp", stdout=StringIO())

    @pytest.fixture(autouse=True)
    def clean_cache(self, fresh_cache):  # noqa: F811
        pass

    def test_the_home_page_lists_the_playable_games_first(self):
        r = self.client.get("/")
        self.assertEqual(r.status_code, 200)
        html = r.content.decode()
        positions = [html.index(f'href="/games/{slug}/"') for slug in ("ses-bes", "shesh-besh", "takhte-nard", "gul-bara", "bechi")]
        self.assertEqual(positions, sorted(positions))
        self.assertIn('role="search"', html)
        # The map loads every place from the points endpoint (no cap in the page).
        self.assertIn('data-points-url="/api/v1/evidence/points/"', html)
        points = self.client.get("/api/v1/evidence/points/").json()["points"]
        self.assertIn(["DLP.Evidence.2445", 39.591475, 48.976197], [row[:3] for row in points])

    def test_the_home_page_shows_native_names_in_their_language_and_direction(self):
        html = self.client.get("/").content.decode()
        self.assertIn('<span lang="fa" dir="rtl">تخته نرد</span>', html)
        self.assertIn('<span lang="az" dir="ltr">Şeş-Beş</span>', html)

    def test_a_game_page_shows_names_description_rulesets_clauses_and_sources(self):
        r = self.client.get("/games/ses-bes/")
        self.assertEqual(r.status_code, 200)
        html = r.content.decode()
        self.assertIn("<h1>Şeş-Beş</h1>", html)
        self.assertIn('lang="az" dir="ltr">Uzun nərd', html)
        for n in range(1, 10):
            self.assertIn(f'id="clause-SS-{n}"', html)
        self.assertIn("The source says", html)
        self.assertIn("Our reading", html)
        self.assertIn("directly from the starting position to the bar", html)
        self.assertIn('/sources/SEV2445SB/', html)
        self.assertIn('id="game-map-data"', html)
        self.assertIn('id="timeline-data"', html)
        self.assertIn("DLP.Evidence.2445", html)

    def test_a_game_page_has_a_board_for_each_playable_ruleset(self):
        html = self.client.get("/games/bechi/").content.decode()
        self.assertInHTML('<h2 id="ruleset-kunama-h">Rules: Kunama</h2>', html)
        self.assertEqual(html.count('data-variant="mancala.bechi"'), 2)  # Kunama and three holes

    def test_a_persian_quotation_runs_right_to_left_beside_its_translation(self):
        html = self.client.get("/games/takhte-nard/").content.decode()
        self.assertIn('<blockquote lang="fa" dir="rtl">', html)
        self.assertIn("Our translation", html)
        self.assertIn("one sentence and gives no example", html)

    def test_an_unknown_game_is_not_found(self):
        self.assertEqual(self.client.get("/games/chess/").status_code, 404)

    def test_an_evidence_page_shows_every_field(self):
        r = self.client.get("/evidence/DLP.Evidence.2445/")
        self.assertEqual(r.status_code, 200)
        html = r.content.decode()
        for text in (
            "Ethnography", "Şeş-Beş", "18 July – 6 August 2024", "39°35&#x27;29.31&quot;N", "39.591475",
            "48.976197", "Salyan", "Communal", "Female", "Inside", "Crist", "Confidence",
        ):
            self.assertIn(text, html)
        self.assertIn('id="evidence-map-data"', html)

    def test_an_evidence_page_has_a_citation_and_its_permalink(self):
        html = self.client.get("/evidence/DLP.Evidence.1188/").content.decode()
        self.assertIn('id="citation"', html)
        self.assertIn("Evidence record DLP.Evidence.1188", html)
        self.assertIn("http://testserver/evidence/DLP.Evidence.1188/", html)
        self.assertIn("Pankhurst 1971", html)
        self.assertIn('<link rel="canonical" href="http://testserver/evidence/DLP.Evidence.1188/">', html)

    def test_our_own_id_leads_to_the_permalink(self):
        ref = identifiers.evidence_ref(dlp_id=1188)
        r = self.client.get(f"/evidence/{ref}/")
        self.assertEqual((r.status_code, r["Location"]), (301, "/evidence/DLP.Evidence.1188/"))

    def test_a_ref_given_before_refs_were_derived_still_leads_to_the_record(self):
        r = self.client.get("/evidence/EBECH88KN/")
        self.assertEqual((r.status_code, r["Location"]), (301, "/evidence/DLP.Evidence.1188/"))
        pankhurst = identifiers.source_ref(dlp_id=122)
        r = self.client.get("/sources/SPANKHRST/")
        self.assertEqual((r.status_code, r["Location"]), (301, f"/sources/{pankhurst}/"))

    def test_unknown_records_are_not_found(self):
        for path in ("/evidence/DLP.Evidence.99999/", "/evidence/DLP.Evidence.x/", "/evidence/NOPE/"):
            self.assertEqual(self.client.get(path).status_code, 404, path)

    def test_a_source_page_shows_the_reference_and_where_it_is_used(self):
        html = self.client.get(f"/sources/{identifiers.source_ref(dlp_id=122)}/").content.decode()
        self.assertIn("Ethiopia Observer 14(3): 154-206", html)
        self.assertIn("DLP.Sources.122", html)
        self.assertIn("DLP.Evidence.1188", html)
        self.assertIn("#clause-BE-5", html)

    def test_a_source_is_found_by_its_dlp_id_too(self):
        r = self.client.get("/sources/DLP.Sources.122/")
        self.assertEqual((r.status_code, r["Location"]), (301, f"/sources/{identifiers.source_ref(dlp_id=122)}/"))

    def test_the_browse_page_lists_and_counts(self):
        html = self.client.get("/evidence/").content.decode()
        self.assertIn("2 records", html)
        self.assertIn("DLP.Evidence.2445", html)
        self.assertIn("DLP.Evidence.1188", html)

    def test_facets_filter_and_count(self):
        html = self.client.get("/evidence/?age=Child").content.decode()
        self.assertIn("1 record", html)
        self.assertIn("DLP.Evidence.1188", html)
        self.assertNotIn("DLP.Evidence.2445/", html)

    def test_facets_combine(self):
        self.assertIn("0 records", self.client.get("/evidence/?age=Child&gender=Female").content.decode())
        self.assertIn("2 records", self.client.get("/evidence/?gender=Female&gender=Male").content.decode())

    def test_search_finds_words_in_the_content(self):
        html = self.client.get("/evidence/?q=Kunama").content.decode()
        self.assertIn("1 record", html)
        self.assertIn("DLP.Evidence.1188", html)

    def test_search_finds_a_game_by_its_native_name(self):
        html = self.client.get("/evidence/", {"q": "Şeş-Beş"}).content.decode()
        self.assertIn("DLP.Evidence.2445", html)

    def test_bad_filters_are_named_and_ignored(self):
        html = self.client.get("/evidence/?from=soon&confidence=200&bbox=1,2").content.decode()
        self.assertIn("&#x27;soon&#x27; is not a year", html)
        self.assertIn("confidence", html)
        self.assertIn("bbox", html)
        self.assertIn("2 records", html)


class TestEvidenceFilter:
    """The selector the browse page and the API share."""

    pytestmark = pytest.mark.django_db

    @pytest.fixture
    def archive(self):
        vocab = make_vocabularies()
        senet, mehen = make_game("senet", "Senet"), make_game("mehen", "Mehen")
        make_evidence(senet, 6, vocab=vocab, start=-3100)
        make_evidence(mehen, 4, vocab=vocab, start=1900, type="artifact")
        return vocab

    def test_it_filters_by_type_and_game(self, archive):
        assert evidence_filter({"type": "artifact"}).count() == 4
        assert evidence_filter({"game": "senet"}).count() == 6
        assert evidence_filter({"game": "senet,mehen"}).count() == 10

    def test_it_filters_by_overlapping_date_ranges_with_bce(self, archive):
        assert evidence_filter({"to": "3000 BCE"}).count() == 6
        assert evidence_filter({"from": "-3099", "to": "-3097"}).count() == 4  # ranges of two years overlap
        assert evidence_filter({"from": "1901"}).count() == 4

    def test_it_filters_by_confidence(self, archive):
        assert evidence_filter({"confidence": "53"}).count() == sum(
            1 for c in Evidence.objects.values_list("confidence", flat=True) if c >= 53
        )

    def test_it_filters_by_the_dlp_vocabularies_without_duplicates(self, archive):
        assert evidence_filter({"age": ["All", "Child", "Adolescent"]}).count() == 10
        assert evidence_filter({"age": "Child", "space": "Inside"}).count() == len(
            [i for i in range(6) if i % 3 == 1 and i % 2 == 0]
        ) + len([i for i in range(4) if i % 3 == 1 and i % 2 == 0])

    def test_it_filters_by_bounding_box(self, archive):
        assert evidence_filter({"bbox": "20,10,20.05,10.05"}).count() == 2  # the first record of each game
        assert evidence_filter({"bbox": "170,-10,-170,10"}).count() == 0  # across the antimeridian

    def test_it_ignores_what_it_cannot_read(self, archive):
        assert evidence_filter({"from": "soon", "type": "rumour"}).count() == 10


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/games/senet/", "/evidence/", "/evidence/?q=market&age=All&from=1900"])
def test_list_pages_make_the_same_number_of_queries_for_1_and_200_records(client, path):
    vocab = make_vocabularies()
    senet = make_game("senet", "Senet")
    other = make_game("mehen", "Mehen")
    source = Source.objects.create(citation="Someone 2020", authors="Someone, A", year=2020)
    make_evidence(other, 1, vocab=vocab, source=source)
    counts = []
    for n in (1, 200):
        make_evidence(senet, n if not counts else n - 1, vocab=vocab, source=source)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(path)
        assert response.status_code == 200
        counts.append(len(queries))
        # the cached aggregates must not hide queries: measure with them recomputed
    assert counts[0] == counts[1], f"{path}: {counts[0]} queries for 1 record, {counts[1]} for 200"


@pytest.mark.django_db
def test_an_evidence_page_makes_the_same_number_of_queries_however_many_places_and_sources(client):
    from decimal import Decimal

    from archive.models import Place

    senet = make_game()
    (one,) = make_evidence(senet, 1)
    (many,) = make_evidence(senet, 1)
    Place.objects.bulk_create([Place(evidence=many, latitude=Decimal(i), longitude=Decimal(i)) for i in range(30)])
    many.sources.set([Source.objects.create(citation=f"S{i}") for i in range(10)])
    counts = []
    for record in (one, many):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(record.get_absolute_url()).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
