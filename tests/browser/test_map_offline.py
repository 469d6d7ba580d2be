"""Maps with no network: with the tile server unreachable (a closed port on the loopback) or
unset (the default), every map draws a base map from the vendored Natural Earth TopoJSON (land,
coasts, lakes, rivers, borders and country names; the 1:50m detail once zoomed in), and credits
what it draws. Every request off the test server is refused, to prove it."""
from __future__ import annotations

import socket
from urllib.parse import urlsplit

import pytest
from tests.conftest import loaded

pytestmark = pytest.mark.django_db(transaction=True)


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nothing listens once the socket is closed


@pytest.fixture
def catalogue():
    loaded(("load_catalogue",))
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
    page.tile_requests = []
    page.on("request", lambda r: page.tile_requests.append(r.url))
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
    # The tiles were tried, once: the first failure drops the tile layer and its credit.
    tried = [r for r in page.tile_requests if r.startswith(f"http://127.0.0.1:{tile_port}/")]
    assert tried and page.locator("#home-map .leaflet-tile-pane img").count() == 0
    # The evidence still shows (clustered markers) over the base map.
    assert page.locator("#home-map .leaflet-marker-icon").count() > 0
    credit = page.locator("#home-map .leaflet-control-attribution").inner_text()
    assert "Natural Earth (land, coasts, lakes, rivers, borders, country names)" in credit
    assert "OpenStreetMap" not in credit
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


def test_the_default_base_map_has_coasts_lakes_rivers_names_and_detail_when_zoomed(offline_page, live_server, catalogue, artifacts_dir):
    """`make run`'s settings: no tile server at all, and a base map worth reading (issue 36, 11)."""
    from django.conf import settings as live

    assert live.MAP_TILE_URL == ""  # the default: nothing asked of a tile server
    page = offline_page
    page.goto(live_server.url + "/evidence/DLP.Evidence.2445/")
    outlines(page, "evidence-map")
    for layer in ("land", "countries", "coastlines", "lakes", "rivers"):
        assert page.locator(f"#evidence-map path.map-{layer}").count() > 0, layer
    assert page.locator("#evidence-map .leaflet-tile-pane img").count() == 0
    # One record: the map opens zoomed in (7), so the 1:50m detail and the country names show.
    page.wait_for_selector("#evidence-map[data-base-map-level='50m']", timeout=15000)
    page.wait_for_selector("#evidence-map[data-country-names='true']", timeout=15000)
    assert page.locator("#evidence-map").get_attribute("data-labels") == "on"
    names = page.locator("#evidence-map .map-country-label:visible")
    assert "Azerbaijan" in names.all_inner_texts()
    rivers_50m = page.locator("#evidence-map path.map-rivers").count()
    page.locator("#evidence-map").screenshot(path=str(artifacts_dir / "map-base-2445-zoomed.png"))
    # Zoomed out to the world: back to 1:110m, and no names (they would overlap).
    zoom_out = page.locator("#evidence-map .leaflet-control-zoom-out")
    for _ in range(12):  # one step at a time: a click during a zoom's animation is dropped
        if page.locator("#evidence-map").get_attribute("data-labels") == "off":
            break
        zoom_out.click()
        page.wait_for_timeout(400)
    assert page.locator("#evidence-map").get_attribute("data-labels") == "off"
    page.wait_for_selector("#evidence-map[data-base-map-level='110m']", timeout=15000)
    assert page.locator("#evidence-map .map-country-label:visible").count() == 0
    assert page.locator("#evidence-map path.map-rivers").count() < rivers_50m
    credit = page.locator("#evidence-map .leaflet-control-attribution").inner_text()
    assert "Natural Earth" in credit and "OpenStreetMap" not in credit
    assert page.refused == [] and page.js_errors == []


def test_records_placed_from_names_are_drawn_as_rings_with_a_legend(offline_page, live_server, catalogue, artifacts_dir):
    """Issue 36, item 1: the 27 Senet records placed "Ancient Egypt" are on the map, drawn apart."""
    page = offline_page
    page.goto(live_server.url + "/evidence/?game=senet&region=Africa&to=1000+BCE")
    page.wait_for_selector("#browse-map[data-ready='true']", timeout=20000)
    assert int(page.locator("#browse-map").get_attribute("data-named")) >= 27
    assert "placed from its place name" in page.locator("#browse-map .map-legend").inner_text()
    assert "27 records are placed from their place name" in page.locator(".map-coverage").inner_text()
    page.goto(live_server.url + "/evidence/DLP.Evidence.649/")
    page.wait_for_selector("#evidence-map[data-ready='true']", timeout=15000)
    ring = page.locator("#evidence-map .leaflet-marker-icon.map-named-region")
    assert ring.count() == 1 and "Bavenda" in ring.get_attribute("title")
    page.locator("#evidence-map").screenshot(path=str(artifacts_dir / "map-placed-from-name-649.png"))
    assert page.js_errors == []
