"""MatchAction.position_id (a tables-only column) becomes ``extra``, the variant's own fields
for a log entry (``Variant.log_fields``): the play layer keeps no family's fields."""
from django.db import migrations, models


def position_id_to_extra(apps, schema_editor):
    MatchAction = apps.get_model("games", "MatchAction")
    rows = MatchAction.objects.exclude(position_id="").only("pk", "position_id")
    batch = []
    for row in rows.iterator(chunk_size=2000):
        row.extra = {"position_id": row.position_id}
        batch.append(row)
        if len(batch) >= 2000:
            MatchAction.objects.bulk_update(batch, ["extra"])
            batch = []
    if batch:
        MatchAction.objects.bulk_update(batch, ["extra"])


def extra_to_position_id(apps, schema_editor):
    MatchAction = apps.get_model("games", "MatchAction")
    batch = []
    for row in MatchAction.objects.only("pk", "extra").iterator(chunk_size=2000):
        position_id = (row.extra or {}).get("position_id")
        if isinstance(position_id, str) and position_id:
            row.position_id = position_id
            batch.append(row)
        if len(batch) >= 2000:
            MatchAction.objects.bulk_update(batch, ["position_id"])
            batch = []
    if batch:
        MatchAction.objects.bulk_update(batch, ["position_id"])


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0004_match_drop_json_log"),
    ]

    operations = [
        migrations.AddField(
            model_name="matchaction",
            name="extra",
            field=models.JSONField(blank=True, default=dict, help_text="The variant's own fields for this entry"),
        ),
        migrations.RunPython(position_id_to_extra, extra_to_position_id, elidable=True),
        migrations.RemoveField(
            model_name="matchaction",
            name="position_id",
        ),
    ]
