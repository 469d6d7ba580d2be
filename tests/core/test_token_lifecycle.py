"""Issue 38, item 7 (pre-launch review): a token follows its user. Its expiry is capped at
API_TOKEN_DAYS for everyone but superusers, wherever it is made (admin, `issue_token`), and it
stops working when its user is deactivated, loses staff status, or has the password changed."""
from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.conf import settings
from django.contrib.auth.models import Permission, User
from django.core.management import CommandError, call_command
from django.utils import timezone
from rest_framework.test import APIClient

from core.models import ApiToken


def writes(key: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client.post("/api/v1/sources/", {"citation": f"A book {timezone.now()}.", "kind": "book"}, format="json")


@pytest.fixture
def curator(db):
    user = User.objects.create(username="clerk", is_staff=True)
    user.set_password("a long enough password 1")
    user.save()
    user.user_permissions.set(Permission.objects.filter(codename__in=["add_source", "view_apitoken", "add_apitoken", "change_apitoken"]))
    return user


def test_a_working_token_stops_when_its_user_loses_staff(curator):
    _, key = ApiToken.issue(user=curator)
    assert writes(key).status_code == 201
    curator.is_staff = False
    curator.save()
    r = writes(key)
    assert r.status_code == 401 and "staff" in r.json()["detail"]


def test_it_stops_when_the_password_is_changed_or_made_unusable(curator):
    _, key = ApiToken.issue(user=curator)
    curator.set_password("another long password 2")
    curator.save()
    r = writes(key)
    assert r.status_code == 401 and "password" in r.json()["detail"]
    _, key = ApiToken.issue(user=curator)
    assert writes(key).status_code == 201
    curator.set_unusable_password()
    curator.save()
    assert writes(key).status_code == 401


def test_it_stops_when_the_user_is_deactivated(curator):
    _, key = ApiToken.issue(user=curator)
    curator.is_active = False
    curator.save()
    assert writes(key).status_code == 401


def test_a_token_of_a_user_who_never_was_staff_keeps_working(db):
    # API-only curators (no admin) are not staff: their tokens are theirs to use.
    user = User.objects.create(username="api-only")
    user.user_permissions.set(Permission.objects.filter(codename="add_source"))
    _, key = ApiToken.issue(user=user)
    assert writes(key).status_code == 201


def test_issue_token_caps_days_for_all_but_superusers(curator):
    out, err = StringIO(), StringIO()
    with pytest.raises(CommandError, match=f"at most {settings.API_TOKEN_DAYS}"):
        call_command("issue_token", "clerk", "--days", str(settings.API_TOKEN_DAYS + 1), stdout=out, stderr=err)
    # A number past any calendar is a clear error too (it was an OverflowError), for superusers also.
    User.objects.create(username="boss", is_superuser=True, is_staff=True)
    for who in ("clerk", "boss"):
        with pytest.raises(CommandError, match="--days"):
            call_command("issue_token", who, "--days", "3000000", stdout=out, stderr=err)
    assert not ApiToken.objects.exists()
    call_command("issue_token", "boss", "--days", "3650", stdout=out, stderr=err)
    assert ApiToken.objects.get().expires > timezone.now() + timedelta(days=3640)


def test_the_admin_refuses_an_expiry_past_the_cap_for_a_non_superuser(curator, client):
    client.force_login(curator)
    far = (timezone.now() + timedelta(days=settings.API_TOKEN_DAYS + 2)).strftime("%Y-%m-%d")
    r = client.post("/admin/core/apitoken/add/", {"name": "far", "expires_0": far, "expires_1": "00:00:00"})
    assert r.status_code == 200 and not ApiToken.objects.exists()
    assert f"at most {settings.API_TOKEN_DAYS} days" in r.content.decode()
    near = (timezone.now() + timedelta(days=10)).strftime("%Y-%m-%d")
    r = client.post("/admin/core/apitoken/add/", {"name": "near", "expires_0": near, "expires_1": "00:00:00"})
    assert r.status_code == 302 and ApiToken.objects.get().name == "near"
    # Nor may the owner push it past the cap afterwards.
    token = ApiToken.objects.get()
    r = client.post(f"/admin/core/apitoken/{token.pk}/change/", {"name": "near", "expires_0": "9999-12-31", "expires_1": "00:00:00"})
    assert r.status_code == 200
    token.refresh_from_db()
    assert token.expires < timezone.now() + timedelta(days=11)


def test_tokens_and_users_changes_are_in_the_history_with_who_made_them(db, client):
    # Issue 38 item 10: these were in Django's admin log only.
    boss = User.objects.create(username="boss", is_superuser=True, is_staff=True)
    clerk = User.objects.create(username="clerk2", is_staff=True)
    client.force_login(boss)
    assert not User.history.filter(username="boss").exclude(history_type="+").exists()  # signing in is not a change
    far = (timezone.now() + timedelta(days=5)).strftime("%Y-%m-%d")
    client.post("/admin/core/apitoken/add/", {"user": clerk.pk, "name": "ci", "expires_0": far, "expires_1": "00:00:00"})
    token = ApiToken.objects.get(name="ci")
    made = token.history.get(history_type="+")
    assert made.history_user == boss
    assert not hasattr(made, "digest")
    r = client.post(f"/admin/auth/user/{clerk.pk}/change/", {
        "username": "clerk2", "is_active": "on", "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00",
    })
    assert r.status_code == 302, r.content[:500]
    clerk.refresh_from_db()
    assert not clerk.is_staff
    change = User.history.filter(id=clerk.pk, history_type="~").latest("history_date")
    assert change.history_user == boss and change.is_staff is False
    assert not hasattr(change, "password")
