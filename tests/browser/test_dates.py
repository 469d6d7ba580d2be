"""Dates in real Chromium: the timeline and the map write what the server labelled, open ranges
included; the scripts format no year of their own."""
from __future__ import annotations

from decimal import Decimal

import pytest

from archive.models import Evidence, Game, Place

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def senet(settings):
    settings.MAP_TILE_URL = ""
    game = Game.objects.create(name="Senet", slug="senet", dlp_id=3)
    day = Evidence.objects.create(
        dlp_id=842, type="historical-text", game=game, start_year=-177, end_year=-176,
        start_date="-0176-11-03", end_date="-0175-11-03", date_precision="day",
    )
    Place.objects.create(evidence=day, name="Memphis", latitude=Decimal("29.84"), longitude=Decimal("31.25"))
    Evidence.objects.create(dlp_id=8, type="artifact", game=game, start_year=-2321, start_date="-2320-01-01", date_precision="year")
    Evidence.objects.create(dlp_id=1210, type="historical-text", game=game, end_year=1401, end_date="1401-12-31", date_precision="year")
    from django.core.cache import cache

    cache.clear()
    return game


def test_the_timeline_and_the_map_show_the_servers_labels(page, live_server, senet):
    page.goto(live_server.url + "/games/senet/")
    items = page.locator("#timeline svg .timeline-item")
    assert items.count() == 3
    labels = [items.nth(i).get_attribute("aria-label") for i in range(3)]
    assert labels == [
        "DLP.Evidence.8: Artifact, from 2321 BCE",
        "DLP.Evidence.842: Historical text, 3 November 177 BCE – 3 November 176 BCE",
        "DLP.Evidence.1210: Historical text, until 1401",
    ]
    assert page.locator("#timeline svg .open-end").count() == 1
    assert page.locator("#timeline svg .open-start").count() == 1
    ticks = page.locator("#timeline svg .tick-label").all_text_contents()
    assert any(t.endswith(" BCE") for t in ticks) and "0" not in ticks
    assert "When: 2321 BCE – 1401 CE." in page.locator(".timeline-figure figcaption").inner_text()

    page.wait_for_selector("#game-map[data-ready='true']", timeout=5000)
    page.locator("#game-map .leaflet-marker-icon").first.click()
    assert "3 November 177 BCE – 3 November 176 BCE" in page.locator(".leaflet-popup-content").inner_text()
    assert page.js_errors == []
