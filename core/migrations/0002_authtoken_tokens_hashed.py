"""Existing DRF tokens (stored as plain keys) become hashed ApiTokens with the default expiry,
so clients holding a key keep working; the plain keys are then deleted."""
from __future__ import annotations

import hashlib
from datetime import timedelta

from django.conf import settings
from django.db import migrations
from django.utils import timezone


def forwards(apps, schema_editor):
    Token = apps.get_model("authtoken", "Token")
    ApiToken = apps.get_model("core", "ApiToken")
    expires = timezone.now() + timedelta(days=settings.API_TOKEN_DAYS)
    for token in Token.objects.all():
        ApiToken.objects.create(
            digest=hashlib.sha256(token.key.encode()).hexdigest(), prefix=token.key[:8], user_id=token.user_id,
            name="moved from the plain-text tokens", expires=expires,
        )
    Token.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial"), ("authtoken", "0004_alter_tokenproxy_options")]

    # A hash cannot be turned back into its key: backwards leaves the tokens hashed.
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
