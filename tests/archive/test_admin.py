"""The curators' admin: lists with search and filters, inlines, and a visible history of who
changed what."""
from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import TestCase

from archive.models import Evidence, Media, Place
from tests.archive.archive_helpers import fresh_cache  # noqa: F401
from tests.conftest import catalogue_loaded
from tests.archive.test_media import jpeg_with_gps, png_declaring


class CuratorTestCase(TestCase):
    @classmethod
    def setUpTestData(cls) -> None:
        catalogue_loaded()  # load_catalogue, or the rows its first run in this session left
        cls.alice = User.objects.create_superuser("alice", "alice@example.org", "pw-alice-123")
        cls.record = Evidence.objects.get(dlp_id=2445)

    @pytest.fixture(autouse=True)
    def clean(self, fresh_cache, settings, tmp_path):  # noqa: F811
        settings.MEDIA_ROOT = tmp_path

    def setUp(self) -> None:
        self.client.force_login(self.alice)

    def change_form_data(self, **overrides) -> dict:
        """The evidence change form as the browser would post it, from the current record."""
        return self.form_data(f"/admin/archive/evidence/{self.record.pk}/change/", **overrides)

    def form_data(self, url: str, **overrides) -> dict:
        """The admin change form at ``url`` as the browser would post it, inlines included."""
        r = self.client.get(url)
        form = r.context["adminform"].form
        data = {}
        for name, field in form.fields.items():
            value = form.initial.get(name, field.initial)
            if isinstance(value, list | tuple) or hasattr(value, "all"):
                data[name] = [getattr(v, "pk", v) for v in (value.all() if hasattr(value, "all") else value)]
            elif value is None:
                data[name] = ""
            elif isinstance(value, dict):
                import json

                data[name] = json.dumps(value)
            else:
                data[name] = value
        for formset in r.context["inline_admin_formsets"]:
            fs = formset.formset
            management = fs.management_form
            for key in ("TOTAL_FORMS", "INITIAL_FORMS", "MIN_NUM_FORMS", "MAX_NUM_FORMS"):
                data[f"{fs.prefix}-{key}"] = management.initial.get(key, management[key].value())
            for form_ in fs.forms:
                for name, field in form_.fields.items():
                    value = form_.initial.get(name, field.initial)
                    data[f"{form_.prefix}-{name}"] = "" if value is None else getattr(value, "pk", value)
        data.update(overrides)
        return data


class TestLists(CuratorTestCase):
    def test_the_evidence_list_searches_and_filters(self):
        r = self.client.get("/admin/archive/evidence/", {"q": "Kunama"})
        self.assertContains(r, "DLP.Evidence.1188")
        self.assertNotContains(r, "DLP.Evidence.2445")
        r = self.client.get("/admin/archive/evidence/", {"ages__id__exact": self.record.ages.get().pk})
        self.assertContains(r, "DLP.Evidence.2445")

    def test_the_evidence_form_has_inlines_for_places_sources_and_media(self):
        r = self.client.get(f"/admin/archive/evidence/{self.record.pk}/change/")
        self.assertEqual(r.status_code, 200)
        prefixes = {fs.formset.prefix for fs in r.context["inline_admin_formsets"]}
        self.assertIn("places", prefixes)
        self.assertIn("media", prefixes)
        self.assertTrue(any("sources" in p for p in prefixes), prefixes)
        self.assertContains(r, "39°35&#x27;29.31&quot;N")

    def test_the_ruleset_form_has_its_clauses_inline(self):
        ruleset = self.record.ruleset
        r = self.client.get(f"/admin/archive/ruleset/{ruleset.pk}/change/")
        self.assertContains(r, "SS-7")
        self.assertContains(r, "ses_bes_jump")

    def test_every_list_and_add_page_opens(self):
        for model in ("game", "ruleset", "ruleclause", "evidence", "source", "media", "age", "region"):
            for suffix in ("", "add/"):
                self.assertEqual(self.client.get(f"/admin/archive/{model}/{suffix}").status_code, 200, (model, suffix))

    def test_the_game_list_searches_native_names(self):
        self.assertContains(self.client.get("/admin/archive/game/", {"q": "تخته"}), "Takhte Nard")


class TestHistory(CuratorTestCase):
    def test_a_curators_change_is_recorded_with_who_and_what(self):
        data = self.change_form_data(confidence=80, **{"places-0-name": "Salyan town"})
        r = self.client.post(f"/admin/archive/evidence/{self.record.pk}/change/", data)
        self.assertEqual(r.status_code, 302, getattr(r, "context", None) and r.context["adminform"].form.errors)
        latest = self.record.history.latest()
        self.assertEqual((latest.history_user, latest.confidence), (self.alice, 80))
        self.assertEqual(latest.diff_against(latest.prev_record).changed_fields, ["confidence"])
        place = Place.objects.get(evidence=self.record, order=0)
        self.assertEqual(place.history.latest().history_user, self.alice)

        history_page = self.client.get(f"/admin/archive/evidence/{self.record.pk}/history/")
        self.assertContains(history_page, "alice")
        self.assertContains(history_page, "Confidence")

    def test_a_bad_value_in_the_form_is_refused_with_its_field_named(self):
        data = self.change_form_data(confidence=150)
        r = self.client.post(f"/admin/archive/evidence/{self.record.pk}/change/", data)
        self.assertEqual(r.status_code, 200)
        self.assertIn("confidence", r.context["adminform"].form.errors)
        self.record.refresh_from_db()
        self.assertEqual(self.record.confidence, 100)


class TestRefusedAsTheApiRefuses(CuratorTestCase):
    """The admin refuses what the API and the imports refuse, each error on its field in words."""

    def test_bad_dates_a_year_0_and_another_games_ruleset(self):
        from archive.models import Ruleset

        elsewhere = Ruleset.objects.exclude(game=self.record.game).first()
        year = self.record.start_year
        for overrides, field, words in (
            ({"start_date": "2024-13-45"}, "start_date", "not an ISO 8601 date in the calendar"),
            ({"start_date": "1900-01-01", "start_year": -2402, "end_year": -2400}, "start_date", "but start_year is -2402"),
            ({"start_year": 0}, "start_year", "There is no year 0"),
            ({"start_year": 2000, "end_year": 1990}, "start_year", "is after the end"),
            ({"ruleset": elsewhere.pk}, "ruleset", "belongs to another game"),
        ):
            with self.subTest(field=field, overrides=overrides):
                r = self.client.post(f"/admin/archive/evidence/{self.record.pk}/change/", self.change_form_data(**overrides))
                self.assertEqual(r.status_code, 200)
                errors = r.context["adminform"].form.errors
                self.assertIn(words, " ".join(errors.get(field, [])), errors)
                self.assertNotIn("Constraint", str(errors))
        self.record.refresh_from_db()
        self.assertEqual(self.record.start_year, year)


class TestUnchangedSave(CuratorTestCase):
    def test_saving_a_record_unchanged_as_a_browser_sends_it_changes_no_text(self):
        text_fields = ("content", "rules_text")
        before = {f: getattr(self.record, f) for f in text_fields}
        self.assertTrue(any("\n" in v for v in before.values()))
        data = self.change_form_data()
        for f in text_fields:  # a text area's lines come back ended by CRLF
            data[f] = data[f].replace("\r\n", "\n").replace("\n", "\r\n")
        r = self.client.post(f"/admin/archive/evidence/{self.record.pk}/change/", data)
        self.assertEqual(r.status_code, 302)
        rows = self.record.history.count()
        r = self.client.post(f"/admin/archive/evidence/{self.record.pk}/change/", data)
        self.assertEqual(r.status_code, 302)
        self.record.refresh_from_db()
        self.assertEqual({f: getattr(self.record, f) for f in text_fields}, before)
        self.assertEqual(self.record.history.count(), rows, "a save that changed nothing wrote a history row")


class TestInlineRowsInHistory(CuratorTestCase):
    """A change made only in the inline rows (a place, a game's name) is one history row whose
    change reason says what the rows changed, not an empty "Changed" line."""

    def test_a_place_renamed_in_its_row_is_named_in_the_records_history(self):
        rows = self.record.history.count()
        self.assertNotEqual(Place.objects.get(evidence=self.record, order=0).name, "Salyan town")
        r = self.client.post(
            f"/admin/archive/evidence/{self.record.pk}/change/", self.change_form_data(**{"places-0-name": "Salyan town"})
        )
        self.assertEqual(r.status_code, 302)
        self.assertEqual(self.record.history.count(), rows + 1)
        latest = self.record.history.latest()
        self.assertEqual(latest.history_change_reason, "places: changed Salyan town")
        self.assertEqual(latest.history_user, self.alice)
        page = self.client.get(f"/admin/archive/evidence/{self.record.pk}/history/")
        self.assertContains(page, "places: changed Salyan town")
        self.assertContains(page, "<td>importer</td>", html=False)  # the DLP import's rows name the import user (issue 38 item 10)
        self.assertNotContains(page, "Change reason")

    def test_a_field_and_a_name_changed_together_are_one_row(self):
        from archive.models import Game

        game = Game.objects.get(slug="ses-bes")
        url = f"/admin/archive/game/{game.pk}/change/"
        data = self.form_data(url)
        n = int(data["names-TOTAL_FORMS"])
        data.update({"names-TOTAL_FORMS": n + 1, f"names-{n}-name": "Shesh-besh (test)", f"names-{n}-kind": data.get("names-0-kind", "alias"), f"names-{n}-order": 9})
        data["description"] = (data.get("description") or "") + " More."
        rows = game.history.count()
        r = self.client.post(url, data)
        self.assertEqual(r.status_code, 302, getattr(r, "context", None) and r.context["adminform"].form.errors)
        self.assertEqual(game.history.count(), rows + 1)
        latest = game.history.latest()
        self.assertEqual(latest.history_change_reason, "game names: added Shesh-besh (test)")
        self.assertIn("description", latest.diff_against(latest.prev_record).changed_fields)

    def test_a_long_list_of_row_changes_is_counted_within_the_reasons_length(self):
        from archive.history import inline_changes

        class Rows:
            model = Place
            new_objects = [Place(name=f"A place with a rather long name {i}") for i in range(5)]
            changed_objects = [(Place(name="Ganja"), ["name"])]
            deleted_objects = []

        self.assertEqual(inline_changes([Rows]), "places: 5 added, 1 changed")


class TestDeletedNamedInHistory(CuratorTestCase):
    def test_a_deleted_source_is_named_by_what_it_was_not_its_pk(self):
        from archive.models import Source

        source = self.record.sources.order_by("pk").first()
        label = str(source)
        source.delete()
        page = self.client.get(f"/admin/archive/evidence/{self.record.pk}/history/")
        self.assertEqual(page.status_code, 200)
        self.assertContains(page, f"{label} (deleted)")
        self.assertNotContains(page, "pk=")


class TestMediaUpload(CuratorTestCase):
    def test_an_upload_is_stored_without_exif_and_with_a_thumbnail(self):
        upload = SimpleUploadedFile("board.jpg", jpeg_with_gps(), content_type="image/jpeg")
        r = self.client.post("/admin/archive/media/add/", {"game": self.record.game_id, "image": upload, "caption": "A board"})
        self.assertEqual(r.status_code, 302)
        media = Media.objects.get()
        from PIL import Image

        with media.image.open("rb") as f:
            self.assertFalse(Image.open(io.BytesIO(f.read())).getexif())
        self.assertTrue(media.thumbnail)

    def test_a_decompression_bomb_is_refused_with_a_clear_message(self):
        upload = SimpleUploadedFile("bomb.png", png_declaring(60_000, 60_000), content_type="image/png")
        r = self.client.post("/admin/archive/media/add/", {"game": self.record.game_id, "image": upload})
        self.assertEqual(r.status_code, 200)
        self.assertFalse(Media.objects.exists())
        errors = " ".join(r.context["adminform"].form.errors["image"])
        self.assertIn("bomb.png", errors)
        self.assertIn("decompression bomb", errors)
