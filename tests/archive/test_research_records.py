"""A researcher's tools over the whole default archive (the DLP dump and our catalogue, as `make run`
loads it): sorts that put undated records last, citations of records in BibTeX, CSL-JSON and RIS,
downloads of exactly the records listed, a CSV whose BCE dates stay ISO and EDTF, low-confidence
records found from the page, and API lists that refuse what they do not know."""
from __future__ import annotations

import csv
import io
import json
import re
from urllib.parse import parse_qs, urlsplit

import bibtexparser
import pytest
from django.http import QueryDict
from django.test import TestCase

from archive import selectors, years
from archive.models import Evidence, Game, Region, Ruleset, Source
from tests.archive.archive_helpers import fresh_cache  # noqa: F401
from tests.conftest import catalogue_loaded


class WholeArchive(TestCase):
    @classmethod
    def setUpTestData(cls) -> None:
        catalogue_loaded()
        cls.undated = set(Evidence.objects.filter(start_year=None, end_year=None).values_list("id", flat=True))

    @pytest.fixture(autouse=True)
    def _cache(self, fresh_cache):  # noqa: F811
        pass

    def ok(self, url: str):
        r = self.client.get(url)
        if r.status_code != 200:
            self.fail(f"{url}: {r.status_code} {b''.join(r.streaming_content) if r.streaming else r.content!r}"[:400])
        return r

    def body(self, url: str) -> str:
        r = self.ok(url)
        return (b"".join(r.streaming_content) if r.streaming else r.content).decode()

    def refused(self, url: str, name: str, *words: str) -> str:
        r = self.client.get(url)
        self.assertEqual(r.status_code, 400, f"{url}: {r.status_code} {r.content[:300]!r}")
        message = " ".join(r.json()[name])
        for word in words:
            self.assertIn(word, message, url)
        return message

    def page_ids(self, html: str) -> list[str]:
        return re.findall(r'<a class="evidence-id" href="/evidence/([^/"]+)/"', html)


def identifiers_of(ids) -> set[str]:
    return {e.identifier for e in Evidence.objects.filter(id__in=ids)}


class UndatedRecordsComeLast(WholeArchive):
    """Item 3: "oldest" (the default) and "newest" put the undated records after every dated one,
    in the API's order."""

    def test_the_archive_has_the_undated_records_the_issue_counts(self):
        self.assertEqual(len(self.undated), 141)

    def test_oldest_and_newest_list_undated_records_last_in_the_apis_order(self):
        for sort, ordering in (("date", "date"), ("-date", "-date")):
            listed = list(selectors.evidence_filter({"sort": sort}).values_list("id", flat=True))
            self.assertEqual(set(listed[-len(self.undated):]), self.undated, sort)
            walked, url = [], f"/api/v1/evidence/?ordering={ordering}&page_size=200"
            while url:
                page = self.ok(url).json()
                walked += [r["identifier"] for r in page["results"]]
                url = page["next"]
            identifier = dict(Evidence.objects.values_list("id", "dlp_id"))
            self.assertEqual([f"DLP.Evidence.{identifier[i]}" for i in listed], walked, sort)

    def test_the_pages_first_rows_are_dated_and_the_last_page_undated(self):
        undated = identifiers_of(self.undated)
        for query in ("", "?sort=date", "?sort=-date"):
            first = self.page_ids(self.body(f"/evidence/{query}"))
            self.assertEqual(len(first), 25)
            self.assertFalse(undated & set(first), query)
            last = self.page_ids(self.body(f"/evidence/{query}{'&' if query else '?'}page=51"))
            self.assertLessEqual(set(last), undated, query)


class RecordsAreCited(WholeArchive):
    """Item 4: a record, a page of records and a whole filtered list in BibTeX, CSL-JSON and RIS."""

    def test_one_record_in_each_format(self):
        record = Evidence.objects.get(dlp_id=2)
        permalink = f"http://testserver/evidence/{record.identifier}/"
        r = self.ok("/api/v1/evidence/DLP.Evidence.2/?format=bibtex")
        self.assertEqual(r["Content-Type"], "application/x-bibtex; charset=utf-8")
        [entry] = bibtexparser.parse_string(r.content.decode()).entries
        fields = {f.key: f.value for f in entry.fields}
        self.assertEqual((entry.entry_type, entry.key), ("misc", "DLP.Evidence.2"))
        self.assertEqual(fields["author"], "Crist, Walter")
        self.assertEqual(fields["url"], permalink)
        self.assertEqual(fields["year"], "2020")
        self.assertIn("Senet", fields["title"])
        self.assertIn("2592–2566 BCE", fields["title"])
        self.assertIn("Quibbell 1913", fields["note"])

        item = self.ok("/api/v1/evidence/DLP.Evidence.2/?format=csl").json()
        self.assertEqual((item["id"], item["type"], item["URL"]), ("DLP.Evidence.2", "dataset", permalink))
        self.assertEqual(item["author"], [{"family": "Crist", "given": "Walter"}])
        self.assertEqual(item["issued"], {"date-parts": [[2020, 8, 11]]})

        ris = self.body("/api/v1/evidence/DLP.Evidence.2/?format=ris")
        lines = ris.split("\r\n")
        self.assertEqual(lines[0], "TY  - DATA")
        self.assertIn("AU  - Crist, Walter", lines)
        self.assertIn(f"UR  - {permalink}", lines)
        self.assertIn("ER  - ", lines)
        self.assertTrue(all(re.fullmatch(r"[A-Z][A-Z0-9]  - .*", line) for line in lines if line))

    def test_a_page_and_a_whole_filtered_list(self):
        senet = Evidence.objects.filter(game__slug="senet", type="artifact")
        r = self.ok("/api/v1/evidence/?game=senet&type=artifact&format=bibtex&page_size=5")
        self.assertEqual(len(bibtexparser.parse_string(r.content.decode()).entries), 5)
        self.assertIn('rel="next"', r["Link"])
        self.assertEqual(r["X-Total-Count"], str(senet.count()))

        expected = {e.identifier for e in senet}
        bib = self.body("/api/v1/export/evidence.bib?game=senet&type=artifact")
        self.assertEqual({e.key for e in bibtexparser.parse_string(bib).entries}, expected)
        csl = json.loads(self.body("/api/v1/export/evidence.csl.json?game=senet&type=artifact"))
        self.assertEqual({i["id"] for i in csl}, expected)
        self.assertEqual(len(csl), len(expected))
        ris = self.body("/api/v1/export/evidence.ris?game=senet&type=artifact")
        self.assertEqual(set(re.findall(r"^ID  - (\S+)\r$", ris, re.M)), expected)
        self.assertEqual(ris.count("TY  - DATA"), len(expected))
        graph = json.loads(self.body("/api/v1/export/evidence.jsonld?game=senet&type=artifact"))["@graph"]
        self.assertEqual({n["identifier"][0] for n in graph}, expected)

    def test_an_empty_list_keeps_its_type(self):
        r = self.ok("/api/v1/evidence/?q=zzzqqqxxx&format=ris")
        self.assertEqual(r["Content-Type"], "application/x-research-info-systems; charset=utf-8")
        self.assertEqual(json.loads(self.body("/api/v1/export/evidence.csl.json?q=zzzqqqxxx")), [])

    def test_the_record_page_offers_the_three_formats(self):
        html = self.body("/evidence/DLP.Evidence.2/")
        for fmt, media_type in (("bibtex", "application/x-bibtex"), ("csl", "application/vnd.citationstyles.csl+json"),
                                ("ris", "application/x-research-info-systems")):
            url = f"/api/v1/evidence/DLP.Evidence.2/?format={fmt}"
            self.assertIn(f'<a href="{url}" type="{media_type}" download>', html)
            self.assertIn(f'<link rel="alternate" type="{media_type}" href="{url}"', html)
            self.assertEqual(self.ok(url)["Content-Type"].split(";")[0], media_type)

    def test_what_options_describes_in_a_citation_format_is_the_apis_json(self):
        # Found by the schema fuzzing: OPTIONS with ?format=bibtex was a 500 (lazy texts in json.dumps).
        from django.contrib.auth.models import User

        self.client.force_login(User.objects.create(username="options-curator", is_superuser=True, is_staff=True))
        for url in ("/api/v1/evidence/", "/api/v1/evidence/DLP.Evidence.2/", "/api/v1/sources/"):
            for fmt in ("bibtex", "csl", "ris"):
                r = self.client.options(f"{url}?format={fmt}")
                self.assertEqual(r.status_code, 200, (url, fmt))
                self.assertIn("renders", json.loads(r.content), (url, fmt))

    def test_sources_in_ris_too(self):
        source = Source.objects.get(dlp_id=122)
        ris = self.body(f"/api/v1/sources/{source.ref}/?format=ris")
        self.assertTrue(ris.startswith("TY  - "))
        self.assertIn(f"ID  - {source.ref}\r\n", ris)
        self.assertIn(f'href="/api/v1/sources/{source.ref}/?format=ris"', self.body(source.get_absolute_url()))


class DownloadsOfTheListedRecords(WholeArchive):
    """Item 5: the browse page's downloads hold exactly the records it lists, and every page's
    footer links the API and its docs."""

    def downloads(self, html: str) -> dict[str, str]:
        block = re.search(r'<p class="downloads".*?</p>', html, re.S).group(0)
        return {label: href.replace("&amp;", "&") for href, label in re.findall(r'<a href="([^"]+)" type="[^"]+" download>([^<]+)</a>', block)}

    def test_each_download_holds_the_filtered_set(self):
        query = "game=senet&type=artifact&from=2000+BCE&sort=-date&page=2&all=game&game_q=sen"
        html = self.body(f"/evidence/?{query}")
        expected = {e.identifier for e in selectors.evidence_filter(QueryDict(query))}
        self.assertIn(f"{len(expected)} records", html)
        links = self.downloads(html)
        self.assertEqual(set(links), {"CSV", "GeoJSON", "JSON-LD", "BibTeX", "RIS", "CSL-JSON"})
        for url in links.values():
            self.assertEqual(set(parse_qs(urlsplit(url).query)), {"game", "type", "from"}, url)
        rows = list(csv.DictReader(io.StringIO(self.body(links["CSV"]))))
        self.assertEqual({r["identifier"] for r in rows}, expected)
        self.assertEqual(len(rows), len(expected))
        features = json.loads(self.body(links["GeoJSON"]))["features"]
        self.assertEqual({f["properties"]["identifier"] for f in features}, {e for e in expected if Evidence.objects.get(dlp_id=e.split(".")[-1]).places.exists()})
        self.assertEqual(len(json.loads(self.body(links["JSON-LD"]))["@graph"]), len(expected))
        self.assertEqual({e.key for e in bibtexparser.parse_string(self.body(links["BibTeX"])).entries}, expected)

    def test_a_filter_the_page_could_not_read_is_left_out_as_the_list_leaves_it(self):
        html = self.body("/evidence/?game=senet&region=Atlantis&all=game&game_q=se")
        self.assertIn("unknown region", html)
        for url in self.downloads(html).values():
            self.assertEqual(parse_qs(urlsplit(url).query), {"game": ["senet"]}, url)
        # The map and timeline read the same filters (a facet's search box is not one: the API refuses it).
        points = re.search(r'data-points-url="([^"]+)"', html).group(1).replace("&amp;", "&")
        self.assertEqual(parse_qs(urlsplit(points).query), {"game": ["senet"]})
        self.ok(points)

    def test_every_pages_footer_links_the_api_and_its_docs(self):
        game = Game.objects.get(slug="senet")
        source = Source.objects.get(dlp_id=122)
        for url in ("/", "/evidence/", "/evidence/DLP.Evidence.2/", game.get_absolute_url(), source.get_absolute_url()):
            footer = re.search(r'<footer class="site-footer">.*?</footer>', self.body(url), re.S).group(0)
            self.assertIn('href="/api/v1/"', footer, url)
            self.assertIn('href="/api/docs/"', footer, url)


class BceDatesStayDates(WholeArchive):
    """Item 6: the CSV's BCE dates and EDTF ranges read back unchanged (they were written
    '-2591-01-01, and '-2591/-2565), while formula text is still guarded. The csv module reads it
    here; pandas reads it in test_research_audit.py."""

    def rows(self) -> dict[str, dict]:
        return {r["identifier"]: r for r in csv.DictReader(io.StringIO(self.body("/api/v1/export/evidence.csv"), newline=""))}

    def test_every_date_and_edtf_value_reads_back_unchanged(self):
        rows = self.rows()
        records = Evidence.objects.all()
        self.assertEqual(len(rows), records.count())
        bce = 0
        for e in records:
            row = rows[e.identifier]
            edtf = years.edtf(e.start_year, e.end_year, start_date=e.start_date, end_date=e.end_date, precision=e.date_precision)
            self.assertEqual((row["start_date"], row["end_date"], row["date_edtf"]), (e.start_date, e.end_date, edtf), e.identifier)
            bce += row["start_date"].startswith("-")
        self.assertGreaterEqual(bce, 586)  # the rows the issue found quoted
        record = rows["DLP.Evidence.2"]
        self.assertEqual((record["start_date"], record["date_edtf"]), ("-2591-01-01", "-2591/-2565"))
        self.assertEqual(record["start_year"], "-2592")

    def test_formula_text_is_still_guarded_and_imports_back(self):
        record = Evidence.objects.get(dlp_id=2)
        record.summary, record.content, record.recorded_by = "=HYPERLINK(\"http://x\")", "-1+1", "-2591/-2565 as text"
        record.save()
        row = self.rows()["DLP.Evidence.2"]
        self.assertEqual((row["summary"], row["content"], row["recorded_by"]),
                         ("'=HYPERLINK(\"http://x\")", "'-1+1", "'-2591/-2565 as text"))


class LowConfidenceIsFindable(WholeArchive):
    """Item 7: a confidence range in the form, a lowest-first sort and records with an uncertainty
    factor one click away."""

    def test_the_form_has_both_bounds_and_they_filter(self):
        html = self.body("/evidence/")
        self.assertIn('name="confidence"', html)
        self.assertIn('name="confidence_max"', html)
        low = Evidence.objects.filter(confidence__lte=90)
        html = self.body("/evidence/?confidence_max=90")
        self.assertEqual(set(self.page_ids(html)), {e.identifier for e in low})
        self.assertIn("Confidence at most: 90", html)
        html = self.body("/evidence/?confidence=50&confidence_max=90")
        self.assertEqual(set(self.page_ids(html)), {e.identifier for e in low.filter(confidence__gte=50)})

    def test_lowest_first_puts_the_records_under_100_on_the_first_page(self):
        under = {e.identifier for e in Evidence.objects.filter(confidence__lt=100)}
        self.assertEqual(len(under), 5)
        html = self.body("/evidence/")
        link = re.search(r'<a href="([^"]+)"[^>]*>lowest confidence</a>', html).group(1).replace("&amp;", "&")
        self.assertEqual(set(self.page_ids(self.body(f"/evidence/{link}"))[:5]), under)

    def test_records_with_an_uncertainty_factor_are_one_link_away(self):
        html = self.body("/evidence/?game=senet")
        link = re.search(r'<a href="([^"]+)" id="uncertain-link">', html).group(1).replace("&amp;", "&")
        uncertain = Evidence.objects.filter(game__slug="senet", uncertainty_factors__isnull=False).distinct()
        self.assertGreater(uncertain.count(), 0)
        html = self.body(f"/evidence/{link}")
        self.assertIn(f"{uncertain.count()} record", html)
        self.assertIn("With an uncertainty factor", html)
        api = self.ok("/api/v1/evidence/?has_uncertainty=false&page_size=1").json()
        self.assertEqual(api["count"], Evidence.objects.filter(uncertainty_factors__isnull=True).count())


class ApiListsRefuseWhatTheyDoNotKnow(WholeArchive):
    """Item 13: an unknown value is a 400 naming it in every list, and a record's ruleset is an
    unambiguous reference the filter takes back."""

    def test_unknown_values_are_named(self):
        self.refused("/api/v1/evidence/?ruleset=99999", "ruleset", "99999")
        self.refused("/api/v1/evidence/points/?ruleset=99999", "ruleset", "99999")
        self.refused("/api/v1/export/evidence.csv?ruleset=99999", "ruleset", "99999")
        self.refused("/api/v1/games/?region=Atlantis", "region", "'Atlantis'")
        self.refused("/api/v1/games/?category=race,nosuch", "category", "'nosuch'")
        self.refused("/api/v1/rulesets/?game=nosuch", "game", "'nosuch'")
        self.refused("/api/v1/rulesets/?variant=tables.nosuch", "variant", "'tables.nosuch'")
        self.refused("/api/v1/sources/?kind=nosuch", "kind", "nosuch")
        self.refused("/api/v1/evidence/?has_uncertainty=maybe", "has_uncertainty", "'maybe'")
        # Known values still answer.
        region = Region.objects.filter(game__isnull=False).values_list("name", flat=True).first()
        if region:
            self.ok(f"/api/v1/games/?region={region}")
        self.ok("/api/v1/games/?category=race")
        self.ok("/api/v1/rulesets/?game=senet")
        self.ok("/api/v1/rulesets/?variant=tables.ses-bes")

    def test_a_records_ruleset_is_an_unambiguous_reference(self):
        self.assertGreater(Ruleset.objects.filter(slug="default").count(), 1)
        record = Evidence.objects.filter(ruleset__isnull=False).select_related("ruleset__game").first()
        ruleset = record.ruleset
        detail = self.ok(f"/api/v1/evidence/{record.identifier}/").json()
        self.assertEqual((detail["game"], detail["ruleset"], detail["ruleset_id"]), (ruleset.game.slug, ruleset.slug, ruleset.pk))
        listed = self.ok(f"/api/v1/evidence/?dlp_id={record.dlp_id}").json()["results"][0]
        self.assertEqual(listed["ruleset_id"], ruleset.pk)
        expected = Evidence.objects.filter(ruleset=ruleset).count()
        for value in (str(ruleset.pk), f"{ruleset.game.slug}/{ruleset.slug}"):
            self.assertEqual(self.ok(f"/api/v1/evidence/?ruleset={value}&page_size=1").json()["count"], expected, value)

    def test_a_slug_many_games_share_is_refused_clearly(self):
        message = self.refused("/api/v1/evidence/?ruleset=default", "ruleset", "'default'", "ambiguous", "/default")
        self.assertIn("id", message)
        game = Ruleset.objects.filter(slug="default").values_list("game__slug", flat=True).first()
        self.ok(f"/api/v1/evidence/?ruleset=default&game={game}")  # the old form, unambiguous with its game
        self.ok(f"/api/v1/evidence/?ruleset={game}/default")
        self.refused("/api/v1/evidence/?ruleset=senet/no-such-ruleset", "ruleset", "'senet/no-such-ruleset'")
        html = self.body("/evidence/?ruleset=default")
        self.assertIn("is ambiguous", html)
