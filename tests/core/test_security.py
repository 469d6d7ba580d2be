"""Security headers, bad-input refusal, JSON limits, hashed API tokens, the login's lockout."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.utils import timezone
from rest_framework.exceptions import ParseError
from rest_framework.test import APIClient

from core import jsonlimits
from core.models import ApiToken, token_digest


@pytest.fixture(autouse=True)
def _fresh_counts():
    cache.clear()


@pytest.mark.django_db
class TestHeaders:
    @pytest.mark.parametrize("path", ["/", "/evidence/", "/api/v1/games/", "/admin/login/"])
    def test_every_response_has_a_strict_policy(self, path):
        response = Client().get(path)
        csp = response["Content-Security-Policy"]
        assert "script-src 'self';" in csp and "unsafe" not in csp
        assert "object-src 'none'" in csp and "frame-ancestors 'none'" in csp
        assert "geolocation=()" in response["Permissions-Policy"]

    def test_the_map_tiles_host_may_serve_images(self, settings):
        settings.MAP_TILE_URL = "https://{s}.tiles.example.org/{z}/{x}/{y}.png"
        csp = Client().get("/")["Content-Security-Policy"]
        assert "img-src 'self' data: https://*.tiles.example.org;" in csp

    def test_the_docs_may_use_inline_styles_but_never_inline_scripts(self):
        csp = Client().get("/api/redoc/")["Content-Security-Policy"]
        assert "style-src 'self' 'unsafe-inline'" in csp
        assert "script-src 'self';" in csp


@pytest.mark.django_db
class TestNulBytes:
    @pytest.mark.parametrize(
        "path",
        ["/evidence/a%00b/", "/evidence/?q=a%00b", "/evidence/?game=a%00", "/games/a%00b/", "/sources/S%00/",
         "/api/v1/evidence/?q=%00", "/api/v1/evidence/?game=%00", "/api/v1/evidence/DLP%00/", "/api/v1/export/evidence.csv?q=%00",
         "/evidence/?a%00=1"],
    )
    def test_a_nul_in_the_address_is_a_400(self, path):
        response = Client().get(path)
        assert response.status_code == 400
        assert b"NUL" in response.content

    def test_a_nul_in_a_json_body_is_a_400_naming_where(self):
        user = User.objects.create(username="cur", is_superuser=True)
        client = APIClient()
        client.force_authenticate(user)
        response = client.post("/api/v1/sources/", {"citation": "a\u0000b", "kind": "book"}, format="json")
        assert response.status_code == 400
        assert "$.citation contains a NUL" in response.json()["detail"]


class TestJsonLimits:
    def test_deep_nesting_is_refused_before_parsing(self):
        with pytest.raises(jsonlimits.JSONLimitError, match="nested more than 32"):
            jsonlimits.loads("[" * 100_000 + "]" * 100_000)

    def test_brackets_inside_strings_do_not_count(self):
        assert jsonlimits.loads('{"a": "' + "[" * 200 + '"}') == {"a": "[" * 200}

    def test_escaped_quotes_do_not_end_a_string(self):
        assert jsonlimits.loads('["\\"[[[", 1]') == ['"[[[', 1]

    def test_nul_characters_are_refused_in_keys_and_values(self):
        with pytest.raises(jsonlimits.JSONLimitError, match=r"\$.a\[1\] contains a NUL"):
            jsonlimits.loads('{"a": [1, "x\\u0000"]}')
        with pytest.raises(jsonlimits.JSONLimitError, match="a key in"):
            jsonlimits.loads('{"a\\u0000": 1}')

    def test_the_drf_parser_answers_a_parse_error(self):
        import io

        with pytest.raises(ParseError, match="nested more than"):
            jsonlimits.LimitedJSONParser().parse(io.BytesIO(b"[" * 5000 + b"]" * 5000))

    @pytest.mark.django_db
    def test_the_api_answers_400_to_a_deeply_nested_body(self):
        user = User.objects.create(username="cur2", is_superuser=True)
        client = APIClient()
        client.force_authenticate(user)
        body = '{"citation": ' + "[" * 50_000 + "]" * 50_000 + "}"
        response = client.post("/api/v1/sources/", body, content_type="application/json")
        assert response.status_code == 400


@pytest.mark.django_db
class TestApiTokens:
    def test_only_the_hash_is_stored(self):
        user = User.objects.create(username="tok")
        token, key = ApiToken.issue(user=user)
        stored = ApiToken.objects.get(pk=token.pk)
        assert stored.digest == token_digest(key) and key not in (stored.digest, stored.prefix)

    def test_a_token_authenticates_until_it_expires(self):
        user = User.objects.create(username="tok2", is_superuser=True)
        token, key = ApiToken.issue(user=user, days=1)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        assert client.post("/api/v1/sources/", {"citation": "A book.", "kind": "book"}, format="json").status_code == 201
        ApiToken.objects.filter(pk=token.pk).update(expires=timezone.now() - timedelta(seconds=1))
        response = client.post("/api/v1/sources/", {"citation": "Another.", "kind": "book"}, format="json")
        assert response.status_code == 401
        assert "expired" in response.json()["detail"]

    def test_a_wrong_key_is_refused(self):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION="Token not-a-key")
        assert client.get("/api/v1/games/").status_code == 401

    def test_plain_text_tokens_are_moved_to_hashed_ones(self):
        from importlib import import_module

        from django.apps import apps
        from rest_framework.authtoken.models import Token

        user = User.objects.create(username="old", is_superuser=True)
        old = Token.objects.create(user=user)
        import_module("core.migrations.0002_authtoken_tokens_hashed").forwards(apps, None)
        # as an upgrade goes on: the moved tokens learn their user's password fingerprint
        import_module("core.migrations.0004_token_follows_its_user").fingerprint_existing(apps, None)
        assert not Token.objects.exists()
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {old.key}")
        assert client.post("/api/v1/sources/", {"citation": "Kept.", "kind": "book"}, format="json").status_code == 201

    def test_the_admin_shows_a_new_key_once(self):
        admin = User.objects.create(username="boss", is_superuser=True, is_staff=True)
        client = Client()
        client.force_login(admin)
        response = client.post(
            "/admin/core/apitoken/add/",
            {"user": admin.pk, "name": "scripts", "expires_0": "2099-01-01", "expires_1": "00:00:00"},
            follow=True,
        )
        message = next(str(m) for m in response.context["messages"])
        key = message.split("key is ")[1].split(" ")[0]
        token = ApiToken.objects.get()
        assert token.digest == token_digest(key) and token.name == "scripts"
        assert key not in client.get(f"/admin/core/apitoken/{token.pk}/change/").content.decode()


@pytest.mark.django_db
class TestApiTokenAdminOwnership:
    """Only a superuser chooses whose token it is: a clerk allowed to make tokens makes their own
    and sees and changes only their own (else a token made "for" the superuser acts as them)."""

    @pytest.fixture
    def people(self):
        from django.contrib.auth.models import Permission

        boss = User.objects.create(username="boss", is_superuser=True, is_staff=True)
        clerk = User.objects.create(username="clerk", is_staff=True)
        clerk.user_permissions.set(Permission.objects.filter(
            content_type__app_label="core", codename__in=["add_apitoken", "view_apitoken", "change_apitoken"]))
        client = Client()
        client.force_login(clerk)
        return boss, clerk, client

    def test_a_clerks_new_token_is_their_own_whatever_user_they_post(self, people):
        boss, clerk, client = people
        form = client.get("/admin/core/apitoken/add/").content.decode()
        assert 'name="user"' not in form
        response = client.post("/admin/core/apitoken/add/",
                               {"user": boss.pk, "name": "escalate", "expires_0": "2027-01-01", "expires_1": "00:00:00"})
        assert response.status_code == 302
        token = ApiToken.objects.get(name="escalate")
        assert token.user == clerk
        assert not boss.api_tokens.exists()

    def test_a_clerk_neither_sees_nor_changes_anothers_token(self, people):
        boss, clerk, client = people
        theirs, _ = ApiToken.issue(user=boss, name="boss's scripts")
        mine, _ = ApiToken.issue(user=clerk, name="my scripts")
        listing = client.get("/admin/core/apitoken/").content.decode()
        assert mine.prefix in listing and theirs.prefix not in listing
        change = f"/admin/core/apitoken/{theirs.pk}/change/"
        assert client.get(change).status_code == 302  # "doesn't exist", back to the index
        before = ApiToken.objects.get(pk=theirs.pk).expires
        client.post(change, {"name": "mine now", "expires_0": "2099-01-01", "expires_1": "00:00:00"})
        theirs.refresh_from_db()
        assert theirs.expires == before and theirs.name == "boss's scripts"
        # Their own stays theirs to change (the expiry, within API_TOKEN_DAYS: see
        # tests/core/test_token_lifecycle.py), and its owner is shown, not offered.
        page = client.get(f"/admin/core/apitoken/{mine.pk}/change/").content.decode()
        assert 'name="user"' not in page
        sooner = (timezone.now() + timedelta(days=7)).date()
        client.post(f"/admin/core/apitoken/{mine.pk}/change/",
                    {"user": boss.pk, "name": "my scripts", "expires_0": sooner.isoformat(), "expires_1": "00:00:00"})
        mine.refresh_from_db()
        assert mine.user == clerk and mine.expires.date() == sooner

    def test_a_superuser_still_chooses_the_owner(self, people):
        boss, clerk, _ = people
        client = Client()
        client.force_login(boss)
        assert 'name="user"' in client.get("/admin/core/apitoken/add/").content.decode()
        client.post("/admin/core/apitoken/add/",
                    {"user": clerk.pk, "name": "for the clerk", "expires_0": "2099-01-01", "expires_1": "00:00:00"})
        assert ApiToken.objects.get(name="for the clerk").user == clerk


@pytest.mark.django_db
class TestLoginLockout:
    def test_the_admin_login_locks_after_repeated_failures(self, settings):
        settings.LOGIN_FAILURE_LIMIT = 3
        user = User.objects.create(username="curator", is_staff=True, is_superuser=True)
        user.set_password("right horse battery")
        user.save()
        client = Client()
        for _ in range(3):
            response = client.post("/admin/login/", {"username": "curator", "password": "wrong"})
            assert response.status_code == 200 and "_auth_user_id" not in client.session
        response = client.post("/admin/login/", {"username": "curator", "password": "right horse battery"})
        assert "_auth_user_id" not in client.session
        assert "Too many failed logins" in response.content.decode()

    def test_the_lockout_counts_per_address_too(self, settings):
        settings.LOGIN_FAILURE_LIMIT = 2
        client = Client()
        for name in ("a", "b"):
            client.post("/admin/login/", {"username": name, "password": "x"})
        response = client.post("/admin/login/", {"username": "c", "password": "x"})
        assert "Too many failed logins" in response.content.decode()


    @pytest.fixture
    def curator(self, settings):
        settings.LOGIN_FAILURE_LIMIT = 5
        settings.NUM_PROXIES = 0
        # A fast hasher: these tests make some fifty failed logins.
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
        user = User.objects.create(username="curator", is_staff=True, is_superuser=True)
        user.set_password("right horse battery")
        user.save()
        return user

    @staticmethod
    def login(address: str, password: str, username: str = "curator", **extra):
        client = Client(REMOTE_ADDR=address)
        response = client.post("/admin/login/", {"username": username, "password": password}, **extra)
        return "_auth_user_id" in client.session, response.content.decode()

    def test_wrong_passwords_from_one_address_do_not_lock_the_name_out_elsewhere(self, curator):
        # Five wrong, then as many more as the attacker likes: the refused ones count against
        # nothing but the attacker's own address.
        for _ in range(25):
            self.login("198.51.100.66", "wrong")
        ok, page = self.login("198.51.100.66", "right horse battery")
        assert not ok and "from your address" in page
        assert self.login("203.0.113.10", "right horse battery")[0]

    def test_the_address_is_the_one_the_trusted_proxy_saw(self, curator, settings):
        settings.NUM_PROXIES = 1
        for n in range(5):
            # A client choosing its X-Forwarded-For does not escape its address's count.
            self.login("10.0.0.1", "wrong", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}, 198.51.100.66")
        assert not self.login("10.0.0.1", "right horse battery", HTTP_X_FORWARDED_FOR="192.0.2.99, 198.51.100.66")[0]
        assert self.login("10.0.0.1", "right horse battery", HTTP_X_FORWARDED_FOR="203.0.113.10")[0]

    def test_many_addresses_lock_the_name_everywhere_at_ten_times_the_limit(self, curator):
        for n in range(10):
            for _ in range(5):
                self.login(f"198.51.100.{n}", "wrong")
        ok, page = self.login("203.0.113.10", "right horse battery")
        assert not ok
        assert "for this user name" in page and "every address" in page and "minute" in page
        assert self.login("203.0.113.10", "wrong", username="someone-else")[1].count("Too many failed logins") == 0

    def test_successful_logins_do_not_use_up_the_limit(self, curator):
        for _ in range(8):
            assert self.login("203.0.113.10", "right horse battery")[0]
        for _ in range(4):
            self.login("203.0.113.10", "wrong")
        assert self.login("203.0.113.10", "right horse battery")[0]

    def test_successful_logins_do_not_use_up_the_limit_in_the_database_store(self, curator, settings):
        settings.THROTTLE_STORE = "database"
        for _ in range(8):
            assert self.login("203.0.113.10", "right horse battery")[0]
        for _ in range(5):
            self.login("203.0.113.10", "wrong")
        assert not self.login("203.0.113.10", "right horse battery")[0]

    def test_the_attempt_is_counted_before_the_password_is_checked(self, curator):
        """Twenty attempts that all arrive while the first one's password is being hashed: only
        the first five may reach the hasher (counting after the check let all twenty through)."""
        from unittest import mock

        from django.contrib.auth.backends import ModelBackend
        from django.test import RequestFactory

        from core.lockout import LockoutModelBackend

        backend = LockoutModelBackend()
        started, checked, refused = [], [], []

        def arrive():
            # The attempts not yet made arrive now, while the password(s) before them are checked.
            while len(started) < 20:
                started.append(1)
                try:
                    backend.authenticate(RequestFactory().post("/", REMOTE_ADDR="198.51.100.66"),
                                         username="curator", password="wrong")
                except PermissionDenied:
                    refused.append(1)

        def slow_check(self, request, username=None, password=None, **kwargs):
            checked.append(username)
            arrive()
            return None

        with mock.patch.object(ModelBackend, "authenticate", slow_check):
            arrive()
            assert len(checked) == 5 and len(refused) == 15
            # Over the limit, a sequential attempt is refused without reaching the hasher either.
            with pytest.raises(PermissionDenied):
                backend.authenticate(RequestFactory().post("/", REMOTE_ADDR="198.51.100.66"),
                                     username="curator", password="right horse battery")
            assert len(checked) == 5


@pytest.mark.django_db
def test_issue_token_prints_a_working_key_once():
    from io import StringIO

    from django.core.management import CommandError, call_command

    User.objects.create(username="script", is_superuser=True)
    out, err = StringIO(), StringIO()
    call_command("issue_token", "script", "--days", "7", stdout=out, stderr=err)
    key = out.getvalue().strip()
    assert ApiToken.objects.get().digest == token_digest(key)
    assert "expires" in err.getvalue()
    with pytest.raises(CommandError, match="no user named 'nobody'"):
        call_command("issue_token", "nobody", stdout=out, stderr=err)
