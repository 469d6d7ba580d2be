"""Compute the whole archive's facet counts at the current data version into the shared cache, so
the first visitor of the browse page after an import or a write does not wait for them."""
from __future__ import annotations

from django.core.management.base import BaseCommand

from archive import selectors


class Command(BaseCommand):
    help = "Precompute the browse page's whole-archive facet counts at the current data version (shared cache)."

    def handle(self, *args, **options) -> None:
        version = selectors.data_version()
        facets = selectors.facets_precompute(version)
        self.stdout.write(f"facet counts of {facets['total']} records cached at data version {version}")
