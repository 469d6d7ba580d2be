"""The data model: integrity the database itself enforces, and the rules models apply."""
from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from archive.geo import CoordinateError, parse_coordinates
from archive.models import Evidence, Game, GameName, Media, Place, Ruleset, Source
from archive.years import year_label
from tests.archive.archive_helpers import fresh_cache, make_game  # noqa: F401

pytestmark = pytest.mark.django_db


def refused(callable_) -> bool:
    """True if the database refuses the write (IntegrityError), leaving the transaction usable."""
    try:
        with transaction.atomic():
            callable_()
    except IntegrityError:
        return True
    return False


@pytest.fixture
def senet() -> Game:
    return make_game()


@pytest.fixture
def record(senet) -> Evidence:
    return Evidence.objects.create(type="artifact", game=senet, start_year=-3100, end_year=-3000)


class TestDatabaseConstraints:
    # Each bad value goes in through .update(), which skips every form and model validator:
    # only the database stands in the way.

    @pytest.mark.parametrize("confidence", [101, 1000])
    def test_it_refuses_confidence_above_100(self, record, confidence):
        assert refused(lambda: Evidence.objects.filter(pk=record.pk).update(confidence=confidence))

    def test_it_refuses_a_start_after_the_end(self, record):
        assert refused(lambda: Evidence.objects.filter(pk=record.pk).update(start_year=-2000, end_year=-3000))

    def test_it_accepts_bce_ranges_in_order(self, record):
        assert not refused(lambda: Evidence.objects.filter(pk=record.pk).update(start_year=-3100, end_year=-1))

    def test_it_refuses_year_zero(self, record):
        assert refused(lambda: Evidence.objects.filter(pk=record.pk).update(start_year=0))

    def test_it_refuses_an_unknown_evidence_type(self, record):
        assert refused(lambda: Evidence.objects.filter(pk=record.pk).update(type="rumour"))

    def test_it_refuses_an_unknown_date_precision(self, record):
        assert refused(lambda: Evidence.objects.filter(pk=record.pk).update(date_precision="fortnight"))

    @pytest.mark.parametrize("latitude", [Decimal("90.000001"), Decimal("-91")])
    def test_it_refuses_latitudes_off_the_globe(self, record, latitude):
        assert refused(lambda: Place.objects.create(evidence=record, latitude=latitude, longitude=0))

    @pytest.mark.parametrize("longitude", [Decimal("180.5"), Decimal("-181")])
    def test_it_refuses_longitudes_off_the_globe(self, record, longitude):
        assert refused(lambda: Place.objects.create(evidence=record, latitude=0, longitude=longitude))

    def test_it_accepts_the_poles_and_the_antimeridian(self, record):
        assert not refused(lambda: Place.objects.create(evidence=record, latitude=-90, longitude=180))

    def test_it_refuses_two_records_with_one_dlp_id(self, senet):
        Evidence.objects.create(type="artifact", game=senet, dlp_id=7)
        assert refused(lambda: Evidence.objects.create(type="artifact", game=senet, dlp_id=7))

    def test_it_refuses_an_unknown_ruleset_type(self, senet):
        ruleset = Ruleset.objects.create(game=senet, name="Kendall", slug="kendall")
        assert refused(lambda: Ruleset.objects.filter(pk=ruleset.pk).update(type="guessed"))

    def test_it_refuses_two_rulesets_with_one_slug_in_a_game(self, senet):
        Ruleset.objects.create(game=senet, name="Kendall", slug="kendall")
        assert refused(lambda: Ruleset.objects.create(game=senet, name="Kendall again", slug="kendall"))

    def test_it_refuses_an_unknown_name_kind(self, senet):
        name = GameName.objects.create(game=senet, name="snt")
        assert refused(lambda: GameName.objects.filter(pk=name.pk).update(kind="nickname"))

    def test_it_refuses_media_belonging_to_nothing(self):
        assert refused(lambda: Media.objects.create(image="media/x.jpg", width=1, height=1))

    def test_it_refuses_deleting_a_game_that_has_evidence(self, record, senet):
        from django.db.models import ProtectedError

        with pytest.raises(ProtectedError):
            senet.delete()


class TestRulesetValidation:
    def test_it_refuses_a_variant_nobody_plans(self, senet):
        ruleset = Ruleset(game=senet, name="x", slug="x", variant="tables.no-such-game")
        with pytest.raises(ValidationError) as exc:
            ruleset.full_clean()
        assert "variant" in exc.value.message_dict

    def test_it_accepts_a_planned_variant_before_its_engine_exists(self, senet, monkeypatch):
        from games.engine import UnknownVariant

        def missing(key):
            raise UnknownVariant(f"unknown variant {key!r}")

        monkeypatch.setattr("games.engine.get_variant", missing)
        Ruleset(game=senet, name="x", slug="x", variant="tables.gul-bara", options={"anything": 1}).full_clean()

    def test_it_refuses_options_the_engine_does_not_know(self, senet):
        ruleset = Ruleset(game=senet, name="x", slug="x", variant="mancala.bechi", options={"holes": 5})
        with pytest.raises(ValidationError) as exc:
            ruleset.full_clean()
        assert "holes" in str(exc.value.message_dict["options"])

    def test_it_refuses_options_without_a_variant(self, senet):
        with pytest.raises(ValidationError):
            Ruleset(game=senet, name="x", slug="x", options={"holes": 3}).full_clean()

    def test_it_keeps_only_the_options_the_ruleset_sets(self, senet):
        ruleset = Ruleset(game=senet, name="x", slug="x", variant="mancala.bechi", options={"holes": 3})
        ruleset.full_clean()
        assert ruleset.options == {"holes": 3}


class TestIdentifiersAndDisplay:
    def test_a_record_is_known_by_its_dlp_identifier_where_it_has_one(self, senet):
        record = Evidence.objects.create(type="artifact", game=senet, dlp_id=2445)
        assert record.identifier == "DLP.Evidence.2445"
        assert record.get_absolute_url() == "/evidence/DLP.Evidence.2445/"

    def test_a_record_without_one_is_known_by_our_stable_ref(self, senet):
        record = Evidence.objects.create(type="artifact", game=senet)
        assert record.identifier == record.ref and record.ref.startswith("E") and len(record.ref) == 9

    def test_bce_years_read_as_people_write_them(self, senet):
        record = Evidence(type="artifact", game=senet, start_year=-3100, end_year=-3000)
        assert record.date_display == "3100–3000 BCE"
        assert Evidence(start_year=-50, end_year=25).date_display == "50 BCE – 25 CE"
        assert year_label(-1) == "1 BCE"

    def test_day_ranges_show_their_days(self):
        record = Evidence(start_year=2024, end_year=2024, start_date="2024-07-18", end_date="2024-08-06", date_precision="day")
        assert record.date_display == "18 July – 6 August 2024"

    def test_a_source_has_an_author_year_label(self):
        assert Source(authors="Pankhurst, Richard", year=1971, citation="x").short == "Pankhurst 1971"
        assert Source(authors="Crist, Walter; Gasimov, Aslan", year=2024, citation="x").short == "Crist and Gasimov 2024"

    def test_persian_names_run_right_to_left(self, senet):
        assert GameName(game=senet, name="تخته نرد", language="fa").direction == "rtl"
        assert GameName(game=senet, name="Şeş-Beş", language="az").direction == "ltr"


class TestCoordinates:
    def test_it_reads_the_dlp_degrees_minutes_seconds(self):
        assert parse_coordinates("39°30'8.75\"N, 45° 1'45.55\"E") == [(Decimal("39.502431"), Decimal("45.029319"))]

    def test_south_and_west_are_negative(self):
        assert parse_coordinates("30°37'56.32\"S, 25°27'42.37\"W") == [(Decimal("-30.632311"), Decimal("-25.461769"))]

    def test_it_reads_several_places(self):
        assert len(parse_coordinates("1°0'0\"N, 2°0'0\"E;  3°0'0\"S, 4°0'0\"W")) == 2

    def test_it_refuses_a_latitude_without_its_longitude(self):
        with pytest.raises(CoordinateError):
            parse_coordinates("39°30'8.75\"N")
