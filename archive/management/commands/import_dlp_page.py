from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from archive.importers.checks import utf8_text
from archive.importers.errors import ImportFailed
from archive.importers.page import evidence_pages_import, parse_page
from archive.management.commands.import_dlp import command_user


class Command(BaseCommand):
    help = (
        "Import evidence pages saved from the Ludii Portal ('Evidence for ...'): every record on every page, "
        "written or updated. All-or-nothing; importing the same pages again changes nothing."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("files", nargs="+", help="saved pages (text)")
        parser.add_argument("--user", help="record the changes in the history as this user (default: the import user, IMPORT_USER)")
        parser.add_argument(
            "--create-games", action="store_true",
            help="create the games the file names and the archive lacks, with the names it gives (they are listed); "
                 "without it such an import is refused, naming them",
        )

    def handle(self, *args, **options) -> None:
        user = command_user(options.get("user"))
        records = []
        cut = []
        try:
            for name in options["files"]:
                path = Path(name)
                try:
                    data = path.read_bytes()
                except OSError as exc:
                    raise ImportFailed(f"cannot read {name}: {exc.strerror or exc}") from None
                # Line ends as a text file reads them (\r\n and \r are \n).
                text = utf8_text(data, name).replace("\r\n", "\n").replace("\r", "\n")
                page = parse_page(text, name=path.name)
                records += [(name, r) for r in page]
                cut += [f"{path.name}: {ident}" for ident in page.cut]
            counts = evidence_pages_import(records=records, user=user, reason="import_dlp_page", create_games=options["create_games"])
        except ImportFailed as exc:
            raise CommandError(f"{exc} (nothing was imported)") from None
        for what in cut:
            self.stderr.write(f"warning: {what} is cut off on the page: nothing of it was imported")
        for name in counts.get("games_created", []):
            self.stdout.write(f"game created: {name}")
        self.stdout.write(
            f"{len(records)} record(s): {counts['created']} created, {counts['updated']} updated, {counts['unchanged']} unchanged"
        )
