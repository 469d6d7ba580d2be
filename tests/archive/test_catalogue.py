"""The first catalogue: complete against RULES.md, faithful to the seeds, and idempotent."""
from __future__ import annotations

import re
from decimal import Decimal
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import TestCase

from archive.models import (
    Age,
    Category,
    Evidence,
    Game,
    GameName,
    Gender,
    Period,
    Place,
    Region,
    RuleClause,
    Ruleset,
    SocialStatus,
    Source,
    Space,
    UncertaintyFactor,
)
from tests.archive.archive_helpers import fresh_cache  # noqa: F401
from tests.conftest import catalogue_loaded



def read_rules_md(path: Path) -> dict[str, set[str]]:
    """RULES.md's clause ids per engine variant key, read from the document itself."""
    text = path.read_text(encoding="utf-8")
    clauses: dict[str, set[str]] = {}
    variant = None
    for line in text.splitlines():
        heading = re.match(r"^## .*`([a-z]+\.[a-z-]+)`", line)
        if heading:
            variant = heading.group(1)
            clauses[variant] = set()
        item = re.match(r"^- ([A-Z]{2}-\d+) ", line)
        if item and variant:
            clauses[variant].add(item.group(1))
    return {k: v for k, v in clauses.items() if v}


class LoadedCatalogue(TestCase):
    """The catalogue loaded once per class (it takes a second); each test runs in a transaction."""

    @classmethod
    def setUpTestData(cls) -> None:
        catalogue_loaded()  # load_catalogue, or the rows its first run in this session left

    @pytest.fixture(autouse=True)
    def shared_inputs(self, seeds_dir, fresh_cache):  # noqa: F811
        self.seeds_dir = seeds_dir


def history_rows() -> int:
    return sum(
        model.history.count()
        for model in (Game, Ruleset, RuleClause, Evidence, Source)
    )


class TestLoading(LoadedCatalogue):
    def test_running_it_twice_changes_nothing(self):
        before = history_rows()
        snapshot = list(Evidence.objects.values()), list(RuleClause.objects.values()), list(Game.objects.values())
        out = StringIO()
        call_command("load_catalogue", stdout=out)
        assert "nothing changed" in out.getvalue()
        assert history_rows() == before
        assert (list(Evidence.objects.values()), list(RuleClause.objects.values()), list(Game.objects.values())) == snapshot

    def load(self) -> str:
        out = StringIO()
        call_command("load_catalogue", stdout=out)
        return out.getvalue()

    def test_a_curators_correction_is_kept_and_said_and_the_rest_follows_the_catalogue(self):
        clause = RuleClause.objects.get(clause_id="SS-7", ruleset__game__slug="ses-bes")
        shipped_text, shipped_locator = clause.text, clause.locator
        # What an older catalogue wrote: the load puts its own value back where no one changed it.
        clause.locator = "an older locator"
        clause._change_reason = "load_catalogue"
        clause.save()
        del clause._change_reason
        clause.text = "A curator's corrected wording."
        clause.save()  # a curator's change (the admin's, the API's: not the catalogue's reason)
        rows = clause.history.count()
        out = self.load()
        clause.refresh_from_db()
        assert (clause.text, clause.locator) == ("A curator's corrected wording.", shipped_locator)
        assert shipped_text != clause.text
        assert "rule clause fields kept as a curator changed them: 1" in out
        assert clause.history.count() == rows + 1  # the locator's row, by the catalogue
        assert clause.history.first().history_change_reason == "load_catalogue"
        again = self.load()
        assert "nothing changed" in again and "kept as a curator changed them: 1" in again

    def test_what_a_curator_deleted_is_not_made_again(self):
        record = Evidence.objects.get(dlp_id=1188)  # in the DLP's dump and in our catalogue
        dlp_only = Evidence.objects.filter(dlp_id__isnull=False).exclude(dlp_id__in=[1188, 2445]).first()
        source = Source.objects.filter(dlp_id__isnull=False, evidence__isnull=True, games__isnull=True, rulesets__isnull=True).first()
        alias = GameName.objects.filter(game__slug="senet").first()
        for obj in (record, dlp_only, source, alias):
            obj.delete()
        out = self.load()
        assert not Evidence.objects.filter(dlp_id__in=[1188, dlp_only.dlp_id]).exists()
        assert not Source.objects.filter(dlp_id=source.dlp_id).exists()
        assert not GameName.objects.filter(game__slug="senet", name=alias.name, kind=alias.kind).exists()
        assert "DLP evidence deleted or renamed by a curator, not made again: 2" in out
        assert "nothing changed" in out

    def test_a_game_or_ruleset_a_curator_renamed_is_not_made_twice(self):
        game = Game.objects.get(slug="takhte-nard")
        game.slug = "takhte-nard-persian"
        game.save()
        ruleset = Ruleset.objects.get(game__slug="ses-bes", slug="azerbaijan-2024")
        ruleset.slug = "x"
        ruleset.save()
        alias = GameName.objects.filter(game__slug="senet").order_by("pk").first()
        old_name = alias.name
        alias.name = old_name + " (a typo form)"
        alias.save()
        games, rulesets, clauses = Game.objects.count(), Ruleset.objects.count(), RuleClause.objects.count()
        self.load()
        assert (Game.objects.count(), Ruleset.objects.count(), RuleClause.objects.count()) == (games, rulesets, clauses)
        assert Game.objects.filter(slug="takhte-nard-persian").exists() and Ruleset.objects.filter(slug="x").exists()
        assert not GameName.objects.filter(game__slug="senet", name=old_name).exists()
        # its evidence still found it
        assert Evidence.objects.get(dlp_id=2445).ruleset.slug == "x"

    def test_links_a_curator_changed_stay_and_a_place_a_curator_added_stays(self):
        senet = Game.objects.get(slug="senet")
        region = senet.regions.first()
        senet.regions.remove(region)
        record = Evidence.objects.get(dlp_id=2445)
        added = Place.objects.create(evidence=record, name="A second village", latitude=Decimal("40.1"), longitude=Decimal("48.9"), order=99)
        out = self.load()
        assert region not in senet.regions.all()
        assert Place.objects.filter(pk=added.pk).exists()
        assert "game regions kept as a curator changed them: 1" in out

    def test_it_records_history_for_what_it_creates(self):
        assert Game.history.filter(slug="bechi", history_type="+").exists()


class TestCompleteness(LoadedCatalogue):
    def test_every_clause_of_rules_md_is_in_the_catalogue(self):
        rules_md = read_rules_md(self.seeds_dir.parent / "RULES.md")
        for variant, ids in rules_md.items():
            if variant == "tables.backgammon":
                continue  # the reference variant: no game of its own in the catalogue
            in_catalogue = set(RuleClause.objects.filter(ruleset__variant=variant).values_list("clause_id", flat=True))
            assert ids <= in_catalogue, f"{variant} lacks {sorted(ids - in_catalogue)}"
            assert in_catalogue <= ids, f"{variant} has clauses RULES.md does not: {sorted(in_catalogue - ids)}"

    def test_every_clause_has_wording_and_a_source(self):
        for clause in RuleClause.objects.all():
            assert clause.text and clause.source_id, clause.clause_id

    def test_the_clauses_rules_md_makes_options_name_them(self):
        options = dict(RuleClause.objects.exclude(option="").values_list("clause_id", "option"))
        assert options["SS-7"] == "ses_bes_jump"
        assert options["TN-2"] == "opening"
        assert options["TN-4"] == "home_hit_restriction"
        assert options["TN-5"] == "bearoff_fallback"
        assert options["TN-7"] == "cube"
        assert options["GB-4"] == "cascade_after"
        assert options["GB-5"] == "opponent_plays_remainder"
        assert options["BE-1"] == "holes"
        assert options["BE-7"] == "shu_house_rule"
        # issue 12: the readings decided by the sources' words, each an option on its clause
        assert options["TN-3"] == "higher_die" and options["TN-6"] == "black_mars_bar"
        assert options["BE-5"] == "origin_counts_as_moved" and options["BE-8"] == "round_one"
        be5 = RuleClause.objects.get(clause_id="BE-5", ruleset__game__slug="bechi").interpretation
        assert "chain_skips_left_empty" in be5 and "immediately following" in be5
        assert "crawford" in RuleClause.objects.get(clause_id="TN-8", ruleset__game__slug="takhte-nard").interpretation
        assert "never makes that mistake" in RuleClause.objects.get(clause_id="BE-7", ruleset__game__slug="bechi").interpretation

    def test_ss7_shows_the_sources_sentence_beside_our_reading(self):
        clause = RuleClause.objects.get(clause_id="SS-7", ruleset__game__slug="ses-bes")
        assert "directly from the starting position to the bar" in clause.quotation
        assert "13-point" in clause.interpretation

    def test_tn4_says_the_source_gives_it_in_one_sentence_without_an_example(self):
        clause = RuleClause.objects.get(clause_id="TN-4", ruleset__game__slug="takhte-nard")
        assert "one sentence" in clause.interpretation and "no example" in clause.interpretation
        assert clause.quotation_language == "fa" and clause.quotation_translation

    def test_the_five_games_have_their_slugs_and_dlp_ids(self):
        # The race games (tests/archive/test_race_catalogue.py) follow the first five.
        games = dict(
            Game.objects.filter(featured__isnull=False).exclude(rulesets__variant__startswith="race.").values_list("slug", "dlp_id")
        )
        assert games == {"ses-bes": 1702, "shesh-besh": None, "takhte-nard": None, "gul-bara": None, "bechi": 325}

    def test_rulesets_name_their_engine_variants(self):
        from games.engine.rules import catalogue as rules_files  # linked to DLP rulesets: test_rules_catalogue

        variants = set(
            Ruleset.objects.exclude(variant="").exclude(variant__startswith="race.")
            .exclude(variant__in=[f.key for f in rules_files()]).values_list("variant", flat=True)
        )
        assert variants == {"tables.ses-bes", "tables.shesh-besh", "tables.takhte-nard", "tables.gul-bara", "mancala.bechi"}

    def test_the_loaded_options_validate_with_the_engines_that_exist(self):
        from games.engine import UnknownVariant, get_variant

        checked = 0
        for ruleset in Ruleset.objects.exclude(variant=""):
            try:
                variant = get_variant(ruleset.variant)
            except UnknownVariant:
                continue
            variant.validate_options(ruleset.options)
            # and every option a clause names is one the engine offers
            for option in ruleset.clauses.exclude(option="").values_list("option", flat=True):
                assert option in variant.options, f"{ruleset.variant} has no option {option!r} ({ruleset})"
            checked += 1
        assert checked, "no engine registered: nothing checked"

    def test_native_names_carry_their_languages(self):
        names = {(n.name, n.language) for n in Game.objects.get(slug="takhte-nard").names.all()}
        assert ("تخته نرد", "fa") in names
        names = {(n.name, n.language) for n in Game.objects.get(slug="ses-bes").names.all()}
        assert {("Şeş-Beş", "az"), ("Nərd", "az"), ("Uzun nərd", "az")} <= names
        assert ("Şeş beş", "tr") in {(n.name, n.language) for n in Game.objects.get(slug="shesh-besh").names.all()}

    def test_every_seed_document_is_a_citable_source(self):
        seeds_dir = self.seeds_dir
        notes = " ".join(Source.objects.values_list("note", flat=True))
        for seed in sorted(seeds_dir.glob("0*_*.txt")):
            assert seed.name in notes, f"no source for {seed.name}"
        pankhurst = Source.objects.get(dlp_id=122)
        assert pankhurst.short == "Pankhurst 1971" and pankhurst.pages == "154-206"
        assert Source.objects.filter(authors__startswith="Townshend").exists()

    def test_the_dlp_vocabularies_carry_their_dlp_ids(self):
        from tests.conftest import dlp_dump_text

        text = dlp_dump_text()
        for model, table in (
            (Age, "Ages"), (Gender, "Genders"), (SocialStatus, "SocialStatuses"), (Space, "Spaces"),
            (UncertaintyFactor, "UncertaintyFactors"), (Period, "Periods"), (Category, "Categories"),
            (Region, "Regions"),
        ):
            block = text.split(f"INSERT INTO `{table}`", 1)[1].split(";\n", 1)[0]
            rows = {int(i): name for i, name in re.findall(r"\((\d+), '((?:[^']|'')*)'", block)}
            assert dict(model.objects.values_list("dlp_id", "name")) == rows, table


class TestTheSeedEvidence(LoadedCatalogue):
    def test_2445_has_every_fact_of_its_page(self):
        e = Evidence.objects.get(dlp_id=2445)
        assert e.type == "ethnography" and e.game.slug == "ses-bes" and e.confidence == 100
        assert (e.start_date, e.end_date, e.start_year, e.end_year) == ("2024-07-18", "2024-08-06", 2024, 2024)
        places = list(e.places.order_by("order"))
        assert [p.coordinates_text for p in places] == [
            "39°35'29.31\"N, 48°58'34.31\"E", "41° 3'4.40\"N, 47°24'54.19\"E", "39°30'8.75\"N, 45° 1'45.55\"E",
        ]
        assert [(p.latitude, p.longitude) for p in places] == [
            (Decimal("39.591475"), Decimal("48.976197")),
            (Decimal("41.051222"), Decimal("47.415053")),
            (Decimal("39.502431"), Decimal("45.029319")),
        ]
        assert set(e.ages.values_list("name", flat=True)) == {"All"}
        assert set(e.social_statuses.values_list("name", flat=True)) == {"All"}
        assert set(e.spaces.values_list("name", flat=True)) == {"Inside", "Outside", "Public", "Private", "Communal"}
        assert set(e.genders.values_list("name", flat=True)) == {"Female", "Male"}
        assert e.summary and e.content and "2445" in e.content_citation
        assert e.sources.filter(authors__contains="Gasimov").exists()

    def test_1188_has_every_fact_of_its_page(self):
        e = Evidence.objects.get(dlp_id=1188)
        assert e.type == "ethnography" and e.game.dlp_id == 325 and e.confidence == 100
        assert (e.start_year, e.end_year, e.date_precision) == (1971, 1971, "year")
        ((lat, lon),) = e.places.values_list("latitude", "longitude")
        assert (lat, lon) == (Decimal("15.107450"), Decimal("37.590744"))
        assert set(e.ages.values_list("name", flat=True)) == {"Child", "Adolescent"}
        assert set(e.genders.values_list("name", flat=True)) == {"Male"}
        assert e.sources.filter(dlp_id=122).exists()
        assert "Townshend 1971: 169-170" in e.content_citation

    def test_the_records_own_text_is_kept_verbatim_beside_our_summaries(self):
        from archive.importers.page import parse_page
        from archive.importers.sqldump import read_dump_file
        from tests.conftest import DLP_DUMP, DLP_PAGES

        # 1188: the DLP's Misc and Rules as the dump has them (Townshend's whole quotation).
        [row] = [r for _, r in read_dump_file(DLP_DUMP).records("Evidence") if r["Id"] == 1188]
        e = Evidence.objects.get(dlp_id=1188)
        assert (e.content, e.rules_text) == (row["Misc"], row["Rules"])
        assert len(e.content) == 4011 and e.content.endswith("Townshend 1971: 169-170.")
        # 2445: the seed page's fieldwork notes and rules, whole.
        [page] = parse_page((DLP_PAGES / "DLP.Evidence.2445.txt").read_text(encoding="utf-8"))
        e = Evidence.objects.get(dlp_id=2445)
        assert (e.content, e.rules_text) == (page.fields["content"], page.fields["rules_text"])
        assert "Double 1s: Yığannar or bir qoşa" in e.content and len(e.content) > 3000
        # Our words are kept apart from theirs.
        for e in Evidence.objects.filter(dlp_id__in=[1188, 2445]):
            assert e.summary and e.rules_summary and e.rules_summary not in e.rules_text
        for clause in RuleClause.objects.all():
            assert len(clause.quotation) <= 300, clause.clause_id

    def test_the_whole_dlp_archive_is_loaded_and_the_catalogue_merged(self):
        assert Game.objects.count() == 569 and Evidence.objects.count() == 1267
        assert Evidence.objects.filter(dlp_id=1188).count() == 1 and Game.objects.filter(dlp_id=325).count() == 1
        assert Source.objects.filter(dlp_id=122).count() == 1
        assert Evidence.objects.get(dlp_id=1188).game.slug == "bechi"
