"""A small archive with named actors, shared by the API, export and import tests."""
from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

from django.contrib.auth.models import Permission, User
from django.core.cache import cache
from rest_framework.test import APITestCase

from core.models import ApiToken

from archive.models import Age, Evidence, Game, Gender, Place, Ruleset, SocialStatus, Source, Space, UncertaintyFactor


def place(evidence: Evidence, lat: str, lon: str, name: str = "", text: str = "", order: int = 0) -> Place:
    return Place.objects.create(
        evidence=evidence, latitude=Decimal(lat), longitude=Decimal(lon), name=name, coordinates_text=text, order=order
    )


class ArchiveAPITestCase(APITestCase):
    """alice reads (no permissions), carol curates evidence and sources (token)."""

    @classmethod
    def setUpTestData(cls):
        cls.child, cls.adult, cls.all_ages = (Age.objects.create(name=n, dlp_id=i) for i, n in ((2, "Child"), (5, "Adult"), (1, "All")))
        cls.male, cls.female = (Gender.objects.create(name=n, dlp_id=i) for i, n in ((2, "Male"), (3, "Female")))
        cls.elite = SocialStatus.objects.create(name="Elite", dlp_id=3)
        cls.inside = Space.objects.create(name="Inside", dlp_id=2)
        cls.incomplete = UncertaintyFactor.objects.create(name="Incomplete", dlp_id=1)
        cls.pankhurst = Source.objects.create(
            dlp_id=122, kind="article", citation="Pankhurst, R. 1971. Gabata and Related Board Games of Ethiopia and the Horn of Africa. Ethiopia Observer 14(3):154-206.",
            authors="Pankhurst, Richard", year=1971, title="Gabata and Related Board Games of Ethiopia and the Horn of Africa",
            container="Ethiopia Observer", volume="14", issue="3", pages="154-206",
        )
        cls.murray = Source.objects.create(
            kind="book", citation="Murray, H.J.R. 1952. A History of Board-Games other than Chess. Oxford: Clarendon Press.",
            authors="Murray, H. J. R.", year=1952, title="A History of Board-Games other than Chess & {others}",
            publisher="Clarendon Press", place="Oxford", url="https://example.org/murray?a=1&b=2",
        )
        cls.ses_bes = Game.objects.create(name="Şeş-Beş", slug="ses-bes")
        cls.bechi = Game.objects.create(name="Béchi", slug="bechi", dlp_id=325)
        cls.senet = Game.objects.create(name="Senet", slug="senet", dlp_id=3)
        cls.kunama = Ruleset.objects.create(game=cls.bechi, name="Kunama", slug="kunama", type="observed")

        cls.azerbaijan = Evidence.objects.create(
            dlp_id=2445, type="ethnography", game=cls.ses_bes, start_year=2024, end_year=2024,
            start_date="2024-07-18", end_date="2024-08-06", date_precision="day",
            location_text='39°35\'29.31"N, 48°58\'34.31"E 41° 3\'4.40"N, 47°24\'54.19"E 39°30\'8.75"N, 45° 1\'45.55"E',
            rules_text="Played on a tables board, with fifteen pieces per player.", content="Nərd taxta: “wooden nard”",
            confidence=100,
        )
        place(cls.azerbaijan, "39.591475", "48.976197", "Salyan", '39°35\'29.31"N, 48°58\'34.31"E')
        place(cls.azerbaijan, "41.051222", "47.415053", "Xanliqlar", '41° 3\'4.40"N, 47°24\'54.19"E', 1)
        place(cls.azerbaijan, "39.502431", "45.029319", "Nakhchivan", '39°30\'8.75"N, 45° 1\'45.55"E', 2)
        cls.azerbaijan.ages.set([cls.all_ages])
        cls.azerbaijan.genders.set([cls.male, cls.female])
        cls.azerbaijan.spaces.set([cls.inside])

        cls.egypt = Evidence.objects.create(
            dlp_id=2, type="artistic", game=cls.senet, start_year=-3100, end_year=-3000, date_precision="year",
            content='Painting of a "Senet" board; 3 x 10.\r\n\r\nQuibbell 1913: 17-20.', confidence=60,
        )
        place(cls.egypt, "29.849817", "31.216678", "Saqqara", '29°50\'59.34"N, 31°13\'0.04"E')
        cls.egypt.social_statuses.set([cls.elite])
        cls.egypt.uncertainty_factors.set([cls.incomplete])
        cls.egypt.sources.set([cls.murray])

        cls.eritrea = Evidence.objects.create(
            dlp_id=1188, type="ethnography", game=cls.bechi, ruleset=cls.kunama, start_year=1971, end_year=1971,
            date_precision="year", rules_text="2x4/2x3 board. Six counters per hole.", confidence=100,
            content_citation="Townshend 1971: 169-170.",
        )
        place(cls.eritrea, "15.107450", "37.590744", "Barentu", '15° 6\'26.82"N, 37°35\'26.68"E')
        cls.eritrea.ages.set([cls.child])
        cls.eritrea.genders.set([cls.male])
        cls.eritrea.sources.set([cls.pankhurst])

        cls.undated = Evidence.objects.create(type="historical-text", game=cls.senet, confidence=20, rules_text="A board of thirty squares.")
        cls.fiji = Evidence.objects.create(type="artifact", game=cls.senet, start_year=1850, end_year=1900, confidence=80)
        place(cls.fiji, "-17.713371", "178.065032", "Viti Levu")
        place(cls.fiji, "-16.578193", "-179.414413", "Taveuni", order=1)

        # Tokens, not passwords: hashing one costs more than the rest of the fixture.
        cls.alice = User.objects.create(username="alice")
        cls.carol = User.objects.create(username="carol")
        cls.carol.user_permissions.set(
            Permission.objects.filter(
                content_type__app_label="archive",
                codename__in=["add_evidence", "change_evidence", "delete_evidence", "add_source", "change_source"],
            )
        )
        # Only a token's hash is stored: keep the keys, shown once, as the client would.
        cls.carol_token = SimpleNamespace(key=ApiToken.issue(user=cls.carol)[1])
        cls.alice_token = SimpleNamespace(key=ApiToken.issue(user=cls.alice)[1])

    def setUp(self):
        cache.clear()  # throttle counts

    def as_carol(self):
        self.client.credentials(HTTP_AUTHORIZATION=f"Token {self.carol_token.key}")

    def as_alice(self):
        self.client.credentials(HTTP_AUTHORIZATION=f"Token {self.alice_token.key}")

    def identifiers(self, response) -> list[str]:
        return [r["identifier"] for r in response.json()["results"]]
