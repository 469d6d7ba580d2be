"""Places from names (archive.gazetteer): a record that gives only a place name ("Ancient Egypt",
"Bavenda") is placed from it, offline, and from then on is in the region facet, on the maps, in
the points, the GeoJSON and the JSON-LD, marked as placed from its name with its precision and
GeoNames id. Before this, 286 of the DLP's 1,267 records were in none of them (issue 36, item 1)."""
from __future__ import annotations

import json
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from archive import gazetteer
from archive.gazetteer import resolve, sync_named_places
from archive.importers.sqldump import read_dump_file
from archive.models import Evidence, Place
from archive.services import archive_changed
from tests.archive.archive_helpers import fresh_cache, make_evidence, make_game  # noqa: F401 (fixture)
from tests.conftest import DLP_DUMP


def points(name: str) -> list[tuple]:
    return [(p.name, p.precision, p.geonames_id, p.same) for p in resolve(name)]


# -- the resolver -----------------------------------------------------------------------------

def test_a_country_is_placed_on_its_land_with_its_geonames_id():
    (ghana,) = resolve("Ghana")
    assert (ghana.precision, ghana.geonames_id, ghana.same) == ("country", 2300660, True)
    assert Decimal(4.7) < ghana.latitude < Decimal(11.2) and Decimal(-3.3) < ghana.longitude < Decimal(1.2)
    # Names are read as people write them: case, accents and spaces do not matter.
    assert points("  sri   LANKA ") == [("sri LANKA", "country", 1227603, True)]


def test_historical_and_ethnic_names_come_from_our_table_with_a_note():
    (egypt,) = resolve("Ancient Egypt")
    assert (egypt.precision, egypt.geonames_id, egypt.same) == ("country", 357994, False)
    assert 22 < egypt.latitude < 32 and 25 < egypt.longitude < 35
    (venda,) = resolve("Bavenda")
    assert (venda.precision, venda.place, venda.geonames_id, venda.same) == ("region", "Thohoyandou", 949224, False)
    assert "Venda" in venda.note
    (maasai,) = resolve("Maasai Tanzania")
    assert maasai.place == "Arusha" and maasai.precision == "region"


def test_the_table_comes_before_the_gazetteer_where_the_gazetteer_would_be_wrong():
    # GeoNames' most populous "Palestine" is a town in Texas.
    (palestine,) = resolve("Palestine")
    assert palestine.place == "Jerusalem" and palestine.precision == "region"


def test_several_places_in_one_name_and_names_left_unplaced():
    assert [p.name for p in resolve("Northern Teso; Southern Teso; Bunyoro")] == ["Northern Teso", "Southern Teso", "Bunyoro"]
    assert len(resolve("Shoa Gojam Begemder")) == 3
    assert resolve("Sahara") == []  # too wide for one point: said so in the table
    assert resolve("Nowhere-on-earth") == [] and resolve("") == []


def test_a_town_the_table_lacks_comes_from_the_gazetteer():
    (town,) = resolve("Mombasa")
    assert (town.precision, town.same, town.place) == ("town", True, "Mombasa")
    assert -5 < town.latitude < -3


def test_every_entry_of_our_table_is_well_formed_and_points_where_geonames_says():
    table = gazetteer.table()
    countries = gazetteer.countries()
    towns = {t["geonameid"]: t for candidates in gazetteer.towns().values() for t in candidates}
    checked = 0
    for entry in table.values():
        if entry.get("unplaced"):
            continue
        assert entry["precision"] in gazetteer.PRECISIONS and entry["note"]
        if entry.get("country"):
            assert entry["country"] in countries, entry["name"]
        for p in entry.get("points", []):
            town = towns.get(p["geonames"])
            if town is not None:  # towns under 15,000 people are in cities500.json only
                assert (town["latitude"], town["longitude"]) == pytest.approx((p["lat"], p["lon"]), abs=1e-4), entry["name"]
                checked += 1
        assert resolve(entry["name"]), entry["name"]
    assert checked > 80


def test_a_broken_table_entry_is_named(tmp_path, monkeypatch):
    bad = tmp_path / "places.toml"
    bad.write_text('[[place]]\nname = "Somewhere"\nprecision = "village"\ncountry = "EG"\nnote = "x"\n')
    monkeypatch.setattr(gazetteer, "TABLE", bad)
    gazetteer.table.cache_clear()
    try:
        with pytest.raises(gazetteer.TableError, match=r"entry 1 \('Somewhere'\): precision must be one of country, region, town"):
            gazetteer.table()
    finally:
        gazetteer.table.cache_clear()


def test_every_place_name_of_the_shipped_dlp_dump_is_placed_but_the_one_too_wide():
    dump = read_dump_file(DLP_DUMP)
    names = {
        (row.get("KML") or "").strip()
        for _, row in dump.records("Evidence")
        if not (row.get("Location") or "").strip() and (row.get("KML") or "").strip()
    }
    assert len(names) > 140
    unplaced = sorted(n for n in names if not resolve(n))
    assert unplaced == ["Sahara"]


# -- writing places ---------------------------------------------------------------------------

@pytest.mark.django_db
def test_sync_places_named_records_once_with_history_and_leaves_records_with_coordinates():
    game = make_game()
    named, own, nowhere = make_evidence(game, 3)
    Place.objects.filter(evidence__in=[named, nowhere]).delete()
    Evidence.objects.filter(pk=named.pk).update(kml="Ancient Egypt")
    Evidence.objects.filter(pk=own.pk).update(kml="Sri Lanka")  # has coordinates of its own
    Evidence.objects.filter(pk=nowhere.pk).update(kml="Nowhere-on-earth")
    own_before = list(Place.objects.filter(evidence=own).values_list("latitude", "longitude", "precision"))

    assert sync_named_places(reason="test") == {"place from a name": 1}
    (place,) = Place.objects.filter(evidence=named)
    assert (place.name, place.precision, place.geonames_id, place.geonames_same) == ("Ancient Egypt", "country", 357994, False)
    assert "Placed from the name 'Ancient Egypt' (country)" in place.note
    assert place.history.get().history_change_reason == "test"
    assert list(Place.objects.filter(evidence=own).values_list("latitude", "longitude", "precision")) == own_before
    assert not Place.objects.filter(evidence=nowhere).exists()

    # Idempotent: a second run changes nothing and writes no history.
    assert sync_named_places(reason="test") == {}
    assert Place.history.filter(history_change_reason="test").count() == 1

    # The name changes: the place follows; the name goes: so does the place.
    Evidence.objects.filter(pk=named.pk).update(kml="Bavenda")
    assert sync_named_places(reason="test") == {"place from a name": 1, "place from a name (removed)": 1}
    assert Place.objects.get(evidence=named).geonames_id == 949224
    Evidence.objects.filter(pk=named.pk).update(kml="")
    assert sync_named_places(reason="test") == {"place from a name (removed)": 1}
    assert not Place.objects.filter(evidence=named).exists()


@pytest.mark.django_db
def test_a_curator_who_gives_coordinates_is_left_alone():
    game = make_game()
    (record,) = make_evidence(game, 1)
    Place.objects.filter(evidence=record).delete()
    Evidence.objects.filter(pk=record.pk).update(kml="Ghana")
    sync_named_places()
    place = Place.objects.get(evidence=record)
    place.precision, place.latitude, place.longitude = "", Decimal("5.6"), Decimal("-0.2")  # their own point
    place.save()
    assert sync_named_places() == {}
    assert list(Place.objects.filter(evidence=record).values_list("latitude", "precision")) == [(Decimal("5.600000"), "")]


# -- where placed records now show ------------------------------------------------------------

@pytest.fixture
def placed(db, fresh_cache):  # noqa: F811
    senet = make_game("senet", "Senet")
    coords, egypt, nowhere = make_evidence(senet, 3, start=-1500)
    Place.objects.filter(evidence=coords).update(latitude=Decimal("30.0"), longitude=Decimal("31.2"))
    Place.objects.filter(evidence__in=[egypt, nowhere]).delete()
    Evidence.objects.filter(pk=egypt.pk).update(kml="Ancient Egypt")
    sync_named_places()
    archive_changed()
    return {"coords": coords, "egypt": egypt, "nowhere": nowhere}


def test_the_region_facet_and_filter_count_records_placed_from_names(client, placed):
    page = client.get("/evidence/", {"game": "senet", "region": "Africa"})
    rows = [e.pk for e in page.context["page"].object_list]
    assert placed["egypt"].pk in rows and placed["coords"].pk in rows and placed["nowhere"].pk not in rows
    assert dict((k, n) for k, _, n in page.context["facets"]["region"])["Africa"] == 2


def test_the_browse_page_says_how_many_records_have_no_place_at_all(client, placed):
    text = client.get("/evidence/", {"game": "senet"}).content.decode()
    assert "1 record is placed from its place name" in text
    assert "1 record has no place at all and is not on the map" in text
    assert "has_places=false" in text


def test_points_geojson_and_linked_data_mark_a_place_from_a_name(placed):
    api = APIClient()
    body = api.get("/api/v1/evidence/points/", {"game": "senet"}).json()
    by_id = {row[0]: row for row in body["points"]}
    egypt_row = by_id[placed["egypt"].identifier]
    assert egypt_row[4] == "country" and "placed from its name, to the country" in egypt_row[3]
    assert by_id[placed["coords"].identifier][4] == ""
    assert body["records"] == 2

    geojson = json.loads(b"".join(api.get("/api/v1/export/evidence.geojson", {"game": "senet"}).streaming_content))
    props = {f["properties"]["identifier"]: f["properties"] for f in geojson["features"]}
    assert props[placed["egypt"].identifier]["placed_from_name"] == "country"
    assert props[placed["egypt"].identifier]["geonames_id"] == 357994
    assert props[placed["coords"].identifier]["placed_from_name"] == ""

    record = api.get(f"/api/v1/evidence/{placed['egypt'].identifier}/").json()
    assert record["places"][0].items() >= {"placed_from_name": "country", "geonames_id": 357994, "geonames_same": False}.items()


@pytest.mark.django_db
def test_json_ld_gives_same_as_for_a_name_that_is_the_geonames_feature(fresh_cache):  # noqa: F811
    game = make_game()
    (record,) = make_evidence(game, 1)
    Place.objects.filter(evidence=record).delete()
    Evidence.objects.filter(pk=record.pk).update(kml="Ghana")
    sync_named_places()
    archive_changed()
    ld = APIClient().get(f"/api/v1/evidence/{record.identifier}/", {"format": "jsonld"}).json()
    assert ld["spatialCoverage"]["sameAs"] == "https://sws.geonames.org/2300660/"
    assert ld["spatialCoverage"]["name"] == "Ghana"


def test_the_record_page_marks_the_place_and_links_geonames(client, placed):
    text = client.get(placed["egypt"].get_absolute_url()).content.decode()
    assert "placed from its name: country" in text
    assert 'href="https://www.geonames.org/357994/"' in text
    assert '"placed": "country"' in text  # the map's point, drawn as a ring


@pytest.mark.django_db
def test_the_coverage_command_prints_before_and_after_figures():
    game = make_game()
    named, own, nowhere = make_evidence(game, 3)
    Place.objects.filter(evidence__in=[named, nowhere]).delete()
    Evidence.objects.filter(pk=named.pk).update(kml="Grande Comore; Anjouan")
    sync_named_places()
    out = StringIO()
    call_command("place_coverage", stdout=out)
    text = out.getvalue()
    assert "records: 3" in text and "with coordinates of their own: 1" in text
    assert "placed from names only: 1" in text and "with no place: 1" in text
    assert "region 1" in text
    # Grande Comore and Anjouan are our table's (islands, not GeoNames countries or towns).
    assert "by where the point comes from (likewise): our table 1\n" in text
    assert "records on the map before places from names (coordinates of their own): 1\n" in text
    assert "records on the map after places from names: 2\n" in text


def test_where_a_names_point_comes_from():
    assert gazetteer.source_of("Ancient Egypt") == "our table"
    assert gazetteer.source_of("Sri  Lanka") == "GeoNames countries"
    assert gazetteer.source_of("Mombasa") == "GeoNames towns"
