"""Maps with no network: with the tile server unreachable (a closed port on the loopback) or
unset, every map draws Natural Earth's country outlines from the vendored TopoJSON, so land and
borders show under the points. Every request off the test server is refused, to prove it."""
from __future__ import annotations

import socket
from io import StringIO
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db(transaction=True)


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nothing listens once the socket is closed


@pytest.fixture
def catalogue():
    call_command("load_catalogue", stdout=StringIO())
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def tile_port() -> int:
    return closed_port()


@pytest.fixture
def offline_page(page, live_server, tile_port):
    """The page, with every request refused that is not to the test server or the closed tile
    port (whose requests go out and fail as they would with the network down)."""
    refused: list[str] = []
    allowed = {urlsplit(live_server.url).netloc, f"127.0.0.1:{tile_port}"}

    def route(r):
        if urlsplit(r.request.url).netloc in allowed:
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.refused = refused
    return page


def outlines(page, map_id: str) -> int:
    page.wait_for_selector(f"#{map_id}[data-base-map='outlines']", timeout=15000)
    paths = page.locator(f"#{map_id} .leaflet-outlines-pane path")
    assert paths.first.get_attribute("d").startswith("M")
    return paths.count()


def test_maps_draw_country_outlines_when_tiles_are_unreachable(offline_page, live_server, catalogue, settings, artifacts_dir, tile_port):
    page = offline_page
    settings.MAP_TILE_URL = f"http://127.0.0.1:{tile_port}/{{z}}/{{x}}/{{y}}.png"
    page.goto(live_server.url + "/")
    # 177 countries in Natural Earth's 1:110m set; a few are drawn as several paths.
    assert outlines(page, "home-map") >= 170
    assert page.locator("#home-map .leaflet-tile-pane img").count() > 0  # the tiles were tried
    # The evidence still shows (clustered markers) over the outlines.
    assert page.locator("#home-map .leaflet-marker-icon").count() > 0
    assert "Natural Earth" in page.locator("#home-map .leaflet-control-attribution").inner_text()
    page.screenshot(path=str(artifacts_dir / "map-offline-home.png"), full_page=True)

    page.goto(live_server.url + "/evidence/DLP.Evidence.2445/")
    assert outlines(page, "evidence-map") >= 170
    page.locator("#evidence-map").screenshot(path=str(artifacts_dir / "map-offline-evidence-2445.png"))
    assert page.refused == []  # nothing but the test server (and the closed tile port) was asked
    assert page.js_errors == []


def test_maps_draw_country_outlines_without_a_tile_server(offline_page, live_server, catalogue, settings, artifacts_dir):
    page = offline_page
    settings.MAP_TILE_URL = ""
    page.goto(live_server.url + "/games/ses-bes/")
    # A game page opens on its board; its map (and Leaflet) loads when scrolled near.
    page.locator("#game-map").scroll_into_view_if_needed()
    assert outlines(page, "game-map") >= 170
    assert page.locator("#game-map .leaflet-tile-pane img").count() == 0
    assert page.locator("#game-map .leaflet-marker-icon").count() == 3
    page.locator("#game-map").screenshot(path=str(artifacts_dir / "map-no-tile-server-ses-bes.png"))
    assert page.js_errors == []
