"""The browse page's facets (source, uncertainty factor, region, period, category, concepts and
the searchable game facet), the same filters in the API, accent-folding search on both databases
and a source's page listing all its records."""
from __future__ import annotations

import json
import re
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.urls import reverse

from archive import selectors
from archive.models import Category, Concept, Evidence, Game, GameName, Place, Source, UncertaintyFactor
from archive.services import archive_changed
from tests.archive.archive_helpers import fresh_cache, make_evidence, make_game  # noqa: F401

pytestmark = pytest.mark.django_db

BROWSE = "/evidence/"
API = reverse("api:evidence-list")


def html_of(client, params=None) -> str:
    response = client.get(BROWSE, params or {})
    assert response.status_code == 200
    return response.content.decode()


def facet_counts(html: str, name: str) -> dict[str, int]:
    """{label: count} of the rows one facet of the browse page shows."""
    match = re.search(rf'<fieldset class="facet" id="facet-{name}">(.*?)</fieldset>', html, re.S)
    assert match, f"no {name} facet"
    rows = re.findall(r'<span class="facet-label">(.*?)</span> <span class="facet-count">(\d+)</span>', match.group(1))
    return {label: int(n) for label, n in rows}


def api_refs(client, **params) -> list[str]:
    response = client.get(API, params)
    assert response.status_code == 200, response.content
    return sorted(r["identifier"] for r in response.json()["results"])


def place(record: Evidence, lat: str, lon: str, name: str = "", order: int = 0) -> Place:
    return Place.objects.create(evidence=record, latitude=Decimal(lat), longitude=Decimal(lon), name=name, order=order)


@pytest.fixture
def archive():
    """Senet (a race game) in Egypt, ancient; Mehen (a hunt game) in Europe and Asia, medieval to
    modern; sources, uncertainty factors and concepts on some records."""
    race, hunt = Category.objects.create(name="race", dlp_id=3), Category.objects.create(name="hunt", dlp_id=2)
    senet, mehen = make_game("senet", "Senet"), make_game("mehen", "Mehen")
    senet.categories.add(race)
    mehen.categories.add(hunt)
    old = make_evidence(senet, 3, start=-1500)  # 1500 BCE: ancient
    late = make_evidence(mehen, 2, start=1400)  # 1400-1402: medieval
    Evidence.objects.filter(pk=late[1].pk).update(start_year=1450, end_year=1850)  # medieval to modern
    Place.objects.all().delete()
    for e in old:
        place(e, "30.05", "31.23", "Cairo")  # Africa
    place(late[0], "40.41", "-3.70", "Madrid")  # Europe
    place(late[1], "39.59", "48.97", "Salyan")  # Asia (the Caucasus)
    place(late[1], "41.01", "-3.0", "Somewhere in Spain", order=1)  # and Europe
    murray = Source.objects.create(citation="Murray 1952", authors="Murray, H. J. R.", year=1952)
    crist = Source.objects.create(citation="Crist 2016", authors="Crist, Walter", year=2016)
    for e in old:
        e.sources.add(murray)
    late[0].sources.add(crist, murray)
    uncertain = UncertaintyFactor.objects.create(name="Uncertain date", dlp_id=4)
    graffiti = UncertaintyFactor.objects.create(name="Graffiti", dlp_id=5)
    old[0].uncertainty_factors.add(uncertain, graffiti)
    late[1].uncertainty_factors.add(uncertain)
    sticks = Concept.objects.create(name="casting sticks", dlp_id=1)
    old[1].concepts.add(sticks)
    archive_changed()
    return {"old": old, "late": late, "murray": murray, "crist": crist}


class TestFacets:
    def test_every_facet_counts_the_current_matches(self, client, archive):
        html = html_of(client)
        assert facet_counts(html, "region") == {"Africa": 3, "Asia": 1, "Europe": 2}
        assert facet_counts(html, "period") == {"Ancient (to 500 CE)": 3, "Medieval (501–1500)": 2, "Early modern (1501–1800)": 1,
                                                "Modern (1801 on)": 1}
        assert facet_counts(html, "category") == {"race": 3, "hunt": 2}
        assert facet_counts(html, "source") == {"Murray 1952": 4, "Crist 2016": 1}
        assert facet_counts(html, "uncertainty") == {"Uncertain date": 2, "Graffiti": 1}
        assert facet_counts(html, "concept") == {"casting sticks": 1}
        # Over the matches: the Mehen records only.
        html = html_of(client, {"game": "mehen"})
        assert facet_counts(html, "region") == {"Asia": 1, "Europe": 2}
        assert facet_counts(html, "source") == {"Murray 1952": 1, "Crist 2016": 1}
        assert facet_counts(html, "category") == {"hunt": 2}
        assert facet_counts(html, "uncertainty") == {"Uncertain date": 1}

    @pytest.mark.parametrize(
        ("params", "expected"),
        [
            ({"region": "Europe"}, ["late0", "late1"]),
            ({"region": "Asia"}, ["late1"]),
            ({"region": "Africa,Asia"}, ["late1", "old0", "old1", "old2"]),
            ({"period": "ancient"}, ["old0", "old1", "old2"]),
            ({"period": "modern"}, ["late1"]),
            ({"period": ["medieval", "ancient"]}, ["late0", "late1", "old0", "old1", "old2"]),
            ({"category": "hunt"}, ["late0", "late1"]),
            ({"uncertainty_factor": "Uncertain date"}, ["late1", "old0"]),
            ({"uncertainty": "Graffiti"}, ["old0"]),
            ({"concept": "casting sticks"}, ["old1"]),
            ({"region": "Europe", "period": "modern", "uncertainty": "Uncertain date"}, ["late1"]),
        ],
    )
    def test_the_browse_page_and_the_api_read_the_same_facet_filters(self, client, archive, params, expected):
        names = {e.identifier: f"{key}{i}" for key in ("old", "late") for i, e in enumerate(archive[key])}
        assert sorted(names[i] for i in api_refs(client, **params)) == expected
        html = html_of(client, params)
        shown = sorted(names[i] for i in names if f"/evidence/{i}/" in html)
        assert shown == expected
        assert f"{len(expected)} record" in html

    def test_a_source_facet_value_is_the_sources_ref(self, client, archive):
        ref = archive["crist"].ref
        assert api_refs(client, source=ref) == [archive["late"][0].identifier]
        assert f'href="?source={ref}"' in html_of(client)

    @pytest.mark.parametrize("params", [{"region": "Atlantis"}, {"period": "jurassic"}, {"category": "nope"},
                                        {"uncertainty_factor": "Maybe"}])
    def test_unknown_values_are_named(self, client, archive, params):
        (name, value), = params.items()
        response = client.get(API, params)
        assert response.status_code == 400
        assert name in response.json()
        html = html_of(client, params)
        assert "could not be read" in html and value in html
        assert "5 records" in html  # the filter in error is ignored

    def test_active_filters_are_removable_chips(self, client, archive):
        html = html_of(client, {"region": "Europe", "period": "modern", "q": "market"})
        chips = dict((text, url.replace("&amp;", "&")) for url, text in re.findall(r'<a class="chip" href="([^"]*)"[^>]*>([^<]*?) <span', html))
        assert chips["Region: Europe"] == "?period=modern&q=market"
        assert chips["Period: Modern (1801 on)"] == "?q=market&region=Europe"
        assert chips["Search: “market”"] == "?period=modern&region=Europe"
        assert "Clear all" in html


@pytest.mark.parametrize(
    ("lat", "lon", "continent"),
    [
        ("39.59", "48.97", "Asia"),  # Salyan, Azerbaijan
        ("41.69", "44.80", "Asia"),  # Tbilisi
        ("30.04", "31.24", "Africa"),  # Cairo
        ("31.77", "35.21", "Asia"),  # Jerusalem
        ("15.61", "39.45", "Africa"),  # Massawa, Eritrea
        ("21.49", "39.19", "Asia"),  # Jeddah
        ("36.53", "-6.29", "Europe"),  # Cádiz
        ("36.81", "10.18", "Africa"),  # Tunis
        ("35.34", "25.13", "Europe"),  # Heraklion, Crete
        ("37.98", "23.73", "Europe"),  # Athens
        ("39.93", "32.86", "Asia"),  # Ankara
        ("-18.88", "47.51", "Africa"),  # Antananarivo
        ("-33.87", "151.21", "Oceania"),  # Sydney
        ("21.31", "-157.86", "Oceania"),  # Honolulu
        ("-18.14", "178.44", "Oceania"),  # Suva, Fiji
        ("35.68", "139.69", "Asia"),  # Tokyo
        ("19.43", "-99.13", "Americas"),  # Mexico City
        ("64.15", "-21.94", "Europe"),  # Reykjavík
        ("55.75", "37.62", "Europe"),  # Moscow
        ("43.24", "76.89", "Asia"),  # Almaty
    ],
)
def test_a_places_continent_follows_the_usual_borders(lat, lon, continent):
    game = make_game()
    (record,) = make_evidence(game, 1)
    Place.objects.filter(evidence=record).update(latitude=Decimal(lat), longitude=Decimal(lon))
    found = {r for r in selectors.REGIONS if selectors.evidence_filter({"region": r}).filter(pk=record.pk).exists()}
    assert found == {continent}
    # The facet's SQL and the filter's are one definition.
    facets = selectors.evidence_facets(Evidence.objects.filter(pk=record.pk))
    assert facets["region"] == [(continent, continent, 1)]


class TestGameFacet:
    @pytest.fixture
    def games(self):
        made = []
        for i in range(14):
            game = make_game(f"game-{i:02d}", f"Game {i:02d}")
            make_evidence(game, i + 1)
            made.append(game)
        ses_bes = make_game("ses-bes", "Şeş-Beş")
        make_evidence(ses_bes, 1)
        return made

    def test_the_top_games_come_first_and_the_rest_wait_behind_a_box_and_a_link(self, client, games):
        html = html_of(client)
        facet = re.search(r'<fieldset class="facet" id="facet-game">(.*?)</fieldset>', html, re.S).group(1)
        labels = re.findall(r'<span class="facet-label">(.*?)</span>', facet)
        # The ten with the most records, most first; the others wait behind the box and the link.
        assert labels == [f"Game {i:02d}" for i in range(13, 3, -1)]
        assert 'name="game_q"' in facet
        assert "Show all 15" in facet
        # Every value, for the box's script: [value, label, count, the label as matched].
        values = json.loads(re.search(r'<script id="facet-game-values" type="application/json">(.*?)</script>', facet, re.S).group(1))
        assert len(values) == 15 and ["ses-bes", "Şeş-Beş", 1, "ses bes"] in values
        # Without scripts: the box asks the server; the link shows every game.
        facet = re.search(r'id="facet-game">(.*?)</fieldset>', html_of(client, {"game_q": "SES BES"}), re.S).group(1)
        assert re.findall(r'<span class="facet-label">(.*?)</span>', facet) == ["Şeş-Beş"]
        assert "Back to the top" in facet
        facet = re.search(r'id="facet-game">(.*?)</fieldset>', html_of(client, {"all": "game"}), re.S).group(1)
        assert "facet-game-values" not in facet and len(re.findall("facet-label", facet)) == 15

    def test_a_selected_game_stays_in_the_list_whatever_its_rank(self, client, games):
        html = html_of(client, {"game": "game-00", "type": "ethnography"})
        facet = re.search(r'id="facet-game">(.*?)</fieldset>', html, re.S).group(1)
        assert re.search(r'<li><a href="\?type=ethnography" class="facet-link selected"', facet)


class TestSourcePage:
    def test_a_source_page_lists_every_record_paged_with_the_count(self, client):
        game = make_game()
        source = Source.objects.create(citation="A long survey 1999", authors="Someone, A", year=1999)
        records = make_evidence(game, 130, source=source)
        url = source.get_absolute_url()
        html = client.get(url).content.decode()
        assert "130 records, 1–50 shown" in html
        assert 'rel="next"' in html and 'rel="prev"' not in html
        seen = set()
        for page in (1, 2, 3):
            html = client.get(url, {"page": page}).content.decode()
            seen |= {e.identifier for e in records if f"/evidence/{e.identifier}/" in html}
        assert len(seen) == 130
        assert "101–130 shown" in html and 'rel="next"' not in html and 'rel="prev"' in html


class TestFoldedSearch:
    @pytest.fixture
    def records(self):
        ses_bes = make_game("ses-bes", "Şeş-Beş")
        GameName.objects.create(game=ses_bes, name="Şeşbeş", kind="alias")
        other = make_game("senet", "Senet")
        (played,) = make_evidence(ses_bes, 1, content="Played in the ÇAYXANA after work.")
        (agdam,) = make_evidence(other, 1, content="A board.")
        Place.objects.filter(evidence=agdam).update(name="Ağdam")
        (egypt,) = make_evidence(other, 1, content="Another board.")
        Evidence.objects.filter(pk=egypt.pk).update(kml="Ancient Égypt")
        make_evidence(other, 2, content="Nothing to see.")
        archive_changed()
        return {"played": played, "agdam": agdam, "egypt": egypt}

    @pytest.mark.parametrize("q", ["ses-bes", "Ses Bes", "ŞEŞ-BEŞ", "şeş beş", "sesbes"])
    def test_a_games_name_is_found_whatever_its_accents_and_case(self, client, records, q):
        refs = {e.identifier for e in selectors.evidence_filter({"q": q})}
        assert refs == {records["played"].identifier}
        assert api_refs(client, q=q) == [records["played"].identifier]

    @pytest.mark.parametrize(("q", "key"), [("cayxana", "played"), ("Çayxana", "played"), ("agdam", "agdam"),
                                            ("AĞDAM", "agdam"), ("egypt", "egypt"), ("ancient egypt", "egypt")])
    def test_words_place_names_and_dlp_place_labels_are_found_folded(self, client, records, q, key):
        assert [e.identifier for e in selectors.evidence_filter({"q": q})] == [records[key].identifier]
        html = html_of(client, {"q": q})
        assert "1 record" in html and f"/evidence/{records[key].identifier}/" in html


def test_facet_counts_are_kept_per_data_version(client, archive):
    version = selectors.data_version()
    key = f"archive:{version}:facets:" + selectors.evidence_filter_key(selectors.EvidenceFilter())
    assert cache.get(key) is None
    html_of(client)
    assert cache.get(key)["total"] == 5
    game = Game.objects.get(slug="senet")
    make_evidence(game, 1)  # a write: a new version, new counts
    assert selectors.data_version() != version
    assert facet_counts(html_of(client), "category")["race"] == 4
    assert selectors.facets_precompute()["total"] == 6


@pytest.mark.postgres
def test_a_search_matching_most_of_a_large_archive_is_listed_by_date_unless_relevance_is_asked(client, monkeypatch):
    from archive import views

    monkeypatch.setattr(views, "RELEVANCE_LIMIT", 3)
    game = make_game()
    # The older record says "market" once, the newer three times: relevance puts the newer first.
    old = make_evidence(game, 1, start=1000, content="A market.")[0]
    new = make_evidence(game, 1, start=1900, content="market market market")[0]
    make_evidence(game, 2, start=1500, content="at the market and elsewhere")

    def order(html: str) -> list[str]:
        return [i for _, i in sorted((html.index(f"/evidence/{e.identifier}/"), e.identifier) for e in (old, new))]

    html = html_of(client, {"q": "market"})
    assert "listed by date" in html and "sort=relevance" in html
    assert order(html) == [old.identifier, new.identifier]
    html = html_of(client, {"q": "market", "sort": "relevance"})
    assert "listed by date" not in html
    assert order(html) == [new.identifier, old.identifier]
    monkeypatch.setattr(views, "RELEVANCE_LIMIT", 4)  # 4 matches: ranked by default
    cache.clear()
    html = html_of(client, {"q": "market"})
    assert "listed by date" not in html
    assert order(html) == [new.identifier, old.identifier]


def test_the_whole_archives_facet_counts_can_be_precomputed_after_an_import(archive):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("precompute_facets", stdout=out)
    version = selectors.data_version()
    assert f"5 records cached at data version {version}" in out.getvalue()
    key = f"archive:{version}:facets:" + selectors.evidence_filter_key(selectors.EvidenceFilter())
    assert cache.get(key)["category"] == [("race", "race", 3), ("hunt", "hunt", 2)]
