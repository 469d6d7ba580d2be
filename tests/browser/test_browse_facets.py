"""The browse page's game facet in real Chromium: the games with the most records come first,
typing in its box finds any game at once (accents and case aside), a found game filters the
records, and without scripts the box still works through the server."""
from __future__ import annotations

import pytest

from tests.archive.archive_helpers import make_evidence, make_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def games(settings):
    settings.MAP_TILE_URL = ""
    from django.core.cache import cache

    for i in range(14):
        make_evidence(make_game(f"game-{i:02d}", f"Game {i:02d}"), i + 2)
    make_evidence(make_game("ses-bes", "Şeş-Beş"), 1)
    cache.clear()


def labels(page) -> list[str]:
    return page.locator("#facet-game-list .facet-label").all_inner_texts()


def test_the_game_facet_shows_the_top_games_and_finds_the_others_as_one_types(page, live_server, games, artifacts_dir):
    page.goto(live_server.url + "/evidence/")
    assert labels(page) == [f"Game {i:02d}" for i in range(13, 3, -1)]
    assert page.locator("#facet-game .facet-more").inner_text() == "Show all 15"

    box = page.get_by_label("Find a game")
    box.fill("SES BES")  # no accents, upper case, a space for the hyphen
    page.wait_for_function("() => document.querySelectorAll('#facet-game-list li').length === 1")
    assert labels(page) == ["Şeş-Beş"]
    assert page.url == live_server.url + "/evidence/"  # filtered in place, no reload
    page.screenshot(path=str(artifacts_dir / "browse-game-facet-search.png"), full_page=True)

    box.fill("nothing like it")
    page.wait_for_function("() => document.querySelector('#facet-game .facet-status').textContent === 'None matches.'")
    box.fill("")
    page.wait_for_function("() => document.querySelectorAll('#facet-game-list li').length === 10")

    box.fill("şeş")
    page.wait_for_function("() => document.querySelectorAll('#facet-game-list li').length === 1")
    page.locator("#facet-game-list a").click()
    page.wait_for_url("**/evidence/?game=ses-bes")
    assert page.locator("#results-h").inner_text().startswith("1 record")
    assert page.locator(".chip").first.inner_text().startswith("Game: Şeş-Beş")
    assert page.js_errors == []


def test_without_scripts_the_box_asks_the_server(chromium, live_server, games):
    context = chromium.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/evidence/")
        page.get_by_label("Find a game").fill("ses-bes")
        page.get_by_label("Find a game").press("Enter")
        page.wait_for_url("**/evidence/?game_q=ses-bes")
        assert labels(page) == ["Şeş-Beş"]
        page.get_by_role("link", name="Back to the top games").click()
        page.get_by_role("link", name="Show all 15").click()
        assert len(labels(page)) == 15
    finally:
        context.close()
