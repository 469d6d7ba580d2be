"""The outside researcher's audit (issue 36), checked again figure by figure on the archive
`make run` loads, where the other tests check the mechanism on small fixtures: records placed only
by name are in the region answers (item 1), the CSV's dates read back in pandas too (item 6), the
API gives every text the DLP recorded for a game or ruleset (item 9), and every list refuses
every unknown filter value, naming it (item 13); and the eleven kinds of portal page import into it
with the curator's yes (item 15)."""
from __future__ import annotations

import io
import re
from io import StringIO

from django.conf import settings
from django.core.cache import caches
from django.core.management import CommandError, call_command
from django.db.models import Q

from archive import years
from archive.importers.dlp import DLP_TEXT_FIELDS
from archive.importers.sqldump import read_dump_file
from archive.models import Evidence, Game, Ruleset
from tests.archive.archive_helpers import fresh_cache  # noqa: F401 (the WholeArchive fixture uses it)
from tests.archive.test_research_records import WholeArchive
from tests.archive.test_import_new_games import ALL_PAGES
from tests.conftest import DLP_DUMP


class RecordsPlacedByName(WholeArchive):
    """Item 1: 286 of 1,267 records gave only a place name and were in no region answer."""

    def test_the_audits_region_answers_hold_the_records_placed_by_name(self):
        egypt = Evidence.objects.filter(game__slug="senet", places__name="Ancient Egypt").filter(
            Q(start_year__lte=-1000) | Q(start_year=None, end_year__lte=-1000)).distinct()
        self.assertEqual(egypt.count(), 27)  # the audit's 27 Senet records placed "Ancient Egypt"
        self.assertFalse(egypt.filter(places__precision="").exists())  # none has coordinates of its own
        html = self.body("/evidence/?game=senet&region=Africa&to=1000+BCE")
        total = int(re.search(r'id="results-h"[^>]*>(\d+) records', html).group(1))
        self.assertEqual(total, 104 + 27)  # the audit's 104, and the 27 it missed
        api = self.ok("/api/v1/evidence/?game=senet&region=Africa&date_to=-1000&page_size=200").json()
        self.assertEqual(api["count"], total)
        listed = {r["identifier"] for r in api["results"]}
        self.assertEqual({e.identifier for e in egypt} - listed, set())

        api = self.ok("/api/v1/evidence/?type=ethnography&category=sow&region=Africa&page_size=200").json()
        listed = {r["identifier"] for r in api["results"]}
        for dlp_id in (649, 652, 657, 701, 713, 728, 793):  # Bavenda, Eritrean Highlands, Zanzibar...
            self.assertIn(f"DLP.Evidence.{dlp_id}", listed)
        self.assertGreaterEqual(api["count"], 5 + 15)

    def test_the_coverage_before_and_after(self):
        out = StringIO()
        call_command("place_coverage", stdout=out)
        text = out.getvalue()
        for line in ("records: 1267", "with coordinates of their own: 981", "placed from names only: 285",
                     "with no place: 1", "records on the map before places from names (coordinates of their own): 981",
                     "records on the map after places from names: 1266"):
            self.assertIn(line + "\n", text)
        # The one left is too wide to be a point (the Sahara), and the page says so.
        self.assertEqual(list(Evidence.objects.filter(places=None).values_list("kml", flat=True)), ["Sahara"])
        self.assertIn("1 record has no place at all and is not on the map", self.body("/evidence/"))


class CsvReadByPandas(WholeArchive):
    """Item 6: pandas reads every date and EDTF value of the CSV back unchanged (the csv module's
    reading is tests/archive/test_research_records.py's), and the years as numbers."""

    def test_pandas_reads_every_date_back(self):
        import pandas

        body = self.body("/api/v1/export/evidence.csv")
        as_text = pandas.read_csv(io.StringIO(body), dtype=str, keep_default_na=False).set_index("identifier")
        records = list(Evidence.objects.all())
        self.assertEqual(len(as_text), len(records))
        bce = 0
        for e in records:
            edtf = years.edtf(e.start_year, e.end_year, start_date=e.start_date, end_date=e.end_date, precision=e.date_precision)
            row = as_text.loc[e.identifier]
            self.assertEqual((row["start_date"], row["end_date"], row["date_edtf"]), (e.start_date, e.end_date, edtf), e.identifier)
            bce += row["date_edtf"].startswith("-")
        self.assertGreaterEqual(bce, 586)
        inferred = pandas.read_csv(io.StringIO(body))
        self.assertTrue(pandas.api.types.is_numeric_dtype(inferred["start_year"]))
        self.assertEqual(inferred.set_index("identifier").loc["DLP.Evidence.2", "start_year"], -2592)


class DlpTextsInTheApi(WholeArchive):
    """Item 9: every text the dump gives a game or ruleset is in the API, as our field where we
    kept it, or under dlp_original where the catalogue rewrote it (six games' descriptions and
    rulesets' names and summaries). Compared with the dump itself, not with what the importer kept."""

    def test_every_dlp_text_is_in_the_api(self):
        dump = read_dump_file(DLP_DUMP)
        rewritten = {Game: set(), Ruleset: set()}
        for model, table, url in ((Game, "Games", "/api/v1/games/{0.slug}/"), (Ruleset, "GameRulesets", "/api/v1/rulesets/{0.pk}/")):
            objects = {o.dlp_id: o for o in model.objects.exclude(dlp_id=None)}
            for _, row in dump.records(table):
                obj = objects.get(row["Id"])
                if obj is None:
                    continue
                wanted = {f: str(row[c]).strip() for f, c in DLP_TEXT_FIELDS[model].items() if (row[c] or "").strip()}
                if all(str(getattr(obj, f)).strip() == v for f, v in wanted.items()):
                    continue
                data = self.ok(url.format(obj) + "?format=json").json()
                for field, text in wanted.items():
                    given = {data[field].strip(), (data["dlp_original"].get(field) or "").strip()}
                    self.assertIn(text, given, (obj, field))
                    if data[field].strip() != text:
                        self.assertEqual(data["dlp_original_columns"][field], DLP_TEXT_FIELDS[model][field])
                        rewritten[model].add(getattr(obj, "slug", obj.pk))
        self.assertEqual(rewritten[Game], {"20-squares", "58-holes", "bechi", "royal-game-of-ur", "senet", "xii-scripta"})
        self.assertGreaterEqual(len(rewritten[Ruleset]), 9)


class EveryListRefusesWhatItDoesNotKnow(WholeArchive):
    """Item 13, over every list and every filter that names something: an unknown value is a 400
    naming it (the audit's ruleset=99999 answered 200 with nothing)."""

    BAD = "Zzqx"
    EVIDENCE_LISTS = ["/api/v1/evidence/", "/api/v1/evidence/points/", "/api/v1/evidence/periods/", *(
        f"/api/v1/export/evidence.{ext}" for ext in ("csv", "geojson", "jsonl", "jsonld", "bib", "ris", "csl.json"))]
    EVIDENCE_FILTERS = ["game", "type", "age", "gender", "social_status", "status", "space", "concept", "uncertainty_factor",
                        "uncertainty", "region", "period", "category", "source", "has_places", "has_uncertainty", "verified",
                        "date_from", "from", "date_to", "to", "confidence_min", "confidence", "confidence_max", "bbox"]
    OTHER_LISTS = {
        "/api/v1/games/": ["region", "category", "playable", "ordering"],
        "/api/v1/rulesets/": ["game", "variant", "type", "playable", "ordering"],
        "/api/v1/sources/": ["kind", "ordering"],
    }

    def refused_naming(self, url: str, name: str, value: str) -> None:
        caches[settings.THROTTLE_CACHE].clear()  # dozens of whole exports: the costly rate is not the subject
        r = self.client.get(url, {name: value})
        body = (b"".join(r.streaming_content) if r.streaming else r.content).decode()
        self.assertEqual(r.status_code, 400, f"{url}?{name}={value}: {r.status_code} {body[:200]}")
        self.assertIn(value, body, f"{url}?{name}={value}")

    def test_every_evidence_list(self):
        for url in self.EVIDENCE_LISTS:
            for name in self.EVIDENCE_FILTERS:
                with self.subTest(url=url, name=name):
                    self.refused_naming(url, name, self.BAD)
            with self.subTest(url=url, name="ruleset"):
                self.refused_naming(url, "ruleset", "99999")
        self.refused_naming("/api/v1/evidence/", "ordering", self.BAD)

    def test_every_other_list(self):
        for url, names in self.OTHER_LISTS.items():
            for name in names:
                with self.subTest(url=url, name=name):
                    self.refused_naming(url, name, self.BAD)


class PortalPagesNamingNewGames(WholeArchive):
    """Item 15 on the default archive: of the eleven portal pages (tests/archive/test_import_new_games.py),
    eight name a game the archive lacks (Shatar too: the DLP's nearest is Shatra); refused, listing
    them all, then imported with --create-games."""

    NEW = ["Altan Xaraacaj", "Dama (Kenya)", "Gabatta", "Isafuba", "Owana", "Pachesi", "Shatar", "Tugul Shodra"]

    def test_the_eleven_pages_import_with_create_games(self):
        games, records = Game.objects.count(), Evidence.objects.count()
        with self.assertRaises(CommandError) as caught:
            call_command("import_dlp_page", *map(str, ALL_PAGES), stdout=StringIO(), stderr=StringIO())
        for name in self.NEW:
            self.assertIn(repr(name), str(caught.exception))
        self.assertEqual((Game.objects.count(), Evidence.objects.count()), (games, records))
        out = StringIO()
        call_command("import_dlp_page", *map(str, ALL_PAGES), "--create-games", stdout=out, stderr=StringIO())
        self.assertEqual(sorted(re.findall(r"game created: (.+)", out.getvalue())), self.NEW)
        for name in self.NEW:
            self.assertTrue(Game.objects.get(name=name).evidence.exists(), name)
        self.assertEqual(Evidence.objects.get(dlp_id=2445).game.slug, "ses-bes")  # the seeds' records, known, updated
