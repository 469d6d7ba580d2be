"""A whole-archive backup that restores into an empty database with nothing lost.

``backup_archive FILE.zip`` writes every stored row of the site (the records and their history,
games, rulesets and clauses, sources, vocabularies, media records, former refs, users, API
tokens, matches and their logs, simulation results, the admin's log) with every field as stored:
timestamps, the DLP values the importer keeps (``dlp_extra._imported``), whitespace, ids. Beside
it go the files under MEDIA_ROOT, so images come back too. ``restore_archive FILE.zip`` loads
it into an empty, migrated database (of either kind: a SQLite backup restores into PostgreSQL and
back) and puts the media files back.

Left out, because they are made again: the content types and permissions (``migrate`` makes
them), sessions, throttle counts, and the stored API documents (``build_documents`` rebuilds
them, as restore does).

The zip holds ``manifest.json`` (what made it, when, and how many rows of each model),
``data.exactjson`` (Django's JSON serialisation with times to the microsecond,
archive.exact_json; foreign keys to content types and permissions by natural key) and ``media/...``."""
from __future__ import annotations

import itertools
import json
import shutil
import tempfile
import zipfile
from io import StringIO
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.db import transaction
from django.test.utils import override_settings
from django.utils import timezone

from archive.signals import bulk_write

FORMAT = "board-game-archive-backup/1"
#: Made again by migrate or rebuilt, never backed up.
EXCLUDED = ("contenttypes", "auth.permission", "sessions", "core.throttlecount", "archive.evidencedocument",
            "authtoken")
#: A database holding any of these is not empty: restore refuses it.
MUST_BE_EMPTY = ("archive.Game", "archive.Evidence", "archive.Source", "games.Match", "auth.User")


class BackupError(Exception):
    pass


def backed_up_models() -> list:
    out = []
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if meta.proxy or not meta.managed:
            continue
        if meta.app_label in EXCLUDED or meta.label_lower in EXCLUDED:
            continue
        if meta.auto_created:  # many-to-many tables are written with their owners
            continue
        out.append(model)
    return out


def backup(path: str | Path) -> dict[str, int]:
    """Write the backup zip to ``path``; returns the rows written per model."""
    path = Path(path)
    counts = {m._meta.label: m._default_manager.count() for m in backed_up_models()}
    media_root = Path(settings.MEDIA_ROOT)
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data.exactjson"
        # One transaction: every table as of one moment (PostgreSQL: REPEATABLE READ would be
        # stricter; writes during a backup are rare, and the counts are read inside it).
        with transaction.atomic():
            call_command("dumpdata", *[m._meta.label for m in backed_up_models()], natural_foreign=True,
                         format="exactjson", output=str(data), verbosity=0)
        manifest = {"format": FORMAT, "made": timezone.now().isoformat(), "counts": counts, "media": []}
        tmp_zip = path.with_name(path.name + ".part")
        with zipfile.ZipFile(tmp_zip, "w", zipfile.ZIP_DEFLATED) as z:
            z.write(data, "data.exactjson")
            if media_root.is_dir():
                for file in sorted(p for p in media_root.rglob("*") if p.is_file()):
                    name = file.relative_to(media_root).as_posix()
                    z.write(file, f"media/{name}")
                    manifest["media"].append(name)
            z.writestr("manifest.json", json.dumps(manifest, indent=1))
        tmp_zip.replace(path)
    return counts


#: Rows written to the database in one INSERT by the restore.
BATCH = 500


def load_rows(path: Path, using: str = "default") -> int:
    """Load a dump written by ``backup`` (``data.exactjson``) into empty tables, a model's rows
    at a time: what ``loaddata`` does, without its two queries a row (an UPDATE tried before each
    INSERT) and its one ``set()`` a row of many-to-many links, which were most of a restore's
    time.

    The rows are inserted as stored (``raw``: no field fills itself in, ``auto_now`` times
    included) and no signal is sent, as ``loaddata``'s raw saves are seen by no history or cache
    receiver under ``restore``'s settings. The dump lists models in dependency order
    (``dumpdata`` sorts them for natural keys), so the rows a natural key names are in when it is
    read. A table ``migrate`` has already put rows in, and a row whose natural key points
    forward, are saved one by one as ``loaddata`` saves them. Foreign keys are checked when the
    caller's transaction commits (both databases defer them). Returns the rows loaded."""
    from django.core import serializers
    from django.core.management.color import no_style
    from django.core.serializers.base import DeserializationError
    from django.db import connections

    connection = connections[using]
    loaded = 0
    models: list = []
    batch: list = []
    one_by_one: list = []

    def flush() -> None:
        if not batch:
            return
        model = type(batch[0].object)
        meta = model._meta
        if meta.parents or model._base_manager.using(using).exists():
            for item in batch:
                item.save(using=using)
        else:
            fields = list(meta.local_concrete_fields)
            for start in range(0, len(batch), BATCH):
                model._base_manager.using(using)._insert(
                    [item.object for item in batch[start:start + BATCH]], fields=fields, using=using, raw=True)
            for field in meta.many_to_many:
                through = field.remote_field.through
                if not through._meta.auto_created:
                    continue
                source, target = field.m2m_field_name() + "_id", field.m2m_reverse_field_name() + "_id"
                links = [through(**{source: item.object.pk, target: other})
                         for item in batch for other in (item.m2m_data or {}).get(field.name, ())]
                through._base_manager.using(using).bulk_create(links, batch_size=BATCH)
        batch.clear()

    try:
        with path.open(encoding="utf-8") as stream:
            records = json.load(stream)  # exactjson reads as Django's JSON: the Python records
    except ValueError as exc:
        raise BackupError(f"{path.name}: not readable JSON ({exc}); nothing was restored") from None
    if not (isinstance(records, list) and all(isinstance(r, dict) for r in records)):
        raise BackupError(f"{path.name}: must list the rows, each an object; nothing was restored")
    # One model's records at a time, each read once the rows before it are in: reading a row
    # looks up the rows its natural keys name.
    for label, group in itertools.groupby(records, key=lambda record: record.get("model")):
        try:
            for item in serializers.deserialize("python", list(group), using=using, handle_forward_references=True):
                model = type(item.object)
                if model not in models:
                    models.append(model)
                (one_by_one if item.deferred_fields else batch).append(item)
                loaded += 1
        except DeserializationError as exc:
            raise BackupError(f"{path.name}: a row of {label!r} cannot be read: {exc}; nothing was restored") from None
        flush()
    for item in one_by_one:  # as loaddata: saved once every row is in, their forward keys then set
        item.save(using=using)
        item.save_deferred_fields(using=using)
    # PostgreSQL's id sequences: past the ids loaded, as loaddata leaves them.
    statements = connection.ops.sequence_reset_sql(no_style(), models)
    if statements:
        with connection.cursor() as cursor:
            for sql in statements:
                cursor.execute(sql)
    return loaded


def restore(path: str | Path) -> dict[str, int]:
    """Load the backup at ``path`` into this (empty, migrated) database and MEDIA_ROOT."""
    path = Path(path)
    try:
        archive = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as exc:
        raise BackupError(f"{path}: not a backup zip ({exc})") from None
    with archive:
        try:
            manifest = json.loads(archive.read("manifest.json"))
        except (KeyError, ValueError) as exc:
            raise BackupError(f"{path}: no readable manifest.json ({exc})") from None
        if manifest.get("format") != FORMAT:
            raise BackupError(f"{path}: format {manifest.get('format')!r}, expected {FORMAT!r}")
        taken = [label for label in MUST_BE_EMPTY if apps.get_model(label)._default_manager.exists()]
        if taken:
            raise BackupError(
                f"this database is not empty ({', '.join(taken)} hold rows): restore into a new database "
                "after `manage.py migrate`; nothing was restored"
            )
        media_root = Path(settings.MEDIA_ROOT)
        for name in manifest.get("media", []):
            if ".." in Path(name).parts or Path(name).is_absolute():
                raise BackupError(f"{path}: media name {name!r} leaves MEDIA_ROOT; nothing was restored")
        clashes = [n for n in manifest.get("media", []) if (media_root / n).exists()]
        if clashes:
            raise BackupError(f"MEDIA_ROOT already holds {clashes[0]} (and {len(clashes) - 1} more): nothing was restored")
        with tempfile.TemporaryDirectory() as tmp:
            archive.extract("data.exactjson", tmp)
            # The history comes from the backup: loading must not write rows of its own (links
            # set by loaddata would each add one).
            # Nor bump the data version and stamp documents row by row: once, after the load
            # (build_documents below rebuilds every document).
            with transaction.atomic(), override_settings(SIMPLE_HISTORY_ENABLED=False), bulk_write():
                load_rows(Path(tmp) / "data.exactjson")
                counts = {m._meta.label: m._default_manager.count() for m in backed_up_models()}
                wrong = {k: (v, counts.get(k)) for k, v in manifest["counts"].items() if counts.get(k) != v}
                if wrong:
                    raise BackupError(f"{path}: restored counts differ from the manifest's: {wrong}; nothing was restored")
        for name in manifest.get("media", []):
            target = media_root / name
            target.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(f"media/{name}") as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)
    call_command("build_documents", stdout=StringIO())
    return counts
