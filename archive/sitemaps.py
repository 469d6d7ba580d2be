"""The sitemap (django.contrib.sitemaps): every game, ruleset, evidence record and source, for
search engines and Google Scholar. /sitemap.xml is an index of sections, each cut into pages of
at most 50,000 URLs (the protocol's limit) as Django's Paginator does."""
from __future__ import annotations

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from archive.models import Evidence, Game, Ruleset, Source


class ArchiveSitemap(Sitemap):
    def lastmod(self, obj):
        return obj.updated


class GameSitemap(ArchiveSitemap):
    def items(self):
        return Game.objects.only("slug", "updated").order_by("id")


class RulesetSitemap(ArchiveSitemap):
    """Rulesets have no page of their own: their place is an anchor on the game's page."""

    def items(self):
        return Ruleset.objects.select_related("game").only("slug", "updated", "game__slug").order_by("id")


class EvidenceSitemap(ArchiveSitemap):
    def items(self):
        return Evidence.objects.only("ref", "dlp_id", "updated").order_by("id")


class SourceSitemap(ArchiveSitemap):
    def items(self):
        return Source.objects.only("ref", "updated").order_by("id")


class PageSitemap(Sitemap):
    """The catalogue and the browse page."""

    def items(self):
        return ["archive:home", "archive:evidence-list"]

    def location(self, item):
        return reverse(item)


SITEMAPS = {
    "pages": PageSitemap,
    "games": GameSitemap,
    "rulesets": RulesetSitemap,
    "evidence": EvidenceSitemap,
    "sources": SourceSitemap,
}
