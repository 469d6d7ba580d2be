"""The outside researcher's audit (issue 36) in real Chromium on the archive `make run` loads, on a
desktop (1366×768) and a phone (390×844): a search typed in the browse page's box finds the record
sought on the first page (item 2: Şeş-Beş's record was on page 7, Tab's on page 5, and "Béchi"
found Patolli); the Senet records placed "Ancient Egypt" are in the region's answer and on its map,
which says how many records it cannot show (item 1); the maps draw the vendored base map and ask
nothing of any other server, crediting what they draw (item 11: 8–27 failing tile requests a
page); and a DLP flag is shown as recorded (item 9: DLP.Evidence.742)."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from archive.models import Evidence
from tests.browser.test_research_records import VIEWPORTS
from tests.conftest import loaded

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def archive(settings):
    settings.MAP_TILE_URL = ""  # make run's default
    settings.PAGE_ANON_RATE = None
    loaded(("load_catalogue",))
    from django.core.cache import cache

    cache.clear()


def pages(chromium, server: str):
    """A page per viewport that may ask the test server only: every other request is refused
    and counted (a tile server, a font, a script from a CDN)."""
    for name, options in VIEWPORTS.items():
        context = chromium.new_context(**options)
        page = context.new_page()
        page.js_errors, page.refused = [], []
        page.on("pageerror", lambda exc, errors=page.js_errors: errors.append(str(exc)))

        def route(r, refused=page.refused):
            if urlsplit(r.request.url).netloc == server:
                r.continue_()
            else:
                refused.append(r.request.url)
                r.abort()

        page.route("**/*", route)
        try:
            yield name, page
        finally:
            context.close()


def listed(page) -> list[str]:
    return page.locator("#results-list .evidence-id").all_inner_texts()


def search(page, words: str) -> list[str]:
    box = page.locator("#evidence-search")
    box.fill(words)
    box.press("Enter")
    page.wait_for_url(re.compile(r".*[?&]q="))
    return listed(page)


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} is {width}px wide"


def test_the_audits_searches_places_maps_and_flags(chromium, live_server, archive, artifacts_dir):
    patolli = {e.identifier for e in Evidence.objects.filter(game__slug__contains="patolli")}
    assert patolli  # the records "Béchi" found through "Codex Magliabechiano"
    server = urlsplit(live_server.url).netloc
    for name, page in pages(chromium, server):
        # Item 2: the record sought is on the first page, by relevance.
        page.goto(live_server.url + "/evidence/")
        for words, record in (("Şeş", "DLP.Evidence.2445"), ("Ṭāb", "DLP.Evidence.1423"), ("ses bes", "DLP.Evidence.2445")):
            first = search(page, words)
            assert record in first and len(first) <= 25, (name, words, first)
            assert page.locator(".sort [aria-current='true']").inner_text() == "relevance", name
        bechi = search(page, "Béchi")
        assert bechi and not patolli & set(bechi), (name, bechi)
        assert "DLP.Evidence.1188" in bechi
        no_sideways_scroll(page)

        # Item 1: the region's answer holds the records placed by name, and its map draws them apart.
        page.goto(live_server.url + "/evidence/?game=senet&region=Africa&to=1000+BCE")
        assert page.locator("#results-h").inner_text() == "131 records", name
        page.locator("#browse-map").scroll_into_view_if_needed()
        page.wait_for_selector("#browse-map[data-ready='true']", timeout=30000)
        assert int(page.locator("#browse-map").get_attribute("data-named")) >= 27, name
        assert "27 records are placed from their place name" in page.locator(".map-coverage").inner_text()
        # Item 11: the base map is the vendored one, credited as such, and nothing else was asked.
        page.wait_for_selector("#browse-map[data-base-map='outlines']", timeout=15000)
        for layer in ("land", "coastlines", "lakes", "rivers"):
            assert page.locator(f"#browse-map path.map-{layer}").count() > 0, (name, layer)
        assert page.locator("#browse-map .leaflet-tile-pane img").count() == 0
        credit = page.locator("#browse-map .leaflet-control-attribution").inner_text()
        assert "Natural Earth" in credit and "OpenStreetMap" not in credit, credit
        page.locator("#browse-map").screenshot(path=str(artifacts_dir / f"audit-senet-africa-map-{name}.png"))
        page.goto(live_server.url + "/evidence/?type=ethnography&category=sow&region=Africa")
        shown = listed(page)
        for dlp_id in (649, 652, 657, 701, 713, 728, 793):
            assert f"DLP.Evidence.{dlp_id}" in shown, (name, dlp_id)
        page.goto(live_server.url + "/evidence/")
        assert "1 record has no place at all and is not on the map" in page.locator(".map-coverage").inner_text()
        no_sideways_scroll(page)

        # Item 9: the BCE flag of 742 as the DLP records it, beside our reading.
        page.goto(live_server.url + "/evidence/DLP.Evidence.742/")
        body = page.locator("main").inner_text()
        assert "127, as recorded (neither 0 nor 1: we read the start as CE)" in body, name
        no_sideways_scroll(page)

        assert page.refused == [], (name, page.refused[:5])
        assert page.js_errors == [], (name, page.js_errors)
