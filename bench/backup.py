"""Whole-archive backup and restore (``backup_archive``, ``restore_archive``) of the default
archive: the DLP dump and the catalogue, as a fresh install serves them.

    .venv/bin/python bench/backup.py [--postgres [URL]] [--repeat 2]

Migrates a database made for the run, loads the catalogue (``load_catalogue``: the DLP dump and
the rules files), then times:
- the backup (``archive.backup.backup``: dumpdata to exactjson, zipped);
- the reference: the backup's rows loaded by Django's ``loaddata`` into the emptied tables, as
  ``restore_archive`` loaded them before it loaded a model's rows at a time (an UPDATE tried
  before each row's INSERT, one ``set()`` a row of many-to-many links);
- the restore's load (``archive.backup.load_rows``) of the same rows into the emptied tables;
- the whole restore (``archive.backup.restore``: the checks, the load, the counts checked
  against the manifest, the API documents rebuilt).
Each load runs in a transaction rolled back after it, under the restore's settings (no history
rows, one data-version bump). Rows per second, and each time's ratio to the reference, are
printed; the target is the restore's load well under the reference.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import throwaway_django  # noqa: E402


class Rollback(Exception):
    pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgres", nargs="?", const=os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--repeat", type=int, default=2, help="timed loads of each kind (the median is reported)")
    args = parser.parse_args()
    with throwaway_django("backup", args.postgres, "config.urls"):
        from io import StringIO

        from django.core.management import call_command
        from django.db import connection, transaction
        from django.test.utils import override_settings

        from archive import backup
        from archive.signals import bulk_write

        call_command("migrate", verbosity=0)
        t = time.perf_counter()
        call_command("load_catalogue", stdout=StringIO())
        print(f"{connection.vendor}; the default archive loaded in {time.perf_counter() - t:.0f} s")
        with tempfile.TemporaryDirectory() as tmp:
            zip_path = Path(tmp) / "archive.zip"
            t = time.perf_counter()
            counts = backup.backup(zip_path)
            made = time.perf_counter() - t
            rows = sum(counts.values())
            with zipfile.ZipFile(zip_path) as z:
                z.extract("data.exactjson", tmp)
            data = Path(tmp) / "data.exactjson"
            print(f"backup: {rows:,} rows of {len(counts)} models in {made:.1f} s, {zip_path.stat().st_size / 1e6:.1f} MB zipped")

            def empty_then(load) -> float:
                """Empty every backed-up table, load, time the load; all rolled back."""
                took = 0.0
                try:
                    with transaction.atomic(), override_settings(SIMPLE_HISTORY_ENABLED=False), bulk_write():
                        for model in reversed(backup.backed_up_models()):
                            model._base_manager.all()._raw_delete(model._base_manager.db)
                        for model in backup.backed_up_models():
                            for field in model._meta.many_to_many:
                                through = field.remote_field.through
                                through._base_manager.all()._raw_delete(through._base_manager.db)
                        t0 = time.perf_counter()
                        load()
                        took = time.perf_counter() - t0
                        loaded = sum(m._default_manager.count() for m in backup.backed_up_models())
                        assert loaded == rows, (loaded, rows)
                        raise Rollback
                except Rollback:
                    pass
                return took

            def loaddata() -> None:
                call_command("loaddata", str(data), verbosity=0)

            reference = statistics.median(empty_then(loaddata) for _ in range(args.repeat))
            ours = statistics.median(empty_then(lambda: backup.load_rows(data)) for _ in range(args.repeat))

        # the whole restore, into the emptied database (as restore_archive is run)
        with tempfile.TemporaryDirectory() as tmp:
            zip_path = Path(tmp) / "archive.zip"
            backup.backup(zip_path)
            call_command("flush", interactive=False, verbosity=0)
            t = time.perf_counter()
            backup.restore(zip_path)
            whole = time.perf_counter() - t

        print(f"{'':44}{'seconds':>10}{'rows/s':>12}{'/ reference':>13}")
        for label, took in (("reference: loaddata", reference), ("restore's load (load_rows)", ours),
                            ("whole restore (load, checks, documents)", whole)):
            print(f"  {label:<42}{took:10.2f}{rows / took:12,.0f}{took / reference:13.3f}")


if __name__ == "__main__":
    main()
