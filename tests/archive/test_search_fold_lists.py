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


class RepeatedParameterTests(ArchiveAPITestCase):
    """Lists take commas or a repeated parameter alike; a one-value parameter given twice is an
    error naming it, not its last value silently."""

    def test_lists_take_commas_or_repeats_alike(self):
        from archive.models import Category, Ruleset

        race, war = Category.objects.create(name="Race X"), Category.objects.create(name="War X")
        a, b = Game.objects.create(slug="a-x", name="A"), Game.objects.create(slug="b-x", name="B")
        a.categories.add(race)
        b.categories.add(war)
        url = reverse("api:game-list")
        both = self.client.get(f"{url}?category=Race X,War X").json()["count"]
        self.assertEqual(self.client.get(f"{url}?category=Race X&category=War X").json()["count"], both)
        self.assertEqual(both, 2)
        Ruleset.objects.create(game=a, name="R1", slug="r1", type="observed")
        Ruleset.objects.create(game=b, name="R2", slug="r2", type="described")
        url = reverse("api:ruleset-list")
        comma = self.client.get(url, {"type": "observed,described"})
        self.assertEqual(comma.status_code, 200)
        self.assertEqual(comma.json()["count"], self.client.get(f"{url}?type=observed&type=described").json()["count"])
        self.assertEqual(self.client.get(url, {"type": ""}).status_code, 200)

    def test_a_search_or_a_box_given_twice_is_400_naming_it(self):
        for query in ("q=senet&q=ur", "bbox=20,20,40,40&bbox=0,0,1,1"):
            with self.subTest(query=query):
                r = self.client.get(f"/api/v1/evidence/?{query}")
                self.assertEqual(r.status_code, 400)
                self.assertIn(query.split("=")[0], r.json())


class RulesetBySlugTests(ArchiveAPITestCase):
    def test_a_records_ruleset_as_it_is_given_filters_the_records(self):
        from archive.models import Evidence

        record = Evidence.objects.filter(ruleset__isnull=False).select_related("ruleset", "game").first()
        given = self.client.get(f"/api/v1/evidence/{record.ref}/").json()["ruleset"]
        by_slug = self.client.get("/api/v1/evidence/", {"ruleset": given})
        self.assertEqual(by_slug.status_code, 200, by_slug.content)
        by_id = self.client.get("/api/v1/evidence/", {"ruleset": record.ruleset_id}).json()
        self.assertEqual(by_slug.json()["count"], by_id["count"])
        in_game = self.client.get("/api/v1/evidence/", {"ruleset": given, "game": record.game.slug}).json()
        self.assertEqual(in_game["count"], by_id["count"])
        unknown = self.client.get("/api/v1/evidence/", {"ruleset": "no-such-ruleset"})
        self.assertEqual(unknown.status_code, 400)
        self.assertIn("unknown ruleset", str(unknown.json()))
