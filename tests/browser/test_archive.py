"""The archive in real Chromium: a researcher goes from the catalogue to a game to a record and
sees the places on the map, on a desktop and on a phone, with the mouse and with the keyboard.
Tiles are switched off (tests run offline): the markers must show without them."""
from __future__ import annotations


import pytest
from tests.conftest import loaded

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def catalogue(settings):
    settings.MAP_TILE_URL = ""
    loaded(("load_catalogue", "--without-dlp"))
    from django.core.cache import cache

    cache.clear()


def markers(page, map_id: str) -> int:
    page.wait_for_selector(f"#{map_id}[data-ready='true']", timeout=5000)
    return page.locator(f"#{map_id} .leaflet-marker-icon").count()


def test_a_researcher_goes_from_the_catalogue_to_a_game_to_a_record(page, live_server, catalogue, artifacts_dir):
    page.goto(live_server.url + "/")
    assert page.locator(".game-card").count() == 10  # the first five and the five race games
    assert page.locator(".game-card h3").first.inner_text() == "Şeş-Beş"
    assert markers(page, "home-map") == 4  # three places of DLP.Evidence.2445, one of 1188
    page.screenshot(path=str(artifacts_dir / "archive-home.png"), full_page=True)

    page.get_by_role("link", name="Şeş-Beş", exact=True).first.click()
    page.wait_for_url("**/games/ses-bes/")
    assert page.locator("h1").inner_text() == "Şeş-Beş"
    assert page.locator("li.clause").count() == 9
    assert page.locator("[lang='az']").first.is_visible()
    page.locator("#game-map").scroll_into_view_if_needed()  # the map (Leaflet) loads when near
    assert markers(page, "game-map") == 3
    assert page.locator("#timeline svg .timeline-item").count() == 1
    page.screenshot(path=str(artifacts_dir / "archive-game-ses-bes.png"), full_page=True)

    page.locator("#game-evidence-list").get_by_role("link", name="DLP.Evidence.2445").click()
    page.wait_for_url("**/evidence/DLP.Evidence.2445/")
    assert markers(page, "evidence-map") == 3
    assert "Evidence record DLP.Evidence.2445" in page.locator("#citation").inner_text()
    page.get_by_role("button", name="Copy citation").click()
    page.wait_for_function("() => document.querySelector('.copy-status').textContent.length > 0")  # a function: a bare expression is eval'd, which the CSP refuses
    page.screenshot(path=str(artifacts_dir / "archive-evidence-2445.png"), full_page=True)

    # a marker's popup leads back to the record
    page.locator("#evidence-map .leaflet-marker-icon").first.click()
    assert "DLP.Evidence.2445" in page.locator(".leaflet-popup-content").inner_text()
    assert page.js_errors == []


def test_the_persian_game_reads_right_to_left_where_it_should(page, live_server, catalogue, artifacts_dir):
    page.goto(live_server.url + "/games/takhte-nard/")
    name = page.locator(".name-list [lang='fa']").first
    assert name.get_attribute("dir") == "rtl"
    assert page.evaluate("el => getComputedStyle(el).direction", name.element_handle()) == "rtl"
    quote = page.locator("#clause-TN-4 blockquote")
    assert quote.get_attribute("dir") == "rtl"
    assert "one sentence" in page.locator("#clause-TN-4 .reading").inner_text()
    page.locator("#clause-TN-4").screenshot(path=str(artifacts_dir / "archive-clause-tn4.png"))
    assert page.js_errors == []


def test_the_browse_page_works_from_the_keyboard(page, live_server, catalogue, artifacts_dir):
    page.goto(live_server.url + "/evidence/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"

    facet = page.locator(".facet-link", has_text="Child")
    facet.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/evidence/?age=Child")
    assert page.locator(".results-count").inner_text().startswith("1 record")
    assert page.locator(".facet-link.selected", has_text="Child").get_attribute("aria-pressed") == "true"

    page.locator("#evidence-search").fill("Kunama")
    page.keyboard.press("Enter")
    page.wait_for_url("**q=Kunama**")
    assert "DLP.Evidence.1188" in page.locator("#results-list").inner_text()
    assert markers(page, "browse-map") == 1
    page.screenshot(path=str(artifacts_dir / "archive-browse.png"), full_page=True)
    assert page.js_errors == []


def test_pages_fit_a_phone_screen(phone_page, live_server, catalogue, artifacts_dir):
    for path in ("/", "/games/bechi/", "/evidence/", "/evidence/DLP.Evidence.1188/"):
        phone_page.goto(live_server.url + path)
        overflow = phone_page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{path} scrolls sideways by {overflow}px on a phone"
        sizes = phone_page.evaluate(
            "[...document.querySelectorAll('.prose p, .clause-text, .card-text, .evidence-snippet, .record-fields dd')]"
            ".map(el => parseFloat(getComputedStyle(el).fontSize))"
        )
        assert sizes and min(sizes) >= 14, (path, sizes)
        name = path.strip("/").replace("/", "-").replace(".", "-") or "home"
        phone_page.screenshot(path=str(artifacts_dir / f"archive-phone-{name}.png"), full_page=True)
