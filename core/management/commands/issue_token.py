from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from core.models import ApiToken, token_days_cap


class Command(BaseCommand):
    help = "Make an API token for a user and print its key (shown once: only its hash is stored)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("username")
        parser.add_argument("--days", type=int, default=None, help="days until it expires (default: API_TOKEN_DAYS)")
        parser.add_argument("--name", default="", help="what the token is for")

    def handle(self, *args, **options) -> None:
        try:
            user = get_user_model().objects.get_by_natural_key(options["username"])
        except get_user_model().DoesNotExist:
            raise CommandError(f"no user named {options['username']!r}") from None
        days, cap = options["days"], token_days_cap(user)
        if days is not None and not 1 <= days <= cap:
            why = "" if user.is_superuser else " (API_TOKEN_DAYS; only a superuser's token may last longer)"
            raise CommandError(f"--days {days} is out of range: a token of {user}'s lasts from 1 to at most {cap} days{why}")
        token, key = ApiToken.issue(user=user, name=options["name"], days=options["days"])
        self.stderr.write(f"token {token.prefix}… for {user}, expires {token.expires:%Y-%m-%d %H:%M} UTC")
        self.stdout.write(key)
