from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from core.models import ApiToken


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
        if options["days"] is not None and options["days"] < 1:
            raise CommandError("--days must be 1 or more")
        token, key = ApiToken.issue(user=user, name=options["name"], days=options["days"])
        self.stderr.write(f"token {token.prefix}… for {user}, expires {token.expires:%Y-%m-%d %H:%M} UTC")
        self.stdout.write(key)
