"""Issue 38 item 10: every write in the history says who made it. Imports without --user were
recorded with no user; now they name the import user (IMPORT_USER), and the catalogue's load too."""
from __future__ import annotations

from io import StringIO

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command

from archive.models import Evidence, Game, Source
from tests.conftest import DLP_DUMP


@pytest.mark.django_db
def test_an_import_without_user_is_recorded_as_the_import_user():
    call_command("load_catalogue", stdout=StringIO())
    importer = User.objects.get(username=settings.IMPORT_USER)
    assert not importer.is_active and not importer.has_usable_password()
    for model in (Evidence, Game, Source):
        assert model.history.exists()
        assert not model.history.filter(history_user__isnull=True).exists(), model.__name__
    assert Evidence.history.filter(history_user=importer).count() >= 1266


@pytest.mark.django_db
def test_user_names_another_account():
    alice = User.objects.create(username="alice")
    call_command("import_dlp", str(DLP_DUMP), "--user", "alice", stdout=StringIO(), stderr=StringIO())
    assert Evidence.history.filter(history_user=alice).count() == 1266
    assert not Evidence.history.exclude(history_user=alice).exists()
