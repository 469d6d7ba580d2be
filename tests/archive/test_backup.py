"""Issue 38 item 4: a backup that restores. The default archive (the whole DLP dump and the
catalogue), with what curators add (an image, a renamed record's former ref, whitespace kept in
a text, a token, a match and its log), is backed up, the database emptied, and the backup
restored: every field of every row, and every media file, comes back as it was."""
from __future__ import annotations

import io
from io import StringIO
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from PIL import Image

from archive.backup import backed_up_models
from archive.models import Evidence, FormerRef, Game
from archive.services import media_add
from core.models import ApiToken
from tests.games.test_play_api import create
from tests.conftest import loaded

pytestmark = pytest.mark.django_db(transaction=True)


def snapshot() -> dict[str, list[dict]]:
    tables = {}
    for model in backed_up_models():
        tables[model._meta.label] = list(model._default_manager.order_by("pk").values())
    # Links (many-to-many tables) are their pairs: the link rows' own ids are not data, and
    # loading sets links afresh.
    for model in apps.get_models(include_auto_created=True):
        if model._meta.auto_created and model._meta.app_label in ("archive", "auth"):
            rows = model._default_manager.values()
            tables[model._meta.label] = sorted(tuple(sorted((k, v) for k, v in r.items() if k != "id")) for r in rows)
    return tables


def test_the_default_archive_backs_up_and_restores_whole(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    loaded(("load_catalogue",))
    game = Game.objects.get(slug="senet")
    out = io.BytesIO()
    Image.new("RGB", (40, 30), "teal").save(out, "PNG")
    media_add(data=out.getvalue(), name="board.png", game=game, caption="  a caption with spaces  ")
    record = Evidence.objects.get(dlp_id=1188)
    record.content = "  leading and trailing whitespace \n"
    record.save()
    FormerRef.objects.create(ref="EOLDREF01", evidence=record)
    ApiToken.issue(user=User.objects.create(username="carol", is_staff=True))
    create(variant="race.ur", opponent="computer")
    before = snapshot()
    media_before = {p.relative_to(settings.MEDIA_ROOT): p.read_bytes() for p in Path(settings.MEDIA_ROOT).rglob("*") if p.is_file()}
    assert media_before and before["archive.HistoricalEvidence"] and before["games.MatchAction"]

    backup = tmp_path / "archive.zip"
    call_command("backup_archive", str(backup), stdout=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    for p in sorted(Path(settings.MEDIA_ROOT).rglob("*"), reverse=True):
        p.unlink() if p.is_file() else p.rmdir()
    assert not Evidence.objects.exists()

    call_command("restore_archive", str(backup), stdout=StringIO())
    after = snapshot()
    # The data version is a cache key, not data: a restore moves it on, so no page cached
    # before the restore is served after it.
    assert after["archive.DataVersion"][0]["version"] > before["archive.DataVersion"][0]["version"]
    for label, rows in before.items():
        if label != "archive.DataVersion":
            assert after[label] == rows, label
    media_after = {p.relative_to(settings.MEDIA_ROOT): p.read_bytes() for p in Path(settings.MEDIA_ROOT).rglob("*") if p.is_file()}
    assert media_after == media_before
    assert Evidence.objects.get(dlp_id=1188).content == "  leading and trailing whitespace \n"
    assert Evidence.objects.get(dlp_id=1188).dlp_extra.get("_imported")

    # into a database that is not empty: refused, nothing changed
    with pytest.raises(CommandError, match="not empty"):
        call_command("restore_archive", str(backup), stdout=StringIO())
    assert snapshot() == after

    # the restore loads rows with their ids: the next row written gets a new one (PostgreSQL's
    # sequences were moved past them)
    newest = FormerRef.objects.order_by("-pk").first().pk
    assert FormerRef.objects.create(ref="EAFTER001", evidence=Evidence.objects.get(dlp_id=1188)).pk > newest
    assert Evidence.objects.create(type="artifact", game=game, content="after").pk > max(r["id"] for r in after["archive.Evidence"])


def test_a_file_that_is_not_a_backup_is_refused(tmp_path):
    bad = tmp_path / "x.zip"
    bad.write_bytes(b"not a zip")
    with pytest.raises(CommandError, match="not a backup zip"):
        call_command("restore_archive", str(bad), stdout=StringIO())


@pytest.mark.parametrize("data, message", [
    ("not json at all", "data.exactjson: not readable JSON"),
    ('{"model": "archive.game"}', "data.exactjson: must list the rows"),
    ('[{"model": "archive.nosuchmodel", "pk": 1, "fields": {}}]', "a row of 'archive.nosuchmodel' cannot be read"),
])
def test_a_backup_whose_rows_cannot_be_read_is_refused_and_restores_nothing(tmp_path, settings, data, message):
    import json
    import zipfile

    from archive.backup import FORMAT

    settings.MEDIA_ROOT = tmp_path / "media"
    bad = tmp_path / "bad.zip"
    with zipfile.ZipFile(bad, "w") as z:
        z.writestr("manifest.json", json.dumps({"format": FORMAT, "counts": {}, "media": []}))
        z.writestr("data.exactjson", data)
    before = snapshot()
    with pytest.raises(CommandError, match=message):
        call_command("restore_archive", str(bad), stdout=StringIO())
    assert snapshot() == before
