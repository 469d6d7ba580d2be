"""/sitemap.xml: an index of sections listing every game, ruleset, record and source."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from unittest import mock

import pytest

from archive.models import Evidence, Ruleset, Source
from archive.sitemaps import EvidenceSitemap
from tests.archive.archive_helpers import make_evidence, make_game

NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}
pytestmark = pytest.mark.django_db


@pytest.fixture
def archive():
    senet = make_game("senet", "Senet", dlp_id=3)
    bechi = make_game("bechi", "Béchi")
    Ruleset.objects.create(game=bechi, name="Kunama", slug="kunama", type="observed")
    source = Source.objects.create(citation="Murray 1952", year=1952)
    records = make_evidence(senet, 5, source=source)
    Evidence.objects.filter(pk=records[0].pk).update(dlp_id=1188)
    return {"senet": senet, "bechi": bechi, "source": source}


def locs(client, url: str, tag: str = "url") -> list[str]:
    response = client.get(url)
    assert response.status_code == 200, url
    assert response["Content-Type"].startswith("application/xml")
    root = ET.fromstring(response.content)
    return [el.findtext("sm:loc", namespaces=NS) for el in root.findall(f"sm:{tag}", NS)]


def every_url(client) -> list[str]:
    out = []
    for section in locs(client, "/sitemap.xml", "sitemap"):
        out += locs(client, section.removeprefix("http://testserver"))
    return out


def test_it_lists_every_game_ruleset_record_and_source(client, archive):
    urls = every_url(client)
    base = "http://testserver"
    expected = {
        f"{base}/", f"{base}/evidence/", f"{base}/games/senet/", f"{base}/games/bechi/",
        f"{base}/games/bechi/#ruleset-kunama", f"{base}/sources/{archive['source'].ref}/",
        *(f"{base}/evidence/{e.identifier}/" for e in Evidence.objects.all()),
    }
    assert sorted(urls) == sorted(expected)
    assert f"{base}/evidence/DLP.Evidence.1188/" in urls


def test_entries_carry_their_last_change(client, archive):
    root = ET.fromstring(client.get("/sitemap-games.xml").content)
    dates = [el.findtext("sm:lastmod", namespaces=NS) for el in root.findall("sm:url", NS)]
    assert len(dates) == 2 and all(dates)


def test_a_section_over_the_limit_is_paged_through_the_index(client, archive):
    assert EvidenceSitemap.limit == 50_000  # the protocol's maximum per file
    with mock.patch.object(EvidenceSitemap, "limit", 2):
        sections = locs(client, "/sitemap.xml", "sitemap")
        evidence_pages = [s for s in sections if "sitemap-evidence.xml" in s]
        assert len(evidence_pages) == 3  # 5 records, 2 a page
        urls = [u for s in evidence_pages for u in locs(client, s.removeprefix("http://testserver"))]
    assert len(urls) == len(set(urls)) == 5


def test_an_unknown_section_or_page_is_not_found(client, archive):
    assert client.get("/sitemap-nothing.xml").status_code == 404
    assert client.get("/sitemap-evidence.xml", {"p": 9}).status_code == 404
