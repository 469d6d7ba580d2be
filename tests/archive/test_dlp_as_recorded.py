"""The DLP's values as it records them, beside our reading (issue 36, items 8, 9 and 14): dates at
the precision recorded, a flag that is neither 0 nor 1, a URL as the DLP gives it, the DLP's
texts in the API where the catalogue rewrote them, and game pages that name and explain the
DLP's fields."""
from __future__ import annotations

import pytest

from archive import years
from archive.models import Evidence, Game, Ruleset, Source
from archive.templatetags.archive_tags import dlp_fields, link_records
from tests.archive.archive_helpers import fresh_cache  # noqa: F401
from tests.archive.test_dlp_archive import WholeArchive


@pytest.mark.parametrize(
    ("start", "start_bc", "end", "end_bc", "label"),
    [
        (None, 0, "1401-12-31", 0, "until 1401"),  # DLP.Evidence.1210 (1209, 1211 likewise)
        ("0600-01-02", 0, "0900-12-31", 0, "600–900"),  # DLP.Evidence.1352
        ("0600-01-02", 0, "1000-12-31", 0, "600–1000"),  # DLP.Evidence.1358
        ("1200-01-02", 1, "0332-12-31", 1, "1200–332 BCE"),  # DLP.Evidence.548
        ("0675-01-01", 1, "0625-12-21", 1, "675–625 BCE"),  # DLP.Evidence.1014
        ("1920-01-01", 0, "1929-12-31", 0, "1920–1929"),  # a whole decade
        ("2321-01-01", 1, None, 0, "from 2321 BCE"),
        # Days the DLP did record stay days.
        ("0177-11-03", 1, "0176-11-03", 1, "3 November 177 BCE – 3 November 176 BCE"),
        ("1994-03-01", 0, "1994-03-31", 0, "March 1994"),
        ("0960-02-04", 0, "1127-03-20", 0, "4 February 960 – 20 March 1127"),
    ],
)
def test_dlp_dates_are_shown_at_the_precision_recorded(start, start_bc, end, end_bc, label):
    r = years.dlp_range(start, start_bc, end, end_bc)
    shown = years.date_label(r.start_year, r.end_year, start_date=r.start_date, end_date=r.end_date, precision=r.precision)
    assert shown == label


def test_a_flag_neither_0_nor_1_is_shown_as_recorded_with_our_reading():
    shown = dict(dlp_fields({"DateStart": "1923-01-01", "DateStartBC": 127, "DateEndBC": 0}))
    assert shown["Start date is BCE (DLP)"] == "127, as recorded (neither 0 nor 1: we read the start as CE)"
    assert shown["End date is BCE (DLP)"] == "no"


def test_record_references_in_texts_are_links():
    html = link_records('DLP.Evidence.58 on opposite face <b>& see DLP.Sources.122</b>')
    assert html == (
        '<a class="record-ref" href="/evidence/DLP.Evidence.58/">DLP.Evidence.58</a> on opposite face '
        '&lt;b&gt;&amp; see <a class="record-ref" href="/sources/DLP.Sources.122/">DLP.Sources.122</a>&lt;/b&gt;'
    )


class AsRecordedInTheWholeArchive(WholeArchive):
    def test_the_records_the_audit_names_read_as_years(self):
        expected = {
            1210: "until 1401", 1209: "until 908", 1211: "until 1106", 1352: "600–900", 1358: "600–1000",
            548: "1200–332 BCE", 1014: "675–625 BCE",
        }
        for dlp_id, label in expected.items():
            e = Evidence.objects.get(dlp_id=dlp_id)
            self.assertEqual((e.date_display, e.date_precision), (label, "year"), dlp_id)
            text = self.page(e.get_absolute_url())
            self.assertIn(f"Date {label} (to the year)", text)
            self.assertNotIn("January", text.split("Cite this record")[1].split("Sources")[0])

    def test_742s_flag_is_shown_as_recorded(self):
        text = self.page("/evidence/DLP.Evidence.742/")
        self.assertIn("Start date is BCE (DLP) 127, as recorded (neither 0 nor 1: we read the start as CE)", text)
        self.assertIn("The DLP's flag for a BCE start (DateStartBC) reads 127, neither 0 nor 1; we read the start as CE.", text)
        self.assertNotIn("Start date is BCE (DLP) no", text)

    def test_a_reversed_range_is_named_on_the_timeline_it_stretches(self):
        text = self.page("/games/liubo/")
        self.assertIn(
            "When: 1220 BCE – 220 CE. DLP.Evidence.1257: 122 BCE – 1220 BCE (as recorded: start after end); "
            "drawn here from 1220 BCE to 122 BCE, hatched.", text,
        )

    def test_source_122s_url_is_kept_as_the_dlp_records_it(self):
        source = Source.objects.get(dlp_id=122)
        self.assertEqual(source.url, "https://www.worldcat.org/title/ethiopia-observer/oclc/473758639&referer=brief_results")
        self.assertEqual(source.evidence.count(), 35)
        data = self.client.get(f"/api/v1/sources/{source.ref}/", {"format": "json"}).json()
        self.assertTrue(data["url"].endswith("&referer=brief_results"))

    def test_the_api_gives_the_dlps_text_wherever_the_catalogue_rewrote_it(self):
        from archive.importers.dlp import DLP_TEXT_KEY

        for model, url in ((Game, "/api/v1/games/{0.slug}/"), (Ruleset, "/api/v1/rulesets/{0.pk}/")):
            rewritten = [o for o in model.objects.exclude(dlp_id=None) if (o.dlp_extra or {}).get(DLP_TEXT_KEY)]
            self.assertTrue(rewritten)
            for obj in rewritten:
                data = self.client.get(url.format(obj), {"format": "json"}).json()
                kept = obj.dlp_extra[DLP_TEXT_KEY]
                self.assertEqual(data["dlp_original"], kept, obj)
                for field, text in kept.items():
                    self.assertNotEqual(data[field], text)  # ours differs, the DLP's is beside it
        senet = self.client.get("/api/v1/games/senet/", {"format": "json"}).json()
        self.assertEqual(senet["dlp_original_columns"], {"description": "Description"})
        self.assertIn("description", senet["dlp_original"])
        untouched = Game.objects.get(slug="liubo")
        self.assertEqual(self.client.get(f"/api/v1/games/{untouched.slug}/", {"format": "json"}).json()["dlp_original"], {})


class GamePagesReadAsPages(WholeArchive):
    def test_liubo_names_its_ruleset_and_explains_its_range(self):
        r = self.client.get("/games/liubo/")
        main = Ruleset.objects.get(dlp_id=134)
        self.assertContains(r, f'<a href="#ruleset-{main.slug}">{main.name}</a> <span class="muted">(DLP.GameRulesets.134)</span>', count=2)
        text = self.page("/games/liubo/")
        self.assertIn("Main ruleset Historical Information (DLP.GameRulesets.134)", text)
        self.assertIn("Years of the evidence (DLP) 392 BCE – 220 CE (the DLP gives 3108,3720)", text)
        self.assertNotIn("Evidence range (DLP) 3108,3720", text)
        self.assertIn("Not yet playable here: no board in this archive plays Liubo. The rules as the DLP gives them are below", text)
        self.assertIn("Liubo board. Six pieces per player.", text)

    def test_double_chess_gives_its_date_as_a_year_and_says_what_the_flag_means(self):
        text = self.page("/games/double-chess/")
        self.assertIn("Date 1916 (as the DLP writes it: 1916-00-00)", text)
        self.assertIn("Within the DLP's study no Whether the game is one of the traditional games the DLP studies", text)
        self.assertIn("DLP record DLP.Games.17", text)
        self.assertNotIn("DLP game DLP.Games", text)
        self.assertNotIn("A DLP game", text)

    def test_record_references_link_on_record_pages(self):
        r = self.client.get("/evidence/DLP.Evidence.59/")
        self.assertContains(r, '<a class="record-ref" href="/evidence/DLP.Evidence.58/">DLP.Evidence.58</a>')

    def test_a_playable_game_has_no_not_playable_notice(self):
        self.assertNotIn("Not yet playable here", self.page("/games/senet/"))
