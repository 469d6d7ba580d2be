"""Build the evidence list's stored documents (archive.documents) that are missing or out of
date, so the first readers after an import or a change to many records do not wait for them."""
from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from archive import documents


class Command(BaseCommand):
    help = "Build the API evidence list's stored documents that are missing or out of date."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--batch", type=int, default=500, help="records built per query round (default 500)")

    def handle(self, *args, batch: int, **options) -> None:
        if batch < 1:
            raise CommandError(f"--batch must be at least 1, not {batch}")
        built, current = documents.build_all(batch=batch)
        self.stdout.write(f"evidence list documents: {built} built, {current} already current")
