"""The start form's defaults and the boards a game page offers (issue 37, items 4 and 13): a
newcomer's first game is a single game against a medium opponent, with the match length and the
level one click away; a game whose rulesets name no engine still shows the engine named after it
(backgammon)."""
from __future__ import annotations

import re

import pytest

from archive.models import Game, Ruleset
from games.selectors import variant_board_config
from games.templatetags.play import default_level, engine_named_after, match_length_choices, play_choice


def board(variant: str, **options) -> dict:
    return variant_board_config(variant, options)


def test_the_first_level_offered_is_medium_or_the_middle_one():
    assert default_level(board("tables.shesh-besh")) == "medium"
    assert default_level(board("chess.shatranj")) == "medium"
    # The race games have a medium level now (the old strong, under the expectimax search).
    assert board("race.ur")["levels"] == ["random", "easy", "medium", "strong"]
    assert default_level(board("race.ur")) == "medium"
    # Béchi too (a two-ply search, under the strong level's six or eight).
    assert board("mancala.bechi")["levels"] == ["random", "easy", "medium", "strong"]
    assert default_level(board("mancala.bechi")) == "medium"
    assert default_level({"levels": []}) == ""


@pytest.mark.parametrize("variant,usual", [("tables.ses-bes", 3), ("tables.shesh-besh", 5), ("tables.takhte-nard", 5)])
def test_a_single_game_is_chosen_first_and_the_rules_match_is_in_the_same_list(variant, usual):
    choices = match_length_choices(board(variant))
    assert [label for _, label, selected in choices if selected] == ["1 point (a single game)"]
    assert usual in [points for points, _, _ in choices]


def test_a_match_page_keeps_that_match_length():
    config = {**board("tables.shesh-besh", match_to=7), "match": "abc"}
    assert [points for points, _, selected in match_length_choices(config) if selected] == [7]


def test_a_variant_without_match_lengths_offers_none():
    assert match_length_choices(board("race.senet")) == []


def test_an_engine_named_after_the_game_is_found_and_others_are_not():
    assert engine_named_after("backgammon")["variant"] == "tables.backgammon"
    assert engine_named_after("no-such-game") is None
    assert engine_named_after("") is None


@pytest.mark.django_db
def test_the_backgammon_page_shows_its_board_and_a_link_to_it(client):
    game = Game.objects.create(name="Backgammon", slug="backgammon")
    Ruleset.objects.create(game=game, name="Standard", slug="standard")
    assert play_choice(list(game.rulesets.all()), "", game)["engine"]["variant"] == "tables.backgammon"
    page = client.get("/games/backgammon/").content.decode()
    assert 'data-variant="tables.backgammon"' in page
    assert 'href="/play/tables.backgammon/"' in page
    assert '<a href="#play">Play</a>' in page
    # The form it shows: medium, a single game.
    assert re.search(r'<option value="medium" selected>', page)
    assert re.search(r'<option value="1" selected>1 point \(a single game\)', page)
    # /play/<game slug>/ plays it too.
    response = client.get("/play/backgammon/")
    assert response.status_code == 200 and 'data-variant="tables.backgammon"' in response.content.decode()


@pytest.mark.django_db
def test_a_game_with_a_playable_ruleset_is_not_given_another_engine(client):
    game = Game.objects.create(name="Backgammon", slug="backgammon")
    played = Ruleset.objects.create(game=game, name="Turkish", slug="turkish", variant="tables.shesh-besh")
    choice = play_choice(list(game.rulesets.all()), "", game)
    assert choice["top"] == played and choice["engine"] is None
    assert 'data-variant="tables.backgammon"' not in client.get("/games/backgammon/").content.decode()


# -- the words around the board (issue 37, item 10 and the rule terms) -------------------------------


@pytest.mark.django_db
def test_each_rule_term_links_the_clause_that_states_it():
    from archive.models import RuleClause
    from games.templatetags.play import board_config, rule_terms

    game = Game.objects.create(name="Shesh Besh", slug="shesh-besh")
    rules = Ruleset.objects.create(game=game, name="Turkish rules", slug="standard", variant="tables.shesh-besh")
    RuleClause.objects.create(ruleset=rules, clause_id="SB-1", order=0, text="Set up as in backgammon.")
    RuleClause.objects.create(ruleset=rules, clause_id="SB-7", order=1, text=(
        "The winner scores 1 point; 2 (“mars”) if the loser has borne off none; 3 (“Turkish mars”) "
        "if the loser has also still a checker on the bar."))
    found = rule_terms(rules)
    assert found == {
        "mars": {"clause": "SB-7", "href": "/games/shesh-besh/#clause-SB-7"},
        "Turkish mars": {"clause": "SB-7", "href": "/games/shesh-besh/#clause-SB-7"},
    }
    config = board_config(rules)
    assert config["terms"] == found
    assert config["game_name"] == "Shesh Besh" and config["name"] == "Turkish rules"
    # A ruleset with no clauses of its own takes its game's (Béchi's three holes, the Kunama's).
    other = Ruleset.objects.create(game=game, name="Other", slug="other", variant="tables.shesh-besh")
    assert rule_terms(other) == found
    # A board of no ruleset (/play/<variant>/) has none.
    assert rule_terms({"variant": "tables.shesh-besh"}) == {}


@pytest.mark.django_db
def test_a_rulesets_options_are_shown_in_words_with_their_clause(client):
    from games.templatetags.play import option_words

    game = Game.objects.create(name="Senet", slug="senet")
    bell = Ruleset.objects.create(game=game, name="Bell", slug="bell", variant="race.senet",
                                  options={"rules": "bell", "pieces": 10, "opening": True, "goal": "most-off"})
    rows = {row["name"]: row for row in option_words(bell)}
    assert rows["pieces"]["value"] == "10" and "pieces a side" in rows["pieces"]["help"]
    assert rows["opening"]["value"] == "yes"
    assert rows["goal"]["value"] == "most off" and rows["goal"]["clause"] == "SN-14"
    page = client.get("/games/senet/").content.decode()
    assert "rules=bell" not in page and "pieces=10" not in page
    assert "<dt>pieces: 10</dt>" in page and 'href="#clause-SN-14"' in page
    assert "Play Senet" in page and "(rules: Bell)" in page


@pytest.mark.django_db
def test_the_huff_links_the_clause_that_states_it():
    from archive.models import RuleClause
    from games.templatetags.play import rule_terms

    game = Game.objects.create(name="Alquerque", slug="alquerque")
    rules = Ruleset.objects.create(game=game, name="Covarrubias", slug="covarrubias", variant="war.alquerque-covarrubias")
    RuleClause.objects.create(ruleset=rules, clause_id="ACV-2", order=0, text="Chains.",
                              interpretation="Stopping short is no failure to capture in the sense of the huff.")
    RuleClause.objects.create(ruleset=rules, clause_id="ACV-3", order=1, text="Captures are not forced, but a capture left unmade is punished.")
    assert rule_terms(rules) == {"huff": {"clause": "ACV-3", "href": "/games/alquerque/#clause-ACV-3"}}
