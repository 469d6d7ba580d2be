"""Phones (issue 36, item 12), in real Chromium at 390x844 beside a 1366x768 laptop, on the
default archive: the browse page's filters fold under a summary of what is filtered, so the
results come first (the first result was 3,528 px down); a long game page (Senet: 22 rulesets)
has a one-line section bar that stays at the top, so each section is one tap away (its Evidence
section was 32,377 px down), and so has the home page (its map of all evidence was 115,253 px
down); and no page scrolls sideways at 390 px (the home page was 469 px wide)."""
from __future__ import annotations


import pytest
from tests.conftest import loaded

pytestmark = pytest.mark.django_db(transaction=True)

PAGES = [
    "/", "/evidence/", "/evidence/?game=senet&region=Africa", "/evidence/DLP.Evidence.649/",
    "/evidence/DLP.Evidence.2445/", "/games/senet/", "/games/ses-bes/", "/games/bechi/", "/play/shesh-besh/",
]


@pytest.fixture
def archive(live_server, settings):
    settings.MAP_TILE_URL = ""
    settings.PAGE_ANON_RATE = None
    loaded(("load_catalogue",))
    from django.core.cache import cache

    cache.clear()
    return live_server.url


def screen(chromium, width: int, height: int):
    phone = width < 500
    context = chromium.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return context, page


def top(locator) -> float:
    return locator.evaluate("e => e.getBoundingClientRect().top + window.scrollY")


def test_phone_and_laptop_layouts(archive, chromium, artifacts_dir):
    context, page = screen(chromium, 390, 844)
    try:
        # The browse page: results on the first screen, filters folded under what they filter.
        page.goto(archive + "/evidence/?game=senet&region=Africa")
        page.wait_for_load_state("load")
        details = page.locator("details.facets-details")
        assert details.evaluate("d => d.open") is False
        summary = details.locator("summary").inner_text()
        assert "Senet" in summary and "Africa" in summary
        first = page.locator("#results-list li").first
        assert top(first) < 844, top(first)
        page.screenshot(path=str(artifacts_dir / "phone-browse-senet-africa.png"))
        details.locator("summary").tap()
        assert details.evaluate("d => d.open") is True
        assert page.locator("input[name=from]").is_visible()

        page.goto(archive + "/evidence/")
        assert page.locator("details.facets-details summary").inner_text().endswith("none, every record")
        assert top(page.locator("#results-list li").first) < 844

        # A long game page: the section bar is one line, stays at the top, and one tap on a
        # section's name brings the section onto the screen, from anywhere on the page.
        page.goto(archive + "/games/senet/")
        toc = page.locator("nav.toc")
        assert toc.bounding_box()["height"] <= 60
        assert top(page.locator("#evidence")) > 20000  # a long page indeed
        links = toc.locator("a")
        assert {"About", "Evidence"} <= set(links.all_inner_texts())
        toc.get_by_role("link", name="Evidence", exact=True).tap()
        page.wait_for_function("() => Math.abs(document.querySelector('#evidence').getBoundingClientRect().top) < 200")
        bar = toc.bounding_box()
        assert 0 <= bar["y"] < 5, bar  # still there, at the top
        page.screenshot(path=str(artifacts_dir / "phone-senet-evidence.png"))
        toc.get_by_role("link", name="About", exact=True).tap()
        page.wait_for_function("() => Math.abs(document.querySelector('#about').getBoundingClientRect().top) < 200")
        last_ruleset = links.nth(links.count() - 3)  # a ruleset far along the bar: it scrolls within itself
        target = last_ruleset.get_attribute("href")
        last_ruleset.tap()
        page.wait_for_function("id => Math.abs(document.querySelector(id).getBoundingClientRect().top) < 200", arg=target)

        # The home page lists over 200 playable games before its map of all evidence (115,253 px
        # down): its section bar brings the map onto the screen in one tap.
        page.goto(archive + "/")
        assert top(page.locator("#all-evidence")) > 20000
        page.locator("nav.toc").get_by_role("link", name="All evidence on the map").tap()
        page.wait_for_function("() => Math.abs(document.querySelector('#all-evidence').getBoundingClientRect().top) < 200")
        assert page.locator("#home-map").is_visible()

        # No page scrolls sideways.
        for url in PAGES:
            page.goto(archive + url)
            page.wait_for_load_state("load")
            page.wait_for_timeout(300)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{url} is {width} px wide at 390"
        assert page.js_errors == []
    finally:
        context.close()

    context, page = screen(chromium, 1366, 768)
    try:
        # A laptop: filters open beside the results, which start on the first screen.
        page.goto(archive + "/evidence/?game=senet&region=Africa")
        page.wait_for_load_state("load")
        assert page.locator("details.facets-details").evaluate("d => d.open") is True
        assert page.locator("input[name=from]").is_visible()
        assert top(page.locator("#results-list li").first) < 768
        page.goto(archive + "/games/senet/")
        toc = page.locator("nav.toc")
        toc.get_by_role("link", name="Evidence", exact=True).click()
        page.wait_for_function("() => Math.abs(document.querySelector('#evidence').getBoundingClientRect().top) < 200")
        page.goto(archive + "/")
        page.locator("nav.toc").get_by_role("link", name="All evidence on the map").click()
        page.wait_for_function("() => Math.abs(document.querySelector('#all-evidence').getBoundingClientRect().top) < 200")
        for url in PAGES:
            page.goto(archive + url)
            page.wait_for_load_state("load")
            assert page.evaluate("document.documentElement.scrollWidth") <= 1366, url
        assert page.js_errors == []
    finally:
        context.close()
