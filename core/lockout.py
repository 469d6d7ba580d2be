"""The login's lockout, counted in the shared throttle store (so it holds across workers).

Each attempt is counted before its password is checked, in one atomic increment per count
(core.throttling.hit: cache.add and cache.incr, or one upsert), and refused there when it is over
a limit: however many arrive at once, at most the limit reach the password hasher. A login that
succeeds gives its count back, so only failures (and refusals) use up a limit.

Two counts, in a window of LOGIN_LOCKOUT_MINUTES:

* the client's address (as core.throttling.client_ip reads it, trusting X-Forwarded-For only as
  far as NUM_PROXIES says), at LOGIN_FAILURE_LIMIT: one address guessing one user name's
  password, or trying many names, is refused from that address, the right password too;
* the user name alone, at LOGIN_NAME_FAILURE_LIMIT (10x LOGIN_FAILURE_LIMIT unless set): a guess
  spread over many addresses. Attempts an address's lock refuses do not count here, so nobody
  can keep a curator out from one address by sending wrong passwords: the curator still logs in
  from anywhere else.
"""
from __future__ import annotations

import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied, ValidationError

from core.throttling import Verdict, client_ip, give_back, hit

SCOPE = "login-failure"


def _period() -> int:
    return settings.LOGIN_LOCKOUT_MINUTES * 60


def address_rate() -> str:
    return f"{settings.LOGIN_FAILURE_LIMIT}/{_period()}s"


def name_rate() -> str:
    # 0 (the default): ten times the address's limit, whatever that is set to
    limit = settings.LOGIN_NAME_FAILURE_LIMIT or 10 * settings.LOGIN_FAILURE_LIMIT
    return f"{limit}/{_period()}s"


def _name(username: str | None) -> str:
    return f"user:{(username or '').strip().lower()[:150]}"


class LockedOut(PermissionDenied):
    """An attempt refused before its password was checked; ``message`` says who is locked out
    and for how long."""

    def __init__(self, who: str, verdict: Verdict):
        minutes = -(-verdict.retry_after // 60)
        self.verdict = verdict
        self.message = f"Too many failed logins {who} for {minutes} more minute(s)."
        super().__init__(self.message)


def count_attempt(request, username: str | None, *, now: float | None = None) -> list[tuple[str, str]]:
    """Count one login attempt, before its password is checked; the counts taken (ident, rate),
    to give back with ``refund`` if it succeeds. Raises LockedOut (having given back the counts a
    refusal should not keep) when it is over a limit."""
    now = time.time() if now is None else now
    taken: list[tuple[str, str]] = []
    if request is not None:
        ident, rate = f"ip:{client_ip(request)}", address_rate()
        verdict = hit(SCOPE, ident, rate, now=now)
        if not verdict.allowed:
            # Not counted against the name: one address cannot lock a name out everywhere.
            raise LockedOut("from your address: logins from it, for any user name, are refused", verdict)
        taken.append((ident, rate))
    ident, rate = _name(username), name_rate()
    verdict = hit(SCOPE, ident, rate, now=now)
    if not verdict.allowed:
        # No password was checked: the address is not charged for it.
        refund(taken, now=now)
        raise LockedOut("for this user name, from several addresses: it is locked from every address", verdict)
    taken.append((ident, rate))
    return taken


def refund(taken: list[tuple[str, str]], *, now: float) -> None:
    for ident, rate in taken:
        give_back(SCOPE, ident, rate, now=now)


class LockoutModelBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(self._username_field())
        if username is None or password is None:
            return None  # nothing to check, nothing to count
        now = time.time()
        try:
            taken = count_attempt(request, username, now=now)
        except LockedOut as refusal:
            if request is not None:
                # For the login form's message (django.contrib.auth.authenticate swallows the
                # exception: a PermissionDenied stops it trying other backends and returns None).
                request.login_lockout = refusal.message
            raise
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is not None:
            refund(taken, now=now)
        return user

    async def aauthenticate(self, request, username=None, password=None, **kwargs):
        # ModelBackend's own aauthenticate would check the password without counting it.
        return await sync_to_async(self.authenticate)(request, username=username, password=password, **kwargs)

    @staticmethod
    def _username_field() -> str:
        from django.contrib.auth import get_user_model

        return get_user_model().USERNAME_FIELD


class LockoutAdminAuthenticationForm(AdminAuthenticationForm):
    def get_invalid_login_error(self):
        message = getattr(self.request, "login_lockout", None)
        if message:
            return ValidationError(message, code="locked_out")
        return super().get_invalid_login_error()
