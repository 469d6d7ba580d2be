"""Shared state that must hold across processes: throttle counts and API tokens."""
from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone


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
        token = cls.objects.create(digest=token_digest(key), prefix=key[:8], user=user, name=name, expires=expires)
        return token, key

    @property
    def expired(self) -> bool:
        return self.expires <= timezone.now()
