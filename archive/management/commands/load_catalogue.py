from __future__ import annotations

from collections import Counter

from django.core.management.base import BaseCommand, CommandError

from archive.importers.errors import ImportFailed
from archive.management.commands.import_dlp import command_user

from archive.services import catalogue_load


class Command(BaseCommand):
    help = (
        "Load the Digital Ludeme Project's database (the dump in archive/data/dlp/), then the first catalogue "
        "(games, rulesets and clauses, sources, evidence) merged on top. Idempotent."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--without-dlp", action="store_true", help="load the catalogue alone, without the DLP's database"
        )
        parser.add_argument("--user", help="record the changes in the history as this user (default: the import user, IMPORT_USER)")

    def handle(self, *args, **options) -> None:
        kept: Counter[str] = Counter()
        try:
            counts = catalogue_load(dlp=not options["without_dlp"], kept=kept, user=command_user(options.get("user")))
        except ImportFailed as exc:
            raise CommandError(f"{exc} (nothing was loaded)") from None
        # The rulesets' precomputed simulations (games/data/simulations.json), so a fresh install
        # shows them without waiting for simulate_ruleset.
        from games.simulation import load_data_file

        simulations = load_data_file()
        if simulations:
            counts["simulation results"] += simulations
        # What curators changed or deleted stays as they left it; said, so no one wonders why.
        for what, n in sorted(kept.items()):
            self.stdout.write(f"{what}: {n}")
        if not counts:
            self.stdout.write("The catalogue is up to date: nothing changed.")
            return
        for what, n in sorted(counts.items()):
            self.stdout.write(f"{what}: {n}")
        self.stdout.write(self.style.SUCCESS("Catalogue loaded."))
