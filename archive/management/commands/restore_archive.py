from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from archive.backup import BackupError, restore


class Command(BaseCommand):
    help = "Load a backup_archive zip into an empty, migrated database and MEDIA_ROOT (README: Backups)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="a zip written by backup_archive")

    def handle(self, *args, **options) -> None:
        try:
            counts = restore(options["file"])
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"restored {sum(counts.values()):,} rows of {len(counts)} models, and MEDIA_ROOT's files")
