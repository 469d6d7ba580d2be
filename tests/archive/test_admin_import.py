"""The admin's import with a preview (issue 36, item 15): a portal page or CSV file is shown
before anything is written, with the games the archive does not know; those games are created
only when the curator ticks "Create the games listed"."""
from __future__ import annotations

from pathlib import Path

from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import TestCase

from archive.models import Evidence, Game
from tests.archive.test_import_page import known_games

PAGES = Path(__file__).parent / "pages"
URL = "/admin/archive/evidence/import/"


class AdminImportPreview(TestCase):
    def setUp(self):
        self.client.force_login(User.objects.create_superuser("curator", "c@example.org", "pw-curator-1"))
        known_games("Pachisi")

    def preview(self, name: str, data: bytes):
        return self.client.post(URL, {"preview": "1", "file": SimpleUploadedFile(name, data)})

    def test_the_list_links_to_the_import(self):
        self.assertContains(self.client.get("/admin/archive/evidence/"), f'<a href="{URL}">Import pages or CSV</a>')

    def test_a_page_naming_a_new_game_is_previewed_then_refused_without_the_box(self):
        data = (PAGES / "pachesi_one_field_a_line.txt").read_bytes()
        r = self.preview("pachesi.txt", data)
        self.assertContains(r, "pachesi.txt: a portal page with 2 records")
        self.assertContains(r, "<strong>Pachesi</strong> (pachesi.txt, DLP.Evidence.3101; pachesi.txt, DLP.Evidence.3102): nearest known Pachisi", html=False)
        self.assertContains(r, 'name="create_games"')
        self.assertEqual((Game.objects.count(), Evidence.objects.count()), (1, 0))  # a preview writes nothing
        text = r.context["form"].initial["text"]
        r = self.client.post(URL, {"import": "1", "name": "pachesi.txt", "text": text})
        self.assertContains(r, "no such game in the archive; nearest known: &#x27;Pachisi&#x27;")
        self.assertContains(r, "(nothing was imported)")
        self.assertEqual((Game.objects.count(), Evidence.objects.count()), (1, 0))
        r = self.client.post(URL, {"import": "1", "name": "pachesi.txt", "text": text, "create_games": "on"}, follow=True)
        self.assertContains(r, "achesi.txt: 2 created, 0 updated, 0 unchanged; games created: Pachesi")  # the admin capitalises it
        self.assertEqual(Game.objects.get(slug="pachesi").evidence.count(), 2)

    def test_a_csv_file_lists_its_unknown_games_by_row(self):
        data = "identifier,type,game,game_name,start_year,end_year,content\n,ethnography,owana,Owana,1930,1935,a\n".encode()
        r = self.preview("rows.csv", data)
        self.assertContains(r, "rows.csv: a CSV with 1 record")
        self.assertContains(r, "<strong>Owana</strong> (row 2)", html=False)
        r = self.client.post(URL, {"import": "1", "name": "rows.csv", "text": r.context["form"].initial["text"], "create_games": "on"}, follow=True)
        self.assertContains(r, "games created: Owana")
        self.assertEqual(Evidence.objects.get().game.name, "Owana")

    def test_a_file_that_is_not_utf8_is_refused_naming_where(self):
        r = self.preview("latin.txt", "Evidence for Béchi".encode("latin-1"))
        self.assertContains(r, "latin.txt")
        self.assertContains(r, "(nothing was imported)")

    def test_a_curator_without_the_right_to_add_records_cannot_import(self):
        User.objects.create_user("viewer", password="pw-viewer-1", is_staff=True)
        self.client.force_login(User.objects.get(username="viewer"))
        self.assertEqual(self.client.get(URL).status_code, 403)
