"""The tables games' levels renamed (issue 13): the trained network, ``expert`` until now, is
``strong``; the hand-written evaluation that was ``strong`` is ``medium``. Matches and simulation
runs keep playing, and showing, the same computer player under its new name."""
from django.db import migrations

FORWARD = (("strong", "medium"), ("expert", "strong"))  # in this order: strong is free before expert takes it
BACKWARD = (("strong", "expert"), ("medium", "strong"))


def _rename(apps, pairs):
    Match = apps.get_model("games", "Match")
    SimulationRun = apps.get_model("games", "SimulationRun")
    tables = {"variant__startswith": "tables."}
    for old, new in pairs:
        Match.objects.filter(side0_level=old, **tables).update(side0_level=new)
        Match.objects.filter(side1_level=old, **tables).update(side1_level=new)
        SimulationRun.objects.filter(level=old, **tables).update(level=new)


def forward(apps, schema_editor):
    _rename(apps, FORWARD)


def backward(apps, schema_editor):
    _rename(apps, BACKWARD)


class Migration(migrations.Migration):
    dependencies = [("games", "0007_match_presence_rematch")]
    operations = [migrations.RunPython(forward, backward)]
