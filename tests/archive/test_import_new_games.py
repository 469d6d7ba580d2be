"""Imports that meet a game the archive does not know (issue 36, item 15): the page and CSV imports
list every such game and refuse, unless the curator asks (--create-games): then the games are
created with the names the pages give, and the records imported."""
from __future__ import annotations

import csv
import io
from io import StringIO
from pathlib import Path

from django.core.management import CommandError, call_command
from django.test import TestCase

from archive.models import Evidence, Game
from tests.archive.test_import_page import BECHI, SES_BES, known_games, seed

PAGES = Path(__file__).parent / "pages"
# The eleven kinds of portal page: the two seeds, the two layouts' fixtures, and seven pages for
# games newer than the 2020 dump (one field a line, run together, cut off, a name with brackets).
NEW_GAME_PAGES = {
    "pachesi_one_field_a_line.txt": "Pachesi",
    "owana_run_together.txt": "Owana",
    "isafuba_one_field_a_line.txt": "Isafuba",
    "gabatta_run_together.txt": "Gabatta",
    "tugul_shodra_one_field_a_line.txt": "Tugul Shodra",
    "altan_xaraacaj_run_together.txt": "Altan Xaraacaj",
    "dama_kenya_cut_off.txt": "Dama (Kenya)",
}
ALL_PAGES = [seed(SES_BES), seed(BECHI), PAGES / "senet_one_field_a_line.txt", PAGES / "shatar_run_together.txt",
             *(PAGES / name for name in NEW_GAME_PAGES)]


def run(*args) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("import_dlp_page", *map(str, args), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


class PagesNamingNewGames(TestCase):
    def setUp(self):
        known_games("Şeş-Beş", "Béchi", "Senet", "Shatar", "Pachisi")

    def test_without_the_curators_yes_every_unknown_game_is_listed_and_nothing_changes(self):
        with self.assertRaises(CommandError) as caught:
            run(*ALL_PAGES)
        message = str(caught.exception)
        self.assertIn("the page's title 'Evidence for Pachesi' names 'Pachesi': no such game in the archive; nearest known: 'Pachisi'", message)
        for name in NEW_GAME_PAGES.values():
            self.assertIn(repr(name), message)
        self.assertIn("--create-games", message)
        self.assertIn("nothing was imported", message)
        self.assertEqual((Game.objects.count(), Evidence.objects.count()), (5, 0))

    def test_with_create_games_the_eleven_kinds_of_page_import(self):
        out, err = run(*ALL_PAGES, "--create-games")
        for name in NEW_GAME_PAGES.values():
            self.assertIn(f"game created: {name}", out)
            game = Game.objects.get(name=name)
            self.assertTrue(game.evidence.exists(), name)
        self.assertEqual(Game.objects.count(), 5 + 7)
        self.assertEqual(Game.objects.get(name="Dama (Kenya)").slug, "dama-kenya")
        # Pachesi is not taken for Pachisi: the page's name is a game of its own, as asked.
        self.assertEqual(Game.objects.get(slug="pachisi").evidence.count(), 0)
        self.assertEqual(Evidence.objects.get(dlp_id=3101).game.name, "Pachesi")
        # The cut-off record is reported and left out; every other record is in.
        self.assertIn("DLP.Evidence.3161 is cut off", err)
        self.assertFalse(Evidence.objects.filter(dlp_id=3161).exists())
        self.assertEqual(Evidence.objects.filter(dlp_id__gte=3101, dlp_id__lte=3160).count(), 9)
        # The same pages again make no game and change nothing.
        out, _ = run(*ALL_PAGES, "--create-games")
        self.assertNotIn("game created", out)
        self.assertEqual(Game.objects.count(), 12)

    def test_a_game_known_by_another_name_is_found_not_made(self):
        known_games("Owana")
        out, _ = run(PAGES / "owana_run_together.txt", "--create-games")
        self.assertNotIn("game created", out)
        self.assertEqual(Game.objects.filter(name="Owana").count(), 1)


class CsvNamingNewGames(TestCase):
    HEADER = ["identifier", "type", "game", "game_name", "start_year", "end_year", "content"]

    def write(self, rows) -> Path:
        import tempfile

        handle = tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False, encoding="utf-8", newline="")
        with handle:
            writer = csv.DictWriter(handle, self.HEADER)
            writer.writeheader()
            writer.writerows(rows)
        self.addCleanup(Path(handle.name).unlink)
        return Path(handle.name)

    def rows(self):
        return [
            {"type": "ethnography", "game": "senet", "game_name": "Senet", "start_year": "1900", "end_year": "1910", "content": "a"},
            {"type": "ethnography", "game": "owana", "game_name": "Owana", "start_year": "1930", "end_year": "1935", "content": "b"},
            {"type": "artifact", "game": "dama-kenya", "game_name": "Dama (Kenya)", "start_year": "1990", "end_year": "2000", "content": "c"},
            {"type": "artifact", "game": "owana", "game_name": "Owana", "start_year": "1931", "end_year": "1932", "content": "d"},
        ]

    def setUp(self):
        known_games("Senet")

    def test_unknown_games_are_listed_and_refused(self):
        with self.assertRaises(CommandError) as caught:
            call_command("import_evidence_csv", str(self.write(self.rows())), stdout=StringIO())
        message = str(caught.exception)
        self.assertIn("row 3, field game: Object with slug=owana does not exist.", message)
        self.assertIn("'owana' (Owana), rows 3, 5; 'dama-kenya' (Dama (Kenya)), row 4", message)
        self.assertIn("--create-games", message)
        self.assertEqual((Game.objects.count(), Evidence.objects.count()), (1, 0))

    def test_with_create_games_they_are_made_with_the_files_names(self):
        out = StringIO()
        call_command("import_evidence_csv", str(self.write(self.rows())), "--create-games", stdout=out)
        self.assertIn("game created: Owana\ngame created: Dama (Kenya)\n4 created", out.getvalue())
        self.assertEqual(Game.objects.get(slug="dama-kenya").name, "Dama (Kenya)")
        self.assertEqual(Evidence.objects.filter(game__slug="owana").count(), 2)

    def test_a_slug_that_cannot_be_one_is_refused_even_with_create_games(self):
        rows = self.rows()
        rows[1]["game"] = rows[3]["game"] = "Owana Game"
        with self.assertRaisesMessage(CommandError, "row 3, field game: 'Owana Game' cannot be a game's slug"):
            call_command("import_evidence_csv", str(self.write(rows)), "--create-games", stdout=StringIO())
        self.assertEqual((Game.objects.count(), Evidence.objects.count()), (1, 0))


def test_the_csv_reader_lists_unknown_games(db):
    from archive.importers.csv_import import unknown_games

    Game.objects.create(name="Senet", slug="senet")
    rows = list(csv.DictReader(io.StringIO("game,game_name\nsenet,Senet\nowana,Owana\nowana,\n")))
    assert unknown_games(rows) == [("owana", "Owana", [3, 4])]
