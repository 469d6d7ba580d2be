"""Game pages, the catalogue of games and the bibliography in real Chromium, on a desktop
(1366×768) and a phone (390×844): DLP fields named and linked, a game that cannot be played said
to be so, a reversed range named on its timeline, record references followed, search, facets,
sorting and the bibliography's exports (issue 36, items 8, 10 and 14)."""
from __future__ import annotations

from decimal import Decimal

import pytest

from archive.models import Category, Evidence, Game, Place, Ruleset, Source

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = {
    "desktop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True},
}


@pytest.fixture(params=list(VIEWPORTS))
def screen(request, chromium):
    context = chromium.new_context(**VIEWPORTS[request.param])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    page.kind = request.param
    yield page
    context.close()


@pytest.fixture
def archive(settings):
    settings.MAP_TILE_URL = ""
    sow = Category.objects.create(name="sow", dlp_id=5)
    war = Category.objects.create(name="war", dlp_id=6)
    liubo = Game.objects.create(
        name="Liubo", slug="liubo", dlp_id=112, description="An ancient Chinese game.",
        dlp_extra={"MainRuleset": 134, "DLPGame": 1, "EvidenceRange": "3108,3720"},
    )
    liubo.categories.add(war)
    Ruleset.objects.create(game=liubo, slug="historical-information", name="Historical Information", dlp_id=134,
                           rules_text="Liubo board. Six pieces per player.", dlp_extra={"EvidenceRange": "0,5520"})
    chess = Game.objects.create(name="Double Chess", slug="double-chess", dlp_id=17, dlp_extra={"DLPGame": 0, "Date": "1916-00-00"})
    chess.categories.add(war)
    for n in range(1, 8):
        game = Game.objects.create(name=f"Mancala {n}", slug=f"mancala-{n}", description="A two-row mancala.")
        game.categories.add(sow)
    pankhurst = Source.objects.create(
        dlp_id=122, kind="article", authors="Pankhurst, Richard", year=1971, title="Gabata",
        citation="Pankhurst, R. 1971. Gabata. Ethiopia Observer 14(3):154-206.",
        url="https://www.worldcat.org/title/ethiopia-observer/oclc/473758639&referer=brief_results",
    )
    murray = Source.objects.create(dlp_id=1, kind="book", authors="Murray, H. J. R.", year=1952, citation="Murray, H. J. R. 1952. A History of Board Games other than Chess.")
    tomb = Evidence.objects.create(
        dlp_id=1257, type="artifact", game=liubo, start_year=-1220, end_year=-122, date_reversed=True,
        start_date="-1219-01-01", end_date="-0121-12-31", date_precision="year",
        content="A board from a tomb; see DLP.Evidence.1273 for its pair.",
    )
    Place.objects.create(evidence=tomb, latitude=Decimal("23.12"), longitude=Decimal("113.26"))
    pair = Evidence.objects.create(dlp_id=1273, type="artifact", game=liubo, start_year=-392, end_year=-309,
                                   start_date="-0391-01-01", end_date="-0308-12-31", date_precision="year")
    pair.sources.add(pankhurst)
    tomb.sources.add(pankhurst, murray)
    from django.core.cache import cache

    cache.clear()


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} is {width}px wide on a {page.viewport_size['width']}px screen"


def test_a_dlp_games_page_reads_as_a_page(screen, live_server, archive):
    page = screen
    page.goto(live_server.url + "/games/liubo/")
    notice = page.locator("#not-playable")
    assert notice.is_visible()
    assert "Not yet playable here" in notice.inner_text()
    facts = page.locator(".game-fields").inner_text()
    assert "Main ruleset\nHistorical Information (DLP.GameRulesets.134)" in facts
    assert "392 BCE – 220 CE (the DLP gives 3108,3720)" in facts
    assert "Evidence range" not in facts
    page.locator(".game-fields a", has_text="Historical Information").click()
    page.wait_for_function("location.hash === '#ruleset-historical-information'")
    assert page.locator("#ruleset-historical-information .ruleset-rules").is_visible()
    # The reversed range is drawn hatched and named under the timeline it stretches.
    page.wait_for_selector("#timeline svg .timeline-item.reversed")
    assert page.locator("#timeline svg .timeline-item.reversed").count() == 1
    assert "DLP.Evidence.1257: 122 BCE – 1220 BCE (as recorded: start after end); drawn here from 1220 BCE to 122 BCE, hatched." in (
        page.locator(".timeline-figure figcaption").inner_text())
    no_sideways_scroll(page)
    page.goto(live_server.url + "/games/double-chess/")
    text = page.locator(".game-fields").inner_text()
    assert "Date\n1916 (as the DLP writes it: 1916-00-00)" in text
    assert "Within the DLP's study\nno" in text
    assert page.js_errors == []


def test_a_record_reference_in_a_text_is_a_link(screen, live_server, archive):
    page = screen
    page.goto(live_server.url + "/evidence/DLP.Evidence.1257/")
    page.locator("blockquote a.record-ref", has_text="DLP.Evidence.1273").click()
    page.wait_for_url("**/evidence/DLP.Evidence.1273/")
    assert page.locator("h1").inner_text().startswith("DLP.Evidence.1273")
    no_sideways_scroll(page)


def test_the_catalogue_of_games_searches_and_filters(screen, live_server, archive):
    page = screen
    page.goto(live_server.url + "/")
    page.locator("a.all-games").click()
    page.wait_for_url("**/games/")
    assert page.locator("#results-h").inner_text() == "9 games"
    no_sideways_scroll(page)
    page.fill("#game-search", "liubo")
    page.locator("#game-search").press("Enter")
    page.wait_for_url("**/games/?q=liubo")
    assert page.locator(".game-card h3").first.inner_text() == "Liubo"
    page.goto(live_server.url + "/games/")
    if page.kind == "phone" and not page.locator("#facet-category").is_visible():
        page.locator(".facets-details summary").click()
    page.locator("#facet-category a", has_text="sow").click()
    page.wait_for_url("**/games/?category=sow")
    assert page.locator("#results-h").inner_text() == "7 games"
    assert page.locator(".game-card").count() == 7
    page.locator("#facet-playable a", has_text="not yet playable").click()
    page.wait_for_url("**playable=no**")
    assert page.locator(".chip").count() == 2
    assert page.js_errors == []


def test_the_bibliography_sorts_searches_and_exports(screen, live_server, archive):
    page = screen
    page.goto(live_server.url + "/sources/")
    entries = page.locator(".bib-entry")
    assert entries.count() == 2
    assert entries.first.inner_text().startswith("Murray")  # by author
    page.locator(".sort a", has_text="most cited").click()
    page.wait_for_url("**sort=cited")
    assert entries.first.inner_text().startswith("Pankhurst")
    assert "2 records" in entries.first.inner_text()
    page.fill("#source-search", "observer")
    page.locator("#source-search").press("Enter")
    page.wait_for_url("**q=observer**")
    assert entries.count() == 1
    bib = page.locator("#list-exports a", has_text="BibTeX").get_attribute("href")
    response = page.request.get(live_server.url + bib)
    assert response.ok and response.text().startswith("@article{")
    ris = page.request.get(live_server.url + page.locator("#list-exports a", has_text="RIS").get_attribute("href")).text()
    assert "UR  - https://www.worldcat.org/title/ethiopia-observer/oclc/473758639&referer=brief_results" in ris
    no_sideways_scroll(page)
    page.locator(".bib-citation").first.click()
    page.locator(".breadcrumbs a", has_text="Sources").click()
    page.wait_for_url("**/sources/")
    assert page.js_errors == []
