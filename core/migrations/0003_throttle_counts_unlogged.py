"""PostgreSQL: the throttle's counts (ThrottleCount) in an UNLOGGED table. Every request counted
writes a row there; a logged table made each of those commits wait for the write-ahead log to
reach the disk, for counts that matter only for the current minute. After a crash PostgreSQL
empties an unlogged table, which here only restarts the windows. Other databases: nothing."""
from __future__ import annotations

from django.db import migrations


def _set(apps, schema_editor, persistence: str) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    table = schema_editor.quote_name(apps.get_model("core", "ThrottleCount")._meta.db_table)
    schema_editor.execute(f"ALTER TABLE {table} SET {persistence}")


def unlogged(apps, schema_editor):
    _set(apps, schema_editor, "UNLOGGED")


def logged(apps, schema_editor):
    _set(apps, schema_editor, "LOGGED")


class Migration(migrations.Migration):
    dependencies = [("core", "0002_authtoken_tokens_hashed")]

    operations = [migrations.RunPython(unlogged, logged, elidable=False)]
