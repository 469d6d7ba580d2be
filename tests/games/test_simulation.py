"""Rulesets measured by simulated play (issue 13, item 3): the statistics, the engines' clause
events, the simulate_ruleset command, the shipped results, the ruleset page and the API."""
from __future__ import annotations

import json
import random
from io import StringIO

import pytest

from tests.games.variant_keys import play_layer_keys
from django.core.cache import cache
from django.core.management import CommandError, call_command
from drf_spectacular.validation import validate_schema

from archive.models import Game, Ruleset
from archive.simulations import catalogue_targets
from games import simulation
from games.engine import Action, get_variant, variants
from games.engine.simulate import (
    engine_version,
    histogram,
    median,
    play_game,
    play_tables_random,
    quantile,
    simulate,
    simulation_options,
    wilson,
)
from games.models import SimulationRun


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    yield
    cache.clear()


def without_timing(result: dict) -> dict:
    return {k: v for k, v in result.items() if k != "seconds"}


# -- the statistics ---------------------------------------------------------------------------------
def test_wilson_interval_matches_the_formula():
    lo, hi = wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    lo, hi = wilson(81, 263)  # Wilson's own textbook example: 0.2553 .. 0.3662
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(10, 10)[1] == 1.0 and round(wilson(10, 10)[0], 4) == 0.7225
    assert wilson(0, 0) == (0.0, 1.0)
    # The interval holds the rate and narrows as games grow.
    small, large = wilson(6, 10), wilson(600, 1000)
    assert small[0] < 0.6 < small[1] and large[0] < 0.6 < large[1]
    assert large[1] - large[0] < small[1] - small[0]


def test_median_and_quartiles():
    assert median([5, 1, 3]) == 3.0 and median([4, 1, 3, 2]) == 2.5 and median([7]) == 7.0
    assert quantile([1, 2, 3, 4, 5], 0.25) == 2.0 and quantile([1, 2, 3, 4, 5], 0.75) == 4.0
    assert quantile([10, 20], 0.25) == 12.5
    with pytest.raises(ValueError):
        median([])


def test_histogram_counts_every_game_once():
    values = [random.Random(3).randint(20, 90) for _ in range(200)]
    bins = histogram(values)
    assert sum(b["games"] for b in bins) == 200
    assert bins[0]["from"] == min(values) and bins[-1]["from"] <= max(values) <= bins[-1]["to"]


# -- the engines' clause events ---------------------------------------------------------------------
@pytest.mark.parametrize("key", [k for k in play_layer_keys() if k != "race.xii-scripta"])
def test_clause_events_keep_the_shared_interface(key):
    """Every variant names its events (clause id and words) and reports only those, as counts."""
    variant = get_variant(key)
    names = variant.clause_event_names
    assert isinstance(names, dict)
    for name, (clause, text) in names.items():
        assert isinstance(name, str) and name and isinstance(clause, str) and isinstance(text, str) and text
    options = simulation_options(variant, {})
    state = variant.new_game(options)
    rng = random.Random(key)
    seen = set()
    while variant.outcome(state) is None:
        legal = variant.legal_actions(state)
        action = variant.draw(state, rng) if variant.is_chance(state) else rng.choice(legal)
        after = variant.apply(state, action)
        events = variant.clause_events(state, Action.from_json(action.to_json()), after)
        assert isinstance(events, dict) and set(events) <= set(names), events
        assert all(isinstance(n, int) and n > 0 for n in events.values())
        seen |= set(events)
        state = after
    if key in ("race.ur", "race.senet", "tables.backgammon", "mancala.bechi", "race.twenty-squares"):
        assert seen, f"{key}: a whole random game brought no optional clause into play"


def test_captures_occur_in_ur_and_not_without_the_clause():
    on = simulate("race.ur", {}, games=20, seed=4, players="random")
    assert on["events"]["capture"]["total"] > 0 and on["events"]["capture"]["clause"] == "UR-6"
    off = simulate("race.ur", {"capture": False}, games=20, seed=4, players="random")
    assert off["events"]["capture"]["total"] == 0


def test_the_6_5_jump_occurs_with_the_option_on_and_never_off():
    on = simulate("tables.ses-bes", {"ses_bes_jump": True}, games=40, seed=2, players="random")
    off = simulate("tables.ses-bes", {"ses_bes_jump": False}, games=40, seed=2, players="random")
    assert on["events"]["jump-6-5"]["total"] > 0 and on["events"]["jump-6-5"]["clause"] == "SS-7"
    assert off["events"]["jump-6-5"]["total"] == 0
    assert on["events"]["head-double"]["total"] > 0  # SS-5: 6-6 or 4-4 on a first throw, 1 in 9


def test_gul_bara_cascades_and_remainders():
    on = simulate("tables.gul-bara", {}, games=30, seed=1, players="random")
    assert on["events"]["cascade"]["games"] > 0 and on["events"]["remainder"]["total"] > 0
    off = simulate("tables.gul-bara", {"opponent_plays_remainder": False}, games=30, seed=1, players="random")
    assert off["events"]["cascade"]["total"] > 0 and off["events"]["remainder"]["total"] == 0


def test_senet_extra_throws_only_with_the_clause():
    on = simulate("race.senet", {}, games=8, seed=1, players="random")
    off = simulate("race.senet", {"extra_throws": False}, games=8, seed=1, players="random")
    assert on["events"]["extra-throw"]["total"] > 0 and off["events"]["extra-throw"]["total"] == 0
    assert on["events"]["capture"]["total"] > 0


def test_bechi_reports_its_clauses_and_outcome_kinds():
    r = simulate("mancala.bechi", {}, games=30, seed=1, players="random")
    assert r["events"]["capture"]["total"] > 0 and r["events"]["hole-left-empty"]["total"] > 0
    assert sum(v["games"] for v in r["outcomes"].values()) == 30
    assert r["draws"] == r["outcomes"].get("draw", {}).get("games", 0)


def test_the_fast_tables_path_counts_as_the_engine_path_does():
    """The mutable play-out and the immutable engine measure the same things: over the same
    number of random games their events, outcome kinds and lengths agree closely."""
    variant = get_variant("tables.gul-bara")
    options = simulation_options(variant, {})
    fast = [play_tables_random(variant, options, random.Random(f"f{i}")) for i in range(60)]
    slow = [play_game(variant, options, random.Random(f"s{i}"), None) for i in range(60)]
    for records in (fast, slow):
        assert all(r.first in (0, 1) and r.winner in (0, 1) and r.turns > 0 for r in records)
        assert {k for r in records for k in r.events} == {"cascade", "remainder"}
    mf, ms = median([r.turns for r in fast]), median([r.turns for r in slow])
    assert abs(mf - ms) / ms < 0.25, (mf, ms)
    cf = sum(r.events["cascade"] for r in fast) / 60
    cs = sum(r.events["cascade"] for r in slow) / 60
    assert abs(cf - cs) / cs < 0.35, (cf, cs)


def test_same_seed_and_options_give_the_same_results():
    for key, players, games in (("race.ur", "random", 15), ("tables.shesh-besh", "random", 15), ("mancala.bechi", "strong", 2)):
        a = simulate(key, {}, games=games, seed=7, players=players)
        b = simulate(key, {}, games=games, seed=7, players=players)
        assert without_timing(a) == without_timing(b)
    c = simulate("race.ur", {}, games=15, seed=8, players="random")
    assert without_timing(c) != without_timing(simulate("race.ur", {}, games=15, seed=7, players="random"))


def test_strong_players_use_the_strongest_level():
    r = simulate("tables.ses-bes", {}, games=2, seed=1, players="strong")
    assert r["level"] == "strong" and r["games"] == 2
    assert r["engine_version"] != engine_version(get_variant("tables.ses-bes"), "random")


def test_a_strong_result_goes_stale_only_with_its_own_players_and_weights(tmp_path, monkeypatch):
    import shutil

    from games.engine import simulate as sim

    root = tmp_path / "games"
    shutil.copytree(sim.ENGINE_DIR, root / "engine")
    before = {(k, p): engine_version(get_variant(k), p) for k in ("race.ur", "tables.ses-bes", "tables.gul-bara")
              for p in ("random", "strong")}
    monkeypatch.setattr(sim, "ENGINE_DIR", root / "engine")
    assert {kp: engine_version(get_variant(kp[0]), kp[1]) for kp in before} == before  # the same files
    weights = root / "engine" / "ai" / "weights" / "ses-bes.npz"
    weights.write_bytes(weights.read_bytes() + b"retrained")
    td_py = root / "engine" / "ai" / "td.py"
    after = {kp: engine_version(get_variant(kp[0]), kp[1]) for kp in before}
    assert after[("tables.ses-bes", "strong")] != before[("tables.ses-bes", "strong")]
    assert {kp: v for kp, v in after.items() if kp != ("tables.ses-bes", "strong")} == \
        {kp: v for kp, v in before.items() if kp != ("tables.ses-bes", "strong")}
    td_py.write_text(td_py.read_text() + "\n# changed\n")  # the tables network's player: the tables' strong only
    changed = {kp for kp in before if engine_version(get_variant(kp[0]), kp[1]) != before[kp]}
    assert changed == {("tables.ses-bes", "strong"), ("tables.gul-bara", "strong")}


def test_a_rules_file_result_goes_stale_with_its_mechanic_and_hooks_not_another_mechanics(tmp_path, monkeypatch):
    # A change to the sowing mechanic stales the sowing games' results, not the chess-like or
    # race ones; a hooks module stales only the games naming its hooks; a shared module all.
    import shutil

    from games.engine import simulate as sim

    root = tmp_path / "games"
    shutil.copytree(sim.ENGINE_DIR, root / "engine")
    shutil.copytree(sim.ENGINE_DIR.parent / "rulesets", root / "rulesets")
    keys = ("sow.oware", "sow.intotoi", "chess.shatranj", "race.saturankam")
    before = {k: engine_version(get_variant(k)) for k in keys}
    monkeypatch.setattr(sim, "ENGINE_DIR", root / "engine")
    assert {k: engine_version(get_variant(k)) for k in keys} == before

    def edit(name: str) -> set[str]:
        path = root / "engine" / "rules" / name
        path.write_text(path.read_text() + "\n# changed\n")
        now = {k: engine_version(get_variant(k)) for k in keys}
        changed = {k for k in keys if now[k] != before[k]}
        before.update(now)
        return changed

    assert get_variant("sow.intotoi").rules_file.hooks  # its hooks live in hooks_sow1.py
    assert edit("sow.py") == {"sow.oware", "sow.intotoi"}
    assert edit("hooks_sow1.py") == {"sow.intotoi"}
    assert edit("chesslike.py") == {"chess.shatranj"}
    assert edit("ludii.py") == set()  # the replay plays no game
    assert edit("game.py") == set(keys)


# -- the command ------------------------------------------------------------------------------------
def run_command(*args) -> str:
    out = StringIO()
    call_command("simulate_ruleset", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_the_command_stores_a_run_and_replaces_it_when_run_again():
    text = run_command("race.ur", "--games", "12", "--seed", "5")
    assert "first player wins" in text and "capture" in text
    run = SimulationRun.objects.get()
    c = run.metrics["concepts"]
    assert f"concepts: {c['decisions']['per_game']:g} decisions/game, branching {c['branching']['mean']:g}, " in text
    assert (run.variant, run.players, run.level, run.games, run.seed) == ("race.ur", "random", "random", 12, 5)
    assert run.engine_version == engine_version(get_variant("race.ur")) and run.options["rules"] == "finkel"
    first = run.metrics
    run_command("race.ur", "--games", "12", "--seed", "5")
    assert SimulationRun.objects.get().metrics == first  # same seed and options: same results, one row
    run_command("race.ur", "--games", "12", "--seed", "5", "--option", "capture=false")
    assert SimulationRun.objects.count() == 2
    off = SimulationRun.objects.get(options__capture=False)
    assert off.metrics["events"]["capture"]["total"] == 0


@pytest.mark.django_db
def test_the_command_takes_a_ruleset_by_game_and_slug():
    game = Game.objects.create(slug="ses-bes", name="Şeş-Beş")
    Ruleset.objects.create(game=game, name="Azerbaijan 2024", slug="azerbaijan-2024", variant="tables.ses-bes",
                           options={"ses_bes_jump": False})
    run_command("ses-bes/azerbaijan-2024", "--games", "5")
    run_command("azerbaijan-2024", "--games", "5", "--seed", "2")
    runs = list(SimulationRun.objects.all())
    assert len(runs) == 2 and all(r.options["ses_bes_jump"] is False and r.options["match_to"] == 1 for r in runs)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "args, named",
    [
        (["no-such-ruleset"], "no-such-ruleset"),
        (["zz.unknown"], "zz.unknown"),
        (["tables.ses-bes", "--option", "zz_unknown=1"], "zz_unknown"),
        (["tables.ses-bes", "--option", "ses_bes_jump=3"], "ses_bes_jump"),
        (["tables.ses-bes", "--option", "match_to=3"], "match_to"),
        (["tables.ses-bes", "--option", "novalue"], "novalue"),
        (["tables.ses-bes", "--games", "0"], "--games"),
        ([], "ruleset"),
        (["race.ur", "--write", "x.json"], "--write"),
        (["race.ur", "--stale"], "--stale"),
        (["--catalogue", "--stale"], "--stale needs --write"),
    ],
)
def test_bad_input_is_refused_naming_it_and_stores_nothing(args, named):
    with pytest.raises(CommandError) as exc:
        run_command(*args)
    assert named in str(exc.value)
    assert not SimulationRun.objects.exists()


@pytest.mark.django_db
def test_catalogue_stale_keeps_current_results_and_redoes_only_the_others(tmp_path, monkeypatch):
    from archive.management.commands import simulate_ruleset

    monkeypatch.setattr(simulate_ruleset, "catalogue_targets", lambda: [
        simulation.Target("race.ur", {}, "ur/finkel"), simulation.Target("race.senet", {}, "senet/bell")])
    path = tmp_path / "simulations.json"
    run_command("--catalogue", "--games", "6", "--write", str(path))
    first = json.loads(path.read_text())
    assert [r["variant"] for r in first] == ["race.senet", "race.ur"]
    text = run_command("--catalogue", "--games", "6", "--write", str(path), "--stale")
    assert text.count("kept") == 2 and "first player wins" not in text
    assert json.loads(path.read_text()) == first  # nothing re-simulated, nothing changed
    first[0]["engine_version"] = "0123456789ab"  # Senet's result from an older engine
    first[1]["turns"]["median"] = -1  # Ur's, current: kept as it stands even if edited
    path.write_text(json.dumps(first))
    text = run_command("--catalogue", "--games", "6", "--write", str(path), "--stale")
    assert text.count("kept") == 1 and "senet/bell [random: random] 6 games" in text
    again = json.loads(path.read_text())
    assert again[0]["engine_version"] == engine_version(get_variant("race.senet"))
    assert again[1]["turns"]["median"] == -1


@pytest.mark.django_db
@pytest.mark.parametrize("content", ["not json", '[{"variant": "race.ur"}]', '{"a": 1}'])
def test_catalogue_stale_refuses_a_file_that_is_not_a_results_file_and_leaves_it(tmp_path, content):
    path = tmp_path / "simulations.json"
    path.write_text(content)
    with pytest.raises(CommandError) as exc:
        run_command("--catalogue", "--games", "2", "--write", str(path), "--stale")
    assert str(path) in str(exc.value) and "not a simulations data file" in str(exc.value)
    assert path.read_text() == content and not SimulationRun.objects.exists()


# -- the shipped results ----------------------------------------------------------------------------
def test_the_shipped_file_covers_every_catalogue_ruleset_and_comparison():
    rows = json.loads(simulation.DATA_FILE.read_text(encoding="utf-8"))
    have = {(r["variant"], simulation.options_key(r["options"]), r["players"]) for r in rows}
    for target in catalogue_targets(rules_files=False):
        opts = simulation_options(get_variant(target.variant), target.options)
        for players in ("random", "strong"):
            if simulation.catalogue_games(target.variant, players) == 0:
                continue  # not shipped: said in CATALOGUE_LIMITS (XII Scripta by strong players)
            assert (target.variant, simulation.options_key(opts), players) in have, (target.label, players)
    # every rules-file game, by random players (the options of the ruleset it plays need a database)
    by_variant = {(r["variant"], r["players"]): r for r in rows}
    for key in variants():
        if get_variant(key).family == "rules":
            assert by_variant[(key, "random")]["games"] == simulation.RULES_FILE_GAMES["random"], key
            assert (key, "strong") not in by_variant
    for r in rows:
        assert r["engine_version"] and r["games"] >= 1 and r["seed"] == simulation.CATALOGUE_SEED
        assert 0 <= r["first_player"]["low"] <= r["first_player"]["rate"] <= r["first_player"]["high"] <= 1
        if r["engine_version"] != simulation.current_version(r["variant"], r["players"]):
            continue  # stale: computed by an older engine (the next test names it)
        c = r["concepts"]  # the play concepts, on every result of today's engines
        assert c["decisions"]["total"] >= r["games"] and c["branching"]["mean"] >= 1
        assert c["decisive"]["games"] + c["draws"]["games"] <= r["games"]
        assert c["captures"] is not None and c["lead_changes"] is not None, (r["variant"], "every family says")


@pytest.mark.django_db
def test_load_catalogue_loads_the_shipped_results_once():
    out = StringIO()
    call_command("load_catalogue", "--without-dlp", stdout=out)
    rows = json.loads(simulation.DATA_FILE.read_text(encoding="utf-8"))
    assert SimulationRun.objects.count() == len(rows)
    assert f"simulation results: {len(rows)}" in out.getvalue()
    assert simulation.load_data_file() == 0  # loading again changes nothing
    senet = Ruleset.objects.get(game__slug="senet", slug="bell")
    shown = simulation.for_ruleset(senet)
    labels = {c["label"] for c in shown["columns"]}
    assert "This ruleset" in labels and any("Kendall" in label for label in labels)  # Bell beside Kendall


# -- the page and the API ---------------------------------------------------------------------------
@pytest.fixture
def ses_bes(db):
    game = Game.objects.create(slug="ses-bes", name="Şeş-Beş")
    ruleset = Ruleset.objects.create(game=game, name="Azerbaijan 2024", slug="azerbaijan-2024", variant="tables.ses-bes")
    run_command("ses-bes/azerbaijan-2024", "--games", "20", "--seed", "3")
    run_command("tables.ses-bes", "--games", "20", "--seed", "3", "--option", "ses_bes_jump=false")
    return ruleset


def test_the_ruleset_page_shows_the_table_and_chart(client, ses_bes):
    r = client.get(ses_bes.game.get_absolute_url())
    assert r.status_code == 200
    html = r.content.decode()
    assert "Measured by simulated play" in html and 'class="simulation-table"' in html
    assert "This ruleset" in html and "Without the 6-5 jump (SS-7)" in html  # the option off, side by side
    assert "<svg" in html and "First player wins" in html and "SS-7" in html
    # the play concepts, each with what it is measured by
    table = html.split('class="simulation-table"')[1].split("</table>")[0]
    run = SimulationRun.objects.get(options__ses_bes_jump=True)
    c = run.metrics["concepts"]
    assert "Branching factor (legal choices per decision)" in table and f"<td>{c['branching']['mean']:g}</td>" in table
    assert "Decisions per game" in table and "a decision: a whole play of the dice" in table
    assert "Lead changes per game" in table and "pip count (the lower leads)" in table
    assert "Decided: won under the rules" in table and "Cut at a move limit" in table
    assert "Decisions that capture" in table and "<td>not measured</td>" not in table  # tables can tell a hit
    assert "stale" not in html.split('class="simulation-table"')[1].split("</table>")[0]
    assert "<script>" not in html.split("Measured by simulated play")[1].split("</section>")[0]


def test_a_result_from_an_older_engine_is_flagged_stale(client, ses_bes):
    SimulationRun.objects.filter(options__ses_bes_jump=True).update(engine_version="0123456789ab")
    cache.clear()
    html = client.get(ses_bes.game.get_absolute_url()).content.decode()
    assert "stale: the engine is now" in html and "0123456789ab" in html


def test_the_api_serves_a_rulesets_simulations(client, ses_bes):
    r = client.get(f"/api/v1/rulesets/{ses_bes.pk}/simulations/")
    assert r.status_code == 200
    body = r.json()
    assert body["ruleset"] == ses_bes.pk and body["variant"] == "tables.ses-bes" and len(body["results"]) == 2
    own, other = body["results"]
    assert own["this_ruleset"] and not other["this_ruleset"] and other["options"]["ses_bes_jump"] is False
    assert own["events"]["jump-6-5"]["clause"] == "SS-7" and own["stale"] is False
    assert own["games"] == 20 and 0 <= own["first_player"]["low"] <= own["first_player"]["high"] <= 1
    c = own["concepts"]
    assert c["decision"] == "a whole play of the dice" and c["decisions"]["per_game"] > 0
    assert c["branching"]["mean"] >= 1 and c["decisive"]["games"] + c["draws"]["games"] <= 20
    assert set(c["captures"]) == {"moves", "share", "by"} and c["lead_changes"]["by"] == "pip count (the lower leads)"
    assert client.get("/api/v1/rulesets/999999/simulations/").status_code == 404


@pytest.mark.django_db
def test_the_api_schema_documents_the_route_and_stays_valid(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    validate_schema(schema)
    op = schema["paths"]["/api/v1/rulesets/{id}/simulations/"]["get"]
    assert "200" in op["responses"]
    parts = schema["components"]["schemas"]
    concepts = parts["Concepts"]["properties"]
    assert set(concepts) == {"decision", "decisions", "branching", "decisive", "draws", "move_limit", "captures", "lead_changes"}
    assert concepts["captures"].get("nullable") or any(x.get("type") == "null" for x in concepts["captures"].get("oneOf", []))
    # a run's result (the jobs API) is documented with the same fields
    assert "concepts" in parts["SimulationResult"]["properties"]


def test_the_shipped_results_were_computed_by_todays_engines():
    """Every result load_catalogue ships carries the engine version it was computed with; a change
    to an engine's rules must come with regenerated results (`simulate_ruleset --catalogue --write
    games/data/simulations.json`), or every ruleset page would call its metrics stale."""
    import json

    from games.engine import get_variant
    from games.engine.simulate import engine_version
    from games.simulation import DATA_FILE

    rows = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    assert rows, "no shipped simulation results"
    stale = sorted({(r["variant"], r["players"]) for r in rows
                    if r["engine_version"] != engine_version(get_variant(r["variant"]), r["players"])})
    assert not stale, f"shipped results computed by older engines: {stale}"
