"""The login's lockout: after LOGIN_FAILURE_LIMIT failed attempts for one user name, or from
one address, in LOGIN_LOCKOUT_MINUTES, every attempt is refused (the right password too)
until the window ends. Counted in the shared throttle store, so it holds across workers."""
from __future__ import annotations

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied, ValidationError

from core.throttling import Verdict, client_ip, current, hit


def _rate() -> str:
    return f"{settings.LOGIN_FAILURE_LIMIT}/{settings.LOGIN_LOCKOUT_MINUTES * 60}s"


def _idents(request, username: str | None) -> list[str]:
    idents = [f"user:{(username or '').strip().lower()[:150]}"]
    if request is not None:
        idents.append(f"ip:{client_ip(request)}")
    return idents


def locked_out(request, username: str | None) -> Verdict | None:
    for ident in _idents(request, username):
        verdict = current("login-failure", ident, _rate())
        if not verdict.allowed:
            return verdict
    return None


class LockoutModelBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if locked_out(request, username):
            # PermissionDenied stops django.contrib.auth.authenticate from trying other backends.
            raise PermissionDenied("locked out")
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            for ident in _idents(request, username):
                hit("login-failure", ident, _rate())
        return user


class LockoutAdminAuthenticationForm(AdminAuthenticationForm):
    def clean(self):
        verdict = locked_out(self.request, self.cleaned_data.get("username"))
        if verdict is not None:
            minutes = -(-verdict.retry_after // 60)
            raise ValidationError(
                f"Too many failed logins for this user name or from your address: try again in {minutes} minute(s).",
                code="locked_out",
            )
        return super().clean()
