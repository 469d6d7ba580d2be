"""The compact map points and the timeline's periods: every matching record, not a page, read
with the browse page's filters."""
from __future__ import annotations

from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from archive import selectors
from archive.models import Evidence, Place
from archive.services import archive_changed
from tests.archive.archive_helpers import fresh_cache, make_game  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db


def records(game, spans, *, places=1, lat0=10.0):
    made = Evidence.objects.bulk_create(
        [Evidence(ref=f"PT{game.pk}-{i}", type="artifact", game=game, start_year=s, end_year=e, confidence=90)
         for i, (s, e) in enumerate(spans)]
    )
    Place.objects.bulk_create(
        [Place(evidence=r, latitude=Decimal(str(round(lat0 + (i % 80) * 0.5, 4))), longitude=Decimal(str(round(-170 + (i % 340), 4))),
               name=f"place {i}-{k}", order=k)
         for i, r in enumerate(made) for k in range(places)]
    )
    archive_changed()
    return made


@pytest.fixture
def client():
    return APIClient()


def test_points_are_every_place_of_every_matching_record_not_a_page(client):
    senet, bechi = make_game("senet", "Senet"), make_game("bechi", "Béchi")
    records(senet, [(1900, 1901)] * 700, places=2)  # 1,400 places: more than any page or the old cap
    records(bechi, [(-177, -176)] * 30, places=1)
    body = client.get("/api/v1/evidence/points/").json()
    assert body["fields"] == ["id", "lat", "lon", "label", "placed"]
    assert (body["records"], body["places"], len(body["points"])) == (730, 1430, 1430)
    assert body["places"] == Place.objects.count()

    body = client.get("/api/v1/evidence/points/", {"game": "bechi"}).json()
    assert body["places"] == 30
    ident, lat, lon, label, placed = body["points"][0]
    assert ident.startswith("PT") and isinstance(lat, float) and isinstance(lon, float)
    assert label.startswith("Béchi · Artifact · 177–176 BCE · place ") and placed == ""
    assert body["url_prefix"] == "/evidence/"


def test_points_match_the_browse_pages_records_for_the_same_filters(client):
    senet = make_game("senet", "Senet")
    records(senet, [(y, y + 10) for y in range(1000, 1600, 3)])
    for query in ({"from": "1200", "to": "1300"}, {"bbox": "-180,10,0,30"}, {"q": "Senet", "type": "artifact"}, {"bbox": "170,0,-170,90"}):
        expected = set(selectors.evidence_filter(query).values_list("ref", flat=True))
        got = {row[0] for row in client.get("/api/v1/evidence/points/", query).json()["points"]}
        assert got == expected, query


@pytest.mark.parametrize(
    ("query", "named"),
    [({"sort": "date"}, "sort"), ({"page": "2"}, "page"), ({"bbox": "1,2,3"}, "bbox"), ({"from": "year zero"}, "from"),
     ({"game": "nope"}, "game")],
)
def test_a_parameter_it_cannot_read_is_a_400_naming_it(client, query, named):
    make_game("senet", "Senet")
    for path in ("/api/v1/evidence/points/", "/api/v1/evidence/periods/"):
        response = client.get(path, query)
        assert response.status_code == 400
        assert named in response.json()


def test_each_periods_count_is_what_its_date_filter_selects(client):
    senet = make_game("senet", "Senet")
    spans = [(-3100, -3000), (-250, 120), (-1, 1), (150, 150), (1850, 1990), (1901, 2000), (-2321, None), (None, 1401), (None, None)]
    records(senet, spans)
    body = client.get("/api/v1/evidence/periods/").json()
    assert (body["step"], body["total"], body["dated"]) == (100, 9, 8)
    periods = body["periods"]
    assert periods[0]["label"] == "31st century BCE" and periods[-1]["label"] == "20th century"
    assert [p["label"] for p in periods[30:32]] == ["1st century BCE", "1st century"]
    for p in periods:
        selected = selectors.evidence_filter({"from": str(p["date_from"]), "to": str(p["date_to"])}).count()
        assert p["count"] == selected, p
    # 1850–1990 spans the 19th and 20th centuries and counts in both; the open range from 2321 BCE in every later one.
    assert periods[-1]["count"] == 3  # 1850–1990, 1901–2000, from 2321 BCE


def test_periods_narrow_with_the_span_and_follow_the_filters(client):
    senet, bechi = make_game("senet", "Senet"), make_game("bechi", "Béchi")
    records(senet, [(1900 + i, 1900 + i) for i in range(50)])
    records(bechi, [(-500, -400)])
    body = client.get("/api/v1/evidence/periods/", {"game": "senet"}).json()
    assert body["step"] == 1 and body["total"] == 50 and len(body["periods"]) == 50
    assert body["periods"][0] == {"date_from": 1900, "date_to": 1900, "label": "1900", "from_label": "1900", "to_label": "1900", "count": 1}
    empty = client.get("/api/v1/evidence/periods/", {"from": "3000"}).json()
    assert empty == {"step": None, "total": 0, "dated": 0, "periods": []}


def test_a_write_is_seen_at_once(client):
    senet = make_game("senet", "Senet")
    records(senet, [(1900, 1900)])
    assert client.get("/api/v1/evidence/points/").json()["places"] == 1
    records(make_game("bechi", "Béchi"), [(1900, 1900)])
    assert client.get("/api/v1/evidence/points/").json()["places"] == 2


def test_the_schema_documents_both_with_the_filters(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    for path in ("/api/v1/evidence/points/", "/api/v1/evidence/periods/"):
        operation = schema["paths"][path]["get"]
        names = {p["name"] for p in operation["parameters"]}
        assert {"bbox", "date_from", "game", "q", "type"} <= names, path
        assert "400" in operation["responses"]


def test_a_search_narrows_points_and_periods(client):
    senet, bechi = make_game("senet", "Senet"), make_game("bechi", "Béchi")
    records(senet, [(1900, 1901)] * 3)
    records(bechi, [(-500, -400)] * 2 + [(None, None)])
    points = client.get("/api/v1/evidence/points/", {"q": "Béchi"}).json()
    assert points["records"] == 3
    periods = client.get("/api/v1/evidence/periods/", {"q": "Béchi"}).json()
    assert (periods["total"], periods["dated"]) == (3, 2)
    assert periods["step"] == 5 and periods["periods"][0]["label"] == "500–496 BCE"
    assert all(p["count"] == 2 for p in periods["periods"])
