from __future__ import annotations

from django.core.management.base import BaseCommand

from archive.gazetteer import coverage


class Command(BaseCommand):
    help = (
        "How many records have coordinates of their own, how many are placed only from their place name "
        "(by precision: country, region, town), and how many have no place at all."
    )

    def handle(self, *args, **options) -> None:
        for what, n in coverage().items():
            if isinstance(n, dict):
                n = ", ".join(f"{k} {v}" for k, v in n.items()) or "none"
            self.stdout.write(f"{what}: {n}")
