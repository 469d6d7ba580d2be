from __future__ import annotations

from django.core.management.base import BaseCommand

from archive.backup import backup


class Command(BaseCommand):
    help = "Write the whole archive (every stored row and the files under MEDIA_ROOT) to a backup zip (README: Backups)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="where to write the backup, e.g. archive-2026-11-27.zip")

    def handle(self, *args, **options) -> None:
        counts = backup(options["file"])
        self.stdout.write(f"{options['file']}: {sum(counts.values()):,} rows of {len(counts)} models, with MEDIA_ROOT's files")
