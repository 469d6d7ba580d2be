from __future__ import annotations

import time
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from archive.importers.dlp import REASON, dlp_import
from archive.importers.errors import ImportFailed
from archive.importers.sqldump import read_dump_file


def command_user(username: str | None):
    """The user an import's changes are recorded as: ``--user NAME``, or else the import user
    (settings.IMPORT_USER, "importer"), made on first use as an account nobody can sign in to,
    so that every change in the history says who made it (README: Importing)."""
    if not username:
        from django.conf import settings

        user, made = get_user_model().objects.get_or_create(
            username=settings.IMPORT_USER, defaults={"is_active": False, "first_name": "Imports", "last_name": "(command line)"},
        )
        if made:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        return user
    try:
        return get_user_model().objects.get_by_natural_key(username)
    except get_user_model().DoesNotExist:
        raise CommandError(f"--user: no user named {username!r}") from None


class Command(BaseCommand):
    help = (
        "Import the Digital Ludeme Project's database dump (the .sql file, or the database.zip the "
        "Ludii Portal publishes) without a MySQL server. All-or-nothing; importing the same dump "
        "again changes nothing, a newer dump updates what changed."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="ludiiGames.sql or database.zip")
        parser.add_argument("--user", help="record the changes in the history as this user (default: the import user, IMPORT_USER)")

    def handle(self, *args, **options) -> None:
        user = command_user(options.get("user"))
        started = time.perf_counter()
        try:
            dump = read_dump_file(options["file"])
            report = dlp_import(dump=dump, user=user, reason=f"{REASON} {Path(options['file']).name}")
        except ImportFailed as exc:
            raise CommandError(f"{options['file']}: {exc} (nothing was imported)") from None
        for warning in report.warnings:
            self.stderr.write(f"warning: {warning}")
        self.stdout.write(report.summary())
        verb = "Imported" if report.changed else "Nothing changed:"
        self.stdout.write(self.style.SUCCESS(f"{verb} {options['file']} in {time.perf_counter() - started:.1f}s"))
