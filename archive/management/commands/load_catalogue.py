from __future__ import annotations

from django.core.management.base import BaseCommand

from archive.services import catalogue_load


class Command(BaseCommand):
    help = "Load the first catalogue (games, rulesets and clauses, sources, evidence, DLP vocabularies). Idempotent."

    def handle(self, *args, **options) -> None:
        counts = catalogue_load()
        if not counts:
            self.stdout.write("The catalogue is up to date: nothing changed.")
            return
        for what, n in sorted(counts.items()):
            self.stdout.write(f"{what}: {n}")
        self.stdout.write(self.style.SUCCESS("Catalogue loaded."))
