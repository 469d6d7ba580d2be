from django.urls import reverse
from tests.archive.api_fixtures import ArchiveAPITestCase
from archive.models import Game, GameName, Source


class FoldedSearchTests(ArchiveAPITestCase):
    def test_games_and_sources_fold_case_and_accents_in_every_script_letter(self):
        game = Game.objects.create(slug="ses-bes-x", name="Şeş-Beş X")
        GameName.objects.create(game=game, name="Béchi Ëx", kind="alias")
        Source.objects.create(citation="Ägyptische Brettspiele, Band 2.")
        for url, q, found in (
            ("api:game-list", "şeş", "ses-bes-x"), ("api:game-list", "ŞEŞ-BEŞ", "ses-bes-x"), ("api:game-list", "ses bes", None),
            ("api:game-list", "BÉCHI ËX", "ses-bes-x"), ("api:game-list", "bechi ex", "ses-bes-x"),
            ("api:source-list", "ägypten", None), ("api:source-list", "ÄGYPTISCHE", "Ägyptische"), ("api:source-list", "agyptische", "Ägyptische"),
        ):
            with self.subTest(url=url, q=q):
                rows = self.client.get(reverse(url), {"q": q}).json()["results"]
                text = str(rows)
                if found:
                    self.assertIn(found, text)
                else:
                    self.assertNotIn("ses-bes-x", text) if url == "api:game-list" else self.assertNotIn("Ägyptische", text)
