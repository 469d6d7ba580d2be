"""What an accessibility audit (axe-core, WCAG 2.1 A/AA, in Chromium) found on our pages, kept
fixed: the docs pages say their language, no link is nested in another control, and the board
says how to play it from the keyboard."""
from __future__ import annotations

import re

import pytest
from django.test import TestCase

from tests.archive.archive_helpers import fresh_cache  # noqa: F401
from tests.conftest import catalogue_loaded


class AccessibilityTests(TestCase):
    @classmethod
    def setUpTestData(cls) -> None:
        catalogue_loaded()

    @pytest.fixture(autouse=True)
    def clean(self, fresh_cache):  # noqa: F811
        pass

    def test_the_api_docs_pages_say_their_language(self):
        for url in ("/api/docs/", "/api/redoc/"):
            with self.subTest(url=url):
                page = self.client.get(url)
                self.assertEqual(page.status_code, 200)
                self.assertIn('<html lang="en">', page.content.decode())

    def test_the_game_pages_timeline_is_a_group_of_links_not_an_image(self):
        page = self.client.get("/games/ses-bes/").content.decode()
        timeline = re.search(r'<div id="timeline"[^>]*>', page).group(0)
        self.assertIn('role="group"', timeline)
        self.assertNotIn('role="img"', timeline)

    def test_the_filters_summary_holds_no_link(self):
        page = self.client.get("/evidence/", {"game": "senet"}).content.decode()
        summary = re.search(r"<summary>(.*?)</summary>", page, re.S).group(1)
        self.assertNotIn("<a ", summary)
        self.assertIn("Clear all filters", page)

    def test_the_board_says_how_to_play_it_from_the_keyboard(self):
        page = self.client.get("/play/ses-bes/").content.decode()
        board = re.search(r'<div class="play-board" data-role="board"[^>]*>', page).group(0)
        self.assertIn('role="group"', board)
        self.assertIn("Text mode", board)
