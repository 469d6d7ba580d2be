"""The browse page's research tools in real Chromium, over the whole DLP archive: the map of every
matching record (clustered, loaded from the points endpoint), a box drawn on it as a filter with
its chip, the timeline whose bars filter by period, and the home map with every place."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from archive import selectors
from archive.models import Evidence, Place
from tests.conftest import loaded

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def archive(settings):
    settings.MAP_TILE_URL = ""  # offline: the outlines, no tiles
    loaded(("load_catalogue",))
    from django.core.cache import cache

    cache.clear()


def ready(page, selector: str) -> None:
    page.wait_for_selector(f"{selector}[data-ready='true']", timeout=20000)


def shown_on_map(page, map_id: str) -> int:
    """Markers the map shows, each cluster counted by the number it carries."""
    return page.evaluate(
        """(id) => [...document.querySelectorAll(`#${id} .leaflet-marker-icon`)]
            .map((m) => m.classList.contains('marker-cluster') ? Number(m.textContent) : 1)
            .reduce((a, b) => a + b, 0)""",
        map_id,
    )


def results(page) -> int:
    return int(re.match(r"(\d+) record", page.locator("#results-h").inner_text())[1])


def test_the_browse_map_shows_every_matching_record_clustered(page, live_server, archive, artifacts_dir):
    page.goto(live_server.url + "/evidence/")
    ready(page, "#browse-map")
    places = Place.objects.count()
    assert places > 1000  # the whole archive, far more than a page of 25
    assert page.locator("#browse-map").get_attribute("data-markers") == str(places)
    assert page.locator("#browse-map .marker-cluster").count() > 0
    assert shown_on_map(page, "browse-map") == places
    records = Evidence.objects.filter(places__isnull=False).distinct().count()
    assert page.locator("[data-map-count='browse-map']").inner_text() == f"{places} places of {records} records"
    page.screenshot(path=str(artifacts_dir / "browse-map-all.png"), full_page=True)

    page.goto(live_server.url + "/evidence/?type=artifact")
    ready(page, "#browse-map")
    expected = Place.objects.filter(evidence__type="artifact").count()
    assert page.locator("#browse-map").get_attribute("data-markers") == str(expected)
    assert shown_on_map(page, "browse-map") == expected
    assert page.js_errors == []


def test_a_box_drawn_on_the_map_filters_and_shows_as_a_removable_chip(page, live_server, archive, artifacts_dir):
    page.goto(live_server.url + "/evidence/")
    ready(page, "#browse-map")
    assert page.locator("#bbox-chip").count() == 0
    page.get_by_role("button", name="Draw a box").click()
    box = page.locator("#browse-map").bounding_box()
    x, y = box["x"] + box["width"] * 0.45, box["y"] + box["height"] * 0.3
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 120, y + 60, steps=5)
    page.mouse.move(x + 240, y + 140, steps=5)
    page.mouse.up()
    page.wait_for_url("**bbox=**")
    bbox = parse_qs(urlsplit(page.url).query)["bbox"][0]
    west, south, east, north = map(float, bbox.split(","))
    assert west < east and south < north
    expected = selectors.evidence_filter({"bbox": bbox}).count()
    assert 0 < expected < Evidence.objects.count()
    assert results(page) == expected
    chip = page.locator("#bbox-chip")
    assert chip.is_visible() and chip.inner_text().startswith("Map box:")
    ready(page, "#browse-map")
    assert page.locator("#browse-map path.map-box-active").count() == 1  # the box in force, outlined
    page.screenshot(path=str(artifacts_dir / "browse-bbox-chip.png"), full_page=True)

    chip.get_by_role("link", name="Remove the map box filter").click()
    page.wait_for_url(lambda url: "bbox" not in url)
    assert page.locator("#bbox-chip").count() == 0
    assert results(page) == Evidence.objects.count()

    # The view as it is, from the keyboard's reach: a button, not a drag.
    ready(page, "#browse-map")
    page.get_by_role("button", name="Filter to this view").click()
    page.wait_for_url("**bbox=**")
    assert page.locator("#bbox-chip").is_visible()
    assert page.js_errors == []


def test_a_timeline_bar_filters_by_its_period(page, live_server, archive, artifacts_dir):
    page.goto(live_server.url + "/evidence/?type=artifact")
    ready(page, "#browse-timeline")
    bars = page.locator("#browse-timeline a.period-bar")
    assert bars.count() > 10
    # The 1st century CE: the bar's count is what its filter selects.
    bar = page.locator("#browse-timeline a.period-bar[data-from='1']")
    assert bar.get_attribute("aria-label").startswith("1st century: ")
    count, to = int(bar.get_attribute("data-count")), bar.get_attribute("data-to")
    assert to == "100"
    assert count == selectors.evidence_filter({"type": "artifact", "from": "1", "to": "100"}).count() > 0
    page.locator("#browse-timeline").screenshot(path=str(artifacts_dir / "browse-timeline.png"))
    bar.click()
    page.wait_for_url("**from=1**")
    query = parse_qs(urlsplit(page.url).query)
    assert (query["from"], query["to"], query["type"]) == (["1"], ["100"], ["artifact"])
    assert results(page) == count
    ready(page, "#browse-timeline")
    assert page.locator("[data-periods-note='browse-timeline']").inner_text().endswith("dated.")
    assert page.js_errors == []


def test_the_home_map_shows_every_place(page, live_server, archive, artifacts_dir):
    page.goto(live_server.url + "/")
    ready(page, "#home-map")
    places = Place.objects.count()
    assert places > 1000  # the old map stopped at 1,000 without a word
    assert page.locator("#home-map").get_attribute("data-markers") == str(places)
    assert shown_on_map(page, "home-map") == places
    assert page.locator("[data-map-count='home-map']").inner_text().startswith(f"{places} places of ")
    page.screenshot(path=str(artifacts_dir / "home-map-every-place.png"), full_page=True)
    assert page.js_errors == []
