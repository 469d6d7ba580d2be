"""Delete matches no one has moved in for a while, with their logs.

    python manage.py purge_matches --idle-days 90 [--dry-run]

Anyone may start a match, and nothing else removes one, so a site left alone keeps every
abandoned game for ever (a security review: about 1.5 KB and its log a match, at the play
rate's 600 a minute from one address). Run this daily from cron or a timer. A match counts as
idle from its last change (a move, a join, a rematch offered); a rematch's link to the match
before it is cleared when that one goes.
"""
from __future__ import annotations

from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from games.models import Match

BATCH = 500


class Command(BaseCommand):
    help = "Delete matches not changed for --idle-days days (default 90), with their action logs."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--idle-days", type=int, default=90, help="days since a match last changed (at least 1)")
        parser.add_argument("--dry-run", action="store_true", help="count what would go, delete nothing")

    def handle(self, *args, **options) -> None:
        days = options["idle_days"]
        if days < 1:
            raise CommandError(f"--idle-days must be at least 1 (got {days})")
        cutoff = timezone.now() - timedelta(days=days)
        idle = Match.objects.filter(updated__lt=cutoff)
        if options["dry_run"]:
            self.stdout.write(f"{idle.count()} match(es) idle since before {cutoff:%Y-%m-%d %H:%M} UTC would be deleted")
            return
        deleted = 0
        while True:
            ids = list(idle.order_by("pk").values_list("pk", flat=True)[:BATCH])
            if not ids:
                break
            with transaction.atomic():
                Match.objects.filter(rematch__in=ids).update(rematch="")
                Match.objects.filter(rematch_of__in=ids).update(rematch_of="")
                deleted += Match.objects.filter(pk__in=ids, updated__lt=cutoff).delete()[1].get(Match._meta.label, 0)
        self.stdout.write(f"{deleted} match(es) idle since before {cutoff:%Y-%m-%d %H:%M} UTC deleted, with their logs")
