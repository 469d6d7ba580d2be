"""Move every match's JSON log into MatchAction rows (one per action, seq from 1), and back."""

from django.db import migrations

BATCH = 2000


def log_to_rows(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    MatchAction = apps.get_model("games", "MatchAction")
    rows = []
    for match_id, log in Match.objects.order_by("pk").values_list("pk", "log").iterator(chunk_size=200):
        log = log or []
        for seq, entry in enumerate(log, start=1):
            rows.append(MatchAction(
                match_id=match_id, seq=seq, side=entry.get("side"), by=entry.get("by") or "",
                action=entry.get("action"), notation=entry.get("notation") or "",
                position_id=entry.get("position_id") or "",
            ))
        Match.objects.filter(pk=match_id).update(log_length=len(log))
        if len(rows) >= BATCH:
            MatchAction.objects.bulk_create(rows)
            rows = []
    MatchAction.objects.bulk_create(rows)


def rows_to_log(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    MatchAction = apps.get_model("games", "MatchAction")
    for match_id in Match.objects.order_by("pk").values_list("pk", flat=True).iterator(chunk_size=200):
        log = []
        for side, by, action, notation, position_id in (
            MatchAction.objects.filter(match_id=match_id).order_by("seq")
            .values_list("side", "by", "action", "notation", "position_id")
        ):
            entry = {"side": side, "by": by, "action": action, "notation": notation}
            if position_id:
                entry["position_id"] = position_id
            log.append(entry)
        Match.objects.filter(pk=match_id).update(log=log)
    MatchAction.objects.all().delete()


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0002_match_action_rows"),
    ]

    operations = [
        migrations.RunPython(log_to_rows, rows_to_log),
    ]
