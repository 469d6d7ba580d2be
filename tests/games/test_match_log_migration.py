"""The move of each match's JSON log into MatchAction rows (games 0003), forwards and back."""
from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0002_match_action_rows")]
AFTER = [("games", "0003_match_log_to_rows")]

LOG = [
    {"side": None, "by": "chance", "action": {"opening": [5, 2]}, "notation": "opening 5-2",
     "position_id": "4HPwATDgc/ABMA"},
    {"side": 0, "by": "human", "action": {"from": 24, "to": 19}, "notation": "24/19",
     "position_id": "4HPwATDgc/ABMB"},
    {"side": 1, "by": "computer", "action": {"hole": 2}, "notation": "2"},
]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def make_match(apps, match_id: str, log: list[dict]) -> None:
    apps.get_model("games", "Match").objects.create(
        id=match_id, variant="tables.ses-bes", opponent="hotseat", initial_state={}, state={}, log=log,
        side0_token_hash="a" * 64, side1_token_hash="a" * 64,
    )


def test_the_json_log_becomes_one_row_per_action_and_comes_back():
    try:
        apps = migrate(BEFORE)
        make_match(apps, "withlog", LOG)
        make_match(apps, "empty", [])
        apps = migrate(AFTER)
        Match = apps.get_model("games", "Match")
        rows = list(apps.get_model("games", "MatchAction").objects.filter(match_id="withlog").order_by("seq")
                    .values("seq", "side", "by", "action", "notation", "position_id"))
        assert [r["seq"] for r in rows] == [1, 2, 3]
        assert [r["action"] for r in rows] == [e["action"] for e in LOG]
        assert [r["position_id"] for r in rows] == ["4HPwATDgc/ABMA", "4HPwATDgc/ABMB", ""]
        assert rows[0]["side"] is None and rows[2]["by"] == "computer"
        assert Match.objects.get(pk="withlog").log_length == 3
        assert Match.objects.get(pk="empty").log_length == 0
        # And back: the JSON log is rebuilt entry for entry.
        apps = migrate(BEFORE)
        assert apps.get_model("games", "Match").objects.get(pk="withlog").log == LOG
        assert not apps.get_model("games", "MatchAction").objects.exists()
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes("games"))


def test_the_position_id_column_becomes_the_entrys_extra_fields_and_comes_back():
    try:
        apps = migrate([("games", "0004_match_drop_json_log")])
        match = apps.get_model("games", "Match").objects.create(
            id="extra", variant="tables.ses-bes", opponent="hotseat", initial_state={}, state={}, log_length=3,
            side0_token_hash="a" * 64, side1_token_hash="a" * 64,
        )
        Row = apps.get_model("games", "MatchAction")
        for seq, entry in enumerate(LOG, start=1):
            Row.objects.create(match=match, seq=seq, side=entry["side"], by=entry["by"], action=entry["action"],
                               notation=entry["notation"], position_id=entry.get("position_id", ""))
        apps = migrate([("games", "0005_match_action_extra")])
        rows = apps.get_model("games", "MatchAction").objects.filter(match_id="extra").order_by("seq")
        assert [r.extra for r in rows] == [{"position_id": "4HPwATDgc/ABMA"}, {"position_id": "4HPwATDgc/ABMB"}, {}]
        apps = migrate([("games", "0004_match_drop_json_log")])
        rows = apps.get_model("games", "MatchAction").objects.filter(match_id="extra").order_by("seq")
        assert [r.position_id for r in rows] == ["4HPwATDgc/ABMA", "4HPwATDgc/ABMB", ""]
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes("games"))
