from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from archive.importers.checks import utf8_text
from archive.importers.csv_import import evidence_csv_import
from archive.importers.errors import ImportFailed
from archive.management.commands.import_dlp import command_user


class Command(BaseCommand):
    help = (
        "Import evidence from CSV in the format of /api/v1/export/evidence.csv: records are matched by "
        "identifier and created or updated. All-or-nothing; importing the same file again changes nothing."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="a CSV file (UTF-8)")
        parser.add_argument("--user", help="record the changes in the history as this user (default: the import user, IMPORT_USER)")
        parser.add_argument(
            "--create-games", action="store_true",
            help="create the games the file names and the archive lacks, with the names it gives (they are listed); "
                 "without it such an import is refused, naming them",
        )

    def handle(self, *args, **options) -> None:
        user = command_user(options.get("user"))
        name = options["file"]
        try:
            # Bytes, decoded whole: line ends inside quoted cells (\r\n in a record's text) stay as they are.
            data = Path(name).read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read {name}: {exc.strerror or exc} (nothing was imported)") from None
        try:
            text = utf8_text(data, name)
        except ImportFailed as exc:
            raise CommandError(f"{exc} (nothing was imported)") from None
        try:
            counts = evidence_csv_import(text=text, user=user, create_games=options["create_games"])
        except ImportFailed as exc:
            raise CommandError(f"{name}: {exc} (nothing was imported)") from None
        for name in counts.get("games_created", []):
            self.stdout.write(f"game created: {name}")
        self.stdout.write(f"{counts['created']} created, {counts['updated']} updated, {counts['unchanged']} unchanged")
