"""Delete matches no one has moved in for a while, with their logs.

    python manage.py purge_matches [--idle-days 30] [--unplayed-days 1] [--dry-run]

Anyone may start a match, and nothing else removes one, so a site left alone keeps every
abandoned game for ever (a security review: about 1.5 KB and its log a match, at the play
rate's 600 a minute from one address). Run this daily from cron or a timer. A match counts as
idle from its last change (a move, a join, a rematch offered); a rematch's link to the match
before it is cleared when that one goes. A match nobody acted in after it was made (version 1:
opened, never played) goes sooner, after --unplayed-days. The defaults are the settings
MATCH_IDLE_DAYS (30) and MATCH_UNPLAYED_DAYS (1).
"""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.models import Match

BATCH = 500


class Command(BaseCommand):
    help = "Delete matches not changed for --idle-days days, or never played for --unplayed-days, with their action logs."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--idle-days", type=int, default=None,
                            help="days since a match last changed (at least 1; default MATCH_IDLE_DAYS)")
        parser.add_argument("--unplayed-days", type=int, default=None,
                            help="days since a match nobody played in was made (at least 1; default MATCH_UNPLAYED_DAYS)")
        parser.add_argument("--dry-run", action="store_true", help="count what would go, delete nothing")

    def handle(self, *args, **options) -> None:
        days = settings.MATCH_IDLE_DAYS if options["idle_days"] is None else options["idle_days"]
        unplayed = settings.MATCH_UNPLAYED_DAYS if options["unplayed_days"] is None else options["unplayed_days"]
        for name, value in (("--idle-days", days), ("--unplayed-days", unplayed)):
            if not 1 <= value <= 36500:
                raise CommandError(f"{name} must be from 1 to 36500 (got {value})")
        now = timezone.now()
        cutoff, unplayed_cutoff = now - timedelta(days=days), now - timedelta(days=unplayed)
        gone = Q(updated__lt=cutoff) | Q(version=1, updated__lt=unplayed_cutoff)
        idle = Match.objects.filter(gone)
        said = (f"idle since before {cutoff:%Y-%m-%d %H:%M} UTC, or never played since before "
                f"{unplayed_cutoff:%Y-%m-%d %H:%M} UTC")
        if options["dry_run"]:
            self.stdout.write(f"{idle.count()} match(es) {said} would be deleted")
            return
        deleted = 0
        while True:
            ids = list(idle.order_by("pk").values_list("pk", flat=True)[:BATCH])
            if not ids:
                break
            with transaction.atomic():
                Match.objects.filter(rematch__in=ids).update(rematch="")
                Match.objects.filter(rematch_of__in=ids).update(rematch_of="")
                deleted += Match.objects.filter(gone, pk__in=ids).delete()[1].get(Match._meta.label, 0)
        self.stdout.write(f"{deleted} match(es) {said} deleted, with their logs")
