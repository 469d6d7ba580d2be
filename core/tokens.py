"""API tokens checked by their hash, refused once expired (core.models.ApiToken)."""
from __future__ import annotations

from django.utils import timezone
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from core.models import ApiToken, token_digest


class HashedTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, as DRF's TokenAuthentication reads it, but looked up by
    the key's SHA-256: the database holds no usable key."""

    model = ApiToken

    def authenticate_credentials(self, key: str):
        token = ApiToken.objects.select_related("user").filter(digest=token_digest(key)).first()
        if token is None:
            raise AuthenticationFailed("Invalid token.")
        why = token.refusal()
        if why:
            raise AuthenticationFailed(why)
        now = timezone.now()
        if token.last_used is None or (now - token.last_used).total_seconds() > 3600:
            # At most one write an hour per token: a busy client does not write on every request.
            ApiToken.objects.filter(pk=token.pk).update(last_used=now)
        return token.user, token
