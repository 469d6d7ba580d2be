"""A record's history shows its links (sources, ages, concepts...) however they were changed:
from the record's side, from the other side (an age's or a source's), by deleting the thing
linked to, or in the admin's inline rows of the link table."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from archive.models import Age, Evidence, Game, Region, Ruleset, Source
from tests.archive.archive_helpers import fresh_cache, make_evidence, make_game  # noqa: F401
from tests.archive.test_admin import CuratorTestCase

pytestmark = pytest.mark.django_db


def linked(row, attr: str) -> list[int]:
    """The pks a history row shows linked through ``attr``."""
    field = type(row.instance)._meta.get_field(attr)
    far = field.m2m_reverse_field_name()
    return sorted(getattr(link, f"{far}_id") for link in getattr(row, attr).all())


def latest(obj):
    return obj.history.order_by("-history_date", "-history_id").first()


@pytest.fixture
def records():
    game = make_game()
    return game, make_evidence(game, 3)


def source(n: int = 1) -> Source:
    return Source.objects.create(citation=f"Author {n}, A book ({1900 + n}).", title=f"A book {n}", year=1900 + n)


def test_a_link_made_from_the_records_side_is_in_its_history(records):
    _, (first, *_) = records
    s = source()
    first.sources.add(s)
    assert linked(latest(first), "sources") == [s.pk]


def test_an_age_linked_from_the_ages_side_is_in_each_records_history(records):
    _, (first, second, third) = records
    age = Age.objects.create(name="Adult", dlp_id=90)
    before = third.history.count()
    age.evidence_set.add(first, second)  # raised AttributeError: 'Age' object has no attribute 'history'
    assert linked(latest(first), "ages") == [age.pk]
    assert linked(latest(second), "ages") == [age.pk]
    assert third.history.count() == before  # not linked, not touched

    age.evidence_set.remove(first)
    assert linked(latest(first), "ages") == []
    assert linked(latest(second), "ages") == [age.pk]

    age.evidence_set.clear()
    assert linked(latest(second), "ages") == []
    assert set(first.ages.all()) == set(second.ages.all()) == set()


def test_a_source_linked_from_its_side_is_in_the_records_history_not_only_the_sources(records):
    game, (first, *_) = records
    s = source()
    s.evidence.add(first)
    s.games.add(game)
    assert linked(latest(first), "sources") == [s.pk]
    assert linked(latest(game), "sources") == [s.pk]
    s.evidence.set([])
    assert linked(latest(first), "sources") == []


def test_deleting_a_source_is_in_the_history_of_every_record_it_was_linked_to(records):
    game, (first, second, third) = records
    ruleset = Ruleset.objects.create(game=game, name="Bell", slug="bell")
    keep, gone = source(1), source(2)
    for record in (first, second):
        record.sources.add(keep, gone)
    game.sources.add(gone)
    ruleset.sources.add(gone)
    before = third.history.count()
    gone.delete()
    assert linked(latest(first), "sources") == linked(latest(second), "sources") == [keep.pk]
    assert linked(latest(game), "sources") == linked(latest(ruleset), "sources") == []
    assert third.history.count() == before


def test_deleting_an_age_is_in_the_history_of_its_records(records):
    _, (first, *_) = records
    age = Age.objects.create(name="Elder", dlp_id=91)
    first.ages.add(age)
    age.delete()
    assert linked(latest(first), "ages") == []


class TestAdminLinkRows(CuratorTestCase):
    """The evidence form's sources are inline rows of the link table."""

    def post_sources(self, change) -> None:
        data = self.change_form_data()
        change(data)
        r = self.client.post(f"/admin/archive/evidence/{self.record.pk}/change/", data)
        self.assertEqual(r.status_code, 302, getattr(r, "context", None) and r.context["adminform"].form.errors)

    def test_a_source_added_or_removed_in_a_row_is_in_the_records_history_with_who(self):
        new = Source.objects.exclude(evidence=self.record).order_by("pk").first()
        was = sorted(self.record.sources.values_list("pk", flat=True))
        p = "Evidence_sources"

        def add(data):
            n = int(data[f"{p}-TOTAL_FORMS"])
            data[f"{p}-TOTAL_FORMS"] = n + 1
            data[f"{p}-{n}-source"] = new.pk
            data[f"{p}-{n}-evidence"] = self.record.pk

        self.post_sources(add)
        row = latest(self.record)
        self.assertEqual(linked(row, "sources"), sorted(was + [new.pk]))
        self.assertEqual(row.history_user, self.alice)

        def remove(data):
            for i in range(int(data[f"{p}-TOTAL_FORMS"])):
                if data.get(f"{p}-{i}-source") == new.pk:
                    data[f"{p}-{i}-DELETE"] = "on"

        self.post_sources(remove)
        self.assertEqual(linked(latest(self.record), "sources"), was)

    def test_a_save_that_leaves_the_rows_alone_writes_one_history_row(self):
        before = self.record.history.count()
        self.post_sources(lambda data: data.update(confidence=70))
        self.assertEqual(self.record.history.count(), before + 1)

    def test_a_source_added_to_a_game_in_a_row_is_in_the_games_history(self):
        game = Game.objects.get(slug="ses-bes")
        new = Source.objects.exclude(games=game).order_by("pk").first()
        url = f"/admin/archive/game/{game.pk}/change/"
        data = self.form_data(url)
        p = "Game_sources"
        n = int(data[f"{p}-TOTAL_FORMS"])
        data.update({f"{p}-TOTAL_FORMS": n + 1, f"{p}-{n}-source": new.pk, f"{p}-{n}-game": game.pk})
        r = self.client.post(url, data)
        self.assertEqual(r.status_code, 302, getattr(r, "context", None) and r.context["adminform"].form.errors)
        self.assertIn(new.pk, linked(latest(game), "sources"))
        self.assertEqual(latest(game).history_user, User.objects.get(username="alice"))


class TestVocabularyHistory(CuratorTestCase):
    def test_renaming_a_term_is_recorded_with_who_and_its_history_page_opens(self):
        age = self.record.ages.first()
        r = self.client.post(f"/admin/archive/age/{age.pk}/change/", {"name": "Grown-ups", "dlp_id": age.dlp_id})
        self.assertEqual(r.status_code, 302)
        row = latest(age)
        self.assertEqual((row.name, row.history_user), ("Grown-ups", self.alice))
        for model, obj in (("age", age), ("region", Region.objects.first())):
            page = self.client.get(f"/admin/archive/{model}/{obj.pk}/history/")
            self.assertEqual(page.status_code, 200, model)
        self.assertContains(self.client.get(f"/admin/archive/age/{age.pk}/history/"), "alice")


class TestStableAddressesAndNoRevert(CuratorTestCase):
    def test_a_games_slug_a_rulesets_slug_and_a_records_dlp_id_cannot_change(self):
        game = Game.objects.get(slug="senet")
        url = f"/admin/archive/game/{game.pk}/change/"
        data = self.form_data(url, slug="senet-renamed", name="Senet (renamed)")
        # the rulesets inline: each existing row's slug too
        rows = int(data["rulesets-TOTAL_FORMS"])
        for i in range(rows):
            data[f"rulesets-{i}-slug"] = f"moved-{i}"
        r = self.client.post(url, data)
        self.assertEqual(r.status_code, 302, getattr(r, "context", None) and r.context["adminform"].form.errors)
        game.refresh_from_db()
        self.assertEqual((game.slug, game.name), ("senet", "Senet (renamed)"))
        self.assertFalse(Ruleset.objects.filter(slug__startswith="moved-").exists())
        self.assertEqual(self.client.get("/games/senet/").status_code, 200)

        ruleset = Ruleset.objects.filter(game=game).first()
        url = f"/admin/archive/ruleset/{ruleset.pk}/change/"
        self.client.post(url, self.form_data(url, slug="elsewhere"))
        ruleset.refresh_from_db()
        self.assertNotEqual(ruleset.slug, "elsewhere")

        dlp_id = self.record.dlp_id
        self.client.post(f"/admin/archive/evidence/{self.record.pk}/change/", self.change_form_data(dlp_id=99999))
        self.record.refresh_from_db()
        self.assertEqual(self.record.dlp_id, dlp_id)
        self.assertContains(self.client.get(f"/admin/archive/evidence/{self.record.pk}/change/"), "public address")

    def test_a_new_game_still_takes_its_slug(self):
        r = self.client.post("/admin/archive/game/add/", {
            "name": "Tab", "slug": "tab-test", "description": "", "featured": "",
            "names-TOTAL_FORMS": 0, "names-INITIAL_FORMS": 0, "rulesets-TOTAL_FORMS": 0, "rulesets-INITIAL_FORMS": 0,
            "Game_sources-TOTAL_FORMS": 0, "Game_sources-INITIAL_FORMS": 0,
        })
        self.assertEqual(r.status_code, 302, getattr(r, "context", None) and r.context["adminform"].form.errors)
        self.assertTrue(Game.objects.filter(slug="tab-test").exists())

    def test_an_old_version_is_shown_but_not_reverted_to(self):
        self.client.post(f"/admin/archive/evidence/{self.record.pk}/change/", self.change_form_data(confidence=70))
        old = self.record.history.order_by("history_date", "history_id").first()
        url = f"/admin/archive/evidence/{self.record.pk}/history/{old.history_id}/"
        page = self.client.get(url)
        self.assertEqual(page.status_code, 200)
        self.assertNotContains(page, 'name="_save"')
        self.assertEqual(self.client.post(url, self.change_form_data(confidence=100)).status_code, 403)
        self.record.refresh_from_db()
        self.assertEqual(self.record.confidence, 70)
