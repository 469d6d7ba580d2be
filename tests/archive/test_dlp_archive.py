"""The whole DLP archive as `make run` loads it (the shipped dump, then our catalogue): every DLP
field on some page, the place names of records without coordinates, the features of play, and
import history that records links."""
from __future__ import annotations

import html
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import TestCase

from archive.importers.sqldump import read_dump_file
from archive.models import Concept, Evidence, Game, Ruleset, Source
from tests.archive.archive_helpers import fresh_cache  # noqa: F401
from tests.conftest import DLP_DUMP, catalogue_loaded

CATALOGUE_GAMES = {325}  # the DLP games our catalogue rewrites (Béchi): their DLP text is merged


def page_text(content: bytes) -> str:
    """What a reader sees: tags and scripts out, entities decoded, white space collapsed."""
    text = content.decode()
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    return " ".join(html.unescape(text).split()).replace(" , ", ", ")


def words(value) -> str:
    return " ".join(str(value).split())


class WholeArchive(TestCase):
    @classmethod
    def setUpTestData(cls) -> None:
        catalogue_loaded()  # load_catalogue, or the rows its first run in this session left
        cls.dump = read_dump_file(DLP_DUMP)

    @pytest.fixture(autouse=True)
    def _cache(self, fresh_cache):  # noqa: F811
        self.pages: dict[str, str] = {}

    def page(self, url: str) -> str:
        if url not in self.pages:
            r = self.client.get(url)
            self.assertEqual(r.status_code, 200, url)
            self.pages[url] = page_text(r.content)
        return self.pages[url]


class EveryDlpFieldIsShown(WholeArchive):
    def shown(self, table: str, column: str, row: dict, expected: str, url: str) -> None:
        self.assertIn(words(expected), self.page(url), f"{table}.{column} of row {row['Id']} is not on {url}")

    def first(self, table: str, column: str, skip=lambda row: False) -> dict | None:
        for _, row in self.dump.records(table):
            if row.get(column) not in (None, "", 0) and not skip(row):
                return row
        return None

    def test_every_column_of_games_rulesets_and_evidence_is_on_a_page(self):
        games = {g.dlp_id: g for g in Game.objects.filter(dlp_id__isnull=False)}
        rulesets = {r.dlp_id: r for r in Ruleset.objects.filter(dlp_id__isnull=False)}
        evidence = {e.dlp_id: e for e in Evidence.objects.filter(dlp_id__isnull=False)}
        game_url = lambda dlp: games[dlp].get_absolute_url()  # noqa: E731
        flags = {0: "no", 1: "yes"}
        special = {
            ("Games", "Id"): lambda r: f"DLP.Games.{r['Id']}",
            ("Games", "BGGId"): lambda r: r["BGGId"],
            ("Games", "MainRuleset"): lambda r: f"DLP.GameRulesets.{r['MainRuleset']}",
            ("Games", "LudiiRuleset"): lambda r: f"DLP.GameRulesets.{r['LudiiRuleset']}",
            ("Games", "knownAliases"): lambda r: r["knownAliases"].split(",")[0].strip(),
            ("GameRulesets", "Id"): lambda r: f"DLP.GameRulesets.{r['Id']}",
            ("GameRulesets", "GameId"): lambda r: f"DLP.Games.{r['GameId']}",
            ("GameRulesets", "Type"): lambda r: rulesets[r["Id"]].get_type_display(),
            ("Evidence", "Id"): lambda r: f"DLP.Evidence.{r['Id']}",
            ("Evidence", "TypeId"): lambda r: evidence[r["Id"]].get_type_display(),
            ("Evidence", "GameId"): lambda r: games[r["GameId"]].name,
            ("Evidence", "RulesetId"): lambda r: rulesets[r["RulesetId"]].name,
            ("Evidence", "ConfidenceMultiplier"): lambda r: f"{r['ConfidenceMultiplier']}%",
            ("Evidence", "Verified"): lambda r: f"Verified by the DLP {flags[r['Verified']]}",
            ("Evidence", "DateAdded"): lambda r: f"Added to the DLP {str(r['DateAdded'])[:16]}",
        }
        for flag in ("DLPGame", "PublicGame", "ProprietaryGame"):
            special[("Games", flag)] = lambda r, flag=flag: flags[r[flag]]
        for flag in ("DateStartBC", "DateEndBC"):
            special[("Evidence", flag)] = lambda r, flag=flag: f"is BCE (DLP) {flags[r[flag]]}"
        checked = []
        for table, skip, url in (
            ("Games", lambda r: r["Id"] in CATALOGUE_GAMES, lambda r: game_url(r["Id"])),
            ("GameRulesets", lambda r: r["GameId"] in CATALOGUE_GAMES, lambda r: game_url(r["GameId"])),
            ("Evidence", lambda r: r["GameId"] in CATALOGUE_GAMES, lambda r: f"/evidence/DLP.Evidence.{r['Id']}/"),
        ):
            for column in self.dump.tables[table].columns:
                row = self.first(table, column, skip)
                if row is None:
                    continue  # a column no row fills
                expected = special.get((table, column), lambda r: r[column])(row)
                with self.subTest(table=table, column=column):
                    self.shown(table, column, row, expected, url(row))
                checked.append(f"{table}.{column}")
        # GameRulesets.Publisher is the one column no row of the 2020 dump fills.
        self.assertEqual(len(checked), 20 + 14 + 16, checked)

    def test_every_source_is_on_its_page(self):
        _, row = next(r for r in self.dump.records("Sources") if r[1]["URL"])
        source = Source.objects.get(dlp_id=row["Id"])
        text = self.page(source.get_absolute_url())
        self.assertIn(words(row["Source"]), text)
        self.assertIn(row["URL"], text)

    def test_a_game_page_shows_its_rulesets_whole(self):
        text = self.page("/games/nard/")
        for expected in ("These rules were described to K. Himly", "Himly 1879: 679-681.", "Origin Iran", "Murray 1951: 113-115."):
            self.assertIn(expected, text)

    def test_no_empty_sections(self):
        bare = Game.objects.filter(sources__isnull=True, dlp_id__isnull=False).first()
        r = self.client.get(bare.get_absolute_url())
        self.assertNotContains(r, 'id="sources"')
        self.assertNotContains(r, 'href="#sources"')
        self.assertContains(self.client.get("/games/bechi/"), 'id="sources"')

    def test_our_five_games_keep_their_clauses_beside_the_dlps_rules(self):
        text = self.page("/games/bechi/")
        self.assertIn("The rules clause by clause", text)
        self.assertIn("BE-1", text)
        self.assertIn("The rules as the DLP gives them (DLP.GameRulesets.345)", text)
        # Where our text replaces the DLP's, the DLP's is shown beside it.
        self.assertIn("As the DLP has it (DLP.Games.325), where our text differs Name Bechi Description Béchi is a two-row mancala-style", text)
        self.assertIn("As the DLP has it (DLP.GameRulesets.345), where our text differs Summary Rules played by the Kunama people.", text)
        self.assertIn("Name Three Holes", text)


class SourceTextAndSummaries(WholeArchive):
    def test_1188_shows_townshends_whole_quotation_and_marks_our_summaries(self):
        text = self.page("/evidence/DLP.Evidence.1188/")
        e = Evidence.objects.get(dlp_id=1188)
        self.assertIn(words(e.content), text)
        self.assertIn("toma natuka,\" literally \"I put fire to all your houses.\" Townshend 1971: 169-170.", text)
        self.assertIn(words(e.rules_text), text)
        self.assertIn("Our summary " + words(e.summary), text)
        self.assertIn("Our summary of the rules " + words(e.rules_summary), text)

    def test_2445_shows_the_seed_pages_fieldwork_notes_and_marks_our_identifications(self):
        text = self.page("/evidence/DLP.Evidence.2445/")
        self.assertIn("Double 1s: Yığannar or bir qoşa", text)
        self.assertIn("Nakhchivan (Karabakh refugees?) our identification", text)
        ld = self.client.get("/api/v1/evidence/DLP.Evidence.2445/", {"format": "jsonld"}).json()
        self.assertTrue(ld["spatialCoverage"][0]["description"].startswith("Our identification: Salyan is named"))


class PlaceNames(WholeArchive):
    def test_a_record_without_coordinates_has_its_dlp_place_name(self):
        e = Evidence.objects.get(dlp_id=151)
        text = self.page(e.get_absolute_url())
        self.assertIn("Place Fayyum Oasis", text)
        self.assertNotIn("KML", text)
        self.assertIn("Fayyum Oasis (as the DLP names it; no coordinates are given)", text)
        # The citation and the JSON-LD name it too.
        self.assertIn("Ludus Latrunculorum: artistic depiction, Fayyum Oasis.", text)  # the citation
        r = self.client.get(e.get_absolute_url())
        ld = re.search(r'<script type="application/ld\+json">(.*?)</script>', r.content.decode(), re.S).group(1)
        self.assertIn('"spatialCoverage": {\n  "@type": "Place",\n  "name": "Fayyum Oasis"', ld)

    def test_list_rows_show_it(self):
        text = self.page("/evidence/?q=Fayyum+Oasis")
        self.assertIn("Fayyum Oasis", text)
        self.assertNotIn("no place recorded", text)

    def test_coordinates_without_a_name_are_said_to_be_so(self):
        text = self.page("/evidence/DLP.Evidence.2/")
        self.assertIn("not named in the DLP record: only coordinates are given", text)

    def test_search_finds_the_place_name(self):
        expected = set(Evidence.objects.filter(kml__icontains="Sri Lanka").values_list("dlp_id", flat=True))
        self.assertEqual(len(expected), 14)
        found = set()
        url = "/api/v1/evidence/?q=Sri%20Lanka&format=json"
        while url:
            data = self.client.get(url).json()
            found |= {r["dlp_id"] for r in data["results"]}
            url = data.get("next")
        self.assertEqual(found, expected)
        self.assertIn("14 records", self.page("/evidence/?q=Sri+Lanka"))


class FeaturesOfPlay(WholeArchive):
    def test_they_are_imported_shown_filtered_and_counted(self):
        self.assertEqual(Concept.objects.count(), 31)
        self.assertEqual(Evidence.concepts.through.objects.count(), 199)  # 201 rows, two repeat a pair
        casting = Concept.objects.get(name="casting sticks")
        self.assertEqual(casting.dlp_id, 2)
        self.assertIn("Features of play attested number of spaces, casting sticks", self.page("/evidence/DLP.Evidence.2/"))
        n = casting.evidence.count()
        self.assertIn(f"{n} record", self.page("/evidence/?concept=casting+sticks"))
        # The facet renders its top values; "show all" lists every feature with its count.
        self.assertIn(f"casting sticks {n}", self.page("/evidence/?all=concept"))
        data = self.client.get("/api/v1/evidence/", {"concept": "casting sticks", "format": "json"}).json()
        self.assertEqual(sorted(r["dlp_id"] for r in data["results"]), sorted(casting.evidence.values_list("dlp_id", flat=True)))
        self.assertIn("casting sticks", data["results"][0]["concepts"])
        r = self.client.get("/api/v1/evidence/", {"concept": "dragons", "format": "json"})
        self.assertEqual((r.status_code, r.json()), (400, {"concept": ["unknown value 'dragons'"]}))

    def test_the_schema_documents_the_filter(self):
        schema = self.client.get("/api/schema/", {"format": "json"}).json()
        params = {p["name"]: p for p in schema["paths"]["/api/v1/evidence/"]["get"]["parameters"]}
        self.assertIn("LudemeInfos", params["concept"]["description"])


class ImportHistory(TestCase):
    """The history of an imported record is true: its rows carry the links the record had."""

    def test_an_import_records_the_links_it_leaves(self):
        call_command("load_catalogue", "--without-dlp", stdout=StringIO())
        call_command("import_dlp", str(DLP_DUMP), stdout=StringIO(), stderr=StringIO())
        e = Evidence.objects.get(dlp_id=1188)
        imported = e.history.filter(history_change_reason__startswith="import_dlp").latest()
        self.assertEqual(
            sorted(imported.sources.values_list("source_id", flat=True)), sorted(e.sources.values_list("id", flat=True))
        )
        self.assertEqual(sorted(imported.ages.values_list("age__name", flat=True)), ["Adolescent", "Child"])
        delta = imported.diff_against(imported.prev_record)
        self.assertNotIn("sources", delta.changed_fields)
        # A record the import created has every link in its first row.
        new = Evidence.objects.get(dlp_id=2)
        first = new.history.earliest()
        self.assertEqual(first.history_type, "+")
        self.assertEqual(len(first.sources.all()), new.sources.count())
        self.assertEqual(sorted(first.concepts.values_list("concept__name", flat=True)), sorted(new.concepts.values_list("name", flat=True)))

    def test_an_imported_version_is_read_not_reverted_to_and_the_links_stay(self):
        # Reverting is off (archive.admin.HistoryAdmin): simple-history's revert restores the
        # fields but not the links, places or media, so a posted revert is refused.
        from django.contrib.auth.models import User

        call_command("load_catalogue", stdout=StringIO())
        e = Evidence.objects.get(dlp_id=2)
        version = e.history.earliest()
        links = sorted(e.sources.values_list("id", flat=True))
        self.assertTrue(links)
        e.confidence = 10
        e.save()
        admin = User.objects.create_superuser("curator", "c@example.org", "pw-curator-123")
        self.client.force_login(admin)
        url = f"/admin/archive/evidence/{e.pk}/history/{version.history_id}/"
        form = self.client.get(url).context["adminform"].form
        data = {}
        for name, field in form.fields.items():
            value = form.initial.get(name, field.initial)
            if hasattr(value, "all") or isinstance(value, list | tuple):
                data[name] = [getattr(v, "pk", v) for v in (value.all() if hasattr(value, "all") else value)]
            elif isinstance(value, dict):
                import json

                data[name] = json.dumps(value)
            else:
                data[name] = "" if value is None else value
        for formset in self.client.get(url).context.get("inline_admin_formsets", []):
            fs = formset.formset
            for key in ("TOTAL_FORMS", "INITIAL_FORMS", "MIN_NUM_FORMS", "MAX_NUM_FORMS"):
                data[f"{fs.prefix}-{key}"] = fs.management_form.initial.get(key, fs.management_form[key].value())
            for form_ in fs.forms:
                for name, field in form_.fields.items():
                    value = form_.initial.get(name, field.initial)
                    data[f"{form_.prefix}-{name}"] = "" if value is None else getattr(value, "pk", value)
        r = self.client.post(url, data)
        self.assertEqual(r.status_code, 403)
        e.refresh_from_db()
        self.assertEqual(e.confidence, 10)
        self.assertEqual(sorted(e.sources.values_list("id", flat=True)), links)
