"""Rules files in the archive: load_catalogue links each file (games/rulesets/) to its ruleset, by
its DLP ruleset id (or, for a file of ours, a ruleset it makes under its DLP game), sets the
ruleset's variant to the file's key and writes the file's clauses; the game page shows them
beside the DLP's own rules text, and the API gives them. The file is the single source.

The tests link a small file of their own (the engine's mechanics are written separately); its key
is played by a stand-in variant so that the ruleset validates and the page draws a board. The
last test checks every real file against the DLP's database, in one pass."""
from __future__ import annotations

import re
from collections import Counter

import pytest
from django.test import TestCase

from archive.importers.dlp import REASON as DLP_REASON
from archive.importers.dlp import fingerprint
from archive.importers.errors import ImportFailed
from archive.models import Game, RuleClause, Ruleset, Source
from archive.services import catalogue_load, rules_files_load
from games.engine import get_variant
from games.engine.core import _REGISTRY
from games.engine.rules.loader import load_text
from tests.archive.archive_helpers import fresh_cache  # noqa: F401
from tests.conftest import catalogue_loaded, loaded

KEY = "sow.test-wari"
OURS_KEY = "sow.test-ours"
DLP_GAME, DLP_RULESET = 990001, 990069
DLP_RULES = "Two rows of six holes. Four counters in each hole. Sowing anticlockwise; captures of two or three."

FILE = f'''
key = "{KEY}"
title = "Test Wari (after the DLP)"
mechanic = "sow"
game = {{ dlp = {DLP_GAME}, name = "Test Wari" }}
ruleset = {{ dlp = {DLP_RULESET}, name = "Wari" }}
players = 2
sides = ["South", "North"]
source = "dlp-2020"
locator = "DLP.GameRulesets.{DLP_RULESET}"
summary = "Our summary of the test rules."

[[clause]]
id = "TW-1"
text = "Two rows of six holes, four seeds in each."
quote = "Two rows of six holes. Four counters in each hole."
board = {{ rows = 2, holes = 6 }}
setup = {{ seeds = 4 }}

[[clause]]
id = "TW-2"
text = "A player sows the seeds of one of their holes anticlockwise, one in each hole."
source = "murray-1951"
locator = "p. 203"
interpretation = "The starting hole is skipped on a lap."
move = {{ sow = "ccw" }}

[[clause]]
id = "TW-3"
text = "Two or three seeds in the last hole, on the opponent's side, are captured."
ludii = "Ludii captures on the mover's own side too; steps 12 and 40 of its trace differ."
capture = {{ counts = [2, 3] }}
end = {{ most = "captures" }}
'''


def rules_file(text: str = FILE, path: str = "rulesets/sow/test-wari.toml"):
    return load_text(text, path)


def without_clause(text: str, cid: str) -> str:
    """The file's text with one clause taken out."""
    parts = re.split(r"(?=^\[\[clause\]\])", text, flags=re.M)
    return "".join(p for p in parts if f'id = "{cid}"' not in p)


def history_rows() -> int:
    return sum(model.history.count() for model in (Game, Ruleset, RuleClause, Source))


@pytest.fixture
def stand_in_variants(monkeypatch):
    """The test files' keys, played by an engine that exists (a board to draw, options to check)."""
    for key in (KEY, OURS_KEY):
        monkeypatch.setitem(_REGISTRY, key, get_variant("mancala.bechi"))


class RulesFiles(TestCase):
    """Our catalogue without the DLP (shared with the page tests), and one game and ruleset as
    the DLP import makes them."""

    @classmethod
    def setUpTestData(cls) -> None:
        loaded(("load_catalogue", "--without-dlp"))
        game = Game(name="Test Wari", slug="test-wari", dlp_id=DLP_GAME, description="A test game.")
        game._change_reason = f"{DLP_REASON} test"
        game.save()
        ruleset = Ruleset(game=game, name="Wari", slug="wari", dlp_id=DLP_RULESET, summary="The DLP's summary.",
                          rules_text=DLP_RULES, dlp_extra={"_imported": {"summary": fingerprint("The DLP's summary.")}})
        ruleset._change_reason = f"{DLP_REASON} test"
        ruleset.save()
        cls.ruleset_pk = ruleset.pk

    @pytest.fixture(autouse=True)
    def _setup(self, stand_in_variants, fresh_cache):  # noqa: F811
        pass

    def link(self, *files, strict: bool = True) -> tuple[Counter, Counter]:
        kept: Counter[str] = Counter()
        counts = rules_files_load(files=list(files) or [rules_file()], strict=strict, kept=kept)
        return counts, kept

    def ruleset(self) -> Ruleset:
        return Ruleset.objects.get(pk=self.ruleset_pk)

    def clauses(self) -> dict[str, RuleClause]:
        return {c.clause_id: c for c in RuleClause.objects.filter(ruleset_id=self.ruleset_pk).select_related("source")}


class TestLinking(RulesFiles):
    def test_the_file_links_to_its_dlp_ruleset_by_id_with_its_clauses(self):
        counts, _ = self.link()
        ruleset = self.ruleset()
        assert ruleset.variant == KEY and ruleset.playable
        assert (ruleset.name, ruleset.rules_text) == ("Wari", DLP_RULES)  # the DLP's, untouched
        # Our summary replaces the DLP's, which is kept to be shown beside it.
        assert ruleset.summary == "Our summary of the test rules."
        assert ruleset.dlp_extra["_dlp_text"]["summary"] == "The DLP's summary."
        clauses = self.clauses()
        assert [c.clause_id for c in RuleClause.objects.filter(ruleset=ruleset).order_by("order")] == ["TW-1", "TW-2", "TW-3"]
        one, two, three = clauses["TW-1"], clauses["TW-2"], clauses["TW-3"]
        assert one.source == Source.objects.get(ref="SDPGAMES8")  # dlp-2020, the file's default
        assert one.locator == f"DLP.GameRulesets.{DLP_RULESET}"
        assert one.quotation == "Two rows of six holes. Four counters in each hole."
        assert one.elements == ["board", "setup"]
        assert two.source.dlp_id == 1 and two.locator == "p. 203"  # murray-1951
        assert two.interpretation == "The starting hole is skipped on a lap." and two.elements == ["move"]
        assert three.ludii.startswith("Ludii captures on the mover's own side too")
        assert three.elements == ["capture", "end"]
        assert counts["rule clause created"] == 3 and counts["ruleset updated"] == 1

    def test_running_it_twice_changes_nothing(self):
        self.link()
        before = history_rows(), list(RuleClause.objects.values()), list(Ruleset.objects.values())
        counts, kept = self.link()
        assert not counts and not kept
        assert (history_rows(), list(RuleClause.objects.values()), list(Ruleset.objects.values())) == before

    def test_load_catalogue_links_them_last_and_a_second_load_changes_nothing(self):
        files = [rules_file()]
        catalogue_load(dlp=False, rules_files=files)
        assert self.ruleset().variant == KEY and len(self.clauses()) == 3
        rows = history_rows()
        assert catalogue_load(dlp=False, rules_files=files) == Counter()
        assert history_rows() == rows

    def test_an_unknown_source_key_is_an_error_naming_the_file_and_the_clause(self):
        bad = rules_file(FILE.replace('source = "murray-1951"', 'source = "murray-1952"'))
        with pytest.raises(ImportFailed) as caught:
            self.link(bad)
        message = str(caught.value)
        assert "rulesets/sow/test-wari.toml" in message and "clause TW-2" in message and "'murray-1952'" in message
        assert "dlp-2020" in message  # the keys it could have been
        assert self.ruleset().variant == "" and not self.clauses()  # nothing written

    def test_a_clause_taken_out_of_the_file_goes_and_comes_back_when_put_back(self):
        self.link()
        counts, _ = self.link(rules_file(without_clause(FILE, "TW-2")))
        assert set(self.clauses()) == {"TW-1", "TW-3"} and counts["rule clause deleted"] == 1
        assert [c.order for c in RuleClause.objects.filter(ruleset_id=self.ruleset_pk).order_by("order")] == [0, 1]
        # Our own deletion is not a curator's: the clause is made again once the file has it.
        counts, _ = self.link()
        assert set(self.clauses()) == {"TW-1", "TW-2", "TW-3"} and counts["rule clause created"] == 1

    def test_what_a_curator_changed_stays(self):
        self.link()
        clauses = self.clauses()
        edited = clauses["TW-1"]
        edited.text = "A curator's wording."
        edited.save()  # the admin's or the API's save: not the catalogue's reason
        clauses["TW-3"].delete()  # a curator deleted it
        added = RuleClause.objects.create(ruleset_id=self.ruleset_pk, clause_id="TW-9", order=9, text="A curator's clause.")
        counts, kept = self.link(rules_file(without_clause(FILE, "TW-2").replace("four seeds", "4 seeds")))
        clauses = self.clauses()
        assert clauses["TW-1"].text == "A curator's wording."
        assert "TW-3" not in clauses  # not made again
        assert "TW-9" in clauses and clauses["TW-9"].pk == added.pk  # not the file's, but a curator's
        assert "TW-2" not in clauses  # the file dropped it, and no one had changed it
        assert kept["rule clause fields kept as a curator changed them"] == 1
        assert kept["rule clause deleted by a curator, not made again"] == 1
        again, kept_again = self.link(rules_file(without_clause(FILE, "TW-2").replace("four seeds", "4 seeds")))
        assert not again and kept_again == kept

    def test_a_variant_a_curator_changed_stays(self):
        self.link()
        ruleset = self.ruleset()
        ruleset.variant = "mancala.bechi"
        ruleset.save()
        _, kept = self.link()
        assert self.ruleset().variant == "mancala.bechi"
        assert kept["ruleset fields kept as a curator changed them"] == 1

    def test_a_file_of_ours_makes_its_ruleset_under_the_dlp_game(self):
        ours = rules_file(
            FILE.replace(KEY, OURS_KEY).replace(f"dlp = {DLP_RULESET}, name = \"Wari\"", 'dlp = 0, name = "Our Wari"'),
            "rulesets/sow/test-ours.toml",
        )
        self.link(rules_file(), ours)
        made = Ruleset.objects.get(variant=OURS_KEY)
        assert (made.game.dlp_id, made.name, made.slug, made.dlp_id) == (DLP_GAME, "Our Wari", "our-wari", None)
        assert made.order > self.ruleset().order
        assert RuleClause.objects.filter(ruleset=made).count() == 3
        # Found again by its key: renamed by a curator, it is neither renamed back nor made twice.
        made.name, made.slug = "Wari as we read it", "ours"
        made.save()
        counts, kept = self.link(rules_file(), ours)
        assert not counts and Ruleset.objects.filter(variant=OURS_KEY).count() == 1
        assert Ruleset.objects.get(variant=OURS_KEY).name == "Wari as we read it"

    def test_two_files_for_one_dlp_ruleset_are_an_error(self):
        twin = rules_file(FILE.replace(KEY, OURS_KEY), "rulesets/sow/test-ours.toml")
        with pytest.raises(ImportFailed, match=r"test-ours.toml: ruleset: DLP.GameRulesets.990069 is also the ruleset of rulesets/sow/test-wari.toml"):
            self.link(rules_file(), twin)

    def test_a_ruleset_the_catalogue_plays_with_its_own_engine_is_not_taken_over(self):
        finkel = Ruleset.objects.get(dlp_id=77)  # the Royal Game of Ur, race.ur (archive/catalogue/race.py)
        clauses = list(finkel.clauses.values_list("clause_id", flat=True))
        file = rules_file(FILE.replace(f"dlp = {DLP_RULESET}", "dlp = 77"))
        counts, kept = self.link(file)
        finkel.refresh_from_db()
        assert finkel.variant == "race.ur" and list(finkel.clauses.values_list("clause_id", flat=True)) == clauses
        assert kept[f"rules file {KEY} not linked: DLP.GameRulesets.77 is played by race.ur (archive/catalogue)"] == 1

    def test_a_game_with_an_engine_named_after_it_keeps_that_board(self):
        # Backgammon's page plays tables.backgammon (the engine named after the game): a rules
        # file of its DLP ruleset (race.backgammon) is played at its own address, not linked.
        game = Game.objects.create(name="Backgammon", slug="backgammon", dlp_id=49)
        standard = Ruleset.objects.create(game=game, name="Standard", slug="standard", dlp_id=76)
        file = rules_file(FILE.replace(f"dlp = {DLP_RULESET}", "dlp = 76")
                          .replace(f'dlp = {DLP_GAME}, name = "Test Wari"', 'dlp = 49, name = "Backgammon"'))
        counts, kept = self.link(file)
        standard.refresh_from_db()
        assert standard.variant == ""
        assert kept[f"rules file {KEY} not linked: DLP.GameRulesets.76 is played by tables.backgammon "
                    "(the engine named after the game)"] == 1

    def test_a_missing_dlp_ruleset_is_an_error_with_the_whole_dlp_and_skipped_without_it(self):
        file = rules_file(FILE.replace(f"dlp = {DLP_RULESET}", "dlp = 990070"))
        with pytest.raises(ImportFailed, match=r"test-wari.toml: ruleset: DLP.GameRulesets.990070 is not in the archive"):
            self.link(file)
        counts, kept = self.link(file, strict=False)
        assert not counts and kept["rules files whose DLP ruleset is not loaded, not linked"] == 1

    def test_a_file_that_is_gone_leaves_its_ruleset_unplayable_and_without_its_clauses(self):
        self.link()
        _REGISTRY.pop(KEY)  # the file is deleted: its key is no longer an engine's
        rules_files_load(files=[])
        ruleset = self.ruleset()
        assert ruleset.variant == "" and not ruleset.playable and not self.clauses()


class TestPages(RulesFiles):
    def setUp(self) -> None:
        self.link()

    def test_the_game_page_shows_the_board_the_clauses_and_the_dlps_text_beside_them(self):
        html = self.client.get("/games/test-wari/").content.decode()
        # The board at the top plays it (the stand-in engine's board: a real file's says its key).
        play = html[html.index('<section id="play"'):]
        assert 'data-play="b-wari"' in play and 'Rules played: <a href="#ruleset-wari">Wari</a>' in play
        side = html[html.index('class="clauses-and-text side-by-side"'):]
        side = side[:side.index("</ol>")]
        assert "The rules as the DLP gives them (DLP.GameRulesets.990069)" in side
        assert "Sowing anticlockwise; captures of two or three." in side
        for cid in ("TW-1", "TW-2", "TW-3"):
            assert f'id="clause-{cid}"' in side
        assert "“Two rows of six holes. Four counters in each hole.”" in side
        assert '<li class="element">board</li><li class="element">setup</li>' in side
        assert "Where Ludii differs" in side and "steps 12 and 40 of its trace differ" in side
        assert "Our reading" in side and "The starting hole is skipped on a lap." in side
        assert "/sources/SDPGAMES8/" in side and "DLP.GameRulesets.990069" in side and "p. 203" in side
        # Our summary, and the DLP's beside it where ours differs.
        assert "Our summary of the test rules." in html and "The DLP&#x27;s summary." in html
        assert html.count("Sowing anticlockwise; captures of two or three.") == 1

    def test_the_home_page_lists_the_game_with_the_playable_ones(self):
        r = self.client.get("/")
        assert "Test Wari" in [g.name for g in r.context["playable"]]

    def test_the_api_gives_the_clauses_with_their_ludii_notes_and_says_the_ruleset_is_playable(self):
        data = self.client.get(f"/api/v1/rulesets/{self.ruleset_pk}/").json()
        assert (data["variant"], data["playable"], data["dlp_id"]) == (KEY, True, DLP_RULESET)
        assert data["rules_text"] == DLP_RULES
        by_id = {c["clause_id"]: c for c in data["clauses"]}
        assert list(by_id) == ["TW-1", "TW-2", "TW-3"]
        assert by_id["TW-3"]["ludii"].startswith("Ludii captures")
        assert by_id["TW-1"]["elements"] == ["board", "setup"] and by_id["TW-1"]["source"] == "SDPGAMES8"
        assert by_id["TW-2"]["interpretation"] == "The starting hole is skipped on a lap."
        playable = self.client.get("/api/v1/rulesets/", {"playable": "true", "game": "test-wari"}).json()
        assert [r["id"] for r in playable["results"]] == [self.ruleset_pk]


class TestTheShippedFiles(TestCase):
    """The archive as `make run` loads it: every rules file linked, its board on its game's page."""

    @classmethod
    def setUpTestData(cls) -> None:
        catalogue_loaded()

    @pytest.fixture(autouse=True)
    def _cache(self, fresh_cache):  # noqa: F811
        pass

    def test_every_file_plays_its_ruleset_with_its_clauses_and_one_page_shows_it(self):
        from archive.services import claimed_rulesets
        from games.engine.rules import catalogue as rules_catalogue

        played = claimed_rulesets(rules_catalogue())  # played by an engine of their own
        files = [rf for rf in rules_catalogue() if rf.dlp_ruleset not in played]
        if not files:
            pytest.skip("no rules file loads yet (games/rulesets/)")
        for rf in files:
            ruleset = Ruleset.objects.get(dlp_id=rf.dlp_ruleset) if rf.dlp_ruleset else Ruleset.objects.get(variant=rf.key)
            assert ruleset.variant == rf.key and ruleset.playable and ruleset.rules_file.key == rf.key, rf.path
            assert list(ruleset.clauses.order_by("order").values_list("clause_id", flat=True)) == rf.clause_ids(), rf.path
        rf = files[0]
        ruleset = Ruleset.objects.get(variant=rf.key)
        html = self.client.get(ruleset.game.get_absolute_url()).content.decode()
        assert f'data-variant="{rf.key}" data-family="rules"' in html
        assert f"Rules file <code>{rf.path}</code>" in html
        data = self.client.get(f"/api/v1/rulesets/{ruleset.pk}/").json()
        assert (data["variant"], data["playable"], data["rules_file"]) == (rf.key, True, rf.path)


def test_every_rules_file_links_to_a_dlp_ruleset_or_a_dlp_game_and_cites_known_sources():
    """Every file in games/rulesets against the shipped DLP database, in one pass (no database):
    the DLP ruleset it names exists and belongs to the DLP game it names, or (dlp = 0) the game
    it names exists; no two files name one ruleset; its clauses cite catalogue sources, and quote
    a DLP record they cite in its own words. (A file
    naming a ruleset our catalogue plays with an engine of its own, race.ur-finkel, is not linked
    there, and load_catalogue says so.) A file that does not load is the rules files' own test's
    to report (tests/games/test_rules_files.py)."""
    from archive import catalogue
    from archive.importers.sqldump import read_dump_file
    from games.engine.rules import catalogue as rules_catalogue
    from tests.conftest import DLP_DUMP

    files = rules_catalogue()
    if not files:
        pytest.skip("no rules file loads yet (games/rulesets/)")
    dump = read_dump_file(DLP_DUMP)
    dlp_game_rows = {row["Id"]: row for _, row in dump.records("Games")}
    dlp_games = {k: row["Name"] for k, row in dlp_game_rows.items()}
    dlp_rulesets = {row["Id"]: row for _, row in dump.records("GameRulesets")}
    sources = {s["key"] for s in catalogue.SOURCES}
    our_games = {g["slug"] for g in catalogue.GAMES}
    problems, named = [], {}
    for rf in files:
        if rf.dlp_ruleset:
            row = dlp_rulesets.get(rf.dlp_ruleset)
            if row is None:
                problems.append(f"{rf.path}: ruleset: DLP.GameRulesets.{rf.dlp_ruleset} is not in the DLP's database")
            elif rf.dlp_game != row["GameId"]:
                problems.append(f"{rf.path}: game: DLP.GameRulesets.{rf.dlp_ruleset} belongs to DLP.Games.{row['GameId']} "
                                f"({dlp_games.get(row['GameId'])}), not DLP.Games.{rf.dlp_game}")
            if rf.dlp_ruleset in named:
                problems.append(f"{rf.path}: ruleset: DLP.GameRulesets.{rf.dlp_ruleset} is also {named[rf.dlp_ruleset]}'s")
            named[rf.dlp_ruleset] = rf.path
        elif rf.dlp_game:
            if rf.dlp_game not in dlp_games:
                problems.append(f"{rf.path}: game: DLP.Games.{rf.dlp_game} is not in the DLP's database")
        else:
            from django.utils.text import slugify

            if slugify(rf.game_name) not in our_games:
                problems.append(f"{rf.path}: game: no DLP game, and no catalogue game has the slug {slugify(rf.game_name)!r}")
        for c in rf.clauses:
            if c.source and c.source not in sources:
                problems.append(f"{rf.path}: clause {c.id}: source {c.source!r} is not a catalogue source key")
            # The page shows a quotation as "the source says": cited to a DLP record, it is that
            # record's words (a cut marked [...] or ...).
            record = re.match(r"DLP\.(Games|GameRulesets)\.(\d+)", c.locator) if c.source == "dlp-2020" else None
            if c.quote and record:
                row = (dlp_rulesets if record.group(1) == "GameRulesets" else dlp_game_rows).get(int(record.group(2))) or {}
                text = " ".join(f"{row.get('Rules') or ''} {row.get('Description') or ''}".split())
                for part in re.split(r"\[\.\.\.\]|\.\.\.|…", c.quote):
                    if " ".join(part.split()) not in text:
                        problems.append(f"{rf.path}: clause {c.id}: quote: {part.strip()!r} is not in {record.group(0)}")
    assert not problems, f"{len(problems)} problems in the {len(files)} rules files:\n" + "\n".join(problems)
