"""The tables levels renamed (games 0008): expert becomes strong, strong becomes medium, in the
tables games only, and back."""
from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0007_match_presence_rematch")]
AFTER = [("games", "0008_tables_levels_renamed")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def levels(apps) -> dict[str, tuple[str, str]]:
    Match = apps.get_model("games", "Match")
    return {m.id: (m.side0_level, m.side1_level) for m in Match.objects.all()}


def test_the_tables_levels_take_their_new_names_and_back():
    try:
        apps = migrate(BEFORE)
        Match = apps.get_model("games", "Match")
        for mid, variant, lv in (("nw", "tables.backgammon", ("", "expert")), ("hw", "tables.ses-bes", ("strong", "")),
                                 ("ur", "race.ur", ("", "strong"))):
            Match.objects.create(id=mid, variant=variant, opponent="computer", initial_state={}, state={},
                                 side0_level=lv[0], side1_level=lv[1],
                                 side0_token_hash="" if lv[0] else "a" * 64, side1_token_hash="" if lv[1] else "a" * 64)
        apps.get_model("games", "SimulationRun").objects.create(
            variant="tables.gul-bara", options={}, options_key="{}", players="strong", level="expert", games=1, seed=1,
            engine_version="x", seconds=0, metrics={})
        apps = migrate(AFTER)
        assert levels(apps) == {"nw": ("", "strong"), "hw": ("medium", ""), "ur": ("", "strong")}
        assert apps.get_model("games", "SimulationRun").objects.get().level == "strong"
        apps = migrate(BEFORE)
        assert levels(apps) == {"nw": ("", "expert"), "hw": ("strong", ""), "ur": ("", "strong")}
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes("games"))
