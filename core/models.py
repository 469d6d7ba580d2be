"""Shared state that must hold across processes: throttle counts and API tokens."""
from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in
from django.db import models
from django.utils import timezone
from simple_history import register
from simple_history.models import HistoricalRecords


class ThrottleCount(models.Model):
    """Requests counted in one fixed window for one client and scope, when no Redis is
    configured: every worker increments the same row (core.throttling.database_hit)."""

    key = models.CharField(max_length=250, primary_key=True)
    count = models.PositiveIntegerField(default=0)
    expires = models.BigIntegerField(help_text="Unix time after which the window is over.")

    class Meta:
        indexes = [models.Index(fields=["expires"], name="throttle_expires")]

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"


def token_digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def credential_digest(user) -> str:
    """A fingerprint of the user's password as stored (itself a salted hash): a token remembers
    it when made and stops working once the password is changed, reset or made unusable."""
    return hashlib.sha256(f"api-token:{user.password}".encode()).hexdigest()


#: The longest a superuser's token may last (a calendar-safe bound: 100 years).
SUPERUSER_TOKEN_DAYS = 36500


def token_days_cap(user) -> int:
    """The longest a token of ``user`` may last, in days: API_TOKEN_DAYS for everyone but superusers."""
    return SUPERUSER_TOKEN_DAYS if user.is_superuser else settings.API_TOKEN_DAYS


def default_token_expiry():
    return timezone.now() + timedelta(days=settings.API_TOKEN_DAYS)


class ApiToken(models.Model):
    """A curator's API token. Only its SHA-256 is stored: the key is shown once, when it is made
    (a leaked database does not leak working tokens). Tokens expire."""

    digest = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(max_length=8, editable=False, help_text="The key's first characters, to tell tokens apart.")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100, blank=True, help_text="What the token is for.")
    created = models.DateTimeField(auto_now_add=True)
    expires = models.DateTimeField(default=default_token_expiry)
    last_used = models.DateTimeField(null=True, blank=True, editable=False)
    credential = models.CharField(
        max_length=64, blank=True, editable=False,
        help_text="The user's password fingerprint when the token was made (credential_digest).",
    )
    issued_to_staff = models.BooleanField(
        default=False, editable=False, help_text="The user was staff when the token was made: it ends with that status.",
    )

    # Who made, changed or deleted each token, and when (the key's digest is not copied there).
    history = HistoricalRecords(excluded_fields=["digest", "last_used"])

    class Meta:
        ordering = ["-created"]
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.user})"

    @classmethod
    def issue(cls, *, user, name: str = "", days: int | None = None) -> tuple[ApiToken, str]:
        """A new token and its key; the key is not stored and cannot be shown again."""
        key = secrets.token_urlsafe(32)
        expires = timezone.now() + timedelta(days=days if days is not None else settings.API_TOKEN_DAYS)
        token = cls.objects.create(
            digest=token_digest(key), prefix=key[:8], user=user, name=name, expires=expires,
            credential=credential_digest(user), issued_to_staff=user.is_staff,
        )
        return token, key

    def refusal(self) -> str | None:
        """Why this token no longer acts for its user, or None while it does."""
        user = self.user
        if self.expired:
            return "Token expired; ask for a new one (README: API tokens)."
        if not user.is_active:
            return "User inactive or deleted."
        if self.issued_to_staff and not user.is_staff:
            return "The token's user is no longer staff; ask for a new one."
        if self.credential != credential_digest(user):
            return "The token's user changed or reset their password since it was made; ask for a new one."
        return None

    @property
    def expired(self) -> bool:
        return self.expires <= timezone.now()


# Users' history: who changed an account (staff, superuser, permissions, active) and when. The
# password hash is never copied; a password change shows as a change with no field shown. A
# sign-in (last_login) is not a change of the account and writes no row.
register(get_user_model(), app="core", excluded_fields=["password", "last_login"])


def _last_login_without_history(sender, user, **kwargs):
    user.skip_history_when_saving = True
    try:
        user.last_login = timezone.now()
        user.save(update_fields=["last_login"])
    finally:
        del user.skip_history_when_saving


user_logged_in.disconnect(dispatch_uid="update_last_login")
user_logged_in.connect(_last_login_without_history, dispatch_uid="update_last_login")
